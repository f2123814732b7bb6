/*
 * type.h - types and decorators' insides (type.c).
 * Private to the core (see world.h).
 */
#ifndef CAIRN_TYPE_H
#define CAIRN_TYPE_H

#include "chain.h"

/* --- types and decorators (type.c) ------------------------------------------------------ */

typedef struct cairn_entity cairn_entity;

typedef enum cairn_callback_kind {
    CAIRN_CALLBACK_COMPUTE,
    CAIRN_CALLBACK_TICK,
    CAIRN_CALLBACK_RELEASE,
    CAIRN_CALLBACK_KIND_COUNT
} cairn_callback_kind;

typedef struct cairn_decorator {
    uint32_t data_size;
    unsigned char *defaults; /* data_size bytes, or NULL for zeros */
    uint8_t required_count;
    cairn_decorator_id required[CAIRN_DECORATOR_REQUIRES_MAX];
    cairn_activate_fn activate;
    cairn_decorator_fn compute;
    cairn_decorator_fn tick;
    cairn_decorator_fn release;
    void *ud;
} cairn_decorator;

typedef struct cairn_type_decorator {
    cairn_decorator_id deco;
    uint32_t offset; /* into the entity's data block */
} cairn_type_decorator;

/* What a type's decorators ask of the beat, worked out when the type is sealed. */
enum {
    CAIRN_TYPE_ACTS = 1 << 0,     /* has Acting */
    CAIRN_TYPE_COMPUTES = 1 << 1, /* some decorator has a compute callback */
    CAIRN_TYPE_TICKS = 1 << 2,    /* ... a tick callback */
    CAIRN_TYPE_RELEASES = 1 << 3, /* ... a release callback */
};

typedef struct cairn_type {
    uint8_t layer;
    bool sealed;   /* set by the first entity: decorators and the data layout are fixed */
    uint8_t phase; /* a cairn_phase: where its entities act */
    uint8_t needs; /* CAIRN_TYPE_* */
    uint32_t deco_count;
    uint32_t deco_cap;
    cairn_type_decorator *decos;
    uint32_t data_size;      /* of the whole per-entity block */
    unsigned char *defaults; /* data_size bytes, copied into each new entity */
    cairn_chain **chains;    /* the template, by chain name; NULL entries are empty chains */
    uint32_t chain_cap;
    void *free_blocks; /* recycled data blocks, linked through their first bytes */
    /* Offset + 1 of each built-in decorator's data (0: the type lacks it), so the hot path
     * finds them without a search. */
    uint32_t builtin_at[CAIRN_DECO_BUILTIN_COUNT];
    /* Set at sealing: the positions (in decos) of the decorators with each kind of callback,
     * kind k taking by_callback[by_callback_start[k] .. by_callback_start[k + 1]). */
    uint16_t *by_callback;
    uint16_t by_callback_start[CAIRN_CALLBACK_KIND_COUNT + 1];
} cairn_type;

/* Seals a type, working out its phase, needs and callbacks. */
cairn_err cairn__type_seal(cairn_world *w, cairn_type *type);
/* Runs one kind of callback of every decorator of an entity's type that has it, in the type's
 * order, stopping at the first error. */
cairn_err cairn__type_run_callbacks(cairn_world *w, cairn_entity_id id, cairn_callback_kind kind);
cairn_err cairn__type_check(cairn_world *w, cairn_type_id id);
/* A data block for a new entity of the type, holding the type's defaults. */
unsigned char *cairn__type_block_take(cairn_world *w, cairn_type *type);
void cairn__type_block_give(cairn_type *type, unsigned char *block);
/* Frees what types and decorators hold; their registries are freed with the others. */
void cairn__types_free(cairn_world *w);
/* A decorator's name for messages: "?" for an unknown id. */
const char *cairn__decorator_label(const cairn_world *w, cairn_decorator_id deco);
long cairn__type_offset_search(const cairn_type *type, cairn_decorator_id deco);
/* Offset of a decorator's data within the type's block, or -1. */
static inline long cairn__type_offset(const cairn_type *type, cairn_decorator_id deco)
{
    if (deco < CAIRN_DECO_BUILTIN_COUNT)
        return (long)type->builtin_at[deco] - 1;
    return cairn__type_offset_search(type, deco);
}

#endif /* CAIRN_TYPE_H */
