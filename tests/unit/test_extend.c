/*
 * Every extension point of the action machinery is a registration, not a switch: a new
 * decorator becomes an action component, an algorithm or a movs is picked by id, a
 * decorator's requirements, defaults, chain names and compute, tick and release callbacks all
 * come from its definition.
 *
 * Maps drawn here leave out the glyph of a type that the test still extends: a type is
 * sealed by its first entity, so its entities are spawned by hand once it has its new
 * decorators, and then show in map_assert as usual.
 */
#include <string.h>

#include "map.h"

static void *defaults(cairn_world *w, cairn_type_id type, cairn_decorator_id deco)
{
    void *data;
    assert_ok(w, cairn_type_defaults(w, type, deco, &data));
    assert_non_null(data);
    return data;
}

static cairn_entity_id spawn(test_map *m, cairn_type_id type, int x, int y)
{
    cairn_entity_id id;
    assert_ok(m->w, cairn_entity_spawn(m->w, type, (cairn_cell){x, y}, &id));
    return id;
}

static bool mentions(cairn_world *w, const char *text)
{
    return strstr(cairn_world_error(w), text) != NULL;
}

/* --- Blinking: a component the core knows nothing of ---------------------------------- */

/* Jumps `distance` cells, over whatever lies between, onto a cell with no wall and no
 * real. Passes its own check stage, test:blink_check, first. */
typedef struct blinking {
    int32_t distance;
} blinking;

typedef struct blink_event {
    cairn_result_event result;
    cairn_cell from;
    cairn_cell to;
} blink_event;

typedef struct blink {
    cairn_decorator_id deco;
    cairn_chain_id check;
    int activations;
} blink;

static cairn_err blink_activate(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                                cairn_result_event **out, void *ud)
{
    blink *b = ud;
    b->activations++;
    cairn_event *head = cairn_event_new_sized(w, CAIRN_EVENT_RESULT, sizeof(blink_event), actor,
                                              (cairn_action){0, (uint8_t)dir});
    if (!head)
        return cairn_world_error_code(w);
    blink_event *ev = (blink_event *)(void *)cairn_event_as_result(head);
    ev->result.component = b->deco;
    *out = &ev->result;
    void *data;
    cairn_err st = cairn_entity_data(w, actor, b->deco, &data);
    if (st || (st = cairn_entity_cell(w, actor, &ev->from)))
        return st;
    ev->to = cairn_cell_step(ev->from, dir, ((blinking *)data)->distance);
    if ((st = cairn_entity_pass(w, actor, b->check, head)) || !head->propagate)
        return st;
    if (dir == CAIRN_DIR_NONE || !cairn_grid_in_bounds(w, ev->to))
        return CAIRN_OK;
    cairn_entity_id wall, real;
    if ((st = cairn_grid_at(w, ev->to, CAIRN_LAYER_WALL, &wall)) ||
        (st = cairn_grid_at(w, ev->to, CAIRN_LAYER_REAL, &real)))
        return st;
    ev->result.blocker = cairn_entity_id_is_none(wall) ? real : wall;
    if (!cairn_entity_id_is_none(ev->result.blocker))
        return CAIRN_OK;
    bool moved;
    st = cairn_entity_displace(w, actor, ev->to, actor, &moved);
    head->success = st == CAIRN_OK && moved;
    return st;
}

static void define_blink(cairn_world *w, blink *b)
{
    static const blinking two = {.distance = 2};
    static const char *const chains[] = {"test:blink_check"};
    memset(b, 0, sizeof *b);
    const cairn_decorator_def def = {.name = "test:Blinking",
                                     .data_size = sizeof(blinking),
                                     .defaults = &two,
                                     .chains = chains,
                                     .chain_count = 1,
                                     .activate = blink_activate,
                                     .ud = b};
    assert_ok(w, cairn_decorator_define(w, &def, &b->deco));
    assert_ok(w, cairn_chain_find(w, "test:blink_check", &b->check));
}

static blink_event *as_blink(const blink *b, cairn_result_event *result)
{
    assert_non_null(result);
    assert_int_equal(result->head.kind, CAIRN_EVENT_RESULT);
    assert_int_equal(result->component, b->deco);
    return (blink_event *)(void *)result;
}

