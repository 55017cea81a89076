/* reach.h - which passable cells can be walked to from a start (8-way).
 *
 * The map is flooded as 20 rows of 128-bit masks.  A row that gains cells
 * offers them to its neighbours: the cells they touch (8-way) in the row
 * above or below are extended to whole runs of passable cells (a carry
 * upwards, a logarithmic shift fill downwards), and that row is then offered
 * on in turn; sweeps down and up alternate until no row has anything new, so
 * only rows that changed are ever revisited.  Nearly every level is fully
 * connected, which a final OR of the unreached cells tells without counting.
 * This is the per-level connectivity observation (docs/rules.md §6), so it must
 * be cheap.
 */
#ifndef DRLSIM_REACH_H
#define DRLSIM_REACH_H

#include <stdbool.h>

#include "grid.h"

/* Passable cells (cell_is_passable) not reachable from (sx, sy); all
 * passable cells when the start is not passable. */
int reach_unreachable(const grid_t *g, int sx, int sy);

/* The same from the passable cells as bit rows (bit x of pass[y], rows
 * 1..GRID_H, bits 1..GRID_W; rows 0 and GRID_H+1 are not read).  The run
 * fill by PEXT/PDEP on the CPU_BMI2 path (cpu.h), else plainly. */
int reach_unreachable_rows(const bitrow_t pass[GRID_H + 2], int sx, int sy);

#endif
