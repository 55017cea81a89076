/* ref_water.c - rivers and fluid passes, plainly (docs/rules.md §4,
 * docs/water.md).
 *
 * River: when the type has a chance and rivers are on, roll it; the fluid
 * is dlevel + d(2D+6) against the table; a horizontal river (the type's
 * style decides whether one may be) has width d3+1, a bridge 5/6 at
 * columns 8+d60 and +1, and starts at y = 10 + d(2w) - w; a vertical set is
 * one, two or three rivers (widths and positions below), each with a bridge
 * at rows 3+d14 and +1.  A river's first row (column) is its y (x) plus
 * one; after each column (row) a drift draw (1/6 across, 1/3 down) moves it
 * by d3-2, kept in rows 4..18 (columns 4..75).  River cells on the border
 * are edge fluid.  Fluid pass: the dlevel's band gives the walk count, then
 * one length for all the pass's walks; each walk starts on a random cell of
 * its area and paints it and every cell it steps on (9 moves, clamped into
 * the area).  Every draw is from the water stream.
 */
#include "ref.h"

/* A vertical river: width d3 + plus at x = base + d(die). */
typedef struct vriver {
    int plus, base, die;
} vriver_t;

static const vriver_t ONE[] = {{3, 18, 40}};
static const vriver_t TWO[] = {{2, 8, 22}, {2, 48, 22}};
static const vriver_t THREE[] = {{1, 8, 20}, {1, 32, 16}, {1, 50, 20}};
static const vriver_t CAVES[] = {{3, 33, 16}};

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static int drift(rng_t *r, int den)
{
    if (!rng_chance(r, 1, den))
        return 0;
    return rng_d(r, 3) - 2;
}

static void river_cell(grid_t *g, int x, int y, cell_t k)
{
    grid_set(g, x, y, grid_on_border(x, y) ? CELL_EDGE : k);
}

static bool horizontal_river(grid_t *g, rng_t *r, const river_rules_t *rr, cell_t fluid,
                             uint8_t *wo)
{
    int width = rng_d(r, 3) + 1;
    *wo = (uint8_t)width;
    bool bridge = rng_chance(r, rr->horizontal_bridge.num, rr->horizontal_bridge.den);
    int bx = bridge ? 8 + rng_d(r, 60) : -10;
    int y = 10 + rng_d(r, 2 * width) - width;
    for (int x = 1; x <= GRID_W; x++) {
        for (int i = 1; i <= width; i++)
            river_cell(g, x, y + i, x == bx || x == bx + 1 ? CELL_BRIDGE : fluid);
        y = clamp(y + drift(r, 6), 3, GRID_H - width - 2);
    }
    return bridge;
}

/* Returns x as drawn; *last is the x of its last row, *wo its width. */
static int vertical_river(grid_t *g, rng_t *r, const vriver_t *v, cell_t fluid, int *last,
                          uint8_t *wo)
{
    int width = rng_d(r, 3) + v->plus;
    *wo = (uint8_t)width;
    int x = v->base + rng_d(r, v->die), first = x;
    int by = 3 + rng_d(r, 14);
    for (int y = 1; y <= GRID_H; y++) {
        for (int i = 1; i <= width; i++)
            river_cell(g, x + i, y, y == by || y == by + 1 ? CELL_BRIDGE : fluid);
        *last = x;
        x = clamp(x + drift(r, 3), 3, GRID_W - width - 3);
    }
    return first;
}

