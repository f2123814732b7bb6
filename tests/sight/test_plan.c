/*
 * test_plan.c - move planning: turning, stepping and changing posture cost what the rules
 * say; the budget bounds the plan; postures are allowed only where the mask says; a fall
 * ends a plan; and on 600 random small maps with random rules, a third of them joined at
 * random as portals join a view, the planner finds exactly the costs an exhaustive search
 * finds, with ways whose steps add up to them.
 */
#include <string.h>

#include "cairn/sight.h"
#include "grid_map.h"

typedef struct fixture {
    cairn_plan *plan;
    void *mem;
} fixture;

static cairn_plan *plan_new(int32_t cells, int32_t facings, int32_t postures, void **mem)
{
    size_t size = cairn_plan_size(cells, facings, postures);
    assert_true(size > 0);
    *mem = malloc(size);
    cairn_plan *p = cairn_plan_init(*mem, cells, facings, postures);
    assert_non_null(p);
    return p;
}

static void run(cairn_plan *p, const cairn_plan_rules *r, const cairn_plan_space *sp,
                cairn_plan_state start, int32_t budget)
{
    const char *error = NULL;
    if (!cairn_plan_run(p, r, sp, start, budget, &error))
        fail_msg("plan: %s", error);
}

/* Rules for one posture that steps straight for 1 and diagonally for 3, turning for 1. */
static cairn_plan_rules walker(int32_t facings, int32_t postures)
{
    cairn_plan_rules r = {.facings = facings, .postures = postures, .turn = 1};
    for (int a = 0; a < CAIRN_PLAN_MAX_POSTURES; a++) {
        r.step[a] = 1;
        r.diagonal[a] = 3;
        for (int b = 0; b < CAIRN_PLAN_MAX_POSTURES; b++)
            r.change[a][b] = CAIRN_PLAN_NO;
    }
    return r;
}

/* The open cells of a drawing ('#' closed) as an allowed mask for every posture, with the
 * cells marked 'v' (a shaft) stopping posture 0. */
static void masks(const char *const *rows, uint8_t *allowed, uint8_t *stop, int32_t *w, int32_t *h)
{
    *h = 0;
    *w = (int32_t)strlen(rows[0]);
    for (; rows[*h]; (*h)++)
        for (int32_t x = 0; x < *w; x++) {
            char c = rows[*h][x];
            allowed[*h * *w + x] = c == '#' ? 0 : c == 'H' ? 0x3 : 0x1;
            stop[*h * *w + x] = c == 'v' ? 0x1 : 0;
        }
}

static void turning_and_stepping_cost_what_the_rules_say(void **state)
{
    (void)state;
    const char *rows[] = {"....", NULL};
    uint8_t allowed[4], stop[4];
    cairn_plan_space sp = {.allowed = allowed};
    masks(rows, allowed, stop, &sp.width, &sp.height);
    void *mem;
    cairn_plan *p = plan_new(4, 2, 1, &mem);
    cairn_plan_rules r = walker(2, 1);
    /* from cell 1 facing west (facing 1): a step west is 1, east needs a turn first */
    run(p, &r, &sp, cairn_plan_state_of(p, 1, 1, 0), 100);
    assert_int_equal(cairn_plan_cost(p, cairn_plan_state_of(p, 0, 1, 0)), 1);
    assert_int_equal(cairn_plan_cost(p, cairn_plan_state_of(p, 2, 0, 0)), 2);
    assert_int_equal(cairn_plan_cost(p, cairn_plan_state_of(p, 3, 0, 0)), 3);
    assert_int_equal(cairn_plan_cost(p, cairn_plan_state_of(p, 1, 0, 0)), 1);
    cairn_plan_state way[8];
    int32_t via;
    assert_int_equal(cairn_plan_way(p, cairn_plan_state_of(p, 3, 0, 0), way, 8), 3);
    assert_int_equal(cairn_plan_previous(p, way[0], &via), cairn_plan_state_of(p, 1, 1, 0));
    assert_int_equal(via, CAIRN_PLAN_VIA_TURN);
    assert_int_equal(cairn_plan_previous(p, way[2], &via), way[1]);
    assert_int_equal(via, CAIRN_DIR_E);
    assert_int_equal(cairn_plan_best(p, 3), cairn_plan_state_of(p, 3, 0, 0));
    assert_int_equal(cairn_plan_way(p, cairn_plan_state_of(p, 1, 1, 0), NULL, 0), 0);
    free(mem);
}

