"""The engine (rules, models, records, odds) imports nothing from Textual.

The contract is by folder: every module under ``banque/engine/``, ``banque/study/``,
``banque/games/`` and ``banque/net/``, and the top-level modules named below, import
neither Textual nor Rich nor the table (``banque/table/``: the Textual app).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "banque"
#: The layers that never import Textual: the game, the study tools, the other games, the network.
ENGINE_FOLDERS = ["engine", "study", "games", "net"]
#: The top-level modules the engine uses (texts, constants, translations).
TOP_LEVEL = [
    "__init__",
    "constants",
    "text",
    "i18n",
    "msgfmt",
    "i18n_extract",
]
#: Modules that hand over to the table inside a function (never when imported):
#: ``open_table`` starts the two-hand games' screens.
HANDS_OVER = {"games/tables.py"}


def _engine_files() -> list[Path]:
    files = [PACKAGE / f"{m}.py" for m in TOP_LEVEL]
    for folder in ENGINE_FOLDERS:
        files += sorted((PACKAGE / folder).rglob("*.py"))
    return files


def _module(path: Path) -> str:
    return "banque." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts).removesuffix(
        ".__init__"
    )


def _absolute(path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = _module(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def test_engine_sources_never_import_textual() -> None:
    files = _engine_files()
    assert len(files) > 30
    for path in files:
        rel = path.relative_to(PACKAGE).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top_level = set(tree.body)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [_absolute(path, node)]
            else:
                continue
            for name in names:
                assert not name.startswith("textual"), f"{rel} imports {name}"
                assert not name.startswith("rich"), f"{rel} imports {name}"
                if name == "banque.table" or name.startswith("banque.table."):
                    assert rel in HANDS_OVER, f"{rel} imports {name} (textual via the table)"
                    assert node not in top_level, f"{rel} imports {name} when imported"


@pytest.mark.subprocess
def test_importing_the_engine_loads_no_textual() -> None:
    mods = ", ".join(_module(m) for m in _engine_files())
    code = (
        f"import importlib, sys\n"
        f"for m in '{mods}'.split(', '): importlib.import_module(m)\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        f"bad += [m for m in sys.modules if m.startswith('banque.table')]\n"
        f"print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"the engine pulled in: {out}"


@pytest.mark.subprocess
def test_the_engine_package_gives_its_main_names_on_first_use() -> None:
    """``from banque.engine import Game`` works, and importing the package loads nothing."""
    code = (
        "import sys\n"
        "import banque.engine\n"
        "assert 'banque.engine.game' not in sys.modules and 'pydantic' not in sys.modules\n"
        "from banque.engine import Event, Game, IllegalAction, Session\n"
        "from banque.engine.errors import IllegalAction as I\n"
        "from banque.engine.game import Event as E, Game as G\n"
        "from banque.engine.session import Session as S\n"
        "assert (Game, Event, IllegalAction, Session) == (G, E, I, S)\n"
        "try:\n"
        "    banque.engine.START_CHIPS\n"
        "except AttributeError as exc:\n"
        "    print(exc)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "module 'banque.engine' has no attribute 'START_CHIPS'"
