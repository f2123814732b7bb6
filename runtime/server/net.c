/*
 * net.c - the server's libwebsockets half: one listener for HTTP (the browser client's files,
 * a game's replay) and the socket at /ws (subprotocol cairn.1), in one event loop on one
 * thread. Here are the limits a hostile or slow client meets, each with its close code
 * (docs/protocol.md): the handshake's origin and path, the number of sockets, a message's
 * size, the rate of messages, the queue of what a socket has not read yet.
 *
 * Memory an idle socket holds: libwebsockets' connection and its receive buffer (kept small,
 * a message longer than it is gathered only while it arrives) and srv_conn. No
 * permessage-deflate: its zlib state would cost tens of KB a socket.
 */
#define _DEFAULT_SOURCE /* signalfd, setrlimit */
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <time.h>
#include <unistd.h>

#include "cairn/lua.h"
#include "net.h"

#define SUBPROTOCOL "cairn.1"
/* lws_write's frame type for a close frame. libwebsockets keeps it private (lws_close_reason
 * closes the connection at once, see send_close), but still writes it. */
#define WRITE_CLOSE ((enum lws_write_protocol)4)
/* What libwebsockets hands over at a time: a longer message comes in pieces (see above). */
#define RX_PIECE 1024

/* --- messages out ------------------------------------------------------------------------ */

srv_out *srv_out_new(const char *text, size_t len)
{
    srv_out *o = malloc(sizeof *o + LWS_PRE + len + 1);
    if (!o)
        return NULL;
    o->refs = 1;
    o->len = len;
    memcpy(o->bytes + LWS_PRE, text, len);
    o->bytes[LWS_PRE + len] = '\0';
    return o;
}

void srv_out_drop(srv_out *o)
{
    if (o && --o->refs == 0)
        free(o);
}

static void drop_queue(srv_conn *c)
{
    while (c->head) {
        srv_queued *q = c->head;
        c->head = q->next;
        srv_out_drop(q->out);
        free(q);
    }
    c->tail = NULL;
    c->queued = c->queued_bytes = 0;
}

void srv_net_close(srv_conn *c, int code, const char *reason)
{
    if (c->close_code)
        return;
    c->close_code = code;
    snprintf(c->close_reason, sizeof c->close_reason, "%s", reason);
    lws_callback_on_writable(c->wsi);
    /* A client that reads nothing more never lets the close frame out: it is cut off, after
     * two seconds, or a minute for one closed for reading too slowly: its close frame waits
     * behind all it has not read yet, and a client only slow still learns why. */
    lws_set_timeout(c->wsi, PENDING_TIMEOUT_CLOSE_SEND, code == SRV_CLOSE_SLOW ? 60 : 2);
}

void srv_net_send(srv_conn *c, srv_out *o)
{
    if (c->close_code)
        return;
    if (c->queued == SRV_QUEUE_MESSAGES || c->queued_bytes + o->len > SRV_QUEUE_BYTES) {
        drop_queue(c);
        srv_net_close(c, SRV_CLOSE_SLOW, "too slow: the messages not read yet are too many");
        return;
    }
    srv_queued *q = malloc(sizeof *q);
    if (!q)
        return;
    o->refs++;
    *q = (srv_queued){NULL, o};
    if (c->tail)
        c->tail->next = q;
    else
        c->head = q;
    c->tail = q;
    c->queued++;
    c->queued_bytes += o->len;
    lws_callback_on_writable(c->wsi);
}

/* Sends the close frame, code and reason, and keeps the socket open until the client answers
 * with its own (or the timeout of srv_net_close cuts it off). Closing at once, with what the
 * client sent meanwhile still unread, would make the kernel reset the connection, and the
 * reset can overtake the close frame: the client would never learn why. */
