/*
 * test_seam.c - the seam between C and the host's Lua, through the public API: calls into the
 * runtime's scripts, their errors and what they count.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <lua.h>
#include <string.h>

#include "cairn/lua.h"

static int setup(void **state)
{
    cairn_error err;
    cairn_lua *h = NULL;
    if (cairn_lua_create(NULL, &h, &err))
        fail_msg("cairn_lua_create: %s", err.message);
    *state = h;
    return 0;
}

static int teardown(void **state)
{
    cairn_lua_destroy(*state);
    return 0;
}

static uint64_t entries(const cairn_lua *h)
{
    cairn_lua_stats s;
    cairn_lua_get_stats(h, &s);
    return s.entries;
}

/* A front end's cost in crossings is read from the stats: each call from C that runs Lua is
 * one, however much Lua it runs. */
static void each_call_from_c_into_lua_is_one_entry(void **state)
{
    cairn_lua *h = *state;
    uint64_t before = entries(h);
    assert_int_equal(cairn_lua_add_pack_path(h, CAIRN_TEST_PACKS), CAIRN_OK);
    assert_int_equal(entries(h), before + 1);
    assert_int_equal(cairn_lua_add_pack_path(h, CAIRN_TEST_PACKS), CAIRN_OK);
    assert_int_equal(entries(h), before + 2);
}

/* A layer above the host calls the runtime's scripts as the host does: a result left on the
 * stack for it to read, an error as the host's message with nothing left behind. */
static void a_layer_above_calls_the_runtime_and_reads_its_results_or_its_error(void **state)
{
    cairn_lua *h = *state;
    struct lua_State *L = cairn_lua_state(h);
    int top = lua_gettop(L);
    cairn_lua_push_runtime(L, "type_look");
    lua_pushstring(L, "no:such");
    assert_int_equal(cairn_lua_call(h, 1, 2), CAIRN_OK);
    assert_string_equal(lua_tostring(L, -2), "?");
    lua_pop(L, 2);
    cairn_lua_push_runtime(L, "no_such_function");
    assert_int_equal(cairn_lua_call(h, 0, 1), CAIRN_ERR_HANDLER);
    assert_non_null(strstr(cairn_lua_error(h), "attempt to call a nil value"));
    assert_int_equal(lua_gettop(L), top);
    assert_int_equal(cairn_lua_fail(h, CAIRN_ERR_STATE, "no game: %d", 3), CAIRN_ERR_STATE);
    assert_string_equal(cairn_lua_error(h), "no game: 3");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(each_call_from_c_into_lua_is_one_entry, setup, teardown),
        cmocka_unit_test_setup_teardown(
            a_layer_above_calls_the_runtime_and_reads_its_results_or_its_error, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
