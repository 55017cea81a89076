/* populate.c - the population step (docs/rules.md §5), in this order:
 *
 * 1. special rooms (types with special_rooms; special.c), first because a
 *    fluid room changes the cells that later steps may use;
 * 2. start and one down stair where the layout fixed none: [decision] a
 *    uniformly chosen floor cell each;
 * 3. monsters: the danger budget (difficulty formula x type percent), spent
 *    on the standard weighted pick, the cave table or the single-monster
 *    table; each monster then hunts with the type's chance;
 * 4. items: the type's count rule.
 * [decision] Monsters and items stand on empty standable cells: floor,
 * water (harmless in DoomRL) or bridge, never acid or lava (hazards), doors,
 * stairs, the start or a cell already taken; monsters also stay out of the
 * layout's keep-out box (the arena's centre), items do not need to.  Each is
 * placed uniformly among the cells still free (the distribution of the game's
 * retry-until-empty placement).  All draws come from the population stream.
 */
#include "populate.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#include "cellpool.h"
#include "special.h"
#include "tables.h"

/* ---- budget and counts ---- */

static int ceil_sqrt(long long n)
{
    if (n <= 0)
        return 0;
    long long s = (long long)sqrt((double)n);
    while (s * s > n)
        s--;
    while ((s + 1) * (s + 1) <= n)
        s++;
    return (int)(s * s == n ? s : s + 1);
}

static int ceil_div(long long a, long long b)
{
    long long q = a / b;
    return (int)(q * b < a ? q + 1 : q);
}

int populate_budget_base(const pop_tables_t *t, int dlevel, int difficulty)
{
    assert(difficulty >= DIFF_ITYTD && difficulty <= DIFF_NIGHTMARE);
    const pop_budget_rule_t *b = &t->budget[difficulty];
    if (b->sqrt)
        return ceil_sqrt((long long)b->k * dlevel);
    return ceil_div((long long)b->mul * dlevel + b->add, b->div);
}

int populate_budget(const pop_tables_t *t, const type_rules_t *tr, int dlevel, int difficulty)
{
    long long n = (long long)populate_budget_base(t, dlevel, difficulty) * tr->danger_percent;
    long long b = n / 100 + (tr->danger_ceil && n % 100 > 0);
    return b > 0 ? (int)b : 0;
}

int populate_items_formula(int dlevel)
{
    int m = ITEMS_FORMULA_PIVOT - dlevel;
    if (m < 0)
        m = 0;
    return ITEMS_FORMULA_BASE - m / ITEMS_FORMULA_DIV; /* ceil(a - x) = a - floor(x) */
}

int populate_item_count(const type_rules_t *tr, int dlevel, rng_t *r)
{
    switch (tr->items) {
    case ITEMS_FORMULA:
        return populate_items_formula(dlevel);
    case ITEMS_FIXED:
        return tr->items_n;
    case ITEMS_DICE:
        return rng_dice(r, tr->items_x, tr->items_n, tr->items_k);
    case ITEMS_PERCENT:
        return populate_items_formula(dlevel) * tr->items_n / 100;
    case ITEMS_PERCENT_CEIL:
        return (populate_items_formula(dlevel) * tr->items_n + 99) / 100;
    }
    return 0;
}

/* populate_eligible with the window shift looked up by the caller. */
static inline bool eligible(const monster_kind_t *m, int dlevel, int shift)
{
    return (m->min - shift <= dlevel) & (dlevel <= m->max);
}

bool populate_eligible(const pop_tables_t *t, int kind, int dlevel, int difficulty)
{
    return eligible(&t->monsters->kind[kind], dlevel, t->window_shift[difficulty]);
}

/* ---- free cells ---- */

/* Free standable cells; the first nout lie outside the keep-out box.  The
 * list's order decides which cell each draw lands on: it is the row-major
 * list of the free cells after the removals below (cellpool.h keeps it
 * without writing it out). */
typedef struct pool {
    cellpool_t list;
    int nout;
} pool_t;


/* Move the cells inside the keep-out box to the tail of the list, exactly
 * as this scan does on the written-out list:
 *
 *     lo = 0, hi = n - 1;
 *     while (lo <= hi)
 *         if (a[lo] is inside) swap a[lo] and a[hi--]; else lo++;
 *
 * Only positions holding inside cells ever stop the scan, so it jumps from
 * one to the next (ascending); returns the final lo, the outside count. */
