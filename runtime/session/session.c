/*
 * session.c - the game session's C side: starting, inputs, bots, beats, undo, the front end's
 * view, saved states and replays. Each is a call into the runtime's scripts (scripts/session/)
 * through the host's calls (cairn/lua.h), with the tables they return read into the structs
 * of cairn/session.h by cairn_lua_read, each struct described beside its call.
 *
 * What the structs point at belongs to the host: the Lua values are anchored in the registry
 * under one key per kind of result, and the arrays cairn_lua_read makes live in them, so the
 * next call of the same kind lets the collector have the last one's.
 */
#include <stddef.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "cairn/session.h"

static cairn_err call_runtime(cairn_lua *h, const char *name, const char *arg, int results)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, name);
    if (arg)
        lua_pushstring(L, arg);
    return cairn_lua_call(h, arg ? 1 : 0, results);
}

/* Anchors the value on top of the stack (leaving it there) in the registry under key: it stays
 * alive until the next anchor under the same key. */
static void anchor(lua_State *L, const char *key)
{
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, key);
}

cairn_err cairn_session_start(cairn_lua *h, const char *game, uint64_t seed)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, "session.flow.start");
    lua_pushstring(L, game);
    lua_pushinteger(L, (lua_Integer)seed);
    return cairn_lua_call(h, 2, 0);
}

/* The seat a call is for, as the scripts take it last: nil for 0, the seat the game waits
 * for. */
static void push_seat(lua_State *L, size_t seat)
{
    if (seat)
        lua_pushinteger(L, (lua_Integer)seat);
    else
        lua_pushnil(L);
}

/* Calls the runtime function `name` with arg (or nil) and the seat, for `results` results. */
static cairn_err call_for_seat(cairn_lua *h, const char *name, const char *arg, size_t seat,
                               int results)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, name);
    lua_pushstring(L, arg);
    push_seat(L, seat);
    return cairn_lua_call(h, 2, results);
}

cairn_err cairn_session_seat_input(cairn_lua *h, size_t seat, const char *action, const char *dir)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, "session.flow.input");
    lua_pushstring(L, action);
    lua_pushstring(L, dir ? dir : "");
    push_seat(L, seat);
    return cairn_lua_call(h, 3, 0);
}

cairn_err cairn_session_input(cairn_lua *h, const char *action, const char *dir)
{
    return cairn_session_seat_input(h, 0, action, dir);
}

cairn_err cairn_session_seat_bot(cairn_lua *h, size_t seat, const char *bot)
{
    return call_for_seat(h, "session.flow.bot", bot, seat, 0);
}

cairn_err cairn_session_bot(cairn_lua *h, const char *bot)
{
    return cairn_session_seat_bot(h, 0, bot);
}

/* Calls the runtime function `name`, which returns a count, into *out. */
static cairn_err count_result(cairn_lua *h, const char *name, size_t *out)
{
    lua_State *L = cairn_lua_state(h);
    cairn_err st = call_runtime(h, name, NULL, 1);
    if (st)
        return st;
    lua_Integer n = lua_tointeger(L, -1);
    lua_pop(L, 1);
    *out = n > 0 ? (size_t)n : 0;
    return CAIRN_OK;
}

cairn_err cairn_session_seats(cairn_lua *h, size_t *count)
{
    return count_result(h, "session.flow.seats", count);
}

cairn_err cairn_session_turn(cairn_lua *h, size_t *seat)
{
    return count_result(h, "session.flow.turn", seat);
}

cairn_err cairn_session_answer_ms(cairn_lua *h, int64_t *ms)
{
    size_t n = 0;
    cairn_err st = count_result(h, "session.flow.answer_ms", &n);
    *ms = (int64_t)n;
    return st;
}

/* Calls the runtime function `name`, which returns how the game stands ("playing", "won",
 * "died", "lost"; nil when a step found it over), into *ended. */
