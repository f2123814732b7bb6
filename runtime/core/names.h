/*
 * names.h - names and registries: every kind of name with its records (names.c, registry.c).
 * Private to the core (see world.h).
 */
#ifndef CAIRN_NAMES_H
#define CAIRN_NAMES_H

#include "memory.h"

/* --- names (names.c) ----------------------------------------------------------------------
 * An interning table: names get ids 0, 1, 2 ... in the order they are added. Look-ups hash,
 * but nothing ever iterates the hash, so hash order cannot leak into the simulation. */
typedef struct cairn_names {
    char (*text)[CAIRN_NAME_MAX + 1]; /* by id */
    uint32_t count;
    uint32_t cap;
    uint32_t *slots; /* open addressing: id + 1, 0 is empty */
    uint32_t slot_count;
    uint32_t limit;   /* the most ids this table may hand out */
    const char *what; /* "type", "decorator", "chain": for messages */
} cairn_names;

void cairn__names_init(cairn_names *names, const char *what, uint32_t limit);
void cairn__names_free(cairn_world *w, cairn_names *names);
/* Adds a name and grows *records (an array of *cap elements of elem bytes, indexed by id)
 * so that the new id has its zeroed record: a name is never registered without one.
 * CAIRN_ERR_EXISTS (with *out set to the existing id) when the name is there already. */
cairn_err cairn__names_add(cairn_world *w, cairn_names *names, const char *name, void **records,
                           uint32_t *cap, size_t elem, uint32_t *out);
cairn_err cairn__names_find(cairn_world *w, const cairn_names *names, const char *name,
                            uint32_t *out);
/* The same without checking the name or setting a message: false when absent. */
bool cairn__names_lookup(const cairn_names *names, const char *name, uint32_t *out);
const char *cairn__names_text(const cairn_names *names, uint32_t id);

/* --- registries (registry.c) ----------------------------------------------------------
 * Every kind of name (cairn_kind) with its records. */
/* A names table with its array of records, indexed by id. */
typedef struct cairn_registry {
    cairn_names names;
    void *records;
    uint32_t cap;
    size_t elem;
} cairn_registry;

void cairn__registry_init(cairn_registry *r, const char *what, uint32_t limit, size_t elem);
void cairn__registry_free(cairn_world *w, cairn_registry *r);
/* Adds a name; *record points at its zeroed record. */
cairn_err cairn__registry_add(cairn_world *w, cairn_registry *r, const char *name, uint32_t *id,
                              void **record);
/* The record of an id, or NULL (with a message naming what) for an unknown one. */
void *cairn__registry_get(cairn_world *w, cairn_registry *r, uint32_t id);
cairn_err cairn__registry_find(cairn_world *w, const cairn_registry *r, const char *name,
                               uint32_t *out);
/* The same for the 16-bit ids of actions, algorithms, movs, sequences and statuses; out may
 * be NULL. */
cairn_err cairn__registry_find16(cairn_world *w, const cairn_registry *r, const char *name,
                                 uint16_t *out);

#endif /* CAIRN_NAMES_H */
