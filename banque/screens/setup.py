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
from textual.widgets import Footer, Header, Input, Label, Static

from ..constants import (
    MAX_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES_NAMES,
    SEAT_CHOICES,
    TABLE_GAMES,
    ForcedMoves,
    SeatChoice,
)
from ..errors import IllegalAction
from ..i18n import _
from ..widgets.action import InOrderInput

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


#: A switch's own keys: each acts on the switch that received it (see SetupInput).
KIND_KEYS = {"space": 1, "right": 1, "left": -1}


class KindSwitch(Widget, can_focus=True):
    """A seat's player: human, or a computer of a temperament (space or ←/→ change it)."""

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

    def on_key(self, event: events.Key) -> None:
        step = KIND_KEYS.get(event.key)
        if step is not None:
            event.stop()
            event.prevent_default()
            self.action_cycle(step)


class SetupInput(InOrderInput):
    """A setup field: ``?`` stays the help key (listed under "keys everywhere").

    Its editing keys act at once, in the order typed (see InOrderInput): the
    screen's moves are priority bindings, made the moment their key arrives.
    """

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character != "?" and super().check_consume_key(key, character)


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


#: Each profile in a few words (``banque rules NAME`` prints it whole).
RULES_WORDS = {
    "home": "home: the rules card",
    "classic": "classic: Pocket Book of Games, 1944",
    "hoyle": "hoyle: the Hoyle-era account, with a croupier",
    "chemin-de-fer": "chemin de fer: two hands, the bank goes round",
    "punto-banco": "punto banco: the house banks",
}


class RulesSwitch(Widget, can_focus=True):
    """The game: banque under home, classic or hoyle rules, chemin de fer or punto
    banco (space or ←→ cycle)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,right", "cycle(1)", _("Rules"), show=False),
        Binding("left", "cycle(-1)", _("Rules"), show=False),
    ]

    rules: reactive[str] = reactive("home")

    def __init__(self, rules: str, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="setup-kind setup-moves")
        self.set_reactive(RulesSwitch.rules, rules)

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("◂ ", "dim")
        text.append(_(RULES_WORDS[self.rules]), "bold" if self.rules == "home" else "")
        text.append(" ▸", "dim")
        return text

    def action_cycle(self, step: int) -> None:
        names = RULES_NAMES + TABLE_GAMES
        self.rules = names[(names.index(self.rules) + step) % len(names)]


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
                        yield SetupInput(
                            value=self.names[i] if i < len(self.names) else "",
                            placeholder=_("(empty)"),
                            max_length=MAX_NAME,
                            id=f"name-{i}",
                            compact=True,
                            classes="setup-name",
                        )
                with Vertical(classes="setup-kinds"):
                    for i in range(MAX_PLAYERS):
                        yield KindSwitch(
                            self.kinds[i] if i < len(self.kinds) else "human", id=f"kind-{i}"
                        )
            with Horizontal(classes="setup-row"):
                yield Label(_("Pace"), classes="setup-label")
                yield SetupInput(
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
                yield SetupInput(
                    value="" if self.seed is None else str(self.seed),
                    placeholder=_("(blank: from the clock)"),
                    restrict=r"[0-9]*",
                    max_length=18,
                    id="seed",
                    compact=True,
                    classes="setup-name",
                )
            with Horizontal(classes="setup-row"):
                yield Label(_("Moves"), classes="setup-label")
                yield MovesSwitch(self.banque.forced_moves, id="forced")
            with Horizontal(classes="setup-row"):
                yield Label(_("Game"), classes="setup-label")
                yield RulesSwitch(self.banque.rules, id="rules")
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

    # ------------------------------------------------------------ moving

    def _rows(self) -> list[list[str]]:
        rows = [[f"name-{i}", f"kind-{i}"] for i in range(MAX_PLAYERS)]
        return [*rows, ["pace"], ["seed"], ["forced"], ["rules"]]

    def action_row(self, delta: int) -> None:
        """Up/down: the same column of the previous or next row."""
        rows = self._rows()
        focused = self.focused
        here = focused.id if focused is not None else None
        for r, row in enumerate(rows):
            if here in row:
                col = row.index(here)
                target = rows[(r + delta) % len(rows)]
                # At once (not after a refresh, like Widget.focus): a key typed right
                # after the arrow acts on the row it moved to.
                self.set_focus(self.query_one(f"#{target[min(col, len(target) - 1)]}"))
                return
        self.set_focus(self.query_one("#name-0"))

    def action_focus_move(self, step: int) -> None:
        """Tab / shift+tab, at once, row by row: a name, its player, the next name…"""
        order = [ident for row in self._rows() for ident in row]
        focused = self.focused
        here = focused.id if focused is not None else None
        if here not in order:
            if step > 0:
                self.focus_next()
            else:
                self.focus_previous()
            return
        target = order[(order.index(here) + step) % len(order)]
        self.set_focus(self.query_one(f"#{target}"))

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
        self._clear_message()
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

    def _clear_message(self) -> None:
        self.query_one("#setup-message", Static).update("")

    @on(Input.Changed)
    def _changed(self) -> None:
        """An edit answers the last error: it goes (Enter checks everything again)."""
        self._clear_message()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    def _start_other_game(
        self, game: str, names: list[str], kinds: list[SeatChoice], seed: int | None, pace: float
    ) -> None:
        """Check the seats under that game's rules, then leave setup for its table
        (``run_app`` opens it once this app has closed)."""
        from ..games.tables import check_seats

        try:
            check_seats(game, names)
        except IllegalAction as exc:
            self.query_one("#setup-message", Static).update(Text(exc.message))
            return
        computers = {n: str(k) for n, k in zip(names, kinds, strict=True) if k != "human"}
        self.app.next_game = {  # type: ignore[attr-defined]
            "game": game,
            "names": names,
            "computers": computers,
            "seed": seed,
            "pace": pace,
            "forced_moves": self.banque.forced_moves,
        }
        self.app.exit(0)

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
        self.banque.forced_moves = self.query_one("#forced", MovesSwitch).mode
        choice = self.query_one("#rules", RulesSwitch).rules
        if choice in TABLE_GAMES:  # the family's other games have their own tables
            self._start_other_game(choice, names, kinds, seed, pace)
            return
        self.banque.rules = choice
        try:
            self.banque.start_game(names, seed, kinds, pace)
        except IllegalAction as exc:
            message.update(Text(exc.message))
