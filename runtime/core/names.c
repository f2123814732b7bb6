/*
 * names.c - interning tables for the names of types, decorators and chains.
 *
 * Ids are handed out in the order names are added, which is the load order of the content:
 * the same packs always give the same ids. The hash only speeds up look-ups; nothing iterates
 * it, so its order never reaches the simulation.
 */
#include <string.h>

#include "world.h"

void cairn__names_init(cairn_names *names, const char *what, uint32_t limit)
{
    memset(names, 0, sizeof *names);
    names->what = what;
    names->limit = limit;
}

void cairn__names_free(cairn_world *w, cairn_names *names)
{
    cairn__free(w, names->text, (size_t)names->cap * sizeof *names->text);
    cairn__free(w, names->slots, (size_t)names->slot_count * sizeof *names->slots);
    cairn__names_init(names, names->what, names->limit);
}

/* FNV-1a: short names, few collisions, no state. */
static uint32_t hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static bool name_char_ok(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == ':' || c == '-';
}

static cairn_err check_name(cairn_world *w, const cairn_names *names, const char *name)
{
    if (!name)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "%s name is NULL", names->what);
    size_t len = strlen(name);
    if (len == 0 || len > CAIRN_NAME_MAX)
        return cairn_world_fail(
            w, CAIRN_ERR_INVALID, "%s name \"%.*s%s\" must be 1 to %d bytes long", names->what,
            CAIRN_NAME_MAX, name, len > CAIRN_NAME_MAX ? "..." : "", CAIRN_NAME_MAX);
    for (size_t i = 0; i < len; i++)
        if (!name_char_ok(name[i]))
            return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                    "%s name \"%s\" may hold only letters, digits and _ . : -",
                                    names->what, name);
    return CAIRN_OK;
}

/* The slot holding name, or the empty slot where it would go. */
static uint32_t probe(const cairn_names *names, const char *name)
{
    uint32_t mask = names->slot_count - 1;
    uint32_t i = hash(name) & mask;
    while (names->slots[i] && strcmp(names->text[names->slots[i] - 1], name) != 0)
        i = (i + 1) & mask;
    return i;
}

static cairn_err rehash(cairn_world *w, cairn_names *names)
{
    uint32_t old_count = names->slot_count;
    uint32_t *old = names->slots;
    uint32_t count = old_count ? old_count * 2 : 16;
    uint32_t *slots = cairn__alloc(w, (size_t)count * sizeof *slots);
    if (!slots)
        return CAIRN_ERR_NOMEM;
    memset(slots, 0, (size_t)count * sizeof *slots);
    names->slots = slots;
    names->slot_count = count;
    for (uint32_t id = 0; id < names->count; id++)
        names->slots[probe(names, names->text[id])] = id + 1;
    cairn__free(w, old, (size_t)old_count * sizeof *old);
    return CAIRN_OK;
}

bool cairn__names_lookup(const cairn_names *names, const char *name, uint32_t *out)
{
    uint32_t slot = name && names->slot_count ? names->slots[probe(names, name)] : 0;
    if (slot)
        *out = slot - 1;
    return slot != 0;
}

cairn_err cairn__names_find(cairn_world *w, const cairn_names *names, const char *name,
                            uint32_t *out)
{
    cairn_err st = check_name(w, names, name);
    if (st)
        return st;
    if (!cairn__names_lookup(names, name, out))
        return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "no %s is named \"%s\"", names->what, name);
    return CAIRN_OK;
}

cairn_err cairn__names_add(cairn_world *w, cairn_names *names, const char *name, void **records,
                           uint32_t *cap, size_t elem, uint32_t *out)
{
    cairn_err st = check_name(w, names, name);
    if (st)
        return st;
    if (cairn__names_lookup(names, name, out))
        return cairn_world_fail(w, CAIRN_ERR_EXISTS, "a %s named \"%s\" exists already",
                                names->what, name);
    if (names->count >= names->limit)
        return cairn_world_fail(w, CAIRN_ERR_LIMIT, "cannot register %s \"%s\": at most %u",
                                names->what, name, names->limit);
    /* Keep the table at most half full so probes stay short. */
    if ((names->count + 1) * 2 > names->slot_count && (st = rehash(w, names)))
        return st;
    st = cairn__reserve(w, (void **)&names->text, &names->cap, names->count + 1,
                        sizeof *names->text);
    if (st || (st = cairn__reserve(w, records, cap, names->count + 1, elem)))
        return st;
    uint32_t id = names->count++;
    strcpy(names->text[id], name);
    names->slots[probe(names, name)] = id + 1;
    *out = id;
    return CAIRN_OK;
}

const char *cairn__names_text(const cairn_names *names, uint32_t id)
{
    return id < names->count ? names->text[id] : NULL;
}
