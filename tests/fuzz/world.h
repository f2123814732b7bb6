/*
 * world.h - the world the restore target restores snapshots into, and from which the seed
 * maker takes them: a small grid with types that carry every built-in decorator, a sequence
 * of several steps and a status that hooks a handler, so that a snapshot holds every kind
 * of field there is. Pure core: no Lua.
 */
#ifndef CAIRN_FUZZ_WORLD_H
#define CAIRN_FUZZ_WORLD_H

#include "cairn/core.h"

typedef struct fuzz_world {
    cairn_world *w;
    cairn_type_id player, skeleton, stone, dirt, crate, trap, tile, orb;
    cairn_sequence_id patrol;
    cairn_status_id stun;
} fuzz_world;

/* A world with the definitions and nothing on the grid: what a restore needs. */
void fuzz_world_open(fuzz_world *fw);
/* Spawns the drawing's entities (world.c) into a fresh world. */
void fuzz_world_populate(fuzz_world *fw);
/* Plays beats with the player's fixed round of inputs (when there is a player). Errors are
 * allowed: a restored world may be strange; it must not crash. */
void fuzz_world_play(fuzz_world *fw, int beats);
void fuzz_world_close(fuzz_world *fw);

#endif
