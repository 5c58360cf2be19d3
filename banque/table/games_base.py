"""What the two-hand tables (punto banco, chemin de fer) share with banque's table.

The same frame (:func:`two_hand_table`: banque's title bar, the game's widgets, its
key bar) and the same App: :class:`~banque.table.app.BanqueApp` hosts the game's
:class:`TwoHandTable` (:func:`open_game` makes it, with its journal: an
:class:`Opening`) and holds, for it as for banque's own table, the command palette
(:class:`~banque.table.palette.GameCommands`: the help, ctrl+s's save, F2's ASCII
suits, the game's keys that apply now, each seat's private view, the themes and the
languages), the help screen's look (F1), ctrl+s saving the record
(:mod:`~banque.table.saving`), space pausing the computer players and ``.`` playing
one move while they are paused, the journal tried again while it cannot be written.
At the game's end its standings are banque's standings screen, over the table.

A signal ends the table as ``q`` would, its journal up to date; a crash is said in
one line, with where the game is kept (the App's ``keep_game`` and ``crash_words``).
"""

from __future__ import annotations

import importlib
from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.dom import NoScreen
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ..core.cards import pretty
from ..core.messages import tell
from ..core.rng import seed_and_stream
from ..games import definition
from ..games.two_hands import big_road
from ..i18n import _, ngettext, retranslate
from ..session.port import TwoHandSession
from ..session.two_hands import from_record, open_session, run_table
from ..session.two_hands import resume as resume_session
from .app import BanqueApp
from .keeping import is_journal_file
from .palette import GameCommand
from .screens.games_help import GameHelpScreen
from .screens.standings import StandingsScreen
from .widgets.bars import KeyBar, TitleBar
from .widgets.common import suits
from .widgets.drawn import Remembers, forget_drawn, text_key

__all__ = [
    "Opening",
    "TwoHandTable",
    "open_game",
    "open_table",
    "opening_of",
    "road_text",
    "table_keys",
]


def table_keys(quit_action: str = "quit_table") -> list[BindingType]:
    """The keys both tables end their key bar with (a joined seat's ``q`` leaves its app;
    ``q`` is not shown: the bar must fit 80 columns in every language, and F1 says it)."""
    return [
        Binding("e", "end_game", _("End"), id="two-hand.end"),
        Binding("f1,question_mark", "help", _("Help"), key_display="F1", id="two-hand.help"),
        Binding("q", quit_action, _("Quit"), show=False, id="two-hand.quit"),
    ]


class _AbstractScreen(type(Screen), ABCMeta):  # type: ignore[misc]
    """A screen's metaclass that also keeps abstract methods (each game must draw)."""


