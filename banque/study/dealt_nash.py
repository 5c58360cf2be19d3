"""The Nash equilibrium of baccarat banque as dealt, exactly.

Three players: the right side, the left side and the banker.  Each side is
bound to draw at 0-4 and to stand at 6-7 and chooses at 5, knowing its two
cards (0+5, 1+4, 2+3, 6+9 or 7+8); the left side also knows what the right
side did (stood, drew a card it shows, or, under the per-side rule, showed a
natural), and the right side whether the left showed a natural.  The banker
chooses at every decision point (:class:`~banque.study.edge.Point`: its pair,
what each side did) knowing the stakes.  Each side plays for itself (a Nash
equilibrium, Ethier & Lee's non-cooperative solution, here with each side's
full information).

How it is found.  The sums of :class:`~banque.study.dealt.DealtModel` make
every player's expected gain multilinear in the three strategies.  Once the
right side's moves are fixed, the game falls apart into one two-person game
per move of the right side (the left side at that move against the banker's
points after it), in which each player's indifference is *linear* in the
other's chances.  A short run of regret matching (floats) says which of the
left side's choices and the banker's points are mixed; the equilibrium is
then solved exactly from those supports (linear equations in fractions) and
*certified*: every player's best response is computed against it, in exact
arithmetic, and none gains anything (:attr:`DealtEquilibrium.exploitability`
is ``(0, 0, 0)``).  When the supports fail the check, the answer is ``None``
rather than an approximation.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core.naturals import NaturalRule
from ..games.banque.advisor import unseen_values
from .bulk import counting
from .dealt import DealtModel
from .dealt_game import (
    DealtGame,
    LeftKey,
    Number,
    RightKey,
    _affine,
    _Forms,
)
from .dealt_subgame import TINY, solve_square, solve_two, subgame, wider_search
from .edge import Point, _check_stakes

__all__ = ["DealtEquilibrium", "LeftKey", "RightKey", "dealt_equilibrium", "solve_dealt"]

#: A strategy profile: the right side's chances, the left side's, the banker's at each
#: live point (:attr:`DealtGame.points`).
Profile = tuple[dict[RightKey, Number], dict[LeftKey, Number], list[Number]]

#: The banker's forms at the right side's chance 0 and 1: ``(a0, a1, b0, b1)``.
_Ends = tuple[
    dict[int, Number],
    dict[int, Number],
    dict[int, dict[LeftKey, Number]],
    dict[int, dict[LeftKey, Number]],
]


@dataclass(frozen=True)
class DealtEquilibrium:
    """A Nash equilibrium of the game as dealt, certified exactly."""

    model: DealtModel
    stakes: tuple[int, int]
    #: Each side's chance of drawing at 5, by its information.
    right: dict[RightKey, Fraction]
    left: dict[LeftKey, Fraction]
    #: The banker's chance of drawing at each point (``model.points``' order).
    banker: tuple[Fraction, ...]
    #: The banker's edge per chip staked.
    edge: Fraction
    #: What a best response would gain against it, per chip staked: the banker
    #: (per chip staked on both sides), the right side, the left side.
    exploitability: tuple[Fraction, Fraction, Fraction]

    def mixed_points(self) -> list[tuple[Point, Fraction]]:
        """The banker's points where it mixes, with its chance of drawing there."""
        return [(p, y) for p, y in zip(self.model.points, self.banker, strict=True) if 0 < y < 1]


def _moves(game: DealtGame) -> list[int | None]:
    return list(game.moves)


def _solve_after(
    game: DealtGame,
    move: int | None,
    x_r: dict[RightKey, Number],
    guide_l: dict[LeftKey, float],
    guide_y: Sequence[float],
    forms: _Forms | None = None,
) -> tuple[dict[LeftKey, Fraction], dict[int, Fraction]] | None:
    """The left side against the banker after the right side's ``move``, exactly
    (:func:`~banque.study.dealt_subgame.subgame`; the guide only says which supports
    to try first)."""
    keys, idx, a, b, e, f = forms if forms is not None else game.forms(move, x_r)
    return subgame(keys, idx, a, b, e, f, guide_l, guide_y)


def _after_all(
    game: DealtGame,
    x_r: dict[RightKey, Number],
    guide_l: dict[LeftKey, float],
    guide_y: Sequence[float],
    skip: int | str | None = "none",
    mixed_at: RightKey | None = None,
) -> tuple[dict[LeftKey, Number], list[Number]] | None:
    """Every game after a right side's move (but ``skip``), solved for ``x_r`` (where
    the right side mixes at ``mixed_at`` only)."""
    x_l: dict[LeftKey, Number] = {}
    y: list[Number] = [0] * len(game.points)
    for move in _moves(game):
        if move == skip:
            continue
        forms = None if mixed_at is None else game.forms_at(move, x_r, mixed_at, x_r[mixed_at])
        found = _solve_after(game, move, x_r, guide_l, guide_y, forms)
        if found is None:
            return None
        xs, ys = found
        x_l.update(xs)
        for j, v in ys.items():
            y[j] = v
    return x_l, y


