/* fuzz_walled_smallrooms.c - fuzz target: walled_parse_smallrooms, the
 * loader of data/smallrooms.txt (or --data DIR/smallrooms.txt).
 *
 * Any bytes: parse over the embedded tables; on failure the message is one
 * line naming the origin.  Sublayouts that load must draw a small-rooms map
 * that keeps what every layout keeps (docs/rules.md §1): the outer ring wall.
 */
#include "fuzz.h"
#include "layouts/walled.h"

#define ORIGIN "fuzz-smallrooms.txt"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static walled_data_t d;
    static level_t lv;
    const walled_data_t *def = fuzz_tables(NULL)->walled;
    FUZZ_CHECK(def != NULL, "the embedded walled data does not load");
    d = *def;
    char err[512];
    if (!walled_parse_smallrooms(&d, (const char *)data, size, ORIGIN, err, sizeof err)) {
        fuzz_check_message(err, ORIGIN);
        return 0;
    }
    uint64_t seed = fuzz_hash(data, size);
    for (uint64_t i = 0; i < 4; i++) {
        rng_t r;
        rng_stream(&r, seed, i, RNG_LAYOUT);
        memset(&lv, 0, sizeof lv);
        small_rooms_draw(&lv, &r, &d, NULL);
        fuzz_check_border(&lv.map);
    }
    return 0;
}
