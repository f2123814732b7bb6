/*
 * machinery.h - the mechanics' insides: built-in decorators, actions, algorithms, movs,
 * sequences, statuses, the beat order and history, snapshots.
 * Private to the core (see world.h).
 */
#ifndef CAIRN_MACHINERY_H
#define CAIRN_MACHINERY_H

#include "entity.h"

/* --- the built-in machinery (builtin.c, act.c, attack.c, move.c, dig.c, life.c, movs.c,
 * sequence.c, statused.c) ---------------------------------------------------------------- */

/* The records of the mechanics' registries. */
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

/* A status's definition as the registry keeps it (its name is the registry's). */
typedef cairn_status_def cairn_status_record;

/* Registers the built-in decorators, actions, algorithms, movs and sources, in the order of
 * their constants. */
cairn_err cairn__builtin_init(cairn_world *w);
/* The fields of one built-in decorator, in the order a snapshot writes them; count 0 for
 * one that holds none or is kept another way (Statused). */
const cairn_field *cairn__decorator_fields(cairn_decorator_id deco, size_t *count);
/* The oldest snapshot format that holds the field. */
uint32_t cairn__field_format(const cairn_field *f);
/* Writes at `at` what a field meant in a format that did not hold it. */
void cairn__field_unread(const cairn_field *f, unsigned char *at);
/* Whether an attack's fields of format 4 are what a format 3 snapshot reads them as. */
bool cairn__attack_as_before(const cairn_attack *a);
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
cairn_err cairn__player_activate(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                                 cairn_result_event **out, void *ud);
cairn_err cairn__movs_builtin(cairn_world *w, cairn_entity_id actor, cairn_dir *dirs, size_t *count,
                              void *ud);

/* Where a travel (a move or a push) got to. */
typedef struct cairn_travel {
    int32_t moved;           /* cells entered */
    cairn_cell reached;      /* the last cell entered; the starting cell when none was */
    cairn_entity_id blocker; /* what stood in the next cell, when an entity stopped it */
} cairn_travel;

/* The cell `steps` steps from `from` going dir, through the portals it crosses (move.c);
 * past the grid's edge it goes straight on. With portals, at most as many steps as the grid
 * has cells. cairn__walk (world.h) calls it only in a world with portals. */
cairn_cell cairn__walk_portals(const cairn_world *w, cairn_cell from, cairn_dir dir, int32_t steps);

/* Moves a placed entity cell by cell towards `to` (move.c), each cell entered through
 * cairn_entity_displace with `cause`. When `to` is where `steps` steps going dir lead through
 * portals (cairn__walk), it takes those steps; otherwise a straight line. It stops on reaching
 * `to` (on the last step of that way), before the first cell that is off the grid or holds a
 * blocker (cairn__blocker), at a displace_check veto, and when a handler has killed the entity or
 * moved it elsewhere. */
cairn_err cairn__travel(cairn_world *w, cairn_entity_id target, cairn_cell to, cairn_dir dir,
                        int32_t steps, cairn_entity_id cause, cairn_travel *out);
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
    cairn_err code;
    uint32_t version; /* the format written */
} cairn_sink;

typedef struct cairn_source {
    const unsigned char *at;
    const unsigned char *end;
    bool short_read;  /* a read went past the end: what it returned is 0 */
    uint32_t version; /* the snapshot's format, once its header is read */
} cairn_source;

/* Writes the low `bytes` bytes of v, least significant first. */
void cairn__sink_put(cairn_sink *s, uint64_t v, int bytes);
uint64_t cairn__source_get(cairn_source *src, int bytes);
/* Statused's part (statused.c, which owns the layout of its statuses): the statuses of one
 * data block, and reading them back into a fresh block. A restore then calls each status's
 * attach function to put its handlers back (cairn__statused_reattach). */
/* What cairn_status_add checks before it applies anything (the entity is Statused, the status
 * known, beats 0 or more), with beats made CAIRN_STATUS_LASTING for a lasting status. */
cairn_err cairn__status_check(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                              int32_t *beats);
void cairn__statused_put(cairn_sink *s, const void *data);
/* Whether every status of these Statused data is one format 3 could hold: magnitude 1, no
 * source. */
bool cairn__statused_plain(const void *data);
cairn_err cairn__statused_get(cairn_world *w, cairn_source *src, void *data);
cairn_err cairn__statused_reattach(cairn_world *w, cairn_entity_id id);
/* CAIRN_ERR_STATE, with a message, when one of the entity's statuses holds handlers that a
 * restore could not put back: it hooked them without an attach function. */
cairn_err cairn__statused_check(cairn_world *w, cairn_entity_id id);
/* The handlers the entity's statuses hold on a chain. */
uint32_t cairn__statused_handlers_on(const cairn_world *w, cairn_entity_id id,
                                     cairn_chain_id chain);

#endif /* CAIRN_MACHINERY_H */
