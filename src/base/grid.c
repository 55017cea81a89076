/* grid.c - filling, the wall-plotting primitive and cell names for grid.h. */
#include "grid.h"

#include <assert.h>
#include <string.h>

#include "cpu.h"

static const char CELL_GLYPHS[CELL__COUNT] = {
    [CELL_FLOOR] = '.', [CELL_WALL] = '#',   [CELL_DOOR] = '+',
    [CELL_WATER] = '~', [CELL_ACID] = ':',   [CELL_LAVA] = '^',
    [CELL_BRIDGE] = '=', [CELL_BOX] = 'X',   [CELL_STAIRS] = '>',
    [CELL_EDGE] = ';', [CELL_BARREL] = '0', [CELL_BARREL_ACID] = '%',
    [CELL_BARREL_NAPALM] = '&', [CELL_MUD] = ',', [CELL_BLOOD] = '"',
};

const char *const CELL_NAMES[CELL__COUNT] = {
    [CELL_FLOOR] = "floor",   [CELL_WALL] = "wall",   [CELL_DOOR] = "door",
    [CELL_WATER] = "water",   [CELL_ACID] = "acid",   [CELL_LAVA] = "lava",
    [CELL_BRIDGE] = "bridge", [CELL_BOX] = "box",     [CELL_STAIRS] = "stairs",
    [CELL_EDGE] = "edge_fluid", [CELL_BARREL] = "barrel", [CELL_BARREL_ACID] = "acid_barrel",
    [CELL_BARREL_NAPALM] = "napalm_barrel", [CELL_MUD] = "mud", [CELL_BLOOD] = "blood",
};

char cell_glyph(cell_t k)
{
    assert(k < CELL__COUNT);
    return CELL_GLYPHS[k];
}

const char *cell_name(cell_t k)
{
    assert(k < CELL__COUNT);
    return CELL_NAMES[k];
}

void grid_fill(grid_t *g, cell_t k)
{
    memset(g->c, CELL_WALL, sizeof g->c);
    if (k != CELL_WALL)
        for (int y = 1; y <= GRID_H; y++)
            memset(&g->c[GRID_IDX(1, y)], (int)k, GRID_W);
}

void grid_fill_rect(grid_t *g, int x1, int y1, int x2, int y2, cell_t k)
{
    if (x1 < 1) x1 = 1;
    if (y1 < 1) y1 = 1;
    if (x2 > GRID_W) x2 = GRID_W;
    if (y2 > GRID_H) y2 = GRID_H;
    if (x1 > x2)
        return;
    for (int y = y1; y <= y2; y++)
        memset(&g->c[GRID_IDX(x1, y)], (int)k, (size_t)(x2 - x1 + 1));
}

void grid_border(grid_t *g)
{
    for (int x = 1; x <= GRID_W; x++) {
        grid_set(g, x, 1, CELL_WALL);
        grid_set(g, x, GRID_H, CELL_WALL);
    }
    for (int y = 1; y <= GRID_H; y++) {
        grid_set(g, 1, y, CELL_WALL);
        grid_set(g, GRID_W, y, CELL_WALL);
    }
}

/* grid_clear's map, built by the compiler: padding and border ring wall. */
#define REP2(a) a, a
#define REP4(a) REP2(a), REP2(a)
#define REP8(a) REP4(a), REP4(a)
#define REP16(a) REP8(a), REP8(a)
#define REP64(a) REP16(a), REP16(a), REP16(a), REP16(a)
#define WALL_ROW REP64(CELL_WALL), REP16(CELL_WALL)
#define FLOOR_ROW \
    REP2(CELL_WALL), REP64(CELL_FLOOR), REP8(CELL_FLOOR), REP4(CELL_FLOOR), REP2(CELL_WALL)
#define FLOOR_ROWS6 FLOOR_ROW, FLOOR_ROW, FLOOR_ROW, FLOOR_ROW, FLOOR_ROW, FLOOR_ROW
static const grid_t CLEARED = {{WALL_ROW, WALL_ROW, FLOOR_ROWS6, FLOOR_ROWS6, FLOOR_ROWS6,
                                 WALL_ROW, WALL_ROW, REP8(CELL_WALL)}};
_Static_assert(GRID_STRIDE == 80 && GRID_H == 20 && GRID_SLACK == 8,
               "CLEARED spells out 22 rows of 80 cells and the slack");

void grid_clear(grid_t *g)
{
    memcpy(g, &CLEARED, sizeof *g);
}

