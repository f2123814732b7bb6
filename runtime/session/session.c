/*
 * session.c - the game session's C side: starting, inputs, bots, beats, undo, the front end's
 * view, saved states and replays. Each is a call into the runtime's scripts (scripts/session/)
 * through the host's internal call API (host_calls.h), with the tables they return read into
 * the structs of cairn/session.h.
 *
 * What the structs point at belongs to the host: the Lua values are anchored in the registry
 * under one key per kind of result, and arrays of pointers live in userdata anchored beside
 * them, so the next call of the same kind lets the collector have the last one's.
 */
#include <string.h>

#include "cairn/session.h"
#include "host_calls.h"

static cairn_err call_runtime(cairn_lua *h, const char *name, const char *arg, int results)
{
    lua_State *L = cairn_lua__state(h);
    cairn_lua__push_runtime(L, name);
    if (arg)
        lua_pushstring(L, arg);
    return cairn_lua__call(h, arg ? 1 : 0, results);
}

/* Anchors the value on top of the stack (leaving it there) in the registry under key: it stays
 * alive until the next anchor under the same key. */
static void anchor(lua_State *L, const char *key)
{
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, key);
}

/* An array for count items of size bytes, alive as long as the table at idx (it is kept in the
 * table under `key`). */
static void *array_in(lua_State *L, int idx, const char *key, size_t count, size_t size)
{
    idx = lua_absindex(L, idx);
    void *a = lua_newuserdatauv(L, count ? count * size : 1, 0);
    lua_setfield(L, idx, key);
    return a;
}

cairn_err cairn_session_start(cairn_lua *h, const char *game, uint64_t seed)
{
    lua_State *L = cairn_lua__state(h);
    cairn_lua__push_runtime(L, "session.flow.start");
    lua_pushstring(L, game);
    lua_pushinteger(L, (lua_Integer)seed);
    return cairn_lua__call(h, 2, 0);
}

cairn_err cairn_session_input(cairn_lua *h, const char *action, const char *dir)
{
    lua_State *L = cairn_lua__state(h);
    cairn_lua__push_runtime(L, "session.flow.input");
    lua_pushstring(L, action);
    lua_pushstring(L, dir ? dir : "");
    return cairn_lua__call(h, 2, 0);
}

cairn_err cairn_session_bot(cairn_lua *h, const char *bot)
{
    return call_runtime(h, "session.flow.bot", bot, 0);
}

/* Calls the runtime function `name`, which returns how the game stands ("playing", "won",
 * "died", "lost"; nil when a step found it over), into *ended. */
static cairn_err game_standing(cairn_lua *h, const char *name, cairn_session_end *ended)
{
    static const char *const names[] = {"playing", "won", "died", "lost", "asking", NULL};
    lua_State *L = cairn_lua__state(h);
    cairn_err st = call_runtime(h, name, NULL, 1);
    if (st)
        return st;
    const char *state = lua_tostring(L, -1);
    int i = 0;
    while (state && names[i] && strcmp(names[i], state))
        i++;
    lua_pop(L, 1);
    if (!state)
        return cairn_lua__fail(h, CAIRN_ERR_STATE, "the game is over: start another");
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
    lua_State *L = cairn_lua__state(h);
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

cairn_err cairn_session_undo(cairn_lua *h)
{
    lua_State *L = cairn_lua__state(h);
    cairn_err st = call_runtime(h, "session.flow.undo", NULL, 2);
    if (st)
        return st;
    bool undone = lua_toboolean(L, -2);
    if (!undone)
        st = cairn_lua__fail(h, CAIRN_ERR_STATE, "%s", lua_tostring(L, -1));
    lua_pop(L, 2);
    return st;
}

/* --- the view ---------------------------------------------------------------------------- */

/* The strings of the list in field `key` of the table at idx, as an array kept in the table
 * (under "key.array"); the list, still in the table, keeps the strings alive. */
static const char *const *strings_of(lua_State *L, int idx, const char *key, size_t *count)
{
    idx = lua_absindex(L, idx);
    lua_getfield(L, idx, key);
    size_t n = (size_t)luaL_len(L, -1);
    const char **a = lua_newuserdatauv(L, n ? n * sizeof *a : 1, 0);
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, -2, (lua_Integer)i + 1);
        a[i] = lua_tostring(L, -1);
        lua_pop(L, 1);
    }
    lua_pushfstring(L, "%s.array", key);
    lua_insert(L, -2);
    lua_settable(L, idx);
    lua_pop(L, 1);
    if (count)
        *count = n;
    return a;
}

