/*
 * cairn/mechanics.h - the mechanics of cairn's core, built on the kernel (cairn/kernel.h):
 * the built-in decorators' data and events, the damage model, actions, Acting, algorithms,
 * movs, sequences, statuses, the beat and its history, snapshots. The mechanics call the
 * kernel; the kernel calls them back only through what they registered with the world (see
 * cairn/kernel.h). The conventions in cairn/core.h hold here.
 */
#ifndef CAIRN_MECHANICS_H
#define CAIRN_MECHANICS_H

#include "kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------
 * The mechanics' names
 *
 * Ids of the named things the mechanics register (see cairn_kind): declared first, so that
 * the data and events below say what their fields hold.
 */
typedef uint16_t cairn_algo_id;
typedef uint16_t cairn_movs_id;
typedef uint16_t cairn_sequence_id;
typedef uint16_t cairn_status_id;
typedef uint8_t cairn_source_id;

/* No status: what an attack that carries none has as its status. */
#define CAIRN_STATUS_NONE UINT16_MAX

/* ---------------------------------------------------------------------------------------
 * The three levels of an action's events
 *
 * Acting makes them when an entity acts: the enclosing event holds the algorithm's, which
 * holds the result event of the component that succeeded. Like every event they live in the
 * beat's arena.
 */
/* The innermost level, made by an action component (a decorator's activation: Attacking,
 * Moving, Digging, ...). Each built-in component extends it with its own struct, whose
 * first member it is; `component` says which decorator made it. head.success is true when
 * the component's check and get stages held and its do stage ran. */
struct cairn_result_event {
    cairn_event head;
    cairn_decorator_id component;
    cairn_entity_id blocker; /* what stood in the way, when an entity did (else NONE) */
};

/* The middle level, made for the algorithm: the movs it may ask for directions (the current
 * step's), the direction it settled on (head.action.dir too), whether it succeeded
 * (head.success), and the result event of the action component that succeeded: NULL when
 * none did, or when the action has no components (none). */
typedef struct cairn_algo_event {
    cairn_event head;
    cairn_movs_id movs;
    uint8_t direction; /* a cairn_dir */
    cairn_result_event *result;
} cairn_algo_event;

/* The outermost level of an action, made by Acting (cairn_entity_act): did the act_check
 * stage hold, did the action succeed (head.success), and the algorithm's event (NULL when
 * the check failed). head.action is the action the entity had computed. */
typedef struct cairn_enclosing_event {
    cairn_event head;
    bool check_success;
    cairn_algo_event *algo;
} cairn_enclosing_event;

CAIRN_API cairn_enclosing_event *cairn_event_as_enclosing(cairn_event *ev);
CAIRN_API cairn_algo_event *cairn_event_as_algo(cairn_event *ev);
CAIRN_API cairn_result_event *cairn_event_as_result(cairn_event *ev);

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
 *                 model, WithHP, Statused (the hit's decay, the attack's status), be_hit,
 *                 then Pushable], attack_do, attack_success | _failure
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
CAIRN_API cairn_err cairn_source_register(cairn_world *w, const char *name, cairn_source_id *out);
CAIRN_API cairn_err cairn_source_find(cairn_world *w, const char *name, cairn_source_id *out);
CAIRN_API const char *cairn_source_name(const cairn_world *w, cairn_source_id source);

typedef struct cairn_attack {
    int32_t damage; /* before armor; 0 or less: the attack only pushes */
    int32_t pierce; /* nullified when at or below the target's pierce resistance */
    int32_t power;  /* nullified when below the target's resistance to the source */
    cairn_source_id source;
    uint32_t targets; /* a mask of the teams it may hit (bit n: team n) */
    /* The status a hit lands (CAIRN_STATUS_NONE: none), with its magnitude and beats (0 or
     * less: lasting); none either when the magnitude is 0, so that an attack written with
     * only its damage carries none. It lands on a target the attack reaches (not blocked by
     * defence, nor nullified by resistance or pierce), whatever the damage, given by the
     * attacker (cairn_status_give). */
    cairn_status_id inflicts;
    int32_t inflict_magnitude;
    int32_t inflict_beats;
} cairn_attack;

/* Whether the attack carries a status (see cairn_attack's inflicts). */
CAIRN_API bool cairn_attack_inflicts(const cairn_attack *attack);

typedef struct cairn_push {
    int32_t distance; /* cells; 0: no push */
    int32_t power;    /* pushes when at least the target's push resistance */
} cairn_push;

/* Acting. Defaults: all zero but algo = CAIRN_ALGO_SIMPLE. The core writes every field but
 * algo and priority; read them, set next and movs from a compute callback. Change an entity's
 * priority with cairn_entity_set_priority, which moves it in the beat order. */
typedef struct cairn_acting {
    cairn_action next;  /* what the entity will do this beat (dir NONE: the algorithm picks) */
    cairn_movs_id movs; /* what the algorithm asks for directions */
    cairn_algo_id algo; /* what carries the action out */
    int32_t priority;   /* higher acts earlier in its phase (see cairn_entity_set_priority) */
    bool doing_action;  /* inside cairn_entity_act: guards re-entry */
    bool did_action;    /* done for this beat */
    /* This beat's enclosing event, once it acted (NULL before); valid until the next beat. */
    cairn_enclosing_event *last;
} cairn_acting;

