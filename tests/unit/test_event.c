/*
 * test_event.c - events: the head's defaults, the three nested levels of an action, checked
 * downcasts, and the per-beat arena that makes them free to create.
 */
#include <string.h>

#include "support.h"

typedef struct fixture {
    test_alloc alloc;
    cairn_world *w;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    f->w = test_world(&f->alloc, 4, 4);
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

static void a_new_event_carries_its_actor_and_action_propagates_and_has_not_succeeded(void **state)
{
    fixture *f = *state;
    cairn_entity_id actor = {3, 9};
    cairn_event *ev =
        cairn_event_new(f->w, CAIRN_EVENT_RESULT, actor, (cairn_action){2, CAIRN_DIR_SE});
    assert_non_null(ev);
    assert_true(cairn_entity_id_eq(ev->actor, actor));
    assert_int_equal(ev->action.id, 2);
    assert_int_equal(ev->action.dir, CAIRN_DIR_SE);
    assert_int_equal(ev->kind, CAIRN_EVENT_RESULT);
    assert_true(ev->propagate);
    assert_false(ev->success);
}

static void an_action_nests_enclosing_algo_and_result_events(void **state)
{
    fixture *f = *state;
    cairn_entity_id actor = {1, 1};
    cairn_action act = {1, CAIRN_DIR_E};
    cairn_enclosing_event *enclosing =
        cairn_event_as_enclosing(cairn_event_new(f->w, CAIRN_EVENT_ENCLOSING, actor, act));
    cairn_algo_event *algo =
        cairn_event_as_algo(cairn_event_new(f->w, CAIRN_EVENT_ALGO, actor, act));
    cairn_result_event *result =
        cairn_event_as_result(cairn_event_new(f->w, CAIRN_EVENT_RESULT, actor, act));
    assert_non_null(enclosing);
    assert_non_null(algo);
    assert_null(enclosing->algo); /* zeroed until the algorithm runs */
    assert_false(enclosing->check_success);

    enclosing->check_success = true;
    enclosing->algo = algo;
    algo->direction = CAIRN_DIR_E;
    algo->result = result;
    result->head.success = algo->head.success = enclosing->head.success = true;

    cairn_event *outer = &enclosing->head;
    cairn_algo_event *inner = cairn_event_as_enclosing(outer)->algo;
    assert_int_equal(inner->direction, CAIRN_DIR_E);
    assert_non_null(cairn_event_as_result(&inner->result->head));
    assert_true(inner->result->head.success);
}

static void a_downcast_to_the_wrong_kind_gives_null(void **state)
{
    fixture *f = *state;
    cairn_event *ev = cairn_event_new(f->w, CAIRN_EVENT_BEAT, CAIRN_ENTITY_NONE,
                                      (cairn_action){0, CAIRN_DIR_NONE});
    assert_non_null(cairn_event_as_beat(ev));
    assert_null(cairn_event_as_entity(ev));
    assert_null(cairn_event_as_enclosing(ev));
    assert_null(cairn_event_as_algo(ev));
    assert_null(cairn_event_as_result(ev));
    assert_null(cairn_event_as_beat(NULL));
}

typedef struct knockback_event {
    cairn_event head;
    int distance;
} knockback_event;

static void kinds_defined_outside_the_core_get_events_of_their_own_size(void **state)
{
    fixture *f = *state;
    uint8_t kind = CAIRN_EVENT_KIND_COUNT + 3;
    knockback_event *k = (knockback_event *)(void *)cairn_event_new_sized(
        f->w, kind, sizeof *k, CAIRN_ENTITY_NONE, (cairn_action){0, CAIRN_DIR_N});
    assert_non_null(k);
    assert_int_equal(k->head.kind, kind);
    assert_int_equal(k->distance, 0);
    assert_null(cairn_event_as_result(&k->head));
}

static void an_event_too_small_for_its_kind_is_refused(void **state)
{
    fixture *f = *state;
    assert_null(cairn_event_new_sized(f->w, CAIRN_EVENT_ENCLOSING, sizeof(cairn_event),
                                      CAIRN_ENTITY_NONE, (cairn_action){0, 0}));
    assert_int_equal(cairn_world_error_code(f->w), CAIRN_ERR_INVALID);
    assert_null(cairn_event_new_sized(f->w, 200, 2, CAIRN_ENTITY_NONE, (cairn_action){0, 0}));
    assert_null(
        cairn_event_new(f->w, (cairn_event_kind)99, CAIRN_ENTITY_NONE, (cairn_action){0, 0}));
}

static void an_absurdly_large_event_is_refused_not_wrapped_around(void **state)
{
    fixture *f = *state;
    assert_null(
        cairn_event_new_sized(f->w, 200, SIZE_MAX - 3, CAIRN_ENTITY_NONE, (cairn_action){0, 0}));
    assert_int_equal(cairn_world_error_code(f->w), CAIRN_ERR_LIMIT);
    cairn_event *a = test_event(f->w), *b = test_event(f->w);
    assert_ptr_not_equal(a, b);
}

typedef struct burst {
    int count;
    cairn_event *first;
} burst;

/* Creates many events each beat, as a busy beat would. */
static cairn_err make_events(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)ev;
    burst *b = ud;
    for (int i = 0; i < b->count; i++) {
        cairn_event *e =
            cairn_event_new(w, CAIRN_EVENT_ENCLOSING, CAIRN_ENTITY_NONE, (cairn_action){0, 0});
        if (!e)
            return CAIRN_ERR_NOMEM;
        if (i == 0)
            b->first = e;
    }
    return CAIRN_OK;
}

