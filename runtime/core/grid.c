/*
 * grid.c - the cells of the world: width x height, one slot per layer per cell.
 *
 * A cell's layers are stored together, so everything standing on one cell is one cache line.
 * Each slot holds the occupant's entity index + 1 (0 is empty); the generation comes from the
 * entity table, so the grid never holds a stale id.
 */
#include <string.h>

#include "world.h"

cairn_err cairn__grid_init(cairn_world *w, int32_t width, int32_t height)
{
    size_t n = (size_t)width * (size_t)height * CAIRN_LAYER_COUNT;
    uint32_t *cells = cairn__alloc(w, n * sizeof *cells);
    if (!cells)
        return CAIRN_ERR_NOMEM;
    memset(cells, 0, n * sizeof *cells);
    w->grid = (cairn_grid){width, height, cells};
    return CAIRN_OK;
}

void cairn__grid_free(cairn_world *w)
{
    size_t n = (size_t)w->grid.width * (size_t)w->grid.height * CAIRN_LAYER_COUNT;
    cairn__free(w, w->grid.cells, n * sizeof *w->grid.cells);
    memset(&w->grid, 0, sizeof w->grid);
}

int32_t cairn_grid_width(const cairn_world *w)
{
    return w->grid.width;
}

int32_t cairn_grid_height(const cairn_world *w)
{
    return w->grid.height;
}

bool cairn_grid_in_bounds(const cairn_world *w, cairn_cell cell)
{
    return cairn__in_bounds(w, cell);
}

static cairn_err check_cell(cairn_world *w, cairn_cell cell)
{
    if (!cairn__in_bounds(w, cell))
        return cairn_world_fail(w, CAIRN_ERR_BOUNDS, "cell (%d, %d) is outside the %dx%d grid",
                                (int)cell.x, (int)cell.y, (int)w->grid.width, (int)w->grid.height);
    return CAIRN_OK;
}

/* The slot at cell on a layer, if it is in bounds and empty or holds `self` (index + 1). */
static cairn_err free_slot(cairn_world *w, unsigned layer, cairn_cell cell, uint32_t self,
                           uint32_t **out)
{
    cairn_err st = check_cell(w, cell);
    if (st)
        return st;
    uint32_t *s = cairn__grid_slot(w, cell, layer);
    if (*s && *s != self)
        return cairn_world_fail(w, CAIRN_ERR_OCCUPIED,
                                "cell (%d, %d) holds entity %u on the %s layer already",
                                (int)cell.x, (int)cell.y, *s - 1, cairn_layer_name(layer));
    *out = s;
    return CAIRN_OK;
}

static cairn_err entity_slot(cairn_world *w, const cairn_entity *e, cairn_cell cell, uint32_t **out)
{
    return free_slot(w, cairn__type(w, e->type)->layer, cell, (uint32_t)(e - w->entities.slots) + 1,
                     out);
}

cairn_err cairn__grid_check_free(cairn_world *w, unsigned layer, cairn_cell cell)
{
    uint32_t *s = NULL;
    return free_slot(w, layer, cell, 0, &s);
}

static void link(cairn_entity *e, uint32_t *s, uint32_t index, cairn_cell cell)
{
    *s = index + 1;
    e->cell = cell;
    e->flags |= CAIRN_ENTITY_PLACED;
}

cairn_err cairn_grid_place(cairn_world *w, cairn_entity_id id, cairn_cell cell)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    if (e->flags & CAIRN_ENTITY_PLACED)
        return cairn_world_fail(w, CAIRN_ERR_STATE, "entity %u is on the grid already at (%d, %d)",
                                id.index, (int)e->cell.x, (int)e->cell.y);
    if (e->flags & CAIRN_ENTITY_DEAD)
        return cairn_world_fail(w, CAIRN_ERR_STATE, "entity %u is dead: it cannot be placed",
                                id.index);
    uint32_t *s = NULL;
    cairn_err st = entity_slot(w, e, cell, &s);
    if (st)
        return st;
    link(e, s, id.index, cell);
    return CAIRN_OK;
}

void cairn__grid_unlink(cairn_world *w, cairn_entity *e)
{
    if (!(e->flags & CAIRN_ENTITY_PLACED))
        return;
    *cairn__grid_slot(w, e->cell, cairn__type(w, e->type)->layer) = 0;
    e->flags &= (uint8_t)~CAIRN_ENTITY_PLACED;
}

cairn_err cairn_grid_remove(cairn_world *w, cairn_entity_id id)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    if (!(e->flags & CAIRN_ENTITY_PLACED))
        return cairn_world_fail(w, CAIRN_ERR_STATE, "entity %u is not on the grid", id.index);
    cairn__grid_unlink(w, e);
    return CAIRN_OK;
}

cairn_err cairn_grid_move(cairn_world *w, cairn_entity_id id, cairn_cell to)
{
    cairn_entity *e = cairn__entity(w, id);
    if (!e)
        return w->error.code;
    if (!(e->flags & CAIRN_ENTITY_PLACED))
        return cairn_world_fail(w, CAIRN_ERR_STATE, "entity %u is not on the grid", id.index);
    uint32_t *s = NULL;
    cairn_err st = entity_slot(w, e, to, &s);
    if (st)
        return st;
    cairn__grid_unlink(w, e);
    link(e, s, id.index, to);
    return CAIRN_OK;
}

cairn_err cairn_grid_at(cairn_world *w, cairn_cell cell, cairn_layer layer, cairn_entity_id *out)
{
    if ((unsigned)layer >= CAIRN_LAYER_COUNT)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "%d is not a layer", (int)layer);
    cairn_err st = check_cell(w, cell);
    if (st)
        return st;
    *out = cairn__grid_tenant(w, cell, layer);
    return CAIRN_OK;
}
