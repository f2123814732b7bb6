/*
 * common.c - see common.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn/session.h"
#include "common.h"

const cairn_lua_config app_host_config = {.world_methods = cairn_session_world_methods};

cairn_lua *app_host(const char *command, const char *const *packs, int pack_count)
{
    cairn_lua *h;
    cairn_error err;
    if (cairn_lua_create(&app_host_config, &h, &err)) {
        fprintf(stderr, "cairn %s: %s\n", command, err.message);
        return NULL;
    }
    if (cairn_lua_load_pack(h, CAIRN_BASE_PACK)) {
        app_failed(command, h, "the base game does not load");
        return NULL;
    }
    for (int i = 0; i < pack_count; i++)
        if (cairn_lua_load_pack(h, packs[i])) {
            app_failed(command, h, packs[i]);
            return NULL;
        }
    return h;
}

bool app_parse_count(const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || *end || text[0] == '-')
        return false;
    *out = v;
    return true;
}

int app_failed(const char *command, cairn_lua *h, const char *what)
{
    fprintf(stderr, "cairn %s: %s: %s\n", command, what, cairn_lua_error(h));
    cairn_lua_destroy(h);
    return EXIT_FAILED;
}

char *app_read_file(const char *command, const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cairn %s: cannot read %s: %s\n", command, path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *text = malloc(cap);
    size_t got;
    while (text && (got = fread(text + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == cap) {
            char *grown = realloc(text, cap *= 2);
            if (!grown)
                free(text);
            text = grown;
        }
    }
    bool failed = ferror(f) || !text;
    fclose(f);
    if (failed) {
        fprintf(stderr, "cairn %s: cannot read %s\n", command, path);
        free(text);
        return NULL;
    }
    text[n] = '\0';
    if (size)
        *size = n;
    return text;
}

bool app_write_file(const char *command, const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    size_t len = strlen(text);
    bool written = f && fwrite(text, 1, len, f) == len;
    if (f && fclose(f) != 0)
        written = false;
    if (!written)
        fprintf(stderr, "cairn %s: cannot write %s: %s\n", command, path, strerror(errno));
    return written;
}
