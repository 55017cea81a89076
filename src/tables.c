/* tables.c - see tables.h.  One line per table: adding a table is one call. */
#include "tables.h"

#include <stdio.h>

#include "layouts/layouts.h"
#include "layouts/walled.h"
#include "poptable.h"
#include "tally.h"
#include "water.h"

/* The report bins the data names: monster ids, the caves' and the single
 * monster's outcome rows (tally_name_bins).  The names live in the loaded
 * tables, which are never freed. */
static bool name_bins(const pop_tables_t *t)
{
    static const char *names[MONSTER_KINDS_MAX];
    const monster_table_t *m = t->monsters;
    for (int i = 0; i < m->n; i++)
        names[i] = m->kind[i].id;
    bool ok = tally_name_bins("monsters_by_kind", names, m->n);
    for (int i = 0; i < t->caves.noutcomes; i++)
        names[i] = t->caves.outcome[i].name;
    ok = ok && tally_name_bins("cave_outcome", names, t->caves.noutcomes);
    for (int i = 0; i < t->single.noutcomes; i++)
        names[i] = t->single.outcome[i].name;
    ok = ok && tally_name_bins("single_outcome", names, t->single.noutcomes);
    if (!ok)
        fprintf(stderr, "drlsim: data/monsters.json, data/population.json: monster ids or "
                        "outcome rows a report cannot name (more than its bins, or digits "
                        "only)\n");
    return ok;
}

const ruleset_t *tables_load(void)
{
    const ruleset_t *rs = ruleset_default();
    /* poptable_default loads data/monsters.json too. */
    const pop_tables_t *pt = NULL;
    if (!rs || !water_tables() || !arena_table() || !walled_data() ||
        !(pt = poptable_default()) || !name_bins(pt))
        return NULL;
    return rs;
}
