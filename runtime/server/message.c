/*
 * message.c - the decoder and encoder of client messages (message.h).
 *
 * Decoding goes in two passes over the bytes, with nothing allocated. The first checks the
 * whole message is JSON the protocol accepts (an object, nesting at most SRV_DEPTH_MAX, no key
 * twice in an object, strings of UTF-8 without NUL) and notes where each field the protocol
 * knows begins. The second reads the fields the message's type uses from where they begin,
 * checking their types and ranges. So the order of the fields does not matter (`t` may come
 * last), and a field that only another type uses is checked as JSON and nothing more.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "message.h"

/* Keys in one object of a message: the protocol's messages have a dozen at most. */
#define KEYS_MAX 32

typedef enum field {
    F_T,
    F_GAME,
    F_SEED,
    F_PACKS,
    F_SEATS,
    F_SEAT,
    F_TOKEN,
    F_BEAT,
    F_CHOICE,
    F_ANSWERS,
    F_ANSWER,
    F_TEXT,
    F_FROM,
    F_TO,
    F_COUNT
} field;

static const char *const field_names[F_COUNT] = {
    "t",    "game",   "seed",    "packs",  "seats", "seat", "token",
    "beat", "choice", "answers", "answer", "text",  "from", "to",
};

static const char *const type_names[] = {
    [SRV_MSG_CREATE] = "create", [SRV_MSG_JOIN] = "join",       [SRV_MSG_WATCH] = "watch",
    [SRV_MSG_LEAVE] = "leave",   [SRV_MSG_CHOOSE] = "choose",   [SRV_MSG_ANSWER] = "answer",
    [SRV_MSG_CANCEL] = "cancel", [SRV_MSG_UNDO] = "undo",       [SRV_MSG_CHAT] = "chat",
    [SRV_MSG_SYNC] = "sync",     [SRV_MSG_HISTORY] = "history", [SRV_MSG_EXPIRE] = "expire",
};

#define TYPE_COUNT (sizeof type_names / sizeof type_names[0])

const char *srv_msg_type_name(srv_msg_type type)
{
    if ((size_t)type >= TYPE_COUNT)
        return NULL;
    return type_names[type];
}

typedef struct reader {
    const char *start, *p, *end;
    char *why;
    size_t why_size;
    bool failed;
    const char *fields[F_COUNT]; /* where each known field's value begins, or NULL */
} reader;

static bool fail(reader *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Notes why (the first failure only) and returns false, for `return fail(...)`. */
static bool fail(reader *r, const char *fmt, ...)
{
    if (!r->failed && r->why && r->why_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->why, r->why_size, fmt, ap);
        va_end(ap);
    }
    r->failed = true;
    return false;
}

static size_t offset(const reader *r)
{
    return (size_t)(r->p - r->start);
}

static void skip_space(reader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
        r->p++;
}

/* The next byte, or NUL at the end (a NUL in a message is never valid where a byte is
 * looked at, so it reads as the end). */
static char peek(const reader *r)
{
    return r->p < r->end ? *r->p : '\0';
}

static bool at_digit(const reader *r)
{
    return peek(r) >= '0' && peek(r) <= '9';
}

static bool expect(reader *r, char c)
{
    skip_space(r);
    if (peek(r) != c)
        return fail(r, "at byte %zu: expected '%c'", offset(r), c);
    r->p++;
    return true;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* The four hex digits of a \u escape at r->p. */
static bool read_hex4(reader *r, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int d = r->p < r->end ? hex_digit(*r->p) : -1;
        if (d < 0)
            return fail(r, "at byte %zu: a \\u escape needs four hex digits", offset(r));
        v = v * 16 + (unsigned)d;
        r->p++;
    }
    *out = v;
    return true;
}

/* The code point of a \u escape, r->p just past the "\u"; a surrogate pair is one. */
static bool read_escaped_code(reader *r, unsigned *out)
{
    size_t at = offset(r) - 2;
    unsigned hi = 0;
    if (!read_hex4(r, &hi))
        return false;
    if (hi >= 0xdc00 && hi <= 0xdfff)
        return fail(r, "at byte %zu: a lone low surrogate", at);
    if (hi >= 0xd800 && hi <= 0xdbff) {
        unsigned lo = 0;
        if (r->end - r->p < 2 || r->p[0] != '\\' || r->p[1] != 'u')
            return fail(r, "at byte %zu: a high surrogate without its low one", at);
        r->p += 2;
        if (!read_hex4(r, &lo))
            return false;
        if (lo < 0xdc00 || lo > 0xdfff)
            return fail(r, "at byte %zu: a high surrogate without its low one", at);
        hi = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
    }
    if (hi == 0)
        return fail(r, "at byte %zu: a NUL in a string", at);
    *out = hi;
    return true;
}

