/*
 * test_seam.c - the seam between C and the host's Lua, through the public API: calls into the
 * runtime's scripts, their errors and what they count, and the one reader of the tables they
 * return (cairn_lua_read).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>
#include <lauxlib.h>
#include <lua.h>
#include <string.h>

#include "cairn/lua.h"

static int setup(void **state)
{
    cairn_error err;
    cairn_lua *h = NULL;
    if (cairn_lua_create(NULL, &h, &err))
        fail_msg("cairn_lua_create: %s", err.message);
    *state = h;
    return 0;
}

static int teardown(void **state)
{
    cairn_lua_destroy(*state);
    return 0;
}

static uint64_t entries(const cairn_lua *h)
{
    cairn_lua_stats s;
    cairn_lua_get_stats(h, &s);
    return s.entries;
}

/* A front end's cost in crossings is read from the stats: each call from C that runs Lua is
 * one, however much Lua it runs. */
static void each_call_from_c_into_lua_is_one_entry(void **state)
{
    cairn_lua *h = *state;
    uint64_t before = entries(h);
    assert_int_equal(cairn_lua_add_pack_path(h, CAIRN_TEST_PACKS), CAIRN_OK);
    assert_int_equal(entries(h), before + 1);
    assert_int_equal(cairn_lua_add_pack_path(h, CAIRN_TEST_PACKS), CAIRN_OK);
    assert_int_equal(entries(h), before + 2);
}

/* A layer above the host calls the runtime's scripts as the host does: a result left on the
 * stack for it to read, an error as the host's message with nothing left behind. */
static void a_layer_above_calls_the_runtime_and_reads_its_results_or_its_error(void **state)
{
    cairn_lua *h = *state;
    struct lua_State *L = cairn_lua_state(h);
    int top = lua_gettop(L);
    cairn_lua_push_runtime(L, "session.view.type_look");
    lua_pushstring(L, "no:such");
    assert_int_equal(cairn_lua_call(h, 1, 2), CAIRN_OK);
    assert_string_equal(lua_tostring(L, -2), "?");
    lua_pop(L, 2);
    cairn_lua_push_runtime(L, "no_such_function");
    assert_int_equal(cairn_lua_call(h, 0, 1), CAIRN_ERR_HANDLER);
    assert_non_null(strstr(cairn_lua_error(h), "attempt to call a nil value"));
    assert_int_equal(lua_gettop(L), top);
    assert_int_equal(cairn_lua_fail(h, CAIRN_ERR_STATE, "no game: %d", 3), CAIRN_ERR_STATE);
    assert_string_equal(cairn_lua_error(h), "no game: 3");
}

/* --- cairn_lua_read ------------------------------------------------------------------------ */

typedef struct item {
    const char *name;
    int64_t weight;
} item;

typedef struct sample {
    int32_t width;
    bool open;
    size_t fresh;
    const char *title;
    size_t title_len;
    const char *note;
    const char *const *rows;
    size_t row_count;
    const int32_t *cells;
    size_t cell_count;
    const item *items;
    size_t item_count;
    item best;
} sample;

static const cairn_lua_field item_fields[] = {
    {.name = "name",
     .type = CAIRN_LUA_STRING,
     .required = true,
     .offset = offsetof(item, name),
     .count = CAIRN_LUA_NO_COUNT},
    {.name = "weight",
     .type = CAIRN_LUA_INT64,
     .offset = offsetof(item, weight),
     .count = CAIRN_LUA_NO_COUNT},
};
static const cairn_lua_record item_record = {"item", sizeof(item), item_fields, 2};

