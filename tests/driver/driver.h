/*
 * driver.h - the randomized player: a game of the base game (and a pack) played by keys, as
 * `cairn play` turns them into session calls (runtime/app/play.c), with the game's invariants
 * checked after every key. game.c plays the keys and draws them from what the screen takes;
 * main.c runs the games, shrinks a failing sequence and keeps it. See docs/driver.md.
 */
#ifndef CAIRN_DRIVER_H
#define CAIRN_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cairn/session.h"
#include "keys.h"

/* The keys: printable ASCII as itself, the others as `cairn play` names them (keys.h; main.c
 * has their names). */
enum {
    KEY_TAB_ = KEYS_TAB,
    KEY_ENTER_ = KEYS_ENTER,
    KEY_ESC_ = KEYS_ESC,
    KEY_BACKSPACE_ = KEYS_BACKSPACE,
    KEY_UP_ = KEYS_UP,
    KEY_DOWN_ = KEYS_DOWN,
    KEY_LEFT_ = KEYS_LEFT,
    KEY_RIGHT_ = KEYS_RIGHT,
    KEY_BTAB_ = KEYS_BTAB,
    KEY_PGUP_ = KEYS_PGUP,
    KEY_PGDN_ = KEYS_PGDN,
    KEY_RELOAD_ = 1000 /* not a key: the packs' files changed under `cairn play --watch` */
};

/* A key pressed; a key that sets off a journey (o, Enter on a travel's cursor) is stopped by
 * the next key after `stop` steps (0: the journey goes on until it ends by itself). */
typedef struct driver_key {
    int ch;
    int stop;
} driver_key;

/* "Esc", "o*5", "h". */
void driver_key_name(driver_key k, char *out, size_t size);
/* The key a name gives; false when it names none. */
bool driver_key_parse(const char *name, driver_key *out);

/* What a game is played with: its seed, the pack loaded after base (NULL for none), the
 * game started, and whether the player is asked to react even with nothing to react with
 * (--ask-reactions). */
typedef struct driver_setup {
    uint64_t seed;
    const char *pack;
    const char *game;
    bool ask_reactions;
    int undo_every; /* the undo check after every beat whose number this divides (0: none) */
    const char *save_path;
    const int *skip; /* keys never drawn, to look past a known failure */
    size_t skip_count;
    /* Where to write, for each key, the calls into Lua it made as `cairn play` makes them
     * (cairn_lua_stats.entries), the driver's own checks left out; NULL: nowhere. */
    FILE *crossings;
} driver_setup;

/* How a game failed: the invariant (a word) and what was seen. */
#define DRIVER_WHY_SIZE 1200
typedef struct driver_failure {
    char kind[24];
    char why[DRIVER_WHY_SIZE];
} driver_failure;

/* What the games played so far did, for the report at the end. */
typedef struct driver_counts {
    uint64_t games, keys, beats, checks, saves, undos, journeys, reloads, replays;
} driver_counts;

typedef struct driver_game driver_game;

/* A new game, or NULL with why in *f. */
driver_game *driver_game_start(const driver_setup *setup, driver_failure *f, driver_counts *counts);
void driver_game_free(driver_game *g);
/* Presses the key and checks the invariants: false once the game has failed (*f says how). */
bool driver_game_press(driver_game *g, driver_key k, driver_failure *f);
/* Whether the game is over: left after it ended (q), or failed. */
bool driver_game_over(const driver_game *g);
/* After the last key: the replay of the game so far must verify in a fresh host. */
bool driver_game_finish(driver_game *g, driver_failure *f);

/* A key the screen takes now, drawn with the generator's state *rng. */
driver_key driver_game_draw(driver_game *g, uint64_t *rng);

/* Plays the whole sequence; true when it passes (else *f says how it failed). */
bool driver_play(const driver_setup *setup, const driver_key *keys, size_t count, driver_failure *f,
                 driver_counts *counts);

/* The failure with its numbers and checksums taken out: failures alike have the same. */
void driver_signature(const driver_failure *f, char *out, size_t size);

#endif /* CAIRN_DRIVER_H */
