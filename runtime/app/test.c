/*
 * test.c - `cairn test [DIR...]`: the Lua scenario tests run. See cairn_lua_test.
 */
#include <stdio.h>

#include "app.h"
#include "cairn/lua.h"

/* cairn test [DIR...]: one line per test, then "N passed, N failed". */
int cmd_test(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-') {
            fprintf(stderr, "usage: cairn test [DIR ...]\n");
            return EXIT_USAGE;
        }
    cairn_lua_totals totals;
    cairn_error err;
    if (cairn_lua_test(&app_host_config, (const char *const *)argv + 1, (size_t)argc - 1, &totals,
                       &err)) {
        fprintf(stderr, "cairn test: %s\n", err.message);
        return EXIT_FAILED;
    }
    printf("%u passed, %u failed\n", totals.passed, totals.failed);
    return totals.failed ? EXIT_FAILED : EXIT_OK;
}
