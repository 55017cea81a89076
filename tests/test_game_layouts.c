/* test_game_layouts.c - the game-0.9.9.7 layouts and water (src/gen/game/glay.h).
 *
 * Known answers of the data (data/game-0.9.9.7/): the arena's centre tiles
 * are 5x5, 7x5, 7x7, 9x7, 11x9, 11x9, 11x9 and its corner tiles 3x3, 4x4,
 * 5x5, 7x9, 22x7, 17x7, 18x8, each with one '>' at (1,1); the fluid bands
 * (<7 water, 7-11 acid, 12-16 lava d5-1, >=17 lava d5+3; caves <7, 7-11,
 * >=12).  The arena parser's errors name file:line.
 * Invariants over thousands of seeds per generator and dlevel: map 78x20,
 * border wall or CELL_EDGE, only the cells the generator draws; fluids:
 * the band's fluid, walk count and length in range, a one-walk pass sets at
 * most `length` cells (its start included), a walk's step (game_random_shift)
 * the game's two Random(3) draws, rejected halves included; rivers: counts,
 * widths, x and fluid in range, borders restored; caves: the band's fluid, the vertical
 * river drawn through (or, the game's off-by-one, just right of) an empty
 * cell of the cave; caves_2: at most 7 buildings, one door each, only its
 * lake fluid; lava: a permanent-lava border, the room list's entries wall
 * rings with one door off the corners; arena: four stairs in the four
 * mirrored corners, the corner tiles drawn mirrored, the centre box the
 * chosen scheme's tile, the scheme in its dlevel range, the start (38,10).
 * Statistics (chi-square, alpha 1e-5, fixed seeds; expected shares are the
 * game's dice, worked out in the comments): the river mix of
 * generate_rivers with and without horizontal rivers, the caves' river
 * 1/3 and its horizontal 1/3, the caves_2 lake fluid, the arena picks.
 */
#include <stdio.h>
#include <string.h>

#include "game/glay.h"
#include "level.h"
#include "ruleset.h"
#include "tables.h"
#include "testutil.h"

#define ALPHA 1e-5
#define BIT(k) (1u << (k))
#define FLUIDS (BIT(CELL_WATER) | BIT(CELL_ACID) | BIT(CELL_LAVA))

static const glay_tables_t *T;
static level_t lv;

typedef void (*glay_fn)(layout_ctx_t *, const glay_tables_t *);

static void fresh(int dlevel, int difficulty)
{
    memset(&lv, 0, sizeof lv);
    lv.dlevel = dlevel;
    lv.difficulty = difficulty;
    lv.obs.river_fluid = CELL_FLOOR;
    lv.obs.fluid_kind = CELL_FLOOR;
}

/* Run a layout on level `index` of `seed` with its own streams. */
static void run(glay_fn fn, int dlevel, int difficulty, uint64_t seed, uint64_t index,
                bool layout_only)
{
    static gen_params_t p;
    gen_params_default(&p, test_tables(RULESET_GAME));
    p.dlevel = dlevel;
    p.difficulty = difficulty;
    p.layout_only = layout_only;
    fresh(dlevel, difficulty);
    rng_t layout, water;
    rng_stream(&layout, seed, index, RNG_LAYOUT);
    rng_stream(&water, seed, index, RNG_WATER);
    layout_ctx_t ctx = {.lv = &lv, .p = &p, .rules = &p.tables->rules->type[0], .layout = &layout,
                        .water = &water, .doors = -1};
    fn(&ctx, T);
}

static void chisq(const char *what, const long *obs, const double *p, int k)
{
    double stat;
    int dof;
    double pv = test_chisq_p(obs, p, k, &stat, &dof);
    CHECK(pv > ALPHA, "%s: chi2 %.2f dof %d p %.3g", what, stat, dof, pv);
}

/* Border wall or CELL_EDGE, CELL_EDGE nowhere else, every cell allowed. */
static bool map_ok(const grid_t *g, unsigned allowed)
{
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            cell_t k = grid_get(g, x, y);
            if (!(allowed & BIT(k)))
                return false;
            if (grid_on_border(x, y) ? k != CELL_WALL && k != CELL_EDGE : k == CELL_EDGE)
                return false;
        }
    return true;
}

static int count_set(const grid_t *g, unsigned kinds)
{
    int n = 0;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            n += (kinds & BIT(grid_get(g, x, y))) != 0;
    return n;
}

/* ---- data ---------------------------------------------------------------- */

