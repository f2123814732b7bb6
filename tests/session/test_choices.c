/*
 * test_choices.c - choices through the session's C API, as a front end commits them: the
 * list with keys and reasons, each prompt kind answered as text, a refused answer leaving its
 * prompt waiting, cancel with and without an effect, descriptions for targeting; then the
 * game with choices kept by a save and proved by its replay. The game is the fixture pack
 * tests/lua/packs/choosing.
 */
#include <stdlib.h>
#include <string.h>

#include "cairn/save.h"
#include "session.h"

#define MOD "choosing"

static void ok(cairn_lua *h, cairn_err st)
{
    if (st)
        fail_msg("%s", cairn_lua_error(h));
}

static cairn_lua *yard(void)
{
    return session_start_game(MOD, "yard", 7);
}

static cairn_prompt prompt(cairn_lua *h)
{
    cairn_prompt p;
    ok(h, cairn_session_prompt(h, &p));
    return p;
}

static int rat_hp(cairn_lua *h, int x)
{
    char text[64];
    const char *line;
    ok(h, cairn_session_describe(h, x, 1, &line));
    snprintf(text, sizeof text, "%s", line);
    int hp = -1;
    sscanf(text, "rat (%d of", &hp);
    return hp;
}

static void the_list_has_keys_labels_and_reasons(void **state)
{
    (void)state;
    cairn_lua *h = yard();
    const cairn_choice_entry *list;
    size_t n;
    ok(h, cairn_session_choices(h, &list, &n));
    assert_int_equal(n, 5);
    assert_string_equal(list[0].name, "choosing:walk");
    assert_string_equal(list[0].key, "direction");
    assert_string_equal(list[2].label, "pelt a rat");
    assert_string_equal(list[2].key, "p");
    assert_true(list[2].available);
    assert_string_equal(list[2].reason, "");
    cairn_lua_destroy(h);
}

static void a_choice_is_committed_prompt_by_prompt(void **state)
{
    (void)state;
    cairn_lua *h = yard();
    ok(h, cairn_session_choose(h, "pelt"));
    cairn_prompt p = prompt(h);
    assert_int_equal(p.kind, CAIRN_PROMPT_SELECT);
    assert_string_equal(p.choice, "pelt a rat");
    assert_string_equal(p.text, "Pelt what?");
    assert_string_equal(p.among, "entity");
    assert_int_equal(p.range, 4);
    assert_int_equal(p.x, 1);
    assert_int_equal(p.y, 1);
    assert_int_equal(p.cell_count, 1); /* the far rat is out of range */
    assert_int_equal(p.cells[0], 4);
    assert_int_equal(p.cells[1], 1);

    /* An answer the prompt does not take leaves it waiting. */
    assert_int_equal(cairn_session_answer(h, "10,1"), CAIRN_ERR_INVALID);
    assert_non_null(strstr(cairn_lua_error(h), "an entity within 4 cells"));
    assert_int_equal(prompt(h).kind, CAIRN_PROMPT_SELECT);

    ok(h, cairn_session_answer(h, "4,1"));
    p = prompt(h);
    assert_int_equal(p.kind, CAIRN_PROMPT_NUMBER);
    assert_int_equal(p.min, 1);
    assert_int_equal(p.max, 4);
    assert_int_equal(cairn_session_answer(h, "5"), CAIRN_ERR_INVALID);
    ok(h, cairn_session_answer(h, "3"));
    p = prompt(h);
    assert_int_equal(p.kind, CAIRN_PROMPT_NONE);
    assert_true(p.committed);

    assert_int_equal(rat_hp(h, 4), 9);
    ok(h, cairn_session_step(h, NULL));
    assert_int_equal(rat_hp(h, 4), 6);
    cairn_lua_destroy(h);
}

static void a_closed_choice_says_why(void **state)
{
    (void)state;
    cairn_lua *h = yard();
    for (int i = 0; i < 4; i++) {
        ok(h, cairn_session_choose(h, "pelt"));
        ok(h, cairn_session_answer(h, "4,1"));
        ok(h, cairn_session_answer(h, "1"));
        ok(h, cairn_session_step(h, NULL));
    }
    const cairn_choice_entry *list;
    size_t n;
    ok(h, cairn_session_choices(h, &list, &n));
    assert_false(list[2].available);
    assert_string_equal(list[2].reason, "no stones left");
    assert_int_equal(cairn_session_choose(h, "pelt"), CAIRN_ERR_STATE);
    assert_non_null(strstr(cairn_lua_error(h), "no stones left"));
    cairn_lua_destroy(h);
}

