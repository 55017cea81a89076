/* driver.h - the Monte Carlo loop: many levels, many threads, one tally.
 *
 * A job is a range of level indices of one master seed with fixed parameters.
 * Level i's dlevel is dlevel_lo + i mod (dlevel_hi - dlevel_lo + 1), so a
 * dlevel range is sampled evenly.  The driver hands out fixed-size chunks of
 * indices to OpenMP threads; each thread fills its own tally and level buffer
 * (no locks or atomics per level) and the tallies are summed at the end.
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

typedef struct job {
    gen_params_t params;      /* params.dlevel is set per level from the range */
    int dlevel_lo, dlevel_hi;
    uint64_t seed;
    uint64_t first, count;    /* indices first .. first + count - 1 */
} job_t;

typedef enum progress_mode { PROGRESS_AUTO = 0, PROGRESS_ALWAYS, PROGRESS_NEVER } progress_mode_t;

typedef struct driver_opts {
    int threads;              /* <= 0: OpenMP's default */
    progress_mode_t progress;
    const char *label;        /* shown before the progress bar */
    bool no_observer;         /* skip the observer (src/gen/observer.h) and its rows:
                                 `drlsim bench` measures its cost so */
} driver_opts_t;

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
/* A function the handler calls (async-signal-safe) before a repeated signal
 * ends the process: the front end passes outfile_discard_pending, so a
 * report being written leaves no temporary file behind. */
void driver_on_kill(void (*fn)(void));

#endif
