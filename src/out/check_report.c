/* check_report.c - the results of drlsim check as a text table, JSON,
 * Markdown and JUnit XML (check_report.h; the JSON schema is in
 * docs/expectations.md).
 *
 * Nothing time- or thread-dependent goes into the JSON or the Markdown: the
 * same seed and expectations give the same bytes for any --threads.
 */
#include "check_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "junit.h"
#include "report.h"
#include "strbuf.h"
#include "tally.h"

/* ---- reports ---- */

static const char *bin_label(const expect_check_t *e, int b, char *buf, size_t n)
{
    return tally_bin_label(e->names, e->hist, b, buf, n);
}

/* The observation in one line: "0.2512 [0.2451, 0.2574]" and the like. */
static void observed_text(const check_result_t *r, char *buf, size_t n)
{
    const expect_check_t *e = r->e;
    char l1[32], l2[32];
    if (r->n == 0) {
        snprintf(buf, n, "-");
        return;
    }
    if (e->test == EXPECT_LESS) {
        snprintf(buf, n, "mean %.4g against %.4g, one-sided p %.3g", r->mean, r->than_mean,
                 r->p_less);
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
            snprintf(buf, n, "X2 %.4g, %d dof%s, w %.3g (mde %.3g%s)", r->chi.stat, r->chi.dof,
                     r->chi.pooled ? " (pooled)" : "", r->effect, r->mde,
                     r->underpowered ? ", underpowered" : "");
        break;
    case EXPECT_PROPORTION:
        snprintf(buf, n, "%.6f [%.6f, %.6f] (mde %.3g%s)", r->share, r->lo, r->hi, r->mde,
                 r->underpowered ? ", underpowered" : "");
        break;
    case EXPECT_LESS: /* written above */
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

/* The observed value and the two p-values of a result row, as the text and
 * Markdown tables print them. */
typedef struct row_text {
    char obs[256], p[32], ph[32];
} row_text_t;

static void row_text(const check_result_t *r, row_text_t *t)
{
    observed_text(r, t->obs, sizeof t->obs);
    fmt_p(r->p, t->p, sizeof t->p);
    fmt_p(r->p_holm, t->ph, sizeof t->ph);
}

void check_print_table(FILE *out, const check_result_t *r, int nr)
{
    fprintf(out, "%-6s %-30s %10s %10s %10s  %s\n", "RESULT", "CHECK", "N", "P", "P_HOLM",
            "EXPECTED -> OBSERVED");
    int skipped = 0;
    for (int i = 0; i < nr; i++) {
        if (r[i].v == VERDICT_SKIP) {
            skipped++;
            continue;
        }
        const expect_check_t *e = r[i].e;
        row_text_t t;
        row_text(&r[i], &t);
        fprintf(out, "%-6s %-30s %10llu %10s %10s  %s -> %s\n", CHECK_VERDICT[r[i].v], e->name,
                (unsigned long long)r[i].n, t.p, t.ph, e->expected_text, t.obs);
        if (r[i].reason[0])
            fprintf(out, "%48s%s\n", "", r[i].reason);
        if (r[i].v == VERDICT_XFAIL || r[i].v == VERDICT_XPASS)
            fprintf(out, "%48sknown discrepancy: %s\n", "", e->discrepancy);
        if (e->test == EXPECT_DISTRIBUTION && r[i].n) {
            /* One line per bin that is expected or seen. */
            for (int b = 0; b < e->nbins; b++) {
                if (!e->given[b] || (e->prob[b] == 0 && r[i].counts[b] == 0))
                    continue;
                char l[32];
                double lo, hi;
                stats_wilson(r[i].counts[b], r[i].n, 1.0 - CHECK_CONFIDENCE, &lo, &hi);
                fprintf(out, "%48s%-12s %.6f -> %.6f [%.6f, %.6f]\n", "",
                        bin_label(e, b, l, sizeof l),
                        e->prob[b], (double)r[i].counts[b] / (double)r[i].n, lo, hi);
            }
        }
    }
    if (skipped)
        fprintf(out, "(%d checks not run: left out by --only, or disabled, see \"pending\" in "
                     "the file; --all runs them)\n",
                skipped);
}

static cJSON *num(double v)
{
    return isfinite(v) ? cJSON_CreateNumber(v) : cJSON_CreateNull();
}

static cJSON *u64(uint64_t v)
{
    return report_u64(v);
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

static cJSON *check_json(const check_result_t *r, const check_group_t *g)
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
    if (e->claims) {
        cJSON *cl = cJSON_AddArrayToObject(o, "claims");
        char buf[256];
        snprintf(buf, sizeof buf, "%s", e->claims);
        for (char *save = NULL, *id = strtok_r(buf, " ", &save); cl && id;
             id = strtok_r(NULL, " ", &save))
            cJSON_AddItemToArray(cl, cJSON_CreateString(id));
    }
    if (e->derivation)
        cJSON_AddStringToObject(o, "derivation", e->derivation);
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
                    ex = tally_hist_labelled(e->hist)
                             ? cJSON_CreateString(bin_label(e, b, l, sizeof l))
                             : cJSON_CreateNumber(b);
        }
        break;
    case EXPECT_RANGE:
        ex = pair((double)e->lo, (double)e->hi);
        break;
    case EXPECT_LESS:
        ex = cJSON_CreateObject();
        cJSON_AddStringToObject(ex, "than", TALLY_HISTS[e->than].name);
        break;
    }
    cJSON_AddItemToObject(o, "expected", ex ? ex : cJSON_CreateNull());
    /* observed and interval */
    cJSON *ob = NULL, *iv = NULL;
    if (r->n && e->test == EXPECT_LESS) {
        ob = cJSON_CreateObject();
        cJSON_AddItemToObject(ob, "mean", num(r->mean));
        cJSON_AddItemToObject(ob, "than_mean", num(r->than_mean));
        cJSON_AddItemToObject(ob, "p_one_sided", num(r->p_less));
    } else if (r->n && moments) {
        ob = pair((double)r->omin, (double)r->omax);
    } else if (r->n && e->test == EXPECT_DISTRIBUTION) {
        ob = cJSON_CreateObject();
        iv = cJSON_CreateObject();
        for (int b = 0; b < e->nbins; b++) {
            if (!e->given[b] || (e->prob[b] == 0 && r->counts[b] == 0))
                continue;
            double lo, hi;
            stats_wilson(r->counts[b], r->n, 1.0 - CHECK_CONFIDENCE, &lo, &hi);
            const char *name = bin_label(e, b, l, sizeof l); /* labels[b] or l */
            cJSON_AddItemToObject(ob, name, num((double)r->counts[b] / (double)r->n));
            cJSON_AddItemToObject(iv, name, pair(lo, hi));
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
    if (e->test == EXPECT_DISTRIBUTION)
        cJSON_AddItemToObject(o, "mde_w", num(r->mde_w));
    cJSON_AddItemToObject(o, "alpha_adjusted", num(r->alpha_adj));
    cJSON_AddBoolToObject(o, "underpowered", r->underpowered);
    cJSON_AddStringToObject(o, "verdict", CHECK_VERDICT[r->v]);
    if (r->reason[0])
        cJSON_AddStringToObject(o, "reason", r->reason);
    if (e->discrepancy)
        cJSON_AddStringToObject(o, "known_discrepancy", e->discrepancy);
    if (!e->enabled)
        cJSON_AddStringToObject(o, "pending", e->pending);
    return o;
}

char *check_report_json(const check_result_t *r, int nr, const check_group_t *g,
                        const check_info_t *o, const report_provenance_t *pv)
{
    int c[VERDICT__COUNT];
    check_count(r, nr, c);
    cJSON *root = cJSON_CreateObject();
    cJSON *s = cJSON_AddObjectToObject(root, "summary");
    cJSON_AddNumberToObject(s, "passed", c[VERDICT_PASS]);
    cJSON_AddNumberToObject(s, "failed", c[VERDICT_FAIL]);
    cJSON_AddNumberToObject(s, "xfail", c[VERDICT_XFAIL]);
    cJSON_AddNumberToObject(s, "xpass", c[VERDICT_XPASS]);
    cJSON_AddNumberToObject(s, "skipped", c[VERDICT_SKIP]);
    cJSON_AddNumberToObject(s, "not_run", c[VERDICT_NOTRUN]);
    cJSON_AddNumberToObject(s, "underpowered", check_count_underpowered(r, nr));
    cJSON_AddItemToObject(s, "levels", u64(o->levels));
    cJSON_AddBoolToObject(s, "complete", o->complete);
    if (o->stopped)
        cJSON_AddBoolToObject(s, "stopped", true);
    cJSON_AddItemToObject(s, "seed", u64(o->seed));
    cJSON_AddNumberToObject(s, "alpha", o->alpha);
    cJSON_AddNumberToObject(s, "power", CHECK_POWER);
    cJSON_AddNumberToObject(s, "mde_target", CHECK_MDE_TARGET);
    cJSON_AddNumberToObject(s, "confidence", CHECK_CONFIDENCE);
    if (pv)
        report_provenance(s, pv);
    cJSON *arr = cJSON_AddArrayToObject(root, "checks");
    for (int i = 0; i < nr; i++)
        cJSON_AddItemToArray(arr, check_json(&r[i], &g[r[i].group]));
    char *text = report_json_text(root);
    cJSON_Delete(root);
    return text;
}

char *check_report_markdown(const check_result_t *r, int nr, const check_info_t *o)
{
    int c[VERDICT__COUNT];
    check_count(r, nr, c);
    strbuf_t b = {0};
    sb_printf(&b, "## drlsim check\n\n");
    sb_printf(&b, "%d passed, %d failed, %d expected failures (XFAIL), %d unexpected passes (XPASS), "
               "%d not run; %llu levels, seed %llu, alpha %g per family (Holm), power %g for the "
               "minimum detectable effects, %g%% intervals.\n\n",
           c[VERDICT_PASS], c[VERDICT_FAIL], c[VERDICT_XFAIL], c[VERDICT_XPASS],
           c[VERDICT_SKIP] + c[VERDICT_NOTRUN],
           (unsigned long long)o->levels,
           (unsigned long long)o->seed, o->alpha, CHECK_POWER, 100 * CHECK_CONFIDENCE);
    if (o->stopped)
        sb_printf(&b, "**Stopped by --fail-fast at a check that fails whatever the rest give; "
                      "the checks of the samples after it are NOTRUN.**\n\n");
    else if (!o->complete)
        sb_printf(&b, "**Interrupted: the results cover only the levels generated before the "
                      "stop; the checks of samples not reached are NOTRUN.**\n\n");
    if (c[VERDICT_XPASS])
        sb_printf(&b, "**%d known discrepancies passed (XPASS): the wiki's claim now holds; update "
                   "data/expectations.json.**\n\n", c[VERDICT_XPASS]);
    sb_printf(&b, "| verdict | check | family | source | expected | observed | n | p | p (Holm) |\n");
    sb_printf(&b, "|---|---|---|---|---|---|---:|---:|---:|\n");
    for (int i = 0; i < nr; i++) {
        if (r[i].v == VERDICT_SKIP)
            continue;
        const expect_check_t *e = r[i].e;
        row_text_t t;
        row_text(&r[i], &t);
        const char *v = CHECK_VERDICT[r[i].v];
        sb_printf(&b, "| %s%s%s | %s | %s | %s | %s | %s%s%s | %llu | %s | %s |\n",
               r[i].v == VERDICT_PASS || r[i].v == VERDICT_XFAIL ? "" : "**", v,
               r[i].v == VERDICT_PASS || r[i].v == VERDICT_XFAIL ? "" : "**", e->name, e->family,
               expect_source_name(e->source), e->expected_text, t.obs, r[i].reason[0] ? "; " : "",
               r[i].reason, (unsigned long long)r[i].n, t.p, t.ph);
    }
    if (c[VERDICT_SKIP]) {
        sb_printf(&b, "\nNot run (left out by --only, or disabled: see \"pending\"):");
        for (int i = 0; i < nr; i++)
            if (r[i].v == VERDICT_SKIP)
                sb_printf(&b, " %s", r[i].e->name);
        sb_printf(&b, "\n");
    }
    if (b.oom) {
        free(b.s);
        return NULL;
    }
    return b.s;
}


char *check_report_junit(const check_result_t *r, int nr, const check_info_t *o,
                         bool allow_xpass)
{
    junit_t j = {0};
    for (int i = 0; i < nr; i++) {
        const expect_check_t *e = r[i].e;
        row_text_t t;
        row_text(&r[i], &t);
        char details[1400], msg[600], skip[600];
        snprintf(details, sizeof details, "expected %s -> observed %s; n %llu, p %s, p (Holm) %s%s%s",
                 e->expected_text, t.obs, (unsigned long long)r[i].n, t.p, t.ph,
                 r[i].reason[0] ? "; " : "", r[i].reason);
        const char *failure = NULL, *skipped = NULL;
        switch (r[i].v) {
        case VERDICT_PASS:
            break;
        case VERDICT_FAIL:
            snprintf(msg, sizeof msg, "FAIL: expected %s", e->expected_text);
            failure = msg;
            break;
        case VERDICT_XPASS:
            snprintf(msg, sizeof msg, "XPASS: the known discrepancy no longer shows (%s)",
                     e->discrepancy);
            failure = allow_xpass ? NULL : msg;
            break;
        case VERDICT_XFAIL:
            snprintf(skip, sizeof skip, "XFAIL: known discrepancy: %s", e->discrepancy);
            skipped = skip;
            break;
        case VERDICT_NOTRUN:
            skipped = o->stopped ? "NOTRUN: --fail-fast stopped the run before its sample"
                                 : "NOTRUN: its sample was not reached before the run was interrupted";
            break;
        default:
            snprintf(skip, sizeof skip, "not run: %s",
                     !e->enabled ? e->pending : "left out by --only");
            skipped = skip;
            break;
        }
        junit_case(&j, e->family, e->name, failure, details, skipped,
                   failure || skipped ? NULL : details);
    }
    char out[200];
    snprintf(out, sizeof out, "%llu levels, seed %llu, alpha %g per family (Holm)%s",
             (unsigned long long)o->levels, (unsigned long long)o->seed, o->alpha,
             o->stopped ? "; stopped by --fail-fast" : o->complete ? "" : "; interrupted");
    return junit_finish(&j, "drlsim check", out);
}
