/*
 * test.c - `cairn test [DIR...]`: the Lua scenario tests run. See cairn_lua_test.
 */
#include <stdio.h>

#include "app.h"
#include "cairn/lua.h"

#define USAGE "usage: cairn test [DIR ...]\n"

/* cairn test [DIR...]: one line per test, then "N passed, N failed". */
int cmd_test(int argc, char **argv)
{
    if (argc == 2 && app_is_help(argv[1])) {
        printf(USAGE "  DIR  a pack's folder (its tests/), a folder of packs or of test files,\n"
                     "       or a test file; with none, tests/scenarios and every bundled pack\n"
                     "one line a test, then 'N passed, N failed'; the exit status is 1 when\n"
                     "a test fails\n");
        return EXIT_OK;
    }
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-') {
            fputs(USAGE, stderr);
            return EXIT_USAGE;
        }
    /* Tests count every pack's instructions: a test's budget is there to show that what it
     * runs stays cheap, bundled content as much as any. */
    cairn_lua_config config = app_host_config;
    config.bundled_untrusted = true;
    cairn_lua_totals totals;
    cairn_error err;
    if (cairn_lua_test(&config, (const char *const *)argv + 1, (size_t)argc - 1, &totals, &err)) {
        fprintf(stderr, "cairn test: %s\n", err.message);
        return EXIT_FAILED;
    }
    printf("%u passed, %u failed\n", totals.passed, totals.failed);
    return totals.failed ? EXIT_FAILED : EXIT_OK;
}
