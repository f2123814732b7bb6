/*
 * replay.c - `cairn replay FILE [--verify] [--partial] [--pack DIR ...]`: loads the packs the
 * replay names (each found by its id among the packs loaded - the base game -, the --pack
 * folders and, last, the folder the replay recorded, and refused unless its content is the
 * recorded one), starts its game with its seed and gives it the recorded inputs beat by beat,
 * comparing every field of every beat with the world, then the end line with how the game
 * stands. A replay that stops before its game ended is incomplete: a failure, unless
 * --partial. With --verify it does so headless and prints "verified: K beats", or what
 * differs and where; without, it shows the game on the terminal screen (screen.c) as it goes.
 * --trace FILE writes what happened in each beat played back (docs/tracing.md).
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cairn/session.h"
#include "app.h"
#include "screen.h"

typedef struct options {
    const char *file;
    bool help;
    bool verify;
    bool partial;
    const char *trace; /* the trace's file, or NULL */
    const char *packs[APP_PACKS_MAX];
    size_t pack_count;
    app_trust trust;
} options;

#define USAGE                                                                                      \
    "usage: cairn replay FILE [--verify] [--partial] [--pack DIR ...] [--trace FILE]\n"            \
    "                         [--trust ID ...] [--distrust-bundled]\n"

static int usage(const char *why)
{
    if (why)
        fprintf(stderr, "cairn replay: %s\n", why);
    fprintf(stderr, USAGE);
    return EXIT_USAGE;
}

static int help(void)
{
    printf(USAGE "  --verify    play it back headless: every beat, then the end, must be what\n"
                 "              the replay recorded\n"
                 "  --partial   accept a replay that stops before its game ended\n"
                 "  --pack DIR  look for the replay's packs in these folders before the\n"
                 "              folders it recorded (each must hold the recorded content);\n"
                 "              a folder named base is a copy of the base game, loaded in\n"
                 "              its place\n"
                 "  --trace FILE  write every beat's events, history and map as JSON lines\n"
                 "  --trust ID  run the code of the pack of that id without the instruction\n"
                 "              budget; repeatable (the bundled packs are trusted already)\n"
                 "  --distrust-bundled  the bundled packs keep every budget too\n");
    return EXIT_OK;
}

static int parse(int argc, char **argv, options *o)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *why = NULL;
        int took = app_parse_trust(&o->trust, arg, i + 1 < argc ? argv[i + 1] : NULL, &why);
        if (took < 0)
            return usage(why);
        if (took > 0) {
            i += took - 1;
            continue;
        }
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            o->help = true;
        } else if (!strcmp(arg, "--verify")) {
            o->verify = true;
        } else if (!strcmp(arg, "--partial")) {
            o->partial = true;
        } else if (!strcmp(arg, "--trace")) {
            if (i + 1 == argc)
                return usage("--trace needs a file");
            o->trace = argv[++i];
        } else if (!strcmp(arg, "--pack")) {
            if (i + 1 == argc)
                return usage("--pack needs a pack's folder");
            if (o->pack_count == APP_PACKS_MAX)
                return usage("at most 16 packs");
            o->packs[o->pack_count++] = argv[++i];
        } else if (arg[0] == '-' || o->file) {
            return usage(NULL);
        } else {
            o->file = arg;
        }
    }
    return o->file || o->help ? EXIT_OK : usage("a replay file is needed");
}

/* The line of the first NUL byte in the text, or 0 when it has none. A replay is text, and
 * the host reads it only up to its first NUL: what follows would go unread, unchecked. */
static size_t nul_line(const char *text, size_t size)
{
    size_t len = strlen(text);
    if (len == size)
        return 0;
    size_t line = 1;
    for (size_t i = 0; i < len; i++)
        line += text[i] == '\n';
    return line;
}

/* A host with the replay's packs loaded and its game started; NULL after a message. */
static cairn_lua *start(const options *o, const char *text, uint64_t *beats)
{
    /* A copy of the base game among the --packs is the base game the replay is matched with:
     * a game played on a changed copy replays on it. */
    const char *base = app_base_pack(o->packs, o->pack_count);
    cairn_lua *h = app_host("replay", &base, 1, &o->trust);
    if (!h)
        return NULL;
    const char *const *dirs;
    size_t count;
    if (cairn_session_replay_find_packs(h, text, o->packs, o->pack_count, &dirs, &count)) {
        app_failed("replay", h, o->file);
        return NULL;
    }
    /* The folders stay the host's until the next cairn_session_replay_find_packs: loading packs
     * leaves them be. */
    for (size_t i = 0; i < count; i++)
        if (cairn_lua_load_pack(h, dirs[i])) {
            app_failed("replay", h, dirs[i]);
            return NULL;
        }
    if (cairn_session_replay_start(h, text, beats)) {
        app_failed("replay", h, o->file);
        return NULL;
    }
    return h;
}

/* The replay's next beat, traced when a trace was asked for. */
static cairn_err observed_step(cairn_lua *h, bool *done)
{
    cairn_lua_observe_begin(h);
    cairn_err st = cairn_session_replay_step(h, done);
    cairn_lua_observe_end(h, st);
    return st;
}

