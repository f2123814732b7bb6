/*
 * codec.c - plain values as text and back: the one form in which e.data, w.data, a bot's
 * memory and the session reach snapshots, checkpoints, saves and the world's checksum.
 *
 *   s<length>:<bytes>   a string          i<integer>   an integer
 *   f<%.17g>;           a float           true, false
 *   {<key>=<value>...}  a table, its keys in the order pairs visits them
 *
 * Two equal values give the same text whatever order their tables were filled in, so the
 * text can be hashed and compared. Both directions are written in C and are linear in the
 * text: a save of a long game is as cheap to read as it is big, and the runtime's own work on
 * it costs content's budget nothing (w:snapshot and w:restore charge content for the world it
 * asked for, by its size). The decoder takes any bytes: what encode could not have written is
 * refused as "damaged at byte N", never trusted.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"

/* Deeper than any data a game keeps, shallow enough that neither direction can exhaust the C
 * stack, whatever the text says. */
#define MAX_DEPTH 200

/* Raises the message without a place: the runtime's own callers say what the text was, and a
 * place would name their line, not content's. */
static int fail(lua_State *L, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lua_pushvfstring(L, fmt, ap);
    va_end(ap);
    return lua_error(L);
}

/* --- the text being written ------------------------------------------------------------ */

/* The growing text, in a userdata whose __gc frees it, so an error half way leaks nothing.
 * Its memory comes from the state's allocator: the memory ceiling holds. */
typedef struct text {
    char *bytes;
    size_t len, cap;
} text;

/* What encode may take from earlier texts and keep for later ones (cairn_lua__encode), as
 * stack indices of the caller's tables (0: no cache). */
typedef struct cache {
    int texts;     /* table -> its text, while it has not changed */
    int roots;     /* table -> true: the tables whose text, and whose fields' texts, are kept */
    int volatile_; /* table -> true: tables written behind the cache's back, and all in them */
    lua_Integer encoded; /* tables encoded, not taken from texts */
} cache;

static int text_gc(lua_State *L)
{
    text *t = lua_touserdata(L, 1);
    void *ud;
    lua_Alloc alloc = lua_getallocf(L, &ud);
    if (t->bytes)
        alloc(ud, t->bytes, t->cap, 0);
    t->bytes = NULL;
    return 0;
}

static text *push_text(lua_State *L)
{
    text *t = lua_newuserdatauv(L, sizeof *t, 0);
    *t = (text){NULL, 0, 0};
    if (luaL_newmetatable(L, "cairn.codec_text")) {
        lua_pushcfunction(L, text_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, -2);
    return t;
}

static void put(lua_State *L, text *t, const char *s, size_t n)
{
    if (n > t->cap - t->len) {
        size_t cap = t->cap ? t->cap : 256;
        while (n > cap - t->len) {
            if (cap > ((size_t)-1) / 2)
                fail(L, "the data is too big to keep");
            cap *= 2;
        }
        void *ud;
        lua_Alloc alloc = lua_getallocf(L, &ud);
        char *grown = alloc(ud, t->bytes, t->bytes ? t->cap : 0, cap);
        if (!grown)
            fail(L, "not enough memory to keep the data (%d MiB of text)", (int)(cap >> 20));
        t->bytes = grown;
        t->cap = cap;
    }
    memcpy(t->bytes + t->len, s, n);
    t->len += n;
}

static void put_string(lua_State *L, text *t, const char *s)
{
    put(L, t, s, strlen(s));
}

/* --- encoding --------------------------------------------------------------------------- */

static bool encode(lua_State *L, text *t, cache *c, int idx, int depth, bool under_root);

static void encode_number(lua_State *L, text *t, int idx)
{
    char buf[64];
    if (lua_isinteger(L, idx))
        snprintf(buf, sizeof buf, "i" LUA_INTEGER_FMT, (LUAI_UACINT)lua_tointeger(L, idx));
    else
        snprintf(buf, sizeof buf, "f%.17g;", (double)lua_tonumber(L, idx));
    put_string(L, t, buf);
}

static void encode_string(lua_State *L, text *t, int idx)
{
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    char head[32];
    snprintf(head, sizeof head, "s%zu:", len);
    put_string(L, t, head);
    put(L, t, s, len);
}

static bool marked(lua_State *L, int set, int idx)
{
    if (!set)
        return false;
    lua_pushvalue(L, idx);
    bool is = lua_rawget(L, set) != LUA_TNIL;
    lua_pop(L, 1);
    return is;
}

/* Encodes the table at idx; false when its text may change behind the cache's back (it holds
 * a volatile table), so that no table holding it keeps its text either. */
static bool encode_table(lua_State *L, text *t, cache *c, int idx, int depth, bool under_root)
{
    if (depth >= MAX_DEPTH)
        fail(L,
             "only plain values can be kept, and tables nested more than %d deep are "
             "not (does a table hold itself?)",
             MAX_DEPTH);
    luaL_checkstack(L, 6, "the data is nested too deeply");
    bool root = marked(L, c->roots, idx);
    bool steady = !marked(L, c->volatile_, idx);
    bool kept = c->texts && (root || under_root);
    if (kept && steady) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, c->texts) == LUA_TSTRING) {
            size_t len;
            const char *s = lua_tolstring(L, -1, &len);
            put(L, t, s, len);
            lua_pop(L, 1);
            return true;
        }
        lua_pop(L, 1);
    }
    size_t start = t->len;
    c->encoded++;
    /* Below a volatile table every table is: none of their texts is kept. */
    cache below = *c;
    if (!steady)
        below.texts = 0;
    lua_Integer n = cairn_lua__push_sorted_keys(L, idx, false);
    int keys = lua_gettop(L);
    put(L, t, "{", 1);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, keys, i);
        encode(L, t, &below, -1, depth + 1, false);
        put(L, t, "=", 1);
        lua_rawget(L, idx);
        steady &= encode(L, t, &below, -1, depth + 1, root);
        lua_pop(L, 1);
    }
    put(L, t, "}", 1);
    lua_pop(L, 1);
    c->encoded = below.encoded;
    if (kept && steady) {
        lua_pushvalue(L, idx);
        lua_pushlstring(L, t->bytes + start, t->len - start);
        lua_rawset(L, c->texts);
    }
    return steady && c->texts;
}

