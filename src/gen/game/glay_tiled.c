/* glay_tiled.c - the tiled layout of game-0.10.10b (docs/rules.md H11-H13).
 *
 * [game-0.10.10b: bin/data/core/generator.lua:719-800] Plots A (two or
 * three full-height vertical walls), B (four banded horizontal walls) and
 * C (five mixed walls), each a wall line through a point ending on the next
 * wall or the ring, its point a door (grid_plot_wall's rule on bit rows and
 * columns, wallbits.h: by the parity of the points a line never meets a
 * door, so the game's blockset {wall} and drlsim's {wall, door} draw the
 * same).  Then the door candidates of every row from the plotted bit rows
 * (each row on its own: two rows a step on the AVX2 path, which makes the
 * room starts in the same pass), the walk down the rows that makes the
 * doors at once and fills the two lists, and the lists drawn without
 * replacement; the map's walls are written from the rows once, at the end,
 * and its doors from their list.  Then the room list (rooms.c's scan, by the
 * rows and columns) without the entries whose inside holds a wall (H12).
 * Every draw from the layout stream, in the game's order.
 */
#include "glay.h"

#include <assert.h>
#include <limits.h>

#include "cpu.h"
#include "rooms.h"
#include "wallbits.h"

/* [game-0.10.10b: generator.lua:743-761] the points: x = mul * d(die) + plus */
typedef struct axis {
    int mul, die, plus;
} axis_t;

static const axis_t A_Y = {2, 8, 2};                       /* even 4..18 */
static const axis_t A_TWO_X[2] = {{2, 11, 4}, {2, 11, 42}}; /* even 6..26, 44..64 */
#define A_THREE_WALLS 3
static const axis_t A_THREE_X[A_THREE_WALLS] = {
    {2, 7, 4}, {2, 15, 20}, {2, 7, 46}}; /* 6..18, 22..50, 48..60 */
#define A_TWO_DIE 3               /* with a d3 of 1 two verticals, else three */
#define B_WALLS 4                 /* four horizontals, x = 2*d6 + 20(i-1) + 3, */
static const axis_t B_X = {2, 6, 3};
#define B_X_STEP 20
static const axis_t B_Y = {4, 4, 1};                       /* y in 5, 9, 13, 17 */
#define C_WALLS 5                 /* five times a d3: */
#define C_DIE 3
#define C_HORIZONTAL_ON 3         /* 3 a horizontal, else a vertical */
static const axis_t C_H_X = {2, 37, 1}, C_H_Y = {2, 8, 1}; /* odd 3..75, odd 3..17 */
static const axis_t C_V_X = {2, 37, 2}, C_V_Y = {2, 6, 2}; /* even 4..76, even 4..14 */
/* [game-0.10.10b: generator.lua:763-797] the doors */
#define CAND_X1 2                 /* candidates in (2,2)-(77,19) */
#define CAND_Y1 2
#define CAND_X2 (GRID_W - 1)
#define CAND_Y2 (GRID_H - 1)
#define CAND_AT_ONCE_ABOVE 4      /* more than 4 walls around: a door at once */
#define CAND_PRIORITY_WALLS 4     /* exactly 4: the priority list, else normal */
#define CAND_CROSS_WALLS 2        /* a candidate's orthogonal walls */
_Static_assert(CAND_AT_ONCE_ABOVE - CAND_CROSS_WALLS == 2 &&
                   CAND_PRIORITY_WALLS - CAND_CROSS_WALLS == 2,
               "doors() tests 3 or 4 diagonal walls (at once) and exactly 2 (priority)");
#define PRIORITY_DOORS 8          /* 8 removals from the priority list, */
#define NORMAL_DOORS 4            /* then 4 from the normal list */
#define CAND_MAX (GRID_W * GRID_H)
#define PLOTS_MAX (A_THREE_WALLS + B_WALLS + C_WALLS)
#define DOORS_MAX (CAND_MAX + PLOTS_MAX) /* the doors, a plot's point listed again when
                                          * it was a door already */

