/* census.c - the one-pass map census of census.h.
 *
 * Sixteen cells at a time (SSE2): one byte compare per kind, the kind sets
 * joined with ORs and turned into bits with movemask, the counted kinds
 * summed in byte lanes (subtracting the all-ones compare results; a lane
 * sees at most 100 chunks, so it never wraps) and added up with psadbw at
 * the end.  On x86-64 CPUs with AVX2 (chosen at run time, so the binary
 * stays baseline x86-64) 32 cells at a time, the kind sets from one table
 * lookup.  A plain loop does the same; cpu.h picks the path, and the unit
 * test holds all three to the same answers.
 */
#include "census.h"

#include <string.h>

#include "cpu.h"

/* Bits 2..77 of a row. */
#define INNER_COLUMNS ((((BITROW_BIT(GRID_W) - 1) >> 2) << 2))

static inline bitrow_t join5(const uint64_t m[5])
{
    return (bitrow_t)(m[0] | m[1] << 16 | m[2] << 32 | m[3] << 48) | (bitrow_t)m[4] << 64;
}

#if CPU_SIMD
static inline int lane_sum(__m128i acc)
{
    __m128i s = _mm_sad_epu8(acc, _mm_setzero_si128());
    return _mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(s, s));
}
#endif

/* Rows 0, 1, GRID_H, GRID_H+1 of the placement rows: nothing is placed on
 * the border. */
static void clear_edges(census_t *c)
{
    c->floor[0] = c->floor[1] = c->floor[GRID_H] = c->floor[GRID_H + 1] = 0;
    c->standable[0] = c->standable[1] = c->standable[GRID_H] = c->standable[GRID_H + 1] = 0;
}

static void census_plain(const grid_t *g, census_t *c)
{
    c->water = c->acid = c->lava = c->doors = 0;
    for (int y = 1; y <= GRID_H; y++) {
        const uint8_t *row = &g->c[GRID_IDX(0, y)];
        bitrow_t f = 0, s = 0;
        for (int x = 0; x < GRID_STRIDE; x++) {
            unsigned k = row[x];
            f |= (bitrow_t)(k == CELL_FLOOR) << x;
            s |= (bitrow_t)((CELLSET_STANDABLE >> k) & 1u) << x;
            c->water += k == CELL_WATER;
            c->acid += k == CELL_ACID;
            c->lava += k == CELL_LAVA;
            c->doors += k == CELL_DOOR;
        }
        c->floor[y] = f & INNER_COLUMNS;
        c->standable[y] = s & INNER_COLUMNS;
    }
    clear_edges(c);
}

#if CPU_SIMD
static void census_sse2(const grid_t *g, census_t *c)
{
    const __m128i k_floor = _mm_set1_epi8(CELL_FLOOR), k_door = _mm_set1_epi8(CELL_DOOR),
                  k_water = _mm_set1_epi8(CELL_WATER), k_acid = _mm_set1_epi8(CELL_ACID),
                  k_lava = _mm_set1_epi8(CELL_LAVA), k_bridge = _mm_set1_epi8(CELL_BRIDGE),
                  k_mud = _mm_set1_epi8(CELL_MUD), k_blood = _mm_set1_epi8(CELL_BLOOD);
    __m128i n_water = _mm_setzero_si128(), n_acid = n_water, n_lava = n_water, n_door = n_water;
    for (int y = 1; y <= GRID_H; y++) {
        const uint8_t *row = &g->c[GRID_IDX(0, y)];
        uint64_t mf[5], ms[5];
        for (int k = 0; k < 5; k++) {
            __m128i v = _mm_loadu_si128((const __m128i *)(row + 16 * k));
            __m128i fl = _mm_cmpeq_epi8(v, k_floor), wa = _mm_cmpeq_epi8(v, k_water);
            __m128i ac = _mm_cmpeq_epi8(v, k_acid), la = _mm_cmpeq_epi8(v, k_lava);
            __m128i dr = _mm_cmpeq_epi8(v, k_door);
            __m128i st = _mm_or_si128(_mm_or_si128(fl, wa), _mm_cmpeq_epi8(v, k_bridge));
            st = _mm_or_si128(st, _mm_or_si128(_mm_cmpeq_epi8(v, k_mud), _mm_cmpeq_epi8(v, k_blood)));
            n_water = _mm_sub_epi8(n_water, wa);
            n_acid = _mm_sub_epi8(n_acid, ac);
            n_lava = _mm_sub_epi8(n_lava, la);
            n_door = _mm_sub_epi8(n_door, dr);
            mf[k] = (uint64_t)(unsigned)_mm_movemask_epi8(fl);
            ms[k] = (uint64_t)(unsigned)_mm_movemask_epi8(st);
        }
        c->floor[y] = join5(mf) & INNER_COLUMNS;
        c->standable[y] = join5(ms) & INNER_COLUMNS;
    }
    c->water = lane_sum(n_water);
    c->acid = lane_sum(n_acid);
    c->lava = lane_sum(n_lava);
    c->doors = lane_sum(n_door);
    clear_edges(c);
}