static void the_budget_bounds_the_plan(void **state)
{
    (void)state;
    const char *rows[] = {"......", NULL};
    uint8_t allowed[6], stop[6];
    cairn_plan_space sp = {.allowed = allowed};
    masks(rows, allowed, stop, &sp.width, &sp.height);
    void *mem;
    cairn_plan *p = plan_new(6, 1, 1, &mem);
    cairn_plan_rules r = walker(1, 1);
    r.step[0] = 2;
    run(p, &r, &sp, 0, 5);
    assert_int_equal(cairn_plan_cost(p, 2), 4);
    assert_int_equal(cairn_plan_cost(p, 3), -1);
    assert_int_equal(cairn_plan_best(p, 3), -1);
    assert_int_equal(cairn_plan_way(p, 3, NULL, 0), -1);
    run(p, &r, &sp, 0, 0);
    assert_int_equal(cairn_plan_cost(p, 0), 0);
    assert_int_equal(cairn_plan_cost(p, 1), -1);
    free(mem);
}

/* Posture 1 (on a ladder) is allowed only on 'H' and steps only north and south; climbing
 * on costs 2; standing cannot go up a column of ladder. */
static void postures_go_where_the_mask_lets_them(void **state)
{
    (void)state;
    const char *rows[] = {
        "#H#",
        "#H#",
        ".H.",
        NULL,
    };
    uint8_t allowed[9], stop[9];
    cairn_plan_space sp = {.allowed = allowed};
    masks(rows, allowed, stop, &sp.width, &sp.height);
    allowed[1] = allowed[4] = 0x2; /* the upper ladder: only on it */
    void *mem;
    cairn_plan *p = plan_new(9, 1, 2, &mem);
    cairn_plan_rules r = walker(1, 2);
    r.change[0][1] = 2;
    r.change[1][0] = 1;
    r.dirs[1] = 1 << CAIRN_DIR_N | 1 << CAIRN_DIR_S;
    r.diagonal[1] = CAIRN_PLAN_NO;
    run(p, &r, &sp, cairn_plan_state_of(p, 6, 0, 0), 100);
    /* walk east onto the foot of the ladder, climb on, go up two */
    assert_int_equal(cairn_plan_cost(p, cairn_plan_state_of(p, 7, 0, 1)), 3);
    assert_int_equal(cairn_plan_cost(p, cairn_plan_state_of(p, 1, 0, 1)), 5);
    assert_int_equal(cairn_plan_cost(p, cairn_plan_state_of(p, 1, 0, 0)), -1);
    /* no sideways from the ladder: the far side is reached standing */
    assert_int_equal(cairn_plan_best(p, 8), cairn_plan_state_of(p, 8, 0, 0));
    assert_int_equal(cairn_plan_cost(p, cairn_plan_best(p, 8)), 2);
    free(mem);
}

/* Walking over a shaft ends the plan there: the shaft is reached, what lies past it only
 * the long way round. */
static void a_fall_ends_a_plan(void **state)
{
    (void)state;
    const char *rows[] = {
        "..v..",
        ".###.",
        ".....",
        NULL,
    };
    uint8_t allowed[15], stop[15];
    cairn_plan_space sp = {.allowed = allowed, .stop = stop};
    masks(rows, allowed, stop, &sp.width, &sp.height);
    void *mem;
    cairn_plan *p = plan_new(15, 1, 1, &mem);
    cairn_plan_rules r = walker(1, 1);
    r.diagonal[0] = CAIRN_PLAN_NO;
    run(p, &r, &sp, 0, 100);
    assert_int_equal(cairn_plan_cost(p, 2), 2);
    assert_int_equal(cairn_plan_cost(p, 3), 9);
    assert_int_equal(cairn_plan_way(p, 3, NULL, 0), 9);
    sp.stop = NULL;
    run(p, &r, &sp, 0, 100);
    assert_int_equal(cairn_plan_cost(p, 3), 3);
    free(mem);
}

/* Standing on a trap, the walker may turn and leave: a consequence comes of getting there. */
static void turning_where_a_plan_starts_is_no_consequence(void **state)
{
    (void)state;
    const char *rows[] = {"v..", NULL};
    uint8_t allowed[3], stop[3];
    cairn_plan_space sp = {.allowed = allowed, .stop = stop};
    masks(rows, allowed, stop, &sp.width, &sp.height);
    void *mem;
    cairn_plan *p = plan_new(3, 2, 1, &mem);
    cairn_plan_rules r = walker(2, 1);
    run(p, &r, &sp, cairn_plan_state_of(p, 0, 1, 0), 10); /* facing west, on the shaft */
    assert_int_equal(cairn_plan_cost(p, cairn_plan_state_of(p, 2, 0, 0)), 3);
    free(mem);
}

