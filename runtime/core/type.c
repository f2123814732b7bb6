/*
 * type.c - decorators and entity types: names, data layouts, defaults, chain templates,
 * and the pools that recycle entity data blocks.
 */
#include <stdalign.h>
#include <string.h>

#include "world.h"

/* Decorator blocks are laid out one after another, each aligned for any scalar type. */
static uint32_t align_up(uint32_t n)
{
    uint32_t a = (uint32_t)alignof(max_align_t);
    return (n + a - 1) & ~(a - 1);
}

static cairn_err check_def(cairn_world *w, const cairn_decorator_def *def)
{
    const char *name = def->name ? def->name : "?";
    if (def->data_size > CAIRN_DECORATOR_DATA_MAX)
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "decorator \"%s\": %zu bytes of data is over the %d byte limit",
                                name, def->data_size, CAIRN_DECORATOR_DATA_MAX);
    if (def->required_count > CAIRN_DECORATOR_REQUIRES_MAX ||
        (def->required_count && !def->required))
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "decorator \"%s\": %zu requirements (at most %d)", name,
                                def->required_count, CAIRN_DECORATOR_REQUIRES_MAX);
    for (size_t i = 0; i < def->required_count; i++)
        if (def->required[i] >= w->registry[CAIRN_KIND_DECORATOR].names.count)
            return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND,
                                    "decorator \"%s\" requires decorator %u, which does not exist",
                                    name, (unsigned)def->required[i]);
    if (def->chain_count && !def->chains)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "decorator \"%s\": chains is NULL", name);
    return CAIRN_OK;
}

cairn_err cairn_decorator_define(cairn_world *w, const cairn_decorator_def *def,
                                 cairn_decorator_id *out)
{
    uint32_t id;
    cairn_err st = check_def(w, def);
    if (st == CAIRN_OK && cairn_lookup(w, CAIRN_KIND_DECORATOR, def->name, &id))
        st = cairn_world_fail(w, CAIRN_ERR_EXISTS, "a decorator named \"%s\" exists already",
                              def->name);
    for (size_t i = 0; st == CAIRN_OK && i < def->chain_count; i++)
        st = cairn_chain_register(w, def->chains[i], NULL);
    if (st)
        return st;
    unsigned char *defaults = NULL;
    if (def->defaults && def->data_size) {
        if (!(defaults = cairn__alloc(w, def->data_size)))
            return CAIRN_ERR_NOMEM;
        memcpy(defaults, def->defaults, def->data_size);
    }
    cairn_decorator *d;
    st = cairn__registry_add(w, &w->registry[CAIRN_KIND_DECORATOR], def->name, &id, (void **)&d);
    if (st) {
        cairn__free(w, defaults, def->data_size);
        return st;
    }
    d->data_size = (uint32_t)def->data_size;
    d->defaults = defaults;
    d->required_count = (uint8_t)def->required_count;
    for (size_t i = 0; i < def->required_count; i++)
        d->required[i] = def->required[i];
    d->activate = def->activate;
    d->compute = def->compute;
    d->tick = def->tick;
    d->release = def->release;
    d->ud = def->ud;
    if (out)
        *out = (cairn_decorator_id)id;
    return CAIRN_OK;
}

cairn_err cairn_decorator_register(cairn_world *w, const char *name, size_t data_size,
                                   cairn_decorator_id *out)
{
    return cairn_decorator_define(w, &(cairn_decorator_def){.name = name, .data_size = data_size},
                                  out);
}

cairn_err cairn_decorator_find(cairn_world *w, const char *name, cairn_decorator_id *out)
{
    return cairn__registry_find16(w, &w->registry[CAIRN_KIND_DECORATOR], name, out);
}

const char *cairn_decorator_name(const cairn_world *w, cairn_decorator_id deco)
{
    return cairn_name(w, CAIRN_KIND_DECORATOR, deco);
}

const char *cairn__decorator_label(const cairn_world *w, cairn_decorator_id deco)
{
    const char *name = cairn_decorator_name(w, deco);
    return name ? name : "?";
}

