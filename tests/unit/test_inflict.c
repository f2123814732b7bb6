/*
 * test_inflict.c - the status an attack carries: it lands when the hit reaches its target
 * (not blocked, not resisted, not pierced short), whatever the damage; defence may change or
 * clear it; an aimed attack carries the aim's; snapshots keep it.
 */
#include <string.h>

#include "map.h"

typedef struct duel {
    test_map m;
    cairn_entity_id player, skeleton;
    cairn_status_id poison;
} duel;

/* "@s": the player, whose attack carries poison 2 for 3 beats, and a skeleton. */
static void duel_open(duel *d)
{
    map_open(&d->m, (const char *[]){"@s", NULL});
    d->player = map_real(&d->m, 0, 0);
    d->skeleton = map_real(&d->m, 1, 0);
    assert_ok(d->m.w,
              cairn_status_define(d->m.w, &(cairn_status_def){.name = "test:poison"}, &d->poison));
    cairn_attack *a =
        &((cairn_attacking *)map_data(&d->m, d->player, CAIRN_DECO_ATTACKING))->attack;
    a->inflicts = d->poison;
    a->inflict_magnitude = 2;
    a->inflict_beats = 3;
    ((cairn_with_hp *)map_data(&d->m, d->skeleton, CAIRN_DECO_WITH_HP))->hp = 100;
}

static cairn_attack *player_attack(duel *d)
{
    return &((cairn_attacking *)map_data(&d->m, d->player, CAIRN_DECO_ATTACKING))->attack;
}

/* The player attacks east; returns the skeleton's hit event. */
static cairn_hit_event *duel_hit(duel *d)
{
    map_beat(&d->m, d->player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    cairn_attack_event *attack =
        cairn_event_as_attack(&map_last(&d->m, d->player)->algo->result->head);
    assert_non_null(attack);
    assert_int_equal(attack->target_count, 1);
    assert_non_null(attack->hits[0]);
    return attack->hits[0];
}

static int32_t poisoned(duel *d)
{
    return cairn_status_remaining(d->m.w, d->skeleton, d->poison);
}

static void a_hit_lands_the_status_its_attack_carries(void **state)
{
    (void)state;
    duel d;
    duel_open(&d);
    cairn_hit_event *h = duel_hit(&d);
    assert_int_equal(h->damage, 1);
    assert_int_equal(h->inflicted, 2);
    assert_int_equal(poisoned(&d), 3);
    assert_int_equal(cairn_status_magnitude(d.m.w, d.skeleton, d.poison), 2);
    map_close(&d.m);
}

/* The attacker is the status's source, and the change says so (other), for "whoever
 * poisoned you" and for the intent preview. */
static void the_status_comes_from_the_attacker(void **state)
{
    (void)state;
    duel d;
    duel_open(&d);
    duel_hit(&d);
    cairn_status_info info;
    assert_int_equal(cairn_status_count(d.m.w, d.skeleton), 1);
    assert_ok(d.m.w, cairn_status_at(d.m.w, d.skeleton, 0, &info));
    assert_true(cairn_entity_id_eq(info.source, d.player));
    size_t count;
    const cairn_change *changes = cairn_world_history(d.m.w, &count);
    bool told = false;
    for (size_t i = 0; i < count; i++)
        if (changes[i].kind == CAIRN_CHANGE_STATUS_ON) {
            assert_true(cairn_entity_id_eq(changes[i].entity, d.skeleton));
            assert_true(cairn_entity_id_eq(changes[i].other, d.player));
            assert_int_equal(changes[i].value, 2);
            told = true;
        }
    assert_true(told);
    map_close(&d.m);
}

static void an_attack_of_damage_0_still_lands_its_status(void **state)
{
    (void)state;
    duel d;
    duel_open(&d);
    player_attack(&d)->damage = 0;
    cairn_hit_event *h = duel_hit(&d);
    assert_int_equal(h->damage, 0);
    assert_int_equal(h->inflicted, 2);
    assert_int_equal(poisoned(&d), 3);
    assert_int_equal(((cairn_with_hp *)map_data(&d.m, d.skeleton, CAIRN_DECO_WITH_HP))->hp, 100);
    map_close(&d.m);
}

static void an_attack_that_carries_no_beats_lands_a_lasting_status(void **state)
{
    (void)state;
    duel d;
    duel_open(&d);
    player_attack(&d)->inflict_beats = 0;
    duel_hit(&d);
    assert_int_equal(poisoned(&d), CAIRN_STATUS_LASTING);
    map_close(&d.m);
}

static cairn_err block(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)w, (void)ud;
    ev->propagate = false;
    return CAIRN_OK;
}

