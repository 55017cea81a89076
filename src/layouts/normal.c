/* normal.c - the classic layout: ten plotted walls, extra doors, room scan.
 *
 * RULES.md §3 Normal.  Walls are plotted with grid_plot_wall; the first two
 * are vertical (one per half of the map), the next three horizontal, the
 * last five horizontal with probability 1/3.  Each wall draws its
 * orientation (walls 6-10), then x, then y.  Then eight extra-door attempts
 * on wall cells with exactly two wall neighbours, then the room list.
 * The single-monster type uses this layout unchanged.
 */
#include "layouts.h"

#include "../rooms.h"
#include "../water.h"

/* [wiki] wall counts and ranges; [game] y range of the later vertical walls. */
#define NORMAL_FIRST_HORIZONTAL 2  /* walls 3-5 (0-based 2..4) are horizontal */
#define NORMAL_FIRST_RANDOM 5      /* walls 6-10 pick their axis */
#define NORMAL_HORIZONTAL_NUM 1    /* [wiki] later walls horizontal 1/3 */
#define NORMAL_HORIZONTAL_DEN 3
#define WALL1_X_MIN 4              /* [wiki] wall 1: x even 4..36 */
#define WALL1_X_MAX 36
#define WALL2_X_MIN 38             /* [wiki] wall 2: x even 38..70 */
#define WALL2_X_MAX 70
#define FIRST_V_Y_MIN 4            /* [wiki] walls 1-2: y even 4..18 */
#define FIRST_V_Y_MAX 18
#define LATER_V_X_MIN 4            /* [wiki] later vertical walls: x even 4..76 */
#define LATER_V_X_MAX 76
#define LATER_V_Y_MIN 4            /* [game] y even 4..14 */
#define LATER_V_Y_MAX 14
#define H_X_MIN 3                  /* [wiki] horizontal walls: x odd 3..75, y odd 3..17 */
#define H_X_MAX 75
#define H_Y_MIN 3
#define H_Y_MAX 17
#define EXTRA_DOOR_TRIES 8         /* [game]; candidates have exactly 2 wall neighbours */

/* Uniform even (or odd) value in lo..hi, lo and hi of that parity. */
static inline int pick_step2(rng_t *r, int lo, int hi)
{
    return lo + 2 * (int)rng_below(r, (uint32_t)((hi - lo) / 2 + 1));
}

static point_t plot_vertical(grid_t *g, rng_t *r, int xlo, int xhi, int ylo, int yhi)
{
    int x = pick_step2(r, xlo, xhi);
    int y = pick_step2(r, ylo, yhi);
    grid_plot_wall(g, x, y, false);
    return (point_t){(uint8_t)x, (uint8_t)y};
}

static point_t plot_horizontal(grid_t *g, rng_t *r)
{
    int x = pick_step2(r, H_X_MIN, H_X_MAX);
    int y = pick_step2(r, H_Y_MIN, H_Y_MAX);
    grid_plot_wall(g, x, y, true);
    return (point_t){(uint8_t)x, (uint8_t)y};
}

static bool door_neighbour(const grid_t *g, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if ((dx || dy) && grid_get(g, x + dx, y + dy) == CELL_DOOR)
                return true;
    return false;
}

/* Wall cells (x 2..77, y 2..19) with exactly two wall cells among their 8
 * neighbours, as bit rows: the eight neighbour masks are added bitwise into
 * a count (bits s0, s1 and "4 or more" s2), then count == 2 is selected. */
static int door_candidates(const grid_t *g, bitrow_t cand[GRID_H + 2], int count[GRID_H + 2])
{
    const bitrow_t inner = ((BITROW_BIT(GRID_W) - 1) >> 2) << 2; /* x 2..77 */
    bitrow_t w[GRID_H + 2];
    grid_mask_rows(g, CELLSET(CELL_WALL), w);
    int n = 0;
    for (int y = 2; y < GRID_H; y++) {
        const bitrow_t m[8] = {w[y - 1] << 1, w[y - 1], w[y - 1] >> 1, w[y] << 1,
                               w[y] >> 1,     w[y + 1] << 1, w[y + 1], w[y + 1] >> 1};
        bitrow_t s0 = 0, s1 = 0, s2 = 0;
        for (int k = 0; k < 8; k++) {
            bitrow_t c0 = s0 & m[k];
            s0 ^= m[k];
            s2 |= s1 & c0;
            s1 ^= c0;
        }
        cand[y] = w[y] & inner & ~s0 & s1 & ~s2;
        count[y] = bitrow_popcount(cand[y]);
        n += count[y];
    }
    return n;
}

/* The k-th candidate in row-major order (y, then x ascending). */
static int nth_candidate(const bitrow_t cand[GRID_H + 2], const int count[GRID_H + 2], int k,
                         int *x)
{
    int y = 2;
    while (k >= count[y])
        k -= count[y++];
    bitrow_t r = cand[y];
    while (k--)
        r &= r - 1;
    *x = bitrow_ctz(r);
    return y;
}

static void extra_doors(grid_t *g, rng_t *r)
{
    bitrow_t cand[GRID_H + 2];
    int count[GRID_H + 2];
    int n = door_candidates(g, cand, count);
    if (n == 0)
        return;
    for (int i = 0; i < EXTRA_DOOR_TRIES; i++) {
        int x, y = nth_candidate(cand, count, (int)rng_below(r, (uint32_t)n), &x);
        if (!door_neighbour(g, x, y))
            grid_set(g, x, y, CELL_DOOR);
    }
}

void normal_walls(level_t *lv, rng_t *r, point_t plotted[NORMAL_WALLS])
{
    grid_t *g = &lv->map;
    point_t p[NORMAL_WALLS];
    grid_clear(g);
    p[0] = plot_vertical(g, r, WALL1_X_MIN, WALL1_X_MAX, FIRST_V_Y_MIN, FIRST_V_Y_MAX);
    p[1] = plot_vertical(g, r, WALL2_X_MIN, WALL2_X_MAX, FIRST_V_Y_MIN, FIRST_V_Y_MAX);
    for (int w = NORMAL_FIRST_HORIZONTAL; w < NORMAL_FIRST_RANDOM; w++)
        p[w] = plot_horizontal(g, r);
    for (int w = NORMAL_FIRST_RANDOM; w < NORMAL_WALLS; w++) {
        if (rng_chance(r, NORMAL_HORIZONTAL_NUM, NORMAL_HORIZONTAL_DEN))
            p[w] = plot_horizontal(g, r);
        else
            p[w] = plot_vertical(g, r, LATER_V_X_MIN, LATER_V_X_MAX, LATER_V_Y_MIN,
                                 LATER_V_Y_MAX);
    }
    extra_doors(g, r);
    if (plotted)
        for (int w = 0; w < NORMAL_WALLS; w++)
            plotted[w] = p[w];
}

void layout_normal(layout_ctx_t *ctx)
{
    normal_walls(ctx->lv, ctx->layout, NULL);
    rooms_scan(ctx->lv);
    water_standard(ctx);
}