static cairn_err game_standing(cairn_lua *h, const char *name, cairn_session_end *ended)
{
    static const char *const names[] = {"playing", "won", "died", "lost", "asking", NULL};
    lua_State *L = cairn_lua_state(h);
    cairn_err st = call_runtime(h, name, NULL, 1);
    if (st)
        return st;
    const char *state = lua_tostring(L, -1);
    int i = 0;
    while (state && names[i] && strcmp(names[i], state))
        i++;
    lua_pop(L, 1);
    if (!state)
        return cairn_lua_fail(h, CAIRN_ERR_STATE, "the game is over: start another");
    if (ended)
        *ended = (cairn_session_end)i;
    return CAIRN_OK;
}

cairn_err cairn_session_step(cairn_lua *h, cairn_session_end *ended)
{
    return game_standing(h, "session.flow.step", ended);
}

cairn_err cairn_session_standing(cairn_lua *h, cairn_session_end *ended)
{
    return game_standing(h, "session.flow.standing", ended);
}

/* Calls the runtime function `name` (with arg, when not NULL) for the text it returns, which
 * stays alive, anchored under `key`, until the next call of the same kind; *text is NULL when
 * it returned none. */
static cairn_err text_result(cairn_lua *h, const char *name, const char *arg, const char *key,
                             const char **text)
{
    lua_State *L = cairn_lua_state(h);
    cairn_err st = call_runtime(h, name, arg, 1);
    if (st)
        return st;
    anchor(L, key);
    *text = lua_tostring(L, -1);
    lua_pop(L, 1);
    return CAIRN_OK;
}

cairn_err cairn_session_summary(cairn_lua *h, const char *unfinished, const char **text)
{
    return text_result(h, "session.flow.summary", unfinished ? unfinished : "playing",
                       "cairn.game_summary", text);
}

cairn_err cairn_session_log_start(cairn_lua *h)
{
    return call_runtime(h, "session.beat_log.start", NULL, 0);
}

cairn_err cairn_session_log(cairn_lua *h, const char **text)
{
    return text_result(h, "session.beat_log.lines", NULL, "cairn.beat_log", text);
}

cairn_err cairn_session_undo(cairn_lua *h)
{
    lua_State *L = cairn_lua_state(h);
    cairn_err st = call_runtime(h, "session.flow.undo", NULL, 2);
    if (st)
        return st;
    bool undone = lua_toboolean(L, -2);
    if (!undone)
        st = cairn_lua_fail(h, CAIRN_ERR_STATE, "%s", lua_tostring(L, -1));
    lua_pop(L, 2);
    return st;
}

/* --- what the calls return, read into the header's structs (cairn_lua_read) -------------- */

/* A field of struct S read from the key named as its member m; LIST's length goes to member
 * n; STRING_OR's reads as fallback fb when the table has none; RECORDS are an array of the
 * records r; BYTES may hold NULs (a cairn_session_bytes). */
/* clang-format off */
#define FIELD(S, m, t, req)                                                                        \
    {.name = #m, .type = (t), .required = (req), .offset = offsetof(S, m),                         \
     .count = CAIRN_LUA_NO_COUNT}