/* The doors as they are made, by map index: the map's door cells are
 * written from this list at the end, a store each, instead of from the
 * door rows (a loop over each row's bits, whose end the CPU mispredicts
 * on most rows). */
typedef struct door_list {
    int n;
    uint16_t at[DOORS_MAX];
} door_list_t;

static int roll(rng_t *r, axis_t a)
{
    return a.mul * glay_dn(r, a.die) + a.plus;
}

/* A point, x drawn first, and its plot: the point is a door.  Inline,
 * always: each call has its axis known. */
static inline __attribute__((always_inline)) void plot(wallbits_t *w, door_list_t *dl,
                                                        rng_t *r, axis_t ax, axis_t ay,
                                                        bool horizontal)
{
    const int x = roll(r, ax), y = roll(r, ay);
    wallbits_plot(w, x, y, horizontal);
    dl->at[dl->n++] = (uint16_t)GRID_IDX(x, y);
}

/* A door among the 8 neighbours of (x, y), from the door rows (the cell
 * itself is a candidate, a wall, so counting it changes nothing). */
static bool door_around(const bitrow_t door[GRID_H + 2], int x, int y)
{
    return ((door[y - 1] | door[y] | door[y + 1]) >> (x - 1) & 7u) != 0;
}

/* The game's table.random_remove: one draw even from an empty list. */
static bool random_remove(rng_t *r, uint16_t *list, int *n, int *at)
{
    const int i = glay_random(r, *n > 0 ? *n : 0);
    if (*n == 0)
        return false;
    *at = list[i];
    list[i] = list[--*n]; /* the order left does not matter: each removal
                           * is uniform over what is left */
    return true;
}

/* Append row y's cells in `row` to list, left to right: each 64-cell half
 * on its own (a 128-bit step costs twice a 64-bit one). */
static int append_row(uint16_t *list, int n, bitrow_t row, int y)
{
    const int base = GRID_IDX(0, y);
    for (uint64_t lo = (uint64_t)row; lo; lo &= lo - 1)
        list[n++] = (uint16_t)(base + __builtin_ctzll(lo));
    for (uint64_t hi = (uint64_t)(row >> 64); hi; hi &= hi - 1)
        list[n++] = (uint16_t)(base + 64 + __builtin_ctzll(hi));
    return n;
}

/* Bit x set where exactly two of the four bits a, b, c, d are set. */
static inline bitrow_t two_of_four(bitrow_t a, bitrow_t b, bitrow_t c, bitrow_t d)
{
    const bitrow_t s1 = a ^ b, c1 = a & b, s2 = c ^ d, c2 = c & d;
    return (s1 & s2) | ((c1 ^ c2) & ~(s1 | s2));
}

/* Bit x set where three or four of them are. */
static inline bitrow_t three_of_four(bitrow_t a, bitrow_t b, bitrow_t c, bitrow_t d)
{
    const bitrow_t s1 = a ^ b, c1 = a & b, s2 = c ^ d, c2 = c & d;
    return (c1 & c2) | ((c1 | c2) & (s1 | s2));
}

/* A door row's cells and their left and right neighbours. */
static inline bitrow_t widen(bitrow_t row)
{
    return row | row << 1 | row >> 1;
}

/* [decision] The list's order after a removal: the game shifts the later
 * entries down; drlsim moves the last entry into the gap.  Either way the
 * next removal is uniform over the entries left, so the doors drawn have
 * the same distribution (not the same draws).
 *
 * The candidates of a row at once, from the wall and door bit rows
 * (bit x: cell x; the row's west neighbours are the row shifted up one bit,
 * its east ones shifted down).  The plots leave only floor, wall and door
 * on the map, so for a cell with no door among its 8 neighbours "exactly 2
 * wall and 2 floor of the 4 orthogonal cells" is "exactly 2 of them wall"
 * (the door rows alone, no floor rows, are read); with 2 orthogonal walls, a
 * candidate has more than 4 walls around when 3 or 4 of its diagonals are
 * wall, exactly 4 when 2 are.  A door made at once is seen only by the
 * candidates after it that touch it (its row's next cell, the next row's
 * three below), and each of them is then skipped, so no other candidate's
 * counts change: the rows read at the start stay exact, and a row's doors
 * made at once only mask the cell after each and the row below. */
