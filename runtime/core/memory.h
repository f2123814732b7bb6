/*
 * memory.h - the world's allocator as the core's files use it (alloc.c).
 * Private to the core (see world.h).
 */
#ifndef CAIRN_MEMORY_H
#define CAIRN_MEMORY_H

#include "cairn/core.h"

/* --- memory (alloc.c) ------------------------------------------------------------------ */

/* Every allocation of the core comes through these, so the world can count and cap them.
 * They set the world's message on failure. */
void *cairn__alloc(cairn_world *w, size_t size);
void *cairn__realloc(cairn_world *w, void *ptr, size_t old_size, size_t new_size);
void cairn__free(cairn_world *w, void *ptr, size_t size);

/* Makes room for at least `need` elements of `elem` bytes in the array *items of capacity
 * *cap, doubling. New elements are zeroed. */
cairn_err cairn__reserve(cairn_world *w, void **items, uint32_t *cap, uint32_t need, size_t elem);

#endif /* CAIRN_MEMORY_H */
