/*
 * test_grid.c - the grid's cells and layers, and the eight directions.
 */
#include <string.h>

#include "support.h"

typedef struct fixture {
    test_alloc alloc;
    cairn_world *w;
    cairn_type_id player, bat, wall, trap;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    cairn_world *w = f->w = test_world(&f->alloc, 5, 4);
    assert_ok(w, cairn_type_register(w, "base:player", CAIRN_LAYER_REAL, &f->player));
    assert_ok(w, cairn_type_register(w, "base:bat", CAIRN_LAYER_REAL, &f->bat));
    assert_ok(w, cairn_type_register(w, "base:wall", CAIRN_LAYER_WALL, &f->wall));
    assert_ok(w, cairn_type_register(w, "base:spikes", CAIRN_LAYER_TRAP, &f->trap));
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    test_world_close(f->w, &f->alloc);
    free(f);
    return 0;
}

static cairn_entity_id spawn(fixture *f, cairn_type_id type, int x, int y)
{
    cairn_entity_id id;
    assert_ok(f->w, cairn_entity_spawn(f->w, type, (cairn_cell){x, y}, &id));
    return id;
}

static cairn_entity_id at(fixture *f, int x, int y, cairn_layer layer)
{
    cairn_entity_id id;
    assert_ok(f->w, cairn_grid_at(f->w, (cairn_cell){x, y}, layer, &id));
    return id;
}

static void a_cell_holds_one_entity_per_layer(void **state)
{
    fixture *f = *state;
    cairn_entity_id player = spawn(f, f->player, 2, 2);
    cairn_entity_id bat;
    assert_int_equal(cairn_entity_spawn(f->w, f->bat, (cairn_cell){2, 2}, &bat),
                     CAIRN_ERR_OCCUPIED);
    assert_non_null(strstr(cairn_world_error(f->w), "real layer"));
    assert_true(cairn_entity_id_eq(at(f, 2, 2, CAIRN_LAYER_REAL), player));
    cairn_world_stats stats;
    cairn_world_get_stats(f->w, &stats);
    assert_int_equal(stats.entities_alive, 1); /* the refused bat left nothing behind */
}

static void a_spawn_refused_for_its_cell_leaves_no_trace(void **state)
{
    fixture *f = *state;
    cairn_decorator_id deco;
    cairn_entity_id id;
    assert_ok(f->w, cairn_decorator_register(f->w, "Flying", 4, &deco));
    assert_int_equal(cairn_entity_spawn(f->w, f->bat, (cairn_cell){9, 9}, &id), CAIRN_ERR_BOUNDS);
    /* The type is not sealed and no slot generation was spent. */
    assert_ok(f->w, cairn_type_add_decorator(f->w, f->bat, deco));
    id = spawn(f, f->bat, 0, 0);
    assert_int_equal(id.index, 0);
    assert_int_equal(id.generation, 1);
}

static void entities_of_different_layers_share_a_cell(void **state)
{
    fixture *f = *state;
    cairn_entity_id player = spawn(f, f->player, 1, 1), trap = spawn(f, f->trap, 1, 1);
    assert_true(cairn_entity_id_eq(at(f, 1, 1, CAIRN_LAYER_REAL), player));
    assert_true(cairn_entity_id_eq(at(f, 1, 1, CAIRN_LAYER_TRAP), trap));
    assert_true(cairn_entity_id_is_none(at(f, 1, 1, CAIRN_LAYER_WALL)));
    cairn_layer layer;
    assert_ok(f->w, cairn_entity_layer(f->w, trap, &layer));
    assert_int_equal(layer, CAIRN_LAYER_TRAP);
}

static void moving_into_an_occupied_cell_fails_and_leaves_the_mover_in_place(void **state)
{
    fixture *f = *state;
    cairn_entity_id player = spawn(f, f->player, 0, 0), bat = spawn(f, f->bat, 1, 0);
    spawn(f, f->wall, 0, 1);
    assert_int_equal(cairn_grid_move(f->w, player, (cairn_cell){1, 0}), CAIRN_ERR_OCCUPIED);
    assert_true(cairn_entity_id_eq(at(f, 0, 0, CAIRN_LAYER_REAL), player));
    assert_true(cairn_entity_id_eq(at(f, 1, 0, CAIRN_LAYER_REAL), bat));
    /* A wall is on another layer: the grid does not forbid it (the Moving checks will). */
    assert_ok(f->w, cairn_grid_move(f->w, player, (cairn_cell){0, 1}));
    assert_true(cairn_entity_id_is_none(at(f, 0, 0, CAIRN_LAYER_REAL)));
    cairn_cell cell;
    assert_ok(f->w, cairn_entity_cell(f->w, player, &cell));
    assert_int_equal(cell.x, 0);
    assert_int_equal(cell.y, 1);
}

static void moving_onto_its_own_cell_succeeds(void **state)
{
    fixture *f = *state;
    cairn_entity_id player = spawn(f, f->player, 3, 3);
    assert_ok(f->w, cairn_grid_move(f->w, player, (cairn_cell){3, 3}));
    assert_true(cairn_entity_id_eq(at(f, 3, 3, CAIRN_LAYER_REAL), player));
}

