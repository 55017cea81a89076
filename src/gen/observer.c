/* observer.c - the finished level seen from the level alone, see observer.h.
 *
 * One pass classifies every cell into eight classes at once (a byte of class
 * bits per cell kind, looked up 32 cells at a time by a byte shuffle on the
 * AVX2 path, one cell at a time on the plain path: the same bit rows either
 * way, test_observer holds them equal) and leaves a bit row per class;
 * everything else is read from those rows, from the positions of the things
 * on the level, and from the room list (observer_look is compiled twice:
 * for the AVX2 path, with POPCNT and the things, doors, rooms and fluids by
 * vector compares, and for the plain one).  Reachability too: the passable
 * cells are the complement of the wall, box, barrel and ring-fluid rows,
 * flooded from the start by a flood of this file's own (unreached), the
 * only reachability any level is given (the reference's plain search,
 * ref_unreachable, holds it in the tests).  Nothing here reads
 * lv->obs but whether a river was drawn and which way (look_layout10: the
 * ring rows it fills are the map set against that draw).
 */
#include "observer.h"

#include <string.h>

#include "cpu.h"

/* The classes of the bit rows, one bit each in a cell kind's class byte.
 * A wet cell (water, acid, lava, mud, blood, bridge, ring fluid) is one of
 * K_LIQUID, K_BRIDGE and K_EDGE. */
enum {
    K_WALL = 1,
    K_DOOR = 2,
    K_LIQUID = 4, /* water, acid, lava, mud, blood */
    K_STAIRS = 8,
    K_BRIDGE = 16,
    K_BOX = 32,
    K_BARREL = 64,
    K_EDGE = 128, /* ring fluid */
};
enum { R_WALL, R_DOOR, R_LIQUID, R_STAIRS, R_BRIDGE, R_BOX, R_BARREL, R_EDGE, N_CLASSES };
static const uint8_t CLASS[16] = {
    [CELL_FLOOR] = 0,
    [CELL_WALL] = K_WALL,
    [CELL_DOOR] = K_DOOR,
    [CELL_WATER] = K_LIQUID,
    [CELL_ACID] = K_LIQUID,
    [CELL_LAVA] = K_LIQUID,
    [CELL_BRIDGE] = K_BRIDGE,
    [CELL_BOX] = K_BOX,
    [CELL_STAIRS] = K_STAIRS,
    [CELL_EDGE] = K_EDGE,
    [CELL_BARREL] = K_BARREL,
    [CELL_BARREL_ACID] = K_BARREL,
    [CELL_BARREL_NAPALM] = K_BARREL,
    [CELL_MUD] = K_LIQUID,
    [CELL_BLOOD] = K_LIQUID,
};
_Static_assert(CELL__COUNT <= 16, "a cell kind indexes the 16-byte class table");

/* What a thing's cell is, for the things' own look-ups: one count each in a
 * 16-bit lane of a word, so a thing's cell adds to all three at once (a
 * level holds far fewer than 65536 things). */
#define T_BLOCKED UINT64_C(1)
#define T_HAZARD (UINT64_C(1) << 16)
#define T_STAIRS (UINT64_C(1) << 32)
static const uint64_t THING[16] = {
    [CELL_WALL] = T_BLOCKED,   [CELL_DOOR] = T_BLOCKED,          [CELL_BOX] = T_BLOCKED,
    [CELL_EDGE] = T_BLOCKED,   [CELL_BARREL] = T_BLOCKED,        [CELL_BARREL_ACID] = T_BLOCKED,
    [CELL_BARREL_NAPALM] = T_BLOCKED, [CELL_ACID] = T_HAZARD,    [CELL_LAVA] = T_HAZARD,
    [CELL_STAIRS] = T_STAIRS,
};

/* the map's columns 1..78 */
#define COLUMNS ((BITROW_BIT(GRID_W + 1) - 1) & ~BITROW_BIT(0))

typedef struct classes {
    bitrow_t row[N_CLASSES][GRID_H + 2]; /* rows 1..20, bits 0..79 (the padding columns
                                          * are wall); rows 0 and 21 padding: wall */
    int count[N_CLASSES];                /* cells of each class in columns 1..78 (the
                                          * AVX2 path counts the COUNTED classes only:
                                          * what observer_look reads) */
    unsigned maybe;                      /* K_ bits: the classes that may have cells
                                          * (a class not here has none; the AVX2 path
                                          * also sets those only the padding has) */
} classes_t;

/* The classes whose counts observer_look reads (of the liquid cells only
 * whether there is one: the AVX2 path's count is 0 or 1). */
enum { COUNTED = 1 << R_DOOR | 1 << R_LIQUID | 1 << R_STAIRS | 1 << R_BRIDGE | 1 << R_BARREL |
                 1 << R_EDGE };

static void padding_rows(classes_t *k)
{
    for (int j = 0; j < N_CLASSES; j++)
        k->row[j][0] = k->row[j][GRID_H + 1] = 0;
    k->row[R_WALL][0] = k->row[R_WALL][GRID_H + 1] = (BITROW_BIT(GRID_STRIDE) - 1);
}

static void classify_plain(const grid_t *g, classes_t *k)
{
    padding_rows(k);
    for (int y = 1; y <= GRID_H; y++) {
        bitrow_t r[N_CLASSES] = {0};
        const uint8_t *c = &g->c[GRID_IDX(0, y)];
        for (int x = 0; x < GRID_STRIDE; x++) {
            const unsigned cl = c[x] < 16 ? CLASS[c[x]] : K_WALL;
            for (int j = 0; j < N_CLASSES; j++)
                r[j] |= (bitrow_t)(cl >> j & 1) << x;
        }
        for (int j = 0; j < N_CLASSES; j++)
            k->row[j][y] = r[j];
    }
    k->maybe = 0;
    for (int j = 0; j < N_CLASSES; j++) {
        k->count[j] = 0;
        for (int y = 1; y <= GRID_H; y++)
            k->count[j] += bitrow_popcount(k->row[j][y] & COLUMNS);
        k->maybe |= (unsigned)(k->count[j] != 0) << j;
    }
}

#if CPU_SIMD
/* Two rows a pass as five 32-byte chunks (as census_avx2 reads them): each
 * cell's class byte by one shuffle, then the classes from the top bit down,
 * a movemask per chunk and the bytes doubled for the next. */
CPU_AVX2_FN static void classify_avx2(const grid_t *g, classes_t *k)
{
    _Static_assert(GRID_STRIDE == 80 && GRID_H % 2 == 0, "two 80-cell rows a pass");
    padding_rows(k);
    const __m128i t128 = _mm_loadu_si128((const __m128i *)CLASS);
    const __m256i table = _mm256_inserti128_si256(_mm256_castsi128_si256(t128), t128, 1);
    /* the counts observer_look reads, by the POPCNT instruction this target
     * has, on each pair of rows as it is made: none of door, stairs, bridge
     * and barrel is set on the padding columns, so their masks count as they
     * are; ring fluid is counted in columns 1..78, and of the liquid cells
     * (the one common class of these) only whether columns 1..78 have one */
    enum { RARE = K_STAIRS | K_BRIDGE | K_BOX | K_BARREL | K_EDGE };
    const uint64_t col_lo = ~UINT64_C(1), col_t4 = ~(UINT64_C(1) << 15 | UINT64_C(1) << 31);
    int n[N_CLASSES] = {0};
    uint64_t liquid = 0; /* the liquid cells' masks, OR-ed */
    __m256i every = _mm256_setzero_si256(); /* the classes of every cell, OR-ed */
    for (int y = 1; y <= GRID_H; y += 2) {
        const uint8_t *rows = &g->c[GRID_IDX(0, y)];
        __m256i cl[5] = {
            _mm256_loadu_si256((const __m256i *)rows),
            _mm256_loadu_si256((const __m256i *)(rows + 32)),
            _mm256_loadu_si256((const __m256i *)(rows + GRID_STRIDE)),
            _mm256_loadu_si256((const __m256i *)(rows + GRID_STRIDE + 32)),
            _mm256_inserti128_si256(
                _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(rows + 64))),
                _mm_loadu_si128((const __m128i *)(rows + GRID_STRIDE + 64)), 1),
        };
        for (int c = 0; c < 5; c++)
            cl[c] = _mm256_shuffle_epi8(table, cl[c]);
        /* the classes some cell of the two rows has: the rare classes'
         * rows are empty where no cell has them, and take no movemasks
         * then (most rows have no bridge, box, barrel, stairs or ring
         * fluid) */
        const __m256i any = _mm256_or_si256(_mm256_or_si256(cl[0], cl[1]),
                                            _mm256_or_si256(_mm256_or_si256(cl[2], cl[3]), cl[4]));
        /* and the rare classes as one test first: most pairs of rows have
         * none of them */
        const bool rare = !_mm256_testz_si256(any, _mm256_set1_epi8((char)RARE));
        every = _mm256_or_si256(every, any);
