"""Simulation: summaries, determinism, convergence to the exact odds."""

from __future__ import annotations

import json
import math

import pytest

from banque.study.odds import any_natural_probability, two_card_distribution
from banque.study.simulate import format_summary, simulate

from ..cli_run import run_cli


def test_simulation_is_deterministic() -> None:
    a = simulate(500, players=4, seed=3, banker="table")
    b = simulate(500, players=4, seed=3, banker="table")
    assert a == b
    assert simulate(500, players=4, seed=4, banker="table") != a


def test_summary_counts_add_up() -> None:
    s = simulate(1500, players=5, seed=1, banker="advisor")
    assert s.coups == 1500
    for side in ("right", "left"):
        assert sum(s.outcomes[side].values()) == 1500
    decided = sum(m["draw"] + m["stand"] for m in s.banker_moves.values())
    assert decided == 1500 - s.naturals
    assert sum(s.two_card_totals) == 3 * 1500
    assert s.staked > 0 and s.gain_per_chip_se > 0
    text = format_summary(s)
    assert "Banker's edge: " in text and "% of the stakes" in text and "±" in text


def test_table_banker_draws_exactly_at_zero_to_five() -> None:
    s = simulate(2000, players=3, seed=5, banker="table")
    for total, moves in s.banker_moves.items():
        if total <= 5:
            assert moves["stand"] == 0
        else:
            assert moves["draw"] == 0


@pytest.mark.sweep
def test_simulation_converges_to_the_exact_odds() -> None:
    n = 20000
    s = simulate(n, players=3, seed=7, banker="table", exact_estimate=False)
    p = float(any_natural_probability(3))
    se = math.sqrt(p * (1 - p) / n)
    assert abs(s.naturals_per_coup - p) < 4 * se
    hands = sum(s.two_card_totals)
    for total, exact in two_card_distribution(3).items():
        q = float(exact)
        # Hands of one coup are not independent; 5 standard errors is generous.
        assert abs(s.two_card_totals[total] / hands - q) < 5 * math.sqrt(q * (1 - q) / hands)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--coups", "0"], "at least 1"),
        (["--coups", "10", "--players", "2"], "3 to 11"),
        (["--coups", "10", "--p5", "2"], "probability"),
        (["--coups", "ten"], "not a whole number"),
    ],
)
def test_simulate_command_refuses_bad_input_clearly(args: list[str], message: str) -> None:
    out = run_cli("simulate", *args)
    assert out.returncode == 2
    assert message in out.stderr
    assert "Traceback" not in out.stderr


def test_simulate_command_json() -> None:
    out = run_cli("simulate", "--coups", "300", "--seed", "2", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    for key in (
        "coups",
        "naturals_per_coup",
        "gain_per_chip",
        "gain_per_chip_se",
        "outcomes",
        "banker_moves",
    ):
        assert key in data
    assert data["coups"] == 300
    assert set(data["banker_moves"]) == {str(t) for t in range(8)}
