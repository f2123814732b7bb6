/*
 * bench_saves.c - `cairn-bench --saves`: what a save costs as a game grows. The marathon game
 * (tools/bench/marathon, the base game's floors played by the explorer bot for as long as
 * asked) is saved at 100, 1,000 and 10,000 beats; for each, the file's size, the time to
 * write it and the time to resume it in a host whose packs are loaded, the fastest of a few
 * tries. The game is played once, up to the longest length; only the clock differs between
 * runs.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "cairn/save.h"
#include "app.h"

#ifndef CAIRN_MARATHON_PACK
#define CAIRN_MARATHON_PACK "tools/bench/marathon"
#endif

#define TRIES 5

/* One resume of the save at ud (a path) in a new host, timed from the read on. */
static cairn_err resume_once(void *ud, double *ms)
{
    const char *packs[] = {CAIRN_MARATHON_PACK};
    cairn_lua *h = app_host("bench", packs, 1, NULL);
    if (!h)
        return CAIRN_ERR_STATE;
    cairn_error err;
    double start = bench_now();
    cairn_err st = cairn_save_read(h, ud, &err);
    *ms = (bench_now() - start) * 1e3;
    cairn_lua_destroy(h);
    if (st)
        fprintf(stderr, "cairn-bench: %s\n", err.message);
    return st;
}

typedef struct saving {
    cairn_lua *h;
    const char *path;
} saving;

/* One write of the game (a saving, at ud), timed. */
static cairn_err save_once(void *ud, double *ms)
{
    const saving *s = ud;
    cairn_error err;
    double start = bench_now();
    cairn_err st = cairn_save_write(s->h, s->path, &err);
    *ms = (bench_now() - start) * 1e3;
    if (st)
        fprintf(stderr, "cairn-bench: %s\n", err.message);
    return st;
}

/* The fastest of TRIES runs of once, in ms: on a shared machine the slower ones measure the
 * neighbours. Negative after a failure, which once has told. */
static double fastest(cairn_err (*once)(void *ud, double *ms), void *ud)
{
    double best = -1;
    for (int i = 0; i < TRIES; i++) {
        double ms;
        if (once(ud, &ms))
            return -1;
        if (best < 0 || ms < best)
            best = ms;
    }
    return best;
}

int bench_saves(uint64_t seed)
{
    static const long lengths[] = {100, 1000, 10000};
    const char *packs[] = {CAIRN_MARATHON_PACK};
    char path[64];
    snprintf(path, sizeof path, "/tmp/cairn-bench-%ld.sqlite", (long)getpid());
    cairn_lua *h = app_host("bench", packs, 1, NULL);
    if (!h)
        return EXIT_FAILED;
    if (cairn_session_start(h, "marathon", seed))
        return app_failed("bench", h, "the marathon game does not start");
    printf("saves: the marathon game, seed %llu, played by the explorer bot; the fastest of %d "
           "writes and of %d resumes\n",
           (unsigned long long)seed, TRIES, TRIES);
    printf("%8s %12s %10s %10s\n", "beats", "save bytes", "save ms", "load ms");
    long played = 0;
    int status = EXIT_OK;
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0] && status == EXIT_OK; i++) {
        for (; played < lengths[i]; played++)
            if (cairn_session_bot(h, "explorer") || cairn_session_step(h, NULL))
                return app_failed("bench", h, "the game stopped");
        remove(path);
        saving sv = {h, path};
        double save = fastest(save_once, &sv);
        struct stat st;
        double load = save < 0 || stat(path, &st) ? -1 : fastest(resume_once, path);
        if (load < 0) {
            status = EXIT_FAILED;
            break;
        }
        printf("%8ld %12lld %10.2f %10.2f\n", lengths[i], (long long)st.st_size, save, load);
    }
    remove(path);
    cairn_lua_destroy(h);
    return status;
}
