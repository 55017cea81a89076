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

/* The water after the layout: the river roll, then the fluid passes
 * (inside (4,2)-(74,18) on small rooms; the city's river is its layout's,
 * the caves' passes 0); the arena's is in its layout, before its centre. */
static const layout_fn REF_WATER[LT__COUNT] = {
    [LT_NORMAL] = ref_water_standard,
    [LT_CITY] = ref_water_city,
    [LT_CAVES] = ref_water_standard,
    [LT_SINGLE] = ref_water_standard,
    [LT_SMALL_ROOMS] = ref_water_small_rooms,
    [LT_WAREHOUSE] = ref_water_standard,
    [LT_MAZE] = ref_water_standard,
};

layout_fn ref_layout_for(level_type_t t)
{
    assert(t < LT__COUNT && REF_LAYOUTS[t]);
    return REF_LAYOUTS[t];
}

layout_fn ref_water_for(level_type_t t)
{
    assert(t < LT__COUNT);
    return REF_WATER[t];
}
