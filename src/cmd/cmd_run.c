/* cmd_run.c - `drlsim run`: generate many levels and write the JSON report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cluster.h"
#include "commands.h"
#include "data.h"
#include "driver.h"
#include "opts.h"
#include "outfile.h"
#include "report.h"
#include "report_csv.h"
#include "tables.h"

/* Upper bound on --levels: far beyond any run, far below overflow of the
 * 64-bit counters (sum of squares of per-level values up to 10^4). */
#define RUN_MAX_LEVELS UINT64_C(100000000000000)

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim run --levels N [--dlevel N | --dlevels A-B] [--difficulty D]\n"
            "                  [--type T] [--seed S] [--threads K] [--out FILE] [--csv DIR]\n"
            "                  [--range] [--html FILE]\n"
            "                  [--progress auto|always|never] [--no-single]\n"
            "                  [--rules NAME] [--style ID] [--episode] [--data DIR]\n"
            "                  [--shard I/N | --ranges A-B[,C-D...]]\n"
            "       drlsim run --resume PARTIAL.json [--threads K] [--out FILE] [--csv DIR]\n"
            "                  [--html FILE]\n"
            "\n"
            "Generate levels 0..N-1 of seed S and write a JSON report of every histogram\n"
            "(exact integer counts per dlevel and type) with summary statistics and 95%%\n"
            "intervals.  The report is byte-identical for any --threads.  Schema:\n"
            "docs/report.md.\n"
            "\n"
            "  --levels N       number of levels (1..10^14)\n"
            "  --dlevel N       every level at dlevel N (default 1)\n"
            "  --dlevels A-B    level i at dlevel A + i mod (B-A+1)\n"
            "  --difficulty D   1 ITYTD, 2 HNTR, 3 HMP, 4 UV, 5 N! (default 3): the number\n"
            "                   or the name\n"
            "  --type T         fix the level type (default: drawn as the game does)\n"
            "  --seed S         master seed (default 0)\n"
            "  --threads K      worker threads (default: OMP_NUM_THREADS if set, else all\n"
            "                   cores)\n"
            "  --out FILE       write the report to FILE (atomically) instead of stdout\n"
            "  --csv DIR        also write every histogram as a tidy CSV file, DIR/NAME.csv\n"
            "                   (counts: dlevel,type,bin,count; moments: dlevel,type,n,sum,\n"
            "                   sumsq,min,max), for pandas or R; DIR is made if missing.\n"
            "                   Without --out, the JSON report goes to DIR/report.json.\n"
            "  --range          also count the range rows (the 2-D histograms of pairs of\n"
            "                   range metrics, docs/report.md; about as costly again as the\n"
            "                   observer's rows, so only when asked)\n"
            "  --html FILE      also write the range rows as heatmaps per level type, one\n"
            "                   self-contained HTML page (implies --range)\n"
            "  --progress WHEN  progress bar on stderr: auto (on a terminal), always, never\n"
            "  --no-single      no single-monster levels (as in 0.9.9.3)\n"
            TABLES_RULES_HELP
            OPT_STYLE_HELP
            "  --episode        the random dlevels of the ruleset's standard episode (game\n"
            "                   rulesets: 2-7, 9-15, 17-23), level i at the (i mod 20)-th;\n"
            "                   its scripted dlevels (1, 8, 16, 24, 25) are not made\n"
            "  --data DIR       read rule tables from DIR instead of the built-in data/\n"
            "  --shard I/N      run only the I-th (0-based) of N equal, disjoint index ranges\n"
            "                   of the job; `drlsim merge` adds the shards' reports into the\n"
            "                   report of the whole job, byte for byte\n"
            "  --ranges A-B,..  run only these half-open index ranges [A, B) of the job\n"
            "  --resume FILE    finish the job of a partial report: run its missing ranges\n"
            "                   and write the whole report (its rule tables and drlsim\n"
            "                   version must be this run's)\n"
            "\n"
            "SIGINT or SIGTERM stops the run cleanly and writes the levels done so far,\n"
            "marked \"complete\": false with the completed index ranges; a second signal\n"
            "2 s or more after the first exits at once.\n"
            "\n"
            "Built with -Dmpi=enabled, `mpirun -n P drlsim run ...` splits the job over P\n"
            "ranks and rank 0 writes the same report (docs/cluster.md).\n");
    fputs(CLI_EXIT_HELP, out);
}

