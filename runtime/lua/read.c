/*
 * read.c - cairn_lua_read: a table the runtime's scripts return, read into a C struct by the
 * struct's description (cairn_lua_record), with one message for whatever does not fit.
 *
 * The arrays a read makes are userdata kept in one table, stored in the table read under
 * keep_key: the next read of the same table lets the collector have the last one's, as the
 * next call of the same kind lets a caller's anchor go. A read runs in a protected call of
 * its own: an array past the memory ceiling is an error, not the end of the process.
 */
#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <string.h>

#include "host.h"

static const char keep_key[] = "cairn.c";

typedef struct reader {
    cairn_lua *h;
    lua_State *L;
    int keep;         /* the stack index of the table the arrays are kept in */
    const char *what; /* what is read, for messages */
    char path[160];   /* the field under way: "packs[2].id" */
} reader;

static const char *expected(const cairn_lua_field *f)
{
    switch (f->type) {
    case CAIRN_LUA_BOOL:
        return "a boolean";
    case CAIRN_LUA_INT32:
    case CAIRN_LUA_INT64:
        return "an integer";
    case CAIRN_LUA_SIZE:
        return "an integer not below 0";
    case CAIRN_LUA_STRING:
        return "a string";
    case CAIRN_LUA_STRINGS:
        return "an array of strings";
    case CAIRN_LUA_INTS:
    case CAIRN_LUA_PAIRS:
        return "an array of integers";
    case CAIRN_LUA_RECORD:
        return "a table";
    case CAIRN_LUA_RECORDS:
        return "an array of tables";
    default:
        return f->expected ? f->expected : "another value";
    }
}

/* The field at rd->path is not what it should be: the value at idx is what it is. */
static cairn_err wrong(reader *rd, const char *want, int idx)
{
    return cairn_lua_fail(rd->h, CAIRN_ERR_INVALID, "%s: field '%s' expected %s, got %s", rd->what,
                          rd->path, want, luaL_typename(rd->L, idx));
}

/* An array for n items of size bytes, kept alive in the reader's keep table. */
static void *kept_array(reader *rd, size_t n, size_t size)
{
    lua_State *L = rd->L;
    void *a = lua_newuserdatauv(L, n ? n * size : 1, 0);
    lua_rawseti(L, rd->keep, (lua_Integer)lua_rawlen(L, rd->keep) + 1);
    return a;
}

static void put(void *base, size_t offset, const void *value, size_t size)
{
    memcpy((char *)base + offset, value, size);
}

static void put_count(void *base, const cairn_lua_field *f, size_t n)
{
    if (f->count != CAIRN_LUA_NO_COUNT)
        put(base, f->count, &n, sizeof n);
}

static bool to_integer(lua_State *L, int idx, lua_Integer *out)
{
    int is = 0;
    *out = lua_type(L, idx) == LUA_TNUMBER ? lua_tointegerx(L, idx, &is) : 0;
    return is;
}

static cairn_err read_record(reader *rd, int idx, const cairn_lua_record *r, void *out);
static cairn_err read_records(reader *rd, int idx, const cairn_lua_record *r, void **items,
                              size_t *count);

/* The array at idx of integers (or strings) into a kept array; its length into *count. */
static cairn_err read_list(reader *rd, const cairn_lua_field *f, int idx, void **items,
                           size_t *count)
{
    lua_State *L = rd->L;
    bool strings = f->type == CAIRN_LUA_STRINGS;
    size_t n = lua_rawlen(L, idx);
    void *a = kept_array(rd, n, strings ? sizeof(const char *) : sizeof(int32_t));
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, idx, (lua_Integer)i + 1);
        lua_Integer v;
        bool fits = strings ? lua_type(L, -1) == LUA_TSTRING : to_integer(L, -1, &v);
        if (!fits) {
            size_t len = strlen(rd->path);
            snprintf(rd->path + len, sizeof rd->path - len, "[%zu]", i + 1);
            return wrong(rd, strings ? "a string" : "an integer", -1);
        }
        if (strings)
            ((const char **)a)[i] = lua_tostring(L, -1); /* the array keeps it alive */
        else
            ((int32_t *)a)[i] = (int32_t)v;
        lua_pop(L, 1);
    }
    *items = a;
    *count = n;
    return CAIRN_OK;
}

