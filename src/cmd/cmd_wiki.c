/* cmd_wiki.c - `drlsim wiki`: the numbers of the wiki's "Level type" page.
 *
 * For one ruleset, the numbers the DoomRL wiki's "Level type" page gives,
 * worked out anew: the level-type shares by dlevel band as exact fractions
 * (ruleset_type_shares), each type's river, fluid, item, danger, special-room
 * and hunting rules as the ruleset states them (exact), what N levels of each
 * type show at one dlevel (measured, with 95% intervals), the cave and
 * single-monster outcome rows there (measured), and the "10000 layouts" room
 * tables of normal and city (measured).  Everything goes into one JSON
 * document (--json); src/out/wiki.c prints it as MediaWiki markup, so the
 * page and the JSON carry the same numbers by construction and a test reads
 * both.  docs/guide.md "Updating the wiki" shows it in use.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "driver.h"
#include "opts.h"
#include "outfile.h"
#include "report.h"
#include "stats.h"
#include "tables.h"
#include "wiki.h"

#define WIKI_DEFAULT_LEVELS 10000 /* the wiki's own sample size */
#define WIKI_DEFAULT_DLEVEL 12    /* a dlevel every type can be drawn at */
#define WIKI_ROOMS_DLEVEL 3       /* rooms do not depend on dlevel (as `drlsim rooms`) */
#define WIKI_MAX_LEVELS 100000000
/* The bands of the type shares are read off dlevels 1..this: every ruleset's
 * last band starts well below it and runs on unbounded. */
#define WIKI_BAND_DLEVELS 100
#define WIKI_CONFIDENCE 0.95

typedef struct wiki_opts {
    int levels, dlevel, difficulty;
    uint64_t seed;
    const char *rules, *data_dir, *out, *json;
    driver_opts_t dopt;
    int style; /* --style, 0: the episode's */
} wiki_opts_t;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim wiki [--rules NAME] [--style ID] [--data DIR] [--levels N] [--dlevel N]\n"
            "                   [--difficulty D] [--seed S] [--threads K]\n"
            "                   [--progress auto|always|never] [--out FILE] [--json FILE]\n"
            "\n"
            "Write the numbers of the DoomRL wiki's \"Level type\" page for one ruleset as\n"
            "MediaWiki markup, ready to paste: the level-type shares by dlevel band as\n"
            "exact fractions; each type's river, fluid, item, danger, special-room and\n"
            "hunting rules as the ruleset states them (exact); what N levels of each type\n"
            "show at one dlevel: rivers, fluids, special rooms, items and monsters per\n"
            "level (measured, with 95%% intervals); the cave and single-monster outcome\n"
            "rows there (measured); and the room tables \"over a sample of 10000 random\n"
            "layouts\" of normal and city (measured).  Each table says which of its values\n"
            "are exact and which measured, and the ruleset is named once at the top.\n"
            "\n"
            TABLES_RULES_HELP
            OPT_STYLE_HELP
            "  --data DIR       read rule tables from DIR instead of the built-in data/\n"
            "  --levels N       levels per type, and layouts per room table (default %d)\n"
            "  --dlevel N       dlevel of the measured levels (default %d; the room\n"
            "                   tables use dlevel %d, as drlsim rooms does)\n"
            "  --difficulty D   1 ITYTD .. 5 N! (default 3), of the shares and the levels\n"
            "  --seed S         master seed (default 0)\n"
            "  --threads K      worker threads (default: all cores); results do not depend on it\n"
            "  --progress WHEN  progress bar on stderr: auto (on a terminal), always, never\n"
            "  --out FILE       write the markup to FILE (default: stdout)\n"
            "  --json FILE      also write the same numbers as JSON ('-': stdout)\n"
            "\n"
            "SIGINT or SIGTERM stops the run: nothing is written, exit status 130.\n",
            WIKI_DEFAULT_LEVELS, WIKI_DEFAULT_DLEVEL, WIKI_ROOMS_DLEVEL);
    fputs(CLI_EXIT_HELP, out);
}

