/*
 * test_world.c - the world as a whole: its memory accounting, a steady-state beat that
 * allocates nothing, and every allocation failure met with an error instead of a crash or
 * a leak.
 */
#include <string.h>

#include "support.h"

static cairn_err noop(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)w;
    (void)ev;
    (void)ud;
    return CAIRN_OK;
}

/* Builds a small world and runs it: every kind of call that allocates, in one script.
 * Stops at the first failure and returns it. */
static cairn_err script(cairn_world *w)
{
    cairn_err st;
    cairn_decorator_id hp;
    cairn_type_id skeleton, wall;
    cairn_chain_id hit, extra;
    cairn_chain *template;
    cairn_entity_id a, b, c;
    cairn_handler handler = {noop, NULL, CAIRN_RANK_MEDIUM};
    cairn_handler_id hooked;
    if ((st = cairn_decorator_register(w, "test.hp", 16, &hp)) ||
        (st = cairn_type_register(w, "base:skeleton", CAIRN_LAYER_REAL, &skeleton)) ||
        (st = cairn_type_register(w, "base:wall", CAIRN_LAYER_WALL, &wall)) ||
        (st = cairn_type_add_decorator(w, skeleton, hp)) ||
        (st = cairn_chain_register(w, "be_hit", &hit)) ||
        (st = cairn_chain_register(w, "be_pushed", &extra)) ||
        (st = cairn_type_chain(w, skeleton, hit, &template)) ||
        (st = cairn_chain_add(w, template, handler, NULL)) ||
        (st = cairn_chain_add(w, cairn_world_chain(w, CAIRN_CHAIN_BEAT_START), handler, NULL)) ||
        (st = cairn_entity_spawn(w, skeleton, (cairn_cell){1, 1}, &a)) ||
        (st = cairn_entity_spawn(w, skeleton, (cairn_cell){2, 1}, &b)) ||
        (st = cairn_entity_spawn(w, wall, (cairn_cell){2, 1}, &c)) ||
        (st = cairn_entity_hook(w, a, hit, handler, &hooked)) ||
        (st = cairn_entity_hook(w, a, extra, handler, NULL)) ||
        (st = cairn_chain_add(w, template, handler, NULL)) || (st = cairn_entity_kill(w, b)) ||
        (st = cairn_world_step(w)) || (st = cairn_entity_unhook(w, a, hit, hooked)))
        return st;
    cairn_event *ev = cairn_event_new(w, CAIRN_EVENT_RESULT, a, (cairn_action){0, 0});
    if (!ev)
        return cairn_world_error_code(w);
    return cairn_entity_pass(w, a, hit, ev);
}

static cairn_err stun_apply(cairn_world *w, cairn_entity_id id, cairn_status_id status, void *ud)
{
    (void)ud;
    return cairn_status_hook(w, id, status, CAIRN_CHAIN_ACT_CHECK,
                             (cairn_handler){noop, NULL, CAIRN_RANK_HIGH});
}

static cairn_err make_type(cairn_world *w, const char *name, const cairn_decorator_id *decos,
                           size_t count, cairn_type_id *out)
{
    cairn_err st = cairn_type_register(w, name, CAIRN_LAYER_REAL, out);
    for (size_t i = 0; st == CAIRN_OK && i < count; i++)
        st = cairn_type_add_decorator(w, *out, decos[i]);
    return st;
}

/* A fight: a player, two skeletons chasing it, a status hooking a handler, several beats.
 * Every allocation the action machinery makes happens somewhere in here. */