/* The value at idx (nil when the table has none) into field f of the struct at base. */
static cairn_err read_value(reader *rd, const cairn_lua_field *f, int idx, void *base)
{
    lua_State *L = rd->L;
    int type = lua_type(L, idx);
    if (type == LUA_TNIL && f->required)
        return wrong(rd, expected(f), idx);
    lua_Integer v = 0;
    switch (f->type) {
    case CAIRN_LUA_BOOL: {
        if (type != LUA_TNIL && type != LUA_TBOOLEAN)
            return wrong(rd, expected(f), idx);
        bool b = lua_toboolean(L, idx);
        put(base, f->offset, &b, sizeof b);
        return CAIRN_OK;
    }
    case CAIRN_LUA_INT32:
    case CAIRN_LUA_INT64:
    case CAIRN_LUA_SIZE:
        if (type != LUA_TNIL && (!to_integer(L, idx, &v) || (f->type == CAIRN_LUA_SIZE && v < 0)))
            return wrong(rd, expected(f), idx);
        if (f->type == CAIRN_LUA_INT32)
            put(base, f->offset, &(int32_t){(int32_t)v}, sizeof(int32_t));
        else if (f->type == CAIRN_LUA_INT64)
            put(base, f->offset, &(int64_t){(int64_t)v}, sizeof(int64_t));
        else
            put(base, f->offset, &(size_t){(size_t)v}, sizeof(size_t));
        return CAIRN_OK;
    case CAIRN_LUA_STRING: {
        /* false says "none" as nil does: a table may hold false where it cannot hold nil */
        bool none = type == LUA_TNIL || (type == LUA_TBOOLEAN && !lua_toboolean(L, idx));
        if (!none && type != LUA_TSTRING)
            return wrong(rd, expected(f), idx);
        if (none && f->required)
            return wrong(rd, expected(f), idx);
        size_t len = f->fallback ? strlen(f->fallback) : 0;
        const char *s = none ? f->fallback : lua_tolstring(L, idx, &len);
        put(base, f->offset, &s, sizeof s);
        put_count(base, f, len);
        return CAIRN_OK;
    }
    case CAIRN_LUA_CUSTOM:
        return f->read(L, idx, (char *)base) ? CAIRN_OK : wrong(rd, expected(f), idx);
    case CAIRN_LUA_RECORD:
        if (type == LUA_TNIL)
            return CAIRN_OK;
        if (type != LUA_TTABLE)
            return wrong(rd, expected(f), idx);
        return read_record(rd, idx, f->record, (char *)base + f->offset);
    default:
        break;
    }
    /* the arrays */
    void *items = NULL;
    size_t n = 0;
    cairn_err st = CAIRN_OK;
    if (type != LUA_TNIL && type != LUA_TTABLE)
        return wrong(rd, expected(f), idx);
    if (type == LUA_TTABLE)
        st = f->type == CAIRN_LUA_RECORDS ? read_records(rd, idx, f->record, &items, &n)
                                          : read_list(rd, f, idx, &items, &n);
    if (st)
        return st;
    put(base, f->offset, &items, sizeof items);
    put_count(base, f, f->type == CAIRN_LUA_PAIRS ? n / 2 : n);
    return CAIRN_OK;
}

/* The table at idx into the struct at out; rd->path is where the table is ("" the top). */
static cairn_err read_record(reader *rd, int idx, const cairn_lua_record *r, void *out)
{
    lua_State *L = rd->L;
    if (!lua_checkstack(L, 4))
        return cairn_lua_fail(rd->h, CAIRN_ERR_NOMEM, "%s: no room on the stack", rd->what);
    size_t len = strlen(rd->path);
    for (size_t i = 0; i < r->field_count; i++) {
        const cairn_lua_field *f = &r->fields[i];
        snprintf(rd->path + len, sizeof rd->path - len, "%s%s", len ? "." : "", f->name);
        lua_getfield(L, idx, f->name);
        cairn_err st = read_value(rd, f, lua_gettop(L), out);
        if (st)
            return st;
        lua_pop(L, 1);
    }
    rd->path[len] = '\0';
    return CAIRN_OK;
}

