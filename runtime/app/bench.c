/*
 * bench.c - `cairn-bench`, the benchmark behind docs/performance.md, an executable of its own
 * (not installed with cairn): the chase scenario, timed. One hero walking a random orthogonal
 * step a beat and N immune enemies that rest, then attack or move towards it, on a square grid
 * of side ceil(sqrt(10 N)) (at least 12). Five variants of the enemy:
 *   a  pure data in a Lua pack            c  with a Lua movs
 *   b  with trivial Lua handlers          d  registered through the C API, no Lua at all
 *   e  a typical Lua enemy: a step function, two handlers and a movs in Lua
 * Everything is seeded; only the clock, which this file alone reads, differs between runs.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "app.h"
#include "bench.h"
#include "cairn/core.h"
#include "cairn/lua.h"

#ifndef CAIRN_BENCH_PACK
#define CAIRN_BENCH_PACK "tools/bench/bench"
#endif

typedef struct variant {
    char key;
    const char *label;
    const char *enemy;  /* the enemy's type in the bench pack; NULL: the C variant */
    bench_dress *dress; /* NULL, or run on each enemy once the world is populated */
} variant;

static const variant variants[] = {
    {'a', "data", "bench:skeleton", NULL},
    {'b', "lua handlers", "bench:skeleton_handlers", NULL},
    {'c', "lua movs", "bench:skeleton_movs", NULL},
    {'d', "C only", NULL, NULL},
    {'e', "lua enemy", "bench:skeleton_lua", NULL},
};

#define VARIANT_COUNT (sizeof variants / sizeof variants[0])

typedef struct result {
    char variant;
    long n;
    long beats;
    double beats_per_second;
    double actions_per_second;
    double ns_per_entity_beat;
    double bytes_per_entity;
    double allocations_per_beat;     /* the world's allocator */
    double lua_allocations_per_beat; /* the Lua state's allocator */
    double lua_calls_per_beat;
    double load_ms;
} result;

static double seconds_of(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

double bench_now(void)
{
    return seconds_of(CLOCK_MONOTONIC);
}

double bench_cpu_now(void)
{
    return seconds_of(CLOCK_THREAD_CPUTIME_ID);
}

/* Resident memory of the process, from /proc (0 where there is none). */
static double resident_bytes(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, resident = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
            resident = 0;
        fclose(f);
    }
    return (double)resident * (double)sysconf(_SC_PAGESIZE);
}

static int grid_side(long n)
{
    int side = 12;
    while ((long)side * side < 10 * n)
        side++;
    return side;
}

