/*
 * outcome.c - applying an outcome: the net change an action made to some entities (cell,
 * facing, hp), put straight into the world between beats. A schedule's undo is the same
 * deltas reversed, so applying an outcome and then its undo gives back the world it started
 * from, to the checksum: nothing here records history, spawns, kills or reorders anything.
 */
#include <stdio.h>

#include "world.h"

/* What entity d->entity is now, against what the delta says it was: OK, or INVALID and why. */
static cairn_err check_delta(cairn_world *w, const cairn_delta *d, size_t i)
{
    cairn_entity *e = cairn__entity(w, d->entity);
    if (!e)
        return w->error.code;
    unsigned index = d->entity.index;
    if (e->flags & CAIRN_ENTITY_DEAD)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "delta %zu: entity %u is dead", i + 1, index);
    if (!(e->flags & CAIRN_ENTITY_PLACED))
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "delta %zu: entity %u is not on the grid",
                                i + 1, index);
    if (e->cell.x != d->from.x || e->cell.y != d->from.y)
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "delta %zu: entity %u is at (%d, %d), not (%d, %d)", i + 1, index,
                                (int)e->cell.x, (int)e->cell.y, (int)d->from.x, (int)d->from.y);
    if (!cairn__in_bounds(w, d->to))
        return cairn_world_fail(w, CAIRN_ERR_BOUNDS, "delta %zu: cell (%d, %d) is off the grid",
                                i + 1, (int)d->to.x, (int)d->to.y);
    if ((unsigned)d->facing_to > CAIRN_DIR_NONE || e->facing != (uint8_t)d->facing_from)
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "delta %zu: entity %u faces %s, not %s (or %d is no direction)",
                                i + 1, index, cairn_dir_name((cairn_dir)e->facing),
                                cairn_dir_name(d->facing_from), (int)d->facing_to);
    for (size_t j = 0; j < i; j++)
        if ((d - i + j)->entity.index == index)
            return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                    "delta %zu: entity %u is in delta %zu too", i + 1, index,
                                    j + 1);
    if (!d->has_hp)
        return CAIRN_OK;
    void *data;
    if (cairn_entity_data(w, d->entity, CAIRN_DECO_WITH_HP, &data))
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "delta %zu: entity %u has no hp", i + 1,
                                index);
    const cairn_with_hp *hp = data;
    if (hp->hp != d->hp_from || d->hp_to > hp->max || d->hp_to <= 0)
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "delta %zu: entity %u has %d hp, not %d (or %d is not from 1 to "
                                "its max %d)",
                                i + 1, index, (int)hp->hp, (int)d->hp_from, (int)d->hp_to,
                                (int)hp->max);
    return CAIRN_OK;
}

/* Puts the first n deltas' entities on their cells `to` (back) or `from` (!back), after
 * lifting them all off the grid: entities trading cells never meet. Stops at the first cell
 * that is taken, returning its error and how many were placed. */
static cairn_err relink(cairn_world *w, const cairn_delta *deltas, size_t n, bool back,
                        size_t *placed)
{
    for (size_t i = 0; i < n; i++)
        cairn__grid_unlink(w, cairn__entity(w, deltas[i].entity));
    for (*placed = 0; *placed < n; ++*placed) {
        const cairn_delta *d = &deltas[*placed];
        cairn_err st = cairn_grid_place(w, d->entity, back ? d->from : d->to);
        if (st)
            return st;
    }
    return CAIRN_OK;
}

cairn_err cairn_world_apply(cairn_world *w, const cairn_delta *deltas, size_t count)
{
    if (w->in_beat || w->pass_depth || w->act_depth || w->phase != CAIRN_PHASE_OUTSIDE)
        return cairn_world_fail(w, CAIRN_ERR_STATE, "an outcome is applied only between beats");
    if (count && !deltas)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "no deltas given");
    for (size_t i = 0; i < count; i++) {
        cairn_err st = check_delta(w, &deltas[i], i);
        if (st)
            return st;
    }
    size_t placed;
    cairn_err st = relink(w, deltas, count, false, &placed);
    if (st) {
        /* Back where they were: their own cells, free again once all are lifted. */
        char why[sizeof w->error.message];
        snprintf(why, sizeof why, "%s", w->error.message);
        size_t failed = placed;
        relink(w, deltas, count, true, &placed);
        return cairn_world_fail(w, st, "delta %zu: %s", failed + 1, why);
    }
    for (size_t i = 0; i < count; i++) {
        const cairn_delta *d = &deltas[i];
        cairn__entity(w, d->entity)->facing = (uint8_t)d->facing_to;
        void *data;
        if (d->has_hp && cairn_entity_data(w, d->entity, CAIRN_DECO_WITH_HP, &data) == CAIRN_OK)
            ((cairn_with_hp *)data)->hp = d->hp_to;
    }
    return CAIRN_OK;
}
