/*
 * cairn/core.h - the public API of cairn's core: worlds, chains, events, entities, types,
 * the grid, directions and the random number generator. Pure C11, no Lua.
 *
 * Conventions that hold for every function below unless its comment says otherwise:
 *
 * - Functions that can fail return a cairn_err. CAIRN_OK (0) is success; any other value
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
 * Hashing
 */

/* FNV-1a (64 bits) over bytes, going on from sum (CAIRN_HASH_START to begin): what packs'
 * content hashes and saves' checks are made of. It tells apart texts that differ by
 * accident or by an edit; it is no defence against someone forging a text on purpose. */
#define CAIRN_HASH_START UINT64_C(0xcbf29ce484222325)
uint64_t cairn_hash(uint64_t sum, const void *bytes, size_t size);

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

/* A short, static name for a status: "stale entity", "out of bounds", ... */
const char *cairn_err_name(cairn_err status);

/* Where functions that have no world to hold a message report one. */
#define CAIRN_ERROR_MESSAGE_SIZE 256
typedef struct cairn_error {
    cairn_err status;
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
cairn_err cairn_rng_load(cairn_rng *rng, const uint8_t *in, size_t len, cairn_error *err);

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
bool cairn_lookup(const cairn_world *w, cairn_kind kind, const char *name, uint32_t *id);
/* The text of an id of a kind, or NULL for an unknown one. Valid as cairn_chain_name says. */
const char *cairn_name(const cairn_world *w, cairn_kind kind, uint32_t id);

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

struct cairn_result_event;

/* The outermost level of an action, made by Acting (cairn_entity_act): did the act_check
 * stage hold, did the action succeed (head.success), and the algorithm's event (NULL when
 * the check failed). head.action is the action the entity had computed. */
typedef struct cairn_enclosing_event {
    cairn_event head;
    bool check_success;
    struct cairn_algo_event *algo;
} cairn_enclosing_event;

/* The middle level, made for the algorithm: the movs it may ask for directions (the current
 * step's), the direction it settled on (head.action.dir too), whether it succeeded
 * (head.success), and the result event of the action component that succeeded: NULL when
 * none did, or when the action has no components (none). */
typedef struct cairn_algo_event {
    cairn_event head;
    uint16_t movs;     /* a cairn_movs_id */
    uint8_t direction; /* a cairn_dir */
    struct cairn_result_event *result;
} cairn_algo_event;

/* The innermost level, made by an action component (a decorator's activation: Attacking,
 * Moving, Digging, ...). Each built-in component extends it with its own struct, whose
 * first member it is; `component` says which decorator made it. head.success is true when
 * the component's check and get stages held and its do stage ran. */
typedef struct cairn_result_event {
    cairn_event head;
    uint16_t component;      /* a cairn_decorator_id */
    cairn_entity_id blocker; /* what stood in the way, when an entity did (else NONE) */
} cairn_result_event;

/* Creates an event of a built-in kind, zeroed but for the head: actor and action as given,
 * propagate true, success false. Returns NULL (with the world's message set) for a kind that
 * is not built in or when the arena cannot grow. */
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
/* The downcasts of the action machinery's events are declared with their structs below. */

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

/* Creates a world. On failure returns the status, leaves *out NULL and, when err is not NULL,
 * writes the reason there. The caller owns the world and frees it with cairn_world_destroy. */
cairn_err cairn_world_create(const cairn_world_config *config, cairn_world **out, cairn_error *err);
/* Frees the world and everything it owns. NULL is accepted. Must not be called from inside a
 * handler. */
void cairn_world_destroy(cairn_world *w);

/* The embedder's pointer given in the config (NULL when none was), so that handlers and
 * callbacks reach the object that drives the world. */
void *cairn_world_user(const cairn_world *w);

/* The message of the last failed call on this world ("" if none failed yet). Owned by the
 * world, valid until the next call that fails. */
const char *cairn_world_error(const cairn_world *w);
/* The status of the last failed call (CAIRN_OK if none failed yet). */
cairn_err cairn_world_error_status(const cairn_world *w);

/* The world's generator: the only source of randomness on the simulation path. Owned by the
 * world; save and restore it with cairn_rng_save / cairn_rng_load. */
cairn_rng *cairn_world_rng(cairn_world *w);

/* The number of the current (or last) beat: 0 before the first cairn_world_step, which
 * counts a beat as it starts it, so beat_start and beat_end handlers of the first beat see 1. */
uint64_t cairn_world_beat(const cairn_world *w);

/* Runs one beat, in the order "The beat and its history" gives. A handler or callback failure
 * stops the beat at that point and is returned, with a message starting "beat N stopped in
 * phase 'P': " (the entities that died so far are still reaped at the next beat). Called from
 * inside a handler it is refused with CAIRN_ERR_STATE (it would end the events being passed). */
cairn_err cairn_world_step(cairn_world *w);

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
 * Snapshots and the checksum
 *
 * A snapshot is the world's whole state as bytes: the beat, the generator, every entity slot
 * (generation, cell, type, facing, its decorators' data field by field, its statuses, which
 * chains it holds a copy of), the free list, the beat order, the entities waiting to be
 * reaped and the current beat's history. Restoring it into a world made from the same
 * definitions gives back the same world: the same ids (handles stay good), the same next
 * beat. Definitions and handlers are not in it: they are code, and the world that restores
 * has them already. The data of decorators defined through this API is kept byte by byte:
 * keep pointers out of it.
 *
 * Handlers a status hooks come back through the status's attach function (see Statuses);
 * handlers hooked onto an entity in any other way (cairn_entity_hook) cannot, so a world
 * holding one cannot be snapshot.
 */

/* Writes the snapshot. *bytes is owned by the world and valid until the next snapshot or
 * cairn_world_destroy; *size is its length. Only between beats (CAIRN_ERR_STATE otherwise, or
 * when an entity holds handlers a restore could not put back; the message names it). */
cairn_err cairn_world_snapshot(cairn_world *w, const void **bytes, size_t *size);
/* Replaces the world's entities and state with a snapshot's. Only between beats. The world
 * must have been made with the same size and the same definitions registered in the same
 * order; CAIRN_ERR_INVALID, with what is wrong, for bytes that are not a snapshot of such a
 * world (damaged, cut short, made by other definitions). Entities are destroyed as
 * cairn_entity_destroy does (release callbacks run) and made again without announcing them;
 * statuses get their handlers back through their attach functions. On failure the world is left
 * with no entities. */
cairn_err cairn_world_restore(cairn_world *w, const void *bytes, size_t size);

/* A 64-bit sum of the snapshot's bytes (without keeping them), so it covers the same state.
 * Equal worlds give equal sums on any machine, so replays and tests compare them. Never
 * allocates. */
uint64_t cairn_world_checksum(const cairn_world *w);

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

/* A handler. It returns CAIRN_OK, or an error status after setting the world's message (see
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
cairn_err cairn_chain_register(cairn_world *w, const char *name, cairn_chain_id *out);
cairn_err cairn_chain_find(cairn_world *w, const char *name, cairn_chain_id *out);
/* The name's text, or NULL for an unknown id. Owned by the world; like every name's text
 * (cairn_decorator_name, cairn_type_name), valid until the next name of its kind is
 * registered: copy it to keep it. */
const char *cairn_chain_name(const cairn_world *w, cairn_chain_id name);

/* The world-level chain of that name (every registered name has one). Valid for the world's
 * lifetime. NULL, with the world's message set, for an unknown name. */
cairn_chain *cairn_world_chain(cairn_world *w, cairn_chain_id name);

/* Adds a handler; *out_id (may be NULL) receives its id, unique within the world. */
cairn_err cairn_chain_add(cairn_world *w, cairn_chain *chain, cairn_handler handler,
                          cairn_handler_id *out_id);
/* Removes a handler by id. CAIRN_ERR_NOT_FOUND if the chain does not hold it. */
cairn_err cairn_chain_remove(cairn_world *w, cairn_chain *chain, cairn_handler_id id);
/* How many handlers the next pass will run. */
size_t cairn_chain_count(const cairn_chain *chain);

/* Runs handlers in order until one clears ev->propagate (a check stage). Whether the pass
 * ran through is ev->propagate afterwards. A NULL chain is an empty chain. */
cairn_err cairn_chain_pass(cairn_world *w, cairn_chain *chain, cairn_event *ev);
/* Runs every handler whatever propagate says (a notification stage). */
cairn_err cairn_chain_pass_all(cairn_world *w, cairn_chain *chain, cairn_event *ev);

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
struct cairn_result_event;
/* Carries out one action component in a direction: makes a result event (kind RESULT,
 * usually a bigger struct: cairn_event_new_sized), runs the decorator's stages, sets the
 * event's success and stores it in *out. */
typedef cairn_err (*cairn_activate_fn)(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                                       struct cairn_result_event **out, void *ud);

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
     * entities; its status is ignored. */
    cairn_decorator_fn release;
    void *ud; /* borrowed: passed to every callback */
} cairn_decorator_def;

