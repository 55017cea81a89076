/* normal.c - the classic layout: ten plotted walls, extra doors, room scan.
 *
 * docs/rules.md §3 Normal.  Walls are plotted as grid_plot_wall would (on bit
 * rows and columns, the map written once at the end); the first two are
 * vertical (one per half of the map), the next three horizontal, the last
 * five horizontal with probability 1/3.  Each wall draws its orientation
 * (walls 6-10), then x, then y.  Then eight extra-door attempts on wall
 * cells with exactly two wall neighbours, then the room list.  The ten
 * points and which walls were horizontal go to the observation record for
 * the layout checks.  The single-monster type uses this layout unchanged.
 */
#include "layouts.h"

#include <string.h>

#include "cpu.h"
#include "rooms.h"
#include "wallbits.h"
#include "water.h"

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

/* The layout's walls on bit rows and columns (wallbits.h), and door_at,
 * the cell index of every door made, for the map: the ten plotted points,
 * then the extra doors (the tries that made none repeat the first point). */
#define DOOR_CALLS (NORMAL_WALLS + EXTRA_DOOR_TRIES) /* one per wall and try */
typedef struct walls {
    wallbits_t b;
    uint16_t door_at[DOOR_CALLS];
    uint64_t start[ROOMS_START_WORDS]; /* the room starts (rooms.h) and */
    uint64_t start_left;               /* their mask, made with the door candidates */
    int doors;                         /* the door cells, counted when asked (draw) */
} walls_t;

/* Eight bytes of a bit row read at once, where the byte order lets us. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* Bits x, x+1, x+2 of row r (x + 2 < GRID_STRIDE; the eight bytes read may
 * reach into the next row, r + 1 must be in the array). */
static inline unsigned bitrow_three(const bitrow_t *r, int x)
{
    uint64_t v;
    memcpy(&v, (const unsigned char *)r + (x >> 3), sizeof v);
    return (unsigned)(v >> (x & 7)) & 7u;
}
#else
static inline unsigned bitrow_three(const bitrow_t *r, int x)
{
    return (unsigned)(*r >> x) & 7u;
}
#endif

/* Whether (x, y) is a door already. */
static inline bool is_door(const walls_t *w, int x, int y)
{
    return w->b.door_half[wallbits_door_word(x, y)] >> (x & 63) & 1;
}

/* An extra door at (x, y) if `make`, without a branch on it (the test is a
 * coin toss to the predictor): entry *slot of door_at is written either way,
 * with the first door when not made (as the entries after the last are, see
 * draw), and counted when made. */
static inline void make_door_if(walls_t *w, int x, int y, bool make, int *slot, bool count)
{
    if (count) /* a cell picked twice is one door */
        w->doors += make & !is_door(w, x, y);
    w->b.door_half[wallbits_door_word(x, y)] |= (uint64_t)make << (x & 63);
    const unsigned first = w->door_at[0], mask = -(unsigned)make; /* (a ?: is made a branch) */
    w->door_at[*slot] = (uint16_t)(first ^ (((unsigned)GRID_IDX(x, y) ^ first) & mask));
    *slot += make;
}

/* The map of the walls (wallbits_map), then the doors. */
static void map_from_walls(grid_t *g, const walls_t *w)
{
    wallbits_map(g, w->b.solid);
    /* all DOOR_CALLS entries (the tries that made none repeat the first) */
#pragma GCC unroll 18
    for (int i = 0; i < DOOR_CALLS; i++)
        g->c[w->door_at[i]] = CELL_DOOR;
}

/* A wall's point is a door: one more unless it was one (when count). */
static inline void count_plotted(walls_t *w, int x, int y, bool count)
{
    if (count)
        w->doors += !is_door(w, x, y);
}

static inline point_t plot_vertical(walls_t *w, rng_t *r, int xlo, int xhi, int ylo, int yhi,
                                    bool count)
{
    int x = pick_step2(r, xlo, xhi);
    int y = pick_step2(r, ylo, yhi);
    count_plotted(w, x, y, count);
    wallbits_plot(&w->b, x, y, false);
    return (point_t){(uint8_t)x, (uint8_t)y};
}

