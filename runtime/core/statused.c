/*
 * statused.c - timed statuses on Statused entities. Each entity keeps its statuses in its
 * own small array, in the order they were applied; each status remembers the handlers it
 * hooked so that wearing off can unhook exactly those.
 */
#include <string.h>

#include "world.h"

struct cairn_status_slot {
    cairn_status_id status;
    uint8_t handler_count;
    bool wearing; /* its wear_off function is running: removing it again does nothing */
    int32_t remaining;
    /* The beat whose tick must not count it down: it was applied during that beat's acting.
     * Its handlers work at once, for the rest of that beat, and it still lasts its count of
     * whole beats after it. 0: none. */
    uint64_t skip_beat;
    struct {
        cairn_chain_id chain;
        cairn_handler_id handler;
    } handlers[CAIRN_STATUS_HANDLERS_MAX];
};

cairn_err cairn_status_define(cairn_world *w, const cairn_status_def *def, cairn_status_id *out)
{
    uint32_t id;
    cairn_status_record *record;
    cairn_err st =
        cairn__registry_add(w, &w->registry[CAIRN_KIND_STATUS], def->name, &id, (void **)&record);
    if (st)
        return st;
    *record = (cairn_status_record){def->attach, def->apply, def->tick, def->wear_off, def->ud};
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

static struct cairn_status_slot *find(cairn_statused *s, cairn_status_id status)
{
    for (uint32_t i = 0; i < s->count; i++)
        if (s->slots[i].status == status)
            return &s->slots[i];
    return NULL;
}

static cairn_err no_status(cairn_world *w, cairn_entity_id id, cairn_status_id status)
{
    const char *name = cairn_status_name(w, status);
    return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "entity %u does not have status %s", id.index,
                            name ? name : "?");
}

/* Removes the status: wear_off, then its handlers are unhooked, then the change is recorded. */
static cairn_err wear_off(cairn_world *w, cairn_entity_id id, cairn_status_id status)
{
    cairn_statused *s = cairn__data(w, id, CAIRN_DECO_STATUSED);
    struct cairn_status_slot *slot = find(s, status);
    if (!slot || slot->wearing)
        return CAIRN_OK;
    slot->wearing = true;
    const cairn_status_record *def =
        (const cairn_status_record *)w->registry[CAIRN_KIND_STATUS].records + status;
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
        if (slot)
            slot->wearing = false; /* it stays, to wear off again later */
        return st;
    }
    if (!slot)
        return CAIRN_OK; /* wear_off removed it itself */
    for (uint8_t i = 0; i < slot->handler_count; i++)
        cairn_entity_unhook(w, id, slot->handlers[i].chain, slot->handlers[i].handler);
    size_t at = (size_t)(slot - s->slots);
    memmove(slot, slot + 1, (s->count - at - 1) * sizeof *slot);
    s->count--;
    return cairn__history_add(
        w, (cairn_change){.kind = CAIRN_CHANGE_STATUS_OFF, .entity = id, .detail = status});
}

cairn_err cairn_status_apply(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                             int32_t beats)
{
    cairn_statused *s = statused(w, id);
    if (!s)
        return w->error.code;
    if (!cairn__registry_get(w, &w->registry[CAIRN_KIND_STATUS], status))
        return w->error.code;
    if (beats < 1)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "status %s for %d beats: it needs 1 or more",
                                cairn_status_name(w, status), (int)beats);
    /* Applied while the beat's actors act, the count starts with the next beat. */
    bool acting = w->phase >= CAIRN_PHASE_COMPUTE && w->phase <= CAIRN_PHASE_TICK;
    uint64_t skip_beat = acting ? w->beat : 0;
    struct cairn_status_slot *slot = find(s, status);
    if (slot) {
        if (beats > slot->remaining) {
            slot->remaining = beats;
            slot->skip_beat = skip_beat;
        }
        return CAIRN_OK;
    }
    cairn_err st = cairn__reserve(w, (void **)&s->slots, &s->cap, s->count + 1, sizeof *slot);
    if (st || (st = cairn__history_add(w, (cairn_change){.kind = CAIRN_CHANGE_STATUS_ON,
                                                         .entity = id,
                                                         .detail = status,
                                                         .amount = beats})))
        return st;
    s->slots[s->count++] =
        (struct cairn_status_slot){.status = status, .remaining = beats, .skip_beat = skip_beat};
    const cairn_status_record *def =
        (const cairn_status_record *)w->registry[CAIRN_KIND_STATUS].records + status;
    w->unwind_holds++; /* a status that fails to apply is taken off below */
    if (def->attach)
        st = def->attach(w, id, status, def->ud);
    if (st == CAIRN_OK && def->apply)
        st = def->apply(w, id, status, def->ud);
    w->unwind_holds--;
    if (st == CAIRN_OK)
        return CAIRN_OK;
    /* A status that failed to apply does not stay half applied. */
    cairn_error saved = w->error;
    if (cairn__entity_current(w, id) && find(cairn__data(w, id, CAIRN_DECO_STATUSED), status))
        wear_off(w, id, status);
    w->error = saved;
    return st;
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

