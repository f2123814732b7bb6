/*
 * sandbox.c - the primitives content's environments are built from (scripts/lua/sandbox.lua
 * assembles them): pcall and friends that cannot swallow a budget or memory overrun,
 * coroutines that cannot hide work from the budget, setmetatable without __gc or weak
 * modes, load of text only, math.random on the world's generator, print to the host's
 * output, and the locked string metatable. The fixed order of keys and sorting are in
 * order.c; strings without addresses in strings.c; the library's work in C charged to the
 * budget in charges.c.
 */
#include <string.h>

#include "host.h"

/* --- calls that cannot swallow an overrun ------------------------------------------------ */

/* After a protected call inside content: an overrun of the budget or the memory ceiling
 * goes on up as if no pcall were there. */
static int finish_pcall(lua_State *L, int rc, lua_KContext extra)
{
    if (rc != LUA_OK && rc != LUA_YIELD) {
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
    int rc = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_pcall);
    return finish_pcall(L, rc, 0);
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
    int rc = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_pcall);
    return finish_pcall(L, rc, 2);
}

/* Coroutines. An overrun raised from the budget hook inside a coroutine leaves it with hooks
 * off, and its pending to-be-closed variables would run unbudgeted if it were ever closed:
 * such a coroutine is remembered (weakly) and never closed. And each coroutine starts with a
 * fresh instruction count, which would let short bursts in many coroutines go uncounted:
 * every resume is charged what that count could hide. */
static const char overrun_key[] = "cairn.overrun";

static void remember_overrun(lua_State *L, int co)
{
    co = lua_absindex(L, co);
    lua_getfield(L, LUA_REGISTRYINDEX, overrun_key);
    lua_pushvalue(L, co);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

/* After a resume or close that reported an error: an overrun goes on up. */
static void rethrow_overrun(lua_State *L, int co)
{
    cairn_lua *h = cairn_lua__from(L);
    if (!cairn_lua__limit_hit(h))
        return;
    remember_overrun(L, co);
    lua_pushstring(L, h->budget_out || h->beat_out ? h->limit_message : "memory limit exceeded");
    lua_error(L);
}

/* coroutine.resume; the real one is upvalue 1. */
static int safe_resume(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTHREAD);
    cairn_lua__charge(L, CAIRN_LUA_RESUME_COST);
    int n = lua_gettop(L);
    lua_pushvalue(L, 1); /* kept below: [co, resume, co, args...] */
    lua_insert(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 2);
    lua_call(L, n, LUA_MULTRET);
    if (!lua_toboolean(L, 2))
        rethrow_overrun(L, 1);
    lua_remove(L, 1);
    return lua_gettop(L);
}

/* coroutine.close; the real one is upvalue 1. */
static int safe_close(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTHREAD);
    lua_getfield(L, LUA_REGISTRYINDEX, overrun_key);
    lua_pushvalue(L, 1);
    if (lua_rawget(L, -2) != LUA_TNIL) {
        lua_pushboolean(L, 0);
        lua_pushliteral(L, "the coroutine was stopped by the budget or the memory limit; it is "
                           "not closed");
        return 2;
    }
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_call(L, 1, LUA_MULTRET);
    if (!lua_toboolean(L, 2))
        rethrow_overrun(L, 1);
    lua_remove(L, 1);
    return lua_gettop(L);
}

/* coroutine.wrap, as Lua's but for one thing: Lua's closes a failed coroutine's pending
 * to-be-closed variables at once, and after an overrun raised from the budget hook that
 * coroutine runs with hooks off - a spinning __close would never be stopped. After an
 * overrun the error goes on up and nothing of the coroutine runs again. */