#define LIST(S, m, t, req, n)                                                                      \
    {.name = #m, .type = (t), .required = (req), .offset = offsetof(S, m), .count = offsetof(S, n)}
#define STRING_OR(S, m, fb)                                                                        \
    {.name = #m, .type = CAIRN_LUA_STRING, .offset = offsetof(S, m), .count = CAIRN_LUA_NO_COUNT,   \
     .fallback = (fb)}
#define RECORDS(S, m, n, r)                                                                        \
    {.name = #m, .type = CAIRN_LUA_RECORDS, .required = true, .offset = offsetof(S, m),            \
     .count = offsetof(S, n), .record = (r)}
#define BYTES(S, m)                                                                                \
    {.name = #m, .type = CAIRN_LUA_STRING, .offset = offsetof(S, m.data),                          \
     .count = offsetof(S, m.size)}
#define RECORD(what, S, fields) {what, sizeof(S), fields, sizeof fields / sizeof fields[0]}
/* clang-format on */

/* Reads the result on top of the stack, anchored under key, with r; pops it. */
static cairn_err read_result(cairn_lua *h, const char *key, const cairn_lua_record *r, void *out)
{
    lua_State *L = cairn_lua_state(h);
    anchor(L, key);
    cairn_err st = cairn_lua_read(h, -1, r, out);
    lua_pop(L, 1);
    return st;
}

/* As read_result, for a result that is an array of r's records. */
static cairn_err read_results(cairn_lua *h, const char *key, const cairn_lua_record *r,
                              const void **items, size_t *count)
{
    lua_State *L = cairn_lua_state(h);
    anchor(L, key);
    cairn_err st = cairn_lua_read_array(h, -1, r, items, count);
    lua_pop(L, 1);
    return st;
}

/* --- the view ---------------------------------------------------------------------------- */

static const cairn_lua_field view_fields[] = {
    FIELD(cairn_view, width, CAIRN_LUA_INT32, true),
    FIELD(cairn_view, height, CAIRN_LUA_INT32, true),
    FIELD(cairn_view, glyphs, CAIRN_LUA_STRINGS, true),
    FIELD(cairn_view, colors, CAIRN_LUA_STRINGS, true),
    FIELD(cairn_view, marks, CAIRN_LUA_STRINGS, true),
    LIST(cairn_view, messages, CAIRN_LUA_STRINGS, true, message_count),
    FIELD(cairn_view, header, CAIRN_LUA_STRING, false),
    FIELD(cairn_view, ended, CAIRN_LUA_STRING, false),
    FIELD(cairn_view, fresh, CAIRN_LUA_SIZE, false),
    LIST(cairn_view, panel, CAIRN_LUA_STRINGS, false, panel_count),
    FIELD(cairn_view, panel_dim, CAIRN_LUA_STRING, false),
    FIELD(cairn_view, seat, CAIRN_LUA_SIZE, false),
    FIELD(cairn_view, seats, CAIRN_LUA_SIZE, false),
};
static const cairn_lua_record view_record = RECORD("session view", cairn_view, view_fields);

/* A panel is drawn only with a byte a line saying how. */
static void panel_fits(cairn_view *v)
{
    if (!v->panel_dim || strlen(v->panel_dim) < v->panel_count)
        v->panel_count = 0;
}

cairn_err cairn_session_view(cairn_lua *h, cairn_view *out)
{
    cairn_err st = call_runtime(h, "session.view.build", NULL, 1);
    if (st)
        return st;
    *out = (cairn_view){0};
    st = read_result(h, "cairn.game_view", &view_record, out);
    panel_fits(out);
    return st;
}

/* --- choices ----------------------------------------------------------------------------- */

static const cairn_lua_field choice_fields[] = {
    FIELD(cairn_choice_entry, name, CAIRN_LUA_STRING, true),
    FIELD(cairn_choice_entry, label, CAIRN_LUA_STRING, true),
    FIELD(cairn_choice_entry, key, CAIRN_LUA_STRING, true),
    FIELD(cairn_choice_entry, available, CAIRN_LUA_BOOL, false),
    STRING_OR(cairn_choice_entry, reason, ""),
};
static const cairn_lua_record choice_record =
    RECORD("session choices", cairn_choice_entry, choice_fields);

cairn_err cairn_session_seat_choices(cairn_lua *h, size_t seat, const cairn_choice_entry **list,
                                     size_t *count)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, "session.flow.choices");
    push_seat(L, seat);
    cairn_err st = cairn_lua_call(h, 1, 1);
    if (st)
        return st;
    return read_results(h, "cairn.game_choices", &choice_record, (const void **)list, count);
}

cairn_err cairn_session_choices(cairn_lua *h, const cairn_choice_entry **list, size_t *count)
{
    return cairn_session_seat_choices(h, 0, list, count);
}

/* The scripts refuse (a closed choice, an answer a prompt does not take) with a Lua error,
 * which comes back as CAIRN_ERR_HANDLER: the call says what it means instead. */
static cairn_err refusal(cairn_err st, cairn_err as)
{
    return st == CAIRN_ERR_HANDLER ? as : st;
}

cairn_err cairn_session_seat_choose(cairn_lua *h, size_t seat, const char *name)
{
    return refusal(call_for_seat(h, "session.flow.begin", name, seat, 0), CAIRN_ERR_STATE);
}

cairn_err cairn_session_choose(cairn_lua *h, const char *name)
{
    return cairn_session_seat_choose(h, 0, name);
}

