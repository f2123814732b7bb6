/*
 * test_store.c - the game store (runtime/server/store.c): a store opened again gives back
 * every game not ended with its create message and its whole log in order; an append is
 * committed when it returns (a process killed right after it loses nothing), or with its
 * group at srv_store_commit; ids and tokens
 * are random and long, a token holds its own seat of its own game only, and a released seat's
 * token holds nothing; the schema is migrated once, and a file that is no store, or a later
 * cairn's store, is refused.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include <setjmp.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "store.h"

typedef struct fixture {
    char dir[64];
    char path[96];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    const char *tmp = getenv("TMPDIR");
    snprintf(f->dir, sizeof f->dir, "%s/cairn-store-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(f->dir))
        return -1;
    snprintf(f->path, sizeof f->path, "%s/games.sqlite", f->dir);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    static const char *const files[] = {"", "-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s%s", f->path, files[i]);
        unlink(path);
    }
    rmdir(f->dir);
    free(f);
    return 0;
}

static srv_store *open_store(const fixture *f)
{
    srv_store *s = NULL;
    cairn_error err = {0};
    cairn_err st = srv_store_open(f->path, &s, &err);
    if (st)
        fail_msg("%s", err.message);
    return s;
}

static void blank(srv_msg *m, srv_msg_type type)
{
    memset(m, 0, sizeof *m);
    m->type = type;
    m->beat = m->seat = m->from = m->to = -1;
}

/* A create message of the game `name`, its seats the bots given ("" a person). */
static void create_msg(srv_msg *m, const char *name, uint64_t seed, size_t seats,
                       const char *const *bots, size_t packs)
{
    blank(m, SRV_MSG_CREATE);
    snprintf(m->game, sizeof m->game, "%s", name);
    m->seed = seed;
    m->has_seed = true;
    for (size_t i = 0; i < seats; i++)
        snprintf(m->bots[i], sizeof m->bots[i], "%s", bots[i]);
    m->seat_count = seats;
    for (size_t i = 0; i < packs; i++)
        snprintf(m->packs[i], sizeof m->packs[i], "pack%zu", i + 1);
    m->pack_count = packs;
}

static void new_game(srv_store *s, const srv_msg *create, char id[33])
{
    cairn_error err = {0};
    if (srv_store_create_game(s, create, id, &err))
        fail_msg("%s", err.message);
}

/* The n-th action of a test's logs: a choice with answers (0 to 2), or an answer. */
static void action_msg(srv_msg *m, int n)
{
    blank(m, n % 2 ? SRV_MSG_ANSWER : SRV_MSG_CHOOSE);
    m->beat = n;
    snprintf(m->text, sizeof m->text, "%s%d", n % 2 ? "answer" : "choice", n);
    m->answer_count = n % 2 ? 0 : (size_t)(n / 2 % 3);
    for (size_t i = 0; i < m->answer_count; i++)
        snprintf(m->answers[i], sizeof m->answers[i], "a%d.%zu", n, i);
}

static void checksum_of(int n, char out[17])
{
    snprintf(out, 17, "%016llx", 0x1234567890ull * (unsigned long long)(n + 1));
}

static void append(srv_store *s, const char *id, size_t seat, int n)
{
    srv_msg m;
    char checksum[17];
    action_msg(&m, n);
    checksum_of(n, checksum);
    cairn_error err = {0};
    if (srv_store_append(s, id, seat, &m, (uint64_t)n + 1, checksum, &err))
        fail_msg("%s", err.message);
}

/* --- what srv_store_load gives back ------------------------------------------------------- */

#define LOADED_MAX 8
#define LOG_MAX    64

typedef struct loaded {
    size_t games;
    char ids[LOADED_MAX][33];
    srv_msg creates[LOADED_MAX];
    size_t actions[LOADED_MAX];
    size_t seats[LOADED_MAX][LOG_MAX];
    srv_msg log[LOADED_MAX][LOG_MAX];
    uint64_t beats[LOADED_MAX][LOG_MAX];
    char checksums[LOADED_MAX][LOG_MAX][17];
    bool foreign_action; /* an action of a game other than the last one given */
} loaded;

static void on_game(void *ud, const char *id, const srv_msg *create)
{
    loaded *l = ud;
    assert_true(l->games < LOADED_MAX);
    snprintf(l->ids[l->games], 33, "%s", id);
    l->creates[l->games++] = *create;
}