static bool encode(lua_State *L, text *t, cache *c, int idx, int depth, bool under_root)
{
    idx = lua_absindex(L, idx);
    switch (lua_type(L, idx)) {
    case LUA_TTABLE:
        return encode_table(L, t, c, idx, depth, under_root);
    case LUA_TSTRING:
        encode_string(L, t, idx);
        break;
    case LUA_TNUMBER:
        encode_number(L, t, idx);
        break;
    case LUA_TBOOLEAN:
        put_string(L, t, lua_toboolean(L, idx) ? "true" : "false");
        break;
    default:
        fail(L,
             "only plain values can be kept (booleans, numbers, strings and tables of "
             "them), not a %s",
             luaL_typename(L, idx));
    }
    return true;
}

/* encode(value [, cache]) -> text, tables encoded. cache = { texts =, roots =, volatile = }
 * (data.lua's) lets the text of a table that has not changed since it was last encoded be
 * taken as it was: of the roots (each entity's data, w.data) and of the tables they hold
 * directly. The cache's owner forgets a table's text, and its holders', when the table is
 * written; a table written by the runtime where the cache cannot see it is volatile, and
 * neither it, nor what it holds, nor what holds it keeps a text. */
int cairn_lua__encode(lua_State *L)
{
    luaL_checkany(L, 1);
    lua_settop(L, 2);
    cache c = {0, 0, 0, 0};
    if (!lua_isnil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        lua_getfield(L, 2, "texts");
        lua_getfield(L, 2, "roots");
        lua_getfield(L, 2, "volatile");
        for (int i = 3; i <= 5; i++)
            luaL_checktype(L, i, LUA_TTABLE);
        c = (cache){3, 4, 5, 0};
    }
    text *t = push_text(L);
    encode(L, t, &c, 1, 0, false);
    lua_pushlstring(L, t->bytes ? t->bytes : "", t->len);
    lua_pushcfunction(L, text_gc);
    lua_pushvalue(L, -3);
    lua_call(L, 1, 0); /* the copy is made: the text need not wait for the collector */
    lua_pushinteger(L, c.encoded);
    return 2;
}

/* --- decoding --------------------------------------------------------------------------- */

typedef struct reader {
    lua_State *L;
    const char *s;
    size_t len, pos;
    const char *name; /* what the text is, for messages, or NULL */
} reader;

static int damaged(reader *r, const char *what)
{
    return fail(r->L, "%s%sdamaged at byte %d: %s", r->name ? r->name : "", r->name ? " is " : "",
                (int)(r->pos + 1), what);
}

static bool at(const reader *r, const char *word)
{
    size_t n = strlen(word);
    return r->len - r->pos >= n && !memcmp(r->s + r->pos, word, n);
}

/* The digits at pos (at most max of them), as an unsigned number; false when there are none
 * or too many. */
static bool digits(reader *r, size_t max, unsigned long long *out)
{
    size_t start = r->pos;
    unsigned long long v = 0;
    while (r->pos < r->len && r->s[r->pos] >= '0' && r->s[r->pos] <= '9') {
        if (r->pos - start == max)
            return false;
        v = v * 10 + (unsigned long long)(r->s[r->pos] - '0');
        r->pos++;
    }
    *out = v;
    return r->pos > start;
}

