/*
 * play.c - `cairn play`: the game in a terminal. It resumes the save (or starts a game, the
 * base game's dungeon unless --game names another), turns each key into one of the player's
 * choices (cairn_session_choices) for one beat, asks the choice's prompts on the screen
 * (menus, numbers, yes or no, a target on the map) and shows the game on the terminal screen
 * (screen.c) after each beat, taken in one call (cairn_session_screen). Q saves and quits; a
 * game that ends shows its summary and, when left, takes its save with it. _ and o are
 * journeys (travel to a cell, auto-explore): beats played one after another, the screen drawn
 * between them, until something happens or a key is pressed.
 *
 * In a game of several seats (players) the keys are each seat's in turn (hot-seat): the
 * session says which seat it waits for, the header says it too, and the beat is played once
 * every seat has committed its choice; --bot SEAT=NAME lets a bot play a seat.
 *
 * The front end knows nothing of the game: every rule is the session's, so a mod's game plays
 * the same way. Everything the command holds is in one struct, `play`, passed around.
 *
 * With --watch, the packs' folders are watched (watch.c) and a change reloads them into a new
 * host, on which the game's inputs are played again from its first beat (cairn_session_rerun):
 * the player goes on with the game the new content makes of them, told from which beat it
 * differs. Content that fails to load or to play leaves the old host, and its game, as they
 * were. Nothing of this is on the simulation's path: a reload is a new game given old inputs.
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
#include "keys.h"
#include "screen.h"
#include "watch.h"

#define PATH_SIZE 4096

/* Keys as getch gives them, named here: curses names only the keys it decodes. */
#define CH_ESC 27
#define CH_TAB '\t'

typedef struct play_options {
    uint64_t seed;
    bool seeded;
    bool fresh;      /* --new */
    bool watch;      /* --watch */
    bool ask_always; /* --ask-reactions: asked to react even with nothing to react with */
    const char *save;
    const char *game;
    const char *record;
    const char *pickup; /* --pickup: the glyphs of the items auto-explore picks up, or "all" */
    const char *packs[APP_PACKS_MAX];
    int pack_count;
    int pace; /* --pace: milliseconds each timed effect of a resolution is shown; 0 none */
    app_trust trust;
    app_seat_bots bots; /* --bot SEAT=NAME: the seats bots play */
} play_options;

#define PACE_DEFAULT 150
#define PACE_MAX     3600000

typedef struct play {
    play_options opt;
    game_screen screen; /* the terminal, and the host whose game it shows */
    char save_path[PATH_SIZE];
    /* The save file holds this game (it was resumed or written here): only then does the
     * game's end remove it. With --new, an older game's save stays until it is replaced. */
    bool save_is_ours;
    /* The direction of the movement key that began the choice under way, until its direction
     * prompt takes it (prompts such as an optional question may come first); else NULL. */
    const char *pending_dir;
    /* A travel is being aimed: the prompt is the screen's own cursor, not a choice's. */
    bool aiming;
    /* --watch: the folders watched (the base game's, then the packs'), and a change seen
     * while a choice was under way, to reload once it is made or dropped. */
    app_watch watch;
    const char *watch_dirs[APP_PACKS_MAX + 1];
    bool reload_due;
} play;

/* --- options, host and game ------------------------------------------------------------- */

#define USAGE                                                                                      \
    "usage: cairn play [--seed N] [--game NAME] [--pack DIR ...] [--save FILE]\n"                  \
    "                  [--new] [--record FILE] [--watch] [--pace MS]\n"                            \
    "                  [--ask-reactions] [--pickup GLYPHS] [--bot SEAT=NAME ...]\n"                \
    "                  [--trust ID ...]\n"                                                         \
    "                  [--distrust-bundled]\n"

static int usage(const char *why)
{
    if (why)
        fprintf(stderr, "cairn play: %s\n", why);
    fputs(USAGE, stderr);
    return EXIT_USAGE;
}

static void help(void)
{
    fputs(USAGE "  --seed N       a new game's seed (drawn at random when not given)\n"
                "  --game NAME    the game a new game starts (dungeon)\n"
                "  --pack DIR     load a pack after the base game; repeatable (a folder\n"
                "                 named base is a copy of the base game, loaded in its place)\n"
                "  --save FILE    the save to resume and write (default $CAIRN_SAVE, else\n"
                "                 $XDG_DATA_HOME/cairn/save.sqlite)\n"
                "  --new          start a new game even when a save exists; Q replaces it\n"
                "  --record FILE  write the game's replay when you quit\n"
                "  --watch        reload the packs when one of their files changes, playing\n"
                "                 the game's moves again on them\n"
                "  --pace MS      show each hit, move or push of a card's effects for MS\n"
                "                 milliseconds, one by one (150; 0 shows none)\n"
                "  --ask-reactions  ask whether to react to an action aimed at you even\n"
                "                 with no reaction to play (only pass to answer)\n"
                "  --pickup GLYPHS  the items auto-explore picks up as it comes on them, by\n"
                "                 glyph (\"!-\": potions and throwing daggers), or all\n"
                "  --bot SEAT=NAME  in a game of several players, the bot NAME plays seat\n"
                "                 SEAT (from 1); repeatable; the others are played in turn\n"
                "  --trust ID     run the code of the pack of that id without the instruction\n"
                "                 budget; repeatable (the bundled packs are trusted already)\n"
                "  --distrust-bundled  the bundled packs keep every budget too\n",
          stdout);
}