static void a_decorator_with_an_activate_hook_is_an_action_component(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"...c..", NULL});
    blink b;
    define_blink(m.w, &b);
    assert_ok(m.w, cairn_type_add_decorator(m.w, m.player, b.deco));
    cairn_entity_id player = spawn(&m, m.player, 0, 0);
    const cairn_decorator_id alone[] = {b.deco}, composite[] = {CAIRN_DECO_ATTACKING, b.deco};
    cairn_action_id blink_action, attack_blink;
    assert_ok(m.w, cairn_action_register(m.w, "test:blink", alone, 1, &blink_action));
    assert_ok(m.w, cairn_action_register(m.w, "test:attack_blink", composite, 2, &attack_blink));
    assert_true(blink_action >= CAIRN_ACTION_BUILTIN_COUNT);
    cairn_action_id found;
    assert_ok(m.w, cairn_action_find(m.w, "test:attack_blink", &found));
    assert_int_equal(found, attack_blink);
    assert_string_equal(cairn_action_name(m.w, blink_action), "test:blink");
    map_assert(&m, (const char *[]){"@..c..", NULL});

    /* Blink alone: two cells east, and its event is the action's result. */
    map_beat(&m, player, blink_action, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"..@c..", NULL});
    cairn_enclosing_event *enc = map_last(&m, player);
    assert_true(enc->head.success);
    blink_event *ev = as_blink(&b, enc->algo->result);
    assert_true(ev->result.head.success);
    assert_true(cairn_entity_id_eq(ev->result.head.actor, player));
    assert_int_equal(ev->from.x, 0);
    assert_int_equal(ev->to.x, 2);
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_MOVED), 1);
    assert_int_equal(b.activations, 1);

    /* Attack, else blink: the crate is there to hit, so the blink is not tried. */
    map_beat(&m, player, attack_blink, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"..@c..", NULL});
    assert_non_null(cairn_event_as_attack(&map_last(&m, player)->algo->result->head));
    assert_int_equal(b.activations, 1);

    /* Nothing to hit westwards: the attack fails and the blink carries the action. */
    map_beat(&m, player, attack_blink, CAIRN_DIR_W);
    map_assert(&m, (const char *[]){"@..c..", NULL});
    enc = map_last(&m, player);
    assert_true(enc->head.success);
    ev = as_blink(&b, enc->algo->result);
    assert_int_equal(ev->to.x, 0);
    assert_int_equal(b.activations, 2);

    /* Three cells east is the crate: the blink fails, and its event names the blocker. */
    ((blinking *)map_data(&m, player, b.deco))->distance = 3;
    map_beat(&m, player, blink_action, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"@..c..", NULL});
    assert_false(map_last(&m, player)->head.success);
    assert_null(map_last(&m, player)->algo->result); /* no component succeeded */
    cairn_result_event *result;
    bool ok = true;
    assert_ok(
        m.w, cairn_action_do(m.w, player, (cairn_action){blink_action, CAIRN_DIR_E}, &result, &ok));
    assert_false(ok);
    assert_false(as_blink(&b, result)->result.head.success);
    assert_true(cairn_entity_id_eq(result->blocker, map_real(&m, 3, 0)));
    map_close(&m);
}

static void an_entity_without_the_component_skips_it(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"s...@", NULL});
    blink b;
    define_blink(m.w, &b);
    const cairn_decorator_id composite[] = {b.deco, CAIRN_DECO_MOVING};
    cairn_action_id blink_move;
    assert_ok(m.w, cairn_action_register(m.w, "test:blink_move", composite, 2, &blink_move));
    /* The skeleton cannot blink, so blink_move is a move for it. */
    cairn_result_event *result;
    bool ok;
    assert_ok(m.w, cairn_action_do(m.w, map_real(&m, 0, 0), (cairn_action){blink_move, CAIRN_DIR_E},
                                   &result, &ok));
    assert_true(ok);
    assert_non_null(cairn_event_as_move(&result->head));
    assert_int_equal(b.activations, 0);
    map_assert(&m, (const char *[]){".s..@", NULL});
    map_close(&m);
}