/* The C variant's types: what the bench pack defines, through the C API. */
static cairn_err c_types(cairn_world *w, cairn_type_id *hero, cairn_type_id *enemy)
{
    cairn_step steps[2] = {{.action = CAIRN_ACTION_NONE},
                           {.action = CAIRN_ACTION_ATTACK_MOVE, .movs = CAIRN_MOVS_BASIC}};
    cairn_sequence_id seq;
    const cairn_decorator_id hero_decos[] = {CAIRN_DECO_PLAYER_CONTROL, CAIRN_DECO_MOVING,
                                             CAIRN_DECO_ATTACKABLE, CAIRN_DECO_DISPLACEABLE};
    const cairn_decorator_id enemy_decos[] = {CAIRN_DECO_SEQUENTIAL, CAIRN_DECO_ATTACKING,
                                              CAIRN_DECO_ATTACKABLE, CAIRN_DECO_MOVING,
                                              CAIRN_DECO_DISPLACEABLE};
    cairn_err st;
    if ((st = cairn_sequence_register(w, "chase", steps, 2, &seq)) ||
        (st = cairn_type_register(w, "hero", CAIRN_LAYER_REAL, hero)) ||
        (st = cairn_type_register(w, "skeleton", CAIRN_LAYER_REAL, enemy)))
        return st;
    for (size_t i = 0; i < sizeof hero_decos / sizeof hero_decos[0] && !st; i++)
        st = cairn_type_add_decorator(w, *hero, hero_decos[i]);
    for (size_t i = 0; i < sizeof enemy_decos / sizeof enemy_decos[0] && !st; i++)
        st = cairn_type_add_decorator(w, *enemy, enemy_decos[i]);
    void *d;
    if (st || (st = cairn_type_defaults(w, *hero, CAIRN_DECO_ATTACKABLE, &d)))
        return st;
    ((cairn_attackable *)d)->team = 1;
    ((cairn_attackable *)d)->pierce_resistance = CAIRN_STAT_MAX;
    if ((st = cairn_type_defaults(w, *enemy, CAIRN_DECO_ATTACKABLE, &d)))
        return st;
    ((cairn_attackable *)d)->team = 2;
    ((cairn_attackable *)d)->pierce_resistance = CAIRN_STAT_MAX;
    if ((st = cairn_type_defaults(w, *enemy, CAIRN_DECO_ATTACKING, &d)))
        return st;
    ((cairn_attacking *)d)->attack.targets = UINT32_C(1) << 1;
    if ((st = cairn_type_defaults(w, *enemy, CAIRN_DECO_ACTING, &d)))
        return st;
    ((cairn_acting *)d)->algo = CAIRN_ALGO_GENERAL;
    if ((st = cairn_type_defaults(w, *enemy, CAIRN_DECO_SEQUENTIAL, &d)))
        return st;
    ((cairn_sequential *)d)->sequence = seq;
    return CAIRN_OK;
}

/* The hero in the middle, the enemies at random free cells, each dressed when the variant
 * dresses them for a run of `run_beats` beats. */
static cairn_err populate(cairn_world *w, cairn_type_id hero_type, const variant *v,
                          cairn_type_id enemy, long n, long run_beats, cairn_rng *rng,
                          cairn_entity_id *hero)
{
    int side = cairn_grid_width(w);
    cairn_err st = cairn_entity_spawn(w, hero_type, (cairn_cell){side / 2, side / 2}, hero);
    for (long placed = 0; placed < n && !st;) {
        cairn_cell cell = {(int32_t)cairn_rng_below(rng, (uint32_t)side),
                           (int32_t)cairn_rng_below(rng, (uint32_t)side)};
        cairn_entity_id there;
        if ((st = cairn_grid_at(w, cell, CAIRN_LAYER_REAL, &there)) ||
            !cairn_entity_id_is_none(there))
            continue;
        cairn_entity_id spawned;
        st = cairn_entity_spawn(w, enemy, cell, &spawned);
        if (!st && v->dress)
            st = v->dress(w, spawned, run_beats);
        placed++;
    }
    return st;
}

typedef struct run {
    cairn_lua *host; /* NULL for the C variant */
    cairn_world *w;
} run;

static cairn_err step(run *r)
{
    return r->host ? cairn_lua_step(r->host) : cairn_world_step(r->w);
}

static const char *run_error(const run *r)
{
    return r->host ? cairn_lua_error(r->host) : cairn_world_error(r->w);
}

static cairn_lua_stats lua_stats(const run *r)
{
    cairn_lua_stats stats = {0};
    if (r->host)
        cairn_lua_get_stats(r->host, &stats);
    return stats;
}