static int send_close(srv_conn *c)
{
    unsigned char frame[LWS_PRE + 125];
    size_t n = strlen(c->close_reason);
    if (n > sizeof frame - LWS_PRE - 2)
        n = sizeof frame - LWS_PRE - 2;
    frame[LWS_PRE] = (unsigned char)(c->close_code >> 8);
    frame[LWS_PRE + 1] = (unsigned char)(c->close_code & 0xff);
    memcpy(frame + LWS_PRE + 2, c->close_reason, n);
    c->close_sent = true;
    return lws_write(c->wsi, frame + LWS_PRE, n + 2, WRITE_CLOSE) < 0 ? -1 : 0;
}

/* Writes what the socket can take of its queue, then its close if one is due. -1: close. */
static int write_queue(srv_conn *c)
{
    while (c->head && !lws_send_pipe_choked(c->wsi)) {
        srv_queued *q = c->head;
        srv_out *o = q->out;
        int n = lws_write(c->wsi, o->bytes + LWS_PRE, o->len, LWS_WRITE_TEXT);
        c->head = q->next;
        if (!c->head)
            c->tail = NULL;
        c->queued--;
        c->queued_bytes -= o->len;
        srv_out_drop(o);
        free(q);
        if (n < 0)
            return -1;
    }
    if (c->head) {
        lws_callback_on_writable(c->wsi);
        return 0;
    }
    if (c->close_code && !c->close_sent)
        return send_close(c);
    return 0;
}

/* --- the clock and the deadlines ------------------------------------------------------------ */

int64_t srv_net_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void room_due(lws_sorted_usec_list_t *sul)
{
    /* lws_container_of, through void * for clang's -Wcast-align: the room holds the timer. */
    srv_server_deadline((srv_room *)(void *)((char *)sul - offsetof(srv_room, deadline)));
}

void srv_net_schedule(srv_room *r, int64_t deadline_ms)
{
    if (!r->server->context)
        return;
    if (!deadline_ms) {
        lws_sul_cancel(&r->deadline);
        return;
    }
    int64_t wait = deadline_ms - srv_net_now_ms();
    lws_sul_schedule(r->server->context, 0, &r->deadline, room_due,
                     (lws_usec_t)(wait > 0 ? wait : 0) * LWS_US_PER_MS);
}

/* --- messages in ---------------------------------------------------------------------------- */

/* The token bucket, kept as the time it would be empty (GCRA): each message adds an
 * interval; more than a burst's worth ahead of now is a flood. */
static bool within_rate(srv_server *s, srv_conn *c)
{
    int64_t now = (int64_t)lws_now_usecs();
    int64_t interval = 1000000 / s->config.rate;
    int64_t empty = c->bucket_empty_us > now ? c->bucket_empty_us : now;
    if (empty + interval - now > 2 * (int64_t)s->config.rate * interval)
        return false;
    c->bucket_empty_us = empty + interval;
    return true;
}

/* A piece of a message: the whole of it handed on, a longer one gathered first. */
static void received(srv_server *s, srv_conn *c, const char *in, size_t len)
{
    if (c->close_code)
        return;
    if (lws_is_first_fragment(c->wsi) && !c->rx && !within_rate(s, c)) {
        char why[64];
        snprintf(why, sizeof why, "too many messages: at most %d a second", s->config.rate);
        srv_net_close(c, SRV_CLOSE_FLOOD, why);
        return;
    }
    if (lws_frame_is_binary(c->wsi)) {
        srv_net_close(c, SRV_CLOSE_MALFORMED, "messages are text frames");
        return;
    }
    bool last = lws_is_final_fragment(c->wsi) && !lws_remaining_packet_payload(c->wsi);
    if (!c->rx && last) {
        if (len > SRV_MESSAGE_MAX)
            srv_net_close(c, SRV_CLOSE_OVERSIZED, "a message is at most 4096 bytes");
        else
            srv_server_received(s, c, in, len);
        return;
    }
    if (c->rx_len + len + lws_remaining_packet_payload(c->wsi) > SRV_MESSAGE_MAX) {
        free(c->rx);
        c->rx = NULL;
        c->rx_len = 0;
        srv_net_close(c, SRV_CLOSE_OVERSIZED, "a message is at most 4096 bytes");
        return;
    }
    if (!c->rx && !(c->rx = malloc(SRV_MESSAGE_MAX))) {
        srv_net_close(c, LWS_CLOSE_STATUS_UNEXPECTED_CONDITION, "out of memory");
        return;
    }
    memcpy(c->rx + c->rx_len, in, len);
    c->rx_len += len;
    if (last) {
        srv_server_received(s, c, c->rx, c->rx_len);
        free(c->rx);
        c->rx = NULL;
        c->rx_len = 0;
    }
}

