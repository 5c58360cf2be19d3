"""Ethier & Lee's correlated cooperative solution of banque: the two sides as one team.

Ethier & Lee (2015, *Games* 6, "On the three-person game baccara banque") study
the sides' choice at 5 as a two-person zero-sum game: the banker against the two
sides together, who may **correlate** their choices (a shared random signal tells
each side whether to draw at 5).  Each side decides by its total only, as in the
scalar model: the team's pure strategies are the four pairs (right draws at 5?,
left draws at 5?), and the team mixes over them with chances ``pi``.

Every decision point's sums (:mod:`banque.study.edge`) are linear in the chance
that each side's 5 did what it did, so against each of the team's four pure
strategies a point's draw-minus-stand is a number (the point's value at a corner
of the ``(qR, qL)`` square).  The banker's best edge against ``pi`` is

    f(pi) = sum_j pi_j C_j + sum_i max(0, sum_j pi_j A_ij)

(``C_j``: the stand values and the draws that gain against every pure strategy;
``A_ij``: point ``i``'s draw-minus-stand where the sign changes).  The team
minimises ``f``: a linear program with four rows on the banker's side (maximise
``v`` with ``v <= C_j + sum_i A_ij x_i``, ``0 <= x_i <= 1``, ``x_i`` the
banker's chance of drawing at point ``i``), solved here by an exact simplex in
fractions.  Its answer is checked exactly: the banker's mixing guarantees ``v``
against every pure strategy of the team, and the team's ``pi`` holds the
banker's best response to ``v`` -- the same number, so it is the value.

>>> from banque.study.edge import EdgeModel
>>> s = correlated_solution(EdgeModel.for_packs(1), (1, 1))
>>> sum(s.team) == 1 and s.checked
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import gcd as _gcd

from .edge import EdgeModel, Point, _check_stakes

__all__ = ["PURE", "Correlated", "correlated_solution"]

#: The team's pure strategies: (the right side draws at 5, the left side draws at 5).
PURE: tuple[tuple[bool, bool], ...] = ((False, False), (False, True), (True, False), (True, True))


def _at(x: Sequence[int], key: tuple[bool, bool], pure: tuple[bool, bool]) -> int:
    """Class sums ``x`` of a point (what the sides did: ``key``) against a pure strategy."""
    w_r = int(key[0] == pure[0])  # the right's 5 did what the strategy says: weight 1
    w_l = int(key[1] == pure[1])
    return x[0] + w_l * x[1] + w_r * x[2] + w_r * w_l * x[3]


@dataclass(frozen=True)
class Correlated:
    """The correlated cooperative solution (Ethier & Lee) for one shoe and stakes."""

    stakes: tuple[int, int]
    #: The team's chances of its four pure strategies (:data:`PURE` order).
    team: tuple[Fraction, Fraction, Fraction, Fraction]
    #: The banker's edge per chip staked (the game's value).
    edge: Fraction
    #: Where the banker mixes: each point and its chance of drawing there.
    mixing: tuple[tuple[Point, Fraction], ...]
    #: Both guarantees checked exactly equal (the answer is the value).
    checked: bool

    @property
    def marginals(self) -> tuple[Fraction, Fraction]:
        """Each side's chance of drawing at 5 (right, left)."""
        t = self.team
        return t[2] + t[3], t[1] + t[3]