static const cairn_lua_field sample_fields[] = {
    {.name = "width",
     .type = CAIRN_LUA_INT32,
     .required = true,
     .offset = offsetof(sample, width),
     .count = CAIRN_LUA_NO_COUNT},
    {.name = "open",
     .type = CAIRN_LUA_BOOL,
     .offset = offsetof(sample, open),
     .count = CAIRN_LUA_NO_COUNT},
    {.name = "fresh",
     .type = CAIRN_LUA_SIZE,
     .offset = offsetof(sample, fresh),
     .count = CAIRN_LUA_NO_COUNT},
    {.name = "title",
     .type = CAIRN_LUA_STRING,
     .offset = offsetof(sample, title),
     .count = offsetof(sample, title_len)},
    {.name = "note",
     .type = CAIRN_LUA_STRING,
     .offset = offsetof(sample, note),
     .count = CAIRN_LUA_NO_COUNT,
     .fallback = "none"},
    {.name = "rows",
     .type = CAIRN_LUA_STRINGS,
     .required = true,
     .offset = offsetof(sample, rows),
     .count = offsetof(sample, row_count)},
    {.name = "cells",
     .type = CAIRN_LUA_PAIRS,
     .offset = offsetof(sample, cells),
     .count = offsetof(sample, cell_count)},
    {.name = "items",
     .type = CAIRN_LUA_RECORDS,
     .offset = offsetof(sample, items),
     .count = offsetof(sample, item_count),
     .record = &item_record},
    {.name = "best",
     .type = CAIRN_LUA_RECORD,
     .offset = offsetof(sample, best),
     .count = CAIRN_LUA_NO_COUNT,
     .record = &item_record},
};
static const cairn_lua_record sample_record = {"sample", sizeof(sample), sample_fields, 9};

/* Reads the table the Lua expression makes into *out; the error's message, or NULL. */
static const char *read_sample(cairn_lua *h, const char *expr, sample *out)
{
    lua_State *L = cairn_lua_state(h);
    int top = lua_gettop(L);
    if (luaL_dostring(L, expr))
        fail_msg("%s: %s", expr, lua_tostring(L, -1));
    lua_setfield(L, LUA_REGISTRYINDEX, "test.sample"); /* alive while it is read */
    lua_getfield(L, LUA_REGISTRYINDEX, "test.sample");
    *out = (sample){0};
    cairn_err st = cairn_lua_read(h, -1, &sample_record, out);
    lua_pop(L, 1);
    assert_int_equal(lua_gettop(L), top);
    return st ? cairn_lua_error(h) : NULL;
}

/* Every type of field comes across, arrays and records in arrays included. */
static void a_described_table_is_read_field_by_field(void **state)
{
    cairn_lua *h = *state;
    sample s;
    const char *err = read_sample(h,
                                  "return { width = 3, open = true, fresh = 2, title = 'a\\0b', "
                                  "rows = { 'x', 'y' }, cells = { 1, 2, 3, 4 }, "
                                  "items = { { name = 'key', weight = 7 }, { name = 'map' } }, "
                                  "best = { name = 'lamp', weight = 2 } }",
                                  &s);
    assert_null(err);
    assert_int_equal(s.width, 3);
    assert_true(s.open);
    assert_int_equal(s.fresh, 2);
    assert_int_equal(s.title_len, 3);
    assert_memory_equal(s.title, "a\0b", 3);
    assert_int_equal(s.row_count, 2);
    assert_string_equal(s.rows[1], "y");
    assert_int_equal(s.cell_count, 2);
    assert_int_equal(s.cells[3], 4);
    assert_int_equal(s.item_count, 2);
    assert_string_equal(s.items[0].name, "key");
    assert_int_equal(s.items[0].weight, 7);
    assert_string_equal(s.items[1].name, "map");
    assert_string_equal(s.best.name, "lamp");
    assert_int_equal(s.best.weight, 2);
}

/* An optional field the table leaves out reads as its default: false, 0, the fallback, an
 * empty array; a string given as false is none, too. */
static void an_optional_field_left_out_reads_as_its_default(void **state)
{
    cairn_lua *h = *state;
    sample s;
    assert_null(read_sample(h, "return { width = 1, rows = {}, title = false }", &s));
    assert_false(s.open);
    assert_int_equal(s.fresh, 0);
    assert_null(s.title);
    assert_string_equal(s.note, "none");
    assert_int_equal(s.row_count, 0);
    assert_int_equal(s.cell_count, 0);
    assert_int_equal(s.item_count, 0);
    assert_null(s.best.name);
}

/* A required field the table does not have is named, with what it should have been. */
static void a_missing_required_field_is_named(void **state)
{
    cairn_lua *h = *state;
    sample s;
    assert_string_equal(read_sample(h, "return { width = 1 }", &s),
                        "sample: field 'rows' expected an array of strings, got nil");
    assert_string_equal(read_sample(h, "return { width = 1, rows = {}, items = { {} } }", &s),
                        "sample: field 'items[1].name' expected a string, got nil");
    assert_string_equal(read_sample(h, "return { width = 1, rows = {}, best = {} }", &s),
                        "sample: field 'best.name' expected a string, got nil");
}

