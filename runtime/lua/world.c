/*
 * world.c - the world handle content gets from cairn.world(): spawning, finding entities,
 * stepping beats, the beat's history. A handle belongs to one world; after the host makes
 * another, using it raises an error.
 */
#include <stdio.h>
#include <string.h>

#include "host.h"

static const char world_meta[] = "cairn.world";
/* The metatable of a handle whose world was replaced: whatever it is asked raises. A handle
 * is given it when the next world's handle is made, so that a live handle's __index can be
 * its methods table itself, a look-up with no call into C. */
static const char stale_meta[] = "cairn.world.stale";
static const char stale_message[] = "world handle used after its world was replaced";

typedef struct handle {
    uint32_t serial;
} handle;

cairn_world *cairn_lua_check_world(lua_State *L, int idx)
{
    cairn_lua *h = cairn_lua__from(L);
    /* The current world's one handle, known by its address (a full userdata: a light one's
     * value could be any number). */
    if (h->world && h->world_handle_serial == h->world_serial &&
        lua_touserdata(L, idx) == h->world_handle && lua_type(L, idx) == LUA_TUSERDATA)
        return h->world;
    handle *hd = cairn_lua__test_class(L, idx, h->world_meta);
    if (!hd && luaL_testudata(L, idx, stale_meta))
        luaL_error(L, "%s", stale_message);
    if (!hd)
        hd = luaL_checkudata(L, idx, world_meta); /* raises, naming what was given */
    if (!h->world || hd->serial != h->world_serial)
        luaL_error(L, "%s", stale_message);
    return h->world;
}

static cairn_world *check_world(lua_State *L)
{
    return cairn_lua_check_world(L, 1);
}

void cairn_lua__push_world(lua_State *L)
{
    cairn_lua__world(L);
    cairn_lua *h = cairn_lua__from(L);
    /* One handle per world, kept: a movs that asks for cairn.world() each call makes no
     * garbage. */
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, h->world_handle_ref) == LUA_TUSERDATA &&
        ((handle *)lua_touserdata(L, -1))->serial == h->world_serial)
        return;
    /* The handle of the world this one replaced, if any: from now on it only raises. */
    if (lua_type(L, -1) == LUA_TUSERDATA)
        luaL_setmetatable(L, stale_meta);
    lua_pop(L, 1);
    handle *hd = lua_newuserdatauv(L, sizeof *hd, 0);
    hd->serial = h->world_serial;
    luaL_setmetatable(L, world_meta);
    lua_pushvalue(L, -1);
    lua_rawseti(L, LUA_REGISTRYINDEX, h->world_handle_ref);
    h->world_handle = hd;
    h->world_handle_serial = h->world_serial;
}

static cairn_layer check_layer(lua_State *L, int idx)
{
    static const char *const layers[] = {"floor", "trap",       "item", "wall",
                                         "real",  "projectile", "misc", NULL};
    return (cairn_layer)luaL_checkoption(L, idx, "real", layers);
}

/* w:spawn(type, x, y) -> entity */
static int w_spawn(lua_State *L)
{
    cairn_world *w = check_world(L);
    int type = cairn_lua__check_name(L, 2, CAIRN_LUA_TYPE);
    cairn_cell cell = cairn_lua__check_cell(L, 3, 4);
    cairn_entity_id id;
    cairn_err st = cairn_entity_spawn(w, (cairn_type_id)type, cell, &id);
    if (st)
        return cairn_lua__raise(L, st);
    cairn_lua__push_entity(L, id);
    return 1;
}

/* w:at(x, y [, layer]) -> the entity on that layer of the cell (real by default), or nil */
static int w_at(lua_State *L)
{
    cairn_world *w = check_world(L);
    cairn_cell cell = cairn_lua__check_cell(L, 2, 3);
    cairn_layer layer = check_layer(L, 4);
    cairn_entity_id id = CAIRN_ENTITY_NONE;
    if (cairn_grid_in_bounds(w, cell))
        cairn_grid_at(w, cell, layer, &id);
    cairn_lua__push_entity(L, id);
    return 1;
}

