/* cmd_changes.c - `drlsim changes A B`: what changed in level generation
 * between two rulesets.
 *
 * Makes the same levels (seed, dlevels, difficulty, levels per dlevel) under
 * ruleset A and under ruleset B, tallies each, and compares the two tallies
 * histogram by histogram with compare.c's tests (compare_tallies, Holm
 * within each family).  The histograms that differ are ranked by the size
 * of their effect, each with both values and the rule of docs/rules.md that
 * explains it (data/changes.json: histogram name prefix -> rule, per
 * ruleset); the others are listed as unchanged.  The dlevels are the random
 * dlevels of B's standard episode (data/B/episode.json) when B has one, else
 * CHANGES_DLEVELS.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <gsl/gsl_errno.h>

#include "cli.h"
#include "commands.h"
#include "compare.h"
#include "data.h"
#include "driver.h"
#include "opts.h"
#include "outfile.h"
#include "report.h"
#include "changes_html.h"
#include "range_html.h"
#include "report_html.h"
#include "strbuf.h"
#include "tables.h"
#include "tally.h"

#define CHANGES_DEFAULT_ALPHA 1e-3 /* per family, after Holm: compare's */
#define CHANGES_DEFAULT_LEVELS 10000 /* per dlevel and ruleset */
#define CHANGES_MAX_LEVELS 100000000
/* The standard episode's random dlevels (data/game-0.9.9.7/episode.json),
 * for a ruleset B without an episode file of its own. */
#define CHANGES_DLEVELS "2-7,9-15,17-23"
#define CHANGES_RULES_FILE "changes.json"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim changes A B [--levels N] [--seed S] [--seed-b S] [--difficulty D]\n"
            "                      [--alpha A] [--threads K] [--progress auto|always|never]\n"
            "                      [--json FILE] [--markdown FILE] [--html FILE] [--style ID]\n"
            "\n"
            "What changed in level generation between rulesets A and B (wiki-0.9.9.3,\n"
            "game-0.9.9.7): the same levels (seed, dlevels, difficulty) are made under\n"
            "each, tallied, and compared histogram by histogram with the tests of\n"
            "`drlsim compare` (Holm's correction within each family).  Every histogram\n"
            "that differs is listed, ranked by effect size, with both rulesets' values\n"
            "(the means, or the shares of the bin that moved most), the test and its\n"
            "p-value, and the rule of docs/rules.md that explains it (data/changes.json);\n"
            "the others are listed as unchanged, or as not compared and why.  The dlevels\n"
            "are the random dlevels of B's standard episode (%s when B has no\n"
            "episode file).\n"
            "\n"
            "  --levels N       levels per dlevel and ruleset (default %d)\n"
            "  --seed S         master seed, the same for both rulesets (default 0)\n"
            "  --seed-b S       another seed for B's levels (default: --seed): A against\n"
            "                   itself with two seeds shows what chance alone changes\n"
            "  --difficulty D   1-5 or ITYTD, HNTR, HMP, UV, N! (default HMP)\n"
            "  --style ID       the levels of A and of B in style ID of their episode (only\n"
            "                   a ruleset with styles takes it; default: each dlevel's)\n"
            "  --alpha A        significance level per family, Holm (default %g)\n"
            "  --threads K      worker threads (default: OMP_NUM_THREADS if set, else all\n"
            "                   cores); results do not depend on it\n"
            "  --progress WHEN  progress bar on stderr: auto (on a terminal), always, never\n"
            "  --json FILE      write every histogram's result as JSON ('-': stdout, no table)\n"
            "  --markdown FILE  write the changes as Markdown ('-': stdout, no table)\n"
            "  --html FILE      write one HTML page with a gnuplot picture per changed\n"
            "                   family, both rulesets side by side (needs gnuplot), and per\n"
            "                   level type the difference heatmaps of the range rows (B's\n"
            "                   shares minus A's; docs/report.md)\n"
            "\n"
            "SIGINT or SIGTERM stops the run: nothing is written, exit status 130.\n",
            CHANGES_DLEVELS, CHANGES_DEFAULT_LEVELS, CHANGES_DEFAULT_ALPHA);
    fputs(CLI_EXIT_HELP, out);
}

typedef struct changes_opts {
    uint64_t levels, seed, seed_b;
    int difficulty;
    double alpha;
    driver_opts_t d;
    const char *json, *markdown, *html;
    const char *rules[3]; /* A, B and the first argument too many */
    int style;            /* --style: the levels of each ruleset with styles in it */
} changes_opts_t;

