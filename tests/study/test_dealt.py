"""Baccarat banque as dealt: the sums by each side's pair at 5, the Nash equilibrium
solved exactly (banque.study.dealt, banque.study.dealt_nash) and ``banque choice --dealt``.

An independent evaluation of the equilibria (a walk over the deals written from the
rules alone) is in test_dealt_independent.py.
"""

from __future__ import annotations

import json
from fractions import Fraction

from banque.games.banque.advisor import unseen_values
from banque.study.dealt import FIVES, DealtModel, pair_class
from banque.study.dealt_nash import dealt_equilibrium
from banque.study.edge import EdgeModel
from banque.study.expert_plans import banque_plan

from ..cli_run import run_cli

# A shoe late in its life (16 cards left): fewer points, quicker to count.
LATE = (4, 1, 2, 1, 2, 2, 1, 1, 1, 1)


def test_the_five_ways_to_hold_5() -> None:
    assert [pair_class(a, b) for a, b in FIVES] == [1, 2, 3, 4, 5]
    assert pair_class(5, 0) == 1 and pair_class(3, 3) == 0 and pair_class(9, 6) == 4


def test_the_sums_by_pair_add_up_to_the_four_classes() -> None:
    """Every point's 36 classes (six after a natural: the side that plays on), summed
    back into 'a pair at 5 or not' for each side, are the edge model's four, exactly."""
    for rule in ("per-side",):
        dealt, edge = DealtModel(LATE, rule), EdgeModel(LATE, rule)
        assert len(dealt.points) == len(edge.points)
        for p, q in zip(dealt.points, edge.points, strict=True):
            assert (p.banker, p.right, p.left, p.natural_pair) == (
                q.banker,
                q.right,
                q.left,
                q.natural_pair,
            )
            # After a natural, the side that plays on has six classes (the other's
            # sums are zeros); else the two sides' 36.
            plays_on = DealtModel.plays_on(p)
            for field in ("z", "sr", "sl", "dr", "dl"):
                sums = getattr(p, field)
                assert len(sums) == (36 if plays_on is None else 6)
                four = [0, 0, 0, 0]
                for c, v in enumerate(sums):
                    if plays_on == "left":
                        four[c > 0] += v
                    elif plays_on == "right":
                        four[2 * (c > 0)] += v
                    else:
                        four[2 * (c // 6 > 0) + (c % 6 > 0)] += v
                assert tuple(four) == tuple(getattr(q, field))


def test_the_dealt_model_summed_back_is_the_edge_model() -> None:
    """`choice --dealt` takes its one-chance model from the as-dealt one (not counted
    twice): the same points, the same sums, the same edges (both natural rules)."""
    for rule in ("all", "per-side"):
        edge, collapsed = EdgeModel(LATE, rule), DealtModel(LATE, rule).collapsed()
        assert collapsed.points == edge.points
        assert collapsed.denominator == edge.denominator
        for q in ((Fraction(1), Fraction(0)), (Fraction(3, 4), Fraction(1, 3))):
            for banker in ("best", "table"):
                assert collapsed.edge((1, 1), q, banker) == edge.edge((1, 1), q, banker)
                assert collapsed.edge((3, 1), q, banker) == edge.edge((3, 1), q, banker)


def test_three_packs_home_rule_equal_stakes() -> None:
    """The equilibrium of the game as dealt: the banker's edge 0.624958 %, below Ethier &
    Lee's three solutions where each side has one chance at 5 (0.630747 % correlated,
    0.633080 % independent, 0.638265 % Nash); no player gains by deviating, exactly."""
    e = dealt_equilibrium(3, "all", (1, 1))
    assert e is not None
    assert e.exploitability == (0, 0, 0)
    assert f"{float(e.edge) * 100:.6f}" == "0.624958"
    assert e.edge < Fraction(630747, 10**8)
    # The right side draws with 0+5, 6+9 and 7+8 and stands with 1+4 and 2+3 (the pairs
    # the scalar equilibrium left better off drawing and standing).
    assert e.right == {(1, False): 1, (2, False): 0, (3, False): 0, (4, False): 1, (5, False): 1}
    # The left side uses the right side's face-up card: after a drawn 8 or 9 it always draws.
    assert all(e.left[(k, m)] == 1 for k in range(1, 6) for m in (8, 9))
    mixed = {k: x for k, x in e.left.items() if 0 < x < 1}
    assert set(mixed) == {(2, None), (3, 2), (5, 3), (4, 6), (1, 7)}
    assert len(e.mixed_points()) == len(mixed)  # the banker mixes once per mixed choice
    assert all(0 < y < 1 for _p, y in e.mixed_points())


def test_the_right_side_mixing_at_a_chance_its_own_indifference_fixes() -> None:
    """Four packs, the left side staking twice the right's: the right side draws with 1+4
    at a chance no banker's point pins (no game after its moves has the banker mixing at
    one point more than the left side mixes choices): its own indifference fixes it, each
    game keeping its supports on both sides of it. Certified exactly."""
    e = dealt_equilibrium(4, "all", (1, 2))
    assert e is not None
    banker, right, left = e.exploitability
    assert banker == 0 and left == 0 and 0 <= right < Fraction(1, 10**40)
    assert f"{float(e.edge) * 100:.6f}" == "0.670609"
    chance = e.right[(2, False)]
    assert 0.58 < chance < 0.59 and chance.denominator > 10**30  # irrational, to 45 digits
    assert {k: x for k, x in e.right.items() if k != (2, False)} == {
        (1, False): 1,
        (3, False): 0,
        (4, False): 1,
        (5, False): 1,
    }
    # The left side mixes once after the right side stood, drew a 6, a 7 or an 8 (with
    # 0+5 after a 7: 99.9 %), the banker at one point after each.
    assert {k for k, x in e.left.items() if 0 < x < 1} == {(2, None), (2, 6), (1, 7), (3, 8)}
    assert len(e.mixed_points()) == 4


def test_choice_dealt_prints_the_equilibrium_and_the_other_solutions() -> None:
    out = run_cli("choice", "--dealt").stdout
    assert out.startswith("The banker keeps 0.6250 % of every chip staked")
    assert out.splitlines()[1].startswith("side deciding at 5")
    assert "The Nash equilibrium as dealt: +0.624958 %" in out
    assert "0+5 draws, 1+4 stands, 2+3 stands, 6+9 draws, 7+8 draws" in out
    assert "gains 0 for the banker, 0 for the right side, 0 for the left side" in " ".join(
        line.strip() for line in out.splitlines()
    )
    assert "Ethier & Lee's correlated cooperative equilibrium: +0.630747 %" in out
    assert all(len(line) <= 96 for line in out.splitlines())
    data = json.loads(run_cli("choice", "--dealt", "--json").stdout)
    assert data["certified"] and data["edge"]["fraction"] == f"{e_fraction()}"
    assert {r["pair"]: r["draws"] for r in data["right"]} == {
        "0+5": "1",
        "1+4": "0",
        "2+3": "0",
        "6+9": "1",
        "7+8": "1",
    }


def e_fraction() -> str:
    e = dealt_equilibrium(3, "all", (1, 1))
    assert e is not None
    return f"{e.edge.numerator}/{e.edge.denominator}"


def test_choice_dealt_in_french() -> None:
    out = run_cli("--lang", "fr", "choice", "--dealt").stdout
    assert "0,6250 %" in out and "0.6250" not in out


def test_a_fresh_shoe_is_the_packs_shoe() -> None:
    assert tuple(unseen_values(3)) == (48, 12, 12, 12, 12, 12, 12, 12, 12, 12)


# The expert's plan is this equilibrium (here, beside it: one solve per test process).
def test_the_plan_at_equal_stakes_is_the_nash_equilibrium_as_dealt() -> None:
    plan = banque_plan(3, "all", (1, 1))
    e = dealt_equilibrium(3, "all", (1, 1))
    assert e is not None
    assert plan.stakes == (1, 1) and "as dealt" in plan.name
    # By its pair: the right side draws with 0+5, stands with 1+4.
    assert plan.right[((0, 5), False)] == 1 and plan.right[((1, 4), False)] == 0
    # The left side by its pair and the right side's move (1+4 after the right stood).
    assert plan.left[((1, 4), None)] == e.left[(2, None)] and 0 < plan.left[((1, 4), None)] < 1
    mixed = {k for k, v in plan.banker.items() if 0 < v < 1}
    assert ((8, 8), None, None) in mixed and len(mixed) == 5
    assert banque_plan(3, "all", (10, 10)) is plan  # solved once, then kept
