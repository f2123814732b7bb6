/*
 * Statuses with strength: a magnitude and a source on each status, what applying again does
 * by the status's stacking rule, lasting statuses, and snapshots that keep all of it. The
 * statuses here are data only (no functions), on the skeletons of map.h.
 */
#include <string.h>

#include "map.h"

static cairn_status_id define(test_map *m, cairn_status_def def)
{
    cairn_status_id id;
    assert_ok(m->w, cairn_status_define(m->w, &def, &id));
    return id;
}

/* The last change of a kind in the current beat's history. */
static cairn_change last_change(test_map *m, cairn_change_kind kind)
{
    size_t count;
    const cairn_change *changes = cairn_world_history(m->w, &count);
    for (size_t i = count; i-- > 0;)
        if (changes[i].kind == kind)
            return changes[i];
    fail_msg("no %s change", cairn_change_name(kind));
    return (cairn_change){0};
}

static cairn_status_info info_at(test_map *m, cairn_entity_id id, uint32_t i)
{
    cairn_status_info info;
    assert_ok(m->w, cairn_status_at(m->w, id, i, &info));
    return info;
}

static bool same(cairn_entity_id a, cairn_entity_id b)
{
    return a.index == b.index && a.generation == b.generation;
}

static void a_plain_apply_has_magnitude_one_and_no_source(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id mark = define(&m, (cairn_status_def){.name = "test:mark"});
    cairn_entity_id s = map_real(&m, 0, 0);
    assert_ok(m.w, cairn_status_apply(m.w, s, mark, 3));
    assert_int_equal(cairn_status_magnitude(m.w, s, mark), 1);
    assert_int_equal(cairn_status_count(m.w, s), 1);
    cairn_status_info info = info_at(&m, s, 0);
    assert_true(cairn_entity_id_is_none(info.source));
    assert_int_equal(info.remaining, 3);
    cairn_change on = last_change(&m, CAIRN_CHANGE_STATUS_ON);
    assert_int_equal(on.amount, 3);
    assert_int_equal(on.value, 1);
    map_close(&m);
}

static void longer_keeps_the_longer_duration_and_the_higher_magnitude(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id slow = define(&m, (cairn_status_def){.name = "test:slow"});
    cairn_entity_id s = map_real(&m, 0, 0), player = map_real(&m, 4, 0);
    assert_ok(m.w, cairn_status_add(m.w, s, slow, 3, 2, CAIRN_ENTITY_NONE));
    assert_ok(m.w, cairn_status_add(m.w, s, slow, 1, 5, player));
    assert_int_equal(cairn_status_remaining(m.w, s, slow), 5);
    assert_int_equal(cairn_status_magnitude(m.w, s, slow), 3);
    assert_true(same(info_at(&m, s, 0).source, player)); /* the latest applier */
    cairn_change changed = last_change(&m, CAIRN_CHANGE_STATUS_CHANGED);
    assert_int_equal(changed.amount, 5);
    assert_int_equal(changed.value, 3);
    assert_true(same(changed.other, player));
    map_close(&m);
}

static void intensity_adds_magnitudes_up_to_max_and_keeps_the_longer(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id poison = define(
        &m,
        (cairn_status_def){.name = "test:poison", .stacking = CAIRN_STACKING_INTENSITY, .max = 6});
    cairn_entity_id s = map_real(&m, 0, 0);
    assert_ok(m.w, cairn_status_add(m.w, s, poison, 2, 4, CAIRN_ENTITY_NONE));
    assert_ok(m.w, cairn_status_add(m.w, s, poison, 3, 2, CAIRN_ENTITY_NONE));
    assert_int_equal(cairn_status_magnitude(m.w, s, poison), 5);
    assert_int_equal(cairn_status_remaining(m.w, s, poison), 4);
    assert_ok(m.w, cairn_status_add(m.w, s, poison, 3, 2, CAIRN_ENTITY_NONE));
    assert_int_equal(cairn_status_magnitude(m.w, s, poison), 6);
    assert_int_equal(cairn_status_count(m.w, s), 1);
    map_close(&m);
}

