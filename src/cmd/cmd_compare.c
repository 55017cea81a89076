/* cmd_compare.c - `drlsim compare A.json B.json`: do two run reports differ?
 *
 * Reads two run reports (each with the tables of its own ruleset), compares
 * every histogram over the strata both hold (compare.c) and lists the ones
 * that differ, as a table on stdout and optionally as JSON, Markdown and
 * JUnit XML.  Exit status 1 when a histogram differs, 0 when none does: a
 * guard for an edit of the rule tables (--data) in a script or CI job.
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
#include "junit.h"
#include "opts.h"
#include "outfile.h"
#include "report.h"
#include "strbuf.h"
#include "tables.h"

#define COMPARE_DEFAULT_ALPHA 1e-3 /* per family, after Holm */

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim compare A.json B.json [--alpha A] [--json FILE] [--markdown FILE]\n"
            "                      [--junit FILE]\n"
            "\n"
            "Compare two run reports (drlsim run) histogram by histogram and list the\n"
            "histograms whose distributions differ: e.g. a report made with edited rule\n"
            "tables (run --data DIR) against one made with the built-in tables.  Each\n"
            "histogram is compared within every (dlevel, level type) both reports hold:\n"
            "counts by a chi-square test of homogeneity (Cochran-Mantel-Haenszel, sparse\n"
            "bins pooled, its variance widened when the strata show that one level's\n"
            "observations hang together, or when the smaller report has too few levels\n"
            "to show it), two-bin histograms with small counts by its exact form\n"
            "(Fisher's), moment rows by the stratified permutation test of the means.\n"
            "Each stratum's variance comes from both reports together, so a small report\n"
            "keeps its uncertainty.  Holm's correction within each family of histograms;\n"
            "effect sizes: Cramer's V, difference of proportions, difference of means in\n"
            "standard deviations.  A.json or B.json '-' reads that report from standard\n"
            "input.\n"
            "\n"
            "  --alpha A        significance level per family (default %g)\n"
            "  --json FILE      write every histogram's result as JSON ('-': stdout, no table)\n"
            "  --markdown FILE  write the differing histograms as Markdown ('-': stdout)\n"
            "  --junit FILE     write one JUnit XML test case per histogram ('-': stdout)\n"
            "\n"
            "Exit status: 0 no histogram differs, 1 one does, 2 bad usage or a bad report\n"
            "(or no stratum in common), 3 an output could not be written.\n",
            COMPARE_DEFAULT_ALPHA);
}

typedef struct side {
    const char *path;
    loaded_report_t r;
} side_t;

static int load(side_t *s)
{
    size_t len;
    char err[512];
    char *text = data_read_file(s->path, &len, err, sizeof err);
    if (!text) {
        fprintf(stderr, "drlsim compare: %s\n", err);
        return CLI_EXIT_USAGE;
    }
    char name[64];
    const tables_t *t = opt_tables(
        "compare", report_rules_name(text, len, name, sizeof name) ? name : NULL, NULL, -1);
    if (!t) {
        free(text);
        return CLI_EXIT_USAGE;
    }
    bool ok = report_parse(&s->r, text, len, s->path, t, err, sizeof err);
    free(text);
    if (!ok) {
        fprintf(stderr, "drlsim compare: %s\n", err);
        return CLI_EXIT_USAGE;
    }
    return 0;
}

/* Which rules differ: "water.json, drlsim 0.2.0/0.1.0" (empty: none). */
static void rules_diff(const tables_id_t *a, const tables_id_t *b, char *buf, size_t n)
{
    strbuf_t s = {0};
    for (int i = 0; i < a->n; i++)
        for (int j = 0; j < b->n; j++)
            if (strcmp(a->file[i].name, b->file[j].name) == 0 &&
                a->file[i].hash != b->file[j].hash)
                sb_printf(&s, "%s%s", s.len ? ", " : "", a->file[i].name);
    if (strcmp(a->version, b->version) != 0)
        sb_printf(&s, "%sdrlsim %s/%s", s.len ? ", " : "", a->version, b->version);
    snprintf(buf, n, "%s", s.s ? s.s : "");
    free(s.s);
}

static void fmt(double v, char *buf, size_t n)
{
    if (isnan(v))
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%.3g", v);
}

