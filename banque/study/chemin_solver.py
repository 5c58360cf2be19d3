"""Chemin de fer solved: the punter's choice at 5 against the free banker, exactly.

Chemin de fer is a two-person game: the punter (player I) is bound to draw at
0-4 and to stand at 6-7 and chooses at 5; the banker (player II) chooses
freely at every total, knowing its own cards and what the punter did (stood,
or the third card it drew face up).  How much each sees of its own two cards,
and how the cards are dealt, make the literature's models (Ethier & Gámez
2013, arXiv 1305.5468; Ethier & Lee 2023, arXiv 2308.00118):

* **Kemeny & Snell** (1957, Model A1): dealt *with replacement*; each sees
  only its total.  A 2 x 2^88 game: the punter draws at 5 with chance 9/11,
  the banker's edge is 679568/53094899.
* **Downton & Lockwood** (1975, Model B2): dealt *without replacement* from
  ``d`` packs; the banker sees its two cards, the punter only its total.  A
  2 x 2^484 game, solved by Foster's algorithm.
* **Ethier & Gámez** (2013, Model B3): without replacement, each sees its own
  two cards (the punter's five ways to hold 5: 0+5, 1+4, 2+3, 6+9, 7+8).  A
  2^5 x 2^484 game.
* **Ethier & Lee** (2023): the same models with the banker paying a commission
  ``alpha`` (5 % in the casinos) on its wins; no longer zero-sum, solved for
  a Nash equilibrium.

How, in short.  Only card values matter.  Every banker *information set* (its
pair or its total, and the punter's third card or "stood") adds to both
players' expected gains a term that is linear in the punter's chances of
drawing at 5 and in the banker's chance of drawing there ("additive" games).
The terms are exact integer sums over the deals (a common denominator of six
falling factorials, or ``N**6`` with replacement).  With one chance ``p`` for
the punter, the banker's best response changes only where one of its
information sets is indifferent: sorting those points and sweeping them once
(Foster's algorithm; for the commission, Ethier & Lee's generalisation to
bimatrix games) finds every point where the punter's own gain no longer
prefers one side, and the banker's mixing there.  With the punter's five
pairs (Model B3) the same sweep runs along one pair's chance, the other four
drawing or standing as the Model B2 solution's best response says (then every
other pattern, until one holds); the result is *certified*: the banker's
strategy is a best response to the punter's and the punter's to the banker's,
checked in exact arithmetic (:func:`exploitability`).

>>> ks = solve(Model.kemeny_snell())
>>> ks.punter_draw[0], -ks.banker_value
(Fraction(9, 11), Fraction(-679568, 53094899))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

from ..core.cards import PACK_SIZE, RANK_VALUE, full_shoe
from ..core.messages import N_
from ..core.naturals import is_natural, side_result
from ..games.chemin_de_fer.drawing import punter_bound
from ..i18n import _, ngettext, number, pgettext

__all__ = [
    "FIVES",
    "Equilibrium",
    "InfoSet",
    "Model",
    "choice_json",
    "exploitability",
    "format_choice",
    "format_strategy",
    "models_for",
    "shoe_counts",
    "solve",
    "strategy_json",
]

#: The punter's five ways to hold 5 (its two cards' values, 0 for a ten or a face).
FIVES: tuple[tuple[int, int], ...] = ((0, 5), (1, 4), (2, 3), (6, 9), (7, 8))
#: The banker's non-natural pairs (totals 0-7), each as (low, high) values.
BANKER_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(10) for b in range(a, 10) if not is_natural((a + b) % 10)
)

Hand = tuple[int, int] | int
#: An information set's key: the banker's pair (or total) and the punter's third card
#: (``None``: the punter stood).
Key = tuple[Hand, int | None]


def shoe_counts(packs: int) -> tuple[int, ...]:
    """The counts of each value 0..9 in a fresh shoe of ``packs`` packs.

    >>> shoe_counts(1)
    (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
    """
    counts = [0] * 10
    for card in full_shoe(packs):
        counts[RANK_VALUE[card[0]]] += 1
    return tuple(counts)


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _outcome(punter: int, banker: int) -> tuple[int, int]:
    """(the punter's net win: +1, 0, -1; whether the banker wins: 1 or 0)."""
    r = side_result(punter, banker)
    return (1, 0) if r == "player" else (-1, 1) if r == "banker" else (0, 0)


#: _outcome for every pair of final totals (the punter's, the banker's).
_OUTCOMES = [[_outcome(pt, bt) for bt in range(10)] for pt in range(10)]


@dataclass(frozen=True)
class InfoSet:
    """One banker information set and its terms.

    Each term is a tuple ``(constant, c_1, ..., c_K)``: a sum linear in the
    punter's chances ``p_k`` of drawing at 5 (its K holdings), over the deals
    that reach this set, in units of 1/denominator.  ``s_*`` is the punter's net
    win, ``l_*`` the banker's wins (what the commission is taken on), if the
    banker stands (``*_stand``) or draws (``*_draw``).
    """

    hand: Hand
    third: int | None
    s_stand: tuple[int, ...]
    s_draw: tuple[int, ...]
    l_stand: tuple[int, ...]
    l_draw: tuple[int, ...]


@dataclass(frozen=True)
class Model:
    """A model of chemin de fer: the shoe and who sees what.

    ``banker_pair``: the banker sees its two cards (else only its total);
    ``punter_pair``: the punter sees its two cards at 5 (else only its total);
    ``replacement``: cards dealt with replacement (the shoe's proportions only).
    """

    counts: tuple[int, ...]
    replacement: bool
    banker_pair: bool
    punter_pair: bool

    @classmethod
    def kemeny_snell(cls) -> Model:
        return cls(shoe_counts(1), True, False, False)

    @classmethod
    def downton_lockwood(cls, packs: int) -> Model:
        return cls(shoe_counts(packs), False, True, False)

    @classmethod
    def ethier_gamez(cls, packs: int) -> Model:
        return cls(shoe_counts(packs), False, True, True)

    @property
    def packs(self) -> int:
        return sum(self.counts) // PACK_SIZE

    @property
    def holdings(self) -> tuple[tuple[int, int], ...] | tuple[int]:
        """The punter's information at 5: its five pairs, or its total."""
        return FIVES if self.punter_pair else (5,)

    def tables(self) -> Tables:
        return _tables(self)


@dataclass(frozen=True)
class Tables:
    """A model's exact terms: the naturals' (punter's net win, banker's wins) and
    every banker information set's, over ``denominator`` deals."""

    model: Model
    denominator: int
    natural_s: int
    natural_l: int
    infosets: tuple[InfoSet, ...]


def _ways(counts: Sequence[int], a: int, b: int, replacement: bool) -> int:
    """Ordered ways to deal the two values ``a <= b`` from ``counts``."""
    if a != b:
        return 2 * counts[a] * counts[b]
    return counts[a] * (counts[a] if replacement else counts[a] - 1)


@lru_cache(maxsize=32)
def _tables(model: Model) -> Tables:
    if not model.punter_pair:  # the five holdings' terms summed: the same p for each
        fine = _tables(Model(model.counts, model.replacement, model.banker_pair, True))
        return Tables(
            model,
            fine.denominator,
            fine.natural_s,
            fine.natural_l,
            tuple(
                InfoSet(
                    j.hand,
                    j.third,
                    *(
                        (term[0], sum(term[1:]))
                        for term in (j.s_stand, j.s_draw, j.l_stand, j.l_draw)
                    ),
                )
                for j in fine.infosets
            ),
        )
    n = model.counts
    total = sum(n)
    if total < 6:
        raise ValueError("a coup needs six cards")
    repl = model.replacement
    # left after 4 cards and after 5 (the common denominator takes six cards)
    n4, n5 = (total, total) if repl else (total - 4, total - 5)
    denominator = total**6 if repl else _falling(total, 6)
    # the banker drawing from the whole shoe: sums over its third card g
    draw_s = [[0] * 10 for _ in range(10)]
    draw_l = [[0] * 10 for _ in range(10)]
    for pt in range(10):
        for bt in range(10):
            for g in range(10):
                s, won = _OUTCOMES[pt][(bt + g) % 10]
                draw_s[pt][bt] += n[g] * s
                draw_l[pt][bt] += n[g] * won
    pairs = [(a, b) for a in range(10) for b in range(a, 10)]
    width = 1 + len(model.holdings)
    sets: dict[Key, list[list[int]]] = {}
    nat_s = nat_l = 0
    for a, b in pairs:
        w_p = _ways(n, a, b, repl)
        if not w_p:
            continue
        n1 = list(n)
        if not repl:
            n1[a] -= 1
            n1[b] -= 1
        pt = (a + b) % 10
        bound = None if is_natural(pt) else punter_bound(pt)
        k = 1 + (FIVES.index((a, b)) if model.punter_pair else 0) if pt == 5 else 0
        for c, e in pairs:
            w4 = w_p * _ways(n1, c, e, repl)
            if not w4:
                continue
            bt = (c + e) % 10
            if is_natural(pt) or is_natural(bt):
                s, won = _OUTCOMES[pt][bt]
                nat_s += w4 * n4 * n5 * s
                nat_l += w4 * n4 * n5 * won
                continue
            hand: Hand = (c, e) if model.banker_pair else bt
            out4 = () if repl else (a, b, c, e)
            # the punter stands (bound at 6-7, or at 5 with chance 1 - p)
            if bound is not True:
                terms = sets.setdefault((hand, None), [[0] * width for _ in range(4)])
                s, won = _OUTCOMES[pt][bt]
                ds, dl = draw_s[pt][bt], draw_l[pt][bt]
                for r in out4:
                    s2, w2 = _OUTCOMES[pt][(bt + r) % 10]
                    ds, dl = ds - s2, dl - w2
                values = (w4 * n4 * n5 * s, w4 * n5 * ds, w4 * n4 * n5 * won, w4 * n5 * dl)
                for term, v in zip(terms, values, strict=True):
                    if bound is False:
                        term[0] += v
                    else:  # at 5: 1 - p
                        term[0] += v
                        term[k] -= v
            if bound is False:
                continue
            # the punter draws f (bound at 0-4, or at 5 with chance p)
            n2 = n1 if repl else [n1[v] - (v == c) - (v == e) for v in range(10)]
            for f in range(10):
                w5 = w4 * n2[f]
                if not w5:
                    continue
                p3 = (pt + f) % 10
                terms = sets.setdefault((hand, f), [[0] * width for _ in range(4)])
                s, won = _OUTCOMES[p3][bt]
                ds, dl = draw_s[p3][bt], draw_l[p3][bt]
                for r in out4 + ((f,) if not repl else ()):
                    s2, w2 = _OUTCOMES[p3][(bt + r) % 10]
                    ds, dl = ds - s2, dl - w2
                values = (w5 * n5 * s, w5 * ds, w5 * n5 * won, w5 * dl)
                idx = 0 if bound is True else k
                for term, v in zip(terms, values, strict=True):
                    term[idx] += v
    infosets = tuple(
        InfoSet(key[0], key[1], *(tuple(t) for t in terms))
        for key, terms in sorted(sets.items(), key=lambda kv: _key_order(kv[0]))
    )
    return Tables(model, denominator, nat_s, nat_l, infosets)


def _key_order(key: Key) -> tuple[int, int, int, int]:
    hand, third = key
    low, high = (hand, hand) if isinstance(hand, int) else hand
    total = hand if isinstance(hand, int) else (low + high) % 10
    return (total, low, high, -1 if third is None else third)


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


# ---------------------------------------------------------------- the solution


@dataclass(frozen=True)
class Equilibrium:
    """A solution: the punter's chances of drawing at 5 (one per holding), the
    banker's chance of drawing at each information set, and what each expects.

    ``punter_value`` is the punter's expected net win per unit staked;
    ``banker_value`` the banker's (its wins net of the commission), so that
    with no commission ``banker_value == -punter_value``: the banker's edge.
    """

    tables: Tables
    commission: Fraction
    punter_draw: tuple[Fraction, ...]
    banker_draw: tuple[Fraction, ...]
    punter_value: Fraction
    banker_value: Fraction
    unique_p: bool

    @property
    def model(self) -> Model:
        return self.tables.model


def _scaled(p: Sequence[Fraction]) -> tuple[int, list[int]]:
    """``p`` over a common denominator: (the denominator, the numerators)."""
    den = math.lcm(*(x.denominator for x in p))
    return den, [int(x * den) for x in p]


def _at_scaled(term: Sequence[int], den: int, nums: Sequence[int]) -> int:
    """``den`` times the term at ``p`` (whole numbers throughout)."""
    return term[0] * den + sum(c * x for c, x in zip(term[1:], nums, strict=True))


def _values(
    t: Tables, p: Sequence[Fraction], y: Sequence[Fraction], alpha: Fraction
) -> tuple[Fraction, Fraction]:
    den, nums = _scaled(p)
    s_int = t.natural_s * den
    l_int = t.natural_l * den
    s_mixed = l_mixed = Fraction(0)
    for j, yj in zip(t.infosets, y, strict=True):
        if yj == 0:
            s_int += _at_scaled(j.s_stand, den, nums)
            l_int += _at_scaled(j.l_stand, den, nums)
        elif yj == 1:
            s_int += _at_scaled(j.s_draw, den, nums)
            l_int += _at_scaled(j.l_draw, den, nums)
        else:
            ss, sd = _at_scaled(j.s_stand, den, nums), _at_scaled(j.s_draw, den, nums)
            ls, ld = _at_scaled(j.l_stand, den, nums), _at_scaled(j.l_draw, den, nums)
            s_mixed += ss + yj * (sd - ss)
            l_mixed += ls + yj * (ld - ls)
    s_sum = (s_int + s_mixed) / (den * t.denominator)
    l_sum = (l_int + l_mixed) / (den * t.denominator)
    return s_sum, -s_sum - alpha * l_sum


def _banker_gain(j: InfoSet, alpha: Fraction) -> tuple[list[int], list[int]]:
    """The banker's terms (standing, drawing) at ``j``: -(punter's win) - alpha x (its wins),
    times alpha's denominator (whole numbers, the same signs)."""
    num, den = alpha.numerator, alpha.denominator
    stand = [-den * s - num * w for s, w in zip(j.s_stand, j.l_stand, strict=True)]
    draw = [-den * s - num * w for s, w in zip(j.s_draw, j.l_draw, strict=True)]
    return stand, draw


def _sweep(
    t: Tables, alpha: Fraction, k: int, fixed: Sequence[Fraction]
) -> list[tuple[Fraction, list[Fraction], bool]]:
    """Foster's sweep along the punter's chance ``p_k`` (the others ``fixed``).

    Returns every equilibrium point ``(p_k, banker's chances, alone)`` of the
    game restricted to ``p_k``: the banker best-responds at every set (mixing only
    where indifferent) and the punter's gain does not prefer moving ``p_k``;
    ``alone`` is False where a whole segment of ``p_k`` is in equilibrium.
    """
    sets = t.infosets
    m = len(sets)
    # the banker's draw-minus-stand: a + b p_k; the punter's slope in p_k by move
    a_: list[Fraction] = []
    b_: list[int] = []
    stand_slope: list[int] = []
    draw_slope: list[int] = []
    for j in sets:
        stand, draw = _banker_gain(j, alpha)
        const = Fraction(draw[0] - stand[0])
        for i, x in enumerate(fixed):
            if i != k and x:
                const += (draw[i + 1] - stand[i + 1]) * x
        a_.append(const)
        b_.append(draw[k + 1] - stand[k + 1])
        stand_slope.append(j.s_stand[k + 1])
        draw_slope.append(j.s_draw[k + 1] - j.s_stand[k + 1])
    always = [i for i in range(m) if a_[i] == 0 and b_[i] == 0]
    points: dict[Fraction, list[int]] = {}
    for i in range(m):
        if b_[i] != 0:
            x = -a_[i] / b_[i]
            if 0 <= x <= 1:
                points.setdefault(x, []).append(i)
    points.setdefault(Fraction(0), [])
    points.setdefault(Fraction(1), [])

    def pure(i: int, above: bool) -> int:
        """The banker's best move at set ``i`` just above (or below) the point."""
        if a_[i] == 0 and b_[i] == 0:
            return 0
        return 1 if (b_[i] > 0 if above else b_[i] < 0) else 0

    # just above p_k = 0: who draws (sign of a, or of b where a = 0)
    y = [1 if a_[i] > 0 or (a_[i] == 0 and b_[i] > 0) else 0 for i in range(m)]
    slope = sum(stand_slope) + sum(draw_slope[i] * y[i] for i in range(m))
    found: list[tuple[Fraction, list[Fraction], bool]] = []
    for x in sorted(points):
        crit = points[x] + always
        # the banker's moves just below x (at 0: those just above)
        before = [pure(i, False) if x > 0 else y[i] for i in points[x]]
        base = slope - sum(draw_slope[i] * yi for i, yi in zip(points[x], before, strict=True))
        base -= sum(draw_slope[i] * y[i] for i in always)
        low = base + sum(min(0, draw_slope[i]) for i in crit)
        high = base + sum(max(0, draw_slope[i]) for i in crit)
        after = [pure(i, True) for i in points[x]]
        # the slope just above x
        for i, yi in zip(points[x], after, strict=True):
            y[i] = yi
        slope_after = base + sum(draw_slope[i] * y[i] for i in points[x] + always)
        # at x: the punter's gain must not rise by moving p_k (where it can move)
        target: Fraction | None = None
        if x == 0 and low <= 0:
            target = Fraction(min(0, slope_after))
        elif x == 1 and high >= 0:
            target = Fraction(max(0, slope if x > 0 else slope_after))
        elif 0 < x < 1 and low <= 0 <= high:
            target = Fraction(0)
        if target is not None:
            here = [Fraction(v) for v in y]
            for i in crit:  # start from the side below, then move toward the target
                here[i] = Fraction(pure(i, False))
            value = base + sum(draw_slope[i] * here[i] for i in crit)
            for i in crit:
                if value == target:
                    break
                d = draw_slope[i]
                if d == 0:
                    continue
                step = (target - value) / d  # the change of y_i that reaches the target
                new = min(Fraction(1), max(Fraction(0), here[i] + step))
                value += d * (new - here[i])
                here[i] = new
            if value == target:
                found.append((x, here, True))
        if 0 <= x < 1 and slope_after == 0 and not always:
            found.append((x, [Fraction(v) for v in y], False))  # a flat segment above x
        slope = slope_after
    return found


def _punter_slopes(t: Tables, y: Sequence[Fraction]) -> list[Fraction]:
    """The punter's gain's slope in each of its chances, against the banker's ``y``."""
    width = len(t.model.holdings)
    whole = [0] * width
    mixed = [Fraction(0)] * width
    for j, yj in zip(t.infosets, y, strict=True):
        for k in range(1, width + 1):
            if yj == 0:
                whole[k - 1] += j.s_stand[k]
            elif yj == 1:
                whole[k - 1] += j.s_draw[k]
            else:
                mixed[k - 1] += j.s_stand[k] + yj * (j.s_draw[k] - j.s_stand[k])
    return [w + x for w, x in zip(whole, mixed, strict=True)]


def _settle(
    t: Tables, alpha: Fraction, p: tuple[Fraction, ...], y: list[Fraction], unique: bool
) -> Equilibrium:
    punter, banker = _values(t, p, y, alpha)
    return Equilibrium(t, alpha, p, tuple(y), punter, banker, unique)


@lru_cache(maxsize=64)
def solve(model: Model, commission: Fraction = Fraction(0)) -> Equilibrium:
    """The model's equilibrium (with a commission: a Nash equilibrium, Ethier & Lee's).

    One chance at 5 (the punter sees its total): Foster's sweep, every
    equilibrium found (``unique_p`` says whether there is one ``p``).  The
    punter's five pairs: the sweep along one pair's chance, the others drawing
    or standing, until the other four prefer what they do (checked exactly).
    """
    if not 0 <= commission <= Fraction(1, 10):
        raise ValueError("the commission is between 0 and 10 %")
    t = model.tables()
    if not model.punter_pair:
        found = _sweep(t, commission, 0, (Fraction(0),))
        if not found:
            raise ArithmeticError("no equilibrium found")
        x, y, alone = found[0]
        return _settle(t, commission, (x,), y, alone and len(found) == 1)
    # Model B3: start from the Model B2 banker's answer, the punter's best pattern
    b2 = solve(Model(model.counts, model.replacement, model.banker_pair, False), commission)
    b2_y = _b2_to_b3(t, b2)
    prefer = [1 if s > 0 else 0 for s in _punter_slopes(t, b2_y)]
    width = len(FIVES)
    patterns = [tuple(prefer)] + [
        pat for pat in product((0, 1), repeat=width) if pat != tuple(prefer)
    ]
    for pattern in patterns:
        for k in range(width):
            fixed = tuple(Fraction(v) for v in pattern)
            for x, y, _alone in _sweep(t, commission, k, fixed):
                p = (*fixed[:k], x, *fixed[k + 1 :])
                if _is_best_for_punter(_punter_slopes(t, y), p):
                    return _settle(t, commission, p, y, False)
    raise ArithmeticError("no equilibrium of this form found")


def _b2_to_b3(t: Tables, b2: Equilibrium) -> list[Fraction]:
    index = {(j.hand, j.third): y for j, y in zip(b2.tables.infosets, b2.banker_draw, strict=True)}
    return [index.get((j.hand, j.third), Fraction(0)) for j in t.infosets]


def _is_best_for_punter(slopes: Sequence[Fraction], p: Sequence[Fraction]) -> bool:
    return all(
        (s <= 0 if x == 0 else True) and (s >= 0 if x == 1 else True) and (s == 0 or x in (0, 1))
        for s, x in zip(slopes, p, strict=True)
    )


def exploitability(e: Equilibrium) -> tuple[Fraction, Fraction]:
    """What a best response would gain against each side of ``e`` (punter, banker), exactly:
    (the punter's best gain against the banker's strategy - its gain at ``e``, the banker's
    likewise).  Both are 0 at an equilibrium."""
    t, alpha, p, y = e.tables, e.commission, e.punter_draw, e.banker_draw
    best_p = tuple(Fraction(1 if s > 0 else 0) for s in _punter_slopes(t, y))
    punter_best, _ = _values(t, best_p, y, alpha)
    den, nums = _scaled(p)
    best_y = []
    for j in t.infosets:
        stand, draw = _banker_gain(j, alpha)
        gain = _at_scaled(draw, den, nums) - _at_scaled(stand, den, nums)
        best_y.append(Fraction(1 if gain > 0 else 0))
    _, banker_best = _values(t, p, best_y, alpha)
    return punter_best - e.punter_value, banker_best - e.banker_value


# ---------------------------------------------------------------- reports

#: The models' names and what each assumes (told with ``_`` where printed).
_NAMES = {
    "kemeny-snell": N_("Kemeny & Snell"),
    "downton-lockwood": N_("Downton & Lockwood"),
    "ethier-gamez": N_("Ethier & Gámez"),
}
_YEARS = {"kemeny-snell": 1957, "downton-lockwood": 1975, "ethier-gamez": 2013}
_TOTAL = N_("its total")
_PAIR = N_("its two cards")


def model_name(model: Model) -> str:
    """The model's key: ``kemeny-snell``, ``downton-lockwood`` or ``ethier-gamez``."""
    if model.punter_pair:
        return "ethier-gamez"
    return "downton-lockwood" if model.banker_pair else "kemeny-snell"


def models_for(packs: int, replacement: bool) -> list[Model]:
    """The models a command shows: Kemeny & Snell's with replacement, else Downton &
    Lockwood's and Ethier & Gámez's for a fresh shoe of ``packs`` packs."""
    if replacement:
        return [Model.kemeny_snell()]
    return [Model.downton_lockwood(packs), Model.ethier_gamez(packs)]


def parse_commission(text: str) -> Fraction:
    """A commission in percent (``5``, ``2.5``, ``1/2``) as a fraction, 0 to 10 %.

    >>> parse_commission("5")
    Fraction(1, 20)
    """
    try:
        value = Fraction(text.strip()) / 100
    except (ValueError, ZeroDivisionError):
        raise ValueError(
            _("--commission {text}: write a percentage, for example 5").format(text=text)
        ) from None
    if not 0 <= value <= Fraction(1, 10):
        raise ValueError(
            _("--commission {text}: Ethier & Lee's model takes 0 to 10 %").format(text=text)
        )
    return value


def _fraction(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}" if x.denominator != 1 else str(x.numerator)


def _pct(x: Fraction, digits: int = 4) -> str:
    """A share as a percentage in the language's prose: ``80.54 %``, ``−1,29 %``."""
    return number(float(x) * 100, digits) + " %"


def _entry(x: Fraction) -> dict[str, Any]:
    return {"fraction": _fraction(x), "percent": float(x) * 100}


def _pair(p: tuple[int, int]) -> str:
    return f"{p[0]}+{p[1]}"


def _hand_text(hand: Hand) -> str:
    return str(hand) if isinstance(hand, int) else f"{sum(hand) % 10} ({_pair(hand)})"


def _did(third: int | None) -> str:
    if third is None:
        return _("the punter stood")
    return _("the punter drew {card}").format(card=third)


def _chance(x: Fraction) -> str:
    if x == 1:
        return _("always")
    if x == 0:
        return _("never")
    return _pct(x, 2)


def _shoe(model: Model) -> str:
    if model.replacement:
        return _("dealt with replacement (the number of packs does not matter)")
    return ngettext(
        "a fresh shoe of {n} pack, dealt without replacement",
        "a fresh shoe of {n} packs, dealt without replacement",
        model.packs,
    ).format(n=model.packs)


def _mixes(e: Equilibrium) -> list[tuple[InfoSet, Fraction]]:
    return [(j, y) for j, y in zip(e.tables.infosets, e.banker_draw, strict=True) if 0 < y < 1]


def _heading(model: Model, commission: Fraction, what: str) -> list[str]:
    lines = [
        what.format(shoe=_shoe(model)),
        "  " + _("The punter is bound to draw at 0-4 and to stand at 6-7, and chooses at 5."),
        "  "
        + _(
            "The banker chooses at every total, knowing what the punter did (its third card "
            "is dealt face up)."
        ),
        "  " + _("Cards: 0 is a ten or a face card."),
    ]
    if commission:
        lines += [
            "  "
            + _("The banker pays {pct} commission on its wins (Ethier & Lee, 2023):").format(
                pct=f"{float(commission) * 100:g} %"
            ),
            "  " + _("a Nash equilibrium of a game that is no longer zero-sum."),
        ]
    return lines


def _columns(rows: list[list[str]], indent: str = "  ") -> list[str]:
    widths = [max(len(r[i]) for r in rows if i < len(r)) for i in range(max(map(len, rows)))]
    return [
        indent + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=False)).rstrip()
        for r in rows
    ]