/* One run of one variant; false (with a message on stderr) when it could not run. */
static bool bench_one(const variant *v, const cairn_lua_config *host_config, long n, long beats,
                      uint64_t seed, result *out)
{
    int side = grid_side(n);
    cairn_world_config config = {.width = side, .height = side, .seed = seed};
    run r = {0};
    cairn_type_id hero_type, enemy;
    cairn_error err;
    double rss0 = resident_bytes();
    double t0 = bench_now();
    cairn_err st;
    if (v->enemy) {
        st = cairn_lua_create(host_config, &r.host, &err);
        if (st) {
            fprintf(stderr, "cairn-bench: %s\n", err.message);
            return false;
        }
        if ((st = cairn_lua_load_pack(r.host, CAIRN_BENCH_PACK)) ||
            (st = cairn_lua_world_create(r.host, &config, &r.w)) ||
            (st = cairn_type_find(r.w, "bench:hero", &hero_type)) ||
            (st = cairn_type_find(r.w, v->enemy, &enemy)))
            goto fail;
    } else {
        st = cairn_world_create(&config, &r.w, &err);
        if (st) {
            fprintf(stderr, "cairn-bench: %s\n", err.message);
            return false;
        }
        if ((st = c_types(r.w, &hero_type, &enemy)))
            goto fail;
    }
    double load_ms = (bench_now() - t0) * 1e3;
    cairn_rng rng;
    cairn_rng_seed(&rng, seed, 1);
    cairn_entity_id hero;
    long warmup = beats / 10 + 2;
    if ((st = populate(r.w, hero_type, v, enemy, n, warmup + beats, &rng, &hero)))
        goto fail;
    /* The hero's steps come from the bench's own stream, not the world's. */
    static const cairn_dir orthogonal[4] = {CAIRN_DIR_N, CAIRN_DIR_E, CAIRN_DIR_S, CAIRN_DIR_W};
    double t_start = 0;
    uint64_t allocations = 0;
    cairn_lua_stats lua = {0};
    for (long beat = 0; beat < warmup + beats; beat++) {
        if (beat == warmup) {
            cairn_world_stats stats;
            cairn_world_get_stats(r.w, &stats);
            allocations = stats.allocations;
            lua = lua_stats(&r);
            out->bytes_per_entity = (resident_bytes() - rss0) / (double)n;
            t_start = bench_now();
        }
        cairn_action step_dir = {CAIRN_ACTION_MOVE, (uint8_t)orthogonal[cairn_rng_below(&rng, 4)]};
        if ((st = cairn_player_input(r.w, hero, step_dir)) || (st = step(&r)))
            goto fail;
    }
    double seconds = bench_now() - t_start;
    cairn_world_stats stats;
    cairn_world_get_stats(r.w, &stats);
    out->variant = v->key;
    out->n = n;
    out->beats = beats;
    out->beats_per_second = (double)beats / seconds;
    out->actions_per_second = (double)beats * (double)(n + 1) / seconds;
    out->ns_per_entity_beat = seconds * 1e9 / ((double)beats * (double)(n + 1));
    out->allocations_per_beat = (double)(stats.allocations - allocations) / (double)beats;
    cairn_lua_stats lua_end = lua_stats(&r);
    out->lua_allocations_per_beat = (double)(lua_end.allocations - lua.allocations) / (double)beats;
    out->lua_calls_per_beat = (double)(lua_end.callbacks - lua.callbacks) / (double)beats;
    out->load_ms = load_ms;
fail:
    if (st)
        fprintf(stderr, "cairn-bench: variant %c, N=%ld: %s\n", v->key, n, run_error(&r));
    /* the host owns its world; the C variant's world is the run's own */
    if (r.host)
        cairn_lua_destroy(r.host);
    else
        cairn_world_destroy(r.w);
    return st == CAIRN_OK;
}

/* bench_one in a child process of its own, so that one run's memory (freed to the allocator,
 * never to the system) does not hide the next run's growth of resident memory. */
