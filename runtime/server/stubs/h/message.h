/* A stand-in for message.h until the real one is merged (runtime/server/README.md). */
#ifndef SRV_MESSAGE_H
#define SRV_MESSAGE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "json.h"

#define SRV_PROTOCOL    1
#define SRV_MESSAGE_MAX 4096
#define SRV_TEXT_MAX    256
#define SRV_ANSWERS_MAX 8
#define SRV_PACKS_MAX   8
#define SRV_SEATS_MAX   8
enum {
    SRV_CLOSE_PROTOCOL = 4000,
    SRV_CLOSE_MALFORMED = 4001,
    SRV_CLOSE_OVERSIZED = 4002,
    SRV_CLOSE_TURN = 4003,
    SRV_CLOSE_FLOOD = 4004,
    SRV_CLOSE_TOKEN = 4005,
    SRV_CLOSE_SLOW = 4008
};
typedef enum srv_msg_type {
    SRV_MSG_CREATE = 1,
    SRV_MSG_JOIN,
    SRV_MSG_WATCH,
    SRV_MSG_LEAVE,
    SRV_MSG_CHOOSE,
    SRV_MSG_ANSWER,
    SRV_MSG_CANCEL,
    SRV_MSG_UNDO,
    SRV_MSG_CHAT,
    SRV_MSG_SYNC,
    SRV_MSG_HISTORY,
    SRV_MSG_EXPIRE
} srv_msg_type;
typedef struct srv_msg {
    srv_msg_type type;
    int64_t beat;
    char game[SRV_TEXT_MAX];
    char text[SRV_TEXT_MAX];
    char answers[SRV_ANSWERS_MAX][SRV_TEXT_MAX];
    size_t answer_count;
    char packs[SRV_PACKS_MAX][SRV_TEXT_MAX];
    size_t pack_count;
    char bots[SRV_SEATS_MAX][SRV_TEXT_MAX];
    size_t seat_count;
    uint64_t seed;
    bool has_seed;
    int64_t seat, from, to;
} srv_msg;
int srv_msg_decode(const char *data, size_t len, srv_msg *out, char *why, size_t why_size);
void srv_msg_encode(const srv_msg *m, srv_json *out);
#endif
