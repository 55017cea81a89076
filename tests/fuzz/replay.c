/* replay.c - run a fuzz target over files without libFuzzer.
 *
 * Usage: replay_NAME PATH...  Each PATH is a file or a directory of files;
 * every file goes once through the target's LLVMFuzzerTestOneInput, in an
 * allocation of exactly its size so ASan sees any over-read.  The normal and
 * sanitized builds replay each target's corpus (seeds and past crashes) this
 * way as a regression test (tests/fuzz/meson.build).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

/* Run one file; 0 when it cannot be read. */
static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return 0;
    }
    size_t cap = 4096, n = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "replay: %s: out of memory\n", path);
        return 0;
    }
    /* An exact-size copy: the target must not read past size. */
    unsigned char *exact = malloc(n ? n : 1);
    if (!exact) {
        free(buf);
        return 0;
    }
    memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 1;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    int files = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
            bad++;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            int ok = replay_file(argv[i]);
            files += ok;
            bad += !ok;
            continue;
        }
        DIR *d = opendir(argv[i]);
        if (!d) {
            fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
            bad++;
            continue;
        }
        /* Sorted, so a failure names the same file on every machine. */
        char **names = NULL;
        size_t nn = 0;
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            char **nv = realloc(names, (nn + 1) * sizeof *names);
            if (!nv)
                break;
            names = nv;
            names[nn] = malloc(strlen(argv[i]) + strlen(e->d_name) + 2);
            if (!names[nn])
                break;
            sprintf(names[nn], "%s/%s", argv[i], e->d_name);
            nn++;
        }
        closedir(d);
        qsort(names, nn, sizeof *names, cmp_names);
        for (size_t k = 0; k < nn; k++) {
            if (replay_file(names[k]))
                files++;
            else
                bad++;
            free(names[k]);
        }
        free(names);
    }
    printf("replayed %d inputs, %d unreadable\n", files, bad);
    return bad || files == 0 ? 1 : 0;
}
