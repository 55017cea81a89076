/* opts.c - the options several commands share (opts.h): the --type reader,
 * the defaults of the checks' options and the checks of the files a command
 * is to write. */
#include "opts.h"

#include <stdio.h>
#include <string.h>

#include "outfile.h"
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

bool opt_outputs_writable(const char *const *paths, int n)
{
    for (int i = 0; i < n; i++)
        if (paths[i] && outfile_check(paths[i]) != 0)
            return false;
    return true;
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

void opt_tables_close(void)
{
    while (nopened > 0)
        tables_close(opened[--nopened]);
}
