/*
 * server.c - the games behind the sockets: the protocol's messages (docs/protocol.md) turned
 * into games created, seats taken and left, actions applied and stored, and what the games
 * send routed to their seats and spectators. net.c carries the bytes.
 *
 * An action goes: decoded (message.c), applied (srv_game_act: what the game sends meanwhile
 * is staged, not queued), appended to the store, and only once the store has committed it
 * queued to its audiences. A server killed at any point has acknowledged nothing it had not
 * stored.
 *
 * The commit is a group's: a sync of the store's log takes milliseconds, during which this one
 * thread does nothing else, so the actions of one round of the loop (what one poll brought in)
 * are appended in one transaction, committed when the round is over (srv_server_settle), and
 * their messages staged until then. Anything else a socket asks for settles the round first,
 * so that no answer overtakes, or tells of, an action not yet stored.
 */
#define _DEFAULT_SOURCE /* getrandom */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include <lua.h>

#include "cairn/save.h"
#include "cairn/sight_lua.h"
#include "net.h"

/* --- rooms ---------------------------------------------------------------------------- */

static srv_room *find_room(srv_server *s, const char *id)
{
    for (size_t i = 0; i < s->room_count; i++)
        if (!strcmp(s->rooms[i]->id, id))
            return s->rooms[i];
    return NULL;
}

/* Delivers a message to one of a room's audiences: a seat's socket, or the spectators. */
static void deliver(srv_room *r, size_t audience, srv_out *o)
{
    if (audience == 0) {
        for (srv_conn *c = r->watchers; c; c = c->next_watcher)
            srv_net_send(c, o);
    } else if (audience <= SRV_SEATS_MAX && r->seats[audience]) {
        srv_net_send(r->seats[audience], o);
    }
}

/* The games' srv_send_fn: see srv_server's direct and staging. */
static void game_sent(void *ud, const char *game_id, size_t audience, const char *json, size_t len)
{
    (void)game_id;
    srv_room *r = ud;
    srv_server *s = r->server;
    srv_out *o = srv_out_new(json, len);
    if (!o)
        return;
    if (s->direct) {
        srv_net_send(s->direct, o);
    } else if (s->staging) {
        if (s->staged_count == s->staged_cap) {
            size_t cap = s->staged_cap ? s->staged_cap * 2 : 16;
            srv_staged *grown = realloc(s->staged, cap * sizeof *grown);
            if (!grown) {
                srv_out_drop(o);
                return;
            }
            s->staged = grown;
            s->staged_cap = cap;
        }
        s->staged[s->staged_count++] = (srv_staged){r, audience, o};
        return;
    } else {
        deliver(r, audience, o);
    }
    srv_out_drop(o);
}

/* Sends what was staged from `from` on (the actions behind it stored) or forgets it (they were
 * not). */
static void flush_staged(srv_server *s, size_t from, bool send)
{
    for (size_t i = from; i < s->staged_count; i++) {
        if (send)
            deliver(s->staged[i].room, s->staged[i].audience, s->staged[i].out);
        srv_out_drop(s->staged[i].out);
    }
    s->staged_count = from;
}

void srv_server_settle(srv_server *s)
{
    bool stored = true;
    if (s->batch) {
        cairn_error err = {0};
        s->batch = false;
        stored = !srv_store_commit(s->store, &err);
        if (!stored)
            fprintf(stderr, "cairn serve: the store: %s\n", err.message);
    }
    flush_staged(s, 0, stored);
}

/* The folders of the packs a create names, by their ids among those offered; false with why
 * for one that is not offered. */
static bool pack_dirs(const srv_server *s, const srv_msg *create, const char **dirs, char *why,
                      size_t why_size)
{
    for (size_t i = 0; i < create->pack_count; i++) {
        dirs[i] = NULL;
        for (size_t k = 0; k < s->config.pack_count; k++)
            if (!strcmp(create->packs[i], s->offered[k]))
                dirs[i] = s->config.packs[k];
        if (!dirs[i]) {
            snprintf(why, why_size, "no pack '%.100s' is offered", create->packs[i]);
            return false;
        }
    }
    return true;
}

/* The games' clock: the server's. */
static int64_t game_clock(void *ud)
{
    (void)ud;
    return srv_net_now_ms();
}

/* A room for the game that `create` describes, its id given: the game made and registered.
 * NULL with why when it cannot be. */
