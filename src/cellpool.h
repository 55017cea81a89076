/* cellpool.h - a row-major list of map cells with swap-remove, never written out.
 *
 * Population picks cells uniformly from lists of free cells: the list is
 * every cell of a set in row-major order (y, then x ascending), and a pick at
 * position i moves the list's last entry into the hole.  Those positions are
 * part of the output (which cell a draw lands on), so the list's order must
 * be kept exactly; but a level takes only a few dozen cells from a list of
 * up to 1560.  A cellpool therefore keeps the set as bit rows with per-row
 * prefix counts (position -> cell is a select, cell -> position a rank) and
 * stores only the positions that a removal has overwritten.  Building one
 * costs a few hundred instructions instead of a pass over the map, and
 * every operation behaves exactly as on the written-out array (the unit test
 * compares the two on random sets and operations).
 */
#ifndef DRLSIM_CELLPOOL_H
#define DRLSIM_CELLPOOL_H

#include <stdbool.h>
#include <stdint.h>

#include "grid.h"

#define CELLPOOL_ROWS (GRID_H + 2)
#define CELLPOOL_MAX (GRID_W * GRID_H)
#define CELLPOOL_BLOCK 32 /* positions per entry of the row index */

typedef struct cellpool {
    uint64_t lo[CELLPOOL_ROWS], hi[CELLPOOL_ROWS]; /* the set: bit x of row y (x 0..79) */
    uint8_t nlo[CELLPOOL_ROWS];                    /* cells of lo[y] */
    uint16_t cum[CELLPOOL_ROWS + 1];               /* cells in rows before y */
    /* row of position b * BLOCK; 3 bytes of slack for the 4-byte stores of
     * cellpool_init (a row of <= 78 cells starts at most 3 blocks) */
    uint8_t row_of[CELLPOOL_MAX / CELLPOOL_BLOCK + 1 + 3];
    int n;                                         /* current length */
    int ndirty;                                    /* positions overwritten so far */
    int tpos, tx, ty;                              /* cellpool_tail's cursor: untouched
                                                      position tpos is cell (tx, ty) */
    uint64_t dirty[(CELLPOOL_MAX + 63) / 64];      /* bit i: val[i] holds position i */
    uint16_t dirty_pos[CELLPOOL_MAX];
    uint16_t val[CELLPOOL_MAX];
} cellpool_t;

/* The list of the cells set in rows (bits 0..GRID_STRIDE-1 of rows y = 0..GRID_H+1;
 * at most CELLPOOL_MAX of them), in row-major order. */
void cellpool_init(cellpool_t *p, const bitrow_t rows[CELLPOOL_ROWS]);

/* The position < p->n that holds cell c, or -1. */
int cellpool_find(const cellpool_t *p, int c);

/* Move the cell (x, y) of an untouched position to that of the position
 * before it (the previous set bit in row-major order). */
void cellpool_untouched_step(const cellpool_t *p, int *x, int *y);

static inline bool cellpool_dirty(const cellpool_t *p, int i)
{
    return p->dirty[i >> 6] >> (i & 63) & 1;
}

/* Position i's cell when no removal has written it: its row from the block
 * index (and at most a step or two on), then the bit within the row. */
static inline void cellpool_untouched(const cellpool_t *p, int i, int *xo, int *yo)
{
    int y = p->row_of[i / CELLPOOL_BLOCK];
    while (p->cum[y + 1] <= i)
        y++;
    const int k = i - p->cum[y];
    *xo = k < p->nlo[y] ? grid_select64(p->lo[y], k)
                        : 64 + grid_select64(p->hi[y], k - p->nlo[y]);
    *yo = y;
}

/* The cell (GRID_IDX) at position i, 0 <= i < initial length. */
static inline int cellpool_get(const cellpool_t *p, int i)
{
    if (cellpool_dirty(p, i))
        return p->val[i];
    int x, y;
    cellpool_untouched(p, i, &x, &y);
    return GRID_IDX(x, y);
}

/* Position i now holds cell c. */
static inline void cellpool_set(cellpool_t *p, int i, int c)
{
    const uint64_t bit = UINT64_C(1) << (i & 63);
    if (!(p->dirty[i >> 6] & bit)) {
        p->dirty[i >> 6] |= bit;
        p->dirty_pos[p->ndirty++] = (uint16_t)i;
    }
    p->val[i] = (uint16_t)c;
}

/* The cell at position n - 1, i.e. cellpool_get(p, p->n - 1): successive
 * calls walk down the list, so this steps to the previous set bit instead of
 * searching (the tail moves by one per removal). */
static inline int cellpool_tail(cellpool_t *p)
{
    const int i = p->n - 1;
    if (cellpool_dirty(p, i))
        return p->val[i];
    if (p->tpos == i + 1)
        cellpool_untouched_step(p, &p->tx, &p->ty);
    else if (p->tpos != i)
        cellpool_untouched(p, i, &p->tx, &p->ty);
    p->tpos = i;
    return GRID_IDX(p->tx, p->ty);
}

/* Remove position i: the last entry moves into it (a[i] = a[--n]). */
static inline void cellpool_remove(cellpool_t *p, int i)
{
    if (i != p->n - 1)
        cellpool_set(p, i, cellpool_tail(p));
    p->n--;
}

#endif
