/* driver.c - the OpenMP Monte Carlo loop of driver.h.
 *
 * Work is cut into chunks of DRIVER_CHUNK consecutive indices.  Threads take
 * the next chunk number from one shared counter (an atomic capture per chunk,
 * never per level) and generate its levels into their own level buffer and
 * tally.  At the end the per-thread tallies are summed into the caller's
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

#include <signal.h>
#include <stdio.h>
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

void driver_release_signals(void)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

int job_dlevel(const job_t *job, uint64_t index)
{
    uint64_t span = (uint64_t)(job->dlevel_hi - job->dlevel_lo + 1);
    return job->dlevel_lo + (int)(index % span);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void draw_progress(const char *label, uint64_t done, uint64_t total, double elapsed,
                          bool final)
{
    enum { WIDTH = 30 };
    double frac = total ? (double)done / (double)total : 1.0;
    int filled = (int)(frac * WIDTH);
    char bar[WIDTH + 1];
    for (int i = 0; i < WIDTH; i++)
        bar[i] = i < filled ? '#' : '-';
    bar[WIDTH] = '\0';
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    double eta = rate > 0 ? (double)(total - done) / rate : 0;
    fprintf(stderr, "\r%s [%s] %5.1f%% %llu/%llu levels, %.0f levels/s, ETA %.0fs   %s",
            label ? label : "", bar, 100 * frac, (unsigned long long)done,
            (unsigned long long)total, rate, eta, final ? "\n" : "");
    fflush(stderr);
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
                          (uint64_t)out->dlevel_lo, (uint64_t)out->dlevel_hi};
    uint64_t h = UINT64_C(14695981039346656037);
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        for (int b = 0; b < 64; b += 8) {
            h ^= (v[i] >> b) & 0xff;
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
    char label[128];
    if (nranks > 1)
        snprintf(label, sizeof label, "%s, rank 0 of %d", opts->label ? opts->label : "", nranks);
    else
        snprintf(label, sizeof label, "%s", opts->label ? opts->label : "");
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
    bool show = cluster_is_root() &&
                (opts->progress == PROGRESS_ALWAYS ||
                 (opts->progress == PROGRESS_AUTO && tty_auto(STDERR_FILENO, false)));
    uint64_t next = 0, finished = 0;
    double t0 = now_seconds(), last_draw = t0;

#pragma omp parallel num_threads(threads)
    {
        int me = omp_get_thread_num();
        tally_t *mine = tl[me];
        level_t *lv = lvs[me];
        gen_params_t p = job->params;
        for (;;) {
            if (stop_flag)
                break;
            uint64_t c;
#pragma omp atomic capture
            c = next++;
            c += c_lo;
            if (c >= c_hi)
                break;
            uint64_t lo = job->first + c * DRIVER_CHUNK;
            uint64_t hi = lo + DRIVER_CHUNK;
            if (hi > job->first + job->count)
                hi = job->first + job->count;
            /* job_dlevel once a chunk, then stepped: no 64-bit division a level */
            int dl = job_dlevel(job, lo);
            for (uint64_t i = lo; i < hi; i++) {
                p.dlevel = dl;
                level_generate(lv, &p, job->seed, i);
                tally_add(mine, lv);
                if (!opts->no_observer)
                    tally_add_observed(mine, lv);
                dl = dl < job->dlevel_hi ? dl + 1 : job->dlevel_lo;
            }
            uint64_t f;
#pragma omp atomic capture
            f = finished += hi - lo;
            if (show) {
                double now = now_seconds(), seen;
#pragma omp atomic read
                seen = last_draw;
                if (now - seen >= 0.1) {
#pragma omp critical(drlsim_progress)
                    {
                        if (now - last_draw >= 0.1) {
                            last_draw = now;
                            draw_progress(label, f, share, now - t0, false);
                        }
                    }
                }
            }
        }
    }

    /* The ranks' tallies are combined into tl[0], then added to `out`, which
     * may already hold counts (a resumed report) on every rank. */
    for (int t = 1; t < threads; t++)
        tally_merge(tl[0], tl[t]);
    cluster_reduce_tally(tl[0]);
    tally_merge(out, tl[0]);
    /* Chunks are handed out in order and a thread always finishes the one it
     * took (the stop flag is read between chunks), so what this rank did is
     * the first min(next, block) chunks of its block: a prefix, whatever
     * the thread count or the moment of a stop. */
    const uint64_t mine = next < c_hi - c_lo ? next : c_hi - c_lo;
    cluster_gather_u64(mine, taken);
    const uint64_t own_done = chunk_levels(job, c_lo, c_lo + mine);
    res->seconds = now_seconds() - t0;
    res->threads = threads;
    if (collect_ranges(job, nchunks, taken, nranks, res) != 0) {
        fprintf(stderr, "drlsim: out of memory\n");
        goto fail;
    }
    res->complete = res->done == job->count;
    if (show)
        draw_progress(label, own_done, share, res->seconds, true);
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
