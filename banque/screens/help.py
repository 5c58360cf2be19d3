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


def profile_help(rules: str) -> str:
    """The chosen profile's differences from home, as the help's first section."""
    from ..rules import LABELS, differences, house_rules

    house = house_rules(rules)
    lines = [
        f"# {_('This table plays by the {title} rules').format(title=house.title)}",
        "",
        _(
            "Where this profile differs from the home rules below (the home rule is kept "
            "wherever the book is silent; `banque rules {name}` prints them side by side):"
        ).format(name=rules),
        "",
    ]
    lines += [f"- **{_(LABELS[field])}**: {words}" for field, _home, words in differences(rules)]
    lines += ["", _("Keys of this profile: {keys}").format(keys=_PROFILE_KEYS.get(rules, ""))]
    return "\n".join(lines)


_PROFILE_KEYS = {
    "classic": "u: the banker burns 1-6 cards before a shoe's first deal (then a digit) · "
    "w (seating): the chosen player watches and bets from there · s: a spectator backs the "
    "other side · b: banco on both hands (then the chips on the right; the rest goes "
    "on the left) · t or Enter: take the offered bank, p: pass",
    "hoyle": "k: the banker declares the stakes accepted (at the deal, stakes above the fund) · "
    "Enter on a broken bank: replenish it to the agreed minimum, x: give it up · "
    "w (seating): the chosen player stands · s: a standing punter backs the other side",
}


class HelpScreen(ModalScreen[None]):
    """The rules and the keys. Escape, q, ? or F1 closes it.

    The app builds it once and shows the same screen again (``install_screen``).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "close", _("Close"), id="help.close"),
        Binding("home", "top", show=False),
        Binding("end", "bottom", show=False),
    ]

    def __init__(self, rules: str = "home") -> None:
        super().__init__(classes="help-screen")
        #: The table's rules: under classic or hoyle the help opens with their differences.
        self.rules = rules

    def compose(self) -> ComposeResult:
        with Vertical(id="help-dialog"):
            with VerticalScroll(id="help-scroll"):
                text = help_text()
                if self.rules != "home":
                    text = profile_help(self.rules) + "\n\n" + text
                yield Static(RichMarkdown(text, hyperlinks=False), id="help-text")
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