/* "cmh Q 12.3, 4 df" and the like: the test in one line. */
static void test_text(const compare_result_t *r, char *buf, size_t n)
{
    switch (r->test) {
    case COMPARE_NONE:
        snprintf(buf, n, "not tested: %s", r->note);
        break;
    case COMPARE_CMH:
        snprintf(buf, n, "chi-square (CMH) %.4g, %g df, %d cells%s", r->stat, r->df, r->cells,
                 r->pooled ? " (pooled)" : "");
        break;
    case COMPARE_CMH_F:
        if (!isfinite(r->df2)) /* the dispersion is the smaller report's observations a level */
            snprintf(buf, n, "chi-square (CMH) / dispersion %.3g, %g df, %d cells%s",
                     r->dispersion, r->df, r->cells, r->pooled ? " (pooled)" : "");
        else
            snprintf(buf, n, "F %.4g (%.3g, %.0f df), dispersion %.3g, spread %.3g, %d cells%s",
                     r->stat, r->df / r->spread, r->df2, r->dispersion, r->spread, r->cells,
                     r->pooled ? " (pooled)" : "");
        break;
    case COMPARE_FISHER:
        snprintf(buf, n, "Fisher exact, shares %.4g vs %.4g", r->a_value, r->b_value);
        break;
    case COMPARE_RATE:
        snprintf(buf, n, "rate test, %.4g vs %.4g per level", r->a_value, r->b_value);
        break;
    case COMPARE_MEANS:
        snprintf(buf, n, "means z %.4g, means %.4g vs %.4g", r->stat, r->a_value, r->b_value);
        break;
    default:
        buf[0] = 0;
    }
}

static cJSON *num(double v)
{
    return isfinite(v) ? cJSON_CreateNumber(v) : cJSON_CreateNull();
}

static cJSON *side_json(const side_t *s)
{
    const job_t *j = &s->r.job;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "file", s->path);
    cJSON_AddItemToObject(o, "levels", report_u64(s->r.res.done));
    cJSON_AddItemToObject(o, "seed", report_u64(j->seed));
    cJSON *d = cJSON_AddArrayToObject(o, "dlevels");
    cJSON_AddItemToArray(d, cJSON_CreateNumber(j->dlevel_lo));
    cJSON_AddItemToArray(d, cJSON_CreateNumber(j->dlevel_hi));
    cJSON_AddNumberToObject(o, "difficulty", j->params.difficulty);
    return o;
}

static char *json_text(const side_t *a, const side_t *b, double alpha, int strata,
                       const char *rdiff, const compare_result_t *res, int differ, int untested)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddItemToObject(root, "a", side_json(a));
    cJSON_AddItemToObject(root, "b", side_json(b));
    cJSON_AddNumberToObject(root, "alpha", alpha);
    cJSON_AddNumberToObject(root, "common_strata", strata);
    cJSON_AddStringToObject(root, "rules_differ", rdiff);
    cJSON *s = cJSON_AddObjectToObject(root, "summary");
    cJSON_AddNumberToObject(s, "histograms", TALLY_NHISTS);
    cJSON_AddNumberToObject(s, "tested", TALLY_NHISTS - untested);
    cJSON_AddNumberToObject(s, "differ", differ);
    cJSON *arr = cJSON_AddArrayToObject(root, "histograms");
    for (int h = 0; h < TALLY_NHISTS; h++) {
        const compare_result_t *r = &res[h];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", TALLY_HISTS[h].name);
        cJSON_AddStringToObject(o, "family", r->family);
        cJSON_AddStringToObject(o, "test", COMPARE_TEST_NAME[r->test]);
        cJSON_AddItemToObject(o, "n_a", report_u64(r->n_a));
        cJSON_AddItemToObject(o, "n_b", report_u64(r->n_b));
        cJSON_AddNumberToObject(o, "strata", r->strata);
        cJSON_AddNumberToObject(o, "cells", r->cells);
        cJSON_AddNumberToObject(o, "pooled", r->pooled);
        cJSON_AddItemToObject(o, "stat", num(r->stat));
        cJSON_AddItemToObject(o, "df", num(r->df));
        cJSON_AddItemToObject(o, "df2", num(r->df2));
        cJSON_AddItemToObject(o, "dispersion", num(r->dispersion));
        cJSON_AddItemToObject(o, "spread", num(r->spread));
        cJSON_AddItemToObject(o, "p", num(r->p));
        cJSON_AddItemToObject(o, "p_holm", num(r->p_holm));
        if (r->test != COMPARE_NONE)
            cJSON_AddStringToObject(o, "effect_size", r->effect_name);
        else
            cJSON_AddNullToObject(o, "effect_size");
        cJSON_AddItemToObject(o, "effect", num(r->effect));
        if (r->bin >= 0) {
            char l[32];
            /* a tested histogram's bins mean the same in both reports */
            cJSON_AddStringToObject(o, "bin", tally_bin_label(a->r.job.params.tables->bin_names,
                                                              r->hist, r->bin, l, sizeof l));
        }
        cJSON_AddItemToObject(o, "a", num(r->a_value));
        cJSON_AddItemToObject(o, "b", num(r->b_value));
        cJSON_AddBoolToObject(o, "differs", r->differs);
        if (r->note[0])
            cJSON_AddStringToObject(o, "note", r->note);
        cJSON_AddItemToArray(arr, o);
    }
    char *text = report_json_text(root);
    cJSON_Delete(root);
    return text;
}

