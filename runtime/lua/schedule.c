/*
 * schedule.c - w:schedule and w:apply. A schedule plays an action on a copy of the world (the
 * beats run, then the world is put back, as a preview does) and says what it came to: the
 * timeline (every change, by step), the net outcome and its undo. The beats are the runtime's
 * scripts/lua/schedule.lua; this file gives them the copy and applies outcomes through the core's
 * cairn_world_apply.
 */
#include <string.h>

#include "host.h"

/* The beats on the copy: schedule_run(w, actor, action, target) -> what they came to. */
static int schedule_run(lua_State *L)
{
    cairn_lua_push_runtime(L, "lua.schedule.run");
    lua_insert(L, 1);
    lua_call(L, 4, 1);
    return 1;
}

/* w:schedule(actor, action [, target]) -> { timeline, outcome, undo, steps, stopped }; action
 * is an action's name or a choice { choice =, answers = } */
int cairn_lua__w_schedule(lua_State *L)
{
    cairn_lua_check_world(L, 1);
    cairn_lua__check_entity(L, 2, true);
    luaL_argexpected(L, lua_type(L, 3) == LUA_TSTRING || lua_istable(L, 3), 3,
                     "an action's name or a choice { choice =, answers = }");
    lua_settop(L, 4);
    cairn_lua__on_copy(L, schedule_run, 3, "w:schedule");
    /* Back on the world as it was: the outcome compares it with what the beats left. */
    cairn_lua_push_runtime(L, "lua.schedule.finish");
    lua_pushvalue(L, 1);
    lua_pushvalue(L, -3);
    lua_call(L, 2, 1);
    return 1;
}

/* The cell { x =, y = } at idx. */
static cairn_cell check_cell_table(lua_State *L, int idx, const char *what)
{
    if (!lua_istable(L, idx))
        luaL_error(L, "w:apply: %s is a cell { x =, y = }, not a %s", what, luaL_typename(L, idx));
    return cairn_lua__cell_fields(L, idx);
}

/* The field `key` of the entry at idx, a { from =, to = } table, pushed: false when absent. */
static bool push_change(lua_State *L, int idx, const char *key, lua_Integer n)
{
    if (lua_getfield(L, idx, key) == LUA_TNIL) {
        lua_pop(L, 1);
        return false;
    }
    if (!lua_istable(L, -1))
        luaL_error(L, "w:apply: entry %d: '%s' is { from =, to = }, not a %s", (int)n, key,
                   luaL_typename(L, -1));
    return true;
}

/* An entry's hit points, at idx: refused beyond what a stat holds, never cut to 32 bits. */
static int32_t check_hp(lua_State *L, int idx, const char *key, lua_Integer n)
{
    lua_Integer hp = luaL_checkinteger(L, idx);
    if (hp < -CAIRN_STAT_MAX || hp > CAIRN_STAT_MAX)
        luaL_error(L,
                   "w:apply: entry %d: '%s' is %I, beyond the hit points an entity has (-%d to %d)",
                   (int)n, key, (LUAI_UACINT)hp, CAIRN_STAT_MAX, CAIRN_STAT_MAX);
    return (int32_t)hp;
}

/* One entry of an outcome, at idx, as the core's delta. */
static cairn_delta check_entry(lua_State *L, cairn_world *w, int idx, lua_Integer n)
{
    if (!lua_istable(L, idx))
        luaL_error(L, "w:apply: entry %d is a table, not a %s", (int)n, luaL_typename(L, idx));
    lua_getfield(L, idx, "died");
    lua_getfield(L, idx, "spawned");
    if (lua_toboolean(L, -1) || lua_toboolean(L, -2))
        luaL_error(L,
                   "w:apply: entry %d: an entity died or appeared; an outcome that makes or "
                   "unmakes entities cannot be applied (restore a snapshot instead)",
                   (int)n);
    lua_pop(L, 2);
    lua_getfield(L, idx, "entity");
    cairn_delta d = {.entity = lua_isinteger(L, -1)
                                   ? cairn_lua__id_from_integer(lua_tointeger(L, -1))
                                   : cairn_lua__check_entity(L, lua_gettop(L), true)};
    lua_pop(L, 1);
    if (cairn_entity_cell(w, d.entity, &d.from) || cairn_entity_facing(w, d.entity, &d.facing_from))
        luaL_error(L, "w:apply: entry %d: %s", (int)n, cairn_lua__plain(cairn_world_error(w)));
    d.to = d.from;
    d.facing_to = d.facing_from;
    if (push_change(L, idx, "cell", n)) {
        lua_getfield(L, -1, "from");
        d.from = check_cell_table(L, lua_gettop(L), "cell.from");
        lua_getfield(L, -2, "to");
        d.to = check_cell_table(L, lua_gettop(L), "cell.to");
        lua_pop(L, 3);
    }
    if (push_change(L, idx, "facing", n)) {
        lua_getfield(L, -1, "from");
        d.facing_from = cairn_lua__check_dir(L, lua_gettop(L));
        lua_getfield(L, -2, "to");
        d.facing_to = cairn_lua__check_dir(L, lua_gettop(L));
        lua_pop(L, 3);
    }
    if (push_change(L, idx, "hp", n)) {
        lua_getfield(L, -1, "from");
        lua_getfield(L, -2, "to");
        d.has_hp = true;
        d.hp_from = check_hp(L, -2, "hp.from", n);
        d.hp_to = check_hp(L, -1, "hp.to", n);
        lua_pop(L, 3);
    }
    return d;
}

/* w:apply(outcome): a schedule's outcome or undo put into the world, all or nothing. */
int cairn_lua__w_apply(lua_State *L)
{
    cairn_world *w = cairn_lua_check_world(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    cairn_lua__between_beats(L, "w:apply");
    lua_Integer count = luaL_len(L, 2);
    if (count < 0 || count > CAIRN_ENTITY_MAX)
        return luaL_error(L, "w:apply: an outcome is a list of entries");
    cairn_lua__charge(L, 20 * count);
    cairn_delta *deltas = lua_newuserdatauv(L, (size_t)count * sizeof *deltas + 1, 0);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, 2, i);
        deltas[i - 1] = check_entry(L, w, lua_gettop(L), i);
        lua_pop(L, 1);
    }
    if (cairn_world_apply(w, deltas, (size_t)count))
        return luaL_error(L, "w:apply: %s", cairn_lua__plain(cairn_world_error(w)));
    return 0;
}