class TwoHandTable(Remembers, Screen[Any], inherit_bindings=False, metaclass=_AbstractScreen):
    """A two-hand game's table: the game's widgets, keys and drawing, the same screen
    at the local table (hosted by :class:`~banque.table.app.BanqueApp`) and at a joined seat
    (:mod:`~banque.table.screens.joined_two_hands`: a subclass that reads the host's
    views and sends its acts).

    Its styles are banque's own stylesheet's (``screens.tcss``): it has the classes
    ``two-hand`` and :attr:`SCREEN_CLASS`, and its widgets' ids begin with ``th-``
    (:meth:`_w` finds them without it).  What belongs to the table rather than to the
    game — the journal, the computers' pace and pause, F2's ASCII suits — is its App's."""

    #: The screen's class for this game's rules in ``screens.tcss`` (each game sets it).
    SCREEN_CLASS: ClassVar[str] = ""
    #: The game's name in its help (the title of its section in ``games_help.md``).
    HELP_SECTION: ClassVar[str] = ""
    #: The game's commands the palette offers when their key applies: the action (as
    #: a binding names it), its title and its help line (each game sets them).
    PALETTE: ClassVar[Sequence[tuple[str, str, str]]] = ()
    #: What ``q`` does (a joined seat's leaves its app): the standings' ``q`` too.
    QUIT_ACTION: ClassVar[str] = "quit_table"

    def __init__(self, session: Any, humans: list[str], computers: Mapping[str, str]) -> None:
        super().__init__(classes=f"two-hand {self.SCREEN_CLASS}")
        #: The table's one port to its game: a local table's
        #: :class:`~banque.session.port.TwoHandSession` (the journal, the computer seats,
        #: the seats' rules), a joined seat's the host's (its acts sent there).
        self.session = session
        self.game = session.game
        self.humans = list(humans)
        self.computers = dict(computers)
        #: The line under the prompt: a refusal, what a key did.
        self.message = ""
        self._widgets: dict[str, Any] = {}
        #: The game is over: its standings (what banque's standings screen shows) and
        #: the title line then (:meth:`show_standings`).
        self.standings: Text | None = None
        self.standings_title = ""

    @property
    def seats(self) -> Mapping[str, Any]:
        """The computer seats' players, the session's (a joined seat's: none, the host's)."""
        return self.session.computers  # type: ignore[no-any-return]

    # Textual calls every class's on_mount (and on_resize…) in the MRO: each game's and a
    # joined seat's differences are in the hooks these call, overridden as methods are.
    def on_mount(self) -> None:
        self._keep_widgets()
        self.table_opened()

    def on_resize(self) -> None:
        self.call_after_refresh(self.redraw)

    def on_screen_resume(self) -> None:
        self.redraw()

    def table_opened(self) -> None:
        """The table is up: drawn (a game may start its computers too)."""
        self.refresh_table()

    def redraw(self) -> None:
        """Draw the table again (its size changed, a screen over it closed)."""
        if self._widgets:
            self.refresh_table()

    def _keep_widgets(self) -> None:
        """Keep the table's widgets by id (at mount: :meth:`_w` finds them afterwards)."""
        self._widgets = {
            str(w.id).removeprefix("th-"): w for w in self.query("*") if w.id is not None
        }

    def _w(self, ident: str) -> Any:
        """A widget of the table (kept from the start: a help screen on top, or the app
        closing, never hides it from a late timer)."""
        return self._widgets[ident]

    @abstractmethod
    def refresh_table(self) -> None:
        """Draw the table as the game is now (each game draws its own)."""

    def show_text(self, ident: str, text: Text) -> None:
        """A widget of the table shows ``text``: set only when it changed (setting it lays
        out and draws the widget again, even to the same text)."""
        if self.redraws(ident, text_key(text)):
            self._w(ident).update(text)

    def show_border(
        self, ident: str, title: str | None = None, subtitle: str | None = None
    ) -> None:
        """A widget's border title and subtitle (``None``: left as it is), each set only
        when it changed."""
        widget = self._w(ident)
        if title is not None and self.redraws(f"{ident}:title", title):
            widget.border_title = title
        if subtitle is not None and self.redraws(f"{ident}:subtitle", subtitle):
            widget.border_subtitle = subtitle

    def show_standings(self, standings: Text, title: str) -> None:
        """The game is over: its standings on banque's standings screen, over the table
        (opened once; drawn again as the table is, its journal's last word may change)."""
        self.standings, self.standings_title = standings, title
        if not self.is_attached:
            return  # the app closing (a late timer)
        shown = next((s for s in self.app.screen_stack if isinstance(s, StandingsScreen)), None)
        if shown is not None:
            shown.refresh_view()
        else:
            self.app.clear_notifications()
            self.app.push_screen(StandingsScreen(self))

    def card(self, card: str) -> str:
        """A card as the table shows it: ``10♠``, or ``10S`` with ASCII suits (F2)."""
        return suits(pretty(card), bool(getattr(self.app, "ascii_suits", False)))

    def refresh_bindings(self) -> None:
        """The key bar drawn again (not once the app has closed: a late timer)."""
        if self.is_attached:
            super().refresh_bindings()

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.key_on(action, parameters)

    def key_on(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether the table answers the game's key now (each game decides its own)."""
        return True

    def action_help(self) -> None:
        if not isinstance(self.app.screen, GameHelpScreen):
            self.app.push_screen(GameHelpScreen(self.HELP_SECTION))

    def action_quit_table(self) -> None:
        """Leave the table (the journal keeps an unfinished game for ``--resume``)."""
        self.app.exit(0)

    def view_commands(self) -> list[GameCommand]:
        """The palette's "View seat" commands (a game with private hands gives them)."""
        return []

    def palette_commands(self) -> list[GameCommand]:
        """The game's commands in the palette, local or joined: each seat's private
        view, then the game's keys that apply now (:attr:`PALETTE`)."""
        out = self.view_commands()
        for action, title, help_text in self.PALETTE:
            name, _sep, args = action.partition("(")
            parameters = tuple(
                a.strip().strip("'") for a in args.rstrip(")").split(",") if a.strip()
            )
            if self.check_action(name, parameters):
                out.append((_(title), _(help_text), partial(self.app.run_action, action, self)))
        return out

    async def retranslate(self) -> None:
        """The language changed (the palette): the table drawn again in it."""
        forget_drawn(self)
        if isinstance(self.message, str):  # a line made by _() follows the language
            self.message = retranslate(self.message)
        self.refresh_bindings()
        self.refresh_table()

    # ------------------------------------------------------------------ the table's own

    @property
    def paused(self) -> bool:
        """The computer players wait (the App's space)."""
        return bool(getattr(self.app, "paused", False))

    def journal_notice(self) -> str | None:
        """While the journal cannot be written: why, and that the table waits (shown
        at the top of the table until it can be); ``None`` when it can."""
        return self.app.journal_notice()  # type: ignore[attr-defined,no-any-return]

    def journal_blocked(self) -> bool:
        """Before an act: ``True`` (the act refused, the reason said) while the journal
        cannot be written; it is tried again first, so a key goes on at once if it can."""
        problem = self.app.journal_problem()  # type: ignore[attr-defined]
        if problem is None:
            return False
        self.message = tell(problem)
        self.watch_journal()
        self.bell()
        self.refresh_table()
        return True

    def show_journal(self) -> None:
        """The banner over the table: shown while the journal cannot be written."""
        notice = self.journal_notice()
        banner = self._w("journal")
        banner.display = notice is not None
        if notice is not None:
            self.show_text("journal", Text(notice))

    def save(self) -> None:
        self.app.save()  # type: ignore[attr-defined]

    def watch_journal(self) -> None:
        self.app.watch_journal()  # type: ignore[attr-defined]

    def standings_note(self) -> str | None:
        return self.app.standings_note()  # type: ignore[attr-defined,no-any-return]

    def bell(self) -> None:
        self.app.bell()

    def computers_go_on(self) -> None:
        """The computer players' next move at the table's pace (each game's)."""

    def computers_moving(self) -> bool:
        """The computer players are the ones playing now (or are paused): space pauses
        them (each game says when)."""
        return False

    def computer_step(self) -> None:
        """One move of the computer players while they are paused (``.``)."""

    def journal_written(self) -> None:
        """The journal is written again: what waited goes on (a computer's move)."""


@dataclass
class Opening:
    """A two-hand table ready to be hosted by :class:`~banque.table.app.BanqueApp`: the
    table (its session in it: the game, its computer seats, its journal, ``None`` when
    none is kept, as in tests), the pace, the words said as it opens (a record that
    stops at an act the rules refuse) and where ctrl+s writes (the record played on;
    ``None``: a new file)."""

    table: TwoHandTable
    pace: float = 0.6
    notice: Any = None
    save_path: Path | None = None


def open_game(
    game: str,
    record: str | None = None,
    *,
    names: list[str] | None = None,
    computers: dict[str, str] | None = None,
    **options: Any,
) -> Opening:
    """The table of ``game`` — a new game (after setup, or from the command line), a
    record played on (``record``), or a journal resumed (``resume=``). ``options``: the
    pace, the seed, ``journal=False`` (none kept), and what the game takes (chemin de
    fer's ``forced_moves`` and ``first_bank``; a resumed game keeps its own).
    :class:`~banque.core.errors.BanqueError` says why it cannot be opened."""
    table = importlib.import_module(definition(game).table)
    opening: Opening = table.opening(
        record, names=names or [], computers=computers or {}, **options
    )
    return opening


def opening_of(
    make_table: Callable[[TwoHandSession, list[str]], TwoHandTable],
    new_game: Callable[[int, Any], Any],
    record_path: str | None,
    *,
    computers: dict[str, str] | None,
    pace: float,
    seed: int | None,
    resume: str | Path | None,
    journal: bool,
) -> Opening:
    """A two-hand game's :class:`Opening`: a new game (``new_game(seed, stream)``, the
    game's own), a record played on, or a journal resumed, in its session
    (:class:`~banque.session.port.TwoHandSession`), its journal kept unless
    ``journal`` is false, on the table ``make_table(session, humans)`` makes."""
    computers = dict(computers or {})
    notice = None
    session: TwoHandSession
    if resume is not None:
        session, kept_pace = resume_session(resume, computers)
        pace = kept_pace if kept_pace is not None else pace
    else:
        if record_path is not None:
            game, computers, notice = from_record(record_path, computers)
        else:
            # A new game: a secure seed and its stream (an explicit seed: its known shoe).
            game = new_game(*seed_and_stream(seed))
        session = open_session(game, computers, pace=pace, journal=journal)
    humans = [p for p in session.game.participants if p not in session.styles]
    save_path = None
    if record_path is not None and not is_journal_file(record_path):
        save_path = Path(record_path)  # ctrl+s updates the record played on
    return Opening(make_table(session, humans), pace, notice, save_path)


def open_table(
    game: str,
    record: str | None = None,
    *,
    names: list[str] | None = None,
    computers: dict[str, str] | None = None,
    **options: Any,
) -> int:
    """Run banque's App on the table of ``game`` (:func:`open_game`): the exit status."""
    opening = open_game(game, record, names=names, computers=computers, **options)
    app = BanqueApp(two_hand=opening, pace=opening.pace)
    return run_table(app, opening.table.session, opening.pace)


def road_text(road: list[list[str]], rows: int = 6, width: int = 30) -> Text:
    """The big road as text: a column per run, B red and P blue, a tie as ``*``."""
    text = Text()
    cols = road[-width:]
    for r in range(rows):
        for col in cols:
            cell = col[r] if r < len(col) else ""
            mark = cell[:1]
            style = {"B": "bold red", "P": "bold blue", "T": "green"}.get(mark, "")
            text.append(mark or "·", style=style if mark else "dim")
            text.append("*" if "T" in cell[1:] else " ", style="green")
        if r < rows - 1:
            text.append("\n")
    return text


def road_of(coups: Sequence[Any], width: int) -> Text:
    """A two-hand game's road: its big road (as many columns as ``width`` holds) and the
    count of the banker's, the player's and the tied coups."""
    counts = {r: sum(1 for c in coups if c.result == r) for r in ("banker", "player", "tie")}
    text = road_text(big_road(c.result for c in coups), rows=6, width=max(8, (width - 2) // 2))
    text.append(
        "\n"
        + _("B {banker}  P {player}  T {tie}").format(
            banker=counts["banker"], player=counts["player"], tie=counts["tie"]
        ),
        style="bold",
    )
    return text


def shoe_line(game: Any) -> str:
    """The cards left in a two-hand game's shoe (under its road)."""
    left = game.cards_left or 52 * game.packs
    return ngettext("{n} card in the shoe", "{n} cards in the shoe", left).format(n=left)


class TwoHandLog(Remembers, Static):
    """A two-hand table's log: the coups played, the latest that fit, in as many words as the width allows (a
    narrow table takes the lines' short forms, all alike, rather than cutting an end).
    Drawn again only when its lines changed (or its size: Textual draws it again then)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: Each coup's line: its whole sentence and its short form.
        self.rows: list[tuple[str, str]] = []

    def show(self, rows: list[tuple[str, str]]) -> None:
        self.rows = rows
        if self.redraws("rows", tuple(rows)):
            self.refresh()

    def render(self) -> Text:
        width, height = self.content_size.width, max(3, self.content_size.height)
        shown = self.rows[-height:]
        whole = not width or all(len(line) <= width for line, _short in shown)
        return Text("\n".join(line if whole else short for line, short in shown))


def two_hand_table(left: Sequence[Widget], right: Sequence[Widget]) -> ComposeResult:
    """A two-hand table's frame, the same for every two-hand game, local or joined:
    banque's title bar (the game's line; its icon opens the palette), the journal's
    banner, the game's own widgets in two columns and the key bar (the standings, at the
    game's end, are banque's standings screen: :meth:`TwoHandTable.show_standings`)."""
    yield TitleBar(icon="♠", id="th-title")
    yield Static(id="th-journal")  # why the journal cannot be written, while it cannot
    with Horizontal(id="th-body"):
        with Vertical(id="th-left"):
            yield from left
        with Vertical(id="th-right"):
            yield from right
    # ctrl+q and ctrl+s are not shown: the bar must fit 80 columns in every language (F1 says them)
    yield KeyBar(compact=True, hide=frozenset(("quit", "save")), id="th-keys")


def show_title(title: Widget, line: str) -> None:
    """The title bar's line (the game, its shoe, the coup): its screen's title."""
    try:
        screen = title.screen
    except NoScreen:  # the app closing (a late timer): nothing to show
        return
    screen.title, screen.sub_title = line, ""
