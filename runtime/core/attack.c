/*
 * attack.c - Attacking, Attackable and Pushable: an attack's stages, its targets, the
 * damage model and the push that may come with it; and the attack sources.
 */
#include <string.h>

#include "world.h"

/* --- sources --------------------------------------------------------------------------- */

cairn_err cairn_source_register(cairn_world *w, const char *name, cairn_source_id *out)
{
    uint32_t id;
    void *record;
    cairn_err st = cairn__registry_add(w, &w->registry[CAIRN_KIND_SOURCE], name, &id, &record);
    if (st == CAIRN_OK && out)
        *out = (cairn_source_id)id;
    return st;
}

cairn_err cairn_source_find(cairn_world *w, const char *name, cairn_source_id *out)
{
    uint32_t id;
    cairn_err st = cairn__registry_find(w, &w->registry[CAIRN_KIND_SOURCE], name, &id);
    if (st == CAIRN_OK && out)
        *out = (cairn_source_id)id;
    return st;
}

const char *cairn_source_name(const cairn_world *w, cairn_source_id source)
{
    return cairn_name(w, CAIRN_KIND_SOURCE, source);
}

/* --- the damage model ------------------------------------------------------------------ */

static int32_t clamp(int64_t v, int64_t lo, int64_t hi)
{
    return (int32_t)(v < lo ? lo : v > hi ? hi : v);
}

/* Whether the attack gets through the target's resistance to its source and its pierce
 * resistance: what its damage and its status both need. */
static bool reaches(const cairn_attack *attack, const cairn_attackable *target)
{
    unsigned source = attack->source < CAIRN_SOURCE_MAX ? attack->source : 0;
    return target->resistance[source] <= attack->power &&
           attack->pierce > target->pierce_resistance;
}

int32_t cairn_damage_model(const cairn_attack *attack, const cairn_attackable *target)
{
    if (!reaches(attack, target) || attack->damage <= 0)
        return 0;
    return clamp((int64_t)attack->damage - target->armor, 1, CAIRN_STAT_MAX);
}

bool cairn_attack_inflicts(const cairn_attack *attack)
{
    return attack->inflicts != CAIRN_STATUS_NONE && attack->inflict_magnitude != 0;
}

/* --- targets --------------------------------------------------------------------------- */

cairn_err cairn_attack_add_target(cairn_world *w, cairn_attack_event *ev, cairn_entity_id target)
{
    if (ev->hits)
        return cairn_world_fail(w, CAIRN_ERR_STATE,
                                "an attack's targets are fixed once its attack_get stage is over");
    cairn_err st = cairn_entity_check(w, target);
    if (st)
        return st;
    for (uint32_t i = 0; i < ev->target_count; i++)
        if (cairn_entity_id_eq(ev->targets[i], target))
            return CAIRN_OK;
    if (ev->target_count == ev->target_cap) {
        /* Arena memory is not freed one block at a time: the old array simply stays behind
         * until the beat ends. */
        uint32_t cap = ev->target_cap ? ev->target_cap * 2 : 4;
        cairn_entity_id *targets = cairn__arena_alloc(w, &w->arena, cap * sizeof *targets);
        if (!targets)
            return CAIRN_ERR_NOMEM;
        if (ev->target_count)
            memcpy(targets, ev->targets, ev->target_count * sizeof *targets);
        ev->targets = targets;
        ev->target_cap = cap;
    }
    ev->targets[ev->target_count++] = target;
    return CAIRN_OK;
}

/* The default target: the living, Attackable real in the next cell whose team the attack
 * may hit. */
static cairn_err default_target(cairn_world *w, cairn_attack_event *ev, cairn_dir dir)
{
    cairn_entity_id actor = ev->result.head.actor;
    const cairn_entity *e = &w->entities.slots[actor.index];
    if (dir == CAIRN_DIR_NONE || !(e->flags & CAIRN_ENTITY_PLACED))
        return CAIRN_OK;
    cairn_cell cell = cairn__walk(w, e->cell, dir, 1);
    if (!cairn__in_bounds(w, cell))
        return CAIRN_OK;
    cairn_entity_id target = cairn__grid_tenant(w, cell, CAIRN_LAYER_REAL);
    if (!cairn__alive(w, target))
        return CAIRN_OK;
    const cairn_attackable *a = cairn__data(w, target, CAIRN_DECO_ATTACKABLE);
    if (!a || a->team >= 32 || !(ev->attack.targets & (UINT32_C(1) << a->team)))
        return CAIRN_OK;
    return cairn_attack_add_target(w, ev, target);
}

