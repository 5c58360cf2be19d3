"""Setup: the participants' names (3 to 11), each seat human or computer, pace, seed, moves,
the game (banque's house rules or another game) and that game's table option."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Label, Static

from ...constants import (
    MAX_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES_NAMES,
    SEAT_CHOICES,
    ForcedMoves,
    SeatChoice,
)
from ...core.errors import IllegalAction
from ...games import TWO_HAND_GAMES
from ...i18n import LANGUAGES, N_, _, chips, current_language
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
        "expert": _("computer · expert"),
    }[kind]


class ChoiceColumn(Widget, can_focus=True):
    """Rows of choices, one widget: each row shows its choice as ``◂ choice ▸``.

    One widget for many switches (a widget each made the first screen slow):
    the row with the cursor is the switch the keys change — space or ←/→, the
    setup screen's keys, acted on the moment they arrive (before the keys typed
    after them move the cursor). A row's first choice, the usual one, is bold.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"choice-column--cursor"}

    def __init__(
        self,
        rows: Sequence[tuple[Sequence[str], Callable[[str], str], str]],
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """``rows``: each row's choices, how a choice reads, and the one chosen."""
        super().__init__(id=id, classes=classes)
        self.choices = [tuple(choices) for choices, _label, _value in rows]
        self.labels = [label for _choices, label, _value in rows]
        self.values = [value for _choices, _label, value in rows]
        #: The row the keys change (shown while the column has the focus).
        self.row = 0

    def set_value(self, row: int, value: str) -> None:
        self.values[row] = value
        self.refresh()

    def set_row(
        self, row: int, choices: Sequence[str], label: Callable[[str], str], value: str
    ) -> None:
        """Give a row other choices (setup's table option follows the game chosen)."""
        self.choices[row] = tuple(choices)
        self.labels[row] = label
        self.values[row] = value
        self.refresh()

    def cycle(self, row: int, step: int) -> None:
        choices = self.choices[row]
        i = choices.index(self.values[row])
        self.set_value(row, choices[(i + step) % len(choices)])

    def move_to(self, row: int) -> None:
        self.row = row
        self.refresh()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """A line a row: known without drawing the column (Textual's default renders it
        to measure it, and :meth:`render` reads the widget's region, which before the
        first layout is done lays the whole screen out again: 20 ms of the first screen)."""
        return len(self.values)

    def render(self) -> Text:
        width = self.content_size.width
        lines = []
        for i, value in enumerate(self.values):
            line = Text(no_wrap=True, overflow="ellipsis", end="")
            if len(self.choices[i]) == 1:  # nothing to choose: no arrows, dim
                line.append(self.labels[i](value), "dim")
            else:
                line.append("◂ ", "dim")
                line.append(self.labels[i](value), "bold" if value == self.choices[i][0] else "")
                line.append(" ▸", "dim")
            line.truncate(width, overflow="ellipsis", pad=True)
            if i == self.row and self.has_focus:
                line.stylize_before(self.get_component_rich_style("choice-column--cursor"))
            lines.append(line)
        return Text("\n", end="").join(lines)

    def on_click(self, event: events.Click) -> None:
        if 0 <= event.y < len(self.values):
            self.move_to(event.y)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


def moves_label(mode: str) -> str:
    if mode == "announced":
        return _("announced: every side says carte or non")
    return _("automatic: faster, shows who holds 5")


#: Each profile in a few words (``banque rules NAME`` prints it whole).
RULES_WORDS = {
    "home": N_("home: the rules card"),
    "classic": N_("classic: Pocket Book of Games, 1944"),
    "hoyle": N_("hoyle: Hoyle-era rules, with a croupier"),
    "chemin-de-fer": N_("chemin de fer: the bank goes round"),
    "punto-banco": N_("punto banco: the house banks"),
}


def rules_label(rules: str) -> str:
    return _(RULES_WORDS[rules])


def language_label(code: str) -> str:
    """A language in its own name (``Français``), whatever the language spoken."""
    return LANGUAGES[code]


#: Each game's table option, as the command line has it: the option's name in
#: ``BanqueApp.options`` (classic's and hoyle's) or the chemin de fer table's
#: ``first_bank``, its row's label, and its choices, the default first. The home
#: rules and punto banco have none. (``--banco-split N``, a minimum a side, stays
#: a command-line value: setup offers it when it was given.)
TABLE_OPTIONS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "classic": ("banco_split", N_("Split"), ("free", "divided", "even")),
    "hoyle": ("first_bank", N_("1st bank"), ("auction", "list")),
    "chemin-de-fer": ("first_bank", N_("1st bank"), ("lot", "auction")),
}
#: The option row's label in a game without one.
NO_OPTION_LABEL = N_("Option")
#: Each choice of a table option in a few words (the README's "The houses' rules"
#: and "The other games" say them whole).
TABLE_OPTION_WORDS: dict[tuple[str, str], str] = {
    ("classic", "free"): N_("free: any division the caller chooses"),
    ("classic", "divided"): N_("divided: something on each side"),
    ("classic", "even"): N_("even: half on each side"),
    ("hoyle", "auction"): N_("auction: the highest bid holds it"),
    ("hoyle", "list"): N_("list: the first name on the list holds it"),
    ("chemin-de-fer", "lot"): N_("lot: the first banker is drawn by lot"),
    ("chemin-de-fer", "auction"): N_("auction: one bid each, the highest holds it"),
}


