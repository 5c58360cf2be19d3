"""Keeping the game, at every table of the family: its journal (written as it goes,
tried again while it cannot be), a journal resumed or offered again at start, ctrl+s,
what quitting and a crash say and leave behind (a rescue record where no journal
keeps it).

:class:`KeepingApp` is the part of :class:`~banque.table.app.BanqueApp` that keeps the
game; the table's own state (its session, its two-hand table, its pace and clock) is
the App's, set in :meth:`BanqueApp.__init__ <banque.table.app.BanqueApp>`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.timer import Timer
from textual.widgets import Static

from ..constants import SeatChoice
from ..core.errors import BanqueError
from ..core.messages import os_reason, tell, tell_error
from ..games import DEFAULT_GAME, definition
from ..i18n import _, ngettext
from .palette import TranslatedApp
from .screens.dialogs import ConfirmScreen
from .screens.setup import SetupScreen

# (the engine, the journal and the table's screens are imported when first needed:
# see banque.table.app)
if TYPE_CHECKING:
    from ..games.banque.game import Game
    from ..session.port import TwoHandSession
    from ..session.session import ComputerPlayer, Session, Temperament
    from .games_base import TwoHandTable

__all__ = ["JOURNAL_RETRY", "KeepingApp", "ResumeOfferScreen", "is_journal_file"]

#: Seconds between two tries of a journal that cannot be written (a key tries at once).
JOURNAL_RETRY = 1.5


class KeepingApp(TranslatedApp):
    """The table's App, as far as keeping its game goes (the journal, saving, quitting,
    resuming, a crash's record)."""

    # The table's state, set by BanqueApp.__init__: read and written here.
    session: Session | None
    table: TwoHandTable | None
    pace: float
    clock: Callable[[], datetime]
    save_dir: Path
    save_path: Path | None
    toast_seconds: float
    keep_journal: bool
    farewell: str
    _journal_timer: Timer | None
    _computer_timer: Timer | None

    if TYPE_CHECKING:  # the table's, in BanqueApp

        @property
        def table_session(self) -> TwoHandSession | None: ...

        def set_pace(self, pace: float) -> None: ...

        def refresh_screen(self) -> None: ...

        def open_two_hand(self, game: str, **options: Any) -> bool: ...

        def _setup_screen(self) -> SetupScreen: ...

        def _schedule_computer(self) -> None: ...

        def _computers_for(
            self, game: Game, choices: Sequence[SeatChoice]
        ) -> tuple[dict[str, ComputerPlayer], dict[str, Temperament]]: ...

    def _start_journal(self) -> None:
        """A new journal for the session's game (its acts so far included)."""
        session = self.session
        if session is None or not self.keep_journal:
            return
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from ..core.journal import Journal
        from ..games.records import record_of

        game, styles, pace = session.game, session.styles, self.pace
        if not game.actions:
            # Nothing played yet: the journal is written with the first act (a table
            # opened and left unplayed leaves no empty unfinished game behind).
            session.journal = Journal.pending(
                lambda: record_of(game, computers=styles, pace=pace), clock=self.clock()
            )
            return
        try:
            session.journal = Journal.create(
                record_of(game, computers=styles, pace=pace), clock=self.clock()
            )
        except OSError as exc:
            # Not created (a full disk…): the table takes no act and says why, on screen,
            # and tries again until it can (the whole record then, nothing lost).
            session.journal = Journal.later(
                lambda: record_of(game, computers=styles, pace=pace), exc, clock=self.clock()
            )
            self.watch_journal()

    def _resume_game(self, path: Path) -> None:
        """Continue a journal's game where it stopped (same seats, computers, pace)."""
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from ..core.journal import read_journal
        from ..games.records import reopen_journal, replay
        from ..session.session import Session
        from .screens.table import TableScreen

        try:
            game = read_journal(path).record.game
        except (BanqueError, OSError):
            game = DEFAULT_GAME  # said below, as for any journal that cannot be reopened
        if definition(game).two_hands:  # chemin de fer, punto banco: their table, in this App
            if not self.open_two_hand(game, resume=path):
                self.push_screen(self._setup_screen())
            return

        try:
            journal, info = reopen_journal(path)
        except (BanqueError, OSError) as exc:
            why = tell_error(exc) if isinstance(exc, BanqueError) else tell(os_reason(exc))
            self.notify(why, severity="error", timeout=max(self.toast_seconds, 10.0))
            self.push_screen(self._setup_screen())
            return
        record = info.record
        if record.pace is not None:
            self.set_pace(record.pace)
        result = info.replay if info.replay is not None else replay(record)
        choices: list[SeatChoice] = [record.computers.get(n, "human") for n in record.participants]
        computers, styles = self._computers_for(result.game, choices)
        self.session = Session.from_replay(result, computers=computers, styles=styles)
        if info.damage is not None:  # told at the table as it opens
            self.session.notice = info.damage
        self.session.skip_draws(info.draws)
        if info.ended:
            journal.note("resumed")
        self.session.journal = journal
        self.session.forced()
        self.push_screen(TableScreen())
        self.notify(
            _("Game resumed from {path}.").format(path=path),
            timeout=min(self.toast_seconds, 4.0),
        )

    def table_record_text(self) -> str:
        """The two-hand game's record so far (its computer seats and pace with it)."""
        session = self.table_session
        assert session is not None
        return session.record_text(self.pace)

    def journal_problem(self) -> Any:
        """A two-hand table: why no act is taken now (the journal tried again first);
        ``None``: none."""
        session = self.table_session
        return session.journal_problem() if session is not None else None

    def save(self) -> None:
        """A two-hand table: write the acts not written yet to the game's journal; a
        failure stops the table (the banner says why) until it is written again."""
        session = self.table_session
        if session is not None and not session.sync_journal():
            self.watch_journal()

    def standings_note(self) -> str | None:
        """A two-hand table's standings' last line when the journal does not keep the
        finished game."""
        session = self.table_session
        journal = session.journal if session is not None else None
        if journal is None or journal.kept:
            return None
        return _(
            "The game's journal could not be written ({why}): it does not keep the end of "
            "this game yet (the table tries again; ctrl+q then says what is kept). q leaves."
        ).format(why=journal.failure or "?")

    def _offer_resume(self) -> None:
        """Starting plain ``banque`` with an unfinished game: offer to continue it."""
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from ..games.records import game_words, last_unfinished

        entry = last_unfinished(hosted=False)  # a hosted game: banque host --resume
        if entry is None or not isinstance(self.screen, SetupScreen):
            return
        when = entry.modified.strftime("%Y-%m-%d %H:%M")

        def detail() -> str:  # told again after a language switch (the palette)
            names = ", ".join(
                _("{who} (computer)").format(who=n) if n in entry.computers else n
                for n in entry.participants
            )
            return ngettext(
                "{game} — {names}: bank {bank}, {coups} coup played; last played {when}.",
                "{game} — {names}: bank {bank}, {coups} coups played; last played {when}.",
                entry.coup,
            ).format(
                game=tell(game_words(entry)),
                names=names,
                bank=entry.bank,
                coups=entry.coup,
                when=when,
            )

        def answer(yes: bool | None) -> None:
            if yes:
                self._open_resumed(entry.path)

        self.push_screen(
            ResumeOfferScreen(lambda: _("Continue the unfinished game?"), detail), answer
        )

    def _open_resumed(self, path: Path) -> None:
        """Leave setup for the resumed game's table."""
        self.pop_screen()  # the setup screen
        self._resume_game(path)

    def _journal_sync(self) -> bool:
        """Bring the journal up to date; ``False`` if it cannot be (or there is none)."""
        session = self.session
        return session is not None and session.journal is not None and session.sync_journal()

    def journal_notice(self) -> str | None:
        """While the game's journal cannot be written: what the table says (on screen
        until it can be); ``None`` when it can."""
        session = self.session
        two_hand = self.table_session
        journal = (
            session.journal
            if session is not None
            else two_hand.journal
            if two_hand is not None
            else None
        )
        if journal is None or journal.failure_msg is None:
            return None
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from ..core.journal import stopped_msg

        if self.table is not None:
            return tell(stopped_msg(journal.failure_msg))
        return (
            tell(stopped_msg(journal.failure_msg)) + " " + _("ctrl+s saves the record elsewhere.")
        )

    def watch_journal(self) -> None:
        """After an act: a journal that could not be written stops the table (the
        computers wait, keys are refused) and is tried again every moment."""
        if self.journal_notice() is None or self._journal_timer is not None:
            return
        if self._computer_timer is not None:
            self._computer_timer.stop()
            self._computer_timer = None
        self._journal_timer = self.set_interval(JOURNAL_RETRY, self._journal_retry)
        if self.table is not None:
            return  # the table said it (and rang) itself
        self.bell()
        self.refresh_screen()

    def _journal_retry(self) -> None:
        """Try the journal again; once it is written, the table goes on by itself."""
        if self.table is not None:
            self._table_journal_retry(self.table)
            return
        session = self.session
        if session is None or session.journal_problem() is not None:
            self.refresh_screen()  # the reason may have changed
            return
        if self._journal_timer is not None:
            self._journal_timer.stop()
            self._journal_timer = None
        self.notify(
            _("The game's journal is written again: the table goes on."),
            timeout=max(self.toast_seconds, 4.0),
        )
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .screens.table import TableScreen
        from .widgets import ActionPanel

        for screen in self.screen_stack:  # a refusal said meanwhile is over
            if isinstance(screen, TableScreen):
                screen.query_one(ActionPanel).set_message("")
        self.refresh_screen()
        self._schedule_computer()

    def _table_journal_retry(self, table: TwoHandTable) -> None:
        if self.journal_problem() is not None:
            table.refresh_table()  # the reason may have changed
            return
        if self._journal_timer is not None:
            self._journal_timer.stop()
            self._journal_timer = None
        table.message = _("The game's journal is written again: the table goes on.")
        table.refresh_table()
        table.journal_written()

    def rescue(self) -> Path | None:
        """The game's whole record written where it can be (the data folder's rescue,
        then the save folder): its path, or ``None``."""
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from ..core.journal import rescue_record

        session = self.session
        if session is None:
            return None
        return rescue_record(session.record_text(self.pace), "banque", [self.save_dir])

    def keep_game(self) -> None:
        """A signal (SIGTERM, SIGHUP: a closed terminal…): the journal up to date first
        (a two-hand table's farewell is printed once the terminal is restored: ``run_table``)."""
        if self.table is not None:
            self.save()
            return
        self._journal_sync()

    def signal_farewell(self) -> Text | None:
        if self.table is not None:
            return None
        return self._kept_message()

    def _kept_message(self) -> Text | None:
        """What quitting says about the game (it is kept in the journal)."""
        message = self._kept_text()
        self.farewell = message.plain if message is not None else ""
        return message

    def _kept_text(self) -> Text | None:
        session = self.session
        if session is None:
            return None
        journal = session.journal
        if journal is None or (journal.unborn and not session.game.actions):
            return None  # nothing played: nothing kept
        if not self._journal_sync():
            # deferred: start-up (the engine, pydantic, the journal and the table's screens:
            # +100 to +400 ms by importtime that the setup screen does not wait for; PRELOAD
            # brings them in once it is up)
            from ..core.journal import not_kept_msg

            return Text(tell(not_kept_msg(journal, self.rescue())))
        return Text(
            _("Game kept — `banque --resume` continues it ({path}).").format(path=journal.path)
        )

    def crash_words(self) -> str:
        """After a crash, where the game is kept (the crash's line says it: see
        :meth:`~banque.table.signals.SignalExitApp._fatal_error`).

        The journal is brought up to date (it is the one file written); if
        there is none, a rescue record is written to the data directory (a
        two-hand table's closing line says where its record went).
        """
        two_hand = self.table_session
        if two_hand is not None:
            journal = two_hand.journal
            if journal is None or (journal.unborn and not two_hand.game.actions):
                return ""  # nothing played: nothing to keep
            if not two_hand.sync_journal():
                return ""
            return _(" The game is kept in {path}: `banque --resume` continues it.").format(
                path=journal.path
            )
        session = self.session
        if session is None:
            return ""
        journal = session.journal
        if journal is not None and journal.unborn and not session.game.actions:
            return ""  # nothing played: nothing to keep
        if journal is not None and journal.sync(session.game.actions, session.computer_draws()):
            return _(" The game is kept in {path}: `banque --resume` continues it.").format(
                path=journal.path
            )
        try:
            path = self._rescue_record(session)
        except Exception:
            path = self.rescue()
        if path is not None:
            return _(" The game's record was saved to {path}.").format(path=path)
        return ""

    def _rescue_record(self, session: Session) -> Path:
        """A crash without a journal: the record goes to the data directory."""
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from ..core.journal import atomic_write, data_dir

        folder = data_dir() / "rescue"
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        stamp = self.clock().strftime("%Y%m%d-%H%M%S")
        path = folder / f"banque-{stamp}.json"
        n = 2
        while path.exists():
            path = folder / f"banque-{stamp}-{n}.json"
            n += 1
        return atomic_write(path, session.record_text(self.pace))

    def default_save_path(self) -> Path:
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .saving import new_save_path

        return new_save_path(self.save_dir, "banque", self.clock)

    def action_save(self) -> None:
        """Save the game's record (the engine's format), whole or not at all
        (:func:`~banque.table.saving.save_record`).

        The first save goes to a new file; later ones (and every one after
        ``--record FILE``) update the same file.
        """
        # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
        # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in
        # once it is up)
        from .saving import new_save_path, save_record

        table = self.table
        if table is not None:
            updating = self.save_path is not None
            path = self.save_path or new_save_path(self.save_dir, str(table.game.game), self.clock)
            journal = table.session.journal
            text = self.table_record_text()
            if save_record(self, text, path, updating=updating, journal=journal):
                self.save_path = path
            return
        session = self.session
        if session is None:
            self.notify(_("There is no game to save yet."), severity="warning")
            return
        updating = self.save_path is not None
        path = self.save_path or self.default_save_path()
        if save_record(
            self,
            session.record_text(self.pace),
            path,
            updating=updating,
            journal=session.journal,
            toast=self.toast_seconds,
        ):
            self.save_path = path

    async def action_quit(self) -> None:
        """Quit: nothing to confirm, the journal keeps the game.

        In the middle of a bank the game stays unfinished (``banque --resume``
        continues it); between two banks, quitting ends the game.
        """
        session = self.session
        if session is None or session.journal is None:
            self.exit(0)  # a two-hand table's farewell is printed once it is closed
            return
        if session.journal.unborn and not session.game.actions:
            session.journal.close()
            self.exit(0)  # nothing played: no journal, nothing to say
            return
        if session.bank_in_play() or not self._journal_sync():
            self.exit(0, message=self._kept_message())
            return
        journal = session.journal
        if not journal.note("end"):
            # deferred: start-up (the engine, pydantic, the journal and the table's screens:
            # +100 to +400 ms by importtime that the setup screen does not wait for; PRELOAD
            # brings them in once it is up)
            from ..core.journal import not_kept_msg

            self.farewell = tell(not_kept_msg(journal, self.rescue()))
            self.exit(0, message=Text(self.farewell))
            return
        journal.close()
        self.farewell = _("Game over; its record stays in {path} (banque games lists it).").format(
            path=journal.path
        )
        self.exit(0, message=Text(self.farewell))


class ResumeOfferScreen(ConfirmScreen):
    """At start: continue the unfinished game (Enter or y), or a new one (n or Escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,y", "answer(True)", _("Continue it"), id="resume.yes"),
        Binding("n,escape", "answer(False)", _("New game"), id="resume.no"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question, style="bold"), classes="dialog-title")
            yield Static(Text(self.detail), classes="dialog-body")
            yield Static(
                Text(
                    _(
                        "Enter or y: continue it · n or Escape: a new game "
                        "(the unfinished one stays in banque games)"
                    )
                ),
                classes="dialog-keys",
            )


def is_journal_file(path: str | Path) -> bool:
    # deferred: start-up (the engine, pydantic, the journal and the table's screens: +100 to
    # +400 ms by importtime that the setup screen does not wait for; PRELOAD brings them in once
    # it is up)
    from ..core.journal import JOURNAL_FORMAT

    try:
        with open(path, "rb") as fh:
            return JOURNAL_FORMAT.encode() in fh.readline(4096)
    except OSError:
        return False
