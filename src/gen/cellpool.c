/* cellpool.c - the written-out cell list of cellpool.h.
 *
 * A row is written out a byte (eight cells) at a time: a table gives, for
 * each byte value, the offsets of its set bits in ascending order (padded to
 * eight), so one 8-wide add of the byte's first cell and one 16-byte store
 * write all of its cells, and the list moves on by the byte's bit count.
 * The stores overrun the list's end by up to seven entries, which the slack
 * of val[] takes.  cellpool_find ranks a cell within the set as built and
 * falls back to a search only when a removal has moved it.
 */
#include "cellpool.h"

#include <assert.h>
#include <string.h>

#include "cpu.h"

/* expand_at[b][j]: the j-th set bit of b (0 past the last); expand_n[b]:
 * how many.  Built once before main. */
static _Alignas(16) uint16_t expand_at[256][8];
static uint8_t expand_n[256];

__attribute__((constructor)) static void make_expand(void)
{
    for (int b = 0; b < 256; b++) {
        int n = 0;
        for (int x = 0; x < 8; x++)
            if (b >> x & 1)
                expand_at[b][n++] = (uint16_t)x;
        expand_n[b] = (uint8_t)n;
    }
}

/* Byte k (0..GRID_STRIDE/8-1) of a row: a byte load where the 128-bit row
 * is little-endian in memory. */
static inline unsigned row_byte(const bitrow_t *row, int k)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return ((const uint8_t *)row)[k];
#else
    return (unsigned)(*row >> (8 * k)) & 0xffu;
#endif
}

/* The table expansion. */
static void expand_rows_plain(cellpool_t *p, const bitrow_t rows[CELLPOOL_ROWS])
{
    _Static_assert(GRID_STRIDE % 8 == 0 && GRID_STRIDE <= 8 * sizeof(bitrow_t) &&
                       CELLPOOL_ROWS <= 256,
                   "a row is whole bytes of a bit row; x and y are bytes of a cell");
    uint16_t *out = p->val;
    for (int y = 0; y < CELLPOOL_ROWS; y++) {
        p->cum[y] = (uint16_t)(out - p->val);
        if (!rows[y]) /* the border rows of a census */
            continue;
        for (int k = 0; k < GRID_STRIDE / 8; k++) {
            const unsigned b = row_byte(&rows[y], k);
            for (int j = 0; j < 8; j++)
                out[j] = (uint16_t)(CELLPOOL_CELL(8 * k, y) + expand_at[b][j]);
            out += expand_n[b];
        }
    }
    p->n = (int)(out - p->val);
}

#if CPU_SIMD
/* The same with SSE2: the byte's first cell is one running vector of 8
 * equal lanes, 8 more per byte and the rest of a row's 256 cell numbers
 * after its GRID_STRIDE / 8 bytes, so nothing is set up per row. */
static void expand_rows_sse2(cellpool_t *p, const bitrow_t rows[CELLPOOL_ROWS])
{
    uint16_t *out = p->val;
    __m128i base = _mm_setzero_si128();
    const __m128i eight = _mm_set1_epi16(8), row = _mm_set1_epi16(CELLPOOL_CELL(0, 1)),
                  row_rest = _mm_set1_epi16(CELLPOOL_CELL(0, 1) - GRID_STRIDE);
    for (int y = 0; y < CELLPOOL_ROWS; y++) {
        p->cum[y] = (uint16_t)(out - p->val);
        if (!rows[y]) { /* the border rows of a census */
            base = _mm_add_epi16(base, row);
            continue;
        }
        for (int k = 0; k < GRID_STRIDE / 8; k++) {
            const unsigned b = row_byte(&rows[y], k);
            const __m128i at = _mm_load_si128((const __m128i *)expand_at[b]);
            _mm_storeu_si128((__m128i *)out, _mm_add_epi16(at, base));
            base = _mm_add_epi16(base, eight);
            out += expand_n[b];
        }
        base = _mm_add_epi16(base, row_rest);
    }
    p->n = (int)(out - p->val);
}
#endif

static void expand_rows(cellpool_t *p, const bitrow_t rows[CELLPOOL_ROWS])
{
#if CPU_SIMD
    if (cpu_uses(CPU_SSE2)) {
        expand_rows_sse2(p, rows);
        return;
    }
#endif
    expand_rows_plain(p, rows);
}

/* The same list bit by bit: the twin the unit test holds the table to. */
static void walk_rows(cellpool_t *p, const bitrow_t rows[CELLPOOL_ROWS])
{
    uint16_t *out = p->val;
    for (int y = 0; y < CELLPOOL_ROWS; y++) {
        p->cum[y] = (uint16_t)(out - p->val);
        for (int h = 0; h < 2; h++)
            for (uint64_t w = (uint64_t)(rows[y] >> (64 * h)); w; w &= w - 1)
                *out++ = (uint16_t)(CELLPOOL_CELL(64 * h, y) + __builtin_ctzll(w));
    }
    p->n = (int)(out - p->val);
}

void cellpool_init_with(cellpool_t *p, const bitrow_t rows[CELLPOOL_ROWS], bool simd)
{
    p->rows = rows;
    p->ndropped = 0;
    if (simd)
        expand_rows(p, rows);
    else
        walk_rows(p, rows);
    assert(p->n <= CELLPOOL_MAX);
}

