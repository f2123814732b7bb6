/*
 * store.c - the server's games in SQLite. schema/ holds the data model, one migration a file,
 * compiled in; the file's schema_version table says which have been applied. A game is its
 * create row (games, game_packs, game_seats) and the log of the actions it acknowledged
 * (actions); seat_tokens says who holds which seat. Nothing else of a game is kept: a restart
 * makes each game again from its create row and plays its log again.
 *
 * Every write is one statement committed on its own (autocommit) with synchronous=FULL: when
 * a call returns, what it wrote survives the process being killed and the machine losing
 * power. The journal is a write-ahead log, so that an append costs one sync of the log. A sync
 * takes milliseconds, and the server is one thread: appends between srv_store_begin and
 * srv_store_commit share one (a group commit), durable when the commit returns.
 *
 * The SQL is portable (the same model is to serve PostgreSQL): the numbers that order rows
 * are written by the statements themselves (MAX + 1), not by AUTOINCREMENT.
 */
#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "json.h"
#include "store.h"

/* The migrations, in order: the one at index i brings the schema to version i + 1. A change
 * of the model is a new file schema/NNN_what.sql listed here and in CMakeLists.txt; a
 * migration a release has applied somewhere is never edited. */
#include "schema_001_games.h"
static const char *const migrations[] = {schema_001_games};
#define SCHEMA_VERSION ((long long)(sizeof migrations / sizeof migrations[0]))

/* "CSRV": a game store, told apart from a save ("CARN") or any other SQLite file. */
#define APPLICATION_ID 1129534038
#define TEXT_OF(n)     #n
#define PRAGMA_ID(n)   "PRAGMA application_id = " TEXT_OF(n)

#define ID_BYTES    16
#define TOKEN_BYTES 32

/* The statements the server runs while games are played, prepared once at open. */
enum {
    ST_APPEND,
    ST_CLAIM,
    ST_TOKENS,
    ST_RELEASE,
    ST_TAKEN,
    ST_COUNT,
};
static const char *const statements[ST_COUNT] = {
    [ST_APPEND] = "INSERT INTO actions (game, position, seat, message, beat, checksum) "
                  "SELECT ?1, COALESCE(MAX(position), 0) + 1, ?2, ?3, ?4, ?5 FROM actions "
                  "WHERE game = ?1",
    [ST_CLAIM] = "INSERT INTO seat_tokens (game, seat, token) VALUES (?1, ?2, ?3)",
    [ST_TOKENS] = "SELECT seat, token FROM seat_tokens WHERE game = ?1",
    [ST_RELEASE] = "DELETE FROM seat_tokens WHERE game = ?1 AND seat = ?2",
    [ST_TAKEN] = "SELECT 1 FROM seat_tokens WHERE game = ?1 AND seat = ?2",
};

struct srv_store {
    sqlite3 *sql;
    sqlite3_stmt *stmt[ST_COUNT];
    srv_json json; /* the message being appended, its memory kept from one append to the next */
};

static cairn_err sql_failed(srv_store *s, cairn_error *err, const char *what)
{
    return cairn_error_set(err, CAIRN_ERR_STATE, "the game store: %s: %s", what,
                           sqlite3_errmsg(s->sql));
}

static cairn_err exec(srv_store *s, const char *sql, cairn_error *err)
{
    char *msg = NULL;
    if (sqlite3_exec(s->sql, sql, NULL, NULL, &msg) == SQLITE_OK)
        return CAIRN_OK;
    cairn_err st = cairn_error_set(err, CAIRN_ERR_STATE, "the game store: %s",
                                   msg ? msg : sqlite3_errmsg(s->sql));
    sqlite3_free(msg);
    return st;
}

/* A statement prepared at open, ready to be bound again. */
static sqlite3_stmt *ready(srv_store *s, int which)
{
    sqlite3_stmt *stmt = s->stmt[which];
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
    return stmt;
}

/* Steps a statement that writes: CAIRN_ERR_OCCUPIED when a key it writes is there already,
 * CAIRN_ERR_NOT_FOUND when the game it names is not. */