static int wrap_step(lua_State *L)
{
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    cairn_lua__charge(L, CAIRN_LUA_RESUME_COST);
    int n = lua_gettop(L);
    if (!lua_checkstack(co, n))
        return luaL_error(L, "too many arguments to resume");
    lua_xmove(L, co, n);
    int nres;
    int rc = lua_resume(co, L, n, &nres);
    if (rc == LUA_OK || rc == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1))
            return luaL_error(L, "too many results to resume");
        lua_xmove(co, L, nres);
        return nres;
    }
    cairn_lua *h = cairn_lua__from(L);
    if (cairn_lua__limit_hit(h)) {
        remember_overrun(L, lua_upvalueindex(1));
        if (h->budget_out || h->beat_out) {
            /* The overrun's message says its place already: it goes on up as it is. */
            lua_pushstring(L, h->limit_message);
            return lua_error(L);
        }
    } else if (rc == LUA_ERRRUN && lua_status(co) != LUA_OK && lua_status(co) != LUA_YIELD)
        rc = lua_resetthread(co); /* close its to-be-closed variables */
    lua_xmove(co, L, 1);
    if (rc != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
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

/* A table given to setmetatable is a metatable for good: __mode written into it later would
 * make a weak table as surely as one given with it. Such tables are remembered (weakly), and
 * every way content has to write a new key into one goes through a guard: the guard
 * metatable's __newindex when it has no metatable of its own, the guard function set as its
 * metatable's __newindex when that has none (content's own __newindex can only store with
 * rawset, which is guarded too). */
static const char metatables_key[] = "cairn.metatables"; /* metatable -> true, weak keys */
static const char guard_key[] = "cairn.guard";           /* the guard metatable */

static int refuse_mode(lua_State *L)
{
    return luaL_error(L, "weak tables (__mode) are not allowed in content (what they hold "
                         "would depend on when the collector ran), and this table is a "
                         "metatable");
}

static bool is_mode(lua_State *L, int idx)
{
    return lua_type(L, idx) == LUA_TSTRING && !strcmp(lua_tostring(L, idx), "__mode");
}

static bool is_metatable(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    lua_getfield(L, LUA_REGISTRYINDEX, metatables_key);
    lua_pushvalue(L, idx);
    bool is = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    return is;
}

/* __newindex of the guard: stores anything but __mode, as a plain table would. */
static int guard_newindex(lua_State *L)
{
    if (is_mode(L, 2))
        return refuse_mode(L);
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 0;
}

/* Makes every new key written into the table at idx pass the guard. */
static void guard_writes(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (!lua_getmetatable(L, idx)) {
        lua_getfield(L, LUA_REGISTRYINDEX, guard_key);
        lua_setmetatable(L, idx);
        return;
    }
    lua_pushliteral(L, "__newindex");
    if (lua_rawget(L, -2) == LUA_TNIL) {
        lua_pushliteral(L, "__newindex");
        lua_pushcfunction(L, guard_newindex);
        lua_rawset(L, -4);
    }
    lua_pop(L, 2);
}

static bool has_guard(lua_State *L, int idx)
{
    if (!lua_getmetatable(L, idx))
        return false;
    lua_getfield(L, LUA_REGISTRYINDEX, guard_key);
    bool is = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return is;
}

static int safe_setmetatable(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "setmetatable: __gc metamethods are not allowed in content "
                                 "(finalizers would run outside any budget)");
        lua_pop(L, 1);
        lua_pushliteral(L, "__mode");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "setmetatable: weak tables (__mode) are not allowed in content "
                                 "(what they hold would depend on when the collector ran)");
        lua_pop(L, 1);
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, lua_isnoneornil(L, 2) || lua_istable(L, 2), 2, "nil or table");
    if (!has_guard(L, 1) && luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    lua_setmetatable(L, 1);
    if (lua_istable(L, 2)) {
        lua_getfield(L, LUA_REGISTRYINDEX, metatables_key);
        lua_pushvalue(L, 2);
        lua_pushboolean(L, 1);
        lua_rawset(L, -3);
        lua_pop(L, 1);
        guard_writes(L, 2);
    }
    if (is_metatable(L, 1))
        guard_writes(L, 1);
    lua_settop(L, 1);
    return 1;
}

/* rawset, which cannot write __mode into a metatable either. */
static int safe_rawset(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    if (is_mode(L, 2) && is_metatable(L, 1))
        return refuse_mode(L);
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 1;
}

/* load(chunk, name, mode, env) for text only; without env, the pack's (upvalue 1). The
 * chunk's name is always its pack's (upvalue 2): "=base:dungeon.lua" loaded by pack crypt is
 * crypt:base:dungeon.lua, so that no pack's code passes for another's, or for the
 * runtime's, in messages, places and profiles. */
static int safe_load(lua_State *L)
{
    lua_settop(L, 4);
    const char *given = luaL_optstring(L, 2, "(load)");
    if (*given == '=' || *given == '@') /* Lua's marks of a name and of a file */
        given++;
    lua_pushfstring(L, "=%s:%s", lua_tostring(L, lua_upvalueindex(2)), given);
    lua_replace(L, 2);
    const char *mode = luaL_optstring(L, 3, "t");
    if (lua_type(L, 1) == LUA_TSTRING)
        cairn_lua__charge_scanned(L, lua_rawlen(L, 1));
    if (strcmp(mode, "t") != 0)
        return luaL_error(L, "load: mode '%s' refused: content may load text chunks only", mode);
    if (lua_type(L, 1) == LUA_TFUNCTION)
        cairn_lua__charge_reader(L, 1);
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
    if (lua_isnil(L, -2)) {
        /* Load catches what its reader raises: an overrun goes on up. */
        if (cairn_lua__limit_hit(cairn_lua__from(L)))
            return lua_error(L);
        return 2; /* nil and the message */
    }
    lua_pop(L, 1);
    return 1;
}

