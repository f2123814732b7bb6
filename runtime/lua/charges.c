/*
 * charges.c - the standard library's work in C, charged to the budget before it is done.
 *
 * The count hook fires between Lua instructions, and a library function runs in C, unseen by
 * it, however long it takes: string.rep("", math.maxinteger) or a table.move of 2^40 items
 * would never return. Each function whose work grows with its arguments is wrapped here: the
 * wrapper works out from the arguments what the call will do and charges it
 * (cairn_lua__charge, the one way anything is charged) before the real function runs. The
 * table functions that walk a list by its length are written here whole, so that the length
 * is read once: a __len that answered the wrapper small and the real function huge would get
 * round a charge computed apart.
 *
 * The string functions are charged in the state's own string table, which content reaches
 * through the string metatable whatever its environment holds; the others only in the copies
 * content's environments are given (scripts/lua/sandbox.lua), so the runtime's own scripts and
 * the core's hot path pay nothing for them.
 */
#include <limits.h>
#include <string.h>

#include "host.h"

/* What work costs in instructions of the budget, as measured against a Lua instruction (a
 * nanosecond or two): bytes copied as a block, bytes looked at one by one (decoded,
 * converted, lexed), and values read from or written to a table or pushed as results. */
#define COPIED_BYTES_PER_STEP  16
#define SCANNED_BYTES_PER_STEP 1
#define STEPS_PER_VALUE        2
/* A charge this large is past any budget; larger ones are cut to it (an int64_t holds it). */
#define CHARGE_MAX 1e15

/* Charges a call of a library function: one step, and the work it will do. */
static void charge_work(lua_State *L, double copied, double scanned, double values)
{
    double steps = 1 + copied / COPIED_BYTES_PER_STEP + scanned / SCANNED_BYTES_PER_STEP +
                   values * STEPS_PER_VALUE;
    cairn_lua__charge(L, steps < CHARGE_MAX ? (int64_t)steps : (int64_t)CHARGE_MAX);
}

void cairn_lua__charge_copied(lua_State *L, size_t bytes)
{
    charge_work(L, (double)bytes, 0, 0);
}

void cairn_lua__charge_scanned(lua_State *L, size_t bytes)
{
    charge_work(L, 0, (double)bytes, 0);
}

