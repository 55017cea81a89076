/* gskip.c - see gskip.h. */
#include "gskip.h"

#include <assert.h>
#include <stdbool.h>
#include <string.h>

#include "cpu.h"

/* The basis states stepped side by side while the table is made. */
#define GSKIP_BASIS 256

void gskip_make(gskip_t *j, int q)
{
    assert(q >= 1);
    /* the images of the 256 basis states (bit b of the state: word b / 64,
     * bit b % 64) after q steps, the states kept word by word so that the
     * steps of all of them are one loop over arrays */
    uint64_t s0[GSKIP_BASIS], s1[GSKIP_BASIS], s2[GSKIP_BASIS], s3[GSKIP_BASIS];
    uint64_t *w[4] = {s0, s1, s2, s3};
    for (int b = 0; b < GSKIP_BASIS; b++) {
        for (int k = 0; k < 4; k++)
            w[k][b] = 0;
        w[b / 64][b] = UINT64_C(1) << (b % 64);
    }
    for (int i = 0; i < q; i++)
        for (int b = 0; b < GSKIP_BASIS; b++) /* rng_next's step, its output unused */
            rng_step(&s0[b], &s1[b], &s2[b], &s3[b]);
    j->q = q;
    for (int i = 0; i < 64; i++)
        for (int v = 0; v < 16; v++)
            for (int k = 0; k < 4; k++) {
                uint64_t x = 0;
                for (int c = 0; c < 4; c++)
                    if (v >> c & 1)
                        x ^= w[k][4 * i + c];
                j->nib[i][v][k] = x;
            }
}

void gskip_jump(const gskip_t *j, rng_t *r)
{
    uint64_t o[4] = {0, 0, 0, 0};
    for (int i = 0; i < 64; i++) {
        const uint64_t *v = j->nib[i][(r->s[i >> 4] >> (4 * (i & 15))) & 15];
        for (int k = 0; k < 4; k++)
            o[k] ^= v[k];
    }
    memcpy(r->s, o, sizeof o);
}

void gskip_cells_plain(rng_t *r, uint32_t w, uint32_t h, int n)
{
    rng_t st = *r;
    for (int i = 0; i < n; i++) {
        const uint64_t u = rng_next(&st);
        const uint32_t hi = (uint32_t)(u >> 32), lo = (uint32_t)u;
        /* rng_bounded draws again only where a product's low half is below
         * its range: then it runs as rng_below_pair runs it */
        if (((uint32_t)((uint64_t)hi * w) < w) | ((uint32_t)((uint64_t)lo * h) < h)) {
            (void)rng_bounded(&st, hi, w);
            (void)rng_bounded(&st, lo, h);
        }
    }
    *r = st;
}

/* The four stretches of q outputs from the states (a0[k], a1[k], a2[k],
 * a3[k]), k < GSKIP_LANES, stepped in place: true when no output's
 * products (its high half times w, its low half times h) have a low half
 * below their range, that is when none of the draws would draw again.
 * A product's low half x is below its range r exactly when x - r, in 64
 * bits, has its top bit set (both are below 2^32); those bits are ORed
 * over the stretch and looked at once. */
static inline __attribute__((always_inline)) bool lanes(uint64_t *a0, uint64_t *a1,
                                                        uint64_t *a2, uint64_t *a3, uint32_t w,
                                                        uint32_t h, int q)
{
    uint64_t b0[GSKIP_LANES], b1[GSKIP_LANES], b2[GSKIP_LANES], b3[GSKIP_LANES];
    uint64_t acc[GSKIP_LANES] = {0};
    memcpy(b0, a0, sizeof b0);
    memcpy(b1, a1, sizeof b1);
    memcpy(b2, a2, sizeof b2);
    memcpy(b3, a3, sizeof b3);
    for (int i = 0; i < q; i++)
        for (int k = 0; k < GSKIP_LANES; k++) {
            const uint64_t u = rng_output(b1[k]);
            const uint64_t ph = ((uint64_t)(uint32_t)(u >> 32) * w) & UINT32_MAX;
            const uint64_t pl = ((uint64_t)(uint32_t)u * h) & UINT32_MAX;
            acc[k] |= (ph - w) | (pl - h);
            rng_step(&b0[k], &b1[k], &b2[k], &b3[k]);
        }
    memcpy(a0, b0, sizeof b0);
    memcpy(a1, b1, sizeof b1);
    memcpy(a2, b2, sizeof b2);
    memcpy(a3, b3, sizeof b3);
    uint64_t any = 0;
    for (int k = 0; k < GSKIP_LANES; k++)
        any |= acc[k];
    return (any >> 63) == 0;
}

