/* test_rng.c - the generator, the streams and the dice.
 *
 * Known answers: xoshiro256** from the state {1, 2, 3, 4}; the ten expected
 * outputs are those of the authors' reference implementation (xoshiro256starstar.c
 * by Blackman and Vigna), as reproduced in public test suites of ports of it.
 * Uniformity of d(n): chi-square over 10^6 draws each, alpha = 1e-6 (fixed
 * seed, so deterministic; a biased d(n) would give p ~ 0 at this size).
 * Pairs (rng_below_pair, docs/rules.md G5): the joint table of (a, b) for
 * 7 x 5 is uniform (chi-square, 10^6 pairs, the same alpha), so a and b are
 * uniform and independent; and every pair is what the rule says, computed
 * here from the raw outputs: a from the high 32 bits, b from the low 32
 * bits, each by multiply-shift with Lemire's rejection, a rejected half
 * replaced by the high half of the next output, a's before b's (with ranges
 * of 3 * 2^30, where a quarter of the halves are rejected).
 */
#include <stdio.h>
#include <string.h>

#include "rng.h"
#include "testutil.h"

#define DRAWS 1000000
#define ALPHA 1e-6

static void known_answers(void)
{
    static const uint64_t expect[10] = {
        UINT64_C(11520),
        UINT64_C(0),
        UINT64_C(1509978240),
        UINT64_C(1215971899390074240),
        UINT64_C(1216172134540287360),
        UINT64_C(607988272756665600),
        UINT64_C(16172922978634559625),
        UINT64_C(8476171486693032832),
        UINT64_C(10595114339597558777),
        UINT64_C(2904607092377533576),
    };
    rng_t r;
    rng_set_state(&r, 1, 2, 3, 4);
    for (int i = 0; i < 10; i++) {
        uint64_t v = rng_next(&r);
        CHECK(v == expect[i], "xoshiro256** output %d: got %llu, want %llu", i,
              (unsigned long long)v, (unsigned long long)expect[i]);
    }
}

static void streams(void)
{
    rng_t a, b;
    /* Same key, same stream. */
    rng_stream(&a, 42, 7, RNG_LAYOUT);
    rng_stream(&b, 42, 7, RNG_LAYOUT);
    bool same = true;
    for (int i = 0; i < 100; i++)
        same &= rng_next(&a) == rng_next(&b);
    CHECK(same, "the stream of (42, 7, layout) is reproducible");
    /* Any change of seed, index or purpose changes the first output. */
    rng_stream(&a, 42, 7, RNG_LAYOUT);
    uint64_t base = rng_next(&a);
    const struct { uint64_t s, i; rng_purpose_t p; } other[] = {
        {43, 7, RNG_LAYOUT}, {42, 8, RNG_LAYOUT}, {42, 7, RNG_WATER}, {0, 0, RNG_TYPE},
        {7, 42, RNG_LAYOUT},
    };
    for (size_t k = 0; k < sizeof other / sizeof other[0]; k++) {
        rng_stream(&b, other[k].s, other[k].i, other[k].p);
        CHECK(rng_next(&b) != base, "stream %zu differs from (42, 7, layout)", k);
    }
    /* Neighbouring indices give uncorrelated first draws: the parity of the
     * first output over 10^6 consecutive indices is balanced (binomial, 6 sd). */
    long odd = 0;
    for (uint64_t i = 0; i < DRAWS; i++) {
        rng_stream(&a, 1, i, RNG_TYPE);
        odd += (long)(rng_next(&a) & 1);
    }
    CHECK(odd > DRAWS / 2 - 3000 && odd < DRAWS / 2 + 3000,
          "first bits over consecutive indices balanced: %ld of %d odd", odd, DRAWS);
}

static void uniformity(int n)
{
    long counts[128];
    double p[128];
    memset(counts, 0, sizeof counts);
    rng_t r;
    rng_stream(&r, 12345, (uint64_t)n, RNG_LAYOUT);
    bool in_range = true;
    for (int i = 0; i < DRAWS; i++) {
        int v = rng_d(&r, n);
        if (v < 1 || v > n) {
            in_range = false;
            break;
        }
        counts[v - 1]++;
    }
    CHECK(in_range, "d(%d) stays in 1..%d", n, n);
    for (int i = 0; i < n; i++)
        p[i] = 1.0 / n;
    double chi;
    int dof;
    double pv = test_chisq_p(counts, p, n, &chi, &dof);
    printf("d(%d): chi2 = %.2f, dof = %d, p = %.4f over %d draws\n", n, chi, dof, pv, DRAWS);
    CHECK(pv > ALPHA, "d(%d) uniform: p = %g <= alpha %g", n, pv, ALPHA);
}

/* The rule of G5, plainly: the bounded value of 32 bits h, or of the next
 * outputs' high halves while h is rejected. */
static uint32_t by_rule(rng_t *raw, uint32_t h, uint32_t n)
{
    const uint32_t threshold = (uint32_t)((UINT64_C(1) << 32) % n);
    while ((uint32_t)((uint64_t)h * n) < threshold)
        h = (uint32_t)(rng_next(raw) >> 32);
    return (uint32_t)(((uint64_t)h * n) >> 32);
}

