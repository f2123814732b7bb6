/*
 * cairn/core.h - the public API of cairn's core, pure C11, no Lua, in two layers:
 *
 * - the kernel (cairn/kernel.h): the machinery the mechanics run on: errors, the allocator,
 *   random numbers, directions and cells, layers, names and ids, events, worlds, chains,
 *   decorators and types, entities and the grid;
 * - the mechanics (cairn/mechanics.h), built on the kernel alone: the built-in decorators'
 *   data and events, the damage model, actions, Acting, algorithms, movs, sequences,
 *   statuses, the beat and its history, snapshots.
 *
 * Include this header for both; a layer's own header declares only its layer.
 *
 * Conventions that hold for every function below unless its comment says otherwise:
 *
 * - Functions that can fail return a cairn_err. CAIRN_OK (0) is success; any other value
 *   is an error, and the world's message (cairn_world_error) says what was wrong in words a
 *   user can be shown. Out-parameters are written only on success. Nothing in the core aborts
 *   or dereferences a bad handle on bad input: a stale entity id, an out-of-bounds cell, a full
 *   layer, an unknown name or id is an error code, never a crash. (The world pointer, an rng
 *   pointer and required out-parameters must not be NULL: that is a bug in the caller, not
 *   bad input, and is not checked.)
 * - The world owns everything it creates (types, chains, entities, events). Pointers the
 *   core hands out (a cairn_chain *, a cairn_event *, decorator data) stay owned by the world
 *   and are valid for the lifetime stated next to the function that returns them.
 * - Strings passed in are copied when the core keeps them; the caller keeps ownership.
 * - All memory goes through the world's allocator (cairn_world_config.alloc).
 * - Nothing here reads the clock, calls rand() or depends on pointer values or hash order:
 *   the same calls in the same order give the same world, bit for bit.
 */
#ifndef CAIRN_CORE_H
#define CAIRN_CORE_H

#include "kernel.h"
#include "mechanics.h"

#endif /* CAIRN_CORE_H */
