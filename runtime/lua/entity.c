/*
 * entity.c - entity handles: userdata naming an entity by its generational id, with its
 * fields (position, stats, data) and the methods that act through the core.
 *
 * One handle per living entity at a time (a weak cache by slot), so handles work as table
 * keys. A handle outlives its entity safely: once the entity is reaped every use raises an
 * error saying so. A dead entity is readable until the end of its beat; it can no longer act.
 */
#include <string.h>

#include "host.h"

static const char entity_meta[] = "cairn.entity";

typedef struct handle {
    cairn_entity_id id;
    uint32_t world; /* the host's world serial: a handle never reaches a later world */
} handle;

cairn_world *cairn_lua__world(lua_State *L)
{
    cairn_world *w = cairn_lua__from(L)->world;
    if (!w)
        luaL_error(L, "there is no world yet (entities exist once a world is made)");
    return w;
}

cairn_cell cairn_lua__check_cell(lua_State *L, int x, int y)
{
    int x_ok, y_ok;
    lua_Integer cx = lua_tointegerx(L, x, &x_ok), cy = lua_tointegerx(L, y, &y_ok);
    if (!x_ok || !y_ok) /* raises, naming what was given */
        cx = luaL_checkinteger(L, x), cy = luaL_checkinteger(L, y);
    /* Beyond the largest grid by far, but never wrapped round into it. */
    if (cx < -CAIRN_STAT_MAX || cx > CAIRN_STAT_MAX || cy < -CAIRN_STAT_MAX || cy > CAIRN_STAT_MAX)
        luaL_error(L, "cell (%I, %I) is out of range", cx, cy);
    return (cairn_cell){(int32_t)cx, (int32_t)cy};
}

cairn_cell cairn_lua__cell_fields(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    lua_getfield(L, idx, "x");
    lua_getfield(L, idx, "y");
    int top = lua_gettop(L);
    cairn_cell cell = cairn_lua__check_cell(L, top - 1, top);
    lua_pop(L, 2);
    return cell;
}

int cairn_lua__to_dir(lua_State *L, int idx)
{
    const cairn_lua *h = cairn_lua__from(L);
    /* A name content gives is one of the interned names: known by its address, with one call
     * into Lua's API. */
    const void *p = lua_topointer(L, idx);
    for (int d = 0; d <= CAIRN_DIR_NONE; d++)
        if (p == h->dir_keys[d] && cairn_lua__is_kept_string(h, L, idx, p))
            return d;
    if (lua_type(L, idx) != LUA_TSTRING)
        return -1;
    return cairn_lua__dir_named(h, lua_tostring(L, idx));
}

int cairn_lua__dir_named(const cairn_lua *h, const char *name)
{
    const char *const *names = h->dir_names;
    for (int d = 0; d <= CAIRN_DIR_NONE; d++)
        if (name == names[d])
            return d;
    /* Not one of them by address: compared by content, as names always were, so that a
     * string that reads as a name up to a NUL is taken as before. */
    for (int d = 0; d <= CAIRN_DIR_NONE; d++)
        if (!strcmp(name, names[d]))
            return d;
    return -1;
}

cairn_dir cairn_lua__check_dir(lua_State *L, int idx)
{
    if (lua_isnoneornil(L, idx))
        return CAIRN_DIR_NONE;
    int d = cairn_lua__to_dir(L, idx);
    if (d >= 0)
        return (cairn_dir)d;
    const char *name = luaL_checkstring(L, idx);
    return (cairn_dir)luaL_error(L, "bad direction '%s' (n, ne, e, se, s, sw, w, nw or none)",
                                 name);
}

static void new_handle(lua_State *L, cairn_entity_id id)
{
    handle *e = lua_newuserdatauv(L, sizeof *e, 0);
    e->id = id;
    e->world = cairn_lua__from(L)->world_serial;
    luaL_setmetatable(L, entity_meta);
}

/* The handle on top, of a living entity, is held by the entity's slot in the keep list too,
 * until the slot's next tenant or the world's end. The cache holds its handles weakly, so
 * that gone entities' handles go; but a living entity's handle that only the cache held
 * went too, at each collection, and was made again the next time Lua was handed the entity:
 * with 100,000 enemies the collector then ran without end, and every movs call made a
 * handle. */
static void keep_living(lua_State *L, cairn_lua *h, cairn_entity_id id)
{
    if (!h->world || !cairn_entity_is_alive(h->world, id))
        return;
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->entity_keep_ref);
    lua_pushvalue(L, -2);
    lua_rawseti(L, -2, (lua_Integer)id.index + 1);
    lua_pop(L, 1);
}

