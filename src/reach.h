/* reach.h - which passable cells can be walked to from a start (8-way).
 *
 * The map's passable cells are cut into runs along each row (bit rows: a
 * carry finds each run's end), runs of adjacent rows that touch diagonally
 * or straight are joined in a union-find, and the start's component is the
 * reachable set: one pass over the rows whatever the map's shape.  This is
 * the per-level connectivity observation (RULES.md §6), so it must be cheap.
 */
#ifndef DRLSIM_REACH_H
#define DRLSIM_REACH_H

#include "grid.h"

/* Passable cells (cell_is_passable) not reachable from (sx, sy); all
 * passable cells when the start is not passable. */
int reach_unreachable(const grid_t *g, int sx, int sy);

/* The same from the passable cells as bit rows (bit x of pass[y], rows
 * 1..GRID_H, bits 1..GRID_W; rows 0 and GRID_H+1 are not read). */
int reach_unreachable_rows(const bitrow_t pass[GRID_H + 2], int sx, int sy);

#endif
