"""The banker's exact advisor: draw or stand?

At the banker's choice no hand was a natural and both sides have acted.  The
banker knows its own two cards, each side's action and face-up third card,
and every card revealed earlier in this shoe.  From that alone this module
gives the banker's expected gain in chips if it draws and if it stands,
counted exactly over the cards it has not seen (nothing is sampled).

The model:

* The unseen cards are the shoe less every card revealed in earlier coups,
  less the banker's own two cards and the third cards on the table.  Only
  their values (0..9) matter.
* The right side's concealed pair is two of the unseen cards, then the left
  side's pair is two of the rest, without replacement.  Each pair is weighed
  by what its side did: never a natural (8 or 9); a side that stood holds 5,
  6 or 7; a side that drew holds 0 to 5; and a side at 5 draws with
  probability ``p5``, so a pair at 5 weighs ``p5`` if the side drew and
  ``1 - p5`` if it stood.  A side that drew ends on pair plus third card,
  modulo 10.
* If the banker draws, its third card is uniform among the unseen cards left
  once both pairs are taken.
* Against each side the banker wins that side's stake when its final total
  is higher, loses it when lower, and nothing on equality.  Expectations are
  conditional on what the sides did (normalised over the weighted pairs).
* Each outcome is worth what the banker's fund actually gains on it.  Where a
  losing bank pays in order only as far as its fund (``fund``: classic and
  hoyle), a loss is at most the fund, whatever the order of payment
  (:meth:`banque.games.banque.rules.HouseRules.bank_gain`).  A side already
  settled by its own natural (per-side naturals) has a known ``result``: its
  pair is shown (not among the unseen), only the other side's is concealed,
  and its result counts in both figures.  The expectations then come from the
  joint results against both sides (:func:`_joint`), not from each side apart.

:func:`advise` gives floats and the better move; :func:`advise_exact` gives
the same as exact fractions; :func:`reference_advise` is a plain nested-loop
enumeration with :class:`~fractions.Fraction` that the fast one is tested
against.

>>> right, left = SideInfo(stake=5, third="4D"), SideInfo(stake=3, third="2H")
>>> unseen = unseen_values(3, ["2S", "3C", "4D", "2H"])
>>> advice = advise(unseen, ["2S", "3C"], right, left)
>>> advice.best, round(advice.draw, 3), round(advice.stand, 3)
('stand', -1.308, -0.491)
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from operator import mul
from typing import Literal

from banque.core.cards import PACKS, card_value, full_shoe, parse_card

__all__ = [
    "Advice",
    "ExactAdvice",
    "SideInfo",
    "Situation",
    "advise",
    "advise_exact",
    "clear_cache",
    "decision_sums",
    "random_situation",
    "reference_advise",
    "unseen_values",
]

Move = Literal["draw", "stand"]
#: A stake: chips the banker has at risk against one side (whole or exact).
Stake = int | Fraction
#: Unseen cards: counts per value 0..9 (a sequence of ten, or a mapping
#: value -> count), or the card codes themselves.
Unseen = Mapping[int, int] | Sequence[int] | Iterable[str]

#: Cards the banker cannot do without: two concealed pairs and its own third.
MIN_UNSEEN = 5


@dataclass(frozen=True)
class SideInfo:
    """What the banker knows of one side.

    ``stake`` is the banker's exposure on that side (its total accepted
    wagers, à cheval halves included); ``third`` is the code of the side's
    face-up third card, or ``None`` if the side stood.
    """

    stake: Stake
    third: str | None = None
    #: A side already settled by its natural (per-side naturals, shown to all): the
    #: banker's result against it, +1 won, -1 lost, 0 a tie; ``None``: it plays on.
    result: int | None = None

    @property
    def drew(self) -> bool:
        """Whether the side took a third card."""
        return self.third is not None


@dataclass(frozen=True)
class Advice:
    """Expected banker gains in chips, and the better move.

    ``best`` is ``"draw"`` only when drawing is strictly better; on an exact
    tie (for example when nothing is staked) the advice is ``"stand"``,
    which spends no card for nothing.  The comparison is made on the exact
    values, so rounding never flips it.
    """

    draw: float
    stand: float
    best: Move

    @property
    def edge(self) -> float:
        """How much the best move gains over the other one, in chips."""
        return abs(self.draw - self.stand)


@dataclass(frozen=True)
class ExactAdvice:
    """:class:`Advice` with exact fractions."""

    draw: Fraction
    stand: Fraction
    best: Move

    def to_float(self) -> Advice:
        """The same advice with floats."""
        return Advice(draw=float(self.draw), stand=float(self.stand), best=self.best)


def _best(draw: Fraction, stand: Fraction) -> Move:
    return "draw" if draw > stand else "stand"


# ---------------------------------------------------------------- inputs


def unseen_values(packs: int = PACKS, removed: Iterable[str] = ()) -> list[int]:
    """Counts of each value 0..9 left in a shoe of ``packs`` packs.

    ``removed`` lists the card codes the banker has seen (earlier coups, its
    own cards, third cards on the table).  Raises :class:`ValueError` if a
    card is removed more often than the shoe holds it.

    >>> unseen_values(1)
    [16, 4, 4, 4, 4, 4, 4, 4, 4, 4]
    >>> unseen_values(1, ["TS", "KD", "9C"])
    [14, 4, 4, 4, 4, 4, 4, 4, 4, 3]
    """
    if isinstance(packs, bool) or not isinstance(packs, int) or packs < 1:
        raise ValueError(f"packs must be a whole number of packs, at least 1, not {packs!r}")
    left: dict[str, int] = {}
    for card in full_shoe(packs):
        left[card] = left.get(card, 0) + 1
    for text in removed:
        card = parse_card(text)
        if left[card] == 0:
            raise ValueError(
                f"{card} is removed more often than the shoe holds it ({packs} of each card)"
            )
        left[card] -= 1
    counts = [0] * 10
    for card, n in left.items():
        counts[card_value(card)] += n
    return counts


def _unseen_counts(unseen: Unseen) -> tuple[int, ...]:
    """Normalise ``unseen`` to a tuple of ten counts (values 0..9)."""
    if isinstance(unseen, str):
        raise ValueError("unseen must be counts per value or a collection of card codes")
    raw: list[object] = [0] * 10
    if isinstance(unseen, Mapping):
        for value, n in unseen.items():
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
                raise ValueError(f"unseen values must be card values 0..9, not {value!r}")
            raw[value] = n
    else:
        items: list[object] = list(unseen)
        codes = [x for x in items if isinstance(x, str)]
        if items and len(codes) == len(items):
            tally = [0] * 10
            for code in codes:
                tally[card_value(parse_card(code))] += 1
            raw = [*tally]
        elif len(items) == 10:
            raw = items
        else:
            raise ValueError(
                "unseen must be ten counts (values 0..9), a mapping value -> count, "
                f"or card codes; got {items!r}"
            )
    counts: list[int] = []
    for value, n in enumerate(raw):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"the unseen count of value {value} must be a whole number >= 0")
        counts.append(n)
    if sum(counts) < MIN_UNSEEN:
        raise ValueError(
            f"only {sum(counts)} unseen cards: at least {MIN_UNSEEN} are needed "
            "(two concealed pairs and the banker's third card)"
        )
    return tuple(counts)


def _fraction(x: object, what: str) -> Fraction:
    if isinstance(x, bool) or not isinstance(x, int | float | Fraction):
        raise ValueError(f"{what} must be a number, not {x!r}")
    if isinstance(x, float) and not math.isfinite(x):
        raise ValueError(f"{what} must be finite, not {x!r}")
    return Fraction(x)


def _side(side: SideInfo, name: str) -> tuple[Fraction, int | None]:
    if not isinstance(side, SideInfo):
        raise ValueError(f"the {name} side must be a SideInfo, not {side!r}")
    stake = _fraction(side.stake, f"the {name} stake")
    if stake < 0:
        raise ValueError(f"the {name} stake must be >= 0, not {side.stake!r}")
    third = None if side.third is None else card_value(parse_card(side.third))
    if side.result is not None and (isinstance(side.result, bool) or side.result not in (-1, 0, 1)):
        raise ValueError(
            f"the {name} side's settled result must be -1, 0 or 1, not {side.result!r}"
        )
    if side.result is not None and third is not None:
        raise ValueError(f"the {name} side was settled by its natural: it drew no third card")
    return stake, third


def _banker_total(banker: Sequence[str]) -> int:
    if isinstance(banker, str) or len(banker) != 2:
        raise ValueError(f"the banker must hold exactly two cards, not {banker!r}")
    total = sum(card_value(parse_card(c)) for c in banker) % 10
    if total >= 8:
        raise ValueError(f"the banker's two cards make a natural {total}: there is no choice")
    return total


def _probability(p5: object) -> Fraction:
    p = _fraction(p5, "p5")
    if not 0 <= p <= 1:
        raise ValueError(f"p5 (the chance a side at 5 draws) must be in [0, 1], not {p5!r}")
    return p


#: The nine pairs of results (banker's against right, against left), in index order.
_OUTCOMES = tuple((r, lt) for r in (-1, 0, 1) for lt in (-1, 0, 1))


@dataclass(frozen=True)
class _Inputs:
    counts: tuple[int, ...]
    banker: int
    right_stake: Fraction
    right_third: int | None
    left_stake: Fraction
    left_third: int | None
    p5: Fraction
    #: The banker's gain for each pair of results (:data:`_OUTCOMES`), as whole
    #: numerators over one denominator, or ``None``: the plain sum of the stakes won and
    #: lost (no side settled, no fund's limit).
    payoff: tuple[tuple[int, ...], int] | None = None
    #: A side settled by its natural: its result (the other one's is ``None``).
    right_result: int | None = None
    left_result: int | None = None


def _payoff(
    right_stake: Fraction, left_stake: Fraction, fund: object, settled: bool
) -> tuple[tuple[int, ...], int] | None:
    """The banker's gain for each pair of results (:data:`_OUTCOMES`) as whole numerators
    over a common denominator: the stakes won less the stakes lost, a loss limited to
    the ``fund`` (``None``: no limit).  ``None`` when that is the plain sum and no side
    is ``settled`` (the fast sums then serve)."""
    cap = None
    if fund is not None:
        cap = _fraction(fund, "the fund")
        if cap < 0:
            raise ValueError(f"the fund must be >= 0, not {fund!r}")
        if right_stake + left_stake <= cap:  # the bank pays in full whatever happens
            cap = None
    if cap is None and not settled:
        return None
    den = math.lcm(
        right_stake.denominator, left_stake.denominator, 1 if cap is None else cap.denominator
    )
    r_n = right_stake.numerator * (den // right_stake.denominator)
    l_n = left_stake.numerator * (den // left_stake.denominator)
    nums = [r_n * r + l_n * lt for r, lt in _OUTCOMES]
    if cap is not None:
        floor = -cap.numerator * (den // cap.denominator)
        nums = [max(x, floor) for x in nums]
    return tuple(nums), den


def _inputs(
    unseen: Unseen,
    banker: Sequence[str],
    right: SideInfo,
    left: SideInfo,
    p5: object,
    fund: object = None,
) -> _Inputs:
    right_stake, right_third = _side(right, "right")
    left_stake, left_third = _side(left, "left")
    if right.result is not None and left.result is not None:
        raise ValueError("both sides were settled by naturals: the banker has no choice")
    settled = right.result is not None or left.result is not None
    payoff = _payoff(right_stake, left_stake, fund, settled)
    return _Inputs(
        counts=_unseen_counts(unseen),
        banker=_banker_total(banker),
        right_stake=right_stake,
        right_third=right_third,
        left_stake=left_stake,
        left_third=left_third,
        p5=_probability(p5),
        payoff=payoff,
        right_result=right.result,
        left_result=left.result,
    )


def _no_pair_error() -> ValueError:
    return ValueError(
        "no concealed pairs among the unseen cards fit what the sides did "
        "(check the unseen cards, the third cards and p5)"
    )


# ---------------------------------------------------------------- fast


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


#: Pair totals a side may hold: drew -> 0..5, stood -> 5..7 (5 is class 1).
_DREW_TOTALS = (0, 1, 2, 3, 4, 5)
_STOOD_TOTALS = (5, 6, 7)


#: (2 a) mod 10; the values t - a (mod 10) for t = 0..9; the banker's result drawing
#: a card of each value, by its two-card total and the side's final total.
_TWICE = [(2 * a) % 10 for a in range(10)]
_BACK = [[(t - a) % 10 for t in range(10)] for a in range(10)]
_SIGNS = [
    [[_sign((banker + x) % 10 - final) for x in range(10)] for final in range(10)]
    for banker in range(10)
]


@lru_cache(maxsize=4096)
def _tables(
    counts: tuple[int, ...], banker: int, right_third: int | None, left_third: int | None
) -> tuple[tuple[int, int, int, int], ...]:
    """Integer sums behind the expectations, by class of the two pair totals.

    Class 0 of a side is a total its action fixes (weight 1), class 1 a
    total of 5 (weight ``p5`` or ``1 - p5``).  For each of the four class
    pairs ``k = 2 * right_class + left_class`` it returns, as exact integer
    sums over the deals of the concealed cards (right pair, then left pair,
    as ordered pairs of distinct cards):

    ``Z`` the number of deals; ``SR``/``SL`` the banker's summed standing
    result against right/left (+1 win, -1 loss); ``DR``/``DL`` the same when
    drawing, summed over the banker's third card, still to be divided by the
    ``n - 4`` cards it comes from.

    How: pairs are enumerated by unordered values.  The number of ordered
    pairs with total ``j`` once a pair ``(a, b)`` of total ``i`` is gone is
    the full count ``P[j]`` corrected in O(1)::

        P[j] - 2 U[j - a] - 2 U[j - b] + 2 ([2a = j] + [2b = j] + [i = j])

    The banker's third card comes from the unseen cards less the four
    concealed ones, so its sum is the sum over all unseen cards (``A``) less
    the terms of the four concealed cards.  Those of the right pair are
    summed in a first loop; those of the left pair in a second loop that
    takes the left pair first, which counts the same deals since dealing
    without replacement is exchangeable.  Everything stays in integers.
    """
    u = counts
    # Unordered value pairs {a, b} of each total with their ordered card ways, and the
    # ordered pairs of distinct cards with each total; their correction by value.
    unordered: list[list[tuple[int, int, int]]] = [[] for _ in range(10)]
    for a in range(10):
        ua = u[a]
        if not ua:
            continue
        ways = ua * (ua - 1)
        if ways:
            unordered[_TWICE[a]].append((a, a, ways))
        for b in range(a + 1, 10):
            if u[b]:
                unordered[(a + b) % 10].append((a, b, 2 * ua * u[b]))
    pairs = [sum(w for _a, _b, w in unordered[t]) for t in range(10)]
    fix = []
    for a in range(10):
        row = [-2 * u[k] for k in _BACK[a]]
        row[_TWICE[a]] += 2
        fix.append(row)
    totals_r = _STOOD_TOTALS if right_third is None else _DREW_TOTALS
    totals_l = _STOOD_TOTALS if left_third is None else _DREW_TOTALS
    signs = _SIGNS[banker]

    def side(totals: tuple[int, ...], third: int | None) -> dict[int, tuple[int, list[int], int]]:
        """Per pair total: standing result, drawing result by card, summed drawing result."""
        out = {}
        for t in totals:
            final = t if third is None else (t + third) % 10
            h = signs[final]
            out[t] = (_sign(banker - final), h, sum(map(mul, u, h)))
        return out

    info_r = side(totals_r, right_third)
    info_l = side(totals_l, left_third)
    # n4[i][j]: deals; hr*[i][j], hl*[i][j]: the concealed cards' drawing results.
    # (Flat loops over precomputed rows: once for each decision the advisor is asked.)
    n4 = [[0] * 10 for _ in range(10)]
    hr1 = [[0] * 10 for _ in range(10)]
    hl1 = [[0] * 10 for _ in range(10)]
    hr2 = [[0] * 10 for _ in range(10)]
    hl2 = [[0] * 10 for _ in range(10)]
    for i in totals_r:
        hri = info_r[i][1]
        n4i, hr1i, hl1i = n4[i], hr1[i], hl1[i]
        row = [(j, pairs[j] + 2 * (i == j), info_l[j][1]) for j in totals_l]
        for a, b, ways in unordered[i]:
            fa, fb = fix[a], fix[b]
            hrab = hri[a] + hri[b]
            for j, base, hlj in row:
                x = ways * (base + fa[j] + fb[j])
                n4i[j] += x
                hr1i[j] += x * hrab
                hl1i[j] += x * (hlj[a] + hlj[b])
    for j in totals_l:
        hlj = info_l[j][1]
        col = [(i, pairs[i] + 2 * (i == j), info_r[i][1], hr2[i], hl2[i]) for i in totals_r]
        for c, d, ways in unordered[j]:
            fc, fd = fix[c], fix[d]
            hlcd = hlj[c] + hlj[d]
            for i, base, hri, hr2i, hl2i in col:
                x = ways * (base + fc[i] + fd[i])
                hr2i[j] += x * (hri[c] + hri[d])
                hl2i[j] += x * hlcd
    z = [0, 0, 0, 0]
    s_r = [0, 0, 0, 0]
    s_l = [0, 0, 0, 0]
    d_r = [0, 0, 0, 0]
    d_l = [0, 0, 0, 0]
    for i in totals_r:
        stand_r, _, all_r = info_r[i]
        for j in totals_l:
            stand_l, _, all_l = info_l[j]
            n = n4[i][j]
            k = 2 * (i == 5) + (j == 5)
            z[k] += n
            s_r[k] += n * stand_r
            s_l[k] += n * stand_l
            d_r[k] += n * all_r - hr1[i][j] - hr2[i][j]
            d_l[k] += n * all_l - hl1[i][j] - hl2[i][j]
    return (*map(_four, (z, s_r, s_l, d_r, d_l)),)


def decision_sums(
    counts: tuple[int, ...], banker: int, right_third: int | None, left_third: int | None
) -> tuple[tuple[int, int, int, int], ...]:
    """The exact integer sums behind :func:`advise`, by class of the two pair totals.

    ``counts`` are the unseen cards per value 0..9, ``banker`` the banker's
    two-card total, ``*_third`` a side's third card's value (``None``: it
    stood).  Returns ``(Z, SR, SL, DR, DL)``, each four sums indexed by
    ``k = 2 * right_class + left_class`` (class 1: the side's pair totals 5):
    ``Z`` the deals of the concealed pairs (ordered right pair, then left
    pair), ``S*``/``D*`` the banker's summed result (+1 win, -1 loss) against
    each side when standing / drawing (``D*`` still to be divided by the
    ``sum(counts) - 4`` cards the banker's third card comes from).  Cached.
    The study counts the same sums its own way, for every decision point at once
    (:mod:`banque.study.pair_deals`); the tests check the two against each other.
    """
    return _tables(tuple(counts), banker, right_third, left_third)


def clear_cache() -> None:
    """Forget the cached sums (:func:`advise` caches them per shoe state and hands)."""
    _tables.cache_clear()
    _joint.cache_clear()


def _four(xs: list[int]) -> tuple[int, int, int, int]:
    return xs[0], xs[1], xs[2], xs[3]


def _deals(
    counts: tuple[int, ...], totals_r: tuple[int, ...], totals_l: tuple[int, ...]
) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], list[int]]]:
    """Deals of both concealed pairs by their totals ``(i, j)``: how many (``N``), and how
    many of their four cards have each value, summed over those deals (``M``).

    The banker's third card then comes ``u[e] * N - M[e]`` ways from value ``e``: the
    unseen cards less the four concealed ones.  Counted as :func:`_tables` counts.
    """
    u = counts
    pairs = [
        sum(u[a] * (u[(t - a) % 10] - ((2 * a) % 10 == t)) for a in range(10)) for t in range(10)
    ]
    fix = [[2 * (((2 * a) % 10 == t) - u[(t - a) % 10]) for t in range(10)] for a in range(10)]
    unordered: list[list[tuple[int, int, int]]] = [[] for _ in range(10)]
    for a in range(10):
        for b in range(a, 10):
            ways = u[a] * (u[a] - 1) if a == b else 2 * u[a] * u[b]
            if ways > 0:
                unordered[(a + b) % 10].append((a, b, ways))
    n = {(i, j): 0 for i in totals_r for j in totals_l}
    m = {(i, j): [0] * 10 for i in totals_r for j in totals_l}
    for i in totals_r:  # the right pair's cards
        for a, b, ways in unordered[i]:
            fa, fb = fix[a], fix[b]
            for j in totals_l:
                x = ways * (pairs[j] + 2 * (i == j) + fa[j] + fb[j])
                n[i, j] += x
                row = m[i, j]
                row[a] += x
                row[b] += x
    for j in totals_l:  # the left pair's cards (dealing without replacement is exchangeable)
        for c, d, ways in unordered[j]:
            fc, fd = fix[c], fix[d]
            for i in totals_r:
                x = ways * (pairs[i] + 2 * (i == j) + fc[i] + fd[i])
                row = m[i, j]
                row[c] += x
                row[d] += x
    return n, m


@lru_cache(maxsize=4096)
def _joint(
    counts: tuple[int, ...],
    banker: int,
    right_third: int | None,
    left_third: int | None,
    settled: tuple[int | None, int | None],
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], int]:
    """The integer sums behind an advice with a payoff: for each class ``k`` of the two
    pair totals (as in :func:`_tables`), the deals ``Z[k]``, and for each of the nine
    pairs of results (:data:`_OUTCOMES`) how many deals end so if the banker stands
    (``S[k]``) and how many deals and third cards if it draws (``D[k]``, still to be
    divided by the cards the third card comes from, the last item).

    ``settled`` is the banker's known result against a side settled by its natural
    (its pair is shown, so only the other side's pair is concealed), else ``None``.
    """
    u = counts
    b = banker
    z = [0] * 4
    stand = [[0] * 9 for _ in range(4)]
    draw = [[0] * 9 for _ in range(4)]

    def final(t: int, third: int | None) -> int:
        return t if third is None else (t + third) % 10

    if settled == (None, None):
        totals_r = _STOOD_TOTALS if right_third is None else _DREW_TOTALS
        totals_l = _STOOD_TOTALS if left_third is None else _DREW_TOTALS
        n, m = _deals(u, totals_r, totals_l)
        cells = [
            (2 * (i == 5) + (j == 5), final(i, right_third), final(j, left_third), n[i, j], m[i, j])
            for i in totals_r
            for j in totals_l
        ]
        cards = sum(u) - 4
    else:
        # One side plays on: its pair is the only one concealed.
        on_right = settled[0] is None
        third = right_third if on_right else left_third
        known = settled[1] if on_right else settled[0]
        assert known is not None
        totals = _STOOD_TOTALS if third is None else _DREW_TOTALS
        n1 = dict.fromkeys(totals, 0)
        m1 = {t: [0] * 10 for t in totals}
        for a in range(10):
            for c in range(a, 10):
                t = (a + c) % 10
                if t not in n1:
                    continue
                ways = u[a] * (u[a] - 1) if a == c else 2 * u[a] * u[c]
                if ways > 0:
                    n1[t] += ways
                    m1[t][a] += ways
                    m1[t][c] += ways
        cells = []
        for t in totals:
            f = final(t, third)
            # the settled side's "final" is a stand-in: its result is fixed below
            cells.append(((2 if on_right else 1) * (t == 5), f, f, n1[t], m1[t]))
        cards = sum(u) - 2

    def outcome(total: int, fr: int, fl: int) -> int:
        if settled == (None, None):
            r, lt = _sign(total - fr), _sign(total - fl)
        elif settled[0] is None:
            r, lt = _sign(total - fr), settled[1]
        else:
            r, lt = settled[0], _sign(total - fl)
        return 3 * (r + 1) + (lt + 1)  # type: ignore[operator]

    for k, fr, fl, deals, ms in cells:
        if not deals:
            continue
        z[k] += deals
        stand[k][outcome(b, fr, fl)] += deals
        row = draw[k]
        for e in range(10):
            ways = deals * u[e] - ms[e]
            if ways:
                row[outcome((b + e) % 10, fr, fl)] += ways
    return (
        (*z,),
        tuple(tuple(x) for x in stand),
        tuple(tuple(x) for x in draw),
        cards,
    )


def _class_weights(s: _Inputs, z: tuple[int, ...]) -> tuple[tuple[int, int, int, int], int]:
    """The four classes' weights (scaled by p5's denominator squared) and the weighted deals."""
    # Class weights scaled by the denominator of p5 squared, to stay in integers.
    num, den = s.p5.numerator, s.p5.denominator
    five_r = num if s.right_third is not None else den - num
    five_l = num if s.left_third is not None else den - num
    weights = (den * den, den * five_l, den * five_r, five_r * five_l)
    total = sum(w * n for w, n in zip(weights, z, strict=True))
    if total == 0 and (five_r == 0 or five_l == 0):
        # What the sides did is impossible under p5: a side at 5 did what p5
        # says it never does (p5 = 0 and it drew, or p5 = 1 and it stood).
        # It did so all the same: weigh its 5 as possible, then, if that is
        # still not enough, both sides' 5s.
        for fr, fl in (
            (five_r or den, five_l),
            (five_r, five_l or den),
            (five_r or den, five_l or den),
        ):
            weights = (den * den, den * fl, den * fr, fr * fl)
            total = sum(w * n for w, n in zip(weights, z, strict=True))
            if total:
                break
    if total == 0:
        raise _no_pair_error()
    return weights, total


def _exact_payoff(s: _Inputs, payoff: tuple[tuple[int, ...], int]) -> ExactAdvice:
    """Each pair of results worth what the banker's fund actually gains on it."""
    z, stand_sums, draw_sums, cards = _joint(
        s.counts, s.banker, s.right_third, s.left_third, (s.right_result, s.left_result)
    )
    weights, total = _class_weights(s, z)
    worth, den = payoff
    stand = draw = 0
    for w, stand_row, draw_row in zip(weights, stand_sums, draw_sums, strict=True):
        if w:
            stand += w * sum(x * n for x, n in zip(worth, stand_row, strict=True))
            draw += w * sum(x * n for x, n in zip(worth, draw_row, strict=True))
    return _advice(Fraction(draw, den * total * cards), Fraction(stand, den * total))


def _advice(draw: Fraction, stand: Fraction) -> ExactAdvice:
    return ExactAdvice(draw=draw, stand=stand, best=_best(draw, stand))


def _exact(s: _Inputs) -> ExactAdvice:
    if s.payoff is not None:
        return _exact_payoff(s, s.payoff)
    z, s_r, s_l, d_r, d_l = _tables(s.counts, s.banker, s.right_third, s.left_third)
    weights, total = _class_weights(s, z)

    def weighted(sums: tuple[int, int, int, int]) -> int:
        return sum(w * n for w, n in zip(weights, sums, strict=True))

    rn, rd = s.right_stake.numerator, s.right_stake.denominator
    ln, ld = s.left_stake.numerator, s.left_stake.denominator
    scale = rd * ld * total
    stand = Fraction(rn * ld * weighted(s_r) + ln * rd * weighted(s_l), scale)
    draw = Fraction(rn * ld * weighted(d_r) + ln * rd * weighted(d_l), scale * (sum(s.counts) - 4))
    return ExactAdvice(draw=draw, stand=stand, best=_best(draw, stand))


def advise_exact(
    unseen: Unseen,
    banker: Sequence[str],
    right: SideInfo,
    left: SideInfo,
    p5: float | Fraction = Fraction(1, 2),
    fund: int | Fraction | None = None,
) -> ExactAdvice:
    """:func:`advise` with exact fractions (a float ``p5`` is taken exactly).

    >>> nothing = SideInfo(stake=0)
    >>> advise_exact(unseen_values(3, ["5C", "KD"]), ["5C", "KD"], nothing, nothing)
    ExactAdvice(draw=Fraction(0, 1), stand=Fraction(0, 1), best='stand')
    """
    return _exact(_inputs(unseen, banker, right, left, p5, fund))


def advise(
    unseen: Unseen,
    banker: Sequence[str],
    right: SideInfo,
    left: SideInfo,
    p5: float | Fraction = 0.5,
    fund: int | Fraction | None = None,
) -> Advice:
    """The banker's expected gain in chips if it draws and if it stands.

    ``unseen`` is what the banker has not seen: ten counts per value 0..9
    (as :func:`unseen_values` returns), a mapping value -> count, or the
    card codes themselves.  It must not include the banker's two cards or
    the sides' third cards, and does include the sides' concealed pairs.
    ``banker`` is the banker's two cards (a total of 0 to 7).  ``p5`` is the
    chance that a side at 5 draws.  Raises :class:`ValueError` on input that
    cannot happen.

    ``fund``: the most the bank can lose, where a losing bank pays in order only
    as far as its fund goes (classic, hoyle: ``None``, the bank always pays in
    full).  A side settled already by its natural (per-side naturals) says so by
    its ``result``: its cards are then seen, not among ``unseen``.  Either way each
    outcome is worth what the banker's fund actually gains or loses on it.

    Computed exactly with a few hundred integer sums (about 0.15 ms in
    CPython 3.11) and cached per unseen cards, banker total and third
    cards, so asking again with other stakes or ``p5`` costs about 15 us.
    :func:`clear_cache` empties that cache.

    >>> unseen = unseen_values(3, ["3H", "4S", "6C", "7D"])
    >>> a = advise(unseen, ["3H", "4S"], SideInfo(1, "6C"), SideInfo(1, "7D"))
    >>> a.best
    'stand'
    >>> short = advise(unseen, ["3H", "4S"], SideInfo(13, "6C"), SideInfo(9, "7D"), fund=10)
    >>> short.stand >= -10
    True
    """
    return _exact(_inputs(unseen, banker, right, left, p5, fund)).to_float()


# ---------------------------------------------------------------- reference


def reference_advise(
    unseen: Unseen,
    banker: Sequence[str],
    right: SideInfo,
    left: SideInfo,
    p5: float | Fraction = Fraction(1, 2),
) -> ExactAdvice:
    """Straightforward exact enumeration, the yardstick for :func:`advise`.

    Nested loops over the values of the right pair, the left pair and the
    banker's third card, each weighted by how many such cards remain, all in
    :class:`~fractions.Fraction`.  Same inputs and checks as :func:`advise`, with
    both sides in play and the bank paying in full.
    """
    if getattr(right, "result", None) is not None or getattr(left, "result", None) is not None:
        raise ValueError("the reference counts sides still in play only, and no fund's limit")
    s = _inputs(unseen, banker, right, left, p5)
    p = s.p5
    five = {
        "right": p if s.right_third is not None else 1 - p,
        "left": p if s.left_third is not None else 1 - p,
    }
    # What the sides did may be impossible under p5 (p5 = 0 and a side at 5
    # drew): then that side's 5 weighs 1, as in the fast advisor.
    tries = [(five["right"], five["left"])]
    if five["right"] == 0 or five["left"] == 0:
        tries += [
            (five["right"] or Fraction(1), five["left"]),
            (five["right"], five["left"] or Fraction(1)),
            (five["right"] or Fraction(1), five["left"] or Fraction(1)),
        ]
    for five_r, five_l in tries:
        total_weight, draw_sum, stand_sum = _reference_sums(s, five_r, five_l)
        if total_weight:
            break
    if total_weight == 0:
        raise _no_pair_error()
    draw = draw_sum / total_weight
    stand = stand_sum / total_weight
    return ExactAdvice(draw=draw, stand=stand, best=_best(draw, stand))


def _reference_sums(
    s: _Inputs, five_r: Fraction, five_l: Fraction
) -> tuple[Fraction, Fraction, Fraction]:
    """The reference's nested loops, a side's 5 weighing ``five_r`` / ``five_l``."""
    counts = list(s.counts)

    def weight(third: int | None, total: int, five: Fraction) -> Fraction:
        if third is None:  # stood: 5, 6 or 7
            return Fraction(1) if total in (6, 7) else (five if total == 5 else Fraction(0))
        return Fraction(1) if total <= 4 else (five if total == 5 else Fraction(0))

    def final(third: int | None, total: int) -> int:
        return total if third is None else (total + third) % 10

    def gain(banker_total: int, side_total: int, stake: Fraction) -> Fraction:
        if banker_total > side_total:
            return stake
        if banker_total < side_total:
            return -stake
        return Fraction(0)

    total_weight = Fraction(0)
    draw_sum = Fraction(0)
    stand_sum = Fraction(0)
    for a in range(10):
        ways_a = counts[a]
        if ways_a == 0:
            continue
        counts[a] -= 1
        for b in range(10):
            ways_b = counts[b]
            if ways_b == 0:
                continue
            counts[b] -= 1
            weight_r = weight(s.right_third, (a + b) % 10, five_r)
            final_r = final(s.right_third, (a + b) % 10)
            for c in range(10):
                ways_c = counts[c]
                if weight_r == 0 or ways_c == 0:
                    continue
                counts[c] -= 1
                for d in range(10):
                    ways_d = counts[d]
                    if ways_d == 0:
                        continue
                    counts[d] -= 1
                    weight_l = weight(s.left_third, (c + d) % 10, five_l)
                    if weight_l != 0:
                        final_l = final(s.left_third, (c + d) % 10)
                        w = Fraction(ways_a * ways_b * ways_c * ways_d) * weight_r * weight_l
                        total_weight += w
                        stand_sum += w * (
                            gain(s.banker, final_r, s.right_stake)
                            + gain(s.banker, final_l, s.left_stake)
                        )
                        remaining = sum(counts)
                        for e in range(10):
                            if counts[e] == 0:
                                continue
                            drawn = (s.banker + e) % 10
                            draw_sum += (
                                w
                                * Fraction(counts[e], remaining)
                                * (
                                    gain(drawn, final_r, s.right_stake)
                                    + gain(drawn, final_l, s.left_stake)
                                )
                            )
                    counts[d] += 1
                counts[c] += 1
            counts[b] += 1
        counts[a] += 1
    return total_weight, draw_sum, stand_sum


# ---------------------------------------------------------------- situations


@dataclass(frozen=True)
class Situation:
    """A banker's decision point as the banker sees it (arguments of :func:`advise`)."""

    unseen: tuple[int, ...]
    banker: tuple[str, str]
    right: SideInfo
    left: SideInfo
    p5: Fraction


def random_situation(
    rng: random.Random,
    packs: int = PACKS,
    max_stake: int = 10,
    p5_choices: Sequence[Fraction] = (Fraction(1, 2),),
) -> Situation:
    """Deal a realistic decision point from a freshly shuffled shoe.

    A random number of cards is first burnt as earlier coups (keeping at
    least 9 for the coup), then hands are dealt until none is a natural;
    each side draws at 0-4, stands at 6-7 and at 5 draws with the chosen
    ``p5``.  Stakes are random whole numbers from 0 to ``max_stake``.  For
    benchmarks and tests.

    >>> s = random_situation(random.Random(7))
    >>> sum(s.unseen) >= MIN_UNSEEN and len(s.banker) == 2
    True
    """
    p5 = rng.choice(list(p5_choices))
    while True:
        shoe = full_shoe(packs)
        rng.shuffle(shoe)
        seen = shoe[: rng.randint(0, len(shoe) - 9)]
        cards = shoe[len(seen) :]
        right, left, banker = cards[0:2], cards[2:4], cards[4:6]
        if any(sum(card_value(c) for c in hand) % 10 >= 8 for hand in (right, left, banker)):
            continue
        pos = 6
        sides = []
        for hand in (right, left):
            total = sum(card_value(c) for c in hand) % 10
            draws = total <= 4 or (total == 5 and rng.random() < p5)
            third = None
            if draws:
                third = cards[pos]
                pos += 1
            sides.append(SideInfo(stake=rng.randint(0, max_stake), third=third))
        if len(cards) - pos < 1:
            continue
        known = seen + banker + [s.third for s in sides if s.third is not None]
        return Situation(
            unseen=tuple(unseen_values(packs, known)),
            banker=(banker[0], banker[1]),
            right=sides[0],
            left=sides[1],
            p5=p5,
        )
