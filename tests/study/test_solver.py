"""The sides' choice at 5, the solver's commands, and simulate's exact-valued estimate."""

from __future__ import annotations

import json
import math
import re
import subprocess
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from banque.games.banque.advisor import SideInfo, advise_exact, reference_advise
from banque.study.edge import NATURAL, EdgeModel, strategy
from banque.study.one_chance import best_q, cooperative, side_values
from banque.study.simulate import ratio_bucket, simulate
from banque.study.solver import format_strategy

from ..cli_run import run_cli

HALF = Fraction(1, 2)


@pytest.fixture
def model(edge_model: Callable[..., EdgeModel]) -> EdgeModel:
    return edge_model(3)


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


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


def _grids(text: str) -> dict[tuple[int, int], dict[tuple[str, str], str]]:
    """``banque strategy``'s text read back as a player reads it: each banker pair's
    cell by (row, column) label, from the grid whose title names the pair (or its
    total alone: every pair of it)."""
    pairs_of = {
        t: [(a, b) for a in range(10) for b in range(a, 10) if (a + b) % 10 == t] for t in range(10)
    }
    out: dict[tuple[int, int], dict[tuple[str, str], str]] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        title = re.fullmatch(r"Banker (\d)(?: with (.*))?:", line)
        if not title:
            continue
        total = int(title[1])
        pairs = (
            [tuple(int(c) for c in p.split("+")) for p in title[2].split(", ")]
            if title[2]
            else pairs_of[total]
        )
        columns = lines[i + 1].split()[1:]
        for row in lines[i + 2 :]:
            found = re.fullmatch(r"  (\S+(?: \d)?)\s+(.*)", row)
            if not row or row.startswith("  * ") or found is None:
                break
            label, rest = found[1], found[2]
            cells = dict(zip(columns, rest.split(), strict=True))
            for pair in pairs:
                grid = out.setdefault(pair, {})  # type: ignore[arg-type]
                grid.update({(label, c): v for c, v in cells.items()})
    return out


def _reads(cell: str, theta: Fraction) -> bool:
    """A cell read at the right side's share ``theta``: D, S, <x, >x."""
    if cell in ("D", "S"):
        return cell == "D"
    x = Fraction(cell[1:])
    return theta < x if cell[0] == "<" else theta > x


def _label(info: int | None) -> tuple[str, str]:
    return ("stood", "stood") if info is None else (f"drew {info}", f"d{info}")


def test_the_strategy_grid_is_each_pairs_move_at_every_ratio(model: EdgeModel) -> None:
    """Read at any share of the stakes, the grid of the banker's pair gives its exact
    move (but within the rounding of a printed threshold): pairs share a grid only
    where every move is the same."""
    text = format_strategy(model, "a fresh shoe of 3 packs", HALF)
    assert "Banker 4 with 0+4:" in text and "Banker 0:" in text
    grids = _grids(text)
    exact = strategy(model, HALF)
    checked = 0
    for theta in [Fraction(i, 100) for i in range(1, 100)]:
        for cell in exact:
            printed = grids[cell.banker][(_label(cell.right)[0], _label(cell.left)[1])]
            if cell.threshold is not None and abs(cell.threshold - theta) < Fraction(1, 200):
                continue  # a printed threshold is rounded to two places
            assert _reads(printed, theta) == cell.draws(theta), (cell, printed, theta)
            checked += 1
    assert checked > 0.99 * 99 * len(exact)
    # Every threshold cell is a fraction strictly inside (0, 1) and draws on its side of it.
    for cell in strategy(model, HALF):
        if cell.threshold is not None:
            assert 0 < cell.threshold < 1
            below = cell.draws(cell.threshold - Fraction(1, 10**9))
            assert below == (cell.move == "draw-below")


