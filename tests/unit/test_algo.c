/*
 * The algorithms through real beats: general's directions, the conga line that moves as
 * one whatever the spawn order, contested cells, rings of blockers and very long lines.
 */
#include <string.h>

#include "map.h"

static void general_tries_its_second_direction_when_the_first_is_blocked_by_a_wall(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s#.", "...", "..@", NULL});
    cairn_entity_id skeleton = map_real(&m, 0, 0), player = map_real(&m, 2, 2);
    /* Facing nothing and as far east as south, basic offers east first, then south. */
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    map_assert(&m, (const char *[]){".#.", "s..", "..@", NULL});
    cairn_enclosing_event *enc = map_last(&m, skeleton);
    assert_true(enc->head.success);
    assert_int_equal(enc->algo->direction, CAIRN_DIR_S);
    map_close(&m);
}

static void basic_movs_puts_the_axis_the_entity_faces_first(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s..", "...", "..@", NULL});
    cairn_entity_id skeleton = map_real(&m, 0, 0);
    cairn_dir dirs[CAIRN_DIR_COUNT];
    size_t count;
    assert_ok(m.w, cairn_entity_set_facing(m.w, skeleton, CAIRN_DIR_S));
    assert_ok(m.w, cairn_movs_dirs(m.w, CAIRN_MOVS_BASIC, skeleton, dirs, &count));
    assert_int_equal(count, 2);
    assert_int_equal(dirs[0], CAIRN_DIR_S);
    assert_int_equal(dirs[1], CAIRN_DIR_E);
    assert_ok(m.w, cairn_movs_dirs(m.w, CAIRN_MOVS_ADJACENT, skeleton, dirs, &count));
    assert_int_equal(count, 3);
    assert_int_equal(dirs[0], CAIRN_DIR_SE);
    assert_ok(m.w, cairn_movs_dirs(m.w, CAIRN_MOVS_DIAGONAL, skeleton, dirs, &count));
    assert_int_equal(count, 1);
    assert_int_equal(dirs[0], CAIRN_DIR_SE);
    assert_ok(m.w, cairn_movs_dirs(m.w, CAIRN_MOVS_STRAIGHT, skeleton, dirs, &count));
    assert_int_equal(count, 1);
    assert_int_equal(dirs[0], CAIRN_DIR_S);
    assert_ok(m.w, cairn_movs_dirs(m.w, CAIRN_MOVS_NONE, skeleton, dirs, &count));
    assert_int_equal(count, 0);
    map_close(&m);
}

/* Facing away from the player, basic turns aside before it turns round: the axis across the
 * way it faces first, then the way behind it (as Dungeon-Hopper's basic does). */
static void basic_movs_turns_aside_before_turning_round(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s..", "...", "..@", NULL});
    cairn_entity_id skeleton = map_real(&m, 0, 0), player = map_real(&m, 2, 2);
    cairn_dir dirs[CAIRN_DIR_COUNT];
    size_t count;
    static const struct {
        cairn_dir facing, first, second;
    } cases[] = {
        {CAIRN_DIR_W, CAIRN_DIR_S, CAIRN_DIR_E},
        {CAIRN_DIR_N, CAIRN_DIR_E, CAIRN_DIR_S},
        {CAIRN_DIR_E, CAIRN_DIR_E, CAIRN_DIR_S},
        {CAIRN_DIR_S, CAIRN_DIR_S, CAIRN_DIR_E},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_ok(m.w, cairn_entity_set_facing(m.w, skeleton, cases[i].facing));
        assert_ok(m.w, cairn_movs_dirs(m.w, CAIRN_MOVS_BASIC, skeleton, dirs, &count));
        assert_int_equal(count, 2);
        assert_int_equal(dirs[0], cases[i].first);
        assert_int_equal(dirs[1], cases[i].second);
    }
    /* A beat: facing west, the skeleton steps south. */
    assert_ok(m.w, cairn_entity_set_facing(m.w, skeleton, CAIRN_DIR_W));
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    map_assert(&m, (const char *[]){"...", "s..", "..@", NULL});
    map_close(&m);
}

