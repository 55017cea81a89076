/* cmd_check.c - `drlsim check`: options, groups, the run and its reports.
 *
 * The expectations are grouped by the sample they need (type, dlevels,
 * difficulty, single switch), each group is run once (check.c), every check
 * is evaluated and the reports are written (check_report.c).  Timing goes to
 * stderr only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_errno.h>

#include "check.h"
#include "check_report.h"
#include "cli.h"
#include "data.h"
#include "cluster.h"
#include "commands.h"
#include "opts.h"
#include "outfile.h"
#include "report_html.h"
#include "tables.h"

#define CHECK_DEFAULT_ALPHA 1e-4     /* per family, after Holm */
#define CHECK_MAX_LEVELS UINT64_C(10000000000)

typedef struct opts {
    opt_checks_t common; /* the options errata takes too */
    uint64_t levels;    /* 0: the file's default */
    const char *expect, *data_dir, *rules;
    bool all;
    bool allow_xpass;   /* an XPASS does not fail the run */
    bool fail_fast;     /* stop at the first check that fails whatever the rest give */
} opts_t;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim check [--levels N] [--seed S] [--alpha A] [--threads K]\n"
            "                    [--expect FILE] [--json FILE] [--markdown FILE] [--html FILE]\n"
            "                    [--junit FILE]\n"
            "                    [--progress auto|always|never] [--scale F] [--only TEXT] [--all]\n"
            "                    [--rules NAME] [--style ID] [--data DIR] [--allow-xpass]\n"
            "                    [--fail-fast]\n"
            "\n"
            "Test the documented probabilities (data/expectations.json, format in\n"
            "docs/expectations.md) against generated levels.  Checks that need the same\n"
            "sample (type, dlevel, difficulty, single switch) share one run of levels.\n"
            "Distributions: chi-square goodness of fit; proportions: exact binomial test;\n"
            "deterministic quantities: no exception allowed.  Holm's correction within each\n"
            "family; a check fails when its adjusted p-value is below alpha, or when it has\n"
            "no observations at all.  Known discrepancies are XFAIL; if one passes it is\n"
            "an XPASS, which fails the run too: the discrepancy is gone, so a rule changed.\n"
            "\n"
            "  --levels N       levels per sample group without its own \"levels\" in the\n"
            "                   file (default: the file's \"levels\")\n"
            "  --scale F        multiply every group's levels by F (e.g. 0.1 for a quick run)\n"
            "  --seed S         master seed (default 0); each group derives its own\n"
            "  --alpha A        significance level per family (default %g)\n"
            "  --threads K      worker threads (default: OMP_NUM_THREADS if set, else all\n"
            "                   cores); results do not depend on it\n"
            "  --expect FILE    expectations file (default: the built-in data/expectations.json)\n"
            "  --json FILE      write the results as JSON ('-': stdout, no table)\n"
            "  --markdown FILE  write the results as a Markdown table ('-': stdout, no table)\n"
            "  --html FILE      write the results as one HTML page with a gnuplot picture per\n"
            "                   family (needs gnuplot)\n"
            "  --junit FILE     write the results as JUnit XML, a test case per check, for CI\n"
            "                   (XFAIL and checks not run are skipped; '-': stdout, no table)\n"
            "  --progress WHEN  progress bar on stderr: auto (on a terminal), always, never\n"
            "  --only TEXT      run only the checks whose name or family contains TEXT\n"
            "  --all            also run the checks marked \"enabled\": false\n"
            TABLES_RULES_HELP
            OPT_STYLE_HELP
            "  --data DIR       read the rule tables, and expectations.json unless --expect\n"
            "                   is given, from DIR (a copy of data/, edited) instead of the\n"
            "                   built-in ones: check edited rules without rebuilding\n"
            "  --allow-xpass    an XPASS does not fail the run\n"
            "  --fail-fast      stop after the first sample group in which a check fails\n"
            "                   whatever the later ones give (a failed exact check, or a\n"
            "                   p-value below alpha / the checks of its family); the later\n"
            "                   groups' checks are NOTRUN, and the exit status is 1\n"
            "\n"
            "SIGINT or SIGTERM stops the run cleanly: the table and the reports cover the\n"
            "levels done (\"complete\": false in --json), the checks of samples not reached\n"
            "are NOTRUN, and the exit status is 130; a second signal 2 s or more after the\n"
            "first exits at once.\n"
            "\n"
            "Exit status: 0 when no check fails or XPASSes (XFAIL does not count), 1 when\n"
            "one does, 2 on bad options, bad tables or a bad expectations file, 3 when a\n"
            "report cannot be written, 130 when interrupted.\n",
            CHECK_DEFAULT_ALPHA);
}

