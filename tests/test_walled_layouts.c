/* test_walled_layouts.c - small rooms, warehouse and maze (docs/rules.md §3).
 *
 * Data: the loaded tables equal the values typed from docs/rules.md; broken data
 * files fail with a one-line message naming the file and the line or key.
 * Invariants over 4 dlevels x 10^4 seeds per layout, drawn exactly as
 * level_generate draws them in layout-only mode (same layout stream; the
 * test checks the maps agree), so they stay valid when water lands:
 * - all: 78x20, border intact, only the cell kinds the layout produces;
 * - small rooms: margins wall, no door on the border ring or the section
 *   grid's outer frame, none whose orthogonal neighbour is the border; every
 *   section equals one of the 12 sublayouts under some mirroring; every door
 *   joins two open cells; all open cells connected; empty room list; the
 *   observation record holds the picks and the doors outside the frame (the
 *   count also on maps with doors strewn anywhere);
 * - warehouse: dividers full height with one door; every block a full
 *   size x size square whose one-cell ring is floor (so blocks never touch
 *   each other or a wall, even diagonally); room list = the rooms; all open
 *   cells connected (so every room is reached through the divider doors);
 * - maze: row 19 wall, no doors, every inner wall on a grid line; unreachable
 *   floor counted, not asserted.
 * Shares (chi-square, alpha 1e-4, expected values typed from docs/rules.md):
 * warehouse dividers {1,2,2,2,2,3}, box sizes {2,3,3,3,3,4}, tries
 * {50,50,200}, wall-block rooms 1/3; maze styles 1/3 each; small-rooms
 * sublayouts 1/12 and mirrorings 1/4.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "layouts/layouts.h"
#include "layouts/walled.h"
#include "level.h"
#include "observer.h"
#include "tables.h"
#include "testutil.h"

/* The passable cells the start does not reach: the observer's flood of the
 * finished map (reachability is not recorded, observer.h). */
static int unreached_seen(const level_t *lv)
{
    seen_t s;
    observer_look(lv, &s);
    return s.unreachable;
}

#define SEEDS ((int)test_scaled(10000)) /* 10^4, fewer under sanitizers */
#define MASTER 20240601u
#define ALPHA 1e-4
static const int DLEVELS[] = {3, 6, 12, 25};
#define NDLEVELS ((int)(sizeof DLEVELS / sizeof DLEVELS[0]))

/* ---------------------------------------------------------------- helpers */

static bool border_ok(const grid_t *g)
{
    for (int x = 1; x <= GRID_W; x++)
        if (grid_get(g, x, 1) != CELL_WALL || grid_get(g, x, GRID_H) != CELL_WALL)
            return false;
    for (int y = 1; y <= GRID_H; y++)
        if (grid_get(g, 1, y) != CELL_WALL || grid_get(g, GRID_W, y) != CELL_WALL)
            return false;
    return true;
}

static bool kinds_ok(const grid_t *g, unsigned allowed)
{
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            if (!(allowed & (1u << grid_get(g, x, y))))
                return false;
    return true;
}

static bool is_open(cell_t k)
{
    return cell_is_passable(k);
}

static const int STEP8[8] = {-GRID_STRIDE - 1, -GRID_STRIDE, -GRID_STRIDE + 1, -1,
                             1,                GRID_STRIDE - 1, GRID_STRIDE, GRID_STRIDE + 1};
static const int STEP4[4] = {-GRID_STRIDE, -1, 1, GRID_STRIDE};

/* Sizes of the connected components of open cells (8- or 4-connected);
 * returns the number of open cells and writes the largest component. */
static int components(const grid_t *g, bool eight, int *largest, int *ncomp)
{
    static uint8_t seen[GRID_CELLS];
    static uint16_t queue[GRID_W * GRID_H];
    memset(seen, 0, sizeof seen);
    int total = 0, best = 0, n = 0;
    const int *step = eight ? STEP8 : STEP4;
    int nstep = eight ? 8 : 4;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            int s = GRID_IDX(x, y);
            if (seen[s] || !is_open((cell_t)g->c[s]))
                continue;
            int head = 0, tail = 0;
            seen[s] = 1;
            queue[tail++] = (uint16_t)s;
            while (head < tail) {
                int c = queue[head++];
                for (int k = 0; k < nstep; k++) {
                    int m = c + step[k];
                    if (!seen[m] && is_open((cell_t)g->c[m])) {
                        seen[m] = 1;
                        queue[tail++] = (uint16_t)m;
                    }
                }
            }
            total += tail;
            n++;
            if (tail > best)
                best = tail;
        }
    *largest = best;
    *ncomp = n;
    return total;
}

