/* water.c - rivers, fluid passes and the random walks they use (docs/rules.md §4).
 *
 * The dlevel bands, dice and river probabilities are data/water.json, parsed
 * once; the river geometry (widths, positions, drift, bridges) is [game] and
 * lives here as named constants.  A river overwrites whatever it crosses
 * (floor, wall, door, earlier fluid), as the game's rivers cut through walls;
 * on the border ring its fluid becomes CELL_EDGE, impassable like the wall it
 * replaced.  A fluid walk likewise overwrites every interior cell it visits.
 * docs/water.md explains every step and decision.
 */
#include "water.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "jsonutil.h"
#include "tables.h"

const area_t WATER_INTERIOR = {2, 2, GRID_W - 1, GRID_H - 1};
const area_t WATER_SMALL_ROOMS = {4, 2, 74, 18}; /* [game: generators.lua:226] */

/* ---- river geometry [game] ------------------------------------------- */

/* Where a river's x (vertical) or y (horizontal) points: the river's first
 * column is x + 1 and its first row y + 1.  [decision, following the game:
 * the position is the cell just before the river, so "x at 18+d40" puts the
 * river's left edge on 19+d40..] */
#define RIVER_EDGE_OFFSET 1
#define RIVER_WIDTH_DIE 3            /* [game] every width is d3 + something */
#define RIVER_BRIDGE_CELLS 2         /* [game] a bridge is 2 columns (or rows) across the river */

/* Horizontal river [game]: y = 10 + d(2w) - w; drift keeps its rows in
 * 4..18 (y in 3..20-w-2); a bridge at columns b, b+1 with b = 8 + d60. */
#define RIVER_H_CENTRE 10
#define RIVER_H_Y_MIN 3
#define RIVER_H_BOTTOM_MARGIN 2
#define RIVER_H_WIDTH_PLUS 1         /* width d3+1 */
#define RIVER_H_BRIDGE_BASE 8
#define RIVER_H_BRIDGE_DIE 60
#define RIVER_H_DRIFT_DEN 6          /* [game] a drift draw per column with probability 1/6 */

/* Vertical river [game]: drawn top to bottom over rows 1..20; drift keeps its
 * columns in 4..75 (x in 3..78-w-3); a bridge at rows b, b+1 with b = 3 + d14,
 * always (the game forces it). */
#define RIVER_V_X_MIN 3
#define RIVER_V_RIGHT_MARGIN 3
#define RIVER_V_BRIDGE_BASE 3
#define RIVER_V_BRIDGE_DIE 14
#define RIVER_V_DRIFT_DEN 3          /* [game] a drift draw per row with probability 1/3 */

/* [game] A drift draw moves the river by d3-2: -1, 0 or +1 with equal
 * chance, so it moves on 2/3 of its drift draws (docs/rules.md §4, corrected).
 * Set to 0 for the reading "by one, either way", which makes rivers wander
 * 1.5 times as much as the game's. */
#define RIVER_DRIFT_CAN_STAY 1
#define RIVER_DRIFT_DIE 3            /* [game] the drift is d3 - 2 */
#define RIVER_DRIFT_MINUS 2

/* One vertical river of a set: width d3 + width_plus, x = x_base + d(x_die). */
typedef struct river_spec {
    int width_plus, x_base, x_die;
} river_spec_t;

static const river_spec_t RIVERS_ONE[] = {{3, 18, 40}};                         /* [game] */
static const river_spec_t RIVERS_TWO[] = {{2, 8, 22}, {2, 48, 22}};             /* [game] */
static const river_spec_t RIVERS_THREE[] = {{1, 8, 20}, {1, 32, 16}, {1, 50, 20}}; /* [game] */
static const river_spec_t RIVERS_CAVES[] = {{3, 33, 16}}; /* [wiki] x d16+33; [game] width d3+3 */

/* ---- loading data/water.json ---------------------------------------- */

