"""Baccarat banque *as dealt*: each side decides at 5 by its two cards.

:mod:`banque.study.edge` counts every decision point of the banker with the
sides' pairs in four classes (whether each side's pair totals 5).  Here a
side's pair at 5 is told apart by its cards -- the five ways to hold 5,
0+5, 1+4, 2+3, 6+9, 7+8 -- so each point's sums come in 6 x 6 classes
(class 0: a pair whose total fixes the side's move; classes 1-5: the five
pairs at 5), the sides' chances of drawing may differ by pair, and the left
side's may also depend on what it saw the right side do.

Everything is counted exactly, as :mod:`banque.study.edge` counts it: the
sums of a point are integers over the model's common denominator.

>>> m = DealtModel.for_packs(1)
>>> len(m.points) == len(EdgeModel.for_packs(1).points)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..core.cards import PACKS
from ..core.naturals import NaturalRule
from ..games.banque.advisor import decision_sums, unseen_values
from .edge import EdgeModel

__all__ = ["CLASSES", "FIVES", "DealtModel", "pair_class", "pair_sums"]

#: The five ways to hold 5 with two cards (values; tens and faces count 0).
FIVES: tuple[tuple[int, int], ...] = ((0, 5), (1, 4), (2, 3), (6, 9), (7, 8))
#: Classes of a side's pair: 0 (its move is fixed by its total) and one per pair at 5.
CLASSES = 1 + len(FIVES)
_K = CLASSES

_CLASS = {pair: i + 1 for i, pair in enumerate(FIVES)}

_DREW_TOTALS = (0, 1, 2, 3, 4, 5)
_STOOD_TOTALS = (5, 6, 7)


def pair_class(a: int, b: int) -> int:
    """A pair's class: 0 unless it totals 5, then 1-5 in the order of :data:`FIVES`."""
    return _CLASS.get((min(a, b), max(a, b)), 0)


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


_SIGNS = [
    [[_sign((banker + x) % 10 - final) for x in range(10)] for final in range(10)]
    for banker in range(10)
]


def _pairs(u: Sequence[int], totals: tuple[int, ...]) -> list[tuple[int, int, int, int, int]]:
    """Unordered value pairs ``(a, b)`` of the given totals: ``(a, b, ways, class, total)``."""
    out = []
    for t in totals:
        for a in range(10):
            b = (t - a) % 10
            if b < a or not u[a]:
                continue
            ways = u[a] * (u[a] - 1) if a == b else 2 * u[a] * u[b]
            if ways:
                out.append((a, b, ways, _CLASS.get((a, b), 0), t))
    return out


@lru_cache(maxsize=8192)
def pair_sums(
    u: tuple[int, ...], banker: int, right_third: int | None, left_third: int | None
) -> tuple[tuple[int, ...], ...]:
    """:func:`banque.games.banque.advisor.decision_sums` in 36 classes.

    ``(Z, SR, SL, DR, DL)``, each indexed ``6 * right_class + left_class``
    (:func:`pair_class`); ``D*`` still to be divided by the ``sum(u) - 4``
    cards the banker's third card comes from.  Both concealed pairs are
    enumerated by their values: a pair ``(c, d)`` once ``(a, b)`` is gone
    comes ``u'[c] (u'[c] - 1)`` or ``2 u'[c] u'[d]`` ways; the deals where neither
    pair totals 5 are the advisor's class 0, taken as they are.
    """
    signs = _SIGNS[banker]
    right = _pairs(u, _STOOD_TOTALS if right_third is None else _DREW_TOTALS)
    left = _pairs(u, _STOOD_TOTALS if left_third is None else _DREW_TOTALS)
    n = _K * _K
    z, s_r, s_l, d_r, d_l = [0] * n, [0] * n, [0] * n, [0] * n, [0] * n
    # Per final total: the banker's result standing, drawing each value, and summed.
    every = [sum(x * h for x, h in zip(u, signs[f], strict=True)) for f in range(10)]
    left_rows = []
    for c, d, _w, k_l, t_l in left:
        f_l = t_l if left_third is None else (t_l + left_third) % 10
        left_rows.append((c, d, k_l, signs[f_l], _sign(banker - f_l), every[f_l]))
    # Neither pair at 5 (class 0, 0): the advisor's own sums, counted by totals.
    four = decision_sums(u, banker, right_third, left_third)
    z[0], s_r[0], s_l[0], d_r[0], d_l[0] = (x[0] for x in four)
    fives_left = [row for row in left_rows if row[2]]
    v = list(u)
    for a, b, w_ab, k_r, t_r in right:
        f_r = t_r if right_third is None else (t_r + right_third) % 10
        h_r, stand_r, all_r = signs[f_r], _sign(banker - f_r), every[f_r]
        v[a] -= 1
        v[b] -= 1
        base = _K * k_r
        hr_ab = h_r[a] + h_r[b]
        for c, d, k_l, h_l, stand_l, all_l in left_rows if k_r else fives_left:
            w_cd = v[c] * (v[c] - 1) if c == d else 2 * v[c] * v[d]
            if not w_cd:
                continue
            w = w_ab * w_cd
            k = base + k_l
            z[k] += w
            s_r[k] += w * stand_r
            s_l[k] += w * stand_l
            d_r[k] += w * (all_r - hr_ab - h_r[c] - h_r[d])
            d_l[k] += w * (all_l - h_l[a] - h_l[b] - h_l[c] - h_l[d])
        v[a] += 1
        v[b] += 1
    return tuple(z), tuple(s_r), tuple(s_l), tuple(d_r), tuple(d_l)


