/* water.h - rivers and fluid passes (RULES.md §4).
 *
 * Layouts call these at the point their type's order demands: most call
 * water_standard after drawing; city draws its river first with water_river
 * and its fluid pass after the buildings; caves use water_walk for their own
 * fluid.  All draws come from the level's water stream (ctx->water).
 */
#ifndef DRLSIM_WATER_H
#define DRLSIM_WATER_H

#include "level.h"

/* Rectangle of cells (inclusive) a fluid walk is kept inside. */
typedef struct area {
    int x1, y1, x2, y2;
} area_t;

/* The interior of the map: where fluid walks stay by default. */
extern const area_t WATER_INTERIOR;

/* The river roll of ctx's type and, when it comes up, the river(s).
 * Records river, orientation, count, fluid and bridge in obs.  Does nothing
 * when ctx->p->rivers is false.  Returns true when a river was drawn. */
bool water_river(layout_ctx_t *ctx);

/* One fluid pass (dlevel bands of RULES.md §4) with walks kept inside a. */
void water_fluid_pass(layout_ctx_t *ctx, const area_t *a);

/* The type's usual water: river roll, then its fluid passes (none after a
 * river when the type says so).  Nothing in layout-only mode. */
void water_standard(layout_ctx_t *ctx);

/* One 9-way random walk of `steps` steps from (x,y), turning each visited
 * cell into k and staying inside a.  Used by fluid passes and caves. */
void water_walk(grid_t *g, rng_t *r, int x, int y, int steps, cell_t k, const area_t *a);

#endif
