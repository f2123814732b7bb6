/*
 * sequence.c - sequences and the Sequential decorator: the current step gives the next
 * action (compute), and the outcome of the beat moves the step on (tick).
 */
#include <string.h>

#include "world.h"

static cairn_err check_target(cairn_world *w, const char *name, size_t step, const char *what,
                              uint16_t target, size_t count)
{
    if (target > count)
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "sequence \"%s\" step %zu: %s goes to step %u, but there are "
                                "only %zu",
                                name, step + 1, what, (unsigned)target, count);
    return CAIRN_OK;
}

static cairn_err check_steps(cairn_world *w, const char *name, const cairn_step *steps,
                             size_t count)
{
    if (count == 0 || count > CAIRN_SEQUENCE_STEPS_MAX || !steps)
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "sequence \"%s\" has %zu steps; it needs 1 to %d", name, count,
                                CAIRN_SEQUENCE_STEPS_MAX);
    for (size_t i = 0; i < count; i++) {
        cairn_err st;
        if (steps[i].action >= w->registry[CAIRN_KIND_ACTION].names.count)
            return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND,
                                    "sequence \"%s\" step %zu: no action has id %u", name, i + 1,
                                    (unsigned)steps[i].action);
        if (steps[i].movs >= w->registry[CAIRN_KIND_MOVS].names.count)
            return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND,
                                    "sequence \"%s\" step %zu: no movs has id %u", name, i + 1,
                                    (unsigned)steps[i].movs);
        if ((st = check_target(w, name, i, "success", steps[i].on_success, count)) ||
            (st = check_target(w, name, i, "failure", steps[i].on_failure, count)))
            return st;
    }
    return CAIRN_OK;
}

cairn_err cairn_sequence_register(cairn_world *w, const char *name, const cairn_step *steps,
                                  size_t count, cairn_sequence_id *out)
{
    cairn_err st = check_steps(w, name ? name : "?", steps, count);
    if (st)
        return st;
    cairn_step *copy = cairn__alloc(w, count * sizeof *copy);
    if (!copy)
        return CAIRN_ERR_NOMEM;
    memcpy(copy, steps, count * sizeof *copy);
    uint32_t id;
    cairn_sequence_def *def;
    if ((st =
             cairn__registry_add(w, &w->registry[CAIRN_KIND_SEQUENCE], name, &id, (void **)&def))) {
        cairn__free(w, copy, count * sizeof *copy);
        return st;
    }
    def->steps = copy;
    def->count = (uint32_t)count;
    if (out)
        *out = (cairn_sequence_id)id;
    return CAIRN_OK;
}

cairn_err cairn_sequence_find(cairn_world *w, const char *name, cairn_sequence_id *out)
{
    return cairn__registry_find16(w, &w->registry[CAIRN_KIND_SEQUENCE], name, out);
}

const char *cairn_sequence_name(const cairn_world *w, cairn_sequence_id sequence)
{
    return cairn_name(w, CAIRN_KIND_SEQUENCE, sequence);
}

size_t cairn_sequence_length(const cairn_world *w, cairn_sequence_id sequence)
{
    if (sequence >= w->registry[CAIRN_KIND_SEQUENCE].names.count)
        return 0;
    return ((const cairn_sequence_def *)w->registry[CAIRN_KIND_SEQUENCE].records)[sequence].count;
}

void cairn__sequences_free(cairn_world *w)
{
    cairn_sequence_def *defs = w->registry[CAIRN_KIND_SEQUENCE].records;
    for (uint32_t i = 0; i < w->registry[CAIRN_KIND_SEQUENCE].names.count; i++)
        cairn__free(w, defs[i].steps, defs[i].count * sizeof *defs[i].steps);
}

/* --- Sequential ------------------------------------------------------------------------ */

static const cairn_sequence_def *sequence_of(cairn_world *w, cairn_entity_id id,
                                             const cairn_sequential *seq)
{
    if (seq->sequence < w->registry[CAIRN_KIND_SEQUENCE].names.count)
        return (const cairn_sequence_def *)w->registry[CAIRN_KIND_SEQUENCE].records + seq->sequence;
    cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "entity %u (%s): no sequence has id %u", id.index,
                     cairn_type_name(w, w->entities.slots[id.index].type), (unsigned)seq->sequence);
    return NULL;
}

/* Runs a step's enter or exit function; the entity's data is looked up again by the caller
 * afterwards. */
static cairn_err run_step_fn(cairn_world *w, cairn_entity_id id, const cairn_sequence_def *def,
                             uint32_t step, bool enter)
{
    const cairn_step *s = &def->steps[step];
    cairn_step_fn fn = enter ? s->enter : s->exit;
    return fn ? fn(w, id, step, s->ud) : CAIRN_OK;
}

