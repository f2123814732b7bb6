/*
 * move.c - Moving (an entity moves itself), Displaceable (anything that changes an entity's
 * cell, its own move or a push, goes through its displace stages) and travel: how moves and
 * pushes of several cells go, one cell at a time.
 */
#include "world.h"

cairn_err cairn_entity_displace(cairn_world *w, cairn_entity_id target, cairn_cell to,
                                cairn_entity_id cause, bool *moved)
{
    if (moved)
        *moved = false;
    cairn_err st = cairn_entity_check(w, target);
    if (st || (st = cairn__grid_check_free(
                   w, cairn__type(w, w->entities.slots[target.index].type)->layer, to)))
        return st;
    if (!(w->entities.slots[target.index].flags & CAIRN_ENTITY_PLACED))
        return cairn_world_fail(w, CAIRN_ERR_STATE, "entity %u is not on the grid%s", target.index,
                                cairn__alive(w, target) ? "" : ": it is dead");
    cairn_cell from = w->entities.slots[target.index].cell;
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
        /* A handler may have killed the entity (it leaves the grid where it is), moved it or
         * filled the cell meanwhile. */
        if (!cairn__alive(w, target))
            return CAIRN_OK;
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

/* One cell closer to `to` on each axis the cell is not level with it on yet: a straight line
 * when `to` lies in one of the eight directions. */
static cairn_cell toward(cairn_cell at, cairn_cell to)
{
    at.x += (to.x > at.x) - (to.x < at.x);
    at.y += (to.y > at.y) - (to.y < at.y);
    return at;
}

static bool same_cell(cairn_cell a, cairn_cell b)
{
    return a.x == b.x && a.y == b.y;
}

/* How far a way through portals goes at most: as many cells as the grid has, since a longer
 * way goes round a loop (a push of a million round a looped corridor goes round once, then
 * some, not a million cells). */
static int32_t walk_steps(const cairn_world *w, int32_t steps)
{
    int64_t cells = (int64_t)w->grid.width * w->grid.height;
    return w->portal_count && steps > cells ? (int32_t)cells : steps;
}

cairn_cell cairn__walk_portals(const cairn_world *w, cairn_cell from, cairn_dir dir, int32_t steps)
{
    for (steps = walk_steps(w, steps); steps > 0 && w->portal_count && cairn__in_bounds(w, from);
         steps--) {
        int turn;
        from = cairn_portal_step(w, from, dir, &turn);
        dir = cairn_dir_rotate(dir, turn);
    }
    return cairn_cell_step(from, dir, steps);
}

/* Every cell entered is a displacement of its own, so a displace_check handler can stop the
 * traveller on any cell of the way and the history shows the whole way, cell by cell. */
cairn_err cairn__travel(cairn_world *w, cairn_entity_id target, cairn_cell to, cairn_dir dir,
                        int32_t steps, cairn_entity_id cause, cairn_travel *out)
{
    const cairn_entity *e = &w->entities.slots[target.index];
    unsigned layer = cairn__type(w, e->type)->layer;
    *out = (cairn_travel){.reached = e->cell, .blocker = CAIRN_ENTITY_NONE};
    /* through portals only when `to` is still where the way through them leads (a get
     * handler may have changed it): then step by step along that way, which may pass `to`
     * before it ends there (round a loop) */
    bool through = w->portal_count && dir != CAIRN_DIR_NONE &&
                   same_cell(cairn__walk(w, e->cell, dir, steps), to);
    int32_t left = through ? walk_steps(w, steps) : 0;
    while (through ? left-- > 0 : !same_cell(out->reached, to)) {
        cairn_cell next;
        if (through) {
            int turn;
            next = cairn_portal_step(w, out->reached, dir, &turn);
            dir = cairn_dir_rotate(dir, turn);
        } else
            next = toward(out->reached, to);
        bool in_bounds, stepped;
        out->blocker = cairn__blocker(w, next, layer, &in_bounds);
        if (!in_bounds || !cairn_entity_id_is_none(out->blocker))
            return CAIRN_OK;
        cairn_err st = cairn_entity_displace(w, target, next, cause, &stepped);
        if (st || !stepped)
            return st;
        out->moved++;
        out->reached = next;
        /* A handler that killed the traveller or sent it elsewhere ends the travel. */
        e = &w->entities.slots[target.index];
        if (!cairn__alive(w, target) || !(e->flags & CAIRN_ENTITY_PLACED) ||
            !same_cell(e->cell, next))
            return CAIRN_OK;
    }
    return CAIRN_OK;
}

static cairn_err finish(cairn_world *w, cairn_move_event *ev, bool success,
                        cairn_result_event **out)
{
    return cairn__result_finish(w, &ev->result, success, CAIRN_CHAIN_MOVE_SUCCESS,
                                CAIRN_CHAIN_MOVE_FAILURE, out);
}

cairn_err cairn__move_activate(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
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
    int32_t distance = moving ? moving->distance : 1;
    ev->to = cairn__walk(w, e->cell, dir, distance);
    bool held;
    cairn_err st = cairn__stage(w, actor, CAIRN_CHAIN_MOVE_CHECK, &ev->result.head, &held);
    if (st == CAIRN_OK && held && cairn__alive(w, actor))
        st = cairn__stage(w, actor, CAIRN_CHAIN_MOVE_GET, &ev->result.head, &held);
    if (st || !held || !cairn__alive(w, actor))
        return st ? st : finish(w, ev, false, out);
    cairn_travel travel;
    if ((st = cairn__travel(w, actor, ev->to, dir, distance, actor, &travel)))
        return st;
    if (!travel.moved) {
        ev->result.blocker = travel.blocker;
        return finish(w, ev, false, out);
    }
    ev->to = travel.reached;
    if (cairn__entity_current(w, actor) &&
        (st = cairn_entity_pass_all(w, actor, CAIRN_CHAIN_MOVE_DO, &ev->result.head)))
        return st;
    return finish(w, ev, true, out);
}
