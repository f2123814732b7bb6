/*
 * test_save.c - saved games: a game saved and resumed goes on exactly as if it had not been
 * (for several seeds, and with a mod that keeps Lua data on entities); a save that fails half
 * way leaves the one before it; damaged, cut, foreign and other-pack saves, any part of a save
 * edited, and a part or a session put in from another game are refused with a message naming
 * what is wrong, the file untouched.
 */
#define _POSIX_C_SOURCE 200809L /* setrlimit */
#include <signal.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cairn/save.h"
#include "session.h"

static void expect_ok(cairn_err st, const cairn_error *err)
{
    if (st)
        fail_msg("%s", err->message);
}

/* K beats, save, resume in a new host, M beats: the same world as K + M beats straight. */
static void check_equivalence(const char *mod, uint64_t seed, int k, int m)
{
    char path[256], straight[17], saved[17], resumed[17], after[17];
    session_temp("equivalence.sqlite", path);
    cairn_lua *a = session_start(mod, seed);
    session_play(a, k + m);
    session_checksum(a, straight);

    cairn_lua *b = session_start(mod, seed);
    session_play(b, k);
    session_checksum(b, saved);
    cairn_error err;
    expect_ok(cairn_save_write(b, path, &err), &err);
    cairn_lua_destroy(b);

    cairn_lua *c = session_host(mod);
    expect_ok(cairn_save_read(c, path, &err), &err);
    session_checksum(c, resumed);
    assert_string_equal(resumed, saved);
    session_play(c, m);
    session_checksum(c, after);
    if (strcmp(after, straight))
        fail_msg("seed %llu%s%s: %d beats, a save, %d beats came to %s; %d straight to %s",
                 (unsigned long long)seed, mod ? " with " : "", mod ? mod : "", k, m, after, k + m,
                 straight);
    cairn_lua_destroy(a);
    cairn_lua_destroy(c);
}

static void a_resumed_game_goes_on_as_the_game_would_have(void **state)
{
    (void)state;
    check_equivalence(NULL, 1, 45, 60);
    check_equivalence(NULL, 2, 20, 35);
    check_equivalence(NULL, 3, 97, 50);
}

static void a_mods_lua_data_on_entities_is_saved(void **state)
{
    (void)state;
    check_equivalence("diary", 4, 45, 60);
    check_equivalence("diary", 5, 61, 40);
}

/* Saves the game at its current beat to path. */
static void save(cairn_lua *h, const char *path)
{
    cairn_error err;
    expect_ok(cairn_save_write(h, path, &err), &err);
}

/* Resumes path in a new host and returns the beat it is at. */
static uint64_t resumed_beat(const char *mod, const char *path)
{
    cairn_lua *h = session_host(mod);
    cairn_error err;
    expect_ok(cairn_save_read(h, path, &err), &err);
    uint64_t beat = session_beat(h);
    cairn_lua_destroy(h);
    return beat;
}

static void sql(const char *path, const char *statement)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char *msg = NULL;
    if (sqlite3_exec(db, statement, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", statement, msg);
    sqlite3_close(db);
}

/* Writes the game to path as on a full disk: no file may grow past a page, so the write
 * fails once it has begun to change the file. */
static cairn_err save_on_a_full_disk(cairn_lua *h, const char *path, cairn_error *err)
{
    struct rlimit was, full;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &was), 0);
    full = (struct rlimit){1024, was.rlim_max};
    void (*signalled)(int) = signal(SIGXFSZ, SIG_IGN); /* a write too far fails, no more */
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &full), 0);
    cairn_err st = cairn_save_write(h, path, err);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &was), 0);
    signal(SIGXFSZ, signalled);
    return st;
}

static void a_save_that_fails_half_way_leaves_the_last_one(void **state)
{
    (void)state;
    char path[256];
    session_temp("half.sqlite", path);
    cairn_lua *h = session_start(NULL, 6);
    session_play(h, 10);
    save(h, path);
    session_play(h, 5);
    cairn_error err;
    assert_int_equal(save_on_a_full_disk(h, path, &err), CAIRN_ERR_STATE);
    assert_int_equal(resumed_beat(NULL, path), 10);
    cairn_lua_destroy(h);
}

static void ok(cairn_lua *h, cairn_err st)
{
    if (st)
        fail_msg("%s", cairn_lua_error(h));
}

static void step(cairn_lua *h)
{
    cairn_session_end ended;
    ok(h, cairn_session_step(h, &ended));
}