static void check_share(const char *what, const long *obs, const double *p, int k)
{
    double chi;
    int dof;
    double pv = test_chisq_p(obs, p, k, &chi, &dof);
    long n = 0;
    for (int i = 0; i < k; i++)
        n += obs[i];
    printf("  %s: n %ld, chi2 %.2f, dof %d, p %.4f  [", what, n, chi, dof, pv);
    for (int i = 0; i < k; i++)
        printf("%s%.4f/%.4f", i ? " " : "", (double)obs[i] / (double)n, p[i]);
    printf("]\n");
    CHECK(pv > ALPHA, "%s share: chi2 %.2f on %d dof, p %.3g <= %g", what, chi, dof, pv, ALPHA);
}

static gen_params_t params(int type, int dlevel)
{
    gen_params_t p;
    gen_params_default(&p, test_tables(NULL));
    p.type = type;
    p.dlevel = dlevel;
    p.layout_only = true;
    return p;
}

static void reset_level(level_t *lv)
{
    lv->nrooms = 0;
    memset(&lv->obs, 0, sizeof lv->obs);
}

/* ------------------------------------------------------------------ data */

static void data_tables(const walled_data_t *d)
{
    /* docs/rules.md §3, typed here. */
    static const int DIV[] = {1, 2, 2, 2, 2, 3}, SIZE[] = {2, 3, 3, 3, 3, 4},
                     TRIES[] = {50, 50, 200};
    static const int STYLE_TRIES[] = {500, 300, 100};
    static const int LEN0[] = {2}, LEN12[] = {4, 7, 10};
    CHECK(d->wh_dividers.n == 6 && memcmp(d->wh_dividers.v, DIV, sizeof DIV) == 0,
          "warehouse dividers {1,2,2,2,2,3}");
    CHECK(d->wh_box_size.n == 6 && memcmp(d->wh_box_size.v, SIZE, sizeof SIZE) == 0,
          "warehouse box sizes {2,3,3,3,3,4}");
    CHECK(d->wh_box_tries.n == 3 && memcmp(d->wh_box_tries.v, TRIES, sizeof TRIES) == 0,
          "warehouse tries {50,50,200}");
    CHECK(d->wh_wall_blocks.num == 1 && d->wh_wall_blocks.den == 3, "wall blocks 1 room in 3");
    CHECK(d->maze_nstyles == 3, "three maze styles");
    for (int s = 0; s < 3 && s < d->maze_nstyles; s++) {
        const maze_style_t *st = &d->maze_style[s];
        const int *want = s == 0 ? LEN0 : LEN12;
        int nwant = s == 0 ? 1 : 3;
        CHECK(st->tries == STYLE_TRIES[s], "maze style %d: %d tries", s, STYLE_TRIES[s]);
        CHECK(st->length.n == nwant && memcmp(st->length.v, want, sizeof(int) * (size_t)nwant) == 0,
              "maze style %d lengths", s);
    }
    /* All twelve frames equal under every mirroring (small_rooms.c relies on
     * it: the order in which shared wall lines are overwritten is moot). */
    int bad_frame = 0;
    for (int b = 0; b < SMALL_BLOCKS; b++)
        for (int f = 0; f < 4; f++)
            for (int y = 0; y < SMALL_BLOCK_H; y++)
                for (int x = 0; x < SMALL_BLOCK_W; x++) {
                    if (y != 0 && y != SMALL_BLOCK_H - 1 && x != 0 && x != SMALL_BLOCK_W - 1)
                        continue;
                    int sx = (f & 1) ? SMALL_BLOCK_W - 1 - x : x;
                    int sy = (f & 2) ? SMALL_BLOCK_H - 1 - y : y;
                    bad_frame += d->small[b][sy][sx] != d->small[0][y][x];
                }
    CHECK(bad_frame == 0, "all sublayout frames equal under mirroring (%d cells differ)",
          bad_frame);
    /* Spot check against the wiki's pictures: block 1 is an open room, block
     * 12's second row is "#.#######+#######.#". */
    int floor1 = 0;
    for (int y = 1; y < SMALL_BLOCK_H - 1; y++)
        for (int x = 1; x < SMALL_BLOCK_W - 1; x++)
            floor1 += d->small[0][y][x] == CELL_FLOOR;
    CHECK(floor1 == 17 * 5, "sublayout 1 is open floor inside");
    static const char ROW[] = "#.#######+#######.#";
    bool row_ok = true;
    for (int x = 0; x < SMALL_BLOCK_W; x++)
        row_ok &= cell_glyph((cell_t)d->small[11][2][x]) == ROW[x];
    CHECK(row_ok, "sublayout 12 row 3 as on the wiki");
}

