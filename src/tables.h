/* tables.h - load and validate every rule table of data/ before generating.
 *
 * Generators read their tables through load-once accessors; a front end calls
 * tables_load() first, so a broken table is reported as one line and exit
 * status 2 before any level is made, never halfway through a parallel run.
 */
#ifndef DRLSIM_TABLES_H
#define DRLSIM_TABLES_H

#include "ruleset.h"

/* The ruleset, with every other table loaded and checked; NULL after a
 * one-line error on stderr. */
const ruleset_t *tables_load(void);

#endif
