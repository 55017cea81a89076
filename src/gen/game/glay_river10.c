/* glay_river10.c - the rivers of game-0.10.10b (docs/rules.md H17, H21-H24)
 * and its empty-cell searches (H2).
 *
 * [game-0.10.10b: bin/data/core/generator.lua:1044-1261] A river runs
 * across the whole map, the ring included, with no re-walling after it
 * (H26: no CELL_EDGE).  While it is drawn, each column (row) whose two
 * bank cells are floor, bridge or door joins the bridge candidates; the
 * bridges are then single columns (rows) or pairs of neighbouring
 * candidates, by the counts of water.json's river.bridges.  The fluid is
 * drawn once per call (H24), from the rows of water.json's river.fluid
 * with their picks.  All draws from the stream passed in (the water
 * stream), in the game's order.
 */
#include "glay.h"

#include <assert.h>
#include <string.h>

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* p in [num/den] by one Random(den), as the game's 1dN = 1 tests. */
static bool glay_frac(rng_t *r, frac_t f)
{
    return glay_random(r, f.den) < f.num;
}

/* [game-0.10.10b: generator.lua:1044-1202] */
#define HRIVER_CENTRE 10          /* first row above the river: 10 + d(2w) - w */
#define HRIVER_Y_MIN 3            /* drift keeps it in 3..18 - w */
#define HRIVER_BOTTOM_MARGIN 2
#define HRIVER_DRIFT_DIE 6        /* a drift with 1d6 = 1 per column */
#define VRIVER_X_MIN 3            /* the column before the river: 3..75 - w */
#define VRIVER_RIGHT_MARGIN 3
#define VRIVER_DRIFT_DIE 3        /* a drift with 1d3 = 1 per row */
#define VRIVER_ONE_X_BASE 18      /* a river with no position: 18 + d40 */
#define VRIVER_ONE_X_DIE 40
#define RIVER_DRIFT_STEP_DIE 3    /* a drift moves by d3 - 2 */
/* the bank cells that make a candidate: the game's floor and door sets */
#define BANK_SET (CELLSET(CELL_FLOOR) | CELLSET(CELL_BRIDGE) | CELLSET(CELL_DOOR))
#define CAND_MAX GRID_W

cell_t glay10_river_fluid(rng_t *r, const glay_tables_t *t, const glay_river_row_t *rows, int n,
                          const level_t *lv, cell_t cave_fluid)
{
    const river_rules_t *rr = &t->water.river;
    const int lvl = lv->dlevel + glay_dn(r, rr->die_per_difficulty * lv->difficulty + rr->die_plus);
    int i = 0;
    while (i < n - 1 && lvl >= rows[i].below)
        i++;
    const glay_river_row_t *row = &rows[i];
    if (row->pick.n > 0)
        return row->pick.k[glay_random(r, row->pick.n)];
    if (row->keep_cave_blood && cave_fluid == CELL_BLOOD)
        return CELL_BLOOD;
    return row->fluid;
}

/* A bridge candidate: its place along the river (a column of a horizontal
 * river, a row of a vertical one) and the row (column) before the river
 * there. */
typedef struct cand {
    int along, before;
} cand_t;

static void bridge_cells(grid_t *g, cand_t c, int width, bool horizontal)
{
    for (int w = 1; w <= width; w++) {
        if (horizontal)
            grid_set(g, c.along, c.before + w, CELL_BRIDGE);
        else
            grid_set(g, c.before + w, c.along, CELL_BRIDGE);
    }
}

/* The bridges of one river from its n candidates (H22, H23); returns the
 * bridged columns (rows), the first one's place in *first. */
