/* wallbits.c - the map written from solid bit rows (wallbits.h): the plain
 * form and its SSE2 twin, whose outputs are identical (test_reference
 * holds the normal and tiled layouts' maps against the plain reference on
 * every CPU path); and the cleared map's columns.
 */
#include "wallbits.h"

#include "cpu.h"

#define ALL_ROWS ((UINT32_C(1) << (GRID_H + 2)) - 1)
#define RING_ROWS (UINT32_C(3) | UINT32_C(3) << GRID_H)

/* The columns of grid_clear's map, spelled out for the compiler. */
#define COL2(a) a, a
#define COL4(a) COL2(a), COL2(a)
#define COL8(a) COL4(a), COL4(a)
#define COL16(a) COL8(a), COL8(a)
#define COL64(a) COL16(a), COL16(a), COL16(a), COL16(a)
const uint32_t WALLBITS_CLEARED_COLUMNS[GRID_STRIDE] = {
    COL2(ALL_ROWS), COL64(RING_ROWS), COL8(RING_ROWS), COL4(RING_ROWS), COL2(ALL_ROWS)};
_Static_assert(GRID_STRIDE == 80, "WALLBITS_CLEARED_COLUMNS spells out 80 columns");

/* The map of the walls: floor, wall where a solid bit is set (padding and
 * border included), then the doors.  Rows 0, 1, GRID_H and GRID_H+1 are all
 * wall (the walls stop at the border), and the slack too, as in grid_clear. */
_Static_assert(CELL_FLOOR == 0 && CELL_WALL == 1, "a solid bit is the wall byte");

static void map_rows_plain(grid_t *g, const bitrow_t solid[GRID_H + 2])
{
    for (int y = 2; y < GRID_H; y++) {
        const uint64_t lo = (uint64_t)solid[y], hi = (uint64_t)(solid[y] >> 64);
        uint8_t *c = &g->c[GRID_IDX(0, y)];
        for (int x = 0; x < 64; x++)
            c[x] = (uint8_t)(lo >> x & 1);
        for (int x = 64; x < GRID_STRIDE; x++)
            c[x] = (uint8_t)(hi >> (x - 64) & 1);
    }
}

#if CPU_SIMD
static void map_rows_sse2(grid_t *g, const bitrow_t solid[GRID_H + 2])
{
    /* Two bytes of bits to sixteen cells: unpacking a register with itself
     * doubles each byte (then pair, then quad), so the chunk of cells
     * 16i..16i+15 holds bit byte 2i eight times, then byte 2i+1; each cell
     * keeps its own bit of it. */
    const __m128i bitsel = _mm_set1_epi64x((long long)UINT64_C(0x8040201008040201));
    const __m128i wall = _mm_set1_epi8(CELL_WALL);
    for (int y = 2; y < GRID_H; y++) {
        const __m128i row = _mm_loadu_si128((const __m128i *)(const void *)&solid[y]);
        const __m128i b2lo = _mm_unpacklo_epi8(row, row), b2hi = _mm_unpackhi_epi8(row, row);
        const __m128i b4a = _mm_unpacklo_epi16(b2lo, b2lo), b4b = _mm_unpackhi_epi16(b2lo, b2lo);
        const __m128i b4c = _mm_unpacklo_epi16(b2hi, b2hi);
        const __m128i chunk[5] = {_mm_unpacklo_epi32(b4a, b4a), _mm_unpackhi_epi32(b4a, b4a),
                                  _mm_unpacklo_epi32(b4b, b4b), _mm_unpackhi_epi32(b4b, b4b),
                                  _mm_unpacklo_epi32(b4c, b4c)};
        uint8_t *c = &g->c[GRID_IDX(0, y)];
        for (int i = 0; i < 5; i++) {
            /* the cell's bit, nonzero or not: unsigned min with 1 is the byte */
            const __m128i bit = _mm_and_si128(chunk[i], bitsel);
            _mm_storeu_si128((__m128i *)(void *)(c + 16 * i), _mm_min_epu8(bit, wall));
        }
    }
}
#endif

void wallbits_map(grid_t *g, const bitrow_t solid[GRID_H + 2])
{
    /* rows 0 and 1, then GRID_H and below with the slack: wall */
    memset(g->c, CELL_WALL, 2 * GRID_STRIDE);
#if CPU_SIMD
    if (cpu_uses(CPU_SSE2))
        map_rows_sse2(g, solid);
    else
#endif
        map_rows_plain(g, solid);
    memset(&g->c[GRID_IDX(0, GRID_H)], CELL_WALL, sizeof g->c - GRID_IDX(0, GRID_H));
}