static void intensity_may_go_negative_and_wears_off_at_zero(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id strength = define(
        &m, (cairn_status_def){.name = "test:strength", .stacking = CAIRN_STACKING_INTENSITY});
    cairn_status_id held = define(&m, (cairn_status_def){.name = "test:held",
                                                         .stacking = CAIRN_STACKING_INTENSITY,
                                                         .stay_at_zero = true});
    cairn_entity_id s = map_real(&m, 0, 0);
    assert_ok(m.w, cairn_status_add(m.w, s, strength, -2, 0, CAIRN_ENTITY_NONE));
    assert_int_equal(cairn_status_magnitude(m.w, s, strength), -2);
    assert_ok(m.w, cairn_status_add(m.w, s, strength, 2, 0, CAIRN_ENTITY_NONE));
    assert_int_equal(cairn_status_remaining(m.w, s, strength), 0);
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_STATUS_OFF), 1);
    assert_ok(m.w, cairn_status_add(m.w, s, held, 1, 0, CAIRN_ENTITY_NONE));
    assert_ok(m.w, cairn_status_add(m.w, s, held, -1, 0, CAIRN_ENTITY_NONE));
    assert_int_equal(cairn_status_remaining(m.w, s, held), CAIRN_STATUS_LASTING);
    assert_int_equal(cairn_status_magnitude(m.w, s, held), 0);
    map_close(&m);
}

static void extend_adds_durations_and_keeps_the_higher_magnitude(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id haste =
        define(&m, (cairn_status_def){.name = "test:haste", .stacking = CAIRN_STACKING_EXTEND});
    cairn_entity_id s = map_real(&m, 0, 0);
    assert_ok(m.w, cairn_status_add(m.w, s, haste, 2, 3, CAIRN_ENTITY_NONE));
    assert_ok(m.w, cairn_status_add(m.w, s, haste, 1, 4, CAIRN_ENTITY_NONE));
    assert_int_equal(cairn_status_remaining(m.w, s, haste), 7);
    assert_int_equal(cairn_status_magnitude(m.w, s, haste), 2);
    map_close(&m);
}

static void refresh_takes_the_new_duration_magnitude_and_source(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id mark =
        define(&m, (cairn_status_def){.name = "test:mark", .stacking = CAIRN_STACKING_REFRESH});
    cairn_entity_id s = map_real(&m, 0, 0), player = map_real(&m, 4, 0);
    assert_ok(m.w, cairn_status_add(m.w, s, mark, 5, 9, player));
    assert_ok(m.w, cairn_status_add(m.w, s, mark, 1, 2, CAIRN_ENTITY_NONE));
    assert_int_equal(cairn_status_remaining(m.w, s, mark), 2);
    assert_int_equal(cairn_status_magnitude(m.w, s, mark), 1);
    assert_true(cairn_entity_id_is_none(info_at(&m, s, 0).source));
    map_close(&m);
}

static void higher_keeps_the_stronger_with_its_duration_and_source(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id armor =
        define(&m, (cairn_status_def){.name = "test:armor", .stacking = CAIRN_STACKING_HIGHER});
    cairn_entity_id s = map_real(&m, 0, 0), player = map_real(&m, 4, 0);
    assert_ok(m.w, cairn_status_add(m.w, s, armor, 2, 9, CAIRN_ENTITY_NONE));
    assert_ok(m.w, cairn_status_add(m.w, s, armor, 1, 20, player)); /* weaker: nothing */
    assert_int_equal(cairn_status_remaining(m.w, s, armor), 9);
    assert_true(cairn_entity_id_is_none(info_at(&m, s, 0).source));
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_STATUS_CHANGED), 0);
    assert_ok(m.w, cairn_status_add(m.w, s, armor, 4, 3, player));
    assert_int_equal(cairn_status_remaining(m.w, s, armor), 3);
    assert_int_equal(cairn_status_magnitude(m.w, s, armor), 4);
    assert_true(same(info_at(&m, s, 0).source, player));
    map_close(&m);
}

