/*
 * cairn/core.h - the public API of cairn's core: worlds, chains, events, entities, types,
 * the grid, directions and the random number generator. Pure C11, no Lua.
 *
 * Conventions that hold for every function below unless its comment says otherwise:
 *
 * - Functions that can fail return a cairn_status. CAIRN_OK (0) is success; any other value
 *   is an error, and the world's message (cairn_world_error) says what was wrong in words a
 *   user can be shown. Out-parameters are written only on success. Nothing in the core aborts
 *   or dereferences a bad handle on bad input: a stale entity id, an out-of-bounds cell, a full
 *   layer, an unknown name or id is an error code, never a crash. (The world pointer, an rng
 *   pointer and required out-parameters must not be NULL: that is a bug in the caller, not
 *   bad input, and is not checked.)
 * - The world owns everything it creates (types, chains, entities, events). Pointers the
 *   core hands out (a cairn_chain *, a cairn_event *, decorator data) stay owned by the world
 *   and are valid for the lifetime stated next to the function that returns them.
 * - Strings passed in are copied when the core keeps them; the caller keeps ownership.
 * - All memory goes through the world's allocator (cairn_world_config.alloc).
 * - Nothing here reads the clock, calls rand() or depends on pointer values or hash order:
 *   the same calls in the same order give the same world, bit for bit.
 */
#ifndef CAIRN_CORE_H
#define CAIRN_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The world: owner of everything below. See "Worlds". */
typedef struct cairn_world cairn_world;

/* ---------------------------------------------------------------------------------------
 * Version
 */

/* The runtime's version, "MAJOR.MINOR.PATCH". Static storage. */
const char *cairn_version(void);

/* ---------------------------------------------------------------------------------------
 * Errors
 */

typedef enum cairn_status {
    CAIRN_OK = 0,
    CAIRN_ERR_NOMEM,     /* the allocator refused */
    CAIRN_ERR_INVALID,   /* a bad argument: NULL, negative size, unknown enum value, ... */
    CAIRN_ERR_STALE,     /* an entity id whose entity is gone (dead and reaped) */
    CAIRN_ERR_BOUNDS,    /* a cell outside the grid */
    CAIRN_ERR_OCCUPIED,  /* the cell's layer already holds an entity */
    CAIRN_ERR_NOT_FOUND, /* no such name, handler or decorator */
    CAIRN_ERR_EXISTS,    /* a name registered twice */
    CAIRN_ERR_LIMIT,     /* a fixed capacity would be exceeded */
    CAIRN_ERR_STATE,     /* the call is not allowed in the object's current state */
    CAIRN_ERR_HANDLER,   /* a handler reported a failure (its message says which) */
    CAIRN_STATUS_COUNT
} cairn_status;

/* A short, static name for a status: "stale entity", "out of bounds", ... */
const char *cairn_status_name(cairn_status status);

/* Where functions that have no world to hold a message report one. */
#define CAIRN_ERROR_MESSAGE_SIZE 256
typedef struct cairn_error {
    cairn_status status;
    char message[CAIRN_ERROR_MESSAGE_SIZE];
} cairn_error;

/* ---------------------------------------------------------------------------------------
 * Allocator
 *
 * One function does all the core's memory work, with the contract of Lua's lua_Alloc:
 * new_size == 0 frees ptr (which may be NULL) and returns NULL; otherwise it returns a block
 * of new_size bytes holding the first min(old_size, new_size) bytes of ptr (NULL ptr: a new
 * block), or NULL on failure, leaving ptr untouched. old_size is the size ptr was allocated
 * with (0 when ptr is NULL). Blocks must be aligned for max_align_t, as malloc's are. The
 * embedder may replace it to count or cap memory.
 */
typedef void *(*cairn_alloc_fn)(void *ud, void *ptr, size_t old_size, size_t new_size);

/* The default allocator, over realloc and free. */
void *cairn_default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size);

