/*
 * registry.c - named definitions with records: every kind of name a world holds (types,
 * decorators, chains, actions, algorithms, movs, sequences, statuses, attack sources, kinds
 * of change) lives in one of these, with ids in registration order.
 */
#include "world.h"

void cairn__registry_init(cairn_registry *r, const char *what, uint32_t limit, size_t elem)
{
    cairn__names_init(&r->names, what, limit);
    r->records = NULL;
    r->cap = 0;
    r->elem = elem;
}

void cairn__registry_free(cairn_world *w, cairn_registry *r)
{
    cairn__free(w, r->records, (size_t)r->cap * r->elem);
    cairn__names_free(w, &r->names);
    r->records = NULL;
    r->cap = 0;
}

cairn_err cairn__registry_add(cairn_world *w, cairn_registry *r, const char *name, uint32_t *id,
                              void **record)
{
    cairn_err st = cairn__names_add(w, &r->names, name, &r->records, &r->cap, r->elem, id);
    if (st == CAIRN_OK)
        *record = (unsigned char *)r->records + (size_t)*id * r->elem;
    return st;
}

void *cairn__registry_get(cairn_world *w, cairn_registry *r, uint32_t id)
{
    if (id >= r->names.count) {
        cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "no %s has id %u", r->names.what, (unsigned)id);
        return NULL;
    }
    return (unsigned char *)r->records + (size_t)id * r->elem;
}

cairn_err cairn__registry_find(cairn_world *w, const cairn_registry *r, const char *name,
                               uint32_t *out)
{
    return cairn__names_find(w, &r->names, name, out);
}

cairn_err cairn__registry_find16(cairn_world *w, const cairn_registry *r, const char *name,
                                 uint16_t *out)
{
    uint32_t id;
    cairn_err st = cairn__names_find(w, &r->names, name, &id);
    if (st == CAIRN_OK && out)
        *out = (uint16_t)id;
    return st;
}

bool cairn_lookup(const cairn_world *w, cairn_kind kind, const char *name, uint32_t *id)
{
    if ((unsigned)kind >= CAIRN_KIND_COUNT)
        return false;
    return cairn__names_lookup(&w->registry[kind].names, name, id);
}

const char *cairn_name(const cairn_world *w, cairn_kind kind, uint32_t id)
{
    if ((unsigned)kind >= CAIRN_KIND_COUNT)
        return NULL;
    return cairn__names_text(&w->registry[kind].names, id);
}
