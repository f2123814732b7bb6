/*
 * test_seats.c - a game of two seats through the session's C API, as a front end or a server
 * drives it: each seat gives its own input and commits its own choice, the game waits for
 * each in turn, a bot plays a seat, the view says whose it is, and a save keeps what each
 * seat gave. The game is the base dungeon with the example duo's two heroes. Then what each
 * seat's screen may show (cairn_session_seat_screen), in the fixture pack apart: two heroes in
 * rooms a wall apart, each with a hand of its own, a gem only the second sees and an idol
 * walled in that no one sees.
 */
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "cairn/save.h"
#include "session.h"

#define DUO   CAIRN_EXAMPLES "/duo"
#define APART "apart"

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

static cairn_screen seat_screen(cairn_lua *h, size_t seat)
{
    cairn_screen s;
    ok(h, cairn_session_seat_screen(h, seat, &s));
    return s;
}

/* The glyph and the mark of map cell (x, y) on a screen (the fixture's glyphs are ASCII). */
static char glyph_at(const cairn_screen *s, int x, int y)
{
    return s->view.glyphs[y][x];
}

static char mark_at(const cairn_screen *s, int x, int y)
{
    return s->view.marks[y][x];
}

static bool panel_has(const cairn_screen *s, const char *text)
{
    for (size_t i = 0; i < s->view.panel_count; i++)
        if (strstr(s->view.panel[i], text))
            return true;
    return strstr(s->view.header, text) != NULL;
}

static void a_seat_s_screen_shows_its_own_hand_only(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(APART, "apart", 7);
    cairn_screen one = seat_screen(h, 1);
    assert_int_equal(one.view.seat, 1);
    assert_true(panel_has(&one, "hand: sword"));
    assert_false(panel_has(&one, "crown"));
    cairn_screen two = seat_screen(h, 2);
    assert_int_equal(two.view.seat, 2);
    assert_true(panel_has(&two, "hand: crown"));
    assert_false(panel_has(&two, "sword"));
    cairn_lua_destroy(h);
}

/* With the seed and the inputs the game could be played through and every hand read: a seat's
 * header leaves it out, where the terminal's screen has it. */
static void a_seat_s_header_has_no_seed(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(APART, "apart", 7);
    cairn_screen one = seat_screen(h, 1);
    assert_non_null(strstr(one.view.header, "Seat 1/2  HP 9/9"));
    assert_null(strstr(one.view.header, "Seed"));
    cairn_screen whole;
    ok(h, cairn_session_screen(h, &whole));
    assert_non_null(strstr(whole.view.header, "Seed 7"));
    cairn_lua_destroy(h);
}

/* Seat 1 sees its own room: not the gem in the second's, nor the second hero, nor the idol. */
static void a_seat_sees_only_what_its_character_sees(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(APART, "apart", 7);
    cairn_screen one = seat_screen(h, 1);
    assert_int_equal(glyph_at(&one, 1, 2), '@');
    assert_int_equal(mark_at(&one, 1, 2), 'v');
    assert_int_equal(mark_at(&one, 9, 3), ' ');
    assert_int_equal(glyph_at(&one, 9, 3), ' ');
    assert_int_equal(glyph_at(&one, 11, 2), ' ');
    assert_int_equal(glyph_at(&one, 6, 2), ' ');
    cairn_screen two = seat_screen(h, 2);
    assert_int_equal(glyph_at(&two, 9, 3), '*');
    assert_int_equal(mark_at(&two, 9, 3), 'v');
    cairn_lua_destroy(h);
}

/* Each seat remembers what it saw, and only that: seat 2's screen, built first, leaves seat 1
 * nothing of the second room to remember, and a spectator's memory is its own too. */
