/* picture.c - level pictures (see picture.h).
 *
 * The map is drawn from render_rows, the same glyph grid the ASCII map
 * prints, so the overlay rules (start over monsters over items over cells)
 * live in render.c only; here a glyph becomes a kind (the cell's own glyph,
 * the start, an item, else a monster, by its class) and a kind becomes a
 * colour, an ink and a name from TILE[].  Glyphs on tiles of 12 pixels and
 * more use the bold 8x10 tile font (font.h), smaller tiles the 5x8 text font.
 * Encoding is libpng's, into memory, so outfile_write can make the file
 * appear atomically like every other output of drlsim.
 */
#include "picture.h"

#include <assert.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "font.h"
#include "outfile.h"
#include "render.h"

/* Colours a DoomRL player knows: grey walls on a dark floor, brown doors,
 * blue water, green acid, red-orange lava, yellow stairs, a white @.
 * Monsters take their class's colour, each one apart from the cells' (and a
 * light or dark ink to match), so a pack of formers reads apart from demons
 * at a glance.  Kinds that carry a glyph draw it in `ink` on the tile.
 * Every fill differs from every other fill, from the legend's background and
 * text and from every ink (tests/test_png.c), so a pixel names its kind. */
static const struct tile_style {
    picture_rgb_t fill;
    bool glyph;
    picture_rgb_t ink;
    const char *label; /* the legend's words */
} TILE[PK__COUNT] = {
    [CELL_FLOOR] = {{44, 44, 44}, false, {0, 0, 0}, "floor"},
    [CELL_WALL] = {{150, 150, 150}, false, {0, 0, 0}, "wall"},
    [CELL_DOOR] = {{140, 88, 36}, false, {0, 0, 0}, "door"},
    [CELL_WATER] = {{40, 100, 230}, false, {0, 0, 0}, "water"},
    [CELL_ACID] = {{70, 200, 50}, false, {0, 0, 0}, "acid"},
    [CELL_LAVA] = {{235, 90, 20}, false, {0, 0, 0}, "lava"},
    [CELL_BRIDGE] = {{200, 165, 115}, false, {0, 0, 0}, "bridge"},
    [CELL_BOX] = {{160, 145, 75}, false, {0, 0, 0}, "crate"},
    [CELL_STAIRS] = {{250, 220, 40}, true, {0, 0, 0}, "stairs down"},
    [CELL_EDGE] = {{25, 45, 130}, false, {0, 0, 0}, "river in the border"},
    [CELL_BARREL] = {{120, 60, 20}, true, {255, 230, 120}, "barrel"},
    [CELL_BARREL_ACID] = {{20, 110, 40}, true, {200, 255, 160}, "acid barrel"},
    [CELL_BARREL_NAPALM] = {{130, 20, 20}, true, {255, 190, 80}, "napalm barrel"},
    [CELL_MUD] = {{110, 80, 40}, false, {0, 0, 0}, "mud"},
    [CELL_BLOOD] = {{150, 0, 25}, false, {0, 0, 0}, "blood"},
    [PK_START] = {{255, 255, 255}, true, {0, 0, 0}, "player start"},
    [PK_ITEM] = {{185, 60, 230}, true, {255, 236, 170}, "item"},
    [PK_MONSTER + MCLASS_FORMER] = {{0, 138, 138}, true, {225, 255, 248}, "formers"},
    [PK_MONSTER + MCLASS_DEMON] = {{205, 30, 30}, true, {255, 236, 170}, "demons"},
    [PK_MONSTER + MCLASS_UNDEAD] = {{240, 128, 182}, true, {0, 0, 0}, "undead and lost souls"},
    [PK_MONSTER + MCLASS_NIGHTMARE] = {{48, 0, 72}, true, {255, 120, 255}, "nightmare variants"},
    [PK_MONSTER + MCLASS_BOSS] = {{255, 150, 0}, true, {0, 0, 0}, "bosses"},
    [PK_MONSTER + MCLASS_OTHER] = {{118, 124, 162}, true, {240, 240, 240}, "other monsters"},
};
static const picture_rgb_t BACKGROUND = {12, 12, 12};
static const picture_rgb_t TEXT = {215, 215, 215};