#pragma GCC unroll 8 /* each class's tests and counts constant */
        for (int j = N_CLASSES - 1; j >= 0; j--) {
            /* the common classes (wall, door, liquid) unconditionally:
             * whether a pair of rows has a door or a liquid cell varies
             * from level to level, and a mispredicted test costs more
             * than the class's masks */
            if (RARE >> j & 1 &&
                (!rare || _mm256_testz_si256(any, _mm256_set1_epi8((char)(1 << j))))) {
                k->row[j][y] = k->row[j][y + 1] = 0;
                continue;
            }
            __m256i b[5]; /* class j's bit at the top of each byte */
            for (int c = 0; c < 5; c++)
                b[c] = _mm256_slli_epi16(cl[c], 7 - j);
#define MASK(c) ((uint64_t)(uint32_t)_mm256_movemask_epi8(b[c]))
            const uint64_t lo = MASK(0) | MASK(1) << 32, lo2 = MASK(2) | MASK(3) << 32,
                           t4 = MASK(4);
            k->row[j][y] = (bitrow_t)lo | (bitrow_t)(t4 & 0xffff) << 64;
            k->row[j][y + 1] = (bitrow_t)lo2 | (bitrow_t)(t4 >> 16) << 64;
            if (j == R_LIQUID)
                liquid |= ((lo | lo2) & col_lo) | (t4 & col_t4);
            else if (j == R_EDGE)
                n[j] += __builtin_popcountll(lo & col_lo) + __builtin_popcountll(lo2 & col_lo) +
                        __builtin_popcountll(t4 & col_t4);
            else if (COUNTED >> j & 1)
                n[j] += __builtin_popcountll(lo) + __builtin_popcountll(lo2) +
                        __builtin_popcountll(t4);
        }
#undef MASK
    }
    n[R_LIQUID] = liquid != 0;
    k->maybe = 0;
    for (int j = 0; j < N_CLASSES; j++) {
        if (COUNTED >> j & 1)
            k->count[j] = n[j];
        k->maybe |= (unsigned)!_mm256_testz_si256(every, _mm256_set1_epi8((char)(1 << j))) << j;
    }
}
#endif

/* The cells of r (cpu.h cpu_bitrow_cells: fast, the AVX2 path's twin of
 * observer_look, counts by POPCNT). */
static inline __attribute__((always_inline)) int pop(bitrow_t r, bool fast)
{
    return cpu_bitrow_cells(r, fast);
}

static inline __attribute__((always_inline)) int pop64(uint64_t v, bool fast)
{
#if CPU_SIMD
    if (fast)
        return __builtin_popcountll(v);
#endif
    (void)fast;
    return popcount64(v);
}

/* The observer's flood, on rows as two 64-bit halves (bits 0..63 and 64..79): GCC
 * keeps these in registers where it spills the 128-bit type.  And in
 * general-purpose registers: GCC's SLP vectoriser pairs the halves' operations
 * into SSE registers, and each offer's result then crosses between the two
 * register files on the way to the next offer, which waits for it (measured
 * with the cascades below: the observer 4-6% faster by time without it, the
 * flood about half of the observer; docs/performance.md, "Against c45dd2c
 * again"). */
#if defined(__GNUC__) && !defined(__clang__)
#define SCALAR_HALVES __attribute__((optimize("no-tree-slp-vectorize")))
#else
#define SCALAR_HALVES
#endif
typedef struct half2 {
    uint64_t lo, hi;
} half2_t;

static inline half2_t h2_of(bitrow_t r)
{
    return (half2_t){(uint64_t)r, (uint64_t)(r >> 64)};
}

static inline bool h2_any(half2_t a)
{
    return (a.lo | a.hi) != 0;
}

/* A row's cells r and their two neighbours in the row: what they touch in
 * the row above or below (bits 0..79 only, so nothing leaves the high
 * half). */
static inline half2_t touched(half2_t r)
{
    return (half2_t){r.lo | r.lo << 1 | r.lo >> 1 | r.hi << 63,
                     r.hi | r.hi << 1 | r.hi >> 1 | r.lo >> 63};
}

/* r, a subset of the row's cells p, grown over the whole runs of p it
 * touches: upwards by one carry (p + r carries from each touched run's
 * lowest cell of r past its top), downwards by shifts of 1, 2, 4, ... each
 * masked by the cells of p with that many of p below them (the plain
 * path). */
static inline half2_t grow_plain(half2_t r, half2_t p)
{
    const bitrow_t pp = (bitrow_t)p.lo | (bitrow_t)p.hi << 64;
    bitrow_t rr = (bitrow_t)r.lo | (bitrow_t)r.hi << 64;
    rr |= ((pp + rr) ^ pp) & pp;
    uint64_t rl = (uint64_t)rr, rh = (uint64_t)(rr >> 64), pl = p.lo, ph = p.hi;
    /* every touched run reached from its first cell: nothing to grow down */
    if (!(((rl >> 1 | rh << 63) & pl & ~rl) | ((rh >> 1) & ph & ~rh)))
        return (half2_t){rl, rh};
#define GROW_DOWN(sh)                                \
    rl |= pl & ((rl >> (sh)) | (rh << (64 - (sh)))); \
    rh |= ph & (rh >> (sh));                         \
    pl &= (pl >> (sh)) | (ph << (64 - (sh)));        \
    ph &= ph >> (sh);                                \
    if (!((pl & ~rl) | (ph & ~rh)))                  \
        return (half2_t){rl, rh};
    GROW_DOWN(1)
    GROW_DOWN(2)
    GROW_DOWN(4)
    GROW_DOWN(8)
    GROW_DOWN(16)
    GROW_DOWN(32)
#undef GROW_DOWN
    rl |= pl & rh; /* the shift by 64 */
    return (half2_t){rl, rh};
}

/* A row's runs of passable cells, for grow_bmi2: their first cells (first)
 * and the cells just past their last (past), and how many of each lie in
 * the low half. */
typedef struct row_runs {
    half2_t first, past;
    unsigned nfirst_lo, npast_lo;
} row_runs_t;

#if CPU_SIMD
CPU_AVX2_FN static inline row_runs_t runs_of(half2_t p)
{
    row_runs_t u;
    u.first = (half2_t){p.lo & ~(p.lo << 1), p.hi & ~(p.hi << 1 | p.lo >> 63)};
    /* adding its first cell carries a run over into the cell past it */
    unsigned long long lo, hi;
    _addcarry_u64(_addcarry_u64(0, p.lo, u.first.lo, &lo), p.hi, u.first.hi, &hi);
    u.past = (half2_t){lo, hi};
    u.nfirst_lo = (unsigned)__builtin_popcountll(u.first.lo);
    u.npast_lo = (unsigned)__builtin_popcountll(u.past.lo);
    return u;
}

/* grow_plain by PEXT and PDEP: the carry of p + r marks the cell past each
 * run r touches; PEXT gathers those marks as one flag per run of the row,
 * PDEP puts the flags on the runs' first cells, and marks minus first cells
 * are the whole runs.  p must be a union of whole runs of the row u
 * describes (the flood only ever takes whole runs out). */
CPU_AVX2_FN static inline half2_t grow_bmi2(half2_t r, half2_t p, const row_runs_t *u)
{
    unsigned long long mlo, mhi, tlo, thi;
    _addcarry_u64(_addcarry_u64(0, p.lo, r.lo, &mlo), p.hi, r.hi, &mhi);
    mlo &= ~p.lo;
    mhi &= ~p.hi;
    const uint64_t flags = _pext_u64(mlo, u->past.lo) | _pext_u64(mhi, u->past.hi) << u->npast_lo;
    const uint64_t flo = _pdep_u64(flags, u->first.lo),
                   fhi = _pdep_u64(flags >> u->nfirst_lo, u->first.hi);
    _subborrow_u64(_subborrow_u64(0, mlo, flo, &tlo), mhi, fhi, &thi);
    return (half2_t){tlo, thi};
}
#endif

