/* driver.h - the Monte Carlo loop: many levels, many threads, one tally.
 *
 * A job is a range of level indices of one master seed with fixed parameters.
 * Level i's dlevel is dlevel_lo + i mod (dlevel_hi - dlevel_lo + 1), so a
 * dlevel range is sampled evenly.  The driver hands out fixed-size chunks of
 * indices to OpenMP threads (over a wide dlevel range, every thread a share
 * of each chunk's dlevels instead); each thread fills its own tally and level
 * buffer (no locks or atomics per level) and the tallies are summed at the end.
 * Because level i depends only on (seed, i, params) and the merge is an
 * integer sum, the result is identical for any thread count.  A stop request
 * (driver_request_stop, e.g. from SIGINT) ends the run at chunk boundaries;
 * the result then lists the index ranges actually completed.
 */
#ifndef DRLSIM_DRIVER_H
#define DRLSIM_DRIVER_H

#include <stdbool.h>
#include <stdint.h>

#include "level.h"
#include "tally.h"

#define DRIVER_CHUNK 4096 /* levels per work unit: progress and stop granularity */
/* Threads split each chunk by dlevel (driver.c) when threads x dlevels of
 * the range is at least this: taking whole chunks, each could hold every
 * stratum of the range, 64 x 11 types x 75.8 KB = 53 MB between them. */
#define DRIVER_SPLIT 64

#define JOB_MAX_DLEVELS 64 /* dlevels of a job's list (run --episode) */

typedef struct job {
    gen_params_t params;      /* params.dlevel is set per level from the range */
    int dlevel_lo, dlevel_hi; /* with a list: its lowest and highest */
    int ndl;                  /* > 0: level i is at dl[i mod ndl] (ascending, in
                                 lo..hi; run --episode), not at every dlevel of lo..hi */
    int16_t dl[JOB_MAX_DLEVELS];
    uint64_t seed;
    uint64_t first, count;    /* indices first .. first + count - 1 */
    bool range;               /* also count the range rows (tally_add_observed): run --range */
} job_t;

typedef enum progress_mode { PROGRESS_AUTO = 0, PROGRESS_ALWAYS, PROGRESS_NEVER } progress_mode_t;

/* A progress bar on stderr: one line for all the jobs of a command (check's
 * sample groups, run's ranges), redrawn in place at most ten times a second,
 * as wide as the terminal (TIOCGWINSZ, else $COLUMNS, else 80 columns; one
 * column short of it, so it never wraps), counting the levels of the whole
 * command with their rate and the time left.  driver_progress_begin before
 * the first job, each job's driver_opts_t.bar pointing at it,
 * driver_progress_end after the last: it draws the final state (done, or
 * stopped and how far) and ends the line.  Drawn only in "always" mode, or
 * "auto" with stderr a terminal (tty.h), and only on MPI rank 0. */
typedef struct driver_progress {
    char label[128];          /* before the bar: the command (and the MPI ranks) */
    bool on;                  /* drawn at all */
    uint64_t total;           /* levels of all the jobs */
    uint64_t done;            /* levels of the jobs finished */
    double t0, last;          /* when begun, when drawn last (monotonic seconds) */
    int drawn;                /* characters of the last line drawn */
} driver_progress_t;

typedef struct driver_opts {
    int threads;              /* <= 0: OpenMP's default */
    progress_mode_t progress;
    const char *label;        /* shown before the progress bar */
    driver_progress_t *bar;   /* the command's bar, or NULL: one for this job alone */
    bool no_observer;         /* skip the observer (src/gen/observer.h) and its rows:
                                 `drlsim bench` measures its cost so */
} driver_opts_t;

void driver_progress_begin(driver_progress_t *bar, const char *label, progress_mode_t mode,
                           uint64_t total);
void driver_progress_end(driver_progress_t *bar);
/* For a command that makes its levels without driver_run (catalog): done
 * levels of the whole command so far, drawn when a tenth of a second has
 * passed since the last drawing.  One thread calls it. */
void driver_progress_update(driver_progress_t *bar, uint64_t done);

/* A half-open range of completed level indices. */
typedef struct index_range {
    uint64_t lo, hi;
} index_range_t;

typedef struct driver_result {
    uint64_t done;            /* levels generated */
    bool complete;            /* false when stopped early */
    int nranges;              /* completed index ranges, sorted, merged */
    index_range_t *ranges;    /* malloc'd; driver_result_free */
    double seconds;
    int threads;              /* threads actually used */
} driver_result_t;

/* The dlevel of level `index` of a job. */
int job_dlevel(const job_t *job, uint64_t index);
/* Make the job cycle through dl[0..n-1] (ascending, 1 <= n <= JOB_MAX_DLEVELS),
 * its range their lowest and highest: false, job unchanged, otherwise. */
bool job_set_dlevels(job_t *job, const int *dl, int n);
/* The dlevels a job cycles through: its list's, else its range's. */
static inline int job_span(const job_t *job)
{
    return job->ndl > 0 ? job->ndl : job->dlevel_hi - job->dlevel_lo + 1;
}
/* The d-th dlevel of that cycle (0 <= d < job_span). */
static inline int job_nth_dlevel(const job_t *job, int d)
{
    return job->ndl > 0 ? job->dl[d] : job->dlevel_lo + d;
}

/* Run the job, adding into `out` (a tally covering the job's dlevels at its
 * difficulty).  Returns 0, or -1 when memory ran out (message printed). */
int driver_run(const job_t *job, const driver_opts_t *opts, tally_t *out, driver_result_t *res);

void driver_result_free(driver_result_t *res);

/* Ask running jobs to stop at the next chunk boundary (async-signal-safe). */
void driver_request_stop(void);
bool driver_stop_requested(void);
void driver_reset_stop(void);

/* SIGINT and SIGTERM as stop requests, for as long as the caller keeps them
 * (until its report is written: a stop that dies while writing loses the
 * levels it stopped to save).  A further signal exits at once (the default
 * action), unless it comes within DRIVER_SIGNAL_ECHO_S of the first: then it
 * is the same stop seen twice (a terminal's Ctrl-C reaches mpirun and every
 * rank, and mpirun passes its own on; `timeout` signals its whole process
 * group) and is ignored.  driver_release_signals restores the defaults. */
#define DRIVER_SIGNAL_ECHO_S 2.0
void driver_catch_signals(void);
void driver_release_signals(void);
/* Around a library's start-up that starts threads or installs handlers of
 * its own (MPI_Init): driver_hold_signals blocks SIGINT and SIGTERM in the
 * calling thread (and so in every thread started meanwhile), and
 * driver_resume_signals installs the stop handler again and unblocks them,
 * so that a signal sent meanwhile is delivered then, to the handler, and is
 * never lost or left to the library.  A command that takes stops catches
 * them from its first instruction (main.c); a stop that came before its
 * work began ends the work at once, with whatever the command writes for a
 * stop (a report of no levels, marked incomplete). */
void driver_hold_signals(void);
void driver_resume_signals(void);
/* A function the handler calls (async-signal-safe) before a repeated signal
 * ends the process: the front end passes outfile_discard_pending, so a
 * report being written leaves no temporary file behind. */
void driver_on_kill(void (*fn)(void));

#endif
