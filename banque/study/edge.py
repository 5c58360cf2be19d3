"""The game solved exactly: the banker's edge and its best-response table.

For one coup dealt from a given shoe (a full shoe of ``packs`` packs, or what
is left of a record's shoe), with stakes ``R:L`` on the right and left sides,
sides that draw at 5 with probabilities ``(qR, qL)``, a natural rule
(:mod:`banque.core.naturals`) and a banker who either follows the fixed table
(draw at 0-5, stand at 6-7) or plays the best response (knowing its own
cards, what the sides did, the stakes and ``(qR, qL)`` -- the advisor's
rule), this module counts the banker's expected gain per chip staked
**exactly**, as a :class:`~fractions.Fraction`, split into the coups settled
by naturals and the coups that go on to the decisions.

How, in short (README, "The game solved", says more):

* Only card values matter, so a shoe is ten counts.  Cards are dealt without
  replacement and a deal's chance only depends on which values it takes, so
  the banker's pair, the sides' third cards and the concealed pairs may be
  counted in any order.
* Every *decision point* of the banker -- its pair of values, each side
  stood / drew a given value / (per-side rule) showed a natural -- is an
  information set.  For each one exact integer sums
  (:func:`banque.study.pair_deals.class_sums`: the deals of the concealed pairs and
  the banker's summed result standing and drawing, split by whether a side's
  pair totals 5; the table advisor's :func:`~banque.games.banque.advisor.decision_sums`
  counts the same, point by point) are weighed by the chance of the banker's pair
  and the third cards.  A fresh three-pack shoe has 5 324 such points.
* Each point's sums are bilinear in ``(qR, qL)`` (a side's 5 weighs ``q``
  when it drew, ``1 - q`` when it stood) and linear in the stakes, so the
  table banker's edge is bilinear in ``(qR, qL)``; the best-responding
  banker's is a sum of maxima of bilinear functions.  A point whose
  draw-minus-stand has the same sign at the four corners ``q in {0, 1}`` has
  it everywhere in the square: only the others need a maximum at each point
  of a sweep.

>>> model = EdgeModel.for_packs(1)
>>> e = model.edge(stakes=(1, 1), q=(1, 1), banker="table")
>>> e.naturals, e.decisions
(Fraction(0, 1), Fraction(0, 1))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, NamedTuple

from ..core.cards import PACKS
from ..core.naturals import NATURAL_RULES, NaturalRule, is_natural, settled_sides
from ..games.banque.advisor import unseen_values
from ..i18n import _
from ..text import quoted
from .bulk import counting
from .pair_deals import Memo, OneMemo, class_sums, one_pair_sums

__all__ = [
    "NATURAL",
    "BankerRule",
    "Edge",
    "EdgeModel",
    "Point",
    "parse_p5",
    "parse_stakes",
]

BankerRule = Literal["best", "table"]
BANKER_RULES: tuple[BankerRule, ...] = ("best", "table")

#: A side's information when it showed a natural (per-side rule: settled at once).
NATURAL = -1

Four = tuple[int, int, int, int]
_ZERO4: Four = (0, 0, 0, 0)


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


class Point(NamedTuple):
    """One decision point of the banker (an information set) and its exact sums.

    (A named tuple: a shoe has thousands of them, made at once.)

    ``banker`` is the banker's pair of values (smaller first); ``right`` and
    ``left`` what each side did: ``None`` stood, ``0..9`` the value of the
    third card it drew, :data:`NATURAL` it showed a natural (its pair is
    ``natural_pair``) and was settled at once.

    The sums are integers over the model's common denominator, each four
    numbers by class ``k = 2 * right_class + left_class`` (class 1: that
    side's pair totals 5, weighed ``q`` if it drew and ``1 - q`` if it
    stood): ``z`` the chance of the point, ``sr``/``sl`` the banker's result
    against right/left when it stands, ``dr``/``dl`` when it draws.
    """

    banker: tuple[int, int]
    right: int | None
    left: int | None
    natural_pair: tuple[int, int] | None
    z: Four
    sr: Four
    sl: Four
    dr: Four
    dl: Four

    @property
    def total(self) -> int:
        """The banker's two-card total."""
        return (self.banker[0] + self.banker[1]) % 10