void cairn_lua__forget_living(lua_State *L, cairn_lua *h)
{
    lua_newtable(L);
    lua_rawseti(L, LUA_REGISTRYINDEX, h->entity_keep_ref);
}

void cairn_lua__push_entity(lua_State *L, cairn_entity_id id)
{
    if (cairn_entity_id_is_none(id)) {
        lua_pushnil(L);
        return;
    }
    /* One handle per entity of this world, the gone ones too (named by the history, say):
     * keyed by e.id, which no later tenant of the slot shares. */
    cairn_lua *h = cairn_lua__from(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->entity_cache_ref);
    if (lua_rawgeti(L, -1, cairn_lua__id_to_integer(id)) == LUA_TUSERDATA &&
        ((handle *)lua_touserdata(L, -1))->world == h->world_serial) {
        lua_replace(L, -2);
        return;
    }
    lua_pop(L, 1);
    new_handle(L, id);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, cairn_lua__id_to_integer(id));
    lua_remove(L, -2);
    keep_living(L, h, id);
}

bool cairn_lua__push_kept_entity_in(lua_State *L, const cairn_lua *h, int cache, cairn_entity_id id)
{
    /* A raw look-up by an integer key: neither raises nor allocates. */
    if (lua_rawgeti(L, cache, cairn_lua__id_to_integer(id)) == LUA_TUSERDATA &&
        ((handle *)lua_touserdata(L, -1))->world == h->world_serial)
        return true;
    lua_pop(L, 1);
    return false;
}

bool cairn_lua__push_kept_entity_at(lua_State *L, int cache, cairn_entity_id id)
{
    return cairn_lua__push_kept_entity_in(L, cairn_lua__from(L), cache, id);
}

bool cairn_lua__push_kept_entity(lua_State *L, cairn_entity_id id)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, cairn_lua__from(L)->entity_cache_ref);
    bool kept = cairn_lua__push_kept_entity_at(L, lua_gettop(L), id);
    if (kept)
        lua_copy(L, -1, -2);
    lua_pop(L, 1);
    return kept;
}

void cairn_lua__entity_order(lua_State *L, int idx, uint32_t *world, lua_Integer *id)
{
    const handle *e = lua_touserdata(L, idx);
    *world = e->world;
    *id = cairn_lua__id_to_integer(e->id);
}

lua_Integer cairn_lua__id_to_integer(cairn_entity_id id)
{
    return (lua_Integer)id.generation * CAIRN_ENTITY_MAX + id.index;
}

cairn_entity_id cairn_lua__id_from_integer(lua_Integer id)
{
    if (id <= 0 || id / CAIRN_ENTITY_MAX > UINT32_MAX)
        return CAIRN_ENTITY_NONE;
    return (cairn_entity_id){(uint32_t)(id % CAIRN_ENTITY_MAX), (uint32_t)(id / CAIRN_ENTITY_MAX)};
}

cairn_entity_id cairn_lua__to_entity(lua_State *L, int idx)
{
    handle *e = cairn_lua__test_class(L, idx, cairn_lua__from(L)->entity_meta);
    return e ? e->id : CAIRN_ENTITY_NONE;
}

cairn_entity_id cairn_lua__check_entity(lua_State *L, int idx, bool alive)
{
    handle *e = cairn_lua__test_class(L, idx, cairn_lua__from(L)->entity_meta);
    if (!e)
        e = luaL_checkudata(L, idx, entity_meta); /* raises, naming what was given */
    cairn_world *w = cairn_lua__world(L);
    if (e->world != cairn_lua__from(L)->world_serial)
        luaL_error(L, "entity %d belongs to a world that was replaced", (int)e->id.index);
    if (cairn_entity_check(w, e->id) != CAIRN_OK)
        luaL_error(L,
                   "entity %d is gone: it died and was removed (a handle must not be used "
                   "after its entity's death)",
                   (int)e->id.index);
    if (alive && !cairn_entity_is_alive(w, e->id))
        luaL_error(L, "entity %d is dead: it can no longer act", (int)e->id.index);
    return e->id;
}

/* Raises for a failed core call. */
static void check(lua_State *L, cairn_err st)
{
    if (st)
        cairn_lua__raise(L, st);
}

/* --- methods ----------------------------------------------------------------------------- */

/* What an action done from Lua costs the budget before it runs: the chains it passes in C,
 * about as long as this many Lua instructions. Charged first, so that even a loop of
 * actions that fail at once (a wall, a bad direction) pays its way. */
#define ACTION_COST 100

/* Then the bytes of events it left in the beat's arena, one instruction each: they stay until
 * the next beat, so a loop of actions must run out of budget well before it fills the memory
 * ceiling (which is in the hundreds of MiB where the budget is in the tens of millions). */
