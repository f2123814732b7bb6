/*
 * test_game.c - one game the server holds (runtime/server/game.c), driven as the server
 * drives it, every message it sends caught per audience: the seat the game waits for is
 * asked and the others are told who decides; a question inside a beat waits until its
 * deadline, then takes the default; an action out of turn is refused and changes nothing;
 * bots play their seats; each audience sees its own prompt and choices only; the actions
 * applied again quietly come to the same beat and checksum; undo is only for a game of one
 * person's seat. The games are the example duo (the base dungeon for two heroes), the
 * cardplay fixture's riposte (a skeleton hits the hero in the first beat: "Riposte?"), the
 * apart fixture (two heroes a wall apart, a hand each, a gem only the second sees), the
 * below fixture (the same going down to a floor with such a gem), the pair fixture (a
 * brute's slam asks each of two heroes whether to dodge, every beat) and the alone fixture
 * (a brute's first slam kills the first hero, not the second).
 */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game.h"

#define DUO      CAIRN_EXAMPLES "/duo"
#define CARDPLAY CAIRN_E2E_PACKS "/cardplay"
#define APART    CAIRN_TEST_PACKS "/apart"
#define PAIR     CAIRN_SERVER_FIXTURES "/pair"
#define BELOW    CAIRN_SERVER_FIXTURES "/below"
#define ALONE    CAIRN_SERVER_FIXTURES "/alone"

/* What the game sent, in order, and the clock it reads. */
typedef struct sent {
    size_t audience;
    char *json;
} sent;

typedef struct sink {
    sent *list;
    size_t count, cap;
    int64_t now;
} sink;

static void on_send(void *ud, const char *game_id, size_t audience, const char *json, size_t len)
{
    sink *s = ud;
    assert_string_equal(game_id, "g1");
    assert_int_equal(strlen(json), len);
    if (s->count == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->list = realloc(s->list, s->cap * sizeof *s->list);
        assert_non_null(s->list);
    }
    s->list[s->count].audience = audience;
    s->list[s->count].json = strdup(json);
    s->count++;
}

static int64_t on_clock(void *ud)
{
    return ((sink *)ud)->now;
}

static void forget(sink *s)
{
    for (size_t i = 0; i < s->count; i++)
        free(s->list[i].json);
    s->count = 0;
}

static void sink_free(sink *s)
{
    forget(s);
    free(s->list);
}

/* The messages of type t sent to an audience, and the last of them (NULL: none). */
static size_t count_of(const sink *s, size_t audience, const char *t, const char **last)
{
    char head[64];
    snprintf(head, sizeof head, "{\"t\":\"%s\"", t);
    size_t n = 0;
    if (last)
        *last = NULL;
    for (size_t i = 0; i < s->count; i++) {
        if (s->list[i].audience != audience || strncmp(s->list[i].json, head, strlen(head)))
            continue;
        n++;
        if (last)
            *last = s->list[i].json;
    }
    return n;
}

static const char *last_of(const sink *s, size_t audience, const char *t)
{
    const char *json;
    count_of(s, audience, t, &json);
    if (!json)
        fail_msg("no '%s' was sent to audience %zu", t, audience);
    return json;
}

static void assert_has(const char *json, const char *part)
{
    if (!strstr(json, part))
        fail_msg("'%s' is not in %s", part, json);
}

static void assert_lacks(const char *json, const char *part)
{
    if (strstr(json, part))
        fail_msg("'%s' is in %s", part, json);
}

static srv_game *make(sink *s, const char *pack, const char *game, uint64_t seed,
                      const char *const *bots, size_t bot_count)
{
    const char *packs[] = {pack};
    srv_game_config c = {.id = "g1",
                         .game = game,
                         .seed = seed,
                         .pack_dirs = packs,
                         .pack_count = 1,
                         .bots = bots,
                         .bot_count = bot_count,
                         .clock = on_clock};
    srv_game *g;
    cairn_error err;
    if (srv_game_create(&c, on_send, s, &g, &err))
        fail_msg("no game: %s", err.message);
    return g;
}

static srv_game *duo(sink *s, const char *const *bots, size_t bot_count)
{
    return make(s, DUO, "dungeon", 7, bots, bot_count);
}

