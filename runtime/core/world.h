/*
 * world.h - the core's internals: the world's layout and the helpers its files share.
 * Not installed, not for embedders. Internal functions shared between files are named
 * cairn__<module>_<verb>; helpers used by one file are static there.
 */
#ifndef CAIRN_WORLD_H
#define CAIRN_WORLD_H

#include "cairn/core.h"

/* --- memory (alloc.c) ------------------------------------------------------------------ */

/* Every allocation of the core comes through these, so the world can count and cap them.
 * They set the world's message on failure. */
void *cairn__alloc(cairn_world *w, size_t size);
void *cairn__realloc(cairn_world *w, void *ptr, size_t old_size, size_t new_size);
void cairn__free(cairn_world *w, void *ptr, size_t size);

/* Makes room for at least `need` elements of `elem` bytes in the array *items of capacity
 * *cap, doubling. New elements are zeroed. */
cairn_err cairn__reserve(cairn_world *w, void **items, uint32_t *cap, uint32_t need, size_t elem);

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

/* --- the event arena (arena.c) ----------------------------------------------------------
 * A bump allocator over a list of chunks. Reset keeps the chunks, so after the first few
 * beats have grown it to the working size it never allocates again. */
typedef struct cairn_arena_chunk cairn_arena_chunk;

typedef struct cairn_arena {
    cairn_arena_chunk *first;
    cairn_arena_chunk *current;
    size_t capacity; /* bytes in all chunks */
} cairn_arena;

void *cairn__arena_alloc(cairn_world *w, cairn_arena *arena, size_t size);
void cairn__arena_reset(cairn_arena *arena);
void cairn__arena_free(cairn_world *w, cairn_arena *arena);

/* --- chains (chain.c) ------------------------------------------------------------------ */

typedef struct cairn_handler_entry {
    cairn_handler_fn fn;
    void *ud;
    cairn_handler_id id; /* ids grow with every add, so within a rank id order is add order */
    uint8_t rank;
} cairn_handler_entry;

/* The handlers of a chain, sorted by (rank, id). A pass pins the list it runs over; a change
 * to a pinned list builds a new list instead and retires the old one, which the last pass to
 * unpin it frees. That is what makes changes during a pass safe and pass-free of allocation.
 * Retired lists still pinned stay linked to the list that replaced them (older/newer), so a
 * removal reaches every list a pass may still be running over: the removed entry's fn is
 * cleared there, and passes skip entries without one. */
typedef struct cairn_handler_list {
    uint32_t pins;
    uint32_t count;
    uint32_t cap;
    bool retired;
    struct cairn_handler_list *older; /* the pinned list this one replaced, if any */
    struct cairn_handler_list *newer; /* the list that replaced this one (retired lists) */
    cairn_handler_entry items[];
} cairn_handler_list;

typedef enum cairn_chain_scope {
    CAIRN_SCOPE_WORLD,
    CAIRN_SCOPE_TEMPLATE,
    CAIRN_SCOPE_ENTITY
} cairn_chain_scope;

struct cairn_chain {
    cairn_handler_list *list; /* NULL while empty */
    cairn_chain_id name;
    uint8_t scope;      /* a cairn_chain_scope */
    cairn_type_id type; /* for templates: whose */
};

/* CAIRN_ERR_INVALID, with a message, for a handler without a function or with a bad rank. */
cairn_err cairn__handler_check(cairn_world *w, cairn_handler handler);
cairn_chain *cairn__chain_new(cairn_world *w, cairn_chain_scope scope, cairn_chain_id name,
                              cairn_type_id type);
/* A new entity-scope chain named `name` holding the same handlers as `from` (may be NULL). */
cairn_chain *cairn__chain_copy(cairn_world *w, const cairn_chain *from, cairn_chain_id name,
                               cairn_type_id type);
void cairn__chain_free(cairn_world *w, cairn_chain *chain);

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
/* The type of a valid id (callers have checked it). */
cairn_type *cairn__type(cairn_world *w, cairn_type_id id);
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

/* --- entities (entity.c) ---------------------------------------------------------------- */

enum {
    CAIRN_ENTITY_USED = 1 << 0,   /* the slot holds an entity */
    CAIRN_ENTITY_DEAD = 1 << 1,   /* killed, waiting for the end of the beat */
    CAIRN_ENTITY_PLACED = 1 << 2, /* on the grid */
    /* Dead, and on the grid when it died: it left the grid then, and `cell` is where it was.
     * Never with PLACED: the dead cannot be put back. */
    CAIRN_ENTITY_DIED_PLACED = 1 << 3,
};

