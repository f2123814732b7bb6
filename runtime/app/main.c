/*
 * main.c - the `cairn` command line: dispatches to a command, or prints help or the version.
 *
 * Exit status: 0 success, 1 the command ran and failed (a test, a check), 2 a usage error.
 * Errors go to stderr.
 */
#include <stdio.h>
#include <string.h>

#include "cairn/core.h"
#include "cairn/lua.h"
#include "bench.h"
#include "common.h"
#include "play.h"
#include "replay.h"
#include "sim.h"

/* cairn check DIR: every problem, one per line, to stdout; a summary to stderr. */
static int run_check(int argc, char **argv)
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

/* cairn test [DIR...]: one line per test, then "N passed, N failed". */
static int run_test(int argc, char **argv)
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

typedef struct command {
    const char *name;
    const char *args;
    const char *summary;
    int (*run)(int argc, char **argv); /* returns the exit status */
} command;

/* DESIGN section 6, in the order a player meets them. */
static const command commands[] = {
    {"play", "[--seed N] [--pack DIR ...] [--save FILE] [--new] [--record FILE]",
     "play a seeded dungeon in the terminal", cairn_play},
    {"sim", "[--seed N | --resume F] [--beats K] [--bot B] [--save F] [...] (--help)",
     "run the game headless, a bot playing, and print a summary", cairn_sim},
    {"check", "DIR", "validate a content pack", run_check},
    {"test", "[DIR ...]", "run Lua scenario tests", run_test},
    {"replay", "FILE [--verify] [--partial] [--pack DIR ...]",
     "play back a replay, or verify it headless", cairn_replay},
    {"bench", "[--variant abcd] [--n LIST] [--out FILE]", "measure the chase", cairn_bench},
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static void print_help(FILE *out)
{
    fprintf(out,
            "cairn %s - a runtime for turn-based grid roguelikes written in Lua\n"
            "\n"
            "usage: cairn COMMAND [ARGS...]\n"
            "       cairn --help | --version\n"
            "\n"
            "commands:\n",
            cairn_version());
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        fprintf(out, "  %s %s\n      %s\n", commands[i].name, commands[i].args,
                commands[i].summary);
    fprintf(out, "\n"
                 "options:\n"
                 "  -h, --help     show this help and exit\n"
                 "  -V, --version  show the version and exit\n"
                 "\n"
                 "exit status: 0 success, 1 failure, 2 usage error\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_help(stderr);
        return EXIT_USAGE;
    }
    const char *arg = argv[1];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h") || !strcmp(arg, "help")) {
        print_help(stdout);
        return EXIT_OK;
    }
    if (!strcmp(arg, "--version") || !strcmp(arg, "-V")) {
        printf("cairn %s\n", cairn_version());
        return EXIT_OK;
    }
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        if (!strcmp(arg, commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    }
    fprintf(stderr, "cairn: unknown %s '%s' (see cairn --help)\n",
            arg[0] == '-' ? "option" : "command", arg);
    return EXIT_USAGE;
}
