/*
 * json.c - the JSON writer (json.h).
 */
#include <stdlib.h>
#include <string.h>

#include "json.h"

void srv_json_init(srv_json *j)
{
    memset(j, 0, sizeof *j);
}

void srv_json_reset(srv_json *j)
{
    j->len = 0;
    j->failed = false;
    j->depth = 0;
    j->keyed = false;
    if (j->data)
        j->data[0] = '\0';
}

void srv_json_free(srv_json *j)
{
    free(j->data);
    srv_json_init(j);
}

/* Room for n more bytes and the NUL after them. */
static bool reserve(srv_json *j, size_t n)
{
    if (j->failed)
        return false;
    if (n < j->cap - j->len)
        return true;
    size_t cap = j->cap ? j->cap : 256;
    while (n >= cap - j->len) {
        if (cap > SIZE_MAX / 2) {
            j->failed = true;
            return false;
        }
        cap *= 2;
    }
    char *data = realloc(j->data, cap);
    if (!data) {
        j->failed = true;
        return false;
    }
    j->data = data;
    j->cap = cap;
    return true;
}

static void put(srv_json *j, const char *s, size_t n)
{
    if (!reserve(j, n))
        return;
    memcpy(j->data + j->len, s, n);
    j->len += n;
    j->data[j->len] = '\0';
}

/* What comes before a value: a comma when its container already holds one, none after a key. */
static void begin_value(srv_json *j)
{
    if (j->keyed) {
        j->keyed = false;
        return;
    }
    if (j->depth == 0)
        return;
    if (j->filled[j->depth - 1])
        put(j, ",", 1);
    j->filled[j->depth - 1] = true;
}

static void open_container(srv_json *j, char c)
{
    begin_value(j);
    if (j->depth == SRV_JSON_DEPTH) {
        j->failed = true;
        return;
    }
    put(j, &c, 1);
    j->filled[j->depth++] = false;
}

static void close_container(srv_json *j, char c)
{
    if (j->depth == 0 || j->keyed) {
        j->failed = true;
        return;
    }
    j->depth--;
    put(j, &c, 1);
}

void srv_json_object(srv_json *j)
{
    open_container(j, '{');
}

void srv_json_end_object(srv_json *j)
{
    close_container(j, '}');
}

void srv_json_array(srv_json *j)
{
    open_container(j, '[');
}

void srv_json_end_array(srv_json *j)
{
    close_container(j, ']');
}

size_t srv_json_utf8(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    if (n == 0)
        return 0;
    if (u[0] < 0x80)
        return 1;
    size_t len;
    unsigned char lo = 0x80, hi = 0xbf; /* the range of the second byte */
    if (u[0] >= 0xc2 && u[0] <= 0xdf) {
        len = 2;
    } else if (u[0] >= 0xe0 && u[0] <= 0xef) {
        len = 3;
        if (u[0] == 0xe0)
            lo = 0xa0; /* overlong below */
        else if (u[0] == 0xed)
            hi = 0x9f; /* the surrogates above */
    } else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
        len = 4;
        if (u[0] == 0xf0)
            lo = 0x90;
        else if (u[0] == 0xf4)
            hi = 0x8f; /* past U+10FFFF above */
    } else {
        return 0;
    }
    if (n < len || u[1] < lo || u[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (u[i] < 0x80 || u[i] > 0xbf)
            return 0;
    return len;
}

/* The string's bytes between the quotes: runs of plain bytes copied at once, escapes for
 * the quote, the backslash and control characters, U+FFFD for what is not UTF-8. */
static void put_escaped(srv_json *j, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    static const char escaped[] = "\"\\\n\r\t", escapes[] = "\"\\nrt";
    size_t run = 0; /* start of the plain bytes not yet copied */
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            i++;
            continue;
        }
        size_t len = c < 0x80 ? 1 : srv_json_utf8(s + i, n - i);
        if (len > 1) {
            i += len;
            continue;
        }
        put(j, s + run, i - run);
        const char *named = c ? strchr(escaped, c) : NULL;
        if (named) {
            char e[2] = {'\\', escapes[named - escaped]};
            put(j, e, 2);
        } else if (c < 0x20) {
            char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            put(j, u, sizeof u);
        } else {
            put(j, "\xef\xbf\xbd", 3); /* U+FFFD */
        }
        i++;
        run = i;
    }
    put(j, s + run, n - run);
}

void srv_json_key(srv_json *j, const char *key)
{
    if (j->depth == 0 || j->keyed) {
        j->failed = true;
        return;
    }
    begin_value(j);
    put(j, "\"", 1);
    put_escaped(j, key, strlen(key));
    put(j, "\":", 2);
    j->keyed = true;
}

void srv_json_string_n(srv_json *j, const char *s, size_t n)
{
    if (!s) {
        srv_json_null(j);
        return;
    }
    begin_value(j);
    put(j, "\"", 1);
    put_escaped(j, s, n);
    put(j, "\"", 1);
}

void srv_json_string(srv_json *j, const char *s)
{
    srv_json_string_n(j, s, s ? strlen(s) : 0);
}

/* The decimal digits of v, written backwards from the end of buf; returns where they begin. */
static char *digits(uint64_t v, char *end)
{
    do {
        *--end = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return end;
}

void srv_json_uint(srv_json *j, uint64_t v)
{
    char buf[24];
    char *p = digits(v, buf + sizeof buf);
    begin_value(j);
    put(j, p, (size_t)(buf + sizeof buf - p));
}

void srv_json_int(srv_json *j, int64_t v)
{
    char buf[24];
    /* The magnitude as unsigned: -INT64_MIN does not fit an int64_t. */
    uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    char *p = digits(m, buf + sizeof buf);
    if (v < 0)
        *--p = '-';
    begin_value(j);
    put(j, p, (size_t)(buf + sizeof buf - p));
}

void srv_json_bool(srv_json *j, bool v)
{
    begin_value(j);
    if (v)
        put(j, "true", 4);
    else
        put(j, "false", 5);
}

void srv_json_null(srv_json *j)
{
    begin_value(j);
    put(j, "null", 4);
}

void srv_json_raw(srv_json *j, const char *json, size_t n)
{
    begin_value(j);
    put(j, json, n);
}
