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
import unicodedata
from typing import TYPE_CHECKING, TextIO

from rich.cells import cell_len

if TYPE_CHECKING:
    from textual.driver import Driver

#: One-column stand-ins for the glyphs the table draws.
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
}


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
    """The terminal cannot print UTF-8: the table should draw in plain characters."""
    return not is_utf8(output_encoding(stream))


def _box(char: str) -> str | None:
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
            out = GLYPHS.get(char) or _box(char) or _base_letter(char)
            width = cell_len(char)
            out = (out * width)[:width] if width > 1 else out
        else:
            out = char
        self[code] = out
        return out


def _base_letter(char: str) -> str:
    """``é`` → ``e``; anything else → ``?``."""
    base = unicodedata.normalize("NFKD", char)[:1]
    return base if base.isascii() and base.isprintable() and base else "?"


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
