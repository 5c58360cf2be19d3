"""Each study command opens with a plain sentence of what its figure means, speaks in
percentages (fractions with --exact or in --json), and draws bars from zero (issue 21)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ..cli_run import run_cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "worked-example.json"


def lead_and_rest(stdout: str) -> tuple[str, str]:
    lead, blank, rest = stdout.partition("\n\n")
    assert blank and "\n" not in lead, stdout
    return lead, rest


def test_edge_opens_with_what_the_figure_means_in_percentages() -> None:
    out = run_cli("edge")
    assert out.returncode == 0
    lead, rest = lead_and_rest(out.stdout)
    assert lead == "In one coup the banker wins 0.63 chips for every 100 the sides stake."
    assert "+0.6333 %" in rest
    assert "/" not in rest.replace("right:left", "")  # no 13209552745959/2085946867754750
    exact = run_cli("edge", "--exact").stdout
    assert "13209552745959/2085946867754750" in exact


def test_edge_json_is_exact_and_unchanged_in_shape() -> None:
    data = json.loads(run_cli("edge", "--json").stdout)
    assert set(data) >= {  # (additions only)
        "stakes",
        "p5",
        "banker",
        "naturals_rule",
        "naturals",
        "decisions",
        "total",
    }
    assert data["total"]["fraction"] == "13209552745959/2085946867754750"


def test_edge_in_french_has_decimal_commas_and_one_minus_sign() -> None:
    lead, rest = lead_and_rest(run_cli("--lang", "fr", "edge").stdout)
    assert lead == "En un coup, la banque gagne 0,63 jetons pour 100 misés par les tableaux."
    assert "+0,6333 %" in rest
    side = run_cli("--lang", "fr", "choice", "--p5", "0.5").stdout
    assert "−0,7126 %" in side and "-0" not in side


def test_the_plot_draws_every_bar_from_zero() -> None:
    out = run_cli("edge", "--p5", "0:1:0.5", "--plot")
    lead, rest = lead_and_rest(out.stdout)
    assert lead.startswith("Each figure is the banker's edge: the chips the banker wins")
    bars = {line.split()[0]: line.count("█") for line in rest.splitlines() if "█" in line}
    # 0.6819 % (p5 0) against 0.6333 % (p5 0.5): bars of about the same length, not double
    assert bars["0"] == 50 and bars["0.5"] == round(50 * 0.6333 / 0.6819)
    assert "bars from 0 to 0.6819 %" in rest


def test_choice_says_plainly_what_it_found() -> None:
    out = run_cli("choice")
    lead, rest = lead_and_rest(out.stdout)
    assert lead.startswith("The banker keeps 0.6307 % of every chip staked when it plays its best")
    assert "coordinate descent" not in rest and "root" not in rest
    assert "each side's best q in turn until neither changes: 1 round" in rest
    exact = run_cli("choice", "--exact").stdout
    assert "a root of 156580892 q² + 775413489 q − 469664528 = 0" in exact
    assert "the root in [0, 1] of" in exact


def test_strategy_opens_with_a_sentence() -> None:
    lead, rest = lead_and_rest(run_cli("strategy").stdout)
    assert (
        lead == "When the banker does best to draw and when to stand, for every hand it may face."
    )
    assert rest.startswith("The banker's best response")
    chemin, _rest = lead_and_rest(run_cli("strategy", "--game", "chemin-de-fer").stdout)
    assert chemin == lead


def test_simulate_speaks_in_percentages_like_edge() -> None:
    out = run_cli("simulate", "--coups", "300", "--no-progress")
    lead, rest = lead_and_rest(out.stdout)
    assert re.fullmatch(
        r"Over 300 coups the banker (won|lost) \d+\.\d\d chips for every 100 staked against it\.",
        lead,
    )
    assert re.search(r"Banker's edge: [+−]\d+\.\d\d % ± \d+\.\d\d % of the stakes", rest)
    assert not re.search(r"[+-]0\.\d{4} ±", rest)  # no gain per chip as a fraction
    chemin = run_cli("simulate", "--game", "chemin-de-fer", "--coups", "40", "--players", "2")
    lead, rest = lead_and_rest(chemin.stdout)
    assert lead.startswith("Over 40 coups the banker")
    assert "(1 game, " in rest and re.search(r"Banker's edge\s+[+−]\d+\.\d{3} %", rest)


def test_odds_and_advise_open_with_a_sentence(tmp_path: Path) -> None:
    lead, _rest = lead_and_rest(run_cli("odds").stdout)
    assert lead == "How likely each two-card total and each natural is, dealt from a full shoe."
    record = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    path = tmp_path / "r.json"
    path.write_text(json.dumps({**record, "actions": record["actions"][:5]}))
    lead, rest = lead_and_rest(run_cli("advise", str(path)).stdout)
    assert lead == (
        "Standing is better for the banker here: it expects −0.49 chips by standing, "
        "−1.31 by drawing."
    )
    assert "expected gain if the banker draws:  −1.3083 chips" in rest


@pytest.mark.parametrize("command", [["edge"], ["odds"], ["strategy"], ["choice"]])
def test_json_has_no_sentence(command: list[str]) -> None:
    json.loads(run_cli(*command, "--json").stdout)


def test_chemin_de_fer_solved_and_advise_keep_the_language_s_decimal_comma(
    tmp_path: Path,
) -> None:
    chemin = run_cli("--lang", "fr", "choice", "--game", "chemin-de-fer").stdout
    assert "80,54 %" in chemin and "80.54" not in chemin
    assert "p5 = 0,5 (droite), 0,5 (gauche)" in run_cli("--lang", "fr", "edge").stdout
    json_out = json.loads(
        run_cli("--lang", "fr", "choice", "--game", "chemin-de-fer", "--json").stdout
    )
    assert isinstance(json_out["models"][0]["punter_draws_at_5"]["percent"], float)


def test_choice_in_french_writes_every_chance_with_a_decimal_comma() -> None:
    """The team's mix, the banker's chance and each q in French prose: ``0,511651``,
    never ``0.511651`` (the JSON keeps Python's numbers)."""
    out = run_cli("choice", "--lang", "fr").stdout
    assert "les deux restent 0,511651" in out and "tire avec la chance 0,736879" in out
    assert "droite q = 0,545587" in out
    assert not re.search(r"\d\.\d", out), re.findall(r".{20}\d\.\d.{20}", out)[:3]
    data = json.loads(run_cli("choice", "--json", "--lang", "fr").stdout)
    assert isinstance(data, dict)