static void charge_arena(lua_State *L, cairn_world *w, const cairn_world_stats *before)
{
    cairn_world_stats after;
    cairn_world_get_stats(w, &after);
    if (after.arena_bytes > before->arena_bytes)
        cairn_lua__charge(L, (int64_t)(after.arena_bytes - before->arena_bytes));
}

static int do_action(lua_State *L, cairn_action_id action, int dir_idx)
{
    cairn_lua__charge(L, ACTION_COST);
    cairn_entity_id id = cairn_lua__check_entity(L, 1, true);
    cairn_action a = {action, (uint8_t)cairn_lua__check_dir(L, dir_idx)};
    cairn_world *w = cairn_lua__world(L);
    cairn_world_stats before;
    cairn_world_get_stats(w, &before);
    bool success = false;
    check(L, cairn_action_do(w, id, a, NULL, &success));
    charge_arena(L, w, &before);
    lua_pushboolean(L, success);
    return 1;
}

static int e_move(lua_State *L)
{
    return do_action(L, CAIRN_ACTION_MOVE, 2);
}

static int e_attack(lua_State *L)
{
    return do_action(L, CAIRN_ACTION_ATTACK, 2);
}

static int e_dig(lua_State *L)
{
    return do_action(L, CAIRN_ACTION_DIG, 2);
}

static int e_act(lua_State *L)
{
    int action = cairn_lua__check_name(L, 2, CAIRN_LUA_ACTION);
    return do_action(L, (cairn_action_id)action, 3);
}

static int e_has(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    cairn_world *w = cairn_lua__world(L);
    int deco = cairn_lua__check_name(L, 2, CAIRN_LUA_DECORATOR);
    cairn_type_id type;
    check(L, cairn_entity_type(w, id, &type));
    lua_pushboolean(L, cairn_type_has_decorator(w, type, (cairn_decorator_id)deco));
    return 1;
}

/* Alive: the entity is in this world, not reaped and not killed. Never raises for a gone one. */
static bool handle_alive(lua_State *L, const handle *e)
{
    cairn_lua *h = cairn_lua__from(L);
    return h->world && e->world == h->world_serial && cairn_entity_is_alive(h->world, e->id);
}

static int e_is_dead(lua_State *L)
{
    lua_pushboolean(L, !handle_alive(L, luaL_checkudata(L, 1, entity_meta)));
    return 1;
}

/* A stat given to e:attack_on, as an event's setter takes it. */
static int32_t check_number(lua_State *L, int idx)
{
    lua_Integer v = luaL_checkinteger(L, idx);
    luaL_argcheck(L, v >= -CAIRN_STAT_MAX && v <= CAIRN_STAT_MAX, idx,
                  "a stat from -1000000 to 1000000");
    return (int32_t)v;
}

/* Where e:attack_on copies its targets' ids: a buffer kept in the registry, taken out while
 * an attack uses it (an attack inside that attack makes its own), put back after, so that a
 * card's damage every beat allocates nothing once the buffer is as long as its longest list. */
#define AIM_BUFFER "cairn.aim_buffer"

static cairn_entity_id *aim_buffer(lua_State *L, size_t n)
{
    if (lua_getfield(L, LUA_REGISTRYINDEX, AIM_BUFFER) != LUA_TUSERDATA ||
        lua_rawlen(L, -1) < n * sizeof(cairn_entity_id)) {
        lua_pop(L, 1);
        lua_newuserdatauv(L, (n < 16 ? 16 : n) * sizeof(cairn_entity_id), 0);
    }
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, AIM_BUFFER);
    return lua_touserdata(L, -1);
}

/* The status an aimed attack carries, from the table at idx: { inflicts = name,
 * inflict_magnitude = n (1), inflict_beats = n (0: lasting) }, as the stats name them. */
static void check_aim_status(lua_State *L, int idx, cairn_aim *aim)
{
    luaL_checktype(L, idx, LUA_TTABLE);
    lua_getfield(L, idx, "inflicts");
    aim->inflicts = cairn_lua__check_status(L, -1);
    lua_getfield(L, idx, "inflict_magnitude");
    aim->inflict_magnitude = lua_isnil(L, -1) ? 1 : check_number(L, -1);
    lua_getfield(L, idx, "inflict_beats");
    aim->inflict_beats = lua_isnil(L, -1) ? 0 : check_number(L, -1);
    lua_pop(L, 3);
    aim->set |= CAIRN_AIM_STATUS;
}

/* e:attack_on(targets, damage [, pierce, power, source, status]) -> whether it hit: e's
 * attack with no direction at the living entities of the list, with that damage and, where
 * given, that pierce, power, source and status (check_aim_status) rather than its own
 * (cairn_attack_aimed). */
