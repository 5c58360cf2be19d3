"""The models' sums (banque.study.pair_deals) against a direct count.

``class_sums`` counts the deals of both concealed pairs by buckets (a total, or one of
the five pairs at 5) and weighs them by the banker's total afterwards.  Here the same
sums are counted the plain way, pair of values by pair of values, as the model first
counted them: every right pair, then every left pair from what it leaves, and the
banker's third card from what both leave.  The two must agree exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from banque.games.banque.advisor import decision_sums, unseen_values
from banque.study.dealt import FIVES
from banque.study.pair_deals import class_sums, one_pair_sums

_K = 1 + len(FIVES)
_CLASS = {pair: i + 1 for i, pair in enumerate(FIVES)}


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _pairs(u: Sequence[int], totals: range) -> list[tuple[int, int, int]]:
    """Unordered value pairs of the given totals, with their (ordered) deals."""
    out = []
    for a in range(10):
        for b in range(a, 10):
            if (a + b) % 10 in totals:
                ways = u[a] * (u[a] - 1) if a == b else 2 * u[a] * u[b]
                if ways > 0:
                    out.append((a, b, ways))
    return out


def direct_sums(
    u: tuple[int, ...], banker: int, right_third: int | None, left_third: int | None
) -> tuple[tuple[int, ...], ...]:
    """``(Z, SR, SL, DR, DL)`` by class ``6 * right + left``, pair by pair."""
    drew, stood = range(0, 6), range(5, 8)
    n = _K * _K
    z, s_r, s_l, d_r, d_l = ([0] * n for _ in range(5))
    for a, b, w_ab in _pairs(u, stood if right_third is None else drew):
        v = list(u)
        v[a] -= 1
        v[b] -= 1
        f_r = (a + b + (right_third or 0)) % 10
        for c, d, _w in _pairs(v, stood if left_third is None else drew):
            w_cd = v[c] * (v[c] - 1) if c == d else 2 * v[c] * v[d]
            if w_cd <= 0:
                continue
            rest = list(v)
            rest[c] -= 1
            rest[d] -= 1
            f_l = (c + d + (left_third or 0)) % 10
            k = _K * _CLASS.get((a, b), 0) + _CLASS.get((c, d), 0)
            w = w_ab * w_cd
            z[k] += w
            s_r[k] += w * _sign(banker - f_r)
            s_l[k] += w * _sign(banker - f_l)
            for x in range(10):
                third = (banker + x) % 10
                d_r[k] += w * rest[x] * _sign(third - f_r)
                d_l[k] += w * rest[x] * _sign(third - f_l)
    return tuple(z), tuple(s_r), tuple(s_l), tuple(d_r), tuple(d_l)


def four(sums: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """36 classes summed into four, ``2 * (right at 5) + (left at 5)``: the sides deciding
    by their totals (the plain model's classes)."""
    out = []
    for x in sums:
        y = [0, 0, 0, 0]
        for k, v in enumerate(x):
            y[2 * (k // _K > 0) + (k % _K > 0)] += v
        out.append(tuple(y))
    return tuple(out)


def same_sums(u: tuple[int, ...], banker: int, right: int | None, left: int | None) -> bool:
    """The bucketed sums, in 36 classes and in four, against the direct count (and the
    four against the table advisor's own count)."""
    direct = direct_sums(u, banker, right, left)
    plain = class_sums(u, banker, right, left, False)
    return (
        class_sums(u, banker, right, left, True) == direct
        and plain == four(direct)
        and plain == decision_sums(u, banker, right, left)
    )


def test_the_bucketed_sums_are_the_direct_count() -> None:
    """Shoes of 1, 3 and 8 packs with cards gone at random, every kind of point (each
    side stood or drew a third card, any banker's total): the same integers, the pairs
    at 5 told apart (36 classes) or not (four)."""
    rng = random.Random(22)
    checked = 0
    for packs in (1, 3, 8):
        for _ in range(40):
            u = list(unseen_values(packs))
            for _ in range(rng.randrange(2, 40)):
                u[rng.choice([v for v in range(10) if u[v]])] -= 1
            banker = rng.randrange(8)
            right = rng.choice([None, *range(10)])
            left = rng.choice([None, *range(10)])
            assert same_sums(tuple(u), banker, right, left), (u, banker, right, left)
            checked += 1
    assert checked == 120


def test_a_shoe_short_of_a_value() -> None:
    """No card of some values left (a pair at 5 that cannot be dealt, a total with no
    pair): still the direct count."""
    u = (3, 0, 2, 1, 0, 2, 1, 0, 2, 1)
    for banker in range(8):
        for right, left in ((None, None), (None, 3), (6, None), (0, 9), (5, 5)):
            assert same_sums(u, banker, right, left)


def test_a_shoe_of_two_hundred_packs() -> None:
    """Past a hundred packs a row's numbers no longer fit a 64-bit word each: read out
    field by field, still the direct count."""
    u = tuple(unseen_values(200))
    for banker, right, left in ((0, None, None), (3, 4, None), (5, 0, 9), (7, None, 2)):
        assert same_sums(u, banker, right, left)


def direct_one_side(
    u: tuple[int, ...], banker: int, third: int | None
) -> tuple[tuple[int, ...], ...]:
    """One concealed pair (the other side settled by its natural), pair by pair."""
    z, s, d = ([0] * _K for _ in range(3))
    for a, b, ways in _pairs(u, range(5, 8) if third is None else range(0, 6)):
        rest = list(u)
        rest[a] -= 1
        rest[b] -= 1
        final = (a + b + (third or 0)) % 10
        k = _CLASS.get((a, b), 0)
        z[k] += ways
        s[k] += ways * _sign(banker - final)
        d[k] += ways * sum(rest[x] * _sign((banker + x) % 10 - final) for x in range(10))
    return tuple(z), tuple(s), tuple(d)


def test_one_concealed_pair_is_the_direct_count() -> None:
    """Per-side, a side's natural settles it and the banker plays the other side alone:
    those sums by totals are the pair-by-pair count too."""
    rng = random.Random(5)
    for packs in (1, 3, 8):
        for _ in range(30):
            u = list(unseen_values(packs))
            for _ in range(rng.randrange(4, 40)):
                u[rng.choice([v for v in range(10) if u[v]])] -= 1
            banker, third = rng.randrange(8), rng.choice([None, *range(10)])
            direct = direct_one_side(tuple(u), banker, third)
            assert one_pair_sums(tuple(u), banker, third, True) == direct, (u, banker, third)
            # the pairs at 5 not told apart: one class for the five
            two = tuple((x[0], sum(x[1:])) for x in direct)
            assert one_pair_sums(tuple(u), banker, third, False) == two, (u, banker, third)
