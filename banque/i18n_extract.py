"""Extract every translatable string of banque into the template, and update the catalogues.

Run it after adding or changing a ``_("…")`` or ``ngettext("…", "…", n)``::

    python -m banque.i18n_extract          # writes banque/locale/banque.pot, updates each .po
    python -m banque.i18n_extract --check  # exit status 1 if the template is out of date

The template lists each message once, with the files that use it (no line
numbers: moving code does not change the template).  Updating a catalogue keeps
every translation whose English text is still used, adds the new messages
untranslated, and keeps the translations of messages no longer used as obsolete
``#~`` entries (a translator may reuse them), so nothing translated is lost.
Only the standard library is used (no gettext tools needed).
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .msgfmt import Entry, parse_po

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
LOCALE_DIR = PACKAGE / "locale"
POT_PATH = LOCALE_DIR / "banque.pot"
#: The languages with a catalogue, and their plural rule (the .po header's).
PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "es": "nplurals=2; plural=(n != 1);",
}
LANGUAGE_NAMES = {"fr": "French", "es": "Spanish"}
#: The functions whose string literals are messages: name -> number of literal arguments.
KEYWORDS = {"_": 1, "N_": 1, "ngettext": 2, "Nn_": 2, "pgettext": 2}
_BRACES = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)?[^{}]*\}")


@dataclass
class Message:
    """One message of the source: its English text(s) and where it is used."""

    msgid: str
    msgid_plural: str | None = None
    files: list[str] = field(default_factory=list)
    msgctxt: str | None = None


@dataclass
class Problem:
    """A call whose text is not a literal (it cannot be extracted, hence not translated)."""

    where: str
    text: str


def extract(package: Path = PACKAGE) -> tuple[list[Message], list[Problem]]:
    """Every message of the package's ``.py`` files, in the order files and lines give."""
    found: dict[tuple[str | None, str, str | None], Message] = {}
    problems: list[Problem] = []
    for path in sorted(package.rglob("*.py")):
        if path.name == Path(__file__).name:
            continue
        rel = path.relative_to(package.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
        calls.sort(key=lambda n: (n.lineno, n.col_offset))
        for node in calls:
            func = node.func
            name = func.id if isinstance(func, ast.Name) else None
            if name not in KEYWORDS:
                continue
            count = KEYWORDS[name]
            args = node.args[:count]
            texts = [a.value for a in args if isinstance(a, ast.Constant)]
            if (
                len(args) < count
                or not all(isinstance(t, str) for t in texts)
                or len(texts) < count
            ):
                problems.append(Problem(f"{rel}:{node.lineno}", ast.unparse(node)[:80]))
                continue
            if name == "pgettext":
                key = (str(texts[0]), str(texts[1]), None)
            else:
                key = (None, str(texts[0]), str(texts[1]) if count == 2 else None)
            message = found.setdefault(key, Message(key[1], key[2], msgctxt=key[0]))
            if rel not in message.files:
                message.files.append(rel)
    return list(found.values()), problems


def placeholders(text: str) -> list[str]:
    """The ``{name}`` fields of a text, sorted (``{{`` and ``}}`` are literal braces).

    >>> placeholders("{n} chips for {name}, {{not}} {fund:>3}")
    ['fund', 'n', 'name']
    """
    cleaned = text.replace("{{", "").replace("}}", "")
    return sorted(m.group(1) or "" for m in _BRACES.finditer(cleaned))


def _quote(text: str) -> str:
    escaped = (
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\r", "\\r")
    )
    return '"' + escaped.replace("\n", "\\n") + '"'


def _field(keyword: str, text: str, prefix: str = "") -> list[str]:
    """``msgid "…"``, or over several lines when the text has line breaks."""
    if "\n" not in text.rstrip("\n"):
        return [f"{prefix}{keyword} {_quote(text)}"]
    parts = text.splitlines(keepends=True)
    return [f'{prefix}{keyword} ""'] + [f"{prefix}{_quote(p)}" for p in parts]


def _entry_lines(entry: Entry, files: Iterable[str] = ()) -> list[str]:
    prefix = "#~ " if entry.obsolete else ""
    lines = [] if entry.obsolete else [c for c in entry.comments if c.startswith("# ")]
    files = list(files)
    if files and not entry.obsolete:
        lines.append("#: " + " ".join(files))
    flags = []
    if entry.fuzzy:
        flags.append("fuzzy")
    if "{" in entry.msgid + (entry.msgid_plural or ""):
        flags.append("python-brace-format")
    if flags and not entry.obsolete:
        lines.append("#, " + ", ".join(flags))
    if entry.msgctxt is not None:
        lines += _field("msgctxt", entry.msgctxt, prefix)
    lines += _field("msgid", entry.msgid, prefix)
    if entry.msgid_plural is not None:
        lines += _field("msgid_plural", entry.msgid_plural, prefix)
        forms = entry.msgstr or ["", ""]
        for i, text in enumerate(forms):
            lines += _field(f"msgstr[{i}]", text, prefix)
    else:
        lines += _field("msgstr", entry.msgstr[0] if entry.msgstr else "", prefix)
    return lines


def _header(language: str | None) -> list[str]:
    if language is None:
        first = "# banque's messages: the template (python -m banque.i18n_extract writes it)."
        extra = ['"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"']
    else:
        first = f"# banque's messages in {LANGUAGE_NAMES.get(language, language)}."
        extra = [f'"Language: {language}\\n"', f'"Plural-Forms: {PLURAL_FORMS[language]}\\n"']
    return [
        first,
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: banque\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        *extra,
    ]


def render_pot(messages: Sequence[Message]) -> str:
    """The template's text."""
    blocks = [_header(None)]
    for m in messages:
        blocks.append(_entry_lines(Entry(m.msgid, m.msgid_plural, msgctxt=m.msgctxt), m.files))
    return "\n\n".join("\n".join(b) for b in blocks) + "\n"


def merge_po(messages: Sequence[Message], old_text: str, language: str) -> str:
    """A catalogue for ``messages``, keeping the translations of ``old_text``."""
    old = {(e.msgctxt, e.msgid, e.msgid_plural): e for e in parse_po(old_text) if e.msgid}
    used: set[tuple[str | None, str, str | None]] = set()
    blocks = [_header(language)]
    for m in messages:
        key = (m.msgctxt, m.msgid, m.msgid_plural)
        used.add(key)
        previous = old.get(key)
        entry = Entry(m.msgid, m.msgid_plural, msgctxt=m.msgctxt)
        if previous is not None:
            entry.msgstr = list(previous.msgstr)
            entry.fuzzy = previous.fuzzy
            entry.comments = previous.comments
        blocks.append(_entry_lines(entry, m.files))
    for key, e in old.items():
        if key not in used and e.translated:
            e.obsolete = True
            blocks.append(_entry_lines(e))
    return "\n\n".join("\n".join(b) for b in blocks) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m banque.i18n_extract",
        description="Write banque/locale/banque.pot from the source and update each .po.",
    )
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if the template is stale"
    )
    args = parser.parse_args(argv)
    messages, problems = extract()
    for p in problems:
        # A warning: the text it translates must be marked N_("…") where it is written.
        print(f"{p.where}: not a literal (mark its texts with N_): {p.text}", file=sys.stderr)
    pot = render_pot(messages)
    current = POT_PATH.read_text(encoding="utf-8") if POT_PATH.exists() else ""
    if args.check:
        if pot != current:
            print(f"{POT_PATH.relative_to(ROOT)} is out of date: run python -m banque.i18n_extract")
            return 1
        return 0
    POT_PATH.parent.mkdir(parents=True, exist_ok=True)
    POT_PATH.write_text(pot, encoding="utf-8")
    print(f"{POT_PATH.relative_to(ROOT)}: {len(messages)} messages")
    for language in PLURAL_FORMS:
        po_path = LOCALE_DIR / language / "LC_MESSAGES" / "banque.po"
        old = po_path.read_text(encoding="utf-8") if po_path.exists() else ""
        po_path.parent.mkdir(parents=True, exist_ok=True)
        po_path.write_text(merge_po(messages, old, language), encoding="utf-8")
        entries = [e for e in parse_po(po_path.read_text(encoding="utf-8")) if e.msgid]
        missing = sum(1 for e in entries if not e.obsolete and not e.translated)
        print(f"{po_path.relative_to(ROOT)}: {missing} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
