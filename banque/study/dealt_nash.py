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

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from operator import add, sub
from typing import Any, NamedTuple

from ..core.naturals import NaturalRule
from ..games.banque.advisor import unseen_values
from .dealt import CLASSES, DealtModel
from .edge import NATURAL, Point, _check_stakes, _drew

__all__ = ["DealtEquilibrium", "LeftKey", "RightKey", "dealt_equilibrium", "solve_dealt"]

#: A right side's information at 5: its pair's class (1-5, :data:`FIVES`) and
#: whether the left side showed a natural.
RightKey = tuple[int, bool]
#: A left side's information at 5: its pair's class and what the right side did
#: (``None`` stood, ``0..9`` drew that value, :data:`~banque.study.edge.NATURAL`).
LeftKey = tuple[int, int | None]

_K = CLASSES
Number = int | Fraction
#: The banker's forms at the right side's chance 0 and 1: ``(a0, a1, b0, b1)``.
_Ends = tuple[
    dict[int, Number],
    dict[int, Number],
    dict[int, dict["LeftKey", Number]],
    dict[int, dict["LeftKey", Number]],
]
_Forms = tuple[
    list["LeftKey"],
    list[int],
    dict[int, Number],
    dict[int, dict["LeftKey", Number]],
    dict["LeftKey", Number],
    dict["LeftKey", dict[int, Number]],
]


class _Cls(NamedTuple):
    kr: int
    kl: int
    sr: int
    sl: int
    dr: int
    dl: int


class _Pt(NamedTuple):
    right_drew: bool
    left_drew: bool
    left_natural: bool
    right: int | None
    classes: tuple[_Cls, ...]


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


