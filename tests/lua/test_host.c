/*
 * The Lua host through its public API: bad content of every kind (syntax, runtime errors,
 * bad definitions, bad packs, escapes from the sandbox, runaway scripts, failing handlers)
 * is an error code and a message naming `pack:path:line` and what was wrong, and the host
 * goes on working afterwards. Also: a data-only enemy runs without Lua, and iteration with
 * pairs/next is the same in every Lua state.
 *
 * Fixture packs live in tests/lua/packs (CAIRN_TEST_PACKS), one folder per pack id.
 */
#define _POSIX_C_SOURCE 200809L

/* cmocka needs these before it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include <lauxlib.h>
#include <lua.h>

#include "cairn/lua.h"

#define PACK(id) CAIRN_TEST_PACKS "/" id

#define TEST_MEMORY ((size_t)32 << 20)
#define TEST_BUDGET UINT64_C(2000000)

/* --- helpers ----------------------------------------------------------------------------- */

/* A host with the tests' limits and a beat budget (0: the runtime's). */
static cairn_lua *host_with_beat_budget(uint64_t beat_budget)
{
    cairn_lua_config config = {
        .memory_limit = TEST_MEMORY, .instruction_budget = TEST_BUDGET, .beat_budget = beat_budget};
    cairn_lua *h = NULL;
    cairn_error err;
    cairn_err st = cairn_lua_create(&config, &h, &err);
    if (st != CAIRN_OK)
        fail_msg("cairn_lua_create -> %s: %s", cairn_err_name(st), err.message);
    return h;
}

static cairn_lua *host_new(void)
{
    return host_with_beat_budget(0);
}

static int setup(void **state)
{
    *state = host_new();
    return 0;
}

static int teardown(void **state)
{
    cairn_lua_destroy(*state);
    return 0;
}

/* Asserts that a host call succeeded, printing the host's message when it did not. */
#define assert_lua_ok(h, call)                                                                     \
    do {                                                                                           \
        cairn_err st_ = (call);                                                                    \
        if (st_ != CAIRN_OK)                                                                       \
            fail_msg("%s -> %s:\n%s", #call, cairn_err_name(st_), cairn_lua_error(h));             \
    } while (0)

/* Asserts that a host call failed with that error code. */
#define assert_lua_fails(h, call, code)                                                            \
    do {                                                                                           \
        cairn_err st_ = (call);                                                                    \
        if (st_ != (code))                                                                         \
            fail_msg("%s -> %s, expected %s:\n%s", #call, cairn_err_name(st_),                     \
                     cairn_err_name(code), cairn_lua_error(h));                                    \
    } while (0)

#define assert_contains(text, part) contains_at((text), (part), __FILE__, __LINE__)
#define assert_lacks(text, part)    lacks_at((text), (part), __FILE__, __LINE__)

static void contains_at(const char *text, const char *part, const char *file, int line)
{
    if (!strstr(text, part)) {
        print_error("expected to find\n  %s\nin\n  %s\n", part, text);
        _fail(file, line);
    }
}

static void lacks_at(const char *text, const char *part, const char *file, int line)
{
    if (strstr(text, part)) {
        print_error("expected not to find\n  %s\nin\n  %s\n", part, text);
        _fail(file, line);
    }
}

/* The line of text that contains part (up to the newline), in buf; fails when none does. */
#define line_with(text, part, buf)                                                                 \
    line_with_at((text), (part), (buf), sizeof(buf), __FILE__, __LINE__)

static const char *line_with_at(const char *text, const char *part, char *buf, size_t size,
                                const char *file, int line)
{
    const char *at = strstr(text, part);
    if (!at) {
        print_error("expected a line with\n  %s\nin\n  %s\n", part, text);
        _fail(file, line);
        return "";
    }
    const char *start = at;
    while (start > text && start[-1] != '\n')
        start--;
    size_t n = strcspn(start, "\n");
    if (n >= size)
        n = size - 1;
    memcpy(buf, start, n);
    buf[n] = '\0';
    return buf;
}

/* Whether text has a line that begins with prefix. */
static bool has_line_starting(const char *text, const char *prefix)
{
    size_t n = strlen(prefix);
    for (const char *p = text; p; p = strchr(p, '\n')) {
        if (*p == '\n')
            p++;
        if (!strncmp(p, prefix, n))
            return true;
    }
    return false;
}

#define assert_line_starts(text, prefix) line_starts_at((text), (prefix), __FILE__, __LINE__)

static void line_starts_at(const char *text, const char *prefix, const char *file, int line)
{
    if (!has_line_starting(text, prefix)) {
        print_error("expected a line starting with\n  %s\nin\n  %s\n", prefix,
                    text ? text : "(null)");
        _fail(file, line);
    }
}

/* Asserts that the first line of text holds part: where a step's message puts the failing
 * content's place, after whatever heading the host gives it. */
#define assert_first_line_has(text, part) first_line_at((text), (part), __FILE__, __LINE__)

static void first_line_at(const char *text, const char *part, const char *file, int line)
{
    const char *at = strstr(text, part);
    if (!at || at > text + strcspn(text, "\n")) {
        print_error("expected the first line to hold\n  %s\nin\n  %s\n", part, text);
        _fail(file, line);
    }
}

static cairn_type_id find_type(cairn_world *w, const char *name)
{
    cairn_type_id t = 0;
    cairn_err st = cairn_type_find(w, name, &t);
    if (st != CAIRN_OK)
        fail_msg("no type %s: %s", name, cairn_world_error(w));
    return t;
}

static cairn_entity_id spawn(cairn_world *w, const char *type, int32_t x, int32_t y)
{
    cairn_entity_id id = CAIRN_ENTITY_NONE;
    cairn_err st = cairn_entity_spawn(w, find_type(w, type), (cairn_cell){x, y}, &id);
    if (st != CAIRN_OK)
        fail_msg("spawning %s at %d,%d: %s", type, (int)x, (int)y, cairn_world_error(w));
    return id;
}

static int32_t hp_of(cairn_world *w, cairn_entity_id id)
{
    void *data = NULL;
    cairn_err st = cairn_entity_data(w, id, CAIRN_DECO_WITH_HP, &data);
    if (st != CAIRN_OK)
        fail_msg("no hp: %s", cairn_world_error(w));
    return ((cairn_with_hp *)data)->hp;
}

static cairn_cell cell_of(cairn_world *w, cairn_entity_id id)
{
    cairn_cell cell = {-1, -1};
    cairn_err st = cairn_entity_cell(w, id, &cell);
    if (st != CAIRN_OK)
        fail_msg("no cell: %s", cairn_world_error(w));
    return cell;
}

static cairn_world *make_world(cairn_lua *h, int32_t width, int32_t height, uint64_t seed)
{
    cairn_world_config config = {.width = width, .height = height, .seed = seed};
    cairn_world *w = NULL;
    assert_lua_ok(h, cairn_lua_world_create(h, &config, &w));
    assert_non_null(w);
    assert_ptr_equal(w, cairn_lua_world(h));
    return w;
}

/* The good pack's world: a hero and two rats that come for it. */
static cairn_world *good_world(cairn_lua *h, cairn_entity_id *hero)
{
    cairn_world *w = make_world(h, 10, 3, 7);
    cairn_entity_id id = spawn(w, "good:hero", 0, 1);
    if (hero)
        *hero = id;
    spawn(w, "good:rat", 6, 1);
    spawn(w, "good:rat", 9, 2);
    return w;
}

/* The host still works after a failure: a good pack loads, a world is made, beats run and
 * the rats do walk. */
static void assert_usable(cairn_lua *h)
{
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("good")));
    cairn_entity_id hero;
    cairn_world *w = good_world(h, &hero);
    for (int beat = 0; beat < 12; beat++)
        assert_lua_ok(h, cairn_lua_step(h));
    assert_int_equal(cairn_world_beat(w), 12);
    assert_true(hp_of(w, hero) < 1000000); /* the rats arrived and bit */
}