static char *markdown_text(const side_t *a, const side_t *b, double alpha, int strata,
                           const char *rdiff, const compare_result_t *res, int differ,
                           int untested)
{
    strbuf_t m = {0};
    sb_printf(&m, "## drlsim compare\n\n");
    sb_printf(&m, "`%s` (%llu levels) against `%s` (%llu levels): %d common strata, %d "
                  "histograms tested, **%d differ** at alpha %g per family (Holm).",
              a->path, (unsigned long long)a->r.res.done, b->path,
              (unsigned long long)b->r.res.done, strata, TALLY_NHISTS - untested, differ, alpha);
    if (rdiff[0])
        sb_printf(&m, " Made with other rules: %s.", rdiff);
    sb_printf(&m, "\n\n");
    if (differ) {
        sb_printf(&m, "| histogram | family | test | p | p (Holm) | effect | a | b |\n");
        sb_printf(&m, "|---|---|---|---:|---:|---:|---:|---:|\n");
        for (int h = 0; h < TALLY_NHISTS; h++) {
            const compare_result_t *r = &res[h];
            if (!r->differs)
                continue;
            char t[200], p[32], ph[32], e[32], va[32], vb[32];
            test_text(r, t, sizeof t);
            fmt(r->p, p, sizeof p);
            fmt(r->p_holm, ph, sizeof ph);
            fmt(r->effect, e, sizeof e);
            fmt(r->a_value, va, sizeof va);
            fmt(r->b_value, vb, sizeof vb);
            sb_printf(&m, "| %s | %s | %s | %s | %s | %s %s | %s | %s |\n", TALLY_HISTS[h].name,
                      r->family, t, p, ph, r->effect_name, e, va, vb);
        }
    }
    if (m.oom) {
        free(m.s);
        return NULL;
    }
    return m.s;
}

static char *junit_text(const side_t *a, const side_t *b, double alpha,
                        const compare_result_t *res)
{
    junit_t j = {0};
    for (int h = 0; h < TALLY_NHISTS; h++) {
        const compare_result_t *r = &res[h];
        char t[200], msg[300], det[400];
        test_text(r, t, sizeof t);
        snprintf(msg, sizeof msg, "differs: p (Holm) %.3g < alpha %g", r->p_holm, alpha);
        snprintf(det, sizeof det, "%s; p %.3g, p (Holm) %.3g; %s %.3g", t, r->p, r->p_holm,
                 r->effect_name, r->effect);
        junit_case(&j, r->family, TALLY_HISTS[h].name, r->differs ? msg : NULL, det,
                   r->test == COMPARE_NONE ? r->note : NULL, NULL);
    }
    char suite[600];
    snprintf(suite, sizeof suite, "drlsim compare %s %s", a->path, b->path);
    return junit_finish(&j, suite, NULL);
}

typedef struct compare_opts {
    double alpha;
    const char *json, *markdown, *junit;
    const char *inputs[3]; /* A, B and the first argument too many */
} compare_opts_t;

static const cli_spec_t OPTS[] = {
    OPT_HELP,
    OPT_ALPHA(compare_opts_t, alpha),
    OPT_JSON(compare_opts_t, json),
    OPT_MARKDOWN(compare_opts_t, markdown),
    OPT_JUNIT(compare_opts_t, junit),
    {.name = NULL},
};

/* The reports are the operands; options may stand anywhere among them. */
static const cli_cmd_t CMD = {"compare", OPTS, usage, 3, offsetof(compare_opts_t, inputs)};

