/* outfile.h - atomic output files: a reader never sees a half-written report.
 *
 * The text goes to a temporary file in the destination's directory, which is
 * flushed, synced and renamed over the destination.  On any error the
 * temporary file is removed and a one-line message is printed.
 */
#ifndef DRLSIM_OUTFILE_H
#define DRLSIM_OUTFILE_H

#include <stddef.h>

/* Write text to path atomically ("-" writes to stdout; an existing
 * non-regular file such as /dev/null is written in place).  0 on success. */
int outfile_write(const char *path, const char *text, size_t len);

/* Check early that path's directory is writable and that path is not an
 * existing non-regular file (a device, FIFO or directory the rename would
 * replace); 0 when it is fine. */
int outfile_check(const char *path);

/* Flush standard output and check it: 0 when every write reached it, else
 * -1 after one line "drlsim: cannot write to standard output: REASON" on
 * stderr, printed once per process however often this is called (so a
 * command's own check and main's final one do not both report it). */
int outfile_stdout_check(void);

/* Remove the temporary file outfile_write is writing, if any: for a signal
 * handler about to end the process (async-signal-safe). */
void outfile_discard_pending(void);

#endif