/* ---------------------------------------------------------------------------------------
 * Random numbers
 *
 * PCG32 (O'Neill's permuted congruential generator, XSH RR output): 16 bytes of state,
 * fast, statistically sound for games, reproducible on every platform. A value type: copy it
 * to fork a stream. It never allocates and never fails once seeded.
 */
typedef struct cairn_rng {
    uint64_t state;
    uint64_t inc; /* always odd */
} cairn_rng;

#define CAIRN_RNG_STATE_SIZE 16

/* Seeds a generator. Different streams with the same seed give independent sequences; only
 * the low 63 bits of stream count. */
void cairn_rng_seed(cairn_rng *rng, uint64_t seed, uint64_t stream);
/* The next 32 uniformly distributed bits. */
uint32_t cairn_rng_next(cairn_rng *rng);
/* A uniform integer in [0, bound). bound == 0 returns 0. Unbiased. */
uint32_t cairn_rng_below(cairn_rng *rng, uint32_t bound);
/* A uniform integer in [lo, hi], both inclusive. lo > hi returns lo. */
int32_t cairn_rng_range(cairn_rng *rng, int32_t lo, int32_t hi);
/* Writes the state in a fixed little-endian layout, the same on every platform. */
void cairn_rng_save(const cairn_rng *rng, uint8_t out[CAIRN_RNG_STATE_SIZE]);
/* Restores a state written by cairn_rng_save. Fails with CAIRN_ERR_INVALID (and a message in
 * err, which may be NULL) when len is not CAIRN_RNG_STATE_SIZE or the bytes cannot be a
 * saved state; rng is then unchanged. */
cairn_status cairn_rng_load(cairn_rng *rng, const uint8_t *in, size_t len, cairn_error *err);

/* ---------------------------------------------------------------------------------------
 * Directions and cells
 *
 * Eight directions, clockwise from north; y grows downwards (south), as on a screen.
 * CAIRN_DIR_NONE means "no direction" and is accepted wherever a direction is.
 */
typedef enum cairn_dir {
    CAIRN_DIR_N,
    CAIRN_DIR_NE,
    CAIRN_DIR_E,
    CAIRN_DIR_SE,
    CAIRN_DIR_S,
    CAIRN_DIR_SW,
    CAIRN_DIR_W,
    CAIRN_DIR_NW,
    CAIRN_DIR_NONE
} cairn_dir;

#define CAIRN_DIR_COUNT 8

typedef struct cairn_cell {
    int32_t x;
    int32_t y;
} cairn_cell;

/* The unit step of a direction ((0, 0) for NONE and for values out of range). */
int cairn_dir_dx(cairn_dir dir);
int cairn_dir_dy(cairn_dir dir);
/* Rotates by steps of 45 degrees, clockwise for positive steps. NONE stays NONE. */
cairn_dir cairn_dir_rotate(cairn_dir dir, int steps);
/* The opposite direction. NONE stays NONE. */
cairn_dir cairn_dir_opposite(cairn_dir dir);
bool cairn_dir_is_diagonal(cairn_dir dir);
bool cairn_dir_is_orthogonal(cairn_dir dir);
/* How many 45-degree steps separate two directions, 0 to 4; -1 when either is NONE. */
int cairn_dir_distance(cairn_dir a, cairn_dir b);
/* The direction of a delta by its signs: (3, -7) is NE. (0, 0) is NONE. */
cairn_dir cairn_dir_from_delta(int dx, int dy);
/* "n", "ne", ... "nw", "none". Static storage. */
const char *cairn_dir_name(cairn_dir dir);
/* The cell `steps` steps away in dir; coordinates saturate at the limits of int32_t. */
cairn_cell cairn_cell_step(cairn_cell cell, cairn_dir dir, int steps);

/* ---------------------------------------------------------------------------------------
 * Layers
 *
 * Each cell holds at most one entity per layer. The order is the order of the enum.
 */
