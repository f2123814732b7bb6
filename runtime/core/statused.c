/*
 * statused.c - timed statuses on Statused entities. Each entity keeps its statuses in its
 * own small array, in the order they were applied; each status remembers the handlers it
 * hooked so that wearing off can unhook exactly those. A status stacked as instances has a
 * slot per instance; the handlers hang on one of them (the first, until it goes).
 */
#include <string.h>

#include "world.h"

struct cairn_status_slot {
    cairn_status_id status;
    uint8_t handler_count;
    bool wearing;      /* its wear_off function is running: removing it again does nothing */
    int32_t remaining; /* CAIRN_STATUS_LASTING: it never counts down */
    int32_t magnitude;
    cairn_entity_id source;
    /* The beat whose tick must not count it down: it was applied during that beat's acting.
     * Its handlers work at once, for the rest of that beat, and it still lasts its count of
     * whole beats after it. 0: none. */
    uint64_t skip_beat;
    struct {
        cairn_chain_id chain;
        cairn_handler_id handler;
    } handlers[CAIRN_STATUS_HANDLERS_MAX];
};

/* An Int field of the core's table, by its index (NULL: none such). */
static const cairn_field *int_field(uint16_t index)
{
    size_t count;
    const cairn_field *fields = cairn_fields(&count);
    return index < count && fields[index].kind == CAIRN_FIELD_INT ? &fields[index] : NULL;
}

static cairn_err check_def(cairn_world *w, const cairn_status_def *def)
{
    const char *name = def->name ? def->name : "?";
    if ((unsigned)def->stacking >= CAIRN_STACKING_COUNT ||
        (unsigned)def->decay_when >= CAIRN_DECAY_WHEN_COUNT ||
        (unsigned)def->each >= CAIRN_EACH_COUNT)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "status %s: an unknown rule", name);
    if (def->max < 0 || def->decay_by < 0)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "status %s: max and decay cannot be negative",
                                name);
    if (def->modifies_count > CAIRN_STATUS_MODIFIES_MAX ||
        def->resists_count > CAIRN_STATUS_RESISTS_MAX)
        return cairn_world_fail(w, CAIRN_ERR_LIMIT,
                                "status %s: at most %d stats modified and %d statuses resisted",
                                name, CAIRN_STATUS_MODIFIES_MAX, CAIRN_STATUS_RESISTS_MAX);
    for (uint8_t i = 0; i < def->modifies_count; i++)
        if (!int_field(def->modifies[i].field))
            return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                    "status %s modifies field %u: not a number", name,
                                    (unsigned)def->modifies[i].field);
    for (uint8_t i = 0; i < def->resists_count; i++)
        if (def->resists[i].percent < 0 || def->resists[i].percent > 100)
            return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                    "status %s resists by %d%%: it takes 0 to 100", name,
                                    (int)def->resists[i].percent);
    if (def->save_chance < 0 || def->save_chance > 100 ||
        (def->save_stat && !int_field(def->save_field)))
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "status %s: a save is a chance of 0 to 100 or a number stat", name);
    return CAIRN_OK;
}

cairn_err cairn_status_define(cairn_world *w, const cairn_status_def *def, cairn_status_id *out)
{
    uint32_t id;
    cairn_status_record *record;
    cairn_err st = check_def(w, def);
    if (st || (st = cairn__registry_add(w, &w->registry[CAIRN_KIND_STATUS], def->name, &id,
                                        (void **)&record)))
        return st;
    *record = *def;
    record->name = NULL; /* the registry keeps the name */
    if (out)
        *out = (cairn_status_id)id;
    return CAIRN_OK;
}

cairn_err cairn_status_find(cairn_world *w, const char *name, cairn_status_id *out)
{
    return cairn__registry_find16(w, &w->registry[CAIRN_KIND_STATUS], name, out);
}

const char *cairn_status_name(const cairn_world *w, cairn_status_id status)
{
    return cairn_name(w, CAIRN_KIND_STATUS, status);
}

/* The entity's Statused data (NULL with a message when it has none). */
static cairn_statused *statused(cairn_world *w, cairn_entity_id id)
{
    if (cairn_entity_check(w, id))
        return NULL;
    cairn_statused *s = cairn__data(w, id, CAIRN_DECO_STATUSED);
    if (!s)
        cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "entity %u (%s) is not Statused", id.index,
                         cairn_type_name(w, w->entities.slots[id.index].type));
    return s;
}

