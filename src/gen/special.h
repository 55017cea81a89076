/* special.h - special rooms (docs/rules.md §5, [wiki Room Generation]).
 *
 * On types whose ruleset row says special_rooms, 7d2-7 features are drawn;
 * each takes a kind by the type's weights and a room chosen uniformly among
 * the unused rooms of lv->rooms inside the kind's size limits, or is skipped
 * when none fits.  Fluid rooms fill their interior; ammo rooms roll their
 * stacks and kind; the other kinds only mark their room (docs/population.md).
 */
#ifndef DRLSIM_SPECIAL_H
#define DRLSIM_SPECIAL_H

#include <stdbool.h>

#include "level.h"
#include "poptable.h"

/* SPECIAL_KIND_NAMES[k] (poptable.h); "?" out of range. */
const char *special_kind_name(special_kind_t k);
/* -1 when unknown. */
int special_kind_from_name(const char *name);

/* Does room r (walls included) satisfy the limits? */
bool special_fits(const special_limits_t *l, const room_t *r);

/* The rooms of lv that fit l: bit j of m (m[0] rooms 0..63, m[1] the rest)
 * for lv->rooms[j]. */
void special_fitting(const level_t *lv, const special_limits_t *l, uint64_t m[2]);

/* Draw and place the special rooms of lv from r: fills lv->special and
 * obs.special_rolled / _placed / _skipped and the fluid and ammo rolls, and
 * draws fluid rooms on the map. */
void special_rooms(level_t *lv, const special_tables_t *s, rng_t *r);

/* The feature of a special room of kind `kind` placed in rm, its own rolls
 * from r: a fluid room's fluid fills its floor and fluid cells inside the
 * wall ring (not the start); an ammo room records its stacks and kind. */
void special_feature(level_t *lv, const special_tables_t *s, special_kind_t kind,
                     const room_t *rm, rng_t *r);

#endif