static void decode_integer(reader *r)
{
    r->pos++;
    bool negative = r->pos < r->len && r->s[r->pos] == '-';
    r->pos += negative;
    unsigned long long v = 0;
    /* 19 digits hold every integer; the limit is checked after */
    if (!digits(r, 19, &v) || v > (unsigned long long)LUA_MAXINTEGER + negative)
        damaged(r, "a whole number was expected");
    /* -(v - 1) - 1 reaches the most negative integer without overflowing on the way */
    lua_pushinteger(r->L, !negative || v == 0 ? (lua_Integer)v : -(lua_Integer)(v - 1) - 1);
}

/* A float as "%.17g" wrote it: its text is read back to the same bits, the sign of a zero
 * and of a nan included, so that a value decoded and encoded again is the same text. */
static void decode_float(reader *r)
{
    r->pos++;
    char body[48];
    size_t room = r->len - r->pos < sizeof body - 2 ? r->len - r->pos : sizeof body - 2;
    const char *end = memchr(r->s + r->pos, ';', room);
    size_t n = end ? (size_t)(end - (r->s + r->pos)) : 0;
    if (!end || n == 0)
        damaged(r, "a number ending in ';' was expected");
    memcpy(body, r->s + r->pos, n);
    body[n] = '\0';
    double v;
    if (!strcmp(body, "inf") || !strcmp(body, "-inf"))
        v = body[0] == '-' ? -HUGE_VAL : HUGE_VAL;
    else if (!strcmp(body, "nan") || !strcmp(body, "-nan"))
        v = copysign(NAN, body[0] == '-' ? -1.0 : 1.0);
    else if (strspn(body, "0123456789+-.eE") == n) {
        /* Without a point or an exponent Lua reads an integer, and -0 would lose its sign. */
        if (!strpbrk(body, ".eE"))
            memcpy(body + n, ".0", 3);
        if (!lua_stringtonumber(r->L, body))
            damaged(r, "a number was expected");
        v = (double)lua_tonumber(r->L, -1);
        lua_pop(r->L, 1);
    } else {
        damaged(r, "a number was expected");
        return;
    }
    r->pos += n + 1;
    lua_pushnumber(r->L, (lua_Number)v);
}

static void decode_string(reader *r)
{
    r->pos++;
    unsigned long long len = 0;
    if (!digits(r, 19, &len) || r->pos >= r->len || r->s[r->pos] != ':')
        damaged(r, "a string's length was expected");
    r->pos++;
    if (len > r->len - r->pos)
        damaged(r, "the text ends inside a string");
    lua_pushlstring(r->L, r->s + r->pos, (size_t)len);
    r->pos += (size_t)len;
}

static void decode(reader *r, int depth);

static void decode_table(reader *r, int depth)
{
    lua_State *L = r->L;
    if (depth >= MAX_DEPTH)
        damaged(r, "tables are nested too deeply");
    luaL_checkstack(L, 4, "the data is nested too deeply");
    r->pos++;
    lua_newtable(L);
    for (;;) {
        if (r->pos >= r->len)
            damaged(r, "the text ends inside a table");
        if (r->s[r->pos] == '}')
            break;
        size_t key_at = r->pos;
        decode(r, depth + 1);
        if (lua_type(L, -1) == LUA_TTABLE ||
            (lua_type(L, -1) == LUA_TNUMBER && lua_tonumber(L, -1) != lua_tonumber(L, -1))) {
            r->pos = key_at;
            damaged(r, "a key cannot be a table or nan");
        }
        lua_pushvalue(L, -1);
        if (lua_rawget(L, -3) != LUA_TNIL) {
            r->pos = key_at;
            damaged(r, "a key appears twice in one table");
        }
        lua_pop(L, 1);
        if (r->pos >= r->len || r->s[r->pos] != '=')
            damaged(r, "'=' was expected");
        r->pos++;
        decode(r, depth + 1);
        lua_rawset(L, -3);
    }
    r->pos++;
}

static void decode(reader *r, int depth)
{
    if (r->pos >= r->len)
        damaged(r, "a value was expected, and the text ends");
    char c = r->s[r->pos];
    if (c == '{')
        decode_table(r, depth);
    else if (c == 's')
        decode_string(r);
    else if (c == 'i')
        decode_integer(r);
    else if (at(r, "true") || at(r, "false")) { /* before floats, which also start with f */
        lua_pushboolean(r->L, c == 't');
        r->pos += c == 't' ? 4 : 5;
    } else if (c == 'f')
        decode_float(r);
    else
        damaged(r, "a value was expected");
}

int cairn_lua__decode(lua_State *L)
{
    reader r = {L, NULL, 0, 0, luaL_optstring(L, 2, NULL)};
    r.s = luaL_checklstring(L, 1, &r.len);
    lua_settop(L, 2);
    decode(&r, 0);
    if (r.pos < r.len)
        damaged(&r, "text follows the value");
    return 1;
}
