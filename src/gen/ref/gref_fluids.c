/* gref_fluids.c - the game's fluid pass, plainly (docs/rules.md G36, G37;
 * [game: generator.lua:559-566; bin/core/generator.lua:198-205;
 * valk:src/vluadungen.pas:546-583]).
 *
 * The dlevel's band of the fluid table fixes the fluid; the pass draws its
 * walk count, then one length that every walk of the pass uses.  Each walk
 * starts on a uniform cell of the area (x drawn first) and, length times:
 * pulls its position back into the area, turns that cell into the fluid
 * whatever it holds, and steps by dx = Random(3) - 1, then dy = Random(3)
 * - 1.  The level's first pass records its fluid, walk count and length,
 * its second pass its length.  Every draw from the water stream.
 */
#include "gref.h"

void gref_fluids(level_t *lv, rng_t *r, const water_tables_t *wt, const area_t *a)
{
    int walks, length; /* the bookkeeping is plain already: the one function */
    const fluid_band_t *band = water_pass_draw(lv, r, &wt->fluid, &walks, &length);
    for (int i = 0; i < walks; i++) {
        int x, y;
        gref_random_at(r, a->x1, a->x2 - a->x1 + 1, a->y1, a->y2 - a->y1 + 1, &x, &y);
        for (int step = 0; step < length; step++) {
            x = gref_clamp(x, a->x1, a->x2);
            y = gref_clamp(y, a->y1, a->y2);
            grid_set(&lv->map, x, y, band->fluid);
            int dx, dy;
            gref_random_at(r, -1, 3, -1, 3, &dx, &dy);
            x += dx;
            y += dy;
        }
    }
}