static bool bench_isolated(const variant *v, const cairn_lua_config *lua, long n, long beats,
                           uint64_t seed, result *out)
{
    int fd[2];
    fflush(stdout);
    fflush(stderr);
    if (pipe(fd) != 0)
        return bench_one(v, lua, n, beats, seed, out);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return bench_one(v, lua, n, beats, seed, out);
    }
    if (pid == 0) {
        close(fd[0]);
        result r;
        bool ok = bench_one(v, lua, n, beats, seed, &r);
        ok = ok && write(fd[1], &r, sizeof r) == (ssize_t)sizeof r;
        fflush(stderr);
        _exit(ok ? 0 : 1);
    }
    close(fd[1]);
    ssize_t got = read(fd[0], out, sizeof *out);
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return got == (ssize_t)sizeof *out && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool bench_chase(const char *enemy, bench_dress *dress, long n, long beats, uint64_t seed,
                 bench_measure *out)
{
    const variant v = {'s', enemy, enemy, dress};
    result r;
    if (!bench_isolated(&v, NULL, n, beats, seed, &r))
        return false;
    *out = (bench_measure){r.beats_per_second, r.ns_per_entity_beat, r.allocations_per_beat,
                           r.lua_allocations_per_beat, r.lua_calls_per_beat};
    return true;
}

/* The default number of beats for N: about two million entity-beats, 30 to 5,000. */
static long default_beats(long n)
{
    long beats = 2000000 / (n + 1);
    return beats < 30 ? 30 : beats > 5000 ? 5000 : beats;
}

static void print_table(FILE *out, const result *rs, size_t count)
{
    fprintf(out, "%-3s %8s %6s %10s %12s %10s %10s %10s %10s %10s %8s\n", "var", "N", "beats",
            "beats/s", "actions/s", "ns/ent-bt", "B/entity", "allocs/bt", "lua al/bt", "lua/beat",
            "load ms");
    for (size_t i = 0; i < count; i++) {
        const result *r = &rs[i];
        fprintf(out, "%-3c %8ld %6ld %10.0f %12.0f %10.1f %10.0f %10.2f %10.2f %10.1f %8.1f\n",
                r->variant, r->n, r->beats, r->beats_per_second, r->actions_per_second,
                r->ns_per_entity_beat, r->bytes_per_entity, r->allocations_per_beat,
                r->lua_allocations_per_beat, r->lua_calls_per_beat, r->load_ms);
    }
}

static bool write_results(const char *path, const result *rs, size_t count)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    size_t len = strlen(path);
    bool json = len > 5 && !strcmp(path + len - 5, ".json");
    if (json)
        fprintf(f, "[\n");
    else
        fprintf(f, "variant,n,beats,beats_per_second,actions_per_second,ns_per_entity_beat,"
                   "bytes_per_entity,allocations_per_beat,lua_allocations_per_beat,"
                   "lua_calls_per_beat,load_ms\n");
    for (size_t i = 0; i < count; i++) {
        const result *r = &rs[i];
        if (json)
            fprintf(f,
                    "  {\"variant\": \"%c\", \"n\": %ld, \"beats\": %ld, \"beats_per_second\": "
                    "%.1f, \"actions_per_second\": %.1f, \"ns_per_entity_beat\": %.2f, "
                    "\"bytes_per_entity\": %.1f, \"allocations_per_beat\": %.3f, "
                    "\"lua_allocations_per_beat\": %.3f, \"lua_calls_per_beat\": %.2f, "
                    "\"load_ms\": %.2f}%s\n",
                    r->variant, r->n, r->beats, r->beats_per_second, r->actions_per_second,
                    r->ns_per_entity_beat, r->bytes_per_entity, r->allocations_per_beat,
                    r->lua_allocations_per_beat, r->lua_calls_per_beat, r->load_ms,
                    i + 1 < count ? "," : "");
        else
            fprintf(f, "%c,%ld,%ld,%.1f,%.1f,%.2f,%.1f,%.3f,%.3f,%.2f,%.2f\n", r->variant, r->n,
                    r->beats, r->beats_per_second, r->actions_per_second, r->ns_per_entity_beat,
                    r->bytes_per_entity, r->allocations_per_beat, r->lua_allocations_per_beat,
                    r->lua_calls_per_beat, r->load_ms);
    }
    if (json)
        fprintf(f, "]\n");
    return fclose(f) == 0;
}