static cairn_err write_step(srv_store *s, sqlite3_stmt *stmt, const char *what, cairn_error *err)
{
    int rc = sqlite3_step(stmt);
    cairn_err st = CAIRN_OK;
    if (rc == SQLITE_CONSTRAINT && sqlite3_extended_errcode(s->sql) == SQLITE_CONSTRAINT_FOREIGNKEY)
        st = cairn_error_set(err, CAIRN_ERR_NOT_FOUND, "the game store: %s: no such game", what);
    else if (rc == SQLITE_CONSTRAINT)
        st = cairn_error_set(err, CAIRN_ERR_OCCUPIED, "the game store: %s: %s", what,
                             sqlite3_errmsg(s->sql));
    else if (rc != SQLITE_DONE)
        st = sql_failed(s, err, what);
    sqlite3_reset(stmt);
    return st;
}

/* The one integer a query gives, or -1 when it gives none. */
static long long query_int(srv_store *s, const char *sql)
{
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(s->sql, sql, -1, &stmt, NULL) != SQLITE_OK)
        return -1;
    long long v = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : -1;
    sqlite3_finalize(stmt);
    return v;
}

/* --- random ids and tokens ---------------------------------------------------------------- */

/* n bytes from the kernel's random source, as 2n hex digits and a NUL. */
static cairn_err random_hex(size_t n, char *out, cairn_error *err)
{
    unsigned char bytes[TOKEN_BYTES];
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(bytes + got, n - got, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return cairn_error_set(err, CAIRN_ERR_STATE, "the game store: no random bytes: %s",
                                   strerror(errno));
        got += (size_t)r;
    }
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[bytes[i] >> 4];
        out[2 * i + 1] = digits[bytes[i] & 15];
    }
    out[2 * n] = '\0';
    return CAIRN_OK;
}

/* Compares two tokens in a time that does not depend on where they differ, so that a client
 * cannot find a token a digit at a time by timing its tries. */
static bool same_token(const char *a, const char *b)
{
    size_t n = strlen(a);
    if (n != strlen(b))
        return false;
    unsigned char diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= (unsigned char)(a[i] ^ b[i]);
    return diff == 0;
}

/* --- opening and migrating ---------------------------------------------------------------- */

/* Whether the file is empty, a game store, or something else (refused). */
static cairn_err check_file(srv_store *s, const char *path, bool *fresh, cairn_error *err)
{
    long long id = query_int(s, "PRAGMA application_id");
    long long tables = query_int(s, "SELECT COUNT(*) FROM sqlite_schema");
    if (id < 0 || tables < 0)
        return cairn_error_set(err, CAIRN_ERR_INVALID,
                               "%s is no game store: SQLite cannot read it: %s", path,
                               sqlite3_errmsg(s->sql));
    *fresh = id == 0 && tables == 0;
    if (!*fresh && id != APPLICATION_ID)
        return cairn_error_set(err, CAIRN_ERR_INVALID,
                               "%s is no game store of cairn's (a save, or another program's file)",
                               path);
    return CAIRN_OK;
}

/* Applies, each in a transaction of its own, the migrations the file has not had. */
static cairn_err migrate(srv_store *s, const char *path, cairn_error *err)
{
    cairn_err st = exec(s,
                        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY "
                        "KEY, applied TEXT NOT NULL)",
                        err);
    if (st)
        return st;
    long long version = query_int(s, "SELECT COALESCE(MAX(version), 0) FROM schema_version");
    if (version < 0)
        return sql_failed(s, err, "cannot read its schema version");
    if (version > SCHEMA_VERSION)
        return cairn_error_set(
            err, CAIRN_ERR_STATE,
            "%s was written by a later cairn (schema version %lld, this one knows up to "
            "%lld): serve it with that cairn",
            path, version, SCHEMA_VERSION);
    for (long long v = version + 1; v <= SCHEMA_VERSION; v++) {
        char record[128];
        snprintf(record, sizeof record,
                 "INSERT INTO schema_version (version, applied) VALUES (%lld, "
                 "datetime('now'));",
                 v);
        if ((st = exec(s, "BEGIN IMMEDIATE", err)))
            return st;
        cairn_error why = {0};
        if ((st = exec(s, migrations[v - 1], &why)) || (st = exec(s, record, &why))) {
            exec(s, "ROLLBACK", NULL);
            return cairn_error_set(err, st, "%s: the migration to schema version %lld failed: %s",
                                   path, v, why.message);
        }
        if ((st = exec(s, "COMMIT", err)))
            return st;
    }
    return CAIRN_OK;
}