static void a_blocked_hit_lands_no_status(void **state)
{
    (void)state;
    duel d;
    duel_open(&d);
    assert_ok(d.m.w, cairn_entity_hook(d.m.w, d.skeleton, CAIRN_CHAIN_DEFENCE,
                                       (cairn_handler){block, NULL, CAIRN_RANK_MEDIUM}, NULL));
    cairn_hit_event *h = duel_hit(&d);
    assert_true(h->blocked);
    assert_int_equal(h->inflicted, 0);
    assert_int_equal(poisoned(&d), 0);
    map_close(&d.m);
}

/* A shield that stops poison: defence clears the status, the damage still goes through. */
static cairn_err stop_poison(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)w, (void)ud;
    cairn_event_as_hit(ev)->attack.inflicts = CAIRN_STATUS_NONE;
    return CAIRN_OK;
}

static void defence_may_clear_the_status_and_let_the_damage_through(void **state)
{
    (void)state;
    duel d;
    duel_open(&d);
    assert_ok(d.m.w,
              cairn_entity_hook(d.m.w, d.skeleton, CAIRN_CHAIN_DEFENCE,
                                (cairn_handler){stop_poison, NULL, CAIRN_RANK_MEDIUM}, NULL));
    cairn_hit_event *h = duel_hit(&d);
    assert_int_equal(h->damage, 1);
    assert_int_equal(h->inflicted, 0);
    assert_int_equal(poisoned(&d), 0);
    map_close(&d.m);
}

static void a_hit_the_resistance_to_its_source_nullifies_lands_no_status(void **state)
{
    (void)state;
    duel d;
    duel_open(&d);
    cairn_attackable *a = map_data(&d.m, d.skeleton, CAIRN_DECO_ATTACKABLE);
    a->resistance[0] = 2; /* above the attack's power, 1 */
    cairn_hit_event *h = duel_hit(&d);
    assert_false(h->blocked);
    assert_int_equal(h->damage, 0);
    assert_int_equal(poisoned(&d), 0);
    map_close(&d.m);
}

static void a_hit_the_pierce_resistance_nullifies_lands_no_status(void **state)
{
    (void)state;
    duel d;
    duel_open(&d);
    cairn_attackable *a = map_data(&d.m, d.skeleton, CAIRN_DECO_ATTACKABLE);
    a->pierce_resistance = 1; /* the attack's pierce, 1, is at it */
    duel_hit(&d);
    assert_int_equal(poisoned(&d), 0);
    map_close(&d.m);
}

static void armour_that_soaks_the_damage_does_not_stop_the_status(void **state)
{
    (void)state;
    duel d;
    duel_open(&d);
    ((cairn_attackable *)map_data(&d.m, d.skeleton, CAIRN_DECO_ATTACKABLE))->armor = 50;
    duel_hit(&d);
    assert_int_equal(poisoned(&d), 3);
    map_close(&d.m);
}

static void an_attack_of_magnitude_0_carries_no_status(void **state)
{
    (void)state;
    duel d;
    duel_open(&d);
    player_attack(&d)->inflict_magnitude = 0;
    assert_false(cairn_attack_inflicts(player_attack(&d)));
    duel_hit(&d);
    assert_int_equal(poisoned(&d), 0);
    /* An attack written with its damage alone, its status fields zero, carries none. */
    assert_false(cairn_attack_inflicts(&(cairn_attack){.damage = 3, .pierce = 1, .power = 1}));
    map_close(&d.m);
}

static void a_hit_that_kills_lands_nothing_on_the_dead(void **state)
{
    (void)state;
    duel d;
    duel_open(&d);
    ((cairn_with_hp *)map_data(&d.m, d.skeleton, CAIRN_DECO_WITH_HP))->hp = 1;
    cairn_hit_event *h = duel_hit(&d);
    assert_true(h->killed);
    assert_int_equal(h->inflicted, 0);
    map_close(&d.m);
}

