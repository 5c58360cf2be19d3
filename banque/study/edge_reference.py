"""A second, plain count of the banker's edge: the advisor's values over every deal.

:mod:`banque.study.edge` computes the edge from decision points sorted and summed
once.  This module counts it the plain way, for checking and as a baseline:
every decision point of a shoe (the banker's pair, what each side did), its
chance counted by nested loops over the sides' concealed pairs, and the
advisor (:func:`banque.games.banque.advisor.advise_exact`) called once per point.  Slow
(seconds for three packs) and independent of the edge's own algebra: the
tests prove both counts equal, the benchmark prints this one's time as the
baseline.  The sides draw at 5 half the time.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from ..games.banque.advisor import SideInfo, advise_exact, unseen_values

HALF = Fraction(1, 2)
CODES = ["TC", "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]

__all__ = ["advisor_average"]


def _pair_total_ways(u: tuple[int, ...], total: int) -> int:
    return sum(u[a] * (u[(total - a) % 10] - ((2 * a) % 10 == total)) for a in range(10))


@cache
def _actions_weight(u: tuple[int, ...], right_drew: bool, left_drew: bool) -> int:
    """Ordered card ways of the concealed pairs fitting what the sides did, at q = 1/2.

    Counted in half-weights (a side's 5 weighs 1, any other fitting total 2), so in
    integers: four times the chance-weight.
    """

    def weight(drew: bool, total: int) -> int:
        if total >= 8:
            return 0
        if total == 5:
            return 1
        return 2 * int(drew == (total <= 4))

    left_totals = [(t, weight(left_drew, t)) for t in range(10) if weight(left_drew, t)]
    out = 0
    for a in range(10):
        for b in range(a, 10):
            ways = u[a] * (u[b] - (a == b)) * (1 if a == b else 2)
            w_r = weight(right_drew, (a + b) % 10)
            if not ways or not w_r:
                continue
            rest = list(u)
            rest[a] -= 1
            rest[b] -= 1
            left = sum(w * _pair_total_ways(tuple(rest), t) for t, w in left_totals)
            out += ways * w_r * left
    return out


def advisor_average(packs: int, stakes: tuple[int, int]) -> tuple[Fraction, Fraction]:
    """The decision coups' share of the banker's gain per chip staked, from a fresh
    shoe of ``packs`` packs: ``(table, best)`` — the banker drawing at 0–5 and
    standing at 6–7, and the banker taking the advisor's better move."""
    counts = unseen_values(packs)
    n = sum(counts)
    table = best = Fraction(0)
    for a in range(10):
        for b in range(a, 10):
            if (a + b) % 10 >= 8:
                continue
            ways_b = counts[a] * (counts[b] - (a == b)) * (1 if a == b else 2)
            if not ways_b:
                continue
            u0 = list(counts)
            u0[a] -= 1
            u0[b] -= 1
            for r in [None, *range(10)]:
                for lft in [None, *range(10)]:
                    u = list(u0)
                    ways_t = 1
                    for third in (r, lft):
                        if third is not None:
                            ways_t *= u[third]
                            u[third] -= 1
                    if not ways_t:
                        continue
                    weight = _actions_weight(tuple(u), r is not None, lft is not None)
                    if not weight:
                        continue
                    chance = Fraction(ways_b * ways_t * weight, 4)
                    for i in range(6 + (r is not None) + (lft is not None)):
                        chance /= n - i
                    adv = advise_exact(
                        u,
                        [CODES[a], CODES[b]],
                        SideInfo(stakes[0], None if r is None else CODES[r]),
                        SideInfo(stakes[1], None if lft is None else CODES[lft]),
                        HALF,
                    )
                    table += chance * (adv.draw if (a + b) % 10 <= 5 else adv.stand)
                    best += chance * max(adv.draw, adv.stand)
    return table / sum(stakes), best / sum(stakes)
