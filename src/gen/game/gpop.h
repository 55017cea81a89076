/* gpop.h - population of the game-0.9.9.7 ruleset (docs/rules.md, game part).
 *
 * The steps the released game runs after a level's layout, fluids and rivers
 * [game: generator.lua:52-87]: barrels, special rooms, monsters, items,
 * stairs, player, event, each from the tables of
 * data/game-0.9.9.7/{monsters,population}.json (gpop_tables.c) and the
 * per-generator switches of gpop_gen_t.  All draws come from one stream
 * (the level's population stream), in the game's order within each step.
 */
#ifndef DRLSIM_GPOP_H
#define DRLSIM_GPOP_H

#include <stdbool.h>
#include <stddef.h>

#include "census.h"
#include "gskip.h"
#include "level.h"
#include "monsters.h"
#include "rng.h"

#define GPOP_MAX_GROUPS 40 /* 35 in game-0.10.10b (docs/rules.md H42) */
#define GPOP_MAX_MEMBERS 6
#define GPOP_MAX_LIST 8
#define GPOP_MAX_SETS 24
#define GPOP_MAX_SINGLE 8
#define GPOP_MAX_EXTRAS 4
#define GPOP_MAX_BARREL_ROWS 6
#define GPOP_MAX_EVENTS 16
#define GPOP_NONE_LIMIT 1000000 /* an upper bound written null: none */
#define GPOP_MAX_SHIFTS 4      /* budget.dlevel_shift rows */
#define GPOP_MAX_LEVERS 16     /* lever_kinds.kinds rows */
#define GPOP_MAX_AMMO_TIERS 4  /* ammo_room.tiers */
#define GPOP_MAX_AMMO_ENTRIES 4 /* entries of one ammo tier */
#define GPOP_EPISODE_DLEVELS 64 /* dlevels an episode.json may name */

/* ---- tables (data/game-0.9.9.7/population.json) ---- */

typedef struct gpop_budget_rule {
    bool sqrt;          /* sqrt: ceil(sqrt(dl*inner)*outer); else ceil(dl*mul + add) */
    double mul, add;
    double inner, outer;
} gpop_budget_rule_t;

typedef struct gpop_member {
    uint8_t kind;       /* monster table index */
    int lo, hi;         /* amount, uniform lo..hi */
} gpop_member_t;

typedef struct gpop_group {
    int min, max, weight;
    int nmembers;
    gpop_member_t member[GPOP_MAX_MEMBERS];
} gpop_group_t;

/* A list of kinds, each at its own table weight. */
typedef struct gpop_list {
    int n;
    uint8_t kind[GPOP_MAX_LIST];
} gpop_list_t;

typedef struct gpop_cave_set {
    int min, max, weight, min_diff;
    gpop_list_t list;
} gpop_cave_set_t;

typedef struct gpop_extra {
    int difficulty_above, dlevel_above; /* GPOP_NONE_LIMIT: that side never holds */
    int divisor;
    gpop_list_t list;
} gpop_extra_t;

typedef struct gpop_single_outcome {
    char name[16];
    gpop_list_t list;
    int nextras;
    gpop_extra_t extra[GPOP_MAX_EXTRAS];
    bool has_split;
    int split_num, split_den, split_divisor;
    gpop_list_t split;
} gpop_single_outcome_t;

typedef struct gpop_single {
    int die, step, base, add, cap;
    int nrows;
    int below[GPOP_MAX_SINGLE]; /* GPOP_NONE_LIMIT for the open last row */
    int row_outcome[GPOP_MAX_SINGLE];
    int noutcomes;
    gpop_single_outcome_t outcome[GPOP_MAX_SINGLE];
} gpop_single_t;

typedef struct gpop_barrel_row {
    int lvl_max;        /* GPOP_NONE_LIMIT: any */
    uint8_t first, second, first_alt; /* cell_t; first_alt == first when none */
    int alt_die;        /* 0: none */
} gpop_barrel_row_t;

