/*
 * cairn/kernel.h - the kernel of cairn's core: errors, the allocator, random numbers,
 * directions and cells, layers, names and ids, events, worlds, chains, decorators and types,
 * entities and the grid. The mechanics (cairn/mechanics.h) are built on it; it names their
 * built-in chains and event kinds, so that those ids are fixed, but declares none of their
 * data or functions, and its code calls none of them: the mechanics register with each world
 * what they do when it is made and freed and when an entity is created, spawned, killed,
 * turned or destroyed (the beat order takes it in, the history records it), and
 * cairn_world_create makes a world with the built-in mechanics registered. The conventions
 * in cairn/core.h hold here.
 */
#ifndef CAIRN_KERNEL_H
#define CAIRN_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Marks the public API, in every header of cairn: the functions and data libcairn exports.
 * The library is built with everything else hidden, so that an embedder links against what
 * the headers declare and nothing more. */
#if defined(__GNUC__) || defined(__clang__)
#define CAIRN_API __attribute__((visibility("default")))
#else
#define CAIRN_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The world: owner of everything in both layers. See "Worlds". */
typedef struct cairn_world cairn_world;

/* ---------------------------------------------------------------------------------------
 * Version
 */

/* The runtime's version, "MAJOR.MINOR.PATCH". Static storage. */
CAIRN_API const char *cairn_version(void);

/* ---------------------------------------------------------------------------------------
 * Hashing
 */

/* FNV-1a (64 bits) over bytes, going on from sum (CAIRN_HASH_START to begin): what packs'
 * content hashes and saves' checks are made of. It tells apart texts that differ by
 * accident or by an edit; it is no defence against someone forging a text on purpose. */
#define CAIRN_HASH_START UINT64_C(0xcbf29ce484222325)
CAIRN_API uint64_t cairn_hash(uint64_t sum, const void *bytes, size_t size);

/* ---------------------------------------------------------------------------------------
 * Errors
 */

typedef enum cairn_err {
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
    CAIRN_ERR_COUNT
} cairn_err;

/* A short, static name for an error code: "stale entity", "out of bounds", ... */
CAIRN_API const char *cairn_err_name(cairn_err code);

/* Where functions that have no world to hold a message report one. */
#define CAIRN_ERROR_MESSAGE_SIZE 256
typedef struct cairn_error {
    cairn_err code;
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
CAIRN_API void *cairn_default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size);

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
CAIRN_API void cairn_rng_seed(cairn_rng *rng, uint64_t seed, uint64_t stream);
/* The next 32 uniformly distributed bits. */
CAIRN_API uint32_t cairn_rng_next(cairn_rng *rng);
/* A uniform integer in [0, bound). bound == 0 returns 0. Unbiased. */
CAIRN_API uint32_t cairn_rng_below(cairn_rng *rng, uint32_t bound);
/* A uniform integer in [lo, hi], both inclusive. lo > hi returns lo. */
CAIRN_API int32_t cairn_rng_range(cairn_rng *rng, int32_t lo, int32_t hi);
/* Writes the state in a fixed little-endian layout, the same on every platform. */
CAIRN_API void cairn_rng_save(const cairn_rng *rng, uint8_t out[CAIRN_RNG_STATE_SIZE]);
/* Restores a state written by cairn_rng_save. Fails with CAIRN_ERR_INVALID (and a message in
 * err, which may be NULL) when len is not CAIRN_RNG_STATE_SIZE or the bytes cannot be a
 * saved state; rng is then unchanged. */
CAIRN_API cairn_err cairn_rng_load(cairn_rng *rng, const uint8_t *in, size_t len, cairn_error *err);

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
CAIRN_API int cairn_dir_dx(cairn_dir dir);
CAIRN_API int cairn_dir_dy(cairn_dir dir);
/* Rotates by steps of 45 degrees, clockwise for positive steps. NONE stays NONE. */
CAIRN_API cairn_dir cairn_dir_rotate(cairn_dir dir, int steps);
/* The opposite direction. NONE stays NONE. */
CAIRN_API cairn_dir cairn_dir_opposite(cairn_dir dir);
CAIRN_API bool cairn_dir_is_diagonal(cairn_dir dir);
CAIRN_API bool cairn_dir_is_orthogonal(cairn_dir dir);
/* How many 45-degree steps separate two directions, 0 to 4; -1 when either is NONE. */
CAIRN_API int cairn_dir_distance(cairn_dir a, cairn_dir b);
/* The direction of a delta by its signs: (3, -7) is NE. (0, 0) is NONE. */
CAIRN_API cairn_dir cairn_dir_from_delta(int dx, int dy);
/* "n", "ne", ... "nw", "none". Static storage. */
CAIRN_API const char *cairn_dir_name(cairn_dir dir);
/* The cell `steps` steps away in dir; coordinates saturate at the limits of int32_t. */
CAIRN_API cairn_cell cairn_cell_step(cairn_cell cell, cairn_dir dir, int steps);

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
CAIRN_API const char *cairn_layer_name(cairn_layer layer);

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
typedef uint16_t cairn_chain_id;
typedef uint32_t cairn_handler_id;

