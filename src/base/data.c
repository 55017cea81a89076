/* data.c - access to data/ files: the embedded copies or a --data directory.
 *
 * Every file a ruleset's loaders read through its data_src_t is also hashed
 * into that value, so that a report can say which rules made it (tables.h).
 * Generators get their tables as arguments and never read files. */
#include "data.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "data_embedded.h"

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

void data_src_note(data_src_t *src, const char *id, const char *buf, size_t n)
{
    uint64_t h = data_hash(buf, n);
    int i = 0;
    while (i < src->nread && strcmp(src->read[i].name, id) != 0)
        i++;
    if (i < DATA_MAX_READ && strlen(id) < sizeof src->read[i].name) {
        if (i == src->nread) {
            snprintf(src->read[i].name, sizeof src->read[i].name, "%s", id);
            src->nread++;
        }
        src->read[i].hash = h;
    }
}

bool data_src_hash_of(const data_src_t *src, const char *id, uint64_t *hash)
{
    for (int i = 0; i < src->nread; i++)
        if (strcmp(src->read[i].name, id) == 0) {
            *hash = src->read[i].hash;
            return true;
        }
    return false;
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

static bool listed(const char *const *names, const char *name)
{
    for (int i = 0; names && names[i]; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

char *data_src_read(data_src_t *s, const char *name, size_t *len, char *origin,
                    size_t originlen, char *err, size_t errlen)
{
    char path[4096], id[600];
    size_t n = 0;
    char *buf;
    if (s->overlay && listed(s->replaced, name)) {
        snprintf(path, sizeof path, "%s/%s", s->overlay, name);
        snprintf(id, sizeof id, "%s/%s", s->overlay_id, name);
        if (origin)
            snprintf(origin, originlen, "%s", path);
        buf = data_read_file(path, &n, err, errlen);
    } else {
        /* the root-relative path: a listed file of that name, else folder/NAME */
        const char *rel = NULL;
        for (int i = 0; s->files && s->files[i] && !rel; i++) {
            const char *slash = strrchr(s->files[i], '/');
            if (strcmp(slash ? slash + 1 : s->files[i], name) == 0)
                rel = s->files[i];
        }
        if (rel)
            snprintf(id, sizeof id, "%s", rel);
        else
            snprintf(id, sizeof id, "%s%s%s", s->folder ? s->folder : "",
                     s->folder && *s->folder ? "/" : "", name);
        if (s->root && !*s->root) { /* not "/NAME": the root directory was never meant */
            snprintf(err, errlen, "--data: the directory name is empty");
            return NULL;
        }
        if (s->root) {
            snprintf(path, sizeof path, "%s/%s", s->root, id);
            if (origin)
                snprintf(origin, originlen, "%s", path);
            buf = data_read_file(path, &n, err, errlen);
        } else {
            buf = data_read(id, &n, origin, originlen, err, errlen);
        }
    }
    if (buf)
        data_src_note(s, id, buf, n);
    if (len)
        *len = n;
    return buf;
}

bool data_src_load(data_src_t *src, const char *name, data_parse_fn parse, void *ctx, char *err,
                   size_t errlen)
{
    size_t len;
    char origin[4200];
    char *text = data_src_read(src, name, &len, origin, sizeof origin, err, errlen);
    bool ok = text && parse(ctx, text, len, origin, err, errlen);
    free(text);
    return ok;
}