/* The list of whole numbers in field `key` of the table at idx, as an array alive as long as
 * the table; its length into *count. */
static const int32_t *ints_of(lua_State *L, int idx, const char *key, size_t *count)
{
    idx = lua_absindex(L, idx);
    lua_getfield(L, idx, key);
    size_t n = (size_t)luaL_len(L, -1);
    int32_t *a = lua_newuserdatauv(L, n ? n * sizeof *a : 1, 0);
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, -2, (lua_Integer)i + 1);
        a[i] = (int32_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pushfstring(L, "%s.ints", key);
    lua_insert(L, -2);
    lua_settable(L, idx);
    lua_pop(L, 1);
    *count = n;
    return a;
}

static int64_t int_field(lua_State *L, int idx, const char *key)
{
    lua_getfield(L, idx, key);
    int64_t v = (int64_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return v;
}

/* Whether field key of the table at idx is true (neither nil nor false). */
static bool bool_field(lua_State *L, int idx, const char *key)
{
    lua_getfield(L, idx, key);
    bool v = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

/* The string in field key of the table at idx (kept alive by it), or NULL. */
static const char *string_field(lua_State *L, int idx, const char *key, size_t *size)
{
    lua_getfield(L, idx, key);
    const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, size) : NULL;
    lua_pop(L, 1);
    return s;
}

cairn_err cairn_session_view(cairn_lua *h, cairn_view *out)
{
    lua_State *L = cairn_lua__state(h);
    cairn_err st = call_runtime(h, "session.view.build", NULL, 1);
    if (st)
        return st;
    anchor(L, "cairn.game_view");
    *out = (cairn_view){0};
    out->width = (int32_t)int_field(L, -1, "width");
    out->height = (int32_t)int_field(L, -1, "height");
    out->glyphs = strings_of(L, -1, "glyphs", NULL);
    out->colors = strings_of(L, -1, "colors", NULL);
    out->marks = strings_of(L, -1, "marks", NULL);
    out->messages = strings_of(L, -1, "messages", &out->message_count);
    out->header = string_field(L, -1, "header", NULL);
    out->ended = string_field(L, -1, "ended", NULL);
    out->fresh = (size_t)int_field(L, -1, "fresh");
    out->panel = strings_of(L, -1, "panel", &out->panel_count);
    out->panel_dim = string_field(L, -1, "panel_dim", NULL);
    if (!out->panel_dim || strlen(out->panel_dim) < out->panel_count)
        out->panel_count = 0;
    lua_pop(L, 1);
    return CAIRN_OK;
}

/* --- choices ----------------------------------------------------------------------------- */

cairn_err cairn_session_choices(cairn_lua *h, const cairn_choice_entry **list, size_t *count)
{
    lua_State *L = cairn_lua__state(h);
    cairn_err st = call_runtime(h, "session.flow.choices", NULL, 1);
    if (st)
        return st;
    anchor(L, "cairn.game_choices");
    int t = lua_gettop(L);
    size_t n = (size_t)luaL_len(L, t);
    cairn_choice_entry *a = array_in(L, t, "cairn.entries", n, sizeof *a);
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, t, (lua_Integer)i + 1);
        a[i].name = string_field(L, -1, "name", NULL);
        a[i].label = string_field(L, -1, "label", NULL);
        a[i].key = string_field(L, -1, "key", NULL);
        a[i].available = bool_field(L, -1, "available");
        a[i].reason = string_field(L, -1, "reason", NULL);
        if (!a[i].reason)
            a[i].reason = "";
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    *list = a;
    *count = n;
    return CAIRN_OK;
}