/* A prompt's kind by its name; an unknown one is none. */
static bool read_prompt_kind(lua_State *L, int idx, void *out)
{
    static const char *const kinds[] = {"", "pick", "number", "confirm", "select", NULL};
    cairn_prompt *p = out;
    const char *kind = lua_type(L, idx) == LUA_TSTRING ? lua_tostring(L, idx) : NULL;
    for (int i = 1; kind && kinds[i]; i++)
        if (!strcmp(kind, kinds[i]))
            p->kind = (cairn_prompt_kind)i;
    return kind || lua_isnil(L, idx);
}

static const cairn_lua_field prompt_fields[] = {
    {.name = "kind", .type = CAIRN_LUA_CUSTOM, .read = read_prompt_kind, .expected = "a string"},
    FIELD(cairn_prompt, choice, CAIRN_LUA_STRING, false),
    FIELD(cairn_prompt, name, CAIRN_LUA_STRING, false),
    FIELD(cairn_prompt, text, CAIRN_LUA_STRING, false),
    FIELD(cairn_prompt, cancel_costs, CAIRN_LUA_BOOL, false),
    LIST(cairn_prompt, options, CAIRN_LUA_STRINGS, true, option_count),
    FIELD(cairn_prompt, min, CAIRN_LUA_INT64, false),
    FIELD(cairn_prompt, max, CAIRN_LUA_INT64, false),
    FIELD(cairn_prompt, among, CAIRN_LUA_STRING, false),
    FIELD(cairn_prompt, x, CAIRN_LUA_INT32, false),
    FIELD(cairn_prompt, y, CAIRN_LUA_INT32, false),
    FIELD(cairn_prompt, range, CAIRN_LUA_INT32, false),
    FIELD(cairn_prompt, area, CAIRN_LUA_INT32, false),
    LIST(cairn_prompt, cells, CAIRN_LUA_PAIRS, true, cell_count),
    FIELD(cairn_prompt, seat, CAIRN_LUA_SIZE, false),
};
static const cairn_lua_record prompt_record = RECORD("session prompt", cairn_prompt, prompt_fields);

cairn_err cairn_session_seat_prompt(cairn_lua *h, size_t seat, cairn_prompt *out)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, "session.flow.front_end_prompt");
    push_seat(L, seat);
    cairn_err st = cairn_lua_call(h, 1, 2);
    if (st)
        return st;
    *out = (cairn_prompt){0};
    if (lua_isnil(L, -2)) {
        out->committed = lua_toboolean(L, -1);
        lua_pop(L, 2);
        return CAIRN_OK;
    }
    lua_pop(L, 1);
    return read_result(h, "cairn.game_prompt", &prompt_record, out);
}

cairn_err cairn_session_prompt(cairn_lua *h, cairn_prompt *out)
{
    return cairn_session_seat_prompt(h, 0, out);
}

static const cairn_lua_field frame_fields[] = {
    FIELD(cairn_frame, label, CAIRN_LUA_STRING, false),
    FIELD(cairn_frame, effect, CAIRN_LUA_STRING, false),
    FIELD(cairn_frame, timed, CAIRN_LUA_BOOL, false),
    LIST(cairn_frame, cells, CAIRN_LUA_PAIRS, true, cell_count),
    LIST(cairn_frame, waiting, CAIRN_LUA_STRINGS, true, waiting_count),
    LIST(cairn_frame, changes, CAIRN_LUA_STRINGS, true, change_count),
};
static const cairn_lua_record frame_record = RECORD("session frames", cairn_frame, frame_fields);

cairn_err cairn_session_frames(cairn_lua *h, const cairn_frame **list, size_t *count)
{
    cairn_err st = call_runtime(h, "session.flow.frames", NULL, 1);
    if (st)
        return st;
    return read_results(h, "cairn.game_frames", &frame_record, (const void **)list, count);
}

/* --- the screen: the calls above in one ------------------------------------------------- */