static const cli_spec_t OPTS[] = {
    OPT_HELP,
    OPT_LEVELS(changes_opts_t, levels, CHANGES_MAX_LEVELS),
    OPT_SEED(changes_opts_t, seed),
    {.name = "seed-b", .kind = CLI_U64, .at = offsetof(changes_opts_t, seed_b)},
    OPT_DIFFICULTY(changes_opts_t, difficulty),
    OPT_STYLE(changes_opts_t, style),
    OPT_ALPHA(changes_opts_t, alpha),
    OPT_THREADS(changes_opts_t, d.threads),
    OPT_PROGRESS(changes_opts_t, d.progress),
    OPT_JSON(changes_opts_t, json),
    OPT_MARKDOWN(changes_opts_t, markdown),
    OPT_HTML(changes_opts_t, html),
    {.name = NULL},
};

static const cli_cmd_t CMD = {"changes", OPTS, usage, 3, offsetof(changes_opts_t, rules)};

/* ---- the dlevels ---------------------------------------------------------- */

#define MAX_RUNS 64
typedef struct dlevels {
    int n;              /* runs */
    int lo[MAX_RUNS], hi[MAX_RUNS];
    int count;          /* dlevels in all */
    char text[256];     /* "2-7, 9-15" */
} dlevels_t;

static void dl_add(dlevels_t *d, int v)
{
    if (d->n && d->hi[d->n - 1] + 1 == v) {
        d->hi[d->n - 1] = v;
    } else if (d->n < MAX_RUNS) {
        d->lo[d->n] = d->hi[d->n] = v;
        d->n++;
    } else {
        return;
    }
    d->count++;
}

static void dl_text(dlevels_t *d)
{
    size_t k = 0;
    d->text[0] = 0;
    for (int i = 0; i < d->n && k < sizeof d->text; i++)
        k += (size_t)snprintf(d->text + k, sizeof d->text - k, "%s%d-%d", i ? "," : "", d->lo[i],
                              d->hi[i]);
}

/* The random dlevels of ruleset b's episode file, else CHANGES_DLEVELS.
 * *source names where they came from.  False after a one-line error (a
 * broken episode file). */
static bool dlevels_of(const char *b, dlevels_t *d, char *source, size_t n)
{
    memset(d, 0, sizeof *d);
    char name[96];
    snprintf(name, sizeof name, "%s/episode.json", b);
    size_t len;
    char err[256];
    char *text = data_embedded(name, &len) ? data_read(name, &len, NULL, 0, err, sizeof err)
                                           : NULL;
    if (!text) {
        const char *s = CHANGES_DLEVELS;
        while (*s) {
            char *e;
            long lo = strtol(s, &e, 10), hi = lo;
            if (*e == '-')
                hi = strtol(e + 1, &e, 10);
            for (long v = lo; v <= hi; v++)
                dl_add(d, (int)v);
            s = *e == ',' ? e + 1 : e;
        }
        snprintf(source, n, "the standard episode's random dlevels");
        dl_text(d);
        return true;
    }
    cJSON *root = cJSON_ParseWithLength(text, len);
    free(text);
    const cJSON *ep = cJSON_GetObjectItemCaseSensitive(root, "episode"), *e;
    int last = 0;
    bool ok = cJSON_IsArray(ep);
    cJSON_ArrayForEach(e, ep)
    {
        const cJSON *dl = cJSON_GetObjectItemCaseSensitive(e, "dlevel");
        const cJSON *kind = cJSON_GetObjectItemCaseSensitive(e, "level");
        if (!cJSON_IsNumber(dl) || dl->valueint <= last || dl->valueint > DLEVEL_MAX ||
            !cJSON_IsString(kind)) {
            ok = false;
            break;
        }
        last = dl->valueint;
        if (strcmp(kind->valuestring, "random") == 0)
            dl_add(d, dl->valueint);
    }
    cJSON_Delete(root);
    if (!ok || d->count == 0) {
        fprintf(stderr, "drlsim changes: data/%s: no list of random dlevels\n", name);
        return false;
    }
    snprintf(source, n, "the random dlevels of data/%s", name);
    dl_text(d);
    return true;
}

/* ---- the rules that explain a change -------------------------------------- */

/* The rule of data/changes.json for histogram h under ruleset b (else a):
 * the entry of the longest name prefix of h. */
