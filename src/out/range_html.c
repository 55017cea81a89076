/* range_html.c - the heatmaps of the range rows (range_html.h).
 *
 * A heatmap is an SVG of TALLY_RANGE_BINS x TALLY_RANGE_BINS squares, x
 * metric to the right, y metric upwards, each bin a rect with its share in
 * a tooltip (<title>) and, on a difference map, its value in data-d, so a
 * reader (or a test) can take the numbers off the page.
 */
#include "range_html.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"

#define NB TALLY_RANGE_BINS
#define NCELLS (NB * NB)
/* the picture's geometry, in pixels */
#define CELL 12
#define LEFT 46
#define TOP 24
#define BOTTOM 40
#define RIGHT 12
#define PLOT (NB * CELL)
#define WIDTH (LEFT + PLOT + RIGHT)
#define HEIGHT (TOP + PLOT + BOTTOM)
/* a tick every TICK bins */
#define TICK 5
/* the diverging legend's steps either side of 0 */
#define LEGEND_STEPS 5

static const char *const CSS =
    "body{font-family:sans-serif;margin:1.5em 2em;color:#222;max-width:1240px}"
    "figcaption{font-size:13px;color:#555}";
/* a figure's own style and its SVG's text, so that the changes page (its
 * own style sheet) shows them as the run page does */
#define FIGURE "<figure style=\"display:inline-block;vertical-align:top;margin:.5em 1em .5em 0;" \
               "max-width:300px\">"
#define SVG_TEXT "font-family=\"sans-serif\" font-size=\"10\" fill=\"#333\""

/* A value of axis a at bin edge k, as the axis writes it. */
static void edge_text(char *buf, size_t n, const tally_range_axis_t *a, int k)
{
    snprintf(buf, n, "%g", a->width * k);
}

/* The frame, ticks and axis titles of a heatmap of pair p; the caller has
 * opened the <svg> and drawn the cells. */
static void axes(strbuf_t *b, const tally_range_pair_t *p)
{
    char t[32];
    sb_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                 "stroke=\"#888\"/>\n", LEFT, TOP, PLOT, PLOT);
    /* the last edge unlabelled: the last bin also holds every larger value */
    for (int k = 0; k < NB; k += TICK) {
        const int x = LEFT + k * CELL, y = TOP + PLOT - k * CELL;
        edge_text(t, sizeof t, &p->x, k);
        sb_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>"
                     "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
                  x, TOP + PLOT, x, TOP + PLOT + 4, x, TOP + PLOT + 14, t);
        edge_text(t, sizeof t, &p->y, k);
        sb_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>"
                     "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
                  LEFT - 4, y, LEFT, y, LEFT - 6, y + 3, t);
    }
    sb_puts(b, "<text x=\"");
    sb_printf(b, "%d\" y=\"%d\" text-anchor=\"middle\">", LEFT + PLOT / 2, TOP + PLOT + 30);
    sb_html(b, p->x.title);
    sb_printf(b, "</text>\n<text transform=\"translate(12 %d) rotate(-90)\" "
                 "text-anchor=\"middle\">", TOP + PLOT / 2);
    sb_html(b, p->y.title);
    sb_puts(b, "</text>\n");
}

/* The bin (i, j) as the tooltip says it: its ranges of both metrics. */
static void bin_text(strbuf_t *b, const tally_range_pair_t *p, int i, int j)
{
    char lo[32], hi[32];
    edge_text(lo, sizeof lo, &p->x, i);
    edge_text(hi, sizeof hi, &p->x, i + 1);
    sb_printf(b, "%s %s..%s, ", p->x.metric, lo, i == NB - 1 ? "" : hi);
    edge_text(lo, sizeof lo, &p->y, j);
    edge_text(hi, sizeof hi, &p->y, j + 1);
    sb_printf(b, "%s %s..%s", p->y.metric, lo, j == NB - 1 ? "" : hi);
}

static void rect(strbuf_t *b, int i, int j, int r, int g, int bl)
{
    sb_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#%02x%02x%02x\"",
              LEFT + i * CELL, TOP + PLOT - (j + 1) * CELL, CELL, CELL, r, g, bl);
}

