/*
 * hosts.c - the hosts every command makes: the world methods of cairn/session.h, the bundled
 * base game and the packs given. See app.h.
 */
#include <stdio.h>

#include "app.h"
#include "cairn/session.h"

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

int app_failed(const char *command, cairn_lua *h, const char *what)
{
    fprintf(stderr, "cairn %s: %s: %s\n", command, what, cairn_lua_error(h));
    cairn_lua_destroy(h);
    return EXIT_FAILED;
}
