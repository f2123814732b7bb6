/*
 * world.c - see world.h.
 */
#include "world.h"

#include <string.h>

#include "fuzz.h"

#define TEAM(n) (UINT32_C(1) << (n))

/* What the seed maker spawns, one entity per glyph (a map like tests/unit/map.h's):
 * @ player, s skeleton, # stone, + dirt, c crate, ^ trap, _ tile, * orb. */
static const char *const drawing[] = {
    "#########", "#@.s.+^.#", "#.+.c.*.#", "#_.s..s.#", "#..+..c.#", "#########",
};
enum { WIDTH = 9, HEIGHT = sizeof drawing / sizeof drawing[0] };

static void ok(fuzz_world *fw, cairn_err st, const char *what)
{
    if (st)
        fuzz_die("the restore world: %s: %s", what, cairn_world_error(fw->w));
}

static cairn_type_id new_type(fuzz_world *fw, const char *name, cairn_layer layer,
                              const cairn_decorator_id *decos, size_t count)
{
    cairn_type_id type;
    ok(fw, cairn_type_register(fw->w, name, layer, &type), name);
    for (size_t i = 0; i < count; i++)
        ok(fw, cairn_type_add_decorator(fw->w, type, decos[i]), name);
    return type;
}

static void *defaults(fuzz_world *fw, cairn_type_id type, cairn_decorator_id deco)
{
    void *data;
    ok(fw, cairn_type_defaults(fw->w, type, deco, &data), "defaults");
    return data;
}

/* The stun's veto: the stunned entity does not act. */
static cairn_err veto(cairn_world *w, cairn_event *ev, void *ud)
{
    (void)w;
    (void)ud;
    ev->propagate = false;
    return CAIRN_OK;
}

static cairn_err stun_attach(cairn_world *w, cairn_entity_id id, cairn_status_id status, void *ud)
{
    (void)ud;
    return cairn_status_hook(w, id, status, CAIRN_CHAIN_ACT_CHECK,
                             (cairn_handler){veto, NULL, CAIRN_RANK_MEDIUM});
}

static void define_player(fuzz_world *fw)
{
    static const cairn_decorator_id decos[] = {
        CAIRN_DECO_PLAYER_CONTROL, CAIRN_DECO_ATTACKING,    CAIRN_DECO_ATTACKABLE,
        CAIRN_DECO_MOVING,         CAIRN_DECO_DISPLACEABLE, CAIRN_DECO_PUSHABLE,
        CAIRN_DECO_DIGGING,        CAIRN_DECO_KILLABLE,     CAIRN_DECO_STATUSED,
    };
    fw->player = new_type(fw, "fuzz:player", CAIRN_LAYER_REAL, decos, sizeof decos / sizeof *decos);
    ((cairn_attacking *)defaults(fw, fw->player, CAIRN_DECO_ATTACKING))->attack.targets =
        TEAM(2) | TEAM(3);
    ((cairn_attackable *)defaults(fw, fw->player, CAIRN_DECO_ATTACKABLE))->team = 1;
    *(cairn_with_hp *)defaults(fw, fw->player, CAIRN_DECO_WITH_HP) = (cairn_with_hp){5, 5};
}

/* Skeletons patrol: chase twice, step diagonally, wait, and on a failed wait start again. */
static void define_skeleton(fuzz_world *fw)
{
    static const cairn_decorator_id decos[] = {
        CAIRN_DECO_SEQUENTIAL,   CAIRN_DECO_ATTACKING, CAIRN_DECO_ATTACKABLE, CAIRN_DECO_MOVING,
        CAIRN_DECO_DISPLACEABLE, CAIRN_DECO_PUSHABLE,  CAIRN_DECO_KILLABLE,   CAIRN_DECO_STATUSED,
    };
    const cairn_step steps[] = {
        {.action = CAIRN_ACTION_ATTACK_MOVE, .movs = CAIRN_MOVS_BASIC, .repeat = 2},
        {.action = CAIRN_ACTION_MOVE, .movs = CAIRN_MOVS_DIAGONAL, .on_failure = 1},
        {.action = CAIRN_ACTION_NONE, .movs = CAIRN_MOVS_NONE, .on_success = 1},
    };
    ok(fw, cairn_sequence_register(fw->w, "fuzz:patrol", steps, 3, &fw->patrol), "patrol");
    fw->skeleton =
        new_type(fw, "fuzz:skeleton", CAIRN_LAYER_REAL, decos, sizeof decos / sizeof *decos);
    ((cairn_acting *)defaults(fw, fw->skeleton, CAIRN_DECO_ACTING))->algo = CAIRN_ALGO_GENERAL;
    ((cairn_sequential *)defaults(fw, fw->skeleton, CAIRN_DECO_SEQUENTIAL))->sequence = fw->patrol;
    ((cairn_attacking *)defaults(fw, fw->skeleton, CAIRN_DECO_ATTACKING))->attack.targets = TEAM(1);
    ((cairn_attackable *)defaults(fw, fw->skeleton, CAIRN_DECO_ATTACKABLE))->team = 2;
    *(cairn_with_hp *)defaults(fw, fw->skeleton, CAIRN_DECO_WITH_HP) = (cairn_with_hp){2, 2};
}

