/*
 * save.c - saved games in SQLite. One file holds one game:
 *
 *   meta(key, value)            format, cairn (the version that wrote it), game, seed, beat,
 *                               checksum (what the resumed world must come to)
 *   packs(position, id, version, hash)
 *   parts(name, bytes)          core (the core's snapshot), world (w.data), session
 *   entities(id, type, data)    each entity's e.data, by e.id, with its type's name
 *   checks(part, hash)          a hash of every part of the save (see "checks" below)
 *
 * Writing empties and fills the tables in one transaction: SQLite's journal makes a crash or
 * a failure half way leave the previous save whole. Reading checks, before it trusts a byte,
 * that the file is a cairn save (its application id), that SQLite finds it whole
 * (quick_check), that it is of this format (by whichever cairn), and that every part
 * still hashes to its check; the host then refuses other packs, a session that is not the
 * world's and a world that does not come to its checksum.
 */
#include <errno.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cairn/save.h"

#define APPLICATION_ID 0x4341524e /* "CARN" */
#define FORMAT         "2"

bool cairn_save_exists(const char *path)
{
    struct stat s;
    return stat(path, &s) == 0;
}

cairn_err cairn_save_remove(const char *path, cairn_error *err)
{
    if (remove(path) != 0 && errno != ENOENT)
        return cairn_error_set(err, CAIRN_ERR_STATE, "cannot remove the save %s: %s", path,
                               strerror(errno));
    return CAIRN_OK;
}

/* Makes each folder of path's parent that is missing. */
static cairn_err make_parents(char *path, cairn_error *err)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        int rc = mkdir(path, 0700);
        int e = errno;
        *p = '/';
        if (rc != 0 && e != EEXIST)
            return cairn_error_set(err, CAIRN_ERR_STATE, "cannot make the folder %s: %s", path,
                                   strerror(e));
    }
    return CAIRN_OK;
}

cairn_err cairn_save_data_path(const char *name, char *out, size_t size, cairn_error *err)
{
    const char *data = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    int n;
    if (data && data[0] == '/') /* the spec says a relative one is to be ignored */
        n = snprintf(out, size, "%s/cairn/%s", data, name);
    else if (home && *home)
        n = snprintf(out, size, "%s/.local/share/cairn/%s", home, name);
    else
        return cairn_error_set(err, CAIRN_ERR_NOT_FOUND,
                               "no folder for cairn's data: set XDG_DATA_HOME or HOME");
    if (n < 0 || (size_t)n >= size)
        return cairn_error_set(err, CAIRN_ERR_LIMIT, "the path of %s is too long", name);
    return make_parents(out, err);
}

cairn_err cairn_save_default_path(char *out, size_t size, cairn_error *err)
{
    const char *explicit_path = getenv("CAIRN_SAVE");
    if (explicit_path && *explicit_path) {
        int n = snprintf(out, size, "%s", explicit_path);
        if (n < 0 || (size_t)n >= size)
            return cairn_error_set(err, CAIRN_ERR_LIMIT, "the path of the save is too long");
        return make_parents(out, err);
    }
    cairn_err st = cairn_save_data_path("save.sqlite", out, size, err);
    if (st == CAIRN_ERR_NOT_FOUND)
        cairn_error_set(err, st,
                        "no folder for saves: set XDG_DATA_HOME or HOME, or give --save FILE");
    return st;
}

/* --- writing ----------------------------------------------------------------------------- */

typedef struct db {
    sqlite3 *sql;
    const char *path;
    cairn_error *err;
} db;

static cairn_err sql_failed(db *d, const char *what)
{
    return cairn_error_set(d->err, CAIRN_ERR_STATE, "the save %s: %s: %s", d->path, what,
                           sqlite3_errmsg(d->sql));
}

static cairn_err exec(db *d, const char *sql)
{
    char *msg = NULL;
    if (sqlite3_exec(d->sql, sql, NULL, NULL, &msg) == SQLITE_OK)
        return CAIRN_OK;
    cairn_err st = cairn_error_set(d->err, CAIRN_ERR_STATE, "the save %s: %s", d->path,
                                   msg ? msg : sqlite3_errmsg(d->sql));
    sqlite3_free(msg);
    return st;
}

