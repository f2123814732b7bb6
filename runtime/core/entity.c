/*
 * entity.c - the entity table: generational ids, creation, death and reaping, per-entity
 * data blocks and per-entity chain copies.
 *
 * A slot's generation is bumped each time its entity is destroyed, so an id minted for an
 * earlier tenant can be told from the current one without ever touching freed data. A slot
 * whose generation would wrap around to 0 is retired rather than reused.
 */
#include <string.h>

#include "world.h"

/* An entity slot is what each entity costs the table: keep it within this budget. */
_Static_assert(sizeof(cairn_entity) <= 48, "cairn_entity grew past 48 bytes");

static cairn_err stale(cairn_world *w, cairn_entity_id id, const cairn_entity *e)
{
    if (!(e->flags & CAIRN_ENTITY_USED))
        return cairn_world_fail(w, CAIRN_ERR_STALE,
                                "entity %u (generation %u) is gone: its slot is free", id.index,
                                id.generation);
    return cairn_world_fail(w, CAIRN_ERR_STALE,
                            "entity %u (generation %u) is gone: its slot now holds generation %u",
                            id.index, id.generation, e->generation);
}

cairn_entity *cairn__entity(cairn_world *w, cairn_entity_id id)
{
    if (cairn_entity_id_is_none(id)) {
        cairn_world_fail(w, CAIRN_ERR_INVALID, "the entity id is none");
        return NULL;
    }
    if (id.index >= w->entities.count) {
        cairn_world_fail(w, CAIRN_ERR_INVALID, "entity %u (generation %u) was never in this world",
                         id.index, id.generation);
        return NULL;
    }
    cairn_entity *e = &w->entities.slots[id.index];
    if (!(e->flags & CAIRN_ENTITY_USED) || e->generation != id.generation) {
        stale(w, id, e);
        return NULL;
    }
    return e;
}

cairn_err cairn_entity_check(cairn_world *w, cairn_entity_id id)
{
    return cairn__entity(w, id) ? CAIRN_OK : w->error.code;
}

bool cairn_entity_is_alive(const cairn_world *w, cairn_entity_id id)
{
    return cairn__alive(w, id);
}

static cairn_entity_id id_of(const cairn_world *w, const cairn_entity *e)
{
    return (cairn_entity_id){(uint32_t)(e - w->entities.slots), e->generation};
}

/* A free slot: the most recently freed one, or a new one at the end. */
static cairn_err take_slot(cairn_world *w, uint32_t *out)
{
    cairn_entities *es = &w->entities;
    if (es->free_head) {
        *out = es->free_head - 1;
        es->free_head = es->slots[*out].next_free;
        return CAIRN_OK;
    }
    if (es->count >= CAIRN_ENTITY_MAX)
        return cairn_world_fail(w, CAIRN_ERR_LIMIT, "a world holds at most %u entities",
                                (unsigned)CAIRN_ENTITY_MAX);
    cairn_err st =
        cairn__reserve(w, (void **)&es->slots, &es->cap, es->count + 1, sizeof *es->slots);
    if (st)
        return st;
    *out = es->count++;
    es->slots[*out].generation = 1;
    return CAIRN_OK;
}

static void release_slot(cairn_world *w, cairn_entity *e)
{
    cairn_entities *es = &w->entities;
    uint32_t generation = e->generation + 1;
    memset(e, 0, sizeof *e);
    e->generation = generation;
    if (generation == 0)
        return; /* retired: every id that could name it has been used */
    e->next_free = es->free_head;
    es->free_head = (uint32_t)(e - es->slots) + 1;
}

/* Creates the entity without announcing it. */
static cairn_err create(cairn_world *w, cairn_type_id type_id, cairn_entity_id *out)
{
    cairn_err st = cairn__type_check(w, type_id);
    if (st)
        return st;
    cairn_type *type = cairn__type(w, type_id);
    /* Seal before taking a block: a block in the type's pool must always fit its layout, even
     * when this creation fails below and gives the block back. */
    if ((st = cairn__type_seal(w, type)))
        return st;
    unsigned char *block = cairn__type_block_take(w, type);
    if (type->data_size && !block)
        return CAIRN_ERR_NOMEM;
    uint32_t index = 0;
    if ((st = take_slot(w, &index))) {
        cairn__type_block_give(type, block);
        return st;
    }
    cairn_entity *e = &w->entities.slots[index];
    e->type = type_id;
    e->flags = CAIRN_ENTITY_USED;
    e->facing = CAIRN_DIR_NONE;
    e->data = block;
    e->spawn_order = w->entities.next_spawn_order++;
    w->entities.alive++;
    cairn_entity_id id = id_of(w, e);
    if ((st = w->mechanics->created(w, id))) {
        cairn_error saved = w->error;
        cairn_entity_destroy(w, id);
        w->error = saved;
        return st;
    }
    *out = id;
    return CAIRN_OK;
}