/* Registers a decorator. The definition is copied (defaults included); names in `chains`
 * are registered as chain names. CAIRN_ERR_EXISTS for a name in use. */
cairn_err cairn_decorator_define(cairn_world *w, const cairn_decorator_def *def,
                                 cairn_decorator_id *out);
/* Shorthand for a decorator that only holds data_size zeroed bytes. */
cairn_err cairn_decorator_register(cairn_world *w, const char *name, size_t data_size,
                                   cairn_decorator_id *out);
cairn_err cairn_decorator_find(cairn_world *w, const char *name, cairn_decorator_id *out);
const char *cairn_decorator_name(const cairn_world *w, cairn_decorator_id deco);

/* Registers a type (by convention "pack:name") whose entities live on the given layer. */
cairn_err cairn_type_register(cairn_world *w, const char *name, cairn_layer layer,
                              cairn_type_id *out);
cairn_err cairn_type_find(cairn_world *w, const char *name, cairn_type_id *out);
const char *cairn_type_name(const cairn_world *w, cairn_type_id type);
/* How many types are registered; their ids are 0 .. count-1, in registration order. */
size_t cairn_type_count(const cairn_world *w);

/* Adds a decorator to a type, after the decorators it requires that the type lacks; its
 * defaults start as the decorator's. Fails with CAIRN_ERR_EXISTS if the type has it already
 * and CAIRN_ERR_STATE once the type is sealed. */
cairn_err cairn_type_add_decorator(cairn_world *w, cairn_type_id type, cairn_decorator_id deco);
bool cairn_type_has_decorator(const cairn_world *w, cairn_type_id type, cairn_decorator_id deco);
/* The type's default block for a decorator it has, copied into each new entity. Writable;
 * owned by the world; valid until the next cairn_type_add_decorator on this type. */
cairn_err cairn_type_defaults(cairn_world *w, cairn_type_id type, cairn_decorator_id deco,
                              void **out);
/* The type's template chain of that name, created empty if need be. Valid for the world's
 * lifetime. Handlers added to it reach every entity of the type. */
cairn_err cairn_type_chain(cairn_world *w, cairn_type_id type, cairn_chain_id name,
                           cairn_chain **out);

/* ---------------------------------------------------------------------------------------
 * Entities
 */
#define CAIRN_ENTITY_MAX (UINT32_C(1) << 24)

/* Creates an entity of a type, off the grid, and passes entity_spawned. */
cairn_err cairn_entity_create(cairn_world *w, cairn_type_id type, cairn_entity_id *out);
/* Creates an entity and places it at cell on its type's layer. A cell that is out of bounds or
 * taken is refused before anything happens. If an entity_spawned handler fails, the entity
 * is destroyed again (its id is stale, its type stays sealed) and the failure is returned. */
cairn_err cairn_entity_spawn(cairn_world *w, cairn_type_id type, cairn_cell cell,
                             cairn_entity_id *out);
