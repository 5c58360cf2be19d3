"""A fourth game is one folder and one registry entry: nothing outside the games tests a
game's name.

The registry (:data:`banque.games.GAMES`) and each game's definition say what differs
(``two_hands``, ``concurrent``, its table, its entry points); the rest of the package
asks them, never ``game == "punto-banco"``.  A game's name may still be data (a default,
a help text, a key of a table of words): only comparisons are looked for.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from banque.games import GAME_NAMES, GAMES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "banque"

#: The record's schema names the games it reads (``GameName``) and keeps one check of a
#: field by game (``first_bank``: chemin de fer's); the core may not ask the games.
ALLOWED = {
    ("core/models.py", 'self.game != "chemin-de-fer"'),
}

_NAME = "|".join(re.escape(n) for n in GAME_NAMES)
_QUOTED = rf"""["']({_NAME})["']"""
#: ``x == "name"``, ``"name" != x``, ``x in ("name", ...)``, ``match``'s ``case "name":``.
COMPARISONS = [
    re.compile(rf"(==|!=)\s*{_QUOTED}"),
    re.compile(rf"{_QUOTED}\s*(==|!=)"),
    re.compile(rf"\bin\s*[(\[{{][^)\]}}]*{_QUOTED}"),
    re.compile(rf"\bcase\s+{_QUOTED}"),
]


def _tests_of_names(path: Path) -> list[str]:
    found = []
    relative = path.relative_to(PACKAGE).as_posix()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("#", 1)[0]
        if not any(c.search(code) for c in COMPARISONS):
            continue
        if any(relative == where and text in code for where, text in ALLOWED):
            continue
        found.append(f"banque/{relative}:{number}: {line.strip()}")
    return found


def test_the_registry_has_every_game() -> None:
    assert len(GAME_NAMES) >= 3
    assert all(GAMES[n].name == n for n in GAME_NAMES)


def test_nothing_outside_the_games_tests_a_games_name() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).parts[0] == "games":
            continue
        found += _tests_of_names(path)
    assert not found, "a game's name tested outside banque/games:\n" + "\n".join(found)


def test_the_search_finds_what_it_looks_for() -> None:
    """The patterns do catch the tests they forbid (and leave data alone)."""
    caught = [
        'if game == "punto-banco":',
        'if "banque" != record.game:',
        'if state.game in ("chemin-de-fer", "punto-banco"):',
        "elif family in ['punto-banco']:",
        '    case "chemin-de-fer":',
    ]
    left = [
        'game: str = "banque"',
        'TITLES = {"chemin-de-fer": "banque — chemin de fer"}',
        'choices=("banque", "chemin-de-fer"),',
        'if game == DEFAULT_GAME:  # not "banque" == game',
    ]
    for line in caught:
        assert any(c.search(line.split("#", 1)[0]) for c in COMPARISONS), line
    for line in left:
        assert not any(c.search(line.split("#", 1)[0]) for c in COMPARISONS), line


def test_each_two_hand_game_names_what_the_layers_above_ask_of_it() -> None:
    """What the session, the wire and the tables look up by the definition is there."""
    from banque.core.rng import seed_and_stream

    for game in GAMES.values():
        if not game.two_hands:
            assert not game.table  # banque's own table: app.run_app
            continue
        table = importlib.import_module(game.table)
        assert callable(table.opening) and callable(table.joined), game.name
        seats = list(game.host_names) or ["Ana", "Bruno"]
        chosen, stream = seed_and_stream(7)
        new = game.new_game(seats, chosen, stream=stream)
        assert new.game == game.name and list(new.participants) == seats
        player = game.computer(seats[0], new, "bold")
        assert player is not None


def test_a_table_or_a_record_act_that_says_nothing_cannot_be_made() -> None:
    """``TwoHandTable.refresh_table`` and a banque record act's ``action`` are abstract."""
    from banque.games.banque.acts import _RecordAct
    from banque.table.games_base import TwoHandTable

    class Mute(TwoHandTable):
        pass

    with pytest.raises(TypeError, match="refresh_table"):
        Mute(None, [], {})

    class Unsaid(_RecordAct):
        pass

    with pytest.raises(TypeError, match="action"):
        Unsaid()
