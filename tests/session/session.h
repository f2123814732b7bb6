/*
 * session.h - base games played through the host, for the tests of saves, undo and previews:
 * the explorer bot chooses every action, so a seed is a whole game.
 */
#ifndef CAIRN_TEST_SESSION_H
#define CAIRN_TEST_SESSION_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cairn/session.h"

/* A host with the base game and, when mod is not NULL, the fixture pack of that name loaded
 * (tests/lua/packs/MOD; an absolute path names a pack anywhere). Fails the test when it
 * cannot be made. */
cairn_lua *session_host(const char *mod);
/* The same with a memory ceiling of its own (0: the default). */
cairn_lua *session_host_limited(const char *mod, size_t memory_limit);
/* A host as session_host's, with the base game's dungeon started on the seed. */
cairn_lua *session_start(const char *mod, uint64_t seed);
/* The same with the game named (one of mod's). */
cairn_lua *session_start_game(const char *mod, const char *game, uint64_t seed);
/* Lets the bot play up to `beats` beats (fewer when the game ends). */
void session_play(cairn_lua *h, int beats);
/* The world's checksum and the session's beat count, now. */
void session_checksum(cairn_lua *h, char out[17]);
uint64_t session_beat(cairn_lua *h);
/* The path of a file in this test's temporary folder (made at first use, removed at exit). */
void session_temp(const char *name, char out[256]);
/* The file's bytes (malloc'd, *size set), or NULL when there is none. */
unsigned char *session_read_file(const char *path, size_t *size);

#endif
