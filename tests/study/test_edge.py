"""The exact edge (banque.study.edge): symmetries, the advisor case by case, and a second count."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from banque.games.banque.advisor import SideInfo, advise_exact, unseen_values
from banque.study.edge import NATURAL, EdgeModel, parse_p5, parse_stakes
from banque.study.edge_reference import advisor_average
from banque.study.odds import any_natural_probability

HALF = Fraction(1, 2)
CODES = ["TC", "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]


@pytest.fixture
def one_pack(edge_model: Callable[..., EdgeModel]) -> EdgeModel:
    return edge_model(1, "all")


@pytest.fixture
def one_pack_per_side(edge_model: Callable[..., EdgeModel]) -> EdgeModel:
    return edge_model(1, "per-side")


@pytest.fixture
def three_packs(edge_model: Callable[..., EdgeModel]) -> EdgeModel:
    return edge_model(3, "all")


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
    # Home rule: the banker decides exactly when no hand is a natural (counted by banque.study.odds).
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


@pytest.mark.sweep
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


@pytest.mark.sweep
def test_the_edge_is_the_average_of_the_advisor_over_all_deals(one_pack: EdgeModel) -> None:
    """Every decision point of a one-pack shoe, weighed by its own chance, at the advisor's
    values (banque.study.edge_reference: nested loops, the advisor once per point)."""
    stakes = (2, 1)
    table, best = advisor_average(1, stakes)
    assert one_pack.edge(stakes, HALF, "table").decisions == table
    assert one_pack.edge(stakes, HALF, "best").decisions == best


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
