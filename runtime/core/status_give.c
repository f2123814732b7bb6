/*
 * status_give.c - giving a status: the chains status_give (the source's) and status_receive
 * (the receiver's), the receiver's resistances and the status's save, before the status is
 * applied. The chains are registered only in worlds that ask for them (cairn_status_chains),
 * so a world without them gives a status without making an event.
 */
#include <string.h>

#include "world.h"

cairn_err cairn_status_chains(cairn_world *w, cairn_chain_id *give, cairn_chain_id *receive)
{
    cairn_chain_id g, r;
    cairn_err st = cairn_chain_register(w, "status_give", &g);
    if (st || (st = cairn_chain_register(w, "status_receive", &r)))
        return st;
    w->has_status_chains = true;
    w->status_give = g;
    w->status_receive = r;
    if (give)
        *give = g;
    if (receive)
        *receive = r;
    return CAIRN_OK;
}

cairn_err cairn_status_resist(cairn_world *w, cairn_status_id status, cairn_status_id resisted,
                              int32_t percent)
{
    cairn_registry *r = &w->registry[CAIRN_KIND_STATUS];
    if (!cairn__registry_get(w, r, status) || !cairn__registry_get(w, r, resisted))
        return w->error.code;
    if (percent < 0 || percent > 100)
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "status %s resists by %d%%: it takes 0 to 100",
                                cairn_status_name(w, status), (int)percent);
    cairn_status_record *def = cairn__status_record(w, status);
    if (def->resists_count == CAIRN_STATUS_RESISTS_MAX)
        return cairn_world_fail(w, CAIRN_ERR_LIMIT, "status %s resists at most %d statuses",
                                cairn_status_name(w, status), CAIRN_STATUS_RESISTS_MAX);
    def->resists[def->resists_count].status = resisted;
    def->resists[def->resists_count].percent = percent;
    def->resists_count++;
    return CAIRN_OK;
}

/* The strongest resistance the target's statuses have to `status`, in %. */
static int32_t resistance(cairn_world *w, cairn_entity_id target, cairn_status_id status)
{
    int32_t best = 0;
    uint32_t count = cairn_status_count(w, target);
    for (uint32_t i = 0; i < count; i++) {
        cairn_status_info info;
        if (cairn_status_at(w, target, i, &info))
            break;
        const cairn_status_record *def = cairn__status_record(w, info.status);
        for (uint8_t k = 0; k < def->resists_count; k++)
            if (def->resists[k].status == status && def->resists[k].percent > best)
                best = def->resists[k].percent;
    }
    return best;
}

/* An Int field of the target's data, by its index in cairn_fields; false without it. */
static bool int_stat(cairn_world *w, cairn_entity_id target, uint16_t field, int32_t *out)
{
    size_t count;
    const cairn_field *f = &cairn_fields(&count)[field];
    const unsigned char *data = cairn__data(w, target, f->decorator);
    if (!data)
        return false;
    memcpy(out, data + f->offset, sizeof *out);
    return true;
}

/* Whether the target shakes the status off: the save of its definition. */
static bool saved(cairn_world *w, cairn_entity_id target, const cairn_status_record *def,
                  int32_t magnitude)
{
    if (def->save_chance > 0)
        return (int32_t)cairn_rng_below(&w->rng, 100) < def->save_chance;
    int32_t stat;
    if (def->save_stat && int_stat(w, target, def->save_field, &stat))
        return stat >= (def->has_against ? def->save_against : magnitude);
    return false;
}

/* The two chains, when the world has them: the event after its handlers, or NULL when a
 * handler stopped it (*st the error of a failed pass). */
static cairn_status_event *pass_chains(cairn_world *w, cairn_entity_id source,
                                       cairn_status_event proto, cairn_err *st)
{
    cairn_event *head = cairn_event_new(w, CAIRN_EVENT_STATUS, source, (cairn_action){0});
    if (!head) {
        *st = w->error.code;
        return NULL;
    }
    cairn_status_event *ev = cairn_event_as_status(head);
    proto.head = *head;
    *ev = proto;
    if (cairn__entity_current(w, source) &&
        ((*st = cairn_entity_pass(w, source, w->status_give, head)) || !head->propagate))
        return NULL;
    if ((*st = cairn_entity_pass(w, ev->target, w->status_receive, head)) || !head->propagate)
        return NULL;
    return ev;
}

cairn_err cairn_status_give(cairn_world *w, cairn_entity_id source, cairn_entity_id target,
                            cairn_status_id status, int32_t magnitude, int32_t beats,
                            int32_t *landed)
{
    int32_t dummy;
    landed = landed ? landed : &dummy;
    *landed = 0;
    cairn_err st = cairn__status_check(w, target, status, &beats);
    if (st)
        return st;
    if (w->has_status_chains) {
        cairn_status_event *ev = pass_chains(
            w, source,
            (cairn_status_event){
                .target = target, .status = status, .magnitude = magnitude, .beats = beats},
            &st);
        if (!ev)
            return st;
        magnitude = ev->magnitude;
        beats = ev->beats;
        if (!cairn__entity_current(w, target) || beats < 0)
            return CAIRN_OK;
    }
    magnitude = (int32_t)((int64_t)magnitude * (100 - resistance(w, target, status)) / 100);
    const cairn_status_record *def = cairn__status_record(w, status);
    if (magnitude == 0 && !def->stay_at_zero)
        return CAIRN_OK;
    if (saved(w, target, def, magnitude))
        return CAIRN_OK;
    if ((st = cairn_status_add(w, target, status, magnitude, beats, source)))
        return st;
    *landed = magnitude;
    return CAIRN_OK;
}