static void on_action(void *ud, const char *id, size_t seat, const srv_msg *m, uint64_t beat,
                      const char *checksum)
{
    loaded *l = ud;
    size_t g = l->games - 1;
    if (l->games == 0 || strcmp(l->ids[g], id) != 0) {
        l->foreign_action = true;
        return;
    }
    size_t n = l->actions[g]++;
    assert_true(n < LOG_MAX);
    l->seats[g][n] = seat;
    l->log[g][n] = *m;
    l->beats[g][n] = beat;
    snprintf(l->checksums[g][n], 17, "%s", checksum);
}

static loaded *load(srv_store *s)
{
    loaded *l = calloc(1, sizeof *l);
    cairn_error err = {0};
    if (srv_store_load(s, on_game, on_action, l, &err))
        fail_msg("%s", err.message);
    assert_false(l->foreign_action);
    return l;
}

static void assert_same_create(const srv_msg *a, const srv_msg *b)
{
    assert_int_equal(a->type, SRV_MSG_CREATE);
    assert_string_equal(a->game, b->game);
    assert_int_equal(a->has_seed, b->has_seed);
    if (b->has_seed)
        assert_true(a->seed == b->seed);
    assert_int_equal(a->seat_count, b->seat_count);
    for (size_t i = 0; i < b->seat_count; i++)
        assert_string_equal(a->bots[i], b->bots[i]);
    assert_int_equal(a->pack_count, b->pack_count);
    for (size_t i = 0; i < b->pack_count; i++)
        assert_string_equal(a->packs[i], b->packs[i]);
}

/* The loaded log of game g is actions first .. first + count - 1 of seat `seat`. */
static void assert_log(const loaded *l, size_t g, size_t seat, int first, int count)
{
    assert_int_equal(l->actions[g], count);
    for (int i = 0; i < count; i++) {
        srv_msg want;
        char checksum[17];
        action_msg(&want, first + i);
        checksum_of(first + i, checksum);
        const srv_msg *got = &l->log[g][i];
        assert_int_equal(l->seats[g][i], seat);
        assert_int_equal(got->type, want.type);
        assert_string_equal(got->text, want.text);
        assert_memory_equal(got, &want, sizeof want); /* every field, the answers too */
        assert_true(l->beats[g][i] == (uint64_t)(first + i) + 1);
        assert_string_equal(l->checksums[g][i], checksum);
    }
}

static void a_reopened_store_gives_back_every_game_and_action(void **state)
{
    fixture *f = *state;
    static const char *const duo[] = {"", "explorer"};
    static const char *const solo[] = {""};
    srv_msg creates[3];
    create_msg(&creates[0], "duo", 42, 2, duo, 0);
    create_msg(&creates[1], "base:dungeon", UINT64_MAX - 5, 1, solo, 2); /* the top bit set */
    create_msg(&creates[2], "arena", 7, 0, NULL, 1);
    creates[2].has_seed = false;
    char ids[3][33];

    srv_store *s = open_store(f);
    for (int g = 0; g < 3; g++)
        new_game(s, &creates[g], ids[g]);
    /* The logs interleave, as games are played side by side. */
    for (int n = 0; n < 10; n++) {
        append(s, ids[0], (size_t)(n % 2) + 1, n);
        if (n < 4)
            append(s, ids[1], 1, 100 + n);
    }
    srv_msg expire;
    blank(&expire, SRV_MSG_EXPIRE);
    expire.beat = 3;
    cairn_error err = {0};
    assert_int_equal(srv_store_append(s, ids[2], 0, &expire, 4, "00000000000000ff", &err),
                     CAIRN_OK);
    srv_store_close(s);

    s = open_store(f);
    loaded *l = load(s);
    assert_int_equal(l->games, 3);
    for (size_t g = 0; g < 3; g++) {
        assert_string_equal(l->ids[g], ids[g]);
        assert_same_create(&l->creates[g], &creates[g]);
    }
    assert_int_equal(l->actions[0], 10);
    for (int n = 0; n < 10; n++)
        assert_int_equal(l->seats[0][n], (size_t)(n % 2) + 1);
    assert_log(l, 1, 1, 100, 4);
    /* A question's time ran out: the server's action, of seat 0. */
    assert_int_equal(l->actions[2], 1);
    assert_int_equal(l->seats[2][0], 0);
    assert_int_equal(l->log[2][0].type, SRV_MSG_EXPIRE);
    assert_int_equal(l->log[2][0].beat, 3);
    assert_true(l->beats[2][0] == 4);
    assert_string_equal(l->checksums[2][0], "00000000000000ff");
    free(l);

    /* A game that ended is over: a restart leaves it out; the others keep their places. */
    assert_int_equal(srv_store_end_game(s, ids[0], "won", &err), CAIRN_OK);
    l = load(s);
    assert_int_equal(l->games, 2);
    assert_string_equal(l->ids[0], ids[1]);
    assert_string_equal(l->ids[1], ids[2]);
    assert_log(l, 0, 1, 100, 4);
    free(l);
    assert_int_equal(srv_store_end_game(s, "0123", "won", &err), CAIRN_ERR_NOT_FOUND);
    srv_store_close(s);
}