/* Returns 0, -1 after --help, or the exit status of a usage error. */
static int parse(int argc, char **argv, play_options *o)
{
    *o = (play_options){.pace = PACE_DEFAULT, .pickup = "", .game = "dungeon"};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (app_is_help(opt)) {
            help();
            return -1;
        }
        if (!strcmp(opt, "--new")) {
            o->fresh = true;
            continue;
        }
        if (!strcmp(opt, "--watch")) {
            o->watch = true;
            continue;
        }
        if (!strcmp(opt, "--ask-reactions")) {
            o->ask_always = true;
            continue;
        }
        const char *why = NULL;
        int took = app_parse_trust(&o->trust, opt, i + 1 < argc ? argv[i + 1] : NULL, &why);
        if (took < 0)
            return usage(why);
        if (took > 0) {
            i += took - 1;
            continue;
        }
        if (strcmp(opt, "--seed") && strcmp(opt, "--game") && strcmp(opt, "--pack") &&
            strcmp(opt, "--save") && strcmp(opt, "--record") && strcmp(opt, "--pace") &&
            strcmp(opt, "--pickup") && strcmp(opt, "--bot"))
            return usage(NULL);
        if (i + 1 == argc)
            return usage("an option needs a value");
        const char *val = argv[++i];
        if (!strcmp(opt, "--seed")) {
            if (!app_parse_count(val, &o->seed))
                return usage("--seed takes a whole number");
            o->seeded = true;
        } else if (!strcmp(opt, "--game")) {
            o->game = val;
        } else if (!strcmp(opt, "--pack")) {
            if (o->pack_count == APP_PACKS_MAX)
                return usage("at most 16 packs");
            o->packs[o->pack_count++] = val;
        } else if (!strcmp(opt, "--save")) {
            o->save = val;
        } else if (!strcmp(opt, "--pace")) {
            uint64_t ms;
            if (!app_parse_count(val, &ms) || ms > PACE_MAX)
                return usage("--pace takes a whole number of milliseconds, up to an hour");
            o->pace = (int)ms;
        } else if (!strcmp(opt, "--pickup")) {
            o->pickup = val;
        } else if (!strcmp(opt, "--bot")) {
            if (!app_parse_seat_bot(&o->bots, val, &why))
                return usage(why);
            if (o->bots.every_seat)
                return usage("--bot takes SEAT=NAME: a person plays the other seats");
        } else {
            o->record = val;
        }
    }
    return 0;
}

static int open_host(play *p)
{
    p->screen.h = app_host("play", p->opt.packs, p->opt.pack_count, &p->opt.trust);
    return p->screen.h ? EXIT_OK : EXIT_FAILED;
}

/* A seed for a game the player did not seed, from the system's randomness (or the clock): it
 * is off the simulation's path. Kept short enough to read off the header and type again. */
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
    if (cairn_session_start(p->screen.h, p->opt.game, seed))
        return screen_fail(&p->screen, "the game does not start: %s", cairn_lua_error(p->screen.h));
    return EXIT_OK;
}

static int next_prompt(play *p);

/* The seats --bot names are the game's, and a person plays one of them at least: a game of
 * bots alone is `cairn sim`'s. */
static int seats_fit(play *p)
{
    size_t seats;
    if (cairn_session_seats(p->screen.h, &seats))
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    bool person = false;
    for (size_t seat = 1; seat <= seats; seat++)
        person = person || !app_seat_bot(&p->opt.bots, seat);
    for (size_t seat = seats + 1; seat <= APP_SEATS_MAX; seat++)
        if (app_seat_bot(&p->opt.bots, seat))
            return screen_fail(&p->screen, "--bot names seat %zu, and the game has %zu", seat,
                               seats);
    if (!person)
        return screen_fail(&p->screen, "every seat has a bot: cairn sim plays a game of bots");
    return SCREEN_GO_ON;
}

