/* test_opts.c - the option parser every command shares (src/cmd/cli.h) and the
 * options declared once for several commands (src/cmd/opts.h).
 *
 * Each case parses an argv against a table holding every kind of value and
 * checks what was stored, the status cli_parse returns (-1 go on, 0 after
 * --help, 2 after an error) and the exact one line it printed on stderr.
 * The expected lines are the formats cli.h's kinds promise, written out by
 * hand (docs/robustness.md lists the same texts per command).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "opts.h"
#include "testutil.h"

typedef struct t_opts {
    bool flag, on;
    const char *str, *dir, *name;
    int n, lo, hi, when, even;
    uint64_t u, levels;
    double x;
    const char *operands[2];
} t_opts_t;

static bool even(const cli_t *c, void *dest)
{
    char *end;
    long v = strtol(c->arg, &end, 10);
    if (*c->arg == '\0' || *end != '\0' || v % 2 != 0) {
        cli_error(c, "--even: '%s' is not even", c->arg);
        return false;
    }
    *(int *)dest = (int)v;
    return true;
}

static const char *const WHEN[] = {"auto", "always", "never", NULL};
static const char *const NAMES[] = {"alpha", "beta", NULL};

static const cli_spec_t OPTS[] = {
    {.name = "help", .letter = 'h', .kind = CLI_HELP},
    {.name = "flag", .kind = CLI_SET, .at = offsetof(t_opts_t, flag)},
    {.name = "no-on", .kind = CLI_CLEAR, .at = offsetof(t_opts_t, on)},
    {.name = "str", .kind = CLI_STR, .at = offsetof(t_opts_t, str)},
    {.name = "dir", .kind = CLI_DIR, .at = offsetof(t_opts_t, dir)},
    {.name = "int", .kind = CLI_INT, .at = offsetof(t_opts_t, n), .lo = -5, .hi = 10},
    {.name = "u64", .kind = CLI_U64, .at = offsetof(t_opts_t, u)},
    {.name = "levels", .kind = CLI_U64, .at = offsetof(t_opts_t, levels), .lo = 1, .hi = 1000},
    {.name = "x", .kind = CLI_DOUBLE, .at = offsetof(t_opts_t, x), .dlo = 0, .dhi = 1},
    {.name = "span", .kind = CLI_RANGE, .at = offsetof(t_opts_t, lo), .at2 = offsetof(t_opts_t, hi),
     .lo = 1, .hi = 100},
    {.name = "when", .kind = CLI_CHOICE, .at = offsetof(t_opts_t, when), .choices = WHEN},
    {.name = "name", .kind = CLI_CHOICE_NAME, .at = offsetof(t_opts_t, name), .choices = NAMES},
    {.name = "even", .kind = CLI_FN, .at = offsetof(t_opts_t, even), .fn = even},
    {.name = NULL},
};

static int usage_calls;
static FILE *usage_out;
static void usage(FILE *out)
{
    usage_calls++;
    usage_out = out;
}

static const cli_cmd_t CMD = {"test", OPTS, usage, 0, 0};
static const cli_cmd_t CMD_OPERANDS = {"test", OPTS, usage, 2, offsetof(t_opts_t, operands)};

static t_opts_t o;
static cli_t c;
static char err[1024];

/* Parse the NULL-terminated args with cmd into *opts; stderr lands in err. */
static int parse_into(const cli_cmd_t *cmd, const char *const *args, void *opts)
{
    char *argv[64];
    int argc = 0;
    while (args[argc]) {
        argv[argc] = (char *)args[argc];
        argc++;
    }
    argv[argc] = NULL;
    fflush(stderr);
    FILE *tmp = tmpfile();
    int saved = dup(2);
    if (!tmp || saved < 0) {
        fprintf(stderr, "test_opts: cannot capture stderr\n");
        exit(1);
    }
    dup2(fileno(tmp), 2);
    int rc = cli_parse(&c, cmd, argc, argv, opts);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(tmp);
    size_t n = fread(err, 1, sizeof err - 1, tmp);
    err[n] = '\0';
    fclose(tmp);
    return rc;
}

/* The same into o, its defaults first. */
static int parse_with(const cli_cmd_t *cmd, const char *const *args)
{
    memset(&o, 0, sizeof o);
    o.on = true;
    o.n = 7;
    o.x = 0.5;
    o.when = -1;
    return parse_into(cmd, args, &o);
}

