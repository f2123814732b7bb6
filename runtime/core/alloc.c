/*
 * alloc.c - the world's allocator functions. Every byte the core holds passes through here,
 * which is how the tests prove that a steady-state beat allocates nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "world.h"

void *cairn_default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    (void)ud;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

void *cairn__realloc(cairn_world *w, void *ptr, size_t old_size, size_t new_size)
{
    if (new_size == 0) {
        cairn__free(w, ptr, old_size);
        return NULL;
    }
    void *p = w->alloc(w->alloc_ud, ptr, ptr ? old_size : 0, new_size);
    if (!p) {
        cairn_world_fail(w, CAIRN_ERR_NOMEM, "out of memory (asked for %zu bytes)", new_size);
        return NULL;
    }
    w->allocations++;
    w->bytes_in_use = w->bytes_in_use - (ptr ? old_size : 0) + new_size;
    return p;
}

void *cairn__alloc(cairn_world *w, size_t size)
{
    return cairn__realloc(w, NULL, 0, size);
}

void cairn__free(cairn_world *w, void *ptr, size_t size)
{
    if (!ptr)
        return;
    w->alloc(w->alloc_ud, ptr, size, 0);
    w->bytes_in_use -= size;
}

cairn_err cairn__reserve(cairn_world *w, void **items, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return CAIRN_OK;
    uint64_t grown = *cap ? (uint64_t)*cap * 2 : 8;
    while (grown < need)
        grown *= 2;
    if (grown > UINT32_MAX || grown * elem > SIZE_MAX / 2)
        return cairn_world_fail(w, CAIRN_ERR_LIMIT, "an array would grow past %u elements", need);
    unsigned char *p = cairn__realloc(w, *items, (size_t)*cap * elem, (size_t)grown * elem);
    if (!p)
        return CAIRN_ERR_NOMEM;
    memset(p + (size_t)*cap * elem, 0, (size_t)(grown - *cap) * elem);
    *items = p;
    *cap = (uint32_t)grown;
    return CAIRN_OK;
}
