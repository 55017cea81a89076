/* census.c - the one-pass map census of census.h.
 *
 * Sixteen cells at a time (SSE2): one byte compare per kind, the kind sets
 * joined with ORs and turned into bits with movemask, the counted kinds
 * summed in byte lanes (subtracting the all-ones compare results; a lane
 * sees at most 100 chunks, so it never wraps) and added up with psadbw at
 * the end.  On x86-64 CPUs with AVX2 (chosen at run time, so the binary
 * stays baseline x86-64) 32 cells at a time, the kind sets from one table
 * lookup.  A portable loop does the same where SSE2 is missing; the unit
 * test holds all three to the same answers.
 */
#include "census.h"

#include <string.h>

/* Decided before any intrinsics header: those may switch SSE2 on for their
 * own code and define __SSE2__ from then on. */
#ifdef __SSE2__
#define CENSUS_SSE2_BUILD 1
#include <emmintrin.h>
#endif

/* Bits 2..77 and 1..78 of a row. */
#define INNER_COLUMNS ((((BITROW_BIT(GRID_W) - 1) >> 2) << 2))
#define MAP_COLUMNS ((BITROW_BIT(GRID_W + 1) - 1) & ~BITROW_BIT(0))

static inline bitrow_t join5(const uint64_t m[5])
{
    return (bitrow_t)(m[0] | m[1] << 16 | m[2] << 32 | m[3] << 48) | (bitrow_t)m[4] << 64;
}

#ifdef CENSUS_SSE2_BUILD
static inline int lane_sum(__m128i acc)
{
    __m128i s = _mm_sad_epu8(acc, _mm_setzero_si128());
    return _mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(s, s));
}
#endif

/* Rows 0, 1, GRID_H, GRID_H+1 of the placement rows and 0, GRID_H+1 of the
 * passable rows: nothing is placed on the border, nothing passes the padding. */
static void clear_edges(census_t *c)
{
    c->floor[0] = c->floor[1] = c->floor[GRID_H] = c->floor[GRID_H + 1] = 0;
    c->standable[0] = c->standable[1] = c->standable[GRID_H] = c->standable[GRID_H + 1] = 0;
    c->passable[0] = c->passable[GRID_H + 1] = 0;
}

static void census_scalar(const grid_t *g, census_t *c)
{
    c->water = c->acid = c->lava = c->doors = 0;
    for (int y = 1; y <= GRID_H; y++) {
        const uint8_t *row = &g->c[GRID_IDX(0, y)];
        bitrow_t f = 0, s = 0, im = 0;
        for (int x = 0; x < GRID_STRIDE; x++) {
            unsigned k = row[x];
            f |= (bitrow_t)(k == CELL_FLOOR) << x;
            s |= (bitrow_t)((CELLSET_STANDABLE >> k) & 1u) << x;
            im |= (bitrow_t)((CELLSET_IMPASSABLE >> k) & 1u) << x;
            c->water += k == CELL_WATER;
            c->acid += k == CELL_ACID;
            c->lava += k == CELL_LAVA;
            c->doors += k == CELL_DOOR;
        }
        c->floor[y] = f & INNER_COLUMNS;
        c->standable[y] = s & INNER_COLUMNS;
        c->passable[y] = ~im & MAP_COLUMNS;
    }
    clear_edges(c);
}

