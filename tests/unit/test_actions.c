/*
 * The built-in action components through real beats: moving, attacking with the damage
 * model, pushing, digging, and the composite attack_move.
 */
#include <string.h>

#include "map.h"

static void a_move_into_an_empty_cell_moves_and_succeeds(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@..", NULL});
    cairn_entity_id player = map_real(&m, 0, 0);
    map_beat(&m, player, CAIRN_ACTION_MOVE, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){".@.", NULL});
    cairn_enclosing_event *enc = map_last(&m, player);
    assert_true(enc->check_success);
    assert_true(enc->head.success);
    cairn_move_event *move = cairn_event_as_move(&enc->algo->result->head);
    assert_non_null(move);
    assert_int_equal(move->to.x, 1);
    assert_int_equal(enc->algo->direction, CAIRN_DIR_E);
    cairn_dir facing;
    assert_ok(m.w, cairn_entity_facing(m.w, player, &facing));
    assert_int_equal(facing, CAIRN_DIR_E);
    map_close(&m);
}

static void a_move_into_a_wall_fails_and_passes_the_failure_chains(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@#", NULL});
    cairn_entity_id player = map_real(&m, 0, 0);
    trace t = {0};
    recorder act_fail = {.trace = &t, .tag = 'A'}, move_fail = {.trace = &t, .tag = 'M'},
             act_ok = {.trace = &t, .tag = 'x'};
    assert_ok(m.w, cairn_entity_hook(m.w, player, CAIRN_CHAIN_ACT_FAILURE,
                                     recorder_handler(&act_fail, CAIRN_RANK_MEDIUM), NULL));
    assert_ok(m.w, cairn_entity_hook(m.w, player, CAIRN_CHAIN_MOVE_FAILURE,
                                     recorder_handler(&move_fail, CAIRN_RANK_MEDIUM), NULL));
    assert_ok(m.w, cairn_entity_hook(m.w, player, CAIRN_CHAIN_ACT_SUCCESS,
                                     recorder_handler(&act_ok, CAIRN_RANK_MEDIUM), NULL));
    map_beat(&m, player, CAIRN_ACTION_MOVE, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"@#", NULL});
    cairn_enclosing_event *enc = map_last(&m, player);
    assert_true(enc->check_success);
    assert_false(enc->head.success);
    assert_false(enc->algo->head.success);
    assert_string_equal(t.log, "MA"); /* the move's failure, then the action's */
    map_close(&m);
}

static void a_move_off_the_grid_fails(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@.", NULL});
    cairn_entity_id player = map_real(&m, 0, 0);
    map_beat(&m, player, CAIRN_ACTION_MOVE, CAIRN_DIR_W);
    assert_false(map_last(&m, player)->head.success);
    map_assert(&m, (const char *[]){"@.", NULL});
    map_close(&m);
}

static void an_attack_kills_a_one_hp_target_and_records_it(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@s.", NULL});
    cairn_entity_id player = map_real(&m, 0, 0), skeleton = map_real(&m, 1, 0);
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"@..", NULL});
    assert_int_equal(cairn_entity_check(m.w, skeleton), CAIRN_ERR_STALE);
    cairn_attack_event *attack = cairn_event_as_attack(&map_last(&m, player)->algo->result->head);
    assert_non_null(attack);
    assert_int_equal(attack->target_count, 1);
    assert_true(cairn_entity_id_eq(attack->targets[0], skeleton));
    assert_int_equal(attack->hits[0]->damage, 1);
    assert_true(attack->hits[0]->killed);
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_DIED), 1);
    map_close(&m);
}

static void attacking_empty_space_fails(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@.", NULL});
    cairn_entity_id player = map_real(&m, 0, 0);
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    assert_false(map_last(&m, player)->head.success);
    map_close(&m);
}

/* Hits a skeleton with the player's attack as given and returns the damage dealt. */
static int32_t hit_skeleton(cairn_attack attack, cairn_attackable defence)
{
    test_map m;
    map_open(&m, (const char *[]){"@s", NULL});
    cairn_entity_id player = map_real(&m, 0, 0), skeleton = map_real(&m, 1, 0);
    cairn_attacking *a = map_data(&m, player, CAIRN_DECO_ATTACKING);
    attack.targets = a->attack.targets;
    a->attack = attack;
    defence.team = 2;
    *(cairn_attackable *)map_data(&m, skeleton, CAIRN_DECO_ATTACKABLE) = defence;
    ((cairn_with_hp *)map_data(&m, skeleton, CAIRN_DECO_WITH_HP))->hp = 100;
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    int32_t hp = ((cairn_with_hp *)map_data(&m, skeleton, CAIRN_DECO_WITH_HP))->hp;
    map_close(&m);
    return 100 - hp;
}