static void an_aimed_attack_carries_the_aims_status(void **state)
{
    (void)state;
    duel d;
    duel_open(&d);
    cairn_status_id stun;
    assert_ok(d.m.w, cairn_status_define(d.m.w, &(cairn_status_def){.name = "test:stun"}, &stun));
    cairn_aim aim = {.targets = &d.skeleton,
                     .count = 1,
                     .damage = 0,
                     .inflicts = stun,
                     .inflict_magnitude = 1,
                     .inflict_beats = 2,
                     .set = CAIRN_AIM_STATUS};
    bool hit;
    assert_ok(d.m.w, cairn_attack_aimed(d.m.w, d.player, &aim, &hit));
    assert_true(hit);
    assert_int_equal(cairn_status_remaining(d.m.w, d.skeleton, stun), 2);
    assert_int_equal(poisoned(&d), 0); /* the aim's status replaced the player's own */
    aim.inflicts = 999;
    assert_int_equal(cairn_attack_aimed(d.m.w, d.player, &aim, &hit), CAIRN_ERR_INVALID);
    map_close(&d.m);
}

static uint32_t snapshot_format(cairn_world *w)
{
    const void *bytes;
    size_t size;
    assert_ok(w, cairn_world_snapshot(w, &bytes, &size));
    uint32_t version;
    memcpy(&version, (const unsigned char *)bytes + 4, sizeof version);
    return version;
}

static void snapshots_keep_the_status_an_attack_carries(void **state)
{
    (void)state;
    duel d;
    duel_open(&d);
    assert_int_equal(snapshot_format(d.m.w), 4);
    const void *bytes;
    size_t size;
    assert_ok(d.m.w, cairn_world_snapshot(d.m.w, &bytes, &size));
    unsigned char *copy = malloc(size);
    memcpy(copy, bytes, size);
    uint64_t sum = cairn_world_checksum(d.m.w);
    *player_attack(&d) = (cairn_attack){.damage = 1};
    assert_ok(d.m.w, cairn_world_restore(d.m.w, copy, size));
    free(copy);
    assert_int_equal(player_attack(&d)->inflicts, d.poison);
    assert_int_equal(player_attack(&d)->inflict_magnitude, 2);
    assert_int_equal(player_attack(&d)->inflict_beats, 3);
    assert_true(cairn_world_checksum(d.m.w) == sum);
    map_close(&d.m);
}

/* A world whose attacks carry nothing is written as before: the same bytes, the same
 * checksum, so that saves and replays recorded before keep theirs. */
static void a_world_without_statuses_on_attacks_is_written_as_format_3(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@s", NULL});
    assert_int_equal(snapshot_format(m.w), 3);
    cairn_entity_id player = map_real(&m, 0, 0);
    cairn_attack *a = &((cairn_attacking *)map_data(&m, player, CAIRN_DECO_ATTACKING))->attack;
    a->inflict_beats = 5; /* numbers a format 3 snapshot could not keep */
    assert_int_equal(snapshot_format(m.w), 4);
    map_close(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_hit_lands_the_status_its_attack_carries),
        cmocka_unit_test(the_status_comes_from_the_attacker),
        cmocka_unit_test(an_attack_of_damage_0_still_lands_its_status),
        cmocka_unit_test(an_attack_that_carries_no_beats_lands_a_lasting_status),
        cmocka_unit_test(a_blocked_hit_lands_no_status),
        cmocka_unit_test(defence_may_clear_the_status_and_let_the_damage_through),
        cmocka_unit_test(a_hit_the_resistance_to_its_source_nullifies_lands_no_status),
        cmocka_unit_test(a_hit_the_pierce_resistance_nullifies_lands_no_status),
        cmocka_unit_test(armour_that_soaks_the_damage_does_not_stop_the_status),
        cmocka_unit_test(an_attack_of_magnitude_0_carries_no_status),
        cmocka_unit_test(a_hit_that_kills_lands_nothing_on_the_dead),
        cmocka_unit_test(an_aimed_attack_carries_the_aims_status),
        cmocka_unit_test(snapshots_keep_the_status_an_attack_carries),
        cmocka_unit_test(a_world_without_statuses_on_attacks_is_written_as_format_3),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
