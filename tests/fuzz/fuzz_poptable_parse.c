/* fuzz_poptable_parse.c - fuzz target: poptable_parse (data/population.json)
 * against the built-in monster table. */
#include "fuzz.h"
#include "monsters.h"
#include "poptable.h"

#define ORIGIN "fuzz.json"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static pop_tables_t t;
    const monster_table_t *m = fuzz_tables(NULL)->monsters;
    FUZZ_CHECK(m != NULL, "built-in monster table");
    char err[512];
    if (!poptable_parse(&t, m, (const char *)data, size, ORIGIN, err, sizeof err))
        fuzz_check_message(err, ORIGIN);
    return 0;
}