static int partition_keepout(cellpool_t *a, const rect_t *k)
{
    uint16_t pos[CELLPOOL_MAX];
    int np = 0;
    for (int y = k->y1; y <= k->y2; y++)
        for (int x = k->x1; x <= k->x2; x++) {
            int i = cellpool_find(a, CELLPOOL_CELL(x, y));
            if (i < 0)
                continue;
            int j = np++; /* insertion sort: the ranks come mostly in order */
            for (; j > 0 && pos[j - 1] > i; j--)
                pos[j] = pos[j - 1];
            pos[j] = (uint16_t)i;
        }
    int lo = 0, hi = a->n - 1, f = 0, b = np - 1;
    for (;;) {
        while (b >= f && pos[b] > hi)
            b--;
        if (b < f)
            return hi + 1; /* no inside cell left in lo..hi: lo runs past hi */
        lo = pos[f];
        int c = cellpool_get(a, lo), v = cellpool_get(a, hi);
        cellpool_set(a, lo, v);
        cellpool_set(a, hi, c);
        if (pos[b] == hi) /* v is inside: lo is examined again */
            b--;
        else
            f++;
        hi--;
        if (lo > hi)
            return lo;
    }
}

/* The free cells, then the start and stairs are dropped; the keep-out box,
 * when there is one, is split off to the tail. */
static void pool_build(pool_t *p, const level_t *lv, const census_t *cs)
{
    cellpool_init(&p->list, cs->standable);
    if (lv->start.x)
        cellpool_drop(&p->list, CELLPOOL_CELL(lv->start.x, lv->start.y));
    for (int i = 0; i < lv->nstairs; i++)
        cellpool_drop(&p->list, CELLPOOL_CELL(lv->stairs[i].x, lv->stairs[i].y));
    p->nout = p->list.n;
    if (lv->keepout.x1)
        p->nout = partition_keepout(&p->list, &lv->keepout);
}

/* Take a uniformly chosen free cell: among the first nout (outside) or all. */
static bool pool_take(pool_t *p, bool outside, rng_t *r, point_t *out)
{
    cellpool_t *a = &p->list;
    int range = outside ? p->nout : a->n;
    if (range == 0)
        return false;
    int i = (int)rng_below(r, (uint32_t)range);
    int c = cellpool_get(a, i);
    if (p->nout == a->n) {
        /* one segment: the last cell fills the hole (what the two moves below
         * come to, as nothing reads past the end) */
        cellpool_remove(a, i);
        p->nout--;
    } else if (i < p->nout) {
        /* keep the segments: last outside fills the hole, last cell fills its slot */
        cellpool_set(a, i, cellpool_get(a, p->nout - 1));
        cellpool_set(a, p->nout - 1, cellpool_tail(a));
        p->nout--;
        a->n--;
    } else {
        cellpool_remove(a, i);
    }
    out->x = (uint8_t)CELLPOOL_X(c);
    out->y = (uint8_t)CELLPOOL_Y(c);
    return true;
}

static void fail(level_t *lv, gen_failure_t f)
{
    if (lv->obs.failure == FAIL_NONE)
        lv->obs.failure = (uint8_t)f;
}

/* ---- monsters ---- */

typedef struct spender {
    level_t *lv;
    const pop_tables_t *t;
    const type_rules_t *tr;
    pool_t *pool;
    rng_t *r;
    bool stopped; /* no room or capacity left */
} spender_t;

static bool place_monster(spender_t *s, int kind, rng_t *r)
{
    level_t *lv = s->lv;
    point_t c;
    if (lv->nmonsters >= LEVEL_MAX_MONSTERS) {
        fail(lv, FAIL_TOO_MANY);
        return false;
    }
    if (!pool_take(s->pool, true, r, &c)) {
        fail(lv, FAIL_NO_FLOOR);
        return false;
    }
    bool hunt = s->tr->hunting.num > 0 && rng_chance(r, s->tr->hunting.num, s->tr->hunting.den);
    lv->monster[lv->nmonsters++] = (monster_t){(uint8_t)kind, c.x, c.y, (uint8_t)hunt};
    obs_t *o = &lv->obs;
    o->monsters++;
    o->monsters_by_kind[kind]++;
    o->hunting += hunt;
    o->danger_placed += s->t->monsters->kind[kind].danger;
    return true;
}

