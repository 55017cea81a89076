/* outfile.c - see outfile.h. */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void dir_of(const char *path, char *dir, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, n, ".");
    else if (slash == path)
        snprintf(dir, n, "/");
    else
        snprintf(dir, n, "%.*s", (int)(slash - path), path);
}

int outfile_check(const char *path)
{
    if (path[0] == '\0') {
        fprintf(stderr, "drlsim: an output path is empty (use - for standard output)\n");
        return -1;
    }
    if (strcmp(path, "-") == 0)
        return 0;
    char dir[4096];
    dir_of(path, dir, sizeof dir);
    if (access(dir, W_OK) != 0) {
        fprintf(stderr, "drlsim: %s: cannot write in %s: %s\n", path, dir, strerror(errno));
        return -1;
    }
    /* Devices and pipes are written in place (outfile_write); a directory
     * cannot be a report. */
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "drlsim: %s: is a directory\n", path);
        return -1;
    }
    return 0;
}

/* The temporary file being written, for outfile_discard_pending: set once
 * it exists, cleared once it is renamed or removed. */
static char pending_tmp[4200];
static volatile sig_atomic_t pending_set = 0;

void outfile_discard_pending(void)
{
    if (pending_set)
        unlink(pending_tmp); /* async-signal-safe */
}

int outfile_stdout_check(void)
{
    static bool reported = false;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return 0;
    if (!reported)
        fprintf(stderr, "drlsim: cannot write to standard output: %s\n", strerror(errno));
    reported = true;
    return -1;
}

int outfile_write(const char *path, const char *text, size_t len)
{
    if (strcmp(path, "-") == 0) {
        fwrite(text, 1, len, stdout);
        return outfile_stdout_check();
    }
    /* A device or pipe (/dev/null, /dev/stdout, a FIFO) is written in place:
     * renaming over it would replace the device node itself. */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        FILE *f = fopen(path, "w");
        if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
            fprintf(stderr, "drlsim: %s: write failed: %s\n", path, strerror(errno));
            return -1;
        }
        return 0;
    }
    char dir[4096], tmp[4200];
    dir_of(path, dir, sizeof dir);
    snprintf(tmp, sizeof tmp, "%s/.drlsim-tmp-XXXXXX", dir);
    memcpy(pending_tmp, tmp, sizeof pending_tmp);
    int fd = mkstemp(pending_tmp);
    if (fd >= 0) {
        memcpy(tmp, pending_tmp, sizeof tmp);
        pending_set = 1;
    }
    if (fd < 0) {
        fprintf(stderr, "drlsim: %s: cannot create a temporary file in %s: %s\n", path, dir,
                strerror(errno));
        return -1;
    }
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, text + off, len - off);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        off += (size_t)w;
    }
    int err = off < len ? errno : 0;
    if (!err && fsync(fd) != 0)
        err = errno;
    if (close(fd) != 0 && !err)
        err = errno;
    if (!err) {
        /* mkstemp makes the file 0600; reports are ordinary files. */
        mode_t mask = umask(0);
        umask(mask);
        chmod(tmp, 0666 & ~mask);
        if (rename(tmp, path) != 0)
            err = errno;
    }
    if (err)
        unlink(tmp);
    pending_set = 0;
    if (err) {
        fprintf(stderr, "drlsim: %s: write failed: %s\n", path, strerror(err));
        return -1;
    }
    return 0;
}