def format_choice(packs: int, replacement: bool, commission: Fraction = Fraction(0)) -> str:
    """``banque choice --game chemin-de-fer``: each model's solution, side by side."""
    models = models_for(packs, replacement)
    sols = [solve(m, commission) for m in models]
    lines = _heading(models[0], commission, _("Chemin de fer solved: {shoe}."))
    rows: list[list[str]] = [
        [""] + [f"{_(_NAMES[model_name(m)])} ({_YEARS[model_name(m)]})" for m in models],
        [_("the punter sees")] + [_(_PAIR if m.punter_pair else _TOTAL) for m in models],
        [_("the banker sees")] + [_(_PAIR if m.banker_pair else _TOTAL) for m in models],
        [_("the punter at 5 draws")]
        + [
            _("by its two cards:") if m.punter_pair else _chance(e.punter_draw[0])
            for m, e in zip(models, sols, strict=True)
        ],
    ]
    if any(m.punter_pair for m in models):
        for i, five in enumerate(FIVES):
            rows.append(
                ["  " + _("holding {pair}").format(pair=_pair(five))]
                + [
                    _chance(e.punter_draw[i]) if m.punter_pair else ""
                    for m, e in zip(models, sols, strict=True)
                ]
            )
    mixes = [_mixes(e) for e in sols]
    depth = max(map(len, mixes))
    for k in range(depth):
        rows.append(
            [_("the banker mixes at") if k == 0 else ""]
            + [
                _("{hand}, {did}").format(hand=_hand_text(m[k][0].hand), did=_did(m[k][0].third))
                if k < len(m)
                else ""
                for m in mixes
            ]
        )
        rows.append(
            ["  " + _("and draws with chance")]
            + [_pct(m[k][1], 2) if k < len(m) else "" for m in mixes]
        )
    if commission:
        rows.append([_("the punter's expectation")] + [_pct(e.punter_value) for e in sols])
        rows.append([_("the banker's, net of commission")] + [_pct(e.banker_value) for e in sols])
    else:
        rows.append([_("the banker's edge")] + [_pct(e.banker_value) for e in sols])
    rows.append(
        [_("exploitability")]
        + [_("0 (checked exactly)") if exploitability(e) == (0, 0) else _("not 0") for e in sols]
    )
    lines += ["", *_columns(rows)]
    lines += ["", _("Exactly:")]
    for m, e in zip(models, sols, strict=True):
        name = _(_NAMES[model_name(m)])
        if not m.punter_pair:
            lines.append(
                "  "
                + _("{name}: the punter draws at 5 with chance {p}").format(
                    name=name, p=_fraction(e.punter_draw[0])
                )
            )
        else:
            for five, x in zip(FIVES, e.punter_draw, strict=True):
                if 0 < x < 1:
                    lines.append(
                        "  "
                        + _("{name}: the punter holding {pair} draws with chance {p}").format(
                            name=name, pair=_pair(five), p=_fraction(x)
                        )
                    )
        for j, y in _mixes(e):
            lines.append(
                "  "
                + _("{name}: the banker at {hand}, {did}, draws with chance {p}").format(
                    name=name, hand=_hand_text(j.hand), did=_did(j.third), p=_fraction(y)
                )
            )
        if commission:
            lines.append(
                "  "
                + _("{name}: the punter expects {p}; the banker {b}").format(
                    name=name, p=_fraction(e.punter_value), b=_fraction(e.banker_value)
                )
            )
        else:
            lines.append(
                "  "
                + _("{name}: the banker's edge {edge}").format(
                    name=name, edge=_fraction(e.banker_value)
                )
            )
    notes = [
        _(
            "Without replacement, the punter's chance at 5 and the banker's mixing depend on "
            "the number of packs (--packs)."
        ),
        _("--replacement gives Kemeny & Snell's model."),
    ]
    if not replacement:
        notes.append(
            _(
                "Ethier & Gámez's equilibrium is checked exactly; that it is the only one is not proved."
            )
        )
    lines += ["", *notes]
    return "\n".join(lines)


