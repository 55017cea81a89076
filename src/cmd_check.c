/* cmd_check.c - `drlsim check`: the documented probabilities against levels.
 *
 * The expectations (data/expectations.json, expect.h) are grouped by the
 * sample they need (type, dlevels, difficulty, single switch); each group is
 * one driver job into its own tally, with its own seed derived from the
 * master seed and the group's description, so adding a group never changes
 * another group's levels.  Every check then reads its histogram from its
 * group's tally and runs its test (stats.h); Holm's correction is applied
 * within each family; a check fails when its adjusted p-value is below
 * alpha.  A check with no relevant observation fails ("no observations"):
 * code that does not produce an observation can never pass silently; so
 * does a distribution whose sample is too small to leave two cells after
 * pooling.
 * Known discrepancies (the wiki against the game) are expected failures,
 * XFAIL; if one passes it is an XPASS, reported loudly.
 *
 * Everything printed to the JSON and Markdown reports depends only on the
 * tallies, which are exact integer sums: the bytes are the same for any
 * --threads.  Timing goes to stderr only.
 */
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <gsl/gsl_errno.h>

#include "cli.h"
#include "commands.h"
#include "driver.h"
#include "expect.h"
#include "outfile.h"
#include "stats.h"
#include "tables.h"
#include "tally.h"

#define CHECK_POWER 0.8              /* power of the minimum detectable effects */
#define CHECK_DEFAULT_ALPHA 1e-4     /* per family, after Holm */
#define CHECK_MAX_LEVELS UINT64_C(10000000000)

typedef enum verdict { V_PASS = 0, V_FAIL, V_XFAIL, V_XPASS, V_SKIP } verdict_t;
static const char *const VERDICT[] = {"PASS", "FAIL", "XFAIL", "XPASS", "SKIP"};

typedef struct group {
    expect_sample_t s;  /* s.levels: the resolved count */
    uint64_t seed;
    tally_t *t;
    char why[160];      /* set when the group could not run */
} group_t;

typedef struct result {
    const expect_check_t *e;
    bool run;           /* enabled (or --all) and selected */
    int group;
    uint64_t n;         /* relevant observations */
    double p, p_holm, effect, mde;
    double share, lo, hi;          /* proportion / exact: observed share, interval */
    uint64_t *counts;              /* counted histograms: per bin, given bins only */
    stats_chisq_t chi;
    int64_t omin, omax;            /* observed values (range; exact on moments) */
    bool omax_clamped;             /* omax is an integer histogram's last bin */
    uint64_t others;               /* exact / range: exceptions (counted histograms) */
    bool untestable;               /* observations, but too few to test anything */
    char reason[200];
    verdict_t v;
} result_t;

typedef struct opts {
    uint64_t levels;    /* 0: the file's default */
    double scale;
    uint64_t seed;
    double alpha;
    const char *expect, *json, *markdown, *only;
    bool all;
    driver_opts_t d;
} opts_t;

/* ---- groups ---- */

static void sample_desc(const expect_sample_t *s, char *buf, size_t n)
{
    char dl[32];
    if (s->dlevel_lo == s->dlevel_hi)
        snprintf(dl, sizeof dl, "%d", s->dlevel_lo);
    else
        snprintf(dl, sizeof dl, "%d-%d", s->dlevel_lo, s->dlevel_hi);
    snprintf(buf, n, "type=%s dlevel=%s difficulty=%d%s",
             s->type >= 0 ? level_type_name((level_type_t)s->type) : "drawn", dl, s->difficulty,
             s->no_single ? " no_single" : "");
}

/* The group's seed: the master seed mixed with a hash of its description,
 * so it depends on what the group samples and on nothing else. */
static uint64_t group_seed(uint64_t master, const expect_sample_t *s)
{
    char key[128];
    sample_desc(s, key, sizeof key);
    uint64_t h = UINT64_C(1469598103934665603); /* FNV-1a */
    for (const char *c = key; *c; c++)
        h = (h ^ (unsigned char)*c) * UINT64_C(1099511628211);
    return rng_mix64(master ^ rng_mix64(h));
}

static unsigned implemented_types(void)
{
    unsigned m = 0;
    for (int t = 0; t < LT__COUNT; t++)
        if (layout_for((level_type_t)t))
            m |= 1u << t;
    return m;
}

static void type_list(unsigned mask, char *buf, size_t n)
{
    buf[0] = '\0';
    for (int t = 0; t < LT__COUNT; t++)
        if (mask & (1u << t)) {
            strncat(buf, buf[0] ? ", " : "", n - strlen(buf) - 1);
            strncat(buf, level_type_name((level_type_t)t), n - strlen(buf) - 1);
        }
}

static void on_signal(int sig)
{
    if (driver_stop_requested()) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    driver_request_stop();
}

