/*
 * test_path.c - path finding: the shortest way round walls, none through them, digging
 * through Diggable walls only when asked, diagonal steps only when asked, costs given by the
 * caller instead of the walls, and the distances to every cell.
 */
#include <string.h>

#include "cairn/sight.h"
#include "grid_map.h"

/* The way as text ("e e s"), or "none". */
static const char *way(grid_map *f, int x0, int y0, int x1, int y1, cairn_path_options opts)
{
    static char text[256];
    cairn_dir dirs[64];
    size_t len;
    assert_ok(f->w, cairn_path_find(f->w, (cairn_cell){x0, y0}, (cairn_cell){x1, y1}, &opts, dirs,
                                    64, &len));
    if (len == CAIRN_PATH_NONE)
        return "none";
    text[0] = '\0';
    for (size_t i = 0; i < len && i < 64; i++) {
        if (i)
            strcat(text, " ");
        strcat(text, cairn_dir_name(dirs[i]));
    }
    return text;
}

static const cairn_path_options on_foot = {0};

static void the_way_goes_round_a_wall(void **state)
{
    (void)state;
    const char *rows[] = {
        ".#.",
        "...",
        NULL,
    };
    grid_map *f = grid_map_open(rows);
    assert_string_equal(way(f, 0, 0, 2, 0, on_foot), "s e e n");
    grid_map_close(f);
}

static void entities_do_not_block_and_the_goal_may_hold_anything(void **state)
{
    (void)state;
    const char *rows[] = {".g.#", NULL};
    grid_map *f = grid_map_open(rows);
    assert_string_equal(way(f, 0, 0, 2, 0, on_foot), "e e");
    assert_string_equal(way(f, 0, 0, 3, 0, on_foot), "e e e");
    assert_string_equal(way(f, 1, 0, 1, 0, on_foot), "");
    grid_map_close(f);
}

static void walls_leave_no_way_unless_dirt_may_be_dug(void **state)
{
    (void)state;
    const char *rows[] = {
        ".+..",
        "###.",
        "..#.",
        NULL,
    };
    grid_map *f = grid_map_open(rows);
    assert_string_equal(way(f, 0, 0, 0, 2, on_foot), "none");
    assert_string_equal(way(f, 0, 0, 3, 2, on_foot), "none");
    assert_string_equal(way(f, 0, 0, 3, 2, (cairn_path_options){.dig = true}), "e e e s s");
    grid_map_close(f);
}

static void digging_costs_more_than_walking_round(void **state)
{
    (void)state;
    const char *rows[] = {
        ".+.",
        "...",
        NULL,
    };
    grid_map *f = grid_map_open(rows);
    /* 4 steps round beat 2 steps with a dig that costs CAIRN_PATH_DIG_COST more */
    assert_string_equal(way(f, 0, 0, 2, 0, (cairn_path_options){.dig = true}), "s e e n");
    grid_map_close(f);
}

static void diagonal_steps_only_when_asked(void **state)
{
    (void)state;
    const char *rows[] = {
        "...",
        "...",
        "...",
        NULL,
    };
    grid_map *f = grid_map_open(rows);
    assert_int_equal(strlen(way(f, 0, 0, 2, 2, on_foot)), strlen("e e s s"));
    assert_string_equal(way(f, 0, 0, 2, 2, (cairn_path_options){.diagonal = true}), "se se");
    grid_map_close(f);
}

static void given_costs_replace_the_walls(void **state)
{
    (void)state;
    const char *rows[] = {
        ".#.",
        "...",
        NULL,
    };
    grid_map *f = grid_map_open(rows);
    /* the wall costs 1 like any cell; the cell below it 10 */
    float costs[6] = {1, 1, 1, 1, 10, 1};
    assert_string_equal(way(f, 0, 0, 2, 0, (cairn_path_options){.costs = costs}), "e e");
    costs[1] = 0; /* now it cannot be entered, and the dear cell is the only way */
    assert_string_equal(way(f, 0, 0, 2, 0, (cairn_path_options){.costs = costs}), "s e e n");
    grid_map_close(f);
}

static void distances_reach_every_cell_there_is_a_way_to(void **state)
{
    (void)state;
    const char *rows[] = {
        "..#.",
        "+.#.",
        NULL,
    };
    grid_map *f = grid_map_open(rows);
    float d[8];
    assert_ok(f->w, cairn_path_distances(f->w, (cairn_cell){0, 0}, NULL, d));
    const float walking[8] = {0, 1, -1, -1, -1, 2, -1, -1};
    for (int i = 0; i < 8; i++)
        assert_true(d[i] == walking[i]);
    assert_ok(f->w, cairn_path_distances(f->w, (cairn_cell){0, 0},
                                         &(cairn_path_options){.dig = true}, d));
    assert_true(d[4] == 1 + CAIRN_PATH_DIG_COST); /* the dirt below, dug */
    assert_true(d[3] == -1);                      /* the walls cut the east off */
    grid_map_close(f);
}

static void a_cell_off_the_grid_is_refused(void **state)
{
    (void)state;
    const char *rows[] = {"..", NULL};
    grid_map *f = grid_map_open(rows);
    size_t len;
    assert_int_equal(
        cairn_path_find(f->w, (cairn_cell){0, 0}, (cairn_cell){5, 0}, NULL, NULL, 0, &len),
        CAIRN_ERR_BOUNDS);
    assert_int_equal(len, CAIRN_PATH_NONE);
    grid_map_close(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_way_goes_round_a_wall),
        cmocka_unit_test(entities_do_not_block_and_the_goal_may_hold_anything),
        cmocka_unit_test(walls_leave_no_way_unless_dirt_may_be_dug),
        cmocka_unit_test(digging_costs_more_than_walking_round),
        cmocka_unit_test(diagonal_steps_only_when_asked),
        cmocka_unit_test(given_costs_replace_the_walls),
        cmocka_unit_test(distances_reach_every_cell_there_is_a_way_to),
        cmocka_unit_test(a_cell_off_the_grid_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