/* The status's first slot (its only one unless it stacks as instances). */
static struct cairn_status_slot *find(cairn_statused *s, cairn_status_id status)
{
    for (uint32_t i = 0; i < s->count; i++)
        if (s->slots[i].status == status)
            return &s->slots[i];
    return NULL;
}

/* Another instance of the slot's status, or NULL. */
static struct cairn_status_slot *other_instance(cairn_statused *s,
                                                const struct cairn_status_slot *slot)
{
    for (uint32_t i = 0; i < s->count; i++)
        if (&s->slots[i] != slot && s->slots[i].status == slot->status)
            return &s->slots[i];
    return NULL;
}

static cairn_err no_status(cairn_world *w, cairn_entity_id id, cairn_status_id status)
{
    const char *name = cairn_status_name(w, status);
    return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "entity %u does not have status %s", id.index,
                            name ? name : "?");
}

/* A number within -max .. max. */
static int32_t clamp(int64_t v, int32_t max)
{
    return (int32_t)(v < -max ? -max : v > max ? max : v);
}

static bool same(cairn_entity_id a, cairn_entity_id b)
{
    return a.index == b.index && a.generation == b.generation;
}

/* The magnitude within the status's cap (instances cap their number, not this). */
static int32_t capped(const cairn_status_record *def, int64_t magnitude)
{
    bool cap = def->max && def->stacking != CAIRN_STACKING_INSTANCES;
    return clamp(magnitude, cap ? def->max : CAIRN_STAT_MAX);
}

/* The bearer's stats that the status modifies follow its magnitude, which moved by `by`. */
static void modify(cairn_world *w, cairn_entity_id id, const cairn_status_record *def, int32_t by)
{
    for (uint8_t i = 0; by && i < def->modifies_count; i++) {
        const cairn_field *f = int_field(def->modifies[i].field);
        unsigned char *data = cairn__data(w, id, f->decorator);
        if (!data)
            continue;
        int32_t v;
        memcpy(&v, data + f->offset, sizeof v);
        v = clamp((int64_t)v + (int64_t)by * def->modifies[i].per, CAIRN_STAT_MAX);
        memcpy(data + f->offset, &v, sizeof v);
    }
}

/* Takes one slot out: its magnitude out of the stats it modifies, its handlers unhooked or
 * handed to another instance of its status. Records nothing. */
static void drop(cairn_world *w, cairn_entity_id id, cairn_statused *s,
                 struct cairn_status_slot *slot)
{
    modify(w, id, cairn__status_record(w, slot->status), -slot->magnitude);
    struct cairn_status_slot *heir = other_instance(s, slot);
    if (heir && slot->handler_count) {
        memcpy(heir->handlers, slot->handlers, sizeof slot->handlers);
        heir->handler_count = slot->handler_count;
    } else {
        for (uint8_t i = 0; i < slot->handler_count; i++)
            cairn_entity_unhook(w, id, slot->handlers[i].chain, slot->handlers[i].handler);
    }
    size_t at = (size_t)(slot - s->slots);
    memmove(slot, slot + 1, (s->count - at - 1) * sizeof *slot);
    s->count--;
}

/* Removes the status (every instance): wear_off, then its handlers are unhooked, then the
 * change is recorded. */
static cairn_err wear_off(cairn_world *w, cairn_entity_id id, cairn_status_id status)
{
    cairn_statused *s = cairn__data(w, id, CAIRN_DECO_STATUSED);
    struct cairn_status_slot *slot = find(s, status);
    if (!slot || slot->wearing)
        return CAIRN_OK;
    slot->wearing = true;
    const cairn_status_record *def = cairn__status_record(w, status);
    cairn_err st = CAIRN_OK;
    if (def->wear_off) {
        w->unwind_holds++; /* `wearing` goes back below when it fails */
        st = def->wear_off(w, id, status, def->ud);
        w->unwind_holds--;
    }
    if (!cairn__entity_current(w, id))
        return st;
    s = cairn__data(w, id, CAIRN_DECO_STATUSED);
    slot = find(s, status);
    if (st) {
        for (uint32_t i = 0; i < s->count; i++)
            if (s->slots[i].status == status)
                s->slots[i].wearing = false; /* it stays, to wear off again later */
        return st;
    }
    if (!slot)
        return CAIRN_OK; /* wear_off removed it itself */
    for (; slot; slot = find(s, status))
        drop(w, id, s, slot);
    return cairn__history_add(
        w, (cairn_change){.kind = CAIRN_CHANGE_STATUS_OFF, .entity = id, .detail = status});
}

