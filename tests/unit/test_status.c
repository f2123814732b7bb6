/*
 * Statused: timed statuses whose apply callback hooks handlers onto one entity alone, which count
 * down in the tick stage of each later beat and, when they wear off, take their handlers with
 * them.
 *
 * The status most tests use is a stun: its apply callback hooks a veto on the entity's act_check
 * (the recorder 'V'), so a stunned skeleton does not act. Its tick callback writes 'T' and its
 * wear_off callback 'W' into the same trace, so a trace reads as the story of the beats.
 */
#include <string.h>

#include "map.h"

typedef struct stun {
    cairn_status_id id;
    trace trace;
    recorder veto; /* 'V': clears propagate on act_check */
    int applied, ticked, worn_off;
    bool apply_fails;       /* the apply callback hooks its veto, then fails */
    int32_t ticked_with[8]; /* what remaining said in each tick callback */
    cairn_phase tick_phase[8];
} stun;

static cairn_err stun_apply(cairn_world *w, cairn_entity_id id, cairn_status_id status, void *ud)
{
    stun *s = ud;
    s->applied++;
    cairn_err st = cairn_status_hook(w, id, status, CAIRN_CHAIN_ACT_CHECK,
                                     recorder_handler(&s->veto, CAIRN_RANK_MEDIUM));
    if (st)
        return st;
    if (s->apply_fails)
        return cairn_world_fail(w, CAIRN_ERR_HANDLER, "stun: the apply callback failed");
    return CAIRN_OK;
}

static cairn_err stun_tick(cairn_world *w, cairn_entity_id id, cairn_status_id status, void *ud)
{
    stun *s = ud;
    if (s->ticked < 8) {
        s->ticked_with[s->ticked] = cairn_status_remaining(w, id, status);
        s->tick_phase[s->ticked] = cairn_world_phase(w);
    }
    s->ticked++;
    trace_note(&s->trace, 'T');
    return CAIRN_OK;
}

static cairn_err stun_wear_off(cairn_world *w, cairn_entity_id id, cairn_status_id status, void *ud)
{
    (void)w;
    (void)id;
    (void)status;
    stun *s = ud;
    s->worn_off++;
    trace_note(&s->trace, 'W');
    return CAIRN_OK;
}

static void define_stun(test_map *m, stun *s)
{
    memset(s, 0, sizeof *s);
    s->veto = (recorder){.trace = &s->trace, .tag = 'V', .stop = true};
    const cairn_status_def def = {.name = "test:stun",
                                  .apply = stun_apply,
                                  .tick = stun_tick,
                                  .wear_off = stun_wear_off,
                                  .ud = s};
    assert_ok(m->w, cairn_status_define(m->w, &def, &s->id));
}

/* A status with no callbacks and no handlers: only its count. */
static cairn_status_id define_plain(test_map *m, const char *name)
{
    cairn_status_id id;
    assert_ok(m->w, cairn_status_define(m->w, &(cairn_status_def){.name = name}, &id));
    return id;
}

/* How many handlers the entity's act_check passes. */
static size_t act_check_count(test_map *m, cairn_entity_id id)
{
    cairn_chain *chain;
    assert_ok(m->w, cairn_entity_chain(m->w, id, CAIRN_CHAIN_ACT_CHECK, &chain));
    return cairn_chain_count(chain);
}

/* The only change of a kind in the current beat's history. */
static cairn_change only_change(test_map *m, cairn_change_kind kind)
{
    assert_int_equal(map_count_changes(m, kind), 1);
    size_t count;
    const cairn_change *changes = cairn_world_history(m->w, &count);
    for (size_t i = 0; i < count; i++)
        if (changes[i].kind == kind)
            return changes[i];
    fail_msg("no %s change", cairn_change_name(kind));
    return (cairn_change){0};
}

/* The map's one player. */
static cairn_entity_id player_of(test_map *m)
{
    for (int y = 0; y < cairn_grid_height(m->w); y++)
        for (int x = 0; x < cairn_grid_width(m->w); x++) {
            cairn_entity_id id = map_real(m, x, y);
            cairn_type_id type;
            if (!cairn_entity_id_is_none(id) && cairn_entity_type(m->w, id, &type) == CAIRN_OK &&
                type == m->player)
                return id;
        }
    fail_msg("the map has no player");
    return CAIRN_ENTITY_NONE;
}

