"""What the terminal can show: its output encoding and its colours.

A terminal whose output encoding is not UTF-8 (a ``latin-1`` locale, or
``PYTHONIOENCODING=ascii``) cannot print ``♠``, ``╭`` or ``·``: Python would
write them as ``\\u2660``.  The table then switches to plain output by
itself: ASCII suits and card frames, ASCII borders, and a driver that writes
every other character the encoding lacks as a close ASCII one, one column
for one column (so that the layout stays as drawn).

>>> plain_text("╭─ Left · 10♥ ─╮", "ascii")
'+- Left . 10H -+'
>>> plain_text("Chloé ▶ ⚙ −5 ±0", "ascii")
'Chloe > * -5 +0'
>>> plain_text("Chloé · ±0 ♠", "latin-1")  # what latin-1 has stays
'Chloé · ±0 S'
"""

from __future__ import annotations

import codecs
import sys
from typing import TYPE_CHECKING, TextIO

from rich.cells import cell_len

from ..text import locale_charset, locale_is_utf8, stand_in

if TYPE_CHECKING:
    from textual.driver import Driver


def is_utf8(encoding: str | None) -> bool:
    """Whether text written with ``encoding`` can be any character."""
    if not encoding:
        return True  # unknown: assume a modern terminal
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return False
    return name.startswith("utf")


def output_encoding(stream: TextIO | None = None) -> str | None:
    """The encoding of the stream the table is drawn on (Textual draws on stderr)."""
    stream = stream if stream is not None else sys.__stderr__
    return getattr(stream, "encoding", None)


def plain_output_wanted(stream: TextIO | None = None) -> bool:
    """The terminal cannot print UTF-8: the table should draw in plain characters.

    Its output's encoding says so (``PYTHONIOENCODING=ascii``), or the player's locale
    does (``LANG=C``, ``LC_ALL=C``, ``fr_FR.ISO-8859-1``), which Python's UTF-8 mode
    hides from the output's encoding."""
    return not is_utf8(output_encoding(stream)) or not locale_is_utf8()


def output_charset(stream: TextIO | None = None) -> str:
    """The character set the table is drawn in: the output's, else the locale's."""
    encoding = output_encoding(stream)
    if encoding and not is_utf8(encoding):
        return encoding
    return locale_charset()


class PlainTable(dict[int, str]):
    """``str.translate`` table: each character the encoding lacks, in ASCII (cached)."""

    def __init__(self, encoding: str) -> None:
        super().__init__()
        self.encoding = encoding

    def __missing__(self, code: int) -> str:
        char = chr(code)
        try:
            char.encode(self.encoding)
        except UnicodeEncodeError:
            out = stand_in(char)
            width = cell_len(char)
            out = (out * width)[:width] if width > 1 else out
        else:
            out = char
        self[code] = out
        return out


def plain_text(text: str, encoding: str) -> str:
    """``text`` with every character ``encoding`` lacks replaced (one column each)."""
    if text.isascii():
        return text
    return text.translate(PlainTable(encoding))


def plain_driver(base: type[Driver], encoding: str) -> type[Driver]:
    """A driver like ``base`` that writes only what ``encoding`` can say."""
    table = PlainTable(encoding)

    class PlainDriver(base):  # type: ignore[valid-type,misc]
        def write(self, data: str) -> None:
            super().write(data if data.isascii() else data.translate(table))

    PlainDriver.__name__ = f"Plain{base.__name__}"
    return PlainDriver
