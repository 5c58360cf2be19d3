"""The log of the bank: the engine's events (never a concealed card).

The table's log keeps the latest events (:data:`SHOWN`), wrapped to its
width: a resize wraps them again and the log stays on its latest line.
PageUp and PageDown scroll it; the history screen (``l``) has every event.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from ...core.messages import tell_event
from ...games.banque.game import Event
from ...i18n import _
from .common import suits

STRONG = {"settle", "natural", "end", "banker", "banco", "deal"}
#: The events the table's log holds (the history screen holds them all); its lines are
#: at most four times as many, so that a long session's log stops growing within about
#: ten coups (with 400 it kept growing for over 100 coups).
SHOWN = 100
#: The lines drawn that the log keeps: RichLog's own cache of 1,024, keyed by their place
#: in the log (the places shift as old lines go, so it fills whatever the log holds).
DRAWN = 1024


def event_text(ev: Event, ascii_suits: bool) -> Text:
    """One event as the log shows it (plain text: never read as markup)."""
    return Text(suits(tell_event(ev), ascii_suits), style="bold" if ev.kind in STRONG else "")


class CoupLog(RichLog):
    """The coup's events and those of the coups before it."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            id=id, wrap=True, markup=False, highlight=False, min_width=20, max_lines=4 * SHOWN
        )
        self.border_title = _("Log")
        self.border_subtitle = _("PgUp PgDn · l: all")
        self._events: Sequence[Event] = ()
        self._shown = 0
        self._ascii = False
        self._wrapped_at = 0

    def show(self, events: Sequence[Event], *, ascii_suits: bool) -> None:
        self._events = events
        width = self.scrollable_content_region.width
        rewrapped = bool(self._shown and width and width != self._wrapped_at)
        if ascii_suits != self._ascii or len(events) < self._shown or rewrapped:
            self._ascii = ascii_suits
            self._rewrite()
            return
        start = max(self._shown, len(events) - SHOWN)
        if start > self._shown:  # more new events than the log keeps: start afresh
            self.clear()
        for ev in events[start:]:
            self.write(event_text(ev, ascii_suits))
        if len(events) != self._shown:
            self.call_after_refresh(self.scroll_end, animate=False)
        self._shown = len(events)
        self._wrapped_at = self.scrollable_content_region.width

    def retell(self) -> None:
        """The language changed: the titles and the events in it."""
        self.border_title = _("Log")
        self.border_subtitle = _("PgUp PgDn · l: all")
        self._rewrite()

    def _rewrite(self) -> None:
        """Write the latest events again, wrapped to the width the log has now."""
        self.clear()
        events = self._events
        for ev in events[-SHOWN:]:
            self.write(event_text(ev, self._ascii))
        self._shown = len(events)
        self._wrapped_at = self.scrollable_content_region.width
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_resize(self, event: events.Resize) -> None:
        # RichLog wraps a line once, as it is written: wrap them all again
        # (after RichLog's own handler has taken the new size).
        self.call_after_refresh(self._after_resize)

    def _after_resize(self) -> None:
        width = self.scrollable_content_region.width
        if self._shown and width and width != self._wrapped_at:
            self._rewrite()
        else:
            self.scroll_end(animate=False)
