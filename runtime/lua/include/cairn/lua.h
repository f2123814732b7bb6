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
 * handler that fails mid-beat is an error status and a message, and the host stays usable.
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
    /* Lua instructions one beat may run, every handler, hook, movs and algorithm it calls
     * together, however many calls into Lua that makes; the work the runtime does itself is
     * not counted. 0: CAIRN_LUA_BEAT_BUDGET_DEFAULT. */
    uint64_t beat_budget;
    /* The runtime's own Lua; NULL: $CAIRN_SCRIPTS, else the scripts/ folder of the build's
     * source tree. Copied. */
    const char *scripts_dir;
    /* Where `print` from content and the test runner's report go; NULL: stdout. */
    FILE *out;
    /* Methods added to the world handle of every host made with this config (cairn test makes
     * one per file), ended by an entry whose name is NULL; NULL: none. Not copied: keep the
     * array alive as long as the hosts. A name the handle has already is an error. */
    const cairn_lua_method *world_methods;
} cairn_lua_config;

/* Creates a host: a Lua state with the runtime's scripts loaded. On failure returns the
 * status, leaves *out NULL and writes the reason to err (may be NULL). The caller owns the
 * host and frees it with cairn_lua_destroy. */
cairn_err cairn_lua_create(const cairn_lua_config *config, cairn_lua **out, cairn_error *err);
/* Frees the host, its world and its Lua state. NULL is accepted. */
void cairn_lua_destroy(cairn_lua *h);

/* The message of the last failed call: one line, or several when it lists problems or
 * carries a traceback. Owned by the host, valid until the next call on it. "" when none. */
const char *cairn_lua_error(const cairn_lua *h);

/* Adds a folder to search for packs by id: a pack `foo` is the folder `DIR/foo` holding a
 * pack.lua. Folders are searched in the order added; the bundled content folder comes last. */
cairn_err cairn_lua_add_pack_path(cairn_lua *h, const char *dir);
/* Loads the pack in folder dir and, first, the packs it depends on (found on the pack path
 * and beside dir). Every problem found is in the message, one per line. A pack already loaded
 * is not loaded twice. Loading happens before any world exists. */
cairn_err cairn_lua_load_pack(cairn_lua *h, const char *dir);

/* Makes the host's world from everything loaded so far (destroying the previous world and
 * invalidating every handle to it). Only size and seed are read from config: the world's
 * allocator and user pointer are the host's (its memory counts against the ceiling). The world
 * is owned by the host; *out (may be NULL) borrows it until the next world or destroy. */
cairn_err cairn_lua_world_create(cairn_lua *h, const cairn_world_config *config, cairn_world **out);
/* The host's world, or NULL. */
cairn_world *cairn_lua_world(cairn_lua *h);
/* cairn_world_step on the host's world, with the failing handler's whole message (and
 * traceback) in cairn_lua_error when content failed. Policy on failure: the beat stops where
 * the handler failed; what happened before stays done and recorded in the history; the
 * world is left between beats, and the next step runs a whole beat. */
cairn_err cairn_lua_step(cairn_lua *h);

/* For world methods (see cairn_lua_method): the world of the handle at idx, raising a Lua
 * error when it is not a live world handle. */
cairn_world *cairn_lua_check_world(struct lua_State *L, int idx);
/* Charges work done in C for content to the budget of the call under way (and of the beat,
 * in one), as that many Lua instructions; raises the budget's error past its end. */
void cairn_lua_charge(struct lua_State *L, int64_t cost);

/* ---------------------------------------------------------------------------------------
 * A game session: a game defined by content (cairn.game) played on the host's world, floor
 * after floor, with inputs from a front end or from a bot (cairn.bot). Errors are content's
 * (pack:path:line) or name what is missing. A content error in the middle of a step leaves
 * the session where it failed (the beat run and counted, a floor half made): report it and
 * start another game rather than go on.
 */

/* Makes the world of the game named `game` ("base:dungeon", or "dungeon" when one pack has
 * it) and generates its first floor. Replaces the host's world. */