bool grid_plot_wall(grid_t *g, int x, int y, bool horizontal)
{
    assert(grid_in_map(x, y));
    const int step = horizontal ? 1 : GRID_STRIDE;
    const int p = GRID_IDX(x, y);
    if (cell_is_solid((cell_t)g->c[p])) {
        g->c[p] = CELL_DOOR;
        return false;
    }
    /* The padding ring is wall, so both walks end inside the array. */
    for (int i = p + step; !cell_is_solid((cell_t)g->c[i]); i += step)
        g->c[i] = CELL_WALL;
    for (int i = p - step; !cell_is_solid((cell_t)g->c[i]); i -= step)
        g->c[i] = CELL_WALL;
    g->c[p] = CELL_DOOR;
    return true;
}

int grid_count(const grid_t *g, cell_t k)
{
    int n = 0;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            n += grid_get(g, x, y) == k;
    return n;
}

static void mask_rows_plain(const grid_t *g, cellset_t kinds, bitrow_t rows[GRID_H + 2])
{
    for (int y = 0; y < GRID_H + 2; y++) {
        const uint8_t *c = &g->c[GRID_IDX(0, y)];
        bitrow_t row = 0;
        for (int x = 0; x < GRID_STRIDE; x++)
            row |= (bitrow_t)((kinds >> c[x]) & 1u) << x;
        rows[y] = row;
    }
}

#if CPU_SIMD
/* 16 cells at a time: one byte compare per kind in the set, then movemask;
 * the five 16-bit masks of a row are joined with constant shifts.  n is a
 * constant where this is inlined for one, two or three kinds (the common
 * calls: the layout census and city read one kind each, the room scan two),
 * so that loop is as many compares. */
static inline __attribute__((always_inline)) void mask_rows_n(const grid_t *g, const __m128i *want,
                                                              int n, bitrow_t rows[GRID_H + 2])
{
    _Static_assert(GRID_STRIDE == 80, "a row is five 16-byte chunks");
    for (int y = 0; y < GRID_H + 2; y++) {
        const uint8_t *c = &g->c[GRID_IDX(0, y)];
        uint64_t m[5];
        for (int chunk = 0; chunk < 5; chunk++) {
            __m128i v = _mm_loadu_si128((const __m128i *)(c + 16 * chunk));
            __m128i hit = _mm_cmpeq_epi8(v, want[0]);
            for (int i = 1; i < n; i++)
                hit = _mm_or_si128(hit, _mm_cmpeq_epi8(v, want[i]));
            m[chunk] = (uint64_t)(unsigned)_mm_movemask_epi8(hit);
        }
        uint64_t lo = m[0] | m[1] << 16 | m[2] << 32 | m[3] << 48;
        rows[y] = (bitrow_t)lo | (bitrow_t)m[4] << 64;
    }
}

static void mask_rows_sse2(const grid_t *g, cellset_t kinds, bitrow_t rows[GRID_H + 2])
{
    __m128i want[CELL__COUNT];
    int n = 0;
    for (cellset_t k = kinds; k; k &= k - 1)
        want[n++] = _mm_set1_epi8((char)__builtin_ctz(k));
    /* n a constant for the common sizes (solid: wall and door; a wall
     * set with boxes): each loop then unrolls to its compares */
    if (n == 1)
        mask_rows_n(g, want, 1, rows);
    else if (n == 2)
        mask_rows_n(g, want, 2, rows);
    else if (n == 3)
        mask_rows_n(g, want, 3, rows);
    else if (n > 1)
        mask_rows_n(g, want, n, rows);
    else
        mask_rows_plain(g, kinds, rows);
}
#endif

void grid_mask_rows(const grid_t *g, cellset_t kinds, bitrow_t rows[GRID_H + 2])
{
#if CPU_SIMD
    if (cpu_uses(CPU_SSE2)) {
        mask_rows_sse2(g, kinds, rows);
        return;
    }
#endif
    mask_rows_plain(g, kinds, rows);
}

/* The k-th set bit of x: one PDEP, which deposits bit k of a mask of ones
 * at the k-th set bit of x, where PDEP is fast (CPU_BMI2); else select64. */
#if CPU_SIMD
CPU_AVX2_FN static int select_pdep(uint64_t x, int k)
{
    return __builtin_ctzll(_pdep_u64(UINT64_C(1) << k, x));
}
#endif

int grid_select64(uint64_t x, int k)
{
#if CPU_SIMD
    if (cpu_uses(CPU_BMI2))
        return select_pdep(x, k);
#endif
    return select64(x, k);
}