/* Attacking. Defaults: damage 1, pierce 1, power 1, source 0, every team; no status
 * (magnitude 1, lasting); no push. */
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
    cairn_sequence_id sequence;
    uint16_t step; /* the current step, 0-based */
    uint16_t done; /* beats done in the current step */
    bool entered;  /* the current step's enter function has run */
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
    CAIRN_FIELD_STATUS,     /* uint16_t, a cairn_status_id or CAIRN_STATUS_NONE */
} cairn_field_kind;

typedef struct cairn_field {
    const char *name; /* the stat's name; NULL: state the core keeps, not a stat */
    cairn_decorator_id decorator;
    cairn_field_kind kind;
    uint16_t offset; /* in the decorator's data */
    uint16_t size;   /* bytes */
} cairn_field;

/* Every field of the built-in decorators, grouped by decorator. Static storage. */
CAIRN_API const cairn_field *cairn_fields(size_t *count);

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
    int32_t inflicted;      /* the magnitude of attack.inflicts that landed (0: none) */
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

CAIRN_API cairn_move_event *cairn_event_as_move(cairn_event *ev);
CAIRN_API cairn_attack_event *cairn_event_as_attack(cairn_event *ev);
CAIRN_API cairn_dig_event *cairn_event_as_dig(cairn_event *ev);
CAIRN_API cairn_hit_event *cairn_event_as_hit(cairn_event *ev);
CAIRN_API cairn_push_event *cairn_event_as_push(cairn_event *ev);
CAIRN_API cairn_displace_event *cairn_event_as_displace(cairn_event *ev);
CAIRN_API cairn_damage_event *cairn_event_as_damage(cairn_event *ev);

/* Adds a target to an attack (from an attack_get handler), once: a target already listed is
 * not added again. */
CAIRN_API cairn_err cairn_attack_add_target(cairn_world *w, cairn_attack_event *ev,
                                            cairn_entity_id target);

/* An attack aimed by its caller rather than by a direction (a card's damage): the targets it
 * hits, and the numbers it hits with where their flag is set (the attacker's own otherwise). */
enum {
    CAIRN_AIM_PIERCE = 1u << 0,
    CAIRN_AIM_POWER = 1u << 1,
    CAIRN_AIM_SOURCE = 1u << 2,
    CAIRN_AIM_STATUS = 1u << 3,
};
typedef struct cairn_aim {
    const cairn_entity_id *targets;
    uint32_t count;
    int32_t damage;
    int32_t pierce;
    int32_t power;
    cairn_source_id source;
    cairn_status_id inflicts; /* with inflict_magnitude and inflict_beats, as cairn_attack's */
    int32_t inflict_magnitude;
    int32_t inflict_beats;
    uint32_t set; /* CAIRN_AIM_* flags: which of pierce, power, source and the status (the
                   * three inflict fields) replace the attacker's */
} cairn_aim;

/* The actor's attack with no direction, through its stages as any attack (attack_check, then
 * attack_get, the targets' defence, the damage model, be_hit, the history), at the aim's
 * targets: once the actor's attack_get handlers have run, its damage (and the numbers the aim
 * sets) become the aim's and its living targets are added. *success (may be NULL) receives
 * whether it hit. An actor without Attacking does not attack (*success false). */
CAIRN_API cairn_err cairn_attack_aimed(cairn_world *w, cairn_entity_id actor, const cairn_aim *aim,
                                       bool *success);

/* Whether `other` is a foe of `actor`: alive, on the grid's real layer, not the actor, and
 * Attackable with a team the actor's attacks are for - its Attacking `targets`; for an actor
 * that does not attack, every team but its own (every team when it has none either). */
CAIRN_API bool cairn_entity_is_foe(cairn_world *w, cairn_entity_id actor, cairn_entity_id other);

/* The actor's foes on the grid, by row then column: the first `cap` of them into `out` (may
 * be NULL when cap is 0), and how many there are in *count. */
CAIRN_API cairn_err cairn_entity_foes(cairn_world *w, cairn_entity_id actor, cairn_entity_id *out,
                                      size_t cap, size_t *count);

/* ---------------------------------------------------------------------------------------
 * The damage model, and stats changed outside an attack
 */

/* What an attack does to an Attackable: 0 when the target's resistance to the attack's
 * source is above its power, or its pierce is at or below the target's pierce resistance, or
 * its damage is 0 or less; otherwise damage - armor, clamped to 1 .. CAIRN_STAT_MAX. */
CAIRN_API int32_t cairn_damage_model(const cairn_attack *attack, const cairn_attackable *target);

/* Takes amount hp from an entity with WithHP (CAIRN_ERR_NOT_FOUND without), records it,
 * passes damaged, and when hp reaches 0 on a Killable entity passes die_check and, unless a
 * handler vetoes, kills it. `cause` (may be NONE) becomes the events' actor. amount <= 0
 * does nothing. *killed (may be NULL) says whether this killed it. */
