/* glay_data.c - loading the game pipeline's layout tables from its folder.
 *
 * water.json has the format of data/water.json and is read by that file's
 * parser (water.h); arena.txt holds the arena's seven centre schemes and
 * seven corner tiles in the game's own letters and is parsed here, strictly:
 * a broken file stops drlsim with one line naming the file and line.  Each
 * table set loads its own copy (glay_tables_load).
 */
#include "glay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "data.h"
#include "jsonutil.h"
#include "textdata.h"

#define WATER_FILE "water.json"
#define ARENA_FILE "arena.txt"
#define GLAY_DIFFICULTY_MAX 5 /* the hardest difficulty, N! (docs/rules.md G1) */

/* The game's tile letters [game: generators.lua:100-149]: the wall kinds
 * ('#' the style's wall, 'X' wall, '%' red wall, '@' green wall) are all
 * CELL_WALL.  -1 for any other byte. */
static int cell_of_letter(char c)
{
    switch (c) {
    case '.': return CELL_FLOOR;
    case '#':
    case 'X':
    case '%':
    case '@': return CELL_WALL;
    case '+': return CELL_DOOR;
    case '>': return CELL_STAIRS;
    default: return -1;
    }
}

static bool add_row(td_reader_t *rd, glay_tile_t *tl, const char *s, size_t n)
{
    if (tl->h >= GLAY_TILE_MAX_H)
        return td_fail(rd, "a tile has more than %d rows", GLAY_TILE_MAX_H);
    if (n > GLAY_TILE_MAX_W)
        return td_fail(rd, "a row is wider than %d cells", GLAY_TILE_MAX_W);
    for (size_t i = 0; i < n; i++) {
        int k = cell_of_letter(s[i]);
        if (k < 0) {
            unsigned char c = (unsigned char)s[i];
            return td_fail(rd, "unexpected character '%c' in a tile (expected . # X %% @ + >)",
                           c >= 0x20 && c < 0x7f ? c : '?');
        }
        tl->cell[tl->h][i] = (uint8_t)k;
    }
    if (tl->h == 0)
        tl->w = (int)n;
    else if ((int)n != tl->w)
        return td_fail(rd, "row is %zu cells wide, the tile's first row %d", n, tl->w);
    tl->h++;
    return true;
}

/* A finished tile: rows, and its kind's rule.  A centre scheme has odd sides
 * (the game's keep-out box, centre -+ half size, is then the tile itself)
 * and no stairs; a corner tile has exactly one '>'. */
static bool check_tile(td_reader_t *rd, const glay_tile_t *tl, bool quad, int number)
{
    const char *kind = quad ? "quad" : "centre";
    if (tl->h == 0)
        return td_fail(rd, "%s %d has no rows", kind, number);
    int stairs = 0;
    for (int y = 0; y < tl->h; y++)
        for (int x = 0; x < tl->w; x++)
            stairs += tl->cell[y][x] == CELL_STAIRS;
    if (quad && stairs != 1)
        return td_fail(rd, "quad %d has %d '>', expected exactly one", number, stairs);
    if (!quad && stairs != 0)
        return td_fail(rd, "centre %d has a '>' (centre schemes hold no stairs)", number);
    if (!quad && (tl->w % 2 == 0 || tl->h % 2 == 0))
        return td_fail(rd, "centre %d is %dx%d; its sides must be odd", number, tl->w, tl->h);
    return true;
}

/* A checked tile's drawn pictures and stairs (glay_tile_t). */
static void draw_flips(glay_tile_t *tl)
{
    for (int f = 0; f < GLAY_FLIPS; f++)
        for (int j = 0; j < tl->h; j++)
            for (int i = 0; i < tl->w; i++) {
                const int si = f & GLAY_FLIP_X ? tl->w - 1 - i : i,
                          sj = f & GLAY_FLIP_Y ? tl->h - 1 - j : j;
                tl->drawn[f][j][i] = tl->cell[sj][si];
                if (tl->cell[sj][si] == CELL_STAIRS) {
                    tl->stairs = true;
                    tl->stairs_at[f] = (point_t){(uint8_t)i, (uint8_t)j};
                }
            }
}

