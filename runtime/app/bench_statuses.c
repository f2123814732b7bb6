/*
 * bench_statuses.c - `cairn-bench --statuses`: what statuses cost when they are data alone. The
 * chase of bench.c at N=1,000 with a data-only enemy (tools/bench/bench/chase.lua: variant
 * (a)'s skeleton that can carry statuses and has a pool of hp), run twice: each enemy carrying
 * three statuses defined as data, no function among them (tools/bench/bench/statuses.lua),
 * and the same chase without them.
 * Reported for each: beats a second, the calls from the core into Lua a beat (the chase makes
 * none, so with the statuses any call would be theirs), and the allocations of the core and of
 * the Lua state a beat once warmed up. Only the clock differs between runs.
 *
 * The run must stay steady: every enemy keeps its three statuses to its end, without one
 * applied again (that would record a change, and in a real game cost its chains). So none of
 * them wears off within the run: the one that decays by 1 a beat starts with a magnitude
 * greater than the run's beats, the warm-up's included; the other two last (no count of
 * beats) and do not decay; and the one that damages its bearer each beat by its magnitude, 1,
 * wounds a pool of hp far deeper than the run.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>

#include "bench.h"

#define ENEMIES 1000
#define TRIES   3

/* The statused skeleton of the bench pack. */
#define ENEMY "bench:skeleton_statused"

/* The three statuses of the bench pack (tools/bench/bench/statuses.lua) and the magnitudes the
 * enemies get; the decaying one's is the run's length and one more. */
static const struct {
    const char *name;
    int32_t magnitude;
} statuses[] = {{"bench:braced", 0}, {"bench:inspired", 2}, {"bench:bleeding", 1}};

#define STATUSES (sizeof statuses / sizeof statuses[0])

/* Gives the enemy the three statuses, lasting, for a run of run_beats beats. */
static cairn_err dress(cairn_world *w, cairn_entity_id enemy, long run_beats)
{
    for (size_t i = 0; i < STATUSES; i++) {
        cairn_status_id status;
        int32_t magnitude = statuses[i].magnitude ? statuses[i].magnitude : (int32_t)run_beats + 1;
        cairn_err st = cairn_status_find(w, statuses[i].name, &status);
        if (!st)
            st = cairn_status_add(w, enemy, status, magnitude, 0, CAIRN_ENTITY_NONE);
        if (!st && cairn_status_magnitude(w, enemy, status) != magnitude) {
            /* it did not land: the run would measure nothing */
            fprintf(stderr, "cairn-bench: statuses: %s did not land\n", statuses[i].name);
            st = CAIRN_ERR_STATE;
        }
        if (st)
            return st;
    }
    return CAIRN_OK;
}

static void print_row(const char *name, const bench_measure *m)
{
    printf("%-14s %10.0f %15.1f %15.2f %17.2f %16.2f\n", name, m->beats_per_second,
           m->ns_per_entity_beat, m->lua_calls_per_beat, m->allocations_per_beat,
           m->lua_allocations_per_beat);
}

int bench_statuses(uint64_t seed, long beats)
{
    bench_measure with = {0}, without = {0};
    /* The two in turn, so that a change in the machine's load falls on both; the fastest
     * of each is kept, as in the chase. */
    for (int t = 0; t < TRIES; t++) {
        bench_measure a, b;
        if (!bench_chase(ENEMY, NULL, ENEMIES, beats, seed, &a) ||
            !bench_chase(ENEMY, dress, ENEMIES, beats, seed, &b))
            return 1;
        if (t == 0 || a.beats_per_second > without.beats_per_second)
            without = a;
        if (t == 0 || b.beats_per_second > with.beats_per_second)
            with = b;
    }
    printf("statuses: the chase of (a) among %d enemies, each with three data-only statuses "
           "or none, seed %llu, %ld beats, the fastest of %d runs\n",
           ENEMIES, (unsigned long long)seed, beats, TRIES);
    printf("%-14s %10s %15s %15s %17s %16s\n", "run", "beats/s", "ns/entity-beat", "Lua calls/beat",
           "core allocs/beat", "Lua allocs/beat");
    print_row("without", &without);
    print_row("with statuses", &with);
    printf("share of the beats/s without: %.2f\n",
           with.beats_per_second / without.beats_per_second);
    return 0;
}