/* Passes a world chain with an entity event; on failure the entity is undone. */
static cairn_err announce(cairn_world *w, cairn_chain_id chain, cairn_entity_id id,
                          cairn_entity_id cause)
{
    cairn_event *ev =
        cairn_event_new(w, CAIRN_EVENT_ENTITY, cause, (cairn_action){0, CAIRN_DIR_NONE});
    if (!ev)
        return CAIRN_ERR_NOMEM;
    cairn_event_as_entity(ev)->entity = id;
    return cairn_chain_pass_all(w, cairn__world_chains(w)[chain], ev);
}

static cairn_err spawned(cairn_world *w, cairn_entity_id id, cairn_entity_id *out)
{
    cairn_err st = w->mechanics->spawned(w, id);
    if (st == CAIRN_OK) {
        w->unwind_holds++; /* a failed handler's entity is undone below */
        st = announce(w, CAIRN_CHAIN_ENTITY_SPAWNED, id, CAIRN_ENTITY_NONE);
        w->unwind_holds--;
        if (st)
            w->mechanics->unspawned(w, id);
    }
    if (st) {
        /* Keep the handler's message: destroying must not overwrite it. */
        cairn_error saved = w->error;
        cairn_entity_destroy(w, id);
        w->error = saved;
        return st;
    }
    if (out)
        *out = id;
    return CAIRN_OK;
}

cairn_err cairn_entity_create(cairn_world *w, cairn_type_id type, cairn_entity_id *out)
{
    cairn_entity_id id;
    cairn_err st = create(w, type, &id);
    return st ? st : spawned(w, id, out);
}

cairn_err cairn_entity_spawn(cairn_world *w, cairn_type_id type, cairn_cell cell,
                             cairn_entity_id *out)
{
    /* A cell that cannot take the entity is refused before anything is created. */
    cairn_err st = cairn__type_check(w, type);
    if (st || (st = cairn__grid_check_free(w, cairn__type(w, type)->layer, cell)))
        return st;
    cairn_entity_id id;
    if ((st = create(w, type, &id)))
        return st;
    cairn_grid_place(w, id, cell); /* cannot fail: checked above, nothing ran in between */
    return spawned(w, id, out);
}

cairn_err cairn_entity_kill(cairn_world *w, cairn_entity_id id)
{
    return cairn__entity_kill(w, id, CAIRN_ENTITY_NONE);
}

cairn_err cairn__entity_kill(cairn_world *w, cairn_entity_id id, cairn_entity_id cause)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    if (e->flags & CAIRN_ENTITY_DEAD)
        return cairn_world_fail(w, CAIRN_ERR_STATE, "entity %u is dead already", id.index);
    cairn_entities *es = &w->entities;
    cairn_err st = cairn__reserve(w, (void **)&es->dying, &es->dying_cap, es->dying_count + 1,
                                  sizeof *es->dying);
    if (st || (st = w->mechanics->died(w, id, cause)))
        return st;
    /* The dead leave the grid at once, so whoever comes later in the beat finds their cell
     * free; their slot, data and id stay until the reap, for entity_died's handlers and the
     * history, and `cell` still says where they died. */
    if (e->flags & CAIRN_ENTITY_PLACED) {
        cairn__grid_unlink(w, e);
        e->flags |= CAIRN_ENTITY_DIED_PLACED;
    }
    e->flags |= CAIRN_ENTITY_DEAD;
    es->alive--;
    es->dying[es->dying_count++] = id;
    return announce(w, CAIRN_CHAIN_ENTITY_DIED, id, cause);
}

static void free_own_chains(cairn_world *w, cairn_entity *e)
{
    for (uint32_t i = 0; i < e->own_count; i++)
        cairn__chain_free(w, e->own[i].chain);
    cairn__free(w, e->own, (size_t)e->own_cap * sizeof *e->own);
}