/* Broken inputs fail with one line naming the origin and the place. */
static void data_errors(void)
{
    static walled_data_t d;
    char err[512];
    char *good = NULL;
    size_t len = 0;
    {
        const char *src = data_embedded("smallrooms.txt", &len);
        CHECK(src != NULL, "data/smallrooms.txt is embedded");
        if (!src)
            return;
        good = malloc(len + 1);
        memcpy(good, src, len);
        good[len] = '\0';
    }
    CHECK(walled_parse_smallrooms(&d, good, len, "sr", err, sizeof err), "source file parses: %s",
          err);
    /* A line one cell short. */
    char *bad = malloc(len + 64);
    char *p = strstr(good, "+.................+\n");
    memcpy(bad, good, len + 1);
    char *q = bad + (p - good);
    memmove(q + 1, q + 2, strlen(q + 2) + 1);
    CHECK(!walled_parse_smallrooms(&d, bad, strlen(bad), "sr", err, sizeof err) &&
              strstr(err, "sr: line") && strstr(err, "expected 19 cells, got 18") &&
              !strchr(err, '\n'),
          "short line reported: %s", err);
    /* A bad cell. */
    memcpy(bad, good, len + 1);
    bad[p - good + 3] = 'X';
    CHECK(!walled_parse_smallrooms(&d, bad, len, "sr", err, sizeof err) &&
              strstr(err, "cell 'X'"),
          "bad cell reported: %s", err);
    /* The wiki's middle dot instead of '.'. */
    CHECK(!walled_parse_smallrooms(&d, "####+####+####+####\n+\xc2\xb7", 23, "sr", err,
                                   sizeof err),
          "non-ASCII floor rejected: %s", err);
    /* Eleven blocks: cut the text after the eleventh. */
    memcpy(bad, good, len + 1);
    char *last = strstr(bad, "; 12\n");
    CHECK(last != NULL, "block 12 marker in the file");
    if (last) {
        *last = '\0';
        CHECK(!walled_parse_smallrooms(&d, bad, strlen(bad), "sr", err, sizeof err) &&
                  strstr(err, "expected 12 blocks, found 11"),
              "eleven blocks reported: %s", err);
    }
    /* A block of six lines. */
    CHECK(!walled_parse_smallrooms(&d, "###################\n###################\n\n", 41, "sr",
                                   err, sizeof err) &&
              strstr(err, "block 1 ends after 2 lines"),
          "short block reported: %s", err);
    free(bad);
    free(good);

    static const char *const BAD_JSON[][2] = {
        {"{\"warehouse\": {}, \"maze\": {}}", "warehouse.dividers"},
        {"{\"warehouse\": {\"dividers\": [1, 4], \"box_size\": [2], \"box_tries\": [5], "
         "\"wall_blocks\": [1, 3]}, \"maze\": {\"styles\": [{\"tries\": 1, \"lengths\": [2]}]}}",
         "warehouse.dividers[1]: 4 is outside 1..3"},
        {"{\"warehouse\": {\"dividers\": [1], \"box_size\": [2], \"box_tries\": [5], "
         "\"wall_blocks\": [1, 3]}, \"maze\": {\"styles\": []}}",
         "maze.styles: expected 1..8 styles"},
        {"{\"warehouse\": {\"dividers\": [1], \"box_size\": [2], \"box_tries\": [5], "
         "\"wall_blocks\": [1, 3]}, \"maze\": {\"styles\": [{\"tries\": 1}]}}",
         "maze.styles[0].lengths"},
        {"{\"warehouse\": ", "malformed JSON"},
    };
    for (size_t i = 0; i < sizeof BAD_JSON / sizeof BAD_JSON[0]; i++) {
        bool ok = walled_parse_tables(&d, BAD_JSON[i][0], strlen(BAD_JSON[i][0]), "wj", err,
                                      sizeof err);
        CHECK(!ok && strncmp(err, "wj: ", 4) == 0 && strstr(err, BAD_JSON[i][1]),
              "bad tables %zu: got '%s', want '%s'", i, err, BAD_JSON[i][1]);
    }
}

/* ----------------------------------------------------------- small rooms */

