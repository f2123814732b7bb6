/*
 * game.c - a game played by keys, as `cairn play` plays it: the same session calls, in the
 * same order, for each key in each mode (the map, a choice's prompts, the travel cursor, the
 * game's end), the terminal left out. runtime/app/play.c is the model: a change to how it
 * turns a key into calls is made here too, but for what a key does to a choice's prompt, which
 * both take from runtime/app/keys.c. After each key the invariants are checked:
 *
 * - no call fails where the terminal would show the error (the game's end for the player),
 *   and nothing the player reads (the log, a refusal) holds a traceback or a runtime path;
 * - Q saves, and the save resumes in a new host to the checksum of the game saved;
 * - after a beat, undo and the same keys (every seat's, hot-seat) come back to the same
 *   checksum;
 * - a journey (travel, explore) ends within a step per cell of the floor;
 * - a reload of the same packs (--watch) plays the same game again;
 * - at the end, the game's replay verifies in a fresh host.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn/save.h"
#include "cairn/sight_lua.h"
#include "driver.h"

static const cairn_lua_config host_config = {.world_methods = cairn_sight_lua_methods};

/* The keys pressed since the game last waited on the map for the first input of a beat, to
 * press again after an undo. */
#define SINCE_MAX 64

struct driver_game {
    driver_setup setup;
    driver_counts *counts;
    driver_failure *f;
    bool failed, left;
    cairn_lua *h;
    /* What the screen holds, as play.c's game_screen. */
    cairn_view view;
    const cairn_choice_entry *choices;
    size_t choice_count;
    keys_prompt prompt;
    const char *pending_dir;
    bool aiming;
    bool stale;   /* the game changed since the screen last took the view */
    bool changed; /* the game changed since it last waited calmly */
    /* The undo check: the beat where the game last waited on the map for a beat's first input,
     * and the keys since. */
    uint64_t calm_beat;
    driver_key since[SINCE_MAX];
    size_t since_count;
    bool since_lost; /* more keys than kept, or keys that cannot be pressed again alike */
    int burst;       /* undos still to draw in a burst */
};

/* --- failures ------------------------------------------------------------------------------ */

/* The save's path, which changes from run to run, out of a failure's words. */
static void without_save_path(driver_game *g)
{
    char *why = g->f->why, *at;
    size_t len = strlen(g->setup.save_path);
    while ((at = strstr(why, g->setup.save_path)) != NULL) {
        memcpy(at, "FILE", 4);
        memmove(at + 4, at + len, strlen(at + len) + 1);
    }
}

static bool fail(driver_game *g, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail(driver_game *g, const char *kind, const char *fmt, ...)
{
    if (g->failed)
        return false;
    g->failed = true;
    snprintf(g->f->kind, sizeof g->f->kind, "%s", kind);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->f->why, sizeof g->f->why, fmt, ap);
    va_end(ap);
    without_save_path(g);
    return false;
}

/* An error the terminal would show as the game's end (play.c's screen_fail). */
static bool fail_call(driver_game *g, const char *what)
{
    return fail(g, "error", "%s: %s", what, cairn_lua_error(g->h));
}

/* Whether text the player reads shows the runtime's insides: a Lua traceback, a chunk name or
 * a path of the runtime's own scripts. */
static bool looks_internal(const char *text)
{
    static const char *const marks[] = {"traceback", "[string ", "[C]", "scripts/", ".c:"};
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (strstr(text, marks[i]))
            return true;
    return false;
}

/* A refusal the player is told (play.c's tell). */
static bool tell(driver_game *g, const char *what)
{
    const char *why = cairn_lua_error(g->h);
    if (looks_internal(why))
        return fail(g, "traceback", "%s was refused with: %s", what, why);
    return true;
}

/* --- the screen ---------------------------------------------------------------------------- */