/* Seed 7 played as a person plays it: a step north-west, then choice `name` begun (when it
 * can be), its first prompt answered with `answer` when not NULL, and cancelled, so that no
 * beat passes (or, where the answer commits the choice, before its beat); then a save. The
 * save resumes to the same game, which goes on as the one saved does. */
static void saved_after_a_choice_without_a_beat(const char *name, const char *answer)
{
    char path[256], saved[17], resumed[17];
    session_temp("no_beat.sqlite", path);
    cairn_lua *h = session_start(NULL, 7);
    ok(h, cairn_session_set_interactive(h, true));
    ok(h, cairn_session_choose(h, "base:bump"));
    ok(h, cairn_session_answer(h, "nw"));
    step(h);
    if (cairn_session_choose(h, name) == CAIRN_OK) {
        if (answer)
            ok(h, cairn_session_answer(h, answer));
        ok(h, cairn_session_cancel(h, NULL));
    }
    assert_int_equal(session_beat(h), 1);
    save(h, path);
    session_checksum(h, saved);

    cairn_lua *r = session_host(NULL);
    cairn_error err;
    if (cairn_save_read(r, path, &err))
        fail_msg("saved after %s begun and cancelled: %s", name, err.message);
    ok(r, cairn_session_set_interactive(r, true));
    session_checksum(r, resumed);
    assert_string_equal(resumed, saved);
    step(h);
    step(r);
    session_checksum(h, saved);
    session_checksum(r, resumed);
    assert_string_equal(resumed, saved);
    cairn_lua_destroy(h);
    cairn_lua_destroy(r);
}

static void a_save_after_a_choice_that_passed_no_beat_resumes(void **state)
{
    (void)state;
    saved_after_a_choice_without_a_beat("base:play_card", NULL);
    saved_after_a_choice_without_a_beat("base:throw", NULL); /* dimmed: nothing to throw */
    saved_after_a_choice_without_a_beat("base:fight", NULL);
    saved_after_a_choice_without_a_beat("base:dig", NULL);
    saved_after_a_choice_without_a_beat("base:bump", NULL);
    /* A card with no target: the pick commits it, and the save keeps it for its beat. */
    saved_after_a_choice_without_a_beat("base:play_card", "1");
}

/* Every choice of the player, begun (dimmed ones too) and cancelled at its first prompt, at
 * each of the first beats of a game: the world stays the one the last beat left. */
static void every_choice_begun_and_cancelled_leaves_the_world(void **state)
{
    (void)state;
    cairn_lua *h = session_start(NULL, 5);
    ok(h, cairn_session_set_interactive(h, true));
    for (int beat = 0; beat < 40; beat++) {
        char before[17], after[17];
        session_checksum(h, before);
        const cairn_choice_entry *list;
        size_t n;
        ok(h, cairn_session_choices(h, &list, &n));
        char names[16][64];
        size_t count = n < 16 ? n : 16;
        for (size_t i = 0; i < count; i++)
            snprintf(names[i], sizeof names[i], "%s", list[i].name);
        for (size_t i = 0; i < count; i++) {
            bool committed = false;
            if (cairn_session_choose(h, names[i]) == CAIRN_OK)
                ok(h, cairn_session_cancel(h, &committed));
            session_checksum(h, after);
            if (!committed && strcmp(before, after))
                fail_msg("beat %d: %s begun and cancelled changed the world", beat, names[i]);
            if (committed) /* a cancel that costs the beat: its input waits, to be taken back */
                ok(h, cairn_session_input(h, "none", NULL));
        }
        session_play(h, 1);
    }
    cairn_lua_destroy(h);
}

/* Saves 12 beats of seed 7 (with the mod, when not NULL) to path. */
/* Whether the bytes hold the text (the parts of a save are not NUL-terminated, and hold
 * other parts' bytes as they are). */
static bool holds(cairn_session_bytes b, const char *text)
{
    size_t n = strlen(text);
    for (size_t i = 0; i + n <= b.size; i++)
        if (!memcmp(b.data + i, text, n))
            return true;
    return false;
}

/* A save records which packs ran trusted (the bundled base game, by default), in its session
 * part. */
static void a_save_records_the_packs_trusted(void **state)
{
    (void)state;
    cairn_lua *h = session_start(NULL, 7);
    session_play(h, 2);
    cairn_session_state st;
    ok(h, cairn_session_save_state(h, &st));
    assert_true(holds(st.session, "s7:trusted={i1=s4:base}"));
    cairn_lua_destroy(h);
}

static void saved_game(const char *mod, const char *path)
{
    cairn_lua *h = session_start(mod, 7);
    session_play(h, 12);
    save(h, path);
    cairn_lua_destroy(h);
}

