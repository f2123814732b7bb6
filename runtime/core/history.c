/*
 * history.c - the beat's timeline of changes. One array, emptied (not freed) at the start of
 * each beat, so once it has grown to a beat's size recording costs no allocation.
 */
#include "world.h"

static const char *const change_names[CAIRN_CHANGE_KIND_COUNT] = {
    [CAIRN_CHANGE_SPAWNED] = "spawned",
    [CAIRN_CHANGE_MOVED] = "moved",
    [CAIRN_CHANGE_ATTACKED] = "attacked",
    [CAIRN_CHANGE_PUSHED] = "pushed",
    [CAIRN_CHANGE_DAMAGED] = "damaged",
    [CAIRN_CHANGE_DUG] = "dug",
    [CAIRN_CHANGE_DIED] = "died",
    [CAIRN_CHANGE_STATUS_ON] = "status_on",
    [CAIRN_CHANGE_STATUS_OFF] = "status_off",
    [CAIRN_CHANGE_STEP] = "step",
    [CAIRN_CHANGE_HEALED] = "healed",
    [CAIRN_CHANGE_TURNED] = "turned",
    [CAIRN_CHANGE_STAT] = "stat",
    [CAIRN_CHANGE_CONTENT] = "content",
    [CAIRN_CHANGE_STATUS_CHANGED] = "status_changed",
};

const char *cairn_change_name(cairn_change_kind kind)
{
    return (unsigned)kind < CAIRN_CHANGE_KIND_COUNT ? change_names[kind] : "?";
}

cairn_err cairn__history_add(cairn_world *w, cairn_change change)
{
    cairn_err st = cairn__reserve(w, (void **)&w->history, &w->history_cap, w->history_count + 1,
                                  sizeof *w->history);
    if (st)
        return st;
    change.phase = w->phase;
    w->history[w->history_count++] = change;
    return CAIRN_OK;
}

cairn_err cairn_change_kind_register(cairn_world *w, const char *name, uint16_t *out)
{
    uint32_t id;
    void *record;
    cairn_err st = cairn__registry_add(w, &w->registry[CAIRN_KIND_CHANGE], name, &id, &record);
    if ((st == CAIRN_OK || st == CAIRN_ERR_EXISTS) && out)
        *out = (uint16_t)id;
    return st;
}

cairn_err cairn_change_kind_find(cairn_world *w, const char *name, uint16_t *out)
{
    return cairn__registry_find16(w, &w->registry[CAIRN_KIND_CHANGE], name, out);
}

const char *cairn_change_kind_name(const cairn_world *w, uint16_t id)
{
    return cairn_name(w, CAIRN_KIND_CHANGE, id);
}

cairn_err cairn_world_record(cairn_world *w, cairn_change change)
{
    if (change.kind != CAIRN_CHANGE_STAT && change.kind != CAIRN_CHANGE_CONTENT)
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "only stat and content changes are recorded from outside the "
                                "core, not %s",
                                cairn_change_name((cairn_change_kind)change.kind));
    if (change.kind == CAIRN_CHANGE_CONTENT &&
        change.detail >= w->registry[CAIRN_KIND_CHANGE].names.count)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "no kind of change has the id %u",
                                (unsigned)change.detail);
    return cairn__history_add(w, change);
}

void cairn__history_drop(cairn_world *w, cairn_entity_id id)
{
    uint32_t kept = 0;
    for (uint32_t i = 0; i < w->history_count; i++)
        if (!cairn_entity_id_eq(w->history[i].entity, id))
            w->history[kept++] = w->history[i];
    w->history_count = kept;
}

const cairn_change *cairn_world_history(const cairn_world *w, size_t *count)
{
    *count = w->history_count;
    return w->history;
}

void cairn__history_free(cairn_world *w)
{
    cairn__free(w, w->history, (size_t)w->history_cap * sizeof *w->history);
    w->history = NULL;
    w->history_count = w->history_cap = 0;
}
