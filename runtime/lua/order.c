/*
 * order.c - orders that do not change from run to run: the keys next and pairs visit, and
 * table.sort.
 *
 * Lua seeds its string hashes per state, so its next() visits string keys in an order that
 * changes from run to run; and its table.sort picks a random pivot (from the clock) when a
 * partition comes out unbalanced, so the calls a comparator sees, and the order of elements
 * it calls equal, change too. Both would make two runs of one seed differ.
 */
#include <stdlib.h>
#include <string.h>

#include "host.h"

/* --- the order of keys ----------------------------------------------------------------------
 *
 * Numbers by value, then strings byte by byte, then false and true, then entity handles by
 * world and id. Other keys (tables, functions) have no order that survives a save, so
 * iterating a table keyed by one is an error.
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
        uint32_t wa, wb;
        lua_Integer ia, ib;
        cairn_lua__entity_order(L, a, &wa, &ia);
        cairn_lua__entity_order(L, b, &wb, &ib);
        return wa < wb || (wa == wb && ia < ib);
    }
    }
}

/* next(t, k): the smallest key after k. One pass over the table, no allocation; the pass is
 * charged to the budget, so walking a big table with next costs what it does. */
static int det_next(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    bool from_start = lua_isnil(L, 2);
    lua_pushnil(L); /* 3: the best key so far */
    lua_pushnil(L); /* 4: the key lua_next is at */
    bool found = false;
    int64_t scanned = 0;
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        scanned++;
        key_class(L, 4); /* a key with no order is an error even when it is alone */
        if ((from_start || key_less(L, 2, 4)) && (!found || key_less(L, 4, 3))) {
            lua_pushvalue(L, 4);
            lua_replace(L, 3);
            found = true;
        }
    }
    cairn_lua__charge(L, 32 * scanned);
    if (!found) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 3);
    lua_rawget(L, 1);
    return 2;
}

/* --- sorting --------------------------------------------------------------------------------
 *
 * A merge sort: stable, and the same comparisons in the same order on every run. It sorts a
 * copy of the list (so a comparator that changes the table changes nothing mid-sort) and
 * writes the result back, through metamethods as table.sort does.
 */

/* Whether element a comes before element b (both on the stack), by the comparator at stack
 * index comparator, or by < when it is 0. */
static bool sort_less(lua_State *L, int comparator, int a, int b)
{
    a = lua_absindex(L, a);
    b = lua_absindex(L, b);
    if (!comparator)
        return lua_compare(L, a, b, LUA_OPLT);
    lua_pushvalue(L, comparator);
    lua_pushvalue(L, a);
    lua_pushvalue(L, b);
    lua_call(L, 2, 1);
    bool less = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return less;
}

/* Sorts the n elements of the raw array at idx in place, with a scratch array of the same
 * size made here. */
static void merge_sort(lua_State *L, int idx, lua_Integer n, int comparator)
{
    idx = lua_absindex(L, idx);
    lua_createtable(L, (int)n, 0);
    int scratch = lua_gettop(L);
    int from = idx, to = scratch;
    for (lua_Integer width = 1; width < n; width *= 2) {
        for (lua_Integer lo = 1; lo <= n; lo += 2 * width) {
            lua_Integer mid = lo + width < n + 1 ? lo + width : n + 1;
            lua_Integer hi = lo + 2 * width < n + 1 ? lo + 2 * width : n + 1;
            lua_Integer i = lo, j = mid;
            for (lua_Integer k = lo; k < hi; k++) {
                bool take_right = false;
                if (i < mid && j < hi) {
                    lua_rawgeti(L, from, j);
                    lua_rawgeti(L, from, i);
                    /* the right one goes first only when strictly less: stable */
                    take_right = sort_less(L, comparator, -2, -1);
                    lua_pop(L, 2);
                } else {
                    take_right = i >= mid;
                }
                lua_rawgeti(L, from, take_right ? j++ : i++);
                lua_rawseti(L, to, k);
            }
        }
        int t = from;
        from = to;
        to = t;
    }
    if (from != idx)
        for (lua_Integer k = 1; k <= n; k++) {
            lua_rawgeti(L, from, k);
            lua_rawseti(L, idx, k);
        }
    lua_pop(L, 1);
}

/* n times the passes a sort of n makes: the steps of a sort. What a step costs the budget is
 * its time in Lua instructions (a few nanoseconds each), measured: a key scanned by next about
 * 32 (it compares through Lua's API), a step of pairs' sort in C about 8, a step of
 * table.sort about 16. */
static int64_t sort_steps(lua_Integer n)
{
    int64_t passes = 1;
    for (lua_Integer width = 1; width < n; width *= 2)
        passes++;
    return (int64_t)n * passes;
}

/* A table, or anything that reads, writes and counts like one (e.data's views), as the
 * table library takes them. */
static void check_list(lua_State *L, int idx)
{
    if (lua_type(L, idx) == LUA_TTABLE)
        return;
    static const char *const needed[] = {"__index", "__newindex", "__len"};
    for (int i = 0; i < 3; i++) {
        if (luaL_getmetafield(L, idx, needed[i]) == LUA_TNIL)
            luaL_typeerror(L, idx, "table");
        lua_pop(L, 1);
    }
}