static bool draw_results(const char *path, const result *rs, size_t count)
{
    bench_point points[16 * VARIANT_COUNT];
    for (size_t i = 0; i < count; i++) {
        const char *label = "";
        for (size_t j = 0; j < VARIANT_COUNT; j++)
            if (variants[j].key == rs[i].variant)
                label = variants[j].label;
        points[i] = (bench_point){rs[i].variant, label, rs[i].n, rs[i].ns_per_entity_beat};
    }
    return bench_svg_write(path, points, count);
}

static const result *find(const result *rs, size_t count, char key, long n)
{
    for (size_t i = 0; i < count; i++)
        if (rs[i].variant == key && rs[i].n == n)
            return &rs[i];
    return NULL;
}

/* The targets, against what was measured; "n/a" where the runs needed were not made. */
static void print_targets(FILE *out, const result *rs, size_t count)
{
    const result *a1k = find(rs, count, 'a', 1000);
    const result *d1k = find(rs, count, 'd', 1000), *a100k = find(rs, count, 'a', 100000);
    fprintf(out, "\ntargets:\n");
    if (a1k)
        fprintf(out, "  data-only N=1000 >= 2000 beats/s:        %.0f  %s\n", a1k->beats_per_second,
                a1k->beats_per_second >= 2000 ? "met" : "MISSED");
    if (a1k && d1k)
        fprintf(out, "  (a) within 1.2x of (d) at N=1000:         %.2fx  %s\n",
                d1k->beats_per_second / a1k->beats_per_second,
                d1k->beats_per_second <= 1.2 * a1k->beats_per_second ? "met" : "MISSED");
    /* The share of (a)'s speed each Lua variant keeps (issue 22). */
    static const struct {
        char key;
        double share;
    } shares[] = {{'b', 0.75}, {'c', 0.5}, {'e', 0.4}};
    for (size_t i = 0; i < sizeof shares / sizeof shares[0]; i++) {
        const result *v = find(rs, count, shares[i].key, 1000);
        if (a1k && v)
            fprintf(out, "  (%c) >= %.2f of (a) at N=1000:             %.2f  %s\n", v->variant,
                    shares[i].share, v->beats_per_second / a1k->beats_per_second,
                    v->beats_per_second >= shares[i].share * a1k->beats_per_second ? "met"
                                                                                   : "MISSED");
    }
    if (a1k && a100k)
        fprintf(out, "  ns/entity-beat N=100000 within 1.5x of N=1000: %.2fx  %s\n",
                a100k->ns_per_entity_beat / a1k->ns_per_entity_beat,
                a100k->ns_per_entity_beat <= 1.5 * a1k->ns_per_entity_beat ? "met" : "MISSED");
    /* Memory per entity where fixed costs (the Lua state, the runtime's scripts) are spread
     * thinnest: at the largest N run. */
    long largest = 0;
    double worst = 0;
    for (size_t i = 0; i < count; i++)
        largest = rs[i].n > largest ? rs[i].n : largest;
    for (size_t i = 0; i < count; i++)
        if (rs[i].n == largest && rs[i].bytes_per_entity > worst)
            worst = rs[i].bytes_per_entity;
    if (largest >= 1000)
        fprintf(out, "  <= 1 KB per entity (N=%ld):             %.0f B  %s\n", largest, worst,
                worst <= 1024 ? "met" : "MISSED");
    /* Every variant's steady beats, the world's allocations and the Lua state's together. */
    for (size_t i = 0; i < count; i++) {
        double allocations = rs[i].allocations_per_beat + rs[i].lua_allocations_per_beat;
        fprintf(out, "  (%c) N=%-6ld 0 allocations/beat:          %.2f  %s\n", rs[i].variant,
                rs[i].n, allocations, allocations == 0 ? "met" : "MISSED");
    }
}