static srv_msg action(srv_msg_type type, int64_t beat, const char *text)
{
    srv_msg m = {.type = type, .beat = beat, .seat = -1, .from = -1, .to = -1};
    if (text)
        snprintf(m.text, sizeof m.text, "%s", text);
    return m;
}

/* The game's beat and checksum, as a text to compare. */
static void standing(const srv_game *g, char out[40])
{
    char sum[17];
    srv_game_checksum(g, sum);
    snprintf(out, 40, "%llu %s", (unsigned long long)srv_game_beat(g), sum);
}

/* An action that must be applied. */
static void act(srv_game *g, size_t seat, const srv_msg *m, int64_t now)
{
    char why[256] = "";
    srv_result r = srv_game_act(g, seat, m, now, false, why, sizeof why);
    if (r != SRV_OK)
        fail_msg("seat %zu's action refused (%d): %s", seat, r, why);
}

static void wait_beat(srv_game *g, size_t seat)
{
    srv_msg m = action(SRV_MSG_CHOOSE, (int64_t)srv_game_beat(g), "base:wait");
    act(g, seat, &m, 0);
}

static void the_seat_waited_for_is_asked_and_the_others_told_who_decides(void **state)
{
    (void)state;
    sink s = {0};
    srv_game *g = duo(&s, NULL, 0);
    assert_int_equal(srv_game_seats(g), 2);
    assert_int_equal(s.count, 0); /* no one has joined yet */
    for (size_t a = 0; a <= 2; a++) {
        srv_game_send_state(g, a);
        const char *json = last_of(&s, a, "state");
        assert_has(json, "\"deciding\":{\"seat\":1,\"what\":\"input\",\"until_ms\":null}");
        assert_has(json, "\"beat\":0,");
    }
    forget(&s);

    wait_beat(g, 1);
    /* Seat 1's choice is taken: everyone is told that seat 2 decides now; no screen changed. */
    for (size_t a = 0; a <= 2; a++) {
        assert_has(last_of(&s, a, "deciding"), "\"seat\":2,\"what\":\"input\"");
        assert_int_equal(count_of(&s, a, "state", NULL), 0);
    }
    assert_int_equal(srv_game_beat(g), 0);
    forget(&s);

    wait_beat(g, 2);
    assert_int_equal(srv_game_beat(g), 1);
    for (size_t a = 0; a <= 2; a++) {
        assert_int_equal(count_of(&s, a, "beat", NULL), 1);
        assert_has(last_of(&s, a, "beat"), "\"beat\":1,");
        assert_has(last_of(&s, a, "state"), "\"deciding\":{\"seat\":1,");
        assert_int_equal(count_of(&s, a, "state", NULL), 1);
    }
    /* To each, the beat comes first, its state after it. */
    assert_int_equal(s.count, 6);
    for (size_t i = 0; i < s.count; i++)
        assert_true(!strncmp(s.list[i].json, i % 2 ? "{\"t\":\"state\"" : "{\"t\":\"beat\"", 10));
    srv_game_destroy(g);
    sink_free(&s);
}

