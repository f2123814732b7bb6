/*
 * act.c - actions, Acting's execution and the algorithms that carry actions out.
 *
 * One entity's action is three nested events: the enclosing event (cairn_entity_act), the
 * algo event (the algorithm) and the result event (the component that succeeded). The
 * general algorithm is where the beat's ordering problem is solved: an enemy blocked by one
 * that has not acted yet lets it act first, so a line of enemies moves as one whatever the
 * order they were spawned in; doing_action marks the entities up the current call stack so a
 * ring of enemies blocking each other ends instead of recursing.
 */
#include "world.h"

/* --- actions --------------------------------------------------------------------------- */

cairn_err cairn_action_register(cairn_world *w, const char *name,
                                const cairn_decorator_id *components, size_t count,
                                cairn_action_id *out)
{
    const char *label = name ? name : "?";
    if (count > CAIRN_ACTION_COMPONENTS_MAX || (count && !components))
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "action \"%s\": %zu components (at most %d)",
                                label, count, CAIRN_ACTION_COMPONENTS_MAX);
    for (size_t i = 0; i < count; i++) {
        cairn_decorator_id deco = components[i];
        if (deco >= w->registry[CAIRN_KIND_DECORATOR].names.count ||
            !cairn__decorators(w)[deco].activate)
            return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                    "action \"%s\": component %zu (decorator %s) cannot be "
                                    "activated: it needs an activate callback",
                                    label, i + 1, cairn__decorator_label(w, deco));
    }
    uint32_t id;
    cairn_action_def *def;
    cairn_err st =
        cairn__registry_add(w, &w->registry[CAIRN_KIND_ACTION], name, &id, (void **)&def);
    if (st)
        return st;
    def->count = (uint8_t)count;
    for (size_t i = 0; i < count; i++)
        def->components[i] = components[i];
    if (out)
        *out = (cairn_action_id)id;
    return CAIRN_OK;
}

cairn_err cairn_action_find(cairn_world *w, const char *name, cairn_action_id *out)
{
    return cairn__registry_find16(w, &w->registry[CAIRN_KIND_ACTION], name, out);
}

const char *cairn_action_name(const cairn_world *w, cairn_action_id action)
{
    return cairn_name(w, CAIRN_KIND_ACTION, action);
}

/* An activation told to the observer (cairn_world_observe). */
static cairn_err observed_activate(cairn_world *w, const cairn_decorator *d,
                                   cairn_decorator_id deco, cairn_entity_id actor, cairn_dir dir,
                                   cairn_result_event **ev)
{
    cairn_observation o = {
        .what = CAIRN_OBSERVED_COMPONENT, .entity = actor, .component = deco, .dir = dir};
    cairn__observe(w, &o);
    cairn_err st = d->activate(w, actor, dir, ev, d->ud);
    o.end = true;
    o.code = st;
    o.ev = *ev ? &(*ev)->head : NULL;
    cairn__observe(w, &o);
    return st;
}

/* The components are looked up by index each time: an activation may register things. */
static cairn_err perform(cairn_world *w, cairn_entity_id actor, cairn_action action,
                         cairn_result_event **result, bool *success)
{
    *result = NULL;
    const cairn_action_def *def =
        cairn__registry_get(w, &w->registry[CAIRN_KIND_ACTION], action.id);
    if (!def)
        return w->error.code;
    uint32_t count = def->count;
    *success = count == 0;
    for (uint32_t i = 0; i < count && !*success && cairn__alive(w, actor); i++) {
        def = (const cairn_action_def *)w->registry[CAIRN_KIND_ACTION].records + action.id;
        cairn_decorator_id deco = def->components[i];
        if (!cairn_type_has_decorator(w, w->entities.slots[actor.index].type, deco))
            continue; /* the actor cannot do this part */
        const cairn_decorator *d = &cairn__decorators(w)[deco];
        cairn_result_event *ev = NULL;
        cairn_err st = w->observer
                           ? observed_activate(w, d, deco, actor, (cairn_dir)action.dir, &ev)
                           : d->activate(w, actor, (cairn_dir)action.dir, &ev, d->ud);
        if (st)
            return st;
        if (ev) {
            *result = ev;
            *success = ev->head.success;
        }
    }
    return CAIRN_OK;
}