/* The session of the host shown is a person's: asked inside beats, as --ask-reactions says,
 * and exploring picks up what --pickup says. A game started, resumed or reloaded gets this. */
static int play_in_person(play *p)
{
    if (cairn_session_set_interactive(p->screen.h, true) ||
        cairn_session_set_auto_pass(p->screen.h, !p->opt.ask_always) ||
        cairn_session_set_pickup(p->screen.h, p->opt.pickup))
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    return SCREEN_GO_ON;
}

/* The player answers the prompts of the game's beats from now on; a prompt a resumed game
 * was saved with is asked again. */
static int start_playing(play *p)
{
    int go = seats_fit(p);
    if (go == SCREEN_GO_ON)
        go = play_in_person(p);
    if (go == SCREEN_GO_ON)
        go = next_prompt(p);
    return go == SCREEN_GO_ON ? EXIT_OK : go;
}

/* --- keys ------------------------------------------------------------------------------------ */

/* The key as keys.c names it: the terminal's own keys mapped, the keypad's with them (with
 * Num Lock off it sends its corners, Home and End; its PgUp and PgDn scroll the log). */
static int key_of(int ch)
{
    static const struct {
        int ch, key;
    } named[] = {
        /* clang-format off */
        {'\r', KEYS_ENTER},          {KEY_ENTER, KEYS_ENTER}, {KEY_BACKSPACE, KEYS_BACKSPACE},
        {'\b', KEYS_BACKSPACE},      {KEY_BTAB, KEYS_BTAB},   {KEY_UP, KEYS_UP},
        {KEY_DOWN, KEYS_DOWN},       {KEY_LEFT, KEYS_LEFT},   {KEY_RIGHT, KEYS_RIGHT},
        {KEY_PPAGE, KEYS_PGUP},      {KEY_NPAGE, KEYS_PGDN},  {KEY_HOME, KEYS_HOME},
        {KEY_END, KEYS_END},         {KEY_A1, KEYS_A1},       {KEY_A3, KEYS_A3},
        {KEY_B2, KEYS_B2},           {KEY_C1, KEYS_C1},       {KEY_C3, KEYS_C3},
        /* clang-format on */
    };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (named[i].ch == ch)
            return named[i].key;
    return ch >= 0 && ch < KEYS_UP ? ch : KEYS_NONE;
}

/* The direction a key moves in, or NULL. */
static const char *direction_of(int ch)
{
    return keys_direction(key_of(ch));
}

/* Says why something the player asked was refused, as a sentence, until the next key. */
static void tell(play *p, const char *why)
{
    screen_notice(&p->screen, "%c%s", why[0] >= 'a' && why[0] <= 'z' ? why[0] - 'a' + 'A' : why[0],
                  why[0] ? why + 1 : "");
}

/* Says why the session refused the player's last request. */
static void tell_refusal(play *p)
{
    tell(p, cairn_lua_error(p->screen.h));
}

/* The beat's resolutions, one timed effect (a hit, a move, a push) at a time, each for
 * --pace milliseconds: its cells stand out, the stack waits beside the map. A key skips the
 * rest, and is then the game's as any key is (but Esc, which only skips). */
static void show_resolutions(play *p, const cairn_frame *frames, size_t n)
{
    if (!p->opt.pace)
        return;
    for (size_t i = 0; i < n; i++) {
        if (!frames[i].timed)
            continue;
        screen_show_frame(&p->screen, &frames[i]);
        int ch = screen_wait(&p->screen, p->opt.pace);
        if (ch == ERR)
            continue;
        if (ch != CH_ESC)
            ungetch(ch);
        break;
    }
    screen_show_frame(&p->screen, NULL);
}

static int on_prompt_taken(play *p);

/* The beat, once the player's choice for it is committed. A beat that asks the player
 * something (a card's trigger) waits for the answer as a prompt, and is played once it has
 * every answer; then its resolutions are shown. What the screen shows after it - the view,
 * the choices, the prompt and the resolutions - is taken in one call. */
static int step_beat(play *p)
{
    cairn_session_end standing;
    cairn_screen taken;
    if (cairn_session_step(p->screen.h, &standing) || cairn_session_screen(p->screen.h, &taken))
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    screen_changed(&p->screen);
    screen_take(&p->screen, &taken);
    if (standing != CAIRN_SESSION_ASKING)
        show_resolutions(p, taken.frames, taken.frame_count);
    p->screen.prompt.p = taken.prompt;
    return on_prompt_taken(p);
}

static int undo(play *p)
{
    cairn_err st = cairn_session_undo(p->screen.h);
    if (st == CAIRN_ERR_STATE) {
        tell_refusal(p);
        return SCREEN_GO_ON;
    }
    if (st)
        return screen_fail(&p->screen, "undo: %s", cairn_lua_error(p->screen.h));
    screen_changed(&p->screen);
    return next_prompt(p); /* the beat's inputs are asked again, a bot's seat's at once */
}

