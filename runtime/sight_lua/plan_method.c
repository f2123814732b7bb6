/*
 * plan_method.c - w:plan, move planning for content (see docs/lua-api.md): reads the rules
 * from an options table, the cells from the world (or content's functions), runs
 * cairn_plan_run and hands back a plan, a userdata holding the search and the cells it ran
 * over, asked with p:cost, p:path, p:states and p:cells.
 */
#include <lauxlib.h>
#include <lua.h>
#include <string.h>

#include "cairn/sight_lua.h"
#include "cairn/sight.h"
#include "methods.h"

static const char plan_meta[] = "cairn.plan";

/* The userdata: this head, then the level cell of each plan cell (int32), the masks, the
 * links, and the plan's own memory. Its user value is the list of posture names. */
typedef struct plan_ud {
    int32_t width, height; /* the space */
    int32_t grid_width;    /* the level's, to turn a level cell into x, y */
    int32_t facings, postures;
    int32_t start;                /* state */
    int32_t *level;               /* per space cell: the level cell, -1 for none */
    uint8_t *allowed, *stop;      /* per space cell */
    int32_t radius;               /* the view's, 0 for the whole grid */
    const int32_t *links;         /* 8 per space cell (the view's), or NULL */
    const cairn_actor_view *view; /* in the userdata, or NULL */
    cairn_plan *plan;
} plan_ud;

/* --- reading the options --------------------------------------------------------------- */

static cairn_dir check_dir_name(lua_State *L, const char *name, const char *what)
{
    for (int d = 0; d <= CAIRN_DIR_NONE; d++)
        if (!strcmp(name, cairn_dir_name((cairn_dir)d)))
            return (cairn_dir)d;
    luaL_error(L, "plan: %s must be a direction (n, ne, e, se, s, sw, w, nw), not '%s'", what,
               name);
    return CAIRN_DIR_NONE;
}

/* A cost at the top of the stack: a whole number from 0 to 1000000, or false (forbidden);
 * nil gives `fallback`. Pops it. */
static int32_t pop_cost(lua_State *L, int32_t fallback, const char *what)
{
    int32_t c = fallback;
    if (lua_isboolean(L, -1) && !lua_toboolean(L, -1))
        c = CAIRN_PLAN_NO;
    else if (!lua_isnil(L, -1)) {
        int ok;
        lua_Integer v = lua_tointegerx(L, -1, &ok);
        if (!ok || v < 0 || v > 1000000)
            luaL_error(L, "plan: %s must be a whole cost from 0 to 1000000, or false", what);
        c = (int32_t)v;
    }
    lua_pop(L, 1);
    return c;
}

/* The index of a posture name in the names list at `names`, or an error. */
static int32_t check_posture(lua_State *L, int names, int32_t postures, const char *name,
                             const char *what)
{
    for (int32_t p = 0; p < postures; p++) {
        lua_rawgeti(L, names, p + 1);
        bool same = !strcmp(lua_tostring(L, -1), name);
        lua_pop(L, 1);
        if (same)
            return p;
    }
    luaL_error(L, "plan: %s names a posture of 'postures', not '%s'", what, name);
    return 0;
}

/* A per-posture cost option (a number, false, or a table by posture name) into out. */
static void check_per_posture(lua_State *L, int opts, int names, const char *key, int32_t fallback,
                              int32_t postures, int32_t *out)
{
    int t = lua_getfield(L, opts, key);
    for (int32_t p = 0; p < postures; p++) {
        if (t == LUA_TTABLE) {
            lua_rawgeti(L, names, p + 1);
            lua_gettable(L, -2);
        } else
            lua_pushvalue(L, -1);
        out[p] = pop_cost(L, fallback, key);
    }
    if (t == LUA_TTABLE) {
        /* every key names a posture */
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            lua_pop(L, 1);
            if (lua_type(L, -1) != LUA_TSTRING)
                luaL_error(L, "plan: '%s' is a cost or a table of costs by posture name", key);
            check_posture(L, names, postures, lua_tostring(L, -1), key);
        }
    }
    lua_pop(L, 1);
}