static void cells_outside_the_grid_are_out_of_bounds_errors_everywhere(void **state)
{
    fixture *f = *state;
    cairn_entity_id id;
    const cairn_cell outside[] = {{-1, 0}, {0, -1}, {5, 0}, {0, 4}, {INT32_MIN, INT32_MAX}};
    cairn_entity_id player = spawn(f, f->player, 4, 3);
    for (size_t i = 0; i < sizeof outside / sizeof *outside; i++) {
        assert_false(cairn_grid_in_bounds(f->w, outside[i]));
        assert_int_equal(cairn_entity_spawn(f->w, f->bat, outside[i], &id), CAIRN_ERR_BOUNDS);
        assert_int_equal(cairn_grid_move(f->w, player, outside[i]), CAIRN_ERR_BOUNDS);
        assert_int_equal(cairn_grid_at(f->w, outside[i], CAIRN_LAYER_REAL, &id), CAIRN_ERR_BOUNDS);
    }
    assert_non_null(strstr(cairn_world_error(f->w), "outside the 5x4 grid"));
    assert_true(cairn_entity_id_eq(at(f, 4, 3, CAIRN_LAYER_REAL), player));
    assert_int_equal(cairn_grid_at(f->w, (cairn_cell){0, 0}, CAIRN_LAYER_COUNT, &id),
                     CAIRN_ERR_INVALID);
}

static void an_entity_can_leave_the_grid_and_come_back(void **state)
{
    fixture *f = *state;
    cairn_entity_id bat = spawn(f, f->bat, 2, 1);
    assert_ok(f->w, cairn_grid_remove(f->w, bat));
    assert_true(cairn_entity_id_is_none(at(f, 2, 1, CAIRN_LAYER_REAL)));
    assert_true(cairn_entity_is_alive(f->w, bat));
    cairn_cell cell;
    assert_int_equal(cairn_entity_cell(f->w, bat, &cell), CAIRN_ERR_STATE);
    assert_int_equal(cairn_grid_remove(f->w, bat), CAIRN_ERR_STATE);
    assert_int_equal(cairn_grid_move(f->w, bat, (cairn_cell){0, 0}), CAIRN_ERR_STATE);
    assert_ok(f->w, cairn_grid_place(f->w, bat, (cairn_cell){0, 0}));
    assert_int_equal(cairn_grid_place(f->w, bat, (cairn_cell){1, 0}), CAIRN_ERR_STATE);
    assert_true(cairn_entity_id_eq(at(f, 0, 0, CAIRN_LAYER_REAL), bat));
}

static void an_entity_created_off_the_grid_is_placed_later(void **state)
{
    fixture *f = *state;
    cairn_entity_id bat;
    assert_ok(f->w, cairn_entity_create(f->w, f->bat, &bat));
    cairn_cell cell;
    assert_int_equal(cairn_entity_cell(f->w, bat, &cell), CAIRN_ERR_STATE);
    assert_ok(f->w, cairn_grid_place(f->w, bat, (cairn_cell){4, 0}));
    assert_true(cairn_entity_id_eq(at(f, 4, 0, CAIRN_LAYER_REAL), bat));
}

static void a_world_refuses_a_grid_of_no_cells_or_too_many(void **state)
{
    (void)state;
    const int32_t sizes[][2] = {{0, 5}, {5, 0}, {-3, 4}, {CAIRN_GRID_MAX_SIDE + 1, 1}};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        cairn_world *w = (cairn_world *)1;
        cairn_error err;
        cairn_world_config config = {.width = sizes[i][0], .height = sizes[i][1]};
        assert_int_equal(cairn_world_create(&config, &w, &err), CAIRN_ERR_INVALID);
        assert_null(w);
        assert_non_null(strstr(err.message, "each side must be"));
    }
}

/* --- directions ---------------------------------------------------------------------- */

static void directions_step_clockwise_from_north_with_y_growing_south(void **state)
{
    (void)state;
    const int expect[CAIRN_DIR_COUNT][2] = {{0, -1}, {1, -1}, {1, 0},  {1, 1},
                                            {0, 1},  {-1, 1}, {-1, 0}, {-1, -1}};
    for (int d = 0; d < CAIRN_DIR_COUNT; d++) {
        assert_int_equal(cairn_dir_dx((cairn_dir)d), expect[d][0]);
        assert_int_equal(cairn_dir_dy((cairn_dir)d), expect[d][1]);
        assert_int_equal(cairn_dir_from_delta(expect[d][0] * 5, expect[d][1] * 3), d);
    }
    assert_int_equal(cairn_dir_dx(CAIRN_DIR_NONE), 0);
    assert_int_equal(cairn_dir_from_delta(0, 0), CAIRN_DIR_NONE);
    cairn_cell c = cairn_cell_step((cairn_cell){2, 2}, CAIRN_DIR_SW, 2);
    assert_int_equal(c.x, 0);
    assert_int_equal(c.y, 4);
    /* Far steps saturate rather than overflow (UBSan watches). */
    c = cairn_cell_step((cairn_cell){INT32_MAX, INT32_MIN}, CAIRN_DIR_NE, INT32_MAX);
    assert_int_equal(c.x, INT32_MAX);
    assert_int_equal(c.y, INT32_MIN);
}

