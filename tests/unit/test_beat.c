/*
 * The beat as a whole: the order of phases, priority and spawn order within a phase,
 * death and the reap, newcomers, the history, a failing handler, and no allocation once
 * the world has settled.
 */
#include <string.h>

#include "map.h"

static void hook_tag(test_map *m, cairn_entity_id id, recorder *r)
{
    assert_ok(m->w, cairn_entity_hook(m->w, id, CAIRN_CHAIN_ACT_CHECK,
                                      recorder_handler(r, CAIRN_RANK_MEDIUM), NULL));
}

/* A row of one of each phase's entities, each hooked to write its glyph to t when it acts:
 * reading order spawns the floor tile first and the player last. */
static void open_one_of_each(test_map *m, trace *t, recorder tags[5])
{
    map_open(m, (const char *[]){"_^*s@", NULL});
    const char glyphs[] = "_^*s@";
    const cairn_layer layers[] = {CAIRN_LAYER_FLOOR, CAIRN_LAYER_TRAP, CAIRN_LAYER_PROJECTILE,
                                  CAIRN_LAYER_REAL, CAIRN_LAYER_REAL};
    for (int x = 0; x < 5; x++) {
        tags[x] = (recorder){.trace = t, .tag = glyphs[x]};
        hook_tag(m, map_at(m, x, 0, layers[x]), &tags[x]);
    }
}

static void phases_run_players_reals_projectiles_traps_floors_whatever_the_spawn_order(void **s)
{
    (void)s;
    test_map m;
    trace t = {0};
    recorder tags[5];
    open_one_of_each(&m, &t, tags);
    assert_ok(m.w, cairn_world_step(m.w));
    assert_string_equal(t.log, "@s*^_");
    map_close(&m);
}

static void within_a_phase_higher_priority_then_earlier_spawn_acts_first(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"^^..", NULL});
    cairn_acting *defaults;
    assert_ok(m.w, cairn_type_defaults(m.w, m.trap, CAIRN_DECO_ACTING, (void **)&defaults));
    defaults->priority = 5;
    assert_ok(m.w, cairn_entity_spawn(m.w, m.trap, (cairn_cell){2, 0}, NULL));
    defaults->priority = 0;
    assert_ok(m.w, cairn_entity_spawn(m.w, m.trap, (cairn_cell){3, 0}, NULL));
    trace t = {0};
    recorder tags[4];
    for (int x = 0; x < 4; x++) {
        tags[x] = (recorder){.trace = &t, .tag = (char)('a' + x)};
        hook_tag(&m, map_at(&m, x, 0, CAIRN_LAYER_TRAP), &tags[x]);
    }
    for (int beat = 0; beat < 3; beat++)
        assert_ok(m.w, cairn_world_step(m.w));
    assert_string_equal(t.log, "cabdcabdcabd");
    map_close(&m);
}

/* Under the turn gate only the active character of the players and reals phases acts; the
 * projectile, the trap and the floor act as ever; lifting the gate lets every one act again. */
static void with_an_active_character_only_it_of_the_characters_acts(void **s)
{
    (void)s;
    test_map m;
    trace t = {0};
    recorder tags[5];
    open_one_of_each(&m, &t, tags);
    cairn_entity_id skeleton = map_real(&m, 3, 0);
    assert_ok(m.w, cairn_world_set_active(m.w, skeleton));
    assert_true(cairn_entity_id_eq(cairn_world_active(m.w), skeleton));
    assert_ok(m.w, cairn_world_step(m.w));
    assert_string_equal(t.log, "s*^_");
    assert_ok(m.w, cairn_world_set_active(m.w, map_real(&m, 4, 0)));
    assert_ok(m.w, cairn_world_step(m.w));
    assert_string_equal(t.log, "s*^_@*^_");
    assert_ok(m.w, cairn_world_set_active(m.w, CAIRN_ENTITY_NONE));
    assert_ok(m.w, cairn_world_step(m.w));
    assert_string_equal(t.log, "s*^_@*^_@s*^_");
    assert_int_equal(cairn_world_set_active(m.w, (cairn_entity_id){99, 1}), CAIRN_ERR_INVALID);
    map_close(&m);
}