/* Light to dark blue by t in [0, 1]. */
static void seq_colour(double t, int *r, int *g, int *b)
{
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    *r = (int)lround(247 + (8 - 247) * t);
    *g = (int)lround(251 + (48 - 251) * t);
    *b = (int)lround(255 + (107 - 255) * t);
}

/* Red (t = -1: more in A) through white (0) to blue (t = 1: more in B). */
static void div_colour(double t, int *r, int *g, int *b)
{
    t = t < -1 ? -1 : t > 1 ? 1 : t;
    if (t < 0) {
        *r = (int)lround(255 + (178 - 255) * -t);
        *g = (int)lround(255 + (24 - 255) * -t);
        *b = (int)lround(255 + (43 - 255) * -t);
    } else {
        *r = (int)lround(255 + (33 - 255) * t);
        *g = (int)lround(255 + (102 - 255) * t);
        *b = (int)lround(255 + (172 - 255) * t);
    }
}

/* The heatmap of pair p from its counts c (n levels in all). */
static void heat_svg(strbuf_t *b, const tally_range_pair_t *p, const uint64_t *c)
{
    uint64_t n = 0, top = 0;
    for (int k = 0; k < NCELLS; k++) {
        n += c[k];
        top = c[k] > top ? c[k] : top;
    }
    sb_printf(b, FIGURE "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"heat\" " SVG_TEXT
                 " data-hist=\"%s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
              p->hist, WIDTH, HEIGHT, WIDTH, HEIGHT);
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++) {
            const uint64_t v = c[i * NB + j];
            if (!v)
                continue;
            int r, g, bl;
            /* a square root, so that the rarer bins show */
            seq_colour(sqrt((double)v / (double)top), &r, &g, &bl);
            rect(b, i, j, r, g, bl);
            sb_puts(b, "><title>");
            bin_text(b, p, i, j);
            sb_printf(b, ": %llu levels, share %.4g</title></rect>\n", (unsigned long long)v,
                      (double)v / (double)n);
        }
    axes(b, p);
    sb_puts(b, "</svg>\n<figcaption>");
    sb_html(b, p->x.title);
    sb_puts(b, " against ");
    sb_html(b, p->y.title);
    sb_printf(b, " (<code>%s</code>): %llu levels; the darkest bin holds %.3g of them, the "
                 "scale is its square root.</figcaption></figure>\n",
              p->hist, (unsigned long long)n, n ? (double)top / (double)n : 0.0);
}

int range_html_run_write(const char *path, const job_t *job, const tally_t *t)
{
    const tables_t *tb = job->params.tables;
    strbuf_t h = {0};
    sb_puts(&h, "<!DOCTYPE html>\n<html lang=en>\n<head>\n<meta charset=utf-8>\n"
                "<title>drlsim run: the expressive range of ");
    sb_html(&h, tb->def->name);
    sb_printf(&h, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>The expressive range of ",
              CSS);
    sb_html(&h, tb->def->name);
    sb_printf(&h, "</h1>\n<p>%llu levels of %llu asked for, seed %llu, dlevels %d-%d, "
                  "difficulty %d. Per level type, each pair of range metrics "
                  "(docs/catalog.md, &ldquo;The range metrics&rdquo;) as a 2-D histogram of "
                  "the type's levels (docs/report.md, &ldquo;The range histograms&rdquo;).</p>\n",
              (unsigned long long)tally_levels(t, t->dlevel_lo, t->dlevel_hi, TALLY_ALL_TYPES),
              (unsigned long long)job->count, (unsigned long long)job->seed, job->dlevel_lo,
              job->dlevel_hi, job->params.difficulty);
    uint64_t c[NCELLS];
    for (int ty = 0; ty < LT__COUNT; ty++) {
        const uint64_t n = tally_levels(t, t->dlevel_lo, t->dlevel_hi, 1u << ty);
        if (!n)
            continue;
        sb_puts(&h, "<h2>");
        sb_html(&h, level_type_name((level_type_t)ty));
        sb_printf(&h, "</h2>\n<p>%llu levels.</p>\n", (unsigned long long)n);
        for (int k = 0; k < TALLY_RANGE_PAIRS; k++) {
            const int hi = tally_hist_index(TALLY_RANGE[k].hist);
            tally_sum(t, hi, t->dlevel_lo, t->dlevel_hi, 1u << ty, c);
            heat_svg(&h, &TALLY_RANGE[k], c);
        }
    }
    sb_puts(&h, "</body>\n</html>\n");
    int rc = 0;
    if (h.oom) {
        fprintf(stderr, "drlsim run: out of memory writing the HTML page\n");
        rc = -1;
    }
    if (rc == 0)
        rc = outfile_write(path, h.s, h.len);
    free(h.s);
    return rc;
}