/* --- pushing --------------------------------------------------------------------------- */

static cairn_err push(cairn_world *w, cairn_hit_event *hit, cairn_push push, cairn_dir dir)
{
    cairn_entity_id target = hit->target;
    const cairn_entity *e = &w->entities.slots[target.index];
    const cairn_pushable *pushable = cairn__data(w, target, CAIRN_DECO_PUSHABLE);
    if (!pushable || push.distance <= 0 || dir == CAIRN_DIR_NONE ||
        !(e->flags & CAIRN_ENTITY_PLACED))
        return CAIRN_OK;
    cairn_push_event *ev = cairn_event_as_push(
        cairn_event_new(w, CAIRN_EVENT_PUSH, hit->head.actor, (cairn_action){0, (uint8_t)dir}));
    if (!ev)
        return CAIRN_ERR_NOMEM;
    ev->target = target;
    ev->push = push;
    ev->dir = (uint8_t)dir;
    ev->from = ev->to = e->cell;
    hit->push = ev;
    bool held;
    cairn_err st = cairn__stage(w, target, CAIRN_CHAIN_PUSH_CHECK, &ev->head, &held);
    if (st || !held || !cairn__alive(w, target))
        return st;
    /* The stage may have moved the entity table, or the target itself. */
    pushable = cairn__data(w, target, CAIRN_DECO_PUSHABLE);
    e = &w->entities.slots[target.index];
    if (ev->push.power < pushable->resistance || !(e->flags & CAIRN_ENTITY_PLACED))
        return CAIRN_OK;
    ev->from = ev->to = e->cell;
    int32_t distance = clamp(ev->push.distance, 0, CAIRN_STAT_MAX);
    cairn_travel travel;
    if ((st = cairn__travel(w, target, cairn__walk(w, ev->from, dir, distance), dir, distance,
                            hit->head.actor, &travel)))
        return st;
    if (travel.moved) {
        ev->to = travel.reached;
        ev->moved = travel.moved;
        st = cairn__history_add(w, (cairn_change){.kind = CAIRN_CHANGE_PUSHED,
                                                  .entity = target,
                                                  .other = hit->head.actor,
                                                  .from = ev->from,
                                                  .to = travel.reached,
                                                  .amount = travel.moved});
    }
    if (st || !cairn__entity_current(w, target))
        return st;
    return cairn_entity_pass_all(w, target, CAIRN_CHAIN_BE_PUSHED, &ev->head);
}

/* The way a push of the target goes: the attack's direction, but for a target in the next
 * cell through a portal, which is pushed the way the attack arrived there (a portal may turn
 * it). */
static cairn_dir push_dir(cairn_world *w, cairn_entity_id actor, cairn_entity_id target,
                          cairn_dir dir)
{
    const cairn_entity *a = &w->entities.slots[actor.index];
    const cairn_entity *t = &w->entities.slots[target.index];
    if (!w->portal_count || dir == CAIRN_DIR_NONE || !(a->flags & CAIRN_ENTITY_PLACED) ||
        !(t->flags & CAIRN_ENTITY_PLACED))
        return dir;
    int turn;
    cairn_cell next = cairn_portal_step(w, a->cell, dir, &turn);
    return next.x == t->cell.x && next.y == t->cell.y ? cairn_dir_rotate(dir, turn) : dir;
}

/* --- hitting --------------------------------------------------------------------------- */

/* The attack's status on a target it reached, given by the attacker (its status_give, the
 * target's status_receive, resistances and saves); h->inflicted says what landed. A target
 * that cannot carry statuses takes none. */
static cairn_err inflict(cairn_world *w, cairn_hit_event *h)
{
    const cairn_attack *a = &h->attack;
    if (!cairn_type_has_decorator(w, w->entities.slots[h->target.index].type, CAIRN_DECO_STATUSED))
        return CAIRN_OK;
    int32_t beats = a->inflict_beats > 0 ? a->inflict_beats : 0; /* 0: lasting */
    return cairn_status_give(w, h->head.actor, h->target, a->inflicts, a->inflict_magnitude, beats,
                             &h->inflicted);
}

/* One target's side: defence, the damage model, the damage, the decay of the statuses worn
 * down by a hit, the status the hit brings, be_hit, the push. */