/* The beats of the status's longest instance and its magnitude (the sum of its instances). */
static void totals(cairn_statused *s, cairn_status_id status, int32_t *beats, int32_t *magnitude)
{
    int64_t sum = 0;
    *beats = 0;
    for (uint32_t i = 0; i < s->count; i++)
        if (s->slots[i].status == status) {
            sum += s->slots[i].magnitude;
            if (s->slots[i].remaining > *beats)
                *beats = s->slots[i].remaining;
        }
    *magnitude = clamp(sum, CAIRN_STAT_MAX);
}

static cairn_err record_status(cairn_world *w, cairn_change_kind kind, cairn_entity_id id,
                               cairn_status_id status, cairn_entity_id source)
{
    cairn_change c = {.kind = (uint8_t)kind, .entity = id, .detail = status, .other = source};
    totals(cairn__data(w, id, CAIRN_DECO_STATUSED), status, &c.amount, &c.value);
    return cairn__history_add(w, c);
}

/* Applying again a status that is on (not as instances): its stacking rule decides. */
static cairn_err restack(cairn_world *w, cairn_entity_id id, struct cairn_status_slot *slot,
                         int32_t magnitude, int32_t beats, cairn_entity_id source,
                         uint64_t skip_beat)
{
    const cairn_status_record *def = cairn__status_record(w, slot->status);
    struct cairn_status_slot now = *slot;
    bool given = source.generation != 0;
    switch (def->stacking) {
    case CAIRN_STACKING_INTENSITY:
        now.magnitude = capped(def, (int64_t)slot->magnitude + magnitude);
        break;
    case CAIRN_STACKING_EXTEND:
        now.magnitude = magnitude > slot->magnitude ? magnitude : slot->magnitude;
        now.remaining = slot->remaining + beats >= CAIRN_STATUS_LASTING ? CAIRN_STATUS_LASTING
                                                                        : slot->remaining + beats;
        break;
    case CAIRN_STACKING_REFRESH:
    case CAIRN_STACKING_HIGHER:
        /* the new one, whole: always, or when it is the stronger */
        if (def->stacking == CAIRN_STACKING_REFRESH || magnitude > slot->magnitude) {
            now.magnitude = magnitude;
            now.remaining = beats;
            now.skip_beat = skip_beat;
            now.source = source;
        }
        given = false;
        break;
    default: /* longer */
        now.magnitude = magnitude > slot->magnitude ? magnitude : slot->magnitude;
        break;
    }
    if (def->stacking == CAIRN_STACKING_LONGER || def->stacking == CAIRN_STACKING_INTENSITY)
        if (beats > slot->remaining) {
            now.remaining = beats;
            now.skip_beat = skip_beat;
        }
    if (given)
        now.source = source; /* the latest applier has the credit */
    if (now.magnitude == slot->magnitude && now.remaining == slot->remaining &&
        same(now.source, slot->source))
        return CAIRN_OK;
    modify(w, id, def, now.magnitude - slot->magnitude);
    *slot = now;
    if (now.magnitude == 0 && !def->stay_at_zero)
        return wear_off(w, id, now.status);
    return record_status(w, CAIRN_CHANGE_STATUS_CHANGED, id, now.status, now.source);
}

/* Calls the status's attach and apply functions; a status that fails to apply does not
 * stay half applied. */
static cairn_err start(cairn_world *w, cairn_entity_id id, cairn_status_id status)
{
    const cairn_status_record *def = cairn__status_record(w, status);
    cairn_err st = CAIRN_OK;
    w->unwind_holds++; /* a status that fails to apply is taken off below */
    if (def->attach)
        st = def->attach(w, id, status, def->ud);
    if (st == CAIRN_OK && def->apply)
        st = def->apply(w, id, status, def->ud);
    w->unwind_holds--;
    if (st == CAIRN_OK)
        return CAIRN_OK;
    cairn_error saved = w->error;
    if (cairn__entity_current(w, id) && find(cairn__data(w, id, CAIRN_DECO_STATUSED), status))
        wear_off(w, id, status);
    w->error = saved;
    return st;
}

