/* outfile.c - see outfile.h.
 *
 * Every temporary file written is held in one list from the moment it
 * exists until it is renamed or removed, so outfile_abort and a signal
 * handler about to end the process (outfile_discard_pending) can remove
 * them all; the same for the one directory outfile_mkdir made. */
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

/* A temporary file written and not yet renamed (dst: where it goes). */
typedef struct held {
    struct held *next;
    char *dst;
    char tmp[4200];
} held_t;

/* Published head first, node complete before it is linked: the signal
 * handler may walk the list at any moment. */
static held_t *volatile held_head = NULL;
static bool holding = false;        /* between outfile_begin and commit/abort */
static char made_dir[4200];         /* the directory outfile_mkdir made, or "" */
static volatile sig_atomic_t made_set = 0;

void outfile_discard_pending(void)
{
    for (held_t *h = held_head; h; h = h->next)
        unlink(h->tmp); /* async-signal-safe */
    if (made_set)
        rmdir(made_dir);
}

static void unhold(held_t *h)
{
    if (held_head == h) {
        held_head = h->next;
    } else {
        for (held_t *p = held_head; p; p = p->next)
            if (p->next == h) {
                p->next = h->next;
                break;
            }
    }
    free(h->dst);
    free(h);
}

/* A new temporary file in dir, held; NULL with errno set. */
static held_t *hold_new(const char *dir, int *fd)
{
    held_t *h = malloc(sizeof *h);
    if (!h)
        return NULL;
    h->dst = NULL;
    snprintf(h->tmp, sizeof h->tmp, "%s/.drlsim-tmp-XXXXXX", dir);
    /* Linked before mkstemp names it, so no moment leaves a file unlisted:
     * until then the template names no file and unlink fails harmlessly. */
    h->next = held_head;
    held_head = h;
    *fd = mkstemp(h->tmp);
    if (*fd < 0) {
        int e = errno;
        unhold(h);
        errno = e;
        return NULL;
    }
    return h;
}

int outfile_probe_dir(const char *dir)
{
    int fd;
    held_t *h = hold_new(dir, &fd);
    if (!h)
        return errno ? errno : ENOMEM;
    close(fd);
    unlink(h->tmp);
    unhold(h);
    return 0;
}

int outfile_check(const char *path)
{
    if (path[0] == '\0') {
        fprintf(stderr, "drlsim: an output path is empty (use - for standard output)\n");
        return OUTFILE_BAD_NAME;
    }
    if (strcmp(path, "-") == 0)
        return 0;
    /* Devices and pipes are written in place (outfile_write); a directory
     * cannot be a report. */
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "drlsim: %s: is a directory\n", path);
        return OUTFILE_CANNOT;
    }
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (access(path, W_OK) != 0) {
            fprintf(stderr, "drlsim: %s: cannot write: %s\n", path, strerror(errno));
            return OUTFILE_CANNOT;
        }
        return 0;
    }
    char dir[4096];
    dir_of(path, dir, sizeof dir);
    int err = outfile_probe_dir(dir);
    if (err) {
        fprintf(stderr, "drlsim: %s: cannot write in %s: %s\n", path, dir, strerror(err));
        return OUTFILE_CANNOT;
    }
    return 0;
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

