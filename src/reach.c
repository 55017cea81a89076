/* reach.c - connectivity by runs and union-find, see reach.h. */
#include "reach.h"

/* A row of 78 cells has at most 39 runs (every other cell passable). */
#define REACH_MAX_RUNS (GRID_H * ((GRID_W + 1) / 2))

static inline int find(uint16_t *parent, int x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]]; /* path halving */
        x = parent[x];
    }
    return x;
}

int reach_unreachable_rows(const bitrow_t pass[GRID_H + 2], int sx, int sy)
{
    int ra[REACH_MAX_RUNS], rb[REACH_MAX_RUNS];
    uint16_t parent[REACH_MAX_RUNS], size[REACH_MAX_RUNS];
    int row_first[GRID_H + 2];
    int n = 0, prev = 0, total = 0;
    for (int y = 1; y <= GRID_H; y++) {
        const int first = row_first[y] = n;
        /* Run boundaries: bit x is set where cell x differs from cell x-1, so
         * the set bits pair up as (start, end + 1); bits 0 and 79 are never
         * passable, so every pair lies in 1..79. */
        bitrow_t t = pass[y] ^ (pass[y] << 1);
        int i = prev; /* the first run of the row above that may still touch */
        while (t) {
            const int a = bitrow_ctz(t);
            t &= t - 1;
            const int b = bitrow_ctz(t) - 1;
            t &= t - 1;
            ra[n] = a;
            rb[n] = b;
            total += b - a + 1;
            /* 8-way: a run of the row above touches when it overlaps
             * a-1..b+1.  A run above that ends before this one cannot touch
             * a later one either; one that ends after it may. */
            while (i < first && rb[i] + 1 < a)
                i++;
            int root = n;
            size[n] = (uint16_t)(b - a + 1);
            parent[n] = (uint16_t)n;
            for (; i < first && ra[i] <= b + 1; i++) {
                int r = find(parent, i);
                if (r != root) {
                    if (size[r] < size[root]) { /* union by size */
                        int tmp = r;
                        r = root;
                        root = tmp;
                    }
                    parent[root] = (uint16_t)r;
                    size[r] = (uint16_t)(size[r] + size[root]);
                    root = r;
                }
                if (rb[i] > b)
                    break; /* it may touch the next run of this row too */
            }
            n++;
        }
        prev = first;
    }
    row_first[GRID_H + 1] = n;
    if (sy < 1 || sy > GRID_H)
        return total;
    int start = -1;
    for (int k = row_first[sy]; k < row_first[sy + 1]; k++)
        if (ra[k] <= sx && sx <= rb[k])
            start = k;
    return start < 0 ? total : total - size[find(parent, start)];
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