/* What the player reads in the log just taken. */
static bool read_log(driver_game *g)
{
    for (size_t i = 0; i < g->view.message_count; i++)
        if (looks_internal(g->view.messages[i]))
            return fail(g, "traceback", "the log says: %s", g->view.messages[i]);
    return true;
}

/* What play.c's screen takes again after each change (screen.c's look). */
static bool look(driver_game *g)
{
    if (cairn_session_view(g->h, &g->view))
        return fail_call(g, "view");
    g->stale = false;
    const char *summary;
    if (g->view.ended && cairn_session_summary(g->h, NULL, &summary))
        return fail_call(g, "summary");
    g->choices = NULL;
    g->choice_count = 0;
    if (!g->view.ended && cairn_session_choices(g->h, &g->choices, &g->choice_count))
        return fail_call(g, "choices");
    return read_log(g);
}

static bool state_of(driver_game *g, cairn_lua *h, uint64_t *beat, char sum[17])
{
    cairn_session_state st;
    if (cairn_session_save_state(h, &st))
        return fail(g, "error", "state: %s", cairn_lua_error(h));
    *beat = st.beat;
    snprintf(sum, 17, "%s", st.checksum);
    return true;
}

/* A host with base and the pack of the game. */
static cairn_lua *new_host(driver_game *g)
{
    cairn_lua *h;
    cairn_error err;
    if (cairn_lua_create(&host_config, &h, &err)) {
        fail(g, "error", "host: %s", err.message);
        return NULL;
    }
    const char *failed = NULL;
    if (cairn_lua_load_pack(h, CAIRN_BASE_PACK))
        failed = "base";
    else if (g->setup.pack && cairn_lua_load_pack(h, g->setup.pack))
        failed = g->setup.pack;
    if (failed) {
        fail(g, "error", "%s: %s", failed, cairn_lua_error(h));
        cairn_lua_destroy(h);
        return NULL;
    }
    return h;
}

/* --- the beat and the prompts (play.c: step_beat, next_prompt, answer, begin, cancel) ----- */

static bool next_prompt(driver_game *g);
static bool on_prompt_taken(driver_game *g);

/* The beat, then what the screen shows after it in one call (play.c's step_beat). */
static bool step_beat(driver_game *g)
{
    cairn_session_end standing;
    if (cairn_session_step(g->h, &standing))
        return fail_call(g, "step");
    g->counts->beats++;
    g->changed = true;
    cairn_screen taken;
    if (cairn_session_screen(g->h, &taken))
        return fail_call(g, "screen");
    g->view = taken.view;
    g->choices = taken.choices;
    g->choice_count = taken.choice_count;
    g->stale = false;
    g->prompt.p = taken.prompt;
    return read_log(g) && on_prompt_taken(g);
}

static bool describe_cursor(driver_game *g)
{
    const char *text;
    cairn_err st = cairn_session_describe(g->h, g->prompt.x, g->prompt.y, &text);
    if (st && st != CAIRN_ERR_INVALID && st != CAIRN_ERR_BOUNDS)
        return fail_call(g, "describe");
    if (!st && looks_internal(text))
        return fail(g, "traceback", "the cursor's line says: %s", text);
    return true;
}

static bool move_cursor_to(driver_game *g, int32_t x, int32_t y)
{
    g->prompt.x = x < 0 ? 0 : x >= g->view.width ? g->view.width - 1 : x;
    g->prompt.y = y < 0 ? 0 : y >= g->view.height ? g->view.height - 1 : y;
    return describe_cursor(g);
}

static bool answer(driver_game *g, const char *text)
{
    cairn_err st = cairn_session_answer(g->h, text);
    if (st == CAIRN_ERR_INVALID)
        return tell(g, "an answer");
    if (st)
        return fail_call(g, "answer");
    return next_prompt(g);
}

static bool drop_choice(driver_game *g, bool *dropped)
{
    bool committed = false;
    if (cairn_session_cancel(g->h, &committed))
        return fail_call(g, "cancel");
    g->prompt.p.kind = CAIRN_PROMPT_NONE;
    g->pending_dir = NULL;
    *dropped = !committed;
    return committed ? step_beat(g) : true;
}

