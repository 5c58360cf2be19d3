"""The one-chance solutions of baccarat banque, exactly: each side draws at 5 with one
chance whatever its cards (Ethier & Lee's setting).

A side's values at 5 against the banker's best response (:func:`side_values`),
the chance that minimises the banker's edge with the other side's fixed
(:func:`best_q`), the independent cooperative solution (:func:`cooperative`), the
chance both sides share that minimises it (:func:`best_common_q`), the Nash
equilibrium at equal stakes (:func:`nash_equal_stakes`) and, with Ethier & Lee's
correlated cooperative one (:mod:`banque.study.correlated`), all of them at once
(:func:`one_chance_solutions`).  Everything is counted from
:class:`~banque.study.edge.EdgeModel`'s sums; the words are
:mod:`banque.study.solver`'s.

>>> model = EdgeModel.for_packs(1)
>>> v = side_values(model, (1, 1), (Fraction(1, 2), Fraction(1, 2)), "right")
>>> v.draw > v.stand  # a side at 5 does better drawing against this banker
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, getcontext
from fractions import Fraction
from typing import Any, Literal

from .bulk import counting
from .correlated import correlated_solution
from .edge import NATURAL, EdgeModel, Point, _check_q, _check_stakes, _drew

__all__ = [
    "Nash",
    "SideValues",
    "best_common_q",
    "best_q",
    "cooperative",
    "fraction_text",
    "nash_equal_stakes",
    "one_chance_solutions",
    "side_values",
]

Side = Literal["right", "left"]


def fraction_text(x: Fraction) -> str:
    """An exact fraction as text: ``3/8``, ``2``."""
    return f"{x.numerator}/{x.denominator}" if x.denominator != 1 else str(x.numerator)


@dataclass(frozen=True)
class SideValues:
    """A side's expected gain per chip it stakes, when it holds 5, drawing or standing.

    Against the banker's best response to ``q`` (the banker does not change
    its moves when the side deviates); both conditional on the coup reaching
    the decisions with that side at 5.
    """

    side: Side
    draw: Fraction
    stand: Fraction

    @property
    def better(self) -> str:
        return (
            "draw" if self.draw > self.stand else ("stand" if self.stand > self.draw else "either")
        )


def _banker_moves(
    model: EdgeModel, stakes: tuple[int, int], q: tuple[Fraction, Fraction]
) -> list[bool]:
    """The best response's move at each point (True: draw; ties stand)."""
    d = math.lcm(q[0].denominator, q[1].denominator)
    a_r, a_l = int(q[0] * d), int(q[1] * d)
    weights = {}
    for rd in (False, True):
        for ld in (False, True):
            w_r = a_r if rd else d - a_r
            w_l = a_l if ld else d - a_l
            weights[(rd, ld)] = (d * d, d * w_l, w_r * d, w_r * w_l)
    # Only the points whose sign may change over the square are weighed at q.
    prep = model._prepare(stakes, "best")
    moves = [s > 0 for s in prep.sign]
    deltas = prep.deltas
    for i in prep.unsure:
        key, x = deltas[i]
        w = weights[key]
        moves[i] = w[0] * x[0] + w[1] * x[1] + w[2] * x[2] + w[3] * x[3] > 0
    return moves


