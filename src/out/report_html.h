/* report_html.h - the conformance report as one self-contained HTML page.
 *
 * Reads the results of `drlsim check` (the object its --json writes) and
 * prints a page: a header saying what ran (version, command line, seed,
 * sample, date, run time), the verdicts at a glance, a table of contents by
 * family, and per family its checks' table and a gnuplot picture (SVG,
 * embedded) of what each check observed against what it expects.  Reports
 * only print: nothing here computes a statistic.  docs/report.md describes
 * the page.
 */
#ifndef DRLSIM_REPORT_HTML_H
#define DRLSIM_REPORT_HTML_H

#include <stdbool.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "strbuf.h"

/* What the results do not hold: how the run was asked for and how long it
 * took.  Only `started` and `seconds` differ between two runs of the same
 * command; the page prints each on a line of its own (class "when"). */
typedef struct report_html_run {
    int argc;          /* the options after `drlsim check`, as given */
    char *const *argv;
    double scale;      /* --scale */
    int groups;        /* sample groups run */
    time_t started;    /* wall clock at the start, shown as UTC */
    double seconds;    /* time spent generating levels */
    /* The page of another command than check (NULL: check's): its name
     * ("errata"), its title, and the words it shows for the six verdicts
     * (PASS, FAIL, XFAIL, XPASS, NOTRUN, SKIP, as the results spell them). */
    const char *command;
    const char *title;
    const char *const *say;
    /* The expected column's heading (NULL: "expected"), and whether SKIP
     * rows are listed: check's SKIP is "not selected" (left out by --only or
     * disabled: counted at the top, not listed), errata's is "not in the
     * game", a finding.  A check holding "exact_text" (errata: the release's
     * exact value) adds an "exact" column; a distribution's "observed_text"
     * (errata: the game's observed shares) fills its observed cell. */
    const char *expected_head;
    bool list_skipped;
} report_html_run_t;

/* Whether the page can be drawn: gnuplot is on PATH.  0, or -1 after
 * "drlsim CMD_NAME: --html needs gnuplot ...": for a command to ask before
 * it makes any level. */
int report_html_ready(const char *cmd_name);

/* Run gnuplot on a script that prints SVG (set terminal svg) and append the
 * <svg> element to out, its ids scoped to figure k so that several
 * pictures share a page: for the pages of other commands (changes_html.c).
 * 0, or -1 after a one-line error naming cmd_name. */
int report_html_gnuplot(const char *cmd_name, const strbuf_t *script, strbuf_t *out, int k);

/* Write the page to path (atomically).  Returns 0, or -1 after a one-line
 * error (e.g. no gnuplot). */
int report_html_write(const cJSON *results, const report_html_run_t *run, const char *path);

#endif
