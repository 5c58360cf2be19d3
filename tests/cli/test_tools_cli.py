"""`banque odds` and `banque advise` as a user runs them."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from banque.games.banque.advisor import SideInfo, advise, unseen_values

from ..cli_run import run_cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "worked-example.json"
_WORKED = json.loads(EXAMPLE.read_text(encoding="utf-8"))
# The rules card's worked example, stopped at the banker's choice (after the deal).
STOP_AT_BANKER = {**_WORKED, "actions": _WORKED["actions"][:5]}
assert STOP_AT_BANKER["actions"][-1] == {"act": "deal"}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``banque ARGS`` as a user runs it (in this process: what it prints, not how it starts)."""
    return run_cli(*args, stdin=stdin)


def test_odds_text_and_json() -> None:
    text = run("odds")
    assert text.returncode == 0
    assert "18.9578 %" in text.stdout and "382/2015" not in text.stdout  # percentages first
    exact = run("odds", "--exact").stdout
    assert "18.9578 %  382/2015" in exact  # a natural on one hand, three packs
    for game in ("punto-banco", "chemin-de-fer"):
        plain, told = run("odds", "--game", game).stdout, run("odds", "--game", game, "--exact")
        assert "/" not in plain.replace("1 to 1", "") and "/" in told.stdout, game
        assert len(plain.splitlines()) == len(told.stdout.splitlines())
    assert "44.6247 %" in run("odds", "--game", "punto-banco").stdout  # the player wins
    data = json.loads(run("odds", "--packs", "1", "--json").stdout)
    assert data["packs"] == 1 and data["cards"] == 52
    assert (
        data["natural"]["fraction"]
        == json.loads(run("odds", "--packs", "1", "--json", "--exact").stdout)["natural"][
            "fraction"
        ]
    )
    assert [row["total"] for row in data["two_card_totals"]] == list(range(10))


def test_odds_refuses_zero_packs() -> None:
    out = run("odds", "--packs", "0")
    assert out.returncode == 2 and "at least 1" in out.stderr


def test_advise_at_the_banker_choice(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(STOP_AT_BANKER))
    out = run("advise", str(path), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    expected = advise(
        unseen_values(3, ["2S", "3C", "4D", "2H"]),
        ["2S", "3C"],
        SideInfo(5, "4D"),
        SideInfo(3, "2H"),
    )
    assert data == {"draw": expected.draw, "stand": expected.stand, "best": expected.best}
    assert data["best"] == "stand"  # the rules card's banker stands on 5, and rightly
    text = run("advise", str(path), "--p5", "0.25")
    assert text.returncode == 0
    assert "if the banker draws" in text.stdout and "Best: stand" in text.stdout


@pytest.mark.parametrize("cut", [4, 9])
def test_advise_refuses_a_record_that_does_not_stop_at_the_banker(tmp_path: Path, cut: int) -> None:
    record = dict(STOP_AT_BANKER)
    record["actions"] = (
        STOP_AT_BANKER["actions"][:cut]
        if cut < 5
        else [*STOP_AT_BANKER["actions"], {"act": "stand", "side": "banker"}]
    )
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    out = run("advise", str(path))
    assert out.returncode == 2
    assert "does not stop at the banker's choice" in out.stderr
    assert "Traceback" not in out.stderr


def test_advise_bad_p5_and_bad_file(tmp_path: Path) -> None:
    out = run("advise", "nowhere.json")
    assert out.returncode == 2 and "no such file" in out.stderr
    path = tmp_path / "r.json"
    path.write_text(json.dumps(STOP_AT_BANKER))
    out = run("advise", str(path), "--p5", "1.5")
    assert out.returncode == 2 and "probability" in out.stderr


def test_the_tables_pace_and_computer_seats_on_the_command_line() -> None:
    from banque.cli import build_parser

    parser = build_parser()
    args = parser.parse_args([])
    assert (args.pace, args.computer) == (None, [])  # no --pace: 0.6, a new game not asked for
    args = parser.parse_args(["--pace", "0", "--computer", "Bruno", "--computer", "Chloé:bold"])
    assert args.pace == 0.0
    assert dict(args.computer) == {"Bruno": "cautious", "Chloé": "bold"}
    for bad in (["--pace", "11"], ["--pace", "soon"], ["--computer", "Bruno:wild"]):
        done = run(*bad)
        assert done.returncode == 2
        assert "Traceback" not in done.stderr
    assert "not a temperament: cautious, bold or expert" in run("--computer", "Bruno:wild").stderr
    args = parser.parse_args(["--computer", "Ana:expert", "--computer", "Bruno:Expert"])
    assert dict(args.computer) == {"Ana": "expert", "Bruno": "expert"}
    assert "not a pace from 0 to 10 seconds" in run("--pace", "11").stderr


def test_table_refuses_a_bad_record_before_opening(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"participants": ["Ana"]}))
    out = run("--record", str(path), stdin="")
    assert out.returncode == 2
    assert "3 to 11 participants" in out.stderr and str(path) in out.stderr
    assert "Traceback" not in out.stderr
    out = run("--record", str(tmp_path / "missing.json"), stdin="")
    assert out.returncode == 2 and "no such file" in out.stderr