static inline point_t plot_horizontal(walls_t *w, rng_t *r, bool count)
{
    int x = pick_step2(r, H_X_MIN, H_X_MAX);
    int y = pick_step2(r, H_Y_MIN, H_Y_MAX);
    count_plotted(w, x, y, count);
    wallbits_plot(&w->b, x, y, true);
    return (point_t){(uint8_t)x, (uint8_t)y};
}

/* Row arithmetic for door_candidates: the 128-bit integer itself, or (the
 * SSE2 twin) one register per row (bitwise operations are one instruction,
 * a one-cell shift four). */
typedef bitrow_t vrow_t;
static inline vrow_t v_load(const bitrow_t *r)
{
    bitrow_t v; /* by memcpy: door rows are also written as 64-bit halves */
    memcpy(&v, r, sizeof v);
    return v;
}
static inline void v_store(bitrow_t *r, vrow_t v) { *r = v; }
static inline vrow_t v_and(vrow_t a, vrow_t b) { return a & b; }
static inline vrow_t v_or(vrow_t a, vrow_t b) { return a | b; }
static inline vrow_t v_xor(vrow_t a, vrow_t b) { return a ^ b; }
static inline vrow_t v_andnot(vrow_t a, vrow_t b) { return ~a & b; }
static inline vrow_t v_shl1(vrow_t v) { return v << 1; }
static inline vrow_t v_shr1(vrow_t v) { return v >> 1; }
static inline int v_popcount(vrow_t v, int *lo)
{
    *lo = popcount64((uint64_t)v);
    return bitrow_popcount(v);
}

#define CAND_FN door_candidates_plain
#define CAND_ROW vrow_t
#define V(op) v_##op
#include "normal_cand.h"

#if CPU_SIMD
typedef __m128i srow_t;
static inline srow_t s_load(const bitrow_t *r) { return _mm_loadu_si128((const __m128i *)r); }
static inline void s_store(bitrow_t *r, srow_t v) { _mm_storeu_si128((__m128i *)r, v); }
static inline srow_t s_and(srow_t a, srow_t b) { return _mm_and_si128(a, b); }
static inline srow_t s_or(srow_t a, srow_t b) { return _mm_or_si128(a, b); }
static inline srow_t s_xor(srow_t a, srow_t b) { return _mm_xor_si128(a, b); }
static inline srow_t s_andnot(srow_t a, srow_t b) { return _mm_andnot_si128(a, b); } /* ~a & b */
static inline srow_t s_shl1(srow_t v)
{
    return _mm_or_si128(_mm_slli_epi64(v, 1), _mm_slli_si128(_mm_srli_epi64(v, 63), 8));
}
static inline srow_t s_shr1(srow_t v)
{
    return _mm_or_si128(_mm_srli_epi64(v, 1), _mm_srli_si128(_mm_slli_epi64(v, 63), 8));
}
/* Bytewise SWAR counts, summed by psadbw; *lo gets the low half's. */
static inline int s_popcount(srow_t v, int *lo)
{
    const __m128i m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33), m4 = _mm_set1_epi8(0x0f);
    v = _mm_sub_epi8(v, _mm_and_si128(_mm_srli_epi16(v, 1), m1));
    v = _mm_add_epi8(_mm_and_si128(v, m2), _mm_and_si128(_mm_srli_epi16(v, 2), m2));
    v = _mm_and_si128(_mm_add_epi8(v, _mm_srli_epi16(v, 4)), m4);
    __m128i s = _mm_sad_epu8(v, _mm_setzero_si128());
    *lo = _mm_cvtsi128_si32(s);
    return *lo + _mm_cvtsi128_si32(_mm_unpackhi_epi64(s, s));
}

/* door_candidates_plain on SSE2 registers. */
#define CAND_FN door_candidates_sse2
#define CAND_ROW srow_t
#define V(op) s_##op
#include "normal_cand.h"
#endif

#if CPU_SIMD
/* The same sums two rows at a time: a 256-bit register holds rows y and y+1
 * (the bit rows are 16 bytes, contiguous), and the one-cell shifts carry
 * within each 128-bit lane, which is one row; the counts by POPCNT.  The
 * same pass over the solid rows makes the room starts (rooms_starts' words
 * and mask; rooms.h), which the other paths make in a pass of their own.
 * Against the SSE2 candidates and the starts apart (2,466 instructions a
 * layout) it costs 786: ~5.7% of a ~29,700-instruction level
 * (docs/performance.md). */