static int bridges(grid_t *g, rng_t *r, const glay_bridges_t *b, cand_t *cand, int n, int width,
                   bool horizontal, int *first)
{
    if (n == 0)
        return 0;
    int pair[CAND_MAX], np = 0; /* pair i: candidates i and i + 1 */
    for (int i = 0; i + 1 < n; i++)
        if (cand[i + 1].along == cand[i].along + 1)
            pair[np++] = i;
    int made = 0;
    if (np == 0 || glay_frac(r, b->singles_chance)) {
        int count = dice_roll(r, b->singles);
        for (; count > 0 && n > 0; count--) {
            const int i = glay_random(r, n);
            const cand_t c = cand[i];
            cand[i] = cand[--n]; /* a removal is uniform over what is left */
            bridge_cells(g, c, width, horizontal);
            if (made++ == 0)
                *first = c.along;
        }
    } else {
        int count = dice_roll(r, b->doubles);
        for (; count > 0 && np > 0; count--) {
            const int i = glay_random(r, np);
            const cand_t c = cand[pair[i]], d = cand[pair[i] + 1];
            pair[i] = pair[--np];
            bridge_cells(g, c, width, horizontal);
            bridge_cells(g, d, width, horizontal);
            if (made == 0)
                *first = c.along;
            made += 2;
            if (c.along < b->edge_below || d.along > b->edge_above)
                count++; /* a pair in an edge zone does not count */
        }
    }
    return made;
}

static bool bank(const grid_t *g, int x, int y)
{
    return (BANK_SET & CELLSET(grid_get(g, x, y))) != 0;
}

void glay10_horiz_river(level_t *lv, rng_t *stream, const glay_tables_t *t, cell_t fluid,
                        int width)
{
    grid_t *g = &lv->map;
    rng_t local = *stream, *r = &local; /* a local copy: see glay_water.c */
    cand_t cand[CAND_MAX];
    int n = 0;
    int y = HRIVER_CENTRE + glay_dn(r, 2 * width) - width;
    const int y_first = y;
    int y_last = y;
    for (int x = 1; x <= GRID_W; x++) {
        y_last = y;
        for (int w = 1; w <= width; w++)
            grid_set(g, x, y + w, fluid);
        if (bank(g, x, y) && bank(g, x, y + width + 1))
            cand[n++] = (cand_t){x, y};
        if (glay_dn(r, HRIVER_DRIFT_DIE) == 1)
            y = clampi(y + glay_dn(r, RIVER_DRIFT_STEP_DIE) - 2, HRIVER_Y_MIN,
                       GRID_H - width - HRIVER_BOTTOM_MARGIN);
    }
    int first = 0;
    const int made = bridges(g, r, &t->w10.hbridges, cand, n, width, true, &first);
    *stream = local;
    obs_t *o = &lv->obs;
    o->river = 1;
    o->river_fluid = (uint8_t)fluid;
    o->river_orient = RIVER_HORIZONTAL;
    o->river_count = 1;
    o->river_bridge = made > 0;
    o->river_width[0] = (uint8_t)width;
    o->game.hriver_drift = (int8_t)(y_last - y_first);
    o->game.bridge_at = (uint8_t)first;
}

void glay10_vert_river(level_t *lv, rng_t *stream, const glay_tables_t *t, cell_t fluid, int pos,
                       int width_plus)
{
    grid_t *g = &lv->map;
    rng_t local = *stream, *r = &local;
    obs_t *o = &lv->obs;
    if (pos <= 0)
        pos = VRIVER_ONE_X_BASE + glay_dn(r, VRIVER_ONE_X_DIE);
    const int width = glay_dn(r, t->k.river_width_die) + width_plus;
    const int x_max = GRID_W - width - VRIVER_RIGHT_MARGIN;
    int x = clampi(pos, VRIVER_X_MIN, x_max);
    const int x_start = x;
    int x_last = x;
    int x_at[GRID_H + 1]; /* the column before the river on each row */
    cand_t cand[CAND_MAX];
    int n = 0;
    for (int y = 1; y <= GRID_H; y++) {
        x_last = x;
        x_at[y] = x;
        glay_fill_run(&g->c[GRID_IDX(x + 1, y)], width, fluid); /* cells x+1 .. x+width */
        if (bank(g, x, y) && bank(g, x + width + 1, y))
            cand[n++] = (cand_t){y, x};
        if (glay_dn(r, VRIVER_DRIFT_DIE) == 1)
            x = clampi(x + glay_dn(r, RIVER_DRIFT_STEP_DIE) - 2, VRIVER_X_MIN, x_max);
    }
    int first = 0;
    const int made = bridges(g, r, &t->w10.vbridges, cand, n, width, false, &first);
    *stream = local;
    glay_note_vriver(o, fluid, made > 0, x_start, width, x_last - x_start, first);
    if (o->river_count == 1) { /* the first river: its bridged rows as the map shows them */
        uint32_t rows = 0;
        for (int y = 1; y <= GRID_H; y++)
            if (grid_get(g, x_at[y] + 1, y) == CELL_BRIDGE)
                rows |= UINT32_C(1) << y;
        o->game.bridge_rows = rows;
    }
}