static void data_known_answers(void)
{
    static const int CW[7] = {5, 7, 7, 9, 11, 11, 11}, CH[7] = {5, 5, 7, 7, 9, 9, 9};
    static const int QW[7] = {3, 4, 5, 7, 22, 17, 18}, QH[7] = {3, 4, 5, 9, 7, 7, 8};
    for (int i = 0; i < GLAY_ARENA_TILES; i++) {
        const glay_tile_t *c = &T->arena.centre[i], *q = &T->arena.quad[i];
        CHECK(c->w == CW[i] && c->h == CH[i], "centre %d is %dx%d, want %dx%d", i + 1, c->w,
              c->h, CW[i], CH[i]);
        CHECK(q->w == QW[i] && q->h == QH[i], "quad %d is %dx%d, want %dx%d", i + 1, q->w, q->h,
              QW[i], QH[i]);
        int stairs = 0;
        for (int y = 0; y < q->h; y++)
            for (int x = 0; x < q->w; x++)
                stairs += q->cell[y][x] == CELL_STAIRS;
        CHECK(stairs == 1 && q->cell[1][1] == CELL_STAIRS, "quad %d: %d stairs, (1,1) %d",
              i + 1, stairs, q->cell[1][1]);
        /* the pictures made for drawing: each flip the mirror image, its
         * stairs at (1,1) mirrored; the centres have none */
        int wrong = 0;
        for (int f = 0; f < GLAY_FLIPS; f++)
            for (int y = 0; y < q->h; y++)
                for (int x = 0; x < q->w; x++) {
                    const int sy = f & GLAY_FLIP_Y ? q->h - 1 - y : y,
                              sx = f & GLAY_FLIP_X ? q->w - 1 - x : x;
                    wrong += q->drawn[f][y][x] != q->cell[sy][sx];
                }
        CHECK(wrong == 0 && q->stairs && q->stairs_at[0].x == 1 && q->stairs_at[0].y == 1 &&
                  q->stairs_at[GLAY_FLIP_X].x == q->w - 2 && q->stairs_at[GLAY_FLIP_X].y == 1 &&
                  q->stairs_at[GLAY_FLIP_Y].x == 1 && q->stairs_at[GLAY_FLIP_Y].y == q->h - 2 &&
                  q->stairs_at[GLAY_FLIP_X | GLAY_FLIP_Y].x == q->w - 2 &&
                  q->stairs_at[GLAY_FLIP_X | GLAY_FLIP_Y].y == q->h - 2,
              "quad %d drawn mirrored: %d cells wrong, stairs as drawn", i + 1, wrong);
        CHECK(!c->stairs && memcmp(c->drawn[0], c->cell, sizeof c->cell) == 0,
              "centre %d drawn as it is, no stairs", i + 1);
        /* every centre's middle cell is floor: the player stands there */
        CHECK(c->cell[c->h / 2][c->w / 2] == CELL_FLOOR, "centre %d: middle not floor", i + 1);
    }
    /* a few cells as the game's pictures have them */
    CHECK(T->arena.centre[0].cell[0][0] == CELL_WALL && T->arena.centre[0].cell[0][1] == CELL_FLOOR,
          "centre 1 row 1 is #...#");
    CHECK(T->arena.centre[3].cell[1][4] == CELL_WALL, "centre 4: its X at (4,1)");
    CHECK(T->arena.quad[1].cell[1][3] == CELL_DOOR && T->arena.quad[1].cell[3][1] == CELL_DOOR,
          "quad 2 doors at (3,1) and (1,3)");
    CHECK(T->arena.quad[4].cell[2][21] == CELL_WALL && T->arena.quad[4].cell[6][12] == CELL_WALL,
          "quad 5's green walls");

    /* fluid bands by dlevel [game: generator.lua:559-566, 362-365] */
    static const struct {
        int dl;
        cell_t fluid, cave;
        int walks_lo, walks_hi, len_lo, len_hi;
    } B[] = {
        {1, CELL_WATER, CELL_WATER, 0, 2, 3, 42},  {6, CELL_WATER, CELL_WATER, 0, 2, 3, 42},
        {7, CELL_ACID, CELL_ACID, 0, 2, 3, 42},    {11, CELL_ACID, CELL_ACID, 0, 2, 3, 42},
        {12, CELL_LAVA, CELL_LAVA, 0, 4, 3, 52},   {16, CELL_LAVA, CELL_LAVA, 0, 4, 3, 52},
        {17, CELL_LAVA, CELL_LAVA, 4, 8, 3, 42},   {99, CELL_LAVA, CELL_LAVA, 4, 8, 3, 42},
    };
    for (size_t i = 0; i < sizeof B / sizeof B[0]; i++) {
        const fluid_band_t *f = water_band(&T->water.fluid, B[i].dl);
        const fluid_band_t *c = water_band(&T->water.cave, B[i].dl);
        int wlo = f->walks.x + f->walks.k, whi = f->walks.x * f->walks.n + f->walks.k;
        int llo = f->length.x + f->length.k, lhi = f->length.x * f->length.n + f->length.k;
        CHECK(f->fluid == B[i].fluid && c->fluid == B[i].cave, "dl %d: fluid %d cave %d",
              B[i].dl, f->fluid, c->fluid);
        CHECK(wlo == B[i].walks_lo && whi == B[i].walks_hi && llo == B[i].len_lo &&
                  lhi == B[i].len_hi,
              "dl %d: walks %d..%d length %d..%d", B[i].dl, wlo, whi, llo, lhi);
    }
    CHECK(T->water.cave_second_extra == 20, "second cave pass +%d", T->water.cave_second_extra);
}

