/* normal.c - the classic layout: ten plotted walls, extra doors, room scan.
 *
 * RULES.md §3 Normal.  Walls are plotted with grid_plot_wall; the first two
 * are vertical (one per half of the map), the next three horizontal, the
 * last five horizontal with probability 1/3.  Each wall draws its
 * orientation (walls 6-10), then x, then y.  Then eight extra-door attempts
 * on wall cells with exactly two wall neighbours, then the room list.
 * The single-monster type uses this layout unchanged.
 */
#include "layouts.h"

#include <string.h>

/* Decided before any intrinsics header: those may switch SSE2 on for their
 * own code and define __SSE2__ from then on. */
#ifdef __SSE2__
#define NORMAL_SSE2 1
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

#include "../rooms.h"
#include "../water.h"

/* [wiki] wall counts and ranges; [game] y range of the later vertical walls. */
#define NORMAL_FIRST_HORIZONTAL 2  /* walls 3-5 (0-based 2..4) are horizontal */
#define NORMAL_FIRST_RANDOM 5      /* walls 6-10 pick their axis */
#define NORMAL_HORIZONTAL_NUM 1    /* [wiki] later walls horizontal 1/3 */
#define NORMAL_HORIZONTAL_DEN 3
#define WALL1_X_MIN 4              /* [wiki] wall 1: x even 4..36 */
#define WALL1_X_MAX 36
#define WALL2_X_MIN 38             /* [wiki] wall 2: x even 38..70 */
#define WALL2_X_MAX 70
#define FIRST_V_Y_MIN 4            /* [wiki] walls 1-2: y even 4..18 */
#define FIRST_V_Y_MAX 18
#define LATER_V_X_MIN 4            /* [wiki] later vertical walls: x even 4..76 */
#define LATER_V_X_MAX 76
#define LATER_V_Y_MIN 4            /* [game] y even 4..14 */
#define LATER_V_Y_MAX 14
#define H_X_MIN 3                  /* [wiki] horizontal walls: x odd 3..75, y odd 3..17 */
#define H_X_MAX 75
#define H_Y_MIN 3
#define H_Y_MAX 17
#define EXTRA_DOOR_TRIES 8         /* [game]; candidates have exactly 2 wall neighbours */

/* Uniform even (or odd) value in lo..hi, lo and hi of that parity. */
static inline int pick_step2(rng_t *r, int lo, int hi)
{
    return lo + 2 * (int)rng_below(r, (uint32_t)((hi - lo) / 2 + 1));
}

/* The layout's solid cells (wall or door) and doors as bit rows (bit x of
 * row y, padding included) and the solid cells again by column (bit y of
 * col[x]), kept in step with the map as it is drawn, so that plotting, the
 * extra-door candidates and the room scan never read the map back: a wall's
 * ends are bit scans of a row (horizontal) or of a column (vertical). */
typedef struct walls {
    bitrow_t solid[GRID_H + 2], door[GRID_H + 2];
    uint32_t col[GRID_STRIDE];
    int ndoors; /* door cells */
} walls_t;

#define ALL_COLUMNS (BITROW_BIT(GRID_STRIDE) - 1)
#define RING_COLUMNS (BITROW_BIT(0) | BITROW_BIT(1) | BITROW_BIT(GRID_W) | BITROW_BIT(GRID_W + 1))
#define ALL_ROWS ((UINT32_C(1) << (GRID_H + 2)) - 1)
#define RING_ROWS (UINT32_C(3) | UINT32_C(3) << GRID_H)

/* The columns of grid_clear's map, spelled out for the compiler. */
#define COL2(a) a, a
#define COL4(a) COL2(a), COL2(a)
#define COL8(a) COL4(a), COL4(a)
#define COL16(a) COL8(a), COL8(a)
#define COL64(a) COL16(a), COL16(a), COL16(a), COL16(a)
static const uint32_t CLEARED_COLUMNS[GRID_STRIDE] = {
    COL2(ALL_ROWS), COL64(RING_ROWS), COL8(RING_ROWS), COL4(RING_ROWS), COL2(ALL_ROWS)};