/* A whole number from 1 to max, digits only: "5x" or "-3" is a usage error, not 5 or 0. */
static bool parse_whole(const char *text, long max, long *out)
{
    uint64_t v;
    if (!app_parse_count(text, &v) || v < 1 || v > (uint64_t)max)
        return false;
    *out = (long)v;
    return true;
}

static bool parse_list(const char *s, long *out, size_t *count, size_t max)
{
    *count = 0;
    while (*s && *count < max) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 1 || v > 1000000)
            return false;
        out[(*count)++] = v;
        s = *end == ',' ? end + 1 : end;
        if (*end && *end != ',')
            return false;
    }
    return *count > 0 && !*s;
}

#define USAGE                                                                                      \
    "usage: cairn-bench [--variant abcde] [--n 10,100,...] [--beats K] [--repeat R]\n"             \
    "                   [--seed S] [--trust PACK] [--out FILE.csv|FILE.json]\n"                    \
    "                   [--svg FILE.svg]\n"                                                        \
    "       cairn-bench --saves\n"                                                                 \
    "       cairn-bench --payload\n"                                                               \
    "       cairn-bench --preview\n"                                                               \
    "       cairn-bench --initiative [--beats K]\n"                                                \
    "       cairn-bench --plan [--repeat R]\n"                                                     \
    "       cairn-bench --statuses [--beats K]\n"

/* The variants are listed from their table, so that a new one is in the help as it lands. */
static void help(void)
{
    fputs(USAGE "  --variant LETTERS  the variants to run (all of them):\n", stdout);
    for (size_t i = 0; i < VARIANT_COUNT; i++)
        printf("                       %c  %s\n", variants[i].key, variants[i].label);
    fputs("  --n LIST           the enemies, comma-separated (10,100,1000,10000,100000)\n"
          "  --beats K          beats a run (by N: 2000000 / N, from 30 to 5000)\n"
          "  --repeat R         runs of each, the fastest kept (3; at most 100)\n"
          "  --seed S           the world's seed (1)\n"
          "  --trust PACK       run the pack's Lua trusted, without the instruction budget:\n"
          "                     bench for the benchmark's own (none)\n"
          "  --out FILE         also write the results, as JSON when FILE ends in .json,\n"
          "                     else as CSV\n"
          "  --svg FILE         also draw them: ns per entity-beat against N and the\n"
          "                     speed as a share of (a)'s, a line per variant\n"
          "  --saves            time saves instead: size, write and load at 100, 1000 and\n"
          "                     10000 beats\n"
          "  --payload          time card payloads instead: a ten-effect card played every\n"
          "                     beat on 100 foes\n"
          "  --preview          time the play screen's intents instead: a previewed beat\n"
          "                     among 10, 100 and 1000 enemies\n"
          "  --initiative       time the initiative turn model instead: 100 enemies\n"
          "                     taking turns with the player, K beats (--beats, 20000),\n"
          "                     against the beats model\n"
          "  --plan             time move planning instead: a 40 x 40 space, 2 facings\n"
          "                     and 4 postures, R plans of each kind (--repeat, 2000)\n"
          "  --statuses         time data-only statuses instead: the chase of 1000 enemies\n"
          "                     with three statuses each, K beats (--beats, 2000), against\n"
          "                     the same chase without them\n",
          stdout);
}

/* -h or --help anywhere asks for the usage, as with cairn's commands (main.c). */
static bool asks_for_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (app_is_help(argv[i]))
            return true;
    return false;
}

