/* arena.c - the arena layout: an open floor with a walled centre and stairs
 * in the corners.
 *
 * docs/rules.md §3 Arena.  The player starts on (38,10).  A roll of d25 +
 * min(dlevel, 25) picks one of the four centre pictures of the wiki page,
 * which live in data/arena.txt and are parsed here, never re-typed.  The
 * fluid pass runs three times (the type's ruleset row) on the open floor
 * first; the centre picture and the four stair groups are drawn afterwards,
 * over any fluid, so the player never starts in lava and the stairs stay
 * usable [decision].  The centre box is the level's keep-out rectangle.  No
 * rivers, no rooms.
 */
#include "layouts.h"

#include "jsonutil.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "tables.h"
#include "textdata.h"
#include "water.h"

#define ARENA_ROLL_DIE 25        /* [wiki] roll d25 + min(dlevel, 25) ... */
#define ARENA_ROLL_DLEVEL_CAP 25 /* [decision] ... min, where the page prints max */

/* [decision] A stair group is three stairs in an L: the interior corner cell
 * of each map corner and its two neighbours along the walls.  The wiki says
 * "four sets of stairs lodged in the very corners"; the shape is ours. */
#define ARENA_GROUP_CELLS 3
static const int GROUP_DX[ARENA_GROUP_CELLS] = {0, 1, 0};
static const int GROUP_DY[ARENA_GROUP_CELLS] = {0, 0, 1};

/* ---- data/arena.txt --------------------------------------------------- */

/* One picture row: '#' wall, '.' or the wiki's middle dot (U+00B7) floor,
 * '@' the player on floor. */
static bool parse_row(td_reader_t *rd, arena_picture_t *p, const char *s, size_t len)
{
    if (p->h >= ARENA_MAX_SIDE)
        return td_fail(rd, "a picture has more than %d rows", ARENA_MAX_SIDE);
    int w = 0;
    for (size_t i = 0; i < len; i++) {
        if (w >= ARENA_MAX_SIDE)
            return td_fail(rd, "a row is wider than %d cells", ARENA_MAX_SIDE);
        unsigned char c = (unsigned char)s[i];
        uint8_t k;
        if (c == '#') {
            k = CELL_WALL;
        } else if (c == '.') {
            k = CELL_FLOOR;
        } else if (c == 0xC2 && i + 1 < len && (unsigned char)s[i + 1] == 0xB7) {
            k = CELL_FLOOR;
            i++;
        } else if (c == '@') {
            if (p->px >= 0)
                return td_fail(rd, "a second '@' in one picture");
            p->px = w;
            p->py = p->h;
            k = CELL_FLOOR;
        } else {
            if (c < 0x20 || c >= 0x7f) /* by value: a control or stray UTF-8 byte */
                return td_fail(rd,
                               "unexpected byte 0x%02x (expected '#', '.', '\xC2\xB7' or '@')",
                               (unsigned)c);
            return td_fail(rd, "unexpected character '%c' (expected '#', '.', '\xC2\xB7' or '@')",
                           c);
        }
        p->cell[p->h][w++] = k;
    }
    if (p->h == 0)
        p->w = w;
    else if (w != p->w)
        return td_fail(rd, "row is %d cells wide, the picture's first row %d", w, p->w);
    p->h++;
    return true;
}

/* A finished picture must hold the player and fit inside the map's interior
 * with the player on (38,10). */
static bool check_picture(td_reader_t *rd, const arena_picture_t *p)
{
    if (p->h == 0)
        return td_fail(rd, "picture for roll %d has no rows", p->min_roll);
    if (p->px < 0)
        return td_fail(rd, "picture for roll %d has no '@'", p->min_roll);
    int x0 = ARENA_START_X - p->px, y0 = ARENA_START_Y - p->py;
    if (x0 < 2 || y0 < 2 || x0 + p->w - 1 > GRID_W - 1 || y0 + p->h - 1 > GRID_H - 1)
        return td_fail(rd, "picture for roll %d does not fit the map around (%d,%d)",
                       p->min_roll, ARENA_START_X, ARENA_START_Y);
    return true;
}