/* Runs one statement with its parameters bound by `bind`. */
static cairn_err run(db *d, const char *sql, void (*bind)(sqlite3_stmt *, const void *),
                     const void *ud)
{
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(d->sql, sql, -1, &stmt, NULL) != SQLITE_OK)
        return sql_failed(d, "cannot write");
    bind(stmt, ud);
    int rc = sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE ? CAIRN_OK : sql_failed(d, "cannot write");
}

typedef struct pair {
    const char *key;
    const void *bytes;
    size_t size;
} pair;

static void bind_pair(sqlite3_stmt *stmt, const void *ud)
{
    const pair *p = ud;
    sqlite3_bind_text(stmt, 1, p->key, -1, SQLITE_STATIC);
    sqlite3_bind_blob64(stmt, 2, p->bytes ? p->bytes : "", p->size, SQLITE_STATIC);
}

static void bind_pack(sqlite3_stmt *stmt, const void *ud)
{
    const cairn_session_pack *p = ud;
    sqlite3_bind_text(stmt, 1, p->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 2, p->version, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 3, p->hash, -1, SQLITE_STATIC);
}

static void bind_entity(sqlite3_stmt *stmt, const void *ud)
{
    const cairn_session_entity *e = ud;
    sqlite3_bind_int64(stmt, 1, e->id);
    sqlite3_bind_text(stmt, 2, e->type, -1, SQLITE_STATIC);
    sqlite3_bind_blob64(stmt, 3, e->data.data ? e->data.data : "", e->data.size, SQLITE_STATIC);
}

/* The tables a save holds, as SQLite keeps their definitions in sqlite_schema (which drops
 * the IF NOT EXISTS they are made with). A file holding anything else - another table, a
 * column more, an index, a view, a trigger - is no save cairn wrote: reading it refuses it,
 * and writing never runs into it, so that nothing in a save file ever runs. */
static const struct table {
    const char *name;
    const char *columns;
    bool keyed_by_text; /* a TEXT PRIMARY KEY: SQLite adds an index of its own */
} tables[] = {
    {"meta", "(key TEXT PRIMARY KEY, value TEXT NOT NULL)", true},
    {"packs",
     "(position INTEGER PRIMARY KEY, id TEXT NOT NULL,  version TEXT NOT NULL, "
     "hash TEXT NOT NULL)",
     false},
    {"parts", "(name TEXT PRIMARY KEY, bytes BLOB NOT NULL)", true},
    {"entities", "(id INTEGER PRIMARY KEY, type TEXT NOT NULL,  data BLOB NOT NULL)", false},
    {"checks", "(part TEXT PRIMARY KEY, hash TEXT NOT NULL)", true},
};

static const char clear_tables[] = "DELETE FROM meta; DELETE FROM packs; DELETE FROM parts; "
                                   "DELETE FROM entities; DELETE FROM checks;";

static const char set_application_id[] = "PRAGMA application_id = 1128354382;";
_Static_assert(APPLICATION_ID == 1128354382, "set_application_id's number");

/* The one integer a query gives, or -1 with the message when it gives none. */
static long long query_int(db *d, const char *sql)
{
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(d->sql, sql, -1, &stmt, NULL) != SQLITE_OK)
        return -1;
    long long v = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : -1;
    sqlite3_finalize(stmt);
    return v;
}

/* --- checks ------------------------------------------------------------------------------
 *
 * A save's parts are its tables' definitions ("schema"), each of its tables but parts and
 * checks, and each row of parts (core, world, session): every byte a resume reads belongs to
 * one. A part's check is a hash of its values, each with its type and length, in the order of
 * their keys; the check named "seal" hashes the other checks, so that a part cannot be put in
 * from another save along with its check. The checks are written last, in the write's
 * transaction, from the rows as SQLite gives them back, by the code that verifies them on
 * reading: the two cannot hash differently.
 */

#define SEAL "seal"

