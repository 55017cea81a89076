/* episode_view.c - the per-dlevel view of `drlsim episode` (episode_view.h). */
#include "episode_view.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "outfile.h"
#include "report_html.h"
#include "ruleset.h"
#include "stats.h"
#include "strbuf.h"

/* The game_event bin of a level with an event (LBL_GAME_EVENT, tally.c). */
#define EVENT_BIN 2

/* A count histogram's mean over dlevel dl (every type). */
static double counts_mean(const tally_t *t, const char *name, int dl)
{
    int h = tally_hist_index(name);
    int n = tally_hist_slots(h);
    uint64_t *b = calloc((size_t)n, sizeof *b);
    if (!b)
        return NAN;
    tally_sum(t, h, dl, dl, TALLY_ALL_TYPES, b);
    stats_summary_t s;
    stats_summarize_counts(b, n, 0.05, &s);
    free(b);
    return s.n ? s.mean : NAN;
}

/* A moments histogram's mean over dlevel dl (every type). */
static double moments_mean(const tally_t *t, const char *name, int dl)
{
    uint64_t m[MOM__COUNT];
    tally_sum(t, tally_hist_index(name), dl, dl, TALLY_ALL_TYPES, m);
    stats_summary_t s;
    stats_summarize_moments(m[MOM_N], (double)m[MOM_SUM], (double)m[MOM_SUMSQ], (int)m[MOM_MIN],
                            (int)m[MOM_MAX], 0.05, &s);
    return s.n ? s.mean : NAN;
}

void episode_view_fill(episode_view_t *v, const episode_t *e, const tally_t *t)
{
    v->n = e->n;
    memset(v->type_seen, 0, sizeof v->type_seen);
    const int ht = tally_hist_index("type"), he = tally_hist_index("game_event");
    for (int i = 0; i < e->n; i++) {
        episode_row_t *r = &v->row[i];
        memset(r, 0, sizeof *r);
        r->dlevel = e->entry[i].dlevel;
        r->random = e->entry[i].random;
        bool in = r->dlevel >= t->dlevel_lo && r->dlevel <= t->dlevel_hi;
        r->levels = r->random && in ? tally_levels(t, r->dlevel, r->dlevel, TALLY_ALL_TYPES) : 0;
        if (!r->levels) {
            for (int k = 0; k < LT__COUNT; k++)
                r->type_share[k] = NAN;
            r->special = r->budget = r->danger = r->items = r->events = NAN;
            continue;
        }
        uint64_t types[LT__COUNT], ev[3];
        tally_sum(t, ht, r->dlevel, r->dlevel, TALLY_ALL_TYPES, types);
        for (int k = 0; k < LT__COUNT; k++) {
            r->type_share[k] = (double)types[k] / (double)r->levels;
            v->type_seen[k] = v->type_seen[k] || types[k] > 0;
        }
        tally_sum(t, he, r->dlevel, r->dlevel, TALLY_ALL_TYPES, ev);
        r->events = (double)ev[EVENT_BIN] / (double)r->levels;
        r->special = counts_mean(t, "special_per_level", r->dlevel);
        r->items = counts_mean(t, "items", r->dlevel);
        r->budget = moments_mean(t, "budget", r->dlevel);
        r->danger = moments_mean(t, "danger_placed", r->dlevel);
    }
}

/* ---- the tables ---- */

#define NVALUES 5
static const char *const VALUE_HEAD[NVALUES] = {"special", "budget", "danger", "items", "events"};

static double value_of(const episode_row_t *r, int k)
{
    const double x[NVALUES] = {r->special, r->budget, r->danger, r->items, r->events};
    return x[k];
}

static const char *difficulty_name(int d)
{
    return d >= DIFFICULTY_LOWEST && d <= DIFF_NIGHTMARE ? DIFFICULTY_NAMES[d] : "?";
}

