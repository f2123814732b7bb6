/*
 * movs.c - movs: the directions an entity tries, best first. The built-in ones all aim at
 * the closest player; content registers its own.
 */
#include "world.h"

cairn_err cairn_movs_register(cairn_world *w, const char *name, cairn_movs_fn fn, void *ud,
                              cairn_movs_id *out)
{
    if (!fn)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "movs \"%s\" has no function",
                                name ? name : "?");
    uint32_t id;
    cairn_movs_def *def;
    cairn_err st = cairn__registry_add(w, &w->registry[CAIRN_KIND_MOVS], name, &id, (void **)&def);
    if (st)
        return st;
    *def = (cairn_movs_def){fn, ud};
    if (out)
        *out = (cairn_movs_id)id;
    return CAIRN_OK;
}

cairn_err cairn_movs_find(cairn_world *w, const char *name, cairn_movs_id *out)
{
    return cairn__registry_find16(w, &w->registry[CAIRN_KIND_MOVS], name, out);
}

const char *cairn_movs_name(const cairn_world *w, cairn_movs_id movs)
{
    return cairn_name(w, CAIRN_KIND_MOVS, movs);
}

cairn_err cairn_movs_dirs(cairn_world *w, cairn_movs_id movs, cairn_entity_id actor,
                          cairn_dir *dirs, size_t *count)
{
    const cairn_movs_def *def = cairn__registry_get(w, &w->registry[CAIRN_KIND_MOVS], movs);
    if (!def)
        return w->error.code;
    cairn_err st = cairn_entity_check(w, actor);
    if (st)
        return st;
    size_t n = 0;
    if ((st = def->fn(w, actor, dirs, &n, def->ud)))
        return st;
    if (n > CAIRN_DIR_COUNT)
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "movs \"%s\" gave %zu directions (at most %d)",
                                cairn_movs_name(w, movs), n, CAIRN_DIR_COUNT);
    for (size_t i = 0; i < n; i++)
        if ((unsigned)dirs[i] >= CAIRN_DIR_COUNT)
            return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                    "movs \"%s\" gave %d, which is not a direction",
                                    cairn_movs_name(w, movs), (int)dirs[i]);
    *count = n;
    return CAIRN_OK;
}

/* --- the built-in movs ----------------------------------------------------------------- */

static int sign(int64_t v)
{
    return (v > 0) - (v < 0);
}

static int64_t magnitude(int64_t v)
{
    return v < 0 ? -v : v;
}

/* basic: the orthogonal directions that close the distance, the way the entity faces first,
 * then the axis across it, then the way behind it: an entity turns aside before it turns
 * round, as Dungeon-Hopper's basic does (facing west with the target to the south-east, it
 * goes south, then east). Facing a diagonal or nothing, the longer way comes first. */
static size_t basic(cairn_dir facing, int64_t dx, int64_t dy, cairn_dir *dirs)
{
    cairn_dir horizontal = cairn_dir_from_delta(sign(dx), 0);
    cairn_dir vertical = cairn_dir_from_delta(0, sign(dy));
    bool horizontal_first;
    if (facing == CAIRN_DIR_E || facing == CAIRN_DIR_W)
        horizontal_first = facing == horizontal || vertical == CAIRN_DIR_NONE;
    else if (facing == CAIRN_DIR_N || facing == CAIRN_DIR_S)
        horizontal_first = facing != vertical && horizontal != CAIRN_DIR_NONE;
    else
        horizontal_first = magnitude(dx) >= magnitude(dy);
    size_t n = 0;
    cairn_dir first = horizontal_first ? horizontal : vertical;
    cairn_dir second = horizontal_first ? vertical : horizontal;
    if (first != CAIRN_DIR_NONE)
        dirs[n++] = first;
    if (second != CAIRN_DIR_NONE)
        dirs[n++] = second;
    return n;
}

cairn_err cairn__movs_builtin(cairn_world *w, cairn_entity_id actor, cairn_dir *dirs, size_t *count,
                              void *ud)
{
    uintptr_t which = (uintptr_t)ud;
    const cairn_entity *e = &w->entities.slots[actor.index];
    cairn_dir facing = (cairn_dir)e->facing;
    *count = 0;
    if (which == CAIRN_MOVS_NONE)
        return CAIRN_OK;
    if (which == CAIRN_MOVS_STRAIGHT) {
        if (facing != CAIRN_DIR_NONE)
            dirs[(*count)++] = facing;
        return CAIRN_OK;
    }
    cairn_entity_id player = cairn_world_closest_player(w, e->cell);
    if (cairn_entity_id_is_none(player) || !(e->flags & CAIRN_ENTITY_PLACED))
        return CAIRN_OK;
    cairn_cell target = w->entities.slots[player.index].cell;
    int64_t dx = (int64_t)target.x - e->cell.x, dy = (int64_t)target.y - e->cell.y;
    cairn_dir diagonal = cairn_dir_from_delta(sign(dx), sign(dy));
    switch (which) {
    case CAIRN_MOVS_BASIC:
        *count = basic(facing, dx, dy, dirs);
        break;
    case CAIRN_MOVS_ADJACENT:
        if (cairn_dir_is_diagonal(diagonal))
            dirs[(*count)++] = diagonal;
        *count += basic(facing, dx, dy, dirs + *count);
        break;
    case CAIRN_MOVS_DIAGONAL:
        if (cairn_dir_is_diagonal(diagonal)) {
            dirs[(*count)++] = diagonal;
        } else if (diagonal != CAIRN_DIR_NONE) {
            dirs[(*count)++] = cairn_dir_rotate(diagonal, 1);
            dirs[(*count)++] = cairn_dir_rotate(diagonal, -1);
        }
        break;
    default:
        break;
    }
    return CAIRN_OK;
}
