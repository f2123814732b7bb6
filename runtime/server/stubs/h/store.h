/* A stand-in for store.h until the real one is merged (runtime/server/README.md). */
#ifndef SRV_STORE_H
#define SRV_STORE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cairn/core.h"
#include "message.h"

typedef struct srv_store srv_store;
cairn_err srv_store_open(const char *path, srv_store **out, cairn_error *err);
void srv_store_close(srv_store *s);
cairn_err srv_store_create_game(srv_store *s, const srv_msg *create, char id[33], cairn_error *err);
cairn_err srv_store_claim_seat(srv_store *s, const char *game, size_t seat, char token[65],
                               cairn_error *err);
cairn_err srv_store_seat_of_token(srv_store *s, const char *game, const char *token, size_t *seat,
                                  cairn_error *err);
cairn_err srv_store_release_seat(srv_store *s, const char *game, size_t seat, cairn_error *err);
bool srv_store_seat_taken(srv_store *s, const char *game, size_t seat);
cairn_err srv_store_append(srv_store *s, const char *game, size_t seat, const srv_msg *m,
                           uint64_t beat, const char *checksum, cairn_error *err);
cairn_err srv_store_end_game(srv_store *s, const char *game, const char *how, cairn_error *err);
typedef void (*srv_store_game_fn)(void *ud, const char *id, const srv_msg *create);
typedef void (*srv_store_action_fn)(void *ud, const char *id, size_t seat, const srv_msg *m,
                                    uint64_t beat, const char *checksum);
cairn_err srv_store_load(srv_store *s, srv_store_game_fn game, srv_store_action_fn action, void *ud,
                         cairn_error *err);
#endif
