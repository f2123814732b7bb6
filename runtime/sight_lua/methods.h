/*
 * methods.h - the world methods' files, to one another. Internal to runtime/sight_lua.
 */
#ifndef CAIRN_SIGHT_LUA_METHODS_H
#define CAIRN_SIGHT_LUA_METHODS_H

#include <lua.h>

#include "cairn/sight_lua.h"

/* w:plan (plan_method.c) and w:view (view_method.c). */
int cairn_sight_lua__w_plan(lua_State *L);
int cairn_sight_lua__w_view(lua_State *L);

/* The cell of `from` at idx (an entity, or a table with x and y), raising "WHAT: ..." when
 * it has none or it is off the grid. */
cairn_cell cairn_sight_lua__check_from(lua_State *L, cairn_world *w, int idx, const char *what);
/* A view's radius at idx, 1 to CAIRN_ACTOR_VIEW_MAX_RADIUS, or raises "WHAT: ...". */
int32_t cairn_sight_lua__check_radius(lua_State *L, int idx, const char *what);

#endif /* CAIRN_SIGHT_LUA_METHODS_H */