static const cli_spec_t OPTS[] = {
    OPT_HELP,
    OPT_CHECKS(opts_t, common),
    OPT_LEVELS(opts_t, levels, CHECK_MAX_LEVELS),
    {.name = "expect", .kind = CLI_STR, .at = offsetof(opts_t, expect)},
    {.name = "all", .kind = CLI_SET, .at = offsetof(opts_t, all)},
    OPT_RULES(opts_t, rules),
    OPT_DATA(opts_t, data_dir),
    {.name = "allow-xpass", .kind = CLI_SET, .at = offsetof(opts_t, allow_xpass)},
    {.name = "fail-fast", .kind = CLI_SET, .at = offsetof(opts_t, fail_fast)},
    {.name = NULL},
};

static const cli_cmd_t CMD = {"check", OPTS, usage, 0, 0};

/* The reports asked for, in the order their paths are checked. */
#define OUTPUTS(o) {(o)->common.json, (o)->common.markdown, (o)->common.html, (o)->common.junit}

/* cli_parse's answer: CLI_GO_ON, or the exit status. */
static int parse_opts(int argc, char **argv, opts_t *o)
{
    memset(o, 0, sizeof *o);
    opt_checks_default(&o->common, CHECK_DEFAULT_ALPHA);
    cli_t c;
    int rc = cli_parse(&c, &CMD, argc, argv, o);
    if (rc != CLI_GO_ON)
        return rc;
    const char *outs[] = OUTPUTS(o);
    /* Under MPI only rank 0 writes (docs/cluster.md), so only it checks paths. */
    if (cluster_is_root() && (rc = opt_outputs_check(outs, 4)) != 0)
        return rc;
    if (cluster_is_root() && o->common.html && report_html_ready("check") != 0)
        return CLI_EXIT_IO; /* the page could not be written */
    if ((rc = opt_threads(&c, &o->common.d.threads)) != 0)
        return rc;
    if (opt_to_stdout(outs, 4) > 1) {
        cli_error(&c, "only one of --json, --markdown, --html and --junit can write to stdout "
                      "('-')");
        return CLI_EXIT_USAGE;
    }
    return CLI_GO_ON;
}

static bool selected(const expect_check_t *e, const opts_t *o)
{
    if (!e->enabled && !o->all)
        return false;
    return !o->common.only || strstr(e->name, o->common.only) || strstr(e->family, o->common.only);
}

/* --fail-fast: after each group, evaluate its checks and stop at the first
 * one that fails whatever the later groups give (check_fails_surely).  The
 * tallies are combined on every MPI rank, so every rank stops at the same
 * group. */
typedef struct fast {
    check_result_t *r;
    int nr;
    check_group_t *g;
    double alpha;
    int failed; /* the check that stopped the run, or -1 */
} fast_t;

static bool stop_if_failed(int i, void *ctx)
{
    fast_t *f = ctx;
    for (int k = 0; k < f->nr; k++)
        if (f->r[k].run && f->r[k].group == i)
            check_evaluate(&f->r[k], &f->g[i], f->alpha);
    for (int k = 0; k < f->nr; k++)
        if (f->r[k].run && f->r[k].group == i && check_fails_surely(f->r, f->nr, k, f->alpha)) {
            f->failed = k;
            return true;
        }
    return false;
}

/* The HTML page is drawn from the JSON results (report_html.c reads them as
 * parsed JSON, so 64-bit counts arrive as numbers). */