/* The file holds what it held before (and before is freed). */
static void assert_untouched(const char *path, unsigned char *before, size_t before_size)
{
    size_t after_size;
    unsigned char *after = session_read_file(path, &after_size);
    assert_int_equal(after_size, before_size);
    assert_memory_equal(after, before, before_size);
    free(before);
    free(after);
}

/* Reading path is refused with a message holding `says`, and the file is as it was. */
static void refused(const char *mod, const char *path, const char *says)
{
    size_t before_size;
    unsigned char *before = session_read_file(path, &before_size);
    cairn_lua *h = session_host(mod);
    cairn_error err;
    cairn_err st = cairn_save_read(h, path, &err);
    if (st == CAIRN_OK)
        fail_msg("%s was resumed", path);
    if (!strstr(err.message, says))
        fail_msg("the refusal says '%s', not '%s'", err.message, says);
    assert_untouched(path, before, before_size);
    cairn_lua_destroy(h);
}

static void write_bytes(const char *path, const unsigned char *bytes, size_t size)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, size, f), size);
    fclose(f);
}

static void damaged_and_cut_saves_are_refused_untouched(void **state)
{
    (void)state;
    char path[256];
    session_temp("damaged.sqlite", path);
    saved_game(NULL, path);
    size_t size;
    unsigned char *good = session_read_file(path, &size);
    assert_true(size > 8192);

    write_bytes(path, good, size / 2);
    refused(NULL, path, "damaged: the file is corrupt: it was cut short");

    unsigned char *bad = malloc(size);
    memcpy(bad, good, size);
    for (size_t i = 4096; i < 4096 + 64; i++) /* the second page's header and first cells */
        bad[i] ^= 0xa5;
    write_bytes(path, bad, size);
    /* in words, never SQLite's verdict on its pages ("btreeInitPage() returns error code 11") */
    refused(NULL, path, "damaged: the file is corrupt: it was cut short or written over");

    write_bytes(path, (const unsigned char *)"cairn: not a database\n", 22);
    refused(NULL, path, "is not a cairn save");
    free(bad);
    free(good);
}

/* Saves 12 beats of seed 7 with the diary mod (its entities keep data, so every part of a
 * save holds something), runs the statement on the file and expects a refusal naming `says`,
 * the file untouched. */
static void edited(const char *statement, const char *says)
{
    char path[256];
    session_temp("edited.sqlite", path);
    remove(path);
    saved_game("diary", path);
    sql(path, statement);
    refused("diary", path, says);
}

static void every_part_of_a_save_edited_is_refused_by_name(void **state)
{
    (void)state;
    edited("UPDATE meta SET value = '8' WHERE key = 'seed'", "its part 'meta' has been changed");
    edited("UPDATE meta SET value = '0123456789abcdef' WHERE key = 'checksum'",
           "its part 'meta' has been changed");
    edited("UPDATE packs SET hash = '0000000000000000' WHERE id = 'base'",
           "its part 'packs' has been changed");
    edited("UPDATE entities SET data = CAST('{}' AS BLOB) WHERE id = (SELECT min(id) FROM "
           "entities)",
           "its part 'entities' has been changed");
    edited("UPDATE parts SET bytes = CAST(substr(bytes, 1, length(bytes) - 40) AS BLOB) WHERE "
           "name = 'core'",
           "its part 'core' has been changed");
    edited("UPDATE parts SET bytes = CAST('{}' AS BLOB) WHERE name = 'world'",
           "its part 'world' has been changed");
    edited("UPDATE parts SET bytes = CAST(replace(CAST(bytes AS TEXT), 's5:floor', 's5:floas') "
           "AS BLOB) WHERE name = 'session'",
           "its part 'session' has been changed");
    edited("ALTER TABLE meta ADD COLUMN note TEXT", "its part 'schema' has been changed");
    edited("DROP TABLE entities", "its part 'entities' is missing");
    edited("DELETE FROM parts WHERE name = 'world'", "its part 'world' is missing");
    edited("CREATE TABLE notes(line TEXT)", "its part 'schema' has been changed");
    edited("INSERT INTO parts VALUES ('extra', x'00')", "its part 'extra' is covered by no check");
    edited("DELETE FROM checks WHERE part = 'world'", "its part 'world' is covered by no check");
    edited("INSERT INTO checks VALUES ('gone', '0000000000000000')", "its part 'gone' is missing");
    edited("UPDATE checks SET hash = '0000000000000000' WHERE part = 'seal'",
           "its checks do not agree with one another");
}

/* A save file is data: a trigger, a view or an index put in it is refused by name when the
 * save is read, and a game is never saved into such a file, which stays as it is, so that
 * the trigger never runs. */
