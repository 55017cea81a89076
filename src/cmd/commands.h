/* commands.h - the subcommands of drlsim; each returns the process exit status.
 * argv[0] is the first argument after the subcommand name. */
#ifndef DRLSIM_COMMANDS_H
#define DRLSIM_COMMANDS_H

#include <stdbool.h>
#include <stdint.h>

#include "driver.h"
#include "level.h"

int cmd_gen(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_rooms(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_catalog(int argc, char **argv);
int cmd_changes(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_episode(int argc, char **argv);
int cmd_errata(int argc, char **argv);
int cmd_wiki(int argc, char **argv);

/* The option parsing of `gen` and `run`, apart from the job, so it can be
 * tested and fuzzed (tests/fuzz/fuzz_cli.c).  *_parse reads argv only: no
 * files, no data, no global state.  It returns -1 when the command goes on
 * with *o filled, else the exit status: 0 after --help (usage printed), 2
 * (CLI_EXIT_USAGE) after an error (its one line printed).  Strings in *o
 * point into argv. */
typedef struct gen_opts {
    gen_params_t p;       /* p.tables not set yet */
    uint64_t seed, index;
    bool json;
    int color;            /* 0 auto, 1 always, 2 never */
    const char *data_dir; /* --data, or NULL */
    const char *rules;    /* --rules, or NULL for the default */
    const char *png;      /* --png, or NULL */
    int tile;             /* --tile, 0 for the default */
} gen_opts_t;

int gen_parse(gen_opts_t *o, int argc, char **argv);

#define RUN_MAX_RANGES 1024

typedef struct run_opts {
    job_t job;            /* job.params.tables not set yet */
    driver_opts_t dopt;
    const char *out;      /* --out ("-": stdout), or NULL when not given */
    const char *csv;      /* --csv DIR, or NULL */
    const char *html;     /* --html FILE (the range heatmaps), or NULL */
    const char *resume;   /* --resume, or NULL */
    const char *data_dir; /* --data, or NULL */
    const char *rules;    /* --rules, or NULL for the default */
    bool episode;         /* --episode: the episode's random dlevels */
    long shard_i, shard_n; /* --shard I/N; shard_n 0 when absent */
    int nwant;            /* --ranges, sorted and merged; 0 when absent */
    index_range_t want[RUN_MAX_RANGES + 1];
} run_opts_t;

int run_parse(run_opts_t *o, int argc, char **argv);

#endif
