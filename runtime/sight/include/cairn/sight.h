/*
 * cairn/sight.h - field of view, path finding and move planning over the core: what a cell
 * can see, the way from one cell to another, and every state a walker can reach within a
 * budget of action points. Both work on the world as it is (walls are the entities on
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
CAIRN_API cairn_err cairn_fov_compute(cairn_world *w, cairn_cell from, int32_t radius,
                                      uint8_t *visible, size_t *count);

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
CAIRN_API cairn_err cairn_path_find(cairn_world *w, cairn_cell from, cairn_cell to,
                                    const cairn_path_options *opts, cairn_dir *dirs, size_t cap,
                                    size_t *len);

/* The cost of the cheapest way from `from` to every cell (Dijkstra's search), into out:
 * width * height values row by row, -1 for a cell with no way to it, 0 for `from` itself.
 * Costs are kept to hundredths. Same options and errors as cairn_path_find. */
CAIRN_API cairn_err cairn_path_distances(cairn_world *w, cairn_cell from,
                                         const cairn_path_options *opts, float *out);

/* ---------------------------------------------------------------------------------------
 * Move planning
 *
 * Dijkstra's search over states (cell, facing, posture) from one start, within a budget of
 * action points: every state the walker can reach, what it costs, and the way to it. Three
 * kinds of transition, each with a cost content gives as data (cairn_plan_rules):
 *
 * - a turn: to the next facing round the ring, one way or the other, on the same cell;
 * - a change of posture (standing to crouching, to a ladder, to swimming...) on the same
 *   cell, when the new posture is allowed there;
 * - a step to a neighbouring cell, straight or diagonal, when the posture may step that way,
 *   the facing agrees with the step (within 90 degrees of it) and the posture is allowed on
 *   the cell stepped into. The step keeps facing and posture.
 *
 * Facings are 1 (facing plays no part), 2 (east, west: a side view), 4 (n, e, s, w) or 8
 * (every direction), indexed from the first. A cell where a posture is a consequence (a trap,
 * a fall: the stop mask) ends the plan: a state there is reached but not left - except on
 * the start's cell in the start's posture, where a walker that stands on a trap may still
 * turn and leave.
 *
 * The cells searched are a space: a rectangle of width * height cells, each of whose eight
 * neighbours is the next cell of the rectangle, or, when the space gives links, whatever
 * cell its links say (a view that follows portals, see cairn_actor_view). Nothing here reads the
 * world: the caller fills the masks from it.
 *
 * A cairn_plan is the caller's memory (cairn_plan_size bytes, made by cairn_plan_init) and
 * holds every array the search needs: cairn_plan_run allocates nothing. */
#define CAIRN_PLAN_MAX_POSTURES 8
#define CAIRN_PLAN_NO           (-1) /* a cost that forbids the transition */

typedef struct cairn_plan_rules {
    int32_t facings;  /* 1, 2, 4 or 8 */
    int32_t postures; /* 1 to CAIRN_PLAN_MAX_POSTURES */
    int32_t turn;     /* a turn of one facing round the ring */
    /* Per posture: a straight step, a diagonal step (CAIRN_PLAN_NO: cannot go that way), and
     * which directions it may step in (bit d for cairn_dir d; 0 means all eight). */
    int32_t step[CAIRN_PLAN_MAX_POSTURES];
    int32_t diagonal[CAIRN_PLAN_MAX_POSTURES];
    uint8_t dirs[CAIRN_PLAN_MAX_POSTURES];
    /* change[from][to]: the cost of changing posture in place, CAIRN_PLAN_NO where it cannot
     * (the diagonal is never used). */
    int32_t change[CAIRN_PLAN_MAX_POSTURES][CAIRN_PLAN_MAX_POSTURES];
} cairn_plan_rules;

typedef struct cairn_plan_space {
    int32_t width, height;
    /* Per cell, row by row: bit p set where posture p may stand (allowed) and where being in
     * posture p ends the plan (stop). stop may be NULL: nothing ends it. Borrowed. */
    const uint8_t *allowed;
    const uint8_t *stop;
    /* NULL: the rectangle's own neighbours. Else 8 per cell (cell * 8 + dir): the cell a step
     * that way reaches, -1 for none. Borrowed. */
    const int32_t *links;
} cairn_plan_space;

/* A state's number: (cell * facings + facing) * postures + posture. */
typedef int32_t cairn_plan_state;

/* How a state was reached: a step (its cairn_dir, 0 to 7), or one of these. */
enum { CAIRN_PLAN_VIA_TURN = 8, CAIRN_PLAN_VIA_POSTURE = 9, CAIRN_PLAN_VIA_START = 10 };

typedef struct cairn_plan cairn_plan;

/* n rounded up to a multiple of 8: the parts of a block that holds a plan or a view beside
 * other arrays (the plans and views themselves, and a caller laying out its own block round
 * them) start on 8-byte boundaries. */
static inline size_t cairn_sight_align(size_t n)
{
    return (n + 7u) & ~(size_t)7u;
}

/* The bytes a plan over up to `cells` cells with these facings and postures needs; 0 when
 * the numbers are out of range (facings not 1, 2, 4 or 8; postures not 1 to
 * CAIRN_PLAN_MAX_POSTURES; cells not 1 to 2^20). */
CAIRN_API size_t cairn_plan_size(int32_t cells, int32_t facings, int32_t postures);
/* Makes a plan in mem (cairn_plan_size bytes, aligned as malloc's are) and returns it; NULL
 * when the numbers are out of range. The caller owns mem and frees it; nothing else to undo. */
CAIRN_API cairn_plan *cairn_plan_init(void *mem, int32_t cells, int32_t facings, int32_t postures);

