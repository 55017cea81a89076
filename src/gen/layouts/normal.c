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

/* An extra door at (x, y) if `make`, without a branch on it (the test is a
 * coin toss to the predictor): entry *slot of door_at is written either way,
 * with the first door when not made (as the entries after the last are, see
 * draw), and counted when made. */
static inline void make_door_if(walls_t *w, int x, int y, bool make, int *slot)
{
    w->b.door_half[wallbits_door_word(x, y)] |= (uint64_t)make << (x & 63);
    const unsigned first = w->door_at[0], mask = -(unsigned)make; /* (a ?: is made a branch) */
    w->door_at[*slot] = (uint16_t)(first ^ (((unsigned)GRID_IDX(x, y) ^ first) & mask));
    *slot += make;
}

/* The door cells (doors lie in rows 2..GRID_H-1; rows 1..GRID_H counted). */
static int count_doors(const walls_t *w)
{
    int n = 0;
    for (int y = 1; y <= GRID_H; y++)
        n += bitrow_popcount(w->b.door[y]);
    return n;
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

static point_t plot_vertical(walls_t *w, rng_t *r, int xlo, int xhi, int ylo, int yhi)
{
    int x = pick_step2(r, xlo, xhi);
    int y = pick_step2(r, ylo, yhi);
    wallbits_plot(&w->b, x, y, false);
    return (point_t){(uint8_t)x, (uint8_t)y};
}

static point_t plot_horizontal(walls_t *w, rng_t *r)
{
    int x = pick_step2(r, H_X_MIN, H_X_MAX);
    int y = pick_step2(r, H_Y_MIN, H_Y_MAX);
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

/* Wall cells with exactly two wall neighbours (normal_cand.h), by the path
 * in force (cpu.h); the outputs are identical (test_normal). */
static int door_candidates(const walls_t *w, bitrow_t cand[GRID_H + 2], int count[GRID_H + 2],
                           int count_lo[GRID_H + 2])
{
    return normal_door_candidates(w->b.solid, w->b.door, cand, count, count_lo);
}

int normal_door_candidates(const bitrow_t solid[GRID_H + 2], const bitrow_t door[GRID_H + 2],
                           bitrow_t cand[GRID_H + 2], int count[GRID_H + 2],
                           int count_lo[GRID_H + 2])
{
#if CPU_SIMD
    if (cpu_uses(CPU_SSE2))
        return door_candidates_sse2(solid, door, cand, count, count_lo);
#endif
    return door_candidates_plain(solid, door, cand, count, count_lo);
}

/* The k-th candidate in row-major order (y, then x ascending): its row by
 * a walk down the row counts, then its cell in the row. */
static int nth_candidate(const bitrow_t cand[GRID_H + 2], const int count[GRID_H + 2],
                         const int count_lo[GRID_H + 2], int k, int *x)
{
    int y = 2;
    while (k >= count[y])
        k -= count[y++];
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

/* Returns the tries made (0 without a candidate). */
static int extra_doors(walls_t *w, rng_t *r)
{
    bitrow_t cand[GRID_H + 2];
    int count[GRID_H + 2], count_lo[GRID_H + 2];
    int n = door_candidates(w, cand, count, count_lo);
    if (n == 0)
        return 0;
    int slot = NORMAL_WALLS;
#pragma GCC unroll 8
    for (int i = 0; i < EXTRA_DOOR_TRIES; i++) {
        int x, y = nth_candidate(cand, count, count_lo, (int)rng_below(r, (uint32_t)n), &x);
        make_door_if(w, x, y, !door_near(w->b.door, x, y), &slot);
    }
    return EXTRA_DOOR_TRIES;
}

/* The ten walls, the extra doors and the map.  The plotted points, and
 * which walls were plotted horizontally, go to the observation record for
 * the layout checks (test_normal holds them against the map). */
_Static_assert(NORMAL_WALLS == OBS_WALLS && NORMAL_WALLS <= 16, "one obs bit per wall");
static void draw(level_t *lv, rng_t *r, walls_t *w, point_t p[NORMAL_WALLS])
{
    unsigned horizontal = 0;
    int plotted = 2; /* walls plotted, observed (walls 1 and 2 here) */
    wallbits_clear(&w->b);
    p[0] = plot_vertical(w, r, WALL1_X_MIN, WALL1_X_MAX, FIRST_V_Y_MIN, FIRST_V_Y_MAX);
    p[1] = plot_vertical(w, r, WALL2_X_MIN, WALL2_X_MAX, FIRST_V_Y_MIN, FIRST_V_Y_MAX);
#pragma GCC unroll 3
    for (int i = NORMAL_FIRST_HORIZONTAL; i < NORMAL_FIRST_RANDOM; i++) {
        p[i] = plot_horizontal(w, r);
        horizontal |= 1u << i;
        plotted++;
    }
#pragma GCC unroll 5
    for (int i = NORMAL_FIRST_RANDOM; i < NORMAL_WALLS; i++) {
        if (rng_chance(r, NORMAL_HORIZONTAL_NUM, NORMAL_HORIZONTAL_DEN)) {
            p[i] = plot_horizontal(w, r);
            horizontal |= 1u << i;
        } else {
            p[i] = plot_vertical(w, r, LATER_V_X_MIN, LATER_V_X_MAX, LATER_V_Y_MIN, LATER_V_Y_MAX);
        }
        plotted++;
    }
    /* door_at: the plotted points, then (until made) the first one again */
    for (int i = 0; i < NORMAL_WALLS; i++)
        w->door_at[i] = (uint16_t)GRID_IDX(p[i].x, p[i].y);
    for (int i = NORMAL_WALLS; i < DOOR_CALLS; i++)
        w->door_at[i] = w->door_at[0];
    const int tries = extra_doors(w, r);
    map_from_walls(&lv->map, w);
    obs_t *o = &lv->obs;
    o->door_tries = (uint8_t)tries;
    o->walls = (uint8_t)plotted;
    memcpy(o->wall_at, p, sizeof o->wall_at);
    o->wall_horizontal = (uint16_t)horizontal;
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
    rooms_scan_columns(ctx->lv, w.b.solid, w.b.col);
    if (ctx->p->layout_only)
        ctx->doors = count_doors(&w); /* no water after it in layout-only mode: the doors drawn */
}