/* A new instance of a status stacked as instances, at its cap: the oldest makes room. */
static void make_room(cairn_world *w, cairn_entity_id id, cairn_statused *s,
                      const cairn_status_record *def, cairn_status_id status)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->count; i++)
        n += s->slots[i].status == status;
    if (def->max && n >= (uint32_t)def->max)
        drop(w, id, s, find(s, status));
}

cairn_err cairn__status_check(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                              int32_t *beats)
{
    if (!statused(w, id) || !cairn__registry_get(w, &w->registry[CAIRN_KIND_STATUS], status))
        return w->error.code;
    if (*beats < 0)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "status %s for %d beats: it needs 0 or more",
                                cairn_status_name(w, status), (int)*beats);
    if (*beats == 0 || *beats > CAIRN_STATUS_LASTING)
        *beats = CAIRN_STATUS_LASTING;
    return CAIRN_OK;
}

cairn_err cairn_status_add(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                           int32_t magnitude, int32_t beats, cairn_entity_id source)
{
    cairn_err st = cairn__status_check(w, id, status, &beats);
    if (st)
        return st;
    cairn_statused *s = cairn__data(w, id, CAIRN_DECO_STATUSED);
    const cairn_status_record *def = cairn__status_record(w, status);
    magnitude = capped(def, magnitude);
    /* Applied while the beat's actors act, the count starts with the next beat. */
    bool acting = w->phase >= CAIRN_PHASE_COMPUTE && w->phase <= CAIRN_PHASE_TICK;
    uint64_t skip_beat = acting ? w->beat : 0;
    struct cairn_status_slot *slot = find(s, status);
    if (slot && def->stacking != CAIRN_STACKING_INSTANCES)
        return restack(w, id, slot, magnitude, beats, source, skip_beat);
    if (magnitude == 0 && !def->stay_at_zero)
        return CAIRN_OK;
    if (slot)
        make_room(w, id, s, def, status);
    bool first = !find(s, status);
    st = cairn__reserve(w, (void **)&s->slots, &s->cap, s->count + 1, sizeof *slot);
    if (st)
        return st;
    s->slots[s->count++] = (struct cairn_status_slot){.status = status,
                                                      .remaining = beats,
                                                      .magnitude = magnitude,
                                                      .source = source,
                                                      .skip_beat = skip_beat};
    modify(w, id, def, magnitude);
    st = record_status(w, first ? CAIRN_CHANGE_STATUS_ON : CAIRN_CHANGE_STATUS_CHANGED, id, status,
                       source);
    if (st) {
        drop(w, id, s, &s->slots[s->count - 1]);
        return st;
    }
    return first ? start(w, id, status) : CAIRN_OK;
}

cairn_err cairn_status_apply(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                             int32_t beats)
{
    int32_t checked = beats;
    cairn_err st = cairn__status_check(w, id, status, &checked);
    if (st)
        return st;
    if (beats < 1)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "status %s for %d beats: it needs 1 or more",
                                cairn_status_name(w, status), (int)beats);
    return cairn_status_add(w, id, status, 1, beats, CAIRN_ENTITY_NONE);
}

cairn_err cairn_status_hook(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                            cairn_chain_id chain, cairn_handler handler)
{
    cairn_statused *s = statused(w, id);
    if (!s)
        return w->error.code;
    struct cairn_status_slot *slot = find(s, status);
    if (!slot)
        return no_status(w, id, status);
    if (slot->handler_count == CAIRN_STATUS_HANDLERS_MAX)
        return cairn_world_fail(w, CAIRN_ERR_LIMIT, "status %s hooks at most %d handlers",
                                cairn_status_name(w, status), CAIRN_STATUS_HANDLERS_MAX);
    cairn_handler_id hid;
    cairn_err st = cairn_entity_hook(w, id, chain, handler, &hid);
    if (st)
        return st;
    slot->handlers[slot->handler_count].chain = chain;
    slot->handlers[slot->handler_count].handler = hid;
    slot->handler_count++;
    return CAIRN_OK;
}

cairn_err cairn_status_remove(cairn_world *w, cairn_entity_id id, cairn_status_id status)
{
    cairn_statused *s = statused(w, id);
    if (!s)
        return w->error.code;
    if (!find(s, status))
        return no_status(w, id, status);
    return wear_off(w, id, status);
}

/* The entity's statuses, without a message: NULL when it has none to read. */
static cairn_statused *peek(cairn_world *w, cairn_entity_id id)
{
    return cairn__entity_current(w, id) ? cairn__data(w, id, CAIRN_DECO_STATUSED) : NULL;
}

