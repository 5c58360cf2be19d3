"""banque's translation catalogues, kept with Babel (for translators and developers).

After adding or changing a ``_("…")``, ``N_("…")``, ``ngettext("…", "…", n)``,
``Nn_("…", "…")`` or ``pgettext("context", "…")`` in the source, or after
editing a ``.po``::

    python -m banque.catalogues extract   # the source's messages -> banque/locale/banque.pot
    python -m banque.catalogues update    # banque.pot -> each language's banque.po
    python -m banque.catalogues compile   # each banque.po -> the banque.mo banque reads
    python -m banque.catalogues check     # exit 1 if any of these three steps is due,
                                          # or a message is untranslated or fuzzy
    python -m banque.catalogues           # extract, update and compile

The template lists each message once with the files that use it (no line
numbers: moving code does not change it). A comment ``# Translators: …`` on the
line before a message reaches the translators. Updating a catalogue keeps every
translation whose English text is still used, offers the translation of a
message whose English changed a little as *fuzzy* (left out of the ``.mo`` until
a translator confirms it), and keeps the translations no longer used as obsolete
``#~`` entries. ``pip install`` compiles the catalogues too (``hatch_build.py``);
banque itself reads the ``.mo`` files with the standard ``gettext`` module, so
Babel is needed only here and at build time.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from io import BytesIO
from pathlib import Path

from . import __version__

try:
    from babel.messages.catalog import Catalog, Message
    from babel.messages.extract import extract_from_file
    from babel.messages.mofile import read_mo, write_mo
    from babel.messages.pofile import PoFileError, read_po, write_po
except ModuleNotFoundError:  # a checkout installed without the test extra
    if __name__ != "__main__":
        raise
    sys.exit("python -m banque.catalogues needs Babel: pip install babel (or -e '.[test]')")

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
LOCALE_DIR = PACKAGE / "locale"
DOMAIN = "banque"
POT_PATH = LOCALE_DIR / f"{DOMAIN}.pot"
#: The languages with a catalogue (their plural rules are Babel's: fr n > 1, es n != 1).
LANGUAGES = ("fr", "es")
#: The functions whose string literals are messages, and which arguments are the texts.
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,  # the first argument
    "N_": None,
    "ngettext": (1, 2),  # singular, plural
    "Nn_": (1, 2),
    "pgettext": ((1, "c"), 2),  # context, text
}
COMMENT_TAGS = ("Translators:",)
_POT_HEADER = "# banque's messages: the template (python -m banque.catalogues extract writes it)."


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def extract(package: Path = PACKAGE) -> Catalog:
    """Every message of the package's ``.py`` files, in the order of its files and lines."""
    catalog = Catalog(project=DOMAIN, version=__version__, header_comment=_POT_HEADER)
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package.parent).as_posix()
        found = extract_from_file("python", path, KEYWORDS, COMMENT_TAGS, strip_comment_tags=True)
        for _lineno, text, comments, context in found:
            catalog.add(text, locations=[(rel, None)], auto_comments=comments, context=context)
    return catalog


class CatalogueError(ValueError):
    """A catalogue that cannot be read (its file and line in the message)."""


def read_catalogue(path: Path) -> Catalog:
    """A ``.po`` or ``.pot`` file as Babel reads it (obsolete entries in ``.obsolete``)."""
    try:
        with path.open("rb") as fh:
            return read_po(fh, abort_invalid=True)
    except PoFileError as exc:
        raise CatalogueError(f"{path}: {exc}") from None


