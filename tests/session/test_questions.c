/*
 * test_questions.c - prompts asked inside a beat of a person playing (a card's trigger set
 * off by an enemy's hit), through the session's C API as `cairn play` asks them: the beat
 * stops at the question with the world as it was before it; answered, it is played again
 * from its start; a cancel declines; an order among triggers is asked first; the answers go
 * into the record, whose replay comes to the same game; a save keeps the question waiting.
 * The games are the fixture pack tests/e2e/packs/cardplay's riposte and riposte_thorns: a
 * skeleton next to the player hits it in the first beat. Then what a front end shows of a
 * beat's resolutions, effect by effect (flurry: a card of two hits); a knight's blow under
 * way, kept by a save and by undo; and questions after earlier reactions (knight_riposte),
 * whose beats are played again with the answers the log keeps.
 */
#include <stdlib.h>
#include <string.h>

#include "cairn/save.h"
#include "session.h"

#define MOD CAIRN_E2E_PACKS "/cardplay"

static void ok(cairn_lua *h, cairn_err st)
{
    if (st)
        fail_msg("%s", cairn_lua_error(h));
}

/* The game started, a person playing it, and the player waiting this beat; *before (may be
 * NULL) receives the world's checksum before the player's input. */
static cairn_lua *riposte(const char *game, char before[17])
{
    cairn_lua *h = session_start_game(MOD, game, 3);
    ok(h, cairn_session_set_interactive(h, true));
    if (before)
        session_checksum(h, before);
    ok(h, cairn_session_input(h, "none", NULL));
    return h;
}

static cairn_session_end step(cairn_lua *h)
{
    cairn_session_end ended;
    ok(h, cairn_session_step(h, &ended));
    return ended;
}

static cairn_prompt prompt(cairn_lua *h)
{
    cairn_prompt p;
    ok(h, cairn_session_prompt(h, &p));
    return p;
}

/* What the player knows of the skeleton's cell: "skeleton (2 of 2 hp)...", or the floor. */
static const char *at_skeleton(cairn_lua *h)
{
    const char *text;
    ok(h, cairn_session_describe(h, 2, 2, &text));
    return text;
}

static const char *record(cairn_lua *h)
{
    const char *text;
    ok(h, cairn_session_record(h, &text));
    return text;
}

static void the_beat_stops_at_the_question_and_goes_on_once_answered(void **state)
{
    (void)state;
    char before[17], now[17];
    cairn_lua *h = riposte("riposte", before);
    assert_int_equal(step(h), CAIRN_SESSION_ASKING);
    /* The world as it was before the beat, the input held to be given again: no beat
     * passed. */
    session_checksum(h, now);
    assert_string_equal(now, before);
    assert_int_equal(session_beat(h), 0);
    cairn_prompt p = prompt(h);
    assert_int_equal(p.kind, CAIRN_PROMPT_CONFIRM);
    assert_string_equal(p.name, "optional");
    assert_string_equal(p.text, "Riposte for 1 energy?");
    assert_string_equal(p.choice, "riposte");
    /* A refused answer leaves it waiting. */
    assert_int_equal(cairn_session_answer(h, "perhaps"), CAIRN_ERR_INVALID);
    assert_int_equal(prompt(h).kind, CAIRN_PROMPT_CONFIRM);
    ok(h, cairn_session_answer(h, "yes"));
    p = prompt(h);
    assert_int_equal(p.kind, CAIRN_PROMPT_NONE);
    assert_true(p.committed);
    assert_int_equal(step(h), CAIRN_SESSION_PLAYING);
    assert_int_equal(session_beat(h), 1);
    assert_null(strstr(at_skeleton(h), "skeleton")); /* the riposte's 2 killed it */
    assert_non_null(strstr(record(h), "mid=optional=yes"));
    cairn_lua_destroy(h);
}

static void a_cancel_declines_the_riposte(void **state)
{
    (void)state;
    cairn_lua *h = riposte("riposte", NULL);
    assert_int_equal(step(h), CAIRN_SESSION_ASKING);
    bool committed = false;
    ok(h, cairn_session_cancel(h, &committed));
    assert_true(committed); /* the beat is committed: it goes on without the riposte */
    assert_int_equal(step(h), CAIRN_SESSION_PLAYING);
    assert_non_null(strstr(at_skeleton(h), "skeleton"));
    assert_non_null(strstr(record(h), "mid=optional=!"));
    cairn_lua_destroy(h);
}

