/*
 * names.c - the names content uses for the core's registries, and the one rule for a short
 * name (docs/modding.md, "Names"): "skeleton" asked from pack `crypt` means "crypt:skeleton"
 * when that exists, else the runtime's own "skeleton" (the built-in actions, movs,
 * decorators, ...), else the "other:skeleton" of the one pack that defines it; several such
 * packs are an error that lists them. Asked from no pack (the command line), the first step
 * is skipped. A name with a ':' is used as it is. Play time (cairn_lua__check_name), compile
 * time (compile.lua, through core.resolve) and the games and bots (define.find, through
 * core.resolve with a list of names) all resolve here.
 */
#include <stdio.h>
#include <string.h>

#include "host.h"

static const char *const kind_names[CAIRN_LUA_KIND_COUNT] = {
    [CAIRN_LUA_TYPE] = "entity type",
    [CAIRN_LUA_DECORATOR] = "decorator",
    [CAIRN_LUA_CHAIN] = "chain",
    [CAIRN_LUA_ACTION] = "action",
    [CAIRN_LUA_MOVS] = "movs",
    [CAIRN_LUA_ALGO] = "algorithm",
    [CAIRN_LUA_SEQUENCE] = "sequence",
    [CAIRN_LUA_STATUS] = "status",
    [CAIRN_LUA_SOURCE] = "attack source",
    [CAIRN_LUA_CHANGE] = "kind of change",
};

static const char *const kind_options[] = {
    "type",     "decorator", "chain",  "action", "movs", "algo",
    "sequence", "status",    "source", "change", NULL,
};

cairn_lua_kind cairn_lua__check_kind(lua_State *L, int idx)
{
    return (cairn_lua_kind)luaL_checkoption(L, idx, NULL, kind_options);
}

bool cairn_lua__find(cairn_world *w, cairn_lua_kind kind, const char *name, int *out)
{
    uint32_t id;
    if (!cairn_lookup(w, (cairn_kind)kind, name, &id))
        return false;
    *out = (int)id;
    return true;
}

const char *cairn_lua__name(cairn_world *w, cairn_lua_kind kind, int id)
{
    return id < 0 ? NULL : cairn_name(w, (cairn_kind)kind, (uint32_t)id);
}

void cairn_lua__push_name(lua_State *L, cairn_lua_kind kind, int id)
{
    const char *name = cairn_lua__name(cairn_lua__world(L), kind, id);
    if (name)
        lua_pushstring(L, name);
    else
        lua_pushnil(L);
}

void cairn_lua__push_status(lua_State *L, cairn_status_id status)
{
    if (status == CAIRN_STATUS_NONE)
        lua_pushnil(L);
    else
        cairn_lua__push_name(L, CAIRN_LUA_STATUS, status);
}

/* The pack of the nearest Lua function up the stack: its chunk is named "=pack:path". */
static bool calling_pack(lua_State *L, char *out, size_t size)
{
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "S", &ar);
        if (ar.what[0] == 'C')
            continue;
        const char *colon = ar.source[0] == '=' ? strchr(ar.source, ':') : NULL;
        size_t len = colon ? (size_t)(colon - ar.source - 1) : 0;
        if (len == 0 || len >= size)
            return false;
        memcpy(out, ar.source + 1, len);
        out[len] = '\0';
        return true;
    }
    return false;
}

/* Raises "<kind> name is too long: N bytes (at most 256): 'start...'", placed at content. */
static int name_too_long(lua_State *L, cairn_lua_kind kind, const char *name, size_t len)
{
    char start[25];
    snprintf(start, sizeof start, "%s", name);
    return luaL_error(L, "%s name is too long: %I bytes (at most %d): '%s...'", kind_names[kind],
                      (lua_Integer)len, CAIRN_LUA_NAME_REF_MAX, start);
}

/* Where a name is looked up: a registry of the core's, or (L set) the Lua list of full names
 * at index list, for what the core keeps no registry of (games, bots); id i is item i + 1. */
typedef struct name_set {
    cairn_world *w;
    cairn_lua_kind kind;
    lua_State *L;
    int list;
} name_set;

static const char *name_at(const name_set *s, int id)
{
    if (!s->L)
        return cairn_lua__name(s->w, s->kind, id);
    lua_rawgeti(s->L, s->list, id + 1);
    const char *name = lua_type(s->L, -1) == LUA_TSTRING ? lua_tostring(s->L, -1) : NULL;
    lua_pop(s->L, 1); /* the list keeps the string */
    return name;
}

