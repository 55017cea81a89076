/* check.c - the conformance engine of check.h: groups, tests, Holm, verdicts.
 *
 * A check with no relevant observation fails ("no observations"): code that
 * does not produce an observation can never pass silently; so does a
 * distribution whose sample is too small to leave two cells after pooling.
 * Strata of level types without a layout hold levels that only have a type,
 * so they count for the type histogram and nothing else.
 */
#include "check.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "tally.h"

const char *const CHECK_VERDICT[VERDICT__COUNT] = {"PASS",  "FAIL", "XFAIL",
                                                   "XPASS", "SKIP", "NOTRUN"};

/* ---- groups ---- */

void check_sample_desc(const expect_sample_t *s, char *buf, size_t n)
{
    char dl[32];
    if (s->dlevel_lo == s->dlevel_hi)
        snprintf(dl, sizeof dl, "%d", s->dlevel_lo);
    else
        snprintf(dl, sizeof dl, "%d-%d", s->dlevel_lo, s->dlevel_hi);
    char st[24] = "";
    if (s->style)
        snprintf(st, sizeof st, " style=%d", s->style);
    snprintf(buf, n, "type=%s dlevel=%s difficulty=%d%s%s",
             s->type >= 0 ? level_type_name((level_type_t)s->type) : "drawn", dl, s->difficulty,
             s->no_single ? " no_single" : "", st);
}

/* The group's seed: the master seed mixed with a hash of its description,
 * so it depends on what the group samples and on nothing else. */