static void door_at(int x, int y, bitrow_t wall[GRID_H + 2], bitrow_t door[GRID_H + 2],
                    door_list_t *dl)
{
    const bitrow_t bit = wallbits_bit_at(x);
    wall[y] &= ~bit;
    door[y] |= bit;
    dl->at[dl->n++] = (uint16_t)GRID_IDX(x, y);
}

/* The normal list, in its order, without writing it out: the candidates
 * are bit rows (the list as made is their cells in row-major order, as
 * append_row would write them), and the removals' moves (random_remove
 * moves the last entry into the gap) are a short log of which original
 * entry each moved-to position now holds.  An entry's cell is looked up
 * only when it is drawn: four draws a level against a list of some two
 * hundred cells.  The lookups have no branch whose outcome is random: the
 * log is read whole (its unused slots hold no position), and the row by
 * halving over the rows' running ends. */
#define ROWLIST_ROWS (CAND_Y2 - CAND_Y1 + 1)
#define ROWLIST_SPAN 32 /* the least power of two not below ROWLIST_ROWS */
_Static_assert(ROWLIST_SPAN >= ROWLIST_ROWS && ROWLIST_SPAN / 2 < ROWLIST_ROWS,
               "ROWLIST_SPAN is the rows' least power of two");
typedef struct rowlist {
    const bitrow_t *row;        /* row i: map row CAND_Y1 + i (cand_rows_t.norm) */
    int end[ROWLIST_SPAN];      /* the entries of rows 0..i; INT_MAX past the rows */
    int n;                      /* the entries left */
    int nmoved;
    int moved_pos[NORMAL_DOORS], moved_from[NORMAL_DOORS];
} rowlist_t;

/* The original entry at position p: the latest move into p, else p. */
static inline int rowlist_entry(const rowlist_t *l, int p)
{
    int e = p;
    for (int k = 0; k < NORMAL_DOORS; k++)
        e = l->moved_pos[k] == p ? l->moved_from[k] : e;
    return e;
}

/* random_remove on the rows: the same draw, the same entry removed and
 * the same entry moved into its place. */
static bool rowlist_remove(rng_t *r, rowlist_t *l, int *at)
{
    const int i = glay_random(r, l->n > 0 ? l->n : 0);
    if (l->n == 0)
        return false;
    const int q = rowlist_entry(l, i);
    int y = 0; /* the rows whose entries end at or before q */
    for (int step = ROWLIST_SPAN / 2; step > 0; step /= 2)
        y += l->end[y + step - 1] <= q ? step : 0;
    const int before = y > 0 ? l->end[y - 1] : 0;
    *at = GRID_IDX(bitrow_select(l->row[y], q - before), CAND_Y1 + y);
    assert(l->nmoved < NORMAL_DOORS);
    l->moved_from[l->nmoved] = rowlist_entry(l, l->n - 1);
    l->moved_pos[l->nmoved] = i;
    l->nmoved++;
    l->n--;
    return true;
}

/* The candidates of every row as the plots left the map, no door made
 * yet, by what a candidate becomes (see doors()). */
typedef struct cand_rows {
    bitrow_t now[GRID_H + 2];  /* 3 or 4 diagonal walls: a door at once */
    bitrow_t prio[GRID_H + 2]; /* exactly 2: the priority list */
    bitrow_t norm[GRID_H + 2]; /* fewer: the normal list */
    int norm_count[GRID_H + 2]; /* the cells of norm[y] */
} cand_rows_t;

#define CAND_SPAN ((BITROW_BIT(CAND_X2 + 1) - 1) & ~(BITROW_BIT(CAND_X1) - 1))

/* Rows CAND_Y1..CAND_Y2 of c, each row on its own (no row's result is
 * another's input). */