bool glay_arena_parse(glay_arena_tiles_t *t, const char *text, size_t len, const char *origin,
                      char *err, size_t errlen)
{
    td_reader_t rd;
    td_init(&rd, text, len, origin, err, errlen);
    memset(t, 0, sizeof *t);
    int ncentre = 0, nquad = 0;
    glay_tile_t *cur = NULL; /* the tile whose rows are being read */
    bool cur_quad = false;
    int cur_number = 0;
    const char *s;
    size_t n;
    while (td_next(&rd, &s, &n)) {
        if (n == 0) {
            if (cur && !check_tile(&rd, cur, cur_quad, cur_number))
                return false;
            cur = NULL;
            continue;
        }
        if (s[0] >= 'a' && s[0] <= 'z') {
            /* a keyword line: no tile letter is a small letter */
            if (cur && !check_tile(&rd, cur, cur_quad, cur_number))
                return false;
            cur = NULL;
            char word[24];
            const size_t k = td_word(s, n, word, sizeof word);
            static const char *const KEYWORDS[] = {"centre", "quad"};
            bool quad = strcmp(word, "quad") == 0;
            if (!quad && strcmp(word, "centre") != 0) {
                const char *near = ju_nearest(word, KEYWORDS, 2);
                if (near)
                    return td_fail(&rd, "unknown keyword \"%s\" (did you mean \"%s\"?)", word,
                                   near);
                return td_fail(&rd, "unknown keyword \"%s\" (lines are \"centre N\", \"quad N\", "
                                    "tile rows, blank or ; comments)",
                               word);
            }
            char num[16];
            size_t m = n > k + 1 ? n - k - 1 : 0;
            if (m > sizeof num - 1)
                m = sizeof num - 1;
            memcpy(num, s + k + (k < n ? 1 : 0), m);
            num[m] = '\0';
            char *e;
            long v = strtol(num, &e, 10);
            int *count = quad ? &nquad : &ncentre;
            if (e == num || *e != '\0')
                return td_fail(&rd, "expected \"%s N\"", word);
            if (v != *count + 1)
                return td_fail(&rd, "%s %ld where %s %d comes next", word, v, word, *count + 1);
            if (*count >= GLAY_ARENA_TILES)
                return td_fail(&rd, "more than %d %s tiles", GLAY_ARENA_TILES, word);
            cur = quad ? &t->quad[nquad] : &t->centre[ncentre];
            (*count)++;
            cur_quad = quad;
            cur_number = (int)v;
            continue;
        }
        if (!cur)
            return td_fail(&rd, "tile row outside a tile (a \"centre N\" or \"quad N\" line "
                                "comes first)");
        if (!add_row(&rd, cur, s, n))
            return false;
    }
    if (cur && !check_tile(&rd, cur, cur_quad, cur_number))
        return false;
    if (ncentre != GLAY_ARENA_TILES || nquad != GLAY_ARENA_TILES)
        return td_fail(&rd, "%d centre and %d quad tiles, expected %d of each", ncentre, nquad,
                       GLAY_ARENA_TILES);
    for (int i = 0; i < GLAY_ARENA_TILES; i++) {
        draw_flips(&t->centre[i]);
        draw_flips(&t->quad[i]);
    }
    return true;
}

static bool parse_arena(void *t, const char *text, size_t len, const char *origin, char *err,
                        size_t errlen)
{
    return glay_arena_parse(t, text, len, origin, err, errlen);
}

/* ---- water.json: the keys game-0.10.10b adds (docs/rules.md H.13) ------
 *
 * The file is read twice: here for the new keys (fluid_pick, deep_fluid,
 * cave_fluid_overrides, a river fluid row's fluid_pick, river.widths,
 * river.bridges, cave_river), each checked strictly, and then by water.h's
 * parser with those keys taken out (and the river's fluid rows cut to its
 * three, the last open-ended), which checks the rest as it checks
 * game-0.9.9.7's file.  A key left out means game-0.9.9.7's rule. */

