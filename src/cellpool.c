/* cellpool.c - the lazily written cell list of cellpool.h.
 *
 * Position i of the untouched list is the i-th set bit in row-major order:
 * a branch-free binary search over the rows' end counts finds the row, and a
 * broadword select (select64, grid.h) the bit in the row.  Positions written by a removal live in val[], flagged in
 * dirty[] and listed in dirty_pos[] (so find can search them).
 */
#include "cellpool.h"

#include <assert.h>
#include <stdbool.h>
#include <string.h>

static inline int pop64(uint64_t v)
{
#ifdef __POPCNT__
    return __builtin_popcountll(v);
#else
    return popcount64(v);
#endif
}

void cellpool_init(cellpool_t *p, const bitrow_t rows[CELLPOOL_ROWS])
{
    int n = 0;
    for (int y = 0; y < CELLPOOL_ROWS; y++) {
        p->lo[y] = (uint64_t)rows[y];
        p->hi[y] = (uint64_t)(rows[y] >> 64);
        p->cum[y] = (uint16_t)n;
        int a = pop64(p->lo[y]);
        p->nlo[y] = (uint8_t)a;
        n += a + pop64(p->hi[y]);
        p->end[y] = (uint16_t)n;
    }
    assert(n <= CELLPOOL_MAX);
    p->cum[CELLPOOL_ROWS] = (uint16_t)n;
    for (int y = CELLPOOL_ROWS; y < 32; y++)
        p->end[y] = UINT16_MAX;
    p->n = n;
    p->ndirty = 0;
    p->tpos = -1;
    memset(p->dirty, 0, sizeof p->dirty);
}

static inline bool is_dirty(const cellpool_t *p, int i)
{
    return p->dirty[i >> 6] >> (i & 63) & 1;
}

/* Untouched position i: its row (how many rows end at or before i), then
 * the bit within the row. */
static inline void untouched(const cellpool_t *p, int i, int *xo, int *yo)
{
    int y = 0;
    for (int step = 16; step; step >>= 1)
        y += p->end[y + step - 1] <= i ? step : 0;
    int k = i - p->cum[y];
    *xo = k < p->nlo[y] ? select64(p->lo[y], k) : 64 + select64(p->hi[y], k - p->nlo[y]);
    *yo = y;
}

int cellpool_get(const cellpool_t *p, int i)
{
    assert(i >= 0 && i < p->cum[CELLPOOL_ROWS]);
    if (is_dirty(p, i))
        return p->val[i];
    int x, y;
    untouched(p, i, &x, &y);
    return GRID_IDX(x, y);
}

static inline int top_bit(uint64_t v)
{
    return 63 - __builtin_clzll(v);
}

int cellpool_tail(cellpool_t *p)
{
    const int i = p->n - 1;
    assert(i >= 0);
    if (is_dirty(p, i))
        return p->val[i];
    if (p->tpos == i + 1) {
        /* the previous set bit: lower in this row, else the last of an earlier row */
        int x = p->tx, y = p->ty;
        uint64_t m;
        if (x >= 64 && (m = p->hi[y] & ((UINT64_C(1) << (x - 64)) - 1)) != 0) {
            x = 64 + top_bit(m);
        } else if ((m = x >= 64 ? p->lo[y] : p->lo[y] & ((UINT64_C(1) << x) - 1)) != 0) {
            x = top_bit(m);
        } else {
            do
                y--;
            while (!(p->lo[y] | p->hi[y]));
            x = p->hi[y] ? 64 + top_bit(p->hi[y]) : top_bit(p->lo[y]);
        }
        p->tx = x;
        p->ty = y;
    } else if (p->tpos != i) {
        untouched(p, i, &p->tx, &p->ty);
    }
    p->tpos = i;
    return GRID_IDX(p->tx, p->ty);
}

void cellpool_set(cellpool_t *p, int i, int c)
{
    assert(i >= 0 && i < CELLPOOL_MAX);
    uint64_t bit = UINT64_C(1) << (i & 63);
    if (!(p->dirty[i >> 6] & bit)) {
        p->dirty[i >> 6] |= bit;
        p->dirty_pos[p->ndirty++] = (uint16_t)i;
    }
    p->val[i] = (uint16_t)c;
}

int cellpool_find(const cellpool_t *p, int c)
{
    /* Entries are distinct (removals only move them), so the one place c can
     * hold apart from its untouched rank is a written position. */
    int y = c / GRID_STRIDE, x = c % GRID_STRIDE;
    if (y >= 0 && y < CELLPOOL_ROWS) {
        uint64_t w = x < 64 ? p->lo[y] : p->hi[y];
        if (w >> (x & 63) & 1) {
            int r = p->cum[y];
            if (x < 64)
                r += pop64(p->lo[y] & ((UINT64_C(1) << x) - 1));
            else
                r += p->nlo[y] + pop64(p->hi[y] & ((UINT64_C(1) << (x - 64)) - 1));
            if (r < p->n && !(p->dirty[r >> 6] >> (r & 63) & 1))
                return r;
        }
    }
    for (int k = 0; k < p->ndirty; k++) {
        int i = p->dirty_pos[k];
        if (i < p->n && p->val[i] == c)
            return i;
    }
    return -1;
}