/* One parse error: false, and the message starts "t.txt:LINE: ". */
static void parse_error(const char *text, int line, const char *what)
{
    static glay_arena_tiles_t t;
    char err[256] = "", want[32];
    bool ok = glay_arena_parse(&t, text, strlen(text), "t.txt", err, sizeof err);
    snprintf(want, sizeof want, "t.txt:%d: ", line);
    CHECK(!ok && strncmp(err, want, strlen(want)) == 0 && !strchr(err, '\n'),
          "%s: %s (want line %d)", what, ok ? "parsed" : err, line);
}

static void parser(void)
{
    /* a valid file built from seven 1x1 centres and seven 1x1 quads */
    char good[1024] = "; c\n";
    for (int i = 1; i <= 7; i++)
        snprintf(good + strlen(good), sizeof good - strlen(good), "centre %d\n.\n\n", i);
    for (int i = 1; i <= 7; i++)
        snprintf(good + strlen(good), sizeof good - strlen(good), "quad %d\n>\n\n", i);
    static glay_arena_tiles_t t;
    char err[256] = "";
    CHECK(glay_arena_parse(&t, good, strlen(good), "t.txt", err, sizeof err), "good: %s", err);
    parse_error("centre 1\n#.q\n", 2, "bad letter");
    parse_error("centre 1\n###\n##\n", 3, "uneven rows");
    parse_error("centre 2\n.\n", 1, "numbering");
    parse_error("center 1\n.\n", 1, "misspelt keyword");
    parse_error("quad 1\n>.>\n\n", 3, "two stairs");
    parse_error("quad 1\n...\n\n", 3, "no stairs");
    parse_error("centre 1\n..\n..\n\n", 4, "even centre");
    parse_error(".\n", 1, "row outside a tile");
    parse_error("centre 1\n.\n", 2, "too few tiles");
}

/* ---- fluids and rivers ------------------------------------------------- */

/* The inverse of odd a modulo 2^64 (Newton's iteration: each step doubles
 * the bits that are right, from 3 for a*a == 1 mod 8). */
static uint64_t inverse64(uint64_t a)
{
    uint64_t x = a;
    for (int i = 0; i < 5; i++)
        x *= 2 - a * x;
    return x;
}

/* game_random_shift against game_random_at(-1, 3, -1, 3): the same moves
 * and the same stream after, on random states and on states whose next
 * output has a half that Random(3) rejects (a zero half: its product by 3
 * is 0 mod 2^32), made by inverting xoshiro256**'s output, rotl(s1 * 5, 7)
 * * 9, for a chosen output. */
static void random_shift(void)
{
    const uint64_t inv5 = inverse64(5), inv9 = inverse64(9);
    CHECK(5 * inv5 == 1 && 9 * inv9 == 1, "inverses of 5 and 9 mod 2^64");
    rng_t seeds;
    rng_stream(&seeds, 11, 0, RNG_LAYOUT);
    int zero_halves = 0, bad = 0;
    for (int i = 0; i < 100000; i++) {
        uint64_t s[4] = {rng_next(&seeds), rng_next(&seeds), rng_next(&seeds), rng_next(&seeds)};
        if (i % 4) { /* a chosen output: high half 0, low half 0, or both */
            const uint64_t want = i % 4 == 1 ? s[1] & UINT32_MAX : i % 4 == 2 ? s[1] << 32 : 0;
            const uint64_t t = want * inv9;
            s[1] = ((t >> 7) | (t << 57)) * inv5;
            zero_halves++;
        }
        rng_t a, b;
        rng_set_state(&a, s[0], s[1], s[2], s[3]);
        b = a;
        CHECK(i % 4 == 0 || rng_output(s[1]) >> 32 == 0 || (uint32_t)rng_output(s[1]) == 0,
              "state %d's next output has a zero half", i);
        int ax, ay, bx, by;
        game_random_shift(&a, &ax, &ay);
        game_random_at(&b, -1, 3, -1, 3, &bx, &by);
        bad += ax != bx || ay != by || memcmp(&a, &b, sizeof a) != 0;
    }
    CHECK(zero_halves > 0 && bad == 0,
          "game_random_shift equals game_random_at(-1, 3, -1, 3): %d of 100000 states differ "
          "(%d with a rejected half)", bad, zero_halves);
}

