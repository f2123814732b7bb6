/*
 * bench_plan.c - `cairn-bench --plan`: the speed of move planning (cairn_plan_run). A 40 x 40
 * space of random cells - walls, floor, ladders, water, shafts - with 2 facings and 4
 * postures (standing, crouching, on a ladder, swimming), planned over from its centre with a
 * budget that reaches everything reachable, many times. Reported: the processor time of one
 * plan (the median and the fastest), the states it reached, and whether the median is under
 * the target.
 * Once as a plain rectangle, once through links, and once over a real view: a view of radius
 * 20 (41 x 41 cells) of a 64 x 64 world with walls and two portals, built and its masks read
 * from the world before each plan (that row's time includes the building). Everything is
 * seeded; only the clock (bench_cpu_now) differs between runs.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "cairn/core.h"
#include "cairn/sight.h"

#define SIDE      40
#define CELLS     (SIDE * SIDE)
#define FACINGS   2
#define POSTURES  4
#define TARGET_MS 1.0
#define MAX_RUNS  2000

enum { STANDING, CROUCHING, LADDER, SWIMMING };

typedef struct timing {
    double median_ms, best_ms;
    int32_t reached;
} timing;

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

/* A 64 x 64 world, one cell in five a wall, with two portals near the middle. */
static cairn_world *walled_world(uint64_t seed)
{
    cairn_world_config config = {.width = 64, .height = 64, .seed = seed};
    cairn_world *w;
    cairn_error err;
    cairn_type_id wall;
    if (cairn_world_create(&config, &w, &err))
        return NULL;
    if (cairn_type_register(w, "bench:wall", CAIRN_LAYER_WALL, &wall)) {
        cairn_world_destroy(w);
        return NULL;
    }
    cairn_rng rng;
    cairn_rng_seed(&rng, seed, 21);
    for (int32_t y = 0; y < 64; y++)
        for (int32_t x = 0; x < 64; x++)
            if (cairn_rng_below(&rng, 5) == 0 && (x < 30 || x > 34 || y < 30 || y > 34))
                (void)cairn_entity_spawn(w, wall, (cairn_cell){x, y}, NULL);
    (void)cairn_portal_add(w, (cairn_portal){{34, 32}, CAIRN_DIR_E, {10, 12}, CAIRN_DIR_W});
    (void)cairn_portal_add(w, (cairn_portal){{32, 30}, CAIRN_DIR_N, {50, 50}, CAIRN_DIR_S});
    return w;
}

enum { RADIUS = 20, VSIDE = 2 * RADIUS + 1, VCELLS = VSIDE * VSIDE };

/* Builds the view round the world's middle and reads its masks: open cells for standing
 * and crouching, every third column a ladder too. */
static void view_space(cairn_world *w, cairn_actor_view *v, uint8_t *allowed, cairn_plan_space *sp)
{
    (void)cairn_actor_view_build(w, v, (cairn_cell){32, 32});
    const int32_t *cells = cairn_actor_view_cells(v);
    for (int32_t i = 0; i < VCELLS; i++) {
        cairn_entity_id id = CAIRN_ENTITY_NONE;
        if (cells[i] >= 0)
            (void)cairn_grid_at(w, (cairn_cell){cells[i] % 64, cells[i] / 64}, CAIRN_LAYER_WALL,
                                &id);
        allowed[i] =
            cells[i] < 0 || !cairn_entity_id_is_none(id)
                ? 0
                : (uint8_t)(1 << STANDING | 1 << CROUCHING | (cells[i] % 3 == 0 ? 1 << LADDER : 0));
    }
    *sp = (cairn_plan_space){VSIDE, VSIDE, allowed, NULL, cairn_actor_view_links(v)};
}