static void candidates_plain(const bitrow_t wall[GRID_H + 2], const bitrow_t door[GRID_H + 2],
                             cand_rows_t *c)
{
    for (int y = CAND_Y1; y <= CAND_Y2; y++) {
        const bitrow_t up = wall[y - 1], mid = wall[y], down = wall[y + 1];
        const bitrow_t near = widen(door[y - 1] | door[y] | door[y + 1]);
        const bitrow_t cand = mid & CAND_SPAN & ~near & two_of_four(up, down, mid << 1, mid >> 1);
        const bitrow_t diag_ge3 = three_of_four(up << 1, up >> 1, down << 1, down >> 1);
        const bitrow_t diag_2 = two_of_four(up << 1, up >> 1, down << 1, down >> 1);
        c->now[y] = cand & diag_ge3;
        c->prio[y] = cand & diag_2; /* (diag_2 and diag_ge3 are disjoint) */
        c->norm[y] = cand & ~(diag_ge3 | diag_2);
        c->norm_count[y] = bitrow_popcount(c->norm[y]);
    }
}

#if CPU_SIMD
/* candidates_plain two rows at a time: a 256-bit register holds rows y and
 * y+1 (the bit rows are 16 bytes, contiguous), and the one-cell shifts
 * carry within each 128-bit lane, which is one row.  The same sums, the
 * same rows (test_reference holds the tiled layout against its reference on
 * every CPU path); docs/performance.md gives what it gains. */
CPU_AVX2_FN static inline __m256i t_load(const bitrow_t *r)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)r);
}
/* bit x of each row: bit x-1 (shl1) or bit x+1 (shr1) of the row */
CPU_AVX2_FN static inline __m256i t_shl1(__m256i v)
{
    return _mm256_or_si256(_mm256_slli_epi64(v, 1), _mm256_slli_si256(_mm256_srli_epi64(v, 63), 8));
}
CPU_AVX2_FN static inline __m256i t_shr1(__m256i v)
{
    return _mm256_or_si256(_mm256_srli_epi64(v, 1), _mm256_srli_si256(_mm256_slli_epi64(v, 63), 8));
}
/* two_of_four and three_of_four of the plain code, on both rows */
CPU_AVX2_FN static inline __m256i t_two(__m256i a, __m256i b, __m256i c, __m256i d)
{
    const __m256i s1 = _mm256_xor_si256(a, b), c1 = _mm256_and_si256(a, b);
    const __m256i s2 = _mm256_xor_si256(c, d), c2 = _mm256_and_si256(c, d);
    return _mm256_or_si256(_mm256_and_si256(s1, s2),
                           _mm256_andnot_si256(_mm256_or_si256(s1, s2), _mm256_xor_si256(c1, c2)));
}
CPU_AVX2_FN static inline __m256i t_three(__m256i a, __m256i b, __m256i c, __m256i d)
{
    const __m256i s1 = _mm256_xor_si256(a, b), c1 = _mm256_and_si256(a, b);
    const __m256i s2 = _mm256_xor_si256(c, d), c2 = _mm256_and_si256(c, d);
    return _mm256_or_si256(_mm256_and_si256(c1, c2),
                           _mm256_and_si256(_mm256_or_si256(c1, c2), _mm256_or_si256(s1, s2)));
}

/* The room starts (rooms_starts, rooms.h) come from the same pass over the
 * rows: the solid rows are read there anyway, and the doors made later are
 * solid already. */
#define START_INNER (((BITROW_BIT(GRID_W) - 1) >> 2) << 2) /* rooms.c: x 2..77 */