def _drew(info: int | None) -> bool:
    return info is not None and info >= 0


def _weights(point: Point, d: int, a_r: int, a_l: int) -> Four:
    """Class weights (scaled by ``d * d``) for ``q = (a_r / d, a_l / d)``."""
    w_r = a_r if _drew(point.right) else d - a_r
    w_l = a_l if _drew(point.left) else d - a_l
    return (d * d, d * w_l, w_r * d, w_r * w_l)


def _dot(w: Four, x: Four) -> int:
    return w[0] * x[0] + w[1] * x[1] + w[2] * x[2] + w[3] * x[3]


def _combine(r: int, x: Four, lft: int, y: Four) -> Four:
    return (
        r * x[0] + lft * y[0],
        r * x[1] + lft * y[1],
        r * x[2] + lft * y[2],
        r * x[3] + lft * y[3],
    )


def _mirror4(x: Four) -> Four:
    """Classes ``2 * right + left`` seen from the other side."""
    return (x[0], x[2], x[1], x[3])


def _value_pairs(counts: Sequence[int]) -> Iterable[tuple[int, int, int]]:
    """Unordered pairs of values with their ordered card ways."""
    for a in range(10):
        if not counts[a]:
            continue
        for b in range(a, 10):
            ways = counts[a] * (counts[a] - 1) if a == b else 2 * counts[a] * counts[b]
            if ways > 0:
                yield a, b, ways


def _minus(counts: tuple[int, ...], *values: int) -> tuple[int, ...]:
    out = list(counts)
    for v in values:
        out[v] -= 1
    return tuple(out)


def _check_rule(naturals: object) -> NaturalRule:
    if naturals not in NATURAL_RULES:
        raise ValueError(f"the natural rule must be 'all' or 'per-side', not {naturals!r}")
    return naturals  # type: ignore[return-value]


def _check_banker(banker: object) -> BankerRule:
    if banker not in BANKER_RULES:
        raise ValueError(f"the banker plays 'best' or 'table', not {banker!r}")
    return banker  # type: ignore[return-value]


def _check_stakes(stakes: object) -> tuple[int, int]:
    """Stakes as two whole numbers in lowest terms (only their ratio matters)."""
    if not isinstance(stakes, tuple | list) or len(stakes) != 2:
        raise ValueError(f"stakes are two numbers, right and left, not {stakes!r}")
    parts: list[Fraction] = []
    for x in stakes:
        if isinstance(x, bool) or not isinstance(x, int | Fraction | float):
            raise ValueError(f"a stake must be a number, not {x!r}")
        if isinstance(x, float) and not math.isfinite(x):
            raise ValueError(f"a stake must be finite, not {x!r}")
        f = Fraction(x)
        if f < 0:
            raise ValueError(f"a stake must be 0 or more, not {x}")
        parts.append(f)
    if parts[0] == 0 and parts[1] == 0:
        raise ValueError("at least one side must have something staked")
    den = math.lcm(parts[0].denominator, parts[1].denominator)
    r, lft = int(parts[0] * den), int(parts[1] * den)
    g = math.gcd(r, lft)
    return r // g, lft // g


def _check_q(q: object) -> tuple[Fraction, Fraction]:
    if isinstance(q, int | float | Fraction) and not isinstance(q, bool):
        q = (q, q)
    if not isinstance(q, tuple | list) or len(q) != 2:
        raise ValueError(f"p5 is one probability or two (right, left), not {q!r}")
    out: list[Fraction] = []
    for x in q:
        if isinstance(x, bool) or not isinstance(x, int | Fraction | float):
            raise ValueError(f"p5 must be a number, not {x!r}")
        if isinstance(x, float) and not math.isfinite(x):
            raise ValueError(f"p5 must be finite, not {x!r}")
        f = Fraction(x)
        if not 0 <= f <= 1:
            raise ValueError(f"p5 (the chance a side at 5 draws) must be in [0, 1], not {x}")
        out.append(f)
    return out[0], out[1]