/* A mix of kinds with its cumulative weights: upto[i] = weights of
 * kind[0..i], padded with the total to MIX_MAX entries (a power of two
 * for the pick's search).  A mix kept for many levels (the standard mix)
 * may also hold its picks as a table: by_roll[x] is the kind a roll x of
 * 1..total picks, when the weights total at most MIX_TABLE_MAX (the data's
 * standard mixes total under 200); the pick is then one load. */
#define MIX_MAX 64
#define MIX_TABLE_MAX 256 /* the largest total a mix's pick table covers */
#define MIX_SLOTS 32      /* standard mixes kept per thread, one per dlevel modulo this */
_Static_assert(MIX_MAX >= MONSTER_KINDS_MAX, "a mix holds every kind");
typedef struct weighted_mix {
    int n, total;
    bool tabled; /* by_roll holds the picks */
    uint8_t kind[MONSTER_KINDS_MAX];
    int upto[MIX_MAX];
    uint8_t by_roll[MIX_TABLE_MAX + 1];
} weighted_mix_t;

/* Fill in w's weights for its n kinds of table k. */
static void weigh(weighted_mix_t *w, const monster_kind_t *k)
{
    _Static_assert(MIX_MAX == 64, "the pick's search takes six steps");
    assert(w->n <= MONSTER_KINDS_MAX);
    int total = 0;
    for (int i = 0; i < w->n; i++)
        w->upto[i] = total += k[w->kind[i]].weight;
    for (int i = w->n; i < MIX_MAX; i++)
        w->upto[i] = total;
    w->total = total;
    w->tabled = false;
}

/* w's picks as a table, when its total allows: roll x picks the first kind
 * i with x <= upto[i], as the search in spend_weighted finds it. */
static void tabulate(weighted_mix_t *w)
{
    if (w->n < 2 || w->total > MIX_TABLE_MAX)
        return; /* one kind is picked without a roll */
    int x = 1;
    for (int i = 0; i < w->n; i++)
        for (; x <= w->upto[i]; x++)
            w->by_roll[x] = w->kind[i];
    w->tabled = true;
}

/* While budget remains, pick a kind of the mix by monster weight and pay
 * for it (the last may overshoot, or stop, per last_monster). */
static void spend_weighted(spender_t *s, const weighted_mix_t *w, int budget)
{
    const monster_kind_t *k = s->t->monsters->kind;
    if (w->total <= 0)
        return;
    /* The draws come from a local copy of the stream (written back below):
     * the monster list's byte stores could alias the caller's state, which
     * would keep it in memory. */
    rng_t rl = *s->r;
    /* what the loop reads of w and the rules, in locals: the monster list's
     * byte stores could alias them too */
    const int total = w->total, first = w->kind[0];
    const bool roll = w->n > 1, tabled = w->tabled,
               stop = s->t->last_monster == POP_LAST_STOP;
    while (budget > 0 && !s->stopped) {
        int kind = first;
        if (tabled) {
            kind = w->by_roll[rng_d(&rl, total)]; /* tabulate's table */
        } else if (roll) {
            /* the first i with x <= upto[i] (upto never decreases, and
             * upto[63] = total >= x): a binary search of six conditional
             * moves, as a walk that stops at random would mispredict */
            const int x = rng_d(&rl, total);
            const int *upto = w->upto;
            int i = 0;
            i += upto[i + 31] < x ? 32 : 0;
            i += upto[i + 15] < x ? 16 : 0;
            i += upto[i + 7] < x ? 8 : 0;
            i += upto[i + 3] < x ? 4 : 0;
            i += upto[i + 1] < x ? 2 : 0;
            i += upto[i] < x ? 1 : 0;
            kind = w->kind[i];
        }
        if (stop && k[kind].danger > budget)
            break;
        if (!place_monster(s, kind, &rl)) {
            s->stopped = true;
            break;
        }
        budget -= k[kind].danger;
    }
    *s->r = rl;
}

/* spend_weighted on the kinds mix[0..nmix-1]. */
static void spend(spender_t *s, const uint8_t *mix, int nmix, int budget)
{
    weighted_mix_t w;
    w.n = nmix;
    memcpy(w.kind, mix, (size_t)nmix);
    weigh(&w, s->t->monsters->kind);
    spend_weighted(s, &w, budget);
}

