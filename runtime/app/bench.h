/*
 * bench.h - what bench.c (`cairn-bench`, the benchmark behind docs/performance.md) asks of
 * bench_saves.c, bench_payload.c, bench_plan.c and bench_statuses.c, and what it gives them.
 */
#ifndef CAIRN_APP_BENCH_H
#define CAIRN_APP_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cairn/core.h"

/* The monotonic clock, in seconds: the wall clock the benchmark reads. */
double bench_now(void);
/* The calling thread's own processor time, in seconds: for a short computation timed on a
 * machine others share, where the wall clock would count the time the scheduler gave them. */
double bench_cpu_now(void);

/* `cairn-bench --saves`: the size, write time and resume time of a save at 100, 1,000 and
 * 10,000 beats of a long game. Returns the exit status. */
int bench_saves(uint64_t seed);

/* `cairn-bench --payload`: a card with a ten-effect payload played every beat on `foes`
 * foes, for `beats` beats; effects a second and allocations. Returns the exit status. */
int bench_payload(uint64_t seed, long foes, long beats);

/* `cairn-bench --preview`: the play screen's intents - a previewed beat - and its whole view
 * among 10, 100 and 1,000 enemies, against a beat played. Returns the exit status. */
int bench_preview(uint64_t seed);
/* `cairn-bench --initiative`: the crowd of 100 under the initiative turn model, one
 * character a beat, for at least `beats` beats, against the same crowd in the beats model;
 * beats and actions a second, allocations a beat. Returns the exit status. */
int bench_initiative(uint64_t seed, long beats);
/* `cairn-bench --plan`: move planning over a 40 x 40 space with 2 facings and 4 postures,
 * and over a 41 x 41 view, `runs` plans each; the median and fastest time of one. Returns the
 * exit status: 1 when a median misses the target of 1 ms. */
int bench_plan(uint64_t seed, int runs);

/* Run on each enemy of a chase once it is spawned, for a run of `run_beats` beats (the warm-up
 * and the measured ones). */
typedef cairn_err bench_dress(cairn_world *w, cairn_entity_id enemy, long run_beats);
/* What one run of the chase measured, after its warm-up. */
typedef struct bench_measure {
    double beats_per_second;
    double ns_per_entity_beat;
    double allocations_per_beat;     /* the world's allocator */
    double lua_allocations_per_beat; /* the Lua state's allocator */
    double lua_calls_per_beat;       /* calls from the core into Lua */
} bench_measure;
/* The chase (bench.c) of `n` enemies of the bench pack's type `enemy`, each dressed by `dress`
 * (may be NULL), for `beats` beats after a tenth as many of warm-up, in a process of its own.
 * False after a failure, said on stderr. */
bool bench_chase(const char *enemy, bench_dress *dress, long n, long beats, uint64_t seed,
                 bench_measure *out);
/* `cairn-bench --statuses`: the chase of 1,000 data-only enemies each carrying three data-only
 * statuses, `beats` beats, against the same chase without them; beats a second, Lua calls and
 * allocations a beat. Returns the exit status. */
int bench_statuses(uint64_t seed, long beats);

/* One variant's chase at one N, as bench_svg.c draws it. */
typedef struct bench_point {
    char variant;
    const char *label;
    long n;
    double ns_per_entity_beat;
} bench_point;
/* `cairn-bench --svg FILE`: ns per entity-beat against N, a line per variant, and each
 * variant's speed as a share of variant (a)'s at the same N. False when FILE cannot be
 * written. */
bool bench_svg_write(const char *path, const bench_point *points, size_t count);

#endif
