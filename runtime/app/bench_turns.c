/*
 * bench_turns.c - `cairn-bench --initiative`: what the initiative turn model costs. The crowd
 * of 100 (tools/bench/crowd: the base game's player among 100 of its skeletons) played under
 * the initiative model, one character a beat and two beats a turn, against the same crowd
 * in the beats model, where every one acts every beat. The player waits at each of its
 * turns; a session step plays the others' turns up to the next one. Reported: the world's
 * beats a second, the characters' actions a second (one a beat under initiative, 101 in the
 * beats model), and the allocations per beat once warmed up. Only the clock differs between
 * runs.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>

#include "app.h"
#include "bench.h"

#ifndef CAIRN_CROWD_PACK
#define CAIRN_CROWD_PACK "tools/bench/crowd"
#endif

#define TRIES      3
#define CHARACTERS 101 /* the player and 100 skeletons */

typedef struct measure {
    double beats_per_second;
    double allocations_per_beat;     /* the world's allocator */
    double lua_allocations_per_beat; /* the Lua state's allocator */
} measure;

/* Plays `game` for at least `beats` beats of the world after a warm-up; the fastest of TRIES
 * runs. False after a failure, said on stderr. */
static bool play(const char *game, uint64_t seed, long beats, measure *out)
{
    const char *packs[] = {CAIRN_CROWD_PACK};
    cairn_lua *h = app_host("bench", packs, 1, NULL);
    if (!h)
        return false;
    bool ok = cairn_session_start(h, game, seed) == CAIRN_OK;
    cairn_world *w = ok ? cairn_lua_world(h) : NULL;
    for (int t = 0; ok && t <= TRIES; t++) {
        /* The first run warms up: every skeleton on its way, the caches full. */
        uint64_t from = cairn_world_beat(w);
        cairn_world_stats before, after;
        cairn_lua_stats lua_before, lua_after;
        cairn_world_get_stats(w, &before);
        cairn_lua_get_stats(h, &lua_before);
        double start = bench_now();
        while (ok && cairn_world_beat(w) - from < (uint64_t)beats)
            ok = cairn_session_input(h, "none", NULL) == CAIRN_OK &&
                 cairn_session_step(h, NULL) == CAIRN_OK;
        double seconds = bench_now() - start;
        cairn_world_get_stats(w, &after);
        cairn_lua_get_stats(h, &lua_after);
        double ran = (double)(cairn_world_beat(w) - from);
        measure m = {ran / seconds, (double)(after.allocations - before.allocations) / ran,
                     (double)(lua_after.allocations - lua_before.allocations) / ran};
        if (t == 1 || (t > 1 && m.beats_per_second > out->beats_per_second))
            *out = m;
    }
    if (!ok)
        fprintf(stderr, "cairn-bench: initiative: %s\n", cairn_lua_error(h));
    cairn_lua_destroy(h);
    return ok;
}

int bench_initiative(uint64_t seed, long beats)
{
    measure turns, all;
    if (!play("crowd:initiative_100", seed, beats, &turns) ||
        !play("crowd:crowd_100", seed, beats / CHARACTERS + 1, &all))
        return 1;
    printf("initiative: the base game's player among 100 skeletons, 2 action points a turn, "
           "seed %llu, the fastest of %d runs\n",
           (unsigned long long)seed, TRIES);
    printf("%-12s %12s %12s %14s %14s\n", "model", "beats/s", "actions/s", "core allocs/beat",
           "Lua allocs/beat");
    printf("%-12s %12.0f %12.0f %14.2f %14.2f\n", "initiative", turns.beats_per_second,
           turns.beats_per_second, turns.allocations_per_beat, turns.lua_allocations_per_beat);
    printf("%-12s %12.0f %12.0f %14.2f %14.2f\n", "beats", all.beats_per_second,
           all.beats_per_second * CHARACTERS, all.allocations_per_beat,
           all.lua_allocations_per_beat);
    return 0;
}
