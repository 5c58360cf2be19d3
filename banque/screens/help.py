"""Help: the rules of the home profile and the keys, rendered from Markdown.

The text is one widget (Rich's Markdown renderable in a Static), not Textual's
Markdown widget, which builds a widget for every heading, paragraph, list item
and table: the help opens as fast as the other screens.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.markdown import Markdown as RichMarkdown
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..i18n import _

HELP_FILE = Path(__file__).resolve().parent.parent / "help.md"


def help_text() -> str:
    try:
        return HELP_FILE.read_text(encoding="utf-8")
    except OSError:
        return _("# Help\n\nThe help file could not be read.")


class HelpScreen(ModalScreen[None]):
    """The rules and the keys. Escape, q, ? or F1 closes it.

    The app builds it once and shows the same screen again (``install_screen``).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "close", _("Close"), id="help.close"),
        Binding("home", "top", show=False),
        Binding("end", "bottom", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(classes="help-screen")

    def compose(self) -> ComposeResult:
        with Vertical(id="help-dialog"):
            with VerticalScroll(id="help-scroll"):
                yield Static(RichMarkdown(help_text(), hyperlinks=False), id="help-text")
            yield Static(_("↑↓ PgUp PgDn scroll · Escape, q, ? or F1 close"), id="help-keys")

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def on_screen_resume(self) -> None:
        # The app keeps this screen (built once): each opening starts at the top.
        self.action_top()
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_top(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)

    def action_bottom(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_end(animate=False)