/* --- choices and their prompts ------------------------------------------------------------- */

static bool is_enter(int ch)
{
    return key_of(ch) == KEYS_ENTER;
}

/* The player's choice that `key` triggers ("direction" for the movement keys): where packs
 * share a key, the first listed, as content is told (an unavailable one says why). NULL when
 * none has it. */
static const cairn_choice_entry *choice_keyed(const play *p, const char *key)
{
    const game_screen *s = &p->screen;
    for (size_t i = 0; i < s->choice_count; i++)
        if (!strcmp(s->choices[i].key, key))
            return &s->choices[i];
    return NULL;
}

/* What the player knows of the cell under the targeting cursor, for the line under the log. */
static int describe_cursor(play *p)
{
    screen_prompt *sp = &p->screen.prompt;
    cairn_err st = cairn_session_describe(p->screen.h, sp->x, sp->y, &sp->described);
    if (st == CAIRN_ERR_INVALID || st == CAIRN_ERR_BOUNDS) {
        sp->described = "";
        return SCREEN_GO_ON;
    }
    return st ? screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h)) : SCREEN_GO_ON;
}

static int move_cursor_to(play *p, int32_t x, int32_t y)
{
    screen_prompt *sp = &p->screen.prompt;
    sp->x = x < 0 ? 0 : x >= p->screen.view.width ? p->screen.view.width - 1 : x;
    sp->y = y < 0 ? 0 : y >= p->screen.view.height ? p->screen.view.height - 1 : y;
    return describe_cursor(p);
}

/* The mouse reports clicks only while a target is chosen: elsewhere the terminal keeps its own
 * use of it (selecting text to copy). */
static void listen_to_mouse(bool on)
{
    mousemask(on ? BUTTON1_CLICKED : 0, NULL);
}

/* After a refused answer: the prompt that waits now. Most often the same one, still waiting
 * (a mistake); but an answer taken may end the choice when what it leads to cannot be asked
 * (a target with nothing to aim at), and then no prompt is left to hold the keys. The prompt is
 * taken again either way: the strings of the one before are the host's no longer. */
static int retake_prompt(play *p)
{
    screen_prompt *sp = &p->screen.prompt;
    if (cairn_session_prompt(p->screen.h, &sp->p))
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    if (sp->p.kind == CAIRN_PROMPT_NONE) {
        p->pending_dir = NULL;
        listen_to_mouse(false);
    }
    return SCREEN_GO_ON;
}

/* Answers the waiting prompt; a refused answer is told and the prompt waits on, if any. */
static int answer(play *p, const char *text)
{
    cairn_err st = cairn_session_answer(p->screen.h, text);
    if (st == CAIRN_ERR_INVALID) {
        tell_refusal(p);
        return retake_prompt(p);
    }
    if (st)
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    return next_prompt(p);
}

/* The choice under way is dropped: no beat passes, unless the prompt's cancel commits
 * something else, which then is the beat's. */
static int drop_choice(play *p, bool *dropped)
{
    bool committed = false;
    if (cairn_session_cancel(p->screen.h, &committed))
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    p->screen.prompt.p.kind = CAIRN_PROMPT_NONE;
    p->pending_dir = NULL;
    listen_to_mouse(false);
    *dropped = !committed;
    return committed ? step_beat(p) : SCREEN_GO_ON;
}

/* Esc. */
static int cancel(play *p)
{
    bool dropped;
    int go = drop_choice(p, &dropped);
    if (go == SCREEN_GO_ON && dropped)
        screen_notice(&p->screen, "Cancelled: no beat passed");
    return go;
}

/* The direction prompt of a choice a movement key began: its direction answers it. A way the
 * player cannot go (a filter refused it) drops the choice, with why, rather than leave the
 * player aiming a move it did not ask to aim - unless dropping it would cost a beat. */
static int answer_pending_direction(play *p)
{
    const char *dir = p->pending_dir;
    p->pending_dir = NULL;
    cairn_err st = cairn_session_answer(p->screen.h, dir);
    if (st == CAIRN_ERR_INVALID) {
        char why[SCREEN_NOTICE_SIZE];
        snprintf(why, sizeof why, "%s", cairn_lua_error(p->screen.h));
        bool dropped = false;
        int go = p->screen.prompt.p.cancel_costs ? SCREEN_GO_ON : drop_choice(p, &dropped);
        if (go == SCREEN_GO_ON && (dropped || p->screen.prompt.p.kind != CAIRN_PROMPT_NONE))
            tell(p, why);
        return go;
    }
    if (st)
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    return next_prompt(p);
}

