"""The help of the chemin de fer and punto banco tables (``banque/table/games_help.md``)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...i18n import _, current_language
from .help import HelpMarkdown, RenderedText, localized_file

HELP_DIR = Path(__file__).resolve().parent.parent
HELP_FILE = HELP_DIR / "games_help.md"


def game_help(title: str) -> str:
    """The section headed ``# {title}`` of ``games_help.md``, in the language spoken now.

    ``title`` is the game's name, the same in every language ("Punto banco",
    "Chemin de fer"): each language's file (``games_help.fr.md``…) heads its
    sections with those names.
    """
    try:
        text = localized_file(HELP_DIR, "games_help", current_language()).read_text(
            encoding="utf-8"
        )
    except OSError:
        return f"# {title}\n\n" + _("The help file could not be read.")
    sections = text.split("\n# ")
    for section in sections:
        body = section.removeprefix("# ")
        if body.startswith(title):
            return "# " + body.strip() + "\n"
    return f"# {title}\n"


class GameHelpScreen(ModalScreen[None]):
    """A game's rules and keys, drawn as banque's help (its styles in ``screens.tcss``).
    Escape, q, ? or F1 closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "close", _("Close"), id="help.close"),
        Binding("home", "top", show=False),
        Binding("end", "bottom", show=False),
    ]

    def __init__(self, title: str) -> None:
        super().__init__(classes="help-screen")
        self.title_name = title

    def compose(self) -> ComposeResult:
        with Vertical(id="help-dialog"):
            with VerticalScroll(id="help-scroll"):
                yield RenderedText(
                    HelpMarkdown(game_help(self.title_name), hyperlinks=False), id="help-text"
                )
            yield Static(_("↑↓ PgUp PgDn scroll · Escape, q, ? or F1 close"), id="help-keys")

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_top(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)

    def action_bottom(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_end(animate=False)
