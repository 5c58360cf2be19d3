"""The table in the terminal: a full-screen Textual app for hot-seat play.

``banque`` (or ``python -m banque``) opens it; ``banque --record FILE``
replays a record and plays on.  The app only shows and asks: every rule and
every refusal comes from :mod:`banque.games.banque.game`, through :mod:`banque.session.session`.

Computer seats play at a readable pace (``pace`` seconds a move, 0: at
once) on Textual timers, so the keyboard stays free while they think; when
every seat is a computer the table plays on by itself (watch mode).
"""

from __future__ import annotations

import gc
import importlib
import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import ScreenStackError
from textual.binding import Binding
from textual.command import Provider
from textual.driver import Driver
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.timer import Timer

from ..constants import ForcedMoves, SeatChoice
from ..core.errors import BanqueError, IllegalAction
from ..core.messages import os_reason, tell, tell_error, tell_event
from ..games import definition
from ..i18n import _, current_language, install, retranslate
from .keeping import KeepingApp, is_journal_file
from .palette import GameCommand, GameCommands, TranslatedApp
from .screens.dialogs import TooSmallScreen
from .screens.setup import DEFAULT_KINDS, DEFAULT_NAMES, SetupScreen
from .terminal import output_charset, plain_driver, plain_output_wanted
from .widgets.cards import CardSize

# The game (engine, records, pydantic models) and the other screens are
# imported when first needed, or in the background once the first screen is
# up (``preload``): the setup screen shows without waiting for them.
if TYPE_CHECKING:
    from ..core.models import Record
    from ..games.banque.game import Event, Game
    from ..session.port import TwoHandSession
    from ..session.session import ComputerPlayer, Session, Stage, Temperament
    from .games_base import Opening, TwoHandTable

#: What the first screen does not need, imported in the background after it.
PRELOAD = (
    "banque.session.session",
    "banque.core.record",
    "banque.games.banque.players",
    "banque.table.screens.table",
    "banque.table.screens.private",
    "banque.table.screens.curtain",
    "banque.table.screens.standings",
    "banque.table.screens.help:help_markdown",
)


def preload(modules: Sequence[str] = PRELOAD) -> None:
    """Import ``modules`` (in a background thread): the table then opens at once.

    ``module:function`` also calls the function (it prepares something the
    module caches, like the help's parsed text). A module that fails here is
    imported again where it is needed, and its error reported there.
    """
    for entry in modules:
        name, _sep, function = entry.partition(":")
        try:
            module = importlib.import_module(name)
            if function:
                getattr(module, function)()
        except Exception:
            return


#: Seconds after the first screen is up before the rest is imported.
PRELOAD_AFTER = 0.25
MIN_WIDTH = 80
MIN_HEIGHT = 24
#: From this size on, huge cards and a wide road.
HUGE_WIDTH = 160
HUGE_HEIGHT = 48
#: Events told in a toast too: only those the status line does not say (a
#: settlement is the prompt's own line, and the log's).
NOTIFY_KINDS = {"lot"}
#: Seconds between two computer moves unless told otherwise.
DEFAULT_PACE = 0.6
MAX_PACE = 10.0
#: In watch mode a settlement (and a bank's standings) stay this many paces.
WATCH_READING = 4
#: Seconds between two looks at an expert's plan being solved (its move waits for it).
PLAN_POLL = 0.1


def two_hand_title(game: str) -> str:
    """The App's title (the terminal's window, a screenshot's) at a two-hand table:
    ``banque — chemin de fer`` (the game's title, in lower case)."""
    return f"banque — {definition(game).title.lower()}"


def css_path() -> Path:
    """``screens.tcss``: from the installed package, else the checkout's top level."""
    here = Path(__file__).resolve().parent.parent  # banque/ (this is banque/table/app.py)
    packaged = here / "screens.tcss"
    if packaged.exists():
        return packaged
    return here.parent / "screens.tcss"