/* Gives the target back up to `amount` hp, never past its max_hp, and records a
 * CAIRN_CHANGE_HEALED of what it gained (nothing when it gained nothing). *healed (may be
 * NULL) is the hp gained. CAIRN_ERR_NOT_FOUND without WithHP; a dead target gains nothing. */
CAIRN_API cairn_err cairn_entity_heal(cairn_world *w, cairn_entity_id target, int32_t amount,
                                      cairn_entity_id cause, int32_t *healed);
CAIRN_API cairn_err cairn_entity_damage(cairn_world *w, cairn_entity_id target, int32_t amount,
                                        cairn_entity_id cause, bool *killed);

/* Moves an entity to a cell of its layer as displacement: passes its displace_check and
 * displaced when it is Displaceable, records the move. *moved (may be NULL) is false when a
 * handler vetoed; a cell out of bounds or taken is an error as for cairn_grid_move. */
CAIRN_API cairn_err cairn_entity_displace(cairn_world *w, cairn_entity_id target, cairn_cell to,
                                          cairn_entity_id cause, bool *moved);

/* ---------------------------------------------------------------------------------------
 * Actions
 *
 * An action is an ordered list of components, each a decorator with an activate callback. Doing
 * it in a direction activates each component the actor has, in order, until one succeeds:
 * that one's result event is the action's. An action with no components (none) always
 * succeeds with no result. Built-in, in this order: none, move [Moving], attack
 * [Attacking], dig [Digging], attack_move [Attacking, Moving], attack_dig_move [Attacking,
 * Digging, Moving], perform [PlayerControl] (what the host's perform callback does: see
 * cairn_player_set_perform).
 */
enum {
    CAIRN_ACTION_NONE,
    CAIRN_ACTION_MOVE,
    CAIRN_ACTION_ATTACK,
    CAIRN_ACTION_DIG,
    CAIRN_ACTION_ATTACK_MOVE,
    CAIRN_ACTION_ATTACK_DIG_MOVE,
    CAIRN_ACTION_PERFORM,
    CAIRN_ACTION_BUILTIN_COUNT
};
#define CAIRN_ACTION_COMPONENTS_MAX 8

/* Registers an action; every component must be a decorator with an activate callback. */
CAIRN_API cairn_err cairn_action_register(cairn_world *w, const char *name,
                                          const cairn_decorator_id *components, size_t count,
                                          cairn_action_id *out);
CAIRN_API cairn_err cairn_action_find(cairn_world *w, const char *name, cairn_action_id *out);
CAIRN_API const char *cairn_action_name(const cairn_world *w, cairn_action_id action);

/* Does an action in action.dir right away, outside Acting's stages (no act_check, no
 * algorithm): what a handler or a script calls to make an entity move or hit. *result (may
 * be NULL) receives the successful component's result event, or the last failed one's, or
 * NULL; *success (may be NULL) the outcome. */
CAIRN_API cairn_err cairn_action_do(cairn_world *w, cairn_entity_id actor, cairn_action action,
                                    cairn_result_event **result, bool *success);

/* ---------------------------------------------------------------------------------------
 * Acting
 */

/* Acting's execution, once per beat per entity: makes the enclosing event for the entity's
 * computed action, passes act_check (its outcome is check_success), runs the entity's
 * algorithm if it held, then passes act_success or act_failure. Sets did_action, and stores
 * the event in the entity's cairn_acting.last. An entity that is dead, has no Acting, did
 * act this beat or is acting now (doing_action) does nothing; that is not an error. */
CAIRN_API cairn_err cairn_entity_act(cairn_world *w, cairn_entity_id id);

/* Sets a PlayerControl entity's action for the next beat (CAIRN_ERR_NOT_FOUND without
 * PlayerControl, CAIRN_ERR_INVALID for an unknown action). Without input it does none; input
 * of none (whatever its direction) takes back what was given, leaving no input. */
CAIRN_API cairn_err cairn_player_input(cairn_world *w, cairn_entity_id id, cairn_action action);

/* What the built-in action `perform` does: PlayerControl, its one component, calls `fn` as its
 * activate callback, so that a player's act can be anything the host decides (a choice the
 * player made, in the Lua host) while still going through Acting's stages and the players
 * phase. Without one, `perform` fails its beat with CAIRN_ERR_STATE. `ud` is borrowed. */
CAIRN_API void cairn_player_set_perform(cairn_world *w, cairn_activate_fn fn, void *ud);

/* ---------------------------------------------------------------------------------------
 * Algorithms
 *
 * An algorithm carries out an entity's computed action: it fills the algo event's direction,
 * result and head.success. Built-in: simple (the action once, in its direction) and general
 * (the directions the movs offers, in order, each through cairn_algo_attempt, until one
 * succeeds; an action that comes with a direction is tried in that one only).
 */
enum { CAIRN_ALGO_SIMPLE, CAIRN_ALGO_GENERAL, CAIRN_ALGO_BUILTIN_COUNT };

