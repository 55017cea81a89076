/* glay_data.c - loading the game pipeline's layout tables from its folder.
 *
 * water.json has the format of data/water.json and is read by that file's
 * parser (water.h); arena.txt holds the arena's seven centre schemes and
 * seven corner tiles in the game's own letters and is parsed here, strictly:
 * a broken file stops drlsim with one line naming the file and line.  Each
 * table set loads its own copy (glay_tables_load).
 */
#include "glay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "jsonutil.h"
#include "textdata.h"

#define WATER_FILE "water.json"
#define ARENA_FILE "arena.txt"

/* The game's tile letters [game: generators.lua:100-149]: the wall kinds
 * ('#' the style's wall, 'X' wall, '%' red wall, '@' green wall) are all
 * CELL_WALL.  -1 for any other byte. */
static int cell_of_letter(char c)
{
    switch (c) {
    case '.': return CELL_FLOOR;
    case '#':
    case 'X':
    case '%':
    case '@': return CELL_WALL;
    case '+': return CELL_DOOR;
    case '>': return CELL_STAIRS;
    default: return -1;
    }
}

static bool add_row(td_reader_t *rd, glay_tile_t *tl, const char *s, size_t n)
{
    if (tl->h >= GLAY_TILE_MAX_H)
        return td_fail(rd, "a tile has more than %d rows", GLAY_TILE_MAX_H);
    if (n > GLAY_TILE_MAX_W)
        return td_fail(rd, "a row is wider than %d cells", GLAY_TILE_MAX_W);
    for (size_t i = 0; i < n; i++) {
        int k = cell_of_letter(s[i]);
        if (k < 0) {
            unsigned char c = (unsigned char)s[i];
            return td_fail(rd, "unexpected character '%c' in a tile (expected . # X %% @ + >)",
                           c >= 0x20 && c < 0x7f ? c : '?');
        }
        tl->cell[tl->h][i] = (uint8_t)k;
    }
    if (tl->h == 0)
        tl->w = (int)n;
    else if ((int)n != tl->w)
        return td_fail(rd, "row is %zu cells wide, the tile's first row %d", n, tl->w);
    tl->h++;
    return true;
}

/* A finished tile: rows, and its kind's rule.  A centre scheme has odd sides
 * (the game's keep-out box, centre -+ half size, is then the tile itself)
 * and no stairs; a corner tile has exactly one '>'. */
static bool check_tile(td_reader_t *rd, const glay_tile_t *tl, bool quad, int number)
{
    const char *kind = quad ? "quad" : "centre";
    if (tl->h == 0)
        return td_fail(rd, "%s %d has no rows", kind, number);
    int stairs = 0;
    for (int y = 0; y < tl->h; y++)
        for (int x = 0; x < tl->w; x++)
            stairs += tl->cell[y][x] == CELL_STAIRS;
    if (quad && stairs != 1)
        return td_fail(rd, "quad %d has %d '>', expected exactly one", number, stairs);
    if (!quad && stairs != 0)
        return td_fail(rd, "centre %d has a '>' (centre schemes hold no stairs)", number);
    if (!quad && (tl->w % 2 == 0 || tl->h % 2 == 0))
        return td_fail(rd, "centre %d is %dx%d; its sides must be odd", number, tl->w, tl->h);
    return true;
}

bool glay_arena_parse(glay_arena_tiles_t *t, const char *text, size_t len, const char *origin,
                      char *err, size_t errlen)
{
    td_reader_t rd;
    td_init(&rd, text, len, origin, err, errlen);
    memset(t, 0, sizeof *t);
    int ncentre = 0, nquad = 0;
    glay_tile_t *cur = NULL; /* the tile whose rows are being read */
    bool cur_quad = false;
    int cur_number = 0;
    const char *s;
    size_t n;
    while (td_next(&rd, &s, &n)) {
        if (n == 0) {
            if (cur && !check_tile(&rd, cur, cur_quad, cur_number))
                return false;
            cur = NULL;
            continue;
        }
        if (s[0] >= 'a' && s[0] <= 'z') {
            /* a keyword line: no tile letter is a small letter */
            if (cur && !check_tile(&rd, cur, cur_quad, cur_number))
                return false;
            cur = NULL;
            char word[24];
            const size_t k = td_word(s, n, word, sizeof word);
            static const char *const KEYWORDS[] = {"centre", "quad"};
            bool quad = strcmp(word, "quad") == 0;
            if (!quad && strcmp(word, "centre") != 0) {
                const char *near = ju_nearest(word, KEYWORDS, 2);
                if (near)
                    return td_fail(&rd, "unknown keyword \"%s\" (did you mean \"%s\"?)", word,
                                   near);
                return td_fail(&rd, "unknown keyword \"%s\" (lines are \"centre N\", \"quad N\", "
                                    "tile rows, blank or ; comments)",
                               word);
            }
            char num[16];
            size_t m = n > k + 1 ? n - k - 1 : 0;
            if (m > sizeof num - 1)
                m = sizeof num - 1;
            memcpy(num, s + k + (k < n ? 1 : 0), m);
            num[m] = '\0';
            char *e;
            long v = strtol(num, &e, 10);
            int *count = quad ? &nquad : &ncentre;
            if (e == num || *e != '\0')
                return td_fail(&rd, "expected \"%s N\"", word);
            if (v != *count + 1)
                return td_fail(&rd, "%s %ld where %s %d comes next", word, v, word, *count + 1);
            if (*count >= GLAY_ARENA_TILES)
                return td_fail(&rd, "more than %d %s tiles", GLAY_ARENA_TILES, word);
            cur = quad ? &t->quad[nquad] : &t->centre[ncentre];
            (*count)++;
            cur_quad = quad;
            cur_number = (int)v;
            continue;
        }
        if (!cur)
            return td_fail(&rd, "tile row outside a tile (a \"centre N\" or \"quad N\" line "
                                "comes first)");
        if (!add_row(&rd, cur, s, n))
            return false;
    }
    if (cur && !check_tile(&rd, cur, cur_quad, cur_number))
        return false;
    if (ncentre != GLAY_ARENA_TILES || nquad != GLAY_ARENA_TILES)
        return td_fail(&rd, "%d centre and %d quad tiles, expected %d of each", ncentre, nquad,
                       GLAY_ARENA_TILES);
    return true;
}

static bool parse_arena(void *t, const char *text, size_t len, const char *origin, char *err,
                        size_t errlen)
{
    return glay_arena_parse(t, text, len, origin, err, errlen);
}

bool glay_tables_load(glay_tables_t *t, data_src_t *src, char *err, size_t errlen)
{
    return water_tables_load(&t->water, src, WATER_FILE, err, errlen) &&
           data_src_load(src, ARENA_FILE, parse_arena, &t->arena, err, errlen);
}
