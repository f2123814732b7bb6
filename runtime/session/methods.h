/*
 * methods.h - the world methods' files, to one another. Internal to runtime/session.
 */
#ifndef CAIRN_SESSION_METHODS_H
#define CAIRN_SESSION_METHODS_H

#include <lua.h>

/* w:plan (plan_method.c). */
int cairn_session__w_plan(lua_State *L);

#endif /* CAIRN_SESSION_METHODS_H */