cairn_err cairn_entity_destroy(cairn_world *w, cairn_entity_id id)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    if (cairn__type(w, e->type)->needs & CAIRN_TYPE_RELEASES) {
        cairn__type_run_callbacks(w, id, CAIRN_CALLBACK_RELEASE);
        e = &w->entities.slots[id.index]; /* a callback that broke the rules may have moved it */
    }
    w->mechanics->removed(w, id);
    cairn__grid_unlink(w, e);
    free_own_chains(w, e);
    cairn__type_block_give(cairn__type(w, e->type), e->data);
    if (!(e->flags & CAIRN_ENTITY_DEAD))
        w->entities.alive--;
    release_slot(w, e);
    return CAIRN_OK;
}

void cairn__entities_reap(cairn_world *w)
{
    cairn_entities *es = &w->entities;
    /* In order of death; an entity destroyed by hand since is skipped (its id is stale). */
    for (uint32_t i = 0; i < es->dying_count; i++) {
        cairn_entity_id id = es->dying[i];
        cairn_entity *e = &es->slots[id.index];
        if ((e->flags & CAIRN_ENTITY_USED) && e->generation == id.generation)
            cairn_entity_destroy(w, id);
    }
    es->dying_count = 0;
}

void cairn__entities_free(cairn_world *w)
{
    cairn_entities *es = &w->entities;
    /* Data blocks go back to their types' pools, which cairn__types_free empties. */
    for (uint32_t i = 0; i < es->count; i++) {
        cairn_entity *e = &es->slots[i];
        if (!(e->flags & CAIRN_ENTITY_USED))
            continue;
        if (cairn__type(w, e->type)->needs & CAIRN_TYPE_RELEASES)
            cairn__type_run_callbacks(w, id_of(w, e), CAIRN_CALLBACK_RELEASE);
        free_own_chains(w, e);
        cairn__type_block_give(cairn__type(w, e->type), e->data);
    }
    cairn__free(w, es->slots, (size_t)es->cap * sizeof *es->slots);
    cairn__free(w, es->dying, (size_t)es->dying_cap * sizeof *es->dying);
    memset(es, 0, sizeof *es);
}

cairn_err cairn_entity_type(cairn_world *w, cairn_entity_id id, cairn_type_id *out)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    *out = e->type;
    return CAIRN_OK;
}

cairn_err cairn_entity_cell(cairn_world *w, cairn_entity_id id, cairn_cell *out)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    if (!(e->flags & (CAIRN_ENTITY_PLACED | CAIRN_ENTITY_DIED_PLACED)))
        return cairn_world_fail(w, CAIRN_ERR_STATE, "entity %u is not on the grid", id.index);
    *out = e->cell;
    return CAIRN_OK;
}

cairn_err cairn_entity_layer(cairn_world *w, cairn_entity_id id, cairn_layer *out)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    *out = (cairn_layer)cairn__type(w, e->type)->layer;
    return CAIRN_OK;
}

cairn_err cairn_entity_spawn_order(cairn_world *w, cairn_entity_id id, uint32_t *out)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    *out = e->spawn_order;
    return CAIRN_OK;
}

cairn_err cairn_entity_facing(cairn_world *w, cairn_entity_id id, cairn_dir *out)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    *out = (cairn_dir)e->facing;
    return CAIRN_OK;
}

cairn_err cairn_entity_set_facing(cairn_world *w, cairn_entity_id id, cairn_dir facing)
{
    if ((unsigned)facing > CAIRN_DIR_NONE)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "%d is not a direction", (int)facing);
    if (!cairn__entity(w, id))
        return w->error.code;
    return cairn__entity_turn(w, id, facing);
}

cairn_err cairn__entity_turn(cairn_world *w, cairn_entity_id id, cairn_dir facing)
{
    cairn_entity *e = &w->entities.slots[id.index];
    if (e->facing == (uint8_t)facing)
        return CAIRN_OK;
    cairn_dir was = (cairn_dir)e->facing;
    e->facing = (uint8_t)facing;
    return w->mechanics->turned(w, id, was);
}

cairn_err cairn_entity_data(cairn_world *w, cairn_entity_id id, cairn_decorator_id deco, void **out)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    long offset = cairn__type_offset(cairn__type(w, e->type), deco);
    if (offset < 0)
        return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "entity %u (%s) has no decorator %s",
                                id.index, cairn_type_name(w, e->type),
                                cairn__decorator_label(w, deco));
    *out = e->data ? e->data + offset : NULL; /* a type without data has no block */
    return CAIRN_OK;
}

/* --- per-entity chains ---------------------------------------------------------------- */