/* "water", "mud", ...: a fluid's cell kind, or -1. */
static int fluid_of(const char *s)
{
    static const cell_t FLUIDS[] = {CELL_WATER, CELL_ACID, CELL_LAVA, CELL_MUD, CELL_BLOOD};
    for (size_t i = 0; i < sizeof FLUIDS / sizeof FLUIDS[0]; i++)
        if (strcmp(s, cell_name(FLUIDS[i])) == 0)
            return (int)FLUIDS[i];
    return -1;
}

static void parse_pick(ju_t *ju, const cJSON *obj, const char *path, const char *key,
                       glay_pick_t *p)
{
    const cJSON *a = ju_array(ju, obj, path, key);
    if (ju->failed)
        return;
    int n = cJSON_GetArraySize(a);
    if (n < 1 || n > GLAY_PICK_MAX) {
        ju_fail(ju, path, "%s: expected 1..%d fluids, got %d", key, GLAY_PICK_MAX, n);
        return;
    }
    p->n = n;
    for (int i = 0; i < n; i++) {
        const cJSON *e = cJSON_GetArrayItem(a, i);
        int k = cJSON_IsString(e) ? fluid_of(e->valuestring) : -1;
        if (k < 0) {
            ju_fail(ju, path, "%s[%d] is not a fluid (water, acid, lava, mud, blood)", key, i);
            return;
        }
        p->k[i] = (cell_t)k;
    }
}

/* "N" or "XdN+K" (X and K optional). */
static dice_t parse_dice10(ju_t *ju, const cJSON *obj, const char *path, const char *key)
{
    dice_t d = {0, 1, 0};
    const char *s = ju_string(ju, obj, path, key);
    if (ju->failed)
        return d;
    int x = 1, n = 0, k = 0, used = 0;
    if (sscanf(s, "%d%n", &k, &used) == 1 && s[used] == '\0' && k >= 0 && k <= 100)
        return (dice_t){0, 1, k};
    used = 0;
    int tail = 0;
    if ((sscanf(s, "d%d%n", &n, &used) == 1 || sscanf(s, "%dd%d%n", &x, &n, &used) == 2) &&
        (s[used] == '\0' ||
         ((s[used] == '+' || s[used] == '-') && sscanf(s + used, "%d%n", &k, &tail) == 1 &&
          s[used + tail] == '\0')) &&
        n >= 1 && n <= 100 && x >= 0 && x <= 10 && k >= -100 && k <= 100 && x + k >= 0)
        return (dice_t){x, n, k};
    ju_fail(ju, path, "%s: \"%s\" is not dice (N or XdN+K, at least 0)", key, s);
    return d;
}

static void parse_band_picks(ju_t *ju, cJSON *root, const char *key, glay_pick_t *picks)
{
    cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, key);
    cJSON *b;
    int i = 0;
    cJSON_ArrayForEach(b, arr) {
        if (i >= WATER_MAX_BANDS || !cJSON_IsObject(b))
            return; /* water.h's parser says what is wrong */
        if (cJSON_GetObjectItemCaseSensitive(b, "fluid_pick")) {
            char path[64];
            snprintf(path, sizeof path, "%s[%d]", key, i);
            parse_pick(ju, b, path, "fluid_pick", &picks[i]);
            cJSON_DeleteItemFromObjectCaseSensitive(b, "fluid_pick");
        }
        i++;
    }
}

static const char *const DEEP_KEYS[] = {"above", "lvl", "lava_pick", NULL};
static const char *const OVERRIDE_KEYS[] = {"from", "if_fluid", "min_diff", "pick", NULL};
static const char *const RIVER_ROW_KEYS[] = {"below", "fluid", "fluid_pick", "keep_cave_blood",
                                             NULL};
static const char *const BRIDGE_KEYS[] = {"singles_chance", "singles", "doubles", "edge_below",
                                          "edge_above", NULL};