static void check_rules(lua_State *L, int opts, int names, cairn_plan_rules *r)
{
    check_per_posture(L, opts, names, "step", 1, r->postures, r->step);
    check_per_posture(L, opts, names, "diagonal", CAIRN_PLAN_NO, r->postures, r->diagonal);
    lua_getfield(L, opts, "turn");
    r->turn = pop_cost(L, 1, "turn");
    for (int32_t a = 0; a < CAIRN_PLAN_MAX_POSTURES; a++)
        for (int32_t b = 0; b < CAIRN_PLAN_MAX_POSTURES; b++)
            r->change[a][b] = CAIRN_PLAN_NO;
    if (lua_getfield(L, opts, "change") == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            if (lua_type(L, -2) != LUA_TSTRING || !lua_istable(L, -1))
                luaL_error(L, "plan: 'change' is { from = { to = cost } } by posture names");
            int32_t from = check_posture(L, names, r->postures, lua_tostring(L, -2), "change");
            lua_pushnil(L);
            while (lua_next(L, -2)) {
                if (lua_type(L, -2) != LUA_TSTRING)
                    luaL_error(L, "plan: 'change' is { from = { to = cost } } by posture names");
                int32_t to = check_posture(L, names, r->postures, lua_tostring(L, -2), "change");
                r->change[from][to] = pop_cost(L, CAIRN_PLAN_NO, "change");
            }
            lua_pop(L, 1);
        }
    } else if (!lua_isnil(L, -1))
        luaL_error(L, "plan: 'change' is { from = { to = cost } } by posture names");
    lua_pop(L, 1);
    if (lua_getfield(L, opts, "dirs") == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            if (lua_type(L, -2) != LUA_TSTRING || !lua_istable(L, -1))
                luaL_error(L, "plan: 'dirs' is { posture = { directions } }");
            int32_t p = check_posture(L, names, r->postures, lua_tostring(L, -2), "dirs");
            uint8_t mask = 0;
            for (lua_Integer i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
                if (lua_type(L, -1) != LUA_TSTRING)
                    luaL_error(L, "plan: 'dirs' is { posture = { directions } }");
                cairn_dir d = check_dir_name(L, lua_tostring(L, -1), "each of 'dirs'");
                if (d != CAIRN_DIR_NONE)
                    mask |= (uint8_t)(1u << d);
                lua_pop(L, 1);
            }
            lua_pop(L, 2);
            /* no direction at all: a posture that does not step */
            r->dirs[p] = mask;
            if (!mask)
                r->step[p] = r->diagonal[p] = CAIRN_PLAN_NO;
        }
    } else if (!lua_isnil(L, -1))
        luaL_error(L, "plan: 'dirs' is { posture = { directions } }");
    lua_pop(L, 1);
}

/* Calls the option `fn` (at fn, a function) as fn(x, y, posture) for each level cell of the
 * space and posture, setting bit p of mask where it returns true. */
static void call_mask(lua_State *L, int fn, int names, const plan_ud *u, uint8_t *mask)
{
    int32_t cells = u->width * u->height;
    for (int32_t c = 0; c < cells; c++) {
        mask[c] = 0;
        if (u->level[c] < 0)
            continue;
        for (int32_t p = 0; p < u->postures; p++) {
            lua_pushvalue(L, fn);
            lua_pushinteger(L, u->level[c] % u->grid_width);
            lua_pushinteger(L, u->level[c] / u->grid_width);
            lua_rawgeti(L, names, p + 1);
            lua_call(L, 3, 1);
            if (lua_toboolean(L, -1))
                mask[c] |= (uint8_t)(1u << p);
            lua_pop(L, 1);
        }
    }
}

static bool has_wall(cairn_world *w, int32_t cell)
{
    cairn_entity_id id;
    cairn_cell at = {cell % cairn_grid_width(w), cell / cairn_grid_width(w)};
    return !cairn_grid_at(w, at, CAIRN_LAYER_WALL, &id) && !cairn_entity_id_is_none(id);
}

#define TYPE_SET_MAX 16

/* Entity types named in a list, for the options given as data. */
typedef struct type_set {
    int count;
    cairn_type_id ids[TYPE_SET_MAX];
} type_set;

/* The list at the top of the stack ({ "pack:type", ... }, popped) as a set; raises for a
 * name that is no type. */
static void check_types(lua_State *L, cairn_world *w, const char *option, type_set *set)
{
    set->count = 0;
    for (lua_Integer i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
        const char *name = lua_tostring(L, -1);
        cairn_type_id id;
        if (lua_type(L, -1) != LUA_TSTRING || set->count == TYPE_SET_MAX ||
            cairn_type_find(w, name, &id)) {
            luaL_error(L,
                       "plan: '%s' lists up to %d entity types by full name (pack:name); "
                       "'%s' is not one",
                       option, TYPE_SET_MAX, name ? name : luaL_typename(L, -1));
            return; /* not reached: luaL_error raises */
        }
        set->ids[set->count++] = id;
        lua_pop(L, 1);
    }
    lua_pop(L, 2); /* the nil that ended the list, and the list */
}