bool ref_water_river(layout_ctx_t *ctx)
{
    const type_rules_t *tr = ctx->rules;
    rng_t *r = ctx->water;
    if (!ctx->p->rivers || tr->river.num == 0 || !rng_chance(r, tr->river.num, tr->river.den))
        return false;
    const river_rules_t *rr = &ctx->p->tables->water->river;
    level_t *lv = ctx->lv;
    int roll = lv->dlevel + rng_d(r, rr->die_per_difficulty * lv->difficulty + rr->die_plus);
    int row = 0;
    while (row < rr->nfluids - 1 && roll >= rr->below[row])
        row++;
    cell_t fluid = rr->fluid[row];
    bool horizontal = false;
    if (tr->river_style == RIVER_STANDARD)
        horizontal = rng_chance(r, rr->horizontal.num, rr->horizontal.den);
    else if (tr->river_style == RIVER_CAVES)
        horizontal = rng_chance(r, tr->river_horizontal.num, tr->river_horizontal.den);
    lv->obs.river = 1;
    lv->obs.river_fluid = (uint8_t)fluid;
    if (horizontal) {
        lv->obs.river_orient = RIVER_HORIZONTAL;
        lv->obs.river_count = 1;
        lv->obs.river_bridge = horizontal_river(&lv->map, r, rr, fluid, &lv->obs.river_width[0]);
        return true;
    }
    const vriver_t *set = ONE;
    int n = 1;
    if (tr->river_style == RIVER_CAVES) {
        set = CAVES;
    } else if (rng_chance(r, rr->multiple.num, rr->multiple.den)) {
        bool three = rng_chance(r, rr->three_of_multiple.num, rr->three_of_multiple.den);
        set = three ? THREE : TWO;
        n = three ? 3 : 2;
    }
    for (int i = 0; i < n; i++) {
        int last;
        lv->obs.river_x[i] = (uint8_t)vertical_river(&lv->map, r, &set[i], fluid, &last,
                                                         &lv->obs.river_width[i]);
        if (i == 0)
            lv->obs.river_drift = (int8_t)(last - lv->obs.river_x[0]);
    }
    lv->obs.river_orient = RIVER_VERTICAL;
    lv->obs.river_count = (uint8_t)n;
    lv->obs.river_bridge = 1;
    return true;
}

/* The 9 moves: m = 0..8 is dx = m % 3 - 1, dy = m / 3 - 1. */
void ref_water_walk(grid_t *g, rng_t *r, int x, int y, int steps, cell_t k, const area_t *a)
{
    grid_set(g, x, y, k);
    for (int s = 0; s < steps; s++) {
        int m = (int)rng_below(r, 9);
        x = clamp(x + m % 3 - 1, a->x1, a->x2);
        y = clamp(y + m / 3 - 1, a->y1, a->y2);
        grid_set(g, x, y, k);
    }
}

/* The caves' walk: `steps` cells, the start being the first, ending as
 * soon as a step would leave the area. */
void ref_water_walk_stop(grid_t *g, rng_t *r, int x, int y, int steps, cell_t k,
                         const area_t *a)
{
    grid_set(g, x, y, k);
    for (int s = 1; s < steps; s++) {
        int m = (int)rng_below(r, 9);
        x += m % 3 - 1;
        y += m / 3 - 1;
        if (x < a->x1 || x > a->x2 || y < a->y1 || y > a->y2)
            return;
        grid_set(g, x, y, k);
    }
}

void ref_water_fluid_pass(layout_ctx_t *ctx, const area_t *a)
{
    level_t *lv = ctx->lv;
    rng_t *r = ctx->water;
    int walks, length; /* the bookkeeping is plain already: the one function */
    const fluid_band_t *b = water_pass_draw(lv, r, &ctx->p->tables->water->fluid, &walks, &length);
    for (int i = 0; i < walks; i++) {
        int x = rng_range(r, a->x1, a->x2);
        int y = rng_range(r, a->y1, a->y2);
        ref_water_walk(&lv->map, r, x, y, length, b->fluid, a);
    }
}

/* The type's passes; none in layout-only mode, none after a river when the
 * type says so. */
void ref_water_fluids(layout_ctx_t *ctx, const area_t *a)
{
    if (ctx->p->layout_only || (ctx->rules->fluids_only_without_river && ctx->lv->obs.river))
        return;
    for (int i = 0; i < ctx->rules->fluid_passes; i++)
        ref_water_fluid_pass(ctx, a);
}

void ref_water_standard(layout_ctx_t *ctx)
{
    if (ctx->p->layout_only)
        return;
    ref_water_river(ctx);
    ref_water_fluids(ctx, &WATER_INTERIOR);
}

void ref_water_small_rooms(layout_ctx_t *ctx)
{
    const area_t inside = {4, 2, 74, 18};
    ref_water_river(ctx);
    ref_water_fluids(ctx, &inside);
}

void ref_water_city(layout_ctx_t *ctx)
{
    ref_water_fluids(ctx, &WATER_INTERIOR);
}