def _key_json(j: InfoSet) -> dict[str, Any]:
    hand = j.hand
    out: dict[str, Any] = {"total": hand if isinstance(hand, int) else sum(hand) % 10}
    if not isinstance(hand, int):
        out["pair"] = _pair(hand)
    out["punter"] = "stood" if j.third is None else j.third
    return out


def _model_json(e: Equilibrium, table: bool) -> dict[str, Any]:
    m = e.model
    name = model_name(m)
    ex_p, ex_b = exploitability(e)
    out: dict[str, Any] = {
        "model": name,
        "year": _YEARS[name],
        "punter_sees": "pair" if m.punter_pair else "total",
        "banker_sees": "pair" if m.banker_pair else "total",
        "punter_draws_at_5": (
            {_pair(f): _entry(x) for f, x in zip(FIVES, e.punter_draw, strict=True)}
            if m.punter_pair
            else _entry(e.punter_draw[0])
        ),
        "banker_mixes": [{**_key_json(j), "draw": _entry(y)} for j, y in _mixes(e)],
        "punter_value": _entry(e.punter_value),
        "banker_value": _entry(e.banker_value),
        "exploitability": {"punter": _fraction(ex_p), "banker": _fraction(ex_b)},
    }
    if not m.punter_pair:
        out["unique"] = e.unique_p
    if table:
        out["banker_table"] = [
            {**_key_json(j), "draw": _fraction(y)}
            for j, y in zip(e.tables.infosets, e.banker_draw, strict=True)
        ]
    return out


