/*
 * beat.c - the beat: the order entities act and tick in, and cairn_world_step.
 *
 * The beat order is one array of the entities that act or tick, sorted by (phase, higher
 * priority first, spawn order). Phases come from the type (sealed, so fixed) and priority is
 * kept in the entry, so the order only changes when entities come and go or a priority is
 * set: new ones are inserted at their place (appended, in the usual case of equal priority),
 * gone ones are dropped in one sweep at the reap. While a beat walks the array, newcomers
 * wait in a second array and join at the end of the beat, and a changed priority waits for
 * the same moment, so the walk never sees the array move.
 */
#include <string.h>

#include "world.h"

static const char *const phase_names[CAIRN_PHASE_COUNT] = {
    [CAIRN_PHASE_OUTSIDE] = "outside", [CAIRN_PHASE_START] = "start",
    [CAIRN_PHASE_COMPUTE] = "compute", [CAIRN_PHASE_PLAYERS] = "players",
    [CAIRN_PHASE_REALS] = "reals",     [CAIRN_PHASE_PROJECTILES] = "projectiles",
    [CAIRN_PHASE_TRAPS] = "traps",     [CAIRN_PHASE_FLOORS] = "floors",
    [CAIRN_PHASE_OTHERS] = "others",   [CAIRN_PHASE_TICK] = "tick",
    [CAIRN_PHASE_REAP] = "reap",       [CAIRN_PHASE_END] = "end",
};

const char *cairn_phase_name(cairn_phase phase)
{
    return (unsigned)phase < CAIRN_PHASE_COUNT ? phase_names[phase] : "?";
}

cairn_phase cairn_world_phase(const cairn_world *w)
{
    return (cairn_phase)w->phase;
}

/* --- the order ------------------------------------------------------------------------- */

static bool before(const cairn_order_entry *a, const cairn_order_entry *b)
{
    if (a->phase != b->phase)
        return a->phase < b->phase;
    if (a->priority != b->priority)
        return a->priority > b->priority;
    return a->spawn_order < b->spawn_order;
}

/* Inserts after every entry that goes before it: with equal priorities (the usual case) a
 * newcomer, the latest spawned, goes at the end of its phase without moving anything. */
static void insert(cairn_order *o, cairn_order_entry entry)
{
    uint32_t lo = 0, hi = o->count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (before(&o->items[mid], &entry))
            lo = mid + 1;
        else
            hi = mid;
    }
    memmove(&o->items[lo + 1], &o->items[lo], (o->count - lo) * sizeof entry);
    o->items[lo] = entry;
    o->count++;
}

static int32_t priority_of(cairn_world *w, cairn_entity_id id)
{
    const cairn_acting *acting = cairn__data(w, id, CAIRN_DECO_ACTING);
    return acting ? acting->priority : 0;
}

cairn_err cairn__order_add(cairn_world *w, cairn_entity_id id, const cairn_entity *e)
{
    const cairn_type *type = cairn__type(w, e->type);
    if (!(type->needs & (CAIRN_TYPE_ACTS | CAIRN_TYPE_TICKS)))
        return CAIRN_OK;
    cairn_order_entry entry = {id, e->spawn_order, priority_of(w, id), type->phase};
    cairn_order *o = &w->order;
    if (w->in_beat) {
        cairn_err st = cairn__reserve(w, (void **)&o->pending, &o->pending_cap,
                                      o->pending_count + 1, sizeof *o->pending);
        if (st == CAIRN_OK)
            o->pending[o->pending_count++] = entry;
        return st;
    }
    cairn_err st = cairn__reserve(w, (void **)&o->items, &o->cap, o->count + 1, sizeof *o->items);
    if (st == CAIRN_OK)
        insert(o, entry);
    return st;
}

/* Takes each entry's priority from its entity again and sorts by insertion: stable, and
 * quick on an array that only a few changes put out of order. */