static const char *const CAVE_RIVER_KEYS[] = {"chance", "fluid", "horizontal", "widths", NULL};

/* Rows {below, fluid, fluid_pick?, keep_cave_blood?}, the last below null. */
static int parse_river_rows(ju_t *ju, const cJSON *obj, const char *path,
                            glay_river_row_t *rows)
{
    int n;
    const cJSON *arr = ju_rows(ju, obj, path, "fluid", GLAY_RIVER_ROWS_MAX, "rows", &n);
    int last = -1000000;
    for (int i = 0; i < n && !ju->failed; i++) {
        char p[64];
        const cJSON *row = ju_row(ju, arr, path, "fluid", i, RIVER_ROW_KEYS, p, sizeof p);
        const cJSON *below = ju_get(ju, row, p, "below");
        if (ju->failed)
            return 0;
        if (cJSON_IsNull(below) != (i == n - 1)) {
            ju_fail(ju, p, "below: the last row and only it is null (any roll)");
            return 0;
        }
        rows[i].below = cJSON_IsNull(below) ? 0 : ju_int_item(ju, below, p, last + 1, 1000000);
        last = rows[i].below;
        int k = fluid_of(ju_string(ju, row, p, "fluid"));
        if (!ju->failed && k < 0)
            ju_fail(ju, p, "fluid is not a fluid (water, acid, lava, mud, blood)");
        rows[i].fluid = (cell_t)(k < 0 ? CELL_WATER : k);
        if (cJSON_GetObjectItemCaseSensitive(row, "fluid_pick"))
            parse_pick(ju, row, p, "fluid_pick", &rows[i].pick);
        if (cJSON_GetObjectItemCaseSensitive(row, "keep_cave_blood"))
            rows[i].keep_cave_blood = ju_bool(ju, row, p, "keep_cave_blood");
    }
    return ju->failed ? 0 : n;
}

static void parse_bridges(ju_t *ju, const cJSON *obj, const char *path, const char *key,
                          glay_bridges_t *b)
{
    char p[64];
    snprintf(p, sizeof p, "%s.%s", path, key);
    const cJSON *o = ju_object(ju, obj, path, key);
    ju_keys(ju, o, p, BRIDGE_KEYS);
    if (ju->failed)
        return;
    ju_frac(ju, o, p, "singles_chance", &b->singles_chance.num, &b->singles_chance.den);
    b->singles = parse_dice10(ju, o, p, "singles");
    b->doubles = parse_dice10(ju, o, p, "doubles");
    b->edge_below = ju_int(ju, o, p, "edge_below", 0, GRID_W);
    b->edge_above = ju_int(ju, o, p, "edge_above", 0, GRID_W);
}

/* A width range [lo, hi] must be the constants' d(die) + plus: the
 * constants hold the widths (glay_const_t), the file says them too. */
static void check_width(ju_t *ju, const cJSON *obj, const char *path, const char *key, int die,
                        int plus)
{
    const cJSON *a = ju_array(ju, obj, path, key);
    if (ju->failed)
        return;
    const cJSON *lo = cJSON_GetArrayItem(a, 0), *hi = cJSON_GetArrayItem(a, 1);
    if (cJSON_GetArraySize(a) != 2 || !cJSON_IsNumber(lo) || !cJSON_IsNumber(hi) ||
        lo->valueint != 1 + plus || hi->valueint != die + plus)
        ju_fail(ju, path, "%s: expected [%d, %d], the width the ruleset's constants give", key,
                1 + plus, die + plus);
}

static const char *const WIDTH_KEYS[] = {"horizontal", "one", "two", "three", NULL};
static const char *const CAVE_WIDTH_KEYS[] = {"horizontal", "vertical", NULL};

