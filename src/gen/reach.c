/* reach.c - connectivity by a flood over rows of runs, see reach.h. */
#include "reach.h"

#include "cpu.h"

/* Extend r (a subset of p) over the whole runs of p it touches: upwards by
 * one carry (adding r to p carries from each touched run's lowest bit of r
 * to its top), downwards by shifts of 1, 2, 4, ... (stopping once no run of
 * p is that long).  The downward part works on the two 64-bit halves
 * explicitly, which compiles to about half the instructions of the same
 * steps on the 128-bit type. */
static __attribute__((noinline)) bitrow_t fill_runs(bitrow_t r, bitrow_t p)
{
    r |= ((p + r) ^ p) & p;
    /* Nothing to fill downwards when no cell of p just below a cell of r is
     * outside r (the usual case: r then starts at its runs' starts). */
    if (!((r >> 1) & p & ~r))
        return r;
    uint64_t rl = (uint64_t)r, rh = (uint64_t)(r >> 64);
    uint64_t pl = (uint64_t)p, ph = (uint64_t)(p >> 64);
#define FILL_DOWN_STEP(s)                                   \
    rl |= pl & ((rl >> (s)) | (rh << (64 - (s))));         \
    rh |= ph & (rh >> (s));                                 \
    pl &= (pl >> (s)) | (ph << (64 - (s)));                 \
    ph &= ph >> (s);                                        \
    if (!(pl | ph))                                         \
        goto done;
    FILL_DOWN_STEP(1)
    FILL_DOWN_STEP(2)
    FILL_DOWN_STEP(4)
    FILL_DOWN_STEP(8)
    FILL_DOWN_STEP(16)
    FILL_DOWN_STEP(32)
#undef FILL_DOWN_STEP
    rl |= pl & rh;
done:
    return (bitrow_t)rl | (bitrow_t)rh << 64;
}

/* The runs of a row of passable cells for fill_pdep: their first cells
 * (start) and the cells just past their last (mark), as 64-bit halves, and
 * how many of each lie in the low half. */
typedef struct runs {
    uint64_t start_lo, start_hi, mark_lo, mark_hi;
    unsigned nstart_lo, nmark_lo;
} runs_t;

static inline __attribute__((always_inline)) runs_t row_runs(bitrow_t p)
{
    const uint64_t plo = (uint64_t)p, phi = (uint64_t)(p >> 64);
    runs_t u;
    u.start_lo = plo & ~(plo << 1);
    u.start_hi = phi & ~(phi << 1 | plo >> 63);
    /* adding its first cell carries a run over into the cell past it */
    const bitrow_t mark = p + ((bitrow_t)u.start_lo | (bitrow_t)u.start_hi << 64);
    u.mark_lo = (uint64_t)mark;
    u.mark_hi = (uint64_t)(mark >> 64);
    /* only in flood_bmi2, whose target has POPCNT */
    u.nstart_lo = (unsigned)__builtin_popcountll(u.start_lo);
    u.nmark_lo = (unsigned)__builtin_popcountll(u.mark_lo);
    return u;
}

/* A row as its two 64-bit halves: GCC keeps these in registers where the
 * same steps on the 128-bit type spill to the stack. */
typedef struct half2 {
    uint64_t lo, hi;
} half2_t;

#if CPU_SIMD

/* fill_runs without the downward steps: the carry of p + r marks the runs
 * r touches (the cell past each), PEXT gathers those marks as one flag per
 * run of p, PDEP puts the flags on the runs' first cells, and marks minus
 * first cells are the whole runs.  p must be a union of whole runs of the
 * row u describes (it is: the flood only ever removes whole runs). */
CPU_AVX2_FN static inline half2_t fill_pdep(half2_t r, half2_t p,
                                                                const runs_t *u)
{
    unsigned long long mlo, mhi, tlo, thi;
    _addcarry_u64(_addcarry_u64(0, p.lo, r.lo, &mlo), p.hi, r.hi, &mhi);
    mlo &= ~p.lo;
    mhi &= ~p.hi;
    const uint64_t flags = _pext_u64(mlo, u->mark_lo) | _pext_u64(mhi, u->mark_hi) << u->nmark_lo;
    const uint64_t slo = _pdep_u64(flags, u->start_lo),
                   shi = _pdep_u64(flags >> u->nstart_lo, u->start_hi);
    _subborrow_u64(_subborrow_u64(0, mlo, slo, &tlo), mhi, shi, &thi);
    return (half2_t){tlo, thi};
}
#endif

static inline half2_t fill_portable(half2_t r, half2_t p)
{
    const bitrow_t f = fill_runs((bitrow_t)r.lo | (bitrow_t)r.hi << 64,
                                 (bitrow_t)p.lo | (bitrow_t)p.hi << 64);
    return (half2_t){(uint64_t)f, (uint64_t)(f >> 64)};
}

/* r and its neighbours in the row (bits 0..79 only, so nothing leaves the
 * high half). */
static inline half2_t spread(half2_t r)
{
    return (half2_t){r.lo | r.lo << 1 | r.lo >> 1 | r.hi << 63,
                     r.hi | r.hi << 1 | r.hi >> 1 | r.lo >> 63};
}

