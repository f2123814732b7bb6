/*
 * Sequences in the real beat loop: steps advance in the tick stage from what the entity
 * did, with repeat counts, success and failure transitions, decide callbacks and enter/exit
 * callbacks.
 */
#include <stdio.h>
#include <string.h>

#include "map.h"

/* Gives the skeleton at (x, y) a sequence of its own, facing as given. */
static cairn_entity_id script(test_map *m, int x, int y, cairn_dir facing, const cairn_step *steps,
                              size_t count)
{
    cairn_sequence_id seq;
    char name[32];
    snprintf(name, sizeof name, "test:script%d_%d", x, y);
    assert_ok(m->w, cairn_sequence_register(m->w, name, steps, count, &seq));
    cairn_entity_id id = map_real(m, x, y);
    ((cairn_sequential *)map_data(m, id, CAIRN_DECO_SEQUENTIAL))->sequence = seq;
    assert_ok(m->w, cairn_entity_set_facing(m->w, id, facing));
    return id;
}

static int step_of(test_map *m, cairn_entity_id id)
{
    return ((cairn_sequential *)map_data(m, id, CAIRN_DECO_SEQUENTIAL))->step;
}

static int x_of(test_map *m, cairn_entity_id id)
{
    return map_cell(m, id).x;
}

static void a_three_step_sequence_runs_through_its_steps_in_the_beat_loop(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s......@", NULL});
    const cairn_step steps[] = {
        {.action = CAIRN_ACTION_NONE},
        {.action = CAIRN_ACTION_MOVE, .movs = CAIRN_MOVS_BASIC},
        {.action = CAIRN_ACTION_ATTACK_MOVE, .movs = CAIRN_MOVS_BASIC},
    };
    cairn_entity_id s = script(&m, 0, 0, CAIRN_DIR_NONE, steps, 3);
    const int want_step[] = {1, 2, 0, 1, 2, 0};
    const int want_x[] = {0, 1, 2, 2, 3, 4};
    for (int beat = 0; beat < 6; beat++) {
        assert_ok(m.w, cairn_world_step(m.w));
        assert_int_equal(step_of(&m, s), want_step[beat]);
        assert_int_equal(x_of(&m, s), want_x[beat]);
        assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_STEP), 1);
    }
    map_close(&m);
}

static void a_failure_transition_sends_the_sequence_back(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"#s.", "#s#", NULL});
    const cairn_step steps[] = {
        {.action = CAIRN_ACTION_NONE},
        {.action = CAIRN_ACTION_MOVE, .movs = CAIRN_MOVS_STRAIGHT, .on_failure = 1},
        {.action = CAIRN_ACTION_NONE},
    };
    /* The top one walks east into room; the bottom one faces a wall. */
    cairn_entity_id free = script(&m, 1, 0, CAIRN_DIR_E, steps, 3);
    cairn_entity_id stuck = script(&m, 1, 1, CAIRN_DIR_E, steps, 3);
    const int want_free[] = {1, 2, 0, 1};
    const int want_stuck[] = {1, 0, 1, 0};
    for (int beat = 0; beat < 4; beat++) {
        assert_ok(m.w, cairn_world_step(m.w));
        assert_int_equal(step_of(&m, free), want_free[beat]);
        assert_int_equal(step_of(&m, stuck), want_stuck[beat]);
    }
    map_close(&m);
}

static void a_step_repeats_for_its_count_before_moving_on(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s.....", NULL});
    const cairn_step steps[] = {
        {.action = CAIRN_ACTION_MOVE, .movs = CAIRN_MOVS_STRAIGHT, .repeat = 3},
        {.action = CAIRN_ACTION_NONE, .repeat = 2},
    };
    cairn_entity_id s = script(&m, 0, 0, CAIRN_DIR_E, steps, 2);
    const int want_x[] = {1, 2, 3, 3, 3, 4};
    for (int beat = 0; beat < 6; beat++) {
        assert_ok(m.w, cairn_world_step(m.w));
        assert_int_equal(x_of(&m, s), want_x[beat]);
    }
    map_close(&m);
}

typedef struct callbacks_log {
    char text[128];
    int decided;
} callbacks_log;

static cairn_err note_enter(cairn_world *w, cairn_entity_id id, uint32_t step, void *ud)
{
    (void)w;
    (void)id;
    callbacks_log *log = ud;
    snprintf(log->text + strlen(log->text), sizeof log->text - strlen(log->text), "E%u", step);
    return CAIRN_OK;
}

static cairn_err note_exit(cairn_world *w, cairn_entity_id id, uint32_t step, void *ud)
{
    (void)w;
    (void)id;
    callbacks_log *log = ud;
    snprintf(log->text + strlen(log->text), sizeof log->text - strlen(log->text), "X%u", step);
    return CAIRN_OK;
}

/* Skips the middle step: from step 0 straight to step 2. */
static cairn_err skip_middle(cairn_world *w, cairn_entity_id id, cairn_step_outcome *o, void *ud)
{
    (void)w;
    (void)id;
    callbacks_log *log = ud;
    log->decided++;
    assert_int_equal(o->next, 1); /* what the rules chose */
    assert_true(o->success);
    o->next = 2;
    return CAIRN_OK;
}

