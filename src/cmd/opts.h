/* opts.h - the options several commands share, declared once.
 *
 * Each macro is one entry of a command's option table (cli.h): the option's
 * name, the kind and range of its value, and field F of the command's
 * options struct T as where the value goes.  A command lists the shared
 * entries it takes next to its own, so --seed, --threads, --rules and the
 * others read the same values, with the same errors, in every command;
 * OPT_CHECKS is the group check and errata share.  The outputs' helpers
 * check the files a command is to write (--json FILE and the like) the same
 * way everywhere.
 */
#ifndef DRLSIM_OPTS_H
#define DRLSIM_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "driver.h"
#include "level.h"
#include "tables.h"

/* "auto", "always", "never": --progress and gen --color; the index is a
 * progress_mode_t. */
extern const char *const OPT_WHEN[];
_Static_assert(PROGRESS_AUTO == 0 && PROGRESS_ALWAYS == 1 && PROGRESS_NEVER == 2,
               "OPT_WHEN's order is progress_mode_t's");
_Static_assert(sizeof(progress_mode_t) == sizeof(int), "--progress stores an int");

/* The most worker threads --threads takes. */
#define OPT_MAX_THREADS 1024

/* tables_open for a command: the value lives until opt_tables_close, which
 * main calls once the command is done, so a command never closes tables. */
const tables_t *opt_tables(const char *cmd, const char *name, const char *data_dir, int type);
void opt_tables_close(void);

/* --style ID: a style id of the ruleset's episode (docs/rulesets.md, "Styles"),
 * for every level instead of each level's episode style; 0 when not given. */
#define OPT_STYLE(T, F)                                                                    \
    {.name = "style", .kind = CLI_INT, .at = offsetof(T, F), .lo = 1, .hi = OPT_MAX_STYLE}
#define OPT_MAX_STYLE 15 /* EPISODE_MAX_STYLE_ID (episode.h) */
#define OPT_STYLE_HELP                                                                     \
    "  --style ID       every level in style ID of the ruleset's episode (game rulesets;\n" \
    "                   default: each level the style of its dlevel, docs/rulesets.md)\n"
/* Is style (0: not given) a style of t's episode?  0, or CLI_EXIT_USAGE after
 * one line "drlsim CMD: --style: ..." (a ruleset without styles, an unknown
 * id with the ruleset's ids). */
int opt_style(const char *cmd, const tables_t *t, int style);

/* --episode: job cycles through the random dlevels of t's episode (docs/rules.md
 * G75, H5).  0, or CLI_EXIT_USAGE after one line (a ruleset without one). */
int opt_episode(const char *cmd, const tables_t *t, job_t *job);

/* CLI_FN for --type: a level type's name into an int (level_type_from_name). */
bool opt_level_type(const cli_t *c, void *dest);

#define OPT_HELP {.name = "help", .letter = 'h', .kind = CLI_HELP}
/* master seed, a 64-bit integer */
#define OPT_SEED(T, F) {.name = "seed", .kind = CLI_U64, .at = offsetof(T, F)}
/* int */
#define OPT_THREADS(T, F)                                                                  \
    {.name = "threads", .kind = CLI_INT, .at = offsetof(T, F), .lo = 1, .hi = OPT_MAX_THREADS}
/* progress_mode_t */
#define OPT_PROGRESS(T, F)                                                                 \
    {.name = "progress", .kind = CLI_CHOICE, .at = offsetof(T, F), .choices = OPT_WHEN}
/* The --rules help line every generating command prints: the names of
 * TABLES_RULESETS (src/gen/registry.c), which the CLI checks. */
#define TABLES_RULES_HELP                                                                  \
    "  --rules NAME     the ruleset (docs/rulesets.md): wiki-0.9.9.3, the default,\n" \
    "                   game-0.9.9.7, the game's generator as its 2016 source\n" \
    "                   (0.9.9.8 BETA 1) has it, or game-0.10.10b, the current\n" \
    "                   release's (2026)\n"

/* const char *: a name of TABLES_RULESETS */
#define OPT_RULES(T, F)                                                                    \
    {.name = "rules", .kind = CLI_CHOICE_NAME, .at = offsetof(T, F), .choices = TABLES_RULESETS}
/* const char *: the directory of edited tables */
#define OPT_DATA(T, F) {.name = "data", .kind = CLI_STR, .at = offsetof(T, F)}
/* int */
#define OPT_DLEVEL(T, F)                                                                   \
    {.name = "dlevel", .kind = CLI_INT, .at = offsetof(T, F), .lo = 1, .hi = DLEVEL_MAX}
/* int LO, int HI: "A-B" */
#define OPT_DLEVELS(T, LO, HI)                                                             \
    {.name = "dlevels", .kind = CLI_RANGE, .at = offsetof(T, LO), .at2 = offsetof(T, HI),  \
     .lo = 1, .hi = DLEVEL_MAX}
/* CLI_FN for --difficulty: 1..5 or a name of DIFFICULTY_NAMES (any case:
 * ITYTD, HNTR, HMP, UV, N!) into an int. */
bool opt_difficulty(const cli_t *c, void *dest);

/* int */
#define OPT_DIFFICULTY(T, F)                                                               \
    {.name = "difficulty", .kind = CLI_FN, .at = offsetof(T, F), .fn = opt_difficulty}