/* Pushes a list of the entities on the grid, by row, column and layer, keeping those of the
 * type (when not -1) and with the decorator (when not -1). */
/* Pushes the list of the entities on the grid (of that type, with that decorator, when >= 0):
 * a new table, or the table at `into` (when not 0) filled again, what it held past them gone
 * - so that a caller walking the grid every beat makes no garbage. */
static void push_entities(lua_State *L, cairn_world *w, int type, int deco, int into)
{
    if (into)
        lua_pushvalue(L, into);
    else
        lua_newtable(L);
    int n = 0;
    for (int32_t y = 0; y < cairn_grid_height(w); y++)
        for (int32_t x = 0; x < cairn_grid_width(w); x++)
            for (int layer = 0; layer < CAIRN_LAYER_COUNT; layer++) {
                cairn_entity_id id;
                cairn_type_id t;
                if (cairn_grid_at(w, (cairn_cell){x, y}, (cairn_layer)layer, &id) ||
                    cairn_entity_id_is_none(id) || cairn_entity_type(w, id, &t) ||
                    (type >= 0 && t != type) ||
                    (deco >= 0 && !cairn_type_has_decorator(w, t, (cairn_decorator_id)deco)))
                    continue;
                cairn_lua__push_entity(L, id);
                lua_rawseti(L, -2, ++n);
            }
    if (into)
        for (lua_Integer i = n + 1, len = (lua_Integer)lua_rawlen(L, -1); i <= len; i++) {
            lua_pushnil(L);
            lua_rawseti(L, -2, i);
        }
}

/* w:entities([type [, into]]) -> every entity on the grid (of that type), by row, column and
 * layer; in the table `into`, when given, rather than a new one */
static int w_entities(lua_State *L)
{
    cairn_world *w = check_world(L);
    int type = lua_isnoneornil(L, 2) ? -1 : cairn_lua__check_name(L, 2, CAIRN_LUA_TYPE);
    int into = 0;
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        into = 3;
    }
    push_entities(L, w, type, -1, into);
    return 1;
}

/* w:step([n]) runs n beats (1 by default). A failure says which beat stopped where. */
static int w_step(lua_State *L)
{
    cairn_world *w = check_world(L);
    lua_Integer n = luaL_optinteger(L, 2, 1);
    cairn_lua *h = cairn_lua__from(L);
    /* Not from inside a callback, even one no pass is under way for (a status's apply run
     * by e:apply): the beat would rewind the events that callback's handles point at. */
    cairn_lua__between_beats(L, "w:step");
    for (lua_Integer i = 0; i < n; i++) {
        /* A beat is C work the budget would not see: charged by what it walks. */
        cairn_world_stats stats;
        cairn_world_get_stats(w, &stats);
        cairn_lua__charge(L, 100 + (int64_t)stats.entities_alive);
        uint64_t before = cairn_world_beat(w);
        cairn_lua__scope_reset(h);
        cairn_err st = cairn_lua__step_world(h);
        if (st && cairn_world_beat(w) == before)
            return cairn_lua__raise(L, st); /* refused: no beat began */
        if (st && h->pending) {
            /* Content failed: its whole message, under the same heading the core gives. */
            h->pending = false;
            lua_pushfstring(L, "beat %d stopped in phase '%s': %s", (int)cairn_world_beat(w),
                            cairn_phase_name(h->failed_phase), cairn_lua_error(h));
            return lua_error(L);
        }
        if (st)
            return luaL_error(L, "%s", cairn_world_error(w));
    }
    return 0;
}

/* w:portal(x1, y1, side1, x2, y2, side2) joins the two cell edges (cairn_portal_add). */
static int w_portal(lua_State *L)
{
    cairn_world *w = check_world(L);
    cairn_portal p = {cairn_lua__check_cell(L, 2, 3), cairn_lua__check_dir(L, 4),
                      cairn_lua__check_cell(L, 5, 6), cairn_lua__check_dir(L, 7)};
    cairn_err st = cairn_portal_add(w, p);
    return st ? cairn_lua__raise(L, st) : 0;
}