static void fluids(void)
{
    static const int DL[] = {3, 6, 7, 11, 12, 16, 17, 30};
    const long n = test_scaled(4000);
    for (size_t d = 0; d < sizeof DL / sizeof DL[0]; d++) {
        const fluid_band_t *b = water_band(&T->water.fluid, DL[d]);
        int bad = 0, over = 0, outside = 0;
        long one_walk = 0, full = 0;
        for (long s = 0; s < n; s++) {
            fresh(DL[d], 3);
            grid_clear(&lv.map);
            rng_t r;
            rng_stream(&r, 11, (uint64_t)s, RNG_WATER);
            const area_t *a = s % 2 ? &WATER_SMALL_ROOMS : &WATER_INTERIOR;
            glay_fluids(&lv, &r, T, a);
            const obs_t *o = &lv.obs;
            int walks_lo = b->walks.x + b->walks.k, walks_hi = b->walks.x * b->walks.n + b->walks.k;
            if (o->fluid_kind != b->fluid || o->fluid_passes != 1 || o->fluid_walks < walks_lo ||
                o->fluid_walks > walks_hi || o->fluid_length < b->length.x + b->length.k ||
                o->fluid_length > b->length.x * b->length.n + b->length.k)
                bad++;
            int cells = 0;
            for (int y = 1; y <= GRID_H; y++)
                for (int x = 1; x <= GRID_W; x++) {
                    cell_t k = grid_get(&lv.map, x, y);
                    if (k == CELL_FLOOR || k == CELL_WALL)
                        continue;
                    cells++;
                    if (k != b->fluid || x < a->x1 || x > a->x2 || y < a->y1 || y > a->y2)
                        outside++;
                }
            if (cells > o->fluid_walks * o->fluid_length)
                over++;
            if (o->fluid_walks == 1) {
                one_walk++;
                full += cells == o->fluid_length;
            }
        }
        CHECK(bad == 0, "fluids dl %d: %d passes out of the band", DL[d], bad);
        CHECK(outside == 0, "fluids dl %d: %d cells outside the area or of another kind", DL[d],
              outside);
        CHECK(over == 0, "fluids dl %d: %d passes set more cells than walks x length", DL[d],
              over);
        /* a one-walk pass can fill exactly `length` cells (never one more) */
        CHECK(one_walk == 0 || full > 0, "fluids dl %d: no one-walk pass filled its length",
              DL[d]);
    }
}

/* generate_rivers on a floor map; returns the mix category: 0 horizontal,
 * 1 three vertical, 2 two vertical, 3 one vertical. */
static int one_river_call(int dl, int diff, uint64_t s, bool allow_horiz, int *bad)
{
    fresh(dl, diff);
    grid_clear(&lv.map);
    rng_t r;
    rng_stream(&r, 12, s, RNG_WATER);
    glay_rivers(&lv, &r, T, allow_horiz, true);
    const obs_t *o = &lv.obs;
    const unsigned allowed = BIT(CELL_FLOOR) | BIT(CELL_WALL) | BIT(CELL_BRIDGE) |
                             BIT(CELL_EDGE) | BIT(o->river_fluid);
    if (!map_ok(&lv.map, allowed) || !o->river || !(FLUIDS & BIT(o->river_fluid)))
        return ++*bad, -1;
    /* fluid roll dl + d(2D+6): water below 17, acid below 27 */
    int lo = dl + 1, hi = dl + 2 * diff + 6;
    cell_t want_lo = lo < 17 ? CELL_WATER : lo < 27 ? CELL_ACID : CELL_LAVA;
    cell_t want_hi = hi < 17 ? CELL_WATER : hi < 27 ? CELL_ACID : CELL_LAVA;
    if (o->river_fluid < want_lo || o->river_fluid > want_hi)
        return ++*bad, -1;
    if (o->river_orient == RIVER_HORIZONTAL) {
        if (!allow_horiz || o->river_count != 1 || o->river_width[0] < 2 ||
            o->river_width[0] > 4)
            return ++*bad, -1;
        /* every column holds the river; a bridge is two whole columns */
        int bridge_cols = 0;
        for (int x = 1; x <= GRID_W; x++) {
            int wet = 0, br = 0;
            for (int y = 1; y <= GRID_H; y++) {
                cell_t k = grid_get(&lv.map, x, y);
                wet += k == o->river_fluid || k == CELL_EDGE;
                br += k == CELL_BRIDGE;
            }
            if (br)
                bridge_cols++;
            if (wet + br != o->river_width[0] || (br && br != o->river_width[0]))
                return ++*bad, -1;
        }
        if (bridge_cols != (o->river_bridge ? 2 : 0))
            return ++*bad, -1;
        return 0;
    }
    static const int WPLUS[4] = {0, 3, 2, 1};
    static const int XLO[4][3] = {{0}, {19}, {9, 49}, {9, 33, 51}};
    static const int XHI[4][3] = {{0}, {58}, {30, 70}, {28, 48, 70}};
    int n = o->river_count;
    if (o->river_orient != RIVER_VERTICAL || n < 1 || n > 3 || !o->river_bridge)
        return ++*bad, -1;
    for (int i = 0; i < n; i++)
        if (o->river_width[i] < 1 + WPLUS[n] || o->river_width[i] > 3 + WPLUS[n] ||
            o->river_x[i] < XLO[n][i] || o->river_x[i] > XHI[n][i])
            return ++*bad, -1;
    /* a lone river: every row holds exactly its width, two bridge rows */
    if (n == 1) {
        int bridge_rows = 0;
        for (int y = 1; y <= GRID_H; y++) {
            int wet = 0, br = 0;
            for (int x = 1; x <= GRID_W; x++) {
                cell_t k = grid_get(&lv.map, x, y);
                wet += k == o->river_fluid || k == CELL_EDGE;
                br += k == CELL_BRIDGE;
            }
            bridge_rows += br > 0;
            if (wet + br != o->river_width[0]) /* border rows: CELL_EDGE */
                return ++*bad, -1;
        }
        if (bridge_rows != 2)
            return ++*bad, -1;
    }
    return n == 3 ? 1 : n == 2 ? 2 : 3;
}