/* A beat in which the player does nothing. */
static void idle(test_map *m)
{
    map_beat(m, player_of(m), CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
}

static void hooking_a_status_handler_on_one_skeleton_does_not_change_another(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s..@..s", NULL});
    stun s;
    define_stun(&m, &s);
    cairn_entity_id stunned = map_real(&m, 0, 0), other = map_real(&m, 6, 0);
    recorder failed = {.trace = &s.trace, .tag = 'F'};
    assert_ok(m.w, cairn_entity_hook(m.w, stunned, CAIRN_CHAIN_ACT_FAILURE,
                                     recorder_handler(&failed, CAIRN_RANK_MEDIUM), NULL));
    size_t other_checks = act_check_count(&m, other);

    assert_ok(m.w, cairn_status_apply(m.w, stunned, s.id, 2));
    assert_int_equal(s.applied, 1);
    assert_int_equal(cairn_status_remaining(m.w, stunned, s.id), 2);
    assert_int_equal(cairn_status_remaining(m.w, other, s.id), 0);
    assert_int_equal(act_check_count(&m, stunned), other_checks + 1);
    assert_int_equal(act_check_count(&m, other), other_checks);

    idle(&m);
    /* The stunned one stays; the other, of the same type, closes in. */
    map_assert(&m, (const char *[]){"s..@.s.", NULL});
    assert_false(map_last(&m, stunned)->check_success);
    assert_false(map_last(&m, stunned)->head.success);
    assert_null(map_last(&m, stunned)->algo);
    assert_true(map_last(&m, other)->check_success);
    assert_true(map_last(&m, other)->head.success);
    assert_string_equal(s.trace.log, "VFT"); /* veto, act_failure, then the stun's tick */
    assert_int_equal(act_check_count(&m, other), other_checks);
    map_close(&m);
}

static void a_stun_counts_down_each_beat_and_wears_off_in_the_tick(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    stun s;
    define_stun(&m, &s);
    cairn_entity_id skeleton = map_real(&m, 0, 0);
    assert_ok(m.w, cairn_status_apply(m.w, skeleton, s.id, 3));
    cairn_change on = only_change(&m, CAIRN_CHANGE_STATUS_ON);
    assert_true(cairn_entity_id_eq(on.entity, skeleton));
    assert_int_equal(on.detail, s.id);
    assert_int_equal(on.amount, 3);
    assert_int_equal(on.phase, CAIRN_PHASE_OUTSIDE);

    for (int32_t left = 2; left >= 1; left--) {
        idle(&m);
        assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), left);
        assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_STATUS_OFF), 0);
        assert_false(map_last(&m, skeleton)->check_success);
        map_assert(&m, (const char *[]){"s...@", NULL});
    }
    /* Beat 3: still stunned while acting, then the tick counts the last beat and it wears
     * off, unhooking its veto. */
    idle(&m);
    assert_false(map_last(&m, skeleton)->check_success);
    map_assert(&m, (const char *[]){"s...@", NULL});
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 0);
    cairn_change off = only_change(&m, CAIRN_CHANGE_STATUS_OFF);
    assert_true(cairn_entity_id_eq(off.entity, skeleton));
    assert_int_equal(off.detail, s.id);
    assert_int_equal(off.phase, CAIRN_PHASE_TICK);
    assert_int_equal(s.worn_off, 1);
    assert_int_equal(act_check_count(&m, skeleton), 0);
    assert_string_equal(s.trace.log, "VTVTVTW");

    /* Beat 4: it acts as any skeleton does. */
    idle(&m);
    assert_true(map_last(&m, skeleton)->check_success);
    map_assert(&m, (const char *[]){".s..@", NULL});
    assert_string_equal(s.trace.log, "VTVTVTW");
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_STATUS_OFF), 0);
    map_close(&m);
}

/* Applies the stun to `target` for `beats` from the player's act_success, once. */
typedef struct stunner {
    stun *stun;
    cairn_entity_id target;
    int32_t beats;
    bool done;
} stunner;

static cairn_err stun_on_success(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)ev;
    stunner *st = ud;
    if (st->done)
        return CAIRN_OK;
    st->done = true;
    return cairn_status_apply(w, st->target, st->stun->id, st->beats);
}