/* Marks a living entity dead, takes it off the grid (its cell is free at once for whoever acts
 * next) and passes entity_died (with no cause: entities killed by damage or by a dig name
 * their killer as the event's actor). It stays readable, cairn_entity_cell giving where it
 * died, until the end of the beat (or cairn_entity_destroy), but no longer counts as alive.
 * Killing a dead entity is CAIRN_ERR_STATE. */
cairn_err cairn_entity_kill(cairn_world *w, cairn_entity_id id);
/* Removes an entity at once, dead or alive: off the grid, data freed, slot released for
 * reuse under a new generation. Every id of it becomes stale. Passes no chain. */
cairn_err cairn_entity_destroy(cairn_world *w, cairn_entity_id id);

/* OK if the id names an entity that has not been reaped; CAIRN_ERR_STALE (with a message
 * naming the slot and both generations) or CAIRN_ERR_INVALID otherwise. */
cairn_err cairn_entity_check(cairn_world *w, cairn_entity_id id);
/* True when the id is current and the entity has not been killed. Never sets an error. */
bool cairn_entity_is_alive(const cairn_world *w, cairn_entity_id id);

cairn_err cairn_entity_type(cairn_world *w, cairn_entity_id id, cairn_type_id *out);
/* The cell of a placed entity, or where a dead one died; CAIRN_ERR_STATE for an entity off
 * the grid otherwise. */
cairn_err cairn_entity_cell(cairn_world *w, cairn_entity_id id, cairn_cell *out);
cairn_err cairn_entity_layer(cairn_world *w, cairn_entity_id id, cairn_layer *out);
cairn_err cairn_entity_facing(cairn_world *w, cairn_entity_id id, cairn_dir *out);
cairn_err cairn_entity_set_facing(cairn_world *w, cairn_entity_id id, cairn_dir facing);
/* The entity's data block for one of its type's decorators (CAIRN_ERR_NOT_FOUND if the type
 * lacks it). Owned by the world; valid until the entity is reaped or destroyed. */
cairn_err cairn_entity_data(cairn_world *w, cairn_entity_id id, cairn_decorator_id deco,
                            void **out);

/* The chain the entity's passes use for that name: its own copy if it has one, otherwise its
 * type's template (NULL if the type has no such chain: an empty chain). Valid until the next
 * hook or unhook on this entity. */
cairn_err cairn_entity_chain(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                             cairn_chain **out);
/* Adds a handler to this entity alone: the first hook on a chain gives the entity its own copy
 * of its type's chain (copy on write); siblings keep sharing the template. */
cairn_err cairn_entity_hook(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                            cairn_handler handler, cairn_handler_id *out_id);
/* Removes a handler from this entity's own chain (CAIRN_ERR_NOT_FOUND when the entity has no
 * copy of the chain or the copy lacks the handler). */
cairn_err cairn_entity_unhook(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                              cairn_handler_id handler);
/* Passes the entity's chain of that name (cairn_chain_pass / cairn_chain_pass_all). */
cairn_err cairn_entity_pass(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                            cairn_event *ev);
cairn_err cairn_entity_pass_all(cairn_world *w, cairn_entity_id id, cairn_chain_id name,
                                cairn_event *ev);

/* ---------------------------------------------------------------------------------------
 * Grid
 *
 * width x height cells, each with one slot per layer. An entity is on the layer of its type.
 */
int32_t cairn_grid_width(const cairn_world *w);
int32_t cairn_grid_height(const cairn_world *w);
bool cairn_grid_in_bounds(const cairn_world *w, cairn_cell cell);

/* Puts a living entity that is off the grid into a cell. CAIRN_ERR_BOUNDS, CAIRN_ERR_OCCUPIED
 * (the layer holds another entity) or CAIRN_ERR_STATE (already placed, or dead) leave
 * everything as it was. */
cairn_err cairn_grid_place(cairn_world *w, cairn_entity_id id, cairn_cell cell);
/* Takes an entity off the grid (it stays alive). CAIRN_ERR_STATE if it was not placed. */
cairn_err cairn_grid_remove(cairn_world *w, cairn_entity_id id);
/* Moves a placed entity to another cell of its layer; on failure it stays where it was. */
cairn_err cairn_grid_move(cairn_world *w, cairn_entity_id id, cairn_cell to);
/* The entity on a layer of a cell, CAIRN_ENTITY_NONE when there is none. */
cairn_err cairn_grid_at(cairn_world *w, cairn_cell cell, cairn_layer layer, cairn_entity_id *out);

/* ---------------------------------------------------------------------------------------
 * Decorators built into the core
 *
 * Every world registers these decorators, in this order, under the names shown ("Acting",
 * "WithHP", ...), so their ids are the constants. Each has a data struct below; a type's
 * defaults for it start as documented there and are changed through cairn_type_defaults,
 * an entity's through cairn_entity_data.
 *
 * A capability runs as stages, each a chain on the acting entity (see the CAIRN_CHAIN_*
 * names): check (may veto), get (builds the effect from the entity's data; handlers may
 * change it or veto), then the core applies it with the receiving side's stages, then do
 * (notified after the effect is applied, to add to it), then success or failure.
 *
 *   Acting        acts: act_check, the algorithm, act_success | act_failure
 *   Attacking     attack_check, attack_get, [per target: Attackable's defence, the damage
 *                 model, WithHP, be_hit, then Pushable], attack_do, attack_success | _failure
 *   Attackable    can be a target: defence (may change the attack or block it), be_hit
 *   Moving        move_check, move_get (the destination), [Displaceable], move_do,
 *                 move_success | move_failure
 *   Displaceable  whenever something moves it: displace_check (may veto), displaced
 *   Pushable      can be pushed: push_check (may veto), be_pushed
 *   Digging       dig_check, dig_get, [Diggable's be_dug_check, be_dug], dig_do,
 *                 dig_success | dig_failure
 *   Diggable      can be dug away: be_dug_check (may veto), be_dug
 *   WithHP        has hp: damaged
 *   Killable      dies when hp reaches 0: die_check (may veto), then cairn_entity_kill
 *   Ticking       tick, once per beat in the tick stage
 *   Statused      can carry timed statuses (cairn_status_*)
 *   Sequential    computes its next action from a sequence's current step
 *   PlayerControl computes its next action from input (cairn_player_input)
 */
