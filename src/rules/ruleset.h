/* ruleset.h - the documented rules as data: level-type shares and per-type rules.
 *
 * A ruleset's ruleset.json (in its folder of data/, embedded in the binary at
 * build time, or read from --data DIR) is parsed into a ruleset_t and never
 * re-typed in C: its type shares by dlevel band, the wiki's replacements,
 * and each type's river, fluid, item, budget and room rules, which its
 * steps read.  Which steps make its levels (the layout, the water after it,
 * the population), and its other tables, are its registry entry's
 * (src/gen/registry.h): a variant that changes only these numbers is a data
 * folder with a manifest, not new code.
 */
#ifndef DRLSIM_RULESET_H
#define DRLSIM_RULESET_H

#include <stdbool.h>
#include <stddef.h>

#include "data.h"
#include "rng.h"

typedef enum level_type {
    LT_NORMAL = 0,
    LT_SMALL_ROOMS,
    LT_WAREHOUSE,
    LT_CITY,
    LT_CAVES,
    LT_ARENA,
    LT_MAZE,
    LT_SINGLE,
    /* drawn only by some rulesets (docs/rulesets.md) */
    LT_CAVES_2,
    LT_LAVA,
    LT_SINGLE_PLUS,
    LT__COUNT
} level_type_t;

/* Type names as the CLI and reports spell them ("small-rooms"), in enum
 * order, NULL-terminated: the one list of them. */
extern const char *const LEVEL_TYPE_NAMES[LT__COUNT + 1];
/* Type names as the CLI and reports spell them ("small-rooms"). */
const char *level_type_name(level_type_t t);
/* -1 when the name is unknown; '_' is read as '-' ("caves_2"). */
int level_type_from_name(const char *name);

typedef struct frac {
    int num, den;
} frac_t;

/* The pipeline of a ruleset file without the key. */
#define RULESET_PIPELINE_DEFAULT "wiki"

#define RULESET_MAX_BANDS 16
#define DIFFICULTY_LOWEST 1 /* ITYTD */

/* Difficulty (docs/rules.md §1). */
enum { DIFF_ITYTD = DIFFICULTY_LOWEST, DIFF_HNTR, DIFF_HMP, DIFF_UV, DIFF_NIGHTMARE };
/* Their names as the wiki and data/population.json spell them ("HMP"), by
 * number (0: NULL). */
extern const char *const DIFFICULTY_NAMES[DIFF_NIGHTMARE + 1];

/* Type shares for dlevels from..to (to = 0: no upper bound). */
typedef struct type_band {
    int from, to;
    int weight[LT__COUNT];
    int total;
} type_band_t;

typedef enum river_style {
    RIVER_STANDARD = 0,   /* horizontal allowed, docs/rules.md §4 river rule */
    RIVER_VERTICAL_ONLY,  /* city: the vertical half of the rule only */
    RIVER_CAVES,          /* caves: horizontal by river_horizontal, else one vertical */
} river_style_t;

typedef enum item_rule {
    ITEMS_FORMULA = 0, /* ceil(21 - max(25 - dlevel, 0)/3) */
    ITEMS_FIXED,       /* items_n */
    ITEMS_DICE,        /* items_x d items_n + items_k */
    ITEMS_PERCENT,     /* floor(items_n% of the formula) */
    ITEMS_PERCENT_CEIL, /* ceil(items_n% of the formula) */
} item_rule_t;

typedef struct type_rules {
    frac_t river;                  /* chance that a river is drawn */
    river_style_t river_style;
    frac_t river_horizontal;       /* RIVER_CAVES: share of horizontal rivers */
    int fluid_passes;              /* fluid passes of the type's water (0: none; the caves dig
                                      their own fluid walks) */
    bool fluids_only_without_river;
    item_rule_t items;
    int items_x, items_n, items_k;
    int danger_percent;            /* budget modifier */
    bool special_rooms;
    frac_t hunting;                /* chance that each monster hunts */
    /* Keys only the game ruleset sets (their defaults are the wiki's way). */
    frac_t fluid_chance;           /* the fluid passes run at all (default 1/1; the game
                                      pipeline's fluids, before its river roll) */
    bool danger_ceil;              /* budget rounds up, not down (default false) */
    int rooms_lo, rooms_hi;        /* special rooms: count uniform lo..hi (0,0: the
                                      population table's count rule) */
    bool barrels;                  /* the barrel step runs (default false) */
    bool events;                   /* the event roll runs (default false) */
} type_rules_t;

typedef struct ruleset {
    char name[64];
    char pipeline[16];             /* "pipeline": whose steps make its levels, a
                                      ruleset of the registry's ("wiki", the default) */
    int nbands;
    type_band_t band[RULESET_MAX_BANDS];
    /* The wiki's replacements (docs/rules.md §2); absent from a ruleset whose
     * bands weigh arena and single like any type (replacements false). */
    bool replacements;
    frac_t arena_from_caves;       /* a caves pick becomes arena */
    int single_above_dlevel;       /* single replaces any type when dlevel > this */
    frac_t single_chance;
    bool has_type[LT__COUNT];      /* the types this ruleset has rules for */
    int min_difficulty[LT__COUNT]; /* a type is drawn only from this difficulty on */
    type_rules_t type[LT__COUNT];
} ruleset_t;

/* Parse a ruleset from JSON text.  On error returns false and writes a one-line
 * message naming `origin` and the problem into err. */
bool ruleset_parse(ruleset_t *rs, const char *json, size_t len, const char *origin,
                   char *err, size_t errlen);

/* The ruleset of file `name` of src ("ruleset.json"), into rs; false with a
 * one-line message in err when it is broken. */
bool ruleset_load(ruleset_t *rs, data_src_t *src, const char *name, char *err, size_t errlen);

/* The band that holds dlevel, or NULL. */
const type_band_t *ruleset_band(const ruleset_t *rs, int dlevel);

/* Draw a level type for dlevel and difficulty (docs/rules.md §2), from the
 * type stream: one weighted draw over the band's types that the difficulty
 * allows, then the replacements if the ruleset has them.  single_enabled
 * false reproduces 0.9.9.3 (no single-monster levels). */
level_type_t ruleset_pick_type(const ruleset_t *rs, int dlevel, int difficulty,
                               bool single_enabled, rng_t *r);

/* The same exactly: type t has probability num[t] / den (not reduced; den
 * is the band's total weight, times the replacements' denominators when the
 * ruleset has them), for `drlsim wiki`'s fractions. */
void ruleset_type_shares(const ruleset_t *rs, int dlevel, int difficulty, bool single_enabled,
                         long long num[LT__COUNT], long long *den);
/* Probability of each type at dlevel and difficulty, num / den of
 * ruleset_type_shares (for tests and expectations). */
void ruleset_type_probs(const ruleset_t *rs, int dlevel, int difficulty, bool single_enabled,
                        double p[LT__COUNT]);

#endif