/* --- errors in a pack's files ------------------------------------------------------------ */

static void a_syntax_error_names_the_file_and_line_and_the_host_loads_the_next_pack(void **state)
{
    cairn_lua *h = *state;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("syntax")), CAIRN_ERR_HANDLER);
    const char *msg = cairn_lua_error(h);
    assert_line_starts(msg, "syntax:broken.lua:4: unexpected symbol near <eof>");
    assert_lacks(msg, "fine.lua"); /* the file before it loaded */
    assert_usable(h);
}

static void a_runtime_error_at_load_names_the_line_with_a_traceback(void **state)
{
    cairn_lua *h = *state;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("loaderr")), CAIRN_ERR_HANDLER);
    const char *msg = cairn_lua_error(h);
    assert_line_starts(msg, "loaderr:boom.lua:4: attempt to index a nil value (local 'missing')");
    assert_contains(msg, "stack traceback:");
    assert_contains(msg, "\n\tloaderr:boom.lua:4: in main chunk");
    assert_usable(h);
}

/* error() of a value that is no message - a table, a number, nil, an object with __tostring -
 * and a message placed nowhere still put content's line first. */
static void an_error_of_any_value_at_load_names_its_line(void **state)
{
    cairn_lua *h = *state;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("throws")), CAIRN_ERR_HANDLER);
    const char *msg = cairn_lua_error(h);
    assert_line_starts(msg, "throws:table.lua:2: (error object is a table value)");
    assert_line_starts(msg, "throws:number.lua:3: 42");
    assert_line_starts(msg, "throws:nothing.lua:2: (error object is a nil value)");
    assert_line_starts(msg, "throws:object.lua:3: the crypt is flooded");
    assert_line_starts(msg, "throws:level0.lua:2: the crypt is flooded");
    assert_line_starts(msg, "throws:concat.lua:2: invalid value (table) at index 1 in table "
                            "for 'concat'");
    /* a module's failure is placed at its own line, not behind the file that required it */
    assert_line_starts(msg, "throws:broken.lua:2: the crypt is flooded");
    assert_usable(h);
}