/* What a file SQLite finds corrupt is, in words. */
#define CORRUPT                                                                                    \
    "the file is corrupt: it was cut short or written over in places, so what it held cannot "     \
    "be read back"

/* The parts every save has: one that is missing is refused by name. */
static const char *const expected_parts[] = {"schema", "meta",  "packs",  "entities",
                                             "core",   "world", "session"};

/* What each_part calls for each part with its hash; an error code other than CAIRN_OK stops. */
typedef cairn_err (*part_fn)(db *d, const char *part, uint64_t hash, void *ud);

static uint64_t hash_u64(uint64_t sum, uint64_t v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    return cairn_hash(sum, b, sizeof b);
}

static uint64_t hash_value(uint64_t sum, sqlite3_stmt *stmt, int col)
{
    int type = sqlite3_column_type(stmt, col);
    sum = hash_u64(sum, (uint64_t)type);
    if (type == SQLITE_INTEGER)
        return hash_u64(sum, (uint64_t)sqlite3_column_int64(stmt, col));
    if (type == SQLITE_FLOAT) {
        double f = sqlite3_column_double(stmt, col);
        uint64_t bits;
        memcpy(&bits, &f, sizeof bits);
        return hash_u64(sum, bits);
    }
    if (type == SQLITE_NULL)
        return sum;
    const void *bytes = sqlite3_column_blob(stmt, col);
    size_t n = (size_t)sqlite3_column_bytes(stmt, col);
    return cairn_hash(hash_u64(sum, n), bytes, n);
}

/* The hash of every value of every row the query gives (bound to `name` when not NULL). */
static cairn_err hash_query(db *d, const char *sql, const char *name, uint64_t *out)
{
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(d->sql, sql, -1, &stmt, NULL) != SQLITE_OK)
        return sql_failed(d, "cannot be read");
    if (name)
        sqlite3_bind_text(stmt, 1, name, -1, SQLITE_STATIC);
    uint64_t sum = CAIRN_HASH_START;
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        int columns = sqlite3_column_count(stmt);
        for (int i = 0; i < columns; i++)
            sum = hash_value(sum, stmt, i);
    }
    cairn_err st = rc == SQLITE_DONE ? CAIRN_OK : sql_failed(d, "cannot be read");
    sqlite3_finalize(stmt);
    *out = sum;
    return st;
}

/* A table's name fit to be put in a query: what cairn names its tables with. */
static bool plain_name(const char *name)
{
    if (!*name || strlen(name) > 64)
        return false;
    for (const char *c = name; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || *c == '_' ||
              (*c >= '0' && *c <= '9')))
            return false;
    return true;
}

/* Calls fn for each part of the save with its hash: the schema, the tables, the rows of
 * parts, in that order. */
static cairn_err each_part(db *d, part_fn fn, void *ud)
{
    uint64_t hash;
    cairn_err st = hash_query(
        d, "SELECT name, sql FROM sqlite_schema WHERE type = 'table' ORDER BY name", NULL, &hash);
    if (st || (st = fn(d, "schema", hash, ud)))
        return st;
    static const char *const lists[] = {
        "SELECT name, 1 FROM sqlite_schema WHERE type = 'table' AND name NOT IN ('parts', "
        "'checks') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
        "SELECT name, 0 FROM parts ORDER BY name",
    };
    for (size_t l = 0; !st && l < sizeof lists / sizeof lists[0]; l++) {
        sqlite3_stmt *names;
        if (sqlite3_prepare_v2(d->sql, lists[l], -1, &names, NULL) != SQLITE_OK)
            return sql_failed(d, "cannot be read");
        int rc;
        while (!st && (rc = sqlite3_step(names)) == SQLITE_ROW) {
            const char *name = (const char *)sqlite3_column_text(names, 0);
            bool table = sqlite3_column_int(names, 1);
            char sql[128];
            if (!name || (table && !plain_name(name))) {
                st = cairn_error_set(d->err, CAIRN_ERR_INVALID,
                                     "the save %s is damaged: it holds a table cairn never writes",
                                     d->path);
                break;
            }
            if (table)
                snprintf(sql, sizeof sql, "SELECT * FROM %s ORDER BY 1", name);
            st = hash_query(d, table ? sql : "SELECT bytes FROM parts WHERE name = ?1",
                            table ? NULL : name, &hash);
            if (!st)
                st = fn(d, name, hash, ud);
        }
        if (!st && rc != SQLITE_DONE)
            st = sql_failed(d, "cannot be read");
        sqlite3_finalize(names);
    }
    return st;
}

