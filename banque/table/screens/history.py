"""The whole log of the game, to scroll back through (``l`` at the table).

The table's log keeps the latest events; this screen has every one of them,
wrapped to the terminal's width (again after a resize).  It shows the public
log only: never a concealed card.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, ClassVar, cast

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Log, Static

from ...core.messages import tell_event
from ...i18n import _
from ..widgets.common import suits

if TYPE_CHECKING:
    from ..app import BanqueApp


def wrapped(lines: list[str], width: int) -> list[str]:
    """Each line cut at spaces to ``width`` columns (continuations indented)."""
    width = max(width, 10)
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
        else:
            out.extend(
                textwrap.wrap(
                    line,
                    width,
                    subsequent_indent="  ",
                    break_on_hyphens=False,
                )
                or [""]
            )
    return out


class HistoryScreen(ModalScreen[None]):
    """Every event of the game, the latest at the bottom. Escape, q or l closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,l", "close", _("Close"), id="history.close"),
        Binding("home", "top", _("First"), id="history.top"),
        Binding("end", "bottom", _("Latest"), id="history.bottom"),
    ]

    def __init__(self) -> None:
        super().__init__(classes="history-screen")
        self._width = 0

    @property
    def banque(self) -> BanqueApp:
        return cast("BanqueApp", self.app)

    def compose(self) -> ComposeResult:
        with Vertical(id="history-dialog"):
            yield Log(id="history-log", highlight=False)
            yield Static(
                _("↑↓ PgUp PgDn Home End scroll · Escape, q or l close"), id="history-keys"
            )

    def on_mount(self) -> None:
        log = self.query_one(Log)
        log.border_title = _("The whole log")
        log.focus()
        self.call_after_refresh(self._fill)

    async def retranslate(self) -> None:
        """The language changed: the titles, the keys and every event told again in it."""
        self.query_one(Log).border_title = _("The whole log")
        self.query_one("#history-keys", Static).update(
            _("↑↓ PgUp PgDn Home End scroll · Escape, q or l close")
        )
        self._width = 0  # written again, whatever the width
        self._fill()
        self.refresh_bindings()

    def _lines(self) -> list[str]:
        session = self.banque.session
        if session is None:
            return []
        ascii_suits = self.banque.ascii_suits
        return [suits(tell_event(ev), ascii_suits) for ev in session.messages]

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._fill)

    def _fill(self) -> None:
        log = self.query_one(Log)
        width = log.scrollable_content_region.width - 1  # room for the scrollbar
        if width <= 0 or width == self._width:
            return
        self._width = width
        lines = self._lines()
        log.clear()
        log.write_lines(wrapped(lines, width), scroll_end=True)
        log.border_subtitle = _("{n} events").format(n=len(lines))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_top(self) -> None:
        self.query_one(Log).scroll_home(animate=False)

    def action_bottom(self) -> None:
        self.query_one(Log).scroll_end(animate=False)