/* The player's act_success kills everything else on the map, of every layer. */
static cairn_err kill_all_but_the_actor(cairn_world *w, cairn_event *ev, void *ud)
{
    test_map *m = ud;
    for (int layer = 0; layer < CAIRN_LAYER_COUNT; layer++)
        for (int x = 0; x < cairn_grid_width(w); x++) {
            cairn_entity_id id = map_at(m, x, 0, (cairn_layer)layer);
            if (cairn_entity_is_alive(w, id) && !cairn_entity_id_eq(id, ev->actor)) {
                cairn_err st = cairn_entity_kill(w, id);
                if (st)
                    return st;
                /* Dead, it leaves the grid at once: its cell is free for the rest of the
                 * beat, though its id stays good until the reap. */
                assert_true(cairn_entity_id_is_none(map_at(m, x, 0, (cairn_layer)layer)));
                assert_ok(w, cairn_entity_check(w, id));
            }
        }
    return CAIRN_OK;
}

static void dead_entities_of_every_layer_leave_at_once_and_none_acts_after_dying(void **s)
{
    (void)s;
    test_map m;
    map_open(&m, (const char *[]){"@s*^_+#", NULL});
    cairn_entity_id player = map_real(&m, 0, 0);
    trace t = {0};
    recorder tags[4] = {{.trace = &t, .tag = 's'},
                        {.trace = &t, .tag = '*'},
                        {.trace = &t, .tag = '^'},
                        {.trace = &t, .tag = '_'}};
    hook_tag(&m, map_real(&m, 1, 0), &tags[0]);
    hook_tag(&m, map_at(&m, 2, 0, CAIRN_LAYER_PROJECTILE), &tags[1]);
    hook_tag(&m, map_at(&m, 3, 0, CAIRN_LAYER_TRAP), &tags[2]);
    hook_tag(&m, map_at(&m, 4, 0, CAIRN_LAYER_FLOOR), &tags[3]);
    assert_ok(m.w, cairn_entity_hook(m.w, player, CAIRN_CHAIN_ACT_SUCCESS,
                                     (cairn_handler){kill_all_but_the_actor, &m, CAIRN_RANK_MEDIUM},
                                     NULL));
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    assert_string_equal(t.log, ""); /* killed in the players' phase, none of them acted */
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_DIED), 6);
    map_assert(&m, (const char *[]){"@......", NULL});
    cairn_world_stats stats;
    cairn_world_get_stats(m.w, &stats);
    assert_int_equal(stats.entities_alive, 1);
    map_close(&m);
}

/* The player kills the first skeleton; the second, whose way west it blocked, acts later in
 * the same beat and finds the cell free. */
static void an_enemy_blocked_by_one_killed_earlier_in_the_beat_moves_into_its_cell(void **s)
{
    (void)s;
    test_map m;
    map_open(&m, (const char *[]){"@ss.", NULL});
    cairn_entity_id player = map_real(&m, 0, 0), first = map_real(&m, 1, 0),
                    second = map_real(&m, 2, 0);
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    assert_false(cairn_entity_is_alive(m.w, first));
    assert_true(map_last(&m, second)->head.success);
    map_assert(&m, (const char *[]){"@s..", NULL});
    assert_true(cairn_entity_id_eq(map_real(&m, 1, 0), second));
    map_close(&m);
}

static cairn_err spawn_a_skeleton(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)ev;
    test_map *m = ud;
    return cairn_entity_spawn(w, m->skeleton, (cairn_cell){3, 0}, NULL);
}

static void an_entity_born_during_a_beat_first_acts_in_the_next(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@...", NULL});
    cairn_entity_id player = map_real(&m, 0, 0);
    cairn_handler_id hook;
    assert_ok(m.w,
              cairn_entity_hook(m.w, player, CAIRN_CHAIN_ACT_SUCCESS,
                                (cairn_handler){spawn_a_skeleton, &m, CAIRN_RANK_MEDIUM}, &hook));
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    assert_ok(m.w, cairn_entity_unhook(m.w, player, CAIRN_CHAIN_ACT_SUCCESS, hook));
    cairn_entity_id skeleton = map_real(&m, 3, 0);
    map_assert(&m, (const char *[]){"@..s", NULL});
    assert_null(((cairn_acting *)map_data(&m, skeleton, CAIRN_DECO_ACTING))->last);
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    map_assert(&m, (const char *[]){"@.s.", NULL});
    map_close(&m);
}