/* Rename h over its destination and forget it; 0, or errno. */
static int settle(held_t *h)
{
    /* mkstemp makes the file 0600; reports are ordinary files. */
    mode_t mask = umask(0);
    umask(mask);
    chmod(h->tmp, 0666 & ~mask);
    int err = rename(h->tmp, h->dst) != 0 ? errno : 0;
    if (err)
        unlink(h->tmp);
    unhold(h);
    return err;
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
    char dir[4096];
    dir_of(path, dir, sizeof dir);
    int fd;
    held_t *h = hold_new(dir, &fd);
    if (!h) {
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
    if (!err && !(h->dst = strdup(path)))
        err = ENOMEM;
    if (err) {
        unlink(h->tmp);
        unhold(h);
    } else if (!holding) {
        err = settle(h);
    }
    if (err) {
        fprintf(stderr, "drlsim: %s: write failed: %s\n", path, strerror(err));
        return -1;
    }
    return 0;
}

int outfile_mkdir(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
        return 0;
    if (mkdir(dir, 0777) != 0) {
        fprintf(stderr, "drlsim: %s: cannot make the directory: %s\n", dir, strerror(errno));
        return -1;
    }
    if (holding && !made_set && strlen(dir) < sizeof made_dir) {
        memcpy(made_dir, dir, strlen(dir) + 1);
        made_set = 1;
    }
    return 0;
}

void outfile_begin(void)
{
    holding = true;
}

void outfile_abort(void)
{
    while (held_head) {
        unlink(held_head->tmp);
        unhold(held_head);
    }
    if (made_set)
        rmdir(made_dir);
    made_set = 0;
    holding = false;
}

int outfile_commit(void)
{
    /* In the order written: the list is newest first. */
    for (;;) {
        held_t *last = held_head;
        while (last && last->next)
            last = last->next;
        if (!last)
            break;
        char *dst = strdup(last->dst ? last->dst : "");
        int err = last->dst ? settle(last) : (unhold(last), 0);
        if (err) {
            fprintf(stderr, "drlsim: %s: write failed: %s\n", dst ? dst : "?", strerror(err));
            free(dst);
            outfile_abort();
            return -1;
        }
        free(dst);
    }
    made_set = 0;
    holding = false;
    return 0;
}

/* The streams of outfile_stream_open (outfile.h). */
struct outfile_stream {
    char *path;
    FILE *f;      /* the temporary file, the device, or stdout */
    held_t *h;    /* the temporary file's entry; NULL for stdout or a device */
    bool failed;  /* a put failed: its message printed, the file removed */
};

outfile_stream_t *outfile_stream_open(const char *path)
{
    outfile_stream_t *s = calloc(1, sizeof *s);
    if (!s || !(s->path = strdup(path))) {
        free(s);
        fprintf(stderr, "drlsim: %s: out of memory\n", path);
        return NULL;
    }
    if (strcmp(path, "-") == 0) {
        s->f = stdout;
        return s;
    }
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (!(s->f = fopen(path, "w"))) {
            fprintf(stderr, "drlsim: %s: cannot write: %s\n", path, strerror(errno));
            free(s->path);
            free(s);
            return NULL;
        }
        return s;
    }
    char dir[4096];
    dir_of(path, dir, sizeof dir);
    int fd;
    s->h = hold_new(dir, &fd);
    if (s->h && !(s->f = fdopen(fd, "w"))) {
        close(fd);
        unlink(s->h->tmp);
        unhold(s->h);
        s->h = NULL;
    }
    if (!s->f) {
        fprintf(stderr, "drlsim: %s: cannot create a temporary file in %s: %s\n", path, dir,
                strerror(errno));
        free(s->path);
        free(s);
        return NULL;
    }
    return s;
}

/* After a failed write: the message, and the temporary file gone. */
static void stream_failed(outfile_stream_t *s, int err)
{
    if (s->failed)
        return;
    s->failed = true;
    if (s->f == stdout) {
        outfile_stdout_check();
        return;
    }
    fprintf(stderr, "drlsim: %s: write failed: %s\n", s->path, strerror(err));
    if (s->h) {
        fclose(s->f);
        unlink(s->h->tmp);
        unhold(s->h);
        s->h = NULL;
        s->f = NULL;
    }
}

int outfile_stream_put(outfile_stream_t *s, const char *text, size_t len)
{
    if (s->failed)
        return -1;
    if (len && fwrite(text, 1, len, s->f) != len) {
        stream_failed(s, errno ? errno : EIO);
        return -1;
    }
    return 0;
}

static void stream_free(outfile_stream_t *s)
{
    free(s->path);
    free(s);
}

int outfile_stream_close(outfile_stream_t *s)
{
    int rc = s->failed ? -1 : 0;
    if (!s->failed && s->f == stdout) {
        rc = outfile_stdout_check();
    } else if (!s->failed && !s->h) { /* a device or pipe, written in place */
        if (fclose(s->f) != 0) {
            fprintf(stderr, "drlsim: %s: write failed: %s\n", s->path, strerror(errno));
            rc = -1;
        }
    } else if (!s->failed) {
        int err = fflush(s->f) != 0 || ferror(s->f) ? (errno ? errno : EIO) : 0;
        if (!err && fsync(fileno(s->f)) != 0)
            err = errno;
        if (fclose(s->f) != 0 && !err)
            err = errno;
        if (!err && !(s->h->dst = strdup(s->path)))
            err = ENOMEM;
        if (err) {
            unlink(s->h->tmp);
            unhold(s->h);
        } else if (!holding) {
            err = settle(s->h);
        }
        if (err) {
            fprintf(stderr, "drlsim: %s: write failed: %s\n", s->path, strerror(err));
            rc = -1;
        }
    }
    stream_free(s);
    return rc;
}

void outfile_stream_abort(outfile_stream_t *s)
{
    if (!s->failed && s->h) {
        fclose(s->f);
        unlink(s->h->tmp);
        unhold(s->h);
    } else if (!s->failed && s->f != stdout) {
        fclose(s->f);
    }
    stream_free(s);
}
