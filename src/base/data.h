/* data.h - the files of data/, embedded in the binary at build time.
 *
 * Every table drlsim uses is a file in data/ (docs/rules.md as data).  The build
 * embeds them (tools/embed.c), so the binary runs from anywhere; --data DIR
 * makes a ruleset's loaders read DIR/NAME instead (data_src_t), for editing
 * rules without a rebuild.
 */
#ifndef DRLSIM_DATA_H
#define DRLSIM_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Look NAME ("ruleset.json") up among the embedded files; NULL when absent. */
const char *data_embedded(const char *name, size_t *len);

/* Read NAME from the embedded files.  Returns a malloc'd NUL-terminated
 * buffer the caller frees, or NULL with a one-line message in err.
 * *origin_out (optional) names where it came from ("data/NAME"). */
char *data_read(const char *name, size_t *len, char *origin, size_t originlen,
                char *err, size_t errlen);

/* Read a whole file (NUL-terminated, malloc'd) or NULL with a message;
 * path "-" is standard input. */
char *data_read_file(const char *path, size_t *len, char *err, size_t errlen);

/* Content hash of n bytes: FNV-1a, 64-bit. */
uint64_t data_hash(const void *p, size_t n);

/* A ruleset's data folder as a value: where its loaders read each file
 * from, and what they read (names and content hashes, for the run's id).
 * A name is a file of the ruleset ("population.json"): it is read from the
 * path of `files` whose last part it is (below root), else from
 * folder/NAME; a name of `replaced` is read from overlay/NAME instead (a
 * manifest's folder, tables.h).  Each table set has its own; nothing is
 * process-wide. */
#define DATA_MAX_READ 24
typedef struct data_src {
    const char *root;            /* a data tree (--data DIR); NULL: the embedded data/ */
    const char *folder;          /* the ruleset's folder below root ("" : root itself) */
    const char *const *files;    /* root-relative paths of its files, NULL-terminated */
    const char *overlay;         /* a folder replacing some files, or NULL */
    const char *overlay_id;      /* the id's prefix of those files ("my-mod") */
    const char *const *replaced; /* the names overlay replaces, NULL-terminated */
    int nread;
    struct {
        char name[64];           /* root-relative path, or overlay_id/NAME */
        uint64_t hash;
    } read[DATA_MAX_READ];
} data_src_t;

/* Read file NAME of src (see data_src_t), noting its id name and hash in
 * src.  As data_read otherwise. */
char *data_src_read(data_src_t *src, const char *name, size_t *len, char *origin,
                    size_t originlen, char *err, size_t errlen);
/* Note n bytes as read under id name `id` (a file read otherwise, such as
 * a manifest). */
void data_src_note(data_src_t *src, const char *id, const char *buf, size_t n);
/* Read file NAME of src and hand its text to parse(ctx, ...); the text is
 * freed after.  False with the message of the read or the parse in err. */
typedef bool (*data_parse_fn)(void *ctx, const char *text, size_t len, const char *origin,
                              char *err, size_t errlen);
bool data_src_load(data_src_t *src, const char *name, data_parse_fn parse, void *ctx, char *err,
                   size_t errlen);
/* The hash of the bytes read as id name `id` (a root-relative path or
 * overlay_id/NAME); false when src has not read it. */
bool data_src_hash_of(const data_src_t *src, const char *id, uint64_t *hash);

#endif
