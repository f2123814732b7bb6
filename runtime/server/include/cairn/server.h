/*
 * cairn/server.h - `cairn serve`: games played over WebSockets by browsers and scripts, one
 * process, one thread, every game kept in a SQLite store (docs/server.md; the protocol is
 * docs/protocol.md).
 *
 * The server answers HTTP (the browser client's files, a game's replay) and the socket at
 * /ws on one port. Each action a seat sends is applied to its game, written to the store and
 * only then acknowledged; a server started again on the same store resumes every game that
 * had not ended where its last stored action left it.
 */
#ifndef CAIRN_SERVER_H
#define CAIRN_SERVER_H

#include <stddef.h>

#include "cairn/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What cairn_server_run serves and how much it takes. A zero field other than port takes its
 * default. */
typedef struct cairn_server_config {
    const char *address;      /* the address it listens on: "127.0.0.1" unless given */
    int port;                 /* 0: any free port (the line says which); `cairn serve`: 8080 */
    const char *db;           /* the SQLite file: $XDG_DATA_HOME/cairn/games.sqlite unless given */
    const char *const *packs; /* pack folders offered beside the base game */
    size_t pack_count;
    const char *const *origins; /* the Origin headers a socket may come from; none: the */
    size_t origin_count;        /* server's own (http://HOST, from the request's Host) */
    const char *client_dir;     /* the browser client's files; NULL: the runtime's own */
    size_t max_connections;     /* 2000 */
    int rate;                   /* messages a second a socket may send (20), bursts of 2x */
} cairn_server_config;

/* Serves until SIGINT or SIGTERM, then returns 0. Once it listens it prints
 * "cairn serve: listening on http://ADDRESS:PORT/" on stdout (and flushes it). On failure
 * (the store cannot be opened, the port is taken) returns the error code with the reason
 * in err (may be NULL). */
CAIRN_API cairn_err cairn_server_run(const cairn_server_config *c, cairn_error *err);

#ifdef __cplusplus
}
#endif

#endif /* CAIRN_SERVER_H */