static void an_error_of_any_value_in_a_handler_names_its_line(void **state)
{
    cairn_lua *h = *state;
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("thrower")));
    cairn_world *w = make_world(h, 8, 1, 3);
    spawn(w, "thrower:hero", 0, 0);
    spawn(w, "thrower:walker", 7, 0);
    static const char *const says[] = {
        "18: (error object is a table value)",
        "18: 42",
        "18: the crypt is flooded",
        "18: (error object is a nil value)",
        "19: the crypt is flooded",
        "20: invalid value (table) at index 1 in table for 'concat'",
    };
    for (size_t i = 0; i < sizeof says / sizeof says[0]; i++) {
        assert_lua_fails(h, cairn_lua_step(h), CAIRN_ERR_HANDLER);
        char first[128];
        snprintf(first, sizeof first, "thrower:walker.lua:%s", says[i]);
        assert_first_line_has(cairn_lua_error(h), first);
    }
}

static void an_unknown_field_or_a_wrong_type_is_named_where_it_is_defined_with_a_hint(void **s)
{
    cairn_lua *h = *s;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("badfield")), CAIRN_ERR_HANDLER);
    const char *msg = cairn_lua_error(h);
    assert_line_starts(msg, "badfield:defs.lua:2: cairn.entity: unknown field 'glph' "
                            "(did you mean 'glyph'?)");
    assert_line_starts(msg, "badfield:defs.lua:3: cairn.entity: 'glyph' must be a string, "
                            "not a number");
    assert_lacks(msg, "defs.lua:4"); /* the good definition after them */
    /* Bad definitions are not recorded: a world is made from the rest. */
    assert_usable(h);
    find_type(cairn_lua_world(h), "badfield:fine");
    cairn_type_id t;
    assert_int_equal(cairn_type_find(cairn_lua_world(h), "badfield:typo", &t), CAIRN_ERR_NOT_FOUND);
}

/* A value of the wrong type is named as such, once, without tripping the checks that follow
 * (a hint looked for among layers' names, a rank's); a message of the runtime's own scripts
 * names no place in them; a name holding a newline stays on its line. */
static void a_bad_field_is_named_once_on_its_own_line(void **s)
{
    cairn_lua *h = *s;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("badshape")), CAIRN_ERR_HANDLER);
    const char *msg = cairn_lua_error(h);
    assert_line_starts(msg, "badshape:defs.lua:2: cairn.entity: 'layer' must be a string, not a "
                            "number");
    assert_line_starts(msg, "badshape:defs.lua:3: cairn.entity: pairs/next: a table with a table "
                            "as a key has no fixed order");
    assert_line_starts(msg, "badshape:defs.lua:4: cairn.entity: name 'two\\nlines' may hold");
    assert_line_starts(msg, "badshape:defs.lua:5: cairn.handler: 'rank' must be a string, not a "
                            "number");
    assert_lacks(msg, "scripts/");
    assert_lacks(msg, "attempt to");
    assert_lacks(msg, "rank '5'");
}

static void a_misspelt_decorator_or_stat_is_named_with_a_hint_when_the_world_is_made(void **s)
{
    cairn_lua *h = *s;
    /* Names resolve against everything loaded, so they are checked when a world is made. */
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("badname")));
    cairn_world_config config = {.width = 4, .height = 4, .seed = 1};
    cairn_world *w = (cairn_world *)(uintptr_t)1; /* anything but NULL */
    assert_lua_fails(h, cairn_lua_world_create(h, &config, &w), CAIRN_ERR_HANDLER);
    assert_null(w);
    const char *msg = cairn_lua_error(h);
    assert_line_starts(msg, "badname:defs.lua:2: cairn.entity 'badname:slow': unknown decorator "
                            "'Movng' (did you mean 'Moving'?)");
    assert_line_starts(msg, "badname:defs.lua:3: cairn.entity 'badname:frail': unknown stat "
                            "'hpp' (did you mean 'hp'?)");
    /* The definitions stay recorded, so every later world reports them the same way; the
     * host still loads packs. */
    char first[512];
    line_with(msg, "Movng", first);
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("good")));
    assert_lua_fails(h, cairn_lua_world_create(h, &config, NULL), CAIRN_ERR_HANDLER);
    assert_contains(cairn_lua_error(h), first);
}

/* --- packs and their dependencies -------------------------------------------------------- */

static void a_missing_dependency_is_named_with_where_it_was_looked_for(void **state)
{
    cairn_lua *h = *state;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("needs_missing")), CAIRN_ERR_HANDLER);
    const char *msg = cairn_lua_error(h);
    /* pack.lua's problems are about the table it returns: they have no line. */
    assert_line_starts(msg, "needs_missing:pack.lua:1: depends on 'nowhere', which was not found");
    assert_contains(msg, CAIRN_TEST_PACKS);
    assert_usable(h);
}

static void a_dependency_cycle_is_refused_and_shown_whole(void **state)
{
    cairn_lua *h = *state;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("cycle_a")), CAIRN_ERR_HANDLER);
    assert_line_starts(cairn_lua_error(h),
                       "cycle_a:pack.lua:1: dependency cycle: cycle_a -> cycle_b -> cycle_a");
    assert_usable(h);
}

static void a_dependency_older_than_needed_is_refused(void **state)
{
    cairn_lua *h = *state;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("needs_newer")), CAIRN_ERR_HANDLER);
    assert_line_starts(cairn_lua_error(h), "needs_newer:pack.lua:2: needs 'good' 1.5 or later");
    assert_contains(cairn_lua_error(h), "found 1.2.0");
    assert_usable(h);
}