CPU_AVX2_FN static inline __m256i w_load(const bitrow_t *r)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)r);
}
CPU_AVX2_FN static inline void w_store(void *r, __m256i v)
{
    _mm256_storeu_si256((__m256i *)r, v);
}
CPU_AVX2_FN static inline __m256i w_shl1(__m256i v)
{
    return _mm256_or_si256(_mm256_slli_epi64(v, 1), _mm256_slli_si256(_mm256_srli_epi64(v, 63), 8));
}
CPU_AVX2_FN static inline __m256i w_shr1(__m256i v)
{
    return _mm256_or_si256(_mm256_srli_epi64(v, 1), _mm256_srli_si256(_mm256_slli_epi64(v, 63), 8));
}

CPU_AVX2_FN static int door_candidates_avx2(const bitrow_t solid[GRID_H + 2],
                                            const bitrow_t door[GRID_H + 2],
                                            bitrow_t cand[GRID_H + 2], int count[GRID_H + 2],
                                            int count_lo[GRID_H + 2],
                                            uint64_t start[ROOMS_START_WORDS], uint64_t *left)
{
    _Static_assert(sizeof(bitrow_t) == 16 && GRID_H % 2 == 0, "two 16-byte rows per register");
    const bitrow_t inner_row = ((BITROW_BIT(GRID_W) - 1) >> 2) << 2; /* x 2..77 */
    const bitrow_t border_row = BITROW_BIT(1);
    const __m128i inner1 = _mm_loadu_si128((const __m128i *)(const void *)&inner_row);
    const __m128i border1 = _mm_loadu_si128((const __m128i *)(const void *)&border_row);
    const __m256i inner = _mm256_broadcastsi128_si256(inner1);
    const __m256i border = _mm256_broadcastsi128_si256(border1);
    /* rows 1..GRID_H (index 0 and GRID_H + 1 unused, kept for the indexing) */
    bitrow_t wl[GRID_H + 2], h1[GRID_H + 2], h2[GRID_H + 2], d1[GRID_H + 2], d2[GRID_H + 2];
#pragma GCC unroll 10
    for (int y = 1; y <= GRID_H; y += 2) {
        const __m256i b = _mm256_andnot_si256(w_load(&door[y]), w_load(&solid[y]));
        const __m256i a = w_shl1(b), c = w_shr1(b), ab = _mm256_xor_si256(a, b);
        w_store(&wl[y], b);
        w_store(&d1[y], _mm256_xor_si256(a, c));
        w_store(&d2[y], _mm256_and_si256(a, c));
        w_store(&h1[y], _mm256_xor_si256(ab, c));
        w_store(&h2[y], _mm256_or_si256(_mm256_and_si256(a, b), _mm256_and_si256(c, ab)));
    }
    /* start row 1: solid below, or the left border rule (cell 2 solid) */
    const __m128i r1 = _mm_loadu_si128((const __m128i *)(const void *)&solid[1]);
    const __m128i right1 =
        _mm_or_si128(_mm_srli_epi64(r1, 1), _mm_srli_si128(_mm_slli_epi64(r1, 63), 8));
    const __m128i st1 = _mm_or_si128(
        _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)&solid[2]), inner1),
        _mm_and_si128(right1, border1));
    _mm_storeu_si128((__m128i *)(void *)&start[2], st1);
    uint64_t lf = (uint64_t)(_mm_movemask_pd(_mm_castsi128_pd(
                                 _mm_cmpeq_epi64(st1, _mm_setzero_si128()))) ^ 3) << 2;
    int n = 0;
#pragma GCC unroll 9
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
        count_lo[y] = __builtin_popcountll(q0);
        count_lo[y + 1] = __builtin_popcountll(q2);
        count[y] = count_lo[y] + __builtin_popcountll(q1);
        count[y + 1] = count_lo[y + 1] + __builtin_popcountll(q3);
        n += count[y] + count[y + 1];
        /* starts of rows y, y+1: the interior rules, then the left border rule */
        const __m256i here = w_load(&solid[y]), right = w_shr1(here);
        const __m256i closed = _mm256_or_si256(w_shl1(here), w_load(&solid[y - 1]));
        const __m256i st = _mm256_or_si256(
            _mm256_and_si256(_mm256_and_si256(right, w_load(&solid[y + 1])),
                             _mm256_and_si256(closed, inner)),
            _mm256_and_si256(right, border));
        w_store(&start[2 * y], st);
        const int zero = _mm256_movemask_pd(
            _mm256_castsi256_pd(_mm256_cmpeq_epi64(st, _mm256_setzero_si256())));
        lf |= (uint64_t)(zero ^ 15) << (2 * y);
    }
    *left = lf;
    return n;
}
#endif

