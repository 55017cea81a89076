/* wiki.c - the "Level type" page's numbers as MediaWiki tables (wiki.h). */
#include "wiki.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonutil.h"
#include "strbuf.h"

static const cJSON *get(const cJSON *o, const char *k)
{
    return cJSON_GetObjectItemCaseSensitive(o, k);
}

/* Cell text: a '|' or a line break would end the cell. */
static void cell_text(strbuf_t *b, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            sb_puts(b, "&#124;");
        else if (*s == '\n')
            sb_puts(b, " ");
        else
            sb_printf(b, "%c", *s);
    }
}

static void table_open(strbuf_t *b, const char *caption, const char *const *heads, int n)
{
    sb_puts(b, "{| class=\"wikitable\"\n|+ ");
    cell_text(b, caption);
    sb_puts(b, "\n!");
    for (int i = 0; i < n; i++) {
        sb_puts(b, i ? " !! " : " ");
        cell_text(b, heads[i]);
    }
    sb_puts(b, "\n");
}

static void row_open(strbuf_t *b)
{
    sb_puts(b, "|-\n|");
}

/* The next cell of the row (first: the row's first cell). */
static void cell(strbuf_t *b, bool first, const char *text)
{
    sb_puts(b, first ? " " : " || ");
    cell_text(b, text);
}

static void row_close(strbuf_t *b)
{
    sb_puts(b, "\n");
}

static void table_close(strbuf_t *b)
{
    sb_puts(b, "|}\n\n");
}

/* [num, den] as "7/12", "1" or "0". */
static void fraction(char *buf, size_t n, const cJSON *f)
{
    double a = cJSON_GetArraySize(f) == 2 ? cJSON_GetArrayItem(f, 0)->valuedouble : NAN;
    double d = cJSON_GetArraySize(f) == 2 ? cJSON_GetArrayItem(f, 1)->valuedouble : NAN;
    if (a == 0 || d == 1)
        snprintf(buf, n, "%.0f", a);
    else
        snprintf(buf, n, "%.0f/%.0f", a, d);
}

/* A measured share: "0.5012 [0.4914, 0.5110]". */
static void share(char *buf, size_t n, const cJSON *s)
{
    const cJSON *ci = get(s, "ci95");
    snprintf(buf, n, "%.4f [%.4f, %.4f]", ju_value(s, "share"), cJSON_GetArrayItem(ci, 0)->valuedouble,
             cJSON_GetArrayItem(ci, 1)->valuedouble);
}

/* A measured mean: "10.412 [10.370, 10.454]". */
static void mean(char *buf, size_t n, const cJSON *s)
{
    const cJSON *ci = get(s, "ci95");
    snprintf(buf, n, "%.3f [%.3f, %.3f]", ju_value(s, "mean"), cJSON_GetArrayItem(ci, 0)->valuedouble,
             cJSON_GetArrayItem(ci, 1)->valuedouble);
}

static void type_shares(strbuf_t *b, const cJSON *page)
{
    const cJSON *ts = get(page, "type_shares"), *types = get(ts, "types"), *band, *t;
    const char *heads[32] = {"dlevel"};
    int n = 1;
    cJSON_ArrayForEach(t, types)
        if (n < 32)
            heads[n++] = t->valuestring;
    char cap[160];
    snprintf(cap, sizeof cap, "Level type by dlevel on %s (exact: from the ruleset's weights)",
             ju_text(page, "difficulty_name"));
    sb_puts(b, "== Level type ==\n");
    table_open(b, cap, heads, n);
    cJSON_ArrayForEach(band, get(ts, "bands"))
    {
        const cJSON *dl = get(band, "dlevels");
        double lo = cJSON_GetArrayItem(dl, 0)->valuedouble;
        const cJSON *hi = cJSON_GetArrayItem(dl, 1);
        char buf[48];
        if (cJSON_IsNull(hi))
            snprintf(buf, sizeof buf, "%.0f+", lo);
        else if (hi->valuedouble == lo)
            snprintf(buf, sizeof buf, "%.0f", lo);
        else
            snprintf(buf, sizeof buf, "%.0f-%.0f", lo, hi->valuedouble);
        row_open(b);
        cell(b, true, buf);
        cJSON_ArrayForEach(t, types)
        {
            fraction(buf, sizeof buf, get(get(band, "shares"), t->valuestring));
            cell(b, false, buf);
        }
        row_close(b);
    }
    table_close(b);
}

static void type_rules(strbuf_t *b, const cJSON *page)
{
    static const char *const heads[] = {"type", "river", "river orientation", "fluid passes",
                                        "fluids only without a river", "items", "danger",
                                        "special rooms", "hunting"};
    sb_puts(b, "== Rules by level type ==\n");
    table_open(b, "The rules of each level type (exact: as the ruleset states them)", heads,
               (int)(sizeof heads / sizeof heads[0]));
    const cJSON *r;
    cJSON_ArrayForEach(r, get(page, "type_rules"))
    {
        char buf[128];
        row_open(b);
        cell(b, true, ju_text(r, "type"));
        fraction(buf, sizeof buf, get(r, "river"));
        cell(b, false, buf);
        if (get(r, "river_horizontal")) {
            char f[32];
            fraction(f, sizeof f, get(r, "river_horizontal"));
            snprintf(buf, sizeof buf, "%s; horizontal %s", ju_text(r, "river_orientation"), f);
            cell(b, false, buf);
        } else {
            cell(b, false, ju_text(r, "river_orientation"));
        }
        snprintf(buf, sizeof buf, "%.0f", ju_value(r, "fluid_passes"));
        cell(b, false, buf);
        cell(b, false, cJSON_IsTrue(get(r, "fluids_only_without_river")) ? "yes" : "no");
        cell(b, false, ju_text(r, "items"));
        snprintf(buf, sizeof buf, "%.0f%%", ju_value(r, "danger_percent"));
        cell(b, false, buf);
        cell(b, false, cJSON_IsTrue(get(r, "special_rooms")) ? "yes" : "no");
        fraction(buf, sizeof buf, get(r, "hunting"));
        cell(b, false, buf);
        row_close(b);
    }
    table_close(b);
}

