/*
 * net.h - what the server's two halves share: server.c (games, seats and the store, behind
 * the protocol's messages) and net.c (libwebsockets: the listener, HTTP, sockets, limits).
 *
 * One thread runs everything, in libwebsockets' event loop: no locks. A message to send is
 * encoded once (srv_out) and queued, counted, on each socket it goes to; it is written when
 * the socket can take it, never before the action behind it is in the store.
 */
#ifndef SRV_NET_H
#define SRV_NET_H

#include <libwebsockets.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cairn/server.h"
#include "game.h"
#include "json.h"
#include "message.h"
#include "store.h"

/* What a socket may hold queued before the server gives up on it (close 4008). */
#define SRV_QUEUE_MESSAGES 64
#define SRV_QUEUE_BYTES    (1024 * 1024)
/* The most packs a server offers beside the base game. */
#define SRV_OFFERED_MAX 16

/* A message encoded once, shared by the queues it is in; freed with its last reference. */
typedef struct srv_out {
    size_t refs;
    size_t len;
    unsigned char bytes[]; /* LWS_PRE bytes for libwebsockets' header, then the text */
} srv_out;

typedef struct srv_queued {
    struct srv_queued *next;
    srv_out *out;
} srv_queued;

typedef struct srv_room srv_room;
typedef struct srv_server srv_server;

/* One connection: a socket (ws) or an HTTP request. libwebsockets allocates it zeroed (the
 * protocols' per-session data) and frees it after LWS_CALLBACK_CLOSED. */
typedef struct srv_conn {
    struct lws *wsi;
    bool ws;
    /* Where the socket is: in a room on a seat, watching one, or neither. */
    srv_room *room;
    size_t seat;
    bool watching;
    struct srv_conn *prev_watcher, *next_watcher;
    /* The rate limit, as the time its bucket would be empty again (us, the loop's clock). */
    int64_t bucket_empty_us;
    srv_queued *head, *tail;
    size_t queued, queued_bytes;
    /* A message that came in several pieces, gathered; NULL between messages. */
    char *rx;
    size_t rx_len;
    /* Set when the socket is to be closed with this code at its next write. */
    int close_code;
    char close_reason[100];
    bool close_sent; /* the close frame is out: the client's answer is awaited */
    /* An HTTP answer's body being written. */
    char *body;
    size_t body_len, body_sent;
} srv_conn;

/* A game the server holds, with who is in it. */
struct srv_room {
    lws_sorted_usec_list_t deadline; /* the question's time limit running out */
    srv_server *server;
    char id[33];
    srv_game *game;
    srv_conn *seats[SRV_SEATS_MAX + 1]; /* the socket on each seat, from 1 */
    srv_conn *watchers;
};

/* A message the game sent during an action: held until the action is committed. */
typedef struct srv_staged {
    srv_room *room;
    size_t audience;
    srv_out *out;
} srv_staged;

struct srv_server {
    cairn_server_config config; /* the defaults filled in */
    struct lws_context *context;
    struct lws_vhost *vhost;
    srv_store *store;
    srv_room **rooms;
    size_t room_count, room_cap;
    /* What the game sends goes: to one socket (direct), into staged (during an action, until
     * the round's group is committed), or to its audience at once. */
    srv_conn *direct;
    bool staging;
    bool batch; /* a transaction of the store is open: the round's actions, appended */
    srv_staged *staged;
    size_t staged_count, staged_cap;
    size_t sockets;
    char offered[SRV_OFFERED_MAX][SRV_TEXT_MAX]; /* the ids of config.packs, in order */
    char client_dir[1024];
    srv_json out;     /* the server's own messages, encoded here */
    srv_out *welcome; /* every socket's first message */
    int signal_fd;
    bool stopping;
};

/* --- net.c, for server.c ---------------------------------------------------------------- */

/* Runs the event loop until SIGINT or SIGTERM; prints the listening line once it listens. */
cairn_err srv_net_run(srv_server *s, cairn_error *err);
/* A new message holding the text (NULL when memory runs out). */
srv_out *srv_out_new(const char *text, size_t len);
void srv_out_drop(srv_out *o);
/* Queues the message on the socket (taking a reference); a socket whose queue is full is
 * closed with 4008 instead. */
void srv_net_send(srv_conn *c, srv_out *o);
/* Closes the socket with the code and reason once what is queued before has gone. */
void srv_net_close(srv_conn *c, int code, const char *reason);
/* The server's clock in ms, for the games' deadlines. */
int64_t srv_net_now_ms(void);
/* Wakes the room at the deadline of its game (server clock, ms), or never (0). */
void srv_net_schedule(srv_room *r, int64_t deadline_ms);

/* --- server.c, for net.c ---------------------------------------------------------------- */

void srv_server_opened(srv_server *s, srv_conn *c); /* a socket: welcome */
void srv_server_received(srv_server *s, srv_conn *c, const char *data, size_t len);
void srv_server_closed(srv_server *s, srv_conn *c); /* the socket is gone */
void srv_server_deadline(srv_room *r);              /* its time ran out */
/* The round of the loop is over: its actions are committed to the store together, then their
 * messages go out. */
void srv_server_settle(srv_server *s);
/* The replay of game `id` so far, or NULL when there is no such game. */
const char *srv_server_replay(srv_server *s, const char *id);

#endif /* SRV_NET_H */