typedef struct check {
    const char *part;
    char hash[17];
} check;

static void bind_check(sqlite3_stmt *stmt, const void *ud)
{
    const check *c = ud;
    sqlite3_bind_text(stmt, 1, c->part, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 2, c->hash, -1, SQLITE_STATIC);
}

static void hex(char out[17], uint64_t hash)
{
    snprintf(out, 17, "%016llx", (unsigned long long)hash);
}

static cairn_err write_check(db *d, const char *part, uint64_t hash, void *ud)
{
    (void)ud;
    check c = {part, {0}};
    hex(c.hash, hash);
    return run(d, "INSERT INTO checks VALUES (?1, ?2)", bind_check, &c);
}

/* The hash of every check but the seal. */
static cairn_err seal_of(db *d, uint64_t *out)
{
    return hash_query(d, "SELECT part, hash FROM checks WHERE part <> '" SEAL "' ORDER BY part",
                      NULL, out);
}

static cairn_err write_checks(db *d)
{
    uint64_t seal;
    cairn_err st = each_part(d, write_check, NULL);
    if (!st)
        st = seal_of(d, &seal);
    return st ? st : write_check(d, SEAL, seal, NULL);
}

/* The check stored for part, into out; false when there is none. */
static bool stored_check(db *d, const char *part, char out[17])
{
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(d->sql, "SELECT hash FROM checks WHERE part = ?1", -1, &stmt, NULL) !=
        SQLITE_OK)
        return false;
    sqlite3_bind_text(stmt, 1, part, -1, SQLITE_STATIC);
    bool found = sqlite3_step(stmt) == SQLITE_ROW;
    if (found)
        snprintf(out, 17, "%s", (const char *)sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    return found;
}