/* Does the map's section at (ox, oy) equal block b under flips f?  The outer
 * frame's doors are wall on the map. */
static bool section_matches(const grid_t *g, const walled_data_t *d, int ox, int oy, int b,
                            int f)
{
    for (int y = 0; y < SMALL_BLOCK_H; y++) {
        int sy = (f & 2) ? SMALL_BLOCK_H - 1 - y : y;
        for (int x = 0; x < SMALL_BLOCK_W; x++) {
            int sx = (f & 1) ? SMALL_BLOCK_W - 1 - x : x;
            cell_t want = (cell_t)d->small[b][sy][sx];
            cell_t got = grid_get(g, ox + x, oy + y);
            int mx = ox + x, my = oy + y;
            bool outer = mx == small_rooms_section_x(0) ||
                         mx == small_rooms_section_x(SMALL_SECTIONS_X - 1) + SMALL_BLOCK_W - 1 ||
                         my == small_rooms_section_y(0) ||
                         my == small_rooms_section_y(SMALL_SECTIONS_Y - 1) + SMALL_BLOCK_H - 1;
            if (outer && want == CELL_DOOR)
                want = CELL_WALL;
            if (got != want)
                return false;
        }
    }
    return true;
}

/* Door cells outside x 4..74, y 2..18, cell by cell (obs.frame_doors). */
static int doors_outside_naive(const grid_t *g)
{
    int n = 0;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            n += !(x >= 4 && x <= 74 && y >= 2 && y <= 18) && grid_get(g, x, y) == CELL_DOOR;
    return n;
}