static int e_attack_on(lua_State *L)
{
    cairn_lua__charge(L, ACTION_COST);
    cairn_entity_id id = cairn_lua__check_entity(L, 1, true);
    luaL_checktype(L, 2, LUA_TTABLE);
    cairn_aim aim = {.damage = check_number(L, 3)};
    if (!lua_isnoneornil(L, 4))
        aim.pierce = check_number(L, 4), aim.set |= CAIRN_AIM_PIERCE;
    if (!lua_isnoneornil(L, 5))
        aim.power = check_number(L, 5), aim.set |= CAIRN_AIM_POWER;
    if (!lua_isnoneornil(L, 6))
        aim.source = (cairn_source_id)cairn_lua__check_name(L, 6, CAIRN_LUA_SOURCE),
        aim.set |= CAIRN_AIM_SOURCE;
    if (!lua_isnoneornil(L, 7))
        check_aim_status(L, 7, &aim);
    size_t n = lua_rawlen(L, 2);
    if (n > UINT32_MAX / 2)
        return luaL_argerror(L, 2, "too many targets");
    lua_settop(L, 7);
    cairn_entity_id *ids = aim_buffer(L, n); /* at 8 */
    uint32_t count = 0;
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, 2, (lua_Integer)i + 1);
        const handle *t = luaL_testudata(L, -1, entity_meta);
        if (!t)
            return luaL_error(L, "target %d is not an entity", (int)i + 1);
        if (handle_alive(L, t)) /* the dead and the gone are no targets */
            ids[count++] = t->id;
        lua_pop(L, 1);
    }
    aim.targets = ids, aim.count = count;
    cairn_world *w = cairn_lua__world(L);
    cairn_world_stats before;
    cairn_world_get_stats(w, &before);
    bool success = false;
    cairn_err st = cairn_attack_aimed(w, id, &aim, &success);
    lua_pushvalue(L, 8);
    lua_setfield(L, LUA_REGISTRYINDEX, AIM_BUFFER);
    check(L, st);
    charge_arena(L, w, &before);
    lua_pushboolean(L, success);
    return 1;
}

/* e:foes([into]) -> e's foes on the grid, by row then column (cairn_entity_foes); in the
 * table `into`, when given, filled again, rather than a new one. */
static int e_foes(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    cairn_world *w = cairn_lua__world(L);
    if (lua_isnoneornil(L, 2)) {
        lua_settop(L, 1);
        lua_newtable(L);
    } else {
        luaL_checktype(L, 2, LUA_TTABLE);
        lua_settop(L, 2);
    }
    size_t count = 0;
    check(L, cairn_entity_foes(w, id, NULL, 0, &count));
    cairn_lua__charge(L, (int64_t)count);
    lua_settop(L, 2);
    lua_Integer n = 0;
    if (count) {
        cairn_entity_id *ids = aim_buffer(L, count); /* at 3 */
        check(L, cairn_entity_foes(w, id, ids, count, &count));
        for (size_t i = 0; i < count; i++) {
            cairn_lua__push_entity(L, ids[i]);
            lua_rawseti(L, 2, ++n);
        }
        lua_setfield(L, LUA_REGISTRYINDEX, AIM_BUFFER);
    }
    for (lua_Integer i = n + 1, len = (lua_Integer)lua_rawlen(L, 2); i <= len; i++) {
        lua_pushnil(L);
        lua_rawseti(L, 2, i);
    }
    return 1;
}

/* e:is_foe(other) -> whether other is one of e's foes (cairn_entity_is_foe) */
static int e_is_foe(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    cairn_entity_id other = cairn_lua__check_entity(L, 2, false);
    lua_pushboolean(L, cairn_entity_is_foe(cairn_lua__world(L), id, other));
    return 1;
}

static int e_kill(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, true);
    check(L, cairn_entity_kill(cairn_lua__world(L), id));
    return 0;
}

/* The arguments of e:hurt and e:heal: (amount [, cause]), at 2 and 3. */
static int32_t check_amount(lua_State *L, cairn_entity_id *cause)
{
    lua_Integer amount = luaL_checkinteger(L, 2);
    luaL_argcheck(L, amount >= 0 && amount <= CAIRN_STAT_MAX, 2, "0 to 1000000");
    *cause = lua_isnoneornil(L, 3) ? CAIRN_ENTITY_NONE : cairn_lua__check_entity(L, 3, false);
    return (int32_t)amount;
}

static int e_hurt(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, true), cause;
    int32_t amount = check_amount(L, &cause);
    bool killed = false;
    check(L, cairn_entity_damage(cairn_lua__world(L), id, amount, cause, &killed));
    lua_pushboolean(L, killed);
    return 1;
}

