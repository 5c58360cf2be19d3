"""A fourth game is one folder and one registry entry: nothing outside the games tests a
game's name.

The registry (:data:`banque.games.GAMES`) and each game's definition say what differs
(``two_hands``, ``concurrent``, its table, its entry points); the rest of the package
asks them, never ``game == "punto-banco"``.  A game's name may still be data (a default,
a help text, a key of a table of words): only comparisons are looked for.
"""

from __future__ import annotations

import re
from pathlib import Path

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
