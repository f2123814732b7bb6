/*
 * host_calls.h - the part of the Lua host's internals that the layer built on it
 * (runtime/session) uses: the host's Lua state, calls into the runtime's own scripts under
 * the budget and the memory ceiling, and the host's error message. Not public: content's
 * sandbox holds only while nothing else touches the state between calls, so only the
 * runtime's own layers may. Names carry the host's internal prefix, cairn_lua__.
 */
#ifndef CAIRN_LUA_HOST_CALLS_H
#define CAIRN_LUA_HOST_CALLS_H

#include <lua.h>
#include <lauxlib.h>

#include "cairn/lua.h"

/* The host's Lua state, borrowed: it lives as long as the host. */
lua_State *cairn_lua__state(cairn_lua *h);
/* Pushes the runtime's function `name`, "module.function" ("session.flow.start"), from the
 * modules of scripts/ that scripts/prelude.lua loaded; nil when there is none. */
void cairn_lua__push_runtime(lua_State *L, const char *name);
/* Calls the function below nargs arguments on the stack, protected, under the budget (a new
 * one when no call is under way) and the memory ceiling. On failure the message, with its
 * traceback, is the host's error and nothing is left on the stack. */
cairn_err cairn_lua__call(cairn_lua *h, int nargs, int nresults);
/* Sets the host's error message (printf-style); returns code. */
cairn_err cairn_lua__fail(cairn_lua *h, cairn_err code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif /* CAIRN_LUA_HOST_CALLS_H */