def choice_json(
    packs: int, replacement: bool, commission: Fraction = Fraction(0), table: bool = False
) -> dict[str, Any]:
    models = models_for(packs, replacement)
    return {
        "game": "chemin-de-fer",
        "packs": None if replacement else packs,
        "replacement": replacement,
        "commission": _fraction(commission),
        "models": [_model_json(solve(m, commission), table) for m in models],
    }


def strategy_json(
    packs: int, replacement: bool, commission: Fraction = Fraction(0)
) -> dict[str, Any]:
    return choice_json(packs, replacement, commission, table=True)


def _cell(y: Fraction) -> str:
    if y == 1:
        return pgettext("strategy grid: the banker", "D")
    if y == 0:
        return pgettext("strategy grid: the banker", "S")
    text = number(float(y), 2)
    return text[1:] if text.startswith("0") else text


def _table_rows(e: Equilibrium) -> list[list[str]]:
    thirds: list[int | None] = [None, *range(10)]
    by_hand: dict[Hand, dict[int | None, Fraction]] = {}
    for j, y in zip(e.tables.infosets, e.banker_draw, strict=True):
        by_hand.setdefault(j.hand, {})[j.third] = y
    rows = [
        [pgettext("chemin strategy grid: the corner", "banker")]
        + [pgettext("strategy grid: a column", "stood")]
        + [pgettext("strategy grid: a column", "d{card}").format(card=t) for t in range(10)]
    ]
    for total in range(8):
        hands = [h for h in by_hand if (h if isinstance(h, int) else sum(h) % 10) == total]
        groups: dict[tuple[Fraction, ...], list[Hand]] = {}
        for h in hands:
            groups.setdefault(tuple(by_hand[h].get(t, Fraction(0)) for t in thirds), []).append(h)
        ordered = sorted(groups.items(), key=lambda kv: -len(kv[1]))
        for i, (cells, members) in enumerate(ordered):
            if i == 0 or len(ordered) == 1:
                label = str(total)
            else:
                label = (
                    f"{total} ({', '.join(_pair(h) for h in members if not isinstance(h, int))})"
                )
            rows.append([label] + [_cell(y) for y in cells])
    return rows


