"""The command line's package (``banque/cli/``): a command's module is loaded only when
that command is given, and an import inside a function says why it is not at the top."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from banque.cli import COMMANDS

PACKAGE = Path(__file__).resolve().parents[2] / "banque" / "cli"
#: What every command line loads of the package: the parser's top and what it shares.
ALWAYS = {"banque.cli", "banque.cli.parsing", "banque.cli.argtypes", "banque.cli.shared"}
ALWAYS.add("banque.cli.play")  # the table's options are the parser's top's
#: What ``--help`` never loads: pydantic, Textual, the records and journals, the engines,
#: the study, the sessions, the wire, the tables (ARCHITECTURE.md, *Layers*).
HEAVY = (
    "pydantic",
    "textual",
    "rich",
    "banque.core.record",
    "banque.core.journal",
    "banque.core.models",
    "banque.core.messages",
    "banque.games.records",
    "banque.games.banque.game",
    "banque.games.chemin_de_fer.game",
    "banque.games.punto_banco.game",
    "banque.study",
    "banque.session",
    "banque.net",
    "banque.table",
)


@pytest.mark.subprocess
@pytest.mark.parametrize("command", [None, *(name for name, _help, _module in COMMANDS)])
def test_a_help_loads_its_own_module_and_no_layer(command: str | None) -> None:
    argv = ["--help"] if command is None else [command, "--help"]
    code = (
        "import sys\n"
        "from banque.cli import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit as exc:\n"
        "    assert exc.code == 0, exc.code\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = done.stdout.split()[-1000:]
    heavy = [m for m in loaded if m.startswith(HEAVY)]
    assert heavy == [], f"banque {' '.join(argv)} loaded {heavy}"
    own = {module for name, _help, module in COMMANDS if name == command}
    assert {m for m in loaded if m.startswith("banque.cli")} == ALWAYS | own


def _deferred(lines: list[str], number: int) -> bool:
    """The comment block just above line ``number`` (1-based; the imports right above it
    belong to the same block) says ``# deferred:``."""
    i = number - 2
    while i >= 0 and lines[i].strip().startswith(("from ", "import ")):
        i -= 1
    comments = []
    while i >= 0 and lines[i].strip().startswith("#"):
        comments.append(lines[i].strip())
        i -= 1
    return any(c.startswith("# deferred:") for c in comments)


def test_every_import_inside_a_function_says_why() -> None:
    """Imports are at the top of each module; one made inside a function carries a
    ``# deferred: …`` comment above it with its reason (a cycle, or a measured start-up
    cost)."""
    files = sorted(PACKAGE.glob("*.py"))
    assert len(files) >= 8
    unsaid = []
    for path in files:
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom) and not _deferred(
                    lines, inner.lineno
                ):
                    unsaid.append(f"{path.name}:{inner.lineno}")
    assert unsaid == []
