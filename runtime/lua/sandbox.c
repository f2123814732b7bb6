/*
 * sandbox.c - the primitives content's environments are built from (scripts/sandbox.lua
 * assembles them): deterministic next and pairs, pcall and friends that cannot swallow a
 * budget or memory overrun, setmetatable without __gc, load of text only, math.random on the
 * world's generator, print to the host's output, and the locked string metatable.
 */
#include <string.h>

#include "host.h"

/* --- a deterministic order of keys ----------------------------------------------------------
 *
 * Lua seeds its string hashes per state, so next() visits string keys in an order that
 * changes from run to run. Content sees keys in one fixed order instead: numbers by value,
 * then strings byte by byte, then false and true, then entity handles by id. Other keys
 * (tables, functions) have no order that survives a save, so iterating them is an error.
 */

enum { KEY_NUMBER, KEY_STRING, KEY_BOOLEAN, KEY_ENTITY };

static int key_class(lua_State *L, int idx)
{
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        return KEY_NUMBER;
    case LUA_TSTRING:
        return KEY_STRING;
    case LUA_TBOOLEAN:
        return KEY_BOOLEAN;
    default:
        if (!cairn_entity_id_is_none(cairn_lua__to_entity(L, idx)))
            return KEY_ENTITY;
        return luaL_error(L,
                          "pairs/next: a table with a %s as a key has no fixed order; "
                          "key it by numbers, strings or entities",
                          luaL_typename(L, idx));
    }
}

/* Whether the key at a comes before the key at b. */
static bool key_less(lua_State *L, int a, int b)
{
    int ca = key_class(L, a), cb = key_class(L, b);
    if (ca != cb)
        return ca < cb;
    switch (ca) {
    case KEY_NUMBER:
        return lua_compare(L, a, b, LUA_OPLT);
    case KEY_STRING: {
        size_t la, lb;
        const char *sa = lua_tolstring(L, a, &la), *sb = lua_tolstring(L, b, &lb);
        int c = memcmp(sa, sb, la < lb ? la : lb);
        return c < 0 || (c == 0 && la < lb);
    }
    case KEY_BOOLEAN:
        return !lua_toboolean(L, a) && lua_toboolean(L, b);
    default: {
        cairn_entity_id x = cairn_lua__to_entity(L, a), y = cairn_lua__to_entity(L, b);
        return x.index < y.index || (x.index == y.index && x.generation < y.generation);
    }
    }
}

/* next(t, k): the smallest key after k. One pass over the table, no allocation. */
static int det_next(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    bool from_start = lua_isnil(L, 2);
    lua_pushnil(L); /* 3: the best key so far */
    lua_pushnil(L); /* 4: the key lua_next is at */
    bool found = false;
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        key_class(L, 4); /* a key with no order is an error even when it is alone */
        if ((from_start || key_less(L, 2, 4)) && (!found || key_less(L, 4, 3))) {
            lua_pushvalue(L, 4);
            lua_replace(L, 3);
            found = true;
        }
    }
    if (!found) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 3);
    lua_rawget(L, 1);
    return 2;
}

/* The order as a comparison function, for table.sort. */
static int sort_less(lua_State *L)
{
    lua_pushboolean(L, key_less(L, 1, 2));
    return 1;
}

/* pairs(t): t's __pairs when it has one (as Lua's does), else its keys sorted in the fixed
 * order, walked by a closure that skips keys removed since pairs began. */
static int det_pairs_next(lua_State *L)
{
    /* upvalues: 1 table, 2 keys, 3 position */
    lua_Integer i = lua_tointeger(L, lua_upvalueindex(3));
    for (;;) {
        i++;
        if (lua_rawgeti(L, lua_upvalueindex(2), i) == LUA_TNIL) {
            lua_pushinteger(L, i - 1);
            lua_replace(L, lua_upvalueindex(3));
            return 1;
        }
        lua_pushvalue(L, -1);
        if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) {
            lua_pushinteger(L, i);
            lua_replace(L, lua_upvalueindex(3));
            return 2;
        }
        lua_pop(L, 2);
    }
}

static int det_pairs(lua_State *L)
{
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    lua_newtable(L); /* 2: keys */
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        key_class(L, -1); /* a key with no order is an error even when it is alone */
        lua_pushvalue(L, -1);
        lua_rawseti(L, 2, ++n);
    }
    if (n > 1) {
        /* table.sort with the fixed order; it is the real one, kept in the registry. */
        lua_getfield(L, LUA_REGISTRYINDEX, "cairn.sort");
        lua_pushvalue(L, 2);
        lua_pushcfunction(L, sort_less);
        lua_call(L, 2, 0);
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, det_pairs_next, 3);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* --- calls that cannot swallow an overrun ------------------------------------------------ */

