/*
 * test_snapshot.c - the world's state as bytes: restoring a snapshot gives back the same world
 * (same checksum, same bytes, same next beats), in the world that made it or in a fresh one
 * made from the same definitions; statuses get their handlers back; what cannot be kept is
 * refused by name; and bytes that are not a good snapshot are refused without a crash.
 */
#include <string.h>

#include "map.h"

static const char *const rows[] = {
    "#######", "#@.s..#", "#.+.c.#", "#..s..#", "#######", NULL,
};

/* A stun whose veto is hooked by its attach function, as snapshots need. */
typedef struct stun {
    cairn_status_id id;
    trace trace;
    recorder veto;
    bool hook_in_apply; /* the older way: hooked from apply, which a snapshot refuses */
} stun;

static cairn_err stun_attach(cairn_world *w, cairn_entity_id id, cairn_status_id status, void *ud)
{
    stun *s = ud;
    return cairn_status_hook(w, id, status, CAIRN_CHAIN_ACT_CHECK,
                             recorder_handler(&s->veto, CAIRN_RANK_MEDIUM));
}

static void define_stun(test_map *m, stun *s, bool hook_in_apply)
{
    memset(s, 0, sizeof *s);
    s->veto = (recorder){.trace = &s->trace, .tag = 'V', .stop = true};
    s->hook_in_apply = hook_in_apply;
    cairn_status_def def = {.name = "test:stun", .ud = s};
    if (hook_in_apply)
        def.apply = stun_attach;
    else
        def.attach = stun_attach;
    assert_ok(m->w, cairn_status_define(m->w, &def, &s->id));
}

/* The player walks east, strikes, digs, and the skeletons chase it. */
static void play(test_map *m, int beats)
{
    static const struct {
        cairn_action_id action;
        cairn_dir dir;
    } inputs[] = {
        {CAIRN_ACTION_MOVE, CAIRN_DIR_S},   {CAIRN_ACTION_ATTACK, CAIRN_DIR_E},
        {CAIRN_ACTION_DIG, CAIRN_DIR_E},    {CAIRN_ACTION_MOVE, CAIRN_DIR_N},
        {CAIRN_ACTION_ATTACK, CAIRN_DIR_E}, {CAIRN_ACTION_NONE, CAIRN_DIR_NONE},
    };
    for (int i = 0; i < beats; i++) {
        cairn_entity_id p = CAIRN_ENTITY_NONE;
        for (int y = 0; y < 5 && cairn_entity_id_is_none(p); y++)
            for (int x = 0; x < 7 && cairn_entity_id_is_none(p); x++) {
                cairn_entity_id id = map_real(m, x, y);
                cairn_type_id t;
                if (!cairn_entity_id_is_none(id) && cairn_entity_type(m->w, id, &t) == CAIRN_OK &&
                    t == m->player)
                    p = id;
            }
        if (cairn_entity_id_is_none(p))
            assert_ok(m->w, cairn_world_step(m->w));
        else
            map_beat(m, p, inputs[i % 6].action, inputs[i % 6].dir);
    }
}

/* A copy of the world's snapshot, which the next snapshot would overwrite. */
static unsigned char *copy_snapshot(test_map *m, size_t *size)
{
    const void *bytes;
    assert_ok(m->w, cairn_world_snapshot(m->w, &bytes, size));
    unsigned char *copy = malloc(*size);
    memcpy(copy, bytes, *size);
    return copy;
}

static void restoring_gives_back_the_same_world_and_future(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, rows);
    play(&m, 2);
    uint64_t at_two = cairn_world_checksum(m.w);
    size_t size;
    unsigned char *two = copy_snapshot(&m, &size);
    play(&m, 3);
    uint64_t at_five = cairn_world_checksum(m.w);
    assert_true(at_five != at_two);

    assert_ok(m.w, cairn_world_restore(m.w, two, size));
    assert_true(cairn_world_checksum(m.w) == at_two);
    assert_int_equal(cairn_world_beat(m.w), 2);
    size_t again_size;
    unsigned char *again = copy_snapshot(&m, &again_size);
    assert_int_equal(again_size, size);
    assert_memory_equal(again, two, size);
    /* the same inputs from here give the same world as before */
    play(&m, 3);
    assert_true(cairn_world_checksum(m.w) == at_five);
    free(again);
    free(two);
    map_close(&m);
}