int main(int argc, char **argv)
{
    if (asks_for_help(argc, argv)) {
        help();
        return EXIT_OK;
    }
    const char *which = "abcde", *out_path = NULL, *svg_path = NULL;
    long ns[16] = {10, 100, 1000, 10000, 100000};
    size_t n_count = 5;
    long beats = 0, repeats = 3;
    uint64_t seed = 1;
    const char *trusted[2] = {NULL, NULL};
    cairn_lua_config lua = {.trusted_packs = trusted};
    if (argc == 2 && !strcmp(argv[1], "--saves"))
        return bench_saves(seed);
    if (argc == 2 && !strcmp(argv[1], "--payload"))
        return bench_payload(seed, 100, 2000);
    if (argc == 2 && !strcmp(argv[1], "--preview"))
        return bench_preview(seed);
    if (argc >= 2 && !strcmp(argv[1], "--initiative")) {
        long turn_beats = 20000;
        if (argc == 2 || (argc == 4 && !strcmp(argv[2], "--beats") &&
                          parse_whole(argv[3], 1000000000, &turn_beats)))
            return bench_initiative(seed, turn_beats);
        fputs(USAGE, stderr);
        return EXIT_USAGE;
    }
    if (argc >= 2 && !strcmp(argv[1], "--statuses")) {
        long status_beats = 2000;
        if (argc == 2 || (argc == 4 && !strcmp(argv[2], "--beats") &&
                          parse_whole(argv[3], 100000, &status_beats)))
            return bench_statuses(seed, status_beats);
        fputs(USAGE, stderr);
        return EXIT_USAGE;
    }
    if (argc >= 2 && !strcmp(argv[1], "--plan")) {
        long plans = 2000;
        if (argc == 2 ||
            (argc == 4 && !strcmp(argv[2], "--repeat") && parse_whole(argv[3], 2000, &plans)))
            return bench_plan(seed, (int)plans);
        fputs(USAGE, stderr);
        return EXIT_USAGE;
    }
    /* Every option takes a value: they come in pairs. */
    for (int i = 1; i < argc; i += 2) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = value != NULL;
        if (!strcmp(arg, "--variant") && ok)
            which = value;
        else if (!strcmp(arg, "--n") && ok)
            ok = parse_list(value, ns, &n_count, sizeof ns / sizeof ns[0]);
        else if (!strcmp(arg, "--beats") && ok)
            ok = parse_whole(value, 1000000000, &beats);
        else if (!strcmp(arg, "--repeat") && ok)
            ok = parse_whole(value, 100, &repeats);
        else if (!strcmp(arg, "--seed") && ok)
            ok = app_parse_count(value, &seed);
        else if (!strcmp(arg, "--out") && ok)
            out_path = value;
        else if (!strcmp(arg, "--svg") && ok)
            svg_path = value;
        else if (!strcmp(arg, "--trust") && ok)
            trusted[0] = value;
        else
            ok = false;
        if (!ok || strspn(which, "abcde") != strlen(which)) {
            fputs(USAGE, stderr);
            return EXIT_USAGE;
        }
    }
    result rs[16 * VARIANT_COUNT];
    size_t count = 0;
    printf("chase: one hero, N immune enemies (none, then attack_move with basic movs), "
           "seed %llu, the fastest of %ld runs\n",
           (unsigned long long)seed, repeats);
    for (size_t i = 0; i < n_count; i++)
        for (size_t j = 0; j < VARIANT_COUNT; j++) {
            if (!strchr(which, variants[j].key))
                continue;
            long b = beats ? beats : default_beats(ns[i]);
            /* The fastest of a few runs: on a shared machine the others measure the
             * neighbours. */
            for (long k = 0; k < repeats; k++) {
                result r;
                if (!bench_isolated(&variants[j], &lua, ns[i], b, seed, &r))
                    return 1;
                if (k == 0 || r.beats_per_second > rs[count].beats_per_second)
                    rs[count] = r;
            }
            count++;
        }
    print_table(stdout, rs, count);
    print_targets(stdout, rs, count);
    if (out_path && !write_results(out_path, rs, count)) {
        fprintf(stderr, "cairn-bench: cannot write %s\n", out_path);
        return 1;
    }
    if (svg_path && !draw_results(svg_path, rs, count)) {
        fprintf(stderr, "cairn-bench: cannot write %s\n", svg_path);
        return 1;
    }
    return 0;
}