static const char *rule_of(const cJSON *rules, int h, const char *a, const char *b)
{
    const char *name = TALLY_HISTS[h].name;
    const cJSON *best = NULL, *e;
    size_t blen = 0;
    cJSON_ArrayForEach(e, rules)
    {
        size_t l = strlen(e->string);
        if (l >= blen && strncmp(name, e->string, l) == 0) {
            best = e;
            blen = l;
        }
    }
    if (!best)
        return "no rule";
    if (cJSON_IsString(best))
        return best->valuestring;
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(best, b);
    if (!cJSON_IsString(r))
        r = cJSON_GetObjectItemCaseSensitive(best, a);
    return cJSON_IsString(r) ? r->valuestring : "no rule";
}

/* ---- one histogram's values ------------------------------------------------ */

typedef struct row {
    int h;
    const compare_result_t *r;
    double va, vb;  /* the compared values: means, shares or rates */
    char what[64];  /* what va, vb are: "mean", "share of bin caves" */
    const char *rule;
    int nbins;      /* counted histograms: every bin's share on each side, over every level */
    double *sa, *sb;
} row_t;

/* The values a row shows: compare's own (means, two bins' shares, rates),
 * else the shares of the bin whose share moved most, over every level; a
 * counted histogram's shares of every bin on both sides (for the plots).
 * False when out of memory. */
static bool row_values(row_t *w, const tally_t *ta, const tally_t *tb,
                       const tally_names_t *names)
{
    const compare_result_t *r = w->r;
    w->va = r->a_value;
    w->vb = r->b_value;
    w->what[0] = 0;
    char l[48];
    if (TALLY_HISTS[w->h].kind == HIST_COUNTS) {
        int nb = TALLY_HISTS[w->h].nbins;
        uint64_t *ca = calloc((size_t)nb * 2, sizeof *ca);
        w->sa = calloc((size_t)nb * 2, sizeof *w->sa);
        if (!ca || !w->sa) {
            free(ca);
            return false;
        }
        w->nbins = nb;
        w->sb = w->sa + nb;
        uint64_t *cb = ca + nb, na = 0, nbb = 0;
        tally_sum(ta, w->h, ta->dlevel_lo, ta->dlevel_hi, TALLY_ALL_TYPES, ca);
        tally_sum(tb, w->h, tb->dlevel_lo, tb->dlevel_hi, TALLY_ALL_TYPES, cb);
        for (int i = 0; i < nb; i++) {
            na += ca[i];
            nbb += cb[i];
        }
        for (int i = 0; i < nb; i++) {
            w->sa[i] = na ? (double)ca[i] / (double)na : 0;
            w->sb[i] = nbb ? (double)cb[i] / (double)nbb : 0;
        }
        free(ca);
    }
    if (r->test == COMPARE_MEANS) {
        snprintf(w->what, sizeof w->what, "mean");
    } else if (r->test == COMPARE_RATE) {
        snprintf(w->what, sizeof w->what, "per level");
    } else if (r->bin >= 0 && !isnan(w->va)) {
        snprintf(w->what, sizeof w->what, "share of %s",
                 tally_bin_label(names, w->h, r->bin, l, sizeof l));
    } else if (w->sa && r->test != COMPARE_NONE) {
        int best = -1;
        double bd = -1;
        for (int i = 0; i < w->nbins; i++)
            if (fabs(w->sa[i] - w->sb[i]) > bd) {
                bd = fabs(w->sa[i] - w->sb[i]);
                best = i;
            }
        w->va = w->sa[best];
        w->vb = w->sb[best];
        snprintf(w->what, sizeof w->what, "share of %s",
                 tally_bin_label(names, w->h, best, l, sizeof l));
    }
    return true;
}

static int by_effect(const void *x, const void *y)
{
    const row_t *a = x, *b = y;
    double ea = fabs(a->r->effect), eb = fabs(b->r->effect);
    if (isnan(ea))
        ea = -1;
    if (isnan(eb))
        eb = -1;
    if (ea != eb)
        return ea > eb ? -1 : 1;
    return a->h - b->h;
}

static void fmt(double v, char *buf, size_t n)
{
    if (isnan(v))
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%.4g", v);
}

static const char *test_name(const compare_result_t *r)
{
    switch (r->test) {
    case COMPARE_CMH:
        return "chi-square (CMH)";
    case COMPARE_CMH_F:
        return "chi-square (CMH) over the dispersion";
    case COMPARE_FISHER:
        return "exact (Fisher)";
    case COMPARE_RATE:
        return "exact test of the rates";
    case COMPARE_MEANS:
        return "stratified test of the means";
    default:
        return "not tested";
    }
}

/* ---- the outputs ------------------------------------------------------------ */

