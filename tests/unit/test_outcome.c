/*
 * test_outcome.c - cairn_world_apply: an outcome's deltas go into the world between beats,
 * all or none, and their reverse gives back the checksum the world had.
 */
#include <string.h>

#include "map.h"

static const char *const rows[] = {
    "#####", "#@.s#", "#...#", "#####", NULL,
};

static cairn_delta reverse(cairn_delta d)
{
    return (cairn_delta){d.entity,      d.to,     d.from,  d.facing_to,
                         d.facing_from, d.has_hp, d.hp_to, d.hp_from};
}

/* The map, with the player p and the skeleton s and which way each faces. */
static void open_two(test_map *m, cairn_entity_id *p, cairn_dir *pf, cairn_entity_id *s,
                     cairn_dir *sf)
{
    map_open(m, rows);
    *p = map_real(m, 1, 1);
    *s = map_real(m, 3, 1);
    assert_ok(m->w, cairn_entity_facing(m->w, *p, pf));
    assert_ok(m->w, cairn_entity_facing(m->w, *s, sf));
}

static void apply_then_undo_gives_back_the_checksum(void **state)
{
    (void)state;
    test_map m;
    cairn_entity_id p, s;
    cairn_dir pf, sf;
    open_two(&m, &p, &pf, &s, &sf);
    int32_t hp = ((cairn_with_hp *)map_data(&m, p, CAIRN_DECO_WITH_HP))->hp;
    uint64_t before = cairn_world_checksum(m.w);
    size_t changes;
    cairn_world_history(m.w, &changes);
    /* The two trade cells: neither is in the other's way. */
    cairn_delta out[] = {
        {p, {1, 1}, {3, 1}, pf, CAIRN_DIR_E, true, hp, hp - 1},
        {s, {3, 1}, {1, 1}, sf, CAIRN_DIR_W, false, 0, 0},
    };
    assert_ok(m.w, cairn_world_apply(m.w, out, 2));
    assert_true(cairn_entity_id_eq(map_real(&m, 3, 1), p));
    assert_int_equal(((cairn_with_hp *)map_data(&m, p, CAIRN_DECO_WITH_HP))->hp, hp - 1);
    assert_true(cairn_world_checksum(m.w) != before);
    size_t now;
    cairn_world_history(m.w, &now);
    assert_int_equal(now, changes); /* nothing announced */
    cairn_delta undo[] = {reverse(out[0]), reverse(out[1])};
    assert_ok(m.w, cairn_world_apply(m.w, undo, 2));
    assert_true(cairn_world_checksum(m.w) == before);
    map_close(&m);
}

static void a_delta_that_does_not_fit_changes_nothing(void **state)
{
    (void)state;
    test_map m;
    cairn_entity_id p, s;
    cairn_dir pf, sf;
    open_two(&m, &p, &pf, &s, &sf);
    uint64_t before = cairn_world_checksum(m.w);
    /* The player's move is fine; the second one lands on the player's new cell. */
    cairn_delta clash[] = {
        {p, {1, 1}, {2, 2}, pf, pf, false, 0, 0},
        {s, {3, 1}, {2, 2}, sf, sf, false, 0, 0},
    };
    assert_int_equal(cairn_world_apply(m.w, clash, 2), CAIRN_ERR_OCCUPIED);
    assert_non_null(strstr(cairn_world_error(m.w), "delta 2"));
    assert_true(cairn_world_checksum(m.w) == before);
    cairn_delta wrong = {p, {2, 1}, {2, 2}, pf, pf, false, 0, 0};
    assert_int_equal(cairn_world_apply(m.w, &wrong, 1), CAIRN_ERR_INVALID);
    assert_non_null(strstr(cairn_world_error(m.w), "is at (1, 1), not (2, 1)"));
    cairn_delta twice[] = {clash[0], clash[0]};
    assert_int_equal(cairn_world_apply(m.w, twice, 2), CAIRN_ERR_INVALID);
    assert_true(cairn_world_checksum(m.w) == before);
    map_close(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(apply_then_undo_gives_back_the_checksum),
        cmocka_unit_test(a_delta_that_does_not_fit_changes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