class _Lines:
    """The banker's draw-minus-stand at the ``chosen`` points of one candidate, each
    affine in the right side's chance ``t``: its value at ``t = 0`` and its change to
    ``t = 1``, for the point's constant and for each of the left side's choices (the
    ``pure`` ones, those not ``mixed``, with their moves), kept exactly and in floats
    (a root is looked for in floats, then exactly)."""

    def __init__(
        self,
        forms: _Ends,
        chosen: Sequence[int],
        mixed: Sequence[LeftKey],
        pure: dict[LeftKey, int],
    ) -> None:
        a0, a1, b0, b1 = forms
        # The last point's choices in the order of {**pure, **mixed} (their sum is taken in
        # that order, a float's rounding with it).
        order = [*pure, *(k for k in mixed if k not in pure)]

        def term(x0: Number, x1: Number) -> tuple[Number, Number]:
            return x0, x1 - x0

        rows = []
        for n, j in enumerate(chosen):
            const = term(a0[j], a1[j])
            coefs = [term(b0[j].get(k, 0), b1[j].get(k, 0)) for k in mixed]
            if n < len(chosen) - 1:
                # (a pure choice's term times its move: 0 or 1)
                fixed = [
                    term(b0[j].get(k, 0), b1[j].get(k, 0))
                    for k, v in pure.items()
                    if k not in mixed and v
                ]
                rows.append((const, fixed, coefs, []))
            else:
                last: list[tuple[int, Number, Number]] = []
                for k in order:
                    x0, dx = term(b0[j].get(k, 0), b1[j].get(k, 0))
                    if k in mixed:
                        last.append((mixed.index(k), x0, dx))
                    elif pure[k]:
                        last.append((-1, x0, dx))
                rows.append((const, [], coefs, last))
        self.exact = rows
        self.floats = [
            (
                (float(c[0]), float(c[1])),
                [(float(x), float(d)) for x, d in fixed],
                [(float(x), float(d)) for x, d in coefs],
                [(i, float(x), float(d)) for i, x, d in last],
            )
            for c, fixed, coefs, last in rows
        ]

    def h(self, t: Any, exact: bool) -> Any:
        """:meth:`last_delta`, in floats by :meth:`quick`."""
        return self.last_delta(t, True) if exact else self.quick(t)

    def quick(self, t: float) -> float | None:
        """:meth:`last_delta` in floats, the same operations in the same order (so the
        same float), written out where the left side mixes at two choices at most: a
        candidate's roots are scanned for at seventeen chances and more, and most
        candidates have none."""
        head = self.floats[:-1]
        (c0, dc), _fixed, _coefs, last = self.floats[-1]
        if not head:
            total: float = 0
            for _i, x, d in last:
                total += x + t * d
            return c0 + t * dc + total
        if len(head) == 1:
            (a0, da), fixed, ((x1, d1),), _l = head[0]
            const = a0 + t * da + sum(x + t * d for x, d in fixed)
            a, b = x1 + t * d1, -const
            if not abs(a) > TINY * max(1.0, abs(a), abs(b)):
                return None
            xs0 = b / a
            total = 0
            for i, x, d in last:
                total += (x + t * d) * (1 if i < 0 else xs0)
            return c0 + t * dc + total
        if len(head) == 2:
            xs = _two(head, t)
            if xs is None:
                return None
            total = 0
            for i, x, d in last:
                total += (x + t * d) * (1 if i < 0 else xs[i])
            return c0 + t * dc + total
        return self.last_delta(t, False)  # type: ignore[no-any-return]

    def mixes(self, t: Any, exact: bool = True) -> list[Any] | None:
        """The left side's mixed chances making the banker indifferent at every chosen
        point but the last when the right side's chance is ``t`` (None: no unique
        answer)."""
        rows = []
        for (c0, dc), fixed, coefs, _last in (self.exact if exact else self.floats)[:-1]:
            const = c0 + t * dc + sum(x + t * d for x, d in fixed)
            rows.append([x + t * d for x, d in coefs] + [-const])
        return solve_square(rows, exact) if rows else []

    def last_delta(self, t: Any, exact: bool = True) -> Any:
        """The banker's draw-minus-stand at the last chosen point, the left side mixing
        as :meth:`mixes` says (None: no unique answer)."""
        xs = self.mixes(t, exact)
        if xs is None:
            return None
        (c0, dc), _fixed, _coefs, last = (self.exact if exact else self.floats)[-1]
        total: Any = 0
        for i, x, d in last:
            total += (x + t * d) * (1 if i < 0 else xs[i])
        return c0 + t * dc + total


def _two(head: Sequence[Any], t: float) -> tuple[float, float] | None:
    """:meth:`_Lines.mixes` in floats for two equations (the rows as it makes them,
    solved by :func:`~banque.study.dealt_subgame.solve_two`)."""
    ((p0, dp), fixed_p, ((x00, d00), (x01, d01)), _l0), ((q0, dq), fixed_q, coefs_q, _l1) = head
    (x10, d10), (x11, d11) = coefs_q
    a0, a1 = x00 + t * d00, x01 + t * d01
    a2 = -(p0 + t * dp + sum(x + t * d for x, d in fixed_p))
    b0, b1 = x10 + t * d10, x11 + t * d11
    b2 = -(q0 + t * dq + sum(x + t * d for x, d in fixed_q))
    return solve_two(a0, a1, a2, b0, b1, b2)


def _bisect(
    h: Callable[[Any, bool], Any], a: Any, b: Any, va: Any, steps: int, exact: bool = False
) -> tuple[Any, Any]:
    """Halve ``[a, b]`` (``h`` changes sign there, ``va = h(a)``) ``steps`` times, in
    floats (exactly, :func:`_narrow` takes over), or in fractions with ``exact``; a
    value ``h`` cannot give stops it."""
    for _ in range(steps):
        mid = (a + b) / 2
        vm = h(mid, exact)
        if vm is None:
            break
        if (vm > 0) == (va > 0):
            a, va = mid, vm
        else:
            b = mid
    return a, b


#: An irrational root is read to 50 decimals: as the middle of the cell, one of the
#: :data:`ROOT_CELLS` of ``[0, 1]``, that holds it (:func:`_read`).
ROOT_CELLS = 10**50
#: An exact root is first narrowed to a bracket this wide: narrower than a cell.
ROOT_WIDTH = Fraction(1, 100 * ROOT_CELLS)


