"""The exact edge (banque.edge): symmetries, the advisor case by case, and a second count."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from banque.advisor import SideInfo, advise_exact, unseen_values
from banque.edge import NATURAL, EdgeModel, parse_p5, parse_stakes
from banque.odds import any_natural_probability

HALF = Fraction(1, 2)
CODES = ["TC", "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]


@pytest.fixture(scope="module")
def one_pack() -> EdgeModel:
    return EdgeModel.for_packs(1, "all")


@pytest.fixture(scope="module")
def one_pack_per_side() -> EdgeModel:
    return EdgeModel.for_packs(1, "per-side")


@pytest.fixture(scope="module")
def three_packs() -> EdgeModel:
    return EdgeModel.for_packs(3, "all")


@pytest.mark.parametrize("fixture", ["one_pack", "one_pack_per_side"])
def test_everyone_drawing_at_0_to_5_is_a_fair_game(
    fixture: str, request: pytest.FixtureRequest
) -> None:
    model: EdgeModel = request.getfixturevalue(fixture)
    for stakes in [(1, 1), (3, 1), (1, 0)]:
        e = model.edge(stakes, q=(1, 1), banker="table")
        assert e.naturals == 0
        assert e.decisions == 0
        assert e.total == 0


@pytest.mark.parametrize("fixture", ["one_pack", "one_pack_per_side"])
def test_naturals_give_the_banker_exactly_nothing(
    fixture: str, request: pytest.FixtureRequest
) -> None:
    model: EdgeModel = request.getfixturevalue(fixture)
    for stakes in [(1, 1), (5, 2), (0, 1)]:
        assert model.naturals_share(stakes) == 0


def test_the_chances_add_up_exactly(one_pack: EdgeModel, one_pack_per_side: EdgeModel) -> None:
    # Home rule: the banker decides exactly when no hand is a natural (counted by banque.odds).
    assert one_pack.decision_probability() == 1 - any_natural_probability(1)
    assert one_pack.settled_probability == any_natural_probability(1)
    # Per-side: the coups that settle both sides at once, and the others.
    assert one_pack_per_side.decision_probability() + one_pack_per_side.settled_probability == 1
    assert one_pack_per_side.decision_probability() > one_pack.decision_probability()


def test_the_mirror_shortcut_counts_the_same(one_pack: EdgeModel) -> None:
    direct = EdgeModel(unseen_values(1), "all", _mirror=False)
    assert len(direct.points) == len(one_pack.points)
    for q in [(HALF, HALF), (Fraction(1, 3), Fraction(3, 4)), (0, 1)]:
        for stakes in [(1, 1), (3, 1), (0, 1)]:
            for banker in ("table", "best"):
                assert direct.edge(stakes, q, banker) == one_pack.edge(stakes, q, banker)


def test_the_banker_gains_and_best_beats_the_table(three_packs: EdgeModel) -> None:
    table = three_packs.edge((1, 1), HALF, "table").total
    best = three_packs.edge((1, 1), HALF, "best").total
    assert 0 < table < best < Fraction(1, 100)
    # Per chip, the same for any common multiple of the stakes.
    assert three_packs.edge((2, 2), HALF, "best").total == best


def test_a_sweep_is_the_edge_at_each_point(one_pack: EdgeModel) -> None:
    qs = [Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(1)]
    grid = one_pack.sweep(qs, qs, (2, 1), "best")
    for i, x in enumerate(qs):
        for j, y in enumerate(qs):
            assert grid[i][j] == one_pack.edge((2, 1), (x, y), "best")


def test_strategy_points_agree_with_the_advisor_case_by_case(three_packs: EdgeModel) -> None:
    counts = three_packs.counts
    checked = 0
    for p in three_packs.points:
        a, b = p.banker
        unseen = list(counts)
        unseen[a] -= 1
        unseen[b] -= 1
        for third in (p.right, p.left):
            if third is not None:
                unseen[third] -= 1
        right = SideInfo(stake=3, third=None if p.right is None else CODES[p.right])
        left = SideInfo(stake=2, third=None if p.left is None else CODES[p.left])
        for q in (HALF, Fraction(1, 5)) if checked % 7 == 0 else (HALF,):
            adv = advise_exact(unseen, [CODES[a], CODES[b]], right, left, q)
            w = _weights(p, q)
            z = sum(wk * zk for wk, zk in zip(w, p.z, strict=True))
            stand = sum(wk * (3 * r + 2 * s) for wk, r, s in zip(w, p.sr, p.sl, strict=True))
            draw = sum(wk * (3 * r + 2 * s) for wk, r, s in zip(w, p.dr, p.dl, strict=True))
            assert Fraction(stand, z) == adv.stand
            assert Fraction(draw, z) == adv.draw
            checked += 1
    assert len(three_packs.points) == 5324
    assert checked > len(three_packs.points)


def _weights(p: object, q: Fraction) -> tuple[Fraction, ...]:
    right_drew = p.right is not None and p.right >= 0  # type: ignore[attr-defined]
    left_drew = p.left is not None and p.left >= 0  # type: ignore[attr-defined]
    w_r = q if right_drew else 1 - q
    w_l = q if left_drew else 1 - q
    return (Fraction(1), w_l, w_r, w_r * w_l)


# ------------------------------------------------------------------ a second count


def _pair_total_ways(u: tuple[int, ...], total: int) -> int:
    return sum(u[a] * (u[(total - a) % 10] - ((2 * a) % 10 == total)) for a in range(10))


@cache
def _actions_weight(u: tuple[int, ...], right_drew: bool, left_drew: bool) -> int:
    """Ordered card ways of the concealed pairs fitting what the sides did, at q = 1/2.

    Counted in half-weights (a side's 5 weighs 1, any other fitting total 2), so in
    integers: four times the chance-weight.
    """

    def weight(drew: bool, total: int) -> int:
        if total >= 8:
            return 0
        if total == 5:
            return 1
        return 2 * int(drew == (total <= 4))

    left_totals = [(t, weight(left_drew, t)) for t in range(10) if weight(left_drew, t)]
    out = 0
    for a in range(10):
        for b in range(a, 10):
            ways = u[a] * (u[b] - (a == b)) * (1 if a == b else 2)
            w_r = weight(right_drew, (a + b) % 10)
            if not ways or not w_r:
                continue
            rest = list(u)
            rest[a] -= 1
            rest[b] -= 1
            left = sum(w * _pair_total_ways(tuple(rest), t) for t, w in left_totals)
            out += ways * w_r * left
    return out


def test_the_edge_is_the_average_of_the_advisor_over_all_deals(one_pack: EdgeModel) -> None:
    """Every decision point of a one-pack shoe, weighed by its own chance, at the advisor's values."""
    counts = unseen_values(1)
    n = sum(counts)
    q = HALF
    stakes = (2, 1)
    table = best = Fraction(0)
    for a in range(10):
        for b in range(a, 10):
            if (a + b) % 10 >= 8:
                continue
            ways_b = counts[a] * (counts[b] - (a == b)) * (1 if a == b else 2)
            if not ways_b:
                continue
            u0 = list(counts)
            u0[a] -= 1
            u0[b] -= 1
            for r in [None, *range(10)]:
                for lft in [None, *range(10)]:
                    u = list(u0)
                    ways_t = 1
                    for third in (r, lft):
                        if third is not None:
                            ways_t *= u[third]
                            u[third] -= 1
                    if not ways_t:
                        continue
                    k = (r is not None) + (lft is not None)
                    weight = _actions_weight(tuple(u), r is not None, lft is not None)
                    if not weight:
                        continue
                    chance = Fraction(ways_b * ways_t * weight, 4)
                    for i in range(6 + k):
                        chance /= n - i
                    adv = advise_exact(
                        u,
                        [CODES[a], CODES[b]],
                        SideInfo(stakes[0], None if r is None else CODES[r]),
                        SideInfo(stakes[1], None if lft is None else CODES[lft]),
                        q,
                    )
                    table += chance * (adv.draw if (a + b) % 10 <= 5 else adv.stand)
                    best += chance * max(adv.draw, adv.stand)
    assert one_pack.edge(stakes, q, "table").decisions == table / 3
    assert one_pack.edge(stakes, q, "best").decisions == best / 3


def test_per_side_points_show_the_natural() -> None:
    model = EdgeModel.for_packs(1, "per-side")
    naturals = [p for p in model.points if NATURAL in (p.right, p.left)]
    assert naturals and all(p.natural_pair is not None for p in naturals)
    assert all(sum(p.natural_pair) % 10 >= 8 for p in naturals)  # type: ignore[arg-type]
    # The settled side's stake plays no part in the banker's choice there.
    for p in naturals[:50]:
        if p.right == NATURAL:
            assert p.sr == p.dr == (0, 0, 0, 0)
        else:
            assert p.sl == p.dl == (0, 0, 0, 0)


def test_inputs_are_checked_in_words() -> None:
    assert parse_stakes("2:1") == (2, 1)
    for bad in ["2", "a:b", "0:0", "-1:2"]:
        with pytest.raises(ValueError):
            parse_stakes(bad)
    assert parse_p5("0:1:0.5") == [0, HALF, 1]
    for bad in ["2", "x", "0:1:0", "1:0:0.1", "0:1:0.0001"]:
        with pytest.raises(ValueError):
            parse_p5(bad)
    model = EdgeModel.for_packs(1)
    with pytest.raises(ValueError, match="p5"):
        model.edge((1, 1), q=2)
    with pytest.raises(ValueError, match="best"):
        model.edge((1, 1), banker="advisor")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="9 cards"):
        EdgeModel([1, 1, 1, 1, 1, 0, 0, 0, 0, 0])
