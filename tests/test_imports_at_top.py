"""Imports are at the top of their module, or say why not (ARCHITECTURE.md, *Layers*).

An import made inside a function or a class hides the module's real imports: who
reads the top does not see them, and a cycle stays unnoticed.  Such an import is
allowed only with its reason, a comment ``# deferred: REASON`` at the end of its
own line or in the comment lines directly above it (a block of consecutive
imports shares the comment above its first).  The reasons that count: a cycle
(``# deferred: cycle (a ↔ b)``), or a start-up cost measured with
``python -X importtime`` (``banque --help`` and the first screen load no record,
journal, engine, study, session or wire).

At the module level, ``if TYPE_CHECKING:`` blocks and a ``try:`` that picks an
optional dependency are the top too; a module-level import after the module's
first other statement is not.

A failing run prints every offender as ``path:line: module``.
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "banque"
MARK = "# deferred:"

Imported = ast.Import | ast.ImportFrom


def _checked() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _module(node: Imported) -> str:
    if isinstance(node, ast.ImportFrom):
        if node.module is None:  # from . import a: the module a
            return ", ".join("." * node.level + alias.name for alias in node.names)
        return "." * node.level + node.module
    return ", ".join(alias.name for alias in node.names)


def _comments(source: str) -> dict[int, str]:
    """Each line's comment (tokenized: a ``#`` in a string is no comment)."""
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found[token.start[0]] = token.string
    return found


def _blocks(body: Sequence[ast.stmt]) -> Iterator[list[Imported]]:
    """The runs of imports in ``body`` written on consecutive lines."""
    run: list[Imported] = []
    for stmt in body:
        if isinstance(stmt, Imported) and run and stmt.lineno == (run[-1].end_lineno or 0) + 1:
            run.append(stmt)
            continue
        if run:
            yield run
        run = [stmt] if isinstance(stmt, Imported) else []
    if run:
        yield run


def _bodies(node: ast.AST) -> Iterator[list[ast.stmt]]:
    for field in ("body", "orelse", "finalbody"):
        body = getattr(node, field, None)
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
            yield body
    for handler in getattr(node, "handlers", []):
        yield handler.body
    for case in getattr(node, "cases", []):
        yield case.body


def _deferred(tree: ast.Module) -> Iterator[list[Imported]]:
    """The blocks of imports made inside a function or a class."""

    def walk(node: ast.AST, inside: bool) -> Iterator[list[Imported]]:
        inside = inside or isinstance(
            node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda
        )
        for body in _bodies(node):
            if inside:
                yield from _blocks(body)
            for stmt in body:
                yield from walk(stmt, inside)

    yield from walk(tree, False)


def _said(block: list[Imported], comments: dict[int, str], lines: list[str]) -> bool:
    """A ``# deferred: REASON`` beside the block's imports or in the comment lines above."""

    def is_reason(line: int) -> bool:
        text = comments.get(line, "")
        return text.startswith(MARK) and bool(text[len(MARK) :].strip())

    if all(
        any(is_reason(n) for n in range(i.lineno, (i.end_lineno or i.lineno) + 1)) for i in block
    ):
        return True
    line = block[0].lineno - 1
    while line >= 1 and lines[line - 1].strip().startswith("#"):
        if is_reason(line):
            return True
        line -= 1
    return False


def function_level_offenders(files: Sequence[Path], root: Path = ROOT) -> list[str]:
    """``path:line: module`` for every import inside a function or class without its reason."""
    offenders = []
    for path in files:
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        comments = _comments(source)
        found = [
            i
            for block in _deferred(ast.parse(source, str(path)))
            if not _said(block, comments, lines)
            for i in block
        ]
        name = path.relative_to(root).as_posix()
        offenders += [f"{name}:{i.lineno}: {_module(i)}" for i in sorted(found, key=_line)]
    return offenders


def _line(node: Imported) -> int:
    return node.lineno


def _is_top(stmt: ast.stmt) -> bool:
    """What may come before a module's imports: its docstring, ``if TYPE_CHECKING:``, a
    ``try:`` of imports (an optional dependency)."""
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
        return isinstance(stmt.value.value, str)
    if isinstance(stmt, ast.If):
        return "TYPE_CHECKING" in ast.unparse(stmt.test)
    if isinstance(stmt, ast.Try):
        return all(isinstance(s, Imported) for s in stmt.body)
    return isinstance(stmt, Imported)


def late_offenders(files: Sequence[Path], root: Path = ROOT) -> list[str]:
    """``path:line: module`` for every module-level import after the module's code began."""
    offenders = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        code_began = False
        for stmt in tree.body:
            if not _is_top(stmt):
                code_began = True
            elif code_began and isinstance(stmt, Imported):
                name = path.relative_to(root).as_posix()
                offenders.append(f"{name}:{stmt.lineno}: {_module(stmt)}")
    return offenders


def _report(offenders: list[str], what: str) -> str:
    text = f"{len(offenders)} {what}:\n" + "\n".join(offenders)
    print(text)
    return text


def test_every_import_inside_a_function_says_why() -> None:
    files = _checked()
    assert len(files) > 80
    offenders = function_level_offenders(files)
    assert not offenders, _report(
        offenders, f"imports inside a function or class without a '{MARK} REASON' comment"
    )


def test_the_module_level_imports_come_first() -> None:
    offenders = late_offenders(_checked())
    assert not offenders, _report(offenders, "module-level imports after the module's code")


def test_the_check_finds_what_it_should(tmp_path: Path) -> None:
    """The checker itself: a bare import is found (and one after a blank line: another
    block), a said one (beside, above, shared by a block, a reason over two lines) is
    not, nor one under ``if TYPE_CHECKING:``."""
    sample = tmp_path / "banque" / "sample.py"
    sample.parent.mkdir()
    sample.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from os import path\n"
        "def bare():\n"
        "    import json\n"
        "    x = '# deferred: in a string'; import csv\n"
        "def said():\n"
        "    import re  # deferred: start-up cost\n"
        "    # deferred: cycle (a ↔ b): the journal\n"
        "    # imports this module at its top\n"
        "    import zlib\n"
        "    from . import (\n"
        "        other,\n"
        "    )\n"
        "    import gzip\n"
        "class Later:\n"
        "    def empty_reason(self):\n"
        "        # deferred:\n"
        "        import bz2\n"
        "    def gap(self):\n"
        "        # deferred: start-up cost\n"
        "        import lzma\n"
        "\n"
        "        import uuid\n"
        "x = 1\n"
        "import math\n",
        encoding="utf-8",
    )
    assert function_level_offenders([sample], tmp_path) == [
        "banque/sample.py:5: json",
        "banque/sample.py:6: csv",
        "banque/sample.py:19: bz2",
        "banque/sample.py:24: uuid",
    ]
    assert late_offenders([sample], tmp_path) == ["banque/sample.py:26: math"]
