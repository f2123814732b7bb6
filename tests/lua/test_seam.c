/*
 * test_seam.c - the seam between C and the host's Lua, through the public API: what a call
 * from C into Lua counts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(each_call_from_c_into_lua_is_one_entry, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