typedef enum cairn_layer {
    CAIRN_LAYER_FLOOR,
    CAIRN_LAYER_TRAP,
    CAIRN_LAYER_ITEM,
    CAIRN_LAYER_WALL,
    CAIRN_LAYER_REAL,
    CAIRN_LAYER_PROJECTILE,
    CAIRN_LAYER_MISC,
    CAIRN_LAYER_COUNT
} cairn_layer;

/* "floor", "trap", ... Static storage; "?" for values out of range. */
const char *cairn_layer_name(cairn_layer layer);

/* ---------------------------------------------------------------------------------------
 * Identifiers
 *
 * Entities are named by generational ids: the slot index plus the generation the slot had
 * when the entity was created. A slot's generation changes when its entity is reaped, so an
 * old id never reaches the slot's next tenant: it is reported as CAIRN_ERR_STALE.
 * Generation 0 is never used: {0, 0} (CAIRN_ENTITY_NONE) names no entity.
 *
 * Types, decorators and chain names get small integer ids in registration order, so the same
 * load order always gives the same ids (which saves and replays rely on).
 */
typedef struct cairn_entity_id {
    uint32_t index;
    uint32_t generation;
} cairn_entity_id;

#define CAIRN_ENTITY_NONE ((cairn_entity_id){0, 0})

static inline bool cairn_entity_id_eq(cairn_entity_id a, cairn_entity_id b)
{
    return a.index == b.index && a.generation == b.generation;
}

static inline bool cairn_entity_id_is_none(cairn_entity_id id)
{
    return id.generation == 0;
}

/* The longest name of a type, decorator or chain, in bytes. */
#define CAIRN_NAME_MAX 63

typedef uint16_t cairn_type_id;
typedef uint16_t cairn_decorator_id;
typedef uint16_t cairn_chain_name;
typedef uint32_t cairn_handler_id;

/* ---------------------------------------------------------------------------------------
 * Events
 *
 * Every event starts with a cairn_event head; the kind says which struct it is the head of.
 * Events are allocated from the world's per-beat arena: they are valid from their creation
 * until the start of the next beat (cairn_world_step), when the arena is reset. Never free an
 * event and never keep one across beats.
 */
typedef enum cairn_event_kind {
    CAIRN_EVENT_PLAIN,     /* only the head */
    CAIRN_EVENT_BEAT,      /* cairn_beat_event: beat_start, beat_end */
    CAIRN_EVENT_ENTITY,    /* cairn_entity_event: entity_spawned, entity_died */
    CAIRN_EVENT_ENCLOSING, /* cairn_enclosing_event: an actor's whole action */
    CAIRN_EVENT_ALGO,      /* cairn_algo_event: what the algorithm settled on */
    CAIRN_EVENT_RESULT,    /* cairn_result_event: what an action component did */
    CAIRN_EVENT_KIND_COUNT
} cairn_event_kind;

/* An action as events carry it: which action (ids are defined by the action registry; 0 is
 * "none") and in which direction. */
typedef struct cairn_action {
    uint16_t id;
    uint8_t dir; /* a cairn_dir */
} cairn_action;

/* The common head. propagate starts true; a handler clears it to stop a check pass.
 * success starts false. */
typedef struct cairn_event {
    cairn_entity_id actor;
    cairn_action action;
    uint8_t kind; /* a cairn_event_kind */
    bool propagate;
    bool success;
} cairn_event;

typedef struct cairn_beat_event {
    cairn_event head;
    uint64_t beat;
} cairn_beat_event;

typedef struct cairn_entity_event {
    cairn_event head;
    cairn_entity_id entity;
} cairn_entity_event;

struct cairn_algo_event;

/* The outermost level of an action: did the check stage hold, did the action succeed, and
 * the algorithm's event (NULL when the check failed). */
typedef struct cairn_enclosing_event {
    cairn_event head;
    bool check_success;
    struct cairn_algo_event *algo;
} cairn_enclosing_event;

/* The middle level: the direction the algorithm settled on and the result event of the
 * action component that succeeded (NULL when none did). */
typedef struct cairn_algo_event {
    cairn_event head;
    uint8_t direction; /* a cairn_dir */
    cairn_event *result;
} cairn_algo_event;