cairn_err srv_store_open(const char *path, srv_store **out, cairn_error *err)
{
    *out = NULL;
    srv_store *s = calloc(1, sizeof *s);
    if (!s)
        return cairn_error_set(err, CAIRN_ERR_NOMEM, "no memory for the game store");
    srv_json_init(&s->json);
    if (sqlite3_open_v2(path, &s->sql, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        cairn_err st = cairn_error_set(err, CAIRN_ERR_STATE, "cannot open the game store %s: %s",
                                       path, s->sql ? sqlite3_errmsg(s->sql) : "no memory");
        srv_store_close(s);
        return st;
    }
    sqlite3_busy_timeout(s->sql, 5000);
    bool fresh = false;
    cairn_err st = check_file(s, path, &fresh, err);
    if (!st && fresh)
        st = exec(s, PRAGMA_ID(APPLICATION_ID), err);
    if (!st)
        st = exec(s,
                  "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; "
                  "PRAGMA foreign_keys = ON;",
                  err);
    if (!st)
        st = migrate(s, path, err);
    for (int i = 0; !st && i < ST_COUNT; i++)
        if (sqlite3_prepare_v3(s->sql, statements[i], -1, SQLITE_PREPARE_PERSISTENT, &s->stmt[i],
                               NULL) != SQLITE_OK)
            st = sql_failed(s, err, "cannot prepare its statements");
    if (st) {
        srv_store_close(s);
        return st;
    }
    *out = s;
    return CAIRN_OK;
}

void srv_store_close(srv_store *s)
{
    if (!s)
        return;
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(s->stmt[i]);
    sqlite3_close(s->sql);
    srv_json_free(&s->json);
    free(s);
}

/* --- games -------------------------------------------------------------------------------- */

/* Runs one statement of the create transaction: SQL with its parameters, ?1 the game's id. */
static cairn_err insert(srv_store *s, const char *sql, const char *id, const char *text,
                        long long number, cairn_error *err)
{
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(s->sql, sql, -1, &stmt, NULL) != SQLITE_OK)
        return sql_failed(s, err, "cannot write a new game");
    sqlite3_bind_text(stmt, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int64(stmt, 2, number);
    sqlite3_bind_text(stmt, 3, text, -1, SQLITE_STATIC);
    cairn_err st = write_step(s, stmt, "cannot write a new game", err);
    sqlite3_finalize(stmt);
    return st;
}

static cairn_err insert_game(srv_store *s, const srv_msg *create, const char *id, cairn_error *err)
{
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(s->sql,
                           "INSERT INTO games (id, number, name, seed, seats) SELECT ?1, "
                           "COALESCE(MAX(number), 0) + 1, ?2, ?3, ?4 FROM games",
                           -1, &stmt, NULL) != SQLITE_OK)
        return sql_failed(s, err, "cannot write a new game");
    sqlite3_bind_text(stmt, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 2, create->game, -1, SQLITE_STATIC);
    if (create->has_seed)
        sqlite3_bind_int64(stmt, 3, (sqlite3_int64)create->seed);
    sqlite3_bind_int64(stmt, 4, (sqlite3_int64)create->seat_count);
    cairn_err st = write_step(s, stmt, "cannot write a new game", err);
    sqlite3_finalize(stmt);
    for (size_t i = 0; !st && i < create->pack_count; i++)
        st = insert(s, "INSERT INTO game_packs (game, position, pack) VALUES (?1, ?2, ?3)", id,
                    create->packs[i], (long long)i + 1, err);
    for (size_t i = 0; !st && i < create->seat_count; i++)
        st = insert(s, "INSERT INTO game_seats (game, seat, bot) VALUES (?1, ?2, ?3)", id,
                    create->bots[i], (long long)i + 1, err);
    return st;
}