static void action_register_refuses_components_that_cannot_be_activated(void **state)
{
    (void)state;
    test_alloc alloc;
    cairn_world *w = test_world(&alloc, 1, 1);
    cairn_decorator_id plain;
    assert_ok(w, cairn_decorator_register(w, "test:Plain", sizeof(int32_t), &plain));
    cairn_action_id id = 77;

    assert_int_equal(cairn_action_register(w, "test:poke", &plain, 1, &id), CAIRN_ERR_INVALID);
    assert_true(mentions(w, "test:Plain"));
    const cairn_decorator_id second[] = {CAIRN_DECO_MOVING, plain};
    assert_int_equal(cairn_action_register(w, "test:poke", second, 2, &id), CAIRN_ERR_INVALID);
    assert_true(mentions(w, "test:Plain"));
    const cairn_decorator_id acting[] = {CAIRN_DECO_ACTING};
    assert_int_equal(cairn_action_register(w, "test:poke", acting, 1, &id), CAIRN_ERR_INVALID);
    assert_true(mentions(w, "Acting"));
    const cairn_decorator_id unknown[] = {999};
    assert_int_equal(cairn_action_register(w, "test:poke", unknown, 1, &id), CAIRN_ERR_INVALID);
    assert_int_equal(cairn_action_register(w, "test:poke", NULL, 1, &id), CAIRN_ERR_INVALID);

    cairn_decorator_id many[CAIRN_ACTION_COMPONENTS_MAX + 1];
    for (size_t i = 0; i < CAIRN_ACTION_COMPONENTS_MAX + 1; i++)
        many[i] = CAIRN_DECO_MOVING;
    assert_int_equal(
        cairn_action_register(w, "test:poke", many, CAIRN_ACTION_COMPONENTS_MAX + 1, &id),
        CAIRN_ERR_INVALID);
    assert_int_equal(id, 77); /* nothing was registered */
    assert_int_equal(cairn_action_find(w, "test:poke", NULL), CAIRN_ERR_NOT_FOUND);

    /* At the limit, and empty, are fine. */
    assert_ok(w, cairn_action_register(w, "test:poke", many, CAIRN_ACTION_COMPONENTS_MAX, &id));
    assert_int_equal(id, CAIRN_ACTION_BUILTIN_COUNT);
    assert_ok(w, cairn_action_register(w, "test:wait", NULL, 0, NULL));
    assert_int_equal(cairn_action_register(w, "test:wait", NULL, 0, NULL), CAIRN_ERR_EXISTS);
    test_world_close(w, &alloc);
}

/* --- algorithms and movs ---------------------------------------------------------------- */

/* Carries an action out a quarter turn clockwise of the direction it came with. */
typedef struct sidestep {
    int calls;
    cairn_action action;
} sidestep;

static cairn_err sidestep_algo(cairn_world *w, cairn_algo_event *ev, void *ud)
{
    sidestep *s = ud;
    s->calls++;
    s->action = ev->head.action;
    bool ok;
    return cairn_algo_attempt(w, ev, cairn_dir_rotate((cairn_dir)ev->head.action.dir, 2), &ok);
}

static void a_registered_algorithm_set_as_a_types_default_is_the_one_that_runs(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"...", "...", "...", NULL});
    sidestep s = {0};
    cairn_algo_id algo;
    assert_ok(m.w, cairn_algo_register(m.w, "test:sidestep", sidestep_algo, &s, &algo));
    assert_true(algo >= CAIRN_ALGO_BUILTIN_COUNT);
    cairn_algo_id found;
    assert_ok(m.w, cairn_algo_find(m.w, "test:sidestep", &found));
    assert_int_equal(found, algo);
    ((cairn_acting *)defaults(m.w, m.player, CAIRN_DECO_ACTING))->algo = algo;
    cairn_entity_id player = spawn(&m, m.player, 1, 1);

    map_beat(&m, player, CAIRN_ACTION_MOVE, CAIRN_DIR_N);
    map_assert(&m, (const char *[]){"...", "..@", "...", NULL});
    assert_int_equal(s.calls, 1);
    assert_int_equal(s.action.id, CAIRN_ACTION_MOVE);
    assert_int_equal(s.action.dir, CAIRN_DIR_N);
    cairn_enclosing_event *enc = map_last(&m, player);
    assert_true(enc->head.success);
    assert_int_equal(enc->algo->direction, CAIRN_DIR_E);
    assert_int_equal(enc->head.action.dir, CAIRN_DIR_E);
    map_close(&m);
}

static void an_algorithm_register_refuses_a_missing_function(void **state)
{
    (void)state;
    test_alloc alloc;
    cairn_world *w = test_world(&alloc, 1, 1);
    assert_int_equal(cairn_algo_register(w, "test:nothing", NULL, NULL, NULL), CAIRN_ERR_INVALID);
    assert_int_equal(cairn_movs_register(w, "test:nothing", NULL, NULL, NULL), CAIRN_ERR_INVALID);
    assert_int_equal(cairn_algo_register(w, "general", sidestep_algo, NULL, NULL),
                     CAIRN_ERR_EXISTS);
    test_world_close(w, &alloc);
}

/* Gives the directions it holds, whatever the world looks like. */
typedef struct fixed_movs {
    cairn_dir dirs[CAIRN_DIR_COUNT];
    size_t count;
    int calls;
} fixed_movs;

static cairn_err fixed_movs_fn(cairn_world *w, cairn_entity_id actor, cairn_dir *dirs,
                               size_t *count, void *ud)
{
    (void)w;
    (void)actor;
    fixed_movs *f = ud;
    f->calls++;
    for (size_t i = 0; i < f->count && i < CAIRN_DIR_COUNT; i++)
        dirs[i] = f->dirs[i];
    *count = f->count;
    return CAIRN_OK;
}

