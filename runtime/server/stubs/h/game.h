/* A stand-in for game.h until the real one is merged (runtime/server/README.md). */
#ifndef SRV_GAME_H
#define SRV_GAME_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cairn/core.h"
#include "message.h"

typedef struct srv_game srv_game;
typedef void (*srv_send_fn)(void *ud, const char *game_id, size_t audience, const char *json,
                            size_t len);
typedef struct srv_game_config {
    const char *id;
    const char *game;
    uint64_t seed;
    const char *const *pack_dirs;
    size_t pack_count;
    const char *const *bots;
    size_t bot_count;
} srv_game_config;
typedef enum srv_result {
    SRV_OK,
    SRV_STALE,
    SRV_UNAVAILABLE,
    SRV_INVALID,
    SRV_TURN,
    SRV_FAILED
} srv_result;
cairn_err srv_game_create(const srv_game_config *c, srv_send_fn send, void *ud, srv_game **out,
                          cairn_error *err);
void srv_game_destroy(srv_game *g);
size_t srv_game_seats(const srv_game *g);
bool srv_game_seat_is_bot(const srv_game *g, size_t seat);
srv_result srv_game_act(srv_game *g, size_t seat, const srv_msg *m, int64_t now_ms, bool quiet,
                        char *why, size_t why_size);
void srv_game_send_state(srv_game *g, size_t audience);
void srv_game_send_history(srv_game *g, int64_t from, int64_t to);
void srv_game_presence(srv_game *g, size_t seat, bool connected);
int64_t srv_game_deadline(const srv_game *g);
uint64_t srv_game_beat(const srv_game *g);
void srv_game_checksum(const srv_game *g, char out[17]);
bool srv_game_ended(const srv_game *g);
cairn_err srv_game_record(srv_game *g, const char **text);
#endif