static void bad_rules_and_starts_are_refused(void **state)
{
    (void)state;
    uint8_t allowed[4] = {1, 1, 1, 1};
    cairn_plan_space sp = {.width = 2, .height = 2, .allowed = allowed};
    assert_int_equal(cairn_plan_size(4, 3, 1), 0);
    assert_int_equal(cairn_plan_size(4, 2, 9), 0);
    assert_null(cairn_plan_init(&sp, 0, 1, 1));
    void *mem;
    cairn_plan *p = plan_new(4, 2, 1, &mem);
    cairn_plan_rules r = walker(2, 1);
    const char *error = NULL;
    assert_false(cairn_plan_run(p, &r, &sp, 8, 5, &error));
    assert_non_null(error);
    r.turn = -2;
    assert_false(cairn_plan_run(p, &r, &sp, 0, 5, &error));
    r = walker(4, 1);
    assert_false(cairn_plan_run(p, &r, &sp, 0, 5, &error));
    sp.width = 3;
    r = walker(2, 1);
    assert_false(cairn_plan_run(p, &r, &sp, 0, 5, &error));
    free(mem);
}

/* --- the property: the planner against an exhaustive search --------------------------------- */

typedef struct edge {
    int32_t to, cost;
} edge;

/* Every transition out of a state, written from the rules' words rather than the
 * planner's code: turn one facing round either way; change posture where the new one is
 * allowed; step where the posture may go, the facing is within 90 degrees and the posture is
 * allowed on the cell entered - the next cell that way, or the one the space's links name. */
static int transitions(const cairn_plan_rules *r, const cairn_plan_space *sp, int32_t s, edge *out)
{
    int32_t F = r->facings, P = r->postures;
    int32_t posture = s % P, facing = (s / P) % F, cell = s / P / F;
    int32_t x = cell % sp->width, y = cell / sp->width;
    int n = 0;
    if (F > 1 && r->turn >= 0)
        for (int k = -1; k <= 1; k += 2)
            out[n++] = (edge){(cell * F + (facing + F + k) % F) * P + posture, r->turn};
    for (int32_t q = 0; q < P; q++)
        if (q != posture && r->change[posture][q] >= 0 && (sp->allowed[cell] & (1 << q)))
            out[n++] = (edge){(cell * F + facing) * P + q, r->change[posture][q]};
    for (int d = 0; d < 8; d++) {
        int dx = cairn_dir_dx((cairn_dir)d), dy = cairn_dir_dy((cairn_dir)d);
        int32_t cost = dx && dy ? r->diagonal[posture] : r->step[posture];
        if (cost < 0 || (r->dirs[posture] && !(r->dirs[posture] & (1 << d))))
            continue;
        if (F > 1) {
            cairn_dir fd = cairn_plan_facing_dir(F, facing);
            /* within 90 degrees: the dot product of the two unit steps is not negative */
            if (cairn_dir_dx(fd) * dx + cairn_dir_dy(fd) * dy < 0)
                continue;
        }
        int32_t tx = x + dx, ty = y + dy, to;
        if (sp->links)
            to = sp->links[cell * 8 + d]; /* where the space says the step goes, if anywhere */
        else if (tx < 0 || ty < 0 || tx >= sp->width || ty >= sp->height)
            to = -1;
        else
            to = ty * sp->width + tx;
        if (to >= 0 && sp->allowed[to] & (1 << posture))
            out[n++] = (edge){(to * F + facing) * P + posture, cost};
    }
    return n;
}

/* Whether being in state s ends the plan: its cell and posture are a consequence, and it is
 * not where the start stands, as it stands (turning there is no consequence). */
static bool ends(const cairn_plan_rules *r, const cairn_plan_space *sp, int32_t start, int32_t s)
{
    int32_t P = r->postures, F = r->facings;
    bool same = s / P / F == start / P / F && s % P == start % P;
    return sp->stop && (sp->stop[s / P / F] & (1 << (s % P))) && !same;
}

/* Relaxes every edge until nothing changes (Bellman-Ford), under the budget, leaving no state
 * that ends the plan. */
static void exhaustive(const cairn_plan_rules *r, const cairn_plan_space *sp, int32_t start,
                       int32_t budget, int32_t *cost, int32_t n)
{
    for (int32_t s = 0; s < n; s++)
        cost[s] = -1;
    cost[start] = 0;
    bool changed = true;
    edge out[32];
    while (changed) {
        changed = false;
        for (int32_t s = 0; s < n; s++) {
            if (cost[s] < 0 || ends(r, sp, start, s))
                continue;
            int k = transitions(r, sp, s, out);
            for (int i = 0; i < k; i++) {
                int32_t c = cost[s] + out[i].cost;
                if (c <= budget && (cost[out[i].to] < 0 || c < cost[out[i].to])) {
                    cost[out[i].to] = c;
                    changed = true;
                }
            }
        }
    }
}

static int32_t random_cost(cairn_rng *rng)
{
    return cairn_rng_below(rng, 5) == 0 ? CAIRN_PLAN_NO : cairn_rng_range(rng, 0, 4);
}