/* The innermost level, produced by a capability (attacking, moving, ...). The per-action
 * contents extend this head. */
typedef struct cairn_result_event {
    cairn_event head;
} cairn_result_event;

/* Creates an event of a built-in kind, zeroed but for the head: actor and action as given,
 * propagate true, success false. Returns NULL (with the world's message set) when the arena
 * cannot grow. */
cairn_event *cairn_event_new(cairn_world *w, cairn_event_kind kind, cairn_entity_id actor,
                             cairn_action action);
/* The same for an event struct of any size whose first member is a cairn_event. Kinds from
 * CAIRN_EVENT_KIND_COUNT up are free for layers above the core; size must be at least
 * sizeof(cairn_event), and for a built-in kind at least the size of its struct. */
cairn_event *cairn_event_new_sized(cairn_world *w, uint8_t kind, size_t size, cairn_entity_id actor,
                                   cairn_action action);

/* Checked downcasts: NULL when ev is NULL or of another kind. */
cairn_beat_event *cairn_event_as_beat(cairn_event *ev);
cairn_entity_event *cairn_event_as_entity(cairn_event *ev);
cairn_enclosing_event *cairn_event_as_enclosing(cairn_event *ev);
cairn_algo_event *cairn_event_as_algo(cairn_event *ev);
cairn_result_event *cairn_event_as_result(cairn_event *ev);

/* ---------------------------------------------------------------------------------------
 * Worlds
 */

typedef struct cairn_world_config {
    int32_t width;        /* grid cells, 1 .. CAIRN_GRID_MAX_SIDE */
    int32_t height;       /* grid cells, 1 .. CAIRN_GRID_MAX_SIDE */
    uint64_t seed;        /* seeds the world's RNG */
    cairn_alloc_fn alloc; /* NULL: cairn_default_alloc */
    void *alloc_ud;
} cairn_world_config;

#define CAIRN_GRID_MAX_SIDE 4096

/* Creates a world. On failure returns the status, leaves *out NULL and, when err is not NULL,
 * writes the reason there. The caller owns the world and frees it with cairn_world_destroy. */
cairn_status cairn_world_create(const cairn_world_config *config, cairn_world **out,
                                cairn_error *err);
/* Frees the world and everything it owns. NULL is accepted. Must not be called from inside a
 * handler. */
void cairn_world_destroy(cairn_world *w);

/* The message of the last failed call on this world ("" if none failed yet). Owned by the
 * world, valid until the next call that fails. */
const char *cairn_world_error(const cairn_world *w);
/* The status of the last failed call (CAIRN_OK if none failed yet). */
cairn_status cairn_world_error_status(const cairn_world *w);

/* The world's generator: the only source of randomness on the simulation path. Owned by the
 * world; save and restore it with cairn_rng_save / cairn_rng_load. */
cairn_rng *cairn_world_rng(cairn_world *w);

/* The number of the current (or last) beat: 0 before the first cairn_world_step, which
 * counts a beat as it starts it, so beat_start and beat_end handlers of the first beat see 1. */
uint64_t cairn_world_beat(const cairn_world *w);

/* Runs one beat: resets the event arena, passes beat_start, reaps the entities that died
 * (removing them from every layer and freeing their slots), passes beat_end.
 * A handler failure stops the beat at that point and is returned. Called from inside a
 * handler it is refused with CAIRN_ERR_STATE (it would end the events being passed). */
cairn_status cairn_world_step(cairn_world *w);

/* Counters for tests and the benchmark: allocator calls that allocated or grew a block, and
 * the bytes currently held. */
typedef struct cairn_world_stats {
    uint64_t allocations;
    size_t bytes_in_use;
    uint32_t entities_alive;
    size_t arena_bytes;
} cairn_world_stats;

void cairn_world_get_stats(const cairn_world *w, cairn_world_stats *out);