static bool find_in(const name_set *s, const char *full, int *id)
{
    if (!s->L)
        return cairn_lua__find(s->w, s->kind, full, id);
    const char *name;
    for (int i = 0; (name = name_at(s, i)); i++) {
        if (strcmp(name, full) == 0) {
            *id = i;
            return true;
        }
    }
    return false;
}

/* Whether name is "pack:name" for some pack: what the third step looks for. */
static bool short_of(const char *full, const char *name)
{
    const char *colon = strchr(full, ':');
    return colon && strcmp(colon + 1, name) == 0;
}

/* The rule (see the top of the file), asked from pack (NULL: from no pack). Returns how many
 * names name could mean: 1 (*id is its id), 0 (unknown) or more (several packs define it). */
static int resolve(const name_set *s, const char *name, const char *pack, int *id)
{
    if (strchr(name, ':'))
        return find_in(s, name, id);
    size_t pack_len = pack ? strlen(pack) : 0, name_len = strlen(name);
    if (pack && pack_len + 1 + name_len <= CAIRN_NAME_MAX) {
        char full[CAIRN_NAME_MAX + 1];
        memcpy(full, pack, pack_len);
        full[pack_len] = ':';
        memcpy(full + pack_len + 1, name, name_len + 1);
        if (find_in(s, full, id))
            return 1;
    }
    if (find_in(s, name, id))
        return 1;
    int found = 0;
    const char *full;
    for (int i = 0; (full = name_at(s, i)); i++) {
        if (short_of(full, name) && found++ == 0)
            *id = i;
    }
    return found;
}

/* Pushes "<what> 'name' is defined by several packs: say which in full (a:name, b:name)". */
static void push_ambiguous(lua_State *L, const name_set *s, const char *what, const char *name)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    lua_pushfstring(L, "%s '%s' is defined by several packs: say which in full (", what, name);
    luaL_addvalue(&b);
    const char *full;
    const char *sep = "";
    for (int i = 0; (full = name_at(s, i)); i++) {
        if (short_of(full, name)) {
            luaL_addstring(&b, sep);
            luaL_addstring(&b, full);
            sep = ", ";
        }
    }
    luaL_addchar(&b, ')');
    luaL_pushresult(&b);
}

int cairn_lua__core_resolve(lua_State *L)
{
    name_set s = {0};
    const char *what;
    if (lua_istable(L, 1)) { /* no world needed: a game is found before its world is made */
        s.L = L;
        s.list = 1;
        what = luaL_checkstring(L, 4);
    } else {
        s.kind = cairn_lua__check_kind(L, 1);
        s.w = cairn_lua__world(L);
        what = kind_names[s.kind];
    }
    size_t len;
    const char *name = luaL_checklstring(L, 2, &len);
    const char *pack = luaL_optstring(L, 3, NULL);
    int id;
    int found = len > CAIRN_LUA_NAME_REF_MAX ? 0 : resolve(&s, name, pack, &id);
    if (found == 1) {
        lua_pushstring(L, name_at(&s, id));
        lua_pushinteger(L, s.L ? id + 1 : id);
        return 2;
    }
    lua_pushnil(L);
    if (found == 0)
        return 1;
    push_ambiguous(L, &s, what, name);
    return 2;
}

int cairn_lua__check_name(lua_State *L, int idx, cairn_lua_kind kind)
{
    size_t len;
    const char *name = luaL_checklstring(L, idx, &len);
    if (len > CAIRN_LUA_NAME_REF_MAX)
        return name_too_long(L, kind, name, len);
    name_set s = {.w = cairn_lua__world(L), .kind = kind};
    char pack[CAIRN_NAME_MAX + 1];
    int id;
    int found = resolve(&s, name, calling_pack(L, pack, sizeof pack) ? pack : NULL, &id);
    if (found == 1)
        return id;
    if (found == 0)
        return luaL_error(L, "unknown %s '%s'", kind_names[kind], name);
    push_ambiguous(L, &s, kind_names[kind], name);
    return luaL_error(L, "%s", lua_tostring(L, -1));
}

cairn_status_id cairn_lua__check_status(lua_State *L, int idx)
{
    if (lua_isnoneornil(L, idx) || (lua_isboolean(L, idx) && !lua_toboolean(L, idx)))
        return CAIRN_STATUS_NONE;
    return (cairn_status_id)cairn_lua__check_name(L, idx, CAIRN_LUA_STATUS);
}
