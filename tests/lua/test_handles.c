/*
 * Entity handles and the garbage collector (runtime/lua/entity.c): the cache of handles holds
 * them weakly, so that gone entities' handles go; a living entity's handle is also held by
 * its slot, so that a collection does not take it and make the runtime allocate it again the
 * next time Lua is handed the entity - every beat, for an enemy with a Lua movs. These tests
 * reach into the host to run the collector, which content cannot.
 */
#define _POSIX_C_SOURCE 200809L

/* cmocka needs these before it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include <lauxlib.h>

#include "host.h"

#define PACK(id) CAIRN_TEST_PACKS "/" id
#define WALKERS  10

static int setup(void **state)
{
    cairn_lua_config config = {0};
    cairn_lua *h = NULL;
    cairn_error err;
    if (cairn_lua_create(&config, &h, &err) != CAIRN_OK)
        fail_msg("cairn_lua_create: %s", err.message);
    *state = h;
    return 0;
}

static int teardown(void **state)
{
    cairn_lua_destroy(*state);
    return 0;
}

static void ok(cairn_lua *h, cairn_err st)
{
    if (st != CAIRN_OK)
        fail_msg("%s: %s", cairn_err_name(st), cairn_lua_error(h));
}

/* A row of walkers heading for the hero at its far end; their movs is Lua. */
static cairn_world *crowd(cairn_lua *h)
{
    ok(h, cairn_lua_load_pack(h, PACK("crowd")));
    cairn_world_config config = {.width = 2 * WALKERS + 2, .height = 1, .seed = 1};
    cairn_world *w = NULL;
    ok(h, cairn_lua_world_create(h, &config, &w));
    cairn_type_id hero, walker;
    ok(h, cairn_type_find(w, "crowd:hero", &hero));
    ok(h, cairn_type_find(w, "crowd:walker", &walker));
    cairn_entity_id id;
    ok(h, cairn_entity_spawn(w, hero, (cairn_cell){2 * WALKERS + 1, 0}, &id));
    for (int i = 0; i < WALKERS; i++)
        ok(h, cairn_entity_spawn(w, walker, (cairn_cell){i, 0}, &id));
    return w;
}

static uint64_t lua_allocations(const cairn_lua *h)
{
    cairn_lua_stats stats;
    cairn_lua_get_stats(h, &stats);
    return stats.allocations;
}

/* How many handles the keep list holds. */
static int kept(cairn_lua *h)
{
    lua_State *L = h->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->entity_keep_ref);
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        n++;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return n;
}

static void a_living_entitys_handle_outlives_a_collection(void **state)
{
    cairn_lua *h = *state;
    crowd(h);
    for (int beat = 0; beat < 3; beat++)
        ok(h, cairn_lua_step(h));
    assert_int_equal(kept(h), WALKERS + 1); /* the walkers, and the hero closest_player gave */
    lua_gc(h->L, LUA_GCCOLLECT);
    lua_gc(h->L, LUA_GCCOLLECT);
    uint64_t before = lua_allocations(h);
    for (int beat = 0; beat < 3; beat++)
        ok(h, cairn_lua_step(h));
    assert_int_equal(lua_allocations(h) - before, 0);
}

static void a_new_world_lets_go_of_the_last_ones_handles(void **state)
{
    cairn_lua *h = *state;
    crowd(h);
    ok(h, cairn_lua_step(h));
    assert_int_equal(kept(h), WALKERS + 1);
    cairn_world_config config = {.width = 4, .height = 4, .seed = 1};
    cairn_world *w = NULL;
    ok(h, cairn_lua_world_create(h, &config, &w));
    assert_int_equal(kept(h), 0);
}

/* Handles of many events in one scope (a handler reading e.last of every entity): finding
 * whether the scope holds a handle of an event already looks at a few entries, not at every
 * handle the scope made, and the same event still gives the same handle. */