static void armor_reduces_damage_but_never_below_one(void **state)
{
    (void)state;
    cairn_attack attack = {.damage = 5, .pierce = 1, .power = 1};
    assert_int_equal(hit_skeleton(attack, (cairn_attackable){.armor = 2}), 3);
    assert_int_equal(hit_skeleton(attack, (cairn_attackable){.armor = 5}), 1);
    assert_int_equal(hit_skeleton(attack, (cairn_attackable){.armor = 50}), 1);
}

static void pierce_at_or_below_the_pierce_resistance_nullifies(void **state)
{
    (void)state;
    cairn_attack attack = {.damage = 3, .pierce = 2, .power = 1};
    assert_int_equal(hit_skeleton(attack, (cairn_attackable){.pierce_resistance = 1}), 3);
    assert_int_equal(hit_skeleton(attack, (cairn_attackable){.pierce_resistance = 2}), 0);
    assert_int_equal(hit_skeleton(attack, (cairn_attackable){.pierce_resistance = 9}), 0);
}

static void a_resistance_above_the_power_nullifies(void **state)
{
    (void)state;
    test_alloc alloc;
    cairn_world *w = test_world(&alloc, 1, 1);
    cairn_source_id fire;
    assert_ok(w, cairn_source_register(w, "fire", &fire));
    test_world_close(w, &alloc);
    cairn_attack attack = {.damage = 3, .pierce = 1, .power = 2, .source = fire};
    cairn_attackable equal = {.resistance = {[1] = 2}}, above = {.resistance = {[1] = 3}},
                     other_source = {.resistance = {[0] = 9}};
    assert_int_equal(fire, 1);
    assert_int_equal(hit_skeleton(attack, equal), 3);
    assert_int_equal(hit_skeleton(attack, above), 0);
    assert_int_equal(hit_skeleton(attack, other_source), 3);
}

static void a_push_moves_the_target_by_its_distance(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@c...", NULL});
    cairn_entity_id player = map_real(&m, 0, 0), crate = map_real(&m, 1, 0);
    ((cairn_attacking *)map_data(&m, player, CAIRN_DECO_ATTACKING))->push =
        (cairn_push){.distance = 2, .power = 1};
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"@..c.", NULL});
    cairn_attack_event *attack = cairn_event_as_attack(&map_last(&m, player)->algo->result->head);
    assert_int_equal(attack->hits[0]->damage, 0); /* the crate is immune, but moves */
    assert_int_equal(attack->hits[0]->push->moved, 2);
    assert_true(cairn_entity_id_eq(attack->hits[0]->push->target, crate));
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_PUSHED), 1);
    map_close(&m);
}

static void a_push_into_a_wall_stops_at_the_wall(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@c.#", NULL});
    cairn_entity_id player = map_real(&m, 0, 0);
    ((cairn_attacking *)map_data(&m, player, CAIRN_DECO_ATTACKING))->push =
        (cairn_push){.distance = 3, .power = 1};
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"@.c#", NULL});
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E); /* out of reach now */
    map_beat(&m, player, CAIRN_ACTION_MOVE, CAIRN_DIR_E);
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E); /* against the wall */
    map_assert(&m, (const char *[]){".@c#", NULL});
    cairn_attack_event *attack = cairn_event_as_attack(&map_last(&m, player)->algo->result->head);
    assert_int_equal(attack->hits[0]->push->moved, 0);
    map_close(&m);
}

static void insufficient_power_does_not_push(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@c..", NULL});
    cairn_entity_id player = map_real(&m, 0, 0), crate = map_real(&m, 1, 0);
    ((cairn_attacking *)map_data(&m, player, CAIRN_DECO_ATTACKING))->push =
        (cairn_push){.distance = 2, .power = 1};
    ((cairn_pushable *)map_data(&m, crate, CAIRN_DECO_PUSHABLE))->resistance = 2;
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"@c..", NULL});
    ((cairn_attacking *)map_data(&m, player, CAIRN_DECO_ATTACKING))->push.power = 2;
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E); /* equal power is enough */
    map_assert(&m, (const char *[]){"@..c", NULL});
    map_close(&m);
}

static void dig_removes_a_diggable_wall(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@+.", NULL});
    cairn_entity_id player = map_real(&m, 0, 0);
    map_beat(&m, player, CAIRN_ACTION_DIG, CAIRN_DIR_E);
    assert_true(map_last(&m, player)->head.success);
    map_assert(&m, (const char *[]){"@..", NULL});
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_DUG), 1);
    map_close(&m);
}