static void a_pack_needing_a_newer_runtime_is_refused(void **state)
{
    cairn_lua *h = *state;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("future")), CAIRN_ERR_HANDLER);
    const char *msg = cairn_lua_error(h);
    assert_line_starts(msg, "future:pack.lua:2: the pack needs cairn 0.9");
    assert_contains(msg, cairn_version());
    assert_usable(h);
}

static void two_packs_with_the_same_id_are_refused_as_dependency_or_loaded_both(void **state)
{
    cairn_lua *h = *state;
    /* As a dependency: twin is beside twin_user and on the pack path too. */
    assert_lua_ok(h, cairn_lua_add_pack_path(h, PACK("more")));
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("twin_user")), CAIRN_ERR_HANDLER);
    const char *msg = cairn_lua_error(h);
    assert_line_starts(msg, "twin_user:pack.lua:1: two packs have the id 'twin'");
    assert_contains(msg, PACK("twin"));
    assert_contains(msg, PACK("more/twin"));
    /* Loaded one after the other. */
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("twin")));
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("twin"))); /* the same folder again is fine */
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("more/twin")), CAIRN_ERR_HANDLER);
    assert_line_starts(cairn_lua_error(h), "twin:pack.lua:2: two packs have the id 'twin'");
    assert_usable(h);
}

static void a_pack_whose_id_differs_from_its_folder_is_refused(void **state)
{
    cairn_lua *h = *state;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("misnamed")), CAIRN_ERR_HANDLER);
    assert_line_starts(
        cairn_lua_error(h),
        "misnamed:pack.lua:1: id 'renamed' differs from the folder's name 'misnamed'");
    assert_usable(h);
}

/* --- the sandbox ------------------------------------------------------------------------- */

static void require_of_a_pack_that_is_not_a_dependency_is_refused(void **state)
{
    cairn_lua *h = *state;
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("secret")));
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("snoop")), CAIRN_ERR_HANDLER);
    const char *msg = cairn_lua_error(h);
    assert_line_starts(msg, "snoop:other_pack.lua:2: require 'secret:stuff': pack 'snoop' may "
                            "require its own modules and its dependencies' only");
    assert_lacks(msg, "own.lua"); /* its own module was fine */
    assert_lacks(msg, "swordfish");
    /* A pack that does depend on secret may require it. */
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("friend")));
    assert_usable(h);
}

static void paths_out_of_the_pack_are_refused_in_require_and_in_the_load_list(void **state)
{
    cairn_lua *h = *state;
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("secret")));
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("snoop")), CAIRN_ERR_HANDLER);
    assert_line_starts(cairn_lua_error(h), "snoop:by_path.lua:2: require '../secret/stuff': a "
                                           "module name is words joined by dots");
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("climber")), CAIRN_ERR_HANDLER);
    assert_line_starts(cairn_lua_error(h), "climber:pack.lua:2: load[1]: '../secret/stuff.lua' is "
                                           "not a .lua path inside the pack");
    assert_usable(h);
}

static void os_io_debug_and_the_other_ways_out_are_absent_at_load(void **state)
{
    cairn_lua *h = *state;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("snoop")), CAIRN_ERR_HANDLER);
    const char *msg = cairn_lua_error(h);
    assert_line_starts(msg, "snoop:no_os.lua:2: attempt to index a nil value (global 'os')");
    assert_line_starts(msg, "snoop:no_io.lua:2: attempt to index a nil value (global 'io')");
    /* globals.lua lists whichever of debug, package, dofile, ... it can reach. */
    assert_line_starts(msg, "snoop:globals.lua:8: escapes: []");
    assert_usable(h);
}

/* Writes a file; returns false on failure. */
static bool write_file(const char *path, const void *bytes, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(bytes, 1, size, f) == size;
    return fclose(f) == 0 && ok;
}

typedef struct bytes {
    char data[4096];
    size_t size;
} bytes;

static int collect(lua_State *L, const void *p, size_t size, void *ud)
{
    (void)L;
    bytes *b = ud;
    if (b->size + size > sizeof b->data)
        return 1;
    memcpy(b->data + b->size, p, size);
    b->size += size;
    return 0;
}

/* Real Lua 5.4 bytecode for source, made by a plain Lua state. */
static void compile_chunk(const char *source, bytes *out)
{
    lua_State *L = luaL_newstate();
    assert_non_null(L);
    assert_int_equal(luaL_loadstring(L, source), LUA_OK);
    out->size = 0;
    assert_int_equal(lua_dump(L, collect, out, 0), 0);
    lua_close(L);
    assert_true(out->size > 4 && out->data[0] == '\033');
}