static void two_triggers_ask_their_order_first_and_the_replay_agrees(void **state)
{
    (void)state;
    cairn_lua *h = riposte("riposte_thorns", NULL);
    assert_int_equal(step(h), CAIRN_SESSION_ASKING);
    cairn_prompt p = prompt(h);
    assert_int_equal(p.kind, CAIRN_PROMPT_PICK);
    assert_string_equal(p.name, "order");
    assert_int_equal(p.option_count, 2);
    assert_string_equal(p.options[1], "riposte");
    ok(h, cairn_session_answer(h, "2")); /* the riposte first */
    assert_int_equal(step(h), CAIRN_SESSION_ASKING);
    assert_int_equal(prompt(h).kind, CAIRN_PROMPT_CONFIRM);
    ok(h, cairn_session_answer(h, "yes"));
    assert_int_equal(step(h), CAIRN_SESSION_PLAYING);
    const char *text = record(h);
    assert_non_null(strstr(text, "mid=order=2;optional=yes"));
    char sum[17], again_sum[17];
    session_checksum(h, sum);

    cairn_lua *again = session_host(MOD);
    cairn_session_rerun_result r;
    ok(again, cairn_session_rerun(again, text, &r));
    assert_int_equal(r.played, 1);
    assert_int_equal(r.differs_at, 0);
    session_checksum(again, again_sum);
    assert_string_equal(again_sum, sum);
    cairn_lua_destroy(again);
    cairn_lua_destroy(h);
}

static void a_save_keeps_the_question_waiting(void **state)
{
    (void)state;
    /* The game played through, for what the resumed one must come to. */
    cairn_lua *whole = riposte("riposte_thorns", NULL);
    step(whole);
    ok(whole, cairn_session_answer(whole, "2"));
    step(whole);
    ok(whole, cairn_session_answer(whole, "yes"));
    assert_int_equal(step(whole), CAIRN_SESSION_PLAYING);
    char sum[17];
    session_checksum(whole, sum);
    cairn_lua_destroy(whole);

    cairn_lua *h = riposte("riposte_thorns", NULL);
    step(h);
    ok(h, cairn_session_answer(h, "2"));
    assert_int_equal(step(h), CAIRN_SESSION_ASKING); /* the riposte's yes or no waits */
    char path[256];
    session_temp("question.sqlite", path);
    cairn_error err;
    if (cairn_save_write(h, path, &err))
        fail_msg("%s", err.message);
    cairn_lua_destroy(h);

    cairn_lua *again = session_host(MOD);
    if (cairn_save_read(again, path, &err))
        fail_msg("%s", err.message);
    ok(again, cairn_session_set_interactive(again, true));
    cairn_prompt p = prompt(again);
    assert_int_equal(p.kind, CAIRN_PROMPT_CONFIRM);
    assert_string_equal(p.text, "Riposte for 1 energy?");
    ok(again, cairn_session_answer(again, "yes"));
    assert_int_equal(step(again), CAIRN_SESSION_PLAYING);
    char now[17];
    session_checksum(again, now);
    assert_string_equal(now, sum);
    cairn_lua_destroy(again);
}

static void headless_the_default_answers_without_a_question(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(MOD, "riposte", 3);
    ok(h, cairn_session_input(h, "none", NULL));
    assert_int_equal(step(h), CAIRN_SESSION_PLAYING);
    assert_null(strstr(at_skeleton(h), "skeleton")); /* the default: yes */
    cairn_lua_destroy(h);
}

static void the_frames_show_each_hit_and_what_waits(void **state)
{
    (void)state;
    cairn_lua *h = session_start_game(MOD, "flurry", 3);
    ok(h, cairn_session_set_interactive(h, true));
    step(h); /* the first turn's draw */
    ok(h, cairn_session_choose(h, "play_card"));
    ok(h, cairn_session_answer(h, "1"));   /* the first flurry */
    ok(h, cairn_session_answer(h, "2,2")); /* at the skeleton */
    assert_int_equal(step(h), CAIRN_SESSION_PLAYING);
    const cairn_frame *f;
    size_t n, hits = 0;
    ok(h, cairn_session_frames(h, &f, &n));
    const cairn_frame *first = NULL, *second = NULL;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(f[i].effect, "damage"))
            continue;
        assert_true(f[i].timed);
        assert_string_equal(f[i].label, "flurry");
        assert_int_equal(f[i].cell_count, 1);
        assert_int_equal(f[i].cells[0], 2);
        assert_int_equal(f[i].cells[1], 2);
        *(hits++ ? &second : &first) = &f[i];
    }
    assert_int_equal(hits, 2);
    assert_int_equal(first->change_count, 1);
    assert_string_equal(first->changes[0], "skeleton 2 -> 1 hp");
    assert_int_equal(first->waiting_count, 1); /* the second hit, still on the stack */
    assert_string_equal(first->waiting[0], "flurry: damage");
    assert_string_equal(second->changes[0], "skeleton 1 -> 0 hp");
    assert_int_equal(second->waiting_count, 0);
    cairn_lua_destroy(h);

    /* Headless, nothing is recorded. */
    h = session_start_game(MOD, "flurry", 3);
    step(h);
    ok(h, cairn_session_choose(h, "play_card"));
    ok(h, cairn_session_answer(h, "1"));
    ok(h, cairn_session_answer(h, "2,2"));
    step(h);
    ok(h, cairn_session_frames(h, &f, &n));
    assert_int_equal(n, 0);
    cairn_lua_destroy(h);
}