static bool answer_pending_direction(driver_game *g)
{
    const char *dir = g->pending_dir;
    g->pending_dir = NULL;
    cairn_err st = cairn_session_answer(g->h, dir);
    if (st == CAIRN_ERR_INVALID) {
        if (!tell(g, "a move"))
            return false;
        bool dropped = false;
        return g->prompt.p.cancel_costs ? true : drop_choice(g, &dropped);
    }
    if (st)
        return fail_call(g, "answer");
    return next_prompt(g);
}

static bool next_prompt(driver_game *g)
{
    if (cairn_session_prompt(g->h, &g->prompt.p))
        return fail_call(g, "prompt");
    return on_prompt_taken(g);
}

static bool on_prompt_taken(driver_game *g)
{
    g->prompt.pick = 0;
    g->prompt.entry[0] = '\0';
    if (g->prompt.p.kind == CAIRN_PROMPT_NONE) {
        g->pending_dir = NULL;
        return g->prompt.p.committed ? step_beat(g) : true;
    }
    if (g->prompt.p.kind != CAIRN_PROMPT_SELECT)
        return true;
    bool go = g->prompt.p.cell_count ? move_cursor_to(g, g->prompt.p.cells[0], g->prompt.p.cells[1])
                                     : move_cursor_to(g, g->prompt.p.x, g->prompt.p.y);
    if (go && g->pending_dir && !strcmp(g->prompt.p.among, "direction"))
        return answer_pending_direction(g);
    return go;
}

static bool begin(driver_game *g, const cairn_choice_entry *c, const char *dir)
{
    cairn_err st = cairn_session_choose(g->h, c->name);
    if (st == CAIRN_ERR_STATE || st == CAIRN_ERR_INVALID)
        return tell(g, c->name);
    if (st)
        return fail_call(g, "choose");
    g->pending_dir = dir;
    return next_prompt(g);
}

static bool undo(driver_game *g)
{
    cairn_err st = cairn_session_undo(g->h);
    if (st == CAIRN_ERR_STATE)
        return tell(g, "undo");
    if (st)
        return fail_call(g, "undo");
    g->counts->undos++;
    g->stale = g->changed = true;
    return true;
}

/* --- keys ---------------------------------------------------------------------------------- */

static bool cancel(driver_game *g)
{
    bool dropped;
    return drop_choice(g, &dropped);
}

/* Does what a key asked of the prompt (keys.c); the terminal's hints are not checked. */
static bool act(driver_game *g, keys_action a)
{
    switch (a.what) {
    case KEYS_DO_ANSWER:
        return answer(g, a.text);
    case KEYS_DO_CURSOR:
        return move_cursor_to(g, a.x, a.y);
    default:
        return true;
    }
}

static bool on_prompt_key(driver_game *g, int ch)
{
    if (ch == KEY_ESC_)
        return cancel(g);
    return act(g, keys_on_prompt(&g->prompt, ch));
}

static bool on_choice_key(driver_game *g, int ch)
{
    const char *dir = keys_direction(ch);
    const char *key = dir ? "direction" : NULL;
    char typed[2] = {0};
    if (!key && ch == '5')
        key = ".";
    if (!key && ch > ' ' && ch < 127) {
        typed[0] = (char)ch;
        key = typed;
    }
    for (size_t i = 0; key && i < g->choice_count; i++)
        if (!strcmp(g->choices[i].key, key))
            return begin(g, &g->choices[i], dir);
    return true;
}

/* --- journeys ------------------------------------------------------------------------------ */

/* Steps a beat at a time until the journey ends, or the key's pause is over (the next key
 * stops it), as play.c's journey does; a journey that goes on past a step per cell of the
 * floor does not end. */
