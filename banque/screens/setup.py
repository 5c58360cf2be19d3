"""Setup: the participants' names (3 to 11), each seat human or computer, pace, seed, moves."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Label, Static

from ..constants import (
    MAX_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SEAT_CHOICES,
    ForcedMoves,
    SeatChoice,
)
from ..errors import IllegalAction
from ..i18n import _
from ..widgets.bars import KeyBar, TitleBar
from ..widgets.field import TextField

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


class KindColumn(Widget, can_focus=True):
    """Each seat's player — human, or a computer of a temperament — one row a seat.

    One widget for the eleven seats (a widget each made the first screen slow):
    the row with the cursor is the seat's "switch"; space or ←/→ change it (the
    setup screen's keys: they act on the row the cursor is on when they arrive,
    before the keys typed after them move it).
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"kind-column--cursor"}

    def __init__(self, kinds: list[SeatChoice], *, id: str | None = None) -> None:
        super().__init__(id=id, classes="setup-kinds")
        self.kinds = list(kinds)
        #: The seat whose player the keys change (shown while the column has the focus).
        self.row = 0

    def set_kind(self, row: int, kind: SeatChoice) -> None:
        self.kinds[row] = kind
        self.refresh()

    def cycle(self, row: int, step: int) -> None:
        i = SEAT_CHOICES.index(self.kinds[row])
        self.set_kind(row, SEAT_CHOICES[(i + step) % len(SEAT_CHOICES)])

    def move_to(self, row: int) -> None:
        self.row = row
        self.refresh()

    def render(self) -> Text:
        width = self.content_size.width
        lines = []
        for i, kind in enumerate(self.kinds):
            line = Text(no_wrap=True, overflow="ellipsis", end="")
            line.append("◂ ", "dim")
            line.append(kind_label(kind), "bold" if kind == "human" else "")
            line.append(" ▸", "dim")
            line.truncate(width, overflow="ellipsis", pad=True)
            if i == self.row and self.has_focus:
                line.stylize_before(self.get_component_rich_style("kind-column--cursor"))
            lines.append(line)
        return Text("\n", end="").join(lines)

    def on_click(self, event: events.Click) -> None:
        if 0 <= event.y < len(self.kinds):
            self.move_to(event.y)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class MovesSwitch(Widget, can_focus=True):
    """How forced moves are made: announced (nothing revealed) or automatic (faster)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,right,left", "cycle", _("Announced/automatic"), show=False),
    ]

    mode: reactive[ForcedMoves] = reactive("announced")

    def __init__(self, mode: ForcedMoves, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="setup-kind setup-moves")
        self.set_reactive(MovesSwitch.mode, mode)

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("◂ ", "dim")
        if self.mode == "announced":
            text.append(_("announced: every side says carte or non"), "bold")
        else:
            text.append(_("automatic: faster, shows who holds 5"))
        text.append(" ▸", "dim")
        return text

    def action_cycle(self) -> None:
        self.mode = "automatic" if self.mode == "announced" else "announced"


class SetupScreen(Screen[None]):
    """Names and seats of the participants; Enter alone starts with the defaults."""

    #: The first name has the focus from the start (not the scrolling body first,
    #: then the name: each focus change restyles the whole screen).
    AUTO_FOCUS = "#name-0"

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority: a move acts the moment its key arrives, in the order typed, so
        # that a key typed right after it (a burst, as over SSH) acts on the field
        # moved to; the fields and switches run their own keys (in order) too.
        Binding("down", "row(1)", _("Next field"), show=False, priority=True, id="setup.next"),
        Binding("up", "row(-1)", _("Previous field"), show=False, priority=True, id="setup.prev"),
        Binding("tab", "focus_move(1)", show=False, priority=True, id="setup.tab"),
        Binding("shift+tab", "focus_move(-1)", show=False, priority=True, id="setup.backtab"),
        # Not priority: Enter reads the fields, after the keys typed before it.
        Binding("enter", "start", _("Start"), show=False, id="setup.start"),
        Binding("ctrl+t", "toggle_kind", _("Human/computer"), priority=True, id="setup.kind"),
        # The players' column: its keys act the moment they arrive, on the row the
        # cursor is on then (a burst "down, space" changes the next seat's player).
        Binding("space,right", "cycle_kind(1)", show=False, priority=True, id="setup.kind_next"),
        Binding("left", "cycle_kind(-1)", show=False, priority=True, id="setup.kind_back"),
        Binding("ctrl+r", "defaults", _("Default table"), priority=True, id="setup.defaults"),
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
        yield TitleBar(icon="♠")
        with VerticalScroll(id="setup-body"):
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
            # The seats in three columns (labels, names, players): one widget for
            # the eleven labels, no container a row — a quarter of the screen's
            # widgets fewer, each of which costs the first screen its styling.
            with Horizontal(id="setup-seats"):
                yield Static(
                    "\n".join(_("Seat {n}").format(n=i + 1) for i in range(MAX_PLAYERS)),
                    classes="setup-label setup-seat-labels",
                )
                with Vertical(classes="setup-names"):
                    for i in range(MAX_PLAYERS):
                        yield TextField(
                            self.names[i] if i < len(self.names) else "",
                            placeholder=_("(empty)"),
                            max_length=MAX_NAME,
                            refuse="?",  # the help key (listed under "keys everywhere")
                            id=f"name-{i}",
                            classes="setup-name",
                        )
                yield KindColumn(
                    [self.kinds[i] if i < len(self.kinds) else "human" for i in range(MAX_PLAYERS)],
                    id="kinds",
                )
            with Horizontal(classes="setup-row"):
                yield Label(_("Pace"), classes="setup-label")
                yield TextField(
                    f"{self.pace:g}",
                    restrict=r"[0-9.]*",
                    max_length=5,
                    refuse="?",
                    id="pace",
                    classes="setup-pace",
                )
                yield Label(_("seconds per computer move (0: at once)"), classes="setup-note")
            with Horizontal(classes="setup-row"):
                yield Label(_("Seed"), classes="setup-label")
                yield TextField(
                    "" if self.seed is None else str(self.seed),
                    placeholder=_("(blank: from the clock)"),
                    restrict=r"[0-9]*",
                    max_length=18,
                    refuse="?",
                    id="seed",
                    classes="setup-name",
                )
            with Horizontal(classes="setup-row"):
                yield Label(_("Moves"), classes="setup-label")
                yield MovesSwitch(self.banque.forced_moves, id="forced")
            yield Static("", id="setup-message")
            yield Static(
                _(
                    "Enter: start · ↑↓ or Tab: move · space or ←→ on human/computer: change "
                    "it (ctrl+t from a name) · ctrl+r: default table · F1: help"
                ),
                id="setup-hint",
            )
        yield KeyBar()

    # ------------------------------------------------------------ moving

    def _rows(self) -> list[list[str]]:
        rows = [[f"name-{i}", f"kind-{i}"] for i in range(MAX_PLAYERS)]
        return [*rows, ["pace"], ["seed"], ["forced"]]

    def focused_cell(self) -> str | None:
        """Where the keys go: a field's id, or ``kind-N`` for seat N's player."""
        focused = self.focused
        if isinstance(focused, KindColumn):
            return f"kind-{focused.row}"
        return focused.id if focused is not None else None

    def focus_cell(self, cell: str) -> None:
        """Move the keys to a cell, at once (not after a refresh, like Widget.focus):
        a key typed right after the move acts on the cell moved to."""
        if cell.startswith("kind-"):
            column = self.query_one(KindColumn)
            column.move_to(int(cell.split("-")[1]))
            self.set_focus(column)
        else:
            self.set_focus(self.query_one(f"#{cell}"))

    def kind_of(self, row: int) -> SeatChoice:
        """Seat ``row``'s player as chosen."""
        return self.query_one(KindColumn).kinds[row]

    def action_row(self, delta: int) -> None:
        """Up/down: the same column of the previous or next row."""
        rows = self._rows()
        here = self.focused_cell()
        for r, row in enumerate(rows):
            if here in row:
                col = row.index(here)
                target = rows[(r + delta) % len(rows)]
                self.focus_cell(target[min(col, len(target) - 1)])
                return
        self.focus_cell("name-0")

    def action_focus_move(self, step: int) -> None:
        """Tab / shift+tab, at once, row by row: a name, its player, the next name…"""
        order = [ident for row in self._rows() for ident in row]
        here = self.focused_cell()
        if here not in order:
            if step > 0:
                self.focus_next()
            else:
                self.focus_previous()
            return
        self.focus_cell(order[(order.index(here) + step) % len(order)])

    def _row_of_focus(self) -> int | None:
        ident = self.focused_cell()
        if ident and ident.startswith(("name-", "kind-")):
            return int(ident.split("-")[1])
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cycle_kind":  # only where the focus is on the players' column
            return isinstance(self.focused, KindColumn)
        return True

    def action_cycle_kind(self, step: int) -> None:
        column = self.query_one(KindColumn)
        column.cycle(column.row, step)

    def action_toggle_kind(self) -> None:
        row = self._row_of_focus()
        if row is not None:
            self.query_one(KindColumn).cycle(row, 1)

    def action_defaults(self) -> None:
        self._clear_message()
        for i in range(MAX_PLAYERS):
            self.query_one(f"#name-{i}", TextField).value = (
                DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else ""
            )
        self.query_one(KindColumn).kinds = [
            DEFAULT_KINDS[i] if i < len(DEFAULT_KINDS) else "human" for i in range(MAX_PLAYERS)
        ]
        self.query_one(KindColumn).refresh()

    # ------------------------------------------------------------ starting

    def _pace(self) -> float | None:
        text = self.query_one("#pace", TextField).value.strip()
        if not text:
            return 0.0
        try:
            pace = float(text)
        except ValueError:
            return None
        return pace if 0.0 <= pace <= PACE_MAX else None

    def _clear_message(self) -> None:
        self.query_one("#setup-message", Static).update("")

    @on(TextField.Changed)
    def _changed(self) -> None:
        """An edit answers the last error: it goes (Enter checks everything again)."""
        self._clear_message()

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
            name = self.query_one(f"#name-{i}", TextField).value.strip()
            if name:
                names.append(name)
                kinds.append(self.kind_of(i))
        seed_text = self.query_one("#seed", TextField).value.strip()
        seed = int(seed_text) if seed_text.isdigit() else None
        self.banque.forced_moves = self.query_one("#forced", MovesSwitch).mode
        try:
            self.banque.start_game(names, seed, kinds, pace)
        except IllegalAction as exc:
            message.update(Text(exc.message))