static void reorder(cairn_world *w)
{
    cairn_order *o = &w->order;
    for (uint32_t i = 0; i < o->count; i++)
        if (cairn__entity_current(w, o->items[i].id))
            o->items[i].priority = priority_of(w, o->items[i].id);
    for (uint32_t i = 1; i < o->count; i++) {
        cairn_order_entry entry = o->items[i];
        uint32_t at = i;
        while (at > 0 && before(&entry, &o->items[at - 1])) {
            o->items[at] = o->items[at - 1];
            at--;
        }
        o->items[at] = entry;
    }
    o->reorder = false;
}

cairn_err cairn_entity_set_priority(cairn_world *w, cairn_entity_id id, int32_t priority)
{
    cairn_err st = cairn_entity_check(w, id);
    if (st)
        return st;
    cairn_acting *acting = cairn__data(w, id, CAIRN_DECO_ACTING);
    if (!acting)
        return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "entity %u has no Acting: no priority",
                                id.index);
    acting->priority = priority;
    if (w->in_beat)
        w->order.reorder = true; /* the walk under way must not see the array move */
    else
        reorder(w);
    return CAIRN_OK;
}

/* Drops the entries of entities that are gone, then lets the newcomers in, then applies the
 * priorities set during the beat. Room for newcomers was not reserved when they arrived, so
 * this may allocate; if it cannot, they stay pending and the next beat tries again. */
static cairn_err settle(cairn_world *w)
{
    cairn_order *o = &w->order;
    if (o->stale) {
        uint32_t kept = 0;
        for (uint32_t i = 0; i < o->count; i++)
            if (cairn__entity_current(w, o->items[i].id))
                o->items[kept++] = o->items[i];
        o->count = kept;
        o->stale = false;
    }
    if (o->pending_count) {
        cairn_err st = cairn__reserve(w, (void **)&o->items, &o->cap, o->count + o->pending_count,
                                      sizeof *o->items);
        if (st)
            return st;
        for (uint32_t i = 0; i < o->pending_count; i++)
            if (cairn__entity_current(w, o->pending[i].id))
                insert(o, o->pending[i]);
        o->pending_count = 0;
    }
    if (o->reorder)
        reorder(w); /* after the newcomers, whose priority may have changed since they came */
    return CAIRN_OK;
}

void cairn__order_free(cairn_world *w)
{
    cairn_order *o = &w->order;
    cairn__free(w, o->items, (size_t)o->cap * sizeof *o->items);
    cairn__free(w, o->pending, (size_t)o->pending_cap * sizeof *o->pending);
    memset(o, 0, sizeof *o);
}