/* Run every group; false when interrupted or out of memory. */
static bool run_groups(group_t *g, int ng, const opts_t *o, const ruleset_t *rules,
                       uint64_t *levels, double *secs, int *threads)
{
    *levels = 0;
    *secs = 0;
    for (int i = 0; i < ng; i++) {
        if (g[i].s.type >= 0 && !layout_for((level_type_t)g[i].s.type)) {
            snprintf(g[i].why, sizeof g[i].why, "the %s layout is not implemented",
                     level_type_name((level_type_t)g[i].s.type));
            continue;
        }
        g[i].t = tally_new(g[i].s.dlevel_lo, g[i].s.dlevel_hi, g[i].s.difficulty);
        if (!g[i].t) {
            fprintf(stderr, "drlsim check: out of memory\n");
            return false;
        }
        job_t job;
        memset(&job, 0, sizeof job);
        gen_params_default(&job.params);
        job.params.rules = rules;
        job.params.type = g[i].s.type;
        job.params.difficulty = g[i].s.difficulty;
        job.params.single_enabled = !g[i].s.no_single;
        job.dlevel_lo = g[i].s.dlevel_lo;
        job.dlevel_hi = g[i].s.dlevel_hi;
        job.seed = g[i].seed;
        job.first = 0;
        job.count = g[i].s.levels;
        char label[160], desc[128];
        sample_desc(&g[i].s, desc, sizeof desc);
        snprintf(label, sizeof label, "check %d/%d %s", i + 1, ng, desc);
        driver_opts_t d = o->d;
        d.label = label;
        driver_result_t res;
        if (driver_run(&job, &d, g[i].t, &res) != 0)
            return false;
        *levels += res.done;
        *secs += res.seconds;
        *threads = res.threads;
        bool complete = res.complete;
        driver_result_free(&res);
        if (!complete) {
            fprintf(stderr, "drlsim check: interrupted; no report written\n");
            return false;
        }
    }
    return true;
}

/* ---- evaluation ---- */

static void set_reason(result_t *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_reason(result_t *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->reason, sizeof r->reason, fmt, ap);
    va_end(ap);
}

static void evaluate(result_t *r, const group_t *g, double alpha)
{
    const expect_check_t *e = r->e;
    const hist_def_t *hd = &TALLY_HISTS[e->hist];
    r->p = r->p_holm = r->effect = r->mde = r->share = r->lo = r->hi = NAN;
    if (!g->t) {
        set_reason(r, "no observations: %s", g->why);
        return;
    }
    /* Strata of unimplemented types hold levels without their layout:
     * only their type is an observation. */
    unsigned impl = implemented_types(), mask = e->types;
    if (strcmp(hd->name, "type") != 0)
        mask &= impl;
    if (!mask) {
        char list[128];
        type_list(e->types & ~impl, list, sizeof list);
        set_reason(r, "no observations: no layout for %s", list);
        return;
    }
    int slots = tally_hist_slots(e->hist);
    uint64_t *buf = calloc((size_t)slots, sizeof *buf);
    if (!buf) {
        set_reason(r, "out of memory");
        return;
    }
    tally_sum(g->t, e->hist, g->s.dlevel_lo, g->s.dlevel_hi, mask, buf);

    if (hd->kind == HIST_MOMENTS) {
        r->n = buf[MOM_N];
        if (r->n) {
            r->omin = (int64_t)buf[MOM_MIN];
            r->omax = (int64_t)buf[MOM_MAX];
            bool ok = r->omin >= e->lo && r->omax <= e->hi;
            r->p = ok ? 1.0 : 0.0;
            r->mde = stats_mde_exact(r->n, CHECK_POWER);
        }
        free(buf);
        if (!r->n)
            set_reason(r, "no observations");
        return;
    }

    r->counts = buf;
    for (int b = 0; b < e->nbins; b++) {
        if (!e->given[b])
            buf[b] = 0;
        r->n += buf[b];
    }
    if (!r->n) {
        set_reason(r, "no observations");
        return;
    }
    double n = (double)r->n;
    switch (e->test) {
    case EXPECT_DISTRIBUTION: {
        uint64_t obs[STATS_MAX_CELLS];
        double prob[STATS_MAX_CELLS];
        int k = 0;
        for (int b = 0; b < e->nbins && k < STATS_MAX_CELLS; b++)
            if (e->given[b]) {
                obs[k] = buf[b];
                prob[k++] = e->prob[b];
            }
        stats_chisq_gof(obs, prob, k, &r->chi);
        r->p = r->chi.p;
        int possible = 0;
        for (int i = 0; i < k; i++)
            possible += prob[i] > 0;
        if (!r->chi.impossible && possible >= 2 && r->chi.dof < 1) {
            /* Everything pooled into one cell: a pass would say nothing. */
            r->untestable = true;
            set_reason(r, "too few observations: every category pooled into one cell");
        }
        r->effect = r->chi.w;
        r->mde = r->chi.dof >= 1 ? stats_mde_chisq(r->n, r->chi.dof, alpha, CHECK_POWER) : NAN;
        if (r->chi.impossible)
            set_reason(r, "a value of probability 0 was observed");
        break;
    }
    case EXPECT_PROPORTION: {
        uint64_t x = 0;
        for (int b = 0; b < e->nbins; b++)
            if (e->hit[b])
                x += buf[b];
        r->share = (double)x / n;
        r->p = stats_binom_test(x, r->n, e->p);
        stats_clopper_pearson(x, r->n, alpha, &r->lo, &r->hi);
        r->effect = r->share - e->p;
        r->mde = stats_mde_proportion(r->n, e->p, alpha, CHECK_POWER);
        break;
    }
    case EXPECT_EXACT:
    case EXPECT_RANGE: {
        uint64_t in = 0;
        r->omin = -1;
        for (int b = 0; b < e->nbins; b++) {
            bool inside = e->test == EXPECT_EXACT ? e->hit[b] != 0 : (b >= e->lo && b <= e->hi);
            if (inside)
                in += buf[b];
            if (buf[b]) {
                if (r->omin < 0)
                    r->omin = b;
                r->omax = b;
            }
        }
        r->omax_clamped = !hd->labels && r->omax == e->nbins - 1;
        r->others = r->n - in;
        r->share = (double)in / n;
        r->p = stats_exact_p(r->others);
        stats_clopper_pearson(in, r->n, alpha, &r->lo, &r->hi);
        r->effect = (double)r->others / n;
        r->mde = stats_mde_exact(r->n, CHECK_POWER);
        if (r->others)
            set_reason(r, "%llu of %llu observations %s", (unsigned long long)r->others,
                       (unsigned long long)r->n,
                       e->test == EXPECT_EXACT ? "differ from the value" : "lie outside the range");
        break;
    }
    }
}