static srv_room *open_room(srv_server *s, const char *id, const srv_msg *create, char *why,
                           size_t why_size)
{
    const char *dirs[SRV_PACKS_MAX];
    const char *bots[SRV_SEATS_MAX];
    if (!pack_dirs(s, create, dirs, why, why_size))
        return NULL;
    for (size_t i = 0; i < create->seat_count; i++)
        bots[i] = create->bots[i];
    if (s->room_count == s->room_cap) {
        size_t cap = s->room_cap ? s->room_cap * 2 : 64;
        srv_room **grown = realloc(s->rooms, cap * sizeof *grown);
        if (!grown) {
            snprintf(why, why_size, "out of memory");
            return NULL;
        }
        s->rooms = grown;
        s->room_cap = cap;
    }
    srv_room *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    r->server = s;
    snprintf(r->id, sizeof r->id, "%s", id);
    srv_game_config gc = {.id = r->id,
                          .game = create->game,
                          .seed = create->seed,
                          .pack_dirs = dirs,
                          .pack_count = create->pack_count,
                          .bots = bots,
                          .bot_count = create->seat_count,
                          .clock = game_clock};
    cairn_error err = {0};
    /* A game sends nothing while it is made: nobody is in it yet. */
    size_t staged = s->staged_count;
    s->staging = true;
    cairn_err st = srv_game_create(&gc, game_sent, r, &r->game, &err);
    flush_staged(s, staged, false);
    s->staging = false;
    if (st) {
        snprintf(why, why_size, "%.150s", err.message[0] ? err.message : cairn_err_name(st));
        free(r);
        return NULL;
    }
    s->rooms[s->room_count++] = r;
    return r;
}

static void close_room(srv_room *r)
{
    srv_net_schedule(r, 0);
    srv_game_destroy(r->game);
    free(r);
}

/* --- the server's own messages ---------------------------------------------------------- */

/* Starts a message of type t with the beat and checksum of the room's game (none: 0, ""). */
static srv_json *begin(srv_server *s, const char *t, const srv_room *r)
{
    srv_json *j = &s->out;
    char sum[17] = "";
    srv_json_reset(j);
    srv_json_object(j);
    srv_json_key(j, "t");
    srv_json_string(j, t);
    srv_json_key(j, "beat");
    srv_json_int(j, r ? (int64_t)srv_game_beat(r->game) : 0);
    if (r)
        srv_game_checksum(r->game, sum);
    srv_json_key(j, "checksum");
    srv_json_string(j, sum);
    return j;
}

/* Ends the message begun and queues it on one socket, or on every socket of a room. */
static void finish(srv_server *s, srv_conn *to, srv_room *everyone)
{
    srv_json_end_object(&s->out);
    srv_out *o = s->out.failed ? NULL : srv_out_new(s->out.data, s->out.len);
    if (!o)
        return;
    if (to)
        srv_net_send(to, o);
    for (size_t seat = 0; everyone && seat <= SRV_SEATS_MAX; seat++)
        deliver(everyone, seat, o);
    srv_out_drop(o);
}

static void send_error(srv_server *s, srv_conn *c, const char *code, const char *reason)
{
    srv_json *j = begin(s, "error", c->room);
    srv_json_key(j, "code");
    srv_json_string(j, code);
    srv_json_key(j, "reason");
    srv_json_string(j, reason);
    finish(s, c, NULL);
}

void srv_server_opened(srv_server *s, srv_conn *c)
{
    srv_net_send(c, s->welcome);
}

/* The welcome every socket is sent, encoded once: the packs offered, and the games they and
 * the base game define (full names), read from a host that loads them all, which checks
 * that each loads. */
