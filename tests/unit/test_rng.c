/*
 * test_rng.c - the generator: known values, reproducibility from a seed and from a saved
 * state, bounds, and refusal of bytes that are not a saved state.
 */
#include <string.h>

#include "support.h"

/* The reference PCG32 (pcg32_srandom_r(42, 54)) starts with these: the same numbers on every
 * platform and compiler, which saves and replays rely on. */
static void the_generator_gives_pcg32s_reference_sequence(void **state)
{
    (void)state;
    static const uint32_t expect[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
                                      0x83d2f293, 0xbfa4784b, 0xcbed606e};
    cairn_rng rng;
    cairn_rng_seed(&rng, 42, 54);
    for (size_t i = 0; i < sizeof expect / sizeof *expect; i++)
        assert_int_equal(cairn_rng_next(&rng), expect[i]);
}

static void the_same_seed_gives_the_same_sequence_and_another_seed_another(void **state)
{
    (void)state;
    cairn_rng a, b, c;
    cairn_rng_seed(&a, 1234, 0);
    cairn_rng_seed(&b, 1234, 0);
    cairn_rng_seed(&c, 1235, 0);
    int same_as_c = 0;
    for (int i = 0; i < 1000; i++) {
        uint32_t x = cairn_rng_next(&a);
        assert_int_equal(x, cairn_rng_next(&b));
        same_as_c += x == cairn_rng_next(&c);
    }
    assert_true(same_as_c < 5);
}

static void a_restored_state_continues_exactly_where_the_saved_one_was(void **state)
{
    (void)state;
    cairn_rng rng, restored;
    cairn_rng_seed(&rng, 99, 7);
    for (int i = 0; i < 37; i++)
        cairn_rng_next(&rng);
    uint8_t saved[CAIRN_RNG_STATE_SIZE];
    cairn_rng_save(&rng, saved);
    cairn_rng_seed(&restored, 1, 1);
    assert_int_equal(cairn_rng_load(&restored, saved, sizeof saved, NULL), CAIRN_OK);
    for (int i = 0; i < 1000; i++)
        assert_int_equal(cairn_rng_below(&restored, 1000), cairn_rng_below(&rng, 1000));
}

static void the_saved_layout_is_little_endian_state_then_increment(void **state)
{
    (void)state;
    cairn_rng rng = {.state = 0x0102030405060708u, .inc = 0x1112131415161719u};
    uint8_t saved[CAIRN_RNG_STATE_SIZE];
    cairn_rng_save(&rng, saved);
    assert_int_equal(saved[0], 0x08);
    assert_int_equal(saved[7], 0x01);
    assert_int_equal(saved[8], 0x19);
    assert_int_equal(saved[15], 0x11);
}

static void bytes_that_are_not_a_saved_state_are_refused_and_change_nothing(void **state)
{
    (void)state;
    cairn_rng rng, before;
    cairn_rng_seed(&rng, 5, 5);
    before = rng;
    uint8_t bytes[CAIRN_RNG_STATE_SIZE] = {0}; /* an even increment: impossible */
    cairn_error err;
    assert_int_equal(cairn_rng_load(&rng, bytes, sizeof bytes, &err), CAIRN_ERR_INVALID);
    assert_non_null(strstr(err.message, "odd"));
    assert_int_equal(cairn_rng_load(&rng, bytes, 15, &err), CAIRN_ERR_INVALID);
    assert_non_null(strstr(err.message, "16 bytes"));
    assert_int_equal(cairn_rng_load(&rng, NULL, 16, NULL), CAIRN_ERR_INVALID);
    assert_memory_equal(&rng, &before, sizeof rng);
}

static void below_stays_under_its_bound_and_reaches_every_value(void **state)
{
    (void)state;
    cairn_rng rng;
    cairn_rng_seed(&rng, 3, 0);
    int seen[7] = {0};
    for (int i = 0; i < 7000; i++) {
        uint32_t v = cairn_rng_below(&rng, 7);
        assert_true(v < 7);
        seen[v]++;
    }
    for (int v = 0; v < 7; v++)
        assert_true(seen[v] > 800 && seen[v] < 1200); /* 1000 expected; a loose sanity band */
    assert_int_equal(cairn_rng_below(&rng, 0), 0);
    assert_int_equal(cairn_rng_below(&rng, 1), 0);
}

static void range_includes_both_ends_and_handles_the_whole_int_range(void **state)
{
    (void)state;
    cairn_rng rng;
    cairn_rng_seed(&rng, 8, 0);
    bool lo = false, hi = false;
    for (int i = 0; i < 1000; i++) {
        int32_t v = cairn_rng_range(&rng, -2, 2);
        assert_true(v >= -2 && v <= 2);
        lo |= v == -2;
        hi |= v == 2;
    }
    assert_true(lo && hi);
    assert_int_equal(cairn_rng_range(&rng, 5, 5), 5);
    assert_int_equal(cairn_rng_range(&rng, 6, 1), 6);
    cairn_rng_range(&rng, INT32_MIN, INT32_MAX); /* no overflow (UBSan watches) */
}

static void a_worlds_generator_is_seeded_from_its_config(void **state)
{
    (void)state;
    cairn_world *a, *b;
    cairn_world_config config = {.width = 4, .height = 4, .seed = 77};
    assert_int_equal(cairn_world_create(&config, &a, NULL), CAIRN_OK);
    assert_int_equal(cairn_world_create(&config, &b, NULL), CAIRN_OK);
    for (int i = 0; i < 100; i++)
        assert_int_equal(cairn_rng_next(cairn_world_rng(a)), cairn_rng_next(cairn_world_rng(b)));
    cairn_world_destroy(a);
    cairn_world_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_generator_gives_pcg32s_reference_sequence),
        cmocka_unit_test(the_same_seed_gives_the_same_sequence_and_another_seed_another),
        cmocka_unit_test(a_restored_state_continues_exactly_where_the_saved_one_was),
        cmocka_unit_test(the_saved_layout_is_little_endian_state_then_increment),
        cmocka_unit_test(bytes_that_are_not_a_saved_state_are_refused_and_change_nothing),
        cmocka_unit_test(below_stays_under_its_bound_and_reaches_every_value),
        cmocka_unit_test(range_includes_both_ends_and_handles_the_whole_int_range),
        cmocka_unit_test(a_worlds_generator_is_seeded_from_its_config),
    };
    return cmocka_run_group_tests_name("rng", tests, NULL, NULL);
}
