/* catalog.c - the columns of `drlsim catalog` (catalog.h): one table, COLUMNS,
 * from which the header, the keys, the filter's names and the docs come.
 *
 * A row is written by hand, not through cJSON: a catalogue of a million
 * levels is a million rows, and the numbers are integers or shares printed
 * with a fixed number of decimals, so a few lines of formatting keep it near
 * the speed of making the levels. */
#include "catalog.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#include "special.h"

/* The map's columns 1..78 in a bit row. */
#define MAP_COLUMNS ((BITROW_BIT(GRID_W + 1) - 1) & ~BITROW_BIT(0))
/* Bytes a key's copy moves (catalog_row): more than any key's ,"name": */
#define CATALOG_KEY_COPY 32
_Static_assert(sizeof(((catalog_column_t *)0)->key) >= CATALOG_KEY_COPY + 1, "a key holds a copy");
/* Decimals of a share in a row: 1/1560 of the map is 0.00064. */
#define CATALOG_DECIMALS 4

/* A family: an entry that is one column per kind. */
typedef enum family { F_NONE = 0, F_SPECIAL, F_MONSTER } family_t;

typedef struct coldef {
    const char *name;     /* the column, or a family's prefix (its columns: NAME_<kind>) */
    catalog_type_t type;
    family_t family;
    const char *doc;
    catalog_value_t (*get)(const catalog_level_t *m, int sub);
} coldef_t;

#define INT(v) ((catalog_value_t){.i = (v)})
#define TEXT(v) ((catalog_value_t){.s = (v)})
#define REAL(v) ((catalog_value_t){.r = (v)})
#define U64(v) ((catalog_value_t){.u = (v)})
/* A getter of a plain column (GET) or of a family's kind k (GET_KIND). */
#define GET(NAME, VALUE)                                                                   \
    static catalog_value_t NAME(const catalog_level_t *m, int k)                           \
    {                                                                                      \
        (void)k;                                                                           \
        return VALUE;                                                                      \
    }
#define GET_KIND(NAME, VALUE)                                                              \
    static catalog_value_t NAME(const catalog_level_t *m, int k) { return VALUE; }

GET(g_seed, U64(m->lv->seed))
GET(g_index, U64(m->lv->index))
GET(g_ruleset, TEXT(m->t->name))
GET(g_dlevel, INT(m->lv->dlevel))
GET(g_difficulty, INT(m->lv->difficulty))
GET(g_type, TEXT(level_type_name(m->lv->type)))
GET(g_rooms, INT(m->mx.rooms))
GET(g_rooms_ge4, INT(m->lv->obs.rooms_ge4))
GET(g_rooms_small, INT(m->lv->obs.rooms_small))
GET(g_doors, INT(m->seen.doors))
GET(g_river_count, INT(m->lv->obs.river_count))
static catalog_value_t g_river_orient(const catalog_level_t *m, int k)
{
    (void)k;
    return TEXT(RIVER_ORIENT_NAMES[m->lv->obs.river_orient]);
}
static catalog_value_t g_river_fluid(const catalog_level_t *m, int k)
{
    (void)k;
    return TEXT(m->lv->obs.river ? cell_name((cell_t)m->lv->obs.river_fluid) : "none");
}
GET(g_river_bridge, INT(m->lv->obs.river_bridge))
GET(g_bridges, INT(m->seen.bridges))
GET(g_water, INT(m->lv->obs.fluid_cells[0]))
GET(g_acid, INT(m->lv->obs.fluid_cells[1]))
GET(g_lava, INT(m->lv->obs.fluid_cells[2]))
GET(g_mud, INT(m->mud))
GET(g_blood, INT(m->blood))
GET(g_specials, INT(m->lv->nspecial))
GET_KIND(g_special, INT(m->special[k]))
GET(g_monsters, INT(m->lv->nmonsters))
GET_KIND(g_monster, INT(m->by_kind[k]))
GET(g_hunting, INT(m->hunting))
GET(g_guards, INT(m->lv->obs.game.guards))
GET(g_budget, INT(m->lv->obs.budget))
GET(g_danger, INT(m->mx.danger))
GET(g_items, INT(m->lv->nitems))
GET(g_barrels, INT(m->seen.barrels))
GET(g_barrels_plain, INT(m->mx.barrels[0]))
GET(g_barrels_acid, INT(m->mx.barrels[1]))
GET(g_barrels_napalm, INT(m->mx.barrels[2]))
static catalog_value_t g_event(const catalog_level_t *m, int k)
{
    (void)k;
    const obs_t *o = &m->lv->obs;
    const char *name = o->game.made && o->game.event >= 0 && o->game.event < MONSTER_KINDS_MAX
                           ? m->t->bin_names->bin[TALLY_NAMED_EVENT][o->game.event]
                           : NULL;
    return TEXT(name ? name : "none");
}
GET(g_stairs, INT(m->seen.stairs))
GET(g_unreachable, INT(m->seen.unreachable)) /* the observer's flood */