/* Legend entries: every cell kind and overlay, a heading per monster class,
 * one entry per monster kind. */
#define LEGEND_MAX (PK__COUNT + MCLASS__COUNT + MONSTER_KINDS_MAX)
#define NAME_MAX_LEN 40

typedef struct entry {
    int kind; /* -1: a class heading, which starts a line */
    char glyph;
    char name[NAME_MAX_LEN];
} entry_t;

picture_rgb_t picture_color(int k)
{
    return TILE[k].fill;
}

bool picture_ink(int k, picture_rgb_t *ink)
{
    *ink = TILE[k].ink;
    return TILE[k].glyph;
}

const char *picture_label(int k)
{
    return TILE[k].label;
}

picture_rgb_t picture_background(void)
{
    return BACKGROUND;
}

picture_rgb_t picture_text_color(void)
{
    return TEXT;
}

/* The kind of a monster glyph: its kind's class. */
static int monster_kind_of(const monster_table_t *t, char glyph)
{
    int m = monster_by_glyph(t, glyph);
    return PK_MONSTER + (m >= 0 ? (int)monster_class(t, m) : MCLASS_OTHER);
}

/* What the glyph at (x, y) shows: the rows hold the cell's own glyph unless
 * render_rows drew an overlay there. */
static int kind_of(const level_t *lv, int x, int y, char glyph)
{
    cell_t k = grid_get(&lv->map, x, y);
    if (glyph == cell_glyph(k))
        return (int)k;
    if (glyph == GLYPH_START)
        return PK_START;
    if (glyph == GLYPH_ITEM)
        return PK_ITEM;
    return monster_kind_of(lv->monsters, glyph);
}

/* The legend's text grows a little faster than the tiles, so it stays
 * readable under a wide map. */
static int text_scale(int tile)
{
    return (tile + 4) / 8 > 1 ? (tile + 4) / 8 : 1;
}

/* ---- drawing primitives (all clipped to the image) ---- */

static void fill_rect(picture_t *p, int x, int y, int w, int h, picture_rgb_t c)
{
    for (int j = y < 0 ? 0 : y; j < y + h && j < p->h; j++)
        for (int i = x < 0 ? 0 : x; i < x + w && i < p->w; i++) {
            uint8_t *px = p->rgb + ((size_t)j * (size_t)p->w + (size_t)i) * 3;
            px[0] = c.r;
            px[1] = c.g;
            px[2] = c.b;
        }
}

static void draw_char(picture_t *p, int x, int y, char ch, int s, picture_rgb_t c)
{
    const uint8_t *g = font_glyph(ch);
    for (int r = 0; r < FONT_H; r++)
        for (int col = 0; col < FONT_W; col++)
            if (g[r] & (1u << (FONT_W - 1 - col)))
                fill_rect(p, x + col * s, y + r * s, s, s, c);
}

static void draw_text(picture_t *p, int x, int y, const char *t, int s, picture_rgb_t c)
{
    for (; *t; t++, x += (FONT_W + 1) * s)
        draw_char(p, x, y, *t, s, c);
}

/* A tile-font glyph at scale s, its capitals' box at (x, y). */
static void draw_tile_char(picture_t *p, int x, int y, char ch, int s, picture_rgb_t c)
{
    const uint8_t *g = font_tile_glyph(ch);
    for (int r = 0; r < TILE_FONT_H; r++)
        for (int col = 0; col < TILE_FONT_W; col++)
            if (g[r] & (0x80u >> col))
                fill_rect(p, x + col * s, y + r * s, s, s, c);
}