static void each_seat_remembers_only_what_it_saw(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(APART, "apart", 7);
    cairn_screen two = seat_screen(h, 2);
    assert_int_equal(glyph_at(&two, 9, 3), '*');
    cairn_screen watching = seat_screen(h, 0);
    assert_int_equal(glyph_at(&watching, 1, 2), '@');
    cairn_screen one = seat_screen(h, 1);
    assert_int_equal(mark_at(&one, 9, 3), ' ');
    assert_int_equal(mark_at(&one, 10, 2), ' ');
    two = seat_screen(h, 2);
    assert_int_equal(mark_at(&two, 1, 2), ' ');
    assert_int_equal(mark_at(&two, 2, 2), ' ');
    cairn_lua_destroy(h);
}

/* The session part of a save rewritten as saves had it before the seats remembered apart:
 * one memory, `seen`, by floor, here remembering the idol's closet (6, 2) as 'X'. Returns it
 * (the host's, until the next call on it). */
static cairn_session_bytes with_one_memory(cairn_lua *h, cairn_session_bytes session)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, "lua.data.encode");
    cairn_lua_push_runtime(L, "lua.data.decode");
    lua_pushlstring(L, session.data, session.size);
    ok(h, cairn_lua_call(h, 1, 1));
    lua_pushnil(L);
    lua_setfield(L, -2, "seats_seen");
    lua_newtable(L);         /* seen */
    lua_newtable(L);         /* floor 1 */
    lua_pushstring(L, "X."); /* what memory keeps: the glyph and the colour */
    lua_rawseti(L, -2, 2 * 13 + 6);
    lua_rawseti(L, -2, 1);
    lua_setfield(L, -2, "seen");
    ok(h, cairn_lua_call(h, 1, 1));
    lua_setfield(L, LUA_REGISTRYINDEX, "test.old_session");
    lua_getfield(L, LUA_REGISTRYINDEX, "test.old_session");
    cairn_session_bytes old = {0};
    old.data = lua_tolstring(L, -1, &old.size);
    lua_pop(L, 1);
    return old;
}

/* A save from before the seats remembered apart resumes with its memory the first seat's; the
 * others begin remembering nothing. */
static void an_old_save_s_memory_is_the_first_seat_s(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(APART, "apart", 7);
    cairn_session_state saved;
    ok(h, cairn_session_save_state(h, &saved));
    saved.session = with_one_memory(h, saved.session);
    cairn_lua *back = session_host(APART);
    ok(back, cairn_session_resume(back, &saved));
    cairn_screen one = seat_screen(back, 1);
    assert_int_equal(glyph_at(&one, 6, 2), 'X');
    assert_int_equal(mark_at(&one, 6, 2), 'r');
    cairn_screen two = seat_screen(back, 2);
    assert_int_equal(mark_at(&two, 6, 2), ' ');
    cairn_lua_destroy(back);
    cairn_lua_destroy(h);
}

/* A save keeps what each seat remembers: the first seat's memory, resumed from an old save,
 * is still the first seat's alone once saved again and resumed. */
static void a_save_keeps_each_seat_s_memory(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(APART, "apart", 7);
    cairn_session_state saved;
    ok(h, cairn_session_save_state(h, &saved));
    saved.session = with_one_memory(h, saved.session);
    cairn_lua *once = session_host(APART);
    ok(once, cairn_session_resume(once, &saved));
    seat_screen(once, 2);
    ok(once, cairn_session_save_state(once, &saved));
    cairn_lua *twice = session_host(APART);
    ok(twice, cairn_session_resume(twice, &saved));
    cairn_screen one = seat_screen(twice, 1);
    assert_int_equal(glyph_at(&one, 6, 2), 'X');
    assert_int_equal(mark_at(&one, 9, 3), ' ');
    cairn_screen two = seat_screen(twice, 2);
    assert_int_equal(mark_at(&two, 6, 2), ' ');
    cairn_lua_destroy(twice);
    cairn_lua_destroy(once);
    cairn_lua_destroy(h);
}

/* The choice seat 2 is committing, prompt by prompt, is its own: seat 1's screen has no prompt
 * and its own choices; seat 2's has the prompt. */
