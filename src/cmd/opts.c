/* opts.c - the options several commands share (opts.h): the --type reader,
 * the defaults of the checks' options, the checks of the files a command is
 * to write and the writer of a run report's files, and the thread count
 * from OMP_NUM_THREADS. */
#include "opts.h"
#include "range_html.h"

#include "episode.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "early.h"
#include "episode.h"
#include "outfile.h"
#include "report.h"
#include "report_csv.h"
#include "ruleset.h"

const char *const OPT_WHEN[] = {"auto", "always", "never", NULL};

bool opt_level_type(const cli_t *c, void *dest)
{
    int t = level_type_from_name(c->arg);
    if (t < 0) {
        char list[256];
        tables_type_list(list, sizeof list);
        cli_error(c, "--type: unknown level type '%s' (%s)", c->arg, list);
        return false;
    }
    *(int *)dest = t;
    return true;
}

bool opt_difficulty(const cli_t *c, void *dest)
{
    for (int d = DIFF_ITYTD; d <= DIFF_NIGHTMARE; d++)
        if (strcasecmp(c->arg, DIFFICULTY_NAMES[d]) == 0) {
            *(int *)dest = d;
            return true;
        }
    char *end;
    errno = 0;
    long v = strtol(c->arg, &end, 10);
    if (!*c->arg || *end || errno == ERANGE) {
        char list[64] = "";
        for (int d = DIFF_ITYTD; d <= DIFF_NIGHTMARE; d++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                     d > DIFF_ITYTD ? ", " : "", DIFFICULTY_NAMES[d]);
        cli_error(c, "--difficulty: '%s' is neither %d..%d nor one of %s", c->arg, DIFF_ITYTD,
                  DIFF_NIGHTMARE, list);
        return false;
    }
    if (v < DIFF_ITYTD || v > DIFF_NIGHTMARE) {
        cli_error(c, "--difficulty: %ld is out of range %d..%d", v, DIFF_ITYTD, DIFF_NIGHTMARE);
        return false;
    }
    *(int *)dest = (int)v;
    return true;
}

void opt_checks_default(opt_checks_t *o, double alpha)
{
    memset(o, 0, sizeof *o);
    o->scale = 1.0;
    o->alpha = alpha;
    o->d.progress = PROGRESS_AUTO;
}

int opt_to_stdout(const char *const *paths, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += paths[i] && strcmp(paths[i], "-") == 0;
    return k;
}

int opt_output_status(int outfile_rc)
{
    return outfile_rc == 0 ? 0 : outfile_rc == OUTFILE_BAD_NAME ? CLI_EXIT_USAGE : CLI_EXIT_IO;
}

int opt_outputs_check(const char *const *paths, int n)
{
    for (int i = 0; i < n; i++) {
        int rc = paths[i] ? opt_output_status(outfile_check(paths[i])) : 0;
        if (rc)
            return rc;
    }
    return 0;
}

/* Whether path names a file directly in directory dir ("dir/name"). */
static bool in_dir(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    return strncmp(path, dir, n) == 0 && path[n] == '/' && !strchr(path + n + 1, '/');
}

int opt_report_outputs_check(const cli_t *c, const char *out, const char *csv)
{
    if (csv && strcmp(out, csv) == 0) {
        cli_error(c, "--out and --csv name the same path '%s' (--csv is a directory)", out);
        return CLI_EXIT_USAGE;
    }
    int rc = csv ? opt_output_status(report_csv_prepare(csv)) : 0;
    struct stat st;
    /* A file in a CSV directory not made yet is checked with the directory. */
    if (!rc && !(csv && in_dir(out, csv) && stat(csv, &st) != 0))
        rc = opt_output_status(outfile_check(out));
    return rc;
}

int opt_report_write(const char *out, const char *csv, const char *html, const job_t *job,
                     const tables_id_t *id, const tally_t *t, const driver_result_t *res,
                     const tally_names_t *names)
{
    outfile_begin();
    bool ok = !csv || outfile_mkdir(csv) == 0;
    ok = ok && report_write_run(out, job, id, t, res) == 0;
    ok = ok && (!csv || report_csv_write(csv, t, names) == 0);
    ok = ok && (!html || range_html_run_write(html, job, t) == 0);
    if (!ok) {
        outfile_abort();
        return CLI_EXIT_IO;
    }
    return outfile_commit() == 0 ? 0 : CLI_EXIT_IO;
}

int opt_threads(const cli_t *c, int *threads)
{
    bool truncated;
    const char *v = early_omp_num_threads(&truncated);
    if (*threads > 0 || !v || !*v)
        return 0;
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (truncated || *v < '0' || *v > '9' || *end != '\0' || errno == ERANGE) {
        cli_error(c, "OMP_NUM_THREADS: '%.40s%s' is not an integer (it is --threads' default)", v,
                  truncated || strlen(v) > 40 ? "..." : "");
        return CLI_EXIT_USAGE;
    }
    if (n < 1 || n > OPT_MAX_THREADS) {
        cli_error(c, "OMP_NUM_THREADS: %ld is out of range 1..%d (it is --threads' default)", n,
                  OPT_MAX_THREADS);
        return CLI_EXIT_USAGE;
    }
    *threads = (int)n;
    return 0;
}

/* The tables a command opened (a few: errata opens two, merge one per job). */
#define OPT_MAX_TABLES 8
static const tables_t *opened[OPT_MAX_TABLES];
static int nopened;

const tables_t *opt_tables(const char *cmd, const char *name, const char *data_dir, int type)
{
    if (nopened == OPT_MAX_TABLES) {
        fprintf(stderr, "drlsim %s: too many table sets\n", cmd);
        return NULL;
    }
    const tables_t *t = tables_open(cmd, name, data_dir, type);
    if (t)
        opened[nopened++] = t;
    return t;
}

_Static_assert(OPT_MAX_STYLE == EPISODE_MAX_STYLE_ID, "--style takes every style id");

int opt_style(const char *cmd, const tables_t *t, int style)
{
    if (!style)
        return 0;
    if (!t->episode) {
        fprintf(stderr, "drlsim %s: --style: ruleset %s has no styles (only the game rulesets "
                        "have an episode)\n", cmd, t->name);
        return CLI_EXIT_USAGE;
    }
    if (!episode_style(t->episode, style)) {
        char list[128];
        episode_style_list(t->episode, list, sizeof list);
        fprintf(stderr, "drlsim %s: --style: ruleset %s has no style %d (its styles: %s)\n", cmd,
                t->name, style, list);
        return CLI_EXIT_USAGE;
    }
    return 0;
}

int opt_episode(const char *cmd, const tables_t *t, job_t *job)
{
    int dl[JOB_MAX_DLEVELS];
    int n = t->episode ? episode_random_dlevels(t->episode, dl, JOB_MAX_DLEVELS) : 0;
    if (!job_set_dlevels(job, dl, n)) {
        fprintf(stderr, "drlsim %s: --episode: ruleset %s has no episode of random dlevels "
                        "(only the game rulesets have one)\n", cmd, t->name);
        return CLI_EXIT_USAGE;
    }
    return 0;
}

void opt_tables_close(void)
{
    while (nopened > 0)
        tables_close(opened[--nopened]);
}
