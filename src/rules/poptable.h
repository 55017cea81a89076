/* poptable.h - the population tables (data/population.json, docs/rules.md §5).
 *
 * Danger budget rules per difficulty, the window shift, what happens to the
 * last monster, the cave and single-monster roll tables, and the special-room
 * kinds, weights, size limits and fluid/ammo room tables.  Everything documented is
 * a row here, so a change of rule is a change of data.  Roll tables map a
 * roll to a row, a row (with an optional conditional replacement) to an
 * outcome, and an outcome to parts: a share of the budget and the monsters
 * it is spent on.
 */
#ifndef DRLSIM_POPTABLE_H
#define DRLSIM_POPTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grid.h"
#include "monsters.h"
#include "rng.h"
#include "ruleset.h"

#define POP_MAX_OUTCOMES 16
#define POP_MAX_ROWS 12
#define POP_MAX_PICK 8
#define POP_MAX_PARTS 4
#define POP_MAX_MIX 8
#define POP_MAX_RANGE_ROWS 8
#define POP_ROLL_LOW (-1000000)  /* from of an open-ended first row */
#define POP_ROLL_HIGH 1000000    /* to of an open-ended last row */

/* Budget rule of one difficulty: linear ceil((mul*dl + add)/div) or
 * sqrt ceil(sqrt(k*dl)), both in exact integer arithmetic. */
typedef struct pop_budget_rule {
    bool sqrt;
    int mul, add, div; /* linear */
    int k;             /* sqrt */
} pop_budget_rule_t;

typedef enum pop_last {
    POP_LAST_OVERSHOOT = 0, /* the last monster is placed even if it costs more than is left */
    POP_LAST_STOP,          /* it is not placed and spending ends */
} pop_last_t;

/* roll = d(die) + min(dlevel + step*(D - base) + add, cap) */
typedef struct pop_roll {
    int die;
    int step, base, add;
    bool capped;
    int cap;
} pop_roll_t;

/* A share of the budget spent on a mix of kinds (picked by monster weight). */
typedef struct pop_part {
    int percent;
    int nmix;
    uint8_t mix[POP_MAX_MIX];
} pop_part_t;

typedef struct pop_outcome {
    char name[40];
    int nparts;
    pop_part_t part[POP_MAX_PARTS];
} pop_outcome_t;

/* A weighted choice among outcomes. */
typedef struct pop_pick {
    int n, total;
    uint8_t outcome[POP_MAX_PICK];
    int weight[POP_MAX_PICK];
} pop_pick_t;

typedef struct pop_row {
    int from, to; /* inclusive roll range */
    pop_pick_t pick;
    bool has_replace;           /* with chance, when D >= difficulty_min and */
    int replace_difficulty_min; /* dlevel > replace_dlevel_above, draw from  */
    int replace_dlevel_above;   /* replace instead of pick                   */
    frac_t replace_chance;
    pop_pick_t replace;
} pop_row_t;

typedef struct pop_table {
    pop_roll_t roll;
    int nrows;
    pop_row_t row[POP_MAX_ROWS];
    int noutcomes;
    pop_outcome_t outcome[POP_MAX_OUTCOMES];
} pop_table_t;

/* A small roll table: d(die) + floor(dlevel/div) -> value index. */
typedef struct pop_range_table {
    int die, dlevel_div;
    int nrows;
    int from[POP_MAX_RANGE_ROWS], to[POP_MAX_RANGE_ROWS], value[POP_MAX_RANGE_ROWS];
} pop_range_table_t;

/* Special room features (docs/rules.md §5), in the order of the /50 weight table. */
typedef enum special_kind {
    SPECIAL_WAREHOUSE = 0,
    SPECIAL_FLUID,
    SPECIAL_AMMO,
    SPECIAL_TELEPORTER,
    SPECIAL_LEVER,
    SPECIAL_VAULT,
    SPECIAL__COUNT
} special_kind_t;
/* Their names as data files and reports spell them ("teleporter"), in enum
 * order, NULL-terminated. */
extern const char *const SPECIAL_KIND_NAMES[SPECIAL__COUNT + 1];

#define LEVEL_MAX_SPECIAL 12 /* special rooms of a level: the game sets up to 12 (a city's 4..12) */

typedef struct special_limits {
    int wmin, wmax, hmin, hmax;
    int area_max; /* 0: no area limit */
} special_limits_t;

/* Does a w x h room fit l?  (& rather than &&: the outcomes are
 * unpredictable, the compares cheap.) */
static inline bool special_limits_fit(const special_limits_t *l, int w, int h)
{
    return (w >= l->wmin) & (w <= l->wmax) & (h >= l->hmin) & (h <= l->hmax) &
           ((l->area_max == 0) | (w * h <= l->area_max));
}

/* Ammo kinds of an ammo room, as rolls_t.ammo_kind records them. */
enum { AMMO_10MM = 0, AMMO_SHELLS, AMMO_ROCKETS, AMMO_CELLS, AMMO__COUNT };
/* Their names as data/population.json and reports spell them ("shells"). */
extern const char *const AMMO_NAMES[AMMO__COUNT];

typedef struct special_tables {
    int count_x, count_n, count_k; /* XdN+K special rooms */
    int weight[LT__COUNT][SPECIAL__COUNT];
    int total[LT__COUNT];
    special_limits_t limits[SPECIAL__COUNT];
    /* The limits again by room size: bit k of fits_by_size[w][h] when a
     * w x h room fits kind k (made with the limits when they are read). */
    uint8_t fits_by_size[GRID_W + 1][GRID_H + 1];
    pop_range_table_t fluid; /* value: cell_t */
    int stacks_x, stacks_n, stacks_k;
    pop_range_table_t ammo;  /* value: AMMO_* */
} special_tables_t;

typedef struct pop_tables {
    const monster_table_t *monsters;
    pop_budget_rule_t budget[DIFF_NIGHTMARE + 1]; /* index by difficulty 1..5 */
    int window_shift[DIFF_NIGHTMARE + 1];
    pop_last_t last_monster;
    pop_table_t caves, single;
    special_tables_t special;
} pop_tables_t;

/* Parse population JSON against the monster table m; false with a one-line
 * message naming origin and key. */
bool poptable_parse(pop_tables_t *t, const monster_table_t *m, const char *json, size_t len,
                    const char *origin, char *err, size_t errlen);

/* The tables of file `name` of src ("population.json") over the monster
 * table m, into t; false with a one-line message in err when broken. */
bool poptable_load(pop_tables_t *t, const monster_table_t *m, data_src_t *src, const char *name,
                   char *err, size_t errlen);

/* The non-random part of a roll: min(dlevel + step*(D - base) + add, cap). */
int poptable_roll_shift(const pop_roll_t *r, int dlevel, int difficulty);

/* The row holding roll (rows cover every integer). */
int poptable_row(const pop_table_t *t, int roll);

/* Draw the outcome of roll: the row's replacement chance when it applies,
 * then a weighted pick (no draw when a pick has one entry). */
int poptable_draw(const pop_table_t *t, int roll, int dlevel, int difficulty, rng_t *r);

/* Exact probability of each outcome for roll (p has POP_MAX_OUTCOMES). */
void poptable_probs(const pop_table_t *t, int roll, int dlevel, int difficulty, double *p);

/* Value of the range-table row holding roll. */
int poptable_range_value(const pop_range_table_t *t, int roll);

/* AMMO_NAMES[kind]; "?" out of range. */
const char *poptable_ammo_name(int kind);

#endif