static void small_rooms(const walled_data_t *d)
{
    static level_t lv, lv2;
    const unsigned allowed = 1u << CELL_WALL | 1u << CELL_FLOOR | 1u << CELL_DOOR;
    const int x_last = small_rooms_section_x(SMALL_SECTIONS_X - 1) + SMALL_BLOCK_W - 1;
    const int y_last = small_rooms_section_y(SMALL_SECTIONS_Y - 1) + SMALL_BLOCK_H - 1;
    CHECK(small_rooms_section_x(0) == 3 && x_last == 75, "sections span x 3..75 (got ..%d)",
          x_last);
    CHECK(small_rooms_section_y(0) == 1 && y_last == 19, "sections span y 1..19 (got ..%d)",
          y_last);
    int bad_same = 0, bad_border = 0, bad_kind = 0, bad_margin = 0, bad_door_edge = 0;
    int bad_frame_door = 0, bad_match = 0, bad_pick = 0, bad_door_joins = 0, bad_three = 0;
    int bad_rooms = 0, disconnected8 = 0, disconnected4 = 0, bad_obs = 0, bad_count = 0;
    long blocks[SMALL_BLOCKS] = {0}, orient[4] = {0};
    long doors = 0, open_cells = 0;
    int n = 0;
    for (int di = 0; di < NDLEVELS; di++) {
        gen_params_t p = params(LT_SMALL_ROOMS, DLEVELS[di]);
        for (int s = 0; s < SEEDS; s++, n++) {
            uint64_t idx = (uint64_t)(di * SEEDS + s);
            level_generate(&lv, &p, MASTER, idx);
            rng_t r;
            rng_stream(&r, MASTER, idx, RNG_LAYOUT);
            small_rooms_pick_t picks[SMALL_SECTIONS];
            reset_level(&lv2);
            small_rooms_draw(&lv2, &r, d, picks);
            const grid_t *g = &lv2.map;
            bad_same += memcmp(lv.map.c, g->c, sizeof g->c) != 0;
            bad_rooms += lv.nrooms != 0 || lv.obs.rooms != 0 || lv.obs.layout_variant != 0;
            /* the observation record: the picks, and the doors outside */
            bool obs_ok = lv.obs.sections == SMALL_SECTIONS &&
                          lv.obs.frame_doors == doors_outside_naive(&lv.map);
            for (int i = 0; i < SMALL_SECTIONS; i++)
                obs_ok = obs_ok && lv.obs.section_pick[i] == (picks[i].block |
                                                              (picks[i].flip_x ? OBS_FLIP_X : 0) |
                                                              (picks[i].flip_y ? OBS_FLIP_Y : 0));
            bad_obs += !obs_ok;
            /* the count on a map with doors strewn anywhere (the padding
             * ring is wall on every map) */
            grid_t strewn = lv.map;
            for (int k = (int)rng_below(&r, 40); k > 0; k--)
                grid_set(&strewn, 1 + (int)rng_below(&r, GRID_W), 1 + (int)rng_below(&r, GRID_H),
                         CELL_DOOR);
            bad_count += small_rooms_doors_outside(&strewn) != doors_outside_naive(&strewn);
            bad_border += !border_ok(g);
            bad_kind += !kinds_ok(g, allowed);
            for (int y = 1; y <= GRID_H; y++)
                for (int x = 1; x <= GRID_W; x++) {
                    cell_t k = grid_get(g, x, y);
                    if ((x < 3 || x > x_last || y > y_last) && k != CELL_WALL)
                        bad_margin++;
                    if (k != CELL_DOOR)
                        continue;
                    doors++;
                    /* On the ring, or leading from an open cell to the ring. */
                    bool edge = grid_on_border(x, y);
                    for (int k = 0; k < 4; k++) {
                        int m = GRID_IDX(x, y) + STEP4[k], o = GRID_IDX(x, y) - STEP4[k];
                        edge |= grid_on_border(m % GRID_STRIDE, m / GRID_STRIDE) &&
                                is_open((cell_t)g->c[o]);
                    }
                    bad_door_edge += edge;
                    bad_frame_door += x == 3 || x == x_last || y == 1 || y == y_last;
                    bool h = is_open(grid_get(g, x - 1, y)) && is_open(grid_get(g, x + 1, y)) &&
                             grid_get(g, x, y - 1) == CELL_WALL &&
                             grid_get(g, x, y + 1) == CELL_WALL;
                    bool v = is_open(grid_get(g, x, y - 1)) && is_open(grid_get(g, x, y + 1)) &&
                             grid_get(g, x - 1, y) == CELL_WALL &&
                             grid_get(g, x + 1, y) == CELL_WALL;
                    bad_door_joins += !(h || v);
                    int walls = (grid_get(g, x - 1, y) == CELL_WALL) +
                                (grid_get(g, x + 1, y) == CELL_WALL) +
                                (grid_get(g, x, y - 1) == CELL_WALL) +
                                (grid_get(g, x, y + 1) == CELL_WALL);
                    bad_three += walls > 2;
                }
            for (int j = 0; j < SMALL_SECTIONS_Y; j++)
                for (int i = 0; i < SMALL_SECTIONS_X; i++) {
                    int ox = small_rooms_section_x(i), oy = small_rooms_section_y(j);
                    const small_rooms_pick_t *pk = &picks[j * SMALL_SECTIONS_X + i];
                    bool drawn = section_matches(g, d, ox, oy, pk->block,
                                                 pk->flip_x | pk->flip_y << 1);
                    bad_pick += !drawn;
                    /* Independently of what was drawn: some block, some mirroring. */
                    bool any = drawn;
                    for (int b = 0; b < SMALL_BLOCKS && !any; b++)
                        for (int f = 0; f < 4 && !any; f++)
                            any = section_matches(g, d, ox, oy, b, f);
                    bad_match += !any;
                    blocks[pk->block]++;
                    orient[pk->flip_x | pk->flip_y << 1]++;
                }
            int largest, nc;
            int total = components(g, true, &largest, &nc);
            open_cells += total;
            disconnected8 += largest != total;
            total = components(g, false, &largest, &nc);
            disconnected4 += largest != total;
        }
    }
    printf("small rooms over %d layouts: %.1f doors, %.1f open cells per layout\n", n,
           (double)doors / n, (double)open_cells / n);
    CHECK(bad_same == 0, "level_generate draws the same map (%d differ)", bad_same);
    CHECK(bad_rooms == 0, "no room list, variant 0 (%d bad)", bad_rooms);
    CHECK(bad_obs == 0, "observed picks and doors outside the frame are the map's (%d bad)",
          bad_obs);
    CHECK(bad_count == 0, "doors outside the frame counted as cell by cell (%d differ)", bad_count);
    CHECK(bad_border == 0, "border intact (%d bad)", bad_border);
    CHECK(bad_kind == 0, "only wall, floor, door (%d bad)", bad_kind);
    CHECK(bad_margin == 0, "columns 1-2, 76-78 and row 20 are wall (%d cells)", bad_margin);
    CHECK(bad_door_edge == 0, "no door on the border ring or leading onto it (%d)", bad_door_edge);
    CHECK(bad_frame_door == 0, "no door on the section grid's outer frame (%d)", bad_frame_door);
    CHECK(bad_match == 0, "every section is a sublayout under some mirroring (%d not)",
          bad_match);
    CHECK(bad_pick == 0, "every section is the sublayout and mirroring drawn (%d not)", bad_pick);
    CHECK(bad_door_joins == 0, "every door joins two open cells across a wall line (%d not)",
          bad_door_joins);
    /* The frame rule equals "a door with 3 or 4 wall neighbours becomes
     * wall": no door left has more than two. */
    CHECK(bad_three == 0, "no door with three wall neighbours (%d)", bad_three);
    CHECK(disconnected8 == 0, "open cells connected, 8-way (%d layouts not)", disconnected8);
    CHECK(disconnected4 == 0, "open cells connected, 4-way (%d layouts not)", disconnected4);
    double pb[SMALL_BLOCKS], po[4] = {0.25, 0.25, 0.25, 0.25};
    for (int b = 0; b < SMALL_BLOCKS; b++)
        pb[b] = 1.0 / 12.0; /* [wiki] uniform */
    check_share("small-rooms sublayout", blocks, pb, SMALL_BLOCKS);
    check_share("small-rooms mirroring (none, x, y, both)", orient, po, 4);
}

