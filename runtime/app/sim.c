/*
 * sim.c - `cairn sim`: loads the bundled game and any packs given, starts a game with a seed,
 * lets a bot choose the player's every action (each seat's, in a game of several: each may
 * have a bot of its own) until the game is won, lost or the beat limit is reached, and prints
 * the session's summary. The same seed, packs and bot give the same
 * summary, checksum included. With --record FILE it also writes the game's replay, with
 * --save FILE its save; --resume FILE goes on from a save instead of starting a game, so long
 * games can be made, saved and checked without a terminal. --trace FILE writes what happened
 * in every beat, --profile prints where the time and instructions went (docs/tracing.md),
 * --log prints, beat by beat, what spawned and what was played.
 */
#include <stdio.h>
#include <string.h>

#include "cairn/session.h"
#include "cairn/save.h"
#include "app.h"

typedef struct sim_options {
    uint64_t seed;
    bool seed_given;
    uint64_t beats;
    app_seat_bots bots;
    const char *game;
    const char *record; /* the replay's file, or NULL */
    const char *save;   /* where the game is saved when the run stops, or NULL */
    const char *resume; /* the save the run goes on from, or NULL */
    const char *trace;  /* the trace's file, or NULL */
    bool profile;
    bool log;
    const char *packs[APP_PACKS_MAX];
    int pack_count;
    app_trust trust;
} sim_options;

static void print_usage(FILE *out)
{
    fprintf(out, "usage: cairn sim [--seed N | --resume FILE] [--beats K] [--bot [SEAT=]NAME]\n"
                 "                 [--game NAME] [--pack DIR ...] [--record FILE] [--save FILE]\n"
                 "                 [--trace FILE] [--profile] [--log] [--trust ID ...]\n"
                 "                 [--distrust-bundled]\n"
                 "  --seed N       the game's seed (1)\n"
                 "  --resume FILE  go on from a save instead of starting a game\n"
                 "  --beats K      play at most K beats (5000), from the start or the resume\n"
                 "  --bot NAME     the bot that plays (explorer); SEAT=NAME: the bot of that\n"
                 "                 seat, in a game of several players; repeatable\n"
                 "  --game NAME    the game to start (dungeon)\n"
                 "  --pack DIR     load a pack after the base game; repeatable (a folder\n"
                 "                 named base is a copy of the base game, loaded in its place)\n"
                 "  --record FILE  write the game's replay, every beat since it started\n"
                 "  --save FILE    save the game when the run stops\n"
                 "  --trace FILE   write every beat's events, history and map as JSON lines\n"
                 "  --profile      print, after the summary, the instructions and time spent per\n"
                 "                 pack, per function content gave (pack:path:line) and per chain\n"
                 "  --log          print, before the summary, what spawned and what was played\n"
                 "                 (cards, abilities), a line each, beat by beat\n"
                 "  --trust ID     run the code of the pack of that id without the instruction\n"
                 "                 budget; repeatable (the bundled packs are trusted already)\n"
                 "  --distrust-bundled  the bundled packs keep every budget too\n");
}

static int usage(const char *why)
{
    if (why)
        fprintf(stderr, "cairn sim: %s\n", why);
    print_usage(stderr);
    return EXIT_USAGE;
}

/* Reads the options in pairs; returns 0, -1 after --help, or the exit status of a usage
 * error. */
static int parse(int argc, char **argv, sim_options *o)
{
    *o = (sim_options){.seed = 1, .beats = 5000, .bots.every_seat = "explorer", .game = "dungeon"};
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        print_usage(stdout);
        return -1;
    }
    for (int i = 1; i < argc; i += 2) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        bool *flag = !strcmp(opt, "--profile") ? &o->profile
                     : !strcmp(opt, "--log")   ? &o->log
                                               : NULL;
        if (flag) {
            *flag = true;
            i--; /* an option without a value */
            continue;
        }
        const char *why = NULL;
        int took = app_parse_trust(&o->trust, opt, val, &why);
        if (took < 0)
            return usage(why);
        if (took > 0) {
            i += took - 2; /* the loop steps two */
            continue;
        }
        if (!val)
            return usage("an option needs a value");
        if (!strcmp(opt, "--seed")) {
            if (!app_parse_count(val, &o->seed))
                return usage("--seed takes a whole number");
            o->seed_given = true;
        } else if (!strcmp(opt, "--beats")) {
            if (!app_parse_count(val, &o->beats) || o->beats == 0)
                return usage("--beats takes a whole number, 1 or more");
        } else if (!strcmp(opt, "--bot")) {
            if (!app_parse_seat_bot(&o->bots, val, &why))
                return usage(why);
        } else if (!strcmp(opt, "--game")) {
            o->game = val;
        } else if (!strcmp(opt, "--record")) {
            o->record = val;
        } else if (!strcmp(opt, "--save")) {
            o->save = val;
        } else if (!strcmp(opt, "--trace")) {
            o->trace = val;
        } else if (!strcmp(opt, "--resume")) {
            o->resume = val;
        } else if (!strcmp(opt, "--pack")) {
            if (o->pack_count == APP_PACKS_MAX)
                return usage("at most 16 packs");
            o->packs[o->pack_count++] = val;
        } else {
            return usage(NULL);
        }
    }
    if (o->resume && o->seed_given)
        return usage("--seed starts a game and --resume goes on with one: give one of them");
    return 0;
}