static void instances_count_down_apart_and_max_caps_their_number(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id bleed = define(
        &m,
        (cairn_status_def){.name = "test:bleed", .stacking = CAIRN_STACKING_INSTANCES, .max = 3});
    cairn_entity_id s = map_real(&m, 0, 0), player = map_real(&m, 4, 0);
    assert_ok(m.w, cairn_status_add(m.w, s, bleed, 1, 1, player));
    assert_ok(m.w, cairn_status_add(m.w, s, bleed, 2, 2, CAIRN_ENTITY_NONE));
    assert_ok(m.w, cairn_status_add(m.w, s, bleed, 3, 3, CAIRN_ENTITY_NONE));
    assert_int_equal(cairn_status_count(m.w, s), 3);
    assert_int_equal(cairn_status_magnitude(m.w, s, bleed), 6);
    assert_int_equal(cairn_status_remaining(m.w, s, bleed), 3);
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_STATUS_ON), 1);
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_STATUS_CHANGED), 2);
    /* At the cap the oldest makes room. */
    assert_ok(m.w, cairn_status_add(m.w, s, bleed, 4, 4, CAIRN_ENTITY_NONE));
    assert_int_equal(cairn_status_count(m.w, s), 3);
    assert_int_equal(cairn_status_magnitude(m.w, s, bleed), 9);
    assert_int_equal(info_at(&m, s, 0).magnitude, 2);
    /* Each instance ends on its own count; the status goes with the last. */
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    assert_int_equal(cairn_status_count(m.w, s), 2);
    assert_int_equal(cairn_status_magnitude(m.w, s, bleed), 7);
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_STATUS_OFF), 0);
    map_close(&m);
}

static void a_lasting_status_never_counts_down(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id curse = define(&m, (cairn_status_def){.name = "test:curse"});
    cairn_entity_id s = map_real(&m, 0, 0), player = map_real(&m, 4, 0);
    assert_ok(m.w, cairn_status_add(m.w, s, curse, 1, 0, CAIRN_ENTITY_NONE));
    for (int i = 0; i < 3; i++)
        map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    assert_int_equal(cairn_status_remaining(m.w, s, curse), CAIRN_STATUS_LASTING);
    assert_int_equal(cairn_status_add(m.w, s, curse, 1, -1, CAIRN_ENTITY_NONE), CAIRN_ERR_INVALID);
    map_close(&m);
}

/* The format a snapshot's bytes say they are in (after the magic). */
static uint32_t format_of(const void *bytes)
{
    uint32_t v;
    memcpy(&v, (const unsigned char *)bytes + 4, sizeof v);
    return v;
}

static void a_snapshot_keeps_magnitudes_instances_and_sources(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id bleed =
        define(&m, (cairn_status_def){.name = "test:bleed", .stacking = CAIRN_STACKING_INSTANCES});
    cairn_entity_id s = map_real(&m, 0, 0), player = map_real(&m, 4, 0);
    assert_ok(m.w, cairn_status_add(m.w, s, bleed, 2, 5, player));
    assert_ok(m.w, cairn_status_add(m.w, s, bleed, -3, 0, CAIRN_ENTITY_NONE));
    const void *bytes;
    size_t size;
    assert_ok(m.w, cairn_world_snapshot(m.w, &bytes, &size));
    assert_int_equal(format_of(bytes), 4);
    void *copy = malloc(size);
    memcpy(copy, bytes, size);
    uint64_t sum = cairn_world_checksum(m.w);
    assert_ok(m.w, cairn_status_remove(m.w, s, bleed));
    assert_ok(m.w, cairn_world_restore(m.w, copy, size));
    free(copy);
    assert_true(cairn_world_checksum(m.w) == sum);
    assert_int_equal(cairn_status_count(m.w, s), 2);
    cairn_status_info a = info_at(&m, s, 0), b = info_at(&m, s, 1);
    assert_int_equal(a.magnitude, 2);
    assert_int_equal(a.remaining, 5);
    assert_true(same(a.source, player));
    assert_int_equal(b.magnitude, -3);
    assert_int_equal(b.remaining, CAIRN_STATUS_LASTING);
    assert_true(cairn_entity_id_is_none(b.source));
    map_close(&m);
}