/* ------------------------------------------------------------- warehouse */

/* Blocks of kind k inside the interior x1..x2, y1..y2: every 8-connected
 * component is a full size x size square whose ring is floor.  Returns the
 * number of squares, or -1 on a violation. */
static int blocks_in(const grid_t *g, int x1, int y1, int x2, int y2, cell_t k, int size)
{
    static uint8_t seen[GRID_CELLS];
    memset(seen, 0, sizeof seen);
    int count = 0;
    for (int y = y1; y <= y2; y++)
        for (int x = x1; x <= x2; x++) {
            if (seen[GRID_IDX(x, y)] || grid_get(g, x, y) != k)
                continue;
            /* (x, y) is the top-left of a new block: check the square and its ring */
            for (int yy = y - 1; yy <= y + size; yy++)
                for (int xx = x - 1; xx <= x + size; xx++) {
                    bool inner = xx >= x && xx < x + size && yy >= y && yy < y + size;
                    if (inner) {
                        if (grid_get(g, xx, yy) != k || xx > x2 || yy > y2)
                            return -1;
                        seen[GRID_IDX(xx, yy)] = 1;
                    } else if (grid_get(g, xx, yy) != CELL_FLOOR || xx < x1 - 1 ||
                               xx > x2 + 1 || yy < y1 - 1 || yy > y2 + 1) {
                        return -1;
                    }
                }
            count++;
        }
    return count;
}

