/* census_layout.h - what the final map shows of its layout's rules.
 *
 * One pass per level over the cells a type's layout rule speaks of, after
 * population: stray walls of arenas and cities, the arena's centre box, the
 * small-rooms grid lines, the warehouse rooms' blocks, and the monsters of a
 * single-monster level that its outcome does not name.  Fills obs fields
 * only (docs/rules.md §3, §5); src/gen/ref/ref_observe.c observes the same
 * plainly.
 */
#ifndef DRLSIM_CENSUS_LAYOUT_H
#define DRLSIM_CENSUS_LAYOUT_H

#include "level.h"
#include "poptable.h"

/* The map-box and grid geometry the census reads, as docs/rules.md states
 * it (independent of the layouts' own constants, so a layout that moved
 * them shows). */
#define CENSUS_CENTRE_W 9  /* [wiki: Arena] the largest centre picture, 9 x 7 */
#define CENSUS_CENTRE_H 7
#define CENSUS_LINE_X0 3   /* [wiki: Small Rooms] sections every 18 columns and 6 rows */
#define CENSUS_LINE_Y0 1   /* from (3,1), sharing their wall lines (docs/rules.md §3 */
#define CENSUS_PITCH_X 18  /* Small rooms): lines x = 3, 21, 39, 57, 75 over y 1..19 */
#define CENSUS_PITCH_Y 6   /* and y = 1, 7, 13, 19 over x 3..75 */
#define CENSUS_LINES_X 5   /* 4 sections across: 5 lines */
#define CENSUS_LINES_Y 4   /* 3 sections down: 4 lines */

void census_layout(level_t *lv, const pop_tables_t *t);

#endif
