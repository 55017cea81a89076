/* gpop.c - the population steps of the game-0.9.9.7 ruleset (GAME pipeline
 * steps 5-11 [game: generator.lua:52-87]), in the game's order:
 *
 *  5. barrels [game: generator.lua:568-592];
 *  6. special rooms, handle_rooms [game: bin/core/generator.lua:313-350;
 *     rooms.lua];
 *  7. monsters: flood_monsters over the being table and groups, a cave set,
 *     the single-monster table or single_plus [game: level.lua:46-106;
 *     generator.lua:395-438; generators.lua:265-347];
 *  8. items [game: level.lua:109-125] (caves: 10 items before the monsters);
 *  9. stairs, 10. player [game: bin/core/generator.lua:151-167];
 * 11. event [game: generator.lua:83-87] and the generator's hunting chance.
 *
 * Cells are drlsim's; the game's empty-cell test [game: dflevel.pas:212-223]
 * is approximated on them as the [decision]s below say.  A cell that passes
 * is found as the game finds it: uniform coordinates over the area, retried
 * until one passes, at most GPOP_EMPTY_TRIES times.
 */
#include "gpop.h"

#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grandom.h"
#include "gskip.h"
#include "poptable.h" /* AMMO_* kinds, as rolls_t.ammo_kind records them */

/* [game: vmaparea.pas:154-166] random_empty_coord gives up after this many
 * uniform draws (Part G; GPOP_RULES_G). */
#define GPOP_EMPTY_TRIES 5000
/* [decision: GPOP_DOOR_BLOCKS] a closed door counts as a blocking cell for
 * EF_NOBLOCK (the game opens doors by bumping into them); only floor, water,
 * acid, lava, bridge and stairs are free to stand on. */
#define GPOP_DOOR_BLOCKS 1
/* [decision: GPOP_DROP_RADIUS] a group member that cannot stand on the
 * group's cell goes to a uniformly chosen free cell of the nearest ring
 * (Chebyshev distance 1, then 2, ...) up to this distance; none: lost.  The
 * game moves it to the nearest free cell within radius 1, then 5
 * [game: dflevel.pas:769]. */
#define GPOP_DROP_RADIUS 5
/* The largest drop radius any ruleset's gpop_rules_t may ask for: the ring
 * lists are sized by it. */
#define GPOP_DROP_RADIUS_MAX GPOP_RING_MAX
/* [decision: GPOP_ROOM_ITEMS] items that special rooms drop (lever,
 * teleporter, ammo stacks, vault loot) occupy their cell for the later
 * EF_NOITEMS tests but are not level items (obs.items counts flood_items). */
#define GPOP_ROOM_ITEMS 1
/* [decision: GPOP_ITEM_KINDS] item kinds are not modelled: flood_items draws
 * no item-table roll and never re-rolls a unique. */
#define GPOP_ITEM_KINDS 0

/* [game: rooms.lua:16-26] the lever kinds' total weight (one roll per lever) */
#define GPOP_LEVER_WEIGHTS 17
/* [game: rooms.lua:45-52] a teleporter: at most 4 interior picks, each needing
 * more than 2 orthogonal floor neighbours */
#define GPOP_TELEPORT_TRIES 4
#define GPOP_TELEPORT_MIN_FLOOR 3
/* [game: rooms.lua:62-68] ammo room: roll = 1d3 + dlevel, kind by < 5, < 11,
 * < 13, else cells; 1d3 + 2 stacks */
#define GPOP_AMMO_DIE 3
#define GPOP_AMMO_10MM_BELOW 5
#define GPOP_AMMO_SHELLS_BELOW 11
#define GPOP_AMMO_ROCKETS_BELOW 13
#define GPOP_AMMO_STACKS_DIE 3
#define GPOP_AMMO_STACKS_ADD 2
/* [game: rooms.lua:80-92] basain: 1d10 + floor(dlevel/5): < 8 water, < 13
 * acid, else lava; with 1d3 < 3 in a room of both sides >= 6, a bridge ring */
#define GPOP_BASAIN_DIE 10
#define GPOP_BASAIN_DLEVEL_DIV 5
#define GPOP_BASAIN_WATER_BELOW 8
#define GPOP_BASAIN_ACID_BELOW 13
#define GPOP_BASAIN_BRIDGE_DIE 3
#define GPOP_BASAIN_BRIDGE_BELOW 3
#define GPOP_BASAIN_BRIDGE_MIN 6
/* [game: rooms.lua:103; bin/core/generator.lua:280-300] warehouse room:
 * warehouse_fill of the interior with 2x2 crates, 30 tries, 5% special */
#define GPOP_WH_BOX 2
#define GPOP_WH_TRIES 30
#define GPOP_WH_SPECIAL_DIE 100
/* [game: rooms.lua:118-175] vault: 1d2 for the (unused) spacing when both
 * sides > 10; never locked (8.3); guards by max(1d5 + dl + 3(D-2), 1):
 * < 4 former, < 10 lost soul, < 15 demon, < 30 cacodemon, else cacodemon or
 * by roll mod 6 (4 ncacodemon, 5 ndemon, 3 nimp); 1d4 + 2 + diffmod guards,
 * diffmod = 1d(2(D-2)) when positive; 1d3 + 2 loot items */
#define GPOP_VAULT_SPACE_ABOVE 10
#define GPOP_VAULT_GUARD_DIE 5
#define GPOP_VAULT_FORMER_BELOW 4
#define GPOP_VAULT_LOSTSOUL_BELOW 10
#define GPOP_VAULT_DEMON_BELOW 15
#define GPOP_VAULT_CACO_BELOW 30
#define GPOP_VAULT_COUNT_DIE 4
#define GPOP_VAULT_COUNT_ADD 2
#define GPOP_VAULT_LOOT_DIE 3
#define GPOP_VAULT_LOOT_ADD 2
#define GPOP_MAX_GUARDS 32
/* the guard ids, in the order of gpop_tables_t.vault_guard */
enum {
    GUARD_FORMER,
    GUARD_LOSTSOUL,
    GUARD_DEMON,
    GUARD_CACO,
    GUARD_NCACO,
    GUARD_NDEMON,
    GUARD_NIMP
};
static const char *const VAULT_GUARD_IDS[GPOP_VAULT_GUARD_IDS] = {
    "former", "lostsoul", "demon", "cacodemon", "ncacodemon", "ndemon", "nimp"};
/* [game: bin/data/core/generator.lua:1263-1293] a flood event's two end
 * zones (docs/rules.md H33) */
#define GPOP_FLOOD_WEST_X1 2
#define GPOP_FLOOD_WEST_X2 20
#define GPOP_FLOOD_EAST_X1 60
#define GPOP_FLOOD_Y1 2
#define GPOP_FLOOD_Y2 19
/* [game: bin/data/core/generator.lua:556-583] the player's tries, and the
 * radius one less after every third (H31) */
#define GPOP_PLAYER_TRIES 12
#define GPOP_PLAYER_STEP 3
#define GPOP_PLAYER_MIN_RADIUS 2
/* the events whose setup is a flood's (population.json events.list ids) */
#define GPOP_FLOOD_PREFIX "flood_"

/* Part G's steps: what game-0.9.9.7 does where Part H differs. */
const gpop_rules_t GPOP_RULES_G = {
    .empty_tries = GPOP_EMPTY_TRIES,
    .empty_scan = false,
    .drop_radius = GPOP_DROP_RADIUS,
    .drop_least_distance = false,
    .barrels_after_rooms = false,
    .barrels_dry = false,
    .room_list_types = ~UINT32_C(0), /* the count is drawn whatever the layout gave */
    .player_safe = false,
    .player_radius = {0},
    .flood_setup = false,
    .side_stairs = false,
};

/* The game's empty-test flags [game: constants.lua:165-173]. */
enum {
    EF_NOBLOCK = 1,
    EF_NOITEMS = 2,
    EF_NOBEINGS = 4,
    EF_NOSTAIRS = 8,
    EF_NOHARM = 16,
    EF_NOSPAWN = 32,
    EF_NOLIQUID = 64, /* H3; a kind test only, never stored in gp_t.occ */
};
#define EF_STANDARD (EF_NOBEINGS | EF_NOITEMS | EF_NOSTAIRS | EF_NOBLOCK | EF_NOHARM | EF_NOSPAWN)
#define EF_MONSTER (EF_NOBEINGS | EF_NOBLOCK | EF_NOHARM | EF_NOSPAWN)
#define EF_ITEM (EF_NOITEMS | EF_NOBLOCK | EF_NOHARM | EF_NOSPAWN)
#define EF_MEMBER (EF_NOBEINGS | EF_NOBLOCK | EF_NOSTAIRS)
#define EF_PLAYER_LAST (EF_NOBEINGS | EF_NOITEMS | EF_NOBLOCK | EF_NOSPAWN)
#define EF_ROOM_ITEM (EF_NOBLOCK | EF_NOSTAIRS | EF_NOITEMS | EF_NOHARM | EF_NOSPAWN)

/* An inclusive area of cells. */
typedef struct area {
    int x1, y1, x2, y2;
} area_t;

static const area_t FULL = {1, 1, GRID_W, GRID_H};

typedef struct gp {
    level_t *lv;
    const gpop_tables_t *t;
    const gpop_gen_t *g;
    const gpop_rules_t *k;
    rng_t *r;
    /* What stands on each cell (by GRID_IDX), as the empty-test flags it
     * fails: EF_NOBEINGS (a being), EF_NOITEMS (an item), EF_NOSPAWN (the
     * no-spawn flag).  One byte a cell, so the test of a cell is two loads
     * and an AND (is_empty); the cell's kind contributes through
     * KIND_FAILS. */
    uint8_t occ[GRID_CELLS];
    int nguards;
    monster_t guard[GPOP_MAX_GUARDS];
} gp_t;

/* ---- the game's RNG primitives: game_random, game_random_at (grandom.h) ---- */

/* weight_table:roll() over w[0..n-1]: the first index whose running sum
 * exceeds Random(total). */
int weight_roll(rng_t *r, const int *w, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += w[i];
    assert(total > 0);
    int x = game_random(r, total), upto = 0;
    for (int i = 0; i < n; i++) {
        upto += w[i];
        if (upto > x)
            return i;
    }
    return n - 1;
}

/* weight_roll over running sums made once: cum[i] is the sum of the weights
 * 0..i.  The sums never decrease, so the index of the first one above x
 * (where weight_roll's scan stops) is the number of sums not above x:
 * counted without a branch, where the scan's exit is a mispredicted jump
 * at a random place. */
static int weight_pick(rng_t *r, const int *cum, int n)
{
    assert(n > 0 && cum[n - 1] > 0);
    const int x = game_random(r, cum[n - 1]);
    int i = 0;
    for (int k = 0; k < n; k++)
        i += cum[k] <= x;
    return i;
}

/* ---- the empty test ---- */