def side_values(
    model: EdgeModel,
    stakes: Sequence[int] | tuple[int, int],
    q: object,
    side: Side,
    banker_moves: list[bool] | None = None,
) -> SideValues:
    """The value of drawing and of standing at 5 for ``side``, against the best response."""
    st = _check_stakes(tuple(stakes))
    qq = _check_q(q)
    moves = banker_moves if banker_moves is not None else _banker_moves(model, st, qq)
    d = math.lcm(qq[0].denominator, qq[1].denominator)
    a_other = int((qq[1] if side == "right" else qq[0]) * d)
    # Classes where this side holds 5: k = 2, 3 (right) or 1, 3 (left).
    fives = (2, 3) if side == "right" else (1, 3)
    sums = {True: [0, 0], False: [0, 0]}  # drew? -> [banker's result, weight]
    right = side == "right"
    f5, f3 = fives
    for p, draw in zip(model.points, moves, strict=True):
        mine, other = (p.right, p.left) if right else (p.left, p.right)
        if mine == NATURAL:
            continue
        # The other side's class weights: class 0 -> d, class 1 -> w_other.
        w_other = a_other if _drew(other) else d - a_other
        res = (p.dr if draw else p.sr) if right else (p.dl if draw else p.sl)
        acc = sums[_drew(mine)]
        acc[0] += d * res[f5] + w_other * res[f3]
        acc[1] += d * p.z[f5] + w_other * p.z[f3]
    draw_v = Fraction(-sums[True][0], sums[True][1]) if sums[True][1] else Fraction(0)
    stand_v = Fraction(-sums[False][0], sums[False][1]) if sums[False][1] else Fraction(0)
    return SideValues(side, draw_v, stand_v)