/* the range metrics: metrics.h, docs/catalog.md "The range metrics" */
GET(g_reach_share, REAL(metrics_reach_share(&m->mx)))
GET(g_open_share, REAL(metrics_open_share(&m->mx)))
GET(g_fluid_share, REAL(metrics_fluid_share(&m->mx)))
GET(g_path, INT(m->mx.path))
GET(g_failure, TEXT(FAILURE_NAMES[m->lv->obs.failure]))

/* Every column, in the order of a row.  The docs (catalog --columns,
 * docs/catalog.md) are these lines. */
static const coldef_t COLUMNS[] = {
    {"seed", CAT_U64, F_NONE, "master seed (`gen --seed`)", g_seed},
    {"index", CAT_U64, F_NONE, "level index within the seed (`gen --index`)", g_index},
    {"ruleset", CAT_TEXT, F_NONE,
     "the ruleset (`gen --rules`, or the manifest's name with `--data`)", g_ruleset},
    {"dlevel", CAT_INT, F_NONE, "dungeon level (`gen --dlevel`)", g_dlevel},
    {"difficulty", CAT_INT, F_NONE, "difficulty 1..5 (`gen --difficulty`)", g_difficulty},
    {"type", CAT_TEXT, F_NONE, "level type", g_type},
    {"rooms", CAT_INT, F_NONE, "entries of the room list", g_rooms},
    {"rooms_ge4", CAT_INT, F_NONE, "rooms with both sides >= 4", g_rooms_ge4},
    {"rooms_small", CAT_INT, F_NONE, "2x2 dead-end entries of the room list", g_rooms_small},
    {"doors", CAT_INT, F_NONE, "door cells on the map", g_doors},
    {"river_count", CAT_INT, F_NONE, "rivers drawn, 0..3", g_river_count},
    {"river_orient", CAT_TEXT, F_NONE, "none, horizontal or vertical", g_river_orient},
    {"river_fluid", CAT_TEXT, F_NONE,
     "the rivers' fluid (water, acid, lava), none without a river", g_river_fluid},
    {"river_bridge", CAT_INT, F_NONE, "1 when the river has a bridge", g_river_bridge},
    {"bridges", CAT_INT, F_NONE, "bridge cells on the map", g_bridges},
    {"water", CAT_INT, F_NONE, "water cells on the map", g_water},
    {"acid", CAT_INT, F_NONE, "acid cells on the map", g_acid},
    {"lava", CAT_INT, F_NONE, "lava cells on the map", g_lava},
    {"mud", CAT_INT, F_NONE, "mud cells on the map (game-0.10.10b)", g_mud},
    {"blood", CAT_INT, F_NONE, "blood cells on the map (game-0.10.10b)", g_blood},
    {"specials", CAT_INT, F_NONE, "special rooms", g_specials},
    {"special", CAT_INT, F_SPECIAL,
     "special rooms of this kind (warehouse, fluid, ammo, teleporter, lever, vault)", g_special},
    {"monsters", CAT_INT, F_NONE, "beings on the level (vault guards included)", g_monsters},
    {"mon", CAT_INT, F_MONSTER,
     "beings of this kind: an id of the ruleset's monsters.json", g_monster},
    {"hunting", CAT_INT, F_NONE, "beings that hunt the player from the start", g_hunting},
    {"guards", CAT_INT, F_NONE, "vault guards (game rulesets), among monsters", g_guards},
    {"budget", CAT_INT, F_NONE, "danger budget after the type's modifier", g_budget},
    {"danger_placed", CAT_INT, F_NONE, "danger of the monsters placed", g_danger},
    {"items", CAT_INT, F_NONE, "items on the level", g_items},
    {"barrels", CAT_INT, F_NONE, "barrel cells of the three kinds", g_barrels},
    {"barrels_plain", CAT_INT, F_NONE, "explosive barrel cells", g_barrels_plain},
    {"barrels_acid", CAT_INT, F_NONE, "acid barrel cells", g_barrels_acid},
    {"barrels_napalm", CAT_INT, F_NONE, "napalm barrel cells", g_barrels_napalm},
    {"event", CAT_TEXT, F_NONE,
     "the level's event (an id of population.json events.list), none", g_event},
    {"stairs", CAT_INT, F_NONE, "stairs cells on the map", g_stairs},
    {"unreachable", CAT_INT, F_NONE,
     "passable cells not reachable from the start (8-way)", g_unreachable},
    {"reach_share", CAT_REAL, F_NONE,
     "share of the passable cells reachable from the start", g_reach_share},
    {"open_share", CAT_REAL, F_NONE,
     "share of the 78x20 map that is dry passable ground: floor, door, bridge, stairs",
     g_open_share},
    {"fluid_share", CAT_REAL, F_NONE,
     "share of the 78x20 map that is fluid (water, acid, lava, mud, blood)", g_fluid_share},
    {"path", CAT_INT, F_NONE,
     "steps of the shortest 8-way walk over passable cells (fluids included) from the start to "
     "the stairs; -1 none",
     g_path},
    {"failure", CAT_TEXT, F_NONE, "a generation failure (none, no_floor, too_many)", g_failure},
};
#define NCOLUMNS ((int)(sizeof COLUMNS / sizeof COLUMNS[0]))