/* Whether a level cell holds an entity of a type in the set, on any layer. */
static bool holds(cairn_world *w, int32_t cell, const type_set *set)
{
    cairn_cell at = {cell % cairn_grid_width(w), cell / cairn_grid_width(w)};
    for (int layer = 0; layer < CAIRN_LAYER_COUNT; layer++) {
        cairn_entity_id id;
        cairn_type_id type;
        if (cairn_grid_at(w, at, (cairn_layer)layer, &id) || cairn_entity_id_is_none(id) ||
            cairn_entity_type(w, id, &type))
            continue;
        for (int k = 0; k < set->count; k++)
            if (set->ids[k] == type)
                return true;
    }
    return false;
}

/* One posture's rule in a mask given as data, at the top of the stack (popped): nil gives
 * `fallback` (1: where there is no wall, 0: nowhere); true where there is no wall; false
 * nowhere; a list of types where the cell holds one. Sets bit p of mask. */
static void rule_mask(lua_State *L, cairn_world *w, const char *option, const plan_ud *u, int32_t p,
                      int fallback, uint8_t *mask)
{
    int t = lua_type(L, -1);
    type_set set = {0};
    bool open = t == LUA_TBOOLEAN ? lua_toboolean(L, -1) : t == LUA_TNIL && fallback;
    if (t == LUA_TTABLE)
        check_types(L, w, option, &set);
    else if (t == LUA_TBOOLEAN || t == LUA_TNIL)
        lua_pop(L, 1);
    else
        luaL_error(L, "plan: '%s' gives each posture true, false or a list of entity types",
                   option);
    int32_t cells = u->width * u->height;
    for (int32_t c = 0; c < cells; c++) {
        int32_t level = u->level[c];
        bool on =
            level >= 0 && (t == LUA_TTABLE ? holds(w, level, &set) : open && !has_wall(w, level));
        if (on)
            mask[c] |= (uint8_t)(1u << p);
    }
}

/* The option `allowed` or `stop` at the top of the stack, into mask: a function(x, y,
 * posture), or data - by posture name, or (stop) one list of types for every posture; nil
 * gives each posture `fallback`. Pops it. */
static void option_mask(lua_State *L, cairn_world *w, const char *option, int names,
                        const plan_ud *u, int fallback, uint8_t *mask)
{
    int32_t cells = u->width * u->height;
    memset(mask, 0, (size_t)cells);
    int t = lua_type(L, -1);
    if (t == LUA_TFUNCTION) {
        call_mask(L, lua_gettop(L), names, u, mask);
        lua_pop(L, 1);
        return;
    }
    if (t != LUA_TNIL && t != LUA_TTABLE)
        luaL_error(L, "plan: '%s' is a function(x, y, posture) or a table", option);
    bool one_list = t == LUA_TTABLE && lua_rawlen(L, -1) > 0;
    if (t == LUA_TTABLE && !one_list) {
        /* every key names a posture */
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            lua_pop(L, 1);
            if (lua_type(L, -1) != LUA_TSTRING)
                luaL_error(L, "plan: '%s' is a table by posture name", option);
            check_posture(L, names, u->postures, lua_tostring(L, -1), option);
        }
    }
    for (int32_t p = 0; p < u->postures; p++) {
        if (t == LUA_TNIL)
            lua_pushnil(L);
        else if (one_list)
            lua_pushvalue(L, -1);
        else {
            lua_rawgeti(L, names, p + 1);
            lua_rawget(L, -2);
        }
        rule_mask(L, w, option, u, p, fallback, mask);
    }
    lua_pop(L, 1);
}

/* --- w:plan ------------------------------------------------------------------------------ */