/* The cell kinds that fail the kind tests of the empty test under flags,
 * as a set (bit k: kind k): EF_NOBLOCK, a kind that is not passable (wall,
 * crate, border fluid, barrels) and, GPOP_DOOR_BLOCKS, a door; EF_NOHARM,
 * acid and lava; EF_NOSTAIRS, stairs.  Exactly the kind tests of the game's
 * empty test as the [decision]s above read it.  With flags known where it
 * is called, the set is a constant. */
static inline cellset_t kinds_failing(int flags)
{
    return ((flags & EF_NOBLOCK)
                ? CELLSET_IMPASSABLE | (GPOP_DOOR_BLOCKS ? CELLSET(CELL_DOOR) : 0)
                : 0) |
           ((flags & EF_NOHARM) ? CELLSET(CELL_ACID) | CELLSET(CELL_LAVA) : 0) |
           ((flags & EF_NOSTAIRS) ? CELLSET(CELL_STAIRS) : 0);
}

/* The liquids (cell_liquid), as a set: EF_NOLIQUID's kind test. */
static inline cellset_t cellset_liquid(void)
{
    cellset_t set = 0;
    for (int k = 0; k < CELL__COUNT; k++)
        set |= (cellset_t)cell_liquid((cell_t)k) << k;
    return set;
}

/* The kind tests of the empty test by kind: bit f of KIND_FAILS[k] when
 * kind k fails flag f (kinds_failing, and EF_NOLIQUID for the liquids).
 * Kind and occupant flags are disjoint bits, so a cell fails flags when
 * (KIND_FAILS[kind] | occ) & flags is not zero: a byte from a table, an OR
 * and a test, where the set needs a shift and two masks.  The kinds'
 * sets spelled as constants; gpop_tables_derive checks them against
 * kinds_failing and cell_liquid. */
#define KF_BLOCK (CELLSET_IMPASSABLE | (GPOP_DOOR_BLOCKS ? CELLSET(CELL_DOOR) : 0))
#define KF_HARM (CELLSET(CELL_ACID) | CELLSET(CELL_LAVA))
#define KF_LIQUID                                                                            \
    (CELLSET(CELL_WATER) | CELLSET(CELL_ACID) | CELLSET(CELL_LAVA) | CELLSET(CELL_MUD) |   \
     CELLSET(CELL_BLOOD))
#define KF(k)                                                                                \
    (uint8_t)((((KF_BLOCK >> (k)) & 1u) ? EF_NOBLOCK : 0) |                                  \
              (((KF_HARM >> (k)) & 1u) ? EF_NOHARM : 0) |                                    \
              ((k) == CELL_STAIRS ? EF_NOSTAIRS : 0) |                                       \
              (((KF_LIQUID >> (k)) & 1u) ? EF_NOLIQUID : 0))
_Static_assert(CELL__COUNT <= 16, "the kinds fit the table");
static const uint8_t KIND_FAILS[16] = {KF(0), KF(1), KF(2),  KF(3),  KF(4),  KF(5),
                                       KF(6), KF(7), KF(8),  KF(9),  KF(10), KF(11),
                                       KF(12), KF(13), KF(14), KF(15)};
_Static_assert(((EF_NOBLOCK | EF_NOHARM | EF_NOSTAIRS | EF_NOLIQUID) &
                (EF_NOBEINGS | EF_NOITEMS | EF_NOSPAWN)) == 0,
               "kind and occupant flags are disjoint");

/* The empty test of the cell whose kind is *cell and whose occupant flags
 * are *on: fails when its kind or what stands on it fails one of the flags. */
static inline bool empty_of(const uint8_t *cell, const uint8_t *on, int flags)
{
    return ((KIND_FAILS[*cell] | *on) & flags) == 0;
}

/* The empty test of map cell idx. */
static inline bool empty_at(const gp_t *s, int idx, int flags)
{
    return empty_of(&s->lv->map.c[idx], &s->occ[idx], flags);
}

/* The occupant bytes a level reads (gpop_populate clears them): rows 1 to
 * GRID_H whole, and the 16 bytes being_near may read from the last cell
 * (it masks those past its cells). */
#define GPOP_OCC_FIRST GRID_IDX(0, 1)
#define GPOP_OCC_CLEAR (GRID_H * GRID_STRIDE + 16)
_Static_assert(GPOP_OCC_FIRST + GPOP_OCC_CLEAR <= GRID_CELLS, "the cleared bytes lie in occ");

/* Mark what now stands on (x, y): EF_NOBEINGS, EF_NOITEMS or EF_NOSPAWN. */
static inline void occupy(gp_t *s, int x, int y, int what)
{
    s->occ[GRID_IDX(x, y)] |= (uint8_t)what;
}

/* The draws a search makes before it looks whether any cell of its area
 * passes at all (first_empty).  Not a rule: any number gives the same
 * draws and the same cell; this many leaves the look out of nearly every
 * search that finds a cell, and takes it before the long run of draws of
 * one that finds none (up to GPOP10_EMPTY_TRIES under Part H). */
#define GPOP_EMPTY_PROBE 32 /* at most a ruleset's empty_tries */

/* Up to n uniform cells of a (w x h cells from its corner), drawn from *r,
 * until one passes the empty test; false when none did. */
static inline bool draw_empty(const gp_t *s, rng_t *r, int flags, area_t a, uint32_t w,
                              uint32_t h, int n, point_t *out, int *at)
{
    /* the cell (x1 + dx, y1 + dy) is dx + dy * GRID_STRIDE past the
     * corner's: unsigned offsets from two fixed bases, no sign extension */
    const int corner = GRID_IDX(a.x1, a.y1);
    const uint8_t *cell = &s->lv->map.c[corner], *on = &s->occ[corner];
    for (int i = 0; i < n; i++) {
        uint32_t dx, dy;
        if (GAME_CELL_ONE_OUTPUT) { /* game_random_at's draws, w and h positive */
            rng_below_pair(r, w, h, &dx, &dy);
        } else {
            dx = (uint32_t)game_random(r, (int)w);
            dy = (uint32_t)game_random(r, (int)h);
        }
        const uint32_t off = dx + dy * GRID_STRIDE;
        if (empty_of(cell + off, on + off, flags)) {
            *out = (point_t){(uint8_t)(a.x1 + (int)dx), (uint8_t)(a.y1 + (int)dy)};
            *at = corner + (int)off;
            return true;
        }
    }
    return false;
}

/* The first cell of a row-by-row scan of a that passes the empty test;
 * false when none does. */
static bool first_empty(const gp_t *s, int flags, area_t a, point_t *out)
{
    for (int y = a.y1; y <= a.y2; y++)
        for (int x = a.x1; x <= a.x2; x++)
            if (empty_at(s, GRID_IDX(x, y), flags)) {
                *out = (point_t){(uint8_t)x, (uint8_t)y};
                return true;
            }
    return false;
}

/* The stretch of the tables' skip (gskip.h): a quarter of Part G's draws
 * after the probe, so that a search of Part G that finds nothing is one
 * round of four stretches, and one of Part H (GPOP10_EMPTY_TRIES, 10001
 * draws) two rounds and 33 draws one by one.  Not a rule: any stretch
 * moves the stream alike. */
#define GPOP_SKIP_STRETCH ((GPOP_EMPTY_TRIES - GPOP_EMPTY_PROBE) / GSKIP_LANES)

void gpop_tables_skip(gpop_tables_t *t)
{
    gskip_make(&t->skip, GPOP_SKIP_STRETCH);
}

/* A search's draws after GPOP_EMPTY_PROBE found nothing: the scan made at
 * once (first_empty); where no cell passes, the remaining n draws can find
 * none either and only move the stream (gskip_cells); else they are drawn
 * and tested, and the scan's cell is H2's answer when none passes.  Apart
 * from the search's first draws (rarely reached): the stream comes and
 * goes by value, so the callers' copies keep their state in registers. */
static __attribute__((noinline)) rng_t search_rest(const gp_t *s, rng_t r, int flags, area_t a,
                                                   uint32_t w, uint32_t h, int n, point_t *out,
                                                   bool *found)
{
    point_t first;
    int at;
    *found = false;
    if (!first_empty(s, flags, a, &first)) {
        gskip_cells(&r, w, h, n, &s->t->skip);
    } else {
        *found = draw_empty(s, &r, flags, a, w, h, n, out, &at);
        if (!*found && s->k->empty_scan) { /* H2 */
            *out = first;
            *found = true;
        }
    }
    return r;
}

/* random_empty_coord(flags, area): uniform coordinates of a (x drawn before
 * y) until one passes the empty test, at most the rules' empty_tries draws;
 * under H2 (empty_scan) then the first cell of a row-by-row scan that
 * passes; false when none did; random_empty_from draws from `stream`.
 * After GPOP_EMPTY_PROBE draws search_rest goes on.  The draws come from a
 * local copy of the stream, written back at the end: the same draws, but
 * the state stays in registers.  A loop of placements passes its own local
 * copy of s->r as the stream, whose address no stored pointer holds, so
 * the state stays in registers across the whole loop.
 * Inline, always (the rest is search_rest): most calls search the whole
 * map, whose clamping then folds away with the call itself, and the flags
 * are known where it is called.  random_empty_at also gives the cell's
 * index (GRID_IDX) as *at, for callers that mark or read the cell. */
static inline __attribute__((always_inline)) bool random_empty_at(gp_t *s, rng_t *stream,
                                                                  int flags, area_t a,
                                                                  point_t *out, int *at)
{
    if (a.x1 < 1)
        a.x1 = 1;
    if (a.y1 < 1)
        a.y1 = 1;
    if (a.x2 > GRID_W)
        a.x2 = GRID_W;
    if (a.y2 > GRID_H)
        a.y2 = GRID_H;
    if (a.x1 > a.x2 || a.y1 > a.y2)
        return false;
    const uint32_t w = (uint32_t)(a.x2 - a.x1 + 1), h = (uint32_t)(a.y2 - a.y1 + 1);
    rng_t r = *stream;
    bool found = draw_empty(s, &r, flags, a, w, h, GPOP_EMPTY_PROBE, out, at);
    if (!found) { /* empty_tries >= GPOP_EMPTY_PROBE (gpop_populate) */
        r = search_rest(s, r, flags, a, w, h, s->k->empty_tries - GPOP_EMPTY_PROBE, out, &found);
        *at = GRID_IDX(out->x, out->y); /* read only when found */
    }
    *stream = r;
    return found;
}

static inline __attribute__((always_inline)) bool random_empty_from(gp_t *s, rng_t *stream,
                                                                    int flags, area_t a,
                                                                    point_t *out)
{
    int at;
    return random_empty_at(s, stream, flags, a, out, &at);
}

bool gpop_search_cell(rng_t *r, int x1, int y1, int x2, int y2, int tries, bool scan,
                      bool (*ok)(const void *ctx, int x, int y), const void *ctx, point_t *out)
{
    if (x1 > x2 || y1 > y2)
        return false;
    for (int i = 0; i < tries; i++) {
        int x, y;
        game_random_at(r, x1, x2 - x1 + 1, y1, y2 - y1 + 1, &x, &y);
        if (ok(ctx, x, y)) {
            *out = (point_t){(uint8_t)x, (uint8_t)y};
            return true;
        }
    }
    for (int y = y1; scan && y <= y2; y++)
        for (int x = x1; x <= x2; x++)
            if (ok(ctx, x, y)) {
                *out = (point_t){(uint8_t)x, (uint8_t)y};
                return true;
            }
    return false;
}

