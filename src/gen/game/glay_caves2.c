/* glay_caves2.c - the game-0.9.9.7 caves_2 layout (docs/rules.md, the game's
 * caves_2; [game: generator.lua:445-557]).
 *
 * A floor band across the middle of a walled map, walks that grow the cave
 * from its edge, two smoothing passes, cave-wall pillars, up to 5..7 walled
 * buildings with one door each, fluid lakes, and a last pass that dries
 * fluid cells with fewer than 4 fluid neighbours.  The game marks cells
 * with a crate while it works (the second smoothing's openings, the
 * pillars, the building insides); CELL_BOX plays that marker here and is
 * gone from the finished map.  Cave wall and building wall are both
 * CELL_WALL: no later step tells them apart.  The buildings are not added
 * to the room list (the game never calls add_room here).
 *
 * Geometry draws from the layout stream; the fluid's choice and the lakes
 * from the water stream.
 */
#include "glay.h"

#include <string.h>

#include "layouts/layouts.h"

#define MARKER CELL_BOX

/* [game: generator.lua:466-557], every constant below */
#define FLUID_DIE 4               /* lava; 1d4 = 1 water; */
                                  /* then 1d4 = 1 acid */
#define BAND_X1 8                 /* the map shrunk by 7: */
#define BAND_Y1 8                 /* floor on (8,8)-(71,13) */
#define BAND_X2 71
#define BAND_Y2 13
#define EARLY_WALKS 10            /* 10 walks of d10 + 40 */
#define EARLY_DIE 10
#define EARLY_PLUS 40
#define LATE_WALKS 50             /* 50 walks of d10 + 20 */
#define LATE_DIE 10
#define LATE_PLUS 20
#define SMOOTH_WALLS_BELOW 4      /* a wall with < 4 wall neighbours opens */
#define OPEN_CROSS_WALLS_ABOVE 2  /* a floor with > 2 orthogonal walls
                                   * opens its 4 neighbours */
#define PILLARS_DIE 3             /* 1d3 + 2 pillars */
#define PILLARS_PLUS 2
#define PILLAR_SIZE_DIE 5         /* of 1d5 + 5 cells */
#define PILLAR_SIZE_PLUS 5
#define BUILDINGS_MIN 5           /* random(5,7) buildings */
#define BUILDINGS_MAX 7
#define BUILDING_TRIES 1000       /* in at most 1000 tries */
#define BUILDING_W_MIN 7          /* of 7..9 x 6..9 cells with their floor ring */
#define BUILDING_W_MAX 9
#define BUILDING_H_MIN 6
#define BUILDING_H_MAX 9
#define LAKES_DIE 5               /* 1d5 + 10 lakes */
#define LAKES_PLUS 10
#define LAKE_SIZE_DIE 40          /* of 1d40 + 20 cells */
#define LAKE_SIZE_PLUS 20
#define DRY_FLUID_BELOW 4         /* a fluid with < 4 fluid
                                   * neighbours becomes floor */
/* [game: vdungen.pas:659-675] random_square: at most 6000 tries, each
 * drawing cells until a floor one (at most 5000 draws, which ends the
 * search), accepted when its 8 neighbours are floor. */
#define SQUARE_TRIES 6000
#define SQUARE_DRAWS 5000
#define BLOB_MAX_SIZE (LAKE_SIZE_DIE + LAKE_SIZE_PLUS)
#define BLOB_MAX_VISIT (1 + 4 * BLOB_MAX_SIZE)

static const area_t SHRUNK1 = {2, 2, GRID_W - 1, GRID_H - 1};
static const area_t SHRUNK2 = {3, 3, GRID_W - 2, GRID_H - 2};

static void fill(grid_t *g, const area_t *a, cell_t k)
{
    grid_fill_rect(g, a->x1, a->y1, a->x2, a->y2, k);
}

static void transmute(grid_t *g, cell_t from, cell_t to)
{
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            if (grid_get(g, x, y) == from)
                grid_set(g, x, y, to);
}

/* A random floor cell with 8 floor neighbours, the draws over (2,2)-(77,19)
 * [decision: the area the game draws from is its map shrunk by one; a
 * qualifying cell is never on the border, so any area holding them all
 * draws the same cell]. */