static cairn_err make_welcome(srv_server *s, cairn_error *err)
{
    static const cairn_lua_config config = {.world_methods = cairn_sight_lua_methods};
    cairn_lua *h;
    cairn_err st = cairn_lua_create(&config, &h, err);
    if (st)
        return st;
    char base[1024];
    size_t n = cairn_lua_home(base, sizeof base);
    snprintf(base + n, n < sizeof base ? sizeof base - n : 0, "/content/base");
    const char *what = "the base game";
    st = cairn_lua_load_pack(h, base);
    for (size_t i = 0; i < s->config.pack_count && !st; i++)
        if ((st = cairn_lua_load_pack(h, s->config.packs[i])))
            what = s->config.packs[i];
    lua_State *L = cairn_lua_state(h);
    if (!st) {
        what = "the games offered";
        cairn_lua_push_runtime(L, "lua.define.names");
        lua_pushstring(L, "game");
        st = cairn_lua_call(h, 1, 1);
    }
    if (st) {
        err->code = st;
        snprintf(err->message, sizeof err->message, "%.200s: %s", what, cairn_lua_error(h));
        cairn_lua_destroy(h);
        return st;
    }
    srv_json *j = begin(s, "welcome", NULL);
    srv_json_key(j, "protocol");
    srv_json_int(j, SRV_PROTOCOL);
    srv_json_key(j, "server");
    char name[64];
    snprintf(name, sizeof name, "cairn %s", cairn_version());
    srv_json_string(j, name);
    srv_json_key(j, "packs");
    srv_json_array(j);
    for (size_t i = 0; i < s->config.pack_count; i++)
        srv_json_string(j, s->offered[i]);
    srv_json_end_array(j);
    srv_json_key(j, "games");
    srv_json_array(j);
    for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; i++) {
        srv_json_string(j, lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    srv_json_end_array(j);
    srv_json_end_object(j);
    cairn_lua_destroy(h);
    s->welcome = j->failed ? NULL : srv_out_new(j->data, j->len);
    if (!s->welcome) {
        err->code = CAIRN_ERR_NOMEM;
        snprintf(err->message, sizeof err->message, "out of memory");
    }
    return err->code;
}

/* --- where a socket is ------------------------------------------------------------------ */

/* Takes the socket out of its room: off its seat (which stays its own: a token brings it
 * back) or out of the spectators. */
static void step_out(srv_conn *c)
{
    srv_room *r = c->room;
    if (!r)
        return;
    if (c->seat) {
        if (r->seats[c->seat] == c)
            r->seats[c->seat] = NULL;
        srv_game_presence(r->game, c->seat, false);
    } else if (c->watching) {
        if (c->prev_watcher)
            c->prev_watcher->next_watcher = c->next_watcher;
        else
            r->watchers = c->next_watcher;
        if (c->next_watcher)
            c->next_watcher->prev_watcher = c->prev_watcher;
    }
    c->room = NULL;
    c->seat = 0;
    c->watching = false;
    c->prev_watcher = c->next_watcher = NULL;
}

void srv_server_closed(srv_server *s, srv_conn *c)
{
    srv_server_settle(s);
    step_out(c);
}

/* The whole state of the socket's game, as it sees it, to the socket alone. */
static void send_state(srv_server *s, srv_conn *c)
{
    s->direct = c;
    srv_game_send_state(c->room->game, c->seat);
    s->direct = NULL;
}

/* --- actions ---------------------------------------------------------------------------- */

/* Schedules the room's next deadline, if its game waits on a question. */
static void schedule(srv_room *r)
{
    srv_net_schedule(r, srv_game_ended(r->game) ? 0 : srv_game_deadline(r->game));
}

/* Stores an action the game applied, its beat and checksum after it, in the round's group. */
static bool store_action(srv_server *s, srv_room *r, size_t seat, const srv_msg *m)
{
    char sum[17];
    cairn_error err = {0};
    if (!s->batch && srv_store_begin(s->store, &err)) {
        fprintf(stderr, "cairn serve: the store: %s\n", err.message);
        return false;
    }
    s->batch = true;
    srv_game_checksum(r->game, sum);
    if (srv_store_append(s->store, r->id, seat, m, srv_game_beat(r->game), sum, &err)) {
        fprintf(stderr, "cairn serve: game %s: the store: %s\n", r->id, err.message);
        return false;
    }
    if (srv_game_ended(r->game) && srv_store_end_game(s->store, r->id, "ended", &err))
        fprintf(stderr, "cairn serve: game %s: the store: %s\n", r->id, err.message);
    return true;
}

/* Applies an action of seat `seat` (0: the server's, a deadline) and appends it to the round's
 * group: its messages go once the group is committed. `by`: the socket that sent it, told
 * when it is refused (NULL: none). */
static void act(srv_server *s, srv_room *r, size_t seat, const srv_msg *m, srv_conn *by)
{
    char why[160] = "";
    size_t staged = s->staged_count;
    s->staging = true;
    srv_result res = srv_game_act(r->game, seat, m, srv_net_now_ms(), false, why, sizeof why);
    s->staging = false;
    bool stored = res == SRV_OK && store_action(s, r, seat, m);
    if (!stored)
        flush_staged(s, staged, false);
    schedule(r);
    if (stored)
        return;
    srv_server_settle(s); /* what was acknowledged before goes before the refusal */
    if (!by) {
        /* The game refused its own deadline: waking it again would only be refused again. */
        if (res != SRV_OK) {
            fprintf(stderr, "cairn serve: game %s: the time running out was refused: %s\n", r->id,
                    why);
            srv_net_schedule(r, 0);
        }
        return;
    }
    if (res == SRV_TURN) {
        srv_net_close(by, SRV_CLOSE_TURN, why);
    } else if (res == SRV_OK) {
        send_error(s, by, "unavailable", "the game could not be stored; try again");
    } else {
        send_error(s, by, srv_game_result_code(res), why);
        if (res == SRV_STALE)
            send_state(s, by);
    }
}

void srv_server_deadline(srv_room *r)
{
    srv_msg m = {.type = SRV_MSG_EXPIRE, .beat = -1, .seat = -1, .from = -1, .to = -1};
    /* The timer may run a little early or late: the game decides whether the time is up. */
    if (srv_game_deadline(r->game) > srv_net_now_ms()) {
        schedule(r);
        return;
    }
    act(r->server, r, 0, &m, NULL);
    /* libwebsockets runs its timers before it polls, in the same round: the round would end
     * only at the next socket's message. A deadline is rare; it is committed alone. */
    srv_server_settle(r->server);
}

/* --- the client's messages ---------------------------------------------------------------- */

static void create(srv_server *s, srv_conn *c, srv_msg *m)
{
    char why[200], id[33];
    if (!m->game[0]) {
        send_error(s, c, "invalid", "a game's name is needed");
        return;
    }
    if (m->seat_count == 0) {
        m->seat_count = 1; /* one person's seat */
        m->bots[0][0] = '\0';
    }
    /* The seed is chosen here, so that the store keeps the game as it is played. */
    if (!m->has_seed) {
        if (getrandom(&m->seed, sizeof m->seed, 0) != (ssize_t)sizeof m->seed)
            m->seed = (uint64_t)time(NULL);
        m->seed &= (UINT64_C(1) << 53) - 1; /* a number JSON carries exactly */
        m->has_seed = true;
    }
    const char *dirs[SRV_PACKS_MAX];
    if (!pack_dirs(s, m, dirs, why, sizeof why)) {
        send_error(s, c, "invalid", why);
        return;
    }
    cairn_error err = {0};
    if (srv_store_create_game(s->store, m, id, &err)) {
        send_error(s, c, "unavailable", err.message);
        return;
    }
    srv_room *r = open_room(s, id, m, why, sizeof why);
    if (!r) {
        srv_store_end_game(s->store, id, "failed", &err);
        send_error(s, c, "invalid", why);
        return;
    }
    schedule(r);
    srv_json *j = begin(s, "created", NULL);
    srv_json_key(j, "game");
    srv_json_string(j, r->id);
    srv_json_key(j, "seats");
    srv_json_int(j, (int64_t)srv_game_seats(r->game));
    finish(s, c, NULL);
}

/* The seat a join asks for: the token's, the one named (free), or the first free one. 0
 * after the socket was told why not. */
static size_t seat_to_join(srv_server *s, srv_conn *c, srv_room *r, const srv_msg *m,
                           char token[65])
{
    cairn_error err = {0};
    size_t seats = srv_game_seats(r->game), seat = 0;
    if (m->text[0]) {
        if (srv_store_seat_of_token(s->store, r->id, m->text, &seat, &err) || !seat ||
            (m->seat > 0 && (size_t)m->seat != seat)) {
            srv_net_close(c, SRV_CLOSE_TOKEN, "that token holds no seat of this game");
            return 0;
        }
        snprintf(token, 65, "%.64s", m->text);
        return seat;
    }
    if (m->seat > 0) {
        seat = (size_t)m->seat;
        if (seat > seats || srv_game_seat_is_bot(r->game, seat)) {
            send_error(s, c, "invalid", "no person's seat of that number");
            return 0;
        }
    } else {
        for (size_t i = 1; i <= seats && !seat; i++)
            if (!srv_game_seat_is_bot(r->game, i) && !srv_store_seat_taken(s->store, r->id, i))
                seat = i;
        if (!seat) {
            send_error(s, c, "full", "every person's seat is taken");
            return 0;
        }
    }
    if (srv_store_claim_seat(s->store, r->id, seat, token, &err)) {
        send_error(s, c, "full", "that seat is taken");
        return 0;
    }
    return seat;
}

static void join(srv_server *s, srv_conn *c, const srv_msg *m)
{
    srv_room *r = find_room(s, m->game);
    if (!r) {
        srv_net_close(c, SRV_CLOSE_TOKEN, "no such game");
        return;
    }
    char token[65];
    size_t seat = seat_to_join(s, c, r, m, token);
    if (!seat)
        return;
    step_out(c);
    /* A seat comes back on the socket that holds its token: one left behind is closed. */
    srv_conn *old = r->seats[seat];
    if (old) {
        step_out(old);
        srv_net_close(old, SRV_CLOSE_TOKEN, "the seat was taken back on another connection");
    }
    c->room = r;
    c->seat = seat;
    r->seats[seat] = c;
    srv_json *j = begin(s, "joined", r);
    srv_json_key(j, "game");
    srv_json_string(j, r->id);
    srv_json_key(j, "seat");
    srv_json_int(j, (int64_t)seat);
    srv_json_key(j, "seats");
    srv_json_int(j, (int64_t)srv_game_seats(r->game));
    srv_json_key(j, "token");
    srv_json_string(j, token);
    finish(s, c, NULL);
    /* Present first, so that the seat's own first state says it is connected. */
    srv_game_presence(r->game, seat, true);
    send_state(s, c);
}

static void watch(srv_server *s, srv_conn *c, const srv_msg *m)
{
    srv_room *r = find_room(s, m->game);
    if (!r) {
        srv_net_close(c, SRV_CLOSE_TOKEN, "no such game");
        return;
    }
    step_out(c);
    c->room = r;
    c->watching = true;
    c->next_watcher = r->watchers;
    if (r->watchers)
        r->watchers->prev_watcher = c;
    r->watchers = c;
    send_state(s, c);
}

static void leave(srv_server *s, srv_conn *c)
{
    cairn_error err = {0};
    if (c->room && c->seat && srv_store_release_seat(s->store, c->room->id, c->seat, &err))
        fprintf(stderr, "cairn serve: game %s: the store: %s\n", c->room->id, err.message);
    step_out(c);
}

static void chat(srv_server *s, srv_conn *c, const srv_msg *m)
{
    if (strlen(m->text) > SRV_CHAT_MAX) {
        send_error(s, c, "invalid", "a chat line is at most 200 bytes");
        return;
    }
    srv_json *j = begin(s, "chat", c->room);
    srv_json_key(j, "game");
    srv_json_string(j, c->room->id);
    srv_json_key(j, "seat");
    srv_json_int(j, (int64_t)c->seat);
    srv_json_key(j, "text");
    srv_json_string(j, m->text);
    finish(s, NULL, c->room);
}

void srv_server_received(srv_server *s, srv_conn *c, const char *data, size_t len)
{
    srv_msg m;
    char why[160] = "";
    int code = srv_msg_decode(data, len, &m, why, sizeof why);
    if (code) {
        srv_net_close(c, code, why);
        return;
    }
    bool action = m.type == SRV_MSG_CHOOSE || m.type == SRV_MSG_ANSWER ||
                  m.type == SRV_MSG_CANCEL || m.type == SRV_MSG_UNDO;
    if (!action)
        srv_server_settle(s);
    switch (m.type) {
    case SRV_MSG_CREATE:
        create(s, c, &m);
        return;
    case SRV_MSG_JOIN:
        join(s, c, &m);
        return;
    case SRV_MSG_WATCH:
        watch(s, c, &m);
        return;
    case SRV_MSG_LEAVE:
        leave(s, c);
        return;
    case SRV_MSG_EXPIRE:
        srv_net_close(c, SRV_CLOSE_MALFORMED, "expire is the server's own");
        return;
    default:
        break;
    }
    /* The rest are about the game the socket is in. */
    if (!c->room) {
        srv_net_close(c, SRV_CLOSE_TURN, "not in a game: join or watch one first");
        return;
    }
    switch (m.type) {
    case SRV_MSG_CHOOSE:
    case SRV_MSG_ANSWER:
    case SRV_MSG_CANCEL:
    case SRV_MSG_UNDO:
        if (!c->seat)
            srv_net_close(c, SRV_CLOSE_TURN, "a spectator holds no seat to act for");
        else
            act(s, c->room, c->seat, &m, c);
        return;
    case SRV_MSG_CHAT:
        chat(s, c, &m);
        return;
    case SRV_MSG_SYNC:
        send_state(s, c);
        return;
    case SRV_MSG_HISTORY:
        /* The spectators' view may show what a seat's does not: theirs alone. */
        if (!c->watching) {
            send_error(s, c, "invalid", "the history of the beats is for spectators");
            return;
        }
        s->direct = c;
        srv_game_send_history(c->room->game, m.from, m.to);
        s->direct = NULL;
        return;
    default:
        return;
    }
}

const char *srv_server_replay(srv_server *s, const char *id)
{
    srv_server_settle(s);
    srv_room *r = find_room(s, id);
    const char *text;
    return r && !srv_game_record(r->game, &text) ? text : NULL;
}

/* --- a restart: the store's games played again -------------------------------------------- */

static void loaded_game(void *ud, const char *id, const srv_msg *create)
{
    srv_server *s = ud;
    char why[200];
    if (!open_room(s, id, create, why, sizeof why))
        fprintf(stderr, "cairn serve: game %s cannot be resumed: %s\n", id, why);
}

static void loaded_action(void *ud, const char *id, size_t seat, const srv_msg *m, uint64_t beat,
                          const char *checksum)
{
    srv_server *s = ud;
    srv_room *r = find_room(s, id);
    char why[160] = "", sum[17];
    if (!r)
        return;
    srv_result res = srv_game_act(r->game, seat, m, srv_net_now_ms(), true, why, sizeof why);
    srv_game_checksum(r->game, sum);
    if (res != SRV_OK || srv_game_beat(r->game) != beat || strcmp(sum, checksum))
        fprintf(stderr,
                "cairn serve: game %s: a stored action came out otherwise (beat %llu, %s%s%s)\n",
                id, (unsigned long long)beat, checksum, why[0] ? ": " : "", why);
}

/* --- the whole server --------------------------------------------------------------------- */

static void free_server(srv_server *s)
{
    for (size_t i = 0; i < s->room_count; i++)
        close_room(s->rooms[i]);
    free(s->rooms);
    flush_staged(s, 0, false);
    free(s->staged);
    srv_json_free(&s->out);
    srv_out_drop(s->welcome);
    srv_store_close(s->store);
}

/* A pack's id: its folder's name, a trailing slash aside. */
static void pack_id(const char *dir, char id[SRV_TEXT_MAX])
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    size_t start = n;
    while (start > 0 && dir[start - 1] != '/')
        start--;
    snprintf(id, SRV_TEXT_MAX, "%.*s", (int)(n - start), dir + start);
}

