/* report_html.h - the conformance report as one self-contained HTML page.
 *
 * Reads the results of `drlsim check` (the object its --json writes) and
 * prints a page with the summary, a table of every check and, per family, a
 * gnuplot picture (SVG, embedded) of expected against observed shares with
 * their intervals.  Reports only print: nothing here computes a statistic.
 */
#ifndef DRLSIM_REPORT_HTML_H
#define DRLSIM_REPORT_HTML_H

#include <cjson/cJSON.h>

/* Write the page to path (atomically).  seconds is the run's wall time, shown
 * in the summary.  Returns 0, or -1 after a one-line error (e.g. no gnuplot). */
int report_html_write(const cJSON *results, double seconds, const char *path);

#endif
