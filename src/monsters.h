/* monsters.h - the monster table (data/monsters.json) and its glyphs. */
#ifndef DRLSIM_MONSTERS_H
#define DRLSIM_MONSTERS_H

#include <stdio.h>

#include <cjson/cJSON.h>

/* The map glyph of monster kind k. */
char monster_glyph(int k);
/* Add glyph -> monster name entries to a legend object / print them. */
void monsters_legend_json(cJSON *legend);
void monsters_legend_text(FILE *out);

#endif
