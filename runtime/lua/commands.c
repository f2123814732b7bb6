/*
 * commands.c - `cairn check` and `cairn test`, over hosts: check loads one pack and makes a
 * world of it; test runs each test file in a fresh host and each test in a budget of its own.
 */
#include <string.h>

#include "host.h"

static cairn_err copy_error(cairn_lua *h, cairn_err st, cairn_error *err)
{
    if (err) {
        err->code = st;
        snprintf(err->message, sizeof err->message, "%s", cairn_lua_error(h));
    }
    return st;
}

cairn_err cairn_lua_check(const cairn_lua_config *config, const char *dir, unsigned *problems,
                          cairn_error *err)
{
    cairn_lua *h;
    cairn_err st = cairn_lua_create(config, &h, err);
    if (st)
        return st;
    cairn_lua_push_runtime(h->L, "lua.check.pack");
    lua_pushstring(h->L, dir);
    st = cairn_lua_call(h, 1, 1);
    if (st) {
        /* The check itself failed (a runaway pack file stops everything): that is one more
         * problem, and it is shown like the others. */
        fprintf(h->out, "%s\n", cairn_lua_error(h));
        *problems = 1;
        cairn_lua_destroy(h);
        return CAIRN_OK;
    }
    *problems = (unsigned)lua_tointeger(h->L, -1);
    lua_pop(h->L, 1);
    cairn_lua_destroy(h);
    return CAIRN_OK;
}

/* Prints a message under a result line, indented. */
static void print_indented(FILE *out, const char *msg)
{
    while (*msg) {
        size_t n = strcspn(msg, "\n");
        fprintf(out, "      %.*s\n", (int)n, msg);
        msg += n;
        if (*msg == '\n')
            msg++;
    }
}

/* Runs one test file in a fresh host; adds to the totals. */
static void run_file(const cairn_lua_config *config, const char *file, const char *pack,
                     const char *chunk, cairn_lua_totals *totals)
{
    FILE *out = config && config->out ? config->out : stdout;
    cairn_lua *h;
    cairn_error err;
    if (cairn_lua_create(config, &h, &err)) {
        fprintf(out, "FAIL  %s\n", chunk);
        print_indented(out, err.message);
        totals->failed++;
        return;
    }
    lua_State *L = h->L;
    cairn_lua_push_runtime(L, "lua.testing.prepare");
    lua_pushstring(L, file);
    lua_pushstring(L, pack);
    lua_pushstring(L, chunk);
    if (cairn_lua_call(h, 3, 1)) {
        fprintf(out, "FAIL  %s: does not load\n", chunk);
        print_indented(out, cairn_lua_error(h));
        totals->failed++;
        cairn_lua_destroy(h);
        return;
    }
    lua_Integer count = lua_tointeger(L, -1);
    lua_pop(L, 1);
    uint64_t budget = h->budget;
    for (lua_Integer i = 1; i <= count; i++) {
        cairn_lua_push_runtime(L, "lua.testing.case");
        lua_pushinteger(L, i);
        lua_call(L, 1, 3);
        /* A test may ask for a smaller budget than the runtime's, to show that what it runs
         * stays cheap; a larger one would lift the guard against a loop that never ends. */
        lua_Integer own = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
        lua_pop(L, 1);
        if (own > 0 && (uint64_t)own > budget) {
            fprintf(out, "FAIL  %s: %s\n", chunk, lua_tostring(L, -2));
            fprintf(out,
                    "      its budget of %lld instructions is more than the runtime's, "
                    "%llu\n",
                    (long long)own, (unsigned long long)budget);
            totals->failed++;
            lua_pop(L, 2);
            continue;
        }
        h->budget = own > 0 ? (uint64_t)own : budget;
        /* The name stays below the function, on the stack, while the test runs. */
        cairn_err st = cairn_lua_call(h, 0, 0);
        h->budget = budget;
        const char *name = lua_tostring(L, -1);
        if (st) {
            fprintf(out, "FAIL  %s: %s\n", chunk, name);
            print_indented(out, cairn_lua_error(h));
            totals->failed++;
        } else {
            fprintf(out, "ok    %s: %s\n", chunk, name);
            totals->passed++;
        }
        lua_pop(L, 1);
    }
    fflush(out);
    cairn_lua_destroy(h);
}

cairn_err cairn_lua_test(const cairn_lua_config *config, const char *const *dirs, size_t count,
                         cairn_lua_totals *totals, cairn_error *err)
{
    totals->passed = totals->failed = 0;
    cairn_lua *plan;
    cairn_err st = cairn_lua_create(config, &plan, err);
    if (st)
        return st;
    lua_State *L = plan->L;
    cairn_lua_push_runtime(L, "lua.testing.list");
    lua_createtable(L, (int)count, 0);
    for (size_t i = 0; i < count; i++) {
        lua_pushstring(L, dirs[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    st = cairn_lua_call(plan, 1, 1);
    if (st) {
        copy_error(plan, st, err);
        cairn_lua_destroy(plan);
        return st;
    }
    lua_Integer n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        lua_getfield(L, -1, "file");
        lua_getfield(L, -2, "pack");
        lua_getfield(L, -3, "chunk");
        const char *pack = lua_tostring(L, -2);
        run_file(config, lua_tostring(L, -3), pack ? pack : "", lua_tostring(L, -1), totals);
        lua_pop(L, 4);
    }
    cairn_lua_destroy(plan);
    return CAIRN_OK;
}
