"""Drawing again only what changed: each part of a widget keeps the key of what it shows.

A table is drawn again after every act, every computer's move, every key; Textual
lays out and renders a widget again each time its content is set (``Static.update``)
or its border titles are, even to the same thing. So each widget that shows the game
(:class:`Remembers`) computes, for each of its parts, a small key of what that part
draws — the plain data: names, balances, stakes, cards, flags, the words already in
the player's language — and sets the part only when its key changed. A forced redraw
(a language switch: :func:`forget_drawn`) forgets the keys, so that everything is
set again.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.dom import DOMNode

from .cards import CardRow


def text_key(text: Text) -> tuple[Any, ...]:
    """Everything a :class:`~rich.text.Text` draws, as one comparable value (Rich's own
    ``==`` looks at the characters and spans only, not at the base style or wrapping)."""
    return (
        text.plain,
        tuple(text.spans),
        text.style,
        text.justify,
        text.overflow,
        text.no_wrap,
        text.end,
        text.tab_size,
    )


class Remembers:
    """Mixed into a widget (or a screen): the keys of what its parts show now."""

    _drawn_keys: dict[str, object] | None = None

    def redraws(self, part: str, key: object) -> bool:
        """``True`` (and ``key`` kept) when ``part`` must be drawn again: its key changed
        (or it was never drawn, or its keys were forgotten)."""
        keys = self._drawn_keys
        if keys is None:
            keys = self._drawn_keys = {}
        elif part in keys and keys[part] == key:
            return False
        keys[part] = key
        return True

    def forget_drawn(self) -> None:
        """Forget what was drawn: the next drawing sets every part again."""
        self._drawn_keys = None


def forget_drawn(root: DOMNode) -> None:
    """A forced redraw of ``root`` and what is in it (the language changed): every part
    is set again at the next drawing, and the cards (whose ranks are drawn in the
    player's language) are rendered again."""
    for node in (root, *root.query("*")):
        if isinstance(node, Remembers):
            node.forget_drawn()
        if isinstance(node, CardRow):
            node.refresh()