uint64_t check_group_seed(uint64_t master, const expect_sample_t *s)
{
    char key[128];
    check_sample_desc(s, key, sizeof key);
    uint64_t h = UINT64_C(1469598103934665603); /* FNV-1a */
    for (const char *c = key; *c; c++)
        h = (h ^ (unsigned char)*c) * UINT64_C(1099511628211);
    return rng_mix64(master ^ rng_mix64(h));
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

int check_plan(const expect_set_t *set, const bool *run, uint64_t seed, uint64_t deflevels,
               double scale, check_result_t *r, check_group_t *g)
{
    /* Every sample in the order of its first use; its levels are the
     * largest a selected check of it asks for. */
    int ng = 0;
    for (int i = 0; i < set->n; i++) {
        const expect_check_t *e = &set->check[i];
        r[i].e = e;
        r[i].run = run[i];
        int k = 0;
        while (k < ng && !expect_same_sample(&g[k].s, &e->sample))
            k++;
        if (k == ng) {
            g[ng].s = e->sample;
            g[ng].s.levels = 0;
            g[ng].seed = check_group_seed(seed, &e->sample);
            g[ng].t = NULL;
            ng++;
        }
        r[i].group = k;
        if (run[i] && e->sample.levels > g[k].s.levels)
            g[k].s.levels = e->sample.levels;
    }
    /* Only the samples a selected check uses are run: compact them. */
    int na = 0;
    for (int k = 0; k < ng; k++) {
        bool used = false;
        for (int i = 0; i < set->n && !used; i++)
            used = run[i] && r[i].group == k;
        if (!used)
            continue;
        for (int i = 0; i < set->n; i++)
            if (r[i].group == k)
                r[i].group = -1 - na; /* marked: moved to na */
        uint64_t lv = g[k].s.levels ? g[k].s.levels : deflevels;
        double scaled = ceil((double)lv * scale);
        g[na] = g[k];
        g[na].s.levels = scaled < 1 ? 1 : (uint64_t)scaled;
        na++;
    }
    for (int i = 0; i < set->n; i++)
        r[i].group = r[i].group < 0 ? -1 - r[i].group : 0;
    return na;
}

/* Mark the groups after group i as stopped (check_after_fn). */
static void stop_after(check_group_t *g, int i, int ng)
{
    for (int k = i + 1; k < ng; k++) {
        g[k].stopped = true;
        snprintf(g[k].why, sizeof g[k].why, "--fail-fast stopped the run at a failed check");
    }
}

/* Run every group; false when interrupted or out of memory. */
bool check_run_groups(check_group_t *g, int ng, const driver_opts_t *dopt,
                      const tables_t *tables, uint64_t *levels, double *secs, int *threads,
                      check_after_fn after, void *ctx)
{
    *levels = 0;
    *secs = 0;
    /* One bar for every group, counting the levels of them all (driver.h). */
    uint64_t total = 0;
    for (int i = 0; i < ng; i++)
        if (g[i].s.type < 0 || tables->rules->has_type[g[i].s.type])
            total += g[i].s.levels;
    driver_progress_t bar;
    driver_progress_begin(&bar, dopt->label ? dopt->label : "check", dopt->progress, total);
    driver_opts_t d = *dopt;
    d.bar = &bar;
    bool ok = true;
    for (int i = 0; i < ng; i++) {
        g[i].types = 0;
        for (int t = 0; t < LT__COUNT; t++)
            if (tables->rules->has_type[t])
                g[i].types |= 1u << t;
        if (g[i].s.type >= 0 && !tables->rules->has_type[g[i].s.type]) {
            snprintf(g[i].why, sizeof g[i].why, "ruleset %s makes no %s levels", tables->name,
                     level_type_name((level_type_t)g[i].s.type));
            if (after && after(i, ctx)) {
                stop_after(g, i, ng);
                break;
            }
            continue;
        }
        g[i].t = tally_new(g[i].s.dlevel_lo, g[i].s.dlevel_hi, g[i].s.difficulty);
        if (!g[i].t) {
            fprintf(stderr, "drlsim check: out of memory\n");
            ok = false;
            break;
        }
        job_t job;
        memset(&job, 0, sizeof job);
        gen_params_default(&job.params, tables);
        job.params.type = g[i].s.type;
        job.params.difficulty = g[i].s.difficulty;
        job.params.single_enabled = !g[i].s.no_single;
        job.params.style = g[i].s.style;
        job.dlevel_lo = g[i].s.dlevel_lo;
        job.dlevel_hi = g[i].s.dlevel_hi;
        job.seed = g[i].seed;
        job.first = 0;
        job.count = g[i].s.levels;
        driver_result_t res;
        if (driver_run(&job, &d, g[i].t, &res) != 0) {
            ok = false;
            break;
        }
        g[i].done = res.done;
        *levels += res.done;
        *secs += res.seconds;
        *threads = res.threads;
        driver_result_free(&res);
        /* After a stop request the remaining groups run no level: their
         * checks report "no observations", and the report says it is
         * incomplete (the caller tests driver_stop_requested). */
        if (after && after(i, ctx)) {
            stop_after(g, i, ng);
            break;
        }
    }
    driver_progress_end(&bar);
    return ok;
}

/* ---- evaluation ---- */

static void set_reason(check_result_t *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void set_reason(check_result_t *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->reason, sizeof r->reason, fmt, ap);
    va_end(ap);
}

/* A less test: is the mean of e->hist shown below that of e->than?  Welch's
 * statistic, one-sided, normal tail (both samples are thousands of levels:
 * a sample under CHECK_LESS_MIN_N is too small to say).  It passes (p 1)
 * when the one-sided p-value of "not below" is under alpha, fails (p 0)
 * otherwise: the claim must show, not merely not be contradicted. */
#define CHECK_LESS_MIN_N 30
static void less(check_result_t *r, const check_group_t *g, unsigned mask, const uint64_t *a,
                 double alpha)
{
    const expect_check_t *e = r->e;
    uint64_t b[MOM__COUNT];
    tally_sum(g->t, e->than, g->s.dlevel_lo, g->s.dlevel_hi, mask, b);
    r->n = a[MOM_N];
    if (a[MOM_N] == 0 || b[MOM_N] == 0) {
        set_reason(r, "no observations%s", a[MOM_N] ? " of the second value" : "");
        r->n = 0;
        return;
    }
    double na = (double)a[MOM_N], nb = (double)b[MOM_N];
    double ma = (double)a[MOM_SUM] / na, mb = (double)b[MOM_SUM] / nb;
    double va = na > 1 ? ((double)a[MOM_SUMSQ] - na * ma * ma) / (na - 1) : 0;
    double vb = nb > 1 ? ((double)b[MOM_SUMSQ] - nb * mb * mb) / (nb - 1) : 0;
    double se = sqrt((va > 0 ? va : 0) / na + (vb > 0 ? vb : 0) / nb);
    r->mean = ma;
    r->than_mean = mb;
    r->p_less = se > 0 ? gsl_cdf_ugaussian_P((ma - mb) / se) : (ma < mb ? 0.0 : 1.0);
    double sd = sqrt(((va > 0 ? va : 0) + (vb > 0 ? vb : 0)) / 2);
    r->effect = sd > 0 ? (ma - mb) / sd : 0;
    if (a[MOM_N] < CHECK_LESS_MIN_N || b[MOM_N] < CHECK_LESS_MIN_N) {
        r->untestable = true;
        set_reason(r, "too few observations: %llu and %llu levels", (unsigned long long)a[MOM_N],
                   (unsigned long long)b[MOM_N]);
    }
    r->p = r->p_less < alpha && !r->untestable ? 1.0 : 0.0;
    if (r->p == 0.0 && !r->untestable)
        set_reason(r, "mean %.4g is not shown below %.4g (one-sided p %.3g)", ma, mb,
                   r->p_less);
}

void check_evaluate(check_result_t *r, const check_group_t *g, double alpha)
{
    /* the verdicts and the detectable effects wait for Holm (check_decide);
     * a less test decides at alpha itself */
    const expect_check_t *e = r->e;
    const hist_def_t *hd = &TALLY_HISTS[e->hist];
    r->p = r->p_holm = r->effect = r->mde = r->mde_w = r->alpha_adj = NAN;
    r->share = r->lo = r->hi = NAN;
    r->underpowered = false;
    if (!g->t) {
        set_reason(r, "%s: %s", g->stopped ? "not run" : "no observations", g->why);
        r->partial = g->stopped; /* NOTRUN, not FAIL */
        return;
    }
    r->partial = g->done < g->s.levels;
    /* Types the ruleset does not make have no strata: only the type
     * histogram speaks of them (their share is 0). */
    unsigned impl = g->types, mask = e->types;
    if (strcmp(hd->name, "type") != 0)
        mask &= impl;
    if (!mask) {
        char list[128];
        type_list(e->types & ~impl, list, sizeof list);
        set_reason(r, "no observations: the ruleset makes no %s levels", list);
        return;
    }
    int slots = tally_hist_slots(e->hist);
    uint64_t *buf = calloc((size_t)slots, sizeof *buf);
    if (!buf) {
        set_reason(r, "out of memory");
        return;
    }
    tally_sum(g->t, e->hist, g->s.dlevel_lo, g->s.dlevel_hi, mask, buf);

    if (e->test == EXPECT_LESS) {
        less(r, g, mask, buf, alpha);
        free(buf);
        return;
    }
    if (hd->kind == HIST_MOMENTS) {
        r->n = buf[MOM_N];
        if (r->n) {
            r->omin = (int64_t)buf[MOM_MIN];
            r->omax = (int64_t)buf[MOM_MAX];
            bool ok = r->omin >= e->lo && r->omax <= e->hi;
            r->p = ok ? 1.0 : 0.0;
            if (ok && e->attained && r->n >= (uint64_t)e->attained && (r->omin != e->lo || r->omax != e->hi)) {
                r->p = 0.0;
                set_reason(r, "observed %lld..%lld does not reach both ends of %lld..%lld",
                           (long long)r->omin, (long long)r->omax, (long long)e->lo,
                           (long long)e->hi);
            }
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
        stats_clopper_pearson(x, r->n, 1.0 - CHECK_CONFIDENCE, &r->lo, &r->hi);
        r->effect = r->share - e->p;
        break;
    }
    case EXPECT_LESS: /* on moments only (expect.c), evaluated above */
        break;
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
        r->omax_clamped = !tally_hist_labelled(e->hist) && r->omax == e->nbins - 1;
        r->others = r->n - in;
        r->share = (double)in / n;
        r->p = stats_exact_p(r->others);
        stats_clopper_pearson(in, r->n, 1.0 - CHECK_CONFIDENCE, &r->lo, &r->hi);
        r->effect = (double)r->others / n;
        if (r->others)
            set_reason(r, "%llu of %llu observations %s", (unsigned long long)r->others,
                       (unsigned long long)r->n,
                       e->test == EXPECT_EXACT ? "differ from the value" : "lie outside the range");
        else if (e->attained && r->n >= (uint64_t)e->attained && (r->omin != e->lo || r->omax != e->hi)) {
            /* the range's ends must be seen: a narrowed rule passes a bare range */
            r->p = 0.0;
            set_reason(r, "observed %lld..%lld does not reach both ends of %lld..%lld",
                       (long long)r->omin, (long long)r->omax, (long long)e->lo,
                       (long long)e->hi);
        }
        break;
    }
    }
}

