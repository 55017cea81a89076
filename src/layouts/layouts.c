/* layouts.c - the table of layouts, one entry per level type.
 *
 * level.c looks a generator up here; adding a type is one row, never an if.
 */
#include "layouts.h"

/* Single monster: the normal layout and room list [wiki]; its population
 * differs (populate.c), and its rivers are off by its ruleset row. */
void layout_single(layout_ctx_t *ctx)
{
    layout_normal(ctx);
}

static const layout_fn LAYOUTS[LT__COUNT] = {
    [LT_NORMAL] = layout_normal,
    [LT_CITY] = layout_city,
    [LT_CAVES] = layout_caves,
    [LT_ARENA] = layout_arena,
    [LT_SINGLE] = layout_single,
};

layout_fn layout_for(level_type_t t)
{
    return t < LT__COUNT ? LAYOUTS[t] : NULL;
}
