"""Untrusted text made safe to show: a record's or a keyboard's strings are text, never a command.

A record may be shared; whatever it holds is repeated in error lines and at the
table.  :func:`plain` makes a value one printable line of bounded length
(control characters escaped, long values cut), so that a record can never
write to the reader's terminal (``\\x1b[2J``) nor break a one-line message.
:func:`markup_literal` makes a string read literally by Textual's content
markup, for the few places (the command palette's help) that only take markup.

This module imports nothing but the standard library (the engine uses it).
"""

from __future__ import annotations

import codecs
import locale
import os
import sys
import unicodedata
from collections.abc import Mapping

#: Values quoted in a message are cut beyond this many characters.
LIMIT = 60
ELLIPSIS = "…"


def _escaped(ch: str) -> str:
    code = ord(ch)
    if ch == "\n":
        return "\\n"
    if ch == "\r":
        return "\\r"
    if ch == "\t":
        return "\\t"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def plain(value: object, limit: int | None = LIMIT) -> str:
    """``value`` as one printable line: control characters escaped, cut at ``limit``.

    >>> plain("\\x1b[2J")
    '\\\\x1b[2J'
    >>> plain("a\\nb")
    'a\\\\nb'
    >>> plain("x" * 70)[-3:]
    'xx…'
    """
    text = value if isinstance(value, str) else str(value)
    if limit is not None and len(text) > limit:
        text = text[:limit]
        cut = True
    else:
        cut = False
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else _escaped(ch) for ch in text)
    if limit is not None and len(text) > limit:
        text = text[:limit]
        cut = True
    return text + ELLIPSIS if cut else text


def quoted(value: object, limit: int | None = LIMIT) -> str:
    """A value quoted in an error line: ``'text'`` for strings, safe and cut.

    Strings are shown with Python's quoting (``repr``), other values as they
    print; either way on one printable line of bounded length.

    >>> quoted("Ana")
    "'Ana'"
    >>> quoted("\\x1b[2J")
    "'\\\\x1b[2J'"
    """
    if isinstance(value, str):
        if limit is not None and len(value) > limit:
            return plain(repr(value[:limit])[:-1], None) + ELLIPSIS + "'"
        return plain(repr(value), None)
    return plain(value, limit)


def markup_literal(text: str) -> str:
    """``text`` escaped for Textual's content markup: every ``[`` is read as a bracket.

    Prefer a ``Content``/``Text`` object; this is for APIs that take markup only.
    """
    return text.replace("[", "\\[")


# ------------------------------------------------------------ a terminal without UTF-8

#: One-column stand-ins for the glyphs banque writes, where the terminal lacks them.
GLYPHS: dict[str, str] = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "·": ".",
    "•": "*",
    "…": ".",
    "—": "-",
    "–": "-",
    "−": "-",
    "±": "+",
    "×": "x",
    "▶": ">",
    "▸": ">",
    "◂": "<",
    "◀": "<",
    "→": ">",
    "←": "<",
    "↑": "^",
    "↓": "v",
    "⇄": "=",
    "⚙": "*",
    "⏎": "<",
    "▒": "#",
    "░": "#",
    "▓": "#",
    "█": "#",
    "▌": "|",
    "▐": "|",
    "▏": "|",
    "▕": "|",
    "“": '"',
    "”": '"',
    "‘": "'",
    "’": "'",
    "«": '"',
    "»": '"',
    "\u202f": " ",
    "\u00a0": " ",
}


def box_stand_in(char: str) -> str | None:
    """Box drawing and block elements as ``-``, ``|``, ``+`` or a blank."""
    code = ord(char)
    if 0x2500 <= code <= 0x257F:
        name = unicodedata.name(char, "")
        if " AND " in name or " ARC " in name or "DIAGONAL" in name:
            return "+"
        if "HORIZONTAL" in name or name.endswith(("LEFT", "RIGHT")):
            return "-"
        if "VERTICAL" in name or name.endswith(("UP", "DOWN")):
            return "|"
        return "+"
    if 0x2580 <= code <= 0x259F:
        return " "  # the partial blocks of scrollbars: their colour draws them
    return None


def base_letter(char: str) -> str:
    """``é`` → ``e``; anything else → ``?``."""
    base = unicodedata.normalize("NFKD", char)[:1]
    return base if base.isascii() and base.isprintable() and base else "?"


def stand_in(char: str) -> str:
    """A character the terminal lacks, as a close ASCII one: ``♠`` → ``S``, ``é`` → ``e``."""
    return GLYPHS.get(char) or box_stand_in(char) or base_letter(char)


def _plain_errors(exc: UnicodeError) -> tuple[str, int]:
    """The ``banque-plain`` error handler: each character the encoding lacks written
    as :func:`stand_in` says (``Chloé`` → ``Chloe`` in ASCII)."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    return "".join(stand_in(c) for c in exc.object[exc.start : exc.end]), exc.end


codecs.register_error("banque-plain", _plain_errors)


def _coerced() -> bool:
    """Python saw a C locale and took UTF-8 for it (PEP 538 and 540: ``LC_CTYPE`` set to
    ``C.UTF-8``, the UTF-8 mode on), which the terminal never heard of."""
    asked = os.environ.get("PYTHONUTF8") or "utf8" in getattr(sys, "_xoptions", {})
    return bool(sys.flags.utf8_mode) and not asked


def locale_charset(env: Mapping[str, str] | None = None, *, coerced: bool | None = None) -> str:
    """The character set of the player's locale (``LC_ALL``, else ``LC_CTYPE``, else
    ``LANG``), as a Python codec name: ``utf-8``, ``ascii`` for ``C`` and ``POSIX``,
    ``iso8859-1`` for ``fr_FR.ISO-8859-1`` or a bare ``fr_FR``. With no locale set at
    all: ``utf-8`` (a modern terminal). Python's own ``C.UTF-8`` for a C locale
    (``coerced``) is seen through, since the terminal still speaks the C locale's ASCII.

    >>> locale_charset({"LANG": "C"}, coerced=True), locale_charset({"LC_ALL": "C"})
    ('ascii', 'ascii')
    >>> locale_charset({"LANG": "fr_FR.UTF-8"}), locale_charset({})
    ('utf-8', 'utf-8')
    """
    env = os.environ if env is None else env
    coerced = _coerced() if coerced is None else coerced
    for key in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(key, "")
        if not value or (key == "LC_CTYPE" and coerced and value == "C.UTF-8"):
            continue
        name = value.partition("@")[0]
        if name in ("C", "POSIX"):
            return "ascii"
        _lang, _dot, charset = locale.normalize(name).partition(".")
        try:
            return codecs.lookup(charset or "utf-8").name
        except LookupError:
            return "ascii"
    return "utf-8"


def locale_is_utf8(env: Mapping[str, str] | None = None) -> bool:
    """The player's locale says the terminal shows any character (UTF-8)."""
    return locale_charset(env).startswith("utf")
