/*
 * test_view.c - views: without portals a view is the level round its centre; a corridor
 * looped on itself by a portal shows its cells twice; field of view goes through a portal;
 * a plan over a view takes a portal when that is shorter than the way round, and reaches a
 * cell shown twice by two ways; and without portals a view's field of view is the level's.
 */
#include <string.h>

#include "cairn/sight.h"
#include "grid_map.h"

static cairn_actor_view *view_new(int32_t radius)
{
    void *mem = malloc(cairn_actor_view_size(radius));
    cairn_actor_view *v = cairn_actor_view_init(mem, radius);
    assert_non_null(v);
    return v;
}

/* How many view cells show level cell (x, y). */
static int shown(const cairn_actor_view *v, int x, int y)
{
    int r = cairn_actor_view_radius(v), n = 0;
    for (int dy = -r; dy <= r; dy++)
        for (int dx = -r; dx <= r; dx++) {
            cairn_cell c;
            n += cairn_actor_view_at(v, dx, dy, &c, NULL) && c.x == x && c.y == y;
        }
    return n;
}

static void without_portals_a_view_is_the_level_round_its_centre(void **state)
{
    (void)state;
    const char *rows[] = {"#####", "#...#", "#...#", "#####", NULL};
    grid_map *f = grid_map_open(rows);
    cairn_actor_view *v = view_new(3);
    assert_ok(f->w, cairn_actor_view_build(f->w, v, (cairn_cell){1, 1}));
    cairn_cell c;
    assert_true(cairn_actor_view_at(v, 2, 1, &c, NULL));
    assert_int_equal(c.x, 3);
    assert_int_equal(c.y, 2);
    assert_true(cairn_actor_view_at(v, -1, -1, &c, NULL)); /* the room's corner, a wall */
    assert_int_equal(c.x, 0);
    assert_false(cairn_actor_view_at(v, -2, 0, NULL, NULL)); /* off the grid */
    assert_false(cairn_actor_view_at(v, 4, 0, NULL, NULL));  /* outside the view */
    assert_int_equal(shown(v, 2, 1), 1);
    assert_int_equal(cairn_actor_view_build(f->w, v, (cairn_cell){5, 0}), CAIRN_ERR_BOUNDS);
    free(v);
    grid_map_close(f);
}

/* A corridor whose east end is joined to its west end. */
static const char *const loop[] = {"#######", "#.....#", "#######", NULL};

static void a_looped_portal_shows_a_cell_twice(void **state)
{
    (void)state;
    grid_map *f = grid_map_open(loop);
    assert_ok(f->w,
              cairn_portal_add(f->w, (cairn_portal){{5, 1}, CAIRN_DIR_E, {1, 1}, CAIRN_DIR_W}));
    cairn_actor_view *v = view_new(6);
    assert_ok(f->w, cairn_actor_view_build(f->w, v, (cairn_cell){1, 1}));
    cairn_cell c;
    /* east: the corridor, then through its end to its start again */
    for (int dx = 0; dx <= 6; dx++) {
        assert_true(cairn_actor_view_at(v, dx, 0, &c, NULL));
        assert_int_equal(c.x, 1 + dx % 5);
    }
    /* west of the start is the end */
    assert_true(cairn_actor_view_at(v, -1, 0, &c, NULL));
    assert_int_equal(c.x, 5);
    assert_true(shown(v, 3, 1) >= 2);
    /* and field of view sees it twice */
    int side = 13;
    uint8_t *seen = malloc((size_t)side * side);
    size_t count;
    assert_ok(f->w, cairn_actor_view_fov(f->w, v, 0, seen, &count));
    assert_true(seen[6 * side + 6 + 2]); /* (3, 1) at dx 2 */
    assert_true(seen[6 * side + 6 - 3]); /* and at dx -3, through the portal */
    assert_int_equal(count, 3 * side);   /* the whole corridor row and its walls */
    free(seen);
    free(v);
    grid_map_close(f);
}

/* Two rooms with no way between them but a portal: the east edge of the left room's middle
 * cell joined to the west edge of the right room's. */