static void parse_river10(ju_t *ju, cJSON *river, glay_water10_t *w, const glay_const_t *k)
{
    if (!cJSON_IsObject(river))
        return;
    const cJSON *fl = cJSON_GetObjectItemCaseSensitive(river, "fluid");
    bool picks = false;
    const cJSON *row;
    cJSON_ArrayForEach(row, fl)
        picks |= cJSON_IsObject(row) && cJSON_GetObjectItemCaseSensitive(row, "fluid_pick");
    if (picks || cJSON_GetArraySize(fl) > 3) {
        w->nriver = parse_river_rows(ju, river, "river", w->river);
        /* water.h's parser: three rows at most, no picks, the last open */
        cJSON *rows = cJSON_GetObjectItemCaseSensitive(river, "fluid");
        while (cJSON_GetArraySize(rows) > 3)
            cJSON_DeleteItemFromArray(rows, cJSON_GetArraySize(rows) - 1);
        cJSON *r;
        cJSON_ArrayForEach(r, rows)
            cJSON_DeleteItemFromObjectCaseSensitive(r, "fluid_pick");
        cJSON *lastrow = cJSON_GetArrayItem(rows, cJSON_GetArraySize(rows) - 1);
        if (cJSON_IsObject(lastrow))
            cJSON_ReplaceItemInObjectCaseSensitive(lastrow, "below", cJSON_CreateNull());
    }
    if (cJSON_GetObjectItemCaseSensitive(river, "widths")) {
        const cJSON *wd = ju_object(ju, river, "river", "widths");
        ju_keys(ju, wd, "river.widths", WIDTH_KEYS);
        check_width(ju, wd, "river.widths", "horizontal", k->river_width_die,
                    k->hriver_width_plus);
        check_width(ju, wd, "river.widths", "one", k->river_width_die, k->vriver_one_width_plus);
        check_width(ju, wd, "river.widths", "two", k->river_width_die, k->vriver_two_width_plus);
        check_width(ju, wd, "river.widths", "three", k->river_width_die,
                    k->vriver_three_width_plus);
        cJSON_DeleteItemFromObjectCaseSensitive(river, "widths");
    }
    if (cJSON_GetObjectItemCaseSensitive(river, "bridges")) {
        static const char *const BK[] = {"horizontal", "vertical", NULL};
        const cJSON *b = ju_object(ju, river, "river", "bridges");
        ju_keys(ju, b, "river.bridges", BK);
        parse_bridges(ju, b, "river.bridges", "horizontal", &w->hbridges);
        parse_bridges(ju, b, "river.bridges", "vertical", &w->vbridges);
        w->bridges = !ju->failed;
        cJSON_DeleteItemFromObjectCaseSensitive(river, "bridges");
        /* H22 has no chance of a bridge: the old key is not asked for */
        if (!cJSON_GetObjectItemCaseSensitive(river, "horizontal_bridge")) {
            cJSON *always = cJSON_CreateArray();
            cJSON_AddItemToArray(always, cJSON_CreateNumber(1));
            cJSON_AddItemToArray(always, cJSON_CreateNumber(1));
            cJSON_AddItemToObject(river, "horizontal_bridge", always);
        }
    }
}