static void warehouse(const walled_data_t *d)
{
    static level_t lv, lv2;
    const unsigned allowed =
        1u << CELL_WALL | 1u << CELL_FLOOR | 1u << CELL_DOOR | 1u << CELL_BOX;
    int bad_same = 0, bad_border = 0, bad_kind = 0, bad_divider = 0, bad_blocks = 0;
    int bad_rooms = 0, bad_other = 0, disconnected8 = 0, disconnected4 = 0, narrow = 0;
    long ndiv[3] = {0}, sizes[3] = {0}, tries[2] = {0}, wallb[2] = {0};
    long placed_box = 0, placed_wall = 0, rooms_total = 0, boxes = 0;
    int n = 0;
    for (int di = 0; di < NDLEVELS; di++) {
        gen_params_t p = params(LT_WAREHOUSE, DLEVELS[di]);
        for (int s = 0; s < SEEDS; s++, n++) {
            uint64_t idx = (uint64_t)(di * SEEDS + s);
            level_generate(&lv, &p, MASTER, idx);
            rng_t r;
            rng_stream(&r, MASTER, idx, RNG_LAYOUT);
            warehouse_info_t info;
            reset_level(&lv2);
            warehouse_draw(&lv2, &r, d, &info);
            const grid_t *g = &lv2.map;
            bad_same += memcmp(lv.map.c, g->c, sizeof g->c) != 0;
            bad_border += !border_ok(g);
            bad_kind += !kinds_ok(g, allowed);
            int k = info.rooms - 1;
            ndiv[k - 1]++;
            rooms_total += info.rooms;
            bad_rooms += lv.nrooms != info.rooms || lv.obs.rooms != info.rooms ||
                         lv.obs.layout_variant != info.rooms;
            int edge[WAREHOUSE_MAX_ROOMS + 1];
            edge[0] = 1;
            edge[info.rooms] = GRID_W;
            for (int i = 0; i < k; i++) {
                int x = info.divider_x[i];
                edge[i + 1] = x;
                for (int y = 2; y < GRID_H; y++)
                    bad_divider += grid_get(g, x, y) != (y == info.door_y[i] ? CELL_DOOR
                                                                              : CELL_WALL);
                bad_divider += info.door_y[i] < 5 || info.door_y[i] > 16;
            }
            for (int i = 0; i < info.rooms; i++) {
                const room_t *rm = &lv.rooms[i < lv.nrooms ? i : 0];
                bad_rooms += rm->x != edge[i] || rm->y != 1 || rm->w != edge[i + 1] - edge[i] + 1 ||
                             rm->h != GRID_H;
                bad_divider += edge[i + 1] - edge[i] < 2;
                cell_t kind = info.wall_blocks[i] ? CELL_WALL : CELL_BOX;
                cell_t other = info.wall_blocks[i] ? CELL_BOX : CELL_WALL;
                int x1 = edge[i] + 1, x2 = edge[i + 1] - 1;
                int c = blocks_in(g, x1, 2, x2, GRID_H - 1, kind, info.box_size[i]);
                bad_blocks += c != info.placed[i];
                for (int y = 2; y < GRID_H; y++)
                    for (int x = x1; x <= x2; x++)
                        bad_other += grid_get(g, x, y) == other;
                narrow += x2 - x1 < info.box_size[i] + 2;
                sizes[info.box_size[i] - 2]++;
                tries[info.tries[i] == 200]++;
                wallb[info.wall_blocks[i]]++;
                if (info.wall_blocks[i])
                    placed_wall += info.placed[i];
                else
                    placed_box += info.placed[i];
            }
            boxes += grid_count(g, CELL_BOX);
            int largest, nc;
            int total = components(g, true, &largest, &nc);
            disconnected8 += largest != total;
            total = components(g, false, &largest, &nc);
            disconnected4 += largest != total;
        }
    }
    printf("warehouse over %d layouts: %.3f rooms, %.2f box blocks and %.2f wall blocks, "
           "%.1f box cells per layout; %d rooms too narrow for one block\n",
           n, (double)rooms_total / n, (double)placed_box / n, (double)placed_wall / n,
           (double)boxes / n, narrow);
    CHECK(bad_same == 0, "level_generate draws the same map (%d differ)", bad_same);
    CHECK(bad_border == 0, "border intact (%d bad)", bad_border);
    CHECK(bad_kind == 0, "only wall, floor, door, box (%d bad)", bad_kind);
    CHECK(bad_divider == 0, "dividers full height, one door at y 5..16 (%d bad)", bad_divider);
    CHECK(bad_rooms == 0, "room list and variant = the rooms (%d bad)", bad_rooms);
    CHECK(bad_blocks == 0, "blocks are squares with a floor ring (%d rooms bad)", bad_blocks);
    CHECK(bad_other == 0, "a room holds boxes or wall blocks, never both (%d cells)", bad_other);
    CHECK(disconnected8 == 0, "open cells connected, 8-way (%d layouts not)", disconnected8);
    CHECK(disconnected4 == 0, "open cells connected, 4-way (%d layouts not)", disconnected4);
    /* docs/rules.md §3 Warehouse, typed */
    static const double P_DIV[3] = {1.0 / 6, 4.0 / 6, 1.0 / 6};
    static const double P_SIZE[3] = {1.0 / 6, 4.0 / 6, 1.0 / 6};
    static const double P_TRIES[2] = {2.0 / 3, 1.0 / 3};
    static const double P_WALLB[2] = {2.0 / 3, 1.0 / 3};
    check_share("warehouse dividers (1, 2, 3)", ndiv, P_DIV, 3);
    check_share("warehouse box size (2, 3, 4)", sizes, P_SIZE, 3);
    check_share("warehouse tries (50, 200)", tries, P_TRIES, 2);
    check_share("warehouse wall-block rooms (no, yes)", wallb, P_WALLB, 2);
}

/* ------------------------------------------------------------------ maze */