/* int: a level_type_t */
#define OPT_TYPE(T, F) {.name = "type", .kind = CLI_FN, .at = offsetof(T, F), .fn = opt_level_type}
/* bool, cleared: no single-monster levels */
#define OPT_NO_SINGLE(T, F) {.name = "no-single", .kind = CLI_CLEAR, .at = offsetof(T, F)}
/* uint64_t in 1..MAX */
#define OPT_LEVELS(T, F, MAX)                                                              \
    {.name = "levels", .kind = CLI_U64, .at = offsetof(T, F), .lo = 1, .hi = (MAX)}
/* double: significance level per family */
#define OPT_ALPHA(T, F)                                                                    \
    {.name = "alpha", .kind = CLI_DOUBLE, .at = offsetof(T, F), .dlo = 1e-300, .dhi = 0.5}
/* double: a factor on every sample's levels */
#define OPT_SCALE(T, F)                                                                    \
    {.name = "scale", .kind = CLI_DOUBLE, .at = offsetof(T, F), .dlo = 1e-6, .dhi = 1e3}
/* const char *: the checks whose name or family contains it */
#define OPT_ONLY(T, F) {.name = "only", .kind = CLI_STR, .at = offsetof(T, F)}

/* Outputs, each a const char * path ('-': standard output). */
#define OPT_OUT(T, F) {.name = "out", .kind = CLI_STR, .at = offsetof(T, F)}
#define OPT_JSON(T, F) {.name = "json", .kind = CLI_STR, .at = offsetof(T, F)}
#define OPT_MARKDOWN(T, F) {.name = "markdown", .kind = CLI_STR, .at = offsetof(T, F)}
#define OPT_HTML(T, F) {.name = "html", .kind = CLI_STR, .at = offsetof(T, F)}
#define OPT_JUNIT(T, F) {.name = "junit", .kind = CLI_STR, .at = offsetof(T, F)}
/* --csv DIR: a directory of CSV files */
#define OPT_CSV_DIR(T, F) {.name = "csv", .kind = CLI_DIR, .at = offsetof(T, F)}

/* The options of the commands that run the checks of data/expectations.json
 * on samples of levels (check, errata), declared once for both. */
typedef struct opt_checks {
    double scale;     /* --scale: a factor on every sample's levels */
    uint64_t seed;    /* --seed: the master seed; each sample derives its own */
    double alpha;     /* --alpha: significance level per family, after Holm */
    const char *only; /* --only TEXT: the checks whose name or family holds it, or NULL */
    const char *json, *markdown, *html, *junit; /* the result files asked for, or NULL */
    driver_opts_t d;  /* --threads, --progress */
    int style;        /* --style: every sample's levels in that style, 0: the episode's */
} opt_checks_t;

/* Scale 1, seed 0, the command's alpha, threads and progress bar automatic,
 * every check, no files. */
void opt_checks_default(opt_checks_t *o, double alpha);

/* The entries of opt_checks_t's options, for T's field F. */
#define OPT_CHECKS(T, F)                                                                   \
    OPT_SCALE(T, F.scale), OPT_SEED(T, F.seed), OPT_ALPHA(T, F.alpha),                     \
        OPT_THREADS(T, F.d.threads), OPT_PROGRESS(T, F.d.progress), OPT_ONLY(T, F.only),   \
        OPT_JSON(T, F.json), OPT_MARKDOWN(T, F.markdown), OPT_HTML(T, F.html),             \
        OPT_JUNIT(T, F.junit), OPT_STYLE(T, F.style)

/* How many of the n outputs (NULL: not asked for) are '-'. */
int opt_to_stdout(const char *const *paths, int n);

/* Every output is checked before any level is made, and a path the file
 * system refuses (no such directory, a read-only one, a directory where a
 * file goes) is "an output could not be written", exit status 3, as a write
 * that fails at the end; a malformed path (empty) is bad usage, 2. */

/* The exit status of outfile_check's answer: 0, CLI_EXIT_USAGE or
 * CLI_EXIT_IO. */
int opt_output_status(int outfile_rc);

/* outfile_check on each output asked for, in order: 0, or the first one's
 * status (opt_output_status) after its message. */
int opt_outputs_check(const char *const *paths, int n);

/* The outputs of a run report (run, merge): the report at out ('-':
 * stdout) and, with csv, the directory of CSV files (made when written; out
 * may lie in it).  The paths checked: 0, or the exit status after one line. */
int opt_report_outputs_check(const cli_t *c, const char *out, const char *csv);

/* Write the run report to out, its CSV files to csv (NULL: none) and the
 * page of its range heatmaps to html (NULL: none; range_html.h) as one
 * (outfile_begin): all, or none and the directory not made.  0, or
 * CLI_EXIT_IO after one line. */
int opt_report_write(const char *out, const char *csv, const char *html, const job_t *job,
                     const tables_id_t *id, const tally_t *t, const driver_result_t *res,
                     const tally_names_t *names);

/* The threads of a command that generates: --threads when given (*threads
 * > 0), else OMP_NUM_THREADS when set and not empty (an integer in
 * 1..OPT_MAX_THREADS, read before the OpenMP runtime sees it: drlsim
 * handles it itself), else 0 (all cores).  0, or CLI_EXIT_USAGE after
 * "drlsim CMD: OMP_NUM_THREADS: ..." */
int opt_threads(const cli_t *c, int *threads);

#endif
