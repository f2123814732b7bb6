/*
 * test_path.c - path finding: the shortest way round walls, none through them, digging
 * through Diggable walls only when asked, diagonal steps only when asked.
 */
#include <string.h>

#include "cairn/game.h"
#include "support.h"

typedef struct fixture {
    test_alloc alloc;
    cairn_world *w;
} fixture;

/* '#' a wall, '+' a Diggable wall, 'g' a real entity; anything else open. */
static fixture *open_map(const char *const *rows)
{
    fixture *f = calloc(1, sizeof *f);
    int32_t height = 0, width = (int32_t)strlen(rows[0]);
    while (rows[height])
        height++;
    cairn_world *w = f->w = test_world(&f->alloc, width, height);
    cairn_type_id wall, dirt, ghoul;
    assert_ok(w, cairn_type_register(w, "t:wall", CAIRN_LAYER_WALL, &wall));
    assert_ok(w, cairn_type_register(w, "t:dirt", CAIRN_LAYER_WALL, &dirt));
    assert_ok(w, cairn_type_add_decorator(w, dirt, CAIRN_DECO_DIGGABLE));
    assert_ok(w, cairn_type_register(w, "t:ghoul", CAIRN_LAYER_REAL, &ghoul));
    for (int32_t y = 0; y < height; y++)
        for (int32_t x = 0; x < width; x++) {
            char c = rows[y][x];
            cairn_entity_id id;
            if (c == '#' || c == '+' || c == 'g')
                assert_ok(w, cairn_entity_spawn(w,
                                                c == '#'   ? wall
                                                : c == '+' ? dirt
                                                           : ghoul,
                                                (cairn_cell){x, y}, &id));
        }
    return f;
}

static void close_map(fixture *f)
{
    test_world_close(f->w, &f->alloc);
    free(f);
}

/* The way as text ("e e s"), or "none". */
static const char *way(fixture *f, int x0, int y0, int x1, int y1, cairn_path_options opts)
{
    static char text[256];
    cairn_dir dirs[64];
    size_t len;
    assert_ok(f->w, cairn_path_find(f->w, (cairn_cell){x0, y0}, (cairn_cell){x1, y1}, &opts, dirs,
                                    64, &len));
    if (len == CAIRN_PATH_NONE)
        return "none";
    text[0] = '\0';
    for (size_t i = 0; i < len && i < 64; i++) {
        if (i)
            strcat(text, " ");
        strcat(text, cairn_dir_name(dirs[i]));
    }
    return text;
}

static const cairn_path_options on_foot = {0};

static void the_way_goes_round_a_wall(void **state)
{
    (void)state;
    const char *rows[] = {
        ".#.",
        "...",
        NULL,
    };
    fixture *f = open_map(rows);
    assert_string_equal(way(f, 0, 0, 2, 0, on_foot), "s e e n");
    close_map(f);
}

static void entities_do_not_block_and_the_goal_may_hold_anything(void **state)
{
    (void)state;
    const char *rows[] = {".g.#", NULL};
    fixture *f = open_map(rows);
    assert_string_equal(way(f, 0, 0, 2, 0, on_foot), "e e");
    assert_string_equal(way(f, 0, 0, 3, 0, on_foot), "e e e");
    assert_string_equal(way(f, 1, 0, 1, 0, on_foot), "");
    close_map(f);
}

static void walls_leave_no_way_unless_dirt_may_be_dug(void **state)
{
    (void)state;
    const char *rows[] = {
        ".+..",
        "###.",
        "..#.",
        NULL,
    };
    fixture *f = open_map(rows);
    assert_string_equal(way(f, 0, 0, 0, 2, on_foot), "none");
    assert_string_equal(way(f, 0, 0, 3, 2, on_foot), "none");
    assert_string_equal(way(f, 0, 0, 3, 2, (cairn_path_options){.dig = true}), "e e e s s");
    close_map(f);
}

static void digging_costs_more_than_walking_round(void **state)
{
    (void)state;
    const char *rows[] = {
        ".+.",
        "...",
        NULL,
    };
    fixture *f = open_map(rows);
    /* 4 steps round beat 2 steps with a dig that costs CAIRN_PATH_DIG_COST more */
    assert_string_equal(way(f, 0, 0, 2, 0, (cairn_path_options){.dig = true}), "s e e n");
    close_map(f);
}

static void diagonal_steps_only_when_asked(void **state)
{
    (void)state;
    const char *rows[] = {
        "...",
        "...",
        "...",
        NULL,
    };
    fixture *f = open_map(rows);
    assert_int_equal(strlen(way(f, 0, 0, 2, 2, on_foot)), strlen("e e s s"));
    assert_string_equal(way(f, 0, 0, 2, 2, (cairn_path_options){.diagonal = true}), "se se");
    close_map(f);
}

static void a_cell_off_the_grid_is_refused(void **state)
{
    (void)state;
    const char *rows[] = {"..", NULL};
    fixture *f = open_map(rows);
    size_t len;
    assert_int_equal(
        cairn_path_find(f->w, (cairn_cell){0, 0}, (cairn_cell){5, 0}, NULL, NULL, 0, &len),
        CAIRN_ERR_BOUNDS);
    assert_int_equal(len, CAIRN_PATH_NONE);
    close_map(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_way_goes_round_a_wall),
        cmocka_unit_test(entities_do_not_block_and_the_goal_may_hold_anything),
        cmocka_unit_test(walls_leave_no_way_unless_dirt_may_be_dug),
        cmocka_unit_test(digging_costs_more_than_walking_round),
        cmocka_unit_test(diagonal_steps_only_when_asked),
        cmocka_unit_test(a_cell_off_the_grid_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