int32_t cairn_status_remaining(cairn_world *w, cairn_entity_id id, cairn_status_id status)
{
    cairn_statused *s = peek(w, id);
    int32_t beats = 0, magnitude;
    if (s)
        totals(s, status, &beats, &magnitude);
    return beats;
}

int32_t cairn_status_magnitude(cairn_world *w, cairn_entity_id id, cairn_status_id status)
{
    cairn_statused *s = peek(w, id);
    int32_t beats, magnitude = 0;
    if (s)
        totals(s, status, &beats, &magnitude);
    return magnitude;
}

uint32_t cairn_status_count(cairn_world *w, cairn_entity_id id)
{
    cairn_statused *s = peek(w, id);
    return s ? s->count : 0;
}

cairn_err cairn_status_at(cairn_world *w, cairn_entity_id id, uint32_t i, cairn_status_info *out)
{
    cairn_statused *s = peek(w, id);
    if (!s || i >= s->count)
        return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "entity %u has no status %u", id.index,
                                (unsigned)i);
    const struct cairn_status_slot *slot = &s->slots[i];
    *out = (cairn_status_info){slot->status, slot->magnitude, slot->remaining, slot->source};
    return CAIRN_OK;
}

/* The magnitude after decaying by `by` (towards 0: a negative one grows back). */
static int32_t decayed(int32_t magnitude, int32_t by)
{
    if (by == CAIRN_DECAY_ALL)
        return 0;
    if (magnitude > 0)
        return magnitude > by ? magnitude - by : 0;
    return -magnitude > by ? magnitude + by : 0;
}

/* What the status of slot `at` does at one of its decay times: its `each` by the magnitude
 * (the source the cause), then its magnitude decays; at 0 the instance goes, the status
 * with its last one (unless it stays at zero). Records no change of its own. *gone: the
 * slot is no longer at `at` (it went, or the entity did, or a handler moved it). */
static cairn_err decay_at(cairn_world *w, cairn_entity_id id, uint32_t at, bool *gone)
{
    cairn_statused *s = cairn__data(w, id, CAIRN_DECO_STATUSED);
    struct cairn_status_slot *slot = &s->slots[at];
    const cairn_status_record *def = cairn__status_record(w, slot->status);
    cairn_status_id status = slot->status;
    int32_t magnitude = slot->magnitude;
    cairn_err st = CAIRN_OK;
    *gone = false;
    if (def->each != CAIRN_EACH_NOTHING && magnitude > 0 && cairn__alive(w, id) &&
        cairn__data(w, id, CAIRN_DECO_WITH_HP)) {
        /* The status keeps its source even once it is gone, but an event's actor must be an
         * entity its handlers can still read: a poisoner removed since is no cause. */
        cairn_entity_id cause =
            cairn__entity_current(w, slot->source) ? slot->source : CAIRN_ENTITY_NONE;
        st = def->each == CAIRN_EACH_DAMAGE ? cairn_entity_damage(w, id, magnitude, cause, NULL)
                                            : cairn_entity_heal(w, id, magnitude, cause, NULL);
        if (st || !cairn__entity_current(w, id))
            return st;
        s = cairn__data(w, id, CAIRN_DECO_STATUSED);
        if (at >= s->count || s->slots[at].status != status) {
            *gone = true; /* a handler took it off: nothing left to decay */
            return CAIRN_OK;
        }
        slot = &s->slots[at];
    }
    int32_t now = decayed(slot->magnitude, def->decay_by);
    if (now == slot->magnitude)
        return CAIRN_OK;
    modify(w, id, def, now - slot->magnitude);
    slot->magnitude = now;
    if (now != 0 || def->stay_at_zero)
        return CAIRN_OK;
    *gone = true;
    if (other_instance(s, slot)) {
        drop(w, id, s, slot);
        return CAIRN_OK;
    }
    if ((st = wear_off(w, id, status)) || !cairn__entity_current(w, id))
        return st;
    s = cairn__data(w, id, CAIRN_DECO_STATUSED);
    /* Still there when it is wearing off already (its own wear_off decays it). */
    *gone = at >= s->count || s->slots[at].status != status;
    return CAIRN_OK;
}

/* Whether the status decays or acts at this moment (a status with neither costs nothing). */
static bool decays(const cairn_status_record *def, cairn_decay_when when)
{
    return def->decay_when == when && (def->decay_by || def->each != CAIRN_EACH_NOTHING);
}

