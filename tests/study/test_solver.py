"""The sides' choice at 5, the solver's commands, and simulate's exact-valued estimate."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from banque.games.banque.advisor import SideInfo, advise_exact, reference_advise
from banque.study.edge import EdgeModel, strategy
from banque.study.simulate import ratio_bucket, simulate
from banque.study.solver import best_q, cooperative, format_strategy, side_values

from ..cli_run import run_cli

HALF = Fraction(1, 2)


@pytest.fixture
def model(edge_model: Callable[..., EdgeModel]) -> EdgeModel:
    return edge_model(3)


def banque(*args: str) -> subprocess.CompletedProcess[str]:
    """``banque ARGS`` (in this process: what it prints, not how it starts)."""
    return run_cli(*args)


def test_one_side_alone_is_indifferent_at_its_best_q(model: EdgeModel) -> None:
    low, high, edge = best_q(model, (1, 0), "right", HALF)
    assert low == high and 0 < low < 1
    assert edge == model.edge((1, 0), (low, HALF), "best").total
    for q in (Fraction(0), Fraction(1, 4), HALF, Fraction(1)):
        assert model.edge((1, 0), (q, HALF), "best").total >= edge
    # Below it the side at 5 does better drawing, above it standing.
    step = Fraction(1, 1000)
    assert side_values(model, (1, 0), (low - step, HALF), "right").better == "draw"
    assert side_values(model, (1, 0), (low + step, HALF), "right").better == "stand"


def test_the_cooperative_choice_is_no_worse_than_a_grid(model: EdgeModel) -> None:
    (q_r, q_l), edge, _ = cooperative(model, (1, 1))
    assert edge == model.edge((1, 1), (q_r, q_l), "best").total
    grid = [Fraction(i, 10) for i in range(11)]
    assert all(e.total >= edge for row in model.sweep(grid, grid, (1, 1)) for e in row)


def test_equal_stakes_make_the_sides_mirror_images(model: EdgeModel) -> None:
    q = (Fraction(1, 3), Fraction(3, 4))
    right = side_values(model, (1, 1), q, "right")
    left = side_values(model, (1, 1), (q[1], q[0]), "left")
    assert right == type(right)("right", left.draw, left.stand)


def test_the_strategy_grid_shows_pairs_only_where_they_matter(model: EdgeModel) -> None:
    text = format_strategy(model, "a fresh shoe of 3 packs", HALF)
    assert "Banker 4:" in text and "Banker 5 with 1+4, 2+3:" in text
    assert text.count("Banker 5") == 2
    # Every threshold cell is a fraction strictly inside (0, 1) and draws on its side of it.
    for cell in strategy(model, HALF):
        if cell.threshold is not None:
            assert 0 < cell.threshold < 1
            below = cell.draws(cell.threshold - Fraction(1, 10**9))
            assert below == (cell.move == "draw-below")


def test_the_advisor_copes_with_a_5_played_against_p5() -> None:
    # Two 2s and ten 3s unseen; both sides drew: one of them must have drawn at 5.
    unseen = [0, 0, 2, 10, 0, 0, 0, 0, 0, 0]
    banker = ["4C", "2D"]
    right, left = SideInfo(1, "AC"), SideInfo(1, "4H")
    never = advise_exact(unseen, banker, right, left, 0)
    assert never == advise_exact(unseen, banker, right, left, 1)
    assert never == reference_advise(unseen, banker, right, left, 0)


def test_simulate_p5_drives_the_computer_sides() -> None:
    for p5, never in ((0.0, "draw"), (1.0, "stand")):
        s = simulate(400, players=3, seed=2, banker="advisor", p5=p5)
        assert s.side_moves[5][never] == 0
        assert s.side_moves[5]["draw" if never == "stand" else "stand"] > 0


def test_fixed_stakes_and_results_by_ratio() -> None:
    s = simulate(600, players=4, seed=5, banker="table", stakes=(2, 1))
    assert s.stakes == "2:1"
    assert set(s.by_ratio) <= {"up to 2:1", "1:1", "one side", "nothing staked"}
    assert s.by_ratio["up to 2:1"]["coups"] > 500
    assert sum(int(r["coups"]) for r in s.by_ratio.values()) == 600
    assert ratio_bucket(0, 0) == "nothing staked"


@pytest.mark.sweep
def test_simulation_agrees_with_the_exact_edge(model: EdgeModel) -> None:
    exact = float(model.edge((1, 1), HALF, "table").total)
    s = simulate(6000, players=3, seed=11, banker="table", stakes=(1, 1))
    assert s.gain_per_chip_exact_se < s.gain_per_chip_se / 2  # far less noise
    assert abs(s.gain_per_chip - exact) < 2 * s.gain_per_chip_se
    assert abs(s.gain_per_chip_exact - exact) < 2 * s.gain_per_chip_exact_se


def test_edge_command() -> None:
    out = banque("edge", "--packs", "1", "--p5", "1", "--banker", "table")
    assert out.returncode == 0, out.stderr
    assert "total" in out.stdout and "+0.0000 %" in out.stdout
    out = banque("edge", "--packs", "1", "--json", "--stakes", "3:1")
    data = json.loads(out.stdout)
    assert data["stakes"] == "3:1" and data["naturals"]["fraction"] == "0"
    m = EdgeModel.for_packs(1)
    assert Fraction(data["total"]["fraction"]) == m.edge((3, 1), HALF).total
    out = banque("edge", "--packs", "1", "--stakes", "1:1,1:0", "--p5", "0:1:0.5")
    assert out.returncode == 0 and "1:0" in out.stdout and out.stdout.count("\n") >= 8


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["edge", "--stakes", "0:0"], "at least one side"),
        (["edge", "--stakes", "x"], "not a stakes ratio"),
        (["edge", "--stakes", ",,"], "write R:L"),
        (["edge", "--p5", "1.5"], "probability"),
        (["edge", "--p5", "0:1:0"], "step"),
        (["edge", "--rules", "home", "--naturals", "per-side"], "disagree"),
        (["strategy", "--p5", "0:1:0.5"], "not a range"),
        (["choice", "--stakes", "1:1,2:1"], "one --stakes"),
        (["edge", "--record", "/nonexistent/file.json"], ""),
    ],
)
def test_solver_commands_refuse_bad_input_in_one_line(args: list[str], message: str) -> None:
    out = banque(*args)
    assert out.returncode == 2
    assert message in out.stderr
    assert "Traceback" not in out.stderr and out.stderr.count("\n") == 1


def test_strategy_and_choice_commands() -> None:
    out = banque("strategy", "--packs", "1", "--stakes", "1:1")
    assert out.returncode == 0 and "Banker 6" in out.stdout and "<" not in out.stdout
    out = banque("strategy", "--packs", "1", "--naturals", "per-side", "--json")
    cells = json.loads(out.stdout)["cells"]
    assert any(c["right"] == "natural" for c in cells)
    out = banque("choice", "--packs", "1")
    assert out.returncode == 0 and "one side alone" in out.stdout


def test_the_help_screen_ends_with_the_exact_grid(model: EdgeModel) -> None:
    from banque.study.solver import HELP_HEADING, help_section

    text = (Path(__file__).resolve().parents[2] / "banque" / "table" / "help.md").read_text("utf-8")
    assert text.count(HELP_HEADING) == 1
    assert text.endswith(help_section(model))  # regenerate: python -c "...help_section()"


def test_edge_from_a_records_shoe(tmp_path: Path) -> None:
    from banque.games.banque.advisor import unseen_values

    example = Path(__file__).resolve().parents[2] / "examples" / "worked-example.json"
    record = json.loads(example.read_text("utf-8"))
    record["actions"] = [a for a in record["actions"] if a["act"] != "retire"]
    between = tmp_path / "between.json"
    between.write_text(json.dumps(record), "utf-8")
    out = banque("edge", "--record", str(between), "--json")
    assert out.returncode == 0, out.stderr
    shown = ["9C", "4C", "4D", "7H", "6D", "2H", "2S", "3C"]
    m = EdgeModel(unseen_values(3, shown))
    assert Fraction(json.loads(out.stdout)["total"]["fraction"]) == m.edge((1, 1), HALF).total
    record["actions"] = record["actions"][:6]  # stops at the left side's move
    middle = tmp_path / "middle.json"
    middle.write_text(json.dumps(record), "utf-8")
    out = banque("edge", "--record", str(middle))
    assert out.returncode == 2 and "middle of a coup" in out.stderr


@pytest.mark.sweep
def test_the_symmetric_nash_equilibrium_at_equal_stakes(model: EdgeModel) -> None:
    from banque.study.solver import nash_equal_stakes

    n = nash_equal_stakes(model)
    assert n is not None
    assert 0 < n.q < 1 and 0 <= n.mixing <= 1
    a, b, c = n.quadratic
    assert abs(a * n.q * n.q + b * n.q + c) < 1e-9 * max(abs(a), abs(b), abs(c))
    # Against the banker's pure best response, both sides at q: below q* drawing at 5
    # is better, above it standing (the banker mixes exactly at q*).
    q = Fraction(n.q).limit_denominator(10**12)
    step = Fraction(1, 10**6)
    assert side_values(model, (1, 1), (q - step, q - step), "right").better == "draw"
    assert side_values(model, (1, 1), (q + step, q + step), "right").better == "stand"
    assert len(n.where) == 1 and n.where[0].total == 6


@pytest.mark.sweep
def test_the_best_common_q_beats_the_diagonal(model: EdgeModel) -> None:
    from banque.study.solver import best_common_q

    q, how, edge = best_common_q(model, (1, 1))
    assert 0 < q < 1 and "root of" in how
    # q is an irrational root kept to 45 digits: the edge there agrees to far below that.
    assert abs(edge - model.edge((1, 1), (q, q)).total) < Fraction(1, 10**40)
    assert all(
        model.edge((1, 1), (Fraction(i, 40), Fraction(i, 40))).total >= edge for i in range(41)
    )
    _, coop, _ = cooperative(model, (1, 1), (q.limit_denominator(10**12),) * 2)
    assert coop <= edge + Fraction(1, 10**12)  # its start is q kept to 12 digits