/* Whether the side panel (the base game's: the actions under way) has this line. */
static bool panel_says(cairn_lua *h, const char *line)
{
    cairn_view v;
    ok(h, cairn_session_view(h, &v));
    for (size_t i = 0; i < v.panel_count; i++)
        if (!strcmp(v.panel[i], line))
            return true;
    return false;
}

/* The knight game, played headless (the defaults answer: the player's first reaction, a
 * dodge or a counter) for `beats` beats. */
static cairn_lua *knight(int beats)
{
    cairn_lua *h = session_start_game(MOD, "knight", 5);
    for (int i = 0; i < beats; i++) {
        ok(h, cairn_session_input(h, "none", NULL));
        step(h);
    }
    return h;
}

static void a_save_and_undo_keep_the_actions_under_way(void **state)
{
    (void)state;
    /* Beat 2 declares the knight's blow, due at the end of beat 3. */
    cairn_lua *whole = knight(3);
    char at3[17], at2[17];
    session_checksum(whole, at3);
    ok(whole, cairn_session_undo(whole));
    session_checksum(whole, at2);
    ok(whole, cairn_session_input(whole, "none", NULL));
    step(whole);
    char again[17];
    session_checksum(whole, again);
    assert_string_equal(again, at3); /* undo, then the beat again: the blow resolved again */
    cairn_lua_destroy(whole);

    cairn_lua *h = knight(2);
    char path[256];
    session_temp("pending.sqlite", path);
    cairn_error err;
    if (cairn_save_write(h, path, &err))
        fail_msg("%s", err.message);
    cairn_lua_destroy(h);
    cairn_lua *resumed = session_host(MOD);
    if (cairn_save_read(resumed, path, &err))
        fail_msg("%s", err.message);
    session_checksum(resumed, again);
    assert_string_equal(again, at2);
    assert_true(panel_says(resumed, "! knight: heavy blow, reacted to, 1 beat left"));
    ok(resumed, cairn_session_input(resumed, "none", NULL));
    step(resumed);
    session_checksum(resumed, again);
    assert_string_equal(again, at3); /* the blow waited in the save, and resolved the same */
    cairn_lua_destroy(resumed);
}

/* A person plays the knight_riposte game (a riposting player, a knight's heavy blows) for
 * `beats` beats, answering each reaction question with its second option (a dodge, then
 * pass: not what the defaults answer) and each riposte yes. Each question plays its beat
 * again from the last checkpoint with the log's answers, those of earlier reactions too.
 * Counts the questions of each kind in *reactions and *ripostes. */
static cairn_lua *knight_answered(int beats, int *reactions, int *ripostes)
{
    cairn_lua *h = session_start_game(MOD, "knight_riposte", 5);
    ok(h, cairn_session_set_interactive(h, true));
    *reactions = *ripostes = 0;
    for (int i = 0; i < beats; i++) {
        ok(h, cairn_session_input(h, "none", NULL));
        while (step(h) == CAIRN_SESSION_ASKING) {
            cairn_prompt p = prompt(h);
            bool pick = p.kind == CAIRN_PROMPT_PICK;
            ++*(pick ? reactions : ripostes);
            ok(h, cairn_session_answer(h, pick ? "2" : "yes"));
        }
    }
    return h;
}

