/*
 * test_portal.c - portals: joining two edges and stepping through them, with the heading
 * turned as it crosses; the errors; moves, pushes, attacks and digs going through them, and
 * an attack's push turned the way the attack crossed; and the snapshot and the checksum
 * keeping them.
 */
#include <string.h>

#include "map.h"

static cairn_portal join(int ax, int ay, cairn_dir as, int bx, int by, cairn_dir bs)
{
    return (cairn_portal){{ax, ay}, as, {bx, by}, bs};
}

/* The player at (x, y), its attack made to push `distance` cells. */
static cairn_entity_id pusher(test_map *m, int x, int y, int32_t distance)
{
    cairn_entity_id player = map_real(m, x, y);
    ((cairn_attacking *)map_data(m, player, CAIRN_DECO_ATTACKING))->push =
        (cairn_push){.distance = distance, .power = 1};
    return player;
}

static void a_step_through_a_portal_arrives_on_its_other_side(void **state)
{
    (void)state;
    cairn_world *w;
    test_alloc alloc;
    w = test_world(&alloc, 6, 4);
    /* the east edge of (1, 1) joined to the north edge of (4, 2): going east out of (1, 1)
     * arrives in (4, 2) going south */
    assert_ok(w, cairn_portal_add(w, join(1, 1, CAIRN_DIR_E, 4, 2, CAIRN_DIR_N)));
    int turn;
    cairn_cell c = cairn_portal_step(w, (cairn_cell){1, 1}, CAIRN_DIR_E, &turn);
    assert_int_equal(c.x, 4);
    assert_int_equal(c.y, 2);
    assert_int_equal(cairn_dir_rotate(CAIRN_DIR_E, turn), CAIRN_DIR_S);
    /* and back: north out of (4, 2) arrives in (1, 1) going west */
    c = cairn_portal_step(w, (cairn_cell){4, 2}, CAIRN_DIR_N, &turn);
    assert_int_equal(c.x, 1);
    assert_int_equal(c.y, 1);
    assert_int_equal(cairn_dir_rotate(CAIRN_DIR_N, turn), CAIRN_DIR_W);
    /* other edges and diagonal steps follow no portal */
    c = cairn_portal_step(w, (cairn_cell){1, 1}, CAIRN_DIR_S, &turn);
    assert_int_equal(c.x, 1);
    assert_int_equal(c.y, 2);
    assert_int_equal(turn, 0);
    c = cairn_portal_step(w, (cairn_cell){1, 1}, CAIRN_DIR_NE, &turn);
    assert_int_equal(c.x, 2);
    assert_int_equal(c.y, 0);
    assert_int_equal(cairn_portal_count(w), 1);
    cairn_portal p;
    assert_ok(w, cairn_portal_get(w, 0, &p));
    assert_int_equal(p.b_side, CAIRN_DIR_N);
    assert_ok(w, cairn_portal_remove(w, (cairn_cell){4, 2}, CAIRN_DIR_N));
    c = cairn_portal_step(w, (cairn_cell){1, 1}, CAIRN_DIR_E, NULL);
    assert_int_equal(c.x, 2);
    test_world_close(w, &alloc);
}

static void bad_portals_are_refused(void **state)
{
    (void)state;
    test_alloc alloc;
    cairn_world *w = test_world(&alloc, 4, 4);
    assert_int_equal(cairn_portal_add(w, join(4, 0, CAIRN_DIR_E, 0, 0, CAIRN_DIR_W)),
                     CAIRN_ERR_BOUNDS);
    assert_int_equal(cairn_portal_add(w, join(0, 0, CAIRN_DIR_NE, 1, 0, CAIRN_DIR_W)),
                     CAIRN_ERR_INVALID);
    assert_int_equal(cairn_portal_add(w, join(0, 0, CAIRN_DIR_E, 0, 0, CAIRN_DIR_E)),
                     CAIRN_ERR_INVALID);
    assert_ok(w, cairn_portal_add(w, join(0, 0, CAIRN_DIR_E, 3, 3, CAIRN_DIR_W)));
    assert_int_equal(cairn_portal_add(w, join(2, 2, CAIRN_DIR_E, 3, 3, CAIRN_DIR_W)),
                     CAIRN_ERR_OCCUPIED);
    assert_non_null(strstr(cairn_world_error(w), "already in a portal"));
    assert_int_equal(cairn_portal_remove(w, (cairn_cell){1, 1}, CAIRN_DIR_E), CAIRN_ERR_NOT_FOUND);
    cairn_portal_clear(w);
    assert_int_equal(cairn_portal_count(w), 0);
    test_world_close(w, &alloc);
}