cairn_err cairn_status_decay(cairn_world *w, cairn_entity_id id, cairn_decay_when when)
{
    if (cairn_entity_check(w, id))
        return w->error.code;
    if ((unsigned)when >= CAIRN_DECAY_WHEN_COUNT)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "no such moment of decay: %d", (int)when);
    cairn_statused *s = cairn__data(w, id, CAIRN_DECO_STATUSED);
    for (uint32_t i = 0; s && i < s->count;) {
        struct cairn_status_slot *slot = &s->slots[i];
        if (!decays(cairn__status_record(w, slot->status), when)) {
            i++;
            continue;
        }
        bool gone;
        cairn_err st = decay_at(w, id, i, &gone);
        if (st || !cairn__entity_current(w, id))
            return st;
        s = cairn__data(w, id, CAIRN_DECO_STATUSED);
        if (!gone)
            i++; /* else what followed it has moved into place i */
    }
    return CAIRN_OK;
}

/* Each status in order of application: its tick function (once for all its instances), then
 * one beat less. These may apply or remove statuses, so each round looks the status up again
 * by id. */
cairn_err cairn__statused_tick(cairn_world *w, cairn_entity_id id, void *data, void *ud)
{
    (void)ud;
    cairn_statused *s = data;
    for (uint32_t i = 0; i < s->count;) {
        struct cairn_status_slot *slot = &s->slots[i];
        cairn_status_id status = slot->status;
        if (slot->skip_beat == w->beat) {
            i++;
            continue;
        }
        const cairn_status_record *def = cairn__status_record(w, status);
        if (def->tick && find(s, status) == slot) {
            cairn_err st = def->tick(w, id, status, def->ud);
            if (st || !cairn__entity_current(w, id))
                return st;
            s = cairn__data(w, id, CAIRN_DECO_STATUSED);
            if (!(slot = find(s, status)))
                continue; /* the tick removed it: the next one has moved into place i */
        }
        if (decays(def, CAIRN_DECAY_BEAT)) {
            bool gone;
            uint32_t at = (uint32_t)(slot - s->slots);
            cairn_err st = decay_at(w, id, at, &gone);
            if (st || !cairn__entity_current(w, id))
                return st;
            s = cairn__data(w, id, CAIRN_DECO_STATUSED);
            if (gone) {
                i = at; /* what followed it has moved into its place */
                continue;
            }
            slot = &s->slots[at];
        }
        if (slot->remaining == CAIRN_STATUS_LASTING || --slot->remaining > 0) {
            i = (uint32_t)(slot - s->slots) + 1;
            continue;
        }
        i = (uint32_t)(slot - s->slots); /* the next status moves into place i */
        if (other_instance(s, slot)) {
            drop(w, id, s, slot); /* one instance ends; the status goes on */
            continue;
        }
        cairn_err st = wear_off(w, id, status);
        if (st || !cairn__entity_current(w, id))
            return st;
        s = cairn__data(w, id, CAIRN_DECO_STATUSED);
        if ((slot = find(s, status)))
            i = (uint32_t)(slot - s->slots) + 1; /* still there: never visit it twice */
    }
    return CAIRN_OK;
}

cairn_err cairn__statused_release(cairn_world *w, cairn_entity_id id, void *data, void *ud)
{
    (void)id;
    (void)ud;
    cairn_statused *s = data;
    cairn__free(w, s->slots, (size_t)s->cap * sizeof *s->slots);
    s->slots = NULL;
    s->count = s->cap = 0;
    return CAIRN_OK;
}

/* --- snapshots --------------------------------------------------------------------------- */

bool cairn__statused_plain(const void *data)
{
    const cairn_statused *s = data;
    for (uint32_t i = 0; i < s->count; i++)
        if (s->slots[i].magnitude != 1 || s->slots[i].source.generation != 0)
            return false;
    return true;
}

void cairn__statused_put(cairn_sink *sink, const void *data)
{
    const cairn_statused *s = data;
    cairn__sink_put(sink, s->count, 4);
    for (uint32_t i = 0; i < s->count; i++) {
        const struct cairn_status_slot *slot = &s->slots[i];
        cairn__sink_put(sink, slot->status, 2);
        cairn__sink_put(sink, (uint32_t)slot->remaining, 4);
        cairn__sink_put(sink, slot->skip_beat, 8);
        if (sink->version < 4)
            continue;
        cairn__sink_put(sink, (uint32_t)slot->magnitude, 4);
        cairn__sink_put(sink, slot->source.index, 4);
        cairn__sink_put(sink, slot->source.generation, 4);
    }
}