void catalog_init(catalog_t *c, const tables_t *t)
{
    memset(c, 0, sizeof *c);
    c->t = t;
    for (int d = 0; d < NCOLUMNS; d++) {
        const coldef_t *e = &COLUMNS[d];
        int kinds = e->family == F_SPECIAL ? SPECIAL__COUNT
                    : e->family == F_MONSTER ? t->monsters->n : 1;
        for (int k = 0; k < kinds; k++) {
            assert(c->n < CATALOG_MAX_COLUMNS);
            catalog_column_t *col = &c->col[c->n++];
            col->type = e->type;
            col->def = d;
            col->sub = k;
            if (e->family == F_NONE)
                snprintf(col->name, sizeof col->name, "%s", e->name);
            else
                snprintf(col->name, sizeof col->name, "%s_%s", e->name,
                         e->family == F_SPECIAL ? special_kind_name((special_kind_t)k)
                                                : monster_id(t->monsters, k));
            /* a JSON row's ,"name": (the first without its comma) */
            const size_t n = strlen(col->name);
            col->key[0] = ',';
            col->key[1] = '"';
            memcpy(col->key + 2, col->name, n);
            memcpy(col->key + 2 + n, "\":", 2);
            col->keylen = n + 4;
            assert(col->keylen <= CATALOG_KEY_COPY); /* names of at most 28 characters */
        }
    }
}

int catalog_lookup(void *catalog, const char *name, size_t len, filter_kind_t *kind)
{
    const catalog_t *c = catalog;
    for (int k = 0; k < c->n; k++)
        if (strlen(c->col[k].name) == len && memcmp(c->col[k].name, name, len) == 0) {
            *kind = c->col[k].type == CAT_TEXT ? FILTER_TEXT : FILTER_NUMBER;
            return k;
        }
    return -1;
}

static int rows_count(const bitrow_t rows[GRID_H + 2])
{
    int n = 0;
    for (int y = 1; y <= GRID_H; y++)
        n += bitrow_popcount(rows[y] & MAP_COLUMNS);
    return n;
}

void catalog_measure(catalog_level_t *m, const level_t *lv, const tables_t *t)
{
    m->lv = lv;
    m->t = t;
    observer_look(lv, &m->seen);
    /* mud and blood (game-0.10.10b) read off the map only where the ruleset
     * has them */
    m->mud = m->blood = 0;
    if (t->def->cell_kinds > CELL_MUD) {
        bitrow_t rows[GRID_H + 2];
        grid_mask_rows(&lv->map, CELLSET(CELL_MUD), rows);
        m->mud = rows_count(rows);
        grid_mask_rows(&lv->map, CELLSET(CELL_BLOOD), rows);
        m->blood = rows_count(rows);
    }
    /* the range metrics (metrics.h): the barrels only looked for on a level
     * the observer saw barrels on, the unreachable cells its flood's */
    metrics_measure(&m->mx, lv, &m->seen, m->mud + m->blood);
    memset(m->by_kind, 0, sizeof m->by_kind);
    m->hunting = 0;
    for (int i = 0; i < lv->nmonsters; i++) {
        m->by_kind[lv->monster[i].kind]++;
        m->hunting += lv->monster[i].hunting != 0;
    }
    memset(m->special, 0, sizeof m->special);
    for (int i = 0; i < lv->nspecial; i++)
        m->special[lv->special[i].kind]++;
}