/* Holm within each family, then the verdicts. */
static void decide(result_t *r, int nr, double alpha)
{
    double *p = malloc((size_t)(nr ? nr : 1) * sizeof *p);
    int *idx = malloc((size_t)(nr ? nr : 1) * sizeof *idx);
    bool *done = calloc((size_t)(nr ? nr : 1), 1);
    if (!p || !idx || !done) {
        fprintf(stderr, "drlsim check: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < nr; i++) {
        if (done[i] || !r[i].run || r[i].n == 0)
            continue;
        int m = 0;
        for (int j = i; j < nr; j++)
            if (!done[j] && r[j].run && r[j].n > 0 && strcmp(r[j].e->family, r[i].e->family) == 0) {
                idx[m] = j;
                p[m++] = r[j].p;
                done[j] = true;
            }
        stats_holm(p, m, p);
        for (int k = 0; k < m; k++)
            r[idx[k]].p_holm = p[k];
    }
    for (int i = 0; i < nr; i++) {
        if (!r[i].run) {
            r[i].v = V_SKIP;
            continue;
        }
        if (r[i].n == 0 || r[i].untestable) {
            r[i].v = V_FAIL;
            continue;
        }
        bool fail = !(r[i].p_holm >= alpha);
        if (r[i].e->discrepancy)
            r[i].v = fail ? V_XFAIL : V_XPASS;
        else
            r[i].v = fail ? V_FAIL : V_PASS;
    }
    free(p);
    free(idx);
    free(done);
}

/* ---- reports ---- */

static const char *bin_label(const expect_check_t *e, int b, char *buf, size_t n)
{
    return tally_bin_label(e->hist, b, buf, n);
}

/* The observation in one line: "0.2512 [0.2451, 0.2574]" and the like. */
static void observed_text(const result_t *r, char *buf, size_t n)
{
    const expect_check_t *e = r->e;
    char l1[32], l2[32];
    if (r->n == 0) {
        snprintf(buf, n, "-");
        return;
    }
    if (TALLY_HISTS[e->hist].kind == HIST_MOMENTS) {
        snprintf(buf, n, "values %lld..%lld", (long long)r->omin, (long long)r->omax);
        return;
    }
    switch (e->test) {
    case EXPECT_DISTRIBUTION:
        if (r->chi.impossible)
            snprintf(buf, n, "a value of probability 0 was seen");
        else if (r->chi.dof < 1)
            snprintf(buf, n, "X2 %.4g, 0 dof: nothing to test after pooling", r->chi.stat);
        else
            snprintf(buf, n, "X2 %.4g, %d dof%s, w %.3g (mde %.3g)", r->chi.stat, r->chi.dof,
                     r->chi.pooled ? " (pooled)" : "", r->effect, r->mde);
        break;
    case EXPECT_PROPORTION:
        snprintf(buf, n, "%.6f [%.6f, %.6f] (mde %.3g)", r->share, r->lo, r->hi, r->mde);
        break;
    case EXPECT_EXACT:
    case EXPECT_RANGE:
        if (r->omin == r->omax)
            snprintf(buf, n, "all %s", bin_label(e, (int)r->omin, l1, sizeof l1));
        else
            snprintf(buf, n, "%s..%s%s, %llu outside", bin_label(e, (int)r->omin, l1, sizeof l1),
                     bin_label(e, (int)r->omax, l2, sizeof l2), r->omax_clamped ? "+" : "",
                     (unsigned long long)r->others);
        break;
    }
}

static void fmt_p(double p, char *buf, size_t n)
{
    if (isnan(p))
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%.4g", p);
}

static void print_table(FILE *out, const result_t *r, int nr, double alpha)
{
    fprintf(out, "%-6s %-30s %10s %10s %10s  %s\n", "RESULT", "CHECK", "N", "P", "P_HOLM",
            "EXPECTED -> OBSERVED");
    int skipped = 0;
    for (int i = 0; i < nr; i++) {
        if (r[i].v == V_SKIP) {
            skipped++;
            continue;
        }
        const expect_check_t *e = r[i].e;
        char obs[256], p[32], ph[32];
        observed_text(&r[i], obs, sizeof obs);
        fmt_p(r[i].p, p, sizeof p);
        fmt_p(r[i].p_holm, ph, sizeof ph);
        fprintf(out, "%-6s %-30s %10llu %10s %10s  %s -> %s\n", VERDICT[r[i].v], e->name,
                (unsigned long long)r[i].n, p, ph, e->expected_text, obs);
        if (r[i].reason[0])
            fprintf(out, "%48s%s\n", "", r[i].reason);
        if (r[i].v == V_XFAIL || r[i].v == V_XPASS)
            fprintf(out, "%48sknown discrepancy: %s\n", "", e->discrepancy);
        if (e->test == EXPECT_DISTRIBUTION && r[i].n) {
            /* One line per bin that is expected or seen. */
            for (int b = 0; b < e->nbins; b++) {
                if (!e->given[b] || (e->prob[b] == 0 && r[i].counts[b] == 0))
                    continue;
                char l[32];
                double lo, hi;
                stats_wilson(r[i].counts[b], r[i].n, alpha, &lo, &hi);
                fprintf(out, "%48s%-12s %.6f -> %.6f [%.6f, %.6f]\n", "", bin_label(e, b, l, sizeof l),
                        e->prob[b], (double)r[i].counts[b] / (double)r[i].n, lo, hi);
            }
        }
    }
    if (skipped)
        fprintf(out, "(%d disabled checks not run: their code is not on main yet; --all runs them)\n",
                skipped);
}

static cJSON *num(double v)
{
    return isfinite(v) ? cJSON_CreateNumber(v) : cJSON_CreateNull();
}

static cJSON *u64(uint64_t v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
    return cJSON_CreateRaw(buf);
}

static cJSON *pair(double a, double b)
{
    cJSON *x = cJSON_CreateArray();
    cJSON_AddItemToArray(x, num(a));
    cJSON_AddItemToArray(x, num(b));
    return x;
}

static cJSON *sample_json(const expect_sample_t *s)
{
    cJSON *o = cJSON_CreateObject();
    if (s->type >= 0)
        cJSON_AddStringToObject(o, "type", level_type_name((level_type_t)s->type));
    else
        cJSON_AddNullToObject(o, "type");
    cJSON_AddItemToObject(o, "dlevel", pair(s->dlevel_lo, s->dlevel_hi));
    cJSON_AddNumberToObject(o, "difficulty", s->difficulty);
    cJSON_AddBoolToObject(o, "no_single", s->no_single);
    cJSON_AddItemToObject(o, "levels", u64(s->levels));
    return o;
}

static cJSON *check_json(const result_t *r, const group_t *g, double alpha)
{
    /* The check's own sample, with the levels its group ran (0: not run). */
    expect_sample_t smp = r->e->sample;
    smp.levels = r->run ? g->s.levels : 0;
    const expect_check_t *e = r->e;
    char l[32];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", e->name);
    cJSON_AddStringToObject(o, "family", e->family);
    cJSON_AddStringToObject(o, "source", expect_source_name(e->source));
    cJSON_AddStringToObject(o, "observation", e->observation);
    cJSON_AddStringToObject(o, "test", expect_test_name(e->test));
    cJSON_AddItemToObject(o, "sample", sample_json(&smp));
    cJSON_AddStringToObject(o, "expected_text", e->expected_text);
    bool moments = TALLY_HISTS[e->hist].kind == HIST_MOMENTS;
    /* expected */
    cJSON *ex = NULL;
    switch (e->test) {
    case EXPECT_DISTRIBUTION:
        ex = cJSON_CreateObject();
        for (int b = 0; b < e->nbins; b++)
            if (e->given[b] && e->prob[b] > 0)
                cJSON_AddItemToObject(ex, bin_label(e, b, l, sizeof l), num(e->prob[b]));
        break;
    case EXPECT_PROPORTION:
        ex = num(e->p);
        break;
    case EXPECT_EXACT:
        if (moments) {
            ex = num((double)e->lo);
        } else {
            for (int b = 0; b < e->nbins; b++)
                if (e->hit[b])
                    ex = TALLY_HISTS[e->hist].labels ? cJSON_CreateString(bin_label(e, b, l, sizeof l))
                                                     : cJSON_CreateNumber(b);
        }
        break;
    case EXPECT_RANGE:
        ex = pair((double)e->lo, (double)e->hi);
        break;
    }
    cJSON_AddItemToObject(o, "expected", ex ? ex : cJSON_CreateNull());
    /* observed and interval */
    cJSON *ob = NULL, *iv = NULL;
    if (r->n && moments) {
        ob = pair((double)r->omin, (double)r->omax);
    } else if (r->n && e->test == EXPECT_DISTRIBUTION) {
        ob = cJSON_CreateObject();
        iv = cJSON_CreateObject();
        for (int b = 0; b < e->nbins; b++) {
            if (!e->given[b] || (e->prob[b] == 0 && r->counts[b] == 0))
                continue;
            double lo, hi;
            stats_wilson(r->counts[b], r->n, alpha, &lo, &hi);
            bin_label(e, b, l, sizeof l);
            cJSON_AddItemToObject(ob, l, num((double)r->counts[b] / (double)r->n));
            cJSON_AddItemToObject(iv, l, pair(lo, hi));
        }
    } else if (r->n) {
        ob = num(r->share);
        iv = pair(r->lo, r->hi);
    }
    cJSON_AddItemToObject(o, "observed", ob ? ob : cJSON_CreateNull());
    cJSON_AddItemToObject(o, "interval", iv ? iv : cJSON_CreateNull());
    if (r->n && !moments && (e->test == EXPECT_EXACT || e->test == EXPECT_RANGE)) {
        cJSON *c = cJSON_CreateObject();
        for (int b = 0; b < e->nbins; b++)
            if (r->counts[b])
                cJSON_AddItemToObject(c, bin_label(e, b, l, sizeof l), u64(r->counts[b]));
        cJSON_AddItemToObject(o, "counts", c);
    }
    if (r->n && e->test == EXPECT_DISTRIBUTION) {
        cJSON_AddItemToObject(o, "chi2", num(r->chi.stat));
        cJSON_AddNumberToObject(o, "dof", r->chi.dof);
        cJSON_AddNumberToObject(o, "pooled", r->chi.pooled);
    }
    cJSON_AddItemToObject(o, "n", u64(r->n));
    cJSON_AddItemToObject(o, "p", num(r->p));
    cJSON_AddItemToObject(o, "p_holm", num(r->p_holm));
    cJSON_AddItemToObject(o, "effect", num(r->effect));
    cJSON_AddItemToObject(o, "mde", num(r->mde));
    cJSON_AddStringToObject(o, "verdict", VERDICT[r->v]);
    if (r->reason[0])
        cJSON_AddStringToObject(o, "reason", r->reason);
    if (e->discrepancy)
        cJSON_AddStringToObject(o, "known_discrepancy", e->discrepancy);
    if (!e->enabled)
        cJSON_AddStringToObject(o, "pending", e->pending);
    return o;
}

static void count_verdicts(const result_t *r, int nr, int c[5])
{
    memset(c, 0, 5 * sizeof *c);
    for (int i = 0; i < nr; i++)
        c[r[i].v]++;
}

static char *report_json(const result_t *r, int nr, const group_t *g, uint64_t levels,
                         const opts_t *o)
{
    int c[5];
    count_verdicts(r, nr, c);
    cJSON *root = cJSON_CreateObject();
    cJSON *s = cJSON_AddObjectToObject(root, "summary");
    cJSON_AddNumberToObject(s, "passed", c[V_PASS]);
    cJSON_AddNumberToObject(s, "failed", c[V_FAIL]);
    cJSON_AddNumberToObject(s, "xfail", c[V_XFAIL]);
    cJSON_AddNumberToObject(s, "xpass", c[V_XPASS]);
    cJSON_AddNumberToObject(s, "skipped", c[V_SKIP]);
    cJSON_AddItemToObject(s, "levels", u64(levels));
    cJSON_AddItemToObject(s, "seed", u64(o->seed));
    cJSON_AddNumberToObject(s, "alpha", o->alpha);
    cJSON_AddNumberToObject(s, "power", CHECK_POWER);
    cJSON *arr = cJSON_AddArrayToObject(root, "checks");
    for (int i = 0; i < nr; i++)
        cJSON_AddItemToArray(arr, check_json(&r[i], &g[r[i].group], o->alpha));
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        return NULL;
    size_t len = strlen(text);
    char *out = realloc(text, len + 2);
    if (!out) {
        free(text);
        return NULL;
    }
    out[len] = '\n';
    out[len + 1] = '\0';
    return out;
}

/* A growing string for the Markdown report. */
typedef struct sbuf {
    char *s;
    size_t len, cap;
    bool oom;
} sbuf_t;

static void sb_add(sbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_add(sbuf_t *b, const char *fmt, ...)
{
    if (b->oom)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->oom = true;
            return;
        }
        if (b->s && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = (b->cap ? b->cap * 2 : 4096) + (size_t)n;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->oom = true;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
}

static char *report_markdown(const result_t *r, int nr, uint64_t levels, const opts_t *o)
{
    int c[5];
    count_verdicts(r, nr, c);
    sbuf_t b = {0};
    sb_add(&b, "## drlsim check\n\n");
    sb_add(&b, "%d passed, %d failed, %d expected failures (XFAIL), %d unexpected passes (XPASS), "
               "%d disabled; %llu levels, seed %llu, alpha %g per family (Holm), power %g for the "
               "minimum detectable effects.\n\n",
           c[V_PASS], c[V_FAIL], c[V_XFAIL], c[V_XPASS], c[V_SKIP], (unsigned long long)levels,
           (unsigned long long)o->seed, o->alpha, CHECK_POWER);
    if (c[V_XPASS])
        sb_add(&b, "**%d known discrepancies passed (XPASS): the wiki's claim now holds; update "
                   "data/expectations.json.**\n\n", c[V_XPASS]);
    sb_add(&b, "| verdict | check | family | source | expected | observed | n | p | p (Holm) |\n");
    sb_add(&b, "|---|---|---|---|---|---|---:|---:|---:|\n");
    for (int i = 0; i < nr; i++) {
        if (r[i].v == V_SKIP)
            continue;
        const expect_check_t *e = r[i].e;
        char obs[256], p[32], ph[32];
        observed_text(&r[i], obs, sizeof obs);
        fmt_p(r[i].p, p, sizeof p);
        fmt_p(r[i].p_holm, ph, sizeof ph);
        const char *v = VERDICT[r[i].v];
        sb_add(&b, "| %s%s%s | %s | %s | %s | %s | %s%s%s | %llu | %s | %s |\n",
               r[i].v == V_PASS || r[i].v == V_XFAIL ? "" : "**", v,
               r[i].v == V_PASS || r[i].v == V_XFAIL ? "" : "**", e->name, e->family,
               expect_source_name(e->source), e->expected_text, obs, r[i].reason[0] ? "; " : "",
               r[i].reason, (unsigned long long)r[i].n, p, ph);
    }
    if (c[V_SKIP]) {
        sb_add(&b, "\nDisabled (pending code not on main):");
        for (int i = 0; i < nr; i++)
            if (r[i].v == V_SKIP)
                sb_add(&b, " %s", r[i].e->name);
        sb_add(&b, "\n");
    }
    if (b.oom) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

/* ---- the command ---- */

enum { O_HELP = 1, O_LEVELS, O_SEED, O_ALPHA, O_THREADS, O_EXPECT, O_JSON, O_MARKDOWN,
       O_PROGRESS, O_SCALE, O_ONLY, O_ALL };

static const cli_opt_t OPTS[] = {
    {"help", false, O_HELP},         {"levels", true, O_LEVELS},   {"seed", true, O_SEED},
    {"alpha", true, O_ALPHA},        {"threads", true, O_THREADS}, {"expect", true, O_EXPECT},
    {"json", true, O_JSON},          {"markdown", true, O_MARKDOWN},
    {"progress", true, O_PROGRESS},  {"scale", true, O_SCALE},     {"only", true, O_ONLY},
    {"all", false, O_ALL},
};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim check [--levels N] [--seed S] [--alpha A] [--threads K]\n"
            "                    [--expect FILE] [--json FILE] [--markdown FILE]\n"
            "                    [--progress auto|always|never] [--scale F] [--only TEXT] [--all]\n"
            "\n"
            "Test the documented probabilities (data/expectations.json, format in\n"
            "docs/expectations.md) against generated levels.  Checks that need the same\n"
            "sample (type, dlevel, difficulty, single switch) share one run of levels.\n"
            "Distributions: chi-square goodness of fit; proportions: exact binomial test;\n"
            "deterministic quantities: no exception allowed.  Holm's correction within each\n"
            "family; a check fails when its adjusted p-value is below alpha, or when it has\n"
            "no observations at all.  Known discrepancies are XFAIL; if one passes it is\n"
            "an XPASS, reported loudly.\n"
            "\n"
            "  --levels N       levels per sample group without its own \"levels\" in the\n"
            "                   file (default: the file's \"levels\")\n"
            "  --scale F        multiply every group's levels by F (e.g. 0.1 for a quick run)\n"
            "  --seed S         master seed (default 0); each group derives its own\n"
            "  --alpha A        significance level per family (default %g)\n"
            "  --threads K      worker threads (default: all cores); results do not depend on it\n"
            "  --expect FILE    expectations file (default: the built-in data/expectations.json)\n"
            "  --json FILE      write the results as JSON ('-': stdout, no table)\n"
            "  --markdown FILE  write the results as a Markdown table ('-': stdout, no table)\n"
            "  --progress WHEN  progress bar on stderr: auto (on a terminal), always, never\n"
            "  --only TEXT      run only the checks whose name or family contains TEXT\n"
            "  --all            also run the checks marked \"enabled\": false\n"
            "\n"
            "Exit status: 0 when no check fails (XFAIL and XPASS do not count), 1 when one\n"
            "does, 2 on bad options or a bad expectations file, 130 when interrupted.\n",
            CHECK_DEFAULT_ALPHA);
}

static bool parse_opts(int argc, char **argv, opts_t *o, int *rc)
{
    cli_t c;
    cli_init(&c, "check", argc, argv);
    memset(o, 0, sizeof *o);
    o->scale = 1.0;
    o->alpha = CHECK_DEFAULT_ALPHA;
    o->d.progress = PROGRESS_AUTO;
    static const char *const PROGRESS[] = {"auto", "always", "never", NULL};
    long v;
    int id;
    *rc = CLI_EXIT_USAGE;
    while ((id = cli_next(&c, OPTS, (int)(sizeof OPTS / sizeof OPTS[0]))) != 0) {
        switch (id) {
        case -1:
            return false;
        case O_HELP:
            usage(stdout);
            *rc = 0;
            return false;
        case O_LEVELS:
            if (!cli_u64(&c, &o->levels))
                return false;
            if (o->levels < 1 || o->levels > CHECK_MAX_LEVELS) {
                cli_error(&c, "--levels: %s is out of range 1..%llu", c.arg,
                          (unsigned long long)CHECK_MAX_LEVELS);
                return false;
            }
            break;
        case O_SCALE:
            if (!cli_double(&c, 1e-6, 1000.0, &o->scale))
                return false;
            break;
        case O_SEED:
            if (!cli_u64(&c, &o->seed))
                return false;
            break;
        case O_ALPHA:
            if (!cli_double(&c, 1e-300, 0.5, &o->alpha))
                return false;
            break;
        case O_THREADS:
            if (!cli_long(&c, 1, 1024, &v))
                return false;
            o->d.threads = (int)v;
            break;
        case O_EXPECT:
            o->expect = c.arg;
            break;
        case O_JSON:
            o->json = c.arg;
            break;
        case O_MARKDOWN:
            o->markdown = c.arg;
            break;
        case O_PROGRESS:
            if ((v = cli_choice(&c, PROGRESS)) < 0)
                return false;
            o->d.progress = (progress_mode_t)v;
            break;
        case O_ONLY:
            o->only = c.arg;
            break;
        case O_ALL:
            o->all = true;
            break;
        }
    }
    if ((o->json && outfile_check(o->json) != 0) ||
        (o->markdown && outfile_check(o->markdown) != 0))
        return false;
    if (o->json && o->markdown && strcmp(o->json, "-") == 0 && strcmp(o->markdown, "-") == 0) {
        cli_error(&c, "--json and --markdown cannot both write to stdout");
        return false;
    }
    return true;
}

static bool selected(const expect_check_t *e, const opts_t *o)
{
    if (!e->enabled && !o->all)
        return false;
    return !o->only || strstr(e->name, o->only) || strstr(e->family, o->only);
}

static int write_out(const char *path, char *text)
{
    if (!text) {
        fprintf(stderr, "drlsim check: out of memory\n");
        return 1;
    }
    int rc = outfile_write(path, text, strlen(text)) ? 1 : 0;
    free(text);
    return rc;
}

int cmd_check(int argc, char **argv)
{
    opts_t o;
    int rc;
    if (!parse_opts(argc, argv, &o, &rc))
        return rc;
    gsl_set_error_handler_off();
    char err[512];
    expect_set_t set;
    if (!expect_load(&set, o.expect, err, sizeof err)) {
        fprintf(stderr, "drlsim check: %s\n", err);
        return CLI_EXIT_USAGE;
    }
    const ruleset_t *rules = tables_load();
    if (!rules) {
        expect_free(&set);
        return CLI_EXIT_USAGE;
    }
    uint64_t deflevels = o.levels ? o.levels : set.levels;
    result_t *r = calloc((size_t)set.n, sizeof *r);
    group_t *g = calloc((size_t)set.n, sizeof *g);
    if (!r || !g) {
        fprintf(stderr, "drlsim check: out of memory\n");
        return 1;
    }
    /* Groups in order of first use; a group's levels are the largest any
     * of its checks asks for, else the default. */
    int ng = 0, nrun = 0;
    for (int i = 0; i < set.n; i++) {
        const expect_check_t *e = &set.check[i];
        r[i].e = e;
        r[i].run = selected(e, &o);
        int k = 0;
        while (k < ng && !expect_same_sample(&g[k].s, &e->sample))
            k++;
        if (k == ng) {
            g[ng].s = e->sample;
            g[ng].s.levels = 0;
            g[ng].seed = group_seed(o.seed, &e->sample);
            ng++;
        }
        r[i].group = k;
        if (r[i].run && e->sample.levels > g[k].s.levels)
            g[k].s.levels = e->sample.levels;
        if (r[i].run)
            nrun++;
    }
    if (nrun == 0) {
        fprintf(stderr, "drlsim check: no check selected%s%s\n", o.only ? " by --only " : "",
                o.only ? o.only : "");
        expect_free(&set);
        free(r);
        free(g);
        return CLI_EXIT_USAGE;
    }
    /* Groups no selected check uses are not run. */
    int nactive = 0;
    for (int k = 0; k < ng; k++) {
        bool used = false;
        for (int i = 0; i < set.n && !used; i++)
            used = r[i].run && r[i].group == k;
        uint64_t lv = g[k].s.levels ? g[k].s.levels : deflevels;
        double scaled = ceil((double)lv * o.scale);
        g[k].s.levels = used ? (scaled < 1 ? 1 : (uint64_t)scaled) : 0;
        nactive += used;
    }
    group_t *active = calloc((size_t)(nactive ? nactive : 1), sizeof *active);
    int *map = calloc((size_t)ng, sizeof *map);
    if (!active || !map) {
        fprintf(stderr, "drlsim check: out of memory\n");
        return 1;
    }
    int a = 0;
    for (int k = 0; k < ng; k++) {
        map[k] = g[k].s.levels ? a : -1;
        if (g[k].s.levels)
            active[a++] = g[k];
    }
    for (int i = 0; i < set.n; i++)
        r[i].group = map[r[i].group] >= 0 ? map[r[i].group] : 0;

    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    uint64_t levels = 0;
    double secs = 0;
    int threads = 0;
    bool ok = run_groups(active, nactive, &o, rules, &levels, &secs, &threads);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    rc = driver_stop_requested() ? 130 : 1;
    if (ok) {
        for (int i = 0; i < set.n; i++)
            if (r[i].run)
                evaluate(&r[i], &active[r[i].group], o.alpha);
        decide(r, set.n, o.alpha);
        bool to_stdout = (o.json && strcmp(o.json, "-") == 0) ||
                         (o.markdown && strcmp(o.markdown, "-") == 0);
        if (!to_stdout) {
            printf("drlsim check: %d sample groups, %llu levels, seed %llu, alpha %g per family "
                   "(Holm), intervals at 1 - alpha\n\n",
                   nactive, (unsigned long long)levels, (unsigned long long)o.seed, o.alpha);
            print_table(stdout, r, set.n, o.alpha);
        }
        int c[5];
        count_verdicts(r, set.n, c);
        int wrc = 0;
        if (o.json)
            wrc |= write_out(o.json, report_json(r, set.n, active, levels, &o));
        if (o.markdown)
            wrc |= write_out(o.markdown, report_markdown(r, set.n, levels, &o));
        for (int i = 0; i < set.n; i++)
            if (r[i].v == V_XPASS)
                fprintf(stderr, "drlsim check: XPASS %s: the known discrepancy no longer shows "
                                "(%s); update data/expectations.json\n",
                        r[i].e->name, r[i].e->discrepancy);
        if (!to_stdout)
            printf("\n%d passed, %d failed, %d xfail, %d xpass, %d disabled\n", c[V_PASS],
                   c[V_FAIL], c[V_XFAIL], c[V_XPASS], c[V_SKIP]);
        fprintf(stderr, "drlsim check: %llu levels in %.2f s (%.0f levels/s, %d threads)\n",
                (unsigned long long)levels, secs, secs > 0 ? (double)levels / secs : 0.0,
                threads);
        rc = wrc ? 1 : c[V_FAIL] ? 1 : 0;
    }
    for (int i = 0; i < set.n; i++)
        free(r[i].counts);
    for (int k = 0; k < nactive; k++)
        tally_free(active[k].t);
    free(active);
    free(map);
    free(r);
    free(g);
    expect_free(&set);
    return rc;
}