/* e:heal(amount [, cause]) -> the hp gained: never past max_hp, nothing for the dead. */
static int e_heal(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false), cause;
    int32_t amount = check_amount(L, &cause);
    int32_t healed = 0;
    check(L, cairn_entity_heal(cairn_lua__world(L), id, amount, cause, &healed));
    lua_pushinteger(L, healed);
    return 1;
}

static int e_displace(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, true);
    cairn_cell to = cairn_lua__check_cell(L, 2, 3);
    cairn_entity_id cause =
        lua_isnoneornil(L, 4) ? CAIRN_ENTITY_NONE : cairn_lua__check_entity(L, 4, false);
    bool moved = false;
    check(L, cairn_entity_displace(cairn_lua__world(L), id, to, cause, &moved));
    lua_pushboolean(L, moved);
    return 1;
}

/* e:lift() takes the entity off the grid, alive: an item in a pack, a player between floors */
static int e_lift(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, true);
    cairn_world *w = cairn_lua__world(L);
    cairn_cell cell;
    if (cairn_entity_cell(w, id, &cell) == CAIRN_OK)
        check(L, cairn_grid_remove(w, id));
    return 0;
}

/* e:place(x, y) puts an entity that is off the grid into a free cell of its layer */
static int e_place(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, true);
    cairn_cell to = cairn_lua__check_cell(L, 2, 3);
    check(L, cairn_grid_place(cairn_lua__world(L), id, to));
    return 0;
}

/* The magnitude, beats and source of e:apply's third argument: a count of beats (magnitude 1,
 * no source) or a table { magnitude =, beats =, source = } (beats absent: lasting). */
static void apply_args(lua_State *L, int32_t *magnitude, int32_t *beats, cairn_entity_id *source)
{
    *magnitude = 1;
    *source = CAIRN_ENTITY_NONE;
    if (!lua_istable(L, 3)) {
        lua_Integer n = luaL_checkinteger(L, 3);
        luaL_argcheck(L, n >= 1 && n <= CAIRN_STAT_MAX, 3, "1 or more beats");
        *beats = (int32_t)n;
        return;
    }
    lua_getfield(L, 3, "magnitude");
    lua_Integer m = luaL_optinteger(L, -1, 1);
    luaL_argcheck(L, m >= -CAIRN_STAT_MAX && m <= CAIRN_STAT_MAX, 3, "magnitude out of range");
    lua_getfield(L, 3, "beats");
    lua_Integer n = luaL_optinteger(L, -1, 0);
    luaL_argcheck(L, !lua_isnil(L, -1) ? n >= 1 && n <= CAIRN_STATUS_LASTING : true, 3,
                  "1 to 1,000,000 beats, or none: lasting");
    lua_getfield(L, 3, "source");
    if (!lua_isnil(L, -1))
        *source = cairn_lua__check_entity(L, -1, false);
    lua_pop(L, 3);
    *magnitude = (int32_t)m;
    *beats = (int32_t)n;
}

/* e:apply(name, beats | { magnitude =, beats =, source = }) -> the magnitude that landed: given
 * through the chains, resistances and save (cairn_status_give) */
static int e_apply(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, true);
    int status = cairn_lua__check_name(L, 2, CAIRN_LUA_STATUS);
    int32_t magnitude, beats;
    cairn_entity_id source;
    apply_args(L, &magnitude, &beats, &source);
    int32_t landed;
    check(L, cairn_status_give(cairn_lua__world(L), source, id, (cairn_status_id)status, magnitude,
                               beats, &landed));
    lua_pushinteger(L, landed);
    return 1;
}

static int e_status(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    int status = cairn_lua__check_name(L, 2, CAIRN_LUA_STATUS);
    lua_pushinteger(L, cairn_status_remaining(cairn_lua__world(L), id, (cairn_status_id)status));
    return 1;
}

static int e_magnitude(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    int status = cairn_lua__check_name(L, 2, CAIRN_LUA_STATUS);
    lua_pushinteger(L, cairn_status_magnitude(cairn_lua__world(L), id, (cairn_status_id)status));
    return 1;
}

/* e:decay(when): the statuses that decay at that moment ("turn_start", "turn_end", "hit") do */
static int e_decay(lua_State *L)
{
    static const char *const moments[] = {"turn_start", "turn_end", "hit", NULL};
    static const cairn_decay_when whens[] = {CAIRN_DECAY_TURN_START, CAIRN_DECAY_TURN_END,
                                             CAIRN_DECAY_HIT};
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    int moment = luaL_checkoption(L, 2, NULL, moments);
    check(L, cairn_status_decay(cairn_lua__world(L), id, whens[moment]));
    return 0;
}