/* Parse "XdN+K" (X and K optional): the dice notation of data/water.json. */
static bool parse_dice(const char *s, dice_t *d)
{
    char *end;
    long x = 1;
    if (*s != 'd') {
        x = strtol(s, &end, 10);
        if (end == s || *end != 'd')
            return false;
        s = end;
    }
    s++; /* 'd' */
    if (*s < '0' || *s > '9')
        return false;
    long n = strtol(s, &end, 10);
    s = end;
    long k = 0;
    if (*s == '+' || *s == '-') {
        if (s[1] < '0' || s[1] > '9')
            return false;
        k = strtol(s, &end, 10);
        s = end;
    }
    if (*s != '\0' || x < 0 || x > 100 || n < 1 || n > 10000 || k < -10000 || k > 10000)
        return false;
    *d = (dice_t){(int)x, (int)n, (int)k};
    return true;
}

/* A dice string member whose smallest value is at least min_value. */
static dice_t ju_dice(ju_t *ju, const cJSON *obj, const char *path, const char *key, int min_value)
{
    dice_t d = {0, 1, 0};
    const char *s = ju_string(ju, obj, path, key);
    if (ju->failed)
        return d;
    char p[128];
    snprintf(p, sizeof p, "%s.%s", path, key);
    if (!parse_dice(s, &d)) {
        ju_fail(ju, p, "\"%s\" is not dice (XdN+K)", s);
        return d;
    }
    if (d.x + d.k < min_value)
        ju_fail(ju, p, "\"%s\" can roll below %d", s, min_value);
    return d;
}

/* "water", "acid" or "lava". */
static cell_t ju_fluid(ju_t *ju, const cJSON *obj, const char *path, const char *key)
{
    const char *s = ju_string(ju, obj, path, key);
    if (ju->failed)
        return CELL_WATER;
    for (int k = CELL_WATER; k <= CELL_LAVA; k++)
        if (strcmp(s, cell_name((cell_t)k)) == 0)
            return (cell_t)k;
    char p[128];
    snprintf(p, sizeof p, "%s.%s", path, key);
    ju_fail(ju, p, "\"%s\" is not a fluid (water, acid, lava)", s);
    return CELL_WATER;
}

static const char *const TOP_KEYS[] = {"fluid_bands", "cave_fluid_bands",
                                        "cave_second_pass_extra_length", "river", NULL};
static const char *const BAND_KEYS[] = {"from", "to", "fluid", "walks", "length", NULL};
static const char *const RIVER_KEYS[] = {"fluid_roll", "fluid", "horizontal",
                                          "horizontal_bridge", "multiple", "three_of_multiple",
                                          NULL};
static const char *const ROLL_KEYS[] = {"difficulty_times", "plus", NULL};
static const char *const FLUID_ROW_KEYS[] = {"below", "fluid", NULL};

/* A band table: dlevels from 1 upwards, contiguous, the last open-ended. */
static void parse_fluid_table(ju_t *ju, const cJSON *root, const char *key, fluid_table_t *ft)
{
    int n;
    const cJSON *arr = ju_rows(ju, root, "", key, WATER_MAX_BANDS, "bands", &n);
    ft->nbands = n;
    int expect_from = 1;
    for (int i = 0; i < n && !ju->failed; i++) {
        char path[64];
        const cJSON *b = ju_row(ju, arr, "", key, i, BAND_KEYS, path, sizeof path);
        fluid_band_t *fb = &ft->band[i];
        fb->from = ju_int(ju, b, path, "from", 1, DLEVEL_MAX);
        if (!ju->failed && fb->from != expect_from) {
            ju_fail(ju, path, "from is %d, expected %d (bands must follow each other)", fb->from,
                    expect_from);
            return;
        }
        const cJSON *to = ju_get(ju, b, path, "to");
        if (ju->failed)
            return;
        char tp[80];
        snprintf(tp, sizeof tp, "%s.to", path);
        if (cJSON_IsNull(to)) {
            fb->to = 0;
            if (i != n - 1) {
                ju_fail(ju, tp, "only the last band may be open-ended");
                return;
            }
        } else {
            fb->to = ju_int_item(ju, to, tp, fb->from, DLEVEL_MAX);
            if (!ju->failed && i == n - 1) {
                ju_fail(ju, tp, "the last band must be open-ended (null)");
                return;
            }
            expect_from = fb->to + 1;
        }
        fb->fluid = ju_fluid(ju, b, path, "fluid");
        fb->walks = ju_dice(ju, b, path, "walks", 0);
        fb->length = ju_dice(ju, b, path, "length", 0);
    }
}