def _edge_in_one_q(
    model: EdgeModel, stakes: tuple[int, int], side: Side, other: Fraction
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The banker's best-response gain as a function of one side's q, in exact pieces.

    Returns ``(fixed, ambiguous)``: ``fixed`` the sum ``alpha + beta * q`` of
    every point's stand value and of the draw-minus-stand it always takes,
    and each point whose choice changes inside [0, 1] as ``(alpha, beta)``
    of its draw-minus-stand (the banker adds it when positive).
    Integers over ``model.denominator * den(other)``.
    """
    d = other.denominator
    a = other.numerator
    # The points are grouped by what the sides did (EdgeModel._prepare): the moves
    # that never change are summed once; only the others are looked at one by one.
    prep = model._prepare(stakes, "best")
    fixed_a = fixed_b = 0
    for (rd, ld), x in prep.fixed.items():
        base, five = _line(x, rd, ld, side, a, d)
        fixed_a += base
        fixed_b += five
    ambiguous = []
    for rd, ld, x in prep.ambiguous:
        delta = _line(x, rd, ld, side, a, d)
        at0, at1 = delta[0], delta[0] + delta[1]
        if at0 >= 0 and at1 >= 0:
            fixed_a += delta[0]
            fixed_b += delta[1]
        elif at0 > 0 or at1 > 0:
            ambiguous.append(delta)
    return [(fixed_a, fixed_b)], ambiguous


def _line(
    x: tuple[int, int, int, int], right_drew: bool, left_drew: bool, side: Side, a: int, d: int
) -> tuple[int, int]:
    """Class sums ``x`` as ``alpha + beta * q`` of ``side``'s q, the other's at ``a / d``."""
    if side == "right":
        # classes: 0 (d, d), 1 (d, w_o), 2 (wr, d), 3 (wr, w_o) with wr = q or 1 - q.
        w_o = a if left_drew else d - a
        base = d * x[0] + w_o * x[1]
        five = d * x[2] + w_o * x[3]
        drew = right_drew
    else:
        w_o = a if right_drew else d - a
        base = d * x[0] + w_o * x[2]
        five = d * x[1] + w_o * x[3]
        drew = left_drew
    # five weighs q (drew) or 1 - q (stood)
    return (base, five) if drew else (base + five, -five)


def best_q(
    model: EdgeModel, stakes: Sequence[int] | tuple[int, int], side: Side, other: object
) -> tuple[Fraction, Fraction, Fraction]:
    """The ``q`` of ``side`` that minimises the banker's edge (best response), the other's fixed.

    The edge is convex and piecewise linear in one side's ``q``, its pieces
    meeting where one of the banker's choices changes: the slopes, whole
    numbers, tell where it is lowest, and it is evaluated exactly there.
    Returns ``(low, high, edge)``: the minimisers form ``[low, high]`` (often
    a single point) and ``edge`` is the minimum, per chip staked.
    """
    st = _check_stakes(tuple(stakes))
    oq = _check_q(other)[0]
    fixed, ambiguous = _edge_in_one_q(model, st, side, oq)
    alpha, beta = fixed[0]
    # One sweep along q: each point's draw-minus-stand a + b q counts where it is
    # positive, so the edge is linear between the roots (all inside (0, 1)), and convex:
    # its slope only rises, root after root.  The minimisers run from the first place
    # where the slope stops falling to the first where it rises.
    level, slope = alpha, beta
    for a, b in ambiguous:
        if a > 0:
            level, slope = level + a, slope + b
    # (in order of their correctly rounded floats -- the exact order but for equal
    # floats, which are then put in exact order)
    roots = sorted(ambiguous, key=lambda ab: -ab[0] / ab[1])
    i = 0
    while i < len(roots) - 1:
        j = i + 1
        x = -roots[i][0] / roots[i][1]
        while j < len(roots) and -roots[j][0] / roots[j][1] == x:
            j += 1
        if j - i > 1:
            roots[i:j] = sorted(roots[i:j], key=lambda ab: Fraction(-ab[0], ab[1]))
        i = j
    # From q = 0, place after place (equal roots at once), on the piece to the right.
    low: Fraction | None = None
    low_value = Fraction(0)
    at, i = Fraction(0), 0
    while True:
        if low is None and slope >= 0:
            low, low_value = at, level + slope * at
        if low is not None and slope > 0:
            high = at
            break
        if i == len(roots):  # falling or flat to q = 1
            if low is None:
                low, low_value = Fraction(1), Fraction(level + slope)
            high = Fraction(1)
            break
        at = Fraction(-roots[i][0], roots[i][1])
        while i < len(roots) and roots[i][0] * at.denominator == -roots[i][1] * at.numerator:
            a, b = roots[i]
            if b < 0:  # positive below its root, no longer above
                level, slope = level - a, slope - b
            else:
                level, slope = level + a, slope + b
            i += 1
    scale = model.denominator * oq.denominator * sum(st)
    return low, high, low_value / scale + model.naturals_share(st)


def cooperative(
    model: EdgeModel, stakes: Sequence[int] | tuple[int, int], start: object = Fraction(1, 2)
) -> tuple[tuple[Fraction, Fraction], Fraction, int]:
    """The sides' joint choice ``(qR, qL)`` that lowers the banker's edge most.

    Exact coordinate descent: each side in turn takes its exact minimising
    ``q`` (:func:`best_q`, kept to 12 digits) with the other's fixed, until
    neither moves or the edge stops falling.
    Returns the point, the banker's edge there and the rounds taken.  The
    point is a minimum along each side's ``q``; README compares it with a
    grid of the whole square.
    """
    st = _check_stakes(tuple(stakes))
    q_r, q_l = _check_q(start)
    value = model.edge(st, (q_r, q_l), "best").total
    for rounds in range(1, 51):
        low, high, _ = best_q(model, st, "right", q_l)
        new_r = q_r if low <= q_r <= high else low.limit_denominator(10**12)
        low, high, _ = best_q(model, st, "left", new_r)
        new_l = q_l if low <= q_l <= high else low.limit_denominator(10**12)
        # Each step's exact minimiser is kept to 12 digits (its fractions would
        # otherwise grow at every round); the edge is then counted exactly there.
        new_value = model.edge(st, (new_r, new_l), "best").total
        if (new_r, new_l) == (q_r, q_l) or new_value >= value - value * Fraction(1, 10**12):
            if new_value < value:
                q_r, q_l, value = new_r, new_l, new_value
            return (q_r, q_l), value, rounds
        q_r, q_l, value = new_r, new_l, new_value
    return (q_r, q_l), value, 50


@counting()
def one_chance_solutions(
    model: EdgeModel, stakes: Sequence[int] | tuple[int, int], q: object = Fraction(1, 2)
) -> dict[str, Any]:
    """The solutions where each side has one chance of drawing at 5, exact: Ethier &
    Lee's correlated cooperative one, the independent cooperative one (its descent
    started from ``q`` and from the best common ``q``, the lower kept) and, at equal
    stakes, the Nash equilibrium among such strategies."""
    st = _check_stakes(tuple(stakes))
    qq = _check_q(q)
    common = best_common_q(model, st)
    coop, coop_edge, rounds = cooperative(model, st, qq)
    # The descent from the best common q may end lower: keep the lower.
    start = common[0].limit_denominator(10**12)
    other = cooperative(model, st, (start, start))
    if other[1] < coop_edge:
        coop, coop_edge, rounds = other
    return {
        "correlated": correlated_solution(model, st),
        "nash": nash_equal_stakes(model) if st[0] == st[1] else None,
        "common": common,
        "stakes": st,
        "cooperative": (coop, coop_edge, rounds),
    }


# ---------------------------------------------------------------- Nash equilibrium


def _gap(
    model: EdgeModel,
    st: tuple[int, int],
    q: tuple[Fraction, Fraction],
    side: Side,
    moves: list[bool] | None = None,
) -> Fraction:
    """Drawing minus standing at 5 for ``side``, against the banker's moves (default: best)."""
    v = side_values(model, st, q, side, moves if moves is not None else _banker_moves(model, st, q))
    return v.draw - v.stand


