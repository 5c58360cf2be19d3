"""One two-person game of baccarat banque as dealt, solved exactly: the left side at one
move of the right side against the banker's points after it.

With the right side's chances fixed, each player's indifference is *linear* in the
other's chances: the banker's draw-minus-stand at a point is ``a_j + sum_k b_jk x_k``,
the left side's at a choice ``e_k + sum_j f_kj y_j`` (:meth:`DealtGame.forms
<banque.study.dealt_game.DealtGame.forms>`).  :func:`subgame` enumerates supports (the
guide's nearest first, each checked in floats before it is solved in fractions), a lone
mixed choice found in one exact sweep of its chance; :func:`solve_square` solves the
square linear systems the supports give, exactly or in floats.  The search over the
right side's chances around these games is :mod:`banque.study.dealt_nash`'s.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .dealt_game import LeftKey, Number

__all__ = [
    "FIRST_LOOK",
    "FIRST_TRIES",
    "SUPPORTS",
    "TINY",
    "WIDER",
    "solve_square",
    "solve_two",
    "subgame",
    "wider_search",
]


#: At most this many supports tried in one two-person game after a right side's move.
#: (Over the 112 shoes and stakes the README names solved -- 1 to 8 packs, both
#: natural rules, seven ratios -- a game solved needs 1,064 at most, the first
#: look's and the single mixed choices'; a search that goes on finds nothing: its
#: right side's choices are not an equilibrium.)
SUPPORTS = 1_500
#: The banker's points first tried for the supports of each game: the guide's most undecided.
FIRST_LOOK = 8
#: How many of those first looks before every support mixing at one choice at most.
FIRST_TRIES = 1_000
#: The same two limits for a wider search (:func:`wider_search`): where the sides' pairs at
#: 5 differ by little (hundreds of packs) the guide settles slowly, and a game's
#: supports may lie far down its order.
WIDER = (15_000, 20_000)

_limits: ContextVar[tuple[int, int]] = ContextVar("subgame_limits", default=(FIRST_TRIES, SUPPORTS))


@contextmanager
def wider_search() -> Iterator[None]:
    """Within it, :func:`subgame` tries up to :data:`WIDER` supports (first look, all)."""
    token = _limits.set(WIDER)
    try:
        yield
    finally:
        _limits.reset(token)


@lru_cache(maxsize=4096)
def _by_cost(guide: tuple[float, ...]) -> tuple[tuple[int | None, ...], ...]:
    """Every support of choices whose guide's chances are ``guide`` (each pure or mixed),
    nearest the guide first: a pure choice costs its distance from the guide's chance,
    a mixed one a quarter.  (Sorted once for every game and search that asks.)"""

    def cost(g: float, v: int | None) -> float:
        return 0.25 if v is None else abs(g - v)

    return tuple(
        sorted(
            itertools.product((0, 1, None), repeat=len(guide)),
            key=lambda s: sum(cost(g, v) for g, v in zip(guide, s, strict=True)),
        )
    )


def subgame(
    keys: Sequence[LeftKey],
    idx: Sequence[int],
    a: dict[int, Number],
    b: dict[int, dict[LeftKey, Number]],
    e: dict[LeftKey, Number],
    f: dict[LeftKey, dict[int, Number]],
    guide_l: dict[LeftKey, float],
    guide_y: Sequence[float],
) -> tuple[dict[LeftKey, Fraction], dict[int, Fraction]] | None:
    """An equilibrium of the left side (at ``keys``) against the banker (at ``idx``).

    The banker's draw-minus-stand at a point is ``a_j + sum_k b_jk x_k``, the left
    side's at a choice ``e_k + sum_j f_kj y_j``.  Supports are enumerated: the left
    side mixes at ``m`` choices (the others pure), the banker at ``m`` points whose
    indifference fixes those chances; the banker's chances there then make the left
    side indifferent.  Fewest mixed choices first; the guide's (a few rounds of
    regret matching) nearest supports first; at most :data:`SUPPORTS` tried
    (:data:`WIDER` within :func:`wider_search`).
    """
    if not idx:  # the banker's moves all fixed: the left side's best response
        return {k: Fraction(int(e[k] > 0)) for k in keys}, {}

    # Supports by how far they are from the guide (a pure choice costs its distance
    # from the guide's chance, a mixed one a quarter): first each with its banker's
    # points the guide leaves most undecided only, then all of them.
    supports = _by_cost(tuple(guide_l[k] for k in keys))
    first_tries, most = _limits.get()
    quick = _Quick(idx, b, e, f)
    tried = 0
    done: set[tuple[int | None, ...]] = set()
    # 1. the guide's nearest supports, the banker mixing among its few most undecided
    # points; 2. every support mixing at one choice at most (each tried whole, cheaply);
    # 3. every support, whole.
    for phase in (1, 2, 3):
        for support in supports:
            mixed = [k for k, v in zip(keys, support, strict=True) if v is None]
            m = len(mixed)
            if support in done or (phase == 2 and m > 1):
                continue
            pure = {k: v for k, v in zip(keys, support, strict=True) if v is not None}
            c = {j: a[j] + sum(b[j].get(k, 0) * v for k, v in pure.items() if v) for j in idx}
            if m <= 1:
                done.add(support)
                found = (
                    _sweep(mixed[0], pure, idx, c, b, e, f)
                    if m
                    else _support(mixed, pure, (), idx, c, b, e, f, guide_y)
                )
                if found is not None:
                    return found
                continue
            # The banker can be indifferent at a point only where its draw-minus-stand
            # changes sign inside the box of the mixed chances (the pure ones fixed):
            # between its least and its greatest value over the box's corners.
            rel = sorted(
                (j for j in idx if _changes_sign(c[j], b[j], mixed)),
                key=lambda j: abs(guide_y[j] - 0.5),
            )
            if phase == 3 and len(rel) <= FIRST_LOOK:
                continue  # seen whole in the first look
            quick.pure(c)
            for chosen in itertools.combinations(rel[:FIRST_LOOK] if phase == 1 else rel, m):
                if phase == 3 and all(rel.index(j) < FIRST_LOOK for j in chosen):
                    continue  # tried in the first look
                tried += 1
                if tried > most:
                    return None
                if not quick.plausible(mixed, pure, chosen):
                    continue
                found = _support(mixed, pure, chosen, idx, c, b, e, f, guide_y)
                if found is not None:
                    return found
            if phase == 1 and tried > first_tries:
                break
    return None


def _changes_sign(c: Number, b: dict[LeftKey, Number], mixed: Sequence[LeftKey]) -> bool:
    """Whether ``c + sum_k b_k x_k`` is negative somewhere and positive somewhere in
    the open box ``0 < x_k < 1`` of the ``mixed`` chances: the only points where the
    banker's indifference can fix them (below its least value over the box's corners,
    it never vanishes inside it; likewise above its greatest)."""
    low = high = c
    for k in mixed:
        v = b.get(k, 0)
        if v < 0:
            low += v
        else:
            high += v
    return low < 0 < high


def _sweep(
    key: LeftKey,
    pure: dict[LeftKey, int],
    idx: Sequence[int],
    c: dict[int, Number],
    b: dict[int, dict[LeftKey, Number]],
    e: dict[LeftKey, Number],
    f: dict[LeftKey, dict[int, Number]],
) -> tuple[dict[LeftKey, Fraction], dict[int, Fraction]] | None:
    """The left side mixing at ``key`` alone (the others ``pure``): its chance ``t``
    swept over (0, 1).  The banker's draw-minus-stand at a point is ``c_j + b_j t``:
    its move changes at one root ``-c_j / b_j`` at most.  Between roots every move is
    fixed and the left side's draw-minus-stand at ``key`` is a constant; at a root the
    banker may mix there, which moves it between its values on either side.  An
    equilibrium is where it can be 0, the other choices staying best."""
    keys = [key, *pure]
    # g[k]: each choice's draw-minus-stand with the banker's moves just above t = 0.
    g: dict[LeftKey, Number] = dict(e)
    roots: dict[Fraction, list[int]] = {}
    for j in idx:
        beta = b[j].get(key, 0)
        cj = c[j]
        if beta:
            r = Fraction(-cj) / beta
            if 0 < r < 1:
                roots.setdefault(r, []).append(j)
            before = (beta > 0) if r <= 0 else (beta < 0)
        else:
            before = cj > 0
        if before:
            for k in keys:
                g[k] += f[k].get(j, 0)
    x: dict[LeftKey, Fraction] = {k: Fraction(v) for k, v in pure.items()}

    def best_elsewhere(h: dict[LeftKey, Number]) -> bool:
        return all(not ((v == 1 and h[k] < 0) or (v == 0 and h[k] > 0)) for k, v in pure.items())

    def moves(t: Fraction, set_: dict[int, Number] | None = None) -> dict[int, Fraction]:
        y: dict[int, Fraction] = {}
        for j in idx:
            if set_ and j in set_:
                y[j] = Fraction(set_[j])
                continue
            d = c[j] + b[j].get(key, 0) * t
            y[j] = Fraction(int(d > 0))
        return y

    last = Fraction(0)
    for r in sorted(roots):
        if g[key] == 0 and best_elsewhere(g):  # indifferent all along (last, r)
            t = (last + r) / 2
            return {**x, key: t}, moves(t)
        group = roots[r]
        # One point of the group mixes; the others (ties at the same root) each move
        # as on one side of it: all as before, or all as after.
        for mixer in group:
            fk = f[key].get(mixer, 0)
            if not fk:
                continue
            for side in (0, 1) if len(group) > 1 else (0,):
                state = {
                    j: int(b[j][key] > 0) if side else int(b[j][key] < 0)
                    for j in group
                    if j != mixer
                }
                rest = dict(g)
                for j in group:  # g holds every point of the group as before
                    now = state.get(j, 0)
                    was = int(b[j][key] < 0)
                    if now != was:
                        for k in keys:
                            rest[k] += (now - was) * f[k].get(j, 0)
                chance = Fraction(-rest[key]) / fk
                if 0 <= chance <= 1:
                    h = {k: rest[k] + chance * f[k].get(mixer, 0) for k in keys}
                    if best_elsewhere(h):
                        return {**x, key: r}, moves(r, {**state, mixer: chance})
        for j in group:  # past the root: the group's moves change
            was, now = int(b[j][key] < 0), int(b[j][key] > 0)
            if now != was:
                for k in keys:
                    g[k] += (now - was) * f[k].get(j, 0)
        last = r
    if g[key] == 0 and best_elsewhere(g):
        t = (last + 1) / 2
        return {**x, key: t}, moves(t)
    return None


class _Quick:
    """A support's check in floats, to pass over the hopeless ones quickly (a support
    it cannot judge, a tie within its precision, is left to the exact check)."""

    def __init__(
        self,
        idx: Sequence[int],
        b: dict[int, dict[LeftKey, Number]],
        e: dict[LeftKey, Number],
        f: dict[LeftKey, dict[int, Number]],
    ) -> None:
        self.idx = idx
        self.b = {j: {k: float(v) for k, v in b[j].items()} for j in idx}
        self.e = {k: float(v) for k, v in e.items()}
        self.f = {k: {j: float(v) for j, v in row.items()} for k, row in f.items()}
        self.c: dict[int, float] = {}
        self.size = {j: sum(map(abs, self.b[j].values())) for j in idx}
        self.fsize = {k: abs(self.e[k]) + sum(map(abs, row.values())) for k, row in self.f.items()}

    def pure(self, c: dict[int, Number]) -> None:
        self.c = {j: float(v) for j, v in c.items()}

    def plausible(
        self, mixed: Sequence[LeftKey], pure: dict[LeftKey, int], chosen: Sequence[int]
    ) -> bool:
        b, c, f, e = self.b, self.c, self.f, self.e
        x: dict[LeftKey, float] = {k: float(v) for k, v in pure.items()}
        if mixed:
            sol = solve_square([[b[j].get(k, 0.0) for k in mixed] + [-c[j]] for j in chosen], False)
            if sol is None or not all(-1e-9 < v < 1 + 1e-9 for v in sol):
                return sol is None  # singular in floats: let the exact check say
            x.update(zip(mixed, sol, strict=True))
        y: dict[int, float] = {}
        for j in self.idx:
            if j in chosen:
                continue
            d = c[j] + sum(b[j].get(k, 0.0) * x[k] for k in mixed)
            if abs(d) <= 1e-9 * (abs(c[j]) + self.size[j]):
                return True  # (nearly) tied: the exact check decides
            y[j] = 1.0 if d > 0 else 0.0
        if mixed:
            rows = [
                [f[k].get(j, 0.0) for j in chosen]
                + [-(e[k] + sum(v * y[j] for j, v in f[k].items() if j not in chosen))]
                for k in mixed
            ]
            sol_y = solve_square(rows, False)
            if sol_y is None:
                return True
            if not all(-1e-9 <= v <= 1 + 1e-9 for v in sol_y):
                return False
            y.update(zip(chosen, sol_y, strict=True))
        for k, v in pure.items():
            g = e[k] + sum(fv * y[j] for j, fv in f[k].items())
            slack = 1e-9 * self.fsize[k]
            if (v == 1 and g < -slack) or (v == 0 and g > slack):
                return False
        return True


def _support(
    mixed: Sequence[LeftKey],
    pure: dict[LeftKey, int],
    chosen: Sequence[int],
    idx: Sequence[int],
    c: dict[int, Number],
    b: dict[int, dict[LeftKey, Number]],
    e: dict[LeftKey, Number],
    f: dict[LeftKey, dict[int, Number]],
    guide_y: Sequence[float],
) -> tuple[dict[LeftKey, Fraction], dict[int, Fraction]] | None:
    """One support: the left side mixing at ``mixed`` (else ``pure``), the banker at
    ``chosen``; its equilibrium, if it is one."""
    x: dict[LeftKey, Fraction] = {k: Fraction(v) for k, v in pure.items()}
    if mixed:
        if len(mixed) == 1:
            (k,) = mixed
            (j,) = chosen
            sol = [Fraction(-c[j]) / b[j][k]]
        else:
            got = solve_square([[b[j].get(k, 0) for k in mixed] + [-c[j]] for j in chosen])
            if got is None:
                return None
            sol = got
        if not all(0 < v < 1 for v in sol):
            return None
        x.update(zip(mixed, sol, strict=True))
    # (the banker's pure moves as whole numbers: the sums over thousands of points
    # below stay in integers where the forms are)
    y: dict[int, Number] = {}
    ties = []
    for j in idx:
        if j in chosen:
            continue
        d = c[j] + sum(b[j].get(k, 0) * x[k] for k in mixed)
        y[j] = 1 if d > 0 else 0
        if d == 0 and any(f[k].get(j) for k in x):
            ties.append(j)
    # Where the banker is exactly indifferent, either move is its best: the guide's
    # first, then every other (a few points at most).
    # (made one at a time: where one side stakes nothing the banker is indifferent at
    # thousands of points, and the first is nearly always the one)
    first = tuple(int(guide_y[j] >= 0.5) for j in ties)
    moves: Iterable[tuple[int, ...]]
    if len(ties) <= 3:
        moves = (first, *(t for t in itertools.product((0, 1), repeat=len(ties)) if t != first))
    else:  # each flipped alone, then all one way
        moves = itertools.chain(
            (first,),
            ((*first[:i], 1 - first[i], *first[i + 1 :]) for i in range(len(ties))),
            ((0,) * len(ties), (1,) * len(ties)),
        )
    for tie in moves:
        for j, v in zip(ties, tie, strict=True):
            y[j] = v
        # The banker's chances at the chosen points leave the left side indifferent
        # where it mixes; its other choices must stay its best.
        if mixed:
            rows = [
                [f[k].get(j, 0) for j in chosen]
                + [-(e[k] + sum(fv * y[j] for j, fv in f[k].items() if j not in chosen))]
                for k in mixed
            ]
            sol_y = solve_square(rows)
            if sol_y is None or not all(0 <= v <= 1 for v in sol_y):
                continue
            y.update(zip(chosen, sol_y, strict=True))
        if all(
            not ((v == 1 and g < 0) or (v == 0 and g > 0))
            for k, v in pure.items()
            for g in [e[k] + sum(fv * y[j] for j, fv in f[k].items())]
        ):
            return x, {j: Fraction(v) for j, v in y.items()}
    return None


def solve_square(rows: list[list[Any]], exact: bool = True) -> list[Any] | None:
    """Solve a square linear system given as augmented rows, exactly (None: singular);
    ``exact=False``: in floats, for a quick look (:func:`_solve_floats`)."""
    if not exact:
        return _solve_floats(rows)
    n = len(rows)
    m: list[list[Any]] = [[Fraction(v) for v in row] for row in rows]
    for i in range(n):
        piv = next((r for r in range(i, n) if m[r][i] != 0), None)
        if piv is None:
            return None
        m[i], m[piv] = m[piv], m[i]
        for r in range(n):
            if r != i and m[r][i]:
                factor = m[r][i] / m[i][i]
                m[r] = [u - factor * v for u, v in zip(m[r], m[i], strict=True)]
    if any(m[i][i] == 0 for i in range(n)):
        return None
    return [m[i][n] / m[i][i] for i in range(n)]


#: A float pivot smaller than this times its row's largest entry counts as 0.
TINY = 1e-300


def _solve_floats(rows: list[list[Any]]) -> list[float] | None:
    """:func:`solve_square` in floats: Gauss-Jordan with partial pivoting (the largest
    entry of a column its pivot, the first of equals).  The searches ask for tens of
    thousands of these, nearly all of one or two unknowns: those are written out (the
    same operations, in the same order, as the general loop)."""
    n = len(rows)
    if n == 1:
        (a, b) = rows[0]
        a, b = float(a), float(b)
        if not abs(a) > TINY * max(1.0, abs(a), abs(b)):
            return None
        return [b / a]
    if n == 2:
        r0, r1 = rows
        two = solve_two(
            float(r0[0]), float(r0[1]), float(r0[2]), float(r1[0]), float(r1[1]), float(r1[2])
        )
        return None if two is None else list(two)
    m = [[float(v) for v in row] for row in rows]
    for i in range(n):
        piv, size = i, abs(m[i][i])
        for r in range(i + 1, n):
            if abs(m[r][i]) > size:
                piv, size = r, abs(m[r][i])
        if not size > TINY * max(1.0, *map(abs, m[piv])):
            return None
        m[i], m[piv] = m[piv], m[i]
        top = m[i]
        pivot = top[i]
        for r in range(n):
            row = m[r]
            if r != i and row[i]:
                factor = row[i] / pivot
                m[r] = [u - factor * v for u, v in zip(row, top, strict=True)]
    if any(m[i][i] == 0 for i in range(n)):
        return None
    return [m[i][n] / m[i][i] for i in range(n)]


def solve_two(
    a0: float, a1: float, a2: float, b0: float, b1: float, b2: float
) -> tuple[float, float] | None:
    """Two float equations ``a0 x + a1 y = a2``, ``b0 x + b1 y = b2``:
    :func:`_solve_floats`' operations for two unknowns, written out (None: singular)."""
    if abs(b0) > abs(a0):
        a0, a1, a2, b0, b1, b2 = b0, b1, b2, a0, a1, a2
    if not abs(a0) > TINY * max(1.0, abs(a0), abs(a1), abs(a2)):
        return None
    if b0:
        f = b0 / a0
        b0, b1, b2 = b0 - f * a0, b1 - f * a1, b2 - f * a2
    if not abs(b1) > TINY * max(1.0, abs(b0), abs(b1), abs(b2)):
        return None
    if a1:
        f = a1 / b1
        a0, a1, a2 = a0 - f * b0, a1 - f * b1, a2 - f * b2
    if a0 == 0 or b1 == 0:
        return None
    return a2 / a0, b2 / b1
