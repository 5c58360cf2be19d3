"""Setup: the participants' names (3 to 11), each seat human or computer, pace and seed."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Header, Input, Label, Static

from ..constants import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS, SEAT_CHOICES, SeatChoice
from ..errors import IllegalAction
from ..i18n import _

if TYPE_CHECKING:
    from ..app import BanqueApp

DEFAULT_NAMES = ("Ana", "Bruno", "Chloé", "David")
#: The default table: one human (seat 1), then computers of both temperaments.
DEFAULT_KINDS: tuple[SeatChoice, ...] = ("human", "cautious", "bold", "cautious")
PACE_MAX = 10.0


def kind_label(kind: SeatChoice) -> str:
    return {
        "human": _("human"),
        "cautious": _("computer · cautious"),
        "bold": _("computer · bold"),
    }[kind]


class KindSwitch(Widget, can_focus=True):
    """A seat's player: human, or a computer of a temperament (space or ←/→ change it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,right", "cycle(1)", _("Human/computer"), show=False),
        Binding("left", "cycle(-1)", _("Human/computer"), show=False),
    ]

    kind: reactive[SeatChoice] = reactive("human")

    def __init__(self, kind: SeatChoice, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="setup-kind")
        self.set_reactive(KindSwitch.kind, kind)

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("◂ ", "dim")
        text.append(kind_label(self.kind), "bold" if self.kind == "human" else "")
        text.append(" ▸", "dim")
        return text

    def action_cycle(self, step: int) -> None:
        i = SEAT_CHOICES.index(self.kind)
        self.kind = SEAT_CHOICES[(i + step) % len(SEAT_CHOICES)]


class SetupScreen(Screen[None]):
    """Names and seats of the participants; Enter alone starts with the defaults."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "row(1)", _("Next field"), show=False, id="setup.next"),
        Binding("up", "row(-1)", _("Previous field"), show=False, id="setup.prev"),
        Binding("enter", "start", _("Start"), show=False, id="setup.start"),
        Binding("ctrl+t", "toggle_kind", _("Human/computer"), id="setup.kind"),
        Binding("ctrl+r", "defaults", _("Default table"), id="setup.defaults"),
    ]

    def __init__(
        self,
        names: list[str] | None = None,
        seed: int | None = None,
        kinds: list[SeatChoice] | None = None,
        pace: float = 0.6,
    ) -> None:
        super().__init__(classes="setup-screen")
        self.names = list(names or DEFAULT_NAMES)
        self.kinds = list(kinds or DEFAULT_KINDS)
        self.seed = seed
        self.pace = pace

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
                        "Name {lo} to {hi} participants (blank seats stay empty), make each "
                        "a human or a computer, then press Enter to sit down."
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
                    yield KindSwitch(
                        self.kinds[i] if i < len(self.kinds) else "human", id=f"kind-{i}"
                    )
            with Horizontal(classes="setup-row"):
                yield Label(_("Pace"), classes="setup-label")
                yield Input(
                    value=f"{self.pace:g}",
                    restrict=r"[0-9.]*",
                    max_length=5,
                    id="pace",
                    compact=True,
                    classes="setup-pace",
                )
                yield Label(_("seconds per computer move (0: at once)"), classes="setup-note")
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
                _(
                    "Enter: start · ↑↓ or Tab: move · space or ←→ on human/computer: change "
                    "it (ctrl+t from a name) · ctrl+r: default table · F1: help"
                ),
                id="setup-hint",
            )
        yield Footer()

    def on_mount(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = self.banque.blink
        first = self.query_one("#name-0", Input)
        first.focus()
        first.cursor_position = len(first.value)

    # ------------------------------------------------------------ moving

    def _rows(self) -> list[list[str]]:
        rows = [[f"name-{i}", f"kind-{i}"] for i in range(MAX_PLAYERS)]
        return [*rows, ["pace"], ["seed"]]

    def action_row(self, delta: int) -> None:
        """Up/down: the same column of the previous or next row."""
        rows = self._rows()
        focused = self.focused
        here = focused.id if focused is not None else None
        for r, row in enumerate(rows):
            if here in row:
                col = row.index(here)
                target = rows[(r + delta) % len(rows)]
                self.query_one(f"#{target[min(col, len(target) - 1)]}").focus()
                return
        self.query_one("#name-0").focus()

    def _row_of_focus(self) -> int | None:
        focused = self.focused
        ident = focused.id if focused is not None else None
        if ident and ident.startswith(("name-", "kind-")):
            return int(ident.split("-")[1])
        return None

    def action_toggle_kind(self) -> None:
        row = self._row_of_focus()
        if row is not None:
            self.query_one(f"#kind-{row}", KindSwitch).action_cycle(1)

    def action_defaults(self) -> None:
        for i in range(MAX_PLAYERS):
            self.query_one(f"#name-{i}", Input).value = (
                DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else ""
            )
            self.query_one(f"#kind-{i}", KindSwitch).kind = (
                DEFAULT_KINDS[i] if i < len(DEFAULT_KINDS) else "human"
            )

    # ------------------------------------------------------------ starting

    def _pace(self) -> float | None:
        text = self.query_one("#pace", Input).value.strip()
        if not text:
            return 0.0
        try:
            pace = float(text)
        except ValueError:
            return None
        return pace if 0.0 <= pace <= PACE_MAX else None

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        message = self.query_one("#setup-message", Static)
        pace = self._pace()
        if pace is None:
            message.update(
                Text(
                    _("The pace is a number of seconds from 0 to {most} (like 0.6).").format(
                        most=f"{PACE_MAX:g}"
                    )
                )
            )
            return
        names: list[str] = []
        kinds: list[SeatChoice] = []
        for i in range(MAX_PLAYERS):
            name = self.query_one(f"#name-{i}", Input).value.strip()
            if name:
                names.append(name)
                kinds.append(self.query_one(f"#kind-{i}", KindSwitch).kind)
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.isdigit() else None
        try:
            self.banque.start_game(names, seed, kinds, pace)
        except IllegalAction as exc:
            message.update(Text(exc.message))
