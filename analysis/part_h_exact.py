#!/usr/bin/env python3
"""part_h_exact.py - exact distributions of game-0.10.10b's rivers and fluids
(docs/rules.md Part H), computed from the rules as docs/rules.md states them,
for the distribution checks of data/game-0.10.10b/expectations.json.

Every number is a fraction worked out by enumerating the dice of the rules
(no sampling, nothing read from drlsim): the bridges of a vertical river whose
banks are open on every row (H23), the net drift of a vertical (H23) and a
horizontal river (H22), the fluid of a river by its lvl bands (H24), the
caves' river fluid with blood caves (H16, H17) and the lava level's fluid
(H20).  Standard library only.

    python3 analysis/part_h_exact.py            # every check's expected object, JSON
    python3 analysis/part_h_exact.py NAME ...   # only those checks
    python3 analysis/part_h_exact.py --list     # the checks' names

The output of a check is the `expected` object of the check of that name in
data/game-0.10.10b/expectations.json (probabilities as [num, den] when the
denominator is small, else as decimals); tests/part_h_exact_test.py holds the
file to it.
"""
import json
import sys
from fractions import Fraction as F

# ---- dice (docs/rules.md G3, H1) -------------------------------------------


def die(n, plus=0):
    """dN + plus: each of 1..n with 1/n."""
    return {k + plus: F(1, n) for k in range(1, n + 1)}


def pick(items):
    """one uniform pick of a list (repeats weigh more)."""
    out = {}
    for it in items:
        out[it] = out.get(it, 0) + F(1, len(items))
    return out


def add(dist, key, p):
    dist[key] = dist.get(key, 0) + p


def mix(parts):
    """sum of (weight, distribution)."""
    out = {}
    for w, d in parts:
        for k, p in d.items():
            add(out, k, w * p)
    return out


