/*
 * replay.c - `cairn replay FILE [--verify]`: loads the packs the replay names (the base game
 * first), starts its game with its seed and gives it the recorded inputs beat by beat,
 * comparing what the world comes to with what was recorded. With --verify it does so
 * headless and prints "verified: K beats", or the first beat that differs and how; without,
 * it shows the game in the terminal as it goes (play.c's screen).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn/lua.h"
#include "common.h"
#include "play.h"
#include "replay.h"

static int usage(const char *why)
{
    if (why)
        fprintf(stderr, "cairn replay: %s\n", why);
    fprintf(stderr, "usage: cairn replay FILE [--verify]\n");
    return EXIT_USAGE;
}

/* A host with the replay's packs loaded and its game started; NULL after a message. */
static cairn_lua *start(const char *text, uint64_t *beats)
{
    cairn_lua *h = app_host("replay", NULL, 0);
    if (!h)
        return NULL;
    const char *const *dirs;
    size_t count;
    if (cairn_lua_replay_packs(h, text, &dirs, &count)) {
        app_failed("replay", h, "the replay cannot be read");
        return NULL;
    }
    /* The folders stay the host's until the next cairn_lua_replay_packs: loading packs
     * leaves them be. */
    for (size_t i = 0; i < count; i++)
        if (cairn_lua_load_pack(h, dirs[i])) {
            app_failed("replay", h, dirs[i]);
            return NULL;
        }
    if (cairn_lua_replay_start(h, text, beats)) {
        app_failed("replay", h, "the replay's game does not start");
        return NULL;
    }
    return h;
}

static int verify(cairn_lua *h, uint64_t beats)
{
    bool done = beats == 0;
    uint64_t played = 0;
    while (!done) {
        if (cairn_lua_replay_step(h, &done)) {
            fprintf(stderr, "cairn replay: %s\n", cairn_lua_error(h));
            printf("diverged: beat %llu of %llu\n", (unsigned long long)played + 1,
                   (unsigned long long)beats);
            cairn_lua_destroy(h);
            return EXIT_FAILED;
        }
        played++;
    }
    printf("verified: %llu beats\n", (unsigned long long)played);
    cairn_lua_destroy(h);
    return EXIT_OK;
}

int cairn_replay(int argc, char **argv)
{
    const char *file = NULL;
    bool check = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--verify"))
            check = true;
        else if (argv[i][0] == '-' || file)
            return usage(NULL);
        else
            file = argv[i];
    }
    if (!file)
        return usage("a replay file is needed");
    char *text = app_read_file("replay", file, NULL);
    if (!text)
        return EXIT_FAILED;
    uint64_t beats = 0;
    cairn_lua *h = start(text, &beats);
    free(text);
    if (!h)
        return EXIT_FAILED;
    return check ? verify(h, beats) : cairn_play_watch(h, beats);
}