/* The scripts refuse (a closed choice, an answer a prompt does not take) with a Lua error,
 * which comes back as CAIRN_ERR_HANDLER: the call says what it means instead. */
static cairn_err refusal(cairn_err st, cairn_err as)
{
    return st == CAIRN_ERR_HANDLER ? as : st;
}

cairn_err cairn_session_choose(cairn_lua *h, const char *name)
{
    return refusal(call_runtime(h, "session.flow.begin", name, 0), CAIRN_ERR_STATE);
}

cairn_err cairn_session_prompt(cairn_lua *h, cairn_prompt *out)
{
    static const char *const kinds[] = {"", "pick", "number", "confirm", "select", NULL};
    lua_State *L = cairn_lua__state(h);
    cairn_err st = call_runtime(h, "session.flow.front_end_prompt", NULL, 2);
    if (st)
        return st;
    *out = (cairn_prompt){0};
    if (lua_isnil(L, -2)) {
        out->committed = lua_toboolean(L, -1);
        lua_pop(L, 2);
        return CAIRN_OK;
    }
    lua_pop(L, 1);
    anchor(L, "cairn.game_prompt");
    int t = lua_gettop(L);
    const char *kind = string_field(L, t, "kind", NULL);
    for (int i = 1; kind && kinds[i]; i++)
        if (!strcmp(kind, kinds[i]))
            out->kind = (cairn_prompt_kind)i;
    out->choice = string_field(L, t, "choice", NULL);
    out->name = string_field(L, t, "name", NULL);
    out->text = string_field(L, t, "text", NULL);
    out->cancel_costs = bool_field(L, t, "cancel_costs");
    out->options = strings_of(L, t, "options", &out->option_count);
    out->min = int_field(L, t, "min");
    out->max = int_field(L, t, "max");
    out->among = string_field(L, t, "among", NULL);
    out->x = (int32_t)int_field(L, t, "x");
    out->y = (int32_t)int_field(L, t, "y");
    out->range = (int32_t)int_field(L, t, "range");
    out->area = (int32_t)int_field(L, t, "area");
    size_t n;
    out->cells = ints_of(L, t, "cells", &n);
    out->cell_count = n / 2;
    lua_pop(L, 1);
    return CAIRN_OK;
}

cairn_err cairn_session_frames(cairn_lua *h, const cairn_frame **list, size_t *count)
{
    lua_State *L = cairn_lua__state(h);
    cairn_err st = call_runtime(h, "session.flow.frames", NULL, 1);
    if (st)
        return st;
    anchor(L, "cairn.game_frames");
    int t = lua_gettop(L);
    size_t n = (size_t)luaL_len(L, t);
    cairn_frame *a = array_in(L, t, "cairn.frames", n, sizeof *a);
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, t, (lua_Integer)i + 1);
        a[i].label = string_field(L, -1, "label", NULL);
        a[i].effect = string_field(L, -1, "effect", NULL);
        a[i].timed = bool_field(L, -1, "timed");
        size_t cells;
        a[i].cells = ints_of(L, -1, "cells", &cells);
        a[i].cell_count = cells / 2;
        a[i].waiting = strings_of(L, -1, "waiting", &a[i].waiting_count);
        a[i].changes = strings_of(L, -1, "changes", &a[i].change_count);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    *list = a;
    *count = n;
    return CAIRN_OK;
}

cairn_err cairn_session_answer(cairn_lua *h, const char *answer)
{
    return refusal(call_runtime(h, "session.flow.answer", answer, 0), CAIRN_ERR_INVALID);
}

cairn_err cairn_session_cancel(cairn_lua *h, bool *committed)
{
    lua_State *L = cairn_lua__state(h);
    cairn_err st = call_runtime(h, "session.flow.cancel", NULL, 1);
    if (st)
        return st;
    if (committed)
        *committed = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return CAIRN_OK;
}

