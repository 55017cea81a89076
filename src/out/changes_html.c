/* changes_html.c - the page of `drlsim changes --html` (changes_html.h). */
#include "changes_html.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonutil.h"
#include "outfile.h"
#include "range_html.h"
#include "report_html.h"
#include "strbuf.h"


/* A count the JSON holds as a number or, past 2^53, as a string. */
static const char *count(const cJSON *o, const char *k, char *buf, size_t n)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    if (cJSON_IsString(v) || cJSON_IsRaw(v)) /* a count past 2^53 is a raw number */
        return v->valuestring;
    snprintf(buf, n, "%.0f", cJSON_IsNumber(v) ? v->valuedouble : 0.0);
    return buf;
}

static void fmt(char *buf, size_t n, double v)
{
    if (isnan(v))
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%.4g", v);
}

/* A string for gnuplot inside double quotes: only plain characters. */
static void sb_gq(strbuf_t *b, const char *s)
{
    sb_puts(b, "\"");
    for (; *s; s++)
        sb_printf(b, "%c", (*s == '"' || *s == '\\' || (unsigned char)*s < 32) ? '_' : *s);
    sb_puts(b, "\"");
}

static const char *const CSS =
    "body{font-family:sans-serif;margin:1.5em 2em;color:#222;max-width:1240px}"
    "table{border-collapse:collapse;font-size:13px}"
    "td,th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}"
    "th{background:#eee}td.num{text-align:right;font-family:monospace}"
    "figure{margin:1em 0 .5em}figcaption{font-size:13px;color:#555}"
    "figure svg{max-width:100%;height:auto}code{font-size:13px}";

/* The bins of panel `row` shown: the CHANGES_HTML_MAX_BINS of the largest
 * shares on either side, in bin order; their count. */
static int shown_bins(const cJSON *sa, const cJSON *sb, int *idx)
{
    int n = cJSON_GetArraySize(sa), k = 0;
    double *m = calloc((size_t)(n > 0 ? n : 1), sizeof *m);
    if (!m)
        return 0;
    for (int i = 0; i < n; i++) {
        double a = cJSON_GetArrayItem(sa, i)->valuedouble, b = cJSON_GetArrayItem(sb, i)->valuedouble;
        m[i] = a > b ? a : b;
    }
    for (int i = 0; i < n; i++) {
        int larger = 0;
        for (int j = 0; j < n; j++)
            larger += m[j] > m[i] || (m[j] == m[i] && j < i);
        if (m[i] > 0 && larger < CHANGES_HTML_MAX_BINS)
            idx[k++] = i;
    }
    free(m);
    return k;
}

/* The gnuplot script of one family: a panel per changed histogram. */
static int family_script(strbuf_t *g, const cJSON *changed, const char *family, const char *a,
                         const char *b)
{
    int panels = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, changed) panels += strcmp(ju_text(r, "family"), family) == 0;
    const int ph = 230;
    sb_printf(g, "set terminal svg size 900,%d font \"sans,11\" noenhanced background rgb \"white\"\n",
              ph * panels + 20);
    sb_puts(g, "set style data histograms\nset style histogram clustered gap 1\n"
               "set style fill solid 0.85 border -1\nset key outside right top\nset grid ytics\n"
               "set xtics rotate by -35 scale 0\nset yrange [0:*]\n");
    sb_printf(g, "set multiplot layout %d,1\n", panels);
    int k = 0;
    cJSON_ArrayForEach(r, changed)
    {
        if (strcmp(ju_text(r, "family"), family) != 0)
            continue;
        const cJSON *bins = cJSON_GetObjectItemCaseSensitive(r, "bins");
        const cJSON *sa = cJSON_GetObjectItemCaseSensitive(r, "shares_a");
        const cJSON *sb = cJSON_GetObjectItemCaseSensitive(r, "shares_b");
        sb_printf(g, "$D%d << EOD\n", k);
        if (cJSON_IsArray(bins)) {
            int *idx = malloc((size_t)(cJSON_GetArraySize(bins) + 1) * sizeof *idx);
            if (!idx)
                return -1;
            int n = shown_bins(sa, sb, idx);
            for (int i = 0; i < n; i++) {
                sb_gq(g, cJSON_GetArrayItem(bins, idx[i])->valuestring);
                sb_printf(g, " %.6g %.6g\n", cJSON_GetArrayItem(sa, idx[i])->valuedouble,
                          cJSON_GetArrayItem(sb, idx[i])->valuedouble);
            }
            free(idx);
            sb_puts(g, "EOD\nset ylabel \"share\"\n");
        } else { /* a mean or a rate: the two values */
            sb_gq(g, ju_text(r, "value"));
            sb_printf(g, " %.6g %.6g\nEOD\nset ylabel ", ju_value(r, "a"), ju_value(r, "b"));
            sb_gq(g, ju_text(r, "value"));
            sb_puts(g, "\n");
        }
        sb_puts(g, "set title ");
        sb_gq(g, ju_text(r, "name"));
        sb_printf(g, "\nplot $D%d using 2:xtic(1) title ", k);
        sb_gq(g, a);
        sb_puts(g, " lc rgb \"#4a7bb7\", '' using 3 title ");
        sb_gq(g, b);
        sb_puts(g, " lc rgb \"#d9822b\"\n");
        k++;
    }
    sb_puts(g, "unset multiplot\n");
    return 0;
}

