/* font.h - a tiny 5x8 bitmap font for the printable ASCII characters.
 *
 * Level pictures (picture.c) write monster glyphs and legend names with it,
 * so drlsim needs no font library.  Each glyph is 8 rows of 5 pixels; capitals
 * and digits use rows 0-6, row 7 holds descenders (g, j, p, q, y, comma, _).
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

#endif
