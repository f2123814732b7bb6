/*
 * plan.c - move planning: Dijkstra's search over (cell, facing, posture) with a binary heap
 * whose entries can move up (decrease-key), in memory the caller gives once.
 *
 * The heap orders states by cost, then by number, so equal costs always come out in the same
 * order and the same inputs give the same plan.
 */
#include <string.h>

#include "cairn/sight.h"

#define MAX_CELLS (1 << 20)

struct cairn_plan {
    int32_t cells, facings, postures, states;
    int32_t heap_len;
    int32_t *cost;     /* per state, -1 unreached */
    int32_t *prev;     /* per state */
    int32_t *where;    /* per state: its place in the heap, -1 when not in it, -2 once settled */
    uint64_t *heap;    /* cost << 32 | state: one comparison orders by cost, then by state */
    uint8_t *via;      /* per state */
    cairn_dir face[8]; /* facing -> direction */
    /* Per run: for each facing and posture, the directions a step may take (bit d) */
    uint8_t steps[8][CAIRN_PLAN_MAX_POSTURES];
};

static bool fits(int32_t cells, int32_t facings, int32_t postures)
{
    return cells >= 1 && cells <= MAX_CELLS &&
           (facings == 1 || facings == 2 || facings == 4 || facings == 8) && postures >= 1 &&
           postures <= CAIRN_PLAN_MAX_POSTURES;
}

size_t cairn_plan_size(int32_t cells, int32_t facings, int32_t postures)
{
    if (!fits(cells, facings, postures))
        return 0;
    size_t n = (size_t)cells * (size_t)facings * (size_t)postures;
    return cairn_sight_align(sizeof(cairn_plan)) + 3 * cairn_sight_align(n * sizeof(int32_t)) +
           cairn_sight_align(n * sizeof(uint64_t)) + cairn_sight_align(n);
}

cairn_dir cairn_plan_facing_dir(int32_t facings, int32_t facing)
{
    if (facing < 0 || facing >= facings)
        return CAIRN_DIR_NONE;
    switch (facings) {
    case 2:
        return facing ? CAIRN_DIR_W : CAIRN_DIR_E;
    case 4:
        return (cairn_dir)(2 * facing);
    case 8:
        return (cairn_dir)facing;
    default:
        return CAIRN_DIR_NONE;
    }
}

int32_t cairn_plan_facing_of(int32_t facings, cairn_dir dir)
{
    if (dir == CAIRN_DIR_NONE || facings <= 1)
        return 0;
    int32_t best = 0, best_distance = 5;
    for (int32_t f = 0; f < facings; f++) {
        int d = cairn_dir_distance(cairn_plan_facing_dir(facings, f), dir);
        if (d < best_distance) {
            best = f;
            best_distance = d;
        }
    }
    return best;
}

cairn_plan *cairn_plan_init(void *mem, int32_t cells, int32_t facings, int32_t postures)
{
    if (!mem || !fits(cells, facings, postures))
        return NULL;
    size_t n = (size_t)cells * (size_t)facings * (size_t)postures;
    unsigned char *at = mem;
    cairn_plan *p = mem;
    at += cairn_sight_align(sizeof *p);
    *p = (cairn_plan){.cells = cells, .facings = facings, .postures = postures};
    p->states = (int32_t)n;
    p->heap = (uint64_t *)(void *)at;
    at += cairn_sight_align(n * sizeof(uint64_t));
    int32_t **ints[] = {&p->cost, &p->prev, &p->where};
    for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
        *ints[i] = (int32_t *)(void *)at;
        at += cairn_sight_align(n * sizeof(int32_t));
    }
    p->via = at;
    for (int32_t f = 0; f < 8; f++)
        p->face[f] = cairn_plan_facing_dir(facings, f);
    memset(p->cost, 0xff, n * sizeof(int32_t));
    return p;
}

/* --- the heap ----------------------------------------------------------------------------- */

static uint64_t key(int32_t cost, int32_t s)
{
    return (uint64_t)(uint32_t)cost << 32 | (uint32_t)s;
}

static void heap_put(cairn_plan *p, int32_t i, uint64_t k)
{
    p->heap[i] = k;
    p->where[(uint32_t)k] = i;
}

static void sift_up(cairn_plan *p, int32_t i, uint64_t k)
{
    while (i > 0) {
        int32_t parent = (i - 1) / 2;
        if (p->heap[parent] <= k)
            break;
        heap_put(p, i, p->heap[parent]);
        i = parent;
    }
    heap_put(p, i, k);
}

