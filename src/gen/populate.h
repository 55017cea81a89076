/* populate.h - start, stairs, monsters, items and special rooms (docs/rules.md §5).
 *
 * Runs after the layout, from the level's population stream.  populate works
 * on any prepared level: it reads lv->type, dlevel, difficulty, the map, the
 * room list and what the layout fixed (start, stairs, keep-out box), and
 * fills special rooms, start and stairs (unless fixed), monsters and items,
 * with their observations (budget, rolls, counts).  It resets the fields it
 * owns first, so tests can call it on a cleared map of any type.
 * The pieces below are exposed for tests and expectations.
 */
#ifndef DRLSIM_POPULATE_H
#define DRLSIM_POPULATE_H

#include "census.h"
#include "level.h"
#include "poptable.h"

/* [wiki Item Generation] items = ceil(21 - max(25 - dlevel, 0)/3) */
#define ITEMS_FORMULA_BASE 21
#define ITEMS_FORMULA_PIVOT 25
#define ITEMS_FORMULA_DIV 3

void populate(level_t *lv, const gen_params_t *p, rng_t *r);
/* The same with explicit tables (populate uses p->tables->pop). */
void populate_with(level_t *lv, const gen_params_t *p, const pop_tables_t *t, rng_t *r);
/* populate_with that also leaves the census of the map (census.h) taken after
 * the special rooms and kept up to date with the stairs it places, which is
 * what the level's final observation reads. */
void populate_census(level_t *lv, const gen_params_t *p, const pop_tables_t *t, rng_t *r,
                     census_t *cs);

/* Danger budget before the type modifier ([game] formulas, exact integers). */
int populate_budget_base(const pop_tables_t *t, int dlevel, int difficulty);
/* After the type's danger_percent: floor(base * percent / 100), or the ceiling
 * where the type says danger_round "ceil". */
int populate_budget(const pop_tables_t *t, const type_rules_t *tr, int dlevel, int difficulty);

/* ceil(21 - max(25 - dlevel, 0)/3), in integers. */
int populate_items_formula(int dlevel);
/* The item count of a type (draws only for the dice rule). */
int populate_item_count(const type_rules_t *tr, int dlevel, rng_t *r);

/* Can kind be picked by the standard generator at (dlevel, difficulty)? */
bool populate_eligible(const pop_tables_t *t, int kind, int dlevel, int difficulty);

#endif
