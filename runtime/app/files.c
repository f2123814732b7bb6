/*
 * files.c - files read and written whole, with a message naming the command and the file when
 * that cannot be done. See app.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

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

FILE *app_open_trace(const char *command, cairn_lua *h, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "cairn %s: cannot write %s: %s\n", command, path, strerror(errno));
        return NULL;
    }
    if (cairn_lua_trace(h, f)) {
        fprintf(stderr, "cairn %s: %s\n", command, cairn_lua_error(h));
        fclose(f);
        return NULL;
    }
    return f;
}

bool app_close_trace(FILE *trace)
{
    if (!trace)
        return true;
    bool written = !ferror(trace);
    if (fclose(trace) != 0 || !written) {
        fprintf(stderr, "cairn: the trace could not be written whole\n");
        return false;
    }
    return true;
}