static void out_of_turn_is_refused_and_changes_nothing(void **state)
{
    (void)state;
    sink s = {0};
    srv_game *g = duo(&s, NULL, 0);
    char before[40], after[40], why[256];
    standing(g, before);
    srv_msg wait = action(SRV_MSG_CHOOSE, 0, "base:wait");
    srv_msg yes = action(SRV_MSG_ANSWER, 0, "yes");
    srv_msg no_prompt = action(SRV_MSG_CANCEL, 0, NULL);
    srv_msg expire = action(SRV_MSG_EXPIRE, -1, NULL);
    assert_int_equal(srv_game_act(g, 2, &wait, 0, false, why, sizeof why), SRV_TURN);
    assert_non_null(strstr(why, "waits for seat 1"));
    assert_int_equal(srv_game_act(g, 2, &yes, 0, false, why, sizeof why), SRV_TURN);
    assert_int_equal(srv_game_act(g, 3, &wait, 0, false, why, sizeof why), SRV_TURN);
    assert_int_equal(srv_game_act(g, 0, &wait, 0, false, why, sizeof why), SRV_TURN);
    assert_int_equal(srv_game_act(g, 1, &expire, 0, false, why, sizeof why), SRV_TURN);
    assert_int_equal(srv_game_act(g, 0, &expire, 0, false, why, sizeof why), SRV_INVALID);
    /* Seat 1's turn, but no prompt waits for it to answer or cancel. */
    assert_int_equal(srv_game_act(g, 1, &yes, 0, false, why, sizeof why), SRV_TURN);
    assert_int_equal(srv_game_act(g, 1, &no_prompt, 0, false, why, sizeof why), SRV_TURN);
    srv_msg nothing = action(SRV_MSG_CHOOSE, 0, "base:no_such_choice");
    assert_int_equal(srv_game_act(g, 1, &nothing, 0, false, why, sizeof why), SRV_UNAVAILABLE);
    standing(g, after);
    assert_string_equal(after, before);
    assert_int_equal(s.count, 0);

    /* Still seat 1's turn: its choice is taken. */
    wait_beat(g, 1);
    wait_beat(g, 2);
    forget(&s);
    standing(g, before);
    /* An action for beat 0, the game at beat 1: stale. */
    assert_int_equal(srv_game_act(g, 1, &wait, 0, false, why, sizeof why), SRV_STALE);
    standing(g, after);
    assert_string_equal(after, before);
    assert_int_equal(s.count, 0);
    srv_game_destroy(g);
    sink_free(&s);
}

/* The riposte's game, with the hero's wait asked "Riposte for 1 energy?" at 1000 ms. */
static srv_game *riposte(sink *s)
{
    s->now = 1000;
    srv_game *g = make(s, CARDPLAY, "riposte", 3, NULL, 0);
    srv_msg wait = action(SRV_MSG_CHOOSE, 0, "base:wait");
    act(g, 1, &wait, 1000);
    return g;
}

static void a_question_waits_until_its_deadline_then_takes_the_default(void **state)
{
    (void)state;
    sink s = {0};
    srv_game *g = riposte(&s);
    /* The beat waits for the answer: no beat passed. */
    assert_int_equal(srv_game_beat(g), 0);
    assert_int_equal(srv_game_deadline(g), 1000 + 30000);
    const char *json = last_of(&s, 1, "state");
    assert_has(json, "\"text\":\"Riposte for 1 energy?\"");
    assert_has(json, "\"deciding\":{\"seat\":1,\"what\":\"question\",\"until_ms\":30000}");
    assert_has(last_of(&s, 0, "deciding"), "\"what\":\"question\",\"until_ms\":30000");
    /* A state sent later says the time left by the server's clock. */
    s.now = 21000;
    srv_game_send_state(g, 1);
    assert_has(last_of(&s, 1, "state"), "\"until_ms\":10000}");

    char why[256];
    srv_msg expire = action(SRV_MSG_EXPIRE, -1, NULL);
    assert_int_equal(srv_game_act(g, 0, &expire, 30999, false, why, sizeof why), SRV_INVALID);
    assert_int_equal(srv_game_deadline(g), 31000);
    forget(&s);
    act(g, 0, &expire, 31000);
    assert_int_equal(srv_game_beat(g), 1);
    assert_int_equal(srv_game_deadline(g), 0);
    assert_has(last_of(&s, 1, "beat"), "\"beat\":1,");
    const char *text;
    assert_int_equal(srv_game_record(g, &text), CAIRN_OK);
    assert_non_null(strstr(text, "mid=optional=!")); /* the default: declined */
    srv_game_destroy(g);
    sink_free(&s);
}

static void the_seat_asked_answers_its_question(void **state)
{
    (void)state;
    sink s = {0};
    srv_game *g = riposte(&s);
    srv_msg no = action(SRV_MSG_ANSWER, 0, "no");
    act(g, 1, &no, 2000);
    assert_int_equal(srv_game_beat(g), 1);
    assert_int_equal(srv_game_deadline(g), 0);
    const char *text;
    assert_int_equal(srv_game_record(g, &text), CAIRN_OK);
    assert_non_null(strstr(text, "mid=optional=no"));
    srv_game_destroy(g);
    sink_free(&s);
}

/* The brute's slam reaches both heroes: each seat is asked in turn whether to dodge, and the
 * others are told who answers. */