static void maze(const walled_data_t *d)
{
    static level_t lv, lv2;
    const unsigned allowed = 1u << CELL_WALL | 1u << CELL_FLOOR;
    int bad_same = 0, bad_border = 0, bad_kind = 0, bad_row = 0, bad_grid = 0, bad_rooms = 0;
    long styles[3] = {0}, segs[3] = {0};
    long unreach8[3] = {0}, unreach4[3] = {0}, conn8[3] = {0}, floor_cells[3] = {0};
    int n = 0;
    for (int di = 0; di < NDLEVELS; di++) {
        gen_params_t p = params(LT_MAZE, DLEVELS[di]);
        for (int s = 0; s < SEEDS; s++, n++) {
            uint64_t idx = (uint64_t)(di * SEEDS + s);
            level_generate(&lv, &p, MASTER, idx);
            rng_t r;
            rng_stream(&r, MASTER, idx, RNG_LAYOUT);
            maze_info_t info;
            reset_level(&lv2);
            maze_draw(&lv2, &r, d, &info);
            const grid_t *g = &lv2.map;
            bad_same += memcmp(lv.map.c, g->c, sizeof g->c) != 0;
            bad_rooms += lv.nrooms != 0 || lv.obs.layout_variant != info.style;
            bad_border += !border_ok(g);
            bad_kind += !kinds_ok(g, allowed);
            for (int x = 1; x <= GRID_W; x++)
                bad_row += grid_get(g, x, GRID_H - 1) != CELL_WALL;
            /* Segments run along rows y = 3i+1 or columns x = 3i+1. */
            for (int y = 2; y < GRID_H - 1; y++)
                for (int x = 2; x < GRID_W; x++)
                    bad_grid += grid_get(g, x, y) == CELL_WALL && x % 3 != 1 && y % 3 != 1;
            int st = info.style;
            styles[st]++;
            segs[st] += info.segments;
            int largest, nc;
            int total = components(g, true, &largest, &nc);
            floor_cells[st] += total;
            unreach8[st] += total - largest;
            conn8[st] += total == largest;
            total = components(g, false, &largest, &nc);
            unreach4[st] += total - largest;
        }
    }
    CHECK(bad_same == 0, "level_generate draws the same map (%d differ)", bad_same);
    CHECK(bad_rooms == 0, "no room list, variant = style (%d bad)", bad_rooms);
    CHECK(bad_border == 0, "border intact (%d bad)", bad_border);
    CHECK(bad_kind == 0, "only wall and floor: no doors (%d bad)", bad_kind);
    CHECK(bad_row == 0, "row 19 is wall (%d cells not)", bad_row);
    CHECK(bad_grid == 0, "inner walls lie on the 3-cell grid lines (%d cells off)", bad_grid);
    printf("maze over %d layouts (observation, not asserted):\n", n);
    for (int st = 0; st < 3; st++) {
        double m = styles[st] ? (double)styles[st] : 1.0;
        printf("  style %d: %ld layouts, %.1f segments, %.1f floor cells, "
               "fully connected (8-way) %.1f%%, cells outside the largest region: "
               "%.2f 8-way, %.2f 4-way\n",
               st, styles[st], segs[st] / m, floor_cells[st] / m, 100.0 * conn8[st] / m,
               unreach8[st] / m, unreach4[st] / m);
    }
    static const double P_STYLE[3] = {1.0 / 3, 1.0 / 3, 1.0 / 3}; /* docs/rules.md §3 Maze */
    check_share("maze style", styles, P_STYLE, 3);
}

/* ---------------------------------------------------------- full levels */

/* The whole pipeline (water placeholder or real, population) runs on all
 * three types without a failure and leaves a start on the map. */
static void full_levels(void)
{
    static level_t lv;
    static const int TYPES[3] = {LT_SMALL_ROOMS, LT_WAREHOUSE, LT_MAZE};
    for (int t = 0; t < 3; t++) {
        gen_params_t p = params(TYPES[t], 10);
        p.layout_only = false;
        int fails = 0;
        long unreach = 0;
        for (int s = 0; s < 2000; s++) {
            level_generate(&lv, &p, MASTER + 1, (uint64_t)s);
            fails += lv.obs.failure != FAIL_NONE || lv.start.x == 0;
            unreach += unreached_seen(&lv);
        }
        printf("full %s levels: %d failures in 2000, %.2f unreachable cells per level\n",
               level_type_name((level_type_t)TYPES[t]), fails, unreach / 2000.0);
        CHECK(fails == 0, "%s: full levels without failure (%d)",
              level_type_name((level_type_t)TYPES[t]), fails);
    }
}

int main(void)
{
    const walled_data_t *d = test_tables(NULL)->walled;
    CHECK(d != NULL, "embedded data loads");
    if (!d)
        return test_summary("walled_layouts");
    data_tables(d);
    data_errors();
    small_rooms(d);
    warehouse(d);
    maze(d);
    full_levels();
    return test_summary("walled_layouts");
}