def write_catalogue(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = BytesIO()
    # long lines left whole (a changed word changes one line), files without line numbers
    write_po(buffer, catalog, width=0, include_lineno=False)
    path.write_bytes(buffer.getvalue())


def _key(message: Message) -> tuple[str | None, str | tuple[str, ...]]:
    context = message.context
    if isinstance(context, bytes):  # as Babel's read_mo gives it
        context = context.decode("utf-8")
    return context, message.id if isinstance(message.id, str) else tuple(message.id)


def messages(
    catalog: Catalog,
) -> dict[tuple[str | None, str | tuple[str, ...]], tuple[object, ...]]:
    """The messages of a template as the source makes them: their texts, files, flags, comments."""
    return {
        _key(m): (
            sorted({file for file, _line in m.locations}),
            sorted(m.flags - {"fuzzy"}),
            list(m.auto_comments),
        )
        for m in catalog
        if m.id
    }


def translations(catalog: Catalog) -> dict[tuple[str | None, str | tuple[str, ...]], object]:
    """Each translated, non-fuzzy message's translation."""
    return {
        _key(m): m.string if isinstance(m.string, str) else tuple(m.string)
        for m in catalog
        if m.id and m.string and not m.fuzzy
    }


def template_is_current() -> bool:
    """Whether ``banque.pot`` has exactly the messages a fresh extraction finds."""
    try:
        committed = read_catalogue(POT_PATH)
    except (OSError, CatalogueError):  # none yet, or not one Babel reads
        return False
    return messages(committed) == messages(extract())


def compiled_is_current(language: str) -> bool:
    """Whether the language's ``.mo`` holds what its ``.po`` compiles to (its translations
    and plural rule; not the build's date or Babel's version)."""
    try:
        on_disk = read_mo(BytesIO(mo_path(language).read_bytes()))
    except (OSError, ValueError):  # none, or not a .mo
        return False
    fresh = read_mo(BytesIO(_compiled(po_path(language))))
    return (on_disk.plural_forms, translations(on_disk)) == (
        fresh.plural_forms,
        translations(fresh),
    )


def extract_template() -> str:
    """Write ``banque.pot`` from the source (untouched when its messages are the same)."""
    if template_is_current():
        return f"{POT_PATH.relative_to(ROOT)}: up to date"
    catalog = extract()
    write_catalogue(catalog, POT_PATH)
    return f"{POT_PATH.relative_to(ROOT)}: {len(catalog)} messages"


def update_catalogue(language: str) -> str:
    """Merge ``banque.pot`` into the language's ``.po`` (made if missing)."""
    template = read_catalogue(POT_PATH)
    path = po_path(language)
    if path.exists():
        catalog = read_catalogue(path)
    else:
        catalog = Catalog(locale=language, fuzzy=False)
        catalog.header_comment = f"# banque's messages in {catalog.locale.english_name}."
    catalog.update(template)
    catalog.project, catalog.version = template.project, template.version
    write_catalogue(catalog, path)
    todo = sum(1 for m in catalog if m.id and (m.fuzzy or not all(_forms(m))))
    return f"{path.relative_to(ROOT)}: {todo} to translate or confirm"


def _forms(message: Message) -> list[str]:
    return [message.string] if isinstance(message.string, str) else list(message.string)


def _compiled(po: Path) -> bytes:
    buffer = BytesIO()
    write_mo(buffer, read_catalogue(po))  # fuzzy entries left out; an empty plural form: English
    return buffer.getvalue()


def compile_catalogue(po: Path, mo: Path) -> None:
    """Compile a ``.po`` into the ``.mo`` that ``gettext`` reads (fuzzy entries left out)."""
    data = _compiled(po)
    mo.parent.mkdir(parents=True, exist_ok=True)
    tmp = mo.with_name(f"{mo.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    tmp.replace(mo)  # a banque starting meanwhile reads the old file or the new, whole


def check() -> list[str]:
    """What is out of step: the template, a catalogue, a compiled catalogue (empty: nothing)."""
    problems = []
    if not template_is_current():
        problems.append(f"{POT_PATH.relative_to(ROOT)} is out of date: run extract")
    wanted = set(messages(extract()))
    for language in LANGUAGES:
        path = po_path(language)
        catalog = read_catalogue(path)
        if wanted - {_key(m) for m in catalog if m.id}:
            problems.append(f"{path.relative_to(ROOT)} lacks messages: run update")
        todo = [m.id for m in catalog if m.id and (m.fuzzy or not all(_forms(m)))]
        if todo:
            problems.append(f"{path.relative_to(ROOT)}: {len(todo)} untranslated or fuzzy")
        if not compiled_is_current(language):
            problems.append(f"{mo_path(language).relative_to(ROOT)} is out of date: run compile")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m banque.catalogues",
        description="Keep banque's translation catalogues (banque/locale) in step with the source.",
    )
    parser.add_argument(
        "step",
        nargs="?",
        choices=["extract", "update", "compile", "check", "all"],
        default="all",
        help="extract the template, update each .po, compile each .mo, or check (default: "
        "the first three)",
    )
    step = parser.parse_args(argv).step
    try:
        return _run(step)
    except (OSError, CatalogueError) as exc:
        print(f"banque.catalogues: {exc}", file=sys.stderr)
        return 1


def _run(step: str) -> int:
    if step == "check":
        problems = check()
        for line in problems:
            print(line)
        return 1 if problems else 0
    if step in ("extract", "all"):
        print(extract_template())
    if step in ("update", "all"):
        for language in LANGUAGES:
            print(update_catalogue(language))
    if step in ("compile", "all"):
        for language in LANGUAGES:
            compile_catalogue(po_path(language), mo_path(language))
            print(f"{mo_path(language).relative_to(ROOT)}: compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