/* Wall cells with exactly two wall neighbours (normal_cand.h), by the path
 * in force (cpu.h), and the room starts of the solid rows (rooms_starts);
 * the outputs are identical on every path (test_normal, test_reference). */
static int candidates_and_starts(const bitrow_t solid[GRID_H + 2],
                                 const bitrow_t door[GRID_H + 2], bitrow_t cand[GRID_H + 2],
                                 int count[GRID_H + 2], int count_lo[GRID_H + 2],
                                 uint64_t start[ROOMS_START_WORDS], uint64_t *left)
{
#if CPU_SIMD
    if (cpu_uses(CPU_AVX2))
        return door_candidates_avx2(solid, door, cand, count, count_lo, start, left);
#endif
    *left = rooms_starts(solid, start);
#if CPU_SIMD
    if (cpu_uses(CPU_SSE2))
        return door_candidates_sse2(solid, door, cand, count, count_lo);
#endif
    return door_candidates_plain(solid, door, cand, count, count_lo);
}

int normal_door_candidates(const bitrow_t solid[GRID_H + 2], const bitrow_t door[GRID_H + 2],
                           bitrow_t cand[GRID_H + 2], int count[GRID_H + 2],
                           int count_lo[GRID_H + 2])
{
    uint64_t start[ROOMS_START_WORDS], left;
    return candidates_and_starts(solid, door, cand, count, count_lo, start, &left);
}

/* The candidates before each row: end[0] = 0, end[i] those of rows
 * 2..i+1 (i = 1..GRID_H-2), then more than any k (the search's padding). */
#define END_SLOTS 32
_Static_assert(GRID_H - 1 <= END_SLOTS - 1, "the ends fit, the search (to END_SLOTS - 1) reaches them");
static void candidate_ends(const int count[GRID_H + 2], int end[END_SLOTS])
{
    end[0] = 0;
#pragma GCC unroll 18
    for (int y = 2; y < GRID_H; y++)
        end[y - 1] = end[y - 2] + count[y];
    for (int i = GRID_H - 1; i < END_SLOTS; i++)
        end[i] = INT32_MAX;
}

/* The k-th candidate in row-major order (y, then x ascending): its row by
 * a binary search of the row ends (i rows wholly before the k-th: the
 * largest i with end[i] <= k, found by conditional adds, no branch), then
 * its cell in the row. */
static int nth_candidate(const bitrow_t cand[GRID_H + 2], const int end[END_SLOTS],
                         const int count_lo[GRID_H + 2], int k, int *x)
{
    int i = 0;
#pragma GCC unroll 5
    for (int h = END_SLOTS / 2; h; h /= 2)
        i += h & -(int)(end[i + h] <= k);
    const int y = 2 + i;
    k -= end[i];
    /* then the k-th of the row: in the low half, or the high half's
     * (k - count_lo)-th, picked by masks (a ?: is made a branch) */
    const bool high = k >= count_lo[y];
    const uint64_t hm = -(uint64_t)high;
    const uint64_t word = ((uint64_t)(cand[y] >> 64) & hm) | ((uint64_t)cand[y] & ~hm);
    *x = 64 * high + grid_select64(word, k - (count_lo[y] & (int)hm));
    return y;
}

/* Is one of the 8 neighbours of (x, y) a door (the cell itself not counted)?
 * (x, y) is inside the border, so rows y-1..y+2 are in the array. */
static inline bool door_near(const bitrow_t door[GRID_H + 2], int x, int y)
{
    return (bitrow_three(&door[y - 1], x - 1) | (bitrow_three(&door[y], x - 1) & 5u) |
            bitrow_three(&door[y + 1], x - 1)) != 0;
}

/* Returns the tries made (0 without a candidate); the room starts of the
 * walls go to w (one pass with the candidates where the path allows). */