static bool random_square(const grid_t *g, rng_t *r, point_t *at)
{
    const area_t *a = &SHRUNK1;
    int draws = 0;
    for (int t = 0; t < SQUARE_TRIES; t++) {
        int x, y;
        do {
            if (draws++ == SQUARE_DRAWS)
                return false;
            game_random_at(r, a->x1, a->x2 - a->x1 + 1, a->y1, a->y2 - a->y1 + 1, &x, &y);
        } while (grid_get(g, x, y) != CELL_FLOOR);
        draws = 0;
        if (glay_around(g, x, y, CELLSET(CELL_FLOOR)) == 8) {
            *at = (point_t){(uint8_t)x, (uint8_t)y};
            return true;
        }
    }
    return false;
}

/* [game: generator.lua:445-464] Grow a blob of k from start: `size` times
 * take a uniform cell off the frontier; when all 8 of its neighbours are k
 * or floor, it becomes k and its floor orthogonal neighbours join the
 * frontier. */
static void place_blob(grid_t *g, rng_t *r, point_t start, int size, cell_t k)
{
    point_t visit[BLOB_MAX_VISIT];
    int n = 0;
    visit[n++] = start;
    static const int DX[4] = {0, -1, 1, 0}, DY[4] = {-1, 0, 0, 1};
    for (int j = 0; j < size && n > 0; j++) {
        int i = glay_random(r, n);
        point_t c = visit[i];
        memmove(&visit[i], &visit[i + 1], (size_t)(n - i - 1) * sizeof visit[0]);
        n--;
        if (glay_around(g, c.x, c.y, CELLSET(k) | CELLSET(CELL_FLOOR)) != 8)
            continue;
        grid_set(g, c.x, c.y, k);
        for (int d = 0; d < 4; d++) {
            int x = c.x + DX[d], y = c.y + DY[d];
            if (grid_get(g, x, y) == CELL_FLOOR && n < BLOB_MAX_VISIT)
                visit[n++] = (point_t){(uint8_t)x, (uint8_t)y};
        }
    }
}

/* `count` blobs of k, each of size d(die) + plus drawn after its start
 * (*first_size: the first one's); returns the blobs that found a start. */
typedef bool (*square_fn)(const grid_t *g, rng_t *r, point_t *at);

static int blobs(grid_t *g, rng_t *r, square_fn square, int count, int die, int plus, cell_t k,
                 uint8_t *first_size)
{
    int placed = 0;
    for (int i = 0; i < count; i++) {
        point_t at;
        bool found = square(g, r, &at);
        int size = glay_dn(r, die) + plus; /* drawn whether or not a start was found */
        if (i == 0)
            *first_size = (uint8_t)size;
        if (found) {
            place_blob(g, r, at, size, k);
            placed++;
        }
    }
    return placed;
}

static void smooth(grid_t *g)
{
    /* in place, row by row: an opened cell counts as floor for the next */
    for (int y = SHRUNK1.y1; y <= SHRUNK1.y2; y++)
        for (int x = SHRUNK1.x1; x <= SHRUNK1.x2; x++)
            if (grid_get(g, x, y) == CELL_WALL &&
                glay_around(g, x, y, CELLSET(CELL_WALL)) < SMOOTH_WALLS_BELOW)
                grid_set(g, x, y, CELL_FLOOR);
    /* marked, then opened after the pass: a marked cell is neither floor nor
     * wall while the pass runs */
    for (int y = SHRUNK2.y1; y <= SHRUNK2.y2; y++)
        for (int x = SHRUNK2.x1; x <= SHRUNK2.x2; x++)
            if (grid_get(g, x, y) == CELL_FLOOR &&
                glay_cross_around(g, x, y, CELLSET(CELL_WALL)) > OPEN_CROSS_WALLS_ABOVE) {
                grid_set(g, x, y - 1, MARKER);
                grid_set(g, x - 1, y, MARKER);
                grid_set(g, x + 1, y, MARKER);
                grid_set(g, x, y + 1, MARKER);
            }
    transmute(g, MARKER, CELL_FLOOR);
}

static bool all_floor(const grid_t *g, const area_t *a)
{
    for (int y = a->y1; y <= a->y2; y++)
        for (int x = a->x1; x <= a->x2; x++)
            if (grid_get(g, x, y) != CELL_FLOOR)
                return false;
    return true;
}

/* Up to random(5,7) buildings in 1000 tries (*drawn: that count); returns
 * those placed. */