static const cli_spec_t OPTS[] = {
    OPT_HELP,
    OPT_RULES(wiki_opts_t, rules),
    OPT_STYLE(wiki_opts_t, style),
    OPT_DATA(wiki_opts_t, data_dir),
    {.name = "levels", .kind = CLI_INT, .at = offsetof(wiki_opts_t, levels), .lo = 2,
     .hi = WIKI_MAX_LEVELS},
    OPT_DLEVEL(wiki_opts_t, dlevel),
    OPT_DIFFICULTY(wiki_opts_t, difficulty),
    OPT_SEED(wiki_opts_t, seed),
    OPT_THREADS(wiki_opts_t, dopt.threads),
    OPT_PROGRESS(wiki_opts_t, dopt.progress),
    OPT_OUT(wiki_opts_t, out),
    OPT_JSON(wiki_opts_t, json),
    {.name = NULL},
};

static const cli_cmd_t CMD = {"wiki", OPTS, usage, 0, 0};

static long long gcd(long long a, long long b)
{
    while (b) {
        long long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* [num, den] reduced */
static cJSON *fraction(long long num, long long den)
{
    long long g = num ? gcd(num, den) : den;
    cJSON *a = cJSON_CreateArray();
    cJSON_AddItemToArray(a, cJSON_CreateNumber((double)(num / g)));
    cJSON_AddItemToArray(a, cJSON_CreateNumber((double)(den / g)));
    return a;
}

static cJSON *frac_json(frac_t f)
{
    return fraction(f.num, f.den);
}

/* The type shares: one band per run of dlevels with the same exact shares. */
static cJSON *type_shares(const ruleset_t *rs, int difficulty)
{
    cJSON *o = cJSON_CreateObject();
    cJSON *types = cJSON_AddArrayToObject(o, "types");
    for (int t = 0; t < LT__COUNT; t++)
        if (rs->has_type[t])
            cJSON_AddItemToArray(types, cJSON_CreateString(level_type_name((level_type_t)t)));
    cJSON *bands = cJSON_AddArrayToObject(o, "bands");
    long long prev[LT__COUNT], prev_den = 0;
    cJSON *band = NULL;
    for (int d = 1; d <= WIKI_BAND_DLEVELS; d++) {
        long long num[LT__COUNT], den;
        ruleset_type_shares(rs, d, difficulty, true, num, &den);
        bool same = band != NULL;
        for (int t = 0; t < LT__COUNT && same; t++)
            same = num[t] * prev_den == prev[t] * den;
        if (same) {
            cJSON *dl = cJSON_GetObjectItemCaseSensitive(band, "dlevels");
            cJSON_ReplaceItemInArray(dl, 1, d == WIKI_BAND_DLEVELS ? cJSON_CreateNull()
                                                                   : cJSON_CreateNumber(d));
            continue;
        }
        band = cJSON_CreateObject();
        cJSON *dl = cJSON_AddArrayToObject(band, "dlevels");
        cJSON_AddItemToArray(dl, cJSON_CreateNumber(d));
        cJSON_AddItemToArray(dl, cJSON_CreateNumber(d));
        cJSON *sh = cJSON_AddObjectToObject(band, "shares");
        for (int t = 0; t < LT__COUNT; t++)
            if (rs->has_type[t])
                cJSON_AddItemToObject(sh, level_type_name((level_type_t)t), fraction(num[t], den));
        cJSON_AddItemToArray(bands, band);
        memcpy(prev, num, sizeof prev);
        prev_den = den;
    }
    return o;
}

static const char *const RIVER_STYLE[] = {"horizontal or vertical", "vertical only",
                                          "caves: one vertical, or horizontal"};

static const char *item_rule(const type_rules_t *r, char *buf, size_t n)
{
    switch (r->items) {
    case ITEMS_FORMULA: snprintf(buf, n, "ceil(21 - max(25 - dlevel, 0) / 3)"); break;
    case ITEMS_FIXED: snprintf(buf, n, "%d", r->items_n); break;
    case ITEMS_DICE:
        snprintf(buf, n, "%dd%d+%d", r->items_x, r->items_n, r->items_k);
        break;
    case ITEMS_PERCENT: snprintf(buf, n, "floor(%d%% of the normal count)", r->items_n); break;
    case ITEMS_PERCENT_CEIL: snprintf(buf, n, "ceil(%d%% of the normal count)", r->items_n); break;
    }
    return buf;
}

/* A type's rules as the ruleset states them. */
static cJSON *type_rules(const type_rules_t *r, level_type_t t)
{
    char buf[96];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", level_type_name(t));
    cJSON_AddItemToObject(o, "river", frac_json(r->river));
    cJSON_AddStringToObject(o, "river_orientation", RIVER_STYLE[r->river_style]);
    if (r->river_style == RIVER_CAVES)
        cJSON_AddItemToObject(o, "river_horizontal", frac_json(r->river_horizontal));
    cJSON_AddNumberToObject(o, "fluid_passes", r->fluid_passes);
    cJSON_AddBoolToObject(o, "fluids_only_without_river", r->fluids_only_without_river);
    cJSON_AddStringToObject(o, "items", item_rule(r, buf, sizeof buf));
    cJSON_AddNumberToObject(o, "danger_percent", r->danger_percent);
    cJSON_AddBoolToObject(o, "special_rooms", r->special_rooms);
    cJSON_AddItemToObject(o, "hunting", frac_json(r->hunting));
    return o;
}

/* A share measured: count of n, with its Wilson interval. */
static cJSON *share_json(uint64_t x, uint64_t n)
{
    double lo = 0, hi = 0;
    stats_wilson(x, n, 1 - WIKI_CONFIDENCE, &lo, &hi);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "count", report_u64(x));
    cJSON_AddItemToObject(o, "n", report_u64(n));
    cJSON_AddNumberToObject(o, "share", n ? (double)x / (double)n : 0);
    cJSON *ci = cJSON_AddArrayToObject(o, "ci95");
    cJSON_AddItemToArray(ci, cJSON_CreateNumber(lo));
    cJSON_AddItemToArray(ci, cJSON_CreateNumber(hi));
    return o;
}

static cJSON *summary_json(const stats_summary_t *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "n", report_u64(s->n));
    cJSON_AddNumberToObject(o, "mean", s->mean);
    cJSON_AddNumberToObject(o, "sd", s->sd);
    cJSON *ci = cJSON_AddArrayToObject(o, "ci95");
    cJSON_AddItemToArray(ci, cJSON_CreateNumber(s->lo));
    cJSON_AddItemToArray(ci, cJSON_CreateNumber(s->hi));
    cJSON_AddNumberToObject(o, "min", s->min);
    cJSON_AddNumberToObject(o, "max", s->max);
    return o;
}

