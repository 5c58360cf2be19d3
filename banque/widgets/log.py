"""The log of the bank: the engine's events (never a concealed card)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import RichLog

from ..engine import Event
from ..i18n import _
from .common import suits

STRONG = {"settle", "natural", "end", "banker", "banco"}
#: The log keeps this many of the latest events (a long game's whole history
#: would make opening it, and every resize, grow with the game's length).
KEEP = 1000


class CoupLog(RichLog):
    """The coup's events and those of the coups before it."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            id=id, wrap=True, markup=False, highlight=False, min_width=20, max_lines=4 * KEEP
        )
        self.border_title = _("Log")
        self._shown = 0
        self._ascii = False

    def show(self, events: Sequence[Event], *, ascii_suits: bool) -> None:
        if ascii_suits != self._ascii or len(events) < self._shown:
            self.clear()
            self._shown = 0
            self._ascii = ascii_suits
        for ev in events[max(self._shown, len(events) - KEEP) :]:
            style = "bold" if ev.kind in STRONG else ""
            if ev.kind == "deal":
                style = "bold"
            self.write(Text(suits(ev.text, ascii_suits), style=style))
        if len(events) != self._shown:
            self.call_after_refresh(self.scroll_end, animate=False)
        self._shown = len(events)
