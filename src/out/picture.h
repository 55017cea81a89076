/* picture.h - a level as a PNG: one square tile per cell, a legend below.
 *
 * The picture shows what the ASCII map shows (render_rows: cells with the
 * start, items and monsters on top), each glyph turned into a colour from one
 * table keyed by what the cell shows; a monster's colour is its class's
 * (monsters.h, data/monsters.json "classes").  The strip under the map names
 * every kind the picture contains in words, with a swatch drawn like a map
 * tile, the monsters by class.  libpng does the encoding; the file is written
 * atomically by outfile_write.
 */
#ifndef DRLSIM_PICTURE_H
#define DRLSIM_PICTURE_H

#include <stddef.h>
#include <stdint.h>

#include "level.h"
#include "monsters.h"

/* Tile side in pixels: below 4 a cell is hard to see; at 48 a picture is
 * already 3744 pixels wide. */
#define PICTURE_TILE_MIN 4
#define PICTURE_TILE_MAX 48
#define PICTURE_TILE_DEFAULT 12

/* What a tile shows: a cell kind (0..CELL__COUNT-1) or an overlay: the
 * start, an item, or a monster of class c (PK_MONSTER + c). */
enum { PK_START = CELL__COUNT, PK_ITEM, PK_MONSTER, PK__COUNT = PK_MONSTER + MCLASS__COUNT };

typedef struct picture_rgb {
    uint8_t r, g, b;
} picture_rgb_t;

/* The fill colour of a tile showing kind k (a cell_t or PK_*). */
picture_rgb_t picture_color(int k);
/* What the legend calls kind k ("floor", "river in the border"; a monster
 * class: "formers"). */
const char *picture_label(int k);
/* The colour the glyph is drawn in on such a tile; false when the kind's
 * tiles carry no glyph. */
bool picture_ink(int k, picture_rgb_t *ink);
/* The legend strip's background and text colours. */
picture_rgb_t picture_background(void);
picture_rgb_t picture_text_color(void);

/* An RGB image, 3 bytes per pixel, rows top to bottom. */
typedef struct picture {
    int w, h;
    uint8_t *rgb;
} picture_t;

/* Draw lv with tiles of `tile` pixels (PICTURE_TILE_MIN..MAX): the map is
 * 78*tile x 20*tile, the legend strip below it picture_legend_height() high.
 * 0 on success, -1 when out of memory. */
int picture_draw(const level_t *lv, int tile, picture_t *pic);
int picture_legend_height(const level_t *lv, int tile);
void picture_free(picture_t *pic);

/* Encode as PNG into a malloc'ed buffer; 0 on success, else -1 after
 * printing one line. */
int picture_encode(const picture_t *pic, const level_t *lv, unsigned char **png, size_t *len);

/* Draw, encode and write atomically to path ("-": stdout).  0 on success,
 * else -1 after printing one line; no file is left behind. */
int picture_write(const char *path, const level_t *lv, int tile);

#endif