static void a_question_goes_to_the_seat_it_concerns(void **state)
{
    (void)state;
    sink s = {.now = 5000};
    srv_game *g = make(&s, PAIR, "pair", 7, NULL, 0);
    wait_beat(g, 1);
    forget(&s);
    srv_msg wait = action(SRV_MSG_CHOOSE, 0, "base:wait");
    act(g, 2, &wait, 5000);
    assert_int_equal(srv_game_beat(g), 0); /* the beat waits for the answers */
    assert_has(last_of(&s, 1, "state"), "\"prompt\":{\"kind\":\"pick\",\"seat\":1,");
    assert_has(last_of(&s, 1, "state"), "\"deciding\":{\"seat\":1,\"what\":\"question\"");
    assert_has(last_of(&s, 2, "deciding"), "\"seat\":1,\"what\":\"question\"");
    assert_has(last_of(&s, 0, "deciding"), "\"seat\":1,\"what\":\"question\"");
    assert_int_equal(count_of(&s, 2, "state", NULL), 0);
    int64_t answer_ms = srv_game_deadline(g) - 5000; /* the pair's answer_seconds */
    assert_true(answer_ms > 0);
    /* Seat 2 cannot answer seat 1's question. */
    char why[256], before[40], after[40];
    standing(g, before);
    srv_msg pass = action(SRV_MSG_CANCEL, 0, NULL);
    assert_int_equal(srv_game_act(g, 2, &pass, 5000, false, why, sizeof why), SRV_TURN);
    standing(g, after);
    assert_string_equal(after, before);
    forget(&s);

    act(g, 1, &pass, 6000);
    /* Now seat 2's hero is asked; seat 1 is told so, its question gone. */
    assert_has(last_of(&s, 2, "state"), "\"prompt\":{\"kind\":\"pick\",\"seat\":2,");
    assert_has(last_of(&s, 1, "state"), "\"prompt\":null");
    assert_has(last_of(&s, 1, "state"), "\"deciding\":{\"seat\":2,\"what\":\"question\"");
    assert_has(last_of(&s, 0, "deciding"), "\"seat\":2,\"what\":\"question\"");
    assert_int_equal(srv_game_deadline(g), 6000 + answer_ms);
    forget(&s);
    act(g, 2, &pass, 7000);
    assert_int_equal(srv_game_beat(g), 1);
    assert_int_equal(srv_game_deadline(g), 0);
    for (size_t a = 0; a <= 2; a++)
        assert_has(last_of(&s, a, "state"), "\"deciding\":{\"seat\":1,\"what\":\"input\"");
    srv_game_destroy(g);
    sink_free(&s);
}

static void bots_play_their_seats(void **state)
{
    (void)state;
    sink s = {0};
    const char *second[] = {"", "explorer"};
    srv_game *g = duo(&s, second, 2);
    assert_true(srv_game_seat_is_bot(g, 2));
    assert_false(srv_game_seat_is_bot(g, 1));
    for (int i = 0; i < 5; i++) {
        wait_beat(g, 1);
        /* Seat 2's bot gave its input at once: the beat is played, seat 1 asked again. */
        assert_int_equal(srv_game_beat(g), (uint64_t)i + 1);
        assert_has(last_of(&s, 1, "state"), "\"deciding\":{\"seat\":1,");
    }
    assert_has(last_of(&s, 1, "state"), "{\"seat\":2,\"kind\":\"bot\",\"connected\":true");
    srv_game_destroy(g);
    forget(&s);

    /* A bot in the first seat gives its input as the game is made. */
    const char *first[] = {"explorer"};
    g = duo(&s, first, 1);
    srv_game_send_state(g, 2);
    assert_has(last_of(&s, 2, "state"), "\"deciding\":{\"seat\":2,");
    srv_game_destroy(g);
    sink_free(&s);
}

/* Once no person's character lives, the bots do not play on by themselves: the game is over
 * for the server, and no one is asked. */