/* Registers a movs and makes the skeleton at (x, y) chase with it. */
static cairn_movs_id chase_with(test_map *m, const char *name, fixed_movs *f, int x, int y)
{
    cairn_movs_id movs;
    assert_ok(m->w, cairn_movs_register(m->w, name, fixed_movs_fn, f, &movs));
    const cairn_step step = {.action = CAIRN_ACTION_ATTACK_MOVE, .movs = movs};
    cairn_sequence_id sequence;
    assert_ok(m->w, cairn_sequence_register(m->w, "test:chase_with", &step, 1, &sequence));
    ((cairn_sequential *)map_data(m, map_real(m, x, y), CAIRN_DECO_SEQUENTIAL))->sequence =
        sequence;
    return movs;
}

static void a_registered_movs_decides_the_direction_tried_first(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"#.s.@", NULL});
    fixed_movs west_first = {.dirs = {CAIRN_DIR_W, CAIRN_DIR_E}, .count = 2};
    cairn_movs_id movs = chase_with(&m, "test:west_first", &west_first, 2, 0);
    cairn_entity_id skeleton = map_real(&m, 2, 0);
    assert_true(movs >= CAIRN_MOVS_BUILTIN_COUNT);
    /* Away from the player, because the movs says west first. */
    map_beat(&m, map_real(&m, 4, 0), CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    map_assert(&m, (const char *[]){"#s..@", NULL});
    cairn_algo_event *algo = map_last(&m, skeleton)->algo;
    assert_int_equal(algo->movs, movs);
    assert_int_equal(algo->direction, CAIRN_DIR_W);
    /* West is stone now: the second direction. */
    map_beat(&m, map_real(&m, 4, 0), CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    map_assert(&m, (const char *[]){"#.s.@", NULL});
    assert_int_equal(map_last(&m, skeleton)->algo->direction, CAIRN_DIR_E);
    assert_int_equal(west_first.calls, 2);
    cairn_movs_id found;
    assert_ok(m.w, cairn_movs_find(m.w, "test:west_first", &found));
    assert_int_equal(found, movs);
    map_close(&m);
}

static void a_movs_that_gives_a_bad_direction_fails_the_beat_naming_it(void **state)
{
    (void)state;
    const fixed_movs bad[] = {
        {.dirs = {(cairn_dir)42}, .count = 1},
        {.dirs = {CAIRN_DIR_E, CAIRN_DIR_NONE}, .count = 2},
        {.dirs = {CAIRN_DIR_E}, .count = CAIRN_DIR_COUNT + 1}, /* more than there can be */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        test_map m;
        map_open(&m, (const char *[]){"s...@", NULL});
        fixed_movs broken = bad[i];
        cairn_movs_id movs = chase_with(&m, "test:broken", &broken, 0, 0);
        assert_ok(m.w, cairn_player_input(m.w, map_real(&m, 4, 0),
                                          (cairn_action){CAIRN_ACTION_NONE, CAIRN_DIR_NONE}));
        assert_int_equal(cairn_world_step(m.w), CAIRN_ERR_INVALID);
        assert_true(mentions(m.w, "test:broken"));
        assert_int_equal(cairn_world_phase(m.w), CAIRN_PHASE_OUTSIDE);
        map_assert(&m, (const char *[]){"s...@", NULL});
        cairn_dir dirs[CAIRN_DIR_COUNT];
        size_t count = 99;
        assert_int_equal(cairn_movs_dirs(m.w, movs, map_real(&m, 0, 0), dirs, &count),
                         CAIRN_ERR_INVALID);
        assert_int_equal(count, 99);
        map_close(&m);
    }
}

/* --- decorators: requirements, defaults, chains, hooks ---------------------------------- */

static cairn_err tick_note(cairn_world *w, cairn_entity_id id, void *data, void *ud)
{
    (void)w;
    (void)id;
    (void)data;
    const recorder *r = ud;
    trace_note(r->trace, r->tag);
    return CAIRN_OK;
}

static void a_decorators_requirements_are_added_to_the_type_first(void **state)
{
    (void)state;
    test_alloc alloc;
    cairn_world *w = test_world(&alloc, 2, 1);
    trace t = {0};
    recorder base_r = {.trace = &t, .tag = 'B'}, derived_r = {.trace = &t, .tag = 'D'},
             top_r = {.trace = &t, .tag = 'P'};
    cairn_decorator_id base, derived, top;
    assert_ok(w,
              cairn_decorator_define(
                  w, &(cairn_decorator_def){.name = "test:Base", .tick = tick_note, .ud = &base_r},
                  &base));
    assert_ok(w, cairn_decorator_define(w,
                                        &(cairn_decorator_def){.name = "test:Derived",
                                                               .required = &base,
                                                               .required_count = 1,
                                                               .tick = tick_note,
                                                               .ud = &derived_r},
                                        &derived));
    assert_ok(w, cairn_decorator_define(w,
                                        &(cairn_decorator_def){.name = "test:Top",
                                                               .required = &derived,
                                                               .required_count = 1,
                                                               .tick = tick_note,
                                                               .ud = &top_r},
                                        &top));

    cairn_type_id thing;
    assert_ok(w, cairn_type_register(w, "test:thing", CAIRN_LAYER_MISC, &thing));
    assert_ok(w, cairn_type_add_decorator(w, thing, top));
    assert_true(cairn_type_has_decorator(w, thing, base));
    assert_true(cairn_type_has_decorator(w, thing, derived));
    assert_int_equal(cairn_type_add_decorator(w, thing, base), CAIRN_ERR_EXISTS);
    /* A type that has a requirement already keeps its one copy, in its place. */
    cairn_type_id other;
    assert_ok(w, cairn_type_register(w, "test:other", CAIRN_LAYER_MISC, &other));
    assert_ok(w, cairn_type_add_decorator(w, other, derived));
    assert_ok(w, cairn_type_add_decorator(w, other, top));
    assert_ok(w, cairn_entity_spawn(w, thing, (cairn_cell){0, 0}, NULL));
    assert_ok(w, cairn_entity_spawn(w, other, (cairn_cell){1, 0}, NULL));
    assert_ok(w, cairn_world_step(w));
    assert_string_equal(t.log, "BDPBDP"); /* tick callbacks run in the type's decorator order */

    /* The built-in ones. */
    cairn_type_id scripted, mortal;
    assert_ok(w, cairn_type_register(w, "test:scripted", CAIRN_LAYER_REAL, &scripted));
    assert_ok(w, cairn_type_add_decorator(w, scripted, CAIRN_DECO_SEQUENTIAL));
    assert_true(cairn_type_has_decorator(w, scripted, CAIRN_DECO_ACTING));
    assert_int_equal(cairn_type_add_decorator(w, scripted, CAIRN_DECO_ACTING), CAIRN_ERR_EXISTS);
    assert_ok(w, cairn_type_register(w, "test:mortal", CAIRN_LAYER_REAL, &mortal));
    assert_ok(w, cairn_type_add_decorator(w, mortal, CAIRN_DECO_KILLABLE));
    assert_true(cairn_type_has_decorator(w, mortal, CAIRN_DECO_WITH_HP));
    cairn_with_hp *hp = defaults(w, mortal, CAIRN_DECO_WITH_HP);
    assert_int_equal(hp->hp, 1);
    assert_int_equal(hp->max, 1);

    /* A requirement must exist before the decorator that names it. */
    const cairn_decorator_id missing = 999;
    assert_int_equal(cairn_decorator_define(w,
                                            &(cairn_decorator_def){.name = "test:Orphan",
                                                                   .required = &missing,
                                                                   .required_count = 1},
                                            NULL),
                     CAIRN_ERR_NOT_FOUND);
    assert_int_equal(cairn_decorator_find(w, "test:Orphan", NULL), CAIRN_ERR_NOT_FOUND);
    test_world_close(w, &alloc);
}

typedef struct charge {
    int32_t level;
    int32_t max;
} charge;

static void a_decorators_defaults_are_copied_into_its_types(void **state)
{
    (void)state;
    test_alloc alloc;
    cairn_world *w = test_world(&alloc, 2, 1);
    charge start = {.level = 3, .max = 7};
    cairn_decorator_id charged;
    assert_ok(w, cairn_decorator_define(w,
                                        &(cairn_decorator_def){.name = "test:Charged",
                                                               .data_size = sizeof(charge),
                                                               .defaults = &start},
                                        &charged));
    start.level = 99; /* the definition was copied */
    cairn_type_id cell, battery;
    assert_ok(w, cairn_type_register(w, "test:cell", CAIRN_LAYER_MISC, &cell));
    assert_ok(w, cairn_type_add_decorator(w, cell, charged));
    charge *c = defaults(w, cell, charged);
    assert_int_equal(c->level, 3);
    assert_int_equal(c->max, 7);
    c->level = 5; /* this type's, not the decorator's */
    assert_ok(w, cairn_type_register(w, "test:battery", CAIRN_LAYER_MISC, &battery));
    assert_ok(w, cairn_type_add_decorator(w, battery, charged));
    assert_int_equal(((charge *)defaults(w, battery, charged))->level, 3);

    cairn_entity_id a, b;
    assert_ok(w, cairn_entity_spawn(w, cell, (cairn_cell){0, 0}, &a));
    assert_ok(w, cairn_entity_spawn(w, battery, (cairn_cell){1, 0}, &b));
    void *data;
    assert_ok(w, cairn_entity_data(w, a, charged, &data));
    assert_int_equal(((charge *)data)->level, 5);
    assert_int_equal(((charge *)data)->max, 7);
    assert_ok(w, cairn_entity_data(w, b, charged, &data));
    assert_int_equal(((charge *)data)->level, 3);
    test_world_close(w, &alloc);
}

static void the_chain_names_a_decorator_lists_are_registered(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"....", NULL});
    cairn_chain_id name;
    assert_int_equal(cairn_chain_find(m.w, "test:blink_check", &name), CAIRN_ERR_NOT_FOUND);
    blink b;
    define_blink(m.w, &b);
    assert_ok(m.w, cairn_chain_find(m.w, "test:blink_check", &name));
    assert_int_equal(name, b.check);
    assert_true(name >= CAIRN_CHAIN_BUILTIN_COUNT);
    assert_string_equal(cairn_chain_name(m.w, name), "test:blink_check");
    assert_non_null(cairn_world_chain(m.w, name));

    /* A name the world has already keeps its id. */
    static const char *const chains[] = {"test:charge", "tick"};
    assert_ok(m.w, cairn_decorator_define(m.w,
                                          &(cairn_decorator_def){.name = "test:Charging",
                                                                 .chains = chains,
                                                                 .chain_count = 2},
                                          NULL));
    assert_ok(m.w, cairn_chain_find(m.w, "tick", &name));
    assert_int_equal(name, CAIRN_CHAIN_TICK);
    assert_ok(m.w, cairn_chain_find(m.w, "test:charge", &name));
    assert_int_equal(name, b.check + 1);

    /* The decorator's own stage works as the built-in ones do: a handler vetoes the blink. */
    assert_ok(m.w, cairn_type_add_decorator(m.w, m.player, b.deco));
    const cairn_decorator_id alone[] = {b.deco};
    cairn_action_id blink_action;
    assert_ok(m.w, cairn_action_register(m.w, "test:blink", alone, 1, &blink_action));
    cairn_entity_id player = spawn(&m, m.player, 0, 0);
    trace t = {0};
    recorder veto = {.trace = &t, .tag = 'v', .stop = true};
    cairn_handler_id hid;
    assert_ok(m.w, cairn_entity_hook(m.w, player, b.check,
                                     recorder_handler(&veto, CAIRN_RANK_MEDIUM), &hid));
    map_beat(&m, player, blink_action, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"@...", NULL});
    assert_false(map_last(&m, player)->head.success);
    assert_string_equal(t.log, "v");
    assert_ok(m.w, cairn_entity_unhook(m.w, player, b.check, hid));
    map_beat(&m, player, blink_action, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"..@.", NULL});
    map_close(&m);
}

