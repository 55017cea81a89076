/* report_csv.h - a run report's histograms as tidy CSV files, for pandas or R.
 *
 * One file per histogram of the tally, DIR/NAME.csv, one row per non-empty
 * (dlevel, type, bin): the counts of the JSON report's "strata", nothing
 * more (docs/report.md, "CSV export").  Each file is written atomically.
 */
#ifndef DRLSIM_REPORT_CSV_H
#define DRLSIM_REPORT_CSV_H

#include "strbuf.h"
#include "tally.h"

/* Append one CSV field: as is, or quoted (RFC 4180) when it holds a comma,
 * a double quote or a line break. */
void csv_field(strbuf_t *b, const char *s);

/* Check before a run that report_csv_write can write in dir: a writable
 * directory, or a missing one whose parent takes it (the caller makes it
 * when writing: outfile_mkdir).  Nothing is made.  0 when fine, else
 * outfile_check's OUTFILE_CANNOT after a one-line message. */
int report_csv_prepare(const char *dir);

/* Write DIR/NAME.csv for every histogram of the tally (DIR made when missing,
 * outfile_mkdir), in the tally's order
 * (counts: dlevel,type,bin,count; moments: dlevel,type,n,sum,sumsq,min,max),
 * the bins its ruleset's tables name by names (tables_t.bin_names).  0 on
 * success, -1 after a message. */
int report_csv_write(const char *dir, const tally_t *t, const tally_names_t *names);

#endif