/* e:statuses() -> { { name =, magnitude =, beats =, lasting =, source = }, ... } in order of
 * application, one row per instance; source nil when there is none (a gone one stays). */
static int e_statuses(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    cairn_world *w = cairn_lua__world(L);
    uint32_t count = cairn_status_count(w, id);
    lua_createtable(L, (int)count, 0);
    for (uint32_t i = 0; i < count; i++) {
        cairn_status_info info;
        check(L, cairn_status_at(w, id, i, &info));
        lua_createtable(L, 0, 5);
        cairn_lua__push_name(L, CAIRN_LUA_STATUS, info.status);
        lua_setfield(L, -2, "name");
        lua_pushinteger(L, info.magnitude);
        lua_setfield(L, -2, "magnitude");
        lua_pushinteger(L, info.remaining);
        lua_setfield(L, -2, "beats");
        lua_pushboolean(L, info.remaining == CAIRN_STATUS_LASTING);
        lua_setfield(L, -2, "lasting");
        cairn_lua__push_entity(L, info.source); /* nil: none */
        lua_setfield(L, -2, "source");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

static int e_remove(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    int status = cairn_lua__check_name(L, 2, CAIRN_LUA_STATUS);
    check(L, cairn_status_remove(cairn_lua__world(L), id, (cairn_status_id)status));
    return 0;
}

static int e_hook(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    int chain = cairn_lua__check_name(L, 2, CAIRN_LUA_CHAIN);
    if (chain <= CAIRN_CHAIN_ENTITY_DIED)
        return luaL_error(L,
                          "'%s' is a world chain, passed once for the whole world, not on "
                          "entities (hook it with cairn.handler)",
                          lua_tostring(L, 2));
    luaL_checktype(L, 3, LUA_TFUNCTION);
    cairn_handler handler = cairn_lua__handler(L, 3, cairn_lua__check_rank(L, 4));
    cairn_handler_id hid;
    cairn_err st = cairn_entity_hook(cairn_lua__world(L), id, (cairn_chain_id)chain, handler, &hid);
    if (st) {
        cairn_lua__release_handler(L, handler);
        return cairn_lua__raise(L, st);
    }
    cairn_lua__remember_hook(L, hid, handler);
    lua_pushinteger(L, hid);
    return 1;
}

static int e_unhook(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    int chain = cairn_lua__check_name(L, 2, CAIRN_LUA_CHAIN);
    lua_Integer hid = luaL_checkinteger(L, 3);
    luaL_argcheck(L, hid > 0 && hid <= UINT32_MAX, 3, "a handler id from e:hook");
    cairn_err st =
        cairn_entity_unhook(cairn_lua__world(L), id, (cairn_chain_id)chain, (cairn_handler_id)hid);
    /* The core says which chain lacks the handler, not which entity: content needs both. */
    if (st == CAIRN_ERR_NOT_FOUND)
        return luaL_error(L,
                          "entity %d has no handler %d hooked on chain %s (e:hook returns the id)",
                          (int)id.index, (int)hid, lua_tostring(L, 2));
    check(L, st);
    cairn_lua__forget_hook(L, (cairn_handler_id)hid);
    return 0;
}

static int e_input(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, true);
    int action = cairn_lua__check_name(L, 2, CAIRN_LUA_ACTION);
    cairn_action a = {(cairn_action_id)action, (uint8_t)cairn_lua__check_dir(L, 3)};
    check(L, cairn_player_input(cairn_lua__world(L), id, a));
    return 0;
}

/* e:choices() and e:choose(name [, answers]): scripts/choices/init.lua, with e first. */
static int runtime_with_entity(lua_State *L, const char *fn)
{
    cairn_lua__check_entity(L, 1, true);
    int n = lua_gettop(L);
    cairn_lua_push_runtime(L, fn);
    lua_insert(L, 1);
    lua_call(L, n, 1);
    return 1;
}

static int e_choices(lua_State *L)
{
    return runtime_with_entity(L, "choices.list");
}

static int e_choose(lua_State *L)
{
    return runtime_with_entity(L, "choices.choose");
}

/* e:pass(chain) / e:pass_all(chain): a plain event with e as its actor, through e's chain.
 * Returns whether it propagated to the end. */
static int pass(lua_State *L, bool all)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    int chain = cairn_lua__check_name(L, 2, CAIRN_LUA_CHAIN);
    cairn_world *w = cairn_lua__world(L);
    cairn_event *ev = cairn_event_new(w, CAIRN_EVENT_PLAIN, id, (cairn_action){0, CAIRN_DIR_NONE});
    if (!ev)
        return cairn_lua__raise(L, cairn_world_error_code(w));
    check(L, all ? cairn_entity_pass_all(w, id, (cairn_chain_id)chain, ev)
                 : cairn_entity_pass(w, id, (cairn_chain_id)chain, ev));
    lua_pushboolean(L, ev->propagate);
    return 1;
}