static void a_status_applied_while_acting_lasts_its_beats_after_that_beat(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@..s", NULL});
    stun s;
    define_stun(&m, &s);
    cairn_entity_id player = map_real(&m, 0, 0), skeleton = map_real(&m, 3, 0);
    stunner stunning = {.stun = &s, .target = skeleton, .beats = 2};
    assert_ok(m.w, cairn_entity_hook(m.w, player, CAIRN_CHAIN_ACT_SUCCESS,
                                     (cairn_handler){stun_on_success, &stunning, CAIRN_RANK_MEDIUM},
                                     NULL));
    /* Beat 1: the player's turn stuns the skeleton, which then cannot act; this beat's tick
     * leaves the count alone. */
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    cairn_change on = only_change(&m, CAIRN_CHANGE_STATUS_ON);
    assert_int_equal(on.phase, CAIRN_PHASE_PLAYERS);
    assert_int_equal(on.amount, 2);
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 2);
    assert_int_equal(s.ticked, 0);
    map_assert(&m, (const char *[]){"@..s", NULL});
    /* Beats 2 and 3: its two beats. */
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 1);
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 0);
    assert_int_equal(only_change(&m, CAIRN_CHANGE_STATUS_OFF).phase, CAIRN_PHASE_TICK);
    map_assert(&m, (const char *[]){"@..s", NULL});
    assert_string_equal(s.trace.log, "VVTVTW");
    /* Beat 4: free. */
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    map_assert(&m, (const char *[]){"@.s.", NULL});
    map_close(&m);
}

static void reapplying_while_acting_counts_the_new_beats_after_that_beat(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@...s", NULL});
    stun s;
    define_stun(&m, &s);
    cairn_entity_id player = map_real(&m, 0, 0), skeleton = map_real(&m, 4, 0);
    /* Stunned for this beat only, and then, during it, for the 3 beats after it. */
    assert_ok(m.w, cairn_status_apply(m.w, skeleton, s.id, 1));
    stunner stunning = {.stun = &s, .target = skeleton, .beats = 3};
    assert_ok(m.w, cairn_entity_hook(m.w, player, CAIRN_CHAIN_ACT_SUCCESS,
                                     (cairn_handler){stun_on_success, &stunning, CAIRN_RANK_MEDIUM},
                                     NULL));
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    assert_int_equal(s.applied, 1);
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 3);
    for (int32_t left = 2; left >= 0; left--) {
        map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
        assert_false(map_last(&m, skeleton)->check_success);
        assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), left);
    }
    map_assert(&m, (const char *[]){"@...s", NULL});
    assert_int_equal(s.worn_off, 1);
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    map_assert(&m, (const char *[]){"@..s.", NULL});
    map_close(&m);
}

static void applying_again_keeps_the_longer_count_and_applies_once(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    stun s;
    define_stun(&m, &s);
    cairn_entity_id skeleton = map_real(&m, 0, 0);
    assert_ok(m.w, cairn_status_apply(m.w, skeleton, s.id, 2));
    assert_ok(m.w, cairn_status_apply(m.w, skeleton, s.id, 5));
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 5);
    assert_ok(m.w, cairn_status_apply(m.w, skeleton, s.id, 3));
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 5);
    assert_int_equal(s.applied, 1);
    assert_int_equal(act_check_count(&m, skeleton), 1); /* one veto, not two */
    for (int beat_no = 1; beat_no <= 5; beat_no++)
        idle(&m);
    map_assert(&m, (const char *[]){"s...@", NULL});
    assert_int_equal(s.worn_off, 1);
    assert_int_equal(act_check_count(&m, skeleton), 0);
    assert_string_equal(s.trace.log, "VTVTVTVTVTW");
    map_close(&m);
}

static void removing_a_status_wears_it_off_at_once(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    stun s;
    define_stun(&m, &s);
    cairn_entity_id skeleton = map_real(&m, 0, 0);
    assert_ok(m.w, cairn_status_apply(m.w, skeleton, s.id, 5));
    idle(&m);
    map_assert(&m, (const char *[]){"s...@", NULL});
    assert_ok(m.w, cairn_status_remove(m.w, skeleton, s.id));
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 0);
    assert_int_equal(s.worn_off, 1);
    assert_int_equal(act_check_count(&m, skeleton), 0);
    cairn_change off = only_change(&m, CAIRN_CHANGE_STATUS_OFF);
    assert_int_equal(off.phase, CAIRN_PHASE_OUTSIDE);
    assert_int_equal(off.detail, s.id);
    idle(&m);
    map_assert(&m, (const char *[]){".s..@", NULL});
    assert_string_equal(s.trace.log, "VTW");
    map_close(&m);
}

