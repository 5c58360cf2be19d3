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