static void define_scenery(fuzz_world *fw)
{
    static const cairn_decorator_id diggable[] = {CAIRN_DECO_DIGGABLE};
    static const cairn_decorator_id crate[] = {CAIRN_DECO_ATTACKABLE, CAIRN_DECO_PUSHABLE,
                                               CAIRN_DECO_DISPLACEABLE};
    static const cairn_decorator_id acting[] = {CAIRN_DECO_ACTING};
    fw->stone = new_type(fw, "fuzz:stone", CAIRN_LAYER_WALL, NULL, 0);
    fw->dirt = new_type(fw, "fuzz:dirt", CAIRN_LAYER_WALL, diggable, 1);
    ((cairn_diggable *)defaults(fw, fw->dirt, CAIRN_DECO_DIGGABLE))->resistance = 1;
    fw->crate = new_type(fw, "fuzz:crate", CAIRN_LAYER_REAL, crate, 3);
    cairn_attackable *a = defaults(fw, fw->crate, CAIRN_DECO_ATTACKABLE);
    a->team = 3;
    a->pierce_resistance = CAIRN_STAT_MAX;
    fw->trap = new_type(fw, "fuzz:trap", CAIRN_LAYER_TRAP, acting, 1);
    fw->tile = new_type(fw, "fuzz:tile", CAIRN_LAYER_FLOOR, acting, 1);
    fw->orb = new_type(fw, "fuzz:orb", CAIRN_LAYER_PROJECTILE, acting, 1);
}

void fuzz_world_open(fuzz_world *fw)
{
    memset(fw, 0, sizeof *fw);
    cairn_world_config config = {.width = WIDTH, .height = HEIGHT, .seed = 7};
    cairn_error err;
    if (cairn_world_create(&config, &fw->w, &err))
        fuzz_die("the restore world: %s", err.message);
    define_player(fw);
    define_skeleton(fw);
    define_scenery(fw);
    cairn_status_def stun = {.name = "fuzz:stun", .attach = stun_attach};
    ok(fw, cairn_status_define(fw->w, &stun, &fw->stun), "stun");
}

static bool type_of_glyph(const fuzz_world *fw, char glyph, cairn_type_id *out)
{
    const char *glyphs = "@s#+c^_*";
    const cairn_type_id types[] = {fw->player, fw->skeleton, fw->stone, fw->dirt,
                                   fw->crate,  fw->trap,     fw->tile,  fw->orb};
    const char *at = strchr(glyphs, glyph);
    if (!glyph || !at)
        return false;
    *out = types[at - glyphs];
    return true;
}

void fuzz_world_populate(fuzz_world *fw)
{
    for (int y = 0; y < HEIGHT; y++)
        for (int x = 0; x < WIDTH; x++) {
            cairn_type_id type;
            if (type_of_glyph(fw, drawing[y][x], &type))
                ok(fw, cairn_entity_spawn(fw->w, type, (cairn_cell){x, y}, NULL), "spawn");
        }
}

/* The first player on the grid, in reading order; NONE when there is none. */
static cairn_entity_id find_player(fuzz_world *fw)
{
    for (int y = 0; y < HEIGHT; y++)
        for (int x = 0; x < WIDTH; x++) {
            cairn_entity_id id;
            cairn_type_id type;
            if (cairn_grid_at(fw->w, (cairn_cell){x, y}, CAIRN_LAYER_REAL, &id) == CAIRN_OK &&
                !cairn_entity_id_is_none(id) && cairn_entity_type(fw->w, id, &type) == CAIRN_OK &&
                type == fw->player)
                return id;
        }
    return CAIRN_ENTITY_NONE;
}

void fuzz_world_play(fuzz_world *fw, int beats)
{
    static const cairn_action inputs[] = {
        {CAIRN_ACTION_MOVE, CAIRN_DIR_S},        {CAIRN_ACTION_ATTACK_DIG_MOVE, CAIRN_DIR_E},
        {CAIRN_ACTION_DIG, CAIRN_DIR_E},         {CAIRN_ACTION_ATTACK, CAIRN_DIR_E},
        {CAIRN_ACTION_ATTACK_MOVE, CAIRN_DIR_N}, {CAIRN_ACTION_NONE, CAIRN_DIR_NONE},
    };
    for (int i = 0; i < beats; i++) {
        cairn_entity_id p = find_player(fw);
        if (!cairn_entity_id_is_none(p))
            cairn_player_input(fw->w, p, inputs[i % 6]);
        cairn_world_step(fw->w);
    }
}

void fuzz_world_close(fuzz_world *fw)
{
    cairn_world_destroy(fw->w);
    fw->w = NULL;
}