enum {
    CAIRN_DECO_ACTING,
    CAIRN_DECO_ATTACKING,
    CAIRN_DECO_ATTACKABLE,
    CAIRN_DECO_MOVING,
    CAIRN_DECO_DISPLACEABLE,
    CAIRN_DECO_PUSHABLE,
    CAIRN_DECO_DIGGING,
    CAIRN_DECO_DIGGABLE,
    CAIRN_DECO_WITH_HP,
    CAIRN_DECO_KILLABLE,
    CAIRN_DECO_TICKING,
    CAIRN_DECO_STATUSED,
    CAIRN_DECO_SEQUENTIAL,
    CAIRN_DECO_PLAYER_CONTROL,
    CAIRN_DECO_BUILTIN_COUNT
};

/* Stats are int32_t; the core clamps every value it computes to +-CAIRN_STAT_MAX so sums
 * never overflow. */
#define CAIRN_STAT_MAX 1000000

/* Attack sources: names with small ids ("basic" is 0, the default). Each Attackable has a
 * resistance per source. */
#define CAIRN_SOURCE_MAX 8
typedef uint8_t cairn_source_id;
cairn_err cairn_source_register(cairn_world *w, const char *name, cairn_source_id *out);
cairn_err cairn_source_find(cairn_world *w, const char *name, cairn_source_id *out);
const char *cairn_source_name(const cairn_world *w, cairn_source_id source);

typedef struct cairn_attack {
    int32_t damage;   /* before armor; 0 or less: the attack only pushes */
    int32_t pierce;   /* nullified when at or below the target's pierce resistance */
    int32_t power;    /* nullified when below the target's resistance to the source */
    uint8_t source;   /* a cairn_source_id */
    uint32_t targets; /* a mask of the teams it may hit (bit n: team n) */
} cairn_attack;

typedef struct cairn_push {
    int32_t distance; /* cells; 0: no push */
    int32_t power;    /* pushes when at least the target's push resistance */
} cairn_push;

/* Acting. Defaults: all zero but algo = CAIRN_ALGO_SIMPLE. The core writes every field but
 * algo and priority; read them, set next and movs from a compute callback. Change an entity's
 * priority with cairn_entity_set_priority, which moves it in the beat order. */
typedef struct cairn_acting {
    cairn_action next; /* what the entity will do this beat (dir NONE: the algorithm picks) */
    uint16_t movs;     /* the cairn_movs_id the algorithm asks for directions */
    uint16_t algo;     /* the cairn_algo_id that carries the action out */
    int32_t priority;  /* higher acts earlier in its phase (see cairn_entity_set_priority) */
    bool doing_action; /* inside cairn_entity_act: guards re-entry */
    bool did_action;   /* done for this beat */
    /* This beat's enclosing event, once it acted (NULL before); valid until the next beat. */
    cairn_enclosing_event *last;
} cairn_acting;

/* Attacking. Defaults: damage 1, pierce 1, power 1, source 0, every team; no push. */
typedef struct cairn_attacking {
    cairn_attack attack;
    cairn_push push;
} cairn_attacking;

/* Attackable. Defaults: all zero (team 0, no armor, no resistance). */
typedef struct cairn_attackable {
    uint8_t team; /* 0 .. 31 */
    int32_t armor;
    int32_t pierce_resistance;
    int32_t resistance[CAIRN_SOURCE_MAX]; /* per source */
} cairn_attackable;

/* Moving. Defaults: distance 1. */
typedef struct cairn_moving {
    int32_t distance; /* cells per move, at most: the mover goes cell by cell */
} cairn_moving;

/* Pushable. Defaults: resistance 0. */
typedef struct cairn_pushable {
    int32_t resistance;
} cairn_pushable;

/* Digging. Defaults: power 1. */
typedef struct cairn_digging {
    int32_t power;
} cairn_digging;

/* Diggable. Defaults: resistance 0. A wall without Diggable cannot be dug. */
typedef struct cairn_diggable {
    int32_t resistance;
} cairn_diggable;

/* WithHP. Defaults: hp 1, max 1. */
typedef struct cairn_with_hp {
    int32_t hp;
    int32_t max;
} cairn_with_hp;

/* Sequential. Defaults: sequence 0, step 0. */
typedef struct cairn_sequential {
    uint16_t sequence; /* a cairn_sequence_id */
    uint16_t step;     /* the current step, 0-based */
    uint16_t done;     /* beats done in the current step */
    bool entered;      /* the current step's enter function has run */
} cairn_sequential;

/* PlayerControl. Set by cairn_player_input, consumed by the next beat's compute. */
typedef struct cairn_player_control {
    cairn_action input;
    bool has_input;
} cairn_player_control;

/* Statused keeps its statuses out of line; read them through cairn_status_*. */
struct cairn_status_slot;
typedef struct cairn_statused {
    struct cairn_status_slot *slots;
    uint32_t count;
    uint32_t cap;
} cairn_statused;

/* The fields of the built-in decorators' data, described for hosts: what a snapshot writes
 * of each decorator, and the stats content reads and sets by name (e.hp). The kind says
 * how a field is stored and what its number means. */