/* w:plan(from, options) -> plan */
static int w_plan(lua_State *L)
{
    cairn_world *w = cairn_lua_check_world(L, 1);
    luaL_checkany(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    cairn_cell from = cairn_sight_lua__check_from(L, w, 2, "plan");
    lua_getfield(L, 3, "budget");
    int ok;
    lua_Integer budget = lua_tointegerx(L, -1, &ok);
    if (!ok || budget < 0 || budget > 1000000)
        return luaL_error(L, "plan: 'budget' must be a whole number from 0 to 1000000");
    lua_pop(L, 1);
    lua_getfield(L, 3, "facings");
    lua_Integer facings = luaL_optinteger(L, -1, 1);
    if (facings != 1 && facings != 2 && facings != 4 && facings != 8)
        return luaL_error(L, "plan: 'facings' must be 1, 2, 4 or 8, not %d", (int)facings);
    lua_pop(L, 1);
    /* the posture names, as a fresh list at `names` */
    lua_createtable(L, CAIRN_PLAN_MAX_POSTURES, 0);
    int names = lua_gettop(L);
    int32_t postures = 0;
    if (lua_getfield(L, 3, "postures") == LUA_TNIL) {
        lua_pushliteral(L, "standing");
        lua_rawseti(L, names, ++postures);
    } else {
        if (!lua_istable(L, -1))
            return luaL_error(L, "plan: 'postures' must be a list of names");
        for (lua_Integer i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
            if (lua_type(L, -1) != LUA_TSTRING || i > CAIRN_PLAN_MAX_POSTURES)
                return luaL_error(L, "plan: 'postures' must be a list of 1 to %d names",
                                  CAIRN_PLAN_MAX_POSTURES);
            lua_rawseti(L, names, ++postures);
        }
        lua_pop(L, 1);
        if (!postures)
            return luaL_error(L, "plan: 'postures' must be a list of 1 to %d names",
                              CAIRN_PLAN_MAX_POSTURES);
    }
    lua_pop(L, 1);
    cairn_plan_rules rules = {.facings = (int32_t)facings, .postures = postures};
    check_rules(L, 3, names, &rules);

    /* the space: the whole grid, or the view of `view` cells round from */
    int32_t radius = 0;
    if (lua_getfield(L, 3, "view") != LUA_TNIL)
        radius = cairn_sight_lua__check_radius(L, -1, "plan");
    lua_pop(L, 1);
    int32_t grid_width = cairn_grid_width(w);
    int32_t width = radius ? 2 * radius + 1 : grid_width;
    int32_t height = radius ? width : cairn_grid_height(w);
    int32_t cells = width * height;
    size_t view_size = radius ? cairn_actor_view_size(radius) : 0;
    size_t plan_size = cairn_plan_size(cells, (int32_t)facings, postures);
    if (!plan_size)
        return luaL_error(L, "plan: the grid is too large to plan over");
    int64_t states = (int64_t)cells * facings * postures;
    cairn_lua_charge(L, 10 * cells + 40 * states);
    size_t size = cairn_sight_align(sizeof(plan_ud)) +
                  cairn_sight_align((size_t)cells * sizeof(int32_t)) +
                  2 * cairn_sight_align((size_t)cells) + cairn_sight_align(view_size) + plan_size;
    plan_ud *u = lua_newuserdatauv(L, size, 1);
    int ud = lua_gettop(L);
    unsigned char *at = (unsigned char *)u + cairn_sight_align(sizeof *u);
    *u = (plan_ud){.width = width,
                   .height = height,
                   .grid_width = grid_width,
                   .radius = radius,
                   .facings = (int32_t)facings,
                   .postures = postures};
    u->level = (int32_t *)(void *)at;
    at += cairn_sight_align((size_t)cells * sizeof(int32_t));
    u->allowed = at;
    at += cairn_sight_align((size_t)cells);
    u->stop = at;
    at += cairn_sight_align((size_t)cells);
    int32_t start_cell;
    if (radius) {
        cairn_actor_view *v = cairn_actor_view_init(at, radius);
        if (cairn_actor_view_build(w, v, from))
            return luaL_error(L, "%s", cairn_world_error(w));
        memcpy(u->level, cairn_actor_view_cells(v), (size_t)cells * sizeof(int32_t));
        u->links = cairn_actor_view_links(v);
        u->view = v;
        start_cell = radius * width + radius;
    } else {
        for (int32_t c = 0; c < cells; c++)
            u->level[c] = c;
        start_cell = from.y * width + from.x;
    }
    at += cairn_sight_align(view_size);
    u->plan = cairn_plan_init(at, cells, (int32_t)facings, postures);

    /* where each posture may stand, and where a plan ends */
    lua_getfield(L, 3, "allowed");
    option_mask(L, w, "allowed", names, u, 1, u->allowed);
    lua_getfield(L, 3, "stop");
    option_mask(L, w, "stop", names, u, 0, u->stop);

    /* the start: the cell, the facing (the option's, else from's), the posture */
    cairn_dir dir = CAIRN_DIR_NONE;
    if (lua_getfield(L, 3, "facing") == LUA_TSTRING ||
        (lua_pop(L, 1), lua_getfield(L, 2, "facing")) == LUA_TSTRING)
        dir = check_dir_name(L, lua_tostring(L, -1), "'facing'");
    lua_pop(L, 1);
    int32_t posture = 0;
    if (lua_getfield(L, 3, "posture") == LUA_TSTRING)
        posture = check_posture(L, names, postures, lua_tostring(L, -1), "'posture'");
    else if (!lua_isnil(L, -1))
        return luaL_error(L, "plan: 'posture' must be a posture's name");
    lua_pop(L, 1);
    u->start = cairn_plan_state_of(u->plan, start_cell, cairn_plan_facing_of((int32_t)facings, dir),
                                   posture);
    cairn_plan_space space = {width, height, u->allowed, u->stop, u->links};
    const char *error;
    if (!cairn_plan_run(u->plan, &rules, &space, u->start, (int32_t)budget, &error))
        return luaL_error(L, "plan: %s", error);
    lua_pushvalue(L, names);
    lua_setiuservalue(L, ud, 1);
    lua_settop(L, ud);
    luaL_setmetatable(L, plan_meta);
    return 1;
}

/* --- the plan's methods ------------------------------------------------------------------ */

static plan_ud *check_plan(lua_State *L)
{
    return luaL_checkudata(L, 1, plan_meta);
}

/* Pushes the name of posture p. */
static void push_posture(lua_State *L, int32_t p)
{
    lua_getiuservalue(L, 1, 1);
    lua_rawgeti(L, -1, p + 1);
    lua_remove(L, -2);
}

static void push_facing(lua_State *L, const plan_ud *u, int32_t f)
{
    lua_pushstring(L, cairn_dir_name(cairn_plan_facing_dir(u->facings, f)));
}

/* Pushes { x =, y =, facing =, posture =, cost = } for a reached state. */
static void push_state(lua_State *L, const plan_ud *u, cairn_plan_state s)
{
    int32_t cell, facing, posture;
    cairn_plan_state_parts(u->plan, s, &cell, &facing, &posture);
    lua_createtable(L, 0, 6);
    lua_pushinteger(L, u->level[cell] % u->grid_width);
    lua_setfield(L, -2, "x");
    lua_pushinteger(L, u->level[cell] / u->grid_width);
    lua_setfield(L, -2, "y");
    push_facing(L, u, facing);
    lua_setfield(L, -2, "facing");
    push_posture(L, posture);
    lua_setfield(L, -2, "posture");
    lua_pushinteger(L, cairn_plan_cost(u->plan, s));
    lua_setfield(L, -2, "cost");
    if (u->radius) {
        lua_pushinteger(L, cell % u->width - u->radius);
        lua_setfield(L, -2, "dx");
        lua_pushinteger(L, cell / u->width - u->radius);
        lua_setfield(L, -2, "dy");
    }
}

/* The cheapest reached state on level cell (x, y) (the args at 2, 3), or, with a facing and
 * a posture (4, 5), that state; -1 when none. */
static cairn_plan_state find_state(lua_State *L, const plan_ud *u)
{
    lua_Integer x = luaL_checkinteger(L, 2), y = luaL_checkinteger(L, 3);
    int32_t facing = -1, posture = -1;
    if (!lua_isnoneornil(L, 4)) {
        cairn_dir d = check_dir_name(L, luaL_checkstring(L, 4), "the facing");
        facing = cairn_plan_facing_of(u->facings, d);
        if (cairn_plan_facing_dir(u->facings, facing) != d)
            luaL_error(L, "plan: '%s' is not one of the plan's facings", cairn_dir_name(d));
    }
    if (!lua_isnoneornil(L, 5)) {
        lua_getiuservalue(L, 1, 1);
        posture =
            check_posture(L, lua_gettop(L), u->postures, luaL_checkstring(L, 5), "the posture");
        lua_pop(L, 1);
    }
    if (x < 0 || y < 0 || x >= u->grid_width || y >= INT32_MAX / u->grid_width)
        return -1;
    /* in a view, the level cell may be shown more than once: the cheapest of them */
    int32_t level = (int32_t)(y * u->grid_width + x);
    cairn_plan_state best = -1;
    int32_t cells = u->width * u->height;
    for (int32_t c = 0; c < cells; c++) {
        if (u->level[c] != level)
            continue;
        for (int32_t f = 0; f < u->facings; f++)
            for (int32_t p = 0; p < u->postures; p++) {
                if ((facing >= 0 && f != facing) || (posture >= 0 && p != posture))
                    continue;
                cairn_plan_state s = cairn_plan_state_of(u->plan, c, f, p);
                int32_t cost = cairn_plan_cost(u->plan, s);
                if (cost >= 0 && (best < 0 || cost < cairn_plan_cost(u->plan, best)))
                    best = s;
            }
    }
    return best;
}

/* p:cost(x, y [, facing, posture]) -> the cheapest cost to be there, or nil */
static int p_cost(lua_State *L)
{
    const plan_ud *u = check_plan(L);
    cairn_plan_state s = find_state(L, u);
    if (s < 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, cairn_plan_cost(u->plan, s));
    return 1;
}

/* p:path(x, y [, facing, posture]) -> the moves of the cheapest way there, or nil */
static int p_path(lua_State *L)
{
    const plan_ud *u = check_plan(L);
    cairn_plan_state s = find_state(L, u);
    if (s < 0) {
        lua_pushnil(L);
        return 1;
    }
    int32_t len = cairn_plan_way(u->plan, s, NULL, 0);
    cairn_lua_charge(L, 20 * (int64_t)len);
    cairn_plan_state *way = lua_newuserdatauv(L, (size_t)len * sizeof *way + 1, 0);
    cairn_plan_way(u->plan, s, way, len);
    lua_createtable(L, len, 0);
    for (int32_t i = 0; i < len; i++) {
        push_state(L, u, way[i]);
        int32_t via, from, facing, posture;
        cairn_plan_state_parts(u->plan, cairn_plan_previous(u->plan, way[i], &via), &from, &facing,
                               &posture);
        int turn = 0;
        /* a step in a view goes the way the view cell it leaves is turned by its portals */
        if (u->view && via < 8)
            cairn_actor_view_at(u->view, from % u->width - u->radius, from / u->width - u->radius,
                                NULL, &turn);
        if (via == CAIRN_PLAN_VIA_TURN)
            lua_pushliteral(L, "turn");
        else if (via == CAIRN_PLAN_VIA_POSTURE)
            lua_pushliteral(L, "posture");
        else
            lua_pushstring(L, cairn_dir_name(cairn_dir_rotate((cairn_dir)via, turn)));
        lua_setfield(L, -2, "via");
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* p:states() -> every reached state, by cell (row by row), facing, posture */
static int p_states(lua_State *L)
{
    const plan_ud *u = check_plan(L);
    int32_t n = cairn_plan_states(u->plan);
    cairn_lua_charge(L, n);
    lua_newtable(L);
    lua_Integer k = 0;
    for (cairn_plan_state s = 0; s < n; s++)
        if (cairn_plan_cost(u->plan, s) >= 0) {
            cairn_lua_charge(L, 20);
            push_state(L, u, s);
            lua_rawseti(L, -2, ++k);
        }
    return 1;
}

/* p:cells() -> every cell reached, { x =, y =, cost = } the cheapest, row by row */
static int p_cells(lua_State *L)
{
    const plan_ud *u = check_plan(L);
    int32_t cells = u->width * u->height;
    cairn_lua_charge(L, cairn_plan_states(u->plan));
    lua_newtable(L);
    lua_Integer k = 0;
    for (int32_t c = 0; c < cells; c++) {
        cairn_plan_state s = cairn_plan_best(u->plan, c);
        if (s < 0)
            continue;
        cairn_lua_charge(L, 10);
        lua_createtable(L, 0, 3);
        lua_pushinteger(L, u->level[c] % u->grid_width);
        lua_setfield(L, -2, "x");
        lua_pushinteger(L, u->level[c] / u->grid_width);
        lua_setfield(L, -2, "y");
        lua_pushinteger(L, cairn_plan_cost(u->plan, s));
        lua_setfield(L, -2, "cost");
        lua_rawseti(L, -2, ++k);
    }
    return 1;
}

int cairn_sight_lua__w_plan(lua_State *L)
{
    if (luaL_newmetatable(L, plan_meta)) {
        static const luaL_Reg methods[] = {{"cost", p_cost},
                                           {"path", p_path},
                                           {"states", p_states},
                                           {"cells", p_cells},
                                           {NULL, NULL}};
        luaL_newlib(L, methods);
        lua_setfield(L, -2, "__index");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
    }
    lua_pop(L, 1);
    return w_plan(L);
}
