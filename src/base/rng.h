/* rng.h - random streams and dice.
 *
 * drlsim draws every random number from xoshiro256** (Blackman & Vigna, 2018).
 * A level never shares a stream with another level: its streams are derived
 * from (master seed, level index, purpose) by SplitMix64 mixing, so a level's
 * content is a pure function of those three values and never of thread count
 * or scheduling.  Separate purposes (type choice, layout, water, population)
 * keep one generation step's draws from shifting another's, so e.g. the room
 * list of a layout does not depend on whether a river was drawn on it.
 */
#ifndef DRLSIM_RNG_H
#define DRLSIM_RNG_H

#include <stdbool.h>
#include <stdint.h>

typedef struct rng {
    uint64_t s[4];
} rng_t;

/* What a stream is used for: each purpose is an independent stream. */
typedef enum rng_purpose {
    RNG_TYPE = 1,     /* level type choice (docs/rules.md §2) */
    RNG_LAYOUT = 2,   /* walls, rooms, boxes, caves, maze */
    RNG_WATER = 3,    /* rivers and fluid passes */
    RNG_POPULATE = 4, /* monsters, items, special rooms */
    RNG_STYLE = 5,    /* the level's style among its episode entry's (level.h) */
} rng_purpose_t;

/* Set the generator's raw state (for known-answer tests). */
void rng_set_state(rng_t *r, uint64_t s0, uint64_t s1, uint64_t s2, uint64_t s3);

/* Seed r as the stream of (master, index, purpose). */
void rng_stream(rng_t *r, uint64_t master, uint64_t index, rng_purpose_t purpose);

/* SplitMix64 finaliser: a bijective 64-bit mixer. */
static inline uint64_t rng_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* rng_stream in two steps, for a level that seeds several purposes: the
 * key of (master, index), mixed once, then each purpose's stream from it
 * (rng_stream_keyed(r, rng_level_key(m, i), p) is rng_stream(r, m, i, p)). */
#define RNG_SPLITMIX_GAMMA UINT64_C(0x9e3779b97f4a7c15)
static inline uint64_t rng_level_key(uint64_t master, uint64_t index)
{
    uint64_t key = rng_mix64(master + RNG_SPLITMIX_GAMMA);
    return rng_mix64(key ^ (index * UINT64_C(0xd1342543de82ef95)));
}

static inline void rng_stream_keyed(rng_t *r, uint64_t key, rng_purpose_t purpose)
{
    key ^= (uint64_t)purpose * UINT64_C(0xa0761d6478bd642f);
    for (int i = 0; i < 4; i++) {
        key += RNG_SPLITMIX_GAMMA;
        r->s[i] = rng_mix64(key);
    }
}

static inline uint64_t rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* xoshiro256**'s output of a state whose second word is s1, and its step
 * of the state's four words (linear over GF(2)): written once, for
 * rng_next and for the jumps and side-by-side stretches of
 * src/gen/game/gskip.c, whose states are kept word by word. */
static inline uint64_t rng_output(uint64_t s1)
{
    return rng_rotl(s1 * 5, 7) * 9;
}

static inline void rng_step(uint64_t *s0, uint64_t *s1, uint64_t *s2, uint64_t *s3)
{
    const uint64_t t = *s1 << 17;
    *s2 ^= *s0;
    *s3 ^= *s1;
    *s1 ^= *s2;
    *s0 ^= *s3;
    *s2 ^= t;
    *s3 = rng_rotl(*s3, 45);
}

/* Next 64 random bits (xoshiro256**). */
static inline uint64_t rng_next(rng_t *r)
{
    uint64_t *s = r->s;
    const uint64_t result = rng_output(s[1]);
    rng_step(&s[0], &s[1], &s[2], &s[3]);
    return result;
}

/* Uniform integer in 0..n-1 from the 32 random bits u, exactly unbiased
 * (Lemire 2019: multiply-shift with rejection, so no division on the common
 * path); a rejected u is replaced by the high half of the next output.
 * n >= 1. */
static inline uint32_t rng_bounded(rng_t *r, uint32_t u, uint32_t n)
{
    uint64_t m = (uint64_t)u * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Uniform integer in 0..n-1 from the high half of the next output.  n >= 1. */
static inline uint32_t rng_below(rng_t *r, uint32_t n)
{
    return rng_bounded(r, (uint32_t)(rng_next(r) >> 32), n);
}

/* Two independent uniform integers, *a in 0..na-1 and *b in 0..nb-1, from
 * one output: a from its high half, b from its low half (xoshiro256**'s
 * every bit is usable), each exactly as rng_below makes it from its half;
 * a's rejections, if any, are drawn before b's.  na, nb >= 1.  Half the
 * generator's work of two rng_below calls. */
static inline void rng_below_pair(rng_t *r, uint32_t na, uint32_t nb, uint32_t *a, uint32_t *b)
{
    const uint64_t u = rng_next(r);
    *a = rng_bounded(r, (uint32_t)(u >> 32), na);
    *b = rng_bounded(r, (uint32_t)u, nb);
}

/* dN: uniform on 1..n, like the game's random(n)+1.  n >= 1. */
static inline int rng_d(rng_t *r, int n)
{
    return (int)rng_below(r, (uint32_t)n) + 1;
}

/* Uniform integer in lo..hi inclusive (lo <= hi). */
static inline int rng_range(rng_t *r, int lo, int hi)
{
    return lo + (int)rng_below(r, (uint32_t)(hi - lo + 1));
}

/* True with probability num/den exactly (0 <= num <= den, den >= 1). */
static inline bool rng_chance(rng_t *r, int num, int den)
{
    return rng_d(r, den) <= num;
}

/* XdN+K: sum of x dice of n sides, plus k. */
int rng_dice(rng_t *r, int x, int n, int k);

/* Uniform double in [0,1) with 53 random bits. */
static inline double rng_uniform(rng_t *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

#endif