/* A journey past its bound: where its last steps go, to tell a loop from a long walk. */
static bool endless(driver_game *g, const char *what, int32_t bound)
{
    char cells[200] = "";
    size_t used = 0;
    for (int i = 0; i < 8 && used < sizeof cells - 16; i++) {
        cairn_travel_way way;
        cairn_travel_step step;
        if (cairn_session_travel_way(g->h, -1, -1, &way) ||
            cairn_session_travel_step(g->h, &step) || !step.going)
            break;
        used +=
            (size_t)snprintf(cells + used, sizeof cells - used, " %d,%d", (int)way.x, (int)way.y);
    }
    return fail(g, "journey", "%s goes on past %d steps, through%s", what, (int)bound, cells);
}

static bool journey(driver_game *g, const char *what, int stop)
{
    g->counts->journeys++;
    int32_t bound = g->view.width * g->view.height;
    for (int32_t n = 0;; n++) {
        if (!look(g))
            return false;
        if (stop && n == stop)
            return cairn_session_travel_stop(g->h) ? fail_call(g, "travel_stop") : true;
        if (n > bound)
            return endless(g, what, bound);
        cairn_travel_step step;
        if (cairn_session_travel_step(g->h, &step))
            return fail_call(g, "travel_step");
        g->counts->beats++;
        g->changed = true;
        if (!step.going) {
            if (!look(g))
                return false;
            if (looks_internal(step.why))
                return fail(g, "traceback", "%s stopped with: %s", what, step.why);
            return next_prompt(g);
        }
    }
}

static bool show_way(driver_game *g)
{
    cairn_travel_way way;
    if (cairn_session_travel_way(g->h, g->prompt.x, g->prompt.y, &way))
        return fail_call(g, "travel_way");
    return true;
}

static bool aim_travel(driver_game *g)
{
    cairn_travel_way way;
    if (cairn_session_travel_way(g->h, -1, -1, &way))
        return fail_call(g, "travel_way");
    g->prompt.p = (cairn_prompt){.kind = CAIRN_PROMPT_SELECT,
                                 .choice = "travel",
                                 .name = "target",
                                 .text = "Go where?",
                                 .among = "cell",
                                 .x = way.x,
                                 .y = way.y};
    g->aiming = true;
    return move_cursor_to(g, way.x, way.y) && show_way(g);
}

static void stop_aiming(driver_game *g)
{
    g->aiming = false;
    g->prompt.p.kind = CAIRN_PROMPT_NONE;
}

static bool on_aim_key(driver_game *g, driver_key k)
{
    if (k.ch == KEY_ESC_) {
        stop_aiming(g);
        return true;
    }
    const char *dir = keys_direction(k.ch);
    if (dir)
        return act(g, keys_cursor_by(&g->prompt, dir)) && show_way(g);
    if (k.ch != KEY_ENTER_)
        return true;
    cairn_err st = cairn_session_travel(g->h, g->prompt.x, g->prompt.y);
    if (st == CAIRN_ERR_STATE)
        return tell(g, "travel");
    if (st)
        return fail_call(g, "travel");
    stop_aiming(g);
    return journey(g, "travel", k.stop);
}

static bool explore(driver_game *g, int stop)
{
    cairn_err st = cairn_session_explore(g->h);
    if (st == CAIRN_ERR_STATE)
        return tell(g, "explore");
    if (st)
        return fail_call(g, "explore");
    return journey(g, "explore", stop);
}

/* --- save and quit, reload ----------------------------------------------------------------- */

/* The session of the host is a person's (play.c's play_in_person and start_playing). */
static bool play_in_person(driver_game *g)
{
    if (cairn_session_set_interactive(g->h, true) ||
        cairn_session_set_auto_pass(g->h, !g->setup.ask_reactions))
        return fail_call(g, "interactive");
    g->prompt.p.kind = CAIRN_PROMPT_NONE;
    g->pending_dir = NULL;
    g->aiming = false;
    return true;
}