/* Writes code point c as UTF-8 into buf; returns its length. */
static size_t utf8_encode(unsigned c, char *buf)
{
    if (c < 0x80) {
        buf[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        buf[0] = (char)(0xc0 | c >> 6);
        buf[1] = (char)(0x80 | (c & 0x3f));
        return 2;
    }
    if (c < 0x10000) {
        buf[0] = (char)(0xe0 | c >> 12);
        buf[1] = (char)(0x80 | (c >> 6 & 0x3f));
        buf[2] = (char)(0x80 | (c & 0x3f));
        return 3;
    }
    buf[0] = (char)(0xf0 | c >> 18);
    buf[1] = (char)(0x80 | (c >> 12 & 0x3f));
    buf[2] = (char)(0x80 | (c >> 6 & 0x3f));
    buf[3] = (char)(0x80 | (c & 0x3f));
    return 4;
}

/* One escape, r->p just past its backslash, its bytes into seq. */
static bool read_escape(reader *r, char *seq, size_t *n)
{
    static const char escapes[] = "\"\\/bfnrt", escaped[] = "\"\\/\b\f\n\r\t";
    if (r->p == r->end)
        return fail(r, "at byte %zu: a string without its end", offset(r) - 1);
    char c = *r->p++;
    *n = 1;
    const char *named = c ? strchr(escapes, c) : NULL;
    if (named) {
        seq[0] = escaped[named - escapes];
        return true;
    }
    if (c != 'u')
        return fail(r, "at byte %zu: an unknown escape", offset(r) - 2);
    unsigned code = 0;
    if (!read_escaped_code(r, &code))
        return false;
    *n = utf8_encode(code, seq);
    return true;
}

/* A string at r->p (after spaces), its bytes decoded into buf when buf is given (at most
 * cap - 1 of them, then a NUL; more is a failure naming what). */
static bool read_string(reader *r, char *buf, size_t cap, const char *what)
{
    if (!expect(r, '"'))
        return false;
    size_t at = offset(r) - 1, len = 0;
    for (;;) {
        if (r->p >= r->end)
            return fail(r, "at byte %zu: a string without its end", at);
        char seq[4];
        size_t n;
        unsigned char c = (unsigned char)*r->p;
        if (c == '"') {
            r->p++;
            break;
        } else if (c == '\\') {
            r->p++;
            if (!read_escape(r, seq, &n))
                return false;
        } else if (c < 0x20) {
            return fail(r, "at byte %zu: a control character in a string", offset(r));
        } else {
            n = srv_json_utf8(r->p, (size_t)(r->end - r->p));
            if (!n)
                return fail(r, "at byte %zu: a string that is not UTF-8", offset(r));
            memcpy(seq, r->p, n);
            r->p += n;
        }
        if (buf) {
            if (len + n >= cap)
                return fail(r, "%s is longer than %zu bytes", what, cap - 1);
            memcpy(buf + len, seq, n);
        }
        len += n;
    }
    if (buf)
        buf[len] = '\0';
    return true;
}

/* A number of JSON's grammar, whatever its value. */
static bool skip_number(reader *r)
{
    size_t at = offset(r);
    if (peek(r) == '-')
        r->p++;
    if (peek(r) == '0') {
        r->p++;
    } else if (at_digit(r)) {
        while (at_digit(r))
            r->p++;
    } else {
        return fail(r, "at byte %zu: not a value", at);
    }
    if (peek(r) == '.') {
        r->p++;
        if (!at_digit(r))
            return fail(r, "at byte %zu: a number without digits after its point", at);
        while (at_digit(r))
            r->p++;
    }
    if (peek(r) == 'e' || peek(r) == 'E') {
        r->p++;
        if (peek(r) == '+' || peek(r) == '-')
            r->p++;
        if (!at_digit(r))
            return fail(r, "at byte %zu: a number without digits in its exponent", at);
        while (at_digit(r))
            r->p++;
    }
    return true;
}

static bool skip_word(reader *r, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
        return fail(r, "at byte %zu: not a value", offset(r));
    r->p += n;
    return true;
}

static bool skip_value(reader *r, int depth);

/* Where a container's items go on: its end (`close`, taken: *done) or a comma before the next
 * item. Also at its start, where the end may come at once. */
static bool go_on(reader *r, char close, bool first, bool *done)
{
    skip_space(r);
    *done = peek(r) == close;
    if (*done) {
        r->p++;
        return true;
    }
    return first || expect(r, ',');
}

/* Whether the key that begins at `key` was given before it in its object (at keys[0..n]). */
static bool repeated_key(reader *r, const char *const *keys, size_t n, const char *key)
{
    char a[SRV_TEXT_MAX], b[SRV_TEXT_MAX];
    reader k = *r;
    k.p = key;
    read_string(&k, a, sizeof a, "a key");
    for (size_t i = 0; i < n; i++) {
        k.p = keys[i];
        read_string(&k, b, sizeof b, "a key");
        if (strcmp(a, b) == 0)
            return true;
    }
    return false;
}

/* An object at r->p, '{' next. At the top (depth 1) the known fields' values are noted. */
static bool skip_object(reader *r, int depth)
{
    const char *keys[KEYS_MAX];
    size_t n = 0;
    bool done;
    r->p++;
    for (bool first = true; go_on(r, '}', first, &done); first = false) {
        if (done)
            return true;
        char key[SRV_TEXT_MAX];
        skip_space(r);
        const char *at = r->p;
        if (!read_string(r, key, sizeof key, "a key"))
            return false;
        if (n == KEYS_MAX)
            return fail(r, "an object with more than %d keys", KEYS_MAX);
        if (repeated_key(r, keys, n, at))
            return fail(r, "at byte %zu: a key given twice", (size_t)(at - r->start));
        keys[n++] = at;
        if (!expect(r, ':'))
            return false;
        skip_space(r);
        if (depth == 1)
            for (int f = 0; f < F_COUNT; f++)
                if (strcmp(key, field_names[f]) == 0)
                    r->fields[f] = r->p;
        if (!skip_value(r, depth))
            return false;
    }
    return false;
}

static bool skip_array(reader *r, int depth)
{
    bool done;
    r->p++;
    for (bool first = true; go_on(r, ']', first, &done); first = false) {
        if (done)
            return true;
        if (!skip_value(r, depth))
            return false;
    }
    return false;
}

/* A value inside a container at `depth`. */
static bool skip_value(reader *r, int depth)
{
    skip_space(r);
    switch (peek(r)) {
    case '{':
    case '[':
        if (depth == SRV_DEPTH_MAX)
            return fail(r, "at byte %zu: nested deeper than %d", offset(r), SRV_DEPTH_MAX);
        return peek(r) == '{' ? skip_object(r, depth + 1) : skip_array(r, depth + 1);
    case '"':
        return read_string(r, NULL, 0, NULL);
    case 't':
        return skip_word(r, "true");
    case 'f':
        return skip_word(r, "false");
    case 'n':
        return skip_word(r, "null");
    default:
        return skip_number(r);
    }
}

/* The first pass: the message is one object of valid JSON, nothing after it. */
static bool check_json(reader *r)
{
    skip_space(r);
    if (peek(r) != '{')
        return fail(r, "a message is a JSON object");
    if (!skip_object(r, 1))
        return false;
    skip_space(r);
    if (r->p != r->end)
        return fail(r, "at byte %zu: more after the message's object", offset(r));
    return true;
}

/* The second pass: a field's value, where the first pass noted it begins. */

static bool read_text(reader *r, field f, bool required, char *buf, size_t cap)
{
    r->p = r->fields[f];
    if (!r->p) {
        if (required)
            return fail(r, "%s is missing", field_names[f]);
        return true;
    }
    if (peek(r) != '"')
        return fail(r, "%s must be a string", field_names[f]);
    if (!read_string(r, buf, cap, field_names[f]))
        return false;
    if (required && !buf[0])
        return fail(r, "%s is empty", field_names[f]);
    return true;
}

/* An integer at r->p (checked as a number by the first pass): its magnitude and sign. */
static bool read_integer(reader *r, const char *name, uint64_t *magnitude, bool *negative)
{
    *negative = peek(r) == '-';
    if (*negative)
        r->p++;
    if (!at_digit(r))
        return fail(r, "%s must be an integer", name);
    uint64_t v = 0;
    bool overflow = false;
    while (at_digit(r)) {
        unsigned d = (unsigned)(*r->p++ - '0');
        if (v > (UINT64_MAX - d) / 10)
            overflow = true;
        v = v * 10 + d;
    }
    if (peek(r) == '.' || peek(r) == 'e' || peek(r) == 'E')
        return fail(r, "%s must be an integer", name);
    if (overflow)
        return fail(r, "%s is out of range", name);
    *magnitude = v;
    return true;
}

/* An integer field from 0 to max; left as it is when absent. */
static bool read_count(reader *r, field f, int64_t max, int64_t *out)
{
    r->p = r->fields[f];
    if (!r->p)
        return true;
    uint64_t v = 0;
    bool negative;
    if (!read_integer(r, field_names[f], &v, &negative))
        return false;
    if ((negative && v) || v > (uint64_t)max)
        return fail(r, "%s must be from 0 to %lld", field_names[f], (long long)max);
    *out = (int64_t)v;
    return true;
}

static bool read_seed(reader *r, srv_msg *m)
{
    r->p = r->fields[F_SEED];
    if (!r->p)
        return true;
    bool negative;
    if (!read_integer(r, "seed", &m->seed, &negative))
        return false;
    if (negative && m->seed)
        return fail(r, "seed must not be negative");
    m->has_seed = true;
    return true;
}

/* An array of strings (at most max, each non-empty); with `nulls`, null stands for "". */
static bool read_texts(reader *r, field f, char (*out)[SRV_TEXT_MAX], size_t max, size_t *count,
                       bool nulls)
{
    const char *name = field_names[f];
    r->p = r->fields[f];
    if (!r->p)
        return true;
    if (peek(r) != '[')
        return fail(r, "%s must be an array", name);
    bool done;
    r->p++;
    for (bool first = true; go_on(r, ']', first, &done); first = false) {
        if (done)
            return true;
        skip_space(r);
        if (*count == max)
            return fail(r, "%s has more than %zu items", name, max);
        if (nulls && peek(r) == 'n') {
            r->p += 4;
        } else if (peek(r) != '"') {
            return fail(r, nulls ? "%s holds strings or null" : "%s holds strings", name);
        } else {
            if (!read_string(r, out[*count], SRV_TEXT_MAX, name))
                return false;
            if (!nulls && !out[*count][0])
                return fail(r, "%s holds an empty string", name);
        }
        ++*count;
    }
    return false;
}

static bool read_type(reader *r, bool logged, srv_msg *m)
{
    char t[SRV_TEXT_MAX];
    if (!read_text(r, F_T, true, t, sizeof t))
        return false;
    for (size_t i = 1; i < TYPE_COUNT; i++)
        if (strcmp(t, type_names[i]) == 0 && (logged || i != SRV_MSG_EXPIRE)) {
            m->type = (srv_msg_type)i;
            return true;
        }
    return fail(r, "unknown type");
}

static bool read_fields(reader *r, srv_msg *m)
{
    switch (m->type) {
    case SRV_MSG_CREATE:
        return read_text(r, F_GAME, true, m->game, sizeof m->game) && read_seed(r, m) &&
               read_texts(r, F_PACKS, m->packs, SRV_PACKS_MAX, &m->pack_count, false) &&
               read_texts(r, F_SEATS, m->bots, SRV_SEATS_MAX, &m->seat_count, true);
    case SRV_MSG_JOIN:
        return read_text(r, F_GAME, true, m->game, sizeof m->game) &&
               read_count(r, F_SEAT, SRV_SEATS_MAX, &m->seat) &&
               read_text(r, F_TOKEN, false, m->text, sizeof m->text);
    case SRV_MSG_WATCH:
        return read_text(r, F_GAME, true, m->game, sizeof m->game) &&
               read_count(r, F_SEAT, SRV_SEATS_MAX, &m->seat);
    case SRV_MSG_CHOOSE:
        return read_count(r, F_BEAT, INT64_MAX, &m->beat) &&
               read_text(r, F_CHOICE, true, m->text, sizeof m->text) &&
               read_texts(r, F_ANSWERS, m->answers, SRV_ANSWERS_MAX, &m->answer_count, false);
    case SRV_MSG_ANSWER:
        return read_count(r, F_BEAT, INT64_MAX, &m->beat) &&
               read_text(r, F_ANSWER, true, m->text, sizeof m->text);
    case SRV_MSG_CANCEL:
    case SRV_MSG_UNDO:
    case SRV_MSG_EXPIRE:
        return read_count(r, F_BEAT, INT64_MAX, &m->beat);
    case SRV_MSG_CHAT:
        return read_text(r, F_TEXT, true, m->text, SRV_CHAT_MAX + 1);
    case SRV_MSG_HISTORY:
        return read_count(r, F_FROM, INT64_MAX, &m->from) && read_count(r, F_TO, INT64_MAX, &m->to);
    case SRV_MSG_LEAVE:
    case SRV_MSG_SYNC:
        return true;
    }
    return fail(r, "unknown type");
}

static int decode(const char *data, size_t len, bool logged, srv_msg *out, char *why,
                  size_t why_size)
{
    memset(out, 0, sizeof *out);
    out->beat = out->seat = out->from = out->to = -1;
    if (why && why_size)
        why[0] = '\0';
    reader r = {.start = data, .p = data, .end = data + len, .why = why, .why_size = why_size};
    if (len > SRV_MESSAGE_MAX) {
        fail(&r, "a message of %zu bytes, over %d", len, SRV_MESSAGE_MAX);
        return SRV_CLOSE_OVERSIZED;
    }
    if (!check_json(&r) || !read_type(&r, logged, out) || !read_fields(&r, out)) {
        srv_msg_type type = out->type;
        memset(out, 0, sizeof *out);
        out->type = type;
        out->beat = out->seat = out->from = out->to = -1;
        return SRV_CLOSE_MALFORMED;
    }
    return 0;
}

int srv_msg_decode(const char *data, size_t len, srv_msg *out, char *why, size_t why_size)
{
    return decode(data, len, false, out, why, why_size);
}

int srv_msg_decode_logged(const char *data, size_t len, srv_msg *out, char *why, size_t why_size)
{
    return decode(data, len, true, out, why, why_size);
}

static void encode_texts(srv_json *j, const char *key, const char (*texts)[SRV_TEXT_MAX], size_t n,
                         bool nulls)
{
    srv_json_key(j, key);
    srv_json_array(j);
    for (size_t i = 0; i < n; i++)
        srv_json_string(j, nulls && !texts[i][0] ? NULL : texts[i]);
    srv_json_end_array(j);
}

static void encode_number(srv_json *j, const char *key, int64_t v)
{
    if (v < 0)
        return;
    srv_json_key(j, key);
    srv_json_int(j, v);
}

static void encode_text(srv_json *j, const char *key, const char *text)
{
    srv_json_key(j, key);
    srv_json_string(j, text);
}

void srv_msg_encode(const srv_msg *m, srv_json *out)
{
    const char *type = srv_msg_type_name(m->type);
    srv_json_object(out);
    encode_text(out, "t", type ? type : "");
    switch (m->type) {
    case SRV_MSG_CREATE:
        encode_text(out, "game", m->game);
        if (m->has_seed) {
            srv_json_key(out, "seed");
            srv_json_uint(out, m->seed);
        }
        if (m->pack_count)
            encode_texts(out, "packs", m->packs, m->pack_count, false);
        if (m->seat_count)
            encode_texts(out, "seats", m->bots, m->seat_count, true);
        break;
    case SRV_MSG_JOIN:
        encode_text(out, "game", m->game);
        encode_number(out, "seat", m->seat);
        if (m->text[0])
            encode_text(out, "token", m->text);
        break;
    case SRV_MSG_WATCH:
        encode_text(out, "game", m->game);
        encode_number(out, "seat", m->seat);
        break;
    case SRV_MSG_CHOOSE:
        encode_number(out, "beat", m->beat);
        encode_text(out, "choice", m->text);
        if (m->answer_count)
            encode_texts(out, "answers", m->answers, m->answer_count, false);
        break;
    case SRV_MSG_ANSWER:
        encode_number(out, "beat", m->beat);
        encode_text(out, "answer", m->text);
        break;
    case SRV_MSG_CANCEL:
    case SRV_MSG_UNDO:
    case SRV_MSG_EXPIRE:
        encode_number(out, "beat", m->beat);
        break;
    case SRV_MSG_CHAT:
        encode_text(out, "text", m->text);
        break;
    case SRV_MSG_HISTORY:
        encode_number(out, "from", m->from);
        encode_number(out, "to", m->to);
        break;
    case SRV_MSG_LEAVE:
    case SRV_MSG_SYNC:
        break;
    }
    srv_json_end_object(out);
}
