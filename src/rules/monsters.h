/* monsters.h - the monster table (data/monsters.json) and its glyphs.
 *
 * One row per monster kind: id, name, map glyph, dlevel window, pick weight
 * and danger cost (spec monsters.md, [wiki Monster Generation]).  A kind is
 * its row's index, which is what monster_t.kind and obs.monsters_by_kind
 * hold.  Glyphs are unique letters so the legend maps glyph -> name.
 */
#ifndef DRLSIM_MONSTERS_H
#define DRLSIM_MONSTERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "data.h"

#define MONSTER_KINDS_MAX 40   /* rows of a monster table (game-0.10.10b has 34) */
#define MONSTER_NO_MAX 1000000 /* max of a window with no upper bound */

/* Classes of monsters, for pictures only (src/out/picture.c colours a monster's
 * tile by its class): the "classes" object of data/monsters.json lists the
 * ids of each; a kind it does not list is MCLASS_OTHER.  The list is ours
 * ([decision], docs/pictures.md), not the game's. */
typedef enum monster_class {
    MCLASS_OTHER,
    MCLASS_FORMER,    /* former humans and their elite versions */
    MCLASS_DEMON,     /* imps, demons, knights, barons, cacodemons, ... */
    MCLASS_UNDEAD,    /* lost souls, pain elementals, revenants, arch-viles */
    MCLASS_NIGHTMARE, /* the nightmare variants */
    MCLASS_BOSS,      /* the deepest: bruiser brothers, cyberdemon, ... */
    MCLASS__COUNT
} monster_class_t;

/* The class names of data/monsters.json ("former", ...; "other"). */
extern const char *const MONSTER_CLASS_NAME[MCLASS__COUNT];

typedef struct monster_kind {
    char id[16];
    char name[32];
    char glyph;
    uint8_t cls; /* monster_class_t */
    int min, max; /* dlevel window for ITYTD/HNTR; max MONSTER_NO_MAX when none */
    int weight;   /* relative chance among eligible kinds */
    int danger;   /* cost from the level's budget */
} monster_kind_t;

typedef struct monster_table {
    int n;
    monster_kind_t kind[MONSTER_KINDS_MAX];
    /* A hash of what is derived from the table (its kinds' windows, weights
     * and dangers; 0: none), set by monsters_parse, so what is derived from
     * a table can be cached under it without any state of the loader:
     * tables that differ there have different stamps (but for a 64-bit hash
     * collision), and equal ones derive the same.  A table is not changed
     * after it is parsed; a copy that is then changed must set its stamp to
     * 0 (never cached). */
    uint64_t stamp;
} monster_table_t;

/* Parse a table from JSON text; false with a one-line "ORIGIN: KEY: problem"
 * in err when the file is malformed or a row is invalid. */
bool monsters_parse(monster_table_t *t, const char *json, size_t len, const char *origin,
                    char *err, size_t errlen);

/* The table of file `name` of src ("monsters.json"), into t; false with a
 * one-line message in err when it is broken. */
bool monsters_load(monster_table_t *t, data_src_t *src, const char *name, char *err,
                   size_t errlen);

/* Kind index of id, or -1. */
int monsters_find(const monster_table_t *t, const char *id);

/* The map glyph of monster kind k ('?' when there is no table). */
char monster_glyph(const monster_table_t *t, int k);
/* The id of kind k ("former"), "?" when there is no table. */
const char *monster_id(const monster_table_t *t, int k);
/* The class of kind k (MCLASS_OTHER when there is no table). */
monster_class_t monster_class(const monster_table_t *t, int k);
/* The kind whose glyph is g, -1 when none (glyphs are unique). */
int monster_by_glyph(const monster_table_t *t, char g);
/* Add glyph -> monster name entries to a legend object / print them. */
void monsters_legend_json(const monster_table_t *t, cJSON *legend);
void monsters_legend_text(const monster_table_t *t, FILE *out);

#endif