static void a_save_holding_anything_but_its_tables_is_refused(void **state)
{
    (void)state;
    const char *wipe = "CREATE TRIGGER wipe AFTER INSERT ON checks BEGIN DELETE FROM parts; END";
    edited(wipe, "it holds a trigger 'wipe', which cairn never writes");
    edited("CREATE VIEW everything AS SELECT * FROM parts", "it holds a view 'everything'");
    edited("CREATE INDEX by_type ON entities(type)", "it holds an index 'by_type'");

    char path[256];
    session_temp("trigger.sqlite", path);
    remove(path);
    saved_game(NULL, path);
    sql(path, wipe);
    size_t before_size;
    unsigned char *before = session_read_file(path, &before_size);
    cairn_lua *h = session_start(NULL, 8);
    cairn_error err;
    assert_int_equal(cairn_save_write(h, path, &err), CAIRN_ERR_INVALID);
    if (!strstr(err.message, "it holds a trigger 'wipe', which cairn never writes"))
        fail_msg("the refusal says: %s", err.message);
    assert_untouched(path, before, before_size);
    cairn_lua_destroy(h);
}

static void a_part_put_in_from_another_save_is_refused(void **state)
{
    (void)state;
    char path[256], other[256];
    session_temp("mine.sqlite", path);
    session_temp("other.sqlite", other);
    saved_game(NULL, path);
    cairn_lua *h = session_start(NULL, 8);
    session_play(h, 12);
    save(h, other);
    cairn_lua_destroy(h);
    /* The other save's session, and its check with it: each is whole, they do not belong. */
    char statement[1024];
    snprintf(statement, sizeof statement,
             "ATTACH '%s' AS other;"
             "UPDATE parts SET bytes = (SELECT bytes FROM other.parts WHERE name = 'session') "
             "  WHERE name = 'session';"
             "UPDATE checks SET hash = (SELECT hash FROM other.checks WHERE part = 'session') "
             "  WHERE part = 'session';",
             other);
    sql(path, statement);
    refused(NULL, path, "its checks do not agree with one another");
}

/* The host's check of the session, beneath the file's checks: a session that is whole but
 * another game's is refused before anything is touched, naming how it differs. */
static void a_session_of_another_game_is_refused_by_the_host(void **state)
{
    (void)state;
    cairn_lua *a = session_start(NULL, 7);
    session_play(a, 12);
    cairn_lua *b = session_start(NULL, 8);
    session_play(b, 12);
    cairn_session_state mine, theirs;
    assert_int_equal(cairn_session_save_state(a, &mine), CAIRN_OK);
    assert_int_equal(cairn_session_save_state(b, &theirs), CAIRN_OK);
    mine.session = theirs.session;
    cairn_lua *c = session_host(NULL);
    assert_int_not_equal(cairn_session_resume(c, &mine), CAIRN_OK);
    if (!strstr(cairn_lua_error(c), "session part is of base:dungeon, seed 8, beat 12, where "
                                    "the save is of base:dungeon, seed 7, beat 12"))
        fail_msg("the refusal says: %s", cairn_lua_error(c));

    /* The same game, seed and beat, played otherwise: its last beat came elsewhere. */
    cairn_lua *d = session_start(NULL, 7);
    for (int i = 0; i < 12; i++) {
        assert_int_equal(cairn_session_input(d, "none", NULL), CAIRN_OK);
        assert_int_equal(cairn_session_step(d, NULL), CAIRN_OK);
    }
    cairn_session_state waited;
    assert_int_equal(cairn_session_save_state(d, &waited), CAIRN_OK);
    assert_int_equal(cairn_session_save_state(a, &mine), CAIRN_OK);
    mine.session = waited.session;
    assert_int_not_equal(cairn_session_resume(c, &mine), CAIRN_OK);
    if (!strstr(cairn_lua_error(c), "it is another game's"))
        fail_msg("the refusal says: %s", cairn_lua_error(c));
    cairn_lua_destroy(a);
    cairn_lua_destroy(b);
    cairn_lua_destroy(c);
    cairn_lua_destroy(d);
}

/* Writes a copy of the diary fixture pack to dir, at version, with a line of content more
 * when `changed`. */
static void diary_copy(const char *dir, const char *version, bool changed)
{
    char command[4096];
    snprintf(
        command, sizeof command,
        "rm -rf '%s' && cp -r '%s/diary' '%s' && sed -i 's/\"1.0.0\"/\"%s\"/' '%s/pack.lua'%s%s%s",
        dir, CAIRN_TEST_PACKS, dir, version, dir, changed ? " && echo '-- more' >> '" : "",
        changed ? dir : "", changed ? "/diary.lua'" : "");
    assert_int_equal(system(command), 0);
}