static void rivers(void)
{
    const long n = test_scaled(20000);
    static const int DL[] = {2, 9, 14, 22, 40};
    long mix[2][4] = {{0}};
    int bad = 0;
    for (int h = 0; h < 2; h++)
        for (long s = 0; s < n; s++) {
            int c = one_river_call(DL[s % 5], 1 + (int)(s % 5), (uint64_t)(s + h * n), h == 0,
                                   &bad);
            if (c >= 0)
                mix[h][c]++;
        }
    CHECK(bad == 0, "rivers: %d calls out of the rules", bad);
    /* [game: generator.lua:175-190] horizontal 1d4 = 1; else 1d3 = 1 more
     * than one, of which 1d4 = 1 three: 1/4, 3/4*1/3*1/4, 3/4*1/3*3/4, 3/4*2/3 */
    const double with[4] = {1.0 / 4, 1.0 / 16, 3.0 / 16, 1.0 / 2};
    const double without[4] = {0, 1.0 / 12, 1.0 / 4, 2.0 / 3};
    chisq("generate_rivers(true,true) mix", mix[0], with, 4);
    CHECK(mix[1][0] == 0, "generate_rivers(false,true): %ld horizontal", mix[1][0]);
    chisq("generate_rivers(false,true) mix", mix[1] + 1, without + 1, 3);
}

static void restore_walls(void)
{
    grid_t g;
    grid_clear(&g);
    grid_set(&g, 1, 5, CELL_WATER);
    grid_set(&g, 78, 6, CELL_LAVA);
    grid_set(&g, 10, 20, CELL_EDGE);
    grid_set(&g, 11, 1, CELL_DOOR);
    grid_set(&g, 5, 5, CELL_ACID);
    grid_t h = g;
    glay_restore_walls(&g, true);
    CHECK(grid_get(&g, 1, 5) == CELL_EDGE && grid_get(&g, 78, 6) == CELL_EDGE &&
              grid_get(&g, 10, 20) == CELL_EDGE && grid_get(&g, 11, 1) == CELL_WALL &&
              grid_get(&g, 5, 5) == CELL_ACID,
          "restore_walls keeping fluids");
    glay_restore_walls(&h, false);
    CHECK(grid_get(&h, 1, 5) == CELL_WALL && grid_get(&h, 10, 20) == CELL_WALL &&
              grid_get(&h, 5, 5) == CELL_ACID,
          "restore_walls without fluids");
}

/* ---- caves ----------------------------------------------------------------- */