_Static_assert(GRID_STRIDE == 80, "CLEARED_COLUMNS spells out 80 columns");

/* The rows and columns of grid_clear's map: padding and border ring are wall. */
static void walls_clear(walls_t *w)
{
    for (int y = 0; y < GRID_H + 2; y++) {
        w->solid[y] = y <= 1 || y >= GRID_H ? ALL_COLUMNS : RING_COLUMNS;
        w->door[y] = 0;
    }
    memcpy(w->col, CLEARED_COLUMNS, sizeof w->col);
    w->ndoors = 0;
}

/* (x, y), already solid, becomes a door. */
static inline void make_door(grid_t *g, walls_t *w, int x, int y)
{
    uint8_t *c = &g->c[GRID_IDX(x, y)]; /* a door cell iff its door bit is set */
    w->ndoors += *c != CELL_DOOR;
    *c = CELL_DOOR;
    w->door[y] |= BITROW_BIT(x);
}

/* grid_plot_wall on the bit rows and columns. */
static void plot(grid_t *g, walls_t *w, int x, int y, bool horizontal)
{
    if (w->col[x] >> y & 1) {
        make_door(g, w, x, y);
        return;
    }
    if (horizontal) {
        const bitrow_t solid = w->solid[y];
        const int right = x + 1 + bitrow_ctz(solid >> (x + 1));
        const int left = bitrow_top(solid & (BITROW_BIT(x) - 1));
        w->solid[y] |= BITROW_BIT(right) - BITROW_BIT(left + 1);
        memset(&g->c[GRID_IDX(left + 1, y)], CELL_WALL, (size_t)(right - left - 1));
        for (int c = left + 1; c < right; c++)
            w->col[c] |= UINT32_C(1) << y;
    } else {
        const uint32_t col = w->col[x];
        const int down = y + 1 + __builtin_ctz(col >> (y + 1));
        const int up = 31 - __builtin_clz(col & ((UINT32_C(1) << y) - 1));
        w->col[x] |= (UINT32_C(1) << down) - (UINT32_C(1) << (up + 1));
        const bitrow_t bit = BITROW_BIT(x);
        uint8_t *c = &g->c[GRID_IDX(x, up + 1)];
        for (int j = up + 1; j < down; j++, c += GRID_STRIDE) {
            w->solid[j] |= bit;
            *c = CELL_WALL;
        }
    }
    make_door(g, w, x, y);
}

static point_t plot_vertical(grid_t *g, walls_t *w, rng_t *r, int xlo, int xhi, int ylo,
                             int yhi)
{
    int x = pick_step2(r, xlo, xhi);
    int y = pick_step2(r, ylo, yhi);
    plot(g, w, x, y, false);
    return (point_t){(uint8_t)x, (uint8_t)y};
}

static point_t plot_horizontal(grid_t *g, walls_t *w, rng_t *r)
{
    int x = pick_step2(r, H_X_MIN, H_X_MAX);
    int y = pick_step2(r, H_Y_MIN, H_Y_MAX);
    plot(g, w, x, y, true);
    return (point_t){(uint8_t)x, (uint8_t)y};
}

/* Row arithmetic for door_candidates: one SSE2 register per row where
 * available (bitwise operations are one instruction, a one-cell shift four),
 * else the 128-bit integer itself. */