/* The flood, instantiated with fill_runs (plain) and fill_pdep (BMI2). */
static inline __attribute__((always_inline)) int flood(const bitrow_t pass[GRID_H + 2], int sx,
                                                       int sy, bool bmi2)
{
    /* near[y]: the cells reached and their neighbours in the row (what an
     * offer touches: spread when cells are gained, as rows are offered more
     * often than they gain); left[y]: passable cells not yet reached;
     * open: the rows with some left (nothing is offered to a full row, and
     * once every row is full the flood is over); runs[y]: pass[y]'s runs
     * (for fill_pdep). */
    half2_t near[GRID_H + 2], left[GRID_H + 2];
    runs_t runs[GRID_H + 2];
    uint32_t open = 0;
    for (int y = 1; y <= GRID_H; y++) {
        near[y] = (half2_t){0, 0};
        left[y] = (half2_t){(uint64_t)pass[y], (uint64_t)(pass[y] >> 64)};
        const bool any = (left[y].lo | left[y].hi) != 0;
        open |= (uint32_t)any << y;
        if (bmi2 && any)
            runs[y] = row_runs(pass[y]);
    }
#if CPU_SIMD
#define FILL(r, y) (bmi2 ? fill_pdep((r), left[y], &runs[y]) : fill_portable((r), left[y]))
#else
#define FILL(r, y) fill_portable((r), left[y])
    (void)runs;
#endif
    if (sy >= 1 && sy <= GRID_H && sx >= 1 && sx <= GRID_W && (pass[sy] >> sx & 1)) {
        const bitrow_t s = BITROW_BIT(sx);
        const half2_t got = FILL(((half2_t){(uint64_t)s, (uint64_t)(s >> 64)}), sy);
        near[sy] = spread(got);
        left[sy].lo &= ~got.lo;
        left[sy].hi &= ~got.hi;
        open &= ~((uint32_t)!(left[sy].lo | left[sy].hi) << sy);
        /* Rows whose new cells have not yet been offered to the row below
         * (down) or above (up); sweeps alternate until both are empty.  An
         * offer fills the runs of the neighbour's unreached cells that the
         * row's near cells touch (8-way steps). */
        const uint32_t has_below = ((1u << GRID_H) - 1) & ~1u, has_above = has_below << 1;
        uint32_t down = 1u << sy, up = 1u << sy;
#define OFFER(y, to)                                                                   \
    do {                                                                               \
        if (open >> (to) & 1) {                                                        \
            const half2_t hit = {near[y].lo & left[to].lo, near[y].hi & left[to].hi};  \
            if (hit.lo | hit.hi) {                                                     \
                const half2_t got = FILL(hit, to);                                     \
                const half2_t sp = spread(got);                                        \
                near[to].lo |= sp.lo;                                                  \
                near[to].hi |= sp.hi;                                                  \
                left[to].lo &= ~got.lo;                                                \
                left[to].hi &= ~got.hi;                                                \
                open &= ~((uint32_t)!(left[to].lo | left[to].hi) << (to));             \
                down |= 1u << (to);                                                    \
                up |= 1u << (to);                                                      \
            }                                                                          \
        }                                                                              \
    } while (0)
        while (open && ((down &= has_below) | (up &= has_above))) {
            /* downwards in ascending order: new bits land above the cursor */
            while (down & has_below) {
                const int y = __builtin_ctz(down & has_below);
                down &= ~(1u << y);
                OFFER(y, y + 1);
            }
            while (up & has_above) {
                const int y = 31 - __builtin_clz(up & has_above);
                up &= ~(1u << y);
                OFFER(y, y - 1);
            }
        }
#undef OFFER
    }
#undef FILL
    /* Usually everything is reached: no counting needed. */
    if (!open)
        return 0;
    int n = 0;
    for (int y = 1; y <= GRID_H; y++)
        n += popcount64(left[y].lo) + popcount64(left[y].hi);
    return n;
}

static int flood_plain(const bitrow_t pass[GRID_H + 2], int sx, int sy)
{
    return flood(pass, sx, sy, false);
}

#if CPU_SIMD
CPU_AVX2_FN static int flood_bmi2(const bitrow_t pass[GRID_H + 2], int sx, int sy)
{
    return flood(pass, sx, sy, true);
}
#endif

int reach_unreachable_rows(const bitrow_t pass[GRID_H + 2], int sx, int sy)
{
#if CPU_SIMD
    if (cpu_uses(CPU_BMI2))
        return flood_bmi2(pass, sx, sy);
#endif
    return flood_plain(pass, sx, sy);
}

int reach_unreachable(const grid_t *g, int sx, int sy)
{
    bitrow_t pass[GRID_H + 2];
    /* x 1..78: passable is "not impassable" (kept in step with cell_is_passable) */
    const bitrow_t columns = (BITROW_BIT(GRID_W + 1) - 1) & ~BITROW_BIT(0);
    grid_mask_rows(g, CELLSET_IMPASSABLE, pass);
    for (int y = 1; y <= GRID_H; y++)
        pass[y] = ~pass[y] & columns;
    return reach_unreachable_rows(pass, sx, sy);
}