class BanqueApp(KeepingApp):
    """The table at one keyboard: Baccarat Banque à deux tableaux, or one of the
    family's two-hand games (chemin de fer, punto banco: a
    :class:`~banque.table.games_base.TwoHandTable` screen, :attr:`table`), chosen at
    setup or given (``two_hand``).

    What belongs to the table rather than to the game is this App's for every game:
    the journal (tried again while it cannot be written), ctrl+s and quitting
    (:class:`~banque.table.keeping.KeepingApp`), space and ``.`` for the computer players, F1, F2's ASCII suits, the palette, the themes, the languages.
    """

    CSS_PATH = css_path()
    TITLE = "banque"
    SUB_TITLE = _("Baccarat Banque à deux tableaux")
    #: Setup may open the family's other games (chemin de fer, punto banco).
    OTHER_GAMES: ClassVar[bool] = True
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {
        *TranslatedApp.COMMANDS,
        GameCommands,
    }
    BINDINGS: ClassVar[list[Binding]] = [  # type: ignore[assignment]
        Binding("ctrl+q", "quit", _("Quit"), priority=True, id="app.quit"),
        Binding("f1", "help", _("Help"), priority=True, key_display="F1", id="app.help"),
        Binding(
            "question_mark",
            "help",
            _("Help"),
            priority=True,
            key_display="?",
            show=False,
            id="app.help_q",
        ),
        Binding("ctrl+s", "save", _("Save"), id="app.save"),
        Binding("f2", "toggle_suits", _("ASCII suits"), show=False, id="app.suits"),
        # Priority, so that they work while an amount is being typed (check_action
        # lets them through to a name's Input at setup).
        # Shown while the computers play; the quiet one pauses them ahead of time.
        Binding("space", "resume", _("Resume"), priority=True, id="app.resume"),
        Binding("space", "pause", _("Pause"), priority=True, id="app.pause"),
        Binding("space", "pause(False)", show=False, priority=True, id="app.pause_quiet"),
        Binding("full_stop", "step", _("One move"), key_display=".", priority=True, id="app.step"),
        Binding("ctrl+c", "help_quit", show=False, system=True),
    ]

    def __init__(
        self,
        record: Record | str | Path | None = None,
        *,
        participants: Sequence[str] | None = None,
        seed: int | None = None,
        shoe: Iterable[str] = (),
        ascii_suits: bool = False,
        save_dir: str | Path | None = None,
        computers: Mapping[str, ComputerPlayer] | None = None,
        kinds: Sequence[SeatChoice] | Mapping[str, SeatChoice] | None = None,
        pace: float = DEFAULT_PACE,
        p5: float = 0.5,
        blink: bool = True,
        clock: Callable[[], datetime] = datetime.now,
        ansi_color: bool = False,
        toast_seconds: float = 4.0,
        plain_output: bool | None = None,
        forced_moves: ForcedMoves = "announced",
        rules: str = "home",
        options: Mapping[str, str | int] | None = None,
        resume: str | Path | None = None,
        journal: bool = True,
        offer_resume: bool = False,
        two_hand: Opening | None = None,
    ) -> None:
        super().__init__(ansi_color=ansi_color)
        #: How a new game's forced moves are made: ``announced`` (the default:
        #: every side states its move, so nobody learns it holds 5) or
        #: ``automatic`` (faster; reveals that a side asked to choose holds 5).
        #: A game from a record keeps the record's.
        self.forced_moves: ForcedMoves = forced_moves
        #: The house's rules of a new game (``home``, ``classic``, ``hoyle``: banque.games.banque.rules).
        #: A game from a record or a journal keeps its own.
        self.rules = rules
        #: The table's options under those rules (classic's banco_split, hoyle's first_bank).
        self.options = dict(options or {})
        self.session: Session | None = None
        #: The terminal cannot print UTF-8 (found out unless told): plain characters.
        self.plain_output = plain_output_wanted() if plain_output is None else plain_output
        self.set_class(self.plain_output, "-plain")
        self.ascii_suits = ascii_suits or self.plain_output or bool(os.environ.get("BANQUE_ASCII"))
        self.save_dir = Path(save_dir) if save_dir is not None else Path.cwd()
        self.save_path: Path | None = None
        self.computers = dict(computers or {})
        self.kinds = kinds
        self.set_pace(pace)
        self.p5 = p5
        self.paused = False
        self.blink = blink
        self.clock = clock
        self._names = list(participants) if participants else None
        self._seed = seed
        self._shoe = list(shoe)
        self._record = record
        self._computer_timer: Timer | None = None
        self._table_opened = False
        self.toast_seconds = toast_seconds
        #: A journal to continue (``banque --resume``).
        self._resume = Path(resume) if resume is not None else None
        #: Write the game's journal as it goes (in the data directory).
        self.keep_journal = journal
        #: Tries a journal that cannot be written again, while it cannot be.
        self._journal_timer: Timer | None = None
        #: What the table said as it closed (printed after the screen goes).
        self.farewell = ""
        #: At start, offer to continue the last unfinished game.
        self.offer_resume = offer_resume
        #: The help screens made so far (installed by name: made again after a language switch).
        self._help_screens: set[str] = set()
        #: After ``--record FILE`` (a record, not a journal): ctrl+s updates FILE.
        if isinstance(record, str | Path):
            self.save_path = Path(record)
        #: The two-hand table hosted (chemin de fer, punto banco; ``None``: banque's;
        #: its session, :attr:`TwoHandTable.session`, keeps its journal) and the words
        #: it says as it opens.
        self.table: TwoHandTable | None = None
        self.table_notice: Any = None
        if two_hand is not None:
            self.host_table(two_hand)

    def get_driver_class(self) -> type[Driver]:
        """The platform's driver; on a terminal without UTF-8, one that writes plain text."""
        base = super().get_driver_class()
        if plain_output_wanted():
            return plain_driver(base, output_charset())
        return base

    # ------------------------------------------------------------ start

    def on_mount(self) -> None:
        # 16 colours (TERM=linux): the theme's reds would come out grey or magenta.
        # (A real terminal's: tests draw in truecolor whatever runs them.)
        few = self.console.color_system in ("standard", "windows")
        self.set_class(few and not self.is_headless, "-16-colours")
        if self.table is not None:
            self.push_screen(self.table)
            self.call_after_refresh(self.tell_damage)  # after the table's first drawing
        elif self._resume is not None:
            self._resume_game(self._resume)
        elif self._record is not None:
            # deferred: start-up (the engine, pydantic, the journal and the table's screens:
            # +100 to +400 ms by importtime that the setup screen does not wait for; PRELOAD
            # brings them in once it is up)
            from ..core.models import Record
            from ..core.record import load_record
            from ..games.records import replay
            from ..session.session import Session
            from .screens.table import TableScreen

            try:
                record = (
                    self._record if isinstance(self._record, Record) else load_record(self._record)
                )
                result = replay(record)
            except BanqueError as exc:
                self.notify(
                    tell_error(exc), severity="error", timeout=max(self.toast_seconds, 10.0)
                )
                self.push_screen(self._setup_screen())
            else:
                choices = self.kinds_for(result.game.participants, default="human")
                computers, styles = self._computers_for(result.game, choices)
                self.session = Session.from_replay(result, computers=computers, styles=styles)
                if isinstance(self._record, str | Path) and is_journal_file(self._record):
                    self.save_path = None  # a journal is never overwritten by a save
                self._start_journal()
                self.session.forced()
                self.push_screen(TableScreen())
        else:
            self.push_screen(self._setup_screen())
            if self.offer_resume and self.keep_journal:
                self.call_after_refresh(self._offer_resume)  # after the first screen
        self._table_opened = True
        self._check_size(self.size.width, self.size.height)

    # ------------------------------------------------------------ a two-hand table

    def host_table(self, opening: Opening) -> None:
        """Host a two-hand table (:attr:`table`, its session in it): its pace, opening
        words and save file become the App's."""
        table = self.table = opening.table
        self.title = two_hand_title(str(table.game.game))
        self.table_notice = opening.notice
        self.set_pace(opening.pace)
        if opening.save_path is not None:
            self.save_path = opening.save_path

    @property
    def table_session(self) -> TwoHandSession | None:
        """The two-hand table's session (``None``: banque's table, or none yet)."""
        return self.table.session if self.table is not None else None

    def open_two_hand(self, game: str, **options: Any) -> bool:
        """Open the table of chemin de fer or punto banco in this App (from setup, or a
        journal resumed): ``False``, and why said, if it cannot be opened."""
        # deferred: start-up (the first screen loads no two-hand table, session or
        # engine; benchmarks/bench_start.py) and a cycle (games_base imports this module)
        from .games_base import open_game

        options.setdefault("pace", self.pace)
        if not self.keep_journal:
            options["journal"] = False
        try:
            opening = open_game(game, **options)
        except (BanqueError, OSError) as exc:
            # deferred: start-up (the first screen loads no messages; benchmarks/bench_start.py)

            why = tell_error(exc) if isinstance(exc, BanqueError) else tell(os_reason(exc))
            self.notify(why, severity="error", timeout=max(self.toast_seconds, 10.0))
            return False
        self.host_table(opening)
        self.clear_notifications()
        if isinstance(self.screen, SetupScreen):
            self.switch_screen(opening.table)
        else:
            self.push_screen(opening.table)
        self.call_after_refresh(self.tell_damage)
        if "resume" in options:
            self.notify(
                _("Game resumed from {path}.").format(path=options["resume"]),
                timeout=min(self.toast_seconds, 4.0),
            )
        return True

    def tell_damage(self) -> None:
        """Said as a two-hand table opens, as banque's table says them: a record that
        stops at an act the rules refuse, a resumed journal whose damaged tail was
        dropped."""
        # deferred: start-up (the first screen loads no messages; benchmarks/bench_start.py)

        session = self.table_session
        damage = session.notice if session is not None else None
        for words in (self.table_notice, damage):
            if words is not None:
                self.notify(tell(words), severity="warning", timeout=20)
        self.table_notice = None

    def on_ready(self) -> None:
        """The first screen is up: import the rest of the game in the background."""
        # A moment later, so as not to slow the first screen's last touches (the footer).
        self.set_timer(PRELOAD_AFTER, self._preload)

    def _preload(self) -> None:
        threading.Thread(target=preload, name="banque-preload", daemon=True).start()

    def _setup_screen(self) -> SetupScreen:
        names = list(self._names or DEFAULT_NAMES)
        return SetupScreen(
            names, self._seed, self.kinds_for(names), self.pace, height=self.size.height
        )

    def kinds_for(self, names: Sequence[str], default: str = "setup") -> list[SeatChoice]:
        """Each name's seat: human or a computer's temperament.

        ``kinds`` given as a sequence goes by position, as a mapping by name.
        Without it, setup offers the default table (one human, then
        computers) and a game from a record is played by humans.
        """
        kinds = self.kinds
        if isinstance(kinds, Mapping):
            return [kinds.get(n, "human") for n in names]
        if kinds is not None:
            listed = list(kinds)
            return [listed[i] if i < len(listed) else "human" for i in range(len(names))]
        if default == "setup":
            return [
                DEFAULT_KINDS[i] if i < len(DEFAULT_KINDS) else "human" for i in range(len(names))
            ]
        return ["human"] * len(names)

    def _computers_for(
        self, game: Game, choices: Sequence[SeatChoice]
    ) -> tuple[dict[str, ComputerPlayer], dict[str, Temperament]]:
        """The computer players of a game: those chosen, then any given as callables."""
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from ..session.session import computer_seats

        by_name = dict(zip(game.participants, choices, strict=False))
        computers = computer_seats(game, by_name, self.p5)
        styles: dict[str, Temperament] = {
            n: c for n, c in by_name.items() if c != "human" and n in computers
        }
        computers.update(self.computers)
        return computers, styles

    def rules_options(self) -> dict[str, str | int]:
        """The options that belong to the rules chosen in setup (another profile's are
        left out: setup may have switched the rules after they were given)."""
        return {
            k: v
            for k, v in self.options.items()
            if (k, self.rules) in (("banco_split", "classic"), ("first_bank", "hoyle"))
        }

    def start_game(
        self,
        names: Sequence[str],
        seed: int | None,
        kinds: Sequence[SeatChoice] | None = None,
        pace: float | None = None,
    ) -> None:
        """Seat the participants (the engine checks the names) and open the table.

        ``kinds`` gives each name's seat (human or a computer's temperament),
        in the same order; ``pace`` the seconds between computer moves.
        """
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from ..core.models import TableOptions
        from ..games.banque.game import Game
        from ..session.session import Session
        from .screens.table import TableScreen

        if seed is None:
            seed = self._seed
        # No seed given: a secure one and its stream; a given one (a study's) its known shoe.
        # deferred: start-up (the secure generator loads hashlib, hmac and secrets: the
        # setup screen makes no game)
        from ..core.rng import seed_and_stream

        seed, stream = seed_and_stream(seed)
        game = Game(
            list(names),
            seed,
            self._shoe,
            stream=stream,
            forced_moves=self.forced_moves,
            rules=self.rules,  # type: ignore[arg-type]
            # Options that belong to the rules chosen in setup (another profile ignores them).
            options=TableOptions(**self.rules_options()),
        )
        if pace is not None:
            self.set_pace(pace)
        choices = list(kinds) if kinds is not None else self.kinds_for(game.participants)
        computers, styles = self._computers_for(game, choices)
        self.session = Session(game, computers=computers, styles=styles)
        self._start_journal()
        self.session.forced()
        self.switch_screen(TableScreen())

    # ------------------------------------------------------------ screens

    def big_cards(self) -> bool:
        return self.size.width >= 110 and self.size.height >= 36

    def card_size(self) -> CardSize:
        """The cards' size for the terminal's: bigger cards (and a fuller road) with room."""
        if self.size.width >= HUGE_WIDTH and self.size.height >= HUGE_HEIGHT:
            return "huge"
        return "big" if self.big_cards() else "small"

    def watching(self) -> bool:
        """Every seat is a computer: the table plays on by itself."""
        return self.session is not None and self.session.all_computers()

    def sole_human(self) -> str | None:
        """The one human seat when every other seat is a computer (``None``: none, or
        several humans sharing the keyboard). Nobody else looks at this screen: the
        table is drawn for that seat's eyes (its own concealed cards face up), and its
        private view opens without a curtain."""
        session = self.session
        if session is None:
            return None
        humans = [p for p in session.game.participants if session.kind(p) == "human"]
        return humans[0] if len(humans) == 1 else None

    def open_private(self, who: str, reason: str | Callable[[], str] = "") -> None:
        """Hand-off curtain first, then the seat's private view (the one human against
        computers: the view at once, nobody to hand the keyboard to).

        A computer seat has no one to hand the keyboard to, and its concealed
        cards are its own: no curtain, no view, a word instead.
        """
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .screens.curtain import CurtainScreen
        from .screens.private import PrivateScreen

        session = self.session
        if session is not None and session.kind(who) == "computer":
            self.notify(
                _("{who} is a computer player: its cards stay concealed until the reveal.").format(
                    who=who
                ),
                timeout=self.toast_seconds,
            )
            return
        # A fresh pair of eyes: earlier toasts would cover the view (the log keeps them).
        self.clear_notifications()

        if who == self.sole_human():
            self.push_screen(PrivateScreen(who))
            return

        def after_curtain(look: bool | None) -> None:
            if look:
                self.push_screen(PrivateScreen(who))

        self.push_screen(CurtainScreen(who, reason), after_curtain)

    def after_refresh(self, stage: Stage) -> None:
        """After the table is drawn: the end of a bank, a computer's turn."""
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .screens.standings import StandingsScreen
        from .screens.table import TableScreen

        session = self.session
        if session is None or not isinstance(self.screen, TableScreen):
            return
        stage = session.stage()
        if stage == "ended":
            self.clear_notifications()
            self.push_screen(StandingsScreen(), self._after_standings)
            return
        self._schedule_computer()

    def _after_standings(self, result: str | None) -> None:
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .screens.table import TableScreen

        if result == "fresh" and self.session is not None:
            try:
                events = self.session.new_bank()
            except IllegalAction as exc:  # the journal cannot be written: said, nothing done
                self.notify(tell_error(exc), severity="error", timeout=max(self.toast_seconds, 8))
                self.watch_journal()
                return
            self.announce(events)
            table = self.screen
            if isinstance(table, TableScreen):
                table.refresh_table()

    def announce(self, events: Sequence[Event]) -> None:
        """Notify the players of what matters (the log keeps everything)."""
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .widgets.common import suits

        if any(ev.kind in NOTIFY_KINDS or ev.kind == "settle" for ev in events):
            self.clear_notifications()  # the cards are shown: nothing stays over them
        self.watch_journal()  # on screen until it is solved, not a toast

        for ev in events:
            if ev.kind in NOTIFY_KINDS:
                self.notify(
                    suits(tell_event(ev), self.ascii_suits),
                    timeout=self.toast_seconds,
                )

    def refresh_screen(self) -> None:
        if self.table is not None:
            self.table.redraw()
            return
        if self.session is None:
            return  # setup: nothing of a game to show again
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .screens.private import PrivateScreen
        from .screens.table import TableScreen

        screen = self.screen
        if isinstance(screen, TableScreen):
            screen.refresh_table()
        elif isinstance(screen, PrivateScreen):
            screen.refresh_view()

    def report_bug(self, error: Exception) -> None:
        """An unexpected error (a bug): tell the players, keep the table going.

        Under test (headless) it is raised, so that bugs never hide.
        """
        if self.is_headless:
            raise error
        self.log.error(repr(error))
        self.notify(
            _(
                "Something unexpected went wrong ({kind}). The game goes on; ctrl+s saves "
                "the record."
            ).format(kind=error.__class__.__name__),
            severity="error",
            timeout=10,
        )

    # ------------------------------------------------------------ computers

    def set_pace(self, pace: float) -> None:
        """Seconds between two computer moves: ``pace``, kept between 0 and
        :data:`MAX_PACE`."""
        self.pace = max(0.0, min(MAX_PACE, pace))

    def _schedule_computer(self) -> None:
        """The next computer move (or, in watch mode, the next coup) after a pause."""
        session = self.session
        if session is None or self._computer_timer is not None or self.paused:
            return
        if self._journal_timer is not None:
            return  # the journal cannot be written: the computers wait for it
        delay = self.pace
        if session.stage() == "settlement":
            if not session.all_computers():
                return  # the players read the settlement and press Enter
            delay = self.pace * WATCH_READING
        elif session.computer_to_move() is None:
            return
        elif session.plan_wait() is not None:
            # An expert works out its strategy (a thread solves it): the table says so,
            # its keys stay live, and the move is played once the plan is ready.
            self._computer_timer = self.set_timer(PLAN_POLL, self._plan_step)
            return
        self._computer_timer = self.set_timer(max(delay, 0.001), self._computer_step)

    def _plan_step(self) -> None:
        """A look at the plan an expert's move waits for: ready, the table says who is
        to move again and the move comes at the pace."""
        self._computer_timer = None
        session = self.session
        if session is None or self.paused:
            return
        if session.plan_wait() is None:
            self.refresh_screen()
        self._schedule_computer()

    def _computer_step(self) -> None:
        self._computer_timer = None
        if not self.paused:
            self._computer_move()

    def _computer_move(self) -> bool:
        """One computer move (in watch mode, leaving a settlement counts as one)."""
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .screens.table import TableScreen

        session = self.session
        try:
            screen = self.screen
        except ScreenStackError:  # the app is closing
            return False
        if session is None or not isinstance(screen, TableScreen):
            return False  # help, a question or a private view is open: the computers wait
        if session.stage() == "settlement":
            return session.all_computers() and screen.act(session.continue_after_settlement)
        if session.computer_to_move() is None or session.plan_wait() is not None:
            return False  # (an expert's plan still being solved: the table says so)
        return screen.act(session.play_computer)

    def action_step(self) -> None:
        """While the computers are paused: one move (``.``)."""
        if not self.paused:
            return
        if self.table is not None:
            self.table.computer_step()
        else:
            self._computer_move()

    def _computers_at_table(self) -> bool:
        session = self.session
        if session is None or not session.computers:
            return False
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .screens.standings import StandingsScreen
        from .screens.table import TableScreen

        return isinstance(self.screen, TableScreen | StandingsScreen)

    def _computers_moving(self) -> bool:
        """The computers are the ones playing now (or are paused): space means pause."""
        if self.table is not None:
            return self.screen is self.table and self.table.computers_moving()
        session = self.session
        if session is None or not self._computers_at_table():
            return False
        return self.paused or session.all_computers() or session.computer_to_move() is not None

    def action_resume(self) -> None:
        """While the computers are paused: space resumes them."""
        if self.paused:
            self.action_pause()

    def action_pause(self, shown: bool = True) -> None:
        """Pause or resume the computer players (space)."""
        self.paused = not self.paused
        table = self.table
        if table is not None:  # the table's prompt says it
            table.message = (
                _("Computer players paused: space resumes, . plays one move.")
                if self.paused
                else _("Computer players resume.")
            )
            table.refresh_table()
            if not self.paused:
                table.computers_go_on()
            return
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .screens.table import TableScreen

        # At the table the action panel says it; elsewhere a toast does.
        told = isinstance(self.screen, TableScreen)
        if self.paused:
            if self._computer_timer is not None:
                self._computer_timer.stop()
                self._computer_timer = None
            if not told:
                self.notify(
                    _("Computer players paused: space resumes, . plays one move."),
                    timeout=self.toast_seconds,
                )
        else:
            if not told:
                self.notify(_("Computer players resume."), timeout=min(self.toast_seconds, 2.0))
            self._schedule_computer()
        self.refresh_screen()

    # ------------------------------------------------------------ size

    def on_unmount(self) -> None:
        """The app closes: its experts' plans not started are not solved."""
        if self.session is not None:
            self.session.stop_plans()

    def on_resize(self, event: events.Resize) -> None:
        if self._table_opened:  # before on_mount, on_mount checks once the screens are in
            self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        """Show "too small" below the minimum; take it away as soon as the size is fine.

        A dialog opened over the notice (the palette, a question) was opened
        over a table nobody could see: it goes with the notice.
        """
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        stack = self.screen_stack
        notice = next((s for s in stack if isinstance(s, TooSmallScreen)), None)
        if small and notice is None:
            self.push_screen(TooSmallScreen(MIN_WIDTH, MIN_HEIGHT))
        elif not small and notice is not None:
            for _screen in stack[stack.index(notice) :]:
                self.pop_screen()

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save":
            return self.session is not None or self.table is not None
        if action == "pause" and parameters == (False,):
            if self.table is not None:
                return False  # a two-hand table's computers move only when it is theirs
            return self._computers_at_table()
        if action in ("resume", "step"):  # the footer says Resume while paused
            return self.paused and self._computers_moving()
        if action == "pause":
            return not self.paused and self._computers_moving()
        return True

    def action_help(self) -> None:
        if self.table is not None:  # the game's rules and keys
            self.table.action_help()
            return
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen | TooSmallScreen):
            # Built once (for each rules and language), then shown again.
            rules = self.session.game.rules if self.session is not None else self.rules
            name = "help" if rules == "home" else f"help-{rules}"
            if current_language() != "en":
                name += f"-{current_language()}"
            if not self.is_screen_installed(name):
                self.install_screen(HelpScreen(rules), name)
                self._help_screens.add(name)
            self.push_screen(name)

    async def switch_language(self, language: str) -> None:
        """Speak ``language`` from now on (setup's Language row, the palette's commands):
        the screens open are drawn again in it and the help is made anew (F1).
        The game, its journal and record are untouched (their acts are not words)."""
        if language == current_language():
            return
        install(language)
        self.sub_title = retranslate(self.sub_title)
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .screens.games_help import GameHelpScreen

        while isinstance(self.screen, GameHelpScreen):  # a two-hand game's, in the old language
            self.pop_screen()
        for name in list(self._help_screens):  # made in the old language
            if not any(screen is self.get_screen(name) for screen in self.screen_stack):
                self.uninstall_screen(name)
                self._help_screens.discard(name)
        await self.redraw_screens()

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A toast, as plain text by default: names and records' strings are never markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def action_toggle_suits(self) -> None:
        self.ascii_suits = not self.ascii_suits
        self.notify(
            _("ASCII suits (S H D C) on.") if self.ascii_suits else _("Card suits ♠ ♥ ♦ ♣ on."),
            timeout=self.toast_seconds,
        )
        self.refresh_screen()

    # ------------------------------------------------------------ palette

    def game_commands(self, screen: Screen[Any]) -> list[GameCommand]:
        """The game's commands for the palette, as they apply now."""
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .screens.table import TableScreen

        out: list[GameCommand] = [
            (
                _("Help: rules and keys"),
                _("The home profile's rules and every key"),
                self.action_help,
            ),
            (
                _("Save the record"),
                _("Write the game's record to a new file (ctrl+s)"),
                self.action_save,
            ),
            (
                _("Toggle ASCII suits"),
                _("Show suits as S H D C instead of ♠ ♥ ♦ ♣ (F2)"),
                self.action_toggle_suits,
            ),
        ]
        out += [(c.title, c.help, c.callback) for c in self.language_commands()]
        table = self.table
        if table is not None:
            out[0] = (out[0][0], _("This game's rules and every key (F1)"), self.action_help)
            if screen is table:
                out += table.palette_commands()
            return out
        session = self.session
        if session is None or not isinstance(screen, TableScreen):
            return out
        for who in session.game.participants:
            out.append(
                (
                    _("View seat: {who}").format(who=who),
                    _("{who}'s private view, after a hand-off curtain").format(who=who),
                    partial(self.open_private, who),
                )
            )
        table_actions = [
            ("deal", _("Deal the coup"), _("The banker deals two cards to each hand")),
            ("retire", _("Retire the banker"), _("End the bank (between coups)")),
            ("pass", _("Pass"), _("No wager (or no bid) this time")),
            ("banco", _("Banco"), _("Claim the whole bank")),
            ("a_cheval", _("À cheval"), _("Split the stake between the two sides")),
            ("ride", _("Let it ride"), _("Stake the last stake plus its winnings")),
            ("call_decider", _("Hand over for a decision"), _("The deciding seat looks")),
            ("next_coup", _("Next coup"), _("Leave the settlement")),
            ("seat_confirm", _("Seat the players"), _("Confirm the seating")),
            ("shuffle", _("Shuffle and cut"), _("Prepare the shoe")),
        ]
        for action, name, help_text in table_actions:
            if screen.check_action(action, ()):
                out.append((name, help_text, getattr(screen, f"action_{action}")))
        return out