typedef enum cairn_field_kind {
    CAIRN_FIELD_INT,        /* int32_t, -CAIRN_STAT_MAX .. CAIRN_STAT_MAX */
    CAIRN_FIELD_TEAM,       /* uint8_t, 0 .. 31 */
    CAIRN_FIELD_TEAMS,      /* uint32_t, a mask of teams (bit n: team n) */
    CAIRN_FIELD_SOURCE,     /* uint8_t, a cairn_source_id */
    CAIRN_FIELD_RESISTANCE, /* int32_t[CAIRN_SOURCE_MAX], one per attack source */
    CAIRN_FIELD_ALGO,       /* uint16_t, a cairn_algo_id */
    CAIRN_FIELD_SEQUENCE,   /* uint16_t, a cairn_sequence_id */
    CAIRN_FIELD_STEP,       /* uint16_t, a step of the sequence, 0-based */
    CAIRN_FIELD_MOVS,       /* uint16_t, a cairn_movs_id */
    CAIRN_FIELD_ACTION,     /* uint16_t, a cairn_action_id */
    CAIRN_FIELD_DIR,        /* uint8_t, a cairn_dir */
    CAIRN_FIELD_COUNT,      /* uint16_t, a count of beats */
    CAIRN_FIELD_BOOL,       /* bool */
} cairn_field_kind;

typedef struct cairn_field {
    const char *name; /* the stat's name; NULL: state the core keeps, not a stat */
    cairn_decorator_id decorator;
    cairn_field_kind kind;
    uint16_t offset; /* in the decorator's data */
    uint16_t size;   /* bytes */
} cairn_field;

/* Every field of the built-in decorators, grouped by decorator. Static storage. */
const cairn_field *cairn_fields(size_t *count);

/* ---------------------------------------------------------------------------------------
 * The events of the built-in components
 *
 * Arrays in events (targets, hits) live in the beat's arena like the events themselves.
 */
typedef struct cairn_push_event cairn_push_event;

/* Moving's result. move_get may change `to`; once the mover has moved, `to` is the last cell
 * it entered. */
typedef struct cairn_move_event {
    cairn_result_event result;
    cairn_cell from;
    cairn_cell to;
} cairn_move_event;

/* One target's side of an attack, passed on the target's defence and be_hit chains; actor
 * is the attacker. `attack` starts as the attacker's and defence may change it. */
typedef struct cairn_hit_event {
    cairn_event head;
    cairn_entity_id target;
    cairn_attack attack;
    int32_t damage;         /* dealt by the damage model (0: nullified or blocked) */
    bool blocked;           /* a defence handler cleared propagate */
    bool killed;            /* the hit killed the target */
    cairn_push_event *push; /* NULL when no push was tried; else see its `moved` */
} cairn_hit_event;

/* Attacking's result: the attack and push applied, the targets and each target's event
 * (hits[i] is NULL for a target that was gone when its turn came, or is not Attackable). attack_get
 * may change attack, push and the targets (cairn_attack_add_target). */
typedef struct cairn_attack_event {
    cairn_result_event result;
    cairn_attack attack;
    cairn_push push;
    uint32_t target_count;
    uint32_t target_cap;
    cairn_entity_id *targets;
    cairn_hit_event **hits;
} cairn_attack_event;

/* A push of one target in a direction; actor is the pusher. `moved` cells were travelled. */
struct cairn_push_event {
    cairn_event head;
    cairn_entity_id target;
    cairn_push push;
    uint8_t dir; /* a cairn_dir */
    cairn_cell from;
    cairn_cell to;
    int32_t moved;
};

/* Digging's result, also passed on the target's be_dug_check and be_dug. dig_get may change
 * power, damage and target (the wall in the cell dug, by default). */
typedef struct cairn_dig_event {
    cairn_result_event result;
    cairn_cell cell;
    cairn_entity_id target;
    int32_t power;  /* hurts the wall when at least its resistance */
    int32_t damage; /* hp a dig that hurts takes from a wall with WithHP; 1 by default */
    bool dug;       /* the dig killed the wall: it is dug away */
} cairn_dig_event;

/* An entity about to move from one cell to another, by its own move or by a push; actor is
 * whoever caused it. Clearing propagate on displace_check keeps it in place. */
typedef struct cairn_displace_event {
    cairn_event head;
    cairn_entity_id target;
    cairn_cell from;
    cairn_cell to;
} cairn_displace_event;

/* hp lost by an entity; actor is the cause (NONE for none). */
typedef struct cairn_damage_event {
    cairn_event head;
    cairn_entity_id target;
    int32_t amount;
    int32_t hp; /* after the damage */
} cairn_damage_event;

cairn_move_event *cairn_event_as_move(cairn_event *ev);
cairn_attack_event *cairn_event_as_attack(cairn_event *ev);
cairn_dig_event *cairn_event_as_dig(cairn_event *ev);
cairn_hit_event *cairn_event_as_hit(cairn_event *ev);
cairn_push_event *cairn_event_as_push(cairn_event *ev);
cairn_displace_event *cairn_event_as_displace(cairn_event *ev);
cairn_damage_event *cairn_event_as_damage(cairn_event *ev);

/* Adds a target to an attack (from an attack_get handler), once: a target already listed is
 * not added again. */
cairn_err cairn_attack_add_target(cairn_world *w, cairn_attack_event *ev, cairn_entity_id target);

/* ---------------------------------------------------------------------------------------
 * The damage model, and stats changed outside an attack
 */

/* What an attack does to an Attackable: 0 when the target's resistance to the attack's
 * source is above its power, or its pierce is at or below the target's pierce resistance, or
 * its damage is 0 or less; otherwise damage - armor, clamped to 1 .. CAIRN_STAT_MAX. */
int32_t cairn_damage_model(const cairn_attack *attack, const cairn_attackable *target);

/* Takes amount hp from an entity with WithHP (CAIRN_ERR_NOT_FOUND without), records it,
 * passes damaged, and when hp reaches 0 on a Killable entity passes die_check and, unless a
 * handler vetoes, kills it. `cause` (may be NONE) becomes the events' actor. amount <= 0
 * does nothing. *killed (may be NULL) says whether this killed it. */
/* Gives the target back up to `amount` hp, never past its max_hp, and records a
 * CAIRN_CHANGE_HEALED of what it gained (nothing when it gained nothing). *healed (may be
 * NULL) is the hp gained. CAIRN_ERR_NOT_FOUND without WithHP; a dead target gains nothing. */
cairn_err cairn_entity_heal(cairn_world *w, cairn_entity_id target, int32_t amount,
                            cairn_entity_id cause, int32_t *healed);