void cellpool_init(cellpool_t *p, const bitrow_t rows[CELLPOOL_ROWS])
{
    cellpool_init_with(p, rows, true);
}

/* The body of cellpool_find, compiled twice: with POPCNT and plain. */
static inline __attribute__((always_inline)) int find_cell(const cellpool_t *p, int c, bool hw)
{
    const int y = CELLPOOL_Y(c), x = CELLPOOL_X(c);
    if (c < 0 || y >= CELLPOOL_ROWS || x >= GRID_STRIDE)
        return -1;
    if (!(p->rows[y] >> x & 1))
        return -1; /* never in the list */
    /* Its position in the list as built, unless a removal moved it (entries
     * are distinct, so then it is elsewhere or gone). */
    const int r = p->cum[y] + cpu_bitrow_cells(p->rows[y] & (BITROW_BIT(x) - 1), hw);
    if (r < p->n && p->val[r] == c)
        return r;
    /* a dropped cell (the arena's start, inside its keep-out box) is gone */
    for (int k = 0; k < p->ndropped && k < CELLPOOL_DROPPED; k++)
        if (p->dropped[k] == c)
            return -1;
    for (int i = 0; i < p->n; i++)
        if (p->val[i] == c)
            return i;
    return -1;
}

#if CPU_SIMD
CPU_AVX2_FN static int find_popcnt(const cellpool_t *p, int c)
{
    return find_cell(p, c, true);
}
#endif

int cellpool_find(const cellpool_t *p, int c)
{
#if CPU_SIMD
    if (cpu_uses(CPU_AVX2))
        return find_popcnt(p, c);
#endif
    return find_cell(p, c, false);
}

void cellpool_drop(cellpool_t *p, int c)
{
    const int i = cellpool_find(p, c);
    if (i < 0)
        return;
    cellpool_remove(p, i);
    if (p->ndropped < CELLPOOL_DROPPED)
        p->dropped[p->ndropped] = (uint16_t)c;
    p->ndropped++;
}

/* ---- cellrank ---- */

/* The body of cellrank_init, compiled twice: with POPCNT and plain. */
static inline __attribute__((always_inline)) void rank_rows(cellrank_t *r, bool hw)
{
    int n = 0;
    for (int y = 0; y < CELLPOOL_ROWS; y++) {
        r->cum[y] = (uint16_t)n;
        n += cpu_bitrow_cells(r->rows[y], hw);
    }
    r->cum[CELLPOOL_ROWS] = (uint16_t)n;
}

#if CPU_SIMD
CPU_AVX2_FN static void rank_rows_popcnt(cellrank_t *r)
{
    rank_rows(r, true);
}
#endif

void cellrank_init(cellrank_t *r, const bitrow_t rows[CELLPOOL_ROWS])
{
    r->rows = rows;
#if CPU_SIMD
    if (cpu_uses(CPU_AVX2)) {
        rank_rows_popcnt(r);
        return;
    }
#endif
    rank_rows(r, false);
}

/* The bodies of cellrank_select and cellrank_rank, compiled twice: with
 * POPCNT and plain. */
static inline __attribute__((always_inline)) int select_cell(const cellrank_t *r, int k, bool hw)
{
    /* the last row y with cum[y] <= k: a binary search of conditional moves
     * over rows y..y+n-1 (cum[0] = 0 <= k) */
    int y = 0;
    for (int n = CELLPOOL_ROWS; n > 1;) {
        const int h = n / 2;
        y = r->cum[y + h] <= k ? y + h : y;
        n -= h;
    }
    /* bitrow_select, its low half's cells counted by cpu_bitrow_cells */
    const bitrow_t row = r->rows[y];
    const uint64_t lo = (uint64_t)row;
    const int j = k - r->cum[y], nlo = cpu_bitrow_cells(lo, hw);
    return CELLPOOL_CELL(j < nlo ? grid_select64(lo, j) : 64 + grid_select64((uint64_t)(row >> 64), j - nlo), y);
}

static inline __attribute__((always_inline)) int rank_cell(const cellrank_t *r, int c, bool hw)
{
    const int y = CELLPOOL_Y(c), x = CELLPOOL_X(c);
    if (c < 0 || y >= CELLPOOL_ROWS || x >= GRID_STRIDE || !(r->rows[y] >> x & 1))
        return -1;
    return r->cum[y] + cpu_bitrow_cells(r->rows[y] & (BITROW_BIT(x) - 1), hw);
}

#if CPU_SIMD
CPU_AVX2_FN static int select_popcnt(const cellrank_t *r, int k)
{
    return select_cell(r, k, true);
}

CPU_AVX2_FN static int rank_popcnt(const cellrank_t *r, int c)
{
    return rank_cell(r, c, true);
}
#endif

int cellrank_select(const cellrank_t *r, int k)
{
#if CPU_SIMD
    if (cpu_uses(CPU_AVX2))
        return select_popcnt(r, k);
#endif
    return select_cell(r, k, false);
}

int cellrank_rank(const cellrank_t *r, int c)
{
#if CPU_SIMD
    if (cpu_uses(CPU_AVX2))
        return rank_popcnt(r, c);
#endif
    return rank_cell(r, c, false);
}
