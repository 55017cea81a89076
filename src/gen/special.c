/* special.c - special rooms: count, kind, room, feature (docs/rules.md §5).
 *
 * Draw order per feature, all from the population stream: the kind (weights
 * of the level's type), then the room (uniform among unused rooms that fit),
 * then, only for a placed fluid or ammo room, its own rolls.  A skipped
 * feature still counts as drawn (obs.special_skipped), so the kind weights
 * can be tested before skips.  [decision] What a feature draws: a fluid room
 * turns every floor or fluid cell of its interior (the room minus its wall
 * ring) into its fluid; an ammo room records its stacks and kind but places
 * nothing, so the level's item count stays the documented one; warehouse,
 * teleporter, lever and vault rooms are only marked in lv->special.
 */
#include "special.h"

#include <string.h>

const char *special_kind_name(special_kind_t k)
{
    return k < SPECIAL__COUNT ? SPECIAL_KIND_NAMES[k] : "?";
}

int special_kind_from_name(const char *name)
{
    for (int k = 0; k < SPECIAL__COUNT; k++)
        if (strcmp(name, SPECIAL_KIND_NAMES[k]) == 0)
            return k;
    return -1;
}

/* special_fits, inline for fitting's loop over the rooms */
static inline bool fits(const special_limits_t *l, const room_t *r)
{
    return special_limits_fit(l, r->w, r->h);
}

bool special_fits(const special_limits_t *l, const room_t *r)
{
    return fits(l, r);
}

static special_kind_t draw_kind(const special_tables_t *s, level_type_t t, rng_t *r)
{
    /* the first k whose cumulative weight reaches x: the count of those
     * below it (a branch-free sum; the walk's exit was a coin toss), at most
     * the last kind */
    const int x = rng_d(r, s->total[t]);
    int k = 0, upto = 0;
    for (int i = 0; i < SPECIAL__COUNT - 1; i++) {
        upto += s->weight[t][i];
        k += upto < x;
    }
    return (special_kind_t)k;
}

/* Every floor or fluid cell inside the wall ring becomes fluid k; the start
 * (when a layout fixed it) and stairs keep their cells. */
static void fill_fluid(level_t *lv, const room_t *rm, cell_t k)
{
    for (int y = rm->y + 1; y < rm->y + rm->h - 1; y++)
        for (int x = rm->x + 1; x < rm->x + rm->w - 1; x++) {
            cell_t c = grid_get(&lv->map, x, y);
            if ((c == CELL_FLOOR || cell_is_fluid(c)) && !(x == lv->start.x && y == lv->start.y))
                grid_set(&lv->map, x, y, k);
        }
}

void special_feature(level_t *lv, const special_tables_t *s, special_kind_t kind,
                    const room_t *rm, rng_t *r)
{
    rolls_t *ro = &lv->obs.roll;
    if (kind == SPECIAL_FLUID) {
        int roll = rng_d(r, s->fluid.die) + lv->dlevel / s->fluid.dlevel_div;
        cell_t k = (cell_t)poptable_range_value(&s->fluid, roll);
        ro->fluid_room = (int16_t)roll;
        ro->fluid_room_kind = (int8_t)k;
        fill_fluid(lv, rm, k);
    } else if (kind == SPECIAL_AMMO) {
        int stacks = rng_dice(r, s->stacks_x, s->stacks_n, s->stacks_k);
        int roll = rng_d(r, s->ammo.die) + lv->dlevel / s->ammo.dlevel_div;
        ro->ammo_stacks = (int8_t)stacks;
        ro->ammo = (int16_t)roll;
        ro->ammo_kind = (int8_t)poptable_range_value(&s->ammo, roll);
    }
}

/* The rooms that fit l, bit j for room j (LEVEL_MAX_ROOMS <= 128). */
void special_fitting(const level_t *lv, const special_limits_t *l, uint64_t m[2])
{
    m[0] = m[1] = 0;
    for (int j = 0; j < lv->nrooms; j++)
        m[j >> 6] |= (uint64_t)fits(l, &lv->rooms[j]) << (j & 63);
}

_Static_assert(LEVEL_MAX_ROOMS % 8 == 0 && LEVEL_MAX_ROOMS <= 128, "rooms in bytes, two words");