typedef cairn_err (*cairn_algo_fn)(cairn_world *w, cairn_algo_event *ev, void *ud);

CAIRN_API cairn_err cairn_algo_register(cairn_world *w, const char *name, cairn_algo_fn fn,
                                        void *ud, cairn_algo_id *out);
CAIRN_API cairn_err cairn_algo_find(cairn_world *w, const char *name, cairn_algo_id *out);
CAIRN_API const char *cairn_algo_name(const cairn_world *w, cairn_algo_id algo);

/* Tries the algo event's action in one direction. When it fails because an entity blocks
 * the way and that entity can still act this beat, the blocker acts first (cairn_entity_act)
 * and the attempt is tried once more, so a line of enemies walking the same way moves as one.
 * An entity that is acting already further up (a cycle), or a chain of blockers deeper than
 * CAIRN_ACT_DEPTH_MAX, is not waited for. On success it records the direction and result in
 * the algo event and turns the actor to face the direction. */
#define CAIRN_ACT_DEPTH_MAX 1024
CAIRN_API cairn_err cairn_algo_attempt(cairn_world *w, cairn_algo_event *ev, cairn_dir dir,
                                       bool *success);

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

CAIRN_API cairn_err cairn_movs_register(cairn_world *w, const char *name, cairn_movs_fn fn,
                                        void *ud, cairn_movs_id *out);
CAIRN_API cairn_err cairn_movs_find(cairn_world *w, const char *name, cairn_movs_id *out);
CAIRN_API const char *cairn_movs_name(const cairn_world *w, cairn_movs_id movs);
/* Runs a movs for an entity; dirs must hold CAIRN_DIR_COUNT. A movs that writes a bad
 * direction or too many is an error naming it. */
CAIRN_API cairn_err cairn_movs_dirs(cairn_world *w, cairn_movs_id movs, cairn_entity_id actor,
                                    cairn_dir *dirs, size_t *count);
/* The closest living PlayerControl entity to a cell, as the movs above choose it; NONE when
 * there is none. */
CAIRN_API cairn_entity_id cairn_world_closest_player(cairn_world *w, cairn_cell from);

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
CAIRN_API cairn_err cairn_sequence_register(cairn_world *w, const char *name,
                                            const cairn_step *steps, size_t count,
                                            cairn_sequence_id *out);
CAIRN_API cairn_err cairn_sequence_find(cairn_world *w, const char *name, cairn_sequence_id *out);
CAIRN_API const char *cairn_sequence_name(const cairn_world *w, cairn_sequence_id sequence);
/* How many steps a sequence has (0 for an unknown id). */
CAIRN_API size_t cairn_sequence_length(const cairn_world *w, cairn_sequence_id sequence);

/* ---------------------------------------------------------------------------------------
 * Statuses (the Statused decorator)
 *
 * A status is a timed modifier: applying it to a Statused entity calls its attach function,
 * which hooks the status's handlers onto that entity alone with cairn_status_hook, then its
 * apply function; in the tick stage of each later beat its tick function runs and it counts
 * down; when it reaches 0 it wears off: its wear_off function runs and every handler it
 * hooked is unhooked.
 *
 * A status on an entity has a magnitude (poison 3, strength -2; 1 unless given) and a source
 * (the entity that applied it, or CAIRN_ENTITY_NONE), and lasts a count of beats or is
 * lasting (CAIRN_STATUS_LASTING: it never counts down, and ends by decay or removal). What
 * applying it again does is its stacking rule. Every change is recorded: status_on when it
 * comes, status_changed when applying it again changes it, status_off when it goes.
 */

typedef cairn_err (*cairn_status_fn)(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                                     void *ud);

/* What applying a status that is on already does (to the one on). */
typedef enum cairn_stacking {
    CAIRN_STACKING_LONGER,    /* keeps the longer duration and the higher magnitude */
    CAIRN_STACKING_INTENSITY, /* magnitudes add; keeps the longer duration */
    CAIRN_STACKING_EXTEND,    /* durations add; keeps the higher magnitude */
    CAIRN_STACKING_REFRESH,   /* duration and magnitude become the new ones */
    CAIRN_STACKING_HIGHER,    /* the one of higher magnitude stays, with its duration, source */
    CAIRN_STACKING_INSTANCES, /* a separate instance, with its own magnitude, duration, source */
    CAIRN_STACKING_COUNT
} cairn_stacking;

/* When a status's magnitude decays. The duration counts down in the tick stage whatever
 * this says. */
typedef enum cairn_decay_when {
    CAIRN_DECAY_BEAT,       /* in the tick stage, before the duration counts down */
    CAIRN_DECAY_TURN_START, /* when the turn layers call cairn_status_decay with it */
    CAIRN_DECAY_TURN_END,   /* likewise */
    CAIRN_DECAY_HIT,        /* when the bearer is hit by an attack */
    CAIRN_DECAY_NEVER,
    CAIRN_DECAY_WHEN_COUNT
} cairn_decay_when;