cairn_err srv_store_create_game(srv_store *s, const srv_msg *create, char id[33], cairn_error *err)
{
    if (create->pack_count > SRV_PACKS_MAX || create->seat_count > SRV_SEATS_MAX)
        return cairn_error_set(err, CAIRN_ERR_INVALID,
                               "a game of %zu packs and %zu seats is too big", create->pack_count,
                               create->seat_count);
    cairn_err st = random_hex(ID_BYTES, id, err);
    if (st || (st = exec(s, "BEGIN IMMEDIATE", err)))
        return st;
    if ((st = insert_game(s, create, id, err))) {
        exec(s, "ROLLBACK", NULL);
        return st;
    }
    return exec(s, "COMMIT", err);
}

cairn_err srv_store_end_game(srv_store *s, const char *game, const char *how, cairn_error *err)
{
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(s->sql, "UPDATE games SET ended = ?2 WHERE id = ?1", -1, &stmt, NULL) !=
        SQLITE_OK)
        return sql_failed(s, err, "cannot end a game");
    sqlite3_bind_text(stmt, 1, game, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 2, how && *how ? how : "ended", -1, SQLITE_STATIC);
    cairn_err st = write_step(s, stmt, "cannot end a game", err);
    if (!st && sqlite3_changes(s->sql) == 0)
        st = cairn_error_set(err, CAIRN_ERR_NOT_FOUND, "the game store has no game %s", game);
    sqlite3_finalize(stmt);
    return st;
}

/* --- seats -------------------------------------------------------------------------------- */

cairn_err srv_store_claim_seat(srv_store *s, const char *game, size_t seat, char token[65],
                               cairn_error *err)
{
    if (seat < 1 || seat > SRV_SEATS_MAX)
        return cairn_error_set(err, CAIRN_ERR_INVALID, "no seat %zu", seat);
    cairn_err st = random_hex(TOKEN_BYTES, token, err);
    if (st)
        return st;
    sqlite3_stmt *stmt = ready(s, ST_CLAIM);
    sqlite3_bind_text(stmt, 1, game, -1, SQLITE_STATIC);
    sqlite3_bind_int64(stmt, 2, (sqlite3_int64)seat);
    sqlite3_bind_text(stmt, 3, token, -1, SQLITE_STATIC);
    st = write_step(s, stmt, "cannot claim a seat", err);
    if (st == CAIRN_ERR_OCCUPIED)
        cairn_error_set(err, st, "seat %zu of the game %s is taken", seat, game);
    if (st)
        token[0] = '\0';
    return st;
}

cairn_err srv_store_seat_of_token(srv_store *s, const char *game, const char *token, size_t *seat,
                                  cairn_error *err)
{
    *seat = 0;
    sqlite3_stmt *stmt = ready(s, ST_TOKENS);
    sqlite3_bind_text(stmt, 1, game, -1, SQLITE_STATIC);
    int rc;
    /* Every seat's token is compared, the right one or not, in the same time. */
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const char *held = (const char *)sqlite3_column_text(stmt, 1);
        if (held && same_token(held, token) && *seat == 0)
            *seat = (size_t)sqlite3_column_int64(stmt, 0);
    }
    cairn_err st = rc == SQLITE_DONE ? CAIRN_OK : sql_failed(s, err, "cannot read the seats");
    sqlite3_reset(stmt);
    if (st)
        *seat = 0;
    return st;
}

cairn_err srv_store_release_seat(srv_store *s, const char *game, size_t seat, cairn_error *err)
{
    sqlite3_stmt *stmt = ready(s, ST_RELEASE);
    sqlite3_bind_text(stmt, 1, game, -1, SQLITE_STATIC);
    sqlite3_bind_int64(stmt, 2, (sqlite3_int64)seat);
    return write_step(s, stmt, "cannot free a seat", err);
}

bool srv_store_seat_taken(srv_store *s, const char *game, size_t seat)
{
    sqlite3_stmt *stmt = ready(s, ST_TAKEN);
    sqlite3_bind_text(stmt, 1, game, -1, SQLITE_STATIC);
    sqlite3_bind_int64(stmt, 2, (sqlite3_int64)seat);
    int rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    return rc != SQLITE_DONE;
}

/* --- the log ------------------------------------------------------------------------------ */

