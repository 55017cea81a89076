/* layouts.h - the per-type layout generators (one file each in src/gen/layouts/).
 *
 * Every layout has the signature layout_fn (level.h): it draws ctx->lv->map,
 * fills ctx->lv->rooms, sets the start and stairs where its type fixes them,
 * and draws the water its type's order interleaves with its geometry (the
 * city's river, the caves' fluid walks, the arena's passes); the rest of its
 * water is the pipeline's step after it (WIKI_WATER, water.h).
 */
#ifndef DRLSIM_LAYOUTS_H
#define DRLSIM_LAYOUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "level.h"

#define NORMAL_WALLS 10 /* [wiki] ten walls are plotted */

/* The ten walls and extra doors of the normal layout; plotted (optional)
 * receives the ten plotted points, for tests. */
void normal_walls(level_t *lv, rng_t *r, point_t plotted[NORMAL_WALLS]);

/* The normal layout's extra-door candidates (wall cells of x 2..77, y
 * 2..19 with exactly two wall cells among their 8 neighbours) of the given
 * solid and door bit rows, as bit rows and per-row counts of rows 2..19
 * (count_lo: of the row's cells 0..63); returns their number.  By the path
 * in force (cpu.h); tests force each path, and all must agree. */
int normal_door_candidates(const bitrow_t solid[GRID_H + 2], const bitrow_t door[GRID_H + 2],
                           bitrow_t cand[GRID_H + 2], int count[GRID_H + 2],
                           int count_lo[GRID_H + 2]);

void layout_normal(layout_ctx_t *ctx);
void layout_single(layout_ctx_t *ctx);
/* small_rooms.c, warehouse.c, maze.c (their data and test faces: walled.h) */
void layout_small_rooms(layout_ctx_t *ctx);
void layout_warehouse(layout_ctx_t *ctx);
void layout_maze(layout_ctx_t *ctx);
void layout_city(layout_ctx_t *ctx);
/* The city with its river drawn by river_fn (true when it drew one) on the
 * cleared map before the buildings: layout_city is river_fn = water_river;
 * a later release draws its own rivers (src/gen/game/). */
void layout_city_with(layout_ctx_t *ctx, bool (*river_fn)(layout_ctx_t *ctx));
void layout_caves(layout_ctx_t *ctx);

/* The caves' digging and fluid walks without the river (caves.c), shared
 * with the game ruleset's caves (src/gen/game/): the cave fluid bands of wt,
 * digging from ctx->layout, fluid from ctx->water. */
struct water_tables;
void caves_dig(layout_ctx_t *ctx, const struct water_tables *wt);
/* The same with the walks' fluid chosen by choose(ctx, band's fluid, arg),
 * called once after the walk count and length are drawn (a later
 * release's picks, src/gen/game/); caves_dig is choose = NULL: the band's. */
typedef cell_t (*caves_fluid_fn)(layout_ctx_t *ctx, cell_t band_fluid, int band, const void *arg);
void caves_dig_with(layout_ctx_t *ctx, const struct water_tables *wt, caves_fluid_fn choose,
                    const void *arg);
/* `walks` walks of `steps` steps of cell k (a length per call, as the game
 * draws it [game]), each from a random interior cell with an orthogonal
 * neighbour open (floor or fluid) and one wall, stopping at the border.
 * Returns the walks made (a walk with no start is counted in obs.retries). */
int caves_edge_walks(level_t *lv, rng_t *r, int walks, int steps, cell_t k);
void layout_arena(layout_ctx_t *ctx);

/* Arena centre pictures (data/arena.txt, docs/rules.md §3 Arena). */
#define ARENA_MAX_PICTURES 8
#define ARENA_MAX_SIDE 15
#define ARENA_START_X 38 /* [wiki] the player starts in the middle */
#define ARENA_START_Y 10

typedef struct arena_picture {
    int min_roll;                                 /* lowest roll that picks it */
    int w, h;
    int px, py;                                   /* the player's cell, 0-based */
    uint8_t cell[ARENA_MAX_SIDE][ARENA_MAX_SIDE]; /* [row][column]: CELL_WALL or CELL_FLOOR */
} arena_picture_t;

typedef struct arena_table {
    int n;
    arena_picture_t pic[ARENA_MAX_PICTURES];
} arena_table_t;

/* Parse data/arena.txt; false with a one-line "ORIGIN:LINE: problem". */
bool arena_parse(arena_table_t *t, const char *text, size_t len, const char *origin, char *err,
                 size_t errlen);
/* The pictures of file `name` of src ("arena.txt"), into t; false with a
 * one-line message in err when it is broken. */
bool arena_table_load(arena_table_t *t, data_src_t *src, const char *name, char *err,
                      size_t errlen);
/* Index of the picture a roll selects. */
int arena_pick(const arena_table_t *t, int roll);
/* The arena's centre picture p drawn with its '@' on the start, its box the
 * keep-out rectangle; the four L-shaped groups of stairs in the corners. */
void arena_draw_centre(level_t *lv, const arena_picture_t *p);
void arena_draw_stairs(level_t *lv);

#endif