def clamp(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


# ---- H23: a vertical river's bridges ---------------------------------------

V_SINGLES_CHANCE = F(1, 3)   # H23: with no pair or a d3 of 1, singles
V_SINGLES = 2                # min(candidates, 2) single rows
V_EDGE_BELOW = 4             # a pair whose first row is below 4 or
V_EDGE_ABOVE = 16            # whose second row is above 16 does not count


def vertical_bridges(cands):
    """H23 on the candidate rows `cands` (sorted): the distribution of
    (first bridged row as drawn, frozenset of bridged rows).  The pairs are the
    neighbouring candidates one row apart, a list of their own: removing a
    pair from it leaves the pairs that overlap it in the list."""
    cands = tuple(sorted(cands))
    out = {}
    if not cands:
        return {(0, frozenset()): F(1)}
    pairs = tuple((a, a + 1) for a in cands if a + 1 in cands)

    def singles(weight):
        # min(n, 2) removals, each uniform over the candidates left
        def rec(left, taken, k, first, w):
            if k == 0 or not left:
                add(out, (first, frozenset(taken)), w)
                return
            for c in left:
                rec(tuple(x for x in left if x != c), taken + (c,), k - 1,
                    first if taken else c, w / len(left))
        rec(cands, (), min(len(cands), V_SINGLES), 0, weight)

    if not pairs:
        singles(F(1))
        return out
    singles(V_SINGLES_CHANCE)

    # otherwise one pair, and one more for each pair picked in an edge zone
    def rec(left, rows, count, first, w):
        if count == 0 or not left:
            add(out, (first, frozenset(rows)), w)
            return
        for pr in left:
            edge = pr[0] < V_EDGE_BELOW or pr[1] > V_EDGE_ABOVE
            rec(tuple(q for q in left if q != pr), rows | set(pr),
                count - 1 + (1 if edge else 0), first if rows else pr[0], w / len(left))
    rec(pairs, set(), 1, 0, 1 - V_SINGLES_CHANCE)
    return out


# A river's rows are 1..20; rows 1 and 20 are the map's ring, wall, so never
# a candidate (their bank cells are ring wall).  On a map that is all floor
# inside the ring every other row is one: the city's first river (H15: the
# river before the buildings, on open floor; the first of two or three is
# drawn before the others).
OPEN_ROWS = tuple(range(2, 20))


def bridge_rows_open():
    d = {}
    for (first, rows), p in vertical_bridges(OPEN_ROWS).items():
        add(d, len(rows), p)
    return d


def bridge_first_open():
    d = {}
    for (first, rows), p in vertical_bridges(OPEN_ROWS).items():
        add(d, first, p)
    return d


# ---- H22, H23: the drift -----------------------------------------------------

def walk(start, steps, p_move, lo, hi):
    """the position after `steps` draws, each moving with p_move by d3 - 2
    (-1, 0, +1 each a third), kept in lo..hi; returns {end - start: p}."""
    pos = {start: F(1)}
    for _ in range(steps):
        nxt = {}
        for x, p in pos.items():
            add(nxt, x, p * (1 - p_move))
            for step in (-1, 0, 1):
                add(nxt, clamp(x + step, lo, hi), p * p_move / 3)
        pos = nxt
    return {x - start: p for x, p in pos.items()}


GRID_W, GRID_H = 78, 20


def vdrift_one():
    """H21, H23: a lone vertical river, width 3..5 (one draw), at p = 18 + d40,
    x = clamp(p, 3, 75 - w); rows 1..20, after each a d3 of 1 moves x by
    d3 - 2, kept in 3..75 - w: x at row 20 minus x at row 1 is 19 draws."""
    parts = []
    for w, pw in die(3, 2).items():
        for p, pp in die(40, 18).items():
            x = clamp(p, 3, 75 - w)
            parts.append((pw * pp, walk(x, GRID_H - 1, F(1, 3), 3, 75 - w)))
    return mix(parts)


def hdrift():
    """H21, H22: a horizontal river of width 2..4, y = 10 + d(2w) - w; for
    x = 1..78, after each column a d6 of 1 moves y by d3 - 2, kept in
    3..18 - w: y at column 78 minus y at column 1 is 77 draws."""
    parts = []
    for w, pw in die(3, 1).items():
        for y, py in die(2 * w, 10 - w).items():
            parts.append((pw * py, walk(y, GRID_W - 1, F(1, 6), 3, 18 - w)))
    return mix(parts)


# ---- H24, H16, H17, H20: fluids ------------------------------------------------

def river_fluid_band(lvl):
    """H24: the fluid of a river at lvl."""
    if lvl < 17:
        return pick(["water", "water", "water", "mud"])
    if lvl < 27:
        return {"acid": F(1)}
    if lvl <= 50:
        return {"lava": F(1)}
    return pick(["lava", "lava", "acid", "blood"])


def river_fluid(dlevel, diff):
    """H24: lvl = dlevel + d(2D + 6)."""
    return mix([(p, river_fluid_band(lvl)) for lvl, p in die(2 * diff + 6, dlevel).items()])


def cave_fluid(dlevel, diff):
    """H16 up to dlevel 29: by dlevel (G19; below 7 one pick of water x3, mud),
    then above 20 on HMP and harder a lava cave one pick of lava, lava, blood."""
    assert dlevel < 30
    if dlevel < 7:
        base = pick(["water", "water", "water", "mud"])
    elif dlevel < 12:
        base = {"acid": F(1)}
    else:
        base = {"lava": F(1)}
    if dlevel > 20 and diff >= 3 and "lava" in base:
        rest = {k: p for k, p in base.items() if k != "lava"}
        return mix([(1, rest), (base["lava"], pick(["lava", "lava", "blood"]))])
    return base


def cave_river_fluid(dlevel, diff):
    """H17: blood in a blood cave, else lava; then lvl = dlevel + d(2D + 6):
    below 17 one pick of water x3, mud, below 27 acid, otherwise it stays."""
    parts = []
    for cave, pc in cave_fluid(dlevel, diff).items():
        first = "blood" if cave == "blood" else "lava"
        for lvl, pl in die(2 * diff + 6, dlevel).items():
            if lvl < 17:
                d = pick(["water", "water", "water", "mud"])
            elif lvl < 27:
                d = {"acid": F(1)}
            else:
                d = {first: F(1)}
            parts.append((pc * pl, d))
    return mix(parts)


def lava_fluid(dlevel):
    """H20: lava to dlevel 30; 31-40 one of lava, lava, acid; beyond one of
    lava, lava, acid, blood."""
    if dlevel <= 30:
        return {"lava": F(1)}
    if dlevel <= 40:
        return pick(["lava", "lava", "acid"])
    return pick(["lava", "lava", "acid", "blood"])


def over(dlevels, fn):
    """a sample's dlevel range, sampled evenly."""
    return mix([(F(1, len(dlevels)), fn(dl)) for dl in dlevels])


# ---- the checks ----------------------------------------------------------------

CHECKS = {
    "lay10-vbridge-rows-city": bridge_rows_open,
    "lay10-vbridge-first-city": bridge_first_open,
    "lay10-river-drift-one-normal": vdrift_one,
    "lay10-river-drift-horizontal-normal": hdrift,
    "lay10-river-fluid-dl12-d5": lambda: river_fluid(12, 5),
    "lay10-river-fluid-dl45": lambda: river_fluid(45, 3),
    "lay10-cave-river-fluid-hmp": lambda: over(range(21, 24), lambda dl: cave_river_fluid(dl, 3)),
    "lay10-lava-fluid-dl35": lambda: lava_fluid(35),
    "lay10-lava-fluid-dl45": lambda: lava_fluid(45),
}

SMALL_DEN = 10 ** 6


def expected(dist):
    """the `expected` object of a distribution check: bins in order, zero
    bins left out, exact fractions where the denominator is small."""
    assert sum(dist.values()) == 1, sum(dist.values())
    out = {}
    for k in sorted(dist, key=lambda k: (isinstance(k, str), k)):
        p = dist[k]
        if p == 0:
            continue
        out[str(k)] = [p.numerator, p.denominator] if p.denominator <= SMALL_DEN else float(p)
    return out


def main(argv):
    if argv[1:2] == ["--list"]:
        print("\n".join(CHECKS))
        return 0
    names = argv[1:] or list(CHECKS)
    bad = [n for n in names if n not in CHECKS]
    if bad:
        print(f"part_h_exact.py: unknown check {bad[0]!r} (--list names them)", file=sys.stderr)
        return 2
    print(json.dumps({n: expected(CHECKS[n]()) for n in names}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