typedef struct changes {
    const char *a, *b;
    const changes_opts_t *o;
    const dlevels_t *dl;
    const char *dl_source;
    int strata;
    row_t *rows;      /* TALLY_NHISTS: changed first (ranked), then unchanged, then untested */
    int nchanged, nunchanged, nuntested;
    const tally_names_t *names; /* the bins' names (NULL: numbers) */
    uint64_t seed_b;            /* B's seed */
} changes_t;

static cJSON *num(double v)
{
    return isfinite(v) ? cJSON_CreateNumber(v) : cJSON_CreateNull();
}

static cJSON *row_json(const row_t *w, const tally_names_t *names)
{
    const compare_result_t *r = w->r;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", TALLY_HISTS[w->h].name);
    cJSON_AddStringToObject(o, "family", r->family);
    cJSON_AddStringToObject(o, "test", COMPARE_TEST_NAME[r->test]);
    cJSON_AddItemToObject(o, "p", num(r->p));
    cJSON_AddItemToObject(o, "p_holm", num(r->p_holm));
    if (r->test != COMPARE_NONE)
        cJSON_AddStringToObject(o, "effect_size", r->effect_name);
    else
        cJSON_AddNullToObject(o, "effect_size");
    cJSON_AddItemToObject(o, "effect", num(r->effect));
    cJSON_AddStringToObject(o, "value", w->what);
    cJSON_AddItemToObject(o, "a", num(w->va));
    cJSON_AddItemToObject(o, "b", num(w->vb));
    cJSON_AddItemToObject(o, "n_a", report_u64(r->n_a));
    cJSON_AddItemToObject(o, "n_b", report_u64(r->n_b));
    cJSON_AddStringToObject(o, "rule", w->rule);
    if (r->note[0])
        cJSON_AddStringToObject(o, "note", r->note);
    if (r->differs && w->sa) { /* the shares of every bin, for the plots */
        cJSON *bins = cJSON_AddArrayToObject(o, "bins");
        cJSON *sa = cJSON_AddArrayToObject(o, "shares_a"), *sb = cJSON_AddArrayToObject(o, "shares_b");
        for (int i = 0; i < w->nbins; i++) {
            char l[48];
            cJSON_AddItemToArray(bins, cJSON_CreateString(tally_bin_label(names, w->h, i, l, sizeof l)));
            cJSON_AddItemToArray(sa, cJSON_CreateNumber(w->sa[i]));
            cJSON_AddItemToArray(sb, cJSON_CreateNumber(w->sb[i]));
        }
    }
    return o;
}

static cJSON *json_root(const changes_t *c)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "a", c->a);
    cJSON_AddStringToObject(root, "b", c->b);
    cJSON_AddItemToObject(root, "levels_per_dlevel", report_u64(c->o->levels));
    cJSON_AddItemToObject(root, "seed", report_u64(c->o->seed));
    cJSON_AddItemToObject(root, "seed_b", report_u64(c->seed_b));
    cJSON_AddNumberToObject(root, "difficulty", c->o->difficulty);
    cJSON_AddStringToObject(root, "dlevels", c->dl->text);
    cJSON_AddStringToObject(root, "dlevels_from", c->dl_source);
    cJSON_AddNumberToObject(root, "alpha", c->o->alpha);
    cJSON_AddNumberToObject(root, "common_strata", c->strata);
    const char *names[3] = {"changed", "unchanged", "not_compared"};
    int k = 0, n[3] = {c->nchanged, c->nunchanged, c->nuntested};
    for (int g = 0; g < 3; g++) {
        cJSON *arr = cJSON_AddArrayToObject(root, names[g]);
        for (int i = 0; i < n[g]; i++, k++)
            cJSON_AddItemToArray(arr, row_json(&c->rows[k], c->names));
    }
    return root;
}

static char *json_text(const changes_t *c)
{
    cJSON *root = json_root(c);
    char *text = root ? report_json_text(root) : NULL;
    cJSON_Delete(root);
    return text;
}

static void header_line(strbuf_t *m, const changes_t *c, bool md)
{
    sb_printf(m, "%s%s%s against %s%s%s: %llu levels per dlevel and ruleset, dlevels %s (%s), "
                 "difficulty %d (%s), seed %llu (B: %llu); %d histograms changed, %d unchanged, %d not "
                 "compared at alpha %g per family (Holm)",
              md ? "`" : "", c->a, md ? "`" : "", md ? "`" : "", c->b, md ? "`" : "",
              (unsigned long long)c->o->levels, c->dl->text, c->dl_source, c->o->difficulty,
              DIFFICULTY_NAMES[c->o->difficulty], (unsigned long long)c->o->seed, (unsigned long long)c->seed_b, c->nchanged, c->nunchanged, c->nuntested,
              c->o->alpha);
}

