/*
 * support.c - see fuzz.h.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include "fuzz.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cairn/session.h"
#include "cairn/sight_lua.h"

void fuzz_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

void fuzz_note(const char *fmt, ...)
{
    static int verbose = -1;
    if (verbose < 0)
        verbose = getenv("CAIRN_FUZZ_VERBOSE") != NULL;
    if (!verbose)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        fuzz_die("out of memory");
    if (size)
        memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

static char temp_dir[64];

static void remove_temp_dir(void)
{
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", temp_dir);
    if (system(command) != 0)
        fprintf(stderr, "fuzz: could not remove %s\n", temp_dir);
}

void fuzz_temp_path(const char *name, char *out, size_t size)
{
    if (!temp_dir[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(temp_dir, sizeof temp_dir, "%s/cairn-fuzz-XXXXXX",
                 tmp && *tmp && strlen(tmp) < 32 ? tmp : "/tmp");
        if (!mkdtemp(temp_dir))
            fuzz_die("no temporary folder in %s", temp_dir);
        atexit(remove_temp_dir);
    }
    if ((size_t)snprintf(out, size, "%s/%s", temp_dir, name) >= size)
        fuzz_die("the temporary path of %s is too long", name);
}

void fuzz_temp_dir(const char *name, char *out, size_t size)
{
    fuzz_temp_path(name, out, size);
    if (mkdir(out, 0700) != 0 && errno != EEXIST)
        fuzz_die("cannot make the folder %s", out);
}

void fuzz_write_file(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0)
        fuzz_die("cannot write %s", path);
}

static const cairn_lua_config host_config = {.world_methods = cairn_sight_lua_methods};
static cairn_lua *host;

static void load(cairn_lua *h, const char *dir)
{
    if (cairn_lua_load_pack(h, dir))
        fuzz_die("cannot load %s: %s", dir, cairn_lua_error(h));
}

cairn_lua *fuzz_host(void)
{
    static int registered;
    if (host)
        return host;
    cairn_error err;
    if (cairn_lua_create(&host_config, &host, &err))
        fuzz_die("no host: %s", err.message);
    load(host, CAIRN_BASE_PACK);
    load(host, CAIRN_TEST_PACKS "/corridor");
    if (!registered++)
        atexit(fuzz_host_drop);
    return host;
}

void fuzz_host_drop(void)
{
    cairn_lua_destroy(host);
    host = NULL;
}

bool fuzz_host_changed(void)
{
    return host && cairn_lua_world(host) != NULL;
}

void fuzz_check_error(cairn_lua *h, const char *call)
{
    const char *why = cairn_lua_error(h);
    if (!why[0])
        fuzz_die("%s failed without saying why", call);
    fuzz_note("%s: %s", call, why);
}