#ifdef CENSUS_SSE2_BUILD
static void census_sse2(const grid_t *g, census_t *c)
{
    const __m128i k_floor = _mm_set1_epi8(CELL_FLOOR), k_wall = _mm_set1_epi8(CELL_WALL),
                  k_door = _mm_set1_epi8(CELL_DOOR), k_water = _mm_set1_epi8(CELL_WATER),
                  k_acid = _mm_set1_epi8(CELL_ACID), k_lava = _mm_set1_epi8(CELL_LAVA),
                  k_bridge = _mm_set1_epi8(CELL_BRIDGE), k_box = _mm_set1_epi8(CELL_BOX),
                  k_edge = _mm_set1_epi8(CELL_EDGE);
    __m128i n_water = _mm_setzero_si128(), n_acid = n_water, n_lava = n_water, n_door = n_water;
    for (int y = 1; y <= GRID_H; y++) {
        const uint8_t *row = &g->c[GRID_IDX(0, y)];
        uint64_t mf[5], ms[5], mi[5];
        for (int k = 0; k < 5; k++) {
            __m128i v = _mm_loadu_si128((const __m128i *)(row + 16 * k));
            __m128i fl = _mm_cmpeq_epi8(v, k_floor), wa = _mm_cmpeq_epi8(v, k_water);
            __m128i ac = _mm_cmpeq_epi8(v, k_acid), la = _mm_cmpeq_epi8(v, k_lava);
            __m128i dr = _mm_cmpeq_epi8(v, k_door);
            __m128i st = _mm_or_si128(_mm_or_si128(fl, wa), _mm_cmpeq_epi8(v, k_bridge));
            __m128i im = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, k_wall),
                                                   _mm_cmpeq_epi8(v, k_box)),
                                      _mm_cmpeq_epi8(v, k_edge));
            n_water = _mm_sub_epi8(n_water, wa);
            n_acid = _mm_sub_epi8(n_acid, ac);
            n_lava = _mm_sub_epi8(n_lava, la);
            n_door = _mm_sub_epi8(n_door, dr);
            mf[k] = (uint64_t)(unsigned)_mm_movemask_epi8(fl);
            ms[k] = (uint64_t)(unsigned)_mm_movemask_epi8(st);
            mi[k] = (uint64_t)(unsigned)_mm_movemask_epi8(im);
        }
        c->floor[y] = join5(mf) & INNER_COLUMNS;
        c->standable[y] = join5(ms) & INNER_COLUMNS;
        c->passable[y] = ~join5(mi) & MAP_COLUMNS;
    }
    c->water = lane_sum(n_water);
    c->acid = lane_sum(n_acid);
    c->lava = lane_sum(n_lava);
    c->doors = lane_sum(n_door);
    clear_edges(c);
}
#endif

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__AVX2__)
#define CENSUS_AVX2_DISPATCH 1
#endif
#if defined(CENSUS_AVX2_DISPATCH) || defined(__AVX2__)
#include <immintrin.h>

/* Bit b of each cell's class (pshufb table): the kind sets as flags that a
 * shift brings to bit 7 for movemask. */
#define CLASS_FLOOR 0x80
#define CLASS_STAND 0x40
#define CLASS_IMPASS 0x20

static inline int8_t class_of(int k)
{
    return (int8_t)((k == CELL_FLOOR ? CLASS_FLOOR : 0) |
                    ((CELLSET_STANDABLE >> k) & 1u ? CLASS_STAND : 0) |
                    ((CELLSET_IMPASSABLE >> k) & 1u ? CLASS_IMPASS : 0));
}

static inline uint64_t lane_sum256(__m256i acc) __attribute__((target("avx2")));
static inline uint64_t lane_sum256(__m256i acc)
{
    __m256i s = _mm256_sad_epu8(acc, _mm256_setzero_si256());
    return (uint64_t)_mm256_extract_epi64(s, 0) + (uint64_t)_mm256_extract_epi64(s, 1) +
           (uint64_t)_mm256_extract_epi64(s, 2) + (uint64_t)_mm256_extract_epi64(s, 3);
}

/* Two rows (160 bytes) at a time in five 32-byte chunks: a table lookup
 * (pshufb) classifies each cell into the three sets, whose flags reach
 * movemask by shifts; the counted kinds are compares summed in byte lanes
 * (at most 50 chunks per lane). */