/* --shard "I/N" with 0 <= I < N <= 10^6, into the run_opts_t at dest. */
static bool parse_shard(const cli_t *c, void *dest)
{
    run_opts_t *o = dest;
    char *end;
    long a = strtol(c->arg, &end, 10);
    if (end == c->arg || *end != '/') {
        cli_error(c, "--shard: '%s' is not I/N", c->arg);
        return false;
    }
    const char *t = end + 1;
    long b = strtol(t, &end, 10);
    if (end == t || *end != '\0' || b < 1 || b > 1000000 || a < 0 || a >= b) {
        cli_error(c, "--shard: '%s' must be I/N with 0 <= I < N <= 1000000", c->arg);
        return false;
    }
    o->shard_i = a;
    o->shard_n = b;
    return true;
}

/* --ranges "A-B,C-D" (half-open [A, B)), sorted and merged, into the
 * run_opts_t at dest. */
static bool parse_ranges(const cli_t *c, void *dest)
{
    run_opts_t *o = dest;
    index_range_t *r = o->want;
    int *n = &o->nwant;
    const char *s = c->arg;
    *n = 0;
    while (*s) {
        char *end;
        if (*n == RUN_MAX_RANGES) {
            cli_error(c, "--ranges: more than %d ranges", RUN_MAX_RANGES);
            return false;
        }
        unsigned long long a = strtoull(s, &end, 10);
        if (end == s || *end != '-' || *s == '-') {
            cli_error(c, "--ranges: '%s' is not a list of A-B", c->arg);
            return false;
        }
        const char *t = end + 1;
        unsigned long long b = strtoull(t, &end, 10);
        if (end == t || *t == '-' || (*end != ',' && *end != '\0') || a >= b) {
            cli_error(c, "--ranges: '%s' is not a list of A-B with A < B", c->arg);
            return false;
        }
        r[(*n)++] = (index_range_t){a, b};
        if (*end == ',' && end[1] == '\0') {
            cli_error(c, "--ranges: '%s' ends with a comma", c->arg);
            return false;
        }
        s = *end == ',' ? end + 1 : end;
    }
    if (*n == 0) {
        cli_error(c, "--ranges: empty list");
        return false;
    }
    if (!ranges_normalize(r, n)) {
        cli_error(c, "--ranges: ranges overlap");
        return false;
    }
    return true;
}

/* The ranges [first, first+count) minus the sorted disjoint `have`. */
static int complement(const job_t *job, const index_range_t *have, int nhave,
                      index_range_t *out)
{
    int n = 0;
    uint64_t at = job->first, end = job->first + job->count;
    for (int i = 0; i < nhave; i++) {
        if (have[i].lo > at)
            out[n++] = (index_range_t){at, have[i].lo};
        at = have[i].hi;
    }
    if (at < end)
        out[n++] = (index_range_t){at, end};
    return n;
}

