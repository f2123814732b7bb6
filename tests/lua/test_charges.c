/*
 * The standard library's work in C is charged to the budget: each call below either never
 * returned (the work is in C, where Lua counts no instructions) or ran for seconds over a few
 * instructions. Each is run at a pack file's top level, under the budget of a call, and in a
 * handler, under the budget of a beat: each must stop with the budget's error at its line.
 *
 * Each case is written as a pack into a temporary folder: the same lines at the top level and
 * in a beat_start handler, so that the call is line 3 of hang.lua in both.
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
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "cairn/lua.h"

/* Small budgets, so that a case overruns quickly; the inputs are made well within them. */
#define CALL_BUDGET UINT64_C(8000000)
#define BEAT_BUDGET UINT64_C(4000000)
#define MEMORY      ((size_t)64 << 20)

typedef struct library_case {
    const char *setup; /* line 2: makes the input, cheaply */
    const char *call;  /* line 3: what must be stopped */
} library_case;

static const library_case cases[] = {
    /* Calls that never returned. */
    {"local t = {}", "table.move(t, 1, 1 << 40, 1)"},
    {"local n = math.maxinteger", "string.rep('', n)"},
    {"local t = setmetatable({}, { __len = function() return math.maxinteger - 1 end })",
     "table.insert(t, 1, true)"},
    {"local _ = 0", "load(function() return string.rep(' ', 1 << 20) end)"},
    /* Calls that took seconds, a thousand times over inputs of a few MiB. */
    {"local s = ('\\u{e9}'):rep(1 << 10):rep(1 << 11)", "for _ = 1, 1000 do utf8.len(s) end"},
    {"local t = {} for i = 1, 200000 do t[i] = i end",
     "for _ = 1, 1000 do table.insert(t, 1, 0) end"},
    {"local s = ('1'):rep(1 << 10):rep(1 << 10)", "for _ = 1, 1000 do tonumber(s) end"},
    {"local t = {} for i = 1, 200000 do t[i] = i end",
     "for _ = 1, 1000 do select('#', table.unpack(t)) end"},
    {"local s = ('x'):rep(1 << 10):rep(1 << 10)", "for _ = 1, 1000 do string.format('%s', s) end"},
    {"local t = {} for i = 1, 1000 do t[i] = ('x'):rep(1 << 10) end",
     "for _ = 1, 1000 do table.concat(t) end"},
};
#define CASES (sizeof cases / sizeof cases[0])

typedef struct fixture {
    char root[64];
    char pack[96];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    snprintf(f->root, sizeof f->root, "/tmp/cairn_test_charges_XXXXXX");
    assert_non_null(mkdtemp(f->root));
    snprintf(f->pack, sizeof f->pack, "%s/charged", f->root);
    assert_int_equal(mkdir(f->pack, 0700), 0);
    *state = f;
    return 0;
}

static void remove_file(const fixture *f, const char *name)
{
    char path[160];
    snprintf(path, sizeof path, "%s/%s", f->pack, name);
    unlink(path);
}

static int teardown(void **state)
{
    fixture *f = *state;
    remove_file(f, "pack.lua");
    remove_file(f, "hang.lua");
    rmdir(f->pack);
    rmdir(f->root);
    free(f);
    return 0;
}

static void write_pack_file(const fixture *f, const char *name, const char *text)
{
    char path[160];
    snprintf(path, sizeof path, "%s/%s", f->pack, name);
    FILE *out = fopen(path, "w");
    assert_non_null(out);
    assert_true(fputs(text, out) >= 0);
    assert_int_equal(fclose(out), 0);
}

/* The pack of a case: its lines at the top level of hang.lua, or in a handler there. */
static void write_case(const fixture *f, const library_case *c, bool in_handler)
{
    write_pack_file(f, "pack.lua",
                    "return { id = \"charged\", version = \"1.0.0\", cairn = \"0.1\", "
                    "load = { \"hang.lua\" } }\n");
    char text[1024];
    if (in_handler)
        snprintf(text, sizeof text,
                 "cairn.handler { chain = \"beat_start\", fn = function()\n%s\n%s\nend }\n",
                 c->setup, c->call);
    else
        snprintf(text, sizeof text, "-- at the top level\n%s\n%s\n", c->setup, c->call);
    write_pack_file(f, "hang.lua", text);
}

static cairn_lua *host_new(void)
{
    cairn_lua_config config = {
        .memory_limit = MEMORY, .instruction_budget = CALL_BUDGET, .beat_budget = BEAT_BUDGET};
    cairn_lua *h = NULL;
    cairn_error err;
    cairn_err st = cairn_lua_create(&config, &h, &err);
    if (st != CAIRN_OK)
        fail_msg("cairn_lua_create -> %s: %s", cairn_err_name(st), err.message);
    return h;
}

/* Asserts that msg's first line holds what the budget says at line 3 of hang.lua. */
static void expect_overrun(const library_case *c, const char *msg, const char *what)
{
    static const char place[] = "charged:hang.lua:3: ";
    const char *at = strstr(msg, place);
    size_t first_line = strcspn(msg, "\n");
    if (!at || at > msg + first_line || strncmp(at + sizeof place - 1, what, strlen(what)) != 0)
        fail_msg("%s: expected 'charged:hang.lua:3: %s', got:\n%s", c->call, what, msg);
}

static void each_call_at_a_file_s_top_level_is_stopped_by_the_call_s_budget(void **state)
{
    fixture *f = *state;
    for (size_t i = 0; i < CASES; i++) {
        write_case(f, &cases[i], false);
        cairn_lua *h = host_new();
        cairn_err st = cairn_lua_load_pack(h, f->pack);
        if (st != CAIRN_ERR_HANDLER)
            fail_msg("%s: load -> %s: %s", cases[i].call, cairn_err_name(st), cairn_lua_error(h));
        expect_overrun(&cases[i], cairn_lua_error(h), "instruction budget exceeded");
        cairn_lua_destroy(h);
    }
}

static void each_call_in_a_handler_is_stopped_by_the_beat_s_budget(void **state)
{
    fixture *f = *state;
    for (size_t i = 0; i < CASES; i++) {
        write_case(f, &cases[i], true);
        cairn_lua *h = host_new();
        cairn_err st = cairn_lua_load_pack(h, f->pack);
        if (st != CAIRN_OK)
            fail_msg("%s: load -> %s: %s", cases[i].call, cairn_err_name(st), cairn_lua_error(h));
        cairn_world_config config = {.width = 4, .height = 4, .seed = 1};
        cairn_world *w = NULL;
        assert_int_equal(cairn_lua_world_create(h, &config, &w), CAIRN_OK);
        st = cairn_lua_step(h);
        if (st != CAIRN_ERR_HANDLER)
            fail_msg("%s: step -> %s: %s", cases[i].call, cairn_err_name(st), cairn_lua_error(h));
        expect_overrun(&cases[i], cairn_lua_error(h), "instruction budget of a beat exceeded");
        cairn_lua_destroy(h);
    }
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(each_call_at_a_file_s_top_level_is_stopped_by_the_call_s_budget),
        T(each_call_in_a_handler_is_stopped_by_the_beat_s_budget),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
