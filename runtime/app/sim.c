/*
 * sim.c - `cairn sim`: loads the bundled game and any packs given, starts a game with a seed,
 * lets a bot choose the player's every action until the game is won, lost or the beat limit
 * is reached, and prints the session's summary. The same seed, packs and bot give the same
 * summary, checksum included.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn/game.h"
#include "cairn/lua.h"
#include "sim.h"

enum { EXIT_OK = 0, EXIT_FAILED = 1, EXIT_USAGE = 2 };

#define PACKS_MAX 16

typedef struct sim_options {
    uint64_t seed;
    uint64_t beats;
    const char *bot;
    const char *game;
    const char *packs[PACKS_MAX];
    int pack_count;
} sim_options;

static int usage(const char *why)
{
    if (why)
        fprintf(stderr, "cairn sim: %s\n", why);
    fprintf(stderr, "usage: cairn sim [--seed N] [--beats K] [--bot NAME] [--game NAME] "
                    "[--pack DIR ...]\n");
    return EXIT_USAGE;
}

static bool parse_count(const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || *end || text[0] == '-')
        return false;
    *out = v;
    return true;
}

/* Reads the options in pairs; returns 0 or the exit status of a usage error. */
static int parse(int argc, char **argv, sim_options *o)
{
    *o = (sim_options){.seed = 1, .beats = 5000, .bot = "explorer", .game = "dungeon"};
    for (int i = 1; i < argc; i += 2) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!val)
            return usage("an option needs a value");
        if (!strcmp(opt, "--seed")) {
            if (!parse_count(val, &o->seed))
                return usage("--seed takes a whole number");
        } else if (!strcmp(opt, "--beats")) {
            if (!parse_count(val, &o->beats) || o->beats == 0)
                return usage("--beats takes a whole number, 1 or more");
        } else if (!strcmp(opt, "--bot")) {
            o->bot = val;
        } else if (!strcmp(opt, "--game")) {
            o->game = val;
        } else if (!strcmp(opt, "--pack")) {
            if (o->pack_count == PACKS_MAX)
                return usage("at most 16 packs");
            o->packs[o->pack_count++] = val;
        } else {
            return usage(NULL);
        }
    }
    return 0;
}

static int failed(cairn_lua *h, const char *what)
{
    fprintf(stderr, "cairn sim: %s: %s\n", what, cairn_lua_error(h));
    cairn_lua_destroy(h);
    return EXIT_FAILED;
}

int cairn_sim(int argc, char **argv)
{
    sim_options o;
    int bad = parse(argc, argv, &o);
    if (bad)
        return bad;
    cairn_lua_config config = {.world_methods = cairn_game_world_methods};
    cairn_lua *h;
    cairn_error err;
    if (cairn_lua_create(&config, &h, &err)) {
        fprintf(stderr, "cairn sim: %s\n", err.message);
        return EXIT_FAILED;
    }
    if (cairn_lua_load_pack(h, CAIRN_BASE_PACK))
        return failed(h, "the base game does not load");
    for (int i = 0; i < o.pack_count; i++)
        if (cairn_lua_load_pack(h, o.packs[i]))
            return failed(h, o.packs[i]);
    if (cairn_lua_game_start(h, o.game, o.seed))
        return failed(h, "the game does not start");
    cairn_game_end ended = CAIRN_GAME_PLAYING;
    for (uint64_t beat = 0; beat < o.beats && ended == CAIRN_GAME_PLAYING; beat++) {
        if (cairn_lua_game_bot(h, o.bot))
            return failed(h, "the bot failed");
        if (cairn_lua_game_step(h, &ended))
            return failed(h, "the game stopped");
    }
    const char *summary;
    if (cairn_lua_game_summary(h, "beat limit", &summary))
        return failed(h, "no summary");
    fputs(summary, stdout);
    cairn_lua_destroy(h);
    return EXIT_OK;
}
