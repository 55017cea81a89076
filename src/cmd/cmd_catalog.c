/* cmd_catalog.c - `drlsim catalog`: one row per level, JSON Lines or CSV.
 *
 * The levels are made in blocks of CATALOG_BLOCK_PIECES pieces of
 * CATALOG_PIECE consecutive indices; OpenMP threads take the pieces of a
 * block as they come, each writing the rows of its piece that pass --where
 * into the piece's own buffer; the pieces are written out in index order
 * by one thread while the others make the next block.  So the rows come in
 * index order whatever the thread count, and memory holds two blocks of
 * rows, however many levels are asked for.  A stop
 * (SIGINT, SIGTERM) or --limit ends the catalogue at a block's end: the rows
 * written are those of a prefix of the levels, complete lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "catalog.h"
#include "cli.h"
#include "commands.h"
#include "driver.h"
#include "filter.h"
#include "opts.h"
#include "outfile.h"
#include "strbuf.h"
#include "tables.h"

/* Upper bound on --levels, as run's. */
#define CATALOG_MAX_LEVELS UINT64_C(100000000000000)
/* Levels of a piece, the unit a thread takes: a few milliseconds of work. */
#define CATALOG_PIECE 256
/* Pieces of a block per thread: the rows held at once are at most two
 * blocks, 2 x threads x this x CATALOG_PIECE (about 1.5 KB a row), and a stop or
 * --limit is seen at a block's end. */
#define CATALOG_BLOCK_PIECES 8

typedef struct catalog_opts {
    job_t job;
    driver_opts_t dopt;
    const char *out, *where, *rules, *data_dir;
    bool csv, columns;
    uint64_t limit;
} catalog_opts_t;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: drlsim catalog --levels N [--dlevel N | --dlevels A-B] [--difficulty D]\n"
            "                      [--type T] [--seed S] [--no-single] [--rules NAME]\n"
            "                      [--data DIR] [--threads K] [--progress auto|always|never]\n"
            "                      [--csv] [--where EXPR] [--limit N] [--out FILE]\n"
            "       drlsim catalog --columns\n"
            "\n"
            "One row per level of levels 0..N-1 of seed S (the levels of `drlsim run` with\n"
            "the same options), in index order: its keys (seed, index, ruleset, dlevel,\n"
            "difficulty) and what the finished level shows (type, rooms, doors, rivers,\n"
            "fluids, special rooms and monsters by kind, budget, danger, items, barrels,\n"
            "event, reachability, open and fluid shares, start-to-stairs path).  Row\n"
            "(seed S, index I, dlevel D, difficulty K, ruleset R) is the level of\n"
            "`drlsim gen --seed S --index I --dlevel D --difficulty K --rules R` (with\n"
            "--type, --no-single and --data as given here).  Columns: docs/catalog.md.\n"
            "\n"
            "  --levels N       number of levels (1..10^14)\n"
            "  --dlevel N       every level at dlevel N (default 1)\n"
            "  --dlevels A-B    level i at dlevel A + i mod (B-A+1)\n"
            "  --difficulty D   1 ITYTD, 2 HNTR, 3 HMP, 4 UV, 5 N! (default 3): the number\n"
            "                   or the name\n"
            "  --type T         fix the level type (default: drawn as the game does)\n"
            "  --seed S         master seed (default 0)\n"
            "  --no-single      no single-monster levels (as in 0.9.9.3)\n"
            TABLES_RULES_HELP
            "  --data DIR       read rule tables from DIR instead of the built-in data/\n"
            "  --threads K      worker threads (default: OMP_NUM_THREADS if set, else all\n"
            "                   cores); the rows are the same for any K\n"
            "  --progress WHEN  progress bar on stderr: auto (on a terminal), always, never\n"
            "  --csv            CSV with a header line instead of JSON Lines (one JSON\n"
            "                   object a line)\n"
            "  --where EXPR     only the rows for which EXPR holds: comparisons of columns,\n"
            "                   numbers and quoted strings with = != < <= > >=, joined by\n"
            "                   and, or, not and parentheses; a column alone means `!= 0`.\n"
            "                   Example: \"type = 'city' and special_vault > 0 and dlevel >= 5\"\n"
            "  --limit N        stop after N rows (with --where: the first N that match)\n"
            "  --out FILE       write to FILE (whole rows only; a failed write leaves no\n"
            "                   file) instead of stdout\n"
            "  --columns        print the table of columns (Markdown) and exit\n"
            "\n"
            "SIGINT or SIGTERM stops the catalogue cleanly: the rows of the levels made so\n"
            "far are written, whole, and the exit status is 130.\n");
    fputs(CLI_EXIT_HELP, out);
}