static inline bool random_empty(gp_t *s, int flags, area_t a, point_t *out)
{
    return random_empty_from(s, s->r, flags, a, out);
}

static area_t room_area(const room_t *rm, int shrink)
{
    return (area_t){rm->x + shrink, rm->y + shrink, rm->x + rm->w - 1 - shrink,
                    rm->y + rm->h - 1 - shrink};
}

/* Set the cells of a that lie on the map to k. */
static void fill(gp_t *s, area_t a, cell_t k)
{
    grid_fill_rect(&s->lv->map, a.x1, a.y1, a.x2, a.y2, k);
}

/* ---- step 5: barrels ---- */

static void barrels(gp_t *s)
{
    const gpop_tables_t *t = s->t;
    /* H28: off every liquid, and an item that blocks for the later tests */
    const bool dry = s->k->barrels_dry;
    const int holds = dry ? EF_NOITEMS : 0;
    obs_t *o = &s->lv->obs;
    rng_t r = *s->r; /* a local copy for the whole step (random_empty_from) */
    int lvl = s->lv->dlevel + rng_d(&r, t->barrel_level_die);
    int count = rng_d(&r, t->barrel_big_die) == t->barrel_big_die ? t->barrel_big_count
                                                                   : t->barrel_count;
    int row = 0;
    while (row < t->nbarrel_rows - 1 && lvl > t->barrel_row[row].lvl_max)
        row++;
    const gpop_barrel_row_t *br = &t->barrel_row[row];
    cell_t first = (cell_t)br->first, second = (cell_t)br->second;
    if (br->alt_die && rng_d(&r, br->alt_die) == 1)
        first = (cell_t)br->first_alt;
    o->game.barrel_count = (uint8_t)count;
    /* count / 2 pairs, each the first kind then the second */
    const cell_t kind[2] = {first, second};
    for (int i = 0; i < count / 2 * 2; i++) {
        point_t c;
        int at;
        /* each search with its flags known, so that its kind test folds */
        if (!(dry ? random_empty_at(s, &r, EF_STANDARD | EF_NOLIQUID, FULL, &c, &at)
                  : random_empty_at(s, &r, EF_STANDARD, FULL, &c, &at)))
            continue;
        const cell_t k = kind[i & 1];
        uint8_t *cell = &s->lv->map.c[at];
        o->game.barrels_wet += (KIND_FAILS[*cell] & EF_NOLIQUID) != 0; /* cell_liquid */
        *cell = (uint8_t)k;
        s->occ[at] |= (uint8_t)holds;
        o->game.barrels++;
        o->game.barrels_by_kind[k - CELL_BARREL]++;
    }
    *s->r = r;
}

/* ---- step 6: special rooms ---- */

/* Does room rm fit type rt?  The five tests joined with & (no early exit:
 * on random rooms each && is a branch the CPU guesses wrong). */
static bool fits(const gpop_room_type_t *rt, const room_t *rm)
{
    return (rm->w >= rt->min_size) & (rm->h >= rt->min_size) & (rm->w <= rt->max_x) &
           (rm->h <= rt->max_y) & (rm->w * rm->h <= rt->max_area);
}

/* May room rm hold a locked vault's key (H39: both sides at least the
 * key size)? */
static bool room_key_fits(const gpop_tables_t *t, const room_t *rm)
{
    return (rm->w >= t->vault_key_min) & (rm->h >= t->vault_key_min);
}

/* A vault guard of monster kind k (-1: the table has no such kind) at c. */
static void add_guard(gp_t *s, int k, point_t c)
{
    if (k < 0 || s->nguards >= GPOP_MAX_GUARDS)
        return;
    s->guard[s->nguards++] = (monster_t){(uint8_t)k, c.x, c.y, 0};
    occupy(s, c.x, c.y, EF_NOBEINGS);
}

static bool setup_lever(gp_t *s, rng_t *r, const room_t *rm)
{
    point_t c;
    if (!random_empty_from(s, r, EF_ROOM_ITEM, room_area(rm, 0), &c))
        return false;
    const gpop_tables_t *t = s->t;
    if (t->nlevers == 0) {
        (void)game_random(r, GPOP_LEVER_WEIGHTS); /* the lever's kind */
    } else { /* H36: the kind by the table's weights, then its whole-map d100 */
        /* weight_roll over the weights: its draw and its pick */
        const int kind = weight_pick(r, t->lever_cum, t->nlevers);
        s->lv->obs.game.lever_kind = (uint8_t)(kind + 1);
        if (t->lever[kind].full > 0)
            (void)rng_d(r, 100); /* the lever acts on the whole map or the room */
    }
    occupy(s, c.x, c.y, GPOP_ROOM_ITEMS ? EF_NOITEMS : 0);
    return true;
}

static int cross_floor(const gp_t *s, int x, int y)
{
    const grid_t *g = &s->lv->map;
    return (grid_get(g, x - 1, y) == CELL_FLOOR) + (grid_get(g, x + 1, y) == CELL_FLOOR) +
           (grid_get(g, x, y - 1) == CELL_FLOOR) + (grid_get(g, x, y + 1) == CELL_FLOOR);
}

static bool setup_teleport(gp_t *s, rng_t *r, const room_t *rm)
{
    area_t in = room_area(rm, 1);
    for (int i = 0; i < GPOP_TELEPORT_TRIES; i++) {
        int x, y;
        game_random_at(r, in.x1, in.x2 - in.x1 + 1, in.y1, in.y2 - in.y1 + 1, &x, &y);
        if (cross_floor(s, x, y) >= GPOP_TELEPORT_MIN_FLOOR) {
            occupy(s, x, y, GPOP_ROOM_ITEMS ? EF_NOITEMS : 0);
            return true;
        }
    }
    return false;
}

/* H38: the tiers' list, one pick by weight, amount uniform */
static void setup_ammo_tiers(gp_t *s, rng_t *r, const room_t *rm)
{
    const gpop_tables_t *t = s->t;
    rolls_t *ro = &s->lv->obs.roll;
    const int roll = rng_d(r, t->ammo_die) + s->lv->dlevel;
    const gpop_ammo_entry_t *list[GPOP_MAX_AMMO_TIERS * GPOP_MAX_AMMO_ENTRIES];
    int n = 0, total = 0;
    for (int i = 0; i < t->nammo_tiers; i++)
        if (roll > t->ammo_tier[i].above)
            for (int j = 0; j < t->ammo_tier[i].n; j++) {
                list[n++] = &t->ammo_tier[i].e[j];
                total += t->ammo_tier[i].e[j].weight;
            }
    int pick = rng_d(r, total), e = 0;
    while ((pick -= list[e]->weight) > 0)
        e++;
    const int stacks = rng_range(r, list[e]->lo, list[e]->hi);
    ro->ammo = (int16_t)roll;
    ro->ammo_kind = (int8_t)list[e]->kind;
    ro->ammo_stacks = (int8_t)stacks;
    for (int i = 0; i < stacks; i++) {
        point_t c;
        if (!random_empty_from(s, r, EF_ITEM, room_area(rm, 0), &c))
            break;
        occupy(s, c.x, c.y, GPOP_ROOM_ITEMS ? EF_NOITEMS : 0);
    }
}

static void setup_ammo(gp_t *s, rng_t *r, const room_t *rm)
{
    if (s->t->nammo_tiers > 0) {
        setup_ammo_tiers(s, r, rm);
        return;
    }
    rolls_t *ro = &s->lv->obs.roll;
    int roll = rng_d(r, GPOP_AMMO_DIE) + s->lv->dlevel;
    int kind = roll < GPOP_AMMO_10MM_BELOW     ? AMMO_10MM
               : roll < GPOP_AMMO_SHELLS_BELOW  ? AMMO_SHELLS
               : roll < GPOP_AMMO_ROCKETS_BELOW ? AMMO_ROCKETS
                                                : AMMO_CELLS;
    int stacks = rng_d(r, GPOP_AMMO_STACKS_DIE) + GPOP_AMMO_STACKS_ADD;
    ro->ammo = (int16_t)roll;
    ro->ammo_kind = (int8_t)kind;
    ro->ammo_stacks = (int8_t)stacks;
    for (int i = 0; i < stacks; i++) {
        point_t c;
        if (!random_empty_from(s, r, EF_ITEM, room_area(rm, 0), &c))
            break;
        occupy(s, c.x, c.y, GPOP_ROOM_ITEMS ? EF_NOITEMS : 0);
    }
}

static void setup_basain(gp_t *s, rng_t *r, const room_t *rm)
{
    rolls_t *ro = &s->lv->obs.roll;
    int roll = rng_d(r, GPOP_BASAIN_DIE) + s->lv->dlevel / GPOP_BASAIN_DLEVEL_DIV;
    cell_t k = roll < GPOP_BASAIN_WATER_BELOW  ? CELL_WATER
               : roll < GPOP_BASAIN_ACID_BELOW ? CELL_ACID
                                               : CELL_LAVA;
    ro->fluid_room = (int16_t)roll;
    ro->fluid_room_kind = (int8_t)k;
    int ring = rng_d(r, GPOP_BASAIN_BRIDGE_DIE);
    bool big = rm->w >= GPOP_BASAIN_BRIDGE_MIN && rm->h >= GPOP_BASAIN_BRIDGE_MIN;
    if (ring < GPOP_BASAIN_BRIDGE_BELOW && big) {
        fill(s, room_area(rm, 1), CELL_BRIDGE);
        fill(s, room_area(rm, 2), k);
    } else {
        fill(s, room_area(rm, 1), k);
    }
}

/* Are the 4 x 4 cells from c (all on the map) floor?  CELL_FLOOR is 0,
 * so a row's four cells are all floor when they read as a zero 32-bit
 * word; the four rows' words are ORed and tested once (one branch whose
 * outcome is random, not one per row), instead of sixteen cell tests. */
static inline bool floor_4x4(const uint8_t *c)
{
    _Static_assert(CELL_FLOOR == 0, "a floor run reads as zero bytes");
    uint32_t any = 0;
    for (int k = 0; k < 4; k++) {
        uint32_t row;
        memcpy(&row, c + k * GRID_STRIDE, sizeof row);
        any |= row;
    }
    return any == 0;
}

/* A site's draws after its cell when the site is floor, and its crate
 * (the site's middle 2 x 2: stores of a known size). */
static inline void warehouse_crate(rng_t *r, uint8_t *c)
{
    (void)rng_d(r, GPOP_WH_SPECIAL_DIE); /* special crate or not: both CELL_BOX */
    (void)game_random(r, 2);             /* which of the two crate kinds */
    for (int k = 1; k <= GPOP_WH_BOX; k++)
        memset(c + k * GRID_STRIDE + 1, CELL_BOX, GPOP_WH_BOX);
}