cairn_err cairn__sequential_compute(cairn_world *w, cairn_entity_id id, void *data, void *ud)
{
    (void)ud;
    cairn_sequential *seq = data;
    const cairn_sequence_def *def = sequence_of(w, id, seq);
    if (!def)
        return w->error.code;
    if (seq->step >= def->count)
        seq->step = 0;
    if (!seq->entered) {
        seq->entered = true;
        uint32_t step = seq->step;
        cairn_err st = run_step_fn(w, id, def, step, true);
        if (st || !cairn__alive(w, id))
            return st;
        /* It may have registered sequences (moving the table) or changed the step. */
        seq = cairn__data(w, id, CAIRN_DECO_SEQUENTIAL);
        if (!(def = sequence_of(w, id, seq)))
            return w->error.code;
        if (seq->step >= def->count)
            seq->step = 0;
    }
    const cairn_step *step = &def->steps[seq->step];
    cairn_acting *acting = cairn__data(w, id, CAIRN_DECO_ACTING);
    acting->next = (cairn_action){step->action, CAIRN_DIR_NONE};
    acting->movs = step->movs;
    return CAIRN_OK;
}

/* The rules of the step's transitions, before `decide` has its say. */
static bool stays(const cairn_step *step, cairn_step_outcome *o, uint32_t count)
{
    if (!o->success && step->on_failure) {
        o->next = step->on_failure - 1u;
        return false;
    }
    if (o->done < (step->repeat ? step->repeat : 1u)) {
        o->next = o->step;
        return true;
    }
    o->next = step->on_success ? step->on_success - 1u : (o->step + 1) % count;
    return false;
}

/* A transition to the step the entity is in is no change of step: the step starts its
 * repeat count again, and its exit and enter functions, which frame a stay in a step, do not
 * run. */
static cairn_err go_to(cairn_world *w, cairn_entity_id id, uint32_t from, uint32_t to)
{
    cairn_sequential *seq = cairn__data(w, id, CAIRN_DECO_SEQUENTIAL);
    if (from == to) {
        seq->done = 0;
        return CAIRN_OK;
    }
    const cairn_sequence_def *def = sequence_of(w, id, seq);
    if (!def)
        return w->error.code;
    uint16_t sequence = seq->sequence;
    cairn_err st = from < def->count ? run_step_fn(w, id, def, from, false) : CAIRN_OK;
    if (st || !cairn__alive(w, id))
        return st;
    seq = cairn__data(w, id, CAIRN_DECO_SEQUENTIAL);
    if (seq->sequence != sequence || seq->step != from)
        return CAIRN_OK; /* the exit function switched the sequence or step itself */
    seq->step = (uint16_t)to;
    seq->done = 0;
    seq->entered = true;
    st = cairn__history_add(w, (cairn_change){.kind = CAIRN_CHANGE_STEP,
                                              .entity = id,
                                              .detail = seq->sequence,
                                              .amount = (int32_t)from,
                                              .value = (int32_t)to});
    if (st || !(def = sequence_of(w, id, seq)))
        return st ? st : w->error.code;
    return to < def->count ? run_step_fn(w, id, def, to, true) : CAIRN_OK;
}

cairn_err cairn__sequential_tick(cairn_world *w, cairn_entity_id id, void *data, void *ud)
{
    (void)ud;
    cairn_sequential *seq = data;
    const cairn_acting *acting = cairn__data(w, id, CAIRN_DECO_ACTING);
    if (!acting || !acting->last)
        return CAIRN_OK; /* it did not act this beat: nothing to advance from */
    const cairn_sequence_def *def = sequence_of(w, id, seq);
    if (!def)
        return w->error.code;
    if (seq->step >= def->count)
        seq->step = 0;
    const cairn_step *step = &def->steps[seq->step];
    cairn_step_outcome o = {seq->step, seq->done + 1u, acting->last->head.success, 0};
    bool stay = stays(step, &o, def->count);
    if (step->decide) {
        uint32_t ruled = o.next, count = def->count;
        uint16_t sequence = seq->sequence, current = seq->step;
        /* decide may register sequences (moving the table) or switch this one itself. */
        cairn_err st = step->decide(w, id, &o, step->ud);
        if (st || !cairn__alive(w, id))
            return st;
        seq = cairn__data(w, id, CAIRN_DECO_SEQUENTIAL);
        if (seq->sequence != sequence || seq->step != current)
            return CAIRN_OK;
        if (o.next >= count)
            return cairn_world_fail(
                w, CAIRN_ERR_INVALID, "sequence \"%s\" step %u: decide chose step %u of %u",
                cairn_sequence_name(w, seq->sequence), o.step + 1, o.next + 1, count);
        stay = stay && o.next == ruled;
        o.step = current;
    }
    if (stay) {
        seq->done = (uint16_t)(o.done < UINT16_MAX ? o.done : UINT16_MAX);
        return CAIRN_OK;
    }
    return go_to(w, id, o.step, o.next);
}
