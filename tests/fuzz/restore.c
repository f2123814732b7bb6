/*
 * restore.c - fuzz target: cairn_world_restore (cairn/core.h) of bytes given as a snapshot,
 * into a fresh world of the definitions the snapshot needs (world.h), one per input.
 *
 * Bytes that are not a good snapshot must be refused with a message, and a world they give
 * must run. A world restored must also be what restores promise, exactly: its own snapshot
 * restores into another fresh world, which comes to the same bytes and the same checksum.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "world.h"

/* A copy of the world's snapshot (the world owns the bytes until its next snapshot). */
static unsigned char *snapshot(fuzz_world *fw, size_t *size)
{
    const void *bytes;
    if (cairn_world_snapshot(fw->w, &bytes, size))
        fuzz_die("a restored world cannot be snapshot: %s", cairn_world_error(fw->w));
    unsigned char *copy = malloc(*size ? *size : 1);
    if (!copy)
        fuzz_die("out of memory");
    memcpy(copy, bytes, *size);
    return copy;
}

static void check_restored_exactly(fuzz_world *a)
{
    size_t size, again_size;
    unsigned char *bytes = snapshot(a, &size);
    fuzz_world b;
    fuzz_world_open(&b);
    if (cairn_world_restore(b.w, bytes, size))
        fuzz_die("a restored world's snapshot is refused: %s", cairn_world_error(b.w));
    unsigned char *again = snapshot(&b, &again_size);
    if (again_size != size || memcmp(again, bytes, size))
        fuzz_die("a restored world's snapshot restores to other bytes");
    if (cairn_world_checksum(a->w) != cairn_world_checksum(b.w))
        fuzz_die("a restored world's snapshot restores to another checksum");
    free(again);
    free(bytes);
    fuzz_world_close(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_world fw;
    fuzz_world_open(&fw);
    if (cairn_world_restore(fw.w, data, size) == CAIRN_OK) {
        fuzz_note("restored");
        check_restored_exactly(&fw);
        fuzz_world_play(&fw, 3);
    } else if (!cairn_world_error(fw.w)[0]) {
        fuzz_die("a snapshot was refused without saying why");
    } else {
        fuzz_note("cairn_world_restore: %s", cairn_world_error(fw.w));
    }
    fuzz_world_close(&fw);
    return 0;
}
