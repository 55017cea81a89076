/* fuzz_walled_tables.c - fuzz target: walled_parse_tables, the loader of
 * data/walled.json (warehouse and maze pick tables; or --data DIR).
 *
 * Any bytes: parse over the embedded tables; on failure the message is one
 * line naming the origin.  Tables that load must draw warehouse and maze
 * maps that keep the outer ring wall (docs/rules.md §1), with the warehouse's
 * room count equal to its dividers + 1.
 */
#include "fuzz.h"
#include "layouts/walled.h"

#define ORIGIN "fuzz-walled.json"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static walled_data_t d;
    static level_t lv;
    const walled_data_t *def = fuzz_tables(NULL)->walled;
    FUZZ_CHECK(def != NULL, "the embedded walled data does not load");
    d = *def;
    char err[512];
    if (!walled_parse_tables(&d, (const char *)data, size, ORIGIN, err, sizeof err)) {
        fuzz_check_message(err, ORIGIN);
        return 0;
    }
    uint64_t seed = fuzz_hash(data, size);
    for (uint64_t i = 0; i < 2; i++) {
        rng_t r;
        rng_stream(&r, seed, i, RNG_LAYOUT);
        memset(&lv, 0, sizeof lv);
        warehouse_info_t info;
        warehouse_draw(&lv, &r, &d, &info);
        fuzz_check_border(&lv.map);
        FUZZ_CHECK(lv.nrooms == info.rooms && info.rooms >= 2 &&
                       info.rooms <= WAREHOUSE_MAX_ROOMS,
                   "warehouse: %d rooms listed, %d drawn", lv.nrooms, info.rooms);
        memset(&lv, 0, sizeof lv);
        maze_draw(&lv, &r, &d, NULL);
        fuzz_check_border(&lv.map);
    }
    return 0;
}