static void cancel_drops_a_choice_or_commits_its_effect(void **state)
{
    (void)state;
    cairn_lua *h = yard();
    ok(h, cairn_session_choose(h, "jump"));
    cairn_prompt p = prompt(h);
    assert_int_equal(p.kind, CAIRN_PROMPT_CONFIRM);
    assert_false(p.cancel_costs);
    bool committed = true;
    ok(h, cairn_session_cancel(h, &committed));
    assert_false(committed);
    p = prompt(h);
    assert_int_equal(p.kind, CAIRN_PROMPT_NONE);
    assert_false(p.committed);

    /* A choice begun replaces an input given before: dropped, it leaves none. */
    ok(h, cairn_session_input(h, "move", "e"));
    ok(h, cairn_session_choose(h, "jump"));
    ok(h, cairn_session_cancel(h, &committed));
    assert_false(prompt(h).committed);
    ok(h, cairn_session_step(h, NULL));
    const char *text;
    ok(h, cairn_session_describe(h, 1, 1, &text));
    assert_string_equal(text, "you (9 of 9 hp)"); /* it did not move */

    ok(h, cairn_session_choose(h, "sing"));
    p = prompt(h);
    assert_int_equal(p.kind, CAIRN_PROMPT_PICK);
    assert_int_equal(p.option_count, 2);
    assert_string_equal(p.options[1], "a march");
    assert_true(p.cancel_costs);
    ok(h, cairn_session_cancel(h, &committed));
    assert_true(committed);
    assert_true(prompt(h).committed);
    cairn_lua_destroy(h);
}

static void describe_says_what_stands_on_a_cell(void **state)
{
    (void)state;
    cairn_lua *h = yard();
    const char *text;
    ok(h, cairn_session_describe(h, 4, 1, &text));
    assert_string_equal(text, "rat (9 of 9 hp)");
    ok(h, cairn_session_describe(h, 1, 1, &text));
    assert_string_equal(text, "you (9 of 9 hp)");
    ok(h, cairn_session_describe(h, 2, 1, &text));
    assert_string_equal(text, "nothing");
    cairn_lua_destroy(h);
}

/* Beats of every kind: a direction, a pelt, a song, a cancelled song, a wait. */
static void play_some(cairn_lua *h)
{
    ok(h, cairn_session_choose(h, "walk"));
    ok(h, cairn_session_answer(h, "e"));
    ok(h, cairn_session_step(h, NULL));
    ok(h, cairn_session_choose(h, "pelt"));
    ok(h, cairn_session_answer(h, "4,1"));
    ok(h, cairn_session_answer(h, "2"));
    ok(h, cairn_session_step(h, NULL));
    ok(h, cairn_session_choose(h, "sing"));
    ok(h, cairn_session_answer(h, "2"));
    ok(h, cairn_session_step(h, NULL));
    ok(h, cairn_session_choose(h, "sing"));
    ok(h, cairn_session_cancel(h, NULL));
    ok(h, cairn_session_step(h, NULL));
    ok(h, cairn_session_choose(h, "choosing:wait"));
    ok(h, cairn_session_step(h, NULL));
}

static void a_replay_of_choices_verifies(void **state)
{
    (void)state;
    cairn_lua *h = yard();
    play_some(h);
    const char *text;
    ok(h, cairn_session_record(h, &text));
    assert_non_null(strstr(text, "beat 2 !choosing:pelt at=#"));
    assert_non_null(strstr(text, ";stones=2 "));
    assert_non_null(strstr(text, "beat 4 !choosing:sing song=! "));
    char *copy = malloc(strlen(text) + 1);
    assert_non_null(copy);
    strcpy(copy, text);
    char sum[17];
    session_checksum(h, sum);
    cairn_lua_destroy(h);

    cairn_lua *again = session_host(MOD);
    uint64_t beats;
    ok(again, cairn_session_replay_start(again, copy, &beats));
    assert_int_equal(beats, 5);
    bool done = false;
    while (!done)
        ok(again, cairn_session_replay_step(again, &done));
    char now[17];
    session_checksum(again, now);
    assert_string_equal(now, sum);
    free(copy);
    cairn_lua_destroy(again);
}

static void a_save_keeps_the_choices_and_undo_replays_them(void **state)
{
    (void)state;
    cairn_lua *h = yard();
    play_some(h);
    char path[256], sum[17], before_last[17];
    session_temp("choices.sqlite", path);
    cairn_error err;
    if (cairn_save_write(h, path, &err))
        fail_msg("%s", err.message);
    session_checksum(h, sum);
    ok(h, cairn_session_undo(h));
    session_checksum(h, before_last);
    cairn_lua_destroy(h);

    cairn_lua *again = session_host(MOD);
    if (cairn_save_read(again, path, &err))
        fail_msg("%s", err.message);
    char now[17];
    session_checksum(again, now);
    assert_string_equal(now, sum);
    ok(again, cairn_session_undo(again));
    session_checksum(again, now);
    assert_string_equal(now, before_last);
    ok(again, cairn_session_undo(again)); /* back over the cancelled song, and the song */
    ok(again, cairn_session_undo(again));
    ok(again, cairn_session_undo(again)); /* and the pelt */
    assert_int_equal(rat_hp(again, 4), 9);
    cairn_lua_destroy(again);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_list_has_keys_labels_and_reasons),
        cmocka_unit_test(a_choice_is_committed_prompt_by_prompt),
        cmocka_unit_test(a_closed_choice_says_why),
        cmocka_unit_test(cancel_drops_a_choice_or_commits_its_effect),
        cmocka_unit_test(describe_says_what_stands_on_a_cell),
        cmocka_unit_test(a_replay_of_choices_verifies),
        cmocka_unit_test(a_save_keeps_the_choices_and_undo_replays_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
