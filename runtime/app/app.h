/*
 * app.h - the `cairn` executable's own declarations: its exit statuses, its commands (one
 * file each, cmd_NAME in NAME.c) and what they share: hosts with the base game (hosts.c),
 * files read and written whole (files.c) and numbers on the command line (main.c).
 */
#ifndef CAIRN_APP_H
#define CAIRN_APP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cairn/session.h"

enum { EXIT_OK = 0, EXIT_FAILED = 1, EXIT_USAGE = 2 };

/* The hosts of every command: content gets field of view and path finding (the world methods
 * of cairn/session.h) beyond the host's own. */
extern const cairn_lua_config app_host_config;

/* The most --pack options a command takes. */
#define APP_PACKS_MAX 16

/* The bundled base game's folder: content/base in the runtime's home (cairn_lua_home). */
const char *app_bundled_base(void);
/* The base game's folder for these packs: the last of them named "base" (a copy of the base
 * game, to play or change), which stands in for the bundled one; else the bundled one. */
const char *app_base_pack(const char *const *packs, int pack_count);

/* The packs whose code the player or server trusts, from the command line (--trust PACK,
 * --distrust-bundled): it runs without the instruction budget (docs/modding.md). */
typedef struct app_trust {
    const char *packs[APP_PACKS_MAX + 1]; /* ended by NULL */
    int count;
    bool distrust_bundled; /* the bundled packs keep every budget too */
} app_trust;

/* Reads --trust PACK or --distrust-bundled at argv[i] (val: argv[i + 1], or NULL) into t.
 * Returns the arguments it took (0: the option is another; -1: a usage error, in *why). */
int app_parse_trust(app_trust *t, const char *opt, const char *val, const char **why);

/* A host whose worlds have field of view and path finding, with the base game (app_base_pack)
 * and then each of the other packs loaded, trusted as `trust` says (NULL: the bundled packs
 * only). On failure prints "cairn COMMAND: what: why" to stderr and returns NULL. */
cairn_lua *app_host(const char *command, const char *const *packs, int pack_count,
                    const app_trust *trust);
/* The same, saying nothing: on failure NULL with "what: why" in `why` (a front end shows it on
 * its screen). */
cairn_lua *app_host_or_why(const char *const *packs, int pack_count, const app_trust *trust,
                           char *why, size_t why_size);

/* The most seats --bot names. */
#define APP_SEATS_MAX 16

/* The bots that play the seats, from the command line (--bot [SEAT=]NAME): seats[i] plays
 * seat i + 1 (NULL: none named for it), every_seat plays any other (NULL: none). */
typedef struct app_seat_bots {
    const char *seats[APP_SEATS_MAX];
    const char *every_seat;
} app_seat_bots;

/* Reads --bot's value, "NAME" (every seat) or "SEAT=NAME" (seat SEAT, from 1), into b; false
 * with why in *why for a seat out of 1 to APP_SEATS_MAX or an empty name. */
bool app_parse_seat_bot(app_seat_bots *b, const char *val, const char **why);
/* The bot that plays seat `seat` (from 1), or NULL. */
const char *app_seat_bot(const app_seat_bots *b, size_t seat);

/* Whether the argument asks for help: --help or -h. main passes a command `NAME --help` alone
 * whenever either stands after it, so a command needs to look at argv[1] only (main.c). */
bool app_is_help(const char *arg);

/* A whole number of decimal digits, no sign, into *out; false for anything else (main.c). */
bool app_parse_count(const char *text, uint64_t *out);

/* Prints "cairn COMMAND: what: the host's error" to stderr, destroys the host and returns
 * EXIT_FAILED. */
int app_failed(const char *command, cairn_lua *h, const char *what);

/* The whole file, NUL-terminated (the caller frees it), or NULL with a message printed. */
char *app_read_file(const char *command, const char *path, size_t *size);
/* Writes text to the file, replacing it; false with a message printed when it cannot. */
bool app_write_file(const char *command, const char *path, const char *text);

/* Opens FILE for the host's trace (cairn_lua_trace) and writes its header; NULL after a
 * message. app_close_trace closes it (NULL: nothing to close) and says whether every line
 * was written. */
FILE *app_open_trace(const char *command, cairn_lua *h, const char *path);
bool app_close_trace(FILE *trace);

/* The commands: each takes the command line from its name on (argv[0] is "play", ...) and
 * returns the exit status. */
int cmd_play(int argc, char **argv);   /* the game in the terminal, with saves and undo */
int cmd_sim(int argc, char **argv);    /* the game played headless by a bot */
int cmd_new(int argc, char **argv);    /* a new pack to start from */
int cmd_check(int argc, char **argv);  /* a pack validated */
int cmd_test(int argc, char **argv);   /* Lua scenario tests */
int cmd_replay(int argc, char **argv); /* a recorded game played back, or verified */
int cmd_trace(int argc, char **argv);  /* a trace as a page, or one beat's map */
int cmd_serve(int argc, char **argv);  /* games over WebSockets */

#endif /* CAIRN_APP_H */