/* One tile: its colour, and its glyph when the kind has one and it fits.
 * From 12 pixels the tile font, one dot per 12 pixels of tile, capitals
 * centred and descenders inside the tile; on 10 and 11 the text font. */
static void draw_tile(picture_t *p, int x, int y, int size, int kind, char glyph)
{
    fill_rect(p, x, y, size, size, TILE[kind].fill);
    if (!TILE[kind].glyph)
        return;
    if (size >= 12) {
        const int s = size / 12, off = (size - TILE_FONT_CAP * s) / 2;
        draw_tile_char(p, x + (size - TILE_FONT_W * s) / 2, y + off, glyph, s, TILE[kind].ink);
    } else if (size >= 10) {
        draw_char(p, x + (size - FONT_W) / 2, y + (size - 7) / 2, glyph, 1, TILE[kind].ink);
    }
}

/* ---- the legend ---- */

static void copy_name(char *dst, const char *src)
{
    snprintf(dst, NAME_MAX_LEN, "%s", src);
}

/* Every kind the picture shows, in table order, in the legend's words; then
 * the monsters by class (a heading each), in the monster table's order, by
 * their names in the table (which `gen --help` and the JSON legend use too). */
static int legend_entries(const level_t *lv, const char rows[GRID_H][GRID_W + 1],
                          entry_t *e)
{
    bool present[PK__COUNT] = {false};
    bool monster[128] = {false};
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            char g = rows[y - 1][x - 1];
            int k = kind_of(lv, x, y, g);
            present[k] = true;
            if (k >= PK_MONSTER)
                monster[(unsigned char)g & 127] = true;
        }
    int n = 0;
    for (int k = 0; k < PK_MONSTER; k++) {
        if (!present[k])
            continue;
        e[n].kind = k;
        e[n].glyph = k == PK_START ? GLYPH_START : k == PK_ITEM ? GLYPH_ITEM : cell_glyph((cell_t)k);
        copy_name(e[n].name, TILE[k].label);
        n++;
    }
    const monster_table_t *t = lv->monsters;
    /* Classes in the table's order (formers first), "other" last. */
    for (int ci = 1; ci <= MCLASS__COUNT; ci++) {
        int c = ci % MCLASS__COUNT, k = PK_MONSTER + c;
        if (!present[k])
            continue;
        e[n].kind = -1;
        e[n].glyph = 0;
        snprintf(e[n].name, NAME_MAX_LEN, "%s:", TILE[k].label);
        n++;
        for (int m = 0; t && m < t->n; m++) {
            char g = t->kind[m].glyph;
            if ((int)t->kind[m].cls != c || !monster[(unsigned char)g & 127])
                continue;
            monster[(unsigned char)g & 127] = false;
            e[n].kind = k;
            e[n].glyph = g;
            copy_name(e[n].name, t->kind[m].name);
            n++;
        }
        if (c == MCLASS_OTHER) /* glyphs no table row has */
            for (int g = 0; g < 128; g++)
                if (monster[g]) {
                    e[n].kind = k;
                    e[n].glyph = (char)g;
                    copy_name(e[n].name, "monster");
                    n++;
                }
    }
    return n;
}

static void summary(const level_t *lv, char *buf, size_t n)
{
    int len = snprintf(buf, n, "type %s, dlevel %d, difficulty %d, seed %llu",
                       level_type_name(lv->type), lv->dlevel, lv->difficulty,
                       (unsigned long long)lv->seed);
    if (lv->index && len > 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, ", index %llu", (unsigned long long)lv->index);
}

/* Lay out (and draw, when p is not NULL) the strip below the map: a summary
 * line, then entries "swatch name" flowing left to right and wrapping at the
 * picture's width.  Returns the strip's height. */
