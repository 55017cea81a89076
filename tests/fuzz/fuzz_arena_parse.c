/* fuzz_arena_parse.c - fuzz target: arena_parse (data/arena.txt).  A table
 * that parses has pictures that fit ARENA_MAX_SIDE with the player inside. */
#include "fuzz.h"
#include "layouts/layouts.h"

#define ORIGIN "fuzz.txt"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static arena_table_t t;
    char err[512];
    if (!arena_parse(&t, (const char *)data, size, ORIGIN, err, sizeof err)) {
        fuzz_check_message(err, ORIGIN);
        return 0;
    }
    for (int i = 0; i < t.n; i++)
        FUZZ_CHECK(t.pic[i].w >= 1 && t.pic[i].w <= ARENA_MAX_SIDE && t.pic[i].h >= 1 &&
                       t.pic[i].h <= ARENA_MAX_SIDE && t.pic[i].px < t.pic[i].w &&
                       t.pic[i].py < t.pic[i].h,
                   "picture %d: %dx%d player %d,%d", i, t.pic[i].w, t.pic[i].h, t.pic[i].px,
                   t.pic[i].py);
    return 0;
}
