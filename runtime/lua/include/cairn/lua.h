/*
 * cairn/lua.h - the Lua host: one Lua 5.4 state and the world it runs, the sandbox content
 * runs in, content packs, and the commands built on them (check, test).
 *
 * A host (cairn_lua) is one Lua state. Packs are loaded into it first: their files run in the
 * sandbox and record definitions (entity types, decorators, statuses, ...). A world is then
 * made from those definitions: the host compiles them into the core's structures and owns
 * the world, one at a time. Making another world destroys the previous one, so state and
 * world stay one to one.
 *
 * Conventions, as in cairn/core.h: functions that can fail return a cairn_err, and
 * cairn_lua_error says what went wrong, with `pack:path:line` and a traceback when content
 * ran. Bad content is never a crash: a syntax error, a runaway loop, a memory bomb or a
 * handler that fails mid-beat is an error code and a message, and the host stays usable.
 */
#ifndef CAIRN_LUA_H
#define CAIRN_LUA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cairn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cairn_lua cairn_lua;

struct lua_State;

/* A method added to the world handle content gets (w:NAME(...)): how the layers above the
 * host, such as field of view and path finding, reach content. fn is a lua_CFunction whose
 * first argument is the handle; it reads the world with cairn_lua_check_world, charges its C
 * work with cairn_lua_charge, and raises Lua errors for bad arguments. */
typedef struct cairn_lua_method {
    const char *name;
    int (*fn)(struct lua_State *L);
} cairn_lua_method;

/* The defaults of the limits that turn runaway content into errors. */
#define CAIRN_LUA_MEMORY_DEFAULT      ((size_t)256 << 20)
#define CAIRN_LUA_BUDGET_DEFAULT      UINT64_C(100000000)
#define CAIRN_LUA_BEAT_BUDGET_DEFAULT UINT64_C(20000000)

typedef struct cairn_lua_config {
    /* Bytes the Lua state and its world may hold together; 0: CAIRN_LUA_MEMORY_DEFAULT. */
    size_t memory_limit;
    /* Lua instructions one call into Lua may run, everything it calls included (nested
     * handlers and pcall too); 0: CAIRN_LUA_BUDGET_DEFAULT. */
    uint64_t instruction_budget;
    /* Lua instructions one beat may run, every handler, callback, movs and algorithm it calls
     * together, however many calls into Lua that makes; the work the runtime does itself is
     * not counted. 0: CAIRN_LUA_BEAT_BUDGET_DEFAULT. */
    uint64_t beat_budget;
    /* The runtime's own Lua; NULL: $CAIRN_SCRIPTS, else the scripts/ folder of the
     * runtime's home (cairn_lua_home). Copied. */
    const char *scripts_dir;
    /* Where `print` from content and the test runner's report go; NULL: stdout. */
    FILE *out;
    /* Methods added to the world handle of every host made with this config (cairn test makes
     * one per file), ended by an entry whose name is NULL; NULL: none. Not copied: keep the
     * array alive as long as the hosts. A name the handle has already is an error. */
    const cairn_lua_method *world_methods;
    /* The ids of the packs whose code is trusted, ended by NULL; NULL: none. Trusted code
     * runs without the instruction budget (the memory ceiling holds for everything): a loop
     * of it that never ends hangs the host. The packs bundled with the runtime (the content/
     * folder of its home) are trusted too, unless bundled_untrusted. A pack's trust never
     * changes the game: the same packs, seed and inputs give the same game either way, as
     * long as trusted code stays within the budgets it would have had. Copied. */
    const char *const *trusted_packs;
    bool bundled_untrusted;
} cairn_lua_config;

/* The runtime's home: the folder its own scripts (scripts/) and the bundled packs (content/,
 * the base game in content/base) are in. For a library installed in PREFIX/lib it is
 * PREFIX/share/cairn, found from where the library lies (so an installed tree can move
 * whole); otherwise the source tree the library was built from. Written to buf as snprintf
 * does (truncated to size - 1 bytes, NUL-terminated when size > 0); returns its length. */