/* Plans from `start` (a state of the space) within `budget`. false, with the reason in
 * *error (static text) when the rules or the space do not fit the plan (more cells, other
 * facings or postures), a cost is below CAIRN_PLAN_NO or the start is off the space. */
CAIRN_API bool cairn_plan_run(cairn_plan *p, const cairn_plan_rules *rules,
                              const cairn_plan_space *space, cairn_plan_state start, int32_t budget,
                              const char **error);

/* The state's number, and its parts. */
CAIRN_API cairn_plan_state cairn_plan_state_of(const cairn_plan *p, int32_t cell, int32_t facing,
                                               int32_t posture);
CAIRN_API void cairn_plan_state_parts(const cairn_plan *p, cairn_plan_state s, int32_t *cell,
                                      int32_t *facing, int32_t *posture);
/* How many states the last run covered (cells * facings * postures). */
CAIRN_API int32_t cairn_plan_states(const cairn_plan *p);
/* What reaching a state costs, -1 when the last run did not reach it within its budget. */
CAIRN_API int32_t cairn_plan_cost(const cairn_plan *p, cairn_plan_state s);
/* The state before s on its cheapest way, and how s was reached from it (CAIRN_PLAN_VIA_*
 * or the step's cairn_dir); the start is its own previous state. -1 when not reached. */
CAIRN_API cairn_plan_state cairn_plan_previous(const cairn_plan *p, cairn_plan_state s,
                                               int32_t *via);
/* The cheapest state reached on a cell (the lowest number among equals), -1 for none. */
CAIRN_API cairn_plan_state cairn_plan_best(const cairn_plan *p, int32_t cell);
/* The states of the way to s, from the one after the start to s itself: the first cap into
 * out (may be NULL when cap is 0); returns the way's length, 0 for the start, -1 when s was
 * not reached. */
CAIRN_API int32_t cairn_plan_way(const cairn_plan *p, cairn_plan_state s, cairn_plan_state *out,
                                 int32_t cap);
/* The direction facing i stands for (CAIRN_DIR_NONE with one facing), and the facing that
 * comes closest to a direction (the first of two as close; 0 for NONE). */
CAIRN_API cairn_dir cairn_plan_facing_dir(int32_t facings, int32_t facing);
CAIRN_API int32_t cairn_plan_facing_of(int32_t facings, cairn_dir dir);

/* ---------------------------------------------------------------------------------------
 * Views
 *
 * A view is what one actor's geometry looks like from where it stands: a square of
 * (2 * radius + 1)^2 cells centred on it, each pointing at a level cell, laid out by walking
 * from the centre and following portals (see cairn_portal_step) where an edge is joined. So
 * a level cell can appear in a view twice (a corridor looped on itself shows its cells again
 * past its end), and the cells past a portal lie where the walk through it puts them.
 *
 * The walk goes n, e, s and w from open cells only (a wall is shown but not walked through),
 * breadth first, so each view cell shows the level cell of the shortest walk to it; then a
 * second walk from the open cells so far, diagonal steps too, fills what only they reach (a
 * room's corners, a pocket seen through a gap between walls touching at a corner). Where two
 * walks meet, neighbouring view cells may show cells that are not neighbours in the level (a
 * seam): the view's links, which the planner follows, join two view cells only when a step
 * between their level cells leads there. Field of view and planning run in the view.
 *
 * A cairn_actor_view is the caller's memory (cairn_actor_view_size bytes, made by
 * cairn_actor_view_init); cairn_actor_view_build allocates nothing. */
#define CAIRN_ACTOR_VIEW_MAX_RADIUS 64

typedef struct cairn_actor_view cairn_actor_view;

/* The bytes a view of this radius (1 to CAIRN_ACTOR_VIEW_MAX_RADIUS) needs; 0 out of range. */
CAIRN_API size_t cairn_actor_view_size(int32_t radius);
/* Makes an empty view in mem (cairn_actor_view_size bytes); NULL for a radius out of range. */
CAIRN_API cairn_actor_view *cairn_actor_view_init(void *mem, int32_t radius);
/* Lays the view out round `centre`. CAIRN_ERR_BOUNDS for a cell off the grid. */
CAIRN_API cairn_err cairn_actor_view_build(cairn_world *w, cairn_actor_view *v, cairn_cell centre);
CAIRN_API int32_t cairn_actor_view_radius(const cairn_actor_view *v);
/* The level cell the view cell (dx, dy) from the centre shows, and how many 45-degree steps
 * clockwise a heading there is turned from the centre's (both may be NULL); false when it
 * shows none or is outside the view. */
CAIRN_API bool cairn_actor_view_at(const cairn_actor_view *v, int32_t dx, int32_t dy,
                                   cairn_cell *cell, int *turn);
/* Per view cell, row by row ((dy + radius) * side + dx + radius): the level cell it shows
 * as y * width + x, or -1; and 8 links per view cell for cairn_plan_space.links. Valid
 * until the next build. */
CAIRN_API const int32_t *cairn_actor_view_cells(const cairn_actor_view *v);
CAIRN_API const int32_t *cairn_actor_view_links(const cairn_actor_view *v);
/* Field of view in the view from its centre, within `radius` (0: the whole view), by
 * symmetric shadowcasting over the view's cells: walls and cells showing nothing block.
 * visible receives side * side bytes, row by row; *count (may be NULL) how many are seen.
 * CAIRN_ERR_INVALID for a negative radius, CAIRN_ERR_NOMEM. */
CAIRN_API cairn_err cairn_actor_view_fov(cairn_world *w, const cairn_actor_view *v, int32_t radius,
                                         uint8_t *visible, size_t *count);

#ifdef __cplusplus
}
#endif

#endif /* CAIRN_SIGHT_H */