cairn_err cairn_lua_game_start(cairn_lua *h, const char *game, uint64_t seed);
/* The player's action for the next beat: an action's name and a direction name ("n", ...;
 * NULL or "" for none). */
cairn_err cairn_lua_game_input(cairn_lua *h, const char *action, const char *dir);
/* Asks the bot named `bot` for the player's action for the next beat. */
cairn_err cairn_lua_game_bot(cairn_lua *h, const char *bot);

typedef enum cairn_game_end {
    CAIRN_GAME_PLAYING,
    CAIRN_GAME_WON,
    CAIRN_GAME_DIED, /* the player is dead */
    CAIRN_GAME_LOST  /* the game's own rules ended it */
} cairn_game_end;

/* Runs one beat, then the game's rules: on, down a floor, won or lost. *ended (may be NULL)
 * receives how the game stands. Stepping a game that has ended is CAIRN_ERR_STATE. */
cairn_err cairn_lua_game_step(cairn_lua *h, cairn_game_end *ended);
/* How the game stands now, into *ended: a resumed game may have ended before it was saved. */
cairn_err cairn_lua_game_status(cairn_lua *h, cairn_game_end *ended);
/* The session's summary, lines of "key: value" (game, seed, ended, floor, beats, hp, the
 * game's own report, checksum), as text the host owns, valid until the next summary.
 * `unfinished` is what "ended" says while the game goes on (NULL: "playing"). */
cairn_err cairn_lua_game_summary(cairn_lua *h, const char *unfinished, const char **text);

/* Undoes the last beat: the last checkpoint before it is restored and the inputs of the beats
 * between are played again (each must come to the checksum it came to the first time, or the
 * content's fault is told). CAIRN_ERR_STATE, with why, when no beat has been played or the
 * checkpoint needed is no longer kept. Undo works after the game has ended, too. */
cairn_err cairn_lua_game_undo(cairn_lua *h);

/* What a front end shows of the game (scripts/view.lua), owned by the host and valid until
 * the next view or the next call that changes the game. Rows are NUL-terminated strings:
 * glyphs has width UTF-8 characters per row; colors one byte per cell ('0'-'7' black, red,
 * green, yellow, blue, magenta, cyan, white; '8'-'f' their bright kinds; '.' the default);
 * marks one byte per cell (' ' never seen, 'v' seen now, 'r' remembered from before, 'm' an
 * enemy moves here next beat, 'a' an enemy strikes here next beat). */
typedef struct cairn_lua_view {
    int32_t width;
    int32_t height;
    const char *const *glyphs;
    const char *const *colors;
    const char *const *marks;
    const char *status;          /* hp, floor, beat, seed and what the player holds */
    const char *const *messages; /* what happened, oldest first */
    size_t message_count;
    size_t fresh;      /* how many of the last messages are the last beat's */
    const char *ended; /* NULL while the game goes on, else "won", "died", "lost" */
} cairn_lua_view;

cairn_err cairn_lua_game_view(cairn_lua *h, cairn_lua_view *out);

/* Bytes that may hold NULs: the parts of a saved game. */
typedef struct cairn_lua_bytes {
    const char *data;
    size_t size;
} cairn_lua_bytes;

typedef struct cairn_lua_pack_identity {
    const char *id;
    const char *version;
    const char *hash; /* 16 hex digits over the pack's files but its tests */
} cairn_lua_pack_identity;

typedef struct cairn_lua_saved_entity {
    int64_t id;           /* e.id */
    const char *type;     /* its type's name */
    cairn_lua_bytes data; /* its e.data, encoded (scripts/data.lua) */
} cairn_lua_saved_entity;

/* A game as a save keeps it: the core's snapshot (cairn_world_snapshot), the data of each
 * entity whose data is not its type's starting data, the world's data, the session (floor,
 * log of beats, checkpoints, messages, what the player remembers), the packs it was played
 * with and the checksum the world comes to. */