/* Watching: compute, tick and release callbacks that say when they ran. */
typedef struct watched {
    int computes;
    int ticks;
} watched;

typedef struct watch {
    trace trace;
    int bad_phases; /* hooks that ran outside their stage */
    cairn_decorator_id deco;
    cairn_entity_id released[8];
    cairn_phase release_phase[8];
    int release_count;
} watch;

static cairn_err watch_compute(cairn_world *w, cairn_entity_id id, void *data, void *ud)
{
    (void)id;
    watch *wa = ud;
    trace_note(&wa->trace, 'C');
    wa->bad_phases += cairn_world_phase(w) != CAIRN_PHASE_COMPUTE;
    ((watched *)data)->computes++;
    return CAIRN_OK;
}

static cairn_err watch_tick(cairn_world *w, cairn_entity_id id, void *data, void *ud)
{
    (void)id;
    watch *wa = ud;
    trace_note(&wa->trace, 'T');
    wa->bad_phases += cairn_world_phase(w) != CAIRN_PHASE_TICK;
    ((watched *)data)->ticks++;
    return CAIRN_OK;
}

static cairn_err watch_release(cairn_world *w, cairn_entity_id id, void *data, void *ud)
{
    watch *wa = ud;
    trace_note(&wa->trace, 'R');
    if (!data)
        wa->bad_phases++;
    if (wa->release_count < 8) {
        wa->released[wa->release_count] = id;
        wa->release_phase[wa->release_count] = cairn_world_phase(w);
    }
    wa->release_count++;
    return CAIRN_OK;
}

