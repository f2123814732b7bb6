/*
 * test_corpus.c - saves and replays outlive the cairn that wrote them. tests/saves/VERSION/
 * holds the files each version of cairn wrote (see tests/saves/README.md), of a game whose
 * content is kept beside them as it was (tests/saves/packs): every later build resumes each
 * save (its world comes to the checksum it was saved with) and plays on, and verifies each
 * replay beat by beat. A replay recorded by another version of cairn verifies as well.
 *
 *   test_corpus            verifies the corpus
 *   test_corpus --write    writes this version's files into tests/saves/VERSION/
 */
#define _POSIX_C_SOURCE 200809L /* opendir */

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cairn/save.h"
#include "cairn/sight_lua.h"
#include "session.h"

#define PACK CAIRN_CORPUS "/packs/cardgame"
#define GAME "cardgame:duel"
#define BOT  "cardgame:cardplayer"

static const cairn_lua_config config = {.world_methods = cairn_sight_lua_methods};

static void ok(cairn_lua *h, cairn_err st, const char *what)
{
    if (st)
        fail_msg("%s: %s", what, cairn_lua_error(h));
}

/* A host with the corpus's packs only: the base game's content changes from release to
 * release, and a file made with it would be refused as made with other packs. */
static cairn_lua *corpus_host(void)
{
    cairn_lua *h;
    cairn_error err;
    if (cairn_lua_create(&config, &h, &err))
        fail_msg("no host: %s", err.message);
    ok(h, cairn_lua_load_pack(h, PACK), PACK);
    return h;
}

static cairn_session_end bot_beat(cairn_lua *h)
{
    cairn_session_end ended;
    ok(h, cairn_session_bot(h, BOT), "the bot");
    ok(h, cairn_session_step(h, &ended), "a beat");
    return ended;
}

static char *read_text(const char *path)
{
    size_t size;
    unsigned char *bytes = session_read_file(path, &size);
    if (!bytes)
        fail_msg("cannot read %s", path);
    bytes[size] = '\0';
    return (char *)bytes;
}

static bool ends_with(const char *name, const char *tail)
{
    size_t n = strlen(name), t = strlen(tail);
    return n > t && !strcmp(name + n - t, tail);
}

/* --- verifying ---------------------------------------------------------------------------- */

/* The save resumes, its world at the checksum it was saved with, and the game plays on. */
static void verify_save(const char *path)
{
    cairn_lua *h = corpus_host();
    cairn_error err;
    if (cairn_save_read(h, path, &err))
        fail_msg("%s: %s", path, err.message);
    for (int i = 0; i < 5 && bot_beat(h) == CAIRN_SESSION_PLAYING; i++)
        ;
    cairn_lua_destroy(h);
}

/* The replay's text plays back to every beat's line and its end; returns its beats. */
static uint64_t verify_replay_text(const char *path, const char *text)
{
    cairn_lua *h = corpus_host();
    const char *const *dirs;
    size_t count;
    uint64_t beats = 0;
    bool done = false;
    const char *incomplete;
    if (cairn_session_replay_packs(h, text, &dirs, &count) ||
        cairn_session_replay_start(h, text, &beats))
        fail_msg("%s: %s", path, cairn_lua_error(h));
    if (count)
        fail_msg("%s needs packs the corpus does not hold, first %s", path, dirs[0]);
    for (uint64_t i = 0; i < beats && !done; i++)
        if (cairn_session_replay_step(h, &done))
            fail_msg("%s: %s", path, cairn_lua_error(h));
    if (cairn_session_replay_finish(h, &incomplete))
        fail_msg("%s: %s", path, cairn_lua_error(h));
    if (incomplete)
        fail_msg("%s: %s", path, incomplete);
    cairn_lua_destroy(h);
    return beats;
}

/* Calls fn on each file of the corpus whose name ends with tail; returns how many. */
static int each_file(const char *tail, void (*fn)(const char *path))
{
    DIR *top = opendir(CAIRN_CORPUS);
    if (!top)
        fail_msg("no corpus at %s", CAIRN_CORPUS);
    int n = 0;
    struct dirent *v;
    while ((v = readdir(top))) {
        char dir[512];
        struct stat st;
        snprintf(dir, sizeof dir, "%s/%s", CAIRN_CORPUS, v->d_name);
        if (v->d_name[0] == '.' || !strcmp(v->d_name, "packs") || stat(dir, &st) ||
            !S_ISDIR(st.st_mode))
            continue;
        DIR *files = opendir(dir);
        struct dirent *f;
        while (files && (f = readdir(files))) {
            if (!ends_with(f->d_name, tail))
                continue;
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", dir, f->d_name);
            fn(path);
            n++;
        }
        if (files)
            closedir(files);
    }
    closedir(top);
    return n;
}

static void verify_replay(const char *path)
{
    char *text = read_text(path);
    verify_replay_text(path, text);
    free(text);
}

static void every_save_of_the_corpus_resumes(void **state)
{
    (void)state;
    assert_true(each_file(".sqlite", verify_save) > 0);
}

static void every_replay_of_the_corpus_verifies(void **state)
{
    (void)state;
    assert_true(each_file(".replay", verify_replay) > 0);
}

