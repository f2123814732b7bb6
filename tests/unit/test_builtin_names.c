/*
 * test_builtin_names.c - the built-in names have one source, the core's registration
 * (builtin.c): the editor definitions in docs/luals/cairn.lua list them too, for completion,
 * and are checked here against a fresh world's names, kind by kind, so that they cannot
 * drift from it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#define NAMES_MAX 64

/* The names an alias of docs/luals/cairn.lua lists: the lines '---| "name" # ...' after
 * '---@alias ALIAS'. Returns how many. */
static size_t doc_names(const char *alias, char names[][64])
{
    FILE *f = fopen(CAIRN_LUALS_DOC, "r");
    assert_non_null(f);
    char line[1024], header[128];
    snprintf(header, sizeof header, "---@alias %s\n", alias);
    bool in_alias = false;
    size_t n = 0;
    while (fgets(line, sizeof line, f)) {
        if (!strcmp(line, header)) {
            in_alias = true;
            continue;
        }
        if (!in_alias)
            continue;
        char name[64];
        if (sscanf(line, "---| \"%63[^\"]\"", name) != 1)
            break;
        assert_true(n < NAMES_MAX);
        snprintf(names[n++], 64, "%s", name);
    }
    fclose(f);
    return n;
}

/* The docs list exactly the world's names of the kind, in the order they are registered. */
static void check_kind(cairn_world *w, cairn_kind kind, const char *alias)
{
    char names[NAMES_MAX][64];
    size_t n = doc_names(alias, names);
    if (n == 0)
        fail_msg("docs/luals/cairn.lua has no alias %s", alias);
    size_t i = 0;
    for (const char *name; (name = cairn_name(w, kind, (uint32_t)i)); i++) {
        if (i >= n)
            fail_msg("%s lacks the built-in name '%s'", alias, name);
        if (strcmp(names[i], name))
            fail_msg("%s lists '%s' where the core has '%s' (name %zu)", alias, names[i], name, i);
    }
    if (i != n)
        fail_msg("%s lists '%s', which the core does not have", alias, names[i]);
}

static void the_editor_definitions_list_the_cores_built_in_names(void **state)
{
    (void)state;
    test_alloc counter;
    cairn_world *w = test_world(&counter, 4, 4);
    check_kind(w, CAIRN_KIND_CHAIN, "CairnBuiltinChain");
    check_kind(w, CAIRN_KIND_DECORATOR, "CairnBuiltinDecorator");
    check_kind(w, CAIRN_KIND_ACTION, "CairnBuiltinAction");
    check_kind(w, CAIRN_KIND_MOVS, "CairnBuiltinMovs");
    check_kind(w, CAIRN_KIND_ALGO, "CairnBuiltinAlgo");
    test_world_close(w, &counter);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_editor_definitions_list_the_cores_built_in_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
