/* fuzz_water_parse.c - fuzz target: water_tables_parse (data/water.json). */
#include "fuzz.h"
#include "water.h"

#define ORIGIN "fuzz.json"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static water_tables_t t;
    char err[512];
    if (!water_tables_parse(&t, (const char *)data, size, ORIGIN, err, sizeof err))
        fuzz_check_message(err, ORIGIN);
    return 0;
}