/* Passable cells not reachable 8-way from the start, flooded over bands
 * 1..nb of rows: row[b] the passable cells of each of band b's height[b]
 * rows (height NULL: one row each), the start at column sx of band sb (0:
 * the start is not passable, nothing is reached).  A band is rows equal to
 * each other next to each other (flood): a component's cells in two equal
 * rows side by side are the same columns, each cell's neighbour straight
 * up or down being passable too, so the band's rows have one reached set,
 * and it touches the rows around it as its first and last row do.
 * left[b]: the passable cells of band b not reached yet; near[b]: the
 * cells band b's reached cells touch.  A band that gains cells is offered
 * to the band below (down) and the band above (up): the offer grows the
 * cells it touches there over their runs.  The offers downwards are made
 * in ascending order, so a gain cascades down in one pass, then upwards
 * likewise, until no band has news (an offer to a band with nothing left
 * hits nothing: cheaper than keeping a mask of such bands). */
static inline __attribute__((always_inline)) int flood_bands(const bitrow_t row[GRID_H + 2],
                                                             const int *height, int nb, int sb,
                                                             int sx, bool bmi2)
{
    half2_t left[GRID_H + 2], near[GRID_H + 2];
    row_runs_t runs[GRID_H + 2];
    for (int y = 1; y <= nb; y++) {
        left[y] = h2_of(row[y]);
        near[y] = (half2_t){0, 0};
#if CPU_SIMD
        if (bmi2 && h2_any(left[y])) /* rows of wall take no offer that grows */
            runs[y] = runs_of(left[y]);
#endif
    }
#if CPU_SIMD
#define GROW(r, y) (bmi2 ? grow_bmi2((r), left[y], &runs[y]) : grow_plain((r), left[y]))
#else
#define GROW(r, y) grow_plain((r), left[y])
    (void)runs;
    (void)bmi2;
#endif
    if (sb) {
        const half2_t g = GROW(h2_of(BITROW_BIT(sx)), sb);
        left[sb].lo &= ~g.lo;
        left[sb].hi &= ~g.hi;
        near[sb] = touched(g);
        uint32_t down = 1u << sb, up = 1u << sb;
        /* bands 1..nb - 1 offer down, 2..nb up */
        const uint32_t can_down = ((1u << nb) - 1) & ~1u, can_up = can_down << 1;
        /* An offer of band y's touches to band `to`: what it grows there,
         * and the cells the grown band touches now.  A cascade carries those
         * on to the next band in a register while offers hit (each hit is
         * what the next offer waits for). */
#define OFFER(to, t, hits)                                                       \
    do {                                                                         \
        const half2_t hit = {(t).lo & left[to].lo, (t).hi & left[to].hi};         \
        (hits) = h2_any(hit);                                                    \
        if (!(hits))                                                             \
            break;                                                               \
        const half2_t g = GROW(hit, to), gt = touched(g);                        \
        left[to].lo &= ~g.lo;                                                    \
        left[to].hi &= ~g.hi;                                                    \
        (t) = (half2_t){near[to].lo | gt.lo, near[to].hi | gt.hi};               \
        near[to] = (t);                                                          \
    } while (0)
        while ((down &= can_down) | (up &= can_up)) {
            while (down) {
                int y = __builtin_ctz(down);
                down &= down - 1;
                half2_t t = near[y];
                for (bool hits; y < nb; y++) { /* down the bands while offers hit */
                    OFFER(y + 1, t, hits);
                    if (!hits)
                        break;
                    up |= 1u << (y + 1);
                    down &= ~(1u << (y + 1));
                }
                down &= can_down;
            }
            while (up) {
                int y = 31 - __builtin_clz(up);
                up &= ~(1u << y);
                half2_t t = near[y];
                for (bool hits; y > 1; y--) { /* up the bands while offers hit */
                    OFFER(y - 1, t, hits);
                    if (!hits)
                        break;
                    down |= 1u << (y - 1);
                    up &= ~(1u << (y - 1));
                }
                up &= can_up;
            }
        }
#undef OFFER
    }
#undef GROW
    uint64_t any = 0; /* usually everything is reached: nothing to count */
    for (int b = 1; b <= nb; b++)
        any |= left[b].lo | left[b].hi;
    if (!any)
        return 0;
    int n = 0;
    for (int b = 1; b <= nb; b++)
        n += (__builtin_popcountll(left[b].lo) + __builtin_popcountll(left[b].hi)) *
             (height ? height[b] : 1);
    return n;
}

/* flood_bands on the map's rows, or, bands true and rows 5 and 6 equal and
 * rows 10 and 11 too, on its bands.  Asked only for arenas: the wiki
 * ruleset's open centre has some 13 rows of 20 equal to the row above,
 * those two pairs among them; the game rulesets' arenas and the other
 * types (rooms side by side, caves, the small rooms' grid, the tiled
 * layout) have 0-4, and banding them lost more on caves, the small rooms
 * and the tiled layout than it won on the others (measured:
 * docs/performance.md, item 36).  The two pairs are only a guess at which
 * floods pay: the count is the same either way. */
static inline __attribute__((always_inline)) int flood(const bitrow_t pass[GRID_H + 2], int sx,
                                                       int sy, bool bmi2, bool bands)
{
    const bool start = sy >= 1 && sy <= GRID_H && sx >= 1 && sx <= GRID_W && (pass[sy] >> sx & 1);
    if (!bands || pass[GRID_H / 4] != pass[GRID_H / 4 + 1] ||
        pass[GRID_H / 2] != pass[GRID_H / 2 + 1])
        return flood_bands(pass, NULL, GRID_H, start ? sy : 0, sx, bmi2);
    bitrow_t band[GRID_H + 2];
    int height[GRID_H + 2], nb = 0, sb = 0;
    for (int y = 1; y <= GRID_H; y++) {
        if (y > 1 && pass[y] == pass[y - 1]) {
            height[nb]++;
        } else {
            band[++nb] = pass[y];
            height[nb] = 1;
        }
        sb = y == sy ? nb : sb;
    }
    return flood_bands(band, height, nb, start ? sb : 0, sx, bmi2);
}

static int unreached_plain(const bitrow_t pass[GRID_H + 2], int sx, int sy, bool bands)
{
    return bands ? flood(pass, sx, sy, false, true) : flood(pass, sx, sy, false, false);
}

#if CPU_SIMD
CPU_AVX2_FN SCALAR_HALVES static int unreached_bmi2(const bitrow_t pass[GRID_H + 2], int sx, int sy, bool bands)
{
    return bands ? flood(pass, sx, sy, true, true) : flood(pass, sx, sy, true, false);
}
#endif

/* bands: flood equal rows next to each other as one (flood) */
static int unreached(const bitrow_t pass[GRID_H + 2], int sx, int sy, bool bands)
{
#if CPU_SIMD
    if (cpu_uses(CPU_BMI2))
        return unreached_bmi2(pass, sx, sy, bands);
#endif
    return unreached_plain(pass, sx, sy, bands);
}

/* other for the first pass: no marks but its own (the epochs stay below) */
#define NO_OTHER UINT32_MAX

/* Monsters (or items) at xy (x, y, then the next thing step bytes on):
 * where they stand, and how many share a cell.  mark[] holds, per cell,
 * the epoch of the things looked at last on it (own: this pass; other: the
 * previous pass), so it needs no clearing between levels. */
