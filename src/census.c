/* census.c - the one-pass map census of census.h.
 *
 * Sixteen cells at a time (SSE2): one byte compare per kind, the kind sets
 * joined with ORs and turned into bits with movemask, the counted kinds
 * summed in byte lanes (subtracting the all-ones compare results; a lane
 * sees at most 100 chunks, so it never wraps) and added up with psadbw at
 * the end.  A portable loop does the same where SSE2 is missing.
 */
#include "census.h"

#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Bits 2..77 and 1..78 of a row. */
#define INNER_COLUMNS ((((BITROW_BIT(GRID_W) - 1) >> 2) << 2))
#define MAP_COLUMNS ((BITROW_BIT(GRID_W + 1) - 1) & ~BITROW_BIT(0))

static inline bitrow_t join5(const uint64_t m[5])
{
    return (bitrow_t)(m[0] | m[1] << 16 | m[2] << 32 | m[3] << 48) | (bitrow_t)m[4] << 64;
}

#ifdef __SSE2__
static inline int lane_sum(__m128i acc)
{
    __m128i s = _mm_sad_epu8(acc, _mm_setzero_si128());
    return _mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(s, s));
}
#endif

void census_take(const grid_t *g, census_t *c)
{
    _Static_assert(GRID_STRIDE == 80, "a row is five 16-byte chunks");
#ifdef __SSE2__
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
#else
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
#endif
    /* rows 1 and GRID_H are the border: nothing is placed there */
    c->floor[0] = c->floor[1] = c->floor[GRID_H] = c->floor[GRID_H + 1] = 0;
    c->standable[0] = c->standable[1] = c->standable[GRID_H] = c->standable[GRID_H + 1] = 0;
    c->passable[0] = c->passable[GRID_H + 1] = 0;
}
