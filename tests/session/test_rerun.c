/*
 * test_rerun.c - a game played again on reloaded content (cairn_session_rerun, behind `cairn
 * play --watch`): on the same content it is the same game, beat for beat, checkpoints and all;
 * on changed content the first beat that comes out otherwise is named, and the game goes on
 * as the new content makes it; content that fails while the inputs are played again fails the
 * rerun with its error.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "session.h"

static void ok(cairn_lua *h, cairn_err st, const char *what)
{
    if (st)
        fail_msg("%s: %s", what, cairn_lua_error(h));
}

/* The game's text (cairn_session_record), copied: it is the host's until its next call. */
static char *record(cairn_lua *h)
{
    const char *text;
    ok(h, cairn_session_record(h, &text), "the record");
    return strdup(text);
}

static void rerun(cairn_lua *h, const char *text, cairn_session_rerun_result *r)
{
    ok(h, cairn_session_rerun(h, text, r), "the rerun");
}

static void same_content_is_the_same_game(void **state)
{
    (void)state;
    /* Past two checkpoints (every 20 beats) and down a floor or more. */
    cairn_lua *old = session_start(NULL, 1);
    session_play(old, 77);
    char *text = record(old);
    char was[17], now[17];
    session_checksum(old, was);

    cairn_lua *h = session_host(NULL);
    cairn_session_rerun_result r;
    rerun(h, text, &r);
    assert_int_equal(r.beats, 77);
    assert_int_equal(r.played, 77);
    assert_int_equal(r.differs_at, 0);
    assert_null(r.stopped);
    session_checksum(h, now);
    assert_string_equal(now, was);
    assert_int_equal(session_beat(h), 77);
    /* Its checkpoints are there to undo with, as the old game's are. */
    ok(old, cairn_session_undo(old), "undo, old");
    ok(h, cairn_session_undo(h), "undo, again");
    session_checksum(old, was);
    session_checksum(h, now);
    assert_string_equal(now, was);
    /* And it goes on as the old one does. */
    session_play(old, 5);
    session_play(h, 5);
    session_checksum(old, was);
    session_checksum(h, now);
    assert_string_equal(now, was);
    free(text);
    cairn_lua_destroy(h);
    cairn_lua_destroy(old);
}

/* A pack "ticker" in its own folder `version` of the test's temporary folder: a game of one
 * row in which the walker waits, and whose outcome counts the beats in w.data; `extra` is Lua
 * the outcome runs after counting, where versions differ. Returns the pack's folder. */
static const char *ticker(const char *version, const char *extra, char dir[256])
{
    char path[256], name[64], file[512];
    session_temp(version, path);
    mkdir(path, 0700);
    snprintf(name, sizeof name, "%s/ticker", version);
    session_temp(name, dir);
    mkdir(dir, 0700);
    snprintf(file, sizeof file, "%s/pack.lua", dir);
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fputs("return { id = 'ticker', version = '0.1.0', cairn = '0.1', load = { 'game.lua' } }\n", f);
    fclose(f);
    snprintf(file, sizeof file, "%s/game.lua", dir);
    f = fopen(file, "w");
    assert_non_null(f);
    fprintf(f,
            "cairn.entity { name = 'walker', glyph = '@',\n"
            "  decorators = { 'PlayerControl', 'Moving', 'WithHP', 'Killable' },\n"
            "  stats = { hp = 3 } }\n"
            "cairn.game { name = 'ticker', width = 4, height = 1,\n"
            "  generate = function(w) w:spawn('walker', 0, 0) end,\n"
            "  outcome = function(w)\n"
            "    w.data.beats = (w.data.beats or 0) + 1\n"
            "    %s\n"
            "  end }\n",
            extra);
    fclose(f);
    return dir;
}

/* The ticker game of `version`, played `beats` beats of waiting. */
static cairn_lua *ticker_game(const char *version, const char *extra, int beats)
{
    char dir[256];
    cairn_lua *h = session_host(ticker(version, extra, dir));
    ok(h, cairn_session_start(h, "ticker:ticker", 5), "the ticker game");
    for (int i = 0; i < beats; i++)
        ok(h, cairn_session_step(h, NULL), "a beat");
    return h;
}

/* The plain ticker game played `beats` beats, then played again in a new host on ticker
 * `version`, whose outcome runs `extra`: the new host into *h, what came of it into *r. */
static cairn_err ticker_rerun(int beats, const char *version, const char *extra, cairn_lua **h,
                              cairn_session_rerun_result *r)
{
    cairn_lua *old = ticker_game("plain", "", beats);
    char *text = record(old);
    char dir[256];
    *h = session_host(ticker(version, extra, dir));
    cairn_err st = cairn_session_rerun(*h, text, r);
    free(text);
    cairn_lua_destroy(old);
    return st;
}

static void changed_content_names_the_first_beat_that_differs(void **state)
{
    (void)state;
    /* From beat 7 on, the world keeps something more: its checksum differs from then. */
    const char *late = "if w.data.beats >= 7 then w.data.late = true end";
    cairn_lua *h;
    cairn_session_rerun_result r;
    cairn_err st = ticker_rerun(12, "late", late, &h, &r);
    ok(h, st, "the rerun");
    assert_int_equal(r.beats, 12);
    assert_int_equal(r.played, 12);
    assert_int_equal(r.differs_at, 7);
    assert_null(r.stopped);
    assert_int_equal(session_beat(h), 12);
    /* The new game is the one the new content plays from the start, not the old one. */
    cairn_lua *fresh = ticker_game("late", late, 12);
    cairn_lua *old = ticker_game("plain", "", 12);
    char now[17], expected[17], was[17];
    session_checksum(h, now);
    session_checksum(fresh, expected);
    session_checksum(old, was);
    assert_string_equal(now, expected);
    assert_string_not_equal(now, was);
    cairn_lua_destroy(old);
    cairn_lua_destroy(fresh);
    cairn_lua_destroy(h);
}

static void a_game_that_ends_sooner_stops_there(void **state)
{
    (void)state;
    cairn_lua *h;
    cairn_session_rerun_result r;
    cairn_err st = ticker_rerun(10, "short", "if w.data.beats == 4 then return 'lost' end", &h, &r);
    ok(h, st, "the rerun");
    assert_int_equal(r.played, 4);
    /* Beat 4 came to the same world; beat 5 was not played at all. */
    assert_int_equal(r.differs_at, 5);
    assert_non_null(r.stopped);
    assert_non_null(strstr(r.stopped, "the game ended ('lost') at beat 4"));
    cairn_session_end ended;
    ok(h, cairn_session_standing(h, &ended), "the standing");
    assert_int_equal(ended, CAIRN_SESSION_LOST);
    cairn_lua_destroy(h);
}

static void content_that_fails_fails_the_rerun(void **state)
{
    (void)state;
    cairn_lua *h;
    cairn_session_rerun_result r;
    assert_int_not_equal(
        ticker_rerun(6, "failing", "if w.data.beats == 3 then error('broken at 3') end", &h, &r),
        CAIRN_OK);
    assert_non_null(strstr(cairn_lua_error(h), "broken at 3"));
    assert_non_null(strstr(cairn_lua_error(h), "game.lua:"));
    cairn_lua_destroy(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_content_is_the_same_game),
        cmocka_unit_test(changed_content_names_the_first_beat_that_differs),
        cmocka_unit_test(a_game_that_ends_sooner_stops_there),
        cmocka_unit_test(content_that_fails_fails_the_rerun),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
