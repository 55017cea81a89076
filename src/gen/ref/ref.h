/* ref.h - the plain reference generator: the rules whose fast form differs
 * from them, once more as they read.
 *
 * The generator in src/ is fast: bit rows, SIMD, branch-free tricks.  Where
 * its form differs from the rule (docs/rules.md, docs/layouts-*.md,
 * docs/water.md, docs/population.md), the functions here implement the same
 * rule the plain way, cell by cell, with no intrinsics, no caches and no bit
 * tricks, and they take the same random draws in the same order, so a level
 * made either way is byte-identical.  Where the fast code is the plain rule
 * already, the reference calls it (docs/design.md, the reference generator,
 * lists which).  It covers both rulesets: the ref_ files make the
 * wiki-0.9.9.3 levels, the gref_ files (gref.h) the game-0.9.9.7 levels of
 * docs/rules.md part G, which draw the layouts the two share with the ref_
 * layouts.  tests/test_reference.c holds the two equal over many levels of
 * both; gen_params_t.reference (drlsim gen --reference) makes levels this
 * way.  Besides that plain fast code, only the rule tables (data/), the
 * plain table lookups next to them (ruleset_pick_type, water_band,
 * arena_pick, poptable_draw, the budget and item-count formulas of the wiki
 * ruleset, monsters_find), grid_clear/fill/border/fill_rect and the rng are
 * shared with the fast code.  Numbers are written where the rule states
 * them: they repeat the fast code's named constants on purpose, so that a
 * change to either side fails the test.
 */
#ifndef DRLSIM_REF_H
#define DRLSIM_REF_H

#include <stdbool.h>

#include "layouts/layouts.h"
#include "level.h"
#include "observer.h"
#include "poptable.h"
#include "rooms.h"
#include "tables.h"
#include "water.h"

/* level_generate with the reference's steps (ref_level.c), for the wiki
 * pipeline; gref_level_generate (gref_level.c) for the game pipeline. */
void ref_level_generate(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index);
void gref_level_generate(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index);
/* game-0.10.10b's (gref10.c): its own layout and water steps. */
void gref10_level_generate(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index);
/* Its pieces both pipelines use: the fresh level and observation record,
 * the type (fixed, or drawn from the type stream), the door cells. */
void ref_level_reset(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index);
void ref_level_type(level_t *lv, const gen_params_t *p, uint64_t seed, uint64_t index);
int ref_count_doors(const grid_t *g);

/* The reference layout of a type and the water step after it, or NULL
 * (ref_layouts.c, as WIKI_WATER). */
layout_fn ref_layout_for(level_type_t t);
layout_fn ref_water_for(level_type_t t);

/* Layouts, one file each. */
void ref_layout_normal(layout_ctx_t *ctx);
/* A wall plotted through (x, y) along one axis, as the normal layout plots
 * its walls and game-0.10.10b's tiled layout its plots (docs/rules.md §3,
 * H11): the walk turns cells to wall both ways until a wall or door, then
 * (x, y) becomes a door. */
void ref_plot_wall(grid_t *g, int x, int y, bool horizontal);
void ref_layout_city(layout_ctx_t *ctx);
/* The city with its river drawn by river_fn, as layout_city_with. */
void ref_layout_city_with(layout_ctx_t *ctx, bool (*river_fn)(layout_ctx_t *ctx));
void ref_layout_caves(layout_ctx_t *ctx);
void ref_layout_arena(layout_ctx_t *ctx);
void ref_layout_small_rooms(layout_ctx_t *ctx);
void ref_layout_warehouse(layout_ctx_t *ctx);
void ref_layout_maze(layout_ctx_t *ctx);
/* The caves' digging and fluid walks with the fluid bands of wt, without
 * the river; one group of walks from cave-edge cells (ref_caves.c). */
void ref_caves_dig(layout_ctx_t *ctx, const water_tables_t *wt);
/* The same with the walks' fluid chosen as caves_dig_with does (layouts.h). */
void ref_caves_dig_with(layout_ctx_t *ctx, const water_tables_t *wt, caves_fluid_fn choose,
                        const void *arg);
int ref_caves_edge_walks(level_t *lv, rng_t *r, int walks, int steps, cell_t k);

/* The room scan of a walled map (ref_rooms.c).  The room counts of obs are
 * the fast code's (rooms_summarize_list): a plain count already. */
void ref_rooms_scan(level_t *lv);
bool ref_rooms_add(level_t *lv, int x, int y, int w, int h);

/* Rivers, fluid passes and walks (ref_water.c), as water.h. */
bool ref_water_river(layout_ctx_t *ctx);
void ref_water_fluid_pass(layout_ctx_t *ctx, const area_t *a);
void ref_water_fluids(layout_ctx_t *ctx, const area_t *a);
void ref_water_standard(layout_ctx_t *ctx);
void ref_water_small_rooms(layout_ctx_t *ctx);
void ref_water_city(layout_ctx_t *ctx);
void ref_water_walk(grid_t *g, rng_t *r, int x, int y, int steps, cell_t k, const area_t *a);
void ref_water_walk_stop(grid_t *g, rng_t *r, int x, int y, int steps, cell_t k,
                         const area_t *a);

/* A list of map cells in row-major order, taken from by swap-remove
 * (ref_cells.c): population's free-cell lists. */
typedef struct ref_cells {
    int n;
    point_t at[GRID_W * GRID_H];
} ref_cells_t;

/* The cells of kinds `kinds` (a cellset_t) with x 2..77 and y 2..19. */
void ref_cells_of(ref_cells_t *l, const grid_t *g, cellset_t kinds);
/* The position of (x, y) in the list, or -1. */
int ref_cells_find(const ref_cells_t *l, int x, int y);
/* Remove position i: the last entry moves into the hole. */
void ref_cells_remove(ref_cells_t *l, int i);

/* The monsters' and items' free cells: cells.at[0..nout-1] lie outside the
 * level's keep-out box. */
typedef struct ref_pool {
    ref_cells_t cells;
    int nout;
} ref_pool_t;

void ref_pool_build(ref_pool_t *p, const level_t *lv);
/* Take a random cell among the outside ones, or among all. */
bool ref_pool_take(ref_pool_t *p, bool outside, rng_t *r, point_t *out);

/* Population (ref_populate.c, ref_special.c) and the final observation
 * (ref_observe.c). */
void ref_special_rooms(level_t *lv, const special_tables_t *s, rng_t *r);
void ref_populate(level_t *lv, const gen_params_t *p, const pop_tables_t *t, rng_t *r);
void ref_observe(level_t *lv, const pop_tables_t *t);
/* Passable cells not reachable from (sx, sy) by 8-way steps: a plain
 * breadth-first search, the twin test_observer holds the observer's flood
 * to (no record holds reachability: the observer floods the finished map). */
int ref_unreachable(const grid_t *g, int sx, int sy);
/* The observer's layout geometry (seen_t's stray_walls, centre_walls,
 * line_gaps and wh_blocks, observer.h), cell by cell: the twin
 * test_reference holds observer_look to on every level it compares. */
void ref_layout_seen(const level_t *lv, seen_t *s);

#endif