bool check_is_statistical(const expect_check_t *e)
{
    return e->test == EXPECT_DISTRIBUTION || e->test == EXPECT_PROPORTION;
}

/* The two largest expected probabilities among a distribution's bins: a
 * shift of mass d between them has Cohen's w = d sqrt(1/p1 + 1/p2), the
 * smallest w of any 2-bin shift of d, so it is the shift hardest to see. */
static double largest_pair_factor(const expect_check_t *e)
{
    double p1 = 0, p2 = 0;
    for (int b = 0; b < e->nbins; b++) {
        if (!e->given[b])
            continue;
        double q = e->prob[b];
        if (q > p1) {
            p2 = p1;
            p1 = q;
        } else if (q > p2) {
            p2 = q;
        }
    }
    return p2 > 0 ? sqrt(1.0 / p1 + 1.0 / p2) : NAN;
}

/* The minimum detectable effect of a check that ran, at level a. */
static void set_mde(check_result_t *r, double a)
{
    const expect_check_t *e = r->e;
    r->alpha_adj = a;
    if (TALLY_HISTS[e->hist].kind == HIST_MOMENTS || !check_is_statistical(e)) {
        r->mde = stats_mde_exact(r->n, CHECK_POWER);
        return;
    }
    if (e->test == EXPECT_PROPORTION) {
        r->mde = stats_mde_proportion(r->n, e->p, a, CHECK_POWER);
    } else if (r->chi.impossible) {
        return; /* a value of probability 0 was seen: it fails whatever the power */
    } else if (r->chi.dof >= 1) {
        r->mde_w = stats_mde_chisq(r->n, r->chi.dof, a, CHECK_POWER);
        r->mde = r->mde_w / largest_pair_factor(e);
    }
    r->underpowered = !(r->mde <= CHECK_MDE_TARGET);
}

