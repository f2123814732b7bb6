/*
 * test_chain.c - handler chains: order, the two kinds of pass, changes during a pass,
 * handler failures, and passes that allocate nothing.
 */
#include <string.h>

#include "support.h"

typedef struct fixture {
    test_alloc alloc;
    cairn_world *w;
    cairn_chain *chain;
    trace trace;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    f->w = test_world(&f->alloc, 8, 8);
    cairn_chain_id name;
    assert_ok(f->w, cairn_chain_register(f->w, "test.chain", &name));
    f->chain = cairn_world_chain(f->w, name);
    assert_non_null(f->chain);
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

static const char *run(fixture *f, bool all)
{
    f->trace.len = 0;
    f->trace.log[0] = '\0';
    cairn_event *ev = test_event(f->w);
    assert_ok(f->w, all ? cairn_chain_pass_all(f->w, f->chain, ev)
                        : cairn_chain_pass(f->w, f->chain, ev));
    return f->trace.log;
}

static void add(fixture *f, recorder *r, cairn_rank rank, cairn_handler_id *id)
{
    r->trace = &f->trace;
    assert_ok(f->w, cairn_chain_add(f->w, f->chain, recorder_handler(r, rank), id));
}

static void handlers_run_highest_rank_first_whatever_order_they_were_added(void **state)
{
    fixture *f = *state;
    recorder lo = {.tag = 'e'}, hi = {.tag = 'a'}, med = {.tag = 'c'}, low = {.tag = 'd'},
             high = {.tag = 'b'};
    add(f, &lo, CAIRN_RANK_LOWEST, NULL);
    add(f, &med, CAIRN_RANK_MEDIUM, NULL);
    add(f, &hi, CAIRN_RANK_HIGHEST, NULL);
    add(f, &low, CAIRN_RANK_LOW, NULL);
    add(f, &high, CAIRN_RANK_HIGH, NULL);
    assert_string_equal(run(f, false), "abcde");
}

static void handlers_of_one_rank_run_in_the_order_they_were_added(void **state)
{
    fixture *f = *state;
    recorder r[5] = {{.tag = '1'}, {.tag = '2'}, {.tag = '3'}, {.tag = '4'}, {.tag = '5'}};
    add(f, &r[0], CAIRN_RANK_MEDIUM, NULL);
    add(f, &r[1], CAIRN_RANK_HIGH, NULL);
    add(f, &r[2], CAIRN_RANK_MEDIUM, NULL);
    add(f, &r[3], CAIRN_RANK_HIGH, NULL);
    add(f, &r[4], CAIRN_RANK_MEDIUM, NULL);
    assert_string_equal(run(f, false), "24135");
}

static void pass_stops_at_the_handler_that_clears_propagate(void **state)
{
    fixture *f = *state;
    recorder a = {.tag = 'a'}, b = {.tag = 'b', .stop = true}, c = {.tag = 'c'};
    add(f, &a, CAIRN_RANK_MEDIUM, NULL);
    add(f, &b, CAIRN_RANK_MEDIUM, NULL);
    add(f, &c, CAIRN_RANK_MEDIUM, NULL);
    cairn_event *ev = test_event(f->w);
    assert_ok(f->w, cairn_chain_pass(f->w, f->chain, ev));
    assert_string_equal(f->trace.log, "ab");
    assert_false(ev->propagate); /* the caller can tell the pass was vetoed */
}

static void pass_all_runs_every_handler_even_after_propagate_is_cleared(void **state)
{
    fixture *f = *state;
    recorder a = {.tag = 'a'}, b = {.tag = 'b', .stop = true}, c = {.tag = 'c'};
    add(f, &a, CAIRN_RANK_MEDIUM, NULL);
    add(f, &b, CAIRN_RANK_MEDIUM, NULL);
    add(f, &c, CAIRN_RANK_MEDIUM, NULL);
    assert_string_equal(run(f, true), "abc");
}

static void a_pass_that_runs_through_leaves_propagate_set(void **state)
{
    fixture *f = *state;
    recorder a = {.tag = 'a'};
    add(f, &a, CAIRN_RANK_MEDIUM, NULL);
    cairn_event *ev = test_event(f->w);
    assert_ok(f->w, cairn_chain_pass(f->w, f->chain, ev));
    assert_true(ev->propagate);
}

static void remove_self(cairn_world *w, recorder *self)
{
    assert_ok(w, cairn_chain_remove(w, self->chain, self->other));
}

static void a_handler_removing_itself_mid_pass_runs_out_this_pass_and_is_gone_next(void **state)
{
    fixture *f = *state;
    recorder a = {.tag = 'a'}, b = {.tag = 'b', .then = remove_self, .chain = f->chain},
             c = {.tag = 'c'};
    add(f, &a, CAIRN_RANK_MEDIUM, NULL);
    add(f, &b, CAIRN_RANK_MEDIUM, &b.other);
    add(f, &c, CAIRN_RANK_MEDIUM, NULL);
    assert_string_equal(run(f, false), "abc");
    assert_string_equal(run(f, false), "ac");
    assert_int_equal(cairn_chain_count(f->chain), 2);
}

/* Whoever removed a handler may free its ud at once: a removed handler is never called
 * again, not even by the pass that was running when it was removed. */
static void a_handler_removed_by_an_earlier_one_mid_pass_is_not_called(void **state)
{
    fixture *f = *state;
    recorder a = {.tag = 'a', .then = remove_self, .chain = f->chain}, b = {.tag = 'b'},
             c = {.tag = 'c'};
    add(f, &a, CAIRN_RANK_HIGH, NULL);
    add(f, &b, CAIRN_RANK_MEDIUM, &a.other); /* a removes b */
    add(f, &c, CAIRN_RANK_LOW, NULL);
    assert_string_equal(run(f, false), "ac");
    a.then = NULL;
    assert_string_equal(run(f, false), "ac");
}

/* A removes b, then adds z: the add copies the list the pass holds, so the removal must
 * reach the list the pass runs over, not only the chain's new one. */
static void remove_then_add(cairn_world *w, recorder *self)
{
    assert_ok(w, cairn_chain_remove(w, self->chain, self->other));
    assert_ok(w, cairn_chain_add(w, self->chain, self->added, NULL));
    self->then = NULL; /* once */
}

static void a_removal_after_an_add_mid_pass_still_reaches_the_running_pass(void **state)
{
    fixture *f = *state;
    recorder late = {.tag = 'z', .trace = &f->trace};
    recorder a = {.tag = 'a',
                  .then = remove_then_add,
                  .chain = f->chain,
                  .added = recorder_handler(&late, CAIRN_RANK_LOWEST)};
    recorder b = {.tag = 'b'}, c = {.tag = 'c'};
    add(f, &a, CAIRN_RANK_HIGHEST, NULL);
    add(f, &b, CAIRN_RANK_MEDIUM, &a.other);
    add(f, &c, CAIRN_RANK_LOW, NULL);
    assert_string_equal(run(f, false), "ac");
    assert_string_equal(run(f, false), "acz");
}

/* Removal while two passes hold two different lists of the chain (an add in between made
 * the second): neither pass calls the removed handler. */
static void nest_add_remove(cairn_world *w, recorder *self)
{
    if (self->other++ == 0) {
        assert_ok(w, cairn_chain_add(w, self->chain, self->added, NULL));
        assert_ok(w, cairn_chain_pass(w, self->chain, test_event(w)));
    } else if (self->other == 2) {
        assert_ok(w, cairn_chain_remove(w, self->chain, self->victim));
    }
}

static void a_removal_reaches_every_list_a_nested_pass_holds(void **state)
{
    fixture *f = *state;
    recorder late = {.tag = 'z', .trace = &f->trace};
    recorder a = {.tag = 'a',
                  .then = nest_add_remove,
                  .chain = f->chain,
                  .added = recorder_handler(&late, CAIRN_RANK_HIGHEST)};
    recorder b = {.tag = 'b'};
    add(f, &a, CAIRN_RANK_HIGHEST, NULL);
    add(f, &b, CAIRN_RANK_MEDIUM, &a.victim);
    /* outer a (adds z, nests), inner a (removes b), inner z; b is gone for both passes */
    assert_string_equal(run(f, false), "aaz");
    assert_int_equal(cairn_chain_count(f->chain), 2);
}

static void remove_both(cairn_world *w, recorder *self)
{
    assert_ok(w, cairn_chain_remove(w, self->chain, self->other));
    assert_ok(w, cairn_chain_remove(w, self->chain, self->victim));
}

static void removing_every_handler_mid_pass_ends_the_pass_quietly(void **state)
{
    fixture *f = *state;
    recorder a = {.tag = 'a', .then = remove_both, .chain = f->chain}, b = {.tag = 'b'};
    add(f, &a, CAIRN_RANK_MEDIUM, &a.other);  /* a removes itself */
    add(f, &b, CAIRN_RANK_MEDIUM, &a.victim); /* and b */
    assert_string_equal(run(f, false), "a");
    assert_int_equal(cairn_chain_count(f->chain), 0);
    assert_string_equal(run(f, false), "");
}

static void a_handler_removing_an_earlier_one_mid_pass_does_not_skip_the_next(void **state)
{
    fixture *f = *state;
    recorder a = {.tag = 'a'}, b = {.tag = 'b', .then = remove_self, .chain = f->chain},
             c = {.tag = 'c'}, d = {.tag = 'd'};
    add(f, &a, CAIRN_RANK_MEDIUM, &b.other); /* b removes a */
    add(f, &b, CAIRN_RANK_MEDIUM, NULL);
    add(f, &c, CAIRN_RANK_MEDIUM, NULL);
    add(f, &d, CAIRN_RANK_MEDIUM, NULL);
    assert_string_equal(run(f, false), "abcd");
    b.then = NULL;
    assert_string_equal(run(f, false), "bcd");
}

static void add_other(cairn_world *w, recorder *self)
{
    assert_ok(w, cairn_chain_add(w, self->chain, self->added, NULL));
    self->then = NULL; /* once */
}

static void a_handler_added_mid_pass_runs_from_the_next_pass(void **state)
{
    fixture *f = *state;
    recorder late = {.tag = 'z', .trace = &f->trace};
    recorder a = {.tag = 'a',
                  .then = add_other,
                  .chain = f->chain,
                  .added = recorder_handler(&late, CAIRN_RANK_LOWEST)};
    recorder b = {.tag = 'b'};
    add(f, &a, CAIRN_RANK_HIGHEST, NULL);
    add(f, &b, CAIRN_RANK_MEDIUM, NULL);
    assert_string_equal(run(f, false), "ab");
    assert_string_equal(run(f, false), "abz");
}

/* A nested pass of the same chain, started after a change, sees the change; the outer pass
 * still runs over the handlers it started with. */
static void pass_again(cairn_world *w, recorder *self)
{
    if (self->other++ == 0) {
        assert_ok(w, cairn_chain_add(w, self->chain, self->added, NULL));
        assert_ok(w, cairn_chain_pass(w, self->chain, test_event(w)));
    }
}

static void a_nested_pass_started_after_a_change_sees_it_and_the_outer_pass_does_not(void **state)
{
    fixture *f = *state;
    recorder late = {.tag = 'z', .trace = &f->trace};
    recorder a = {.tag = 'a',
                  .then = pass_again,
                  .chain = f->chain,
                  .added = recorder_handler(&late, CAIRN_RANK_LOWEST)};
    recorder b = {.tag = 'b'};
    add(f, &a, CAIRN_RANK_HIGHEST, NULL);
    add(f, &b, CAIRN_RANK_MEDIUM, NULL);
    /* outer a, inner a b z, outer b (no z: it was added after the outer pass began) */
    assert_string_equal(run(f, false), "aabzb");
}

static void a_failing_handler_stops_the_pass_and_its_status_and_message_come_back(void **state)
{
    fixture *f = *state;
    recorder a = {.tag = 'a', .fail = CAIRN_ERR_HANDLER}, b = {.tag = 'b'};
    add(f, &a, CAIRN_RANK_MEDIUM, NULL);
    add(f, &b, CAIRN_RANK_MEDIUM, NULL);
    cairn_event *ev = test_event(f->w);
    assert_int_equal(cairn_chain_pass_all(f->w, f->chain, ev), CAIRN_ERR_HANDLER);
    assert_string_equal(f->trace.log, "a");
    assert_string_equal(cairn_world_error(f->w), "handler a failed");
}

static void removing_a_handler_the_chain_lacks_is_not_found(void **state)
{
    fixture *f = *state;
    assert_int_equal(cairn_chain_remove(f->w, f->chain, 12345), CAIRN_ERR_NOT_FOUND);
    assert_non_null(strstr(cairn_world_error(f->w), "12345"));
}

static void a_bad_rank_or_missing_function_is_refused(void **state)
{
    fixture *f = *state;
    recorder a = {.tag = 'a', .trace = &f->trace};
    assert_int_equal(cairn_chain_add(f->w, f->chain, (cairn_handler){record, &a, 9}, NULL),
                     CAIRN_ERR_INVALID);
    assert_int_equal(
        cairn_chain_add(f->w, f->chain, (cairn_handler){NULL, &a, CAIRN_RANK_MEDIUM}, NULL),
        CAIRN_ERR_INVALID);
    assert_int_equal(cairn_chain_count(f->chain), 0);
}

static void passing_an_empty_or_null_chain_does_nothing(void **state)
{
    fixture *f = *state;
    cairn_event *ev = test_event(f->w);
    assert_ok(f->w, cairn_chain_pass(f->w, NULL, ev));
    assert_ok(f->w, cairn_chain_pass(f->w, f->chain, ev));
    assert_true(ev->propagate);
}

static cairn_err count_calls(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)w;
    (void)ev;
    ++*(long *)ud;
    return CAIRN_OK;
}

