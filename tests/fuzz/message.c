/*
 * message.c - fuzz target: a client's message, as the server reads it from a socket
 * (srv_msg_decode, runtime/server/message.c), and as the store reads one back from its log
 * (srv_msg_decode_logged).
 *
 * The bytes go to the decoders as they are, with their length: a frame is not a C string.
 * A message decoded is encoded again, and the encoding must decode to the same message; a
 * message refused must say why. Either broken is a crash.
 */
#include <string.h>

#include "fuzz.h"
#include "message.h"

typedef int (*decoder)(const char *, size_t, srv_msg *, char *, size_t);

static void check(decoder decode, const char *name, const uint8_t *data, size_t size)
{
    static srv_msg m, again;
    static srv_json json;
    char why[128];
    int rc = decode((const char *)data, size, &m, why, sizeof why);
    if (rc) {
        if (rc != SRV_CLOSE_MALFORMED && rc != SRV_CLOSE_OVERSIZED)
            fuzz_die("%s: close code %d", name, rc);
        if (!why[0])
            fuzz_die("%s: refused without a reason", name);
        fuzz_note("%s: refused (%d): %s", name, rc, why);
        return;
    }
    srv_json_reset(&json);
    srv_msg_encode(&m, &json);
    if (json.failed)
        fuzz_die("%s: the encoder failed", name);
    if (srv_msg_decode_logged(json.data, json.len, &again, why, sizeof why))
        fuzz_die("%s: its encoding %s is refused: %s", name, json.data, why);
    if (memcmp(&m, &again, sizeof m) != 0)
        fuzz_die("%s: its encoding %s decodes to another message", name, json.data);
    fuzz_note("%s: %s", name, json.data);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check(srv_msg_decode, "client", data, size);
    check(srv_msg_decode_logged, "log", data, size);
    return 0;
}