cairn_err cairn_action_do(cairn_world *w, cairn_entity_id actor, cairn_action action,
                          cairn_result_event **result, bool *success)
{
    if (!cairn__alive(w, actor))
        return cairn_entity_check(w, actor)
                   ? w->error.code
                   : cairn_world_fail(w, CAIRN_ERR_STATE, "entity %u is dead: it cannot act",
                                      actor.index);
    if (action.dir > CAIRN_DIR_NONE)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "%d is not a direction", (int)action.dir);
    cairn_result_event *ev;
    bool ok = false;
    cairn_err st = perform(w, actor, action, &ev, &ok);
    if (st == CAIRN_OK) {
        if (result)
            *result = ev;
        if (success)
            *success = ok;
    }
    return st;
}

/* --- algorithms ------------------------------------------------------------------------ */

cairn_err cairn_algo_register(cairn_world *w, const char *name, cairn_algo_fn fn, void *ud,
                              cairn_algo_id *out)
{
    if (!fn)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "algorithm \"%s\" has no function",
                                name ? name : "?");
    uint32_t id;
    cairn_algo_def *def;
    cairn_err st = cairn__registry_add(w, &w->registry[CAIRN_KIND_ALGO], name, &id, (void **)&def);
    if (st)
        return st;
    *def = (cairn_algo_def){fn, ud};
    if (out)
        *out = (cairn_algo_id)id;
    return CAIRN_OK;
}

cairn_err cairn_algo_find(cairn_world *w, const char *name, cairn_algo_id *out)
{
    return cairn__registry_find16(w, &w->registry[CAIRN_KIND_ALGO], name, out);
}

const char *cairn_algo_name(const cairn_world *w, cairn_algo_id algo)
{
    return cairn_name(w, CAIRN_KIND_ALGO, algo);
}

/* The algorithm settles on dir: the actor faces it (a turn is a change of its own). */
static cairn_err settle_on(cairn_world *w, cairn_algo_event *ev, cairn_dir dir,
                           cairn_result_event *result)
{
    ev->direction = (uint8_t)dir;
    ev->head.action.dir = (uint8_t)dir;
    ev->result = result;
    ev->head.success = true;
    if (dir != CAIRN_DIR_NONE && cairn__entity_current(w, ev->head.actor))
        return cairn__entity_turn(w, ev->head.actor, dir);
    return CAIRN_OK;
}

/* The blocker can still act this beat, and waiting for it is not a cycle. */
static bool can_go_first(cairn_world *w, cairn_entity_id blocker)
{
    if (!cairn__alive(w, blocker) || w->act_depth >= CAIRN_ACT_DEPTH_MAX)
        return false;
    const cairn_acting *acting = cairn__data(w, blocker, CAIRN_DECO_ACTING);
    return acting && !acting->did_action && !acting->doing_action;
}

cairn_err cairn_algo_attempt(cairn_world *w, cairn_algo_event *ev, cairn_dir dir, bool *success)
{
    cairn_action action = {ev->head.action.id, (uint8_t)dir};
    for (int attempt = 0;; attempt++) {
        cairn_result_event *result;
        bool ok = false;
        cairn_err st = perform(w, ev->head.actor, action, &result, &ok);
        if (st)
            return st;
        if (ok) {
            *success = true;
            return settle_on(w, ev, dir, result);
        }
        if (!cairn__alive(w, ev->head.actor))
            break; /* it died trying */
        cairn_entity_id blocker = result ? result->blocker : CAIRN_ENTITY_NONE;
        if (attempt > 0 || !can_go_first(w, blocker))
            break;
        if ((st = cairn_entity_act(w, blocker)))
            return st;
    }
    *success = false;
    return CAIRN_OK;
}