static void parse_river(ju_t *ju, const cJSON *root, river_rules_t *rr)
{
    const cJSON *river = ju_object(ju, root, "", "river");
    ju_keys(ju, river, "river", RIVER_KEYS);
    const cJSON *roll = ju_object(ju, river, "river", "fluid_roll");
    ju_keys(ju, roll, "river.fluid_roll", ROLL_KEYS);
    rr->die_per_difficulty = ju_int(ju, roll, "river.fluid_roll", "difficulty_times", 0, 100);
    rr->die_plus = ju_int(ju, roll, "river.fluid_roll", "plus", 0, 1000);
    if (!ju->failed && rr->die_per_difficulty + rr->die_plus < 1)
        ju_fail(ju, "river.fluid_roll", "the die has no sides at difficulty 1");
    int n;
    const cJSON *fl = ju_rows(ju, river, "river", "fluid", 3, "rows", &n);
    rr->nfluids = n;
    int last = -1000000;
    for (int i = 0; i < n && !ju->failed; i++) {
        char path[64], bp[80];
        const cJSON *row = ju_row(ju, fl, "river", "fluid", i, FLUID_ROW_KEYS, path, sizeof path);
        snprintf(bp, sizeof bp, "%s.below", path);
        const cJSON *below = ju_get(ju, row, path, "below");
        if (ju->failed)
            return;
        if (cJSON_IsNull(below)) {
            if (i != n - 1) {
                ju_fail(ju, bp, "only the last row may be null");
                return;
            }
            rr->below[i] = 0;
        } else {
            rr->below[i] = ju_int_item(ju, below, bp, last + 1, 1000000);
            if (!ju->failed && i == n - 1) {
                ju_fail(ju, bp, "the last row must be null (any roll)");
                return;
            }
            last = rr->below[i];
        }
        rr->fluid[i] = ju_fluid(ju, row, path, "fluid");
    }
    ju_frac(ju, river, "river", "horizontal", &rr->horizontal.num, &rr->horizontal.den);
    ju_frac(ju, river, "river", "horizontal_bridge", &rr->horizontal_bridge.num,
            &rr->horizontal_bridge.den);
    ju_frac(ju, river, "river", "multiple", &rr->multiple.num, &rr->multiple.den);
    ju_frac(ju, river, "river", "three_of_multiple", &rr->three_of_multiple.num,
            &rr->three_of_multiple.den);
}

bool water_tables_parse(water_tables_t *t, const char *json, size_t len, const char *origin,
                        char *err, size_t errlen)
{
    ju_t ju;
    ju_init(&ju, origin, err, errlen);
    memset(t, 0, sizeof *t);
    cJSON *root = ju_parse_object(&ju, json, len, TOP_KEYS);
    if (!root)
        return false;
    parse_fluid_table(&ju, root, "fluid_bands", &t->fluid);
    parse_fluid_table(&ju, root, "cave_fluid_bands", &t->cave);
    t->cave_second_extra = ju_int(&ju, root, "", "cave_second_pass_extra_length", 0, 1000);
    parse_river(&ju, root, &t->river);
    cJSON_Delete(root);
    return !ju.failed;
}

static bool parse_into(void *t, const char *text, size_t len, const char *origin, char *err,
                       size_t errlen)
{
    return water_tables_parse(t, text, len, origin, err, errlen);
}

bool water_tables_load(water_tables_t *t, data_src_t *src, const char *name, char *err,
                       size_t errlen)
{
    return data_src_load(src, name, parse_into, t, err, errlen);
}

const fluid_band_t *water_pass_roll(const fluid_table_t *t, int dlevel, rng_t *r, int *walks,
                                    int *length)
{
    const fluid_band_t *b = water_band(t, dlevel);
    *walks = dice_roll(r, b->walks);
    *length = dice_roll(r, b->length); /* [game] one length shared by the pass's walks */
    return b;
}