static inline __attribute__((always_inline)) seen_things_t
look_at(const level_t *lv, const uint8_t *xy, int n, size_t step, uint32_t *mark, uint32_t own,
        uint32_t other)
{
    seen_things_t p = {0};
    const int start = GRID_IDX(lv->start.x, lv->start.y);
    const rect_t ko = lv->keepout;
    uint64_t cells = 0; /* the THING lanes */
    for (int i = 0; i < n; i++, xy += step) {
        const int x = xy[0], y = xy[1];
        if (!grid_in_map(x, y)) {
            cells += T_BLOCKED;
            continue;
        }
        const int idx = GRID_IDX(x, y);
        const uint8_t c = lv->map.c[idx];
        cells += c < 16 ? THING[c] : T_BLOCKED;
        p.on_start += idx == start;
        p.stacked += mark[idx] == own;
        if (other != NO_OTHER) /* the monsters' pass has no other marks: a constant */
            p.on_other += mark[idx] == other;
        mark[idx] = own;
        if (ko.x1)
            p.keepout += x >= ko.x1 && x <= ko.x2 && y >= ko.y1 && y <= ko.y2;
    }
    p.blocked = (uint16_t)cells;
    p.hazard = (uint16_t)(cells >> 16);
    p.on_stairs = (uint16_t)(cells >> 32);
    return p;
}

#if CPU_SIMD
/* look_at on the AVX2 path, for the monsters (items false) or the items:
 * the tests of the coordinates (in the map, on the start, in the kept-free
 * box) and the cells' indices eight things at a time, then the map and the
 * marks one thing at a time, the things off the map left out as look_at
 * leaves them out (in the order of the list, as look_at). */
CPU_AVX2_FN static inline seen_things_t
look_at_avx2(const level_t *lv, bool items, uint32_t *mark, uint32_t own, uint32_t other)
{
    _Static_assert(sizeof(monster_t) == 4 && offsetof(monster_t, x) == 1 && sizeof(point_t) == 2,
                   "a monster a 32-bit lane, x then y from its second byte; an item 16 bits");
    _Static_assert(LEVEL_MAX_MONSTERS % 8 == 0 && LEVEL_MAX_ITEMS % 8 == 0, "eight things a load");
    seen_things_t p = {0};
    const int n = items ? lv->nitems : lv->nmonsters;
    const int sx = items ? 0 : 8; /* x's first bit in a thing's lane; y's 8 bits up */
    const rect_t ko = lv->keepout;
    const __m256i byte = _mm256_set1_epi32(0xff), zero = _mm256_setzero_si256();
    const __m256i start = _mm256_set1_epi32(GRID_IDX(lv->start.x, lv->start.y));
    const __m256i xlim = _mm256_set1_epi32(GRID_W + 1), ylim = _mm256_set1_epi32(GRID_H + 1);
    const __m256i kx1 = _mm256_set1_epi32(ko.x1 - 1), kx2 = _mm256_set1_epi32(ko.x2 + 1),
                  ky1 = _mm256_set1_epi32(ko.y1 - 1), ky2 = _mm256_set1_epi32(ko.y2 + 1);
    uint64_t cells = 0; /* the THING lanes */
    int on_start = 0, keepout = 0, stacked = 0, on_other = 0;
    const uint8_t *map = lv->map.c;
    /* the marks' address in a register: else GCC makes the thread-local
     * address again at each use */
    __asm__("" : "+r"(mark));
    for (int i = 0; i < n; i += 8) {
        const __m256i v =
            items ? _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)&lv->item[i]))
                  : _mm256_loadu_si256((const __m256i *)&lv->monster[i]);
        const __m256i x = _mm256_and_si256(_mm256_srli_epi32(v, sx), byte);
        const __m256i y = _mm256_and_si256(_mm256_srli_epi32(v, sx + 8), byte);
        const __m256i in = _mm256_and_si256(
            _mm256_and_si256(_mm256_cmpgt_epi32(x, zero), _mm256_cmpgt_epi32(xlim, x)),
            _mm256_and_si256(_mm256_cmpgt_epi32(y, zero), _mm256_cmpgt_epi32(ylim, y)));
        const __m256i idx = _mm256_add_epi32(
            _mm256_add_epi32(_mm256_slli_epi32(y, 6), _mm256_slli_epi32(y, 4)), x);
        _Static_assert(GRID_STRIDE == 64 + 16, "y * GRID_STRIDE by two shifts");
#define LANES(m) ((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(m)))
        const unsigned valid = n - i >= 8 ? 0xffu : (1u << (n - i)) - 1;
        const unsigned inside = LANES(in) & valid;
        on_start += __builtin_popcount(LANES(_mm256_and_si256(in, _mm256_cmpeq_epi32(idx, start))) &
                                       valid);
        if (ko.x1) {
            const __m256i box = _mm256_and_si256(
                _mm256_and_si256(_mm256_cmpgt_epi32(x, kx1), _mm256_cmpgt_epi32(kx2, x)),
                _mm256_and_si256(_mm256_cmpgt_epi32(y, ky1), _mm256_cmpgt_epi32(ky2, y)));
            keepout += __builtin_popcount(LANES(box) & inside);
        }
#undef LANES
        cells += T_BLOCKED * (uint64_t)__builtin_popcount(valid & ~inside);
        uint32_t at[8];
        _mm256_storeu_si256((__m256i *)at, idx);
        for (unsigned m = inside; m; m &= m - 1) {
            const uint32_t c = at[__builtin_ctz(m)];
            const uint8_t kind = map[c];
            cells += kind < 16 ? THING[kind] : T_BLOCKED;
            stacked += mark[c] == own;
            if (other != NO_OTHER)
                on_other += mark[c] == other;
            mark[c] = own;
        }
    }
    p.on_start = (uint16_t)on_start;
    p.keepout = (uint16_t)keepout;
    p.stacked = (uint16_t)stacked;
    p.on_other = (uint16_t)on_other;
    p.blocked = (uint16_t)cells;
    p.hazard = (uint16_t)(cells >> 16);
    p.on_stairs = (uint16_t)(cells >> 32);
    return p;
}
#endif

/* The per-thread marks of look_at and the stairs list, and the epoch last
 * used: each level takes three new epochs (monsters, items, then the
 * stairs list's cells); on wrap-around the marks are
 * cleared once. */
static _Thread_local uint32_t marks[GRID_CELLS];
static _Thread_local uint32_t epoch;

/* A door's loose cells (not in a wall line) of row y with nothing wet in
 * the 3x3 block around them. */
static inline __attribute__((always_inline)) int doors_loose(const classes_t *k, int y,
                                                            bitrow_t loose, bool fast)
{
    bitrow_t w = 0; /* the wet cells of the three rows */
    for (int j = y - 1; j <= y + 1; j++)
        w |= k->row[R_LIQUID][j] | k->row[R_BRIDGE][j] | k->row[R_EDGE][j];
    const bitrow_t odd = loose & ~(w | w << 1 | w >> 1);
    return odd ? pop(odd, fast) : 0;
}

#if CPU_SIMD
/* look_doors on the AVX2 path: two rows a 256-bit register (a 128-bit lane
 * each; a shift of a lane by one bit is two 64-bit shifts and the carry
 * across its middle), the loose doors' rare count row by row. */
CPU_AVX2_FN static inline void doors_avx2(const classes_t *k, int *off, int *pairs)
{
    const bitrow_t *door = k->row[R_DOOR], *wall = k->row[R_WALL];
#define ROWS(r, y) _mm256_loadu_si256((const __m256i *)&(r)[y])
#define SHL1(x) _mm256_or_si256(_mm256_slli_epi64((x), 1), _mm256_srli_epi64(_mm256_slli_si256((x), 8), 63))
#define SHR1(x) _mm256_or_si256(_mm256_srli_epi64((x), 1), _mm256_slli_epi64(_mm256_srli_si256((x), 8), 63))
    const __m256i cols = _mm256_set_epi64x((int64_t)(uint64_t)(COLUMNS >> 64), (int64_t)(uint64_t)COLUMNS,
                                           (int64_t)(uint64_t)(COLUMNS >> 64), (int64_t)(uint64_t)COLUMNS);
    int n = 0;
    for (int y = 1; y <= GRID_H; y += 2) {
        const __m256i dd = ROWS(door, y), d = _mm256_and_si256(dd, cols);
        if (_mm256_testz_si256(d, d))
            continue;
        const __m256i here = _mm256_or_si256(ROWS(wall, y), dd);
        const __m256i up = _mm256_or_si256(ROWS(wall, y - 1), ROWS(door, y - 1));
        const __m256i below_d = ROWS(door, y + 1);
        const __m256i down_wd = _mm256_or_si256(ROWS(wall, y + 1), below_d);
        const __m256i line = _mm256_or_si256(_mm256_and_si256(SHL1(here), SHR1(here)),
                                             _mm256_and_si256(up, down_wd));
        const __m256i loose = _mm256_andnot_si256(line, d);
        if (!_mm256_testz_si256(loose, loose)) { /* rare */
            bitrow_t l[2];
            _mm256_storeu_si256((__m256i *)l, loose);
            for (int i = 0; i < 2; i++)
                if (l[i])
                    *off += doors_loose(k, y + i, l[i], true);
        }
        const __m256i across = _mm256_and_si256(d, SHR1(d)), down = _mm256_and_si256(d, below_d);
        const __m256i both = _mm256_or_si256(across, down);
        if (!_mm256_testz_si256(both, both)) {
            uint64_t a[4], b[4];
            _mm256_storeu_si256((__m256i *)a, across);
            _mm256_storeu_si256((__m256i *)b, down);
            for (int i = 0; i < 4; i++)
                n += __builtin_popcountll(a[i]) + __builtin_popcountll(b[i]);
        }
    }
#undef ROWS
#undef SHL1
#undef SHR1
    *pairs = n;
}
#endif

