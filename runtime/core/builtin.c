/*
 * builtin.c - what every world starts with: the built-in decorators with their defaults and
 * callbacks, the built-in actions, algorithms, movs and the "basic" attack source. They are
 * registered through the same calls content uses, in the order of their constants.
 */
#include "world.h"

static const cairn_acting acting_defaults = {.algo = CAIRN_ALGO_SIMPLE};
static const cairn_attacking attacking_defaults = {.attack = {.damage = 1,
                                                              .pierce = 1,
                                                              .power = 1,
                                                              .source = 0,
                                                              .targets = UINT32_MAX,
                                                              .inflicts = CAIRN_STATUS_NONE,
                                                              .inflict_magnitude = 1}};
static const cairn_moving moving_defaults = {.distance = 1};
static const cairn_digging digging_defaults = {.power = 1};
static const cairn_with_hp with_hp_defaults = {.hp = 1, .max = 1};
/* No input, as a beat's compute leaves it (act.c): an entity that never had input and one whose
 * input was consumed are the same bytes. */
static const cairn_player_control player_control_defaults = {
    .input = {CAIRN_ACTION_NONE, CAIRN_DIR_NONE}};

static const cairn_decorator_id requires_acting[] = {CAIRN_DECO_ACTING};
static const cairn_decorator_id requires_hp[] = {CAIRN_DECO_WITH_HP};

#define DATA(type, defaults_ptr) .data_size = sizeof(type), .defaults = (defaults_ptr)
#define REQUIRES(list)           .required = (list), .required_count = sizeof(list) / sizeof(list)[0]

static const cairn_decorator_def decorators[CAIRN_DECO_BUILTIN_COUNT] = {
    [CAIRN_DECO_ACTING] = {.name = "Acting", DATA(cairn_acting, &acting_defaults)},
    [CAIRN_DECO_ATTACKING] = {.name = "Attacking",
                              DATA(cairn_attacking, &attacking_defaults),
                              .activate = cairn__attack_activate},
    [CAIRN_DECO_ATTACKABLE] = {.name = "Attackable", DATA(cairn_attackable, NULL)},
    [CAIRN_DECO_MOVING] = {.name = "Moving",
                           DATA(cairn_moving, &moving_defaults),
                           .activate = cairn__move_activate},
    [CAIRN_DECO_DISPLACEABLE] = {.name = "Displaceable"},
    [CAIRN_DECO_PUSHABLE] = {.name = "Pushable", DATA(cairn_pushable, NULL)},
    [CAIRN_DECO_DIGGING] = {.name = "Digging",
                            DATA(cairn_digging, &digging_defaults),
                            .activate = cairn__dig_activate},
    [CAIRN_DECO_DIGGABLE] = {.name = "Diggable", DATA(cairn_diggable, NULL)},
    [CAIRN_DECO_WITH_HP] = {.name = "WithHP", DATA(cairn_with_hp, &with_hp_defaults)},
    [CAIRN_DECO_KILLABLE] = {.name = "Killable", REQUIRES(requires_hp)},
    [CAIRN_DECO_TICKING] = {.name = "Ticking", .tick = cairn__ticking_tick},
    [CAIRN_DECO_STATUSED] = {.name = "Statused",
                             DATA(cairn_statused, NULL),
                             .tick = cairn__statused_tick,
                             .release = cairn__statused_release},
    [CAIRN_DECO_SEQUENTIAL] = {.name = "Sequential",
                               DATA(cairn_sequential, NULL),
                               REQUIRES(requires_acting),
                               .compute = cairn__sequential_compute,
                               .tick = cairn__sequential_tick},
    [CAIRN_DECO_PLAYER_CONTROL] = {.name = "PlayerControl",
                                   DATA(cairn_player_control, &player_control_defaults),
                                   REQUIRES(requires_acting),
                                   .compute = cairn__player_compute,
                                   .activate = cairn__player_activate},
};

static const struct {
    const char *name;
    uint8_t count;
    cairn_decorator_id components[3];
} actions[CAIRN_ACTION_BUILTIN_COUNT] = {
    [CAIRN_ACTION_NONE] = {"none", 0, {0}},
    [CAIRN_ACTION_MOVE] = {"move", 1, {CAIRN_DECO_MOVING}},
    [CAIRN_ACTION_ATTACK] = {"attack", 1, {CAIRN_DECO_ATTACKING}},
    [CAIRN_ACTION_DIG] = {"dig", 1, {CAIRN_DECO_DIGGING}},
    [CAIRN_ACTION_ATTACK_MOVE] = {"attack_move", 2, {CAIRN_DECO_ATTACKING, CAIRN_DECO_MOVING}},
    [CAIRN_ACTION_ATTACK_DIG_MOVE] =
        {"attack_dig_move", 3, {CAIRN_DECO_ATTACKING, CAIRN_DECO_DIGGING, CAIRN_DECO_MOVING}},
    [CAIRN_ACTION_PERFORM] = {"perform", 1, {CAIRN_DECO_PLAYER_CONTROL}},
};

static const struct {
    const char *name;
    cairn_algo_fn fn;
} algos[CAIRN_ALGO_BUILTIN_COUNT] = {
    [CAIRN_ALGO_SIMPLE] = {"simple", cairn__algo_simple},
    [CAIRN_ALGO_GENERAL] = {"general", cairn__algo_general},
};

static const char *const movs[CAIRN_MOVS_BUILTIN_COUNT] = {
    [CAIRN_MOVS_NONE] = "none",         [CAIRN_MOVS_BASIC] = "basic",
    [CAIRN_MOVS_ADJACENT] = "adjacent", [CAIRN_MOVS_DIAGONAL] = "diagonal",
    [CAIRN_MOVS_STRAIGHT] = "straight",
};

cairn_err cairn__builtin_init(cairn_world *w)
{
    cairn_err st = cairn_source_register(w, "basic", NULL);
    for (int i = 0; st == CAIRN_OK && i < CAIRN_DECO_BUILTIN_COUNT; i++)
        st = cairn_decorator_define(w, &decorators[i], NULL);
    for (int i = 0; st == CAIRN_OK && i < CAIRN_ACTION_BUILTIN_COUNT; i++)
        st = cairn_action_register(w, actions[i].name, actions[i].components, actions[i].count,
                                   NULL);
    for (int i = 0; st == CAIRN_OK && i < CAIRN_ALGO_BUILTIN_COUNT; i++)
        st = cairn_algo_register(w, algos[i].name, algos[i].fn, NULL, NULL);
    /* One function serves every built-in movs; its ud says which. */
    for (uintptr_t i = 0; st == CAIRN_OK && i < CAIRN_MOVS_BUILTIN_COUNT; i++)
        st = cairn_movs_register(w, movs[i], cairn__movs_builtin, (void *)i, NULL);
    return st;
}
