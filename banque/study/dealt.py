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

import struct
from collections.abc import Sequence
from operator import add, itemgetter, mul

from ..core.cards import PACKS
from ..core.naturals import NaturalRule
from ..games.banque.advisor import unseen_values
from .bulk import counting
from .edge import NATURAL, EdgeModel, Point

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


#: A bucket of one side's pairs: its two-card total, its class (:func:`pair_class`), and
#: its unordered value pairs ``(a, b, ways)`` -- a total other than 5 (class 0), or one
#: of the five pairs at 5.
_Bucket = tuple[int, int, tuple[tuple[int, int, int], ...]]


def _buckets(u: Sequence[int], totals: tuple[int, ...]) -> list[_Bucket]:
    out: list[_Bucket] = []
    for t in totals:
        if t == 5:
            out += [(5, i + 1, ((a, b, 2 * u[a] * u[b]),)) for i, (a, b) in enumerate(FIVES)]
            continue
        pairs = []
        for a in range(10):
            b = (t - a) % 10
            if b >= a:
                ways = u[a] * (u[a] - 1) if a == b else 2 * u[a] * u[b]
                if ways > 0:
                    pairs.append((a, b, ways))
        out.append((t, 0, tuple(pairs)))
    return [b for b in out if any(w > 0 for *_, w in b[2])]


class _Pairs:
    """One side's pairs, bucket after bucket, as flat lists: their values ``a``, ``b`` and
    their ways times their two cards, packed (:func:`_deals`); ``spans``:
    each bucket's slice; ``by_total``: the slice of a total's bucket (class 0);
    ``holding[e]``: the pairs holding a card of value ``e``."""

    def __init__(self, buckets: list[_Bucket], below: list[int]) -> None:
        self.a: list[int] = []
        self.b: list[int] = []
        self.cards: list[int] = []
        self.spans: list[tuple[int, int]] = []
        self.holding: list[list[int]] = [[] for _ in range(10)]
        by_total: dict[int, tuple[int, int]] = {}
        for t, k, own in buckets:
            lo = len(self.a)
            for a, b, w in own:
                self.holding[a].append(len(self.a))
                if b != a:
                    self.holding[b].append(len(self.a))
                self.a.append(a)
                self.b.append(b)
                self.cards.append(w * (below[a] + below[b]))
            self.spans.append((lo, len(self.a)))
            if not k:
                by_total[t] = (lo, len(self.a))
        self.by_total = by_total

    def counts(self, u: Sequence[int], bucket: _Bucket) -> list[int]:
        """The deals of ``bucket``'s pairs (the other side's) once the cards of each of
        these pairs are gone.

        A pair at 5 ``(c, d)`` comes ``2 v[c] v[d]`` ways from the cards ``v`` left (``2
        u[c] u[d]`` unless the pair gone holds a ``c`` or a ``d``); a total ``t`` (not 5:
        every pair of it) comes ``P_t(u) + 2 ([2a = t] - u[t-a]) + 2 ([2b = t] - u[t-b]) +
        2 [a + b = t]`` ways once ``a`` and ``b`` are gone, ``P_t(u)`` its ordered pairs
        from the whole of ``u``.
        """
        t, k, own = bucket
        if k:
            ((c, d, whole),) = own
            out = [whole] * len(self.a)
            uc, ud = u[c], u[d]
            for i in {*self.holding[c], *self.holding[d]}:
                a, b = self.a[i], self.b[i]
                out[i] = 2 * (uc - (a == c) - (b == c)) * (ud - (a == d) - (b == d))
            return out
        whole = sum(w for *_, w in own)
        fix = [2 * (((2 * a) % 10 == t) - u[(t - a) % 10]) for a in range(10)]
        fix_a = [whole + x for x in fix]
        out = list(map(add, map(fix_a.__getitem__, self.a), map(fix.__getitem__, self.b)))
        lo, hi = self.by_total.get(t, (0, 0))
        for i in range(lo, hi):
            out[i] += 2
        return out


