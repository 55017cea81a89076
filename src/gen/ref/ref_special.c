/* ref_special.c - special rooms, plainly (docs/rules.md §5, docs/population.md).
 *
 * 7d2-7 features.  Each draws its kind by the type's weights, then a room
 * uniformly among the unused rooms of the list that fit the kind's size
 * limits (in list order); with none (or the level's special list full) it
 * is skipped without a draw.  A fluid room rolls d10 + floor(dlevel/5) for
 * its fluid and turns every floor or fluid cell inside its wall ring (the
 * start excepted) into it; an ammo room rolls its stacks (d3+2), then its
 * kind (d3 + dlevel) and places nothing; the other kinds only mark their
 * room.  All draws from the population stream.
 */
#include "ref.h"

static bool fits(const special_limits_t *l, const room_t *r)
{
    return r->w >= l->wmin && r->w <= l->wmax && r->h >= l->hmin && r->h <= l->hmax &&
           (l->area_max == 0 || r->w * r->h <= l->area_max);
}

static special_kind_t draw_kind(const special_tables_t *s, level_type_t t, rng_t *r)
{
    int x = rng_d(r, s->total[t]), k = 0;
    while (k < SPECIAL__COUNT - 1 && x > s->weight[t][k])
        x -= s->weight[t][k++];
    return (special_kind_t)k;
}

static void fill_fluid(level_t *lv, const room_t *rm, cell_t k)
{
    for (int y = rm->y + 1; y <= rm->y + rm->h - 2; y++)
        for (int x = rm->x + 1; x <= rm->x + rm->w - 2; x++) {
            cell_t c = grid_get(&lv->map, x, y);
            bool start = x == lv->start.x && y == lv->start.y;
            if ((c == CELL_FLOOR || cell_is_fluid(c)) && !start)
                grid_set(&lv->map, x, y, k);
        }
}

static void feature(level_t *lv, const special_tables_t *s, special_kind_t kind,
                    const room_t *rm, rng_t *r)
{
    rolls_t *ro = &lv->obs.roll;
    if (kind == SPECIAL_FLUID) {
        int roll = rng_d(r, s->fluid.die) + lv->dlevel / s->fluid.dlevel_div;
        cell_t fluid = (cell_t)poptable_range_value(&s->fluid, roll);
        ro->fluid_room = (int16_t)roll;
        ro->fluid_room_kind = (int8_t)fluid;
        fill_fluid(lv, rm, fluid);
    } else if (kind == SPECIAL_AMMO) {
        int stacks = rng_dice(r, s->stacks_x, s->stacks_n, s->stacks_k);
        int roll = rng_d(r, s->ammo.die) + lv->dlevel / s->ammo.dlevel_div;
        ro->ammo_stacks = (int8_t)stacks;
        ro->ammo = (int16_t)roll;
        ro->ammo_kind = (int8_t)poptable_range_value(&s->ammo, roll);
    }
}

void ref_special_rooms(level_t *lv, const special_tables_t *s, rng_t *r)
{
    bool used[LEVEL_MAX_ROOMS] = {false};
    int n = rng_dice(r, s->count_x, s->count_n, s->count_k);
    lv->obs.special_rolled = (uint8_t)n;
    lv->obs.special_made = 1;
    for (int i = 0; i < n; i++) {
        special_kind_t kind = draw_kind(s, lv->type, r);
        int fit[LEVEL_MAX_ROOMS], nfit = 0;
        for (int j = 0; j < lv->nrooms; j++)
            if (!used[j] && fits(&s->limits[kind], &lv->rooms[j]))
                fit[nfit++] = j;
        if (nfit == 0 || lv->nspecial == LEVEL_MAX_SPECIAL) {
            lv->obs.special_skipped[kind]++;
            continue;
        }
        int j = fit[rng_below(r, (uint32_t)nfit)];
        used[j] = true;
        lv->special[lv->nspecial++] = (special_room_t){(uint8_t)kind, (uint8_t)j};
        lv->obs.special_placed[kind]++;
        feature(lv, s, kind, &lv->rooms[j], r);
    }
}
