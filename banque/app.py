"""The table in the terminal: a full-screen Textual app for hot-seat play.

``banque`` (or ``python -m banque``) opens it; ``banque --record FILE``
replays a record and plays on.  The app only shows and asks: every rule and
every refusal comes from :mod:`banque.engine`, through :mod:`banque.session`.

Computer seats play at a readable pace (``pace`` seconds a move, 0: at
once) on Textual timers, so the keyboard stays free while they think; when
every seat is a computer the table plays on by itself (watch mode).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from textual import events
from textual.app import App, ScreenStackError, SystemCommand
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.timer import Timer

from .engine import Event, Game
from .errors import BanqueError
from .i18n import _
from .models import Record
from .record import load_record, replay
from .screens import (
    ConfirmScreen,
    CurtainScreen,
    HelpScreen,
    PrivateScreen,
    SetupScreen,
    StandingsScreen,
    TableScreen,
    TooSmallScreen,
)
from .screens.setup import DEFAULT_KINDS, DEFAULT_NAMES
from .session import (
    ComputerPlayer,
    SeatChoice,
    Session,
    Stage,
    Temperament,
    computer_seats,
)
from .text import markup_literal

MIN_WIDTH = 80
MIN_HEIGHT = 24
NOTIFY_KINDS = {"settle", "lot"}
#: Seconds between two computer moves unless told otherwise.
DEFAULT_PACE = 0.6
MAX_PACE = 10.0
#: In watch mode a settlement (and a bank's standings) stay this many paces.
WATCH_READING = 4


def css_path() -> Path:
    """``screens.tcss``: from the installed package, else the checkout's top level."""
    here = Path(__file__).resolve().parent
    packaged = here / "screens.tcss"
    if packaged.exists():
        return packaged
    return here.parent / "screens.tcss"


class GameCommands(Provider):
    """The game's commands in the command palette (ctrl+p)."""

    def _commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        app = self.app
        if isinstance(app, BanqueApp):
            return app.game_commands(self.screen)
        return []

    # Commands hold participants' names: shown as text, never read as markup.
    async def discover(self) -> Hits:
        for name, help_text, callback in self._commands():
            yield DiscoveryHit(Content(name), callback, text=name, help=markup_literal(help_text))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                shown = matcher.highlight(name) if "[" not in name else Content(name)
                yield Hit(score, shown, callback, text=name, help=markup_literal(help_text))


