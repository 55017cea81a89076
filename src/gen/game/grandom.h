/* grandom.h - the game's Random(n) and its cell draw, as the fast game code
 * (layouts, water, population) makes them (docs/rules.md G4, G5).
 *
 * Random(n) is uniform on 0..n-1; Random(0) is 0 and Random(n < 0) a value
 * in n+1..0, each still one draw.  A cell's two coordinates, x then y, come
 * from one output of the stream (rng_below_pair) when both ranges are
 * positive [decision: GAME_CELL_ONE_OUTPUT]: the same numbers as two draws
 * would give, with half the generator's work.
 */
#ifndef DRLSIM_GRANDOM_H
#define DRLSIM_GRANDOM_H

#include "rng.h"

/* [decision: GAME_CELL_ONE_OUTPUT] 1: a cell's x and y are the two halves of
 * one output (docs/rules.md G5); 0: two draws. */
#define GAME_CELL_ONE_OUTPUT 1

/* The game's Random(n).  Inline: with n known the sign tests vanish. */
static inline int game_random(rng_t *r, int n)
{
    if (n > 0)
        return (int)rng_below(r, (uint32_t)n);
    if (n == 0) {
        (void)rng_next(r); /* [game] Random(0) is 0 and still uses a draw */
        return 0;
    }
    /* [decision] Random(n < 0) lies in n+1..0 [game]; which value there is
     * is left to the run-time library.  The one use (lava quads of height
     * 17 or 18) clamps the result away, so any choice draws the same map:
     * ours is uniform. */
    return -(int)rng_below(r, (uint32_t)(-n));
}

/* x0 + Random(nx) as *x, then y0 + Random(ny) as *y: a cell drawn from
 * the corner (x0, y0).  One output for both when both ranges are positive,
 * else two game_random draws. */
static inline void game_random_at(rng_t *r, int x0, int nx, int y0, int ny, int *x, int *y)
{
    if (GAME_CELL_ONE_OUTPUT && nx > 0 && ny > 0) {
        uint32_t a, b;
        rng_below_pair(r, (uint32_t)nx, (uint32_t)ny, &a, &b);
        *x = x0 + (int)a;
        *y = y0 + (int)b;
    } else {
        *x = x0 + game_random(r, nx);
        *y = y0 + game_random(r, ny);
    }
}

/* A step of the game's drunkard walk: *dx then *dy, each Random(3) - 1,
 * exactly as game_random_at(r, -1, 3, -1, 3, dx, dy) makes them.  Random(3)
 * rejects a 32-bit half only where the low half of its product by 3 is 0
 * (rng_bounded's threshold, 2^32 mod 3, is 1): the output is looked at
 * before it is drawn, and in that case, about once in 2^31 steps,
 * game_random_at makes the step and its extra draws itself.  Otherwise the
 * step is one output with no branch on its value. */
static inline void game_random_shift(rng_t *r, int *dx, int *dy)
{
    const uint64_t out = rng_output(r->s[1]); /* the next output, not drawn yet */
    const uint64_t mx = (out >> 32) * 3, my = (uint64_t)(uint32_t)out * 3;
    if (__builtin_expect(((uint32_t)mx == 0) | ((uint32_t)my == 0), 0)) {
        game_random_at(r, -1, 3, -1, 3, dx, dy);
        return;
    }
    (void)rng_next(r);
    *dx = (int)(mx >> 32) - 1;
    *dy = (int)(my >> 32) - 1;
}

#endif
