/*
 * seeds.c - makes the seed inputs that must come from cairn's own writers, so that they
 * follow the formats as those change: snapshots (cairn_world_snapshot of the restore
 * target's world), replays (cairn_session_record), saves (cairn_save_write) and the parts
 * of saved states (cairn_session_save_state) of short games of the base game and of the
 * tests' corridor pack.
 *
 *   fuzz_seeds DIR     writes DIR/restore/, DIR/replay/, DIR/save/ and DIR/state/
 *
 * CTest runs it before the targets' tests (fixture fuzz.seeds) and tools/fuzz before
 * fuzzing, each into its build folder; nothing it writes is kept in the repository.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cairn/save.h"
#include "fuzz.h"
#include "world.h"

static void make_dir(const char *dir)
{
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        fuzz_die("cannot make the folder %s: %s", dir, strerror(errno));
}

static void path_of(char *out, size_t size, const char *dir, const char *target, const char *name)
{
    if ((size_t)snprintf(out, size, "%s/%s/%s", dir, target, name) >= size)
        fuzz_die("the path %s/%s/%s is too long", dir, target, name);
}

static void write_snapshot(fuzz_world *fw, const char *dir, const char *name)
{
    const void *bytes;
    size_t size;
    char path[4096];
    if (cairn_world_snapshot(fw->w, &bytes, &size))
        fuzz_die("no snapshot: %s", cairn_world_error(fw->w));
    path_of(path, sizeof path, dir, "restore", name);
    fuzz_write_file(path, bytes, size);
}

/* The world as the seed maker draws it: at its start, with a stunned skeleton (a status
 * and the handler it hooked) two beats later, and after the stun wore off. */
static void make_snapshots(const char *dir)
{
    fuzz_world fw;
    fuzz_world_open(&fw);
    fuzz_world_populate(&fw);
    write_snapshot(&fw, dir, "start");
    cairn_entity_id skeleton;
    if (cairn_grid_at(fw.w, (cairn_cell){3, 3}, CAIRN_LAYER_REAL, &skeleton) ||
        cairn_status_apply(fw.w, skeleton, fw.stun, 4))
        fuzz_die("no stun: %s", cairn_world_error(fw.w));
    fuzz_world_play(&fw, 2);
    write_snapshot(&fw, dir, "stunned");
    fuzz_world_play(&fw, 4);
    write_snapshot(&fw, dir, "worn-off");
    fuzz_world_close(&fw);
}

static void ok(cairn_lua *h, cairn_err st, const char *what)
{
    if (st)
        fuzz_die("%s: %s", what, cairn_lua_error(h));
}

/* Writes the game the host plays as a replay and as a save, named after it. */
static void write_game(cairn_lua *h, const char *dir, const char *name)
{
    char file[256], path[4096];
    const char *text;
    ok(h, cairn_session_record(h, &text), "the replay");
    snprintf(file, sizeof file, "%s.txt", name);
    path_of(path, sizeof path, dir, "replay", file);
    fuzz_write_file(path, text, strlen(text));

    snprintf(file, sizeof file, "%s.sqlite", name);
    path_of(path, sizeof path, dir, "save", file);
    cairn_error err;
    if (cairn_save_remove(path, &err) || cairn_save_write(h, path, &err))
        fuzz_die("the save: %s", err.message);
}

/* The parts of the host's game state that the state target feeds one at a time, each after
 * the byte that says which it is (state.c). */
static void write_state_parts(cairn_lua *h, const char *dir, const char *name)
{
    cairn_session_state s;
    ok(h, cairn_session_save_state(h, &s), "the state");
    const struct {
        const char *part;
        cairn_session_bytes bytes;
    } parts[] = {
        {"session", s.session},
        {"world", s.world},
        {"entity", s.entity_count ? s.entities[0].data : (cairn_session_bytes){NULL, 0}},
    };
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        if (!parts[i].bytes.data)
            continue;
        char file[256], path[4096];
        snprintf(file, sizeof file, "%s-%s", name, parts[i].part);
        path_of(path, sizeof path, dir, "state", file);
        unsigned char *bytes = malloc(parts[i].bytes.size + 1);
        if (!bytes)
            fuzz_die("out of memory");
        bytes[0] = (unsigned char)i;
        memcpy(bytes + 1, parts[i].bytes.data, parts[i].bytes.size);
        fuzz_write_file(path, bytes, parts[i].bytes.size + 1);
        free(bytes);
    }
}

static void make_games(const char *dir)
{
    cairn_lua *h = fuzz_host();
    ok(h, cairn_session_start(h, "base:dungeon", 1), "the base game");
    for (int i = 0; i < 4; i++) {
        ok(h, cairn_session_bot(h, "explorer"), "the bot");
        ok(h, cairn_session_step(h, NULL), "a beat");
    }
    write_game(h, dir, "dungeon");
    fuzz_host_drop();

    h = fuzz_host();
    ok(h, cairn_session_start(h, "corridor:corridor", 2), "the corridor");
    for (int i = 0; i < 2; i++) {
        ok(h, cairn_session_input(h, "move", "e"), "an input");
        ok(h, cairn_session_step(h, NULL), "a beat");
    }
    write_game(h, dir, "corridor");
    write_state_parts(h, dir, "corridor");
    fuzz_host_drop();
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    char sub[4096];
    make_dir(dir);
    for (const char *const *t = (const char *const[]){"restore", "replay", "save", "state", NULL};
         *t; t++) {
        snprintf(sub, sizeof sub, "%s/%s", dir, *t);
        make_dir(sub);
    }
    make_snapshots(dir);
    make_games(dir);
    return 0;
}