static void bytecode_is_refused_as_a_pack_file_as_pack_lua_and_through_load(void **state)
{
    cairn_lua *h = *state;
    char root[] = "/tmp/cairn_test_host_XXXXXX";
    assert_non_null(mkdtemp(root));
    char path[5][256];
    snprintf(path[0], sizeof path[0], "%s/bytes", root);
    snprintf(path[1], sizeof path[1], "%s/bytes/pack.lua", root);
    snprintf(path[2], sizeof path[2], "%s/bytes/compiled.lua", root);
    snprintf(path[3], sizeof path[3], "%s/bytepack", root);
    snprintf(path[4], sizeof path[4], "%s/bytepack/pack.lua", root);
    assert_int_equal(mkdir(path[0], 0700), 0);
    assert_int_equal(mkdir(path[3], 0700), 0);
    static const char info[] = "return { id = \"bytes\", version = \"1.0.0\", cairn = \"0.1\", "
                               "load = { \"compiled.lua\" } }";
    assert_true(write_file(path[1], info, sizeof info - 1));
    bytes code;
    compile_chunk("cairn.entity { name = \"sneaky\", glyph = \"s\" }", &code);
    assert_true(write_file(path[2], code.data, code.size));
    compile_chunk("return { id = \"bytepack\", version = \"1.0.0\", cairn = \"0.1\" }", &code);
    assert_true(write_file(path[4], code.data, code.size));

    assert_lua_fails(h, cairn_lua_load_pack(h, path[0]), CAIRN_ERR_HANDLER);
    const char *msg = cairn_lua_error(h);
    assert_contains(msg, "attempt to load a binary chunk (mode is 't')");
    assert_line_starts(msg, "bytes:compiled.lua:");
    assert_lua_fails(h, cairn_lua_load_pack(h, path[3]), CAIRN_ERR_HANDLER);
    assert_contains(cairn_lua_error(h), "attempt to load a binary chunk (mode is 't')");
    assert_line_starts(cairn_lua_error(h), "bytepack:pack.lua");

    /* Content cannot make bytecode nor load it. */
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("loadbin")), CAIRN_ERR_HANDLER);
    msg = cairn_lua_error(h);
    assert_contains(msg, "load: mode 'b' refused: content may load text chunks only");
    assert_contains(msg, "\n\tloadbin:binary_mode.lua:2: in main chunk");
    assert_line_starts(msg, "loadbin:binary_mode.lua:2: load: mode 'b' refused");
    assert_line_starts(msg, "loadbin:dump.lua:2: attempt to call a nil value (field 'dump')");
    assert_line_starts(msg, "loadbin:sneak.lua:4: refused: attempt to load a binary chunk");

    /* Files first, then their folders. */
    static const int order[] = {1, 2, 4, 0, 3};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        assert_int_equal(remove(path[order[i]]), 0);
    assert_int_equal(remove(root), 0);
    assert_usable(h);
}

/* --- runaway scripts --------------------------------------------------------------------- */

static void an_endless_loop_at_load_is_stopped_by_the_budget(void **state)
{
    cairn_lua *h = *state;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("spin")), CAIRN_ERR_HANDLER);
    assert_line_starts(cairn_lua_error(h), "spin:loop.lua:3: instruction budget exceeded "
                                           "(2000000 instructions in one call into Lua)");
    assert_usable(h);
}

static void pcall_cannot_swallow_the_budget(void **state)
{
    cairn_lua *h = *state;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("pcallspin")), CAIRN_ERR_HANDLER);
    assert_line_starts(cairn_lua_error(h), "pcallspin:loop.lua:2: instruction budget exceeded");
    assert_usable(h);
}

static void a_memory_bomb_at_load_is_stopped_by_the_ceiling(void **state)
{
    cairn_lua *h = *state;
    cairn_err st = cairn_lua_load_pack(h, PACK("bomb"));
    assert_true(st == CAIRN_ERR_HANDLER || st == CAIRN_ERR_NOMEM);
    const char *msg = cairn_lua_error(h);
    /* At the line whose allocation the ceiling refused: the string that doubles. */
    assert_line_starts(msg, "bomb:grow.lua:5: memory limit of 32 MiB exceeded");
    cairn_lua_stats stats;
    cairn_lua_get_stats(h, &stats);
    assert_true(stats.memory <= TEST_MEMORY + ((size_t)1 << 20));
    assert_usable(h);
}

static void a_gc_metamethod_is_refused(void **state)
{
    cairn_lua *h = *state;
    assert_lua_fails(h, cairn_lua_load_pack(h, PACK("finalizer")), CAIRN_ERR_HANDLER);
    assert_line_starts(cairn_lua_error(h), "finalizer:gc.lua:2: setmetatable: __gc metamethods "
                                           "are not allowed in content");
    assert_usable(h);
    /* Had the finalizer got in, closing the state would now run its endless loop. */
}

/* --- handlers failing mid-beat ----------------------------------------------------------- */

static size_t count_changes(cairn_world *w, cairn_change_kind kind)
{
    size_t count, n = 0;
    const cairn_change *c = cairn_world_history(w, &count);
    for (size_t i = 0; i < count; i++)
        n += c[i].kind == kind;
    return n;
}

