/*
 * test_checksum.c - the world's checksum: equal games give equal sums, whatever addresses
 * their memory got, and each kind of state change shows in it; input given and taken back
 * (input of none) leaves none.
 */
#include "map.h"

static const char *const rows[] = {
    "#####", "#@.s#", "#.+.#", "#####", NULL,
};

/* Plays the same three beats: the player steps east, then attacks east twice. */
static void play(test_map *m)
{
    cairn_entity_id p = map_real(m, 1, 1);
    map_beat(m, p, CAIRN_ACTION_MOVE, CAIRN_DIR_E);
    map_beat(m, p, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    map_beat(m, p, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
}

static void equal_games_give_equal_sums(void **state)
{
    (void)state;
    test_map a, b;
    map_open(&a, rows);
    void *spacer = malloc(4096); /* so that b's memory lies elsewhere than a's would */
    map_open(&b, rows);
    assert_true(cairn_world_checksum(a.w) == cairn_world_checksum(b.w));
    play(&a);
    play(&b);
    assert_true(cairn_world_checksum(a.w) == cairn_world_checksum(b.w));
    free(spacer);
    map_close(&a);
    map_close(&b);
}

static void every_kind_of_change_shows(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, rows);
    uint64_t sums[8];
    int n = 0;
    sums[n++] = cairn_world_checksum(m.w);
    cairn_entity_id p = map_real(&m, 1, 1);
    ((cairn_with_hp *)map_data(&m, p, CAIRN_DECO_WITH_HP))->hp--;
    sums[n++] = cairn_world_checksum(m.w);
    assert_ok(m.w, cairn_entity_set_facing(m.w, p, CAIRN_DIR_S));
    sums[n++] = cairn_world_checksum(m.w);
    assert_ok(m.w, cairn_grid_move(m.w, p, (cairn_cell){1, 2}));
    sums[n++] = cairn_world_checksum(m.w);
    cairn_rng_next(cairn_world_rng(m.w));
    sums[n++] = cairn_world_checksum(m.w);
    assert_ok(m.w, cairn_entity_kill(m.w, map_real(&m, 3, 1)));
    sums[n++] = cairn_world_checksum(m.w);
    assert_ok(m.w, cairn_world_step(m.w));
    sums[n++] = cairn_world_checksum(m.w);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (sums[i] == sums[j])
                fail_msg("change %d left the sum as change %d had it", j, i);
    map_close(&m);
}

/* A front end gives input and takes it back between beats (a choice begun, then cancelled): the
 * world is the one the last beat left, so a save then holds the sum its log has. */
static void input_taken_back_leaves_the_sum(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, rows);
    cairn_entity_id p = map_real(&m, 1, 1);
    uint64_t before_any = cairn_world_checksum(m.w);
    assert_ok(m.w, cairn_player_input(m.w, p, (cairn_action){CAIRN_ACTION_NONE, CAIRN_DIR_NONE}));
    assert_true(cairn_world_checksum(m.w) == before_any); /* never given is no input too */
    map_beat(&m, p, CAIRN_ACTION_MOVE, CAIRN_DIR_E);
    uint64_t after_beat = cairn_world_checksum(m.w);
    assert_ok(m.w, cairn_player_input(m.w, p, (cairn_action){CAIRN_ACTION_ATTACK, CAIRN_DIR_E}));
    assert_true(cairn_world_checksum(m.w) != after_beat);
    assert_ok(m.w, cairn_player_input(m.w, p, (cairn_action){CAIRN_ACTION_NONE, CAIRN_DIR_E}));
    assert_true(cairn_world_checksum(m.w) == after_beat);
    assert_ok(m.w, cairn_player_input(m.w, p, (cairn_action){CAIRN_ACTION_NONE, CAIRN_DIR_NONE}));
    assert_true(cairn_world_checksum(m.w) == after_beat);
    map_close(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(equal_games_give_equal_sums),
        cmocka_unit_test(every_kind_of_change_shows),
        cmocka_unit_test(input_taken_back_leaves_the_sum),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