static cairn_err call_with_boolean(cairn_lua *h, const char *name, bool on)
{
    lua_State *L = cairn_lua__state(h);
    cairn_lua__push_runtime(L, name);
    lua_pushboolean(L, on);
    return cairn_lua__call(h, 1, 0);
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
    lua_State *L = cairn_lua__state(h);
    cairn_lua__push_runtime(L, "session.view.describe");
    lua_pushinteger(L, x);
    lua_pushinteger(L, y);
    cairn_err st = cairn_lua__call(h, 2, 1);
    if (st)
        return st;
    anchor(L, "cairn.game_describe");
    *text = lua_tostring(L, -1);
    lua_pop(L, 1);
    return CAIRN_OK;
}

/* --- travel and auto-explore (scripts/session/travel.lua) -------------------------------- */

/* Keeps what a journey's call returned alive, in a table anchored under key (pushed): the
 * string at stack index why (nil: none) and the list of cells at index cells. Returns the
 * string ("" for none) and the cells. */
static const char *journey_results(lua_State *L, const char *key, int why, int cells,
                                   const int32_t **out, size_t *count)
{
    why = lua_absindex(L, why);
    cells = lua_absindex(L, cells);
    lua_newtable(L);
    anchor(L, key);
    int t = lua_gettop(L);
    lua_pushvalue(L, why);
    lua_setfield(L, t, "why");
    const char *text = string_field(L, t, "why", NULL);
    lua_pushvalue(L, cells);
    lua_setfield(L, t, "cells");
    size_t n;
    *out = ints_of(L, t, "cells", &n);
    *count = n / 2;
    return text ? text : "";
}

cairn_err cairn_session_travel_way(cairn_lua *h, int32_t x, int32_t y, cairn_travel_way *out)
{
    lua_State *L = cairn_lua__state(h);
    cairn_lua__push_runtime(L, "session.travel.way");
    lua_pushinteger(L, x);
    lua_pushinteger(L, y);
    cairn_err st = cairn_lua__call(h, 2, 4);
    if (st)
        return st;
    *out =
        (cairn_travel_way){.x = (int32_t)lua_tointeger(L, -4), .y = (int32_t)lua_tointeger(L, -3)};
    out->why = journey_results(L, "cairn.travel_way", -1, -2, &out->cells, &out->cell_count);
    lua_pop(L, 5);
    return CAIRN_OK;
}

cairn_err cairn_session_travel(cairn_lua *h, int32_t x, int32_t y)
{
    lua_State *L = cairn_lua__state(h);
    cairn_lua__push_runtime(L, "session.travel.go");
    lua_pushinteger(L, x);
    lua_pushinteger(L, y);
    return refusal(cairn_lua__call(h, 2, 0), CAIRN_ERR_STATE);
}

cairn_err cairn_session_explore(cairn_lua *h)
{
    return refusal(call_runtime(h, "session.travel.explore", NULL, 0), CAIRN_ERR_STATE);
}

cairn_err cairn_session_travel_step(cairn_lua *h, cairn_travel_step *out)
{
    lua_State *L = cairn_lua__state(h);
    cairn_err st = call_runtime(h, "session.travel.step", NULL, 3);
    if (st)
        return st;
    *out = (cairn_travel_step){.going = lua_toboolean(L, -3)};
    out->why = journey_results(L, "cairn.travel_step", -2, -1, &out->cells, &out->cell_count);
    lua_pop(L, 4);
    return CAIRN_OK;
}

cairn_err cairn_session_travel_stop(cairn_lua *h)
{
    return call_runtime(h, "session.travel.stop", NULL, 0);
}

cairn_err cairn_session_travel_places(cairn_lua *h, const int32_t **cells, size_t *count)
{
    lua_State *L = cairn_lua__state(h);
    cairn_err st = call_runtime(h, "session.travel.places", NULL, 1);
    if (st)
        return st;
    anchor(L, "cairn.travel_places");
    *cells = ints_of(L, -1, "cells", count);
    *count /= 2;
    lua_pop(L, 1);
    return CAIRN_OK;
}