/* The host replaced by h, where the game goes on. */
static void take_host(driver_game *g, cairn_lua *h)
{
    cairn_lua_destroy(g->h);
    g->h = h;
    g->stale = g->changed = true;
}

/* Q, then `cairn play` again: the save resumes, in a new host, to the game saved. */
static bool save_and_resume(driver_game *g)
{
    uint64_t beat = 0, resumed_beat = 0;
    char sum[17], resumed[17];
    cairn_error err;
    if (!state_of(g, g->h, &beat, sum))
        return false;
    if (cairn_save_write(g->h, g->setup.save_path, &err))
        return fail(g, "save", "Q: not saved: %s", err.message);
    g->counts->saves++;
    cairn_lua *h = new_host(g);
    if (!h)
        return false;
    if (cairn_save_read(h, g->setup.save_path, &err)) {
        cairn_lua_destroy(h);
        return fail(g, "resume", "the save made at beat %llu does not resume: %s",
                    (unsigned long long)beat, err.message);
    }
    take_host(g, h);
    if (!state_of(g, g->h, &resumed_beat, resumed))
        return false;
    if (strcmp(sum, resumed) || beat != resumed_beat)
        return fail(g, "resume", "the save made at beat %llu (%s) resumes at beat %llu (%s)",
                    (unsigned long long)beat, sum, (unsigned long long)resumed_beat, resumed);
    return play_in_person(g) && next_prompt(g);
}

/* The packs reloaded unchanged (--watch): the game's inputs, played again on them, are the
 * same game. */
static bool reload(driver_game *g)
{
    uint64_t beat = 0, again_beat = 0;
    char sum[17], again[17];
    const char *text;
    if (!state_of(g, g->h, &beat, sum))
        return false;
    if (cairn_session_record(g->h, &text))
        return fail_call(g, "record");
    cairn_lua *h = new_host(g);
    if (!h)
        return false;
    cairn_session_rerun_result r;
    if (cairn_session_rerun(h, text, &r)) {
        fail(g, "reload", "the same packs reloaded: %s", cairn_lua_error(h));
        cairn_lua_destroy(h);
        return false;
    }
    g->counts->reloads++;
    take_host(g, h);
    if (r.differs_at || r.played != r.beats)
        return fail(g, "reload",
                    "the same packs reloaded differ from beat %llu (%llu of %llu played%s%s)",
                    (unsigned long long)r.differs_at, (unsigned long long)r.played,
                    (unsigned long long)r.beats, r.stopped ? ": " : "", r.stopped ? r.stopped : "");
    if (!state_of(g, g->h, &again_beat, again))
        return false;
    if (strcmp(sum, again) || beat != again_beat)
        return fail(g, "reload", "the same packs reloaded came to beat %llu (%s), not %llu (%s)",
                    (unsigned long long)again_beat, again, (unsigned long long)beat, sum);
    return play_in_person(g);
}

/* --- the key ------------------------------------------------------------------------------- */

static bool on_key(driver_game *g, driver_key k)
{
    int ch = k.ch;
    if (g->view.ended) {
        if (ch == 'u')
            return undo(g);
        if (ch == 'q' || ch == 'Q')
            g->left = true;
        return true;
    }
    if (g->aiming)
        return on_aim_key(g, k);
    if (g->prompt.p.kind != CAIRN_PROMPT_NONE)
        return on_prompt_key(g, ch);
    switch (ch) {
    case 'Q':
        return save_and_resume(g);
    case KEY_RELOAD_:
        return reload(g);
    case 'u':
        return undo(g);
    case '_':
        return aim_travel(g);
    case 'o':
        return explore(g, k.stop);
    case '?':
    case KEY_TAB_:
    case 'q':
    case '<':
    case '>':
    case KEY_PGUP_:
    case KEY_PGDN_:
        return true; /* the screen's own: help, reasons, the log */
    default:
        return on_choice_key(g, ch);
    }
}