/* md: Markdown (pipes), else aligned text. */
static char *table(const episode_view_t *v, bool md)
{
    strbuf_t b = {0};
    const char *sep = md ? " | " : " ";
    if (md)
        sb_printf(&b, "# What a player meets: %s, difficulty %d (%s)\n\n", v->rules, v->difficulty,
                  difficulty_name(v->difficulty));
    else
        sb_printf(&b, "What a player meets: %s, difficulty %d (%s)\n", v->rules, v->difficulty,
                  difficulty_name(v->difficulty));
    sb_printf(&b, "%s%llu levels per random dlevel, seed %llu; type columns: share of the "
                  "dlevel's levels; special, budget, danger, items: means per level; events: "
                  "share of levels with an event.%s\n",
              md ? "" : "", (unsigned long long)v->per_dlevel, (unsigned long long)v->seed,
              md ? "\n" : "");
    sb_puts(&b, md ? "| " : "");
    sb_printf(&b, md ? "%s%s%s" : "%6s%s%-8s", "dlevel", sep, "level");
    for (int k = 0; k < LT__COUNT; k++)
        if (v->type_seen[k])
            sb_printf(&b, md ? "%s%s" : "%s%9s", sep, LEVEL_TYPE_NAMES[k]);
    for (int k = 0; k < NVALUES; k++)
        sb_printf(&b, md ? "%s%s" : "%s%8s", sep, VALUE_HEAD[k]);
    sb_puts(&b, md ? " |\n|---:|---" : "\n");
    if (md) {
        for (int k = 0; k < LT__COUNT; k++)
            if (v->type_seen[k])
                sb_puts(&b, "|---:");
        for (int k = 0; k < NVALUES; k++)
            sb_puts(&b, "|---:");
        sb_puts(&b, "|\n");
    }
    for (int i = 0; i < v->n; i++) {
        const episode_row_t *r = &v->row[i];
        const char *kind = r->random ? "random" : "scripted";
        if (md)
            sb_printf(&b, "| %d | %s", r->dlevel, kind);
        else
            sb_printf(&b, "%6d %s", r->dlevel, kind);
        if (!md && !r->random) { /* an empty row: nothing after its kind */
            sb_puts(&b, "\n");
            continue;
        }
        if (!md)
            sb_printf(&b, "%*s", 8 - (int)strlen(kind), "");
        for (int k = 0; k < LT__COUNT; k++) {
            if (!v->type_seen[k])
                continue;
            if (isnan(r->type_share[k]))
                sb_printf(&b, md ? "%s" : "%s%9s", sep, md ? "" : "");
            else
                sb_printf(&b, md ? "%s%.3f" : "%s%9.3f", sep, r->type_share[k]);
        }
        for (int k = 0; k < NVALUES; k++) {
            double x = value_of(r, k);
            if (isnan(x))
                sb_printf(&b, md ? "%s" : "%s%8s", sep, md ? "" : "");
            else
                sb_printf(&b, md ? "%s%.3f" : "%s%8.3f", sep, x);
        }
        sb_puts(&b, md ? " |\n" : "\n");
    }
    if (b.oom) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

char *episode_view_text(const episode_view_t *v)
{
    return table(v, false);
}

char *episode_view_markdown(const episode_view_t *v)
{
    return table(v, true);
}

static cJSON *num_or_null(double x)
{
    return isnan(x) ? cJSON_CreateNull() : cJSON_CreateNumber(x);
}

char *episode_view_json(const episode_view_t *v)
{
    cJSON *root = cJSON_CreateObject(), *rows = cJSON_CreateArray();
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)v->seed);
    cJSON_AddStringToObject(root, "rules", v->rules);
    cJSON_AddNumberToObject(root, "difficulty", v->difficulty);
    cJSON_AddStringToObject(root, "seed", seed);
    cJSON_AddNumberToObject(root, "levels_per_dlevel", (double)v->per_dlevel);
    cJSON_AddItemToObject(root, "dlevels", rows);
    for (int i = 0; i < v->n; i++) {
        const episode_row_t *r = &v->row[i];
        cJSON *o = cJSON_CreateObject(), *ty = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "dlevel", r->dlevel);
        cJSON_AddStringToObject(o, "level", r->random ? "random" : "scripted");
        cJSON_AddNumberToObject(o, "levels", (double)r->levels);
        for (int k = 0; k < LT__COUNT; k++)
            if (v->type_seen[k])
                cJSON_AddItemToObject(ty, LEVEL_TYPE_NAMES[k], num_or_null(r->type_share[k]));
        cJSON_AddItemToObject(o, "type_shares", ty);
        for (int k = 0; k < NVALUES; k++)
            cJSON_AddItemToObject(o, VALUE_HEAD[k], num_or_null(value_of(r, k)));
        cJSON_AddItemToArray(rows, o);
    }
    char *s = cJSON_Print(root);
    cJSON_Delete(root);
    if (!s)
        return NULL;
    /* with a final newline, in memory of malloc's (cli_write_text frees) */
    size_t n = strlen(s);
    char *t = malloc(n + 2);
    if (t) {
        memcpy(t, s, n);
        memcpy(t + n, "\n", 2);
    }
    cJSON_free(s);
    return t;
}