cairn_err srv_store_append(srv_store *s, const char *game, size_t seat, const srv_msg *m,
                           uint64_t beat, const char *checksum, cairn_error *err)
{
    srv_json_reset(&s->json);
    srv_msg_encode(m, &s->json);
    if (s->json.failed)
        return cairn_error_set(err, CAIRN_ERR_NOMEM, "no memory to write an action of the game %s",
                               game);
    sqlite3_stmt *stmt = ready(s, ST_APPEND);
    sqlite3_bind_text(stmt, 1, game, -1, SQLITE_STATIC);
    sqlite3_bind_int64(stmt, 2, (sqlite3_int64)seat);
    sqlite3_bind_text(stmt, 3, s->json.data, (int)s->json.len, SQLITE_STATIC);
    sqlite3_bind_int64(stmt, 4, (sqlite3_int64)beat);
    sqlite3_bind_text(stmt, 5, checksum, -1, SQLITE_STATIC);
    return write_step(s, stmt, "cannot write an action", err);
}

cairn_err srv_store_begin(srv_store *s, cairn_error *err)
{
    return exec(s, "BEGIN IMMEDIATE", err);
}

cairn_err srv_store_commit(srv_store *s, cairn_error *err)
{
    cairn_err st = exec(s, "COMMIT", err);
    if (st && !sqlite3_get_autocommit(s->sql))
        exec(s, "ROLLBACK", NULL);
    return st;
}

/* --- loading ------------------------------------------------------------------------------ */

/* A game not ended, its create message made again from its rows. */
typedef struct loaded_game {
    char id[33];
    srv_msg create;
} loaded_game;

/* Copies a column's text into a field of SRV_TEXT_MAX bytes; false when it does not fit. */
static bool column_text(sqlite3_stmt *stmt, int col, char out[SRV_TEXT_MAX])
{
    const char *text = (const char *)sqlite3_column_text(stmt, col);
    size_t n = text ? strlen(text) : 0;
    if (n >= SRV_TEXT_MAX)
        return false;
    memcpy(out, text ? text : "", n + 1);
    return true;
}

/* Fills the games' packs or seats: rows of (game's index, position from 1, text). */
static cairn_err read_lists(srv_store *s, const char *sql, loaded_game *games, size_t count,
                            bool packs, cairn_error *err)
{
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(s->sql, sql, -1, &stmt, NULL) != SQLITE_OK)
        return sql_failed(s, err, "cannot read the games");
    size_t g = 0;
    int rc;
    cairn_err st = CAIRN_OK;
    while (!st && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const char *id = (const char *)sqlite3_column_text(stmt, 0);
        while (g < count && id && strcmp(games[g].id, id) != 0)
            g++;
        long long position = sqlite3_column_int64(stmt, 1);
        srv_msg *c = g < count ? &games[g].create : NULL;
        size_t *n = c ? (packs ? &c->pack_count : &c->seat_count) : NULL;
        char(*list)[SRV_TEXT_MAX] = c ? (packs ? c->packs : c->bots) : NULL;
        size_t max = packs ? SRV_PACKS_MAX : SRV_SEATS_MAX;
        if (!c || position != (long long)*n + 1 || *n >= max || !column_text(stmt, 2, list[*n]))
            st = cairn_error_set(err, CAIRN_ERR_INVALID,
                                 "the game store is damaged: the %s of a game",
                                 packs ? "packs" : "seats");
        else
            (*n)++;
    }
    if (!st && rc != SQLITE_DONE)
        st = sql_failed(s, err, "cannot read the games");
    sqlite3_finalize(stmt);
    return st;
}

