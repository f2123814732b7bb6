/*
 * grid_map.h - worlds drawn in ASCII for the tests of field of view and path finding:
 * '#' a wall, '+' a Diggable wall, 'g' an entity on the real layer, anything else open.
 */
#ifndef CAIRN_TEST_GRID_MAP_H
#define CAIRN_TEST_GRID_MAP_H

#include "support.h"

typedef struct grid_map {
    test_alloc alloc;
    cairn_world *w;
} grid_map;

/* A world as big as the drawing, holding what it shows; rows end with NULL. */
grid_map *grid_map_open(const char *const *rows);
/* Destroys the world, asserting that every byte came back. */
void grid_map_close(grid_map *m);

#endif
