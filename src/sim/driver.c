/* driver.c - the OpenMP Monte Carlo loop of driver.h.
 *
 * Work is cut into chunks of DRIVER_CHUNK consecutive indices.  Threads take
 * the next chunk number from one shared counter (an atomic capture per chunk,
 * never per level) and generate its levels into their own level buffer and
 * tally (over a wide dlevel range each thread instead walks every chunk and
 * makes the levels of its share of the dlevels, so that it holds only their
 * strata).  At the end the per-thread tallies are summed into the caller's
 * tally.  Progress is drawn by whichever thread finishes a chunk when at
 * least a tenth of a second has passed.  A stop is read between chunks, so
 * the chunks done are always a prefix of the job: memory does not grow with
 * the number of levels (no per-chunk flags).
 *
 * Under MPI (cluster.h) rank r of P takes the contiguous block of chunks
 * [nchunks*r/P, nchunks*(r+1)/P); the ranks' tallies are summed with
 * collective reductions and their done prefixes gathered, so every rank
 * returns the whole job's result.  An interrupted job's completed ranges
 * are at most P (one prefix per block), which --ranges and merge then fill
 * in.  Only rank 0 draws progress, of its own block.
 */
#include "driver.h"
#include "tty.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <omp.h>

#include "cluster.h"

static volatile sig_atomic_t stop_flag = 0;

void driver_request_stop(void)
{
    stop_flag = 1;
}

bool driver_stop_requested(void)
{
    return stop_flag != 0;
}

void driver_reset_stop(void)
{
    stop_flag = 0;
}

static struct timespec first_signal; /* written before stop_flag is set */

static double since_first_signal(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now); /* async-signal-safe (POSIX) */
    return (double)(now.tv_sec - first_signal.tv_sec) +
           1e-9 * (double)(now.tv_nsec - first_signal.tv_nsec);
}

static void (*volatile kill_hook)(void) = NULL;

void driver_on_kill(void (*fn)(void))
{
    kill_hook = fn;
}

static void on_stop_signal(int sig)
{
    if (!stop_flag) {
        clock_gettime(CLOCK_MONOTONIC, &first_signal);
        stop_flag = 1;
    } else if (since_first_signal() >= DRIVER_SIGNAL_ECHO_S) {
        if (kill_hook)
            kill_hook(); /* e.g. remove a half-written report's temporary file */
        signal(sig, SIG_DFL);
        raise(sig);
    }
}

void driver_catch_signals(void)
{
    signal(SIGINT, on_stop_signal);
    signal(SIGTERM, on_stop_signal);
}

