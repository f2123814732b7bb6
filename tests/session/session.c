/*
 * session.c - see session.h.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cairn/session.h"
#include "cairn/sight_lua.h"

static const cairn_lua_config config = {.world_methods = cairn_sight_lua_methods};

static void ok(cairn_lua *h, cairn_err st, const char *what)
{
    if (st)
        fail_msg("%s: %s", what, cairn_lua_error(h));
}

cairn_lua *session_host_limited(const char *mod, size_t memory_limit)
{
    cairn_lua *h;
    cairn_error err;
    cairn_lua_config limited = config;
    limited.memory_limit = memory_limit;
    if (cairn_lua_create(&limited, &h, &err))
        fail_msg("no host: %s", err.message);
    ok(h, cairn_lua_load_pack(h, CAIRN_BASE_PACK), "the base pack");
    if (mod) {
        char dir[512];
        snprintf(dir, sizeof dir, "%s/%s", mod[0] == '/' ? "" : CAIRN_TEST_PACKS, mod);
        ok(h, cairn_lua_load_pack(h, dir), mod);
    }
    return h;
}

cairn_lua *session_host(const char *mod)
{
    return session_host_limited(mod, 0);
}

cairn_lua *session_start(const char *mod, uint64_t seed)
{
    return session_start_game(mod, "dungeon", seed);
}

cairn_lua *session_start_game(const char *mod, const char *game, uint64_t seed)
{
    cairn_lua *h = session_host(mod);
    ok(h, cairn_session_start(h, game, seed), "the game");
    return h;
}

void session_play(cairn_lua *h, int beats)
{
    cairn_session_end ended = CAIRN_SESSION_PLAYING;
    for (int i = 0; i < beats && ended == CAIRN_SESSION_PLAYING; i++) {
        ok(h, cairn_session_bot(h, "explorer"), "the bot");
        ok(h, cairn_session_step(h, &ended), "a beat");
    }
}

void session_checksum(cairn_lua *h, char out[17])
{
    cairn_session_state state;
    ok(h, cairn_session_save_state(h, &state), "the state");
    snprintf(out, 17, "%s", state.checksum);
}

uint64_t session_beat(cairn_lua *h)
{
    cairn_session_state state;
    ok(h, cairn_session_save_state(h, &state), "the state");
    return state.beat;
}

static char temp_dir[64];

static void remove_temp(void)
{
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", temp_dir);
    if (system(command) != 0)
        fprintf(stderr, "could not remove %s\n", temp_dir);
}

void session_temp(const char *name, char out[256])
{
    if (!temp_dir[0]) {
        snprintf(temp_dir, sizeof temp_dir, "/tmp/cairn-test-XXXXXX");
        if (!mkdtemp(temp_dir))
            fail_msg("no temporary folder");
        atexit(remove_temp);
    }
    snprintf(out, 256, "%s/%s", temp_dir, name);
}

unsigned char *session_read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *bytes = malloc((size_t)n + 1);
    *size = fread(bytes, 1, (size_t)n, f);
    fclose(f);
    return bytes;
}