/* Takes the prompt that waits now. */
static int next_prompt(play *p)
{
    if (cairn_session_prompt(p->screen.h, &p->screen.prompt.p))
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    return on_prompt_taken(p);
}

/* No prompt waits and the beat's inputs are not all committed: the seat the game waits for
 * next is a bot's, which gives its input at once (none, when it gives nothing), or a
 * person's, whose hero the screen shows from now. */
static int next_seat(play *p)
{
    size_t seat;
    if (cairn_session_turn(p->screen.h, &seat))
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    const char *bot = app_seat_bot(&p->opt.bots, seat);
    if (!seat || !bot) {
        if (seat != p->screen.view.seat)
            screen_changed(&p->screen); /* another seat's turn: its hero's view */
        return SCREEN_GO_ON;
    }
    size_t after;
    if (cairn_session_seat_bot(p->screen.h, seat, bot) || cairn_session_turn(p->screen.h, &after) ||
        (after == seat && cairn_session_seat_input(p->screen.h, seat, "none", NULL)))
        return screen_fail(&p->screen, "seat %zu's bot: %s", seat, cairn_lua_error(p->screen.h));
    return next_prompt(p);
}

/* The prompt just taken waits for the keys. A target's cursor starts on the nearest candidate
 * (or the actor, when there is none). Once none waits, the committed choice is the beat's:
 * the beat is played, as a direct action's was. */
static int on_prompt_taken(play *p)
{
    screen_prompt *sp = &p->screen.prompt;
    sp->pick = 0;
    sp->entry[0] = '\0';
    sp->described = "";
    listen_to_mouse(sp->p.kind == CAIRN_PROMPT_SELECT);
    if (sp->p.kind == CAIRN_PROMPT_NONE) {
        p->pending_dir = NULL;
        return sp->p.committed ? step_beat(p) : next_seat(p);
    }
    if (sp->p.kind != CAIRN_PROMPT_SELECT)
        return SCREEN_GO_ON;
    int go = sp->p.cell_count ? move_cursor_to(p, sp->p.cells[0], sp->p.cells[1])
                              : move_cursor_to(p, sp->p.x, sp->p.y);
    if (go == SCREEN_GO_ON && p->pending_dir && !strcmp(sp->p.among, "direction"))
        return answer_pending_direction(p);
    return go;
}

/* Begins committing choice c; dir, when a movement key began it, answers its direction prompt.
 * A choice the session refuses (unavailable, or nothing to aim it at) is told. */
static int begin(play *p, const cairn_choice_entry *c, const char *dir)
{
    cairn_err st = cairn_session_choose(p->screen.h, c->name);
    if (st == CAIRN_ERR_STATE || st == CAIRN_ERR_INVALID) {
        tell_refusal(p);
        return SCREEN_GO_ON;
    }
    if (st)
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    p->pending_dir = dir;
    return next_prompt(p);
}

/* Does what a key asked of the prompt (keys.c). */
static int act(play *p, keys_action a)
{
    switch (a.what) {
    case KEYS_DO_ANSWER:
        return answer(p, a.text);
    case KEYS_DO_CURSOR:
        return move_cursor_to(p, a.x, a.y);
    case KEYS_DO_HINT:
        screen_notice(&p->screen, "%s", a.text);
        return SCREEN_GO_ON;
    default:
        return SCREEN_GO_ON;
    }
}

/* The map's cell a click is on: false for anything else the mouse reports. */
static bool clicked_cell(play *p, int32_t *x, int32_t *y)
{
    MEVENT ev;
    return getmouse(&ev) == OK && (ev.bstate & BUTTON1_CLICKED) &&
           screen_cell_at(&p->screen, ev.x, ev.y, x, y);
}

/* A click moves the cursor to the cell, and on a candidate chooses it too. */
static int on_click(play *p)
{
    int32_t x, y;
    if (!clicked_cell(p, &x, &y))
        return SCREEN_GO_ON;
    const cairn_prompt *pr = &p->screen.prompt.p;
    bool candidate = false;
    for (size_t i = 0; i < pr->cell_count; i++)
        candidate = candidate || (pr->cells[2 * i] == x && pr->cells[2 * i + 1] == y);
    int go = move_cursor_to(p, x, y);
    return go == SCREEN_GO_ON && candidate ? act(p, keys_answer_cursor(&p->screen.prompt)) : go;
}

/* ? and the log's keys, which work under any prompt: whether ch was one of them. */
static bool on_help_or_log_key(play *p, int ch)
{
    switch (ch) {
    case '?':
        screen_show_help(&p->screen);
        return true;
    case KEY_PPAGE:
        screen_scroll(&p->screen, 1);
        return true;
    case KEY_NPAGE:
        screen_scroll(&p->screen, -1);
        return true;
    default:
        return false;
    }
}