/* The games not ended, in creation order, with their create messages (*games malloc'd). */
static cairn_err read_games(srv_store *s, loaded_game **games, size_t *count, cairn_error *err)
{
    *games = NULL;
    *count = 0;
    long long n = query_int(s, "SELECT COUNT(*) FROM games WHERE ended IS NULL");
    if (n < 0)
        return sql_failed(s, err, "cannot read the games");
    if (n == 0)
        return CAIRN_OK;
    loaded_game *list = calloc((size_t)n, sizeof *list);
    if (!list)
        return cairn_error_set(err, CAIRN_ERR_NOMEM, "no memory to load %lld games", n);
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(s->sql,
                           "SELECT id, name, seed, seats FROM games WHERE ended IS NULL "
                           "ORDER BY number",
                           -1, &stmt, NULL) != SQLITE_OK) {
        free(list);
        return sql_failed(s, err, "cannot read the games");
    }
    size_t i = 0;
    int rc;
    cairn_err st = CAIRN_OK;
    while (!st && i < (size_t)n && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        loaded_game *g = &list[i++];
        srv_msg *c = &g->create;
        c->type = SRV_MSG_CREATE;
        c->beat = c->seat = c->from = c->to = -1;
        const char *id = (const char *)sqlite3_column_text(stmt, 0);
        c->has_seed = sqlite3_column_type(stmt, 2) != SQLITE_NULL;
        c->seed = (uint64_t)sqlite3_column_int64(stmt, 2);
        if (!id || strlen(id) >= sizeof g->id || !column_text(stmt, 1, c->game) ||
            sqlite3_column_int64(stmt, 3) > SRV_SEATS_MAX)
            st = cairn_error_set(err, CAIRN_ERR_INVALID, "the game store is damaged: a game's row");
        else
            memcpy(g->id, id, strlen(id) + 1);
    }
    sqlite3_finalize(stmt);
    /* The lists' rows come in the games' order, so that one pass fills them. */
    if (!st)
        st = read_lists(s,
                        "SELECT p.game, p.position, p.pack FROM game_packs p JOIN games g ON "
                        "g.id = p.game WHERE g.ended IS NULL ORDER BY g.number, p.position",
                        list, i, true, err);
    if (!st)
        st = read_lists(s,
                        "SELECT p.game, p.seat, p.bot FROM game_seats p JOIN games g ON "
                        "g.id = p.game WHERE g.ended IS NULL ORDER BY g.number, p.seat",
                        list, i, false, err);
    if (st) {
        free(list);
        return st;
    }
    *games = list;
    *count = i;
    return CAIRN_OK;
}

/* Calls `action` for each action of a game's log, in order. */
static cairn_err read_log(srv_store *s, sqlite3_stmt *stmt, const char *id,
                          srv_store_action_fn action, void *ud, cairn_error *err)
{
    sqlite3_reset(stmt);
    sqlite3_bind_text(stmt, 1, id, -1, SQLITE_STATIC);
    srv_msg m;
    int rc;
    cairn_err st = CAIRN_OK;
    while (!st && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const char *json = (const char *)sqlite3_column_text(stmt, 1);
        size_t len = (size_t)sqlite3_column_bytes(stmt, 1);
        const char *checksum = (const char *)sqlite3_column_text(stmt, 3);
        char why[128];
        if (!json || !checksum || srv_msg_decode_logged(json, len, &m, why, sizeof why) != 0)
            st = cairn_error_set(err, CAIRN_ERR_INVALID,
                                 "the game store is damaged: an action of the game %s: %s", id,
                                 json && checksum ? why : "a column is missing");
        else
            action(ud, id, (size_t)sqlite3_column_int64(stmt, 0), &m,
                   (uint64_t)sqlite3_column_int64(stmt, 2), checksum);
    }
    if (!st && rc != SQLITE_DONE)
        st = sql_failed(s, err, "cannot read a game's actions");
    sqlite3_reset(stmt);
    return st;
}

cairn_err srv_store_load(srv_store *s, srv_store_game_fn game, srv_store_action_fn action, void *ud,
                         cairn_error *err)
{
    loaded_game *games;
    size_t count;
    cairn_err st = read_games(s, &games, &count, err);
    if (st)
        return st;
    sqlite3_stmt *log = NULL;
    if (count && sqlite3_prepare_v2(s->sql,
                                    "SELECT seat, message, beat, checksum FROM actions WHERE "
                                    "game = ?1 ORDER BY position",
                                    -1, &log, NULL) != SQLITE_OK)
        st = sql_failed(s, err, "cannot read a game's actions");
    for (size_t i = 0; !st && i < count; i++) {
        game(ud, games[i].id, &games[i].create);
        st = read_log(s, log, games[i].id, action, ud, err);
    }
    sqlite3_finalize(log);
    free(games);
    return st;
}