static const cli_spec_t OPTS[] = {
    OPT_HELP,
    OPT_LEVELS(run_opts_t, job.count, RUN_MAX_LEVELS),
    OPT_DLEVEL(run_opts_t, job.dlevel_lo), /* and dlevel_hi: run_parse */
    OPT_DLEVELS(run_opts_t, job.dlevel_lo, job.dlevel_hi),
    OPT_DIFFICULTY(run_opts_t, job.params.difficulty),
    OPT_TYPE(run_opts_t, job.params.type),
    OPT_SEED(run_opts_t, job.seed),
    OPT_NO_SINGLE(run_opts_t, job.params.single_enabled),
    OPT_RULES(run_opts_t, rules),
    OPT_STYLE(run_opts_t, job.params.style),
    {.name = "episode", .kind = CLI_SET, .at = offsetof(run_opts_t, episode)},
    OPT_THREADS(run_opts_t, dopt.threads),
    OPT_PROGRESS(run_opts_t, dopt.progress),
    OPT_OUT(run_opts_t, out),
    OPT_CSV_DIR(run_opts_t, csv),
    OPT_HTML(run_opts_t, html),
    {.name = "range", .kind = CLI_SET, .at = offsetof(run_opts_t, job.range)},
    OPT_DATA(run_opts_t, data_dir),
    {.name = "shard", .kind = CLI_FN, .at = 0, .fn = parse_shard},   /* the whole run_opts_t */
    {.name = "ranges", .kind = CLI_FN, .at = 0, .fn = parse_ranges}, /* the whole run_opts_t */
    {.name = "resume", .kind = CLI_STR, .at = offsetof(run_opts_t, resume)},
    {.name = NULL},
};

static const cli_cmd_t CMD = {"run", OPTS, usage, 0, 0};

/* The options that say what the job is: a resumed job takes it from its report. */
static const char *const JOB_OPTS[] = {"levels", "dlevel", "dlevels", "difficulty", "type",
                                       "seed", "no-single", "rules", "style", "episode", "range", NULL};

int run_parse(run_opts_t *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    gen_params_default(&o->job.params, NULL);
    o->job.dlevel_lo = o->job.dlevel_hi = 1;
    o->dopt = (driver_opts_t){0, PROGRESS_AUTO, "run", NULL, false};
    o->shard_i = -1;
    cli_t c;
    int rc = cli_parse(&c, &CMD, argc, argv, o);
    if (rc != CLI_GO_ON)
        return rc;
    bool job_opts = false;
    for (int k = 0; JOB_OPTS[k]; k++)
        job_opts = job_opts || cli_given(&c, JOB_OPTS[k]);
    if (o->resume && (job_opts || o->shard_n || o->nwant)) {
        cli_error(&c, "--resume takes the job from the report: only --threads, --out, "
                      "--csv, --html, --progress and --data go with it");
        return CLI_EXIT_USAGE;
    }
    if (!o->resume && !cli_given(&c, "levels")) {
        cli_error(&c, "--levels is required");
        return CLI_EXIT_USAGE;
    }
    if (o->episode && (cli_given(&c, "dlevel") || cli_given(&c, "dlevels"))) {
        cli_error(&c, "--episode makes the episode's random dlevels: it takes no --dlevel or "
                      "--dlevels");
        return CLI_EXIT_USAGE;
    }
    if (cli_given(&c, "dlevel") && cli_given(&c, "dlevels")) {
        cli_error(&c, "--dlevel and --dlevels exclude each other");
        return CLI_EXIT_USAGE;
    }
    if (o->shard_n && o->nwant) {
        cli_error(&c, "--shard and --ranges exclude each other");
        return CLI_EXIT_USAGE;
    }
    if (o->html && !o->resume)
        o->job.range = true; /* the page draws the range rows */
    if (cli_given(&c, "dlevel"))
        o->job.dlevel_hi = o->job.dlevel_lo;
    return CLI_GO_ON;
}