static void decide_and_enter_exit_callbacks_steer_the_sequence(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s..", NULL});
    callbacks_log log = {0};
    const cairn_step steps[] = {
        {.action = CAIRN_ACTION_NONE,
         .decide = skip_middle,
         .enter = note_enter,
         .exit = note_exit,
         .ud = &log},
        {.action = CAIRN_ACTION_NONE, .enter = note_enter, .exit = note_exit, .ud = &log},
        {.action = CAIRN_ACTION_NONE, .enter = note_enter, .exit = note_exit, .ud = &log},
    };
    cairn_entity_id s = script(&m, 0, 0, CAIRN_DIR_NONE, steps, 3);
    for (int beat = 0; beat < 3; beat++)
        assert_ok(m.w, cairn_world_step(m.w));
    assert_int_equal(step_of(&m, s), 2);
    assert_int_equal(log.decided, 2);
    /* Enter 0 at the first compute; 0 -> 2 by decide; 2 -> 0 by wrapping; 0 -> 2 again. */
    assert_string_equal(log.text, "E0X0E2X2E0X0E2");
    map_close(&m);
}

/* Notes the beats done in the step, as decide sees them, and leaves the rules' choice. */
static cairn_err note_done(cairn_world *w, cairn_entity_id id, cairn_step_outcome *o, void *ud)
{
    (void)w;
    (void)id;
    callbacks_log *log = ud;
    snprintf(log->text + strlen(log->text), sizeof log->text - strlen(log->text), "d%u", o->done);
    return CAIRN_OK;
}

static void a_step_that_leads_back_to_itself_is_entered_once(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s..", NULL});
    callbacks_log log = {0};
    const cairn_step steps[] = {
        {.action = CAIRN_ACTION_NONE,
         .repeat = 2,
         .on_success = 1, /* itself */
         .decide = note_done,
         .enter = note_enter,
         .exit = note_exit,
         .ud = &log},
        {.action = CAIRN_ACTION_NONE, .enter = note_enter, .exit = note_exit, .ud = &log},
    };
    cairn_entity_id s = script(&m, 0, 0, CAIRN_DIR_NONE, steps, 2);
    for (int beat = 0; beat < 5; beat++)
        assert_ok(m.w, cairn_world_step(m.w));
    assert_int_equal(step_of(&m, s), 0);
    /* Entered at the first compute and never left: the repeat count starts again after each
     * second beat, without a change of step. */
    assert_string_equal(log.text, "E0d1d2d1d2d1");
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_STEP), 0);
    map_close(&m);
}

static void a_stunned_step_counts_as_a_failure(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s..", NULL});
    const cairn_step steps[] = {
        {.action = CAIRN_ACTION_MOVE, .movs = CAIRN_MOVS_STRAIGHT, .on_failure = 2},
        {.action = CAIRN_ACTION_NONE},
    };
    cairn_entity_id s = script(&m, 0, 0, CAIRN_DIR_E, steps, 2);
    trace t = {0};
    recorder stun = {.trace = &t, .tag = 'z', .stop = true};
    assert_ok(m.w, cairn_entity_hook(m.w, s, CAIRN_CHAIN_ACT_CHECK,
                                     recorder_handler(&stun, CAIRN_RANK_MEDIUM), NULL));
    assert_ok(m.w, cairn_world_step(m.w));
    assert_int_equal(x_of(&m, s), 0);
    assert_int_equal(step_of(&m, s), 1);
    map_close(&m);
}

static void a_sequence_with_a_bad_target_or_no_steps_is_refused(void **state)
{
    (void)state;
    test_alloc alloc;
    cairn_world *w = test_world(&alloc, 2, 2);
    const cairn_step bad[] = {{.action = CAIRN_ACTION_NONE, .on_success = 3},
                              {.action = CAIRN_ACTION_NONE}};
    assert_int_equal(cairn_sequence_register(w, "test:bad", bad, 2, NULL), CAIRN_ERR_INVALID);
    assert_non_null(strstr(cairn_world_error(w), "step 1: success goes to step 3"));
    assert_int_equal(cairn_sequence_register(w, "test:empty", bad, 0, NULL), CAIRN_ERR_INVALID);
    const cairn_step unknown = {.action = 999};
    assert_int_equal(cairn_sequence_register(w, "test:unknown", &unknown, 1, NULL),
                     CAIRN_ERR_NOT_FOUND);
    assert_int_equal(cairn_sequence_find(w, "test:bad", NULL), CAIRN_ERR_NOT_FOUND);
    test_world_close(w, &alloc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_three_step_sequence_runs_through_its_steps_in_the_beat_loop),
        cmocka_unit_test(a_failure_transition_sends_the_sequence_back),
        cmocka_unit_test(a_step_repeats_for_its_count_before_moving_on),
        cmocka_unit_test(decide_and_enter_exit_callbacks_steer_the_sequence),
        cmocka_unit_test(a_step_that_leads_back_to_itself_is_entered_once),
        cmocka_unit_test(a_stunned_step_counts_as_a_failure),
        cmocka_unit_test(a_sequence_with_a_bad_target_or_no_steps_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