bool check_fails_surely(const check_result_t *r, int nr, int k, double alpha)
{
    const check_result_t *c = &r[k];
    if (!c->run || c->e->discrepancy || c->partial)
        return false;
    if (c->n == 0 || c->untestable)
        return true; /* check_decide: FAIL */
    if (!check_is_statistical(c->e))
        return !(c->p >= alpha); /* no correction: check_decide's own test */
    /* Holm's adjusted p of any check is at most m p when m counts the
     * family's statistical checks that have observations; every selected
     * one is at least that many. */
    int m = 0;
    for (int j = 0; j < nr; j++)
        m += r[j].run && check_is_statistical(r[j].e) && strcmp(r[j].e->family, c->e->family) == 0;
    return c->p * m < alpha;
}

/* Holm within each family, then the verdicts; false when out of memory. */
bool check_decide(check_result_t *r, int nr, double alpha)
{
    double *p = malloc((size_t)(nr ? nr : 1) * sizeof *p);
    int *idx = malloc((size_t)(nr ? nr : 1) * sizeof *idx);
    bool *done = calloc((size_t)(nr ? nr : 1), 1);
    if (!p || !idx || !done) {
        free(p);
        free(idx);
        free(done);
        fprintf(stderr, "drlsim check: out of memory\n");
        return false;
    }
    for (int i = 0; i < nr; i++) {
        if (done[i] || !r[i].run || r[i].n == 0 || !check_is_statistical(r[i].e))
            continue;
        int m = 0;
        for (int j = i; j < nr; j++)
            if (!done[j] && r[j].run && r[j].n > 0 && check_is_statistical(r[j].e) &&
                strcmp(r[j].e->family, r[i].e->family) == 0) {
                idx[m] = j;
                p[m++] = r[j].p;
                done[j] = true;
            }
        stats_holm(p, m, p);
        for (int k = 0; k < m; k++) {
            r[idx[k]].p_holm = p[k];
            set_mde(&r[idx[k]], alpha / m);
        }
    }
    /* Deterministic checks: no correction (their p is 1 or 0). */
    for (int i = 0; i < nr; i++)
        if (r[i].run && r[i].n > 0 && !check_is_statistical(r[i].e)) {
            r[i].p_holm = r[i].p;
            set_mde(&r[i], alpha);
        }
    for (int i = 0; i < nr; i++) {
        if (!r[i].run) {
            r[i].v = VERDICT_SKIP;
            continue;
        }
        if (r[i].n == 0 || r[i].untestable) {
            /* Too little to test is a failure, unless an interruption cut
             * the sample short: then the check was not run, not failed. */
            if (r[i].partial) {
                r[i].v = VERDICT_NOTRUN;
                if (strncmp(r[i].reason, "not run", 7) != 0) /* kept: --fail-fast's */
                    set_reason(&r[i], "not run: the run was interrupted before its sample");
            } else {
                r[i].v = VERDICT_FAIL;
            }
            continue;
        }
        bool fail = !(r[i].p_holm >= alpha);
        if (r[i].e->discrepancy)
            r[i].v = fail ? VERDICT_XFAIL : VERDICT_XPASS;
        else
            r[i].v = fail ? VERDICT_FAIL : VERDICT_PASS;
    }
    free(p);
    free(idx);
    free(done);
    return true;
}

void check_count(const check_result_t *r, int nr, int c[VERDICT__COUNT])
{
    memset(c, 0, VERDICT__COUNT * sizeof *c);
    for (int i = 0; i < nr; i++)
        c[r[i].v]++;
}

int check_count_underpowered(const check_result_t *r, int nr)
{
    int k = 0;
    for (int i = 0; i < nr; i++)
        k += r[i].v != VERDICT_SKIP && r[i].v != VERDICT_NOTRUN && r[i].underpowered;
    return k;
}