/* What a status does to its bearer at each decay time, before decaying: data the core runs
 * itself, with no call into the host. */
typedef enum cairn_status_each {
    CAIRN_EACH_NOTHING,
    CAIRN_EACH_DAMAGE, /* damage by the magnitude (the source is the cause) */
    CAIRN_EACH_HEAL,   /* heal by the magnitude */
    CAIRN_EACH_COUNT
} cairn_status_each;

/* The duration of a lasting status: it never counts down. */
#define CAIRN_STATUS_LASTING 1000000
/* decay_by: the whole magnitude at once. */
#define CAIRN_DECAY_ALL INT32_MAX
/* The most stats one status modifies, and the most statuses it resists. */
#define CAIRN_STATUS_MODIFIES_MAX 4
#define CAIRN_STATUS_RESISTS_MAX  8

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
    /* The data below all 0 (the default): longer, no cap, no decay, nothing each time. */
    cairn_stacking stacking;
    /* Cap on the magnitude, both ways (-max .. max); with instances, on their number (the
     * oldest makes room for a new one). 0: none. */
    int32_t max;
    int32_t decay_by; /* magnitude lost at each decay time; CAIRN_DECAY_ALL; 0: none */
    cairn_decay_when decay_when;
    bool stay_at_zero; /* at magnitude 0 (by decay or stacking) it stays; else it wears off */
    cairn_status_each each;
    /* While it lasts, the Int field `field` (an index into cairn_fields) of the bearer is
     * changed by magnitude × per, kept right as the magnitude changes. A bearer without the
     * field's decorator is left alone. */
    uint8_t modifies_count;
    struct {
        uint16_t field;
        int32_t per;
    } modifies[CAIRN_STATUS_MODIFIES_MAX];
    /* While the bearer has this status, `status` applies `percent` % weaker (100: not at
     * all; the strongest resistance of all the bearer's statuses counts). */
    uint8_t resists_count;
    struct {
        cairn_status_id status;
        int32_t percent;
    } resists[CAIRN_STATUS_RESISTS_MAX];
    /* A save the receiver makes when it is given the status (cairn_status_give): with
     * save_chance > 0, saved when a draw from the world's generator in 0..99 is below it;
     * else with save_stat, saved when the receiver's Int field save_field is at least
     * save_against (or the magnitude, without has_against). */
    int32_t save_chance;
    bool save_stat;
    uint16_t save_field;
    bool has_against;
    int32_t save_against;
} cairn_status_def;

/* The most handlers one status hooks onto one entity. */
#define CAIRN_STATUS_HANDLERS_MAX 8

/* Checks the data (CAIRN_ERR_INVALID with a message). */
CAIRN_API cairn_err cairn_status_define(cairn_world *w, const cairn_status_def *def,
                                        cairn_status_id *out);
CAIRN_API cairn_err cairn_status_find(cairn_world *w, const char *name, cairn_status_id *out);
CAIRN_API const char *cairn_status_name(const cairn_world *w, cairn_status_id status);

/* Applies a status for `beats` beats (1 or more) to a Statused entity, with magnitude 1 and no
 * source: cairn_status_add(w, id, status, 1, beats, CAIRN_ENTITY_NONE). */
CAIRN_API cairn_err cairn_status_apply(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                                       int32_t beats);
/* Applies a status with a magnitude for `beats` beats (0 or CAIRN_STATUS_LASTING and more:
 * lasting) from `source` (may be CAIRN_ENTITY_NONE; kept as it is, even once it is gone),
 * by the status's stacking rule, without the status chains (see cairn_status_give). A
 * magnitude of 0 that would wear it off applies nothing. Errors: CAIRN_ERR_NOT_FOUND (not
 * Statused, or no such status), CAIRN_ERR_STALE, CAIRN_ERR_INVALID (negative beats), and
 * whatever its functions return (a status that fails to apply is taken off). */
CAIRN_API cairn_err cairn_status_add(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                                     int32_t magnitude, int32_t beats, cairn_entity_id source);
/* Hooks a handler onto the entity for as long as the status lasts (it must have it). */
CAIRN_API cairn_err cairn_status_hook(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                                      cairn_chain_id chain, cairn_handler handler);
/* Wears a status off now (every instance). CAIRN_ERR_NOT_FOUND when the entity does not have
 * it. */
CAIRN_API cairn_err cairn_status_remove(cairn_world *w, cairn_entity_id id, cairn_status_id status);
/* Beats left (the longest instance's; CAIRN_STATUS_LASTING for a lasting one): 0 when the
 * entity does not have the status (or is not Statused). */
CAIRN_API int32_t cairn_status_remaining(cairn_world *w, cairn_entity_id id,
                                         cairn_status_id status);
/* Its magnitude (instances: the sum); 0 when the entity does not have it. */
CAIRN_API int32_t cairn_status_magnitude(cairn_world *w, cairn_entity_id id,
                                         cairn_status_id status);

/* One status on an entity (one instance). */
typedef struct cairn_status_info {
    cairn_status_id status;
    int32_t magnitude;
    int32_t remaining; /* CAIRN_STATUS_LASTING: lasting */
    cairn_entity_id source;
} cairn_status_info;