/* The store's file when none is given: games.sqlite in cairn's data folder. */
static cairn_err default_db(char *out, size_t size, cairn_error *err)
{
    cairn_err st = cairn_save_data_path("games.sqlite", out, size, err);
    if (st == CAIRN_ERR_NOT_FOUND)
        cairn_error_set(err, st,
                        "no folder for the store: set XDG_DATA_HOME or HOME, or give --db FILE");
    return st;
}

cairn_err cairn_server_run(const cairn_server_config *c, cairn_error *err)
{
    srv_server *s = calloc(1, sizeof *s);
    if (!s)
        return CAIRN_ERR_NOMEM;
    s->config = *c;
    s->signal_fd = -1;
    if (!s->config.address)
        s->config.address = "127.0.0.1";
    if (!s->config.max_connections)
        s->config.max_connections = 2000;
    if (!s->config.rate)
        s->config.rate = 20;
    if (s->config.pack_count > SRV_OFFERED_MAX) {
        free(s);
        if (err)
            snprintf(err->message, sizeof err->message, "at most %d packs", SRV_OFFERED_MAX);
        return CAIRN_ERR_LIMIT;
    }
    for (size_t i = 0; i < s->config.pack_count; i++)
        pack_id(s->config.packs[i], s->offered[i]);
    srv_json_init(&s->out);
    cairn_error local = {0};
    char db[1024];
    cairn_err st = CAIRN_OK;
    if (!s->config.db && !(st = default_db(db, sizeof db, &local)))
        s->config.db = db;
    if (!st)
        st = make_welcome(s, &local);
    if (!st)
        st = srv_store_open(s->config.db, &s->store, &local);
    if (!st)
        st = srv_store_load(s->store, loaded_game, loaded_action, s, &local);
    if (!st)
        st = srv_net_run(s, &local);
    if (st && err)
        *err = local;
    free_server(s);
    free(s);
    return st;
}