/* A replay says which cairn recorded it; another than this one plays it all the same. */
static void a_replay_of_another_cairn_verifies(void **state)
{
    (void)state;
    char path[256];
    session_temp("other.replay", path);
    cairn_lua *h = corpus_host();
    ok(h, cairn_session_start(h, GAME, 3), "the game");
    for (int i = 0; i < 12; i++)
        bot_beat(h);
    const char *recorded;
    ok(h, cairn_session_record(h, &recorded), "the record");
    char *text = malloc(strlen(recorded) + 16);
    char line[64];
    snprintf(line, sizeof line, "\ncairn %s\n", cairn_version());
    const char *at = strstr(recorded, line);
    assert_non_null(at);
    sprintf(text, "%.*s\ncairn 0.0.1\n%s", (int)(at - recorded), recorded, at + strlen(line));
    cairn_lua_destroy(h);
    /* Cut at its twelfth beat: its end line says playing, so it verifies as partial. */
    cairn_lua *v = corpus_host();
    uint64_t beats;
    bool done = false;
    ok(v, cairn_session_replay_start(v, text, &beats), "a replay of cairn 0.0.1");
    assert_int_equal(beats, 12);
    while (!done)
        ok(v, cairn_session_replay_step(v, &done), "its beats");
    cairn_lua_destroy(v);
    free(text);
}

/* A replay of a format newer than this cairn reads is refused, saying what to play it with. */
static void a_replay_of_a_newer_format_is_refused_naming_it(void **state)
{
    (void)state;
    cairn_lua *h = corpus_host();
    uint64_t beats;
    assert_int_not_equal(cairn_session_replay_start(h, "cairn-replay 6\ncairn 0.9.0\n", &beats),
                         CAIRN_OK);
    char says[256];
    snprintf(says, sizeof says,
             "replay line 1: the replay is of format 6, newer than this cairn %s reads (1 to "
             "5): play it with the cairn that recorded it (its line 2) or a later one",
             cairn_version());
    assert_string_equal(cairn_lua_error(h), says);
    cairn_lua_destroy(h);
}

/* Only format 4 and later say what was trusted, with pack ids or "-". */
static void a_trust_line_is_format_4_s_and_names_packs(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"cairn-replay 2\ncairn 0.1.0\ntrust -\n",
         "replay line 3: a trust line belongs to a replay of format 4 or later"},
        {"cairn-replay 4\ncairn 0.1.0\ntrust base Crypt\n",
         "replay line 3: the pack id 'Crypt' is not a pack id"},
        {"cairn-replay 4\ncairn 0.1.0\ntrust -\ntrust -\n",
         "replay line 4: a second trust line (line 3 first)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cairn_lua *h = corpus_host();
        uint64_t beats;
        assert_int_not_equal(cairn_session_replay_start(h, cases[i][0], &beats), CAIRN_OK);
        assert_string_equal(cairn_lua_error(h), cases[i][1]);
        cairn_lua_destroy(h);
    }
}

/* --- writing ------------------------------------------------------------------------------ */

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f)) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
}

static void save_to(cairn_lua *h, const char *path)
{
    cairn_error err;
    remove(path);
    if (cairn_save_write(h, path, &err)) {
        fprintf(stderr, "%s\n", err.message);
        exit(1);
    }
}

/* This version's files: a save in the middle of the duel (past a checkpoint, its bot's
 * memory and cards' data in it), a save with a choice half answered, and the whole game as
 * a replay (its beats with choices and answers given inside them). */
static int write_corpus(void)
{
    char dir[512], path[1024];
    snprintf(dir, sizeof dir, "%s/%s", CAIRN_CORPUS, cairn_version());
    mkdir(dir, 0755);

    cairn_lua *h = corpus_host();
    ok(h, cairn_session_start(h, GAME, 3), "the game");
    for (int i = 0; i < 25; i++)
        bot_beat(h);
    snprintf(path, sizeof path, "%s/duel.sqlite", dir);
    save_to(h, path);
    ok(h, cairn_session_choose(h, "play"), "a choice");
    ok(h, cairn_session_answer(h, "1"), "its first prompt");
    snprintf(path, sizeof path, "%s/duel-choosing.sqlite", dir);
    save_to(h, path);
    cairn_lua_destroy(h);

    h = corpus_host();
    ok(h, cairn_session_start(h, GAME, 3), "the game");
    while (bot_beat(h) == CAIRN_SESSION_PLAYING)
        ;
    const char *text;
    ok(h, cairn_session_record(h, &text), "the record");
    snprintf(path, sizeof path, "%s/duel.replay", dir);
    write_file(path, text);
    cairn_lua_destroy(h);
    printf("wrote the corpus of cairn %s to %s\n", cairn_version(), dir);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--write"))
        return write_corpus();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_save_of_the_corpus_resumes),
        cmocka_unit_test(every_replay_of_the_corpus_verifies),
        cmocka_unit_test(a_replay_of_another_cairn_verifies),
        cmocka_unit_test(a_replay_of_a_newer_format_is_refused_naming_it),
        cmocka_unit_test(a_trust_line_is_format_4_s_and_names_packs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