/* Adds to a defined status a resistance: while an entity has `status`, `resisted` given to it
 * (cairn_status_give) applies `percent` % weaker (100: not at all). For resistances that name
 * statuses defined after this one. Errors: CAIRN_ERR_NOT_FOUND (either status),
 * CAIRN_ERR_INVALID (percent outside 0 .. 100), CAIRN_ERR_LIMIT (CAIRN_STATUS_RESISTS_MAX). */
CAIRN_API cairn_err cairn_status_resist(cairn_world *w, cairn_status_id status,
                                        cairn_status_id resisted, int32_t percent);

/* The event of the chains status_give (passed on the source) and status_receive (on the
 * receiver), with cairn_entity_pass: head.actor is the source (may be NONE). A handler may
 * change magnitude and beats, or clear head.propagate so that the status does not apply. */
typedef struct cairn_status_event {
    cairn_event head;
    cairn_entity_id target;
    cairn_status_id status;
    int32_t magnitude;
    int32_t beats; /* CAIRN_STATUS_LASTING: lasting */
} cairn_status_event;

CAIRN_API cairn_status_event *cairn_event_as_status(cairn_event *ev);

/* Registers the chain names status_give and status_receive (or finds them), in that order, and
 * has cairn_status_give pass them; out pointers may be NULL. A world has them only once this
 * has run (the Lua host runs it in a world whose content hooks one of them), so that a world
 * that does not use them keeps the registry, snapshots and checksums it had without them. */
CAIRN_API cairn_err cairn_status_chains(cairn_world *w, cairn_chain_id *give,
                                        cairn_chain_id *receive);

/* Gives a status, as an attack, a card or content does: the chain status_give passes on the
 * source (when there is one: not NONE, and current), then status_receive on the target (both
 * only once cairn_status_chains has registered them); a handler may change the magnitude and
 * beats or stop it. Then the target's resistances (the strongest `resists` of its statuses
 * for this one) weaken the magnitude, and the status's save may shake it off (a chance drawn
 * from the world's generator, or a stat check); then cairn_status_add applies what is left.
 * beats: as cairn_status_add (0: lasting). *landed (may be NULL): the magnitude that was
 * applied, 0 when nothing was (stopped, resisted to 0, saved). Errors: those of
 * cairn_status_add, checked before any handler runs, and a handler's. */
CAIRN_API cairn_err cairn_status_give(cairn_world *w, cairn_entity_id source,
                                      cairn_entity_id target, cairn_status_id status,
                                      int32_t magnitude, int32_t beats, int32_t *landed);

/* The data-only part of statuses at a moment of decay: each status (instance) of the entity
 * whose decay_when is `when` and that decays or acts does its `each` by its magnitude (damage
 * or heal, the source the cause), then loses decay_by of its magnitude (towards 0); at 0 it
 * goes (an instance silently, the last with wear_off and status_off) unless stay_at_zero. No
 * change is recorded for the decay itself. The tick stage does it for CAIRN_DECAY_BEAT and an
 * attack's hit (not blocked) for CAIRN_DECAY_HIT; the turn layers call it for
 * CAIRN_DECAY_TURN_START and CAIRN_DECAY_TURN_END. An entity that is not Statused has nothing
 * to decay. Errors: CAIRN_ERR_INVALID / CAIRN_ERR_STALE (the id, an unknown moment), and
 * those of the damage, heal and wear_off. */
CAIRN_API cairn_err cairn_status_decay(cairn_world *w, cairn_entity_id id, cairn_decay_when when);

/* How many statuses (instances) the entity has: 0 when it is not Statused. */
CAIRN_API uint32_t cairn_status_count(cairn_world *w, cairn_entity_id id);
/* The i-th (0-based, in order of application). CAIRN_ERR_NOT_FOUND past the last. */
CAIRN_API cairn_err cairn_status_at(cairn_world *w, cairn_entity_id id, uint32_t i,
                                    cairn_status_info *out);

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

/* Runs one beat, in the order above. A handler or callback failure
 * stops the beat at that point and is returned, with a message starting "beat N stopped in
 * phase 'P': " (the entities that died so far are still reaped at the next beat). Called from
 * inside a handler it is refused with CAIRN_ERR_STATE (it would end the events being passed). */
CAIRN_API cairn_err cairn_world_step(cairn_world *w);

/* Unwinding. A host whose callbacks run in a language that raises errors by unwinding the C
 * stack (Lua's longjmp) may let a callback called during cairn_world_step raise through the
 * core's frames to its own catch around the step, rather than catching every callback's error
 * itself and returning CAIRN_ERR_HANDLER - which saves a protected call per callback. It may do
 * so only where cairn_world_may_unwind says so at the callback's start: not inside the
 * stretches of the core that make good what a failed callback left half done (a spawn whose
 * entity_spawned handler fails is undone, a status that fails to apply is taken off, one that
 * fails to wear off stays), nor while an observer watches (it would miss the ends of what it
 * was told began). Release callbacks must never raise. After such an unwind the host sets the
 * world's error (cairn_world_fail) and calls cairn_world_unwound, which ends what the skipped
 * frames had under way - the passes, the actors acting - and leaves the world as a failed
 * beat leaves it; it returns the error's code, its message starting "beat N stopped in
 * phase 'P': " as cairn_world_step's does. Nothing else may be done with the world between the
 * unwind and that call. */