void catalog_values(const catalog_t *c, const catalog_level_t *m, catalog_value_t *v,
                    filter_value_t *fv)
{
    for (int k = 0; k < c->n; k++) {
        const catalog_column_t *col = &c->col[k];
        v[k] = COLUMNS[col->def].get(m, col->sub);
        if (!fv)
            continue;
        switch (col->type) {
        case CAT_INT: fv[k] = (filter_value_t){(double)v[k].i, NULL}; break;
        case CAT_U64: fv[k] = (filter_value_t){(double)v[k].u, NULL}; break;
        case CAT_REAL: fv[k] = (filter_value_t){v[k].r, NULL}; break;
        case CAT_TEXT: fv[k] = (filter_value_t){0, v[k].s}; break;
        }
    }
}

/* Decimal digits of u into the end of buf (at least 20 bytes); its start. */
static char *digits(char *end, uint64_t u)
{
    do {
        *--end = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    return end;
}

/* The value v of column col written at p; the end. */
static char *put_value(char *p, const catalog_column_t *col, const catalog_value_t *v, bool csv)
{
    /* digits end at buf + 24; the copy below reads 24 bytes from their start */
    char buf[48], *end = buf + 24, *s;
    size_t n;
    switch (col->type) {
    case CAT_INT:
        s = digits(end, v->i < 0 ? (uint64_t)0 - (uint64_t)v->i : (uint64_t)v->i);
        if (v->i < 0)
            *--s = '-';
        break;
    case CAT_U64:
        s = digits(end, v->u);
        break;
    case CAT_REAL: {
        /* the shares lie in [0, 1]: fixed decimals, rounded half away from 0 */
        _Static_assert(CATALOG_DECIMALS == 4, "the scale is 10^CATALOG_DECIMALS");
        uint64_t scaled = (uint64_t)llround((v->r < 0 ? 0 : v->r) * 1e4);
        s = end;
        for (int i = 0; i < CATALOG_DECIMALS; i++) {
            *--s = (char)('0' + scaled % 10);
            scaled /= 10;
        }
        *--s = '.';
        s = digits(s, scaled);
        break;
    }
    case CAT_TEXT:
    default:
        /* names of the tables and of drlsim: no quote, comma or control
         * (catalog_init cuts a longer one) */
        n = strlen(v->s);
        n = n < CATALOG_MAX_TEXT ? n : CATALOG_MAX_TEXT;
        if (!csv)
            *p++ = '"';
        memcpy(p, v->s, n);
        p += n;
        if (!csv)
            *p++ = '"';
        return p;
    }
    n = (size_t)(end - s);
    memcpy(p, s, 24); /* a fixed-size copy (inlined), then only n of it kept */
    return p + n;
}

void catalog_header(strbuf_t *b, const catalog_t *c, bool csv)
{
    if (!csv)
        return;
    for (int k = 0; k < c->n; k++) {
        if (k)
            sb_put(b, ",", 1);
        sb_puts(b, c->col[k].name);
    }
    sb_put(b, "\n", 1);
}

void catalog_row(strbuf_t *b, const catalog_t *c, const catalog_value_t *v, bool csv)
{
    /* one key and value at most: the key, its quotes, colon and comma, and
     * a value of at most CATALOG_MAX_TEXT (+2 quotes) characters */
    char row[CATALOG_MAX_COLUMNS * (sizeof c->col[0].name + 4 + CATALOG_MAX_TEXT + 2) + 4 +
             CATALOG_KEY_COPY];
    char *p = row;
    if (!csv)
        *p++ = '{';
    for (int k = 0; k < c->n; k++) {
        const catalog_column_t *col = &c->col[k];
        if (csv) {
            *p = ',';
            p += k > 0;
        } else {
            /* a fixed-size copy (inlined), then only keylen of it kept */
            memcpy(p, col->key + (k == 0), CATALOG_KEY_COPY);
            p += col->keylen - (k == 0);
        }
        p = put_value(p, col, &v[k], csv);
    }
    if (!csv)
        *p++ = '}';
    *p++ = '\n';
    sb_put(b, row, (size_t)(p - row));
}

void catalog_columns_markdown(FILE *out)
{
    static const char *const TYPE[] = {"integer", "integer", "number", "text"};
    fprintf(out, "| column | type | what it is |\n|---|---|---|\n");
    for (int d = 0; d < NCOLUMNS; d++) {
        const coldef_t *e = &COLUMNS[d];
        fprintf(out, "| `%s%s` | %s | %s |\n", e->name,
                e->family == F_NONE ? "" : e->family == F_SPECIAL ? "_<kind>" : "_<id>",
                TYPE[e->type], e->doc);
    }
}