static cairn_err refuse(db *d, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Refuses the save as damaged, saying how. */
static cairn_err refuse(db *d, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return cairn_error_set(d->err, CAIRN_ERR_INVALID, "the save %s is damaged: %s", d->path, what);
}

static cairn_err verify_check(db *d, const char *part, uint64_t hash, void *ud)
{
    char stored[17], now[17];
    if (!stored_check(d, part, stored))
        return refuse(d, "its part '%.64s' is covered by no check: cairn did not write it", part);
    hex(now, hash);
    if (strcmp(stored, now))
        return refuse(d,
                      "its part '%.64s' has been changed since it was saved (it no longer "
                      "matches its check)",
                      part);
    (*(long long *)ud)++;
    return CAIRN_OK;
}

/* Whether the save holds the part: a table, a row of parts, or the schema. */
static bool part_exists(db *d, const char *part)
{
    if (!strcmp(part, "schema"))
        return true;
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(d->sql,
                           "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1 "
                           "UNION ALL SELECT 1 FROM parts WHERE name = ?1",
                           -1, &stmt, NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_text(stmt, 1, part, -1, SQLITE_STATIC);
    bool found = sqlite3_step(stmt) == SQLITE_ROW;
    sqlite3_finalize(stmt);
    return found;
}

/* Every part is there and matches its check, every check has its part, and the seal holds
 * them together. */
static cairn_err verify_checks(db *d)
{
    long long checked = 0;
    uint64_t seal;
    char stored[17], now[17];
    for (size_t i = 0; i < sizeof expected_parts / sizeof expected_parts[0]; i++)
        if (!part_exists(d, expected_parts[i]))
            return refuse(d, "its part '%s' is missing", expected_parts[i]);
    cairn_err st = each_part(d, verify_check, &checked);
    if (st)
        return st;
    if (query_int(d, "SELECT count(*) FROM checks WHERE part <> '" SEAL "'") != checked) {
        sqlite3_stmt *stmt;
        if (sqlite3_prepare_v2(d->sql, "SELECT part FROM checks ORDER BY part", -1, &stmt, NULL) ==
            SQLITE_OK) {
            while (!st && sqlite3_step(stmt) == SQLITE_ROW) {
                const char *part = (const char *)sqlite3_column_text(stmt, 0);
                if (part && strcmp(part, SEAL) && !part_exists(d, part))
                    st = refuse(d, "its part '%.64s' is missing", part);
            }
            sqlite3_finalize(stmt);
        }
        return st ? st : refuse(d, "%s", "its parts and its checks do not match up");
    }
    if ((st = seal_of(d, &seal)))
        return st;
    hex(now, seal);
    if (!stored_check(d, SEAL, stored) || strcmp(stored, now))
        return refuse(d, "%s",
                      "its checks do not agree with one another: a part was put in from another "
                      "save, or a check was edited");
    return CAIRN_OK;
}

static cairn_err make_tables(db *d)
{
    cairn_err st = exec(d, set_application_id);
    for (size_t i = 0; !st && i < sizeof tables / sizeof tables[0]; i++) {
        char sql[256];
        snprintf(sql, sizeof sql, "CREATE TABLE IF NOT EXISTS %s%s", tables[i].name,
                 tables[i].columns);
        st = exec(d, sql);
    }
    return st;
}

/* Whether a row of sqlite_schema is one of the save's tables, or the index SQLite keeps for
 * one's text key, exactly. */
static bool one_of_ours(const char *type, const char *name, const char *table, const char *sql)
{
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        const struct table *t = &tables[i];
        if (!table || strcmp(table, t->name))
            continue;
        if (!strcmp(type, "table")) {
            size_t n = strlen(t->name);
            return sql && !strcmp(name, t->name) && !strncmp(sql, "CREATE TABLE ", 13) &&
                   !strncmp(sql + 13, t->name, n) && !strcmp(sql + 13 + n, t->columns);
        }
        char index[64];
        snprintf(index, sizeof index, "sqlite_autoindex_%s_1", t->name);
        return t->keyed_by_text && !strcmp(type, "index") && !strcmp(name, index) && !sql;
    }
    return false;
}

/* The file holds the save's tables and nothing else: no table, index, view or trigger of
 * anyone else's, so that nothing in it runs when it is read or written again. */
static cairn_err check_schema(db *d)
{
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(d->sql, "SELECT type, name, tbl_name, sql FROM sqlite_schema", -1, &stmt,
                           NULL) != SQLITE_OK)
        return refuse(d, "%s", "its list of tables cannot be read");
    cairn_err st = CAIRN_OK;
    while (!st && sqlite3_step(stmt) == SQLITE_ROW) {
        const char *type = (const char *)sqlite3_column_text(stmt, 0);
        const char *name = (const char *)sqlite3_column_text(stmt, 1);
        if (!type || !name)
            st = refuse(d, "%s", "its list of tables is damaged");
        else if (!one_of_ours(type, name, (const char *)sqlite3_column_text(stmt, 2),
                              (const char *)sqlite3_column_text(stmt, 3)))
            st = refuse(d,
                        "it holds %s %s '%.64s', which cairn never writes (a save is data, "
                        "and nothing in it may run)",
                        strchr("aeiou", type[0]) ? "an" : "a", type, name);
    }
    sqlite3_finalize(stmt);
    return st;
}