/* --- the handshake ---------------------------------------------------------------------------- */

/* Whether the socket's Origin is one accepted: those configured, else the server's own (the
 * Host the request names). A client that sends none is not a browser: no page of another
 * site can be behind it. */
static bool origin_accepted(srv_server *s, struct lws *wsi)
{
    char origin[256], host[256], own[300];
    if (lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN) <= 0)
        return true;
    if (lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) < 0)
        return false;
    for (size_t i = 0; i < s->config.origin_count; i++)
        if (!strcmp(origin, s->config.origins[i]))
            return true;
    if (s->config.origin_count || lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) <= 0)
        return false;
    snprintf(own, sizeof own, "http://%s", host);
    return !strcmp(origin, own);
}

/* Whether the subprotocols the client asks for, if any, include ours. One that asks for none
 * is taken on and closed with 4000, which says why; libwebsockets itself would hang up on one
 * that asks only for others. */
static bool subprotocol_offered(struct lws *wsi)
{
    char list[256];
    if (lws_hdr_total_length(wsi, WSI_TOKEN_PROTOCOL) <= 0)
        return true;
    if (lws_hdr_copy(wsi, list, sizeof list, WSI_TOKEN_PROTOCOL) < 0)
        return false;
    for (char *save, *p = strtok_r(list, ", ", &save); p; p = strtok_r(NULL, ", ", &save))
        if (!strcmp(p, SUBPROTOCOL))
            return true;
    return false;
}

/* Refuses an upgrade with an HTTP status: 1. Or accepts it: 0. */
static int confirm_upgrade(srv_server *s, struct lws *wsi)
{
    char uri[64];
    unsigned code = 0;
    if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) < 0 || strcmp(uri, "/ws"))
        code = HTTP_STATUS_NOT_FOUND;
    else if (!subprotocol_offered(wsi))
        code = HTTP_STATUS_BAD_REQUEST;
    else if (!origin_accepted(s, wsi))
        code = HTTP_STATUS_FORBIDDEN;
    else if (s->sockets >= s->config.max_connections)
        code = HTTP_STATUS_SERVICE_UNAVAILABLE;
    if (!code)
        return 0;
    lws_return_http_status(wsi, code, NULL);
    return 1;
}

/* --- HTTP --------------------------------------------------------------------------------- */

static const struct {
    const char *path, *file, *type;
} client_files[] = {
    {"/", "index.html", "text/html; charset=utf-8"},
    {"/index.html", "index.html", "text/html; charset=utf-8"},
    {"/client.js", "client.js", "text/javascript; charset=utf-8"},
    {"/style.css", "style.css", "text/css; charset=utf-8"},
};

/* The game id of a path /games/ID/replay, into id; false for another path. */
static bool replay_path(const char *path, char id[33])
{
    const char *prefix = "/games/", *suffix = "/replay";
    size_t n = strlen(path), p = strlen(prefix), q = strlen(suffix);
    if (n <= p + q || n - p - q >= 33 || strncmp(path, prefix, p) || strcmp(path + n - q, suffix))
        return false;
    memcpy(id, path + p, n - p - q);
    id[n - p - q] = '\0';
    return !strchr(id, '/');
}