def _readme_punto_example() -> str:
    """The punto banco record README.md shows (its JSON block)."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    blocks = readme.split("```json\n")[1:]
    (example,) = [b.split("```", 1)[0] for b in blocks if '"game": "punto-banco"' in b]
    return example


@pytest.mark.parametrize("command", ["edge", "strategy", "choice"])
def test_the_banker_studies_refuse_a_two_hand_record_in_one_line(
    tmp_path: Path, command: str
) -> None:
    from banque.core.record import dump_record
    from banque.games.chemin_de_fer.game import CheminGame
    from banque.games.records import record_of

    punto = tmp_path / "punto.json"
    punto.write_text(_readme_punto_example(), encoding="utf-8")
    chemin = tmp_path / "chemin.json"
    game = CheminGame(["Ana", "Bruno", "Chloé"], seed=1)
    game.bid("Ana", 20)
    chemin.write_text(dump_record(record_of(game)), encoding="utf-8")
    for path, game_name, name in (
        (punto, "punto banco", "punto-banco"),
        (chemin, "chemin de fer", "chemin-de-fer"),
    ):
        out = run(command, "--record", str(path))
        assert out.returncode == 2 and out.stdout == ""
        assert out.stderr == (
            f"banque: {command} studies Baccarat Banque à deux tableaux (one bank against a "
            f"right and a left hand), not {game_name}: for {game_name}, see banque odds "
            f"--game {name}\n"
        )  # one line, no traceback
    french = run("--lang", "fr", command, "--record", str(punto))
    assert french.returncode == 2 and french.stderr.count("\n") == 1
    assert (
        f"{command} étudie" in french.stderr and "banque odds --game punto-banco" in french.stderr
    )


def test_computer_expert_on_the_command_line_seats_an_expert(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``banque --computer Bruno:expert``: the table opens with Bruno's seat an expert."""
    import banque.table.app as table
    from banque.cli import main
    from banque.table.screens.setup import DEFAULT_NAMES

    seen: dict[str, object] = {}
    monkeypatch.setattr("banque.cli.play.need_terminal", lambda: None)
    monkeypatch.setattr(table, "run_app", lambda *a, **k: seen.update(k) or 0)
    assert main(["--computer", "Bruno:expert", "--pace", "0"]) == 0
    assert seen["kinds"] == {"Bruno": "expert"}
    app = table.BanqueApp(kinds=seen["kinds"])  # type: ignore[arg-type]
    assert app.kinds_for(DEFAULT_NAMES) == ["human", "expert", "human", "human"]
    helped = " ".join(run("--help").stdout.split())
    assert "cautious (the default), bold or expert" in helped