static cairn_err hit(cairn_world *w, cairn_attack_event *ev, uint32_t i, cairn_dir dir)
{
    cairn_entity_id target = ev->targets[i];
    ev->hits[i] = NULL;
    if (!cairn__alive(w, target) ||
        !cairn_type_has_decorator(w, w->entities.slots[target.index].type, CAIRN_DECO_ATTACKABLE))
        return CAIRN_OK;
    cairn_hit_event *h = cairn_event_as_hit(cairn_event_new(
        w, CAIRN_EVENT_HIT, ev->result.head.actor, (cairn_action){0, (uint8_t)dir}));
    if (!h)
        return CAIRN_ERR_NOMEM;
    h->target = target;
    h->attack = ev->attack;
    ev->hits[i] = h;
    bool held;
    cairn_err st = cairn__stage(w, target, CAIRN_CHAIN_DEFENCE, &h->head, &held);
    if (st)
        return st;
    h->blocked = !held;
    const cairn_attackable *attackable = cairn__data(w, target, CAIRN_DECO_ATTACKABLE);
    bool reached = held && attackable && cairn__alive(w, target) && reaches(&h->attack, attackable);
    if (reached)
        h->damage = cairn_damage_model(&h->attack, attackable);
    st = cairn__history_add(w, (cairn_change){.kind = CAIRN_CHANGE_ATTACKED,
                                              .entity = target,
                                              .other = h->head.actor,
                                              .amount = h->damage,
                                              .detail = h->attack.source});
    if (st == CAIRN_OK && h->damage > 0 &&
        cairn_type_has_decorator(w, w->entities.slots[target.index].type, CAIRN_DECO_WITH_HP))
        st = cairn_entity_damage(w, target, h->damage, h->head.actor, &h->killed);
    /* The statuses that wear down as their bearer is hit (not blocked): those it had before
     * this hit, not the one the hit brings. */
    if (st == CAIRN_OK && held && cairn__alive(w, target))
        st = cairn_status_decay(w, target, CAIRN_DECAY_HIT);
    if (st == CAIRN_OK && reached && cairn_attack_inflicts(&h->attack) && cairn__alive(w, target))
        st = inflict(w, h);
    if (st == CAIRN_OK && cairn__entity_current(w, target))
        st = cairn_entity_pass_all(w, target, CAIRN_CHAIN_BE_HIT, &h->head);
    if (st == CAIRN_OK && held && cairn__alive(w, target))
        st = push(w, h, ev->push, push_dir(w, h->head.actor, target, dir));
    return st;
}

/* The aim's numbers and living targets, after attack_get: the caller's word is the last. */
static cairn_err take_aim(cairn_world *w, cairn_attack_event *ev, const cairn_aim *aim)
{
    ev->attack.damage = aim->damage;
    if (aim->set & CAIRN_AIM_PIERCE)
        ev->attack.pierce = aim->pierce;
    if (aim->set & CAIRN_AIM_POWER)
        ev->attack.power = aim->power;
    if (aim->set & CAIRN_AIM_SOURCE)
        ev->attack.source = aim->source;
    if (aim->set & CAIRN_AIM_STATUS) {
        ev->attack.inflicts = aim->inflicts;
        ev->attack.inflict_magnitude = aim->inflict_magnitude;
        ev->attack.inflict_beats = aim->inflict_beats;
    }
    for (uint32_t i = 0; i < aim->count; i++) {
        if (!cairn__alive(w, aim->targets[i]))
            continue;
        cairn_err st = cairn_attack_add_target(w, ev, aim->targets[i]);
        if (st)
            return st;
    }
    return CAIRN_OK;
}

static cairn_err finish(cairn_world *w, cairn_attack_event *ev, bool success,
                        cairn_result_event **out)
{
    return cairn__result_finish(w, &ev->result, success, CAIRN_CHAIN_ATTACK_SUCCESS,
                                CAIRN_CHAIN_ATTACK_FAILURE, out);
}

