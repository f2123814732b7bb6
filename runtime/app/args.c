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
