"""The deals of the two concealed pairs, counted by buckets and weighed by the banker's
result: the exact integer sums behind every decision point of the banker.

A point (the banker's pair, what each side did) needs, by class of the two pairs,
the deals of both concealed pairs (``Z``) and the banker's summed result against
each side standing (``S``) and drawing (``D``, summed over its third card).  The
classes are those of a side's pair: whether its move is fixed by its total (class
0) or it holds 5, told apart by its cards or not:

* ``split=False`` -- two classes a side (a total of 5 is class 1), four in all:
  :class:`banque.study.edge.EdgeModel`'s sums, the sides deciding at 5 by their
  totals;
* ``split=True`` -- six classes a side (the five pairs at 5 are classes 1-5, in the
  order of :data:`FIVES`), 36 in all: :class:`banque.study.dealt.DealtModel`'s, the
  sides deciding by their cards.

How (:func:`class_sums`): one side's pairs are gathered in *buckets* (a total, or
one pair at 5) and counted against the other side's buckets as wholes; the
concealed cards' values are kept as prefix sums, so that a bucket's row, weighed by
the banker's result against any final total, is a dozen operations.  A shoe state's
rows serve every banker's pair that leaves it (:data:`Memo`).  A lone concealed pair
(per-side, the other side settled by its natural) is :func:`one_pair_sums`': its rows
by totals, weighed alike.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from functools import cache
from operator import add, itemgetter, mul

__all__ = ["FIVES", "Memo", "OneMemo", "class_sums", "one_pair_sums", "pair_class"]

#: The five ways to hold 5 with two cards (values; tens and faces count 0).
FIVES: tuple[tuple[int, int], ...] = ((0, 5), (1, 4), (2, 3), (6, 9), (7, 8))

_CLASS = {pair: i + 1 for i, pair in enumerate(FIVES)}

_DREW_TOTALS = (0, 1, 2, 3, 4, 5)
_STOOD_TOTALS = (5, 6, 7)


def pair_class(a: int, b: int) -> int:
    """A pair's class when the pairs at 5 are told apart: 0 unless it totals 5, then
    1-5 in the order of :data:`FIVES`."""
    return _CLASS.get((min(a, b), max(a, b)), 0)


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


#: A bucket of one side's pairs: its two-card total, its class, and its unordered value
#: pairs ``(a, b, ways)`` -- every pair of a total (class 0, or 1 for a total of 5 when
#: the pairs at 5 are not told apart), or one of the five pairs at 5 (class 1-5).
_Bucket = tuple[int, int, tuple[tuple[int, int, int], ...]]


def _buckets(u: Sequence[int], totals: tuple[int, ...], split: bool) -> list[_Bucket]:
    out: list[_Bucket] = []
    for t in totals:
        if t == 5 and split:
            out += [(5, i + 1, ((a, b, 2 * u[a] * u[b]),)) for i, (a, b) in enumerate(FIVES)]
            continue
        pairs = []
        for a in range(10):
            b = (t - a) % 10
            if b >= a:
                ways = u[a] * (u[a] - 1) if a == b else 2 * u[a] * u[b]
                if ways > 0:
                    pairs.append((a, b, ways))
        out.append((t, int(t == 5), tuple(pairs)))
    return [b for b in out if any(w > 0 for *_, w in b[2])]


class _Pairs:
    """One side's pairs, bucket after bucket, as flat lists: their values ``a``, ``b`` and
    their ways times their two cards, packed (:func:`_deals`); ``spans``: each bucket's
    slice, ``span_of[i]``: pair ``i``'s bucket, ``span_cards``: each bucket's cards
    summed; ``by_total``: the slice of a total's bucket (one holding every pair of the
    total); ``holding[e]``: the pairs holding a card of value ``e``; ``split``: whether
    a bucket of class above 0 is one pair at 5 (else every pair of its total)."""

    def __init__(self, buckets: list[_Bucket], below: list[int], split: bool) -> None:
        self.split = split
        self.a: list[int] = []
        self.b: list[int] = []
        self.cards: list[int] = []
        self.spans: list[tuple[int, int]] = []
        self.span_of: list[int] = []
        self.holding: list[list[int]] = [[] for _ in range(10)]
        by_total: dict[int, tuple[int, int]] = {}
        for n, (t, k, own) in enumerate(buckets):
            lo = len(self.a)
            for a, b, w in own:
                self.holding[a].append(len(self.a))
                if b != a:
                    self.holding[b].append(len(self.a))
                self.a.append(a)
                self.b.append(b)
                self.cards.append(w * (below[a] + below[b]))
                self.span_of.append(n)
            self.spans.append((lo, len(self.a)))
            if not (k and split):  # every pair of its total
                by_total[t] = (lo, len(self.a))
        self.by_total = by_total
        self.span_cards = [sum(self.cards[lo:hi]) for lo, hi in self.spans]

    def against(self, u: Sequence[int], bucket: _Bucket) -> list[int]:
        """For each of these buckets, the deals of its pairs and of ``bucket``'s (the
        other side's), times its pairs' cards, summed.

        The deals of ``bucket``'s pairs once the cards of a pair of these are gone: a
        pair at 5 ``(c, d)`` alone (the pairs at 5 told apart) comes ``2 v[c] v[d]``
        ways from the cards ``v`` left, ``2 u[c] u[d]`` unless the pair gone holds a
        ``c`` or a ``d`` (so a bucket's sum is that times its cards, mended for the
        few pairs that do); a total ``t`` (every pair of it) comes ``P_t(u) + 2 ([2a =
        t] - u[t-a]) + 2 ([2b = t] - u[t-b]) + 2 [a + b = t]`` ways once ``a`` and
        ``b`` are gone, ``P_t(u)`` its ordered pairs from the whole of ``u``.
        """
        t, k, own = bucket
        if k and self.split:
            ((c, d, whole),) = own
            sums = [whole * x for x in self.span_cards]
            uc, ud = u[c], u[d]
            for i in {*self.holding[c], *self.holding[d]}:
                a, b = self.a[i], self.b[i]
                ways = 2 * (uc - (a == c) - (b == c)) * (ud - (a == d) - (b == d))
                sums[self.span_of[i]] += (ways - whole) * self.cards[i]
            return sums
        whole = sum(w for *_, w in own)
        fix = [2 * (((2 * a) % 10 == t) - u[(t - a) % 10]) for a in range(10)]
        fix_a = [whole + x for x in fix]
        out = list(map(add, map(fix_a.__getitem__, self.a), map(fix.__getitem__, self.b)))
        lo, hi = self.by_total.get(t, (0, 0))
        for i in range(lo, hi):
            out[i] += 2
        xs = list(map(mul, out, self.cards))
        return [sum(xs[lo:hi]) for lo, hi in self.spans]


#: One side's buckets of a total as :func:`_deals` leaves them: the total, then the
#: deals of both pairs ``N`` and the prefix sums ``C[0..10]`` of the third cards left by
#: value (``C[k]`` the cards of a value below ``k`` left by those deals, summed), by
#: class -- each a packed integer of ``K * K`` fields (:class:`_Layout`, ``K`` classes a
#: side), the class of the pair of pairs in field ``K * own + other`` (the bucket's own
#: class first).  A row is twelve numbers however many classes it holds: weighing it is
#: a dozen operations on whole rows.
_Row = tuple[int, ...]
#: A shoe state's deals (:func:`_deals`): the right side's rows, the left side's, the
#: deals by class (``Z``, the same whatever the banker holds) and the rows' layout.
_Deals = tuple[tuple[_Row, ...], tuple[_Row, ...], tuple[int, ...], "_Layout"]


class _Layout:
    """Whole numbers packed side by side in fields of ``width`` bits (a multiple of 64,
    at least one bit more than the largest magnitude needs), for ``classes`` classes a
    side.

    A card count (:func:`_deals`) keeps eleven fields, field ``k`` the cards of a value
    below ``k``; a row (:data:`_Row`) keeps ``K * K``, one per class, and so do the sums
    weighed from rows, which may be negative: a sum of signed fields is read back
    exactly by adding half a field to each (none then borrows from the next) and
    flipping each field's top bit, which leaves each field's two's complement.
    """

    def __init__(self, width: int, classes: int) -> None:
        k2 = classes * classes
        self.width = width
        self.classes = classes
        #: A value's classes (one field of a card count, for each other class).
        self.block = classes * width
        #: The lowest ``classes`` fields.
        self.low = (1 << self.block) - 1
        half = 1 << (width - 1)
        self.bias = sum(half << (width * c) for c in range(k2))
        low_bias = sum(half << (width * c) for c in range(classes))
        #: Class ``K i + j`` for class ``K j + i``: the sides' classes exchanged.
        self.transpose = itemgetter(*[classes * (c % classes) + c // classes for c in range(k2)])
        if width == 64:
            counts, row, unsigned, signed, few, count = (
                struct.Struct(f"<{x}")
                for x in (
                    f"{11 * classes}Q",
                    f"{11 * classes}Q",
                    f"{k2}Q",
                    f"{k2}q",
                    f"{classes}q",
                    "11Q",
                )
            )
            # the counts of eleven fields, class after class -> field after field
            order = itemgetter(*[j * 11 + k for k in range(11) for j in range(classes)])

            def by_field(ms: Sequence[int]) -> int:
                words = counts.unpack(b"".join([m.to_bytes(88, "little") for m in ms]))
                return int.from_bytes(row.pack(*order(words)), "little")

            def fields(x: int) -> tuple[int, ...]:
                return unsigned.unpack(x.to_bytes(8 * k2, "little"))  # type: ignore[no-any-return]

            def signed_fields(x: int) -> tuple[int, ...]:
                flipped = (x + self.bias) ^ self.bias  # (each field in two's complement)
                return signed.unpack(flipped.to_bytes(8 * k2, "little"))  # type: ignore[no-any-return]

            def signed_low(x: int) -> tuple[int, ...]:
                flipped = (x + low_bias) ^ low_bias
                return few.unpack(flipped.to_bytes(8 * classes, "little"))  # type: ignore[no-any-return]

            def eleven(x: int) -> tuple[int, ...]:
                return count.unpack(x.to_bytes(88, "little"))  # type: ignore[no-any-return]

        else:  # (shoes beyond about a hundred packs: fields of 128 bits and more)
            one = (1 << width) - 1

            def by_field(ms: Sequence[int]) -> int:
                return sum(
                    (m >> (width * k) & one) << (width * (classes * k + j))
                    for j, m in enumerate(ms)
                    for k in range(11)
                )

            def fields(x: int) -> tuple[int, ...]:
                return tuple(x >> (width * c) & one for c in range(k2))

            def signed_fields(x: int) -> tuple[int, ...]:
                y = (x + self.bias) ^ self.bias
                return tuple(
                    v - ((v & half) << 1) for v in (y >> (width * c) & one for c in range(k2))
                )

            def signed_low(x: int) -> tuple[int, ...]:
                y = (x + low_bias) ^ low_bias
                return tuple(
                    v - ((v & half) << 1) for v in (y >> (width * c) & one for c in range(classes))
                )

            def eleven(x: int) -> tuple[int, ...]:
                return tuple(x >> (width * k) & one for k in range(11))

        #: The card counts (one per other class) as one integer, field ``K k + class``.
        self.by_field = by_field
        #: The ``K * K`` fields of a packed non-negative sum.
        self.fields = fields
        #: The ``K * K`` fields of a packed sum that may be negative.
        self.signed_fields = signed_fields
        #: The lowest ``K`` fields of a packed sum that may be negative (and no others).
        self.signed_low = signed_low
        #: The eleven fields of a card count (non-negative).
        self.eleven = eleven


_layout = cache(_Layout)


def _classes(split: bool) -> int:
    """Classes a side: 0 and one per pair at 5, or 0 and 1 (a total of 5)."""
    return 1 + len(FIVES) if split else 2


@cache
def _fields(n: int) -> tuple[int, list[int]]:
    """The fields' width for a shoe of ``n`` cards (whole 64-bit words: a row's numbers
    come out of its integer as machine words), and each value's card as eleven fields,
    ``1`` in fields ``v + 1`` to 10 (:func:`_deals`).  (The same for every shoe state
    of a model's size: made once.)"""
    width = -(-((4 * n**5 + 1).bit_length() + 1) // 64) * 64
    return width, [sum(1 << (width * k) for k in range(v + 1, 11)) for v in range(10)]


def _deals(u: tuple[int, ...], right_stood: bool, left_stood: bool, split: bool) -> _Deals:
    """The deals of both concealed pairs, by buckets: the right side's rows (by the left
    pair's class) and the left side's (by the right pair's class), their number by
    class, and the rows' layout.

    Whatever the banker holds: the banker's total enters only when these are weighed
    (:func:`class_sums`), so one shoe state's deals serve every banker's pair that leaves
    it.  Each side's pairs are counted against the other side's buckets as wholes
    (:meth:`_Pairs.against`); the four cards' values come from the right pair's, then
    from the left pair's (dealing without replacement is exchangeable).

    The four cards' values are kept as one integer of eleven fields, field ``k`` (bits
    ``w k`` to ``w (k + 1)``, ``w`` wide enough for the largest sum) the cards of a
    value below ``k`` summed over the deals, ``MC[k] = M[0] + ... + M[k - 1]``: a card
    of value ``v`` adds 1 to fields ``v + 1`` to 10, so adding a pair's two cards is
    one addition, the fields come out as the prefix sums the rows want, and field 10
    is four cards a deal.  (They are never negative: no field borrows from the next.)
    """
    width, below = _fields(sum(u))
    classes = _classes(split)
    right = _buckets(u, _STOOD_TOTALS if right_stood else _DREW_TOTALS, split)
    # Both sides drew, or both stood: the same buckets, and the left side's rows are the
    # right side's (each deal of pairs counted once, for both sides' rows).
    same = right_stood == left_stood
    left = right if same else _buckets(u, _STOOD_TOTALS if left_stood else _DREW_TOTALS, split)
    m_r = [[0] * classes for _ in right]
    m_l = m_r if same else [[0] * classes for _ in left]
    # Each of the left side's buckets against every right pair, then (unless the same)
    # each right bucket against every left pair.
    _cross(u, _Pairs(right, below, split), right, m_r, left, m_l)
    if not same:
        _cross(u, _Pairs(left, below, split), left, m_l, right, m_r)
    lay = _layout(width, classes)
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
        for x, (_t, own, _p), row in zip(pairs.against(u, bucket), buckets, rows, strict=True):
            row[k] += x
            col[own] += x


def _below_each(u: Sequence[int], step: int) -> int:
    """``U[k]``, the shoe's cards of a value below ``k``, at bit ``step * k`` for ``k`` =
    1 to 10, in one integer."""
    out = under = 0
    for k in range(1, 11):
        under += u[k - 1]
        out |= under << (step * k)
    return out


def _rows(
    u: Sequence[int], buckets: list[_Bucket], ms: list[list[int]], lay: _Layout
) -> tuple[_Row, ...]:
    """The buckets' rows from their card counts (:func:`_deals`, one per other class):
    ``N`` (a quarter of field 10: four cards a deal) and the prefix sums ``C[k] = N U[k]
    - MC[k]``, ``U[k]`` the shoe's cards of a value below ``k`` (:data:`_Row`).

    The counts are laid field after field (:meth:`_Layout.by_field`: each value's
    classes side by side), so ``N U[k]`` for every ``k`` and class is one product
    (``U`` spread over the values' places) and every ``C`` one subtraction (never
    negative: no field borrows); each value's classes are then moved to the bucket's
    own class's place among the ``K * K``.  The buckets of one total (the five pairs
    at 5, told apart) make one row: their fields do not meet, and the banker's result
    weighs them alike."""
    block = lay.block
    low = lay.low
    spread_u = _below_each(u, block)  # U[k] at value k's place (class 0)
    out: dict[int, list[int]] = {}
    for (t, own, _pairs), m in zip(buckets, ms, strict=True):
        counts = lay.by_field(m)
        deals = counts >> (10 * block) >> 2
        c = deals * spread_u - counts
        place = block * own
        row = [deals << place, *[(c >> (block * k) & low) << place for k in range(11)]]
        # (the pairs at 5 told apart hold fields of their own: one row for the total)
        same = out.get(t)
        out[t] = row if same is None else list(map(add, same, row))
    return tuple((t, *row) for t, row in out.items())


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
#: The same for one concealed pair (:func:`one_pair_sums`): its rows, deals and layout.
OneMemo = dict[tuple[tuple[int, ...], bool], tuple[tuple[_Row, ...], tuple[int, ...], _Layout]]


def class_sums(
    u: tuple[int, ...],
    banker: int,
    right_third: int | None,
    left_third: int | None,
    split: bool,
    memo: Memo | None = None,
) -> tuple[tuple[int, ...], ...]:
    """The sums behind a decision point by class of the two concealed pairs.

    ``u`` the unseen cards by value once the banker's pair and the third cards are
    gone, ``banker`` its two-card total, ``*_third`` a side's third card (``None``: it
    stood); ``split``: whether the pairs at 5 are told apart (six classes a side) or
    not (two).  Returns ``(Z, SR, SL, DR, DL)``, each indexed ``K * right_class +
    left_class``: ``Z`` the deals of the concealed pairs (ordered right pair, then left
    pair), ``S*``/``D*`` the banker's summed result (+1 win, -1 loss) against each side
    when standing / drawing (``D*`` still to be divided by the ``sum(u) - 4`` cards the
    banker's third card comes from).

    The deals of both concealed pairs by buckets (:func:`_deals`, kept in ``memo`` for
    the next banker's pair that leaves the same cards) are weighed by the banker's
    result against a side's final total ``f`` (:func:`_weigh`): standing, ``sign(banker
    - f)`` a deal; drawing, ``+1`` for each third card left that brings the banker above
    ``f``, ``-1`` below.  (The right side's rows give the deals; the left side's are the
    same deals.)
    """
    key = (u, right_third is None, left_third is None)
    found = None if memo is None else memo.get(key)
    if found is None:
        found = _deals(*key, split)
        if memo is not None:
            memo[key] = found
    rows_r, rows_l, z, lay = found
    s_r, d_r = _weigh(rows_r, right_third, banker)
    s_l, d_l = _weigh(rows_l, left_third, banker)
    # (the left side's rows keep its own class first: exchanged into the right's order)
    signed, swap = lay.signed_fields, lay.transpose
    return z, signed(s_r), swap(signed(s_l)), signed(d_r), swap(signed(d_l))


def _one_pair(
    u: tuple[int, ...], stood: bool, split: bool
) -> tuple[tuple[_Row, ...], tuple[int, ...], _Layout]:
    """One concealed pair's rows (:data:`_Row`, in the first ``K`` fields: the pair's class
    in field ``own``, no other side's), its deals by class and the layout.

    By totals: the pairs of a total ``t`` come ``N = sum_e u[e] v[e]`` ways, ``v[e] = u[t
    - e] - [2e = t]`` the cards that complete a first card ``e``, and hold ``2 sum_(e <
    k) u[e] v[e]`` cards of a value below ``k`` (the first card and the second alike);
    a pair at 5 told apart ``(c, d)`` comes ``2 u[c] u[d]`` ways.  Then ``C[k] = N U[k] -
    MC[k]`` (eleven prefix fields, as :func:`_deals` keeps them): one product and one
    subtraction."""
    width, below = _fields(sum(u))
    classes = _classes(split)
    lay = _layout(width, classes)
    eleven = lay.eleven
    spread_u = _below_each(u, width)  # U[k] in field k
    rows = []
    z = [0] * classes
    for t in _STOOD_TOTALS if stood else _DREW_TOTALS:
        if t == 5 and split:
            found = [(k, 2 * u[c] * u[d], c, d) for k, (c, d) in enumerate(FIVES, 1)]
            made = [(k, w, w * (below[c] + below[d])) for k, w, c, d in found if w]
        else:
            v = [*u[t::-1], *u[:t:-1]]  # v[e] = u[t - e]
            if t % 2 == 0:
                v[t // 2] -= 1
                v[t // 2 + 5] -= 1
            uv = list(map(mul, u, v))
            deals = sum(uv)
            if not deals:
                continue
            made = [(int(t == 5), deals, 2 * sum(map(mul, uv, below)))]
        # (the pairs at 5 told apart hold fields of their own: one row for the total)
        row = [0] * 12
        for own, deals, cards in made:
            z[own] += deals
            place = width * own
            c = [deals, *eleven(deals * spread_u - cards)]
            row = list(map(add, row, [x << place for x in c] if place else c))
        if made:
            rows.append((t, *row))
    return tuple(rows), tuple(z), lay


def one_pair_sums(
    u: tuple[int, ...],
    banker: int,
    third: int | None,
    split: bool,
    memo: OneMemo | None = None,
) -> tuple[tuple[int, ...], ...]:
    """One concealed pair (per-side: the other side settled by its natural): ``(Z, S,
    D)`` by the pair's class (``K`` of them), ``D`` still to be divided by the ``sum(u) -
    2`` cards the banker's third card comes from.  Its rows (:func:`_one_pair`) serve
    every banker's pair that leaves the same cards (``memo``), weighed as
    :func:`class_sums` weighs two pairs'."""
    key = (u, third is None)
    found = None if memo is None else memo.get(key)
    if found is None:
        found = _one_pair(u, third is None, split)
        if memo is not None:
            memo[key] = found
    rows, z, lay = found
    s, d = _weigh(rows, third, banker)
    return z, lay.signed_low(s), lay.signed_low(d)