static void statused_calls_refuse_what_is_not_there(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s#@", NULL});
    stun s;
    define_stun(&m, &s);
    cairn_entity_id skeleton = map_real(&m, 0, 0), stone = map_at(&m, 1, 0, CAIRN_LAYER_WALL);
    recorder r = {.trace = &s.trace, .tag = 'x'};

    /* A status the entity does not have. */
    assert_int_equal(cairn_status_remove(m.w, skeleton, s.id), CAIRN_ERR_NOT_FOUND);
    assert_non_null(strstr(cairn_world_error(m.w), "test:stun"));
    assert_int_equal(cairn_status_hook(m.w, skeleton, s.id, CAIRN_CHAIN_ACT_CHECK,
                                       recorder_handler(&r, CAIRN_RANK_MEDIUM)),
                     CAIRN_ERR_NOT_FOUND);
    assert_non_null(strstr(cairn_world_error(m.w), "test:stun"));
    assert_int_equal(act_check_count(&m, skeleton), 0);

    /* An entity that is not Statused. */
    assert_int_equal(cairn_status_apply(m.w, stone, s.id, 2), CAIRN_ERR_NOT_FOUND);
    assert_non_null(strstr(cairn_world_error(m.w), "Statused"));
    assert_int_equal(cairn_status_remaining(m.w, stone, s.id), 0);
    assert_int_equal(cairn_status_remove(m.w, stone, s.id), CAIRN_ERR_NOT_FOUND);

    /* Too few beats, and a status nobody defined. */
    assert_int_equal(cairn_status_apply(m.w, skeleton, s.id, 0), CAIRN_ERR_INVALID);
    assert_non_null(strstr(cairn_world_error(m.w), "test:stun"));
    assert_int_equal(cairn_status_apply(m.w, skeleton, s.id, -3), CAIRN_ERR_INVALID);
    assert_int_equal(cairn_status_apply(m.w, skeleton, (cairn_status_id)(s.id + 1), 2),
                     CAIRN_ERR_NOT_FOUND);
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 0);
    assert_int_equal(s.applied, 0);
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_STATUS_ON), 0);

    /* A status name twice. */
    assert_int_equal(cairn_status_define(m.w, &(cairn_status_def){.name = "test:stun"}, NULL),
                     CAIRN_ERR_EXISTS);
    cairn_status_id found;
    assert_ok(m.w, cairn_status_find(m.w, "test:stun", &found));
    assert_int_equal(found, s.id);
    assert_string_equal(cairn_status_name(m.w, s.id), "test:stun");
    map_close(&m);
}

static void a_status_hooks_at_most_its_limit_and_unhooks_them_all(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    stun s;
    define_stun(&m, &s);
    cairn_entity_id skeleton = map_real(&m, 0, 0);
    recorder r = {.trace = &s.trace, .tag = 'x'};
    assert_ok(m.w, cairn_status_apply(m.w, skeleton, s.id, 1)); /* hooks its veto: 1 */
    for (int i = 1; i < CAIRN_STATUS_HANDLERS_MAX; i++)
        assert_ok(m.w, cairn_status_hook(m.w, skeleton, s.id, CAIRN_CHAIN_ACT_CHECK,
                                         recorder_handler(&r, CAIRN_RANK_LOW)));
    assert_int_equal(cairn_status_hook(m.w, skeleton, s.id, CAIRN_CHAIN_ACT_CHECK,
                                       recorder_handler(&r, CAIRN_RANK_LOW)),
                     CAIRN_ERR_LIMIT);
    assert_int_equal(act_check_count(&m, skeleton), CAIRN_STATUS_HANDLERS_MAX);
    assert_ok(m.w, cairn_status_remove(m.w, skeleton, s.id));
    assert_int_equal(act_check_count(&m, skeleton), 0);
    idle(&m);
    map_assert(&m, (const char *[]){".s..@", NULL});
    map_close(&m);
}

