/*
 * move.c - Moving (an entity moves itself) and Displaceable (anything that changes an
 * entity's cell, its own move or a push, goes through its displace stages).
 */
#include "world.h"

cairn_status cairn_entity_displace(cairn_world *w, cairn_entity_id target, cairn_cell to,
                                   cairn_entity_id cause, bool *moved)
{
    if (moved)
        *moved = false;
    cairn_status st = cairn_entity_check(w, target);
    if (st || (st = cairn__grid_check_free(
                   w, cairn__type(w, w->entities.slots[target.index].type)->layer, to)))
        return st;
    cairn_cell from;
    if ((st = cairn_entity_cell(w, target, &from)))
        return st;
    bool displaceable =
        cairn_type_has_decorator(w, w->entities.slots[target.index].type, CAIRN_DECO_DISPLACEABLE);
    cairn_displace_event *ev = NULL;
    if (displaceable) {
        ev = cairn_event_as_displace(
            cairn_event_new(w, CAIRN_EVENT_DISPLACE, cause, (cairn_action){0, CAIRN_DIR_NONE}));
        if (!ev)
            return CAIRN_ERR_NOMEM;
        *ev = (cairn_displace_event){ev->head, target, from, to};
        bool held;
        if ((st = cairn__stage(w, target, CAIRN_CHAIN_DISPLACE_CHECK, &ev->head, &held)) || !held)
            return st;
        /* A handler may have filled the cell or moved the entity meanwhile. */
        if ((st = cairn_entity_cell(w, target, &from)))
            return st;
    }
    if ((st = cairn_grid_move(w, target, to)))
        return st;
    cairn_change change = {.kind = CAIRN_CHANGE_MOVED, .entity = target, .from = from, .to = to};
    if (!cairn_entity_id_eq(cause, target))
        change.other = cause;
    if ((st = cairn__history_add(w, change)))
        return st;
    if (moved)
        *moved = true;
    return displaceable ? cairn_entity_pass_all(w, target, CAIRN_CHAIN_DISPLACED, &ev->head)
                        : CAIRN_OK;
}

static cairn_status finish(cairn_world *w, cairn_move_event *ev, bool success,
                           cairn_result_event **out)
{
    return cairn__result_finish(w, &ev->result, success, CAIRN_CHAIN_MOVE_SUCCESS,
                                CAIRN_CHAIN_MOVE_FAILURE, out);
}

cairn_status cairn__move_activate(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                                  cairn_result_event **out, void *ud)
{
    (void)ud;
    cairn_move_event *ev =
        (cairn_move_event *)(void *)cairn__result_new(w, CAIRN_DECO_MOVING, sizeof *ev, actor, dir);
    if (!ev)
        return CAIRN_ERR_NOMEM;
    const cairn_entity *e = &w->entities.slots[actor.index];
    if (dir == CAIRN_DIR_NONE || !(e->flags & CAIRN_ENTITY_PLACED))
        return finish(w, ev, false, out);
    const cairn_moving *moving = cairn__data(w, actor, CAIRN_DECO_MOVING);
    ev->from = e->cell;
    ev->to = cairn_cell_step(e->cell, dir, moving ? moving->distance : 1);
    bool held;
    cairn_status st = cairn__stage(w, actor, CAIRN_CHAIN_MOVE_CHECK, &ev->result.head, &held);
    if (st == CAIRN_OK && held && cairn__alive(w, actor))
        st = cairn__stage(w, actor, CAIRN_CHAIN_MOVE_GET, &ev->result.head, &held);
    if (st || !held || !cairn__alive(w, actor))
        return st ? st : finish(w, ev, false, out);
    bool in_bounds;
    unsigned layer = cairn__type(w, w->entities.slots[actor.index].type)->layer;
    ev->result.blocker = cairn__blocker(w, ev->to, layer, &in_bounds);
    if (!in_bounds || !cairn_entity_id_is_none(ev->result.blocker))
        return finish(w, ev, false, out);
    bool moved;
    if ((st = cairn_entity_displace(w, actor, ev->to, actor, &moved)))
        return st;
    if (moved)
        st = cairn_entity_pass_all(w, actor, CAIRN_CHAIN_MOVE_DO, &ev->result.head);
    return st ? st : finish(w, ev, moved, out);
}