@lru_cache(maxsize=8192)
def _one_side_pairs(
    u: tuple[int, ...], banker: int, third: int | None
) -> tuple[tuple[int, ...], ...]:
    """One concealed pair (the other side settled by its natural): ``(Z, S, D)`` by the
    pair's class, ``D`` still to be divided by ``sum(u) - 2``."""
    signs = _SIGNS[banker]
    z, s, dd = [0] * _K, [0] * _K, [0] * _K
    for a, b, ways, k, t in _pairs(u, _STOOD_TOTALS if third is None else _DREW_TOTALS):
        final = t if third is None else (t + third) % 10
        h = signs[final]
        z[k] += ways
        s[k] += ways * _sign(banker - final)
        dd[k] += ways * (sum(x * y for x, y in zip(u, h, strict=True)) - h[a] - h[b])
    return tuple(z), tuple(s), tuple(dd)


def _left_only(x: Sequence[int]) -> tuple[int, ...]:
    """Six classes of the left side's pair as 36 (the right side settled: class 0)."""
    return (*x, *([0] * (_K * _K - _K)))


def _four(x: Sequence[int]) -> tuple[int, int, int, int]:
    """36 classes summed into :class:`~banque.study.edge.EdgeModel`'s four: class
    ``2 * (right at 5) + (left at 5)``."""
    right = x[6] + x[12] + x[18] + x[24] + x[30]
    left = x[1] + x[2] + x[3] + x[4] + x[5]
    return x[0], left, right, sum(x) - x[0] - left - right


def _transpose(x: Sequence[int]) -> tuple[int, ...]:
    return tuple(x[_K * j + i] for i in range(_K) for j in range(_K))


class DealtModel(EdgeModel):
    """Every decision point of one coup, its sums split by each side's pair at 5.

    Its points are those of :class:`~banque.study.edge.EdgeModel` (the same
    banker's information sets), with sums of 36 classes instead of 4.
    """

    _no_sums = (0,) * (_K * _K)

    @classmethod
    def for_packs(cls, packs: int = PACKS, naturals: NaturalRule = "all") -> DealtModel:
        return cls(unseen_values(packs), naturals)

    def _sums(
        self, u: tuple[int, ...], banker: int, right: int | None, left: int | None
    ) -> tuple[tuple[int, ...], ...]:
        return pair_sums(u, banker, right, left)

    def _one_side_sums(
        self, u: tuple[int, ...], banker: int, third: int | None
    ) -> tuple[tuple[int, ...], ...]:
        return tuple(_left_only(x) for x in _one_side_pairs(u, banker, third))

    def collapsed(self) -> EdgeModel:
        """The same shoe's :class:`~banque.study.edge.EdgeModel`: each point's classes
        summed back into four (whether each side's pair totals 5) -- exactly the sums
        that model counts itself, without counting them again."""
        points = [
            p._replace(z=_four(p.z), sr=_four(p.sr), sl=_four(p.sl), dr=_four(p.dr), dl=_four(p.dl))
            for p in self.points
        ]
        model = EdgeModel(self.counts, self.rule, _points=points)
        model.house = self.house
        return model

    @staticmethod
    def _scale(x: Sequence[int], w: int) -> tuple[int, ...]:
        return tuple(v * w for v in x)

    @staticmethod
    def _mirror_classes(x: Sequence[int]) -> tuple[int, ...]:
        return _transpose(x)

    @staticmethod
    def _swap_classes(x: Sequence[int]) -> tuple[int, ...]:
        return _transpose(x)