/* Gives the map's skeleton type the Watched decorator; the map must not show an 's'. */
static void watch_skeletons(test_map *m, watch *wa)
{
    memset(wa, 0, sizeof *wa);
    const cairn_decorator_def def = {.name = "test:Watched",
                                     .data_size = sizeof(watched),
                                     .compute = watch_compute,
                                     .tick = watch_tick,
                                     .release = watch_release,
                                     .ud = wa};
    assert_ok(m->w, cairn_decorator_define(m->w, &def, &wa->deco));
    assert_ok(m->w, cairn_type_add_decorator(m->w, m->skeleton, wa->deco));
}

static void compute_hooks_run_before_anyone_acts_and_tick_hooks_after(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"....@", ".....", NULL});
    watch wa;
    watch_skeletons(&m, &wa);
    cairn_entity_id top = spawn(&m, m.skeleton, 0, 0), bottom = spawn(&m, m.skeleton, 0, 1);
    map_assert(&m, (const char *[]){"s...@", "s....", NULL});
    /* Every actor's act_check notes 'A': the player's and the skeletons'. */
    recorder acted = {.trace = &wa.trace, .tag = 'A'};
    cairn_chain *chain;
    assert_ok(m.w, cairn_type_chain(m.w, m.skeleton, CAIRN_CHAIN_ACT_CHECK, &chain));
    assert_ok(m.w, cairn_chain_add(m.w, chain, recorder_handler(&acted, CAIRN_RANK_MEDIUM), NULL));
    assert_ok(m.w, cairn_type_chain(m.w, m.player, CAIRN_CHAIN_ACT_CHECK, &chain));
    assert_ok(m.w, cairn_chain_add(m.w, chain, recorder_handler(&acted, CAIRN_RANK_MEDIUM), NULL));

    map_beat(&m, map_real(&m, 4, 0), CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    map_assert(&m, (const char *[]){".s..@", ".s...", NULL});
    assert_string_equal(wa.trace.log, "CCAAATT");
    map_beat(&m, map_real(&m, 4, 0), CAIRN_ACTION_NONE, CAIRN_DIR_NONE);
    map_assert(&m, (const char *[]){"..s.@", "..s..", NULL});
    assert_string_equal(wa.trace.log, "CCAAATTCCAAATT");
    assert_int_equal(wa.bad_phases, 0);
    const cairn_entity_id both[] = {top, bottom};
    for (int i = 0; i < 2; i++) {
        watched *data = map_data(&m, both[i], wa.deco);
        assert_int_equal(data->computes, 2);
        assert_int_equal(data->ticks, 2);
    }
    map_close(&m);
}