static void rows_table(strbuf_t *h, const cJSON *changed, const char *a, const char *b)
{
    sb_puts(h, "<table>\n<tr><th>histogram</th><th>family</th><th>value</th><th>");
    sb_html(h, a);
    sb_puts(h, "</th><th>");
    sb_html(h, b);
    sb_puts(h, "</th><th>effect</th><th>test</th><th>p (Holm)</th><th>rule</th></tr>\n");
    const cJSON *r;
    cJSON_ArrayForEach(r, changed)
    {
        char va[32], vb[32], e[32], p[32];
        fmt(va, sizeof va, ju_value(r, "a"));
        fmt(vb, sizeof vb, ju_value(r, "b"));
        fmt(e, sizeof e, ju_value(r, "effect"));
        fmt(p, sizeof p, ju_value(r, "p_holm"));
        sb_puts(h, "<tr><td><code>");
        sb_html(h, ju_text(r, "name"));
        sb_puts(h, "</code></td><td>");
        sb_html(h, ju_text(r, "family"));
        sb_puts(h, "</td><td>");
        sb_html(h, ju_text(r, "value"));
        sb_printf(h, "</td><td class=num>%s</td><td class=num>%s</td><td class=num>", va, vb);
        sb_html(h, ju_text(r, "effect_size"));
        sb_printf(h, " %s</td><td>", e);
        sb_html(h, ju_text(r, "test"));
        sb_printf(h, "</td><td class=num>%s</td><td>", p);
        sb_html(h, ju_text(r, "rule"));
        sb_puts(h, "</td></tr>\n");
    }
    sb_puts(h, "</table>\n");
}

int changes_html_write(const cJSON *c, const char *path)
{
    const char *a = ju_text(c, "a"), *b = ju_text(c, "b");
    const cJSON *changed = cJSON_GetObjectItemCaseSensitive(c, "changed");
    const cJSON *unchanged = cJSON_GetObjectItemCaseSensitive(c, "unchanged");
    const cJSON *untested = cJSON_GetObjectItemCaseSensitive(c, "not_compared");
    strbuf_t h = {0};
    sb_puts(&h, "<!DOCTYPE html>\n<html lang=en>\n<head>\n<meta charset=utf-8>\n<title>");
    sb_printf(&h, "drlsim changes: ");
    sb_html(&h, a);
    sb_puts(&h, " against ");
    sb_html(&h, b);
    sb_printf(&h, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>What changed from ", CSS);
    sb_html(&h, a);
    sb_puts(&h, " to ");
    sb_html(&h, b);
    char nl[32], seed[32];
    sb_printf(&h, "</h1>\n<p>%s levels per dlevel and ruleset, dlevels ",
              count(c, "levels_per_dlevel", nl, sizeof nl));
    sb_html(&h, ju_text(c, "dlevels"));
    sb_puts(&h, " (");
    sb_html(&h, ju_text(c, "dlevels_from"));
    sb_printf(&h, "), difficulty %.0f, seed %s, alpha %g per family (Holm): <b>%d changed</b>, "
                  "%d unchanged, %d not compared.</p>\n",
              ju_value(c, "difficulty"), count(c, "seed", seed, sizeof seed), ju_value(c, "alpha"), cJSON_GetArraySize(changed),
              cJSON_GetArraySize(unchanged), cJSON_GetArraySize(untested));
    sb_puts(&h, "<h2>Changed, ranked by effect size</h2>\n");
    rows_table(&h, changed, a, b);
    /* the families in the order of their first (largest) change */
    int rc = 0, k = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, changed)
    {
        const char *fam = ju_text(r, "family");
        bool seen = false;
        for (const cJSON *q = changed->child; q != r && !seen; q = q->next)
            seen = strcmp(ju_text(q, "family"), fam) == 0;
        if (seen)
            continue;
        strbuf_t g = {0};
        if (family_script(&g, changed, fam, a, b) != 0 || g.oom) {
            free(g.s);
            rc = -1;
            break;
        }
        sb_puts(&h, "<h2>Family ");
        sb_html(&h, fam);
        sb_puts(&h, "</h2>\n<figure>\n<figcaption>Each changed histogram of the family: its "
                    "bins' shares over every level (the largest), or its two means; ");
        sb_html(&h, a);
        sb_puts(&h, " left, ");
        sb_html(&h, b);
        sb_puts(&h, " right.</figcaption>\n");
        rc = report_html_gnuplot("changes", &g, &h, k++);
        free(g.s);
        if (rc != 0)
            break;
        sb_puts(&h, "\n</figure>\n");
    }
    sb_puts(&h, "<h2>Unchanged</h2>\n<p>");
    int i = 0;
    cJSON_ArrayForEach(r, unchanged)
    {
        sb_puts(&h, i++ ? ", <code>" : "<code>");
        sb_html(&h, ju_text(r, "name"));
        sb_puts(&h, "</code>");
    }
    sb_puts(&h, i ? ".</p>\n<h2>Not compared</h2>\n<ul>\n" : "none.</p>\n<h2>Not compared</h2>\n<ul>\n");
    cJSON_ArrayForEach(r, untested)
    {
        sb_puts(&h, "<li><code>");
        sb_html(&h, ju_text(r, "name"));
        sb_puts(&h, "</code>: ");
        sb_html(&h, ju_text(r, "note"));
        sb_puts(&h, "</li>\n");
    }
    sb_puts(&h, "</ul>\n");
    const cJSON *range = cJSON_GetObjectItemCaseSensitive(c, "range");
    if (cJSON_IsArray(range))
        range_html_changes(&h, range, a, b);
    sb_puts(&h, "</body>\n</html>\n");
    if (rc == 0 && h.oom) {
        fprintf(stderr, "drlsim changes: out of memory writing the HTML page\n");
        rc = -1;
    }
    if (rc == 0)
        rc = outfile_write(path, h.s, h.len);
    free(h.s);
    return rc;
}
