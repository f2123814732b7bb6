/*
 * test_map_view.c - the map a front end draws is the player's view: without portals, the
 * level round the player; with a portal, what lies beyond it where the view puts it, a cell
 * seen twice drawn twice.
 */
#include <string.h>

#include "session.h"

/* The glyph (one UTF-8 character, as text) at column x of a row. */
static void glyph_at(const char *row, int x, char out[8])
{
    const unsigned char *at = (const unsigned char *)row;
    for (int i = 0; i < x && *at; i++)
        do
            at++;
        while ((*at & 0xc0) == 0x80);
    size_t n = 1;
    while (at[n] && (at[n] & 0xc0) == 0x80)
        n++;
    memcpy(out, at, n);
    out[n] = '\0';
}

/* The player's cell, from the map: the first '@'. */
static cairn_cell find_player(const cairn_view *v)
{
    for (int y = 0; y < v->height; y++)
        for (int x = 0; x < v->width; x++) {
            char g[8];
            glyph_at(v->glyphs[y], x, g);
            if (!strcmp(g, "@"))
                return (cairn_cell){x, y};
        }
    fail_msg("no player on the map");
    return (cairn_cell){-1, -1};
}

static void a_cell_seen_twice_is_drawn_twice(void **state)
{
    (void)state;
    cairn_lua *h = session_start(NULL, 3);
    cairn_view v;
    assert_int_equal(cairn_session_view(h, &v), CAIRN_OK);
    cairn_cell p = find_player(&v);
    /* the player's east edge joined to its own west edge: east of it is itself, seen from
     * the west, and so is west of it */
    cairn_world *w = cairn_lua_world(h);
    assert_int_equal(cairn_portal_add(w, (cairn_portal){p, CAIRN_DIR_E, p, CAIRN_DIR_W}), CAIRN_OK);
    assert_int_equal(cairn_session_view(h, &v), CAIRN_OK);
    for (int dx = -1; dx <= 1; dx++) {
        char g[8];
        glyph_at(v.glyphs[p.y], p.x + dx, g);
        assert_string_equal(g, "@");
        assert_int_equal(v.marks[p.y][p.x + dx], CAIRN_VIEW_SEEN);
    }
    /* closed again, the map is the level's */
    assert_int_equal(cairn_portal_remove(w, p, CAIRN_DIR_E), CAIRN_OK);
    assert_int_equal(cairn_session_view(h, &v), CAIRN_OK);
    char g[8];
    glyph_at(v.glyphs[p.y], p.x + 1, g);
    assert_string_not_equal(g, "@");
    cairn_lua_destroy(h);
}

/* A game with no limit to its sight (tests/lua/packs/portal_walk): the corridor looped on
 * itself is drawn round again past its end, the player with it. */
static void a_looped_corridor_is_drawn_round_again(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game("portal_walk", "loop", 1);
    cairn_view v;
    assert_int_equal(cairn_session_view(h, &v), CAIRN_OK);
    cairn_cell p = find_player(&v);
    assert_int_equal(p.x, 1);
    assert_int_equal(p.y, 1);
    char g[8];
    glyph_at(v.glyphs[1], 9, g); /* (8, 1), then through the portal: (1, 1) again */
    assert_string_equal(g, "@");
    glyph_at(v.glyphs[1], 0, g); /* west of the start is the end */
    assert_string_equal(g, ".");
    cairn_lua_destroy(h);
}

/* An item lying on a trap (a thrown dagger landing there) must not hide it: the trap is what
 * hurts whoever steps there to pick the item up. */
static void a_trap_shows_over_an_item_lying_on_it(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game("screen_rooms", "dagger_on_trap", 1);
    cairn_view v;
    assert_int_equal(cairn_session_view(h, &v), CAIRN_OK);
    cairn_cell p = find_player(&v);
    char g[8];
    glyph_at(v.glyphs[p.y], p.x + 1, g);
    assert_string_equal(g, ";");
    cairn_lua_destroy(h);
}

/* The player's statuses are in the header, always on screen: each with its beats left,
 * block with its amount, right after the hp. */
static void the_status_line_shows_the_player_s_statuses(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game("screen_rooms", "stunned", 1);
    cairn_view v;
    assert_int_equal(cairn_session_view(h, &v), CAIRN_OK);
    assert_non_null(strstr(v.header, "HP 6/6  stunned (3), blocking 2 (4)  Floor 1/1"));
    cairn_lua_destroy(h);
}

/* The side panel begins with the player's statuses, one a line: each with its magnitude and
 * beats left, one that lasts until it decays without a count. The header says the same. */
static void the_panel_lists_each_status_with_its_magnitude(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game("screen_rooms", "strong", 1);
    cairn_view v;
    assert_int_equal(cairn_session_view(h, &v), CAIRN_OK);
    assert_true(v.panel_count >= 2);
    assert_string_equal(v.panel[0], "You are strong 2");
    assert_string_equal(v.panel[1], "You are weakened 1 (4)");
    assert_non_null(strstr(v.header, "HP 6/6  strong 2, weakened 1 (4)  Floor 1/1"));
    cairn_lua_destroy(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_cell_seen_twice_is_drawn_twice),
        cmocka_unit_test(a_looped_corridor_is_drawn_round_again),
        cmocka_unit_test(a_trap_shows_over_an_item_lying_on_it),
        cmocka_unit_test(the_status_line_shows_the_player_s_statuses),
        cmocka_unit_test(the_panel_lists_each_status_with_its_magnitude),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