def _narrow(
    h: Callable[[Any, bool], Any], a: Fraction, b: Fraction, va: Any, vb: Any
) -> tuple[Fraction, Fraction]:
    """Narrow ``[a, b]`` (``h`` changes sign there: ``va``, ``vb``) to
    :data:`ROOT_WIDTH`, exactly.

    ``h`` is smooth there (a ratio of polynomials, close to a line): false position
    (rounded to 60 decimals inside the bracket) lands next to the root, and a second
    point past it, toward the other end, about twice ``|h|`` over the bracket's slope
    away (half a :data:`ROOT_WIDTH` at least), brackets it -- four values or so where
    a hundred and thirty halvings were.  Where it does not
    (``h`` far from a line, or no root but a change of sign through a pole), the
    Illinois rule (an end kept twice has its value halved) and a halving wherever a
    step fails to halve the bracket keep it narrowing."""
    kept = 0  # the end kept by the last step: -1 a, 1 b

    def probe(t: Fraction) -> bool:
        """``h`` at ``t`` taken into the bracket; False: stop (a root, or no value)."""
        nonlocal a, b, va, vb, kept
        v = h(t, True)
        if v is None or v == 0:
            if v == 0:
                a = b = t
            return False
        if (v > 0) == (va > 0):
            a, va = t, v
            if kept == 1:
                vb = vb / 2
            kept = 1
        else:
            b, vb = t, v
            if kept == -1:
                va = va / 2
            kept = -1
        return True

    scale = 10**60
    for _ in range(400):
        width = b - a
        if width <= ROOT_WIDTH:
            break
        c = (a + b) / 2
        if va != vb:
            share = Fraction(va) / (Fraction(va) - Fraction(vb))  # (exactly: va may be whole)
            guess = Fraction(round((a + width * share) * scale), scale)
            if a < guess < b:
                c = guess
        if not probe(c):
            break
        # the root is past c, toward the end whose sign differs, about |h(c)| over the
        # bracket's slope away: a point twice that far (half a width at least) brackets it
        vc = va if a == c else vb
        step = max(
            2 * abs(Fraction(vc)) * (b - a) / abs(Fraction(vb) - Fraction(va)), ROOT_WIDTH / 2
        )
        step = Fraction(math.ceil(step * scale), scale)
        d = c + step if a == c else c - step
        if a < d < b and not probe(d):
            break
        if b - a > width / 2:  # a slow step: halve as well
            if not probe((a + b) / 2):
                break
            kept = 0
    return a, b


def _read(h: Callable[[Any, bool], Any], a: Fraction, b: Fraction, va: Any) -> Fraction:
    """The root in ``[a, b]`` (narrowed by :func:`_narrow`; ``h`` changes sign there,
    ``va = h(a)``) read as the middle of the cell ``[k, k + 1] / ROOT_CELLS`` that holds
    it, or exactly where a probe met it.

    A function of the root alone, not of the bracket around it: whatever search
    found the root (another guide, another order of candidates, another ``h`` with the
    same root), it reads the same.  The bracket is narrower than a cell, so it holds one
    cell's edge at most; ``h``'s sign there says on which side the root lies."""
    if a == b:
        return a  # (a probe met the root: it is this number exactly)
    cells = ROOT_CELLS
    k = math.floor(a * cells)
    edge = Fraction(k + 1, cells)
    if edge <= b:
        v = h(edge, True)
        if v == 0:
            return edge
        if v is None:  # (no value at the edge: never met; the bracket's middle says)
            k = math.floor((a + b) / 2 * cells)
        elif (v > 0) == (va > 0):
            k += 1  # (the root lies past the edge)
    return Fraction(2 * k + 1, 2 * cells)


def _roots(
    h: Callable[[Any, bool], Any],
    lo: float = 0.0,
    hi: float = 1.0,
    keep: Callable[[float], bool] | None = None,
    steps: int = 16,
) -> list[Fraction]:
    """Where ``h`` changes sign on (lo, hi): a scan and a bisection in floats, then, for
    the roots ``keep`` keeps, the bracket narrowed in fractions (:func:`_narrow`) and
    read to 50 decimals (:func:`_read`)."""
    out = []
    grid = [lo + (hi - lo) * i / steps for i in range(steps + 1)]
    quick = [h(t, False) for t in grid]
    for i in range(steps):
        a, b, va, vb = grid[i], grid[i + 1], quick[i], quick[i + 1]
        if va is None or vb is None or (va > 0) == (vb > 0):
            continue
        a, b = _bisect(h, a, b, va, 60)
        if keep is not None and not keep((a + b) / 2):
            continue
        # Exactly: a bracket around the float root, else the grid's.
        flo, fhi = Fraction(a) - Fraction(1, 10**12), Fraction(b) + Fraction(1, 10**12)
        elo, ehi = h(flo, True), h(fhi, True)
        if elo is None or ehi is None or (elo > 0) == (ehi > 0):
            flo, fhi = Fraction(grid[i]), Fraction(grid[i + 1])
            elo, ehi = h(flo, True), h(fhi, True)
            if elo is None or ehi is None or (elo > 0) == (ehi > 0):
                continue
        flo, fhi = _narrow(h, flo, fhi, elo, ehi)
        out.append(_read(h, flo, fhi, elo))
    return out


#: The banker's points tried for the indifferences that fix the right side's chance.
NEAREST = 8
#: A side's choice the guide leaves undecided: its chance strictly between these.
SIDE_OPEN = (0.02, 0.98)
#: The same for the banker's chance at one of its points.
BANKER_OPEN = (0.002, 0.998)


def _undecided(items: Iterable[Any], guide: Any, bounds: tuple[float, float]) -> list[Any]:
    """The ``items`` whose chance in the ``guide`` lies strictly within ``bounds``, the
    nearest an even chance first (ties in the items' order)."""
    low, high = bounds
    return sorted((i for i in items if low < guide[i] < high), key=lambda i: abs(guide[i] - 0.5))


def _nearest_points(
    idx: Sequence[int],
    forms: _Ends,
    t: float,
    guide_l: dict[LeftKey, float],
    keys: Sequence[LeftKey],
) -> dict[int, float]:
    """The :data:`NEAREST` banker's points whose indifference passes nearest the guide's
    chances (the right side's ``t`` and the left side's), each with that distance: the
    point's draw-minus-stand there over the sum of its slopes in every chance.

    The guide's chances of the sides settle long before its banker's chances at single
    points do (a point the equilibrium mixes at 0.80 may still read 0.20 after a hundred
    rounds): the points are ranked by where the sides' chances put them."""
    a0, a1, b0, b1 = forms
    near: list[tuple[float, int]] = []
    for j in idx:
        c0, dc = float(a0[j]), float(a1[j]) - float(a0[j])
        value, slope = c0 + t * dc, abs(dc)
        for k in keys:
            x0 = float(b0[j].get(k, 0))
            dx = float(b1[j].get(k, 0)) - x0
            value += (x0 + t * dx) * guide_l[k]
            slope += abs(x0 + t * dx) + abs(dx) * guide_l[k]
        if slope > 0:
            near.append((abs(value) / slope, j))
    near.sort()
    return {j: d for d, j in near[:NEAREST]}


