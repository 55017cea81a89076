/* fuzz_game_arena_parse.c - fuzz target: glay_arena_parse
 * (data/game-0.9.9.7/arena.txt).  A table that parses has seven centre and
 * seven corner tiles inside the size limits, odd-sided centres, and one
 * stairs cell in each corner tile. */
#include "fuzz.h"
#include "game/glay.h"

#define ORIGIN "fuzz.txt"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static glay_arena_tiles_t t;
    char err[512];
    if (!glay_arena_parse(&t, (const char *)data, size, ORIGIN, err, sizeof err)) {
        fuzz_check_message(err, ORIGIN);
        return 0;
    }
    for (int i = 0; i < GLAY_ARENA_TILES; i++) {
        const glay_tile_t *c = &t.centre[i], *q = &t.quad[i];
        FUZZ_CHECK(c->w >= 1 && c->w <= GLAY_TILE_MAX_W && c->h >= 1 &&
                       c->h <= GLAY_TILE_MAX_H && c->w % 2 == 1 && c->h % 2 == 1,
                   "centre %d: %dx%d", i + 1, c->w, c->h);
        int stairs = 0;
        for (int y = 0; y < q->h; y++)
            for (int x = 0; x < q->w; x++)
                stairs += q->cell[y][x] == CELL_STAIRS;
        FUZZ_CHECK(q->w >= 1 && q->w <= GLAY_TILE_MAX_W && q->h >= 1 &&
                       q->h <= GLAY_TILE_MAX_H && stairs == 1,
                   "quad %d: %dx%d, %d stairs", i + 1, q->w, q->h, stairs);
    }
    return 0;
}