/* ---------------------------------------------------------------------------------------
 * Chains
 *
 * A chain is an ordered list of handlers run over one event. Handlers run by rank, HIGHEST
 * first and LOWEST last; within a rank, in the order they were added. A pass iterates the
 * handlers as they were when it started: a handler added or removed during a pass (by any
 * handler, including itself) takes effect from the next pass. Passing never allocates.
 *
 * Chains are owned by the world: world-level chains, per-type templates and per-entity copies.
 */
typedef enum cairn_rank {
    CAIRN_RANK_HIGHEST,
    CAIRN_RANK_HIGH,
    CAIRN_RANK_MEDIUM,
    CAIRN_RANK_LOW,
    CAIRN_RANK_LOWEST,
    CAIRN_RANK_COUNT
} cairn_rank;

/* A handler. It returns CAIRN_OK, or an error status after setting the world's message (see
 * cairn_world_fail); an error stops the pass and is returned by it. */
typedef cairn_status (*cairn_handler_fn)(cairn_world *w, cairn_event *ev, void *ud);

typedef struct cairn_handler {
    cairn_handler_fn fn;
    void *ud; /* borrowed: the core never frees it */
    cairn_rank rank;
} cairn_handler;

typedef struct cairn_chain cairn_chain;

/* Built-in chain names, registered by every world in this order. */
enum {
    CAIRN_CHAIN_BEAT_START,     /* world: cairn_beat_event, at the start of each beat */
    CAIRN_CHAIN_BEAT_END,       /* world: cairn_beat_event, at the end of each beat */
    CAIRN_CHAIN_ENTITY_SPAWNED, /* world: cairn_entity_event, after an entity is created */
    CAIRN_CHAIN_ENTITY_DIED,    /* world: cairn_entity_event, when an entity is killed */
    CAIRN_CHAIN_BUILTIN_COUNT
};

/* Registers a chain name, or finds it if registered already, and makes its world chain. Names, here
 * and for decorators and types, are 1 to CAIRN_NAME_MAX bytes of [A-Za-z0-9_.:-]. */
cairn_status cairn_chain_name_register(cairn_world *w, const char *name, cairn_chain_name *out);
cairn_status cairn_chain_name_find(cairn_world *w, const char *name, cairn_chain_name *out);
/* The name's text, or NULL for an unknown id. Owned by the world; like every name's text
 * (cairn_decorator_name, cairn_type_name), valid until the next name of its kind is
 * registered: copy it to keep it. */
const char *cairn_chain_name_text(const cairn_world *w, cairn_chain_name name);

/* The world-level chain of that name (every registered name has one). Valid for the world's
 * lifetime. NULL, with the world's message set, for an unknown name. */
cairn_chain *cairn_world_chain(cairn_world *w, cairn_chain_name name);

/* Adds a handler; *out_id (may be NULL) receives its id, unique within the world. */
cairn_status cairn_chain_add(cairn_world *w, cairn_chain *chain, cairn_handler handler,
                             cairn_handler_id *out_id);
/* Removes a handler by id. CAIRN_ERR_NOT_FOUND if the chain does not hold it. */
cairn_status cairn_chain_remove(cairn_world *w, cairn_chain *chain, cairn_handler_id id);
/* How many handlers the next pass will run. */
size_t cairn_chain_count(const cairn_chain *chain);

/* Runs handlers in order until one clears ev->propagate (a check stage). Whether the pass
 * ran through is ev->propagate afterwards. A NULL chain is an empty chain. */
cairn_status cairn_chain_pass(cairn_world *w, cairn_chain *chain, cairn_event *ev);
/* Runs every handler whatever propagate says (a notification stage). */
cairn_status cairn_chain_pass_all(cairn_world *w, cairn_chain *chain, cairn_event *ev);

/* ---------------------------------------------------------------------------------------
 * Decorators and types
 *
 * A decorator is a named capability with a block of per-entity data. A type lists its
 * decorators; every entity of the type gets one data block per decorator, initialised from
 * the type's defaults. A type also has a chain template: its entities share its chains until
 * a handler is hooked onto one entity, which then gets a copy of that one chain.
 *
 * A type is sealed when its first entity is created: its decorators can no longer change
 * (its chains and defaults still can; changes to the template also reach every entity that
 * holds a copy of that chain, in the same order they would have had).
 */
