/* render.c - see render.h. */
#include "render.h"

#include <string.h>

#include "monsters.h"
#include "observer.h"
#include "poptable.h"
#include "special.h"
#include "tables.h"

static const char *const CELL_COLOR[CELL__COUNT] = {
    [CELL_FLOOR] = "\x1b[90m",  [CELL_WALL] = "\x1b[37m",  [CELL_DOOR] = "\x1b[33m",
    [CELL_WATER] = "\x1b[94m",  [CELL_ACID] = "\x1b[92m",  [CELL_LAVA] = "\x1b[91m",
    [CELL_BRIDGE] = "\x1b[33m", [CELL_BOX] = "\x1b[36m",   [CELL_STAIRS] = "\x1b[97m",
    [CELL_EDGE] = "\x1b[34m",  [CELL_BARREL] = "\x1b[1;33m", [CELL_BARREL_ACID] = "\x1b[1;32m",
    [CELL_BARREL_NAPALM] = "\x1b[1;91m", [CELL_MUD] = "\x1b[33m", [CELL_BLOOD] = "\x1b[31m",
};
#define COLOR_START "\x1b[1;97m"
#define COLOR_ITEM "\x1b[95m"
#define COLOR_MONSTER "\x1b[1;31m"
#define COLOR_RESET "\x1b[0m"

void render_rows(const level_t *lv, char rows[GRID_H][GRID_W + 1])
{
    for (int y = 1; y <= GRID_H; y++) {
        for (int x = 1; x <= GRID_W; x++)
            rows[y - 1][x - 1] = cell_glyph(grid_get(&lv->map, x, y));
        rows[y - 1][GRID_W] = '\0';
    }
    for (int i = 0; i < lv->nitems; i++)
        rows[lv->item[i].y - 1][lv->item[i].x - 1] = GLYPH_ITEM;
    for (int i = 0; i < lv->nmonsters; i++)
        rows[lv->monster[i].y - 1][lv->monster[i].x - 1] = monster_glyph(lv->monsters, lv->monster[i].kind);
    if (lv->start.x)
        rows[lv->start.y - 1][lv->start.x - 1] = GLYPH_START;
}

static const char *glyph_color(const level_t *lv, int x, int y, char glyph)
{
    if (glyph == GLYPH_START && lv->start.x == x && lv->start.y == y)
        return COLOR_START;
    cell_t k = grid_get(&lv->map, x, y);
    if (glyph == cell_glyph(k))
        return CELL_COLOR[k];
    if (glyph == GLYPH_ITEM)
        return COLOR_ITEM;
    return COLOR_MONSTER;
}

void render_ascii(FILE *out, const level_t *lv, bool color)
{
    char rows[GRID_H][GRID_W + 1];
    render_rows(lv, rows);
    for (int y = 0; y < GRID_H; y++) {
        if (!color) {
            fprintf(out, "%s\n", rows[y]);
            continue;
        }
        const char *cur = NULL;
        for (int x = 0; x < GRID_W; x++) {
            const char *c = glyph_color(lv, x + 1, y + 1, rows[y][x]);
            if (c != cur) {
                fputs(c, out);
                cur = c;
            }
            fputc(rows[y][x], out);
        }
        fprintf(out, "%s\n", COLOR_RESET);
    }
    fprintf(out, "type %s, dlevel %d, difficulty %d, seed %llu", level_type_name(lv->type),
            lv->dlevel, lv->difficulty, (unsigned long long)lv->seed);
    if (lv->index)
        fprintf(out, ", index %llu", (unsigned long long)lv->index);
    fprintf(out, ", rooms %d, rooms>=4 %d, monsters %d, items %d\n", lv->obs.rooms,
            lv->obs.rooms_ge4, lv->nmonsters, lv->nitems);
}

/* The cell kinds a ruleset's maps can hold (barrels only in the game's). */
static int cell_kinds(const tables_t *t)
{
    return t->def->cell_kinds;
}

cJSON *render_legend_json(const tables_t *t)
{
    cJSON *o = cJSON_CreateObject();
    char key[2] = {0, 0};
    for (int k = 0; k < cell_kinds(t); k++) {
        key[0] = cell_glyph((cell_t)k);
        cJSON_AddStringToObject(o, key, cell_name((cell_t)k));
    }
    key[0] = GLYPH_START;
    cJSON_AddStringToObject(o, key, "start");
    key[0] = GLYPH_ITEM;
    cJSON_AddStringToObject(o, key, "item");
    monsters_legend_json(t->monsters, o);
    return o;
}

