"""Baccarat banque as dealt, in the form its solver reads (:mod:`banque.study.dealt_nash`).

:class:`DealtGame` takes a :class:`~banque.study.dealt.DealtModel` and a stakes
ratio and keeps only the decision points where the banker's move depends on
what the sides do (about 300 of 5,300 at three packs); the others, whose move
is the same for every weight of the sides' classes, are summed once by
situation.  On that reduced game it gives every player's exact values and best
responses (:meth:`DealtGame.values`, :meth:`DealtGame.exploitability`), a
float guide by regret matching (:meth:`DealtGame.guide`), the linear forms of
the two-person games after the right side's move (:meth:`DealtGame.forms`) and
the right side's gaps (:meth:`DealtGame.right_gaps`).  The search for the
equilibrium itself is :mod:`banque.study.dealt_nash`'s.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from itertools import repeat
from operator import add, mul, sub
from typing import Any, NamedTuple

from .bulk import counting
from .dealt import CLASSES, DealtModel
from .edge import NATURAL, _drew

__all__ = ["DealtGame", "LeftKey", "Number", "RightKey"]

#: A right side's information at 5: its pair's class (1-5, :data:`FIVES`) and
#: whether the left side showed a natural.
RightKey = tuple[int, bool]
#: A left side's information at 5: its pair's class and what the right side did
#: (``None`` stood, ``0..9`` drew that value, :data:`~banque.study.edge.NATURAL`).
LeftKey = tuple[int, int | None]

_K = CLASSES
Number = int | Fraction
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


def _move_order(move: int | None) -> int:
    return -2 if move is None else move


def _common_denominator(chances: Sequence[Number]) -> int:
    """The least common denominator of chances (whole numbers or fractions)."""
    return math.lcm(*{1 if type(v) is int else v.denominator for v in chances})


def _over(v: Number, q: int) -> int:
    """``v * q``, a whole number (``q`` a multiple of ``v``'s denominator)."""
    return v * q if type(v) is int else v.numerator * (q // v.denominator)


def _affine(x0: Number, x1: Number, t: Number) -> Number:
    return x0 + t * (x1 - x0)


_Row = tuple[int, int, float, float, float, float, float]


class _Group(NamedTuple):
    """Live points met after the same moves of the sides with the same classes, read
    together: the sides' moves (drew?), each class's keys ``(right, left)`` (-1: class
    0), and for each point its place and its draw-minus-stand by class; for each class
    where a side holds a key, ``(its key, the other's key, what the banker's standing
    costs it summed over the points, what its drawing adds at each point)``."""

    rd: bool
    ld: bool
    cells: tuple[tuple[int, int], ...]
    where: tuple[int, ...]
    banker: tuple[tuple[float, ...], ...]
    right: tuple[tuple[int, int, float, tuple[float, ...]], ...]
    left: tuple[tuple[int, int, float, tuple[float, ...]], ...]


class _Guide:
    """Regret matching+ over the live points, as it stands after :attr:`rounds` rounds.

    The live points come in a few dozen :class:`_Group` s (the sides' moves and the
    classes met): a round weighs each group's classes once by the sides' chances, then
    each point's draw-minus-stand is one dot product with them, and each side's value
    at a class one dot product of the banker's chances with what drawing adds there.
    """

    def __init__(
        self,
        r_index: dict[RightKey, int],
        l_index: dict[LeftKey, int],
        live: list[tuple[int, bool, bool, list[_Row]]],
        y_all: list[float],
        fr: list[tuple[tuple[int, bool, int, bool], float]],
        fl: list[tuple[tuple[int, bool, int, bool], float]],
    ) -> None:
        self.r_index, self.l_index = r_index, l_index
        self.where = [j for j, *_ in live]
        members: dict[tuple[bool, bool, tuple[tuple[int, int], ...]], list[int]] = {}
        for n, (_j, rd, ld, rows) in enumerate(live):
            members.setdefault((rd, ld, tuple((ir, il) for ir, il, *_ in rows)), []).append(n)
        groups = []
        for (rd, ld, cells), ns in members.items():
            rows_of = [live[n][3] for n in ns]
            right, left = [], []
            for c, (ir, il) in enumerate(cells):
                at = [rows[c] for rows in rows_of]
                if ir >= 0:
                    stand = sum(row[3] for row in at)
                    right.append((ir, il, stand, tuple(row[4] - row[3] for row in at)))
                if il >= 0:
                    stand = sum(row[5] for row in at)
                    left.append((il, ir, stand, tuple(row[6] - row[5] for row in at)))
            groups.append(
                _Group(
                    rd,
                    ld,
                    cells,
                    tuple(ns),
                    tuple(tuple(row[2] for row in rows) for rows in rows_of),
                    tuple(right),
                    tuple(left),
                )
            )
        self.groups = groups
        self.y_all = y_all
        self.fr, self.fl = fr, fl
        n_r, n_l, n_b = len(r_index), len(l_index), len(live)
        self.x_r, self.x_l, self.y = [0.5] * n_r, [0.5] * n_l, [0.5] * n_b
        self.reg_r = [[0.0, 0.0] for _ in range(n_r)]
        self.reg_l = [[0.0, 0.0] for _ in range(n_l)]
        self.reg_b = [[0.0, 0.0] for _ in range(n_b)]
        self.avg_r, self.avg_l, self.avg_b = [0.0] * n_r, [0.0] * n_l, [0.0] * n_b
        self.rounds = 0

    def run(self, rounds: int) -> None:
        """On to ``rounds`` rounds in all."""
        x_r, x_l, y = self.x_r, self.x_l, self.y
        reg_r, reg_l, reg_b = self.reg_r, self.reg_l, self.reg_b
        n_r, n_l = len(x_r), len(x_l)
        groups, fr, fl = self.groups, self.fr, self.fl
        for t in range(self.rounds + 1, rounds + 1):
            # Alternating updates (CFR+): the banker against the sides' current choices,
            # then the sides against the banker's new ones.  (A key of -1, class 0,
            # reads the last weight: 1.)
            wr = ([*(1.0 - v for v in x_r), 1.0], [*x_r, 1.0])
            wl = ([*(1.0 - v for v in x_l), 1.0], [*x_l, 1.0])
            for g in groups:
                wrr, wll = wr[g.rd], wl[g.ld]
                weights = [wrr[ir] * wll[il] for ir, il in g.cells]
                for j, dbs in zip(g.where, g.banker, strict=True):
                    d = sum(map(mul, weights, dbs))
                    yy = y[j]
                    r = reg_b[j]
                    r[1] = max(0.0, r[1] + d - yy * d)
                    r[0] = max(0.0, r[0] - yy * d)
                    y[j] = r[1] / (r[0] + r[1]) if r[0] + r[1] > 0 else 0.5
            v_r = [[0.0, 0.0] for _ in range(n_r)]
            v_l = [[0.0, 0.0] for _ in range(n_l)]
            for (ir, rd, il, ld), gain in fr:
                v_r[ir][rd] += wl[ld][il] * gain
            for (il, ld, ir, rd), gain in fl:
                v_l[il][ld] += wr[rd][ir] * gain
            for g in groups:
                rd, ld = g.rd, g.ld
                wrr, wll = wr[rd], wl[ld]
                ys = [y[j] for j in g.where]
                for ir, il, stand, drew in g.right:
                    v_r[ir][rd] += wll[il] * (stand + sum(map(mul, ys, drew)))
                for il, ir, stand, drew in g.left:
                    v_l[il][ld] += wrr[ir] * (stand + sum(map(mul, ys, drew)))
            for x, reg, v in ((x_r, reg_r, v_r), (x_l, reg_l, v_l)):
                for i, xi in enumerate(x):
                    cur = xi * v[i][1] + (1 - xi) * v[i][0]
                    reg[i][1] = max(0.0, reg[i][1] + v[i][1] - cur)
                    reg[i][0] = max(0.0, reg[i][0] + v[i][0] - cur)
            for x, reg in ((x_r, reg_r), (x_l, reg_l)):
                for i, (a, b) in enumerate(reg):
                    x[i] = b / (a + b) if a + b > 0 else 0.5
            for x, avg in ((x_r, self.avg_r), (x_l, self.avg_l), (y, self.avg_b)):
                for i, xi in enumerate(x):
                    avg[i] += t * xi
        self.rounds = max(self.rounds, rounds)

    def result(self) -> tuple[dict[RightKey, float], dict[LeftKey, float], list[float]]:
        """The averages so far: each side's chance by key, the banker's at every point."""
        total = self.rounds * (self.rounds + 1) / 2
        y_all = list(self.y_all)
        for j, a in zip(self.where, self.avg_b, strict=True):
            y_all[j] = a / total
        return (
            {k: self.avg_r[i] / total for k, i in self.r_index.items()},
            {k: self.avg_l[i] / total for k, i in self.l_index.items()},
            y_all,
        )


class DealtGame:
    """The model's points in the form the solver reads (classes with a deal only)."""

    @counting()
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
        groups: dict[tuple[bool, int | None, bool, bool, int], tuple[tuple[int, ...], list[Any]]]
        groups = {}
        # The sides' classes of a point's sums: after a natural, those of the side that
        # plays on (DealtModel.plays_on: six sums), else all 36.
        every = tuple(range(n))
        after_left_natural = tuple(range(0, n, _K))
        after_right_natural = tuple(range(_K))
        kinds_of = {
            cs: [cls[c] for c in cs] for cs in (every, after_left_natural, after_right_natural)
        }
        for i, p in enumerate(model.points):
            right = p.right
            rd, ld, ln = _drew(right), _drew(p.left), p.left == NATURAL
            cs = after_left_natural if ln else after_right_natural if right == NATURAL else every
            kinds = kinds_of[cs]
            z, sr, sl, dr, dl = p.z, p.sr, p.sl, p.dr, p.dl
            # the banker's draw-minus-stand by class, stakes weighed
            if s_r == s_l:  # (their common factor drops out of a sign)
                db = list(map(sub, map(add, dr, dl), map(add, sr, sl)))
            else:
                db = list(
                    map(
                        add,
                        map(mul, map(sub, dr, sr), repeat(s_r)),
                        map(mul, map(sub, dl, sl), repeat(s_l)),
                    )
                )
            # (class 0 counts whatever the sides do; every other class with weight 0 or 1)
            below = sum([d for d in db if d < 0])
            above = sum(db) - below
            lo = below + max(db[0], 0)
            hi = above + min(db[0], 0)
            # The sides' informations: every class met after what each side did.
            todo = unseen.get((ln, right))
            if todo is None:
                todo = unseen[(ln, right)] = set(range(1, len(cs)))
            if todo:
                for j in [j for j in todo if z[j]]:
                    todo.discard(j)
                    kr, kl = kinds[j]
                    if kr:
                        rights.add((kr, ln))
                    if kl:
                        lefts.add((kl, p.right))
            if lo <= 0 <= hi:  # (an exact tie either way is left to the search)
                index.append(i)
                classes = tuple(
                    _Cls(*kinds[j], sr[j], sl[j], dr[j], dl[j]) for j in range(len(cs)) if z[j]
                )
                pts.append(_Pt(rd, ld, ln, p.right, classes))
                continue
            y = 1 if lo > 0 else 0
            fixed_y[i] = y
            groups.setdefault((ln, p.right, rd, ld, y), (cs, []))[1].append((sr, sl, dr, dl))
        # (a group's points share their classes: summed column by column)
        agg = {
            key: (
                cs,
                [list(map(sum, zip(*col, strict=True))) for col in zip(*members, strict=True)],
            )
            for key, (cs, members) in groups.items()
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
        for (ln, move, rd, ld, y), (cs, (sr, sl, dr, dl)) in agg.items():
            for c, (kr, kl) in enumerate(kinds_of[cs]):
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
        self._guide: _Guide | None = None
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

        In integers: each player's chances are written over a common denominator of
        their own (``Q_r``, ``Q_l``, ``Q_y``: a mixed chance's may be a number of a
        hundred digits, and one denominator for all would be their product), each sum
        scaled by those its terms hold, and divided once at the end.
        """
        s_r, s_l = self.stakes
        q_r = _common_denominator(list(x_r.values()))
        q_l = _common_denominator(list(x_l.values()))
        q_y = _common_denominator(y)

        nr = {k: _over(v, q_r) for k, v in x_r.items()}
        nl = {k: _over(v, q_l) for k, v in x_l.items()}
        v_r: dict[RightKey, list[int]] = {k: [0, 0] for k in self.right_keys}
        v_l: dict[LeftKey, list[int]] = {k: [0, 0] for k in self.left_keys}
        deltas: list[int] = []
        bank = 0
        for p, yv in zip(self.points, y, strict=True):
            rd, ld, ln, move = p.right_drew, p.left_drew, p.left_natural, p.right
            yy = _over(yv, q_y)
            d = s = 0
            for c in p.classes:
                if c.kr:
                    a = nr[(c.kr, ln)]
                    wr = a if rd else q_r - a
                else:
                    wr = q_r
                if c.kl:
                    b = nl[(c.kl, move)]
                    wl = b if ld else q_l - b
                else:
                    wl = q_l
                stand = s_r * c.sr + s_l * c.sl
                w = wr * wl
                d += w * (s_r * c.dr + s_l * c.dl - stand)
                s += w * stand
                if c.kr:  # (over Q_l Q_y)
                    v_r[(c.kr, ln)][rd] -= wl * (c.sr * q_y + yy * (c.dr - c.sr))
                if c.kl:  # (over Q_r Q_y)
                    v_l[(c.kl, move)][ld] -= wr * (c.sl * q_y + yy * (c.dl - c.sl))
            deltas.append(d)  # (over Q_r Q_l)
            bank += s * q_y + yy * d  # (over Q_r Q_l Q_y)

        # The points whose move is fixed, summed once by situation.
        def w_r(rk: RightKey | None, rd: bool) -> int:
            return q_r if rk is None else (nr[rk] if rd else q_r - nr[rk])

        def w_l(lk: LeftKey | None, ld: bool) -> int:
            return q_l if lk is None else (nl[lk] if ld else q_l - nl[lk])

        bank += q_y * sum(w_r(rk, rd) * w_l(lk, ld) * b for (rk, rd, lk, ld), b in self.fb.items())
        for (rk, rd), row in self.fr.items():
            v_r[rk][rd] -= q_y * sum(w_l(lk, ld) * r for (lk, ld), r in row.items())
        for (lk, ld), col in self.fl.items():
            v_l[lk][ld] -= q_y * sum(w_r(rk, rd) * v for (rk, rd), v in col.items())
        q_rl, q_ly, q_ry = q_r * q_l, q_l * q_y, q_r * q_y
        return (
            [Fraction(d, q_rl) for d in deltas],
            Fraction(bank, q_rl * q_y),
            {k: [Fraction(v[0], q_ly), Fraction(v[1], q_ly)] for k, v in v_r.items()},
            {k: [Fraction(v[0], q_ry), Fraction(v[1], q_ry)] for k, v in v_l.items()},
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
        their share of the sides' values is summed once.  A longer guide goes on from
        the last one (the same as one run from the start: it is deterministic).
        """
        state = self._guide
        if state is None or state.rounds > rounds:
            state = self._guide = self._guide_start()
        state.run(rounds)
        return state.result()

    def _guide_start(self) -> _Guide:
        s_r, s_l = self.stakes
        scale = 1.0 / float(self.model.denominator)
        r_index = {k: i for i, k in enumerate(self.right_keys)}
        l_index = {k: i for i, k in enumerate(self.left_keys)}
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
        return _Guide(r_index, l_index, live, y_all, list(fixed_r.items()), list(fixed_l.items()))

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

    def forms_ends(
        self, move: int | None, x_r: dict[RightKey, Number], key: RightKey
    ) -> tuple[_Forms, _Forms]:
        """:meth:`forms` with the right side's chance at ``key`` 0 and 1 (the others as in
        ``x_r``): every form is affine in that chance.  Worked out once."""
        memo = (move, key, tuple(sorted(((k, v) for k, v in x_r.items() if k != key), key=str)))
        if memo not in self._forms:
            self._forms[memo] = (
                self.forms(move, {**x_r, key: 0}),
                self.forms(move, {**x_r, key: 1}),
            )
        return self._forms[memo]

    def forms_at(
        self, move: int | None, x_r: dict[RightKey, Number], key: RightKey, t: Number
    ) -> _Forms:
        """:meth:`forms` with the right side's chance at ``key`` set to ``t`` (the
        others pure), from :meth:`forms_ends` -- each form **times t's denominator**,
        so whole numbers: ``x0 (den - num) + x1 num`` for ``t = num / den``.  Every use
        of a form is its sign or an equation it sets to 0, which a positive factor
        leaves as they are."""
        (keys, idx, a0, b0, e0, f0), (_, _, a1, b1, e1, f1) = self.forms_ends(move, x_r, key)
        tt = Fraction(t)
        num, den = tt.numerator, tt.denominator
        rest = den - num

        def at(x0: Number, x1: Number) -> Number:
            return x0 * rest + x1 * num

        a = {j: at(a0[j], a1[j]) for j in idx}
        b = {
            j: {k: at(b0[j].get(k, 0), b1[j].get(k, 0)) for k in b0[j].keys() | b1[j].keys()}
            for j in idx
        }
        e = {k: at(e0[k], e1[k]) for k in keys}
        f = {
            k: {j: at(f0[k].get(j, 0), f1[k].get(j, 0)) for j in f0[k].keys() | f1[k].keys()}
            for k in keys
        }
        return keys, idx, a, b, e, f

    def right_gaps(
        self,
        x_l: dict[LeftKey, Number],
        y: Sequence[Number],
        natural: bool | None = None,
        only: RightKey | None = None,
    ) -> dict[RightKey, Fraction]:
        """:meth:`right_gap` at every key of the right side at once (no point chosen), in
        integers (over a denominator of the left side's chances and one of the
        banker's, as :meth:`values`); ``natural``: only the keys after a left
        natural (True) or after none (False); ``only``: that key alone."""
        if only is not None:
            natural = only[1]
        # (the left side's chances over a denominator of their own, the banker's over
        # another: :meth:`values`)
        q_l = _common_denominator(list(x_l.values()))
        q_y = _common_denominator(y)
        nl = {k: _over(v, q_l) for k, v in x_l.items()}
        ny = [_over(v, q_y) for v in y]
        gaps = {
            k: 0
            for k in self.right_keys
            if (natural is None or k[1] == natural) and (only is None or k == only)
        }
        pair = None if only is None else only[0]
        for p, yy in zip(self.points, ny, strict=True):
            ln, move, ld = p.left_natural, p.right, p.left_drew
            if natural is not None and ln != natural:
                continue
            sign = 1 if p.right_drew else -1
            for c in p.classes:
                if not c.kr or (pair is not None and c.kr != pair):
                    continue
                if c.kl:
                    b = nl[(c.kl, move)]
                    wl = b if ld else q_l - b
                else:
                    wl = q_l
                gaps[(c.kr, ln)] -= sign * wl * (c.sr * q_y + yy * (c.dr - c.sr))
        for (key, rd), row in self.fr.items():
            if key not in gaps:
                continue
            for (lk, ld), r in row.items():
                wl = q_l if lk is None else (nl[lk] if ld else q_l - nl[lk])
                gaps[key] += (-r if rd else r) * wl * q_y
        return {k: Fraction(v, q_l * q_y) for k, v in gaps.items()}

    def right_gap(
        self,
        key: RightKey,
        x_l: dict[LeftKey, Number],
        y: Sequence[Number],
        chosen: Sequence[int],
    ) -> tuple[Fraction, list[Fraction]]:
        """The right side's draw-minus-stand at ``key`` with the banker standing at the
        ``chosen`` points (:meth:`right_gaps`), and how much drawing at each of them adds
        (it is linear)."""
        kr, natural = key
        stood = list(y)
        for j in chosen:
            stood[j] = 0
        gap = self.right_gaps(x_l, stood, only=key)[key]
        slopes = []
        for j in chosen:
            p = self.points[j]
            slope: Number = 0
            for c in p.classes:
                if c.kr == kr and p.left_natural == natural:
                    wl: Number = 1
                    if c.kl:
                        q = x_l[(c.kl, p.right)]
                        wl = q if p.left_drew else 1 - q
                    slope += wl * (c.dr - c.sr)
            slopes.append(Fraction(-slope if p.right_drew else slope))
        return gap, slopes
