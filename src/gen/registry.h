/* registry.h - the rulesets drlsim has: one table, one entry per ruleset.
 *
 * A ruleset is a value (ruleset_def_t): its name, its data folder and files,
 * the loader that reads them into a table set, the steps that make its
 * levels (a layout per level type, the water drawn after a shared layout,
 * the population, the census of the final map), its reference generator,
 * and what its reports and checks need (cell kinds, expectations, errata).
 * level.c runs the steps of p->tables->def; tables.c loads by def; nothing
 * else names a ruleset or tests which one it has (docs/design.md, "Adding a
 * ruleset").  A data folder with a manifest (tables.h) makes a ruleset built
 * on one of these: its def's steps, its own files where it replaces them.
 */
#ifndef DRLSIM_REGISTRY_H
#define DRLSIM_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>

#include "census.h"
#include "level.h"

struct tables;

/* A constant of a ruleset's constants table (an int at offset), by the
 * name a manifest's "constants" gives it. */
typedef struct registry_const {
    const char *name;
    size_t offset;
    int lo, hi; /* the values it may take */
} registry_const_t;
#define REGISTRY_MAX_CONSTS 32

typedef struct ruleset_def {
    const char *name;           /* what --rules takes, and ruleset.json's "name" */
    const char *base;           /* the ruleset it is built on (its ruleset.json may
                                   carry that name), or NULL */
    const char *pipeline;       /* ruleset.json's "pipeline" */
    const char *folder;         /* its files' folder below data/ ("": data/ itself) */
    const char *const *files;   /* the files its loader reads, root-relative, in name
                                   order, NULL-terminated: its tables' id */
    /* read every table but ruleset.json (loaded first) into t's storage
     * (registry_alloc), naming its report bins; false with a one-line
     * message in err */
    bool (*load)(struct tables *t, char *err, size_t errlen);
    /* the steps, in level.c's order */
    const layout_fn *layout;    /* per level type: its geometry (NULL: no such type) */
    const layout_fn *water;     /* per type: fluids and rivers after the layout, never
                                   in layout-only mode (NULL entry: none, or only
                                   what the layout interleaves with its geometry) */
    void (*populate)(level_t *lv, const layout_ctx_t *ctx, rng_t *pop, census_t *cs);
    void (*census)(level_t *lv, const struct tables *t); /* the layouts' rules seen on the
                                                        final map, or NULL */
    void (*reference)(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index);
    /* its constants (Brogue's gameConst): the table its loader copies into
     * its tables (of its pipeline's type), and their names, NULL-name
     * terminated; NULL: none */
    const void *consts;
    const registry_const_t *const_names;
    int cell_kinds;             /* the cell kinds its maps hold (grid.h order) */
    const char *expectations;   /* its checks' file in its folder */
    const char *errata;         /* the why of each claim tried on it, or NULL */
    const char *claims;         /* the ruleset whose checks errata tries on it, or NULL */
    const char *source;         /* where its rules come from, one line */
} ruleset_def_t;

/* Every ruleset, the default first, NULL-terminated. */
extern const ruleset_def_t *const RULESET_DEFS[];

/* The ruleset of that name, or NULL. */
const ruleset_def_t *registry_find(const char *name);

/* A table set with room for every table a loader fills (zeroed; its
 * rules, bin_names and root storage in place), or NULL; free with
 * registry_free. */
struct tables *registry_alloc(void);
void registry_free(const struct tables *t);
/* Does folder dir hold a manifest (dir/manifest.json)? */
bool registry_has_manifest(const char *dir);
/* Make t the ruleset the manifest of folder dir describes (docs/design.md,
 * "Adding a ruleset"): a name, the built-in ruleset it is built on, the
 * files of that base it replaces with dir's own ("tables") and the steps
 * it takes from another ruleset ("steps"); the rest is the base's.  Sets
 * t->name, t->def (a copy of the base's entry with those steps) and
 * t->src.  `want` (NULL: any) must be the manifest's name or its base's.
 * False with a one-line message in err. */
bool registry_manifest(struct tables *t, const char *dir, const char *want, char *err,
                       size_t errlen);

/* The storage of t's data root (--data DIR), REGISTRY_ROOT_MAX bytes. */
#define REGISTRY_ROOT_MAX 4096
char *registry_root(struct tables *t);

#endif