typedef struct gpop_event {
    char id[16];
    int weight, min_dlevel, min_diff;
    bool all_hunting;
} gpop_event_t;

/* population.json lever_kinds (docs/rules.md H36): one weighted roll per
 * lever; a kind with a whole-map chance (full, 0: none) then draws a d100. */
typedef struct gpop_lever_kind {
    char id[16];
    int weight, full;
} gpop_lever_kind_t;

/* population.json ammo_room (H38): the tiers' entries join the list when
 * roll = d(die) + dlevel exceeds `above` (GPOP_NONE_LIMIT negated: always). */
typedef struct gpop_ammo_entry {
    int weight, kind, lo, hi; /* kind: AMMO_* (poptable.h) */
} gpop_ammo_entry_t;

typedef struct gpop_ammo_tier {
    int above, n;
    gpop_ammo_entry_t e[GPOP_MAX_AMMO_ENTRIES];
} gpop_ammo_tier_t;

typedef struct gpop_room_type {
    uint8_t kind;       /* special_kind_t */
    int weight, min_size, max_x, max_y, max_area; /* max_area GPOP_NONE_LIMIT: none */
} gpop_room_type_t;

/* An entry the being table can have: a kind (group -1) or a group (kind
 * -1), of positive weight. */
typedef struct gpop_being_entry {
    int kind, group, weight;
} gpop_being_entry_t;

/* Dlevels whose being table is precomputed (gpop_tables_derive); the
 * table of a deeper level is built when it is made. */
#define GPOP_BEING_DLEVELS 128
/* Room sizes (including walls) whose fitting special room types are
 * precomputed: every room the map can hold. */
#define GPOP_FIT_W (GRID_W + 1)
#define GPOP_FIT_H (GRID_H + 1)
/* room_fits' bit for a room that may hold a locked vault's key (H39) */
#define GPOP_ROOM_KEY_BIT SPECIAL__COUNT
/* A flood's weight table [game: level.lua:1-24]: its entries in order (a
 * kind, group -1; or a group, kind -1) and their running weights, cum[i]
 * the sum of the weights 0..i.  Past the entries the sums hold INT_MAX up
 * to span, a power of two: the pick halves the span (flood_pick) instead
 * of walking the sums. */
/* The guard ids a vault's roll can name (former, lostsoul, demon,
 * cacodemon, ncacodemon, ndemon, nimp: docs/rules.md G60). */
#define GPOP_VAULT_GUARD_IDS 7
#define GPOP_FLOOD_ENTRIES (MONSTER_KINDS_MAX + GPOP_MAX_GROUPS)
#define GPOP_FLOOD_SPAN 128 /* a power of two, at least GPOP_FLOOD_ENTRIES */
typedef struct gpop_flood_entry {
    int kind, group;
} gpop_flood_entry_t;

/* The draws a being table made once may map to its entries directly
 * (gpop_flood_table_t.pick): more than any table's total weight. */
#define GPOP_FLOOD_PICKS 1024
typedef struct gpop_flood_table {
    int n, span;
    bool picks; /* pick[] holds the entry of each draw below the total */
    gpop_flood_entry_t e[GPOP_FLOOD_ENTRIES];
    int cum[GPOP_FLOOD_SPAN];
    uint8_t pick[GPOP_FLOOD_PICKS];
} gpop_flood_table_t;

/* The being tables made once (gpop_tables_derive), one for each distinct
 * set of eligible entries; beyond this many, a level's is made when it is
 * made (GPOP_BEING_FLOOD_NONE). */
#define GPOP_MAX_BEING_FLOODS 96
#define GPOP_BEING_FLOOD_NONE UINT8_MAX

/* The rings of cells around a group's cell where its members go (gpop.c's
 * drop rings), up to this Chebyshev distance: ring d's 8d cells in
 * row-major order (its top row, each row between at its two ends, its
 * bottom row) as offsets from the centre, in cells and as GRID_IDX steps,
 * and H4's key masks (bit i of key[k]: cell i's Distance from the centre
 * is d + k), made once for a ring that lies wholly on the map. */