/* A world whose statuses are all of magnitude 1 without a source is written in format 3, as
 * it was before magnitudes: its saves, replays and checksums stay what they were, and it
 * reads back as magnitude 1 and no source. */
static void a_world_of_plain_statuses_is_written_in_format_3(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id mark = define(&m, (cairn_status_def){.name = "test:mark"});
    cairn_entity_id s = map_real(&m, 0, 0);
    assert_ok(m.w, cairn_status_apply(m.w, s, mark, 3));
    assert_ok(m.w, cairn_status_apply(m.w, s, mark, 5)); /* a plain status_changed */
    const void *bytes;
    size_t size;
    assert_ok(m.w, cairn_world_snapshot(m.w, &bytes, &size));
    assert_int_equal(format_of(bytes), 3);
    void *copy = malloc(size);
    memcpy(copy, bytes, size);
    assert_ok(m.w, cairn_world_restore(m.w, copy, size));
    free(copy);
    assert_int_equal(cairn_status_magnitude(m.w, s, mark), 1);
    assert_int_equal(cairn_status_remaining(m.w, s, mark), 5);
    assert_true(cairn_entity_id_is_none(info_at(&m, s, 0).source));
    assert_int_equal(last_change(&m, CAIRN_CHANGE_STATUS_ON).value, 1);
    map_close(&m);
}

/* --- giving: the chains, resistances, saves -------------------------------------------- */

/* The index in cairn_fields of a named field. */
static uint16_t field_index(const char *name)
{
    size_t count;
    const cairn_field *fields = cairn_fields(&count);
    for (size_t i = 0; i < count; i++)
        if (fields[i].name && !strcmp(fields[i].name, name))
            return (uint16_t)i;
    fail_msg("no field %s", name);
    return 0;
}

/* A status_give handler that doubles the magnitude and makes it last 7 beats. */
static cairn_err doubles(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)w;
    int *calls = ud;
    (*calls)++;
    cairn_status_event *s = cairn_event_as_status(ev);
    s->magnitude *= 2;
    s->beats = 7;
    return CAIRN_OK;
}

/* A status_receive handler that stops it. */
static cairn_err blocks(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)w;
    int *calls = ud;
    (*calls)++;
    ev->propagate = false;
    return CAIRN_OK;
}

static void the_give_chains_may_change_a_status_or_stop_it(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id poison =
        define(&m, (cairn_status_def){.name = "test:poison", .stacking = CAIRN_STACKING_INTENSITY});
    cairn_chain_id give, receive;
    assert_ok(m.w, cairn_status_chains(m.w, &give, &receive));
    cairn_entity_id s = map_real(&m, 0, 0), player = map_real(&m, 4, 0);
    int doubled = 0, blocked = 0;
    assert_ok(m.w, cairn_entity_hook(m.w, player, give,
                                     (cairn_handler){doubles, &doubled, CAIRN_RANK_MEDIUM}, NULL));
    int32_t landed;
    assert_ok(m.w, cairn_status_give(m.w, player, s, poison, 3, 2, &landed));
    assert_int_equal(landed, 6);
    assert_int_equal(cairn_status_remaining(m.w, s, poison), 7);
    /* Without a source, status_give is not passed. */
    assert_ok(m.w, cairn_status_give(m.w, CAIRN_ENTITY_NONE, s, poison, 1, 2, &landed));
    assert_int_equal(landed, 1);
    assert_int_equal(doubled, 1);
    assert_int_equal(cairn_status_magnitude(m.w, s, poison), 7);
    cairn_handler_id stop;
    assert_ok(m.w, cairn_entity_hook(m.w, s, receive,
                                     (cairn_handler){blocks, &blocked, CAIRN_RANK_MEDIUM}, &stop));
    assert_ok(m.w, cairn_status_give(m.w, player, s, poison, 3, 2, &landed));
    assert_int_equal(landed, 0);
    assert_int_equal(blocked, 1);
    assert_int_equal(cairn_status_magnitude(m.w, s, poison), 7);
    assert_ok(m.w, cairn_entity_unhook(m.w, s, receive, stop));
    map_close(&m);
}