/* A corridor whose two ends are joined: east out of its end is its start. */
static const char *const loop[] = {
    "#####",
    "@..c.",
    "#####",
    NULL,
};

static void a_move_goes_through_a_portal_and_a_push_beside_it_does_not(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, loop);
    assert_ok(m.w, cairn_portal_add(m.w, join(4, 1, CAIRN_DIR_E, 0, 1, CAIRN_DIR_W)));
    cairn_entity_id player = pusher(&m, 0, 1, 1);
    cairn_entity_id crate = map_real(&m, 3, 1);
    /* west out of the start is the end */
    map_beat(&m, player, CAIRN_ACTION_MOVE, CAIRN_DIR_W);
    cairn_cell at = map_cell(&m, player);
    assert_int_equal(at.x, 4);
    /* the crate is pushed west... from (4, 1) west is (3, 1): the crate goes to (2, 1) */
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_W);
    at = map_cell(&m, crate);
    assert_int_equal(at.x, 2);
    /* east out of the end, through the portal, to the start */
    map_beat(&m, player, CAIRN_ACTION_MOVE, CAIRN_DIR_E);
    at = map_cell(&m, player);
    assert_int_equal(at.x, 0);
    map_close(&m);
}

static void a_push_follows_the_portal_too(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#####",
        "..@c.",
        "#####",
        NULL,
    };
    test_map m;
    map_open(&m, rows);
    assert_ok(m.w, cairn_portal_add(m.w, join(3, 1, CAIRN_DIR_E, 0, 1, CAIRN_DIR_W)));
    cairn_entity_id player = pusher(&m, 2, 1, 2);
    cairn_entity_id crate = map_real(&m, 3, 1);
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    cairn_cell at = map_cell(&m, crate);
    assert_int_equal(at.x, 1); /* pushed two east out of (3, 1): into (0, 1), then (1, 1) */
    map_close(&m);
}

/* Round a loop, a push of the most a stat can be goes until something is in the way. */
static void a_push_round_a_loop_stops_at_what_is_in_the_way(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#####",
        ".@c..",
        "#####",
        NULL,
    };
    test_map m;
    map_open(&m, rows);
    assert_ok(m.w, cairn_portal_add(m.w, join(4, 1, CAIRN_DIR_E, 0, 1, CAIRN_DIR_W)));
    cairn_entity_id player = pusher(&m, 1, 1, CAIRN_STAT_MAX);
    cairn_entity_id crate = map_real(&m, 2, 1);
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    cairn_cell at = map_cell(&m, crate);
    assert_int_equal(at.x, 0); /* (3, 1), (4, 1), through to (0, 1): then the player */
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_MOVED), 3);
    map_close(&m);
}

/* The east edge of (1, 1) joined to the north edge of (3, 2): what goes east out of (1, 1)
 * arrives in (3, 2) heading south, past the stone between. */
static const char *const turning[] = {
    "######", "#@#..#", "###c.#", "#....#", "######", NULL,
};

static void an_attack_through_a_turning_portal_pushes_the_way_it_arrives(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, turning);
    assert_ok(m.w, cairn_portal_add(m.w, join(1, 1, CAIRN_DIR_E, 3, 2, CAIRN_DIR_N)));
    cairn_entity_id player = pusher(&m, 1, 1, 1);
    cairn_entity_id crate = map_real(&m, 3, 2);
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_ATTACKED), 1);
    cairn_cell at = map_cell(&m, crate);
    assert_int_equal(at.x, 3); /* pushed south, the way the attack arrived, not east */
    assert_int_equal(at.y, 3);
    map_close(&m);
}

static void a_dig_through_a_turning_portal_digs_what_is_on_its_other_side(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "#####", "#@#.#", "###+#", "#####", NULL,
    };
    test_map m;
    map_open(&m, rows);
    assert_ok(m.w, cairn_portal_add(m.w, join(1, 1, CAIRN_DIR_E, 3, 2, CAIRN_DIR_N)));
    cairn_entity_id player = map_real(&m, 1, 1);
    map_beat(&m, player, CAIRN_ACTION_DIG, CAIRN_DIR_E);
    static const char *const after[] = {
        "#####", "#@#.#", "###.#", "#####", NULL,
    };
    map_assert(&m, after); /* the dirt past the portal is gone; the stone east of @ stays */
    map_close(&m);
}

