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
#include "tables.h"
#include "tally.h"

#define REPORT_SCHEMA "drlsim-run-4"
/* Older versions are refused by the reader with their reason: 1 numbered
 * the bins of monsters_by_kind, cave_outcome and single_outcome; 2 did not
 * record the rule tables' hashes and drlsim's version (params.tables,
 * params.drlsim_version), so nothing said which rules made it; 3 held the
 * generator's reachability record (rows unreachable_any and
 * seen_reach_vs_record), which the observer's flood replaced. */

/* An exact unsigned 64-bit integer as a JSON number. */
cJSON *report_u64(uint64_t v);

/* o as indented JSON text with a final newline (malloc'd), NULL when out of memory. */
char *report_json_text(const cJSON *o);

/* Write o as JSON text to path atomically; 0 on success, -1 after a message. */
int report_write_json(const char *path, const cJSON *o);

/* The histograms of one tally region (dlevels lo..hi, types in mask) as an
 * object {name: {bin: count}} (moments: {n, sum, sumsq, min, max}), the bins
 * the tables name by names (tables_t.bin_names); empty bins and empty
 * histograms are left out. */
cJSON *report_histograms(const tally_t *t, const tally_names_t *names, int dlevel_lo,
                         int dlevel_hi, unsigned type_mask);

/* The rule tables of id as {file: 16 hex digits of its hash}. */
cJSON *report_tables(const tables_id_t *id);

/* What made a check or errata report, for its summary. */
typedef struct report_provenance {
    const tables_id_t *id;  /* the tables and drlsim version the levels were made with */
    const char *rules;      /* their ruleset's name */
    const char *source;     /* where its rules come from: the registry's line */
    const char *data_dir;   /* --data, NULL: the built-in tables */
    double scale;           /* --scale */
    const char *command;    /* the command line: drlsim COMMAND argv[0..argc-1] */
    int argc;
    char **argv;
} report_provenance_t;

/* Add to o: drlsim_version, rules, rules_source, data (null: built in), tables, scale and
 * command (["drlsim", COMMAND, the arguments...]): the arguments that decide
 * the results, those of REPORT_NOT_RESULTS (with their values) left out, so
 * the report is the same bytes for any thread count and output files (and
 * --fail-fast, whose stop the summary's "stopped" records). */
typedef struct report_option {
    const char *name; /* "--threads" */
    bool value;       /* takes a value */
} report_option_t;
extern const report_option_t REPORT_NOT_RESULTS[];
void report_provenance(cJSON *o, const report_provenance_t *pv);

/* The whole run report of a job made with the rules of id. */
cJSON *report_run(const job_t *job, const tables_id_t *id, const tally_t *t,
                  const driver_result_t *res);

/* A run report read back (for merge and resume). */
typedef struct loaded_report {
    job_t job;                /* the whole job the report belongs to */
    tables_id_t id;           /* the rules that made it */
    tally_t *tally;
    driver_result_t res;      /* done, ranges (complete is recomputed) */
} loaded_report_t;

/* The ruleset a run report names (params.rules) into name; false when the
 * text holds none (report_parse then says what is wrong).  For front ends,
 * which load that ruleset's tables before report_parse. */
bool report_rules_name(const char *text, size_t len, char *name, size_t n);

/* Parse a run report.  tables are the rules in force: the report's ruleset
 * must have the same name.  On error returns false with "ORIGIN: problem" in err.
 * Whether its tables and version are those in force is the caller's
 * question (report_same_rules). */
bool report_parse(loaded_report_t *r, const char *text, size_t len, const char *origin,
                  const tables_t *tables, char *err, size_t errlen);
void loaded_report_free(loaded_report_t *r);

/* Write the run report of (job, id, tally, ranges) to path atomically; 0 on success. */
int report_write_run(const char *path, const job_t *job, const tables_id_t *id,
                     const tally_t *t, const driver_result_t *res);

/* Were the reports of ids a (named a_name) and b (b_name) made with the same
 * rules: the same tables, byte for byte, and the same drlsim version?  If
 * not, writes one line "B_NAME: why" into err and returns false. */
bool report_same_rules(const tables_id_t *a, const char *a_name, const tables_id_t *b,
                       const char *b_name, char *err, size_t errlen);

/* Sort and merge ranges in place; false when two overlap. */
bool ranges_normalize(index_range_t *r, int *n);

#endif
