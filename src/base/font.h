/* font.h - two tiny bitmap fonts for level pictures, so drlsim needs no font
 * library.
 *
 * The text font: 5x8, the printable ASCII characters, for the legend's words.
 * Each glyph is 8 rows of 5 pixels; capitals and digits use rows 0-6, row 7
 * holds descenders (g, j, p, q, y, comma, _).
 *
 * The tile font: 8x10 with two-pixel stems, for the one glyph on a map tile
 * (monster letters, @, *, >), legible on a 12-pixel tile at one pixel per
 * dot: capitals fill rows 0-7 and lower case rows 3-7 (ascenders from row 0,
 * descenders to row 9), so O and o, H and h differ in size as well as shape.
 */
#ifndef DRLSIM_FONT_H
#define DRLSIM_FONT_H

#include <stdint.h>

#define FONT_W 5
#define FONT_H 8

/* The 8 rows of character ch; bit 4 is the leftmost pixel.  Characters
 * outside ' '..'~' map to '?'. */
const uint8_t *font_glyph(char ch);

/* Width in pixels of text drawn at scale s (one blank column between
 * characters, none after the last). */
int font_text_width(const char *text, int s);

#define TILE_FONT_W 8
#define TILE_FONT_H 10
#define TILE_FONT_CAP 8 /* rows of a capital */

/* The 10 rows of tile-font character ch; bit 7 is the leftmost pixel.  It
 * has the letters, '@', '*', '>' and '?'; anything else maps to '?'. */
const uint8_t *font_tile_glyph(char ch);

#endif