CAIRN_API bool cairn_world_may_unwind(const cairn_world *w);
CAIRN_API cairn_err cairn_world_unwound(cairn_world *w);

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
CAIRN_API const char *cairn_phase_name(cairn_phase phase);
/* Sets an Acting entity's priority. It takes effect from the next beat: set between beats
 * (beat_end included) it moves the entity in the order at once; set during a beat, the beat
 * under way keeps its order and the entity moves when the beat's dead are reaped. Writing
 * cairn_acting.priority directly changes nothing until the entity is made again (a restore).
 * Errors: CAIRN_ERR_INVALID, CAIRN_ERR_STALE, CAIRN_ERR_NOT_FOUND (no Acting). */
CAIRN_API cairn_err cairn_entity_set_priority(cairn_world *w, cairn_entity_id id, int32_t priority);
/* The phase the world is in now. */
CAIRN_API cairn_phase cairn_world_phase(const cairn_world *w);
/* Turns (one character at a time): from the next beat, of the entities of the players and
 * reals phases only `id` computes, acts and ticks; the others' phases (projectiles, traps,
 * floors, others) go on as ever. CAIRN_ENTITY_NONE lifts the gate: every entity acts, the
 * beats model. The gate is not part of a snapshot: whoever runs turns sets it again before
 * each beat (the Lua host does it in the beat_start chain). Set during a beat, it takes
 * effect at the next one. Errors: CAIRN_ERR_INVALID, CAIRN_ERR_STALE (an entity gone). */
CAIRN_API cairn_err cairn_world_set_active(cairn_world *w, cairn_entity_id id);
/* The entity set by cairn_world_set_active, or CAIRN_ENTITY_NONE. */
CAIRN_API cairn_entity_id cairn_world_active(const cairn_world *w);

