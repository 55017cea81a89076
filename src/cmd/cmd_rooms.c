/* cmd_rooms.c - `drlsim rooms`: the wiki's "10000 random layouts" room table.
 *
 * Generates layouts only (gen_params.layout_only: no population, and no water
 * except the city's river, which the game draws before the buildings) of one
 * type, tallies the room list, and prints the table with uncertainty: per
 * layout (rooms, rooms >= 4, 2x2 entries, doors) and per room (width, height,
 * area, walls included), each with mean, sd, a 95% interval of the mean,
 * min, max and the full distribution.  docs/rooms.md states the definitions.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cluster.h"
#include "commands.h"
#include "data.h"
#include "driver.h"
#include "opts.h"
#include "outfile.h"
#include "report.h"
#include "stats.h"
#include "strbuf.h"
#include "tables.h"

#define ROOMS_DEFAULT_LEVELS 10000 /* the wiki's sample size */
#define ROOMS_DEFAULT_DLEVEL 3     /* rooms do not depend on dlevel; city rivers' fluid does */
#define ROOMS_MAX_LEVELS 1000000000

/* The rows of the table: histogram, JSON key, label for people. */
typedef struct row {
    const char *hist, *key, *label;
} row_t;

static const row_t ROWS[] = {
    {"rooms", "rooms_per_layout", "rooms per layout"},
    {"rooms_ge4", "rooms_ge4_per_layout", "rooms >= 4x4 per layout"},
    {"rooms_small", "small_entries_per_layout", "2x2 entries per layout"},
    {"doors", "doors_per_layout", "doors per layout"},
    {"room_width", "room_width", "room width"},
    {"room_height", "room_height", "room height"},
    {"room_area", "room_area", "room area"},
};
#define NROWS (sizeof ROWS / sizeof ROWS[0])

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim rooms [--type normal|city|single] [--levels N] [--seed S]\n"
            "                    [--threads K] [--no-rivers] [--json FILE] [--csv FILE]\n"
            "                    [--dlevel N] [--progress auto|always|never] [--rules NAME]\n"
            "                    [--data DIR]\n"
            "\n"
            "Regenerate the wiki's room statistics \"over a sample of 10000 random layouts\"\n"
            "with uncertainty: rooms per layout (the game's room list, with its small 2x2\n"
            "entries, and rooms with both sides >= 4), doors per layout, and room width,\n"
            "height and area (walls included), each with mean, sd, 95%% interval of the\n"
            "mean, min, max and the full distribution.  For city the rooms are the\n"
            "buildings.  Definitions: docs/rooms.md.  One observation has no sd and\n"
            "no interval: they are shown as - (null in --json).\n"
            "\n"
            "  --type T        normal (default), city or single\n"
            "  --levels N      layouts to generate (default %d)\n"
            "  --seed S        master seed (default 0); layout i is `gen --seed S --index i`\n"
            "  --threads K     worker threads (default: OMP_NUM_THREADS if set, else all\n"
            "                  cores)\n"
            "  --no-rivers     city: skip the river roll (rivers come before buildings)\n"
            "  --json FILE     also write the table as JSON (\"-\" for stdout)\n"
            "  --csv FILE      also write the distributions as tidy CSV rows\n"
            "                  type,statistic,value,count (\"-\" for stdout)\n"
            "  --dlevel N      dlevel of the layouts (default %d; only its style, below,\n"
            "                  changes the rooms)\n"
            "  --progress WHEN progress bar on stderr: auto, always, never\n"
            "  --rules NAME    the ruleset (docs/rulesets.md): wiki-0.9.9.3 (default),\n"
            "                  game-0.9.9.7 or game-0.10.10b\n"
            "  --style ID      every layout in style ID of the ruleset's episode (default:\n"
            "                  its dlevel's; under game-0.9.9.7 the Deimos style 2 of\n"
            "                  dlevels 9-15 leaves normal and single layouts no room list)\n"
            "  --data DIR      read rule tables from DIR instead of the built-in data/\n"
            "\n"
            "SIGINT or SIGTERM stops the run: the statistics of the layouts done are\n"
            "printed and written, and the exit status is 130.\n",
            ROOMS_DEFAULT_LEVELS, ROOMS_DEFAULT_DLEVEL);
    fputs(CLI_EXIT_HELP, out);
}

