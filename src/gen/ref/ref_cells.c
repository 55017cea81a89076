/* ref_cells.c - the free-cell lists of population, plainly
 * (docs/population.md).
 *
 * Population draws cells uniformly from lists of the cells of some kinds in
 * x 2..77, y 2..19 (nothing is placed on the border), in row-major order
 * (y, then x); taking the cell at position i moves the list's last entry
 * into the hole.  Which cell a draw lands on depends on that order, so it
 * is part of the rule as drlsim implements it.  Monsters and items share
 * one pool of the standable cells (floor, water, bridge) without the start
 * and stairs, whose cells inside the keep-out box are moved to the back
 * (a scan from the front swaps each inside cell with the last unscanned
 * one): monsters draw among the cells in front of them, items among all,
 * and a take keeps the two parts apart.
 */
#include "ref.h"

void ref_cells_of(ref_cells_t *l, const grid_t *g, cellset_t kinds)
{
    l->n = 0;
    for (int y = 2; y <= GRID_H - 1; y++)
        for (int x = 2; x <= GRID_W - 1; x++)
            if (kinds & CELLSET(grid_get(g, x, y)))
                l->at[l->n++] = (point_t){(uint8_t)x, (uint8_t)y};
}

int ref_cells_find(const ref_cells_t *l, int x, int y)
{
    for (int i = 0; i < l->n; i++)
        if (l->at[i].x == x && l->at[i].y == y)
            return i;
    return -1;
}

void ref_cells_remove(ref_cells_t *l, int i)
{
    l->at[i] = l->at[--l->n];
}

static bool inside(const rect_t *k, point_t c)
{
    return c.x >= k->x1 && c.x <= k->x2 && c.y >= k->y1 && c.y <= k->y2;
}

static void pool_drop(ref_pool_t *p, point_t c)
{
    int i = ref_cells_find(&p->cells, c.x, c.y);
    if (i >= 0)
        ref_cells_remove(&p->cells, i);
}

void ref_pool_build(ref_pool_t *p, const level_t *lv)
{
    ref_cells_t *l = &p->cells;
    ref_cells_of(l, &lv->map,
                 CELLSET(CELL_FLOOR) | CELLSET(CELL_WATER) | CELLSET(CELL_BRIDGE) |
                     CELLSET(CELL_MUD) | CELLSET(CELL_BLOOD));
    pool_drop(p, lv->start);
    for (int i = 0; i < lv->nstairs; i++)
        pool_drop(p, lv->stairs[i]);
    /* the cells inside the box to the back: swap each with the last unsorted */
    int lo = 0, hi = l->n - 1;
    while (lv->keepout.x1 && lo <= hi) {
        if (inside(&lv->keepout, l->at[lo])) {
            point_t c = l->at[lo];
            l->at[lo] = l->at[hi];
            l->at[hi--] = c;
        } else {
            lo++;
        }
    }
    p->nout = lv->keepout.x1 ? lo : l->n;
}

/* A cell drawn among the outside ones or all; the holes are filled so that
 * the outside cells stay in front. */
bool ref_pool_take(ref_pool_t *p, bool outside, rng_t *r, point_t *out)
{
    ref_cells_t *l = &p->cells;
    int range = outside ? p->nout : l->n;
    if (range == 0)
        return false;
    int i = (int)rng_below(r, (uint32_t)range);
    *out = l->at[i];
    if (i < p->nout) {
        l->at[i] = l->at[p->nout - 1];
        l->at[p->nout - 1] = l->at[l->n - 1];
        p->nout--;
        l->n--;
    } else {
        ref_cells_remove(l, i);
    }
    return true;
}

