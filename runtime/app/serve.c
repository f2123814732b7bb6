/*
 * serve.c - `cairn serve [--port P] [--db FILE] [--address A] [--pack DIR ...]
 * [--origin URL ...]`: the game server (runtime/server, docs/server.md). It prints
 * "cairn serve: listening on http://ADDRESS:PORT/" once it listens, and serves until SIGINT or
 * SIGTERM.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "cairn/server.h"

#define ORIGINS_MAX 16

typedef struct options {
    bool help;
    cairn_server_config server;
    const char *packs[APP_PACKS_MAX];
    const char *origins[ORIGINS_MAX];
} options;

#define USAGE                                                                                      \
    "usage: cairn serve [--port P] [--db FILE] [--address A] [--pack DIR ...]\n"                   \
    "                   [--origin URL ...] [--client DIR] [--max-connections N]\n"                 \
    "                   [--rate N]\n"

static int usage(const char *why)
{
    if (why)
        fprintf(stderr, "cairn serve: %s\n", why);
    fprintf(stderr, USAGE);
    return EXIT_USAGE;
}

static int help(void)
{
    printf(USAGE "  --port P      the port to listen on (8080); 0: any free one, which the\n"
                 "                line \"listening on\" gives\n"
                 "  --db FILE     the games' store, SQLite (default\n"
                 "                $XDG_DATA_HOME/cairn/games.sqlite); the games in it that had\n"
                 "                not ended go on where they were\n"
                 "  --address A   the address to listen on (127.0.0.1; 0.0.0.0: every one)\n"
                 "  --pack DIR    a pack a game may be created with, beside the base game;\n"
                 "                repeatable\n"
                 "  --origin URL  a page's origin its sockets may come from (scheme://host:port);\n"
                 "                repeatable; none: the server's own pages only\n"
                 "  --client DIR  serve the browser client from this folder\n"
                 "  --max-connections N  the most sockets open at once (2000)\n"
                 "  --rate N      the messages a second a socket may send (20), in bursts of\n"
                 "                twice that; beyond, it is closed\n");
    return EXIT_OK;
}

/* A whole number from 0 to max into *out; false for anything else. */
static bool number(const char *text, uint64_t max, uint64_t *out)
{
    return app_parse_count(text, out) && *out <= max;
}

static int parse(int argc, char **argv, options *o)
{
    o->server.port = 8080;
    o->server.packs = o->packs;
    o->server.origins = o->origins;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n;
        if (app_is_help(arg)) {
            o->help = true;
            continue;
        }
        if (arg[0] != '-' || !strcmp(arg, "-"))
            return usage("serve takes no arguments but options");
        if (!val)
            return usage(NULL);
        i++;
        if (!strcmp(arg, "--port")) {
            if (!number(val, 65535, &n))
                return usage("--port takes a port number, 0 to 65535");
            o->server.port = (int)n;
        } else if (!strcmp(arg, "--db")) {
            o->server.db = val;
        } else if (!strcmp(arg, "--address")) {
            o->server.address = val;
        } else if (!strcmp(arg, "--pack")) {
            if (o->server.pack_count == APP_PACKS_MAX)
                return usage("at most 16 packs");
            o->packs[o->server.pack_count++] = val;
        } else if (!strcmp(arg, "--origin")) {
            if (o->server.origin_count == ORIGINS_MAX)
                return usage("at most 16 origins");
            o->origins[o->server.origin_count++] = val;
        } else if (!strcmp(arg, "--client")) {
            o->server.client_dir = val;
        } else if (!strcmp(arg, "--max-connections")) {
            if (!number(val, 1000000, &n) || n == 0)
                return usage("--max-connections takes a number from 1");
            o->server.max_connections = (size_t)n;
        } else if (!strcmp(arg, "--rate")) {
            if (!number(val, 100000, &n) || n == 0)
                return usage("--rate takes a number from 1");
            o->server.rate = (int)n;
        } else {
            return usage(NULL);
        }
    }
    return EXIT_OK;
}

int cmd_serve(int argc, char **argv)
{
    options o = {0};
    int st = parse(argc, argv, &o);
    if (st != EXIT_OK)
        return st;
    if (o.help)
        return help();
    cairn_error err = {0};
    if (cairn_server_run(&o.server, &err)) {
        fprintf(stderr, "cairn serve: %s\n", err.message);
        return EXIT_FAILED;
    }
    return EXIT_OK;
}