/* Spawns five skeletons on row 0 at the given columns, in that order, with the player at
 * the east end, runs one beat and checks that all five moved one cell east. */
static void conga(const int order[5])
{
    test_map m;
    map_open(&m, (const char *[]){"..........@", NULL});
    cairn_entity_id player = map_real(&m, 10, 0);
    for (int i = 0; i < 5; i++)
        assert_ok(m.w, cairn_entity_spawn(m.w, m.skeleton, (cairn_cell){order[i], 0}, NULL));
    map_assert(&m, (const char *[]){"sssss.....@", NULL});
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    map_assert(&m, (const char *[]){".sssss....@", NULL});
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_MOVED), 5);
    map_close(&m);
}

static void a_conga_line_of_five_moves_as_one_whatever_their_order(void **state)
{
    (void)state;
    static const int orders[][5] = {
        {4, 3, 2, 1, 0}, /* the leader first: each finds the way free */
        {0, 1, 2, 3, 4}, /* the last first: each waits for the one ahead */
        {2, 0, 4, 1, 3},
        {1, 3, 0, 4, 2},
    };
    for (size_t i = 0; i < sizeof orders / sizeof *orders; i++)
        conga(orders[i]);
}

/* Two skeletons both want (1, 0); returns which one got it: 0 (left) or 2 (right). */
static int contest(bool right_first)
{
    test_map m;
    map_open(&m, (const char *[]){"...", ".@.", NULL});
    int xs[2] = {right_first ? 2 : 0, right_first ? 0 : 2};
    for (int i = 0; i < 2; i++)
        assert_ok(m.w, cairn_entity_spawn(m.w, m.skeleton, (cairn_cell){xs[i], 0}, NULL));
    cairn_entity_id left = map_real(&m, 0, 0);
    map_beat(&m, map_real(&m, 1, 1), CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    cairn_entity_id winner = map_real(&m, 1, 0);
    int x = cairn_entity_id_eq(winner, left) ? 0 : 2;
    map_close(&m);
    return x;
}

static void two_enemies_contesting_one_cell_the_same_one_wins_every_run(void **state)
{
    (void)state;
    for (int run = 0; run < 10; run++) {
        assert_int_equal(contest(false), 0);
        assert_int_equal(contest(true), 2); /* the earlier spawned wins */
    }
}

static void use_straight_rolls(test_map *m)
{
    const cairn_step roll = {.action = CAIRN_ACTION_MOVE, .movs = CAIRN_MOVS_STRAIGHT};
    cairn_sequence_id seq;
    assert_ok(m->w, cairn_sequence_register(m->w, "test:roll", &roll, 1, &seq));
    for (int y = 0; y < cairn_grid_height(m->w); y++)
        for (int x = 0; x < cairn_grid_width(m->w); x++) {
            cairn_entity_id id = map_real(m, x, y);
            if (!cairn_entity_id_is_none(id))
                ((cairn_sequential *)map_data(m, id, CAIRN_DECO_SEQUENTIAL))->sequence = seq;
        }
}

static void a_ring_of_enemies_blocking_each_other_ends_with_none_moving(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"ss", "ss", NULL});
    use_straight_rolls(&m);
    static const struct {
        int x, y;
        cairn_dir facing;
    } ring[] = {{0, 0, CAIRN_DIR_E}, {1, 0, CAIRN_DIR_S}, {1, 1, CAIRN_DIR_W}, {0, 1, CAIRN_DIR_N}};
    for (int i = 0; i < 4; i++)
        assert_ok(m.w,
                  cairn_entity_set_facing(m.w, map_real(&m, ring[i].x, ring[i].y), ring[i].facing));
    assert_ok(m.w, cairn_world_step(m.w));
    map_assert(&m, (const char *[]){"ss", "ss", NULL});
    for (int i = 0; i < 4; i++) {
        cairn_acting *acting = map_data(&m, map_real(&m, ring[i].x, ring[i].y), CAIRN_DECO_ACTING);
        assert_true(acting->did_action);
        assert_false(acting->last->head.success);
    }
    map_close(&m);
}