class _Game:
    """The model's points in the form the solver reads (classes with a deal only)."""

    def __init__(self, model: DealtModel, stakes: tuple[int, int]) -> None:
        self.model = model
        self.stakes = stakes
        s_r, s_l = stakes
        n = _K * _K
        cls = [divmod(c, _K) for c in range(n)]
        pts = []
        index = []
        fixed_y = [0] * len(model.points)
        rights: set[RightKey] = set()
        lefts: set[LeftKey] = set()
        # Points where the banker's move is the same whatever the sides do (its
        # draw-minus-stand has one strict sign for every weight of the classes): their
        # sums, by what they are worth to each player, summed once per situation.
        unseen: dict[tuple[bool, int | None], set[int]] = {}
        groups: dict[tuple[bool, int | None, bool, bool, int], list[Point]] = {}
        # The classes a point can have: after a natural, those of the side that plays on.
        after_left_natural = {c for c in range(1, n) if c % _K == 0}
        after_right_natural = set(range(1, _K))
        for i, p in enumerate(model.points):
            right = p.right
            rd, ld, ln = _drew(right), _drew(p.left), p.left == NATURAL
            # the banker's draw-minus-stand by class, stakes weighed
            if s_r == s_l:  # (their common factor drops out of a sign)
                db = list(map(sub, map(add, p.dr, p.dl), map(add, p.sr, p.sl)))
            else:
                db = [
                    s_r * (dr - sr) + s_l * (dl - sl)
                    for sr, sl, dr, dl in zip(p.sr, p.sl, p.dr, p.dl, strict=True)
                ]
            # (class 0 counts whatever the sides do; every other class with weight 0 or 1)
            below = sum([d for d in db if d < 0])
            above = sum(db) - below
            lo = below + max(db[0], 0)
            hi = above + min(db[0], 0)
            # The sides' informations: every class met after what each side did.
            todo = unseen.get((ln, right))
            if todo is None:
                todo = unseen[(ln, right)] = set(
                    after_left_natural
                    if ln
                    else after_right_natural
                    if right == NATURAL
                    else range(1, n)
                )
            if todo:
                for c in [c for c in todo if p.z[c]]:
                    todo.discard(c)
                    kr, kl = cls[c]
                    if kr:
                        rights.add((kr, ln))
                    if kl:
                        lefts.add((kl, p.right))
            if lo <= 0 <= hi:  # (an exact tie either way is left to the search)
                index.append(i)
                classes = tuple(
                    _Cls(*cls[c], p.sr[c], p.sl[c], p.dr[c], p.dl[c]) for c in range(n) if p.z[c]
                )
                pts.append(_Pt(rd, ld, ln, p.right, classes))
                continue
            y = 1 if lo > 0 else 0
            fixed_y[i] = y
            groups.setdefault((ln, p.right, rd, ld, y), []).append(p)
        agg = {
            key: [
                [sum(col) for col in zip(*(getattr(p, f) for p in members), strict=True)]
                for f in ("sr", "sl", "dr", "dl")
            ]
            for key, members in groups.items()
        }
        self.points = pts
        #: Each live point's place among the model's points; the banker's move at the others.
        self.index = index
        self.fixed_y = fixed_y
        # fb[(rk, rd, lk, ld)]: the banker's result there (stakes weighed); fr[(rk, rd)]
        # and fl[(lk, ld)]: by the other side's (key, move), the banker's result against
        # that side (rk, lk: a side's key, None for class 0).
        self.fb: dict[tuple[RightKey | None, bool, LeftKey | None, bool], int] = {}
        self.fr: dict[tuple[RightKey, bool], dict[tuple[LeftKey | None, bool], int]] = {}
        self.fl: dict[tuple[LeftKey, bool], dict[tuple[RightKey | None, bool], int]] = {}
        for (ln, move, rd, ld, y), (sr, sl, dr, dl) in agg.items():
            for c in range(n):
                kr, kl = cls[c]
                rk = (kr, ln) if kr else None
                lk = (kl, move) if kl else None
                r = sr[c] + y * (dr[c] - sr[c])
                lv = sl[c] + y * (dl[c] - sl[c])
                b = s_r * r + s_l * lv
                if b:
                    key = (rk, rd, lk, ld)
                    self.fb[key] = self.fb.get(key, 0) + b
                if rk is not None and r:
                    row = self.fr.setdefault((rk, rd), {})
                    row[(lk, ld)] = row.get((lk, ld), 0) + r
                if lk is not None and lv:
                    col = self.fl.setdefault((lk, ld), {})
                    col[(rk, rd)] = col.get((rk, rd), 0) + lv
        self._forms: dict[Any, tuple[_Forms, _Forms]] = {}
        self.right_keys = sorted(rights, key=lambda k: (k[1], k[0]))
        self.left_keys = sorted(lefts, key=lambda k: (_move_order(k[1]), k[0]))
        self.moves = sorted({k[1] for k in lefts} | {p.right for p in pts}, key=_move_order)

    def full_y(self, y: Sequence[Number]) -> list[Number]:
        """The banker's chances at every model point from those at the live points."""
        out: list[Number] = list(self.fixed_y)
        for i, v in zip(self.index, y, strict=True):
            out[i] = v
        return out

    # ------------------------------------------------------------ exact values

    def values(
        self,
        x_r: dict[RightKey, Number],
        x_l: dict[LeftKey, Number],
        y: Sequence[Number],
    ) -> tuple[
        list[Fraction], Fraction, dict[RightKey, list[Fraction]], dict[LeftKey, list[Fraction]]
    ]:
        """Each point's draw-minus-stand for the banker, the banker's total, and each
        side's value standing / drawing at each of its informations (model units).

        In integers: every chance is written over one common denominator ``Q``,
        the sums scaled by its powers, and divided once at the end.
        """
        s_r, s_l = self.stakes
        chances = [*x_r.values(), *x_l.values(), *y]
        q = math.lcm(*(Fraction(v).denominator for v in chances)) if chances else 1

        def num(v: Number) -> int:
            f = Fraction(v) * q
            return f.numerator

        nr = {k: num(v) for k, v in x_r.items()}
        nl = {k: num(v) for k, v in x_l.items()}
        v_r: dict[RightKey, list[int]] = {k: [0, 0] for k in self.right_keys}
        v_l: dict[LeftKey, list[int]] = {k: [0, 0] for k in self.left_keys}
        deltas: list[int] = []
        bank = 0
        for p, yv in zip(self.points, y, strict=True):
            rd, ld, ln, move = p.right_drew, p.left_drew, p.left_natural, p.right
            yy = num(yv)
            d = s = 0
            for c in p.classes:
                if c.kr:
                    a = nr[(c.kr, ln)]
                    wr = a if rd else q - a
                else:
                    wr = q
                if c.kl:
                    b = nl[(c.kl, move)]
                    wl = b if ld else q - b
                else:
                    wl = q
                stand = s_r * c.sr + s_l * c.sl
                w = wr * wl
                d += w * (s_r * c.dr + s_l * c.dl - stand)
                s += w * stand
                if c.kr:
                    v_r[(c.kr, ln)][rd] -= wl * (c.sr * q + yy * (c.dr - c.sr))
                if c.kl:
                    v_l[(c.kl, move)][ld] -= wr * (c.sl * q + yy * (c.dl - c.sl))
            deltas.append(d)
            bank += s * q + yy * d

        # The points whose move is fixed, summed once by situation.
        def w_r(rk: RightKey | None, rd: bool) -> int:
            return q if rk is None else (nr[rk] if rd else q - nr[rk])

        def w_l(lk: LeftKey | None, ld: bool) -> int:
            return q if lk is None else (nl[lk] if ld else q - nl[lk])

        bank += q * sum(w_r(rk, rd) * w_l(lk, ld) * b for (rk, rd, lk, ld), b in self.fb.items())
        for (rk, rd), row in self.fr.items():
            v_r[rk][rd] -= q * sum(w_l(lk, ld) * r for (lk, ld), r in row.items())
        for (lk, ld), col in self.fl.items():
            v_l[lk][ld] -= q * sum(w_r(rk, rd) * v for (rk, rd), v in col.items())
        q2, q3 = q * q, q * q * q
        return (
            [Fraction(d, q2) for d in deltas],
            Fraction(bank, q3),
            {k: [Fraction(v[0], q2), Fraction(v[1], q2)] for k, v in v_r.items()},
            {k: [Fraction(v[0], q2), Fraction(v[1], q2)] for k, v in v_l.items()},
        )

    def exploitability(
        self, x_r: dict[RightKey, Number], x_l: dict[LeftKey, Number], y: Sequence[Number]
    ) -> tuple[Fraction, Fraction, Fraction, Fraction]:
        """(banker's edge, and what a best response gains: banker, right, left), per chip."""
        deltas, bank, v_r, v_l = self.values(x_r, x_l, y)
        den = self.model.denominator
        s_r, s_l = self.stakes
        gain_b = sum((max(d, 0) - yy * d for d, yy in zip(deltas, y, strict=True)), Fraction(0))
        gain_r = sum(
            (max(v) - (x_r[k] * v[1] + (1 - x_r[k]) * v[0]) for k, v in v_r.items()), Fraction(0)
        )
        gain_l = sum(
            (max(v) - (x_l[k] * v[1] + (1 - x_l[k]) * v[0]) for k, v in v_l.items()), Fraction(0)
        )
        edge = self.model.naturals_share(self.stakes) + bank / (den * (s_r + s_l))
        return (
            edge,
            gain_b / (den * (s_r + s_l)),
            gain_r / den if s_r else Fraction(0),
            gain_l / den if s_l else Fraction(0),
        )

    # ------------------------------------------------------------ regret matching

    def guide(self, rounds: int) -> tuple[dict[RightKey, float], dict[LeftKey, float], list[float]]:
        """Regret matching+ (floats, linear averaging) for ``rounds``: which choices mix.

        Points whose choice is the same whatever the sides do are fixed first;
        their share of the sides' values is summed once.
        """
        s_r, s_l = self.stakes
        scale = 1.0 / float(self.model.denominator)
        r_index = {k: i for i, k in enumerate(self.right_keys)}
        l_index = {k: i for i, k in enumerate(self.left_keys)}
        n_r, n_l = len(r_index), len(l_index)
        fixed_r: dict[tuple[int, bool, int, bool], float] = {}
        fixed_l: dict[tuple[int, bool, int, bool], float] = {}
        for (rk, rd), row in self.fr.items():
            for (lk, ld), r in row.items():
                key = (r_index[rk], rd, -1 if lk is None else l_index[lk], ld)
                fixed_r[key] = fixed_r.get(key, 0.0) - r * scale
        for (lk, ld), col in self.fl.items():
            for (rk, rd), v in col.items():
                key = (l_index[lk], ld, -1 if rk is None else r_index[rk], rd)
                fixed_l[key] = fixed_l.get(key, 0.0) - v * scale
        live: list[tuple[int, bool, bool, list[tuple[int, int, float, float, float, float, float]]]]
        live = []
        y_all = [0.0] * len(self.points)
        for j, p in enumerate(self.points):
            rd, ld = p.right_drew, p.left_drew
            rows = []
            lo = hi = 0.0
            for c in p.classes:
                ir = r_index[(c.kr, p.left_natural)] if c.kr else -1
                il = l_index[(c.kl, p.right)] if c.kl else -1
                sr, sl, dr, dl = c.sr * scale, c.sl * scale, c.dr * scale, c.dl * scale
                db = s_r * (dr - sr) + s_l * (dl - sl)
                if ir < 0 and il < 0:
                    lo += db
                    hi += db
                else:
                    lo += min(0.0, db)
                    hi += max(0.0, db)
                rows.append((ir, il, db, -sr, -dr, -sl, -dl))
            if lo >= 0 or hi <= 0:
                yy = 1.0 if lo > 0 or (lo >= 0 and hi > 0) else 0.0
                y_all[j] = yy
                for ir, il, _db, grs, grd, gls, gld in rows:
                    if ir >= 0:
                        key = (ir, rd, il, ld)
                        fixed_r[key] = fixed_r.get(key, 0.0) + yy * grd + (1 - yy) * grs
                    if il >= 0:
                        key = (il, ld, ir, rd)
                        fixed_l[key] = fixed_l.get(key, 0.0) + yy * gld + (1 - yy) * gls
            else:
                live.append((j, rd, ld, rows))
        x_r, x_l, y = [0.5] * n_r, [0.5] * n_l, [0.5] * len(live)
        reg_r = [[0.0, 0.0] for _ in range(n_r)]
        reg_l = [[0.0, 0.0] for _ in range(n_l)]
        reg_b = [[0.0, 0.0] for _ in range(len(live))]
        avg_r, avg_l, avg_b = [0.0] * n_r, [0.0] * n_l, [0.0] * len(live)
        fr, fl = list(fixed_r.items()), list(fixed_l.items())

        for t in range(1, rounds + 1):
            # Alternating updates (CFR+): the banker against the sides' current choices,
            # then the sides against the banker's new ones.
            wr = ([*(1.0 - v for v in x_r), 1.0], [*x_r, 1.0])
            wl = ([*(1.0 - v for v in x_l), 1.0], [*x_l, 1.0])
            for j, (_, rd, ld, rows) in enumerate(live):
                wrr, wll = wr[rd], wl[ld]
                d = 0.0
                for ir, il, db, _a, _b, _c, _d in rows:
                    d += wrr[ir] * wll[il] * db
                yy = y[j]
                r = reg_b[j]
                r[1] = max(0.0, r[1] + d - yy * d)
                r[0] = max(0.0, r[0] - yy * d)
                y[j] = r[1] / (r[0] + r[1]) if r[0] + r[1] > 0 else 0.5
            v_r = [[0.0, 0.0] for _ in range(n_r)]
            v_l = [[0.0, 0.0] for _ in range(n_l)]
            for (ir, rd, il, ld), g in fr:
                v_r[ir][rd] += wl[ld][il] * g
            for (il, ld, ir, rd), g in fl:
                v_l[il][ld] += wr[rd][ir] * g
            for j, (_, rd, ld, rows) in enumerate(live):
                wrr, wll = wr[rd], wl[ld]
                yy = y[j]
                for ir, il, _db, grs, grd, gls, gld in rows:
                    if ir >= 0:
                        v_r[ir][rd] += wll[il] * (grs + yy * (grd - grs))
                    if il >= 0:
                        v_l[il][ld] += wrr[ir] * (gls + yy * (gld - gls))
            for x, reg, v in ((x_r, reg_r, v_r), (x_l, reg_l, v_l)):
                for i, xi in enumerate(x):
                    cur = xi * v[i][1] + (1 - xi) * v[i][0]
                    reg[i][1] = max(0.0, reg[i][1] + v[i][1] - cur)
                    reg[i][0] = max(0.0, reg[i][0] + v[i][0] - cur)
            for x, reg in ((x_r, reg_r), (x_l, reg_l)):
                for i, (a, b) in enumerate(reg):
                    x[i] = b / (a + b) if a + b > 0 else 0.5
            for x, avg in ((x_r, avg_r), (x_l, avg_l), (y, avg_b)):
                for i, xi in enumerate(x):
                    avg[i] += t * xi
        total = rounds * (rounds + 1) / 2
        for (j, *_), a in zip(live, avg_b, strict=True):
            y_all[j] = a / total
        return (
            {k: avg_r[i] / total for k, i in r_index.items()},
            {k: avg_l[i] / total for k, i in l_index.items()},
            y_all,
        )

    # ------------------------------------------------------------ exact supports

    def forms(self, move: int | None, x_r: dict[RightKey, Number]) -> _Forms:
        """After the right side's ``move``, with its chances ``x_r``: the banker's
        draw-minus-stand at each point, ``a_p + sum_k b_pk x_k``, and the left side's
        draw-minus-stand at each of its choices, ``e_k + sum_p f_kp y_p``."""
        keys = [k for k in self.left_keys if k[1] == move]
        idx = [j for j, p in enumerate(self.points) if p.right == move]
        s_r, s_l = self.stakes
        # Banker: delta_p = a_p + sum_k b_pk x_k.  Left: g_k = e_k + sum_p f_kp y_p.
        a: dict[int, Number] = {}
        b: dict[int, dict[LeftKey, Number]] = {}
        e: dict[LeftKey, Number] = dict.fromkeys(keys, 0)
        f: dict[LeftKey, dict[int, Number]] = {k: {} for k in keys}
        for j in idx:
            p = self.points[j]
            rd, ld = p.right_drew, p.left_drew
            aj: Number = 0
            bj: dict[LeftKey, Number] = {}
            for c in p.classes:
                wr: Number = 1
                if c.kr:
                    q = x_r[(c.kr, p.left_natural)]
                    wr = q if rd else 1 - q
                delta = s_r * (c.dr - c.sr) + s_l * (c.dl - c.sl)
                if not c.kl:
                    aj += wr * delta
                    continue
                k = (c.kl, move)
                sign = 1 if ld else -1
                if not ld:
                    aj += wr * delta
                bj[k] = bj.get(k, 0) + sign * wr * delta
                e[k] -= sign * wr * c.sl
                f[k][j] = f[k].get(j, 0) - sign * wr * (c.dl - c.sl)
            a[j], b[j] = aj, bj
        for k in keys:  # the points whose move is fixed
            for ld in (False, True):
                for (rk, rd), v in self.fl.get((k, ld), {}).items():
                    wr = 1 if rk is None else (x_r[rk] if rd else 1 - x_r[rk])
                    e[k] += (-v if ld else v) * wr
        return keys, idx, a, b, e, f

    def forms_at(
        self, move: int | None, x_r: dict[RightKey, Number], key: RightKey, t: Number
    ) -> _Forms:
        """:meth:`forms` with the right side's chance at ``key`` set to ``t`` (the
        others pure): affine in ``t``, so worked out at 0 and 1 once."""
        memo = (move, key, tuple(sorted(((k, v) for k, v in x_r.items() if k != key), key=str)))
        if memo not in self._forms:
            self._forms[memo] = (
                self.forms(move, {**x_r, key: 0}),
                self.forms(move, {**x_r, key: 1}),
            )
        (keys, idx, a0, b0, e0, f0), (_, _, a1, b1, e1, f1) = self._forms[memo]
        a = {j: _affine(a0[j], a1[j], t) for j in idx}
        b = {
            j: {
                k: _affine(b0[j].get(k, 0), b1[j].get(k, 0), t) for k in b0[j].keys() | b1[j].keys()
            }
            for j in idx
        }
        e = {k: _affine(e0[k], e1[k], t) for k in keys}
        f = {
            k: {
                j: _affine(f0[k].get(j, 0), f1[k].get(j, 0), t) for j in f0[k].keys() | f1[k].keys()
            }
            for k in keys
        }
        return keys, idx, a, b, e, f

    def right_gaps(
        self, x_l: dict[LeftKey, Number], y: Sequence[Number], natural: bool | None = None
    ) -> dict[RightKey, Fraction]:
        """:meth:`right_gap` at every key of the right side at once (no point chosen), in
        integers over one common denominator; ``natural``: only the keys after a left
        natural (True) or after none (False)."""
        chances = [*x_l.values(), *y]
        q = math.lcm(*(Fraction(v).denominator for v in chances)) if chances else 1
        nl = {k: (Fraction(v) * q).numerator for k, v in x_l.items()}
        ny = [(Fraction(v) * q).numerator for v in y]
        gaps = {k: 0 for k in self.right_keys if natural is None or k[1] == natural}
        for p, yy in zip(self.points, ny, strict=True):
            ln, move, ld = p.left_natural, p.right, p.left_drew
            if natural is not None and ln != natural:
                continue
            sign = 1 if p.right_drew else -1
            for c in p.classes:
                if not c.kr:
                    continue
                if c.kl:
                    b = nl[(c.kl, move)]
                    wl = b if ld else q - b
                else:
                    wl = q
                gaps[(c.kr, ln)] -= sign * wl * (c.sr * q + yy * (c.dr - c.sr))
        for (key, rd), row in self.fr.items():
            if key not in gaps:
                continue
            for (lk, ld), r in row.items():
                wl = q if lk is None else (nl[lk] if ld else q - nl[lk])
                gaps[key] += (-r if rd else r) * wl * q
        return {k: Fraction(v, q * q) for k, v in gaps.items()}

    def right_gap(
        self,
        key: RightKey,
        x_l: dict[LeftKey, Number],
        y: Sequence[Number],
        chosen: Sequence[int],
    ) -> tuple[Fraction, list[Fraction]]:
        """The right side's draw-minus-stand at ``key`` with the banker standing at the
        ``chosen`` points, and how much drawing at each of them adds (it is linear)."""
        kr, natural = key
        gap = Fraction(0)
        slopes = dict.fromkeys(chosen, Fraction(0))
        for j, p in enumerate(self.points):
            if p.left_natural != natural:
                continue
            sign = 1 if p.right_drew else -1
            for c in p.classes:
                if c.kr != kr:
                    continue
                wl: Number = 1
                if c.kl:
                    q = x_l[(c.kl, p.right)]
                    wl = q if p.left_drew else 1 - q
                if j in slopes:
                    gap -= sign * wl * c.sr
                    slopes[j] -= sign * wl * (c.dr - c.sr)
                else:
                    gap -= sign * wl * (c.sr + y[j] * (c.dr - c.sr))
        for rd in (False, True):  # the points whose move is fixed
            for (lk, ld), r in self.fr.get((key, rd), {}).items():
                wl = 1 if lk is None else (x_l[lk] if ld else 1 - x_l[lk])
                gap += (-r if rd else r) * wl
        return gap, [slopes[j] for j in chosen]

    def solve_after(
        self,
        move: int | None,
        x_r: dict[RightKey, Number],
        guide_l: dict[LeftKey, float],
        guide_y: Sequence[float],
        forms: _Forms | None = None,
    ) -> tuple[dict[LeftKey, Fraction], dict[int, Fraction]] | None:
        """The left side against the banker after the right side's ``move``, exactly
        (:func:`_subgame`; the guide only says which supports to try first)."""
        keys, idx, a, b, e, f = forms if forms is not None else self.forms(move, x_r)
        return _subgame(keys, idx, a, b, e, f, guide_l, guide_y)