static inline int extra_doors(walls_t *w, rng_t *r, bool count_doors)
{
    bitrow_t cand[GRID_H + 2];
    int count[GRID_H + 2], count_lo[GRID_H + 2];
    int n = candidates_and_starts(w->b.solid, w->b.door, cand, count, count_lo, w->start,
                                  &w->start_left);
    if (n == 0)
        return 0;
    int end[END_SLOTS];
    candidate_ends(count, end);
    int slot = NORMAL_WALLS;
#pragma GCC unroll 8
    for (int i = 0; i < EXTRA_DOOR_TRIES; i++) {
        int x, y = nth_candidate(cand, end, count_lo, (int)rng_below(r, (uint32_t)n), &x);
        make_door_if(w, x, y, !door_near(w->b.door, x, y), &slot, count_doors);
    }
    return EXTRA_DOOR_TRIES;
}

/* The ten walls, the extra doors and the map.  The plotted points, and
 * which walls were plotted horizontally, go to the observation record for
 * the layout checks (test_normal holds them against the map). */
_Static_assert(NORMAL_WALLS == OBS_WALLS && NORMAL_WALLS <= 16, "one obs bit per wall");
/* count: also count the door cells into w->doors (the layout-only mode's
 * count; draw_counted), as they are made rather than by a popcount of the
 * door rows afterwards. */
static inline __attribute__((always_inline)) void draw_body(level_t *lv, rng_t *r, walls_t *w,
                                                            point_t p[NORMAL_WALLS], bool count)
{
    w->doors = 0;
    unsigned horizontal = 0;
    int plotted = 2; /* walls plotted, observed (walls 1 and 2 here) */
    wallbits_clear(&w->b);
    p[0] = plot_vertical(w, r, WALL1_X_MIN, WALL1_X_MAX, FIRST_V_Y_MIN, FIRST_V_Y_MAX, count);
    p[1] = plot_vertical(w, r, WALL2_X_MIN, WALL2_X_MAX, FIRST_V_Y_MIN, FIRST_V_Y_MAX, count);
#pragma GCC unroll 3
    for (int i = NORMAL_FIRST_HORIZONTAL; i < NORMAL_FIRST_RANDOM; i++) {
        p[i] = plot_horizontal(w, r, count);
        horizontal |= 1u << i;
        plotted++;
    }
#pragma GCC unroll 5
    for (int i = NORMAL_FIRST_RANDOM; i < NORMAL_WALLS; i++) {
        if (rng_chance(r, NORMAL_HORIZONTAL_NUM, NORMAL_HORIZONTAL_DEN)) {
            p[i] = plot_horizontal(w, r, count);
            horizontal |= 1u << i;
        } else {
            p[i] = plot_vertical(w, r, LATER_V_X_MIN, LATER_V_X_MAX, LATER_V_Y_MIN, LATER_V_Y_MAX,
                                 count);
        }
        plotted++;
    }
    /* door_at: the plotted points, then (until made) the first one again */
    for (int i = 0; i < NORMAL_WALLS; i++)
        w->door_at[i] = (uint16_t)GRID_IDX(p[i].x, p[i].y);
    for (int i = NORMAL_WALLS; i < DOOR_CALLS; i++)
        w->door_at[i] = w->door_at[0];
    const int tries = extra_doors(w, r, count);
    map_from_walls(&lv->map, w);
    obs_t *o = &lv->obs;
    o->door_tries = (uint8_t)tries;
    o->walls = (uint8_t)plotted;
    memcpy(o->wall_at, p, sizeof o->wall_at);
    o->wall_horizontal = (uint16_t)horizontal;
}

static void draw(level_t *lv, rng_t *r, walls_t *w, point_t p[NORMAL_WALLS])
{
    draw_body(lv, r, w, p, false);
}

static void draw_counted(level_t *lv, rng_t *r, walls_t *w, point_t p[NORMAL_WALLS])
{
    draw_body(lv, r, w, p, true);
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
    /* no water after it in layout-only mode: the doors drawn are the count */
    const bool layout_only = ctx->p->layout_only;
    if (layout_only)
        draw_counted(ctx->lv, ctx->layout, &w, p);
    else
        draw(ctx->lv, ctx->layout, &w, p);
    rooms_scan_starts(ctx->lv, w.b.solid, w.b.col, w.start, w.start_left);
    if (layout_only)
        ctx->doors = w.doors;
}
