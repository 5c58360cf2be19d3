"""Records and journals read as games: the game a record starts, its replay, the
record of a game played so far, and the journals listed and reopened as games.

The record format and the journal's file are the core's
(:mod:`banque.core.record`, :mod:`banque.core.journal`); what needs a game's
definition is here, in the games' layer.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import IllegalAction, RecordError, ReplayError
from ..core.journal import (
    SUFFIX,
    GameEntry,
    Journal,
    JournalInfo,
    atomic_write,
    ended_quickly,
    games_dir,
    hosted_of,
    journal_paths,
    read_journal,
    seats_path,
    trim_to,
)
from ..core.messages import N_, Listed, Msg, Nn_, Word, reason
from ..core.models import Record, Temperament
from ..core.record import dump_record
from . import GAMES, definition

if TYPE_CHECKING:  # the games' engines load when a record is replayed, not before
    from .banque.game import Event, Game


def new_game(record: Record, **options: Any) -> Game:
    """The game a record starts from (before any act): its game's definition makes it
    (:data:`banque.games.GAMES`); every game answers the same calls as :class:`Game`
    where the games meet (``apply``, ``report``, ``view``, ``actions``)."""
    game_def = definition(record.game)
    defaults = type(record).model_fields
    for name in sorted({f for g in GAMES.values() for f in g.record_fields}):
        if name in game_def.record_fields or getattr(record, name) == defaults[name].default:
            continue
        # the record's schema keeps the field for every game; its game says if it takes it
        takers = [g.title.lower() for g in GAMES.values() if name in g.record_fields]
        raise RecordError(
            Msg(N_("{field} is a table option of {games} only"), field=name, games=Listed(takers))
        )
    try:
        return game_def.module().from_record(record, **options)
    except IllegalAction as exc:
        raise RecordError(reason(exc)) from None


@dataclass
class Replay:
    """What replaying a record gives: the game reached, its events, any error."""

    game: Game
    events: list[Event] = field(default_factory=list)
    error: ReplayError | None = None

    def stop_notice(self) -> Msg | None:
        """Words for a table that opens on a record stopped early: at which act, which
        the rules refuse, and that play goes on from the state before it (``None``: the
        record replays to its end).  Every table tells it as it opens."""
        error = self.error
        if error is None:
            return None
        if error.rule == "forced":
            # The reason names a hand's concealed total: not for the whole table.
            return Msg(
                N_(
                    "The record stops at act {index} ({act}), a side's move that its cards do "
                    "not allow. Play goes on from the state before it."
                ),
                index=error.index,
                act=error.act,
            )
        return Msg(
            N_(
                "The record stops at act {index} ({act}), which the rules refuse: {reason} "
                "Play goes on from the state before it."
            ),
            index=error.index,
            act=error.act,
            reason=error.reason_msg,  # the engine's refusal, told in the language too
        )


def replay(record: Record, **options: Any) -> Replay:
    """Apply a record's acts in order; stop at the first illegal act."""
    game = new_game(record, **options)
    result = Replay(game)
    for index, action in enumerate(record.actions, start=1):
        try:
            result.events.extend(game.apply(action))
        except IllegalAction as exc:
            result.error = ReplayError(index, action.act, exc.msg, exc.rule)
            break
    return result


def record_of(
    game: Game,
    *,
    computers: Mapping[str, Temperament] | None = None,
    pace: float | None = None,
) -> Record:
    """The record of a game played so far (its acts as applied).

    ``computers`` (each computer seat's temperament) and ``pace`` are what
    the table adds, so that a resumed game has the same seats.
    """
    return Record.model_construct(
        format="banque-record/1",
        participants=list(game.participants),
        seed=game.seed,
        stream=game.stream,
        shoe=list(game.stacked),
        computers=dict(computers or {}),
        pace=pace,
        actions=list(game.actions),
        **game.record_fields(),
    )


def save_record(game: Game, path: str | Path, **extra: Any) -> Path:
    """Write a game's record to ``path`` atomically (whole, or the old file untouched).

    ``extra`` is what :func:`record_of` adds (computer seats, pace).
    """
    return atomic_write(path, dump_record(record_of(game, **extra)))


def check_replay(info: JournalInfo, **options: Any) -> Replay:
    """Replay a journal's acts; those from the first that does not replay are dropped
    too.  Sets :attr:`JournalInfo.damage` when anything was dropped; the replay."""
    result = replay(info.record, **options)
    if result.error is not None:
        trim_to(info, result.error.index - 1)
        result.error = None
    if info.dropped:
        info.damage = damage_msg(info.dropped, result.game)
    return result