#ifdef NORMAL_SSE2
typedef __m128i vrow_t;
static inline vrow_t v_load(const bitrow_t *r) { return _mm_loadu_si128((const __m128i *)r); }
static inline void v_store(bitrow_t *r, vrow_t v) { _mm_storeu_si128((__m128i *)r, v); }
static inline vrow_t v_and(vrow_t a, vrow_t b) { return _mm_and_si128(a, b); }
static inline vrow_t v_or(vrow_t a, vrow_t b) { return _mm_or_si128(a, b); }
static inline vrow_t v_xor(vrow_t a, vrow_t b) { return _mm_xor_si128(a, b); }
static inline vrow_t v_andnot(vrow_t a, vrow_t b) { return _mm_andnot_si128(a, b); } /* ~a & b */
static inline vrow_t v_shl1(vrow_t v)
{
    return _mm_or_si128(_mm_slli_epi64(v, 1), _mm_slli_si128(_mm_srli_epi64(v, 63), 8));
}
static inline vrow_t v_shr1(vrow_t v)
{
    return _mm_or_si128(_mm_srli_epi64(v, 1), _mm_srli_si128(_mm_slli_epi64(v, 63), 8));
}
/* Bytewise SWAR counts, summed by psadbw. */
static inline int v_popcount(vrow_t v)
{
    const __m128i m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33), m4 = _mm_set1_epi8(0x0f);
    v = _mm_sub_epi8(v, _mm_and_si128(_mm_srli_epi16(v, 1), m1));
    v = _mm_add_epi8(_mm_and_si128(v, m2), _mm_and_si128(_mm_srli_epi16(v, 2), m2));
    v = _mm_and_si128(_mm_add_epi8(v, _mm_srli_epi16(v, 4)), m4);
    __m128i s = _mm_sad_epu8(v, _mm_setzero_si128());
    return _mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(s, s));
}
#else
typedef bitrow_t vrow_t;
static inline vrow_t v_load(const bitrow_t *r) { return *r; }
static inline void v_store(bitrow_t *r, vrow_t v) { *r = v; }
static inline vrow_t v_and(vrow_t a, vrow_t b) { return a & b; }
static inline vrow_t v_or(vrow_t a, vrow_t b) { return a | b; }
static inline vrow_t v_xor(vrow_t a, vrow_t b) { return a ^ b; }
static inline vrow_t v_andnot(vrow_t a, vrow_t b) { return ~a & b; }
static inline vrow_t v_shl1(vrow_t v) { return v << 1; }
static inline vrow_t v_shr1(vrow_t v) { return v >> 1; }
static inline int v_popcount(vrow_t v) { return bitrow_popcount(v); }
#endif

/* Wall cells (x 2..77, y 2..19) with exactly two wall cells among their 8
 * neighbours, as bit rows.  Each row's three-cell sums (left, self, right)
 * are two bit planes, made once per row; a cell's neighbour count is the
 * sums of the rows above and below plus its own two sides, added bitwise;
 * "exactly 2" is then bit 1 alone. */
static int door_candidates_vrow(const bitrow_t solid[GRID_H + 2], const bitrow_t door[GRID_H + 2],
                                bitrow_t cand[GRID_H + 2], int count[GRID_H + 2])
{
    const bitrow_t inner_row = ((BITROW_BIT(GRID_W) - 1) >> 2) << 2; /* x 2..77 */
    const vrow_t inner = v_load(&inner_row);
    vrow_t wl[GRID_H + 2], h1[GRID_H + 2], h2[GRID_H + 2], l[GRID_H + 2], r[GRID_H + 2];
    for (int y = 1; y <= GRID_H; y++) {
        /* wall = solid and not door */
        const vrow_t b = wl[y] = v_andnot(v_load(&door[y]), v_load(&solid[y]));
        const vrow_t a = v_shl1(b), c = v_shr1(b), ab = v_xor(a, b);
        l[y] = a;
        r[y] = c;
        h1[y] = v_xor(ab, c);                              /* three-cell sum, bit 0 */
        h2[y] = v_or(v_and(a, b), v_and(c, ab));          /* bit 1 */
    }
    int n = 0;
    for (int y = 2; y < GRID_H; y++) {
        /* above + below: 0..6 in bits s1, s2, s4 */
        const vrow_t c0 = v_and(h1[y - 1], h1[y + 1]);
        const vrow_t s1 = v_xor(h1[y - 1], h1[y + 1]);
        const vrow_t t2 = v_xor(h2[y - 1], h2[y + 1]);
        const vrow_t s2 = v_xor(t2, c0);
        const vrow_t s4 = v_or(v_and(h2[y - 1], h2[y + 1]), v_and(c0, t2));
        /* plus the two sides: 0..2 in bits d1, d2 */
        const vrow_t d1 = v_xor(l[y], r[y]), d2 = v_and(l[y], r[y]);
        /* total == 2: bit 0 clear, bit 1 set, no 4 */
        const vrow_t e0 = v_xor(s1, d1), k1 = v_and(s1, d1), s2d2 = v_xor(s2, d2);
        const vrow_t e1 = v_xor(s2d2, k1);
        const vrow_t e2 = v_or(s4, v_or(v_and(s2, d2), v_and(k1, s2d2)));
        const vrow_t ok = v_andnot(v_or(e0, e2), e1);
        const vrow_t cv = v_and(v_and(wl[y], inner), ok);
        v_store(&cand[y], cv);
        count[y] = v_popcount(cv);
        n += count[y];
    }
    return n;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__AVX2__)