typedef struct cairn_own_chain {
    cairn_chain_id name;
    cairn_chain *chain;
} cairn_own_chain;

/* One slot of the entity table. Kept small: the benchmark counts bytes per entity. */
struct cairn_entity {
    uint32_t generation;
    uint32_t next_free; /* when the slot is free: the next free slot's index + 1 */
    cairn_cell cell;
    uint32_t spawn_order; /* creation order, for stable orderings */
    cairn_type_id type;
    uint8_t flags;
    uint8_t facing;
    uint16_t own_count; /* chains this entity has its own copy of (at most one per name) */
    uint32_t own_cap;
    cairn_own_chain *own;
    unsigned char *data;
};

typedef struct cairn_entities {
    cairn_entity *slots;
    uint32_t count; /* slots ever used */
    uint32_t cap;
    uint32_t free_head; /* index + 1 of the first free slot, 0 if none */
    uint32_t alive;
    uint32_t next_spawn_order;
    cairn_entity_id *dying; /* killed this beat, in order of death */
    uint32_t dying_count;
    uint32_t dying_cap;
} cairn_entities;

/* The slot of a current id, or NULL with the world's error set. */
cairn_entity *cairn__entity(cairn_world *w, cairn_entity_id id);
/* Destroys the entities killed so far, in the order they died. */
void cairn__entities_reap(cairn_world *w);
void cairn__entities_free(cairn_world *w);
/* cairn_entity_kill with the cause the entity_died event and the history name (the attacker
 * whose damage killed it, the digger; NONE when there is none). */
cairn_err cairn__entity_kill(cairn_world *w, cairn_entity_id id, cairn_entity_id cause);
/* Calls fn for each entity of a type holding its own copy of a chain, in slot order. */
cairn_err cairn__entities_each_copy(cairn_world *w, cairn_type_id type, cairn_chain_id name,
                                    cairn_err (*fn)(cairn_world *w, cairn_chain *copy, void *ud),
                                    void *ud);

/* --- the grid (grid.c) ------------------------------------------------------------------ */

typedef struct cairn_grid {
    int32_t width;
    int32_t height;
    uint32_t *cells; /* width * height * CAIRN_LAYER_COUNT: entity index + 1, 0 is empty */
} cairn_grid;

cairn_err cairn__grid_init(cairn_world *w, int32_t width, int32_t height);
void cairn__grid_free(cairn_world *w);
/* OK if cell is in bounds and empty on that layer; CAIRN_ERR_BOUNDS or CAIRN_ERR_OCCUPIED. */
cairn_err cairn__grid_check_free(cairn_world *w, unsigned layer, cairn_cell cell);
/* Clears an entity's cell on its layer, if it is placed. Never fails. */
void cairn__grid_unlink(cairn_world *w, cairn_entity *e);

/* --- registries (registry.c) ----------------------------------------------------------
 * Every kind of name (cairn_kind) with its records. */
typedef struct cairn_action_def {
    uint8_t count;
    cairn_decorator_id components[CAIRN_ACTION_COMPONENTS_MAX];
} cairn_action_def;

typedef struct cairn_algo_def {
    cairn_algo_fn fn;
    void *ud;
} cairn_algo_def;

typedef struct cairn_movs_def {
    cairn_movs_fn fn;
    void *ud;
} cairn_movs_def;

typedef struct cairn_sequence_def {
    cairn_step *steps;
    uint32_t count;
} cairn_sequence_def;

typedef struct cairn_status_record {
    cairn_status_fn attach;
    cairn_status_fn apply;
    cairn_status_fn tick;
    cairn_status_fn wear_off;
    void *ud;
} cairn_status_record;

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

/* --- the built-in machinery (builtin.c, act.c, attack.c, move.c, dig.c, life.c, movs.c,
 * sequence.c, statused.c) ---------------------------------------------------------------- */

/* Registers the built-in decorators, actions, algorithms, movs and sources, in the order of
 * their constants. */
cairn_err cairn__builtin_init(cairn_world *w);
/* The fields of one built-in decorator, in the order a snapshot writes them; count 0 for
 * one that holds none or is kept another way (Statused). */