static void the_history_lists_the_beats_changes_in_order_with_phases(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@.s", NULL});
    cairn_entity_id player = map_real(&m, 0, 0), skeleton = map_real(&m, 2, 0);
    map_beat(&m, player, CAIRN_ACTION_MOVE, CAIRN_DIR_E);
    size_t count;
    const cairn_change *h = cairn_world_history(m.w, &count);
    const struct {
        cairn_change_kind kind;
        cairn_phase phase;
        cairn_entity_id entity;
    } want[] = {
        {CAIRN_CHANGE_MOVED, CAIRN_PHASE_PLAYERS, player},
        {CAIRN_CHANGE_TURNED, CAIRN_PHASE_PLAYERS, player},
        {CAIRN_CHANGE_ATTACKED, CAIRN_PHASE_REALS, player},
        {CAIRN_CHANGE_DAMAGED, CAIRN_PHASE_REALS, player},
        {CAIRN_CHANGE_TURNED, CAIRN_PHASE_REALS, skeleton},
    };
    assert_int_equal(count, 5);
    for (size_t i = 0; i < count; i++) {
        assert_int_equal(h[i].kind, want[i].kind);
        assert_int_equal(h[i].phase, want[i].phase);
        assert_true(cairn_entity_id_eq(h[i].entity, want[i].entity));
    }
    assert_int_equal(h[0].from.x, 0);
    assert_int_equal(h[0].to.x, 1);
    assert_int_equal(h[1].amount, CAIRN_DIR_NONE); /* it faced nowhere, then east */
    assert_int_equal(h[1].value, CAIRN_DIR_E);
    assert_true(cairn_entity_id_eq(h[2].other, skeleton));
    assert_int_equal(h[3].amount, 1);
    assert_int_equal(h[3].value, 2);
    assert_int_equal(h[4].value, CAIRN_DIR_W);
    assert_string_equal(cairn_change_name(CAIRN_CHANGE_ATTACKED), "attacked");
    assert_string_equal(cairn_phase_name(CAIRN_PHASE_REALS), "reals");
    /* The next beat starts a new history. */
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    cairn_world_history(m.w, &count);
    assert_int_equal(count, 2); /* attacked and damaged again: facing the same way is no turn */
    map_close(&m);
}

static cairn_err fail_once(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)ev;
    bool *armed = ud;
    if (!*armed)
        return CAIRN_OK;
    *armed = false;
    return cairn_world_fail(w, CAIRN_ERR_HANDLER, "the trap jammed");
}

static void a_failing_handler_stops_the_beat_and_the_next_beat_runs(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@.^", NULL});
    cairn_entity_id player = map_real(&m, 0, 0);
    bool armed = true;
    assert_ok(m.w, cairn_entity_hook(m.w, map_at(&m, 2, 0, CAIRN_LAYER_TRAP), CAIRN_CHAIN_ACT_CHECK,
                                     (cairn_handler){fail_once, &armed, CAIRN_RANK_MEDIUM}, NULL));
    assert_ok(m.w, cairn_player_input(m.w, player, (cairn_action){CAIRN_ACTION_MOVE, CAIRN_DIR_E}));
    assert_int_equal(cairn_world_step(m.w), CAIRN_ERR_HANDLER);
    assert_string_equal(cairn_world_error(m.w), "beat 1 stopped in phase 'traps': the trap jammed");
    assert_int_equal(cairn_world_phase(m.w), CAIRN_PHASE_OUTSIDE);
    map_assert(&m, (const char *[]){".@^", NULL}); /* the player had acted already */
    map_beat(&m, player, CAIRN_ACTION_MOVE, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"..@", NULL});
    map_close(&m);
}

/* What the host's perform callback saw, and what it says. */
typedef struct performed {
    int calls;
    cairn_entity_id actor;
    cairn_dir dir;
    cairn_phase phase;
    bool succeed;
} performed;

static cairn_err perform_probe(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                               cairn_result_event **out, void *ud)
{
    performed *p = ud;
    p->calls++;
    p->actor = actor;
    p->dir = dir;
    p->phase = cairn_world_phase(w);
    cairn_result_event *ev = (cairn_result_event *)cairn_event_new_sized(
        w, CAIRN_EVENT_RESULT, sizeof *ev, actor, (cairn_action){CAIRN_ACTION_PERFORM, dir});
    if (!ev)
        return cairn_world_error_code(w);
    ev->component = CAIRN_DECO_PLAYER_CONTROL;
    ev->head.success = p->succeed;
    *out = ev;
    return CAIRN_OK;
}

static cairn_err veto(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)w, (void)ud;
    ev->propagate = false;
    return CAIRN_OK;
}

