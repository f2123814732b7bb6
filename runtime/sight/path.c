/*
 * path.c - shortest ways through libtcod's A* and Dijkstra, over a cost read from the world's
 * walls or given by the caller.
 */
#include <libtcod.h>

#include "walls.h"

typedef struct path_query {
    cairn_world *w;
    cairn_cell to; /* {-1, -1} for a search to everywhere */
    bool dig;
    const float *costs;
} path_query;

/* libtcod's cost of stepping into (x1, y1): 0 blocks. */
static float step_cost(int x0, int y0, int x1, int y1, void *ud)
{
    (void)x0;
    (void)y0;
    const path_query *q = ud;
    if (x1 == q->to.x && y1 == q->to.y)
        return 1.0f;
    if (q->costs)
        return q->costs[(size_t)y1 * (size_t)cairn_grid_width(q->w) + (size_t)x1];
    switch (cairn_sight__wall(q->w, x1, y1)) {
    case CAIRN_WALL_NONE:
        return 1.0f;
    case CAIRN_WALL_DIGGABLE:
        return q->dig ? (float)(1 + CAIRN_PATH_DIG_COST) : 0.0f;
    default:
        return 0.0f;
    }
}

cairn_err cairn_path_find(cairn_world *w, cairn_cell from, cairn_cell to,
                          const cairn_path_options *opts, cairn_dir *dirs, size_t cap, size_t *len)
{
    *len = CAIRN_PATH_NONE;
    if (!cairn_grid_in_bounds(w, from) || !cairn_grid_in_bounds(w, to))
        return cairn_world_fail(w, CAIRN_ERR_BOUNDS, "path: cell (%d, %d) is off the grid",
                                (int)(cairn_grid_in_bounds(w, from) ? to : from).x,
                                (int)(cairn_grid_in_bounds(w, from) ? to : from).y);
    if (from.x == to.x && from.y == to.y) {
        *len = 0;
        return CAIRN_OK;
    }
    cairn_path_options none = {0};
    if (!opts)
        opts = &none;
    path_query q = {w, to, opts->dig, opts->costs};
    /* a diagonal cost of 0 is libtcod's way of saying no diagonal steps */
    TCOD_path_t path = TCOD_path_new_using_function(cairn_grid_width(w), cairn_grid_height(w),
                                                    step_cost, &q, opts->diagonal ? 1.0f : 0.0f);
    if (!path)
        return cairn_world_fail(w, CAIRN_ERR_NOMEM, "path: out of memory");
    if (TCOD_path_compute(path, from.x, from.y, to.x, to.y)) {
        int n = TCOD_path_size(path);
        cairn_cell at = from;
        for (int i = 0; i < n; i++) {
            int x, y;
            TCOD_path_get(path, i, &x, &y);
            if ((size_t)i < cap)
                dirs[i] = cairn_dir_from_delta(x - at.x, y - at.y);
            at = (cairn_cell){x, y};
        }
        *len = (size_t)n;
    }
    TCOD_path_delete(path);
    return CAIRN_OK;
}

cairn_err cairn_path_distances(cairn_world *w, cairn_cell from, const cairn_path_options *opts,
                               float *out)
{
    if (!cairn_grid_in_bounds(w, from))
        return cairn_world_fail(w, CAIRN_ERR_BOUNDS, "path: cell (%d, %d) is off the grid",
                                (int)from.x, (int)from.y);
    cairn_path_options none = {0};
    if (!opts)
        opts = &none;
    path_query q = {w, {-1, -1}, opts->dig, opts->costs};
    int32_t width = cairn_grid_width(w), height = cairn_grid_height(w);
    TCOD_dijkstra_t d = TCOD_dijkstra_new_using_function(width, height, step_cost, &q,
                                                         opts->diagonal ? 1.0f : 0.0f);
    if (!d)
        return cairn_world_fail(w, CAIRN_ERR_NOMEM, "path: out of memory");
    TCOD_dijkstra_compute(d, from.x, from.y);
    for (int32_t y = 0; y < height; y++)
        for (int32_t x = 0; x < width; x++)
            out[(size_t)y * (size_t)width + (size_t)x] = TCOD_dijkstra_get_distance(d, x, y);
    TCOD_dijkstra_delete(d);
    return CAIRN_OK;
}