/* w:close_portal(x, y, side) removes the portal on that edge; false when there is none. */
static int w_close_portal(lua_State *L)
{
    cairn_world *w = check_world(L);
    cairn_cell cell = cairn_lua__check_cell(L, 2, 3);
    lua_pushboolean(L, cairn_portal_remove(w, cell, cairn_lua__check_dir(L, 4)) == CAIRN_OK);
    return 1;
}

static void push_edge(lua_State *L, cairn_cell c, cairn_dir side)
{
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, c.x);
    lua_setfield(L, -2, "x");
    lua_pushinteger(L, c.y);
    lua_setfield(L, -2, "y");
    lua_pushstring(L, cairn_dir_name(side));
    lua_setfield(L, -2, "side");
}

/* w:portals() -> { { a = { x =, y =, side = }, b = { ... } }, ... } in the order added */
static int w_portals(lua_State *L)
{
    cairn_world *w = check_world(L);
    uint32_t n = cairn_portal_count(w);
    cairn_lua__charge(L, 10 * (int64_t)n);
    lua_createtable(L, (int)n, 0);
    for (uint32_t i = 0; i < n; i++) {
        cairn_portal p;
        cairn_portal_get(w, i, &p);
        lua_createtable(L, 0, 2);
        push_edge(L, p.a, p.a_side);
        lua_setfield(L, -2, "a");
        push_edge(L, p.b, p.b_side);
        lua_setfield(L, -2, "b");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* w:clear() empties the grid for a new floor: players are lifted off it, alive, with what
 * they carry; every other entity on it is removed at once, without dying, and every portal
 * closes. Entities already
 * off the grid (items in a pack) stay. Returns the list of lifted players, in grid order.
 * Between beats only, like w:step. */
static int w_clear(lua_State *L)
{
    cairn_world *w = check_world(L);
    cairn_lua__between_beats(L, "w:clear");
    cairn_lua__charge(L, (int64_t)cairn_grid_width(w) * cairn_grid_height(w));
    cairn_portal_clear(w);
    push_entities(L, w, -1, -1, 0);
    lua_newtable(L);
    lua_Integer count = luaL_len(L, -2), lifted = 0;
    for (lua_Integer i = 1; i <= count; i++) {
        lua_rawgeti(L, -2, i);
        cairn_entity_id id = cairn_lua__check_entity(L, -1, false);
        cairn_type_id t;
        bool player = cairn_entity_is_alive(w, id) && cairn_entity_type(w, id, &t) == CAIRN_OK &&
                      cairn_type_has_decorator(w, t, CAIRN_DECO_PLAYER_CONTROL);
        cairn_err st = player ? cairn_grid_remove(w, id) : cairn_entity_destroy(w, id);
        if (st)
            return cairn_lua__raise(L, st);
        if (player)
            lua_rawseti(L, -2, ++lifted);
        else
            lua_pop(L, 1);
    }
    return 1;
}

/* w:players() -> the PlayerControl entities, in grid order */
static int w_players(lua_State *L)
{
    push_entities(L, check_world(L), -1, CAIRN_DECO_PLAYER_CONTROL, 0);
    return 1;
}

/* w:set_active(e) - under turns, e alone of the characters acts from the next beat (set in
 * beat_start, from this one); w:set_active(nil): every one acts (cairn_world_set_active) */
static int w_set_active(lua_State *L)
{
    cairn_world *w = check_world(L);
    cairn_entity_id id =
        lua_isnoneornil(L, 2) ? CAIRN_ENTITY_NONE : cairn_lua__check_entity(L, 2, false);
    cairn_err st = cairn_world_set_active(w, id);
    return st ? cairn_lua__raise(L, st) : 0;
}

/* w:active() -> the entity w:set_active set, or nil */
static int w_active(lua_State *L)
{
    cairn_lua__push_entity(L, cairn_world_active(check_world(L)));
    return 1;
}

/* w:closest_player(x, y) -> the player the built-in movs would head for and its x and y, or
 * nil. A movs asks it each call: the entity handles' cache is its upvalue, where the player's
 * handle is found with one look-up (cairn_lua__push_entity makes two); the cell spares the
 * movs reading p.x and p.y, a call into C each. */
static int w_closest_player(lua_State *L)
{
    cairn_world *w = check_world(L);
    cairn_entity_id id = cairn_world_closest_player(w, cairn_lua__check_cell(L, 2, 3));
    if (!cairn_lua__push_kept_entity_at(L, lua_upvalueindex(1), id))
        cairn_lua__push_entity(L, id);
    cairn_cell at;
    if (cairn_entity_id_is_none(id) || cairn_entity_cell(w, id, &at) != CAIRN_OK)
        return 1;
    lua_pushinteger(L, at.x);
    lua_pushinteger(L, at.y);
    return 3;
}

static void set_cell(lua_State *L, const char *key, cairn_cell cell)
{
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, cell.x);
    lua_setfield(L, -2, "x");
    lua_pushinteger(L, cell.y);
    lua_setfield(L, -2, "y");
    lua_setfield(L, -2, key);
}

/* The kind of a change as content knows it: a built-in kind's word, or the name of the kind
 * content defined. */
static void push_kind(lua_State *L, cairn_world *w, const cairn_change *c)
{
    if (c->kind == CAIRN_CHANGE_CONTENT)
        lua_pushstring(L, cairn_change_kind_name(w, c->detail));
    else
        lua_pushstring(L, cairn_change_name((cairn_change_kind)c->kind));
}

/* w:history() -> this beat's changes so far: { kind, phase, entity, other, from, to, amount,
 * value, and by kind status (status_on, status_off, status_changed; the first and last with
 * magnitude, the value), type (spawned, died), source
 * (attacked), sequence (step), stat (stat), facing and was (turned) } in the order they
 * happened; a kind content defined by its name, with amount_name when it named its amounts */
static int w_history(lua_State *L)
{
    cairn_world *w = check_world(L);
    size_t count;
    const cairn_change *changes = cairn_world_history(w, &count);
    lua_createtable(L, (int)count, 0);
    for (size_t i = 0; i < count; i++) {
        const cairn_change *c = &changes[i];
        lua_createtable(L, 0, 9);
        push_kind(L, w, c);
        lua_setfield(L, -2, "kind");
        lua_pushstring(L, cairn_phase_name((cairn_phase)c->phase));
        lua_setfield(L, -2, "phase");
        cairn_lua__push_entity(L, c->entity);
        lua_setfield(L, -2, "entity");
        cairn_lua__push_entity(L, c->other);
        lua_setfield(L, -2, "other");
        set_cell(L, "from", c->from);
        set_cell(L, "to", c->to);
        /* steps count from 1 in Lua, as e.step does */
        int base = c->kind == CAIRN_CHANGE_STEP ? 1 : 0;
        lua_pushinteger(L, c->amount + base);
        lua_setfield(L, -2, "amount");
        lua_pushinteger(L, c->value + base);
        lua_setfield(L, -2, "value");
        if (c->kind == CAIRN_CHANGE_CONTENT) {
            const char *named = cairn_lua__amount_name(L, c->detail, c->amount);
            if (named) {
                lua_pushstring(L, named);
                lua_setfield(L, -2, "amount_name");
            }
        } else if (c->kind == CAIRN_CHANGE_STATUS_ON || c->kind == CAIRN_CHANGE_STATUS_OFF ||
                   c->kind == CAIRN_CHANGE_STATUS_CHANGED) {
            cairn_lua__push_name(L, CAIRN_LUA_STATUS, c->detail);
            lua_setfield(L, -2, "status");
            if (c->kind != CAIRN_CHANGE_STATUS_OFF) {
                lua_pushinteger(L, c->value);
                lua_setfield(L, -2, "magnitude");
            }
        } else if (c->kind == CAIRN_CHANGE_SPAWNED || c->kind == CAIRN_CHANGE_DIED) {
            /* the type outlives the entity: after the reap it is the only way to tell */
            cairn_lua__push_name(L, CAIRN_LUA_TYPE, c->detail);
            lua_setfield(L, -2, "type");
        } else if (c->kind == CAIRN_CHANGE_ATTACKED) {
            cairn_lua__push_name(L, CAIRN_LUA_SOURCE, c->detail);
            lua_setfield(L, -2, "source");
        } else if (c->kind == CAIRN_CHANGE_STEP) {
            cairn_lua__push_name(L, CAIRN_LUA_SEQUENCE, c->detail);
            lua_setfield(L, -2, "sequence");
        } else if (c->kind == CAIRN_CHANGE_STAT) {
            lua_pushstring(L, cairn_lua__stat_name(c->detail));
            lua_setfield(L, -2, "stat");
        } else if (c->kind == CAIRN_CHANGE_TURNED) {
            lua_pushstring(L, cairn_dir_name((cairn_dir)c->value));
            lua_setfield(L, -2, "facing");
            lua_pushstring(L, cairn_dir_name((cairn_dir)c->amount));
            lua_setfield(L, -2, "was");
        }
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* An optional integer field of the table at idx (0 when absent). */
static int32_t opt_amount(lua_State *L, int idx, const char *key)
{
    lua_getfield(L, idx, key);
    lua_Integer v = lua_isnil(L, -1) ? 0 : luaL_checkinteger(L, -1);
    lua_pop(L, 1);
    if (v < -CAIRN_STAT_MAX || v > CAIRN_STAT_MAX)
        luaL_error(L, "w:record: %s must be from -%d to %d", key, CAIRN_STAT_MAX, CAIRN_STAT_MAX);
    return (int32_t)v;
}

/* An optional entity field of the table at idx (NONE when absent). */
static cairn_entity_id opt_entity(lua_State *L, int idx, const char *key)
{
    lua_getfield(L, idx, key);
    cairn_entity_id id =
        lua_isnil(L, -1) ? CAIRN_ENTITY_NONE : cairn_lua__check_entity(L, lua_gettop(L), false);
    lua_pop(L, 1);
    return id;
}

/* An optional cell field { x =, y = } of the table at idx (-1, -1 when absent). */
static cairn_cell opt_cell(lua_State *L, int idx, const char *key)
{
    cairn_cell cell = {-1, -1};
    if (lua_getfield(L, idx, key) != LUA_TNIL) {
        luaL_argexpected(L, lua_istable(L, -1), idx, "a cell { x =, y = }");
        cell = cairn_lua__cell_fields(L, -1);
    }
    lua_pop(L, 1);
    return cell;
}

/* w:record(kind, { entity =, other =, amount =, value =, from =, to = }): adds a change of a
 * kind content defined (cairn.change) to the beat's history, for front ends, previews and
 * the message log. Every field is optional. */
static int w_record(lua_State *L)
{
    cairn_world *w = check_world(L);
    int kind = cairn_lua__check_name(L, 2, CAIRN_LUA_CHANGE);
    if (lua_isnoneornil(L, 3))
        lua_newtable(L);
    luaL_checktype(L, 3, LUA_TTABLE);
    cairn_change change = {
        .kind = CAIRN_CHANGE_CONTENT,
        .detail = (uint16_t)kind,
        .entity = opt_entity(L, 3, "entity"),
        .other = opt_entity(L, 3, "other"),
        .from = opt_cell(L, 3, "from"),
        .to = opt_cell(L, 3, "to"),
        .amount = opt_amount(L, 3, "amount"),
        .value = opt_amount(L, 3, "value"),
    };
    if (cairn_world_record(w, change))
        return luaL_error(L, "w:record: %s", cairn_world_error(w));
    return 0;
}

/* w:entity(id) -> the entity with that e.id, or nil when it is gone */
static int w_entity(lua_State *L)
{
    cairn_world *w = check_world(L);
    cairn_entity_id eid = cairn_lua__id_from_integer(luaL_checkinteger(L, 2));
    if (cairn_entity_id_is_none(eid) || cairn_entity_check(w, eid) != CAIRN_OK)
        lua_pushnil(L);
    else
        cairn_lua__push_entity(L, eid);
    return 1;
}

/* w:checksum() -> 16 hex digits summing up the world: the core's state and every entity's
 * e.data. Two worlds that are the same game give the same digits. */
static int w_checksum(lua_State *L)
{
    cairn_world *w = check_world(L);
    uint64_t sum = cairn_world_checksum(w);
    cairn_lua_push_runtime(L, "lua.data.text");
    lua_pushboolean(L, 1);
    lua_call(L, 1, 1);
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);
    cairn_lua__charge(L, (int64_t)len);
    sum = cairn_hash(sum, text, len);
    char hex[17];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)sum);
    lua_pushstring(L, hex);
    return 1;
}