def _one_mixed_right(
    game: DealtGame,
    key: RightKey,
    x_r: dict[RightKey, Number],
    guide_l: dict[LeftKey, float],
    guide_y: Sequence[float],
) -> Profile | None:
    """The right side mixing at ``key``: one more point where the banker mixes.

    After one move of the right side the banker mixes at one point more than
    the left side mixes choices; those indifferences fix the right side's
    chance ``t`` (a root narrowed exactly, read to 50 decimals) and the left side's
    chances there.  Every other move's game is then solved for ``t``; the
    banker's chances at the points make the left side and the right side
    indifferent (linear in them).
    """
    moves = _moves(game)
    moves.sort(
        key=lambda m: -sum(1 for k in game.left_keys if k[1] == m and 0.02 < guide_l[k] < 0.98)
    )
    guide_r = float(x_r[key])
    # The banker's points tried: first those whose indifference passes nearest the
    # sides' chances, then those the guide's banker leaves most undecided (either may
    # miss the one: the guide's banker settles slowly, its sides' chances not always
    # fast enough).  For each, every root in floats, then, the nearest the guide's
    # chance first, each one exactly, until one is an equilibrium.  A root's score is
    # its distance from the guide's chance plus its points' (the candidate's
    # *penalty*, known before its roots): the candidates are scanned by penalty, and a
    # root found is checked as soon as no candidate left can score below it -- the
    # order of a scan of them all, sorted (ties in the order they are listed), with
    # most of them never scanned.
    tried: set[tuple[Any, ...]] = set()
    for ranking in ("nearest", "undecided"):
        todo: list[tuple[float, int, tuple[Any, ...]]] = []
        for move in moves:
            (_k0, idx, a0, b0, _e0, _f0), (keys, _i1, a1, b1, _e1, _f1) = game.forms_ends(
                move, x_r, key
            )
            pure = {k: (1 if guide_l[k] >= 0.5 else 0) for k in keys}
            # The guide's most undecided choices (a few: the search is over their subsets).
            near = _undecided(keys, guide_l, SIDE_OPEN)[:4]
            if ranking == "nearest":
                cand = _nearest_points(idx, (a0, a1, b0, b1), guide_r, guide_l, keys)
            else:
                cand = {
                    j: abs(guide_y[j] - 0.5)
                    for j in _undecided(idx, guide_y, BANKER_OPEN)[:NEAREST]
                }
            for size in range(len(near), -1, -1):
                for mixed in itertools.combinations(near, size):
                    dropped = [k for k in near if k not in mixed]
                    for flips in itertools.product((0, 1), repeat=len(dropped)):
                        base = {**pure, **dict(zip(dropped, flips, strict=True))}
                        for chosen in itertools.combinations(cand, size + 1):
                            mark = (move, tuple(sorted(base.items())), mixed, tuple(sorted(chosen)))
                            if mark in tried:
                                continue
                            tried.add(mark)
                            args = (move, base, mixed, chosen, (a0, a1, b0, b1))
                            todo.append((sum(cand[j] for j in chosen), len(todo), args))
        todo.sort(key=lambda item: (item[0], item[1]))
        # Roots found: (score, the candidate's place in the list, the root's, t, args).
        found: list[tuple[float, int, int, float, tuple[Any, ...]]] = []
        scanned = 0
        while True:
            bound = todo[scanned][0] if scanned < len(todo) else math.inf
            if found and found[0][0] < bound:
                _score, _o, _n, t, args = heapq.heappop(found)
                window = (t - 1e-9, t + 1e-9)
                result = _special(game, key, x_r, guide_l, guide_y, *args, window=window)
                if result is not None:
                    return result
                continue
            if scanned == len(todo):
                break
            penalty, place, args = todo[scanned]
            scanned += 1
            roots: list[tuple[float, float]] = []
            _special(game, key, x_r, guide_l, guide_y, *args, collect=roots)
            for n, (score, t) in enumerate(roots):
                heapq.heappush(found, (score + penalty, place, n, t, args))
    return None


def _chosen_may_fit(
    keys: Sequence[LeftKey],
    mixed: Sequence[LeftKey],
    x_here: dict[LeftKey, Number],
    chosen: Sequence[int],
    moves: dict[int, int],
    e: dict[LeftKey, Number],
    f: dict[LeftKey, dict[int, Number]],
) -> bool:
    """Whether some chances of the banker at the ``chosen`` points (its ``moves`` at this
    move's other points) leave the left side indifferent where it mixes and its pure
    choices its best -- what a candidate of :func:`_special` needs whatever the other
    moves' games give (the right side's indifference then picks one point of that
    line).  Exact; False only when no chances can: those the right side's indifference
    would pick fail the same checks.

    The left side's indifferences are ``len(mixed)`` equations in ``len(chosen) =
    len(mixed) + 1`` chances: a line, ``y(s) = y0 + s dy`` with the last chance ``s``
    (when the others follow from it; else True, no judgement).  Each chance in [0, 1]
    and each pure choice's sign bound ``s`` to an interval."""
    rest = {k: e[k] + sum(v * moves[i] for i, v in f[k].items() if i not in chosen) for k in keys}
    *firsts, last = chosen
    ends = []
    for s_end in (0, 1):
        rows = [
            [f[k].get(i, 0) for i in firsts] + [-(rest[k] + f[k].get(last, 0) * s_end)]
            for k in mixed
        ]
        got = solve_square(rows) if rows else []
        if got is None:
            return True
        ends.append([*got, s_end])
    y0 = [Fraction(v) for v in ends[0]]
    dy = [Fraction(v1) - v0 for v0, v1 in zip(y0, ends[1], strict=True)]
    lo, hi = -math.inf, math.inf  # s in [lo, hi]

    def at_least(c0: Fraction, c1: Fraction) -> bool:
        """c0 + c1 s >= 0: narrow [lo, hi]; False when no s is left."""
        nonlocal lo, hi
        if c1 > 0:
            lo = max(lo, -c0 / c1)
        elif c1 < 0:
            hi = min(hi, -c0 / c1)
        elif c0 < 0:
            return False
        return lo <= hi

    for v0, d in zip(y0, dy, strict=True):
        if not (at_least(v0, d) and at_least(1 - v0, -d)):
            return False
    for k in keys:
        if k in mixed:
            continue
        g0 = rest[k] + sum(f[k].get(i, 0) * v for i, v in zip(chosen, y0, strict=True))
        g1 = sum(f[k].get(i, 0) * d for i, d in zip(chosen, dy, strict=True))
        x = x_here[k]
        if (x == 1 and not at_least(Fraction(g0), Fraction(g1))) or (
            x == 0 and not at_least(-Fraction(g0), -Fraction(g1))
        ):
            return False
    return True


