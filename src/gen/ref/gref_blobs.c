/* gref_blobs.c - caves-2's blobs (pillars and lakes), plainly (docs/rules.md
 * G25, G27; [game: generator.lua:445-464; valk:src/vdungen.pas:659-675]).
 *
 * A blob's start is a floor cell whose 8 neighbours are all floor: up to
 * 6000 tries, each drawing cells of (2,2)-(77,19) (x, then y) until one is
 * floor, at most 5000 draws, which ends the search.  The blob's size is
 * drawn after the search, whether or not a start was found.  From the
 * start, size times: a uniformly chosen cell leaves the frontier (the rest
 * keep their order); if all 8 of its neighbours are floor or the blob's
 * kind, it takes the blob's kind and its floor neighbours above, left,
 * right and below, in that order, join the frontier.
 */
#include "gref.h"

#define SQUARE_TRIES 6000
#define SQUARE_DRAWS 5000
#define FRONTIER_MAX (1 + 4 * 60) /* a blob takes at most d40+20 cells */

static bool random_square(const grid_t *g, rng_t *r, point_t *at)
{
    for (int t = 0; t < SQUARE_TRIES; t++) {
        int x, y, draws = 0;
        do {
            if (draws == SQUARE_DRAWS)
                return false;
            draws++;
            gref_random_at(r, 2, GRID_W - 2, 2, GRID_H - 2, &x, &y);
        } while (grid_get(g, x, y) != CELL_FLOOR);
        if (gref_around(g, x, y, CELLSET(CELL_FLOOR)) == 8) {
            *at = (point_t){(uint8_t)x, (uint8_t)y};
            return true;
        }
    }
    return false;
}

static void grow(grid_t *g, rng_t *r, point_t start, int size, cell_t k)
{
    point_t frontier[FRONTIER_MAX];
    int n = 0;
    frontier[n++] = start;
    const int dx[4] = {0, -1, 1, 0}, dy[4] = {-1, 0, 0, 1};
    for (int j = 0; j < size && n > 0; j++) {
        int i = gref_random(r, n);
        point_t c = frontier[i];
        for (int m = i; m < n - 1; m++)
            frontier[m] = frontier[m + 1];
        n--;
        if (gref_around(g, c.x, c.y, CELLSET(k) | CELLSET(CELL_FLOOR)) != 8)
            continue;
        grid_set(g, c.x, c.y, k);
        for (int d = 0; d < 4; d++) {
            int x = c.x + dx[d], y = c.y + dy[d];
            if (grid_get(g, x, y) == CELL_FLOOR && n < FRONTIER_MAX)
                frontier[n++] = (point_t){(uint8_t)x, (uint8_t)y};
        }
    }
}

int gref_blobs(grid_t *g, rng_t *r, int count, int die, int plus, cell_t k, uint8_t *first_size)
{
    int started = 0;
    for (int i = 0; i < count; i++) {
        point_t at;
        bool found = random_square(g, r, &at);
        int size = gref_dn(r, die) + plus;
        if (i == 0)
            *first_size = (uint8_t)size;
        if (found) {
            grow(g, r, at, size, k);
            started++;
        }
    }
    return started;
}