/* math.random on the world's generator, so a seed gives the same game. */
static int world_random(lua_State *L)
{
    cairn_lua *h = cairn_lua__from(L);
    if (!h->world)
        return luaL_error(L, "math.random: there is no world yet (randomness comes from the "
                             "world's seed: call it from a handler, a callback or a test)");
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
        cairn_lua__push_text(L, i);
        const char *s = lua_tolstring(L, -1, &len);
        cairn_lua__charge_copied(L, len);
        if (i > 1)
            fputc('\t', out);
        fwrite(s, 1, len, out);
        lua_pop(L, 1);
    }
    fputc('\n', out);
    return 0;
}

/* make_load(env, owner) -> load for content of pack owner, whose default environment is env */
static int make_load(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkstring(L, 2);
    lua_settop(L, 2);
    lua_pushcclosure(L, safe_load, 2);
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

static void push_memory_message(lua_State *L, const cairn_lua *h)
{
    char text[sizeof h->memory_where + 64];
    cairn_lua__memory_message(h, text, sizeof text);
    lua_pushstring(L, text);
}

/* limit() -> the message of a budget or memory overrun under way, or nil. */
static int limit(lua_State *L)
{
    cairn_lua *h = cairn_lua__from(L);
    if (h->budget_out || h->beat_out)
        lua_pushstring(L, h->limit_message);
    else if (h->memory_out)
        push_memory_message(L, h);
    else
        lua_pushnil(L);
    return 1;
}

/* catch_limit(fn) -> ok, message: runs fn and, at once, without a Lua instruction between
 * (the count hook could fire on one and raise the overrun again), gives a fresh budget and
 * memory allowance; message is the overrun's when there was one, else fn's error. For the
 * test library's expect.limit; trusted scripts only. */
static int catch_limit(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, 1);
    int rc = lua_pcall(L, 0, 0, 0);
    cairn_lua *h = cairn_lua__from(L);
    bool hit = cairn_lua__limit_hit(h);
    bool budget = h->budget_out || h->beat_out;
    h->budget_left = (int64_t)h->budget;
    h->budget_out = false;
    lua_pushboolean(L, rc == LUA_OK);
    if (hit && budget)
        lua_pushstring(L, h->limit_message);
    else if (hit)
        push_memory_message(L, h);
    else if (rc != LUA_OK)
        lua_pushvalue(L, -2);
    else
        lua_pushnil(L);
    cairn_lua__memory_clear(h);
    lua_pushboolean(L, hit);
    return 3;
}

void cairn_lua__registry_weak_keys(lua_State *L, const char *key)
{
    lua_newtable(L);
    lua_newtable(L);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, key);
}

void cairn_lua__open_sandbox(lua_State *L)
{
    cairn_lua__registry_weak_keys(L, overrun_key);
    cairn_lua__registry_weak_keys(L, metatables_key);
    lua_newtable(L);
    lua_pushcfunction(L, guard_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setfield(L, LUA_REGISTRYINDEX, guard_key);

    cairn_lua__open_order(L);

    /* The string metatable is shared by every string: content may read through it (s:len())
     * but never reach it; string.dump makes bytecode, which nothing here may load. */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_getfield(L, -1, "__index");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    cairn_lua__open_patterns(L, -1);
    cairn_lua__open_strings(L, -1);
    cairn_lua__open_charges(L, -1);
    lua_insert(L, -4);
    lua_pop(L, 3);

    static const luaL_Reg safe[] = {
        {"pcall", safe_pcall},
        {"xpcall", safe_xpcall},
        {"setmetatable", safe_setmetatable},
        {"rawset", safe_rawset},
        {"make_load", make_load},
        {"view", view},
        {"random", world_random},
        {"randomseed", no_randomseed},
        {"print", host_print},
        {"limit", limit},
        {"catch_limit", catch_limit},
        {"encode", cairn_lua__encode},
        {"decode", cairn_lua__decode},
        {"named", cairn_lua__named},
        {NULL, NULL},
    };
    luaL_newlib(L, safe);
    lua_insert(L, -2);
    lua_setfield(L, -2, "charged");
    lua_getfield(L, LUA_REGISTRYINDEX, "cairn.raw_next");
    lua_setfield(L, -2, "raw_next");
    lua_getglobal(L, "coroutine");
    lua_getfield(L, -1, "resume");
    lua_pushcclosure(L, safe_resume, 1);
    lua_setfield(L, -3, "resume");
    lua_getfield(L, -1, "close");
    lua_pushcclosure(L, safe_close, 1);
    lua_setfield(L, -3, "close");
    lua_pushcfunction(L, safe_wrap);
    lua_setfield(L, -3, "wrap");
    lua_pop(L, 1);
}