static const cli_spec_t OPTS[] = {
    OPT_HELP,
    OPT_LEVELS(catalog_opts_t, job.count, CATALOG_MAX_LEVELS),
    OPT_DLEVEL(catalog_opts_t, job.dlevel_lo),
    OPT_DLEVELS(catalog_opts_t, job.dlevel_lo, job.dlevel_hi),
    OPT_DIFFICULTY(catalog_opts_t, job.params.difficulty),
    OPT_TYPE(catalog_opts_t, job.params.type),
    OPT_SEED(catalog_opts_t, job.seed),
    OPT_NO_SINGLE(catalog_opts_t, job.params.single_enabled),
    OPT_RULES(catalog_opts_t, rules),
    OPT_DATA(catalog_opts_t, data_dir),
    OPT_THREADS(catalog_opts_t, dopt.threads),
    OPT_PROGRESS(catalog_opts_t, dopt.progress),
    OPT_OUT(catalog_opts_t, out),
    {.name = "csv", .kind = CLI_SET, .at = offsetof(catalog_opts_t, csv)},
    {.name = "where", .kind = CLI_STR, .at = offsetof(catalog_opts_t, where)},
    {.name = "limit", .kind = CLI_U64, .at = offsetof(catalog_opts_t, limit), .lo = 1,
     .hi = (long long)CATALOG_MAX_LEVELS},
    {.name = "columns", .kind = CLI_SET, .at = offsetof(catalog_opts_t, columns)},
    {.name = NULL},
};

static const cli_cmd_t CMD = {"catalog", OPTS, usage, 0, 0};

static int catalog_parse(catalog_opts_t *o, cli_t *c, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    gen_params_default(&o->job.params, NULL);
    o->job.dlevel_lo = o->job.dlevel_hi = 1;
    o->dopt = (driver_opts_t){0, PROGRESS_AUTO, "catalog", NULL, false};
    int rc = cli_parse(c, &CMD, argc, argv, o);
    if (rc != CLI_GO_ON)
        return rc;
    if (o->columns)
        return CLI_GO_ON;
    if (!cli_given(c, "levels")) {
        cli_error(c, "--levels is required");
        return CLI_EXIT_USAGE;
    }
    if (cli_given(c, "dlevel") && cli_given(c, "dlevels")) {
        cli_error(c, "--dlevel and --dlevels exclude each other");
        return CLI_EXIT_USAGE;
    }
    if (cli_given(c, "dlevel"))
        o->job.dlevel_hi = o->job.dlevel_lo;
    return CLI_GO_ON;
}

/* What one thread holds while it makes the rows of its pieces. */
typedef struct worker {
    level_t lv;
    catalog_level_t m;
    catalog_value_t v[CATALOG_MAX_COLUMNS];
    filter_value_t fv[CATALOG_MAX_COLUMNS];
} worker_t;

/* A piece's rows: text and how many. */
typedef struct piece {
    strbuf_t text;
    uint64_t rows;
} piece_t;

/* Make the levels [lo, hi) and put the rows that pass f into p. */
static void make_piece(const job_t *job, const catalog_t *cat, const filter_t *f, bool csv,
                       uint64_t lo, uint64_t hi, worker_t *w, piece_t *p)
{
    gen_params_t params = job->params;
    p->text.len = 0;
    if (p->text.s)
        p->text.s[0] = '\0';
    p->rows = 0;
    for (uint64_t i = lo; i < hi; i++) {
        params.dlevel = job_dlevel(job, i);
        level_generate(&w->lv, &params, job->seed, i);
        catalog_measure(&w->m, &w->lv, params.tables);
        catalog_values(cat, &w->m, w->v, f ? w->fv : NULL);
        if (f && !filter_eval(f, w->fv))
            continue;
        catalog_row(&p->text, cat, w->v, csv);
        p->rows++;
    }
}

/* The length of the first n lines of s. */
static size_t first_lines(const char *s, size_t len, uint64_t n);

/* Write the rows of pieces p[0..n) to s, up to limit rows in all (0: no
 * limit) counting them in *rows: 0, 1 out of memory, or CLI_EXIT_IO after
 * the message. */
static int write_block(outfile_stream_t *s, piece_t *p, int n, uint64_t limit, uint64_t *rows)
{
    for (int k = 0; k < n; k++) {
        if (p[k].text.oom) {
            fprintf(stderr, "drlsim catalog: out of memory for the rows\n");
            return 1;
        }
        uint64_t take = p[k].rows;
        if (limit && *rows + take > limit)
            take = limit - *rows;
        const size_t len =
            take == p[k].rows ? p[k].text.len : first_lines(p[k].text.s, p[k].text.len, take);
        if (len && outfile_stream_put(s, p[k].text.s, len) != 0)
            return CLI_EXIT_IO;
        *rows += take;
    }
    return 0;
}

/* The length of the first n lines of s. */
static size_t first_lines(const char *s, size_t len, uint64_t n)
{
    size_t at = 0;
    for (; n && at < len; n--) {
        const char *nl = memchr(s + at, '\n', len - at);
        at = nl ? (size_t)(nl - s) + 1 : len;
    }
    return at;
}

