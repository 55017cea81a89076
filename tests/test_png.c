/* test_png.c - level pictures (src/out/picture.c), decoded back with libpng.
 *
 * - The colour table is unambiguous: every kind's fill differs from every
 *   other fill, from the legend's background and text and from the inks, so
 *   a pixel names the kind it shows; every kind has a name in words.
 * - Monster classes (data/monsters.json "classes"): every kind of the shipped
 *   table has one, a few spot checks, and bad class lists are refused with a
 *   message naming the key.
 * - For 40 levels of every implemented type (dlevel 12, seeds 1..40: tile 12,
 *   and tiles 4, 13, 48 for seed 1) and a synthetic level holding every kind
 *   (tiles 4, 12, 13, 48): the PNG
 *   decodes to 78*tile x (20*tile + legend); corner (1,1) is wall colour
 *   throughout its tile; every tile's top-left pixel has the colour of what
 *   the cell shows, classified here from the level itself (start over
 *   monsters over items over the cell, as render_rows draws); a glyph tile
 *   carries ink; the legend strip shows exactly the kinds the map shows.
 * - A picture of more than 256 colours (written as RGB, not indexed)
 *   round-trips exactly.
 * - picture_write leaves the file (and no temporary file) on success, nothing
 *   when the directory does not exist.
 */
#include <dirent.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "layouts/walled.h"
#include "level.h"
#include "monsters.h"
#include "picture.h"
#include "tables.h"
#include "testutil.h"

#define SEEDS 40
#define DLEVEL 12

static const int TILES[] = {4, 12, 13, 48};
#define NTILES ((int)(sizeof TILES / sizeof TILES[0]))

static bool same(const uint8_t *px, picture_rgb_t c)
{
    return px[0] == c.r && px[1] == c.g && px[2] == c.b;
}

static bool rgb_eq(picture_rgb_t a, picture_rgb_t b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

/* Decode with libpng's simplified API to 8-bit RGB. */
static uint8_t *decode(const unsigned char *buf, size_t len, int *w, int *h)
{
    png_image im;
    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&im, buf, len))
        return NULL;
    im.format = PNG_FORMAT_RGB;
    uint8_t *px = malloc(PNG_IMAGE_SIZE(im));
    if (!px || !png_image_finish_read(&im, NULL, px, 0, NULL)) {
        free(px);
        png_image_free(&im);
        return NULL;
    }
    *w = (int)im.width;
    *h = (int)im.height;
    return px;
}

/* What (x, y) shows, from the level's own lists: a monster by its class. */
static int expected_kind(const level_t *lv, int x, int y)
{
    if (lv->start.x == x && lv->start.y == y)
        return PK_START;
    for (int i = 0; i < lv->nmonsters; i++)
        if (lv->monster[i].x == x && lv->monster[i].y == y)
            return PK_MONSTER + (int)monster_class(lv->monsters, lv->monster[i].kind);
    for (int i = 0; i < lv->nitems; i++)
        if (lv->item[i].x == x && lv->item[i].y == y)
            return PK_ITEM;
    return (int)grid_get(&lv->map, x, y);
}

static void table(void)
{
    picture_rgb_t other[2 + PK__COUNT] = {picture_background(), picture_text_color()};
    int nother = 2;
    for (int k = 0; k < PK__COUNT; k++) {
        picture_rgb_t ink;
        if (picture_ink(k, &ink))
            other[nother++] = ink;
    }
    for (int a = 0; a < PK__COUNT; a++) {
        for (int b = a + 1; b < PK__COUNT; b++)
            CHECK(!rgb_eq(picture_color(a), picture_color(b)), "kinds %d and %d share a colour",
                  a, b);
        for (int i = 0; i < nother; i++)
            CHECK(!rgb_eq(picture_color(a), other[i]),
                  "kind %d has the colour of the background, the text or an ink", a);
        const char *l = picture_label(a);
        CHECK(l && *l && !strchr(l, '_'), "kind %d's legend name '%s' is not words", a,
              l ? l : "(null)");
    }
    picture_rgb_t ink;
    CHECK(picture_ink(PK_START, &ink) && picture_ink(PK_MONSTER, &ink) &&
              picture_ink(CELL_STAIRS, &ink) && !picture_ink(CELL_FLOOR, &ink),
          "start, monsters and stairs carry a glyph, floor does not");
    for (int c = 0; c < MCLASS__COUNT; c++)
        CHECK(picture_ink(PK_MONSTER + c, &ink), "monster class %d carries its glyph", c);
}

