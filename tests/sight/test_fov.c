/*
 * test_fov.c - field of view: walls block sight and are seen, the radius limits it, and the
 * view is symmetric between open cells on many random maps.
 */
#include <string.h>

#include "cairn/sight.h"
#include "grid_map.h"

static uint8_t *view_from(grid_map *f, int x, int y, int radius, size_t *count)
{
    size_t cells = (size_t)cairn_grid_width(f->w) * (size_t)cairn_grid_height(f->w);
    uint8_t *seen = malloc(cells);
    assert_ok(f->w, cairn_fov_compute(f->w, (cairn_cell){x, y}, radius, seen, count));
    return seen;
}

static bool sees(grid_map *f, const uint8_t *seen, int x, int y)
{
    return seen[y * cairn_grid_width(f->w) + x];
}

static void walls_block_sight_and_are_seen(void **state)
{
    (void)state;
    const char *rows[] = {
        "#########", "#...#...#", "#.......#", "#########", NULL,
    };
    grid_map *f = grid_map_open(rows);
    size_t count;
    uint8_t *seen = view_from(f, 1, 1, 0, &count);
    assert_true(sees(f, seen, 3, 1));  /* open, in line */
    assert_true(sees(f, seen, 4, 1));  /* the wall itself */
    assert_false(sees(f, seen, 6, 1)); /* behind the wall, on the same row */
    assert_true(sees(f, seen, 7, 2));  /* along the open row below */
    assert_true(sees(f, seen, 0, 0));  /* the corner of the room's wall */
    size_t n = 0;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 9; x++)
            n += sees(f, seen, x, y);
    assert_int_equal(n, count);
    free(seen);
    grid_map_close(f);
}

static void the_radius_limits_sight(void **state)
{
    (void)state;
    const char *rows[] = {"..........", NULL};
    grid_map *f = grid_map_open(rows);
    uint8_t *seen = view_from(f, 0, 0, 3, NULL);
    assert_true(sees(f, seen, 3, 0));
    assert_false(sees(f, seen, 4, 0));
    free(seen);
    grid_map_close(f);
}

static void a_cell_off_the_grid_is_refused(void **state)
{
    (void)state;
    const char *rows[] = {"...", NULL};
    grid_map *f = grid_map_open(rows);
    uint8_t seen[3];
    assert_int_equal(cairn_fov_compute(f->w, (cairn_cell){3, 0}, 0, seen, NULL), CAIRN_ERR_BOUNDS);
    assert_int_equal(cairn_fov_compute(f->w, (cairn_cell){0, 0}, -1, seen, NULL),
                     CAIRN_ERR_INVALID);
    grid_map_close(f);
}

/* 100 maps of 24 x 14 with a wall on about one cell in three: from every open cell, every
 * open cell it sees sees it back, with no radius and with a radius of 6. */
static void sight_is_symmetric_on_100_random_maps(void **state)
{
    (void)state;
    enum { W = 24, H = 14 };
    cairn_rng rng;
    cairn_rng_seed(&rng, 2026, 11);
    size_t pairs = 0;
    for (int map = 0; map < 100; map++) {
        char grid[H][W + 1];
        const char *rows[H + 1];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++)
                grid[y][x] = cairn_rng_below(&rng, 3) == 0 ? '#' : '.';
            grid[y][W] = '\0';
            rows[y] = grid[y];
        }
        rows[H] = NULL;
        grid_map *f = grid_map_open(rows);
        int radius = map % 2 ? 6 : 0;
        static uint8_t seen[W * H][W * H];
        for (int c = 0; c < W * H; c++)
            if (grid[c / W][c % W] == '.')
                assert_ok(f->w, cairn_fov_compute(f->w, (cairn_cell){c % W, c / W}, radius, seen[c],
                                                  NULL));
        for (int a = 0; a < W * H; a++)
            for (int b = 0; b < W * H; b++) {
                if (grid[a / W][a % W] != '.' || grid[b / W][b % W] != '.' || !seen[a][b])
                    continue;
                if (!seen[b][a])
                    fail_msg("map %d: (%d, %d) sees (%d, %d) but not the other way", map, a % W,
                             a / W, b % W, b / W);
                pairs++;
            }
        grid_map_close(f);
    }
    assert_true(pairs > 10000); /* the maps were open enough to mean something */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(walls_block_sight_and_are_seen),
        cmocka_unit_test(the_radius_limits_sight),
        cmocka_unit_test(a_cell_off_the_grid_is_refused),
        cmocka_unit_test(sight_is_symmetric_on_100_random_maps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