static void a_ring_with_a_gap_turns_as_one(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"ss", ".s", NULL});
    use_straight_rolls(&m);
    cairn_entity_id a = map_real(&m, 0, 0), b = map_real(&m, 1, 0), c = map_real(&m, 1, 1);
    assert_ok(m.w, cairn_entity_set_facing(m.w, a, CAIRN_DIR_E));
    assert_ok(m.w, cairn_entity_set_facing(m.w, b, CAIRN_DIR_S));
    assert_ok(m.w, cairn_entity_set_facing(m.w, c, CAIRN_DIR_W));
    assert_ok(m.w, cairn_world_step(m.w));
    assert_true(cairn_entity_id_eq(map_real(&m, 1, 0), a));
    assert_true(cairn_entity_id_eq(map_real(&m, 1, 1), b));
    assert_true(cairn_entity_id_eq(map_real(&m, 0, 1), c));
    map_close(&m);
}

static void a_line_longer_than_the_depth_bound_still_ends_its_beat(void **state)
{
    (void)state;
    enum { LENGTH = CAIRN_ACT_DEPTH_MAX * 2 + 10 };
    static char row[LENGTH + 3];
    memset(row, '.', sizeof row - 1);
    row[LENGTH + 1] = '@';
    test_map m;
    map_open(&m, (const char *[]){row, NULL});
    for (int x = 0; x < LENGTH; x++) /* the back of the line first: the deepest waiting */
        assert_ok(m.w, cairn_entity_spawn(m.w, m.skeleton, (cairn_cell){x, 0}, NULL));
    map_beat(&m, map_real(&m, LENGTH + 1, 0), CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    /* Waiting stops at the bound, so the back of the line stalls for this beat; but the
     * beat ends, the front moved, and every skeleton acted exactly once. */
    assert_false(cairn_entity_id_is_none(map_real(&m, LENGTH, 0)));
    assert_true(map_count_changes(&m, CAIRN_CHANGE_MOVED) >= 10);
    for (int x = 0; x <= LENGTH; x++) {
        cairn_entity_id id = map_real(&m, x, 0);
        if (!cairn_entity_id_is_none(id))
            assert_true(((cairn_acting *)map_data(&m, id, CAIRN_DECO_ACTING))->did_action);
    }
    map_close(&m);
}

static void simple_does_the_action_once_in_the_given_direction(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"#@.", NULL});
    cairn_entity_id player = map_real(&m, 1, 0);
    /* West is a wall; simple does not look for another way. */
    map_beat(&m, player, CAIRN_ACTION_MOVE, CAIRN_DIR_W);
    assert_false(map_last(&m, player)->head.success);
    map_assert(&m, (const char *[]){"#@.", NULL});
    map_close(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(general_tries_its_second_direction_when_the_first_is_blocked_by_a_wall),
        cmocka_unit_test(basic_movs_puts_the_axis_the_entity_faces_first),
        cmocka_unit_test(basic_movs_turns_aside_before_turning_round),
        cmocka_unit_test(a_conga_line_of_five_moves_as_one_whatever_their_order),
        cmocka_unit_test(two_enemies_contesting_one_cell_the_same_one_wins_every_run),
        cmocka_unit_test(a_ring_of_enemies_blocking_each_other_ends_with_none_moving),
        cmocka_unit_test(a_ring_with_a_gap_turns_as_one),
        cmocka_unit_test(a_line_longer_than_the_depth_bound_still_ends_its_beat),
        cmocka_unit_test(simple_does_the_action_once_in_the_given_direction),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
