/*
 * game.c - see game.h. The game's host is driven as `cairn play` drives it (runtime/app/
 * play.c): a person answers the questions inside beats (the session is interactive), the
 * seat the session waits for is asked, a bot's seat is played at once, and once every input
 * is committed the beat is played. What the players see is taken from the session after the
 * change and written once per audience into one buffer, kept between messages.
 */
#include "game.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn/sight_lua.h"
#include "json.h"

/* The spectators' view after a beat, kept for `history`. */
typedef struct beat_view {
    uint64_t beat;
    char checksum[17];
    srv_json view;
} beat_view;

struct srv_game {
    cairn_lua *h;
    char id[SRV_TEXT_MAX];
    srv_send_fn send;
    void *ud;
    srv_clock_fn clock;
    size_t seats;
    char bots[SRV_SEATS_MAX + 1][SRV_TEXT_MAX]; /* by seat: the bot's name, "" a person */
    size_t persons;
    bool connected[SRV_SEATS_MAX + 1];
    bool alive[SRV_SEATS_MAX + 1];
    /* How the game stands, as the last beat (or undo) left it. */
    uint64_t beat;
    char checksum[17];
    cairn_session_end standing;
    /* Who decides: the seat the game waits for (0: none), whether a question inside a beat
     * waits for it, and until when. */
    size_t deciding;
    bool asking;
    int64_t deadline;
    int64_t answer_ms;
    int64_t now; /* the last now_ms given */
    /* A beat was played (or taken back) whose screens are not taken yet: each seat's
     * character remembers the floor from its screens, and the spectators' view goes into the
     * history; they are taken (or sent) before the game goes on. `lines`: what the beat's log
     * says (the host's, until the next beat), NULL when no beat was played. */
    bool unseen;
    const char *lines;
    srv_json out;
    /* A ring of the last beats' spectator views; history_count of them, the newest at
     * history_next - 1. */
    beat_view history[SRV_GAME_HISTORY];
    size_t history_count, history_next;
};

