/* reach.c - bit-parallel flood fill, see reach.h. */
#include "reach.h"

typedef unsigned __int128 row_t;

#define BIT(x) ((row_t)1 << (x))

/* Extend r along the runs of p it touches, towards higher bits: adding r to
 * p carries from each run's lowest bit of r to the run's top, and the bits
 * the carry flips are exactly those (r must be a subset of p). */
static inline row_t fill_up(row_t r, row_t p)
{
    return r | (((p + r) ^ p) & p);
}

/* Extend r along the runs of p towards lower bits (occluded fill, shifts of
 * 1, 2, 4, ..., 64). */
static inline row_t fill_down(row_t r, row_t p)
{
    r |= p & (r >> 1);
    p &= p >> 1;
    r |= p & (r >> 2);
    p &= p >> 2;
    r |= p & (r >> 4);
    p &= p >> 4;
    r |= p & (r >> 8);
    p &= p >> 8;
    r |= p & (r >> 16);
    p &= p >> 16;
    r |= p & (r >> 32);
    p &= p >> 32;
    r |= p & (r >> 64);
    return r;
}

static inline row_t spread(row_t r)
{
    return r | (r << 1) | (r >> 1);
}


/* One row update: what row y can reach from itself and its neighbours. */
static inline row_t settle(const row_t *reach, const row_t *pass, int y)
{
    row_t r = (reach[y] | spread(reach[y - 1]) | spread(reach[y + 1])) & pass[y];
    return fill_down(fill_up(r, pass[y]), pass[y]);
}

int reach_unreachable(const grid_t *g, int sx, int sy)
{
    row_t pass[GRID_H + 2], reach[GRID_H + 2] = {0};
    const row_t columns = (BIT(GRID_W + 1) - 1) & ~BIT(0); /* x 1..78 */
    int total = 0;
    /* Passable is "not impassable" (kept in step with cell_is_passable). */
    grid_mask_rows(g, CELLSET_IMPASSABLE, pass);
    pass[0] = pass[GRID_H + 1] = 0;
    for (int y = 1; y <= GRID_H; y++) {
        pass[y] = ~pass[y] & columns;
        total += bitrow_popcount(pass[y]);
    }
    if (!grid_in_map(sx, sy) || !(pass[sy] & BIT(sx)))
        return total;
    reach[sy] = BIT(sx);
    bool changed = true;
    while (changed) {
        changed = false;
        for (int y = 1; y <= GRID_H; y++) {
            row_t r = settle(reach, pass, y);
            if (r != reach[y]) {
                reach[y] = r;
                changed = true;
            }
        }
        for (int y = GRID_H; y >= 1; y--) {
            row_t r = settle(reach, pass, y);
            if (r != reach[y]) {
                reach[y] = r;
                changed = true;
            }
        }
    }
    int got = 0;
    for (int y = 1; y <= GRID_H; y++)
        got += bitrow_popcount(reach[y]);
    return total - got;
}
