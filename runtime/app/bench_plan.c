/*
 * bench_plan.c - `cairn bench --plan`: the speed of move planning (cairn_plan_run). A 40 x 40
 * space of random cells - walls, floor, ladders, water, shafts - with 2 facings and 4
 * postures (standing, crouching, on a ladder, swimming), planned over from its centre with a
 * budget that reaches everything reachable, many times. Reported: the time of one plan (the
 * mean and the fastest), the states it reached, and whether the mean is under the target.
 * Once as a plain rectangle and once through links, as a view that follows portals gives
 * them. Everything is seeded; only the clock, which this file reads, differs between runs.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench.h"
#include "cairn/core.h"
#include "cairn/sight.h"

#define SIDE      40
#define CELLS     (SIDE * SIDE)
#define FACINGS   2
#define POSTURES  4
#define TARGET_MS 1.0

enum { STANDING, CROUCHING, LADDER, SWIMMING };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The rules of a climber: standing steps for 2, crouching for 3, a ladder goes up and down
 * for 2, swimming costs 4; changing posture costs 1 to 3. */
static cairn_plan_rules climber(void)
{
    cairn_plan_rules r = {.facings = FACINGS, .postures = POSTURES, .turn = 1};
    static const int32_t step[] = {2, 3, 2, 4}, diagonal[] = {3, 4, CAIRN_PLAN_NO, 6};
    for (int a = 0; a < POSTURES; a++) {
        r.step[a] = step[a];
        r.diagonal[a] = diagonal[a];
        for (int b = 0; b < CAIRN_PLAN_MAX_POSTURES; b++)
            r.change[a][b] = CAIRN_PLAN_NO;
    }
    r.dirs[LADDER] = 1 << CAIRN_DIR_N | 1 << CAIRN_DIR_S;
    r.change[STANDING][CROUCHING] = r.change[CROUCHING][STANDING] = 1;
    r.change[STANDING][LADDER] = r.change[LADDER][STANDING] = 2;
    r.change[STANDING][SWIMMING] = r.change[SWIMMING][STANDING] = 3;
    return r;
}

/* One cell in five a wall, one in ten water, every seventh column a ladder, one in forty a
 * shaft; the centre open. */
static void random_cells(uint64_t seed, uint8_t *allowed, uint8_t *stop)
{
    cairn_rng rng;
    cairn_rng_seed(&rng, seed, 20);
    for (int c = 0; c < CELLS; c++) {
        uint32_t roll = cairn_rng_below(&rng, 40);
        stop[c] = 0;
        if (roll < 8)
            allowed[c] = 0;
        else if (roll < 12)
            allowed[c] = 1 << SWIMMING;
        else {
            allowed[c] = 1 << STANDING | 1 << CROUCHING;
            if (c % SIDE % 7 == 3)
                allowed[c] |= 1 << LADDER;
            if (roll == 39)
                stop[c] = 1 << STANDING | 1 << CROUCHING;
        }
    }
    int centre = SIDE / 2 * SIDE + SIDE / 2;
    allowed[centre] = 1 << STANDING | 1 << CROUCHING;
    stop[centre] = 0;
}

typedef struct timing {
    double mean_ms, best_ms;
    int32_t reached;
} timing;

static timing time_plans(cairn_plan *p, const cairn_plan_space *sp, int runs)
{
    cairn_plan_rules rules = climber();
    cairn_plan_state start = cairn_plan_state_of(p, SIDE / 2 * SIDE + SIDE / 2, 0, STANDING);
    const char *error;
    timing t = {0, 1e9, 0};
    double total = 0;
    for (int i = 0; i < runs; i++) {
        double t0 = now();
        if (!cairn_plan_run(p, &rules, sp, start, 100000, &error)) {
            fprintf(stderr, "cairn bench: plan: %s\n", error);
            exit(1);
        }
        double ms = (now() - t0) * 1e3;
        total += ms;
        if (ms < t.best_ms)
            t.best_ms = ms;
    }
    t.mean_ms = total / runs;
    for (cairn_plan_state s = 0; s < cairn_plan_states(p); s++)
        t.reached += cairn_plan_cost(p, s) >= 0;
    return t;
}

int bench_plan(uint64_t seed, int runs)
{
    static uint8_t allowed[CELLS], stop[CELLS];
    static int32_t links[CELLS * 8];
    random_cells(seed, allowed, stop);
    /* the same rectangle as links, as a view gives them */
    for (int c = 0; c < CELLS; c++)
        for (int d = 0; d < 8; d++) {
            int x = c % SIDE + cairn_dir_dx((cairn_dir)d),
                y = c / SIDE + cairn_dir_dy((cairn_dir)d);
            links[c * 8 + d] = x < 0 || y < 0 || x >= SIDE || y >= SIDE ? -1 : y * SIDE + x;
        }
    size_t size = cairn_plan_size(CELLS, FACINGS, POSTURES);
    void *mem = malloc(size);
    cairn_plan *p = mem ? cairn_plan_init(mem, CELLS, FACINGS, POSTURES) : NULL;
    if (!p) {
        fputs("cairn bench: out of memory\n", stderr);
        free(mem);
        return 1;
    }
    cairn_plan_space grid = {SIDE, SIDE, allowed, stop, NULL};
    cairn_plan_space view = {SIDE, SIDE, allowed, stop, links};
    time_plans(p, &grid, runs / 10 + 1); /* warm the caches */
    timing a = time_plans(p, &grid, runs), b = time_plans(p, &view, runs);
    free(mem);
    printf("move planning: %d x %d cells, %d facings, %d postures (%d states), %zu bytes, "
           "%d plans each\n",
           SIDE, SIDE, FACINGS, POSTURES, CELLS * FACINGS * POSTURES, size, runs);
    printf("%-10s %10s %10s %10s\n", "space", "mean ms", "best ms", "reached");
    printf("%-10s %10.3f %10.3f %10d\n", "rectangle", a.mean_ms, a.best_ms, (int)a.reached);
    printf("%-10s %10.3f %10.3f %10d\n", "links", b.mean_ms, b.best_ms, (int)b.reached);
    bool met = a.mean_ms < TARGET_MS && b.mean_ms < TARGET_MS;
    printf("target: a plan in under %.0f ms: %s\n", TARGET_MS, met ? "met" : "MISSED");
    return met ? 0 : 1;
}