static void dig_leaves_an_indestructible_wall_and_a_too_hard_one(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"#@+", NULL});
    cairn_entity_id player = map_real(&m, 1, 0), dirt = map_at(&m, 2, 0, CAIRN_LAYER_WALL);
    map_beat(&m, player, CAIRN_ACTION_DIG, CAIRN_DIR_W);
    assert_false(map_last(&m, player)->head.success);
    ((cairn_diggable *)map_data(&m, dirt, CAIRN_DECO_DIGGABLE))->resistance = 2;
    map_beat(&m, player, CAIRN_ACTION_DIG, CAIRN_DIR_E);
    assert_false(map_last(&m, player)->head.success);
    map_assert(&m, (const char *[]){"#@+", NULL});
    ((cairn_digging *)map_data(&m, player, CAIRN_DECO_DIGGING))->power = 2;
    map_beat(&m, player, CAIRN_ACTION_DIG, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"#@.", NULL});
    map_close(&m);
}

static void attack_move_attacks_when_a_target_is_there_and_moves_otherwise(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@.s", NULL});
    cairn_entity_id player = map_real(&m, 0, 0);
    ((cairn_with_hp *)map_data(&m, map_real(&m, 2, 0), CAIRN_DECO_WITH_HP))->hp = 2;
    /* Beat 1: nothing east of the player, so it moves; the skeleton then hits it. */
    map_beat(&m, player, CAIRN_ACTION_ATTACK_MOVE, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){".@s", NULL});
    cairn_result_event *result = map_last(&m, player)->algo->result;
    assert_non_null(cairn_event_as_move(&result->head));
    assert_int_equal(((cairn_with_hp *)map_data(&m, player, CAIRN_DECO_WITH_HP))->hp, 2);
    /* Beat 2: the skeleton is there, so it is attacked, and nobody moves. */
    map_beat(&m, player, CAIRN_ACTION_ATTACK_MOVE, CAIRN_DIR_E);
    result = map_last(&m, player)->algo->result;
    assert_non_null(cairn_event_as_attack(&result->head));
    map_assert(&m, (const char *[]){".@s", NULL});
    map_close(&m);
}

static void a_defence_handler_can_block_a_hit(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@s", NULL});
    cairn_entity_id player = map_real(&m, 0, 0), skeleton = map_real(&m, 1, 0);
    trace t = {0};
    recorder shield = {.trace = &t, .tag = 'S', .stop = true};
    assert_ok(m.w, cairn_entity_hook(m.w, skeleton, CAIRN_CHAIN_DEFENCE,
                                     recorder_handler(&shield, CAIRN_RANK_MEDIUM), NULL));
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    cairn_attack_event *attack = cairn_event_as_attack(&map_last(&m, player)->algo->result->head);
    assert_true(attack->result.head.success); /* the attack was made ... */
    assert_true(attack->hits[0]->blocked);    /* ... and blocked */
    assert_true(cairn_entity_is_alive(m.w, skeleton));
    map_close(&m);
}

/* Sets an attack_get handler that doubles the attack's damage (the attacker's own rule). */
static cairn_err double_damage(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)w, (void)ud;
    cairn_attack_event *a = cairn_event_as_attack(ev);
    a->attack.damage *= 2;
    a->attack.pierce = 7;
    return CAIRN_OK;
}

static void an_aimed_attack_hits_its_targets_with_its_numbers_after_attack_get(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s.@.s", "....c", NULL});
    cairn_entity_id player = map_real(&m, 2, 0), near = map_real(&m, 0, 0),
                    far = map_real(&m, 4, 0), crate = map_real(&m, 4, 1);
    ((cairn_with_hp *)map_data(&m, near, CAIRN_DECO_WITH_HP))->hp = 10;
    ((cairn_with_hp *)map_data(&m, far, CAIRN_DECO_WITH_HP))->hp = 10;
    assert_ok(m.w,
              cairn_entity_hook(m.w, player, CAIRN_CHAIN_ATTACK_GET,
                                (cairn_handler){double_damage, NULL, CAIRN_RANK_MEDIUM}, NULL));
    /* Two skeletons out of reach of any direction, and the crate left out of the aim. */
    cairn_entity_id targets[] = {near, far};
    cairn_aim aim = {.targets = targets, .count = 2, .damage = 3};
    bool hit = false;
    assert_ok(m.w, cairn_attack_aimed(m.w, player, &aim, &hit));
    assert_true(hit);
    /* The aim's damage, not the handler's double; the handler's pierce, which it left. */
    assert_int_equal(((cairn_with_hp *)map_data(&m, near, CAIRN_DECO_WITH_HP))->hp, 7);
    assert_int_equal(((cairn_with_hp *)map_data(&m, far, CAIRN_DECO_WITH_HP))->hp, 7);
    assert_true(cairn_entity_is_alive(m.w, crate));
    /* With its pierce set at the skeletons' resistance, the aim's pierce nullifies the hits. */
    ((cairn_attackable *)map_data(&m, near, CAIRN_DECO_ATTACKABLE))->pierce_resistance = 1;
    aim.pierce = 1, aim.set = CAIRN_AIM_PIERCE;
    assert_ok(m.w, cairn_attack_aimed(m.w, player, &aim, &hit));
    assert_int_equal(((cairn_with_hp *)map_data(&m, near, CAIRN_DECO_WITH_HP))->hp, 7);
    map_close(&m);
}

