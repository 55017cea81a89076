/* fuzz_monsters_parse.c - fuzz target: monsters_parse (data/monsters.json).
 * A table that parses has 1..MONSTER_KINDS_MAX kinds with distinct glyphs. */
#include "fuzz.h"
#include "level.h"
#include "monsters.h"

#define ORIGIN "fuzz.json"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static monster_table_t t;
    char err[512];
    if (!monsters_parse(&t, (const char *)data, size, ORIGIN, err, sizeof err)) {
        fuzz_check_message(err, ORIGIN);
        return 0;
    }
    FUZZ_CHECK(t.n >= 1 && t.n <= MONSTER_KINDS_MAX, "%d kinds", t.n);
    return 0;
}
