/*
 * play.c - `cairn play`: the game in a terminal. It resumes the save (or starts the base
 * game's dungeon), turns each key into the player's action for one beat, and shows the game
 * on the terminal screen (screen.c) after each. Q saves and quits; a game that ends shows its
 * summary and, when left, takes its save with it.
 *
 * The front end knows nothing of the game: every rule is the session's, so a mod's game plays
 * the same way. Everything the command holds is in one struct, `play`, passed around.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "cairn/save.h"
#include "app.h"
#include "screen.h"

#define PATH_SIZE 4096

typedef struct play_options {
    uint64_t seed;
    bool seeded;
    bool fresh; /* --new */
    const char *save;
    const char *record;
    const char *packs[APP_PACKS_MAX];
    int pack_count;
} play_options;

typedef struct play {
    play_options opt;
    game_screen screen; /* the terminal, and the host whose game it shows */
    char save_path[PATH_SIZE];
    /* The save file holds this game (it was resumed or written here): only then does the
     * game's end remove it. With --new, an older game's save stays until it is replaced. */
    bool save_is_ours;
} play;

/* --- options, host and game ------------------------------------------------------------- */

static int usage(const char *why)
{
    if (why)
        fprintf(stderr, "cairn play: %s\n", why);
    fprintf(stderr, "usage: cairn play [--seed N] [--pack DIR ...] [--save FILE] [--new] "
                    "[--record FILE]\n");
    return EXIT_USAGE;
}

/* Returns 0 or the exit status of a usage error. */
static int parse(int argc, char **argv, play_options *o)
{
    *o = (play_options){0};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (!strcmp(opt, "--new")) {
            o->fresh = true;
            continue;
        }
        if (strcmp(opt, "--seed") && strcmp(opt, "--pack") && strcmp(opt, "--save") &&
            strcmp(opt, "--record"))
            return usage(NULL);
        if (i + 1 == argc)
            return usage("an option needs a value");
        const char *val = argv[++i];
        if (!strcmp(opt, "--seed")) {
            if (!app_parse_count(val, &o->seed))
                return usage("--seed takes a whole number");
            o->seeded = true;
        } else if (!strcmp(opt, "--pack")) {
            if (o->pack_count == APP_PACKS_MAX)
                return usage("at most 16 packs");
            o->packs[o->pack_count++] = val;
        } else if (!strcmp(opt, "--save")) {
            o->save = val;
        } else {
            o->record = val;
        }
    }
    return 0;
}

static int open_host(play *p)
{
    p->screen.h = app_host("play", p->opt.packs, p->opt.pack_count);
    return p->screen.h ? EXIT_OK : EXIT_FAILED;
}

/* A seed for a game the player did not seed, from the system's randomness (or the clock): it
 * is off the simulation's path. Kept short enough to read off the status line and type again. */
static uint64_t random_seed(void)
{
    uint32_t r;
    if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r)
        r = (uint32_t)time(NULL);
    return r % 1000000000u;
}

/* Resumes the save, or starts a new game when there is none or --new says so. A save that is
 * refused is left as it is: the player decides whether to replace it. */
static int open_game(play *p)
{
    cairn_error err;
    if (p->opt.save) {
        if (snprintf(p->save_path, sizeof p->save_path, "%s", p->opt.save) >= PATH_SIZE)
            return screen_fail(&p->screen, "the save's path is too long");
    } else if (cairn_save_default_path(p->save_path, sizeof p->save_path, &err)) {
        return screen_fail(&p->screen, "%s", err.message);
    }
    if (!p->opt.fresh && cairn_save_exists(p->save_path)) {
        cairn_err st = cairn_save_read(p->screen.h, p->save_path, &err);
        if (st == CAIRN_OK) {
            p->save_is_ours = true;
            return EXIT_OK;
        }
        if (st != CAIRN_ERR_NOT_FOUND) {
            screen_fail(&p->screen, "%s", err.message);
            fprintf(stderr,
                    "cairn play: --new starts a new game instead, which Q saves over %s; "
                    "--save FILE keeps it elsewhere\n",
                    p->save_path);
            return EXIT_FAILED;
        }
    }
    uint64_t seed = p->opt.seeded ? p->opt.seed : random_seed();
    if (cairn_session_start(p->screen.h, "dungeon", seed))
        return screen_fail(&p->screen, "the game does not start: %s", cairn_lua_error(p->screen.h));
    return EXIT_OK;
}

/* --- keys ------------------------------------------------------------------------------------ */

/* The keys that move, and where. u is undo, so north-east is U (or 9). The numeric keypad
 * sends digits with Num Lock on and KEY_A1 ... KEY_C3 or Home and End without; its PgUp and
 * PgDn scroll the log. */
static const struct move_key {
    int key;
    const char *dir;
} move_keys[] = {
    /* clang-format off */
    {'k', "n"},  {'8', "n"},  {KEY_UP, "n"},
    {'U', "ne"}, {'9', "ne"}, {KEY_A3, "ne"},
    {'l', "e"},  {'6', "e"},  {KEY_RIGHT, "e"},
    {'n', "se"}, {'3', "se"}, {KEY_C3, "se"},
    {'j', "s"},  {'2', "s"},  {KEY_DOWN, "s"},
    {'b', "sw"}, {'1', "sw"}, {KEY_C1, "sw"}, {KEY_END, "sw"},
    {'h', "w"},  {'4', "w"},  {KEY_LEFT, "w"},
    {'y', "nw"}, {'7', "nw"}, {KEY_A1, "nw"}, {KEY_HOME, "nw"},
    /* clang-format on */
};

