/*
 * new.c - `cairn new DIR`: a pack to start from, written into a new folder whose name is the
 * pack's id: pack.lua, one enemy, one scenario test of it and a README. It passes `cairn check`
 * and `cairn test` as written (tests/e2e/cli.sh holds it to that), so a first mod begins from
 * something that works and changes one thing at a time.
 *
 * It never writes into a folder that exists, and takes back what it wrote when it cannot
 * finish, so a failed `cairn new` leaves nothing behind to trip the next one.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app.h"
#include "cairn/core.h"

#define USAGE      "usage: cairn new DIR\n"
#define PATH_SIZE  4096
#define ID_MAX     24 /* scripts/lua/packs.lua: a longer id is refused */
#define FILE_COUNT 4

/* What a pack is, which files run. {id}, {name} and {cairn} are filled in. The runtime
 * version wanted is the running one's MAJOR.MINOR, so the pack is never newer than cairn. */
static const char pack_lua[] =
    "-- pack.lua: what this pack is and which of its files run, in order. The id is the\n"
    "-- folder's name and the prefix of every name the pack defines ({id}:ghoul).\n"
    "return {\n"
    "  id = \"{id}\",\n"
    "  name = \"{name}\",\n"
    "  version = \"0.1.0\",\n"
    "  cairn = \"{cairn}\",\n"
    "  description = \"A new pack: one enemy and a test of it.\",\n"
    "  load = { \"ghoul.lua\" },\n"
    "}\n";

/* The enemy of docs/modding.md's chapter 2, so the guide explains every line of it. */
static const char ghoul_lua[] =
    "-- ghoul.lua: an enemy made of data only. It names built-in decorators, actions and movs,\n"
    "-- so it runs without calling Lua at all; add a Lua function only where no built-in\n"
    "-- does the job (docs/modding.md, chapter 5).\n"
    "cairn.entity {\n"
    "  name = \"ghoul\",\n"
    "  glyph = \"g\", -- how it shows in scenario maps and on the play screen\n"
    "  decorators = { \"Attacking\", \"Attackable\", \"Moving\", \"WithHP\", \"Killable\" },\n"
    "  -- A team of its own, and it hits only team 1 (the player's): by default an attack\n"
    "  -- hits every team, and ghouls side by side would bite each other.\n"
    "  stats = { hp = 3, damage = 2, team = 2, targets = { 1 } },\n"
    "  -- Its script, one step a beat, then again from the top: two beats of attacking the\n"
    "  -- next cell towards the player or stepping into it, then one of rest.\n"
    "  sequence = {\n"
    "    { action = \"attack_move\", movs = \"basic\", repeats = 2 },\n"
    "    { action = \"none\" },\n"
    "  },\n"
    "}\n";

/* The player's hp is read rather than written down, so the test holds whichever player `@`
 * is (the test kit's, or a dependency's). */
static const char test_lua[] =
    "-- A scenario test: the map makes a world, each character one entity (`g` the ghoul,\n"
    "-- `@` the player, `#` a wall); w:step runs beats and expect compares.\n"
    "test(\"a ghoul walks two cells, rests, and bites\", function()\n"
    "  local w = scenario { map = [[\n"
    "    #######\n"
    "    #@...g#\n"
    "    #######\n"
    "  ]] }\n"
    "  local player = w:at(1, 1)\n"
    "  local hp = player.hp\n"
    "  w:step(2)\n"
    "  expect.map(w, [[\n"
    "    #######\n"
    "    #@.g..#\n"
    "    #######\n"
    "  ]])\n"
    "  w:step() -- the rest\n"
    "  expect.map(w, [[\n"
    "    #######\n"
    "    #@.g..#\n"
    "    #######\n"
    "  ]])\n"
    "  w:step(2) -- one step, then a bite\n"
    "  expect.map(w, [[\n"
    "    #######\n"
    "    #@g...#\n"
    "    #######\n"
    "  ]])\n"
    "  expect.eq(player.hp, hp - 2, \"the player's hp after a bite of the ghoul's damage\")\n"
    "end)\n";

