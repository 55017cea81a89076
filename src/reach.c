/* reach.c - connectivity by runs and union-find, see reach.h. */
#include "reach.h"

/* Extend r (a subset of p) over the whole runs of p it touches: upwards by
 * one carry (adding r to p carries from each touched run's lowest bit of r
 * to its top), downwards by shifts of 1, 2, 4, ... (stopping once no run of
 * p is that long).  The downward part works on the two 64-bit halves
 * explicitly, which compiles to about half the instructions of the same
 * steps on the 128-bit type. */
static __attribute__((noinline)) bitrow_t fill_runs(bitrow_t r, bitrow_t p)
{
    r |= ((p + r) ^ p) & p;
    /* Nothing to fill downwards when no run's cell just below r's lowest
     * cell in it is in p (the usual case: r then starts at its runs' starts). */
    if (!(((r & ~(r << 1)) >> 1) & p & ~r))
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

static inline bitrow_t spread(bitrow_t r)
{
    return r | (r << 1) | (r >> 1);
}

int reach_unreachable_rows(const bitrow_t pass[GRID_H + 2], int sx, int sy)
{
    /* reach[y]: cells reached; left[y]: passable cells not yet reached;
     * open: the rows with some left (nothing is offered to a full row, and
     * once every row is full the flood is over). */
    bitrow_t reach[GRID_H + 2], left[GRID_H + 2];
    uint32_t open = 0;
    for (int y = 1; y <= GRID_H; y++) {
        reach[y] = 0;
        left[y] = pass[y];
        open |= (uint32_t)(left[y] != 0) << y;
    }
    if (sy >= 1 && sy <= GRID_H && sx >= 1 && sx <= GRID_W && (pass[sy] >> sx & 1)) {
        reach[sy] = fill_runs(BITROW_BIT(sx), pass[sy]);
        left[sy] &= ~reach[sy];
        open &= ~((uint32_t)(left[sy] == 0) << sy);
        /* Rows whose new cells have not yet been offered to the row below
         * (down) or above (up); sweeps alternate until both are empty. */
        const uint32_t has_below = ((1u << GRID_H) - 1) & ~1u, has_above = has_below << 1;
        uint32_t down = 1u << sy, up = 1u << sy;
#define OFFER(y, to)                                                   \
    do {                                                               \
        if (open >> (to) & 1) {                                        \
            const bitrow_t hit = spread(reach[y]) & left[to];          \
            if (hit) {                                                 \
                const bitrow_t got = fill_runs(hit, left[to]);         \
                reach[to] |= got;                                      \
                left[to] &= ~got;                                      \
                open &= ~((uint32_t)(left[to] == 0) << (to));          \
                down |= 1u << (to);                                    \
                up |= 1u << (to);                                      \
            }                                                          \
        }                                                              \
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
    /* Usually everything is reached: no counting needed. */
    if (!open)
        return 0;
    int n = 0;
    for (int y = 1; y <= GRID_H; y++)
        n += bitrow_popcount(left[y]);
    return n;
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
