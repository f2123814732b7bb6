/*
 * names.c - the names content uses for the core's registries, and how a short name is
 * resolved: "skeleton" in pack `crypt` means "crypt:skeleton" when that exists, else the
 * runtime's own "skeleton" (the built-in actions, movs, decorators, ...).
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

int cairn_lua__check_name(lua_State *L, int idx, cairn_lua_kind kind)
{
    cairn_world *w = cairn_lua__world(L);
    size_t len;
    const char *name = luaL_checklstring(L, idx, &len);
    if (len > CAIRN_LUA_NAME_REF_MAX)
        return name_too_long(L, kind, name, len);
    int id;
    char pack[CAIRN_NAME_MAX + 1];
    if (!strchr(name, ':') && calling_pack(L, pack, sizeof pack)) {
        char full[2 * CAIRN_NAME_MAX + 2];
        snprintf(full, sizeof full, "%s:%s", pack, name);
        if (cairn_lua__find(w, kind, full, &id))
            return id;
    }
    if (cairn_lua__find(w, kind, name, &id))
        return id;
    return luaL_error(L, "unknown %s '%s'", kind_names[kind], name);
}