static int write_html(const char *path, char *json, const report_html_run_t *run)
{
    cJSON *results = json ? cJSON_Parse(json) : NULL;
    free(json);
    if (!results) {
        fprintf(stderr, "drlsim check: out of memory\n");
        return 1;
    }
    int rc = report_html_write(results, run, path) ? CLI_EXIT_IO : 0;
    cJSON_Delete(results);
    return rc;
}

int cmd_check(int argc, char **argv)
{
    opts_t o;
    const time_t started = time(NULL); /* the HTML page's date */
    int rc = parse_opts(argc, argv, &o);
    if (rc != CLI_GO_ON)
        return rc;
    gsl_set_error_handler_off();
    char err[512];
    /* The tables first: they name the bins some expectations refer to. */
    const tables_t *tables = opt_tables("check", o.rules, o.data_dir, -1);
    if (!tables)
        return CLI_EXIT_USAGE;
    if ((rc = opt_style("check", tables, o.common.style)) != 0)
        return rc;
    tables_id_t id;
    tables_id(tables, &id);
    cluster_check_same(tables_id_key(&id), "rule table");
    expect_set_t set;
    if (!expect_load(&set, o.expect, tables, err, sizeof err)) {
        fprintf(stderr, "drlsim check: %s\n", err);
        return CLI_EXIT_USAGE;
    }
    for (int i = 0; i < set.n && o.common.style; i++) /* --style: every sample in it */
        set.check[i].sample.style = o.common.style;
    uint64_t deflevels = o.levels ? o.levels : set.levels;
    check_result_t *r = calloc((size_t)set.n, sizeof *r);
    check_group_t *g = calloc((size_t)set.n, sizeof *g);
    if (!r || !g) {
        fprintf(stderr, "drlsim check: out of memory\n");
        return 1;
    }
    bool *sel = calloc((size_t)set.n, sizeof *sel);
    if (!sel) {
        fprintf(stderr, "drlsim check: out of memory\n");
        return 1;
    }
    for (int i = 0; i < set.n; i++)
        sel[i] = selected(&set.check[i], &o);
    const int nactive = check_plan(&set, sel, o.common.seed, deflevels, o.common.scale, r, g);
    free(sel);
    if (nactive == 0) {
        fprintf(stderr, "drlsim check: no check selected%s%s\n", o.common.only ? " by --only " : "",
                o.common.only ? o.common.only : "");
        expect_free(&set);
        free(r);
        free(g);
        return CLI_EXIT_USAGE;
    }
    check_group_t *active = g;

    driver_catch_signals(); /* until the reports are written */
    uint64_t levels = 0;
    double secs = 0;
    int threads = 0;
    fast_t fast = {r, set.n, active, o.common.alpha, -1};
    bool ok = check_run_groups(active, nactive, &o.common.d, tables, &levels, &secs, &threads,
                               o.fail_fast ? stop_if_failed : NULL, &fast);
    const bool stopped = fast.failed >= 0;
    /* Interrupted is read off the driver's results (the same on every MPI
     * rank), not off this process's own signal flag. */
    uint64_t wanted = 0;
    for (int k = 0; k < nactive; k++)
        wanted += active[k].stopped ? 0 : active[k].s.levels;
    bool interrupted = levels < wanted;
    const bool root = cluster_is_root();
    if (interrupted && root)
        fprintf(stderr, "drlsim check: interrupted: the reports cover the %llu levels done "
                        "(\"complete\": false)\n", (unsigned long long)levels);
    rc = 1;
    if (ok) {
        /* --fail-fast evaluated the checks of the groups it ran */
        for (int i = 0; i < set.n; i++)
            if (r[i].run && (!o.fail_fast || active[r[i].group].stopped))
                check_evaluate(&r[i], &active[r[i].group], o.common.alpha);
        ok = check_decide(r, set.n, o.common.alpha);
    }
    if (ok) {
        const char *outs[] = OUTPUTS(&o);
        bool to_stdout = opt_to_stdout(outs, 4) > 0;
        int c[VERDICT__COUNT];
        check_count(r, set.n, c);
        /* An outcome every rank reaches: agree on it before rank 0 writes, so
         * failed checks end the MPI job normally (cluster.h). */
        int verdict = cluster_agree_status(
            c[VERDICT_FAIL] || (c[VERDICT_XPASS] && !o.allow_xpass) ? 1 : 0);
        if (!to_stdout && root) {
            printf("drlsim check: %d sample groups, %llu levels, seed %llu, alpha %g per family "
                   "(Holm), %g%% intervals\n\n",
                   nactive, (unsigned long long)levels, (unsigned long long)o.common.seed,
                   o.common.alpha, 100 * CHECK_CONFIDENCE);
            if (stopped)
                printf("STOPPED by --fail-fast: %s fails whatever the later samples give; "
                       "the checks of those samples are NOTRUN\n\n",
                       r[fast.failed].e->name);
            if (interrupted)
                printf("INTERRUPTED: the results cover the %llu levels done; the checks of "
                       "samples not reached are NOTRUN\n\n",
                       (unsigned long long)levels);
            check_print_table(stdout, r, set.n);
        }
        check_info_t info = {levels, o.common.seed, o.common.alpha, !interrupted && !stopped,
                             stopped};
        const report_provenance_t pv = {&id,           tables->name, tables->def->source,
                                        o.data_dir,    o.common.scale,      "check",
                                        argc,          argv};
        int wrc = 0;
        outfile_begin(); /* every output or none (outfile.h) */
        if (o.common.json && root)
            wrc |= cli_write_text("check", o.common.json, check_report_json(r, set.n, active, &info, &pv));
        if (o.common.markdown && root)
            wrc |= cli_write_text("check", o.common.markdown, check_report_markdown(r, set.n, &info));
        if (o.common.junit && root)
            wrc |= cli_write_text("check", o.common.junit, check_report_junit(r, set.n, &info, o.allow_xpass));
        if (o.common.html && root) {
            report_html_run_t run = {argc, argv, o.common.scale, nactive, started, secs,
                                     NULL, NULL, NULL, NULL, false};
            wrc |= write_html(o.common.html, check_report_json(r, set.n, active, &info, &pv), &run);
        }
        if (!to_stdout && root)
            printf("\n%d passed, %d failed, %d xfail, %d xpass, %d not run\n", c[VERDICT_PASS],
                   c[VERDICT_FAIL], c[VERDICT_XFAIL], c[VERDICT_XPASS],
                   c[VERDICT_SKIP] + c[VERDICT_NOTRUN]);
        if (root && !wrc && outfile_stdout_check() != 0)
            wrc = 1;
        if (wrc)
            outfile_abort();
        else if (outfile_commit() != 0)
            wrc = 1;
        /* The notes on stderr only when every output was written: a failed
         * write's one line is then the whole of stderr. */
        for (int i = 0; i < set.n; i++)
            if (r[i].v == VERDICT_XPASS && root && !wrc)
                fprintf(stderr, "drlsim check: XPASS %s: the known discrepancy no longer shows "
                                "(%s); update data/expectations.json\n",
                        r[i].e->name, r[i].e->discrepancy);
        int weak = check_count_underpowered(r, set.n);
        if (weak && root && !wrc)
            fprintf(stderr, "drlsim check: %d statistical checks cannot see a %g-point shift "
                            "with power %g at this sample size (\"underpowered\" in --json)\n",
                    weak, 100 * CHECK_MDE_TARGET, CHECK_POWER);
        if (root && !wrc)
            fprintf(stderr, "drlsim check: %llu levels in %.2f s (%.0f levels/s, %d threads)\n",
                    (unsigned long long)levels, secs, secs > 0 ? (double)levels / secs : 0.0,
                    threads);
        rc = wrc ? CLI_EXIT_IO : interrupted ? 130 : verdict;
    }
    driver_release_signals();
    for (int i = 0; i < set.n; i++)
        free(r[i].counts);
    for (int k = 0; k < nactive; k++)
        tally_free(active[k].t);
    free(r);
    free(g);
    expect_free(&set);
    return rc;
}

