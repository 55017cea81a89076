/* test_cellpool.c - the cell list against one built cell by cell.
 *
 * Random sets (sparse, dense, empty rows, full rows, the padding columns)
 * and random sequences of the operations population uses (find and remove,
 * the two-segment take, plain gets and sets; the tail as removals walk it): after every step each position
 * below the current length must read the same from both lists.  The list
 * is built both ways cellpool.c can (the byte-table expansion and the walk
 * over the set bits).
 */
#include <stdio.h>
#include <string.h>

#include "cellpool.h"
#include "cpu.h"
#include "rng.h"
#include "testutil.h"

static int ref[CELLPOOL_MAX], nref;

static void random_rows(rng_t *r, bitrow_t rows[CELLPOOL_ROWS], int density)
{
    nref = 0;
    for (int y = 0; y < CELLPOOL_ROWS; y++) {
        rows[y] = 0;
        int mode = (int)rng_below(r, 5); /* empty, full, or random at the density */
        for (int x = 0; x < GRID_STRIDE; x++) {
            if (y == 0 || y == CELLPOOL_ROWS - 1 || x == 0 || x == GRID_STRIDE - 1)
                continue; /* at most GRID_W x GRID_H cells, as on a map */
            bool on = mode == 0 ? false : mode == 1 ? true : (int)rng_below(r, 100) < density;
            if (on) {
                rows[y] |= BITROW_BIT(x);
                ref[nref++] = CELLPOOL_CELL(x, y);
            }
        }
    }
}

static bool same(cellpool_t *p)
{
    if (p->n != nref)
        return false;
    if (nref > 0 && cellpool_tail(p) != ref[nref - 1])
        return false;
    for (int i = 0; i < nref; i++)
        if (cellpool_get(p, i) != ref[i])
            return false;
    return true;
}

/* cellrank on the list as built: every position selects its cell, every
 * cell ranks to its position, and some random cells not in the set rank -1. */
static bool same_rank(const bitrow_t rows[CELLPOOL_ROWS], rng_t *r)
{
    cellrank_t cr;
    cellrank_init(&cr, rows);
    if (cr.cum[CELLPOOL_ROWS] != nref)
        return false;
    for (int i = 0; i < nref; i++)
        if (cellrank_select(&cr, i) != ref[i] || cellrank_rank(&cr, ref[i]) != i)
            return false;
    for (int t = 0; t < 20; t++) {
        int x = rng_range(r, 0, GRID_STRIDE - 1), y = rng_range(r, 0, GRID_H + 1);
        if (!(rows[y] >> x & 1) && cellrank_rank(&cr, CELLPOOL_CELL(x, y)) != -1)
            return false;
    }
    return true;
}

/* select64 (broadword) and grid_select64 (on every CPU path, cpu.h: PDEP
 * under CPU_AVX2) against a plain walk over the bits. */
static void selects(rng_t *r)
{
    long bad = 0, bad_pool = 0;
    for (int t = 0; t < 200000; t++) {
        uint64_t x = rng_next(r);
        if (t % 3 == 1)
            x &= rng_next(r) & rng_next(r); /* sparse */
        else if (t % 3 == 2)
            x |= rng_next(r) | rng_next(r); /* dense */
        int n = popcount64(x);
        if (n == 0)
            continue;
        int k = (int)rng_below(r, (uint32_t)n), want = -1;
        for (int b = 0, seen = 0; b < 64; b++)
            if (x >> b & 1 && seen++ == k) {
                want = b;
                break;
            }
        bad += select64(x, k) != want;
        for (int path = CPU_PLAIN; path <= (int)cpu_best(); path++) {
            cpu_force((cpu_path_t)path);
            bad_pool += grid_select64(x, k) != want;
        }
    }
    cpu_force(cpu_best());
    CHECK(bad == 0, "select64 finds the k-th set bit (%ld bad)", bad);
    CHECK(bad_pool == 0, "grid_select64 finds the k-th set bit (%ld bad)", bad_pool);
}