typedef struct cairn_lua_game_state {
    const char *game;
    uint64_t seed;
    uint64_t beat;
    const char *checksum;
    cairn_lua_bytes core;
    cairn_lua_bytes world;
    cairn_lua_bytes session;
    const cairn_lua_pack_identity *packs;
    size_t pack_count;
    const cairn_lua_saved_entity *entities;
    size_t entity_count;
} cairn_lua_game_state;

/* The game's state, owned by the host until the next call on it. Between beats only; fails
 * (naming the entity) when content hooked handlers a snapshot cannot keep. */
cairn_err cairn_lua_game_save_state(cairn_lua *h, cairn_lua_game_state *out);
/* Makes the host's world again and resumes the saved game in it. Refused, with every
 * difference named, when the packs loaded are not the ones it was saved with (ids, versions,
 * content); refused as damaged when its parts do not read back or its world does not come to
 * its checksum. On failure the host has no game. */
cairn_err cairn_lua_game_resume(cairn_lua *h, const cairn_lua_game_state *state);

/* The game so far as a replay's text (scripts/replay.lua), owned by the host until the next
 * call on it. */
cairn_err cairn_lua_game_record(cairn_lua *h, const char **text);
/* The folders of the packs a replay's text names that are not loaded yet, in load order, for
 * the caller to load before cairn_lua_replay_start. Each is found by its id among `folders`
 * (pack folders, each named after its pack), else at the folder the replay recorded; whichever
 * it is must hold the recorded content (by hash), else it is refused, naming the pack, before
 * any of it runs. Owned by the host until the next call of either function (loading packs
 * leaves them be) or its destruction. A text that is not a replay fails with the line at
 * fault. */
cairn_err cairn_lua_replay_find_packs(cairn_lua *h, const char *text, const char *const *folders,
                                      size_t folder_count, const char *const **dirs, size_t *count);
/* cairn_lua_replay_find_packs with no folders given. */
cairn_err cairn_lua_replay_packs(cairn_lua *h, const char *text, const char *const **dirs,
                                 size_t *count);
/* Starts the replay's game (checking the packs as cairn_lua_game_resume does); *beats is how
 * many it has. */
cairn_err cairn_lua_replay_start(cairn_lua *h, const char *text, uint64_t *beats);
/* Plays the replay's next beat and compares what the world came to with every field its line
 * recorded: fails with "beat N differs from the replay: ..." naming the fields that differ.
 * *done is set after the last beat. A failure ends the replay. */
cairn_err cairn_lua_replay_step(cairn_lua *h, bool *done);
/* After the last beat: compares how the game stands with the replay's end line, failing with
 * "replay line N: the game ended 'won' at beat K, where the replay has 'lost'" when they
 * differ. *incomplete is NULL when the replay holds its whole game, else says where it stops
 * short and why ("the replay stops at beat K, before its game ended: ..."), owned by the host
 * until the next call on it. */
cairn_err cairn_lua_replay_finish(cairn_lua *h, const char **incomplete);

typedef struct cairn_lua_stats {
    uint64_t callbacks; /* calls the core made into Lua: handlers, movs, algorithms, hooks */
    size_t memory;      /* bytes the Lua state holds */
} cairn_lua_stats;

void cairn_lua_get_stats(const cairn_lua *h, cairn_lua_stats *out);

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
cairn_err cairn_lua_check(const cairn_lua_config *config, const char *dir, unsigned *problems,
                          cairn_error *err);

/* `cairn test [DIR...]`: runs the scenario tests found in dirs (a pack folder: its tests/; any
 * other folder: its *.lua files), each file in a fresh host, files and tests in a stable
 * order. With no dirs: the source tree's tests/scenarios and every bundled pack. Prints one
 * line per test and, last, "N passed, N failed". A file that does not load counts as a
 * failed test. */
cairn_err cairn_lua_test(const cairn_lua_config *config, const char *const *dirs, size_t count,
                         cairn_lua_totals *totals, cairn_error *err);

#ifdef __cplusplus
}
#endif

#endif /* CAIRN_LUA_H */
