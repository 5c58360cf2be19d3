"""The hand-off curtain before a seat's private view."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import _
from ..widgets.bars import KeyBar
from .private import close_on_escape_burst


class CurtainScreen(Screen[bool]):
    """ "Pass the keyboard to Bruno — Enter to look". Nothing of the table shows."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "look", _("Look"), id="curtain.look"),
        Binding("escape", "back", _("Back to the table"), id="curtain.back"),
    ]

    def __init__(self, who: str, reason: str | Callable[[], str] = "") -> None:
        super().__init__(classes="curtain-screen")
        self.who = who
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            text = Text(justify="center")
            text.append(
                _("Pass the keyboard to {who} — Enter to look").format(who=self.who), "bold"
            )
            text.append("\n\n")
            reason = self.reason() if callable(self.reason) else self.reason
            if reason:
                text.append(reason + "\n")
            text.append(_("Everyone else, please look away."), "dim")
            yield Static(text, id="curtain")
        yield KeyBar()

    async def retranslate(self) -> None:
        """The language changed: the curtain's words and keys in it."""
        await self.recompose()
        self.refresh_bindings()

    def on_key(self, event: events.Key) -> None:
        """Escape and a key at once (``alt+…``): back to the table, the key acts there."""
        close_on_escape_burst(self, event, self.action_back)

    def action_look(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)
