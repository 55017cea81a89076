/* cmd_merge.c - `drlsim merge`: add run reports of one job into one report.
 *
 * The reports must belong to the same job (identical params), be made with
 * the same rules (tables byte for byte, drlsim version) and cover disjoint
 * index ranges; their tallies are summed exactly and the report is
 * written as `drlsim run` would have written it for the union of the ranges,
 * so merging the shards of a job gives the whole job's report byte for byte.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "data.h"
#include "opts.h"
#include "outfile.h"
#include "report.h"
#include "report_csv.h"
#include "tables.h"

#define MERGE_MAX_INPUTS 4096

static void usage(FILE *out)
{
    fprintf(out, "usage: drlsim merge REPORT.json REPORT.json ... [--out FILE] [--csv DIR]\n"
                 "                    [--data DIR]\n"
                 "\n"
                 "Add run reports of the same job (e.g. `drlsim run --shard I/N` outputs, or a\n"
                 "partial report and the rest) into one report.  Refuses reports whose job\n"
                 "parameters, rule tables (content hashes) or drlsim version differ, or whose\n"
                 "index ranges overlap.  The result is byte-identical to running the union\n"
                 "of the ranges at once.  A REPORT.json '-' is read from standard input.\n"
                 "\n"
                 "  --out FILE   write the merged report to FILE (atomically; default stdout)\n"
                 "  --csv DIR    also write its histograms as tidy CSV files, as `drlsim run\n"
                 "               --csv` does (given one report, this converts it).  Without\n"
                 "               --out, the JSON report goes to DIR/report.json.\n"
                 "  --data DIR   read rule tables from DIR instead of the built-in data/\n");
    fputs(CLI_EXIT_HELP, out);
}

static bool same_job(const job_t *a, const job_t *b)
{
    return a->seed == b->seed && a->first == b->first && a->count == b->count &&
           a->dlevel_lo == b->dlevel_lo && a->dlevel_hi == b->dlevel_hi &&
           a->params.difficulty == b->params.difficulty && a->params.type == b->params.type &&
           a->params.single_enabled == b->params.single_enabled &&
           a->params.style == b->params.style && a->ndl == b->ndl && a->range == b->range &&
           memcmp(a->dl, b->dl, (size_t)a->ndl * sizeof a->dl[0]) == 0;
}

typedef struct merge_opts {
    const char *out, *csv, *data_dir;
    const char *inputs[MERGE_MAX_INPUTS]; /* the reports: the operands */
} merge_opts_t;

static const cli_spec_t OPTS[] = {
    OPT_HELP,
    OPT_OUT(merge_opts_t, out),
    OPT_CSV_DIR(merge_opts_t, csv),
    OPT_DATA(merge_opts_t, data_dir),
    {.name = NULL},
};

/* The reports are the operands; options may stand anywhere among them. */
static const cli_cmd_t CMD = {"merge", OPTS, usage, MERGE_MAX_INPUTS,
                              offsetof(merge_opts_t, inputs)};

int cmd_merge(int argc, char **argv)
{
    static merge_opts_t o;
    memset(&o, 0, sizeof o);
    cli_t c;
    int prc = cli_parse(&c, &CMD, argc, argv, &o);
    if (prc != CLI_GO_ON)
        return prc;
    if (c.noperands > MERGE_MAX_INPUTS) {
        cli_error(&c, "more than %d reports", MERGE_MAX_INPUTS);
        return CLI_EXIT_USAGE;
    }
    if (c.noperands < 1) {
        cli_error(&c, "no reports given (see --help)");
        return CLI_EXIT_USAGE;
    }
    const char *out = o.out, *csv = o.csv, *data_dir = o.data_dir;
    const char *const *inputs = o.inputs;
    const int ninputs = c.noperands;
    /* With --csv and no --out the JSON report goes with the CSVs. */
    static char csv_json[4200];
    if (csv && !out) {
        if (snprintf(csv_json, sizeof csv_json, "%s/report.json", csv) >= (int)sizeof csv_json) {
            cli_error(&c, "--csv: directory name too long");
            return CLI_EXIT_USAGE;
        }
        out = csv_json;
    }
    if (!out)
        out = "-";
    if ((prc = opt_report_outputs_check(&c, out, csv)) != 0)
        return prc;
    /* The reports are merged under the ruleset the first one names; a report
     * of another ruleset is refused by report_parse. */
    const tables_t *tables = NULL;
    loaded_report_t all;
    memset(&all, 0, sizeof all);
    int cap = 0, rc = 0;
    for (int i = 0; i < ninputs && rc == 0; i++) {
        size_t len;
        char err[512];
        char *text = data_read_file(inputs[i], &len, err, sizeof err);
        if (text && !tables) {
            char name[64];
            tables = opt_tables("merge",
                                 report_rules_name(text, len, name, sizeof name) ? name : NULL,
                                 data_dir, -1);
            if (!tables) {
                free(text);
                rc = CLI_EXIT_USAGE;
                break;
            }
        }
        loaded_report_t r;
        if (!text || !report_parse(&r, text, len, inputs[i], tables, err, sizeof err)) {
            fprintf(stderr, "drlsim merge: %s\n", err);
            free(text);
            rc = CLI_EXIT_USAGE;
            break;
        }
        free(text);
        if (i == 0) {
            all = r;
            cap = r.res.nranges;
            continue;
        }
        if (!same_job(&all.job, &r.job)) {
            fprintf(stderr, "drlsim merge: %s: its job (params) differs from %s's\n", inputs[i],
                    inputs[0]);
            loaded_report_free(&r);
            rc = CLI_EXIT_USAGE;
            break;
        }
        if (!report_same_rules(&all.id, inputs[0], &r.id, inputs[i], err, sizeof err)) {
            fprintf(stderr, "drlsim merge: %s\n", err);
            loaded_report_free(&r);
            rc = CLI_EXIT_USAGE;
            break;
        }
        int n = all.res.nranges + r.res.nranges;
        if (n > cap) {
            index_range_t *nr = realloc(all.res.ranges, (size_t)n * sizeof *nr);
            if (!nr) {
                fprintf(stderr, "drlsim merge: out of memory\n");
                loaded_report_free(&r);
                rc = 1;
                break;
            }
            all.res.ranges = nr;
            cap = n;
        }
        memcpy(all.res.ranges + all.res.nranges, r.res.ranges,
               (size_t)r.res.nranges * sizeof *r.res.ranges);
        all.res.nranges = n;
        if (!ranges_normalize(all.res.ranges, &all.res.nranges)) {
            fprintf(stderr, "drlsim merge: %s: its index ranges overlap those of the reports "
                            "before it\n", inputs[i]);
            loaded_report_free(&r);
            rc = CLI_EXIT_USAGE;
            break;
        }
        all.res.done += r.res.done;
        if (tally_absorb(all.tally, r.tally) != 0) {
            fprintf(stderr, "drlsim merge: out of memory\n");
            loaded_report_free(&r);
            rc = 1;
            break;
        }
        loaded_report_free(&r);
    }
    if (rc == 0)
        rc = opt_report_write(out, csv, NULL, &all.job, &all.id, all.tally, &all.res, tables->bin_names);
    loaded_report_free(&all);
    return rc;
}
