/*
 * main.c - the `cairn` command line: dispatches to a command, or prints help or the version.
 *
 * Exit status: 0 success, 1 the command ran and failed (a test, a check), 2 a usage error.
 * Errors go to stderr. `cairn COMMAND --help` (or -h, anywhere after the command) and `cairn
 * help COMMAND` print the command's usage on stdout and exit 0. docs/cli.md documents every
 * command and option; tools/completion/cairn.bash completes them from the usages printed here.
 */
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
    {"play", "[--seed N] [--pack DIR ...] [--save FILE] [--new] [--record F] [--watch]",
     "play a seeded dungeon in the terminal", cmd_play},
    {"sim", "[--seed N | --resume F] [--beats K] [--bot B] [--save F] [...] (--help)",
     "run the game headless, a bot playing, and print a summary", cmd_sim},
    {"new", "DIR", "write a new content pack that passes check and test", cmd_new},
    {"check", "DIR", "validate a content pack", cmd_check},
    {"test", "[DIR ...]", "run Lua scenario tests", cmd_test},
    {"replay", "FILE [--verify] [--partial] [--pack DIR ...]",
     "play back a replay, or verify it headless", cmd_replay},
    {"trace", "FILE (--html OUT | --map K)", "a trace as a page, or one beat's map", cmd_trace},
    {"serve", "[--port P] [--db FILE] [--address A] [--pack DIR ...] [--origin URL ...]",
     "serve games to browsers and scripts over WebSockets", cmd_serve},
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static void print_help(FILE *out)
{
    fprintf(out,
            "cairn %s - a runtime for turn-based grid roguelikes written in Lua\n"
            "\n"
            "usage: cairn COMMAND [ARGS...]\n"
            "       cairn COMMAND --help | cairn help [COMMAND]\n"
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

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (!strcmp(name, commands[i].name))
            return &commands[i];
    return NULL;
}

/* -h or --help anywhere after the command asks for its usage, as in most tools: a command
 * line half written can still ask how it goes on, and a usage error cannot hide the help. */
static bool asks_for_help(int argc, char **argv)
{
    for (int i = 2; i < argc; i++)
        if (app_is_help(argv[i]))
            return true;
    return false;
}

/* Runs the command as `NAME --help`, so that each answers help in one place, its parser. */
static int command_help(const command *c, char *name)
{
    char help[] = "--help";
    char *args[] = {name, help, NULL};
    return c->run(2, args);
}

static int unknown(const char *arg)
{
    fprintf(stderr, "cairn: unknown %s '%s' (see cairn --help)\n",
            arg[0] == '-' ? "option" : "command", arg);
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_help(stderr);
        return EXIT_USAGE;
    }
    const char *arg = argv[1];
    if (!strcmp(arg, "help") && argc > 2) {
        const command *c = find_command(argv[2]);
        if (!c)
            return unknown(argv[2]);
        if (argc > 3) {
            fprintf(stderr, "usage: cairn help [COMMAND]\n");
            return EXIT_USAGE;
        }
        return command_help(c, argv[2]);
    }
    if (app_is_help(arg) || !strcmp(arg, "help")) {
        print_help(stdout);
        return EXIT_OK;
    }
    if (!strcmp(arg, "--version") || !strcmp(arg, "-V")) {
        printf("cairn %s\n", cairn_version());
        return EXIT_OK;
    }
    const command *c = find_command(arg);
    if (!c)
        return unknown(arg);
    if (asks_for_help(argc, argv))
        return command_help(c, argv[1]);
    return c->run(argc - 1, argv + 1);
}
