/* populate.h - start, stairs, monsters, items and special rooms (RULES.md §5).
 *
 * Runs after the layout, from the level's population stream.  Fills the
 * level's start (unless the layout fixed it), stairs, monsters, items and
 * special rooms, and their observations (budget, rolls, counts).
 */
#ifndef DRLSIM_POPULATE_H
#define DRLSIM_POPULATE_H

#include "level.h"

void populate(level_t *lv, const gen_params_t *p, rng_t *r);

#endif
