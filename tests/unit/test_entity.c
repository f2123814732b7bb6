/*
 * test_entity.c - entity types, decorators, generational ids, death and reaping,
 * per-entity data and copy-on-write chains.
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

typedef struct hp {
    int current;
    int max;
} hp;

typedef struct fixture {
    test_alloc alloc;
    cairn_world *w;
    cairn_decorator_id with_hp;
    cairn_type_id skeleton, slime;
    cairn_chain_id on_hit;
    trace trace;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    cairn_world *w = f->w = test_world(&f->alloc, 16, 16);
    assert_ok(w, cairn_decorator_register(w, "test.hp", sizeof(hp), &f->with_hp));
    assert_ok(w, cairn_type_register(w, "base:skeleton", CAIRN_LAYER_REAL, &f->skeleton));
    assert_ok(w, cairn_type_register(w, "base:slime", CAIRN_LAYER_REAL, &f->slime));
    assert_ok(w, cairn_type_add_decorator(w, f->skeleton, f->with_hp));
    void *defaults;
    assert_ok(w, cairn_type_defaults(w, f->skeleton, f->with_hp, &defaults));
    *(hp *)defaults = (hp){3, 3};
    assert_ok(w, cairn_chain_register(w, "attackable.be_hit", &f->on_hit));
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    test_world_close(f->w, &f->alloc);
    free(f);
    return 0;
}

static cairn_entity_id spawn(fixture *f, cairn_type_id type, int x, int y)
{
    cairn_entity_id id;
    assert_ok(f->w, cairn_entity_spawn(f->w, type, (cairn_cell){x, y}, &id));
    return id;
}

static const char *hit(fixture *f, cairn_entity_id target)
{
    f->trace.len = 0;
    f->trace.log[0] = '\0';
    cairn_event *ev = cairn_event_new(f->w, CAIRN_EVENT_PLAIN, target, (cairn_action){0, 0});
    assert_ok(f->w, cairn_entity_pass(f->w, target, f->on_hit, ev));
    return f->trace.log;
}

/* --- types and decorators ------------------------------------------------------------ */

static void type_ids_follow_registration_order_and_names_find_them(void **state)
{
    fixture *f = *state;
    cairn_type_id found;
    assert_int_equal(f->skeleton, 0);
    assert_int_equal(f->slime, 1);
    assert_int_equal(cairn_type_count(f->w), 2);
    assert_ok(f->w, cairn_type_find(f->w, "base:slime", &found));
    assert_int_equal(found, f->slime);
    assert_string_equal(cairn_type_name(f->w, f->skeleton), "base:skeleton");
    assert_int_equal(cairn_type_find(f->w, "base:bat", &found), CAIRN_ERR_NOT_FOUND);
    assert_non_null(strstr(cairn_world_error(f->w), "base:bat"));
}

/* A host trying a name several ways asks quietly: a miss leaves the world's error as it was. */
static void a_quiet_lookup_finds_every_kind_and_leaves_the_error_alone(void **state)
{
    fixture *f = *state;
    uint32_t id;
    assert_true(cairn_lookup(f->w, CAIRN_KIND_TYPE, "base:slime", &id));
    assert_int_equal(id, f->slime);
    assert_true(cairn_lookup(f->w, CAIRN_KIND_DECORATOR, "Acting", &id));
    assert_int_equal(id, CAIRN_DECO_ACTING);
    assert_true(cairn_lookup(f->w, CAIRN_KIND_CHAIN, "attack_check", &id));
    assert_int_equal(id, CAIRN_CHAIN_ATTACK_CHECK);
    assert_string_equal(cairn_name(f->w, CAIRN_KIND_TYPE, f->skeleton), "base:skeleton");
    assert_null(cairn_name(f->w, CAIRN_KIND_TYPE, 99));
    assert_null(cairn_name(f->w, CAIRN_KIND_COUNT, 0));

    assert_int_equal(cairn_type_find(f->w, "base:bat", &(cairn_type_id){0}), CAIRN_ERR_NOT_FOUND);
    char before[CAIRN_ERROR_MESSAGE_SIZE];
    snprintf(before, sizeof before, "%s", cairn_world_error(f->w));
    assert_false(cairn_lookup(f->w, CAIRN_KIND_TYPE, "base:rat", &id));
    assert_false(cairn_lookup(f->w, CAIRN_KIND_STATUS, "bad name!", &id));
    assert_false(cairn_lookup(f->w, CAIRN_KIND_COUNT, "base:slime", &id));
    assert_string_equal(cairn_world_error(f->w), before);
}