static void a_world_without_the_chains_gives_without_an_event(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id mark = define(&m, (cairn_status_def){.name = "test:mark"});
    cairn_chain_id found;
    assert_int_equal(cairn_chain_find(m.w, "status_give", &found), CAIRN_ERR_NOT_FOUND);
    int32_t landed;
    assert_ok(m.w,
              cairn_status_give(m.w, map_real(&m, 4, 0), map_real(&m, 0, 0), mark, 2, 3, &landed));
    assert_int_equal(landed, 2);
    map_close(&m);
}

static void a_resisting_status_weakens_another_and_100_makes_immune(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id stun = define(&m, (cairn_status_def){.name = "test:stun"});
    cairn_status_id poison = define(&m, (cairn_status_def){.name = "test:poison"});
    cairn_status_id steady = define(&m, (cairn_status_def){.name = "test:steady"});
    assert_ok(m.w, cairn_status_resist(m.w, steady, stun, 100));
    assert_ok(m.w, cairn_status_resist(m.w, steady, poison, 50));
    assert_int_equal(cairn_status_resist(m.w, steady, poison, 101), CAIRN_ERR_INVALID);
    cairn_entity_id s = map_real(&m, 0, 0);
    assert_ok(m.w, cairn_status_apply(m.w, s, steady, 9));
    int32_t landed;
    assert_ok(m.w, cairn_status_give(m.w, CAIRN_ENTITY_NONE, s, stun, 5, 2, &landed));
    assert_int_equal(landed, 0);
    assert_int_equal(cairn_status_remaining(m.w, s, stun), 0);
    assert_ok(m.w, cairn_status_give(m.w, CAIRN_ENTITY_NONE, s, poison, 5, 2, &landed));
    assert_int_equal(landed, 2);
    assert_int_equal(cairn_status_magnitude(m.w, s, poison), 2);
    map_close(&m);
}

static void a_save_by_chance_draws_from_the_world_generator(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id always =
        define(&m, (cairn_status_def){.name = "test:always", .save_chance = 100});
    cairn_status_id half = define(&m, (cairn_status_def){.name = "test:half", .save_chance = 50});
    cairn_entity_id s = map_real(&m, 0, 0);
    int32_t landed;
    assert_ok(m.w, cairn_status_give(m.w, CAIRN_ENTITY_NONE, s, always, 1, 2, &landed));
    assert_int_equal(landed, 0);
    /* The draws are the world's: the same seed gives the same saves. */
    cairn_rng before = *cairn_world_rng(m.w);
    int kept = 0;
    for (int i = 0; i < 20; i++) {
        assert_ok(m.w, cairn_status_give(m.w, CAIRN_ENTITY_NONE, s, half, 1, 2, &landed));
        kept = kept * 2 + landed;
    }
    cairn_rng copy = before;
    int expected = 0;
    for (int i = 0; i < 20; i++)
        expected = expected * 2 + ((int32_t)cairn_rng_below(&copy, 100) >= 50);
    assert_int_equal(kept, expected);
    assert_true(kept != 0 && kept != (1 << 20) - 1);
    map_close(&m);
}

static void a_save_by_stat_compares_the_receivers_stat(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id daze =
        define(&m, (cairn_status_def){
                       .name = "test:daze", .save_stat = true, .save_field = field_index("armor")});
    cairn_status_id trip = define(&m, (cairn_status_def){.name = "test:trip",
                                                         .save_stat = true,
                                                         .save_field = field_index("armor"),
                                                         .has_against = true,
                                                         .save_against = 3});
    cairn_entity_id s = map_real(&m, 0, 0);
    ((cairn_attackable *)map_data(&m, s, CAIRN_DECO_ATTACKABLE))->armor = 2;
    int32_t landed;
    assert_ok(m.w, cairn_status_give(m.w, CAIRN_ENTITY_NONE, s, daze, 2, 2, &landed));
    assert_int_equal(landed, 0); /* armor 2 >= magnitude 2 */
    assert_ok(m.w, cairn_status_give(m.w, CAIRN_ENTITY_NONE, s, daze, 3, 2, &landed));
    assert_int_equal(landed, 3);
    assert_ok(m.w, cairn_status_give(m.w, CAIRN_ENTITY_NONE, s, trip, 1, 2, &landed));
    assert_int_equal(landed, 1); /* armor 2 < 3 */
    map_close(&m);
}