static int e_pass(lua_State *L)
{
    return pass(L, false);
}

static int e_pass_all(lua_State *L)
{
    return pass(L, true);
}

/* --- fields ------------------------------------------------------------------------------ */

static void push_cell_field(lua_State *L, cairn_world *w, cairn_entity_id id, bool want_x)
{
    cairn_cell cell;
    if (cairn_entity_cell(w, id, &cell) == CAIRN_OK)
        lua_pushinteger(L, want_x ? cell.x : cell.y);
    else
        lua_pushnil(L);
}

static int e_index(lua_State *L)
{
    /* Only an entity handle has this __index (its metatable cannot be had) */
    handle *e = lua_touserdata(L, 1);
    cairn_lua *h = cairn_lua__from(L);
    /* x and y, which a movs or a handler reads most, before the methods (none has either
     * name) and on the shortest way: for a handle that names an entity of this world on the
     * grid (any other goes the long way, to its error or its nil). "x" and "y" are each one
     * string, known by its address. */
    const void *xy = lua_topointer(L, 2);
    cairn_cell cell;
    if ((xy == h->key_x || xy == h->key_y) && cairn_lua__is_kept_string(h, L, 2, xy) && h->world &&
        e->world == h->world_serial && cairn_entity_cell(h->world, e->id, &cell) == CAIRN_OK) {
        lua_pushinteger(L, xy == h->key_x ? cell.x : cell.y);
        return 1;
    }
    /* The methods: the metatable's `methods`, this closure's upvalue. */
    if (cairn_lua__upvalue_method(L))
        return 1;
    const char *key = luaL_checkstring(L, 2);
    cairn_world *w = cairn_lua__world(L);
    /* One way to ask: an `alive` field once did what e:is_dead() does. */
    if (!strcmp(key, "alive"))
        return luaL_error(L, "an entity has no field 'alive': ask e:is_dead()");
    if (!strcmp(key, "id")) {
        lua_pushinteger(L, cairn_lua__id_to_integer(e->id));
        return 1;
    }
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    cairn_type_id type;
    check(L, cairn_entity_type(w, id, &type));
    if (!strcmp(key, "type")) {
        lua_pushstring(L, cairn_type_name(w, type));
    } else if (!strcmp(key, "x") || !strcmp(key, "y")) {
        push_cell_field(L, w, id, key[0] == 'x');
    } else if (!strcmp(key, "layer")) {
        cairn_layer layer;
        check(L, cairn_entity_layer(w, id, &layer));
        lua_pushstring(L, cairn_layer_name(layer));
    } else if (!strcmp(key, "spawn_order")) {
        uint32_t order;
        check(L, cairn_entity_spawn_order(w, id, &order));
        lua_pushinteger(L, order);
    } else if (!strcmp(key, "facing")) {
        cairn_dir dir;
        check(L, cairn_entity_facing(w, id, &dir));
        lua_pushstring(L, cairn_dir_name(dir));
    } else if (!strcmp(key, "data")) {
        cairn_lua_push_runtime(L, "lua.data.of");
        lua_pushvalue(L, 1);
        lua_call(L, 1, 1);
    } else if (!strcmp(key, "last")) {
        void *data;
        if (cairn_entity_data(w, id, CAIRN_DECO_ACTING, &data) == CAIRN_OK &&
            ((cairn_acting *)data)->last)
            cairn_lua__push_event(L, &((cairn_acting *)data)->last->head);
        else
            lua_pushnil(L);
    } else if (!strcmp(key, "next_action") || !strcmp(key, "next_dir")) {
        void *data;
        if (cairn_entity_data(w, id, CAIRN_DECO_ACTING, &data) != CAIRN_OK)
            lua_pushnil(L);
        else if (key[5] == 'a')
            cairn_lua__push_name(L, CAIRN_LUA_ACTION, ((cairn_acting *)data)->next.id);
        else
            lua_pushstring(L, cairn_dir_name((cairn_dir)((cairn_acting *)data)->next.dir));
    } else if (!cairn_lua__stat_get(L, w, id, type, key)) {
        return luaL_error(L, "an entity has no field '%s'", key);
    }
    return 1;
}

