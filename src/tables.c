/* tables.c - see tables.h.  One line per table: adding a table is one call. */
#include "tables.h"

#include "layouts/layouts.h"
#include "layouts/walled.h"
#include "poptable.h"
#include "water.h"

const ruleset_t *tables_load(void)
{
    const ruleset_t *rs = ruleset_default();
    /* poptable_default loads data/monsters.json too. */
    if (!rs || !water_tables() || !arena_table() || !walled_data() || !poptable_default())
        return NULL;
    return rs;
}
