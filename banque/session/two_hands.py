"""Opening the two-hand games' tables: the seats' checks, the journal, the hand-over.

No Textual here; the screens are :mod:`banque.table.punto_app` and
:mod:`banque.table.chemin_app`, hosted by banque's App
(:func:`banque.table.games_base.open_table`, or setup).  Their games are written as they go into the same
journals as banque's (``banque games`` lists them, ``banque --resume``
continues them): the journal's head names the game.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.errors import BanqueError, IllegalAction
from ..core.journal import Journal, not_kept_msg, rescue_record, stopped_msg
from ..core.messages import N_, Msg, os_reason, reason, tell
from ..core.record import dump_record, load_record
from ..core.rng import seat_draws, skip_seats
from ..games import GAMES
from ..games.records import record_of, reopen_journal, replay
from ..games.two_hands import validate_names
from ..i18n import _, pgettext
from ..text import plain

__all__ = [
    "TableJournal",
    "check_seats",
    "farewell",
    "from_record",
    "your_name",
]


def your_name() -> str:
    """The seat name of the player at the keyboard when none is given ("You"; French
    "Moi", Spanish "Yo"): a name, so the journal keeps it as it was shown."""

    return pgettext("the seat of the player at the keyboard", "You")


def check_seats(game: str, names: list[str]) -> list[str]:
    """The names, checked for ``game``; :class:`IllegalAction` says what is wrong."""
    if game not in GAMES:
        raise IllegalAction(Msg(N_("There is no game called {game}."), game=repr(game)), "game")
    rules = GAMES[game]
    return validate_names(names, *rules.seats, rules.title)


class TableJournal:
    """A two-hand table's journal: every act on disk as soon as it is played.

    ``failure`` says why the last write failed (the table shows it, takes no
    act meanwhile and tries again: :meth:`problem`); the same acts are
    written when it works again.
    """

    def __init__(self, journal: Any) -> None:
        self.journal = journal
        self._ended = False
        #: What was dropped from a damaged journal's tail as it was resumed (words).
        self.damage: Any = None
        #: The seats' computers and the pace (for a rescue record).
        self.computers: dict[str, str] = {}
        self.pace: float | None = None
        #: Each computer seat's generator (:meth:`follow`): how far it has drawn is
        #: written with the acts, as banque's journal keeps its computers'.
        self.seats: Mapping[str, object] = {}
        #: How far each computer seat had drawn when the journal was resumed.
        self.resumed_draws: dict[str, int] = {}

    def follow(self, seats: Mapping[str, object]) -> None:
        """The table's computer seats' generators: a resumed game's go on exactly where
        they were (they are moved on to the draws the journal kept), and how far each
        has drawn is written with the acts from now on."""
        skip_seats(seats, self.resumed_draws)
        self.resumed_draws = {}
        self.seats = seats

    @property
    def failure(self) -> str | None:
        """Why the journal cannot be written (the player's language); ``None``: it can."""
        return self.journal.failure

    @property
    def failure_msg(self) -> Any:
        return self.journal.failure_msg

    @property
    def kept(self) -> bool:
        """Every act played is on disk (and the game's end, once it has ended)."""
        return bool(self.journal.kept)

    def problem(self, game: Any) -> Msg | None:
        """Why no act is taken now (tried again first); ``None``: the journal is written."""
        if self.journal.failure_msg is None:
            return None
        self.sync(game)
        if self.journal.failure_msg is None:
            return None

        return stopped_msg(self.journal.failure_msg)

    @classmethod
    def create(
        cls, game: Any, computers: dict[str, str], pace: float | None, folder: Path | None = None
    ) -> TableJournal:

        record = record_of(game, computers=computers, pace=pace)  # type: ignore[arg-type]
        try:
            keeper = cls(Journal.create(record, folder=folder))
        except OSError as exc:
            raise BanqueError(
                _(
                    "the game's journal cannot be created ({why}): "
                    "check that banque's data folder is writable"
                ).format(why=tell(os_reason(exc)))
            ) from None
        keeper.computers, keeper.pace = dict(computers), pace
        return keeper

    @property
    def path(self) -> Path:
        return Path(self.journal.path)

    def sync(self, game: Any) -> bool:
        """Write the acts not written yet, with how far each computer seat has drawn;
        the game's end is noted once. ``False``: the journal could not be written
        (``failure`` says why)."""
        if not self.journal.sync(game.actions, seat_draws(self.seats)):
            return False
        if game.phase == "ended" and not self._ended:
            self._ended = True
            return bool(self.journal.note("end"))  # written with the next try if not now
        return True

    def close(self) -> None:
        self.journal.close()


def run_table(app: Any, game: Any, journal: TableJournal | None) -> int:
    """Run the App on a two-hand table (its ``run()``); then the journal is closed and
    the farewell printed (:func:`close_table`). The exit code."""
    try:
        code = int(app.run() or 0)
    except BaseException:
        close_table(app, game, journal, quiet=True)
        raise
    return close_table(app, game, journal, code)


def close_table(
    app: Any, game: Any, journal: TableJournal | None, code: int = 0, *, quiet: bool = False
) -> int:
    """A two-hand table has closed: its journal brought up to date and closed, and its
    farewell printed (not after a crash whose one line said where the game is kept,
    nor when ``quiet``). ``code``, the exit status."""
    if journal is None:
        return code
    kept = journal.sync(game)
    journal.close()
    if quiet or (getattr(app, "crashed", False) and kept):
        return code  # its one line said where the game is kept
    with contextlib.suppress(OSError):  # SIGHUP: the terminal may be gone
        print(farewell(game, journal.path, kept=kept, journal=journal), flush=True)
    return code


def farewell(game: Any, path: Path, *, kept: bool = True, journal: Any = None) -> str:
    """What a two-hand table says as it closes: the game kept to resume, or over; or,
    if its journal could not be written, what is not kept (and where the whole record
    went, if it could go anywhere)."""

    if not kept and journal is not None:
        record = record_of(game, computers=journal.computers, pace=journal.pace)
        rescued = rescue_record(dump_record(record), str(game.game), [Path.cwd()])
        return "banque: " + tell(not_kept_msg(journal.journal, rescued))
    name = plain(path.stem, 60)
    if game.phase == "ended":
        return _(
            "banque: the game is over; its journal {name} keeps it (banque games lists it)"
        ).format(name=name)
    return _("banque: the game is kept as {name} (banque --resume continues it)").format(name=name)


def reopen(path: str | Path) -> tuple[Any, TableJournal, dict[str, str], float | None]:
    """A journal's game, replayed, with its journal open to go on (``--resume``)."""

    journal, info = reopen_journal(path)
    result = info.replay if info.replay is not None else replay(info.record)
    if result.error is not None:
        journal.close()

        raise BanqueError(Msg("{name}: {error}", name=str(path), error=reason(result.error)))
    if info.ended:
        journal.note("resumed")
    keeper = TableJournal(journal)
    keeper._ended = result.game.phase == "ended"
    keeper.damage = info.damage
    keeper.computers, keeper.pace = dict(info.record.computers), info.record.pace
    keeper.resumed_draws = dict(info.draws)
    return result.game, keeper, dict(info.record.computers), info.record.pace


def from_record(
    path: str | Path, computers: Mapping[str, str]
) -> tuple[Any, dict[str, str], Msg | None]:
    """A record's game to play on (``--record``): the game its acts reach, its computer
    seats (those the record names, then those given), and, if the record stops at an
    act the rules refuse, the words the table tells as it opens (as banque's does)."""

    loaded = load_record(path)
    result = replay(loaded)
    return result.game, {**loaded.computers, **computers}, result.stop_notice()