static cJSON *counts_json(const uint64_t *c)
{
    cJSON *a = cJSON_CreateArray();
    for (int k = 0; a && k < NCELLS; k++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber((double)c[k]));
    return a;
}

cJSON *range_json(const tally_t *a, const tally_t *b)
{
    cJSON *out = cJSON_CreateArray();
    uint64_t c[NCELLS];
    for (int ty = 0; out && ty < LT__COUNT; ty++) {
        const uint64_t na = tally_levels(a, a->dlevel_lo, a->dlevel_hi, 1u << ty);
        const uint64_t nb = tally_levels(b, b->dlevel_lo, b->dlevel_hi, 1u << ty);
        if (!na && !nb)
            continue;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToArray(out, o);
        cJSON_AddStringToObject(o, "type", level_type_name((level_type_t)ty));
        cJSON_AddNumberToObject(o, "levels_a", (double)na);
        cJSON_AddNumberToObject(o, "levels_b", (double)nb);
        cJSON *pairs = cJSON_AddArrayToObject(o, "pairs");
        for (int k = 0; k < TALLY_RANGE_PAIRS; k++) {
            const int h = tally_hist_index(TALLY_RANGE[k].hist);
            cJSON *p = cJSON_CreateObject();
            cJSON_AddItemToArray(pairs, p);
            cJSON_AddStringToObject(p, "hist", TALLY_RANGE[k].hist);
            tally_sum(a, h, a->dlevel_lo, a->dlevel_hi, 1u << ty, c);
            cJSON_AddItemToObject(p, "a", counts_json(c));
            tally_sum(b, h, b->dlevel_lo, b->dlevel_hi, 1u << ty, c);
            cJSON_AddItemToObject(p, "b", counts_json(c));
        }
    }
    return out;
}

/* The shares of a pair's counts (JSON array of NCELLS); false when it holds none. */
static bool shares_of(const cJSON *counts, double *s)
{
    double n = 0;
    for (int k = 0; k < NCELLS; k++) {
        const cJSON *v = cJSON_GetArrayItem(counts, k);
        s[k] = cJSON_IsNumber(v) ? v->valuedouble : 0;
        n += s[k];
    }
    if (n <= 0)
        return false;
    for (int k = 0; k < NCELLS; k++)
        s[k] /= n;
    return true;
}

/* The difference heatmap of pair p: d = share in B minus share in A. */
static void diff_svg(strbuf_t *b, const tally_range_pair_t *p, const double *d, const char *na,
                     const char *nb)
{
    double m = 0, sum = 0;
    for (int k = 0; k < NCELLS; k++) {
        m = fabs(d[k]) > m ? fabs(d[k]) : m;
        sum += d[k];
    }
    const int lh = 34; /* the legend's height below the plot */
    sb_printf(b, FIGURE "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"diff\" " SVG_TEXT
                 " data-hist=\"%s\" data-sum=\"%.3g\" width=\"%d\" height=\"%d\" "
                 "viewBox=\"0 0 %d %d\">\n",
              p->hist, sum, WIDTH, HEIGHT + lh, WIDTH, HEIGHT + lh);
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++) {
            const double v = d[i * NB + j];
            if (v == 0)
                continue;
            int r, g, bl;
            div_colour(m > 0 ? v / m : 0, &r, &g, &bl);
            rect(b, i, j, r, g, bl);
            sb_printf(b, " data-d=\"%.17g\"><title>", v);
            bin_text(b, p, i, j);
            sb_printf(b, ": %+.4g</title></rect>\n", v);
        }
    axes(b, p);
    /* the legend: 2 * LEGEND_STEPS + 1 squares from -m to +m */
    const int y = HEIGHT + 2, w = 18, x0 = LEFT + (PLOT - (2 * LEGEND_STEPS + 1) * w) / 2;
    for (int s = -LEGEND_STEPS; s <= LEGEND_STEPS; s++) {
        int r, g, bl;
        div_colour((double)s / LEGEND_STEPS, &r, &g, &bl);
        sb_printf(b, "<rect class=\"legend\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"10\" "
                     "fill=\"#%02x%02x%02x\" stroke=\"#ccc\"/>\n",
                  x0 + (s + LEGEND_STEPS) * w, y, w, r, g, bl);
    }
    sb_printf(b, "<text x=\"%d\" y=\"%d\">%+.2g</text>"
                 "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">0</text>"
                 "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%+.2g</text>\n",
              x0, y + 22, -m, x0 + LEGEND_STEPS * w + w / 2, y + 22,
              x0 + (2 * LEGEND_STEPS + 1) * w, y + 22, m);
    sb_puts(b, "</svg>\n<figcaption>");
    sb_html(b, p->x.title);
    sb_puts(b, " against ");
    sb_html(b, p->y.title);
    sb_printf(b, " (<code>%s</code>): share in ", p->hist);
    sb_html(b, nb);
    sb_puts(b, " minus share in ");
    sb_html(b, na);
    sb_puts(b, "; blue: more of ");
    sb_html(b, nb);
    sb_puts(b, "'s levels there, red: more of ");
    sb_html(b, na);
    sb_printf(b, "'s. The largest difference is %.3g.</figcaption></figure>\n", m);
}