def run_app(
    record_path: str | None = None,
    *,
    pace: float = DEFAULT_PACE,
    kinds: Mapping[str, SeatChoice] | None = None,
    forced_moves: ForcedMoves = "announced",
    resume: str | Path | None = None,
    rules: str = "home",
    options: Mapping[str, str | int] | None = None,
    offer_resume: bool = True,
) -> int:
    """Open the table (from a record, or a journal to resume); the exit status.
    ``offer_resume``: plain ``banque`` offers the unfinished game (not when the command
    line chose a new game's seats, pace or rules)."""
    app = BanqueApp(
        record_path,
        pace=pace,
        kinds=kinds,
        resume=resume,
        forced_moves=forced_moves,
        rules=rules,
        options=options,
        offer_resume=offer_resume and record_path is None and resume is None,
    )
    # Everything imported so far (Textual, banque, their classes and tables) lives as
    # long as the program: out of the collector's sight, a full collection no longer
    # walks it. Measured: without this, one full collection (30-40 ms on a 2-core
    # machine) fell inside the first screen's composing, most of what it took more
    # than a hello-world Textual app's.
    gc.freeze()
    try:
        result = app.run()
    except KeyboardInterrupt:
        if app.table is not None:
            # deferred: start-up (the first screen loads no session; benchmarks/bench_start.py)
            from ..session.two_hands import close_table

            close_table(app, app.table.session, pace=app.pace, quiet=True)
        return 130
    if app.table is not None:  # setup chose chemin de fer or punto banco, or resumed one
        # deferred: start-up (the first screen loads no session; benchmarks/bench_start.py)
        from ..session.two_hands import close_table

        code = int(app.return_code or 0)
        return close_table(app, app.table.session, code, pace=app.pace)
    if app.return_code:
        return int(app.return_code)
    return int(result or 0)