static cairn_err fight(cairn_world *w)
{
    static const cairn_decorator_id player_decos[] = {
        CAIRN_DECO_PLAYER_CONTROL, CAIRN_DECO_ATTACKING, CAIRN_DECO_ATTACKABLE,
        CAIRN_DECO_MOVING,         CAIRN_DECO_KILLABLE,  CAIRN_DECO_STATUSED};
    static const cairn_decorator_id skeleton_decos[] = {CAIRN_DECO_SEQUENTIAL, CAIRN_DECO_ATTACKING,
                                                        CAIRN_DECO_ATTACKABLE, CAIRN_DECO_MOVING,
                                                        CAIRN_DECO_KILLABLE,   CAIRN_DECO_STATUSED};
    const cairn_step chase = {.action = CAIRN_ACTION_ATTACK_MOVE, .movs = CAIRN_MOVS_BASIC};
    const cairn_status_def stun = {.name = "stun", .apply = stun_apply};
    cairn_sequence_id seq;
    cairn_status_id stunned;
    cairn_type_id player, skeleton;
    cairn_entity_id p, s;
    void *acting, *sequential;
    cairn_err st;
    if ((st = cairn_sequence_register(w, "chase", &chase, 1, &seq)) ||
        (st = cairn_status_define(w, &stun, &stunned)) ||
        (st = make_type(w, "player", player_decos, 6, &player)) ||
        (st = make_type(w, "skeleton", skeleton_decos, 6, &skeleton)) ||
        (st = cairn_type_defaults(w, skeleton, CAIRN_DECO_ACTING, &acting)) ||
        (st = cairn_type_defaults(w, skeleton, CAIRN_DECO_SEQUENTIAL, &sequential)))
        return st;
    ((cairn_acting *)acting)->algo = CAIRN_ALGO_GENERAL;
    ((cairn_sequential *)sequential)->sequence = seq;
    if ((st = cairn_entity_spawn(w, player, (cairn_cell){0, 0}, &p)) ||
        (st = cairn_entity_spawn(w, skeleton, (cairn_cell){3, 0}, &s)) ||
        (st = cairn_entity_spawn(w, skeleton, (cairn_cell){3, 1}, NULL)) ||
        (st = cairn_status_apply(w, s, stunned, 2)))
        return st;
    for (int beat = 0; beat < 4; beat++)
        if ((st =
                 cairn_player_input(w, p, (cairn_action){CAIRN_ACTION_ATTACK_MOVE, CAIRN_DIR_E})) ||
            (st = cairn_world_step(w)))
            return st;
    return CAIRN_OK;
}

/* Runs a script with the n-th allocation failing, for n = 0, 1, 2 ... until it succeeds:
 * each failure must be an out-of-memory error with a message, and leak nothing. */
static void sweep_allocation_failures(cairn_err (*run)(cairn_world *w))
{
    bool completed = false;
    long n;
    for (n = 0; !completed && n < 5000; n++) {
        test_alloc alloc = {.fail_after = n};
        cairn_world_config config = {
            .width = 4, .height = 4, .alloc = test_alloc_fn, .alloc_ud = &alloc};
        cairn_world *w;
        cairn_error err;
        cairn_err st = cairn_world_create(&config, &w, &err);
        if (st == CAIRN_OK) {
            st = run(w);
            if (st != CAIRN_OK)
                strcpy(err.message, cairn_world_error(w));
            cairn_world_destroy(w);
        }
        completed = st == CAIRN_OK;
        if (!completed) {
            assert_int_equal(st, CAIRN_ERR_NOMEM);
            assert_non_null(strstr(err.message, "out of memory"));
        }
        assert_int_equal(alloc.bytes, 0);
    }
    assert_true(completed); /* and it did succeed once memory sufficed */
    assert_true(n > 10);    /* the sweep really went through the failure points */
}

static void every_allocation_failure_is_an_error_with_a_message_and_leaks_nothing(void **state)
{
    (void)state;
    sweep_allocation_failures(script);
}

static void every_allocation_failure_in_a_fight_is_an_error_and_leaks_nothing(void **state)
{
    (void)state;
    sweep_allocation_failures(fight);
}

static void the_world_accounts_for_every_byte_it_holds(void **state)
{
    (void)state;
    test_alloc alloc;
    cairn_world *w = test_world(&alloc, 8, 8);
    assert_ok(w, script(w));
    cairn_world_stats stats;
    cairn_world_get_stats(w, &stats);
    assert_int_equal(stats.bytes_in_use, alloc.bytes);
    assert_int_equal(stats.allocations, alloc.allocations);
    assert_int_equal(stats.entities_alive, 2);
    cairn_world_destroy(w);
    assert_int_equal(alloc.bytes, 0);
}