static void setup_warehouse(gp_t *s, rng_t *r, const room_t *rm)
{
    const area_t in = room_area(rm, 1);
    const int dim = GPOP_WH_BOX + 2;
    _Static_assert(GPOP_WH_BOX + 2 == 4, "the site test reads 4 x 4 cells");
    /* random_subarea's quirk: the top-left ranges over a .. b - dim, that
     * is Random(nx) (Random(ny)) from the area's corner, Random(n) being
     * 0..n-1, or n+1..0 for n <= 0. */
    const int nx = (in.x2 - dim) - in.x1 + 1, ny = (in.y2 - dim) - in.y1 + 1;
    uint8_t *const map = s->lv->map.c;
    rng_t rl = *r; /* a local copy: the crates' stores cannot touch it */
    if (nx > 0 && ny > 0 && in.x1 >= 1 && in.y1 >= 1 && in.x2 - 1 <= GRID_W &&
        in.y2 - 1 <= GRID_H) {
        /* Both ranges positive and the area on the map (nearly always):
         * every site lies on the map, and each draw is game_random_at's
         * one output for both coordinates; the site is read from the
         * area's corner, with no coordinate made. */
        uint8_t *const corner = &map[GRID_IDX(in.x1, in.y1)];
        for (int i = 0; i < GPOP_WH_TRIES; i++) {
            uint32_t a, b;
            rng_below_pair(&rl, (uint32_t)nx, (uint32_t)ny, &a, &b);
            uint8_t *const c = corner + b * GRID_STRIDE + a;
            if (floor_4x4(c))
                warehouse_crate(&rl, c);
        }
    } else {
        for (int i = 0; i < GPOP_WH_TRIES; i++) {
            int x, y;
            game_random_at(&rl, in.x1, nx, in.y1, ny, &x, &y);
            if (x < 1 || y < 1 || x + dim - 1 > GRID_W || y + dim - 1 > GRID_H)
                continue; /* a cell off the map is no floor */
            if (floor_4x4(&map[GRID_IDX(x, y)]))
                warehouse_crate(&rl, &map[GRID_IDX(x, y)]);
        }
    }
    *r = rl;
    if (s->lv->obs.game.wh_tries == 0)
        s->lv->obs.game.wh_tries = GPOP_WH_TRIES; /* the sites drawn: all of them */
}

/* area:random_inner_edge_coord() [game: vrltools.pas:1078-1100] */
static point_t inner_edge(rng_t *r, area_t a)
{
    int xs = a.x2 - a.x1 - 1, ys = a.y2 - a.y1 - 1;
    int v = game_random(r, 2 * xs + 2 * ys);
    if (v < xs)
        return (point_t){(uint8_t)(a.x1 + 1 + v), (uint8_t)a.y1};
    if (v < 2 * xs)
        return (point_t){(uint8_t)(a.x1 + 1 + v - xs), (uint8_t)a.y2};
    if (v < 2 * xs + ys)
        return (point_t){(uint8_t)a.x1, (uint8_t)(a.y1 + 1 + v - 2 * xs)};
    return (point_t){(uint8_t)a.x2, (uint8_t)(a.y1 + 1 + v - 2 * xs - ys)};
}

/* The rooms a pick may still take, kept as the picks use them: the
 * unused ones as bits (bit j: room j); each room's types (the tables'
 * room_fits bits, with GPOP_ROOM_KEY_BIT) a byte, eight rooms to a word
 * (byte i of word w: room 8w + i); and how many unused rooms each type
 * fits, a byte each (byte k: room_type[k]), so that a pick's count is a
 * load and a shift, not a population count. */
typedef struct rooms_left {
    bitrow_t unused;
    uint64_t counts;
    int nwords;
    uint64_t types[LEVEL_MAX_ROOMS / 8];
} rooms_left_t;
_Static_assert(LEVEL_MAX_ROOMS <= 128 && LEVEL_MAX_ROOMS < 256,
               "the rooms fit in a bitrow_t, a count in a byte");
_Static_assert(GPOP_ROOM_KEY_BIT < 7, "a room's bits spread to bytes by one multiply");

/* Bits 0..6 of b to the low bits of bytes 0..6: b times the sum of
 * 2^(7k) puts bit i at 8i (k = i), and no two other pairs (i, k) meet on
 * one bit, so nothing carries. */
static inline uint64_t spread7(uint64_t b)
{
    return (b * UINT64_C(0x0002040810204081)) & UINT64_C(0x0101010101010101);
}

/* The rooms whose bit k is set, as bits: bit k of each byte of a word,
 * gathered into 8 bits by one multiply.  m has bit 8i set for each room i
 * of the word that has it; the constant has bits 56 - 7i, so the product
 * puts bit 8i at 56 + i, and every other pair of bits lands below bit 56
 * or on a bit no other pair reaches (no carry into the top byte). */
static inline bitrow_t rooms_with(const rooms_left_t *l, int k)
{
    uint64_t lo = 0, hi = 0;
    for (int w = 0; w < l->nwords; w++) {
        const uint64_t m = l->types[w] >> k & UINT64_C(0x0101010101010101);
        const uint64_t g = (m * UINT64_C(0x0102040810204080)) >> 56;
        if (w < 8)
            lo |= g << 8 * w;
        else
            hi |= g << 8 * (w - 8);
    }
    return (bitrow_t)hi << 64 | lo;
}

/* Room j is used (no change if it was already). */
static inline void room_use(rooms_left_t *l, int j)
{
    const bitrow_t bit = BITROW_BIT(j);
    if (l->unused & bit) {
        l->unused &= ~bit;
        l->counts -= spread7(l->types[j >> 3] >> 8 * (j & 7) & 0x7f);
    }
}

/* H39: the vault (room j) is marked used, a second unused room of both
 * sides at least the key size is looked up (one draw when there is one),
 * the d2 of G59, and the key cell in that room.  Locked with a key cell,
 * a d(lock_die) below the dlevel and then the lock chance: the key room is
 * used and holds the lever.  Returns whether the vault is locked. */
static bool vault_lock(gp_t *s, rng_t *r, int j, rooms_left_t *left)
{
    const gpop_tables_t *t = s->t;
    level_t *lv = s->lv;
    const room_t *rm = &lv->rooms[j];
    room_use(left, j);
    const bitrow_t cand = rooms_with(left, GPOP_ROOM_KEY_BIT) & left->unused;
    const int n = bitrow_popcount(cand);
    const int key = n > 0 ? bitrow_select(cand, game_random(r, n)) : -1;
    if (rm->w > GPOP_VAULT_SPACE_ABOVE && rm->h > GPOP_VAULT_SPACE_ABOVE)
        (void)rng_d(r, 2); /* space, unused */
    point_t c;
    const bool has_key = key >= 0 && random_empty_from(s, r, EF_ROOM_ITEM,
                                                       room_area(&lv->rooms[key], 0), &c);
    const bool locked = has_key && rng_d(r, t->vault_lock_die) < lv->dlevel &&
                        rng_chance(r, t->vault_lock_num, t->vault_lock_den);
    if (lv->obs.game.vault_lock == 0)
        lv->obs.game.vault_lock = (uint8_t)(locked ? 3 : has_key ? 2 : 1);
    if (locked) {
        room_use(left, key);
        occupy(s, c.x, c.y, GPOP_ROOM_ITEMS ? EF_NOITEMS : 0); /* the wall lever */
    }
    return locked;
}

static void setup_vault(gp_t *s, rng_t *r, int j, rooms_left_t *left)
{
    level_t *lv = s->lv;
    const room_t *rm = &lv->rooms[j];
    const bool first = lv->obs.game.guards_drawn == 0; /* the level's first vault: observed */
    bool locked = false;
    if (s->t->vault_lock)
        locked = vault_lock(s, r, j, left);
    else if (rm->w > GPOP_VAULT_SPACE_ABOVE && rm->h > GPOP_VAULT_SPACE_ABOVE)
        (void)rng_d(r, 2); /* space, unused */
    /* Part G: the key room lookup never finds a room, the vault is never
     * locked; a locked vault's ring (red wall, permanent) has no door */
    area_t v = room_area(rm, 2);
    fill(s, v, CELL_WALL);
    if (!locked) {
        point_t door = inner_edge(r, v);
        grid_set(&lv->map, door.x, door.y, CELL_DOOR);
    }
    v = (area_t){v.x1 + 1, v.y1 + 1, v.x2 - 1, v.y2 - 1};
    fill(s, v, CELL_FLOOR);
    int D = lv->difficulty;
    int roll = rng_d(r, GPOP_VAULT_GUARD_DIE) + lv->dlevel + (D - 2) * 3;
    if (roll < 1)
        roll = 1;
    if (locked)
        roll += s->t->vault_locked_add;
    int diffmod = (D - 2) * 2;
    if (diffmod > 0)
        diffmod = rng_d(r, diffmod);
    int id = roll < GPOP_VAULT_FORMER_BELOW     ? GUARD_FORMER
             : roll < GPOP_VAULT_LOSTSOUL_BELOW ? GUARD_LOSTSOUL
             : roll < GPOP_VAULT_DEMON_BELOW    ? GUARD_DEMON
                                                : GUARD_CACO;
    if (roll >= GPOP_VAULT_CACO_BELOW)
        id = roll % 6 == 4 ? GUARD_NCACO : roll % 6 == 5 ? GUARD_NDEMON : roll % 6 == 3 ? GUARD_NIMP
                                                                                   : GUARD_CACO;
    int n = rng_d(r, GPOP_VAULT_COUNT_DIE) + GPOP_VAULT_COUNT_ADD + diffmod;
    if (first)
        lv->obs.game.guards_drawn = (uint8_t)n;
    const int kind = s->t->vault_guard[id]; /* monsters_find, made with the tables */
    if (first && kind >= 0)
        lv->obs.game.guard_kind = (uint8_t)kind;
    for (int i = 0; i < n; i++) {
        point_t c;
        if (random_empty_from(s, r, EF_MONSTER, v, &c))
            add_guard(s, kind, c);
    }
    int loot = rng_d(r, GPOP_VAULT_LOOT_DIE) + GPOP_VAULT_LOOT_ADD;
    if (first)
        lv->obs.game.loot_drawn = (uint8_t)loot;
    for (int i = 0; i < loot; i++) {
        point_t c;
        if (!random_empty_from(s, r, EF_ROOM_ITEM, v, &c))
            break;
        occupy(s, c.x, c.y, GPOP_ROOM_ITEMS ? EF_NOITEMS : 0);
    }
    for (int y = v.y1; y <= v.y2; y++)
        for (int x = v.x1; x <= v.x2; x++)
            occupy(s, x, y, EF_NOSPAWN);
}

