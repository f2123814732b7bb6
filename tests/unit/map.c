#include <stdio.h>
#include <string.h>

#include "map.h"

#define TEAM(n) (UINT32_C(1) << (n))

static cairn_type_id new_type(test_map *m, const char *name, cairn_layer layer,
                              const cairn_decorator_id *decos, size_t count)
{
    cairn_type_id type;
    assert_ok(m->w, cairn_type_register(m->w, name, layer, &type));
    for (size_t i = 0; i < count; i++)
        assert_ok(m->w, cairn_type_add_decorator(m->w, type, decos[i]));
    return type;
}

static void *defaults(test_map *m, cairn_type_id type, cairn_decorator_id deco)
{
    void *data;
    assert_ok(m->w, cairn_type_defaults(m->w, type, deco, &data));
    return data;
}

static void define_player(test_map *m)
{
    static const cairn_decorator_id decos[] = {
        CAIRN_DECO_PLAYER_CONTROL, CAIRN_DECO_ATTACKING,    CAIRN_DECO_ATTACKABLE,
        CAIRN_DECO_MOVING,         CAIRN_DECO_DISPLACEABLE, CAIRN_DECO_PUSHABLE,
        CAIRN_DECO_DIGGING,        CAIRN_DECO_KILLABLE,     CAIRN_DECO_STATUSED,
    };
    m->player = new_type(m, "test:player", CAIRN_LAYER_REAL, decos, sizeof decos / sizeof *decos);
    ((cairn_attacking *)defaults(m, m->player, CAIRN_DECO_ATTACKING))->attack.targets =
        TEAM(2) | TEAM(3);
    ((cairn_attackable *)defaults(m, m->player, CAIRN_DECO_ATTACKABLE))->team = 1;
    *(cairn_with_hp *)defaults(m, m->player, CAIRN_DECO_WITH_HP) = (cairn_with_hp){3, 3};
}

static void define_skeleton(test_map *m)
{
    static const cairn_decorator_id decos[] = {
        CAIRN_DECO_SEQUENTIAL,   CAIRN_DECO_ATTACKING, CAIRN_DECO_ATTACKABLE, CAIRN_DECO_MOVING,
        CAIRN_DECO_DISPLACEABLE, CAIRN_DECO_PUSHABLE,  CAIRN_DECO_KILLABLE,   CAIRN_DECO_STATUSED,
    };
    const cairn_step chase = {.action = CAIRN_ACTION_ATTACK_MOVE, .movs = CAIRN_MOVS_BASIC};
    assert_ok(m->w, cairn_sequence_register(m->w, "test:chase", &chase, 1, &m->chase));
    m->skeleton =
        new_type(m, "test:skeleton", CAIRN_LAYER_REAL, decos, sizeof decos / sizeof *decos);
    ((cairn_acting *)defaults(m, m->skeleton, CAIRN_DECO_ACTING))->algo = CAIRN_ALGO_GENERAL;
    ((cairn_sequential *)defaults(m, m->skeleton, CAIRN_DECO_SEQUENTIAL))->sequence = m->chase;
    ((cairn_attacking *)defaults(m, m->skeleton, CAIRN_DECO_ATTACKING))->attack.targets = TEAM(1);
    ((cairn_attackable *)defaults(m, m->skeleton, CAIRN_DECO_ATTACKABLE))->team = 2;
}

static void define_scenery(test_map *m)
{
    static const cairn_decorator_id diggable[] = {CAIRN_DECO_DIGGABLE};
    static const cairn_decorator_id crate[] = {CAIRN_DECO_ATTACKABLE, CAIRN_DECO_PUSHABLE,
                                               CAIRN_DECO_DISPLACEABLE};
    static const cairn_decorator_id acting[] = {CAIRN_DECO_ACTING};
    m->stone = new_type(m, "test:stone", CAIRN_LAYER_WALL, NULL, 0);
    m->dirt = new_type(m, "test:dirt", CAIRN_LAYER_WALL, diggable, 1);
    ((cairn_diggable *)defaults(m, m->dirt, CAIRN_DECO_DIGGABLE))->resistance = 1;
    m->crate = new_type(m, "test:crate", CAIRN_LAYER_REAL, crate, 3);
    cairn_attackable *a = defaults(m, m->crate, CAIRN_DECO_ATTACKABLE);
    a->team = 3;
    a->pierce_resistance = CAIRN_STAT_MAX;
    m->trap = new_type(m, "test:trap", CAIRN_LAYER_TRAP, acting, 1);
    m->tile = new_type(m, "test:tile", CAIRN_LAYER_FLOOR, acting, 1);
    m->orb = new_type(m, "test:orb", CAIRN_LAYER_PROJECTILE, acting, 1);
}