void glay10_rivers(level_t *lv, rng_t *r, const glay_tables_t *t, bool allow_horiz,
                   bool allow_more)
{
    const river_rules_t *rr = &t->water.river;
    const glay_water10_t *w = &t->w10;
    glay_river_row_t base[3] = {{0}};
    const glay_river_row_t *rows = w->river;
    int nrows = w->nriver;
    if (nrows == 0) { /* no picks in the file: its rows as they are */
        for (int i = 0; i < rr->nfluids; i++)
            base[i] = (glay_river_row_t){.below = rr->below[i], .fluid = rr->fluid[i]};
        rows = base;
        nrows = rr->nfluids;
    }
    const cell_t fluid = glay10_river_fluid(r, t, rows, nrows, lv, CELL_FLOOR);
    if (allow_horiz && rng_chance(r, rr->horizontal.num, rr->horizontal.den)) {
        const int width = glay_dn(r, t->k.river_width_die) + t->k.hriver_width_plus;
        glay10_horiz_river(lv, r, t, fluid, width);
        return;
    }
    if (allow_more && rng_chance(r, rr->multiple.num, rr->multiple.den)) {
        const bool three = rng_chance(r, rr->three_of_multiple.num, rr->three_of_multiple.den);
        const glay_river_pos_t *set = three ? GLAY_RIVERS_THREE : GLAY_RIVERS_TWO;
        const int nr = three ? 3 : 2;
        const int plus = three ? t->k.vriver_three_width_plus : t->k.vriver_two_width_plus;
        int pos[3];
        for (int i = 0; i < nr; i++) /* the positions first, then each river */
            pos[i] = set[i].x_base + glay_dn(r, set[i].x_die);
        for (int i = 0; i < nr; i++)
            glay10_vert_river(lv, r, t, fluid, pos[i], plus);
        return;
    }
    glay10_vert_river(lv, r, t, fluid, 0, t->k.vriver_one_width_plus);
}

/* ---- the searches of H2 ------------------------------------------------ */

bool glay10_empty(const grid_t *g, rng_t *r, const area_t *a, cellset_t ok, point_t *at)
{
    const int nx = a->x2 - a->x1 + 1, ny = a->y2 - a->y1 + 1;
    for (int i = 0; i < GLAY10_EMPTY_TRIES; i++) {
        int x, y;
        game_random_at(r, a->x1, nx, a->y1, ny, &x, &y);
        if (ok & CELLSET(grid_get(g, x, y))) {
            *at = (point_t){(uint8_t)x, (uint8_t)y};
            return true;
        }
    }
    for (int y = a->y1; y <= a->y2; y++)
        for (int x = a->x1; x <= a->x2; x++)
            if (ok & CELLSET(grid_get(g, x, y))) {
                *at = (point_t){(uint8_t)x, (uint8_t)y};
                return true;
            }
    return false;
}

static bool square_at(const grid_t *g, int x, int y)
{
    return grid_get(g, x, y) == CELL_FLOOR && glay_around(g, x, y, CELLSET(CELL_FLOOR)) == 8;
}

bool glay10_square(const grid_t *g, rng_t *r, const area_t *a, point_t *at)
{
    const area_t s = {a->x1 + 1, a->y1 + 1, a->x2 - 1, a->y2 - 1};
    const int nx = s.x2 - s.x1 + 1, ny = s.y2 - s.y1 + 1;
    for (int i = 0; i < GLAY10_SQUARE_TRIES; i++) {
        int x, y;
        game_random_at(r, s.x1, nx, s.y1, ny, &x, &y);
        if (square_at(g, x, y)) {
            *at = (point_t){(uint8_t)x, (uint8_t)y};
            return true;
        }
    }
    for (int y = s.y1; y <= s.y2; y++)
        for (int x = s.x1; x <= s.x2; x++)
            if (square_at(g, x, y)) {
                *at = (point_t){(uint8_t)x, (uint8_t)y};
                return true;
            }
    return false;
}