/* One slot as a snapshot has it; from format 4 on with its magnitude and source. */
static cairn_err get_slot(cairn_world *w, cairn_source *src, cairn_statused *s,
                          struct cairn_status_slot *slot)
{
    *slot = (struct cairn_status_slot){.magnitude = 1};
    slot->status = (cairn_status_id)cairn__source_get(src, 2);
    slot->remaining = (int32_t)(uint32_t)cairn__source_get(src, 4);
    slot->skip_beat = cairn__source_get(src, 8);
    if (src->version >= 4) {
        slot->magnitude = (int32_t)(uint32_t)cairn__source_get(src, 4);
        slot->source.index = (uint32_t)cairn__source_get(src, 4);
        slot->source.generation = (uint32_t)cairn__source_get(src, 4);
    }
    bool known = slot->status < w->registry[CAIRN_KIND_STATUS].names.count;
    if (!known || slot->remaining < 1 || slot->remaining > CAIRN_STATUS_LASTING ||
        slot->magnitude < -CAIRN_STAT_MAX || slot->magnitude > CAIRN_STAT_MAX ||
        (find(s, slot->status) &&
         cairn__status_record(w, slot->status)->stacking != CAIRN_STACKING_INSTANCES))
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "the snapshot is damaged: a status %u for %d beats",
                                (unsigned)slot->status, (int)slot->remaining);
    return CAIRN_OK;
}

cairn_err cairn__statused_get(cairn_world *w, cairn_source *src, void *data)
{
    cairn_statused *s = data;
    uint32_t count = (uint32_t)cairn__source_get(src, 4);
    /* Each status takes 14 bytes of the stream (26 from format 4): a count past what is left
     * is damage, not a reason to allocate. */
    size_t size = src->version >= 4 ? 26 : 14;
    if (count > (size_t)(src->end - src->at) / size)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "the snapshot is damaged: %u statuses",
                                count);
    cairn_err st = cairn__reserve(w, (void **)&s->slots, &s->cap, count, sizeof *s->slots);
    if (st)
        return st;
    for (uint32_t i = 0; i < count; i++) {
        if ((st = get_slot(w, src, s, &s->slots[i])))
            return st;
        s->count++;
    }
    return CAIRN_OK;
}

cairn_err cairn__statused_reattach(cairn_world *w, cairn_entity_id id)
{
    cairn_statused *s = cairn__data(w, id, CAIRN_DECO_STATUSED);
    for (uint32_t i = 0; s && i < s->count; i++) {
        cairn_status_id status = s->slots[i].status;
        const cairn_status_record *def = cairn__status_record(w, status);
        if (find(s, status) != &s->slots[i])
            continue; /* the handlers of a status's instances hang on the first */
        cairn_err st = def->attach ? def->attach(w, id, status, def->ud) : CAIRN_OK;
        if (st)
            return st;
        s = cairn__data(w, id, CAIRN_DECO_STATUSED); /* attach may have grown the entity */
    }
    return CAIRN_OK;
}

cairn_err cairn__statused_check(cairn_world *w, cairn_entity_id id)
{
    const cairn_statused *s = cairn__data(w, id, CAIRN_DECO_STATUSED);
    for (uint32_t i = 0; s && i < s->count; i++) {
        const cairn_status_record *def = cairn__status_record(w, s->slots[i].status);
        if (s->slots[i].handler_count && !def->attach)
            return cairn_world_fail(w, CAIRN_ERR_STATE,
                                    "entity %u: status %s hooked handlers without an attach "
                                    "function, so a restore could not put them back",
                                    id.index, cairn_status_name(w, s->slots[i].status));
    }
    return CAIRN_OK;
}

uint32_t cairn__statused_handlers_on(const cairn_world *w, cairn_entity_id id, cairn_chain_id chain)
{
    const cairn_statused *s = cairn__data((cairn_world *)w, id, CAIRN_DECO_STATUSED);
    uint32_t n = 0;
    for (uint32_t i = 0; s && i < s->count; i++)
        for (uint8_t k = 0; k < s->slots[i].handler_count; k++)
            n += s->slots[i].handlers[k].chain == chain;
    return n;
}
