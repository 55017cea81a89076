/* layouts.h - the per-type layout generators (one file each in src/layouts/).
 *
 * Every layout has the signature layout_fn (level.h): it draws ctx->lv->map,
 * fills ctx->lv->rooms, sets the start and stairs where its type fixes them,
 * and runs its water (water.h) at the point its type's order demands.
 */
#ifndef DRLSIM_LAYOUTS_H
#define DRLSIM_LAYOUTS_H

#include "../level.h"

#define NORMAL_WALLS 10 /* [wiki] ten walls are plotted */

/* The ten walls and extra doors of the normal layout; plotted (optional)
 * receives the ten plotted points, for tests. */
void normal_walls(level_t *lv, rng_t *r, point_t plotted[NORMAL_WALLS]);

void layout_normal(layout_ctx_t *ctx);
void layout_single(layout_ctx_t *ctx);
/* small_rooms.c, warehouse.c, maze.c (their data and test faces: walled.h) */
void layout_small_rooms(layout_ctx_t *ctx);
void layout_warehouse(layout_ctx_t *ctx);
void layout_maze(layout_ctx_t *ctx);

#endif