/* --- decay and each ------------------------------------------------------------------- */

static cairn_with_hp *hp_of(test_map *m, cairn_entity_id id)
{
    return map_data(m, id, CAIRN_DECO_WITH_HP);
}

static void poison_damages_by_its_magnitude_then_decays_by_one(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id poison = define(&m, (cairn_status_def){.name = "test:poison",
                                                           .stacking = CAIRN_STACKING_INTENSITY,
                                                           .decay_by = 1,
                                                           .each = CAIRN_EACH_DAMAGE});
    cairn_entity_id s = map_real(&m, 0, 0), player = map_real(&m, 4, 0);
    *hp_of(&m, player) = (cairn_with_hp){10, 10};
    assert_ok(m.w, cairn_status_add(m.w, player, poison, 3, 0, s));
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    assert_int_equal(hp_of(&m, player)->hp, 7);
    assert_int_equal(cairn_status_magnitude(m.w, player, poison), 2);
    cairn_change hurt = last_change(&m, CAIRN_CHANGE_DAMAGED);
    assert_true(same(hurt.other, s)); /* the source is the cause */
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    assert_int_equal(hp_of(&m, player)->hp, 4); /* 3 + 2 + 1 */
    assert_int_equal(cairn_status_remaining(m.w, player, poison), 0);
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_STATUS_OFF), 1);
    map_close(&m);
}

/* The poisoner killed and removed: its poison still hurts, with no cause, so that no damaged
 * handler is given a handle to an entity that is no more. */
static void a_source_removed_since_is_no_cause_of_the_damage(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id poison = define(&m, (cairn_status_def){.name = "test:poison",
                                                           .stacking = CAIRN_STACKING_INTENSITY,
                                                           .decay_by = 1,
                                                           .each = CAIRN_EACH_DAMAGE});
    cairn_entity_id s = map_real(&m, 0, 0), player = map_real(&m, 4, 0);
    *hp_of(&m, player) = (cairn_with_hp){10, 10};
    assert_ok(m.w, cairn_status_add(m.w, player, poison, 3, 0, s));
    assert_ok(m.w, cairn_entity_destroy(m.w, s));
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    assert_int_equal(hp_of(&m, player)->hp, 7);
    cairn_change hurt = last_change(&m, CAIRN_CHANGE_DAMAGED);
    assert_true(same(hurt.other, CAIRN_ENTITY_NONE));
    assert_true(same(info_at(&m, player, 0).source, s)); /* kept, for whoever asks who it was */
    map_close(&m);
}

static void regeneration_heals_each_beat_and_may_stay_at_zero(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id regen = define(&m, (cairn_status_def){.name = "test:regen",
                                                          .decay_by = CAIRN_DECAY_ALL,
                                                          .stay_at_zero = true,
                                                          .each = CAIRN_EACH_HEAL});
    cairn_entity_id player = map_real(&m, 4, 0);
    *hp_of(&m, player) = (cairn_with_hp){2, 10};
    assert_ok(m.w, cairn_status_add(m.w, player, regen, 4, 0, CAIRN_ENTITY_NONE));
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    assert_int_equal(hp_of(&m, player)->hp, 6);
    assert_int_equal(cairn_status_magnitude(m.w, player, regen), 0);
    assert_int_equal(cairn_status_remaining(m.w, player, regen), CAIRN_STATUS_LASTING);
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    assert_int_equal(hp_of(&m, player)->hp, 6); /* magnitude 0 heals nothing */
    map_close(&m);
}

