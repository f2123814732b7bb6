/*
 * dir.c - the eight directions, cells and layer names.
 */
#include "world.h"

/* Indexed by cairn_dir, clockwise from north; y grows southwards. */
static const int8_t dx[CAIRN_DIR_COUNT] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int8_t dy[CAIRN_DIR_COUNT] = {-1, -1, 0, 1, 1, 1, 0, -1};

static bool valid(cairn_dir dir)
{
    return (unsigned)dir < CAIRN_DIR_COUNT;
}

int cairn_dir_dx(cairn_dir dir)
{
    return valid(dir) ? dx[dir] : 0;
}

int cairn_dir_dy(cairn_dir dir)
{
    return valid(dir) ? dy[dir] : 0;
}

cairn_dir cairn_dir_rotate(cairn_dir dir, int steps)
{
    if (!valid(dir))
        return CAIRN_DIR_NONE;
    int turned = ((int)dir + steps % CAIRN_DIR_COUNT + CAIRN_DIR_COUNT) % CAIRN_DIR_COUNT;
    return (cairn_dir)turned;
}

cairn_dir cairn_dir_opposite(cairn_dir dir)
{
    return cairn_dir_rotate(dir, CAIRN_DIR_COUNT / 2);
}

bool cairn_dir_is_diagonal(cairn_dir dir)
{
    return valid(dir) && (dir & 1);
}

bool cairn_dir_is_orthogonal(cairn_dir dir)
{
    return valid(dir) && !(dir & 1);
}

int cairn_dir_distance(cairn_dir a, cairn_dir b)
{
    if (!valid(a) || !valid(b))
        return -1;
    int d = ((int)a - (int)b + CAIRN_DIR_COUNT) % CAIRN_DIR_COUNT;
    return d > CAIRN_DIR_COUNT / 2 ? CAIRN_DIR_COUNT - d : d;
}

cairn_dir cairn_dir_from_delta(int ddx, int ddy)
{
    int sx = (ddx > 0) - (ddx < 0);
    int sy = (ddy > 0) - (ddy < 0);
    for (int d = 0; d < CAIRN_DIR_COUNT; d++)
        if (dx[d] == sx && dy[d] == sy)
            return (cairn_dir)d;
    return CAIRN_DIR_NONE;
}

const char *cairn_dir_name(cairn_dir dir)
{
    static const char *const names[CAIRN_DIR_COUNT] = {"n", "ne", "e", "se", "s", "sw", "w", "nw"};
    return valid(dir) ? names[dir] : "none";
}

/* Saturates at the ends of int32_t: such a cell is out of any grid either way, and the
 * arithmetic never overflows. */
static int32_t clamp_add(int32_t a, int64_t b)
{
    int64_t sum = (int64_t)a + b;
    return sum > INT32_MAX ? INT32_MAX : sum < INT32_MIN ? INT32_MIN : (int32_t)sum;
}

cairn_cell cairn_cell_step(cairn_cell cell, cairn_dir dir, int steps)
{
    cell.x = clamp_add(cell.x, (int64_t)cairn_dir_dx(dir) * steps);
    cell.y = clamp_add(cell.y, (int64_t)cairn_dir_dy(dir) * steps);
    return cell;
}

const char *cairn_layer_name(cairn_layer layer)
{
    /* Indexed by cairn_layer. */
    static const char *const names[CAIRN_LAYER_COUNT] = {
        "floor", "trap", "item", "wall", "real", "projectile", "misc",
    };
    return (unsigned)layer < CAIRN_LAYER_COUNT ? names[layer] : "?";
}