class BanqueApp(App[int]):
    """Baccarat Banque à deux tableaux, hot-seat at one keyboard."""

    CSS_PATH = css_path()
    TITLE = "banque"
    SUB_TITLE = _("Baccarat Banque à deux tableaux")
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {
        *App.COMMANDS,
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
    ) -> None:
        super().__init__(ansi_color=ansi_color)
        self.session: Session | None = None
        self.ascii_suits = ascii_suits or bool(os.environ.get("BANQUE_ASCII"))
        self.save_dir = Path(save_dir) if save_dir is not None else Path.cwd()
        self.save_path: Path | None = None
        self.computers = dict(computers or {})
        self.kinds = kinds
        self.pace = max(0.0, min(MAX_PACE, pace))
        self.p5 = p5
        self.paused = False
        self.blink = blink
        self.clock = clock
        self._names = list(participants) if participants else None
        self._seed = seed
        self._shoe = list(shoe)
        self._record = record
        self._computer_timer: Timer | None = None
        self.toast_seconds = toast_seconds

    # ------------------------------------------------------------ start

    def on_mount(self) -> None:
        if self._record is not None:
            try:
                record = (
                    self._record if isinstance(self._record, Record) else load_record(self._record)
                )
                result = replay(record)
            except BanqueError as exc:
                self.notify(str(exc), severity="error", timeout=max(self.toast_seconds, 10.0))
                self.push_screen(self._setup_screen())
            else:
                choices = self.kinds_for(result.game.participants, default="human")
                computers, styles = self._computers_for(result.game, choices)
                self.session = Session.from_replay(result, computers=computers, styles=styles)
                self.session.forced()
                self.push_screen(TableScreen())
        else:
            self.push_screen(self._setup_screen())
        self._check_size(self.size.width, self.size.height)

    def _setup_screen(self) -> SetupScreen:
        names = list(self._names or DEFAULT_NAMES)
        return SetupScreen(names, self._seed, self.kinds_for(names), self.pace)

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
        by_name = dict(zip(game.participants, choices, strict=False))
        computers = computer_seats(game, by_name, self.p5)
        styles: dict[str, Temperament] = {
            n: c for n, c in by_name.items() if c != "human" and n in computers
        }
        computers.update(self.computers)
        return computers, styles

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
        if seed is None:
            seed = self._seed if self._seed is not None else time.time_ns() % (2**32)
        game = Game(list(names), seed, self._shoe)
        if pace is not None:
            self.pace = max(0.0, min(MAX_PACE, pace))
        choices = list(kinds) if kinds is not None else self.kinds_for(game.participants)
        computers, styles = self._computers_for(game, choices)
        self.session = Session(game, computers=computers, styles=styles)
        self.session.forced()
        self.switch_screen(TableScreen())

    # ------------------------------------------------------------ screens

    def big_cards(self) -> bool:
        return self.size.width >= 110 and self.size.height >= 36

    def watching(self) -> bool:
        """Every seat is a computer: the table plays on by itself."""
        return self.session is not None and self.session.all_computers()

    def open_private(self, who: str, reason: str = "") -> None:
        """Hand-off curtain first, then the seat's private view.

        A computer seat has no one to hand the keyboard to, and its concealed
        cards are its own: no curtain, no view, a word instead.
        """
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

        def after_curtain(look: bool | None) -> None:
            if look:
                self.push_screen(PrivateScreen(who))

        self.push_screen(CurtainScreen(who, reason), after_curtain)

    def after_refresh(self, stage: Stage) -> None:
        """After the table is drawn: the end of a bank, a computer's turn."""
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
        if result == "fresh" and self.session is not None:
            events = self.session.new_bank()
            self.announce(events)
            table = self.screen
            if isinstance(table, TableScreen):
                table.refresh_table()

    def announce(self, events: Sequence[Event]) -> None:
        """Notify the players of what matters (the log keeps everything)."""
        from .widgets.common import suits

        if any(ev.kind in NOTIFY_KINDS for ev in events):
            self.clear_notifications()
        for ev in events:
            if ev.kind in NOTIFY_KINDS:
                self.notify(
                    suits(ev.text, self.ascii_suits),
                    title=_("Settled") if ev.kind == "settle" else "",
                    timeout=self.toast_seconds,
                )

    def refresh_screen(self) -> None:
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

    def _fatal_error(self) -> None:
        """A crash: a short message and the record saved, never a traceback."""
        if self.is_headless or os.environ.get("BANQUE_DEBUG"):
            super()._fatal_error()
            return
        from rich.text import Text

        saved = ""
        if self.session is not None:
            try:
                path = self.save_path or self.default_save_path()
                path.write_text(self.session.record_text(), encoding="utf-8")
                saved = _(" The game's record was saved to {path}.").format(path=path)
            except Exception:
                saved = ""
        self.bell()
        self._exit_renderables.append(
            Text(
                _("banque stopped on an unexpected error.")
                + saved
                + _(" (Set BANQUE_DEBUG=1 to see the details.)")
            )
        )
        self._close_messages_no_wait()

    # ------------------------------------------------------------ computers

    def _schedule_computer(self) -> None:
        """The next computer move (or, in watch mode, the next coup) after a pause."""
        session = self.session
        if session is None or self._computer_timer is not None or self.paused:
            return
        delay = self.pace
        if session.stage() == "settlement":
            if not session.all_computers():
                return  # the players read the settlement and press Enter
            delay = self.pace * WATCH_READING
        elif session.computer_to_move() is None:
            return
        self._computer_timer = self.set_timer(max(delay, 0.001), self._computer_step)

    def _computer_step(self) -> None:
        self._computer_timer = None
        if not self.paused:
            self._computer_move()

    def _computer_move(self) -> bool:
        """One computer move (in watch mode, leaving a settlement counts as one)."""
        session = self.session
        try:
            screen = self.screen
        except ScreenStackError:  # the app is closing
            return False
        if session is None or not isinstance(screen, TableScreen):
            return False  # help, a question or a private view is open: the computers wait
        if session.stage() == "settlement":
            return session.all_computers() and screen.act(session.continue_after_settlement)
        if session.computer_to_move() is None:
            return False
        return screen.act(session.play_computer)

    def action_step(self) -> None:
        """While the computers are paused: one move (``.``)."""
        if self.paused:
            self._computer_move()

    def _computers_at_table(self) -> bool:
        session = self.session
        return (
            session is not None
            and bool(session.computers)
            and isinstance(self.screen, TableScreen | StandingsScreen)
        )

    def _computers_moving(self) -> bool:
        """The computers are the ones playing now (or are paused): space means pause."""
        session = self.session
        if session is None or not self._computers_at_table():
            return False
        return self.paused or session.all_computers() or session.computer_to_move() is not None

    def action_pause(self, shown: bool = True) -> None:
        """Pause or resume the computer players (space)."""
        self.paused = not self.paused
        if self.paused:
            if self._computer_timer is not None:
                self._computer_timer.stop()
                self._computer_timer = None
            self.notify(
                _("Computer players paused: space resumes, . plays one move."),
                timeout=self.toast_seconds,
            )
        else:
            self.notify(_("Computer players resume."), timeout=min(self.toast_seconds, 2.0))
            self._schedule_computer()
        self.refresh_screen()

    # ------------------------------------------------------------ size

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        on_top = isinstance(self.screen, TooSmallScreen)
        if small and not on_top:
            self.push_screen(TooSmallScreen(MIN_WIDTH, MIN_HEIGHT))
        elif not small and on_top:
            self.pop_screen()

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save":
            return self.session is not None
        if action == "pause" and parameters == (False,):
            return self._computers_at_table()
        if action in ("pause", "step"):
            return self._computers_moving() and (action == "pause" or self.paused)
        return True

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen | TooSmallScreen):
            self.push_screen(HelpScreen())

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

    def default_save_path(self) -> Path:
        stamp = self.clock().strftime("%Y%m%d-%H%M%S")
        path = self.save_dir / f"banque-{stamp}.json"
        n = 2
        while path.exists():
            path = self.save_dir / f"banque-{stamp}-{n}.json"
            n += 1
        return path

    def action_save(self) -> None:
        """Save the game's record (the engine's format) — never over another file."""
        session = self.session
        if session is None:
            self.notify(_("There is no game to save yet."), severity="warning")
            return
        updating = self.save_path is not None
        path = self.save_path or self.default_save_path()
        try:
            path.write_text(session.record_text(), encoding="utf-8")
        except OSError as exc:
            self.notify(
                _("The record could not be saved to {path}: {why}").format(
                    path=path, why=exc.strerror or exc.__class__.__name__
                ),
                severity="error",
            )
            return
        self.save_path = path
        self.notify(
            (_("Record updated: {path}") if updating else _("Record saved to {path}")).format(
                path=path
            ),
            title=_("Saved"),
            timeout=max(self.toast_seconds, 6.0),
        )

    async def action_quit(self) -> None:
        session = self.session
        if session is not None and session.bank_in_play():

            def answer(yes: bool | None) -> None:
                if yes:
                    self.exit(0)

            if not isinstance(self.screen, ConfirmScreen):
                self.push_screen(
                    ConfirmScreen(
                        _("Quit in the middle of bank {n}?").format(n=session.game.bank_number),
                        _("The game is lost unless saved (ctrl+s saves the record first)."),
                    ),
                    answer,
                )
            return
        self.exit(0)

    # ------------------------------------------------------------ palette

    def game_commands(self, screen: Screen[Any]) -> list[tuple[str, str, Callable[[], Any]]]:
        """The game's commands for the palette, as they apply now."""
        out: list[tuple[str, str, Callable[[], Any]]] = [
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

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)


def run_app(
    record_path: str | None = None,
    *,
    pace: float = DEFAULT_PACE,
    kinds: Mapping[str, SeatChoice] | None = None,
) -> int:
    """Open the table (from a record when one is given); the exit status."""
    app = BanqueApp(record_path, pace=pace, kinds=kinds)
    try:
        result = app.run()
    except KeyboardInterrupt:
        return 130
    return int(result or 0)