static bool setup(gp_t *s, rng_t *r, special_kind_t kind, int j, rooms_left_t *left)
{
    const room_t *rm = &s->lv->rooms[j];
    switch (kind) {
    case SPECIAL_LEVER:
        return setup_lever(s, r, rm);
    case SPECIAL_TELEPORTER:
        return setup_teleport(s, r, rm);
    case SPECIAL_AMMO:
        setup_ammo(s, r, rm);
        return true;
    case SPECIAL_FLUID:
        setup_basain(s, r, rm);
        return true;
    case SPECIAL_WAREHOUSE:
        setup_warehouse(s, r, rm);
        return true;
    case SPECIAL_VAULT:
        setup_vault(s, r, j, left);
        return true;
    default:
        return false;
    }
}

static void handle_rooms(gp_t *s)
{
    level_t *lv = s->lv;
    const gpop_tables_t *t = s->t;
    obs_t *o = &lv->obs;
    /* H9-H10: a layout that handed back no list draws no count */
    if (!((s->k->room_list_types >> lv->type) & 1u))
        return;
    int count = rng_range(s->r, s->g->rooms_lo, s->g->rooms_hi);
    o->special_made = 1;
    o->special_rolled = (uint8_t)count;
    if (count < 1 || lv->nrooms == 0)
        return;
    int cum[SPECIAL__COUNT], sum = 0; /* the types' running weights (weight_pick) */
    for (int i = 0; i < t->nroom_types; i++)
        cum[i] = sum += t->room_type[i].weight;
    /* The rooms left (rooms_left_t), made once per level (a room's size
     * never changes).  A pick's candidates, the unused rooms that fit in
     * room order, are the bits of both, and the k-th of them the k-th set
     * bit: no scan of the room list per pick. */
    rooms_left_t left;
    left.unused = BITROW_BIT(lv->nrooms) - 1;
    left.counts = 0;
    left.nwords = (lv->nrooms + 7) / 8;
    /* a word filled in a register and stored once full (a store into
     * types[j >> 3] at a shift of 8(j & 7) per room was a load, a
     * variable shift and a store each) */
    uint64_t word = 0;
    for (int j = 0; j < lv->nrooms; j++) {
        const room_t *rm = &lv->rooms[j];
        uint64_t b = 0;
        if (rm->w < GPOP_FIT_W && rm->h < GPOP_FIT_H) {
            b = t->room_fits[rm->w][rm->h];
        } else {
            for (int k = 0; k < t->nroom_types; k++)
                b |= (uint64_t)fits(&t->room_type[k], rm) << k;
            b |= (uint64_t)room_key_fits(t, rm) << GPOP_ROOM_KEY_BIT;
        }
        left.counts += spread7(b);
        word = word >> 8 | b << 56; /* room j in the top byte, the earlier ones below */
        if ((j & 7) == 7) {
            left.types[j >> 3] = word;
            word = 0;
        }
    }
    if (lv->nrooms & 7) /* the last word's rooms down to its bottom bytes */
        left.types[lv->nrooms >> 3] = word >> 8 * (8 - (lv->nrooms & 7));
    /* The picks and the setups draw from a local copy of the stream, passed
     * down and written back at the end: the setups' map stores could
     * otherwise alias the state and keep it in memory. */
    rng_t r = *s->r;
    for (int i = 0; i < count; i++) {
        const int type = t->room_pick_total > 0 ? t->room_pick[game_random(&r, t->room_pick_total)]
                                                : weight_pick(&r, cum, t->nroom_types);
        const gpop_room_type_t *rt = &t->room_type[type];
        const int n = (int)(left.counts >> 8 * type & 0xff);
        if (n == 0) {
            o->special_skipped[rt->kind]++;
            continue;
        }
        const bitrow_t cand = rooms_with(&left, type) & left.unused;
        const int k = game_random(&r, n);
        /* a tiled level's rooms are in the low half */
        const int j = (uint64_t)(cand >> 64) == 0 ? grid_select64((uint64_t)cand, k)
                                                  : bitrow_select(cand, k);
        if (!setup(s, &r, (special_kind_t)rt->kind, j, &left)) {
            o->special_skipped[rt->kind]++;
            o->game.setup_failed++;
            continue;
        }
        room_use(&left, j);
        o->special_placed[rt->kind]++;
        if (lv->nspecial < LEVEL_MAX_SPECIAL)
            lv->special[lv->nspecial++] = (special_room_t){rt->kind, (uint8_t)j};
    }
    *s->r = r;
    /* restore_walls(W, true) [game: bin/core/generator.lua:349] changes no
     * cell here: the border holds wall or CELL_EDGE already, or under Part H
     * (H9, H26) a fluid, which its re-walling skips */
}

/* ---- step 7: monsters ---- */

int gpop_dmod(const gpop_tables_t *t, int difficulty)
{
    int d = t->dmod_step * (difficulty - t->dmod_base);
    return d < t->dmod_min ? t->dmod_min : d > t->dmod_max ? t->dmod_max : d;
}

bool gpop_kind_eligible(const gpop_tables_t *t, int kind, int dlevel, int difficulty)
{
    const monster_kind_t *m = &t->monsters.kind[kind];
    return m->weight > 0 && dlevel + gpop_dmod(t, difficulty) >= m->min && dlevel <= m->max;
}

bool gpop_group_eligible(const gpop_tables_t *t, int group, int dlevel, int difficulty)
{
    const gpop_group_t *g = &t->group[group];
    return g->weight > 0 && dlevel + gpop_dmod(t, difficulty) >= g->min && dlevel <= g->max;
}

int gpop_budget(const gpop_tables_t *t, int dlevel, int difficulty)
{
    const gpop_budget_rule_t *b = &t->budget[difficulty];
    int d = dlevel; /* H40: the first dlevel_shift row the dlevel is above */
    for (int i = 0; i < t->nshifts; i++)
        if (dlevel > t->shift_above[i]) {
            d += t->shift_add[i];
            break;
        }
    double dl = (double)d;
    return (int)(b->sqrt ? ceil(sqrt(dl * b->inner) * b->outer) : ceil(dl * b->mul + b->add));
}

int gpop_budget_modified(int bw, int percent, gpop_round_t rnd)
{
    double v = (double)bw * ((double)percent / 100.0); /* the game's bw * 0.67 etc. */
    return (int)(rnd == GPOP_FLOOR ? floor(v) : ceil(v));
}

int gpop_mlevel(const gpop_tables_t *t, int dlevel, int difficulty)
{
    int m = dlevel + t->mlevel_step * (difficulty - t->mlevel_base);
    return m > 0 ? m : 0;
}

bool gpop_set_eligible(const gpop_tables_t *t, int set, int mlevel, int difficulty)
{
    const gpop_cave_set_t *c = &t->set[set];
    int dmin = mlevel > 2 * c->min ? 0 : c->min_diff;
    return mlevel >= c->min && mlevel <= c->max && difficulty >= dmin;
}

int gpop_single_shift(const gpop_tables_t *t, int dlevel, int difficulty)
{
    const gpop_single_t *s = &t->single;
    int v = dlevel + s->step * (difficulty - s->base) + s->add;
    return v < s->cap ? v : s->cap;
}

int gpop_single_outcome(const gpop_tables_t *t, int roll)
{
    const gpop_single_t *s = &t->single;
    for (int i = 0; i < s->nrows; i++)
        if (s->below[i] > roll)
            return s->row_outcome[i];
    return s->row_outcome[s->nrows - 1];
}

/* A flood's weight table (gpop_flood_table_t) and an entry of it. */
typedef gpop_flood_entry_t entry_t;
typedef gpop_flood_table_t flood_table_t;

static void table_add(flood_table_t *f, int kind, int group, int weight)
{
    f->e[f->n] = (entry_t){kind, group};
    f->cum[f->n] = (f->n > 0 ? f->cum[f->n - 1] : 0) + weight;
    f->n++;
}

/* The table is whole: its span, the least power of two not below n, and
 * INT_MAX in the sums past the entries (above every draw). */
static void table_close(flood_table_t *f)
{
    f->span = 1;
    while (f->span < f->n)
        f->span *= 2;
    for (int i = f->n; i < f->span; i++)
        f->cum[i] = INT_MAX;
    f->picks = false;
}

/* A table made once (gpop_tables_derive): the entry of each draw below its
 * total, when the total fits pick[]. */
static void table_picks(flood_table_t *f)
{
    _Static_assert(GPOP_FLOOD_ENTRIES <= UINT8_MAX + 1, "an entry's index fits a byte");
    const int total = f->n > 0 ? f->cum[f->n - 1] : 0;
    f->picks = total > 0 && total <= GPOP_FLOOD_PICKS;
    for (int x = 0, i = 0; f->picks && x < total; x++) {
        while (f->cum[i] <= x) /* the first sum above x: weight_roll's entry */
            i++;
        f->pick[x] = (uint8_t)i;
    }
}

/* weight_pick over a closed table whose total weight is total (positive):
 * the entry from pick[] when made, else the number of sums not above x,
 * found by halving the span (the sums never decrease, and those past the
 * entries are above x): log2(span) loads where the count reads every sum,
 * the same draw and the same entry. */
static inline int flood_pick(rng_t *r, const flood_table_t *f, int total)
{
    const int x = game_random(r, total);
    if (f->picks)
        return f->pick[x];
    const int *base = f->cum;
    for (unsigned half = (unsigned)f->span / 2; half > 0; half /= 2)
        base = base[half - 1] <= x ? base + half : base;
    return (int)(base - f->cum);
}

/* The being table of the eligible entries `bits` (bit i: being_entry[i]),
 * in bit order, closed. */
static void table_from_bits(const gpop_tables_t *t, bitrow_t bits, flood_table_t *f)
{
    f->n = 0;
    for (; bits; bits &= bits - 1) {
        const gpop_being_entry_t *e = &t->being_entry[bitrow_ctz(bits)];
        table_add(f, e->kind, e->group, e->weight);
    }
    table_close(f);
}

