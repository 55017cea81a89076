/* changes_html.h - `drlsim changes --html`: what changed between two
 * rulesets, as one self-contained HTML page.
 *
 * Reads the object `drlsim changes --json` writes and prints a page: what
 * ran, the changed histograms ranked by effect size (both values, the test,
 * the rule), and per changed family one gnuplot picture (SVG, embedded) with
 * a panel per changed histogram: its bins' shares under each ruleset side by
 * side (counted histograms) or the two means; then the unchanged and the not
 * compared histograms.  Reports only print: nothing here computes a
 * statistic.
 */
#ifndef DRLSIM_CHANGES_HTML_H
#define DRLSIM_CHANGES_HTML_H

#include <cjson/cJSON.h>

/* Bins shown in a panel at most: the ones with the largest shares. */
#define CHANGES_HTML_MAX_BINS 24

/* Write the page to path (outfile_write).  0, or -1 after a one-line error
 * (gnuplot failed, out of memory, the file could not be written). */
int changes_html_write(const cJSON *changes, const char *path);

#endif
