/* census_layout.h - what the final level shows of its type's population rule.
 *
 * One step per level after population: the monsters of a single-monster
 * level that its outcome does not name (docs/rules.md §5).  Fills an obs
 * field only; src/gen/ref/ref_observe.c observes the same plainly.  (What
 * the final map shows of the layouts' geometry, an arena's or a city's
 * stray walls, the arena's centre box, the small rooms' grid lines and the
 * warehouse rooms' blocks, is the observer's, which reads the map
 * independently of the generator: src/gen/observer.h.)
 */
#ifndef DRLSIM_CENSUS_LAYOUT_H
#define DRLSIM_CENSUS_LAYOUT_H

#include "level.h"
#include "poptable.h"

void census_layout(level_t *lv, const pop_tables_t *t);

#endif