void water_pass_note(obs_t *o, cell_t k, int walks, int length)
{
    if (o->fluid_passes == 0) {
        o->fluid_kind = (uint8_t)k;
        o->fluid_walks = (uint8_t)walks;
        o->fluid_length = (uint8_t)length;
    } else if (o->fluid_passes == 1) {
        o->fluid_length2 = (uint8_t)length;
    }
    o->fluid_passes++;
}

const fluid_band_t *water_pass_draw(level_t *lv, rng_t *r, const fluid_table_t *t, int *walks,
                                    int *length)
{
    const fluid_band_t *b = water_pass_roll(t, lv->dlevel, r, walks, length);
    water_pass_note(&lv->obs, b->fluid, *walks, *length);
    return b;
}

const fluid_band_t *water_band(const fluid_table_t *t, int dlevel)
{
    for (int i = 0; i < t->nbands; i++)
        if (dlevel >= t->band[i].from && (t->band[i].to == 0 || dlevel <= t->band[i].to))
            return &t->band[i];
    assert(!"fluid bands cover every dlevel >= 1");
    return &t->band[t->nbands - 1];
}

/* ---- walks ------------------------------------------------------------ */

static inline int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static inline bool in_area(const area_t *a, int x, int y)
{
    return x >= a->x1 && x <= a->x2 && y >= a->y1 && y <= a->y2;
}

/* The 9 moves (8 directions or stay), drawn uniformly as m = 0..8:
 * dx = m % 3 - 1, dy = m / 3 - 1, and the move's step in the cell array. */
static const int8_t MOVE_DX[9] = {-1, 0, 1, -1, 0, 1, -1, 0, 1};
static const int8_t MOVE_DY[9] = {-1, -1, -1, 0, 0, 0, 1, 1, 1};
static const int16_t MOVE_STEP[9] = {
    -GRID_STRIDE - 1, -GRID_STRIDE, -GRID_STRIDE + 1, -1, 0, 1,
    GRID_STRIDE - 1,  GRID_STRIDE,  GRID_STRIDE + 1,
};
#define MOVES 9

/* Cells of WATER_INTERIOR as a byte map of the cell array, so a walk over
 * the interior (every caves walk) tests a step with one load.  A constant
 * of the grid, built once before main (as cellpool.c's tables). */
static uint8_t interior_map[GRID_CELLS];

__attribute__((constructor)) static void make_interior_map(void)
{
    const area_t *a = &WATER_INTERIOR;
    for (int y = a->y1; y <= a->y2; y++)
        for (int x = a->x1; x <= a->x2; x++)
            interior_map[GRID_IDX(x, y)] = 1;
}

/* The walks draw from a local copy of the stream: the map's byte stores
 * could alias the caller's state, which would keep it in memory. */
void water_walk(grid_t *g, rng_t *r, int x, int y, int steps, cell_t k, const area_t *a)
{
    assert(in_area(a, x, y));
    rng_t rl = *r;
    grid_set(g, x, y, k);
    if (a == &WATER_INTERIOR) {
        /* A move that stays inside is the clamped move; only one that
         * leaves needs the clamp, axis by axis. */
        int at = GRID_IDX(x, y);
        for (int s = 0; s < steps; s++) {
            const int m = (int)rng_below(&rl, MOVES);
            const int next = at + MOVE_STEP[m];
            if (interior_map[next]) {
                at = next;
            } else {
                x = clampi(at % GRID_STRIDE + MOVE_DX[m], a->x1, a->x2);
                y = clampi(at / GRID_STRIDE + MOVE_DY[m], a->y1, a->y2);
                at = GRID_IDX(x, y);
            }
            g->c[at] = (uint8_t)k;
        }
        *r = rl;
        return;
    }
    for (int s = 0; s < steps; s++) {
        const int m = (int)rng_below(&rl, MOVES);
        x = clampi(x + MOVE_DX[m], a->x1, a->x2);
        y = clampi(y + MOVE_DY[m], a->y1, a->y2);
        grid_set(g, x, y, k);
    }
    *r = rl;
}