static const cairn_lua_field screen_fields[] = {
    {.name = "frames",
     .type = CAIRN_LUA_RECORDS,
     .required = true,
     .offset = offsetof(cairn_screen, frames),
     .count = offsetof(cairn_screen, frame_count),
     .record = &frame_record},
    {.name = "prompt",
     .type = CAIRN_LUA_RECORD,
     .offset = offsetof(cairn_screen, prompt),
     .record = &prompt_record},
    {.name = "committed",
     .type = CAIRN_LUA_BOOL,
     .offset = offsetof(cairn_screen, prompt.committed),
     .count = CAIRN_LUA_NO_COUNT},
    {.name = "view",
     .type = CAIRN_LUA_RECORD,
     .required = true,
     .offset = offsetof(cairn_screen, view),
     .record = &view_record},
    FIELD(cairn_screen, summary, CAIRN_LUA_STRING, false),
    {.name = "choices",
     .type = CAIRN_LUA_RECORDS,
     .offset = offsetof(cairn_screen, choices),
     .count = offsetof(cairn_screen, choice_count),
     .record = &choice_record},
};
static const cairn_lua_record screen_record = RECORD("session screen", cairn_screen, screen_fields);

cairn_err cairn_session_screen(cairn_lua *h, cairn_screen *out)
{
    cairn_err st = call_runtime(h, "session.view.screen", NULL, 1);
    if (st)
        return st;
    *out = (cairn_screen){0};
    st = read_result(h, "cairn.game_screen", &screen_record, out);
    panel_fits(&out->view);
    return st;
}

cairn_err cairn_session_seat_screen(cairn_lua *h, size_t seat, cairn_screen *out)
{
    lua_State *L = cairn_lua_state(h);
    size_t count;
    *out = (cairn_screen){0};
    cairn_err st = cairn_session_seats(h, &count);
    if (st)
        return st;
    if (seat > count)
        return cairn_lua_fail(h, CAIRN_ERR_INVALID, "there is no seat %zu: the game has %zu", seat,
                              count);
    cairn_lua_push_runtime(L, "session.view.seat_screen");
    lua_pushinteger(L, (lua_Integer)seat);
    st = cairn_lua_call(h, 1, 1);
    if (st)
        return st;
    st = read_result(h, "cairn.game_seat_screen", &screen_record, out);
    panel_fits(&out->view);
    return st;
}

cairn_err cairn_session_share_preview(cairn_lua *h, bool on)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, "session.view.share_preview");
    lua_pushboolean(L, on);
    return cairn_lua_call(h, 1, 0);
}

cairn_err cairn_session_seat_answer(cairn_lua *h, size_t seat, const char *answer)
{
    return refusal(call_for_seat(h, "session.flow.answer", answer, seat, 0), CAIRN_ERR_INVALID);
}

cairn_err cairn_session_answer(cairn_lua *h, const char *answer)
{
    return cairn_session_seat_answer(h, 0, answer);
}

cairn_err cairn_session_seat_cancel(cairn_lua *h, size_t seat, bool *committed)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, "session.flow.cancel");
    push_seat(L, seat);
    cairn_err st = cairn_lua_call(h, 1, 1);
    if (st)
        return st;
    if (committed)
        *committed = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return CAIRN_OK;
}

cairn_err cairn_session_cancel(cairn_lua *h, bool *committed)
{
    return cairn_session_seat_cancel(h, 0, committed);
}

static cairn_err call_with_boolean(cairn_lua *h, const char *name, bool on)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, name);
    lua_pushboolean(L, on);
    return cairn_lua_call(h, 1, 0);
}

cairn_err cairn_session_set_interactive(cairn_lua *h, bool on)
{
    return call_with_boolean(h, "session.flow.set_interactive", on);
}

cairn_err cairn_session_set_auto_pass(cairn_lua *h, bool on)
{
    return call_with_boolean(h, "session.flow.set_auto_pass", on);
}

cairn_err cairn_session_describe(cairn_lua *h, int32_t x, int32_t y, const char **text)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, "session.view.describe");
    lua_pushinteger(L, x);
    lua_pushinteger(L, y);
    cairn_err st = cairn_lua_call(h, 2, 1);
    if (st)
        return st;
    anchor(L, "cairn.game_describe");
    *text = lua_tostring(L, -1);
    lua_pop(L, 1);
    return CAIRN_OK;
}

/* --- travel and auto-explore (scripts/session/travel.lua) -------------------------------- */