cairn_err cairn__algo_simple(cairn_world *w, cairn_algo_event *ev, void *ud)
{
    (void)ud;
    cairn_dir dir = (cairn_dir)ev->head.action.dir;
    cairn_result_event *result;
    bool ok = false;
    cairn_err st = perform(w, ev->head.actor, ev->head.action, &result, &ok);
    if (st)
        return st;
    return ok ? settle_on(w, ev, dir, result) : CAIRN_OK;
}

cairn_err cairn__algo_general(cairn_world *w, cairn_algo_event *ev, void *ud)
{
    (void)ud;
    cairn_dir dirs[CAIRN_DIR_COUNT];
    size_t count = 1;
    dirs[0] = (cairn_dir)ev->head.action.dir;
    if (dirs[0] == CAIRN_DIR_NONE) {
        if (ev->head.action.id == CAIRN_ACTION_NONE)
            return settle_on(w, ev, CAIRN_DIR_NONE, NULL);
        cairn_err st = cairn_movs_dirs(w, ev->movs, ev->head.actor, dirs, &count);
        if (st)
            return st;
    }
    for (size_t i = 0; i < count; i++) {
        bool ok = false;
        cairn_err st = cairn_algo_attempt(w, ev, dirs[i], &ok);
        if (st || ok || !cairn__alive(w, ev->head.actor))
            return st;
    }
    return CAIRN_OK;
}

/* --- Acting ---------------------------------------------------------------------------- */

/* An algorithm told to the observer (cairn_world_observe). */
static cairn_err observed_algo(cairn_world *w, const cairn_algo_def *def, cairn_algo_event *algo)
{
    cairn_observation o = {
        .what = CAIRN_OBSERVED_ALGO, .entity = algo->head.actor, .ev = &algo->head};
    cairn__observe(w, &o);
    cairn_err st = def->fn(w, algo, def->ud);
    o.end = true;
    o.code = st;
    cairn__observe(w, &o);
    return st;
}

static cairn_err run_algorithm(cairn_world *w, cairn_enclosing_event *enc, cairn_acting *acting)
{
    cairn_entity_id id = enc->head.actor;
    cairn_algo_event *algo =
        cairn_event_as_algo(cairn_event_new(w, CAIRN_EVENT_ALGO, id, enc->head.action));
    if (!algo)
        return CAIRN_ERR_NOMEM;
    algo->movs = acting->movs;
    algo->direction = CAIRN_DIR_NONE; /* where it went: nowhere until it settles */
    enc->algo = algo;
    const cairn_algo_def *def = cairn__registry_get(w, &w->registry[CAIRN_KIND_ALGO], acting->algo);
    if (!def)
        return w->error.code;
    cairn_err st = w->observer ? observed_algo(w, def, algo) : def->fn(w, algo, def->ud);
    enc->head.success = algo->head.success;
    if (algo->head.success)
        enc->head.action.dir = algo->direction;
    return st;
}

static cairn_err act_stages(cairn_world *w, cairn_entity_id id, cairn_acting *acting,
                            cairn_enclosing_event *enc);

static cairn_err execute(cairn_world *w, cairn_entity_id id, cairn_acting *acting)
{
    if (acting->next.dir > CAIRN_DIR_NONE ||
        acting->next.id >= w->registry[CAIRN_KIND_ACTION].names.count)
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "entity %u (%s) computed action %u in direction %u, which is not "
                                "an action and a direction",
                                id.index, cairn_type_name(w, w->entities.slots[id.index].type),
                                (unsigned)acting->next.id, (unsigned)acting->next.dir);
    cairn_enclosing_event *enc =
        cairn_event_as_enclosing(cairn_event_new(w, CAIRN_EVENT_ENCLOSING, id, acting->next));
    if (!enc)
        return CAIRN_ERR_NOMEM;
    acting->last = enc;
    if (!w->observer)
        return act_stages(w, id, acting, enc);
    cairn_observation o = {.what = CAIRN_OBSERVED_ACT, .entity = id, .ev = &enc->head};
    cairn__observe(w, &o);
    cairn_err st = act_stages(w, id, acting, enc);
    o.end = true;
    o.code = st;
    cairn__observe(w, &o);
    return st;
}

