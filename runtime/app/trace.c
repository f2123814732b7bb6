/*
 * trace.c - `cairn trace FILE --html OUT`: the trace that `sim --trace` or `replay --trace`
 * wrote, as one page that works offline (trace.html, with the trace inside it), and
 * `cairn trace FILE --map K`: the map of beat K as text, the same rows the page shows.
 * The format is in docs/tracing.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "trace_page.h"

#define USAGE "usage: cairn trace FILE (--html OUT | --map K)\n"

static int usage(const char *why)
{
    if (why)
        fprintf(stderr, "cairn trace: %s\n", why);
    fputs(USAGE, stderr);
    return EXIT_USAGE;
}

static int help(void)
{
    printf(USAGE "  --html OUT  write the trace as one page (no network needed): the map at any\n"
                 "              beat, and a click on an entity shows its action's events and\n"
                 "              what each handler did\n"
                 "  --map K     print the map of beat K, a row a line\n");
    return EXIT_OK;
}

/* The page, with the trace's text where the template says. A "</" in the trace (there is
 * none in what cairn writes: it escapes '<') would end the script element early: it goes in
 * as "<\/", which means the same inside a JSON string. */
static int write_page(const char *path, const char *trace, const char *out)
{
    static const char mark[] = "/*TRACE*/";
    const char *at = strstr(trace_page, mark);
    FILE *f = fopen(out, "w");
    if (!f || !at) {
        fprintf(stderr, "cairn trace: cannot write %s\n", out);
        if (f)
            fclose(f);
        return EXIT_FAILED;
    }
    fwrite(trace_page, 1, (size_t)(at - trace_page), f);
    for (const char *p = trace; *p; p++) {
        if (p[0] == '<' && p[1] == '/')
            fputs("<\\", f);
        else
            fputc(*p, f);
    }
    fputs(at + sizeof mark - 1, f);
    bool ok = !ferror(f);
    if (fclose(f) != 0 || !ok) {
        fprintf(stderr, "cairn trace: cannot write %s\n", out);
        return EXIT_FAILED;
    }
    (void)path;
    return EXIT_OK;
}

/* --- --map: the rows of one beat, from the deltas of the beats up to it ------------------- */

/* Reads the JSON string at *p (past its opening quote) into out (cap bytes), leaving *p past
 * its closing quote. Only the escapes cairn writes are expected; others are kept as they
 * are. */
static void read_string(const char **p, char *out, size_t cap)
{
    size_t n = 0;
    const char *s = *p;
    while (*s && *s != '"') {
        char c = *s++;
        if (c == '\\' && *s) {
            char e = *s++;
            if (e == 'n')
                c = '\n';
            else if (e == 't')
                c = '\t';
            else if (e == 'u' && strlen(s) >= 4) {
                c = (char)strtol((char[]){s[0], s[1], s[2], s[3], 0}, NULL, 16);
                s += 4;
            } else
                c = e;
        }
        if (n + 1 < cap)
            out[n++] = c;
    }
    out[n] = '\0';
    *p = *s ? s + 1 : s;
}

/* Applies the rows of the object after `key` in the beat's line to rows[height]. */
static bool apply_rows(const char *line, const char *key, char **rows, long height)
{
    const char *p = strstr(line, key);
    if (!p)
        return false;
    p += strlen(key);
    while (*p == '"') {
        long y = strtol(p + 1, (char **)&p, 10);
        if (strncmp(p, "\":\"", 3) != 0 || y < 0 || y >= height)
            return false;
        p += 3;
        size_t cap = strlen(p) + 1;
        char *row = malloc(cap);
        if (!row)
            return false;
        read_string(&p, row, cap);
        free(rows[y]);
        rows[y] = row;
        if (*p == ',')
            p++;
    }
    return true;
}

static int print_map(const char *path, char *trace, const char *beat_text)
{
    uint64_t want;
    if (!app_parse_count(beat_text, &want) || want == 0)
        return usage("--map takes a beat number, 1 or more");
    char **rows = NULL;
    long height = 0;
    bool found = false;
    for (char *line = strtok(trace, "\n"); line && !found; line = strtok(NULL, "\n")) {
        if (strncmp(line, "{\"kind\":\"beat\",\"beat\":", 22) != 0)
            continue;
        unsigned long long beat = strtoull(line + 22, NULL, 10);
        const char *map = strstr(line, ",\"map\":{\"width\":");
        if (!map)
            continue;
        const char *h = strstr(map, "\"height\":");
        long new_height = h ? strtol(h + 9, NULL, 10) : 0;
        if (new_height != height) {
            for (long y = 0; y < height; y++)
                free(rows[y]);
            free(rows);
            height = new_height;
            rows = calloc((size_t)(height > 0 ? height : 1), sizeof *rows);
            if (!rows) {
                fprintf(stderr, "cairn trace: out of memory\n");
                return EXIT_FAILED;
            }
        }
        if (!apply_rows(map, "\"glyphs\":{", rows, height)) {
            fprintf(stderr, "cairn trace: %s: beat %llu's map cannot be read\n", path, beat);
            break;
        }
        found = beat == want;
    }
    if (found)
        for (long y = 0; y < height; y++)
            printf("%s\n", rows[y] ? rows[y] : "");
    else
        fprintf(stderr, "cairn trace: %s has no beat %s\n", path, beat_text);
    for (long y = 0; y < height; y++)
        free(rows[y]);
    free(rows);
    return found ? EXIT_OK : EXIT_FAILED;
}

int cmd_trace(int argc, char **argv)
{
    const char *file = NULL, *html = NULL, *map = NULL;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h"))
            return help();
        if (!strcmp(arg, "--html") || !strcmp(arg, "--map")) {
            if (i + 1 == argc)
                return usage(arg[2] == 'h' ? "--html needs a file" : "--map needs a beat");
            *(arg[2] == 'h' ? &html : &map) = argv[++i];
        } else if (arg[0] == '-' || file) {
            return usage(NULL);
        } else {
            file = arg;
        }
    }
    if (!file)
        return usage("a trace file is needed");
    if (!html == !map)
        return usage("give one of --html and --map");
    char *trace = app_read_file("trace", file, NULL);
    if (!trace)
        return EXIT_FAILED;
    if (strncmp(trace, "{\"kind\":\"trace\"", 15) != 0) {
        fprintf(stderr, "cairn trace: %s is not a trace (its first line is no trace header)\n",
                file);
        free(trace);
        return EXIT_FAILED;
    }
    int st = html ? write_page(file, trace, html) : print_map(file, trace, map);
    free(trace);
    return st;
}
