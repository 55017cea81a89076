/* data.h - the files of data/, embedded in the binary at build time.
 *
 * Every table drlsim uses is a file in data/ (docs/rules.md as data).  The build
 * embeds them (tools/embed.c), so the binary runs from anywhere; --data DIR
 * makes the loaders read DIR/NAME instead, for editing rules without a rebuild.
 */
#ifndef DRLSIM_DATA_H
#define DRLSIM_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Look NAME ("ruleset.json") up among the embedded files; NULL when absent. */
const char *data_embedded(const char *name, size_t *len);

/* Read NAME: from the directory set by data_set_dir, else embedded.
 * Returns a malloc'd NUL-terminated buffer the caller frees, or NULL with a
 * one-line message in err.  *origin_out (optional) names where it came from. */
char *data_read(const char *name, size_t *len, char *origin, size_t originlen,
                char *err, size_t errlen);

/* Read a whole file (NUL-terminated, malloc'd) or NULL with a message;
 * path "-" is standard input. */
char *data_read_file(const char *path, size_t *len, char *err, size_t errlen);

void data_set_dir(const char *dir);

/* Content hash of n bytes: FNV-1a, 64-bit. */
uint64_t data_hash(const void *p, size_t n);
/* The hash of the bytes the last data_read(name) returned (embedded or from
 * --data); false when name has not been read.  For front ends (reports):
 * generators get their tables as arguments. */
bool data_hash_of(const char *name, uint64_t *hash);
/* The names data_read has read so far, in first-read order (up to max;
 * the strings stay valid); returns their count.  For tests. */
int data_read_names(const char **names, int max);

#endif