#: One side's bucket as :func:`_deals` leaves it: its total, then the deals of both pairs
#: ``N`` and the prefix sums ``C[0..10]`` of the third cards left by value (``C[k]`` the
#: cards of a value below ``k`` left by those deals, summed), by class -- each a packed
#: integer of 36 fields (:class:`_Layout`), the class of the pair of pairs in field ``6 *
#: own + other`` (the bucket's own class first).  A row is twelve numbers however many
#: classes it holds: weighing it is a dozen operations on whole rows.
_Row = tuple[int, ...]
#: A shoe state's deals (:func:`_deals`): the right side's rows, the left side's, the
#: deals by class (``Z``, the same whatever the banker holds) and the rows' layout.
_Deals = tuple[tuple[_Row, ...], tuple[_Row, ...], tuple[int, ...], "_Layout"]

#: Class ``6 i + j`` for class ``6 j + i``: the sides' classes exchanged.
_EXCHANGED = tuple(_K * (c % _K) + c // _K for c in range(_K * _K))


class _Layout:
    """Whole numbers packed side by side in fields of ``width`` bits (a multiple of 64,
    at least one bit more than the largest magnitude needs).

    A card count (:func:`_deals`) keeps eleven fields, field ``k`` the cards of a value
    below ``k``; a row (:data:`_Row`) keeps 36, one per class, and so do the sums
    weighed from rows, which may be negative: a sum of signed fields is read back
    exactly by adding half a field to each (none then borrows from the next) and
    flipping each field's top bit, which leaves each field's two's complement.
    """

    def __init__(self, width: int) -> None:
        self.width = width
        #: A value's six classes (one field of a card count, for each other class).
        self.block = _K * width
        #: The lowest six fields.
        self.six = (1 << self.block) - 1
        half = 1 << (width - 1)
        self.bias = sum(half << (width * c) for c in range(_K * _K))
        if width == 64:
            counts, row, unsigned, signed = (
                struct.Struct(f"<{x}") for x in ("66Q", "66Q", "36Q", "36q")
            )
            # six counts of eleven fields, class after class -> field after field
            order = itemgetter(*[j * 11 + k for k in range(11) for j in range(_K)])

            def by_field(ms: Sequence[int]) -> int:
                words = counts.unpack(b"".join([m.to_bytes(88, "little") for m in ms]))
                return int.from_bytes(row.pack(*order(words)), "little")

            def fields(x: int) -> tuple[int, ...]:
                return unsigned.unpack(x.to_bytes(288, "little"))  # type: ignore[no-any-return]

            def signed_fields(x: int) -> tuple[int, ...]:
                flipped = (x + self.bias) ^ self.bias  # (each field in two's complement)
                return signed.unpack(flipped.to_bytes(288, "little"))  # type: ignore[no-any-return]

        else:  # (shoes beyond about a hundred packs: fields of 128 bits and more)
            one = (1 << width) - 1

            def by_field(ms: Sequence[int]) -> int:
                return sum(
                    (m >> (width * k) & one) << (width * (_K * k + j))
                    for j, m in enumerate(ms)
                    for k in range(11)
                )

            def fields(x: int) -> tuple[int, ...]:
                return tuple(x >> (width * c) & one for c in range(_K * _K))

            def signed_fields(x: int) -> tuple[int, ...]:
                y = (x + self.bias) ^ self.bias
                return tuple(
                    v - ((v & half) << 1) for v in (y >> (width * c) & one for c in range(_K * _K))
                )

        #: Six card counts (one per other class) as one integer, field ``6 k + class``.
        self.by_field = by_field
        #: The 36 fields of a packed non-negative sum.
        self.fields = fields
        #: The 36 fields of a packed sum that may be negative.
        self.signed_fields = signed_fields


_LAYOUTS: dict[int, _Layout] = {}


def _layout(width: int) -> _Layout:
    found = _LAYOUTS.get(width)
    if found is None:
        found = _LAYOUTS[width] = _Layout(width)
    return found


def _deals(u: tuple[int, ...], right_stood: bool, left_stood: bool) -> _Deals:
    """The deals of both concealed pairs, by buckets: the right side's rows (by the left
    pair's class) and the left side's (by the right pair's class), their number by
    class, and the rows' layout.

    Whatever the banker holds: the banker's total enters only when these are weighed
    (:func:`pair_sums`), so one shoe state's deals serve every banker's pair that leaves
    it.  Each side's pairs are counted against the other side's buckets as wholes
    (:meth:`_Pairs.counts`); the four cards' values come from the right pair's, then
    from the left pair's (dealing without replacement is exchangeable).

    The four cards' values are kept as one integer of eleven fields, field ``k`` (bits
    ``w k`` to ``w (k + 1)``, ``w`` wide enough for the largest sum) the cards of a
    value below ``k`` summed over the deals, ``MC[k] = M[0] + ... + M[k - 1]``: a card
    of value ``v`` adds 1 to fields ``v + 1`` to 10, so adding a pair's two cards is
    one addition, the fields come out as the prefix sums the rows want, and field 10
    is four cards a deal.  (They are never negative: no field borrows from the next.)
    """
    n = sum(u)
    # (whole 64-bit words: a row's numbers come out of its integer as machine words)
    width = -(-((4 * n**5 + 1).bit_length() + 1) // 64) * 64
    below = [sum(1 << (width * k) for k in range(v + 1, 11)) for v in range(10)]
    right = _buckets(u, _STOOD_TOTALS if right_stood else _DREW_TOTALS)
    # Both sides drew, or both stood: the same buckets, and the left side's rows are the
    # right side's (each deal of pairs counted once, for both sides' rows).
    same = right_stood == left_stood
    left = right if same else _buckets(u, _STOOD_TOTALS if left_stood else _DREW_TOTALS)
    m_r = [[0] * _K for _ in right]
    m_l = m_r if same else [[0] * _K for _ in left]
    # Each of the left side's buckets against every right pair, then (unless the same)
    # each right bucket against every left pair.
    _cross(u, _Pairs(right, below), right, m_r, left, m_l)
    if not same:
        _cross(u, _Pairs(left, below), left, m_l, right, m_r)
    lay = _layout(width)
    rows_r = _rows(u, right, m_r, lay)
    rows_l = rows_r if same else _rows(u, left, m_l, lay)
    return rows_r, rows_l, lay.fields(sum([row[1] for row in rows_r])), lay


def _cross(
    u: Sequence[int],
    pairs: _Pairs,
    buckets: list[_Bucket],
    rows: list[list[int]],
    against: list[_Bucket],
    cols: list[list[int]],
) -> None:
    """Each bucket of ``against`` (the other side's) against every one of ``pairs`` (of
    ``buckets``): the deals times the pairs' cards, summed by bucket, go to the pairs'
    bucket's row (by the other's class) and to the other bucket's (by this one's)."""
    for bucket, col in zip(against, cols, strict=True):
        k = bucket[1]
        xs = list(map(mul, pairs.counts(u, bucket), pairs.cards))
        for (lo, hi), (_t, own, _p), row in zip(pairs.spans, buckets, rows, strict=True):
            x = sum(xs[lo:hi])
            row[k] += x
            col[own] += x


def _rows(
    u: Sequence[int], buckets: list[_Bucket], ms: list[list[int]], lay: _Layout
) -> tuple[_Row, ...]:
    """The buckets' rows from their card counts (:func:`_deals`, one per other class):
    ``N`` (a quarter of field 10: four cards a deal) and the prefix sums ``C[k] = N U[k]
    - MC[k]``, ``U[k]`` the shoe's cards of a value below ``k`` (:data:`_Row`).

    The six counts are laid field after field (:meth:`_Layout.by_field`: each value's
    six classes side by side), so ``N U[k]`` for every ``k`` and class is one product
    (``U`` spread over the values' places) and every ``C`` one subtraction (never
    negative: no field borrows); each value's six classes are then moved to the
    bucket's own class's place among the 36."""
    block = lay.block
    six = lay.six
    spread_u = 0  # U[k] at value k's place (class 0)
    under = 0
    for k in range(1, 11):
        under += u[k - 1]
        spread_u |= under << (block * k)
    out = []
    for (t, own, _pairs), m in zip(buckets, ms, strict=True):
        counts = lay.by_field(m)
        deals = counts >> (10 * block) >> 2
        c = deals * spread_u - counts
        place = block * own
        out.append((t, deals << place, *[(c >> (block * k) & six) << place for k in range(11)]))
    return tuple(out)


def _weigh(rows: tuple[_Row, ...], third: int | None, banker: int) -> tuple[int, int]:
    """One side's rows (:func:`_deals`) weighed by the banker's result against the side's
    final total ``f``: its sums ``S`` and ``D``, packed by class as the rows are.

    A row is ``(total, N, C[0], ..., C[10])``, ``C[k]`` at ``row[k + 2]``.  The
    third cards' values ``e`` with ``(banker + e) mod 10 < f`` run round from ``e =
    -banker mod 10`` (row index ``first``) to the one that ties (index ``high``), so
    their number is ``below = C[high] - C[first]``, or ``C[10] - C[first] + C[high]``
    where they run past 9; each counts -1, the tie 0 (``C[high + 1] - C[high]`` of
    them) and the rest +1: ``C[10] - 2 below - tie``, which is ``sign C[10] + 2 C[first]
    - C[high] - C[high + 1]`` (``sign`` -1 where they run past 9)."""
    first = -banker % 10 + 2
    s = d = 0
    for row in rows:
        t = row[0]
        f = t if third is None else (t + third) % 10
        stand, end = _sign(banker - f), first + f
        sign, high = (-1, end - 10) if end >= 12 else (1, end)
        s += stand * row[1]
        d += sign * row[12] + 2 * row[first] - row[high] - row[high + 1]
    return s, d


#: The deals of each shoe state met, kept while a model is counted.
Memo = dict[tuple[tuple[int, ...], bool, bool], _Deals]


def pair_sums(
    u: tuple[int, ...],
    banker: int,
    right_third: int | None,
    left_third: int | None,
    memo: Memo | None = None,
) -> tuple[tuple[int, ...], ...]:
    """:func:`banque.games.banque.advisor.decision_sums` in 36 classes.

    ``(Z, SR, SL, DR, DL)``, each indexed ``6 * right_class + left_class``
    (:func:`pair_class`); ``D*`` still to be divided by the ``sum(u) - 4``
    cards the banker's third card comes from.  The deals of both concealed pairs by
    buckets (:func:`_deals`) are weighed by the banker's result against a side's final
    total ``f`` (:func:`_weigh`): standing, ``sign(banker - f)`` a deal; drawing, ``+1``
    for each third card left that brings the banker above ``f``, ``-1`` below.  (The
    right side's rows give the deals; the left side's are the same deals.)
    """
    key = (u, right_third is None, left_third is None)
    found = None if memo is None else memo.get(key)
    if found is None:
        found = _deals(*key)
        if memo is not None:
            memo[key] = found
    rows_r, rows_l, z, lay = found
    s_r, d_r = _weigh(rows_r, right_third, banker)
    s_l, d_l = _weigh(rows_l, left_third, banker)
    # (the left side's rows keep its own class first: exchanged into the right's order)
    signed = lay.signed_fields
    return z, signed(s_r), _transpose(signed(s_l)), signed(d_r), _transpose(signed(d_l))


def _one_side_pairs(
    u: tuple[int, ...], banker: int, third: int | None
) -> tuple[tuple[int, ...], ...]:
    """One concealed pair (the other side settled by its natural): ``(Z, S, D)`` by the
    pair's class, ``D`` still to be divided by ``sum(u) - 2``.

    By totals: the pairs of a total ``t`` other than 5 (class 0) come ``P_t = sum_e u[e]
    v[e]`` ways, ``v[e] = u[t - e] - [2e = t]`` the cards that complete a first card
    ``e``; drawing against their final total ``f``, the banker gains ``h[x]`` for each
    third card ``x`` left, ``sum_x u[x] h[x] P_t`` less the pairs' own cards, ``2 sum_e
    h[e] u[e] v[e]``.  The pairs at 5, one class each, are counted alone.
    """
    signs = _SIGNS[banker]
    z, s, dd = [0] * _K, [0] * _K, [0] * _K
    for t in _STOOD_TOTALS if third is None else _DREW_TOTALS:
        final = t if third is None else (t + third) % 10
        h = signs[final]
        stand = _sign(banker - final)
        whole = sum(map(mul, u, h))
        if t == 5:
            for k, (c, d) in enumerate(FIVES, 1):
                ways = 2 * u[c] * u[d]
                z[k] += ways
                s[k] += ways * stand
                dd[k] += ways * (whole - h[c] - h[d])
            continue
        v = [*u[t::-1], *u[:t:-1]]  # v[e] = u[t - e]
        if t % 2 == 0:
            v[t // 2] -= 1
            v[t // 2 + 5] -= 1
        uv = list(map(mul, u, v))
        ways = sum(uv)
        z[0] += ways
        s[0] += ways * stand
        dd[0] += ways * whole - 2 * sum(map(mul, h, uv))
    return tuple(z), tuple(s), tuple(dd)


_REST = (0,) * (_K * _K - _K)


def _left_only(x: Sequence[int]) -> tuple[int, ...]:
    """Six classes of the left side's pair as 36 (the right side settled: class 0)."""
    return (*x, *_REST)


def _right_only(x: Sequence[int]) -> tuple[int, ...]:
    """Six classes of the right side's pair as 36 (the left side settled: class 0)."""
    out = [0] * (_K * _K)
    out[::_K] = x
    return tuple(out)


def _four(x: Sequence[int]) -> tuple[int, int, int, int]:
    """36 classes summed into :class:`~banque.study.edge.EdgeModel`'s four: class
    ``2 * (right at 5) + (left at 5)``."""
    left, right = sum(x[1:_K]), sum(x[_K::_K])
    return x[0], left, right, sum(x) - x[0] - left - right


#: The 36 classes with the sides' classes exchanged (:data:`_EXCHANGED`), read at once.
_TRANSPOSED = itemgetter(*_EXCHANGED)


def _transpose(x: Sequence[int]) -> tuple[int, ...]:
    return _TRANSPOSED(x)  # type: ignore[no-any-return]


class DealtModel(EdgeModel):
    """Every decision point of one coup, its sums split by each side's pair at 5.

    Its points are those of :class:`~banque.study.edge.EdgeModel` (the same
    banker's information sets), with sums of 36 classes instead of 4.
    """

    _no_sums = (0,) * (_K * _K)

    @classmethod
    def for_packs(cls, packs: int = PACKS, naturals: NaturalRule = "all") -> DealtModel:
        return cls(unseen_values(packs), naturals)

    def _build(self) -> None:
        # One shoe state's deals serve every banker's pair that leaves it (about three
        # points each): kept while the model is counted, then let go.
        self._memo: Memo = {}
        try:
            super()._build()
        finally:
            del self._memo

    def _sums(
        self, u: tuple[int, ...], banker: int, right: int | None, left: int | None
    ) -> tuple[tuple[int, ...], ...]:
        return pair_sums(u, banker, right, left, self._memo)

    def _one_side_sums(
        self, u: tuple[int, ...], banker: int, third: int | None
    ) -> tuple[tuple[int, ...], ...]:
        # (six classes, the playing side's: scaled, then placed among the 36)
        return _one_side_pairs(u, banker, third)

    @staticmethod
    def _left_plays_on(x: Sequence[int]) -> tuple[int, ...]:
        return _left_only(x)

    @staticmethod
    def _right_plays_on(x: Sequence[int]) -> tuple[int, ...]:
        return _right_only(x)

    @counting()
    def collapsed(self) -> EdgeModel:
        """The same shoe's :class:`~banque.study.edge.EdgeModel`: each point's classes
        summed back into four (whether each side's pair totals 5) -- exactly the sums
        that model counts itself, without counting them again."""
        zero = (0, 0, 0, 0)

        def left(x: tuple[int, ...]) -> tuple[int, int, int, int]:
            return (x[0], sum(x[1:_K]), 0, 0)

        def right(x: tuple[int, ...]) -> tuple[int, int, int, int]:
            return (x[0], 0, sum(x[_K::_K]), 0)

        points = []
        for b, r, lft, n, z, sr, sl, dr, dl in self.points:
            # A side settled by its natural: the other side's six classes only (its own
            # sums are zeros).
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
        return tuple(map(w.__mul__, x))

    @staticmethod
    def _mirror_classes(x: Sequence[int]) -> tuple[int, ...]:
        return _transpose(x)