cairn_err cairn_entity_damage(cairn_world *w, cairn_entity_id target, int32_t amount,
                              cairn_entity_id cause, bool *killed);

/* Moves an entity to a cell of its layer as displacement: passes its displace_check and
 * displaced when it is Displaceable, records the move. *moved (may be NULL) is false when a
 * handler vetoed; a cell out of bounds or taken is an error as for cairn_grid_move. */
cairn_err cairn_entity_displace(cairn_world *w, cairn_entity_id target, cairn_cell to,
                                cairn_entity_id cause, bool *moved);

/* ---------------------------------------------------------------------------------------
 * Actions
 *
 * An action is an ordered list of components, each a decorator with an activate callback. Doing
 * it in a direction activates each component the actor has, in order, until one succeeds:
 * that one's result event is the action's. An action with no components (none) always
 * succeeds with no result. Built-in, in this order: none, move [Moving], attack
 * [Attacking], dig [Digging], attack_move [Attacking, Moving], attack_dig_move [Attacking,
 * Digging, Moving].
 */
typedef uint16_t cairn_action_id;
enum {
    CAIRN_ACTION_NONE,
    CAIRN_ACTION_MOVE,
    CAIRN_ACTION_ATTACK,
    CAIRN_ACTION_DIG,
    CAIRN_ACTION_ATTACK_MOVE,
    CAIRN_ACTION_ATTACK_DIG_MOVE,
    CAIRN_ACTION_BUILTIN_COUNT
};
#define CAIRN_ACTION_COMPONENTS_MAX 8

/* Registers an action; every component must be a decorator with an activate callback. */
cairn_err cairn_action_register(cairn_world *w, const char *name,
                                const cairn_decorator_id *components, size_t count,
                                cairn_action_id *out);
cairn_err cairn_action_find(cairn_world *w, const char *name, cairn_action_id *out);
const char *cairn_action_name(const cairn_world *w, cairn_action_id action);

/* Does an action in action.dir right away, outside Acting's stages (no act_check, no
 * algorithm): what a handler or a script calls to make an entity move or hit. *result (may
 * be NULL) receives the successful component's result event, or the last failed one's, or
 * NULL; *success (may be NULL) the outcome. */
cairn_err cairn_action_do(cairn_world *w, cairn_entity_id actor, cairn_action action,
                          cairn_result_event **result, bool *success);

/* ---------------------------------------------------------------------------------------
 * Acting
 */

/* Acting's execution, once per beat per entity: makes the enclosing event for the entity's
 * computed action, passes act_check (its outcome is check_success), runs the entity's
 * algorithm if it held, then passes act_success or act_failure. Sets did_action, and stores
 * the event in the entity's cairn_acting.last. An entity that is dead, has no Acting, did
 * act this beat or is acting now (doing_action) does nothing; that is not an error. */
cairn_err cairn_entity_act(cairn_world *w, cairn_entity_id id);

/* Sets a PlayerControl entity's action for the next beat (CAIRN_ERR_NOT_FOUND without
 * PlayerControl, CAIRN_ERR_INVALID for an unknown action). Without input it does none. */
cairn_err cairn_player_input(cairn_world *w, cairn_entity_id id, cairn_action action);

/* ---------------------------------------------------------------------------------------
 * Algorithms
 *
 * An algorithm carries out an entity's computed action: it fills the algo event's direction,
 * result and head.success. Built-in: simple (the action once, in its direction) and general
 * (the directions the movs offers, in order, each through cairn_algo_attempt, until one
 * succeeds; an action that comes with a direction is tried in that one only).
 */
typedef uint16_t cairn_algo_id;
enum { CAIRN_ALGO_SIMPLE, CAIRN_ALGO_GENERAL, CAIRN_ALGO_BUILTIN_COUNT };

typedef cairn_err (*cairn_algo_fn)(cairn_world *w, cairn_algo_event *ev, void *ud);

cairn_err cairn_algo_register(cairn_world *w, const char *name, cairn_algo_fn fn, void *ud,
                              cairn_algo_id *out);
cairn_err cairn_algo_find(cairn_world *w, const char *name, cairn_algo_id *out);
const char *cairn_algo_name(const cairn_world *w, cairn_algo_id algo);

/* Tries the algo event's action in one direction. When it fails because an entity blocks
 * the way and that entity can still act this beat, the blocker acts first (cairn_entity_act)
 * and the attempt is tried once more, so a line of enemies walking the same way moves as one.
 * An entity that is acting already further up (a cycle), or a chain of blockers deeper than
 * CAIRN_ACT_DEPTH_MAX, is not waited for. On success it records the direction and result in
 * the algo event and turns the actor to face the direction. */
#define CAIRN_ACT_DEPTH_MAX 1024
cairn_err cairn_algo_attempt(cairn_world *w, cairn_algo_event *ev, cairn_dir dir, bool *success);

/* ---------------------------------------------------------------------------------------
 * Movs
 *
 * A movs gives an entity the directions to try, best first (at most CAIRN_DIR_COUNT).
 * Built-in, towards the closest PlayerControl entity (by Manhattan distance, ties to the
 * earlier in beat order; no player, no directions):
 *   none      no direction
 *   basic     orthogonal: the axes that close the distance, the one the entity faces first
 *             (the longer one when it faces neither)
 *   adjacent  8-way: the diagonal that closes both axes, then basic's
 *   diagonal  the diagonal that closes both axes; when aligned, the two diagonals beside
 *             the straight way, clockwise one first
 *   straight  the direction the entity faces
 */
typedef uint16_t cairn_movs_id;
enum {
    CAIRN_MOVS_NONE,
    CAIRN_MOVS_BASIC,
    CAIRN_MOVS_ADJACENT,
    CAIRN_MOVS_DIAGONAL,
    CAIRN_MOVS_STRAIGHT,
    CAIRN_MOVS_BUILTIN_COUNT
};

/* Writes up to CAIRN_DIR_COUNT directions into dirs and their number into *count. */
typedef cairn_err (*cairn_movs_fn)(cairn_world *w, cairn_entity_id actor, cairn_dir *dirs,
                                   size_t *count, void *ud);