CPU_AVX2_FN static uint64_t candidates_avx2(const bitrow_t solid[GRID_H + 2],
                                            const bitrow_t door[GRID_H + 2],
                                            bitrow_t wall[GRID_H + 2], cand_rows_t *c,
                                            uint64_t start[ROOMS_START_WORDS])
{
    /* the wall rows: 2..GRID_H-1 with the candidates, the rest here */
    const int edge[4] = {0, 1, GRID_H, GRID_H + 1};
    for (int k = 0; k < 4; k++)
        wall[edge[k]] = solid[edge[k]] & ~door[edge[k]];
    _Static_assert(sizeof(bitrow_t) == 16 && (CAND_Y2 - CAND_Y1 + 1) % 2 == 0,
                   "two 16-byte rows per register, the rows in pairs");
    const bitrow_t span_row = CAND_SPAN;
    const __m256i span =
        _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)&span_row));
    const bitrow_t inner_row = START_INNER, border_row = BITROW_BIT(1);
    const __m256i inner =
        _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)&inner_row));
    const __m256i border =
        _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)&border_row));
    _Static_assert(CAND_Y1 == 2 && CAND_Y2 == GRID_H - 1,
                   "the candidates' rows are the starts' rows 2..GRID_H-1");
    /* starts of row 1: solid below, or the left border rule */
    const bitrow_t st1 = (solid[2] & START_INNER) | ((solid[1] >> 1) & border_row);
    start[2] = (uint64_t)st1;
    start[3] = (uint64_t)(st1 >> 64);
    uint64_t left = (uint64_t)(start[2] != 0) << 2 | (uint64_t)(start[3] != 0) << 3;
    /* rows y-1 and y of a pair are rows y+1 and y+2 of the pair before:
     * its door rows, wall rows and their shifts are handed on (the stores
     * between the pairs would make the compiler load them again) */
    __m256i du = t_load(&door[CAND_Y1 - 1]);
    __m256i up = _mm256_andnot_si256(du, t_load(&solid[CAND_Y1 - 1]));
    __m256i ul = t_shl1(up), ur = t_shr1(up);
    __m256i solid_up = t_load(&solid[CAND_Y1 - 1]);
#pragma GCC unroll 9
    for (int y = CAND_Y1; y <= CAND_Y2; y += 2) {
        const __m256i dm = t_load(&door[y]), dd = t_load(&door[y + 1]);
        const __m256i here = t_load(&solid[y]), mid = _mm256_andnot_si256(dm, here);
        const __m256i solid_down = t_load(&solid[y + 1]);
        const __m256i down = _mm256_andnot_si256(dd, solid_down);
        _mm256_storeu_si256((__m256i *)(void *)&wall[y], mid);
        const __m256i d3 = _mm256_or_si256(_mm256_or_si256(du, dm), dd);
        const __m256i near = _mm256_or_si256(d3, _mm256_or_si256(t_shl1(d3), t_shr1(d3)));
        const __m256i ortho = t_two(up, down, t_shl1(mid), t_shr1(mid));
        const __m256i cand =
            _mm256_andnot_si256(near, _mm256_and_si256(_mm256_and_si256(mid, span), ortho));
        const __m256i dl = t_shl1(down), dr = t_shr1(down);
        const __m256i ge3 = t_three(ul, ur, dl, dr), two = t_two(ul, ur, dl, dr);
        _mm256_storeu_si256((__m256i *)(void *)&c->now[y], _mm256_and_si256(cand, ge3));
        _mm256_storeu_si256((__m256i *)(void *)&c->prio[y], _mm256_and_si256(cand, two));
        const __m256i norm = _mm256_andnot_si256(_mm256_or_si256(ge3, two), cand);
        _mm256_storeu_si256((__m256i *)(void *)&c->norm[y], norm);
        c->norm_count[y] = __builtin_popcountll((uint64_t)_mm256_extract_epi64(norm, 0)) +
                           __builtin_popcountll((uint64_t)_mm256_extract_epi64(norm, 1));
        c->norm_count[y + 1] = __builtin_popcountll((uint64_t)_mm256_extract_epi64(norm, 2)) +
                               __builtin_popcountll((uint64_t)_mm256_extract_epi64(norm, 3));
        /* starts of rows y, y+1: the interior rules, then the left border rule */
        const __m256i right = t_shr1(here);
        const __m256i closed = _mm256_or_si256(t_shl1(here), solid_up);
        const __m256i st = _mm256_or_si256(
            _mm256_and_si256(_mm256_and_si256(right, solid_down), _mm256_and_si256(closed, inner)),
            _mm256_and_si256(right, border));
        _mm256_storeu_si256((__m256i *)(void *)&start[2 * y], st);
        const int zero = _mm256_movemask_pd(
            _mm256_castsi256_pd(_mm256_cmpeq_epi64(st, _mm256_setzero_si256())));
        left |= (uint64_t)(zero ^ 15) << (2 * y);
        du = dd;
        up = down;
        ul = dl;
        ur = dr;
        solid_up = solid_down;
    }
    return left;
}
#endif