static void caves(void)
{
    static const int DL[] = {3, 6, 7, 11, 12, 25};
    const long n = test_scaled(3000);
    const unsigned allowed = BIT(CELL_FLOOR) | BIT(CELL_WALL) | FLUIDS | BIT(CELL_BRIDGE) |
                             BIT(CELL_EDGE);
    long river[2] = {0}, horiz[2] = {0};
    for (size_t d = 0; d < sizeof DL / sizeof DL[0]; d++) {
        const cell_t want = DL[d] < 7 ? CELL_WATER : DL[d] < 12 ? CELL_ACID : CELL_LAVA;
        const int walks_hi = DL[d] < 12 ? 3 : 5;
        int bad_map = 0, bad_fluid = 0, bad_edge = 0, bad_through = 0, bad_rooms = 0;
        for (long s = 0; s < n; s++) {
            const int diff = 1 + (int)(s % 5);
            run(glay_caves, DL[d], diff, 21, (uint64_t)s, true);
            grid_t cave = lv.map;
            const obs_t before = lv.obs;
            run(glay_caves, DL[d], diff, 21, (uint64_t)s, false);
            const obs_t *o = &lv.obs;
            bad_map += !map_ok(&lv.map, allowed);
            bad_rooms += lv.nrooms != 0;
            bad_fluid += o->fluid_kind != want || o->fluid_walks < 1 ||
                         o->fluid_walks > walks_hi || o->fluid_passes != 2 ||
                         o->fluid_length2 != o->fluid_length + 20 ||
                         (count_set(&cave, FLUIDS) > 0 && count_set(&cave, FLUIDS) !=
                                                              grid_count(&cave, want));
            bad_edge += before.river != 0 || count_set(&cave, BIT(CELL_EDGE)) != 0;
            river[0]++;
            if (!o->river)
                continue;
            river[1]++;
            horiz[o->river_orient == RIVER_HORIZONTAL]++;
            if (o->river_orient != RIVER_VERTICAL)
                continue;
            /* through (or just right of) an empty cell of the cave:
             * x_start = clamp(pos.x + 1 - d(w), 3, 75 - w) */
            const point_t at = o->game.river_at;
            const int w = o->river_width[0], x = o->river_x[0];
            cell_t k = grid_in_map(at.x, at.y) ? grid_get(&cave, at.x, at.y) : CELL_WALL;
            int lo = at.x + 1 - w, hi = at.x;
            lo = lo < 3 ? 3 : lo > 75 - w ? 75 - w : lo;
            hi = hi < 3 ? 3 : hi > 75 - w ? 75 - w : hi;
            bool row_ok = true;
            for (int i = 1; i <= w; i++) {
                cell_t c = grid_get(&lv.map, x + i, at.y);
                row_ok &= c == o->river_fluid || c == CELL_BRIDGE;
            }
            bad_through += (k != CELL_FLOOR && k != CELL_WATER) || x < lo || x > hi ||
                           w < 4 || w > 6 || o->river_count != 1 || !row_ok;
        }
        CHECK(bad_map == 0, "caves dl %d: %d maps out of the rules", DL[d], bad_map);
        CHECK(bad_rooms == 0, "caves dl %d: %d with rooms", DL[d], bad_rooms);
        CHECK(bad_fluid == 0, "caves dl %d: %d fluids out of the band", DL[d], bad_fluid);
        CHECK(bad_edge == 0, "caves dl %d: %d layout-only caves with a river", DL[d], bad_edge);
        CHECK(bad_through == 0, "caves dl %d: %d vertical rivers not through an empty cell",
              DL[d], bad_through);
    }
    /* [game: generator.lua:379-393] a river with 1d3 = 1; horizontal with 1d3 = 1 */
    long rv[2] = {river[0] - river[1], river[1]};
    chisq("caves river 1/3", rv, (const double[2]){2.0 / 3, 1.0 / 3}, 2);
    chisq("caves river horizontal 1/3", (long[2]){horiz[0], horiz[1]},
          (const double[2]){2.0 / 3, 1.0 / 3}, 2);
}

/* ---- caves_2 ---------------------------------------------------------------- */

static void caves_2(void)
{
    static const int DL[] = {8, 14, 30};
    const long n = test_scaled(3000);
    long fluid[3] = {0}; /* water, acid, lava */
    for (size_t d = 0; d < sizeof DL / sizeof DL[0]; d++) {
        int bad_map = 0, bad_count = 0, bad_doors = 0, bad_fluid = 0, bad_rooms = 0;
        int most = 0;
        for (long s = 0; s < n; s++) {
            run(glay_caves_2, DL[d], 2 + (int)(s % 4), 31, (uint64_t)s, false);
            const obs_t *o = &lv.obs;
            const cell_t f = (cell_t)o->game.lake_fluid;
            const unsigned allowed = BIT(CELL_FLOOR) | BIT(CELL_WALL) | BIT(CELL_DOOR) | BIT(f);
            bad_fluid += !(FLUIDS & BIT(f));
            bad_map += !map_ok(&lv.map, allowed) || count_set(&lv.map, BIT(CELL_EDGE)) != 0;
            bad_count += o->game.buildings > 7;
            bad_rooms += lv.nrooms != 0;
            /* each building one door; nothing else draws doors */
            bad_doors += grid_count(&lv.map, CELL_DOOR) != o->game.buildings;
            if (o->game.buildings > most)
                most = o->game.buildings;
            if (FLUIDS & BIT(f))
                fluid[f - CELL_WATER]++;
        }
        CHECK(bad_map == 0, "caves_2 dl %d: %d maps out of the rules", DL[d], bad_map);
        CHECK(bad_fluid == 0, "caves_2 dl %d: %d lake fluids not a fluid", DL[d], bad_fluid);
        CHECK(bad_count == 0, "caves_2 dl %d: %d with more than 7 buildings", DL[d], bad_count);
        CHECK(bad_rooms == 0, "caves_2 dl %d: %d with a room list", DL[d], bad_rooms);
        CHECK(bad_doors == 0, "caves_2 dl %d: %d door counts unlike the buildings'", DL[d],
              bad_doors);
        CHECK(most >= 5, "caves_2 dl %d: at most %d buildings ever", DL[d], most);
    }
    /* [game: generator.lua:466-557] lava; 1d4 = 1 water; then 1d4 = 1 acid:
     * water 1/4 * 3/4, acid 1/4, lava 3/4 * 3/4 */
    chisq("caves_2 lake fluid", fluid, (const double[3]){3.0 / 16, 4.0 / 16, 9.0 / 16}, 3);
}