bool arena_parse(arena_table_t *t, const char *text, size_t len, const char *origin, char *err,
                 size_t errlen)
{
    td_reader_t rd;
    td_init(&rd, text, len, origin, err, errlen);
    memset(t, 0, sizeof *t);
    arena_picture_t *cur = NULL; /* the picture whose rows are being read */
    const char *s;
    size_t n;
    while (td_next(&rd, &s, &n)) {
        if (n == 0) {
            if (cur && !check_picture(&rd, cur))
                return false;
            cur = NULL;
            continue;
        }
        if (n > 5 && strncmp(s, "roll ", 5) == 0) {
            if (cur && !check_picture(&rd, cur))
                return false;
            if (t->n >= ARENA_MAX_PICTURES)
                return td_fail(&rd, "more than %d pictures", ARENA_MAX_PICTURES);
            char num[16];
            size_t k = n - 5 < sizeof num - 1 ? n - 5 : sizeof num - 1;
            memcpy(num, s + 5, k);
            num[k] = '\0';
            char *e;
            long roll = strtol(num, &e, 10);
            if (e == num || *e != '\0' || roll < 1 || roll > 1000)
                return td_fail(&rd, "\"roll %s\": expected a roll 1..1000", num);
            if (t->n == 0 && roll != 1)
                return td_fail(&rd, "the first picture must start at roll 1, not %ld", roll);
            if (t->n > 0 && roll <= t->pic[t->n - 1].min_roll)
                return td_fail(&rd, "roll %ld does not follow roll %d", roll,
                               t->pic[t->n - 1].min_roll);
            cur = &t->pic[t->n++];
            cur->min_roll = (int)roll;
            cur->px = cur->py = -1;
            continue;
        }
        if ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')) {
            /* No picture cell is a letter: a misspelt keyword line. */
            char word[24];
            td_word(s, n, word, sizeof word);
            static const char *const KEYWORDS[] = {"roll"};
            if (strcmp(word, "roll") == 0)
                return td_fail(&rd, "expected \"roll N\"");
            if (ju_nearest(word, KEYWORDS, 1))
                return td_fail(&rd, "unknown keyword \"%s\" (did you mean \"roll\"?)", word);
            return td_fail(&rd, "unknown keyword \"%s\" (lines are \"roll N\", picture rows, "
                                "blank or ; comments)",
                           word);
        }
        if (!cur)
            return td_fail(&rd, "picture row outside a picture (a \"roll N\" line comes first)");
        if (!parse_row(&rd, cur, s, n))
            return false;
    }
    if (cur && !check_picture(&rd, cur))
        return false;
    if (t->n == 0)
        return td_fail(&rd, "no pictures");
    return true;
}

static bool parse_into(void *t, const char *text, size_t len, const char *origin, char *err,
                       size_t errlen)
{
    return arena_parse(t, text, len, origin, err, errlen);
}

bool arena_table_load(arena_table_t *t, data_src_t *src, const char *name, char *err,
                      size_t errlen)
{
    return data_src_load(src, name, parse_into, t, err, errlen);
}

int arena_pick(const arena_table_t *t, int roll)
{
    int i = 0;
    while (i + 1 < t->n && roll >= t->pic[i + 1].min_roll)
        i++;
    return i;
}

/* ---- the layout ------------------------------------------------------- */

void arena_draw_centre(level_t *lv, const arena_picture_t *p)
{
    int x0 = ARENA_START_X - p->px, y0 = ARENA_START_Y - p->py;
    for (int j = 0; j < p->h; j++)
        for (int i = 0; i < p->w; i++)
            grid_set(&lv->map, x0 + i, y0 + j, (cell_t)p->cell[j][i]);
    lv->keepout = (rect_t){(uint8_t)x0, (uint8_t)y0, (uint8_t)(x0 + p->w - 1),
                           (uint8_t)(y0 + p->h - 1)};
}

/* One L of stairs in each corner of the interior, mirrored to point inwards. */
void arena_draw_stairs(level_t *lv)
{
    static const int CX[4] = {2, GRID_W - 1, 2, GRID_W - 1};
    static const int CY[4] = {2, 2, GRID_H - 1, GRID_H - 1};
    for (int c = 0; c < 4; c++) {
        int sx = CX[c] == 2 ? 1 : -1, sy = CY[c] == 2 ? 1 : -1;
        for (int i = 0; i < ARENA_GROUP_CELLS; i++) {
            int x = CX[c] + sx * GROUP_DX[i], y = CY[c] + sy * GROUP_DY[i];
            grid_set(&lv->map, x, y, CELL_STAIRS);
            assert(lv->nstairs < LEVEL_MAX_STAIRS);
            lv->stairs[lv->nstairs++] = (point_t){(uint8_t)x, (uint8_t)y};
        }
    }
}

void layout_arena(layout_ctx_t *ctx)
{
    level_t *lv = ctx->lv;
    const arena_table_t *t = ctx->p->tables->arena;
    grid_clear(&lv->map);
    int dl = lv->dlevel < ARENA_ROLL_DLEVEL_CAP ? lv->dlevel : ARENA_ROLL_DLEVEL_CAP;
    int roll = rng_d(ctx->layout, ARENA_ROLL_DIE) + dl;
    int pick = arena_pick(t, roll);
    lv->obs.roll.arena = (int16_t)roll;
    lv->obs.roll.arena_layout = (int8_t)pick;
    lv->obs.layout_variant = (uint8_t)pick;
    water_standard(ctx); /* no river (the type's chance is 0), three fluid passes */
    arena_draw_centre(lv, &t->pic[pick]);
    arena_draw_stairs(lv);
    lv->start = (point_t){ARENA_START_X, ARENA_START_Y};
}
