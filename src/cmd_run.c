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
#include "outfile.h"
#include "report.h"
#include "report_csv.h"
#include "tables.h"

/* Upper bound on --levels: far beyond any run, far below overflow of the
 * 64-bit counters (sum of squares of per-level values up to 10^4). */
#define RUN_MAX_LEVELS UINT64_C(100000000000000)

enum { O_HELP = 1, O_LEVELS, O_DLEVEL, O_DLEVELS, O_DIFF, O_TYPE, O_SEED, O_THREADS, O_OUT,
       O_PROGRESS, O_NO_SINGLE, O_DATA, O_SHARD, O_RANGES, O_RESUME, O_CSV, O_RULES };

static const cli_opt_t OPTS[] = {
    {"help", false, O_HELP},       {"levels", true, O_LEVELS},  {"dlevel", true, O_DLEVEL},
    {"dlevels", true, O_DLEVELS},  {"difficulty", true, O_DIFF}, {"type", true, O_TYPE},
    {"seed", true, O_SEED},        {"threads", true, O_THREADS}, {"out", true, O_OUT},
    {"progress", true, O_PROGRESS}, {"no-single", false, O_NO_SINGLE}, {"data", true, O_DATA},
    {"shard", true, O_SHARD},      {"ranges", true, O_RANGES},  {"resume", true, O_RESUME},
    {"csv", true, O_CSV}, {"rules", true, O_RULES},
};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim run --levels N [--dlevel N | --dlevels A-B] [--difficulty D]\n"
            "                  [--type T] [--seed S] [--threads K] [--out FILE] [--csv DIR]\n"
            "                  [--progress auto|always|never] [--no-single]\n"
            "                  [--rules NAME] [--data DIR]\n"
            "                  [--shard I/N | --ranges A-B[,C-D...]]\n"
            "       drlsim run --resume PARTIAL.json [--threads K] [--out FILE] [--csv DIR]\n"
            "\n"
            "Generate levels 0..N-1 of seed S and write a JSON report of every histogram\n"
            "(exact integer counts per dlevel and type) with summary statistics and 95%%\n"
            "intervals.  The report is byte-identical for any --threads.  Schema:\n"
            "docs/report.md.\n"
            "\n"
            "  --levels N       number of levels (1..10^14)\n"
            "  --dlevel N       every level at dlevel N (default 1)\n"
            "  --dlevels A-B    level i at dlevel A + i mod (B-A+1)\n"
            "  --difficulty D   1 ITYTD .. 5 N! (default 3)\n"
            "  --type T         fix the level type (default: drawn as the game does)\n"
            "  --seed S         master seed (default 0)\n"
            "  --threads K      worker threads (default: all cores)\n"
            "  --out FILE       write the report to FILE (atomically) instead of stdout\n"
            "  --csv DIR        also write every histogram as a tidy CSV file, DIR/NAME.csv\n"
            "                   (counts: dlevel,type,bin,count; moments: dlevel,type,n,sum,\n"
            "                   sumsq,min,max), for pandas or R; DIR is made if missing.\n"
            "                   Without --out, the JSON report goes to DIR/report.json.\n"
            "  --progress WHEN  progress bar on stderr: auto (on a terminal), always, never\n"
            "  --no-single      no single-monster levels (as in 0.9.9.3)\n"
            TABLES_RULES_HELP
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

/* Parse "I/N" with 0 <= I < N <= 10^6. */
static bool parse_shard(const cli_t *c, long *i, long *n)
{
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
    *i = a;
    *n = b;
    return true;
}