cairn_err cairn_type_register(cairn_world *w, const char *name, cairn_layer layer,
                              cairn_type_id *out)
{
    if ((unsigned)layer >= CAIRN_LAYER_COUNT)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "type \"%s\": %d is not a layer",
                                name ? name : "?", (int)layer);
    uint32_t id;
    cairn_type *type;
    cairn_err st = cairn__registry_add(w, &w->registry[CAIRN_KIND_TYPE], name, &id, (void **)&type);
    if (st)
        return st;
    type->layer = (uint8_t)layer;
    if (out)
        *out = (cairn_type_id)id;
    return CAIRN_OK;
}

cairn_err cairn_type_find(cairn_world *w, const char *name, cairn_type_id *out)
{
    return cairn__registry_find16(w, &w->registry[CAIRN_KIND_TYPE], name, out);
}

const char *cairn_type_name(const cairn_world *w, cairn_type_id type)
{
    return cairn_name(w, CAIRN_KIND_TYPE, type);
}

size_t cairn_type_count(const cairn_world *w)
{
    return w->registry[CAIRN_KIND_TYPE].names.count;
}

cairn_err cairn__type_check(cairn_world *w, cairn_type_id id)
{
    if (id >= w->registry[CAIRN_KIND_TYPE].names.count)
        return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "no type has id %u", (unsigned)id);
    return CAIRN_OK;
}

/* Content's decorators: types hold a handful, so a scan is as quick as anything. */
long cairn__type_offset_search(const cairn_type *type, cairn_decorator_id deco)
{
    for (uint32_t i = 0; i < type->deco_count; i++)
        if (type->decos[i].deco == deco)
            return (long)type->decos[i].offset;
    return -1;
}

bool cairn_type_has_decorator(const cairn_world *w, cairn_type_id type, cairn_decorator_id deco)
{
    return type < w->registry[CAIRN_KIND_TYPE].names.count &&
           cairn__type_offset(&cairn__types(w)[type], deco) >= 0;
}

/* Appends one decorator's block to the type's layout, filled with its defaults. */
static cairn_err append(cairn_world *w, cairn_type *type, cairn_decorator_id deco)
{
    cairn_err st = cairn__reserve(w, (void **)&type->decos, &type->deco_cap, type->deco_count + 1,
                                  sizeof *type->decos);
    if (st)
        return st;
    const cairn_decorator *d = &cairn__decorators(w)[deco];
    uint32_t offset = type->data_size;
    uint32_t size = align_up(offset + d->data_size);
    if (size > offset) {
        unsigned char *defaults = cairn__realloc(w, type->defaults, offset, size);
        if (!defaults)
            return CAIRN_ERR_NOMEM;
        memset(defaults + offset, 0, size - offset);
        if (d->defaults)
            memcpy(defaults + offset, d->defaults, d->data_size);
        type->defaults = defaults;
        type->data_size = size;
    }
    type->decos[type->deco_count++] = (cairn_type_decorator){deco, offset};
    if (deco < CAIRN_DECO_BUILTIN_COUNT)
        type->builtin_at[deco] = offset + 1;
    return CAIRN_OK;
}

/* Requirements first, depth first; a decorator the type has already is left alone. A
 * decorator can only require ones registered before it, so this always ends. */
static cairn_err add_with_requirements(cairn_world *w, cairn_type *type, cairn_decorator_id deco)
{
    if (cairn__type_offset(type, deco) >= 0)
        return CAIRN_OK;
    const cairn_decorator *d = &cairn__decorators(w)[deco];
    for (uint32_t i = 0; i < d->required_count; i++) {
        cairn_err st = add_with_requirements(w, type, d->required[i]);
        if (st)
            return st;
    }
    return append(w, type, deco);
}

