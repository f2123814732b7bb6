/*
 * test_seats.c - a game of two seats through the session's C API, as a front end or a server
 * drives it: each seat gives its own input and commits its own choice, the game waits for
 * each in turn, a bot plays a seat, the view says whose it is, and a save keeps what each
 * seat gave. The game is the base dungeon with the example duo's two heroes.
 */
#include <stdlib.h>
#include <string.h>

#include "cairn/save.h"
#include "session.h"

#define DUO CAIRN_EXAMPLES "/duo"

static void ok(cairn_lua *h, cairn_err st)
{
    if (st)
        fail_msg("%s", cairn_lua_error(h));
}

static size_t turn(cairn_lua *h)
{
    size_t seat;
    ok(h, cairn_session_turn(h, &seat));
    return seat;
}

static cairn_prompt seat_prompt(cairn_lua *h, size_t seat)
{
    cairn_prompt p;
    ok(h, cairn_session_seat_prompt(h, seat, &p));
    return p;
}

static void the_game_waits_for_each_seat_in_turn(void **state)
{
    (void)state;
    cairn_lua *h = session_start(DUO, 7);
    size_t seats;
    ok(h, cairn_session_seats(h, &seats));
    assert_int_equal(seats, 2);
    assert_int_equal(turn(h), 1);
    ok(h, cairn_session_seat_input(h, 1, "none", NULL));
    assert_int_equal(turn(h), 2);
    cairn_view v;
    ok(h, cairn_session_view(h, &v));
    assert_int_equal(v.seat, 2);
    assert_int_equal(v.seats, 2);
    assert_non_null(strstr(v.header, "Seat 2/2  HP "));
    /* Not every seat has given its input: the beat is not committed yet. */
    assert_false(seat_prompt(h, 0).committed);
    ok(h, cairn_session_seat_choose(h, 2, "base:wait"));
    assert_int_equal(turn(h), 0);
    assert_true(seat_prompt(h, 0).committed);
    cairn_session_end ended;
    ok(h, cairn_session_step(h, &ended));
    assert_int_equal(ended, CAIRN_SESSION_PLAYING);
    assert_int_equal(turn(h), 1);
    cairn_lua_destroy(h);
}

/* A seat named commits its own choice, whichever seat the game waits for, and says only
 * whether its own input is committed. */
static void a_seat_commits_its_own_choice(void **state)
{
    (void)state;
    cairn_lua *h = session_start(DUO, 7);
    ok(h, cairn_session_seat_choose(h, 2, "base:wait"));
    assert_true(seat_prompt(h, 2).committed);
    assert_false(seat_prompt(h, 1).committed);
    assert_int_equal(turn(h), 1);
    const cairn_choice_entry *list;
    size_t n;
    ok(h, cairn_session_seat_choices(h, 2, &list, &n));
    assert_true(n > 0);
    /* A bot takes the first seat; then no seat waits. */
    ok(h, cairn_session_seat_bot(h, 1, "explorer"));
    assert_int_equal(turn(h), 0);
    cairn_lua_destroy(h);
}

/* A save made between two seats' inputs resumes waiting for the second, the first's kept. */
static void a_save_keeps_each_seat_s_input(void **state)
{
    (void)state;
    cairn_lua *h = session_start(DUO, 7);
    ok(h, cairn_session_seat_input(h, 1, "none", NULL));
    char path[256];
    session_temp("seats.sqlite", path);
    cairn_error err;
    if (cairn_save_write(h, path, &err))
        fail_msg("%s", err.message);
    cairn_lua_destroy(h);
    cairn_lua *back = session_host(DUO);
    if (cairn_save_read(back, path, &err))
        fail_msg("%s", err.message);
    assert_int_equal(turn(back), 2);
    cairn_lua_destroy(back);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_game_waits_for_each_seat_in_turn),
        cmocka_unit_test(a_seat_commits_its_own_choice),
        cmocka_unit_test(a_save_keeps_each_seat_s_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