void gpop_tables_derive(gpop_tables_t *t)
{
    _Static_assert(GPOP_ROOM_KEY_BIT >= SPECIAL__COUNT && GPOP_ROOM_KEY_BIT < 8,
                   "the room types and the key bit fit in a byte");
    for (int w = 0; w < GPOP_FIT_W; w++)
        for (int h = 0; h < GPOP_FIT_H; h++) {
            const room_t rm = {0, 0, (uint8_t)w, (uint8_t)h};
            uint8_t bits = 0;
            for (int k = 0; k < t->nroom_types; k++)
                bits |= (uint8_t)(fits(&t->room_type[k], &rm) << k);
            bits |= (uint8_t)(room_key_fits(t, &rm) << GPOP_ROOM_KEY_BIT);
            t->room_fits[w][h] = bits;
        }
    int total = 0;
    for (int k = 0; k < t->nroom_types; k++)
        total += t->room_type[k].weight;
    t->room_pick_total = total <= GPOP_ROOM_PICKS ? total : 0;
    for (int k = 0, x = 0; k < t->nroom_types && t->room_pick_total > 0; k++)
        for (int i = 0; i < t->room_type[k].weight; i++)
            t->room_pick[x++] = (uint8_t)k; /* weight_roll: the first running sum above x */
    _Static_assert(MONSTER_KINDS_MAX + GPOP_MAX_GROUPS <= 128, "the entries fit in a bitrow_t");
    t->nbeing = 0;
    for (int k = 0; k < t->monsters.n; k++)
        if (t->monsters.kind[k].weight > 0)
            t->being_entry[t->nbeing++] = (gpop_being_entry_t){k, -1, t->monsters.kind[k].weight};
    for (int g = 0; g < t->ngroups; g++)
        if (t->group[g].weight > 0)
            t->being_entry[t->nbeing++] = (gpop_being_entry_t){-1, g, t->group[g].weight};
    for (int d = DIFF_ITYTD; d <= DIFF_NIGHTMARE; d++)
        for (int dl = 1; dl <= GPOP_BEING_DLEVELS; dl++) {
            bitrow_t bits = 0;
            for (int i = 0; i < t->nbeing; i++) {
                const gpop_being_entry_t *e = &t->being_entry[i];
                bool ok = e->kind >= 0 ? gpop_kind_eligible(t, e->kind, dl, d)
                                       : gpop_group_eligible(t, e->group, dl, d);
                bits |= (bitrow_t)ok << i;
            }
            t->being_eligible[d][dl] = bits;
        }
    for (int i = 0, sum = 0; i < t->nlevers; i++)
        t->lever_cum[i] = sum += t->lever[i].weight;
    /* KIND_FAILS spells the kind tests of kinds_failing and cell_liquid */
    static const int KIND_TESTS[] = {EF_NOBLOCK, EF_NOHARM, EF_NOSTAIRS, EF_NOLIQUID};
    for (int k = 0; k < CELL__COUNT; k++)
        for (size_t i = 0; i < sizeof KIND_TESTS / sizeof *KIND_TESTS; i++) {
            const int f = KIND_TESTS[i];
            const cellset_t set = kinds_failing(f) | (f == EF_NOLIQUID ? cellset_liquid() : 0);
            assert(((set >> k) & 1u) == ((KIND_FAILS[k] & f) != 0));
            (void)set;
        }
    for (int g = 0; g < GPOP_VAULT_GUARD_IDS; g++)
        t->vault_guard[g] = monsters_find(&t->monsters, VAULT_GUARD_IDS[g]);
    /* the drop rings, in ring_list's order and with its keys */
    memset(t->ring, 0, sizeof t->ring);
    for (int d = 1; d <= GPOP_RING_MAX; d++) {
        gpop_ring_t *rg = &t->ring[d];
        int n = 0;
        for (int dy = -d; dy <= d; dy++)
            for (int dx = -d; dx <= d; dx++) {
                if (abs(dx) != d && abs(dy) != d)
                    continue; /* inside the ring */
                const int key = abs(dy) == d ? abs(dx) / 2 : abs(dy) / 2;
                rg->dx[n] = (int8_t)dx;
                rg->dy[n] = (int8_t)dy;
                rg->off[n] = (int16_t)(GRID_IDX(dx, dy) - GRID_IDX(0, 0));
                rg->key[key] |= UINT64_C(1) << n;
                n++;
            }
        assert(n == 8 * d);
    }
    /* the being tables, one for each distinct set of eligible entries */
    _Static_assert(GPOP_MAX_BEING_FLOODS < GPOP_BEING_FLOOD_NONE, "an index is not NONE");
    memset(t->being_flood_of, GPOP_BEING_FLOOD_NONE, sizeof t->being_flood_of);
    t->nbeing_floods = 0;
    bitrow_t made[GPOP_MAX_BEING_FLOODS];
    for (int d = DIFF_ITYTD; d <= DIFF_NIGHTMARE; d++)
        for (int dl = 1; dl <= GPOP_BEING_DLEVELS; dl++) {
            const bitrow_t bits = t->being_eligible[d][dl];
            int k = 0;
            while (k < t->nbeing_floods && made[k] != bits)
                k++;
            if (k == GPOP_MAX_BEING_FLOODS)
                continue; /* made when the level is made */
            if (k == t->nbeing_floods) {
                made[k] = bits;
                table_from_bits(t, bits, &t->being_flood[k]);
                table_picks(&t->being_flood[k]);
                t->nbeing_floods++;
            }
            t->being_flood_of[d][dl] = (uint8_t)k;
        }
}

/* The being table [game: level.lua:1-24]: the eligible beings, then the
 * eligible groups, in table order.  Up to GPOP_BEING_DLEVELS it is one
 * made with the tables (gpop_tables_derive), or made here from their
 * eligible bits; deeper, each entry's eligibility is tested here.  f is
 * the room for a table made here; the table is returned. */
static const flood_table_t *being_table(const gpop_tables_t *t, int dlevel, int difficulty,
                                        flood_table_t *f)
{
    if (dlevel >= 1 && dlevel <= GPOP_BEING_DLEVELS) {
        const int k = t->being_flood_of[difficulty][dlevel];
        if (k != GPOP_BEING_FLOOD_NONE)
            return &t->being_flood[k];
        table_from_bits(t, t->being_eligible[difficulty][dlevel], f);
        return f;
    }
    f->n = 0;
    for (int k = 0; k < t->monsters.n; k++)
        if (gpop_kind_eligible(t, k, dlevel, difficulty))
            table_add(f, k, -1, t->monsters.kind[k].weight);
    for (int g = 0; g < t->ngroups; g++)
        if (gpop_group_eligible(t, g, dlevel, difficulty))
            table_add(f, -1, g, t->group[g].weight);
    table_close(f);
    return f;
}

static void list_table(const gpop_tables_t *t, const gpop_list_t *l, flood_table_t *f)
{
    f->n = 0;
    for (int i = 0; i < l->n; i++)
        if (t->monsters.kind[l->kind[i]].weight > 0) /* weight_table drops w <= 0 */
            table_add(f, l->kind[i], -1, t->monsters.kind[l->kind[i]].weight);
    table_close(f);
}

static inline bool put_being(gp_t *s, int kind, point_t c)
{
    level_t *lv = s->lv;
    if (lv->nmonsters >= LEVEL_MAX_MONSTERS - GPOP_MAX_GUARDS) {
        if (lv->obs.failure == FAIL_NONE)
            lv->obs.failure = FAIL_TOO_MANY;
        return false;
    }
    bool hunt = s->t->always_hunting[kind];
    lv->monster[lv->nmonsters++] = (monster_t){(uint8_t)kind, c.x, c.y, (uint8_t)hunt};
    const int idx = GRID_IDX(c.x, c.y);
    const uint8_t on = s->occ[idx]; /* what stood there: read once */
    s->occ[idx] = on | EF_NOBEINGS;
    obs_t *o = &lv->obs;
    o->first_monster = o->monsters == 0 ? (int8_t)kind : o->first_monster; /* a select */
    o->monsters++;
    o->monsters_by_kind[kind]++;
    o->danger_placed += s->t->monsters.kind[kind].danger;
    const cell_t k = (cell_t)lv->map.c[idx];
    o->game.off_spawn += (k == CELL_ACID) | (k == CELL_LAVA) | ((on & EF_NOSPAWN) != 0);
    return true;
}

/* Where a group's members go (GPOP_DROP_RADIUS): the group's cell when it
 * is free, else a uniformly drawn free cell of the nearest ring with one
 * (Chebyshev distance 1, then 2, ...), listed in row-major order.
 *
 * The members of a group are dropped one after another, nothing else is
 * placed between them, and a member only fills the cell it was given.  So
 * the ring in use keeps its list, less each cell a member took (in the
 * same order: what a new scan would list), and a ring without a free cell
 * stays without one: each ring is scanned once per group, not once per
 * member.  The cells still free are the set bits of `left` over the list:
 * the k-th free one is the k-th set bit, and a taken one clears its bit. */
typedef struct drop_ring {
    point_t at;    /* the group's cell */
    int d;         /* the ring listed: 0 the cell itself; -1 none yet */
    uint64_t left; /* bit i: cand[i] is still free */
    int nleft;     /* how many: the bits of left */
    point_t cand[8 * GPOP_DROP_RADIUS_MAX];
    /* H4 (least_distance): bit i of key[k] when cand[i]'s Distance from
     * the centre is d + k (k < nkeys), made with the list when the rules
     * ask for it */
    int nkeys;
    uint64_t key[GPOP_DROP_RADIUS_MAX / 2 + 1];
    /* the ring lies wholly on the map: its cells are the tables' (ring),
     * cand is not written */
    bool whole;
} drop_ring_t;

_Static_assert(8 * GPOP_DROP_RADIUS_MAX <= 64, "a ring's cells fit in the bits of `left`");

/* A ring's list as it is made: its cells, and which are free (kept in
 * locals, written to the ring once). */
typedef struct ring_acc {
    point_t *cand;
    int n;
    uint64_t left;
    uint64_t *key; /* the ring's key masks (drop_ring_t.key), when made */
} ring_acc_t;

/* Append (x, y) to the list when it is on the map, marked free when it is
 * (no branch on whether it is free, which is random), and with keys in
 * key mask k. */
static inline void ring_try(const gp_t *s, ring_acc_t *a, int x, int y, bool keys, int k)
{
    if (!grid_in_map(x, y))
        return;
    a->cand[a->n] = (point_t){(uint8_t)x, (uint8_t)y};
    a->left |= (uint64_t)empty_at(s, GRID_IDX(x, y), EF_MEMBER) << a->n;
    if (keys)
        a->key[k] |= UINT64_C(1) << a->n;
    a->n++;
}

/* The free cells of ring r->d in row-major order (the order of a scan of
 * the whole square): its top row, then each row between at its two ends,
 * then its bottom row.  With keys (H4), also the key masks of
 * least_distance: a cell of the top or bottom row has |dx| <= |dy| = d,
 * so its floor(min/2) is floor(|dx|/2); a cell between, floor(|dy|/2). */
static inline void ring_list(const gp_t *s, drop_ring_t *r, bool keys)
{
    const int ax = r->at.x, ay = r->at.y, d = r->d;
    r->nkeys = d / 2 + 1;
    r->whole = d > 0 && ax - d >= 1 && ax + d <= GRID_W && ay - d >= 1 && ay + d <= GRID_H;
    if (r->whole) { /* nearly always: the cells and keys as made once */
        const gpop_ring_t *rg = &s->t->ring[d];
        const int c = GRID_IDX(ax, ay);
        uint64_t left = 0;
        for (int i = 0; i < 8 * d; i++)
            left |= (uint64_t)empty_at(s, c + rg->off[i], EF_MEMBER) << i;
        if (keys)
            memcpy(r->key, rg->key, sizeof r->key);
        r->left = left;
        r->nleft = popcount64(left);
        return;
    }
    ring_acc_t a = {r->cand, 0, 0, r->key};
    if (keys)
        memset(r->key, 0, sizeof r->key);
    if (d == 0) {
        ring_try(s, &a, ax, ay, keys, 0);
    } else {
        for (int x = ax - d; x <= ax + d; x++)
            ring_try(s, &a, x, ay - d, keys, abs(x - ax) / 2);
        for (int y = ay - d + 1; y < ay + d; y++) {
            ring_try(s, &a, ax - d, y, keys, abs(y - ay) / 2);
            ring_try(s, &a, ax + d, y, keys, abs(y - ay) / 2);
        }
        for (int x = ax - d; x <= ax + d; x++)
            ring_try(s, &a, x, ay + d, keys, abs(x - ax) / 2);
    }
    r->left = a.left;
    r->nleft = popcount64(a.left);
}