/* Calls the real function (upvalue 1) with the arguments on the stack: its results. */
static int call_real(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* The length of the string at idx, or 0 for any other value (a number converts to a few
 * bytes; anything else is refused by the real function). */
static size_t string_length(lua_State *L, int idx)
{
    return lua_type(L, idx) == LUA_TSTRING ? lua_rawlen(L, idx) : 0;
}

/* The integer at idx, or def when there is none (a wrong value is the real function's to
 * refuse). */
static lua_Integer integer_or(lua_State *L, int idx, lua_Integer def)
{
    int ok;
    lua_Integer v = lua_tointegerx(L, idx, &ok);
    return ok ? v : def;
}

/* The bytes of the string arguments from `first` on. */
static double string_bytes(lua_State *L, int first)
{
    double bytes = 0;
    for (int i = first, n = lua_gettop(L); i <= n; i++)
        bytes += (double)string_length(L, i);
    return bytes;
}

/* --- string ------------------------------------------------------------------------------ */

/* The first and the last positions string.sub and string.byte read, as Lua's string library
 * reads them: negative counts from the end; the first at least 1, the last at most len. */
static lua_Integer first_position(lua_Integer pos, size_t len)
{
    if (pos > 0)
        return pos;
    if (pos == 0 || pos < -(lua_Integer)len)
        return 1;
    return (lua_Integer)len + pos + 1;
}

static lua_Integer last_position(lua_Integer pos, size_t len)
{
    if (pos > (lua_Integer)len)
        return (lua_Integer)len;
    if (pos >= 0)
        return pos;
    if (pos < -(lua_Integer)len)
        return 0;
    return (lua_Integer)len + pos + 1;
}

static double span(lua_Integer first, lua_Integer last)
{
    return last >= first ? (double)last - (double)first + 1 : 0;
}

/* string.sub(s, i, j): the bytes it copies. */
static int charged_sub(lua_State *L)
{
    size_t len = string_length(L, 1);
    lua_Integer first = first_position(integer_or(L, 2, 1), len);
    charge_work(L, span(first, last_position(integer_or(L, 3, -1), len)), 0, 0);
    return call_real(L);
}

/* string.byte(s, i, j): the values it returns. */
static int charged_byte(lua_State *L)
{
    size_t len = string_length(L, 1);
    lua_Integer first = first_position(integer_or(L, 2, 1), len);
    charge_work(L, 0, 0, span(first, last_position(integer_or(L, 3, first), len)));
    return call_real(L);
}

/* string.char(...) and the others that take a value an argument: the arguments. */
static int charged_by_arguments(lua_State *L)
{
    charge_work(L, 0, 0, lua_gettop(L));
    return call_real(L);
}

/* string.upper, lower, reverse: the bytes they copy. */
static int charged_by_bytes(lua_State *L)
{
    charge_work(L, string_bytes(L, 1), 0, 0);
    return call_real(L);
}

/* string.rep(s, n, sep): n repetitions - each a step even when s and sep are empty - and
 * the bytes it makes. A string larger than the memory ceiling is refused before any is made:
 * that is the memory limit's to report. */
static int charged_rep(lua_State *L)
{
    lua_Integer n = integer_or(L, 2, 0);
    double bytes = (double)(string_length(L, 1) + string_length(L, 3)) * (double)n;
    if (n > 0 && bytes <= (double)cairn_lua__from(L)->memory_limit)
        charge_work(L, bytes, 0, (double)n / STEPS_PER_VALUE);
    return call_real(L);
}

/* string.format: the format and the strings it copies. */
static int charged_format(lua_State *L)
{
    charge_work(L, string_bytes(L, 1), 0, lua_gettop(L));
    return call_real(L);
}

/* The sizes a string.pack format declares ("c1000", "i16", "!8"): each may be padding that
 * pack writes a byte at a time. */
static double declared_sizes(lua_State *L)
{
    const char *fmt = lua_type(L, 1) == LUA_TSTRING ? lua_tostring(L, 1) : "";
    double total = 0;
    while (*fmt) {
        size_t digits = strspn(fmt, "0123456789");
        if (digits == 0) {
            fmt++;
            continue;
        }
        double size = 0;
        for (size_t i = 0; i < digits && size < 1e10; i++)
            size = size * 10 + (fmt[i] - '0');
        total += size;
        fmt += digits;
    }
    return total;
}

/* string.pack(fmt, ...): the format, the sizes it declares and the strings it copies. */
static int charged_pack(lua_State *L)
{
    charge_work(L, string_bytes(L, 2), (double)string_length(L, 1) + declared_sizes(L),
                lua_gettop(L));
    return call_real(L);
}

/* string.unpack(fmt, s, pos) and string.packsize(fmt): the format, a value an option at
 * most, and the bytes of s they copy. */
static int charged_unpack(lua_State *L)
{
    size_t options = string_length(L, 1);
    charge_work(L, (double)string_length(L, 2), (double)options, (double)options);
    return call_real(L);
}

/* --- utf8 -------------------------------------------------------------------------------- */

/* A position as the utf8 library reads it: negative counts from the end, 0 before it. */
static lua_Integer utf8_position(lua_Integer pos, size_t len)
{
    if (pos >= 0)
        return pos;
    if ((size_t)0 - (size_t)pos > len)
        return 0;
    return (lua_Integer)len + pos + 1;
}

/* utf8.len(s, i, j): the bytes it decodes. */
static int charged_utf8_len(lua_State *L)
{
    size_t len = string_length(L, 1);
    lua_Integer first = utf8_position(integer_or(L, 2, 1), len);
    charge_work(L, 0, span(first, utf8_position(integer_or(L, 3, -1), len)), 0);
    return call_real(L);
}

/* utf8.codepoint(s, i, j): the bytes it decodes, a value each at most. */
static int charged_codepoint(lua_State *L)
{
    size_t len = string_length(L, 1);
    lua_Integer first = utf8_position(integer_or(L, 2, 1), len);
    double bytes = span(first, utf8_position(integer_or(L, 3, first), len));
    charge_work(L, 0, bytes, bytes);
    return call_real(L);
}

/* utf8.offset(s, n, i): the bytes it walks, which only its answer tells (a character may be
 * any number of bytes in a string that is not UTF-8), so charged after; the walk never
 * leaves the string, which is bounded by the memory ceiling. */
static int charged_offset(lua_State *L)
{
    size_t len = string_length(L, 1);
    lua_Integer n = integer_or(L, 2, 0);
    lua_Integer from = utf8_position(integer_or(L, 3, n >= 0 ? 1 : (lua_Integer)len + 1), len);
    int results = call_real(L);
    int ok;
    lua_Integer to = lua_tointegerx(L, 1, &ok);
    double walked =
        ok ? (to > from ? (double)to - (double)from : (double)from - (double)to) : (double)len;
    charge_work(L, 0, walked, 0);
    return results;
}

/* --- table ------------------------------------------------------------------------------- */

/* What a table function does with a list, for the metamethods that stand in for a table. */
enum { LIST_READ = 1, LIST_WRITE = 2, LIST_LENGTH = 4 };

static bool has_metamethod(lua_State *L, const char *name)
{
    lua_pushstring(L, name);
    bool has = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 1);
    return has;
}

