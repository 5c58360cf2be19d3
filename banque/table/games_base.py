"""What the two-hand tables (punto banco, chemin de fer) share with banque's table.

The same frame (:func:`two_hand_table`: banque's title bar, the game's widgets, its
key bar), the same command palette (:class:`~banque.table.palette.GameCommands`: the
help, ctrl+s's save, the game's keys that apply now, each seat's private view, the
themes and the languages), the same help screen's look (F1), ctrl+s saving the
record (:mod:`~banque.table.saving`), space pausing the computer players and ``.``
playing one move while they are paused, as at banque's table.

Choosing another language speaks it from then on and draws the table again in it
(the game goes on: its acts are not words).  A help screen open at the time is
closed, so that the next one is made in the new language.

A signal ends either table as ``q`` would, its journal up to date (``keep_game``;
the terminal restored: :class:`~banque.table.signals.SignalExitApp`); a crash is
said in one line, as at banque's table, with where the game is kept (``crash_words``).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.dom import NoScreen
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ..i18n import _, current_language, install, ngettext, retranslate
from .app import css_path
from .palette import GameCommand, GameCommands, TranslatedApp
from .widgets.bars import KeyBar, TitleBar

__all__ = ["JOURNAL_RETRY", "TwoHandApp", "TwoHandTable", "road_text", "table_keys"]

#: Seconds between two tries of a journal that cannot be written (a key tries at once).
JOURNAL_RETRY = 1.5


def table_keys(quit_action: str = "quit_table") -> list[BindingType]:
    """The keys both tables end their key bar with (a joined seat's ``q`` leaves its app;
    ``q`` is not shown: the bar must fit 80 columns in every language, and F1 says it)."""
    return [
        Binding("e", "end_game", _("End"), id="two-hand.end"),
        Binding("f1,question_mark", "help", _("Help"), key_display="F1", id="two-hand.help"),
        Binding("q", quit_action, _("Quit"), show=False, id="two-hand.quit"),
    ]


class TwoHandTable(Screen[Any], inherit_bindings=False):
    """A two-hand game's table: the game's widgets, keys and drawing, the same screen
    at the local table (:class:`TwoHandApp`'s) and at a joined seat
    (:mod:`~banque.table.screens.joined_two_hands`: a subclass that reads the host's
    views and sends its acts).

    Its styles are banque's own stylesheet's (``screens.tcss``): it has the classes
    ``two-hand`` and :attr:`SCREEN_CLASS`, and its widgets' ids begin with ``th-``
    (:meth:`_w` finds them without it).  What belongs to the table rather than to the
    game — the journal, the computers' pace and pause — is its App's."""

    #: The screen's class for this game's rules in ``screens.tcss`` (each game sets it).
    SCREEN_CLASS: ClassVar[str] = ""
    #: The game's name in its help (the title of its section in ``games_help.md``).
    HELP_SECTION: ClassVar[str] = ""
    #: The game's commands the palette offers when their key applies: the action (as
    #: a binding names it), its title and its help line (each game sets them).
    PALETTE: ClassVar[Sequence[tuple[str, str, str]]] = ()

    def __init__(self, game: Any, humans: list[str], computers: dict[str, str]) -> None:
        super().__init__(classes=f"two-hand {self.SCREEN_CLASS}")
        self.game = game
        self.humans = list(humans)
        self.computers = dict(computers)
        #: The line under the prompt: a refusal, what a key did.
        self.message = ""
        self._widgets: dict[str, Any] = {}

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

    def refresh_table(self) -> None:  # pragma: no cover - each game draws its own
        raise NotImplementedError

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
        from .screens.games_help import GameHelpScreen

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
        from ..core.messages import tell

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
            banner.update(Text(notice))

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


class TwoHandApp(TranslatedApp):
    """A two-hand table's App: its :class:`TwoHandTable` (:attr:`table`) and what
    belongs to the table rather than the game, as at banque's — the journal, ctrl+s,
    space and ``.`` for the computer players, the palette's commands, the languages.

    An attribute the App has not (the table's ``message``, ``viewer``…) is its
    table's."""

    CSS_PATH = css_path()
    TITLE = "banque"
    COMMANDS: ClassVar[set[Any]] = {*TranslatedApp.COMMANDS, GameCommands}

    #: ctrl+q leaves (each table ends its keys with :func:`table_keys`); ctrl+s saves
    #: the record; space pauses the computer players (and resumes them), ``.`` plays
    #: one of their moves while they are paused: banque's keys.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit_table", _("Quit"), show=False, priority=True),
        # F1 on every screen of the table (the curtain's too), as at banque's.
        Binding("f1,question_mark", "help", _("Help"), key_display="F1", id="two-hand.app-help"),
        Binding("ctrl+s", "save", _("Save"), show=False, id="two-hand.save"),
        Binding("space", "resume", _("Resume"), priority=True, id="two-hand.resume"),
        Binding("space", "pause", _("Pause"), priority=True, id="two-hand.pause"),
        Binding("full_stop", "step", _("One move"), key_display=".", id="two-hand.step"),
    ]

    #: The game's table (each App makes it); the game and its journal (``None``: no
    #: journal, as in tests).
    table: TwoHandTable
    game: Any
    journal: Any = None
    #: Words for the table as it opens (a record that stops at an act the rules refuse).
    notice: Any = None
    _journal_timer: Any = None
    #: The computer players wait (space); ``.`` plays one move meanwhile.
    paused: bool = False
    #: Where ctrl+s writes the record (``None``: a new file, the first time).
    save_path: Path | None = None

    def __init__(self, table: TwoHandTable, *, journal: Any = None, pace: float = 0.6) -> None:
        super().__init__()
        self.table = table
        self.game = table.game
        self.journal = journal
        self.pace = pace

    def __getattr__(self, name: str) -> Any:
        table = self.__dict__.get("table")
        if table is None or name.startswith("__"):
            raise AttributeError(name)
        return getattr(table, name)

    def get_default_screen(self) -> Screen[Any]:
        """The game's table."""
        return self.table

    def on_mount(self) -> None:
        # after the table's first drawing (its curtain, if a private choice is first)
        self.call_after_refresh(self.tell_damage)

    def refresh_bindings(self) -> None:
        """The key bar drawn again (not once the app has closed: a late timer)."""
        if self._screen_stack:
            super().refresh_bindings()

    def refresh_table(self) -> None:
        self.table.refresh_table()

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys every table has: save, pause (the game's are its table's)."""
        if action in ("pause", "resume", "step"):
            if not self.table.computers_moving():
                return False
            return self.paused == (action != "pause")
        return True

    def action_pause(self) -> None:
        """Pause or resume the computer players (space)."""
        self.paused = not self.paused
        self.table.message = (
            _("Computer players paused: space resumes, . plays one move.")
            if self.paused
            else _("Computer players resume.")
        )
        self.table.refresh_table()
        if not self.paused:
            self.table.computers_go_on()

    def action_resume(self) -> None:
        if self.paused:
            self.action_pause()

    def action_step(self) -> None:
        """While the computer players are paused: one move (``.``)."""
        if self.paused:
            self.table.computer_step()

    def action_help(self) -> None:
        self.table.action_help()

    def action_quit_table(self) -> None:
        """Leave the table (the journal keeps an unfinished game for ``--resume``)."""
        self.exit(0)

    # ------------------------------------------------------------------ the palette

    def game_commands(self, screen: Screen[Any]) -> list[GameCommand]:
        """The palette's commands: the help, the save, each seat's private view (where
        the game conceals cards), then the game's keys that apply now."""
        table = self.table
        out: list[GameCommand] = [
            (
                _("Help: rules and keys"),
                _("This game's rules and every key (F1)"),
                self.action_help,
            ),
            (
                _("Save the record"),
                _("Write the game's record to a new file (ctrl+s)"),
                self.action_save,
            ),
        ]
        if screen is table:
            out += table.palette_commands()
        return out

    # ------------------------------------------------------------------ the record

    def record_text(self) -> str:
        """The game's record so far (its computer seats and pace with it)."""
        from ..core.record import dump_record
        from ..games.records import record_of

        return dump_record(
            record_of(self.game, computers=self.table.computers, pace=self.pace)  # type: ignore[arg-type]
        )

    def action_save(self) -> None:
        """ctrl+s: the game's record written to a file (a new one the first time, the
        same one afterwards), as at banque's table."""
        from .saving import new_save_path, save_record

        updating = self.save_path is not None
        path = self.save_path or new_save_path(Path.cwd(), str(self.game.game), datetime.now)
        journal = getattr(self.journal, "journal", None)
        if save_record(self, self.record_text(), path, updating=updating, journal=journal):
            self.save_path = path

    def notify(self, message: str, *, markup: bool = False, **options: Any) -> None:
        """A toast, as plain text by default: names are never markup."""
        super().notify(message, markup=markup, **options)

    # ------------------------------------------------------------------ the journal

    def journal_notice(self) -> str | None:
        """While the journal cannot be written: why, and that the table waits (shown
        at the top of the table until it can be); ``None`` when it can."""
        journal = self.journal
        if journal is None or journal.failure_msg is None:
            return None
        from ..core.journal import stopped_msg
        from ..core.messages import tell

        return tell(stopped_msg(journal.failure_msg))

    def journal_problem(self) -> Any:
        """Why no act is taken now (the journal tried again first); ``None``: none."""
        return None if self.journal is None else self.journal.problem(self.game)

    def tell_damage(self) -> None:
        """Said as the table opens, as banque's table says them: a record that stops at
        an act the rules refuse (:attr:`notice`), a resumed journal whose damaged tail
        was dropped."""
        from ..core.messages import tell

        for words in (self.notice, getattr(self.journal, "damage", None)):
            if words is not None:
                self.notify(tell(words), severity="warning", timeout=20)
        self.notice = None

    def save(self) -> None:
        """Write the acts not written yet to the game's journal; a failure stops the
        table (the banner says why) until it is written again."""
        if self.journal is None:
            return
        if not self.journal.sync(self.game):
            self.watch_journal()

    def watch_journal(self) -> None:
        """The journal could not be written: try it again every moment."""
        if self.journal_notice() is None or self._journal_timer is not None:
            return
        self._journal_timer = self.set_interval(JOURNAL_RETRY, self._journal_retry)

    def _journal_retry(self) -> None:
        journal = self.journal
        if journal is None or journal.problem(self.game) is not None:
            self.table.refresh_table()  # the reason may have changed
            return
        if self._journal_timer is not None:
            self._journal_timer.stop()
            self._journal_timer = None
        self.table.message = _("The game's journal is written again: the table goes on.")
        self.table.refresh_table()
        self.table.journal_written()

    def standings_note(self) -> str | None:
        """The standings' last line when the journal does not keep the finished game."""
        journal = self.journal
        if journal is None or journal.kept:
            return None
        return _(
            "The game's journal could not be written ({why}): it does not keep the end of "
            "this game yet (the table tries again; ctrl+q then says what is kept). q leaves."
        ).format(why=journal.failure or "?")

    def keep_game(self) -> None:
        """A signal (SIGTERM, SIGHUP: a closed terminal…): the journal up to date first;
        the table's farewell is printed once the terminal is restored (``run_table``)."""
        self.save()

    def crash_words(self) -> str:
        """After a crash (said in one line, as at banque's table): the journal brought up
        to date, where the game is kept; ``""`` if it cannot be written (the closing
        line then says what is not kept and where the whole record went)."""
        journal = self.journal
        if journal is None or not journal.sync(self.game):
            return ""
        return _(" The game is kept in {path}: `banque --resume` continues it.").format(
            path=journal.path
        )

    # ------------------------------------------------------------------ languages

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield from self.language_commands()

    async def switch_language(self, language: str) -> None:
        """Speak ``language`` from now on: the table is drawn again in it."""
        if language == current_language():
            return
        install(language)
        from .screens.games_help import GameHelpScreen

        while isinstance(self.screen, GameHelpScreen):  # a help made in the old language
            self.pop_screen()
        await self.redraw_screens()


#: Each two-hand game's table: the module whose ``run(record, **options)`` opens it
#: (named, not imported: each imports this module). The one place the table names
#: these games; banque's own table is ``app.run_app``.
TABLES: dict[str, str] = {
    "chemin-de-fer": "banque.table.chemin_app",
    "punto-banco": "banque.table.punto_app",
}


def open_table(
    game: str,
    record: str | None = None,
    *,
    names: list[str] | None = None,
    computers: dict[str, str] | None = None,
    **options: Any,
) -> int:
    """Open the table of ``game`` — a new game (after setup, or from the command line),
    a record played on (``record``), or a journal resumed (``resume=``) — the exit
    status. ``options``: the pace, the seed, and what the game takes (chemin de fer's
    ``forced_moves`` and ``first_bank``; a resumed game keeps its own)."""
    table = importlib.import_module(TABLES[game])
    return int(table.run(record, names=names or [], computers=computers or {}, **options))


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
    from ..games.two_hands import big_road

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


class TwoHandLog(Static):
    """A two-hand table's log: the coups played, the latest that fit, in as many words as the width allows (a
    narrow table takes the lines' short forms, all alike, rather than cutting an end)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: Each coup's line: its whole sentence and its short form.
        self.rows: list[tuple[str, str]] = []

    def show(self, rows: list[tuple[str, str]]) -> None:
        self.rows = rows
        self.refresh()

    def render(self) -> Text:
        width, height = self.content_size.width, max(3, self.content_size.height)
        shown = self.rows[-height:]
        whole = not width or all(len(line) <= width for line, _short in shown)
        return Text("\n".join(line if whole else short for line, short in shown))


def two_hand_table(left: Sequence[Widget], right: Sequence[Widget]) -> ComposeResult:
    """A two-hand table's frame, the same for every two-hand game, local or joined:
    banque's title bar (the game's line; its icon opens the palette), the journal's
    banner, the game's own widgets in two columns, the standings and the key bar."""
    yield TitleBar(icon="♠", id="th-title")
    yield Static(id="th-journal")  # why the journal cannot be written, while it cannot
    with Horizontal(id="th-body"):
        with Vertical(id="th-left"):
            yield from left
        with Vertical(id="th-right"):
            yield from right
    yield Static(id="th-standings")
    yield KeyBar(compact=True, id="th-keys")


def show_title(title: Widget, line: str) -> None:
    """The title bar's line (the game, its shoe, the coup): its screen's title."""
    try:
        screen = title.screen
    except NoScreen:  # the app closing (a late timer): nothing to show
        return
    screen.title, screen.sub_title = line, ""