static const char *const rooms[] = {
    "#########", "#...#...#", "#...#...#", "#...#...#", "#########", NULL,
};

static void field_of_view_goes_through_a_portal(void **state)
{
    (void)state;
    grid_map *f = grid_map_open(rooms);
    cairn_actor_view *v = view_new(6);
    int side = 13;
    uint8_t *seen = malloc((size_t)side * side);
    /* without the portal the right room is not in the view at all */
    assert_ok(f->w, cairn_actor_view_build(f->w, v, (cairn_cell){2, 2}));
    assert_int_equal(shown(v, 6, 2), 0);
    assert_ok(f->w,
              cairn_portal_add(f->w, (cairn_portal){{3, 2}, CAIRN_DIR_E, {5, 2}, CAIRN_DIR_W}));
    assert_ok(f->w, cairn_actor_view_build(f->w, v, (cairn_cell){2, 2}));
    assert_ok(f->w, cairn_actor_view_fov(f->w, v, 0, seen, NULL));
    /* two east of the centre is (5, 2), the right room's first cell, seen through the portal */
    cairn_cell c;
    assert_true(cairn_actor_view_at(v, 2, 0, &c, NULL));
    assert_int_equal(c.x, 5);
    assert_true(seen[6 * side + 6 + 2]);
    assert_true(cairn_actor_view_at(v, 3, 0, &c, NULL));
    assert_int_equal(c.x, 6);
    assert_true(seen[6 * side + 6 + 3]);
    free(seen);
    free(v);
    grid_map_close(f);
}

/* Plans over a view of radius 6 round (x, y), one posture, no facing, straight steps of 1:
 * the cost to the level cell (tx, ty) (the cheapest of the view cells showing it). */
static int32_t plan_cost(grid_map *f, int x, int y, int tx, int ty, int *ways)
{
    enum { R = 6, SIDE = 2 * R + 1, CELLS = SIDE * SIDE };
    cairn_actor_view *v = view_new(R);
    assert_ok(f->w, cairn_actor_view_build(f->w, v, (cairn_cell){x, y}));
    const int32_t *cells = cairn_actor_view_cells(v);
    uint8_t allowed[CELLS];
    int32_t width = cairn_grid_width(f->w);
    for (int i = 0; i < CELLS; i++) {
        cairn_entity_id id = CAIRN_ENTITY_NONE;
        if (cells[i] >= 0)
            cairn_grid_at(f->w, (cairn_cell){cells[i] % width, cells[i] / width}, CAIRN_LAYER_WALL,
                          &id);
        allowed[i] = cells[i] >= 0 && cairn_entity_id_is_none(id);
    }
    void *mem = malloc(cairn_plan_size(CELLS, 1, 1));
    cairn_plan *p = cairn_plan_init(mem, CELLS, 1, 1);
    cairn_plan_rules r = {.facings = 1, .postures = 1, .turn = 1, .step = {1}, .diagonal = {-1}};
    r.change[0][0] = CAIRN_PLAN_NO;
    cairn_plan_space sp = {SIDE, SIDE, allowed, NULL, cairn_actor_view_links(v)};
    const char *error;
    assert_true(cairn_plan_run(p, &r, &sp, R * SIDE + R, 100, &error));
    int32_t best = -1;
    *ways = 0;
    for (int i = 0; i < CELLS; i++)
        if (cells[i] == ty * width + tx && cairn_plan_cost(p, i) >= 0) {
            (*ways)++;
            if (best < 0 || cairn_plan_cost(p, i) < best)
                best = cairn_plan_cost(p, i);
        }
    free(mem);
    free(v);
    return best;
}