def table_option_label(game: str, value: str) -> str:
    """A choice of ``game``'s table option in a few words (``—`` where it has none)."""
    if game not in TABLE_OPTIONS:
        return "— " + _("no option for this game")
    if value.isdigit():  # classic's --banco-split N: at least N chips on each side
        return _("{n}: at least {chips} on each side").format(n=value, chips=chips(int(value)))
    return _(TABLE_OPTION_WORDS[(game, value)])


def table_option_row(game: str, given: str | None = None) -> tuple[tuple[str, ...], str]:
    """The option row's choices under ``game`` and the one chosen at first: ``given``
    (the command line's) if it is one, else the default. ``--banco-split N`` is
    offered as a choice of its own."""
    if game not in TABLE_OPTIONS:
        return ("",), ""
    choices = TABLE_OPTIONS[game][2]
    if given is not None and given.isdigit() and game == "classic":
        choices = (*choices, given)
    return choices, given if given in choices else choices[0]


def table_option_name(game: str) -> str:
    """The option row's label under ``game``, in the language spoken."""
    return _(TABLE_OPTIONS[game][1]) if game in TABLE_OPTIONS else _(NO_OPTION_LABEL)


#: The option rows of the options column, by their cell names.
OPTION_CELLS = ("language", "forced", "rules", "table_option")


def _refusal(exc: IllegalAction) -> str:
    """A refusal of the engine's, in the player's language."""
    # deferred: start-up cost: the first screen loads no messages (~10 ms, python -X
    # importtime); they come with the first refusal
    from ...core.messages import tell_error

    return tell_error(exc)