/* Whether the game waits on the map for a key, with no choice under way. */
static bool calm(const driver_game *g)
{
    return !g->aiming && g->prompt.p.kind == CAIRN_PROMPT_NONE && !g->view.ended && !g->left;
}

/* Keys that do not do the same when pressed again after an undo: a journey may stop
 * elsewhere (the undo takes back one step of it), save and reload replace the host. */
static bool presses_alike(driver_key k)
{
    return k.ch != 'o' && k.ch != KEY_ENTER_ && k.ch != 'Q' && k.ch != KEY_RELOAD_ && k.ch != 'u';
}

static bool press(driver_game *g, driver_key k);

/* After a beat: undo it, press the keys that made it again, and come back to the same game. */
static bool check_undo(driver_game *g, uint64_t beat, const char *sum)
{
    cairn_err st = cairn_session_undo(g->h);
    if (st == CAIRN_ERR_STATE)
        return fail(g, "undo", "the beat just played (%llu) cannot be undone: %s",
                    (unsigned long long)beat, cairn_lua_error(g->h));
    if (st)
        return fail(g, "undo", "undo after beat %llu: %s", (unsigned long long)beat,
                    cairn_lua_error(g->h));
    g->counts->checks++;
    if (!look(g))
        return false;
    for (size_t i = 0; i < g->since_count && press(g, g->since[i]); i++)
        ;
    uint64_t again_beat = 0;
    char again[17];
    if (g->failed || !state_of(g, g->h, &again_beat, again))
        return false;
    if (again_beat != beat || strcmp(again, sum))
        return fail(g, "undo",
                    "undo after beat %llu and the same keys came to beat %llu (%s), "
                    "not %s",
                    (unsigned long long)beat, (unsigned long long)again_beat, again, sum);
    return true;
}

/* Whether a seat has given its input for the next beat, in a game of several seats where the
 * beat waits for the others' (hot-seat): the keys of the beat are every seat's, so the beat is
 * not yet a point to undo to, nor one to start counting its keys from. */
static bool beat_begun(driver_game *g, bool *begun)
{
    size_t seats;
    *begun = false;
    if (cairn_session_seats(g->h, &seats))
        return fail_call(g, "seats");
    for (size_t seat = 1; seat <= seats && seats > 1 && !*begun; seat++) {
        cairn_prompt p;
        if (cairn_session_seat_prompt(g->h, seat, &p))
            return fail_call(g, "seat_prompt");
        *begun = p.kind == CAIRN_PROMPT_NONE && p.committed;
    }
    return true;
}

/* The undo check's bookkeeping after a key: where the game waits calmly again for the first
 * input of a beat, one beat on from where it last did, the beat is undone and made again
 * (undo asks every seat again, so the keys made again are every seat's). */
static bool after_key(driver_game *g, driver_key k)
{
    if (g->since_count < SINCE_MAX)
        g->since[g->since_count++] = k;
    else
        g->since_lost = true;
    g->since_lost = g->since_lost || !presses_alike(k);
    if (!calm(g))
        return true;
    bool begun;
    if (!beat_begun(g, &begun))
        return false;
    if (begun)
        return true;
    if (!g->changed) { /* the same beat: the keys since made none */
        g->since_count = 0;
        g->since_lost = false;
        return true;
    }
    g->changed = false;
    uint64_t beat = 0;
    char sum[17];
    if (!state_of(g, g->h, &beat, sum))
        return false;
    bool check = !g->since_lost && beat == g->calm_beat + 1 && g->setup.undo_every &&
                 beat % (uint64_t)g->setup.undo_every == 0;
    if (check && !check_undo(g, beat, sum))
        return false;
    g->changed = false; /* the check's undo and keys came back to the same game */
    g->calm_beat = beat;
    g->since_count = 0;
    g->since_lost = false;
    return true;
}

static bool press(driver_game *g, driver_key k)
{
    return on_key(g, k) && (g->left || !g->stale || look(g));
}