/* The kinds of names a world holds. Each kind has its own ids, 0, 1, 2 ... in the order its
 * names are registered (built-in ones first), so the same loads give the same ids. */
typedef enum cairn_kind {
    CAIRN_KIND_TYPE,
    CAIRN_KIND_DECORATOR,
    CAIRN_KIND_CHAIN,
    CAIRN_KIND_ACTION,
    CAIRN_KIND_MOVS,
    CAIRN_KIND_ALGO,
    CAIRN_KIND_SEQUENCE,
    CAIRN_KIND_STATUS,
    CAIRN_KIND_SOURCE, /* attack sources */
    CAIRN_KIND_CHANGE, /* kinds of change content registered (cairn_change_kind_register) */
    CAIRN_KIND_COUNT
} cairn_kind;

/* Looks a name of a kind up without complaint: false, with the world's error untouched, when
 * there is none (or the kind or name is not one). For hosts that try a name several ways;
 * the cairn_<kind>_find functions say what was wrong instead. */
CAIRN_API bool cairn_lookup(const cairn_world *w, cairn_kind kind, const char *name, uint32_t *id);
/* The text of an id of a kind, or NULL for an unknown one. Valid as cairn_chain_name says. */
CAIRN_API const char *cairn_name(const cairn_world *w, cairn_kind kind, uint32_t id);

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
    CAIRN_EVENT_RESULT,    /* cairn_result_event and the structs that extend it */
    CAIRN_EVENT_HIT,       /* cairn_hit_event: one target's side of an attack */
    CAIRN_EVENT_PUSH,      /* cairn_push_event: one target pushed */
    CAIRN_EVENT_DISPLACE,  /* cairn_displace_event: an entity about to change cell */
    CAIRN_EVENT_DAMAGE,    /* cairn_damage_event: hp lost */
    CAIRN_EVENT_STATUS,    /* cairn_status_event: a status given (mechanics.h) */
    CAIRN_EVENT_KIND_COUNT
} cairn_event_kind;

/* An action as events carry it: which action (ids are defined by the action registry, see
 * Actions in mechanics.h; 0 is "none") and in which direction. */
