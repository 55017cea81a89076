/* gskip.h - the draws of a cell search that cannot find a cell, made four
 * stretches at a time.
 *
 * A game search that no cell of its area can pass still makes all its
 * draws (docs/rules.md G52, H2): the stream must move exactly as they move
 * it, one output a cell (grandom.h's game_random_at) and a rejection's
 * extra outputs where Lemire's bound asks for them.  One draw after
 * another that is a chain of dependent steps of the generator.  xoshiro256**
 * steps its state by a linear map T over GF(2), so the state q steps on is
 * T^q applied to it: a table made once (gskip_make) gives T^q of any state
 * in 64 lookups.  The n draws are then four stretches of q, each run from
 * its own start (the state, T^q of it, T^2q, T^3q) side by side, a lane of
 * an AVX2 register each where the CPU path has it (cpu.h), else a plain C
 * twin; the state after them is the last stretch's end.  A stretch only
 * has to say whether any of its outputs might need a rejection's extra
 * draw (its product's low half below the range, less than once in 10^7
 * draws at these ranges); then those draws are made one by one again, as
 * gskip_cells_plain makes them, so the stream is the same in every case.
 */
#ifndef DRLSIM_GSKIP_H
#define DRLSIM_GSKIP_H

#include <stdint.h>

#include "rng.h"

#define GSKIP_LANES 4 /* the stretches run side by side */

typedef struct gskip {
    int q; /* the stretch: the table is T^q (0: no table, every draw one by one) */
    /* T^q as the XOR of the images of the state's 64 nibbles: nib[i][v] is
     * T^q of the state whose nibble i (bits 4i..4i+3 of the 256, word
     * i / 16) is v and every other bit 0 */
    uint64_t nib[64][16][4];
} gskip_t;

/* The table of T^q into j (q >= 1); a few milliseconds, once. */
void gskip_make(gskip_t *j, int q);

/* *r stepped q times (j->q): the state after q outputs. */
void gskip_jump(const gskip_t *j, rng_t *r);

/* n cell draws of a w x h area (w, h >= 1), one output each and a
 * rejection's extra outputs as rng_below_pair draws them, with no cell made
 * or tested: the stream moves exactly as gskip_cells_plain moves it. */
void gskip_cells(rng_t *r, uint32_t w, uint32_t h, int n, const gskip_t *j);

/* The same, one draw after another. */
void gskip_cells_plain(rng_t *r, uint32_t w, uint32_t h, int n);

#endif
