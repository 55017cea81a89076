/* layouts.c - the table of layouts, one entry per level type.
 *
 * level.c looks a generator up here; adding a type is one row, never an if.
 */
#include "layouts.h"

#include <assert.h>

/* Single monster: the normal layout and room list [wiki]; its population
 * differs (populate.c), and its rivers are off by its ruleset row. */
void layout_single(layout_ctx_t *ctx)
{
    layout_normal(ctx);
}

const layout_fn LAYOUTS[LT__COUNT] = {
    [LT_NORMAL] = layout_normal,
    [LT_CITY] = layout_city,
    [LT_CAVES] = layout_caves,
    [LT_ARENA] = layout_arena,
    [LT_SINGLE] = layout_single,
    [LT_SMALL_ROOMS] = layout_small_rooms,
    [LT_WAREHOUSE] = layout_warehouse,
    [LT_MAZE] = layout_maze,
};

layout_fn layout_for(level_type_t t)
{
    assert(t < LT__COUNT);
    return LAYOUTS[t];
}