static void an_action_of_no_game_is_refused(void **state)
{
    fixture *f = *state;
    srv_store *s = open_store(f);
    srv_msg m;
    action_msg(&m, 1);
    cairn_error err = {0};
    assert_int_equal(srv_store_append(s, "0123456789abcdef", 1, &m, 1, "0", &err),
                     CAIRN_ERR_NOT_FOUND);
    loaded *l = load(s);
    assert_int_equal(l->games, 0);
    free(l);
    srv_store_close(s);
}

/* Appends between srv_store_begin and srv_store_commit are one transaction (the server's
 * group commit): all kept once committed, an append refused among them alone left out, and
 * none of them kept when the store goes before the commit (a server killed mid-round). */
static void a_group_of_appends_is_kept_once_committed(void **state)
{
    fixture *f = *state;
    static const char *const solo[] = {""};
    srv_msg create, stray;
    create_msg(&create, "base:dungeon", 1, 1, solo, 0);
    action_msg(&stray, 9);
    char id[33];
    cairn_error err = {0};
    srv_store *s = open_store(f);
    new_game(s, &create, id);
    assert_int_equal(srv_store_begin(s, &err), CAIRN_OK);
    for (int n = 0; n < 3; n++)
        append(s, id, 1, n);
    assert_int_equal(srv_store_commit(s, &err), CAIRN_OK);
    assert_int_equal(srv_store_begin(s, &err), CAIRN_OK);
    append(s, id, 1, 3);
    srv_store_close(s);

    s = open_store(f);
    loaded *l = load(s);
    assert_int_equal(l->games, 1);
    assert_log(l, 0, 1, 0, 3);
    free(l);
    assert_int_equal(srv_store_begin(s, &err), CAIRN_OK);
    append(s, id, 1, 3);
    assert_int_equal(srv_store_append(s, "0123456789abcdef", 1, &stray, 1, "0", &err),
                     CAIRN_ERR_NOT_FOUND);
    append(s, id, 1, 4);
    assert_int_equal(srv_store_commit(s, &err), CAIRN_OK);
    srv_store_close(s);

    s = open_store(f);
    l = load(s);
    assert_log(l, 0, 1, 0, 5);
    free(l);
    srv_store_close(s);
}

/* The child appends actions one by one, telling the parent after each append returned; at
 * the `last` one it waits to be killed, its store never closed. */
static void child_append(const fixture *f, const char *id, int last, int report)
{
    srv_store *s = NULL;
    cairn_error err = {0};
    if (srv_store_open(f->path, &s, &err))
        _exit(2);
    for (int n = 0; n <= last; n++) {
        srv_msg m;
        char checksum[17];
        action_msg(&m, n);
        checksum_of(n, checksum);
        if (srv_store_append(s, id, 1, &m, (uint64_t)n + 1, checksum, &err))
            _exit(3);
        if (write(report, &n, sizeof n) != sizeof n)
            _exit(4);
    }
    pause();
    _exit(5);
}

static void an_append_survives_the_process_killed_after_it(void **state)
{
    fixture *f = *state;
    static const char *const solo[] = {""};
    srv_msg create;
    create_msg(&create, "base:dungeon", 1, 1, solo, 0);
    char id[33];
    srv_store *s = open_store(f);
    new_game(s, &create, id);
    srv_store_close(s);

    enum { LAST = 11 };
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        child_append(f, id, LAST, fds[1]);
    }
    close(fds[1]);
    int n = -1;
    while (n < LAST && read(fds[0], &n, sizeof n) == sizeof n)
        ;
    assert_int_equal(n, LAST);
    kill(pid, SIGKILL);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    close(fds[0]);

    s = open_store(f);
    loaded *l = load(s);
    assert_int_equal(l->games, 1);
    assert_log(l, 0, 1, 0, LAST + 1);
    free(l);
    srv_store_close(s);
}