cairn_err cairn_movs_register(cairn_world *w, const char *name, cairn_movs_fn fn, void *ud,
                              cairn_movs_id *out);
cairn_err cairn_movs_find(cairn_world *w, const char *name, cairn_movs_id *out);
const char *cairn_movs_name(const cairn_world *w, cairn_movs_id movs);
/* Runs a movs for an entity; dirs must hold CAIRN_DIR_COUNT. A movs that writes a bad
 * direction or too many is an error naming it. */
cairn_err cairn_movs_dirs(cairn_world *w, cairn_movs_id movs, cairn_entity_id actor,
                          cairn_dir *dirs, size_t *count);
/* The closest living PlayerControl entity to a cell, as the movs above choose it; NONE when
 * there is none. */
cairn_entity_id cairn_world_closest_player(cairn_world *w, cairn_cell from);

/* ---------------------------------------------------------------------------------------
 * Sequences
 *
 * An enemy's script: a list of steps. Sequential computes the entity's next action from its
 * current step; in the tick stage of a beat in which the entity acted, the step advances
 * from the outcome: `decide` when the step has one, otherwise on failure to on_failure when
 * set, otherwise (success, or failure with no on_failure) the step repeats until it has
 * lasted `repeat` beats and then goes to on_success (the next step, wrapping, when unset).
 * Moving to another step runs the old step's exit and the new step's enter; going to the
 * current step only starts its repeat count again.
 * Step targets are 1-based (as in Lua) so that 0 can mean "unset".
 */
typedef uint16_t cairn_sequence_id;

typedef struct cairn_step_outcome {
    uint32_t step; /* 0-based */
    uint32_t done; /* beats the step has lasted, this one included */
    bool success;  /* of this beat's action */
    uint32_t next; /* 0-based: what the rules pick; `decide` may change it */
} cairn_step_outcome;

typedef cairn_err (*cairn_step_decide_fn)(cairn_world *w, cairn_entity_id id,
                                          cairn_step_outcome *outcome, void *ud);
typedef cairn_err (*cairn_step_fn)(cairn_world *w, cairn_entity_id id, uint32_t step, void *ud);

typedef struct cairn_step {
    cairn_action_id action;
    cairn_movs_id movs;
    uint16_t repeat;     /* beats the step lasts on success; 0 counts as 1 */
    uint16_t on_success; /* 1-based step to go to; 0: the next */
    uint16_t on_failure; /* 1-based step to go to; 0: as on success */
    cairn_step_decide_fn decide;
    cairn_step_fn enter;
    cairn_step_fn exit;
    void *ud; /* borrowed: passed to decide, enter and exit */
} cairn_step;

#define CAIRN_SEQUENCE_STEPS_MAX 1024

/* Registers a sequence of 1 .. CAIRN_SEQUENCE_STEPS_MAX steps (copied). Targets must name
 * steps of the sequence. */
cairn_err cairn_sequence_register(cairn_world *w, const char *name, const cairn_step *steps,
                                  size_t count, cairn_sequence_id *out);
cairn_err cairn_sequence_find(cairn_world *w, const char *name, cairn_sequence_id *out);
const char *cairn_sequence_name(const cairn_world *w, cairn_sequence_id sequence);
/* How many steps a sequence has (0 for an unknown id). */
size_t cairn_sequence_length(const cairn_world *w, cairn_sequence_id sequence);

/* ---------------------------------------------------------------------------------------
 * Statuses (the Statused decorator)
 *
 * A status is a timed modifier: applying it to a Statused entity calls its attach function,
 * which hooks the status's handlers onto that entity alone with cairn_status_hook, then its
 * apply function; in the tick stage of each later beat its tick function runs and it counts
 * down; when it reaches 0 it wears off: its wear_off function runs and every handler it
 * hooked is unhooked.
 * Every change is recorded.
 */
typedef uint16_t cairn_status_id;

typedef cairn_err (*cairn_status_fn)(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                                     void *ud);

typedef struct cairn_status_def {
    const char *name;
    /* May be NULL. Hooks the handlers the status holds while it lasts, with
     * cairn_status_hook, and nothing else: it runs when the status is applied (before
     * apply) and again when a world is restored from a snapshot. A status that hooks from
     * apply instead works, but a world where it is on cannot be snapshot. */
    cairn_status_fn attach;
    cairn_status_fn apply;    /* may be NULL */
    cairn_status_fn tick;     /* may be NULL; runs before the count goes down */
    cairn_status_fn wear_off; /* may be NULL; runs before the handlers are unhooked */
    void *ud;                 /* borrowed */
} cairn_status_def;

/* The most handlers one status hooks onto one entity. */
#define CAIRN_STATUS_HANDLERS_MAX 8

cairn_err cairn_status_define(cairn_world *w, const cairn_status_def *def, cairn_status_id *out);
cairn_err cairn_status_find(cairn_world *w, const char *name, cairn_status_id *out);
const char *cairn_status_name(const cairn_world *w, cairn_status_id status);

/* Applies a status for `beats` beats (1 or more) to a Statused entity. Applied again while it
 * lasts, it keeps the longer of the two counts and does not apply twice. */
cairn_err cairn_status_apply(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                             int32_t beats);
/* Hooks a handler onto the entity for as long as the status lasts (it must have it). */
cairn_err cairn_status_hook(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                            cairn_chain_id chain, cairn_handler handler);
/* Wears a status off now. CAIRN_ERR_NOT_FOUND when the entity does not have it. */
cairn_err cairn_status_remove(cairn_world *w, cairn_entity_id id, cairn_status_id status);
/* Beats left: 0 when the entity does not have the status (or is not Statused). */
int32_t cairn_status_remaining(cairn_world *w, cairn_entity_id id, cairn_status_id status);

