"""The engine (rules, models, records, odds) imports nothing from Textual."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "banque"
ENGINE_MODULES = ["cards", "errors", "messages", "models", "engine", "record", "naturals", "rules"]
OPTIONAL_ENGINE = [
    "odds",
    "advisor",
    "advisor_one",
    "players",
    "simulate",
    "edge",
    "solver",
    "edge_reference",
]
#: The table server's side (protocol, shared table, sockets, client): no Textual either.
NET_MODULES = [
    "net/__init__",
    "net/protocol",
    "net/table",
    "net/server",
    "net/client",
    "net/host",
]
#: The two-hand games (issue 10): engine side too.
GAMES_MODULES = [
    "games/__init__",
    "games/common",
    "games/punto",
    "games/chemin",
    "games/odds",
    "games/simulate",
    "games/players",
]

#: The translations (issue 12): the engine's texts use them too.
I18N_MODULES = ["i18n", "msgfmt", "i18n_extract"]


def _engine_files() -> list[Path]:
    names = ENGINE_MODULES + [m for m in OPTIONAL_ENGINE if (PACKAGE / f"{m}.py").exists()]
    names += [m for m in NET_MODULES if (PACKAGE / f"{m}.py").exists()]
    return [PACKAGE / f"{m}.py" for m in names + GAMES_MODULES + I18N_MODULES]


def test_engine_sources_never_import_textual() -> None:
    for path in _engine_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
                if node.level and node.module in ("app", "screens", "widgets"):
                    names = ["textual (via the app)"]
            else:
                continue
            for name in names:
                assert not name.startswith("textual"), f"{path.name} imports {name}"
                assert not name.startswith("rich"), f"{path.name} imports {name}"


def test_importing_the_engine_loads_no_textual() -> None:
    mods = ", ".join(
        "banque." + ".".join(m.relative_to(PACKAGE).with_suffix("").parts).removesuffix(".__init__")
        for m in _engine_files()
    )
    code = (
        f"import importlib, sys\n"
        f"for m in '{mods}'.split(', '): importlib.import_module(m)\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        f"print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"the engine pulled in: {out}"
