/*
 * dig.c - Digging and Diggable: an entity digs at the wall in the next cell. A dig whose power
 * is at least the wall's resistance hurts it: a wall with WithHP loses the dig's damage (1
 * unless dig_get says otherwise) and is dug when that kills it; a wall without WithHP is dug
 * at once. A wall without Diggable cannot be dug.
 */
#include "world.h"

static cairn_err finish(cairn_world *w, cairn_dig_event *ev, bool success, cairn_result_event **out)
{
    return cairn__result_finish(w, &ev->result, success, CAIRN_CHAIN_DIG_SUCCESS,
                                CAIRN_CHAIN_DIG_FAILURE, out);
}

/* A wall with hp takes the dig's damage and dies of it as of any damage (die_check may spare
 * it); one without hp has nothing to wear down, so one dig is the end of it. *hurt says
 * whether the dig did anything to the wall. */
static cairn_err wear_down(cairn_world *w, cairn_dig_event *ev, bool *hurt)
{
    cairn_entity_id target = ev->target, digger = ev->result.head.actor;
    *hurt = ev->damage > 0;
    if (!*hurt)
        return CAIRN_OK;
    if (cairn_type_has_decorator(w, w->entities.slots[target.index].type, CAIRN_DECO_WITH_HP))
        return cairn_entity_damage(w, target, ev->damage, digger, &ev->dug);
    ev->dug = true;
    return cairn__entity_kill(w, target, digger);
}

/* The target's side: be_dug_check, the power against its resistance, the damage, be_dug. */
static cairn_err be_dug(cairn_world *w, cairn_dig_event *ev, bool *hurt)
{
    cairn_entity_id target = ev->target;
    *hurt = false;
    if (!cairn__alive(w, target) ||
        !cairn_type_has_decorator(w, w->entities.slots[target.index].type, CAIRN_DECO_DIGGABLE))
        return CAIRN_OK;
    bool held;
    cairn_err st = cairn__stage(w, target, CAIRN_CHAIN_BE_DUG_CHECK, &ev->result.head, &held);
    const cairn_diggable *diggable = cairn__data(w, target, CAIRN_DECO_DIGGABLE);
    if (st || !held || !cairn__alive(w, target) || (diggable && ev->power < diggable->resistance))
        return st;
    if ((st = wear_down(w, ev, hurt)) || !*hurt)
        return st;
    if (ev->dug && (st = cairn__history_add(w, (cairn_change){.kind = CAIRN_CHANGE_DUG,
                                                              .entity = target,
                                                              .other = ev->result.head.actor,
                                                              .from = ev->cell,
                                                              .to = ev->cell,
                                                              .amount = ev->power})))
        return st;
    if (!cairn__entity_current(w, target))
        return CAIRN_OK; /* destroyed outright by a handler: nobody left to tell */
    return cairn_entity_pass_all(w, target, CAIRN_CHAIN_BE_DUG, &ev->result.head);
}

cairn_err cairn__dig_activate(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                              cairn_result_event **out, void *ud)
{
    (void)ud;
    cairn_dig_event *ev =
        (cairn_dig_event *)(void *)cairn__result_new(w, CAIRN_DECO_DIGGING, sizeof *ev, actor, dir);
    if (!ev)
        return CAIRN_ERR_NOMEM;
    const cairn_entity *e = &w->entities.slots[actor.index];
    if (dir == CAIRN_DIR_NONE || !(e->flags & CAIRN_ENTITY_PLACED))
        return finish(w, ev, false, out);
    const cairn_digging *digging = cairn__data(w, actor, CAIRN_DECO_DIGGING);
    ev->power = digging ? digging->power : 0;
    ev->damage = 1;
    ev->cell = cairn__walk(w, e->cell, dir, 1);
    if (cairn__in_bounds(w, ev->cell))
        ev->target = cairn__grid_tenant(w, ev->cell, CAIRN_LAYER_WALL);
    bool held;
    cairn_err st = cairn__stage(w, actor, CAIRN_CHAIN_DIG_CHECK, &ev->result.head, &held);
    if (st == CAIRN_OK && held && cairn__alive(w, actor))
        st = cairn__stage(w, actor, CAIRN_CHAIN_DIG_GET, &ev->result.head, &held);
    if (st || !held || !cairn__alive(w, actor))
        return st ? st : finish(w, ev, false, out);
    bool hurt;
    if ((st = be_dug(w, ev, &hurt)))
        return st;
    if (!hurt) {
        ev->result.blocker = ev->target;
        return finish(w, ev, false, out);
    }
    if (cairn__entity_current(w, actor) &&
        (st = cairn_entity_pass_all(w, actor, CAIRN_CHAIN_DIG_DO, &ev->result.head)))
        return st;
    return finish(w, ev, true, out);
}