static bool type_of_glyph(const test_map *m, char glyph, cairn_type_id *out)
{
    switch (glyph) {
    case '@':
        *out = m->player;
        return true;
    case 's':
        *out = m->skeleton;
        return true;
    case '#':
        *out = m->stone;
        return true;
    case '+':
        *out = m->dirt;
        return true;
    case 'c':
        *out = m->crate;
        return true;
    case '^':
        *out = m->trap;
        return true;
    case '_':
        *out = m->tile;
        return true;
    case '*':
        *out = m->orb;
        return true;
    default:
        return false;
    }
}

void map_open(test_map *m, const char *const *rows)
{
    memset(m, 0, sizeof *m);
    int height = 0;
    while (rows[height])
        height++;
    int width = (int)strlen(rows[0]);
    m->w = test_world(&m->alloc, width, height);
    define_player(m);
    define_skeleton(m);
    define_scenery(m);
    for (int y = 0; y < height; y++) {
        assert_int_equal(strlen(rows[y]), width);
        for (int x = 0; x < width; x++) {
            cairn_type_id type;
            if (type_of_glyph(m, rows[y][x], &type))
                assert_ok(m->w, cairn_entity_spawn(m->w, type, (cairn_cell){x, y}, NULL));
            else if (rows[y][x] != '.')
                fail_msg("map: unknown glyph '%c' at (%d, %d)", rows[y][x], x, y);
        }
    }
}

void map_close(test_map *m)
{
    test_world_close(m->w, &m->alloc);
}

cairn_entity_id map_at(test_map *m, int x, int y, cairn_layer layer)
{
    cairn_entity_id id;
    assert_ok(m->w, cairn_grid_at(m->w, (cairn_cell){x, y}, layer, &id));
    return id;
}

cairn_entity_id map_real(test_map *m, int x, int y)
{
    return map_at(m, x, y, CAIRN_LAYER_REAL);
}

cairn_cell map_cell(test_map *m, cairn_entity_id id)
{
    cairn_cell cell;
    assert_ok(m->w, cairn_entity_cell(m->w, id, &cell));
    return cell;
}

static char glyph_of(test_map *m, int x, int y)
{
    static const cairn_layer top_first[] = {CAIRN_LAYER_REAL, CAIRN_LAYER_PROJECTILE,
                                            CAIRN_LAYER_WALL, CAIRN_LAYER_TRAP, CAIRN_LAYER_FLOOR};
    static const char glyphs[] = "@s#+c^_*";
    for (size_t i = 0; i < sizeof top_first / sizeof *top_first; i++) {
        cairn_entity_id id = map_at(m, x, y, top_first[i]);
        if (cairn_entity_id_is_none(id))
            continue;
        cairn_type_id type;
        assert_ok(m->w, cairn_entity_type(m->w, id, &type));
        for (const char *g = glyphs; *g; g++) {
            cairn_type_id t;
            if (type_of_glyph(m, *g, &t) && t == type)
                return *g;
        }
        return '?';
    }
    return '.';
}

void map_assert(test_map *m, const char *const *rows)
{
    char want[1024] = "", got[1024] = "";
    bool same = true;
    int width = cairn_grid_width(m->w), height = cairn_grid_height(m->w);
    for (int y = 0; y < height; y++) {
        assert_non_null(rows[y]);
        char line[256];
        for (int x = 0; x < width; x++)
            line[x] = glyph_of(m, x, y);
        line[width] = '\0';
        same = same && strcmp(line, rows[y]) == 0;
        snprintf(want + strlen(want), sizeof want - strlen(want), "  %s\n", rows[y]);
        snprintf(got + strlen(got), sizeof got - strlen(got), "  %s\n", line);
    }
    assert_null(rows[height]);
    if (!same)
        fail_msg("the map differs\nexpected:\n%sactual:\n%s", want, got);
}

void map_beat(test_map *m, cairn_entity_id player, cairn_action_id action, cairn_dir dir)
{
    assert_ok(m->w, cairn_player_input(m->w, player, (cairn_action){action, (uint8_t)dir}));
    assert_ok(m->w, cairn_world_step(m->w));
}

void *map_data(test_map *m, cairn_entity_id id, cairn_decorator_id deco)
{
    void *data = NULL;
    assert_ok(m->w, cairn_entity_data(m->w, id, deco, &data));
    assert_non_null(data);
    return data;
}

cairn_enclosing_event *map_last(test_map *m, cairn_entity_id id)
{
    return ((cairn_acting *)map_data(m, id, CAIRN_DECO_ACTING))->last;
}

size_t map_count_changes(test_map *m, cairn_change_kind kind)
{
    size_t count, n = 0;
    const cairn_change *changes = cairn_world_history(m->w, &count);
    for (size_t i = 0; i < count; i++)
        n += changes[i].kind == kind;
    return n;
}
