/* monsters.c - the monster table.  Being written with the population step:
 * until then there are no monsters to draw. */
#include "monsters.h"

char monster_glyph(int k)
{
    (void)k;
    return 'M';
}

void monsters_legend_json(cJSON *legend)
{
    (void)legend;
}

void monsters_legend_text(FILE *out)
{
    (void)out;
}