/* While a prompt waits, the keys answer it: Esc cancels it, ? shows the help and PgUp PgDn
 * scroll the log; nothing else of the game's keys (a menu's letters may be any of them). */
static int on_prompt_key(play *p, int ch)
{
    if (ch == CH_ESC)
        return cancel(p);
    if (on_help_or_log_key(p, ch))
        return SCREEN_GO_ON;
    /* An answer may play the beat: it waits, as a key that changes the game does, until the
     * player can see the game. */
    if (!screen_fits(&p->screen))
        return SCREEN_GO_ON;
    if (p->screen.prompt.p.kind == CAIRN_PROMPT_SELECT && ch == KEY_MOUSE)
        return on_click(p);
    return act(p, keys_on_prompt(&p->screen.prompt, key_of(ch)));
}

/* A key that is not the screen's own: the choice it triggers. The movement keys take the
 * choice whose key is "direction", with their direction; 5 on the keypad is ".". */
static int on_choice_key(play *p, int ch)
{
    const char *dir = direction_of(ch);
    const char *key = dir ? "direction" : NULL;
    char typed[2] = {0};
    if (!key && (ch == '5' || ch == KEY_B2))
        key = ".";
    if (!key && ch > ' ' && ch < 127) {
        typed[0] = (char)ch;
        key = typed;
    }
    const cairn_choice_entry *c = key ? choice_keyed(p, key) : NULL;
    return c ? begin(p, c, dir) : SCREEN_GO_ON;
}

/* --- travel and auto-explore ------------------------------------------------------------ */

/* How long a journey waits for a key between its beats: long enough to follow the walk, and to
 * stop it. */
#define JOURNEY_STEP_MS 40

static void clear_path(play *p)
{
    p->screen.path = NULL;
    p->screen.path_count = 0;
}

/* The way to the cursor's cell, drawn while a travel is aimed. */
static int show_way(play *p)
{
    cairn_travel_way way;
    const screen_prompt *sp = &p->screen.prompt;
    if (cairn_session_travel_way(p->screen.h, sp->x, sp->y, &way))
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    p->screen.path = way.cells;
    p->screen.path_count = way.cell_count;
    return SCREEN_GO_ON;
}

/* _: a cursor on the player, to pick where to go; the way there is drawn as it moves. */
static int aim_travel(play *p)
{
    cairn_travel_way way;
    if (cairn_session_travel_way(p->screen.h, -1, -1, &way))
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    p->screen.prompt.p = (cairn_prompt){.kind = CAIRN_PROMPT_SELECT,
                                        .choice = "travel",
                                        .name = "target",
                                        .text = "Go where?",
                                        .among = "cell",
                                        .x = way.x,
                                        .y = way.y};
    p->aiming = true;
    listen_to_mouse(true);
    int go = move_cursor_to(p, way.x, way.y);
    return go == SCREEN_GO_ON ? show_way(p) : go;
}

static void stop_aiming(play *p)
{
    p->aiming = false;
    p->screen.prompt.p.kind = CAIRN_PROMPT_NONE;
    listen_to_mouse(false);
    clear_path(p);
}

/* Plays the journey begun, a beat at a time, drawing the game after each (a travel with the
 * rest of its way); any key stops it, and is taken for nothing else. */
static int journey(play *p)
{
    for (;;) {
        screen_changed(&p->screen);
        if (screen_show(&p->screen) != SCREEN_GO_ON)
            return EXIT_FAILED;
        if (screen_poll_key(&p->screen, JOURNEY_STEP_MS) != ERR) {
            clear_path(p);
            if (cairn_session_travel_stop(p->screen.h))
                return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
            screen_notice(&p->screen, "Stopped");
            return SCREEN_GO_ON;
        }
        cairn_travel_step step;
        if (cairn_session_travel_step(p->screen.h, &step)) {
            clear_path(p);
            return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
        }
        p->screen.path = step.cells;
        p->screen.path_count = step.cell_count;
        if (!step.going) { /* a question inside the beat that ended it waits as a prompt */
            clear_path(p);
            screen_changed(&p->screen);
            if (step.why[0])
                tell(p, step.why);
            return next_prompt(p);
        }
    }
}

/* Enter, or a click: off to the cursor's cell. A cell with no way there is told, and the
 * cursor waits for another. */
static int travel_to_cursor(play *p)
{
    cairn_err st = cairn_session_travel(p->screen.h, p->screen.prompt.x, p->screen.prompt.y);
    if (st == CAIRN_ERR_STATE) {
        tell_refusal(p);
        return SCREEN_GO_ON;
    }
    if (st)
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    stop_aiming(p);
    return journey(p);
}