def format_strategy(packs: int, replacement: bool, commission: Fraction = Fraction(0)) -> str:
    """``banque strategy --game chemin-de-fer``: the banker's equilibrium table of each model."""
    models = models_for(packs, replacement)
    lines = _heading(
        models[0], commission, _("Chemin de fer: the banker's equilibrium table, {shoe}.")
    )
    lines += [
        "  " + _("D draw, S stand, a number: draw with that chance (the equilibrium's mixing)."),
        "  "
        + _(
            "Rows: the banker's total (a row with pairs in brackets: those pairs; the row "
            "without: its other pairs)."
        ),
        "  " + _("Columns: the punter stood, or drew a card (d0 to d9)."),
    ]
    for m in models:
        e = solve(m, commission)
        name = _(_NAMES[model_name(m)])
        sees = _(
            "{name} ({year}): the punter sees {punter}, the banker {banker}; the punter at 5 draws {p}."
        ).format(
            name=name,
            year=_YEARS[model_name(m)],
            punter=_(_PAIR if m.punter_pair else _TOTAL),
            banker=_(_PAIR if m.banker_pair else _TOTAL),
            p=(
                ", ".join(
                    _("{pair}: {chance}").format(pair=_pair(f), chance=_chance(x))
                    for f, x in zip(FIVES, e.punter_draw, strict=True)
                )
                if m.punter_pair
                else _chance(e.punter_draw[0])
            ),
        )
        lines += ["", sees, *_columns(_table_rows(e))]
    return "\n".join(lines)