cairn_err cairn_type_add_decorator(cairn_world *w, cairn_type_id type_id, cairn_decorator_id deco)
{
    cairn_err st = cairn__type_check(w, type_id);
    if (st)
        return st;
    cairn_type *type = &cairn__types(w)[type_id];
    const char *tname = cairn_type_name(w, type_id);
    if (deco >= w->registry[CAIRN_KIND_DECORATOR].names.count)
        return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "type \"%s\": no decorator has id %u",
                                tname, (unsigned)deco);
    if (cairn__type_offset(type, deco) >= 0)
        return cairn_world_fail(w, CAIRN_ERR_EXISTS, "type \"%s\" has decorator \"%s\" already",
                                tname, cairn_decorator_name(w, deco));
    if (type->sealed)
        return cairn_world_fail(w, CAIRN_ERR_STATE,
                                "type \"%s\" has entities: its decorators can no longer change",
                                tname);
    return add_with_requirements(w, type, deco);
}

static uint8_t phase_of(const cairn_type *type)
{
    if (type->builtin_at[CAIRN_DECO_PLAYER_CONTROL])
        return CAIRN_PHASE_PLAYERS;
    switch (type->layer) {
    case CAIRN_LAYER_REAL:
        return CAIRN_PHASE_REALS;
    case CAIRN_LAYER_PROJECTILE:
        return CAIRN_PHASE_PROJECTILES;
    case CAIRN_LAYER_TRAP:
        return CAIRN_PHASE_TRAPS;
    case CAIRN_LAYER_FLOOR:
        return CAIRN_PHASE_FLOORS;
    default:
        return CAIRN_PHASE_OTHERS;
    }
}

static cairn_decorator_fn callback_of(const cairn_decorator *d, cairn_callback_kind kind)
{
    return kind == CAIRN_CALLBACK_COMPUTE ? d->compute
           : kind == CAIRN_CALLBACK_TICK  ? d->tick
                                          : d->release;
}

cairn_err cairn__type_seal(cairn_world *w, cairn_type *type)
{
    if (type->sealed)
        return CAIRN_OK;
    uint32_t total = 0;
    for (int k = 0; k < CAIRN_CALLBACK_KIND_COUNT; k++)
        for (uint32_t i = 0; i < type->deco_count; i++)
            total += callback_of(&cairn__decorators(w)[type->decos[i].deco],
                                 (cairn_callback_kind)k) != NULL;
    if (total && !(type->by_callback = cairn__alloc(w, total * sizeof *type->by_callback)))
        return CAIRN_ERR_NOMEM;
    uint16_t n = 0;
    for (int k = 0; k < CAIRN_CALLBACK_KIND_COUNT; k++) {
        type->by_callback_start[k] = n;
        for (uint32_t i = 0; i < type->deco_count; i++)
            if (callback_of(&cairn__decorators(w)[type->decos[i].deco], (cairn_callback_kind)k))
                type->by_callback[n++] = (uint16_t)i;
    }
    type->by_callback_start[CAIRN_CALLBACK_KIND_COUNT] = n;
    type->sealed = true;
    type->phase = phase_of(type);
    type->needs = type->builtin_at[CAIRN_DECO_ACTING] ? CAIRN_TYPE_ACTS : 0;
    if (type->by_callback_start[CAIRN_CALLBACK_COMPUTE + 1] >
        type->by_callback_start[CAIRN_CALLBACK_COMPUTE])
        type->needs |= CAIRN_TYPE_COMPUTES;
    if (type->by_callback_start[CAIRN_CALLBACK_TICK + 1] >
        type->by_callback_start[CAIRN_CALLBACK_TICK])
        type->needs |= CAIRN_TYPE_TICKS;
    if (type->by_callback_start[CAIRN_CALLBACK_RELEASE + 1] >
        type->by_callback_start[CAIRN_CALLBACK_RELEASE])
        type->needs |= CAIRN_TYPE_RELEASES;
    return CAIRN_OK;
}