static void a_thousand_passes_allocate_nothing(void **state)
{
    fixture *f = *state;
    long calls = 0;
    for (int i = 0; i < 20; i++)
        assert_ok(f->w,
                  cairn_chain_add(f->w, f->chain,
                                  (cairn_handler){count_calls, &calls, (cairn_rank)(i % 5)}, NULL));
    cairn_event *ev = test_event(f->w);
    long before = f->alloc.allocations;
    for (int i = 0; i < 1000; i++) {
        assert_ok(f->w, cairn_chain_pass(f->w, f->chain, ev));
        assert_ok(f->w, cairn_chain_pass_all(f->w, f->chain, ev));
    }
    assert_int_equal(f->alloc.allocations, before);
    assert_int_equal(calls, 2000 * 20);
}

static void handler_ids_are_given_in_order_and_never_repeat(void **state)
{
    fixture *f = *state;
    recorder a = {.tag = 'a'};
    cairn_handler_id first, second, third;
    add(f, &a, CAIRN_RANK_MEDIUM, &first);
    add(f, &a, CAIRN_RANK_MEDIUM, &second);
    assert_ok(f->w, cairn_chain_remove(f->w, f->chain, second));
    add(f, &a, CAIRN_RANK_MEDIUM, &third);
    assert_true(first < second);
    assert_true(second < third);
}

