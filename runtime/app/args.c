/*
 * args.c - what the option parsers of cairn's commands and of cairn-bench share. See app.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

bool app_is_help(const char *arg)
{
    return !strcmp(arg, "--help") || !strcmp(arg, "-h");
}

/* Shared by the commands' option parsers: see app.h. */
bool app_parse_count(const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || *end || text[0] == '-')
        return false;
    *out = v;
    return true;
}

/* Shared by cairn play and cairn sim: see app.h. */
bool app_parse_seat_bot(app_seat_bots *b, const char *val, const char **why)
{
    const char *name = strchr(val, '=');
    if (!name) {
        b->every_seat = val;
    } else {
        char digits[8];
        size_t n = (size_t)(name - val);
        uint64_t seat = 0;
        if (n < sizeof digits) {
            memcpy(digits, val, n);
            digits[n] = '\0';
        }
        if (n >= sizeof digits || !app_parse_count(digits, &seat) || seat < 1 ||
            seat > APP_SEATS_MAX) {
            *why = "--bot takes NAME, or SEAT=NAME with a seat from 1 to 16";
            return false;
        }
        name++;
        b->seats[seat - 1] = name;
        val = name;
    }
    if (!*val) {
        *why = "--bot takes a bot's name";
        return false;
    }
    return true;
}

const char *app_seat_bot(const app_seat_bots *b, size_t seat)
{
    if (seat >= 1 && seat <= APP_SEATS_MAX && b->seats[seat - 1])
        return b->seats[seat - 1];
    return b->every_seat;
}