/* --- snapshots and previews ------------------------------------------------------------
 * A snapshot has two parts: the core's bytes and the Lua data as data.encode writes it. As
 * content holds it, it is one string: the core's length (four bytes little-endian), the core's
 * bytes, the data. The runtime's scripts, which keep the parts apart in a save, get them
 * apart (snapshot_parts, restore_parts) and never read that length themselves. */

void cairn_lua__between_beats(lua_State *L, const char *what)
{
    if (cairn_lua__from(L)->scope_top > 0)
        luaL_error(L, "%s cannot run inside a handler or callback; only between beats", what);
}

/* The core's part of a snapshot of the current world, between beats only, charged to the
 * budget; the bytes are the world's until its next snapshot. */
static const void *snapshot_core(lua_State *L, size_t *size)
{
    cairn_world *w = cairn_lua__world(L);
    cairn_lua__between_beats(L, "w:snapshot");
    const void *bytes;
    cairn_err st = cairn_world_snapshot(w, &bytes, size);
    if (st)
        cairn_lua__raise(L, st);
    cairn_lua__charge(L, (int64_t)*size / 8);
    return bytes;
}

/* w:snapshot() -> string: the whole world, for w:restore */
static int w_snapshot(lua_State *L)
{
    check_world(L);
    size_t size;
    const void *bytes = snapshot_core(L, &size);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 0; i < 4; i++)
        luaL_addchar(&b, (char)(size >> (8 * i)));
    luaL_addlstring(&b, bytes, size);
    cairn_lua_push_runtime(L, "lua.data.text");
    lua_call(L, 0, 1);
    luaL_addvalue(&b);
    luaL_pushresult(&b);
    return 1;
}