void render_legend_text(FILE *out, const tables_t *t)
{
    for (int k = 0; k < cell_kinds(t); k++)
        fprintf(out, "  %c %s\n", cell_glyph((cell_t)k), cell_name((cell_t)k));
    fprintf(out, "  %c player start\n  %c item\n", GLYPH_START, GLYPH_ITEM);
    monsters_legend_text(t->monsters, out);
}

static cJSON *point_json(point_t p)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "x", p.x);
    cJSON_AddNumberToObject(o, "y", p.y);
    return o;
}

/* A recorded roll, or null when it was not made (-1). */
static void add_roll(cJSON *o, const char *key, int v)
{
    if (v < 0)
        cJSON_AddNullToObject(o, key);
    else
        cJSON_AddNumberToObject(o, key, v);
}

static void add_name(cJSON *o, const char *key, int v, const char *name)
{
    if (v < 0)
        cJSON_AddNullToObject(o, key);
    else
        cJSON_AddStringToObject(o, key, name);
}

/* Monsters, items, special rooms, rolls and budget (docs/rules.md §5). */
static void population_json(cJSON *o, const level_t *lv, const tables_t *t)
{
    cJSON *mons = cJSON_AddArrayToObject(o, "monsters");
    for (int i = 0; i < lv->nmonsters; i++) {
        const monster_t *m = &lv->monster[i];
        cJSON *mo = cJSON_CreateObject();
        cJSON_AddStringToObject(mo, "kind", monster_id(lv->monsters, m->kind));
        cJSON_AddNumberToObject(mo, "x", m->x);
        cJSON_AddNumberToObject(mo, "y", m->y);
        cJSON_AddBoolToObject(mo, "hunting", m->hunting);
        cJSON_AddItemToArray(mons, mo);
    }
    cJSON *items = cJSON_AddObjectToObject(o, "items");
    cJSON_AddNumberToObject(items, "count", lv->nitems);
    cJSON *pos = cJSON_AddArrayToObject(items, "positions");
    for (int i = 0; i < lv->nitems; i++)
        cJSON_AddItemToArray(pos, point_json(lv->item[i]));
    cJSON *sp = cJSON_AddArrayToObject(o, "special_rooms");
    for (int i = 0; i < lv->nspecial; i++) {
        const room_t *r = &lv->rooms[lv->special[i].room];
        cJSON *so = cJSON_CreateObject();
        cJSON_AddStringToObject(so, "kind", special_kind_name((special_kind_t)lv->special[i].kind));
        cJSON *ro = cJSON_AddObjectToObject(so, "room");
        cJSON_AddNumberToObject(ro, "x", r->x);
        cJSON_AddNumberToObject(ro, "y", r->y);
        cJSON_AddNumberToObject(ro, "w", r->w);
        cJSON_AddNumberToObject(ro, "h", r->h);
        cJSON_AddItemToArray(sp, so);
    }
    const rolls_t *rl = &lv->obs.roll;
    cJSON *rolls = cJSON_AddObjectToObject(o, "rolls");
    /* the outcome rows' names are the report bins' the tables name */
    const char *const *cave = t->bin_names->bin[TALLY_NAMED_CAVE_OUTCOME];
    const char *const *single = t->bin_names->bin[TALLY_NAMED_SINGLE_OUTCOME];
    add_roll(rolls, "cave", rl->cave);
    add_name(rolls, "cave_outcome", rl->cave_outcome,
             rl->cave_outcome < 0 || !cave[rl->cave_outcome] ? "" : cave[rl->cave_outcome]);
    add_roll(rolls, "single", rl->single);
    add_name(rolls, "single_outcome", rl->single_outcome,
             rl->single_outcome < 0 || !single[rl->single_outcome] ? ""
                                                                   : single[rl->single_outcome]);
    add_roll(rolls, "arena", rl->arena);
    add_roll(rolls, "arena_layout", rl->arena_layout);
    add_roll(rolls, "fluid_room", rl->fluid_room);
    add_name(rolls, "fluid_room_kind", rl->fluid_room_kind,
             rl->fluid_room_kind < 0 ? "" : cell_name((cell_t)rl->fluid_room_kind));
    add_roll(rolls, "ammo", rl->ammo);
    add_name(rolls, "ammo_kind", rl->ammo_kind, poptable_ammo_name(rl->ammo_kind));
    add_roll(rolls, "ammo_stacks", rl->ammo_stacks);
    cJSON_AddNumberToObject(o, "budget", lv->obs.budget);
    cJSON_AddNumberToObject(o, "danger_placed", lv->obs.danger_placed);
}

