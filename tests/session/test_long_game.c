/*
 * test_long_game.c - length never matters to a save: the marathon game (tools/bench/marathon,
 * the base game's floors with a player too tough to die, the save benchmark's) played by the
 * explorer bot for 5,000 beats, saved every 500; each save resumes in a new host and goes on
 * as the game went on uninterrupted, and undoes its last beat as that game would have. A save
 * too big for a host's memory ceiling is refused as such, never as a budget overrun.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn/save.h"
#include "session.h"

#define MOD        CAIRN_MARATHON_PACK
#define GAME       "marathon"
#define SEED       11
#define BEATS      5000
#define SAVE_EVERY 500
#define AFTER      50
#define SAVES      (BEATS / SAVE_EVERY)

/* What the uninterrupted game came to around each save. */
typedef struct expected {
    char before[SAVES][17]; /* the beat before the save: what an undo after resuming gives */
    char after[SAVES][17];  /* AFTER beats after it */
} expected;

static void save_path(int i, char out[256])
{
    char name[64];
    snprintf(name, sizeof name, "marathon-%d.sqlite", (i + 1) * SAVE_EVERY);
    session_temp(name, out);
}

/* Plays the whole game once, saving every SAVE_EVERY beats, noting the checksums the resumed
 * games must come to. */
static void play_through(expected *e)
{
    cairn_lua *h = session_start_game(MOD, GAME, SEED);
    for (int beat = 1; beat <= BEATS + AFTER; beat++) {
        session_play(h, 1);
        int i = beat / SAVE_EVERY - 1;
        if (beat % SAVE_EVERY == SAVE_EVERY - 1 && beat / SAVE_EVERY < SAVES)
            session_checksum(h, e->before[beat / SAVE_EVERY]);
        if (beat % SAVE_EVERY == 0 && beat <= BEATS) {
            char path[256];
            cairn_error err;
            save_path(i, path);
            if (cairn_save_write(h, path, &err))
                fail_msg("saving at beat %d: %s", beat, err.message);
        }
        if (beat % SAVE_EVERY == AFTER && beat > SAVE_EVERY)
            session_checksum(h, e->after[(beat - AFTER) / SAVE_EVERY - 1]);
    }
    cairn_lua_destroy(h);
}

/* The game is played once, for both tests. */
static int played(void **state)
{
    expected *e = calloc(1, sizeof *e);
    play_through(e);
    *state = e;
    return 0;
}

static int done(void **state)
{
    free(*state);
    return 0;
}

static void a_game_of_5000_beats_saves_and_resumes_at_every_length(void **state)
{
    const expected *e = *state;
    for (int i = 0; i < SAVES; i++) {
        int beat = (i + 1) * SAVE_EVERY;
        char path[256], now[17];
        cairn_error err;
        save_path(i, path);

        cairn_lua *h = session_host(MOD);
        if (cairn_save_read(h, path, &err))
            fail_msg("resuming beat %d: %s", beat, err.message);
        assert_int_equal(session_beat(h), beat);
        session_play(h, AFTER);
        session_checksum(h, now);
        if (strcmp(now, e->after[i]))
            fail_msg("saved at beat %d, resumed, %d beats on: %s; the game itself came to %s", beat,
                     AFTER, now, e->after[i]);
        cairn_lua_destroy(h);

        /* The undo history comes with the save. */
        h = session_host(MOD);
        if (cairn_save_read(h, path, &err))
            fail_msg("resuming beat %d: %s", beat, err.message);
        if (cairn_session_undo(h))
            fail_msg("undo after resuming beat %d: %s", beat, cairn_lua_error(h));
        session_checksum(h, now);
        if (strcmp(now, e->before[i]))
            fail_msg("saved at beat %d, resumed, undone: %s; beat %d was %s", beat, now, beat - 1,
                     e->before[i]);
        cairn_lua_destroy(h);
    }
}

static void a_save_too_big_for_the_memory_ceiling_is_refused_as_such(void **state)
{
    (void)state;
    char path[256];
    cairn_error err;
    save_path(SAVES - 1, path);
    cairn_lua_stats loaded, resumed;
    cairn_lua *probe = session_host(MOD);
    cairn_lua_get_stats(probe, &loaded);
    if (cairn_save_read(probe, path, &err))
        fail_msg("%s", err.message);
    cairn_lua_get_stats(probe, &resumed);
    cairn_lua_destroy(probe);
    /* Room for the base game and the mod, not for what a 5,000-beat game keeps. */
    assert_true(resumed.memory > 2 * loaded.memory);
    cairn_lua *h = session_host_limited(MOD, (loaded.memory + resumed.memory) / 2);
    cairn_err st = cairn_save_read(h, path, &err);
    if (st != CAIRN_ERR_LIMIT)
        fail_msg("%s: %s", cairn_err_name(st), err.message);
    if (!strstr(err.message, "too big to load within the memory ceiling") ||
        strstr(err.message, "budget"))
        fail_msg("the refusal says: %s", err.message);
    cairn_lua_destroy(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_game_of_5000_beats_saves_and_resumes_at_every_length),
        cmocka_unit_test(a_save_too_big_for_the_memory_ceiling_is_refused_as_such),
    };
    return cmocka_run_group_tests(tests, played, done);
}