#: At most this many supports tried in one two-person game after a right side's move.
SUPPORTS = 3_000
#: The banker's points first tried for the supports of each game: the guide's most undecided.
FIRST_LOOK = 8
#: How many of those first looks before every support mixing at one choice at most.
FIRST_TRIES = 1_000


def _subgame(
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
    regret matching) nearest supports first; at most :data:`SUPPORTS` tried.
    """
    if not idx:  # the banker's moves all fixed: the left side's best response
        return {k: Fraction(int(e[k] > 0)) for k in keys}, {}

    # Supports by how far they are from the guide (a pure choice costs its distance
    # from the guide's chance, a mixed one a quarter): first each with its banker's
    # points the guide leaves most undecided only, then all of them.
    def cost(k: LeftKey, v: int | None) -> float:
        return 0.25 if v is None else abs(guide_l[k] - v)

    supports = sorted(
        itertools.product((0, 1, None), repeat=len(keys)),
        key=lambda s: sum(cost(k, v) for k, v in zip(keys, s, strict=True)),
    )
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
            rel = sorted(
                (j for j in idx if any(b[j].get(k) for k in mixed)),
                key=lambda j: abs(guide_y[j] - 0.5),
            )
            if phase == 3 and len(rel) <= FIRST_LOOK:
                continue  # seen whole in the first look
            quick.pure(c)
            for chosen in itertools.combinations(rel[:FIRST_LOOK] if phase == 1 else rel, m):
                if phase == 3 and all(rel.index(j) < FIRST_LOOK for j in chosen):
                    continue  # tried in the first look
                tried += 1
                if tried > SUPPORTS:
                    return None
                if not quick.plausible(mixed, pure, chosen):
                    continue
                found = _support(mixed, pure, chosen, idx, c, b, e, f, guide_y)
                if found is not None:
                    return found
            if phase == 1 and tried > FIRST_TRIES:
                break
    return None


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
            sol = _solve([[b[j].get(k, 0.0) for k in mixed] + [-c[j]] for j in chosen], False)
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
            sol_y = _solve(rows, False)
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
            got = _solve([[b[j].get(k, 0) for k in mixed] + [-c[j]] for j in chosen])
            if got is None:
                return None
            sol = got
        if not all(0 < v < 1 for v in sol):
            return None
        x.update(zip(mixed, sol, strict=True))
    y: dict[int, Fraction] = {}
    ties = []
    for j in idx:
        if j in chosen:
            continue
        d = c[j] + sum(b[j].get(k, 0) * x[k] for k in mixed)
        y[j] = Fraction(1 if d > 0 else 0)
        if d == 0 and any(f[k].get(j) for k in x):
            ties.append(j)
    # Where the banker is exactly indifferent, either move is its best: the guide's
    # first, then every other (a few points at most).
    first = tuple(int(guide_y[j] >= 0.5) for j in ties)
    moves = [first]
    if len(ties) <= 3:
        moves += [t for t in itertools.product((0, 1), repeat=len(ties)) if t != first]
    else:  # each flipped alone, then all one way
        moves += [(*first[:i], 1 - first[i], *first[i + 1 :]) for i in range(len(ties))]
        moves += [(0,) * len(ties), (1,) * len(ties)]
    for tie in moves:
        for j, v in zip(ties, tie, strict=True):
            y[j] = Fraction(v)
        # The banker's chances at the chosen points leave the left side indifferent
        # where it mixes; its other choices must stay its best.
        if mixed:
            rows = [
                [f[k].get(j, 0) for j in chosen]
                + [-(e[k] + sum(fv * y[j] for j, fv in f[k].items() if j not in chosen))]
                for k in mixed
            ]
            sol_y = _solve(rows)
            if sol_y is None or not all(0 <= v <= 1 for v in sol_y):
                continue
            y.update(zip(chosen, sol_y, strict=True))
        if all(
            not ((v == 1 and g < 0) or (v == 0 and g > 0))
            for k, v in pure.items()
            for g in [e[k] + sum(fv * y[j] for j, fv in f[k].items())]
        ):
            return x, y
    return None


def _move_order(move: int | None) -> int:
    return -2 if move is None else move


def _solve(rows: list[list[Any]], exact: bool = True) -> list[Any] | None:
    """Solve a square linear system given as augmented rows, exactly (None: singular);
    ``exact=False``: in floats, for a quick look."""
    n = len(rows)
    m: list[list[Any]] = [[Fraction(v) if exact else float(v) for v in row] for row in rows]
    for i in range(n):
        if exact:
            piv = next((r for r in range(i, n) if m[r][i] != 0), None)
        else:
            piv = max(range(i, n), key=lambda r: abs(m[r][i]))
            piv = piv if abs(m[piv][i]) > 1e-300 * max(1.0, *map(abs, m[piv])) else None
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


def _moves(game: _Game) -> list[int | None]:
    return list(game.moves)


def _after_all(
    game: _Game,
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
        found = game.solve_after(move, x_r, guide_l, guide_y, forms)
        if found is None:
            return None
        xs, ys = found
        x_l.update(xs)
        for j, v in ys.items():
            y[j] = v
    return x_l, y


def _affine(x0: Number, x1: Number, t: Number) -> Number:
    return x0 + t * (x1 - x0)


def _mixes_at(
    forms: _Ends,
    chosen: Sequence[int],
    mixed: Sequence[LeftKey],
    pure: dict[LeftKey, int],
    t: Any,
    exact: bool = True,
) -> list[Any] | None:
    """The left side's mixed chances making the banker indifferent at ``chosen[:-1]``
    when the right side's chance is ``t`` (None: no unique answer); ``forms``: the
    banker's forms (``a``, ``b``) with that chance at 0 and at 1."""
    a0, a1, b0, b1 = forms
    rows = []
    for j in chosen[:-1]:
        const = _affine(a0[j], a1[j], t) + sum(
            _affine(b0[j].get(k, 0), b1[j].get(k, 0), t) * v
            for k, v in pure.items()
            if k not in mixed
        )
        rows.append([_affine(b0[j].get(k, 0), b1[j].get(k, 0), t) for k in mixed] + [-const])
    return _solve(rows, exact) if rows else []