#define PARSE(...) parse_with(&CMD, (const char *const[]){__VA_ARGS__, NULL})
#define PARSE_OPS(...) parse_with(&CMD_OPERANDS, (const char *const[]){__VA_ARGS__, NULL})

/* rc and the stderr line of a failed parse */
#define FAILS(rc, line)                                                                    \
    CHECK((rc) == CLI_EXIT_USAGE && strcmp(err, line "\n") == 0, "%d, '%s' (want '%s')", rc, \
          err, line)

/* An argument, the value after it (or NULL) and the one line the parse
 * prints, without its "drlsim CMD: ". */
typedef struct bad {
    const char *arg, *value, *line;
} bad_t;

/* Each of the n bad cases fails with status 2 and its line. */
static void fails(const cli_cmd_t *cmd, void *opts, const bad_t *bad, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char want[256];
        snprintf(want, sizeof want, "drlsim %s: %s\n", cmd->name, bad[i].line);
        int rc = parse_into(cmd, (const char *const[]){bad[i].arg, bad[i].value, NULL}, opts);
        CHECK(rc == CLI_EXIT_USAGE && strcmp(err, want) == 0, "%s %s: %d, '%s' (want '%s')",
              bad[i].arg, bad[i].value ? bad[i].value : "", rc, err, want);
    }
}

static void values(void)
{
    int rc = parse_with(&CMD, (const char *const[]){NULL});
    CHECK(rc == CLI_GO_ON && err[0] == '\0' && o.n == 7 && !o.flag && o.on,
          "no arguments: the defaults stand");
    rc = PARSE("--flag", "--no-on", "--str", "s", "--dir=d", "--int", "-5", "--u64", "0x10",
               "--levels=1000", "--x", "1", "--span", "3-3", "--when=never", "--name", "beta",
               "--even", "-4");
    CHECK(rc == CLI_GO_ON && err[0] == '\0', "every kind read: %d '%s'", rc, err);
    CHECK(o.flag && !o.on, "flags set and cleared");
    CHECK(o.str && strcmp(o.str, "s") == 0 && o.dir && strcmp(o.dir, "d") == 0, "strings");
    CHECK(o.n == -5 && o.u == 16 && o.levels == 1000 && o.x == 1.0, "numbers at their bounds");
    CHECK(o.lo == 3 && o.hi == 3, "range A-A");
    CHECK(o.when == 2 && strcmp(o.name, "beta") == 0, "choices: index and name");
    CHECK(o.even == -4, "a value starting with '-' after an option is its value");
    CHECK(cli_given(&c, "flag") && cli_given(&c, "even") && !cli_given(&c, "help") &&
              !cli_given(&c, "nonesuch"),
          "cli_given");
    rc = PARSE("--int", "1", "--int=2", "--str", "a", "--str", "b");
    CHECK(rc == CLI_GO_ON && o.n == 2 && strcmp(o.str, "b") == 0, "repeated: the last wins");
    rc = PARSE("--str=", "--str=a=b");
    CHECK(rc == CLI_GO_ON && strcmp(o.str, "a=b") == 0, "a value holds '='");
    rc = PARSE("--str", "");
    CHECK(rc == CLI_GO_ON && o.str && o.str[0] == '\0', "an empty value");
    rc = PARSE("--str", "--flag");
    CHECK(rc == CLI_GO_ON && strcmp(o.str, "--flag") == 0 && !o.flag,
          "the argument after a valued option is its value, whatever it looks like");
    rc = PARSE("--u64", "18446744073709551615");
    CHECK(rc == CLI_GO_ON && o.u == UINT64_MAX, "2^64 - 1");
}

