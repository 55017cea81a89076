/* fuzz_cli.c - fuzz target: the command line (src/cmd/cli.h and the option
 * parsing of `gen` and `run`, commands.h).
 *
 * The input is a command line, one argument per line ('\n').  When the first
 * word is "gen" or "run", the rest goes through gen_parse / run_parse, the
 * commands' own parsing; otherwise the words go through cli_parse with a
 * table holding one option of every kind of value, and operands.  Checks:
 * the exit status is -1, 0 or 2, and what a parse accepts lies inside the
 * documented ranges.
 */
#include "cli.h"
#include "commands.h"
#include "fuzz.h"
#include "opts.h"

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

typedef struct prim {
    int n, lo, hi, choice;
    uint64_t u, levels;
    double x;
    bool flag;
    const char *str, *dir, *name;
    const char *operands[4];
} prim_t;

static const cli_spec_t PRIMS[] = {
    {.name = "help", .letter = 'h', .kind = CLI_HELP},
    {.name = "long", .kind = CLI_INT, .at = offsetof(prim_t, n), .lo = -5, .hi = 1000},
    {.name = "u64", .kind = CLI_U64, .at = offsetof(prim_t, u)},
    {.name = "levels", .kind = CLI_U64, .at = offsetof(prim_t, levels), .lo = 1, .hi = 1000},
    {.name = "double", .kind = CLI_DOUBLE, .at = offsetof(prim_t, x), .dlo = 0, .dhi = 1},
    {.name = "range", .kind = CLI_RANGE, .at = offsetof(prim_t, lo), .at2 = offsetof(prim_t, hi),
     .lo = 1, .hi = DLEVEL_MAX},
    {.name = "choice", .kind = CLI_CHOICE, .at = offsetof(prim_t, choice), .choices = OPT_WHEN},
    {.name = "name", .kind = CLI_CHOICE_NAME, .at = offsetof(prim_t, name),
     .choices = TABLES_RULESETS},
    {.name = "flag", .kind = CLI_SET, .at = offsetof(prim_t, flag)},
    {.name = "str", .kind = CLI_STR, .at = offsetof(prim_t, str)},
    {.name = "dir", .kind = CLI_DIR, .at = offsetof(prim_t, dir)},
    {.name = NULL},
};

static void no_usage(FILE *out)
{
    (void)out;
}

static void primitives(int argc, char **argv)
{
    static const cli_cmd_t cmd = {"fuzz", PRIMS, no_usage, 4, offsetof(prim_t, operands)};
    prim_t p;
    memset(&p, 0, sizeof p);
    p.n = 0;
    p.lo = p.hi = 1;
    p.choice = -1;
    cli_t c;
    int rc = cli_parse(&c, &cmd, argc, argv, &p);
    FUZZ_CHECK(rc == CLI_GO_ON || rc == 0 || rc == CLI_EXIT_USAGE, "cli_parse returned %d", rc);
    if (rc != CLI_GO_ON)
        return;
    FUZZ_CHECK(p.n >= -5 && p.n <= 1000, "--long %d", p.n);
    FUZZ_CHECK(!cli_given(&c, "levels") || (p.levels >= 1 && p.levels <= 1000), "--levels %llu",
               (unsigned long long)p.levels);
    FUZZ_CHECK(p.x >= 0 && p.x <= 1, "--double %g", p.x);
    FUZZ_CHECK(1 <= p.lo && p.lo <= p.hi && p.hi <= DLEVEL_MAX, "--range %d-%d", p.lo, p.hi);
    FUZZ_CHECK(p.choice >= -1 && p.choice <= 2, "--choice %d", p.choice);
    bool known = !p.name;
    for (int i = 0; TABLES_RULESETS[i] && !known; i++)
        known = strcmp(p.name, TABLES_RULESETS[i]) == 0;
    FUZZ_CHECK(known, "--name '%s'", p.name);
    FUZZ_CHECK(!p.dir || (p.dir[0] && strcmp(p.dir, "-") != 0), "--dir '%s'", p.dir);
    FUZZ_CHECK(c.noperands >= 0 && c.noperands <= argc, "%d operands", c.noperands);
    for (int i = 0; i < c.noperands && i < 4; i++)
        FUZZ_CHECK(p.operands[i] != NULL, "operand %d not kept", i);
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