static void a_game_without_its_people_is_over(void **state)
{
    (void)state;
    sink s = {0};
    const char *second[] = {"", "explorer"};
    srv_game *g = make(&s, ALONE, "alone", 7, second, 2);
    assert_false(srv_game_ended(g));
    wait_beat(g, 1);
    assert_int_equal(srv_game_beat(g), 1);
    assert_true(srv_game_ended(g));
    const char *json = last_of(&s, 0, "state");
    assert_has(json, "\"deciding\":null");
    assert_has(json, "{\"seat\":1,\"kind\":\"person\",\"connected\":false,\"alive\":false}");
    assert_has(json, "{\"seat\":2,\"kind\":\"bot\",\"connected\":true,\"alive\":true}");
    char why[256];
    srv_msg wait = action(SRV_MSG_CHOOSE, 1, "base:wait");
    assert_int_equal(srv_game_act(g, 1, &wait, 0, false, why, sizeof why), SRV_UNAVAILABLE);
    srv_game_destroy(g);
    sink_free(&s);
}

static void a_game_needs_a_person_and_seats_it_has(void **state)
{
    (void)state;
    sink s = {0};
    const char *both[] = {"explorer", "explorer"};
    const char *three[] = {"", "", "explorer"};
    const char *packs[] = {DUO};
    srv_game_config c = {.id = "g1",
                         .game = "dungeon",
                         .seed = 7,
                         .pack_dirs = packs,
                         .pack_count = 1,
                         .bots = both,
                         .bot_count = 2};
    srv_game *g;
    cairn_error err;
    assert_int_equal(srv_game_create(&c, on_send, &s, &g, &err), CAIRN_ERR_INVALID);
    assert_non_null(strstr(err.message, "every seat has a bot"));
    assert_null(g);
    c.bots = three;
    c.bot_count = 3;
    assert_int_equal(srv_game_create(&c, on_send, &s, &g, &err), CAIRN_ERR_INVALID);
    c.game = "no_such_game";
    c.bot_count = 0;
    assert_int_not_equal(srv_game_create(&c, on_send, &s, &g, &err), CAIRN_OK);
    assert_non_null(strstr(err.message, "does not start"));
    sink_free(&s);
}

/* The map's rows of a state (its "glyphs"), as a text of their own. */
static void glyphs_of(const char *state_json, char *out, size_t size)
{
    const char *from = strstr(state_json, "\"glyphs\":[");
    assert_non_null(from);
    size_t n = strcspn(from, "]");
    assert_true(n < size);
    memcpy(out, from, n);
    out[n] = '\0';
}

/* A state's view, up to its choices, as a text of its own. */
static void view_of(const char *state_json, char *out, size_t size)
{
    const char *from = strstr(state_json, "\"view\":");
    const char *to = strstr(state_json, ",\"choices\":");
    assert_true(from && to && to > from && (size_t)(to - from) < size);
    memcpy(out, from, (size_t)(to - from));
    out[to - from] = '\0';
}

static void each_seat_sees_what_its_character_may_know(void **state)
{
    (void)state;
    sink s = {0};
    srv_game *g = make(&s, APART, "apart", 7, NULL, 0);
    for (size_t a = 0; a <= 2; a++)
        srv_game_send_state(g, a);
    char one[512], two[512], watching[512];
    glyphs_of(last_of(&s, 1, "state"), one, sizeof one);
    glyphs_of(last_of(&s, 2, "state"), two, sizeof two);
    glyphs_of(last_of(&s, 0, "state"), watching, sizeof watching);
    /* The gem lies where only seat 2's hero sees it; the idol where no one does. */
    assert_lacks(one, "*");
    assert_has(two, "*");
    assert_has(watching, "*");
    assert_lacks(one, "&");
    assert_lacks(two, "&");
    assert_lacks(watching, "&");
    /* Each hand is its seat's own; a spectator sees none, nor the seed. */
    assert_has(last_of(&s, 1, "state"), "hand: sword");
    assert_lacks(last_of(&s, 1, "state"), "crown");
    assert_has(last_of(&s, 2, "state"), "hand: crown");
    assert_lacks(last_of(&s, 2, "state"), "sword");
    assert_lacks(last_of(&s, 0, "state"), "hand");
    assert_lacks(last_of(&s, 0, "state"), "Seed");
    srv_game_destroy(g);
    sink_free(&s);
}

/* A beat's message tells an audience of what spawned only where it sees: of the floor made
 * below, seat 1 is not told of the gem in the east room. */