#define DOORS_AVX2_DISPATCH 1
#endif
#if defined(DOORS_AVX2_DISPATCH) || defined(__AVX2__)
/* The same sums two rows at a time: a 256-bit register holds rows y and y+1
 * (the bit rows are 16 bytes, contiguous), and the one-cell shifts carry
 * within each 128-bit lane, which is one row.  The counts by POPCNT (every
 * AVX2 CPU has it). */
#define DOORS_AVX2 1
#define AVX2_FN __attribute__((target("avx2,popcnt")))
AVX2_FN static inline __m256i w_load(const bitrow_t *r)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)r);
}
AVX2_FN static inline void w_store(bitrow_t *r, __m256i v)
{
    _mm256_storeu_si256((__m256i *)(void *)r, v);
}
AVX2_FN static inline __m256i w_shl1(__m256i v)
{
    return _mm256_or_si256(_mm256_slli_epi64(v, 1),
                           _mm256_slli_si256(_mm256_srli_epi64(v, 63), 8));
}
AVX2_FN static inline __m256i w_shr1(__m256i v)
{
    return _mm256_or_si256(_mm256_srli_epi64(v, 1),
                           _mm256_srli_si256(_mm256_slli_epi64(v, 63), 8));
}

AVX2_FN static int door_candidates_avx2(const bitrow_t solid[GRID_H + 2],
                                        const bitrow_t door[GRID_H + 2],
                                        bitrow_t cand[GRID_H + 2], int count[GRID_H + 2])
{
    _Static_assert(sizeof(bitrow_t) == 16 && GRID_H % 2 == 0, "two 16-byte rows per register");
    const bitrow_t inner_row = ((BITROW_BIT(GRID_W) - 1) >> 2) << 2; /* x 2..77 */
    const __m128i inner1 = _mm_loadu_si128((const __m128i *)(const void *)&inner_row);
    const __m256i inner = _mm256_set_m128i(inner1, inner1);
    /* rows 1..GRID_H (index 0 and GRID_H + 1 unused, kept for the indexing) */
    bitrow_t wl[GRID_H + 2], h1[GRID_H + 2], h2[GRID_H + 2], d1[GRID_H + 2], d2[GRID_H + 2];
    for (int y = 1; y <= GRID_H; y += 2) {
        const __m256i b = _mm256_andnot_si256(w_load(&door[y]), w_load(&solid[y]));
        const __m256i a = w_shl1(b), c = w_shr1(b), ab = _mm256_xor_si256(a, b);
        w_store(&wl[y], b);
        w_store(&d1[y], _mm256_xor_si256(a, c));
        w_store(&d2[y], _mm256_and_si256(a, c));
        w_store(&h1[y], _mm256_xor_si256(ab, c));
        w_store(&h2[y], _mm256_or_si256(_mm256_and_si256(a, b), _mm256_and_si256(c, ab)));
    }
    int n = 0;
    for (int y = 2; y < GRID_H; y += 2) {
        const __m256i u1 = w_load(&h1[y - 1]), b1 = w_load(&h1[y + 1]);
        const __m256i u2 = w_load(&h2[y - 1]), b2 = w_load(&h2[y + 1]);
        const __m256i c0 = _mm256_and_si256(u1, b1), s1 = _mm256_xor_si256(u1, b1);
        const __m256i t2 = _mm256_xor_si256(u2, b2), s2 = _mm256_xor_si256(t2, c0);
        const __m256i s4 = _mm256_or_si256(_mm256_and_si256(u2, b2), _mm256_and_si256(c0, t2));
        const __m256i e1a = w_load(&d1[y]), e2a = w_load(&d2[y]);
        const __m256i e0 = _mm256_xor_si256(s1, e1a), k1 = _mm256_and_si256(s1, e1a);
        const __m256i s2d2 = _mm256_xor_si256(s2, e2a);
        const __m256i e1 = _mm256_xor_si256(s2d2, k1);
        const __m256i e2 = _mm256_or_si256(
            s4, _mm256_or_si256(_mm256_and_si256(s2, e2a), _mm256_and_si256(k1, s2d2)));
        const __m256i ok = _mm256_andnot_si256(_mm256_or_si256(e0, e2), e1);
        const __m256i cv = _mm256_and_si256(_mm256_and_si256(w_load(&wl[y]), inner), ok);
        w_store(&cand[y], cv);
        const uint64_t q0 = (uint64_t)_mm256_extract_epi64(cv, 0);
        const uint64_t q1 = (uint64_t)_mm256_extract_epi64(cv, 1);
        const uint64_t q2 = (uint64_t)_mm256_extract_epi64(cv, 2);
        const uint64_t q3 = (uint64_t)_mm256_extract_epi64(cv, 3);
        count[y] = __builtin_popcountll(q0) + __builtin_popcountll(q1);
        count[y + 1] = __builtin_popcountll(q2) + __builtin_popcountll(q3);
        n += count[y] + count[y + 1];
    }
    return n;
}
#endif

