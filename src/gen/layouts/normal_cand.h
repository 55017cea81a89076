/* normal_cand.h - the body of normal.c's extra-door candidate count,
 * included by normal.c once per row arithmetic: the 128-bit integer (plain)
 * and SSE2 registers.  The includer defines CAND_FN (the function's name),
 * CAND_ROW (the row type) and V(op) (the name of operation op on it:
 * load, store, and, or, xor, andnot ~a & b, shl1, shr1, popcount); they are
 * undefined at the end.  No include guard: included twice on purpose. */

/* Wall cells (x 2..77, y 2..19) with exactly two wall cells among their 8
 * neighbours, as bit rows.  Each row's three-cell sums (left, self, right)
 * are two bit planes, made once per row; a cell's neighbour count is the
 * sums of the rows above and below plus its own two sides, added bitwise;
 * "exactly 2" is then bit 1 alone. */
static int CAND_FN(const bitrow_t solid[GRID_H + 2], const bitrow_t door[GRID_H + 2],
                   bitrow_t cand[GRID_H + 2], int count[GRID_H + 2], int count_lo[GRID_H + 2])
{
    const bitrow_t inner_row = ((BITROW_BIT(GRID_W) - 1) >> 2) << 2; /* x 2..77 */
    const CAND_ROW inner = V(load)(&inner_row);
    CAND_ROW wl[GRID_H + 2], h1[GRID_H + 2], h2[GRID_H + 2], l[GRID_H + 2], r[GRID_H + 2];
    for (int y = 1; y <= GRID_H; y++) {
        /* wall = solid and not door */
        const CAND_ROW b = wl[y] = V(andnot)(V(load)(&door[y]), V(load)(&solid[y]));
        const CAND_ROW a = V(shl1)(b), c = V(shr1)(b), ab = V(xor)(a, b);
        l[y] = a;
        r[y] = c;
        h1[y] = V(xor)(ab, c);                      /* three-cell sum, bit 0 */
        h2[y] = V(or)(V(and)(a, b), V(and)(c, ab)); /* bit 1 */
    }
    int n = 0;
    for (int y = 2; y < GRID_H; y++) {
        /* above + below: 0..6 in bits s1, s2, s4 */
        const CAND_ROW c0 = V(and)(h1[y - 1], h1[y + 1]);
        const CAND_ROW s1 = V(xor)(h1[y - 1], h1[y + 1]);
        const CAND_ROW t2 = V(xor)(h2[y - 1], h2[y + 1]);
        const CAND_ROW s2 = V(xor)(t2, c0);
        const CAND_ROW s4 = V(or)(V(and)(h2[y - 1], h2[y + 1]), V(and)(c0, t2));
        /* plus the two sides: 0..2 in bits d1, d2 */
        const CAND_ROW d1 = V(xor)(l[y], r[y]), d2 = V(and)(l[y], r[y]);
        /* total == 2: bit 0 clear, bit 1 set, no 4 */
        const CAND_ROW e0 = V(xor)(s1, d1), k1 = V(and)(s1, d1), s2d2 = V(xor)(s2, d2);
        const CAND_ROW e1 = V(xor)(s2d2, k1);
        const CAND_ROW e2 = V(or)(s4, V(or)(V(and)(s2, d2), V(and)(k1, s2d2)));
        const CAND_ROW ok = V(andnot)(V(or)(e0, e2), e1);
        const CAND_ROW cv = V(and)(V(and)(wl[y], inner), ok);
        V(store)(&cand[y], cv);
        count[y] = V(popcount)(cv, &count_lo[y]);
        n += count[y];
    }
    return n;
}

#undef CAND_FN
#undef CAND_ROW
#undef V