static int e_newindex(lua_State *L)
{
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    const char *key = luaL_checkstring(L, 2);
    cairn_world *w = cairn_lua__world(L);
    if (!strcmp(key, "facing")) {
        check(L, cairn_entity_set_facing(w, id, cairn_lua__check_dir(L, 3)));
        return 0;
    }
    if (!strcmp(key, "next_action") || !strcmp(key, "next_dir")) {
        /* What a compute callback decides: the action the entity will do this beat. */
        void *data;
        if (cairn_entity_data(w, id, CAIRN_DECO_ACTING, &data) != CAIRN_OK)
            return luaL_error(L, "'%s' belongs to Acting, which this entity does not have", key);
        cairn_acting *acting = data;
        if (key[5] == 'a')
            acting->next.id = (uint16_t)cairn_lua__check_name(L, 3, CAIRN_LUA_ACTION);
        else
            acting->next.dir = (uint8_t)cairn_lua__check_dir(L, 3);
        return 0;
    }
    if (!strcmp(key, "data"))
        return luaL_error(L, "e.data cannot be replaced; set its fields (e.data.x = ...)");
    cairn_type_id type;
    check(L, cairn_entity_type(w, id, &type));
    cairn_lua__stat_set(L, w, id, type, key, 3);
    return 0;
}

static int e_eq(lua_State *L)
{
    handle *a = luaL_testudata(L, 1, entity_meta), *b = luaL_testudata(L, 2, entity_meta);
    lua_pushboolean(L, a && b && a->world == b->world && cairn_entity_id_eq(a->id, b->id));
    return 1;
}

static int e_tostring(lua_State *L)
{
    handle *e = luaL_checkudata(L, 1, entity_meta);
    cairn_lua *h = cairn_lua__from(L);
    cairn_type_id type;
    if (h->world && e->world == h->world_serial &&
        cairn_entity_type(h->world, e->id, &type) == CAIRN_OK)
        lua_pushfstring(L, "entity %d (%s)", (int)e->id.index, cairn_type_name(h->world, type));
    else
        lua_pushfstring(L, "entity %d (gone)", (int)e->id.index);
    return 1;
}

void cairn_lua__open_entity(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"move", e_move},
        {"attack", e_attack},
        {"dig", e_dig},
        {"act", e_act},
        {"has", e_has},
        {"is_dead", e_is_dead},
        {"kill", e_kill},
        {"hurt", e_hurt},
        {"heal", e_heal},
        {"displace", e_displace},
        {"apply", e_apply},
        {"status", e_status},
        {"magnitude", e_magnitude},
        {"statuses", e_statuses},
        {"decay", e_decay},
        {"remove", e_remove},
        {"hook", e_hook},
        {"unhook", e_unhook},
        {"input", e_input},
        {"choices", e_choices},
        {"choose", e_choose},
        {"pass", e_pass},
        {"pass_all", e_pass_all},
        {"lift", e_lift},
        {"place", e_place},
        {"foes", e_foes},
        {"is_foe", e_is_foe},
        {"attack_on", e_attack_on},
        {NULL, NULL},
    };
    static const luaL_Reg meta[] = {
        {"__index", e_index}, {"__newindex", e_newindex},
        {"__eq", e_eq},       {"__tostring", e_tostring},
        {NULL, NULL},
    };
    cairn_lua__new_class(L, entity_meta, "entity", meta, methods);
    cairn_lua__index_closure(L, entity_meta, e_index);
    cairn_lua *h = cairn_lua__from(L);
    h->entity_meta = cairn_lua__class_meta(L, entity_meta);

    /* The cache: e.id -> handle, weak so unused handles are collected. */
    lua_newtable(L);
    lua_newtable(L);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    h->entity_cache_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    /* The keep list: slot index + 1 -> the handle of the living entity there. */
    lua_newtable(L);
    h->entity_keep_ref = luaL_ref(L, LUA_REGISTRYINDEX);

    /* The directions' names (cairn_lua__to_dir) and "x" and "y" (e_index), kept by a table
     * the registry keeps. */
    lua_createtable(L, CAIRN_DIR_NONE + 3, 0);
    for (int d = 0; d <= CAIRN_DIR_NONE; d++) {
        h->dir_names[d] = lua_pushstring(L, cairn_dir_name((cairn_dir)d));
        h->dir_keys[d] = lua_topointer(L, -1);
        lua_rawseti(L, -2, d + 1);
    }
    lua_pushliteral(L, "x");
    h->key_x = lua_topointer(L, -1);
    lua_rawseti(L, -2, CAIRN_DIR_NONE + 2);
    lua_pushliteral(L, "y");
    h->key_y = lua_topointer(L, -1);
    lua_rawseti(L, -2, CAIRN_DIR_NONE + 3);
    luaL_ref(L, LUA_REGISTRYINDEX);
}
