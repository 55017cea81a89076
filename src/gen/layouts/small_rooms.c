/* small_rooms.c - the small-rooms ("archi") layout (docs/rules.md §3 Small rooms).
 *
 * The map is filled with wall, then cut into a 4x3 grid of 19x7 sections
 * placed every 18 columns and 6 rows from (3,1), so neighbouring sections
 * share their wall line: 4*18+1 = 73 columns (x 3..75) and 3*6+1 = 19 rows
 * (y 1..19).  Columns 1-2 and 76-78 and row 20 lie outside every section and
 * stay wall, as the game's initial wall fill leaves them.  Each section takes
 * one of the twelve sublayouts of data/smallrooms.txt uniformly (repeats
 * allowed), mirrored left-right and top-bottom by two independent coin flips.
 * The outer frame's doors (x = 3 or 75, y = 1 or 19) would open onto the
 * solid margin or the border, so they become wall.  No room list.  The
 * picks and the door cells left outside the frame's inside go to the
 * observation record for the layout checks.
 * Water: a river roll (1/4), then always the ruleset's fluid passes (one),
 * whose walks stay inside (4,2)-(74,18) [game].
 */
#include "layouts.h"
#include "walled.h"

#include <assert.h>
#include <string.h>

#include "cpu.h"
#include "tables.h"
#include "water.h"

/* [game] section grid: origin, pitch (the shared wall line makes the pitch one
 * less than the section size) */
#define SMALL_ORIGIN_X 3
#define SMALL_ORIGIN_Y 1
#define SMALL_PITCH_X (SMALL_BLOCK_W - 1)
#define SMALL_PITCH_Y (SMALL_BLOCK_H - 1)
/* The outer frame of the section grid: x 3..75, y 1..19. */
#define SMALL_FRAME_X1 SMALL_ORIGIN_X
#define SMALL_FRAME_Y1 SMALL_ORIGIN_Y
#define SMALL_FRAME_X2 (SMALL_ORIGIN_X + SMALL_SECTIONS_X * SMALL_PITCH_X)
#define SMALL_FRAME_Y2 (SMALL_ORIGIN_Y + SMALL_SECTIONS_Y * SMALL_PITCH_Y)
/* [decision] mirroring: two independent fair coins, x first, so each of the
 * four orientations (none, x, y, both) has probability 1/4 */
#define SMALL_FLIP_NUM 1
#define SMALL_FLIP_DEN 2
#define SMALL_LAYOUT_VARIANT 0

int small_rooms_section_x(int i)
{
    return SMALL_ORIGIN_X + i * SMALL_PITCH_X;
}

int small_rooms_section_y(int j)
{
    return SMALL_ORIGIN_Y + j * SMALL_PITCH_Y;
}

static void place_section(grid_t *g, const walled_data_t *d, int ox, int oy,
                          const small_rooms_pick_t *p)
{
    /* a row at a time, from the block or its mirror image (made at load),
     * top down or (flip_y) bottom up: the first row and the step are
     * numbers, since a test of the coin in the loop is a branch that half
     * of the sections mispredict */
    const uint8_t(*b)[SMALL_BLOCK_W] = p->flip_x ? d->small_mirror[p->block] : d->small[p->block];
    const int flip = p->flip_y != 0, step = 1 - 2 * flip;
    const uint8_t *row = b[flip * (SMALL_BLOCK_H - 1)];
    for (int dy = 0; dy < SMALL_BLOCK_H; dy++, row += step * SMALL_BLOCK_W)
        memcpy(&g->c[GRID_IDX(ox, oy + dy)], row, SMALL_BLOCK_W);
}

/* (x, y) wall if it is a door, by a select: whether a frame cell holds a
 * door varies from level to level */
static void door_to_wall(grid_t *g, int x, int y)
{
    uint8_t *c = &g->c[GRID_IDX(x, y)];
    *c = *c == CELL_DOOR ? (uint8_t)CELL_WALL : *c;
}

/* [decision] "doors that would lead off the map": every door on the outer
 * frame of the section grid.  Those on y = 1 sit on the border ring; those
 * on y = 19 open onto the border row 20; those on x = 3 and x = 75 open onto
 * the solid margin columns 1-2 and 76-78, which nothing ever carves. */
static void close_frame_doors(grid_t *g)
{
    /* the frame's rows are contiguous: a select per byte, no branches */
    for (int y = SMALL_FRAME_Y1; y <= SMALL_FRAME_Y2; y += SMALL_FRAME_Y2 - SMALL_FRAME_Y1) {
        uint8_t *c = &g->c[GRID_IDX(0, y)];
        for (int x = SMALL_FRAME_X1; x <= SMALL_FRAME_X2; x++)
            c[x] = c[x] == CELL_DOOR ? (uint8_t)CELL_WALL : c[x];
    }
    for (int y = SMALL_FRAME_Y1; y <= SMALL_FRAME_Y2; y++) {
        door_to_wall(g, SMALL_FRAME_X1, y);
        door_to_wall(g, SMALL_FRAME_X2, y);
    }
}