int cmd_compare(int argc, char **argv)
{
    compare_opts_t o = {.alpha = COMPARE_DEFAULT_ALPHA};
    cli_t c;
    int rc = cli_parse(&c, &CMD, argc, argv, &o);
    if (rc != CLI_GO_ON)
        return rc;
    if (c.noperands < 2) {
        cli_error(&c, "two reports needed: A.json B.json (see --help)");
        return CLI_EXIT_USAGE;
    }
    if (c.noperands > 2) { /* named once the options are known to be right */
        cli_error(&c, "unexpected argument '%s' (two reports: A.json B.json)", o.inputs[2]);
        return CLI_EXIT_USAGE;
    }
    if (strcmp(o.inputs[0], "-") == 0 && strcmp(o.inputs[1], "-") == 0) {
        cli_error(&c, "only one of the two reports can be read from standard input ('-')");
        return CLI_EXIT_USAGE;
    }
    const double alpha = o.alpha;
    const char *json = o.json, *markdown = o.markdown, *junit = o.junit;
    const char *outs[] = {json, markdown, junit};
    const int dashes = opt_to_stdout(outs, 3);
    if (dashes > 1) {
        cli_error(&c, "only one of --json, --markdown and --junit can write to stdout ('-')");
        return CLI_EXIT_USAGE;
    }
    if ((rc = opt_outputs_check(outs, 3)) != 0)
        return rc;
    gsl_set_error_handler_off();
    side_t a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    a.path = o.inputs[0];
    b.path = o.inputs[1];
    rc = load(&a);
    if (rc == 0 && (rc = load(&b)) != 0)
        loaded_report_free(&a.r);
    if (rc)
        return rc;
    const job_t *ja = &a.r.job, *jb = &b.r.job;
    int strata = compare_common_strata(a.r.tally, b.r.tally);
    char why[300] = "";
    if (ja->params.difficulty != jb->params.difficulty)
        snprintf(why, sizeof why, "%s is of difficulty %d, %s of difficulty %d", a.path,
                 ja->params.difficulty, b.path, jb->params.difficulty);
    else if (ja->params.single_enabled != jb->params.single_enabled)
        snprintf(why, sizeof why, "%s has the single-monster replacement %s, %s %s", a.path,
                 ja->params.single_enabled ? "on" : "off", b.path,
                 jb->params.single_enabled ? "on" : "off");
    else if (strata == 0)
        snprintf(why, sizeof why, "no (dlevel, level type) has levels in both %s (dlevels "
                 "%d-%d) and %s (dlevels %d-%d)", a.path, ja->dlevel_lo, ja->dlevel_hi,
                 b.path, jb->dlevel_lo, jb->dlevel_hi);
    compare_result_t *res = why[0] ? NULL : calloc((size_t)TALLY_NHISTS, sizeof *res);
    int differ = res ? compare_tallies(a.r.tally, b.r.tally,
                                           ja->params.type < 0 && jb->params.type < 0,
                                           ja->params.tables->rules == jb->params.tables->rules, alpha, res)
                     : 0;
    if (why[0]) {
        fprintf(stderr, "drlsim compare: no common stratum: %s\n", why);
        rc = CLI_EXIT_USAGE;
    } else if (!res || differ < 0) {
        fprintf(stderr, "drlsim compare: out of memory\n");
        rc = 1;
    }
    if (rc) {
        free(res);
        loaded_report_free(&a.r);
        loaded_report_free(&b.r);
        return rc;
    }
    int untested = 0;
    for (int h = 0; h < TALLY_NHISTS; h++)
        untested += res[h].test == COMPARE_NONE;
    char rdiff[400];
    rules_diff(&a.r.id, &b.r.id, rdiff, sizeof rdiff);
    int wrc = 0;
    outfile_begin(); /* every output or none (outfile.h) */
    if (json)
        wrc |= cli_write_text("compare", json, json_text(&a, &b, alpha, strata, rdiff, res, differ, untested));
    if (markdown)
        wrc |= cli_write_text("compare", markdown,
                         markdown_text(&a, &b, alpha, strata, rdiff, res, differ, untested));
    if (junit)
        wrc |= cli_write_text("compare", junit, junit_text(&a, &b, alpha, res));
    /* The table once every file is written: a failed write's one line is
     * then all the output. */
    bool to_stdout = dashes > 0;
    if (!wrc && !to_stdout) {
        printf("drlsim compare: %s (%llu levels) against %s (%llu levels): %d common strata, "
               "alpha %g per family (Holm)\n",
               a.path, (unsigned long long)a.r.res.done, b.path,
               (unsigned long long)b.r.res.done, strata, alpha);
        if (rdiff[0])
            printf("made with other rules: %s\n", rdiff);
        if (differ)
            printf("\n%-8s %-14s %-28s %10s %10s  %-20s %s\n", "RESULT", "FAMILY", "HISTOGRAM",
                   "P", "P_HOLM", "EFFECT", "TEST");
        for (int h = 0; h < TALLY_NHISTS; h++) {
            const compare_result_t *r = &res[h];
            if (!r->differs)
                continue;
            char t[200], p[32], ph[32], e[32], eff[64];
            test_text(r, t, sizeof t);
            fmt(r->p, p, sizeof p);
            fmt(r->p_holm, ph, sizeof ph);
            fmt(r->effect, e, sizeof e);
            snprintf(eff, sizeof eff, "%s %s", r->effect_name, e);
            printf("%-8s %-14s %-28s %10s %10s  %-20s %s\n", "DIFFERS", r->family,
                   TALLY_HISTS[h].name, p, ph, eff, t);
        }
        printf("\n%d histograms tested, %d differ, %d not tested (no observations to compare)\n",
               TALLY_NHISTS - untested, differ, untested);
    }
    free(res);
    loaded_report_free(&a.r);
    loaded_report_free(&b.r);
    if ((wrc = cli_outputs_end(wrc)) != 0)
        return wrc;
    return differ ? 1 : 0;
}