/* --- ids and tokens ----------------------------------------------------------------------- */

static bool hex_of_length(const char *s, size_t n)
{
    if (strlen(s) != n)
        return false;
    for (const char *c = s; *c; c++)
        if (!((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f')))
            return false;
    return true;
}

static void ids_and_tokens_are_long_random_hex(void **state)
{
    fixture *f = *state;
    static const char *const four[] = {"", "", "", ""};
    srv_msg create;
    create_msg(&create, "quad", 3, 4, four, 0);
    srv_store *s = open_store(f);
    enum { GAMES = 16 };
    char ids[GAMES][33], tokens[GAMES * 4][65];
    cairn_error err = {0};
    for (int g = 0; g < GAMES; g++) {
        new_game(s, &create, ids[g]);
        assert_true(hex_of_length(ids[g], 32));
        for (size_t seat = 1; seat <= 4; seat++) {
            char *token = tokens[g * 4 + (int)seat - 1];
            assert_int_equal(srv_store_claim_seat(s, ids[g], seat, token, &err), CAIRN_OK);
            assert_true(hex_of_length(token, 64));
        }
    }
    for (int a = 0; a < GAMES; a++)
        for (int b = a + 1; b < GAMES; b++)
            assert_string_not_equal(ids[a], ids[b]);
    for (int a = 0; a < GAMES * 4; a++)
        for (int b = a + 1; b < GAMES * 4; b++)
            assert_string_not_equal(tokens[a], tokens[b]);
    srv_store_close(s);
}

static size_t seat_of(srv_store *s, const char *game, const char *token)
{
    size_t seat = 99;
    cairn_error err = {0};
    assert_int_equal(srv_store_seat_of_token(s, game, token, &seat, &err), CAIRN_OK);
    return seat;
}

static void a_token_holds_its_own_seat_of_its_own_game_only(void **state)
{
    fixture *f = *state;
    static const char *const duo[] = {"", ""};
    srv_msg create;
    create_msg(&create, "duo", 5, 2, duo, 0);
    srv_store *s = open_store(f);
    char a[33], b[33], a1[65], a2[65], b1[65], again[65];
    new_game(s, &create, a);
    new_game(s, &create, b);
    cairn_error err = {0};
    assert_false(srv_store_seat_taken(s, a, 1));
    assert_int_equal(srv_store_claim_seat(s, a, 1, a1, &err), CAIRN_OK);
    assert_true(srv_store_seat_taken(s, a, 1));
    assert_false(srv_store_seat_taken(s, a, 2));
    assert_false(srv_store_seat_taken(s, b, 1));
    assert_int_equal(srv_store_claim_seat(s, a, 2, a2, &err), CAIRN_OK);
    assert_int_equal(srv_store_claim_seat(s, b, 1, b1, &err), CAIRN_OK);

    /* A seat held is not given twice, and a game that is not there has no seats. */
    assert_int_equal(srv_store_claim_seat(s, a, 1, again, &err), CAIRN_ERR_OCCUPIED);
    assert_string_equal(again, "");
    assert_int_equal(srv_store_claim_seat(s, "0123", 1, again, &err), CAIRN_ERR_NOT_FOUND);
    assert_int_equal(srv_store_claim_seat(s, a, 0, again, &err), CAIRN_ERR_INVALID);

    assert_int_equal(seat_of(s, a, a1), 1);
    assert_int_equal(seat_of(s, a, a2), 2);
    assert_int_equal(seat_of(s, b, b1), 1);
    assert_int_equal(seat_of(s, b, a1), 0); /* another game's token */
    assert_int_equal(seat_of(s, a, b1), 0);
    assert_int_equal(seat_of(s, a, ""), 0);
    char near[65];
    memcpy(near, a1, sizeof near);
    near[63] = near[63] == '0' ? '1' : '0'; /* one digit off */
    assert_int_equal(seat_of(s, a, near), 0);
    near[63] = '\0'; /* a prefix */
    assert_int_equal(seat_of(s, a, near), 0);

    /* The tokens outlive the store being closed: they are what a player comes back with. */
    srv_store_close(s);
    s = open_store(f);
    assert_int_equal(seat_of(s, a, a1), 1);
    assert_int_equal(seat_of(s, b, b1), 1);
    srv_store_close(s);
}

static void a_released_seat_s_token_holds_it_no_longer(void **state)
{
    fixture *f = *state;
    static const char *const duo[] = {"", ""};
    srv_msg create;
    create_msg(&create, "duo", 5, 2, duo, 0);
    srv_store *s = open_store(f);
    char id[33], first[65], second[65], other[65];
    new_game(s, &create, id);
    cairn_error err = {0};
    assert_int_equal(srv_store_claim_seat(s, id, 1, first, &err), CAIRN_OK);
    assert_int_equal(srv_store_claim_seat(s, id, 2, other, &err), CAIRN_OK);
    assert_int_equal(srv_store_release_seat(s, id, 1, &err), CAIRN_OK);
    assert_false(srv_store_seat_taken(s, id, 1));
    assert_int_equal(seat_of(s, id, first), 0);
    assert_int_equal(seat_of(s, id, other), 2); /* the other seat is not touched */

    /* Taken again, the seat has a new token; the old one still holds nothing. */
    assert_int_equal(srv_store_claim_seat(s, id, 1, second, &err), CAIRN_OK);
    assert_string_not_equal(first, second);
    assert_int_equal(seat_of(s, id, second), 1);
    assert_int_equal(seat_of(s, id, first), 0);
    srv_store_close(s);
}

/* --- the file ----------------------------------------------------------------------------- */

static long long query(const char *path, const char *sql)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    sqlite3_stmt *stmt;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &stmt, NULL), SQLITE_OK);
    long long v = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : -1;
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return v;
}