static void turn_decay_waits_for_its_moment_and_modifies_follow(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    cairn_status_id weak =
        define(&m, (cairn_status_def){.name = "test:weak",
                                      .decay_by = 1,
                                      .decay_when = CAIRN_DECAY_TURN_END,
                                      .modifies_count = 1,
                                      .modifies = {{field_index("damage"), -1}}});
    cairn_entity_id s = map_real(&m, 0, 0), player = map_real(&m, 4, 0);
    cairn_attacking *attacking = map_data(&m, s, CAIRN_DECO_ATTACKING);
    int32_t damage = attacking->attack.damage;
    assert_ok(m.w, cairn_status_add(m.w, s, weak, 2, 0, CAIRN_ENTITY_NONE));
    assert_int_equal(attacking->attack.damage, damage - 2);
    map_beat(&m, player, CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    assert_int_equal(cairn_status_magnitude(m.w, s, weak), 2); /* the tick leaves it */
    assert_ok(m.w, cairn_status_decay(m.w, s, CAIRN_DECAY_TURN_START));
    assert_int_equal(cairn_status_magnitude(m.w, s, weak), 2);
    assert_ok(m.w, cairn_status_decay(m.w, s, CAIRN_DECAY_TURN_END));
    attacking = map_data(&m, s, CAIRN_DECO_ATTACKING);
    assert_int_equal(cairn_status_magnitude(m.w, s, weak), 1);
    assert_int_equal(attacking->attack.damage, damage - 1);
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_STATUS_CHANGED), 0); /* decay: none */
    assert_ok(m.w, cairn_status_decay(m.w, s, CAIRN_DECAY_TURN_END));
    assert_int_equal(cairn_status_remaining(m.w, s, weak), 0);
    assert_int_equal(attacking->attack.damage, damage);
    map_close(&m);
}

static void a_hit_wears_down_what_decays_on_hit(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@s..", NULL});
    cairn_status_id guard = define(&m, (cairn_status_def){.name = "test:guard",
                                                          .stacking = CAIRN_STACKING_INTENSITY,
                                                          .decay_by = 1,
                                                          .decay_when = CAIRN_DECAY_HIT});
    cairn_entity_id player = map_real(&m, 0, 0), s = map_real(&m, 1, 0);
    *hp_of(&m, s) = (cairn_with_hp){9, 9};
    assert_ok(m.w, cairn_status_add(m.w, s, guard, 2, 0, CAIRN_ENTITY_NONE));
    map_beat(&m, player, CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    assert_int_equal(cairn_status_magnitude(m.w, s, guard), 1);
    map_close(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_plain_apply_has_magnitude_one_and_no_source),
        cmocka_unit_test(longer_keeps_the_longer_duration_and_the_higher_magnitude),
        cmocka_unit_test(intensity_adds_magnitudes_up_to_max_and_keeps_the_longer),
        cmocka_unit_test(intensity_may_go_negative_and_wears_off_at_zero),
        cmocka_unit_test(extend_adds_durations_and_keeps_the_higher_magnitude),
        cmocka_unit_test(refresh_takes_the_new_duration_magnitude_and_source),
        cmocka_unit_test(higher_keeps_the_stronger_with_its_duration_and_source),
        cmocka_unit_test(instances_count_down_apart_and_max_caps_their_number),
        cmocka_unit_test(a_lasting_status_never_counts_down),
        cmocka_unit_test(a_snapshot_keeps_magnitudes_instances_and_sources),
        cmocka_unit_test(a_world_of_plain_statuses_is_written_in_format_3),
        cmocka_unit_test(the_give_chains_may_change_a_status_or_stop_it),
        cmocka_unit_test(a_world_without_the_chains_gives_without_an_event),
        cmocka_unit_test(a_resisting_status_weakens_another_and_100_makes_immune),
        cmocka_unit_test(a_save_by_chance_draws_from_the_world_generator),
        cmocka_unit_test(a_save_by_stat_compares_the_receivers_stat),
        cmocka_unit_test(poison_damages_by_its_magnitude_then_decays_by_one),
        cmocka_unit_test(a_source_removed_since_is_no_cause_of_the_damage),
        cmocka_unit_test(regeneration_heals_each_beat_and_may_stay_at_zero),
        cmocka_unit_test(turn_decay_waits_for_its_moment_and_modifies_follow),
        cmocka_unit_test(a_hit_wears_down_what_decays_on_hit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
