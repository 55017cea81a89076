/* opts.c - the options several commands share (opts.h): the --type reader,
 * the defaults of the checks' options and the checks of the files a command
 * is to write. */
#include "opts.h"

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