cairn_entity_id cairn_world_closest_player(cairn_world *w, cairn_cell from)
{
    cairn_entity_id best = CAIRN_ENTITY_NONE;
    int64_t best_distance = INT64_MAX;
    /* Players lead the order, so the walk stops at the first entry of a later phase. */
    for (uint32_t i = 0; i < w->order.count && w->order.items[i].phase == CAIRN_PHASE_PLAYERS;
         i++) {
        cairn_entity_id id = w->order.items[i].id;
        const cairn_entity *e = &w->entities.slots[id.index];
        if (!cairn__alive(w, id) || !(e->flags & CAIRN_ENTITY_PLACED))
            continue;
        int64_t dx = (int64_t)e->cell.x - from.x, dy = (int64_t)e->cell.y - from.y;
        int64_t distance = (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
        if (distance < best_distance) {
            best_distance = distance;
            best = id;
        }
    }
    return best;
}

/* --- the beat -------------------------------------------------------------------------- */

static cairn_err pass_beat_chain(cairn_world *w, cairn_chain_id name)
{
    cairn_event *ev =
        cairn_event_new(w, CAIRN_EVENT_BEAT, CAIRN_ENTITY_NONE, (cairn_action){0, CAIRN_DIR_NONE});
    if (!ev)
        return CAIRN_ERR_NOMEM;
    cairn_event_as_beat(ev)->beat = w->beat;
    return cairn_chain_pass_all(w, cairn__world_chains(w)[name], ev);
}

/* The beat walks entities in beat order, and they live at scattered cells: with tens of
 * thousands of them, each one's slot, data and cell are far apart in memory and each would be
 * a wait. Asking for them a few entities ahead overlaps the waits with the work: slots
 * further ahead, then (the slot having arrived) their data and cell. */
#define PREFETCH_SLOTS 8
#define PREFETCH_DATA  4

static inline void prefetch(const cairn_world *w, uint32_t i)
{
#if defined(__GNUC__)
    const cairn_order_entry *items = w->order.items;
    uint32_t count = w->order.count;
    if (i + PREFETCH_SLOTS < count)
        __builtin_prefetch(&w->entities.slots[items[i + PREFETCH_SLOTS].id.index]);
    if (i + PREFETCH_DATA < count) {
        const cairn_entity *e = &w->entities.slots[items[i + PREFETCH_DATA].id.index];
        __builtin_prefetch(e->data);
        /* its cell and the rows above and below, where it looks to move and attack */
        for (int32_t dy = -1; dy <= 1; dy++) {
            int32_t y = e->cell.y + dy;
            if (e->cell.x >= 0 && y >= 0 && e->cell.x < w->grid.width && y < w->grid.height)
                __builtin_prefetch(
                    &w->grid.cells[((size_t)y * (size_t)w->grid.width + (size_t)e->cell.x) *
                                   CAIRN_LAYER_COUNT]);
        }
    }
#else
    (void)w;
    (void)i;
#endif
}

/* --- the turn gate ----------------------------------------------------------------------- */

cairn_err cairn_world_set_active(cairn_world *w, cairn_entity_id id)
{
    if (!cairn_entity_id_is_none(id)) {
        cairn_err st = cairn_entity_check(w, id);
        if (st)
            return st;
    }
    w->active = id;
    return CAIRN_OK;
}

cairn_entity_id cairn_world_active(const cairn_world *w)
{
    return w->active;
}

/* Whether the gate (the active character of this beat, NONE for none) keeps an entry out of
 * the beat: one test of a word in the beats model, where the gate is NONE. */
static inline bool gated(const cairn_order_entry *entry, cairn_entity_id gate)
{
    return gate.generation != 0 &&
           (entry->phase == CAIRN_PHASE_PLAYERS || entry->phase == CAIRN_PHASE_REALS) &&
           !cairn_entity_id_eq(entry->id, gate);
}

/* Step 2: every actor forgets last beat and decides what to do in this one. */
static cairn_err compute(cairn_world *w, cairn_entity_id gate)
{
    w->phase = CAIRN_PHASE_COMPUTE;
    for (uint32_t i = 0; i < w->order.count; i++) {
        prefetch(w, i);
        cairn_entity_id id = w->order.items[i].id;
        if (!cairn__alive(w, id) || gated(&w->order.items[i], gate))
            continue;
        const cairn_type *type = cairn__type(w, w->entities.slots[id.index].type);
        if (!(type->needs & CAIRN_TYPE_ACTS))
            continue;
        cairn_acting *acting = cairn__data(w, id, CAIRN_DECO_ACTING);
        acting->did_action = false;
        acting->doing_action = false;
        acting->next = (cairn_action){CAIRN_ACTION_NONE, CAIRN_DIR_NONE};
        if (type->needs & CAIRN_TYPE_COMPUTES) {
            cairn_err st = cairn__type_run_callbacks(w, id, CAIRN_CALLBACK_COMPUTE);
            if (st)
                return st;
        }
    }
    return CAIRN_OK;
}

/* Step 3: the phases, in order; an entity already made to act by a blocked neighbour is
 * skipped by cairn_entity_act itself. */
static cairn_err act(cairn_world *w, cairn_entity_id gate)
{
    for (uint32_t i = 0; i < w->order.count; i++) {
        prefetch(w, i);
        const cairn_order_entry *entry = &w->order.items[i];
        w->phase = entry->phase;
        if (!cairn__alive(w, entry->id) || gated(entry, gate) ||
            !(cairn__type(w, w->entities.slots[entry->id.index].type)->needs & CAIRN_TYPE_ACTS))
            continue;
        cairn_err st = cairn_entity_act(w, entry->id);
        if (st)
            return st;
    }
    return CAIRN_OK;
}

/* Step 4. */
static cairn_err tick(cairn_world *w, cairn_entity_id gate)
{
    w->phase = CAIRN_PHASE_TICK;
    for (uint32_t i = 0; i < w->order.count; i++) {
        prefetch(w, i);
        cairn_entity_id id = w->order.items[i].id;
        if (!cairn__alive(w, id) || gated(&w->order.items[i], gate) ||
            !(cairn__type(w, w->entities.slots[id.index].type)->needs & CAIRN_TYPE_TICKS))
            continue;
        cairn_err st = cairn__type_run_callbacks(w, id, CAIRN_CALLBACK_TICK);
        if (st)
            return st;
    }
    return CAIRN_OK;
}

static cairn_err run(cairn_world *w)
{
    w->phase = CAIRN_PHASE_START;
    w->in_beat = true;
    cairn_err st = pass_beat_chain(w, CAIRN_CHAIN_BEAT_START);
    /* The gate as beat_start left it holds for the whole beat: set later, it waits. */
    cairn_entity_id gate = w->active;
    if (st || (st = compute(w, gate)) || (st = act(w, gate)) || (st = tick(w, gate)))
        return st;
    w->in_beat = false;
    w->phase = CAIRN_PHASE_REAP;
    cairn__entities_reap(w);
    if ((st = settle(w)))
        return st;
    w->phase = CAIRN_PHASE_END;
    return pass_beat_chain(w, CAIRN_CHAIN_BEAT_END);
}

/* Nothing may point into last beat's arena once it is reset: not even the dead. */
static void forget_last_beat(cairn_world *w, const cairn_order_entry *items, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        cairn_acting *acting = cairn__entity_current(w, items[i].id)
                                   ? cairn__data(w, items[i].id, CAIRN_DECO_ACTING)
                                   : NULL;
        if (acting)
            acting->last = NULL;
    }
}