/* After a protected call inside content: an overrun of the budget or the memory ceiling
 * goes on up as if no pcall were there. */
static int finish_pcall(lua_State *L, int status, lua_KContext extra)
{
    if (status != LUA_OK && status != LUA_YIELD) {
        if (cairn_lua__limit_hit(cairn_lua__from(L)))
            return lua_error(L);
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static int safe_pcall(lua_State *L)
{
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_pcall);
    return finish_pcall(L, status, 0);
}

/* The message handler content gives xpcall, run only for errors content may handle. An
 * overrun raised from the budget hook leaves hooks off until the protected call unwinds, so
 * content's handler would then run with no budget at all: it is not called. */
static int guarded_handler(lua_State *L)
{
    if (cairn_lua__limit_hit(cairn_lua__from(L)))
        return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int safe_xpcall(lua_State *L)
{
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_pcall);
    return finish_pcall(L, status, 2);
}

/* coroutine.resume and coroutine.close report errors as values: the real one is upvalue 1. */
static int safe_resume(lua_State *L)
{
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    if (cairn_lua__limit_hit(cairn_lua__from(L)) && !lua_toboolean(L, 1)) {
        lua_pushstring(L, cairn_lua__from(L)->budget_out ? cairn_lua__from(L)->limit_message
                                                         : "memory limit exceeded");
        return lua_error(L);
    }
    return lua_gettop(L);
}

/* coroutine.wrap, as Lua's but for one thing: Lua's closes a failed coroutine's pending
 * to-be-closed variables at once, and after an overrun raised from the budget hook that
 * coroutine runs with hooks off - a spinning __close would never be stopped. After an
 * overrun the error goes on up and nothing of the coroutine runs again. */
static int wrap_step(lua_State *L)
{
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int n = lua_gettop(L);
    if (!lua_checkstack(co, n))
        return luaL_error(L, "too many arguments to resume");
    lua_xmove(L, co, n);
    int nres;
    int status = lua_resume(co, L, n, &nres);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1))
            return luaL_error(L, "too many results to resume");
        lua_xmove(co, L, nres);
        return nres;
    }
    if (status == LUA_ERRRUN && lua_status(co) != LUA_OK && lua_status(co) != LUA_YIELD &&
        !cairn_lua__limit_hit(cairn_lua__from(L)))
        status = lua_resetthread(co); /* close its to-be-closed variables */
    lua_xmove(co, L, 1);
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int safe_wrap(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, wrap_step, 1);
    return 1;
}

/* --- the rest of the base library, made safe --------------------------------------------- */

static int safe_setmetatable(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "setmetatable: __gc metamethods are not allowed in content "
                                 "(finalizers would run outside any budget)");
        lua_pop(L, 1);
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, lua_isnoneornil(L, 2) || lua_istable(L, 2), 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

/* load(chunk, name, mode, env) for text only; without env, the pack's (upvalue 1). */
static int safe_load(lua_State *L)
{
    const char *mode = luaL_optstring(L, 3, "t");
    if (strcmp(mode, "t") != 0)
        return luaL_error(L, "load: mode '%s' refused: content may load text chunks only", mode);
    lua_settop(L, 4);
    if (lua_isnil(L, 4)) {
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_replace(L, 4);
    }
    lua_getglobal(L, "load");
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushliteral(L, "t");
    lua_pushvalue(L, 4);
    lua_call(L, 4, 2);
    if (lua_isnil(L, -2))
        return 2; /* nil and the message */
    lua_pop(L, 1);
    return 1;
}

