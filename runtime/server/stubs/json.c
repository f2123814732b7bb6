/* A stand-in for json.c until the real one is merged (runtime/server/README.md). */
#include "json.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void srv_json_init(srv_json *j)
{
    memset(j, 0, sizeof *j);
}

void srv_json_reset(srv_json *j)
{
    j->len = 0;
    j->depth = 0;
    j->failed = false;
    j->comma[0] = false;
}

void srv_json_free(srv_json *j)
{
    free(j->data);
    srv_json_init(j);
}

static void put(srv_json *j, const char *s, size_t n)
{
    if (j->len + n + 1 > j->cap) {
        size_t cap = j->cap ? j->cap * 2 : 256;
        while (cap < j->len + n + 1)
            cap *= 2;
        char *d = realloc(j->data, cap);
        if (!d) {
            j->failed = true;
            return;
        }
        j->data = d;
        j->cap = cap;
    }
    memcpy(j->data + j->len, s, n);
    j->len += n;
    j->data[j->len] = '\0';
}

static void value(srv_json *j)
{
    if (j->comma[j->depth])
        put(j, ",", 1);
    j->comma[j->depth] = true;
}

static void open_(srv_json *j, const char *c)
{
    value(j);
    put(j, c, 1);
    j->depth++;
    j->comma[j->depth] = false;
}

void srv_json_object(srv_json *j)
{
    open_(j, "{");
}
void srv_json_end_object(srv_json *j)
{
    j->depth--;
    put(j, "}", 1);
}
void srv_json_array(srv_json *j)
{
    open_(j, "[");
}
void srv_json_end_array(srv_json *j)
{
    j->depth--;
    put(j, "]", 1);
}

void srv_json_string_n(srv_json *j, const char *s, size_t n)
{
    value(j);
    put(j, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc[8];
        if (c == '"' || c == '\\') {
            esc[0] = '\\';
            esc[1] = (char)c;
            put(j, esc, 2);
        } else if (c < 0x20) {
            snprintf(esc, sizeof esc, "\\u%04x", c);
            put(j, esc, 6);
        } else {
            put(j, (const char *)&s[i], 1);
        }
    }
    put(j, "\"", 1);
}

void srv_json_key(srv_json *j, const char *key)
{
    srv_json_string(j, key);
    put(j, ":", 1);
    j->comma[j->depth] = false;
}

void srv_json_string(srv_json *j, const char *s)
{
    if (!s)
        srv_json_null(j);
    else
        srv_json_string_n(j, s, strlen(s));
}

void srv_json_int(srv_json *j, int64_t v)
{
    char b[32];
    value(j);
    put(j, b, (size_t)snprintf(b, sizeof b, "%" PRId64, v));
}

void srv_json_bool(srv_json *j, bool v)
{
    value(j);
    put(j, v ? "true" : "false", v ? 4 : 5);
}

void srv_json_null(srv_json *j)
{
    value(j);
    put(j, "null", 4);
}

void srv_json_raw(srv_json *j, const char *json, size_t n)
{
    value(j);
    put(j, json, n);
}