/* The wall rows (solid without the doors), candidates_plain and the room
 * starts of the solid rows (rooms_starts), by the path in force (cpu.h);
 * returns the starts' word mask. */
static uint64_t candidates(const bitrow_t solid[GRID_H + 2], const bitrow_t door[GRID_H + 2],
                           bitrow_t wall[GRID_H + 2], cand_rows_t *c,
                           uint64_t start[ROOMS_START_WORDS])
{
#if CPU_SIMD
    if (cpu_uses(CPU_AVX2))
        return candidates_avx2(solid, door, wall, c, start);
#endif
    for (int y = 0; y < GRID_H + 2; y++)
        wall[y] = solid[y] & ~door[y];
    candidates_plain(wall, door, c);
    return rooms_starts(solid, start);
}

/* wall and door: the plotted wall and door cells as bit rows, kept as the
 * doors are made (a door stays solid: the solid rows and columns do not
 * change).  The candidates as read from the plotted rows (candidates()),
 * then the row-by-row walk: a row loses the cells next to the doors made
 * at once in the row above, its doors at once are made left to right
 * (the cell right of one just made is skipped, and leaves the lists), and
 * the rest go to the lists in row-major order. */
static void doors(rng_t *r, bitrow_t wall[GRID_H + 2], bitrow_t door[GRID_H + 2],
                  door_list_t *dl, cand_rows_t *c)
{
    uint16_t prio[CAND_MAX];
    int np = 0;
    rowlist_t norm;
    norm.row = &c->norm[CAND_Y1];
    norm.n = norm.nmoved = 0;
    for (int k = 0; k < NORMAL_DOORS; k++)
        norm.moved_pos[k] = -1; /* no position */
    for (int k = ROWLIST_ROWS; k < ROWLIST_SPAN; k++)
        norm.end[k] = INT_MAX;
    bitrow_t made_above = 0; /* the doors made at once in the row above */
    for (int y = CAND_Y1; y <= CAND_Y2; y++) {
        bitrow_t keep = ~(bitrow_t)0, made = 0;
        int count = c->norm_count[y];
        if (made_above | c->now[y]) { /* a few rows a level */
            keep = ~widen(made_above);
            for (bitrow_t now = c->now[y] & keep; now; now &= now - 1) {
                const int x = bitrow_ctz(now);
                if (!(made & BITROW_BIT(x - 1))) {
                    made |= BITROW_BIT(x);
                    door_at(x, y, wall, door, dl);
                }
            }
            keep &= ~(made << 1);
            c->norm[y] &= keep;
            count = bitrow_popcount(c->norm[y]);
        }
        np = append_row(prio, np, c->prio[y] & keep, y);
        norm.n += count;
        norm.end[y - CAND_Y1] = norm.n;
        made_above = made;
    }
    for (int i = 0; i < PRIORITY_DOORS; i++) {
        int at;
        if (random_remove(r, prio, &np, &at) &&
            !door_around(door, at % GRID_STRIDE, at / GRID_STRIDE))
            door_at(at % GRID_STRIDE, at / GRID_STRIDE, wall, door, dl);
    }
    for (int i = 0; i < NORMAL_DOORS; i++) {
        int at;
        if (rowlist_remove(r, &norm, &at) && !door_around(door, at % GRID_STRIDE, at / GRID_STRIDE))
            door_at(at % GRID_STRIDE, at / GRID_STRIDE, wall, door, dl);
    }
}

/* [game-0.10.10b: generator.lua:430-433] drop an entry whose inside (the
 * rectangle shrunk by one) holds a wall-set cell; [decision:
 * GLAY10_ROOM_FILTER] applied and counted, though a tiled map (every face a
 * rectangle) never gives one.  The inside's solid cells (wall or door) are
 * looked for first, by its columns (bit y of col[x]; two columns a load,
 * where a 128-bit row is two): an inside with none holds no wall, and one
 * with some is read again by its wall rows. */
