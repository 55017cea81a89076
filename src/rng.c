/* rng.c - stream derivation and dice for rng.h.
 *
 * A stream's 256-bit state is four consecutive SplitMix64 outputs of a key
 * that mixes the master seed, the level index and the purpose.  Mixing the
 * key with rng_mix64 before the SplitMix64 walk keeps nearby (seed, index)
 * pairs far apart in state space.  The all-zero state, the one state
 * xoshiro must avoid, cannot come out of SplitMix64's four outputs.
 */
#include "rng.h"

#define SPLITMIX_GAMMA UINT64_C(0x9e3779b97f4a7c15)

void rng_set_state(rng_t *r, uint64_t s0, uint64_t s1, uint64_t s2, uint64_t s3)
{
    r->s[0] = s0;
    r->s[1] = s1;
    r->s[2] = s2;
    r->s[3] = s3;
}

void rng_stream(rng_t *r, uint64_t master, uint64_t index, rng_purpose_t purpose)
{
    uint64_t key = rng_mix64(master + SPLITMIX_GAMMA);
    key = rng_mix64(key ^ (index * UINT64_C(0xd1342543de82ef95)));
    key ^= (uint64_t)purpose * UINT64_C(0xa0761d6478bd642f);
    for (int i = 0; i < 4; i++) {
        key += SPLITMIX_GAMMA;
        r->s[i] = rng_mix64(key);
    }
}

int rng_dice(rng_t *r, int x, int n, int k)
{
    int sum = k;
    for (int i = 0; i < x; i++)
        sum += rng_d(r, n);
    return sum;
}