def _special(
    game: DealtGame,
    key: RightKey,
    x_r: dict[RightKey, Number],
    guide_l: dict[LeftKey, float],
    guide_y: Sequence[float],
    move: int | None,
    base: dict[LeftKey, int],
    mixed: Sequence[LeftKey],
    chosen: Sequence[int],
    forms: _Ends,
    collect: list[tuple[float, float]] | None = None,
    window: tuple[float, float] | None = None,
) -> Profile | None:
    """One candidate: the right side's chance ``t`` where the banker is indifferent at
    every ``chosen`` point (the left side mixing at ``mixed``).  ``collect``: only list
    the plausible roots in floats (with how far they are from the guide); ``window``:
    look for the root there, exactly, and check the candidate."""
    guide_r = float(x_r[key])

    lines = _Lines(forms, chosen, mixed, base)
    h = lines.h

    def plausible(t: float) -> bool:
        xs = lines.mixes(t, False)
        # (the left side's chances may be far from the guide's, which settle slowly)
        ok = xs is not None and all(-1e-9 <= v <= 1 + 1e-9 for v in xs)
        if ok and collect is not None:
            collect.append((abs(t - guide_r), t))
            return False
        return ok

    lo, hi = window or (max(0.0, guide_r - 0.1), min(1.0, guide_r + 0.1))
    for t in _roots(h, lo, hi, plausible, steps=16 if window is None else 1):
        xs = lines.mixes(t)
        if xs is None or not all(0 <= v <= 1 for v in xs):
            continue
        trial = {**x_r, key: t}
        # This move's game first: the left side's chances here, the banker's moves at
        # the points not chosen (neither depends on the other moves' games).
        here = {**base, **dict(zip(mixed, xs, strict=True))}
        keys, idx, a, b, e, f = game.forms_at(move, x_r, key, t)
        moves_here = {
            i: int(a[i] + sum(v * here[k] for k, v in b[i].items()) > 0)
            for i in idx
            if i not in chosen
        }
        if not _chosen_may_fit(keys, mixed, here, chosen, moves_here, e, f):
            continue
        rest = _after_all(game, trial, guide_l, guide_y, skip=move, mixed_at=key)
        if rest is None:
            continue
        x_l, y = rest
        x_l.update(here)
        for i, v in moves_here.items():
            y[i] = v
        for k in game.left_keys:
            x_l.setdefault(k, 0)
        # The banker's chances at the chosen points: the left side indifferent where
        # it mixes, and the right side at its 5 (each linear in those chances).
        gap0, slopes = game.right_gap(key, x_l, y, chosen)
        rows = []
        for k in mixed:
            const = e[k] + sum(v * y[i] for i, v in f[k].items() if i not in chosen)
            rows.append([f[k].get(i, 0) for i in chosen] + [-const])
        rows.append([*slopes, -gap0])
        ys = solve_square(rows)
        if ys is None or not all(0 <= v <= 1 for v in ys):
            continue
        for i, v in zip(chosen, ys, strict=True):
            y[i] = v
        left_ok = True
        for k in keys:
            if k in mixed:
                continue
            g = e[k] + sum(v * y[i] for i, v in f[k].items())
            if (x_l[k] == 1 and g < 0) or (x_l[k] == 0 and g > 0):
                left_ok = False
        if left_ok:
            return trial, x_l, y
    return None


def _after_a_left_natural(
    game: DealtGame, guide_r: dict[RightKey, float], guide_y: Sequence[float]
) -> tuple[dict[RightKey, Number], dict[int, Number]] | None:
    """Per-side: the right side at 5 once the left showed a natural, against the banker.

    Those points involve no choice of the left side, and the right side's choices
    there (``(pair, True)``) touch no other point: a game of its own.  The right pure
    as the guide says, or mixing at its most undecided choice, whose chance is fixed
    by the banker's indifference at one point (affine in it) and that point's chance
    by the right side's (affine in it); else the game solved whole, its supports
    enumerated as the left side's games' are.  ``({}, {})`` under the home rule.
    """
    keys = [k for k in game.right_keys if k[1]]
    if not keys:
        return {}, {}
    pts = [j for j, p in enumerate(game.points) if p.left_natural]
    s_r, s_l = game.stakes

    # Each point's draw-minus-stand for the banker, affine in the right side's chances:
    # its constant and its coefficient at each key.
    terms: dict[int, tuple[int, dict[RightKey, int]]] = {}
    for j in pts:
        p = game.points[j]
        const = 0
        coef: dict[RightKey, int] = {}
        for c in p.classes:
            db = s_r * (c.dr - c.sr) + s_l * (c.dl - c.sl)
            if not c.kr:
                const += db
                continue
            k = (c.kr, True)
            if not p.right_drew:  # (1 - q) db
                const += db
                db = -db
            coef[k] = coef.get(k, 0) + db
        terms[j] = const, coef

    def delta(j: int, x: dict[RightKey, Number]) -> Number:
        const, coef = terms[j]
        return const + sum(v * x[k] for k, v in coef.items())

    def best(x: dict[RightKey, Number], y: dict[int, Number]) -> bool:
        gaps = game.right_gaps({}, [y.get(j, 0) for j in range(len(game.points))], natural=True)
        return not any((x[k] == 1 and gaps[k] < 0) or (x[k] == 0 and gaps[k] > 0) for k in keys)

    def whole() -> tuple[dict[RightKey, Number], dict[int, Number]] | None:
        """Nothing so simple: the game solved as the left side's games are (its supports
        enumerated, :func:`~banque.study.dealt_subgame.subgame`): the banker's
        draw-minus-stand at a point affine in the right side's chances, the right
        side's at a choice affine in the banker's."""
        a = {j: terms[j][0] for j in pts}
        b = {j: terms[j][1] for j in pts}
        e: dict[RightKey, Number] = {}
        f: dict[RightKey, dict[int, Number]] = {}
        for k in keys:
            e[k], slopes = game.right_gap(k, {}, [0] * len(game.points), pts)
            f[k] = {j: v for j, v in zip(pts, slopes, strict=True) if v}
        return subgame(keys, pts, a, b, e, f, guide_r, guide_y)  # type: ignore[arg-type]

    pure: dict[RightKey, Number] = {k: int(guide_r[k] >= 0.5) for k in keys}
    near = _undecided(keys, guide_r, SIDE_OPEN)
    for flips in itertools.product((0, 1), repeat=min(len(near), 3)):
        x = {**pure, **dict(zip(near, flips, strict=False))}
        y: dict[int, Number] = {j: int(delta(j, x) > 0) for j in pts}
        if best(x, y):
            return x, y
    if not near:
        return whole()
    key = near[0]
    cand = _undecided(pts, guide_y, BANKER_OPEN)
    # Every point's draw-minus-stand is affine in the chance at ``key``: its values with
    # that chance 0 and 1 give it at any t = num / den, in whole numbers.
    at0 = {i: delta(i, {**pure, key: 0}) for i in pts}
    at1 = {i: delta(i, {**pure, key: 1}) for i in pts}
    for j in cand:
        d0, d1 = at0[j], at1[j]
        if d0 == d1:
            continue
        t = Fraction(d0) / (d0 - d1)
        if not 0 < t < 1:
            continue
        x = {**pure, key: t}
        num, den = t.numerator, t.denominator
        y = {i: int(den * at0[i] + num * (at1[i] - at0[i]) > 0) for i in pts if i != j}
        y[j] = 0
        gap, slopes = game.right_gap(key, {}, [y.get(i, 0) for i in range(len(game.points))], [j])
        if not slopes[0]:
            continue
        yj = -gap / slopes[0]
        if not 0 <= yj <= 1:
            continue
        y[j] = yj
        gaps = game.right_gaps({}, [y.get(i, 0) for i in range(len(game.points))], natural=True)
        if all(
            not ((v == 1 and gaps[k] < 0) or (v == 0 and gaps[k] > 0))
            for k, v in x.items()
            if k != key
        ):
            return x, y
    return whole()