/* Puts w back from a snapshot's two parts. Damaged parts are refused before anything
 * changes, with what is wrong. */
static void restore_parts(lua_State *L, cairn_world *w, const char *core, size_t core_size,
                          const char *data, size_t data_size)
{
    cairn_lua__charge(L, (int64_t)(core_size + data_size) / 8);
    cairn_lua_push_runtime(L, "lua.data.decode_snapshot");
    lua_pushlstring(L, data, data_size);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) /* raised again here, to be placed in the caller */
        luaL_error(L, "%s", lua_tostring(L, -1));
    cairn_err st = cairn_world_restore(w, core, core_size);
    if (st)
        luaL_error(L, "w:restore: %s", cairn_lua__plain(cairn_world_error(w)));
    cairn_lua_push_runtime(L, "lua.data.load_snapshot");
    lua_insert(L, -2);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK)
        luaL_error(L, "%s", lua_tostring(L, -1));
}

/* w:restore(snapshot) puts the world back as w:snapshot saw it. */
static int w_restore(lua_State *L)
{
    cairn_world *w = check_world(L);
    cairn_lua__between_beats(L, "w:restore");
    size_t len;
    const unsigned char *s = (const unsigned char *)luaL_checklstring(L, 2, &len);
    size_t size = 0;
    for (int i = 0; i < 4 && len >= 4; i++)
        size |= (size_t)s[i] << (8 * i);
    if (len < 4 || size > len - 4)
        return luaL_error(L, "w:restore: that is not a snapshot (it is cut short)");
    restore_parts(L, w, (const char *)s + 4, size, (const char *)s + 4 + size, len - 4 - size);
    return 0;
}