static void ranges(void)
{
    static const bad_t BAD[] = {
        {"--int", "11", "--int: 11 is out of range -5..10"},
        {"--int=-6", NULL, "--int=-6: -6 is out of range -5..10"},
        {"--int", "1x", "--int: '1x' is not an integer"},
        {"--int=", NULL, "--int=: '' is not an integer"},
        {"--int", "99999999999999999999", "--int: '99999999999999999999' is not an integer"},
        {"--u64", "-1", "--u64: '-1' is not a non-negative integer"},
        {"--u64", "010x", "--u64: '010x' is not a 64-bit non-negative integer"},
        {"--u64", " 1", "--u64: ' 1' is not a 64-bit non-negative integer"},
        {"--u64", "18446744073709551616",
         "--u64: '18446744073709551616' is not a 64-bit non-negative integer"},
        /* a u64 with a range names the option and shows the value as written */
        {"--levels", "0", "--levels: 0 is out of range 1..1000"},
        {"--levels=0x3e9", NULL, "--levels: 0x3e9 is out of range 1..1000"},
        {"--x", "1.5", "--x: 1.5 is out of range [0, 1]"},
        {"--x", "nan", "--x: 'nan' is not a number"},
        {"--x", "", "--x: '' is not a number"},
        {"--span", "5", "--span: '5' is not a range A-B"},
        {"--span", "5-", "--span: '5-' is not a range A-B"},
        {"--span", "6-5", "--span: range 6-5 must satisfy 1 <= A <= B <= 100"},
        {"--span", "0-5", "--span: range 0-5 must satisfy 1 <= A <= B <= 100"},
        {"--when", "sometimes", "--when: 'sometimes' is not one of auto, always, never"},
        {"--name", "Alpha", "--name: 'Alpha' is not one of alpha, beta"},
        {"--dir", "-", "--dir: '-' is not a directory name"},
        {"--dir=", NULL, "--dir=: '' is not a directory name"},
        {"--even", "3", "--even: '3' is not even"},
    };
    fails(&CMD, &o, BAD, sizeof BAD / sizeof BAD[0]);
    /* the first error ends the parse: nothing after it is read */
    int rc = PARSE("--int", "3", "--int", "99", "--int", "4");
    CHECK(rc == CLI_EXIT_USAGE && o.n == 3, "stops at the first error");
}

static void syntax(void)
{
    static const bad_t BAD[] = {
        {"--bogus", NULL, "unknown option '--bogus' (see --help)"},
        {"--bogus=3", NULL, "unknown option '--bogus' (see --help)"},
        {"--fla", NULL, "unknown option '--fla' (see --help)"},
        {"--FLAG", NULL, "unknown option '--FLAG' (see --help)"},
        {"---flag", NULL, "unknown option '---flag' (see --help)"},
        {"-f", NULL, "unexpected argument '-f' (see --help)"},
        {"-hh", NULL, "unexpected argument '-hh' (see --help)"},
        {"-", NULL, "unexpected argument '-' (see --help)"},
        {"word", NULL, "unexpected argument 'word' (see --help)"},
        {"--int", NULL, "option --int needs a value"},
        {"--flag=1", NULL, "option --flag takes no value"},
        {"--flag=", NULL, "option --flag takes no value"},
        {"--help=yes", NULL, "option --help takes no value"},
        /* "--" ends the options; this table takes no operands */
        {"--", "--flag", "unexpected argument '--flag' (see --help)"},
        {"--", "--", "unexpected argument '--' (see --help)"},
    };
    fails(&CMD, &o, BAD, sizeof BAD / sizeof BAD[0]);
    int rc = PARSE("--flag", "--");
    CHECK(rc == CLI_GO_ON && o.flag, "a final '--' is accepted");
}

static void help(void)
{
    usage_calls = 0;
    int rc = PARSE("--flag", "--help", "--bogus");
    CHECK(rc == 0 && usage_calls == 1 && usage_out == stdout && err[0] == '\0',
          "--help prints the usage on stdout and ends the parse: %d", rc);
    rc = PARSE("-h");
    CHECK(rc == 0 && usage_calls == 2, "-h is --help");
    FAILS(PARSE("--bogus", "--help"), "drlsim test: unknown option '--bogus' (see --help)");
    CHECK(usage_calls == 2, "an error before --help: no usage");
    FAILS(PARSE("--", "-h"), "drlsim test: unexpected argument '-h' (see --help)");
}

static void operands(void)
{
    int rc = PARSE_OPS("a", "--flag", "b", "--int", "3");
    CHECK(rc == CLI_GO_ON && c.noperands == 2 && strcmp(o.operands[0], "a") == 0 &&
              strcmp(o.operands[1], "b") == 0 && o.flag && o.n == 3,
          "operands among the options");
    rc = PARSE_OPS("-", "a", "b", "c");
    CHECK(rc == CLI_GO_ON && c.noperands == 4 && strcmp(o.operands[0], "-") == 0 &&
              strcmp(o.operands[1], "a") == 0,
          "'-' is an operand; past the most kept they are counted");
    rc = PARSE_OPS("--str", "x", "--", "--int", "-h", "--");
    CHECK(rc == CLI_GO_ON && c.noperands == 3 && strcmp(o.operands[0], "--int") == 0 &&
              strcmp(o.operands[1], "-h") == 0 && strcmp(o.str, "x") == 0 && o.n == 7,
          "after '--' every argument is an operand");
    FAILS(PARSE_OPS("a", "-x"), "drlsim test: unexpected argument '-x' (see --help)");
    FAILS(PARSE_OPS("a", "--str"), "drlsim test: option --str needs a value");
}