/* The kinds each room fits: kinds[j] for room j, from the size table.
 * The array's bytes are read eight at a time (kind_rooms), so the bytes
 * up to the next multiple of 8 past the last room are zero. */
#define KINDS_BYTES (LEVEL_MAX_ROOMS + 8) /* a room list's bytes and a word of zero tail */

static void room_kinds(const level_t *lv, const special_tables_t *s, uint8_t kinds[KINDS_BYTES])
{
    const int n = lv->nrooms;
    memset(&kinds[n & ~7], 0, 8); /* the last word's tail */
    for (int j = 0; j < n; j++) {
        const room_t *rm = &lv->rooms[j];
        kinds[j] = rm->w <= GRID_W && rm->h <= GRID_H
                       ? s->fits_by_size[rm->w][rm->h]
                       : 0; /* larger than the map: no kind's limits reach it */
    }
}

/* Kind k's rooms as bits (special_fitting's m): bit k of each byte of a
 * word of eight rooms' kinds (byte i: room 8w + i, as a little-endian
 * load of kinds[8w..8w+7] reads them), gathered into 8 bits by one
 * multiply.  m has bit 8i set for each room i of the word that fits; the
 * constant has bits 56 - 7i, so the product puts bit 8i at 56 + i, and
 * every other pair of bits lands below bit 56 or on a bit no other pair
 * reaches (no carry into the top byte). */
static void kind_rooms(const level_t *lv, const uint8_t kinds[KINDS_BYTES], int k,
                       uint64_t m[2])
{
    m[0] = m[1] = 0;
    for (int w = 0; w < (lv->nrooms + 7) / 8; w++) {
        uint64_t word;
        memcpy(&word, &kinds[8 * w], 8);
#if !(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
        word = __builtin_bswap64(word);
#endif
        const uint64_t b = word >> k & UINT64_C(0x0101010101010101);
        m[w >> 3] |= ((b * UINT64_C(0x0102040810204080)) >> 56) << 8 * (w & 7);
    }
}

void special_rooms(level_t *lv, const special_tables_t *s, rng_t *rs)
{
    /* a local copy of the stream (written back at the end): the level's
     * byte stores could alias the caller's state */
    rng_t rl = *rs, *r = &rl;
    _Static_assert(LEVEL_MAX_ROOMS <= 128, "two words of room bits");
    /* used rooms, and the fitting rooms of each kind once it is first drawn */
    uint64_t used[2] = {0, 0}, fit_of[SPECIAL__COUNT][2];
    unsigned known = 0;
    int n = rng_dice(r, s->count_x, s->count_n, s->count_k);
    lv->obs.special_rolled = (uint8_t)n;
    lv->obs.special_made = 1; /* tally.c counts special_rolled only on levels that rolled */
    /* The kinds each room fits, a byte per room from the tables' size
     * table: one pass over the rooms, made when the first kind is drawn. */
    uint8_t kinds[KINDS_BYTES];
    for (int i = 0; i < n; i++) {
        special_kind_t kind = draw_kind(s, lv->type, r);
        if (!known)
            room_kinds(lv, s, kinds);
        if (!(known >> kind & 1)) {
            kind_rooms(lv, kinds, kind, fit_of[kind]);
            known |= 1u << kind;
        }
        const uint64_t free0 = fit_of[kind][0] & ~used[0], free1 = fit_of[kind][1] & ~used[1];
        const int fit0 = popcount64(free0), fit = fit0 + popcount64(free1);
        if (fit == 0 || lv->nspecial >= LEVEL_MAX_SPECIAL) {
            lv->obs.special_skipped[kind]++;
            continue;
        }
        /* the pick-th unused fitting room in list order */
        int pick = (int)rng_below(r, (uint32_t)fit);
        int j = pick < fit0 ? grid_select64(free0, pick) : 64 + grid_select64(free1, pick - fit0);
        used[j >> 6] |= UINT64_C(1) << (j & 63);
        lv->special[lv->nspecial++] = (special_room_t){(uint8_t)kind, (uint8_t)j};
        lv->obs.special_placed[kind]++;
        special_feature(lv, s, kind, &lv->rooms[j], r);
    }
    *rs = rl;
}