static void release_hooks_run_whenever_an_entity_goes(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@......", NULL});
    watch wa;
    watch_skeletons(&m, &wa);
    cairn_entity_id killed = spawn(&m, m.skeleton, 1, 0), destroyed = spawn(&m, m.skeleton, 4, 0),
                    kept = spawn(&m, m.skeleton, 6, 0);
    map_assert(&m, (const char *[]){"@s..s.s", NULL});
    /* Killed by the player: released when the beat reaps it. */
    map_beat(&m, map_real(&m, 0, 0), CAIRN_ACTION_ATTACK, CAIRN_DIR_E);
    map_assert(&m, (const char *[]){"@..s.s.", NULL});
    assert_int_equal(wa.release_count, 1);
    assert_true(cairn_entity_id_eq(wa.released[0], killed));
    assert_int_equal(wa.release_phase[0], CAIRN_PHASE_REAP);
    /* Destroyed by hand. */
    assert_ok(m.w, cairn_entity_destroy(m.w, destroyed));
    assert_int_equal(wa.release_count, 2);
    assert_true(cairn_entity_id_eq(wa.released[1], destroyed));
    assert_int_equal(wa.release_phase[1], CAIRN_PHASE_OUTSIDE);
    /* Still there when the world goes. */
    map_close(&m);
    assert_int_equal(wa.release_count, 3);
    assert_true(cairn_entity_id_eq(wa.released[2], kept));
    assert_int_equal(wa.bad_phases, 0);
}

/* --- acting outside the beat ------------------------------------------------------------ */

