"""A fourth game is one folder and one registry entry: nothing outside the games tests a
game's name.

The registry (:data:`banque.games.GAMES`) and each game's definition say what differs
(``two_hands``, its table, its entry points, its seats' rules); the rest of the package
asks them, never ``game == "punto-banco"``.  A game's name may still be data (a default,
a help text, a key of a table of words): only comparisons are looked for.  The session
imports no module of a particular game (banque's own ``Session`` aside) and does not
branch on ``concurrent``: a two-hand game's part is its definition's ``seat_rules``.
"""

from __future__ import annotations

import ast
import importlib
import json
import re
from pathlib import Path

import pytest

from banque.games import GAME_NAMES, GAMES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "banque"

#: Nowhere: the record's schema names the games it reads (``GameName``) but tests none;
#: which game takes which of its fields is the game's definition's to say.
ALLOWED: set[tuple[str, str]] = set()

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
        from banque.games.gamedef import SeatRules

        rules = game.seat_rules_for(new)
        assert isinstance(rules, SeatRules), game.name
        assert rules.actor() is None or rules.actor() in seats
        assert isinstance(rules.table_options(), dict) and isinstance(rules.public_facts(), dict)


#: banque's own session (:mod:`banque.session.session`, and the board its seats see,
#: :mod:`banque.session.board`) is still banque's game's: the one part of the session
#: that may import a game's modules, and that game's only.
SESSION_ALLOWED = {
    "session/session.py": {"banque.games.banque"},
    "session/board.py": {"banque.games.banque"},
}


def _imported(path: Path) -> list[str]:
    """Every module ``path`` imports (inside functions too), as absolute names."""
    package = _module_of(path).rpartition(".")[0]
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            module = node.module or ""
            if node.level:
                module = f"{base}.{module}" if module else base
            names.append(module)
            names += [f"{module}.{alias.name}" for alias in node.names]
    return names


def _module_of(path: Path) -> str:
    return "banque." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)


def _game_packages() -> set[str]:
    """Each game's own package (``banque.games.chemin_de_fer``…), from its definition."""
    return {".".join(game.engine.split(".")[:3]) for game in GAMES.values()}


def test_the_session_imports_no_module_of_a_particular_game() -> None:
    """The two-hand session asks a game's definition (its ``seat_rules``, its computer
    player, its engine's ``new_game``), never imports a game's module: a fourth game
    needs nothing in ``banque/session/``."""
    games = _game_packages()
    assert "banque.games.chemin_de_fer" in games and "banque.games.punto_banco" in games
    found = []
    for path in sorted((PACKAGE / "session").rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        allowed = SESSION_ALLOWED.get(relative, set())
        for name in _imported(path):
            owner = next((g for g in games if name == g or name.startswith(g + ".")), None)
            if owner is not None and owner not in allowed:
                found.append(f"banque/{relative}: {name}")
    assert not found, "a game's module imported by the session:\n" + "\n".join(found)


def test_the_session_does_not_branch_on_how_a_game_s_seats_act() -> None:
    """``concurrent`` (punto banco's seats act at once against the house) is the seat
    rules' word for the table; the session asks the game's seat rules instead of testing
    it."""
    found = []
    for path in sorted((PACKAGE / "session").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.If, ast.IfExp, ast.While, ast.Assert)):
                names = {
                    n.attr if isinstance(n, ast.Attribute) else getattr(n, "id", "")
                    for n in ast.walk(node.test)
                }
                if "concurrent" in names:
                    found.append(f"banque/{path.relative_to(PACKAGE).as_posix()}:{node.lineno}")
    assert not found, "the session tests concurrent:\n" + "\n".join(found)


def test_the_import_search_resolves_relative_imports() -> None:
    port = PACKAGE / "session" / "port.py"
    names = _imported(port)
    assert "banque.games" in names and "banque.core.errors" in names
    assert "banque.games.banque" in {
        ".".join(n.split(".")[:3]) for n in _imported(PACKAGE / "session" / "session.py")
    }


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


def test_the_record_names_no_game_the_registry_does(tmp_path: Path) -> None:
    """The record's schema takes any game's name (a fourth game needs no edit of the
    core); the registry refuses a name that is no game, in words, as the record starts."""
    from banque.core.record import parse_record
    from banque.games import UnknownGame
    from banque.games.records import replay

    from .cli_run import run_cli

    data = {"format": "banque-record/1", "game": "poker", "participants": ["Ana", "Bruno"]}
    record = parse_record(data)
    assert record.game == "poker"
    with pytest.raises(UnknownGame, match=r"There is no game called 'poker' \(the games: "):
        replay(record)
    path = tmp_path / "poker.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = run_cli("replay", str(path))
    assert out.returncode == 2 and "There is no game called 'poker'" in out.stderr
    assert "Traceback" not in out.stderr
    for name in GAME_NAMES:
        assert parse_record({**data, "game": name}).game == name