const cairn_field *cairn__decorator_fields(cairn_decorator_id deco, size_t *count);
/* Frees the steps every sequence owns (the registry frees the rest). */
void cairn__sequences_free(cairn_world *w);

cairn_err cairn__attack_activate(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                                 cairn_result_event **out, void *ud);
cairn_err cairn__move_activate(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                               cairn_result_event **out, void *ud);
cairn_err cairn__dig_activate(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                              cairn_result_event **out, void *ud);
cairn_err cairn__algo_simple(cairn_world *w, cairn_algo_event *ev, void *ud);
cairn_err cairn__algo_general(cairn_world *w, cairn_algo_event *ev, void *ud);
cairn_err cairn__ticking_tick(cairn_world *w, cairn_entity_id id, void *data, void *ud);
cairn_err cairn__statused_tick(cairn_world *w, cairn_entity_id id, void *data, void *ud);
cairn_err cairn__statused_release(cairn_world *w, cairn_entity_id id, void *data, void *ud);
cairn_err cairn__sequential_compute(cairn_world *w, cairn_entity_id id, void *data, void *ud);
cairn_err cairn__sequential_tick(cairn_world *w, cairn_entity_id id, void *data, void *ud);
cairn_err cairn__player_compute(cairn_world *w, cairn_entity_id id, void *data, void *ud);
cairn_err cairn__movs_builtin(cairn_world *w, cairn_entity_id actor, cairn_dir *dirs, size_t *count,
                              void *ud);

/* Where a travel (a move or a push) got to. */
typedef struct cairn_travel {
    int32_t moved;           /* cells entered */
    cairn_cell reached;      /* the last cell entered; the starting cell when none was */
    cairn_entity_id blocker; /* what stood in the next cell, when an entity stopped it */
} cairn_travel;

/* Moves a placed entity cell by cell towards `to` (move.c), each cell entered through
 * cairn_entity_displace with `cause`. It stops on reaching `to`, before the first cell that is
 * off the grid or holds a blocker (cairn__blocker), at a displace_check veto, and when a
 * handler has killed the entity or moved it elsewhere. */
cairn_err cairn__travel(cairn_world *w, cairn_entity_id target, cairn_cell to,
                        cairn_entity_id cause, cairn_travel *out);
/* A result event of a built-in component, zeroed, with its component set. NULL on NOMEM. */
cairn_result_event *cairn__result_new(cairn_world *w, cairn_decorator_id component, size_t size,
                                      cairn_entity_id actor, cairn_dir dir);
/* Ends a component: sets success, passes the success or failure chain, stores *out. */
cairn_err cairn__result_finish(cairn_world *w, cairn_result_event *ev, bool success,
                               cairn_chain_id on_success, cairn_chain_id on_failure,
                               cairn_result_event **out);
/* Passes a check or get stage on an entity; *held says whether it ran through. */
cairn_err cairn__stage(cairn_world *w, cairn_entity_id id, cairn_chain_id name, cairn_event *ev,
                       bool *held);
/* The first entity on the cell that stops a move of an entity of `layer`: a wall, or an
 * entity of the same layer. NONE when the cell is free; *in_bounds false off the grid. */
cairn_entity_id cairn__blocker(cairn_world *w, cairn_cell cell, unsigned layer, bool *in_bounds);

/* --- beat order and history (beat.c, history.c) ---------------------------------------- */

typedef struct cairn_order_entry {
    cairn_entity_id id;
    uint32_t spawn_order;
    int32_t priority;
    uint8_t phase;
} cairn_order_entry;

/* Entities that act or tick, sorted by (phase, -priority, spawn order). During a beat new
 * ones wait in `pending` so that the arrays being walked never move. */
typedef struct cairn_order {
    cairn_order_entry *items;
    uint32_t count;
    uint32_t cap;
    cairn_order_entry *pending;
    uint32_t pending_count;
    uint32_t pending_cap;
    bool stale;   /* some entry names an entity that is gone */
    bool reorder; /* a priority changed during the beat: sort again when it settles */
} cairn_order;

/* Enters a new entity into the beat order if its type acts or ticks. */
cairn_err cairn__order_add(cairn_world *w, cairn_entity_id id, const cairn_entity *e);
void cairn__order_free(cairn_world *w);