cairn_err cairn__attack_activate(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                                 cairn_result_event **out, void *ud)
{
    (void)ud;
    /* The aim is this attack's alone: one its stages start is the usual kind. */
    const cairn_aim *aim = w->aim;
    w->aim = NULL;
    cairn_attack_event *ev = (cairn_attack_event *)(void *)cairn__result_new(
        w, CAIRN_DECO_ATTACKING, sizeof *ev, actor, dir);
    if (!ev)
        return CAIRN_ERR_NOMEM;
    const cairn_attacking *attacking = cairn__data(w, actor, CAIRN_DECO_ATTACKING);
    if (attacking) {
        ev->attack = attacking->attack;
        ev->push = attacking->push;
    }
    bool held;
    cairn_err st = cairn__stage(w, actor, CAIRN_CHAIN_ATTACK_CHECK, &ev->result.head, &held);
    held = held && cairn__alive(w, actor);
    if (st == CAIRN_OK && held)
        st = default_target(w, ev, dir);
    if (st == CAIRN_OK && held)
        st = cairn__stage(w, actor, CAIRN_CHAIN_ATTACK_GET, &ev->result.head, &held);
    if (st == CAIRN_OK && held && aim)
        st = take_aim(w, ev, aim);
    if (st || !held || ev->target_count == 0 || !cairn__alive(w, actor))
        return st ? st : finish(w, ev, false, out);
    ev->hits = cairn__arena_alloc(w, &w->arena, ev->target_count * sizeof *ev->hits);
    if (!ev->hits)
        return CAIRN_ERR_NOMEM;
    for (uint32_t i = 0; i < ev->target_count; i++)
        if ((st = hit(w, ev, i, dir)))
            return st;
    if (cairn__entity_current(w, actor) &&
        (st = cairn_entity_pass_all(w, actor, CAIRN_CHAIN_ATTACK_DO, &ev->result.head)))
        return st;
    return finish(w, ev, true, out);
}

cairn_err cairn_attack_aimed(cairn_world *w, cairn_entity_id actor, const cairn_aim *aim,
                             bool *success)
{
    if (!aim || (aim->count && !aim->targets))
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "an aimed attack needs its targets");
    if (aim->set & CAIRN_AIM_SOURCE && aim->source >= CAIRN_SOURCE_MAX)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "%u is not an attack source",
                                (unsigned)aim->source);
    if (aim->set & CAIRN_AIM_STATUS && aim->inflicts != CAIRN_STATUS_NONE &&
        !cairn_status_name(w, aim->inflicts))
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "%u is not a status",
                                (unsigned)aim->inflicts);
    if (success)
        *success = false;
    const cairn_aim *outer = w->aim;
    w->aim = aim;
    cairn_err st = cairn_action_do(w, actor, (cairn_action){CAIRN_ACTION_ATTACK, CAIRN_DIR_NONE},
                                   NULL, success);
    w->aim = outer;
    return st;
}

/* --- foes ------------------------------------------------------------------------------ */

/* The teams the actor's attacks are for, as a mask (see cairn_entity_is_foe). */
static uint32_t foe_teams(cairn_world *w, cairn_entity_id actor)
{
    const cairn_attacking *attacking = cairn__data(w, actor, CAIRN_DECO_ATTACKING);
    if (attacking)
        return attacking->attack.targets;
    const cairn_attackable *own = cairn__data(w, actor, CAIRN_DECO_ATTACKABLE);
    if (own && own->team < 32)
        return UINT32_MAX & ~(UINT32_C(1) << own->team);
    return UINT32_MAX;
}

/* Whether other is a foe for those teams, once it is known to be on the real layer. */
static bool is_foe_there(cairn_world *w, cairn_entity_id actor, uint32_t teams,
                         cairn_entity_id other)
{
    if (cairn_entity_id_eq(other, actor) || !cairn__alive(w, other))
        return false;
    const cairn_attackable *a = cairn__data(w, other, CAIRN_DECO_ATTACKABLE);
    return a && a->team < 32 && (teams & (UINT32_C(1) << a->team));
}

bool cairn_entity_is_foe(cairn_world *w, cairn_entity_id actor, cairn_entity_id other)
{
    if (!cairn__entity_current(w, actor) || !cairn__entity_current(w, other))
        return false;
    const cairn_entity *e = &w->entities.slots[other.index];
    return (e->flags & CAIRN_ENTITY_PLACED) && cairn__in_bounds(w, e->cell) &&
           cairn_entity_id_eq(cairn__grid_tenant(w, e->cell, CAIRN_LAYER_REAL), other) &&
           is_foe_there(w, actor, foe_teams(w, actor), other);
}

cairn_err cairn_entity_foes(cairn_world *w, cairn_entity_id actor, cairn_entity_id *out, size_t cap,
                            size_t *count)
{
    cairn_err st = cairn_entity_check(w, actor);
    if (st)
        return st;
    uint32_t teams = foe_teams(w, actor);
    size_t n = 0;
    for (int32_t y = 0; y < w->grid.height; y++)
        for (int32_t x = 0; x < w->grid.width; x++) {
            cairn_entity_id id = cairn__grid_tenant(w, (cairn_cell){x, y}, CAIRN_LAYER_REAL);
            if (!cairn_entity_id_is_none(id) && is_foe_there(w, actor, teams, id)) {
                if (n < cap)
                    out[n] = id;
                n++;
            }
        }
    *count = n;
    return CAIRN_OK;
}
