/* A stand-in for game.c until the real one is merged (runtime/server/README.md): a game of no rules
 * whose every action is a beat, so that the server's routing can be exercised. */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct srv_game {
    char id[33];
    size_t seats;
    bool bot[SRV_SEATS_MAX + 1];
    uint64_t beat;
    srv_send_fn send;
    void *ud;
    srv_json out;
    char record[64];
};

cairn_err srv_game_create(const srv_game_config *c, srv_send_fn send, void *ud, srv_game **out,
                          cairn_error *err)
{
    (void)err;
    srv_game *g = calloc(1, sizeof *g);
    if (!g)
        return CAIRN_ERR_NOMEM;
    snprintf(g->id, sizeof g->id, "%s", c->id);
    g->seats = c->bot_count ? c->bot_count : 1;
    for (size_t i = 0; i < c->bot_count && i < SRV_SEATS_MAX; i++)
        g->bot[i + 1] = c->bots[i][0] != '\0';
    g->send = send;
    g->ud = ud;
    srv_json_init(&g->out);
    *out = g;
    return CAIRN_OK;
}

void srv_game_destroy(srv_game *g)
{
    if (!g)
        return;
    srv_json_free(&g->out);
    free(g);
}

size_t srv_game_seats(const srv_game *g)
{
    return g->seats;
}

bool srv_game_seat_is_bot(const srv_game *g, size_t seat)
{
    return seat >= 1 && seat <= g->seats && g->bot[seat];
}

void srv_game_checksum(const srv_game *g, char out[17])
{
    snprintf(out, 17, "%016llx", (unsigned long long)(g->beat * 2654435761u));
}

void srv_game_send_state(srv_game *g, size_t audience)
{
    char sum[17];
    srv_game_checksum(g, sum);
    srv_json_reset(&g->out);
    srv_json_object(&g->out);
    srv_json_key(&g->out, "t");
    srv_json_string(&g->out, "state");
    srv_json_key(&g->out, "beat");
    srv_json_int(&g->out, (int64_t)g->beat);
    srv_json_key(&g->out, "checksum");
    srv_json_string(&g->out, sum);
    srv_json_key(&g->out, "game");
    srv_json_string(&g->out, g->id);
    srv_json_key(&g->out, "seat");
    srv_json_int(&g->out, (int64_t)audience);
    srv_json_end_object(&g->out);
    g->send(g->ud, g->id, audience, g->out.data, g->out.len);
}

srv_result srv_game_act(srv_game *g, size_t seat, const srv_msg *m, int64_t now_ms, bool quiet,
                        char *why, size_t why_size)
{
    (void)now_ms;
    if (m->beat >= 0 && (uint64_t)m->beat < g->beat) {
        snprintf(why, why_size, "beat %lld is past", (long long)m->beat);
        return SRV_STALE;
    }
    if (seat > g->seats || g->bot[seat]) {
        snprintf(why, why_size, "not this seat's turn");
        return SRV_TURN;
    }
    g->beat++;
    if (!quiet)
        for (size_t a = 0; a <= g->seats; a++)
            srv_game_send_state(g, a);
    return SRV_OK;
}

void srv_game_send_history(srv_game *g, int64_t from, int64_t to)
{
    (void)from;
    (void)to;
    srv_game_send_state(g, 0);
}

void srv_game_presence(srv_game *g, size_t seat, bool connected)
{
    (void)g;
    (void)seat;
    (void)connected;
}

int64_t srv_game_deadline(const srv_game *g)
{
    (void)g;
    return 0;
}

uint64_t srv_game_beat(const srv_game *g)
{
    return g->beat;
}

bool srv_game_ended(const srv_game *g)
{
    (void)g;
    return false;
}

cairn_err srv_game_record(srv_game *g, const char **text)
{
    snprintf(g->record, sizeof g->record, "stand-in game, beat %llu\n",
             (unsigned long long)g->beat);
    *text = g->record;
    return CAIRN_OK;
}
