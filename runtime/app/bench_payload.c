/*
 * bench_payload.c - `cairn-bench --payload`: the speed of card payloads. A hero plays one
 * card at the start of every beat (tools/bench/bench_cards): a payload of ten built-in effects,
 * nine of them on each of N foes (100 by default), data only. Reported: payloads, effects and
 * effect-target applications a second, and the allocations of the core and the memory of the
 * Lua state per beat once warmed up. Only the clock differs between runs.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>

#include "bench.h"
#include "cairn/core.h"
#include "cairn/lua.h"

#ifndef CAIRN_BENCH_CARDS_PACK
#define CAIRN_BENCH_CARDS_PACK "tools/bench/bench_cards"
#endif

/* The card's payload (tools/bench/bench_cards/volley.lua): ten effects, nine of them on every foe
 * and one (block) on the hero. */
#define EFFECTS         10
#define EFFECTS_ON_FOES 9

int bench_payload(uint64_t seed, long foes, long beats)
{
    cairn_lua *h;
    cairn_error err;
    if (cairn_lua_create(NULL, &h, &err)) {
        fprintf(stderr, "cairn-bench: %s\n", err.message);
        return 1;
    }
    int side = 2;
    while ((long)side * (side - 1) < foes)
        side++;
    cairn_world_config config = {.width = side, .height = side, .seed = seed};
    cairn_world *w;
    cairn_type_id hero_type, foe_type;
    cairn_err st;
    if ((st = cairn_lua_load_pack(h, CAIRN_BENCH_CARDS_PACK)) ||
        (st = cairn_lua_world_create(h, &config, &w)) ||
        (st = cairn_type_find(w, "bench_cards:hero", &hero_type)) ||
        (st = cairn_type_find(w, "bench_cards:dummy", &foe_type)) ||
        (st = cairn_entity_spawn(w, hero_type, (cairn_cell){0, 0}, NULL)))
        goto fail;
    /* The foes fill the rows below the hero's, in order. */
    for (long i = 0; i < foes && !st; i++)
        st = cairn_entity_spawn(w, foe_type,
                                (cairn_cell){(int32_t)(i % side), (int32_t)(1 + i / side)}, NULL);
    if (st)
        goto fail;
    long warmup = beats / 10 + 2;
    double t0 = 0;
    cairn_world_stats before, after;
    cairn_lua_stats lua_before, lua_after;
    for (long beat = 0; beat < warmup + beats; beat++) {
        if (beat == warmup) {
            cairn_world_get_stats(w, &before);
            cairn_lua_get_stats(h, &lua_before);
            t0 = bench_now();
        }
        if ((st = cairn_lua_step(h)))
            goto fail;
    }
    double seconds = bench_now() - t0;
    cairn_world_get_stats(w, &after);
    cairn_lua_get_stats(h, &lua_after);
    double per_second = (double)beats / seconds;
    printf("payload: one card a beat, %d effects (%d on each of %ld foes), seed %llu, %ld beats\n",
           EFFECTS, EFFECTS_ON_FOES, foes, (unsigned long long)seed, beats);
    printf("  payloads/s                 %12.0f\n", per_second);
    printf("  effects/s                  %12.0f\n", per_second * EFFECTS);
    printf("  effect-target applications/s %9.0f\n",
           per_second * (double)(EFFECTS_ON_FOES * foes + EFFECTS - EFFECTS_ON_FOES));
    printf("  core allocations/beat      %12.2f\n",
           (double)(after.allocations - before.allocations) / (double)beats);
    printf("  Lua allocations/beat       %12.2f\n",
           (double)(lua_after.allocations - lua_before.allocations) / (double)beats);
    printf("  Lua state growth, bytes/beat %10.1f (the collector runs between: a trend, not a "
           "count)\n",
           ((double)lua_after.memory - (double)lua_before.memory) / (double)beats);
    cairn_lua_destroy(h);
    return 0;
fail:
    fprintf(stderr, "cairn-bench: payload: %s\n", cairn_lua_error(h));
    cairn_lua_destroy(h);
    return 1;
}
