/*
 * bench_svg.c - `cairn-bench --svg FILE`: the chase's results as a picture, a self-contained
 * SVG written as plain text. Two panels: ns per entity-beat against N (N on a log scale), a
 * line per variant; then each variant's speed as a share of the data-only variant (a) at the
 * same N, the side-by-side ratios. Nothing is measured here: only bench.c reads the clock.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"

#define WIDTH  720
#define PANEL  330 /* one panel's height */
#define LEFT   80
#define RIGHT  150 /* room for the legend */
#define TOP    40
#define BOTTOM 50

static const char *const colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};

typedef struct axes {
    int top;               /* the panel's plot area, in pixels */
    double log_lo, log_hi; /* N's decades */
    double y_hi, y_step;   /* the value axis, from 0 */
} axes;

static double x_of(const axes *a, long n)
{
    double plot = WIDTH - LEFT - RIGHT;
    return LEFT + plot * (log10((double)n) - a->log_lo) / (a->log_hi - a->log_lo);
}

static double y_of(const axes *a, double v)
{
    double plot = PANEL - TOP - BOTTOM;
    return a->top + plot - plot * v / a->y_hi;
}

/* A round step (1, 2 or 5 times a power of ten) giving about five ticks up to `max`. */
static double tick_step(double max)
{
    double raw = max / 5, power = pow(10, floor(log10(raw)));
    double m = raw / power;
    return power * (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10);
}

static void draw_axes(FILE *f, const axes *a, const char *title, const char *y_label)
{
    int bottom = a->top + PANEL - TOP - BOTTOM;
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"15\" font-weight=\"bold\">%s</text>\n", LEFT,
            a->top - 15, title);
    fprintf(f,
            "<text transform=\"translate(18,%d) rotate(-90)\" text-anchor=\"middle\">%s</text>\n",
            (a->top + bottom) / 2, y_label);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">N (enemies)</text>\n",
            (LEFT + WIDTH - RIGHT) / 2, bottom + 38);
    /* Counted, not summed, so that the labels stay round. */
    for (int k = 0; k * a->y_step <= a->y_hi + a->y_step / 2; k++) {
        double v = k * a->y_step, y = y_of(a, v);
        fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", LEFT, y,
                WIDTH - RIGHT, y);
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", LEFT - 6, y + 4, v);
    }
    for (double d = a->log_lo; d <= a->log_hi + 0.5; d++) {
        double x = x_of(a, lround(pow(10, d)));
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n", x,
                a->top, x, bottom);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.0f</text>\n", x, bottom + 18,
                pow(10, d));
    }
    fprintf(f,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#000\"/>\n",
            LEFT, a->top, WIDTH - LEFT - RIGHT, bottom - a->top);
}

/* The value one point shows in its panel: ns per entity-beat, or speed as a share of (a)'s. */
static double value_of(const bench_point *ps, size_t count, size_t i, bool ratio)
{
    if (!ratio)
        return ps[i].ns_per_entity_beat;
    for (size_t j = 0; j < count; j++)
        if (ps[j].variant == 'a' && ps[j].n == ps[i].n && ps[i].ns_per_entity_beat > 0)
            return ps[j].ns_per_entity_beat / ps[i].ns_per_entity_beat;
    return -1; /* no (a) at that N */
}

/* One polyline per variant, in the order they were measured, and its line in the legend. */
static void draw_lines(FILE *f, const axes *a, const bench_point *ps, size_t count, bool ratio)
{
    char seen[8] = {0};
    size_t lines = 0;
    for (size_t i = 0; i < count && lines < sizeof seen - 1; i++) {
        char key = ps[i].variant;
        if (strchr(seen, key))
            continue;
        seen[lines] = key;
        const char *colour = colours[lines % (sizeof colours / sizeof colours[0])];
        fprintf(f,
                "<polyline class=\"variant-%c\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
                "points=\"",
                key, colour);
        for (size_t j = i; j < count; j++) {
            double v = value_of(ps, count, j, ratio);
            if (ps[j].variant == key && v >= 0)
                fprintf(f, "%.1f,%.1f ", x_of(a, ps[j].n), y_of(a, v));
        }
        fputs("\"/>\n", f);
        /* A dot at each measure: a variant measured at one N alone is still seen. */
        for (size_t j = i; j < count; j++) {
            double v = value_of(ps, count, j, ratio);
            if (ps[j].variant == key && v >= 0)
                fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n",
                        x_of(a, ps[j].n), y_of(a, v), colour);
        }
        int ly = a->top + 10 + 20 * (int)lines;
        fprintf(
            f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n",
            WIDTH - RIGHT + 12, ly, WIDTH - RIGHT + 36, ly, colour);
        fprintf(f, "<text x=\"%d\" y=\"%d\">(%c) %s</text>\n", WIDTH - RIGHT + 42, ly + 4, key,
                ps[i].label);
        lines++;
    }
}

static void panel(FILE *f, const bench_point *ps, size_t count, int top, bool ratio)
{
    axes a = {.top = top, .log_lo = INFINITY, .log_hi = -INFINITY};
    double max = 0;
    for (size_t i = 0; i < count; i++) {
        double d = log10((double)ps[i].n), v = value_of(ps, count, i, ratio);
        a.log_lo = fmin(a.log_lo, floor(d));
        a.log_hi = fmax(a.log_hi, ceil(d));
        max = fmax(max, v);
    }
    if (a.log_hi <= a.log_lo)
        a.log_hi = a.log_lo + 1;
    a.y_step = tick_step(max > 0 ? max : 1);
    a.y_hi = a.y_step * ceil((max > 0 ? max : 1) / a.y_step);
    if (ratio)
        draw_axes(f, &a, "Speed as a share of (a) data-only, side by side", "speed / speed of (a)");
    else
        draw_axes(f, &a, "ns per entity-beat against N", "ns per entity-beat");
    draw_lines(f, &a, ps, count, ratio);
    if (ratio && max <= 0) /* nothing to divide by: say so rather than show an empty panel */
        fprintf(f, "<text x=\"%d\" y=\"%d\">(a) was not measured: no ratios to draw</text>\n",
                LEFT + 12, top + 24);
}

bool bench_svg_write(const char *path, const bench_point *ps, size_t count)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
            WIDTH, 2 * PANEL, WIDTH, 2 * PANEL);
    if (count > 0) {
        panel(f, ps, count, TOP, false);
        panel(f, ps, count, PANEL + TOP, true);
    }
    fputs("</svg>\n", f);
    return fclose(f) == 0;
}