/* snapshot_parts() -> core, data: the current world's snapshot as its two parts. */
static int snapshot_parts(lua_State *L)
{
    size_t size;
    const void *bytes = snapshot_core(L, &size);
    lua_pushlstring(L, bytes, size);
    cairn_lua_push_runtime(L, "lua.data.text");
    lua_call(L, 0, 1);
    return 2;
}

/* restore_parts(core, data): puts the current world back from a snapshot's two parts. */
static int restore_parts_fn(lua_State *L)
{
    cairn_world *w = cairn_lua__world(L);
    cairn_lua__between_beats(L, "w:restore");
    size_t core_size, data_size;
    const char *core = luaL_checklstring(L, 1, &core_size);
    const char *data = luaL_checklstring(L, 2, &data_size);
    restore_parts(L, w, core, core_size, data, data_size);
    return 0;
}

/* The part of a preview that may fail: fn(w), one beat, its history. */
static int preview_run(lua_State *L)
{
    if (!lua_isnil(L, 2)) {
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 1);
        lua_call(L, 1, 0);
    }
    lua_pushcfunction(L, w_step);
    lua_pushvalue(L, 1);
    lua_call(L, 1, 0);
    lua_pushcfunction(L, w_history);
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    return 1;
}

int cairn_lua__on_copy(lua_State *L, lua_CFunction run, int nargs, const char *what)
{
    cairn_lua__between_beats(L, what);
    lua_settop(L, 1 + nargs);
    lua_pushcfunction(L, w_snapshot);
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    int snapshot = lua_gettop(L);
    lua_pushcfunction(L, run);
    for (int i = 1; i <= 1 + nargs; i++)
        lua_pushvalue(L, i);
    int rc = lua_pcall(L, 1 + nargs, 1, 0); /* run's result, or the error */
    /* Put back even when the budget ran out on the way: this is the runtime's own work,
     * bounded by the snapshot's size. */
    cairn_lua *h = cairn_lua__from(L);
    h->unmetered++;
    lua_pushcfunction(L, w_restore);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, snapshot);
    int back = lua_pcall(L, 2, 0, 0);
    h->unmetered--;
    if (back != LUA_OK)
        return luaL_error(L, "%s could not put the world back: %s", what, lua_tostring(L, -1));
    if (rc != LUA_OK)
        return lua_error(L);
    return 1;
}

