/*
 * cairn/sight.h - field of view and path finding over the core: what a cell can see, and the
 * way from one cell to another. Both work on the world as it is (walls are the entities on
 * the wall layer) and keep nothing between calls. They use libtcod, the roguelike field's own
 * library. The world methods that give both to content are cairn/session.h's.
 *
 * Nothing here touches the simulation: a call reads the world and fills the caller's buffer,
 * so the same world always gives the same answer.
 */
#ifndef CAIRN_SIGHT_H
#define CAIRN_SIGHT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cairn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The cells seen from `from` within `radius` cells (0: no limit), by symmetric
 * shadowcasting: on cells that are not walls, A sees B exactly when B sees A. Walls block
 * sight and are seen themselves. visible receives width * height bytes, row by row, 1 for a
 * cell seen; *count (may be NULL) how many. CAIRN_ERR_BOUNDS for a cell off the grid,
 * CAIRN_ERR_INVALID for a negative radius, CAIRN_ERR_NOMEM; the world's message says which. */
cairn_err cairn_fov_compute(cairn_world *w, cairn_cell from, int32_t radius, uint8_t *visible,
                            size_t *count);

typedef struct cairn_path_options {
    bool diagonal; /* may step diagonally (costing as much as a straight step, and passing
                    * between two walls that touch at a corner) */
    bool dig;      /* may go through Diggable walls, each costing CAIRN_PATH_DIG_COST steps more
                    * than an open cell (the dig, then the step) */
    /* The cost of entering each cell, width * height values row by row, 0 for a cell that
     * cannot be entered; the walls and `dig` then play no part. NULL: the walls decide.
     * Borrowed for the call. For a walker that knows only part of the world (a bot planning
     * over what it remembers) or avoids some cells more than others. */
    const float *costs;
} cairn_path_options;

#define CAIRN_PATH_DIG_COST 4

/* A shortest way from `from` to `to` on foot: walls block (but see dig and costs); other
 * entities do not, and the destination may be entered whatever it holds. dirs (may be NULL
 * when cap is 0) receives the first cap directions of the way; *len its whole length, 0 when
 * from == to, and CAIRN_PATH_NONE when there is no way (still CAIRN_OK). opts may be NULL:
 * straight steps, no digging. CAIRN_ERR_BOUNDS for a cell off the grid, CAIRN_ERR_NOMEM. */
#define CAIRN_PATH_NONE SIZE_MAX
cairn_err cairn_path_find(cairn_world *w, cairn_cell from, cairn_cell to,
                          const cairn_path_options *opts, cairn_dir *dirs, size_t cap, size_t *len);

/* The cost of the cheapest way from `from` to every cell (Dijkstra's search), into out:
 * width * height values row by row, -1 for a cell with no way to it, 0 for `from` itself.
 * Costs are kept to hundredths. Same options and errors as cairn_path_find. */
cairn_err cairn_path_distances(cairn_world *w, cairn_cell from, const cairn_path_options *opts,
                               float *out);

#ifdef __cplusplus
}
#endif

#endif /* CAIRN_SIGHT_H */
