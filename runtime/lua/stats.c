/*
 * stats.c - stats: the core's per-decorator numbers by name, as content reads and sets them
 * on entities (e.hp) and in entity definitions (stats = { hp = 3 }). A stat belongs to one
 * decorator; a type without that decorator has no such stat.
 */
#include <stddef.h>
#include <string.h>

#include "host.h"

/* A stat is a named field of the core's table (cairn_fields); the core says where it lives
 * and how it is stored, this file what content sees of it. */
typedef cairn_field stat;

/* Fields are read and written through memcpy: the block is bytes, and a field's offset is
 * aligned for its type, but the compiler cannot know that. */
static int32_t get_i32(const unsigned char *p)
{
    int32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static void set_i32(unsigned char *p, int32_t v)
{
    memcpy(p, &v, sizeof v);
}

static uint32_t get_u32(const unsigned char *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static uint16_t get_u16(const unsigned char *p)
{
    uint16_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static void set_u16(unsigned char *p, uint16_t v)
{
    memcpy(p, &v, sizeof v);
}

static const stat *find(const char *name)
{
    size_t count;
    const cairn_field *fields = cairn_fields(&count);
    for (size_t i = 0; i < count; i++)
        if (fields[i].name && !strcmp(fields[i].name, name))
            return &fields[i];
    return NULL;
}

/* A stat's number, as a CAIRN_CHANGE_STAT's detail holds it: its place in the stats sorted
 * by name, the list content sees in messages and docs. */
static uint16_t number_of(const stat *s)
{
    size_t count;
    const cairn_field *fields = cairn_fields(&count);
    uint16_t number = 0;
    for (size_t i = 0; i < count; i++)
        if (fields[i].name && strcmp(fields[i].name, s->name) < 0)
            number++;
    return number;
}

/* The stat numbered `number` (see number_of); NULL past the last. */
static const stat *numbered(uint16_t number)
{
    size_t count;
    const cairn_field *fields = cairn_fields(&count);
    for (size_t i = 0; i < count; i++)
        if (fields[i].name && number_of(&fields[i]) == number)
            return &fields[i];
    return NULL;
}

int cairn_lua__stat_field(const char *name)
{
    size_t count;
    const cairn_field *fields = cairn_fields(&count);
    const stat *s = find(name);
    return s && s->kind == CAIRN_FIELD_INT ? (int)(s - fields) : -1;
}

/* The block the stat lives in: the entity's data, or the type's defaults when id is NONE.
 * NULL when the type lacks the decorator. */
static void *block(cairn_world *w, cairn_entity_id id, cairn_type_id type, const stat *s)
{
    void *data = NULL;
    if (!cairn_type_has_decorator(w, type, s->decorator))
        return NULL;
    cairn_err st = cairn_entity_id_is_none(id) ? cairn_type_defaults(w, type, s->decorator, &data)
                                               : cairn_entity_data(w, id, s->decorator, &data);
    return st ? NULL : data;
}

bool cairn_lua__stat_get(lua_State *L, cairn_world *w, cairn_entity_id id, cairn_type_id type,
                         const char *name)
{
    const stat *s = find(name);
    if (!s)
        return false;
    unsigned char *p = block(w, id, type, s);
    if (!p) {
        lua_pushnil(L);
        return true;
    }
    p += s->offset; /* for reading through memcpy */
    switch (s->kind) {
    case CAIRN_FIELD_INT:
        lua_pushinteger(L, get_i32(p));
        break;
    case CAIRN_FIELD_TEAM:
        lua_pushinteger(L, *(uint8_t *)p);
        break;
    case CAIRN_FIELD_TEAMS: {
        uint32_t mask = get_u32(p);
        lua_newtable(L);
        for (int team = 0, n = 0; team < 32; team++)
            if (mask & (UINT32_C(1) << team)) {
                lua_pushinteger(L, team);
                lua_rawseti(L, -2, ++n);
            }
        break;
    }
    case CAIRN_FIELD_SOURCE:
        cairn_lua__push_name(L, CAIRN_LUA_SOURCE, *(uint8_t *)p);
        break;
    case CAIRN_FIELD_RESISTANCE: {
        lua_newtable(L);
        for (int source = 0; source < CAIRN_SOURCE_MAX; source++) {
            const char *sname = cairn_source_name(w, (cairn_source_id)source);
            if (!sname)
                break;
            lua_pushinteger(L, get_i32(p + (size_t)source * sizeof(int32_t)));
            lua_setfield(L, -2, sname);
        }
        break;
    }
    case CAIRN_FIELD_ALGO:
        cairn_lua__push_name(L, CAIRN_LUA_ALGO, get_u16(p));
        break;
    case CAIRN_FIELD_SEQUENCE:
        cairn_lua__push_name(L, CAIRN_LUA_SEQUENCE, get_u16(p));
        break;
    case CAIRN_FIELD_STEP:
        lua_pushinteger(L, get_u16(p) + 1);
        break;
    case CAIRN_FIELD_STATUS:
        cairn_lua__push_status(L, get_u16(p));
        break;
    default: /* the core's own state: no stat names it */
        break;
    }
    return true;
}

bool cairn_lua__stat_mask(lua_State *L, cairn_world *w, cairn_entity_id id, cairn_type_id type,
                          const char *name)
{
    const stat *s = find(name);
    if (!s || s->kind != CAIRN_FIELD_TEAMS)
        return false;
    const unsigned char *p = block(w, id, type, s);
    if (p)
        lua_pushinteger(L, get_u32(p + s->offset));
    else
        lua_pushnil(L);
    return true;
}

static int32_t check_int(lua_State *L, int idx, const char *name, lua_Integer lo, lua_Integer hi)
{
    int isnum;
    lua_Integer v = lua_tointegerx(L, idx, &isnum);
    if (!isnum || v < lo || v > hi)
        luaL_error(L, "stat '%s' must be an integer from %d to %d, not %s", name, (int)lo, (int)hi,
                   lua_isnumber(L, idx) ? lua_tostring(L, idx) : luaL_typename(L, idx));
    return (int32_t)v;
}

/* The stat's value as a number for the history: what an integer stat holds, else 0. */
static int32_t as_number(const stat *s, const unsigned char *p)
{
    if (s->kind == CAIRN_FIELD_INT)
        return get_i32(p);
    if (s->kind == CAIRN_FIELD_STEP)
        return get_u16(p) + 1;
    return s->kind == CAIRN_FIELD_TEAM ? *p : 0;
}

/* e.hp = v goes the way of a hurt or a heal, so that a Killable entity set to 0 dies and the
 * history, previews and the log see the change. Above max_hp is refused rather than cut to
 * it: the content that wrote it meant a number it would not get. */
static void set_hp(lua_State *L, cairn_world *w, cairn_entity_id id, const cairn_with_hp *hp,
                   int32_t to)
{
    int32_t now = hp->hp;
    if (to > now && to > hp->max)
        luaL_error(L,
                   "hp %d is more than max_hp %d: raise max_hp first, or heal with e:heal, which "
                   "stops at max_hp",
                   (int)to, (int)hp->max);
    cairn_err st = to < now   ? cairn_entity_damage(w, id, now - to, CAIRN_ENTITY_NONE, NULL)
                   : to > now ? cairn_entity_heal(w, id, to - now, CAIRN_ENTITY_NONE, NULL)
                              : CAIRN_OK;
    if (st)
        cairn_lua__raise(L, st);
}

static void write_stat(lua_State *L, cairn_world *w, const stat *s, void *base, int idx);

void cairn_lua__stat_set(lua_State *L, cairn_world *w, cairn_entity_id id, cairn_type_id type,
                         const char *name, int idx)
{
    idx = lua_absindex(L, idx);
    const stat *s = find(name);
    if (!s)
        luaL_error(L, "unknown stat '%s'", name);
    void *base = block(w, id, type, s);
    if (!base)
        luaL_error(L, "stat '%s' belongs to the decorator %s, which %s does not have", name,
                   cairn_decorator_name(w, s->decorator), cairn_type_name(w, type));
    unsigned char *p = (unsigned char *)base + s->offset;
    if (cairn_entity_id_is_none(id)) { /* a type's default: no world change */
        write_stat(L, w, s, base, idx);
        return;
    }
    if (!strcmp(s->name, "hp")) {
        /* hp lives in WithHP's block, which is base */
        set_hp(L, w, id, base, check_int(L, idx, name, -CAIRN_STAT_MAX, CAIRN_STAT_MAX));
        return;
    }
    unsigned char before[CAIRN_SOURCE_MAX * sizeof(int32_t)];
    size_t size = s->size;
    memcpy(before, p, size);
    int32_t was = as_number(s, p);
    write_stat(L, w, s, base, idx);
    if (!memcmp(before, p, size))
        return;
    cairn_change change = {.kind = CAIRN_CHANGE_STAT,
                           .detail = number_of(s),
                           .entity = id,
                           .other = CAIRN_ENTITY_NONE,
                           .amount = was,
                           .value = as_number(s, p)};
    if (cairn_world_record(w, change))
        cairn_lua__raise(L, cairn_world_error_code(w));
    /* The beat order keeps each entity's priority: it must hear of the change. */
    if (!strcmp(s->name, "priority") && cairn_entity_set_priority(w, id, get_i32(p)))
        cairn_lua__raise(L, cairn_world_error_code(w));
}

const char *cairn_lua__stat_name(uint16_t number)
{
    const stat *s = numbered(number);
    return s ? s->name : "?";
}

/* Writes the value at idx into the stat's field of the block at base, checking it. */
static void write_stat(lua_State *L, cairn_world *w, const stat *s, void *base, int idx)
{
    const char *name = s->name;
    unsigned char *p = (unsigned char *)base + s->offset;
    switch (s->kind) {
    case CAIRN_FIELD_INT:
        set_i32(p, check_int(L, idx, name, -CAIRN_STAT_MAX, CAIRN_STAT_MAX));
        break;
    case CAIRN_FIELD_TEAM:
        *(uint8_t *)p = (uint8_t)check_int(L, idx, name, 0, 31);
        break;
    case CAIRN_FIELD_TEAMS: {
        luaL_argexpected(L, lua_istable(L, idx), idx, "a list of teams");
        uint32_t mask = 0;
        lua_Integer n = luaL_len(L, idx);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, idx, i);
            mask |= UINT32_C(1) << check_int(L, -1, name, 0, 31);
            lua_pop(L, 1);
        }
        memcpy(p, &mask, sizeof mask);
        break;
    }
    case CAIRN_FIELD_SOURCE:
        *(uint8_t *)p = (uint8_t)cairn_lua__check_name(L, idx, CAIRN_LUA_SOURCE);
        break;
    case CAIRN_FIELD_RESISTANCE: {
        luaL_argexpected(L, lua_istable(L, idx), idx, "a table of source = resistance");
        for (int source = 0; source < CAIRN_SOURCE_MAX; source++) {
            const char *sname = cairn_source_name(w, (cairn_source_id)source);
            if (!sname)
                break;
            if (lua_getfield(L, idx, sname) != LUA_TNIL)
                set_i32(p + (size_t)source * sizeof(int32_t),
                        check_int(L, -1, name, -CAIRN_STAT_MAX, CAIRN_STAT_MAX));
            lua_pop(L, 1);
        }
        /* A key naming no source is a misspelling, not a resistance to nothing. */
        lua_pushnil(L);
        while (lua_next(L, idx)) {
            lua_pop(L, 1);
            int unused;
            if (lua_type(L, -1) != LUA_TSTRING ||
                !cairn_lua__find(w, CAIRN_LUA_SOURCE, lua_tostring(L, -1), &unused))
                luaL_error(L, "resistance to an unknown attack source '%s'",
                           luaL_tolstring(L, -1, NULL));
        }
        break;
    }
    case CAIRN_FIELD_ALGO:
        set_u16(p, (uint16_t)cairn_lua__check_name(L, idx, CAIRN_LUA_ALGO));
        break;
    case CAIRN_FIELD_SEQUENCE: {
        cairn_sequential *seq = base;
        seq->sequence = (uint16_t)cairn_lua__check_name(L, idx, CAIRN_LUA_SEQUENCE);
        seq->step = 0;
        seq->done = 0;
        seq->entered = false;
        break;
    }
    case CAIRN_FIELD_STATUS:
        set_u16(p, cairn_lua__check_status(L, idx));
        break;
    case CAIRN_FIELD_STEP: {
        cairn_sequential *seq = base;
        size_t steps = cairn_sequence_length(w, seq->sequence);
        seq->step = (uint16_t)(check_int(L, idx, name, 1, (lua_Integer)steps) - 1);
        seq->done = 0;
        seq->entered = false;
        break;
    }
    default: /* the core's own state: no stat names it */
        break;
    }
}

void cairn_lua__stat_names(lua_State *L)
{
    lua_newtable(L);
    const stat *s;
    for (uint16_t i = 0; (s = numbered(i)); i++) {
        lua_pushstring(L, s->name);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}
