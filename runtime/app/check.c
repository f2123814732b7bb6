/*
 * check.c - `cairn check DIR`: a pack validated, every problem found listed. See
 * cairn_lua_check.
 */
#include <stdio.h>

#include "app.h"
#include "cairn/lua.h"

/* cairn check DIR: every problem, one per line, to stdout; a summary to stderr. */
int cmd_check(int argc, char **argv)
{
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: cairn check DIR\n");
        return EXIT_USAGE;
    }
    unsigned problems = 0;
    cairn_error err;
    if (cairn_lua_check(&app_host_config, argv[1], &problems, &err)) {
        fprintf(stderr, "cairn check: %s\n", err.message);
        return EXIT_FAILED;
    }
    if (problems) {
        fprintf(stderr, "cairn check: %u problem%s in %s\n", problems, problems == 1 ? "" : "s",
                argv[1]);
        return EXIT_FAILED;
    }
    printf("%s: no problems\n", argv[1]);
    return EXIT_OK;
}