def _last_delta(
    forms: _Ends,
    chosen: Sequence[int],
    mixed: Sequence[LeftKey],
    pure: dict[LeftKey, int],
    t: Any,
    exact: bool = True,
) -> Any:
    xs = _mixes_at(forms, chosen, mixed, pure, t, exact)
    if xs is None:
        return None
    a0, a1, b0, b1 = forms
    x = {**pure, **dict(zip(mixed, xs, strict=True))}
    j = chosen[-1]
    return _affine(a0[j], a1[j], t) + sum(
        _affine(b0[j].get(k, 0), b1[j].get(k, 0), t) * v for k, v in x.items()
    )


def _bisect(
    h: Callable[[Any, bool], Any], a: Any, b: Any, va: Any, exact: bool, steps: int
) -> tuple[Any, Any]:
    """Halve ``[a, b]`` (``h`` changes sign there, ``va = h(a)``) ``steps`` times."""
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


def _roots(
    h: Callable[[Any, bool], Any],
    lo: float = 0.0,
    hi: float = 1.0,
    keep: Callable[[float], bool] | None = None,
    steps: int = 16,
) -> list[Fraction]:
    """Where ``h`` changes sign on (lo, hi): a scan and a bisection in floats, then, for
    the roots ``keep`` keeps, a bisection in fractions to 1e-45."""
    out = []
    grid = [lo + (hi - lo) * i / steps for i in range(steps + 1)]
    quick = [h(t, False) for t in grid]
    for i in range(steps):
        a, b, va, vb = grid[i], grid[i + 1], quick[i], quick[i + 1]
        if va is None or vb is None or (va > 0) == (vb > 0):
            continue
        a, b = _bisect(h, a, b, va, False, 60)
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
        flo, fhi = _bisect(h, flo, fhi, elo, True, 130)
        out.append(((flo + fhi) / 2).limit_denominator(10**45))
    return out


