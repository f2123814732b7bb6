/*
 * arena.h - the per-beat event arena (arena.c).
 * Private to the core (see world.h).
 */
#ifndef CAIRN_ARENA_H
#define CAIRN_ARENA_H

#include "memory.h"

/* --- the event arena (arena.c) ----------------------------------------------------------
 * A bump allocator over a list of chunks. Reset keeps the chunks, so after the first few
 * beats have grown it to the working size it never allocates again. */
typedef struct cairn_arena_chunk cairn_arena_chunk;

typedef struct cairn_arena {
    cairn_arena_chunk *first;
    cairn_arena_chunk *current;
    size_t capacity; /* bytes in all chunks */
} cairn_arena;

void *cairn__arena_alloc(cairn_world *w, cairn_arena *arena, size_t size);
void cairn__arena_reset(cairn_arena *arena);
void cairn__arena_free(cairn_world *w, cairn_arena *arena);

#endif /* CAIRN_ARENA_H */