def _simplex(costs: list[int], columns: list[list[int]]) -> tuple[list[Fraction], list[Fraction]]:
    """Maximise ``v`` subject to ``v <= costs[j] + sum_i columns[i][j] x_i``, ``0 <= x_i <= 1``.

    A bounded-variable primal simplex in exact arithmetic (the largest gain
    enters; after a step that gains nothing, Bland's rule, which cannot cycle).
    Rows are the ``m`` constraints ``v - sum_i a_ij x_i + s_j = c_j``; the
    variables are ``v`` (free, always basic), each ``x_i`` (bounds 0 and 1)
    and each slack ``s_j >= 0``.  Returns ``x`` and the rows' duals (the
    team's mixed strategy, summing to 1).
    """
    m, n = len(costs), len(columns)
    if m != 4:
        raise ValueError("the team has four pure strategies: four rows")
    # Variable k: 0 = v, 1..n = x, n+1..n+m = slacks; their columns in integers.
    cols = [[1] * m, *([-a for a in c] for c in columns)]
    cols += [[int(j == s) for j in range(m)] for s in range(m)]
    # A warm start: the banker's best response to the team's four strategies alike
    # (the x at 1), v the lowest row, the other rows' slacks basic.
    at_upper = {i + 1 for i, c in enumerate(columns) if sum(c) > 0}  # nonbasic x at 1
    # The columns of the x at their upper bound, summed (kept as they change).
    upper = [sum(cols[k][j] for k in at_upper) for j in range(m)]
    low = min(range(m), key=lambda j: costs[j] - upper[j])

    def flip(k: int, up: bool) -> None:
        if up == (k in at_upper):
            return
        sign = 1 if up else -1
        (at_upper.add if up else at_upper.discard)(k)
        for j in range(m):
            upper[j] += sign * cols[k][j]

    basis = [0 if j == low else n + 1 + j for j in range(m)]  # row j's basic variable
    bland = False
    inv: list[list[Fraction]] = []
    inverted: list[int] = []
    for _round in range(100_000):
        if basis != inverted:  # (a bound flip keeps the basis and its inverse)
            inv = _inverse([[Fraction(cols[k][j]) for k in basis] for j in range(m)])
            inverted = list(basis)
        rhs = [c - u for c, u in zip(costs, upper, strict=True)]
        values = [sum((inv[p][j] * rhs[j] for j in range(m)), Fraction(0)) for p in range(m)]
        # The objective is v alone: the duals are v's row of the inverse.
        at = basis.index(0)
        duals = inv[at]
        den = 1
        for y in duals:
            den = den * y.denominator // _gcd(den, y.denominator)
        dn = [int(y * den) for y in duals]
        basic = set(basis)
        entering, direction, best = None, 0, 0
        d0, d1, d2, d3 = dn
        for k in range(1, n + m + 1):
            if k in basic:
                continue
            col = cols[k]
            reduced = -(d0 * col[0] + d1 * col[1] + d2 * col[2] + d3 * col[3])  # times den
            gain = -reduced if k in at_upper else reduced
            if gain > best:
                entering, direction, best = k, (-1 if k in at_upper else 1), gain
                if bland:
                    break
        if entering is None:
            x = [Fraction(0)] * n
            for k in at_upper:
                x[k - 1] = Fraction(1)
            for p, k in enumerate(basis):
                if 1 <= k <= n:
                    x[k - 1] = values[p]
            return x, list(duals)
        col = cols[entering]
        change = [sum((inv[p][j] * col[j] for j in range(m)), Fraction(0)) for p in range(m)]
        # The entering variable moves by t in its direction: basic p moves by
        # -direction * t * change[p].
        step: Fraction | None = Fraction(1) if entering <= n else None
        leave = None
        for p, k in enumerate(basis):
            if k == 0:
                continue  # v is free
            rate = -direction * change[p]
            if rate < 0:
                t = values[p] / -rate
            elif rate > 0 and k <= n:
                t = (1 - values[p]) / rate
            else:
                continue
            if step is None or t < step or (t == step and leave is not None and k < basis[leave]):
                step, leave = t, p
        if step is None:
            raise ArithmeticError("the banker's linear program is unbounded")
        bland = step == 0
        if leave is None:  # the entering x runs to its other bound
            flip(entering, direction > 0)
            continue
        old = basis[leave]
        rate = -direction * change[leave]
        basis[leave] = entering
        flip(entering, False)
        if old <= n and rate > 0:
            flip(old, True)
    raise ArithmeticError("the banker's linear program did not settle")


def _inverse(a: list[list[Fraction]]) -> list[list[Fraction]]:
    """The inverse of a small square matrix (Gauss-Jordan, exact)."""
    size = len(a)
    rows = [[*row, *(Fraction(int(i == j)) for j in range(size))] for i, row in enumerate(a)]
    for c in range(size):
        pivot = next(r for r in range(c, size) if rows[r][c] != 0)
        rows[c], rows[pivot] = rows[pivot], rows[c]
        head = rows[c][c]
        rows[c] = [x / head for x in rows[c]]
        for r in range(size):
            if r != c and rows[r][c] != 0:
                f = rows[r][c]
                rows[r] = [x - f * y for x, y in zip(rows[r], rows[c], strict=True)]
    return [row[size:] for row in rows]


def correlated_solution(model: EdgeModel, stakes: Sequence[int] | tuple[int, int]) -> Correlated:
    """The sides as a team that correlates its choices at 5, against the best banker."""
    st = _check_stakes(tuple(stakes))
    prep = model._prepare(st, "best")
    costs = [sum(_at(x, key, pure) for key, x in prep.fixed.items()) for pure in PURE]
    ambiguous: list[tuple[int, list[int]]] = []
    # Only the points whose draw-minus-stand changes sign between the square's corners
    # (its values at the four pure strategies) can be worth the banker's mixing.
    for i, (rd, ld, x) in zip(prep.open, prep.ambiguous, strict=True):
        column = [_at(x, (rd, ld), pure) for pure in PURE]
        if min(column) < 0 < max(column):
            ambiguous.append((i, column))
    x, duals = _simplex(costs, [c for _i, c in ambiguous])
    team = tuple(duals)
    # The exact check: the banker's guarantee and the team's, the same number (in whole
    # numbers: the banker's chances over their common denominator, the team's over its).
    den_x = math.lcm(*(xi.denominator for xi in x))
    whole_x = [xi.numerator * (den_x // xi.denominator) for xi in x]
    banker_gets = Fraction(
        min(
            costs[j] * den_x
            + sum(xi * c[j] for xi, (_i, c) in zip(whole_x, ambiguous, strict=True))
            for j in range(len(PURE))
        ),
        den_x,
    )
    den_t = math.lcm(*(p.denominator for p in team))
    whole_t = [p.numerator * (den_t // p.denominator) for p in team]
    team_allows = Fraction(
        sum(p * c for p, c in zip(whole_t, costs, strict=True))
        + sum(max(0, sum(p * v for p, v in zip(whole_t, c, strict=True))) for _i, c in ambiguous),
        den_t,
    )
    ok = banker_gets == team_allows and all(p >= 0 for p in team) and sum(team) == 1
    scale = model.denominator * sum(st)
    edge = team_allows / scale + model.naturals_share(st)
    mixing = tuple(
        (model.points[i], xi) for xi, (i, _c) in zip(x, ambiguous, strict=True) if 0 < xi < 1
    )
    return Correlated(st, team, edge, mixing, ok)  # type: ignore[arg-type]
