/* render.h - a level as text: ASCII (optionally coloured) and JSON.
 *
 * Reports only print: nothing here changes a level.
 */
#ifndef DRLSIM_RENDER_H
#define DRLSIM_RENDER_H

#include <stdbool.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "level.h"

/* Overlay glyphs that are not cell kinds. */
#define GLYPH_START '@'
#define GLYPH_ITEM '*'

/* The 20 rows of the map as text (with start, items and monsters drawn on
 * top); rows[y] holds 78 characters and a NUL. */
void render_rows(const level_t *lv, char rows[GRID_H][GRID_W + 1]);

/* Print the map (ANSI colours when color is true) and a one-line summary. */
void render_ascii(FILE *out, const level_t *lv, bool color);

/* The level as a JSON object (caller deletes). */
cJSON *render_json(const level_t *lv, const struct tables *t);

/* The legend: glyph -> kind name, for --help, docs and JSON. */
cJSON *render_legend_json(const struct tables *t);
void render_legend_text(FILE *out, const struct tables *t);

#endif
