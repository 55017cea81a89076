/* census_layout.c - the final level's census (census_layout.h): the
 * monsters of a single-monster level whose kinds its outcome does not name,
 * from the outcome's kinds as a bit mask (the plain statement, kind by kind,
 * is src/gen/ref/ref_observe.c).
 */
#include "census_layout.h"

static void single(level_t *lv, const pop_tables_t *t)
{
    const int oc = lv->obs.roll.single_outcome;
    if (!t || oc < 0 || oc >= t->single.noutcomes)
        return;
    uint64_t named = 0;
    const pop_outcome_t *o = &t->single.outcome[oc];
    for (int p = 0; p < o->nparts; p++)
        for (int k = 0; k < o->part[p].nmix; k++)
            named |= UINT64_C(1) << (o->part[p].mix[k] & 63);
    int foreign = 0;
    for (int i = 0; i < lv->nmonsters; i++)
        foreign += !(named >> (lv->monster[i].kind & 63) & 1);
    lv->obs.foreign_monsters = (uint16_t)foreign;
}

void census_layout(level_t *lv, const pop_tables_t *t)
{
    if (lv->type == LT_SINGLE)
        single(lv, t);
}