static void action_do_makes_an_entity_act_at_once(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){"@.#", NULL});
    cairn_entity_id player = map_real(&m, 0, 0);
    cairn_result_event *result = NULL;
    bool ok = false;
    assert_ok(m.w, cairn_action_do(m.w, player, (cairn_action){CAIRN_ACTION_MOVE, CAIRN_DIR_E},
                                   &result, &ok));
    map_assert(&m, (const char *[]){".@#", NULL});
    assert_true(ok);
    cairn_move_event *move = cairn_event_as_move(&result->head);
    assert_non_null(move);
    assert_true(move->result.head.success);
    assert_int_equal(move->to.x, 1);
    assert_int_equal(cairn_world_beat(m.w), 0); /* no beat ran */
    assert_int_equal(cairn_world_phase(m.w), CAIRN_PHASE_OUTSIDE);
    size_t count;
    const cairn_change *changes = cairn_world_history(m.w, &count);
    assert_int_equal(map_count_changes(&m, CAIRN_CHANGE_MOVED), 1);
    assert_int_equal(changes[count - 1].kind, CAIRN_CHANGE_MOVED);
    assert_int_equal(changes[count - 1].phase, CAIRN_PHASE_OUTSIDE);

    /* Into the stone: it fails, and the failed component's event says what blocked it. */
    assert_ok(m.w, cairn_action_do(m.w, player, (cairn_action){CAIRN_ACTION_MOVE, CAIRN_DIR_E},
                                   &result, &ok));
    assert_false(ok);
    assert_non_null(cairn_event_as_move(&result->head));
    assert_false(result->head.success);
    assert_true(cairn_entity_id_eq(result->blocker, map_at(&m, 2, 0, CAIRN_LAYER_WALL)));
    map_assert(&m, (const char *[]){".@#", NULL});

    /* None succeeds with no result; the out-parameters may be NULL. */
    assert_ok(m.w, cairn_action_do(m.w, player, (cairn_action){CAIRN_ACTION_NONE, CAIRN_DIR_NONE},
                                   &result, &ok));
    assert_true(ok);
    assert_null(result);
    assert_ok(m.w, cairn_action_do(m.w, player, (cairn_action){CAIRN_ACTION_MOVE, CAIRN_DIR_W},
                                   NULL, NULL));
    map_assert(&m, (const char *[]){"@.#", NULL});

    /* What it refuses. */
    assert_int_equal(cairn_action_do(m.w, player, (cairn_action){CAIRN_ACTION_MOVE, 9}, NULL, NULL),
                     CAIRN_ERR_INVALID);
    assert_int_equal(cairn_action_do(m.w, player, (cairn_action){999, CAIRN_DIR_E}, NULL, NULL),
                     CAIRN_ERR_NOT_FOUND);
    assert_ok(m.w, cairn_entity_kill(m.w, player));
    assert_int_equal(
        cairn_action_do(m.w, player, (cairn_action){CAIRN_ACTION_MOVE, CAIRN_DIR_E}, NULL, NULL),
        CAIRN_ERR_STATE);
    assert_ok(m.w, cairn_entity_destroy(m.w, player));
    assert_int_equal(
        cairn_action_do(m.w, player, (cairn_action){CAIRN_ACTION_MOVE, CAIRN_DIR_E}, NULL, NULL),
        CAIRN_ERR_STALE);
    map_close(&m);
}

static void action_do_runs_a_registered_component_too(void **state)
{
    (void)state;
    test_map m;
    map_open(&m, (const char *[]){".....", NULL});
    blink b;
    define_blink(m.w, &b);
    assert_ok(m.w, cairn_type_add_decorator(m.w, m.player, b.deco));
    ((blinking *)defaults(m.w, m.player, b.deco))->distance = 3;
    const cairn_decorator_id alone[] = {b.deco};
    cairn_action_id blink_action;
    assert_ok(m.w, cairn_action_register(m.w, "test:blink", alone, 1, &blink_action));
    cairn_entity_id player = spawn(&m, m.player, 0, 0);
    cairn_result_event *result;
    bool ok;
    assert_ok(
        m.w, cairn_action_do(m.w, player, (cairn_action){blink_action, CAIRN_DIR_E}, &result, &ok));
    assert_true(ok);
    assert_int_equal(as_blink(&b, result)->to.x, 3);
    map_assert(&m, (const char *[]){"...@.", NULL});
    map_close(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_decorator_with_an_activate_hook_is_an_action_component),
        cmocka_unit_test(an_entity_without_the_component_skips_it),
        cmocka_unit_test(action_register_refuses_components_that_cannot_be_activated),
        cmocka_unit_test(a_registered_algorithm_set_as_a_types_default_is_the_one_that_runs),
        cmocka_unit_test(an_algorithm_register_refuses_a_missing_function),
        cmocka_unit_test(a_registered_movs_decides_the_direction_tried_first),
        cmocka_unit_test(a_movs_that_gives_a_bad_direction_fails_the_beat_naming_it),
        cmocka_unit_test(a_decorators_requirements_are_added_to_the_type_first),
        cmocka_unit_test(a_decorators_defaults_are_copied_into_its_types),
        cmocka_unit_test(the_chain_names_a_decorator_lists_are_registered),
        cmocka_unit_test(compute_hooks_run_before_anyone_acts_and_tick_hooks_after),
        cmocka_unit_test(release_hooks_run_whenever_an_entity_goes),
        cmocka_unit_test(action_do_makes_an_entity_act_at_once),
        cmocka_unit_test(action_do_runs_a_registered_component_too),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