static void a_beat_tells_of_what_spawned_where_the_audience_sees(void **state)
{
    (void)state;
    sink s = {0};
    srv_game *g = make(&s, BELOW, "below", 7, NULL, 0);
    wait_beat(g, 1);
    wait_beat(g, 2);
    const char *one = last_of(&s, 1, "beat"), *two = last_of(&s, 2, "beat");
    assert_lacks(one, "gem");
    assert_has(two, "spawned below:gem#");
    assert_has(two, " at 9,3\"");
    assert_has(last_of(&s, 0, "beat"), "spawned below:gem#");
    srv_game_destroy(g);
    sink_free(&s);
}

static void each_audience_sees_its_own_prompt_and_choices(void **state)
{
    (void)state;
    sink s = {0};
    srv_game *g = duo(&s, NULL, 0);
    srv_msg bump = action(SRV_MSG_CHOOSE, 0, "base:bump");
    act(g, 1, &bump, 0);
    /* Seat 1's direction is asked of seat 1 alone. */
    assert_has(last_of(&s, 1, "state"), "\"text\":\"Move which way?\"");
    for (size_t a = 0; a <= 2; a++)
        srv_game_send_state(g, a);
    assert_has(last_of(&s, 1, "state"), "\"prompt\":{\"kind\":\"select\",\"seat\":1,");
    assert_has(last_of(&s, 2, "state"), "\"prompt\":null");
    assert_has(last_of(&s, 0, "state"), "\"prompt\":null");
    assert_has(last_of(&s, 2, "state"), "\"name\":\"base:wait\"");
    /* Spectators choose nothing. */
    assert_has(last_of(&s, 0, "state"), "\"choices\":[]");
    srv_game_destroy(g);
    sink_free(&s);
}

/* A choose whose answer the prompt refuses is applied up to it: the prompt waits, and the
 * seat is told why. */
static void a_refused_answer_leaves_its_prompt_waiting(void **state)
{
    (void)state;
    sink s = {0};
    srv_game *g = duo(&s, NULL, 0);
    srv_msg bump = action(SRV_MSG_CHOOSE, 0, "base:bump");
    snprintf(bump.answers[0], sizeof bump.answers[0], "up");
    bump.answer_count = 1;
    act(g, 1, &bump, 0);
    assert_has(last_of(&s, 1, "error"), "\"code\":\"invalid\"");
    assert_has(last_of(&s, 1, "state"), "\"text\":\"Move which way?\"");
    /* A choice cannot be begun over it, only answered or cancelled. */
    char why[256];
    srv_msg wait = action(SRV_MSG_CHOOSE, 0, "base:wait");
    assert_int_equal(srv_game_act(g, 1, &wait, 0, false, why, sizeof why), SRV_INVALID);
    srv_msg cancel = action(SRV_MSG_CANCEL, 0, NULL);
    act(g, 1, &cancel, 0);
    wait_beat(g, 1);
    assert_has(last_of(&s, 2, "deciding"), "\"seat\":2,");
    srv_game_destroy(g);
    sink_free(&s);
}

/* The actions a game applied, as the store logs them. */
typedef struct logged {
    size_t seat;
    srv_msg m;
    int64_t now;
} logged;

static void play_logged(srv_game *g, logged *log, size_t n)
{
    for (size_t i = 0; i < n; i++)
        act(g, log[i].seat, &log[i].m, log[i].now);
}

static void apply_quietly(srv_game *g, logged *log, size_t n)
{
    char why[256];
    for (size_t i = 0; i < n; i++)
        if (srv_game_act(g, log[i].seat, &log[i].m, log[i].now, true, why, sizeof why))
            fail_msg("action %zu refused when applied again: %s", i, why);
}