class SetupScreen(Screen[None]):
    """Names and seats of the participants; Enter alone starts with the defaults."""

    #: The first name has the focus from the start (not the scrolling body first,
    #: then the name: each focus change restyles the whole screen).
    AUTO_FOCUS = "#name-0"
    #: On a short terminal (24 lines) the title's blank line goes, so that the whole
    #: setup, its hint included, fits without scrolling.
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [(0, "-short"), (25, "-tall")]

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
        *,
        height: int | None = None,
    ) -> None:
        """``height``: the terminal's, if known: the screen starts with the class it
        gives (``-short``, ``-tall``), so that its first resize changes nothing (a
        class added then styles the whole screen again, before its first drawing)."""
        classes = "setup-screen"
        if height is not None:
            classes = f"{classes} {self.height_class(height)}".strip()
        super().__init__(classes=classes)
        self.names = list(names or DEFAULT_NAMES)
        self.kinds = list(kinds or DEFAULT_KINDS)
        self.seed = seed
        self.pace = pace
        #: The pace field's text and the options' choices as typed, kept across a
        #: change of language (the screen is composed again in the new one).
        self._pace_text = f"{pace:g}"
        self._seed_text = "" if seed is None else str(seed)
        self._options: list[str] | None = None  # forced moves, game, table option

    @classmethod
    def height_class(cls, height: int) -> str:
        """The class :attr:`VERTICAL_BREAKPOINTS` give a screen ``height`` lines high."""
        for lowest, name in sorted(cls.VERTICAL_BREAKPOINTS or [], reverse=True):
            if height >= lowest:
                return name
        return ""

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
                yield ChoiceColumn(
                    [
                        (SEAT_CHOICES, kind_label, kind)
                        for kind in (
                            self.kinds[i] if i < len(self.kinds) else "human"
                            for i in range(MAX_PLAYERS)
                        )
                    ],
                    id="kinds",
                    classes="setup-kinds",
                )
            # The options in columns too: one widget for their labels, one for the
            # switches (each was a row of three widgets).
            kept = self._options
            forced, rules = kept[:2] if kept else (self.banque.forced_moves, self.banque.rules)
            choices, option = table_option_row(
                rules, kept[2] if kept else self._given_option(rules)
            )
            with Horizontal(id="setup-options"):
                yield Static(
                    self._option_labels(rules),
                    id="setup-option-labels",
                    classes="setup-label setup-seat-labels",
                )
                with Vertical(classes="setup-option-fields"):
                    with Horizontal(classes="setup-row"):
                        yield TextField(
                            self._pace_text,
                            restrict=r"[0-9.]*",
                            max_length=5,
                            refuse="?",
                            id="pace",
                            classes="setup-pace",
                        )
                        yield Label(
                            _("seconds per computer move (0: at once)"), classes="setup-note"
                        )
                    yield TextField(
                        self._seed_text,
                        placeholder=_("(blank: a secure seed)"),
                        restrict=r"[0-9]*",
                        max_length=18,
                        refuse="?",
                        id="seed",
                        classes="setup-name",
                    )
                    yield ChoiceColumn(
                        [
                            (tuple(LANGUAGES), language_label, current_language()),
                            (("announced", "automatic"), moves_label, forced),
                            (RULES_NAMES + TWO_HAND_GAMES, rules_label, rules),
                            (choices, partial(table_option_label, rules), option),
                        ],
                        id="options",
                        classes="setup-choices",
                    )
            yield Static("", id="setup-message")
            yield Static(
                _(
                    "Enter: start · ↑↓ or Tab: move · space or ←→ on human/computer: change "
                    "it (ctrl+t from a name) · ctrl+r: default table · F1: help"
                ),
                id="setup-hint",
            )
        yield KeyBar()

    @staticmethod
    def _option_labels(game: str) -> str:
        """The options' labels, the last one the table option's under ``game``."""
        labels = (_("Pace"), _("Seed"), _("Language"), _("Moves"), _("Game"))
        return "\n".join((*labels, table_option_name(game)))

    def _given_option(self, game: str) -> str | None:
        """``game``'s table option as given on the command line, if it was (setup
        starts with it, and comes back to it when the game chosen comes back)."""
        if game not in ("classic", "hoyle"):
            return None  # chemin de fer's is chosen here (banque --game opens its table)
        value = self.banque.options.get(TABLE_OPTIONS[game][0])
        return None if value is None else str(value)

    def _game_changed(self) -> None:
        """The Game row changed: the option row follows it, at that game's default
        (or the command line's choice)."""
        game = self.option("rules")
        choices, value = table_option_row(game, self._given_option(game))
        column = self.query_one("#options", ChoiceColumn)
        column.set_row(
            OPTION_CELLS.index("table_option"), choices, partial(table_option_label, game), value
        )
        self.query_one("#setup-option-labels", Static).update(self._option_labels(game))

    def table_option(self) -> tuple[str, str | int] | None:
        """The game's table option as chosen: its name and value (``--banco-split N``'s
        as a number), or ``None`` under a game without one."""
        game = self.option("rules")
        if game not in TABLE_OPTIONS:
            return None
        value = self.option("table_option")
        return TABLE_OPTIONS[game][0], int(value) if value.isdigit() else value

    # ------------------------------------------------------------ moving

    def _rows(self) -> list[list[str]]:
        rows = [[f"name-{i}", f"kind-{i}"] for i in range(MAX_PLAYERS)]
        return [*rows, ["pace"], ["seed"], *([cell] for cell in OPTION_CELLS)]

    def focused_cell(self) -> str | None:
        """Where the keys go: a field's id, ``kind-N`` for seat N's player, or an
        option's name (``language``, ``forced``, ``rules``, ``table_option``)."""
        focused = self.focused
        if isinstance(focused, ChoiceColumn):
            if focused.id == "kinds":
                return f"kind-{focused.row}"
            return OPTION_CELLS[focused.row]
        return focused.id if focused is not None else None

    def focus_cell(self, cell: str) -> None:
        """Move the keys to a cell, at once (not after a refresh, like Widget.focus):
        a key typed right after the move acts on the cell moved to."""
        if cell.startswith("kind-"):
            column = self.query_one("#kinds", ChoiceColumn)
            column.move_to(int(cell.split("-")[1]))
            self.set_focus(column)
        elif cell in OPTION_CELLS:
            column = self.query_one("#options", ChoiceColumn)
            column.move_to(OPTION_CELLS.index(cell))
            self.set_focus(column)
        else:
            self.set_focus(self.query_one(f"#{cell}"))

    def kind_of(self, row: int) -> SeatChoice:
        """Seat ``row``'s player as chosen."""
        return cast("SeatChoice", self.query_one("#kinds", ChoiceColumn).values[row])

    def option(self, cell: str) -> str:
        """An option as chosen: ``forced`` (announced or automatic), ``rules`` (the game),
        ``table_option`` (that game's, as the command line says it) or ``language``."""
        return self.query_one("#options", ChoiceColumn).values[OPTION_CELLS.index(cell)]

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
        if action == "cycle_kind":  # only where the focus is on a column of switches
            return isinstance(self.focused, ChoiceColumn)
        return True

    async def action_cycle_kind(self, step: int) -> None:
        column = self.focused
        if isinstance(column, ChoiceColumn):
            column.cycle(column.row, step)
            cell = self.focused_cell()
            if cell == "rules":
                self._game_changed()
            elif cell == "language":
                await self.banque.switch_language(self.option("language"))

    async def retranslate(self) -> None:
        """The language changed: compose the screen again in it, keeping what was typed
        and chosen (names, players, pace, seed, options) and the focus."""
        here = self.focused_cell()
        self.names = [self.query_one(f"#name-{i}", TextField).value for i in range(MAX_PLAYERS)]
        self.kinds = [self.kind_of(i) for i in range(MAX_PLAYERS)]
        self._pace_text = self.query_one("#pace", TextField).value
        self._seed_text = self.query_one("#seed", TextField).value
        self._options = [self.option("forced"), self.option("rules"), self.option("table_option")]
        await self.recompose()  # an error line told in the old language goes: Enter tells it again
        self.focus_cell(here or "name-0")

    def action_toggle_kind(self) -> None:
        row = self._row_of_focus()
        if row is not None:
            self.query_one("#kinds", ChoiceColumn).cycle(row, 1)

    def action_defaults(self) -> None:
        self._clear_message()
        for i in range(MAX_PLAYERS):
            self.query_one(f"#name-{i}", TextField).value = (
                DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else ""
            )
        kinds = self.query_one("#kinds", ChoiceColumn)
        for i in range(MAX_PLAYERS):
            kinds.set_value(i, DEFAULT_KINDS[i] if i < len(DEFAULT_KINDS) else "human")

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

    def _say(self, text: str) -> None:
        """The setup's error line (it takes no room when there is none)."""
        message = self.query_one("#setup-message", Static)
        message.update(Text(text))
        message.set_class(bool(text), "-shown")
        if text:  # below the last row: on a small screen the body scrolls to show it
            self.call_after_refresh(message.scroll_visible, animate=False)

    def _clear_message(self) -> None:
        self._say("")

    @on(TextField.Changed)
    def _changed(self) -> None:
        """An edit answers the last error: it goes (Enter checks everything again)."""
        self._clear_message()

    def _start_other_game(
        self, game: str, names: list[str], kinds: list[SeatChoice], seed: int | None, pace: float
    ) -> None:
        """Check the seats under that game's rules, then leave setup for its table (in
        this App: :meth:`~banque.table.app.BanqueApp.open_two_hand`)."""
        # deferred: start-up cost: the first screen loads no session (nor the engine and
        # pydantic under it, ~300 ms, python -X importtime)
        from ...session.two_hands import check_seats

        if not self.banque.OTHER_GAMES:
            self._say(
                _(
                    "A hosted table plays banque (home, classic or hoyle rules); "
                    "{game} is played at one screen: banque --game {game}."
                ).format(game=game)
            )
            return
        try:
            check_seats(game, names)
        except IllegalAction as exc:
            self._say(_refusal(exc))
            return
        computers = {n: str(k) for n, k in zip(names, kinds, strict=True) if k != "human"}
        options: dict[str, Any] = {
            "names": names,
            "computers": computers,
            "seed": seed,
            "pace": pace,
            "forced_moves": self.banque.forced_moves,
        }
        option = self.table_option()
        if option is not None:  # chemin de fer's first bank, as --first-bank gives it
            options[option[0]] = option[1]
        self.banque.open_two_hand(game, **options)

    def action_start(self) -> None:
        pace = self._pace()
        if pace is None:
            self._say(
                _("The pace is a number of seconds from 0 to {most} (like 0.6).").format(
                    most=f"{PACE_MAX:g}"
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
        self.banque.forced_moves = cast("ForcedMoves", self.option("forced"))
        choice = self.option("rules")
        if choice in TWO_HAND_GAMES:  # the family's other games have their own tables
            self._start_other_game(choice, names, kinds, seed, pace)
            return
        self.banque.rules = choice
        given = self.banque.options
        option = self.table_option()
        if option is not None:  # as --banco-split or --first-bank gives it
            self.banque.options = {**given, option[0]: option[1]}
        try:
            self.banque.start_game(names, seed, kinds, pace)
        except IllegalAction as exc:
            self.banque.options = given  # still the command line's, for the next try
            self._say(_refusal(exc))