CAIRN_API size_t cairn_lua_home(char *buf, size_t size);

/* Creates a host: a Lua state with the runtime's scripts loaded. On failure returns the
 * error code, leaves *out NULL and writes the reason to err (may be NULL). The caller owns the
 * host and frees it with cairn_lua_destroy. */
CAIRN_API cairn_err cairn_lua_create(const cairn_lua_config *config, cairn_lua **out,
                                     cairn_error *err);
/* Frees the host, its world and its Lua state. NULL is accepted. */
CAIRN_API void cairn_lua_destroy(cairn_lua *h);

/* The message of the last failed call: one line, or several when it lists problems or
 * carries a traceback. Owned by the host, valid until the next call on it. "" when none. */
CAIRN_API const char *cairn_lua_error(const cairn_lua *h);

/* Adds a folder to search for packs by id: a pack `foo` is the folder `DIR/foo` holding a
 * pack.lua. Folders are searched in the order added; the bundled content folder comes last. */
CAIRN_API cairn_err cairn_lua_add_pack_path(cairn_lua *h, const char *dir);
/* Loads the pack in folder dir and, first, the packs it depends on (found on the pack path
 * and beside dir). Every problem found is in the message, one per line. A pack already loaded
 * is not loaded twice. Loading happens before any world exists. */
CAIRN_API cairn_err cairn_lua_load_pack(cairn_lua *h, const char *dir);

/* Makes the host's world from everything loaded so far (destroying the previous world and
 * invalidating every handle to it). Only size and seed are read from config: the world's
 * allocator and user pointer are the host's (its memory counts against the ceiling). The world
 * is owned by the host; *out (may be NULL) borrows it until the next world or destroy. */
CAIRN_API cairn_err cairn_lua_world_create(cairn_lua *h, const cairn_world_config *config,
                                           cairn_world **out);
/* The host's world, or NULL. */
CAIRN_API cairn_world *cairn_lua_world(cairn_lua *h);
/* cairn_world_step on the host's world, with the failing handler's whole message (and
 * traceback) in cairn_lua_error when content failed. Policy on failure: the beat stops where
 * the handler failed; what happened before stays done and recorded in the history; the
 * world is left between beats, and the next step runs a whole beat. */
CAIRN_API cairn_err cairn_lua_step(cairn_lua *h);

/* For world methods (see cairn_lua_method): the world of the handle at idx, raising a Lua
 * error when it is not a live world handle. */
CAIRN_API cairn_world *cairn_lua_check_world(struct lua_State *L, int idx);
/* Charges work done in C for content to the budget of the call under way (and of the beat,
 * in one), as that many Lua instructions; raises the budget's error past its end. */
CAIRN_API void cairn_lua_charge(struct lua_State *L, int64_t cost);

/* ---------------------------------------------------------------------------------------
 * Calling the runtime's scripts: for the layers built on the host (the game session) and
 * for embedders that add their own
 *
 * The host's Lua state runs content in its sandbox, which holds only while everything that
 * runs in the state goes through the host. Between two calls, an embedder may push values
 * onto the state's stack, call a function of the runtime's scripts with cairn_lua_call, read
 * what it returned and pop it, leaving the stack as it found it; it may keep values alive by
 * storing them in the registry under keys of its own. It must not call Lua any other way
 * (lua_call or lua_pcall run without the instruction budget and the memory ceiling, and an
 * error outside a protected call ends the process), change globals, metatables, the hook or
 * the allocator, load code, or hand content's values to content again by other paths than the
 * scripts'. Nothing of it may be used while a call is under way (from inside a world method,
 * use the lua_State the method was given).
 */

/* The host's Lua state, borrowed: it lives as long as the host. */
CAIRN_API struct lua_State *cairn_lua_state(cairn_lua *h);
/* Pushes onto L (the host's state) the function `name` of the runtime's scripts, named
 * "module.function" ("session.flow.start": the function `start` of the module required as
 * "session.flow"), or nil when there is none. */