/* Histogram `name` of the tally, summed over its one stratum of type t. */
static const uint64_t *hist(const tally_t *tl, const char *name, level_type_t t, int dlevel,
                            int *nbins)
{
    static _Thread_local uint64_t buf[MONSTER_KINDS_MAX > 4096 ? MONSTER_KINDS_MAX : 4096];
    int h = tally_hist_index(name);
    assert(h >= 0 && tally_hist_slots(h) <= (int)(sizeof buf / sizeof buf[0]));
    tally_sum(tl, h, dlevel, dlevel, 1u << t, buf);
    *nbins = tally_hist_slots(h);
    return buf;
}

static cJSON *counts_summary(const tally_t *tl, const char *name, level_type_t t, int dlevel)
{
    int nb;
    const uint64_t *b = hist(tl, name, t, dlevel, &nb);
    stats_summary_t s;
    stats_summarize_counts(b, nb, 1 - WIKI_CONFIDENCE, &s);
    return summary_json(&s);
}

static cJSON *moments_summary(const tally_t *tl, const char *name, level_type_t t, int dlevel)
{
    int nb;
    const uint64_t *m = hist(tl, name, t, dlevel, &nb);
    stats_summary_t s;
    stats_summarize_moments(m[MOM_N], (double)m[MOM_SUM], (double)m[MOM_SUMSQ],
                            (int)m[MOM_MIN], (int)m[MOM_MAX], 1 - WIKI_CONFIDENCE, &s);
    return summary_json(&s);
}