static int legend_layout(picture_t *p, const level_t *lv, int tile, const entry_t *e, int n)
{
    const int s = text_scale(tile);
    const int width = GRID_W * tile;
    const int pad = tile / 2 > 4 ? tile / 2 : 4;
    /* swatch side: a map tile, grown to the text's height and a glyph's */
    const int sw = tile > FONT_H * s + 4 ? tile : FONT_H * s + 4;
    const int gap = 2 * s + 2; /* swatch to name */
    const int y0 = GRID_H * tile;
    int y = y0 + pad;
    char line[160];
    summary(lv, line, sizeof line);
    if (p)
        draw_text(p, pad, y, line, s, TEXT);
    y += FONT_H * s + pad;
    int x = pad;
    for (int i = 0; i < n; i++) {
        bool heading = e[i].kind < 0;
        int ew = (heading ? 0 : sw + gap) + font_text_width(e[i].name, s);
        if (x > pad && (heading || x + ew > width - pad)) {
            x = pad;
            y += sw + pad / 2;
        }
        if (p && heading) {
            draw_text(p, x, y + (sw - 7 * s) / 2, e[i].name, s, TEXT);
        } else if (p) {
            draw_tile(p, x, y, sw, e[i].kind, e[i].glyph);
            draw_text(p, x + sw + gap, y + (sw - 7 * s) / 2, e[i].name, s, TEXT);
        }
        x += ew + (heading ? pad : 2 * pad);
    }
    if (n)
        y += sw;
    y += pad;
    return y - y0;
}

int picture_legend_height(const level_t *lv, int tile)
{
    char rows[GRID_H][GRID_W + 1];
    entry_t e[LEGEND_MAX];
    render_rows(lv, rows);
    return legend_layout(NULL, lv, tile, e, legend_entries(lv, rows, e));
}

int picture_draw(const level_t *lv, int tile, picture_t *pic)
{
    assert(tile >= PICTURE_TILE_MIN && tile <= PICTURE_TILE_MAX);
    char rows[GRID_H][GRID_W + 1];
    entry_t e[LEGEND_MAX];
    render_rows(lv, rows);
    int n = legend_entries(lv, rows, e);
    pic->w = GRID_W * tile;
    pic->h = GRID_H * tile + legend_layout(NULL, lv, tile, e, n);
    pic->rgb = malloc((size_t)pic->w * (size_t)pic->h * 3);
    if (!pic->rgb)
        return -1;
    fill_rect(pic, 0, 0, pic->w, pic->h, BACKGROUND);
    for (int y = 1; y <= GRID_H; y++)
        for (int x = 1; x <= GRID_W; x++) {
            char g = rows[y - 1][x - 1];
            draw_tile(pic, (x - 1) * tile, (y - 1) * tile, tile, kind_of(lv, x, y, g), g);
        }
    legend_layout(pic, lv, tile, e, n);
    return 0;
}

void picture_free(picture_t *pic)
{
    free(pic->rgb);
    pic->rgb = NULL;
}

/* ---- PNG encoding with libpng, into memory ---- */

typedef struct membuf {
    unsigned char *p;
    size_t len, cap;
    char err[160];
} membuf_t;

static void mem_write(png_structp png, png_bytep data, size_t n)
{
    membuf_t *m = png_get_io_ptr(png);
    if (m->len + n > m->cap) {
        size_t cap = m->cap ? m->cap : 65536;
        while (cap < m->len + n)
            cap *= 2;
        unsigned char *q = realloc(m->p, cap);
        if (!q)
            png_error(png, "out of memory");
        m->p = q;
        m->cap = cap;
    }
    memcpy(m->p + m->len, data, n);
    m->len += n;
}

static void mem_flush(png_structp png)
{
    (void)png;
}

/* libpng reports errors through this and never returns to its caller. */
static void png_fail(png_structp png, png_const_charp msg)
{
    membuf_t *m = png_get_error_ptr(png);
    snprintf(m->err, sizeof m->err, "%s", msg);
    png_longjmp(png, 1);
}