static char *markdown_text(const changes_t *c)
{
    strbuf_t m = {0};
    sb_printf(&m, "# What changed from %s to %s\n\n", c->a, c->b);
    sb_printf(&m, "Made by `drlsim changes %s %s` (its Markdown output). ", c->a, c->b);
    header_line(&m, c, true);
    sb_printf(&m, ".\n\n## Changed\n\nRanked by effect size; a and b are the two rulesets' "
                  "values.\n\n");
    sb_printf(&m, "| histogram | family | value | %s | %s | effect | test | p (Holm) | rule |\n",
              c->a, c->b);
    sb_printf(&m, "|---|---|---|---:|---:|---:|---|---:|---|\n");
    for (int i = 0; i < c->nchanged; i++) {
        const row_t *w = &c->rows[i];
        char va[32], vb[32], e[32], p[32];
        fmt(w->va, va, sizeof va);
        fmt(w->vb, vb, sizeof vb);
        fmt(w->r->effect, e, sizeof e);
        fmt(w->r->p_holm, p, sizeof p);
        sb_printf(&m, "| %s | %s | %s | %s | %s | %s %s | %s | %s | %s |\n",
                  TALLY_HISTS[w->h].name, w->r->family, w->what, va, vb, w->r->effect_name, e,
                  test_name(w->r), p, w->rule);
    }
    sb_printf(&m, "\n## Unchanged\n\n");
    for (int i = 0; i < c->nunchanged; i++)
        sb_printf(&m, "%s`%s`", i ? ", " : "", TALLY_HISTS[c->rows[c->nchanged + i].h].name);
    sb_printf(&m, "%s\n\n## Not compared\n\n", c->nunchanged ? "." : "none.");
    for (int i = 0; i < c->nuntested; i++) {
        const row_t *w = &c->rows[c->nchanged + c->nunchanged + i];
        sb_printf(&m, "- `%s`: %s\n", TALLY_HISTS[w->h].name, w->r->note);
    }
    if (!c->nuntested)
        sb_printf(&m, "none.\n");
    if (m.oom) {
        free(m.s);
        return NULL;
    }
    return m.s;
}

static void print_table(const changes_t *c)
{
    strbuf_t m = {0};
    sb_printf(&m, "drlsim changes: ");
    header_line(&m, c, false);
    printf("%s\n", m.s ? m.s : "");
    free(m.s);
    if (c->nchanged)
        printf("\n%-24s %-14s %-26s %10s %10s %-18s %10s  %s\n", "CHANGED", "FAMILY", "VALUE",
               "A", "B", "EFFECT", "P_HOLM", "RULE");
    for (int i = 0; i < c->nchanged; i++) {
        const row_t *w = &c->rows[i];
        char va[32], vb[32], e[32], p[32], eff[64];
        fmt(w->va, va, sizeof va);
        fmt(w->vb, vb, sizeof vb);
        fmt(w->r->effect, e, sizeof e);
        fmt(w->r->p_holm, p, sizeof p);
        snprintf(eff, sizeof eff, "%s %s", w->r->effect_name, e);
        printf("%-24s %-14s %-26s %10s %10s %-18s %10s  %s\n", TALLY_HISTS[w->h].name,
               w->r->family, w->what, va, vb, eff, p, w->rule);
    }
    printf("\nunchanged:");
    for (int i = 0; i < c->nunchanged; i++)
        printf(" %s", TALLY_HISTS[c->rows[c->nchanged + i].h].name);
    printf("\nnot compared:");
    for (int i = 0; i < c->nuntested; i++)
        printf(" %s", TALLY_HISTS[c->rows[c->nchanged + c->nunchanged + i].h].name);
    printf("\n");
}

/* ---- the run ------------------------------------------------------------------ */

/* The levels of one ruleset into a new tally (NULL after a message, or
 * when stopped: *stopped). */