static void a_failing_apply_hook_leaves_no_status_behind(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    stun s;
    define_stun(&m, &s);
    cairn_entity_id skeleton = map_real(&m, 0, 0);
    s.apply_fails = true;
    assert_int_equal(cairn_status_apply(m.w, skeleton, s.id, 3), CAIRN_ERR_HANDLER);
    assert_string_equal(cairn_world_error(m.w), "stun: the apply callback failed");
    assert_int_equal(s.applied, 1);
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 0);
    assert_int_equal(act_check_count(&m, skeleton), 0); /* the veto it hooked is gone */
    idle(&m);
    map_assert(&m, (const char *[]){".s..@", NULL});
    assert_int_equal(s.ticked, 0);

    /* Nothing of it stayed: the next apply is a first one. */
    s.apply_fails = false;
    assert_ok(m.w, cairn_status_apply(m.w, skeleton, s.id, 1));
    assert_int_equal(s.applied, 2);
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 1);
    idle(&m);
    map_assert(&m, (const char *[]){".s..@", NULL});
    map_close(&m);
}

static void running_out_of_memory_while_applying_leaves_no_status_behind(void **state)
{
    (void)state;
    test_map m;
    /* Eight entities: their eight spawns fill the history's first block, so recording the
     * status is one of the allocations that can fail. */
    map_open(&m, (const char *[]){"s######@", NULL});
    stun s;
    define_stun(&m, &s);
    cairn_entity_id skeleton = map_real(&m, 0, 0);
    size_t count;
    cairn_world_history(m.w, &count);
    assert_int_equal(count, 8);
    for (long k = 0;; k++) {
        m.alloc.fail_after = m.alloc.allocations + k;
        cairn_err st = cairn_status_apply(m.w, skeleton, s.id, 3);
        m.alloc.fail_after = -1;
        if (st == CAIRN_OK)
            break;
        assert_int_equal(st, CAIRN_ERR_NOMEM);
        assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 0);
        assert_int_equal(act_check_count(&m, skeleton), 0);
    }
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 3);
    assert_int_equal(act_check_count(&m, skeleton), 1);
    map_close(&m);
}

static void tick_hooks_run_once_per_beat_before_the_count_goes_down(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s..@..s", NULL});
    stun s;
    define_stun(&m, &s);
    cairn_entity_id left = map_real(&m, 0, 0), right = map_real(&m, 6, 0);
    assert_ok(m.w, cairn_status_apply(m.w, left, s.id, 3));
    idle(&m);
    assert_int_equal(s.ticked, 1); /* the right one has no status: no tick */
    assert_ok(m.w, cairn_status_apply(m.w, right, s.id, 1));
    idle(&m);
    assert_int_equal(s.ticked, 3); /* one each */
    idle(&m);
    assert_int_equal(s.ticked, 4);
    idle(&m);
    assert_int_equal(s.ticked, 4); /* gone from both */
    /* Left saw 3, 2, 1 in beats 1-3; right saw 1 in beat 2, after left (beat order). */
    const int32_t seen[] = {3, 2, 1, 1};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(s.ticked_with[i], seen[i]);
        assert_int_equal(s.tick_phase[i], CAIRN_PHASE_TICK);
    }
    assert_int_equal(s.worn_off, 2);
    map_close(&m);
}

static void statuses_wear_off_each_on_its_own_count(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    stun s;
    define_stun(&m, &s);
    cairn_status_id mark = define_plain(&m, "test:mark");
    cairn_entity_id skeleton = map_real(&m, 0, 0);
    assert_ok(m.w, cairn_status_apply(m.w, skeleton, s.id, 1));
    assert_ok(m.w, cairn_status_apply(m.w, skeleton, mark, 3));
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_STATUS_ON), 2);
    /* The stun, applied first, wears off; the mark behind it still counts this beat. */
    idle(&m);
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 0);
    assert_int_equal(cairn_status_remaining(m.w, skeleton, mark), 2);
    assert_int_equal(only_change(&m, CAIRN_CHANGE_STATUS_OFF).detail, s.id);
    map_assert(&m, (const char *[]){"s...@", NULL});
    idle(&m);
    map_assert(&m, (const char *[]){".s..@", NULL});
    assert_int_equal(cairn_status_remaining(m.w, skeleton, mark), 1);
    idle(&m);
    assert_int_equal(cairn_status_remaining(m.w, skeleton, mark), 0);
    assert_int_equal(only_change(&m, CAIRN_CHANGE_STATUS_OFF).detail, mark);
    map_close(&m);
}