static void registering_a_type_name_twice_is_an_error_naming_it(void **state)
{
    fixture *f = *state;
    cairn_type_id id;
    assert_int_equal(cairn_type_register(f->w, "base:skeleton", CAIRN_LAYER_REAL, &id),
                     CAIRN_ERR_EXISTS);
    assert_non_null(strstr(cairn_world_error(f->w), "base:skeleton"));
    assert_int_equal(cairn_type_count(f->w), 2);
}

static void bad_names_and_layers_are_refused(void **state)
{
    fixture *f = *state;
    cairn_type_id id;
    char long_name[CAIRN_NAME_MAX + 2];
    memset(long_name, 'a', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    assert_int_equal(cairn_type_register(f->w, "", CAIRN_LAYER_REAL, &id), CAIRN_ERR_INVALID);
    assert_int_equal(cairn_type_register(f->w, long_name, CAIRN_LAYER_REAL, &id),
                     CAIRN_ERR_INVALID);
    assert_int_equal(cairn_type_register(f->w, "a b", CAIRN_LAYER_REAL, &id), CAIRN_ERR_INVALID);
    assert_int_equal(cairn_type_register(f->w, NULL, CAIRN_LAYER_REAL, &id), CAIRN_ERR_INVALID);
    assert_int_equal(cairn_type_register(f->w, "base:x", CAIRN_LAYER_COUNT, &id),
                     CAIRN_ERR_INVALID);
    assert_int_equal(cairn_type_count(f->w), 2);
}

static void each_entity_starts_from_its_types_defaults_and_owns_its_data(void **state)
{
    fixture *f = *state;
    cairn_entity_id a = spawn(f, f->skeleton, 1, 1), b = spawn(f, f->skeleton, 2, 1);
    hp *ha, *hb;
    assert_ok(f->w, cairn_entity_data(f->w, a, f->with_hp, (void **)&ha));
    assert_ok(f->w, cairn_entity_data(f->w, b, f->with_hp, (void **)&hb));
    assert_int_equal(ha->current, 3);
    ha->current = 1;
    assert_int_equal(hb->current, 3);
}

static void data_of_a_decorator_the_type_lacks_is_not_found(void **state)
{
    fixture *f = *state;
    cairn_entity_id slime = spawn(f, f->slime, 1, 1);
    void *data;
    assert_int_equal(cairn_entity_data(f->w, slime, f->with_hp, &data), CAIRN_ERR_NOT_FOUND);
    assert_non_null(strstr(cairn_world_error(f->w), "test.hp"));
    assert_false(cairn_type_has_decorator(f->w, f->slime, f->with_hp));
    assert_true(cairn_type_has_decorator(f->w, f->skeleton, f->with_hp));
}

static void a_type_with_entities_refuses_new_decorators(void **state)
{
    fixture *f = *state;
    cairn_decorator_id moving;
    assert_ok(f->w, cairn_decorator_register(f->w, "test.moving", 8, &moving));
    spawn(f, f->skeleton, 1, 1);
    assert_int_equal(cairn_type_add_decorator(f->w, f->skeleton, moving), CAIRN_ERR_STATE);
    assert_int_equal(cairn_type_add_decorator(f->w, f->slime, f->with_hp), CAIRN_OK);
    assert_int_equal(cairn_type_add_decorator(f->w, f->slime, f->with_hp), CAIRN_ERR_EXISTS);
}

static void decorator_blocks_of_one_type_do_not_overlap(void **state)
{
    fixture *f = *state;
    cairn_decorator_id a, b;
    cairn_type_id t;
    assert_ok(f->w, cairn_decorator_register(f->w, "A", 3, &a));
    assert_ok(f->w, cairn_decorator_register(f->w, "B", 40, &b));
    assert_ok(f->w, cairn_type_register(f->w, "t", CAIRN_LAYER_MISC, &t));
    assert_ok(f->w, cairn_type_add_decorator(f->w, t, a));
    assert_ok(f->w, cairn_type_add_decorator(f->w, t, b));
    cairn_entity_id e;
    assert_ok(f->w, cairn_entity_create(f->w, t, &e));
    unsigned char *pa, *pb;
    assert_ok(f->w, cairn_entity_data(f->w, e, a, (void **)&pa));
    assert_ok(f->w, cairn_entity_data(f->w, e, b, (void **)&pb));
    memset(pa, 0xAA, 3);
    memset(pb, 0xBB, 40);
    assert_int_equal(pa[2], 0xAA);
    assert_true(pb >= pa + 3);
    assert_int_equal((uintptr_t)pb % _Alignof(max_align_t), 0);
}

/* --- generational ids -------------------------------------------------------------- */

static void a_killed_entity_stays_readable_until_the_beat_ends_then_its_id_is_stale(void **state)
{
    fixture *f = *state;
    cairn_entity_id a = spawn(f, f->skeleton, 4, 4);
    assert_ok(f->w, cairn_entity_kill(f->w, a));
    assert_false(cairn_entity_is_alive(f->w, a));
    cairn_cell cell;
    assert_ok(f->w, cairn_entity_cell(f->w, a, &cell)); /* where it died */
    assert_int_equal(cell.x, 4);
    assert_int_equal(cell.y, 4);
    assert_ok(f->w, cairn_world_step(f->w));
    assert_int_equal(cairn_entity_check(f->w, a), CAIRN_ERR_STALE);
    assert_int_equal(cairn_entity_cell(f->w, a, &cell), CAIRN_ERR_STALE);
    cairn_entity_id there;
    assert_ok(f->w, cairn_grid_at(f->w, (cairn_cell){4, 4}, CAIRN_LAYER_REAL, &there));
    assert_true(cairn_entity_id_is_none(there));
}

static void a_killed_entity_leaves_the_grid_at_once_and_cannot_go_back(void **state)
{
    fixture *f = *state;
    cairn_entity_id a = spawn(f, f->skeleton, 4, 4);
    assert_ok(f->w, cairn_entity_kill(f->w, a));
    cairn_entity_id there;
    assert_ok(f->w, cairn_grid_at(f->w, (cairn_cell){4, 4}, CAIRN_LAYER_REAL, &there));
    assert_true(cairn_entity_id_is_none(there));
    cairn_entity_id b = spawn(f, f->skeleton, 4, 4); /* the cell is free for the living */
    assert_true(cairn_entity_is_alive(f->w, b));
    assert_int_equal(cairn_grid_place(f->w, a, (cairn_cell){5, 5}), CAIRN_ERR_STATE);
    assert_int_equal(cairn_grid_move(f->w, a, (cairn_cell){5, 5}), CAIRN_ERR_STATE);
    assert_int_equal(cairn_grid_remove(f->w, a), CAIRN_ERR_STATE);
    assert_int_equal(cairn_entity_displace(f->w, a, (cairn_cell){5, 5}, CAIRN_ENTITY_NONE, NULL),
                     CAIRN_ERR_STATE);
    assert_ok(f->w, cairn_world_step(f->w));
    assert_true(cairn_entity_is_alive(f->w, b)); /* the reap of the dead leaves it be */
    assert_ok(f->w, cairn_grid_at(f->w, (cairn_cell){4, 4}, CAIRN_LAYER_REAL, &there));
    assert_true(cairn_entity_id_eq(there, b));
}

static void a_reused_slot_gets_a_new_generation_and_the_old_id_stays_stale(void **state)
{
    fixture *f = *state;
    cairn_entity_id old = spawn(f, f->skeleton, 1, 1);
    assert_ok(f->w, cairn_entity_kill(f->w, old));
    assert_ok(f->w, cairn_world_step(f->w));
    cairn_entity_id reborn = spawn(f, f->slime, 5, 5);
    assert_int_equal(reborn.index, old.index); /* the slot was reused */
    assert_int_not_equal(reborn.generation, old.generation);
    assert_int_equal(cairn_entity_check(f->w, old), CAIRN_ERR_STALE);
    assert_non_null(strstr(cairn_world_error(f->w), "now holds generation"));
    /* The stale id never reaches the new tenant. */
    assert_int_equal(cairn_entity_kill(f->w, old), CAIRN_ERR_STALE);
    assert_int_equal(cairn_entity_set_facing(f->w, old, CAIRN_DIR_E), CAIRN_ERR_STALE);
    assert_int_equal(cairn_grid_move(f->w, old, (cairn_cell){9, 9}), CAIRN_ERR_STALE);
    assert_true(cairn_entity_is_alive(f->w, reborn));
    cairn_type_id type;
    assert_ok(f->w, cairn_entity_type(f->w, reborn, &type));
    assert_int_equal(type, f->slime);
    cairn_cell cell;
    assert_ok(f->w, cairn_entity_cell(f->w, reborn, &cell));
    assert_int_equal(cell.x, 5);
}

static void an_id_from_nowhere_or_none_is_invalid_not_a_crash(void **state)
{
    fixture *f = *state;
    assert_int_equal(cairn_entity_check(f->w, CAIRN_ENTITY_NONE), CAIRN_ERR_INVALID);
    assert_int_equal(cairn_entity_check(f->w, (cairn_entity_id){4000000, 1}), CAIRN_ERR_INVALID);
    assert_int_equal(cairn_entity_destroy(f->w, (cairn_entity_id){7, 7}), CAIRN_ERR_INVALID);
    assert_false(cairn_entity_is_alive(f->w, (cairn_entity_id){4000000, 1}));
}

static void killing_the_dead_is_an_error_and_destroy_makes_an_id_stale_at_once(void **state)
{
    fixture *f = *state;
    cairn_entity_id a = spawn(f, f->skeleton, 1, 1);
    assert_ok(f->w, cairn_entity_kill(f->w, a));
    assert_int_equal(cairn_entity_kill(f->w, a), CAIRN_ERR_STATE);
    cairn_entity_id b = spawn(f, f->skeleton, 2, 2);
    assert_ok(f->w, cairn_entity_destroy(f->w, b));
    assert_int_equal(cairn_entity_check(f->w, b), CAIRN_ERR_STALE);
    assert_ok(f->w, cairn_world_step(f->w)); /* reaping a destroyed-then-reused slot is safe */
    cairn_world_stats stats;
    cairn_world_get_stats(f->w, &stats);
    assert_int_equal(stats.entities_alive, 0);
}

static void reaping_a_dead_entity_spares_the_slots_next_tenant(void **state)
{
    fixture *f = *state;
    cairn_entity_id a = spawn(f, f->skeleton, 1, 1);
    assert_ok(f->w, cairn_entity_kill(f->w, a));
    assert_ok(f->w, cairn_entity_destroy(f->w, a)); /* gone before the beat ends */
    cairn_entity_id b = spawn(f, f->skeleton, 1, 1);
    assert_int_equal(b.index, a.index);
    assert_ok(f->w, cairn_world_step(f->w));
    assert_true(cairn_entity_is_alive(f->w, b));
}

/* --- world chains for spawning and dying ------------------------------------------- */

static void spawning_and_killing_pass_the_world_chains_with_the_entity(void **state)
{
    fixture *f = *state;
    recorder s = {.tag = 's', .trace = &f->trace}, d = {.tag = 'd', .trace = &f->trace};
    assert_ok(f->w, cairn_chain_add(f->w, cairn_world_chain(f->w, CAIRN_CHAIN_ENTITY_SPAWNED),
                                    recorder_handler(&s, CAIRN_RANK_MEDIUM), NULL));
    assert_ok(f->w, cairn_chain_add(f->w, cairn_world_chain(f->w, CAIRN_CHAIN_ENTITY_DIED),
                                    recorder_handler(&d, CAIRN_RANK_MEDIUM), NULL));
    cairn_entity_id a = spawn(f, f->skeleton, 1, 1);
    assert_ok(f->w, cairn_entity_kill(f->w, a));
    assert_string_equal(f->trace.log, "sd");
}

static void a_failing_spawn_handler_leaves_no_entity_behind(void **state)
{
    fixture *f = *state;
    recorder s = {.tag = 's', .trace = &f->trace, .fail = CAIRN_ERR_HANDLER};
    assert_ok(f->w, cairn_chain_add(f->w, cairn_world_chain(f->w, CAIRN_CHAIN_ENTITY_SPAWNED),
                                    recorder_handler(&s, CAIRN_RANK_MEDIUM), NULL));
    cairn_entity_id id = CAIRN_ENTITY_NONE;
    assert_int_equal(cairn_entity_spawn(f->w, f->skeleton, (cairn_cell){3, 3}, &id),
                     CAIRN_ERR_HANDLER);
    assert_true(cairn_entity_id_is_none(id));
    assert_string_equal(cairn_world_error(f->w), "handler s failed");
    cairn_entity_id there;
    assert_ok(f->w, cairn_grid_at(f->w, (cairn_cell){3, 3}, CAIRN_LAYER_REAL, &there));
    assert_true(cairn_entity_id_is_none(there));
}

/* --- chain templates and copy on write ---------------------------------------------- */

static void hooking_a_handler_onto_one_entity_leaves_its_siblings_chains_untouched(void **state)
{
    fixture *f = *state;
    recorder type_handler = {.tag = 't', .trace = &f->trace};
    recorder status = {.tag = 's', .trace = &f->trace};
    cairn_chain *template;
    assert_ok(f->w, cairn_type_chain(f->w, f->skeleton, f->on_hit, &template));
    assert_ok(f->w, cairn_chain_add(f->w, template,
                                    recorder_handler(&type_handler, CAIRN_RANK_MEDIUM), NULL));
    cairn_entity_id a = spawn(f, f->skeleton, 1, 1), b = spawn(f, f->skeleton, 2, 1);
    assert_ok(f->w, cairn_entity_hook(f->w, a, f->on_hit,
                                      recorder_handler(&status, CAIRN_RANK_HIGHEST), NULL));
    assert_string_equal(hit(f, a), "st");
    assert_string_equal(hit(f, b), "t");
    cairn_chain *chain_a, *chain_b;
    assert_ok(f->w, cairn_entity_chain(f->w, a, f->on_hit, &chain_a));
    assert_ok(f->w, cairn_entity_chain(f->w, b, f->on_hit, &chain_b));
    assert_ptr_equal(chain_b, template); /* still shared */
    assert_ptr_not_equal(chain_a, template);
    assert_int_equal(cairn_chain_count(template), 1);
}

static void unhooking_restores_the_entitys_behaviour(void **state)
{
    fixture *f = *state;
    recorder status = {.tag = 's', .trace = &f->trace};
    cairn_entity_id a = spawn(f, f->skeleton, 1, 1);
    cairn_handler_id id;
    assert_ok(f->w, cairn_entity_hook(f->w, a, f->on_hit,
                                      recorder_handler(&status, CAIRN_RANK_MEDIUM), &id));
    assert_string_equal(hit(f, a), "s");
    assert_ok(f->w, cairn_entity_unhook(f->w, a, f->on_hit, id));
    assert_string_equal(hit(f, a), "");
    assert_int_equal(cairn_entity_unhook(f->w, a, f->on_hit, id), CAIRN_ERR_NOT_FOUND);
}

static void template_changes_reach_entities_with_their_own_copy_in_order(void **state)
{
    fixture *f = *state;
    recorder early = {.tag = '1', .trace = &f->trace}, own = {.tag = 'o', .trace = &f->trace},
             late = {.tag = '2', .trace = &f->trace};
    cairn_chain *template;
    assert_ok(f->w, cairn_type_chain(f->w, f->skeleton, f->on_hit, &template));
    cairn_handler_id early_id;
    assert_ok(f->w, cairn_chain_add(f->w, template, recorder_handler(&early, CAIRN_RANK_MEDIUM),
                                    &early_id));
    cairn_entity_id a = spawn(f, f->skeleton, 1, 1), b = spawn(f, f->skeleton, 2, 1);
    assert_ok(f->w, cairn_entity_hook(f->w, a, f->on_hit, recorder_handler(&own, CAIRN_RANK_MEDIUM),
                                      NULL));
    assert_ok(f->w,
              cairn_chain_add(f->w, template, recorder_handler(&late, CAIRN_RANK_MEDIUM), NULL));
    assert_string_equal(hit(f, a), "1o2"); /* the order it would have had all along */
    assert_string_equal(hit(f, b), "12");
    assert_ok(f->w, cairn_chain_remove(f->w, template, early_id));
    assert_string_equal(hit(f, a), "o2");
    assert_string_equal(hit(f, b), "2");
}

static void an_entity_can_unhook_its_types_handler_for_itself_alone(void **state)
{
    fixture *f = *state;
    recorder t = {.tag = 't', .trace = &f->trace}, s = {.tag = 's', .trace = &f->trace};
    cairn_chain *template;
    cairn_handler_id type_handler;
    assert_ok(f->w, cairn_type_chain(f->w, f->skeleton, f->on_hit, &template));
    assert_ok(f->w, cairn_chain_add(f->w, template, recorder_handler(&t, CAIRN_RANK_MEDIUM),
                                    &type_handler));
    cairn_entity_id a = spawn(f, f->skeleton, 1, 1), b = spawn(f, f->skeleton, 2, 1);
    assert_ok(f->w,
              cairn_entity_hook(f->w, a, f->on_hit, recorder_handler(&s, CAIRN_RANK_LOW), NULL));
    assert_ok(f->w, cairn_entity_unhook(f->w, a, f->on_hit, type_handler));
    assert_string_equal(hit(f, a), "s");
    assert_string_equal(hit(f, b), "t");
}

static void a_bad_handler_hooked_onto_an_entity_leaves_it_sharing_its_types_chain(void **state)
{
    fixture *f = *state;
    cairn_chain *template, *chain;
    assert_ok(f->w, cairn_type_chain(f->w, f->skeleton, f->on_hit, &template));
    cairn_entity_id a = spawn(f, f->skeleton, 1, 1);
    assert_int_equal(
        cairn_entity_hook(f->w, a, f->on_hit, (cairn_handler){NULL, NULL, CAIRN_RANK_MEDIUM}, NULL),
        CAIRN_ERR_INVALID);
    assert_int_equal(cairn_entity_hook(f->w, a, f->on_hit, (cairn_handler){record, NULL, 7}, NULL),
                     CAIRN_ERR_INVALID);
    assert_ok(f->w, cairn_entity_chain(f->w, a, f->on_hit, &chain));
    assert_ptr_equal(chain, template);
}

/* --- memory ------------------------------------------------------------------------- */

static void spawning_and_reaping_in_steady_state_allocates_nothing(void **state)
{
    fixture *f = *state;
    /* Warm up: the first round grows the table, the pools and the arena. */
    for (int round = 0; round < 3; round++) {
        long before = f->alloc.allocations;
        for (int i = 0; i < 10; i++) {
            cairn_entity_id id = spawn(f, f->skeleton, i, 0);
            assert_ok(f->w, cairn_entity_kill(f->w, id));
        }
        assert_ok(f->w, cairn_world_step(f->w));
        if (round > 0)
            assert_int_equal(f->alloc.allocations, before);
    }
}

#define TEST(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        TEST(type_ids_follow_registration_order_and_names_find_them),
        TEST(a_quiet_lookup_finds_every_kind_and_leaves_the_error_alone),
        TEST(registering_a_type_name_twice_is_an_error_naming_it),
        TEST(bad_names_and_layers_are_refused),
        TEST(each_entity_starts_from_its_types_defaults_and_owns_its_data),
        TEST(data_of_a_decorator_the_type_lacks_is_not_found),
        TEST(a_type_with_entities_refuses_new_decorators),
        TEST(decorator_blocks_of_one_type_do_not_overlap),
        TEST(a_killed_entity_stays_readable_until_the_beat_ends_then_its_id_is_stale),
        TEST(a_killed_entity_leaves_the_grid_at_once_and_cannot_go_back),
        TEST(a_reused_slot_gets_a_new_generation_and_the_old_id_stays_stale),
        TEST(an_id_from_nowhere_or_none_is_invalid_not_a_crash),
        TEST(killing_the_dead_is_an_error_and_destroy_makes_an_id_stale_at_once),
        TEST(reaping_a_dead_entity_spares_the_slots_next_tenant),
        TEST(spawning_and_killing_pass_the_world_chains_with_the_entity),
        TEST(a_failing_spawn_handler_leaves_no_entity_behind),
        TEST(hooking_a_handler_onto_one_entity_leaves_its_siblings_chains_untouched),
        TEST(unhooking_restores_the_entitys_behaviour),
        TEST(template_changes_reach_entities_with_their_own_copy_in_order),
        TEST(an_entity_can_unhook_its_types_handler_for_itself_alone),
        TEST(a_bad_handler_hooked_onto_an_entity_leaves_it_sharing_its_types_chain),
        TEST(spawning_and_reaping_in_steady_state_allocates_nothing),
    };
    return cmocka_run_group_tests_name("entity", tests, NULL, NULL);
}