void water_walk_stop(grid_t *g, rng_t *r, int x, int y, int steps, cell_t k, const area_t *a)
{
    assert(in_area(a, x, y));
    int at = GRID_IDX(x, y);
    g->c[at] = (uint8_t)k;
    rng_t rl = *r;
    if (a == &WATER_INTERIOR) {
        for (int s = 1; s < steps; s++) {
            const int next = at + MOVE_STEP[rng_below(&rl, MOVES)];
            if (!interior_map[next]) /* the ring around the area is inside the array */
                break;
            at = next;
            g->c[at] = (uint8_t)k;
        }
        *r = rl;
        return;
    }
    /* coordinates relative to the area's corner: one unsigned compare each */
    const unsigned w = (unsigned)(a->x2 - a->x1), h = (unsigned)(a->y2 - a->y1);
    unsigned rx = (unsigned)(x - a->x1), ry = (unsigned)(y - a->y1);
    uint8_t *c = &g->c[at];
    for (int s = 1; s < steps; s++) {
        const int m = (int)rng_below(&rl, MOVES);
        const unsigned nx = rx + (unsigned)MOVE_DX[m], ny = ry + (unsigned)MOVE_DY[m];
        if (nx > w || ny > h)
            break;
        rx = nx;
        ry = ny;
        c += MOVE_STEP[m];
        *c = (uint8_t)k;
    }
    *r = rl;
}

/* ---- rivers ----------------------------------------------------------- */

/* n river cells of kind k from (x, y) on, rightwards (across) or downwards:
 * plain stores.  On the border ring the fluid becomes CELL_EDGE; a river's
 * x and y are clamped well inside the map, so the only strips on the ring
 * are a vertical river's on rows 1 and GRID_H and a horizontal one's on
 * columns 1 and GRID_W, which lie on the ring whole: the callers give them
 * CELL_EDGE (river_cell), and no other strip touches the ring. */
static inline void river_strip(grid_t *g, int x, int y, int n, bool across, cell_t k)
{
    assert(n > 0 && grid_in_map(x, y) &&
           (across ? grid_in_map(x + n - 1, y) : grid_in_map(x, y + n - 1)));
    uint8_t *c = &g->c[GRID_IDX(x, y)];
    const int step = across ? 1 : GRID_STRIDE;
    for (int i = 0; i < n; i++, c += step)
        *c = (uint8_t)k;
}

/* The kind of a river's strip at position at (its row, or column) of 1..last:
 * CELL_EDGE on the border ring (at 1 or last), a bridge on the two
 * positions from b (never on the ring: bridges start at rows 4..17 and
 * columns 9..68, or none at -RIVER_BRIDGE_CELLS), else the fluid; by
 * conditional moves. */
static inline cell_t river_cell(int at, int last, int b, cell_t fluid)
{
    const cell_t k = (unsigned)(at - b) < RIVER_BRIDGE_CELLS ? CELL_BRIDGE : fluid;
    return at == 1 || at == last ? CELL_EDGE : k;
}

/* One drift draw [game]: with probability 1/den a second die, d3-2, gives
 * the move (docs/rules.md §4); otherwise no move and no second draw. */
static int drift(rng_t *r, int den)
{
    if (!rng_chance(r, 1, den))
        return 0;
    if (RIVER_DRIFT_CAN_STAY)
        return rng_d(r, RIVER_DRIFT_DIE) - RIVER_DRIFT_MINUS;
    return rng_chance(r, 1, 2) ? -1 : 1;
}

static cell_t river_fluid(const river_rules_t *rr, int dlevel, int difficulty, rng_t *r)
{
    int roll = dlevel + rng_d(r, rr->die_per_difficulty * difficulty + rr->die_plus);
    for (int i = 0; i < rr->nfluids - 1; i++)
        if (roll < rr->below[i])
            return rr->fluid[i];
    return rr->fluid[rr->nfluids - 1];
}