__attribute__((target("avx2"))) static void census_avx2(const grid_t *g, census_t *c)
{
    _Static_assert(CELL__COUNT <= 16, "pshufb classifies kinds 0..15");
    const __m256i table = _mm256_setr_epi8(
        class_of(0), class_of(1), class_of(2), class_of(3), class_of(4), class_of(5),
        class_of(6), class_of(7), class_of(8), class_of(9), 0, 0, 0, 0, 0, 0, class_of(0),
        class_of(1), class_of(2), class_of(3), class_of(4), class_of(5), class_of(6),
        class_of(7), class_of(8), class_of(9), 0, 0, 0, 0, 0, 0);
    const __m256i k_door = _mm256_set1_epi8(CELL_DOOR), k_water = _mm256_set1_epi8(CELL_WATER),
                  k_acid = _mm256_set1_epi8(CELL_ACID), k_lava = _mm256_set1_epi8(CELL_LAVA);
    __m256i n_water = _mm256_setzero_si256(), n_acid = n_water, n_lava = n_water,
            n_door = n_water;
    for (int y = 1; y <= GRID_H; y += 2) {
        const uint8_t *rows = &g->c[GRID_IDX(0, y)];
        uint64_t mf[5], ms[5], mi[5];
        for (int k = 0; k < 5; k++) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(rows + 32 * k));
            __m256i cl = _mm256_shuffle_epi8(table, v);
            mf[k] = (uint32_t)_mm256_movemask_epi8(cl);
            ms[k] = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(cl, 1));
            mi[k] = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(cl, 2));
            n_water = _mm256_sub_epi8(n_water, _mm256_cmpeq_epi8(v, k_water));
            n_acid = _mm256_sub_epi8(n_acid, _mm256_cmpeq_epi8(v, k_acid));
            n_lava = _mm256_sub_epi8(n_lava, _mm256_cmpeq_epi8(v, k_lava));
            n_door = _mm256_sub_epi8(n_door, _mm256_cmpeq_epi8(v, k_door));
        }
        /* row y: bits 0..79 = chunks 0, 1 and the low half of 2; row y+1 the rest */
#define ROW_A(m) ((bitrow_t)((m)[0] | (m)[1] << 32) | (bitrow_t)((m)[2] & 0xffff) << 64)
#define ROW_B(m) \
    ((bitrow_t)((m)[2] >> 16 | (m)[3] << 16 | (m)[4] << 48) | (bitrow_t)((m)[4] >> 16) << 64)
        c->floor[y] = ROW_A(mf) & INNER_COLUMNS;
        c->floor[y + 1] = ROW_B(mf) & INNER_COLUMNS;
        c->standable[y] = ROW_A(ms) & INNER_COLUMNS;
        c->standable[y + 1] = ROW_B(ms) & INNER_COLUMNS;
        c->passable[y] = ~ROW_A(mi) & MAP_COLUMNS;
        c->passable[y + 1] = ~ROW_B(mi) & MAP_COLUMNS;
#undef ROW_A
#undef ROW_B
    }
    c->water = (int)lane_sum256(n_water);
    c->acid = (int)lane_sum256(n_acid);
    c->lava = (int)lane_sum256(n_lava);
    c->doors = (int)lane_sum256(n_door);
    clear_edges(c);
}
#endif

void census_take_with(const grid_t *g, census_t *c, census_impl_t impl)
{
    switch (impl) {
#if defined(CENSUS_AVX2_DISPATCH) || defined(__AVX2__)
    case CENSUS_AVX2:
        if (__builtin_cpu_supports("avx2")) {
            census_avx2(g, c);
            return;
        }
        break;
#endif
#ifdef CENSUS_SSE2_BUILD
    case CENSUS_SSE2:
        census_sse2(g, c);
        return;
#endif
    default:
        break;
    }
    census_scalar(g, c);
}

bool census_has(census_impl_t impl)
{
    switch (impl) {
    case CENSUS_SCALAR:
        return true;
#ifdef CENSUS_SSE2_BUILD
    case CENSUS_SSE2:
        return true;
#endif
#if defined(CENSUS_AVX2_DISPATCH) || defined(__AVX2__)
    case CENSUS_AVX2:
        return __builtin_cpu_supports("avx2");
#endif
    default:
        return false;
    }
}

void census_take(const grid_t *g, census_t *c)
{
#if defined(CENSUS_AVX2_DISPATCH) || defined(__AVX2__)
    if (__builtin_cpu_supports("avx2")) {
        census_avx2(g, c);
        return;
    }
#endif
#ifdef CENSUS_SSE2_BUILD
    census_sse2(g, c);
#else
    census_scalar(g, c);
#endif
}
