/*
 * life.c - WithHP, Killable and Ticking: losing hp, dying of it, and the tick chain.
 */
#include "world.h"

/* The target's WithHP data, or NULL with *st set (a bad id, no WithHP). */
static cairn_with_hp *with_hp(cairn_world *w, cairn_entity_id target, cairn_err *st)
{
    if ((*st = cairn_entity_check(w, target)))
        return NULL;
    cairn_with_hp *hp = cairn__data(w, target, CAIRN_DECO_WITH_HP);
    if (!hp)
        *st = cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "entity %u (%s) has no WithHP", target.index,
                               cairn_type_name(w, w->entities.slots[target.index].type));
    return hp;
}

cairn_err cairn_entity_damage(cairn_world *w, cairn_entity_id target, int32_t amount,
                              cairn_entity_id cause, bool *killed)
{
    if (killed)
        *killed = false;
    cairn_err st;
    cairn_with_hp *hp = with_hp(w, target, &st);
    if (!hp)
        return st;
    if (amount <= 0 || !cairn__alive(w, target))
        return CAIRN_OK;
    if (amount > CAIRN_STAT_MAX)
        amount = CAIRN_STAT_MAX;
    int64_t left = (int64_t)hp->hp - amount;
    hp->hp = left < -CAIRN_STAT_MAX ? -CAIRN_STAT_MAX : (int32_t)left;
    cairn_damage_event *ev = cairn_event_as_damage(
        cairn_event_new(w, CAIRN_EVENT_DAMAGE, cause, (cairn_action){0, CAIRN_DIR_NONE}));
    if (!ev)
        return CAIRN_ERR_NOMEM;
    ev->target = target;
    ev->amount = amount;
    ev->hp = hp->hp;
    if ((st = cairn__history_add(w, (cairn_change){.kind = CAIRN_CHANGE_DAMAGED,
                                                   .entity = target,
                                                   .other = cause,
                                                   .amount = amount,
                                                   .value = hp->hp})) ||
        (st = cairn_entity_pass_all(w, target, CAIRN_CHAIN_DAMAGED, &ev->head)))
        return st;
    /* Handlers may have healed it, killed it or ended it: look again. */
    hp = cairn__alive(w, target) ? cairn__data(w, target, CAIRN_DECO_WITH_HP) : NULL;
    if (!hp || hp->hp > 0 ||
        !cairn_type_has_decorator(w, w->entities.slots[target.index].type, CAIRN_DECO_KILLABLE))
        return CAIRN_OK;
    bool held;
    if ((st = cairn__stage(w, target, CAIRN_CHAIN_DIE_CHECK, &ev->head, &held)) || !held ||
        !cairn__alive(w, target))
        return st;
    if ((st = cairn__entity_kill(w, target, cause)))
        return st;
    if (killed)
        *killed = true;
    return CAIRN_OK;
}

cairn_err cairn_entity_heal(cairn_world *w, cairn_entity_id target, int32_t amount,
                            cairn_entity_id cause, int32_t *healed)
{
    if (healed)
        *healed = 0;
    cairn_err st;
    cairn_with_hp *hp = with_hp(w, target, &st);
    if (!hp)
        return st;
    int64_t room = (int64_t)hp->max - hp->hp;
    int32_t gained = amount <= 0 || room <= 0 || !cairn__alive(w, target) ? 0
                     : amount < room                                      ? amount
                                                                          : (int32_t)room;
    if (gained == 0)
        return CAIRN_OK;
    hp->hp += gained;
    if (healed)
        *healed = gained;
    return cairn__history_add(w, (cairn_change){.kind = CAIRN_CHANGE_HEALED,
                                                .entity = target,
                                                .other = cause,
                                                .amount = gained,
                                                .value = hp->hp});
}

cairn_err cairn__ticking_tick(cairn_world *w, cairn_entity_id id, void *data, void *ud)
{
    (void)data;
    (void)ud;
    cairn_event *ev = cairn_event_new(w, CAIRN_EVENT_ENTITY, id, (cairn_action){0, CAIRN_DIR_NONE});
    if (!ev)
        return CAIRN_ERR_NOMEM;
    cairn_event_as_entity(ev)->entity = id;
    return cairn_entity_pass_all(w, id, CAIRN_CHAIN_TICK, ev);
}
