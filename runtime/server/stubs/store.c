/* A stand-in for store.c until the real one is merged (runtime/server/README.md): games and seats in
 * memory, nothing kept across a restart. */
#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#define GAMES_MAX 4096

typedef struct stub_game {
    char id[33];
    char tokens[SRV_SEATS_MAX + 1][65];
} stub_game;

struct srv_store {
    stub_game *games;
    size_t count;
};

cairn_err srv_store_open(const char *path, srv_store **out, cairn_error *err)
{
    (void)path;
    (void)err;
    srv_store *s = calloc(1, sizeof *s);
    if (!s || !(s->games = calloc(GAMES_MAX, sizeof *s->games))) {
        free(s);
        return CAIRN_ERR_NOMEM;
    }
    *out = s;
    return CAIRN_OK;
}

void srv_store_close(srv_store *s)
{
    if (s)
        free(s->games);
    free(s);
}

static void random_hex(char *out, size_t bytes)
{
    unsigned char b[32];
    if (getrandom(b, bytes, 0) != (ssize_t)bytes)
        memset(b, 7, sizeof b);
    for (size_t i = 0; i < bytes; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
}

static stub_game *find(srv_store *s, const char *id)
{
    for (size_t i = 0; i < s->count; i++)
        if (!strcmp(s->games[i].id, id))
            return &s->games[i];
    return NULL;
}

cairn_err srv_store_create_game(srv_store *s, const srv_msg *create, char id[33], cairn_error *err)
{
    (void)create;
    (void)err;
    if (s->count == GAMES_MAX)
        return CAIRN_ERR_LIMIT;
    stub_game *g = &s->games[s->count++];
    random_hex(g->id, 8);
    memcpy(id, g->id, 33);
    return CAIRN_OK;
}

cairn_err srv_store_claim_seat(srv_store *s, const char *game, size_t seat, char token[65],
                               cairn_error *err)
{
    (void)err;
    stub_game *g = find(s, game);
    if (!g || seat < 1 || seat > SRV_SEATS_MAX || g->tokens[seat][0])
        return CAIRN_ERR_STATE;
    random_hex(g->tokens[seat], 32);
    memcpy(token, g->tokens[seat], 65);
    return CAIRN_OK;
}

cairn_err srv_store_seat_of_token(srv_store *s, const char *game, const char *token, size_t *seat,
                                  cairn_error *err)
{
    (void)err;
    stub_game *g = find(s, game);
    *seat = 0;
    for (size_t i = 1; g && i <= SRV_SEATS_MAX; i++)
        if (g->tokens[i][0] && !strcmp(g->tokens[i], token))
            *seat = i;
    return CAIRN_OK;
}

cairn_err srv_store_release_seat(srv_store *s, const char *game, size_t seat, cairn_error *err)
{
    (void)err;
    stub_game *g = find(s, game);
    if (g && seat >= 1 && seat <= SRV_SEATS_MAX)
        g->tokens[seat][0] = '\0';
    return CAIRN_OK;
}

bool srv_store_seat_taken(srv_store *s, const char *game, size_t seat)
{
    stub_game *g = find(s, game);
    return g && seat >= 1 && seat <= SRV_SEATS_MAX && g->tokens[seat][0];
}

cairn_err srv_store_append(srv_store *s, const char *game, size_t seat, const srv_msg *m,
                           uint64_t beat, const char *checksum, cairn_error *err)
{
    (void)s, (void)game, (void)seat, (void)m, (void)beat, (void)checksum, (void)err;
    return CAIRN_OK;
}

cairn_err srv_store_end_game(srv_store *s, const char *game, const char *how, cairn_error *err)
{
    (void)s, (void)game, (void)how, (void)err;
    return CAIRN_OK;
}

cairn_err srv_store_load(srv_store *s, srv_store_game_fn game, srv_store_action_fn action, void *ud,
                         cairn_error *err)
{
    (void)s, (void)game, (void)action, (void)ud, (void)err;
    return CAIRN_OK;
}