def _one_mixed_right(
    game: _Game,
    key: RightKey,
    x_r: dict[RightKey, Number],
    guide_l: dict[LeftKey, float],
    guide_y: Sequence[float],
) -> tuple[dict[RightKey, Number], dict[LeftKey, Number], list[Number]] | None:
    """The right side mixing at ``key``: one more point where the banker mixes.

    After one move of the right side the banker mixes at one point more than
    the left side mixes choices; those indifferences fix the right side's
    chance ``t`` (a root found by bisection, to 45 digits) and the left side's
    chances there.  Every other move's game is then solved for ``t``; the
    banker's chances at the points make the left side and the right side
    indifferent (linear in them).
    """
    moves = _moves(game)
    moves.sort(
        key=lambda m: -sum(1 for k in game.left_keys if k[1] == m and 0.02 < guide_l[k] < 0.98)
    )
    # First every root in floats, each with how far it is from the guide; then, nearest
    # first, each one exactly, until one is an equilibrium.
    found: list[tuple[float, float, tuple[Any, ...]]] = []
    for move in moves:
        _k0, idx, a0, b0, _e0, _f0 = game.forms(move, {**x_r, key: 0})
        keys, _i1, a1, b1, _e1, _f1 = game.forms(move, {**x_r, key: 1})
        pure = {k: (1 if guide_l[k] >= 0.5 else 0) for k in keys}
        # The guide's most undecided choices and points (a few: the search is over their
        # subsets).
        near = sorted(
            (k for k in keys if 0.02 < guide_l[k] < 0.98), key=lambda k: abs(guide_l[k] - 0.5)
        )[:4]
        cand = sorted(
            (j for j in idx if 0.002 < guide_y[j] < 0.998), key=lambda j: abs(guide_y[j] - 0.5)
        )[:8]
        for size in range(len(near), -1, -1):
            for mixed in itertools.combinations(near, size):
                dropped = [k for k in near if k not in mixed]
                for flips in itertools.product((0, 1), repeat=len(dropped)):
                    base = {**pure, **dict(zip(dropped, flips, strict=True))}
                    for chosen in itertools.combinations(cand, size + 1):
                        args = (move, base, mixed, chosen, (a0, a1, b0, b1))
                        roots: list[tuple[float, float]] = []
                        _special(game, key, x_r, guide_l, guide_y, *args, collect=roots)
                        penalty = sum(abs(guide_y[j] - 0.5) for j in chosen)
                        found += [(score + penalty, t, args) for score, t in roots]
    found.sort(key=lambda item: item[0])
    for _score, t, args in found:
        result = _special(game, key, x_r, guide_l, guide_y, *args, window=(t - 1e-9, t + 1e-9))
        if result is not None:
            return result
    return None


