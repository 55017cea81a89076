/* caves.c - the caves layout: a drunkard-walk cave with its own fluid.
 *
 * docs/rules.md §3 Caves.  Fill with wall; dig one walk from the centre, then 5
 * walks, a fluid pass, 40 walks and a second fluid pass, each walk starting on
 * a random interior cell with an open cell (floor or fluid) and a wall among
 * its 4 orthogonal neighbours: usually a wall cell at the cave's edge, which
 * the walk's first step digs, so every walk grows the cave from its edge and
 * the open cells stay one 8-connected region.  Walks step one of 9 ways and
 * stop at the border.  The
 * fluid comes from the cave table of data/water.json: its walk count and
 * length are drawn once and serve both fluid passes, the second walking
 * cave_second_pass_extra_length steps further [game].  Then the caves' river
 * roll (1/3; horizontal 1/3, else one vertical river from x = d16+33).
 * Digging draws from the layout stream, fluid and river from the water stream.
 * No rooms.
 */
#include "layouts.h"

#include <assert.h>

#include "tables.h"
#include "water.h"

#define CAVE_START_X 38          /* [game] the first walk starts in the centre */
#define CAVE_START_Y 10
#define CAVE_FIRST_DIE 40        /* [game] first walk d40+100 steps */
#define CAVE_FIRST_PLUS 100
#define CAVE_EARLY_WALKS 5       /* [game] then 5 walks of d40+35 */
#define CAVE_EARLY_DIE 40
#define CAVE_EARLY_PLUS 35
#define CAVE_LATE_WALKS 40       /* [game] after the first fluid pass, 40 walks of d40+25 */
#define CAVE_LATE_DIE 40
#define CAVE_LATE_PLUS 25
/* A start cell is found by drawing interior cells until one qualifies (which
 * is uniform over the qualifying cells); after this many misses one of the
 * qualifying cells is drawn directly, also uniformly. */
#define CAVE_START_DRAWS 64

/* Open cells: floor or fluid (the game's start set). */
#define CAVE_OPEN_SET                                                                    \
    (CELLSET(CELL_FLOOR) | CELLSET(CELL_WATER) | CELLSET(CELL_ACID) | CELLSET(CELL_LAVA) | \
     CELLSET(CELL_MUD) | CELLSET(CELL_BLOOD))

/* [game] A walk's start (docs/rules.md §3 Caves; the game's
 * bin/core/generator.lua:207-219): an interior cell with at least one
 * orthogonal neighbour open (floor or fluid) and at least one orthogonal
 * neighbour wall; the cell itself may be anything.  Interior cells'
 * neighbours are map cells, never padding. */
static inline bool cave_edge(const grid_t *g, int x, int y)
{
    const uint8_t *c = &g->c[GRID_IDX(x, y)];
    const cellset_t around = CELLSET(c[-GRID_STRIDE]) | CELLSET(c[GRID_STRIDE]) |
                             CELLSET(c[-1]) | CELLSET(c[1]);
    return (around & CAVE_OPEN_SET) && (around & CELLSET(CELL_WALL));
}

static bool edge_start(const grid_t *g, rng_t *r, int *xo, int *yo)
{
    const area_t *a = &WATER_INTERIOR;
    rng_t rl = *r; /* in registers for the draws */
    for (int t = 0; t < CAVE_START_DRAWS; t++) {
        int x = rng_range(&rl, a->x1, a->x2), y = rng_range(&rl, a->y1, a->y2);
        if (cave_edge(g, x, y)) {
            *r = rl;
            *xo = x;
            *yo = y;
            return true;
        }
    }
    *r = rl;
    /* The qualifying cells as bit rows: an orthogonal neighbour open (the
     * rows above and below, the row's own cells either side) and one wall,
     * the same way; then the n-th of them in row-major order, as a list of
     * them would give. */
    bitrow_t wall[GRID_H + 2], open[GRID_H + 2], cand[GRID_H + 2];
    grid_mask_rows(g, CELLSET(CELL_WALL), wall);
    grid_mask_rows(g, CAVE_OPEN_SET, open);
    const bitrow_t columns = (BITROW_BIT(a->x2 + 1) - 1) & ~(BITROW_BIT(a->x1) - 1);
    int n = 0;
    for (int y = a->y1; y <= a->y2; y++) {
        const bitrow_t w = wall[y - 1] | wall[y + 1] | wall[y] << 1 | wall[y] >> 1;
        const bitrow_t o = open[y - 1] | open[y + 1] | open[y] << 1 | open[y] >> 1;
        cand[y] = w & o & columns;
        n += bitrow_popcount(cand[y]);
    }
    if (n == 0)
        return false;
    int k = (int)rng_below(r, (uint32_t)n), y = a->y1;
    for (int c; k >= (c = bitrow_popcount(cand[y])); y++)
        k -= c;
    *xo = bitrow_select(cand[y], k);
    *yo = y;
    return true;
}

int caves_edge_walks(level_t *lv, rng_t *r, int walks, int steps, cell_t k)
{
    int made = 0;
    for (int i = 0; i < walks; i++) {
        int x, y;
        if (!edge_start(&lv->map, r, &x, &y)) {
            lv->obs.retries++; /* cannot happen after the first walk; counted, not hidden */
            continue;
        }
        water_walk_stop(&lv->map, r, x, y, steps, k, &WATER_INTERIOR);
        made++;
    }
    return made;
}

void caves_dig(layout_ctx_t *ctx, const water_tables_t *wt)
{
    caves_dig_with(ctx, wt, NULL, NULL);
}

void caves_dig_with(layout_ctx_t *ctx, const water_tables_t *wt, caves_fluid_fn choose,
                    const void *arg)
{
    level_t *lv = ctx->lv;
    grid_t *g = &lv->map;
    rng_t *r = ctx->layout;
    const fluid_band_t *fb = water_band(&wt->cave, lv->dlevel);

    grid_fill(g, CELL_WALL);
    const int first = rng_d(r, CAVE_FIRST_DIE) + CAVE_FIRST_PLUS;
    lv->obs.cave_first = (uint8_t)first;
    water_walk_stop(g, r, CAVE_START_X, CAVE_START_Y, first, CELL_FLOOR, &WATER_INTERIOR);
    lv->obs.cave_early_walks = (uint8_t)caves_edge_walks(
        lv, r, CAVE_EARLY_WALKS, rng_d(r, CAVE_EARLY_DIE) + CAVE_EARLY_PLUS, CELL_FLOOR);

    int fwalks, flength;
    water_pass_roll(&wt->cave, lv->dlevel, ctx->water, &fwalks, &flength);
    const int band = (int)(fb - wt->cave.band);
    const cell_t fluid = choose ? choose(ctx, fb->fluid, band, arg) : fb->fluid;
    water_pass_note(&lv->obs, fluid, fwalks, flength);
    caves_edge_walks(lv, ctx->water, fwalks, flength, fluid);

    lv->obs.cave_late_walks = (uint8_t)caves_edge_walks(
        lv, r, CAVE_LATE_WALKS, rng_d(r, CAVE_LATE_DIE) + CAVE_LATE_PLUS, CELL_FLOOR);
    caves_edge_walks(lv, ctx->water, fwalks, flength + wt->cave_second_extra, fluid);
    water_pass_note(&lv->obs, fluid, fwalks, flength + wt->cave_second_extra);
}

/* [decision] The river is drawn on the finished cave: the pipeline's water
 * step (WIKI_WATER), which layout-only mode skips. */
void layout_caves(layout_ctx_t *ctx)
{
    caves_dig(ctx, ctx->p->tables->water);
}