/* The cell of the ring's entry `pick`. */
static inline point_t ring_cell(const gp_t *s, const drop_ring_t *r, int pick)
{
    if (!r->whole)
        return r->cand[pick];
    const gpop_ring_t *rg = &s->t->ring[r->d];
    return (point_t){(uint8_t)(r->at.x + rg->dx[pick]), (uint8_t)(r->at.y + rg->dy[pick])};
}

/* H4: of the ring's free cells, those of least Distance from its centre,
 * max(|dx|, |dy|) + floor(min(|dx|, |dy|) / 2): on ring d, those whose
 * floor(min/2) is least.  A ring's cells never move, so ring_list sorts
 * them into masks by that key once (key[k]: the cells of key k), and each
 * pick is the first mask that meets the free cells. */
static uint64_t least_distance(const drop_ring_t *r)
{
    for (int k = 0; k < r->nkeys; k++)
        if (r->left & r->key[k])
            return r->left & r->key[k];
    return 0; /* not reached: r->left holds a cell */
}

/* A member's cell: the index in the ring's list of the one drawn (no
 * draw for the group's own cell; ring_cell gives the cell); false when no
 * ring up to the rules' drop radius has one. */
static inline bool drop_near(gp_t *s, rng_t *stream, drop_ring_t *r, int *pick)
{
    while (r->left == 0) {
        if (r->d == s->k->drop_radius)
            return false;
        r->d++;
        if (s->k->drop_least_distance) /* each with its keys known, so that the test folds */
            ring_list(s, r, true);
        else
            ring_list(s, r, false);
    }
    if (r->d == 0) {
        *pick = 0;
        return true;
    }
    if (s->k->drop_least_distance) {
        const uint64_t best = least_distance(r);
        *pick = grid_select64(best, (int)rng_below(stream, (uint32_t)popcount64(best)));
        return true;
    }
    *pick = grid_select64(r->left, (int)rng_below(stream, (uint32_t)r->nleft));
    return true;
}

/* A member now stands on the ring's cell pick (ring_cell): it leaves the free cells. */
static void ring_taken(drop_ring_t *r, int pick)
{
    r->left &= ~(UINT64_C(1) << pick);
    r->nleft--;
}

/* flood_monsters [game: level.lua:46-91]: roll, find a cell, drop, pay,
 * while danger is left.  Returns false when it stopped for want of a cell. */
static bool flood(gp_t *s, const flood_table_t *f, double danger)
{
    const gpop_tables_t *t = s->t;
    if (f->n == 0)
        return true;
    const int total = f->cum[f->n - 1];
    assert(total > 0);
    rng_t r = *s->r; /* a local copy for the whole flood (random_empty_from) */
    bool placed_all = true;
    while (danger > 0) {
        const entry_t *e = &f->e[flood_pick(&r, f, total)];
        point_t where;
        if (!random_empty_from(s, &r, EF_MONSTER, FULL, &where) ||
            (e->group < 0 && !put_being(s, e->kind, where))) {
            placed_all = false;
            break;
        }
        if (e->group < 0) {
            danger -= t->monsters.kind[e->kind].danger;
            continue;
        }
        const gpop_group_t *g = &t->group[e->group];
        s->lv->obs.game.groups++;
        drop_ring_t ring; /* its list is written before it is read */
        ring.at = where;
        ring.d = -1;
        ring.left = 0;
        int drawn = 0;
        for (int m = 0; m < g->nmembers; m++) {
            const gpop_member_t *mem = &g->member[m];
            int n = mem->lo + rng_d(&r, mem->hi - mem->lo + 1) - 1; /* resolverange */
            drawn += n;
            for (int i = 0; i < n; i++) {
                int pick;
                if (!drop_near(s, &r, &ring, &pick))
                    s->lv->obs.game.members_lost++;
                else if (put_being(s, mem->kind, ring_cell(s, &ring, pick)))
                    ring_taken(&ring, pick);
                danger -= t->monsters.kind[mem->kind].danger;
            }
        }
        if (s->lv->obs.game.group_size == 0)
            s->lv->obs.game.group_size = (uint8_t)(drawn < UINT8_MAX ? drawn : UINT8_MAX);
    }
    *s->r = r;
    return placed_all;
}

static void flood_list(gp_t *s, const gpop_list_t *l, double danger)
{
    flood_table_t f;
    list_table(s->t, l, &f);
    flood(s, &f, danger);
}

static void cave_monsters(gp_t *s, int danger)
{
    const gpop_tables_t *t = s->t;
    level_t *lv = s->lv;
    int ml = gpop_mlevel(t, lv->dlevel, lv->difficulty);
    int idx[GPOP_MAX_SETS], w[GPOP_MAX_SETS], n = 0;
    for (int i = 0; i < t->nsets; i++)
        if (gpop_set_eligible(t, i, ml, lv->difficulty)) {
            idx[n] = i;
            w[n++] = t->set[i].weight;
        }
    if (n == 0)
        return;
    int set = idx[weight_roll(s->r, w, n)];
    lv->obs.game.cave_set = (int8_t)set;
    flood_list(s, &t->set[set].list, danger);
}

static void single_monsters(gp_t *s, int bw)
{
    const gpop_tables_t *t = s->t;
    level_t *lv = s->lv;
    int roll = gpop_single_shift(t, lv->dlevel, lv->difficulty) + rng_d(s->r, t->single.die);
    int oc = gpop_single_outcome(t, roll);
    lv->obs.roll.single = (int16_t)roll;
    lv->obs.roll.single_outcome = (int8_t)oc;
    const gpop_single_outcome_t *so = &t->single.outcome[oc];
    if (so->has_split) {
        bool split = rng_chance(s->r, so->split_num, so->split_den);
        lv->obs.game.single_split = split;
        if (split) {
            flood_list(s, &so->list, (double)bw / so->split_divisor);
            flood_list(s, &so->split, (double)bw / so->split_divisor);
            return;
        }
    }
    flood_list(s, &so->list, bw);
    for (int i = 0; i < so->nextras; i++) {
        const gpop_extra_t *ex = &so->extra[i];
        if (lv->difficulty > ex->difficulty_above || lv->dlevel > ex->dlevel_above)
            flood_list(s, &ex->list, (double)bw / ex->divisor);
    }
}

static void monsters(gp_t *s)
{
    const gpop_gen_t *g = s->g;
    level_t *lv = s->lv;
    int bw = gpop_budget(s->t, lv->dlevel, lv->difficulty);
    switch (g->monsters) {
    case GPOP_MONSTERS_NONE:
        return;
    case GPOP_MONSTERS_STANDARD: {
        int danger = gpop_budget_modified(bw, g->monster_percent, g->monster_round);
        lv->obs.budget = danger;
        flood_table_t room;
        flood(s, being_table(s->t, lv->dlevel, lv->difficulty, &room), danger);
        return;
    }
    case GPOP_MONSTERS_CAVES: {
        int danger = gpop_budget_modified(bw, g->monster_percent, g->monster_round);
        lv->obs.budget = danger;
        cave_monsters(s, danger);
        return;
    }
    case GPOP_MONSTERS_SINGLE:
        lv->obs.budget = bw;
        single_monsters(s, bw);
        return;
    case GPOP_MONSTERS_SINGLE_PLUS: {
        lv->obs.budget = bw;
        const gpop_list_t *l = &s->t->single_plus;
        gpop_list_t one = {1, {l->kind[game_random(s->r, l->n)]}};
        flood_list(s, &one, bw);
        return;
    }
    }
}

/* ---- step 8: items ---- */

int gpop_item_amount(const gpop_tables_t *t, int dlevel)
{
    int m = t->item_pivot - dlevel;
    return (int)ceil(t->item_base - (double)(m > 0 ? m : 0) / t->item_div);
}

int gpop_item_count(const gpop_tables_t *t, int dlevel, int percent)
{
    return (int)ceil((double)gpop_item_amount(t, dlevel) * ((double)percent / 100.0));
}

/* flood_items [game: level.lua:109-125]: an item counts even without a cell. */
static void items(gp_t *s, int amount)
{
    level_t *lv = s->lv;
    lv->obs.items += amount; /* each one counts, placed or not */
    rng_t r = *s->r; /* a local copy for the whole step (random_empty_from) */
    for (int i = 0; i < amount; i++) {
        point_t c;
        int at;
        if (!random_empty_at(s, &r, EF_ITEM, FULL, &c, &at))
            continue;
        s->occ[at] |= EF_NOITEMS;
        if (lv->nitems < LEVEL_MAX_ITEMS)
            lv->item[lv->nitems++] = c;
        else if (lv->obs.failure == FAIL_NONE)
            lv->obs.failure = FAIL_TOO_MANY;
    }
    *s->r = r;
}

/* ---- steps 9-11 ---- */

/* One down stairs on a standard empty cell; false when none. */
static bool put_stairs(gp_t *s)
{
    level_t *lv = s->lv;
    point_t c;
    if (!random_empty(s, EF_STANDARD, FULL, &c) || lv->nstairs >= LEVEL_MAX_STAIRS) {
        lv->obs.game.stairs_lost = 1;
        return false;
    }
    grid_set(&lv->map, c.x, c.y, CELL_STAIRS);
    lv->stairs[lv->nstairs++] = c;
    return true;
}

/* H5, H29: a second stairs to the side level of the episode's dlevel, at
 * the level's difficulty, right after the first. */
static void stairs(gp_t *s)
{
    const level_t *lv = s->lv;
    if (!put_stairs(s) || !s->k->side_stairs || lv->dlevel < 1 ||
        lv->dlevel > GPOP_EPISODE_DLEVELS)
        return;
    const int d = s->t->side_exit_min_diff[lv->dlevel];
    if (d > 0 && lv->difficulty >= d)
        put_stairs(s);
}

/* H30: safe_empty_coord over a, its three tries (the first's distance to
 * the player's old position passes: GPOP10_NOSAFE_PASSES), then over the
 * whole map when a is not. */
static bool safe_cell(gp_t *s, area_t a, point_t *c)
{
    const int flags[3] = {EF_STANDARD | EF_NOLIQUID, EF_STANDARD | EF_NOLIQUID, EF_PLAYER_LAST};
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < 3; i++)
            if (random_empty(s, flags[i], a, c))
                return true;
        if (a.x1 == FULL.x1 && a.y1 == FULL.y1 && a.x2 == FULL.x2 && a.y2 == FULL.y2)
            break;
        a = FULL;
    }
    return false;
}

/* The largest radius being_near reads: a row's cells within it are at
 * most 15, two 8-byte words (H31's radii are at most 7). */
#define GPOP_NEAR_MAX 7