/* w:preview([fn]) -> history: runs fn(w) (to give inputs), then one beat, and returns that
 * beat's history; the world is then put back as it was, whatever happened. */
static int w_preview(lua_State *L)
{
    check_world(L);
    if (!lua_isnoneornil(L, 2))
        luaL_checktype(L, 2, LUA_TFUNCTION);
    return cairn_lua__on_copy(L, preview_run, 1, "w:preview");
}

/* w:lua_calls() -> how many calls the core has made into Lua so far (handlers, movs, ...) */
static int w_lua_calls(lua_State *L)
{
    check_world(L);
    lua_pushinteger(L, (lua_Integer)cairn_lua__from(L)->callbacks);
    return 1;
}

/* w:allocations() -> how many blocks the world's allocator has handed out so far */
static int w_allocations(lua_State *L)
{
    cairn_world_stats stats;
    cairn_world_get_stats(check_world(L), &stats);
    lua_pushinteger(L, (lua_Integer)stats.allocations);
    return 1;
}

/* A world handle's fields, which are no methods: the __index of its methods table (the
 * handle's __index), so called with that table, not the handle. Only the current world's
 * handle has that __index: the handle of a replaced world has the stale metatable, and
 * until the next world's handle is made, the current world has none. */
static int w_field(lua_State *L)
{
    cairn_lua *h = cairn_lua__from(L);
    if (!h->world || h->world_handle_serial != h->world_serial)
        return luaL_error(L, "%s", stale_message);
    cairn_world *w = h->world;
    const char *key = luaL_checkstring(L, 2);
    if (!strcmp(key, "beat"))
        lua_pushinteger(L, (lua_Integer)cairn_world_beat(w));
    else if (!strcmp(key, "width"))
        lua_pushinteger(L, cairn_grid_width(w));
    else if (!strcmp(key, "height"))
        lua_pushinteger(L, cairn_grid_height(w));
    else if (!strcmp(key, "phase"))
        lua_pushstring(L, cairn_phase_name(cairn_world_phase(w)));
    else if (!strcmp(key, "data")) {
        cairn_lua_push_runtime(L, "lua.data.of_world");
        lua_call(L, 0, 1);
    } else
        return luaL_error(L, "a world has no field '%s'", key);
    return 1;
}