/* Answers with a status alone. */
static int status(struct lws *wsi, unsigned code)
{
    lws_return_http_status(wsi, code, NULL);
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

static int serve_http(srv_server *s, srv_conn *c, const char *path)
{
    char id[33], file[1100];
    for (size_t i = 0; i < sizeof client_files / sizeof client_files[0]; i++) {
        if (strcmp(path, client_files[i].path))
            continue;
        snprintf(file, sizeof file, "%s/%s", s->client_dir, client_files[i].file);
        int n = lws_serve_http_file(c->wsi, file, client_files[i].type, NULL, 0);
        return n < 0 || (n > 0 && lws_http_transaction_completed(c->wsi)) ? -1 : 0;
    }
    const char *text = replay_path(path, id) ? srv_server_replay(s, id) : NULL;
    if (!text)
        return status(c->wsi, HTTP_STATUS_NOT_FOUND);
    size_t len = strlen(text);
    if (!(c->body = malloc(len ? len : 1)))
        return status(c->wsi, HTTP_STATUS_INTERNAL_SERVER_ERROR);
    memcpy(c->body, text, len);
    c->body_len = len;
    c->body_sent = 0;
    unsigned char head[LWS_PRE + 512], *p = head + LWS_PRE, *end = head + sizeof head;
    if (lws_add_http_common_headers(c->wsi, HTTP_STATUS_OK, "text/plain; charset=utf-8", len, &p,
                                    end) ||
        lws_finalize_write_http_header(c->wsi, head + LWS_PRE, &p, end))
        return -1;
    lws_callback_on_writable(c->wsi);
    return 0;
}

/* Writes the next piece of an HTTP body; -1: the connection is done with. */
static int write_body(srv_conn *c)
{
    if (!c->body)
        return 0;
    unsigned char piece[LWS_PRE + 4096];
    size_t n = c->body_len - c->body_sent;
    if (n > sizeof piece - LWS_PRE)
        n = sizeof piece - LWS_PRE;
    memcpy(piece + LWS_PRE, c->body + c->body_sent, n);
    c->body_sent += n;
    bool last = c->body_sent == c->body_len;
    if (lws_write(c->wsi, piece + LWS_PRE, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) <
        (int)n)
        return -1;
    if (!last) {
        lws_callback_on_writable(c->wsi);
        return 0;
    }
    free(c->body);
    c->body = NULL;
    return lws_http_transaction_completed(c->wsi) ? -1 : 0;
}

/* --- the callback --------------------------------------------------------------------------- */

static int on_signal(srv_server *s)
{
    struct signalfd_siginfo info;
    if (read(s->signal_fd, &info, sizeof info) == (ssize_t)sizeof info)
        s->stopping = true;
    return 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    srv_server *s = lws_context_user(lws_get_context(wsi));
    srv_conn *c = user;
    switch (reason) {
    case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
        return confirm_upgrade(s, wsi);
    case LWS_CALLBACK_ESTABLISHED:
        c->wsi = wsi;
        c->ws = true;
        s->sockets++;
        if (strcmp(lws_get_protocol(wsi)->name, SUBPROTOCOL)) {
            srv_net_close(c, SRV_CLOSE_PROTOCOL, "the subprotocol is " SUBPROTOCOL);
            return 0;
        }
        srv_server_opened(s, c);
        return 0;
    case LWS_CALLBACK_RECEIVE:
        received(s, c, in, len);
        return 0;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return write_queue(c);
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        /* The answer to our close: nothing more to say, not even its echo. */
        return c->close_sent;
    case LWS_CALLBACK_CLOSED:
        if (!s->stopping)
            srv_server_closed(s, c);
        drop_queue(c);
        free(c->rx);
        c->rx = NULL;
        s->sockets--;
        return 0;
    case LWS_CALLBACK_HTTP:
        c->wsi = wsi;
        return serve_http(s, c, in);
    case LWS_CALLBACK_HTTP_WRITEABLE:
        return write_body(c);
    case LWS_CALLBACK_HTTP_FILE_COMPLETION:
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    case LWS_CALLBACK_CLOSED_HTTP:
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
        if (c) {
            free(c->body);
            c->body = NULL;
        }
        return 0;
    case LWS_CALLBACK_RAW_RX_FILE:
        return on_signal(s);
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

static const struct lws_protocols protocols[] = {
    {"http", callback, sizeof(srv_conn), 0, 0, NULL, 0},
    {SUBPROTOCOL, callback, sizeof(srv_conn), RX_PIECE, 0, NULL, 64 * 1024},
    {"signals", callback, 0, 0, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* --- the loop --------------------------------------------------------------------------------- */

/* The browser client's folder: the configured one, or the runtime's own (the source tree's
 * runtime/server/client, or the installed share/cairn/client). */
static void find_client_dir(srv_server *s)
{
    char home[900];
    if (s->config.client_dir) {
        snprintf(s->client_dir, sizeof s->client_dir, "%s", s->config.client_dir);
        return;
    }
    cairn_lua_home(home, sizeof home);
    snprintf(s->client_dir, sizeof s->client_dir, "%s/runtime/server/client", home);
    if (access(s->client_dir, F_OK))
        snprintf(s->client_dir, sizeof s->client_dir, "%s/client", home);
}

/* Room for every socket allowed and some to spare, within what the system lets it have:
 * libwebsockets sizes its tables from the limit. */
static void raise_file_limit(const srv_server *s)
{
    struct rlimit l;
    rlim_t want = (rlim_t)s->config.max_connections + 256;
    if (getrlimit(RLIMIT_NOFILE, &l) || l.rlim_cur >= want)
        return;
    l.rlim_cur = l.rlim_max == RLIM_INFINITY || l.rlim_max > want ? want : l.rlim_max;
    setrlimit(RLIMIT_NOFILE, &l);
}

/* SIGINT and SIGTERM, read from a descriptor in the loop rather than caught. */
static bool watch_signals(srv_server *s, sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    if (sigprocmask(SIG_BLOCK, &set, old))
        return false;
    s->signal_fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
    lws_sock_file_fd_type fd = {.filefd = s->signal_fd};
    return s->signal_fd >= 0 &&
           lws_adopt_descriptor_vhost(s->vhost, LWS_ADOPT_RAW_FILE_DESC, fd, "signals", NULL);
}

static void stop_watching_signals(srv_server *s, const sigset_t *old)
{
    if (s->signal_fd >= 0)
        close(s->signal_fd);
    s->signal_fd = -1;
    sigprocmask(SIG_SETMASK, old, NULL);
}

static cairn_err fail(cairn_error *err, cairn_err code, const char *what)
{
    err->code = code;
    snprintf(err->message, sizeof err->message, "%s", what);
    return code;
}

cairn_err srv_net_run(srv_server *s, cairn_error *err)
{
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    find_client_dir(s);
    raise_file_limit(s);
    lws_set_log_level(LLL_ERR, NULL);
    info.port = s->config.port;
    info.iface = s->config.address;
    info.protocols = protocols;
    info.user = s;
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8 | LWS_SERVER_OPTION_DISABLE_IPV6;
    info.server_string = "cairn";
    info.fd_limit_per_thread = (unsigned)s->config.max_connections + 128;
    /* A client gone without a word (its machine off, its network lost) is found out by TCP
     * within two minutes, and its seat shown as not connected. */
    info.ka_time = 60;
    info.ka_probes = 4;
    info.ka_interval = 15;
    s->context = lws_create_context(&info);
    if (!s->context)
        return fail(err, CAIRN_ERR_STATE, "cannot listen (is the port taken?)");
    s->vhost = lws_get_vhost_by_name(s->context, "default");
    sigset_t old;
    if (!s->vhost || !watch_signals(s, &old)) {
        lws_context_destroy(s->context);
        s->context = NULL;
        return fail(err, CAIRN_ERR_STATE, "cannot set the server up");
    }
    for (size_t i = 0; i < s->room_count; i++)
        srv_net_schedule(s->rooms[i], srv_game_deadline(s->rooms[i]->game));
    printf("cairn serve: listening on http://%s:%d/\n", s->config.address,
           lws_get_vhost_listen_port(s->vhost));
    fflush(stdout);
    while (!s->stopping && lws_service(s->context, 0) >= 0)
        srv_server_settle(s);
    srv_server_settle(s);
    s->stopping = true;
    for (size_t i = 0; i < s->room_count; i++)
        lws_sul_cancel(&s->rooms[i]->deadline);
    lws_context_destroy(s->context);
    s->context = NULL;
    stop_watching_signals(s, &old);
    return CAIRN_OK;
}
