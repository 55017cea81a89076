/* tables.h - load and validate every rule table of a ruleset before generating.
 *
 * tables_load() returns one value holding every table of the ruleset asked
 * for, read from one data folder (docs/rulesets.md), and the ruleset's
 * registry entry (registry.h) whose steps make its levels; it travels to the generators inside gen_params_t,
 * and to the report writers and readers, so no generator, report or check
 * reads a table (or a bin's name) from anywhere else.  A
 * front end calls it before any level is made, so a broken table is
 * reported as one line and exit status 2, never halfway through a parallel
 * run.
 */
#ifndef DRLSIM_TABLES_H
#define DRLSIM_TABLES_H

#include <stdbool.h>
#include <stdint.h>

#include "layouts/layouts.h"
#include "layouts/walled.h"
#include "poptable.h"
#include "registry.h"
#include "ruleset.h"
#include "water.h"

/* The level types' names for a message, from LEVEL_TYPE_NAMES and the
 * rulesets' layouts: "normal, small-rooms, ..., single; game-0.9.9.7 also
 * caves-2, lava, single-plus".
 * Written into buf (n bytes, cut short when too small). */
void tables_type_list(char *buf, size_t n);

/* The most rows any ruleset's tables hold of the kinds the tallies count by
 * row (each ruleset's own limits are at most these: registry.c), so the
 * histograms have a bin for every row without knowing a ruleset. */
#define TABLES_MAX_SINGLE_OUTCOMES 8 /* single-monster outcome rows */
#define TABLES_MAX_EVENTS 16         /* events of an event list */

/* The histograms of the tallies (tally.h) whose bins a ruleset's tables
 * name, not drlsim: each ruleset has its own monsters and outcome rows. */
typedef enum tally_named {
    TALLY_NAMED_NONE = 0,       /* bins named by drlsim (labels), or integers */
    TALLY_NAMED_MONSTER,        /* monster ids (monsters_by_kind, first_monster) */
    TALLY_NAMED_CAVE_OUTCOME,   /* the caves' outcome rows (cave_outcome) */
    TALLY_NAMED_SINGLE_OUTCOME, /* the single monster's outcome rows (single_outcome) */
    TALLY_NAMED_CELL,           /* the cell kinds a ruleset's reports name (seen_start_cell) */
    TALLY_NAMED_FLUID,          /* the fluids a ruleset's reports name (river_fluid, ...) */
    TALLY_NAMED_EVENT,          /* a game ruleset's events (the catalogue's event) */
    TALLY_NAMED__COUNT
} tally_named_t;

/* The names a ruleset's tables give the bins of the histograms they name
 * (tables_t.bin_names): bin[k][b] names bin b of the rows whose `named` is k
 * (bin[TALLY_NAMED_NONE] is unused).  A NULL name: the bin goes by its
 * number.  All zero: every such bin goes by its number.  The tables fill
 * them (tables_name_bins); the tallies' reports read them. */
typedef struct tally_names {
    const char *bin[TALLY_NAMED__COUNT][MONSTER_KINDS_MAX];
} tally_names_t;

/* Name bins 0..n-1 of kind k (not TALLY_NAMED_NONE) in into, the rest
 * unnamed.  The strings must live as long as into (the loaded tables' do).
 * False, into unchanged, when n is negative or above MONSTER_KINDS_MAX, or a
 * name is empty, repeated or all digits (an unnamed bin's label).  Each
 * histogram has a bin for every row its table can hold (tally.c asserts
 * it). */
bool tables_name_bins(tally_names_t *into, tally_named_t k, const char *const *names, int n);

/* Every table of one ruleset, read from one data folder: a value of its
 * own (tables_load), so two folders in one process are two values. */
typedef struct tables {
    const char *name;        /* the ruleset's name (its def's, or its manifest's) */
    const ruleset_def_t *def; /* its entry of the registry: its steps */
    const ruleset_t *rules;  /* level types and per-type rules */
    const water_tables_t *water;
    const arena_table_t *arena;
    const walled_data_t *walled;
    const pop_tables_t *pop;           /* the wiki pipeline's population */
    const struct gpop_tables *gpop;    /* the game pipeline's population */
    const struct glay_tables *glay;    /* the game pipeline's own layouts and water */
    const monster_table_t *monsters;   /* the monster table its levels' kinds index */
    const struct episode *episode;     /* its standard episode and styles (episode.json),
                                          or NULL: no styles (the wiki ruleset) */
    /* the names of the report bins its tables define: its monster ids, its
     * caves' and single monster's outcome rows (what reports, expectations
     * and compare call those bins; the game ruleset has no cave outcomes) */
    const tally_names_t *bin_names;
    const char *expectations; /* the data file of its checks (drlsim check) */
    data_src_t src;           /* where its files were read from, and their hashes */
} tables_t;

/* The names --rules accepts, NULL-terminated (the default first; the
 * registry's, registry.c). */
extern const char *const TABLES_RULESETS[];

/* The tables of ruleset `name` (NULL: the default, the registry's first)
 * read from data_dir (NULL: the built-in data/), every one loaded and
 * checked: a new value, freed by tables_close.  A data_dir holding a
 * manifest.json is a ruleset built on a built-in one (registry_manifest);
 * `name` may then be NULL, its name or its base's.  NULL with a one-line
 * message in err (an unknown name included). */
tables_t *tables_load(const char *name, const char *data_dir, char *err, size_t errlen);
void tables_close(const tables_t *t);

/* For front ends: tables_load, and check that `type` (-1: none) is one of
 * its level types.  NULL after a one-line error "drlsim: ..." or "drlsim
 * CMD: ..." on stderr (exit status 2).  The caller closes it. */
const tables_t *tables_open(const char *cmd, const char *name, const char *data_dir, int type);

/* Read file NAME of t's data folder (its expectations, its errata), as
 * data_read does; it is not added to t's id. */
char *tables_read(const tables_t *t, const char *name, size_t *len, char *origin,
                  size_t originlen, char *err, size_t errlen);

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

/* The id of tables t (loaded by tables_load): the files it read, in name
 * order, with the hashes of the bytes read. */
void tables_id(const tables_t *t, tables_id_t *id);
/* One 64-bit key of a whole id (names, hashes and version), for checking
 * that the ranks of an MPI job read the same tables (cluster_check_same:
 * --data DIR could hold other files on another node). */
uint64_t tables_id_key(const tables_id_t *id);

#endif