/* A row's values: sd, lo, hi are meaningful only when n >= 2. */
typedef stats_summary_t summary_t;

/* The summary of one row's values: the t interval of the mean at 95%. */
static summary_t summarize(const uint64_t *b, int nbins)
{
    summary_t s;
    stats_summarize_counts(b, nbins, 0.05, &s);
    return s;
}

static cJSON *row_json(const summary_t *s, const uint64_t *b, int nbins)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "n", report_u64(s->n));
    cJSON_AddNumberToObject(o, "mean", s->mean);
    if (s->n < 2) { /* one value: no spread to estimate */
        cJSON_AddNullToObject(o, "sd");
        cJSON_AddNullToObject(o, "ci95");
    } else {
        cJSON_AddNumberToObject(o, "sd", s->sd);
        cJSON *ci = cJSON_AddArrayToObject(o, "ci95");
        cJSON_AddItemToArray(ci, cJSON_CreateNumber(s->lo));
        cJSON_AddItemToArray(ci, cJSON_CreateNumber(s->hi));
    }
    cJSON_AddNumberToObject(o, "min", s->min);
    cJSON_AddNumberToObject(o, "max", s->max);
    cJSON *d = cJSON_AddObjectToObject(o, "distribution");
    char key[16];
    for (int i = 0; i < nbins; i++) {
        if (!b[i])
            continue;
        snprintf(key, sizeof key, "%d", i);
        cJSON_AddItemToObject(d, key, report_u64(b[i]));
    }
    return o;
}

static void print_distribution(FILE *out, const char *title, const uint64_t *b, int nbins,
                               uint64_t n)
{
    fprintf(out, "\n%s\n  %6s %10s %8s\n", title, "value", "count", "share");
    for (int i = 0; i < nbins; i++)
        if (b[i])
            fprintf(out, "  %6d %10llu %8.4f\n", i, (unsigned long long)b[i], (double)b[i] / (double)n);
}

typedef struct rooms_opts {
    job_t job;
    driver_opts_t dopt;
    int type, levels; /* --type: an index of TYPES */
    const char *json, *csv, *rules, *data_dir;
} rooms_opts_t;

static const char *const TYPES[] = {"normal", "city", "single", NULL};
static const level_type_t TYPE_OF[] = {LT_NORMAL, LT_CITY, LT_SINGLE};

static const cli_spec_t OPTS[] = {
    OPT_HELP,
    {.name = "type", .kind = CLI_CHOICE, .at = offsetof(rooms_opts_t, type), .choices = TYPES},
    {.name = "levels", .kind = CLI_INT, .at = offsetof(rooms_opts_t, levels), .lo = 1,
     .hi = ROOMS_MAX_LEVELS},
    OPT_SEED(rooms_opts_t, job.seed),
    OPT_THREADS(rooms_opts_t, dopt.threads),
    {.name = "no-rivers", .kind = CLI_CLEAR, .at = offsetof(rooms_opts_t, job.params.rivers)},
    OPT_JSON(rooms_opts_t, json),
    {.name = "csv", .kind = CLI_STR, .at = offsetof(rooms_opts_t, csv)}, /* a file */
    OPT_DLEVEL(rooms_opts_t, job.dlevel_lo), /* and dlevel_hi */
    OPT_PROGRESS(rooms_opts_t, dopt.progress),
    OPT_RULES(rooms_opts_t, rules),
    OPT_STYLE(rooms_opts_t, job.params.style),
    OPT_DATA(rooms_opts_t, data_dir),
    {.name = NULL},
};

static const cli_cmd_t CMD = {"rooms", OPTS, usage, 0, 0};