static int stale_index(lua_State *L)
{
    return luaL_error(L, "%s", stale_message);
}

static int w_eq(lua_State *L)
{
    handle *a = luaL_testudata(L, 1, world_meta), *b = luaL_testudata(L, 2, world_meta);
    lua_pushboolean(L, a && b && a->serial == b->serial);
    return 1;
}

void cairn_lua__open_world(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"spawn", w_spawn},
        {"at", w_at},
        {"entities", w_entities},
        {"step", w_step},
        {"players", w_players},
        {"set_active", w_set_active},
        {"active", w_active},
        {"clear", w_clear},
        {"portal", w_portal},
        {"close_portal", w_close_portal},
        {"portals", w_portals},
        {"checksum", w_checksum},
        {"history", w_history},
        {"record", w_record},
        {"entity", w_entity},
        {"snapshot", w_snapshot},
        {"restore", w_restore},
        {"preview", w_preview},
        {"schedule", cairn_lua__w_schedule},
        {"apply", cairn_lua__w_apply},
        {"lua_calls", w_lua_calls},
        {"allocations", w_allocations},
        {NULL, NULL},
    };
    static const luaL_Reg meta[] = {{"__eq", w_eq}, {NULL, NULL}};
    static const luaL_Reg stale[] = {{"__index", stale_index}, {"__eq", w_eq}, {NULL, NULL}};
    static const luaL_Reg none[] = {{NULL, NULL}};
    cairn_lua__new_class(L, world_meta, "world", meta, methods);
    cairn_lua__new_class(L, stale_meta, "world", stale, none);
    /* A method is found in the methods table by Lua itself; what is not there, by w_field. */
    luaL_getmetatable(L, world_meta);
    lua_getfield(L, -1, "methods");
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, w_field);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    cairn_lua *h = cairn_lua__from(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->entity_cache_ref);
    lua_pushcclosure(L, w_closest_player, 1);
    lua_setfield(L, -2, "closest_player");
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    h->world_meta = cairn_lua__class_meta(L, world_meta);
    /* The slot of the current world's handle; none yet. */
    lua_pushboolean(L, 0);
    h->world_handle_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

const char *cairn_lua__add_world_methods(lua_State *L, const cairn_lua_method *methods)
{
    const char *clash = NULL;
    luaL_getmetatable(L, world_meta);
    lua_getfield(L, -1, "methods");
    for (const cairn_lua_method *m = methods; m && m->name && !clash; m++) {
        /* raw: the table's __index is for the handle's fields */
        lua_pushstring(L, m->name);
        if (lua_rawget(L, -2) != LUA_TNIL)
            clash = m->name;
        lua_pop(L, 1);
        if (clash)
            break;
        lua_pushcfunction(L, m->fn);
        lua_setfield(L, -2, m->name);
    }
    lua_pop(L, 2);
    return clash;
}

/* cairn.world(), which a movs may ask for each call: the current world's handle is this
 * closure's upvalue, pushed as it is while its world is current. */
static int world_handle(lua_State *L)
{
    cairn_lua *h = cairn_lua__from(L);
    if (h->world && h->world_fn_serial == h->world_serial) {
        lua_pushvalue(L, lua_upvalueindex(1));
        return 1;
    }
    cairn_lua__push_world(L);
    lua_pushvalue(L, -1);
    lua_replace(L, lua_upvalueindex(1));
    h->world_fn_serial = h->world_serial;
    return 1;
}

/* One closure a host: world_fn_serial is its upvalue's. */
void cairn_lua__open_world_handle(lua_State *L)
{
    lua_pushboolean(L, 0); /* no world yet */
    lua_pushcclosure(L, world_handle, 1);
}

void cairn_lua__open_snapshot_parts(lua_State *L)
{
    lua_pushcfunction(L, snapshot_parts);
    lua_setfield(L, -2, "snapshot_parts");
    lua_pushcfunction(L, restore_parts_fn);
    lua_setfield(L, -2, "restore_parts");
}