static void parse_water10(ju_t *ju, cJSON *root, glay_water10_t *w, const glay_const_t *k)
{
    parse_band_picks(ju, root, "fluid_bands", w->fluid_pick);
    parse_band_picks(ju, root, "cave_fluid_bands", w->cave_pick);
    if (cJSON_GetObjectItemCaseSensitive(root, "deep_fluid")) {
        const cJSON *d = ju_object(ju, root, "", "deep_fluid");
        ju_keys(ju, d, "deep_fluid", DEEP_KEYS);
        w->deep_above = ju_int(ju, d, "deep_fluid", "above", 1, DLEVEL_MAX);
        w->deep_lvl = parse_dice10(ju, d, "deep_fluid", "lvl");
        parse_pick(ju, d, "deep_fluid", "lava_pick", &w->deep_lava);
        if (!ju->failed && w->deep_lvl.x + w->deep_lvl.k < 1)
            ju_fail(ju, "deep_fluid", "lvl can roll below 1");
        w->deep = !ju->failed;
        cJSON_DeleteItemFromObjectCaseSensitive(root, "deep_fluid");
    }
    if (cJSON_GetObjectItemCaseSensitive(root, "cave_fluid_overrides")) {
        int n;
        const cJSON *arr = ju_rows(ju, root, "", "cave_fluid_overrides", GLAY_OVERRIDES_MAX,
                                   "rows", &n);
        for (int i = 0; i < n && !ju->failed; i++) {
            char p[64];
            const cJSON *o = ju_row(ju, arr, "", "cave_fluid_overrides", i, OVERRIDE_KEYS, p,
                                    sizeof p);
            w->override[i].from = ju_int(ju, o, p, "from", 1, DLEVEL_MAX);
            w->override[i].if_fluid = -1;
            if (cJSON_GetObjectItemCaseSensitive(o, "if_fluid")) {
                int f = fluid_of(ju_string(ju, o, p, "if_fluid"));
                if (!ju->failed && f < 0)
                    ju_fail(ju, p, "if_fluid is not a fluid (water, acid, lava, mud, blood)");
                w->override[i].if_fluid = f;
            }
            w->override[i].min_diff = cJSON_GetObjectItemCaseSensitive(o, "min_diff")
                                          ? ju_int(ju, o, p, "min_diff", 1, GLAY_DIFFICULTY_MAX)
                                          : 0;
            parse_pick(ju, o, p, "pick", &w->override[i].pick);
        }
        w->noverrides = ju->failed ? 0 : n;
        cJSON_DeleteItemFromObjectCaseSensitive(root, "cave_fluid_overrides");
    }
    parse_river10(ju, cJSON_GetObjectItemCaseSensitive(root, "river"), w, k);
    if (cJSON_GetObjectItemCaseSensitive(root, "cave_river")) {
        const cJSON *c = ju_object(ju, root, "", "cave_river");
        ju_keys(ju, c, "cave_river", CAVE_RIVER_KEYS);
        ju_frac(ju, c, "cave_river", "chance", &w->cave_river_chance.num,
                &w->cave_river_chance.den);
        ju_frac(ju, c, "cave_river", "horizontal", &w->cave_river_horizontal.num,
                &w->cave_river_horizontal.den);
        if (!ju->failed)
            w->ncave_river = parse_river_rows(ju, c, "cave_river", w->cave_river_row);
        const cJSON *wd = ju_object(ju, c, "cave_river", "widths");
        ju_keys(ju, wd, "cave_river.widths", CAVE_WIDTH_KEYS);
        check_width(ju, wd, "cave_river.widths", "horizontal", k->river_width_die,
                    k->cave_hriver_width_plus);
        check_width(ju, wd, "cave_river.widths", "vertical", k->river_width_die,
                    k->cave_vriver_width_plus);
        w->cave_river = !ju->failed;
        cJSON_DeleteItemFromObjectCaseSensitive(root, "cave_river");
    }
}

static bool parse_water(void *ctx, const char *text, size_t len, const char *origin, char *err,
                        size_t errlen)
{
    glay_tables_t *t = ctx;
    memset(&t->w10, 0, sizeof t->w10);
    ju_t ju;
    ju_init(&ju, origin, err, errlen);
    cJSON *root = ju_parse(&ju, text, len);
    if (!root)
        return false;
    if (cJSON_IsObject(root))
        parse_water10(&ju, root, &t->w10, &t->k);
    char *rest = ju.failed ? NULL : cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    if (ju.failed)
        return false;
    bool ok = rest && water_tables_parse(&t->water, rest, strlen(rest), origin, err, errlen);
    if (!rest)
        snprintf(err, errlen, "%s: out of memory", origin);
    free(rest);
    return ok;
}

bool glay_tables_load(glay_tables_t *t, data_src_t *src, char *err, size_t errlen)
{
    return data_src_load(src, WATER_FILE, parse_water, t, err, errlen) &&
           data_src_load(src, ARENA_FILE, parse_arena, &t->arena, err, errlen);
}