static void a_path_through_a_portal_is_shorter_than_the_way_round(void **state)
{
    (void)state;
    const char *rows[] = {
        "#########", "#...#...#", "#.#.#.#.#", "#.#...#.#", "#########", NULL,
    };
    grid_map *f = grid_map_open(rows);
    int ways;
    /* from (1, 1) to (7, 1): round the walls it is 10 steps */
    assert_int_equal(plan_cost(f, 1, 1, 7, 1, &ways), 10);
    /* with the east edge of (3, 1) joined to the west edge of (5, 1), 5 */
    assert_ok(f->w,
              cairn_portal_add(f->w, (cairn_portal){{3, 1}, CAIRN_DIR_E, {5, 1}, CAIRN_DIR_W}));
    assert_int_equal(plan_cost(f, 1, 1, 7, 1, &ways), 5);
    grid_map_close(f);
}

static void a_cell_shown_twice_is_reached_by_two_ways(void **state)
{
    (void)state;
    grid_map *f = grid_map_open(loop);
    assert_ok(f->w,
              cairn_portal_add(f->w, (cairn_portal){{5, 1}, CAIRN_DIR_E, {1, 1}, CAIRN_DIR_W}));
    int ways;
    /* (4, 1) is 3 east of (1, 1), or 2 west through the portal */
    assert_int_equal(plan_cost(f, 1, 1, 4, 1, &ways), 2);
    assert_true(ways >= 2);
    grid_map_close(f);
}

/* 60 random maps of 30 x 16, one cell in three a wall, no portal: from every fifth open
 * cell, a view of radius 8 shows each level cell at its own offset, and its field of view of
 * radius 8 sees exactly what cairn_fov_compute sees. */
static void without_portals_a_view_sees_what_field_of_view_sees(void **state)
{
    (void)state;
    enum { W = 30, H = 16, R = 8, SIDE = 2 * R + 1 };
    cairn_rng rng;
    cairn_rng_seed(&rng, 20, 4);
    cairn_actor_view *v = view_new(R);
    uint8_t level[W * H], seen[SIDE * SIDE];
    long compared = 0;
    for (int map = 0; map < 60; map++) {
        char rows[H][W + 1];
        const char *lines[H + 1];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++)
                rows[y][x] = cairn_rng_below(&rng, 3) == 0 ? '#' : '.';
            rows[y][W] = '\0';
            lines[y] = rows[y];
        }
        lines[H] = NULL;
        grid_map *f = grid_map_open(lines);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                if (rows[y][x] == '#' || (x + y + map) % 5)
                    continue;
                assert_ok(f->w, cairn_fov_compute(f->w, (cairn_cell){x, y}, R, level, NULL));
                assert_ok(f->w, cairn_actor_view_build(f->w, v, (cairn_cell){x, y}));
                assert_ok(f->w, cairn_actor_view_fov(f->w, v, R, seen, NULL));
                for (int dy = -R; dy <= R; dy++)
                    for (int dx = -R; dx <= R; dx++) {
                        int lx = x + dx, ly = y + dy;
                        bool on = lx >= 0 && ly >= 0 && lx < W && ly < H;
                        bool by_level = on && level[ly * W + lx];
                        bool by_view = seen[(dy + R) * SIDE + dx + R];
                        cairn_cell c;
                        if (by_view &&
                            (!cairn_actor_view_at(v, dx, dy, &c, NULL) || c.x != lx || c.y != ly))
                            fail_msg("map %d from (%d, %d): view cell (%d, %d) is not (%d, %d)",
                                     map, x, y, dx, dy, lx, ly);
                        if (by_level != by_view)
                            fail_msg("map %d from (%d, %d): (%d, %d) seen %d by the level, %d by "
                                     "the view",
                                     map, x, y, lx, ly, by_level, by_view);
                        compared++;
                    }
            }
        grid_map_close(f);
    }
    assert_true(compared > 100000);
    free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(without_portals_a_view_is_the_level_round_its_centre),
        cmocka_unit_test(a_looped_portal_shows_a_cell_twice),
        cmocka_unit_test(field_of_view_goes_through_a_portal),
        cmocka_unit_test(a_path_through_a_portal_is_shorter_than_the_way_round),
        cmocka_unit_test(a_cell_shown_twice_is_reached_by_two_ways),
        cmocka_unit_test(without_portals_a_view_sees_what_field_of_view_sees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
