/*
 * check.c - `cairn check DIR`: a pack validated, every problem found listed. See
 * cairn_lua_check.
 */
#include <stdio.h>

#include "app.h"
#include "cairn/lua.h"

#define USAGE "usage: cairn check DIR\n"

/* cairn check DIR: every problem, one per line, to stdout; a summary to stderr. */
int cmd_check(int argc, char **argv)
{
    if (argc == 2 && app_is_help(argv[1])) {
        printf(USAGE "  DIR  the pack's folder; its dependencies are found by id beside it, then\n"
                     "       among the bundled packs\n"
                     "problems go to stdout, one a line as pack:path:line: message; the exit\n"
                     "status is 1 when there is any\n");
        return EXIT_OK;
    }
    if (argc != 2 || argv[1][0] == '-') {
        fputs(USAGE, stderr);
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