/* One horizontal river across the whole map; returns whether it has a bridge
 * (its drawn width in *wo, for the observation record).  The rivers draw from
 * a local copy of the stream, as the walks do. */
static bool draw_horizontal(grid_t *g, rng_t *rs, const river_rules_t *rr, cell_t fluid,
                            uint8_t *wo)
{
    rng_t rl = *rs, *r = &rl;
    int width = rng_d(r, RIVER_WIDTH_DIE) + RIVER_H_WIDTH_PLUS;
    *wo = (uint8_t)width;
    bool bridge = rng_chance(r, rr->horizontal_bridge.num, rr->horizontal_bridge.den);
    int bx = bridge ? RIVER_H_BRIDGE_BASE + rng_d(r, RIVER_H_BRIDGE_DIE) : -RIVER_BRIDGE_CELLS;
    assert(!bridge || (bx > 1 && bx + RIVER_BRIDGE_CELLS - 1 < GRID_W)); /* river_cell */
    int y = RIVER_H_CENTRE + rng_d(r, 2 * width) - width;
    int ymax = GRID_H - width - RIVER_H_BOTTOM_MARGIN;
    /* its strips (rows y+1..y+width, y in y's first value and RIVER_H_Y_MIN..ymax)
     * stay off the top and bottom rows: river_strip */
    assert(y + RIVER_EDGE_OFFSET > 1 && y + RIVER_EDGE_OFFSET + width - 1 < GRID_H &&
           RIVER_H_Y_MIN + RIVER_EDGE_OFFSET > 1 && ymax + RIVER_EDGE_OFFSET + width - 1 < GRID_H);
    for (int x = 1; x <= GRID_W; x++) {
        /* one unsigned compare (a conditional move, not a branch) */
        river_strip(g, x, y + RIVER_EDGE_OFFSET, width, false, river_cell(x, GRID_W, bx, fluid));
        y = clampi(y + drift(r, RIVER_H_DRIFT_DEN), RIVER_H_Y_MIN, ymax);
    }
    *rs = rl;
    return bridge;
}

/* One vertical river over all rows, always with its 2-row bridge.  Returns
 * its x (before drift) and, in *last, the x its last row was drawn at (its
 * drawn width in *wo). */
static int draw_vertical(grid_t *g, rng_t *rs, const river_spec_t *s, cell_t fluid, int *last,
                         uint8_t *wo)
{
    rng_t rl = *rs, *r = &rl;
    int width = rng_d(r, RIVER_WIDTH_DIE) + s->width_plus;
    *wo = (uint8_t)width;
    const int x0 = s->x_base + rng_d(r, s->x_die);
    int by = RIVER_V_BRIDGE_BASE + rng_d(r, RIVER_V_BRIDGE_DIE);
    assert(by > 1 && by + RIVER_BRIDGE_CELLS - 1 < GRID_H); /* river_cell */
    int xmax = GRID_W - width - RIVER_V_RIGHT_MARGIN;
    /* likewise off the first and last columns */
    assert(x0 + RIVER_EDGE_OFFSET > 1 && x0 + RIVER_EDGE_OFFSET + width - 1 < GRID_W &&
           RIVER_V_X_MIN + RIVER_EDGE_OFFSET > 1 && xmax + RIVER_EDGE_OFFSET + width - 1 < GRID_W);
    int x = x0, drawn = x0;
    for (int y = 1; y <= GRID_H; y++) {
        river_strip(g, x + RIVER_EDGE_OFFSET, y, width, true, river_cell(y, GRID_H, by, fluid));
        drawn = x;
        x = clampi(x + drift(r, RIVER_V_DRIFT_DEN), RIVER_V_X_MIN, xmax);
    }
    *rs = rl;
    *last = drawn;
    return x0;
}