static void sift_down(cairn_plan *p, int32_t i, uint64_t k)
{
    for (;;) {
        int32_t child = 2 * i + 1;
        if (child >= p->heap_len)
            break;
        if (child + 1 < p->heap_len && p->heap[child + 1] < p->heap[child])
            child++;
        if (p->heap[child] >= k)
            break;
        heap_put(p, i, p->heap[child]);
        i = child;
    }
    heap_put(p, i, k);
}

static int32_t heap_pop(cairn_plan *p)
{
    int32_t top = (int32_t)(uint32_t)p->heap[0];
    p->where[top] = -2;
    if (--p->heap_len > 0)
        sift_down(p, 0, p->heap[p->heap_len]);
    return top;
}

/* Offers state s at `cost`, reached from `from` by `via`. */
static void offer(cairn_plan *p, int32_t s, int32_t cost, int32_t from, int via)
{
    int32_t at = p->where[s];
    if (at == -2 || (p->cost[s] >= 0 && p->cost[s] <= cost))
        return;
    p->cost[s] = cost;
    p->prev[s] = from;
    p->via[s] = (uint8_t)via;
    if (at < 0)
        at = p->heap_len++;
    sift_up(p, at, key(cost, s));
}

/* --- the search ---------------------------------------------------------------------------- */

static bool check_rules(const cairn_plan *p, const cairn_plan_rules *r, const cairn_plan_space *sp,
                        const char **error)
{
    if (r->facings != p->facings || r->postures != p->postures) {
        *error = "the rules' facings or postures are not the plan's";
        return false;
    }
    if (sp->width < 1 || sp->height < 1 || (int64_t)sp->width * sp->height > p->cells ||
        !sp->allowed) {
        *error = "the space is empty, larger than the plan, or has no allowed mask";
        return false;
    }
    bool ok = r->turn >= CAIRN_PLAN_NO;
    for (int32_t a = 0; a < r->postures; a++) {
        ok = ok && r->step[a] >= CAIRN_PLAN_NO && r->diagonal[a] >= CAIRN_PLAN_NO;
        for (int32_t b = 0; b < r->postures; b++)
            ok = ok && r->change[a][b] >= CAIRN_PLAN_NO;
    }
    if (!ok)
        *error = "a cost is below -1 (-1 forbids a transition)";
    return ok;
}

static const int8_t dx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int8_t dy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

static int32_t neighbour(const cairn_plan_space *sp, int32_t cell, int dir)
{
    if (sp->links)
        return sp->links[(size_t)cell * 8 + (size_t)dir];
    int32_t x = cell % sp->width + dx[dir];
    int32_t y = cell / sp->width + dy[dir];
    return x < 0 || y < 0 || x >= sp->width || y >= sp->height ? -1 : y * sp->width + x;
}

/* The directions a step may take in each facing and posture: those the posture steps in at
 * a cost it allows, within 90 degrees of the facing. */
static void prepare_steps(cairn_plan *p, const cairn_plan_rules *r)
{
    for (int32_t f = 0; f < p->facings; f++)
        for (int32_t q = 0; q < p->postures; q++) {
            uint8_t mask = r->dirs[q] ? r->dirs[q] : 0xff;
            for (int d = 0; d < 8; d++) {
                int32_t cost = (d & 1) ? r->diagonal[q] : r->step[q];
                if (cost < 0 ||
                    (p->facings > 1 && cairn_dir_distance(p->face[f], (cairn_dir)d) > 2))
                    mask &= (uint8_t) ~(1u << d);
            }
            p->steps[f][q] = mask;
        }
}

/* Adds a cost to a cost under the budget; -1 when over it or forbidden. */
static int32_t add(int32_t at, int32_t cost, int32_t budget)
{
    if (cost < 0 || cost > budget - at)
        return -1;
    return at + cost;
}

