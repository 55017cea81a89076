/* metrics.h - the expressive-range metrics of a finished level, defined once.
 *
 * Six numbers say what kind of level came out, whatever drew it: how much of
 * the map is open dry ground, how much is fluid, how much of what can be
 * walked is reachable from the start, how many rooms the room list holds, how
 * much danger was placed, and how far the stairs are from the start.  The
 * catalogue's columns (`drlsim catalog`: open_share, fluid_share,
 * reach_share, rooms, danger_placed, path) and the range histograms of a run
 * (the "range_" rows of the tallies) both read them from here, so the two
 * cannot disagree.  docs/catalog.md ("The range metrics") writes each formula.
 *
 * Like the observer (observer.h), the map measures read the finished map and
 * the level's lists; the danger placed is the level's record (obs_t), which
 * the level's JSON shows, and the unreachable cells are the observer's (its
 * flood of the finished map, given by the caller, who has looked already:
 * nothing floods the map twice).
 */
#ifndef DRLSIM_METRICS_H
#define DRLSIM_METRICS_H

#include <stdbool.h>

#include "grid.h"
#include "level.h"
#include "observer.h"

/* The cells the shares are of: the map's 78 x 20. */
#define METRICS_MAP_CELLS (GRID_W * GRID_H)

typedef struct metrics {
    int passable;  /* passable cells on the map (cell_is_passable: fluids included) */
    int fluid;     /* fluid cells: water, acid, lava (the census), mud and blood */
    int open;      /* dry passable cells: passable - fluid */
    int reachable; /* passable cells reachable from the start: passable - unreachable */
    int rooms;     /* entries of the room list */
    int danger;    /* danger of the monsters placed */
    int path;      /* steps of the shortest start-to-stairs walk (metrics_path_rows), -1 none */
    int barrels[3]; /* plain, acid and napalm barrel cells (0 unless barrels_seen) */
} metrics_t;

/* Measure the finished level lv, which observer_look has seen as *seen:
 * its unreachable cells are seen->unreachable, and the three barrel kinds
 * are looked for (a mask a kind) only when seen->barrels != 0, else count 0.
 * mud_blood: the mud and blood cells on the map when the caller has counted
 * them (the catalogue, which shows them, or 0 for a ruleset without them),
 * else -1: counted here. */
void metrics_measure(metrics_t *m, const level_t *lv, const seen_t *seen, int mud_blood);

/* The open, fluid and reachable shares of m: open / METRICS_MAP_CELLS,
 * fluid / METRICS_MAP_CELLS, reachable / passable (0 with no passable cell). */
double metrics_open_share(const metrics_t *m);
double metrics_fluid_share(const metrics_t *m);
double metrics_reach_share(const metrics_t *m);

/* The steps of the shortest 8-way walk over the cells of the bit rows pass
 * (rows 0 and GRID_H + 1 empty) from lv's start to one of its listed stairs
 * that is a stairs cell; 0 on the stairs, -1 when there is no start, no
 * stairs cell or no such walk.  Bit-parallel breadth first: a whole ring of
 * cells a step, by shifts and masks of rows. */
int metrics_path_rows(const bitrow_t pass[GRID_H + 2], const level_t *lv);

/* The same over the passable cells of lv's map. */
int metrics_path_length(const level_t *lv);

#endif