bool driver_game_press(driver_game *g, driver_key k, driver_failure *f)
{
    g->f = f;
    if (g->failed || g->left)
        return !g->failed;
    g->counts->keys++;
    cairn_lua_stats before, after;
    cairn_lua_get_stats(g->h, &before);
    cairn_lua *h = g->h;
    bool pressed = press(g, k);
    if (g->setup.crossings && h == g->h) { /* not a key that replaced the host */
        char name[16];
        cairn_lua_get_stats(g->h, &after);
        driver_key_name(k, name, sizeof name);
        fprintf(g->setup.crossings, "  %s: %llu calls into Lua\n", name,
                (unsigned long long)(after.entries - before.entries));
    }
    return pressed && after_key(g, k);
}

bool driver_game_over(const driver_game *g)
{
    return g->failed || g->left;
}

driver_game *driver_game_start(const driver_setup *setup, driver_failure *f, driver_counts *counts)
{
    driver_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->setup = *setup;
    g->counts = counts;
    g->f = f;
    counts->games++;
    char sum[17];
    g->h = new_host(g);
    if (g->h && cairn_session_start(g->h, setup->game, setup->seed))
        fail_call(g, "start");
    if (g->h && !g->failed && play_in_person(g) && next_prompt(g) && look(g))
        state_of(g, g->h, &g->calm_beat, sum);
    return g;
}

void driver_game_free(driver_game *g)
{
    if (!g)
        return;
    cairn_lua_destroy(g->h);
    free(g);
}

/* The replay of the game so far, in a fresh host: every beat comes to what it recorded. */
bool driver_game_finish(driver_game *g, driver_failure *f)
{
    g->f = f;
    if (g->failed)
        return false;
    const char *text;
    if (cairn_session_record(g->h, &text))
        return fail_call(g, "record");
    cairn_lua *h = new_host(g);
    if (!h)
        return false;
    uint64_t beats = 0;
    cairn_err st = cairn_session_replay_start(h, text, &beats);
    bool done = beats == 0;
    while (!st && !done)
        st = cairn_session_replay_step(h, &done);
    const char *incomplete;
    if (!st)
        st = cairn_session_replay_finish(h, &incomplete);
    if (st)
        fail(g, "replay", "the game's replay does not verify: %s", cairn_lua_error(h));
    else
        g->counts->replays++;
    cairn_lua_destroy(h);
    return !g->failed;
}

/* --- drawing keys -------------------------------------------------------------------------- */

