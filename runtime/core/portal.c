/*
 * portal.c - portals: pairs of cell edges joined, and the step that follows them.
 *
 * The list is the truth (the snapshot writes it). Two indexes over it are rebuilt whenever
 * it changes: per-cell side bits, so that a step crossing no portal - nearly every step -
 * looks at one byte; and the edges sorted by cell and side, so that the portal of an edge is
 * found by halving, however many there are (a long move round a loop crosses one often).
 */
#include <stdlib.h>
#include <string.h>

#include "world.h"

/* A portal index fits in the low bits of an edge's entry (CAIRN_PORTAL_MAX is 1024). */
#define INDEX_BITS 11

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

/* An edge as a number: its cell's, then its side's (n, e, s, w as 0 to 3). */
static uint64_t edge_key(const cairn_world *w, cairn_cell cell, cairn_dir side)
{
    return (uint64_t)cell_index(w, cell) * 4 + (uint64_t)(side / 2);
}

/* The index of the portal one of whose edges is (cell, side), or -1. */
static long find(const cairn_world *w, cairn_cell cell, cairn_dir side)
{
    if (!side_bit(side) || !cairn__in_bounds(w, cell) || !w->portal_count)
        return -1;
    uint64_t key = edge_key(w, cell, side);
    size_t lo = 0, hi = 2 * (size_t)w->portal_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (w->portal_edges[mid] >> INDEX_BITS < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < 2 * (size_t)w->portal_count && w->portal_edges[lo] >> INDEX_BITS == key)
        return (long)(w->portal_edges[lo] & ((1u << INDEX_BITS) - 1));
    return -1;
}

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
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
    for (uint32_t i = 0; i < w->portal_count; i++) {
        const cairn_portal *p = &w->portals[i];
        mark(w, p);
        w->portal_edges[2 * i] = edge_key(w, p->a, p->a_side) << INDEX_BITS | i;
        w->portal_edges[2 * i + 1] = edge_key(w, p->b, p->b_side) << INDEX_BITS | i;
    }
    qsort(w->portal_edges, 2 * (size_t)w->portal_count, sizeof *w->portal_edges, by_value);
    return CAIRN_OK;
}

/* Makes room for `need` portals in the list and the sorted edges. */
cairn_err cairn__portal_reserve(cairn_world *w, uint32_t need)
{
    cairn_err st =
        cairn__reserve(w, (void **)&w->portals, &w->portal_cap, need, sizeof *w->portals);
    return st ? st
              : cairn__reserve(w, (void **)&w->portal_edges, &w->portal_edge_cap, 2 * need,
                               sizeof *w->portal_edges);
}

cairn_err cairn__portal_check(cairn_world *w, const cairn_portal *p)
{
    if (!cairn__in_bounds(w, p->a) || !cairn__in_bounds(w, p->b)) {
        cairn_cell c = cairn__in_bounds(w, p->a) ? p->b : p->a;
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
    if ((st = cairn__portal_reserve(w, w->portal_count + 1)))
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
    cairn__free(w, w->portal_edges, (size_t)w->portal_edge_cap * sizeof *w->portal_edges);
    w->portal_edges = NULL;
    w->portal_edge_cap = 0;
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
    if (!bit || !w->portal_sides || !cairn__in_bounds(w, cell) ||
        !(w->portal_sides[cell_index(w, cell)] & bit))
        return cairn_cell_step(cell, dir, 1);
    const cairn_portal *p = &w->portals[find(w, cell, dir)];
    bool from_a = same_edge(p->a, p->a_side, cell, dir);
    cairn_dir arrive = cairn_dir_opposite(from_a ? p->b_side : p->a_side);
    if (turn)
        *turn = ((int)arrive - (int)dir + 8) % 8;
    return from_a ? p->b : p->a;
}
