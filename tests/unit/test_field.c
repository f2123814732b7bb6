/*
 * test_field.c - the table of the built-in decorators' fields (cairn_fields): what snapshots
 * write and what the Lua host shows as stats. Its shape is checked here, and its stats
 * against the table of stats in docs/lua-api.md, so the documentation cannot drift from it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* The bytes each kind of field takes. */
static size_t kind_size(cairn_field_kind kind)
{
    switch (kind) {
    case CAIRN_FIELD_INT:
    case CAIRN_FIELD_TEAMS:
        return 4;
    case CAIRN_FIELD_RESISTANCE:
        return 4 * CAIRN_SOURCE_MAX;
    case CAIRN_FIELD_ALGO:
    case CAIRN_FIELD_SEQUENCE:
    case CAIRN_FIELD_STEP:
    case CAIRN_FIELD_MOVS:
    case CAIRN_FIELD_ACTION:
    case CAIRN_FIELD_COUNT:
    case CAIRN_FIELD_STATUS:
        return 2;
    default: /* team, source, dir, bool */
        return 1;
    }
}

static void fields_are_grouped_by_decorator_and_sized_by_kind(void **state)
{
    (void)state;
    size_t count;
    const cairn_field *fields = cairn_fields(&count);
    assert_true(count > 0);
    for (size_t i = 0; i < count; i++) {
        assert_true(fields[i].decorator < CAIRN_DECO_BUILTIN_COUNT);
        assert_int_equal(fields[i].size, kind_size(fields[i].kind));
        /* A decorator's fields are together: a snapshot writes them as one run. */
        if (i > 0 && fields[i].decorator != fields[i - 1].decorator)
            for (size_t k = 0; k < i; k++)
                assert_int_not_equal(fields[k].decorator, fields[i].decorator);
        for (size_t k = 0; k < i; k++)
            if (fields[i].name && fields[k].name)
                assert_string_not_equal(fields[i].name, fields[k].name);
    }
}

/* The rows of the Stats table in docs/lua-api.md: "| `name` | Decorator | ...". Returns
 * how many, each as "name Decorator". */
static size_t doc_stats(char rows[][80], size_t max)
{
    FILE *f = fopen(CAIRN_LUA_API_DOC, "r");
    assert_non_null(f);
    char line[2048];
    bool in_stats = false;
    size_t n = 0;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "## ", 3))
            in_stats = !strcmp(line, "## Stats\n");
        char name[40], deco[40];
        if (in_stats && sscanf(line, "| `%39[^`]` | %39[^ |] |", name, deco) == 2) {
            assert_true(n < max);
            snprintf(rows[n++], sizeof rows[0], "%s %s", name, deco);
        }
    }
    fclose(f);
    return n;
}

static void the_lua_api_lists_exactly_the_named_fields_as_stats(void **state)
{
    (void)state;
    test_alloc counter = {0, -1, 0};
    cairn_world *w = test_world(&counter, 4, 4);
    char rows[64][80];
    size_t n = doc_stats(rows, 64);
    size_t count, named = 0;
    const cairn_field *fields = cairn_fields(&count);
    for (size_t i = 0; i < count; i++) {
        if (!fields[i].name)
            continue;
        named++;
        char want[80];
        snprintf(want, sizeof want, "%s %s", fields[i].name,
                 cairn_decorator_name(w, fields[i].decorator));
        bool found = false;
        for (size_t r = 0; r < n && !found; r++)
            found = !strcmp(rows[r], want);
        if (!found)
            fail_msg("docs/lua-api.md's Stats table has no row for \"%s\"", want);
    }
    assert_int_equal(n, named);
    test_world_close(w, &counter);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fields_are_grouped_by_decorator_and_sized_by_kind),
        cmocka_unit_test(the_lua_api_lists_exactly_the_named_fields_as_stats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
