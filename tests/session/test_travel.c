/*
 * test_travel.c - journeys through the session's C API, as a front end drives them: the way
 * to a cell drawn while a travel is aimed, travel played a beat a step with the rest of its
 * schedule to draw, each step logged as a move (undo takes one back, the replay verifies),
 * and auto-explore stopping by itself. The game is the base game's dungeon, seed 7: the
 * player starts in a small room with a potion in it.
 */
#include <string.h>

#include "session.h"

static void ok(cairn_lua *h, cairn_err st)
{
    if (st)
        fail_msg("%s", cairn_lua_error(h));
}

/* Plays the journey begun to its end; returns its beats, and why it stopped in why. */
static int journey(cairn_lua *h, char *why, size_t size)
{
    int beats = 0;
    cairn_travel_step step;
    size_t left = SIZE_MAX;
    for (;;) {
        ok(h, cairn_session_travel_step(h, &step));
        if (!step.going)
            break;
        beats++;
        /* The trail ahead shrinks a cell a step. */
        assert_true(step.cell_count < left);
        left = step.cell_count;
    }
    snprintf(why, size, "%s", step.why);
    return beats + 1;
}

/* The game so far, recorded and replayed on a host of its own: every beat comes to what its
 * line recorded. */
static void replay_verifies(cairn_lua *h)
{
    const char *text;
    ok(h, cairn_session_record(h, &text));
    cairn_lua *again = session_host(NULL);
    uint64_t beats;
    ok(again, cairn_session_replay_start(again, text, &beats));
    assert_int_equal(beats, session_beat(h));
    bool done = beats == 0;
    while (!done)
        ok(again, cairn_session_replay_step(again, &done));
    const char *incomplete;
    ok(again, cairn_session_replay_finish(again, &incomplete));
    char sum[17], again_sum[17];
    session_checksum(h, sum);
    session_checksum(again, again_sum);
    assert_string_equal(again_sum, sum);
    cairn_lua_destroy(again);
}

static void the_way_is_drawn_then_walked_a_beat_a_step(void **state)
{
    (void)state;
    cairn_lua *h = session_start(NULL, 7);
    cairn_travel_way way;
    ok(h, cairn_session_travel_way(h, -1, -1, &way));
    assert_int_equal(way.cell_count, 0);
    int32_t x = way.x, y = way.y;
    /* Three cells west and one south, in the room: a way of three steps, ending there. */
    ok(h, cairn_session_travel_way(h, x - 3, y + 1, &way));
    assert_int_equal(way.cell_count, 3);
    assert_int_equal(way.cells[4], x - 3);
    assert_int_equal(way.cells[5], y + 1);
    assert_string_equal(way.why, "");
    assert_int_equal(session_beat(h), 0);
    ok(h, cairn_session_travel(h, x - 3, y + 1));
    char why[128];
    assert_int_equal(journey(h, why, sizeof why), 3);
    assert_string_equal(why, "you are there");
    assert_int_equal(session_beat(h), 3);
    ok(h, cairn_session_travel_way(h, -1, -1, &way));
    assert_int_equal(way.x, x - 3);
    assert_int_equal(way.y, y + 1);
    /* Each step is a move of its own in the log. */
    ok(h, cairn_session_undo(h));
    assert_int_equal(session_beat(h), 2);
    const char *text;
    ok(h, cairn_session_record(h, &text));
    assert_non_null(strstr(text, "\nbeat 2 move "));
    replay_verifies(h);
    cairn_lua_destroy(h);
}

static void a_cell_with_no_known_way_is_refused(void **state)
{
    (void)state;
    cairn_lua *h = session_start(NULL, 7);
    cairn_travel_way way;
    ok(h, cairn_session_travel_way(h, 0, 0, &way));
    assert_int_equal(way.cell_count, 0);
    assert_string_equal(way.why, "you know no way there");
    assert_int_equal(cairn_session_travel(h, 0, 0), CAIRN_ERR_STATE);
    assert_string_equal(cairn_lua_error(h), "you know no way there");
    /* Nothing under way: a step plays nothing. */
    cairn_travel_step step;
    ok(h, cairn_session_travel_step(h, &step));
    assert_false(step.going);
    assert_int_equal(session_beat(h), 0);
    cairn_lua_destroy(h);
}

static void exploring_stops_by_itself_and_a_stop_plays_nothing(void **state)
{
    (void)state;
    cairn_lua *h = session_start(NULL, 7);
    ok(h, cairn_session_explore(h));
    char why[128];
    journey(h, why, sizeof why);
    assert_string_equal(why, "there is something here");
    uint64_t beat = session_beat(h);
    assert_true(beat > 0);
    replay_verifies(h);
    ok(h, cairn_session_explore(h));
    ok(h, cairn_session_travel_stop(h));
    cairn_travel_step step;
    ok(h, cairn_session_travel_step(h, &step));
    assert_false(step.going);
    assert_int_equal(session_beat(h), beat);
    cairn_lua_destroy(h);
}

static void the_places_are_the_potion_and_the_pickaxe_the_nearer_first(void **state)
{
    (void)state;
    cairn_lua *h = session_start(NULL, 7);
    const int32_t *cells;
    size_t n;
    ok(h, cairn_session_travel_places(h, &cells, &n));
    /* The room's potion, then its pickaxe, the nearer first. */
    assert_int_equal(n, 2);
    const char *text;
    ok(h, cairn_session_describe(h, cells[0], cells[1], &text));
    assert_non_null(strstr(text, "healing potion"));
    ok(h, cairn_session_describe(h, cells[2], cells[3], &text));
    assert_non_null(strstr(text, "pickaxe"));
    cairn_lua_destroy(h);
}

static void exploring_picks_up_what_the_rule_names(void **state)
{
    (void)state;
    cairn_lua *h = session_start(NULL, 7);
    const int32_t *cells;
    size_t n;
    ok(h, cairn_session_travel_places(h, &cells, &n));
    int32_t x = cells[0], y = cells[1]; /* the potion */
    const char *text;

    /* With potions in the rule, exploring picks it up, a beat of its own, and walks on. */
    ok(h, cairn_session_set_pickup(h, "!"));
    ok(h, cairn_session_explore(h));
    cairn_travel_step step;
    do
        ok(h, cairn_session_travel_step(h, &step));
    while (step.going);
    ok(h, cairn_session_describe(h, x, y, &text));
    assert_null(strstr(text, "potion"));
    ok(h, cairn_session_record(h, &text));
    assert_non_null(strstr(text, " !base:pick_up -"));
    replay_verifies(h);
    cairn_lua_destroy(h);

    /* With none (the default), it stops on the potion. */

    h = session_start(NULL, 7);
    ok(h, cairn_session_explore(h));
    do
        ok(h, cairn_session_travel_step(h, &step));
    while (step.going);
    assert_string_equal(step.why, "there is something here");
    ok(h, cairn_session_describe(h, x, y, &text));
    assert_non_null(strstr(text, "potion"));
    cairn_lua_destroy(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_way_is_drawn_then_walked_a_beat_a_step),
        cmocka_unit_test(a_cell_with_no_known_way_is_refused),
        cmocka_unit_test(exploring_stops_by_itself_and_a_stop_plays_nothing),
        cmocka_unit_test(the_places_are_the_potion_and_the_pickaxe_the_nearer_first),
        cmocka_unit_test(exploring_picks_up_what_the_rule_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