bool water_river(layout_ctx_t *ctx)
{
    const type_rules_t *tr = ctx->rules;
    if (!ctx->p->rivers || tr->river.num == 0)
        return false;
    rng_t *r = ctx->water;
    if (!rng_chance(r, tr->river.num, tr->river.den))
        return false;
    const river_rules_t *rr = &ctx->p->tables->water->river;
    level_t *lv = ctx->lv;
    grid_t *g = &lv->map;
    obs_t *o = &lv->obs;
    cell_t fluid = river_fluid(rr, lv->dlevel, lv->difficulty, r);
    bool horizontal;
    switch (tr->river_style) {
    case RIVER_STANDARD:
        horizontal = rng_chance(r, rr->horizontal.num, rr->horizontal.den);
        break;
    case RIVER_CAVES:
        horizontal = rng_chance(r, tr->river_horizontal.num, tr->river_horizontal.den);
        break;
    default: /* RIVER_VERTICAL_ONLY */
        horizontal = false;
        break;
    }
    o->river = 1;
    o->river_fluid = (uint8_t)fluid;
    if (horizontal) {
        o->river_orient = RIVER_HORIZONTAL;
        o->river_count = 1;
        o->river_bridge = draw_horizontal(g, r, rr, fluid, &o->river_width[0]);
        return true;
    }
    const river_spec_t *set = RIVERS_ONE;
    int n = 1;
    if (tr->river_style == RIVER_CAVES) {
        set = RIVERS_CAVES;
    } else if (rng_chance(r, rr->multiple.num, rr->multiple.den)) {
        if (rng_chance(r, rr->three_of_multiple.num, rr->three_of_multiple.den)) {
            set = RIVERS_THREE;
            n = 3;
        } else {
            set = RIVERS_TWO;
            n = 2;
        }
    }
    for (int i = 0; i < n; i++) {
        int last;
        o->river_x[i] = (uint8_t)draw_vertical(g, r, &set[i], fluid, &last, &o->river_width[i]);
        if (i == 0)
            o->river_drift = (int8_t)(last - o->river_x[0]);
    }
    o->river_orient = RIVER_VERTICAL;
    o->river_count = (uint8_t)n;
    o->river_bridge = 1;
    return true;
}

/* ---- fluid passes ----------------------------------------------------- */

void water_fluid_pass(layout_ctx_t *ctx, const area_t *a)
{
    level_t *lv = ctx->lv;
    rng_t *r = ctx->water;
    int walks, length;
    const fluid_band_t *b = water_pass_draw(lv, r, &ctx->p->tables->water->fluid, &walks, &length);
    for (int i = 0; i < walks; i++) {
        int x = rng_range(r, a->x1, a->x2);
        int y = rng_range(r, a->y1, a->y2);
        water_walk(&lv->map, r, x, y, length, b->fluid, a);
    }
}

void water_fluids(layout_ctx_t *ctx, const area_t *a)
{
    if (ctx->p->layout_only)
        return;
    if (ctx->rules->fluids_only_without_river && ctx->lv->obs.river)
        return;
    for (int i = 0; i < ctx->rules->fluid_passes; i++)
        water_fluid_pass(ctx, a);
}

void water_standard(layout_ctx_t *ctx)
{
    if (ctx->p->layout_only)
        return;
    water_river(ctx);
    water_fluids(ctx, &WATER_INTERIOR);
}

void water_small_rooms(layout_ctx_t *ctx)
{
    water_river(ctx);
    water_fluids(ctx, &WATER_SMALL_ROOMS);
}

void water_city(layout_ctx_t *ctx)
{
    water_fluids(ctx, &WATER_INTERIOR);
}

/* Where the water is drawn after the layout.  [decision] The arena's is
 * not: its layout draws the three passes before the centre picture and the
 * stairs, which are drawn over them (docs/rules.md §3 Arena), so the step
 * would have to draw geometry again.  The city's river and the caves'
 * fluid walks stay in their layouts for the same reason: the buildings
 * avoid the river, and the caves dig on after their first fluid walks. */
const layout_fn WIKI_WATER[LT__COUNT] = {
    [LT_NORMAL] = water_standard,
    [LT_SINGLE] = water_standard,
    [LT_WAREHOUSE] = water_standard,
    [LT_MAZE] = water_standard,
    [LT_CAVES] = water_standard, /* fluid_passes 0: the river roll alone */
    [LT_SMALL_ROOMS] = water_small_rooms,
    [LT_CITY] = water_city,
};
