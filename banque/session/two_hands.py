"""The local two-hand tables' sessions: made, resumed, closed.

A local chemin de fer or punto banco table plays through the very session the hosted
table plays through (:class:`~banque.session.port.TwoHandSession`: the journal written
before anything is shown, the computer seats and their generators, the seats' rules);
this module makes one for a new game (:func:`open_session`), a record played on
(:func:`from_record`) or a journal resumed (:func:`resume`), and closes it with its
farewell (:func:`close_table`).  No Textual here; the screens are
:mod:`banque.table.punto_app` and :mod:`banque.table.chemin_app`, hosted by banque's
App (:func:`banque.table.games_base.open_table`, or setup).  Their games are written
as they go into the same journals as banque's (``banque games`` lists them, ``banque
--resume`` continues them): the journal's head names the game.  A new game's journal
is written with its first act (:func:`table_journal`): a table opened and closed
unplayed leaves nothing behind.
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from ..constants import PLAYER_NAMES
from ..core.errors import BanqueError, IllegalAction
from ..core.journal import Journal, not_kept_msg, rescue_record
from ..core.messages import N_, Msg, os_reason, reason, tell
from ..core.record import load_record
from ..games import GAMES
from ..games.records import record_of, reopen_journal, replay
from ..games.two_hands import validate_names
from ..i18n import _
from ..text import plain
from .port import TwoHandSession

__all__ = [
    "check_seats",
    "close_table",
    "farewell",
    "from_record",
    "new_journal",
    "open_session",
    "resume",
    "run_table",
    "table_journal",
    "unplayed",
    "your_name",
]


def your_name(taken: Collection[str] = ()) -> str:
    """The seat name of the player at the keyboard when none is given: the first of the
    table's names that no other seat has (Ana, as setup offers it), a participant's own
    name, so that every sentence about the seat reads right ("Ana holds 1", never
    "You holds 1") and the journal keeps it as it was shown."""
    for name in PLAYER_NAMES:
        if name not in taken:
            return name
    n = len(PLAYER_NAMES) + 1
    while f"Seat {n}" in taken:
        n += 1
    return f"Seat {n}"


def check_seats(game: str, names: list[str]) -> list[str]:
    """The names, checked for ``game``; :class:`IllegalAction` says what is wrong."""
    if game not in GAMES:
        raise IllegalAction(Msg(N_("There is no game called {game}."), game=repr(game)), "game")
    rules = GAMES[game]
    return validate_names(names, *rules.seats, rules.title)


def new_journal(
    game: Any, computers: Mapping[str, str], pace: float | None, folder: Path | None = None
) -> Journal:
    """A new journal for a two-hand game, created now (its acts so far included); a
    journal that cannot be created is a :class:`BanqueError` in words (the table does
    not open)."""
    record = record_of(game, computers=dict(computers), pace=pace)  # type: ignore[arg-type]
    try:
        return Journal.create(record, folder=folder)
    except OSError as exc:
        raise BanqueError(
            _(
                "the game's journal cannot be created ({why}): "
                "check that banque's data folder is writable"
            ).format(why=tell(os_reason(exc)))
        ) from None


def open_session(
    game: Any,
    computers: Mapping[str, str],
    *,
    pace: float | None = None,
    journal: Journal | bool | None = None,
    folder: Path | None = None,
) -> TwoHandSession:
    """A local table's session of ``game``: its computer seats (``computers``, each
    seat's temperament), and its journal — ``journal``, or a new one if ``True``
    (in ``folder``: the data folder's when ``None``; written from the game's first
    act, :func:`table_journal`), or none. The journal notes the game's end as soon as
    it ends."""
    session = TwoHandSession(game, styles=computers)
    session.note_end = True
    if journal is True:
        session.journal = table_journal(game, session.styles, pace, folder)
    elif isinstance(journal, Journal):
        session.journal = journal
    return session


def table_journal(
    game: Any, computers: Mapping[str, str], pace: float | None, folder: Path | None = None
) -> Journal:
    """A local table's journal for ``game``: a game with no act yet has a
    :meth:`Journal.pending <banque.core.journal.Journal.pending>` — nothing on disk
    until its first act, whose write creates it whole before that act is shown (a
    table opened and left unplayed leaves no empty unfinished game); a game with acts
    (a record played on) has its journal created now (:func:`new_journal`)."""
    if game.actions:
        return new_journal(game, computers, pace, folder)
    styles = dict(computers)
    return Journal.pending(
        lambda: record_of(game, computers=styles, pace=pace),  # type: ignore[arg-type]
        folder=folder,
    )


def unplayed(session: TwoHandSession) -> bool:
    """A table whose game has no act and so no journal on disk: nothing to keep."""
    journal = session.journal
    return journal is not None and journal.unborn and not session.game.actions


def resume(
    path: str | Path, computers: Mapping[str, str] | None = None
) -> tuple[TwoHandSession, float | None]:
    """A journal's game, replayed, in its session, its journal open to go on
    (``--resume``): the computer seats it names (then those given) moved on to how far
    each had drawn, what was dropped from a damaged tail in its ``notice``; and the
    pace the journal kept."""

    journal, info = reopen_journal(path)
    result = info.replay if info.replay is not None else replay(info.record)
    if result.error is not None:
        journal.close()

        raise BanqueError(Msg("{name}: {error}", name=str(path), error=reason(result.error)))
    if info.ended:
        journal.note("resumed")
    styles = {**info.record.computers, **(computers or {})}
    session = open_session(result.game, styles, journal=journal)
    session.end_noted = result.game.phase == "ended"
    session.skip_draws(info.draws)
    session.notice = info.damage
    return session, info.record.pace


def from_record(
    path: str | Path, computers: Mapping[str, str]
) -> tuple[Any, dict[str, str], Msg | None]:
    """A record's game to play on (``--record``): the game its acts reach, its computer
    seats (those the record names, then those given), and, if the record stops at an
    act the rules refuse, the words the table tells as it opens (as banque's does)."""

    loaded = load_record(path)
    result = replay(loaded)
    return result.game, {**loaded.computers, **computers}, result.stop_notice()


def run_table(app: Any, session: TwoHandSession, pace: float | None = None) -> int:
    """Run the App on a two-hand table (its ``run()``); then the journal is closed and
    the farewell printed (:func:`close_table`). The exit code."""
    try:
        code = int(app.run() or 0)
    except BaseException:
        close_table(app, session, pace=pace, quiet=True)
        raise
    return close_table(app, session, code, pace=pace)


def close_table(
    app: Any,
    session: TwoHandSession,
    code: int = 0,
    *,
    pace: float | None = None,
    quiet: bool = False,
) -> int:
    """A two-hand table has closed: its journal brought up to date and closed, and its
    farewell printed (not after a crash whose one line said where the game is kept,
    nor when ``quiet``). ``code``, the exit status."""
    journal = session.journal
    if journal is None:
        return code
    if unplayed(session):
        journal.close()
        return code  # nothing played: no journal, nothing to say
    kept = session.sync_journal()
    journal.close()
    if quiet or (getattr(app, "crashed", False) and kept):
        return code  # its one line said where the game is kept
    with contextlib.suppress(OSError):  # SIGHUP: the terminal may be gone
        print(farewell(session, kept=kept, pace=pace), flush=True)
    return code


def farewell(session: TwoHandSession, *, kept: bool = True, pace: float | None = None) -> str:
    """What a two-hand table says as it closes: the game kept to resume, or over; or,
    if its journal could not be written, what is not kept (and where the whole record
    went, if it could go anywhere: its computer seats and ``pace`` with it)."""
    game, journal = session.game, session.journal
    assert journal is not None
    if not kept:
        rescued = rescue_record(session.record_text(pace), str(game.game), [Path.cwd()])
        return "banque: " + tell(not_kept_msg(journal, rescued))
    name = plain(Path(journal.path).stem, 60)
    if game.phase == "ended":
        return _(
            "banque: the game is over; its journal {name} keeps it (banque games lists it)"
        ).format(name=name)
    return _("banque: the game is kept as {name} (banque --resume continues it)").format(name=name)