int cmd_rooms(int argc, char **argv)
{
    rooms_opts_t opt;
    memset(&opt, 0, sizeof opt);
    gen_params_default(&opt.job.params, NULL);
    opt.job.params.layout_only = true;
    opt.job.dlevel_lo = ROOMS_DEFAULT_DLEVEL;
    opt.levels = ROOMS_DEFAULT_LEVELS;
    opt.dopt = (driver_opts_t){0, PROGRESS_AUTO, "rooms", NULL, true}; /* reads no seen_ row */
    cli_t c;
    int prc = cli_parse(&c, &CMD, argc, argv, &opt);
    if (prc != CLI_GO_ON)
        return prc;
    if ((prc = opt_threads(&c, &opt.dopt.threads)) != 0)
        return prc;
    job_t job = opt.job;
    job.params.type = (int)TYPE_OF[opt.type];
    job.count = (uint64_t)opt.levels;
    job.dlevel_hi = job.dlevel_lo;
    const driver_opts_t dopt = opt.dopt;
    const char *json = opt.json, *csv = opt.csv;
    const char *outs[] = {json, csv};
    if (opt_to_stdout(outs, 2) > 1) {
        cli_error(&c, "only one of --json and --csv can write to stdout ('-')");
        return CLI_EXIT_USAGE;
    }
    int orc = cluster_is_root() ? opt_outputs_check(outs, 2) : 0; /* only rank 0 writes them */
    if (orc)
        return orc;
    job.params.tables = opt_tables("rooms", opt.rules, opt.data_dir, job.params.type);
    if (!job.params.tables)
        return CLI_EXIT_USAGE;
    if ((prc = opt_style("rooms", job.params.tables, job.params.style)) != 0)
        return prc;
    level_type_t type = (level_type_t)job.params.type;
    tally_t *t = tally_new(job.dlevel_lo, job.dlevel_hi, job.params.difficulty);
    if (!t) {
        fprintf(stderr, "drlsim rooms: out of memory\n");
        return 1;
    }
    driver_result_t res;
    driver_catch_signals(); /* until the outputs are written */
    driver_on_kill(outfile_discard_pending);
    if (driver_run(&job, &dopt, t, &res) != 0) {
        driver_release_signals();
        tally_free(t);
        return 1;
    }
    const bool interrupted = res.done < job.count;
    if (!cluster_is_root()) { /* under MPI, rank 0 prints and writes the table */
        driver_release_signals();
        driver_result_free(&res);
        tally_free(t);
        return interrupted ? 130 : 0;
    }
    static uint64_t bins[NROWS][GRID_W * GRID_H + 8];
    summary_t sum[NROWS];
    int nbins[NROWS];
    for (size_t r = 0; r < NROWS; r++) {
        int h = tally_hist_index(ROWS[r].hist);
        nbins[r] = TALLY_HISTS[h].nbins;
        tally_sum(t, h, job.dlevel_lo, job.dlevel_hi, 1u << type, bins[r]);
        sum[r] = summarize(bins[r], nbins[r]);
    }
    bool city = type == LT_CITY;
    const char *rivers = !city ? "none (rooms are listed before any water)"
                         : job.params.rivers ? "city river roll first (1/3), as the game does"
                                             : "skipped (--no-rivers)";
    /* With --json - or --csv - the data is on stdout: the table goes to stderr. */
    FILE *txt = opt_to_stdout(outs, 2) ? stderr : stdout;
    fprintf(txt, "drlsim rooms: %s layout, %llu layouts, seed %llu, dlevel %d\n", level_type_name(type),
           (unsigned long long)res.done, (unsigned long long)job.seed, job.dlevel_lo);
    fprintf(txt, "rooms: %s; sizes include the walls; rivers: %s\n",
           city ? "the buildings (each one room)"
                : "the game's room list (top-left corner scan, with 2x2 dead-end entries)",
           rivers);
    fprintf(txt, "\n%-26s %9s %9s %23s %6s %6s\n", "", "mean", "sd", "95% interval of mean", "min",
           "max");
    for (size_t r = 0; r < NROWS; r++) {
        const char *label = (city && r == 0) ? "buildings per layout" : ROWS[r].label;
        if (sum[r].n < 2)
            fprintf(txt, "%-26s %9.4f %9s   %23s %6d %6d\n", label, sum[r].mean, "-", "-",
                    sum[r].min, sum[r].max);
        else
            fprintf(txt, "%-26s %9.4f %9.4f   [%9.4f, %9.4f] %6d %6d\n", label, sum[r].mean,
                    sum[r].sd, sum[r].lo, sum[r].hi, sum[r].min, sum[r].max);
    }
    print_distribution(txt, city ? "buildings per layout" : "rooms per layout", bins[0], nbins[0],
                       sum[0].n);
    if (!city) {
        print_distribution(txt, "rooms >= 4x4 per layout", bins[1], nbins[1], sum[1].n);
        print_distribution(txt, "2x2 entries per layout", bins[2], nbins[2], sum[2].n);
    }
    int rc = 0;
    outfile_begin(); /* every output or none (outfile.h) */
    if (json) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "type", level_type_name(type));
        cJSON_AddItemToObject(o, "levels", report_u64(res.done));
        cJSON_AddItemToObject(o, "seed", report_u64(job.seed));
        cJSON_AddNumberToObject(o, "dlevel", job.dlevel_lo);
        cJSON_AddBoolToObject(o, "rivers", city && job.params.rivers);
        cJSON_AddStringToObject(o, "rooms_definition",
                                city ? "buildings, walls included"
                                     : "the game's room list: top-left corner scan, walls "
                                       "included, with 2x2 dead-end entries");
        for (size_t r = 0; r < NROWS; r++)
            cJSON_AddItemToObject(o, ROWS[r].key, row_json(&sum[r], bins[r], nbins[r]));
        if (city)
            cJSON_AddItemToObject(o, "buildings_per_layout", row_json(&sum[0], bins[0], nbins[0]));
        rc = report_write_json(json, o) ? CLI_EXIT_IO : 0;
        cJSON_Delete(o);
    }
    if (csv && rc == 0) {
        /* The distributions long: a row per (statistic, value), named as
         * the JSON's keys, so summaries are one groupby away. */
        strbuf_t b = {0};
        sb_puts(&b, "type,statistic,value,count\n");
        for (size_t r = 0; r <= NROWS; r++) {
            if (r == NROWS && !city)
                break;
            size_t k = r == NROWS ? 0 : r; /* city: buildings_per_layout = row 0 */
            const char *key = r == NROWS ? "buildings_per_layout" : ROWS[r].key;
            for (int i = 0; i < nbins[k]; i++)
                if (bins[k][i])
                    sb_printf(&b, "%s,%s,%d,%llu\n", level_type_name(type), key, i,
                              (unsigned long long)bins[k][i]);
        }
        if (b.oom) {
            fprintf(stderr, "drlsim rooms: out of memory\n");
            rc = 1;
        } else {
            rc = outfile_write(csv, b.s, b.len) ? CLI_EXIT_IO : 0;
        }
        free(b.s);
    }
    /* The summary only when every output was written (the table included):
     * a failed write's one line is then the last word on stderr. */
    if (rc == 0 && outfile_stdout_check() != 0)
        rc = CLI_EXIT_IO;
    if (rc)
        outfile_abort();
    else if (outfile_commit() != 0)
        rc = CLI_EXIT_IO;
    driver_release_signals();
    if (rc == 0)
        fprintf(stderr, "drlsim rooms: %llu layouts in %.3f s (%.0f layouts/s, %d threads)%s\n",
                (unsigned long long)res.done, res.seconds,
                res.seconds > 0 ? (double)res.done / res.seconds : 0.0, res.threads,
                interrupted ? ", interrupted: the statistics cover these layouts only" : "");
    if (rc == 0 && interrupted)
        rc = 130;
    driver_result_free(&res);
    tally_free(t);
    return rc;
}