typedef struct shared {
    uint64_t seed, levels;
    int threads, dlo, dhi, difficulty, type, dlevel;
    progress_mode_t progress;
    const char *rules, *data;
    bool single;
} shared_t;

static const cli_spec_t SHARED[] = {
    OPT_HELP,
    OPT_SEED(shared_t, seed),
    OPT_LEVELS(shared_t, levels, UINT64_C(100000000000000)),
    OPT_THREADS(shared_t, threads),
    OPT_DLEVEL(shared_t, dlevel),
    OPT_DLEVELS(shared_t, dlo, dhi),
    OPT_DIFFICULTY(shared_t, difficulty),
    OPT_TYPE(shared_t, type),
    OPT_PROGRESS(shared_t, progress),
    OPT_RULES(shared_t, rules),
    OPT_DATA(shared_t, data),
    OPT_NO_SINGLE(shared_t, single),
    {.name = NULL},
};

static const cli_cmd_t SHARED_CMD = {"shared", SHARED, usage, 0, 0};

static int parse_shared(shared_t *s, const char *const *args)
{
    memset(s, 0, sizeof *s);
    s->single = true;
    return parse_into(&SHARED_CMD, args, s);
}

#define SHARED_PARSE(s, ...) parse_shared(s, (const char *const[]){__VA_ARGS__, NULL})

static void shared(void)
{
    shared_t s;
    int rc = SHARED_PARSE(&s, "--seed", "7", "--levels", "100000000000000", "--threads", "1024",
                          "--dlevels", "2-1000", "--difficulty", "5", "--type", "small_rooms",
                          "--progress", "always", "--rules", "game-0.9.9.7", "--data", "d",
                          "--no-single", "--dlevel", "1");
    CHECK(rc == CLI_GO_ON, "shared options: %d '%s'", rc, err);
    CHECK(s.seed == 7 && s.levels == UINT64_C(100000000000000) && s.threads == 1024 &&
              s.dlo == 2 && s.dhi == DLEVEL_MAX && s.difficulty == DIFF_NIGHTMARE &&
              s.type == LT_SMALL_ROOMS && s.progress == PROGRESS_ALWAYS &&
              strcmp(s.rules, "game-0.9.9.7") == 0 && strcmp(s.data, "d") == 0 && !s.single &&
              s.dlevel == 1,
          "shared options stored");
    rc = SHARED_PARSE(&s, "--progress", "never");
    CHECK(rc == CLI_GO_ON && s.progress == PROGRESS_NEVER, "--progress never");
    static const bad_t BAD[] = {
        {"--threads", "0", "--threads: 0 is out of range 1..1024"},
        {"--levels", "0", "--levels: 0 is out of range 1..100000000000000"},
        {"--difficulty", "6", "--difficulty: 6 is out of range 1..5"},
        {"--dlevel", "1001", "--dlevel: 1001 is out of range 1..1000"},
        {"--type", "dungeon",
         "--type: unknown level type 'dungeon' (normal, small-rooms, warehouse, city, caves, "
         "arena, maze, single; game-0.9.9.7 also caves-2, lava, single-plus)"},
        {"--rules", "wiki", "--rules: 'wiki' is not one of wiki-0.9.9.3, game-0.9.9.7, game-0.10.10b"},
        {"--seed", "0x", "--seed: '0x' is not a 64-bit non-negative integer"},
    };
    fails(&SHARED_CMD, &s, BAD, sizeof BAD / sizeof BAD[0]);
}

static void outputs(void)
{
    const char *none[] = {NULL, NULL, NULL};
    const char *two[] = {"-", "a.json", "-"};
    CHECK(opt_to_stdout(none, 3) == 0 && opt_to_stdout(two, 3) == 2, "outputs on stdout");
    CHECK(opt_outputs_check(none, 3) == 0, "no outputs: nothing to check");
}

int main(void)
{
    values();
    ranges();
    syntax();
    help();
    operands();
    shared();
    outputs();
    return test_summary("opts");
}