def parse_stakes(text: str) -> tuple[int, int]:
    """Read ``R:L`` (whole numbers or decimals, at least one above 0).

    >>> parse_stakes("1:1"), parse_stakes("3:1"), parse_stakes("1:0"), parse_stakes("0.7:0.3")
    ((1, 1), (3, 1), (1, 0), (7, 3))
    """
    parts = text.strip().split(":")
    if len(parts) != 2:
        raise ValueError(
            _("{text} is not a stakes ratio: write R:L, for example 1:1 or 3:1").format(
                text=quoted(text)
            )
        )
    try:
        values = [Fraction(p.strip()) for p in parts]
    except (ValueError, ZeroDivisionError):
        raise ValueError(
            _(
                "{text} is not a stakes ratio: write R:L with numbers, for example 1:1 or 3:1"
            ).format(text=quoted(text))
        ) from None
    return _check_stakes(tuple(values))


def parse_p5(text: str) -> list[Fraction]:
    """Read a probability ``Q``, or a range ``START:STOP:STEP`` (both ends included).

    >>> parse_p5("1/2"), parse_p5("0.25")
    ([Fraction(1, 2)], [Fraction(1, 4)])
    >>> [str(x) for x in parse_p5("0:1:0.25")]
    ['0', '1/4', '1/2', '3/4', '1']
    """
    parts = text.strip().split(":")
    try:
        values = [Fraction(p.strip()) for p in parts]
    except (ValueError, ZeroDivisionError):
        raise ValueError(
            _(
                "{text} is not a probability: write Q (0 to 1, e.g. 0.5 or 1/2) "
                "or a range START:STOP:STEP such as 0:1:0.05"
            ).format(text=quoted(text))
        ) from None
    if len(values) == 1:
        out = values
    elif len(values) == 3:
        start, stop, step = values
        if step <= 0:
            raise ValueError(_("the step of {text} must be above 0").format(text=quoted(text)))
        count = int((stop - start) / step) + 1
        if count > 1001:
            raise ValueError(
                _("{text} makes {count} values: at most 1001").format(
                    text=quoted(text), count=count
                )
            )
        out = [start + i * step for i in range(max(count, 0))]
        if not out:
            raise ValueError(
                _("{text} is an empty range (START must not exceed STOP)").format(text=quoted(text))
            )
    else:
        raise ValueError(
            _("{text}: write Q, or START:STOP:STEP such as 0:1:0.05").format(text=quoted(text))
        )
    for x in out:
        if not 0 <= x <= 1:
            raise ValueError(_("p5 is a probability (0 to 1), not {x}").format(x=x))
    return out


@dataclass(frozen=True)
class Edge:
    """The banker's exact expected gain per chip staked, for one coup."""

    stakes: tuple[int, int]
    q: tuple[Fraction, Fraction]
    banker: BankerRule
    naturals_rule: NaturalRule
    #: The share of the coups settled at once by naturals.
    naturals: Fraction
    #: The share of the coups that go on to the decisions.
    decisions: Fraction

    @property
    def total(self) -> Fraction:
        return self.naturals + self.decisions


@dataclass
class _Prepared:
    """A sweep's fixed part: bilinear group sums, plus the points whose choice changes."""

    fixed: dict[tuple[bool, bool], list[int]] = field(default_factory=dict)
    ambiguous: list[tuple[bool, bool, Four]] = field(default_factory=list)
    #: The best response: each point's draw-minus-stand, by what the sides did (drew?).
    deltas: list[tuple[tuple[bool, bool], Four]] = field(default_factory=list)
    #: Each ``ambiguous`` point's place among the model's points.
    open: list[int] = field(default_factory=list)
    #: Each point's draw-minus-stand over the whole square of the sides' ``q``: 1 above
    #: 0 everywhere, -1 below 0 everywhere, 0 otherwise (ties included).
    sign: list[int] = field(default_factory=list)
    #: The points of sign 0: the only ones whose move a ``q`` has to decide.
    unsure: list[int] = field(default_factory=list)


