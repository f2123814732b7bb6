/*
 * world_methods.c - w:fov, w:path, w:distances, w:plan (in plan_method.c) and w:view (in
 * view_method.c), the world handle's methods for field of view, path finding, move planning
 * and views (see docs/lua-api.md). A field of view comes back as a userdata holding one byte
 * per cell, asked with v:sees(x, y) or listed with v:cells().
 */
#include <lauxlib.h>
#include <lua.h>
#include <string.h>

#include "cairn/sight_lua.h"
#include "cairn/sight.h"
#include "methods.h"

static const char view_meta[] = "cairn.view";

typedef struct view {
    int32_t width;
    int32_t height;
    size_t count;
    uint8_t cells[];
} view;

static int raise_world(lua_State *L, cairn_world *w)
{
    return luaL_error(L, "%s", cairn_world_error(w));
}

static int32_t check_coord(lua_State *L, int idx)
{
    lua_Integer v = luaL_checkinteger(L, idx);
    luaL_argcheck(L, v >= INT32_MIN && v <= INT32_MAX, idx, "a cell coordinate");
    return (int32_t)v;
}

static bool has_cell(const view *v, lua_Integer x, lua_Integer y)
{
    return x >= 0 && y >= 0 && x < v->width && y < v->height &&
           v->cells[(size_t)y * (size_t)v->width + (size_t)x];
}

/* v:sees(x, y) -> whether the cell was seen (false off the grid) */
static int v_sees(lua_State *L)
{
    const view *v = luaL_checkudata(L, 1, view_meta);
    lua_pushboolean(L, has_cell(v, luaL_checkinteger(L, 2), luaL_checkinteger(L, 3)));
    return 1;
}

/* v:cells() -> { {x =, y =}, ... } every cell seen, by row then column */
static int v_cells(lua_State *L)
{
    const view *v = luaL_checkudata(L, 1, view_meta);
    cairn_lua_charge(L, (int64_t)v->width * v->height + 10 * (int64_t)v->count);
    lua_createtable(L, (int)v->count, 0);
    lua_Integer n = 0;
    for (int32_t y = 0; y < v->height; y++)
        for (int32_t x = 0; x < v->width; x++)
            if (has_cell(v, x, y)) {
                lua_createtable(L, 0, 2);
                lua_pushinteger(L, x);
                lua_setfield(L, -2, "x");
                lua_pushinteger(L, y);
                lua_setfield(L, -2, "y");
                lua_rawseti(L, -2, ++n);
            }
    return 1;
}

static int v_len(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)((const view *)luaL_checkudata(L, 1, view_meta))->count);
    return 1;
}

static void push_view_meta(lua_State *L)
{
    if (luaL_newmetatable(L, view_meta)) {
        static const luaL_Reg methods[] = {{"sees", v_sees}, {"cells", v_cells}, {NULL, NULL}};
        luaL_newlib(L, methods);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, v_len);
        lua_setfield(L, -2, "__len");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
    }
}

/* w:fov(x, y [, radius]) -> the view from that cell */
static int w_fov(lua_State *L)
{
    cairn_world *w = cairn_lua_check_world(L, 1);
    cairn_cell from = {check_coord(L, 2), check_coord(L, 3)};
    lua_Integer radius = luaL_optinteger(L, 4, 0);
    luaL_argcheck(L, radius >= 0 && radius <= 4096, 4, "a radius from 0 (no limit) to 4096");
    int32_t width = cairn_grid_width(w), height = cairn_grid_height(w);
    size_t cells = (size_t)width * (size_t)height;
    /* reading every cell, and libtcod's sweep over them */
    cairn_lua_charge(L, 20 * (int64_t)cells);
    view *v = lua_newuserdatauv(L, sizeof *v + cells, 0);
    v->width = width;
    v->height = height;
    if (cairn_fov_compute(w, from, (int32_t)radius, v->cells, &v->count))
        return raise_world(L, w);
    push_view_meta(L);
    lua_setmetatable(L, -2);
    return 1;
}

/* Reads the options table at idx ({ diagonal =, dig =, costs = }) of method `what` into
 * *opts. The costs, a list of width * height numbers, are copied into a userdata left on the
 * stack. */
