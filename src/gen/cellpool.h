/* cellpool.h - a row-major list of map cells with swap-remove.
 *
 * Population picks cells uniformly from lists of free cells: the list is
 * every cell of a set in row-major order (y, then x ascending), and a pick at
 * position i moves the list's last entry into the hole.  Those positions are
 * part of the output (which cell a draw lands on), so the list's order must
 * be kept exactly.  The list is written out from bit rows eight cells at a
 * time (a table gives the set bits of each byte; cellpool.c), which for the
 * ~1000-cell lists of a level costs less than answering each of its few
 * dozen picks from the bit rows by rank and select; every operation is then
 * a load or a store.  The unit test compares the pool with a list built cell
 * by cell on random sets and operations.
 */
#ifndef DRLSIM_CELLPOOL_H
#define DRLSIM_CELLPOOL_H

#include <stdbool.h>
#include <stdint.h>

#include "grid.h"

#define CELLPOOL_ROWS (GRID_H + 2)
#define CELLPOOL_MAX (GRID_W * GRID_H)

/* A cell as the lists hold it: x in the low byte, y in the high one (the
 * bytes of a point_t), so a pick splits into x and y without a division. */
#define CELLPOOL_CELL(x, y) ((y) << 8 | (x))
#define CELLPOOL_DROPPED 24 /* dropped cells find remembers (start and stairs) */
#define CELLPOOL_X(c) ((c) & 0xff)
#define CELLPOOL_Y(c) ((c) >> 8)

typedef struct cellpool {
    const bitrow_t *rows;        /* the set as built (the caller's rows, kept alive
                                    and unchanged while the pool is used) */
    uint16_t cum[CELLPOOL_ROWS]; /* cells of the set in rows before y */
    int n;                       /* current length */
    int ndropped;                /* cells removed by cellpool_drop (all counted) */
    uint16_t dropped[CELLPOOL_DROPPED]; /* the first CELLPOOL_DROPPED of them */
    /* the list (CELLPOOL_CELL cells); 8 entries of slack for the last 8-wide store */
    uint16_t val[CELLPOOL_ROWS * GRID_STRIDE + 8]; /* any rows fit, + the 8-cell overrun */
} cellpool_t;

/* The list of the cells set in rows (bits 0..GRID_STRIDE-1 of rows y = 0..GRID_H+1;
 * at most CELLPOOL_MAX of them), in row-major order.  cellpool_find reads
 * rows later: they must outlive the pool unchanged. */
void cellpool_init(cellpool_t *p, const bitrow_t rows[CELLPOOL_ROWS]);

/* cellpool_init with the byte-table expansion (simd) or a plain walk over
 * the set bits, for the unit test; both build the same list. */
void cellpool_init_with(cellpool_t *p, const bitrow_t rows[CELLPOOL_ROWS], bool simd);

/* The position < p->n that holds cell c, or -1.  A cell is looked up by
 * its rank in the set as built; only one that a removal moved, or removed
 * by position (cellpool_remove) rather than by cellpool_drop, costs a
 * search of the list. */
int cellpool_find(const cellpool_t *p, int c);

/* Remove cell c if the list holds it (found, then removed as by
 * cellpool_remove), and remember it as gone for cellpool_find. */
void cellpool_drop(cellpool_t *p, int c);

/* The cell (CELLPOOL_CELL) at position i, 0 <= i < p->n. */
static inline int cellpool_get(const cellpool_t *p, int i)
{
    return p->val[i];
}

/* Position i now holds cell c. */
static inline void cellpool_set(cellpool_t *p, int i, int c)
{
    p->val[i] = (uint16_t)c;
}

/* The cell at position n - 1. */
static inline int cellpool_tail(const cellpool_t *p)
{
    return p->val[p->n - 1];
}

/* Remove position i: the last entry moves into it (a[i] = a[--n]). */
static inline void cellpool_remove(cellpool_t *p, int i)
{
    p->val[i] = p->val[--p->n];
}

/* Ranks in a row-major cell list that is never written out, for a level's
 * one or two floor picks (the start and stairs), where writing the list out
 * would cost more than looking the picks up: per-row prefix counts, then a
 * select within the row. */
typedef struct cellrank {
    const bitrow_t *rows;            /* the set (the caller's rows, kept alive) */
    uint16_t cum[CELLPOOL_ROWS + 1]; /* cells in rows before y; cum[ROWS] = all */
} cellrank_t;

void cellrank_init(cellrank_t *r, const bitrow_t rows[CELLPOOL_ROWS]);

/* The cell (CELLPOOL_CELL) at position k < r->cum[CELLPOOL_ROWS] of the list. */
int cellrank_select(const cellrank_t *r, int k);

/* The position of cell c in the list, or -1 when c is not in the set. */
int cellrank_rank(const cellrank_t *r, int c);

#endif