void small_rooms_draw(level_t *lv, rng_t *r, const walled_data_t *d,
                      small_rooms_pick_t picks[SMALL_SECTIONS])
{
    static_assert(SMALL_FRAME_X2 < GRID_W && SMALL_FRAME_Y2 < GRID_H,
                  "the section grid lies inside the map's border ring");
    grid_t *g = &lv->map;
    grid_fill(g, CELL_WALL);
    lv->obs.sections = 0; /* observed: the sections drawn */
    /* Row-major from the top left.  Shared wall lines are written twice; all
     * twelve frames are the same under every mirroring, so the order of
     * overwriting does not matter (tests/test_walled_layouts.c checks). */
    for (int j = 0; j < SMALL_SECTIONS_Y; j++) {
        for (int i = 0; i < SMALL_SECTIONS_X; i++) {
            small_rooms_pick_t p;
            p.block = (uint8_t)rng_below(r, SMALL_BLOCKS);
            p.flip_x = rng_chance(r, SMALL_FLIP_NUM, SMALL_FLIP_DEN);
            p.flip_y = rng_chance(r, SMALL_FLIP_NUM, SMALL_FLIP_DEN);
            place_section(g, d, small_rooms_section_x(i), small_rooms_section_y(j), &p);
            lv->obs.section_pick[j * SMALL_SECTIONS_X + i] =
                (uint8_t)(p.block | (p.flip_x ? OBS_FLIP_X : 0) | (p.flip_y ? OBS_FLIP_Y : 0));
            lv->obs.section_walls[j * SMALL_SECTIONS_X + i] = d->small_inner[p.block];
            lv->obs.sections++;
            if (picks)
                picks[j * SMALL_SECTIONS_X + i] = p;
        }
    }
    close_frame_doors(g);
    grid_border(g);
}

/* The door cells on or outside the outer frame of the section grid (all
 * but x 4..74, y 2..18): where a door would lead off the map.  Read from
 * the layout's map, for the layout checks: with SSE2 sixteen cells a compare
 * (whole rows above and below the frame's inside, the chunks holding x 0..3
 * and x 75..79 beside it, the padding being wall), else cell by cell
 * (test_walled_layouts holds the two equal). */
_Static_assert(SMALL_FRAME_X1 < 16 && SMALL_FRAME_X2 >= 64 && GRID_STRIDE == 80,
               "the margins beside the frame's inside lie in a row's first and last 16 bytes");
int small_rooms_doors_outside(const grid_t *g)
{
    int n = 0;
#if CPU_SIMD
    if (cpu_uses(CPU_SSE2)) {
        const __m128i door = _mm_set1_epi8(CELL_DOOR);
        const __m128i at = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        const __m128i left = _mm_cmplt_epi8(at, _mm_set1_epi8(SMALL_FRAME_X1 + 1));
        const __m128i right = _mm_cmpgt_epi8(at, _mm_set1_epi8(SMALL_FRAME_X2 - 64 - 1));
        __m128i count = _mm_setzero_si128(); /* per byte: at most 3 * 5 + 17 * 2 hits */
        for (int y = 1; y <= GRID_H; y++) {
            const uint8_t *c = &g->c[GRID_IDX(0, y)];
            if (y <= SMALL_FRAME_Y1 || y >= SMALL_FRAME_Y2) {
#define HITS(i) _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(c + (i))), door)
                for (int i = 0; i < GRID_STRIDE; i += 16)
                    count = _mm_sub_epi8(count, HITS(i));
            } else {
                count = _mm_sub_epi8(count, _mm_and_si128(HITS(0), left));
                count = _mm_sub_epi8(count, _mm_and_si128(HITS(64), right));
#undef HITS
            }
        }
        const __m128i sum = _mm_sad_epu8(count, _mm_setzero_si128());
        n = _mm_cvtsi128_si32(sum) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(sum, sum));
        return n;
    }
#endif
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            const bool inside = x > SMALL_FRAME_X1 && x < SMALL_FRAME_X2 && y > SMALL_FRAME_Y1 &&
                                y < SMALL_FRAME_Y2;
            n += !inside && g->c[GRID_IDX(x, y)] == CELL_DOOR;
        }
    return n;
}

_Static_assert(SMALL_SECTIONS == OBS_SECTIONS && SMALL_BLOCKS < OBS_FLIP_X,
               "a section's pick fits obs.section_pick");

void layout_small_rooms(layout_ctx_t *ctx)
{
    const walled_data_t *d = ctx->p->tables->walled;
    ctx->lv->obs.layout_variant = SMALL_LAYOUT_VARIANT;
    if (!d) {
        /* Broken data (already reported once): an all-wall map, which the
         * population step counts as FAIL_NO_FLOOR. */
        grid_fill(&ctx->lv->map, CELL_WALL);
        return;
    }
    small_rooms_draw(ctx->lv, ctx->layout, d, NULL);
    obs_t *o = &ctx->lv->obs;
    const int outside = small_rooms_doors_outside(&ctx->lv->map);
    o->frame_doors = (uint8_t)(outside < UINT8_MAX ? outside : UINT8_MAX);
    /* its river and fluid pass: the pipeline's water step (water_small_rooms) */
}
