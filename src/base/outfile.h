/* outfile.h - atomic output files: a reader never sees a half-written report.
 *
 * The text goes to a temporary file in the destination's directory, which is
 * flushed, synced and renamed over the destination.  On any error the
 * temporary file is removed and a one-line message is printed.
 *
 * A command that writes several outputs writes them as one: between
 * outfile_begin and outfile_commit each file is written and synced under its
 * temporary name, and only outfile_commit renames them all, so when any
 * output fails (outfile_abort) none of the command's files is left.
 */
#ifndef DRLSIM_OUTFILE_H
#define DRLSIM_OUTFILE_H

#include <stddef.h>

/* Write text to path atomically ("-" writes to stdout; an existing
 * non-regular file such as /dev/null is written in place).  0 on success. */
int outfile_write(const char *path, const char *text, size_t len);

/* outfile_check's answers besides 0. */
#define OUTFILE_BAD_NAME (-2) /* the path is empty: a usage error */
#define OUTFILE_CANNOT (-1)   /* the file system refuses it */

/* Check early, before any work, that path can be written: that a file can
 * be made in its directory (one is made and removed: this sees read-only
 * and special file systems that access() does not) and that path is not a
 * directory.  0 when fine, else OUTFILE_BAD_NAME or OUTFILE_CANNOT after a
 * one-line message. */
int outfile_check(const char *path);

/* Whether a file can be made in dir: one is made and removed.  0, or the
 * errno of the failure (no message). */
int outfile_probe_dir(const char *dir);

/* Outputs written as one (above): outfile_begin starts holding the renames,
 * outfile_commit makes them (0, or -1 after a message and removing the rest),
 * outfile_abort removes every file held. */
void outfile_begin(void);
int outfile_commit(void);
void outfile_abort(void);

/* Make directory dir unless it is one already (not its parents); 0, or -1
 * after a one-line message.  Made between outfile_begin and outfile_commit,
 * outfile_abort removes it again (when the files written in it are gone). */
int outfile_mkdir(const char *dir);

/* Flush standard output and check it: 0 when every write reached it, else
 * -1 after one line "drlsim: cannot write to standard output: REASON" on
 * stderr, printed once per process however often this is called (so a
 * command's own check and main's final one do not both report it). */
int outfile_stdout_check(void);

/* A file written as a stream, in pieces, for an output too large to hold
 * (drlsim catalog): the pieces go to a held temporary file, which
 * outfile_stream_close syncs and renames over path (or holds for
 * outfile_commit, between outfile_begin and it), and outfile_stream_abort
 * removes; "-" writes standard output piece by piece, and a device or pipe
 * is written in place.  outfile_stream_open: NULL after a one-line message;
 * outfile_stream_put and _close: 0, or -1 after one (the stream is then
 * aborted: only _close's or _abort's call frees it). */
typedef struct outfile_stream outfile_stream_t;
outfile_stream_t *outfile_stream_open(const char *path);
int outfile_stream_put(outfile_stream_t *s, const char *text, size_t len);
int outfile_stream_close(outfile_stream_t *s);
void outfile_stream_abort(outfile_stream_t *s);

/* Remove the temporary files outfile_write is writing or holding, if any:
 * for a signal handler about to end the process (async-signal-safe). */
void outfile_discard_pending(void);

#endif
