/* cmd_episode.c - `drlsim episode`: what a player meets on each dlevel of a
 * game ruleset's standard episode (episode_view.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "driver.h"
#include "episode_view.h"
#include "opts.h"
#include "outfile.h"
#include "registry.h"
#include "report_html.h"
#include "tables.h"

/* Upper bound on --levels (per dlevel): far beyond any run, far below the
 * overflow of job.count (x the episode's random dlevels). */
#define EPISODE_MAX_LEVELS UINT64_C(1000000000000)
/* Default --levels: per random dlevel, a mean's standard error a few
 * hundredths of its sd. */
#define EPISODE_DEFAULT_LEVELS 2000

typedef struct episode_opts {
    uint64_t levels, seed;
    int difficulty;
    const char *rules, *data_dir, *json, *markdown, *html;
    driver_opts_t d;
} episode_opts_t;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim episode [--rules NAME] [--difficulty D] [--levels N] [--seed S]\n"
            "                      [--threads K] [--markdown FILE] [--html FILE] [--json FILE]\n"
            "                      [--progress auto|always|never] [--data DIR]\n"
            "\n"
            "What a player meets on each dlevel of a game ruleset's standard episode\n"
            "(dlevels 1-25): per dlevel the level types' shares, the special rooms placed,\n"
            "the danger budget, the danger placed and the items (means per level), and the\n"
            "share of levels with an event, as a table on stdout.  Scripted dlevels (1, 8,\n"
            "16, 24, 25) are marked and left empty: drlsim makes no scripted level.  The\n"
            "levels are those of `drlsim run --episode --levels N x 20` with the same seed.\n"
            "\n"
            "  --levels N       levels per random dlevel (default %d)\n"
            "  --difficulty D   1 ITYTD, 2 HNTR, 3 HMP, 4 UV, 5 N! (default 3): the number\n"
            "                   or the name\n"
            "  --seed S         master seed (default 0)\n"
            "  --threads K      worker threads (default: OMP_NUM_THREADS if set, else all\n"
            "                   cores)\n"
            "  --markdown FILE  also write the table as Markdown ('-': stdout)\n"
            "  --json FILE      also write the table as JSON ('-': stdout)\n"
            "  --html FILE      also write an HTML page with a gnuplot picture (needs\n"
            "                   gnuplot)\n"
            "  --progress WHEN  progress bar on stderr: auto (on a terminal), always, never\n"
            "  --rules NAME     a game ruleset (docs/rulesets.md; default: the newest, the\n"
            "                   current release)\n"
            "  --data DIR       read rule tables from DIR instead of the built-in data/\n"
            "\n"
            "SIGINT or SIGTERM stops the run: nothing is written, exit status 130.\n",
            EPISODE_DEFAULT_LEVELS);
    fputs(CLI_EXIT_HELP, out);
}

/* Without --rules or --data: the newest ruleset with an episode (the
 * registry lists the rulesets oldest first), the current release. */
static const tables_t *newest_with_episode(void)
{
    int n = 0;
    while (RULESET_DEFS[n])
        n++;
    for (int i = n - 1; i >= 0; i--) {
        const tables_t *t = opt_tables("episode", RULESET_DEFS[i]->name, NULL, -1);
        if (!t || t->episode)
            return t;
    }
    fprintf(stderr, "drlsim episode: no ruleset has an episode\n");
    return NULL;
}

static const cli_spec_t OPTS[] = {
    OPT_HELP,
    OPT_LEVELS(episode_opts_t, levels, EPISODE_MAX_LEVELS),
    OPT_DIFFICULTY(episode_opts_t, difficulty),
    OPT_SEED(episode_opts_t, seed),
    OPT_RULES(episode_opts_t, rules),
    OPT_DATA(episode_opts_t, data_dir),
    OPT_THREADS(episode_opts_t, d.threads),
    OPT_PROGRESS(episode_opts_t, d.progress),
    OPT_JSON(episode_opts_t, json),
    OPT_MARKDOWN(episode_opts_t, markdown),
    OPT_HTML(episode_opts_t, html),
    {.name = NULL},
};

static const cli_cmd_t CMD = {"episode", OPTS, usage, 0, 0};

int cmd_episode(int argc, char **argv)
{
    episode_opts_t o;
    memset(&o, 0, sizeof o);
    o.levels = EPISODE_DEFAULT_LEVELS;
    o.difficulty = DIFF_HMP;
    o.d = (driver_opts_t){0, PROGRESS_AUTO, "episode", NULL, false};
    cli_t c;
    int rc = cli_parse(&c, &CMD, argc, argv, &o);
    if (rc != CLI_GO_ON)
        return rc;
    const char *outs[] = {o.json, o.markdown, o.html};
    const int dashes = opt_to_stdout(outs, 3);
    if (dashes > 1) {
        cli_error(&c, "only one of --json, --markdown and --html can write to stdout ('-')");
        return CLI_EXIT_USAGE;
    }
    const tables_t *tables = o.rules || o.data_dir ? opt_tables("episode", o.rules, o.data_dir, -1)
                                                   : newest_with_episode();
    if (!tables)
        return CLI_EXIT_USAGE;
    job_t job;
    memset(&job, 0, sizeof job);
    gen_params_default(&job.params, tables);
    job.params.difficulty = o.difficulty;
    job.seed = o.seed;
    if ((rc = opt_episode("episode", tables, &job)) != 0)
        return rc;
    job.count = o.levels * (uint64_t)job.ndl; /* level i at the (i mod ndl)-th dlevel */
    /* every output and gnuplot checked before any level is made */
    if ((rc = opt_outputs_check(outs, 3)) != 0 || (rc = opt_threads(&c, &o.d.threads)) != 0)
        return rc;
    if (o.html && report_html_ready("episode") != 0)
        return CLI_EXIT_IO;
    tally_t *t = tally_new(job.dlevel_lo, job.dlevel_hi, job.params.difficulty);
    episode_view_t *v = calloc(1, sizeof *v);
    if (!t || !v) {
        fprintf(stderr, "drlsim episode: out of memory\n");
        tally_free(t);
        free(v);
        return 1;
    }
    driver_progress_t bar;
    driver_progress_begin(&bar, "episode", o.d.progress, job.count);
    o.d.bar = &bar;
    driver_result_t res;
    rc = driver_run(&job, &o.d, t, &res) != 0 ? 1 : 0;
    driver_progress_end(&bar);
    if (rc == 0) {
        if (!res.complete) {
            fprintf(stderr, "drlsim episode: interrupted: nothing written\n");
            rc = 130;
        }
        driver_result_free(&res);
    }
    if (rc == 0) {
        v->rules = tables->name;
        v->difficulty = job.params.difficulty;
        v->seed = job.seed;
        v->per_dlevel = o.levels;
        episode_view_fill(v, tables->episode, t);
        outfile_begin(); /* every output or none (outfile.h) */
        int wrc = 0;
        if (o.json)
            wrc |= cli_write_text("episode", o.json, episode_view_json(v));
        if (o.markdown)
            wrc |= cli_write_text("episode", o.markdown, episode_view_markdown(v));
        if (o.html && !wrc)
            wrc |= episode_view_html(v, o.html) ? CLI_EXIT_IO : 0;
        if (!wrc && !dashes) {
            char *s = episode_view_text(v);
            if (s)
                fputs(s, stdout);
            else
                wrc = 1;
            free(s);
        }
        if ((wrc = cli_outputs_end(wrc)) != 0)
            rc = wrc;
    }
    driver_release_signals();
    tally_free(t);
    free(v);
    return rc;
}