cairn_err cairn__type_run_callbacks(cairn_world *w, cairn_entity_id id, cairn_callback_kind kind)
{
    /* Everything is looked up again for each callback: one may create entities or register
     * names (moving the tables) or end the entity itself. A sealed type's decorators and
     * callback lists never change. */
    const cairn_type *type = &cairn__types(w)[w->entities.slots[id.index].type];
    uint32_t end = type->by_callback_start[kind + 1];
    for (uint32_t h = type->by_callback_start[kind]; h < end; h++) {
        if (!cairn__entity_current(w, id))
            return CAIRN_OK;
        const cairn_entity *e = &w->entities.slots[id.index];
        type = &cairn__types(w)[e->type];
        const cairn_type_decorator *td = &type->decos[type->by_callback[h]];
        const cairn_decorator *d = &cairn__decorators(w)[td->deco];
        cairn_err st = callback_of(d, kind)(w, id, e->data ? e->data + td->offset : NULL, d->ud);
        if (st && kind != CAIRN_CALLBACK_RELEASE)
            return st;
    }
    return CAIRN_OK;
}

cairn_err cairn_type_defaults(cairn_world *w, cairn_type_id type_id, cairn_decorator_id deco,
                              void **out)
{
    cairn_err st = cairn__type_check(w, type_id);
    if (st)
        return st;
    long offset = cairn__type_offset(&cairn__types(w)[type_id], deco);
    if (offset < 0)
        return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "type \"%s\" has no decorator \"%s\"",
                                cairn_type_name(w, type_id), cairn__decorator_label(w, deco));
    unsigned char *defaults = cairn__types(w)[type_id].defaults;
    *out = defaults ? defaults + offset : NULL; /* a type without data has no block */
    return CAIRN_OK;
}

cairn_err cairn_type_chain(cairn_world *w, cairn_type_id type_id, cairn_chain_id name,
                           cairn_chain **out)
{
    cairn_err st = cairn__type_check(w, type_id);
    if (st)
        return st;
    if ((st = cairn__chain_name_check(w, name)))
        return st;
    cairn_type *type = &cairn__types(w)[type_id];
    st = cairn__reserve(w, (void **)&type->chains, &type->chain_cap, (uint32_t)name + 1,
                        sizeof *type->chains);
    if (st)
        return st;
    if (!type->chains[name]) {
        type->chains[name] = cairn__chain_new(w, CAIRN_SCOPE_TEMPLATE, name, type_id);
        if (!type->chains[name])
            return CAIRN_ERR_NOMEM;
    }
    *out = type->chains[name];
    return CAIRN_OK;
}

/* Blocks are recycled through a free list threaded through their first bytes, so spawning
 * and reaping in steady state allocates nothing. Types without data use no block at all. */
unsigned char *cairn__type_block_take(cairn_world *w, cairn_type *type)
{
    if (!type->data_size)
        return NULL;
    unsigned char *block = type->free_blocks;
    if (block)
        memcpy(&type->free_blocks, block, sizeof(void *));
    else if (!(block = cairn__alloc(w, type->data_size)))
        return NULL;
    memcpy(block, type->defaults, type->data_size);
    return block;
}

void cairn__type_block_give(cairn_type *type, unsigned char *block)
{
    if (!block)
        return;
    memcpy(block, &type->free_blocks, sizeof(void *));
    type->free_blocks = block;
}

void cairn__types_free(cairn_world *w)
{
    for (uint32_t t = 0; t < w->registry[CAIRN_KIND_TYPE].names.count; t++) {
        cairn_type *type = &cairn__types(w)[t];
        while (type->free_blocks) {
            void *block = type->free_blocks;
            memcpy(&type->free_blocks, block, sizeof(void *));
            cairn__free(w, block, type->data_size);
        }
        cairn__free(w, type->by_callback,
                    (size_t)type->by_callback_start[CAIRN_CALLBACK_KIND_COUNT] *
                        sizeof *type->by_callback);
        for (uint32_t c = 0; c < type->chain_cap; c++)
            cairn__chain_free(w, type->chains[c]);
        cairn__free(w, type->chains, (size_t)type->chain_cap * sizeof *type->chains);
        cairn__free(w, type->decos, (size_t)type->deco_cap * sizeof *type->decos);
        cairn__free(w, type->defaults, type->data_size);
    }
    for (uint32_t d = 0; d < w->registry[CAIRN_KIND_DECORATOR].names.count; d++)
        cairn__free(w, cairn__decorators(w)[d].defaults, cairn__decorators(w)[d].data_size);
}
