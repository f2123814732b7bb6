/*
 * message.h - the messages clients send the server (docs/protocol.md), decoded into a
 * struct of fixed size, and written back as JSON for the store's log of actions.
 *
 * The decoder is what a hostile client reaches first, and the fuzz target
 * tests/fuzz/message.c: it allocates nothing, reads no byte past len, and refuses whatever is
 * not a well-formed message - not JSON, not an object, an unknown type, a field of the wrong
 * type or out of range, a string too long or holding a NUL or bytes that are not UTF-8, a key
 * given twice, nesting deeper than 4 - with the close code the server then sends and why.
 * Fields a type does not use, and fields it does not know, are ignored (checked as JSON all
 * the same), so that a newer client's additions do not break an older server.
 */
#ifndef CAIRN_SERVER_MESSAGE_H
#define CAIRN_SERVER_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "json.h"

#define SRV_PROTOCOL    1
#define SRV_MESSAGE_MAX 4096 /* bytes of a client message */
#define SRV_TEXT_MAX    256  /* bytes of a string field, its NUL included */
#define SRV_CHAT_MAX    200  /* bytes of a chat line */
#define SRV_ANSWERS_MAX 8
#define SRV_PACKS_MAX   8
#define SRV_SEATS_MAX   8
#define SRV_DEPTH_MAX   4 /* the message's object is 1 */

/* The close codes of the protocol (docs/protocol.md): the reason text says what. */
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
    /* Never from a client: a question's time ran out. The store logs it like any action;
     * only srv_msg_decode_logged reads it. */
    SRV_MSG_EXPIRE
} srv_msg_type;

typedef struct srv_msg {
    srv_msg_type type;
    int64_t beat; /* -1 when absent */
    /* create: the game's name; join, watch: the game's id */
    char game[SRV_TEXT_MAX];
    /* choose: the choice; answer: the answer; chat: the line; join: the seat's token */
    char text[SRV_TEXT_MAX];
    char answers[SRV_ANSWERS_MAX][SRV_TEXT_MAX]; /* choose */
    size_t answer_count;
    char packs[SRV_PACKS_MAX][SRV_TEXT_MAX]; /* create */
    size_t pack_count;
    char bots[SRV_SEATS_MAX][SRV_TEXT_MAX]; /* create: per seat from 1, a bot, or "" a person */
    size_t seat_count;
    uint64_t seed; /* create */
    bool has_seed;
    int64_t seat, from, to; /* -1 when absent */
} srv_msg;

/* 0 with *out filled (every byte: fields a type does not use are 0, or -1 for the numbers
 * that may be absent, so two decodes of one message compare equal with memcmp), or the close
 * code (SRV_CLOSE_MALFORMED, SRV_CLOSE_OVERSIZED) with why, *out then empty but for its type
 * when that was read. A client may send every type but expire. */
int srv_msg_decode(const char *data, size_t len, srv_msg *out, char *why, size_t why_size);
/* The same for a message of the store's log: expire too. */
int srv_msg_decode_logged(const char *data, size_t len, srv_msg *out, char *why, size_t why_size);
/* The message as JSON, which srv_msg_decode_logged reads back to the same struct: what the
 * store logs. Appended to out. */
void srv_msg_encode(const srv_msg *m, srv_json *out);
/* The type's name in the protocol ("create", ...), or NULL. */
const char *srv_msg_type_name(srv_msg_type type);

#endif