typedef enum cairn_change_kind {
    CAIRN_CHANGE_SPAWNED,    /* entity appeared (at `to` when placed) */
    CAIRN_CHANGE_MOVED,      /* entity went from `from` to `to`, by its move or a push */
    CAIRN_CHANGE_ATTACKED,   /* entity was hit by other for `amount` (0: nullified, blocked) */
    CAIRN_CHANGE_PUSHED,     /* entity was pushed by other `amount` cells, from -> to */
    CAIRN_CHANGE_DAMAGED,    /* entity lost `amount` hp; `value` is what is left */
    CAIRN_CHANGE_DUG,        /* entity (a wall) at `to` was dug away by other */
    CAIRN_CHANGE_DIED,       /* entity was killed, by other when it was damage or a dig */
    CAIRN_CHANGE_STATUS_ON,  /* entity got status `detail` for `amount` beats, magnitude
                                `value`, from other (its source) when it has one */
    CAIRN_CHANGE_STATUS_OFF, /* status `detail` wore off entity */
    CAIRN_CHANGE_STEP,       /* entity's sequence went from step `amount` to another, `value` */
    CAIRN_CHANGE_HEALED,     /* entity gained `amount` hp, from other when given; `value` is hp */
    CAIRN_CHANGE_TURNED,     /* entity's facing went from `amount` to `value` (cairn_dir) */
    CAIRN_CHANGE_STAT,       /* a stat of entity was set from outside the core (a host's
                                stat number in `detail`), from `amount` to `value` */
    CAIRN_CHANGE_CONTENT,    /* a change of a kind content defined (cairn_change_kind_register,
                                in `detail`); every other field is content's */
    CAIRN_CHANGE_STATUS_CHANGED, /* entity's status `detail` applied again: now `amount` beats
                                    (the longest instance), magnitude `value` (the sum) */
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
CAIRN_API const char *cairn_change_name(cairn_change_kind kind);

/* Kinds of change that the embedder or content defines, by name ("mypack:burned"), with ids
 * 0, 1, 2 ... in the order registered (so a snapshot can name them); at most 65,536.
 * CAIRN_ERR_EXISTS (with *out set) for a name registered already. */
CAIRN_API cairn_err cairn_change_kind_register(cairn_world *w, const char *name, uint16_t *out);
CAIRN_API cairn_err cairn_change_kind_find(cairn_world *w, const char *name, uint16_t *out);
/* The name of a registered kind, or NULL. Owned by the world. */
CAIRN_API const char *cairn_change_kind_name(const cairn_world *w, uint16_t id);

/* Adds a change made outside the core to the history, in the current phase: a
 * CAIRN_CHANGE_STAT (a host that sets stats) or a CAIRN_CHANGE_CONTENT of a registered kind.
 * CAIRN_ERR_INVALID for any other kind or an unknown content kind; CAIRN_ERR_NOMEM. */
CAIRN_API cairn_err cairn_world_record(cairn_world *w, cairn_change change);

/* The changes of the current beat (from the start of the last cairn_world_step, including
 * any made since it returned), in the order they happened. Owned by the world; valid until
 * the next change or step. */
CAIRN_API const cairn_change *cairn_world_history(const cairn_world *w, size_t *count);

/* ---------------------------------------------------------------------------------------
 * Observing a world
 *
 * For tools that show what happened and why (traces, profilers): an observer is told when a
 * chain pass, each handler of it, an entity's action, its algorithm and each action
 * component begin and end, nested as they run. Passes over a chain with no handler are not
 * told: nothing in them can be seen. An observer reads and never changes the world (nor the
 * events it is shown), so an observed world runs exactly as an unobserved one; without an
 * observer the core pays one test of a pointer per pass and per action.
 */
typedef enum cairn_observed {
    CAIRN_OBSERVED_PASS,      /* a chain pass: chain, entity (NONE: a world chain), ev, all */
    CAIRN_OBSERVED_HANDLER,   /* one handler of the pass under way: fn, ud, handler, ev */
    CAIRN_OBSERVED_ACT,       /* cairn_entity_act: entity, ev (the enclosing event) */
    CAIRN_OBSERVED_ALGO,      /* the algorithm carrying it out: entity, ev (the algo event) */
    CAIRN_OBSERVED_COMPONENT, /* an action component's activation: entity, component, dir;
                                 at its end ev is its result event (NULL when it made none) */
} cairn_observed;

typedef struct cairn_observation {
    cairn_observed what;
    bool end;       /* false as it begins, true as it ends */
    cairn_err code; /* at the end: what it returned */
    cairn_entity_id entity;
    cairn_event *ev; /* valid for the beat, like every event */
    cairn_chain_id chain;
    bool all; /* a pass of every handler (cairn_chain_pass_all) rather than a check stage */
    cairn_handler_fn fn;
    void *ud;
    cairn_handler_id handler;
    cairn_decorator_id component;
    cairn_dir dir;
} cairn_observation;

typedef void (*cairn_observer_fn)(cairn_world *w, const cairn_observation *o, void *ud);

/* Sets the world's observer (NULL: none). It is called with the world in the middle of its
 * work: it may read anything but must change nothing and call no function that passes a
 * chain. */
CAIRN_API void cairn_world_observe(cairn_world *w, cairn_observer_fn fn, void *ud);

/* ---------------------------------------------------------------------------------------
 * Outcomes
 *
 * An outcome is the net change an action made to some entities, one delta per entity: where
 * it stood before and after, which way it faced, its hp. A schedule (the Lua host's
 * w:schedule) finds one by playing the action on a copy of the world; applying it puts the
 * world straight into the state after, and applying its reverse (from and to swapped) puts
 * the world back, checksum and all. It is a state edit between beats, like a restore: nothing
 * is announced and nothing goes into the history.
 */
typedef struct cairn_delta {
    cairn_entity_id entity;
    cairn_cell from, to; /* its cell before and after (equal: it stayed) */
    cairn_dir facing_from, facing_to;
    bool has_hp; /* hp counts (the entity is WithHP) */
    int32_t hp_from, hp_to;
} cairn_delta;

/* Applies count deltas, all or none: each entity must be alive, on the grid at `from`, facing
 * `facing_from` and (has_hp) at `hp_from` hp, at most max hp; the cells `to` must be free once
 * the entities that move have left theirs, and no two entities may share a `to` on a layer.
 * An entity may appear once. Only between beats. Errors: CAIRN_ERR_STATE (inside a beat),
 * CAIRN_ERR_INVALID (the deltas do not fit the world: the message says which and why),
 * CAIRN_ERR_STALE, CAIRN_ERR_BOUNDS, CAIRN_ERR_OCCUPIED. On an error nothing has changed. */
CAIRN_API cairn_err cairn_world_apply(cairn_world *w, const cairn_delta *deltas, size_t count);

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
CAIRN_API cairn_err cairn_world_snapshot(cairn_world *w, const void **bytes, size_t *size);
/* Replaces the world's entities and state with a snapshot's. Only between beats. The world
 * must have been made with the same size and the same definitions registered in the same
 * order; CAIRN_ERR_INVALID, with what is wrong, for bytes that are not a snapshot of such a
 * world (damaged, cut short, made by other definitions). Entities are destroyed as
 * cairn_entity_destroy does (release callbacks run) and made again without announcing them;
 * statuses get their handlers back through their attach functions. On failure the world is left
 * with no entities. */
CAIRN_API cairn_err cairn_world_restore(cairn_world *w, const void *bytes, size_t size);

/* A 64-bit sum of the snapshot's bytes (without keeping them), so it covers the same state.
 * Equal worlds give equal sums on any machine, so replays and tests compare them. Never
 * allocates. */
CAIRN_API uint64_t cairn_world_checksum(const cairn_world *w);

#ifdef __cplusplus
}
#endif

#endif /* CAIRN_MECHANICS_H */
