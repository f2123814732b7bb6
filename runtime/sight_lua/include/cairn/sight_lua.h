/*
 * cairn/sight_lua.h - field of view, path finding, move planning and views (cairn/sight.h)
 * for content: the world handle's methods w:fov, w:path, w:distances, w:plan and w:view, the
 * binding of runtime/sight to the Lua host (cairn/lua.h). See docs/lua-api.md.
 */
#ifndef CAIRN_SIGHT_LUA_H
#define CAIRN_SIGHT_LUA_H

#include "cairn/lua.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The methods, for cairn_lua_config.world_methods (the executable gives them to every host it
 * makes; the base game's bots need them), ended by an entry whose name is NULL. */
CAIRN_API extern const cairn_lua_method cairn_sight_lua_methods[];

#ifdef __cplusplus
}
#endif

#endif /* CAIRN_SIGHT_LUA_H */