/* The classes of data/monsters.json: every shipped kind has one; the list
 * is checked when parsed. */
static void classes(void)
{
    const monster_table_t *t = test_tables(NULL)->monsters;
    if (!CHECK(t != NULL, "monster table loads"))
        return;
    for (int k = 0; k < t->n; k++)
        CHECK(monster_class(t, k) != MCLASS_OTHER, "%s has no class", t->kind[k].id);
    static const struct {
        const char *id;
        monster_class_t c;
    } SPOT[] = {{"former", MCLASS_FORMER},       {"ecommando", MCLASS_FORMER},
                {"imp", MCLASS_DEMON},           {"cacodemon", MCLASS_DEMON},
                {"pain", MCLASS_UNDEAD},         {"lostsoul", MCLASS_UNDEAD},
                {"ncaco", MCLASS_NIGHTMARE},     {"cyberdemon", MCLASS_BOSS}};
    for (size_t i = 0; i < sizeof SPOT / sizeof SPOT[0]; i++)
        CHECK(monster_class(t, monsters_find(t, SPOT[i].id)) == SPOT[i].c, "%s's class",
              SPOT[i].id);
    CHECK(monster_by_glyph(t, 'h') == monsters_find(t, "former") && monster_by_glyph(t, '?') < 0,
          "monster_by_glyph");
    static const char ROW[] = "{\"monsters\":[{\"id\":\"a\",\"name\":\"A\",\"glyph\":\"h\","
                              "\"min\":0,\"max\":null,\"weight\":1,\"danger\":1}],";
    static const struct {
        const char *classes, *err;
    } BAD[] = {{"\"classes\":{\"elves\":[\"a\"]}}", "classes.elves: unknown class"},
               {"\"classes\":{\"demon\":[\"b\"]}}", "classes.demon: \"b\" is no monster id"},
               {"\"classes\":{\"demon\":[\"a\"],\"boss\":[\"a\"]}}", "in two classes"},
               {"\"classes\":{\"demon\":\"a\"}}", "must be a list"},
               {"\"classes\":[]}", "classes: must be an object"}};
    monster_table_t mt;
    char json[512], err[256];
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        snprintf(json, sizeof json, "%s%s", ROW, BAD[i].classes);
        CHECK(!monsters_parse(&mt, json, strlen(json), "m.json", err, sizeof err) &&
                  strstr(err, "m.json: ") && strstr(err, BAD[i].err),
              "bad classes %s: '%s'", BAD[i].classes, err);
    }
    snprintf(json, sizeof json, "%s%s", ROW, "\"classes\":{\"comment\":\"x\",\"undead\":[\"a\"]}}");
    CHECK(monsters_parse(&mt, json, strlen(json), "m.json", err, sizeof err) &&
              mt.kind[0].cls == MCLASS_UNDEAD,
          "a good class list parses: %s", err);
    snprintf(json, sizeof json, "%s", ROW);
    json[strlen(json) - 1] = '}';
    CHECK(monsters_parse(&mt, json, strlen(json), "m.json", err, sizeof err) &&
              mt.kind[0].cls == MCLASS_OTHER,
          "no class list: every kind is 'other': %s", err);
}