/* A field of the wrong type is named, down to the item of an array that is wrong. */
static void a_field_of_the_wrong_type_is_named(void **state)
{
    cairn_lua *h = *state;
    sample s;
    assert_string_equal(read_sample(h, "return { width = 1.5, rows = {} }", &s),
                        "sample: field 'width' expected an integer, got number");
    assert_string_equal(read_sample(h, "return { width = 1, rows = { 'a', 2 } }", &s),
                        "sample: field 'rows[2]' expected a string, got number");
    assert_string_equal(read_sample(h, "return { width = 1, rows = {}, open = 'yes' }", &s),
                        "sample: field 'open' expected a boolean, got string");
    assert_string_equal(read_sample(h, "return { width = 1, rows = {}, fresh = -1 }", &s),
                        "sample: field 'fresh' expected an integer not below 0, got number");
    assert_string_equal(read_sample(h, "return { width = 1, rows = {}, items = { 'key' } }", &s),
                        "sample: field 'items[1]' expected a table, got string");
    assert_string_equal(read_sample(h, "return 'view'", &s),
                        "sample: expected a table, got string");
}

/* What a read points at lives as long as the table read, through collections. */
static void what_a_read_points_at_lives_as_long_as_the_table(void **state)
{
    cairn_lua *h = *state;
    sample s;
    assert_null(
        read_sample(h,
                    "local rows = {} for i = 1, 50 do rows[i] = ('row %d'):format(i):rep(20) "
                    "end return { width = 1, rows = rows }",
                    &s));
    lua_gc(cairn_lua_state(h), LUA_GCCOLLECT);
    lua_gc(cairn_lua_state(h), LUA_GCCOLLECT);
    assert_int_equal(s.row_count, 50);
    assert_int_equal(strlen(s.rows[49]), 120);
    assert_memory_equal(s.rows[49], "row 50row 50", 12);
}

/* A read whose arrays meet the memory ceiling fails with an error, the host alive, rather
 * than end the process. */
static void a_read_past_the_memory_ceiling_fails_politely(void **state)
{
    (void)state;
    cairn_lua_config config = {.memory_limit = (size_t)96 << 20};
    cairn_lua *h = NULL;
    cairn_error err;
    if (cairn_lua_create(&config, &h, &err))
        fail_msg("cairn_lua_create: %s", err.message);
    lua_State *L = cairn_lua_state(h);
    if (luaL_dostring(L, "local rows = {} for i = 1, 1000000 do rows[i] = 'r' end "
                         "return { width = 1, rows = rows }"))
        fail_msg("%s", lua_tostring(L, -1));
    cairn_lua_stats stats;
    cairn_lua_get_stats(h, &stats);
    /* all but 4 MiB taken: the reader's million pointers need 8 */
    size_t ballast = config.memory_limit - stats.memory - ((size_t)4 << 20);
    char *bytes = malloc(ballast);
    assert_non_null(bytes);
    memset(bytes, 'x', ballast);
    lua_pushlstring(L, bytes, ballast);
    free(bytes);
    sample s = {0};
    assert_int_equal(cairn_lua_read(h, -2, &sample_record, &s), CAIRN_ERR_NOMEM);
    assert_string_equal(cairn_lua_error(h), "sample: out of memory");
    lua_pop(L, 2);
    assert_int_equal(cairn_lua_add_pack_path(h, CAIRN_TEST_PACKS), CAIRN_OK);
    cairn_lua_destroy(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(each_call_from_c_into_lua_is_one_entry, setup, teardown),
        cmocka_unit_test_setup_teardown(
            a_layer_above_calls_the_runtime_and_reads_its_results_or_its_error, setup, teardown),
        cmocka_unit_test_setup_teardown(a_described_table_is_read_field_by_field, setup, teardown),
        cmocka_unit_test_setup_teardown(an_optional_field_left_out_reads_as_its_default, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_missing_required_field_is_named, setup, teardown),
        cmocka_unit_test_setup_teardown(a_field_of_the_wrong_type_is_named, setup, teardown),
        cmocka_unit_test_setup_teardown(what_a_read_points_at_lives_as_long_as_the_table, setup,
                                        teardown),
        cmocka_unit_test(a_read_past_the_memory_ceiling_fails_politely),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