def _delta_poly(p: Point, st: tuple[int, int]) -> tuple[int, int, int, int]:
    """A point's draw-minus-stand as ``a + b qR + c qL + d qR qL`` (integers)."""
    r, lft = st
    x = [r * (p.dr[k] - p.sr[k]) + lft * (p.dl[k] - p.sl[k]) for k in range(4)]
    # w = (1, wL, wR, wR wL); wR = qR (drew) or 1 - qR (stood), wL likewise.
    rr = (0, 1) if _drew(p.right) else (1, -1)  # wR = rr[0] + rr[1] qR
    ll = (0, 1) if _drew(p.left) else (1, -1)
    a = x[0] + ll[0] * x[1] + rr[0] * x[2] + rr[0] * ll[0] * x[3]
    b = rr[1] * x[2] + rr[1] * ll[0] * x[3]
    c = ll[1] * x[1] + rr[0] * ll[1] * x[3]
    d = rr[1] * ll[1] * x[3]
    return a, b, c, d


class _RightOnDiagonal:
    """The right side's draw-minus-stand at 5 on ``qR = qL = q`` (equal stakes), against
    the banker's best response, for ``0 < q < 1``: the points whose move keeps one sign
    over all of [0, 1] are summed once (as polynomials in ``q``); only the others are
    decided at each ``q``."""

    def __init__(self, model: EdgeModel) -> None:
        # sums[drew] = [result c0, c1, weight c0, c1] (linear in q: the left's 5).
        self.fixed = {True: [0, 0, 0, 0], False: [0, 0, 0, 0]}
        self.open: list[
            tuple[int, int, int, int, bool, tuple[int, int, int, int], tuple[int, int]]
        ] = []
        prep = model._prepare((1, 1), "best")
        for index, (p, (keys, x), sign) in enumerate(
            zip(model.points, prep.deltas, prep.sign, strict=True)
        ):
            if p.right == NATURAL:
                continue
            o0, o1 = (0, 1) if _drew(p.left) else (1, -1)
            draw = (p.dr[2] + o0 * p.dr[3], o1 * p.dr[3])
            stand = (p.sr[2] + o0 * p.sr[3], o1 * p.sr[3])
            weight = (p.z[2] + o0 * p.z[3], o1 * p.z[3])
            mine = keys[0]
            if sign:  # one strict sign over the whole square: over its diagonal too
                up = sign > 0
            else:
                a, b, d = _diagonal(x, *keys)  # a + b q + d q^2 on qR = qL = q
                if not _no_root_inside(a, b, d):
                    self.open.append((index, a, b, d, mine, (*draw, *stand), weight))
                    continue
                up = a > 0
            res = draw if up else stand
            acc = self.fixed[mine]
            acc[0] += res[0]
            acc[1] += res[1]
            acc[2] += weight[0]
            acc[3] += weight[1]

    def gap(self, q: Fraction, force: dict[int, bool] | None = None) -> Fraction:
        """The gap at ``q`` in [0, 1] (a point of ``force``, by its index: that move)."""
        n, d = q.numerator, q.denominator
        # In integers: each linear sum times d, each quadratic times d * d.
        sums = {k: [v[0] * d + v[1] * n, v[2] * d + v[3] * n] for k, v in self.fixed.items()}
        dd, nd, nn = d * d, n * d, n * n
        for index, c0, c1, c2, mine, moves, weight in self.open:
            acc = sums[mine]
            draws = force.get(index) if force else None
            if draws is None:
                draws = c0 * dd + c1 * nd + c2 * nn > 0
            if draws:
                acc[0] += moves[0] * d + moves[1] * n
            else:
                acc[0] += moves[2] * d + moves[3] * n
            acc[1] += weight[0] * d + weight[1] * n
        draw = Fraction(-sums[True][0], sums[True][1]) if sums[True][1] else Fraction(0)
        stand = Fraction(-sums[False][0], sums[False][1]) if sums[False][1] else Fraction(0)
        return draw - stand


