/* cellpool.c - the lazily written cell list of cellpool.h.
 *
 * Position i of the untouched list is the i-th set bit in row-major order:
 * an index of the row at every 32nd position finds the row (then at most a
 * row or two on), and a broadword select (select64, grid.h) the bit in the
 * row.  The hot accessors are inline in cellpool.h.  Positions written by a removal live in val[], flagged in
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

/* The body of cellpool_init, instantiated with the SWAR popcount and (on
 * x86-64 CPUs that have it, chosen at run time) the POPCNT instruction: the
 * 44 row counts are most of the work. */
static inline __attribute__((always_inline)) void init_rows(cellpool_t *p,
                                                            const bitrow_t rows[CELLPOOL_ROWS],
                                                            bool hw)
{
    int n = 0, b = 0;
    for (int y = 0; y < CELLPOOL_ROWS; y++) {
        p->lo[y] = (uint64_t)rows[y];
        p->hi[y] = (uint64_t)(rows[y] >> 64);
        p->cum[y] = (uint16_t)n;
        int a = hw ? __builtin_popcountll(p->lo[y]) : popcount64(p->lo[y]);
        p->nlo[y] = (uint8_t)a;
        n += a + (hw ? __builtin_popcountll(p->hi[y]) : popcount64(p->hi[y]));
        /* the blocks that start in this row (0 to 3 of them): one 4-byte
         * store, not a byte loop (which the compiler turns into a memset
         * call per row) */
        const int lim = (n + CELLPOOL_BLOCK - 1) / CELLPOOL_BLOCK;
        const uint32_t four = UINT32_C(0x01010101) * (uint32_t)y;
        memcpy(&p->row_of[b], &four, 4);
        b = lim;
    }
    assert(n <= CELLPOOL_MAX);
    _Static_assert((GRID_W + CELLPOOL_BLOCK - 1) / CELLPOOL_BLOCK + 1 <= 4,
                   "a row starts at most 4 blocks");
    p->cum[CELLPOOL_ROWS] = (uint16_t)n;
    p->n = n;
    p->ndirty = 0;
    p->tpos = -1;
    memset(p->dirty, 0, sizeof p->dirty);
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__)
__attribute__((target("popcnt"))) static void init_popcnt(cellpool_t *p,
                                                          const bitrow_t rows[CELLPOOL_ROWS])
{
    init_rows(p, rows, true);
}

void cellpool_init(cellpool_t *p, const bitrow_t rows[CELLPOOL_ROWS])
{
    if (__builtin_cpu_supports("popcnt"))
        init_popcnt(p, rows);
    else
        init_rows(p, rows, false);
}
#else
void cellpool_init(cellpool_t *p, const bitrow_t rows[CELLPOOL_ROWS])
{
#ifdef __POPCNT__
    init_rows(p, rows, true);
#else
    init_rows(p, rows, false);
#endif
}
#endif

static inline int top_bit(uint64_t v)
{
    return 63 - __builtin_clzll(v);
}

/* The cursor (x, y) moves to the previous set bit in row-major order: lower
 * in this row, else the last of an earlier row (one exists: the cursor is
 * never at position 0 when stepped). */
void cellpool_untouched_step(const cellpool_t *p, int *xo, int *yo)
{
    int x = *xo, y = *yo;
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
    *xo = x;
    *yo = y;
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