static void questions_after_earlier_reactions_play_their_beat_again_the_same(void **state)
{
    (void)state;
    int reactions, ripostes;
    cairn_lua *h = knight_answered(14, &reactions, &ripostes);
    assert_int_equal(session_beat(h), 14);
    assert_true(reactions >= 3);
    assert_true(ripostes >= 1);
    char sum[17], again_sum[17];
    session_checksum(h, sum);
    /* The record holds every answer: played again, it comes to the same game. */
    cairn_lua *again = session_host(MOD);
    cairn_session_rerun_result r;
    ok(again, cairn_session_rerun(again, record(h), &r));
    assert_int_equal(r.differs_at, 0);
    session_checksum(again, again_sum);
    assert_string_equal(again_sum, sum);
    cairn_lua_destroy(again);
    /* So does undo, beat by beat. */
    for (int n = 13; n >= 0; n--)
        ok(h, cairn_session_undo(h));
    cairn_lua_destroy(h);
}

/* The knight game (or knight_bare: a hand of strikes, no reaction) played by a person, a
 * beat waited: the next beat's blow of the knight opens the window. */
static cairn_lua *knight_asking(const char *game, bool auto_pass)
{
    cairn_lua *h = session_start_game(MOD, game, 5);
    ok(h, cairn_session_set_interactive(h, true));
    ok(h, cairn_session_set_auto_pass(h, auto_pass));
    ok(h, cairn_session_input(h, "none", NULL));
    assert_int_equal(step(h), CAIRN_SESSION_PLAYING);
    ok(h, cairn_session_input(h, "none", NULL));
    assert_int_equal(step(h), CAIRN_SESSION_ASKING);
    cairn_prompt p = prompt(h);
    assert_int_equal(p.kind, CAIRN_PROMPT_PICK);
    assert_string_equal(p.name, "reaction");
    assert_string_equal(p.options[p.option_count - 1], "pass");
    return h;
}

/* Esc at the menu answers it as "pass" would: the beat goes on, the blow unanswered. */
static void a_cancel_at_a_reaction_menu_passes(void **state)
{
    (void)state;
    cairn_lua *h = knight_asking("knight", true);
    bool committed = false;
    ok(h, cairn_session_cancel(h, &committed));
    assert_true(committed);
    assert_int_equal(step(h), CAIRN_SESSION_PLAYING);
    assert_int_equal(session_beat(h), 2);
    assert_true(panel_says(h, "! knight: heavy blow, reacted to, 1 beat left"));
    assert_non_null(strstr(record(h), "mid=reaction=3"));
    cairn_lua_destroy(h);

    /* Asked with nothing to play but "pass", the same; but its answer is not kept, as a game
     * played again (a replay, undo) does not ask such a window. */
    h = knight_asking("knight_bare", false);
    assert_int_equal(prompt(h).option_count, 1);
    ok(h, cairn_session_cancel(h, &committed));
    assert_int_equal(step(h), CAIRN_SESSION_PLAYING);
    assert_int_equal(session_beat(h), 2);
    assert_null(strstr(record(h), "mid=reaction"));
    cairn_lua_destroy(h);
}

/* A wrong answer to a question inside a beat is refused and the question stays. */
static void a_wrong_answer_to_a_reaction_menu_is_refused(void **state)
{
    (void)state;
    cairn_lua *h = knight_asking("knight", true);
    const char *wrong[] = {"!", "0", "4", "-1", "pass", "", "1,1", "#1", "yes"};
    for (size_t i = 0; i < sizeof wrong / sizeof *wrong; i++) {
        assert_int_equal(cairn_session_answer(h, wrong[i]), CAIRN_ERR_INVALID);
        assert_int_equal(prompt(h).kind, CAIRN_PROMPT_PICK);
    }
    ok(h, cairn_session_answer(h, "3"));
    assert_int_equal(step(h), CAIRN_SESSION_PLAYING);
    assert_int_equal(session_beat(h), 2);
    cairn_lua_destroy(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_beat_stops_at_the_question_and_goes_on_once_answered),
        cmocka_unit_test(a_cancel_declines_the_riposte),
        cmocka_unit_test(questions_after_earlier_reactions_play_their_beat_again_the_same),
        cmocka_unit_test(two_triggers_ask_their_order_first_and_the_replay_agrees),
        cmocka_unit_test(a_save_keeps_the_question_waiting),
        cmocka_unit_test(headless_the_default_answers_without_a_question),
        cmocka_unit_test(the_frames_show_each_hit_and_what_waits),
        cmocka_unit_test(a_save_and_undo_keep_the_actions_under_way),
        cmocka_unit_test(a_cancel_at_a_reaction_menu_passes),
        cmocka_unit_test(a_wrong_answer_to_a_reaction_menu_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
