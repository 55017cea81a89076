/* data.c - access to data/ files: the embedded copies or a --data directory.
 *
 * Every file read through data_read is also hashed, so that a report can say
 * which rules made it (tables.h): a small registry of (name, hash) filled as
 * files are read.  Only front ends ask it; generators get their tables as
 * arguments and never read it. */
#include "data.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "data_embedded.h"

static const char *data_dir = NULL;

/* The files data_read has returned, with the hash of their bytes (the last
 * read of each name).  Loaders may run on any thread (pthread_once). */
#define DATA_MAX_READ 32
static struct {
    char name[64];
    uint64_t hash;
} read_files[DATA_MAX_READ];
static int nread;
static pthread_mutex_t read_lock = PTHREAD_MUTEX_INITIALIZER;

uint64_t data_hash(const void *p, size_t n)
{
    /* FNV-1a, 64-bit: offset basis and prime of the published definition */
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) {
        h ^= s[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

static void note_read(const char *name, const char *buf, size_t n)
{
    uint64_t h = data_hash(buf, n);
    pthread_mutex_lock(&read_lock);
    int i = 0;
    while (i < nread && strcmp(read_files[i].name, name) != 0)
        i++;
    if (i < DATA_MAX_READ && strlen(name) < sizeof read_files[i].name) {
        if (i == nread) {
            snprintf(read_files[i].name, sizeof read_files[i].name, "%s", name);
            nread++;
        }
        read_files[i].hash = h;
    }
    pthread_mutex_unlock(&read_lock);
}

bool data_hash_of(const char *name, uint64_t *hash)
{
    bool found = false;
    pthread_mutex_lock(&read_lock);
    for (int i = 0; i < nread && !found; i++)
        if (strcmp(read_files[i].name, name) == 0) {
            *hash = read_files[i].hash;
            found = true;
        }
    pthread_mutex_unlock(&read_lock);
    return found;
}

int data_read_names(const char **names, int max)
{
    pthread_mutex_lock(&read_lock);
    int n = nread < max ? nread : max;
    for (int i = 0; i < n; i++)
        names[i] = read_files[i].name;
    pthread_mutex_unlock(&read_lock);
    return n;
}

void data_set_dir(const char *dir)
{
    data_dir = dir;
}

const char *data_embedded(const char *name, size_t *len)
{
    for (size_t i = 0; i < embedded_files_count; i++) {
        if (strcmp(embedded_files[i].name, name) == 0) {
            *len = embedded_files[i].len;
            return embedded_files[i].data;
        }
    }
    return NULL;
}

char *data_read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    if (!*path) { /* fopen("") fails with ENOENT: say what is wrong instead */
        snprintf(err, errlen, "an input file name is empty");
        return NULL;
    }
    const bool in = strcmp(path, "-") == 0; /* standard input */
    FILE *f = in ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    /* fopen opens a directory; only reading it fails (EISDIR). */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        if (!in)
            fclose(f);
        snprintf(err, errlen, "%s: is a directory, not a file", path);
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (!buf) {
        if (!in)
            fclose(f);
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    for (;;) {
        if (n + 1 >= cap) {
            if (cap > ((size_t)1 << 30)) {
                free(buf);
                if (!in)
                    fclose(f);
                snprintf(err, errlen, "%s: file larger than 1 GiB", path);
                return NULL;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                if (!in)
                    fclose(f);
                snprintf(err, errlen, "%s: out of memory", path);
                return NULL;
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f) ? errno : 0;
    if (!in)
        fclose(f);
    if (bad) {
        free(buf);
        snprintf(err, errlen, "%s: read error: %s", path, strerror(bad));
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

char *data_read(const char *name, size_t *len, char *origin, size_t originlen, char *err,
                size_t errlen)
{
    if (data_dir && !*data_dir) { /* not "/NAME": the root directory was never meant */
        snprintf(err, errlen, "--data: the directory name is empty");
        return NULL;
    }
    if (data_dir) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", data_dir, name);
        if (origin)
            snprintf(origin, originlen, "%s", path);
        size_t n = 0;
        char *buf = data_read_file(path, &n, err, errlen);
        if (buf)
            note_read(name, buf, n);
        if (len)
            *len = n;
        return buf;
    }
    size_t n;
    const char *src = data_embedded(name, &n);
    if (!src) {
        snprintf(err, errlen, "data/%s: not embedded in this build", name);
        return NULL;
    }
    if (origin)
        snprintf(origin, originlen, "data/%s", name);
    char *buf = malloc(n + 1);
    if (!buf) {
        snprintf(err, errlen, "data/%s: out of memory", name);
        return NULL;
    }
    memcpy(buf, src, n);
    buf[n] = '\0';
    note_read(name, buf, n);
    if (len)
        *len = n;
    return buf;
}