#define CAIRN_DECORATOR_DATA_MAX 4096

/* Registers a decorator whose per-entity block is data_size bytes (0 .. DATA_MAX), aligned
 * for any scalar type (max_align_t). */
cairn_status cairn_decorator_register(cairn_world *w, const char *name, size_t data_size,
                                      cairn_decorator_id *out);
cairn_status cairn_decorator_find(cairn_world *w, const char *name, cairn_decorator_id *out);
const char *cairn_decorator_name(const cairn_world *w, cairn_decorator_id deco);

/* Registers a type (by convention "pack:name") whose entities live on the given layer. */
cairn_status cairn_type_register(cairn_world *w, const char *name, cairn_layer layer,
                                 cairn_type_id *out);
cairn_status cairn_type_find(cairn_world *w, const char *name, cairn_type_id *out);
const char *cairn_type_name(const cairn_world *w, cairn_type_id type);
/* How many types are registered; their ids are 0 .. count-1, in registration order. */
size_t cairn_type_count(const cairn_world *w);

/* Adds a decorator to a type. Fails with CAIRN_ERR_EXISTS if the type has it already and
 * CAIRN_ERR_STATE once the type is sealed. */
cairn_status cairn_type_add_decorator(cairn_world *w, cairn_type_id type, cairn_decorator_id deco);
bool cairn_type_has_decorator(const cairn_world *w, cairn_type_id type, cairn_decorator_id deco);
/* The type's default block for a decorator it has, copied into each new entity. Writable;
 * owned by the world; valid until the next cairn_type_add_decorator on this type. */
cairn_status cairn_type_defaults(cairn_world *w, cairn_type_id type, cairn_decorator_id deco,
                                 void **out);
/* The type's template chain of that name, created empty if need be. Valid for the world's
 * lifetime. Handlers added to it reach every entity of the type. */
cairn_status cairn_type_chain(cairn_world *w, cairn_type_id type, cairn_chain_name name,
                              cairn_chain **out);

/* ---------------------------------------------------------------------------------------
 * Entities
 */
#define CAIRN_ENTITY_MAX (UINT32_C(1) << 24)

/* Creates an entity of a type, off the grid, and passes entity_spawned. */
cairn_status cairn_entity_create(cairn_world *w, cairn_type_id type, cairn_entity_id *out);
/* Creates an entity and places it at cell on its type's layer. A cell that is out of bounds or
 * taken is refused before anything happens. If an entity_spawned handler fails, the entity
 * is destroyed again (its id is stale, its type stays sealed) and the failure is returned. */
cairn_status cairn_entity_spawn(cairn_world *w, cairn_type_id type, cairn_cell cell,
                                cairn_entity_id *out);
/* Marks a living entity dead and passes entity_died. It stays in its cell, readable, until
 * the end of the beat (or cairn_entity_destroy), but no longer counts as alive. Killing a
 * dead entity is CAIRN_ERR_STATE. */
cairn_status cairn_entity_kill(cairn_world *w, cairn_entity_id id);
/* Removes an entity at once, dead or alive: off the grid, data freed, slot released for
 * reuse under a new generation. Every id of it becomes stale. Passes no chain. */
cairn_status cairn_entity_destroy(cairn_world *w, cairn_entity_id id);

/* OK if the id names an entity that has not been reaped; CAIRN_ERR_STALE (with a message
 * naming the slot and both generations) or CAIRN_ERR_INVALID otherwise. */
cairn_status cairn_entity_check(cairn_world *w, cairn_entity_id id);
/* True when the id is current and the entity has not been killed. Never sets an error. */
bool cairn_entity_is_alive(const cairn_world *w, cairn_entity_id id);