/* Doors not in a wall line, among those with nothing wet around them, and
 * orthogonally adjacent pairs of doors. */
static inline __attribute__((always_inline)) void look_doors(const classes_t *k, seen_t *s, bool fast)
{
    const bitrow_t *door = k->row[R_DOOR], *wall = k->row[R_WALL];
    int off = 0, pairs = 0;
#if CPU_SIMD
    if (fast)
        doors_avx2(k, &off, &pairs);
    else
#endif
    for (int y = 1; y <= GRID_H; y++) {
        const bitrow_t d = door[y] & COLUMNS;
        if (!d)
            continue;
        const bitrow_t here = wall[y] | door[y];
        const bitrow_t line = (here << 1 & here >> 1) | ((wall[y - 1] | door[y - 1]) &
                                                         (wall[y + 1] | door[y + 1]));
        const bitrow_t across = d & d >> 1, down = d & door[y + 1];
        const bitrow_t loose = d & ~line;
        if (loose) /* rare: look at the wet cells around them only then */
            off += doors_loose(k, y, loose, fast);
        if (across | down)
            pairs += pop(across, fast) + pop(down, fast);
    }
    s->doors_off_line = (uint8_t)(off > 255 ? 255 : off);
    s->door_pairs = (uint8_t)(pairs > 255 ? 255 : pairs);
}

/* The fewest wet, barrel or stairs cells in a column 2..77 (a horizontal
 * river: ring fluid on column 1 or 78) and in a row (a vertical river: ring
 * fluid on row 1 or 20); the columns and rows holding bridge cells. */
static inline __attribute__((always_inline)) void look_rivers(const classes_t *k, bitrow_t ends, seen_t *s, bool fast)
{
    /* a river reaches the ring, where its cells are ring fluid (ends: the
     * ring fluid of rows 2..19) */
    const bitrow_t *edge = k->row[R_EDGE];
    const bool h = (ends & (BITROW_BIT(1) | BITROW_BIT(GRID_W))) != 0;
    const bool v = ((edge[1] | edge[GRID_H]) & COLUMNS) != 0;
    if (h || v) {
        /* a river's cells, and the barrels and stairs that may stand on them */
        bitrow_t wet[GRID_H + 2];
        for (int y = 1; y <= GRID_H; y++)
            wet[y] = k->row[R_LIQUID][y] | k->row[R_BRIDGE][y] | k->row[R_EDGE][y] |
                     k->row[R_STAIRS][y] | k->row[R_BARREL][y];
        if (h) {
            /* each column's count as five bit planes (a ripple-carry add of
             * each row), then the smallest count some column 2..77 has */
            bitrow_t plane[5] = {0};
            for (int y = 1; y <= GRID_H; y++) {
                bitrow_t carry = wet[y];
                for (int b = 0; b < 5 && carry; b++) {
                    const bitrow_t t = plane[b] & carry;
                    plane[b] ^= carry;
                    carry = t;
                }
            }
            const bitrow_t inner = COLUMNS & ~BITROW_BIT(1) & ~BITROW_BIT(GRID_W);
            for (int n = 0; n <= GRID_H; n++) {
                bitrow_t eq = inner;
                for (int b = 0; b < 5; b++)
                    eq &= n >> b & 1 ? plane[b] : ~plane[b];
                if (eq) {
                    s->span_cols = (uint8_t)n;
                    break;
                }
            }
        }
        if (v) {
            int fewest = GRID_W;
            for (int y = 1; y <= GRID_H; y++) {
                const int n = pop(wet[y] & COLUMNS, fast);
                fewest = n < fewest ? n : fewest;
            }
            s->span_rows = (uint8_t)fewest;
        }
    }
    if (!s->bridges)
        return;
    bitrow_t cols = 0;
    int rows = 0;
    for (int y = 1; y <= GRID_H; y++) {
        cols |= k->row[R_BRIDGE][y];
        rows += (k->row[R_BRIDGE][y] & COLUMNS) != 0;
    }
    s->bridge_cols = (uint8_t)pop(cols & COLUMNS, fast);
    s->bridge_rows = (uint8_t)rows;
}

static inline bool room_on_map(const room_t *r)
{
    /* all six at once, not one branch each */
    return (r->w >= 1) & (r->h >= 1) & (r->x >= 1) & (r->y >= 1) & (r->x + r->w - 1 <= GRID_W) &
           (r->y + r->h - 1 <= GRID_H);
}

/* The bits of columns x1..x2. */
static inline bitrow_t columns(int x1, int x2)
{
    return (BITROW_BIT(x2 + 1) - 1) & ~(BITROW_BIT(x1) - 1);
}

/* A vault's inner box, one cell in from the room's walls: a ring of wall
 * with exactly one door, not on a corner.  Row by row on the wall and door
 * rows: the ring's cells of a row (the whole box width on its first and
 * last rows, its two sides between) are all wall or door, with no door on
 * a corner. */
static inline __attribute__((always_inline)) bool vault_boxed(const classes_t *k, const room_t *r, bool fast)
{
    const int x1 = r->x + 2, y1 = r->y + 2, x2 = r->x + r->w - 3, y2 = r->y + r->h - 3;
    if (x2 - x1 < 2 || y2 - y1 < 2)
        return false;
    const bitrow_t *wall = k->row[R_WALL], *door = k->row[R_DOOR];
    const bitrow_t across = columns(x1, x2), sides = BITROW_BIT(x1) | BITROW_BIT(x2);
    if ((door[y1] | door[y2]) & sides) /* a door on a corner */
        return false;
    int doors = 0;
    for (int y = y1; y <= y2; y++) {
        const bitrow_t ring = y == y1 || y == y2 ? across : sides;
        if (ring & ~(wall[y] | door[y]))
            return false;
        doors += (door[y] & ring) != 0 ? pop(door[y] & ring, fast) : 0;
    }
    return doors == 1;
}

/* A room's box cells (inside its walls) form whole 2x2 blocks: as many box
 * cells as four times the blocks' top-left cells (a box with no box to its
 * left or above, and boxes right, below and diagonally).  On 64-bit words
 * of the rows shifted so that the room's left wall is bit 0, for a room at
 * most 64 wide (all of them but a room of nearly the whole map, which takes
 * the whole rows). */
#define POP64(v) pop64((v), fast)
#define POP128(v) pop((v), fast)
#define BOX_BLOCKS(T, POP, ROW, inside)                                                       \
    do {                                                                                 \
        int boxes = 0, blocks = 0;                                                       \
        /* each row read once: the one above, this one and the one below */             \
        T above = ROW(r->y) & (inside), b = ROW(r->y + 1) & (inside);                    \
        for (int y = r->y + 1; y < r->y + r->h - 1; y++) {                               \
            const T below = ROW(y + 1) & (inside);                                       \
            if (b) {                                                                     \
                const T pair = b & below; /* a box with a box below */                   \
                const T corner = pair & pair >> 1 & ~(b << 1) & ~above;                  \
                boxes += POP(b);                                                         \
                blocks += corner ? POP(corner) : 0;                                      \
            }                                                                            \
            above = b;                                                                   \
            b = below;                                                                   \
        }                                                                                \
        return boxes == 4 * blocks;                                                      \
    } while (0)

