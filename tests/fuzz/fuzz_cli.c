/* fuzz_cli.c - fuzz target: the command line (src/cli.h and the option
 * parsing of `gen` and `run`, commands.h).
 *
 * The input is a command line, one argument per line ('\n').  When the first
 * word is "gen" or "run", the rest goes through gen_parse / run_parse, the
 * commands' own parsing; otherwise the words go through cli_next with a
 * table that hands each option's value to one primitive (cli_long, cli_u64,
 * cli_double, cli_range, cli_choice).  Checks: the exit status is -1, 0 or
 * 2, and what a parse accepts lies inside the documented ranges.
 */
#include "cli.h"
#include "commands.h"
#include "fuzz.h"

#define MAX_ARGS 64
#define MAX_INPUT 4096

static void check_gen(const gen_opts_t *o)
{
    const gen_params_t *p = &o->p;
    FUZZ_CHECK(p->dlevel >= 1 && p->dlevel <= DLEVEL_MAX, "dlevel %d", p->dlevel);
    FUZZ_CHECK(p->difficulty >= DIFF_ITYTD && p->difficulty <= DIFF_NIGHTMARE, "difficulty %d",
               p->difficulty);
    FUZZ_CHECK(p->type >= -1 && p->type < LT__COUNT, "type %d", p->type);
    FUZZ_CHECK(o->color >= 0 && o->color <= 2, "color %d", o->color);
}

static void check_run(const run_opts_t *o)
{
    const job_t *j = &o->job;
    FUZZ_CHECK(o->resume || j->count >= 1, "no levels and no --resume");
    FUZZ_CHECK(j->dlevel_lo >= 1 && j->dlevel_lo <= j->dlevel_hi && j->dlevel_hi <= DLEVEL_MAX,
               "dlevels %d-%d", j->dlevel_lo, j->dlevel_hi);
    FUZZ_CHECK(j->params.difficulty >= DIFF_ITYTD && j->params.difficulty <= DIFF_NIGHTMARE,
               "difficulty %d", j->params.difficulty);
    FUZZ_CHECK(j->params.type >= -1 && j->params.type < LT__COUNT, "type %d", j->params.type);
    FUZZ_CHECK(o->dopt.threads >= 0 && o->dopt.threads <= 1024, "threads %d", o->dopt.threads);
    FUZZ_CHECK(o->shard_n == 0 || (o->shard_i >= 0 && o->shard_i < o->shard_n),
               "shard %ld/%ld", o->shard_i, o->shard_n);
    FUZZ_CHECK(o->nwant >= 0 && o->nwant <= RUN_MAX_RANGES, "%d ranges", o->nwant);
    FUZZ_CHECK(!(o->shard_n && o->nwant), "--shard with --ranges");
    FUZZ_CHECK(!o->csv || (o->csv[0] && strcmp(o->csv, "-") != 0), "--csv '%s'",
               o->csv ? o->csv : "");
    for (int i = 0; i < o->nwant; i++) {
        FUZZ_CHECK(o->want[i].lo < o->want[i].hi, "empty range %d", i);
        FUZZ_CHECK(i == 0 || o->want[i - 1].hi < o->want[i].lo, "ranges %d, %d not sorted, "
                   "disjoint and merged", i - 1, i);
    }
}

enum { P_LONG = 1, P_U64, P_DOUBLE, P_RANGE, P_CHOICE, P_FLAG, P_HELP };

static void primitives(int argc, char **argv)
{
    static const cli_opt_t OPTS[] = {
        {"long", true, P_LONG},     {"u64", true, P_U64},       {"double", true, P_DOUBLE},
        {"range", true, P_RANGE},   {"choice", true, P_CHOICE}, {"flag", false, P_FLAG},
        {"help", false, P_HELP},
    };
    static const char *const CHOICES[] = {"auto", "always", "never", NULL};
    cli_t c;
    cli_init(&c, "fuzz", argc, argv);
    int id;
    while ((id = cli_next(&c, OPTS, (int)(sizeof OPTS / sizeof OPTS[0]))) != 0) {
        FUZZ_CHECK(id >= -1 && id <= P_HELP, "id %d", id);
        if (id == -1)
            return;
        FUZZ_CHECK(c.i <= c.argc, "cli_next went past argv");
        FUZZ_CHECK((c.arg != NULL) == OPTS[id - 1].has_arg, "option value");
        long v, lo, hi;
        uint64_t u;
        double x;
        switch (id) {
        case P_LONG:
            if (cli_long(&c, -5, 1000, &v))
                FUZZ_CHECK(v >= -5 && v <= 1000, "cli_long %ld", v);
            break;
        case P_U64:
            cli_u64(&c, &u);
            break;
        case P_DOUBLE:
            if (cli_double(&c, 0, 1, &x))
                FUZZ_CHECK(x >= 0 && x <= 1, "cli_double %g", x);
            break;
        case P_RANGE:
            if (cli_range(&c, 1, DLEVEL_MAX, &lo, &hi))
                FUZZ_CHECK(1 <= lo && lo <= hi && hi <= DLEVEL_MAX, "cli_range %ld-%ld", lo, hi);
            break;
        case P_CHOICE:
            v = cli_choice(&c, CHOICES);
            FUZZ_CHECK(v >= -1 && v <= 2, "cli_choice %ld", v);
            break;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT)
        return 0;
    char *buf = malloc(size + 1);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[MAX_ARGS + 1];
    int argc = 0;
    for (char *s = buf; argc < MAX_ARGS;) {
        argv[argc++] = s;
        char *nl = memchr(s, '\n', (size_t)(buf + size - s));
        if (!nl)
            break;
        *nl = '\0';
        s = nl + 1;
    }
    argv[argc] = NULL;
    if (strcmp(argv[0], "gen") == 0) {
        gen_opts_t o;
        int rc = gen_parse(&o, argc - 1, argv + 1);
        FUZZ_CHECK(rc == -1 || rc == 0 || rc == CLI_EXIT_USAGE, "gen_parse returned %d", rc);
        if (rc == -1)
            check_gen(&o);
    } else if (strcmp(argv[0], "run") == 0) {
        static run_opts_t o;
        int rc = run_parse(&o, argc - 1, argv + 1);
        FUZZ_CHECK(rc == -1 || rc == 0 || rc == CLI_EXIT_USAGE, "run_parse returned %d", rc);
        if (rc == -1)
            check_run(&o);
    } else {
        primitives(argc - 1, argv + 1);
    }
    free(buf);
    return 0;
}