static void png_warn(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

/* A picture uses a handful of colours: as an indexed PNG it is a third of
 * the data to compress and a smaller file.  Returns the palette size, or -1
 * when the picture has more than 256 colours (then it is written as RGB). */
static int to_palette(const picture_t *pic, uint8_t *idx, png_color *pal)
{
    int n = 0, last = -1;
    size_t npx = (size_t)pic->w * (size_t)pic->h;
    for (size_t i = 0; i < npx; i++) {
        const uint8_t *px = pic->rgb + i * 3;
        if (last < 0 || pal[last].red != px[0] || pal[last].green != px[1] ||
            pal[last].blue != px[2]) {
            for (last = 0; last < n; last++)
                if (pal[last].red == px[0] && pal[last].green == px[1] &&
                    pal[last].blue == px[2])
                    break;
            if (last == n) {
                if (n == 256)
                    return -1;
                pal[n++] = (png_color){px[0], px[1], px[2]};
            }
        }
        idx[i] = (uint8_t)last;
    }
    return n;
}

int picture_encode(const picture_t *pic, const level_t *lv, unsigned char **out, size_t *len)
{
    /* On the heap: libpng's error path longjmps back here, and locals
     * changed since setjmp would be indeterminate. */
    membuf_t *m = calloc(1, sizeof *m);
    png_bytep *rowp = malloc((size_t)pic->h * sizeof *rowp);
    uint8_t *idx = malloc((size_t)pic->w * (size_t)pic->h);
    png_structp png = NULL;
    png_infop info = NULL;
    if (m && rowp && idx)
        png = png_create_write_struct(PNG_LIBPNG_VER_STRING, m, png_fail, png_warn);
    if (png)
        info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        free(idx);
        free(rowp);
        free(m);
        fprintf(stderr, "drlsim: PNG encoding: out of memory\n");
        return -1;
    }
    png_color pal[256];
    const int npal = to_palette(pic, idx, pal);
    for (int y = 0; y < pic->h; y++)
        rowp[y] = npal > 0 ? idx + (size_t)y * (size_t)pic->w
                           : pic->rgb + (size_t)y * (size_t)pic->w * 3;
    char key_soft[] = "Software", key_desc[] = "Description";
    char desc[160], soft[40];
    summary(lv, desc, sizeof desc);
    snprintf(soft, sizeof soft, "drlsim %s", DRLSIM_VERSION);
    png_text text[2] = {
        {.compression = PNG_TEXT_COMPRESSION_NONE, .key = key_soft, .text = soft},
        {.compression = PNG_TEXT_COMPRESSION_NONE, .key = key_desc, .text = desc},
    };
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fprintf(stderr, "drlsim: PNG encoding failed: %s\n", m->err);
        free(idx);
        free(rowp);
        free(m->p);
        free(m);
        return -1;
    }
    png_set_write_fn(png, m, mem_write, mem_flush);
    png_set_IHDR(png, info, (png_uint_32)pic->w, (png_uint_32)pic->h, 8,
                 npal > 0 ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (npal > 0)
        png_set_PLTE(png, info, pal, npal);
    png_set_text(png, info, text, 2);
    png_set_rows(png, info, rowp);
    png_write_png(png, info, PNG_TRANSFORM_IDENTITY, NULL);
    png_destroy_write_struct(&png, &info);
    *out = m->p;
    *len = m->len;
    free(idx);
    free(rowp);
    free(m);
    return 0;
}

int picture_write(const char *path, const level_t *lv, int tile)
{
    picture_t pic;
    if (picture_draw(lv, tile, &pic) != 0) {
        fprintf(stderr, "drlsim: %s: out of memory drawing the picture\n", path);
        return -1;
    }
    unsigned char *png;
    size_t len;
    int rc = picture_encode(&pic, lv, &png, &len);
    picture_free(&pic);
    if (rc != 0)
        return -1;
    rc = outfile_write(path, (const char *)png, len);
    free(png);
    return rc;
}
