/*
 * strings.c - text without addresses, and text work the budget sees.
 *
 * Lua's tostring of a table or a function shows its address, which changes from run to run:
 * content that branched on it would make two runs of one seed differ. Content's tostring
 * (and print, and string.format's %s) names such values by a number given in the order they
 * are first shown instead, and %p is refused.
 */
#include <string.h>

#include "host.h"

static const char names_key[] = "cairn.names"; /* value -> its number, weak keys */
static const char count_key[] = "cairn.named"; /* numbers given so far */

/* Pushes what tostring shows for the value at idx. */
static void push_text(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    int t = lua_type(L, idx);
    if (luaL_callmeta(L, idx, "__tostring")) {
        if (!lua_isstring(L, -1))
            luaL_error(L, "'__tostring' must return a string");
        return;
    }
    if (t != LUA_TTABLE && t != LUA_TFUNCTION && t != LUA_TTHREAD && t != LUA_TUSERDATA &&
        t != LUA_TLIGHTUSERDATA) {
        luaL_tolstring(L, idx, NULL);
        return;
    }
    lua_getfield(L, LUA_REGISTRYINDEX, names_key);
    lua_pushvalue(L, idx);
    if (lua_rawget(L, -2) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_getfield(L, LUA_REGISTRYINDEX, count_key);
        lua_Integer n = lua_tointeger(L, -1) + 1;
        lua_pop(L, 1);
        lua_pushinteger(L, n);
        lua_setfield(L, LUA_REGISTRYINDEX, count_key);
        lua_pushvalue(L, idx);
        lua_pushinteger(L, n);
        lua_rawset(L, -3);
        lua_pushinteger(L, n);
    }
    lua_Integer n = lua_tointeger(L, -1);
    lua_pop(L, 2);
    const char *kind = luaL_getmetafield(L, idx, "__name") == LUA_TSTRING ? lua_tostring(L, -1)
                                                                          : luaL_typename(L, idx);
    lua_pushfstring(L, "%s: #%d", kind, (int)n);
    if (lua_type(L, -2) == LUA_TSTRING)
        lua_remove(L, -2);
}

static int safe_tostring(lua_State *L)
{
    luaL_checkany(L, 1);
    push_text(L, 1);
    return 1;
}

void cairn_lua__push_text(lua_State *L, int idx)
{
    push_text(L, idx);
}

/* named([n]) -> how many numbers tostring has given; with n, gives the next as n + 1. The
 * count is the world's: a snapshot keeps it, so that a beat played again after a restore (an
 * undo, a preview) numbers its tables as it did the first time. */
int cairn_lua__named(lua_State *L)
{
    lua_getfield(L, LUA_REGISTRYINDEX, count_key);
    lua_Integer n = lua_tointeger(L, -1);
    if (!lua_isnoneornil(L, 1)) {
        lua_Integer to = luaL_checkinteger(L, 1);
        luaL_argcheck(L, to >= 0, 1, "a count cannot be negative");
        lua_pushinteger(L, to);
        lua_setfield(L, LUA_REGISTRYINDEX, count_key);
    }
    lua_pushinteger(L, n);
    return 1;
}

/* string.format; the real one is upvalue 1. %p is refused, and values with addresses are
 * given as their text. */
static int safe_format(lua_State *L)
{
    const char *fmt = luaL_checkstring(L, 1);
    for (const char *p = fmt; (p = strchr(p, '%')) != NULL;) {
        p++;
        if (*p == '%') {
            p++;
            continue;
        }
        p += strspn(p, "-+ #0123456789.");
        if (*p == 'p')
            return luaL_error(L, "string.format: '%%p' shows addresses, which differ from run to "
                                 "run; content may not use it");
    }
    int n = lua_gettop(L);
    for (int i = 2; i <= n; i++) {
        int t = lua_type(L, i);
        if (t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TTHREAD || t == LUA_TUSERDATA ||
            t == LUA_TLIGHTUSERDATA) {
            push_text(L, i);
            lua_replace(L, i);
        }
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, 1);
    return 1;
}

static void wrap(lua_State *L, int table, const char *name, lua_CFunction fn)
{
    lua_getfield(L, table, name);
    lua_pushcclosure(L, fn, 1);
    lua_setfield(L, table, name);
}

void cairn_lua__open_strings(lua_State *L, int string_table)
{
    string_table = lua_absindex(L, string_table);
    cairn_lua__registry_weak_keys(L, names_key);

    wrap(L, string_table, "format", safe_format);
    lua_pushcfunction(L, safe_tostring);
    lua_setglobal(L, "tostring");
}
