/*
 * portal.c - portals: pairs of cell edges joined, and the step that follows them.
 *
 * The list is the truth (the snapshot writes it); the per-cell side bits are an index over
 * it, rebuilt whenever the list changes, so that a step crossing no portal - nearly every
 * step - looks at one byte.
 */
#include <string.h>

#include "world.h"

static int side_bit(cairn_dir side)
{
    switch (side) {
    case CAIRN_DIR_N:
        return 1;
    case CAIRN_DIR_E:
        return 2;
    case CAIRN_DIR_S:
        return 4;
    case CAIRN_DIR_W:
        return 8;
    default:
        return 0;
    }
}

static size_t cell_index(const cairn_world *w, cairn_cell c)
{
    return (size_t)c.y * (size_t)w->grid.width + (size_t)c.x;
}

static bool same_edge(cairn_cell a, cairn_dir as, cairn_cell b, cairn_dir bs)
{
    return a.x == b.x && a.y == b.y && as == bs;
}

/* The index of the portal one of whose edges is (cell, side), or -1. */
static long find(const cairn_world *w, cairn_cell cell, cairn_dir side)
{
    for (uint32_t i = 0; i < w->portal_count; i++) {
        const cairn_portal *p = &w->portals[i];
        if (same_edge(p->a, p->a_side, cell, side) || same_edge(p->b, p->b_side, cell, side))
            return (long)i;
    }
    return -1;
}

static void mark(cairn_world *w, const cairn_portal *p)
{
    w->portal_sides[cell_index(w, p->a)] |= (uint8_t)side_bit(p->a_side);
    w->portal_sides[cell_index(w, p->b)] |= (uint8_t)side_bit(p->b_side);
}

static size_t cells(const cairn_world *w)
{
    return (size_t)w->grid.width * (size_t)w->grid.height;
}

cairn_err cairn__portal_reindex(cairn_world *w)
{
    if (!w->portal_count) {
        if (w->portal_sides)
            memset(w->portal_sides, 0, cells(w));
        return CAIRN_OK;
    }
    if (!w->portal_sides) {
        w->portal_sides = cairn__alloc(w, cells(w));
        if (!w->portal_sides)
            return cairn_world_fail(w, CAIRN_ERR_NOMEM, "portal: out of memory");
    }
    memset(w->portal_sides, 0, cells(w));
    for (uint32_t i = 0; i < w->portal_count; i++)
        mark(w, &w->portals[i]);
    return CAIRN_OK;
}

cairn_err cairn__portal_check(cairn_world *w, const cairn_portal *p)
{
    if (!cairn_grid_in_bounds(w, p->a) || !cairn_grid_in_bounds(w, p->b)) {
        cairn_cell c = cairn_grid_in_bounds(w, p->a) ? p->b : p->a;
        return cairn_world_fail(w, CAIRN_ERR_BOUNDS, "portal: cell (%d, %d) is off the grid",
                                (int)c.x, (int)c.y);
    }
    if (!side_bit(p->a_side) || !side_bit(p->b_side))
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "portal: a side is n, e, s or w, not '%s'",
                                cairn_dir_name(side_bit(p->a_side) ? p->b_side : p->a_side));
    if (same_edge(p->a, p->a_side, p->b, p->b_side))
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "portal: the edge %s of (%d, %d) cannot be joined to itself",
                                cairn_dir_name(p->a_side), (int)p->a.x, (int)p->a.y);
    return CAIRN_OK;
}

cairn_err cairn_portal_add(cairn_world *w, cairn_portal portal)
{
    cairn_err st = cairn__portal_check(w, &portal);
    if (st)
        return st;
    for (int end = 0; end < 2; end++) {
        cairn_cell c = end ? portal.b : portal.a;
        cairn_dir side = end ? portal.b_side : portal.a_side;
        if (find(w, c, side) >= 0)
            return cairn_world_fail(w, CAIRN_ERR_OCCUPIED,
                                    "portal: the edge %s of (%d, %d) is already in a portal",
                                    cairn_dir_name(side), (int)c.x, (int)c.y);
    }
    if (w->portal_count >= CAIRN_PORTAL_MAX)
        return cairn_world_fail(w, CAIRN_ERR_LIMIT, "portal: a world holds at most %d portals",
                                CAIRN_PORTAL_MAX);
    if ((st = cairn__reserve(w, (void **)&w->portals, &w->portal_cap, w->portal_count + 1,
                             sizeof *w->portals)))
        return cairn_world_fail(w, st, "portal: out of memory");
    w->portals[w->portal_count++] = portal;
    if ((st = cairn__portal_reindex(w)))
        w->portal_count--;
    return st;
}

cairn_err cairn_portal_remove(cairn_world *w, cairn_cell cell, cairn_dir side)
{
    long i = find(w, cell, side);
    if (i < 0)
        return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND,
                                "portal: no portal on the edge %s of (%d, %d)",
                                cairn_dir_name(side), (int)cell.x, (int)cell.y);
    w->portals[i] = w->portals[--w->portal_count];
    return cairn__portal_reindex(w);
}

void cairn_portal_clear(cairn_world *w)
{
    w->portal_count = 0;
    (void)cairn__portal_reindex(w);
}

void cairn__portal_free(cairn_world *w)
{
    cairn__free(w, w->portals, (size_t)w->portal_cap * sizeof *w->portals);
    if (w->portal_sides)
        cairn__free(w, w->portal_sides, cells(w));
    w->portals = NULL;
    w->portal_sides = NULL;
    w->portal_count = w->portal_cap = 0;
}

uint32_t cairn_portal_count(const cairn_world *w)
{
    return w->portal_count;
}

cairn_err cairn_portal_get(const cairn_world *w, uint32_t i, cairn_portal *out)
{
    if (i >= w->portal_count)
        return CAIRN_ERR_NOT_FOUND;
    *out = w->portals[i];
    return CAIRN_OK;
}

cairn_cell cairn_portal_step(const cairn_world *w, cairn_cell cell, cairn_dir dir, int *turn)
{
    if (turn)
        *turn = 0;
    int bit = side_bit(dir);
    if (!bit || !w->portal_sides || !cairn_grid_in_bounds(w, cell) ||
        !(w->portal_sides[cell_index(w, cell)] & bit))
        return cairn_cell_step(cell, dir, 1);
    const cairn_portal *p = &w->portals[find(w, cell, dir)];
    bool from_a = same_edge(p->a, p->a_side, cell, dir);
    cairn_dir arrive = cairn_dir_opposite(from_a ? p->b_side : p->a_side);
    if (turn)
        *turn = ((int)arrive - (int)dir + 8) % 8;
    return from_a ? p->b : p->a;
}