static void snapshots_and_the_checksum_keep_portals(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, loop);
    uint64_t without = cairn_world_checksum(m.w);
    assert_ok(m.w, cairn_portal_add(m.w, join(4, 1, CAIRN_DIR_E, 0, 1, CAIRN_DIR_W)));
    uint64_t with = cairn_world_checksum(m.w);
    assert_true(with != without);
    const void *bytes;
    size_t size;
    assert_ok(m.w, cairn_world_snapshot(m.w, &bytes, &size));
    unsigned char *copy = malloc(size);
    memcpy(copy, bytes, size);
    cairn_portal_clear(m.w);
    assert_true(cairn_world_checksum(m.w) == without);
    assert_ok(m.w, cairn_world_restore(m.w, copy, size));
    assert_true(cairn_world_checksum(m.w) == with);
    assert_int_equal(cairn_portal_count(m.w), 1);
    cairn_cell c = cairn_portal_step(m.w, (cairn_cell){4, 1}, CAIRN_DIR_E, NULL);
    assert_int_equal(c.x, 0);
    /* a portal off the grid in the bytes is damage, refused */
    size_t at = size - 18; /* the last portal: a.x first */
    copy[at] = 99;
    assert_int_equal(cairn_world_restore(m.w, copy, size), CAIRN_ERR_INVALID);
    free(copy);
    map_close(&m);
}

/* 1024 portals, every cell's east edge of the left half joined to a west edge of the right
 * half in a shuffled order: each step finds its own, removing some keeps the rest, and one
 * more than the limit is refused. */
static void many_portals_each_find_their_own(void **state)
{
    (void)state;
    enum { W = 64, H = 32, N = CAIRN_PORTAL_MAX };
    test_alloc alloc;
    cairn_world *w = test_world(&alloc, W, H);
    static int target[N];
    for (int i = 0; i < N; i++)
        target[i] = i;
    cairn_rng rng;
    cairn_rng_seed(&rng, 20, 5);
    for (int i = N - 1; i > 0; i--) {
        int j = (int)cairn_rng_below(&rng, (uint32_t)i + 1), t = target[i];
        target[i] = target[j];
        target[j] = t;
    }
    for (int i = 0; i < N; i++)
        assert_ok(w, cairn_portal_add(w, join(i % 32, i / 32, CAIRN_DIR_E, 32 + target[i] % 32,
                                              target[i] / 32, CAIRN_DIR_W)));
    assert_int_equal(cairn_portal_add(w, join(0, 0, CAIRN_DIR_N, 1, 0, CAIRN_DIR_N)),
                     CAIRN_ERR_LIMIT);
    for (int i = 0; i < N; i += 7)
        assert_ok(w, cairn_portal_remove(w, (cairn_cell){i % 32, i / 32}, CAIRN_DIR_E));
    for (int i = 0; i < N; i++) {
        cairn_cell c = cairn_portal_step(w, (cairn_cell){i % 32, i / 32}, CAIRN_DIR_E, NULL);
        int want_x = i % 7 ? 32 + target[i] % 32 : i % 32 + 1;
        int want_y = i % 7 ? target[i] / 32 : i / 32;
        assert_int_equal(c.x, want_x);
        assert_int_equal(c.y, want_y);
        if (i % 7) {
            c = cairn_portal_step(w, (cairn_cell){want_x, want_y}, CAIRN_DIR_W, NULL);
            assert_int_equal(c.x, i % 32);
            assert_int_equal(c.y, i / 32);
        }
    }
    test_world_close(w, &alloc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_step_through_a_portal_arrives_on_its_other_side),
        cmocka_unit_test(bad_portals_are_refused),
        cmocka_unit_test(many_portals_each_find_their_own),
        cmocka_unit_test(a_move_goes_through_a_portal_and_a_push_beside_it_does_not),
        cmocka_unit_test(a_push_follows_the_portal_too),
        cmocka_unit_test(a_push_round_a_loop_stops_at_what_is_in_the_way),
        cmocka_unit_test(an_attack_through_a_turning_portal_pushes_the_way_it_arrives),
        cmocka_unit_test(a_dig_through_a_turning_portal_digs_what_is_on_its_other_side),
        cmocka_unit_test(snapshots_and_the_checksum_keep_portals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