static void the_log_applied_again_quietly_is_the_same_game(void **state)
{
    (void)state;
    sink s = {0};
    const char *second[] = {"", "explorer"};
    /* Bumps east and west, each cancelled when its way is shut (its prompt then waits), and
     * waits, a beat taken back on the way; the log keeps what was applied. */
    logged log[20];
    size_t n = 0;
    for (int i = 0; i < 6; i++) {
        log[n] = (logged){1, action(SRV_MSG_CHOOSE, -1, "base:bump"), 0};
        log[n].m.answer_count = 1;
        snprintf(log[n++].m.answers[0], SRV_TEXT_MAX, "%s", i % 2 ? "e" : "w");
        log[n++] = (logged){1, action(SRV_MSG_CANCEL, -1, NULL), 0};
        log[n++] = (logged){1, action(SRV_MSG_CHOOSE, -1, "base:wait"), 0};
        if (i == 3)
            log[n++] = (logged){1, action(SRV_MSG_UNDO, -1, NULL), 0};
    }
    srv_game *g = duo(&s, second, 2);
    logged applied[20];
    size_t kept = 0;
    char why[256];
    bool undone = false;
    for (size_t i = 0; i < n; i++) {
        if (srv_game_act(g, log[i].seat, &log[i].m, 0, false, why, sizeof why) == SRV_OK)
            applied[kept++] = log[i];
        undone = undone || (kept && applied[kept - 1].m.type == SRV_MSG_UNDO);
    }
    assert_true(undone);
    char live[40], again[40], seen[3][4096];
    standing(g, live);
    assert_true(srv_game_beat(g) >= 6);
    for (size_t a = 0; a <= 2; a++) {
        srv_game_send_state(g, a);
        view_of(last_of(&s, a, "state"), seen[a], sizeof seen[a]);
    }
    srv_game_destroy(g);
    forget(&s);

    g = duo(&s, second, 2);
    apply_quietly(g, applied, kept);
    standing(g, again);
    assert_string_equal(again, live);
    assert_int_equal(s.count, 0); /* quiet */
    /* Each seat remembers the floor as it did: what its screens showed it. */
    for (size_t a = 0; a <= 2; a++) {
        char view[4096];
        srv_game_send_state(g, a);
        view_of(last_of(&s, a, "state"), view, sizeof view);
        assert_string_equal(view, seen[a]);
    }
    srv_game_destroy(g);

    /* A question's expiry applied again comes to the same answer. */
    sink q = {.now = 1000};
    logged asked[] = {{1, action(SRV_MSG_CHOOSE, 0, "base:wait"), 1000},
                      {0, action(SRV_MSG_EXPIRE, -1, NULL), 31000}};
    g = make(&q, CARDPLAY, "riposte", 3, NULL, 0);
    play_logged(g, asked, 2);
    standing(g, live);
    srv_game_destroy(g);
    g = make(&q, CARDPLAY, "riposte", 3, NULL, 0);
    forget(&q);
    apply_quietly(g, asked, 2);
    standing(g, again);
    assert_string_equal(again, live);
    assert_int_equal(q.count, 0);
    srv_game_destroy(g);
    sink_free(&q);
    sink_free(&s);
}

/* A game made again from its log, a question waiting at its end (a server restarted): the
 * question waits again for its seat, its time counted from the restart. */
static void a_question_waits_again_in_the_game_made_again(void **state)
{
    (void)state;
    sink s = {.now = 1000};
    logged log[] = {{1, action(SRV_MSG_CHOOSE, 0, "base:wait"), 1000},
                    {2, action(SRV_MSG_CHOOSE, 0, "base:wait"), 2000}};
    srv_game *g = make(&s, PAIR, "pair", 7, NULL, 0);
    play_logged(g, log, 2);
    char live[40], again[40], until[64];
    standing(g, live);
    int64_t answer_ms = srv_game_deadline(g) - 2000; /* the pair's answer_seconds */
    assert_true(answer_ms > 0);
    snprintf(until, sizeof until, "\"what\":\"question\",\"until_ms\":%lld}", (long long)answer_ms);
    srv_game_destroy(g);

    s.now = 90000;
    g = make(&s, PAIR, "pair", 7, NULL, 0);
    forget(&s);
    for (size_t i = 0; i < 2; i++)
        log[i].now = 90000;
    apply_quietly(g, log, 2);
    standing(g, again);
    assert_string_equal(again, live);
    assert_int_equal(srv_game_deadline(g), 90000 + answer_ms);
    srv_game_send_state(g, 1);
    assert_has(last_of(&s, 1, "state"), "\"prompt\":{\"kind\":\"pick\",\"seat\":1,");
    assert_has(last_of(&s, 1, "state"), until);
    srv_game_destroy(g);
    sink_free(&s);
}

