"""Setup: the participants' names (3 to 11) and the game's seed."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Label, Static

from ..engine import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from ..errors import IllegalAction
from ..i18n import _

if TYPE_CHECKING:
    from ..app import BanqueApp

DEFAULT_NAMES = ("Ana", "Bruno", "Chloé", "David")


class SetupScreen(Screen[None]):
    """Names of the participants; Enter alone starts with the defaults."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "app.focus_next", _("Next field"), show=False, id="setup.next"),
        Binding("up", "app.focus_previous", _("Previous field"), show=False, id="setup.prev"),
        Binding("ctrl+r", "defaults", _("Default names"), id="setup.defaults"),
    ]

    def __init__(self, names: list[str] | None = None, seed: int | None = None) -> None:
        super().__init__(classes="setup-screen")
        self.names = list(names or DEFAULT_NAMES)
        self.seed = seed

    @property
    def banque(self) -> BanqueApp:
        return cast("BanqueApp", self.app)

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with VerticalScroll(id="setup-body"), Vertical(id="setup"):
            yield Static(
                Text.assemble(
                    (_("A new game of Baccarat Banque à deux tableaux"), "bold"),
                    "\n",
                    _(
                        "Name {lo} to {hi} participants (blank seats stay empty), "
                        "then press Enter to sit down."
                    ).format(lo=MIN_PLAYERS, hi=MAX_PLAYERS),
                ),
                id="setup-title",
            )
            for i in range(MAX_PLAYERS):
                with Horizontal(classes="setup-row"):
                    yield Label(_("Seat {n}").format(n=i + 1), classes="setup-label")
                    yield Input(
                        value=self.names[i] if i < len(self.names) else "",
                        placeholder=_("(empty)"),
                        max_length=MAX_NAME,
                        id=f"name-{i}",
                        compact=True,
                        classes="setup-name",
                    )
            with Horizontal(classes="setup-row"):
                yield Label(_("Seed"), classes="setup-label")
                yield Input(
                    value="" if self.seed is None else str(self.seed),
                    placeholder=_("(blank: from the clock)"),
                    restrict=r"[0-9]*",
                    max_length=18,
                    id="seed",
                    compact=True,
                    classes="setup-name",
                )
            yield Static("", id="setup-message")
            yield Static(
                _("Enter: start · ↑↓ or Tab: move · ctrl+r: default names · F1: help"),
                id="setup-hint",
            )
        yield Footer()

    def on_mount(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = self.banque.blink
        first = self.query_one("#name-0", Input)
        first.focus()
        first.cursor_position = len(first.value)

    def action_defaults(self) -> None:
        for i in range(MAX_PLAYERS):
            self.query_one(f"#name-{i}", Input).value = (
                DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else ""
            )

    @on(Input.Submitted)
    def _start(self) -> None:
        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(MAX_PLAYERS)]
        names = [n for n in names if n]
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.isdigit() else None
        try:
            self.banque.start_game(names, seed)
        except IllegalAction as exc:
            self.query_one("#setup-message", Static).update(Text(exc.message))
