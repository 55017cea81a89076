/* ref_layouts.c - the reference layouts by level type.
 *
 * The single-monster type draws the normal layout [wiki]; its rivers are
 * off by its ruleset row and its population differs (ref_populate.c).
 */
#include "ref.h"

#include <assert.h>

static const layout_fn REF_LAYOUTS[LT__COUNT] = {
    [LT_NORMAL] = ref_layout_normal,
    [LT_CITY] = ref_layout_city,
    [LT_CAVES] = ref_layout_caves,
    [LT_ARENA] = ref_layout_arena,
    [LT_SINGLE] = ref_layout_normal,
    [LT_SMALL_ROOMS] = ref_layout_small_rooms,
    [LT_WAREHOUSE] = ref_layout_warehouse,
    [LT_MAZE] = ref_layout_maze,
};

layout_fn ref_layout_for(level_type_t t)
{
    assert(t < LT__COUNT && REF_LAYOUTS[t]);
    return REF_LAYOUTS[t];
}