static void measured(strbuf_t *b, const cJSON *page)
{
    static const char *const heads[] = {"type", "levels", "river", "any fluid", "special rooms",
                                        "items", "monsters", "danger placed"};
    char cap[200];
    snprintf(cap, sizeof cap,
             "What the levels of each type show at dlevel %.0f (measured: share or mean per "
             "level, [95%% interval])",
             ju_value(page, "dlevel"));
    sb_puts(b, "== Measured by level type ==\n");
    table_open(b, cap, heads, (int)(sizeof heads / sizeof heads[0]));
    const cJSON *m;
    cJSON_ArrayForEach(m, get(page, "measured"))
    {
        char buf[96];
        row_open(b);
        cell(b, true, ju_text(m, "type"));
        snprintf(buf, sizeof buf, "%.0f", ju_value(get(m, "river"), "n"));
        cell(b, false, buf);
        share(buf, sizeof buf, get(m, "river"));
        cell(b, false, buf);
        share(buf, sizeof buf, get(m, "fluid_present"));
        cell(b, false, buf);
        const char *means[] = {"special_rooms", "items", "monsters", "danger"};
        for (int i = 0; i < 4; i++) {
            mean(buf, sizeof buf, get(m, means[i]));
            cell(b, false, buf);
        }
        row_close(b);
    }
    table_close(b);
}

static void outcomes(strbuf_t *b, const cJSON *page)
{
    static const char *const heads[] = {"outcome", "levels", "share [95% interval]"};
    const cJSON *o;
    bool any = false;
    cJSON_ArrayForEach(o, get(page, "outcomes"))
    {
        if (!any)
            sb_puts(b, "== Monster rolls ==\n");
        any = true;
        char cap[200];
        snprintf(cap, sizeof cap, "%s: the monster roll's outcome rows at dlevel %.0f (measured, "
                                  "n = %.0f)",
                 ju_text(o, "type"), ju_value(page, "dlevel"), ju_value(o, "n"));
        table_open(b, cap, heads, 3);
        const cJSON *s;
        cJSON_ArrayForEach(s, get(o, "shares"))
        {
            char buf[96];
            row_open(b);
            cell(b, true, s->string);
            snprintf(buf, sizeof buf, "%.0f", ju_value(s, "count"));
            cell(b, false, buf);
            share(buf, sizeof buf, s);
            cell(b, false, buf);
            row_close(b);
        }
        table_close(b);
    }
}

static void rooms(strbuf_t *b, const cJSON *page)
{
    static const char *const heads[] = {"statistic", "mean", "sd", "95% interval of the mean",
                                        "min", "max"};
    const cJSON *t;
    bool any = false;
    cJSON_ArrayForEach(t, get(page, "rooms"))
    {
        if (!any)
            sb_puts(b, "== Room placement ==\n");
        any = true;
        char cap[200];
        snprintf(cap, sizeof cap,
                 "%s: room generation parameters over a sample of %.0f random layouts "
                 "(measured; sizes include the walls)",
                 ju_text(t, "type"), ju_value(t, "layouts"));
        table_open(b, cap, heads, 6);
        const cJSON *r;
        cJSON_ArrayForEach(r, get(t, "rows"))
        {
            char buf[96];
            const cJSON *ci = get(r, "ci95");
            row_open(b);
            cell(b, true, ju_text(r, "label"));
            snprintf(buf, sizeof buf, "%.3f", ju_value(r, "mean"));
            cell(b, false, buf);
            snprintf(buf, sizeof buf, "%.3f", ju_value(r, "sd"));
            cell(b, false, buf);
            snprintf(buf, sizeof buf, "[%.3f, %.3f]", cJSON_GetArrayItem(ci, 0)->valuedouble,
                     cJSON_GetArrayItem(ci, 1)->valuedouble);
            cell(b, false, buf);
            snprintf(buf, sizeof buf, "%.0f", ju_value(r, "min"));
            cell(b, false, buf);
            snprintf(buf, sizeof buf, "%.0f", ju_value(r, "max"));
            cell(b, false, buf);
            row_close(b);
        }
        table_close(b);
    }
}

char *wiki_markup(const cJSON *page)
{
    strbuf_t b = {0};
    sb_puts(&b, "<!-- made by drlsim wiki; the same numbers as its --json -->\n");
    sb_puts(&b, "''Ruleset '''");
    cell_text(&b, ju_text(page, "ruleset"));
    sb_printf(&b, "''' (drlsim %s, seed %.0f, %s). Exact values follow from the ruleset's "
                  "rules; measured values come from %.0f generated levels of each type, shown "
                  "as a share or a mean with its 95%% interval.''\n\n",
              ju_text(page, "drlsim"), ju_value(page, "seed"), ju_text(page, "difficulty_name"),
              ju_value(page, "levels_per_type"));
    type_shares(&b, page);
    type_rules(&b, page);
    measured(&b, page);
    outcomes(&b, page);
    rooms(&b, page);
    if (b.oom) {
        free(b.s);
        return NULL;
    }
    return b.s;
}
