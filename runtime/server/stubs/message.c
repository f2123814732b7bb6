/* A stand-in for message.c until the real one is merged (runtime/server/README.md): finds the fields
 * it knows by their keys, with no validation worth the name. */
#include "message.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *types[] = {"",       "create", "join", "watch", "leave",   "choose", "answer",
                              "cancel", "undo",   "chat", "sync",  "history", "expire"};

/* The value after "key": in the text, or NULL. */
static const char *field(const char *text, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\"", key);
    const char *p = strstr(text, pat);
    if (!p)
        return NULL;
    p += strlen(pat);
    while (*p == ' ' || *p == ':')
        p++;
    return p;
}

static bool string_at(const char *p, char *out)
{
    if (!p || *p != '"')
        return false;
    p++;
    size_t n = 0;
    while (*p && *p != '"' && n + 1 < SRV_TEXT_MAX)
        out[n++] = *p++;
    out[n] = '\0';
    return *p == '"';
}

static int64_t int_field(const char *text, const char *key)
{
    const char *p = field(text, key);
    return p && (*p == '-' || (*p >= '0' && *p <= '9')) ? strtoll(p, NULL, 10) : -1;
}

int srv_msg_decode(const char *data, size_t len, srv_msg *out, char *why, size_t why_size)
{
    if (len > SRV_MESSAGE_MAX) {
        snprintf(why, why_size, "longer than %d bytes", SRV_MESSAGE_MAX);
        return SRV_CLOSE_OVERSIZED;
    }
    char text[SRV_MESSAGE_MAX + 1];
    memcpy(text, data, len);
    text[len] = '\0';
    memset(out, 0, sizeof *out);
    char t[SRV_TEXT_MAX];
    if (len < 2 || text[0] != '{' || !string_at(field(text, "t"), t)) {
        snprintf(why, why_size, "not a message");
        return SRV_CLOSE_MALFORMED;
    }
    for (size_t i = 1; i < sizeof types / sizeof types[0] - 1; i++)
        if (!strcmp(t, types[i]))
            out->type = (srv_msg_type)i;
    if (!out->type) {
        snprintf(why, why_size, "unknown type");
        return SRV_CLOSE_MALFORMED;
    }
    out->beat = int_field(text, "beat");
    out->seat = int_field(text, "seat");
    out->from = int_field(text, "from");
    out->to = int_field(text, "to");
    int64_t seed = int_field(text, "seed");
    out->has_seed = seed >= 0;
    out->seed = out->has_seed ? (uint64_t)seed : 0;
    string_at(field(text, "game"), out->game);
    const char *key = out->type == SRV_MSG_CHOOSE   ? "choice"
                      : out->type == SRV_MSG_ANSWER ? "answer"
                      : out->type == SRV_MSG_JOIN   ? "token"
                                                    : "text";
    string_at(field(text, key), out->text);
    const char *seats = out->type == SRV_MSG_CREATE ? field(text, "seats") : NULL;
    if (seats && *seats == '[') {
        for (const char *p = seats + 1; *p && *p != ']' && out->seat_count < SRV_SEATS_MAX;) {
            while (*p == ' ' || *p == ',')
                p++;
            if (*p == 'n') {
                out->bots[out->seat_count++][0] = '\0';
                p += 4;
            } else if (*p == '"') {
                string_at(p, out->bots[out->seat_count++]);
                p = strchr(p + 1, '"') + 1;
            } else {
                break;
            }
        }
    }
    return 0;
}

void srv_msg_encode(const srv_msg *m, srv_json *out)
{
    srv_json_object(out);
    srv_json_key(out, "t");
    srv_json_string(out, types[m->type]);
    srv_json_key(out, "beat");
    srv_json_int(out, m->beat);
    srv_json_key(out, "text");
    srv_json_string(out, m->text);
    srv_json_end_object(out);
}
