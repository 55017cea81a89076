/* census.h - what a finished map holds, in one pass: bit rows and counts.
 *
 * Population and the final observation both read the map cell by cell: the
 * floor cells (start and stairs), the standable cells (monsters, items) and
 * the numbers of water, acid, lava and door cells.  (Reachability is the
 * observer's, observer.h, which reads its passable cells off the map.)  The population step changes the map only in ways that keep
 * these (a fluid room turns floor or fluid into fluid before the census is
 * taken; a stair goes on a floor cell, which callers clear from `floor` and
 * `standable` themselves), so one census after the special rooms serves
 * both, instead of a pass over the map per question.
 */
#ifndef DRLSIM_CENSUS_H
#define DRLSIM_CENSUS_H

#include <stdbool.h>

#include "grid.h"

/* [decision, populate.c] cells a monster or item may stand on */
/* (mud and blood stand like water: game-0.10.10b, docs/rules.md H27) */
#define CELLSET_STANDABLE                                                                  \
    (CELLSET(CELL_FLOOR) | CELLSET(CELL_WATER) | CELLSET(CELL_BRIDGE) | CELLSET(CELL_MUD) | \
     CELLSET(CELL_BLOOD))

typedef struct census {
    bitrow_t floor[GRID_H + 2];     /* CELL_FLOOR, x 2..77 and y 2..19 only */
    bitrow_t standable[GRID_H + 2]; /* CELLSET_STANDABLE, x 2..77 and y 2..19 only */
    int water, acid, lava, doors;   /* cells on the whole map */
} census_t;

/* By the path in force (cpu.h): AVX2, SSE2 or a plain loop, same result. */
void census_take(const grid_t *g, census_t *c);

#endif
