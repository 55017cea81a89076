/* catalog.h - one row per level: the columns of `drlsim catalog`.
 *
 * Every column is declared once, in one table of catalog.c (its name, type,
 * one line of documentation and the getter that reads it off a level), and
 * that table makes the CSV header, the JSON Lines keys, the names --where
 * may use and the table of docs/catalog.md (`drlsim catalog --columns`).  A
 * column of a family (monsters by kind, special rooms by kind, ...) is one
 * entry that expands, for a ruleset's tables, into a column per kind.
 *
 * A row reads the finished level as a player finds it: its map, room list,
 * monsters, items, stairs and start (through the observer, observer.h, and
 * the range metrics, metrics.h: open, fluid and reachable shares, the
 * start-to-stairs path), plus the quantities of the observation record (obs_t) that the
 * level's JSON (`drlsim gen --json`) shows: budget, danger placed, event.
 */
#ifndef DRLSIM_CATALOG_H
#define DRLSIM_CATALOG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "filter.h"
#include "level.h"
#include "metrics.h"
#include "observer.h"
#include "strbuf.h"
#include "tables.h"

/* The most columns a ruleset's catalogue has: the plain ones and every
 * family's kinds (monster tables hold at most MONSTER_KINDS_MAX rows). */
#define CATALOG_MAX_COLUMNS 160
/* The longest text value a row writes (ruleset names, level types, monster
 * and event ids are far shorter). */
#define CATALOG_MAX_TEXT 40

typedef enum catalog_type { CAT_INT = 0, CAT_U64, CAT_REAL, CAT_TEXT } catalog_type_t;

/* One level measured once, for all its columns (catalog_measure). */
typedef struct catalog_level {
    const level_t *lv;
    const tables_t *t;
    seen_t seen;
    metrics_t mx;            /* the range metrics, barrel cells by kind (metrics.h) */
    int mud, blood;          /* mud and blood cells on the map (game-0.10.10b) */
    int hunting;             /* beings that hunt */
    uint16_t by_kind[MONSTER_KINDS_MAX]; /* beings of each monster kind */
    uint8_t special[SPECIAL__COUNT];     /* special rooms of each kind */
} catalog_level_t;

/* A column's value: i (CAT_INT), u (CAT_U64), r (CAT_REAL) or s (CAT_TEXT). */
typedef struct catalog_value {
    int64_t i;
    uint64_t u;
    double r;
    const char *s;
} catalog_value_t;

/* A column of a ruleset's catalogue. */
typedef struct catalog_column {
    char name[48];
    char key[56];   /* ,"name": as a JSON row writes it */
    size_t keylen;
    catalog_type_t type;
    int def;  /* its entry of the table (catalog.c) */
    int sub;  /* its kind within a family, else 0 */
} catalog_column_t;

/* The columns of one ruleset's catalogue, in order. */
typedef struct catalog {
    const tables_t *t;
    int n;
    catalog_column_t col[CATALOG_MAX_COLUMNS];
} catalog_t;

/* The columns for the ruleset of tables t. */
void catalog_init(catalog_t *c, const tables_t *t);

/* The column named name[0..len), or -1: a filter_lookup_fn over a catalog_t. */
int catalog_lookup(void *catalog, const char *name, size_t len, filter_kind_t *kind);

/* Measure the finished level lv (of tables t) for its row. */
void catalog_measure(catalog_level_t *m, const level_t *lv, const tables_t *t);

/* Every column's value of level m, into v[0..c->n); with f, also its
 * filter_value_t into fv. */
void catalog_values(const catalog_t *c, const catalog_level_t *m, catalog_value_t *v,
                    filter_value_t *fv);

/* The CSV header line, or (csv false) nothing: JSON Lines have none. */
void catalog_header(strbuf_t *b, const catalog_t *c, bool csv);
/* The row of values v: a CSV line, or one JSON object on a line. */
void catalog_row(strbuf_t *b, const catalog_t *c, const catalog_value_t *v, bool csv);

/* The table of columns (name, type, doc) as Markdown, the families as one
 * row each (NAME_<kind>): docs/catalog.md holds this text. */
void catalog_columns_markdown(FILE *out);

#endif