int main(void)
{
    static cellpool_t p, q;
    rng_t r;
    rng_stream(&r, 77, 0, RNG_LAYOUT);
    selects(&r);
    long bad = 0, bad_find = 0, bad_walk = 0, bad_rank = 0, ops = 0;
    for (int t = 0; t < 3000; t++) {
        bitrow_t rows[CELLPOOL_ROWS];
        random_rows(&r, rows, (int)rng_below(&r, 101));
        cellpool_init(&p, rows);
        bad += !same(&p);
        bad_rank += !same_rank(rows, &r);
        cellpool_init_with(&q, rows, false);
        bad_walk += !same(&q);
        for (int path = CPU_PLAIN; path <= (int)cpu_best(); path++) { /* every CPU path */
            cpu_force((cpu_path_t)path);
            cellpool_init_with(&q, rows, true);
            bad_walk += !same(&q);
            rng_t same_cells = r; /* the same cells off the set on every path */
            bad_rank += !same_rank(rows, &same_cells);
        }
        cpu_force(cpu_best());
        int nout = nref;
        int steps = (int)rng_below(&r, 200);
        for (int s = 0; s < steps && nref > 0; s++, ops++) {
            int op = (int)rng_below(&r, 4);
            if (op == 0) { /* find and remove a random map cell (present or not) */
                int c = CELLPOOL_CELL(rng_range(&r, 0, GRID_STRIDE - 1), rng_range(&r, 0, GRID_H + 1));
                int want = -1;
                for (int i = 0; i < nref; i++)
                    if (ref[i] == c)
                        want = i;
                int got = cellpool_find(&p, c);
                bad_find += got != want;
                for (int path = CPU_PLAIN; path <= (int)cpu_best(); path++) { /* every CPU path */
                    cpu_force((cpu_path_t)path);
                    bad_find += cellpool_find(&p, c) != want;
                }
                cpu_force(cpu_best());
                if (want >= 0) {
                    ref[want] = ref[--nref];
                    if (s % 2) /* by position, or as population drops start and stairs */
                        cellpool_remove(&p, want);
                    else
                        cellpool_drop(&p, c);
                    bad_find += cellpool_find(&p, c) != -1;
                    if (nout > nref)
                        nout = nref;
                }
            } else if (op == 1) { /* remove at a random position */
                int i = (int)rng_below(&r, (uint32_t)nref);
                ref[i] = ref[--nref];
                cellpool_remove(&p, i);
                if (nout > nref)
                    nout = nref;
            } else if (op == 2 && nout > 0) { /* the two-segment take of populate */
                int i = (int)rng_below(&r, (uint32_t)nout);
                ref[i] = ref[nout - 1];
                ref[nout - 1] = ref[nref - 1];
                cellpool_set(&p, i, cellpool_get(&p, nout - 1));
                cellpool_set(&p, nout - 1, cellpool_tail(&p));
                nout--;
                nref--;
                p.n--;
            } else { /* swap two positions */
                int i = (int)rng_below(&r, (uint32_t)nref), j = (int)rng_below(&r, (uint32_t)nref);
                int a = ref[i];
                ref[i] = ref[j];
                ref[j] = a;
                int ci = cellpool_get(&p, i), cj = cellpool_get(&p, j);
                cellpool_set(&p, i, cj);
                cellpool_set(&p, j, ci);
            }
            bad += !same(&p);
        }
    }
    CHECK(bad == 0, "cellpool reads like the written-out list after every step (%ld bad)", bad);
    CHECK(bad_rank == 0, "cellrank selects and ranks like the written-out list (%ld bad)",
          bad_rank);
    CHECK(bad_walk == 0, "the table expansion and the bit walk build the same list (%ld bad)",
          bad_walk);
    CHECK(bad_find == 0, "cellpool_find finds what a linear search finds (%ld bad)", bad_find);
    printf("  %ld operations on 3000 random sets\n", ops);
    return test_summary("cellpool");
}
