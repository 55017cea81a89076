/* data.c - access to data/ files: the embedded copies or a --data directory. */
#include "data.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data_embedded.h"

static const char *data_dir = NULL;

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
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    for (;;) {
        if (n + 1 >= cap) {
            if (cap > ((size_t)1 << 30)) {
                free(buf);
                fclose(f);
                snprintf(err, errlen, "%s: file larger than 1 GiB", path);
                return NULL;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
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
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        snprintf(err, errlen, "%s: read error", path);
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
    if (data_dir) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", data_dir, name);
        if (origin)
            snprintf(origin, originlen, "%s", path);
        return data_read_file(path, len, err, errlen);
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
    if (len)
        *len = n;
    return buf;
}