static void the_planner_matches_an_exhaustive_search_on_600_random_maps(void **state)
{
    (void)state;
    cairn_rng rng;
    cairn_rng_seed(&rng, 20, 2);
    static const int32_t facings[] = {1, 2, 4, 8};
    enum { MAX = 7 * 7 * 8 * 4 };
    void *mem;
    cairn_plan *p;
    int32_t want[MAX];
    uint8_t allowed[49], stop[49];
    int32_t links[49 * 8];
    long reached = 0, stopped = 0, linked = 0;
    for (int map = 0; map < 600; map++) {
        int32_t F = facings[cairn_rng_below(&rng, 4)];
        int32_t P = cairn_rng_range(&rng, 1, 4);
        cairn_plan_space sp = {.width = cairn_rng_range(&rng, 1, 7),
                               .height = cairn_rng_range(&rng, 1, 7),
                               .allowed = allowed,
                               .stop = cairn_rng_below(&rng, 2) ? stop : NULL};
        int32_t cells = sp.width * sp.height;
        for (int32_t c = 0; c < cells; c++) {
            allowed[c] = (uint8_t)(cairn_rng_below(&rng, 4) == 0 ? 0 : cairn_rng_next(&rng));
            stop[c] = (uint8_t)(cairn_rng_below(&rng, 6) == 0 ? cairn_rng_next(&rng) : 0);
        }
        /* A third of the spaces are joined at random, as portals join a view: any step may
         * lead to any cell, or nowhere. */
        if (cairn_rng_below(&rng, 3) == 0) {
            for (int32_t i = 0; i < cells * 8; i++)
                links[i] = cairn_rng_below(&rng, 4) == 0
                               ? -1
                               : (int32_t)cairn_rng_below(&rng, (uint32_t)cells);
            sp.links = links;
        }
        cairn_plan_rules r = {.facings = F, .postures = P, .turn = random_cost(&rng)};
        for (int32_t a = 0; a < P; a++) {
            r.step[a] = random_cost(&rng);
            r.diagonal[a] = random_cost(&rng);
            r.dirs[a] = (uint8_t)(cairn_rng_below(&rng, 2) ? 0 : cairn_rng_next(&rng));
            for (int32_t b = 0; b < P; b++)
                r.change[a][b] = random_cost(&rng);
        }
        int32_t budget = cairn_rng_range(&rng, 0, 25);
        /* a plan bigger than the space, as a caller reusing one would have */
        p = plan_new(cells + (int32_t)cairn_rng_below(&rng, 5), F, P, &mem);
        int32_t n = cells * F * P;
        int32_t start = (int32_t)cairn_rng_below(&rng, (uint32_t)n);
        run(p, &r, &sp, start, budget);
        exhaustive(&r, &sp, start, budget, want, n);
        assert_int_equal(cairn_plan_states(p), n);
        for (int32_t s = 0; s < n; s++) {
            int32_t got = cairn_plan_cost(p, s);
            if (got != want[s])
                fail_msg("map %d: state %d costs %d, the exhaustive search says %d", map, (int)s,
                         (int)got, (int)want[s]);
            if (got < 0)
                continue;
            reached++;
            /* the way adds up: each state comes from the one before by a transition that
             * exists and costs the difference */
            int32_t via, prev = cairn_plan_previous(p, s, &via);
            if (s == start) {
                assert_int_equal(via, CAIRN_PLAN_VIA_START);
                continue;
            }
            edge out[32];
            int k = transitions(&r, &sp, prev, out);
            bool found = false;
            for (int i = 0; i < k; i++)
                found = found || (out[i].to == s && cairn_plan_cost(p, prev) + out[i].cost == got);
            if (!found)
                fail_msg("map %d: state %d does not come from %d", map, (int)s, (int)prev);
            if (ends(&r, &sp, start, prev))
                fail_msg("map %d: a way goes on past a state that ends it", map);
            stopped += sp.stop && (stop[s / P / F] >> (s % P) & 1);
            linked += sp.links != NULL;
        }
        free(mem);
    }
    /* the maps were not all trivial */
    assert_true(reached > 5000);
    assert_true(stopped > 100);
    assert_true(linked > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(turning_and_stepping_cost_what_the_rules_say),
        cmocka_unit_test(the_budget_bounds_the_plan),
        cmocka_unit_test(postures_go_where_the_mask_lets_them),
        cmocka_unit_test(a_fall_ends_a_plan),
        cmocka_unit_test(turning_where_a_plan_starts_is_no_consequence),
        cmocka_unit_test(bad_rules_and_starts_are_refused),
        cmocka_unit_test(the_planner_matches_an_exhaustive_search_on_600_random_maps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