static void a_handler_failing_mid_beat_stops_that_beat_and_the_next_runs_whole(void **state)
{
    cairn_lua *h = *state;
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("flaky")));
    cairn_world *w = make_world(h, 8, 1, 3);
    spawn(w, "flaky:hero", 0, 0);
    cairn_entity_id walker = spawn(w, "flaky:walker", 5, 0);

    assert_lua_ok(h, cairn_lua_step(h));
    assert_int_equal(cell_of(w, walker).x, 4);

    /* Beat 2: the walker moves, then its move_success handler fails. */
    assert_lua_fails(h, cairn_lua_step(h), CAIRN_ERR_HANDLER);
    const char *msg = cairn_lua_error(h);
    assert_first_line_has(msg, "flaky:walker.lua:18: attempt to index a nil value (local 'plan')");
    assert_contains(msg, "stack traceback:");
    assert_contains(msg, "\n\tflaky:walker.lua:18: in ");
    /* The handler was called with no protected call of its own and its error unwound the core
     * to the beat's: the walker has acted, as a failed action's end leaves it, and the list of
     * handlers it changed is let go (freed: a leak here fails the sanitizer build). */
    void *data;
    assert_int_equal(cairn_entity_data(w, walker, CAIRN_DECO_ACTING, &data), CAIRN_OK);
    const cairn_acting *acting = data;
    assert_true(acting->did_action);
    assert_false(acting->doing_action);
    /* What happened before the failure stays done and recorded; the world is between beats. */
    assert_int_equal(cairn_world_beat(w), 2);
    assert_int_equal(cairn_world_phase(w), CAIRN_PHASE_OUTSIDE);
    assert_int_equal(cell_of(w, walker).x, 3);
    assert_int_equal(count_changes(w, CAIRN_CHANGE_MOVED), 1);

    /* Beat 3 runs whole: the handler no longer fails. */
    assert_lua_ok(h, cairn_lua_step(h));
    assert_int_equal(cairn_world_beat(w), 3);
    assert_int_equal(cell_of(w, walker).x, 2);
    assert_int_equal(count_changes(w, CAIRN_CHANGE_MOVED), 1);
    assert_lua_ok(h, cairn_lua_step(h));
    assert_int_equal(cell_of(w, walker).x, 1);
}

static void a_runaway_handler_is_stopped_and_the_world_steps_on(void **state)
{
    cairn_lua *h = *state;
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("runaway")));
    cairn_world *w = make_world(h, 4, 4, 1);
    assert_lua_ok(h, cairn_lua_step(h));
    /* Beat 2: an endless loop. */
    assert_lua_fails(h, cairn_lua_step(h), CAIRN_ERR_HANDLER);
    assert_first_line_has(cairn_lua_error(h),
                          "runaway:handlers.lua:7: instruction budget exceeded");
    assert_int_equal(cairn_world_phase(w), CAIRN_PHASE_OUTSIDE);
    assert_lua_ok(h, cairn_lua_step(h));
    /* Beat 4: a memory bomb. */
    assert_lua_fails(h, cairn_lua_step(h), CAIRN_ERR_HANDLER);
    assert_contains(cairn_lua_error(h), "memory limit of 32 MiB exceeded");
    assert_first_line_has(cairn_lua_error(h), "runaway:handlers.lua:");
    assert_int_equal(cairn_world_phase(w), CAIRN_PHASE_OUTSIDE);
    assert_lua_ok(h, cairn_lua_step(h));
    assert_int_equal(cairn_world_beat(w), 5);
    cairn_lua_stats stats;
    cairn_lua_get_stats(h, &stats);
    assert_int_equal(stats.callbacks, 5); /* one beat_start handler call a beat */
}

/* The runtime's limits, not the tests' small ones: the stack must be able to overflow first. A
 * message handler that looked for content's line through all the million frames would take
 * minutes; the message is Lua's, at the line. */
static void a_stack_overflow_is_reported_at_its_line(void **state)
{
    (void)state;
    cairn_lua_config config = {0};
    cairn_lua *h = NULL;
    cairn_error err;
    assert_int_equal(cairn_lua_create(&config, &h, &err), CAIRN_OK);
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("overflow")));
    cairn_world *w = make_world(h, 4, 4, 1);
    assert_lua_fails(h, cairn_lua_step(h), CAIRN_ERR_HANDLER);
    assert_first_line_has(cairn_lua_error(h), "overflow:deep.lua:2: stack overflow");
    assert_int_equal(cairn_world_phase(w), CAIRN_PHASE_OUTSIDE);
    cairn_lua_destroy(h);
}

/* An overrun's message says its place once, coming out of a coroutine too, and never counts
 * more than the budget it broke, however large the charge that broke it. */
static void an_overrun_says_its_place_once_and_counts_no_more_than_the_budget(void **state)
{
    (void)state;
    cairn_lua *h = host_with_beat_budget(1000000);
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("overrun")));
    make_world(h, 4, 4, 1);
    static const char *const lines[] = {"8", "10"};
    for (int beat = 0; beat < 2; beat++) {
        assert_lua_fails(h, cairn_lua_step(h), CAIRN_ERR_HANDLER);
        const char *msg = strstr(cairn_lua_error(h), "overrun:");
        assert_non_null(msg);
        char place[200];
        snprintf(place, sizeof place,
                 "overrun:handlers.lua:%s: instruction budget of a beat exceeded (1000000 "
                 "instructions in one beat; the function at overrun:handlers.lua:5 ran ",
                 lines[beat]);
        assert_first_line_has(msg, place);
        assert_int_equal(strncmp(msg, place, strlen(place)), 0);
        long long ran = strtoll(msg + strlen(place), NULL, 10);
        assert_true(ran > 0 && ran <= 1000000);
    }
    cairn_lua_destroy(h);
}

/* Ticks that each stay inside a call's budget overrun the beat's together: the beat stops,
 * at content's line, naming the function that ran most of it. */