static cairn_chain *own_chain(const cairn_entity *e, cairn_chain_id name)
{
    for (uint32_t i = 0; i < e->own_count; i++)
        if (e->own[i].name == name)
            return e->own[i].chain;
    return NULL;
}

static cairn_chain *template_chain(cairn_world *w, const cairn_entity *e, cairn_chain_id name)
{
    const cairn_type *type = cairn__type(w, e->type);
    return name < type->chain_cap ? type->chains[name] : NULL;
}

/* The entity's chain for passing: its own copy, or its type's template. */
static cairn_err resolve(cairn_world *w, cairn_entity_id id, cairn_chain_id name, cairn_chain **out)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    cairn_err st = cairn__chain_name_check(w, name);
    if (st)
        return st;
    cairn_chain *own = own_chain(e, name);
    *out = own ? own : template_chain(w, e, name);
    return CAIRN_OK;
}

cairn_err cairn_entity_chain(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                             cairn_chain **out)
{
    return resolve(w, id, name, out);
}

cairn_err cairn_entity_hook(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                            cairn_handler handler, cairn_handler_id *out_id)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    cairn_err st = cairn__chain_name_check(w, name);
    if (st || (st = cairn__handler_check(w, handler)))
        return st;
    cairn_chain *chain = own_chain(e, name);
    if (!chain) {
        st = cairn__reserve(w, (void **)&e->own, &e->own_cap, e->own_count + 1u, sizeof *e->own);
        if (st)
            return st;
        chain = cairn__chain_copy(w, template_chain(w, e, name), name, e->type);
        if (!chain)
            return CAIRN_ERR_NOMEM;
        e->own[e->own_count++] = (cairn_own_chain){name, chain};
    }
    return cairn_chain_add(w, chain, handler, out_id);
}

cairn_err cairn_entity_unhook(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                              cairn_handler_id handler)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    cairn_err st = cairn__chain_name_check(w, name);
    if (st)
        return st;
    cairn_chain *chain = own_chain(e, name);
    if (!chain)
        return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND,
                                "entity %u has no handlers of its own on chain %s", id.index,
                                cairn_chain_name(w, name));
    return cairn_chain_remove(w, chain, handler);
}

/* chain_for_pass's way for an entity with chains of its own, or an id or name to refuse: out
 * of line, so that the common way saves no registers for it. */
static __attribute__((noinline)) cairn_chain *chain_resolved(cairn_world *w, cairn_entity_id id,
                                                             cairn_chain_id name, cairn_err *st)
{
    cairn_chain *chain = NULL;
    *st = resolve(w, id, name, &chain);
    return chain;
}

/* Passes are the hot path: most entities have no chain of their own, so look at the
 * template directly and resolve only when needed. */
static cairn_chain *chain_for_pass(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                                   cairn_err *st)
{
    *st = CAIRN_OK;
    if (cairn__entity_current(w, id) && name < w->registry[CAIRN_KIND_CHAIN].names.count &&
        !w->entities.slots[id.index].own_count)
        return template_chain(w, &w->entities.slots[id.index], name);
    return chain_resolved(w, id, name, st);
}

/* Most passes are over a chain with no handler: they end here, without the call that would
 * pin the list (a NULL event goes on, to be refused there). */
static inline cairn_err pass(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                             cairn_event *ev, bool all)
{
    cairn_err st;
    cairn_chain *chain = chain_for_pass(w, id, name, &st);
    if (st || (ev && (!chain || !chain->list)))
        return st;
    return cairn__chain_pass_on(w, chain, ev, all, id);
}

cairn_err cairn_entity_pass(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                            cairn_event *ev)
{
    return pass(w, id, name, ev, false);
}

cairn_err cairn_entity_pass_all(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                                cairn_event *ev)
{
    return pass(w, id, name, ev, true);
}

cairn_err cairn__entities_each_copy(cairn_world *w, cairn_type_id type, cairn_chain_id name,
                                    cairn_err (*fn)(cairn_world *w, cairn_chain *copy, void *ud),
                                    void *ud)
{
    cairn_entities *es = &w->entities;
    for (uint32_t i = 0; i < es->count; i++) {
        cairn_entity *e = &es->slots[i];
        if (!(e->flags & CAIRN_ENTITY_USED) || e->type != type)
            continue;
        cairn_chain *copy = own_chain(e, name);
        cairn_err st = copy ? fn(w, copy, ud) : CAIRN_OK;
        if (st)
            return st;
    }
    return CAIRN_OK;
}
