/* rng.c - stream derivation and dice for rng.h.
 *
 * A stream's 256-bit state is four consecutive SplitMix64 outputs of a key
 * that mixes the master seed, the level index and the purpose.  Mixing the
 * key with rng_mix64 before the SplitMix64 walk keeps nearby (seed, index)
 * pairs far apart in state space.  The all-zero state, the one state
 * xoshiro must avoid, cannot come out of SplitMix64's four outputs.
 */
#include "rng.h"

void rng_set_state(rng_t *r, uint64_t s0, uint64_t s1, uint64_t s2, uint64_t s3)
{
    r->s[0] = s0;
    r->s[1] = s1;
    r->s[2] = s2;
    r->s[3] = s3;
}

void rng_stream(rng_t *r, uint64_t master, uint64_t index, rng_purpose_t purpose)
{
    rng_stream_keyed(r, rng_level_key(master, index), purpose);
}

int rng_dice(rng_t *r, int x, int n, int k)
{
    int sum = k;
    for (int i = 0; i < x; i++)
        sum += rng_d(r, n);
    return sum;
}