@dataclass(frozen=True)
class Nash:
    """A symmetric Nash equilibrium at equal stakes (each side for itself).

    Both sides draw at 5 with chance ``q``; the banker plays its best response
    and, at the decision point(s) ``where`` it is indifferent, draws with
    chance ``mixing``, which leaves each side indifferent at 5.  ``q`` solves
    ``a q^2 + b q + c = 0`` (``quadratic``), the banker's indifference there.
    """

    q: float
    quadratic: tuple[int, int, int]
    where: tuple[Point, ...]
    mixing: float
    edge: float


def nash_equal_stakes(model: EdgeModel, tolerance: Fraction = Fraction(1, 10**15)) -> Nash | None:
    """The symmetric Nash equilibrium at equal stakes, or None if none is found this way.

    Along the diagonal ``qR = qL = q`` a side's gain from drawing at 5 (against
    the banker's best response) falls by jumps, where one of the banker's
    choices changes.  Bisection finds the jump where it changes sign; the
    points whose choice changes there (one point, or a point and its mirror)
    give the exact equation of ``q`` (a quadratic: each point's
    draw-minus-stand is bilinear in ``(qR, qL)``), and the banker's chance of
    drawing there that makes the side indifferent is solved from a linear
    equation (the gain is linear in it).  None when a pure ``q`` (0 or 1) is
    the answer or the jump is not found.
    """
    st = (1, 1)
    diagonal = _RightOnDiagonal(model)

    def gap(q: Fraction) -> Fraction:
        # The fixed points keep one strict sign on all of [0, 1], ends included.
        return diagonal.gap(q)

    lo, hi = Fraction(0), Fraction(1)
    if gap(lo) <= 0 or gap(hi) >= 0:
        return None
    while hi - lo > tolerance:
        mid = (lo + hi) / 2
        mid = mid.limit_denominator(int(4 / tolerance))
        if mid in (lo, hi):
            break
        if gap(mid) > 0:
            lo = mid
        else:
            hi = mid
    before, after = _banker_moves(model, st, (lo, lo)), _banker_moves(model, st, (hi, hi))
    changed = [i for i, (x, y) in enumerate(zip(before, after, strict=True)) if x != y]
    if not changed or len(changed) > 2:
        return None
    a, b, c, d = _delta_poly(model.points[changed[0]], st)
    # On the diagonal: a + (b + c) q + d q^2 = 0 (in lowest terms, leading term positive).
    g = math.gcd(d, b + c, a) or 1
    g = -g if (d or b + c) < 0 else g
    quad = (d // g, (b + c) // g, a // g)
    if d == 0:
        roots = [Fraction(-a, b + c)] if b + c else []
    else:
        disc = (b + c) ** 2 - 4 * d * a
        if disc < 0:
            return None
        getcontext().prec = 50
        root = Decimal(disc).sqrt()
        roots = [
            Fraction((-Decimal(b + c) + sign * root) / (2 * Decimal(d))).limit_denominator(10**40)
            for sign in (1, -1)
        ]
    inside = [x for x in roots if lo - tolerance <= x <= hi + tolerance]
    if not inside:
        return None
    q = inside[0]
    # The side's gain is linear in the banker's chance of drawing at the point(s).
    opened = {entry[0] for entry in diagonal.open}
    if all(i in opened or model.points[i].right == NATURAL for i in changed):
        g_stand = diagonal.gap(q, dict.fromkeys(changed, False))
        g_draw = diagonal.gap(q, dict.fromkeys(changed, True))
    else:  # (not met: a changed point's sign changes inside, so it is open)
        moves = list(before)
        for i in changed:
            moves[i] = False
        g_stand = _gap(model, st, (q, q), "right", moves)
        for i in changed:
            moves[i] = True
        g_draw = _gap(model, st, (q, q), "right", moves)
    if g_draw == g_stand:
        return None
    mixing = -g_stand / (g_draw - g_stand)
    if not 0 <= mixing <= 1:
        return None
    edge = float(model.edge(st, (q.limit_denominator(10**15),) * 2).total)
    return Nash(float(q), quad, tuple(model.points[i] for i in changed), float(mixing), edge)


def _diagonal(x: Sequence[int], right_drew: bool, left_drew: bool) -> tuple[int, int, int]:
    """``sum_k w_k x_k`` on ``qR = qL = q`` as ``c0 + c1 q + c2 q^2``."""
    ar, br = (0, 1) if right_drew else (1, -1)  # wR = ar + br q
    al, bl = (0, 1) if left_drew else (1, -1)
    c0 = x[0] + x[1] * al + x[2] * ar + x[3] * ar * al
    c1 = x[1] * bl + x[2] * br + x[3] * (ar * bl + br * al)
    c2 = x[3] * br * bl
    return c0, c1, c2


def _no_root_inside(c0: int, c1: int, c2: int) -> bool:
    """Whether ``c0 + c1 q + c2 q^2`` keeps one strict sign on all of [0, 1] (exact,
    integers only: the same sign at both ends and no turning point inside that
    reaches zero)."""
    f0, f1 = c0, c0 + c1 + c2
    if f0 == 0 or f1 == 0 or (f0 > 0) != (f1 > 0):
        return False
    if c2 == 0:
        return True
    # The vertex -c1 / (2 c2) inside (0, 1), and real roots: both roots are inside.
    inside = 0 < -c1 * (1 if c2 > 0 else -1) < 2 * abs(c2)
    return not (inside and c1 * c1 - 4 * c2 * c0 >= 0)


def _roots_inside(c0: int, c1: int, c2: int) -> list[tuple[Fraction, str]]:
    """Roots of ``c0 + c1 q + c2 q^2`` strictly inside (0, 1), with an exact description."""
    if _no_root_inside(c0, c1, c2):
        return []
    if c2 == 0:
        if c1 == 0:
            return []
        x = Fraction(-c0, c1)
        return [(x, fraction_text(x))] if 0 < x < 1 else []
    disc = c1 * c1 - 4 * c2 * c0
    if disc < 0:
        return []
    getcontext().prec = 60
    root = Decimal(disc).sqrt()
    out = []
    g = math.gcd(c2, c1, c0) * (-1 if c2 < 0 else 1)
    text = f"a root of {c2 // g} q² {'+' if c1 >= 0 else '−'} {abs(c1 // g)} q {'+' if c0 >= 0 else '−'} {abs(c0 // g)} = 0"
    for sign in (1, -1):
        x = Fraction((-Decimal(c1) + sign * root) / (2 * Decimal(c2))).limit_denominator(10**45)
        if 0 < x < 1:
            exact = math.isqrt(disc) ** 2 == disc
            out.append((x, fraction_text(x) if exact else text))
    return out


def best_common_q(
    model: EdgeModel, stakes: Sequence[int] | tuple[int, int] = (1, 1)
) -> tuple[Fraction, str, Fraction]:
    """The ``q`` both sides share that minimises the best-responding banker's edge.

    On ``qR = qL = q`` each point's values are quadratics in ``q``: the edge
    is a sum of quadratics and of maxima of quadratics, a quadratic between
    the points where one of the banker's choices changes (roots of
    quadratics).  Its minimum is at 0, 1, one of those points or the vertex of
    a piece: all are tried.  Returns ``q`` (to 45 digits when irrational),
    how it is exactly known, and the edge per chip there.
    """
    st = _check_stakes(tuple(stakes))
    r, lft = st
    base = [0, 0, 0]
    toggles: list[tuple[Fraction, str, tuple[int, int, int]]] = []
    # The points whose move is the same over the whole square are summed by what the
    # sides did (EdgeModel._prepare): one quadratic each; only the others may toggle.
    prep = model._prepare(st, "best")
    for (rd, ld), x in prep.fixed.items():
        for k, c in enumerate(_diagonal(x, rd, ld)):
            base[k] += c
    for rd, ld, delta in prep.ambiguous:
        dpoly = _diagonal(delta, rd, ld)
        roots = _roots_inside(*dpoly)
        if dpoly[0] > 0 or (dpoly[0] == 0 and (dpoly[1] > 0 or (dpoly[1] == 0 and dpoly[2] > 0))):
            for k in range(3):
                base[k] += dpoly[k]  # active just above q = 0
            sign = -1
        else:
            sign = 1
        for x, text in sorted(roots) if len(roots) > 1 else roots:
            toggles.append((x, text, tuple(sign * c for c in dpoly)))  # type: ignore[arg-type]
            sign = -sign
    toggles.sort(key=lambda t: (float(t[0]), t[0]))  # floats first: exact only on ties
    scale = model.denominator * (r + lft)

    def value(poly: Sequence[int], x: Fraction) -> Fraction:
        return Fraction(poly[0]) + poly[1] * x + poly[2] * x * x

    # Every candidate in order, with the piece's quadratic; screened in floats (far
    # above their rounding), then the few near the lowest counted exactly.
    pieces: list[tuple[Fraction, str, tuple[int, int, int]]] = []
    poly = list(base)
    left_end, left_text = Fraction(0), "0"
    for x, text, change in [*toggles, (Fraction(1), "1", (0, 0, 0))]:
        here = (poly[0], poly[1], poly[2])
        pieces += [(left_end, left_text, here), (x, text, here)]
        if poly[2] > 0:
            vertex = Fraction(-poly[1], 2 * poly[2])
            if left_end < vertex < x:
                pieces.append((vertex, fraction_text(vertex), here))
        for k in range(3):
            poly[k] += change[k]
        left_end, left_text = x, text
    rough = []
    for q, _text, (c0, c1, c2) in pieces:
        f = float(q)
        rough.append((c0 + c1 * f + c2 * f * f, 1e-9 * (abs(c0) + abs(c1) + abs(c2))))
    low = min(v + e for v, e in rough)
    best: tuple[Fraction, Fraction, str] | None = None
    for (q, q_text_, p), (v, e) in zip(pieces, rough, strict=True):
        if v - e > low:
            continue
        exact = value(p, q)
        if best is None or exact < best[0]:
            best = (exact, q, q_text_)
    assert best is not None
    return best[1], best[2], best[0] / scale + model.naturals_share(st)