int cmd_run(int argc, char **argv)
{
    static run_opts_t o;
    int prc = run_parse(&o, argc, argv);
    if (prc >= 0)
        return prc;
    job_t job = o.job;
    driver_opts_t dopt = o.dopt;
    const char *out = o.out ? o.out : "-", *resume = o.resume;
    long shard_i = o.shard_i, shard_n = o.shard_n;
    index_range_t *want = o.want;
    int nwant = o.nwant;
    cli_t c;
    cli_init(&c, "run");
    /* Only rank 0 writes the outputs.  With --csv and no --out the JSON
     * report goes with the CSVs: DIR/report.json. */
    static char csv_json[4200];
    if (o.csv && !o.out) {
        if (snprintf(csv_json, sizeof csv_json, "%s/report.json", o.csv) >= (int)sizeof csv_json) {
            cli_error(&c, "--csv: directory name too long");
            return CLI_EXIT_USAGE;
        }
        out = csv_json;
    }
    int prc2 = cluster_is_root() ? opt_report_outputs_check(&c, out, o.csv) : 0;
    if (!prc2 && o.html && cluster_is_root())
        prc2 = opt_output_status(outfile_check(o.html));
    if (!prc2)
        prc2 = opt_threads(&c, &dopt.threads);
    if (prc2)
        return prc2;
    /* A resumed job runs under the ruleset its report names. */
    char *resume_text = NULL;
    size_t resume_len = 0;
    char resume_rules[64];
    const char *rules_name = o.rules;
    if (resume) {
        char err[512];
        resume_text = data_read_file(resume, &resume_len, err, sizeof err);
        if (!resume_text) {
            fprintf(stderr, "drlsim run: %s\n", err);
            return CLI_EXIT_USAGE;
        }
        if (report_rules_name(resume_text, resume_len, resume_rules, sizeof resume_rules))
            rules_name = resume_rules;
    }
    const tables_t *tables = opt_tables("run", rules_name, o.data_dir, job.params.type);
    if (!tables) {
        free(resume_text);
        return CLI_EXIT_USAGE;
    }
    job.params.tables = tables;
    if ((prc2 = opt_style("run", tables, job.params.style)) != 0 ||
        (o.episode && (prc2 = opt_episode("run", tables, &job)) != 0)) {
        free(resume_text);
        return prc2;
    }
    tables_id_t id;
    tables_id(tables, &id);
    cluster_check_same(tables_id_key(&id), "rule table");

    tally_t *t = NULL;
    driver_result_t acc; /* what the output report covers */
    memset(&acc, 0, sizeof acc);
    acc.ranges = calloc(2 * RUN_MAX_RANGES + 2, sizeof *acc.ranges);
    if (!acc.ranges) {
        fprintf(stderr, "drlsim run: out of memory\n");
        free(resume_text);
        return 1;
    }
    if (resume) {
        char err[512];
        loaded_report_t lr;
        if (!report_parse(&lr, resume_text, resume_len, resume, tables, err, sizeof err)) {
            fprintf(stderr, "drlsim run: %s\n", err);
            free(resume_text);
            free(acc.ranges);
            return CLI_EXIT_USAGE;
        }
        free(resume_text);
        if (!report_same_rules(&id, "this run", &lr.id, resume, err, sizeof err)) {
            fprintf(stderr, "drlsim run: %s\n", err);
            loaded_report_free(&lr);
            free(acc.ranges);
            return CLI_EXIT_USAGE;
        }
        if (lr.res.nranges > RUN_MAX_RANGES) {
            fprintf(stderr, "drlsim run: %s: more than %d ranges\n", resume, RUN_MAX_RANGES);
            loaded_report_free(&lr);
            free(acc.ranges);
            return CLI_EXIT_USAGE;
        }
        if (o.html && !lr.job.range) {
            fprintf(stderr, "drlsim run: %s: made without --range: it has no range rows for "
                    "--html to draw\n", resume);
            loaded_report_free(&lr);
            free(acc.ranges);
            return CLI_EXIT_USAGE;
        }
        job = lr.job;
        t = lr.tally;
        lr.tally = NULL;
        memcpy(acc.ranges, lr.res.ranges, (size_t)lr.res.nranges * sizeof *acc.ranges);
        acc.nranges = lr.res.nranges;
        acc.done = lr.res.done;
        nwant = complement(&job, lr.res.ranges, lr.res.nranges, want);
        loaded_report_free(&lr);
    } else {
        if (shard_n) {
            /* exact integer split: shard i is [count*i/N, count*(i+1)/N) */
            unsigned __int128 c0 = (unsigned __int128)job.count * (uint64_t)shard_i;
            unsigned __int128 c1 = (unsigned __int128)job.count * (uint64_t)(shard_i + 1);
            want[0].lo = job.first + (uint64_t)(c0 / (uint64_t)shard_n);
            want[0].hi = job.first + (uint64_t)(c1 / (uint64_t)shard_n);
            nwant = want[0].lo < want[0].hi ? 1 : 0;
        } else if (nwant) {
            for (int i = 0; i < nwant; i++)
                if (want[i].hi > job.first + job.count) {
                    cli_error(&c, "--ranges: %llu-%llu goes beyond the job's %llu levels",
                              (unsigned long long)want[i].lo, (unsigned long long)want[i].hi,
                              (unsigned long long)job.count);
                    free(acc.ranges);
                    return CLI_EXIT_USAGE;
                }
        } else {
            want[0] = (index_range_t){job.first, job.first + job.count};
            nwant = 1;
        }
        t = tally_new(job.dlevel_lo, job.dlevel_hi, job.params.difficulty);
    }
    if (!t) {
        fprintf(stderr, "drlsim run: out of memory for %d dlevels\n",
                job.dlevel_hi - job.dlevel_lo + 1);
        free(acc.ranges);
        return 1;
    }
    driver_catch_signals(); /* until the report is written */
    double seconds = 0;
    uint64_t ran = 0;
    int threads = 0, rc = 0, cap = 2 * RUN_MAX_RANGES + 2;
    /* Stop on the driver's (under MPI: every rank's common) result, never on
     * this process's own flag, so that all ranks run the same parts. */
    bool interrupted = false;
    driver_progress_t bar; /* one for all the ranges */
    uint64_t total = 0;
    for (int k = 0; k < nwant; k++)
        total += want[k].hi - want[k].lo;
    driver_progress_begin(&bar, dopt.label, dopt.progress, total);
    dopt.bar = &bar;
    for (int k = 0; k < nwant && !interrupted; k++) {
        job_t part = job;
        part.first = want[k].lo;
        part.count = want[k].hi - want[k].lo;
        driver_result_t res;
        if (driver_run(&part, &dopt, t, &res) != 0) {
            rc = 1;
            break;
        }
        interrupted = !res.complete;
        if (acc.nranges + res.nranges > cap) {
            cap = acc.nranges + res.nranges;
            index_range_t *nr = realloc(acc.ranges, (size_t)cap * sizeof *nr);
            if (!nr) {
                fprintf(stderr, "drlsim run: out of memory\n");
                driver_result_free(&res);
                rc = 1;
                break;
            }
            acc.ranges = nr;
        }
        for (int i = 0; i < res.nranges; i++)
            acc.ranges[acc.nranges++] = res.ranges[i];
        ranges_normalize(acc.ranges, &acc.nranges);
        acc.done += res.done;
        ran += res.done;
        seconds += res.seconds;
        threads = res.threads;
        driver_result_free(&res);
    }
    driver_progress_end(&bar);
    if (rc == 0 && cluster_is_root())
        rc = opt_report_write(out, o.csv, o.html, &job, &id, t, &acc, tables->bin_names);
    driver_release_signals();
    /* The summary only after a report was written: a failed write's one
     * line is the whole of stderr. */
    if (cluster_is_root() && rc == 0) {
        fprintf(stderr, "drlsim run: %llu levels in %.2f s (%.0f levels/s, %d threads",
                (unsigned long long)ran, seconds, seconds > 0 ? (double)ran / seconds : 0.0,
                threads);
        if (cluster_size() > 1)
            fprintf(stderr, " x %d MPI ranks", cluster_size());
        fprintf(stderr, ")%s\n", interrupted ? ", interrupted: report marked incomplete" : "");
    }
    free(acc.ranges);
    tally_free(t);
    if (rc)
        return rc;
    return interrupted ? 130 : 0;
}