cairn_err cairn_session_set_pickup(cairn_lua *h, const char *glyphs)
{
    return refusal(call_runtime(h, "session.travel.set_pickup", glyphs ? glyphs : "", 0),
                   CAIRN_ERR_INVALID);
}

/* --- saved states ------------------------------------------------------------------------ */

static cairn_session_bytes bytes_field(lua_State *L, int idx, const char *key)
{
    cairn_session_bytes b = {NULL, 0};
    b.data = string_field(L, idx, key, &b.size);
    return b;
}

cairn_err cairn_session_save_state(cairn_lua *h, cairn_session_state *out)
{
    lua_State *L = cairn_lua__state(h);
    cairn_err st = call_runtime(h, "session.flow.save_state", NULL, 1);
    if (st)
        return st;
    anchor(L, "cairn.game_state");
    int t = lua_gettop(L);
    *out = (cairn_session_state){0};
    out->game = string_field(L, t, "game", NULL);
    out->seed = (uint64_t)int_field(L, t, "seed");
    out->beat = (uint64_t)int_field(L, t, "beat");
    out->checksum = string_field(L, t, "checksum", NULL);
    out->core = bytes_field(L, t, "core");
    out->world = bytes_field(L, t, "world");
    out->session = bytes_field(L, t, "session");

    lua_getfield(L, t, "packs");
    out->pack_count = (size_t)luaL_len(L, -1);
    cairn_session_pack *packs = array_in(L, t, "cairn.packs", out->pack_count, sizeof *packs);
    for (size_t i = 0; i < out->pack_count; i++) {
        lua_rawgeti(L, -1, (lua_Integer)i + 1);
        packs[i].id = string_field(L, -1, "id", NULL);
        packs[i].version = string_field(L, -1, "version", NULL);
        packs[i].hash = string_field(L, -1, "hash", NULL);
        lua_pop(L, 1);
    }
    out->packs = packs;
    lua_pop(L, 1);

    lua_getfield(L, t, "entities");
    out->entity_count = (size_t)luaL_len(L, -1);
    cairn_session_entity *entities =
        array_in(L, t, "cairn.entities", out->entity_count, sizeof *entities);
    for (size_t i = 0; i < out->entity_count; i++) {
        lua_rawgeti(L, -1, (lua_Integer)i + 1);
        entities[i].id = int_field(L, -1, "id");
        entities[i].type = string_field(L, -1, "type", NULL);
        entities[i].data = bytes_field(L, -1, "data");
        lua_pop(L, 1);
    }
    out->entities = entities;
    lua_pop(L, 2);
    return CAIRN_OK;
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
    lua_State *L = cairn_lua__state(h);
    cairn_lua__push_runtime(L, "session.flow.resume");
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
    return cairn_lua__call(h, 1, 0);
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
    return cairn_lua__fail(h, CAIRN_ERR_LIMIT,
                           "the replay is %zu bytes long: more than the %zu MiB a replay may be",
                           len, REPLAY_TEXT_MAX >> 20);
}

cairn_err cairn_session_replay_find_packs(cairn_lua *h, const char *text,
                                          const char *const *folders, size_t folder_count,
                                          const char *const **dirs, size_t *count)
{
    lua_State *L = cairn_lua__state(h);
    cairn_err st = replay_text_fits(h, text);
    if (st)
        return st;
    cairn_lua__push_runtime(L, "session.replay.packs");
    lua_pushstring(L, text);
    lua_createtable(L, (int)folder_count, 0);
    for (size_t i = 0; i < folder_count; i++) {
        lua_pushstring(L, folders[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    st = cairn_lua__call(h, 2, 1);
    if (st)
        return st;
    lua_createtable(L, 0, 1);
    lua_insert(L, -2);
    lua_setfield(L, -2, "dirs");
    anchor(L, "cairn.game_replay_packs");
    *dirs = strings_of(L, -1, "dirs", count);
    lua_pop(L, 1);
    return CAIRN_OK;
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
    lua_State *L = cairn_lua__state(h);
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
    lua_State *L = cairn_lua__state(h);
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
    lua_State *L = cairn_lua__state(h);
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