static const char readme_md[] =
    "# {name}\n"
    "\n"
    "A content pack for cairn, made by `cairn new`: a place to start from.\n"
    "\n"
    "- `pack.lua` says what the pack is and which files run. Its id, `{id}`, is the\n"
    "  folder's name: rename both together.\n"
    "- `ghoul.lua` defines an enemy, `{id}:ghoul`, in data only.\n"
    "- `tests/ghoul.lua` is a scenario test of it.\n"
    "\n"
    "From the folder that holds this one:\n"
    "\n"
    "```sh\n"
    "cairn check {id}   # every problem, one a line as pack:path:line: message\n"
    "cairn test {id}    # the tests, one line each, then N passed, N failed\n"
    "```\n"
    "\n"
    "cairn's modding guide (`docs/modding.md` in its source) goes on from here: handlers\n"
    "and statuses, choices the player can make, and building on the base game with\n"
    "`depends`. `docs/lua-api.md` is the reference, `docs/cli.md` the command line's.\n";

/* What is wrong with the id, or NULL: a pack id as scripts/lua/packs.lua takes it, and none that
 * the runtime or a bundled pack holds. Checked here so that a bad one is refused before
 * anything is written. */
static const char *id_problem(const char *id)
{
    size_t len = strlen(id);
    bool formed = len > 0 && len <= ID_MAX && islower((unsigned char)id[0]);
    for (size_t i = 0; formed && i < len; i++)
        formed = islower((unsigned char)id[i]) || isdigit((unsigned char)id[i]) || id[i] == '_';
    if (!formed)
        return "is not one: an id is 1 to 24 lower-case letters, digits and '_', starting "
               "with a letter";
    if (!strcmp(id, "test") || !strcmp(id, "scenario") || !strcmp(id, "cairn"))
        return "is the runtime's own (the test kit, loose scenario files, the runtime): "
               "choose another";
    if (!strcmp(id, "base"))
        return "is the bundled game's: choose another";
    return NULL;
}

/* The template with {id}, {name} and {cairn} replaced; the caller frees it. NULL when memory
 * runs out. */
static char *fill(const char *template, const char *const keys[3], const char *const values[3])
{
    size_t cap = strlen(template) + 1;
    for (const char *p = template; (p = strchr(p, '{')); p++)
        cap += 64; /* each value is at most a pack's name or a version */
    char *out = malloc(cap), *o = out;
    if (!out)
        return NULL;
    for (const char *p = template; *p;) {
        size_t k = 0;
        while (k < 3 && strncmp(p, keys[k], strlen(keys[k])))
            k++;
        if (k < 3) {
            o += snprintf(o, cap - (size_t)(o - out), "%s", values[k]);
            p += strlen(keys[k]);
        } else {
            *o++ = *p++;
        }
    }
    *o = '\0';
    return out;
}

typedef struct scaffold {
    char dir[PATH_SIZE];
    char paths[FILE_COUNT][PATH_SIZE];
    int written; /* files written, in the order of paths */
    bool tests_made;
} scaffold;

/* Takes back what was written: the files, then the folders, which are empty by then. */
static int undo(scaffold *s)
{
    while (s->written > 0)
        unlink(s->paths[--s->written]);
    if (s->tests_made) {
        char tests[PATH_SIZE + 8];
        snprintf(tests, sizeof tests, "%s/tests", s->dir);
        rmdir(tests);
    }
    rmdir(s->dir);
    return EXIT_FAILED;
}

static bool write_one(scaffold *s, const char *name, const char *text)
{
    /* Made apart, then kept: gcc cannot tell that two parts of *s do not overlap. */
    char made[PATH_SIZE];
    if (snprintf(made, sizeof made, "%s/%s", s->dir, name) >= PATH_SIZE) {
        fprintf(stderr, "cairn new: the path %s/%s is too long\n", s->dir, name);
        return false;
    }
    char *path = s->paths[s->written];
    memcpy(path, made, sizeof made);
    if (!text) {
        fprintf(stderr, "cairn new: out of memory\n");
        return false;
    }
    if (!app_write_file("new", path, text)) {
        unlink(path); /* opened, perhaps, and then cut short */
        return false;
    }
    s->written++;
    return true;
}

