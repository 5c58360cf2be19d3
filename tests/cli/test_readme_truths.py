"""What the README says a command prints, it prints (issue 21: its quoted outputs come
from here)."""

from __future__ import annotations

import re
from pathlib import Path

from ..cli_run import run_cli

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def quoted_sessions() -> list[tuple[str, str]]:
    """Every ``console`` block of the README: the command after ``$ `` and its output."""
    out = []
    for block in re.findall(r"```console\n(.*?)```", README, re.DOTALL):
        first, _nl, rest = block.partition("\n")
        assert first.startswith("$ banque "), first
        out.append((first.removeprefix("$ "), rest))
    return out


def test_every_quoted_command_prints_what_the_readme_says() -> None:
    sessions = quoted_sessions()
    assert any(cmd == "banque advise examples/at-the-banker.json" for cmd, _out in sessions)
    for command, output in sessions:
        args = command.split()[1:]
        args = [str(ROOT / a) if a.startswith("examples/") else a for a in args]
        done = run_cli(*args)
        assert done.returncode == 0, done.stderr
        assert done.stdout == output, command


def test_the_whole_worked_example_is_refused_by_advise_as_the_readme_says() -> None:
    done = run_cli("advise", str(ROOT / "examples" / "worked-example.json"))
    assert done.returncode == 2 and "does not stop at the banker's choice" in done.stderr
    assert "`banque advise` refuses it" in README


def test_computer_makes_the_seats_not_named_human_as_help_and_readme_say() -> None:
    from banque.table.app import BanqueApp
    from banque.table.screens.setup import DEFAULT_NAMES

    app = BanqueApp(kinds={"Bruno": "bold"})  # banque --computer Bruno:bold, no --record
    assert app.kinds_for(DEFAULT_NAMES) == ["human", "bold", "human", "human"]
    assert "The seats not named are human, with `--record` or without" in README
    helped = run_cli("--help").stdout
    assert "the seats not named are human" in " ".join(helped.split())


def test_the_rules_name_their_books_never_a_folder_of_ours() -> None:
    for profile in ("home", "classic", "hoyle"):
        said = run_cli("rules", profile).stdout
        assert "shared/seeds" not in said and "Source: " in said
    assert "Source: The Pocket Book of Games, 1944" in run_cli("rules", "classic").stdout
    assert "shared/seeds" not in README


def test_the_quick_start_says_how_banque_is_run_from_its_venv() -> None:
    start = README[README.index("## Quick start") : README.index("## Commands")]
    assert ".venv/bin/banque" in start and ". .venv/bin/activate" in start