/* Acting's stages around the algorithm. */
static cairn_err act_stages(cairn_world *w, cairn_entity_id id, cairn_acting *acting,
                            cairn_enclosing_event *enc)
{
    bool held;
    cairn_err st = cairn__stage(w, id, CAIRN_CHAIN_ACT_CHECK, &enc->head, &held);
    enc->check_success = held;
    if (st == CAIRN_OK && held && cairn__alive(w, id)) {
        /* The algorithm may make others act, and their acting may end this one's data. */
        st = run_algorithm(w, enc, acting);
    }
    if (st || !cairn__alive(w, id))
        return st;
    return cairn_entity_pass_all(
        w, id, enc->head.success ? CAIRN_CHAIN_ACT_SUCCESS : CAIRN_CHAIN_ACT_FAILURE, &enc->head);
}

cairn_err cairn_entity_act(cairn_world *w, cairn_entity_id id)
{
    cairn_err st = cairn_entity_check(w, id);
    if (st || !cairn__alive(w, id))
        return st;
    cairn_acting *acting = cairn__data(w, id, CAIRN_DECO_ACTING);
    if (!acting || acting->did_action || acting->doing_action)
        return CAIRN_OK;
    acting->doing_action = true;
    w->act_depth++;
    st = execute(w, id, acting);
    w->act_depth--;
    /* A killed entity keeps its data until the reap, but one a handler destroyed outright
     * does not: its block may hold another entity by now. */
    if (cairn__entity_current(w, id)) {
        acting->doing_action = false;
        acting->did_action = true;
    }
    return st;
}

/* --- PlayerControl --------------------------------------------------------------------- */

cairn_err cairn_player_input(cairn_world *w, cairn_entity_id id, cairn_action action)
{
    cairn_err st = cairn_entity_check(w, id);
    if (st)
        return st;
    cairn_player_control *pc = cairn__data(w, id, CAIRN_DECO_PLAYER_CONTROL);
    if (!pc)
        return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "entity %u has no PlayerControl", id.index);
    if (action.id >= w->registry[CAIRN_KIND_ACTION].names.count || action.dir > CAIRN_DIR_NONE)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "input: no action %u in direction %u",
                                (unsigned)action.id, (unsigned)action.dir);
    /* Input of none is no input: the world is the one a beat leaves behind (its snapshot and
     * checksum agree), so a front end that takes back what it gave changes nothing. */
    const cairn_action none = {CAIRN_ACTION_NONE, CAIRN_DIR_NONE};
    pc->has_input = action.id != CAIRN_ACTION_NONE;
    pc->input = pc->has_input ? action : none;
    return CAIRN_OK;
}

void cairn_player_set_perform(cairn_world *w, cairn_activate_fn fn, void *ud)
{
    w->perform = fn;
    w->perform_ud = ud;
}

cairn_err cairn__player_activate(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                                 cairn_result_event **out, void *ud)
{
    (void)ud;
    if (!w->perform)
        return cairn_world_fail(w, CAIRN_ERR_STATE,
                                "perform: the host has given PlayerControl nothing to perform");
    return w->perform(w, actor, dir, out, w->perform_ud);
}

cairn_err cairn__player_compute(cairn_world *w, cairn_entity_id id, void *data, void *ud)
{
    (void)ud;
    cairn_player_control *pc = data;
    cairn_acting *acting = cairn__data(w, id, CAIRN_DECO_ACTING);
    const cairn_action none = {CAIRN_ACTION_NONE, CAIRN_DIR_NONE};
    acting->next = pc->has_input ? pc->input : none;
    acting->movs = CAIRN_MOVS_NONE;
    /* Consumed, it leaves nothing behind: a world where the player waited by saying so is the
     * same world as one where it said nothing (their snapshots and checksums agree). */
    pc->input = none;
    pc->has_input = false;
    return CAIRN_OK;
}