int32_t cairn_status_remaining(cairn_world *w, cairn_entity_id id, cairn_status_id status)
{
    if (!cairn__entity_current(w, id))
        return 0;
    cairn_statused *s = cairn__data(w, id, CAIRN_DECO_STATUSED);
    struct cairn_status_slot *slot = s ? find(s, status) : NULL;
    return slot ? slot->remaining : 0;
}

/* Each status in order of application: its tick function, then one beat less. These may apply or
 * remove statuses, so each round looks the status up again by id. */
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
        const cairn_status_record *def =
            (const cairn_status_record *)w->registry[CAIRN_KIND_STATUS].records + status;
        cairn_err st = def->tick ? def->tick(w, id, status, def->ud) : CAIRN_OK;
        if (st || !cairn__entity_current(w, id))
            return st;
        s = cairn__data(w, id, CAIRN_DECO_STATUSED);
        if (!(slot = find(s, status)))
            continue; /* the tick removed it: the next one has moved into place i */
        if (--slot->remaining > 0) {
            i = (uint32_t)(slot - s->slots) + 1;
            continue;
        }
        i = (uint32_t)(slot - s->slots); /* the next status moves into place i */
        if ((st = wear_off(w, id, status)) || !cairn__entity_current(w, id))
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

void cairn__statused_put(cairn_sink *sink, const void *data)
{
    const cairn_statused *s = data;
    cairn__sink_put(sink, s->count, 4);
    for (uint32_t i = 0; i < s->count; i++) {
        cairn__sink_put(sink, s->slots[i].status, 2);
        cairn__sink_put(sink, (uint32_t)s->slots[i].remaining, 4);
        cairn__sink_put(sink, s->slots[i].skip_beat, 8);
    }
}

cairn_err cairn__statused_get(cairn_world *w, cairn_source *src, void *data)
{
    cairn_statused *s = data;
    uint32_t count = (uint32_t)cairn__source_get(src, 4);
    /* Each status takes 14 bytes of the stream: a count past what is left is damage, not a
     * reason to allocate. */
    if (count > (size_t)(src->end - src->at) / 14)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "the snapshot is damaged: %u statuses",
                                count);
    cairn_err st = cairn__reserve(w, (void **)&s->slots, &s->cap, count, sizeof *s->slots);
    if (st)
        return st;
    for (uint32_t i = 0; i < count; i++) {
        struct cairn_status_slot *slot = &s->slots[i];
        *slot = (struct cairn_status_slot){0};
        slot->status = (cairn_status_id)cairn__source_get(src, 2);
        slot->remaining = (int32_t)(uint32_t)cairn__source_get(src, 4);
        slot->skip_beat = cairn__source_get(src, 8);
        if (slot->status >= w->registry[CAIRN_KIND_STATUS].names.count || slot->remaining < 1 ||
            find(s, slot->status))
            return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                    "the snapshot is damaged: a status %u for %d beats",
                                    (unsigned)slot->status, (int)slot->remaining);
        s->count++;
    }
    return CAIRN_OK;
}

cairn_err cairn__statused_reattach(cairn_world *w, cairn_entity_id id)
{
    cairn_statused *s = cairn__data(w, id, CAIRN_DECO_STATUSED);
    for (uint32_t i = 0; s && i < s->count; i++) {
        cairn_status_id status = s->slots[i].status;
        const cairn_status_record *def =
            (const cairn_status_record *)w->registry[CAIRN_KIND_STATUS].records + status;
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
        const cairn_status_record *def =
            (const cairn_status_record *)w->registry[CAIRN_KIND_STATUS].records +
            s->slots[i].status;
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
