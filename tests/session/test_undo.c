/*
 * test_undo.c - undo and previews on a whole game: undo after N beats is the game after N - 1
 * (whether N - 1 is a checkpoint or not, across floors, after the game ended), and looking at
 * the game - the front end's view, which previews the next beat for the enemies' intents -
 * leaves it as it was.
 */
#include <string.h>

#include "cairn/save.h"
#include "session.h"

/* The checksum after each beat of one game, seed 1: sums[n] after n beats. */
#define BEATS 130
static char sums[BEATS + 1][17];

static int setup(void **state)
{
    (void)state;
    cairn_lua *h = session_start(NULL, 1);
    session_checksum(h, sums[0]);
    for (int n = 1; n <= BEATS; n++) {
        session_play(h, 1);
        session_checksum(h, sums[n]);
    }
    cairn_lua_destroy(h);
    return 0;
}

static void undo(cairn_lua *h)
{
    if (cairn_session_undo(h))
        fail_msg("undo: %s", cairn_lua_error(h));
}

static void undo_after_n_beats_is_the_game_after_n_minus_1(void **state)
{
    (void)state;
    /* around checkpoints (every 20 beats) and past the first floors */
    static const int ns[] = {1, 2, 19, 20, 21, 22, 41, 77, 100, 130};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        int n = ns[i];
        cairn_lua *h = session_start(NULL, 1);
        session_play(h, n);
        assert_int_equal(session_beat(h), n);
        undo(h);
        char now[17];
        session_checksum(h, now);
        if (strcmp(now, sums[n - 1]))
            fail_msg("undo after %d beats came to %s, not %s", n, now, sums[n - 1]);
        assert_int_equal(session_beat(h), n - 1);
        cairn_lua_destroy(h);
    }
}

static void undo_goes_back_beat_by_beat(void **state)
{
    (void)state;
    cairn_lua *h = session_start(NULL, 1);
    session_play(h, 23);
    for (int n = 22; n >= 0; n--) {
        undo(h);
        char now[17];
        session_checksum(h, now);
        assert_string_equal(now, sums[n]);
    }
    assert_int_equal(cairn_session_undo(h), CAIRN_ERR_STATE);
    assert_non_null(strstr(cairn_lua_error(h), "nothing to undo"));
    cairn_lua_destroy(h);
}

/* Undo reaches as far back as the oldest checkpoint kept (ten, one every 20 beats): past it
 * it is refused, and the refusal leaves the game as it was - its checkpoints too, so that the
 * next beat can be undone and the game saved. */
static void a_refused_undo_leaves_the_checkpoints(void **state)
{
    (void)state;
    char path[256], before[17], now[17];
    session_temp("refused_undo.sqlite", path);
    cairn_lua *h = session_start(NULL, 1);
    session_play(h, 220); /* checkpoints of beats 40 to 220 */
    while (cairn_session_undo(h) == CAIRN_OK)
        ;
    assert_non_null(strstr(cairn_lua_error(h), "undo reaches no further back"));
    assert_int_equal(session_beat(h), 40);
    session_checksum(h, before);
    assert_string_equal(before, sums[40]);
    session_play(h, 1);
    undo(h);
    session_checksum(h, now);
    assert_string_equal(now, before);
    cairn_error err;
    if (cairn_save_write(h, path, &err))
        fail_msg("the save after a refused undo: %s", err.message);
    cairn_lua_destroy(h);
    h = session_host(NULL);
    if (cairn_save_read(h, path, &err))
        fail_msg("the save after a refused undo does not resume: %s", err.message);
    cairn_lua_destroy(h);
}

static void undo_takes_back_the_end_of_a_game(void **state)
{
    (void)state;
    cairn_lua *h = session_start(NULL, 1);
    session_play(h, 1000);
    cairn_view view;
    assert_int_equal(cairn_session_view(h, &view), CAIRN_OK);
    assert_non_null(view.ended);
    assert_string_equal(view.ended, "won");
    undo(h);
    assert_int_equal(cairn_session_view(h, &view), CAIRN_OK);
    assert_null(view.ended);
    cairn_session_end ended;
    assert_int_equal(cairn_session_bot(h, "explorer"), CAIRN_OK);
    assert_int_equal(cairn_session_step(h, &ended), CAIRN_OK);
    assert_int_equal(ended, CAIRN_SESSION_WON);
    cairn_lua_destroy(h);
}

static void the_view_and_its_preview_leave_the_game_as_it_was(void **state)
{
    (void)state;
    cairn_lua *h = session_start(NULL, 5);
    bool moves = false, strikes = false;
    /* The whole game of a seed where a monster comes next to the player (with cards the
     * explorer strikes most from afar: on seeds 1 to 3 none does). */
    for (int n = 0; n < 1000; n++) {
        char before[17], after[17];
        session_checksum(h, before);
        cairn_view view;
        assert_int_equal(cairn_session_view(h, &view), CAIRN_OK);
        session_checksum(h, after);
        if (strcmp(before, after))
            fail_msg("viewing the game at beat %d changed it", n);
        for (int y = 0; y < view.height; y++) {
            moves |= strchr(view.marks[y], 'm') != NULL;
            strikes |= strchr(view.marks[y], 'a') != NULL;
        }
        if (view.ended)
            break;
        session_play(h, 1);
    }
    assert_true(moves);   /* some enemy was seen coming */
    assert_true(strikes); /* and some about to strike */
    cairn_lua_destroy(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(undo_after_n_beats_is_the_game_after_n_minus_1),
        cmocka_unit_test(undo_goes_back_beat_by_beat),
        cmocka_unit_test(a_refused_undo_leaves_the_checkpoints),
        cmocka_unit_test(undo_takes_back_the_end_of_a_game),
        cmocka_unit_test(the_view_and_its_preview_leave_the_game_as_it_was),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
