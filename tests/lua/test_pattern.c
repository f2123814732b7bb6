/*
 * The runtime's string.find, match, gmatch and gsub (runtime/lua/pattern.c): they must do
 * exactly what Lua's own do, errors included, while charging their work to the instruction
 * budget, so a pattern that backtracks for ages is stopped like an endless loop.
 *
 * Behaviour is compared case by case: pattern_cases.lua (CAIRN_PATTERN_CASES) runs in a state
 * with Lua's functions and in one with ours, and both must give the same lines. The state with
 * ours has a host of its own as its allocator's ud, which is all cairn_lua__charge looks at:
 * at depth 0 it charges nothing, at depth 1 it takes from budget_left.
 */
#define _POSIX_C_SOURCE 200809L

/* cmocka needs these before it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include <lauxlib.h>
#include <lualib.h>

#include "host.h"

#define PACK(id) CAIRN_TEST_PACKS "/" id

/* Far more than any case needs, far less than the pathological patterns would. */
#define TEST_BUDGET 1000000

static void *plain_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

typedef struct states {
    struct cairn_lua host; /* the ud of ours' allocator */
    lua_State *lua;        /* Lua's own functions */
    lua_State *ours;
} states;

static int setup(void **state)
{
    states *st = calloc(1, sizeof *st);
    assert_non_null(st);
    st->lua = luaL_newstate();
    assert_non_null(st->lua);
    luaL_openlibs(st->lua);
    st->ours = lua_newstate(plain_alloc, &st->host);
    assert_non_null(st->ours);
    st->host.L = st->ours;
    luaL_openlibs(st->ours);
    lua_getglobal(st->ours, "string");
    cairn_lua__open_patterns(st->ours, -1);
    lua_pop(st->ours, 1);
    *state = st;
    return 0;
}

static int teardown(void **state)
{
    states *st = *state;
    lua_close(st->lua);
    lua_close(st->ours);
    free(st);
    return 0;
}

/* Puts ours under a budget of `budget` instructions, as inside a call into Lua. */
static void start_budget(states *st, int64_t budget)
{
    st->host.depth = 1;
    st->host.budget = (uint64_t)budget;
    st->host.budget_left = budget;
    st->host.budget_out = false;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs code in L; returns NULL when it succeeded, else its error message (valid until the
 * next call). */
static const char *run(lua_State *L, const char *code)
{
    static char message[1024];
    lua_settop(L, 0);
    if (luaL_loadstring(L, code) != LUA_OK || lua_pcall(L, 0, LUA_MULTRET, 0) != LUA_OK) {
        const char *m = lua_tostring(L, -1);
        snprintf(message, sizeof message, "%s", m ? m : "(no message)");
        lua_settop(L, 0);
        return message;
    }
    return NULL;
}

#define assert_runs(L, code)                                                                       \
    do {                                                                                           \
        const char *err_ = run((L), (code));                                                       \
        if (err_)                                                                                  \
            fail_msg("%s\n-> %s", (code), err_);                                                   \
    } while (0)

static void assert_stopped_by_budget(states *st, const char *code)
{
    start_budget(st, TEST_BUDGET);
    double t0 = now();
    const char *err = run(st->ours, code);
    double elapsed = now() - t0;
    if (!err)
        fail_msg("%s\n-> ran to its end", code);
    if (!strstr(err, "instruction budget exceeded"))
        fail_msg("%s\n-> %s", code, err);
    assert_true(st->host.budget_out);
    assert_true(st->host.budget_left <= 0);
    /* A million steps takes milliseconds; seconds would mean they go uncounted. */
    if (elapsed > 5.0)
        fail_msg("%s\n-> stopped only after %.2f s", code, elapsed);
}

/* --- the same as Lua's ------------------------------------------------------------------- */

/* Runs the cases in L, leaving their table of lines on the stack. */
static void run_cases(lua_State *L)
{
    if (luaL_loadfile(L, CAIRN_PATTERN_CASES) != LUA_OK || lua_pcall(L, 0, 1, 0) != LUA_OK)
        fail_msg("%s: %s", CAIRN_PATTERN_CASES, lua_tostring(L, -1));
    assert_int_equal(lua_type(L, -1), LUA_TTABLE);
}

static void every_case_comes_out_as_with_lua_s_own(void **state)
{
    states *st = *state;
    run_cases(st->lua);
    run_cases(st->ours);
    lua_Integer n = luaL_len(st->lua, -1);
    assert_int_equal(n, luaL_len(st->ours, -1));
    /* Hundreds of hand-picked cases and thousands of random ones, each in several ways. */
    assert_true(n > 20000);
    int differences = 0;
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(st->lua, -1, i);
        lua_geti(st->ours, -1, i);
        size_t la, lb;
        const char *a = lua_tolstring(st->lua, -1, &la);
        const char *b = lua_tolstring(st->ours, -1, &lb);
        assert_non_null(a);
        assert_non_null(b);
        if (la != lb || memcmp(a, b, la) != 0) {
            if (++differences <= 20)
                print_message("case %lld differs:\n  lua:  %s\n  ours: %s\n", (long long)i, a, b);
        }
        lua_pop(st->lua, 1);
        lua_pop(st->ours, 1);
    }
    if (differences)
        fail_msg("%d of %lld cases differ", differences, (long long)n);
}

/* --- the budget -------------------------------------------------------------------------- */

