/* walled_data.c - loading the small-rooms sublayouts and the warehouse and
 * maze pick tables from data/ (walled.h).
 *
 * The tables are the documented rules, so they are read from data/ and
 * checked strictly: a broken file stops drlsim with one line naming the file
 * and the line or key, rather than generating levels from half a table.
 * Each table set loads its own copy (walled_data_load).
 */
#include "walled.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "jsonutil.h"
#include "textdata.h"

#define SMALLROOMS_FILE "smallrooms.txt"
#define TABLES_FILE "walled.json"

/* Write "ORIGIN: line N: message" (line 0: no line) into err; returns false. */
static bool text_fail(char *err, size_t errlen, const char *origin, int line, const char *fmt,
                      ...) __attribute__((format(printf, 5, 6)));
static bool text_fail(char *err, size_t errlen, const char *origin, int line, const char *fmt,
                      ...)
{
    char m[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m, sizeof m, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(err, errlen, "%s: line %d: %s", origin, line, m);
    else
        snprintf(err, errlen, "%s: %s", origin, m);
    ju_one_line(err);
    return false;
}

static int cell_of_char(char c)
{
    switch (c) {
    case '#': return CELL_WALL;
    case '+': return CELL_DOOR;
    case '.': return CELL_FLOOR;
    default: return -1;
    }
}

bool walled_parse_smallrooms(walled_data_t *d, const char *text, size_t len, const char *origin,
                             char *err, size_t errlen)
{
    int block = 0, row = 0;
    td_reader_t rd;
    td_init(&rd, text, len, origin, err, errlen);
    const char *s;
    size_t n;
    while (td_next(&rd, &s, &n)) {
        const int line = rd.line;
        if (n == 0) {
            if (row != 0 && row != SMALL_BLOCK_H)
                return text_fail(err, errlen, origin, line,
                                 "block %d ends after %d lines, expected 7", block + 1, row);
            if (row == SMALL_BLOCK_H) {
                block++;
                row = 0;
            }
            continue;
        }
        if (row == SMALL_BLOCK_H)
            return text_fail(err, errlen, origin, line,
                             "block %d has more than %d lines (blocks are separated by a blank "
                             "line)", block + 1, SMALL_BLOCK_H);
        if (block >= SMALL_BLOCKS)
            return text_fail(err, errlen, origin, line, "more than %d blocks", SMALL_BLOCKS);
        if (n != SMALL_BLOCK_W)
            return text_fail(err, errlen, origin, line, "expected %d cells, got %d",
                             SMALL_BLOCK_W, (int)n);
        for (size_t x = 0; x < n; x++) {
            int c = cell_of_char(s[x]);
            if (c < 0 && s[x] > ' ' && s[x] < 0x7f)
                return text_fail(err, errlen, origin, line,
                                 "column %d: cell '%c' is not one of # + .", (int)x + 1,
                                 s[x]);
            if (c < 0) /* a space, control or non-ASCII byte: name it by value */
                return text_fail(err, errlen, origin, line,
                                 "column %d: byte 0x%02x is not one of # + .", (int)x + 1,
                                 (unsigned char)s[x]);
            d->small[block][row][x] = (uint8_t)c;
            d->small_mirror[block][row][SMALL_BLOCK_W - 1 - x] = (uint8_t)c;
        }
        row++;
    }
    if (row == SMALL_BLOCK_H) {
        block++;
        row = 0;
    }
    if (row != 0)
        return text_fail(err, errlen, origin, rd.line, "block %d ends after %d lines, expected 7",
                         block + 1, row);
    if (block != SMALL_BLOCKS)
        return text_fail(err, errlen, origin, 0, "expected %d blocks, found %d", SMALL_BLOCKS,
                         block);
    for (int b = 0; b < SMALL_BLOCKS; b++) {
        int inner = 0;
        for (int y = 1; y < SMALL_BLOCK_H - 1; y++)
            for (int x = 1; x < SMALL_BLOCK_W - 1; x++)
                inner += d->small[b][y][x] == CELL_WALL || d->small[b][y][x] == CELL_DOOR;
        d->small_inner[b] = (uint8_t)inner;
    }
    return true;
}

/* A non-empty list of integers in lo..hi. */
static void read_pick(ju_t *ju, const cJSON *obj, const char *path, const char *key, int lo,
                      int hi, walled_pick_t *out)
{
    char p[128];
    snprintf(p, sizeof p, "%s.%s", path, key);
    int n;
    const cJSON *a = ju_rows(ju, obj, path, key, WALLED_PICK_MAX, "values", &n);
    if (ju->failed)
        return;
    out->n = n;
    for (int i = 0; i < n; i++) {
        char ip[160];
        snprintf(ip, sizeof ip, "%s[%d]", p, i);
        out->v[i] = ju_int_item(ju, cJSON_GetArrayItem(a, i), ip, lo, hi);
    }
}

static const char *const TOP_KEYS[] = {"warehouse", "maze", NULL};
static const char *const WAREHOUSE_KEYS[] = {"dividers", "box_size", "box_tries", "wall_blocks",
                                             NULL};
static const char *const MAZE_KEYS[] = {"styles", NULL};
static const char *const STYLE_KEYS[] = {"tries", "lengths", NULL};

bool walled_parse_tables(walled_data_t *d, const char *json, size_t len, const char *origin,
                         char *err, size_t errlen)
{
    ju_t ju;
    ju_init(&ju, origin, err, errlen);
    cJSON *root = ju_parse_object(&ju, json, len, TOP_KEYS);
    if (!root)
        return false;
    const cJSON *wh = ju_object(&ju, root, "", "warehouse");
    ju_keys(&ju, wh, "warehouse", WAREHOUSE_KEYS);
    /* Up to 3 dividers: their spacing floor(78/(k+1)) with a +-8 jitter keeps
     * them apart only that far (walled.h). */
    read_pick(&ju, wh, "warehouse", "dividers", 1, WAREHOUSE_MAX_DIVIDERS, &d->wh_dividers);
    /* A box and its floor ring must fit the map's 18 inner rows. */
    read_pick(&ju, wh, "warehouse", "box_size", 1, GRID_H - 6, &d->wh_box_size);
    read_pick(&ju, wh, "warehouse", "box_tries", 0, 100000, &d->wh_box_tries);
    ju_frac(&ju, wh, "warehouse", "wall_blocks", &d->wh_wall_blocks.num, &d->wh_wall_blocks.den);
    const cJSON *mz = ju_object(&ju, root, "", "maze");
    ju_keys(&ju, mz, "maze", MAZE_KEYS);
    int n;
    const cJSON *styles = ju_rows(&ju, mz, "maze", "styles", MAZE_MAX_STYLES, "styles", &n);
    d->maze_nstyles = n;
    for (int i = 0; i < n && !ju.failed; i++) {
        char p[64];
        const cJSON *s = ju_row(&ju, styles, "maze", "styles", i, STYLE_KEYS, p, sizeof p);
        d->maze_style[i].tries = ju_int(&ju, s, p, "tries", 0, 1000000);
        read_pick(&ju, s, p, "lengths", 1, GRID_W, &d->maze_style[i].length);
    }
    cJSON_Delete(root);
    return !ju.failed;
}

static bool parse_smallrooms(void *d, const char *text, size_t len, const char *origin,
                             char *err, size_t errlen)
{
    return walled_parse_smallrooms(d, text, len, origin, err, errlen);
}

static bool parse_tables(void *d, const char *text, size_t len, const char *origin, char *err,
                         size_t errlen)
{
    return walled_parse_tables(d, text, len, origin, err, errlen);
}

bool walled_data_load(walled_data_t *d, data_src_t *src, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    return data_src_load(src, SMALLROOMS_FILE, parse_smallrooms, d, err, errlen) &&
           data_src_load(src, TABLES_FILE, parse_tables, d, err, errlen);
}