static void check_path_options(lua_State *L, int idx, cairn_world *w, cairn_path_options *opts,
                               const char *what)
{
    *opts = (cairn_path_options){0};
    if (lua_isnoneornil(L, idx)) {
        lua_pushnil(L); /* where the costs would be, so the stack is the same either way */
        return;
    }
    luaL_checktype(L, idx, LUA_TTABLE);
    lua_getfield(L, idx, "diagonal");
    opts->diagonal = lua_toboolean(L, -1);
    lua_getfield(L, idx, "dig");
    opts->dig = lua_toboolean(L, -1);
    lua_pop(L, 2);
    if (lua_getfield(L, idx, "costs") == LUA_TNIL)
        return;
    if (!lua_istable(L, -1))
        luaL_error(L, "%s: 'costs' must be a list of numbers, one per cell", what);
    lua_Integer cells = (lua_Integer)cairn_grid_width(w) * cairn_grid_height(w);
    cairn_lua_charge(L, 10 * cells);
    float *costs = lua_newuserdatauv(L, (size_t)cells * sizeof *costs, 0);
    for (lua_Integer i = 1; i <= cells; i++) {
        int t = lua_rawgeti(L, -2, i);
        lua_Number c = t == LUA_TNUMBER ? lua_tonumber(L, -1) : 0;
        if ((t != LUA_TNUMBER && t != LUA_TNIL && !(t == LUA_TBOOLEAN && !lua_toboolean(L, -1))) ||
            !(c >= 0 && c <= 1e6))
            luaL_error(L,
                       "%s: costs[%d] must be a cost from 0 to 1000000, or false or nil for a "
                       "cell that cannot be entered",
                       what, (int)i);
        costs[i - 1] = (float)c;
        lua_pop(L, 1);
    }
    lua_remove(L, -2);
    opts->costs = costs;
}

/* w:path(x0, y0, x1, y1 [, options]) -> list of directions, or nil */
static int w_path(lua_State *L)
{
    cairn_world *w = cairn_lua_check_world(L, 1);
    cairn_cell from = {check_coord(L, 2), check_coord(L, 3)};
    cairn_cell to = {check_coord(L, 4), check_coord(L, 5)};
    cairn_path_options opts;
    check_path_options(L, 6, w, &opts, "path");
    /* A* visits each cell a few times, with a heap */
    cairn_lua_charge(L, 50 * (int64_t)cairn_grid_width(w) * cairn_grid_height(w));
    /* Most ways fit here; a longer one is searched again into a buffer of its length. */
    cairn_dir near[256], *dirs = near;
    size_t len;
    if (cairn_path_find(w, from, to, &opts, near, 256, &len))
        return raise_world(L, w);
    if (len == CAIRN_PATH_NONE) {
        lua_pushnil(L);
        return 1;
    }
    if (len > 256) {
        dirs = lua_newuserdatauv(L, len * sizeof *dirs, 0);
        if (cairn_path_find(w, from, to, &opts, dirs, len, &len))
            return raise_world(L, w);
    }
    lua_createtable(L, (int)len, 0);
    for (size_t i = 0; i < len; i++) {
        lua_pushstring(L, cairn_dir_name(dirs[i]));
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* w:distances(x, y [, options]) -> the cost of the cheapest way to every cell: a list by
 * cell (index y * width + x + 1), false where there is no way */
static int w_distances(lua_State *L)
{
    cairn_world *w = cairn_lua_check_world(L, 1);
    cairn_cell from = {check_coord(L, 2), check_coord(L, 3)};
    cairn_path_options opts;
    check_path_options(L, 4, w, &opts, "distances");
    lua_Integer cells = (lua_Integer)cairn_grid_width(w) * cairn_grid_height(w);
    cairn_lua_charge(L, 60 * cells);
    float *dist = lua_newuserdatauv(L, (size_t)cells * sizeof *dist, 0);
    if (cairn_path_distances(w, from, &opts, dist))
        return raise_world(L, w);
    lua_createtable(L, (int)cells, 0);
    for (lua_Integer i = 0; i < cells; i++) {
        float d = dist[i];
        if (d < 0)
            lua_pushboolean(L, 0);
        else if (d == (float)(lua_Integer)d)
            lua_pushinteger(L, (lua_Integer)d); /* whole costs stay integers */
        else
            lua_pushnumber(L, (lua_Number)d);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

const cairn_lua_method cairn_sight_lua_methods[] = {
    {"fov", w_fov},
    {"path", w_path},
    {"distances", w_distances},
    {"plan", cairn_sight_lua__w_plan},
    {"view", cairn_sight_lua__w_view},
    {NULL, NULL},
};