/* ---- the page ---- */

static const char *const CSS =
    "body{font-family:sans-serif;margin:1.5em 2em;color:#222;max-width:1240px}"
    "table{border-collapse:collapse;font-size:13px}"
    "td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}"
    "th{background:#eee}tr.scripted td{color:#888;background:#f6f6f6}"
    "figure{margin:1em 0 .5em}figcaption{font-size:13px;color:#555}"
    "figure svg{max-width:100%;height:auto}";

/* The level types' colours in the picture, by type (a ruleset with more
 * types than these reuses them). */
static const char *const TYPE_COLOUR[] = {"#4a7bb7", "#d9822b", "#8a8a8a", "#c44e52", "#55a868",
                                          "#e5c35a", "#8172b2", "#64b5cd", "#7a5230", "#e17ab8"};
#define NCOLOURS ((int)(sizeof TYPE_COLOUR / sizeof TYPE_COLOUR[0]))

/* Gnuplot: three panels over dlevels 1..n (a scripted dlevel has no
 * points): the type shares stacked, the budget and the danger placed, and
 * the special rooms, items and event share. */
static void script(strbuf_t *g, const episode_view_t *v)
{
    sb_puts(g, "set terminal svg size 960,900 font \"sans,11\" noenhanced background rgb \"white\"\n"
               "set grid ytics\nset key outside right top\nset xlabel \"dlevel\"\n");
    sb_printf(g, "set xrange [0.5:%d.5]\nset xtics 1\n", v->n);
    sb_puts(g, "$D << EOD\n");
    for (int i = 0; i < v->n; i++) {
        const episode_row_t *r = &v->row[i];
        sb_printf(g, "%d", r->dlevel);
        for (int k = 0; k < LT__COUNT; k++)
            if (v->type_seen[k])
                sb_printf(g, isnan(r->type_share[k]) ? " NaN" : " %.6g", r->type_share[k]);
        for (int k = 0; k < NVALUES; k++)
            sb_printf(g, isnan(value_of(r, k)) ? " NaN" : " %.6g", value_of(r, k));
        sb_puts(g, "\n");
    }
    sb_puts(g, "EOD\nset multiplot layout 3,1\n");
    /* stacked shares: boxes of the cumulated share, the largest first */
    int ntypes = 0, col[LT__COUNT];
    for (int k = 0; k < LT__COUNT; k++)
        if (v->type_seen[k])
            col[ntypes++] = k;
    sb_puts(g, "set title \"level types (share of the dlevel's levels)\"\nset yrange [0:1]\n"
               "set style fill solid 0.85 border -1\nset boxwidth 0.8\nplot ");
    for (int j = ntypes - 1; j >= 0; j--) {
        sb_puts(g, "$D using 1:(");
        for (int i = 0; i <= j; i++)
            sb_printf(g, "%s$%d", i ? "+" : "", i + 2);
        sb_printf(g, ") with boxes lc rgb \"%s\" title \"%s\"%s", TYPE_COLOUR[col[j] % NCOLOURS],
                  LEVEL_TYPE_NAMES[col[j]], j ? ", " : "\n");
    }
    int c0 = ntypes + 2; /* special's column */
    sb_puts(g, "set title \"danger (mean per level)\"\nset yrange [0:*]\nplot ");
    sb_printf(g, "$D using 1:%d with linespoints title \"budget\", "
                 "$D using 1:%d with linespoints title \"danger placed\"\n",
              c0 + 1, c0 + 2);
    sb_puts(g, "set y2range [0:*]\nset y2tics\nset y2label \"events (share)\"\n");
    sb_puts(g, "set title \"special rooms, items (mean per level), events (share)\"\nplot ");
    sb_printf(g, "$D using 1:%d with linespoints title \"special rooms\", "
                 "$D using 1:%d with linespoints title \"items\", "
                 "$D using 1:%d axes x1y2 with linespoints title \"events (right)\"\n",
              c0, c0 + 3, c0 + 4);
    sb_puts(g, "unset multiplot\n");
}