/* The bins of histogram `name` with counts, by their names, each a share. */
static cJSON *outcome_shares(const tally_t *tl, const tables_t *tables, const char *name,
                             level_type_t t, int dlevel)
{
    int nb;
    const uint64_t *b = hist(tl, name, t, dlevel, &nb);
    uint64_t n = 0;
    for (int i = 0; i < nb; i++)
        n += b[i];
    if (n == 0)
        return NULL; /* this type rolls no such outcome */
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", level_type_name(t));
    cJSON_AddStringToObject(o, "histogram", name);
    cJSON_AddItemToObject(o, "n", report_u64(n));
    cJSON *rows = cJSON_AddObjectToObject(o, "shares");
    int h = tally_hist_index(name);
    char label[64];
    for (int i = 0; i < nb; i++)
        if (b[i])
            cJSON_AddItemToObject(rows, tally_bin_label(tables->bin_names, h, i, label, sizeof label),
                                  share_json(b[i], n));
    return o;
}

static int run_one(job_t *job, const driver_opts_t *dopt, tally_t *tl)
{
    driver_result_t res;
    if (driver_run(job, dopt, tl, &res) != 0)
        return 1;
    bool stopped = res.done < job->count;
    driver_result_free(&res);
    return stopped ? 130 : 0;
}

/* The measured part of one type: N full levels at the dlevel. */
static int measure_type(const wiki_opts_t *o, const tables_t *tables, level_type_t t, cJSON *out,
                        cJSON *rolls)
{
    job_t job = {0};
    gen_params_default(&job.params, tables);
    job.params.type = (int)t;
    job.params.difficulty = o->difficulty;
    job.params.style = o->style;
    job.dlevel_lo = job.dlevel_hi = o->dlevel;
    job.seed = o->seed;
    job.count = (uint64_t)o->levels;
    tally_t *tl = tally_new(o->dlevel, o->dlevel, o->difficulty);
    if (!tl)
        return 1;
    int rc = run_one(&job, &o->dopt, tl);
    if (rc == 0) {
        int nb;
        cJSON *m = cJSON_CreateObject();
        cJSON_AddStringToObject(m, "type", level_type_name(t));
        const uint64_t *b = hist(tl, "river", t, o->dlevel, &nb);
        cJSON_AddItemToObject(m, "river", share_json(b[1], b[0] + b[1]));
        b = hist(tl, "fluid_present", t, o->dlevel, &nb);
        cJSON_AddItemToObject(m, "fluid_present", share_json(b[1], b[0] + b[1]));
        cJSON_AddItemToObject(m, "special_rooms", counts_summary(tl, "special_per_level", t, o->dlevel));
        cJSON_AddItemToObject(m, "items", counts_summary(tl, "items", t, o->dlevel));
        cJSON_AddItemToObject(m, "monsters", moments_summary(tl, "monsters", t, o->dlevel));
        cJSON_AddItemToObject(m, "danger", moments_summary(tl, "danger_placed", t, o->dlevel));
        cJSON_AddItemToArray(out, m);
        /* The outcome rows the ruleset's tables name (the wiki's cave rows;
         * the single monster's rows). */
        const tally_named_t kinds[] = {TALLY_NAMED_CAVE_OUTCOME, TALLY_NAMED_SINGLE_OUTCOME};
        const char *names[] = {"cave_outcome", "single_outcome"};
        for (int k = 0; k < 2; k++) {
            if (!tables->bin_names->bin[kinds[k]][0])
                continue; /* the ruleset has no such rows */
            cJSON *s = outcome_shares(tl, tables, names[k], t, o->dlevel);
            if (s)
                cJSON_AddItemToArray(rolls, s);
        }
    }
    tally_free(tl);
    return rc;
}