def test_the_per_side_grid_says_the_move_by_the_naturals_cards(
    edge_model: Callable[..., EdgeModel],
) -> None:
    """Per-side rule: where the natural a side showed changes the banker's move, the
    grid marks the cell and its note gives the move by the natural's pair, as the exact
    points have it (6 cells at three packs)."""
    model = edge_model(3, "per-side")
    marked = [c for c in strategy(model, HALF) if c.by_natural]
    assert len(marked) == 6
    for theta in (None, Fraction(1, 2)):
        text = format_strategy(model, "a fresh shoe of 3 packs", HALF, theta)
        notes = [line for line in text.splitlines() if line.startswith("  * right")]
        for cell in marked:
            right = "natural" if cell.right == NATURAL else f"drew {cell.right}"
            left = "natural" if cell.left == NATURAL else f"drew {cell.left}"
            head = f"  * right {right}, left {left}; by the natural's cards: "
            mine = [n for n in notes if n.startswith(head)]
            assert mine, (head, notes)
            said = {}
            for part in mine[0][len(head) :].split("; "):
                pairs, move = part.rsplit(": ", 1)
                for p in pairs.split(", "):
                    said[tuple(int(c) for c in p.split("+"))] = move
            for pair, move, _x in cell.by_natural:
                if theta is None:
                    assert said[pair] == {"draw": "D", "stand": "S"}[move]
                else:
                    assert (said[pair] == "D") == cell.draws_by_natural(theta)[pair]
    # A natural of 0+8 leaves the banker at 5 drawing against a 4 drawn, 4+4 standing.
    cell = next(c for c in marked if c.banker == (0, 5) and c.left == NATURAL)
    assert cell.draws_by_natural(HALF)[(0, 8)] and not cell.draws_by_natural(HALF)[(4, 4)]


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
        (["edge", "--rules", "hoyle", "--naturals", "per-side"], "disagree"),
        (
            ["strategy", "--record", str(EXAMPLES / "classic-natural.json"), "--rules", "home"],
            "played under the classic rules, not home",
        ),
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


@pytest.mark.parametrize("command", ["edge", "strategy", "choice"])
def test_the_solver_names_the_house_it_solves(command: str) -> None:
    """hoyle is solved (its coup within the fund is home's); each house is named, and
    classic and hoyle say in words that a bank short of the stakes is not solved here."""
    out = banque(command, "--packs", "1", "--rules", "hoyle")
    assert out.returncode == 0, out.stderr
    assert "rules: hoyle" in out.stdout
    assert "not solved here" in out.stdout
    home = banque(command, "--packs", "1")
    assert "rules: home" in home.stdout and "not solved here" not in home.stdout
    figures = [ln for ln in out.stdout.splitlines() if "%" in ln]
    assert figures == [ln for ln in home.stdout.splitlines() if "%" in ln]
    data = json.loads(banque(command, "--packs", "1", "--rules", "hoyle", "--json").stdout)
    assert data["rules"] == "hoyle"


