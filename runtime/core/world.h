/*
 * world.h - the core's internals: the world's layout and the hot-path helpers over it, with
 * every module's private header, which is what the core's files include. Not installed, not
 * for embedders. Each module's internals live in a header named for it: memory.h, names.h
 * (names and registries), arena.h, chain.h, type.h, entity.h (entities and the grid) and
 * machinery.h (the mechanics: built-in decorators, the beat order, history, snapshots),
 * which reach the kernel's files only through the world's cairn_mechanics table (below).
 * Internal functions shared between files are named cairn__<module>_<verb>; helpers used by
 * one file are static there.
 */
#ifndef CAIRN_WORLD_H
#define CAIRN_WORLD_H

#include "arena.h"
#include "chain.h"
#include "entity.h"
#include "machinery.h"
#include "memory.h"
#include "names.h"
#include "type.h"

/* --- chain names (world.c) ------------------------------------------------------------- */

/* CAIRN_ERR_NOT_FOUND, with a message, for an id no chain name has. */
cairn_err cairn__chain_name_check(cairn_world *w, cairn_chain_id name);

/* --- the mechanics, as the kernel sees them ------------------------------------------------
 * The kernel (world.c, entity.c and its other files) calls no mechanic by name: the
 * mechanics register what they do at the kernel's moments in this table, which the world
 * holds. cairn_world_create (mechanics.c) makes a world with the built-in set; every field
 * is set. An entity callback runs at the point of the kernel's work its comment names, so
 * that what it records or refuses is undone by the kernel's own clean-up. */
typedef struct cairn_mechanics {
    /* Once the kernel's own names are in: registers the mechanics' built-ins. */
    cairn_err (*install)(cairn_world *w);
    /* An entity was created, before anything is told of it; an error destroys it again. */
    cairn_err (*created)(cairn_world *w, cairn_entity_id id);
    /* An entity was spawned, before entity_spawned is passed ... */
    cairn_err (*spawned)(cairn_world *w, cairn_entity_id id);
    /* ... and that pass failed: the spawn is undone. */
    void (*unspawned)(cairn_world *w, cairn_entity_id id);
    /* An entity was killed by `cause`, before it leaves the grid. */
    cairn_err (*died)(cairn_world *w, cairn_entity_id id, cairn_entity_id cause);
    /* An entity turned; `was` is the facing it had. */
    cairn_err (*turned)(cairn_world *w, cairn_entity_id id, cairn_dir was);
    /* An entity is being destroyed: its slot is freed next. */
    void (*removed)(cairn_world *w, cairn_entity_id id);
    /* The world is going: after its entities, types and chains, before its names. */
    void (*destroy)(cairn_world *w);
} cairn_mechanics;

/* --- the world (world.c) ---------------------------------------------------------------- */

/* Makes a world whose mechanics are `mechanics` (not copied: it must outlive the world):
 * cairn_world_create with the mechanics chosen. */
cairn_err cairn__world_new(const cairn_world_config *config, const cairn_mechanics *mechanics,
                           cairn_world **out, cairn_error *err);

struct cairn_world {
    cairn_alloc_fn alloc;
    void *alloc_ud;
    void *user; /* the embedder's, from the config */
    const cairn_mechanics *mechanics;
    uint64_t allocations;
    size_t bytes_in_use;

    cairn_error error;
    cairn_rng rng;
    uint64_t beat;
    uint32_t pass_depth; /* passes under way: a beat cannot start inside a handler */
    /* The handler lists the passes under way hold, outermost first (pass_depth of them), for
     * cairn_world_unwound to let go of when a host's error skipped the passes' own ends. */
    cairn_handler_list **passes;
    uint32_t passes_cap;
    /* Stretches of the core that make good what a failed callback left half done, and so
     * must see the failure come back as an error code (cairn_world_may_unwind). */
    uint32_t unwind_holds;
    cairn_handler_id next_handler_id;
    /* The chains status_give and status_receive, once cairn_status_chains registered them. */
    bool has_status_chains;
    cairn_chain_id status_give, status_receive;

    /* Every kind of name with its records, by cairn_kind: a type's record is its cairn_type,
     * a decorator's its cairn_decorator, a chain name's its world chain (a cairn_chain *),
     * an action's its cairn_action_def, ... (see cairn__registry_init's callers in world.c). */
    cairn_registry registry[CAIRN_KIND_COUNT];

    cairn_entities entities;
    cairn_grid grid;

    /* The portals (portal.c); per cell a bit per side (n, e, s, w) that is in one, so a step
     * that crosses no portal costs one load (NULL until the first portal); and each portal's
     * two edges, sorted, to find the portal of an edge by halving. */
    cairn_portal *portals;
    uint32_t portal_count;
    uint32_t portal_cap;
    uint8_t *portal_sides;
    uint64_t *portal_edges; /* edge key << 11 | portal index, 2 a portal */
    uint32_t portal_edge_cap;
    cairn_arena arena;