#: The right side's chances where the games after its moves are solved, each way from the
#: guide's, looking for a mixing that its own indifference fixes.
ALONG_STEPS = 8


def _supports(
    x_l: dict[LeftKey, Number], y: Sequence[Number]
) -> tuple[frozenset[Any], tuple[Any, ...]]:
    """What a solution of the games after the right side's moves mixes and what it plays
    purely: the left side's choices and the banker's points."""
    left = frozenset((k, None if 0 < v < 1 else v) for k, v in x_l.items())
    return left, tuple(None if 0 < v < 1 else v for v in y)


def _right_gap_at(
    game: DealtGame,
    x_r: dict[RightKey, Number],
    key: RightKey,
    t: Fraction,
    guide_l: dict[LeftKey, float],
    guide_y: Sequence[float],
) -> tuple[Fraction, dict[LeftKey, Number], list[Number]] | None:
    """The right side mixing at ``key`` with chance ``t`` (the others as ``x_r``): every
    game after its moves solved exactly, and its draw-minus-stand at ``key`` against
    them, with the left side's chances and the banker's."""
    rest = _after_all(game, {**x_r, key: t}, guide_l, guide_y, mixed_at=key)
    if rest is None:
        return None
    x_l, y = rest
    for k in game.left_keys:
        x_l.setdefault(k, 0)
    return game.right_gaps(x_l, y, key[1])[key], x_l, y


def _continuous_right(
    game: DealtGame,
    key: RightKey,
    x_r: dict[RightKey, Number],
    guide_l: dict[LeftKey, float],
    guide_y: Sequence[float],
) -> Profile | None:
    """The right side mixing at ``key``, its chance ``t`` fixed by its own indifference:
    no banker's point pins it (as in :func:`_one_mixed_right`), each game after a move of
    the right side keeps its supports on both sides of ``t``.

    Those games are solved exactly at a few chances around the guide's; between two with
    the same supports where the right side's gap changes sign, each game's mixed chances
    follow ``t`` (the banker's indifference gives the left side's, the left side's
    the banker's: square systems whose terms are affine in ``t``) and the gap is a
    bilinear form in them; its root is found to 50 decimals.
    """
    center = float(x_r[key])
    lo, hi = max(0.0, center - 0.1), min(1.0, center + 0.1)
    samples: list[tuple[Fraction, Fraction, dict[LeftKey, Number], list[Number]] | None] = []
    for i in range(ALONG_STEPS + 1):
        t = Fraction(round((lo + (hi - lo) * i / ALONG_STEPS) * 10**6), 10**6)
        found = _right_gap_at(game, x_r, key, t, guide_l, guide_y)
        samples.append(None if found is None else (t, *found))
    for one, two in itertools.pairwise(samples):
        if one is None or two is None or (one[1] > 0) == (two[1] > 0):
            continue
        if _supports(one[2], one[3]) != _supports(two[2], two[3]):
            continue
        found = _along(game, key, x_r, one[0], two[0], one[2], one[3])
        if found is not None:
            return found
    return None