/* table.sort(list [, comp]) */
static int det_sort(lua_State *L)
{
    check_list(L, 1);
    lua_Integer n = luaL_len(L, 1);
    luaL_argcheck(L, n < INT32_MAX, 1, "array too big");
    int comparator = 0;
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TFUNCTION);
        comparator = 2;
    }
    lua_settop(L, 2);
    cairn_lua__charge(L, 16 * sort_steps(n));
    lua_createtable(L, (int)n, 0);
    for (lua_Integer k = 1; k <= n; k++) {
        lua_geti(L, 1, k);
        lua_rawseti(L, 3, k);
    }
    merge_sort(L, 3, n, comparator);
    for (lua_Integer k = 1; k <= n; k++) {
        lua_rawgeti(L, 3, k);
        lua_seti(L, 1, k);
    }
    return 0;
}

/* --- pairs ------------------------------------------------------------------------------- */

/* The iterator pairs returns: upvalues are the table, its sorted keys and the position. Keys
 * removed since pairs began are skipped. */
static int det_pairs_next(lua_State *L)
{
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

/* A key as the sort of pairs sees it: its class and what orders it, read once. Strings point
 * into the keys themselves, which the list being sorted keeps alive. */
typedef struct sort_key {
    int class;
    bool integer;
    lua_Integer i;
    lua_Number f;
    const char *s;
    size_t len;
    uint32_t world;    /* an entity's, before its id (in i) */
    uint32_t position; /* in the unsorted list */
} sort_key;

static int compare_numbers(const sort_key *a, const sort_key *b)
{
    if (a->integer && b->integer)
        return (a->i > b->i) - (a->i < b->i);
    lua_Number x = a->integer ? (lua_Number)a->i : a->f;
    lua_Number y = b->integer ? (lua_Number)b->i : b->f;
    if (x != y)
        return (x > y) - (x < y);
    /* an integer and a float equal as doubles are different keys: the integer first */
    return (int)b->integer - (int)a->integer;
}

static int compare_keys(const void *pa, const void *pb)
{
    const sort_key *a = pa, *b = pb;
    if (a->class != b->class)
        return a->class - b->class;
    switch (a->class) {
    case KEY_NUMBER:
        return compare_numbers(a, b);
    case KEY_STRING: {
        int c = memcmp(a->s, b->s, a->len < b->len ? a->len : b->len);
        return c ? c : (a->len > b->len) - (a->len < b->len);
    }
    case KEY_BOOLEAN:
        return (int)(a->i - b->i);
    default:
        if (a->world != b->world)
            return a->world < b->world ? -1 : 1;
        return (a->i > b->i) - (a->i < b->i);
    }
}

/* Reads the key at idx (the list keeps it alive) for compare_keys. */
static void read_key(lua_State *L, int idx, uint32_t position, sort_key *k)
{
    memset(k, 0, sizeof *k);
    k->class = key_class(L, idx);
    k->position = position;
    switch (k->class) {
    case KEY_NUMBER:
        k->integer = lua_isinteger(L, idx);
        if (k->integer)
            k->i = lua_tointeger(L, idx);
        else
            k->f = lua_tonumber(L, idx);
        break;
    case KEY_STRING:
        k->s = lua_tolstring(L, idx, &k->len);
        break;
    case KEY_BOOLEAN:
        k->i = lua_toboolean(L, idx);
        break;
    default:
        cairn_lua__entity_order(L, idx, &k->world, &k->i);
    }
}

lua_Integer cairn_lua__push_sorted_keys(lua_State *L, int idx, bool charged)
{
    idx = lua_absindex(L, idx);
    lua_newtable(L); /* the keys, unsorted */
    int unsorted = lua_gettop(L);
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        key_class(L, -1); /* a key with no order is an error even when it is alone */
        lua_pushvalue(L, -1);
        lua_rawseti(L, unsorted, ++n);
    }
    if (n >= UINT32_MAX)
        luaL_error(L, "a table too big to order");
    if (charged)
        cairn_lua__charge(L, 8 * sort_steps(n));
    sort_key *keys = lua_newuserdatauv(L, (size_t)n * sizeof *keys + 1, 0);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, unsorted, i);
        read_key(L, -1, (uint32_t)i, &keys[i - 1]);
        lua_pop(L, 1);
    }
    qsort(keys, (size_t)n, sizeof *keys, compare_keys);
    lua_createtable(L, (int)n, 0); /* the keys, sorted */
    for (lua_Integer i = 0; i < n; i++) {
        lua_rawgeti(L, unsorted, keys[i].position);
        lua_rawseti(L, -2, i + 1);
    }
    lua_replace(L, unsorted);
    lua_pop(L, 1);
    return n;
}

/* pairs(t): t's __pairs when it has one (as Lua's does), else its keys in the fixed order. */
static int det_pairs(lua_State *L)
{
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    cairn_lua__push_sorted_keys(L, 1, true); /* 2 */
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, det_pairs_next, 3);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

void cairn_lua__open_order(lua_State *L)
{
    /* For every state's code, the runtime's own scripts' too; they keep Lua's own next for
     * copying a table whole, where the order does not matter. */
    lua_getglobal(L, "next");
    lua_setfield(L, LUA_REGISTRYINDEX, "cairn.raw_next");
    lua_pushcfunction(L, det_next);
    lua_setglobal(L, "next");
    lua_pushcfunction(L, det_pairs);
    lua_setglobal(L, "pairs");
    lua_getglobal(L, "table");
    lua_pushcfunction(L, det_sort);
    lua_setfield(L, -2, "sort");
    lua_pop(L, 1);
}