/* ---- lava --------------------------------------------------------------------- */

static bool lava_room_ok(const grid_t *g, const room_t *r)
{
    if (r->w < 10 || r->w > 18 || r->h < 8 || r->h > 14)
        return false;
    int doors = 0;
    for (int y = r->y; y < r->y + r->h; y++)
        for (int x = r->x; x < r->x + r->w; x++) {
            bool top = y == r->y, bottom = y == r->y + r->h - 1;
            bool left = x == r->x, right = x == r->x + r->w - 1;
            if (!(top || bottom || left || right))
                continue;
            cell_t k = grid_get(g, x, y);
            if (k == CELL_DOOR) {
                if ((top || bottom) && (left || right))
                    return false;
                doors++;
            } else if (k != CELL_WALL) {
                return false;
            }
        }
    return doors == 1;
}

static void lava(void)
{
    static const int DL[] = {12, 20, 40};
    const long n = test_scaled(3000);
    const unsigned allowed = BIT(CELL_FLOOR) | BIT(CELL_WALL) | BIT(CELL_DOOR) | BIT(CELL_LAVA) |
                             BIT(CELL_BRIDGE) | BIT(CELL_EDGE);
    for (size_t d = 0; d < sizeof DL / sizeof DL[0]; d++) {
        int bad_map = 0, bad_border = 0, bad_rooms = 0, bad_count = 0;
        long rooms = 0;
        for (long s = 0; s < n; s++) {
            run(glay_lava, DL[d], 2 + (int)(s % 4), 41, (uint64_t)s, false);
            bad_map += !map_ok(&lv.map, allowed);
            int border = 0;
            for (int y = 1; y <= GRID_H; y++)
                for (int x = 1; x <= GRID_W; x++)
                    border += grid_on_border(x, y) && grid_get(&lv.map, x, y) != CELL_EDGE;
            bad_border += border != 0;
            bad_count += lv.nrooms != lv.obs.game.buildings || lv.nrooms > 8;
            for (int i = 0; i < lv.nrooms; i++)
                bad_rooms += !lava_room_ok(&lv.map, &lv.rooms[i]);
            rooms += lv.nrooms;
        }
        CHECK(bad_map == 0, "lava dl %d: %d maps out of the rules", DL[d], bad_map);
        CHECK(bad_border == 0, "lava dl %d: %d borders not all permanent lava", DL[d],
              bad_border);
        CHECK(bad_count == 0, "lava dl %d: %d room counts wrong", DL[d], bad_count);
        CHECK(bad_rooms == 0, "lava dl %d: %d room entries not a wall ring with one door",
              DL[d], bad_rooms);
        CHECK(rooms > n, "lava dl %d: only %ld rooms in %ld levels", DL[d], rooms, n);
    }
}

/* ---- arena -------------------------------------------------------------------- */

static void arena_ranges(void)
{
    static const int R[][3] = {{1, 1, 1},  {8, 1, 2},  {9, 1, 3},  {10, 1, 3}, {11, 2, 3},
                               {12, 2, 3}, {13, 2, 4}, {16, 2, 4}, {17, 2, 5}, {20, 2, 5},
                               {21, 3, 6}, {24, 3, 6}, {25, 3, 7}, {28, 3, 7}, {31, 4, 7},
                               {99, 4, 7}};
    for (size_t i = 0; i < sizeof R / sizeof R[0]; i++)
        CHECK(glay_arena_scheme_low(R[i][0]) == R[i][1] &&
                  glay_arena_scheme_high(R[i][0]) == R[i][2],
              "arena dl %d: schemes %d..%d, want %d..%d", R[i][0], glay_arena_scheme_low(R[i][0]),
              glay_arena_scheme_high(R[i][0]), R[i][1], R[i][2]);
}