int episode_view_html(const episode_view_t *v, const char *path)
{
    strbuf_t h = {0}, g = {0};
    sb_puts(&h, "<!DOCTYPE html>\n<html lang=en>\n<head>\n<meta charset=utf-8>\n<title>");
    sb_puts(&h, "drlsim episode: ");
    sb_html(&h, v->rules);
    sb_printf(&h, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>What a player meets: ", CSS);
    sb_html(&h, v->rules);
    sb_printf(&h, ", difficulty %d (%s)</h1>\n", v->difficulty, difficulty_name(v->difficulty));
    sb_printf(&h, "<p>%llu levels per random dlevel, seed %llu. Scripted dlevels are made by "
                  "the game's scripts, not by the random generator: drlsim makes none, and "
                  "their rows are empty.</p>\n",
              (unsigned long long)v->per_dlevel, (unsigned long long)v->seed);
    sb_puts(&h, "<figure>\n<figcaption>Per dlevel: the level types' shares, stacked; the "
                "danger budget and the danger placed; special rooms and items per level and "
                "the share of levels with an event.</figcaption>\n");
    script(&g, v);
    int rc = g.oom ? -1 : report_html_gnuplot("episode", &g, &h, 0);
    free(g.s);
    sb_puts(&h, "\n</figure>\n<table>\n<tr><th>dlevel</th><th>level</th>");
    for (int k = 0; k < LT__COUNT; k++)
        if (v->type_seen[k])
            sb_printf(&h, "<th>%s</th>", LEVEL_TYPE_NAMES[k]);
    for (int k = 0; k < NVALUES; k++)
        sb_printf(&h, "<th>%s</th>", VALUE_HEAD[k]);
    sb_puts(&h, "</tr>\n");
    for (int i = 0; i < v->n; i++) {
        const episode_row_t *r = &v->row[i];
        sb_printf(&h, "<tr%s><td>%d</td><td>%s</td>", r->random ? "" : " class=scripted",
                  r->dlevel, r->random ? "random" : "scripted");
        for (int k = 0; k < LT__COUNT; k++)
            if (v->type_seen[k])
                sb_printf(&h, isnan(r->type_share[k]) ? "<td></td>" : "<td>%.3f</td>",
                          r->type_share[k]);
        for (int k = 0; k < NVALUES; k++)
            sb_printf(&h, isnan(value_of(r, k)) ? "<td></td>" : "<td>%.3f</td>", value_of(r, k));
        sb_puts(&h, "</tr>\n");
    }
    sb_puts(&h, "</table>\n</body>\n</html>\n");
    if (rc == 0 && h.oom) {
        fprintf(stderr, "drlsim episode: out of memory writing the HTML page\n");
        rc = -1;
    }
    if (rc == 0)
        rc = outfile_write(path, h.s, h.len);
    free(h.s);
    return rc;
}