void range_html_changes(strbuf_t *h, const cJSON *range, const char *a, const char *b)
{
    sb_puts(h, "<h2>The expressive range</h2>\n<p>Per level type both rulesets make, each pair "
               "of range metrics (docs/catalog.md, &ldquo;The range metrics&rdquo;) as the "
               "difference of the two 2-D histograms' shares of the type's levels: the share "
               "of a bin in ");
    sb_html(h, b);
    sb_puts(h, " minus its share in ");
    sb_html(h, a);
    sb_puts(h, " (the differences of a map sum to 0).</p>\n");
    double *sa = malloc(2 * NCELLS * sizeof *sa);
    if (!sa) {
        h->oom = true;
        return;
    }
    double *sb = sa + NCELLS;
    const cJSON *ty;
    cJSON_ArrayForEach(ty, range)
    {
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(ty, "type");
        const cJSON *la = cJSON_GetObjectItemCaseSensitive(ty, "levels_a");
        const cJSON *lb = cJSON_GetObjectItemCaseSensitive(ty, "levels_b");
        const double na = cJSON_IsNumber(la) ? la->valuedouble : 0;
        const double nb = cJSON_IsNumber(lb) ? lb->valuedouble : 0;
        sb_puts(h, "<h3>");
        sb_html(h, cJSON_IsString(t) ? t->valuestring : "?");
        sb_printf(h, "</h3>\n<p>%.0f levels of ", na);
        sb_html(h, a);
        sb_printf(h, ", %.0f of ", nb);
        sb_html(h, b);
        if (!na || !nb) {
            sb_puts(h, ": only one ruleset makes this type, nothing to compare.</p>\n");
            continue;
        }
        sb_puts(h, ".</p>\n");
        const cJSON *p;
        cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(ty, "pairs"))
        {
            const cJSON *name = cJSON_GetObjectItemCaseSensitive(p, "hist");
            const tally_range_pair_t *pair = NULL;
            for (int k = 0; k < TALLY_RANGE_PAIRS && cJSON_IsString(name); k++)
                if (strcmp(TALLY_RANGE[k].hist, name->valuestring) == 0)
                    pair = &TALLY_RANGE[k];
            if (!pair)
                continue;
            const bool has_a = shares_of(cJSON_GetObjectItemCaseSensitive(p, "a"), sa);
            const bool has_b = shares_of(cJSON_GetObjectItemCaseSensitive(p, "b"), sb);
            if (!has_a || !has_b) {
                sb_printf(h, "<p><code>%s</code>: no level of one ruleset counts in it.</p>\n",
                          pair->hist);
                continue;
            }
            for (int k = 0; k < NCELLS; k++)
                sb[k] -= sa[k];
            diff_svg(h, pair, sb, a, b);
        }
    }
    free(sa);
}
