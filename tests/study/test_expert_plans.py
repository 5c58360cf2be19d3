"""The expert seats' plans, filled from the solvers (banque.study.expert_plans): the
numbers each game's expert reads, solved once and kept."""

from __future__ import annotations

from banque.games.banque.expert import NATURAL_SHOWN
from banque.study.chemin_solver import FIVES, Model, solve
from banque.study.edge import EdgeModel
from banque.study.expert_plans import (
    PLAN_RATIOS,
    chemin_plan,
    nearest_ratio,
    scalar_plan,
)
from banque.study.one_chance import nash_equal_stakes

PACKS = 6


def test_the_plan_is_the_solvers_equilibrium() -> None:
    e = solve(Model.ethier_gamez(PACKS))
    plan = chemin_plan(PACKS)
    assert tuple(plan.punter[p] for p in FIVES) == e.punter_draw
    assert plan.value == e.banker_value
    mixed = {k: y for k, y in plan.banker.items() if 0 < y < 1}
    assert list(mixed) == [((0, 6), None)]  # the banker mixes at 6 (0+6) when the punter stood
    assert chemin_plan(PACKS) is plan  # solved once, then kept
    assert "Ethier" in plan.name


def test_a_coups_stakes_take_the_nearest_solved_ratio() -> None:
    assert [nearest_ratio(s) for s in ((10, 10), (30, 11), (5, 0), (0, 7), (3, 2), (1, 4))] == [
        (1, 1),
        (1, 1),
        (1, 0),
        (0, 1),
        (1, 1),
        (0, 1),
    ]
    assert set(map(nearest_ratio, PLAN_RATIOS)) == set(PLAN_RATIOS)


def test_the_scalar_plan_at_equal_stakes_is_the_one_chance_nash_equilibrium() -> None:
    plan = scalar_plan(3, "all", (1, 1))
    nash = nash_equal_stakes(EdgeModel.for_packs(3, "all"))
    assert nash is not None
    assert {plan.right[((1, 4), False)], plan.left[((2, 3), 7)]} == {plan.right[((0, 5), True)]}
    assert abs(float(plan.right[((0, 5), False)]) - nash.q) < 1e-9
    mixed = {k: v for k, v in plan.banker.items() if 0 < v < 1}
    assert mixed.keys() == {((0, 6), None, None)}  # the banker mixes at 0+6, both stood
    assert abs(float(mixed[((0, 6), None, None)]) - nash.mixing) < 1e-9


def test_a_per_side_plan_keys_the_naturals_shown() -> None:
    plan = scalar_plan(3, "per-side", (1, 1))
    assert ((2, 3), True) in plan.right  # the left showed a natural
    assert ((2, 3), NATURAL_SHOWN) in plan.left  # the right showed one
    assert any(NATURAL_SHOWN in key[1:] for key in plan.banker)