typedef struct room_row {
    const char *hist, *key, *label;
} room_row_t;

static const room_row_t ROOM_ROWS[] = {
    {"rooms", "rooms_per_layout", "rooms per layout"},
    {"rooms_ge4", "rooms_ge4_per_layout", "rooms >= 4x4 per layout"},
    {"doors", "doors_per_layout", "doors per layout"},
    {"room_width", "room_width", "room width"},
    {"room_height", "room_height", "room height"},
    {"room_area", "room_area", "room area"},
};
#define NROOM_ROWS (sizeof ROOM_ROWS / sizeof ROOM_ROWS[0])

/* The room table of one type: N layouts, as `drlsim rooms` makes them. */
static int room_table(const wiki_opts_t *o, const tables_t *tables, level_type_t t, cJSON *out)
{
    job_t job = {0};
    gen_params_default(&job.params, tables);
    job.params.type = (int)t;
    job.params.layout_only = true;
    job.params.difficulty = o->difficulty;
    job.params.style = o->style;
    job.dlevel_lo = job.dlevel_hi = WIKI_ROOMS_DLEVEL;
    job.seed = o->seed;
    job.count = (uint64_t)o->levels;
    tally_t *tl = tally_new(WIKI_ROOMS_DLEVEL, WIKI_ROOMS_DLEVEL, o->difficulty);
    if (!tl)
        return 1;
    int rc = run_one(&job, &o->dopt, tl);
    if (rc == 0) {
        cJSON *tab = cJSON_CreateObject();
        cJSON_AddStringToObject(tab, "type", level_type_name(t));
        cJSON_AddItemToObject(tab, "layouts", report_u64((uint64_t)o->levels));
        cJSON *rows = cJSON_AddArrayToObject(tab, "rows");
        for (size_t r = 0; r < NROOM_ROWS; r++) {
            cJSON *row = counts_summary(tl, ROOM_ROWS[r].hist, t, WIKI_ROOMS_DLEVEL);
            cJSON_AddStringToObject(row, "key", ROOM_ROWS[r].key);
            cJSON_AddStringToObject(row, "label", t == LT_CITY && r == 0 ? "buildings per layout"
                                                                         : ROOM_ROWS[r].label);
            cJSON_AddItemToArray(rows, row);
        }
        cJSON_AddItemToArray(out, tab);
    }
    tally_free(tl);
    return rc;
}

static const level_type_t ROOM_TYPES[] = {LT_NORMAL, LT_CITY};
#define NROOM_TYPES (sizeof ROOM_TYPES / sizeof ROOM_TYPES[0])

/* The levels the page makes: N of each type, N layouts of each room table. */
static uint64_t levels_needed(const wiki_opts_t *o, const ruleset_t *rs)
{
    uint64_t jobs = 0;
    for (int t = 0; t < LT__COUNT; t++)
        jobs += rs->has_type[t];
    for (size_t k = 0; k < NROOM_TYPES; k++)
        jobs += rs->has_type[ROOM_TYPES[k]];
    return jobs * (uint64_t)o->levels;
}