def _special(
    game: _Game,
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
) -> tuple[dict[RightKey, Number], dict[LeftKey, Number], list[Number]] | None:
    """One candidate: the right side's chance ``t`` where the banker is indifferent at
    every ``chosen`` point (the left side mixing at ``mixed``).  ``collect``: only list
    the plausible roots in floats (with how far they are from the guide); ``window``:
    look for the root there, exactly, and check the candidate."""
    guide_r = float(x_r[key])

    def h(t: Any, exact: bool) -> Any:
        return _last_delta(forms, chosen, mixed, base, t, exact)

    def plausible(t: float) -> bool:
        xs = _mixes_at(forms, chosen, mixed, base, t, False)
        ok = xs is not None and all(
            -1e-9 <= v <= 1 + 1e-9 and abs(v - guide_l[k]) <= 0.15
            for k, v in zip(mixed, xs, strict=True)
        )
        if ok and collect is not None:
            assert xs is not None
            far = abs(t - guide_r) + sum(
                abs(v - guide_l[k]) for k, v in zip(mixed, xs, strict=True)
            )
            collect.append((far, t))
            return False
        return ok

    lo, hi = window or (max(0.0, guide_r - 0.1), min(1.0, guide_r + 0.1))
    for t in _roots(h, lo, hi, plausible, steps=16 if window is None else 1):
        xs = _mixes_at(forms, chosen, mixed, base, t)
        if xs is None or not all(0 <= v <= 1 for v in xs):
            continue
        if any(abs(float(v) - guide_l[k]) > 0.15 for k, v in zip(mixed, xs, strict=True)):
            continue
        trial = {**x_r, key: t}
        rest = _after_all(game, trial, guide_l, guide_y, skip=move, mixed_at=key)
        if rest is None:
            continue
        x_l, y = rest
        x_l.update(base)
        x_l.update(zip(mixed, xs, strict=True))
        keys, idx, a, b, e, f = game.forms_at(move, x_r, key, t)
        for i in idx:
            if i not in chosen:
                d = a[i] + sum(v * x_l[k] for k, v in b[i].items())
                y[i] = 1 if d > 0 else 0
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
        ys = _solve(rows)
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
    game: _Game, guide_r: dict[RightKey, float], guide_y: Sequence[float]
) -> tuple[dict[RightKey, Number], dict[int, Number]] | None:
    """Per-side: the right side at 5 once the left showed a natural, against the banker.

    Those points involve no choice of the left side, and the right side's choices
    there (``(pair, True)``) touch no other point: a game of its own.  The right pure
    as the guide says, or mixing at its most undecided choice, whose chance is fixed
    by the banker's indifference at one point (affine in it) and that point's chance
    by the right side's (affine in it).  ``({}, {})`` under the home rule.
    """
    keys = [k for k in game.right_keys if k[1]]
    if not keys:
        return {}, {}
    pts = [j for j, p in enumerate(game.points) if p.left_natural]
    s_r, s_l = game.stakes

    # Each point's draw-minus-stand for the banker by class: (the right's key, drew?, db).
    terms = {
        j: [
            (c.kr, game.points[j].right_drew, s_r * (c.dr - c.sr) + s_l * (c.dl - c.sl))
            for c in game.points[j].classes
        ]
        for j in pts
    }

    def delta(j: int, x: dict[RightKey, Number]) -> Number:
        d: Number = 0
        for kr, drew, db in terms[j]:
            if kr:
                q = x[(kr, True)]
                d += (q if drew else 1 - q) * db
            else:
                d += db
        return d

    def best(x: dict[RightKey, Number], y: dict[int, Number]) -> bool:
        gaps = game.right_gaps({}, [y.get(j, 0) for j in range(len(game.points))], natural=True)
        return not any((x[k] == 1 and gaps[k] < 0) or (x[k] == 0 and gaps[k] > 0) for k in keys)

    pure: dict[RightKey, Number] = {k: int(guide_r[k] >= 0.5) for k in keys}
    near = sorted(
        (k for k in keys if 0.02 < guide_r[k] < 0.98), key=lambda k: abs(guide_r[k] - 0.5)
    )
    for flips in itertools.product((0, 1), repeat=min(len(near), 3)):
        x = {**pure, **dict(zip(near, flips, strict=False))}
        y: dict[int, Number] = {j: int(delta(j, x) > 0) for j in pts}
        if best(x, y):
            return x, y
    if not near:
        return None
    key = near[0]
    cand = sorted(
        (j for j in pts if 0.002 < guide_y[j] < 0.998), key=lambda j: abs(guide_y[j] - 0.5)
    )
    for j in cand:
        d0, d1 = delta(j, {**pure, key: 0}), delta(j, {**pure, key: 1})
        if d0 == d1:
            continue
        t = Fraction(d0) / (d0 - d1)
        if not 0 < t < 1:
            continue
        x = {**pure, key: t}
        y = {i: int(delta(i, x) > 0) for i in pts if i != j}
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
    return None