/* A status that ends itself in its first tick. */
static cairn_err remove_self(cairn_world *w, cairn_entity_id id, cairn_status_id status, void *ud)
{
    (*(int *)ud)++;
    return cairn_status_remove(w, id, status);
}

static void a_tick_hook_may_remove_its_own_status(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    stun s;
    define_stun(&m, &s);
    int ticks = 0;
    cairn_status_id fleeting;
    assert_ok(m.w,
              cairn_status_define(
                  m.w,
                  &(cairn_status_def){.name = "test:fleeting", .tick = remove_self, .ud = &ticks},
                  &fleeting));
    cairn_entity_id skeleton = map_real(&m, 0, 0);
    assert_ok(m.w, cairn_status_apply(m.w, skeleton, fleeting, 5));
    assert_ok(m.w, cairn_status_apply(m.w, skeleton, s.id, 2));
    idle(&m);
    assert_int_equal(ticks, 1);
    assert_int_equal(cairn_status_remaining(m.w, skeleton, fleeting), 0);
    assert_int_equal(only_change(&m, CAIRN_CHANGE_STATUS_OFF).detail, fleeting);
    /* The stun behind it was not skipped. */
    assert_int_equal(cairn_status_remaining(m.w, skeleton, s.id), 1);
    idle(&m);
    assert_int_equal(ticks, 1);
    assert_int_equal(s.worn_off, 1);
    map_close(&m);
}

static void statuses_are_freed_with_their_entity(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@s..s..s", NULL});
    stun s;
    define_stun(&m, &s);
    cairn_status_id mark = define_plain(&m, "test:mark");
    cairn_entity_id player = map_real(&m, 0, 0), killed = map_real(&m, 1, 0),
                    destroyed = map_real(&m, 4, 0), kept = map_real(&m, 7, 0);
    const cairn_entity_id all[] = {killed, destroyed, kept};
    for (int i = 0; i < 3; i++) {
        assert_ok(m.w, cairn_status_apply(m.w, all[i], s.id, 9));
        assert_ok(m.w, cairn_status_apply(m.w, all[i], mark, 9));
    }
    /* Killed and reaped in the same beat; destroyed by hand; kept until the world ends. */
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"@...s..s", NULL});
    assert_int_equal(cairn_entity_check(m.w, killed), CAIRN_ERR_STALE);
    assert_int_equal(cairn_status_remaining(m.w, killed, s.id), 0);
    assert_ok(m.w, cairn_entity_destroy(m.w, destroyed));
    assert_int_equal(cairn_status_remaining(m.w, destroyed, mark), 0);
    assert_int_equal(cairn_status_remaining(m.w, kept, mark), 8);
    map_close(&m); /* asserts that every byte came back */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hooking_a_status_handler_on_one_skeleton_does_not_change_another),
        cmocka_unit_test(a_stun_counts_down_each_beat_and_wears_off_in_the_tick),
        cmocka_unit_test(a_status_applied_while_acting_lasts_its_beats_after_that_beat),
        cmocka_unit_test(reapplying_while_acting_counts_the_new_beats_after_that_beat),
        cmocka_unit_test(applying_again_keeps_the_longer_count_and_applies_once),
        cmocka_unit_test(removing_a_status_wears_it_off_at_once),
        cmocka_unit_test(statused_calls_refuse_what_is_not_there),
        cmocka_unit_test(a_status_hooks_at_most_its_limit_and_unhooks_them_all),
        cmocka_unit_test(a_failing_apply_hook_leaves_no_status_behind),
        cmocka_unit_test(running_out_of_memory_while_applying_leaves_no_status_behind),
        cmocka_unit_test(tick_hooks_run_once_per_beat_before_the_count_goes_down),
        cmocka_unit_test(statuses_wear_off_each_on_its_own_count),
        cmocka_unit_test(a_tick_hook_may_remove_its_own_status),
        cmocka_unit_test(statuses_are_freed_with_their_entity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
