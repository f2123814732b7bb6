/*
 * replay.c - fuzz target: a replay's text (scripts/session/replay.lua) through the host's API, as
 * `cairn replay` takes it: cairn_session_replay_packs (the packs it names that are not loaded),
 * then cairn_session_replay_start (parse, check the packs, start the game). No beat is played:
 * that is the game, not the replay's reader, and would make each input slow.
 *
 * The host (the base game and the corridor pack) is kept while inputs leave it untouched,
 * and made again after one that started a game.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cairn_lua *h = fuzz_host();
    char *text = fuzz_text(data, size);
    const char *const *dirs;
    size_t count;
    if (cairn_session_replay_packs(h, text, &dirs, &count) == CAIRN_OK) {
        for (size_t i = 0; i < count; i++)
            if (!dirs[i] || !dirs[i][0])
                fuzz_die("a replay names a pack in no folder");
    } else {
        fuzz_check_error(h, "cairn_session_replay_packs");
    }
    uint64_t beats;
    if (cairn_session_replay_start(h, text, &beats))
        fuzz_check_error(h, "cairn_session_replay_start");
    else
        fuzz_note("started a replay of %llu beats", (unsigned long long)beats);
    free(text);
    if (fuzz_host_changed())
        fuzz_host_drop();
    return 0;
}