/* The n results of a call on top of the stack, replaced by a table of them under names. */
static void results_table(lua_State *L, const char *const *names, int n)
{
    int base = lua_gettop(L) - n + 1;
    lua_createtable(L, 0, n);
    for (int i = 0; i < n; i++) {
        lua_pushvalue(L, base + i);
        lua_setfield(L, -2, names[i]);
    }
    lua_replace(L, base);
    lua_settop(L, base);
}

static const cairn_lua_field travel_way_fields[] = {
    FIELD(cairn_travel_way, x, CAIRN_LUA_INT32, false),
    FIELD(cairn_travel_way, y, CAIRN_LUA_INT32, false),
    LIST(cairn_travel_way, cells, CAIRN_LUA_PAIRS, true, cell_count),
    STRING_OR(cairn_travel_way, why, ""),
};
static const cairn_lua_record travel_way_record =
    RECORD("travel way", cairn_travel_way, travel_way_fields);

cairn_err cairn_session_travel_way(cairn_lua *h, int32_t x, int32_t y, cairn_travel_way *out)
{
    static const char *const results[] = {"x", "y", "cells", "why"};
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, "session.travel.way");
    lua_pushinteger(L, x);
    lua_pushinteger(L, y);
    cairn_err st = cairn_lua_call(h, 2, 4);
    if (st)
        return st;
    results_table(L, results, 4);
    *out = (cairn_travel_way){0};
    return read_result(h, "cairn.travel_way", &travel_way_record, out);
}

cairn_err cairn_session_travel(cairn_lua *h, int32_t x, int32_t y)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, "session.travel.go");
    lua_pushinteger(L, x);
    lua_pushinteger(L, y);
    return refusal(cairn_lua_call(h, 2, 0), CAIRN_ERR_STATE);
}

cairn_err cairn_session_explore(cairn_lua *h)
{
    return refusal(call_runtime(h, "session.travel.explore", NULL, 0), CAIRN_ERR_STATE);
}

static const cairn_lua_field travel_step_fields[] = {
    FIELD(cairn_travel_step, going, CAIRN_LUA_BOOL, false),
    STRING_OR(cairn_travel_step, why, ""),
    LIST(cairn_travel_step, cells, CAIRN_LUA_PAIRS, true, cell_count),
};
static const cairn_lua_record travel_step_record =
    RECORD("travel step", cairn_travel_step, travel_step_fields);

cairn_err cairn_session_travel_step(cairn_lua *h, cairn_travel_step *out)
{
    static const char *const results[] = {"going", "why", "cells"};
    lua_State *L = cairn_lua_state(h);
    cairn_err st = call_runtime(h, "session.travel.step", NULL, 3);
    if (st)
        return st;
    results_table(L, results, 3);
    *out = (cairn_travel_step){0};
    return read_result(h, "cairn.travel_step", &travel_step_record, out);
}

cairn_err cairn_session_travel_stop(cairn_lua *h)
{
    return call_runtime(h, "session.travel.stop", NULL, 0);
}

/* The cells of a list of them, x, y pairs: what travel_places and replay_packs return. */
typedef struct cell_list {
    const int32_t *cells;
    size_t count;
} cell_list;
static const cairn_lua_field places_fields[] = {
    LIST(cell_list, cells, CAIRN_LUA_PAIRS, true, count),
};
static const cairn_lua_record places_record = RECORD("travel places", cell_list, places_fields);

cairn_err cairn_session_travel_places(cairn_lua *h, const int32_t **cells, size_t *count)
{
    cairn_err st = call_runtime(h, "session.travel.places", NULL, 1);
    cell_list places = {NULL, 0};
    if (!st)
        st = read_result(h, "cairn.travel_places", &places_record, &places);
    *cells = places.cells;
    *count = places.count;
    return st;
}

cairn_err cairn_session_set_pickup(cairn_lua *h, const char *glyphs)
{
    return refusal(call_runtime(h, "session.travel.set_pickup", glyphs ? glyphs : "", 0),
                   CAIRN_ERR_INVALID);
}

/* --- saved states ------------------------------------------------------------------------ */

