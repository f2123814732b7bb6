/*
 * test_threats.c - the side panel says what the next beat does to the player, from the
 * preview the view makes for the enemies' intents: who will hit it and for how much, and
 * the statuses it will be left in. The game is the fixture pack tests/lua/packs/threats:
 * an adder next to the player whose bite hurts 2 and poisons 2. Screens built at one moment
 * may share that preview.
 */
#include <stdio.h>
#include <string.h>

#include "session.h"

static bool panel_says(const cairn_view *v, const char *line)
{
    for (size_t i = 0; i < v->panel_count; i++)
        if (!strcmp(v->panel[i], line))
            return true;
    return false;
}

static void show_panel(const cairn_view *v)
{
    for (size_t i = 0; i < v->panel_count; i++)
        print_message("panel: %s\n", v->panel[i]);
}

static void the_panel_says_who_will_hit_the_player_and_for_how_much(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game("threats", "bite", 1);
    cairn_view v;
    assert_int_equal(cairn_session_view(h, &v), CAIRN_OK);
    show_panel(&v);
    assert_true(panel_says(&v, "adder will hit you: 2"));
    cairn_lua_destroy(h);
}

static void the_panel_says_the_status_the_player_will_be_left_in(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game("threats", "bite", 1);
    cairn_view v;
    assert_int_equal(cairn_session_view(h, &v), CAIRN_OK);
    assert_true(panel_says(&v, "adder will leave you poisoned: 2"));
    cairn_lua_destroy(h);
}

/* What a screen shows of the next beat: its marks, row after row, and its panel. */
static void next_beat_shown(cairn_lua *h, size_t audience, char *out, size_t size)
{
    cairn_screen s;
    assert_int_equal(cairn_session_seat_screen(h, audience, &s), CAIRN_OK);
    size_t n = 0;
    out[0] = '\0';
    for (int y = 0; y < s.view.height; y++)
        n += (size_t)snprintf(out + n, size - n, "%s\n", s.view.marks[y]);
    for (size_t i = 0; i < s.view.panel_count && n < size; i++)
        n += (size_t)snprintf(out + n, size - n, "%s\n", s.view.panel[i]);
    assert_true(n < size);
}

/* A front end that builds the screens of several audiences at one moment shares one preview
 * of the next beat between them (cairn_session_share_preview): each screen is still the one
 * its own preview gives - the adder's strike marked, the threat in the seat's panel. */
static void screens_sharing_one_preview_are_those_each_makes(void **state)
{
    (void)state;
    enum { SIZE = 8192 };
    static char own[2][SIZE], shared[2][SIZE];
    cairn_lua *h = session_start_game("threats", "bite", 1);
    for (size_t a = 0; a < 2; a++)
        next_beat_shown(h, a, own[a], SIZE);
    assert_non_null(strstr(own[1], "adder will hit you: 2"));
    assert_non_null(strchr(own[1], 'a'));
    assert_int_equal(cairn_session_share_preview(h, true), CAIRN_OK);
    for (size_t a = 0; a < 2; a++)
        next_beat_shown(h, a, shared[a], SIZE);
    assert_int_equal(cairn_session_share_preview(h, false), CAIRN_OK);
    for (size_t a = 0; a < 2; a++)
        assert_string_equal(shared[a], own[a]);
    cairn_lua_destroy(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_panel_says_who_will_hit_the_player_and_for_how_much),
        cmocka_unit_test(the_panel_says_the_status_the_player_will_be_left_in),
        cmocka_unit_test(screens_sharing_one_preview_are_those_each_makes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