static void a_fresh_world_takes_another_worlds_snapshot(void **state)
{
    (void)state;
    test_map a, b;
    map_open(&a, rows);
    play(&a, 4);
    /* off the grid, an entity keeps the cell it was last on */
    assert_ok(a.w, cairn_grid_remove(a.w, map_real(&a, 4, 2)));
    size_t size;
    unsigned char *bytes = copy_snapshot(&a, &size);
    map_open(&b, rows);
    map_beat(&b, map_real(&b, 1, 1), CAIRN_ACTION_MOVE, CAIRN_DIR_E); /* b's own history */
    assert_ok(b.w, cairn_world_restore(b.w, bytes, size));
    assert_true(cairn_world_checksum(b.w) == cairn_world_checksum(a.w));
    play(&a, 4);
    play(&b, 4);
    assert_true(cairn_world_checksum(b.w) == cairn_world_checksum(a.w));
    free(bytes);
    map_close(&a);
    map_close(&b);
}

static void statuses_get_their_handlers_back(void **state)
{
    (void)state;
    test_map a, b;
    stun sa, sb;
    map_open(&a, rows);
    define_stun(&a, &sa, false);
    cairn_entity_id skeleton = map_real(&a, 3, 1);
    assert_ok(a.w, cairn_status_apply(a.w, skeleton, sa.id, 3));
    size_t size;
    unsigned char *bytes = copy_snapshot(&a, &size);

    map_open(&b, rows);
    define_stun(&b, &sb, false);
    assert_ok(b.w, cairn_world_restore(b.w, bytes, size));
    assert_int_equal(cairn_status_remaining(b.w, skeleton, sb.id), 3);
    assert_ok(b.w, cairn_world_step(b.w));
    assert_string_equal(sb.trace.log, "V"); /* the restored veto stopped its action */
    assert_true(cairn_entity_id_eq(map_real(&b, 3, 1), skeleton)); /* it stayed */
    /* it wears off in b as in a, taking its handler with it */
    for (int i = 0; i < 3; i++) {
        assert_ok(a.w, cairn_world_step(a.w));
        if (i)
            assert_ok(b.w, cairn_world_step(b.w));
    }
    assert_int_equal(cairn_status_remaining(b.w, skeleton, sb.id), 0);
    assert_true(cairn_world_checksum(b.w) == cairn_world_checksum(a.w));
    free(bytes);
    map_close(&a);
    map_close(&b);
}

static void handlers_a_restore_cannot_put_back_are_refused(void **state)
{
    (void)state;
    test_map m;
    stun s;
    map_open(&m, rows);
    define_stun(&m, &s, true);
    cairn_entity_id skeleton = map_real(&m, 3, 1);
    assert_ok(m.w, cairn_status_apply(m.w, skeleton, s.id, 3));
    const void *bytes;
    size_t size;
    assert_int_equal(cairn_world_snapshot(m.w, &bytes, &size), CAIRN_ERR_STATE);
    assert_non_null(strstr(cairn_world_error(m.w), "status test:stun hooked handlers without"));
    assert_ok(m.w, cairn_status_remove(m.w, skeleton, s.id));
    assert_ok(m.w, cairn_world_snapshot(m.w, &bytes, &size));

    trace t = {0};
    recorder r = {.trace = &t, .tag = 'R'};
    cairn_handler_id hid;
    assert_ok(m.w, cairn_entity_hook(m.w, skeleton, CAIRN_CHAIN_MOVE_CHECK,
                                     recorder_handler(&r, CAIRN_RANK_LOW), &hid));
    assert_int_equal(cairn_world_snapshot(m.w, &bytes, &size), CAIRN_ERR_STATE);
    assert_non_null(strstr(cairn_world_error(m.w), "on chain move_check that no status hooked"));
    map_close(&m);
}

static void a_world_of_other_definitions_is_refused(void **state)
{
    (void)state;
    test_map a, b;
    map_open(&a, rows);
    size_t size;
    unsigned char *bytes = copy_snapshot(&a, &size);
    map_open(&b, rows);
    stun s;
    define_stun(&b, &s, false);
    uint64_t before = cairn_world_checksum(b.w);
    assert_int_equal(cairn_world_restore(b.w, bytes, size), CAIRN_ERR_INVALID);
    assert_string_equal(cairn_world_error(b.w), "the snapshot was made with other definitions: "
                                                "0 statuses, where this world has 1");
    /* refused before anything was touched */
    assert_true(cairn_world_checksum(b.w) == before);
    free(bytes);
    map_close(&a);
    map_close(&b);
}

