/*
 * mechanics.c - the built-in mechanics as the kernel sees them: what they do at the kernel's
 * moments (an entity created, spawned, killed, turned, destroyed; a world made and freed),
 * registered in the world's table, and cairn_world_create, which makes a world with them.
 * The kernel's files call none of the mechanics by name; this file is where they meet.
 */
#include "world.h"

/* The entity takes its place in the beat order. Born during a beat, it first acts in the
 * next one, even when asked to act first. */
static cairn_err created(cairn_world *w, cairn_entity_id id)
{
    cairn_err st = cairn__order_add(w, id, &w->entities.slots[id.index]);
    if (st)
        return st;
    cairn_acting *acting = w->in_beat ? cairn__data(w, id, CAIRN_DECO_ACTING) : NULL;
    if (acting)
        acting->did_action = true;
    return CAIRN_OK;
}

/* A change about an entity, with its type, and its cell when it is on the grid. */
static cairn_change entity_change(const cairn_world *w, cairn_change_kind kind, cairn_entity_id id)
{
    const cairn_entity *e = &w->entities.slots[id.index];
    cairn_change change = {.kind = kind, .entity = id, .detail = e->type};
    if (e->flags & CAIRN_ENTITY_PLACED)
        change.from = change.to = e->cell;
    return change;
}

static cairn_err spawned(cairn_world *w, cairn_entity_id id)
{
    return cairn__history_add(w, entity_change(w, CAIRN_CHANGE_SPAWNED, id));
}

static void unspawned(cairn_world *w, cairn_entity_id id)
{
    cairn__history_drop(w, id);
}

static cairn_err died(cairn_world *w, cairn_entity_id id, cairn_entity_id cause)
{
    cairn_change change = entity_change(w, CAIRN_CHANGE_DIED, id);
    change.other = cause;
    return cairn__history_add(w, change);
}

static cairn_err turned(cairn_world *w, cairn_entity_id id, cairn_dir was)
{
    cairn_change change = {.kind = CAIRN_CHANGE_TURNED,
                           .entity = id,
                           .amount = (int32_t)was,
                           .value = (int32_t)w->entities.slots[id.index].facing};
    return cairn__history_add(w, change);
}

/* Its entry in the beat order goes at the order's next settling. */
static void removed(cairn_world *w, cairn_entity_id id)
{
    (void)id;
    w->order.stale = true;
}

static void destroy(cairn_world *w)
{
    cairn__sequences_free(w);
    cairn__order_free(w);
    cairn__history_free(w);
}

static const cairn_mechanics builtin = {
    .install = cairn__builtin_init,
    .created = created,
    .spawned = spawned,
    .unspawned = unspawned,
    .died = died,
    .turned = turned,
    .removed = removed,
    .destroy = destroy,
};

cairn_err cairn_world_create(const cairn_world_config *config, cairn_world **out, cairn_error *err)
{
    return cairn__world_new(config, &builtin, out, err);
}
