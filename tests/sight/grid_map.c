/*
 * grid_map.c - see grid_map.h.
 */
#include <string.h>

#include "grid_map.h"

grid_map *grid_map_open(const char *const *rows)
{
    grid_map *m = calloc(1, sizeof *m);
    int32_t height = 0, width = (int32_t)strlen(rows[0]);
    while (rows[height])
        height++;
    cairn_world *w = m->w = test_world(&m->alloc, width, height);
    cairn_type_id wall, dirt, ghoul;
    assert_ok(w, cairn_type_register(w, "t:wall", CAIRN_LAYER_WALL, &wall));
    assert_ok(w, cairn_type_register(w, "t:dirt", CAIRN_LAYER_WALL, &dirt));
    assert_ok(w, cairn_type_add_decorator(w, dirt, CAIRN_DECO_DIGGABLE));
    assert_ok(w, cairn_type_register(w, "t:ghoul", CAIRN_LAYER_REAL, &ghoul));
    for (int32_t y = 0; y < height; y++)
        for (int32_t x = 0; x < width; x++) {
            char c = rows[y][x];
            cairn_entity_id id;
            if (c == '#' || c == '+' || c == 'g')
                assert_ok(w, cairn_entity_spawn(w,
                                                c == '#'   ? wall
                                                : c == '+' ? dirt
                                                           : ghoul,
                                                (cairn_cell){x, y}, &id));
        }
    return m;
}

void grid_map_close(grid_map *m)
{
    test_world_close(m->w, &m->alloc);
    free(m);
}
