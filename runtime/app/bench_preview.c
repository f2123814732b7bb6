/*
 * bench_preview.c - `cairn-bench --preview`: what the play screen's intents cost. Before each
 * key the play screen previews the next beat with the player waiting (view.lua's intents: the
 * world kept as a snapshot, the beat played, the world put back) to mark where enemies will
 * move and strike. The crowd games (tools/bench/crowd: the base game's player among 10, 100
 * and 1,000 of its skeletons) time, per N: one previewed beat (the crowd's bot, which previews
 * as the view does), the whole view the screen draws (the preview, the field of view and the
 * map), and a beat played, for scale. The fastest of a few tries of many calls each; only the
 * clock differs between runs.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>

#include "app.h"
#include "bench.h"

#ifndef CAIRN_CROWD_PACK
#define CAIRN_CROWD_PACK "tools/bench/crowd"
#endif

#define TRIES 3

typedef enum measured { PREVIEW, VIEW, BEAT } measured;

static cairn_err once(cairn_lua *h, measured what)
{
    cairn_view view;
    cairn_err st;
    switch (what) {
    case PREVIEW:
        return cairn_session_bot(h, "crowd:previewer");
    case VIEW:
        return cairn_session_view(h, &view);
    default:
        if ((st = cairn_session_input(h, "none", NULL)))
            return st;
        return cairn_session_step(h, NULL);
    }
}

/* The fastest of TRIES runs of `reps` calls, in ms a call; negative after a failure. */
static double fastest(cairn_lua *h, measured what, long reps)
{
    double best = -1;
    for (int t = 0; t < TRIES; t++) {
        double start = bench_now();
        for (long i = 0; i < reps; i++)
            if (once(h, what)) {
                fprintf(stderr, "cairn-bench: preview: %s\n", cairn_lua_error(h));
                return -1;
            }
        double ms = (bench_now() - start) * 1e3 / (double)reps;
        if (best < 0 || ms < best)
            best = ms;
    }
    return best;
}

int bench_preview(uint64_t seed)
{
    static const long crowds[] = {10, 100, 1000};
    static const long reps[] = {200, 50, 10};
    printf("preview: the play screen's intents (a previewed beat) among N skeletons of the base "
           "game, seed %llu, the fastest of %d tries\n",
           (unsigned long long)seed, TRIES);
    printf("%8s %14s %14s %14s %10s\n", "enemies", "preview ms", "view ms", "beat ms",
           "preview/beat");
    for (size_t i = 0; i < sizeof crowds / sizeof crowds[0]; i++) {
        const char *packs[] = {CAIRN_CROWD_PACK};
        cairn_lua *h = app_host("bench", packs, 1, NULL);
        if (!h)
            return 1;
        char game[32];
        snprintf(game, sizeof game, "crowd:crowd_%ld", crowds[i]);
        double ms[3] = {0};
        bool ok = cairn_session_start(h, game, seed) == CAIRN_OK;
        /* A few beats first: the enemies on their way, the caches warm. */
        for (int b = 0; ok && b < 3; b++)
            ok = once(h, BEAT) == CAIRN_OK;
        if (!ok)
            fprintf(stderr, "cairn-bench: preview: %s\n", cairn_lua_error(h));
        for (measured m = PREVIEW; ok && m <= BEAT; m++)
            ok = (ms[m] = fastest(h, m, reps[i])) >= 0;
        cairn_lua_destroy(h);
        if (!ok)
            return 1;
        printf("%8ld %14.3f %14.3f %14.3f %10.2f\n", crowds[i], ms[PREVIEW], ms[VIEW], ms[BEAT],
               ms[PREVIEW] / ms[BEAT]);
    }
    return 0;
}