static void rotating_wraps_both_ways_and_none_stays_none(void **state)
{
    (void)state;
    assert_int_equal(cairn_dir_rotate(CAIRN_DIR_N, 1), CAIRN_DIR_NE);
    assert_int_equal(cairn_dir_rotate(CAIRN_DIR_N, -1), CAIRN_DIR_NW);
    assert_int_equal(cairn_dir_rotate(CAIRN_DIR_W, 2), CAIRN_DIR_N);
    assert_int_equal(cairn_dir_rotate(CAIRN_DIR_E, -10), CAIRN_DIR_N);
    assert_int_equal(cairn_dir_rotate(CAIRN_DIR_E, 16), CAIRN_DIR_E);
    assert_int_equal(cairn_dir_rotate(CAIRN_DIR_NONE, 3), CAIRN_DIR_NONE);
    for (int d = 0; d < CAIRN_DIR_COUNT; d++) {
        cairn_dir o = cairn_dir_opposite((cairn_dir)d);
        assert_int_equal(cairn_dir_dx(o), -cairn_dir_dx((cairn_dir)d));
        assert_int_equal(cairn_dir_dy(o), -cairn_dir_dy((cairn_dir)d));
    }
    assert_int_equal(cairn_dir_opposite(CAIRN_DIR_NONE), CAIRN_DIR_NONE);
}

static void comparing_directions_counts_the_shorter_way_round(void **state)
{
    (void)state;
    assert_int_equal(cairn_dir_distance(CAIRN_DIR_N, CAIRN_DIR_N), 0);
    assert_int_equal(cairn_dir_distance(CAIRN_DIR_N, CAIRN_DIR_NW), 1);
    assert_int_equal(cairn_dir_distance(CAIRN_DIR_NW, CAIRN_DIR_NE), 2);
    assert_int_equal(cairn_dir_distance(CAIRN_DIR_E, CAIRN_DIR_W), 4);
    assert_int_equal(cairn_dir_distance(CAIRN_DIR_SW, CAIRN_DIR_N), 3);
    assert_int_equal(cairn_dir_distance(CAIRN_DIR_N, CAIRN_DIR_NONE), -1);
    assert_true(cairn_dir_is_diagonal(CAIRN_DIR_SE));
    assert_false(cairn_dir_is_diagonal(CAIRN_DIR_S));
    assert_true(cairn_dir_is_orthogonal(CAIRN_DIR_W));
    assert_false(cairn_dir_is_orthogonal(CAIRN_DIR_NONE));
    assert_false(cairn_dir_is_diagonal(CAIRN_DIR_NONE));
    assert_string_equal(cairn_dir_name(CAIRN_DIR_NW), "nw");
    assert_string_equal(cairn_dir_name(CAIRN_DIR_NONE), "none");
    assert_string_equal(cairn_layer_name(CAIRN_LAYER_PROJECTILE), "projectile");
}

static void facing_starts_as_none_and_takes_only_directions(void **state)
{
    fixture *f = *state;
    cairn_entity_id bat = spawn(f, f->bat, 0, 0);
    cairn_dir facing;
    assert_ok(f->w, cairn_entity_facing(f->w, bat, &facing));
    assert_int_equal(facing, CAIRN_DIR_NONE);
    assert_ok(f->w, cairn_entity_set_facing(f->w, bat, CAIRN_DIR_SW));
    assert_ok(f->w, cairn_entity_facing(f->w, bat, &facing));
    assert_int_equal(facing, CAIRN_DIR_SW);
    assert_int_equal(cairn_entity_set_facing(f->w, bat, (cairn_dir)9), CAIRN_ERR_INVALID);
}

#define TEST(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        TEST(a_cell_holds_one_entity_per_layer),
        TEST(a_spawn_refused_for_its_cell_leaves_no_trace),
        TEST(entities_of_different_layers_share_a_cell),
        TEST(moving_into_an_occupied_cell_fails_and_leaves_the_mover_in_place),
        TEST(moving_onto_its_own_cell_succeeds),
        TEST(cells_outside_the_grid_are_out_of_bounds_errors_everywhere),
        TEST(an_entity_can_leave_the_grid_and_come_back),
        TEST(an_entity_created_off_the_grid_is_placed_later),
        cmocka_unit_test(a_world_refuses_a_grid_of_no_cells_or_too_many),
        cmocka_unit_test(directions_step_clockwise_from_north_with_y_growing_south),
        cmocka_unit_test(rotating_wraps_both_ways_and_none_stays_none),
        cmocka_unit_test(comparing_directions_counts_the_shorter_way_round),
        TEST(facing_starts_as_none_and_takes_only_directions),
    };
    return cmocka_run_group_tests_name("grid", tests, NULL, NULL);
}