static void a_beat_of_many_calls_is_stopped_by_the_beat_s_budget(void **state)
{
    (void)state;
    cairn_lua *h = host_with_beat_budget(4000000);
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("hogs")));
    cairn_world *w = make_world(h, 8, 1, 1);
    spawn(w, "hogs:nibbler", 0, 0);
    for (int32_t x = 1; x <= 3; x++)
        spawn(w, "hogs:hog", x, 0);
    /* Three hogs and a nibbler: some 3.7 million instructions a beat, 11 over three beats -
     * each beat has a budget of its own. */
    for (int beat = 0; beat < 3; beat++)
        assert_lua_ok(h, cairn_lua_step(h));

    spawn(w, "hogs:hog", 4, 0);
    assert_lua_fails(h, cairn_lua_step(h), CAIRN_ERR_HANDLER);
    const char *msg = cairn_lua_error(h);
    assert_first_line_has(msg, "hogs:hogs.lua:5: instruction budget of a beat exceeded "
                               "(4000000 instructions in one beat; the function at "
                               "hogs:hogs.lua:9 ran ");
    assert_int_equal(cairn_world_phase(w), CAIRN_PHASE_OUTSIDE);
    assert_int_equal(cairn_world_beat(w), 4);
    assert_usable(h);
    cairn_lua_destroy(h);
}

/* --- world methods ----------------------------------------------------------------------- */

static int world_method(lua_State *L)
{
    (void)L;
    return 0;
}

/* A host made with methods for the world handle takes a new name and refuses one the handle
 * has: the look-up that tells them asks the methods table itself, not the handle's fields,
 * which would raise with no world yet. */
static void world_methods_are_added_unless_the_handle_has_the_name(void **state)
{
    (void)state;
    const cairn_lua_method added[] = {{"frobnicate", world_method}, {NULL, NULL}};
    const cairn_lua_method clash[] = {{"closest_player", world_method}, {NULL, NULL}};
    cairn_lua_config config = {.memory_limit = TEST_MEMORY, .instruction_budget = TEST_BUDGET};
    cairn_lua *h = NULL;
    cairn_error err;
    config.world_methods = added;
    assert_int_equal(cairn_lua_create(&config, &h, &err), CAIRN_OK);
    cairn_lua_destroy(h);
    config.world_methods = clash;
    assert_int_equal(cairn_lua_create(&config, &h, &err), CAIRN_ERR_EXISTS);
    assert_non_null(strstr(err.message, "the world handle has a method 'closest_player'"));
}

/* --- a data-only enemy ------------------------------------------------------------------- */

/* Runs `beats` beats and says what they cost: calls into Lua, allocations of the world. */
static void run_counting(cairn_lua *h, cairn_world *w, int beats, uint64_t *calls,
                         uint64_t *allocations)
{
    cairn_lua_stats before, after;
    cairn_world_stats world_before, world_after;
    cairn_lua_get_stats(h, &before);
    cairn_world_get_stats(w, &world_before);
    for (int beat = 0; beat < beats; beat++)
        assert_lua_ok(h, cairn_lua_step(h));
    cairn_lua_get_stats(h, &after);
    cairn_world_get_stats(w, &world_after);
    *calls = after.callbacks - before.callbacks;
    *allocations = world_after.allocations - world_before.allocations;
}

/* Puts on the entity a lasting status of the pack, by name, with a magnitude. */
static cairn_status_id put_status(cairn_world *w, cairn_entity_id id, const char *name,
                                  int32_t magnitude)
{
    cairn_status_id status;
    if (cairn_status_find(w, name, &status) != CAIRN_OK ||
        cairn_status_add(w, id, status, magnitude, 0, CAIRN_ENTITY_NONE) != CAIRN_OK)
        fail_msg("status %s: %s", name, cairn_world_error(w));
    return status;
}

/* Three statuses that hurt, modify a stat and decay each beat cost no call into Lua. */
static void data_only_statuses_tick_without_lua_calls_or_world_allocations(void **state)
{
    cairn_lua *h = *state;
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("dotted")));
    cairn_world *w = make_world(h, 4, 1, 7);
    cairn_entity_id brute = spawn(w, "dotted:brute", 0, 0);
    put_status(w, brute, "dotted:poison", 2);
    put_status(w, brute, "dotted:strength", 3);
    cairn_status_id fading = put_status(w, brute, "dotted:fading", 1000);
    for (int beat = 0; beat < 10; beat++)
        assert_lua_ok(h, cairn_lua_step(h));
    int32_t hp = hp_of(w, brute);
    uint64_t calls, allocations;
    run_counting(h, w, 200, &calls, &allocations);
    assert_int_equal(calls, 0);
    assert_int_equal(allocations, 0);
    assert_int_equal(hp_of(w, brute), hp - 400);
    assert_int_equal(cairn_status_magnitude(w, brute, fading), 1000 - 210);
}

static void a_data_only_enemy_runs_without_lua_calls_or_world_allocations(void **state)
{
    cairn_lua *h = *state;
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("good")));
    cairn_entity_id hero;
    cairn_world *w = good_world(h, &hero);
    for (int beat = 0; beat < 10; beat++) /* let them reach the hero and settle */
        assert_lua_ok(h, cairn_lua_step(h));
    cairn_lua_stats before;
    cairn_lua_get_stats(h, &before);
    int32_t hp = hp_of(w, hero);
    uint64_t calls, allocations;
    run_counting(h, w, 200, &calls, &allocations);
    assert_int_equal(before.callbacks, 0);
    assert_int_equal(calls, 0);
    assert_int_equal(allocations, 0);
    cairn_world_stats world_after;
    cairn_world_get_stats(w, &world_after);
    assert_int_equal(world_after.entities_alive, 3);
    assert_true(hp_of(w, hero) < hp); /* they fought all along */
}