static inline __attribute__((always_inline)) bool boxes_in_blocks(const classes_t *k, const room_t *r, bool fast)
{
    const bitrow_t *box = k->row[R_BOX];
    if (r->w < 3) /* nothing inside */
        return true;
    if (r->w <= 64) {
        const int sh = r->x;
#define WINDOW(y) ((uint64_t)(box[y] >> sh))
        BOX_BLOCKS(uint64_t, POP64, WINDOW, ((UINT64_C(1) << (r->w - 2)) - 1) << 1);
#undef WINDOW
    }
#define WHOLE(y) (box[y])
    BOX_BLOCKS(bitrow_t, POP128, WHOLE, columns(r->x + 1, r->x + r->w - 2));
#undef WHOLE
}
#undef BOX_BLOCKS
#undef POP64
#undef POP128

/* Floor cells inside a room's walls: the cells of no class. */
static inline __attribute__((always_inline)) int floor_inside(const classes_t *k, const room_t *r, bool fast)
{
    const bitrow_t inside = columns(r->x + 1, r->x + r->w - 2);
    int n = 0;
    for (int y = r->y + 1; y < r->y + r->h - 1; y++) {
        bitrow_t any = 0;
        for (int j = 0; j < N_CLASSES; j++)
            any |= k->row[j][y];
        const bitrow_t f = inside & ~any;
        n += f ? pop(f, fast) : 0;
    }
    return n;
}

#define ROOM_WORDS ((LEVEL_MAX_ROOMS + 63) / 64)

#if CPU_SIMD
/* The water, acid and lava cells inside a room at most 34 wide (inside at
 * most 32) into n[CELL_WATER..CELL_LAVA], a row of its inside by one 32-byte
 * load and three byte compares (the only counts look_rooms reads). */
CPU_AVX2_FN static inline void fluids_avx2(const level_t *lv, const room_t *r, int n[CELL__COUNT])
{
    _Static_assert(GRID_IDX(GRID_W, GRID_H - 1) + 32 <= GRID_CELLS, "32 bytes from an inside row");
    const int w = r->w - 2;
    const uint32_t in = w >= 32 ? UINT32_MAX : (UINT32_C(1) << w) - 1;
    const __m256i water = _mm256_set1_epi8(CELL_WATER), acid = _mm256_set1_epi8(CELL_ACID),
                  lava = _mm256_set1_epi8(CELL_LAVA);
    for (int y = r->y + 1; y < r->y + r->h - 1; y++) {
        const __m256i c = _mm256_loadu_si256((const __m256i *)&lv->map.c[GRID_IDX(r->x + 1, y)]);
        n[CELL_WATER] += __builtin_popcount((uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(c, water)) & in);
        n[CELL_ACID] += __builtin_popcount((uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(c, acid)) & in);
        n[CELL_LAVA] += __builtin_popcount((uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(c, lava)) & in);
    }
}
#endif

/* The rooms of the list inside the map: bit i of on[i / 64] for room i. */
static void rooms_on_map_plain(const level_t *lv, uint64_t on[ROOM_WORDS])
{
    for (int i = 0; i < lv->nrooms; i++)
        on[i / 64] |= (uint64_t)room_on_map(&lv->rooms[i]) << (i % 64);
}

#if CPU_SIMD
/* room_on_map eight rooms (32 bytes: x, y, w and h each) at a time: no byte
 * is 0, and x + w <= GRID_W + 1 and y + h <= GRID_H + 1 by saturating byte
 * sums (a sum past 255 is past the map too); a room's four bytes all right
 * make its flag. */
CPU_AVX2_FN static void rooms_on_map_avx2(const level_t *lv, uint64_t on[ROOM_WORDS])
{
    _Static_assert(sizeof(room_t) == 4 && LEVEL_MAX_ROOMS % 8 == 0, "eight rooms a load");
    _Static_assert(offsetof(room_t, y) == 1 && offsetof(room_t, w) == 2 && offsetof(room_t, h) == 3,
                   "x, y, w, h");
    const __m256i lim = _mm256_set1_epi32((int)(0xffff0000u | (GRID_H + 1) << 8 | (GRID_W + 1)));
    const __m256i zero = _mm256_setzero_si256();
    for (int i = 0; i < lv->nrooms; i += 8) {
        const __m256i v = _mm256_loadu_si256((const __m256i *)&lv->rooms[i]);
        const __m256i sum = _mm256_adds_epu8(v, _mm256_srli_epi32(v, 16));
        const __m256i ok = _mm256_andnot_si256(_mm256_cmpeq_epi8(v, zero),
                                               _mm256_cmpeq_epi8(_mm256_max_epu8(sum, lim), lim));
        /* a flag a room whose four bytes are all right */
        uint64_t f = (uint32_t)_mm256_movemask_ps(
            _mm256_castsi256_ps(_mm256_cmpeq_epi32(ok, _mm256_set1_epi32(-1))));
        if (lv->nrooms - i < 8)
            f &= (UINT64_C(1) << (lv->nrooms - i)) - 1;
        on[i / 64] |= f << (i % 64);
    }
}
#endif

static inline __attribute__((always_inline)) void look_rooms(const level_t *lv, const classes_t *k, seen_t *s, bool fast)
{
    uint64_t on[ROOM_WORDS] = {0};
#if CPU_SIMD
    if (fast)
        rooms_on_map_avx2(lv, on);
    else
#endif
        rooms_on_map_plain(lv, on);
    int inside = 0;
    for (int w = 0; w < ROOM_WORDS; w++)
        inside += __builtin_popcountll(on[w]);
    s->rooms_outside = (uint8_t)(lv->nrooms - inside);
    s->fluid_room_kind = CELL_FLOOR;
    uint64_t used[ROOM_WORDS] = {0};
    for (int i = 0; i < lv->nspecial; i++) {
        const int ri = lv->special[i].room;
        if (ri >= lv->nrooms || !(on[ri / 64] >> (ri % 64) & 1))
            continue;
        s->special_shared += (used[ri / 64] >> (ri % 64) & 1) != 0;
        used[ri / 64] |= UINT64_C(1) << (ri % 64);
        const room_t *r = &lv->rooms[ri];
        switch (lv->special[i].kind) {
        case SPECIAL_FLUID: {
            s->fluid_room_floor += (uint8_t)floor_inside(k, r, fast);
            if (s->fluid_room_kind == CELL_FLOOR) {
                /* the first one's fluid: what most of its inside holds */
                int n[CELL__COUNT] = {0};
#if CPU_SIMD
                if (fast && r->w > 2 && r->w - 2 <= 32)
                    fluids_avx2(lv, r, n);
                else
#endif
                    for (int y = r->y + 1; y < r->y + r->h - 1; y++) {
                        const uint8_t *c = &lv->map.c[GRID_IDX(r->x + 1, y)];
                        for (int x = 0; x < r->w - 2; x++)
                            n[c[x] < CELL__COUNT ? c[x] : CELL_WALL]++;
                    }
                int best = CELL_WATER;
                for (int c = CELL_ACID; c <= CELL_LAVA; c++)
                    best = n[c] > n[best] ? c : best;
                s->fluid_room_kind = (uint8_t)(n[best] ? best : CELL_FLOOR);
            }
            break;
        }
        case SPECIAL_VAULT:
            s->vaults++;
            s->vault_unboxed += !vault_boxed(k, r, fast);
            break;
        case SPECIAL_WAREHOUSE:
            s->box_blocks_bad += !boxes_in_blocks(k, r, fast);
            break;
        default:
            break;
        }
    }
}

/* The geometry game-0.10.10b's rules fix on the finished map (docs/rules.md
 * H.12): CELL_EDGE cells; the ring a river crosses (H22-H23, H26) or a lava
 * level's ring (H20) being fluid; the tiled walls' grid and the full-height
 * A walls (H11).  All from the class rows: a liquid cell (water, acid,
 * lava, mud, blood) is one of class K_LIQUID; a solid one (wall or door,
 * cell_is_solid) a wall or door cell.  Whether the level has a river, and
 * which way it runs, is the record's (the rows these fill set the map
 * against what was drawn). */