static void an_aimed_attack_leaves_the_dead_out_and_fails_with_no_one_left(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s.@", NULL});
    cairn_entity_id player = map_real(&m, 2, 0), skeleton = map_real(&m, 0, 0);
    assert_ok(m.w, cairn_entity_kill(m.w, skeleton));
    cairn_aim aim = {.targets = &skeleton, .count = 1, .damage = 3};
    bool hit = true;
    assert_ok(m.w, cairn_attack_aimed(m.w, player, &aim, &hit));
    assert_false(hit);
    /* The aim was this attack's alone: a later attack is the usual kind. */
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_W);
    assert_false(map_last(&m, player)->head.success);
    map_close(&m);
}

static void an_actors_foes_are_the_living_reals_of_the_teams_it_attacks(void **state)
{
    (void)state;
    test_map m;
    /* The player attacks teams 2 (skeletons) and 3 (crates); skeletons attack team 1. */
    map_open(&m, (const char *[]){"s.c", "@s^", NULL});
    cairn_entity_id s1 = map_real(&m, 0, 0), crate = map_real(&m, 2, 0),
                    player = map_real(&m, 0, 1), s2 = map_real(&m, 1, 1),
                    trap = map_at(&m, 2, 1, CAIRN_LAYER_TRAP);
    cairn_entity_id out[4];
    size_t n = 0;
    assert_ok(m.w, cairn_entity_foes(m.w, player, out, 4, &n));
    assert_int_equal(n, 3); /* by row, then column */
    assert_true(cairn_entity_id_eq(out[0], s1));
    assert_true(cairn_entity_id_eq(out[1], crate));
    assert_true(cairn_entity_id_eq(out[2], s2));
    assert_ok(m.w, cairn_entity_foes(m.w, s1, out, 1, &n));
    assert_int_equal(n, 1);
    assert_true(cairn_entity_id_eq(out[0], player));
    assert_true(cairn_entity_is_foe(m.w, player, s2));
    assert_false(cairn_entity_is_foe(m.w, s1, s2)); /* a friend */
    assert_false(cairn_entity_is_foe(m.w, player, player));
    assert_false(cairn_entity_is_foe(m.w, player, trap)); /* not on the real layer */
    assert_ok(m.w, cairn_entity_kill(m.w, s2));
    assert_false(cairn_entity_is_foe(m.w, player, s2)); /* dead */
    assert_ok(m.w, cairn_entity_foes(m.w, player, NULL, 0, &n));
    assert_int_equal(n, 2);
    map_close(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_move_into_an_empty_cell_moves_and_succeeds),
        cmocka_unit_test(a_move_into_a_wall_fails_and_passes_the_failure_chains),
        cmocka_unit_test(a_move_off_the_grid_fails),
        cmocka_unit_test(an_attack_kills_a_one_hp_target_and_records_it),
        cmocka_unit_test(attacking_empty_space_fails),
        cmocka_unit_test(armor_reduces_damage_but_never_below_one),
        cmocka_unit_test(pierce_at_or_below_the_pierce_resistance_nullifies),
        cmocka_unit_test(a_resistance_above_the_power_nullifies),
        cmocka_unit_test(a_push_moves_the_target_by_its_distance),
        cmocka_unit_test(a_push_into_a_wall_stops_at_the_wall),
        cmocka_unit_test(insufficient_power_does_not_push),
        cmocka_unit_test(dig_removes_a_diggable_wall),
        cmocka_unit_test(dig_leaves_an_indestructible_wall_and_a_too_hard_one),
        cmocka_unit_test(attack_move_attacks_when_a_target_is_there_and_moves_otherwise),
        cmocka_unit_test(a_defence_handler_can_block_a_hit),
        cmocka_unit_test(an_aimed_attack_hits_its_targets_with_its_numbers_after_attack_get),
        cmocka_unit_test(an_aimed_attack_leaves_the_dead_out_and_fails_with_no_one_left),
        cmocka_unit_test(an_actors_foes_are_the_living_reals_of_the_teams_it_attacks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