/* math.random on the world's generator, so a seed gives the same game. */
static int world_random(lua_State *L)
{
    cairn_lua *h = cairn_lua__from(L);
    if (!h->world)
        return luaL_error(L, "math.random: there is no world yet (randomness comes from the "
                             "world's seed: call it from a handler, a hook or a test)");
    cairn_rng *rng = cairn_world_rng(h->world);
    int n = lua_gettop(L);
    if (n == 0) {
        uint64_t bits = ((uint64_t)cairn_rng_next(rng) << 21) ^ cairn_rng_next(rng);
        lua_pushnumber(L, (lua_Number)(bits & ((UINT64_C(1) << 53) - 1)) / 9007199254740992.0);
        return 1;
    }
    lua_Integer lo = 1, hi;
    if (n == 1 && luaL_checkinteger(L, 1) == 0) {
        /* As Lua's: random(0) is an integer with all bits random. */
        uint64_t bits = ((uint64_t)cairn_rng_next(rng) << 32) | cairn_rng_next(rng);
        lua_pushinteger(L, (lua_Integer)bits);
        return 1;
    }
    if (n == 1) {
        hi = luaL_checkinteger(L, 1);
    } else {
        lo = luaL_checkinteger(L, 1);
        hi = luaL_checkinteger(L, 2);
    }
    luaL_argcheck(L, lo <= hi, n, "interval is empty");
    luaL_argcheck(L, lo >= INT32_MIN && hi <= INT32_MAX, n, "interval is beyond 32 bits");
    lua_pushinteger(L, cairn_rng_range(rng, (int32_t)lo, (int32_t)hi));
    return 1;
}

static int no_randomseed(lua_State *L)
{
    return luaL_error(L, "math.randomseed: content cannot reseed; the world's seed decides");
}

static int host_print(lua_State *L)
{
    FILE *out = cairn_lua__from(L)->out;
    int n = lua_gettop(L);
    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *s = luaL_tolstring(L, i, &len);
        if (i > 1)
            fputc('\t', out);
        fwrite(s, 1, len, out);
        lua_pop(L, 1);
    }
    fputc('\n', out);
    return 0;
}

/* make_load(env) -> load for content whose default environment is env */
static int make_load(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    lua_pushcclosure(L, safe_load, 1);
    return 1;
}

/* view(metatable) -> an empty userdata with that metatable: what e.data and the tables in
 * it are, so that rawset cannot go around their checks. */
static int view(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_newuserdatauv(L, 0, 0);
    lua_pushvalue(L, 1);
    lua_setmetatable(L, -2);
    return 1;
}

/* limit() -> the message of a budget or memory overrun under way, or nil. */
static int limit(lua_State *L)
{
    cairn_lua *h = cairn_lua__from(L);
    if (h->budget_out)
        lua_pushstring(L, h->limit_message);
    else if (h->memory_out)
        lua_pushfstring(L, "memory limit of %d MiB exceeded", (int)(h->memory_limit >> 20));
    else
        lua_pushnil(L);
    return 1;
}

/* reset_limits(): a fresh budget and memory allowance, for the test library once it has
 * caught an overrun on purpose. Trusted scripts only. */
static int reset_limits(lua_State *L)
{
    cairn_lua *h = cairn_lua__from(L);
    h->budget_left = (int64_t)h->budget;
    h->budget_out = false;
    h->memory_out = false;
    return 0;
}

void cairn_lua__open_sandbox(lua_State *L)
{
    /* The real table.sort, for det_pairs, out of content's reach. */
    lua_getglobal(L, "table");
    lua_getfield(L, -1, "sort");
    lua_setfield(L, LUA_REGISTRYINDEX, "cairn.sort");
    lua_pop(L, 1);

    /* Every state's iteration is the fixed order, the runtime's own scripts' too. */
    lua_pushcfunction(L, det_next);
    lua_setglobal(L, "next");
    lua_pushcfunction(L, det_pairs);
    lua_setglobal(L, "pairs");

    /* The string metatable is shared by every string: content may read through it (s:len())
     * but never reach it; string.dump makes bytecode, which nothing here may load. */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_getfield(L, -1, "__index");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 3);

    static const luaL_Reg safe[] = {
        {"pcall", safe_pcall},
        {"xpcall", safe_xpcall},
        {"setmetatable", safe_setmetatable},
        {"make_load", make_load},
        {"view", view},
        {"random", world_random},
        {"randomseed", no_randomseed},
        {"print", host_print},
        {"limit", limit},
        {"reset_limits", reset_limits},
        {NULL, NULL},
    };
    luaL_newlib(L, safe);
    lua_getglobal(L, "coroutine");
    lua_getfield(L, -1, "resume");
    lua_pushcclosure(L, safe_resume, 1);
    lua_setfield(L, -3, "resume");
    lua_getfield(L, -1, "close");
    lua_pushcclosure(L, safe_resume, 1);
    lua_setfield(L, -3, "close");
    lua_pushcfunction(L, safe_wrap);
    lua_setfield(L, -3, "wrap");
    lua_pop(L, 1);
}