static tally_t *make_levels(const tables_t *t, const changes_opts_t *o, uint64_t seed,
                            const dlevels_t *dl, driver_opts_t *d, bool *stopped)
{
    tally_t *tally = tally_new(dl->lo[0], dl->hi[dl->n - 1], o->difficulty);
    if (!tally) {
        fprintf(stderr, "drlsim changes: out of memory\n");
        return NULL;
    }
    /* Each run of dlevels takes indices of its own: a level's random
     * streams are those of its index, so two runs from index 0 would make
     * their dlevels' levels of one index from the same numbers, and the
     * strata would not be independent. */
    uint64_t first = 0;
    for (int k = 0; k < dl->n; k++) {
        job_t job;
        memset(&job, 0, sizeof job);
        gen_params_default(&job.params, t);
        job.params.difficulty = o->difficulty;
        job.params.style = t->episode ? o->style : 0; /* a ruleset without styles: none */
        job.dlevel_lo = dl->lo[k];
        job.dlevel_hi = dl->hi[k];
        job.seed = seed;
        job.count = o->levels * (uint64_t)(dl->hi[k] - dl->lo[k] + 1);
        job.first = first;
        job.range = o->html != NULL; /* the page's difference heatmaps */
        first += job.count;
        driver_result_t res;
        if (driver_run(&job, d, tally, &res) != 0) {
            tally_free(tally);
            return NULL;
        }
        bool complete = res.complete;
        driver_result_free(&res);
        if (!complete) {
            *stopped = true;
            tally_free(tally);
            return NULL;
        }
    }
    return tally;
}

/* A row of histogram h in every stratum of t, and f called on it. */
static void each_row(tally_t *t, int h, void (*f)(uint64_t *row, int nb, const int *to),
                     const int *to)
{
    for (int dl = t->dlevel_lo; dl <= t->dlevel_hi; dl++)
        for (int type = 0; type < LT__COUNT; type++)
            if (tally_holds(t, dl, (level_type_t)type))
                f(tally_row(t, dl, (level_type_t)type, h), TALLY_HISTS[h].nbins, to);
}

static bool row_fits(const uint64_t *row, int nb, const int *to)
{
    for (int i = 0; i < nb; i++)
        if (row[i] && (to[i] < 0 || to[i] >= nb))
            return false;
    return true;
}

static void row_move(uint64_t *row, int nb, const int *to)
{
    uint64_t tmp[MONSTER_KINDS_MAX] = {0};
    for (int i = 0; i < nb; i++)
        if (row[i])
            tmp[to[i]] += row[i];
    memcpy(row, tmp, (size_t)nb * sizeof *row);
}

static void row_clear(uint64_t *row, int nb, const int *to)
{
    (void)to;
    memset(row, 0, (size_t)nb * sizeof *row);
}

static bool fits_everywhere(tally_t *t, int h, const int *to)
{
    for (int dl = t->dlevel_lo; dl <= t->dlevel_hi; dl++)
        for (int type = 0; type < LT__COUNT; type++)
            if (tally_holds(t, dl, (level_type_t)type) &&
                !row_fits(tally_row(t, dl, (level_type_t)type, h), TALLY_HISTS[h].nbins, to))
                return false;
    return true;
}

/* Put the bins of B's tally that B's tables name (monster ids, outcome
 * rows) where A's tables have the same name, and a name A lacks in a bin
 * after A's, so that a bin is one monster or outcome on both sides;
 * *merged names them (A's names, then B's others).  A kind of names whose
 * union does not fit its histograms (or an unnamed bin with observations
 * where A's is named) cannot be compared by name: its histograms are
 * cleared on both sides and unfit[h] set. */
static void remap_names(tally_t *ta, tally_t *tb, const tables_t *a, const tables_t *b,
                        tally_names_t *merged, bool *unfit)
{
    *merged = *a->bin_names;
    int to[TALLY_NAMED__COUNT][MONSTER_KINDS_MAX];
    bool kind_ok[TALLY_NAMED__COUNT];
    for (int k = 1; k < TALLY_NAMED__COUNT; k++) {
        bool claimed[MONSTER_KINDS_MAX] = {false};
        int next = 0;
        for (int i = 0; i < MONSTER_KINDS_MAX; i++)
            if (merged->bin[k][i])
                next = i + 1;
        for (int i = 0; i < MONSTER_KINDS_MAX; i++) {
            const char *y = b->bin_names->bin[k][i];
            to[k][i] = -1;
            if (!y)
                continue;
            for (int j = 0; j < MONSTER_KINDS_MAX && to[k][i] < 0; j++)
                if (merged->bin[k][j] && strcmp(merged->bin[k][j], y) == 0)
                    to[k][i] = j;
            if (to[k][i] < 0 && next < MONSTER_KINDS_MAX) {
                merged->bin[k][next] = y;
                to[k][i] = next++;
            }
            if (to[k][i] >= 0)
                claimed[to[k][i]] = true;
        }
        for (int i = 0; i < MONSTER_KINDS_MAX; i++) /* unnamed on both sides: by number */
            if (!b->bin_names->bin[k][i] && !merged->bin[k][i] && !claimed[i])
                to[k][i] = i;
        kind_ok[k] = true;
        for (int h = 0; h < TALLY_NHISTS; h++)
            if ((int)TALLY_HISTS[h].named == k &&
                (TALLY_HISTS[h].kind != HIST_COUNTS || TALLY_HISTS[h].nbins > MONSTER_KINDS_MAX ||
                 !fits_everywhere(tb, h, to[k])))
                kind_ok[k] = false;
    }
    for (int h = 0; h < TALLY_NHISTS; h++) {
        const int k = TALLY_HISTS[h].named;
        if (k == TALLY_NAMED_NONE)
            continue;
        if (kind_ok[k]) {
            each_row(tb, h, row_move, to[k]);
        } else {
            each_row(ta, h, row_clear, NULL);
            each_row(tb, h, row_clear, NULL);
            unfit[h] = true;
        }
    }
}