/* Every cut and every flipped byte is refused or gives a world that still runs: never a
 * crash, never a world that breaks later (the sanitizers watch the beats after). */
static void damaged_bytes_are_refused_without_harm(void **state)
{
    (void)state;
    test_map m;
    stun s;
    map_open(&m, rows);
    define_stun(&m, &s, false);
    assert_ok(m.w, cairn_status_apply(m.w, map_real(&m, 3, 3), s.id, 2));
    play(&m, 3);
    size_t size;
    unsigned char *good = copy_snapshot(&m, &size);
    unsigned char *bad = malloc(size);
    for (size_t cut = 0; cut < size; cut++) {
        assert_int_equal(cairn_world_restore(m.w, good, cut), CAIRN_ERR_INVALID);
        assert_non_null(strstr(cairn_world_error(m.w), "snapshot"));
    }
    int refused = 0;
    for (size_t at = 0; at < size; at++) {
        memcpy(bad, good, size);
        bad[at] ^= 0x5a;
        if (cairn_world_restore(m.w, bad, size) != CAIRN_OK) {
            refused++;
            continue;
        }
        for (int i = 0; i < 2; i++)
            cairn_world_step(m.w); /* may fail on a strange world; must not crash */
    }
    assert_true(refused > 0);
    assert_ok(m.w, cairn_world_restore(m.w, good, size));
    free(bad);
    free(good);
    map_close(&m);
}

static cairn_err snapshot_inside(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)ev;
    const void *bytes;
    size_t size;
    *(cairn_err *)ud = cairn_world_snapshot(w, &bytes, &size);
    return CAIRN_OK;
}

static void the_dead_come_back_off_the_grid_where_they_died(void **state)
{
    (void)state;
    test_map a, b;
    map_open(&a, rows);
    cairn_entity_id skeleton = map_real(&a, 3, 1);
    assert_ok(a.w, cairn_entity_kill(a.w, skeleton)); /* between beats: reaped by the next */
    size_t size;
    unsigned char *bytes = copy_snapshot(&a, &size);
    map_open(&b, rows);
    assert_ok(b.w, cairn_world_restore(b.w, bytes, size));
    assert_true(cairn_world_checksum(b.w) == cairn_world_checksum(a.w));
    assert_false(cairn_entity_is_alive(b.w, skeleton));
    assert_true(cairn_entity_id_is_none(map_real(&b, 3, 1)));
    cairn_cell cell;
    assert_ok(b.w, cairn_entity_cell(b.w, skeleton, &cell));
    assert_int_equal(cell.x, 3);
    assert_int_equal(cell.y, 1);
    assert_ok(b.w, cairn_world_step(b.w));
    assert_int_equal(cairn_entity_check(b.w, skeleton), CAIRN_ERR_STALE);
    free(bytes);
    map_close(&a);
    map_close(&b);
}

static void only_between_beats(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, rows);
    cairn_err inside = CAIRN_OK;
    assert_ok(m.w,
              cairn_chain_add(m.w, cairn_world_chain(m.w, CAIRN_CHAIN_BEAT_START),
                              (cairn_handler){snapshot_inside, &inside, CAIRN_RANK_MEDIUM}, NULL));
    assert_ok(m.w, cairn_world_step(m.w));
    assert_int_equal(inside, CAIRN_ERR_STATE);
    map_close(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(restoring_gives_back_the_same_world_and_future),
        cmocka_unit_test(a_fresh_world_takes_another_worlds_snapshot),
        cmocka_unit_test(statuses_get_their_handlers_back),
        cmocka_unit_test(handlers_a_restore_cannot_put_back_are_refused),
        cmocka_unit_test(a_world_of_other_definitions_is_refused),
        cmocka_unit_test(damaged_bytes_are_refused_without_harm),
        cmocka_unit_test(the_dead_come_back_off_the_grid_where_they_died),
        cmocka_unit_test(only_between_beats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
