/*
 * game.h - one game the server holds: a Lua host playing a session (cairn/session.h), its
 * seats (a person's or a bot's), who the game waits for, the time a question may wait, and
 * the protocol's messages about it (docs/protocol.md), encoded for each audience: each seat
 * gets what its character may know, the spectators what the game lets them see.
 *
 * The game waits for one seat at a time (cairn_session_turn): that seat alone may act, the
 * others are told who decides. Bots give their seats' inputs at once, inside the call that
 * made them due, and a question inside a beat about a bot's character takes the default; so
 * after each call the game waits for a person, or has ended.
 *
 * After a beat each audience's screen is taken once (cairn_session_seat_screen), sent or
 * not: a seat's character remembers the floor from its screens, and the spectators' views of
 * the last beats are kept for `history`. An audience is told of what the beat spawned only
 * where it sees.
 *
 * Everything that changes the game comes through srv_game_act, which the caller logs when it
 * says SRV_OK: the log applied again in order (quiet) to a game made with the same config
 * comes to the same game, beat and checksum, each seat remembering what it did. Nothing here
 * reads a clock of its own: the server's time comes from the caller, and only the deadlines
 * of questions use it.
 */
#ifndef CAIRN_SERVER_GAME_H
#define CAIRN_SERVER_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cairn/session.h"
#include "message.h"

typedef struct srv_game srv_game;

/* Delivers a message of a game to an audience: seat 1..n, or 0 for its spectators. */
typedef void (*srv_send_fn)(void *ud, const char *game_id, size_t audience, const char *json,
                            size_t len);

/* The server's clock, ms: only the deadlines of questions use it. */
typedef int64_t (*srv_clock_fn)(void *ud);

typedef struct srv_game_config {
    const char *id;   /* the game's id (the store makes it) */
    const char *game; /* "base:dungeon", "dungeon" ... as cairn_session_start */
    uint64_t seed;
    const char *const *pack_dirs; /* loaded after the bundled base */
    size_t pack_count;
    const char *const *bots; /* per seat from 1: a bot's name, or "" (or NULL) a person */
    size_t bot_count;
    /* The server's clock for what has no now_ms of its own (a question's time left when the
     * whole state is sent, one asked as the game is made), called with the send function's
     * ud; NULL: the now_ms of the last action. */
    srv_clock_fn clock;
} srv_game_config;

typedef enum srv_result {
    SRV_OK,          /* applied: the caller logs it */
    SRV_STALE,       /* the action was for an older beat than the game's */
    SRV_UNAVAILABLE, /* the choice cannot be made now, undo cannot be done */
    SRV_INVALID,     /* the action does not fit what waits (an answer the prompt refuses) */
    SRV_TURN,        /* out of turn: the seat is not asked, or no prompt waits for it */
    SRV_FAILED       /* the content failed: the game cannot go on */
} srv_result;

/* At most this many beats are played by bots in one call, a guard: a game is over for the
 * server once no person's character lives (srv_game_ended), so bots never play on alone. */
#define SRV_GAME_BOT_BEATS 100
/* The spectators' views of the last beats, kept for `history`. */
#define SRV_GAME_HISTORY 100

/* Makes the game: the host with the bundled base and the packs, the game started on the seed,
 * the bots' seats played until a person is waited for. Sends nothing: the seats are empty.
 * Refused (CAIRN_ERR_INVALID) when the bots name seats the game does not have, or every seat;
 * a game or pack that fails gives its error. */
cairn_err srv_game_create(const srv_game_config *c, srv_send_fn send, void *ud, srv_game **out,
                          cairn_error *err);
void srv_game_destroy(srv_game *g);
size_t srv_game_seats(const srv_game *g);
bool srv_game_seat_is_bot(const srv_game *g, size_t seat);

/* Applies an action of seat `seat` (choose, answer, cancel, undo; EXPIRE with seat 0); runs
 * bots and beats until a person is waited for; sends what changed to each audience (through
 * send, during the call). SRV_OK: applied (the caller logs it). Anything else changed nothing
 * and sent nothing; why says what (SRV_TURN: out of turn, the caller closes 4003). A choose
 * whose answers are refused part way is applied up to the refused one, which then waits: it
 * is SRV_OK (the game changed), and the seat is sent an `error` "invalid" saying why. `quiet`:
 * send nothing (the store's log being applied again at start). now_ms: the server's clock,
 * for deadlines only. */
srv_result srv_game_act(srv_game *g, size_t seat, const srv_msg *m, int64_t now_ms, bool quiet,
                        char *why, size_t why_size);
/* The whole state for one audience (a join, a sync, a watch). */
void srv_game_send_state(srv_game *g, size_t audience);
/* The spectators' views of the beats from..to kept (the last SRV_GAME_HISTORY; -1: from the
 * first kept, to the last), to the spectators. */
void srv_game_send_history(srv_game *g, int64_t from, int64_t to);
/* The protocol's error code of a result ("stale", "unavailable", "invalid"), NULL for SRV_OK. */
const char *srv_game_result_code(srv_result r);
/* Seat presence changed (net calls it): the others' seat lists say so. */
void srv_game_presence(srv_game *g, size_t seat, bool connected);
/* When the question waiting runs out of time (server clock, ms), 0 if none waits. */
int64_t srv_game_deadline(const srv_game *g);
uint64_t srv_game_beat(const srv_game *g);
void srv_game_checksum(const srv_game *g, char out[17]);
/* Whether the game is over: its session ended (won, lost, died), or no person's character
 * lives. Undo may still take it back. */
bool srv_game_ended(const srv_game *g);
/* The game so far as a replay's text (cairn_session_record), for GET /games/ID/replay. */
cairn_err srv_game_record(srv_game *g, const char **text);

#endif