static int buildings(grid_t *g, rng_t *r, uint8_t *drawn)
{
    const int most = glay_between(r, BUILDINGS_MIN, BUILDINGS_MAX);
    *drawn = (uint8_t)most;
    int placed = 0;
    for (int i = 0; i < BUILDING_TRIES; i++) {
        int w = glay_between(r, BUILDING_W_MIN, BUILDING_W_MAX);
        int h = glay_between(r, BUILDING_H_MIN, BUILDING_H_MAX);
        area_t a = glay_random_subarea(r, &SHRUNK1, w, h);
        if (!all_floor(g, &a))
            continue;
        area_t ring = {a.x1 + 1, a.y1 + 1, a.x2 - 1, a.y2 - 1};
        fill(g, &ring, CELL_WALL);
        point_t door = glay_inner_edge_coord(r, &ring);
        grid_set(g, door.x, door.y, CELL_DOOR);
        area_t inside = {ring.x1 + 1, ring.y1 + 1, ring.x2 - 1, ring.y2 - 1};
        fill(g, &inside, MARKER);
        if (++placed == most)
            break;
    }
    return placed;
}

static void caves_2(layout_ctx_t *ctx, const glay_tables_t *t, square_fn square)
{
    level_t *lv = ctx->lv;
    grid_t *g = &lv->map;
    rng_t *r = ctx->layout, *w = ctx->water;

    cell_t fluid = CELL_LAVA;
    if (glay_dn(w, FLUID_DIE) == 1)
        fluid = CELL_WATER;
    if (glay_dn(w, FLUID_DIE) == 1)
        fluid = CELL_ACID;
    /* [game-0.10.10b: generator.lua:368] (docs/rules.md H19) past a dlevel,
     * blood with a d3 of 1, drawn only there; game-0.9.9.7 has none */
    if (t->k.caves2_blood_above > 0 && lv->dlevel > t->k.caves2_blood_above &&
        glay_dn(w, t->k.caves2_blood_die) == 1)
        fluid = CELL_BLOOD;
    lv->obs.game.lake_fluid = (uint8_t)fluid;

    grid_fill(g, CELL_WALL);
    grid_fill_rect(g, BAND_X1, BAND_Y1, BAND_X2, BAND_Y2, CELL_FLOOR);
    const int early = glay_dn(r, EARLY_DIE) + EARLY_PLUS;
    lv->obs.game.walk_len[0] = (uint8_t)early;
    caves_edge_walks(lv, r, EARLY_WALKS, early, CELL_FLOOR);
    const int late = glay_dn(r, LATE_DIE) + LATE_PLUS;
    lv->obs.game.walk_len[1] = (uint8_t)late;
    caves_edge_walks(lv, r, LATE_WALKS, late, CELL_FLOOR);
    smooth(g);

    const int pillars = glay_dn(r, PILLARS_DIE) + PILLARS_PLUS;
    lv->obs.game.pillars_drawn = (uint8_t)pillars;
    int placed = blobs(g, r, square, pillars, PILLAR_SIZE_DIE, PILLAR_SIZE_PLUS, MARKER,
                       &lv->obs.game.blob_size[0]);
    transmute(g, MARKER, CELL_WALL);
    lv->obs.game.buildings = (uint8_t)buildings(g, r, &lv->obs.game.buildings_drawn);

    const int lakes = glay_dn(w, LAKES_DIE) + LAKES_PLUS;
    lv->obs.game.lakes_drawn = (uint8_t)lakes;
    placed += blobs(g, w, square, lakes, LAKE_SIZE_DIE, LAKE_SIZE_PLUS, fluid,
                    &lv->obs.game.blob_size[1]);
    lv->obs.game.blobs = (uint8_t)placed;
    transmute(g, MARKER, CELL_FLOOR);
    for (int y = SHRUNK1.y1; y <= SHRUNK1.y2; y++)
        for (int x = SHRUNK1.x1; x <= SHRUNK1.x2; x++)
            if (grid_get(g, x, y) == fluid &&
                glay_around(g, x, y, CELLSET(fluid)) < DRY_FLUID_BELOW)
                grid_set(g, x, y, CELL_FLOOR);
}

void glay_caves_2(layout_ctx_t *ctx, const glay_tables_t *t)
{
    caves_2(ctx, t, random_square);
}

/* [game-0.10.10b: valk:src/vluamapnode.pas:1086-1115] (docs/rules.md H2,
 * H19) the blob start: 40001 draws in the map shrunk by one, then a scan */
static bool square10(const grid_t *g, rng_t *r, point_t *at)
{
    static const area_t MAP = {1, 1, GRID_W, GRID_H};
    return glay10_square(g, r, &MAP, at);
}

void glay10_caves_2(layout_ctx_t *ctx, const glay_tables_t *t)
{
    caves_2(ctx, t, square10);
}