/* Tab: the cursor goes to the place worth travelling to after the one it is on (the first when
 * it is on none): the stairs, the items the player remembers; shift-Tab to the one before. */
static int next_place(play *p, bool back)
{
    const int32_t *cells;
    size_t n;
    if (cairn_session_travel_places(p->screen.h, &cells, &n))
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    if (!n) {
        screen_notice(&p->screen, "You remember no stairs or items on this floor");
        return SCREEN_GO_ON;
    }
    const screen_prompt *sp = &p->screen.prompt;
    size_t at = n;
    for (size_t i = 0; i < n; i++)
        if (cells[2 * i] == sp->x && cells[2 * i + 1] == sp->y)
            at = i;
    size_t next = at == n ? (back ? n - 1 : 0) : back ? (at + n - 1) % n : (at + 1) % n;
    int go = move_cursor_to(p, cells[2 * next], cells[2 * next + 1]);
    return go == SCREEN_GO_ON ? show_way(p) : go;
}

/* While a travel is aimed: the movement keys move the cursor, Tab goes through the places worth
 * going to, Enter or a click goes, Esc drops it; ? and the log's keys as ever. */
static int on_aim_key(play *p, int ch)
{
    if (ch == CH_ESC) {
        stop_aiming(p);
        screen_notice(&p->screen, "Cancelled: no beat passed");
        return SCREEN_GO_ON;
    }
    if (on_help_or_log_key(p, ch))
        return SCREEN_GO_ON;
    if (!screen_fits(&p->screen))
        return SCREEN_GO_ON;
    const char *dir = direction_of(ch);
    if (dir) {
        int go = act(p, keys_cursor_by(&p->screen.prompt, dir));
        return go == SCREEN_GO_ON ? show_way(p) : go;
    }
    if (ch == CH_TAB || ch == KEY_BTAB)
        return next_place(p, ch == KEY_BTAB);
    if (is_enter(ch))
        return travel_to_cursor(p);
    int32_t x, y;
    if (ch == KEY_MOUSE && clicked_cell(p, &x, &y)) {
        int go = move_cursor_to(p, x, y);
        return go == SCREEN_GO_ON ? travel_to_cursor(p) : go;
    }
    return SCREEN_GO_ON;
}