static void a_seat_sees_only_its_own_prompt(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(APART, "apart", 7);
    ok(h, cairn_session_seat_choose(h, 2, "signal"));
    cairn_screen one = seat_screen(h, 1);
    assert_int_equal(one.prompt.kind, CAIRN_PROMPT_NONE);
    assert_false(one.prompt.committed);
    assert_true(one.choice_count > 0);
    cairn_screen two = seat_screen(h, 2);
    assert_int_equal(two.prompt.kind, CAIRN_PROMPT_PICK);
    assert_int_equal(two.prompt.seat, 2);
    assert_string_equal(two.prompt.text, "Which flag?");
    cairn_lua_destroy(h);
}

/* The bitten game played by a person, its first beat stepped: it waits for seat 2's answer
 * to the bite of its rat. */
static cairn_lua *seat_2_bitten(void)
{
    cairn_lua *h = session_start_game(APART, "bitten", 7);
    ok(h, cairn_session_set_interactive(h, true));
    ok(h, cairn_session_seat_input(h, 1, "none", NULL));
    ok(h, cairn_session_seat_input(h, 2, "none", NULL));
    cairn_session_end ended;
    ok(h, cairn_session_step(h, &ended));
    assert_int_equal(ended, CAIRN_SESSION_ASKING);
    return h;
}

/* A question inside a beat about seat 2's hero is seat 2's alone: seat 1's screen has no
 * prompt (its input is held with the beat), seat 2's has the question. */
static void a_question_inside_a_beat_is_shown_to_its_seat_only(void **state)
{
    (void)state;
    cairn_lua *h = seat_2_bitten();
    cairn_screen one = seat_screen(h, 1);
    assert_int_equal(one.prompt.kind, CAIRN_PROMPT_NONE);
    assert_true(one.prompt.committed);
    cairn_screen two = seat_screen(h, 2);
    assert_int_equal(two.prompt.kind, CAIRN_PROMPT_PICK);
    assert_int_equal(two.prompt.seat, 2);
    cairn_screen watching = seat_screen(h, 0);
    assert_int_equal(watching.prompt.kind, CAIRN_PROMPT_NONE);
    cairn_lua_destroy(h);
}

/* The frames of a beat are shown to the seats that see their cells: seat 2's fury, on its own
 * hero, is not in seat 1's frames. */
static void a_seat_is_shown_the_frames_it_sees_only(void **state)
{
    (void)state;
    cairn_lua *h = seat_2_bitten();
    cairn_session_end ended = CAIRN_SESSION_ASKING;
    ok(h, cairn_session_seat_answer(h, 2, "1"));
    for (int i = 0; i < 4 && ended == CAIRN_SESSION_ASKING; i++) {
        ok(h, cairn_session_step(h, &ended));
        if (ended == CAIRN_SESSION_ASKING)
            ok(h, cairn_session_seat_cancel(h, 2, NULL));
    }
    assert_int_equal(ended, CAIRN_SESSION_PLAYING);
    cairn_screen two = seat_screen(h, 2);
    assert_true(two.frame_count > 0);
    assert_int_equal(two.frames[0].cell_count, 1);
    assert_int_equal(two.frames[0].cells[0], 11);
    cairn_screen one = seat_screen(h, 1);
    assert_int_equal(one.frame_count, 0);
    cairn_screen watching = seat_screen(h, 0);
    assert_int_equal(watching.frame_count, two.frame_count);
    cairn_lua_destroy(h);
}

/* What seat 2 has committed for the next beat is its own: seat 1, who sees its hero, is not
 * shown where it will go as an intent. */
static void a_seat_s_committed_move_is_no_intent_to_another(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(APART, "together", 7);
    ok(h, cairn_session_seat_input(h, 2, "move", "e"));
    cairn_screen one = seat_screen(h, 1);
    assert_int_equal(glyph_at(&one, 2, 2), '@');
    assert_int_equal(mark_at(&one, 3, 2), 'v');
    cairn_lua_destroy(h);
}

/* A spectator of a game that says nothing of `spectate` sees what the seats' characters see,
 * together - both rooms, not the idol - and no hand, prompt or choice. */