/* The plain twin of lanes_avx2. */
static bool lanes_plain(uint64_t *a0, uint64_t *a1, uint64_t *a2, uint64_t *a3, uint32_t w,
                        uint32_t h, int q)
{
    return lanes(a0, a1, a2, a3, w, h, q);
}

#if CPU_SIMD
/* GCC's vector types: the four lanes' words (v4q), or their eight halves
 * (v8d, the low half of a lane first). */
typedef uint64_t v4q __attribute__((vector_size(32)));
typedef uint32_t v8d __attribute__((vector_size(32)));

/* lanes() with a lane to each 64-bit element of an AVX2 register.  The
 * output's two halves times their ranges are the two 32-bit halves of a
 * lane times (h, w), one 32-bit multiply keeping the products' low halves;
 * the least of each half's products over the stretch is kept (one unsigned
 * 32-bit minimum a step), and compared with its range once at the end. */
static CPU_AVX2_FN bool lanes_avx2(uint64_t *a0, uint64_t *a1, uint64_t *a2, uint64_t *a3,
                                   uint32_t w, uint32_t h, int q)
{
    v4q b0, b1, b2, b3;
    memcpy(&b0, a0, sizeof b0);
    memcpy(&b1, a1, sizeof b1);
    memcpy(&b2, a2, sizeof b2);
    memcpy(&b3, a3, sizeof b3);
    const v8d range = {h, w, h, w, h, w, h, w};
    v8d least = {UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX,
                 UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX};
#pragma GCC unroll 2
    for (int i = 0; i < q; i++) {
        v4q u = (b1 << 2) + b1;    /* * 5 */
        u = (u << 7) | (u >> 57); /* rotl 7 */
        u = (u << 3) + u;          /* * 9 */
        const v8d p = (v8d)u * range;
        least = (v8d)_mm256_min_epu32((__m256i)p, (__m256i)least);
        const v4q t = b1 << 17;
        b2 ^= b0;
        b3 ^= b1;
        b1 ^= b2;
        b0 ^= b3;
        b2 ^= t;
        b3 = (b3 << 45) | (b3 >> 19);
    }
    memcpy(a0, &b0, sizeof b0);
    memcpy(a1, &b1, sizeof b1);
    memcpy(a2, &b2, sizeof b2);
    memcpy(a3, &b3, sizeof b3);
    const v8d below = (v8d)(least < range);
    uint32_t any = 0;
    for (int k = 0; k < 8; k++)
        any |= below[k];
    return any == 0;
}
#endif

void gskip_cells(rng_t *r, uint32_t w, uint32_t h, int n, const gskip_t *j)
{
    const int q = j ? j->q : 0;
    for (; q > 0 && n >= GSKIP_LANES * q; n -= GSKIP_LANES * q) {
        /* lane k starts k stretches on */
        uint64_t a[4][GSKIP_LANES];
        rng_t from[GSKIP_LANES];
        for (int k = 0; k < GSKIP_LANES; k++) {
            from[k] = *r;
            if (k > 0) {
                from[k] = from[k - 1];
                gskip_jump(j, &from[k]);
            }
            for (int m = 0; m < 4; m++)
                a[m][k] = from[k].s[m];
        }
        bool ok;
#if CPU_SIMD
        if (cpu_uses(CPU_AVX2))
            ok = lanes_avx2(a[0], a[1], a[2], a[3], w, h, q);
        else
#endif
            ok = lanes_plain(a[0], a[1], a[2], a[3], w, h, q);
        if (!ok) { /* a draw that may draw again: all of them one by one */
            gskip_cells_plain(r, w, h, GSKIP_LANES * q);
            continue;
        }
        /* each stretch ended where the next began; the last one's end is
         * the state after all of them */
        for (int k = 0; k + 1 < GSKIP_LANES; k++)
            for (int m = 0; m < 4; m++)
                assert(a[m][k] == from[k + 1].s[m]);
        for (int m = 0; m < 4; m++)
            r->s[m] = a[m][GSKIP_LANES - 1];
    }
    gskip_cells_plain(r, w, h, n);
}