static uint64_t next_random(uint64_t *s)
{
    /* splitmix64: the driver's own generator, apart from the game's. */
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int below(uint64_t *rng, int n)
{
    return (int)(next_random(rng) % (uint64_t)n);
}

static const int move_chars[] = {'h', 'j', 'k',     'l',       'y',       'U',       'b',
                                 'n', '1', '2',     '3',       '4',       '6',       '7',
                                 '8', '9', KEY_UP_, KEY_DOWN_, KEY_LEFT_, KEY_RIGHT_};
#define MOVES ((int)(sizeof move_chars / sizeof move_chars[0]))

static int a_move(uint64_t *rng)
{
    return move_chars[below(rng, MOVES)];
}

/* A journey's pause: most run until they end by themselves. */
static int a_pause(uint64_t *rng)
{
    return below(rng, 3) ? 0 : 1 + below(rng, 12);
}

static driver_key on_map(driver_game *g, uint64_t *rng)
{
    static const int screen_keys[] = {'?',       KEY_TAB_, 'q', '<', '>',      KEY_PGUP_,
                                      KEY_PGDN_, '.',      '5', 'x', KEY_ESC_, KEY_ENTER_};
    int r = below(rng, 100);
    if (r < 40)
        return (driver_key){a_move(rng), 0};
    if (r < 65 && g->choice_count) {
        const char *key = g->choices[below(rng, (int)g->choice_count)].key;
        if (strlen(key) == 1)
            return (driver_key){key[0], 0};
        return (driver_key){a_move(rng), 0};
    }
    if (r < 72) {
        g->burst = below(rng, 3) ? 0 : below(rng, 24); /* past the oldest checkpoint, too */
        return (driver_key){'u', 0};
    }
    if (r < 77)
        return (driver_key){'_', 0};
    if (r < 81)
        return (driver_key){'o', a_pause(rng)};
    if (r < 83)
        return (driver_key){'Q', 0};
    if (r < 84)
        return (driver_key){KEY_RELOAD_, 0};
    return (driver_key){screen_keys[below(rng, (int)(sizeof screen_keys / sizeof screen_keys[0]))],
                        0};
}

static driver_key on_prompt(driver_game *g, uint64_t *rng)
{
    int r = below(rng, 100);
    if (r < 10)
        return (driver_key){KEY_ESC_, 0};
    if (r < 13)
        return (driver_key){below(rng, 2) ? '?' : KEY_PGUP_, 0};
    switch (g->prompt.p.kind) {
    case CAIRN_PROMPT_PICK: {
        if (r < 30)
            return (driver_key){below(rng, 2) ? KEY_UP_ : KEY_DOWN_, 0};
        if (r < 40)
            return (driver_key){KEY_ENTER_, 0};
        int n = (int)g->prompt.p.option_count + 2; /* a wrong one too */
        int o = below(rng, n);
        return (driver_key){o < 9 ? '1' + o : 'a' + (o - 9) % 26, 0};
    }
    case CAIRN_PROMPT_NUMBER:
        if (r < 40)
            return (driver_key){KEY_ENTER_, 0};
        if (r < 48)
            return (driver_key){below(rng, 2) ? KEY_BACKSPACE_ : '-', 0};
        return (driver_key){'0' + below(rng, 10), 0};
    case CAIRN_PROMPT_CONFIRM: {
        static const int yes_no[] = {'y', 'n', 'Y', 'N', 'x', KEY_ENTER_};
        return (driver_key){yes_no[below(rng, r < 80 ? 2 : 6)], 0};
    }
    case CAIRN_PROMPT_SELECT:
        if (r < 55)
            return (driver_key){a_move(rng), 0};
        if (r < 70)
            return (driver_key){below(rng, 3) ? KEY_TAB_ : KEY_BTAB_, 0};
        return (driver_key){KEY_ENTER_, 0};
    default:
        return (driver_key){KEY_ESC_, 0};
    }
}

static driver_key draw(driver_game *g, uint64_t *rng)
{
    if (g->burst > 0 && !g->view.ended) {
        g->burst--;
        return (driver_key){'u', 0};
    }
    if (g->view.ended)
        return (driver_key){below(rng, 4) ? 'u' : 'q', 0};
    if (g->aiming) {
        int r = below(rng, 100);
        if (r < 8)
            return (driver_key){KEY_ESC_, 0};
        if (r < 30)
            return (driver_key){KEY_ENTER_, a_pause(rng)};
        return (driver_key){a_move(rng), 0};
    }
    if (g->prompt.p.kind != CAIRN_PROMPT_NONE)
        return on_prompt(g, rng);
    return on_map(g, rng);
}

/* --- a whole sequence ---------------------------------------------------------------------- */

bool driver_play(const driver_setup *setup, const driver_key *keys, size_t count, driver_failure *f,
                 driver_counts *counts)
{
    driver_game *g = driver_game_start(setup, f, counts);
    if (!g)
        return false;
    for (size_t i = 0; i < count && !driver_game_over(g); i++)
        driver_game_press(g, keys[i], f);
    bool passed = driver_game_finish(g, f);
    driver_game_free(g);
    return passed;
}

driver_key driver_game_draw(driver_game *g, uint64_t *rng)
{
    for (;;) {
        driver_key k = draw(g, rng);
        bool skipped = false;
        for (size_t i = 0; i < g->setup.skip_count; i++)
            skipped = skipped || g->setup.skip[i] == k.ch;
        if (!skipped)
            return k;
    }
}
