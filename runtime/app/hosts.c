/*
 * hosts.c - the hosts every command makes: the world methods of cairn/sight_lua.h, the bundled
 * base game and the packs given. See app.h.
 */
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "cairn/lua.h"
#include "cairn/session.h"
#include "cairn/sight_lua.h"

const cairn_lua_config app_host_config = {.world_methods = cairn_sight_lua_methods};

/* Whether the folder's last part is "base": a pack's folder is named after its id, so this is
 * a pack of id base, a copy of the base game. */
static bool is_base(const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    size_t start = n;
    while (start > 0 && dir[start - 1] != '/')
        start--;
    return n - start == 4 && !strncmp(dir + start, "base", 4);
}

const char *app_bundled_base(void)
{
    /* The home does not change while the program runs: found once. */
    static char base[4096];
    if (!base[0]) {
        size_t n = cairn_lua_home(base, sizeof base);
        snprintf(base + n, n < sizeof base ? sizeof base - n : 0, "/content/base");
    }
    return base;
}

const char *app_base_pack(const char *const *packs, int pack_count)
{
    for (int i = pack_count - 1; i >= 0; i--)
        if (is_base(packs[i]))
            return packs[i];
    return app_bundled_base();
}

int app_parse_trust(app_trust *t, const char *opt, const char *val, const char **why)
{
    if (!strcmp(opt, "--distrust-bundled")) {
        t->distrust_bundled = true;
        return 1;
    }
    if (strcmp(opt, "--trust"))
        return 0;
    if (!val) {
        *why = "--trust takes a pack's id";
        return -1;
    }
    if (t->count == APP_PACKS_MAX) {
        *why = "at most 16 packs trusted";
        return -1;
    }
    t->packs[t->count++] = val;
    t->packs[t->count] = NULL;
    return 2;
}

cairn_lua *app_host_or_why(const char *const *packs, int pack_count, const app_trust *trust,
                           char *why, size_t why_size)
{
    cairn_lua *h;
    cairn_error err;
    cairn_lua_config config = app_host_config;
    if (trust) {
        config.trusted_packs = trust->packs;
        config.bundled_untrusted = trust->distrust_bundled;
    }
    if (cairn_lua_create(&config, &h, &err)) {
        snprintf(why, why_size, "%s", err.message);
        return NULL;
    }
    const char *failed = NULL;
    const char *base = app_base_pack(packs, pack_count);
    if (cairn_lua_load_pack(h, base))
        failed = strcmp(base, app_bundled_base()) ? base : "the base game does not load";
    for (int i = 0; !failed && i < pack_count; i++)
        if (!is_base(packs[i]) && cairn_lua_load_pack(h, packs[i]))
            failed = packs[i];
    if (!failed)
        return h;
    snprintf(why, why_size, "%s: %s", failed, cairn_lua_error(h));
    cairn_lua_destroy(h);
    return NULL;
}

cairn_lua *app_host(const char *command, const char *const *packs, int pack_count,
                    const app_trust *trust)
{
    char why[CAIRN_ERROR_MESSAGE_SIZE + 64];
    cairn_lua *h = app_host_or_why(packs, pack_count, trust, why, sizeof why);
    if (!h)
        fprintf(stderr, "cairn %s: %s\n", command, why);
    return h;
}

int app_failed(const char *command, cairn_lua *h, const char *what)
{
    fprintf(stderr, "cairn %s: %s: %s\n", command, what, cairn_lua_error(h));
    cairn_lua_destroy(h);
    return EXIT_FAILED;
}