/* The files, each filled in; false, with a message printed, at the first that fails. */
static bool write_pack(scaffold *s, const char *id)
{
    char name[ID_MAX + 1], cairn[32];
    snprintf(name, sizeof name, "%s", id);
    for (char *c = name; *c; c++)
        if (*c == '_')
            *c = ' ';
    name[0] = (char)toupper((unsigned char)name[0]);
    /* MAJOR.MINOR of the running cairn: what `cairn = ...` in pack.lua compares with. */
    snprintf(cairn, sizeof cairn, "%s", cairn_version());
    char *dot = strchr(cairn, '.');
    if (dot && (dot = strchr(dot + 1, '.')))
        *dot = '\0';
    const char *const keys[3] = {"{id}", "{name}", "{cairn}"};
    const char *const values[3] = {id, name, cairn};
    static const struct {
        const char *name, *text;
    } files[FILE_COUNT] = {
        {"pack.lua", pack_lua},
        {"ghoul.lua", ghoul_lua},
        {"tests/ghoul.lua", test_lua},
        {"README.md", readme_md},
    };
    for (int i = 0; i < FILE_COUNT; i++) {
        char *text = fill(files[i].text, keys, values);
        bool ok = write_one(s, files[i].name, text);
        free(text);
        if (!ok)
            return false;
    }
    return true;
}

int cmd_new(int argc, char **argv)
{
    if (argc == 2 && app_is_help(argv[1])) {
        printf(USAGE "  DIR  the folder to make, which must not exist; its name is the pack's\n"
                     "       id: 1 to 24 lower-case letters, digits and '_', from a letter\n"
                     "writes pack.lua, ghoul.lua (an enemy), tests/ghoul.lua (a scenario test)\n"
                     "and README.md; `cairn check DIR` and `cairn test DIR` pass on them\n");
        return EXIT_OK;
    }
    if (argc != 2 || argv[1][0] == '-') {
        fputs(USAGE, stderr);
        return EXIT_USAGE;
    }
    scaffold s = {0};
    if (snprintf(s.dir, sizeof s.dir, "%s", argv[1]) >= PATH_SIZE - 32) {
        fprintf(stderr, "cairn new: the path %s is too long\n", argv[1]);
        return EXIT_USAGE;
    }
    /* "crypt/" is the folder crypt: its name is what follows the last slash. */
    size_t len = strlen(s.dir);
    while (len > 1 && s.dir[len - 1] == '/')
        s.dir[--len] = '\0';
    const char *slash = strrchr(s.dir, '/');
    const char *id = slash ? slash + 1 : s.dir;
    const char *problem = id_problem(id);
    if (problem) {
        fprintf(stderr, "cairn new: the folder's name is the pack's id, and '%s' %s\n", id,
                problem);
        return EXIT_USAGE;
    }
    if (mkdir(s.dir, 0777)) {
        if (errno == EEXIST)
            fprintf(stderr,
                    "cairn new: %s already exists; cairn new makes a new folder, "
                    "choose another\n",
                    s.dir);
        else
            fprintf(stderr, "cairn new: cannot make the folder %s: %s\n", s.dir, strerror(errno));
        return EXIT_FAILED;
    }
    char tests[PATH_SIZE + 8];
    snprintf(tests, sizeof tests, "%s/tests", s.dir);
    if (mkdir(tests, 0777)) {
        fprintf(stderr, "cairn new: cannot make the folder %s: %s\n", tests, strerror(errno));
        return undo(&s);
    }
    s.tests_made = true;
    if (!write_pack(&s, id))
        return undo(&s);
    printf("%s: a new pack, '%s'; try cairn check %s, then cairn test %s\n", s.dir, id, s.dir,
           s.dir);
    return EXIT_OK;
}
