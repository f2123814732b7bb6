/*
 * dig.c - Digging and Diggable: an entity digs away the wall in the next cell when its dig
 * power is at least the wall's resistance. A wall without Diggable cannot be dug.
 */
#include "world.h"

static cairn_status finish(cairn_world *w, cairn_dig_event *ev, bool success,
                           cairn_result_event **out)
{
    return cairn__result_finish(w, &ev->result, success, CAIRN_CHAIN_DIG_SUCCESS,
                                CAIRN_CHAIN_DIG_FAILURE, out);
}

/* The target's side: be_dug_check, the power against its resistance, death, be_dug. */
static cairn_status be_dug(cairn_world *w, cairn_dig_event *ev, bool *dug)
{
    cairn_entity_id target = ev->target;
    *dug = false;
    if (!cairn__alive(w, target) ||
        !cairn_type_has_decorator(w, w->entities.slots[target.index].type, CAIRN_DECO_DIGGABLE))
        return CAIRN_OK;
    bool held;
    cairn_status st = cairn__stage(w, target, CAIRN_CHAIN_BE_DUG_CHECK, &ev->result.head, &held);
    const cairn_diggable *diggable = cairn__data(w, target, CAIRN_DECO_DIGGABLE);
    if (st || !held || !cairn__alive(w, target) || (diggable && ev->power < diggable->resistance))
        return st;
    st = cairn__history_add(w, (cairn_change){.kind = CAIRN_CHANGE_DUG,
                                              .entity = target,
                                              .other = ev->result.head.actor,
                                              .from = ev->cell,
                                              .to = ev->cell,
                                              .amount = ev->power});
    if (st || (st = cairn__entity_kill(w, target, ev->result.head.actor)))
        return st;
    *dug = true;
    return cairn_entity_pass_all(w, target, CAIRN_CHAIN_BE_DUG, &ev->result.head);
}

cairn_status cairn__dig_activate(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
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
    ev->cell = cairn_cell_step(e->cell, dir, 1);
    if (cairn_grid_in_bounds(w, ev->cell))
        cairn_grid_at(w, ev->cell, CAIRN_LAYER_WALL, &ev->target);
    bool held;
    cairn_status st = cairn__stage(w, actor, CAIRN_CHAIN_DIG_CHECK, &ev->result.head, &held);
    if (st == CAIRN_OK && held && cairn__alive(w, actor))
        st = cairn__stage(w, actor, CAIRN_CHAIN_DIG_GET, &ev->result.head, &held);
    if (st || !held || !cairn__alive(w, actor))
        return st ? st : finish(w, ev, false, out);
    bool dug;
    if ((st = be_dug(w, ev, &dug)))
        return st;
    if (!dug) {
        ev->result.blocker = ev->target;
        return finish(w, ev, false, out);
    }
    if (cairn__entity_current(w, actor) &&
        (st = cairn_entity_pass_all(w, actor, CAIRN_CHAIN_DIG_DO, &ev->result.head)))
        return st;
    return finish(w, ev, true, out);
}