/* Wall cells with exactly two wall neighbours (door_candidates_vrow), by the
 * fastest path this CPU has; the outputs are identical (test_normal). */
static int door_candidates(const walls_t *w, bitrow_t cand[GRID_H + 2], int count[GRID_H + 2])
{
#ifdef DOORS_AVX2
    if (__builtin_cpu_supports("avx2"))
        return door_candidates_avx2(w->solid, w->door, cand, count);
#endif
    return door_candidates_vrow(w->solid, w->door, cand, count);
}

int normal_door_candidates(const bitrow_t solid[GRID_H + 2], const bitrow_t door[GRID_H + 2],
                           bitrow_t cand[GRID_H + 2], int count[GRID_H + 2], bool wide)
{
#ifdef DOORS_AVX2
    if (wide && __builtin_cpu_supports("avx2"))
        return door_candidates_avx2(solid, door, cand, count);
#endif
    if (wide)
        return -1;
    return door_candidates_vrow(solid, door, cand, count);
}

/* Candidates in the rows up to and including each row: ends[y - 2] for rows
 * 2..GRID_H-1, then INT16_MAX (n <= 76 * 18 fits in 16 bits). */
#define END_LANES 24
typedef struct cand_ends {
    int16_t e[END_LANES];
} cand_ends_t;

static void candidate_ends(const int count[GRID_H + 2], cand_ends_t *ends)
{
    int sum = 0;
    for (int y = 2; y < GRID_H; y++) {
        sum += count[y];
        ends->e[y - 2] = (int16_t)sum;
    }
    for (int i = GRID_H - 2; i < END_LANES; i++)
        ends->e[i] = INT16_MAX;
}
_Static_assert(GRID_H - 2 <= END_LANES && 76 * 18 < INT16_MAX, "row ends fit in 16 bits");