def _candidates(
    game: _Game, rounds: int, mixed: bool = True
) -> Iterator[tuple[dict[RightKey, Number], dict[LeftKey, Number], list[Number]]]:
    """Equilibria to check, from a guide of ``rounds`` rounds: the right side pure as the
    guide says, then as its best response to what the others do there (a few times),
    then (``mixed``) mixing at one of the two choices the guide leaves nearest an even
    chance (its choices after a left natural solved apart)."""
    guide_r, guide_l, guide_y = game.guide(rounds)
    natural = _after_a_left_natural(game, guide_r, guide_y)
    if natural is None:
        return
    x_nat, y_nat = natural

    def merged(
        found: tuple[dict[RightKey, Number], dict[LeftKey, Number], list[Number]],
    ) -> tuple[dict[RightKey, Number], dict[LeftKey, Number], list[Number]]:
        x_r, x_l, y = found
        for j, v in y_nat.items():
            y[j] = v
        return {**x_r, **x_nat}, x_l, y

    x_r: dict[RightKey, Number] = {k: (1 if v >= 0.5 else 0) for k, v in guide_r.items()}
    x_r.update(x_nat)
    open_keys = [k for k in guide_r if not k[1]]
    seen = set()
    pure = dict(x_r)
    while (mark := tuple(pure[k] for k in open_keys)) not in seen and len(seen) < 4:
        seen.add(mark)
        rest = _after_all(game, pure, guide_l, guide_y)
        if rest is None:
            break
        x_l, y = rest
        for k in game.left_keys:
            x_l.setdefault(k, 0)
        best = dict(pure)
        gaps = game.right_gaps(x_l, y)
        for k in open_keys:
            gap = gaps[k]
            if gap:
                best[k] = int(gap > 0)
        if best == pure:
            yield merged((pure, x_l, y))
            break
        pure = best
    if not mixed:
        return
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
    for key in sorted(open_keys, key=lambda k: abs(guide_r[k] - 0.5))[:2]:
        found = _one_mixed_right(game, key, {**x_r, key: guide_r[key]}, guide_l, guide_y)
        if found is not None:
            yield merged(found)


#: The guide's rounds, tried in turn until the supports it suggests give an equilibrium.
ROUNDS = (8, 100, 400, 1600)


def solve_dealt(
    model: DealtModel, stakes: Iterable[int] = (1, 1), rounds: Sequence[int] = ROUNDS
) -> DealtEquilibrium | None:
    """The Nash equilibrium of the game as dealt from ``model``'s shoe at ``stakes``.

    Each candidate is checked exactly: every player's best response against it
    gains nothing (below 1e-40 where a chance is irrational and known to 45
    digits).  ``None`` when no candidate passes (none met in the tests' shoes).
    """
    st = _check_stakes(tuple(stakes))
    game = _Game(model, st)
    for n in rounds:
        # A short guide first, for a right side that does not mix.
        for x_r, x_l, y in _candidates(game, n, mixed=n != rounds[0] or len(rounds) == 1):
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
