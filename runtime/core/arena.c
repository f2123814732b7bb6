/*
 * arena.c - the per-beat event arena: a bump allocator over a list of chunks.
 *
 * Events live for one beat. Resetting rewinds every chunk but frees none, so once the arena
 * has grown to what a beat needs, beats allocate nothing.
 */
#include <stdalign.h>
#include <string.h>

#include "world.h"

#define CHUNK_SIZE (16 * 1024)
/* No event is this big; refusing larger requests keeps the size arithmetic from wrapping. */
#define MAX_REQUEST (64 * 1024 * 1024)

struct cairn_arena_chunk {
    cairn_arena_chunk *next;
    size_t size;
    size_t used;
    alignas(max_align_t) unsigned char data[];
};

static size_t align_up(size_t n)
{
    size_t a = alignof(max_align_t);
    return (n + a - 1) & ~(a - 1);
}

/* A chunk after `after` (or first) that can hold size bytes: the next one if it is big enough,
 * or a new one linked in there. */
static cairn_arena_chunk *next_chunk(cairn_world *w, cairn_arena *arena, size_t size)
{
    cairn_arena_chunk *next = arena->current ? arena->current->next : arena->first;
    if (next && next->size >= size)
        return next;
    /* Each new chunk as big as all before it: a beat that needs much more than the last one
     * (a crowd closing in) grows the arena in a few steps, not a chunk at a time. */
    size_t chunk_size = size > CHUNK_SIZE ? size : CHUNK_SIZE;
    if (arena->capacity > chunk_size && arena->capacity <= MAX_REQUEST)
        chunk_size = arena->capacity;
    cairn_arena_chunk *chunk = cairn__alloc(w, sizeof *chunk + chunk_size);
    if (!chunk)
        return NULL;
    chunk->size = chunk_size;
    chunk->used = 0;
    chunk->next = next;
    if (arena->current)
        arena->current->next = chunk;
    else
        arena->first = chunk;
    arena->capacity += chunk_size;
    return chunk;
}

void *cairn__arena_alloc(cairn_world *w, cairn_arena *arena, size_t size)
{
    if (size > MAX_REQUEST) {
        cairn_world_fail(w, CAIRN_ERR_LIMIT, "an event of %zu bytes is over the %d byte limit",
                         size, MAX_REQUEST);
        return NULL;
    }
    size = align_up(size ? size : 1);
    cairn_arena_chunk *chunk = arena->current;
    if (!chunk || chunk->size - chunk->used < size) {
        chunk = next_chunk(w, arena, size);
        if (!chunk)
            return NULL;
        arena->current = chunk;
    }
    void *p = chunk->data + chunk->used;
    chunk->used += size;
    memset(p, 0, size);
    return p;
}

void cairn__arena_reset(cairn_arena *arena)
{
    for (cairn_arena_chunk *c = arena->first; c; c = c->next)
        c->used = 0;
    arena->current = arena->first;
}

void cairn__arena_free(cairn_world *w, cairn_arena *arena)
{
    cairn_arena_chunk *c = arena->first;
    while (c) {
        cairn_arena_chunk *next = c->next;
        cairn__free(w, c, sizeof *c + c->size);
        c = next;
    }
    memset(arena, 0, sizeof *arena);
}