static void world_chains_see_every_beat_start_and_end(void **state)
{
    fixture *f = *state;
    recorder start = {.tag = 's'}, end = {.tag = 'e'};
    start.trace = end.trace = &f->trace;
    assert_ok(f->w, cairn_chain_add(f->w, cairn_world_chain(f->w, CAIRN_CHAIN_BEAT_START),
                                    recorder_handler(&start, CAIRN_RANK_MEDIUM), NULL));
    assert_ok(f->w, cairn_chain_add(f->w, cairn_world_chain(f->w, CAIRN_CHAIN_BEAT_END),
                                    recorder_handler(&end, CAIRN_RANK_MEDIUM), NULL));
    for (int i = 0; i < 3; i++)
        assert_ok(f->w, cairn_world_step(f->w));
    assert_string_equal(f->trace.log, "sesese");
    assert_int_equal(cairn_world_beat(f->w), 3);
}

static void chain_names_get_ids_in_registration_order_after_the_built_in_ones(void **state)
{
    fixture *f = *state;
    cairn_chain_id a, b, again, found;
    assert_ok(f->w, cairn_chain_register(f->w, "z.last", &a));
    assert_ok(f->w, cairn_chain_register(f->w, "a.first", &b));
    assert_ok(f->w, cairn_chain_register(f->w, "z.last", &again));
    assert_int_equal(a, CAIRN_CHAIN_BUILTIN_COUNT + 1); /* after "test.chain" of the fixture */
    assert_int_equal(b, a + 1);
    assert_int_equal(again, a);
    assert_ok(f->w, cairn_chain_find(f->w, "beat_end", &found));
    assert_int_equal(found, CAIRN_CHAIN_BEAT_END);
    assert_string_equal(cairn_chain_name(f->w, b), "a.first");
    assert_int_equal(cairn_chain_find(f->w, "nope", &found), CAIRN_ERR_NOT_FOUND);
    assert_int_equal(cairn_chain_register(f->w, "has space", &found), CAIRN_ERR_INVALID);
}