def damage_msg(dropped: int, game: Any) -> Msg:
    """``the last 3 lines of the journal were damaged and dropped: the game resumes at …``"""
    if not definition(game.game).two_hands:  # banque: bank after bank
        return Msg.plural(
            Nn_(
                "The last line of the journal was damaged and dropped: the game resumes at "
                "bank {bank}, coup {coup}.",
                "The last {n} lines of the journal were damaged and dropped: the game resumes "
                "at bank {bank}, coup {coup}.",
            ),
            dropped,
            bank=game.bank_number,
            coup=game.coup_number,
        )
    return Msg.plural(
        Nn_(
            "The last line of the journal was damaged and dropped: the game resumes at coup {coup}.",
            "The last {n} lines of the journal were damaged and dropped: the game resumes at "
            "coup {coup}.",
        ),
        dropped,
        coup=len(game.coups) + 1,
    )


def _entry(p: Path, modified: datetime) -> GameEntry:
    try:
        info = read_journal(p)
    except RecordError as exc:
        return GameEntry(p.stem, p, modified, [], 0, 0, 0, False, [], {}, str(exc))
    game = check_replay(info, keep_log=False).game
    coup = len(game.coups)  # coups played in the current (or last) bank
    return GameEntry(
        p.stem,
        p,
        modified,
        list(info.record.participants),
        game.bank_number,
        coup,
        len(info.record.actions),
        info.ended,
        info.saved,
        dict(info.record.computers),
        hosted=hosted_of(p) is not None,
        game=info.record.game,
        rules=info.record.rules,
    )


def game_words(entry: GameEntry) -> Msg:
    """The game a journal keeps, in words: its title, and banque's house beside it
    (``Baccarat Banque, classic rules``; ``Punto banco``)."""
    title = definition(entry.game).title
    if not definition(entry.game).two_hands:
        return Msg(N_("{game}, {rules} rules"), game=title, rules=Word(entry.rules))
    return Msg("{game}", game=title)


def remove_games(ids: Sequence[str], folder: Path | None = None) -> list[Path]:
    """Remove the journals named (an id, or a path in the games' folder) and what the
    hosted table kept beside each (its seats' file): the paths removed. A name that
    is no journal of the folder is refused in words, and nothing is removed then."""
    where = folder if folder is not None else games_dir()
    paths = []
    for which in ids:
        path = find_game(which, where)
        if path.parent.resolve() != where.resolve() or not path.name.endswith(SUFFIX):
            raise RecordError(
                Msg(N_("{id} is not a game of banque games: nothing was removed"), id=which)
            )
        if not path.exists():
            raise RecordError(
                Msg(N_("no game {id} (banque games lists them): nothing was removed"), id=which)
            )
        paths.append(path)
    removed = []
    for path in paths:
        for kept in (path, seats_path(path)):
            if kept.exists():
                kept.unlink()
                removed.append(kept)
    return removed


def empty_games(folder: Path | None = None) -> list[str]:
    """The unfinished games in which nothing was played (no act): a table opened and
    left at once."""
    return [e.id for e in list_games(folder) if e.state == "unfinished" and e.acts == 0]


def list_games(folder: Path | None = None) -> list[GameEntry]:
    """Every journal, the most recently played last."""
    where = folder if folder is not None else games_dir()
    return [_entry(p, modified) for modified, p in journal_paths(where)]


def find_game(which: str | None, folder: Path | None = None) -> Path:
    """The journal ``banque --resume [ID|PATH]`` means: a path, an id, or the last unfinished."""
    if which:
        p = Path(which)
        if p.exists() or os.sep in which or which.endswith(SUFFIX):
            return p
        where = folder if folder is not None else games_dir()
        candidate = where / f"{which}{SUFFIX}"
        if candidate.exists():
            return candidate
        raise RecordError(Msg(N_("no game {id} (banque games lists them)"), id=repr(which)))
    entry = last_unfinished(folder)
    if entry is None:
        raise RecordError(Msg(N_("no unfinished game to resume (banque games lists them)")))
    return entry.path


def last_unfinished(folder: Path | None = None, *, hosted: bool | None = None) -> GameEntry | None:
    """The most recent unfinished game, if any (only that one is read whole).

    ``hosted``: only a game played at a hosted table (``True``), or only one
    that was not (``False``); ``None``: any.
    """
    where = folder if folder is not None else games_dir()
    for modified, p in reversed(journal_paths(where)):
        if ended_quickly(p) is False:
            entry = _entry(p, modified)
            if entry.state == "unfinished" and (hosted is None or entry.hosted == hosted):
                return entry
    return None


def reopen_journal(path: str | Path) -> tuple[Journal, JournalInfo]:
    """Open an existing journal to go on appending: its good prefix is read, then
    replayed (``info.replay`` is the game reached; acts that do not replay are
    dropped too), and the file is cut there (:meth:`Journal.reopen`)."""
    info = read_journal(path)
    info.replay = check_replay(info)
    return Journal.reopen(path, info)