/* Turns a current entity to face dir, recording the turn when its facing changes. */
cairn_err cairn__entity_turn(cairn_world *w, cairn_entity_id id, cairn_dir facing);
/* Appends a change, stamped with the world's phase. */
cairn_err cairn__history_add(cairn_world *w, cairn_change change);
/* Takes back the changes recorded for an entity whose creation is being undone. */
void cairn__history_drop(cairn_world *w, cairn_entity_id id);
void cairn__history_free(cairn_world *w);

/* --- snapshots and the checksum (snapshot.c) ------------------------------------------------
 * The world's state is written as a stream of fixed-width little-endian fields. A sink hashes
 * the stream (the checksum) and, for a snapshot, also keeps it in the world's buffer; a
 * source reads it back, never past its end. */
typedef struct cairn_sink {
    uint64_t hash;
    cairn_world *keep; /* the world whose snapshot buffer takes the bytes; NULL: hash only */
    cairn_err status;
} cairn_sink;

typedef struct cairn_source {
    const unsigned char *at;
    const unsigned char *end;
    bool short_read; /* a read went past the end: what it returned is 0 */
} cairn_source;

/* Writes the low `bytes` bytes of v, least significant first. */
void cairn__sink_put(cairn_sink *s, uint64_t v, int bytes);
uint64_t cairn__source_get(cairn_source *src, int bytes);
/* Statused's part (statused.c, which owns the layout of its statuses): the statuses of one
 * data block, and reading them back into a fresh block. A restore then calls each status's
 * attach function to put its handlers back (cairn__statused_reattach). */
void cairn__statused_put(cairn_sink *s, const void *data);
cairn_err cairn__statused_get(cairn_world *w, cairn_source *src, void *data);
cairn_err cairn__statused_reattach(cairn_world *w, cairn_entity_id id);
/* CAIRN_ERR_STATE, with a message, when one of the entity's statuses holds handlers that a
 * restore could not put back: it hooked them without an attach function. */
cairn_err cairn__statused_check(cairn_world *w, cairn_entity_id id);
/* The handlers the entity's statuses hold on a chain. */
uint32_t cairn__statused_handlers_on(const cairn_world *w, cairn_entity_id id,
                                     cairn_chain_id chain);

/* --- chain names (world.c) ------------------------------------------------------------- */

/* CAIRN_ERR_NOT_FOUND, with a message, for an id no chain name has. */
cairn_err cairn__chain_name_check(cairn_world *w, cairn_chain_id name);

/* --- the world (world.c) ---------------------------------------------------------------- */

struct cairn_world {
    cairn_alloc_fn alloc;
    void *alloc_ud;
    void *user; /* the embedder's, from the config */
    uint64_t allocations;
    size_t bytes_in_use;

    cairn_error error;
    cairn_rng rng;
    uint64_t beat;
    uint32_t pass_depth; /* passes under way: a beat cannot start inside a handler */
    cairn_handler_id next_handler_id;

    /* Every kind of name with its records, by cairn_kind: a type's record is its cairn_type,
     * a decorator's its cairn_decorator, a chain name's its world chain (a cairn_chain *),
     * an action's its cairn_action_def, ... (see cairn__registry_init's callers in world.c). */
    cairn_registry registry[CAIRN_KIND_COUNT];

    cairn_entities entities;
    cairn_grid grid;
    cairn_arena arena;

    cairn_order order;
    uint8_t phase;      /* a cairn_phase */
    bool in_beat;       /* cairn_world_step is walking the beat order */
    uint32_t act_depth; /* nested cairn_entity_act calls */

    cairn_change *history;
    uint32_t history_count;
    uint32_t history_cap;

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

static inline cairn_decorator *cairn__decorators(const cairn_world *w)
{
    return w->registry[CAIRN_KIND_DECORATOR].records;
}

static inline cairn_chain **cairn__world_chains(const cairn_world *w)
{
    return w->registry[CAIRN_KIND_CHAIN].records;
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

/* The entity's data for a decorator, or NULL when its type lacks it or it holds no bytes
 * (the id must be current). */
static inline void *cairn__data(cairn_world *w, cairn_entity_id id, cairn_decorator_id deco)
{
    const cairn_entity *e = &w->entities.slots[id.index];
    long offset = cairn__type_offset(&cairn__types(w)[e->type], deco);
    return offset >= 0 && e->data ? e->data + offset : NULL;
}

#endif /* CAIRN_WORLD_H */