/* A failed beat stops where it failed; the world is left between beats. The message says
 * where the beat stopped. */
static cairn_err stopped(cairn_world *w)
{
    cairn_error saved = w->error;
    const char *phase = cairn_phase_name((cairn_phase)w->phase);
    w->in_beat = false;
    w->act_depth = 0;
    settle(w);
    cairn_world_fail(w, saved.code, "beat %llu stopped in phase '%s': %s",
                     (unsigned long long)w->beat, phase, saved.message);
    w->phase = CAIRN_PHASE_OUTSIDE;
    return saved.code;
}

cairn_err cairn_world_step(cairn_world *w)
{
    if (w->pass_depth || w->in_beat || w->act_depth)
        return cairn_world_fail(w, CAIRN_ERR_STATE,
                                "world_step: a beat cannot start inside a handler or a callback");
    /* Last beat's events and history end here: nothing may hold them across beats. */
    cairn__arena_reset(&w->arena);
    forget_last_beat(w, w->order.items, w->order.count);
    forget_last_beat(w, w->order.pending, w->order.pending_count);
    w->history_count = 0;
    w->beat++;
    cairn_err st = run(w);
    if (st)
        return stopped(w);
    w->phase = CAIRN_PHASE_OUTSIDE;
    return st;
}

bool cairn_world_may_unwind(const cairn_world *w)
{
    return !w->unwind_holds && !w->observer;
}

/* The actors whose acting was under way have acted, as cairn_entity_act's own end would
 * have had it. */
static void end_acting(cairn_world *w, const cairn_order_entry *items, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        cairn_acting *acting = cairn__entity_current(w, items[i].id)
                                   ? cairn__data(w, items[i].id, CAIRN_DECO_ACTING)
                                   : NULL;
        if (acting && acting->doing_action) {
            acting->doing_action = false;
            acting->did_action = true;
        }
    }
}

cairn_err cairn_world_unwound(cairn_world *w)
{
    cairn__passes_let_go(w);
    end_acting(w, w->order.items, w->order.count);
    w->unwind_holds = 0;
    return stopped(w);
}