def _along(
    game: DealtGame,
    key: RightKey,
    x_r: dict[RightKey, Number],
    t0: Fraction,
    t1: Fraction,
    x_l: dict[LeftKey, Number],
    y: list[Number],
) -> Profile | None:
    """:func:`_continuous_right` between ``t0`` and ``t1``, the supports those of ``(x_l,
    y)``."""
    # Each game with a mixing: its mixed choices and points, and its forms at t = 0, 1.
    games = []
    for move in _moves(game):
        mixed = [k for k in game.left_keys if k[1] == move and 0 < x_l[k] < 1]
        chosen = [j for j, p in enumerate(game.points) if p.right == move and 0 < y[j] < 1]
        if not mixed and not chosen:
            continue
        if len(mixed) != len(chosen):
            return None
        games.append((move, mixed, chosen, game.forms_ends(move, x_r, key)))

    def chances(t: Any, exact: bool) -> tuple[dict[LeftKey, Any], dict[int, Any]] | None:
        xs: dict[LeftKey, Any] = {}
        ys: dict[int, Any] = {}
        for move, mixed, chosen, ((_k, _i, a0, b0, e0, f0), (_k1, _i1, a1, b1, e1, f1)) in games:
            rows = []
            for j in chosen:  # the banker indifferent at its chosen points
                const = _affine(a0[j], a1[j], t) + sum(
                    _affine(b0[j].get(k, 0), b1[j].get(k, 0), t) * v
                    for k, v in x_l.items()
                    if k[1] == move and k not in mixed and v
                )
                coefs = [_affine(b0[j].get(k, 0), b1[j].get(k, 0), t) for k in mixed]
                rows.append([*coefs, -const])
            got = solve_square(rows, exact)
            if got is None:
                return None
            xs.update(zip(mixed, got, strict=True))
            rows = []
            for k in mixed:  # the left side indifferent where it mixes
                const = _affine(e0[k], e1[k], t) + sum(
                    _affine(f0[k].get(j, 0), f1[k].get(j, 0), t) * y[j]
                    for j in f0[k].keys() | f1[k].keys()
                    if j not in chosen and y[j]
                )
                coefs = [_affine(f0[k].get(j, 0), f1[k].get(j, 0), t) for j in chosen]
                rows.append([*coefs, -const])
            got = solve_square(rows, exact)
            if got is None:
                return None
            ys.update(zip(chosen, got, strict=True))
        return xs, ys

    # The right side's gap at ``key``, bilinear in the mixed chances (a left choice's
    # only with the points after its move), its coefficients from the exact gaps.
    def gap(xs: dict[LeftKey, Number], ys: dict[int, Number]) -> Fraction:
        trial_y = list(y)
        for j, v in ys.items():
            trial_y[j] = v
        return game.right_gaps({**x_l, **xs}, trial_y, key[1])[key]

    zero_x = {k: 0 for _m, mixed, _c, _e in games for k in mixed}
    zero_y = {j: 0 for _m, _x, chosen, _e in games for j in chosen}
    alpha = gap(zero_x, zero_y)
    beta = {k: gap({**zero_x, k: 1}, zero_y) - alpha for k in zero_x}
    gamma = {j: gap(zero_x, {**zero_y, j: 1}) - alpha for j in zero_y}
    delta = {
        (k, j): gap({**zero_x, k: 1}, {**zero_y, j: 1}) - alpha - beta[k] - gamma[j]
        for _m, mixed, chosen, _e in games
        for k in mixed
        for j in chosen
    }

    def h(t: Any, exact: bool) -> Any:
        got = chances(t, exact)
        if got is None:
            return None
        xs, ys = got
        return (
            alpha
            + sum(v * xs[k] for k, v in beta.items())
            + sum(v * ys[j] for j, v in gamma.items())
            + sum(v * xs[k] * ys[j] for (k, j), v in delta.items())
        )

    for t in _roots(h, float(t0), float(t1), None, steps=1):
        got = chances(t, True)
        if got is None:
            continue
        xs, ys = got
        if not all(0 <= v <= 1 for v in (*xs.values(), *ys.values())):
            continue
        out_y = list(y)
        for j, v in ys.items():
            out_y[j] = v
        return {**x_r, key: t}, {**x_l, **xs}, out_y
    return None


def _best_responses(
    game: DealtGame,
    start: dict[RightKey, Number],
    open_keys: Sequence[RightKey],
    guide_l: dict[LeftKey, float],
    guide_y: Sequence[float],
    seen: set[tuple[Number, ...]],
) -> Iterator[tuple[Profile, bool]]:
    """The right side pure as ``start`` says, then as its best response to what the
    others do there, a few times while its choices are new (``seen`` keeps those met):
    each step's profile, and whether the right side's choices are their own best
    response (the last step if so)."""
    pure = dict(start)
    while (mark := tuple(pure[k] for k in open_keys)) not in seen and len(seen) < 4:
        seen.add(mark)
        rest = _after_all(game, pure, guide_l, guide_y)
        if rest is None:
            return
        x_l, y = rest
        for k in game.left_keys:
            x_l.setdefault(k, 0)
        best = dict(pure)
        gaps = game.right_gaps(x_l, y)
        for k in open_keys:
            gap = gaps[k]
            if gap:
                best[k] = int(gap > 0)
        fixed = best == pure
        yield (pure, x_l, y), fixed
        if fixed:
            return
        pure = best


def _merged(found: Profile, x_nat: dict[RightKey, Number], y_nat: dict[int, Number]) -> Profile:
    """A candidate with the right side's choices after a left natural (solved apart)."""
    x_r, x_l, y = found
    for j, v in y_nat.items():
        y[j] = v
    return {**x_r, **x_nat}, x_l, y


def _candidates(game: DealtGame, rounds: int, full: bool = True) -> Iterator[Profile]:
    """Equilibria to check, from a guide of ``rounds`` rounds (the right side's choices
    after a left natural solved apart): the right side pure as the guide says; then,
    unless the pass is the short first one (``full`` False), mixing at one of the two
    choices the guide leaves nearest an even chance, pure as its best response to what
    the others do (a few times, from the guide's choices) and with the guide's
    undecided choices flipped.

    (Where the right side mixes, the pure candidates cost as much as the mixed search
    and never pass: they come last.)"""
    guide_r, guide_l, guide_y = game.guide(rounds)
    natural = _after_a_left_natural(game, guide_r, guide_y)
    if natural is None:
        return
    x_nat, y_nat = natural

    def merged(found: Profile) -> Profile:
        return _merged(found, x_nat, y_nat)

    x_r: dict[RightKey, Number] = {k: (1 if v >= 0.5 else 0) for k, v in guide_r.items()}
    x_r.update(x_nat)
    open_keys = [k for k in guide_r if not k[1]]
    seen: set[tuple[Number, ...]] = set()
    steps = _best_responses(game, x_r, open_keys, guide_l, guide_y, seen)
    first = next(steps, None)
    if first is not None and first[1]:
        yield merged(first[0])
    if full:
        undecided = sorted(open_keys, key=lambda k: abs(guide_r[k] - 0.5))[:2]
        for key in undecided:
            found = _one_mixed_right(game, key, {**x_r, key: guide_r[key]}, guide_l, guide_y)
            if found is not None:
                yield merged(found)
        # Its chance fixed by its own indifference rather than by a banker's point.
        for key in undecided:
            found = _continuous_right(game, key, {**x_r, key: guide_r[key]}, guide_l, guide_y)
            if found is not None:
                yield merged(found)
    if not full:
        return  # (the first, short guide's pass: the guide's own choices only)
    for profile, fixed in steps:
        if fixed:
            yield merged(profile)
    near = [k for k in open_keys if 0.02 < guide_r[k] < 0.98]
    # Pure, with the guide's undecided choices flipped (a choice worth the same either
    # way leaves the guide at an even chance).
    for flips in itertools.product((0, 1), repeat=min(len(near), 3)):
        pure = {**x_r, **dict(zip(near, flips, strict=False))}
        if tuple(pure[k] for k in open_keys) in seen:
            continue
        rest = _after_all(game, pure, guide_l, guide_y)
        if rest is not None:
            yield merged((pure, *rest))


