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

#include <stdint.h>

#include "grid.h"

#define CELLPOOL_ROWS (GRID_H + 2)
#define CELLPOOL_MAX (GRID_W * GRID_H)

typedef struct cellpool {
    uint64_t lo[CELLPOOL_ROWS], hi[CELLPOOL_ROWS]; /* the set: bit x of row y (x 0..79) */
    uint8_t nlo[CELLPOOL_ROWS];                    /* cells of lo[y] */
    uint16_t cum[CELLPOOL_ROWS + 1];               /* cells in rows before y */
    uint16_t end[32];                              /* cum[y + 1], padded with 0xffff */
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

/* The cell (GRID_IDX) at position i, 0 <= i < initial length. */
int cellpool_get(const cellpool_t *p, int i);

/* Position i now holds cell c. */
void cellpool_set(cellpool_t *p, int i, int c);

/* The position < p->n that holds cell c, or -1. */
int cellpool_find(const cellpool_t *p, int c);

/* The cell at position n - 1, i.e. cellpool_get(p, p->n - 1): successive
 * calls walk down the list, so this steps to the previous set bit instead of
 * searching (the tail moves by one per removal). */
int cellpool_tail(cellpool_t *p);

/* Remove position i: the last entry moves into it (a[i] = a[--n]). */
static inline void cellpool_remove(cellpool_t *p, int i)
{
    if (i != p->n - 1)
        cellpool_set(p, i, cellpool_tail(p));
    p->n--;
}

#endif