static cairn_err write_state(db *d, const cairn_session_state *s)
{
    char seed[24], beat[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)s->seed);
    snprintf(beat, sizeof beat, "%llu", (unsigned long long)s->beat);
    const char *version = cairn_version();
    const pair meta[] = {
        {"format", FORMAT, strlen(FORMAT)}, {"cairn", version, strlen(version)},
        {"game", s->game, strlen(s->game)}, {"seed", seed, strlen(seed)},
        {"beat", beat, strlen(beat)},       {"checksum", s->checksum, strlen(s->checksum)},
    };
    cairn_err st = make_tables(d);
    if (!st)
        st = exec(d, clear_tables);
    for (size_t i = 0; !st && i < sizeof meta / sizeof meta[0]; i++)
        st = run(d, "INSERT INTO meta VALUES (?1, CAST(?2 AS TEXT))", bind_pair, &meta[i]);
    const pair parts[] = {
        {"core", s->core.data, s->core.size},
        {"world", s->world.data, s->world.size},
        {"session", s->session.data, s->session.size},
    };
    for (size_t i = 0; !st && i < sizeof parts / sizeof parts[0]; i++)
        st = run(d, "INSERT INTO parts VALUES (?1, ?2)", bind_pair, &parts[i]);
    for (size_t i = 0; !st && i < s->pack_count; i++)
        st = run(d, "INSERT INTO packs(id, version, hash) VALUES (?1, ?2, ?3)", bind_pack,
                 &s->packs[i]);
    for (size_t i = 0; !st && i < s->entity_count; i++)
        st = run(d, "INSERT INTO entities VALUES (?1, ?2, ?3)", bind_entity, &s->entities[i]);
    return st ? st : write_checks(d);
}

/* Opens the file, for writing when asked; never creates it when reading. */
static cairn_err open_db(db *d, const char *path, bool create, cairn_error *err)
{
    *d = (db){NULL, path, err};
    int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
    if (sqlite3_open_v2(path, &d->sql, flags, NULL) != SQLITE_OK) {
        cairn_err st = sql_failed(d, "cannot open it");
        sqlite3_close(d->sql);
        d->sql = NULL;
        return st;
    }
    sqlite3_busy_timeout(d->sql, 1000);
    return CAIRN_OK;
}

/* The file is ours: one with cairn's application id, or (for writing) an empty one. */
static cairn_err check_ours(db *d, bool empty_ok)
{
    long long id = query_int(d, "PRAGMA application_id");
    if (id < 0 && (sqlite3_errcode(d->sql) & 0xff) == SQLITE_CORRUPT)
        return refuse(d, "%s", CORRUPT);
    if (id < 0)
        return cairn_error_set(d->err, CAIRN_ERR_INVALID, "%s is not a cairn save (%s)", d->path,
                               sqlite3_errmsg(d->sql));
    if (id == APPLICATION_ID ||
        (empty_ok && id == 0 && query_int(d, "SELECT count(*) FROM sqlite_schema") == 0))
        return CAIRN_OK;
    return cairn_error_set(d->err, CAIRN_ERR_INVALID, "%s is not a cairn save", d->path);
}

cairn_err cairn_save_write(cairn_lua *h, const char *path, cairn_error *err)
{
    cairn_session_state state;
    if (cairn_session_save_state(h, &state))
        return cairn_error_set(err, CAIRN_ERR_STATE, "cannot save the game: %s",
                               cairn_lua_error(h));
    db d;
    cairn_err st = open_db(&d, path, true, err);
    if (st)
        return st;
    /* Never over a file that is something else: a save refused as foreign stays as it is. */
    if (!(st = check_ours(&d, true)) && !(st = check_schema(&d)) &&
        !(st = exec(&d, "BEGIN IMMEDIATE"))) {
        st = write_state(&d, &state);
        if (st == CAIRN_OK)
            st = exec(&d, "COMMIT");
        if (st)
            sqlite3_exec(d.sql, "ROLLBACK", NULL, NULL, NULL);
    }
    sqlite3_close(d.sql);
    return st;
}

/* --- reading ----------------------------------------------------------------------------- */

/* What a save's rows held, copied out: the state points into the copies until it is resumed. */
typedef struct reader {
    db d;
    cairn_session_pack *pack_list;
    cairn_session_entity *entity_list;
    char *texts; /* the copies of the rows' values, linked through their first bytes */
} reader;

static cairn_err damaged(reader *r, const char *what)
{
    return refuse(&r->d, "%s", what);
}