/* Each seat's bot gives its input for the next beat (a seat without one gives none). */
static bool play_seats(cairn_lua *h, const app_seat_bots *bots, size_t seats)
{
    for (size_t seat = 1; seat <= seats; seat++) {
        const char *bot = app_seat_bot(bots, seat);
        if (bot && cairn_session_seat_bot(h, seat, bot))
            return false;
    }
    return true;
}

static int failed(cairn_lua *h, const char *what)
{
    return app_failed("sim", h, what);
}

/* Prints what the log has of the last beat; false when the session could not say. */
static bool print_log(cairn_lua *h)
{
    const char *text;
    if (cairn_session_log(h, &text))
        return false;
    fputs(text, stdout);
    return true;
}

int cmd_sim(int argc, char **argv)
{
    sim_options o;
    int bad = parse(argc, argv, &o);
    if (bad)
        return bad < 0 ? EXIT_OK : bad;
    cairn_lua *h = app_host("sim", o.packs, o.pack_count, &o.trust);
    if (!h)
        return EXIT_FAILED;
    if (o.resume) {
        cairn_error err;
        if (cairn_save_read(h, o.resume, &err)) {
            fprintf(stderr, "cairn sim: %s\n", err.message);
            cairn_lua_destroy(h);
            return EXIT_FAILED;
        }
    } else if (cairn_session_start(h, o.game, o.seed)) {
        return failed(h, "the game does not start");
    }
    cairn_session_end ended;
    if (cairn_session_standing(h, &ended))
        return failed(h, "the game cannot be read");
    FILE *trace = NULL;
    if (o.trace && !(trace = app_open_trace("sim", h, o.trace)))
        return EXIT_FAILED;
    if (o.profile && cairn_lua_profile(h, true))
        return failed(h, "no profile");
    /* A resumed game's first floor was logged by the run that made it. */
    if (o.log && (cairn_session_log_start(h) || (!o.resume && !print_log(h))))
        return app_close_trace(trace), failed(h, "no log");
    size_t seats;
    if (cairn_session_seats(h, &seats))
        return app_close_trace(trace), failed(h, "the game cannot be read");
    for (uint64_t beat = 0; beat < o.beats && ended == CAIRN_SESSION_PLAYING; beat++) {
        if (!play_seats(h, &o.bots, seats))
            return app_close_trace(trace), failed(h, "the bot failed");
        /* Only the game's own beat is observed: the bot's previews of it are not the game. */
        cairn_lua_observe_begin(h);
        cairn_err st = cairn_session_step(h, &ended);
        cairn_lua_observe_end(h, st);
        if (st)
            return app_close_trace(trace), failed(h, "the game stopped");
        if (o.log && !print_log(h))
            return app_close_trace(trace), failed(h, "no log");
    }
    bool traced = app_close_trace(trace);
    const char *summary;
    if (cairn_session_summary(h, "beat limit", &summary))
        return failed(h, "no summary");
    fputs(summary, stdout);
    if (o.profile) {
        fputc('\n', stdout);
        if (cairn_lua_profile_report(h, stdout))
            return failed(h, "no profile");
    }
    const char *replay;
    if (o.record && cairn_session_record(h, &replay))
        return failed(h, "no replay");
    bool recorded = !o.record || app_write_file("sim", o.record, replay);
    cairn_error err;
    bool saved = !o.save || cairn_save_write(h, o.save, &err) == CAIRN_OK;
    if (!saved)
        fprintf(stderr, "cairn sim: %s\n", err.message);
    cairn_lua_destroy(h);
    return recorded && saved && traced ? EXIT_OK : EXIT_FAILED;
}
