/*
 * event.c - events: a common head and a struct per kind, allocated from the beat's arena.
 */
#include "world.h"

/* Indexed by cairn_event_kind. */
static const size_t kind_size[CAIRN_EVENT_KIND_COUNT] = {
    [CAIRN_EVENT_PLAIN] = sizeof(cairn_event),
    [CAIRN_EVENT_BEAT] = sizeof(cairn_beat_event),
    [CAIRN_EVENT_ENTITY] = sizeof(cairn_entity_event),
    [CAIRN_EVENT_ENCLOSING] = sizeof(cairn_enclosing_event),
    [CAIRN_EVENT_ALGO] = sizeof(cairn_algo_event),
    [CAIRN_EVENT_RESULT] = sizeof(cairn_result_event),
    [CAIRN_EVENT_HIT] = sizeof(cairn_hit_event),
    [CAIRN_EVENT_PUSH] = sizeof(cairn_push_event),
    [CAIRN_EVENT_DISPLACE] = sizeof(cairn_displace_event),
    [CAIRN_EVENT_DAMAGE] = sizeof(cairn_damage_event),
    [CAIRN_EVENT_STATUS] = sizeof(cairn_status_event),
};

cairn_event *cairn_event_new_sized(cairn_world *w, uint8_t kind, size_t size, cairn_entity_id actor,
                                   cairn_action action)
{
    size_t least = kind < CAIRN_EVENT_KIND_COUNT ? kind_size[kind] : sizeof(cairn_event);
    if (size < least) {
        cairn_world_fail(w, CAIRN_ERR_INVALID, "an event of kind %u needs %zu bytes, not %zu",
                         (unsigned)kind, least, size);
        return NULL;
    }
    cairn_event *ev = cairn__arena_alloc(w, &w->arena, size);
    if (!ev)
        return NULL;
    ev->actor = actor;
    ev->action = action;
    ev->kind = kind;
    ev->propagate = true;
    ev->success = false;
    return ev;
}

cairn_event *cairn_event_new(cairn_world *w, cairn_event_kind kind, cairn_entity_id actor,
                             cairn_action action)
{
    if ((unsigned)kind >= CAIRN_EVENT_KIND_COUNT) {
        cairn_world_fail(w, CAIRN_ERR_INVALID, "%d is not a built-in event kind", (int)kind);
        return NULL;
    }
    return cairn_event_new_sized(w, (uint8_t)kind, kind_size[kind], actor, action);
}

/* Every event comes from the arena, aligned for any type, so the wider alignment of the
 * kind's struct holds; the cast goes through void * to say so. */
#define DOWNCAST(fn, type, kind_value)                                                             \
    type *fn(cairn_event *ev)                                                                      \
    {                                                                                              \
        return ev && ev->kind == (kind_value) ? (type *)(void *)ev : NULL;                         \
    }

DOWNCAST(cairn_event_as_beat, cairn_beat_event, CAIRN_EVENT_BEAT)
DOWNCAST(cairn_event_as_entity, cairn_entity_event, CAIRN_EVENT_ENTITY)
DOWNCAST(cairn_event_as_enclosing, cairn_enclosing_event, CAIRN_EVENT_ENCLOSING)
DOWNCAST(cairn_event_as_algo, cairn_algo_event, CAIRN_EVENT_ALGO)
DOWNCAST(cairn_event_as_result, cairn_result_event, CAIRN_EVENT_RESULT)
DOWNCAST(cairn_event_as_hit, cairn_hit_event, CAIRN_EVENT_HIT)
DOWNCAST(cairn_event_as_push, cairn_push_event, CAIRN_EVENT_PUSH)
DOWNCAST(cairn_event_as_displace, cairn_displace_event, CAIRN_EVENT_DISPLACE)
DOWNCAST(cairn_event_as_damage, cairn_damage_event, CAIRN_EVENT_DAMAGE)
DOWNCAST(cairn_event_as_status, cairn_status_event, CAIRN_EVENT_STATUS)

/* Result events of the built-in components: the kind and the component that made them. */
#define RESULT_DOWNCAST(fn, type, deco)                                                            \
    type *fn(cairn_event *ev)                                                                      \
    {                                                                                              \
        cairn_result_event *r = cairn_event_as_result(ev);                                         \
        return r && r->component == (deco) ? (type *)(void *)r : NULL;                             \
    }

RESULT_DOWNCAST(cairn_event_as_move, cairn_move_event, CAIRN_DECO_MOVING)
RESULT_DOWNCAST(cairn_event_as_attack, cairn_attack_event, CAIRN_DECO_ATTACKING)
RESULT_DOWNCAST(cairn_event_as_dig, cairn_dig_event, CAIRN_DECO_DIGGING)
