/* early.h - what drlsim does before any library starts (early.c).
 *
 * Two things cannot wait for main: libgomp reads OMP_NUM_THREADS when it is
 * loaded, and warns on a value it cannot read (then starts as many threads
 * as asked, 5000 if so); and a write to a closed pipe must fail with EPIPE
 * (exit status 3, one line) rather than kill drlsim silently with SIGPIPE.
 * So before any library's initialiser the program ignores SIGPIPE and takes
 * OMP_NUM_THREADS away from the environment (libgomp then starts with its
 * default), keeping its value for opt_threads (opts.h) to check and use as
 * --threads is.
 */
#ifndef DRLSIM_EARLY_H
#define DRLSIM_EARLY_H

#include <stdbool.h>

/* OMP_NUM_THREADS as the environment held it at start-up, or NULL when it
 * was not set; *truncated when it was longer than kept (it is then no
 * thread count either). */
const char *early_omp_num_threads(bool *truncated);

#endif