/* Plays every beat and then the end line, headless. */
static int verify(cairn_lua *h, const options *o, uint64_t beats)
{
    bool done = beats == 0;
    uint64_t played = 0;
    while (!done) {
        if (observed_step(h, &done)) {
            fprintf(stderr, "cairn replay: %s: %s\n", o->file, cairn_lua_error(h));
            printf("diverged: beat %llu of %llu\n", (unsigned long long)played + 1,
                   (unsigned long long)beats);
            cairn_lua_destroy(h);
            return EXIT_FAILED;
        }
        played++;
    }
    const char *incomplete;
    if (cairn_session_replay_finish(h, &incomplete)) {
        fprintf(stderr, "cairn replay: %s: %s\n", o->file, cairn_lua_error(h));
        printf("diverged: the end, after beat %llu\n", (unsigned long long)played);
        cairn_lua_destroy(h);
        return EXIT_FAILED;
    }
    int st = EXIT_OK;
    if (!incomplete) {
        printf("verified: %llu beats\n", (unsigned long long)played);
    } else if (o->partial) {
        printf("verified: %llu beats (partial: %s)\n", (unsigned long long)played, incomplete);
    } else {
        fprintf(stderr, "cairn replay: %s: %s; --partial verifies the beats it has\n", o->file,
                incomplete);
        printf("incomplete: the replay stops at beat %llu before its game ended\n",
               (unsigned long long)played);
        st = EXIT_FAILED;
    }
    cairn_lua_destroy(h);
    return st;
}

/* --- without --verify: on the terminal screen ------------------------------------------- */

/* A replay being watched: a beat for each key, until its last or a beat that differs. */
typedef struct watching {
    uint64_t played;
    bool partial;
    bool stopped; /* no more beats: the last was played, or one differed */
    int status;   /* the exit status when the player leaves */
} watching;

/* After the replay's last beat: its end checked, and the verdict in the notice. */
static void watch_end(game_screen *s, watching *w)
{
    const char *incomplete;
    w->stopped = true;
    w->status = EXIT_FAILED;
    if (cairn_session_replay_finish(s->h, &incomplete)) {
        screen_notice(s, "%s", cairn_lua_error(s->h));
    } else if (!incomplete) {
        screen_notice(s, "verified: %llu beats (q leaves)", (unsigned long long)w->played);
        w->status = EXIT_OK;
    } else if (w->partial) {
        screen_notice(s, "verified: %llu beats (partial: %s) (q leaves)",
                      (unsigned long long)w->played, incomplete);
        w->status = EXIT_OK;
    } else {
        screen_notice(s, "incomplete: %s (q leaves)", incomplete);
    }
}

/* q leaves; any other key plays the next beat. A beat that differs from the recording stops
 * the replay, with why in the notice. */
static int on_watch_key(game_screen *s, int ch, void *ud)
{
    watching *w = ud;
    if (ch == 'q' || ch == 'Q' || ch == EOF)
        return w->status;
    if (w->stopped)
        return SCREEN_GO_ON;
    bool done = false;
    s->notice[0] = '\0';
    if (observed_step(s->h, &done)) {
        screen_notice(s, "%s", cairn_lua_error(s->h));
        w->stopped = true;
        w->status = EXIT_FAILED;
        return SCREEN_GO_ON;
    }
    w->played++;
    screen_changed(s);
    if (done)
        watch_end(s, w);
    return SCREEN_GO_ON;
}

/* Shows the replay started in h (`beats` beats) on the terminal screen, a beat for each key,
 * and after the last checks its end. Takes h, which it destroys. Fails when a beat or the end
 * differed from the recording, or when the replay stops before its game ended and partial is
 * false. */
static int watch(cairn_lua *h, uint64_t beats, bool partial)
{
    game_screen s = {.h = h, .command = "replay"};
    watching w = {.partial = partial, .status = EXIT_OK};
    int st = EXIT_OK;
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        st = screen_fail(&s, "a replay plays in a terminal (--verify checks it headless)");
    setlocale(LC_CTYPE, "");
    if (!st)
        st = screen_open(&s);
    if (!st) {
        screen_notice(&s, "A replay of %llu beats: any key plays the next, q leaves",
                      (unsigned long long)beats);
        if (beats == 0)
            watch_end(&s, &w);
        st = screen_run(&s, on_watch_key, &w);
    }
    screen_close(&s);
    cairn_lua_destroy(h);
    return st;
}

int cmd_replay(int argc, char **argv)
{
    options o = {0};
    int st = parse(argc, argv, &o);
    if (st)
        return st;
    if (o.help)
        return help();
    size_t size;
    char *text = app_read_file("replay", o.file, &size);
    if (!text)
        return EXIT_FAILED;
    size_t nul = nul_line(text, size);
    if (nul) {
        fprintf(stderr, "cairn replay: %s: replay line %zu holds a NUL byte: a replay is text\n",
                o.file, nul);
        free(text);
        return EXIT_FAILED;
    }
    uint64_t beats = 0;
    cairn_lua *h = start(&o, text, &beats);
    free(text);
    if (!h)
        return EXIT_FAILED;
    FILE *trace = NULL;
    if (o.trace && !(trace = app_open_trace("replay", h, o.trace))) {
        cairn_lua_destroy(h);
        return EXIT_FAILED;
    }
    st = o.verify ? verify(h, &o, beats) : watch(h, beats, o.partial);
    return app_close_trace(trace) ? st : EXIT_FAILED;
}
