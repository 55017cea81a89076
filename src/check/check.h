/* check.h - the conformance engine behind `drlsim check`.
 *
 * Expectations (expect.h) that need the same sample form a group; each group
 * is one driver job into its own tally with its own seed.  Each check reads
 * its histogram from its group's tally and runs its test (stats.h); Holm's
 * correction is applied within each family; the verdicts are PASS, FAIL,
 * XFAIL (a known discrepancy that fails), XPASS (one that passes) and SKIP
 * (disabled).  check_report.h turns the results into the text table, JSON,
 * Markdown and JUnit XML; everything in the reports depends only on exact
 * integer tallies, so the bytes are the same for any thread count.
 */
#ifndef DRLSIM_CHECK_H
#define DRLSIM_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "driver.h"
#include "expect.h"
#include "stats.h"
#include "tables.h"

/* Power policy: every statistical check must see a shift of CHECK_MDE_TARGET
 * (2 percentage points) with power CHECK_POWER at its Holm-adjusted alpha,
 * alpha / m, m = the statistical checks of its family (the strictest step of
 * Holm's procedure, so the bound holds whatever the other p-values are).  A
 * check whose sample cannot is flagged "underpowered" in every report. */
#define CHECK_POWER 0.9
#define CHECK_MDE_TARGET 0.02
/* Confidence of the reported intervals.  They describe the observation; the
 * verdict is the test's, at alpha after Holm (a 95% interval may miss the
 * expected value of a check that passes at alpha 1e-4). */
#define CHECK_CONFIDENCE 0.95

typedef enum check_verdict {
    VERDICT_PASS = 0,
    VERDICT_FAIL,
    VERDICT_XFAIL,
    VERDICT_XPASS,
    VERDICT_SKIP,   /* disabled, or left out by --only */
    VERDICT_NOTRUN, /* its sample was not reached before an interruption */
    VERDICT__COUNT
} check_verdict_t;

extern const char *const CHECK_VERDICT[VERDICT__COUNT];

/* One sample group: the levels some checks share. */
typedef struct check_group {
    expect_sample_t s;  /* s.levels: the resolved count */
    uint64_t seed;
    tally_t *t;         /* NULL when the group could not run */
    uint64_t done;      /* levels generated (fewer than s.levels after a stop) */
    char why[160];      /* why it could not run */
    unsigned types;     /* the level types its ruleset makes (bit per type) */
    bool stopped;       /* not run: an earlier group's check had already failed
                           whatever the rest could give (check_run_groups' stop) */
} check_group_t;

typedef struct check_result {
    const expect_check_t *e;
    bool run;                      /* enabled (or --all) and selected */
    int group;
    uint64_t n;                    /* relevant observations */
    double p, p_holm, effect;
    /* Minimum detectable effect at CHECK_POWER and the adjusted alpha, in
     * share units: proportions |p - p0|; distributions the mass moved between
     * their two most likely bins (the move hardest to see; mde_w is its
     * Cohen's w); exact and range checks the share of exceptions. */
    double mde, mde_w;
    double alpha_adj;              /* alpha / m of its family (statistical checks) */
    bool underpowered;             /* statistical and mde > CHECK_MDE_TARGET */
    double share, lo, hi;          /* proportion / exact: observed share, interval */
    uint64_t *counts;              /* counted histograms: per bin, given bins only */
    stats_chisq_t chi;
    int64_t omin, omax;            /* observed values (range; exact on moments) */
    bool omax_clamped;             /* omax is an integer histogram's last bin */
    uint64_t others;               /* exact / range: exceptions (counted histograms) */
    double mean, than_mean, p_less; /* less: the two means and the one-sided p-value of
                                       "the first is not below the second" */
    bool untestable;               /* observations, but too few to test anything */
    bool partial;                  /* its group was interrupted before its sample was whole */
    char reason[200];
    check_verdict_t v;
} check_result_t;

/* What the reports say about the run besides the results. */
typedef struct check_info {
    uint64_t levels, seed;
    double alpha;
    bool complete; /* false after SIGINT/SIGTERM: the results cover the levels done */
    bool stopped;  /* --fail-fast stopped the run after a failed check (complete is false) */
} check_info_t;

/* "type=caves dlevel=10 difficulty=3": a sample's description. */
void check_sample_desc(const expect_sample_t *s, char *buf, size_t n);
/* The group's seed: the master seed mixed with a hash of its description,
 * so it depends on what the group samples and on nothing else. */
uint64_t check_group_seed(uint64_t master, const expect_sample_t *s);

/* Plan a run: r[i] for every check of set (run[i]: selected), and the
 * groups of the selected ones in g (room for set->n): one per sample, in the
 * order the file first uses the sample, each with its seed and its levels
 * (the largest any of its selected checks asks for, else deflevels, times
 * scale, at least 1).  Returns the number of groups, 0 when no check is
 * selected. */
int check_plan(const expect_set_t *set, const bool *run, uint64_t seed, uint64_t deflevels,
               double scale, check_result_t *r, check_group_t *g);

/* Called after group `i` has run; true stops the run there (the groups
 * after it are marked stopped and run no level). */
typedef bool (*check_after_fn)(int i, void *ctx);

/* Run every group (a group whose fixed type its ruleset does not make is
 * left without a tally, with the reason in why), calling after(i, ctx)
 * behind each one when after is not NULL.  False when interrupted or out of
 * memory. */
bool check_run_groups(check_group_t *g, int ng, const driver_opts_t *dopt,
                      const tables_t *tables, uint64_t *levels, double *secs, int *threads,
                      check_after_fn after, void *ctx);

/* Whether check r[k] of a run (evaluated, check_evaluate) already fails
 * whatever the checks not yet evaluated give, so that the whole run's
 * verdict on it (check_decide) is FAIL: a deterministic check that fails, a
 * check with no observations, or a statistical one whose p-value is below
 * alpha / m with m every selected statistical check of its family (Holm's
 * strictest step, met whatever the other p-values are).  Known
 * discrepancies never count (their failure is expected).  `drlsim check
 * --fail-fast` stops on the first. */
bool check_fails_surely(const check_result_t *r, int nr, int k, double alpha);

/* Run one check's test on its group's tally. */
void check_evaluate(check_result_t *r, const check_group_t *g, double alpha);
/* Holm within each family over its statistical checks (distribution and
 * proportion: deterministic checks have no error rate to share), the
 * minimum detectable effects at the adjusted alpha, then the verdicts;
 * false when out of memory. */
bool check_decide(check_result_t *r, int nr, double alpha);
/* Is this a statistical check (its verdict a test at alpha)? */
bool check_is_statistical(const expect_check_t *e);

/* Checks by verdict. */
void check_count(const check_result_t *r, int nr, int c[VERDICT__COUNT]);
/* Checks that ran and cannot see a CHECK_MDE_TARGET shift. */
int check_count_underpowered(const check_result_t *r, int nr);

#endif
