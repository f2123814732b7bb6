/*
 * Trust: the code of a trusted pack runs with no count hook and no charges, so the
 * instruction budget does not stop it; untrusted code keeps every budget, also when trusted
 * code calls it; and the game is the same either way.
 *
 * Fixture packs: trusty (a handler of more instructions than the tests' budget, which calls
 * what other packs hand it), spinner (hands it a function that never ends) and repeater (a
 * library call charged more than the budget).
 */
/* cmocka needs these before it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <lauxlib.h>
#include <lua.h>

#include "cairn/lua.h"

#define PACK(id) CAIRN_TEST_PACKS "/" id

/* A host with a small budget, trusting the packs listed (NULL: none). */
static cairn_lua *host_trusting(const char *const *trusted)
{
    cairn_lua_config config = {.memory_limit = (size_t)32 << 20,
                               .instruction_budget = UINT64_C(2000000),
                               .trusted_packs = trusted};
    cairn_lua *h = NULL;
    cairn_error err;
    if (cairn_lua_create(&config, &h, &err) != CAIRN_OK)
        fail_msg("cairn_lua_create: %s", err.message);
    return h;
}

static void assert_ok(cairn_lua *h, cairn_err st)
{
    if (st != CAIRN_OK)
        fail_msg("%s: %s", cairn_err_name(st), cairn_lua_error(h));
}

static cairn_world *world_of(cairn_lua *h, const char *pack)
{
    assert_ok(h, cairn_lua_load_pack(h, pack));
    cairn_world_config config = {.width = 4, .height = 4, .seed = 11};
    cairn_world *w = NULL;
    assert_ok(h, cairn_lua_world_create(h, &config, &w));
    return w;
}

static const char *const trusty[] = {"trusty", NULL};

static void a_trusted_handler_runs_past_the_budget(void **state)
{
    (void)state;
    cairn_lua *h = host_trusting(trusty);
    world_of(h, PACK("trusty"));
    assert_ok(h, cairn_lua_step(h));
    assert_ok(h, cairn_lua_step(h));
    cairn_lua_destroy(h);
}

static void an_untrusted_handler_is_stopped_by_the_budget(void **state)
{
    (void)state;
    cairn_lua *h = host_trusting(NULL);
    world_of(h, PACK("trusty"));
    assert_int_equal(cairn_lua_step(h), CAIRN_ERR_HANDLER);
    assert_non_null(
        strstr(cairn_lua_error(h), "trusty:handlers.lua:12: instruction budget exceeded"));
    cairn_lua_destroy(h);
}

/* The charges for the library's work in C are the budget's too: trusted code is not charged. */
static void trusted_code_is_not_charged_for_library_calls(void **state)
{
    (void)state;
    static const char *const repeater[] = {"repeater", NULL};
    cairn_lua *h = host_trusting(repeater);
    world_of(h, PACK("repeater"));
    assert_ok(h, cairn_lua_step(h));
    cairn_lua_destroy(h);
    h = host_trusting(NULL);
    world_of(h, PACK("repeater"));
    assert_int_equal(cairn_lua_step(h), CAIRN_ERR_HANDLER);
    assert_non_null(strstr(cairn_lua_error(h), "repeater:rep.lua:4: instruction budget exceeded"));
    cairn_lua_destroy(h);
}

/* Trusted code that calls an untrusted function runs it with the count hook on again: it
 * stops at the budget, at its own line; and the next beat's trusted handler is trusted still. */
static void untrusted_code_called_by_trusted_code_keeps_its_budget(void **state)
{
    (void)state;
    cairn_lua *h = host_trusting(trusty);
    world_of(h, PACK("spinner"));
    assert_int_equal(cairn_lua_step(h), CAIRN_ERR_HANDLER);
    assert_non_null(strstr(cairn_lua_error(h), "spinner:spin.lua:2: instruction budget exceeded"));
    assert_int_equal(cairn_lua_step(h), CAIRN_ERR_HANDLER);
    assert_non_null(strstr(cairn_lua_error(h), "spinner:spin.lua:2: instruction budget exceeded"));
    cairn_lua_destroy(h);
}

/* The world after some beats of trusty, trusted or not, under a budget that lets it run. */
static uint64_t checksum_after_beats(const char *const *trusted)
{
    cairn_lua_config config = {.trusted_packs = trusted};
    cairn_lua *h = NULL;
    cairn_error err;
    if (cairn_lua_create(&config, &h, &err) != CAIRN_OK)
        fail_msg("cairn_lua_create: %s", err.message);
    cairn_world *w = world_of(h, PACK("trusty"));
    for (int i = 0; i < 5; i++)
        assert_ok(h, cairn_lua_step(h));
    uint64_t sum = cairn_world_checksum(w);
    cairn_lua_destroy(h);
    return sum;
}

static void the_game_is_the_same_trusted_or_not(void **state)
{
    (void)state;
    assert_true(checksum_after_beats(trusty) == checksum_after_beats(NULL));
}

/* The ids packs.trusted() lists, joined by spaces, into buf. */
static const char *trusted_ids(cairn_lua *h, char *buf, size_t size)
{
    lua_State *L = cairn_lua_state(h);
    cairn_lua_push_runtime(L, "lua.packs.trusted");
    assert_ok(h, cairn_lua_call(h, 0, 1));
    buf[0] = '\0';
    for (lua_Integer i = 1; i <= (lua_Integer)luaL_len(L, -1); i++) {
        lua_geti(L, -1, i);
        size_t n = strlen(buf);
        snprintf(buf + n, size - n, "%s%s", n ? " " : "", lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return buf;
}

/* The bundled base game and a pack the config trusts, with the bundled packs trusted or not. */
static const char *trusted_with(const char *const *trusted, bool bundled_untrusted, char *buf,
                                size_t size)
{
    cairn_lua_config config = {.trusted_packs = trusted, .bundled_untrusted = bundled_untrusted};
    cairn_lua *h = NULL;
    cairn_error err;
    if (cairn_lua_create(&config, &h, &err) != CAIRN_OK)
        fail_msg("cairn_lua_create: %s", err.message);
    char base[4096];
    size_t n = cairn_lua_home(base, sizeof base);
    snprintf(base + n, sizeof base - n, "/content/base");
    assert_ok(h, cairn_lua_load_pack(h, base));
    assert_ok(h, cairn_lua_load_pack(h, PACK("trusty")));
    trusted_ids(h, buf, size);
    cairn_lua_destroy(h);
    return buf;
}

/* Trust comes from the config: the bundled packs unless it says otherwise, and the packs it
 * names; a pack's own say is not asked. */
static void the_bundled_packs_are_trusted_unless_the_config_says_not(void **state)
{
    (void)state;
    char buf[256];
    assert_string_equal(trusted_with(NULL, false, buf, sizeof buf), "base");
    assert_string_equal(trusted_with(NULL, true, buf, sizeof buf), "");
    assert_string_equal(trusted_with(trusty, false, buf, sizeof buf), "base trusty");
    assert_string_equal(trusted_with(trusty, true, buf, sizeof buf), "trusty");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_trusted_handler_runs_past_the_budget),
        cmocka_unit_test(an_untrusted_handler_is_stopped_by_the_budget),
        cmocka_unit_test(trusted_code_is_not_charged_for_library_calls),
        cmocka_unit_test(untrusted_code_called_by_trusted_code_keeps_its_budget),
        cmocka_unit_test(the_game_is_the_same_trusted_or_not),
        cmocka_unit_test(the_bundled_packs_are_trusted_unless_the_config_says_not),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
