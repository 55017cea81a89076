/* cmd_run.c - `drlsim run`: generate many levels and write the JSON report. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "data.h"
#include "driver.h"
#include "outfile.h"
#include "report.h"

/* Upper bound on --levels: far beyond any run, far below overflow of the
 * 64-bit counters (sum of squares of per-level values up to 10^4). */
#define RUN_MAX_LEVELS UINT64_C(100000000000000)

enum { O_HELP = 1, O_LEVELS, O_DLEVEL, O_DLEVELS, O_DIFF, O_TYPE, O_SEED, O_THREADS, O_OUT,
       O_PROGRESS, O_NO_SINGLE, O_DATA };

static const cli_opt_t OPTS[] = {
    {"help", false, O_HELP},       {"levels", true, O_LEVELS},  {"dlevel", true, O_DLEVEL},
    {"dlevels", true, O_DLEVELS},  {"difficulty", true, O_DIFF}, {"type", true, O_TYPE},
    {"seed", true, O_SEED},        {"threads", true, O_THREADS}, {"out", true, O_OUT},
    {"progress", true, O_PROGRESS}, {"no-single", false, O_NO_SINGLE}, {"data", true, O_DATA},
};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim run --levels N [--dlevel N | --dlevels A-B] [--difficulty D]\n"
            "                  [--type T] [--seed S] [--threads K] [--out FILE]\n"
            "                  [--progress auto|always|never] [--no-single] [--data DIR]\n"
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
            "  --progress WHEN  progress bar on stderr: auto (on a terminal), always, never\n"
            "  --no-single      no single-monster levels (as in 0.9.9.3)\n"
            "  --data DIR       read rule tables from DIR instead of the built-in data/\n"
            "\n"
            "SIGINT or SIGTERM stops the run cleanly and writes the levels done so far,\n"
            "marked \"complete\": false with the completed index ranges; a second signal\n"
            "exits at once.\n");
}

static void on_signal(int sig)
{
    if (driver_stop_requested()) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    driver_request_stop();
}

int cmd_run(int argc, char **argv)
{
    cli_t c;
    cli_init(&c, "run", argc, argv);
    job_t job;
    memset(&job, 0, sizeof job);
    gen_params_default(&job.params);
    job.dlevel_lo = job.dlevel_hi = 1;
    driver_opts_t dopt = {0, PROGRESS_AUTO, "run"};
    const char *out = "-";
    bool have_levels = false, have_dlevel = false, have_dlevels = false;
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
            have_levels = true;
            break;
        case O_DLEVEL:
            if (!cli_long(&c, 1, DLEVEL_MAX, &v))
                return CLI_EXIT_USAGE;
            job.dlevel_lo = job.dlevel_hi = (int)v;
            have_dlevel = true;
            break;
        case O_DLEVELS:
            if (!cli_range(&c, 1, DLEVEL_MAX, &lo, &hi))
                return CLI_EXIT_USAGE;
            job.dlevel_lo = (int)lo;
            job.dlevel_hi = (int)hi;
            have_dlevels = true;
            break;
        case O_DIFF:
            if (!cli_long(&c, DIFF_ITYTD, DIFF_NIGHTMARE, &v))
                return CLI_EXIT_USAGE;
            job.params.difficulty = (int)v;
            break;
        case O_TYPE:
            job.params.type = level_type_from_name(c.arg);
            if (job.params.type < 0) {
                cli_error(&c, "--type: unknown level type '%s'", c.arg);
                return CLI_EXIT_USAGE;
            }
            break;
        case O_SEED:
            if (!cli_u64(&c, &job.seed))
                return CLI_EXIT_USAGE;
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
            break;
        case O_DATA:
            data_set_dir(c.arg);
            break;
        }
    }
    if (!have_levels) {
        cli_error(&c, "--levels is required");
        return CLI_EXIT_USAGE;
    }
    if (have_dlevel && have_dlevels) {
        cli_error(&c, "--dlevel and --dlevels exclude each other");
        return CLI_EXIT_USAGE;
    }
    if (outfile_check(out) != 0)
        return CLI_EXIT_USAGE;
    job.params.rules = ruleset_default();
    if (!job.params.rules)
        return CLI_EXIT_USAGE;
    if (job.params.type >= 0 && !layout_for((level_type_t)job.params.type)) {
        cli_error(&c, "--type: the %s layout is not implemented yet",
                  level_type_name((level_type_t)job.params.type));
        return CLI_EXIT_USAGE;
    }
    tally_t *t = tally_new(job.dlevel_lo, job.dlevel_hi, job.params.difficulty);
    if (!t) {
        fprintf(stderr, "drlsim run: out of memory for %d dlevels\n",
                job.dlevel_hi - job.dlevel_lo + 1);
        return 1;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    driver_result_t res;
    if (driver_run(&job, &dopt, t, &res) != 0) {
        tally_free(t);
        return 1;
    }
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    cJSON *rep = report_run(&job, t, &res);
    char *text = cJSON_Print(rep);
    size_t len = strlen(text);
    text[len] = '\0';
    int rc = 0;
    {
        char *withnl = malloc(len + 2);
        if (!withnl) {
            fprintf(stderr, "drlsim run: out of memory\n");
            rc = 1;
        } else {
            memcpy(withnl, text, len);
            withnl[len] = '\n';
            withnl[len + 1] = '\0';
            rc = outfile_write(out, withnl, len + 1) ? 1 : 0;
            free(withnl);
        }
    }
    fprintf(stderr, "drlsim run: %llu levels in %.2f s (%.0f levels/s, %d threads)%s\n",
            (unsigned long long)res.done, res.seconds,
            res.seconds > 0 ? (double)res.done / res.seconds : 0.0, res.threads,
            res.complete ? "" : ", interrupted: report marked incomplete");
    free(text);
    cJSON_Delete(rep);
    driver_result_free(&res);
    tally_free(t);
    if (rc)
        return rc;
    return res.complete ? 0 : 130;
}