static void run_sql(const char *path, const char *sql)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
}

static void the_schema_is_migrated_once(void **state)
{
    fixture *f = *state;
    srv_store_close(open_store(f));
    assert_int_equal(query(f->path, "SELECT MAX(version) FROM schema_version"), 1);
    assert_int_equal(query(f->path, "SELECT COUNT(*) FROM schema_version"), 1);
    srv_store_close(open_store(f));
    assert_int_equal(query(f->path, "SELECT COUNT(*) FROM schema_version"), 1);
}

static void a_later_cairn_s_store_is_refused(void **state)
{
    fixture *f = *state;
    srv_store_close(open_store(f));
    run_sql(f->path, "INSERT INTO schema_version (version, applied) VALUES (99, 'later')");
    srv_store *s = (srv_store *)1;
    cairn_error err = {0};
    assert_int_equal(srv_store_open(f->path, &s, &err), CAIRN_ERR_STATE);
    assert_null(s);
    assert_non_null(strstr(err.message, "later cairn"));
}

static void a_file_that_is_no_store_is_refused(void **state)
{
    fixture *f = *state;
    run_sql(f->path, "PRAGMA application_id = 1128354382; CREATE TABLE meta (key TEXT)");
    srv_store *s = NULL;
    cairn_error err = {0};
    assert_int_equal(srv_store_open(f->path, &s, &err), CAIRN_ERR_INVALID);
    assert_non_null(strstr(err.message, "no game store"));
    /* An SQLite file of another program's, without an application id, is refused too. */
    unlink(f->path);
    run_sql(f->path, "CREATE TABLE notes (text TEXT)");
    assert_int_equal(srv_store_open(f->path, &s, &err), CAIRN_ERR_INVALID);
    assert_int_equal(query(f->path, "SELECT COUNT(*) FROM sqlite_schema"), 1); /* untouched */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_reopened_store_gives_back_every_game_and_action, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(an_action_of_no_game_is_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(an_append_survives_the_process_killed_after_it, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_group_of_appends_is_kept_once_committed, setup, teardown),
        cmocka_unit_test_setup_teardown(ids_and_tokens_are_long_random_hex, setup, teardown),
        cmocka_unit_test_setup_teardown(a_token_holds_its_own_seat_of_its_own_game_only, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_released_seat_s_token_holds_it_no_longer, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(the_schema_is_migrated_once, setup, teardown),
        cmocka_unit_test_setup_teardown(a_later_cairn_s_store_is_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(a_file_that_is_no_store_is_refused, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