/* One timed case: a plan over `space`, after building it from the world when `w` is set. */
typedef struct bench_case {
    cairn_plan *plan;
    cairn_plan_space space;
    cairn_plan_state start;
    cairn_world *w; /* NULL: the space is made already */
    cairn_actor_view *view;
    uint8_t *allowed;
} bench_case;

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static timing time_case(bench_case *c, int runs)
{
    static double ms[MAX_RUNS];
    cairn_plan_rules rules = climber();
    const char *error;
    for (int i = 0; i < runs; i++) {
        double t0 = bench_cpu_now();
        if (c->w)
            view_space(c->w, c->view, c->allowed, &c->space);
        if (!cairn_plan_run(c->plan, &rules, &c->space, c->start, 100000, &error)) {
            fprintf(stderr, "cairn-bench: plan: %s\n", error);
            exit(1);
        }
        ms[i] = (bench_cpu_now() - t0) * 1e3;
    }
    qsort(ms, (size_t)runs, sizeof *ms, by_value);
    timing t = {ms[runs / 2], ms[0], 0};
    for (cairn_plan_state s = 0; s < cairn_plan_states(c->plan); s++)
        t.reached += cairn_plan_cost(c->plan, s) >= 0;
    return t;
}

int bench_plan(uint64_t seed, int runs)
{
    static uint8_t allowed[CELLS], stop[CELLS], view_allowed[VCELLS];
    static int32_t links[CELLS * 8];
    if (runs > MAX_RUNS)
        runs = MAX_RUNS;
    random_cells(seed, allowed, stop);
    /* the same rectangle as links, as a view gives them */
    for (int c = 0; c < CELLS; c++)
        for (int d = 0; d < 8; d++) {
            int x = c % SIDE + cairn_dir_dx((cairn_dir)d),
                y = c / SIDE + cairn_dir_dy((cairn_dir)d);
            links[c * 8 + d] = x < 0 || y < 0 || x >= SIDE || y >= SIDE ? -1 : y * SIDE + x;
        }
    size_t size = cairn_plan_size(CELLS, FACINGS, POSTURES);
    void *mem = malloc(size), *vmem = malloc(cairn_plan_size(VCELLS, FACINGS, POSTURES));
    void *view_mem = malloc(cairn_actor_view_size(RADIUS));
    cairn_world *w = walled_world(seed);
    cairn_plan *p = mem ? cairn_plan_init(mem, CELLS, FACINGS, POSTURES) : NULL;
    cairn_plan *vp = vmem ? cairn_plan_init(vmem, VCELLS, FACINGS, POSTURES) : NULL;
    cairn_actor_view *view = view_mem ? cairn_actor_view_init(view_mem, RADIUS) : NULL;
    int status = 1;
    if (!p || !vp || !view || !w) {
        fputs("cairn-bench: out of memory\n", stderr);
        goto done;
    }
    cairn_plan_state middle = cairn_plan_state_of(p, SIDE / 2 * SIDE + SIDE / 2, 0, STANDING);
    bench_case cases[] = {
        {p, {SIDE, SIDE, allowed, stop, NULL}, middle, NULL, NULL, NULL},
        {p, {SIDE, SIDE, allowed, stop, links}, middle, NULL, NULL, NULL},
        {vp, {0}, cairn_plan_state_of(vp, VCELLS / 2, 0, STANDING), w, view, view_allowed},
    };
    static const char *const names[] = {"rectangle", "links", "view"};
    time_case(&cases[0], runs / 10 + 1); /* warm the caches */
    printf("move planning: %d x %d cells, %d facings, %d postures (%d states), %zu bytes, "
           "%d plans each; processor time\n",
           SIDE, SIDE, FACINGS, POSTURES, CELLS * FACINGS * POSTURES, size, runs);
    printf("%-10s %10s %10s %10s\n", "space", "median ms", "best ms", "reached");
    bool met = true;
    for (int i = 0; i < 3; i++) {
        timing t = time_case(&cases[i], runs);
        printf("%-10s %10.3f %10.3f %10d%s\n", names[i], t.median_ms, t.best_ms, (int)t.reached,
               i == 2 ? "   (41 x 41, building the view each time)" : "");
        met = met && t.median_ms < TARGET_MS;
    }
    printf("target: a plan in under %.0f ms: %s\n", TARGET_MS, met ? "met" : "MISSED");
    status = met ? 0 : 1;
done:
    cairn_world_destroy(w);
    free(view_mem);
    free(vmem);
    free(mem);
    return status;
}
