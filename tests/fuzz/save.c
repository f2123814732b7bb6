/*
 * save.c - fuzz target: cairn_save_read (cairn/save.h) of a file holding the input's bytes,
 * into the host with the packs the seed saves were made with (the base game and the
 * corridor pack). A save it resumes must play on: the explorer bot takes one beat.
 *
 * The bytes go to a file because that is what the reader reads: SQLite opens it as it would
 * a player's save. What SQLite makes beside it (a journal, a write-ahead log) goes too.
 * The host is kept while inputs leave it untouched (SQLite refused them, or the host did
 * before making a world), and made again after one that made a world.
 */
#include <stdio.h>

#include "cairn/save.h"
#include "fuzz.h"

static void remove_save(const char *path)
{
    static const char *const companions[] = {"", "-journal", "-wal", "-shm"};
    for (size_t i = 0; i < sizeof companions / sizeof companions[0]; i++) {
        char name[300];
        snprintf(name, sizeof name, "%s%s", path, companions[i]);
        remove(name);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[256];
    if (!path[0])
        fuzz_temp_path("save.sqlite", path, sizeof path);
    cairn_lua *h = fuzz_host();
    fuzz_write_file(path, data, size);
    cairn_error err = {0};
    if (cairn_save_read(h, path, &err) == CAIRN_OK) {
        fuzz_note("resumed");
        cairn_session_end ended;
        if (cairn_session_bot(h, "explorer") == CAIRN_OK)
            cairn_session_step(h, &ended);
    } else if (!err.message[0]) {
        fuzz_die("a save was refused without saying why");
    } else {
        fuzz_note("cairn_save_read: %s", err.message);
    }
    remove_save(path);
    if (fuzz_host_changed())
        fuzz_host_drop();
    return 0;
}