static void set_stop_signals_blocked(bool blocked)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(blocked ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

void driver_hold_signals(void)
{
    set_stop_signals_blocked(true);
}

void driver_resume_signals(void)
{
    driver_catch_signals(); /* whatever the library did to the handlers meanwhile */
    set_stop_signals_blocked(false);
}

void driver_release_signals(void)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

int job_dlevel(const job_t *job, uint64_t index)
{
    uint64_t span = (uint64_t)job_span(job);
    return job_nth_dlevel(job, (int)(index % span));
}

bool job_set_dlevels(job_t *job, const int *dl, int n)
{
    if (n < 1 || n > JOB_MAX_DLEVELS)
        return false;
    for (int i = 0; i < n; i++)
        if (dl[i] < 1 || dl[i] > DLEVEL_MAX || (i && dl[i] <= dl[i - 1]))
            return false;
    job->ndl = n;
    for (int i = 0; i < n; i++)
        job->dl[i] = (int16_t)dl[i];
    job->dlevel_lo = dl[0];
    job->dlevel_hi = dl[n - 1];
    return true;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The progress bar (driver.h). */

/* Columns of the terminal on stderr: the terminal's own word, else $COLUMNS,
 * else 80. */
static int term_columns(void)
{
    struct winsize ws;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    const char *c = getenv("COLUMNS");
    long n = c ? strtol(c, NULL, 10) : 0;
    return n > 0 && n < 10000 ? (int)n : 80;
}

/* A count in at most 6 characters: 9999, 12.3k, 4.56M, 7.89G. */
static void compact(char *b, size_t n, double v)
{
    if (v < 9999.5)
        snprintf(b, n, "%.0f", v);
    else if (v < 999950)
        snprintf(b, n, "%.1fk", v / 1e3);
    else if (v < 999.995e6)
        snprintf(b, n, "%.2fM", v / 1e6);
    else if (v < 999.995e9)
        snprintf(b, n, "%.2fG", v / 1e9);
    else
        snprintf(b, n, "%.2fT", v / 1e12);
}

/* Seconds as 42s, 12m05s, 3h07m. */
static void duration(char *b, size_t n, double s)
{
    if (s < 99.5)
        snprintf(b, n, "%.0fs", s);
    else if (s < 5999.5)
        snprintf(b, n, "%dm%02ds", (int)(s + 0.5) / 60, (int)(s + 0.5) % 60);
    else if (s < 3.6e7)
        snprintf(b, n, "%dh%02dm", (int)(s / 3600), (int)(s / 60) % 60);
    else
        snprintf(b, n, "%.0fh", s / 3600);
}

enum { BAR_RUNNING, BAR_DONE, BAR_STOPPED };
#define BAR_MAX_WIDTH 40 /* the [###---] part at most; the rest of a wide line stays blank */
/* The widest text after the bar ("100.0% 999.9k/999.9k levels 999.9k/s ETA
 * 99m59s"): the bar's width is set by it, so it does not jump as the numbers
 * change. */
#define BAR_TAIL_WIDTH 46

static void draw_progress(driver_progress_t *bar, uint64_t done, double now, int state)
{
    const int cols = term_columns() - 1; /* the last column would wrap on some terminals */
    const double elapsed = now - bar->t0;
    double frac = bar->total ? (double)done / (double)bar->total : 1.0;
    frac = frac > 1.0 ? 1.0 : frac;
    const double rate = elapsed > 0 ? (double)done / elapsed : 0;
    char d[16], t[16], r[16], e[16], tail[96];
    compact(d, sizeof d, (double)done);
    compact(t, sizeof t, (double)bar->total);
    compact(r, sizeof r, rate);
    if (state == BAR_RUNNING) {
        if (rate > 0)
            duration(e, sizeof e, (double)(bar->total - done) / rate);
        else
            snprintf(e, sizeof e, "?");
        snprintf(tail, sizeof tail, "%5.1f%% %s/%s levels %s/s ETA %s", 100 * frac, d, t, r, e);
    } else if (state == BAR_DONE) {
        duration(e, sizeof e, elapsed);
        snprintf(tail, sizeof tail, "%5.1f%% %s levels in %s, %s/s", 100 * frac, d, e, r);
    } else {
        snprintf(tail, sizeof tail, "%5.1f%% %s/%s levels, stopped", 100 * frac, d, t);
    }
    char line[256];
    int room = cols - (int)strlen(bar->label) - BAR_TAIL_WIDTH - 4; /* 2 blanks, [ and ] */
    if (room >= 10) {
        int w = room < BAR_MAX_WIDTH ? room : BAR_MAX_WIDTH, filled = (int)(frac * w);
        char cells[BAR_MAX_WIDTH + 1];
        for (int i = 0; i < w; i++)
            cells[i] = i < filled ? '#' : '-';
        cells[w] = '\0';
        snprintf(line, sizeof line, "%s [%s] %s", bar->label, cells, tail);
    } else {
        snprintf(line, sizeof line, "%s %s", bar->label, tail);
    }
    int len = (int)strlen(line);
    if (len > cols && cols > 0)
        line[len = cols] = '\0';
    /* Blank what a longer line before left. */
    int pad = bar->drawn > len ? bar->drawn - len : 0;
    fprintf(stderr, "\r%s%*s%s", line, pad, "", state == BAR_RUNNING ? "" : "\n");
    fflush(stderr);
    bar->drawn = len;
}

void driver_progress_begin(driver_progress_t *bar, const char *label, progress_mode_t mode,
                           uint64_t total)
{
    memset(bar, 0, sizeof *bar);
    bar->on = cluster_is_root() && (mode == PROGRESS_ALWAYS ||
                                    (mode == PROGRESS_AUTO && tty_auto(STDERR_FILENO, false)));
    if (cluster_size() > 1)
        snprintf(bar->label, sizeof bar->label, "%s, %d MPI ranks", label ? label : "",
                 cluster_size());
    else
        snprintf(bar->label, sizeof bar->label, "%s", label ? label : "");
    bar->total = total;
    bar->t0 = bar->last = now_seconds();
}

void driver_progress_end(driver_progress_t *bar)
{
    if (bar->on)
        draw_progress(bar, bar->done, now_seconds(),
                      bar->done >= bar->total ? BAR_DONE : BAR_STOPPED);
    bar->on = false;
}

void driver_progress_update(driver_progress_t *bar, uint64_t done)
{
    bar->done = done;
    if (!bar->on)
        return;
    const double now = now_seconds();
    if (now - bar->last >= 0.1) {
        bar->last = now;
        draw_progress(bar, done, now, BAR_RUNNING);
    }
}

/* Make and count the levels of chunk c that are thread `part`'s of `parts`
 * (parts 1: every level); their number.  Level i lies at place d = i mod
 * span of the dlevel range, in cycle i / span of the range; it is thread
 * (d * parts + (i / span) mod parts) / span's.  Over any parts consecutive
 * cycles d * parts + (i / span) mod parts takes every value of
 * 0 .. span * parts - 1 once, so each thread makes exactly span levels of
 * every span * parts, and those lie at the about span / parts + 2 places
 * whose values fall in [part * span, (part + 1) * span): a thread holds only
 * those dlevels' strata. */
static uint64_t chunk_part(const job_t *job, uint64_t c, int part, int parts, bool observe,
                           level_t *lv, tally_t *mine)
{
    const uint64_t lo = job->first + c * DRIVER_CHUNK;
    const uint64_t hi = lo + DRIVER_CHUNK < job->first + job->count ? lo + DRIVER_CHUNK
                                                                     : job->first + job->count;
    const uint64_t span = (uint64_t)job_span(job), np = (uint64_t)parts;
    gen_params_t p = job->params;
    /* divisions once a chunk and once a cycle, then stepped */
    uint64_t d = lo % span, r = lo / span % np, v = d * np + r, owner = v / span;
    uint64_t cut = (owner + 1) * span; /* the next thread's first value */
    uint64_t made = 0;
    for (uint64_t i = lo; i < hi; i++) {
        if (owner == (uint64_t)part) {
            p.dlevel = job_nth_dlevel(job, (int)d);
            level_generate(lv, &p, job->seed, i);
            tally_add(mine, lv);
            if (observe)
                tally_add_observed(mine, lv, job->range);
            made++;
        }
        if (++d < span) {
            v += np;
            while (v >= cut) {
                owner++;
                cut += span;
            }
        } else {
            d = 0;
            r = r + 1 < np ? r + 1 : 0;
            v = r;
            owner = v < span ? 0 : v / span; /* no division a level when span is 1 */
            cut = (owner + 1) * span;
        }
    }
    return made;
}

/* Levels in chunks [c0, c1) of a job (the last chunk may be short). */
static uint64_t chunk_levels(const job_t *job, uint64_t c0, uint64_t c1)
{
    uint64_t lo = c0 * DRIVER_CHUNK, hi = c1 * DRIVER_CHUNK;
    return (hi < job->count ? hi : job->count) - (lo < job->count ? lo : job->count);
}

/* The first chunk of rank r's block of [0, nchunks). */
static uint64_t block_start(uint64_t nchunks, int r, int nranks)
{
    return (uint64_t)((unsigned __int128)nchunks * (unsigned)r / (unsigned)nranks);
}

/* Every rank's completed prefix of its block (taken[r] chunks from its
 * start) as sorted, merged index ranges, and their levels. */
static int collect_ranges(const job_t *job, uint64_t nchunks, const uint64_t *taken, int nranks,
                          driver_result_t *res)
{
    res->nranges = 0;
    res->done = 0;
    res->ranges = malloc((size_t)nranks * sizeof *res->ranges);
    if (!res->ranges)
        return -1;
    for (int r = 0; r < nranks; r++) {
        if (!taken[r])
            continue;
        const uint64_t c = block_start(nchunks, r, nranks);
        const uint64_t levels = chunk_levels(job, c, c + taken[r]);
        const uint64_t lo = job->first + c * DRIVER_CHUNK, hi = lo + levels;
        res->done += levels;
        if (res->nranges && res->ranges[res->nranges - 1].hi == lo)
            res->ranges[res->nranges - 1].hi = hi;
        else
            res->ranges[res->nranges++] = (index_range_t){lo, hi};
    }
    return 0;
}

/* FNV-1a of what defines a job's levels and tally: under MPI every rank
 * must run the same job (cluster_check_same). */
static uint64_t job_key(const job_t *job, const tally_t *out)
{
    const uint64_t v[] = {job->seed, job->first, job->count, (uint64_t)job->dlevel_lo,
                          (uint64_t)job->dlevel_hi, (uint64_t)job->params.difficulty,
                          (uint64_t)job->params.type, job->params.single_enabled,
                          job->params.layout_only, job->params.rivers,
                          (uint64_t)out->dlevel_lo, (uint64_t)out->dlevel_hi,
                          (uint64_t)job->params.style, (uint64_t)job->ndl};
    uint64_t h = UINT64_C(14695981039346656037);
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        for (int b = 0; b < 64; b += 8) {
            h ^= (v[i] >> b) & 0xff;
            h *= UINT64_C(1099511628211);
        }
    for (int i = 0; i < job->ndl; i++) { /* the list's dlevels */
        h ^= (uint64_t)job->dl[i];
        h *= UINT64_C(1099511628211);
    }
    return h;
}

int driver_run(const job_t *job, const driver_opts_t *opts, tally_t *out, driver_result_t *res)
{
    memset(res, 0, sizeof *res);
    cluster_check_same(job_key(job, out), "job");
    int threads = opts->threads > 0 ? opts->threads : omp_get_max_threads();
    uint64_t nchunks = (job->count + DRIVER_CHUNK - 1) / DRIVER_CHUNK;
    /* This rank's chunks [c_lo, c_hi) and their levels (all of them without MPI). */
    int rank = cluster_rank(), nranks = cluster_size();
    uint64_t c_lo = block_start(nchunks, rank, nranks);
    uint64_t c_hi = block_start(nchunks, rank + 1, nranks);
    uint64_t share = chunk_levels(job, c_lo, c_hi);
    uint64_t *taken = calloc((size_t)nranks, sizeof *taken);
    tally_t **tl = calloc((size_t)threads, sizeof *tl);
    level_t **lvs = calloc((size_t)threads, sizeof *lvs);
    bool oom = !taken || !tl || !lvs;
    for (int t = 0; t < threads && !oom; t++) {
        tl[t] = tally_new(out->dlevel_lo, out->dlevel_hi, out->difficulty);
        lvs[t] = malloc(sizeof(level_t));
        oom = !tl[t] || !lvs[t];
    }
    if (oom) {
        fprintf(stderr, "drlsim: out of memory for %d threads\n", threads);
        goto fail;
    }
    /* The command's bar, or this job's own.  Rank 0 draws its block's share
     * of the job as the job's (the ranks keep pace). */
    driver_progress_t own, *bar = opts->bar;
    if (!bar) {
        driver_progress_begin(&own, opts->label, opts->progress, job->count);
        bar = &own;
    }
    const bool show = bar->on;
    const uint64_t base = bar->done;
    const double scale = share ? (double)job->count / (double)share : 1.0;
    uint64_t next = 0, finished = 0;
    double t0 = now_seconds();
    /* Over a wide dlevel range every thread would meet (and hold) nearly
     * every stratum: there the threads split each chunk by dlevel instead
     * of taking whole chunks (chunk_part), so that each holds about its
     * share of the dlevels' strata.  Each walks the chunks of the block in
     * order on its own; a stop ends them all at one chunk (the furthest any
     * thread had reached: the others catch up to it), so the chunks done
     * stay a prefix.  Taking chunks as they come keeps the threads busy on
     * a loaded machine: it stays where the strata are few. */
    const int span = job_span(job);
    const bool split = threads > 1 && (int64_t)span * threads >= DRIVER_SPLIT;
    uint64_t split_end = 0; /* split: the chunks every thread finishes */

#pragma omp parallel num_threads(threads)
    {
        int me = omp_get_thread_num();
        tally_t *mine = tl[me];
        level_t *lv = lvs[me];
        const int part = split ? me : 0, parts = split ? threads : 1;
        uint64_t own = 0; /* split: chunks of the block this thread has done */
        for (;;) {
            if (stop_flag)
                break;
            uint64_t c;
            if (split) {
                if (own == c_hi - c_lo)
                    break;
                c = own++;
            } else {
#pragma omp atomic capture
                c = next++;
            }
            c += c_lo;
            if (c >= c_hi)
                break;
            const uint64_t made = chunk_part(job, c, part, parts, !opts->no_observer, lv, mine);
            if (mine->oom)
                break; /* its chunk is incomplete: reported as out of memory below */
            uint64_t f;
#pragma omp atomic capture
            f = finished += made;
            if (show) {
                double now = now_seconds(), seen;
#pragma omp atomic read
                seen = bar->last;
                if (now - seen >= 0.1) {
#pragma omp critical(drlsim_progress)
                    {
                        if (now - bar->last >= 0.1) {
                            bar->last = now;
                            draw_progress(bar, base + (uint64_t)((double)f * scale), now,
                                          BAR_RUNNING);
                        }
                    }
                }
            }
        }
        if (split) {
#pragma omp critical(drlsim_split_end)
            split_end = own > split_end ? own : split_end;
#pragma omp barrier
            for (; own < split_end && !mine->oom; own++) {
                const uint64_t made = chunk_part(job, c_lo + own, part, parts, !opts->no_observer, lv, mine);
#pragma omp atomic
                finished += made;
            }
        }
    }
    if (split)
        next = split_end;

    /* The ranks' tallies are combined into tl[0], then added to `out`, which
     * may already hold counts (a resumed report) on every rank. */
    for (int t = 0; t < threads; t++)
        oom = oom || tl[t]->oom;
    for (int t = 1; t < threads && !oom; t++)
        oom = tally_absorb(tl[0], tl[t]) != 0;
    /* A rank out of memory skips the reduction and fails, which aborts the
     * MPI job (cluster_finish) rather than leave the others waiting. */
    if (!oom)
        cluster_reduce_tally(tl[0]);
    oom = oom || tally_absorb(out, tl[0]) != 0;
    if (oom) {
        fprintf(stderr, "drlsim: out of memory for the tally of dlevels %d-%d\n", out->dlevel_lo,
                out->dlevel_hi);
        goto fail;
    }
    /* Chunks are handed out in order and a thread always finishes the one it
     * took (the stop flag is read between chunks), so what this rank did is
     * the first min(next, block) chunks of its block: a prefix, whatever
     * the thread count or the moment of a stop (split: next is the chunks
     * every thread finished). */
    const uint64_t mine = next < c_hi - c_lo ? next : c_hi - c_lo;
    cluster_gather_u64(mine, taken);
    res->seconds = now_seconds() - t0;
    res->threads = threads;
    if (collect_ranges(job, nchunks, taken, nranks, res) != 0) {
        fprintf(stderr, "drlsim: out of memory\n");
        goto fail;
    }
    res->complete = res->done == job->count;
    bar->done = base + res->done;
    if (bar == &own)
        driver_progress_end(&own);
    for (int t = 0; t < threads; t++) {
        tally_free(tl[t]);
        free(lvs[t]);
    }
    free(tl);
    free(lvs);
    free(taken);
    return 0;

fail:
    for (int t = 0; tl && lvs && t < threads; t++) {
        tally_free(tl[t]);
        free(lvs[t]);
    }
    free(tl);
    free(lvs);
    free(taken);
    return -1;
}

void driver_result_free(driver_result_t *res)
{
    free(res->ranges);
    res->ranges = NULL;
    res->nranges = 0;
}