#define GPOP_RING_MAX 7
typedef struct gpop_ring {
    int8_t dx[8 * GPOP_RING_MAX], dy[8 * GPOP_RING_MAX];
    int16_t off[8 * GPOP_RING_MAX];
    uint64_t key[GPOP_RING_MAX / 2 + 1];
} gpop_ring_t;

/* Special room type weights summing to at most this many are picked by a
 * table (room_pick) instead of a walk over the running sums: the same draw
 * and the same type, one load. */
#define GPOP_ROOM_PICKS 256

typedef struct gpop_tables {
    monster_table_t monsters;
    gpop_budget_rule_t budget[DIFF_NIGHTMARE + 1];
    int dmod_step, dmod_base, dmod_min, dmod_max;
    bool always_hunting[MONSTER_KINDS_MAX];
    int item_base, item_pivot, item_div;
    int ngroups;
    gpop_group_t group[GPOP_MAX_GROUPS];
    int mlevel_step, mlevel_base;
    int nsets;
    gpop_cave_set_t set[GPOP_MAX_SETS];
    gpop_single_t single;
    gpop_list_t single_plus;
    int barrel_level_die, barrel_count, barrel_big_count, barrel_big_die;
    int nbarrel_rows;
    gpop_barrel_row_t barrel_row[GPOP_MAX_BARREL_ROWS];
    int event_div, event_cap, event_die;
    int nevents;
    gpop_event_t event[GPOP_MAX_EVENTS];
    int nroom_types;
    gpop_room_type_t room_type[SPECIAL__COUNT];
    /* The keys of game-0.10.10b (docs/rules.md H.13); each absent in
     * data/game-0.9.9.7, which then keeps Part G's rule. */
    int nshifts;                 /* budget.dlevel_shift (H40); 0: d = dlevel */
    int shift_above[GPOP_MAX_SHIFTS], shift_add[GPOP_MAX_SHIFTS];
    int nlevers;                 /* lever_kinds (H36); 0: G55's roll of 17 */
    gpop_lever_kind_t lever[GPOP_MAX_LEVERS];
    int ammo_die, nammo_tiers;   /* ammo_room (H38); 0 tiers: G57 */
    gpop_ammo_tier_t ammo_tier[GPOP_MAX_AMMO_TIERS];
    bool vault_lock;             /* vault (H39); false: never locked (G60) */
    int vault_key_min, vault_lock_die, vault_lock_num, vault_lock_den, vault_locked_add;
    /* the episode's side levels (H5): the least difficulty at which dlevel
     * dl has one, 0 none; copied from episode.json's special_exit
     * (episode_entry_t.side_min_diff) by the registry's loader */
    uint8_t side_exit_min_diff[GPOP_EPISODE_DLEVELS + 1];
    /* Derived from the above when the tables are parsed, not read from the
     * files (gpop_tables_derive): the being table's possible entries, every
     * kind then every group of positive weight in table order, and for each
     * difficulty and dlevel 1..GPOP_BEING_DLEVELS the eligible ones as bits
     * (bit i: being_entry[i]); and for each room size w x h (below
     * GPOP_FIT_W x GPOP_FIT_H) the special room types it fits, as bits (bit
     * k: room_type[k]), and whether it may hold a vault's key (bit
     * GPOP_ROOM_KEY_BIT); and when the types' weights sum to at most
     * GPOP_ROOM_PICKS, that sum (room_pick_total, else 0) and for each
     * value x of its Random the type weight_roll would return
     * (room_pick[x]). */
    int nbeing;
    gpop_being_entry_t being_entry[MONSTER_KINDS_MAX + GPOP_MAX_GROUPS];
    bitrow_t being_eligible[DIFF_NIGHTMARE + 1][GPOP_BEING_DLEVELS + 1];
    /* ... and the being table itself: being_flood[being_flood_of[d][dl]],
     * the tables of equal eligible bits shared, GPOP_BEING_FLOOD_NONE when
     * there were more than GPOP_MAX_BEING_FLOODS */
    int nbeing_floods;
    uint8_t being_flood_of[DIFF_NIGHTMARE + 1][GPOP_BEING_DLEVELS + 1];
    gpop_flood_table_t being_flood[GPOP_MAX_BEING_FLOODS];
    /* ... and the drop rings 1..GPOP_RING_MAX (ring[0] unused) */
    gpop_ring_t ring[GPOP_RING_MAX + 1];
    uint8_t room_fits[GPOP_FIT_W][GPOP_FIT_H];
    int room_pick_total;
    uint8_t room_pick[GPOP_ROOM_PICKS];
    /* ... and the vault guards' kinds (monsters_find of each guard id the
     * vault's roll can name, gpop.c's VAULT_GUARD_IDS; -1: no such kind) */
    int vault_guard[GPOP_VAULT_GUARD_IDS];
    /* ... and the lever kinds' running weights (lever_cum[i]: the weights
     * of kinds 0..i) */
    int lever_cum[GPOP_MAX_LEVERS];
    /* ... and, made when the tables are loaded from their files
     * (gpop_tables_skip; q 0 when parsed only: every draw one by one), the
     * jump of the draws of a search that finds nothing */
    gskip_t skip;
} gpop_tables_t;