/* An outcome's parts share the budget: floor(budget * percent / 100) each,
 * the last part the remainder, so the shares add up to the budget. */
static void spend_outcome(spender_t *s, const pop_outcome_t *oc, int budget)
{
    int left = budget;
    for (int i = 0; i < oc->nparts; i++) {
        const pop_part_t *pt = &oc->part[i];
        int share = i == oc->nparts - 1 ? left : budget * pt->percent / 100;
        left -= share;
        spend(s, pt->mix, pt->nmix, share);
    }
}

static void standard_monsters(spender_t *s, int budget)
{
    /* The eligible kinds and their weights depend only on the monster table
     * (immutable once parsed, told apart by its stamp), the dlevel and the
     * difficulty's window shift: each thread keeps the last mix it made for
     * each dlevel modulo MIX_SLOTS (a run at one dlevel uses one, a run over
     * dlevels 1-30 one each).  A table without a stamp is not cached. */
    typedef struct {
        uint64_t stamp;
        int dlevel, shift;
        weighted_mix_t w;
    } mix_slot_t;
    static _Thread_local mix_slot_t mixes[MIX_SLOTS];
    const monster_table_t *m = s->t->monsters;
    const int dlevel = s->lv->dlevel, shift = s->t->window_shift[s->lv->difficulty];
    mix_slot_t *last = &mixes[(unsigned)dlevel % MIX_SLOTS];
    if (m->stamp == 0 || last->stamp != m->stamp || last->dlevel != dlevel ||
        last->shift != shift) {
        int n = 0;
        for (int k = 0; k < m->n; k++) {
            last->w.kind[n] = (uint8_t)k; /* kept when eligible (no branch to mispredict) */
            n += eligible(&m->kind[k], dlevel, shift);
        }
        last->w.n = n;
        weigh(&last->w, m->kind);
        tabulate(&last->w);
        last->stamp = m->stamp;
        last->dlevel = dlevel;
        last->shift = shift;
    }
    if (last->w.n > 0)
        spend_weighted(s, &last->w, budget);
}

/* Cave and single-monster levels: one roll, one outcome of the table. */
static void table_monsters(spender_t *s, const pop_table_t *tab, int budget, int16_t *roll_out,
                           int8_t *outcome_out)
{
    level_t *lv = s->lv;
    int roll = rng_d(s->r, tab->roll.die) + poptable_roll_shift(&tab->roll, lv->dlevel,
                                                                 lv->difficulty);
    int oc = poptable_draw(tab, roll, lv->dlevel, lv->difficulty, s->r);
    *roll_out = (int16_t)roll;
    *outcome_out = (int8_t)oc;
    spend_outcome(s, &tab->outcome[oc], budget);
}

/* ---- start, stairs, items ---- */

/* Where the layout fixed neither, a uniformly chosen floor cell for the start
 * and another for the down stair.  The picks are those of a row-major list
 * of the floor cells with swap-remove (the start, when fixed, is dropped
 * from it first); at most one removal precedes the last pick, so the list is
 * never written out: a position reads the one moved entry or else the
 * cellrank select. */
static bool start_and_stairs(level_t *lv, rng_t *r, census_t *cs)
{
    bool need_start = lv->start.x == 0, need_stairs = lv->nstairs == 0;
    if (!need_start && !need_stairs)
        return true;
    cellrank_t cells;
    cellrank_init(&cells, cs->floor);
    int n = cells.cum[CELLPOOL_ROWS], hole = -1, moved = 0;
#define FLOOR_AT(i) ((i) == hole ? moved : cellrank_select(&cells, (i)))
#define FLOOR_REMOVE(i)                                                \
    do {                                                               \
        assert(hole < 0);                                              \
        if ((i) != n - 1) {                                            \
            moved = FLOOR_AT(n - 1);                                   \
            hole = (i);                                                \
        }                                                              \
        n--;                                                           \
    } while (0)
    if (!need_start) {
        const int f = cellrank_rank(&cells, CELLPOOL_CELL(lv->start.x, lv->start.y));
        if (f >= 0)
            FLOOR_REMOVE(f);
    }
    for (int k = 0; k < 2; k++) {
        if (k == 0 ? !need_start : !need_stairs)
            continue;
        if (n == 0)
            return !need_start || k == 1;
        int i = (int)rng_below(r, (uint32_t)n);
        int c = FLOOR_AT(i);
        point_t pt = {(uint8_t)CELLPOOL_X(c), (uint8_t)CELLPOOL_Y(c)};
        if (k == 0) {
            lv->start = pt;
            if (need_stairs)
                FLOOR_REMOVE(i);
        } else {
            grid_set(&lv->map, pt.x, pt.y, CELL_STAIRS);
            lv->stairs[lv->nstairs++] = pt;
            /* the census's other rows and counts hold for stairs as for floor */
            cs->floor[pt.y] &= ~BITROW_BIT(pt.x);
            cs->standable[pt.y] &= ~BITROW_BIT(pt.x);
        }
    }
#undef FLOOR_AT
#undef FLOOR_REMOVE
    return true;
}

