/* tables.h - load and validate every rule table of data/ before generating.
 *
 * Generators read their tables through load-once accessors; a front end calls
 * tables_load() first, so a broken table is reported as one line and exit
 * status 2 before any level is made, never halfway through a parallel run.
 */
#ifndef DRLSIM_TABLES_H
#define DRLSIM_TABLES_H

#include <stdint.h>

#include "ruleset.h"

/* The ruleset, with every other table loaded and checked; NULL after a
 * one-line error on stderr. */
const ruleset_t *tables_load(void);

/* Which rules made a run: the drlsim version and, for every file of data/
 * that generation reads, its name and a content hash (FNV-1a 64, data.h) of
 * the bytes read.  Reports carry it (docs/report.md); merge and resume refuse
 * reports whose ids differ. */
#define TABLES_MAX 16
typedef struct tables_id {
    char version[32];
    int n;
    struct {
        char name[32];
        uint64_t hash;
    } file[TABLES_MAX];
} tables_id_t;

/* The id of this process's tables (after tables_load), files in name order. */
void tables_id(tables_id_t *id);
/* One 64-bit key of a whole id (names, hashes and version), for checking
 * that the ranks of an MPI job read the same tables (cluster_check_same:
 * --data DIR could hold other files on another node). */
uint64_t tables_id_key(const tables_id_t *id);

#endif