/* The k-th candidate in row-major order (y, then x ascending).  Its row is
 * 2 plus the number of rows whose end is <= k; the ends never decrease, so
 * those rows are a prefix of the lanes, and the first lane with end > k is
 * a trailing-zero count of the compare's byte mask (two bytes a lane). */
static int nth_candidate(const bitrow_t cand[GRID_H + 2], const int count[GRID_H + 2],
                         const cand_ends_t *ends, int k, int *x)
{
#ifdef NORMAL_SSE2
    (void)count;
    const __m128i k1 = _mm_set1_epi16((int16_t)(k + 1));
    const __m128i *e = (const __m128i *)ends->e;
#define LANES_LE(i) \
    ((uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpgt_epi16(k1, _mm_loadu_si128(e + (i)))))
    const uint64_t le = LANES_LE(0) | LANES_LE(1) << 16 | LANES_LE(2) << 32;
#undef LANES_LE
    const int rows = __builtin_ctzll(~le) / 2;
    const int y = 2 + rows;
    if (rows)
        k -= ends->e[rows - 1];
#else
    (void)ends;
    int y = 2;
    while (k >= count[y])
        k -= count[y++];
#endif
    *x = bitrow_select(cand[y], k);
    return y;
}

static void extra_doors(grid_t *g, walls_t *w, rng_t *r)
{
    bitrow_t cand[GRID_H + 2];
    int count[GRID_H + 2];
    int n = door_candidates(w, cand, count);
    if (n == 0)
        return;
    cand_ends_t ends;
    candidate_ends(count, &ends);
    for (int i = 0; i < EXTRA_DOOR_TRIES; i++) {
        int x, y = nth_candidate(cand, count, &ends, (int)rng_below(r, (uint32_t)n), &x);
        if (!grid_neighbour_is(g, x, y, CELL_DOOR))
            make_door(g, w, x, y);
    }
}

static void draw(level_t *lv, rng_t *r, walls_t *w, point_t p[NORMAL_WALLS])
{
    grid_t *g = &lv->map;
    grid_clear(g);
    walls_clear(w);
    p[0] = plot_vertical(g, w, r, WALL1_X_MIN, WALL1_X_MAX, FIRST_V_Y_MIN, FIRST_V_Y_MAX);
    p[1] = plot_vertical(g, w, r, WALL2_X_MIN, WALL2_X_MAX, FIRST_V_Y_MIN, FIRST_V_Y_MAX);
    for (int i = NORMAL_FIRST_HORIZONTAL; i < NORMAL_FIRST_RANDOM; i++)
        p[i] = plot_horizontal(g, w, r);
    for (int i = NORMAL_FIRST_RANDOM; i < NORMAL_WALLS; i++) {
        if (rng_chance(r, NORMAL_HORIZONTAL_NUM, NORMAL_HORIZONTAL_DEN))
            p[i] = plot_horizontal(g, w, r);
        else
            p[i] = plot_vertical(g, w, r, LATER_V_X_MIN, LATER_V_X_MAX, LATER_V_Y_MIN,
                                 LATER_V_Y_MAX);
    }
    extra_doors(g, w, r);
}

void normal_walls(level_t *lv, rng_t *r, point_t plotted[NORMAL_WALLS])
{
    walls_t w;
    point_t p[NORMAL_WALLS];
    draw(lv, r, &w, p);
    if (plotted)
        for (int i = 0; i < NORMAL_WALLS; i++)
            plotted[i] = p[i];
}

void layout_normal(layout_ctx_t *ctx)
{
    walls_t w;
    point_t p[NORMAL_WALLS];
    draw(ctx->lv, ctx->layout, &w, p);
    rooms_scan_columns(ctx->lv, w.solid, w.col);
    if (ctx->p->layout_only)
        ctx->doors = w.ndoors; /* no water in layout-only mode: the doors drawn */
    water_standard(ctx);
}