int cmd_catalog(int argc, char **argv)
{
    static catalog_opts_t o;
    cli_t c;
    int rc = catalog_parse(&o, &c, argc, argv);
    if (rc >= 0)
        return rc;
    if (o.columns) {
        catalog_columns_markdown(stdout);
        return 0;
    }
    const char *out = o.out ? o.out : "-";
    int threads = o.dopt.threads;
    if ((rc = opt_outputs_check(&out, 1)) != 0 || (rc = opt_threads(&c, &threads)) != 0)
        return rc;
    if (threads <= 0)
        threads = omp_get_max_threads();
    job_t job = o.job;
    const tables_t *tables = opt_tables("catalog", o.rules, o.data_dir, job.params.type);
    if (!tables)
        return CLI_EXIT_USAGE;
    job.params.tables = tables;

    static catalog_t cat;
    catalog_init(&cat, tables);
    filter_t *f = NULL;
    if (o.where) {
        char err[400];
        f = filter_parse(o.where, catalog_lookup, &cat, err, sizeof err);
        if (!f) {
            cli_error(&c, "--where: %s", err);
            return CLI_EXIT_USAGE;
        }
    }

    const int npieces = threads * CATALOG_BLOCK_PIECES;
    worker_t **workers = calloc((size_t)threads, sizeof *workers);
    piece_t *pieces = calloc(2 * (size_t)npieces, sizeof *pieces); /* two blocks */
    bool oom = !workers || !pieces;
    for (int t = 0; t < threads && !oom; t++)
        oom = !(workers[t] = malloc(sizeof(worker_t)));
    outfile_stream_t *s = NULL;
    if (!oom && !(s = outfile_stream_open(out)))
        rc = CLI_EXIT_IO;
    if (oom) {
        fprintf(stderr, "drlsim catalog: out of memory for %d threads\n", threads);
        rc = 1;
    }
    if (rc) {
        for (int t = 0; workers && t < threads; t++)
            free(workers[t]);
        free(workers);
        free(pieces);
        filter_free(f);
        return rc;
    }

    strbuf_t head = {0};
    catalog_header(&head, &cat, o.csv);
    if (head.oom || outfile_stream_put(s, head.s ? head.s : "", head.len) != 0)
        rc = head.oom ? 1 : CLI_EXIT_IO;
    free(head.s);

    driver_progress_t bar;
    driver_progress_begin(&bar, o.dopt.label, o.dopt.progress, job.count);
    const uint64_t end = job.first + job.count;
    const uint64_t block = (uint64_t)npieces * CATALOG_PIECE;
    uint64_t next = job.first, rows = 0;
    bool stopped = false;
    double t0 = omp_get_wtime();
    /* Block b is made while one thread writes block b - 1 (then joins in
     * making b), so the threads are never idle while rows are written. */
    piece_t *pending = NULL; /* the block made and not yet written */
    int npending = 0;
    for (int b = 0;; b++) {
        bool more = rc == 0 && next < end && !(o.limit && rows >= o.limit);
        if (more && driver_stop_requested()) {
            stopped = true;
            more = false;
        }
        if (!more && !pending)
            break;
        const uint64_t lo = next, hi = !more ? lo : end - lo < block ? end : lo + block;
        const int n = (int)((hi - lo + CATALOG_PIECE - 1) / CATALOG_PIECE);
        piece_t *cur = &pieces[(b & 1) * npieces];
        int wrc = 0;
#pragma omp parallel num_threads(threads)
        {
#pragma omp single nowait
            if (pending && rc == 0)
                wrc = write_block(s, pending, npending, o.limit, &rows);
#pragma omp for schedule(dynamic, 1) nowait
            for (int k = 0; k < n; k++) {
                const uint64_t a = lo + (uint64_t)k * CATALOG_PIECE;
                const uint64_t z = hi - a < CATALOG_PIECE ? hi : a + CATALOG_PIECE;
                make_piece(&job, &cat, f, o.csv, a, z, workers[omp_get_thread_num()], &cur[k]);
            }
        }
        rc = rc ? rc : wrc;
        pending = more ? cur : NULL;
        npending = n;
        next = hi;
        driver_progress_update(&bar, next - job.first);
    }
    const double seconds = omp_get_wtime() - t0;
    if (!stopped)
        bar.total = bar.done; /* --limit reached: done, not stopped */
    driver_progress_end(&bar);
    if (rc == 0) {
        if (outfile_stream_close(s) != 0)
            rc = CLI_EXIT_IO;
    } else if (rc == CLI_EXIT_IO) {
        outfile_stream_close(s); /* the failed stream: its file is gone already */
    } else {
        outfile_stream_abort(s);
    }
    driver_release_signals();
    if (rc == 0) {
        const uint64_t made = next - job.first;
        fprintf(stderr, "drlsim catalog: %llu rows of %llu levels in %.2f s (%.0f levels/s, "
                        "%d threads)%s\n",
                (unsigned long long)rows, (unsigned long long)made, seconds,
                seconds > 0 ? (double)made / seconds : 0.0, threads,
                stopped ? ", interrupted: the rows of the levels made so far" : "");
    }
    for (int t = 0; t < threads; t++)
        free(workers[t]);
    free(workers);
    for (int k = 0; k < 2 * npieces; k++)
        free(pieces[k].text.s);
    free(pieces);
    filter_free(f);
    if (rc)
        return rc;
    return stopped ? 130 : 0;
}
