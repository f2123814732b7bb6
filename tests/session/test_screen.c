/*
 * test_screen.c - cairn_session_screen, what a front end's screen shows after a key, in one
 * call into Lua: the same view, prompt, choices, frames and summary as the calls one by one
 * give. The game is the fixture pack tests/lua/packs/choosing.
 */
#include <string.h>

#include "session.h"

static void ok(cairn_lua *h, cairn_err st)
{
    if (st)
        fail_msg("%s", cairn_lua_error(h));
}

static uint64_t entries(cairn_lua *h)
{
    cairn_lua_stats s;
    cairn_lua_get_stats(h, &s);
    return s.entries;
}

static void same_view(const cairn_view *a, const cairn_view *b)
{
    assert_int_equal(a->width, b->width);
    assert_int_equal(a->height, b->height);
    for (int32_t y = 0; y < a->height; y++) {
        assert_string_equal(a->glyphs[y], b->glyphs[y]);
        assert_string_equal(a->colors[y], b->colors[y]);
        assert_string_equal(a->marks[y], b->marks[y]);
    }
    assert_string_equal(a->header, b->header);
    assert_int_equal(a->message_count, b->message_count);
    for (size_t i = 0; i < a->message_count; i++)
        assert_string_equal(a->messages[i], b->messages[i]);
    assert_int_equal(a->fresh, b->fresh);
    assert_int_equal(a->panel_count, b->panel_count);
    assert_true((a->ended == NULL) == (b->ended == NULL));
}

/* The screen after a choice begun: its prompt and the game as the calls one by one give
 * them, taken with one call into Lua. */
static void the_screen_is_the_calls_one_by_one_in_one_call(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game("choosing", "yard", 7);
    ok(h, cairn_session_set_interactive(h, true));
    ok(h, cairn_session_choose(h, "pelt"));

    cairn_screen s;
    uint64_t before = entries(h);
    ok(h, cairn_session_screen(h, &s));
    assert_int_equal(entries(h), before + 1);

    cairn_prompt p;
    ok(h, cairn_session_prompt(h, &p));
    assert_int_equal(s.prompt.kind, CAIRN_PROMPT_SELECT);
    assert_int_equal(s.prompt.kind, p.kind);
    assert_string_equal(s.prompt.text, p.text);
    assert_string_equal(s.prompt.among, p.among);
    assert_int_equal(s.prompt.cell_count, p.cell_count);
    assert_false(s.prompt.committed);
    cairn_view v;
    ok(h, cairn_session_view(h, &v));
    same_view(&s.view, &v);
    const cairn_choice_entry *list;
    size_t n;
    ok(h, cairn_session_choices(h, &list, &n));
    assert_int_equal(s.choice_count, n);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(s.choices[i].name, list[i].name);
    assert_null(s.summary);
    cairn_lua_destroy(h);
}

/* A choice committed, with no prompt left: the screen says so, as the prompt would. */
static void a_committed_choice_shows_as_no_prompt_committed(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game("choosing", "yard", 7);
    ok(h, cairn_session_choose(h, "pelt"));
    ok(h, cairn_session_answer(h, "4,1"));
    ok(h, cairn_session_answer(h, "2"));
    cairn_screen s;
    ok(h, cairn_session_screen(h, &s));
    assert_int_equal(s.prompt.kind, CAIRN_PROMPT_NONE);
    assert_true(s.prompt.committed);
    cairn_lua_destroy(h);
}

/* Once the game has ended the screen has its summary and no choices, as a front end shows
 * them. */
static void an_ended_game_shows_its_summary_and_no_choices(void **state)
{
    (void)state;
    cairn_lua *h = session_start(NULL, 3);
    cairn_session_end ended = CAIRN_SESSION_PLAYING;
    for (int i = 0; i < 5000 && ended == CAIRN_SESSION_PLAYING; i++) {
        ok(h, cairn_session_bot(h, "explorer"));
        ok(h, cairn_session_step(h, &ended));
    }
    assert_int_not_equal(ended, CAIRN_SESSION_PLAYING);
    cairn_screen s;
    ok(h, cairn_session_screen(h, &s));
    const char *summary;
    ok(h, cairn_session_summary(h, NULL, &summary));
    assert_non_null(s.view.ended);
    assert_string_equal(s.summary, summary);
    assert_int_equal(s.choice_count, 0);
    cairn_lua_destroy(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_screen_is_the_calls_one_by_one_in_one_call),
        cmocka_unit_test(a_committed_choice_shows_as_no_prompt_committed),
        cmocka_unit_test(an_ended_game_shows_its_summary_and_no_choices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
