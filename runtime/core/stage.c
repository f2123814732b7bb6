/*
 * stage.c - what every built-in action component is made of: its result event, its check
 * and get stages, its ending with the success or failure chain, and the rule for what
 * blocks a cell.
 */
#include <string.h>

#include "world.h"

cairn_result_event *cairn__result_new(cairn_world *w, cairn_decorator_id component, size_t size,
                                      cairn_entity_id actor, cairn_dir dir)
{
    cairn_event *head =
        cairn_event_new_sized(w, CAIRN_EVENT_RESULT, size, actor, (cairn_action){0, (uint8_t)dir});
    if (!head)
        return NULL;
    cairn_result_event *ev = cairn_event_as_result(head);
    memset((unsigned char *)ev + sizeof ev->head, 0, size - sizeof ev->head);
    ev->component = component;
    return ev;
}

cairn_err cairn__result_finish(cairn_world *w, cairn_result_event *ev, bool success,
                               cairn_chain_id on_success, cairn_chain_id on_failure,
                               cairn_result_event **out)
{
    ev->head.success = success;
    *out = ev;
    if (!cairn__entity_current(w, ev->head.actor))
        return CAIRN_OK; /* destroyed by a handler: nobody left to tell */
    return cairn_entity_pass_all(w, ev->head.actor, success ? on_success : on_failure, &ev->head);
}

cairn_err cairn__stage(cairn_world *w, cairn_entity_id id, cairn_chain_id name, cairn_event *ev,
                       bool *held)
{
    ev->propagate = true;
    cairn_err st = cairn_entity_pass(w, id, name, ev);
    *held = st == CAIRN_OK && ev->propagate;
    return st;
}

cairn_entity_id cairn__blocker(cairn_world *w, cairn_cell cell, unsigned layer, bool *in_bounds)
{
    cairn_entity_id id = CAIRN_ENTITY_NONE;
    *in_bounds = cairn__in_bounds(w, cell);
    if (!*in_bounds)
        return id;
    id = cairn__grid_tenant(w, cell, CAIRN_LAYER_WALL);
    if (cairn_entity_id_is_none(id) && layer != CAIRN_LAYER_WALL)
        id = cairn__grid_tenant(w, cell, layer);
    return id;
}