/* o: exploring, until something turns up. */
static int explore(play *p)
{
    cairn_err st = cairn_session_explore(p->screen.h);
    if (st == CAIRN_ERR_STATE) {
        tell_refusal(p);
        return SCREEN_GO_ON;
    }
    if (st)
        return screen_fail(&p->screen, "%s", cairn_lua_error(p->screen.h));
    return journey(p);
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

/* The terminal is gone: the game is saved for the next time, or lost with a word why, and
 * its replay written as Q writes it. */
static int hang_up(play *p)
{
    cairn_error err;
    if (cairn_save_write(p->screen.h, p->save_path, &err))
        return screen_fail(&p->screen, "the terminal is gone, and the game could not be saved: %s",
                           err.message);
    return write_record(p);
}

static int on_key(play *p, int ch)
{
    if (ch == EOF) /* a prompt waiting is kept by the save, to be asked again */
        return hang_up(p);
    p->screen.notice[0] = '\0';
    if (p->aiming)
        return on_aim_key(p, ch);
    if (p->screen.prompt.p.kind != CAIRN_PROMPT_NONE)
        return on_prompt_key(p, ch);
    switch (ch) {
    case 'Q':
        return save_and_quit(p);
    case '?':
        screen_show_help(&p->screen);
        return SCREEN_GO_ON;
    case CH_TAB:
        screen_show_reasons(&p->screen);
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
    if (ch == 'u')
        return undo(p);
    if (ch == '_')
        return aim_travel(p);
    if (ch == 'o')
        return explore(p);
    return on_choice_key(p, ch);
}

/* --- --watch: the packs reloaded ---------------------------------------------------------- */

/* Shows why a reload did not happen; the old content goes on. The why is a host's error, which
 * may hold lines (a pack's problems): the notice is one paragraph. */
static void tell_not_reloaded(play *p, const char *why)
{
    screen_notice(&p->screen, "Not reloaded, the game goes on as it was: %s", why);
    for (char *c = p->screen.notice; *c; c++)
        if (*c == '\n' || *c == '\t')
            *c = ' ';
}

/* The packs again, in a new host, and the game's inputs played again on it from its first
 * beat (the content may have changed anything, the first floor's making too, so no
 * checkpoint of the old content is a place to start from). The old host is kept until the
 * new one has played every beat it can, and kept instead when the new content fails. */
static int reload(play *p)
{
    p->reload_due = false;
    const char *text;
    if (cairn_session_record(p->screen.h, &text)) {
        tell_not_reloaded(p, cairn_lua_error(p->screen.h));
        return SCREEN_GO_ON;
    }
    char why[SCREEN_NOTICE_SIZE];
    cairn_lua *h = app_host_or_why(p->opt.packs, p->opt.pack_count, &p->opt.trust, why, sizeof why);
    if (!h) {
        tell_not_reloaded(p, why);
        return SCREEN_GO_ON;
    }
    cairn_session_rerun_result r;
    if (cairn_session_rerun(h, text, &r)) {
        tell_not_reloaded(p, cairn_lua_error(h));
        cairn_lua_destroy(h);
        return SCREEN_GO_ON;
    }
    cairn_lua_destroy(p->screen.h);
    p->screen.h = h;
    screen_changed(&p->screen);
    int go = play_in_person(p);
    if (go != SCREEN_GO_ON)
        return go;
    if (!r.beats) /* no beat to compare: the game is the new content's from its start */
        screen_notice(&p->screen, "Reloaded, at beat 0");
    else if (!r.differs_at)
        screen_notice(&p->screen, "Reloaded: the same game, to beat %llu",
                      (unsigned long long)r.played);
    else if (!r.stopped)
        screen_notice(&p->screen, "Reloaded: the game differs from beat %llu on (now beat %llu)",
                      (unsigned long long)r.differs_at, (unsigned long long)r.played);
    else
        screen_notice(&p->screen,
                      "Reloaded: the game differs from beat %llu on, and stops at beat "
                      "%llu of %llu: %s",
                      (unsigned long long)r.differs_at, (unsigned long long)r.played,
                      (unsigned long long)r.beats, r.stopped);
    return SCREEN_GO_ON;
}

/* The folders watched told of a change: the packs are reloaded, unless a choice is under way
 * (its prompts are the old content's), which the reload then waits for. */
static int on_watched(play *p)
{
    char why[SCREEN_NOTICE_SIZE];
    bool changed;
    if (!app_watch_changes(&p->watch, &changed, why, sizeof why)) {
        p->screen.watching = false;
        screen_notice(&p->screen, "No longer watching the packs: %s", why);
        return SCREEN_GO_ON;
    }
    p->screen.watch_fd = p->watch.fd;
    p->reload_due = p->reload_due || changed;
    return p->reload_due && p->screen.prompt.p.kind == CAIRN_PROMPT_NONE ? reload(p) : SCREEN_GO_ON;
}

/* --watch: the base game's folder and the packs'. */
static int open_watch(play *p)
{
    char why[SCREEN_NOTICE_SIZE];
    p->watch_dirs[0] = app_base_pack(p->opt.packs, p->opt.pack_count);
    for (int i = 0; i < p->opt.pack_count; i++)
        p->watch_dirs[i + 1] = p->opt.packs[i];
    if (!app_watch_open(&p->watch, p->watch_dirs, (size_t)p->opt.pack_count + 1, why, sizeof why))
        return screen_fail(&p->screen, "--watch: %s", why);
    p->screen.watching = true;
    p->screen.watch_fd = p->watch.fd;
    return EXIT_OK;
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
    if (ch == SCREEN_KEY_WATCHED)
        return on_watched(p);
    int go = p->screen.view.ended ? on_ending_key(p, ch) : on_key(p, ch);
    /* A change seen while a choice was under way, now that it is made or dropped. */
    if (go == SCREEN_GO_ON && p->reload_due && p->screen.prompt.p.kind == CAIRN_PROMPT_NONE)
        go = reload(p);
    return go;
}

int cmd_play(int argc, char **argv)
{
    play p = {.screen.command = "play", .screen.with_choices = true, .watch.fd = -1};
    int st = parse(argc, argv, &p.opt);
    if (st)
        return st < 0 ? EXIT_OK : st;
    /* Keys read from a pipe would play the game blind, and then save it. */
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return screen_fail(&p.screen, "it plays in a terminal (cairn sim plays headless)");
    /* The characters only: collation and numbers stay C's, so Lua compares and prints as it
     * does everywhere else and the game stays the same game. */
    setlocale(LC_CTYPE, "");
    st = open_host(&p);
    if (!st)
        st = open_game(&p);
    if (!st && p.opt.watch)
        st = open_watch(&p);
    if (!st)
        st = screen_open(&p.screen);
    if (!st)
        st = start_playing(&p);
    if (!st)
        st = screen_run(&p.screen, on_play_key, &p);
    screen_close(&p.screen);
    app_watch_close(&p.watch);
    cairn_lua_destroy(p.screen.h);
    return st;
}