typedef uint16_t cairn_action_id;
typedef struct cairn_action {
    cairn_action_id id;
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

/* Creates an event of a built-in kind, zeroed but for the head: actor and action as given,
 * propagate true, success false. Returns NULL (with the world's message set) for a kind that
 * is not built in or when the arena cannot grow. */
CAIRN_API cairn_event *cairn_event_new(cairn_world *w, cairn_event_kind kind, cairn_entity_id actor,
                                       cairn_action action);
/* The same for an event struct of any size whose first member is a cairn_event. Kinds from
 * CAIRN_EVENT_KIND_COUNT up are free for layers above the core; size must be at least
 * sizeof(cairn_event), and for a built-in kind at least the size of its struct. */
CAIRN_API cairn_event *cairn_event_new_sized(cairn_world *w, uint8_t kind, size_t size,
                                             cairn_entity_id actor, cairn_action action);

/* Checked downcasts: NULL when ev is NULL or of another kind. */
CAIRN_API cairn_beat_event *cairn_event_as_beat(cairn_event *ev);
CAIRN_API cairn_entity_event *cairn_event_as_entity(cairn_event *ev);
/* The downcasts of the mechanics' events are declared with their structs (mechanics.h). */

/* ---------------------------------------------------------------------------------------
 * Worlds
 */

typedef struct cairn_world_config {
    int32_t width;        /* grid cells, 1 .. CAIRN_GRID_MAX_SIDE */
    int32_t height;       /* grid cells, 1 .. CAIRN_GRID_MAX_SIDE */
    uint64_t seed;        /* seeds the world's RNG */
    cairn_alloc_fn alloc; /* NULL: cairn_default_alloc */
    void *alloc_ud;
    void *user; /* the embedder's pointer, returned by cairn_world_user; never touched */
} cairn_world_config;

#define CAIRN_GRID_MAX_SIDE 4096

/* Creates a world. On failure returns the error code, leaves *out NULL and, when err is not NULL,
 * writes the reason there. The caller owns the world and frees it with cairn_world_destroy. */
CAIRN_API cairn_err cairn_world_create(const cairn_world_config *config, cairn_world **out,
                                       cairn_error *err);
/* Frees the world and everything it owns. NULL is accepted. Must not be called from inside a
 * handler. */
CAIRN_API void cairn_world_destroy(cairn_world *w);

/* The embedder's pointer given in the config (NULL when none was), so that handlers and
 * callbacks reach the object that drives the world. */
CAIRN_API void *cairn_world_user(const cairn_world *w);

/* The message of the last failed call on this world ("" if none failed yet). Owned by the
 * world, valid until the next call that fails. */
CAIRN_API const char *cairn_world_error(const cairn_world *w);
/* The error code of the last failed call (CAIRN_OK if none failed yet). */
CAIRN_API cairn_err cairn_world_error_code(const cairn_world *w);

/* The world's generator: the only source of randomness on the simulation path. Owned by the
 * world; save and restore it with cairn_rng_save / cairn_rng_load. */
CAIRN_API cairn_rng *cairn_world_rng(cairn_world *w);

/* The number of the current (or last) beat: 0 before the first cairn_world_step, which
 * counts a beat as it starts it, so beat_start and beat_end handlers of the first beat see 1. */
CAIRN_API uint64_t cairn_world_beat(const cairn_world *w);

/* Counters for tests and the benchmark: allocator calls that allocated or grew a block, and
 * the bytes currently held. */
typedef struct cairn_world_stats {
    uint64_t allocations;
    size_t bytes_in_use;
    uint32_t entities_alive;
    size_t arena_bytes;
} cairn_world_stats;

CAIRN_API void cairn_world_get_stats(const cairn_world *w, cairn_world_stats *out);

/* ---------------------------------------------------------------------------------------
 * Chains
 *
 * A chain is an ordered list of handlers run over one event. Handlers run by rank, HIGHEST
 * first and LOWEST last; within a rank, in the order they were added. A handler added during
 * a pass (by any handler, including itself) runs from the next pass; a handler removed is
 * never called again, not even by a pass already running, so its ud may be freed at once.
 * Passing never allocates.
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

/* A handler. It returns CAIRN_OK, or an error code after setting the world's message (see
 * cairn_world_fail); an error stops the pass and is returned by it. */
typedef cairn_err (*cairn_handler_fn)(cairn_world *w, cairn_event *ev, void *ud);

typedef struct cairn_handler {
    cairn_handler_fn fn;
    void *ud; /* borrowed: the core never frees it */
    cairn_rank rank;
} cairn_handler;

typedef struct cairn_chain cairn_chain;

/* Built-in chain names, registered by every world in this order; the text of each is its
 * constant's name in lower case ("act_check", "be_hit", ...). The first four are world
 * chains; the others are the stages of the built-in decorators, passed on the entity named
 * in brackets (the actor unless it says "target") with the event named. "check" and "get"
 * stages, and defence, are passed with cairn_chain_pass (a handler vetoes by clearing
 * propagate); all
 * others with cairn_chain_pass_all. See "Decorators built into the core" for the order. */
enum {
    CAIRN_CHAIN_BEAT_START,     /* world: cairn_beat_event, at the start of each beat */
    CAIRN_CHAIN_BEAT_END,       /* world: cairn_beat_event, at the end of each beat */
    CAIRN_CHAIN_ENTITY_SPAWNED, /* world: cairn_entity_event, after an entity is created */
    CAIRN_CHAIN_ENTITY_DIED,    /* world: cairn_entity_event, when an entity is killed; the
                                   head's actor is the killer when there is one */
    /* Acting: cairn_enclosing_event */
    CAIRN_CHAIN_ACT_CHECK,
    CAIRN_CHAIN_ACT_SUCCESS,
    CAIRN_CHAIN_ACT_FAILURE,
    /* Attacking: cairn_attack_event */
    CAIRN_CHAIN_ATTACK_CHECK,
    CAIRN_CHAIN_ATTACK_GET,
    CAIRN_CHAIN_ATTACK_DO,
    CAIRN_CHAIN_ATTACK_SUCCESS,
    CAIRN_CHAIN_ATTACK_FAILURE,
    /* Attackable (target): cairn_hit_event */
    CAIRN_CHAIN_DEFENCE,
    CAIRN_CHAIN_BE_HIT,
    /* Moving: cairn_move_event */
    CAIRN_CHAIN_MOVE_CHECK,
    CAIRN_CHAIN_MOVE_GET,
    CAIRN_CHAIN_MOVE_DO,
    CAIRN_CHAIN_MOVE_SUCCESS,
    CAIRN_CHAIN_MOVE_FAILURE,
    /* Displaceable (the entity changing cell): cairn_displace_event */
    CAIRN_CHAIN_DISPLACE_CHECK,
    CAIRN_CHAIN_DISPLACED,
    /* Pushable (target): cairn_push_event */
    CAIRN_CHAIN_PUSH_CHECK,
    CAIRN_CHAIN_BE_PUSHED,
    /* Digging: cairn_dig_event */
    CAIRN_CHAIN_DIG_CHECK,
    CAIRN_CHAIN_DIG_GET,
    CAIRN_CHAIN_DIG_DO,
    CAIRN_CHAIN_DIG_SUCCESS,
    CAIRN_CHAIN_DIG_FAILURE,
    /* Diggable (target): cairn_dig_event */
    CAIRN_CHAIN_BE_DUG_CHECK,
    CAIRN_CHAIN_BE_DUG,
    /* WithHP (the entity hurt): cairn_damage_event */
    CAIRN_CHAIN_DAMAGED,
    /* Killable (the entity dying): cairn_damage_event of the fatal damage */
    CAIRN_CHAIN_DIE_CHECK,
    /* Ticking: cairn_entity_event, in the tick stage of each beat */
    CAIRN_CHAIN_TICK,
    CAIRN_CHAIN_BUILTIN_COUNT
};

/* Registers a chain name, or finds it if registered already, and makes its world chain. Names, here
 * and for decorators and types, are 1 to CAIRN_NAME_MAX bytes of [A-Za-z0-9_.:-]. */
CAIRN_API cairn_err cairn_chain_register(cairn_world *w, const char *name, cairn_chain_id *out);
CAIRN_API cairn_err cairn_chain_find(cairn_world *w, const char *name, cairn_chain_id *out);
/* The name's text, or NULL for an unknown id. Owned by the world; like every name's text
 * (cairn_decorator_name, cairn_type_name), valid until the next name of its kind is
 * registered: copy it to keep it. */
CAIRN_API const char *cairn_chain_name(const cairn_world *w, cairn_chain_id name);

/* The world-level chain of that name (every registered name has one). Valid for the world's
 * lifetime. NULL, with the world's message set, for an unknown name. */
CAIRN_API cairn_chain *cairn_world_chain(cairn_world *w, cairn_chain_id name);

/* Adds a handler; *out_id (may be NULL) receives its id, unique within the world. */
CAIRN_API cairn_err cairn_chain_add(cairn_world *w, cairn_chain *chain, cairn_handler handler,
                                    cairn_handler_id *out_id);
/* Removes a handler by id. CAIRN_ERR_NOT_FOUND if the chain does not hold it. */
CAIRN_API cairn_err cairn_chain_remove(cairn_world *w, cairn_chain *chain, cairn_handler_id id);
/* How many handlers the next pass will run. */
CAIRN_API size_t cairn_chain_count(const cairn_chain *chain);

/* Runs handlers in order until one clears ev->propagate (a check stage). Whether the pass
 * ran through is ev->propagate afterwards. A NULL chain is an empty chain. */
CAIRN_API cairn_err cairn_chain_pass(cairn_world *w, cairn_chain *chain, cairn_event *ev);
/* Runs every handler whatever propagate says (a notification stage). */
CAIRN_API cairn_err cairn_chain_pass_all(cairn_world *w, cairn_chain *chain, cairn_event *ev);

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

#define CAIRN_DECORATOR_REQUIRES_MAX 8

/* What a decorator does for its entities, besides holding data: its callbacks. Each is
 * optional (NULL) and receives the entity's data block for this decorator and the
 * definition's ud. A callback
 * returns CAIRN_OK or an error after setting the world's message; an error stops the beat
 * (or the call) that ran it and is returned. */
typedef cairn_err (*cairn_decorator_fn)(cairn_world *w, cairn_entity_id id, void *data, void *ud);
/* The result of an action component, defined with the actions' events (mechanics.h). */
typedef struct cairn_result_event cairn_result_event;
/* Carries out one action component in a direction: makes a result event (kind RESULT,
 * usually a bigger struct: cairn_event_new_sized), runs the decorator's stages, sets the
 * event's success and stores it in *out. */
typedef cairn_err (*cairn_activate_fn)(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                                       cairn_result_event **out, void *ud);

typedef struct cairn_decorator_def {
    const char *name;     /* see cairn_chain_register for what a name may hold */
    size_t data_size;     /* per-entity bytes, 0 .. CAIRN_DECORATOR_DATA_MAX */
    const void *defaults; /* data_size bytes every type starts from (NULL: zeros); copied */
    /* Decorators a type gets first when it gets this one (they must exist already). */
    const cairn_decorator_id *required;
    size_t required_count; /* 0 .. CAIRN_DECORATOR_REQUIRES_MAX */
    /* Chain names the decorator passes, registered with it (cairn_chain_register). */
    const char *const *chains;
    size_t chain_count;
    cairn_activate_fn activate; /* makes the decorator an action component */
    cairn_decorator_fn compute; /* beat step 2: decide the entity's next action */
    cairn_decorator_fn tick;    /* beat step 4: count down, advance */
    /* The entity is being destroyed: free what its data owns. Must not fail or touch other
     * entities; what it returns is ignored. */
    cairn_decorator_fn release;
    void *ud; /* borrowed: passed to every callback */
} cairn_decorator_def;

/* Registers a decorator. The definition is copied (defaults included); names in `chains`
 * are registered as chain names. CAIRN_ERR_EXISTS for a name in use. */
CAIRN_API cairn_err cairn_decorator_define(cairn_world *w, const cairn_decorator_def *def,
                                           cairn_decorator_id *out);
/* Shorthand for a decorator that only holds data_size zeroed bytes. */
CAIRN_API cairn_err cairn_decorator_register(cairn_world *w, const char *name, size_t data_size,
                                             cairn_decorator_id *out);
CAIRN_API cairn_err cairn_decorator_find(cairn_world *w, const char *name, cairn_decorator_id *out);
CAIRN_API const char *cairn_decorator_name(const cairn_world *w, cairn_decorator_id deco);

/* Registers a type (by convention "pack:name") whose entities live on the given layer. */
CAIRN_API cairn_err cairn_type_register(cairn_world *w, const char *name, cairn_layer layer,
                                        cairn_type_id *out);
CAIRN_API cairn_err cairn_type_find(cairn_world *w, const char *name, cairn_type_id *out);
CAIRN_API const char *cairn_type_name(const cairn_world *w, cairn_type_id type);
/* How many types are registered; their ids are 0 .. count-1, in registration order. */
CAIRN_API size_t cairn_type_count(const cairn_world *w);

/* Adds a decorator to a type, after the decorators it requires that the type lacks; its
 * defaults start as the decorator's. Fails with CAIRN_ERR_EXISTS if the type has it already
 * and CAIRN_ERR_STATE once the type is sealed. */
CAIRN_API cairn_err cairn_type_add_decorator(cairn_world *w, cairn_type_id type,
                                             cairn_decorator_id deco);
CAIRN_API bool cairn_type_has_decorator(const cairn_world *w, cairn_type_id type,
                                        cairn_decorator_id deco);
/* The type's default block for a decorator it has, copied into each new entity. Writable;
 * owned by the world; valid until the next cairn_type_add_decorator on this type. */
CAIRN_API cairn_err cairn_type_defaults(cairn_world *w, cairn_type_id type, cairn_decorator_id deco,
                                        void **out);
/* The type's template chain of that name, created empty if need be. Valid for the world's
 * lifetime. Handlers added to it reach every entity of the type. */
CAIRN_API cairn_err cairn_type_chain(cairn_world *w, cairn_type_id type, cairn_chain_id name,
                                     cairn_chain **out);

/* ---------------------------------------------------------------------------------------
 * Entities
 */
#define CAIRN_ENTITY_MAX (UINT32_C(1) << 24)

/* Creates an entity of a type, off the grid, and passes entity_spawned. */
CAIRN_API cairn_err cairn_entity_create(cairn_world *w, cairn_type_id type, cairn_entity_id *out);
/* Creates an entity and places it at cell on its type's layer. A cell that is out of bounds or
 * taken is refused before anything happens. If an entity_spawned handler fails, the entity
 * is destroyed again (its id is stale, its type stays sealed) and the failure is returned. */
CAIRN_API cairn_err cairn_entity_spawn(cairn_world *w, cairn_type_id type, cairn_cell cell,
                                       cairn_entity_id *out);
/* Marks a living entity dead, takes it off the grid (its cell is free at once for whoever acts
 * next) and passes entity_died (with no cause: entities killed by damage or by a dig name
 * their killer as the event's actor). It stays readable, cairn_entity_cell giving where it
 * died, until the end of the beat (or cairn_entity_destroy), but no longer counts as alive.
 * Killing a dead entity is CAIRN_ERR_STATE. */
CAIRN_API cairn_err cairn_entity_kill(cairn_world *w, cairn_entity_id id);
/* Removes an entity at once, dead or alive: off the grid, data freed, slot released for
 * reuse under a new generation. Every id of it becomes stale. Passes no chain. */
CAIRN_API cairn_err cairn_entity_destroy(cairn_world *w, cairn_entity_id id);

/* OK if the id names an entity that has not been reaped; CAIRN_ERR_STALE (with a message
 * naming the slot and both generations) or CAIRN_ERR_INVALID otherwise. */
CAIRN_API cairn_err cairn_entity_check(cairn_world *w, cairn_entity_id id);
/* True when the id is current and the entity has not been killed. Never sets an error. */
CAIRN_API bool cairn_entity_is_alive(const cairn_world *w, cairn_entity_id id);

CAIRN_API cairn_err cairn_entity_type(cairn_world *w, cairn_entity_id id, cairn_type_id *out);
/* The cell of a placed entity, or where a dead one died; CAIRN_ERR_STATE for an entity off
 * the grid otherwise. */
CAIRN_API cairn_err cairn_entity_cell(cairn_world *w, cairn_entity_id id, cairn_cell *out);
CAIRN_API cairn_err cairn_entity_layer(cairn_world *w, cairn_entity_id id, cairn_layer *out);
/* Where the entity came in the order entities were created, from 0: the beat order's last
 * key, and the turn models' too. */
CAIRN_API cairn_err cairn_entity_spawn_order(cairn_world *w, cairn_entity_id id, uint32_t *out);
CAIRN_API cairn_err cairn_entity_facing(cairn_world *w, cairn_entity_id id, cairn_dir *out);
CAIRN_API cairn_err cairn_entity_set_facing(cairn_world *w, cairn_entity_id id, cairn_dir facing);
/* The entity's data block for one of its type's decorators (CAIRN_ERR_NOT_FOUND if the type
 * lacks it). Owned by the world; valid until the entity is reaped or destroyed. */
CAIRN_API cairn_err cairn_entity_data(cairn_world *w, cairn_entity_id id, cairn_decorator_id deco,
                                      void **out);

/* The chain the entity's passes use for that name: its own copy if it has one, otherwise its
 * type's template (NULL if the type has no such chain: an empty chain). Valid until the next
 * hook or unhook on this entity. */
CAIRN_API cairn_err cairn_entity_chain(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                                       cairn_chain **out);
/* Adds a handler to this entity alone: the first hook on a chain gives the entity its own copy
 * of its type's chain (copy on write); siblings keep sharing the template. */
CAIRN_API cairn_err cairn_entity_hook(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                                      cairn_handler handler, cairn_handler_id *out_id);
/* Removes a handler from this entity's own chain (CAIRN_ERR_NOT_FOUND when the entity has no
 * copy of the chain or the copy lacks the handler). */
CAIRN_API cairn_err cairn_entity_unhook(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                                        cairn_handler_id handler);
/* Passes the entity's chain of that name (cairn_chain_pass / cairn_chain_pass_all). */
CAIRN_API cairn_err cairn_entity_pass(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                                      cairn_event *ev);
CAIRN_API cairn_err cairn_entity_pass_all(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                                          cairn_event *ev);

/* ---------------------------------------------------------------------------------------
 * Grid
 *
 * width x height cells, each with one slot per layer. An entity is on the layer of its type.
 */
CAIRN_API int32_t cairn_grid_width(const cairn_world *w);
CAIRN_API int32_t cairn_grid_height(const cairn_world *w);
CAIRN_API bool cairn_grid_in_bounds(const cairn_world *w, cairn_cell cell);

/* Puts a living entity that is off the grid into a cell. CAIRN_ERR_BOUNDS, CAIRN_ERR_OCCUPIED
 * (the layer holds another entity) or CAIRN_ERR_STATE (already placed, or dead) leave
 * everything as it was. */
CAIRN_API cairn_err cairn_grid_place(cairn_world *w, cairn_entity_id id, cairn_cell cell);
/* Takes an entity off the grid (it stays alive). CAIRN_ERR_STATE if it was not placed. */
CAIRN_API cairn_err cairn_grid_remove(cairn_world *w, cairn_entity_id id);
/* Moves a placed entity to another cell of its layer; on failure it stays where it was. */
CAIRN_API cairn_err cairn_grid_move(cairn_world *w, cairn_entity_id id, cairn_cell to);
/* The entity on a layer of a cell, CAIRN_ENTITY_NONE when there is none. */
CAIRN_API cairn_err cairn_grid_at(cairn_world *w, cairn_cell cell, cairn_layer layer,
                                  cairn_entity_id *out);

/* ---------------------------------------------------------------------------------------
 * Portals
 *
 * A portal joins two cell edges, so space need not be Euclidean: stepping out of cell a
 * through its a_side edge enters cell b through its b_side edge, and the other way round. A
 * heading turns as it crosses: whoever leaves a going a_side arrives in b going
 * opposite(b_side). Sides are n, e, s or w; an edge is in at most one portal; a portal may
 * join a cell's edge to another edge of the same cell, or to a cell next to it. Diagonal
 * steps follow no portal. Portals are part of the world's state: snapshots, saves and the
 * checksum keep them.
 */
typedef struct cairn_portal {
    cairn_cell a;
    cairn_dir a_side;
    cairn_cell b;
    cairn_dir b_side;
} cairn_portal;

#define CAIRN_PORTAL_MAX 1024

/* Joins two edges. CAIRN_ERR_BOUNDS for a cell off the grid, CAIRN_ERR_INVALID for a side
 * that is not n, e, s or w or for an edge joined to itself, CAIRN_ERR_OCCUPIED for an edge
 * already in a portal, CAIRN_ERR_LIMIT past CAIRN_PORTAL_MAX, CAIRN_ERR_NOMEM. */
CAIRN_API cairn_err cairn_portal_add(cairn_world *w, cairn_portal portal);
/* Removes the portal one of whose edges is cell's side. CAIRN_ERR_NOT_FOUND when none. */
CAIRN_API cairn_err cairn_portal_remove(cairn_world *w, cairn_cell cell, cairn_dir side);
/* Removes every portal. */
CAIRN_API void cairn_portal_clear(cairn_world *w);
/* The portals, in the order they were added (a removal moves the last into its place). */
CAIRN_API uint32_t cairn_portal_count(const cairn_world *w);
CAIRN_API cairn_err cairn_portal_get(const cairn_world *w, uint32_t i, cairn_portal *out);
/* One step from cell going dir: through the portal on the edge crossed when there is one,
 * else to the next cell (which may be off the grid). *turn (may be NULL) receives how many
 * 45-degree steps clockwise the heading turned: 0 without a portal. */
CAIRN_API cairn_cell cairn_portal_step(const cairn_world *w, cairn_cell cell, cairn_dir dir,
                                       int *turn);

/* ---------------------------------------------------------------------------------------
 * Reporting errors from outside the core
 */

/* Sets the world's message (printf-style) and returns code, for handlers and embedders
 * that fail: `return cairn_world_fail(w, CAIRN_ERR_HANDLER, "no target at %d,%d", x, y);` */
CAIRN_API cairn_err cairn_world_fail(cairn_world *w, cairn_err code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Fills err, when it is not NULL, with code and the message (printf-style, cut to
 * CAIRN_ERROR_MESSAGE_SIZE) and returns code, for the layers that report through a
 * cairn_error: `return cairn_error_set(err, CAIRN_ERR_STATE, "cannot open %s", path);` */
CAIRN_API cairn_err cairn_error_set(cairn_error *err, cairn_err code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#ifdef __cplusplus
}
#endif

#endif /* CAIRN_KERNEL_H */
