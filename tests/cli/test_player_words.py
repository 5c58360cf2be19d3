"""Command-line refusals in a player's words (issue 21): never argparse's, pydantic's or
Python's own labels."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

from banque.cli import main
from banque.core.errors import IllegalAction
from banque.core.shoe import Shoe
from banque.games import GAMES

from ..cli_run import run_cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "worked-example.json"
WORKED = json.loads(EXAMPLE.read_text(encoding="utf-8"))


def test_a_value_starting_with_a_minus_is_read_as_the_value() -> None:
    out = run_cli("simulate", "--coups", "10", "--stakes", "-1:1")
    assert out.returncode == 2
    assert "expected one argument" not in out.stderr
    assert "'-1:1': stakes are 0 chips or more" in out.stderr
    missing = run_cli("simulate", "--coups", "10", "--stakes")
    assert "--stakes: a value is needed after it" in missing.stderr


@pytest.mark.parametrize("game", sorted(GAMES))
def test_simulate_seats_each_game_by_its_definition(game: str) -> None:
    low, high = GAMES[game].seats
    too_few = run_cli("simulate", "--game", game, "--coups", "1", "--players", str(low - 1))
    assert too_few.returncode == 2
    assert f"seats {low} to {high} participants" in too_few.stderr
    assert GAMES[game].title in too_few.stderr


def test_chemin_de_fer_simulates_two_players() -> None:
    out = run_cli("simulate", "--game", "chemin-de-fer", "--coups", "5", "--players", "2", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["players"] == 2


def test_resume_of_a_record_says_it_is_a_record(tmp_path: Path) -> None:
    out = run_cli("--resume", str(EXAMPLE))
    assert out.returncode == 2
    assert "not valid JSON" not in out.stderr
    assert "a game record, not a journal" in out.stderr
    assert "banque --record" in out.stderr


def test_a_union_of_choices_is_said_once_without_pydantic_labels(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({**WORKED, "actions": [{"act": "draw", "side": "middle"}]}))
    out = run_cli("replay", str(path))
    assert out.returncode == 2
    assert "literal[" not in out.stderr and "constrained" not in out.stderr
    assert "act 1 (draw): side: Input should be 'right', 'left', 'banker' or 'punter'" in (
        out.stderr
    )


def test_a_number_of_thousands_of_digits_is_said_in_words(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(
        EXAMPLE.read_text(encoding="utf-8").replace('"seed": 7', '"seed": ' + "9" * 5000)
    )
    out = run_cli("replay", str(path))
    assert out.returncode == 2
    assert "sys.set_int_max_str_digits" not in out.stderr
    assert "a number of more than 4300 digits" in out.stderr


def test_one_pack_one_copy() -> None:
    with pytest.raises(IllegalAction) as refused:
        Shoe(1, random.Random(0), ["9C", "9C"])
    said = str(refused.value)
    assert "only 1 copy of 9C (one pack)" in said
    assert "copies" not in said and "1 packs" not in said
    with pytest.raises(IllegalAction, match=r"only 2 copies of 9C \(2 packs\)"):
        Shoe(2, random.Random(0), ["9C", "9C", "9C"])


def test_an_edge_grid_too_large_is_refused_before_any_work() -> None:
    out = run_cli("edge", "--p5", "0:1:0.001,0:1:0.001")
    assert out.returncode == 2
    assert "1 002 001 exact edges" in out.stderr and "take a larger STEP" in out.stderr
    assert run_cli("edge", "--p5", "0:1:0.1,0:1:0.1").returncode == 0


def test_a_long_edge_grid_says_its_size_first_and_keeps_json_clean() -> None:
    """101 x 51 = 5 151 exact edges (seconds): stderr says so before the work; the JSON on
    stdout is whole; no progress line where stderr is no terminal. A small grid says nothing."""
    out = run_cli("edge", "--packs", "1", "--p5", "0:1:0.01,0:1:0.02", "--json")
    assert out.returncode == 0, out.stderr
    assert len(json.loads(out.stdout)) == 5151
    assert out.stderr == "banque: working out 5 151 exact edges, each a whole coup's sum…\n"
    small = run_cli("edge", "--packs", "1", "--p5", "0:1:0.1,0:1:0.1", "--json")
    assert small.returncode == 0 and small.stderr == ""


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_long_edge_grid_shows_its_progress_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["edge", "--packs", "1", "--p5", "0:1:0.01,0:1:0.02", "--json"]) == 0
    said = terminal.getvalue()
    first, _, progress = said.partition("\n")
    assert first == "banque: working out 5 151 exact edges, each a whole coup's sum…"
    assert "\r2 550 of 5 151 exact edges (49 %)" in progress  # 50 rows of 51 edges
    assert progress.endswith("\r\x1b[K")  # the line is erased once the table is done
    stdout = capsys.readouterr().out
    assert "\r" not in stdout and len(json.loads(stdout)) == 5151


def test_the_keyboard_seat_has_the_name_setup_gives_it() -> None:
    """Chemin de fer's new table as setup offers one: Ana at the keyboard (never "You",
    which reads "You holds 1"), the computers setup's, each with setup's temperament."""
    from banque.session.two_hands import your_name
    from banque.table.screens.setup import DEFAULT_KINDS, DEFAULT_NAMES

    for rules in GAMES.values():
        you = your_name(rules.computers)
        assert you not in rules.computers and you != "You"
        if rules.two_hands and rules.computers:
            assert you == DEFAULT_NAMES[0] and DEFAULT_KINDS[0] == "human"
            for name, style in rules.computers.items():
                assert DEFAULT_KINDS[DEFAULT_NAMES.index(name)] == style


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_participant_is_never_given_a_masculine_word(lang: str) -> None:
    """ "Chloé banquier", "seul Ana doit regarder": a name beside a masculine noun or
    adjective reads wrong for half the table; the wording is neutral."""
    from banque import i18n

    i18n.install(lang)
    said = [
        i18n._("(only {who} should be looking)").format(who="Ana"),
        i18n._("{who} (banker) wins").format(who="Chloé"),
        i18n._(
            "Coup {n}: the banker {banker} ({bt}) beats {punter} ({pt}); the bank {before} → "
            "{after}."
        ).format(n=2, banker="Chloé", bt=7, punter="Ana", pt=5, before=10, after=12),
        i18n._("{banker}, the banker, chooses freely: draw or stand.").format(banker="Chloé"),
    ]
    for text in said:
        assert not any(w in text for w in ("banquier", "banquero", "seul ")), text


def test_the_solver_s_refusals_speak_the_language() -> None:
    out = run_cli("--lang", "fr", "edge", "--p5", "x")
    assert out.returncode == 2 and "'x' n'est pas une probabilité" in out.stderr
    out = run_cli("--lang", "es", "edge", "--stakes", "1")
    assert out.returncode == 2 and "'1' no es una proporción de apuestas" in out.stderr