    cairn_order order;
    uint8_t phase;      /* a cairn_phase */
    bool in_beat;       /* cairn_world_step is walking the beat order */
    uint32_t act_depth; /* nested cairn_entity_act calls */
    /* Under a turn model, the one character (players and reals phases) that computes, acts
     * and ticks in a beat; NONE: every one does (cairn_world_set_active). */
    cairn_entity_id active;

    /* PlayerControl's activate callback, the host's (cairn_player_set_perform). */
    cairn_activate_fn perform;
    void *perform_ud;

    /* The aim of the cairn_attack_aimed under way, until its attack takes it (NULL: none). */
    const cairn_aim *aim;

    cairn_change *history;
    uint32_t history_count;
    uint32_t history_cap;

    /* The observer (cairn_world_observe), NULL when none: the hot paths test only this. */
    cairn_observer_fn observer;
    void *observer_ud;

    unsigned char *snapshot; /* the last cairn_world_snapshot's bytes, reused */
    size_t snapshot_size;
    size_t snapshot_cap;
};

/* --- hot-path helpers -------------------------------------------------------------------- */

/* The records of the kinds whose records the core reads most, typed. */
static inline cairn_type *cairn__types(const cairn_world *w)
{
    return w->registry[CAIRN_KIND_TYPE].records;
}

/* The type of a valid id (callers have checked it). */
static inline cairn_type *cairn__type(const cairn_world *w, cairn_type_id id)
{
    return &cairn__types(w)[id];
}

static inline cairn_decorator *cairn__decorators(const cairn_world *w)
{
    return w->registry[CAIRN_KIND_DECORATOR].records;
}

static inline cairn_chain **cairn__world_chains(const cairn_world *w)
{
    return w->registry[CAIRN_KIND_CHAIN].records;
}

/* A defined status's record (the id must be known). */
static inline cairn_status_record *cairn__status_record(const cairn_world *w,
                                                        cairn_status_id status)
{
    return (cairn_status_record *)w->registry[CAIRN_KIND_STATUS].records + status;
}

/* The id names an entity that has not been reaped or destroyed. Sets no error. */
static inline bool cairn__entity_current(const cairn_world *w, cairn_entity_id id)
{
    if (id.generation == 0 || id.index >= w->entities.count)
        return false;
    const cairn_entity *e = &w->entities.slots[id.index];
    return (e->flags & CAIRN_ENTITY_USED) && e->generation == id.generation;
}

/* cairn_entity_is_alive, inlined for the core's own use. */
static inline bool cairn__alive(const cairn_world *w, cairn_entity_id id)
{
    return cairn__entity_current(w, id) && !(w->entities.slots[id.index].flags & CAIRN_ENTITY_DEAD);
}

/* cairn_grid_in_bounds, inlined for the core's own use. */
static inline bool cairn__in_bounds(const cairn_world *w, cairn_cell cell)
{
    return cell.x >= 0 && cell.y >= 0 && cell.x < w->grid.width && cell.y < w->grid.height;
}

/* The grid's slot for a layer of an in-bounds cell: the occupant's index + 1, or 0. */
static inline uint32_t *cairn__grid_slot(const cairn_world *w, cairn_cell cell, unsigned layer)
{
    return &w->grid.cells[((size_t)cell.y * (size_t)w->grid.width + (size_t)cell.x) *
                              CAIRN_LAYER_COUNT +
                          layer];
}

/* The entity on a layer of an in-bounds cell, or NONE: cairn_grid_at without the checks its
 * callers in the core have made. */
static inline cairn_entity_id cairn__grid_tenant(const cairn_world *w, cairn_cell cell,
                                                 unsigned layer)
{
    uint32_t s = *cairn__grid_slot(w, cell, layer);
    return s ? (cairn_entity_id){s - 1, w->entities.slots[s - 1].generation} : CAIRN_ENTITY_NONE;
}

/* The entity's data for a decorator, or NULL when its type lacks it or it holds no bytes
 * (the id must be current). */
static inline void *cairn__data(cairn_world *w, cairn_entity_id id, cairn_decorator_id deco)
{
    const cairn_entity *e = &w->entities.slots[id.index];
    long offset = cairn__type_offset(&cairn__types(w)[e->type], deco);
    return offset >= 0 && e->data ? e->data + offset : NULL;
}

/* Tells the observer (the caller has tested that there is one). */
static inline void cairn__observe(cairn_world *w, const cairn_observation *o)
{
    w->observer(w, o, w->observer_ud);
}

/* The cell `steps` steps from `from` going dir, through portals (cairn__walk_portals): in a
 * world without any, which most are, a straight line with no call to find out. Every move,
 * attack, push and dig asks it. */
static inline cairn_cell cairn__walk(const cairn_world *w, cairn_cell from, cairn_dir dir,
                                     int32_t steps)
{
    return w->portal_count ? cairn__walk_portals(w, from, dir, steps)
                           : cairn_cell_step(from, dir, steps);
}

#endif /* CAIRN_WORLD_H */
