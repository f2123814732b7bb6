/*
 * json.h - a JSON writer for the server's outgoing messages.
 *
 * One buffer, grown as needed and kept between messages (srv_json_reset), so that a server
 * in steady state writes its messages without allocating. Commas come by themselves: a
 * container remembers whether it holds an item yet, and a key makes the next value its own.
 * A failure (no memory, a container closed that was not open, nesting past the stack) sets
 * `failed`; every later call does nothing, and the caller checks once at the end.
 *
 * Strings are written as valid UTF-8 whatever they hold: a browser closes a WebSocket whose
 * text frame is not, so a byte that is not part of a well-formed UTF-8 sequence becomes
 * U+FFFD. The buffer is NUL-terminated after every call that succeeds (data[len] == 0).
 */
#ifndef CAIRN_SERVER_JSON_H
#define CAIRN_SERVER_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SRV_JSON_DEPTH 16

typedef struct srv_json {
    char *data;
    size_t len, cap;
    bool failed;
    /* The containers open, innermost last: whether each holds an item yet. */
    bool filled[SRV_JSON_DEPTH];
    size_t depth;
    bool keyed; /* a key was just written: the value that follows takes no comma */
} srv_json;

void srv_json_init(srv_json *j);
void srv_json_reset(srv_json *j);
void srv_json_free(srv_json *j);

void srv_json_object(srv_json *j);
void srv_json_end_object(srv_json *j);
void srv_json_array(srv_json *j);
void srv_json_end_array(srv_json *j);
void srv_json_key(srv_json *j, const char *key);
/* NULL writes null. */
void srv_json_string(srv_json *j, const char *s);
void srv_json_string_n(srv_json *j, const char *s, size_t n);
void srv_json_int(srv_json *j, int64_t v);
void srv_json_uint(srv_json *j, uint64_t v);
void srv_json_bool(srv_json *j, bool v);
void srv_json_null(srv_json *j);
/* An already encoded value, written as it is. */
void srv_json_raw(srv_json *j, const char *json, size_t n);

/* The length of the well-formed UTF-8 sequence that begins s (1 to 4 bytes, at most n), or 0
 * when none does: a stray continuation byte, an overlong form, a surrogate, a code point past
 * U+10FFFF or a sequence cut short. The reader of client messages checks strings with it. */
size_t srv_json_utf8(const char *s, size_t n);

#endif