static void saves_of_other_packs_or_versions_are_refused_naming_the_difference(void **state)
{
    (void)state;
    char path[256], pack[256];
    session_temp("packs.sqlite", path);
    session_temp("diary", pack);
    saved_game("diary", path);
    refused(NULL, path, "it needs pack 'diary' 1.0.0, which is not loaded");

    saved_game(NULL, path);
    refused("diary", path, "pack 'diary' is loaded but was not then");

    diary_copy(pack, "1.0.0", false);
    saved_game(pack, path);
    diary_copy(pack, "1.0.0", true);
    refused(pack, path, "pack 'diary' 1.0.0 has changed since");
    diary_copy(pack, "1.0.1", false);
    refused(pack, path, "pack 'diary' is 1.0.1 here but was 1.0.0");
}

/* A save outlives the cairn that made it while its format is read; one of another format is
 * refused, naming the cairn that made it and what to do. */
static void saves_of_other_formats_are_refused_naming_the_version(void **state)
{
    (void)state;
    char path[256], says[512];
    session_temp("format.sqlite", path);
    saved_game(NULL, path);
    sql(path, "UPDATE meta SET value = '3' WHERE key = 'format';"
              "UPDATE meta SET value = '9.9.9' WHERE key = 'cairn'");
    snprintf(says, sizeof says,
             "the save %s is of format 3, made by cairn 9.9.9, newer than this cairn %s reads "
             "(format 2): resume it with cairn 9.9.9 or later",
             path, cairn_version());
    refused(NULL, path, says);
    saved_game(NULL, path);
    sql(path, "UPDATE meta SET value = '1' WHERE key = 'format';"
              "UPDATE meta SET value = '0.0.1' WHERE key = 'cairn'");
    refused(NULL, path, "is of format 1, made by cairn 0.0.1, which this cairn");
    refused(NULL, path, "no longer reads (format 2): finish that game with cairn 0.0.1");
    saved_game(NULL, path);
    sql(path, "UPDATE meta SET value = 'two' WHERE key = 'format'");
    refused(NULL, path, "is damaged: its format is not a number");
}

static void a_save_is_never_written_over_another_file(void **state)
{
    (void)state;
    char path[256];
    session_temp("notes.sqlite", path);
    sql(path, "CREATE TABLE meta(key TEXT, value TEXT); INSERT INTO meta VALUES ('mine', 'yes');");
    size_t before_size;
    unsigned char *before = session_read_file(path, &before_size);
    cairn_lua *h = session_start(NULL, 8);
    cairn_error err;
    assert_int_equal(cairn_save_write(h, path, &err), CAIRN_ERR_INVALID);
    assert_non_null(strstr(err.message, "is not a cairn save"));
    assert_untouched(path, before, before_size);
    cairn_lua_destroy(h);
}

static void a_missing_save_is_not_found(void **state)
{
    (void)state;
    char path[256];
    session_temp("none.sqlite", path);
    cairn_lua *h = session_host(NULL);
    cairn_error err;
    assert_int_equal(cairn_save_read(h, path, &err), CAIRN_ERR_NOT_FOUND);
    assert_false(cairn_save_exists(path));
    cairn_lua_destroy(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_resumed_game_goes_on_as_the_game_would_have),
        cmocka_unit_test(a_mods_lua_data_on_entities_is_saved),
        cmocka_unit_test(a_save_that_fails_half_way_leaves_the_last_one),
        cmocka_unit_test(a_save_after_a_choice_that_passed_no_beat_resumes),
        cmocka_unit_test(every_choice_begun_and_cancelled_leaves_the_world),
        cmocka_unit_test(damaged_and_cut_saves_are_refused_untouched),
        cmocka_unit_test(every_part_of_a_save_edited_is_refused_by_name),
        cmocka_unit_test(a_save_holding_anything_but_its_tables_is_refused),
        cmocka_unit_test(a_part_put_in_from_another_save_is_refused),
        cmocka_unit_test(a_session_of_another_game_is_refused_by_the_host),
        cmocka_unit_test(saves_of_other_packs_or_versions_are_refused_naming_the_difference),
        cmocka_unit_test(saves_of_other_formats_are_refused_naming_the_version),
        cmocka_unit_test(a_save_records_the_packs_trusted),
        cmocka_unit_test(a_save_is_never_written_over_another_file),
        cmocka_unit_test(a_missing_save_is_not_found),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