/* A copy of a column's bytes, NUL-terminated, that lives as long as the reader. */
static const char *keep(reader *r, sqlite3_stmt *stmt, int col, size_t *size)
{
    const void *bytes = sqlite3_column_blob(stmt, col);
    size_t n = (size_t)sqlite3_column_bytes(stmt, col);
    char *copy = malloc(n + 1 + sizeof(char *));
    if (!copy)
        return NULL;
    /* a list of copies, linked through their first bytes, freed with the reader */
    memcpy(copy, &r->texts, sizeof(char *));
    r->texts = copy;
    char *text = copy + sizeof(char *);
    if (n)
        memcpy(text, bytes, n);
    text[n] = '\0';
    if (size)
        *size = n;
    return text;
}

static void reader_free(reader *r)
{
    while (r->texts) {
        char *next;
        memcpy(&next, r->texts, sizeof next);
        free(r->texts);
        r->texts = next;
    }
    free(r->pack_list);
    free(r->entity_list);
    sqlite3_close(r->d.sql);
}

/* SQLite's own check of the file's pages. What it finds is said in words: its verdicts
 * ("Page 3: btreeInitPage() returns error code 11") speak of its insides, not of the save. */
static cairn_err check_whole(reader *r)
{
    sqlite3_stmt *stmt;
    bool whole = false;
    if (sqlite3_prepare_v2(r->d.sql, "PRAGMA quick_check", -1, &stmt, NULL) == SQLITE_OK) {
        const char *verdict =
            sqlite3_step(stmt) == SQLITE_ROW ? (const char *)sqlite3_column_text(stmt, 0) : NULL;
        whole = verdict && !strcmp(verdict, "ok");
        sqlite3_finalize(stmt);
    }
    return whole ? CAIRN_OK : damaged(r, CORRUPT);
}

/* meta's value for key, or NULL. */
static const char *meta(reader *r, const char *key)
{
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(r->d.sql, "SELECT value FROM meta WHERE key = ?1", -1, &stmt, NULL) !=
        SQLITE_OK)
        return NULL;
    sqlite3_bind_text(stmt, 1, key, -1, SQLITE_STATIC);
    const char *v = sqlite3_step(stmt) == SQLITE_ROW ? keep(r, stmt, 0, NULL) : NULL;
    sqlite3_finalize(stmt);
    return v;
}

/* The format, not the version of cairn that wrote it, says whether a save reads: a save
 * outlives the release that made it for as long as its format is read. One of another format
 * is refused with the version that made it and what the player can do. */
static cairn_err check_format(reader *r, const char *format, const char *version)
{
    char *end;
    long n = strtol(format, &end, 10);
    if (end == format || *end || n < 1)
        return damaged(r, "its format is not a number");
    if (!strcmp(format, FORMAT))
        return CAIRN_OK;
    if (n > atol(FORMAT))
        return cairn_error_set(
            r->d.err, CAIRN_ERR_INVALID,
            "the save %s is of format %ld, made by cairn %.32s, newer than this cairn "
            "%s reads (format " FORMAT "): resume it with cairn %.32s or later",
            r->d.path, n, version, cairn_version(), version);
    return cairn_error_set(
        r->d.err, CAIRN_ERR_INVALID,
        "the save %s is of format %ld, made by cairn %.32s, which this cairn %s no "
        "longer reads (format " FORMAT "): finish that game with cairn %.32s",
        r->d.path, n, version, cairn_version(), version);
}

static cairn_err read_meta(reader *r, cairn_session_state *s)
{
    const char *format = meta(r, "format"), *version = meta(r, "cairn");
    s->game = meta(r, "game");
    s->checksum = meta(r, "checksum");
    const char *seed = meta(r, "seed"), *beat = meta(r, "beat");
    if (!format || !version || !s->game || !s->checksum || !seed || !beat)
        return damaged(r, "its description (meta) is incomplete");
    cairn_err st = check_format(r, format, version);
    if (st)
        return st;
    s->seed = strtoull(seed, NULL, 10);
    s->beat = strtoull(beat, NULL, 10);
    return CAIRN_OK;
}