/* Parse the two files' texts; false with one line "ORIGIN: KEY: problem". */
bool gpop_tables_parse(gpop_tables_t *t, const char *monsters_json, size_t mlen,
                       const char *monsters_origin, const char *pop_json, size_t plen,
                       const char *pop_origin, char *err, size_t errlen);

/* Fill the derived fields of t (nbeing, being_entry, being_eligible,
 * nbeing_floods, being_flood_of, being_flood, ring, room_fits, room_pick_total,
 * room_pick, vault_guard, lever_cum) from its parsed tables; gpop_tables_parse
 * calls it. */
void gpop_tables_derive(gpop_tables_t *t);

/* The jump table of t->skip (gskip.h), for the searches that find no cell;
 * gpop_tables_load calls it. */
void gpop_tables_skip(gpop_tables_t *t);

/* The tables of src (its "monsters.json" and "population.json"), into t;
 * false with a one-line message in err when a file is broken. */
bool gpop_tables_load(gpop_tables_t *t, data_src_t *src, char *err, size_t errlen);

/* ---- what the level's generator asks for (filled by the caller) ---- */

typedef enum gpop_monster_rule {
    GPOP_MONSTERS_NONE = 0,
    GPOP_MONSTERS_STANDARD,    /* flood_monsters{danger = round(bw * percent/100)} */
    GPOP_MONSTERS_CAVES,       /* a cave set for round(bw * percent/100) */
    GPOP_MONSTERS_SINGLE,      /* the single-monster table for bw */
    GPOP_MONSTERS_SINGLE_PLUS, /* one of single_plus for bw */
} gpop_monster_rule_t;

typedef enum gpop_round { GPOP_CEIL = 0, GPOP_FLOOR } gpop_round_t;

typedef enum gpop_item_rule {
    GPOP_ITEMS_NONE = 0,
    GPOP_ITEMS_PERCENT,        /* ceil(item_amount * percent/100), after the monsters */
    GPOP_ITEMS_FIXED_FIRST,    /* items_fixed items, before the monsters (caves) */
} gpop_item_rule_t;

/* The population steps' algorithms where a ruleset's differ from Part G's
 * (docs/rules.md H.12), one switch or constant each; the registry holds one
 * of these per ruleset (GPOP_RULES_G is Part G's).  What a table can say is
 * in the tables instead (gpop_tables_t's keys of H.13). */