static void filter_rooms(level_t *lv, const bitrow_t walls[GRID_H + 2],
                         const uint32_t col[GRID_STRIDE])
{
    _Static_assert(GRID_H < 32, "a column's rows fit in 32 bits");
    int kept = 0;
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t *m = &lv->rooms[i];
        /* the inside's rows m->y+1 .. m->y+m->h-2 as a column's bits (the
         * scan's rooms have both sides at least 2: an edge past the start) */
        const uint32_t rows = (UINT32_C(1) << (m->y + m->h - 1)) - (UINT32_C(1) << (m->y + 1));
        const int x1 = m->x + 1, n = m->w - 2; /* the inside's columns x1 .. x1+n-1 */
        uint64_t pair = n & 1 ? col[x1 + n - 1] : 0;
        for (int k = 0; k + 1 < n; k += 2) {
            uint64_t v;
            memcpy(&v, &col[x1 + k], sizeof v); /* columns x1+k and x1+k+1, either order */
            pair |= v;
        }
        bool drop = false;
        if (((uint32_t)pair | (uint32_t)(pair >> 32)) & rows) {
            const bitrow_t cols = (BITROW_BIT(x1 + n) - 1) & ~(BITROW_BIT(x1) - 1);
            bitrow_t any = 0;
            for (int y = m->y + 1; y < m->y + m->h - 1; y++)
                any |= walls[y];
            drop = (any & cols) != 0;
        }
        if (drop)
            lv->obs.game.rooms_dropped++;
        else
            lv->rooms[kept++] = *m;
    }
    lv->nrooms = kept;
}

void glay10_tiled(layout_ctx_t *ctx, const glay_tables_t *t)
{
    (void)t; /* the layout's numbers are the game's code, none a table */
    level_t *lv = ctx->lv;
    grid_t *g = &lv->map;
    rng_t *r = ctx->layout;
    wallbits_t w;
    wallbits_clear(&w);
    door_list_t dl;
    dl.n = 0;
    int plots = 0;
    if (glay_dn(r, A_TWO_DIE) == 1) {
        for (int i = 0; i < 2; i++, plots++)
            plot(&w, &dl, r, A_TWO_X[i], A_Y, false);
    } else {
        for (int i = 0; i < A_THREE_WALLS; i++, plots++)
            plot(&w, &dl, r, A_THREE_X[i], A_Y, false);
    }
    for (int i = 0; i < B_WALLS; i++, plots++) {
        const axis_t bx = {B_X.mul, B_X.die, B_X.plus + B_X_STEP * i};
        plot(&w, &dl, r, bx, B_Y, true);
    }
    for (int i = 0; i < C_WALLS; i++, plots++) {
        if (glay_dn(r, C_DIE) == C_HORIZONTAL_ON)
            plot(&w, &dl, r, C_H_X, C_H_Y, true);
        else
            plot(&w, &dl, r, C_V_X, C_V_Y, false);
    }
    /* The wall rows (solid without the doors) the doors step keeps, and
     * the filter's wall set (wall or box: the map has no box before its
     * population); the doors step's doors are solid already, so the solid
     * rows and columns are the room scan's as they are. */
    bitrow_t wall[GRID_H + 2], door[GRID_H + 2];
    memcpy(door, w.door, sizeof door); /* by memcpy: the plots wrote 64-bit halves */
    cand_rows_t cands;
    uint64_t start[ROOMS_START_WORDS];
    const uint64_t start_left = candidates(w.solid, door, wall, &cands, start);
    doors(r, wall, door, &dl, &cands);
    lv->obs.walls = (uint8_t)plots;
    wallbits_map(g, w.solid);
    for (int i = 0; i < dl.n; i++)
        g->c[dl.at[i]] = CELL_DOOR;
    rooms_scan_starts(lv, w.solid, w.col, start, start_left);
    filter_rooms(lv, wall, w.col);
    if (ctx->p->layout_only)
        ctx->doors = grid_count(g, CELL_DOOR);
}