static cairn_err read_parts(reader *r, cairn_session_state *s)
{
    struct {
        const char *name;
        cairn_session_bytes *into;
    } parts[] = {{"core", &s->core}, {"world", &s->world}, {"session", &s->session}};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        sqlite3_stmt *stmt;
        if (sqlite3_prepare_v2(r->d.sql, "SELECT bytes FROM parts WHERE name = ?1", -1, &stmt,
                               NULL) != SQLITE_OK)
            return damaged(r, sqlite3_errmsg(r->d.sql));
        sqlite3_bind_text(stmt, 1, parts[i].name, -1, SQLITE_STATIC);
        bool found = sqlite3_step(stmt) == SQLITE_ROW;
        if (found)
            parts[i].into->data = keep(r, stmt, 0, &parts[i].into->size);
        sqlite3_finalize(stmt);
        if (!found || !parts[i].into->data)
            return damaged(r, "a part of the world is missing");
    }
    return CAIRN_OK;
}

/* Every row of a query into an array of n elements of size bytes; fill reads one row. */
static cairn_err read_rows(reader *r, const char *sql, void **out, size_t *count, size_t size,
                           bool (*fill)(reader *r, sqlite3_stmt *stmt, void *item))
{
    sqlite3_stmt *stmt;
    if (sqlite3_prepare_v2(r->d.sql, sql, -1, &stmt, NULL) != SQLITE_OK)
        return damaged(r, sqlite3_errmsg(r->d.sql));
    size_t n = 0, cap = 0;
    char *items = NULL;
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            char *grown = realloc(items, cap * size);
            if (!grown)
                break;
            items = grown;
        }
        if (!fill(r, stmt, items + n * size))
            break;
        n++;
    }
    sqlite3_finalize(stmt);
    *out = items;
    *count = n;
    return rc == SQLITE_DONE ? CAIRN_OK : damaged(r, "its rows cannot be read");
}

static bool fill_pack(reader *r, sqlite3_stmt *stmt, void *item)
{
    cairn_session_pack *p = item;
    p->id = keep(r, stmt, 0, NULL);
    p->version = keep(r, stmt, 1, NULL);
    p->hash = keep(r, stmt, 2, NULL);
    return p->id && p->version && p->hash;
}

static bool fill_entity(reader *r, sqlite3_stmt *stmt, void *item)
{
    cairn_session_entity *e = item;
    e->id = sqlite3_column_int64(stmt, 0);
    e->type = keep(r, stmt, 1, NULL);
    e->data.data = keep(r, stmt, 2, &e->data.size);
    return e->type && e->data.data;
}

cairn_err cairn_save_read(cairn_lua *h, const char *path, cairn_error *err)
{
    if (!cairn_save_exists(path))
        return cairn_error_set(err, CAIRN_ERR_NOT_FOUND, "there is no save at %s", path);
    reader r = {0};
    cairn_session_state s = {0};
    cairn_err st = open_db(&r.d, path, false, err);
    if (!st && !(st = check_ours(&r.d, false)) && !(st = check_whole(&r)) &&
        !(st = read_meta(&r, &s)) && !(st = verify_checks(&r.d)) && !(st = check_schema(&r.d)) &&
        !(st = read_parts(&r, &s)) &&
        !(st = read_rows(&r, "SELECT id, version, hash FROM packs ORDER BY position",
                         (void **)&r.pack_list, &s.pack_count, sizeof *r.pack_list, fill_pack)) &&
        !(st = read_rows(&r, "SELECT id, type, data FROM entities ORDER BY id",
                         (void **)&r.entity_list, &s.entity_count, sizeof *r.entity_list,
                         fill_entity))) {
        s.packs = r.pack_list;
        s.entities = r.entity_list;
        cairn_err resumed = cairn_session_resume(h, &s);
        if (resumed == CAIRN_ERR_NOMEM)
            st = cairn_error_set(err, CAIRN_ERR_LIMIT,
                                 "the save %s is too big to load within the memory ceiling: %s",
                                 path, cairn_lua_error(h));
        else if (resumed)
            st = cairn_error_set(err, CAIRN_ERR_INVALID, "the save %s cannot be resumed: %s", path,
                                 cairn_lua_error(h));
    }
    reader_free(&r);
    return st;
}