/* The array of tables at idx into a kept array of r's structs. */
static cairn_err read_records(reader *rd, int idx, const cairn_lua_record *r, void **items,
                              size_t *count)
{
    lua_State *L = rd->L;
    size_t n = lua_rawlen(L, idx);
    char *a = kept_array(rd, n, r->size);
    memset(a, 0, n * r->size);
    size_t len = strlen(rd->path);
    for (size_t i = 0; i < n; i++) {
        snprintf(rd->path + len, sizeof rd->path - len, "[%zu]", i + 1);
        lua_rawgeti(L, idx, (lua_Integer)i + 1);
        if (!lua_istable(L, -1))
            return wrong(rd, "a table", -1);
        cairn_err st = read_record(rd, lua_gettop(L), r, a + i * r->size);
        if (st)
            return st;
        lua_pop(L, 1);
    }
    rd->path[len] = '\0';
    *items = a;
    *count = n;
    return CAIRN_OK;
}

/* A read under way, for read_body: what it reads and where to, and how it went. */
typedef struct read_call {
    cairn_lua *h;
    const cairn_lua_record *r;
    void *out;   /* cairn_lua_read's struct, or NULL for cairn_lua_read_array's */
    void *items; /* cairn_lua_read_array's */
    size_t count;
    cairn_err st;
} read_call;

/* The read, protected (the arrays it makes may meet the memory ceiling): the read_call is
 * argument 1, the table 2. A new keep table goes in the table, on top of the stack. */
static int read_body(lua_State *L)
{
    read_call *c = lua_touserdata(L, 1);
    reader rd = {.h = c->h, .L = L, .what = c->r->what};
    if (!lua_istable(L, 2)) {
        c->st = cairn_lua_fail(c->h, CAIRN_ERR_INVALID, "%s: expected a table, got %s", c->r->what,
                               luaL_typename(L, 2));
        return 0;
    }
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, 2, keep_key);
    rd.keep = lua_gettop(L);
    c->st = c->out ? read_record(&rd, 2, c->r, c->out)
                   : read_records(&rd, 2, c->r, &c->items, &c->count);
    return 0;
}

static cairn_err read_protected(cairn_lua *h, int idx, read_call *c)
{
    lua_State *L = h->L;
    int top = lua_gettop(L);
    idx = lua_absindex(L, idx);
    if (!lua_checkstack(L, 3))
        return cairn_lua_fail(h, CAIRN_ERR_NOMEM, "%s: no room on the stack", c->r->what);
    lua_pushcfunction(L, read_body);
    lua_pushlightuserdata(L, c);
    lua_pushvalue(L, idx);
    int rc = lua_pcall(L, 2, 0, 0);
    if (rc == LUA_ERRMEM)
        c->st = cairn_lua_fail(h, CAIRN_ERR_NOMEM, "%s: out of memory", c->r->what);
    else if (rc != LUA_OK)
        c->st = cairn_lua_fail(h, CAIRN_ERR_INVALID, "%s: %s", c->r->what, lua_tostring(L, -1));
    lua_settop(L, top);
    return c->st;
}

cairn_err cairn_lua_read(cairn_lua *h, int idx, const cairn_lua_record *r, void *out)
{
    read_call c = {.h = h, .r = r, .out = out};
    return read_protected(h, idx, &c);
}

cairn_err cairn_lua_read_array(cairn_lua *h, int idx, const cairn_lua_record *r, const void **items,
                               size_t *count)
{
    read_call c = {.h = h, .r = r};
    cairn_err st = read_protected(h, idx, &c);
    *items = c.items;
    *count = c.count;
    return st;
}