def test_a_records_house_is_the_one_solved() -> None:
    """A classic record is solved as classic (per-side naturals), not as home."""
    record = str(EXAMPLES / "classic-natural.json")
    out = banque("edge", "--record", record, "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["rules"], data["naturals_rule"]) == ("classic", "per-side")
    same = json.loads(banque("edge", "--record", record, "--rules", "classic", "--json").stdout)
    assert same == data


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


#: The help's strategy as it read before it became grids (sentences, English).
OLD_HELP_SENTENCES = """\
Banker 0, 1, 2: always draws. Banker 7: always stands.

**Banker 3 with 0+3, 4+9, 5+8, 6+7** draws, but stands when the right drew 8 and the left drew 8.

**Banker 3 with 1+2** draws, but stands when the right drew 8 and the left drew 8 or 9; the right drew 9 and the left drew 8.

**Banker 4 with 0+4, 1+3, 2+2, 5+9** draws, but stands when the right drew 0 and the left drew 0, 1, 2, 3, 7, 8 or 9; the right drew 1 and the left drew 0, 1, 2, 8 or 9; the right drew 2 and the left drew 0, 1, 8 or 9; the right drew 3 and the left drew 0 or 9; the right drew 7 and the left drew 0, 8 or 9; the right drew 8 and the left drew 0, 1, 2, 7, 8 or 9; the right drew 9 and the left drew 0, 1, 2, 3, 7, 8 or 9.

**Banker 4 with 6+8, 7+7** draws, but stands when the right drew 0 and the left drew 0, 1, 2, 7, 8 or 9; the right drew 1 and the left drew 0, 1, 8 or 9; the right drew 2 and the left drew 0, 8 or 9; the right drew 3 and the left drew 9; the right drew 7 and the left drew 0 or 9; the right drew 8 and the left drew 0, 1, 2, 8 or 9; the right drew 9 and the left drew 0, 1, 2, 3, 7, 8 or 9.

**Banker 5** stands, but draws when the right stood, whatever the left did; the right drew 0 and the left stood; the right drew 1 and the left stood; the right drew 2 and the left stood or drew 6; the right drew 3 and the left stood or drew 5 or 6; the right drew 4 and the left stood or drew 5, 6 or 7; the right drew 5 and the left stood or drew 3, 4, 5, 6, 7 or 8; the right drew 6 and the left stood or drew 2, 3, 4, 5, 6, 7 or 8; the right drew 7 and the left stood or drew 4, 5, 6 or 7; the right drew 8 and the left stood or drew 5 or 6; the right drew 9 and the left stood.

**Banker 6** stands, but draws when the right drew 6 and the left drew 6 or 7; the right drew 7 and the left drew 6 or 7.
"""
_CARDS = r"(\d(?:, \d)*(?: or \d)?)"


def _moves_from_sentences(text: str) -> dict[tuple[int, str], dict[tuple[str, str], str]]:
    """{(total, pairs or ""): {(right, left): "D" | "S"}} from the old sentences."""
    marks = ["-", *map(str, range(10))]
    out: dict[tuple[int, str], dict[tuple[str, str], str]] = {}
    always = re.findall(r"Banker ([\d, ]+): always (draws|stands)\.", text)
    for totals, move in always:
        for t in totals.split(", "):
            out[(int(t), "")] = {(r, c): move[0].upper() for r in marks for c in marks}
    for name, usual, cases in re.findall(
        r"\*\*Banker (\d(?: with [^*]+)?)\*\* (draws|stands), but \w+ when (.*)\.", text
    ):
        total, _, pairs = name.partition(" with ")
        letter = usual[0].upper()
        other = "S" if letter == "D" else "D"
        cells = {(r, c): letter for r in marks for c in marks}
        for case in cases.split("; "):
            m = re.fullmatch(
                r"the right (stood|drew (\d))(?:, whatever the left did| and the left (.*))", case
            )
            assert m, case
            right = "-" if m[1] == "stood" else m[2]
            left = m[3]
            if left is None:
                cols = marks
            else:
                cols = ["-"] if left.startswith("stood") else []
                cols += re.findall(r"\d", left)
            for c in cols:
                cells[(right, c)] = other
        out[(int(total), pairs.replace(",", "").replace(" ", "|"))] = cells
    return out


def _moves_from_grids(text: str) -> dict[tuple[int, str], dict[tuple[str, str], str]]:
    """The same from the help's grids (two side by side in one ``` block)."""
    out: dict[tuple[int, str], dict[tuple[str, str], str]] = {}
    for totals, move in re.findall(r"Banker ([\d, ]+): always (draws|stands)\.", text):
        marks = ["-", *map(str, range(10))]
        for t in totals.split(", "):
            out[(int(t), "")] = {(r, c): move[0].upper() for r in marks for c in marks}
    block = text.split("```\n")[1]
    for band in block.split("\n\n"):
        rows = [re.split(r"\s{2,}", line.strip()) for line in band.splitlines()]
        titles = [int(t.removeprefix("Banker ")) for t in rows.pop(0)]
        pairs = [""] * len(titles)
        if rows[0][0].startswith("("):
            pairs = [p.strip("()").replace(",", "").replace(" ", "|") for p in rows.pop(0)]
        header = rows.pop(0)
        assert all(h.split() == ["–", *map(str, range(10))] for h in header)
        for i, (total, pair) in enumerate(zip(titles, pairs, strict=True)):
            cells = {}
            for row in rows:
                right, *letters = row[i].split()
                for c, letter in zip(["-", *map(str, range(10))], letters, strict=True):
                    cells[(right.replace("–", "-"), c)] = letter
            out[(total, pair)] = cells
    return out


def test_the_helps_grids_say_what_the_sentences_and_the_solver_say(model: EdgeModel) -> None:
    """The help's strategy, once sentences, is grids: cell by cell the same moves as
    the old sentences, and as ``banque strategy --stakes 1:1 --json`` (3 packs)."""
    from banque.study.solver import strategy_json

    text = (Path(__file__).resolve().parents[2] / "banque" / "table" / "help.md").read_text("utf-8")
    section = text.rsplit("\n## ", 1)[1]
    assert "but stands when" not in section and "```" in section
    grids = _moves_from_grids(section)
    old = _moves_from_sentences(OLD_HELP_SENTENCES)
    assert len(old) == len(grids) == 10  # 0, 1, 2 and 7 always; six grids
    assert grids == old
    half = Fraction(1, 2)
    cells = strategy_json(model, half, half)["cells"]
    for c in cells:
        right = "-" if c["right"] == "stood" else str(c["right"])
        left = "-" if c["left"] == "stood" else str(c["left"])
        a, b = c["banker"]
        group = [
            k for k in grids if k[0] == c["total"] and (not k[1] or f"{a}+{b}" in k[1].split("|"))
        ]
        assert len(group) == 1, (c["banker"], group)
        assert grids[group[0]][(right, left)] == ("D" if c["draws"] else "S"), c
    for line in section.split("```")[1].splitlines():  # two grids fit a help 80 columns wide
        assert len(line) <= 60, line


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
    from banque.study.one_chance import nash_equal_stakes

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
    from banque.study.one_chance import best_common_q

    q, how, edge = best_common_q(model, (1, 1))
    assert 0 < q < 1 and "root of" in how
    # q is an irrational root kept to 45 digits: the edge there agrees to far below that.
    assert abs(edge - model.edge((1, 1), (q, q)).total) < Fraction(1, 10**40)
    assert all(
        model.edge((1, 1), (Fraction(i, 40), Fraction(i, 40))).total >= edge for i in range(41)
    )
    _, coop, _ = cooperative(model, (1, 1), (q.limit_denominator(10**12),) * 2)
    assert coop <= edge + Fraction(1, 10**12)  # its start is q kept to 12 digits


def _banker_best_against_team(model: EdgeModel, stakes: tuple[int, int], team: tuple) -> Fraction:
    """The banker's best edge against a correlated team mix, counted point by point
    from the raw sums (no sweep, no grouping, no linear program): the recount of the
    tests below."""
    r, lft = stakes
    den = 1
    for x in team:
        den = den * Fraction(x).denominator // math.gcd(den, Fraction(x).denominator)
    chances = [int(Fraction(x) * den) for x in team]
    pures = ((0, 0), (0, 1), (1, 0), (1, 1))
    total = 0
    for p in model.points:
        stand = draw = 0
        for (c_r, c_l), chance in zip(pures, chances, strict=True):
            if not chance:
                continue
            # A side's 5 weighs 1 when it did what the team's pure strategy says.
            w_r = int((p.right is not None and p.right >= 0) == bool(c_r))
            w_l = int((p.left is not None and p.left >= 0) == bool(c_l))
            w = (1, w_l, w_r, w_r * w_l)
            stand += chance * sum(
                wk * (r * a + lft * b) for wk, a, b in zip(w, p.sr, p.sl, strict=True)
            )
            draw += chance * sum(
                wk * (r * a + lft * b) for wk, a, b in zip(w, p.dr, p.dl, strict=True)
            )
        total += max(stand, draw)
    return Fraction(total, den * model.denominator * (r + lft)) + model.naturals_share(stakes)


@pytest.mark.sweep
def test_ethier_and_lees_correlated_cooperative_equilibrium(model: EdgeModel) -> None:
    from banque.study.correlated import correlated_solution

    s = correlated_solution(model, (1, 1))
    assert s.checked and sum(s.team) == 1 and min(s.team) >= 0
    # Ethier & Lee's three solutions, three packs, home rule, equal stakes: the
    # correlated one lowest, then the independent one, then the scalar Nash.
    assert f"{float(s.edge) * 100:.6f}" == "0.630747"
    assert s.edge == _banker_best_against_team(model, (1, 1), s.team)
    from banque.study.one_chance import best_common_q

    _q, _how, independent = best_common_q(model, (1, 1))
    assert f"{float(independent) * 100:.6f}" == "0.633080"
    assert s.edge < independent
    # No team mix on a grid of the simplex holds the banker lower (the value is a minimum),
    # and the team's independent mix at the cooperative q is no better either.
    steps = 4
    for i in range(steps + 1):
        for j in range(steps + 1 - i):
            for k in range(steps + 1 - i - j):
                team = (
                    Fraction(i, steps),
                    Fraction(j, steps),
                    Fraction(k, steps),
                    Fraction(steps - i - j - k, steps),
                )
                assert _banker_best_against_team(model, (1, 1), team) >= s.edge


@pytest.mark.sweep
def test_the_correlated_equilibrium_six_packs_per_side(
    edge_model: Callable[..., EdgeModel],
) -> None:
    from banque.study.correlated import correlated_solution

    s = correlated_solution(edge_model(6, "per-side"), (1, 1))
    assert s.checked and f"{float(s.edge) * 100:.6f}" == "0.876585"
    # At unequal stakes it is solved too (the sides' marginal q's then differ).
    t = correlated_solution(edge_model(1, "all"), (3, 1))
    assert t.checked and t.marginals[0] != t.marginals[1]


def test_choice_names_the_three_solutions() -> None:
    out = banque("choice")
    assert out.returncode == 0
    head = out.stdout.split("\n\n")[0]  # the report opens with what its figure means
    assert head.startswith("The banker keeps 0.6307 % of every chip staked")
    assert "Ethier & Lee's correlated cooperative equilibrium: +0.630747 %" in out.stdout
    assert "the independent cooperative equilibrium: +0.633080 %" in out.stdout
    assert "the Nash equilibrium, each side for itself: +0.638265 %" in out.stdout
    assert "an equilibrium only among strategies with one draw-at-5 chance per side" in out.stdout
    data = json.loads(banque("choice", "--json").stdout)
    assert data["correlated_cooperative"]["edge"]["percent"] == pytest.approx(0.630747, abs=1e-6)
    assert data["correlated_cooperative"]["checked"] is True


@pytest.mark.parametrize(
    "counts", [(3, 1, 2, 1, 0, 2, 1, 0, 1, 1), (9, 0, 0, 0, 0, 1, 0, 0, 0, 0), (4,) * 10]
)
@pytest.mark.parametrize("rule", ["all", "per-side"])
def test_the_correlated_equilibrium_of_a_nearly_spent_shoe(counts: tuple, rule: str) -> None:
    """A record's shoe near its end (few decision points, some where nothing changes):
    still solved, and the banker's reply to the team's mix recounted gives the value."""
    from banque.study.correlated import correlated_solution

    model = EdgeModel(counts, rule)  # type: ignore[arg-type]
    s = correlated_solution(model, (2, 1))
    assert s.checked and sum(s.team) == 1
    assert s.edge == _banker_best_against_team(model, (2, 1), s.team)