static void pairs(void)
{
    enum { NA = 7, NB = 5 };
    long counts[NA * NB] = {0};
    double p[NA * NB];
    rng_t r;
    rng_stream(&r, 2024, 1, RNG_POPULATE);
    bool in_range = true;
    for (int i = 0; i < DRAWS; i++) {
        uint32_t a, b;
        rng_below_pair(&r, NA, NB, &a, &b);
        if (a >= NA || b >= NB) {
            in_range = false;
            break;
        }
        counts[a * NB + b]++;
    }
    CHECK(in_range, "pairs stay in 0..%d x 0..%d", NA - 1, NB - 1);
    for (int i = 0; i < NA * NB; i++)
        p[i] = 1.0 / (NA * NB);
    double chi;
    int dof;
    double pv = test_chisq_p(counts, p, NA * NB, &chi, &dof);
    printf("pair(%d, %d): chi2 = %.2f, dof = %d, p = %.4f over %d pairs\n", NA, NB, chi, dof, pv,
           DRAWS);
    CHECK(pv > ALPHA, "pair(%d, %d) uniform and independent: p = %g <= alpha %g", NA, NB, pv,
          ALPHA);

    const uint32_t ns[][2] = {{78, 20}, {3, 3}, {3u << 30, 3u << 30}, {5, 3u << 30}};
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
        rng_t fast, raw;
        rng_stream(&fast, 99, k, RNG_WATER);
        raw = fast;
        long wrong = 0, rejected = 0;
        for (int i = 0; i < 100000; i++) {
            uint32_t a, b;
            rng_below_pair(&fast, ns[k][0], ns[k][1], &a, &b);
            const uint64_t u = rng_next(&raw);
            const rng_t before = raw;
            const uint32_t ea = by_rule(&raw, (uint32_t)(u >> 32), ns[k][0]);
            const uint32_t eb = by_rule(&raw, (uint32_t)u, ns[k][1]);
            rejected += memcmp(&before, &raw, sizeof raw) != 0;
            wrong += a != ea || b != eb || memcmp(&fast, &raw, sizeof raw) != 0;
        }
        CHECK(wrong == 0, "pair(%u, %u): %ld of 100000 pairs not as the rule makes them",
              ns[k][0], ns[k][1], wrong);
        if (ns[k][1] == 3u << 30)
            CHECK(rejected > 10000, "pair(%u, %u): the rejections were exercised (%ld)",
                  ns[k][0], ns[k][1], rejected);
    }
}

static void dice(void)
{
    rng_t r;
    rng_stream(&r, 9, 9, RNG_POPULATE);
    bool ok = true;
    long sum = 0;
    for (int i = 0; i < 100000; i++) {
        int v = rng_dice(&r, 7, 2, -7); /* 7d2-7: 0..7 */
        ok &= v >= 0 && v <= 7;
        sum += v;
    }
    CHECK(ok, "7d2-7 stays in 0..7");
    /* mean 3.5, sd of the mean sqrt(7/4/1e5) = 0.0042: 6 sd = 0.025 */
    double mean = sum / 100000.0;
    CHECK(mean > 3.475 && mean < 3.525, "7d2-7 mean %.4f near 3.5", mean);
    CHECK(rng_dice(&r, 0, 6, 5) == 5, "0d6+5 is 5");
    bool one = true;
    for (int i = 0; i < 1000; i++)
        one &= rng_d(&r, 1) == 1;
    CHECK(one, "d(1) is always 1");
    int lo = 100, hi = -100;
    for (int i = 0; i < 10000; i++) {
        int v = rng_range(&r, -3, 3);
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    CHECK(lo == -3 && hi == 3, "range(-3,3) covers exactly -3..3 (got %d..%d)", lo, hi);
}

/* A level seeds its streams from one key: the same states as rng_stream. */
static void keyed(void)
{
    rng_t r;
    rng_stream(&r, 1, 1, RNG_TYPE);
    bool same = true;
    for (int i = 0; i < 2000; i++) {
        uint64_t master = rng_next(&r), index = i < 1000 ? (uint64_t)i : rng_next(&r);
        uint64_t key = rng_level_key(master, index);
        for (int p = RNG_TYPE; p <= RNG_POPULATE; p++) {
            rng_t a, b;
            rng_stream(&a, master, index, (rng_purpose_t)p);
            rng_stream_keyed(&b, key, (rng_purpose_t)p);
            same &= memcmp(a.s, b.s, sizeof a.s) == 0;
        }
    }
    CHECK(same, "rng_stream_keyed(rng_level_key) seeds as rng_stream");
}

int main(void)
{
    known_answers();
    keyed();
    streams();
    static const int NS[] = {2, 3, 5, 6, 25, 100};
    for (size_t i = 0; i < sizeof NS / sizeof NS[0]; i++)
        uniformity(NS[i]);
    dice();
    pairs();
    return test_summary("rng");
}
