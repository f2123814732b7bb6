/*
 * view.c - an actor's view: a square of view cells pointing at level cells, laid out by a
 * breadth-first walk from the centre that follows portals; its links for the planner; and
 * field of view over it through libtcod.
 */
#include <libtcod.h>
#include <string.h>

#include "walls.h"

struct cairn_actor_view {
    int32_t radius, side;
    int32_t grid_width;
    int32_t *cells; /* side * side: level cell (y * width + x), -1 for none */
    int32_t *links; /* side * side * 8 */
    int32_t *queue; /* side * side */
    uint8_t *turns; /* side * side */
};

size_t cairn_actor_view_size(int32_t radius)
{
    if (radius < 1 || radius > CAIRN_ACTOR_VIEW_MAX_RADIUS)
        return 0;
    size_t n = (size_t)(2 * radius + 1) * (size_t)(2 * radius + 1);
    return cairn_sight_align(sizeof(cairn_actor_view)) +
           2 * cairn_sight_align(n * sizeof(int32_t)) + cairn_sight_align(8 * n * sizeof(int32_t)) +
           cairn_sight_align(n);
}

cairn_actor_view *cairn_actor_view_init(void *mem, int32_t radius)
{
    if (!mem || !cairn_actor_view_size(radius))
        return NULL;
    int32_t side = 2 * radius + 1;
    size_t n = (size_t)side * (size_t)side;
    unsigned char *at = mem;
    cairn_actor_view *v = mem;
    *v = (cairn_actor_view){.radius = radius, .side = side};
    at += cairn_sight_align(sizeof *v);
    v->cells = (int32_t *)(void *)at;
    at += cairn_sight_align(n * sizeof(int32_t));
    v->queue = (int32_t *)(void *)at;
    at += cairn_sight_align(n * sizeof(int32_t));
    v->links = (int32_t *)(void *)at;
    at += cairn_sight_align(8 * n * sizeof(int32_t));
    v->turns = at;
    memset(v->cells, 0xff, n * sizeof(int32_t));
    memset(v->links, 0xff, 8 * n * sizeof(int32_t));
    return v;
}

int32_t cairn_actor_view_radius(const cairn_actor_view *v)
{
    return v->radius;
}

const int32_t *cairn_actor_view_cells(const cairn_actor_view *v)
{
    return v->cells;
}

const int32_t *cairn_actor_view_links(const cairn_actor_view *v)
{
    return v->links;
}

bool cairn_actor_view_at(const cairn_actor_view *v, int32_t dx, int32_t dy, cairn_cell *cell,
                         int *turn)
{
    if (dx < -v->radius || dx > v->radius || dy < -v->radius || dy > v->radius)
        return false;
    int32_t i = (dy + v->radius) * v->side + dx + v->radius;
    if (v->cells[i] < 0)
        return false;
    if (cell)
        *cell = (cairn_cell){v->cells[i] % v->grid_width, v->cells[i] / v->grid_width};
    if (turn)
        *turn = v->turns[i];
    return true;
}

/* Where a step from level cell `from` going view direction d leads, for a view cell turned
 * `turn`: through a portal for a straight step, plainly for a diagonal one. -1 off the grid. */
static int32_t step(cairn_world *w, int32_t width, int32_t from, int turn, int d, int *new_turn)
{
    cairn_cell at = {from % width, from / width};
    cairn_dir heading = cairn_dir_rotate((cairn_dir)d, turn);
    int t = 0;
    cairn_cell to =
        (d & 1) ? cairn_cell_step(at, heading, 1) : cairn_portal_step(w, at, heading, &t);
    *new_turn = (turn + t) % 8;
    return cairn_grid_in_bounds(w, to) ? to.y * width + to.x : -1;
}

static bool open_cell(cairn_world *w, int32_t width, int32_t cell)
{
    return cairn_sight__wall(w, cell % width, cell / width) == CAIRN_WALL_NONE;
}

/* One breadth-first walk over the view: from the queued cells, a step every `stride`
 * directions (2: n, e, s, w; 1: all eight) into each view cell that shows nothing yet; what
 * it lays out is queued in turn when it is open. */
