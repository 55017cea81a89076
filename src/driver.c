/* driver.c - the OpenMP Monte Carlo loop of driver.h.
 *
 * Work is cut into chunks of DRIVER_CHUNK consecutive indices.  Threads take
 * the next chunk number from one shared counter (an atomic capture per chunk,
 * never per level), generate its levels into their own level buffer and
 * tally, and mark the chunk done.  At the end the per-thread tallies are
 * summed into the caller's tally.  Progress is drawn by whichever thread
 * finishes a chunk when at least a tenth of a second has passed.
 *
 * Under MPI (cluster.h) rank r of P takes the contiguous block of chunks
 * [nchunks*r/P, nchunks*(r+1)/P); the ranks' summed tallies and done flags
 * are then combined with collective reductions, so every rank returns the
 * whole job's result.  Contiguous blocks keep an interrupted job's completed
 * ranges few (about P x threads), which --ranges and merge then fill in.
 * Only rank 0 draws progress, of its own block.
 */
#include "driver.h"

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

static void on_stop_signal(int sig)
{
    if (!stop_flag) {
        clock_gettime(CLOCK_MONOTONIC, &first_signal);
        stop_flag = 1;
    } else if (since_first_signal() >= DRIVER_SIGNAL_ECHO_S) {
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

/* Turn the done-chunk flags into sorted, merged index ranges. */
static int collect_ranges(const job_t *job, const unsigned char *done, uint64_t nchunks,
                          driver_result_t *res)
{
    res->nranges = 0;
    res->ranges = NULL;
    size_t cap = 0;
    for (uint64_t c = 0; c < nchunks; c++) {
        if (!done[c])
            continue;
        uint64_t lo = job->first + c * DRIVER_CHUNK;
        uint64_t hi = lo + DRIVER_CHUNK;
        if (hi > job->first + job->count)
            hi = job->first + job->count;
        if (res->nranges && res->ranges[res->nranges - 1].hi == lo) {
            res->ranges[res->nranges - 1].hi = hi;
            continue;
        }
        if ((size_t)res->nranges == cap) {
            cap = cap ? cap * 2 : 8;
            index_range_t *nr = realloc(res->ranges, cap * sizeof *nr);
            if (!nr)
                return -1;
            res->ranges = nr;
        }
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
    unsigned __int128 n128 = nchunks;
    uint64_t c_lo = (uint64_t)(n128 * (unsigned)rank / (unsigned)nranks);
    uint64_t c_hi = (uint64_t)(n128 * (unsigned)(rank + 1) / (unsigned)nranks);
    uint64_t share = chunk_levels(job, c_lo, c_hi);
    char label[128];
    if (nranks > 1)
        snprintf(label, sizeof label, "%s, rank 0 of %d", opts->label ? opts->label : "", nranks);
    else
        snprintf(label, sizeof label, "%s", opts->label ? opts->label : "");
    unsigned char *done = calloc(nchunks ? nchunks : 1, 1);
    tally_t **tl = calloc((size_t)threads, sizeof *tl);
    level_t **lvs = calloc((size_t)threads, sizeof *lvs);
    bool oom = !done || !tl || !lvs;
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
                 (opts->progress == PROGRESS_AUTO && isatty(STDERR_FILENO)));
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
            for (uint64_t i = lo; i < hi; i++) {
                p.dlevel = job_dlevel(job, i);
                level_generate(lv, &p, job->seed, i);
                tally_add(mine, lv);
            }
            done[c] = 1;
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
    cluster_reduce_result(done, nchunks);
    tally_merge(out, tl[0]);
    uint64_t own_done = 0; /* levels of this rank's block done */
    for (uint64_t c = c_lo; c < c_hi; c++)
        own_done += done[c] ? chunk_levels(job, c, c + 1) : 0;
    res->seconds = now_seconds() - t0;
    res->threads = threads;
    for (uint64_t c = 0; c < nchunks; c++) {
        if (!done[c])
            continue;
        uint64_t lo = c * DRIVER_CHUNK;
        uint64_t hi = lo + DRIVER_CHUNK < job->count ? lo + DRIVER_CHUNK : job->count;
        res->done += hi - lo;
    }
    res->complete = res->done == job->count;
    if (show)
        draw_progress(label, own_done, share, res->seconds, true);
    if (collect_ranges(job, done, nchunks, res) != 0) {
        fprintf(stderr, "drlsim: out of memory\n");
        goto fail;
    }
    for (int t = 0; t < threads; t++) {
        tally_free(tl[t]);
        free(lvs[t]);
    }
    free(tl);
    free(lvs);
    free(done);
    return 0;

fail:
    for (int t = 0; tl && lvs && t < threads; t++) {
        tally_free(tl[t]);
        free(lvs[t]);
    }
    free(tl);
    free(lvs);
    free(done);
    return -1;
}

void driver_result_free(driver_result_t *res)
{
    free(res->ranges);
    res->ranges = NULL;
    res->nranges = 0;
}
