/*
 * map.h - tiny worlds drawn in ASCII for the action machinery's scenario tests.
 *
 * Legend (one entity per glyph, spawned row by row, left to right, so spawn order is
 * reading order):
 *   @  player    PlayerControl, simple algorithm, attacks teams 2 and 3, 3 hp, team 1
 *   s  skeleton  Sequential ("attack_move" with basic movs), general algorithm, attacks
 *                team 1 only, 1 hp, team 2, Pushable, Statused
 *   #  stone     a wall that cannot be dug
 *   +  dirt      a Diggable wall, resistance 1
 *   c  crate     a Pushable real, team 3, immune to damage
 *   ^  trap      an Acting entity on the trap layer (it does nothing)
 *   _  tile      an Acting entity on the floor layer (it does nothing)
 *   *  orb       an Acting entity on the projectile layer (it does nothing)
 *   .  nothing
 * Rendering shows, per cell, the topmost of real, projectile, wall, trap, floor.
 */
#ifndef CAIRN_TEST_MAP_H
#define CAIRN_TEST_MAP_H

#include "support.h"

typedef struct test_map {
    cairn_world *w;
    test_alloc alloc;
    cairn_type_id player, skeleton, stone, dirt, crate, trap, tile, orb;
    cairn_sequence_id chase;
} test_map;

/* Registers the legend's types in a world as big as the drawing and spawns what it shows.
 * rows ends with NULL; every row has the same length. */
void map_open(test_map *m, const char *const *rows);
/* Destroys the world, asserting that every byte came back. */
void map_close(test_map *m);

/* The entity drawn at (x, y) on its layer now; NONE if there is none. */
cairn_entity_id map_at(test_map *m, int x, int y, cairn_layer layer);
/* The real at (x, y): the common case. */
cairn_entity_id map_real(test_map *m, int x, int y);

/* The cell the entity stands on; fails the test when it is on none. */
cairn_cell map_cell(test_map *m, cairn_entity_id id);

/* Asserts that the world now looks like rows, printing both on a mismatch. */
void map_assert(test_map *m, const char *const *rows);

/* Sets the player's input and runs one beat. */
void map_beat(test_map *m, cairn_entity_id player, cairn_action_id action, cairn_dir dir);

/* The enclosing event of the entity's action this beat (NULL if it did not act). */
cairn_enclosing_event *map_last(test_map *m, cairn_entity_id id);

/* Typed data access; fails the test when the entity lacks the decorator. */
void *map_data(test_map *m, cairn_entity_id id, cairn_decorator_id deco);

/* The number of history entries of a kind in the current beat. */
size_t map_count_changes(test_map *m, cairn_change_kind kind);

#endif