cairn_status cairn_entity_type(cairn_world *w, cairn_entity_id id, cairn_type_id *out);
/* The cell of a placed entity; CAIRN_ERR_STATE for an entity off the grid. */
cairn_status cairn_entity_cell(cairn_world *w, cairn_entity_id id, cairn_cell *out);
cairn_status cairn_entity_layer(cairn_world *w, cairn_entity_id id, cairn_layer *out);
cairn_status cairn_entity_facing(cairn_world *w, cairn_entity_id id, cairn_dir *out);
cairn_status cairn_entity_set_facing(cairn_world *w, cairn_entity_id id, cairn_dir facing);
/* The entity's data block for one of its type's decorators (CAIRN_ERR_NOT_FOUND if the type
 * lacks it). Owned by the world; valid until the entity is reaped or destroyed. */
cairn_status cairn_entity_data(cairn_world *w, cairn_entity_id id, cairn_decorator_id deco,
                               void **out);

/* The chain the entity's passes use for that name: its own copy if it has one, otherwise its
 * type's template (NULL if the type has no such chain: an empty chain). Valid until the next
 * hook or unhook on this entity. */
cairn_status cairn_entity_chain(cairn_world *w, cairn_entity_id id, cairn_chain_name name,
                                cairn_chain **out);
/* Adds a handler to this entity alone: the first hook on a chain gives the entity its own copy
 * of its type's chain (copy on write); siblings keep sharing the template. */
cairn_status cairn_entity_hook(cairn_world *w, cairn_entity_id id, cairn_chain_name name,
                               cairn_handler handler, cairn_handler_id *out_id);
/* Removes a handler from this entity's own chain (CAIRN_ERR_NOT_FOUND when the entity has no
 * copy of the chain or the copy lacks the handler). */
cairn_status cairn_entity_unhook(cairn_world *w, cairn_entity_id id, cairn_chain_name name,
                                 cairn_handler_id handler);
/* Passes the entity's chain of that name (cairn_chain_pass / cairn_chain_pass_all). */
cairn_status cairn_entity_pass(cairn_world *w, cairn_entity_id id, cairn_chain_name name,
                               cairn_event *ev);
cairn_status cairn_entity_pass_all(cairn_world *w, cairn_entity_id id, cairn_chain_name name,
                                   cairn_event *ev);

/* ---------------------------------------------------------------------------------------
 * Grid
 *
 * width x height cells, each with one slot per layer. An entity is on the layer of its type.
 */
int32_t cairn_grid_width(const cairn_world *w);
int32_t cairn_grid_height(const cairn_world *w);
bool cairn_grid_in_bounds(const cairn_world *w, cairn_cell cell);

/* Puts an entity that is off the grid into a cell. CAIRN_ERR_BOUNDS, CAIRN_ERR_OCCUPIED (the
 * layer holds another entity) or CAIRN_ERR_STATE (already placed) leave everything as it was. */
cairn_status cairn_grid_place(cairn_world *w, cairn_entity_id id, cairn_cell cell);
/* Takes an entity off the grid (it stays alive). CAIRN_ERR_STATE if it was not placed. */
cairn_status cairn_grid_remove(cairn_world *w, cairn_entity_id id);
/* Moves a placed entity to another cell of its layer; on failure it stays where it was. */
cairn_status cairn_grid_move(cairn_world *w, cairn_entity_id id, cairn_cell to);
/* The entity on a layer of a cell, CAIRN_ENTITY_NONE when there is none. */
cairn_status cairn_grid_at(cairn_world *w, cairn_cell cell, cairn_layer layer,
                           cairn_entity_id *out);

/* ---------------------------------------------------------------------------------------
 * Reporting errors from outside the core
 */

/* Sets the world's message (printf-style) and returns status, for handlers and embedders
 * that fail: `return cairn_world_fail(w, CAIRN_ERR_HANDLER, "no target at %d,%d", x, y);` */
cairn_status cairn_world_fail(cairn_world *w, cairn_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#ifdef __cplusplus
}
#endif

#endif /* CAIRN_CORE_H */