static void a_steady_state_beat_allocates_nothing(void **state)
{
    (void)state;
    test_alloc alloc;
    cairn_world *w = test_world(&alloc, 8, 8);
    assert_ok(w, script(w));
    for (int i = 0; i < 3; i++)
        assert_ok(w, cairn_world_step(w));
    long before = alloc.allocations;
    for (int i = 0; i < 100; i++)
        assert_ok(w, cairn_world_step(w));
    assert_int_equal(alloc.allocations, before);
    cairn_world_destroy(w);
}

static void world_errors_start_empty_and_keep_the_last_failure(void **state)
{
    (void)state;
    test_alloc alloc;
    cairn_world *w = test_world(&alloc, 8, 8);
    assert_string_equal(cairn_world_error(w), "");
    assert_int_equal(cairn_world_error_code(w), CAIRN_OK);
    cairn_type_id t;
    assert_int_equal(cairn_type_find(w, "nope", &t), CAIRN_ERR_NOT_FOUND);
    assert_int_equal(cairn_world_error_code(w), CAIRN_ERR_NOT_FOUND);
    assert_string_equal(cairn_world_error(w), "no type is named \"nope\"");
    assert_int_equal(cairn_world_fail(w, CAIRN_ERR_HANDLER, "custom %d", 7), CAIRN_ERR_HANDLER);
    assert_string_equal(cairn_world_error(w), "custom 7");
    cairn_world_destroy(w);
}

/* A cairn_error is filled with the code and the formatted message, cut to its size; a NULL
 * one is left alone and the code still returned. */
static void an_error_is_set_with_its_message_cut_to_size(void **state)
{
    (void)state;
    cairn_error err = {0};
    assert_int_equal(cairn_error_set(&err, CAIRN_ERR_STATE, "cannot open %s: %d", "x", 3),
                     CAIRN_ERR_STATE);
    assert_int_equal(err.code, CAIRN_ERR_STATE);
    assert_string_equal(err.message, "cannot open x: 3");
    char long_text[CAIRN_ERROR_MESSAGE_SIZE * 2];
    memset(long_text, 'a', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    assert_int_equal(cairn_error_set(&err, CAIRN_ERR_LIMIT, "%s", long_text), CAIRN_ERR_LIMIT);
    assert_int_equal(strlen(err.message), CAIRN_ERROR_MESSAGE_SIZE - 1);
    assert_int_equal(cairn_error_set(NULL, CAIRN_ERR_NOMEM, "nowhere"), CAIRN_ERR_NOMEM);
}

static void every_status_has_a_name(void **state)
{
    (void)state;
    for (int s = 0; s < CAIRN_ERR_COUNT; s++) {
        assert_non_null(cairn_err_name((cairn_err)s));
        assert_string_not_equal(cairn_err_name((cairn_err)s), "unknown error code");
    }
    assert_string_equal(cairn_err_name(CAIRN_ERR_COUNT), "unknown error code");
    assert_string_equal(cairn_err_name(CAIRN_ERR_STALE), "stale entity");
}

static void the_version_is_the_projects(void **state)
{
    (void)state;
    assert_string_equal(cairn_version(), CAIRN_TEST_VERSION);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_allocation_failure_is_an_error_with_a_message_and_leaks_nothing),
        cmocka_unit_test(every_allocation_failure_in_a_fight_is_an_error_and_leaks_nothing),
        cmocka_unit_test(the_world_accounts_for_every_byte_it_holds),
        cmocka_unit_test(a_steady_state_beat_allocates_nothing),
        cmocka_unit_test(world_errors_start_empty_and_keep_the_last_failure),
        cmocka_unit_test(an_error_is_set_with_its_message_cut_to_size),
        cmocka_unit_test(every_status_has_a_name),
        cmocka_unit_test(the_version_is_the_projects),
    };
    return cmocka_run_group_tests_name("world", tests, NULL, NULL);
}