static inline __attribute__((always_inline)) void look_layout10(const level_t *lv, const classes_t *k, seen_t *s, bool fast)
{
    const obs_t *o = &lv->obs;
    const bitrow_t *liquid = k->row[R_LIQUID];
#define LIQUID(y) (liquid[y] & COLUMNS)
    s->ring_dry = -1;
    if (lv->type == LT_LAVA) {
        const bitrow_t sides = BITROW_BIT(1) | BITROW_BIT(GRID_W);
        int dry = pop(COLUMNS & ~LIQUID(1), fast) + pop(COLUMNS & ~LIQUID(GRID_H), fast);
        for (int y = 2; y < GRID_H; y++)
            dry += pop(sides & ~LIQUID(y), fast);
        s->ring_dry = (int8_t)(dry < 127 ? dry : 127);
    } else if (o->river) {
        /* what may stand on a river's cell counts as the river (as span_rows) */
        const bitrow_t *stairs = k->row[R_STAIRS], *barrel = k->row[R_BARREL];
#define ON_RIVER(y) ((LIQUID(y) | ((stairs[y] | barrel[y]) & COLUMNS)))
        int dry = 0;
        if (o->river_orient == RIVER_VERTICAL) {
            dry = (ON_RIVER(1) == 0) + (ON_RIVER(GRID_H) == 0);
        } else {
            bitrow_t cols = 0;
            for (int y = 1; y <= GRID_H; y++)
                cols |= ON_RIVER(y);
            dry = !(cols & BITROW_BIT(1)) + !(cols & BITROW_BIT(GRID_W));
        }
#undef ON_RIVER
        s->ring_dry = (int8_t)dry;
    }
#undef LIQUID
    s->tiled_offgrid = s->tiled_full_columns = -1;
    if ((lv->type != LT_NORMAL && lv->type != LT_SINGLE && lv->type != LT_SINGLE_PLUS) ||
        k->count[R_LIQUID])
        return;
    const bitrow_t *wall = k->row[R_WALL], *door = k->row[R_DOOR];
    bitrow_t full = columns(6, 64);
    for (int y = 2; y <= GRID_H - 1 && full; y++)
        full &= wall[y] | door[y];
    s->tiled_full_columns = (int8_t)pop(full, fast);
    for (int i = 0; i < lv->nspecial; i++)
        if (lv->special[i].kind == SPECIAL_VAULT)
            return;
    /* the odd columns 3..77 */
    const bitrow_t odd = ((bitrow_t)UINT64_C(0xaaaaaaaaaaaaaaaa) << 64 | UINT64_C(0xaaaaaaaaaaaaaaaa)) &
                         columns(3, GRID_W - 1);
    int off = 0;
    for (int y = 2; y <= GRID_H - 1; y += 2)
        off += pop((wall[y] | door[y]) & odd, fast);
    s->tiled_offgrid = (int8_t)(off < 127 ? off : 127);
}

/* The layouts' geometry of docs/rules.md §3 on the final map, from the
 * class rows: an arena's wall cells off the border and off its kept-free
 * box, and the walls of the 9x7 box around the start with whether they are
 * mirror-symmetric about it; a city's wall cells off the border and off the
 * buildings' wall rings (the room list); the small rooms' floor cells on
 * the 4x3 grid's wall lines; which of a warehouse's rooms hold box or wall
 * cells inside their walls (src/gen/ref/ref_observe.c states each plainly,
 * cell by cell). */
#define STRAY_COLUMNS columns(2, GRID_W - 1) /* x 2..77 (of rows 2..19) */

/* A row of the centre box (bit i the cell cx - hx + i) mirrored across the
 * start's column: bit i becomes bit SEEN_CENTRE_W - 1 - i. */
static inline unsigned mirror9(unsigned v)
{
    unsigned m = 0;
    for (int i = 0; i < SEEN_CENTRE_W; i++)
        m |= (v >> i & 1u) << (SEEN_CENTRE_W - 1 - i);
    return m;
}

static inline __attribute__((always_inline)) void look_arena(const level_t *lv, const classes_t *k,
                                                            seen_t *s, bool fast)
{
    const bitrow_t *wall = k->row[R_WALL];
    const rect_t *ko = &lv->keepout;
    /* the kept-free box, when there is one, is left out of its rows */
    const bitrow_t box = ko->x1 ? columns(ko->x1, ko->x2) : 0;
    int stray = 0;
    for (int y = 2; y <= GRID_H - 1; y++) {
        const bitrow_t w = wall[y] & STRAY_COLUMNS & ~(y >= ko->y1 && y <= ko->y2 ? box : 0);
        stray += w ? pop(w, fast) : 0;
    }
    s->stray_walls = (uint16_t)stray;
    const int cx = lv->start.x, cy = lv->start.y, hx = SEEN_CENTRE_W / 2, hy = SEEN_CENTRE_H / 2;
    if (cx - hx < 1 || cx + hx > GRID_W || cy - hy < 1 || cy + hy > GRID_H)
        return;
    /* each row of the box as 9 bits; a wall cell's mirror images across the
     * start's column (the row reversed) and row (the row -dy) are wall */
    const unsigned row_bits = (1u << SEEN_CENTRE_W) - 1;
    int walls = 0;
    bool asym = false;
    for (int dy = -hy; dy <= hy; dy++) {
        const unsigned row = (unsigned)(wall[cy + dy] >> (cx - hx)) & row_bits;
        const unsigned across = (unsigned)(wall[cy - dy] >> (cx - hx)) & row_bits;
        walls += pop64(row, fast);
        asym |= (row & ~(mirror9(row) & across)) != 0;
    }
    s->centre_walls = (uint8_t)(walls | (asym ? SEEN_ASYMMETRIC : 0));
}

static inline __attribute__((always_inline)) void look_city(const level_t *lv, const classes_t *k,
                                                           seen_t *s, bool fast)
{
    /* the buildings' wall rings as bit rows */
    bitrow_t ring[GRID_H + 2] = {0};
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t *b = &lv->rooms[i];
        const int x2 = b->x + b->w - 1, y2 = b->y + b->h - 1;
        if (x2 >= GRID_STRIDE || y2 >= GRID_H + 2 || b->w < 1 || b->h < 1)
            continue;
        const bitrow_t sides = BITROW_BIT(b->x) | BITROW_BIT(x2);
        ring[b->y] |= columns(b->x, x2);
        ring[y2] |= columns(b->x, x2);
        for (int y = b->y + 1; y < y2; y++)
            ring[y] |= sides;
    }
    const bitrow_t *wall = k->row[R_WALL];
    int stray = 0;
    for (int y = 2; y <= GRID_H - 1; y++) {
        const bitrow_t w = wall[y] & STRAY_COLUMNS & ~ring[y];
        stray += w ? pop(w, fast) : 0;
    }
    s->stray_walls = (uint16_t)stray;
}

static inline __attribute__((always_inline)) void look_small_rooms(const classes_t *k, seen_t *s,
                                                                  bool fast)
{
    const int x2 = SEEN_LINE_X0 + (SEEN_LINES_X - 1) * SEEN_PITCH_X;
    const int y2 = SEEN_LINE_Y0 + (SEEN_LINES_Y - 1) * SEEN_PITCH_Y;
    bitrow_t across = 0; /* the vertical lines' cells of a row */
    for (int i = 0; i < SEEN_LINES_X; i++)
        across |= BITROW_BIT(SEEN_LINE_X0 + i * SEEN_PITCH_X);
    const bitrow_t along = columns(SEEN_LINE_X0, x2); /* a horizontal line's */
    /* The vertical lines' floor cells of each row (a floor cell is of no
     * class) are added as integers, so that each line's count builds up in
     * the bits from its column on: the lines are SEEN_PITCH_X bits apart and
     * a count stays below 32, so no count carries into the next.  A
     * horizontal line's row is popcounted instead, its vertical lines' cells
     * taken back out of the sums (no branch a row). */
    _Static_assert(GRID_H < 32 && SEEN_PITCH_X >= 5, "a line's count in its own 5 bits");
    bitrow_t floor[GRID_H + 2], sums = 0;
    for (int y = SEEN_LINE_Y0; y <= y2; y++) {
        bitrow_t any = 0;
        for (int j = 0; j < N_CLASSES; j++)
            any |= k->row[j][y];
        floor[y] = ~any;
        sums += floor[y] & across;
    }
    int gaps = 0;
    for (int y = SEEN_LINE_Y0; y <= y2; y += SEEN_PITCH_Y) {
        gaps += pop(floor[y] & along, fast);
        sums -= floor[y] & across;
    }
    for (int i = 0; i < SEEN_LINES_X; i++)
        gaps += (int)(sums >> (SEEN_LINE_X0 + i * SEEN_PITCH_X) & 31);
    s->line_gaps = (uint8_t)(gaps < UINT8_MAX ? gaps : UINT8_MAX);
}