static void expand(cairn_plan *p, const cairn_plan_rules *r, const cairn_plan_space *sp, int32_t s,
                   int32_t cell, int32_t facing, int32_t posture, int32_t budget)
{
    int32_t F = p->facings, P = p->postures;
    int32_t at = p->cost[s];
    int32_t c;
    /* turns */
    if (F > 1 && (c = add(at, r->turn, budget)) >= 0) {
        offer(p, (cell * F + (facing + 1) % F) * P + posture, c, s, CAIRN_PLAN_VIA_TURN);
        offer(p, (cell * F + (facing + F - 1) % F) * P + posture, c, s, CAIRN_PLAN_VIA_TURN);
    }
    /* postures */
    uint8_t here = sp->allowed[cell];
    for (int32_t q = 0; q < P; q++)
        if (q != posture && (here >> q & 1) && (c = add(at, r->change[posture][q], budget)) >= 0)
            offer(p, (cell * F + facing) * P + q, c, s, CAIRN_PLAN_VIA_POSTURE);
    /* steps */
    uint8_t dirs = p->steps[facing][posture];
    for (int d = 0; d < 8; d++) {
        if (!(dirs >> d & 1))
            continue;
        int32_t to = neighbour(sp, cell, d);
        if (to < 0 || !(sp->allowed[to] >> posture & 1))
            continue;
        int32_t cost = (d & 1) ? r->diagonal[posture] : r->step[posture];
        if ((c = add(at, cost, budget)) >= 0)
            offer(p, (to * F + facing) * P + posture, c, s, d);
    }
}

bool cairn_plan_run(cairn_plan *p, const cairn_plan_rules *rules, const cairn_plan_space *space,
                    cairn_plan_state start, int32_t budget, const char **error)
{
    if (!check_rules(p, rules, space, error))
        return false;
    int32_t cells = space->width * space->height;
    int32_t n = cells * p->facings * p->postures;
    if (start < 0 || start >= n) {
        *error = "the start is not a state of the space";
        return false;
    }
    p->states = n;
    memset(p->cost, 0xff, (size_t)n * sizeof(int32_t));
    memset(p->where, 0xff, (size_t)n * sizeof(int32_t));
    p->heap_len = 0;
    prepare_steps(p, rules);
    if (budget < 0)
        return true;
    offer(p, start, 0, start, CAIRN_PLAN_VIA_START);
    int32_t start_cell, start_facing, start_posture;
    cairn_plan_state_parts(p, start, &start_cell, &start_facing, &start_posture);
    while (p->heap_len > 0) {
        int32_t s = heap_pop(p);
        int32_t cell, facing, posture;
        cairn_plan_state_parts(p, s, &cell, &facing, &posture);
        /* a consequence comes of getting somewhere: not of turning where one stands */
        if (space->stop && (space->stop[cell] >> posture & 1) &&
            (cell != start_cell || posture != start_posture))
            continue;
        expand(p, rules, space, s, cell, facing, posture, budget);
    }
    return true;
}

/* --- reading the plan ---------------------------------------------------------------------- */

cairn_plan_state cairn_plan_state_of(const cairn_plan *p, int32_t cell, int32_t facing,
                                     int32_t posture)
{
    return (cell * p->facings + facing) * p->postures + posture;
}

void cairn_plan_state_parts(const cairn_plan *p, cairn_plan_state s, int32_t *cell, int32_t *facing,
                            int32_t *posture)
{
    *posture = s % p->postures;
    *facing = (s / p->postures) % p->facings;
    *cell = s / p->postures / p->facings;
}

int32_t cairn_plan_states(const cairn_plan *p)
{
    return p->states;
}

int32_t cairn_plan_cost(const cairn_plan *p, cairn_plan_state s)
{
    return s >= 0 && s < p->states ? p->cost[s] : -1;
}

cairn_plan_state cairn_plan_previous(const cairn_plan *p, cairn_plan_state s, int32_t *via)
{
    if (cairn_plan_cost(p, s) < 0)
        return -1;
    if (via)
        *via = p->via[s];
    return p->prev[s];
}

cairn_plan_state cairn_plan_best(const cairn_plan *p, int32_t cell)
{
    int32_t per = p->facings * p->postures, best = -1;
    if (cell < 0 || (int64_t)(cell + 1) * per > p->states)
        return -1;
    for (int32_t s = cell * per; s < (cell + 1) * per; s++)
        if (p->cost[s] >= 0 && (best < 0 || p->cost[s] < p->cost[best]))
            best = s;
    return best;
}

int32_t cairn_plan_way(const cairn_plan *p, cairn_plan_state s, cairn_plan_state *out, int32_t cap)
{
    if (cairn_plan_cost(p, s) < 0)
        return -1;
    int32_t len = 0;
    for (int32_t at = s; p->via[at] != CAIRN_PLAN_VIA_START; at = p->prev[at])
        len++;
    int32_t i = len;
    for (int32_t at = s; p->via[at] != CAIRN_PLAN_VIA_START; at = p->prev[at])
        if (--i < cap)
            out[i] = at;
    return len;
}