typedef struct gpop_rules {
    int empty_tries;           /* uniform draws of the empty-cell search (G52, H2) */
    bool empty_scan;           /* then a row-by-row scan of the area (H2) */
    int drop_radius;           /* the rings a dropped member tries (G66, H4) */
    bool drop_least_distance;  /* only a ring's cells of least Distance count (H4) */
    bool barrels_after_rooms;  /* barrels after the special rooms (H9, H28) */
    bool barrels_dry;          /* barrels refuse every liquid, and hold their cell as
                                  a blocking item (H28) */
    uint32_t room_list_types;  /* bit t: layouts of type t hand back a room list; the
                                  room count is drawn only there (H9-H10) */
    bool player_safe;          /* the player's safe-cell tries and radius (H30-H32) */
    int player_radius[DIFF_NIGHTMARE + 1]; /* the first radius by difficulty (H31) */
    bool flood_setup;          /* flood events move stairs and player (H33) */
    bool side_stairs;          /* second stairs where episode.json has a side level (H5, H29) */
} gpop_rules_t;

/* Part G's steps (game-0.9.9.7). */
extern const gpop_rules_t GPOP_RULES_G;

/* The empty-cell search of H2 in a form any step can call: up to `tries`
 * uniform cells of (x1, y1)-(x2, y2) (x drawn before y) until ok(ctx, x, y),
 * then, with scan, the first cell of a row-by-row scan that passes; false
 * when none does. */
bool gpop_search_cell(rng_t *r, int x1, int y1, int x2, int y2, int tries, bool scan,
                      bool (*ok)(const void *ctx, int x, int y), const void *ctx, point_t *out);

typedef struct gpop_gen {
    const gpop_rules_t *rules; /* NULL: GPOP_RULES_G */
    bool barrels;
    bool rooms;                /* handle_rooms(1d(rooms_hi-rooms_lo+1)+rooms_lo-1) */
    int rooms_lo, rooms_hi;
    gpop_monster_rule_t monsters;
    int monster_percent;       /* 100 default, 150 maze, 67 arena and caves */
    gpop_round_t monster_round;/* ceil, floor for caves */
    gpop_item_rule_t items;
    int item_percent;          /* 100, 80 maze, 67 arena, 150 single, 200 single_plus */
    int items_fixed;           /* 10 for caves */
    bool place_stairs, place_player, events;
    int hunting_num, hunting_den; /* each being hunts with this chance (arena 1/2); 0/1 none */
} gpop_gen_t;

void gpop_populate(level_t *lv, const gen_params_t *p, const gpop_gen_t *g,
                   const gpop_tables_t *t, rng_t *r, census_t *cs);

/* ---- pieces, for tests ---- */

/* being_weight(): the budget before any modifier. */
int gpop_budget(const gpop_tables_t *t, int dlevel, int difficulty);
/* round(bw * percent / 100) in the game's double arithmetic. */
int gpop_budget_modified(int bw, int percent, gpop_round_t rnd);
/* item_amount(): ceil(21 - max(25 - dl, 0)/3). */
int gpop_item_amount(const gpop_tables_t *t, int dlevel);
/* ceil(item_amount * percent / 100) in double arithmetic. */
int gpop_item_count(const gpop_tables_t *t, int dlevel, int percent);
int gpop_dmod(const gpop_tables_t *t, int difficulty);
/* Is kind eligible for the being table at (dlevel, difficulty)? */
bool gpop_kind_eligible(const gpop_tables_t *t, int kind, int dlevel, int difficulty);
bool gpop_group_eligible(const gpop_tables_t *t, int group, int dlevel, int difficulty);
int gpop_mlevel(const gpop_tables_t *t, int dlevel, int difficulty);
bool gpop_set_eligible(const gpop_tables_t *t, int set, int mlevel, int difficulty);
/* The single table's non-random part and the outcome index of a roll. */
int gpop_single_shift(const gpop_tables_t *t, int dlevel, int difficulty);
int gpop_single_outcome(const gpop_tables_t *t, int roll);
/* Probability that the event roll succeeds: max(min(floor(dl/div),cap)-1,0)/die. */
double gpop_event_chance(const gpop_tables_t *t, int dlevel);
/* The game's weight_table:roll() over w[0..n-1] (n >= 1, a positive total):
 * the first index whose running sum exceeds Random(total).  Plain; the
 * reference generator calls it too. */
int weight_roll(rng_t *r, const int *w, int n);

#endif