/* ---------------------------------------------------------------------------------------
 * The beat and its history
 *
 * cairn_world_step runs one beat:
 *   1. the event arena and the history are reset, the beat number goes up; beat_start;
 *   2. compute: every entity with Acting gets its flags reset and its compute callbacks run;
 *   3. the phases players (PlayerControl), reals, projectiles, traps, floors, then others
 *      (items, walls, misc): each entity with Acting that has not acted yet acts once
 *      (cairn_entity_act), in beat order;
 *   4. tick: every entity with a tick callback (Ticking, Statused, Sequential, ...) runs them,
 *      in beat order, in the order of its type's decorators;
 *   5. reap: the entities that died (which left the grid when they did) are destroyed;
 *   6. beat_end.
 * Beat order: by phase, then higher priority (Acting's) first, then spawn order. Entities
 * created during a beat join the order at its end: they first act in the next beat.
 */
typedef enum cairn_phase {
    CAIRN_PHASE_OUTSIDE, /* between beats: set-up, a front end's changes */
    CAIRN_PHASE_START,
    CAIRN_PHASE_COMPUTE,
    CAIRN_PHASE_PLAYERS,
    CAIRN_PHASE_REALS,
    CAIRN_PHASE_PROJECTILES,
    CAIRN_PHASE_TRAPS,
    CAIRN_PHASE_FLOORS,
    CAIRN_PHASE_OTHERS,
    CAIRN_PHASE_TICK,
    CAIRN_PHASE_REAP,
    CAIRN_PHASE_END,
    CAIRN_PHASE_COUNT
} cairn_phase;

/* "outside", "start", "compute", "players", ... Static storage. */
const char *cairn_phase_name(cairn_phase phase);
/* Sets an Acting entity's priority. It takes effect from the next beat: set between beats
 * (beat_end included) it moves the entity in the order at once; set during a beat, the beat
 * under way keeps its order and the entity moves when the beat's dead are reaped. Writing
 * cairn_acting.priority directly changes nothing until the entity is made again (a restore).
 * Errors: CAIRN_ERR_INVALID, CAIRN_ERR_STALE, CAIRN_ERR_NOT_FOUND (no Acting). */
cairn_err cairn_entity_set_priority(cairn_world *w, cairn_entity_id id, int32_t priority);
/* The phase the world is in now. */
cairn_phase cairn_world_phase(const cairn_world *w);

typedef enum cairn_change_kind {
    CAIRN_CHANGE_SPAWNED,    /* entity appeared (at `to` when placed) */
    CAIRN_CHANGE_MOVED,      /* entity went from `from` to `to`, by its move or a push */
    CAIRN_CHANGE_ATTACKED,   /* entity was hit by other for `amount` (0: nullified, blocked) */
    CAIRN_CHANGE_PUSHED,     /* entity was pushed by other `amount` cells, from -> to */
    CAIRN_CHANGE_DAMAGED,    /* entity lost `amount` hp; `value` is what is left */
    CAIRN_CHANGE_DUG,        /* entity (a wall) at `to` was dug away by other */
    CAIRN_CHANGE_DIED,       /* entity was killed, by other when it was damage or a dig */
    CAIRN_CHANGE_STATUS_ON,  /* entity got status `detail` for `amount` beats */
    CAIRN_CHANGE_STATUS_OFF, /* status `detail` wore off entity */
    CAIRN_CHANGE_STEP,       /* entity's sequence went from step `amount` to another, `value` */
    CAIRN_CHANGE_HEALED,     /* entity gained `amount` hp, from other when given; `value` is hp */
    CAIRN_CHANGE_TURNED,     /* entity's facing went from `amount` to `value` (cairn_dir) */
    CAIRN_CHANGE_STAT,       /* a stat of entity was set from outside the core (a host's
                                stat number in `detail`), from `amount` to `value` */
    CAIRN_CHANGE_CONTENT,    /* a change of a kind content defined (cairn_change_kind_register,
                                in `detail`); every other field is content's */
    CAIRN_CHANGE_KIND_COUNT
} cairn_change_kind;

typedef struct cairn_change {
    uint8_t kind;  /* a cairn_change_kind */
    uint8_t phase; /* a cairn_phase */
    uint16_t detail;
    cairn_entity_id entity;
    cairn_entity_id other; /* the cause, when there is one; else NONE */
    cairn_cell from;
    cairn_cell to;
    int32_t amount;
    int32_t value;
} cairn_change;

/* "spawned", "moved", ... Static storage. */
const char *cairn_change_name(cairn_change_kind kind);

/* Kinds of change that the embedder or content defines, by name ("mypack:burned"), with ids
 * 0, 1, 2 ... in the order registered (so a snapshot can name them); at most 65,536.
 * CAIRN_ERR_EXISTS (with *out set) for a name registered already. */
cairn_err cairn_change_kind_register(cairn_world *w, const char *name, uint16_t *out);
cairn_err cairn_change_kind_find(cairn_world *w, const char *name, uint16_t *out);
/* The name of a registered kind, or NULL. Owned by the world. */
const char *cairn_change_kind_name(const cairn_world *w, uint16_t id);

/* Adds a change made outside the core to the history, in the current phase: a
 * CAIRN_CHANGE_STAT (a host that sets stats) or a CAIRN_CHANGE_CONTENT of a registered kind.
 * CAIRN_ERR_INVALID for any other kind or an unknown content kind; CAIRN_ERR_NOMEM. */
cairn_err cairn_world_record(cairn_world *w, cairn_change change);

/* The changes of the current beat (from the start of the last cairn_world_step, including
 * any made since it returned), in the order they happened. Owned by the world; valid until
 * the next change or step. */
const cairn_change *cairn_world_history(const cairn_world *w, size_t *count);

/* ---------------------------------------------------------------------------------------
 * Reporting errors from outside the core
 */

/* Sets the world's message (printf-style) and returns status, for handlers and embedders
 * that fail: `return cairn_world_fail(w, CAIRN_ERR_HANDLER, "no target at %d,%d", x, y);` */
cairn_err cairn_world_fail(cairn_world *w, cairn_err status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#ifdef __cplusplus
}
#endif

#endif /* CAIRN_CORE_H */
