/* ref_special.c - special rooms, plainly (docs/rules.md §5, docs/population.md).
 *
 * 7d2-7 features.  Each draws its kind by the type's weights, then a room
 * uniformly among the unused rooms of the list that fit the kind's size
 * limits (in list order); with none (or the level's special list full) it
 * is skipped without a draw.  A fluid room rolls d10 + floor(dlevel/5) for
 * its fluid and turns every floor or fluid cell inside its wall ring (the
 * start excepted) into it; an ammo room rolls its stacks (d3+2), then its
 * kind (d3 + dlevel) and places nothing; the other kinds only mark their
 * room.  All draws from the population stream.  The kind's walk over the
 * weights and the room's pick from a list of the fitting rooms are the
 * reference's own (the fast code counts and selects over bit masks); the
 * size test and the feature are plain in the fast code and are called
 * (special_fits, special_feature).
 */
#include "ref.h"

#include "special.h"

static special_kind_t draw_kind(const special_tables_t *s, level_type_t t, rng_t *r)
{
    int x = rng_d(r, s->total[t]), k = 0;
    while (k < SPECIAL__COUNT - 1 && x > s->weight[t][k])
        x -= s->weight[t][k++];
    return (special_kind_t)k;
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
            if (!used[j] && special_fits(&s->limits[kind], &lv->rooms[j]))
                fit[nfit++] = j;
        if (nfit == 0 || lv->nspecial == LEVEL_MAX_SPECIAL) {
            lv->obs.special_skipped[kind]++;
            continue;
        }
        int j = fit[rng_below(r, (uint32_t)nfit)];
        used[j] = true;
        lv->special[lv->nspecial++] = (special_room_t){(uint8_t)kind, (uint8_t)j};
        lv->obs.special_placed[kind]++;
        special_feature(lv, s, kind, &lv->rooms[j], r);
    }
}