CAIRN_API void cairn_lua_push_runtime(struct lua_State *L, const char *name);
/* Calls the function below nargs arguments on top of the host's stack, protected, under the
 * instruction budget (a new one when no call is under way, cairn_lua_stats.entries counts
 * those) and the memory ceiling, leaving nresults results (LUA_MULTRET for all). On failure
 * returns why (CAIRN_ERR_HANDLER for an error raised, CAIRN_ERR_NOMEM for memory), leaves
 * nothing of the call on the stack and makes the message, with content's place and a
 * traceback, cairn_lua_error. */
CAIRN_API cairn_err cairn_lua_call(cairn_lua *h, int nargs, int nresults);
/* Makes a message (printf-style) the host's error, as cairn_lua_error gives it, and returns
 * code: for a layer above the host to fail as the host does. */
CAIRN_API cairn_err cairn_lua_fail(cairn_lua *h, cairn_err code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* ---------------------------------------------------------------------------------------
 * Reading what the scripts return: a table described once, read into a C struct
 *
 * A struct that a table crosses into is described by a cairn_lua_record: for each field its
 * name in the table, its type, whether the table must have it, and where in the struct it
 * goes. cairn_lua_read reads any table so described, with one message for anything wrong:
 * "session view: field 'glyphs' expected an array of strings, got nil".
 */

typedef enum cairn_lua_type {
    CAIRN_LUA_BOOL,    /* bool; true or false */
    CAIRN_LUA_INT32,   /* int32_t; a number with an integer value */
    CAIRN_LUA_INT64,   /* int64_t */
    CAIRN_LUA_SIZE,    /* size_t; not negative */
    CAIRN_LUA_STRING,  /* const char *; its length in bytes at `count`, when given */
    CAIRN_LUA_STRINGS, /* const char *const *, an array of strings; their number at `count` */
    CAIRN_LUA_INTS,    /* const int32_t *, an array of numbers; their number at `count` */
    CAIRN_LUA_PAIRS,   /* const int32_t *, x, y pairs as one flat array; pairs at `count` */
    CAIRN_LUA_RECORD,  /* a table, read by `record` into the struct at `offset` */
    CAIRN_LUA_RECORDS, /* an array of the structs `record` describes; their number at `count` */
    CAIRN_LUA_CUSTOM   /* read by `read` */
} cairn_lua_type;

/* No count for the field. */
#define CAIRN_LUA_NO_COUNT ((size_t)-1)

typedef struct cairn_lua_record cairn_lua_record;

typedef struct cairn_lua_field {
    const char *name;
    cairn_lua_type type;
    /* A field the table must have. Without it, nil reads as false, 0, `fallback` (a string,
     * for which false reads as nil does), an empty array (a NULL pointer, a count of 0) or,
     * for a RECORD, the struct left as it was. */
    bool required;
    size_t offset;                  /* where the value goes in the struct (offsetof) */
    size_t count;                   /* where its size_t length goes, or CAIRN_LUA_NO_COUNT */
    const char *fallback;           /* STRING: what nil reads as (NULL, or a string) */
    const cairn_lua_record *record; /* RECORD, RECORDS: the table's (the items') description */
    /* CUSTOM: reads the value at idx of L (nil when the table has none) into the struct at
     * out; returns false when it is not what the field takes, which `expected` names. */
    bool (*read)(struct lua_State *L, int idx, void *out);
    const char *expected;
} cairn_lua_field;

struct cairn_lua_record {
    const char *what; /* what the table is, for messages: "session view" */
    size_t size;      /* sizeof the struct */
    const cairn_lua_field *fields;
    size_t field_count;
};

/* Reads the table at idx of the host's stack into *out, which r describes; fields r does not
 * name are left as they were. What *out points at (strings, arrays) stays alive as long as
 * the table does: the arrays are made in the host's state and kept in the table (under the
 * key "cairn.c"). CAIRN_ERR_INVALID, with what is wrong in cairn_lua_error, when the value is
 * not a table or a field is not of its type, CAIRN_ERR_NOMEM when the arrays meet the memory
 * ceiling; *out is then partly read. */
CAIRN_API cairn_err cairn_lua_read(cairn_lua *h, int idx, const cairn_lua_record *r, void *out);
/* Reads the table at idx, an array of tables, into an array of r's structs, made and kept as
 * cairn_lua_read's arrays are: *items and *count. */
CAIRN_API cairn_err cairn_lua_read_array(cairn_lua *h, int idx, const cairn_lua_record *r,
                                         const void **items, size_t *count);

typedef struct cairn_lua_stats {
    uint64_t callbacks; /* calls the core made into Lua: handlers, movs, algorithms, callbacks */
    /* Calls into Lua made from C while no Lua was running: each a crossing of the seam
     * between a front end (or the core, stepped from C) and the scripts, whatever Lua it runs
     * and calls back into C inside. A session call is one. */
    uint64_t entries;
    size_t memory; /* bytes the Lua state holds */
    /* blocks the Lua state's allocator has handed out so far, new or resized (the world's
     * own are in cairn_world_stats) */
    uint64_t allocations;
} cairn_lua_stats;

CAIRN_API void cairn_lua_get_stats(const cairn_lua *h, cairn_lua_stats *out);

/* ---------------------------------------------------------------------------------------
 * Traces and profiles (docs/tracing.md)
 *
 * What they record are the beats a front end runs between cairn_lua_observe_begin and
 * cairn_lua_observe_end: a game's own beats, not the previews bots and views run of beats to
 * come. Neither changes the game: a traced or profiled run comes to the same checksum.
 */

/* Writes a trace to out (NULL: no more), one JSON object a line: a header now, then for each
 * beat observed the nodes of its tree of events and the beat's record. out stays the
 * caller's. */
CAIRN_API cairn_err cairn_lua_trace(cairn_lua *h, FILE *out);
/* Profiles the beats observed from now on: calls, Lua instructions and time per function
 * content gave the core (by pack:path:line), per pack and per chain. */
CAIRN_API cairn_err cairn_lua_profile(cairn_lua *h, bool on);
/* The profile so far as text: three tables, each sorted by instructions, most first. */
CAIRN_API cairn_err cairn_lua_profile_report(cairn_lua *h, FILE *out);
/* The beat (or game step) about to run is to be traced and profiled ... */
CAIRN_API void cairn_lua_observe_begin(cairn_lua *h);
/* ... and it is over, with this error code: the trace gets the beat's record. */
CAIRN_API void cairn_lua_observe_end(cairn_lua *h, cairn_err code);

/* ---------------------------------------------------------------------------------------
 * Commands
 */

typedef struct cairn_lua_totals {
    unsigned passed;
    unsigned failed;
} cairn_lua_totals;

/* `cairn check DIR`: loads the pack in dir and its dependencies, makes a world from them and
 * prints every problem found to config->out, one per line as `pack:path:line: message`.
 * *problems receives their number. Fails only when the check itself could not run. */
CAIRN_API cairn_err cairn_lua_check(const cairn_lua_config *config, const char *dir,
                                    unsigned *problems, cairn_error *err);

/* `cairn test [DIR...]`: runs the scenario tests found in dirs (a pack folder: its tests/; any
 * other folder: its *.lua files), each file in a fresh host, files and tests in a stable
 * order. With no dirs: the source tree's tests/scenarios and every bundled pack. Prints one
 * line per test and, last, "N passed, N failed". A file that does not load counts as a
 * failed test. */
CAIRN_API cairn_err cairn_lua_test(const cairn_lua_config *config, const char *const *dirs,
                                   size_t count, cairn_lua_totals *totals, cairn_error *err);

#ifdef __cplusplus
}
#endif

#endif /* CAIRN_LUA_H */