static void say(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void say(char *why, size_t size, const char *fmt, ...)
{
    if (!why || !size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
}

static int64_t clock_now(const srv_game *g)
{
    return g->clock ? g->clock(g->ud) : g->now;
}

/* --- how the game stands ---------------------------------------------------------------- */

/* The value of the summary's line `key: value` (the first such line, or the last when
 * `last`), copied into out; false when there is none. The summary's keys are padded. */
static bool summary_value(const char *summary, const char *key, bool last, char *out, size_t size)
{
    size_t klen = strlen(key);
    const char *found = NULL;
    for (const char *line = summary; line && *line;) {
        if (!strncmp(line, key, klen) && line[klen] == ':') {
            found = line + klen + 1;
            if (!last)
                break;
        }
        line = strchr(line, '\n');
        line = line ? line + 1 : NULL;
    }
    if (!found)
        return false;
    while (*found == ' ')
        found++;
    size_t n = strcspn(found, "\n");
    if (n >= size)
        n = size - 1;
    memcpy(out, found, n);
    out[n] = '\0';
    return true;
}

/* Reads the beat, the checksum, the standing and which seats' characters live, after a beat
 * or an undo (the session's summary has them, the checksum as the log keeps it). */
static cairn_err refresh(srv_game *g)
{
    const char *summary;
    cairn_err st = cairn_session_summary(g->h, NULL, &summary);
    if (!st)
        st = cairn_session_standing(g->h, &g->standing);
    if (st)
        return st;
    char value[64];
    if (summary_value(summary, "beats", false, value, sizeof value))
        g->beat = strtoull(value, NULL, 10);
    summary_value(summary, "checksum", true, g->checksum, sizeof g->checksum);
    for (size_t seat = 1; seat <= g->seats; seat++) {
        char key[16];
        snprintf(key, sizeof key, "seat %zu", seat);
        g->alive[seat] = g->seats == 1 ? g->standing != CAIRN_SESSION_DIED
                                       : summary_value(summary, key, false, value, sizeof value) &&
                                             strcmp(value, "dead") != 0;
    }
    return CAIRN_OK;
}

static bool is_bot(const srv_game *g, size_t seat)
{
    return seat >= 1 && seat <= g->seats && g->bots[seat][0];
}

/* Whether the game is over for the server: its session ended, or no person's character lives
 * (the bots would play on alone, for no one). */
static bool over(const srv_game *g)
{
    if (g->standing != CAIRN_SESSION_PLAYING)
        return true;
    for (size_t seat = 1; seat <= g->seats; seat++)
        if (!is_bot(g, seat) && g->alive[seat])
            return false;
    return true;
}

/* --- encoding ----------------------------------------------------------------------------- */

/* A field of the object open: its key and value. */
static void put_string(srv_json *j, const char *key, const char *value)
{
    srv_json_key(j, key);
    srv_json_string(j, value);
}

static void put_int(srv_json *j, const char *key, int64_t value)
{
    srv_json_key(j, key);
    srv_json_int(j, value);
}

static void put_uint(srv_json *j, const char *key, uint64_t value)
{
    srv_json_key(j, key);
    srv_json_uint(j, value);
}

static void put_bool(srv_json *j, const char *key, bool value)
{
    srv_json_key(j, key);
    srv_json_bool(j, value);
}

/* The head every message has: its type, the beat and the checksum. */
static void begin_message(srv_game *g, const char *type)
{
    srv_json *j = &g->out;
    srv_json_reset(j);
    srv_json_object(j);
    put_string(j, "t", type);
    put_uint(j, "beat", g->beat);
    put_string(j, "checksum", g->checksum);
    put_string(j, "game", g->id);
}

static void send_to(srv_game *g, size_t audience)
{
    if (!g->out.failed)
        g->send(g->ud, g->id, audience, g->out.data, g->out.len);
}

static void put_strings(srv_json *j, const char *key, const char *const *list, size_t n)
{
    srv_json_key(j, key);
    srv_json_array(j);
    for (size_t i = 0; i < n; i++)
        srv_json_string(j, list[i]);
    srv_json_end_array(j);
}

static void put_cells(srv_json *j, const int32_t *cells, size_t pairs)
{
    srv_json_key(j, "cells");
    srv_json_array(j);
    for (size_t i = 0; i < 2 * pairs; i++)
        srv_json_int(j, cells[i]);
    srv_json_end_array(j);
}

static void put_view(srv_json *j, const cairn_view *v)
{
    srv_json_object(j);
    put_int(j, "width", v->width);
    put_int(j, "height", v->height);
    size_t rows = v->height > 0 ? (size_t)v->height : 0;
    put_strings(j, "glyphs", v->glyphs, rows);
    put_strings(j, "colors", v->colors, rows);
    put_strings(j, "marks", v->marks, rows);
    put_string(j, "header", v->header);
    put_strings(j, "panel", v->panel, v->panel_count);
    srv_json_key(j, "panel_dim");
    srv_json_string_n(j, v->panel_dim ? v->panel_dim : "", v->panel_dim ? v->panel_count : 0);
    put_strings(j, "messages", v->messages, v->message_count);
    put_uint(j, "fresh", v->fresh);
    put_string(j, "ended", v->ended);
    srv_json_end_object(j);
}

static void put_choices(srv_json *j, const cairn_choice_entry *list, size_t n)
{
    srv_json_key(j, "choices");
    srv_json_array(j);
    for (size_t i = 0; i < n; i++) {
        srv_json_object(j);
        put_string(j, "name", list[i].name);
        put_string(j, "label", list[i].label);
        put_string(j, "key", list[i].key);
        put_bool(j, "available", list[i].available);
        put_string(j, "reason", list[i].reason);
        srv_json_end_object(j);
    }
    srv_json_end_array(j);
}

static const char *prompt_kind_name(cairn_prompt_kind kind)
{
    switch (kind) {
    case CAIRN_PROMPT_PICK:
        return "pick";
    case CAIRN_PROMPT_NUMBER:
        return "number";
    case CAIRN_PROMPT_CONFIRM:
        return "confirm";
    case CAIRN_PROMPT_SELECT:
        return "select";
    default:
        return NULL;
    }
}

static void put_prompt(srv_json *j, const cairn_prompt *p)
{
    srv_json_key(j, "prompt");
    if (p->kind == CAIRN_PROMPT_NONE) {
        srv_json_null(j);
        return;
    }
    srv_json_object(j);
    put_string(j, "kind", prompt_kind_name(p->kind));
    put_uint(j, "seat", p->seat);
    put_string(j, "choice", p->choice);
    put_string(j, "name", p->name);
    put_string(j, "text", p->text);
    put_bool(j, "cancel_costs", p->cancel_costs);
    put_strings(j, "options", p->options, p->option_count);
    put_int(j, "min", p->min);
    put_int(j, "max", p->max);
    put_string(j, "among", p->among);
    put_int(j, "x", p->x);
    put_int(j, "y", p->y);
    put_int(j, "range", p->range);
    put_int(j, "area", p->area);
    put_cells(j, p->cells, p->cell_count);
    srv_json_end_object(j);
}

static void put_frames(srv_json *j, const cairn_frame *frames, size_t n)
{
    srv_json_key(j, "frames");
    srv_json_array(j);
    for (size_t i = 0; i < n; i++) {
        const cairn_frame *f = &frames[i];
        srv_json_object(j);
        put_string(j, "label", f->label);
        put_string(j, "effect", f->effect);
        put_bool(j, "timed", f->timed);
        put_cells(j, f->cells, f->cell_count);
        put_strings(j, "changes", f->changes, f->change_count);
        srv_json_end_object(j);
    }
    srv_json_end_array(j);
}

/* The deciding object's fields (seat, what, until_ms), into the object open. */
static void put_deciding_fields(srv_game *g)
{
    srv_json *j = &g->out;
    put_uint(j, "seat", g->deciding);
    put_string(j, "what", g->asking ? "question" : "input");
    srv_json_key(j, "until_ms");
    if (g->asking && g->deadline) {
        int64_t left = g->deadline - clock_now(g);
        srv_json_int(j, left > 0 ? left : 0);
    } else {
        srv_json_null(j);
    }
}

static void put_seats(srv_game *g)
{
    srv_json *j = &g->out;
    srv_json_key(j, "seats");
    srv_json_array(j);
    for (size_t seat = 1; seat <= g->seats; seat++) {
        srv_json_object(j);
        put_uint(j, "seat", seat);
        put_string(j, "kind", is_bot(g, seat) ? "bot" : "person");
        put_bool(j, "connected", is_bot(g, seat) || g->connected[seat]);
        put_bool(j, "alive", g->alive[seat]);
        srv_json_end_object(j);
    }
    srv_json_end_array(j);
}

/* What an audience's screen shows: seat 1..n its character's, 0 the spectators'. */
static cairn_err take_screen(srv_game *g, size_t audience, cairn_screen *out)
{
    return cairn_session_seat_screen(g->h, audience, out);
}

/* The history's next place, for the spectators' view of the beat now: the oldest kept goes
 * once SRV_GAME_HISTORY are. */
static srv_json *next_history(srv_game *g)
{
    beat_view *b = &g->history[g->history_next];
    g->history_next = (g->history_next + 1) % SRV_GAME_HISTORY;
    if (g->history_count < SRV_GAME_HISTORY)
        g->history_count++;
    b->beat = g->beat;
    memcpy(b->checksum, g->checksum, sizeof b->checksum);
    srv_json_reset(&b->view);
    return &b->view;
}

/* Writes the whole `state` for one audience, from its screen, into g->out; `view`, when not
 * NULL, is the screen's view encoded already. */
static void write_state(srv_game *g, size_t audience, const cairn_screen *s, const srv_json *view)
{
    srv_json *j = &g->out;
    begin_message(g, "state");
    put_uint(j, "seat", audience);
    srv_json_key(j, "view");
    if (view)
        srv_json_raw(j, view->data, view->len);
    else
        put_view(j, &s->view);
    put_choices(j, s->choices, s->choice_count);
    put_prompt(j, &s->prompt);
    srv_json_key(j, "deciding");
    if (g->deciding) {
        srv_json_object(j);
        put_deciding_fields(g);
        srv_json_end_object(j);
    } else {
        srv_json_null(j);
    }
    put_seats(g);
    put_string(j, "summary", s->summary);
    put_frames(j, s->frames, s->frame_count);
    srv_json_end_object(j);
}

void srv_game_send_state(srv_game *g, size_t audience)
{
    cairn_screen s;
    if (audience > g->seats || take_screen(g, audience, &s))
        return;
    write_state(g, audience, &s, NULL);
    send_to(g, audience);
}

/* Whether the log's line of n bytes tells of something spawned where the view does not see
 * now ("beat 3: spawned base:goblin#12 at 30,4"): the audience is not told of it. */
static bool spawned_unseen(const char *line, size_t n, const cairn_view *v)
{
    const char *spawned = memchr(line, 's', n);
    while (spawned && strncmp(spawned, "spawned ", 8))
        spawned = memchr(spawned + 1, 's', n - (size_t)(spawned + 1 - line));
    if (!spawned)
        return false;
    const char *at = NULL;
    for (const char *c = spawned; c + 4 <= line + n; c++)
        if (!strncmp(c, " at ", 4))
            at = c + 4;
    char *end;
    long x = at ? strtol(at, &end, 10) : -1;
    long y = at && *end == ',' ? strtol(end + 1, NULL, 10) : -1;
    if (x < 0 || y < 0 || x >= v->width || y >= v->height)
        return true;
    char mark = v->marks[y][x];
    return mark != CAIRN_VIEW_SEEN && mark != CAIRN_VIEW_MOVE && mark != CAIRN_VIEW_STRIKE;
}

/* The `beat` message of the beat just played, for the audience whose view it is: what was
 * played in it and what spawned where the audience sees (the session's log, a line each). */
static void write_beat(srv_game *g, const cairn_view *v)
{
    srv_json *j = &g->out;
    begin_message(g, "beat");
    srv_json_key(j, "history");
    srv_json_array(j);
    for (const char *line = g->lines; line && *line;) {
        size_t n = strcspn(line, "\n");
        if (n && !spawned_unseen(line, n, v))
            srv_json_string_n(j, line, n);
        line += n + (line[n] == '\n');
    }
    srv_json_end_array(j);
    put_string(j, "next", "state");
    srv_json_end_object(j);
}

/* The beat played (or taken back), shown: each audience's screen taken once - each seat's
 * character remembers what it shows, and the spectators' view goes into the history - and
 * unless quiet, each audience sent the beat's message, then with `last` its whole state. */
static cairn_err show_audiences(srv_game *g, bool quiet, bool last)
{
    for (size_t a = 0; a <= g->seats; a++) {
        cairn_screen s;
        cairn_err st = take_screen(g, a, &s);
        if (st)
            return st;
        srv_json *view = NULL;
        if (!a) {
            view = next_history(g);
            put_view(view, &s.view);
            if (view->failed)
                return CAIRN_ERR_NOMEM;
        }
        if (quiet)
            continue;
        if (g->lines) {
            write_beat(g, &s.view);
            send_to(g, a);
        }
        if (last) {
            write_state(g, a, &s, view);
            send_to(g, a);
        }
    }
    g->unseen = false;
    g->lines = NULL;
    return CAIRN_OK;
}

static cairn_err show_beat(srv_game *g, bool quiet, bool last)
{
    /* The screens are of one moment: one preview of the next beat serves them all. */
    cairn_err st = cairn_session_share_preview(g->h, true);
    if (!st)
        st = show_audiences(g, quiet, last);
    cairn_err off = cairn_session_share_preview(g->h, false);
    return st ? st : off;
}

static void write_deciding(srv_game *g)
{
    begin_message(g, "deciding");
    put_deciding_fields(g);
    srv_json_end_object(&g->out);
}

/* An `error` of code `code` to one audience. */
static void send_error(srv_game *g, size_t audience, const char *code, const char *reason)
{
    begin_message(g, "error");
    put_string(&g->out, "code", code);
    put_string(&g->out, "reason", reason);
    srv_json_end_object(&g->out);
    send_to(g, audience);
}

void srv_game_send_history(srv_game *g, int64_t from, int64_t to)
{
    srv_json *j = &g->out;
    begin_message(g, "history");
    srv_json_key(j, "beats");
    srv_json_array(j);
    size_t oldest = (g->history_next + SRV_GAME_HISTORY - g->history_count) % SRV_GAME_HISTORY;
    for (size_t i = 0; i < g->history_count; i++) {
        const beat_view *b = &g->history[(oldest + i) % SRV_GAME_HISTORY];
        if ((from >= 0 && b->beat < (uint64_t)from) || (to >= 0 && b->beat > (uint64_t)to))
            continue;
        srv_json_object(j);
        put_uint(j, "beat", b->beat);
        put_string(j, "checksum", b->checksum);
        srv_json_key(j, "view");
        srv_json_raw(j, b->view.data, b->view.len);
        srv_json_end_object(j);
    }
    srv_json_end_array(j);
    srv_json_end_object(j);
    send_to(g, 0);
}

/* --- playing ------------------------------------------------------------------------------ */

/* The question waiting takes its default: it is declined (a reaction passes), as the
 * session's cancel does. */
static cairn_err answer_default(srv_game *g, size_t seat)
{
    return cairn_session_seat_cancel(g->h, seat, NULL);
}

/* One beat, its inputs all committed. A beat that asks a question is given up until it is
 * answered: no beat passed, and the question's time starts. */
static cairn_err play_beat(srv_game *g, int64_t now)
{
    cairn_session_end ended;
    cairn_err st = cairn_session_step(g->h, &ended);
    if (st)
        return st;
    if (ended == CAIRN_SESSION_ASKING) {
        g->asking = true;
        g->deadline = now + g->answer_ms;
        return CAIRN_OK;
    }
    g->asking = false;
    g->deadline = 0;
    g->unseen = true;
    st = refresh(g);
    if (!st)
        st = cairn_session_log(g->h, &g->lines);
    return st;
}

/* A bot's seat gives its input (none, when its bot gives nothing), or takes the default for
 * the question about its character. */
static cairn_err play_bot(srv_game *g, size_t seat)
{
    if (g->asking)
        return answer_default(g, seat);
    size_t after;
    cairn_err st = cairn_session_seat_bot(g->h, seat, g->bots[seat]);
    if (!st)
        st = cairn_session_turn(g->h, &after);
    if (!st && after == seat)
        st = cairn_session_seat_input(g->h, seat, "none", NULL);
    return st;
}

/* Plays on until a person is waited for: the bots' seats, and the beats whose inputs are all
 * committed. *beats counts the beats played. */
static cairn_err play_on(srv_game *g, int64_t now, bool quiet, int *beats)
{
    for (;;) {
        g->deciding = 0;
        if (over(g))
            return CAIRN_OK;
        cairn_prompt p;
        cairn_err st = cairn_session_prompt(g->h, &p);
        if (st)
            return st;
        if (p.kind == CAIRN_PROMPT_NONE && p.committed) {
            if (*beats == SRV_GAME_BOT_BEATS)
                return CAIRN_OK;
            st = g->unseen ? show_beat(g, quiet, false) : CAIRN_OK;
            if (!st)
                st = play_beat(g, now);
            *beats += !g->asking;
            if (st)
                return st;
            continue;
        }
        size_t seat;
        st = cairn_session_turn(g->h, &seat);
        if (st || !seat)
            return st;
        if (!is_bot(g, seat)) {
            g->deciding = seat;
            return CAIRN_OK;
        }
        st = play_bot(g, seat);
        if (st)
            return st;
    }
}

/* --- actions ------------------------------------------------------------------------------ */

/* How a seat's prompt stands, to tell whether a refused call changed it. */
typedef struct prompt_mark {
    cairn_prompt_kind kind;
    bool committed;
    char name[64];
} prompt_mark;

static cairn_err mark_prompt(srv_game *g, size_t seat, prompt_mark *out)
{
    cairn_prompt p;
    cairn_err st = cairn_session_seat_prompt(g->h, seat, &p);
    if (st)
        return st;
    out->kind = p.kind;
    out->committed = p.committed;
    snprintf(out->name, sizeof out->name, "%s", p.name ? p.name : "");
    return CAIRN_OK;
}

static bool same_mark(const prompt_mark *a, const prompt_mark *b)
{
    return a->kind == b->kind && a->committed == b->committed && !strcmp(a->name, b->name);
}

/* The outcome of one action on the session. */
typedef struct applied {
    srv_result result;
    bool refused_part; /* applied up to an answer refused: the seat is told why */
    char why[CAIRN_ERROR_MESSAGE_SIZE];
} applied;

static void refuse(applied *a, srv_result r, const char *why)
{
    a->result = r;
    snprintf(a->why, sizeof a->why, "%s", why);
}

/* A refused session call: nothing changed when the seat's prompt is as it was (the result
 * is `r`), else the change stands and is applied, told as refused part way. */
static void refused_call(srv_game *g, size_t seat, const prompt_mark *before, srv_result r,
                         applied *a)
{
    refuse(a, r, cairn_lua_error(g->h));
    prompt_mark after;
    if (mark_prompt(g, seat, &after)) {
        refuse(a, SRV_FAILED, cairn_lua_error(g->h));
        return;
    }
    if (!same_mark(before, &after)) {
        a->result = SRV_OK;
        a->refused_part = true;
    }
}

static void answer(srv_game *g, size_t seat, const char *text, applied *a)
{
    prompt_mark before;
    if (mark_prompt(g, seat, &before)) {
        refuse(a, SRV_FAILED, cairn_lua_error(g->h));
        return;
    }
    if (before.kind == CAIRN_PROMPT_NONE) {
        refuse(a, SRV_TURN, "no prompt waits for the seat");
        return;
    }
    cairn_err st = cairn_session_seat_answer(g->h, seat, text);
    if (st == CAIRN_ERR_INVALID)
        refused_call(g, seat, &before, SRV_INVALID, a);
    else if (st)
        refuse(a, SRV_FAILED, cairn_lua_error(g->h));
}

/* choose: a choice begun, then its prompts answered in order; a refused answer leaves its
 * prompt waiting. A choice cannot be begun over a prompt that waits: it is answered or
 * cancelled (a cancel may cost a beat). */
static void choose(srv_game *g, size_t seat, const srv_msg *m, applied *a)
{
    prompt_mark before;
    if (mark_prompt(g, seat, &before)) {
        refuse(a, SRV_FAILED, cairn_lua_error(g->h));
        return;
    }
    if (before.kind != CAIRN_PROMPT_NONE) {
        refuse(a, SRV_INVALID, "a prompt waits: answer or cancel it first");
        return;
    }
    cairn_err st = cairn_session_seat_choose(g->h, seat, m->text);
    if (st == CAIRN_ERR_STATE || st == CAIRN_ERR_INVALID || st == CAIRN_ERR_NOT_FOUND) {
        refused_call(g, seat, &before, SRV_UNAVAILABLE, a);
        return;
    }
    if (st) {
        refuse(a, SRV_FAILED, cairn_lua_error(g->h));
        return;
    }
    for (size_t i = 0; i < m->answer_count && a->result == SRV_OK && !a->refused_part; i++) {
        answer(g, seat, m->answers[i], a);
        if (a->result == SRV_INVALID || a->result == SRV_TURN) {
            /* The choice begun stands: it is the seat's, its prompt waiting. */
            a->result = SRV_OK;
            a->refused_part = true;
        }
    }
}

static void cancel(srv_game *g, size_t seat, applied *a)
{
    prompt_mark before;
    if (mark_prompt(g, seat, &before)) {
        refuse(a, SRV_FAILED, cairn_lua_error(g->h));
        return;
    }
    if (before.kind == CAIRN_PROMPT_NONE)
        refuse(a, SRV_TURN, "no prompt waits for the seat");
    else if (cairn_session_seat_cancel(g->h, seat, NULL))
        refuse(a, SRV_FAILED, cairn_lua_error(g->h));
}

/* Undo, in a game where one person plays (the bots play again as they played). */
static void undo(srv_game *g, applied *a)
{
    if (g->persons != 1) {
        refuse(a, SRV_UNAVAILABLE, "undo is only for a game with one person's seat");
        return;
    }
    cairn_err st = cairn_session_undo(g->h);
    if (st == CAIRN_ERR_STATE) {
        refuse(a, SRV_UNAVAILABLE, cairn_lua_error(g->h));
        return;
    }
    g->asking = false;
    g->deadline = 0;
    g->unseen = true;
    if (!st)
        st = refresh(g);
    if (st)
        refuse(a, SRV_FAILED, cairn_lua_error(g->h));
}

/* A question whose time ran out takes its default. */
static void expire(srv_game *g, int64_t now, bool quiet, applied *a)
{
    if (!g->asking || !g->deciding) {
        refuse(a, SRV_INVALID, "no question waits");
        return;
    }
    if (!quiet && now < g->deadline) {
        refuse(a, SRV_INVALID, "the question's time has not run out");
        return;
    }
    if (answer_default(g, g->deciding))
        refuse(a, SRV_FAILED, cairn_lua_error(g->h));
}

/* Whether seat may act now: an undo any time (it is the one person's), anything else only
 * by the seat the game waits for. */
static srv_result may_act(const srv_game *g, size_t seat, const srv_msg *m, char *why, size_t size)
{
    if (m->type == SRV_MSG_EXPIRE)
        return seat == 0 ? SRV_OK : SRV_TURN;
    if (seat < 1 || seat > g->seats || is_bot(g, seat)) {
        say(why, size, "seat %zu is no person's seat of the game", seat);
        return SRV_TURN;
    }
    if (m->beat >= 0 && (uint64_t)m->beat < g->beat) {
        say(why, size, "the action was for beat %" PRId64 ", and the game is at beat %" PRIu64,
            m->beat, g->beat);
        return SRV_STALE;
    }
    if (m->type == SRV_MSG_UNDO)
        return SRV_OK;
    if (over(g)) {
        say(why, size, "the game has ended");
        return SRV_UNAVAILABLE;
    }
    if (seat != g->deciding) {
        say(why, size, "the game waits for seat %zu, not seat %zu", g->deciding, seat);
        return SRV_TURN;
    }
    return SRV_OK;
}

/* Whether a prompt waits for the seat: a choice's, or a question about its character. */
static bool prompted(srv_game *g, size_t seat)
{
    cairn_prompt p;
    return seat && !cairn_session_seat_prompt(g->h, seat, &p) && p.kind != CAIRN_PROMPT_NONE &&
           p.seat == seat;
}

/* What changed without a beat, told: the state to the seat whose prompt came, went or
 * changed (`prompter`, 0: none) and to the seat a question is asked of now, and to everyone
 * else who decides now, when that changed. */
static void tell(srv_game *g, size_t prompter, size_t was_deciding, bool was_asking)
{
    bool changed = was_deciding != g->deciding || was_asking != g->asking;
    for (size_t a = 0; a <= g->seats; a++) {
        if (a && (a == prompter || (g->asking && a == g->deciding))) {
            srv_game_send_state(g, a);
        } else if (changed) {
            write_deciding(g);
            send_to(g, a);
        }
    }
}

srv_result srv_game_act(srv_game *g, size_t seat, const srv_msg *m, int64_t now_ms, bool quiet,
                        char *why, size_t why_size)
{
    g->now = now_ms;
    srv_result r = may_act(g, seat, m, why, why_size);
    if (r != SRV_OK)
        return r;
    applied a = {.result = SRV_OK};
    size_t was_deciding = g->deciding;
    bool was_asking = g->asking;
    /* The seat whose prompt the action may change: the actor's, or the question's expired. */
    size_t prompter = m->type == SRV_MSG_EXPIRE ? g->deciding : seat;
    bool had_prompt = !quiet && prompted(g, prompter);
    switch (m->type) {
    case SRV_MSG_CHOOSE:
        choose(g, seat, m, &a);
        break;
    case SRV_MSG_ANSWER:
        answer(g, seat, m->text, &a);
        break;
    case SRV_MSG_CANCEL:
        cancel(g, seat, &a);
        break;
    case SRV_MSG_UNDO:
        undo(g, &a);
        break;
    case SRV_MSG_EXPIRE:
        expire(g, now_ms, quiet, &a);
        break;
    default:
        refuse(&a, SRV_INVALID, "not an action of a game");
        break;
    }
    if (a.result != SRV_OK) {
        say(why, why_size, "%s", a.why);
        return a.result;
    }
    int beats = 0;
    if (play_on(g, now_ms, quiet, &beats)) {
        say(why, why_size, "%s", cairn_lua_error(g->h));
        return SRV_FAILED;
    }
    if (!quiet && a.refused_part && seat)
        send_error(g, seat, "invalid", a.why);
    if (g->unseen) {
        if (show_beat(g, quiet, true)) {
            say(why, why_size, "%s", cairn_lua_error(g->h));
            return SRV_FAILED;
        }
    } else if (!quiet) {
        bool changed_prompt = had_prompt || prompted(g, prompter);
        tell(g, changed_prompt ? prompter : 0, was_deciding, was_asking);
    }
    return SRV_OK;
}

/* --- the game ----------------------------------------------------------------------------- */

static const cairn_lua_config host_config = {.world_methods = cairn_sight_lua_methods};

/* The host, with the bundled base game and the config's packs loaded. */
static cairn_err open_host(srv_game *g, const srv_game_config *c, cairn_error *err)
{
    cairn_err st = cairn_lua_create(&host_config, &g->h, err);
    if (st)
        return st;
    char base[4096];
    size_t n = cairn_lua_home(base, sizeof base);
    snprintf(base + n, n < sizeof base ? sizeof base - n : 0, "/content/base");
    st = cairn_lua_load_pack(g->h, base);
    if (st)
        return cairn_error_set(err, st, "the base game: %s", cairn_lua_error(g->h));
    for (size_t i = 0; i < c->pack_count; i++) {
        st = cairn_lua_load_pack(g->h, c->pack_dirs[i]);
        if (st)
            return cairn_error_set(err, st, "%s: %s", c->pack_dirs[i], cairn_lua_error(g->h));
    }
    return CAIRN_OK;
}

/* The seats the session has, and who plays each: a bot named, else a person. */
static cairn_err seat_players(srv_game *g, const srv_game_config *c, cairn_error *err)
{
    cairn_err st = cairn_session_seats(g->h, &g->seats);
    if (st)
        return cairn_error_set(err, st, "%s", cairn_lua_error(g->h));
    if (g->seats > SRV_SEATS_MAX)
        return cairn_error_set(err, CAIRN_ERR_LIMIT,
                               "the game has %zu seats; a server game has at most %d", g->seats,
                               SRV_SEATS_MAX);
    if (c->bot_count > g->seats)
        return cairn_error_set(err, CAIRN_ERR_INVALID,
                               "bots are named for %zu seats, and the game has %zu", c->bot_count,
                               g->seats);
    for (size_t seat = 1; seat <= g->seats; seat++) {
        const char *bot = seat <= c->bot_count && c->bots[seat - 1] ? c->bots[seat - 1] : "";
        if (strlen(bot) >= sizeof g->bots[seat])
            return cairn_error_set(err, CAIRN_ERR_INVALID,
                                   "the bot of seat %zu has too long a name", seat);
        snprintf(g->bots[seat], sizeof g->bots[seat], "%s", bot);
        g->persons += !bot[0];
    }
    if (!g->persons)
        return cairn_error_set(err, CAIRN_ERR_INVALID,
                               "every seat has a bot: a game needs a person's seat");
    return CAIRN_OK;
}

/* The game started, a person answering the questions about its seats' characters. */
static cairn_err start_game(srv_game *g, const srv_game_config *c, cairn_error *err)
{
    cairn_err st = cairn_session_start(g->h, c->game, c->seed);
    if (!st)
        st = cairn_session_set_interactive(g->h, true);
    if (!st)
        st = cairn_session_log_start(g->h);
    if (st)
        return cairn_error_set(err, st, "the game does not start: %s", cairn_lua_error(g->h));
    st = seat_players(g, c, err);
    if (st)
        return st;
    st = cairn_session_answer_ms(g->h, &g->answer_ms);
    if (!st)
        st = refresh(g);
    if (!st)
        st = show_beat(g, true, false);
    int beats = 0;
    if (!st)
        st = play_on(g, g->now, true, &beats);
    if (!st && g->unseen)
        st = show_beat(g, true, false);
    if (st)
        return cairn_error_set(err, st, "%s", cairn_lua_error(g->h));
    return CAIRN_OK;
}

cairn_err srv_game_create(const srv_game_config *c, srv_send_fn send, void *ud, srv_game **out,
                          cairn_error *err)
{
    *out = NULL;
    if (!c || !c->id || !c->game || !send || strlen(c->id) >= SRV_TEXT_MAX)
        return cairn_error_set(err, CAIRN_ERR_INVALID,
                               "a game needs an id, a game's name and a sender");
    srv_game *g = calloc(1, sizeof *g);
    if (!g)
        return cairn_error_set(err, CAIRN_ERR_NOMEM, "no memory for a game");
    snprintf(g->id, sizeof g->id, "%s", c->id);
    g->send = send;
    g->ud = ud;
    g->clock = c->clock;
    g->now = c->clock ? c->clock(ud) : 0;
    srv_json_init(&g->out);
    for (size_t i = 0; i < SRV_GAME_HISTORY; i++)
        srv_json_init(&g->history[i].view);
    cairn_err st = open_host(g, c, err);
    if (!st)
        st = start_game(g, c, err);
    if (st) {
        srv_game_destroy(g);
        return st;
    }
    *out = g;
    return CAIRN_OK;
}

void srv_game_destroy(srv_game *g)
{
    if (!g)
        return;
    cairn_lua_destroy(g->h);
    srv_json_free(&g->out);
    for (size_t i = 0; i < SRV_GAME_HISTORY; i++)
        srv_json_free(&g->history[i].view);
    free(g);
}

size_t srv_game_seats(const srv_game *g)
{
    return g->seats;
}

bool srv_game_seat_is_bot(const srv_game *g, size_t seat)
{
    return is_bot(g, seat);
}

const char *srv_game_result_code(srv_result r)
{
    switch (r) {
    case SRV_OK:
        return NULL;
    case SRV_STALE:
        return "stale";
    case SRV_UNAVAILABLE:
        return "unavailable";
    default:
        return "invalid";
    }
}

void srv_game_presence(srv_game *g, size_t seat, bool connected)
{
    if (seat < 1 || seat > g->seats || g->connected[seat] == connected)
        return;
    g->connected[seat] = connected;
    for (size_t a = 0; a <= g->seats; a++)
        if (a != seat)
            srv_game_send_state(g, a);
}

int64_t srv_game_deadline(const srv_game *g)
{
    return g->asking ? g->deadline : 0;
}

uint64_t srv_game_beat(const srv_game *g)
{
    return g->beat;
}

void srv_game_checksum(const srv_game *g, char out[17])
{
    memcpy(out, g->checksum, 17);
}

bool srv_game_ended(const srv_game *g)
{
    return over(g);
}

cairn_err srv_game_record(srv_game *g, const char **text)
{
    return cairn_session_record(g->h, text);
}