static void place_items(level_t *lv, pool_t *pool, int count, rng_t *r)
{
    if (count > LEVEL_MAX_ITEMS) {
        fail(lv, FAIL_TOO_MANY);
        count = LEVEL_MAX_ITEMS;
    }
    rng_t rl = *r; /* a local copy, as in spend */
    for (int i = 0; i < count; i++) {
        point_t c;
        if (!pool_take(pool, false, &rl, &c)) {
            fail(lv, FAIL_NO_FLOOR);
            break;
        }
        lv->item[lv->nitems++] = c;
    }
    *r = rl;
    lv->obs.items = (uint16_t)lv->nitems;
}

/* Clear what this step owns, so populate can run on any prepared level. */
static void reset_owned(level_t *lv)
{
    lv->nmonsters = 0;
    lv->nitems = 0;
    lv->nspecial = 0;
    obs_t *o = &lv->obs;
    o->special_rolled = 0;
    memset(o->special_placed, 0, sizeof o->special_placed);
    memset(o->special_skipped, 0, sizeof o->special_skipped);
    o->budget = o->danger_placed = 0;
    o->monsters = o->hunting = o->items = 0;
    o->first_monster = -1;
    memset(o->monsters_by_kind, 0, sizeof o->monsters_by_kind);
    rolls_t *ro = &o->roll;
    ro->cave = ro->single = ro->fluid_room = ro->ammo = -1;
    ro->cave_outcome = ro->single_outcome = -1;
    ro->fluid_room_kind = ro->ammo_kind = ro->ammo_stacks = -1;
}

void populate(level_t *lv, const gen_params_t *p, rng_t *r)
{
    populate_with(lv, p, p->tables->pop, r);
}

void populate_with(level_t *lv, const gen_params_t *p, const pop_tables_t *t, rng_t *r)
{
    census_t cs;
    populate_census(lv, p, t, r, &cs);
}

void populate_census(level_t *lv, const gen_params_t *p, const pop_tables_t *t, rng_t *r,
                     census_t *cs)
{
    const type_rules_t *tr = &p->tables->rules->type[lv->type];
    reset_owned(lv);
    if (tr->special_rooms)
        special_rooms(lv, &t->special, r);
    census_take(&lv->map, cs);
    if (!start_and_stairs(lv, r, cs)) {
        fail(lv, FAIL_NO_FLOOR);
        return;
    }
    pool_t pool;
    pool_build(&pool, lv, cs);
    int budget = populate_budget(t, tr, lv->dlevel, lv->difficulty);
    lv->obs.budget = budget;
    spender_t s = {.lv = lv, .t = t, .tr = tr, .pool = &pool, .r = r, .stopped = false};
    rolls_t *ro = &lv->obs.roll;
    if (lv->type == LT_CAVES)
        table_monsters(&s, &t->caves, budget, &ro->cave, &ro->cave_outcome);
    else if (lv->type == LT_SINGLE)
        table_monsters(&s, &t->single, budget, &ro->single, &ro->single_outcome);
    else
        standard_monsters(&s, budget);
    /* The first pick is one draw from the weights alone: the budget decides
     * only how many follow.  Under the overshoot rule (the data's) it is
     * always placed, the budget being > 0 on every level; under stop, a
     * first pick dearer than the budget is not. */
    if (lv->nmonsters)
        lv->obs.first_monster = (int8_t)lv->monster[0].kind;
    place_items(lv, &pool, populate_item_count(tr, lv->dlevel, r), r);
}