/* Everything about one level's picture at one tile size. */
static void check_picture(const level_t *lv, int tile, const char *what)
{
    picture_t pic;
    if (!CHECK(picture_draw(lv, tile, &pic) == 0, "%s: draw", what))
        return;
    unsigned char *buf;
    size_t len;
    int rc = picture_encode(&pic, lv, &buf, &len);
    picture_free(&pic);
    if (!CHECK(rc == 0, "%s tile %d: encode", what, tile))
        return;
    int w, h;
    uint8_t *px = decode(buf, len, &w, &h);
    free(buf);
    if (!CHECK(px != NULL, "%s tile %d: the PNG does not decode", what, tile))
        return;
    int legend = picture_legend_height(lv, tile);
    CHECK(w == GRID_W * tile && h == GRID_H * tile + legend && legend > 0,
          "%s tile %d: %dx%d, want %dx(%d+%d)", what, tile, w, h, GRID_W * tile, GRID_H * tile,
          legend);
    if (w != GRID_W * tile || h <= GRID_H * tile) {
        free(px);
        return;
    }
#define PX(x, y) (px + ((size_t)(y) * (size_t)w + (size_t)(x)) * 3)
    bool corner = true;
    for (int j = 0; j < tile; j++)
        for (int i = 0; i < tile; i++)
            corner &= same(PX(i, j), picture_color(CELL_WALL));
    CHECK(corner, "%s tile %d: cell (1,1) is not all wall colour", what, tile);

    bool shown[PK__COUNT] = {false};
    int bad = 0, inkless = 0;
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            int k = expected_kind(lv, x, y);
            shown[k] = true;
            int x0 = (x - 1) * tile, y0 = (y - 1) * tile;
            if (!same(PX(x0, y0), picture_color(k))) {
                if (bad++ == 0)
                    CHECK(false, "%s tile %d: cell (%d,%d) is %d,%d,%d, want kind %d", what,
                          tile, x, y, PX(x0, y0)[0], PX(x0, y0)[1], PX(x0, y0)[2], k);
            }
            picture_rgb_t ink;
            if (tile >= 12 && picture_ink(k, &ink)) {
                bool any = false;
                for (int j = 0; j < tile; j++)
                    for (int i = 0; i < tile; i++)
                        any |= same(PX(x0 + i, y0 + j), ink);
                inkless += !any;
            }
        }
    CHECK(bad == 0, "%s tile %d: %d cells of the wrong colour", what, tile, bad);
    CHECK(inkless == 0, "%s tile %d: %d glyph tiles without a glyph", what, tile, inkless);
    if (lv->start.x) {
        int x0 = (lv->start.x - 1) * tile, y0 = (lv->start.y - 1) * tile;
        CHECK(same(PX(x0, y0), picture_color(PK_START)), "%s tile %d: start not drawn", what,
              tile);
    }

    bool in_legend[PK__COUNT] = {false};
    for (int y = GRID_H * tile; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int k = 0; k < PK__COUNT; k++)
                if (same(PX(x, y), picture_color(k)))
                    in_legend[k] = true;
    for (int k = 0; k < PK__COUNT; k++)
        CHECK(in_legend[k] == shown[k], "%s tile %d: kind %d is %s the map but %s the legend",
              what, tile, k, shown[k] ? "on" : "not on", in_legend[k] ? "in" : "not in");
#undef PX
    free(px);
}

/* A normal level with every cell kind, two monsters and two items painted
 * in, so every table row is drawn (population may not exist yet). */
static void synthetic(level_t *lv, const gen_params_t *p0)
{
    gen_params_t p = *p0;
    p.type = LT_NORMAL;
    level_generate(lv, &p, 1, 0);
    static const cell_t KINDS[] = {CELL_WATER,  CELL_ACID,   CELL_LAVA,
                                   CELL_BRIDGE, CELL_BOX,    CELL_STAIRS,
                                   CELL_BARREL, CELL_BARREL_ACID, CELL_BARREL_NAPALM,
                                   CELL_MUD,    CELL_BLOOD};
    for (int i = 0; i < (int)(sizeof KINDS / sizeof KINDS[0]); i++)
        grid_set(&lv->map, 3 + i, 2, KINDS[i]);
    grid_set(&lv->map, 1, 10, CELL_EDGE);
    lv->start = (point_t){20, 2};
    /* one monster of every class, one under the start, one whose kind the
     * table does not have (drawn as "other") */
    const monster_table_t *t = test_tables(NULL)->monsters;
    static const char *const IDS[] = {"former", "sergeant", "imp", "lostsoul", "nimp",
                                      "cyberdemon"};
    lv->nmonsters = 0;
    for (int i = 0; i < (int)(sizeof IDS / sizeof IDS[0]); i++) {
        monster_t m = {.kind = monsters_find(t, IDS[i]), .x = 22 + 2 * i, .y = 4};
        if (i == 1) { /* under the start */
            m.x = 20;
            m.y = 2;
        }
        lv->monster[lv->nmonsters++] = m;
    }
    lv->monster[lv->nmonsters++] = (monster_t){.kind = t->n, .x = 40, .y = 4};
    lv->monster[lv->nmonsters++] = (monster_t){.kind = 0, .x = 22, .y = 2};
    lv->nitems = 2;
    lv->item[0] = (point_t){24, 2};
    lv->item[1] = (point_t){22, 2}; /* under a monster */
}