#: Halvings of the right side's chance in :func:`_located` (to 1/128: its searches then
#: look within 0.1 of it).
LOCATE_STEPS = 7


def _located(game: DealtGame, rounds: int) -> Iterator[Profile]:
    """Where the right side mixes at a chance the guide of ``rounds`` rounds does not
    yet see (more than 0.1 away: its average settles slowly where the pairs at 5 differ
    by little -- sixteen packs and more): that chance located first, then the searches
    of :func:`_candidates` started there.

    At each of the guide's two most undecided choices (the others pure as the guide
    says), the games after the right side's moves are solved exactly at its chance
    ``t`` = 0 and 1 and the right side's gain from drawing there read; where it
    changes sign, halvings of ``t`` (:data:`LOCATE_STEPS`) bring the change within
    1/128, and the searches for the right side's mixing start at its middle.  (The
    gain may jump where a game's supports change -- a banker's point then mixes to
    make it 0 -- which is what those searches look for.)"""
    guide_r, guide_l, guide_y = game.guide(rounds)
    natural = _after_a_left_natural(game, guide_r, guide_y)
    if natural is None:
        return
    x_nat, y_nat = natural
    x_r: dict[RightKey, Number] = {k: (1 if v >= 0.5 else 0) for k, v in guide_r.items()}
    x_r.update(x_nat)
    open_keys = [k for k in guide_r if not k[1]]
    for key in sorted(open_keys, key=lambda k: abs(guide_r[k] - 0.5))[:2]:

        def gap(t: Fraction, _exact: bool = True, key: RightKey = key) -> Fraction | None:
            found = _right_gap_at(game, x_r, key, t, guide_l, guide_y)
            return None if found is None else found[0]

        lo, hi = Fraction(0), Fraction(1)
        g_lo, g_hi = gap(lo), gap(hi)
        if g_lo is None or g_hi is None or (g_lo > 0) == (g_hi > 0) or not (g_lo and g_hi):
            continue
        lo, hi = _bisect(gap, lo, hi, g_lo, LOCATE_STEPS, exact=True)
        start = {**x_r, key: float((lo + hi) / 2)}
        for search in (_one_mixed_right, _continuous_right):
            found = search(game, key, start, guide_l, guide_y)
            if found is not None:
                yield _merged(found, x_nat, y_nat)


#: The guide's rounds, tried in turn until the supports it suggests give an equilibrium.
ROUNDS = (8, 100, 400, 1600)
#: After the candidates of this pass, those of :func:`_located` (with
#: :func:`~banque.study.dealt_subgame.wider_search`), before a longer guide.
LOCATE_AFTER = 100
#: On a shoe of more cards than this (eight packs), :func:`_located` comes first, and
#: every search is a :func:`~banque.study.dealt_subgame.wider_search`.
LOCATE_FIRST = 8 * 52


@counting()
def solve_dealt(
    model: DealtModel, stakes: Iterable[int] = (1, 1), rounds: Sequence[int] = ROUNDS
) -> DealtEquilibrium | None:
    """The Nash equilibrium of the game as dealt from ``model``'s shoe at ``stakes``.

    Each candidate is checked exactly: every player's best response against it
    gains nothing (below 1e-40 where a chance is irrational and known to 50
    digits).  ``None`` when no candidate passes (none met in the tests' shoes).
    """
    st = _check_stakes(tuple(stakes))
    game = DealtGame(model, st)

    def certified(found: Iterable[Profile]) -> DealtEquilibrium | None:
        for x_r, x_l, y in found:
            for k in game.left_keys:
                x_l.setdefault(k, 0)
            edge, *gains = game.exploitability(x_r, x_l, y)
            if all(g < Fraction(1, 10**40) for g in gains):
                return DealtEquilibrium(
                    model,
                    st,
                    {k: Fraction(v) for k, v in x_r.items()},
                    {k: Fraction(v) for k, v in x_l.items()},
                    tuple(Fraction(v) for v in game.full_y(y)),
                    edge,
                    (gains[0], gains[1], gains[2]),
                )
        return None

    def candidates(n: int) -> DealtEquilibrium | None:
        # (a short guide first, for a right side that does not mix: its own choices only)
        return certified(_candidates(game, n, full=n != rounds[0] or len(rounds) == 1))

    def located(n: int) -> DealtEquilibrium | None:
        with wider_search():
            return certified(_located(game, n))

    # On a shoe of more than eight packs the guide settles too slowly for the searches
    # around it: the right side's chance is located first, and every game's supports
    # are sought further down the guide's order.
    large = model.cards > LOCATE_FIRST
    with wider_search() if large else nullcontext():
        for n in rounds:
            searches = [candidates]
            if n == LOCATE_AFTER:
                searches.insert(0 if large else 1, located)
            for search in searches:
                found = search(n)
                if found is not None:
                    return found
    return None


@lru_cache(maxsize=16)
def dealt_model(counts: tuple[int, ...], naturals: NaturalRule) -> DealtModel:
    """The model of a shoe (ten counts), kept for the next question."""
    return DealtModel(counts, naturals)


@lru_cache(maxsize=32)
def equilibrium_for(
    counts: tuple[int, ...], naturals: NaturalRule, stakes: tuple[int, int]
) -> DealtEquilibrium | None:
    """:func:`solve_dealt` for a shoe, a natural rule and a stakes ratio, kept."""
    return solve_dealt(dealt_model(counts, naturals), stakes)


def dealt_equilibrium(
    packs: int, naturals: NaturalRule, stakes: tuple[int, int]
) -> DealtEquilibrium | None:
    """:func:`equilibrium_for` a fresh shoe of ``packs`` packs."""
    return equilibrium_for(tuple(unseen_values(packs)), naturals, _check_stakes(stakes))