/* Do the two rulesets name the bins their tables name alike? */
static bool same_names(const tables_t *a, const tables_t *b)
{
    if (a->rules == b->rules)
        return true;
    for (int k = 0; k < TALLY_NAMED__COUNT; k++)
        for (int i = 0; i < MONSTER_KINDS_MAX; i++) {
            const char *x = a->bin_names->bin[k][i], *y = b->bin_names->bin[k][i];
            if ((x == NULL) != (y == NULL) || (x && strcmp(x, y) != 0))
                return false;
        }
    return true;
}

int cmd_changes(int argc, char **argv)
{
    changes_opts_t o;
    memset(&o, 0, sizeof o);
    o.levels = CHANGES_DEFAULT_LEVELS;
    o.difficulty = DIFF_HMP;
    o.alpha = CHANGES_DEFAULT_ALPHA;
    o.d.progress = PROGRESS_AUTO;
    cli_t c;
    int rc = cli_parse(&c, &CMD, argc, argv, &o);
    if (rc != CLI_GO_ON)
        return rc;
    if (c.noperands < 2) {
        cli_error(&c, "two rulesets needed: A B (e.g. wiki-0.9.9.3 game-0.9.9.7)");
        return CLI_EXIT_USAGE;
    }
    if (c.noperands > 2) {
        cli_error(&c, "unexpected argument '%s' (two rulesets: A B)", o.rules[2]);
        return CLI_EXIT_USAGE;
    }
    const char *outs[] = {o.json, o.markdown, o.html};
    const int dashes = opt_to_stdout(outs, 3);
    if (dashes > 1) {
        cli_error(&c, "only one of --json, --markdown and --html can write to stdout ('-')");
        return CLI_EXIT_USAGE;
    }
    for (int k = 0; k < 2; k++) {
        bool known = false;
        char list[128] = "";
        for (int i = 0; TABLES_RULESETS[i]; i++) {
            known = known || strcmp(o.rules[k], TABLES_RULESETS[i]) == 0;
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                     TABLES_RULESETS[i]);
        }
        if (!known) {
            cli_error(&c, "'%s' is not a ruleset drlsim can run (%s)", o.rules[k], list);
            return CLI_EXIT_USAGE;
        }
    }
    const tables_t *ta = opt_tables("changes", o.rules[0], NULL, -1);
    const tables_t *tb = ta ? opt_tables("changes", o.rules[1], NULL, -1) : NULL;
    if (!tb)
        return CLI_EXIT_USAGE;
    /* --style applies to the rulesets that have styles, and one must */
    int src = opt_style("changes", ta->episode || !tb->episode ? ta : tb, o.style);
    if (!src && tb->episode)
        src = opt_style("changes", tb, o.style);
    if (src)
        return src;
    dlevels_t dl;
    char dl_source[128];
    if (!dlevels_of(tb->name, &dl, dl_source, sizeof dl_source))
        return CLI_EXIT_USAGE;
    size_t rlen;
    char err[256];
    char *rtext = data_read(CHANGES_RULES_FILE, &rlen, NULL, 0, err, sizeof err);
    cJSON *rroot = rtext ? cJSON_ParseWithLength(rtext, rlen) : NULL;
    free(rtext);
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(rroot, "rules");
    if (!cJSON_IsObject(rules)) {
        fprintf(stderr, "drlsim changes: data/%s: %s\n", CHANGES_RULES_FILE,
                rroot ? "no \"rules\" object" : "unreadable");
        cJSON_Delete(rroot);
        return CLI_EXIT_USAGE;
    }
    if ((rc = opt_outputs_check(outs, 3)) != 0 || (rc = opt_threads(&c, &o.d.threads)) != 0 ||
        (o.html && report_html_ready("changes") != 0 && (rc = CLI_EXIT_IO))) {
        cJSON_Delete(rroot);
        return rc;
    }
    gsl_set_error_handler_off();
    driver_catch_signals();
    driver_progress_t bar;
    driver_progress_begin(&bar, "changes", o.d.progress, 2 * o.levels * (uint64_t)dl.count);
    o.d.label = "changes";
    o.d.bar = &bar;
    bool stopped = false;
    tally_t *xa = make_levels(ta, &o, o.seed, &dl, &o.d, &stopped);
    tally_t *xb = xa ? make_levels(tb, &o, cli_given(&c, "seed-b") ? o.seed_b : o.seed, &dl, &o.d, &stopped) : NULL;
    driver_progress_end(&bar);
    compare_result_t *res = xb ? calloc((size_t)TALLY_NHISTS, sizeof *res) : NULL;
    row_t *rows = res ? calloc((size_t)TALLY_NHISTS, sizeof *rows) : NULL;
    changes_t ch = {o.rules[0], o.rules[1], &o, &dl, dl_source, 0, rows, 0, 0, 0, NULL, 0};
    /* bins named by the tables: compared by name (remap_names) */
    tally_names_t merged = *tb->bin_names;
    bool *unfit = calloc((size_t)TALLY_NHISTS, sizeof *unfit);
    if (unfit && xb && !same_names(ta, tb))
        remap_names(xa, xb, ta, tb, &merged, unfit);
    ch.seed_b = cli_given(&c, "seed-b") ? o.seed_b : o.seed;
    rc = 0;
    if (stopped) {
        fprintf(stderr, "drlsim changes: interrupted: nothing written\n");
        rc = 130;
    } else if (!rows || !unfit || compare_tallies(xa, xb, true, true, o.alpha, res) < 0) {
        if (xb)
            fprintf(stderr, "drlsim changes: out of memory\n");
        rc = 1;
    }
    if (rc == 0) {
        ch.strata = compare_common_strata(xa, xb);
        /* bins the tables name go by their numbers unless both name them alike */
        ch.names = &merged;
        for (int h = 0; h < TALLY_NHISTS; h++)
            if (unfit[h])
                snprintf(res[h].note, sizeof res[h].note,
                         "its bins are each ruleset's own rows, whose names the two share too "
                         "few of to be compared");
        const tally_names_t *names = ch.names;
        /* changed, unchanged, not compared: each histogram once */
        int k = 0;
        for (int g = 0; g < 3; g++)
            for (int h = 0; h < TALLY_NHISTS; h++) {
                const compare_result_t *r = &res[h];
                int grp = r->differs ? 0 : r->test == COMPARE_NONE ? 2 : 1;
                /* the range rows are the page's pictures (range_json), not
                 * histograms to rank: counted only with --html */
                if (grp != g || tally_hist_range(h))
                    continue;
                row_t *w = &rows[k++];
                w->h = h;
                w->r = r;
                w->rule = rule_of(rules, h, ta->name, tb->name);
                if (!row_values(w, xa, xb, names)) {
                    fprintf(stderr, "drlsim changes: out of memory\n");
                    rc = 1;
                }
                ++*(g == 0 ? &ch.nchanged : g == 1 ? &ch.nunchanged : &ch.nuntested);
            }
        qsort(rows, (size_t)ch.nchanged, sizeof *rows, by_effect);
    }
    if (rc == 0) {
        outfile_begin(); /* every output or none (outfile.h) */
        int wrc = 0;
        if (o.json)
            wrc |= cli_write_text("changes", o.json, json_text(&ch));
        if (o.markdown)
            wrc |= cli_write_text("changes", o.markdown, markdown_text(&ch));
        if (o.html)
        {
            cJSON *root = json_root(&ch);
            if (root)
                cJSON_AddItemToObject(root, "range", range_json(xa, xb));
            wrc |= !root ? 1 : changes_html_write(root, o.html) ? CLI_EXIT_IO : 0;
            cJSON_Delete(root);
        }
        if (!wrc && !dashes)
            print_table(&ch);
        if ((wrc = cli_outputs_end(wrc)) != 0)
            rc = wrc;
    }
    driver_release_signals();
    for (int i = 0; rows && i < TALLY_NHISTS; i++)
        free(rows[i].sa);
    free(rows);
    free(unfit);
    free(res);
    tally_free(xa);
    tally_free(xb);
    cJSON_Delete(rroot);
    return rc;
}