static void a_pathological_pattern_is_stopped_by_the_budget(void **state)
{
    states *st = *state;
    assert_stopped_by_budget(st, "return ('a'):rep(40):find(('a*'):rep(40) .. 'b')");
    assert_stopped_by_budget(st, "return ('a'):rep(40):match(('a*'):rep(40) .. 'b')");
    assert_stopped_by_budget(st, "return ('a'):rep(40):gsub(('a*'):rep(40) .. 'b', 'x')");
    assert_stopped_by_budget(st, "for m in ('a'):rep(40):gmatch(('a*'):rep(40) .. 'b') do end");
    assert_stopped_by_budget(st, "return ('a'):rep(40):find(('a-'):rep(40) .. 'b')");
    assert_stopped_by_budget(st, "return ('a'):rep(40):find(('(a*)'):rep(30) .. 'b')");
    assert_stopped_by_budget(st, "return ('a'):rep(40):find(('.?'):rep(40) .. 'b')");
}

static void the_error_names_the_calling_line_and_leaves_the_state_usable(void **state)
{
    states *st = *state;
    start_budget(st, TEST_BUDGET);
    const char *err = run(st->ours, "local s = ('a'):rep(40)\n"
                                    "return s:find(('a*'):rep(40) .. 'b')\n");
    assert_non_null(err);
    assert_string_equal(err, "[string \"local s = ('a'):rep(40)...\"]:2: instruction budget "
                             "exceeded (1000000 instructions in one call into Lua): a loop that "
                             "never ends?");
    start_budget(st, TEST_BUDGET);
    assert_runs(st->ours, "local a, b, c = ('key = value'):find('(%w+)%s*=') "
                          "assert(a == 1 and b == 5 and c == 'key')");
}

/* Quadratic or worse work that no single step makes long: long subjects, long sets, long
 * balanced scans, long templates that add nothing. */
static void work_that_grows_with_the_input_is_charged(void **state)
{
    states *st = *state;
    assert_stopped_by_budget(st, "return ('a'):rep(5000):find('a*b')");
    assert_stopped_by_budget(st, "local s = ('a'):rep(3000) "
                                 "return ('a'):rep(100000):find(s .. 'b', 1, true)");
    assert_stopped_by_budget(st, "local s = ('ab'):rep(2000) return s:find('(.-)%1c')");
    assert_stopped_by_budget(st, "return ('x'):rep(6000):find('[' .. ('a'):rep(6000) .. ']')");
    assert_stopped_by_budget(st, "return ('('):rep(6000):find('%b()')");
    assert_stopped_by_budget(st, "for i = 1, 1000 do ('x'):rep(1000):gsub('', ('%1'):rep(100)) "
                                 "end");
    /* Many calls that each do a little: the steps left over add up too. */
    assert_stopped_by_budget(st, "local s = ('a'):rep(50) for i = 1, 1e7 do s:find('b+') end");
}

static void the_charge_follows_the_work_done(void **state)
{
    states *st = *state;
    start_budget(st, TEST_BUDGET);
    assert_runs(st->ours, "assert(('a'):rep(10000):find('b+') == nil)");
    int64_t spent = TEST_BUDGET - st->host.budget_left;
    /* Two steps at each of the 10001 places a match may start. */
    assert_true(spent >= 10000);
    assert_true(spent <= 40000);

    start_budget(st, TEST_BUDGET);
    assert_runs(st->ours, "assert(('abc'):find('b') == 2)");
    spent = TEST_BUDGET - st->host.budget_left;
    assert_true(spent > 0);
    assert_true(spent < 100);
}

static void outside_a_call_nothing_is_charged(void **state)
{
    states *st = *state;
    st->host.depth = 0;
    st->host.budget_left = 1;
    assert_runs(st->ours, "assert(('a'):rep(1000):find('a*b') == nil)");
    assert_int_equal(st->host.budget_left, 1);
    assert_false(st->host.budget_out);
}

/* --- through the host -------------------------------------------------------------------- */

static void content_gets_the_charged_functions(void **state)
{
    (void)state;
    cairn_lua_config config = {.memory_limit = (size_t)32 << 20, .instruction_budget = 2000000};
    cairn_lua *h = NULL;
    cairn_error err;
    cairn_err st = cairn_lua_create(&config, &h, &err);
    if (st != CAIRN_OK)
        fail_msg("cairn_lua_create -> %s: %s", cairn_err_name(st), err.message);
    double t0 = now();
    st = cairn_lua_load_pack(h, PACK("patternbomb"));
    double elapsed = now() - t0;
    const char *msg = cairn_lua_error(h);
    if (st != CAIRN_ERR_HANDLER)
        fail_msg("load -> %s: %s", cairn_err_name(st), msg ? msg : "");
    if (!strstr(msg, "patternbomb:bomb.lua:4: instruction budget exceeded"))
        fail_msg("unexpected message: %s", msg);
    assert_true(elapsed < 2.0);
    cairn_lua_destroy(h);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(every_case_comes_out_as_with_lua_s_own),
        T(a_pathological_pattern_is_stopped_by_the_budget),
        T(the_error_names_the_calling_line_and_leaves_the_state_usable),
        T(work_that_grows_with_the_input_is_charged),
        T(the_charge_follows_the_work_done),
        T(outside_a_call_nothing_is_charged),
        cmocka_unit_test(content_gets_the_charged_functions),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