/* The direction a key moves in, or NULL. */
static const char *direction_of(int ch)
{
    for (size_t i = 0; i < sizeof move_keys / sizeof move_keys[0]; i++)
        if (move_keys[i].key == ch)
            return move_keys[i].dir;
    return NULL;
}

/* The player's action (dir NULL: none) for one beat, and the beat. */
static int act(play *p, const char *action, const char *dir)
{
    if (cairn_session_input(p->screen.h, action, dir) || cairn_session_step(p->screen.h, NULL))
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    screen_changed(&p->screen);
    return SCREEN_GO_ON;
}

static int undo(play *p)
{
    cairn_err st = cairn_session_undo(p->screen.h);
    if (st == CAIRN_ERR_STATE) {
        const char *why = cairn_lua_error(p->screen.h);
        screen_notice(&p->screen, "%c%s",
                      why[0] >= 'a' && why[0] <= 'z' ? why[0] - 'a' + 'A' : why[0],
                      why[0] ? why + 1 : "");
        return SCREEN_GO_ON;
    }
    if (st)
        return screen_fail(&p->screen, "undo: %s", cairn_lua_error(p->screen.h));
    screen_changed(&p->screen);
    return SCREEN_GO_ON;
}

/* --record: the game so far as a replay, written once the screen is given back (so that a
 * failure to write it can be read). */
static int write_record(play *p)
{
    const char *text = NULL;
    if (p->opt.record && cairn_session_record(p->screen.h, &text))
        return screen_fail(&p->screen, "no replay: %s", cairn_lua_error(p->screen.h));
    screen_close(&p->screen);
    return !text || app_write_file("play", p->opt.record, text) ? EXIT_OK : EXIT_FAILED;
}

/* Q: a save that fails keeps the player in the game, with why. */
static int save_and_quit(play *p)
{
    cairn_error err;
    if (cairn_save_write(p->screen.h, p->save_path, &err)) {
        screen_notice(&p->screen, "Not saved: %s", err.message);
        return SCREEN_GO_ON;
    }
    p->save_is_ours = true;
    int st = write_record(p);
    if (!st)
        printf("saved to %s\n", p->save_path);
    return st;
}

/* q on the ending screen: a game that is over leaves no save to resume. */
static int leave_ended_game(play *p)
{
    cairn_error err;
    if (p->save_is_ours && cairn_save_remove(p->save_path, &err))
        return screen_fail(&p->screen, "%s", err.message);
    return write_record(p);
}

/* The terminal is gone: the game is saved for the next time, or lost with a word why. */
static int hang_up(play *p)
{
    cairn_error err;
    if (cairn_save_write(p->screen.h, p->save_path, &err))
        return screen_fail(&p->screen, "the terminal is gone, and the game could not be saved: %s",
                           err.message);
    screen_close(&p->screen);
    return EXIT_OK;
}

static int on_key(play *p, int ch)
{
    if (ch == EOF)
        return hang_up(p);
    p->screen.notice[0] = '\0';
    switch (ch) {
    case 'Q':
        return save_and_quit(p);
    case '?':
        screen_show_help(&p->screen);
        return SCREEN_GO_ON;
    case 'q':
        screen_notice(&p->screen, "Q (shift-q) saves and quits");
        return SCREEN_GO_ON;
    case KEY_PPAGE:
    case '<':
        screen_scroll(&p->screen, 1);
        return SCREEN_GO_ON;
    case KEY_NPAGE:
    case '>':
        screen_scroll(&p->screen, -1);
        return SCREEN_GO_ON;
    default:
        break;
    }
    /* Keys that change the game wait until the player can see it. */
    if (!screen_fits(&p->screen))
        return SCREEN_GO_ON;
    const char *dir = direction_of(ch);
    if (dir)
        return act(p, "attack_dig_move", dir);
    if (ch == '.' || ch == '5' || ch == KEY_B2)
        return act(p, "none", NULL);
    if (ch == 'u')
        return undo(p);
    return SCREEN_GO_ON;
}

static int on_ending_key(play *p, int ch)
{
    if (ch == 'u')
        return undo(p);
    if (ch == 'q' || ch == 'Q' || ch == EOF)
        return leave_ended_game(p);
    return SCREEN_GO_ON;
}

/* Until the game ends, the keys play it; then they undo or leave. */
static int on_play_key(game_screen *s, int ch, void *ud)
{
    (void)s;
    play *p = ud;
    return p->screen.view.ended ? on_ending_key(p, ch) : on_key(p, ch);
}

int cmd_play(int argc, char **argv)
{
    play p = {.screen.command = "play"};
    int st = parse(argc, argv, &p.opt);
    if (st)
        return st;
    /* Keys read from a pipe would play the game blind, and then save it. */
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return screen_fail(&p.screen, "it plays in a terminal (cairn sim plays headless)");
    /* The characters only: collation and numbers stay C's, so Lua compares and prints as it
     * does everywhere else and the game stays the same game. */
    setlocale(LC_CTYPE, "");
    st = open_host(&p);
    if (!st)
        st = open_game(&p);
    if (!st)
        st = screen_open(&p.screen);
    if (!st)
        st = screen_run(&p.screen, on_play_key, &p);
    screen_close(&p.screen);
    cairn_lua_destroy(p.screen.h);
    return st;
}