class EdgeModel:
    """Every decision point of one coup from a given shoe, with its exact sums.

    Build it once per shoe and natural rule (:meth:`for_packs`,
    :meth:`for_counts`); then :meth:`edge`, :meth:`sweep` and the strategy
    queries are cheap.
    """

    def __init__(
        self,
        counts: Sequence[int],
        naturals: NaturalRule = "all",
        *,
        _mirror: bool = True,
        _points: list[Point] | None = None,
        _shares: tuple[int, int, int] | None = None,
    ) -> None:
        c = tuple(int(x) for x in counts)
        if len(c) != 10 or any(x < 0 for x in c):
            raise ValueError("a shoe is ten counts of cards, values 0 to 9")
        if sum(c) < 9:
            raise ValueError(f"a coup needs at least 9 cards in the shoe, not {sum(c)}")
        self.counts = c
        self.rule = _check_rule(naturals)
        #: The house whose coup this is (``banque.games.banque.rules``), for the reports;
        #: ``None``: a natural rule alone.
        self.house: str | None = None
        self._mirror = _mirror  # False: count (l, r) directly too (tests compare)
        n = sum(c)
        self.cards = n
        #: Every chance and sum is an integer over this denominator (times q's and stakes').
        self.denominator = _falling(n, 6) * _falling(n - 6, 3)
        self.points: list[Point] = []
        self._prepared: dict[tuple[tuple[int, int], BankerRule], _Prepared] = {}
        with counting():
            if _points is None:
                self._build()
            else:  # counted already (banque.study.dealt: its classes summed back into four)
                self.points = _points
            #: What the sides did at each point (drew?), right and left.
            self._keys = [(_drew(p.right), _drew(p.left)) for p in self.points]
            self._natural_r, self._natural_l, self._settled = _shares or self._natural_shares()

    @classmethod
    def for_packs(cls, packs: int = PACKS, naturals: NaturalRule = "all") -> EdgeModel:
        """The model of a fresh shoe of ``packs`` packs."""
        return cls(unseen_values(packs), naturals)

    @classmethod
    def for_counts(cls, counts: Sequence[int], naturals: NaturalRule = "all") -> EdgeModel:
        return cls(counts, naturals)

    # ------------------------------------------------------------ building

    # How a point's sums are split into classes (four: whether each side's pair
    # totals 5); :class:`banque.study.dealt.DealtModel` splits them finer (the pairs at
    # 5 told apart: :func:`banque.study.pair_deals.class_sums`).
    _no_sums: tuple[int, ...] = _ZERO4
    _split = False

    def _sums(
        self, u: tuple[int, ...], banker: int, right: int | None, left: int | None
    ) -> tuple[tuple[int, ...], ...]:
        return class_sums(u, banker, right, left, self._split, self._memo)

    def _one_side_sums(
        self, u: tuple[int, ...], banker: int, third: int | None
    ) -> tuple[tuple[int, ...], ...]:
        """The sums when the other side was settled by its natural, by the playing side's
        class (:func:`banque.study.pair_deals.one_pair_sums`)."""
        return one_pair_sums(u, banker, third, self._split, self._memo1)

    @staticmethod
    def _scale(x: Sequence[int], w: int) -> tuple[int, ...]:
        return _scale(x, w)  # type: ignore[arg-type]

    @staticmethod
    def _mirror_classes(x: Sequence[int]) -> tuple[int, ...]:
        return _mirror4(x)  # type: ignore[arg-type]

    @staticmethod
    def _left_plays_on(x: Sequence[int]) -> tuple[int, ...]:
        """A one-side sum (:meth:`_one_side_sums`) in the model's classes, the left side
        playing on (the right settled by its natural: class 0)."""
        return (x[0], x[1], 0, 0)

    @staticmethod
    def _right_plays_on(x: Sequence[int]) -> tuple[int, ...]:
        """The same sum, the right side playing on."""
        return (x[0], 0, x[1], 0)

    def _build(self) -> None:
        # One shoe state's deals serve every banker's pair that leaves it (about three
        # points each): kept while the model is counted, then let go.
        self._memo: Memo = {}
        self._memo1: OneMemo = {}
        try:
            self._count()
        finally:
            del self._memo, self._memo1

    def _count(self) -> None:
        c, n = self.counts, self.cards
        top = _falling(n - 6, 3)
        factor_stand = [top // _falling(n - 6, k) for k in range(3)]
        factor_draw = [top // _falling(n - 6, k + 1) for k in range(3)]
        infos: list[int | None] = [None, *range(10)]
        for a, b, ways_b in _value_pairs(c):
            total = (a + b) % 10
            if is_natural(total):
                continue  # the banker's natural settles both sides (either rule)
            # Does a side's natural leave the other side to play on (per-side rule)?
            one_settled = settled_sides(self.rule, banker=total, right=9, left=0) == ("right",)
            u0 = _minus(c, a, b)
            for i, r in enumerate(infos):
                ways_r = 1 if r is None else u0[r]
                if not ways_r:
                    continue
                u1 = u0 if r is None else _minus(u0, r)
                # Right and left exchange roles: (r, l) and (l, r) leave the same
                # cards unseen and their sums are each other's, sides swapped.
                for lft in infos[i if self._mirror else 0 :]:
                    ways_l = 1 if lft is None else u1[lft]
                    if not ways_l:
                        continue
                    u = u1 if lft is None else _minus(u1, lft)
                    k = (r is not None) + (lft is not None)
                    z, sr, sl, dr, dl = self._sums(u, total, r, lft)
                    if not any(z):
                        continue
                    ws = ways_b * ways_r * ways_l * factor_stand[k]
                    wd = ways_b * ways_r * ways_l * factor_draw[k]
                    scale = self._scale
                    z, sr, sl = scale(z, ws), scale(sr, ws), scale(sl, ws)
                    dr, dl = scale(dr, wd), scale(dl, wd)
                    self.points.append(Point((a, b), r, lft, None, z, sr, sl, dr, dl))
                    if self._mirror and lft != r:
                        m = self._mirror_classes
                        self.points.append(
                            Point((a, b), lft, r, None, m(z), m(sl), m(sr), m(dl), m(dr))
                        )
            if not one_settled:
                continue
            # One side shows a natural (settled at once); the banker plays the other.
            for x, y, ways_n in _value_pairs(u0):
                if not is_natural((x + y) % 10):
                    continue
                u1 = _minus(u0, x, y)
                for o in infos:
                    ways_o = 1 if o is None else u1[o]
                    if not ways_o:
                        continue
                    u = u1 if o is None else _minus(u1, o)
                    k = o is not None
                    z1, s1, d1 = self._one_side_sums(u, total, o)
                    if not any(z1):
                        continue
                    ws = ways_b * ways_n * ways_o * factor_stand[k]
                    wd = ways_b * ways_n * ways_o * factor_draw[k]
                    none = self._no_sums
                    # (the playing side's classes: scaled, then placed among the model's)
                    z1, s1, d1 = _times(z1, ws), _times(s1, ws), _times(d1, wd)
                    # The right side's natural, the left plays on...
                    lo = self._left_plays_on
                    self.points.append(
                        Point((a, b), NATURAL, o, (x, y), lo(z1), none, lo(s1), none, lo(d1))
                    )
                    # ...and the left side's natural, the right plays on.
                    ro = self._right_plays_on
                    self.points.append(
                        Point((a, b), o, NATURAL, (x, y), ro(z1), ro(s1), none, ro(d1), none)
                    )

    def _natural_shares(self) -> tuple[int, int, int]:
        """The banker's summed result on coups settled by naturals, and their chance.

        Integers over ``(n)_6``: the banker's pair, the right pair, then the
        left pair's total from the ordered pairs left.
        """
        c = self.counts
        gain_r = gain_l = settled_ways = 0
        rule = self.rule
        # Which sides the totals settle, once for every (banker, right, left) total.
        settles = [
            [
                [settled_sides(rule, banker=tb, right=tr, left=tl) for tl in range(10)]
                for tr in range(10)
            ]
            for tb in range(10)
        ]
        for a, b, ways_b in _value_pairs(c):
            tb = (a + b) % 10
            u0 = _minus(c, a, b)
            # Ordered pairs of each total left once the right pair (x, y) is gone:
            # the full count corrected in O(1) (as the advisor's tables do).
            full = [
                sum(u0[v] * (u0[(t - v) % 10] - ((2 * v) % 10 == t)) for v in range(10))
                for t in range(10)
            ]
            for x, y, ways_r in _value_pairs(u0):
                tr = (x + y) % 10
                row = settles[tb][tr]
                w_br = ways_b * ways_r
                for tl in range(10):
                    settled = row[tl]
                    if not settled:
                        continue
                    ways_l = (
                        full[tl]
                        - 2 * u0[(tl - x) % 10]
                        - 2 * u0[(tl - y) % 10]
                        + 2 * (((2 * x) % 10 == tl) + ((2 * y) % 10 == tl) + (tr == tl))
                    )
                    if not ways_l:
                        continue
                    w = w_br * ways_l
                    r_settled = "right" in settled
                    l_settled = "left" in settled
                    if r_settled:
                        gain_r += w * _sign(tb - tr)
                    if l_settled:
                        gain_l += w * _sign(tb - tl)
                    if r_settled and l_settled:
                        settled_ways += w
        return gain_r, gain_l, settled_ways

    # ------------------------------------------------------------ queries

    @property
    def settled_probability(self) -> Fraction:
        """The chance that naturals settle both sides at once (no decision at all)."""
        return Fraction(self._settled, _falling(self.cards, 6))

    def decision_probability(self) -> Fraction:
        """The chance that the banker has a decision to make (the rest of the coups).

        The same for every ``q``: with ``q = 1`` for both sides each class weighs 1.
        """
        total = sum(_dot(_weights(p, 1, 1, 1), p.z) for p in self.points)
        return Fraction(total, self.denominator)

    def naturals_share(self, stakes: tuple[int, int] | Sequence[int]) -> Fraction:
        """The banker's gain per chip from the coups naturals settle (exactly 0 by symmetry)."""
        r, lft = _check_stakes(tuple(stakes))
        return Fraction(
            r * self._natural_r + lft * self._natural_l, _falling(self.cards, 6) * (r + lft)
        )

    def _prepare(self, stakes: tuple[int, int], banker: BankerRule) -> _Prepared:
        """The sweep's fixed part for ``stakes`` and ``banker``, kept for the next query."""
        key = (stakes, banker)
        if key not in self._prepared:
            self._prepared[key] = self._prepare_new(stakes, banker)
        return self._prepared[key]

    def _prepare_new(self, stakes: tuple[int, int], banker: BankerRule) -> _Prepared:
        r, lft = stakes
        prep = _Prepared()
        for i, (p, key) in enumerate(zip(self.points, self._keys, strict=True)):
            group = prep.fixed.setdefault(key, [0, 0, 0, 0])
            sr, sl = p.sr, p.sl
            s = (
                r * sr[0] + lft * sl[0],
                r * sr[1] + lft * sl[1],
                r * sr[2] + lft * sl[2],
                r * sr[3] + lft * sl[3],
            )
            if banker == "table":
                chosen = _combine(r, p.dr, lft, p.dl) if p.total <= 5 else s
                for k in range(4):
                    group[k] += chosen[k]
                continue
            dr, dl = p.dr, p.dl
            delta = (
                r * dr[0] + lft * dl[0] - s[0],
                r * dr[1] + lft * dl[1] - s[1],
                r * dr[2] + lft * dl[2] - s[2],
                r * dr[3] + lft * dl[3] - s[3],
            )
            prep.deltas.append((key, delta))
            group[0] += s[0]
            group[1] += s[1]
            group[2] += s[2]
            group[3] += s[3]
            # The sign at the four corners q in {0, 1} (weights 0 or 1 for each side's
            # 5, whatever it did): the same at all four, the same over the whole
            # square (bilinear).
            c1, c2 = delta[0] + delta[1], delta[0] + delta[2]
            c3 = c1 + delta[2] + delta[3]
            lo, hi = min(delta[0], c1, c2, c3), max(delta[0], c1, c2, c3)
            if lo > 0:
                prep.sign.append(1)
            elif hi < 0:
                prep.sign.append(-1)
            else:
                prep.sign.append(0)
                prep.unsure.append(i)
            if lo >= 0:
                group[0] += delta[0]
                group[1] += delta[1]
                group[2] += delta[2]
                group[3] += delta[3]
            elif hi > 0:
                prep.ambiguous.append((key[0], key[1], delta))
                prep.open.append(i)
        return prep

    def _evaluate(self, prep: _Prepared, q: tuple[Fraction, Fraction]) -> Fraction:
        d = math.lcm(q[0].denominator, q[1].denominator)
        a_r, a_l = int(q[0] * d), int(q[1] * d)
        total = 0
        weights: dict[tuple[bool, bool], Four] = {}
        for rd in (False, True):
            for ld in (False, True):
                w_r = a_r if rd else d - a_r
                w_l = a_l if ld else d - a_l
                weights[(rd, ld)] = (d * d, d * w_l, w_r * d, w_r * w_l)
        for key, group in prep.fixed.items():
            w = weights[key]
            total += w[0] * group[0] + w[1] * group[1] + w[2] * group[2] + w[3] * group[3]
        for rd, ld, delta in prep.ambiguous:
            w = weights[(rd, ld)]
            x = w[0] * delta[0] + w[1] * delta[1] + w[2] * delta[2] + w[3] * delta[3]
            if x > 0:
                total += x
        return Fraction(total, self.denominator * d * d)

    def edge(
        self,
        stakes: tuple[int, int] | Sequence[int] = (1, 1),
        q: object = Fraction(1, 2),
        banker: BankerRule = "best",
    ) -> Edge:
        """The banker's exact expected gain per chip staked, for one coup."""
        st = _check_stakes(tuple(stakes))
        qq = _check_q(q)
        rule = _check_banker(banker)
        prep = self._prepare(st, rule)
        decisions = self._evaluate(prep, qq) / (st[0] + st[1])
        return Edge(st, qq, rule, self.rule, self.naturals_share(st), decisions)

    def sweep(
        self,
        qs_r: Sequence[object],
        qs_l: Sequence[object],
        stakes: tuple[int, int] | Sequence[int] = (1, 1),
        banker: BankerRule = "best",
        progress: Callable[[int], None] | None = None,
    ) -> list[list[Edge]]:
        """:meth:`edge` for every ``(qR, qL)`` of a grid (rows ``qR``, columns ``qL``);
        ``progress(done)`` after each row, with the edges worked out so far."""
        st = _check_stakes(tuple(stakes))
        rule = _check_banker(banker)
        prep = self._prepare(st, rule)
        nat = self.naturals_share(st)
        rows = []
        for x in qs_r:
            row = []
            for y in qs_l:
                qq = _check_q((x, y))
                row.append(Edge(st, qq, rule, self.rule, nat, self._evaluate(prep, qq) / sum(st)))
            rows.append(row)
            if progress is not None:
                progress(len(rows) * len(qs_l))
        return rows


def _scale(x: Four, w: int) -> Four:
    return (x[0] * w, x[1] * w, x[2] * w, x[3] * w)


def _times(x: Sequence[int], w: int) -> tuple[int, ...]:
    return tuple(map(w.__mul__, x))


# ---------------------------------------------------------------- strategy

Move = Literal["draw", "stand", "draw-below", "draw-above"]


@dataclass(frozen=True)
class Cell:
    """The best-responding banker's move at one decision point, for every stakes ratio.

    The gain of drawing over standing is linear in ``theta``, the right
    side's share of the stakes ``R / (R + L)``: so the move is ``draw``,
    ``stand``, ``draw-below`` (draw when ``theta < threshold``) or
    ``draw-above`` (draw when ``theta > threshold``).  At ``theta`` equal to
    the threshold both moves gain the same (the banker stands).
    """

    banker: tuple[int, int]
    right: int | None
    left: int | None
    move: Move
    threshold: Fraction | None = None
    #: Per-side rule: a natural side's cards change the move (then ``move`` is the likelier).
    varies: bool = False
    #: Per-side rule, a side that showed a natural: the move by the natural's pair
    #: (``(pair, move, threshold)``, the pairs in order), when those cards change it.
    by_natural: tuple[tuple[tuple[int, int], Move, Fraction | None], ...] = ()

    @property
    def total(self) -> int:
        return (self.banker[0] + self.banker[1]) % 10

    def draws(self, theta: Fraction) -> bool:
        """Whether the banker draws when the right side holds ``theta`` of the stakes
        (a cell whose move depends on a natural's cards: the likelier natural's move)."""
        return move_draws(self.move, self.threshold, theta)

    def draws_by_natural(self, theta: Fraction) -> dict[tuple[int, int], bool]:
        """Per-side rule: whether the banker draws at ``theta`` by the natural's pair
        shown (empty: the natural's cards do not change the move)."""
        return {pair: move_draws(move, x, theta) for pair, move, x in self.by_natural}


def move_draws(move: Move, threshold: Fraction | None, theta: Fraction) -> bool:
    """Whether a banker whose move is ``move`` (its ``threshold``) draws when the right
    side holds ``theta`` of the stakes (at the threshold itself: it stands)."""
    if move == "draw-below":
        return theta < threshold  # type: ignore[operator]
    if move == "draw-above":
        return theta > threshold  # type: ignore[operator]
    return move == "draw"


def _cell_move(gain_r: int, gain_l: int) -> tuple[Move, Fraction | None]:
    """The move from draw-minus-stand against each side (per chip staked there)."""
    if gain_r >= 0 and gain_l >= 0:
        return ("draw", None) if gain_r > 0 or gain_l > 0 else ("stand", None)
    if gain_r <= 0 and gain_l <= 0:
        return "stand", None
    x = Fraction(gain_l, gain_l - gain_r)  # where theta * gain_r + (1 - theta) * gain_l = 0
    return ("draw-below", x) if gain_l > 0 else ("draw-above", x)


def strategy(model: EdgeModel, q: object = Fraction(1, 2)) -> list[Cell]:
    """The best response at every decision point of ``model``'s shoe, sides at ``q``.

    Per-side rule: points where one side showed a natural are merged over the
    natural's cards (``varies`` tells when those cards change the move, and
    ``by_natural`` the move by each natural's pair).
    """
    qq = _check_q(q)
    d = math.lcm(qq[0].denominator, qq[1].denominator)
    a_r, a_l = int(qq[0] * d), int(qq[1] * d)
    cells: dict[
        tuple[tuple[int, int], int | None, int | None],
        list[tuple[Move, Fraction | None, int, tuple[int, int] | None]],
    ] = {}
    for p in model.points:
        w = _weights(p, d, a_r, a_l)
        gain_r = _dot(w, p.dr) - _dot(w, p.sr)
        gain_l = _dot(w, p.dl) - _dot(w, p.sl)
        move, x = _cell_move(gain_r, gain_l)
        key = (p.banker, p.right, p.left)
        cells.setdefault(key, []).append((move, x, _dot(w, p.z), p.natural_pair))
    out = []
    for (banker, right, left), options in cells.items():
        if len(options) == 1:
            move, x, _, _ = options[0]
            out.append(Cell(banker, right, left, move, x))
            continue
        # Merged natural points: the move a side's natural most likely leaves, and,
        # where the natural's cards change it, the move by each natural's pair.
        weight: dict[Move, int] = {}
        for move, _, z, _ in options:
            weight[move] = weight.get(move, 0) + z
        best = max(weight, key=lambda m: weight[m])
        exact = {(move, x) for move, x, _, _ in options}
        if len(exact) == 1:
            move, x = exact.pop()
            out.append(Cell(banker, right, left, move, x))
            continue
        by_natural = tuple(
            sorted((pair, move, x) for move, x, _, pair in options if pair is not None)
        )
        out.append(Cell(banker, right, left, best, None, varies=True, by_natural=by_natural))
    return out
