/*
 * store.h - the server's games in SQLite: each game's create row, who holds its seats, and
 * the log of the actions it acknowledged. A restart plays each log again (srv_store_load).
 */
#ifndef CAIRN_SERVER_STORE_H
#define CAIRN_SERVER_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cairn/kernel.h"
#include "message.h"

typedef struct srv_store srv_store;

/* Opens the store at path, creating the file and bringing its schema to this cairn's
 * (the migrations of schema/, applied in order). Refuses a file that is no game store, or
 * whose schema a later cairn wrote. */
cairn_err srv_store_open(const char *path, srv_store **out, cairn_error *err);
void srv_store_close(srv_store *s);

/* A new game from its create message: its id (32 hex digits from 16 random bytes:
 * unguessable), its row written. */
cairn_err srv_store_create_game(srv_store *s, const srv_msg *create, char id[33], cairn_error *err);

/* Seat tokens: 32 random bytes as 64 hex digits. claim: a free seat gets a token
 * (CAIRN_ERR_OCCUPIED when it is held); seat_of_token: the seat the token holds, 0 none;
 * release: the seat is free again and its token holds nothing. Which seats a game has, and
 * which are bots', is the game's to say: the store keeps tokens only. */
cairn_err srv_store_claim_seat(srv_store *s, const char *game, size_t seat, char token[65],
                               cairn_error *err);
cairn_err srv_store_seat_of_token(srv_store *s, const char *game, const char *token, size_t *seat,
                                  cairn_error *err);
cairn_err srv_store_release_seat(srv_store *s, const char *game, size_t seat, cairn_error *err);
/* Whether a token holds the seat (true too when the store cannot tell: no one may take it). */
bool srv_store_seat_taken(srv_store *s, const char *game, size_t seat);

/* Appends an applied action of seat `seat` (0: the server's EXPIRE), with the beat and
 * checksum the game came to, durably: committed (synchronous=FULL) before it returns - or,
 * between srv_store_begin and srv_store_commit, when the commit returns. */
cairn_err srv_store_append(srv_store *s, const char *game, size_t seat, const srv_msg *m,
                           uint64_t beat, const char *checksum, cairn_error *err);
/* Appends from here to srv_store_commit are one transaction: one sync of the log for them
 * all, however many. Other writes wait until it is committed. */
cairn_err srv_store_begin(srv_store *s, cairn_error *err);
/* Commits the appends since srv_store_begin, durably; on failure none of them is kept. */
cairn_err srv_store_commit(srv_store *s, cairn_error *err);
/* The game is over (`how`: won, lost, abandoned ...): a restart no longer loads it. */
cairn_err srv_store_end_game(srv_store *s, const char *game, const char *how, cairn_error *err);

/* Every game not ended, in creation order: `game` with its create message, then `action`
 * for each action of its log, in order. */
typedef void (*srv_store_game_fn)(void *ud, const char *id, const srv_msg *create);
typedef void (*srv_store_action_fn)(void *ud, const char *id, size_t seat, const srv_msg *m,
                                    uint64_t beat, const char *checksum);
cairn_err srv_store_load(srv_store *s, srv_store_game_fn game, srv_store_action_fn action, void *ud,
                         cairn_error *err);

#endif
