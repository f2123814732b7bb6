/*
 * view_method.c - w:view, an actor's view for content (see docs/lua-api.md): the square of
 * cells round it laid out through portals, with its field of view, as a userdata asked with
 * v:at, v:sees and v:cells.
 */
#include <lauxlib.h>
#include <lua.h>
#include <string.h>

#include "cairn/sight_lua.h"
#include "cairn/sight.h"
#include "methods.h"

static const char view_meta[] = "cairn.actor_view";

typedef struct view_ud {
    int32_t radius, side;
    size_t seen;
    uint8_t *visible; /* side * side */
    cairn_actor_view *view;
} view_ud;

cairn_cell cairn_sight_lua__check_from(lua_State *L, cairn_world *w, int idx, const char *what)
{
    cairn_cell c;
    for (int i = 0; i < 2; i++) {
        lua_getfield(L, idx, i ? "y" : "x");
        int ok;
        lua_Integer v = lua_tointegerx(L, -1, &ok);
        if (!ok || v < INT32_MIN || v > INT32_MAX)
            luaL_error(L, "%s: 'from' is an entity or a table with x and y", what);
        *(i ? &c.y : &c.x) = (int32_t)v;
        lua_pop(L, 1);
    }
    if (!cairn_grid_in_bounds(w, c))
        luaL_error(L, "%s: cell (%d, %d) is off the grid", what, (int)c.x, (int)c.y);
    return c;
}

int32_t cairn_sight_lua__check_radius(lua_State *L, int idx, const char *what)
{
    lua_Integer r = luaL_checkinteger(L, idx);
    if (r < 1 || r > CAIRN_ACTOR_VIEW_MAX_RADIUS)
        luaL_error(L, "%s: a view's radius is 1 to %d, not %I", what, CAIRN_ACTOR_VIEW_MAX_RADIUS,
                   (LUAI_UACINT)r);
    return (int32_t)r;
}

/* w:view(from, radius [, sight]) -> view */
static int w_view(lua_State *L)
{
    cairn_world *w = cairn_lua_check_world(L, 1);
    luaL_checkany(L, 2);
    cairn_cell from = cairn_sight_lua__check_from(L, w, 2, "view");
    int32_t radius = cairn_sight_lua__check_radius(L, 3, "view");
    lua_Integer sight = luaL_optinteger(L, 4, 0);
    if (sight < 0 || sight > radius)
        return luaL_error(L, "view: the sight is 0 (the whole view) to the radius, not %I",
                          (LUAI_UACINT)sight);
    int32_t side = 2 * radius + 1;
    size_t cells = (size_t)side * (size_t)side;
    /* the walk, the links and libtcod's sweep over the square */
    cairn_lua_charge(L, 60 * (int64_t)cells);
    view_ud *u = lua_newuserdatauv(
        L, cairn_sight_align(sizeof *u) + cairn_sight_align(cells) + cairn_actor_view_size(radius),
        0);
    unsigned char *at = (unsigned char *)u + cairn_sight_align(sizeof *u);
    *u = (view_ud){.radius = radius, .side = side, .visible = at};
    u->view = cairn_actor_view_init(at + cairn_sight_align(cells), radius);
    if (cairn_actor_view_build(w, u->view, from) ||
        cairn_actor_view_fov(w, u->view, (int32_t)sight, u->visible, &u->seen))
        return luaL_error(L, "%s", cairn_world_error(w));
    luaL_setmetatable(L, view_meta);
    return 1;
}

static const view_ud *check_view(lua_State *L)
{
    return luaL_checkudata(L, 1, view_meta);
}

static bool offsets(const view_ud *u, lua_Integer dx, lua_Integer dy, int32_t *i)
{
    if (dx < -u->radius || dx > u->radius || dy < -u->radius || dy > u->radius)
        return false;
    *i = (int32_t)((dy + u->radius) * u->side + dx + u->radius);
    return true;
}

/* v:at(dx, dy) -> x, y of the level cell shown that far from the centre, or nil */
static int v_at(lua_State *L)
{
    const view_ud *u = check_view(L);
    cairn_cell c;
    lua_Integer dx = luaL_checkinteger(L, 2), dy = luaL_checkinteger(L, 3);
    int32_t i;
    if (!offsets(u, dx, dy, &i) ||
        !cairn_actor_view_at(u->view, (int32_t)dx, (int32_t)dy, &c, NULL)) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushinteger(L, c.x);
    lua_pushinteger(L, c.y);
    return 2;
}

/* v:sees(dx, dy) -> whether the view cell is in the field of view */
static int v_sees(lua_State *L)
{
    const view_ud *u = check_view(L);
    int32_t i;
    lua_pushboolean(L, offsets(u, luaL_checkinteger(L, 2), luaL_checkinteger(L, 3), &i) &&
                           u->visible[i]);
    return 1;
}

/* v:cells() -> { { dx =, dy =, x =, y =, seen = }, ... } every view cell showing a level
 * cell, row by row */
static int v_cells(lua_State *L)
{
    const view_ud *u = check_view(L);
    cairn_lua_charge(L, 12 * (int64_t)u->side * u->side);
    lua_newtable(L);
    lua_Integer n = 0;
    for (int32_t dy = -u->radius; dy <= u->radius; dy++)
        for (int32_t dx = -u->radius; dx <= u->radius; dx++) {
            cairn_cell c;
            if (!cairn_actor_view_at(u->view, dx, dy, &c, NULL))
                continue;
            lua_createtable(L, 0, 5);
            lua_pushinteger(L, dx);
            lua_setfield(L, -2, "dx");
            lua_pushinteger(L, dy);
            lua_setfield(L, -2, "dy");
            lua_pushinteger(L, c.x);
            lua_setfield(L, -2, "x");
            lua_pushinteger(L, c.y);
            lua_setfield(L, -2, "y");
            lua_pushboolean(L, u->visible[(dy + u->radius) * u->side + dx + u->radius]);
            lua_setfield(L, -2, "seen");
            lua_rawseti(L, -2, ++n);
        }
    return 1;
}

static int v_index(lua_State *L)
{
    const view_ud *u = check_view(L);
    const char *key = luaL_checkstring(L, 2);
    if (!strcmp(key, "radius"))
        lua_pushinteger(L, u->radius);
    else {
        luaL_getmetatable(L, view_meta);
        lua_getfield(L, -1, "methods");
        lua_getfield(L, -1, key);
    }
    return 1;
}

static int v_len(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)check_view(L)->seen);
    return 1;
}

int cairn_sight_lua__w_view(lua_State *L)
{
    if (luaL_newmetatable(L, view_meta)) {
        static const luaL_Reg methods[] = {
            {"at", v_at}, {"sees", v_sees}, {"cells", v_cells}, {NULL, NULL}};
        luaL_newlib(L, methods);
        lua_setfield(L, -2, "methods");
        lua_pushcfunction(L, v_index);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, v_len);
        lua_setfield(L, -2, "__len");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
    }
    lua_pop(L, 1);
    return w_view(L);
}
