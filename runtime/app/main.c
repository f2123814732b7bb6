/*
 * main.c - the `cairn` command line: dispatches to a command, or prints help or the version.
 *
 * Exit status: 0 success, 1 the command ran and failed (a test, a check), 2 a usage error.
 * Errors go to stderr.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "cairn/core.h"
#include "cairn/lua.h"

typedef struct command {
    const char *name;
    const char *args;
    const char *summary;
    int (*run)(int argc, char **argv); /* returns the exit status */
} command;

/* The commands, in the order a player meets them: playing first, then the tools a modder and
 * an engine programmer use (README.md, "Playing" and "What is built so far"). */
static const command commands[] = {
    {"play", "[--seed N] [--pack DIR ...] [--save FILE] [--new] [--record FILE]",
     "play a seeded dungeon in the terminal", cmd_play},
    {"sim", "[--seed N | --resume F] [--beats K] [--bot B] [--save F] [...] (--help)",
     "run the game headless, a bot playing, and print a summary", cmd_sim},
    {"check", "DIR", "validate a content pack", cmd_check},
    {"test", "[DIR ...]", "run Lua scenario tests", cmd_test},
    {"replay", "FILE [--verify] [--partial] [--pack DIR ...]",
     "play back a replay, or verify it headless", cmd_replay},
    {"bench", "[--variant abcd] [--n LIST] [--out FILE]", "measure the chase", cmd_bench},
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

/* Shared by the commands' option parsers: see app.h. */
bool app_parse_count(const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || *end || text[0] == '-')
        return false;
    *out = v;
    return true;
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
