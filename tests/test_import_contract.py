"""The layers point down, and nothing below the table imports Textual.

The contracts are import-linter's, in ``pyproject.toml`` (``[tool.importlinter]``):
commands → table → wire → session → study → games → core, every import counted
(those inside functions too); no command's module (``banque/cli/``) imports
another's; and no module of the core, the games, the session, the study or the
wire imports Textual or Rich. A second check imports
every such module in a fresh interpreter and looks at what got loaded.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "banque"
#: The layers that never import Textual.
BELOW_THE_TABLE = ["core", "games", "session", "study", "net"]
#: The top-level modules every layer may use (texts, constants, translations).
TOP_LEVEL = ["__init__", "constants", "text", "i18n", "catalogues"]


def _module(path: Path) -> str:
    return "banque." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts).removesuffix(
        ".__init__"
    )


def _below_the_table() -> list[Path]:
    files = [PACKAGE / f"{m}.py" for m in TOP_LEVEL]
    for folder in BELOW_THE_TABLE:
        files += sorted((PACKAGE / folder).rglob("*.py"))
    return files


@pytest.mark.subprocess
def test_the_import_contracts_are_kept() -> None:
    """import-linter's contracts (pyproject.toml), checked over every import."""
    code = (
        "import sys\n"
        "from importlinter.cli import lint_imports\n"
        "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "3 kept, 0 broken" in run.stdout


@pytest.mark.subprocess
def test_importing_below_the_table_loads_no_textual() -> None:
    files = _below_the_table()
    assert len(files) > 30
    mods = ", ".join(_module(m) for m in files)
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
    assert out == "", f"below the table, an import pulled in: {out}"


@pytest.mark.subprocess
def test_the_core_imports_no_game() -> None:
    """The core is what every game shares: importing it loads no game's definition."""
    code = (
        "import importlib, pkgutil, sys\n"
        "import banque.core\n"
        "for m in pkgutil.iter_modules(banque.core.__path__):\n"
        "    importlib.import_module('banque.core.' + m.name)\n"
        "print(','.join(m for m in sys.modules if m.startswith(('banque.games', 'banque.session'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"the core pulled in: {out}"