/* As Lua's table library: a table, or a value whose metatable has every metamethod the
 * function uses; else the argument error. */
static void check_list(lua_State *L, int arg, int uses)
{
    if (lua_type(L, arg) == LUA_TTABLE)
        return;
    if (lua_getmetatable(L, arg)) {
        bool stands_in = (!(uses & LIST_READ) || has_metamethod(L, "__index")) &&
                         (!(uses & LIST_WRITE) || has_metamethod(L, "__newindex")) &&
                         (!(uses & LIST_LENGTH) || has_metamethod(L, "__len"));
        lua_pop(L, 1);
        if (stands_in)
            return;
    }
    luaL_checktype(L, arg, LUA_TTABLE);
}

/* The length of the list at arg, read once (its __len may answer differently each time). */
static lua_Integer list_length(lua_State *L, int arg, int uses)
{
    check_list(L, arg, uses | LIST_LENGTH);
    return luaL_len(L, arg);
}

/* table.insert(list, [pos,] value): the values it moves up, two a move. */
static int charged_insert(lua_State *L)
{
    /* the first free place, wrapping round as Lua's integers do */
    lua_Integer end = (lua_Integer)((lua_Unsigned)list_length(L, 1, LIST_READ | LIST_WRITE) + 1u);
    lua_Integer pos = end;
    switch (lua_gettop(L)) {
    case 2:
        charge_work(L, 0, 0, 1);
        break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)end, 2, "position out of bounds");
        charge_work(L, 0, 0, 2 * ((double)end - (double)pos) + 1);
        for (lua_Integer i = end; i > pos; i--) {
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

/* table.remove(list [, pos]): the values it moves down. */
static int charged_remove(lua_State *L)
{
    lua_Integer size = list_length(L, 1, LIST_READ | LIST_WRITE);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
    charge_work(L, 0, 0, size > pos ? 2 * ((double)size - (double)pos) + 2 : 2);
    lua_geti(L, 1, pos);
    for (; pos < size; pos++) {
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

/* table.move(a1, f, e, t [, a2]): the values it moves. */
static int charged_move(lua_State *L)
{
    lua_Integer from = luaL_checkinteger(L, 2);
    lua_Integer end = luaL_checkinteger(L, 3);
    lua_Integer to = luaL_checkinteger(L, 4);
    int into = lua_isnoneornil(L, 5) ? 1 : 5;
    check_list(L, 1, LIST_READ);
    check_list(L, into, LIST_WRITE);
    if (end >= from) {
        luaL_argcheck(L, from > 0 || end < LUA_MAXINTEGER + from, 3, "too many elements to move");
        lua_Integer n = end - from + 1;
        luaL_argcheck(L, to <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        charge_work(L, 0, 0, 2 * (double)n);
        /* Backwards when the ranges overlap with the destination above the source. */
        if (to > end || to <= from || (into != 1 && !lua_compare(L, 1, into, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++) {
                lua_geti(L, 1, from + i);
                lua_seti(L, into, to + i);
            }
        } else {
            for (lua_Integer i = n - 1; i >= 0; i--) {
                lua_geti(L, 1, from + i);
                lua_seti(L, into, to + i);
            }
        }
    }
    lua_pushvalue(L, into);
    return 1;
}

/* table.unpack(list [, i [, j]]): the values it returns. */
static int charged_unpack_list(lua_State *L)
{
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer end = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
    if (i > end)
        return 0;
    lua_Unsigned n = (lua_Unsigned)end - (lua_Unsigned)i;
    if (n >= (lua_Unsigned)INT_MAX || !lua_checkstack(L, (int)++n))
        return luaL_error(L, "too many results to unpack");
    charge_work(L, 0, 0, (double)n);
    for (; i < end; i++)
        lua_geti(L, 1, i);
    lua_geti(L, 1, end);
    return (int)n;
}

/* Bytes of items read but not charged yet, charged when they reach this. */
#define CONCAT_CHARGE_EVERY 65536

/* table.concat(list [, sep [, i [, j]]]): the items it reads and the separators before it
 * starts, each item's bytes before they are copied. */
static int charged_concat(lua_State *L)
{
    lua_Integer last = list_length(L, 1, LIST_READ);
    size_t sep_len;
    const char *sep = luaL_optlstring(L, 2, "", &sep_len);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    if (i <= last) {
        double items = (double)last - (double)i + 1;
        charge_work(L, (items - 1) * (double)sep_len, 0, items);
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    size_t due = 0;
    for (; i <= last; i++) {
        lua_geti(L, 1, i);
        if (!lua_isstring(L, -1))
            return luaL_error(L, "invalid value (%s) at index %I in table for 'concat'",
                              luaL_typename(L, -1), (LUAI_UACINT)i);
        due += lua_rawlen(L, -1);
        if (due >= CONCAT_CHARGE_EVERY) {
            cairn_lua__charge_copied(L, due);
            due = 0;
        }
        luaL_addvalue(&b);
        if (i == last)
            break; /* i + 1 could overflow */
        luaL_addlstring(&b, sep, sep_len);
    }
    cairn_lua__charge_copied(L, due);
    luaL_pushresult(&b);
    return 1;
}

/* --- base -------------------------------------------------------------------------------- */

/* tonumber(v [, base]): the bytes of a string it converts. */
static int charged_tonumber(lua_State *L)
{
    charge_work(L, 0, (double)string_length(L, 1), 0);
    return call_real(L);
}

/* select(n, ...): the values it returns (the real one is a count Lua's call then copies). */
static int charged_select(lua_State *L)
{
    int n = lua_gettop(L);
    if (lua_type(L, 1) == LUA_TSTRING && *lua_tostring(L, 1) == '#') {
        lua_pushinteger(L, n - 1);
        return 1;
    }
    lua_Integer i = luaL_checkinteger(L, 1);
    if (i < 0)
        i = n + i;
    else if (i > n)
        i = n;
    luaL_argcheck(L, 1 <= i, 1, "index out of range");
    charge_work(L, 0, 0, (double)(n - i));
    return n - (int)i;
}

/* A reader content gave load (upvalue 1): each piece it returns is charged by its bytes, which
 * the parser then reads; a reader whose pieces never end meets the budget. */
static int charged_reader(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, 1);
    size_t len;
    if (lua_isstring(L, -1) && lua_tolstring(L, -1, &len)) /* a number is read as its text */
        cairn_lua__charge_scanned(L, len);
    return 1;
}

void cairn_lua__charge_reader(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    lua_pushvalue(L, idx);
    lua_pushcclosure(L, charged_reader, 1);
    lua_replace(L, idx);
}

/* --- the wrapping ------------------------------------------------------------------------ */

/* Sets table[name] (the table at idx) to fn with the function it held as upvalue 1. */
static void wrap(lua_State *L, int idx, const char *name, lua_CFunction fn)
{
    lua_getfield(L, idx, name);
    lua_pushcclosure(L, fn, 1);
    lua_setfield(L, idx, name);
}

/* Pushes a table of charged versions of the functions of the library `lib` (a global
 * table, or NULL for the base functions); each gets the real function as its upvalue. */
static void push_charged(lua_State *L, const char *lib, const luaL_Reg *fns)
{
    lua_newtable(L);
    int into = lua_gettop(L);
    if (lib)
        lua_getglobal(L, lib);
    else
        lua_pushglobaltable(L);
    for (; fns->name; fns++) {
        lua_getfield(L, -1, fns->name);
        lua_pushcclosure(L, fns->func, 1);
        lua_setfield(L, into, fns->name);
    }
    lua_pop(L, 1);
}

void cairn_lua__open_charges(lua_State *L, int string_table)
{
    string_table = lua_absindex(L, string_table);
    wrap(L, string_table, "sub", charged_sub);
    wrap(L, string_table, "byte", charged_byte);
    wrap(L, string_table, "char", charged_by_arguments);
    static const char *const copying[] = {"upper", "lower", "reverse"};
    for (size_t i = 0; i < sizeof copying / sizeof copying[0]; i++)
        wrap(L, string_table, copying[i], charged_by_bytes);
    wrap(L, string_table, "rep", charged_rep);
    wrap(L, string_table, "format", charged_format);
    wrap(L, string_table, "pack", charged_pack);
    wrap(L, string_table, "unpack", charged_unpack);
    wrap(L, string_table, "packsize", charged_unpack);

    lua_newtable(L);
    static const luaL_Reg base[] = {
        {"tonumber", charged_tonumber}, {"select", charged_select}, {NULL, NULL}};
    push_charged(L, NULL, base);
    lua_setfield(L, -2, "base");
    static const luaL_Reg table[] = {{"insert", charged_insert},
                                     {"remove", charged_remove},
                                     {"move", charged_move},
                                     {"unpack", charged_unpack_list},
                                     {"concat", charged_concat},
                                     {"pack", charged_by_arguments},
                                     {NULL, NULL}};
    push_charged(L, "table", table);
    lua_setfield(L, -2, "table");
    static const luaL_Reg utf8[] = {{"len", charged_utf8_len},
                                    {"codepoint", charged_codepoint},
                                    {"offset", charged_offset},
                                    {"char", charged_by_arguments},
                                    {NULL, NULL}};
    push_charged(L, "utf8", utf8);
    lua_setfield(L, -2, "utf8");
}
