/* range_html.h - the generator's expressive range as pictures.
 *
 * The range rows of a tally (TALLY_RANGE, tally.h: 2-D histograms of pairs
 * of the range metrics of src/gen/metrics.h) drawn as heatmaps in inline SVG
 * (no script, no external file): per level type, each pair's shares of the
 * type's levels on a light-to-dark scale (`drlsim run --range --html`), and,
 * for two tallies A and B, each pair's share in B minus its share in A on a
 * diverging scale with its legend (`drlsim changes --html`).  Reports only
 * print: nothing here computes a statistic.  docs/report.md describes the
 * pages.
 */
#ifndef DRLSIM_RANGE_HTML_H
#define DRLSIM_RANGE_HTML_H

#include <cjson/cJSON.h>

#include "driver.h"
#include "strbuf.h"
#include "tally.h"

/* Write the page of a run (job, its tally t with the range rows counted) to
 * path through outfile_write.  0, or -1 after a one-line error. */
int range_html_run_write(const char *path, const job_t *job, const tally_t *t);

/* The range rows of tallies a and b per level type, for the changes page:
 * [{"type": T, "levels_a": n, "levels_b": n, "pairs": [{"hist": NAME,
 * "a": [counts], "b": [counts]}, ...]}, ...], the types either has levels
 * of.  NULL when out of memory. */
cJSON *range_json(const tally_t *a, const tally_t *b);

/* The changes page's section of the object range_json made: per type both
 * rulesets have levels of, each pair's difference heatmap (share in b minus
 * share in a) with its legend; a and b the rulesets' names. */
void range_html_changes(strbuf_t *h, const cJSON *range, const char *a, const char *b);

#endif
