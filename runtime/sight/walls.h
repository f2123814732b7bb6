/*
 * walls.h - what fov.c and path.c ask of a cell. Internal to runtime/sight.
 */
#ifndef CAIRN_SIGHT_WALLS_H
#define CAIRN_SIGHT_WALLS_H

#include "cairn/sight.h"

typedef enum cairn_wall_kind {
    CAIRN_WALL_NONE,
    CAIRN_WALL_DIGGABLE,
    CAIRN_WALL_SOLID
} cairn_wall_kind;

/* What stands on the wall layer of an in-bounds cell. */
static inline cairn_wall_kind cairn_sight__wall(cairn_world *w, int32_t x, int32_t y)
{
    cairn_entity_id id;
    cairn_type_id type;
    if (cairn_grid_at(w, (cairn_cell){x, y}, CAIRN_LAYER_WALL, &id) ||
        cairn_entity_id_is_none(id) || cairn_entity_type(w, id, &type))
        return CAIRN_WALL_NONE;
    return cairn_type_has_decorator(w, type, CAIRN_DECO_DIGGABLE) ? CAIRN_WALL_DIGGABLE
                                                                  : CAIRN_WALL_SOLID;
}

#endif /* CAIRN_SIGHT_WALLS_H */