static void perform_is_the_players_act_through_the_host_callback(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@.", NULL});
    cairn_entity_id player = map_real(&m, 0, 0);
    performed p = {.succeed = true};
    cairn_player_set_perform(m.w, perform_probe, &p);
    map_beat(&m, player, CAIRN_ACTION_PERFORM, CAIRN_DIR_E);
    assert_int_equal(p.calls, 1);
    assert_true(cairn_entity_id_eq(p.actor, player));
    assert_int_equal(p.dir, CAIRN_DIR_E);
    assert_int_equal(p.phase, CAIRN_PHASE_PLAYERS);
    assert_true(map_last(&m, player)->head.success);
    map_assert(&m, (const char *[]){"@.", NULL}); /* it did what the callback did: nothing */

    /* A failed perform is a failed act. */
    p.succeed = false;
    map_beat(&m, player, CAIRN_ACTION_PERFORM, CAIRN_DIR_NONE);
    assert_int_equal(p.calls, 2);
    assert_false(map_last(&m, player)->head.success);

    /* act_check comes first: a vetoed player performs nothing. */
    assert_ok(m.w, cairn_entity_hook(m.w, player, CAIRN_CHAIN_ACT_CHECK,
                                     (cairn_handler){veto, NULL, CAIRN_RANK_MEDIUM}, NULL));
    map_beat(&m, player, CAIRN_ACTION_PERFORM, CAIRN_DIR_NONE);
    assert_int_equal(p.calls, 2);
    map_close(&m);
}

static void perform_without_a_host_callback_stops_the_beat(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@.", NULL});
    cairn_entity_id player = map_real(&m, 0, 0);
    assert_ok(
        m.w, cairn_player_input(m.w, player, (cairn_action){CAIRN_ACTION_PERFORM, CAIRN_DIR_NONE}));
    assert_int_equal(cairn_world_step(m.w), CAIRN_ERR_STATE);
    assert_non_null(strstr(cairn_world_error(m.w), "nothing to perform"));
    map_close(&m);
}

static void a_steady_state_beat_allocates_nothing(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){
                     "##########",
                     "#s......s#",
                     "#..s..s..#",
                     "#........#",
                     "#...@....#",
                     "#..s..s..#",
                     "#s..c...s#",
                     "##########",
                     NULL,
                 });
    cairn_entity_id player = map_real(&m, 4, 4);
    /* Every skeleton is immune, so they keep chasing and hitting for ever. */
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 10; x++) {
            cairn_entity_id id = map_real(&m, x, y);
            cairn_type_id type = m.player;
            if (!cairn_entity_id_is_none(id))
                assert_ok(m.w, cairn_entity_type(m.w, id, &type));
            if (type != m.skeleton)
                continue;
            ((cairn_attackable *)map_data(&m, id, CAIRN_DECO_ATTACKABLE))->pierce_resistance =
                CAIRN_STAT_MAX;
        }
    ((cairn_with_hp *)map_data(&m, player, CAIRN_DECO_WITH_HP))->hp = CAIRN_STAT_MAX;
    const cairn_dir walk[] = {CAIRN_DIR_E, CAIRN_DIR_W, CAIRN_DIR_N, CAIRN_DIR_S};
    for (int beat = 0; beat < 20; beat++)
        map_beat(&m, player, CAIRN_ACTION_ATTACK_MOVE, walk[beat % 4]);
    long before = m.alloc.allocations;
    for (int beat = 0; beat < 200; beat++)
        map_beat(&m, player, CAIRN_ACTION_ATTACK_MOVE, walk[beat % 4]);
    assert_int_equal(m.alloc.allocations, before);
    assert_true(map_count_changes(&m, CAIRN_CHANGE_ATTACKED) > 0); /* they really fight */
    map_close(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            phases_run_players_reals_projectiles_traps_floors_whatever_the_spawn_order),
        cmocka_unit_test(within_a_phase_higher_priority_then_earlier_spawn_acts_first),
        cmocka_unit_test(with_an_active_character_only_it_of_the_characters_acts),
        cmocka_unit_test(dead_entities_of_every_layer_leave_at_once_and_none_acts_after_dying),
        cmocka_unit_test(an_enemy_blocked_by_one_killed_earlier_in_the_beat_moves_into_its_cell),
        cmocka_unit_test(an_entity_born_during_a_beat_first_acts_in_the_next),
        cmocka_unit_test(the_history_lists_the_beats_changes_in_order_with_phases),
        cmocka_unit_test(a_failing_handler_stops_the_beat_and_the_next_beat_runs),
        cmocka_unit_test(perform_is_the_players_act_through_the_host_callback),
        cmocka_unit_test(perform_without_a_host_callback_stops_the_beat),
        cmocka_unit_test(a_steady_state_beat_allocates_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