cJSON *render_json(const level_t *lv, const tables_t *t)
{
    cJSON *o = cJSON_CreateObject();
    char seed[32];
    cJSON_AddStringToObject(o, "type", level_type_name(lv->type));
    cJSON_AddNumberToObject(o, "dlevel", lv->dlevel);
    cJSON_AddNumberToObject(o, "difficulty", lv->difficulty);
    if (lv->obs.style) /* a game ruleset's level: its style id (episode.json) */
        cJSON_AddNumberToObject(o, "style", lv->obs.style);
    /* 64-bit seeds do not fit a JSON double: write them exactly when they do
     * not fit 2^53, as a number otherwise. */
    if (lv->seed < (UINT64_C(1) << 53)) {
        cJSON_AddNumberToObject(o, "seed", (double)lv->seed);
    } else {
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)lv->seed);
        cJSON_AddItemToObject(o, "seed", cJSON_CreateRaw(seed));
    }
    cJSON_AddNumberToObject(o, "index", (double)lv->index);
    char rows[GRID_H][GRID_W + 1];
    render_rows(lv, rows);
    cJSON *map = cJSON_AddArrayToObject(o, "map");
    for (int y = 0; y < GRID_H; y++)
        cJSON_AddItemToArray(map, cJSON_CreateString(rows[y]));
    cJSON_AddItemToObject(o, "legend", render_legend_json(t));
    if (lv->start.x)
        cJSON_AddItemToObject(o, "start", point_json(lv->start));
    else
        cJSON_AddNullToObject(o, "start");
    cJSON *stairs = cJSON_AddArrayToObject(o, "stairs");
    for (int i = 0; i < lv->nstairs; i++)
        cJSON_AddItemToArray(stairs, point_json(lv->stairs[i]));
    cJSON *rooms = cJSON_AddArrayToObject(o, "rooms");
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t *r = &lv->rooms[i];
        cJSON *ro = cJSON_CreateObject();
        cJSON_AddNumberToObject(ro, "x", r->x);
        cJSON_AddNumberToObject(ro, "y", r->y);
        cJSON_AddNumberToObject(ro, "w", r->w);
        cJSON_AddNumberToObject(ro, "h", r->h);
        cJSON_AddItemToArray(rooms, ro);
    }
    cJSON_AddNumberToObject(o, "rooms_ge4", lv->obs.rooms_ge4);
    cJSON_AddNumberToObject(o, "rooms_small", lv->obs.rooms_small);
    cJSON_AddNumberToObject(o, "doors", lv->obs.doors);
    cJSON *riv = cJSON_AddObjectToObject(o, "rivers");
    cJSON_AddNumberToObject(riv, "count", lv->obs.river_count);
    cJSON_AddStringToObject(riv, "orientation", RIVER_ORIENT_NAMES[lv->obs.river_orient]);
    if (lv->obs.river)
        cJSON_AddStringToObject(riv, "fluid", cell_name((cell_t)lv->obs.river_fluid));
    else
        cJSON_AddNullToObject(riv, "fluid");
    cJSON_AddBoolToObject(riv, "bridge", lv->obs.river_bridge);
    cJSON *fc = cJSON_AddObjectToObject(o, "fluid_cells");
    cJSON_AddNumberToObject(fc, "water", lv->obs.fluid_cells[0]);
    cJSON_AddNumberToObject(fc, "acid", lv->obs.fluid_cells[1]);
    cJSON_AddNumberToObject(fc, "lava", lv->obs.fluid_cells[2]);
    /* reachability is a property of the finished map: the observer's flood */
    seen_t seen;
    observer_look(lv, &seen);
    cJSON_AddNumberToObject(o, "unreachable", seen.unreachable);
    population_json(o, lv, t);
    return o;
}