static void many_event_handles_in_one_scope_cost_each_the_same(void **state)
{
    cairn_lua *h = *state;
    lua_State *L = h->L;
    enum { EVENTS = 20000 };
    cairn_event *evs = calloc(EVENTS, sizeof *evs);
    assert_non_null(evs);
    cairn_lua__scope_open(h);
    uint64_t before = h->event_probes;
    for (int i = 0; i < EVENTS; i++) {
        cairn_lua__push_event(L, &evs[i]);
        lua_pop(L, 1);
    }
    assert_in_range(h->event_probes - before, 0, 10 * EVENTS); /* not EVENTS * EVENTS / 2 */

    cairn_lua__push_event(L, &evs[7]);
    cairn_lua__push_event(L, &evs[7]);
    assert_true(lua_rawequal(L, -1, -2));
    lua_pop(L, 1);
    /* A call made in the scope has its own handle of the event, which dies with the call;
     * the scope's is still the one it gets after. */
    cairn_lua__scope_open(h);
    cairn_lua__push_event(L, &evs[7]);
    assert_false(lua_rawequal(L, -1, -2));
    lua_pop(L, 1);
    cairn_lua__scope_close(h);
    cairn_lua__push_event(L, &evs[7]);
    assert_true(lua_rawequal(L, -1, -2));
    lua_pop(L, 2);
    cairn_lua__scope_close(h);
    free(evs);
}

/* --- what a checksum costs -------------------------------------------------------------- */

/* The tables the checksums have encoded so far (scripts/lua/data.lua). */
static lua_Integer data_encoded(lua_State *L)
{
    cairn_lua_push_runtime(L, "lua.data.encoded");
    lua_call(L, 0, 1);
    lua_Integer n = lua_tointeger(L, -1);
    lua_pop(L, 1);
    return n;
}

/* The tables one checksum of the world encodes. */
static lua_Integer encoded_by_a_checksum(cairn_lua *h)
{
    lua_State *L = h->L;
    lua_Integer before = data_encoded(L);
    cairn_lua_push_runtime(L, "lua.data.text");
    lua_call(L, 0, 1);
    lua_pop(L, 1);
    return data_encoded(L) - before;
}

/* Runs `code` with w.data and a walker's e.data as its arguments. */
static void run_on_data(cairn_lua *h, const char *code, cairn_entity_id rat)
{
    lua_State *L = h->L;
    assert_int_equal(luaL_loadstring(L, code), LUA_OK);
    cairn_lua_push_runtime(L, "lua.data.of_world");
    lua_call(L, 0, 1);
    cairn_lua__push_entity(L, rat);
    cairn_lua_push_runtime(L, "lua.data.of");
    lua_insert(L, -2);
    lua_call(L, 1, 1);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK)
        fail_msg("%s", lua_tostring(L, -1));
}

/* Data written once is encoded once: a checksum encodes what changed since the last one
 * (and the two tables that gather the world's data), not every table the world keeps. */
static void a_checksum_encodes_only_the_data_that_changed(void **state)
{
    cairn_lua *h = *state;
    cairn_world *w = crowd(h);
    cairn_type_id walker;
    ok(h, cairn_type_find(w, "crowd:walker", &walker));
    cairn_entity_id rat;
    ok(h, cairn_entity_spawn(w, walker, (cairn_cell){WALKERS, 0}, &rat));
    run_on_data(h,
                "local wd, rd = ...\n"
                "for i = 1, 1000 do wd[i] = { x = i, y = { i } } end\n"
                "rd.seen = { 1, 2, { 3 } }",
                rat);
    assert_in_range(encoded_by_a_checksum(h), 2000, 4000); /* the first: all of it */
    assert_int_equal(encoded_by_a_checksum(h), 2);         /* nothing changed */
    run_on_data(h, "local wd = ...; wd.beats = 1", rat);
    assert_int_equal(encoded_by_a_checksum(h), 3); /* w.data itself, not its tables */
    run_on_data(h, "local wd = ...; wd[500].y[1] = 0", rat);
    assert_int_equal(encoded_by_a_checksum(h), 2 + 3); /* w.data, [500] and its y */
    run_on_data(h, "local _, rd = ...; rd.seen[3][1] = 4", rat);
    assert_int_equal(encoded_by_a_checksum(h), 2 + 3); /* the walker's data, seen, seen[3] */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_living_entitys_handle_outlives_a_collection, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(many_event_handles_in_one_scope_cost_each_the_same, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_checksum_encodes_only_the_data_that_changed, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_new_world_lets_go_of_the_last_ones_handles, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