/* Bit b of each cell's class (pshufb table): the kind sets as flags that a
 * shift brings to bit 7 for movemask. */
#define CLASS_FLOOR 0x80
#define CLASS_STAND 0x40

static inline int8_t class_of(int k)
{
    return (int8_t)((k == CELL_FLOOR ? CLASS_FLOOR : 0) |
                    ((CELLSET_STANDABLE >> k) & 1u ? CLASS_STAND : 0));
}

/* The counted kinds as nibble weights (pshufb tables): water and lava count
 * in a byte's low nibble, acid and door in its high one. */
static inline int8_t count_lo_hi(int k, int lo, int hi)
{
    return (int8_t)((k == lo ? 0x01 : 0) | (k == hi ? 0x10 : 0));
}

CPU_AVX2_FN static inline uint64_t lane_sum256(__m256i acc)
{
    __m256i s = _mm256_sad_epu8(acc, _mm256_setzero_si256());
    __m128i t = _mm_add_epi64(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
    return (uint64_t)_mm_cvtsi128_si64(t) + (uint64_t)_mm_extract_epi64(t, 1);
}

#define TABLE16(f, ...)                                                                      \
    f(0, __VA_ARGS__), f(1, __VA_ARGS__), f(2, __VA_ARGS__), f(3, __VA_ARGS__),              \
        f(4, __VA_ARGS__), f(5, __VA_ARGS__), f(6, __VA_ARGS__), f(7, __VA_ARGS__),          \
        f(8, __VA_ARGS__), f(9, __VA_ARGS__), f(10, __VA_ARGS__), f(11, __VA_ARGS__),        \
        f(12, __VA_ARGS__), f(13, __VA_ARGS__), f(14, __VA_ARGS__), f(15, __VA_ARGS__)
#define CLASS_OF(k, _) class_of(k)

/* Two rows a pass in five 32-byte chunks, each row's x 0..63 in two chunks
 * of its own and both rows' x 64..79 in the fifth (one 16-byte half each),
 * so a row's bits are two movemasks side by side and half of the fifth.  A
 * table lookup (pshufb) classifies each cell into the two sets, whose
 * flags reach movemask by shifts; the first and the fifth chunks are masked
 * to the placement columns first.  The counted kinds are nibble
 * weights from two more lookups, summed in byte lanes: a lane sees at most
 * 10 chunks (two passes) before the nibbles are split into byte sums (at
 * most 50 per lane). */
CPU_AVX2_FN static void census_avx2(const grid_t *g, census_t *c)
{
    _Static_assert(CELL__COUNT <= 16, "pshufb classifies kinds 0..15");
    _Static_assert(GRID_STRIDE == 80 && GRID_H % 4 == 0, "two 80-cell rows a pass, two passes a flush");
    const __m256i table = _mm256_setr_epi8(TABLE16(CLASS_OF, 0), TABLE16(CLASS_OF, 0));
    const __m256i t_wa = _mm256_setr_epi8(TABLE16(count_lo_hi, CELL_WATER, CELL_ACID),
                                          TABLE16(count_lo_hi, CELL_WATER, CELL_ACID));
    const __m256i t_ld = _mm256_setr_epi8(TABLE16(count_lo_hi, CELL_LAVA, CELL_DOOR),
                                          TABLE16(count_lo_hi, CELL_LAVA, CELL_DOOR));
    /* x 0 and 1: no set (likewise x 79 and 78 of the fifth) */
    const __m256i m_head = _mm256_setr_epi8(0, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                            -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                            -1, -1, -1, -1, -1, -1, -1, -1);
    const __m256i m_tail = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                            -1, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1,
                                            -1, -1, -1, -1, -1, -1, 0, 0);
    const __m256i nibble = _mm256_set1_epi8(0x0f);
    __m256i n_water = _mm256_setzero_si256(), n_acid = n_water, n_lava = n_water,
            n_door = n_water;
    for (int y0 = 1; y0 <= GRID_H; y0 += 4) {
        __m256i s_wa = _mm256_setzero_si256(), s_ld = s_wa;
#pragma GCC unroll 2
        for (int y = y0; y < y0 + 4; y += 2) {
            const uint8_t *rows = &g->c[GRID_IDX(0, y)];
            const __m256i v[5] = {
                _mm256_loadu_si256((const __m256i *)rows),
                _mm256_loadu_si256((const __m256i *)(rows + 32)),
                _mm256_loadu_si256((const __m256i *)(rows + GRID_STRIDE)),
                _mm256_loadu_si256((const __m256i *)(rows + GRID_STRIDE + 32)),
                _mm256_inserti128_si256(
                    _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(rows + 64))),
                    _mm_loadu_si128((const __m128i *)(rows + GRID_STRIDE + 64)), 1),
            };
            __m256i cl[5];
            for (int k = 0; k < 5; k++) {
                cl[k] = _mm256_shuffle_epi8(table, v[k]);
                if (k == 0 || k == 2)
                    cl[k] = _mm256_and_si256(cl[k], m_head);
                else if (k == 4)
                    cl[k] = _mm256_and_si256(cl[k], m_tail);
                s_wa = _mm256_add_epi8(s_wa, _mm256_shuffle_epi8(t_wa, v[k]));
                s_ld = _mm256_add_epi8(s_ld, _mm256_shuffle_epi8(t_ld, v[k]));
                /* added in chunk order: reassociated, the sums' terms were
                 * all computed first and spilled to the stack */
                __asm__("" : "+x"(s_wa), "+x"(s_ld));
            }
            /* One set at a time: its flag in bit 7, the five movemasks, the
             * two rows (the columns were masked in the chunks: bits are
             * final), then the next flag up by doubling the bytes. */
#define MASK(k) ((uint64_t)(uint32_t)_mm256_movemask_epi8(cl[k]))
#define ROWS(to)                                                                              \
    do {                                                                                      \
        const uint64_t t4 = MASK(4);                                                          \
        (to)[y] = (bitrow_t)(MASK(0) | MASK(1) << 32) | (bitrow_t)(t4 & 0xffff) << 64;       \
        (to)[y + 1] = (bitrow_t)(MASK(2) | MASK(3) << 32) | (bitrow_t)(t4 >> 16) << 64;      \
        for (int k = 0; k < 5; k++)                                                           \
            cl[k] = _mm256_add_epi8(cl[k], cl[k]);                                            \
    } while (0)
            ROWS(c->floor);
            ROWS(c->standable);
#undef ROWS
#undef MASK
        }
        n_water = _mm256_add_epi8(n_water, _mm256_and_si256(s_wa, nibble));
        n_acid = _mm256_add_epi8(n_acid, _mm256_and_si256(_mm256_srli_epi16(s_wa, 4), nibble));
        n_lava = _mm256_add_epi8(n_lava, _mm256_and_si256(s_ld, nibble));
        n_door = _mm256_add_epi8(n_door, _mm256_and_si256(_mm256_srli_epi16(s_ld, 4), nibble));
    }
    c->water = (int)lane_sum256(n_water);
    c->acid = (int)lane_sum256(n_acid);
    c->lava = (int)lane_sum256(n_lava);
    c->doors = (int)lane_sum256(n_door);
    clear_edges(c);
}
#undef CLASS_OF
#undef TABLE16
#endif

void census_take(const grid_t *g, census_t *c)
{
#if CPU_SIMD
    if (cpu_uses(CPU_AVX2)) {
        census_avx2(g, c);
        return;
    }
    if (cpu_uses(CPU_SSE2)) {
        census_sse2(g, c);
        return;
    }
#endif
    census_plain(g, c);
}