static const cairn_lua_field pack_fields[] = {
    FIELD(cairn_session_pack, id, CAIRN_LUA_STRING, true),
    FIELD(cairn_session_pack, version, CAIRN_LUA_STRING, true),
    FIELD(cairn_session_pack, hash, CAIRN_LUA_STRING, true),
};
static const cairn_lua_record pack_record = RECORD("pack", cairn_session_pack, pack_fields);

static const cairn_lua_field entity_fields[] = {
    FIELD(cairn_session_entity, id, CAIRN_LUA_INT64, true),
    FIELD(cairn_session_entity, type, CAIRN_LUA_STRING, true),
    BYTES(cairn_session_entity, data),
};
static const cairn_lua_record entity_record = RECORD("entity", cairn_session_entity, entity_fields);

static const cairn_lua_field state_fields[] = {
    FIELD(cairn_session_state, game, CAIRN_LUA_STRING, true),
    FIELD(cairn_session_state, seed, CAIRN_LUA_INT64, true),
    FIELD(cairn_session_state, beat, CAIRN_LUA_INT64, true),
    FIELD(cairn_session_state, checksum, CAIRN_LUA_STRING, true),
    BYTES(cairn_session_state, core),
    BYTES(cairn_session_state, world),
    BYTES(cairn_session_state, session),
    RECORDS(cairn_session_state, packs, pack_count, &pack_record),
    RECORDS(cairn_session_state, entities, entity_count, &entity_record),
};
static const cairn_lua_record state_record =
    RECORD("session state", cairn_session_state, state_fields);

cairn_err cairn_session_save_state(cairn_lua *h, cairn_session_state *out)
{
    cairn_err st = call_runtime(h, "session.flow.save_state", NULL, 1);
    if (st)
        return st;
    *out = (cairn_session_state){0};
    return read_result(h, "cairn.game_state", &state_record, out);
}

static void set_bytes(lua_State *L, const char *key, cairn_session_bytes b)
{
    lua_pushlstring(L, b.data ? b.data : "", b.data ? b.size : 0);
    lua_setfield(L, -2, key);
}

static void set_string(lua_State *L, const char *key, const char *s)
{
    lua_pushstring(L, s ? s : "");
    lua_setfield(L, -2, key);
}

cairn_err cairn_session_resume(cairn_lua *h, const cairn_session_state *state)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, "session.flow.resume");
    lua_createtable(L, 0, 10);
    set_string(L, "game", state->game);
    lua_pushinteger(L, (lua_Integer)state->seed);
    lua_setfield(L, -2, "seed");
    lua_pushinteger(L, (lua_Integer)state->beat);
    lua_setfield(L, -2, "beat");
    set_string(L, "checksum", state->checksum);
    set_bytes(L, "core", state->core);
    set_bytes(L, "world", state->world);
    set_bytes(L, "session", state->session);
    lua_createtable(L, (int)state->pack_count, 0);
    for (size_t i = 0; i < state->pack_count; i++) {
        lua_createtable(L, 0, 3);
        set_string(L, "id", state->packs[i].id);
        set_string(L, "version", state->packs[i].version);
        set_string(L, "hash", state->packs[i].hash);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "packs");
    lua_createtable(L, (int)state->entity_count, 0);
    for (size_t i = 0; i < state->entity_count; i++) {
        lua_createtable(L, 0, 3);
        lua_pushinteger(L, (lua_Integer)state->entities[i].id);
        lua_setfield(L, -2, "id");
        set_string(L, "type", state->entities[i].type);
        set_bytes(L, "data", state->entities[i].data);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "entities");
    return cairn_lua_call(h, 1, 0);
}

/* --- replays ----------------------------------------------------------------------------- */

cairn_err cairn_session_record(cairn_lua *h, const char **text)
{
    return text_result(h, "session.replay.text", NULL, "cairn.game_record", text);
}

/* A replay's text is pushed whole onto the Lua state, where a push past the memory ceiling
 * would not fail politely, and read whole in one call under the instruction budget (some 400
 * instructions a beat): texts longer than any game a player records - 4 MiB is some 70,000
 * beats - are refused first, with a message that says so. */
#define REPLAY_TEXT_MAX ((size_t)4 << 20)

