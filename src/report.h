/* report.h - the run report: a tally and its job as JSON (docs/report.md).
 *
 * Counts are written as exact 64-bit integers; nothing time- or
 * thread-dependent goes in, so the same job gives the same bytes whatever
 * the thread count.
 */
#ifndef DRLSIM_REPORT_H
#define DRLSIM_REPORT_H

#include <cjson/cJSON.h>

#include "driver.h"
#include "tally.h"

#define REPORT_SCHEMA "drlsim-run-1"

/* An exact unsigned 64-bit integer as a JSON number. */
cJSON *report_u64(uint64_t v);

/* The histograms of one tally region (dlevels lo..hi, types in mask) as an
 * object {name: {bin: count}} (moments: {n, sum, sumsq, min, max}); empty
 * bins and empty histograms are left out. */
cJSON *report_histograms(const tally_t *t, int dlevel_lo, int dlevel_hi, unsigned type_mask);

/* The whole run report. */
cJSON *report_run(const job_t *job, const tally_t *t, const driver_result_t *res);

#endif