static void a_spectator_sees_what_the_seats_see(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(APART, "apart", 7);
    ok(h, cairn_session_seat_choose(h, 2, "signal"));
    cairn_screen s = seat_screen(h, 0);
    assert_int_equal(s.view.seat, 0);
    assert_non_null(strstr(s.view.header, "Watching  Floor 1/1  Beat 0"));
    assert_null(strstr(s.view.header, "Seed"));
    assert_int_equal(glyph_at(&s, 1, 2), '@');
    assert_int_equal(glyph_at(&s, 11, 2), '@');
    assert_int_equal(glyph_at(&s, 9, 3), '*');
    assert_int_equal(mark_at(&s, 6, 2), ' ');
    assert_false(panel_has(&s, "hand"));
    assert_int_equal(s.view.panel_count, 0);
    assert_int_equal(s.prompt.kind, CAIRN_PROMPT_NONE);
    assert_int_equal(s.choice_count, 0);
    cairn_lua_destroy(h);
}

/* spectate = "all": the whole floor, the idol no one sees too, and still no hand. */
static void a_spectator_of_spectate_all_sees_the_whole_floor(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(APART, "apart_all", 7);
    cairn_screen s = seat_screen(h, 0);
    assert_int_equal(glyph_at(&s, 6, 2), '&');
    assert_int_equal(mark_at(&s, 6, 2), 'v');
    assert_false(panel_has(&s, "hand"));
    cairn_lua_destroy(h);
}

/* spectate = "none": nothing of the floor, only the header and the log. */
static void a_spectator_of_spectate_none_sees_no_cell(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(APART, "apart_none", 7);
    cairn_screen s = seat_screen(h, 0);
    for (int y = 0; y < s.view.height; y++)
        for (int x = 0; x < s.view.width; x++)
            assert_int_equal(mark_at(&s, x, y), ' ');
    assert_true(s.view.message_count > 0);
    cairn_lua_destroy(h);
}

static void a_seat_past_the_last_is_refused(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(APART, "apart", 7);
    cairn_screen s;
    assert_int_equal(cairn_session_seat_screen(h, 3, &s), CAIRN_ERR_INVALID);
    assert_non_null(strstr(cairn_lua_error(h), "no seat 3"));
    cairn_lua_destroy(h);
}

/* A question's time limit is the game's answer_seconds, 30 s unless it says. */
static void the_time_for_an_answer_is_the_game_s(void **state)
{
    (void)state;
    int64_t ms;
    cairn_lua *h = session_start_game(APART, "apart", 7);
    ok(h, cairn_session_answer_ms(h, &ms));
    assert_int_equal(ms, 30000);
    cairn_lua_destroy(h);
    h = session_start_game(APART, "apart_all", 7);
    ok(h, cairn_session_answer_ms(h, &ms));
    assert_int_equal(ms, 2500);
    cairn_lua_destroy(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_game_waits_for_each_seat_in_turn),
        cmocka_unit_test(a_seat_commits_its_own_choice),
        cmocka_unit_test(a_save_keeps_each_seat_s_input),
        cmocka_unit_test(a_seat_s_screen_shows_its_own_hand_only),
        cmocka_unit_test(a_seat_s_header_has_no_seed),
        cmocka_unit_test(a_seat_sees_only_what_its_character_sees),
        cmocka_unit_test(each_seat_remembers_only_what_it_saw),
        cmocka_unit_test(an_old_save_s_memory_is_the_first_seat_s),
        cmocka_unit_test(a_save_keeps_each_seat_s_memory),
        cmocka_unit_test(a_seat_sees_only_its_own_prompt),
        cmocka_unit_test(a_question_inside_a_beat_is_shown_to_its_seat_only),
        cmocka_unit_test(a_seat_is_shown_the_frames_it_sees_only),
        cmocka_unit_test(a_seat_s_committed_move_is_no_intent_to_another),
        cmocka_unit_test(a_spectator_sees_what_the_seats_see),
        cmocka_unit_test(a_spectator_of_spectate_all_sees_the_whole_floor),
        cmocka_unit_test(a_spectator_of_spectate_none_sees_no_cell),
        cmocka_unit_test(a_seat_past_the_last_is_refused),
        cmocka_unit_test(the_time_for_an_answer_is_the_game_s),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
