/*
 * manifest.c - fuzz target: a pack's manifest, pack.lua (scripts/lua/packs.lua), loaded through
 * cairn_lua_load_pack from a folder named fuzz that holds nothing else.
 *
 * Each input gets a fresh host with no pack loaded, so that no input finds a pack another
 * loaded (a pack already loaded is not loaded again: the fuzzer would stop seeing it). The
 * host's limits are tighter than the defaults, which only makes a runaway manifest an error
 * sooner: a budget of a million instructions, where a manifest needs a few hundred, and
 * 64 MiB. A manifest that depends on a bundled pack (base) loads it, slowly but rightly.
 */
#include <stdio.h>

#include "fuzz.h"

static const cairn_lua_config config = {
    .memory_limit = (size_t)64 << 20,
    .instruction_budget = 1000000,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char dir[256], file[300];
    if (!dir[0]) {
        fuzz_temp_dir("fuzz", dir, sizeof dir);
        snprintf(file, sizeof file, "%s/pack.lua", dir);
    }
    fuzz_write_file(file, data, size);
    cairn_lua *h;
    cairn_error err;
    if (cairn_lua_create(&config, &h, &err))
        fuzz_die("no host: %s", err.message);
    if (cairn_lua_load_pack(h, dir))
        fuzz_check_error(h, "cairn_lua_load_pack");
    else
        fuzz_note("loaded");
    cairn_lua_destroy(h);
    return 0;
}
