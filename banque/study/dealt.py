"""Baccarat banque *as dealt*: each side decides at 5 by its two cards.

:mod:`banque.study.edge` counts every decision point of the banker with the
sides' pairs in four classes (whether each side's pair totals 5).  Here a
side's pair at 5 is told apart by its cards -- the five ways to hold 5,
0+5, 1+4, 2+3, 6+9, 7+8 -- so each point's sums come in 6 x 6 classes
(class 0: a pair whose total fixes the side's move; classes 1-5: the five
pairs at 5), the sides' chances of drawing may differ by pair, and the left
side's may also depend on what it saw the right side do.

Everything is counted exactly, as :mod:`banque.study.edge` counts it (both
models' sums come from :mod:`banque.study.pair_deals`, here with the pairs at 5
told apart): the sums of a point are integers over the model's common
denominator.

>>> m = DealtModel.for_packs(1)
>>> len(m.points) == len(EdgeModel.for_packs(1).points)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Literal

from ..core.cards import PACKS
from ..core.naturals import NaturalRule
from ..games.banque.advisor import unseen_values
from .bulk import counting
from .edge import NATURAL, EdgeModel, Point, _times
from .pair_deals import FIVES, pair_class

__all__ = ["CLASSES", "FIVES", "DealtModel", "pair_class"]

#: Classes of a side's pair: 0 (its move is fixed by its total) and one per pair at 5.
CLASSES = 1 + len(FIVES)
_K = CLASSES


def _four(x: Sequence[int]) -> tuple[int, int, int, int]:
    """36 classes summed into :class:`~banque.study.edge.EdgeModel`'s four: class
    ``2 * (right at 5) + (left at 5)``."""
    left, right = sum(x[1:_K]), sum(x[_K::_K])
    return x[0], left, right, sum(x) - x[0] - left - right


#: The 36 classes with the sides' classes exchanged (class ``6 i + j`` for ``6 j + i``),
#: read at once.
_TRANSPOSED = itemgetter(*[_K * (c % _K) + c // _K for c in range(_K * _K)])


def _transpose(x: Sequence[int]) -> tuple[int, ...]:
    return _TRANSPOSED(x)  # type: ignore[no-any-return]


class DealtModel(EdgeModel):
    """Every decision point of one coup, its sums split by each side's pair at 5.

    Its points are those of :class:`~banque.study.edge.EdgeModel` (the same
    banker's information sets), with sums of 36 classes instead of 4 -- but for a
    point after a natural (per-side: one side settled at once): there only the
    playing side's pair has a class, and its sums are that side's six classes
    (:meth:`plays_on`), the settled side's all zeros.
    """

    _no_sums = (0,) * _K

    @classmethod
    def for_packs(cls, packs: int = PACKS, naturals: NaturalRule = "all") -> DealtModel:
        return cls(unseen_values(packs), naturals)

    _split = True

    @staticmethod
    def _left_plays_on(x: Sequence[int]) -> tuple[int, ...]:
        return tuple(x)

    @staticmethod
    def _right_plays_on(x: Sequence[int]) -> tuple[int, ...]:
        return tuple(x)

    @staticmethod
    def plays_on(point: Point) -> Literal["right", "left"] | None:
        """The side whose pair alone has a class at ``point`` (its sums six numbers, the
        other side settled by its natural), or ``None``: both play on (36 classes)."""
        if point.right == NATURAL:
            return "left"
        if point.left == NATURAL:
            return "right"
        return None

    @counting()
    def collapsed(self) -> EdgeModel:
        """The same shoe's :class:`~banque.study.edge.EdgeModel`: each point's classes
        summed back into four (whether each side's pair totals 5) -- exactly the sums
        that model counts itself, without counting them again."""
        zero = (0, 0, 0, 0)

        def left(x: tuple[int, ...]) -> tuple[int, int, int, int]:
            return (x[0], sum(x) - x[0], 0, 0)

        def right(x: tuple[int, ...]) -> tuple[int, int, int, int]:
            return (x[0], 0, sum(x) - x[0], 0)

        points = []
        for b, r, lft, n, z, sr, sl, dr, dl in self.points:
            # A side settled by its natural: the other side's six classes (its own sums
            # are zeros).
            if r == NATURAL:
                p = Point(b, r, lft, n, left(z), zero, left(sl), zero, left(dl))
            elif lft == NATURAL:
                p = Point(b, r, lft, n, right(z), right(sr), zero, right(dr), zero)
            else:
                p = Point(b, r, lft, n, _four(z), _four(sr), _four(sl), _four(dr), _four(dl))
            points.append(p)
        shares = (self._natural_r, self._natural_l, self._settled)
        model = EdgeModel(self.counts, self.rule, _points=points, _shares=shares)
        model.house = self.house
        return model

    @staticmethod
    def _scale(x: Sequence[int], w: int) -> tuple[int, ...]:
        return _times(x, w)

    @staticmethod
    def _mirror_classes(x: Sequence[int]) -> tuple[int, ...]:
        return _transpose(x)