/* --- determinism across Lua states ------------------------------------------------------- */

typedef struct order_run {
    int32_t hp[4];
    char failure[8192];
} order_run;

/* Loads the order pack in a new host and runs four beats; the third fails on purpose with
 * the order pairs visited the keys in. */
static void run_order(order_run *out)
{
    cairn_lua *h = host_new();
    assert_lua_ok(h, cairn_lua_load_pack(h, PACK("order")));
    cairn_world *w = make_world(h, 4, 1, 9);
    cairn_entity_id counter = spawn(w, "order:counter", 1, 0);
    for (int beat = 1; beat <= 4; beat++) {
        if (beat == 3) {
            assert_lua_fails(h, cairn_lua_step(h), CAIRN_ERR_HANDLER);
            snprintf(out->failure, sizeof out->failure, "%s", cairn_lua_error(h));
        } else {
            assert_lua_ok(h, cairn_lua_step(h));
        }
        out->hp[beat - 1] = hp_of(w, counter);
    }
    cairn_lua_destroy(h);
}

static void pairs_and_next_visit_keys_in_the_same_order_in_every_lua_state(void **state)
{
    (void)state;
    /* Each host is a Lua state of its own, whose string hashes are seeded from (among other
     * things) its address: raw next() visits these 200-odd keys in another order in each. A
     * host kept alive meanwhile puts the later states at other addresses still. */
    order_run a, b, c;
    run_order(&a);
    cairn_lua *other = host_new();
    run_order(&b);
    run_order(&c);
    cairn_lua_destroy(other);
    assert_first_line_has(a.failure,
                          "order:order.lua:29: order: ,Mango,_under,a,ab,apple,b,k1,k10,");
    assert_string_equal(a.failure, b.failure);
    assert_string_equal(a.failure, c.failure);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(a.hp[i], b.hp[i]);
        assert_int_equal(a.hp[i], c.hp[i]);
    }
    assert_int_not_equal(a.hp[0], 1); /* the handler did write it */
}

/* --- the host itself --------------------------------------------------------------------- */

static void stepping_before_any_world_is_an_error_not_a_crash(void **state)
{
    cairn_lua *h = *state;
    assert_null(cairn_lua_world(h));
    assert_lua_fails(h, cairn_lua_step(h), CAIRN_ERR_STATE);
    assert_contains(cairn_lua_error(h), "no world yet");
    assert_usable(h);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(a_syntax_error_names_the_file_and_line_and_the_host_loads_the_next_pack),
        T(a_runtime_error_at_load_names_the_line_with_a_traceback),
        T(an_error_of_any_value_at_load_names_its_line),
        T(an_error_of_any_value_in_a_handler_names_its_line),
        T(an_unknown_field_or_a_wrong_type_is_named_where_it_is_defined_with_a_hint),
        T(a_bad_field_is_named_once_on_its_own_line),
        T(a_misspelt_decorator_or_stat_is_named_with_a_hint_when_the_world_is_made),
        T(a_missing_dependency_is_named_with_where_it_was_looked_for),
        T(a_dependency_cycle_is_refused_and_shown_whole),
        T(a_dependency_older_than_needed_is_refused),
        T(a_pack_needing_a_newer_runtime_is_refused),
        T(two_packs_with_the_same_id_are_refused_as_dependency_or_loaded_both),
        T(a_pack_whose_id_differs_from_its_folder_is_refused),
        T(require_of_a_pack_that_is_not_a_dependency_is_refused),
        T(paths_out_of_the_pack_are_refused_in_require_and_in_the_load_list),
        T(os_io_debug_and_the_other_ways_out_are_absent_at_load),
        T(bytecode_is_refused_as_a_pack_file_as_pack_lua_and_through_load),
        T(an_endless_loop_at_load_is_stopped_by_the_budget),
        T(pcall_cannot_swallow_the_budget),
        T(a_memory_bomb_at_load_is_stopped_by_the_ceiling),
        cmocka_unit_test(a_stack_overflow_is_reported_at_its_line),
        T(a_gc_metamethod_is_refused),
        T(a_handler_failing_mid_beat_stops_that_beat_and_the_next_runs_whole),
        T(a_runaway_handler_is_stopped_and_the_world_steps_on),
        cmocka_unit_test(a_beat_of_many_calls_is_stopped_by_the_beat_s_budget),
        cmocka_unit_test(an_overrun_says_its_place_once_and_counts_no_more_than_the_budget),
        cmocka_unit_test(world_methods_are_added_unless_the_handle_has_the_name),
        T(a_data_only_enemy_runs_without_lua_calls_or_world_allocations),
        T(data_only_statuses_tick_without_lua_calls_or_world_allocations),
        T(pairs_and_next_visit_keys_in_the_same_order_in_every_lua_state),
        T(stepping_before_any_world_is_an_error_not_a_crash),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