/* The tile drawn at (x0,y0) mirrored as asked? */
static bool tile_at(const grid_t *g, const glay_tile_t *t, int x0, int y0, bool fx, bool fy)
{
    for (int j = 0; j < t->h; j++)
        for (int i = 0; i < t->w; i++)
            if (grid_get(g, x0 + i, y0 + j) != t->cell[fy ? t->h - 1 - j : j][fx ? t->w - 1 - i : i])
                return false;
    return true;
}

static void arena(void)
{
    static const int DL[] = {8, 13, 25, 40};
    const long n = test_scaled(4000);
    const unsigned allowed = BIT(CELL_FLOOR) | BIT(CELL_WALL) | BIT(CELL_DOOR) | FLUIDS |
                             BIT(CELL_STAIRS);
    long quads[7] = {0};
    for (size_t d = 0; d < sizeof DL / sizeof DL[0]; d++) {
        const int lo = glay_arena_scheme_low(DL[d]), hi = glay_arena_scheme_high(DL[d]);
        long schemes[7] = {0};
        int bad_map = 0, bad_stairs = 0, bad_corners = 0, bad_centre = 0, bad_obs = 0;
        for (long s = 0; s < n; s++) {
            run(glay_arena, DL[d], 2 + (int)(s % 4), 51, (uint64_t)s, false);
            const obs_t *o = &lv.obs;
            const int q = o->game.arena_quad, sc = o->game.arena_scheme;
            if (q < 1 || q > 7 || sc < lo || sc > hi || o->layout_variant != sc ||
                o->fluid_passes != 3 || lv.start.x != 38 || lv.start.y != 10) {
                bad_obs++;
                continue;
            }
            quads[q - 1]++;
            schemes[sc - 1]++;
            bad_map += !map_ok(&lv.map, allowed) || grid_count(&lv.map, CELL_STAIRS) != 4;
            const glay_tile_t *t = &T->arena.quad[q - 1];
            /* the '>' is at (1,1) of every corner tile (data_known_answers) */
            const point_t want[4] = {{3, 3}, {76, 3}, {76, 18}, {3, 18}};
            bool st = lv.nstairs == 4;
            for (int i = 0; st && i < 4; i++)
                st = lv.stairs[i].x == want[i].x && lv.stairs[i].y == want[i].y &&
                     grid_get(&lv.map, want[i].x, want[i].y) == CELL_STAIRS;
            bad_stairs += !st;
            bad_corners += !tile_at(&lv.map, t, 2, 2, false, false) ||
                           !tile_at(&lv.map, t, 78 - t->w, 2, true, false) ||
                           !tile_at(&lv.map, t, 78 - t->w, 20 - t->h, true, true) ||
                           !tile_at(&lv.map, t, 2, 20 - t->h, false, true);
            const glay_tile_t *c = &T->arena.centre[sc - 1];
            const rect_t k = lv.keepout;
            bad_centre += k.x1 != 38 - c->w / 2 || k.y1 != 10 - c->h / 2 ||
                          k.x2 - k.x1 + 1 != c->w || k.y2 - k.y1 + 1 != c->h ||
                          !tile_at(&lv.map, c, k.x1, k.y1, false, false);
        }
        CHECK(bad_obs == 0, "arena dl %d: %d observations out of range", DL[d], bad_obs);
        CHECK(bad_map == 0, "arena dl %d: %d maps out of the rules", DL[d], bad_map);
        CHECK(bad_stairs == 0, "arena dl %d: %d without the four corner stairs", DL[d],
              bad_stairs);
        CHECK(bad_corners == 0, "arena dl %d: %d corners not the mirrored tile", DL[d],
              bad_corners);
        CHECK(bad_centre == 0, "arena dl %d: %d centre boxes not the scheme", DL[d], bad_centre);
        /* the scheme uniform on lo..hi */
        double p[7];
        for (int i = 0; i < 7; i++)
            p[i] = i + 1 >= lo && i + 1 <= hi ? 1.0 / (hi - lo + 1) : 0;
        char what[64];
        snprintf(what, sizeof what, "arena dl %d scheme uniform %d..%d", DL[d], lo, hi);
        chisq(what, schemes + lo - 1, p + lo - 1, hi - lo + 1);
    }
    const double seven[7] = {1.0 / 7, 1.0 / 7, 1.0 / 7, 1.0 / 7, 1.0 / 7, 1.0 / 7, 1.0 / 7};
    chisq("arena corner tile uniform", quads, seven, 7);
}

int main(void)
{
    T = test_tables(RULESET_GAME)->glay;
    CHECK(T != NULL, "game tables load");
    if (!T)
        return test_summary("game_layouts");
    data_known_answers();
    parser();
    restore_walls();
    random_shift();
    fluids();
    rivers();
    caves();
    caves_2();
    lava();
    arena_ranges();
    arena();
    return test_summary("game_layouts");
}
