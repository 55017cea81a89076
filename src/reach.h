/* reach.h - which passable cells can be walked to from a start (8-way).
 *
 * The map is flooded as 20 rows of 128-bit masks: within a row a flood
 * spreads along runs of passable cells with carry arithmetic and a
 * logarithmic shift fill, between rows through the three cells above and
 * below; sweeps down and up repeat until nothing changes.  This is the per-
 * level connectivity observation (RULES.md §6), so it must be cheap.
 */
#ifndef DRLSIM_REACH_H
#define DRLSIM_REACH_H

#include "grid.h"

/* Passable cells (cell_is_passable) not reachable from (sx, sy); all
 * passable cells when the start is not passable. */
int reach_unreachable(const grid_t *g, int sx, int sy);

#endif