static cairn_err replay_text_fits(cairn_lua *h, const char *text)
{
    size_t len = strlen(text);
    if (len <= REPLAY_TEXT_MAX)
        return CAIRN_OK;
    return cairn_lua_fail(h, CAIRN_ERR_LIMIT,
                          "the replay is %zu bytes long: more than the %zu MiB a replay may be",
                          len, REPLAY_TEXT_MAX >> 20);
}

/* The folders of the packs a replay names. */
typedef struct dir_list {
    const char *const *dirs;
    size_t count;
} dir_list;
static const cairn_lua_field dirs_fields[] = {
    LIST(dir_list, dirs, CAIRN_LUA_STRINGS, true, count),
};
static const cairn_lua_record dirs_record = RECORD("replay packs", dir_list, dirs_fields);

cairn_err cairn_session_replay_find_packs(cairn_lua *h, const char *text,
                                          const char *const *folders, size_t folder_count,
                                          const char *const **dirs, size_t *count)
{
    lua_State *L = cairn_lua_state(h);
    cairn_err st = replay_text_fits(h, text);
    if (st)
        return st;
    cairn_lua_push_runtime(L, "session.replay.packs");
    lua_pushstring(L, text);
    lua_createtable(L, (int)folder_count, 0);
    for (size_t i = 0; i < folder_count; i++) {
        lua_pushstring(L, folders[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    st = cairn_lua_call(h, 2, 1);
    if (st)
        return st;
    static const char *const results[] = {"dirs"};
    results_table(L, results, 1);
    dir_list list = {NULL, 0};
    st = read_result(h, "cairn.game_replay_packs", &dirs_record, &list);
    *dirs = list.dirs;
    *count = list.count;
    return st;
}

cairn_err cairn_session_replay_packs(cairn_lua *h, const char *text, const char *const **dirs,
                                     size_t *count)
{
    return cairn_session_replay_find_packs(h, text, NULL, 0, dirs, count);
}

/* Starts the game of a replay's text with the runtime function `name`, which returns how many
 * beats the text has. */
static cairn_err start_text(cairn_lua *h, const char *name, const char *text, uint64_t *beats)
{
    lua_State *L = cairn_lua_state(h);
    cairn_err st = replay_text_fits(h, text);
    if (!st)
        st = call_runtime(h, name, text, 1);
    if (st)
        return st;
    *beats = (uint64_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return CAIRN_OK;
}

cairn_err cairn_session_replay_start(cairn_lua *h, const char *text, uint64_t *beats)
{
    return start_text(h, "session.replay.start", text, beats);
}

cairn_err cairn_session_replay_step(cairn_lua *h, bool *done)
{
    lua_State *L = cairn_lua_state(h);
    cairn_err st = call_runtime(h, "session.replay.step", NULL, 1);
    if (st)
        return st;
    *done = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return CAIRN_OK;
}

cairn_err cairn_session_replay_finish(cairn_lua *h, const char **incomplete)
{
    return text_result(h, "session.replay.finish", NULL, "cairn.game_replay_finish", incomplete);
}

/* --- playing a game again on other content ------------------------------------------------ */

/* One call per beat, as cairn_session_replay_step does: a game of any length is played again
 * under the budget of its beats, not of one call. */
cairn_err cairn_session_rerun(cairn_lua *h, const char *text, cairn_session_rerun_result *out)
{
    lua_State *L = cairn_lua_state(h);
    *out = (cairn_session_rerun_result){0};
    cairn_err st = start_text(h, "session.replay.rerun_start", text, &out->beats);
    if (st)
        return st;
    bool over = out->beats == 0;
    while (!over) {
        st = call_runtime(h, "session.replay.rerun_step", NULL, 3);
        if (st)
            return st;
        bool same = lua_toboolean(L, -3);
        over = lua_toboolean(L, -2);
        if (lua_isstring(L, -1)) {
            anchor(L, "cairn.game_rerun_stopped");
            out->stopped = lua_tostring(L, -1);
        } else {
            out->played++;
        }
        if (!same && !out->differs_at)
            out->differs_at = out->played + (out->stopped != NULL);
        lua_pop(L, 3);
    }
    return CAIRN_OK;
}