/* Is a being within Distance z of c (H3), Distance being max(|dx|, |dy|)
 * + floor(min(|dx|, |dy|) / 2)?  The flood's beings and the vault guards
 * are the cells that hold EF_NOBEINGS before the player is placed (the
 * player is none of them: GPOP10_PLAYER_NOT_BEING).  Row by row: on the
 * row |dy| away the cells within z are those of |dx| at most z - dy/2
 * when |dx| = |dy| is within z, else of |dx| below |dy| with
 * |dy| + floor(|dx| / 2) within z, that is |dx| at most 2(z - |dy|) + 1;
 * at most 15 cells, read as two 8-byte words. */
static bool being_near(const gp_t *s, point_t c, int z)
{
    assert(z <= GPOP_NEAR_MAX);
    const uint64_t beings = UINT64_C(0x0101010101010101) * EF_NOBEINGS;
    uint64_t any = 0;
    for (int dy = 0; dy <= z; dy++) {
        const int span = dy + dy / 2 <= z ? z - dy / 2
                                          : (dy - 1 < 2 * (z - dy) + 1 ? dy - 1 : 2 * (z - dy) + 1);
        const int lo = c.x - span < 1 ? 1 : c.x - span;
        const int hi = c.x + span > GRID_W ? GRID_W : c.x + span;
        const int n = hi - lo + 1; /* 1..15 */
        const uint64_t m0 = n >= 8 ? ~UINT64_C(0) : (UINT64_C(1) << 8 * n) - 1;
        const uint64_t m1 = n > 8 ? (UINT64_C(1) << 8 * (n - 8)) - 1 : 0;
        for (int side = dy > 0 ? -1 : 1; side <= 1; side += 2) {
            const int y = c.y + side * dy;
            if (y < 1 || y > GRID_H)
                continue;
            uint64_t w0, w1;
            memcpy(&w0, &s->occ[GRID_IDX(lo, y)], 8);
            memcpy(&w1, &s->occ[GRID_IDX(lo, y) + 8], 8);
            any |= (w0 & m0) | (w1 & m1);
        }
    }
    return (any & beings) != 0;
}

/* H31: up to GPOP_PLAYER_TRIES safe cells, the radius one less after every
 * third, until one has no being within the radius or the radius is below
 * GPOP_PLAYER_MIN_RADIUS; the last cell found is used. */
static void player_safe(gp_t *s)
{
    int z = s->k->player_radius[s->lv->difficulty];
    bool found = false;
    point_t at = {0, 0};
    for (int left = GPOP_PLAYER_TRIES; left > 0;) {
        point_t c;
        const bool got = safe_cell(s, FULL, &c);
        if (got) {
            at = c;
            found = true;
        }
        left--;
        if (left % GPOP_PLAYER_STEP == 0)
            z--;
        if ((got && !being_near(s, c, z)) || z < GPOP_PLAYER_MIN_RADIUS)
            break;
    }
    if (found) {
        s->lv->start = at;
        occupy(s, at.x, at.y, EF_NOBEINGS);
    } else if (s->lv->obs.failure == FAIL_NONE) {
        s->lv->obs.failure = FAIL_NO_FLOOR;
    }
}

/* safe_empty_coord: its first try searches the wrong area and fails
 * [game: bin/core/generator.lua:152]; then the standard flags, then fewer. */
static void player(gp_t *s)
{
    if (s->k->player_safe) {
        player_safe(s);
        return;
    }
    point_t c;
    if (random_empty(s, EF_STANDARD, FULL, &c) || random_empty(s, EF_PLAYER_LAST, FULL, &c)) {
        s->lv->start = c;
        occupy(s, c.x, c.y, EF_NOBEINGS);
    } else if (s->lv->obs.failure == FAIL_NONE) {
        s->lv->obs.failure = FAIL_NO_FLOOR;
    }
}

double gpop_event_chance(const gpop_tables_t *t, int dlevel)
{
    int v = dlevel / t->event_div;
    if (v > t->event_cap)
        v = t->event_cap;
    return v > 1 ? (double)(v - 1) / t->event_die : 0.0;
}

/* H33 [game: bin/data/core/generator.lua:1263-1293]: a flood's setup draws
 * its direction (d2), finds a safe cell in each end zone (the west first,
 * the player still on the map), makes the down stairs floor, and puts the
 * stairs in one zone and the player in the other: with a d2 of 1 the stairs
 * west.  (An event's rush d5, drawn deep down, moves the stream only.) */
static void flood_setup(gp_t *s)
{
    level_t *lv = s->lv;
    const area_t west = {GPOP_FLOOD_WEST_X1, GPOP_FLOOD_Y1, GPOP_FLOOD_WEST_X2, GPOP_FLOOD_Y2};
    const area_t east = {GPOP_FLOOD_EAST_X1, GPOP_FLOOD_Y1, GRID_W, GPOP_FLOOD_Y2};
    const bool west_stairs = rng_d(s->r, 2) == 1;
    point_t w, e;
    const bool has_w = safe_cell(s, west, &w), has_e = safe_cell(s, east, &e);
    if (!has_w || !has_e)
        return; /* only on a map without a free cell anywhere: nothing moves */
    const point_t to_stairs = west_stairs ? w : e, to_player = west_stairs ? e : w;
    if (lv->nstairs > 0) {
        grid_set(&lv->map, lv->stairs[0].x, lv->stairs[0].y, CELL_FLOOR);
        grid_set(&lv->map, to_stairs.x, to_stairs.y, CELL_STAIRS);
        lv->stairs[0] = to_stairs;
    }
    if (lv->start.x) /* the player leaves its cell */
        s->occ[GRID_IDX(lv->start.x, lv->start.y)] &= (uint8_t)~EF_NOBEINGS;
    lv->start = to_player;
    occupy(s, to_player.x, to_player.y, EF_NOBEINGS);
    lv->obs.game.flood_setup = 1;
}

static void event(gp_t *s)
{
    const gpop_tables_t *t = s->t;
    level_t *lv = s->lv;
    obs_t *o = &lv->obs;
    o->game.event_eligible = 1;
    int v = lv->dlevel / t->event_div;
    if (v > t->event_cap)
        v = t->event_cap;
    int roll = rng_d(s->r, t->event_die);
    o->game.event_roll = (int8_t)roll;
    if (!(v > roll))
        return;
    int idx[GPOP_MAX_EVENTS], w[GPOP_MAX_EVENTS], n = 0;
    for (int i = 0; i < t->nevents; i++)
        if (lv->dlevel >= t->event[i].min_dlevel && lv->difficulty >= t->event[i].min_diff) {
            idx[n] = i;
            w[n++] = t->event[i].weight;
        }
    if (n == 0)
        return;
    int e = idx[weight_roll(s->r, w, n)];
    o->game.event = (int8_t)e;
    if (s->k->flood_setup && strncmp(t->event[e].id, GPOP_FLOOD_PREFIX,
                                     sizeof GPOP_FLOOD_PREFIX - 1) == 0)
        flood_setup(s);
    if (t->event[e].all_hunting)
        for (int i = 0; i < lv->nmonsters; i++)
            lv->monster[i].hunting = 1;
}

/* ---- the whole step ---- */

static void reset_owned(level_t *lv)
{
    lv->nmonsters = lv->nitems = lv->nspecial = 0;
    obs_t *o = &lv->obs;
    o->special_made = 0;
    o->special_rolled = 0;
    memset(o->special_placed, 0, sizeof o->special_placed);
    memset(o->special_skipped, 0, sizeof o->special_skipped);
    o->budget = o->danger_placed = 0;
    o->monsters = o->hunting = o->items = 0;
    memset(o->monsters_by_kind, 0, sizeof o->monsters_by_kind);
    o->first_monster = -1;
    o->game.made = 1;
    o->game.barrel_count = o->game.barrels = o->game.setup_failed = 0;
    memset(o->game.barrels_by_kind, 0, sizeof o->game.barrels_by_kind);
    o->game.groups = o->game.members_lost = o->game.off_spawn = 0;
    o->game.group_size = 0;
    o->game.cave_set = o->game.single_split = o->game.event_roll = o->game.event = -1;
    o->game.event_eligible = o->game.stairs_lost = o->game.guards = 0;
    o->game.guards_drawn = o->game.wh_tries = o->game.loot_drawn = o->game.guard_kind = 0;
    o->game.vault_lock = o->game.flood_setup = o->game.barrels_wet = o->game.lever_kind = 0;
    rolls_t *ro = &o->roll;
    ro->single = ro->fluid_room = ro->ammo = -1;
    ro->single_outcome = ro->fluid_room_kind = ro->ammo_kind = ro->ammo_stacks = -1;
}

void gpop_populate(level_t *lv, const gen_params_t *p, const gpop_gen_t *g,
                   const gpop_tables_t *t, rng_t *r, census_t *cs)
{
    (void)p;
    /* On the stack (two kilobytes): a thread-local one costs a TLS address
     * in every placement loop. */
    gp_t st;
    gp_t *s = &st;
    /* Not cleared whole: only the occupant bytes that are read, those of
     * the map's rows (every test lies on the map) and the bytes being_near
     * reads past the last one; the guards are read up to nguards. */
    memset(&s->occ[GPOP_OCC_FIRST], 0, GPOP_OCC_CLEAR);
    s->nguards = 0;
    s->lv = lv;
    s->t = t;
    s->g = g;
    s->k = g->rules ? g->rules : &GPOP_RULES_G;
    assert(s->k->empty_tries >= GPOP_EMPTY_PROBE);
    s->r = r;
    reset_owned(lv);
    if (lv->keepout.x1)
        for (int y = lv->keepout.y1; y <= lv->keepout.y2; y++)
            for (int x = lv->keepout.x1; x <= lv->keepout.x2; x++)
                occupy(s, x, y, EF_NOSPAWN);
    if (g->barrels && !s->k->barrels_after_rooms)
        barrels(s);
    if (g->rooms)
        handle_rooms(s);
    if (g->barrels && s->k->barrels_after_rooms) /* H9, H28 */
        barrels(s);
    if (g->items == GPOP_ITEMS_FIXED_FIRST)
        items(s, g->items_fixed);
    monsters(s);
    if (g->items == GPOP_ITEMS_PERCENT)
        items(s, gpop_item_count(t, lv->dlevel, g->item_percent));
    if (g->place_stairs)
        stairs(s);
    if (g->place_player)
        player(s);
    if (g->events)
        event(s);
    /* the generator's own hunting (arena's post_run), every being in turn */
    if (g->hunting_num > 0)
        for (int i = 0; i < lv->nmonsters; i++)
            if (rng_chance(r, g->hunting_num, g->hunting_den))
                lv->monster[i].hunting = 1;
    for (int i = 0; i < lv->nmonsters; i++)
        lv->obs.hunting += lv->monster[i].hunting;
    /* the vault guards follow the flood's beings */
    for (int i = 0; i < s->nguards && lv->nmonsters < LEVEL_MAX_MONSTERS; i++) {
        lv->monster[lv->nmonsters++] = s->guard[i];
        lv->obs.game.guards++;
    }
    census_take(&lv->map, cs);
}