static inline __attribute__((always_inline)) void look_warehouse(const level_t *lv,
                                                                const classes_t *k, seen_t *s)
{
    const bitrow_t *box = k->row[R_BOX], *wall = k->row[R_WALL];
    unsigned blocks = 0;
    for (int i = 0; i < lv->nrooms && i < SEEN_WH_ROOMS; i++) {
        const room_t *r = &lv->rooms[i];
        if (r->w < 3 || r->h < 3 || !room_on_map(r))
            continue;
        const bitrow_t inside = columns(r->x + 1, r->x + r->w - 2);
        bitrow_t b = 0, w = 0;
        for (int y = r->y + 1; y <= r->y + r->h - 2; y++) {
            b |= box[y];
            w |= wall[y];
        }
        const unsigned seen =
            (b & inside ? SEEN_BLOCK_BOX : 0u) | (w & inside ? SEEN_BLOCK_WALL : 0u);
        blocks |= seen << (2 * i);
    }
    s->wh_blocks = (uint8_t)blocks;
}

static inline __attribute__((always_inline)) void look_layout(const level_t *lv, const classes_t *k,
                                                             seen_t *s, bool fast)
{
    switch (lv->type) {
    case LT_ARENA: look_arena(lv, k, s, fast); break;
    case LT_CITY: look_city(lv, k, s, fast); break;
    case LT_SMALL_ROOMS: look_small_rooms(k, s, fast); break;
    case LT_WAREHOUSE: look_warehouse(lv, k, s); break;
    default: break;
    }
}

/* observer_look, compiled twice: fast, the AVX2 path's (POPCNT and the
 * AVX2 kernels), and the plain path's. */
static inline __attribute__((always_inline)) void look(const level_t *lv, seen_t *s, bool fast)
{
    memset(s, 0, sizeof *s);
    classes_t k;
#if CPU_SIMD
    if (fast)
        classify_avx2(&lv->map, &k);
    else
#endif
        classify_plain(&lv->map, &k);
    s->doors = (uint16_t)k.count[R_DOOR];
    s->stairs = (uint8_t)k.count[R_STAIRS];
    s->bridges = (uint16_t)k.count[R_BRIDGE];
    s->barrels = (uint16_t)k.count[R_BARREL];
    /* One pass over the class rows for the ring and the passable cells.  The
     * ring: wall or ring fluid.  The passable cells are all but wall, box,
     * barrel and ring fluid (docs/rules.md §1, §4, G39, G48: doors, fluids,
     * bridges and stairs are passable), flooded 8-way from the start below;
     * on most maps there is no box, barrel or ring fluid, and the walls are
     * all of it. */
    const bitrow_t *wall = k.row[R_WALL], *edge = k.row[R_EDGE], *box = k.row[R_BOX],
                   *barrel = k.row[R_BARREL];
    int open = 0;
    const bitrow_t sides = BITROW_BIT(1) | BITROW_BIT(GRID_W);
    bitrow_t solid = ~(bitrow_t)0, ends = 0; /* wall or ring fluid on rows 2..19; their ring fluid */
    bitrow_t pass[GRID_H + 2];
    if (!(k.maybe & (K_EDGE | K_BOX | K_BARREL))) {
        pass[1] = COLUMNS & ~wall[1];
        for (int y = 2; y < GRID_H; y++) {
            pass[y] = COLUMNS & ~wall[y];
            solid &= wall[y];
        }
        pass[GRID_H] = COLUMNS & ~wall[GRID_H];
    } else if (!(k.maybe & K_EDGE)) { /* boxes or barrels, no ring fluid */
        for (int y = 1; y <= GRID_H; y++)
            pass[y] = COLUMNS & ~(wall[y] | box[y] | barrel[y]);
        for (int y = 2; y < GRID_H; y++)
            solid &= wall[y];
    } else {
        pass[1] = COLUMNS & ~(wall[1] | edge[1] | box[1] | barrel[1]);
        for (int y = 2; y < GRID_H; y++) {
            const bitrow_t we = wall[y] | edge[y];
            pass[y] = COLUMNS & ~(we | box[y] | barrel[y]);
            solid &= we;
            ends |= edge[y];
        }
        pass[GRID_H] = COLUMNS & ~(wall[GRID_H] | edge[GRID_H] | box[GRID_H] | barrel[GRID_H]);
    }
    if (sides & ~solid) /* rare: count them */
        for (int y = 2; y < GRID_H; y++)
            open += pop(sides & ~(wall[y] | edge[y]), fast);
    const bitrow_t top = COLUMNS & ~(wall[1] | edge[1]), bottom = COLUMNS & ~(wall[GRID_H] | edge[GRID_H]);
    if (top | bottom)
        open += pop(top, fast) + pop(bottom, fast);
    s->ring_open = (uint8_t)open;
    const int edges = k.count[R_EDGE];
    s->edge_cells = (uint8_t)(edges < 255 ? edges : 255);
    look_layout10(lv, &k, s, fast);
    const int sx = lv->start.x, sy = lv->start.y;
    s->start_cell = grid_in_map(sx, sy) ? lv->map.c[GRID_IDX(sx, sy)] : CELL_WALL;
    s->unreachable = (uint16_t)unreached(pass, sx, sy, lv->type == LT_ARENA);
    /* where things stand */
    _Static_assert(offsetof(monster_t, y) == offsetof(monster_t, x) + 1, "x then y");
    _Static_assert(offsetof(point_t, y) == offsetof(point_t, x) + 1, "x then y");
    if (epoch >= UINT32_MAX - 3) {
        memset(marks, 0, sizeof marks);
        epoch = 0;
    }
    const uint32_t em = ++epoch, ei = ++epoch, es = ++epoch;
#if CPU_SIMD
    if (fast) {
        s->mon = look_at_avx2(lv, false, marks, em, NO_OTHER);
        s->item = look_at_avx2(lv, true, marks, ei, em);
    } else
#endif
    {
        s->mon = look_at(lv, &lv->monster[0].x, lv->nmonsters, sizeof(monster_t), marks, em,
                         NO_OTHER);
        s->item = look_at(lv, &lv->item[0].x, lv->nitems, sizeof(point_t), marks, ei, em);
    }
    /* the stairs list against the stairs cells */
    int listed = 0;
    for (int i = 0; i < lv->nstairs; i++) {
        const int x = lv->stairs[i].x, y = lv->stairs[i].y;
        /* a cell an earlier entry counted holds this level's third epoch */
        if (grid_in_map(x, y) && grid_get(&lv->map, x, y) == CELL_STAIRS &&
            marks[GRID_IDX(x, y)] != es) {
            marks[GRID_IDX(x, y)] = es;
            listed++;
        } else {
            s->stairs_off++;
        }
    }
    s->stairs_off = (uint8_t)(s->stairs_off + (s->stairs - listed));
    if (s->doors)
        look_doors(&k, s, fast);
    look_rivers(&k, ends, s, fast);
    if (lv->nrooms)
        look_rooms(lv, &k, s, fast);
    look_layout(lv, &k, s, fast);
}

static void look_plain(const level_t *lv, seen_t *s)
{
    look(lv, s, false);
}

#if CPU_SIMD
CPU_AVX2_FN static void look_avx2(const level_t *lv, seen_t *s)
{
    look(lv, s, true);
}
#endif

void observer_look(const level_t *lv, seen_t *s)
{
#if CPU_SIMD
    if (cpu_uses(CPU_AVX2)) {
        look_avx2(lv, s);
        return;
    }
#endif
    look_plain(lv, s);
}