/* Parse "A-B,C-D" (half-open [A, B)) into ranges. */
static bool parse_ranges(const cli_t *c, index_range_t *r, int *n)
{
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

int run_parse(run_opts_t *o, int argc, char **argv)
{
    cli_t c;
    cli_init(&c, "run", argc, argv);
    job_t job;
    memset(&job, 0, sizeof job);
    gen_params_default(&job.params, NULL);
    job.dlevel_lo = job.dlevel_hi = 1;
    driver_opts_t dopt = {0, PROGRESS_AUTO, "run"};
    const char *out = NULL, *resume = NULL, *data_dir = NULL, *csv = NULL, *rules = NULL;
    bool have_levels = false, have_dlevel = false, have_dlevels = false, job_opts = false;
    long shard_i = -1, shard_n = 0;
    index_range_t *want = o->want;
    int nwant = 0;
    static const char *const PROGRESS[] = {"auto", "always", "never", NULL};
    long v, lo, hi;
    int id;
    while ((id = cli_next(&c, OPTS, (int)(sizeof OPTS / sizeof OPTS[0]))) != 0) {
        switch (id) {
        case -1:
            return CLI_EXIT_USAGE;
        case O_HELP:
            usage(stdout);
            return 0;
        case O_LEVELS:
            if (!cli_u64(&c, &job.count))
                return CLI_EXIT_USAGE;
            if (job.count < 1 || job.count > RUN_MAX_LEVELS) {
                cli_error(&c, "--levels: %s is out of range 1..%llu", c.arg,
                          (unsigned long long)RUN_MAX_LEVELS);
                return CLI_EXIT_USAGE;
            }
            have_levels = job_opts = true;
            break;
        case O_DLEVEL:
            if (!cli_long(&c, 1, DLEVEL_MAX, &v))
                return CLI_EXIT_USAGE;
            job.dlevel_lo = job.dlevel_hi = (int)v;
            have_dlevel = job_opts = true;
            break;
        case O_DLEVELS:
            if (!cli_range(&c, 1, DLEVEL_MAX, &lo, &hi))
                return CLI_EXIT_USAGE;
            job.dlevel_lo = (int)lo;
            job.dlevel_hi = (int)hi;
            have_dlevels = job_opts = true;
            break;
        case O_DIFF:
            if (!cli_long(&c, DIFF_ITYTD, DIFF_NIGHTMARE, &v))
                return CLI_EXIT_USAGE;
            job.params.difficulty = (int)v;
            job_opts = true;
            break;
        case O_TYPE:
            job.params.type = level_type_from_name(c.arg);
            if (job.params.type < 0) {
                cli_error(&c, "--type: unknown level type '%s'", c.arg);
                return CLI_EXIT_USAGE;
            }
            job_opts = true;
            break;
        case O_SEED:
            if (!cli_u64(&c, &job.seed))
                return CLI_EXIT_USAGE;
            job_opts = true;
            break;
        case O_THREADS:
            if (!cli_long(&c, 1, 1024, &v))
                return CLI_EXIT_USAGE;
            dopt.threads = (int)v;
            break;
        case O_OUT:
            out = c.arg;
            break;
        case O_PROGRESS:
            if ((v = cli_choice(&c, PROGRESS)) < 0)
                return CLI_EXIT_USAGE;
            dopt.progress = (progress_mode_t)v;
            break;
        case O_NO_SINGLE:
            job.params.single_enabled = false;
            job_opts = true;
            break;
        case O_DATA:
            data_dir = c.arg;
            break;
        case O_RULES:
            if (cli_choice(&c, TABLES_RULESETS) < 0)
                return CLI_EXIT_USAGE;
            rules = c.arg;
            job_opts = true;
            break;
        case O_SHARD:
            if (!parse_shard(&c, &shard_i, &shard_n))
                return CLI_EXIT_USAGE;
            break;
        case O_RANGES:
            if (!parse_ranges(&c, want, &nwant))
                return CLI_EXIT_USAGE;
            break;
        case O_RESUME:
            resume = c.arg;
            break;
        case O_CSV:
            if (!cli_dir_name(&c))
                return CLI_EXIT_USAGE;
            csv = c.arg;
            break;
        }
    }
    if (resume && (job_opts || shard_n || nwant)) {
        cli_error(&c, "--resume takes the job from the report: only --threads, --out, "
                      "--csv, --progress and --data go with it");
        return CLI_EXIT_USAGE;
    }
    if (!resume && !have_levels) {
        cli_error(&c, "--levels is required");
        return CLI_EXIT_USAGE;
    }
    if (have_dlevel && have_dlevels) {
        cli_error(&c, "--dlevel and --dlevels exclude each other");
        return CLI_EXIT_USAGE;
    }
    if (shard_n && nwant) {
        cli_error(&c, "--shard and --ranges exclude each other");
        return CLI_EXIT_USAGE;
    }
    o->job = job;
    o->dopt = dopt;
    o->out = out;
    o->csv = csv;
    o->resume = resume;
    o->data_dir = data_dir;
    o->rules = rules;
    o->shard_i = shard_i;
    o->shard_n = shard_n;
    o->nwant = nwant;
    return -1;
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
    cli_init(&c, "run", argc, argv);
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
    if (cluster_is_root() && o.csv && report_csv_prepare(o.csv) != 0)
        return CLI_EXIT_USAGE;
    if (cluster_is_root() && outfile_check(out) != 0)
        return CLI_EXIT_USAGE;
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
    const tables_t *tables = tables_open("run", rules_name, o.data_dir, job.params.type);
    if (!tables) {
        free(resume_text);
        return CLI_EXIT_USAGE;
    }
    job.params.tables = tables;
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
    if (rc == 0 && cluster_is_root())
        rc = report_write_run(out, &job, &id, t, &acc) ? CLI_EXIT_IO : 0;
    if (rc == 0 && cluster_is_root() && o.csv)
        rc = report_csv_write(o.csv, t, tables->bin_names) ? CLI_EXIT_IO : 0;
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