static void walk(cairn_world *w, cairn_actor_view *v, int32_t tail, int stride)
{
    int32_t side = v->side;
    for (int32_t head = 0; head < tail; head++) {
        int32_t at = v->queue[head], x = at % side, y = at / side;
        for (int d = 0; d < 8; d += stride) {
            int32_t nx = x + cairn_dir_dx((cairn_dir)d), ny = y + cairn_dir_dy((cairn_dir)d);
            if (nx < 0 || ny < 0 || nx >= side || ny >= side || v->cells[ny * side + nx] >= 0)
                continue;
            int turn;
            int32_t to = step(w, v->grid_width, v->cells[at], v->turns[at], d, &turn);
            if (to < 0)
                continue;
            v->cells[ny * side + nx] = to;
            v->turns[ny * side + nx] = (uint8_t)turn;
            if (open_cell(w, v->grid_width, to))
                v->queue[tail++] = ny * side + nx;
        }
    }
}

cairn_err cairn_actor_view_build(cairn_world *w, cairn_actor_view *v, cairn_cell centre)
{
    if (!cairn_grid_in_bounds(w, centre))
        return cairn_world_fail(w, CAIRN_ERR_BOUNDS, "view: cell (%d, %d) is off the grid",
                                (int)centre.x, (int)centre.y);
    int32_t side = v->side, n = side * side, width = cairn_grid_width(w);
    v->grid_width = width;
    memset(v->cells, 0xff, (size_t)n * sizeof(int32_t));
    memset(v->turns, 0, (size_t)n);
    int32_t mid = v->radius * side + v->radius;
    v->cells[mid] = centre.y * width + centre.x;
    /* the straight walk, from open cells (and the centre, whatever it holds) */
    v->queue[0] = mid;
    walk(w, v, 1, 2);
    /* then what only a diagonal step reaches - a room's corner, a pocket seen through a gap
     * between two walls that touch at a corner - walking on from every open cell so far, in
     * order: the straight walk, and the portals on it, keep what they laid out */
    int32_t tail = 0;
    for (int32_t at = 0; at < n; at++)
        if (v->cells[at] >= 0 && (at == mid || open_cell(w, width, v->cells[at])))
            v->queue[tail++] = at;
    walk(w, v, tail, 1);
    /* the links: to the next view cell when a step there leads to what it shows */
    for (int32_t at = 0; at < n; at++) {
        int32_t x = at % side, y = at / side;
        for (int d = 0; d < 8; d++) {
            int32_t *link = &v->links[(size_t)at * 8 + (size_t)d];
            *link = -1;
            int32_t nx = x + cairn_dir_dx((cairn_dir)d), ny = y + cairn_dir_dy((cairn_dir)d);
            if (v->cells[at] < 0 || nx < 0 || ny < 0 || nx >= side || ny >= side)
                continue;
            int32_t there = ny * side + nx;
            int turn;
            if (v->cells[there] >= 0 &&
                step(w, width, v->cells[at], v->turns[at], d, &turn) == v->cells[there] &&
                turn == v->turns[there])
                *link = there;
        }
    }
    return CAIRN_OK;
}

cairn_err cairn_actor_view_fov(cairn_world *w, const cairn_actor_view *v, int32_t radius,
                               uint8_t *visible, size_t *count)
{
    if (radius < 0)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "view: the radius is 0 or more, not %d",
                                (int)radius);
    int32_t side = v->side;
    TCOD_Map *map = TCOD_map_new(side, side);
    if (!map)
        return cairn_world_fail(w, CAIRN_ERR_NOMEM, "view: out of memory");
    for (int32_t y = 0; y < side; y++)
        for (int32_t x = 0; x < side; x++) {
            int32_t c = v->cells[y * side + x];
            bool open = c >= 0 && open_cell(w, v->grid_width, c);
            TCOD_map_set_properties(map, x, y, open, open);
        }
    cairn_err st = CAIRN_OK;
    int tcod_radius = radius > 0 ? radius + 1 : 0;
    if (TCOD_map_compute_fov(map, v->radius, v->radius, tcod_radius, true,
                             FOV_SYMMETRIC_SHADOWCAST) < 0)
        st = cairn_world_fail(w, CAIRN_ERR_NOMEM, "view: %s", TCOD_get_error());
    size_t seen = 0;
    for (int32_t i = 0; i < side * side && !st; i++) {
        bool in = v->cells[i] >= 0 && TCOD_map_is_in_fov(map, i % side, i / side);
        visible[i] = in;
        seen += in;
    }
    TCOD_map_delete(map);
    if (count)
        *count = seen;
    return st;
}