#define TEST(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        TEST(handlers_run_highest_rank_first_whatever_order_they_were_added),
        TEST(handlers_of_one_rank_run_in_the_order_they_were_added),
        TEST(pass_stops_at_the_handler_that_clears_propagate),
        TEST(pass_all_runs_every_handler_even_after_propagate_is_cleared),
        TEST(a_pass_that_runs_through_leaves_propagate_set),
        TEST(a_handler_removing_itself_mid_pass_runs_out_this_pass_and_is_gone_next),
        TEST(a_handler_removed_by_an_earlier_one_mid_pass_is_not_called),
        TEST(a_removal_after_an_add_mid_pass_still_reaches_the_running_pass),
        TEST(a_removal_reaches_every_list_a_nested_pass_holds),
        TEST(removing_every_handler_mid_pass_ends_the_pass_quietly),
        TEST(a_handler_removing_an_earlier_one_mid_pass_does_not_skip_the_next),
        TEST(a_handler_added_mid_pass_runs_from_the_next_pass),
        TEST(a_nested_pass_started_after_a_change_sees_it_and_the_outer_pass_does_not),
        TEST(a_failing_handler_stops_the_pass_and_its_status_and_message_come_back),
        TEST(removing_a_handler_the_chain_lacks_is_not_found),
        TEST(a_bad_rank_or_missing_function_is_refused),
        TEST(passing_an_empty_or_null_chain_does_nothing),
        TEST(a_thousand_passes_allocate_nothing),
        TEST(handler_ids_are_given_in_order_and_never_repeat),
        TEST(world_chains_see_every_beat_start_and_end),
        TEST(chain_names_get_ids_in_registration_order_after_the_built_in_ones),
    };
    return cmocka_run_group_tests_name("chain", tests, NULL, NULL);
}
