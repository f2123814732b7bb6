/*
 * test_threats.c - the side panel says what the next beat does to the player, from the
 * preview the view makes for the enemies' intents: who will hit it and for how much, and
 * the statuses it will be left in. The game is the fixture pack tests/lua/packs/threats:
 * an adder next to the player whose bite hurts 2 and poisons 2.
 */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_panel_says_who_will_hit_the_player_and_for_how_much),
        cmocka_unit_test(the_panel_says_the_status_the_player_will_be_left_in),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