static void undo_is_only_for_a_game_of_one_person(void **state)
{
    (void)state;
    sink s = {0};
    char why[256], after_one[40], now[40];
    srv_msg undo = action(SRV_MSG_UNDO, -1, NULL);

    srv_game *g = duo(&s, NULL, 0);
    wait_beat(g, 1);
    wait_beat(g, 2);
    standing(g, after_one);
    forget(&s);
    assert_int_equal(srv_game_act(g, 1, &undo, 0, false, why, sizeof why), SRV_UNAVAILABLE);
    assert_non_null(strstr(why, "one person"));
    standing(g, now);
    assert_string_equal(now, after_one);
    assert_int_equal(s.count, 0);
    srv_game_destroy(g);

    const char *second[] = {"", "explorer"};
    g = duo(&s, second, 2);
    assert_int_equal(srv_game_act(g, 1, &undo, 0, false, why, sizeof why), SRV_UNAVAILABLE);
    wait_beat(g, 1);
    standing(g, after_one);
    wait_beat(g, 1);
    forget(&s);
    act(g, 1, &undo, 0);
    standing(g, now);
    assert_string_equal(now, after_one);
    /* Every audience sees the game taken back, and seat 1 is asked again. */
    for (size_t a = 0; a <= 2; a++)
        assert_has(last_of(&s, a, "state"), "\"beat\":1,");
    assert_has(last_of(&s, 1, "state"), "\"deciding\":{\"seat\":1,");
    /* The bot's seat cannot undo. */
    assert_int_equal(srv_game_act(g, 2, &undo, 0, false, why, sizeof why), SRV_TURN);
    srv_game_destroy(g);
    sink_free(&s);
}

static void spectators_get_the_beats_kept(void **state)
{
    (void)state;
    sink s = {0};
    const char *second[] = {"", "explorer"};
    srv_game *g = duo(&s, second, 2);
    for (int i = 0; i < 3; i++)
        wait_beat(g, 1);
    forget(&s);
    srv_game_send_history(g, 1, 2);
    const char *json = last_of(&s, 0, "history");
    assert_has(json, "\"beats\":[{\"beat\":1,\"checksum\":\"");
    assert_has(json, "{\"beat\":2,");
    assert_lacks(json, "{\"beat\":3,");
    assert_lacks(json, "{\"beat\":0,");
    srv_game_destroy(g);
    sink_free(&s);
}

static void presence_is_told_to_the_others(void **state)
{
    (void)state;
    sink s = {0};
    srv_game *g = duo(&s, NULL, 0);
    srv_game_presence(g, 1, true);
    assert_int_equal(count_of(&s, 1, "state", NULL), 0);
    assert_has(last_of(&s, 2, "state"), "{\"seat\":1,\"kind\":\"person\",\"connected\":true");
    assert_has(last_of(&s, 0, "state"), "{\"seat\":2,\"kind\":\"person\",\"connected\":false");
    srv_game_destroy(g);
    sink_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_seat_waited_for_is_asked_and_the_others_told_who_decides),
        cmocka_unit_test(out_of_turn_is_refused_and_changes_nothing),
        cmocka_unit_test(a_question_waits_until_its_deadline_then_takes_the_default),
        cmocka_unit_test(the_seat_asked_answers_its_question),
        cmocka_unit_test(a_question_goes_to_the_seat_it_concerns),
        cmocka_unit_test(bots_play_their_seats),
        cmocka_unit_test(a_game_without_its_people_is_over),
        cmocka_unit_test(a_game_needs_a_person_and_seats_it_has),
        cmocka_unit_test(each_seat_sees_what_its_character_may_know),
        cmocka_unit_test(a_beat_tells_of_what_spawned_where_the_audience_sees),
        cmocka_unit_test(each_audience_sees_its_own_prompt_and_choices),
        cmocka_unit_test(a_refused_answer_leaves_its_prompt_waiting),
        cmocka_unit_test(the_log_applied_again_quietly_is_the_same_game),
        cmocka_unit_test(a_question_waits_again_in_the_game_made_again),
        cmocka_unit_test(undo_is_only_for_a_game_of_one_person),
        cmocka_unit_test(spectators_get_the_beats_kept),
        cmocka_unit_test(presence_is_told_to_the_others),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