static int build(const wiki_opts_t *o, const tables_t *tables, cJSON *page)
{
    const ruleset_t *rs = tables->rules;
    cJSON_AddStringToObject(page, "schema", "drlsim-wiki-1");
    cJSON_AddStringToObject(page, "drlsim", DRLSIM_VERSION);
    cJSON_AddStringToObject(page, "ruleset", tables->name);
    cJSON_AddItemToObject(page, "seed", report_u64(o->seed));
    cJSON_AddNumberToObject(page, "difficulty", o->difficulty);
    cJSON_AddStringToObject(page, "difficulty_name", DIFFICULTY_NAMES[o->difficulty]);
    cJSON_AddNumberToObject(page, "dlevel", o->dlevel);
    cJSON_AddNumberToObject(page, "rooms_dlevel", WIKI_ROOMS_DLEVEL);
    cJSON_AddNumberToObject(page, "levels_per_type", o->levels);
    cJSON_AddItemToObject(page, "type_shares", type_shares(rs, o->difficulty));
    cJSON *rules = cJSON_AddArrayToObject(page, "type_rules");
    cJSON *measured = cJSON_AddArrayToObject(page, "measured");
    cJSON *rolls = cJSON_AddArrayToObject(page, "outcomes");
    cJSON *rooms = cJSON_AddArrayToObject(page, "rooms");
    for (int t = 0; t < LT__COUNT; t++)
        if (rs->has_type[t])
            cJSON_AddItemToArray(rules, type_rules(&rs->type[t], (level_type_t)t));
    for (int t = 0; t < LT__COUNT; t++) {
        if (!rs->has_type[t])
            continue;
        int rc = measure_type(o, tables, (level_type_t)t, measured, rolls);
        if (rc)
            return rc;
    }
    for (size_t k = 0; k < NROOM_TYPES; k++) {
        if (!rs->has_type[ROOM_TYPES[k]])
            continue;
        int rc = room_table(o, tables, ROOM_TYPES[k], rooms);
        if (rc)
            return rc;
    }
    return 0;
}

int cmd_wiki(int argc, char **argv)
{
    wiki_opts_t o = {WIKI_DEFAULT_LEVELS, WIKI_DEFAULT_DLEVEL, DIFF_HMP, 0, NULL, NULL, NULL,
                     NULL, {0, PROGRESS_AUTO, "wiki", NULL, true}, 0}; /* reads no seen_ row */
    cli_t c;
    int prc = cli_parse(&c, &CMD, argc, argv, &o);
    if (prc != CLI_GO_ON)
        return prc;
    const char *outs[] = {o.out, o.json};
    if (opt_to_stdout(outs, 2) > 1 || (!o.out && o.json && strcmp(o.json, "-") == 0)) {
        cli_error(&c, "only one of the markup and --json can go to stdout ('-')");
        return CLI_EXIT_USAGE;
    }
    int orc = opt_outputs_check(outs, 2);
    if (orc)
        return orc;
    const tables_t *tables = opt_tables("wiki", o.rules, o.data_dir, -1);
    if (!tables)
        return CLI_EXIT_USAGE;
    if ((orc = opt_style("wiki", tables, o.style)) != 0)
        return orc;
    cJSON *page = cJSON_CreateObject();
    if (!page) {
        fprintf(stderr, "drlsim wiki: out of memory\n");
        return 1;
    }
    driver_catch_signals(); /* until the outputs are written */
    driver_progress_t bar;
    driver_progress_begin(&bar, "wiki", o.dopt.progress, levels_needed(&o, tables->rules));
    o.dopt.bar = &bar;
    int rc = build(&o, tables, page);
    driver_progress_end(&bar);
    if (rc == 130)
        fprintf(stderr, "drlsim wiki: interrupted: nothing written\n");
    if (rc == 0) {
        outfile_begin(); /* both outputs or neither (outfile.h) */
        rc = cli_write_text("wiki", o.out ? o.out : "-", wiki_markup(page));
        if (rc == 0 && o.json)
            rc = report_write_json(o.json, page) ? CLI_EXIT_IO : 0;
        if (rc == 0 && outfile_stdout_check() != 0)
            rc = CLI_EXIT_IO;
        if (rc)
            outfile_abort();
        else if (outfile_commit() != 0)
            rc = CLI_EXIT_IO;
    }
    driver_release_signals();
    cJSON_Delete(page);
    return rc;
}