/* More than 256 colours cannot be a palette: the RGB path must round-trip. */
static void many_colours(const level_t *lv)
{
    picture_t pic = {20, 20, malloc(20 * 20 * 3)};
    if (!CHECK(pic.rgb != NULL, "malloc"))
        return;
    for (int i = 0; i < 400; i++) {
        pic.rgb[i * 3] = (uint8_t)i;
        pic.rgb[i * 3 + 1] = (uint8_t)(i >> 8);
        pic.rgb[i * 3 + 2] = (uint8_t)(255 - i % 7);
    }
    unsigned char *buf;
    size_t len;
    int w = 0, h = 0;
    uint8_t *px = NULL;
    if (picture_encode(&pic, lv, &buf, &len) == 0) {
        px = decode(buf, len, &w, &h);
        free(buf);
    }
    CHECK(px && w == 20 && h == 20 && memcmp(px, pic.rgb, 20 * 20 * 3) == 0,
          "a 400-colour picture round-trips");
    free(px);
    picture_free(&pic);
}

static void files(const level_t *lv)
{
    char dir[] = "/tmp/drlsim-test-png-XXXXXX";
    if (!CHECK(mkdtemp(dir) != NULL, "mkdtemp"))
        return;
    char path[256];
    snprintf(path, sizeof path, "%s/level.png", dir);
    CHECK(picture_write(path, lv, 12) == 0, "picture_write to %s", path);
    FILE *f = fopen(path, "rb");
    unsigned char sig[8] = {0};
    CHECK(f && fread(sig, 1, 8, f) == 8 && png_sig_cmp(sig, 0, 8) == 0,
          "the written file is a PNG");
    if (f)
        fclose(f);
    int entries = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        entries += e->d_name[0] != '.' || strncmp(e->d_name, ".drlsim-tmp", 11) == 0;
    if (d)
        closedir(d);
    CHECK(entries == 1, "%d files in the directory, want just level.png", entries);
    unlink(path);
    snprintf(path, sizeof path, "%s/missing/level.png", dir);
    fprintf(stderr, "(an error line about %s is expected here)\n", path);
    CHECK(picture_write(path, lv, 12) != 0 && access(path, F_OK) != 0,
          "picture_write into a missing directory fails and leaves nothing");
    rmdir(dir);
}

int main(void)
{
    static level_t lv;
    gen_params_t p;
    gen_params_default(&p, test_tables(NULL));
    p.dlevel = DLEVEL;
    CHECK(p.tables && test_tables(NULL)->walled, "ruleset and layout tables load");
    table();
    classes();

    synthetic(&lv, &p);
    for (int i = 0; i < NTILES; i++)
        check_picture(&lv, TILES[i], "synthetic");
    bool shown[PK__COUNT] = {false};
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++)
            shown[expected_kind(&lv, x, y)] = true;
    int nshown = 0;
    for (int k = 0; k < PK__COUNT; k++)
        nshown += shown[k];
    CHECK(nshown == PK__COUNT, "the synthetic level shows %d of %d kinds", nshown, PK__COUNT);
    files(&lv);
    many_colours(&lv);

    int types = 0;
    for (int t = 0; t < LT__COUNT; t++) {
        if (!layout_for((level_type_t)t))
            continue;
        types++;
        p.type = t;
        for (uint64_t seed = 1; seed <= SEEDS; seed++) {
            level_generate(&lv, &p, seed, 0);
            char what[64];
            snprintf(what, sizeof what, "%s seed %llu", level_type_name((level_type_t)t),
                     (unsigned long long)seed);
            /* every tile size for a few seeds, the common one for all */
            if (seed == 1)
                for (int i = 0; i < NTILES; i++)
                    check_picture(&lv, TILES[i], what);
            else
                check_picture(&lv, 12, what);
        }
    }
    CHECK(types >= 2, "%d level types implemented", types);
    return test_summary("png");
}