static void each_beat_reuses_the_arena_so_busy_beats_allocate_nothing(void **state)
{
    fixture *f = *state;
    burst b = {.count = 2000};
    assert_ok(f->w, cairn_chain_add(f->w, cairn_world_chain(f->w, CAIRN_CHAIN_BEAT_START),
                                    (cairn_handler){make_events, &b, CAIRN_RANK_MEDIUM}, NULL));
    assert_ok(f->w, cairn_world_step(f->w));
    cairn_event *first_of_beat_one = b.first;
    cairn_world_stats warm;
    cairn_world_get_stats(f->w, &warm);
    assert_true(warm.arena_bytes >= 2000 * sizeof(cairn_enclosing_event));
    for (int beat = 0; beat < 50; beat++) {
        assert_ok(f->w, cairn_world_step(f->w));
        assert_ptr_equal(b.first, first_of_beat_one); /* the arena started over */
    }
    cairn_world_stats after;
    cairn_world_get_stats(f->w, &after);
    assert_int_equal(after.allocations, warm.allocations);
    assert_int_equal(after.arena_bytes, warm.arena_bytes);
}

static cairn_err note_beat(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)w;
    uint64_t *seen = ud;
    seen[seen[0]++ + 1] = cairn_event_as_beat(ev)->beat;
    return CAIRN_OK;
}

static void beat_events_carry_the_number_of_the_beat(void **state)
{
    fixture *f = *state;
    uint64_t seen[5] = {0}; /* count, then the numbers seen */
    for (cairn_chain_id c = CAIRN_CHAIN_BEAT_START; c <= CAIRN_CHAIN_BEAT_END; c++)
        assert_ok(f->w, cairn_chain_add(f->w, cairn_world_chain(f->w, c),
                                        (cairn_handler){note_beat, seen, CAIRN_RANK_MEDIUM}, NULL));
    assert_int_equal(cairn_world_beat(f->w), 0);
    assert_ok(f->w, cairn_world_step(f->w));
    assert_ok(f->w, cairn_world_step(f->w));
    assert_int_equal(cairn_world_beat(f->w), 2);
    assert_int_equal(seen[0], 4);
    assert_int_equal(seen[1], 1); /* start of beat 1 */
    assert_int_equal(seen[2], 1); /* end of beat 1 */
    assert_int_equal(seen[3], 2);
    assert_int_equal(seen[4], 2);
}

static cairn_err step_inside(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)ev;
    *(cairn_err *)ud = cairn_world_step(w);
    return CAIRN_OK;
}

static void a_beat_cannot_start_inside_a_handler(void **state)
{
    fixture *f = *state;
    cairn_err inner = CAIRN_OK;
    assert_ok(f->w, cairn_chain_add(f->w, cairn_world_chain(f->w, CAIRN_CHAIN_BEAT_START),
                                    (cairn_handler){step_inside, &inner, CAIRN_RANK_MEDIUM}, NULL));
    assert_ok(f->w, cairn_world_step(f->w));
    assert_int_equal(inner, CAIRN_ERR_STATE);
    assert_int_equal(cairn_world_beat(f->w), 1);
    assert_ok(f->w, cairn_world_step(f->w)); /* and outside a handler it works again */
}

#define TEST(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        TEST(a_new_event_carries_its_actor_and_action_propagates_and_has_not_succeeded),
        TEST(an_action_nests_enclosing_algo_and_result_events),
        TEST(a_downcast_to_the_wrong_kind_gives_null),
        TEST(kinds_defined_outside_the_core_get_events_of_their_own_size),
        TEST(an_event_too_small_for_its_kind_is_refused),
        TEST(an_absurdly_large_event_is_refused_not_wrapped_around),
        TEST(each_beat_reuses_the_arena_so_busy_beats_allocate_nothing),
        TEST(beat_events_carry_the_number_of_the_beat),
        TEST(a_beat_cannot_start_inside_a_handler),
    };
    return cmocka_run_group_tests_name("event", tests, NULL, NULL);
}
