/*
 * fov.c - field of view through libtcod's symmetric shadowcasting.
 */
#include <libtcod.h>

#include "walls.h"

cairn_err cairn_fov_compute(cairn_world *w, cairn_cell from, int32_t radius, uint8_t *visible,
                            size_t *count)
{
    if (!cairn_grid_in_bounds(w, from))
        return cairn_world_fail(w, CAIRN_ERR_BOUNDS, "fov: cell (%d, %d) is off the grid",
                                (int)from.x, (int)from.y);
    if (radius < 0)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "fov: the radius is 0 or more, not %d",
                                (int)radius);
    int32_t width = cairn_grid_width(w), height = cairn_grid_height(w);
    TCOD_Map *map = TCOD_map_new(width, height);
    if (!map)
        return cairn_world_fail(w, CAIRN_ERR_NOMEM, "fov: out of memory");
    for (int32_t y = 0; y < height; y++)
        for (int32_t x = 0; x < width; x++) {
            bool open = cairn_sight__wall(w, x, y) == CAIRN_WALL_NONE;
            TCOD_map_set_properties(map, x, y, open, open);
        }
    cairn_err st = CAIRN_OK;
    /* libtcod's radius stops short of its length: one more takes in the cells `radius` away */
    int tcod_radius = radius > 0 ? radius + 1 : 0;
    if (TCOD_map_compute_fov(map, from.x, from.y, tcod_radius, true, FOV_SYMMETRIC_SHADOWCAST) < 0)
        st = cairn_world_fail(w, CAIRN_ERR_NOMEM, "fov: %s", TCOD_get_error());
    size_t seen = 0;
    for (int32_t y = 0; y < height && !st; y++)
        for (int32_t x = 0; x < width; x++) {
            bool in = TCOD_map_is_in_fov(map, x, y);
            visible[(size_t)y * (size_t)width + (size_t)x] = in;
            seen += in;
        }
    TCOD_map_delete(map);
    if (count)
        *count = seen;
    return st;
}
