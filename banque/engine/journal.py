"""The game's journal: the record, written as the game goes.

A journal is a JSON-Lines file in the user's data directory
(``platformdirs.user_data_dir("banque")/games``, or ``$BANQUE_DATA_DIR/games``).
Its first line is the record's head (format ``banque-journal/1``,
participants, seed, shoe, rules, forced moves, computer seats, pace, the
time it was started); then one act per line, appended, flushed and synced
to disk after every act the table applies — so a killed process, a closed
terminal or a dropped connection loses nothing.  Lines with a ``note``
instead of an ``act`` say where the game was saved and when it ended.

The cost of one act never grows with the game's length: an act is one
line appended to the file.  A torn last line (the process killed in the
middle of a write) is ignored on reading.  Files are created readable by
their owner only (they hold the shoe's order), in a folder of the owner's
only, and never opened through a symbolic link.

A game is *unfinished* until its players quit between two banks (at the
standings, or before the first word of a fresh auction): ``banque --resume``
continues the last unfinished game, ``banque games`` lists them all.

Nothing here imports Textual.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..text import plain
from .errors import RecordError
from .models import Action, Record, Temperament

JOURNAL_FORMAT = "banque-journal/1"
SUFFIX = ".jsonl"
#: A hosted game's seats' credentials, beside its journal (``<id>.seats.json``, mode 0600).
SEATS_SUFFIX = ".seats.json"
SEATS_FORMAT = "banque-seats/1"
#: The note a hosted game's journal keeps of how it is hosted (``banque host --resume``).
HOSTED_NOTE = "hosted"
#: Creating a file: never through a symbolic link, never over another file.
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


# ------------------------------------------------------------------ places


def data_dir() -> Path:
    """The folder of banque's own files (``$BANQUE_DATA_DIR`` overrides it)."""
    override = os.environ.get("BANQUE_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("banque", appauthor=False))


def games_dir(create: bool = False) -> Path:
    """Where the journals are; created (owner only) when ``create``."""
    path = data_dir() / "games"
    if create:
        _private_dir(path.parent)
        _private_dir(path)
    return path


def _symlink(path: Path) -> Any:
    from .messages import N_, Msg

    return Msg(N_("{path} is a symbolic link: banque does not write through it"), path=str(path))


def _unreadable(p: Path, exc: OSError) -> Any:
    from .messages import N_, Msg, os_reason

    return Msg(N_("{name}: cannot be read ({why})"), name=str(p), why=os_reason(exc))


def _private_dir(path: Path) -> None:
    if path.is_symlink():
        raise OSError(_symlink(path))
    if not path.is_dir():
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        with contextlib.suppress(OSError):
            os.chmod(path, 0o700)


def _fsync_dir(path: Path) -> None:
    """Make a file's creation or renaming durable (where the system allows it)."""
    try:
        fd = os.open(path, os.O_RDONLY | _CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ------------------------------------------------------------------ writing


def atomic_write(path: str | Path, text: str, mode: int = 0o600) -> Path:
    """Write ``text`` to ``path`` so that the file is whole or untouched.

    A temporary file in the same folder (created afresh, never through a
    symbolic link) is written, flushed and synced, then renamed over
    ``path``; a failure (a full disk, say) removes the temporary file and
    leaves any previous file as it was.  A symbolic link at ``path`` is
    refused rather than written through.
    """
    p = Path(path)
    if p.is_symlink():
        raise OSError(_symlink(p))
    if p.exists() and not p.is_file():
        from .messages import N_, Msg

        raise OSError(Msg(N_("{path} is not a regular file"), path=str(p)))
    folder = p.parent if str(p.parent) else Path(".")
    tmp = folder / f".{p.name}.{secrets.token_hex(4)}.tmp"
    data = text.encode("utf-8")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, mode)
    try:
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(folder)
    return p


def _act_line(action: Action) -> str:
    from .record import _act_json

    return _act_json(action) + "\n"


def _head(record: Record, started: datetime) -> dict[str, Any]:
    from .record import record_head

    head = record_head(record, JOURNAL_FORMAT)
    head["started"] = started.isoformat(timespec="seconds")
    return head


class Journal:
    """An open journal: acts are appended as they are applied.

    :meth:`sync` writes the acts of a game that are not written yet (one
    line each, then one ``fsync``); a failure to write is kept in
    :attr:`failure` and the same acts are tried again next time, so an act
    is never skipped.
    """

    def __init__(self, path: Path, fd: int, written: int) -> None:
        self.path = path
        self._fd = fd
        self.written = written
        self.failure: str | None = None
        #: The computer seats' draws last written.
        self.draws: dict[str, int] = {}

    # -------------------------------------------------------------- opening

    @classmethod
    def create(
        cls,
        record: Record,
        *,
        folder: Path | None = None,
        clock: datetime | None = None,
    ) -> Journal:
        """A new journal for a game (its head and the acts it already has)."""
        started = clock or datetime.now()
        where = folder if folder is not None else games_dir(create=True)
        if folder is not None:
            _private_dir(where)
        stamp = started.strftime("%Y%m%d-%H%M%S")
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | _NOFOLLOW | _CLOEXEC
        for n in range(1, 1000):
            name = f"{stamp}{'' if n == 1 else f'-{n}'}{SUFFIX}"
            path = where / name
            try:
                fd = os.open(path, flags, 0o600)
            except FileExistsError:
                continue
            break
        else:  # pragma: no cover - a thousand games in one second
            raise OSError(f"no free journal name in {where}")  # (never met)
        journal = cls(path, fd, 0)
        text = json.dumps(_head(record, started), ensure_ascii=False) + "\n"
        text += "".join(_act_line(a) for a in record.actions)
        try:
            journal._write(text)
        except OSError:
            journal.close()
            with contextlib.suppress(OSError):
                path.unlink()
            raise
        journal.written = len(record.actions)
        _fsync_dir(where)
        return journal

    @classmethod
    def reopen(cls, path: str | Path) -> tuple[Journal, JournalInfo]:
        """Open an existing journal to go on appending (a torn last line is cut)."""
        p = Path(path)
        info = read_journal(p)
        fd = os.open(p, os.O_RDWR | _NOFOLLOW | _CLOEXEC)
        try:
            if info.good_bytes < os.fstat(fd).st_size:
                os.ftruncate(fd, info.good_bytes)
            os.lseek(fd, 0, os.SEEK_END)
        except OSError:
            os.close(fd)
            raise
        # O_APPEND from now on: reopen the same file descriptor's file for append.
        os.close(fd)
        fd = os.open(p, os.O_WRONLY | os.O_APPEND | _NOFOLLOW | _CLOEXEC)
        journal = cls(p, fd, len(info.record.actions))
        journal.draws = dict(info.draws)
        return journal, info

    # -------------------------------------------------------------- writing

    def _write(self, text: str) -> None:
        data = text.encode("utf-8")
        view = memoryview(data)
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
        os.fsync(self._fd)

    def sync(self, actions: Sequence[Action], draws: Mapping[str, int] | None = None) -> bool:
        """Append the acts not written yet; ``False`` (and :attr:`failure`) if it failed.

        ``draws`` (how many numbers each computer seat has drawn) follows the
        acts when it changed, in the same write.
        """
        if self._fd < 0 or len(actions) <= self.written:
            return self.failure is None
        text = "".join(_act_line(a) for a in actions[self.written :])
        if draws and dict(draws) != self.draws:
            text += json.dumps({"note": "draws", "draws": dict(draws)}, ensure_ascii=False) + "\n"
        try:
            self._write(text)
        except OSError as exc:
            from .messages import os_reason, tell

            self.failure = tell(os_reason(exc))
            return False
        self.written = len(actions)
        if draws:
            self.draws = dict(draws)
        self.failure = None
        return True

    def note(self, kind: str, **data: Any) -> None:
        """A line that is not an act: where the game was saved, that it ended."""
        if self._fd < 0:
            return
        line = {"note": kind, **data, "at": datetime.now().isoformat(timespec="seconds")}
        with contextlib.suppress(OSError):
            self._write(json.dumps(line, ensure_ascii=False) + "\n")

    def close(self) -> None:
        if self._fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = -1

    @property
    def closed(self) -> bool:
        return self._fd < 0


# ------------------------------------------------------------------ reading


@dataclass
class JournalInfo:
    """What a journal holds: the record so far, and its notes."""

    record: Record
    started: str = ""
    ended: bool = False
    saved: list[str] = field(default_factory=list)
    torn: bool = False
    #: How many numbers each computer seat had drawn (see ``Session.skip_draws``).
    draws: dict[str, int] = field(default_factory=dict)
    #: The bytes written whole (the file is cut there before appending).
    good_bytes: int = 0


def is_journal(text: str) -> bool:
    """Does this text start like a journal (its head's format)?"""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    return JOURNAL_FORMAT in first and first.lstrip().startswith("{")


def parse_journal(text: str) -> JournalInfo:
    """A journal's text as a record; every problem is a :class:`RecordError`."""
    from .messages import N_, Msg, reason
    from .record import loads_json, parse_record

    text = text.removeprefix("\ufeff")
    lines = text.split("\n")
    # Everything before the last newline was written whole; after it, a torn line.
    torn = lines[-1] != ""
    complete = lines[:-1]
    dropped = 0
    if not complete:
        raise RecordError(Msg(N_("an empty journal (not even its first line)")))
    head = loads_json(complete[0])
    if not isinstance(head, dict) or head.get("format") != JOURNAL_FORMAT:
        raise RecordError(
            Msg(N_('a journal starts with a line of format "{format}"'), format=JOURNAL_FORMAT)
        )
    started = str(head.pop("started", ""))
    head["format"] = "banque-record/1"
    acts: list[Any] = []
    ended = False
    saved: list[str] = []
    draws: dict[str, int] = {}
    for number, line in enumerate(complete[1:], start=2):
        if not line.strip():
            continue
        try:
            item = loads_json(line)
        except RecordError as exc:
            if number == len(complete):  # the last line, written in part: ignored
                torn = True
                dropped = len(line.encode("utf-8")) + 1
                break
            raise RecordError(Msg(N_("line {n}: {error}"), n=number, error=reason(exc))) from None
        if isinstance(item, dict) and "note" in item and "act" not in item:
            if item["note"] == "end":
                ended = True
            elif item["note"] == "resumed":
                ended = False
            elif item["note"] == "saved" and isinstance(item.get("path"), str):
                saved.append(item["path"])
            elif item["note"] == "draws" and isinstance(item.get("draws"), dict):
                draws = {
                    str(k): v
                    for k, v in item["draws"].items()
                    if isinstance(v, int) and not isinstance(v, bool) and v >= 0
                }
            continue
        acts.append(item)
    head["actions"] = acts
    record = parse_record(head)
    return JournalInfo(record, started, ended, saved, torn, draws, -dropped)


def read_journal(path: str | Path) -> JournalInfo:
    """Read a journal file (never through a symbolic link)."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | _NOFOLLOW | _CLOEXEC)
    except FileNotFoundError:
        from .messages import N_, Msg

        raise RecordError(Msg(N_("{name}: no such file"), name=str(p))) from None
    except OSError as exc:
        raise RecordError(_unreadable(p, exc)) from None
    from .messages import N_, Msg, reason
    from .record import read_limited

    try:
        with os.fdopen(fd, "rb") as fh:
            raw = read_limited(fh)  # the records' size limit (and a regular file only)
    except RecordError as exc:
        raise RecordError(Msg("{name}: {error}", name=plain(p, 120), error=reason(exc))) from None
    except OSError as exc:
        raise RecordError(_unreadable(p, exc)) from None
    # Everything up to the last newline was written whole; the rest is torn.
    cut = raw.rfind(b"\n") + 1
    try:
        text = raw[:cut].decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(Msg(N_("{name}: not a journal (not UTF-8 text)"), name=str(p))) from None
    try:
        info = parse_journal(text)
    except RecordError as exc:
        raise RecordError(Msg("{name}: {error}", name=str(p), error=reason(exc))) from None
    info.torn = info.torn or cut < len(raw)
    info.good_bytes = cut + info.good_bytes  # minus a last line that is not whole
    return info


# ------------------------------------------------------------------ the list


@dataclass
class GameEntry:
    """One journal, as ``banque games`` lists it."""

    id: str
    path: Path
    modified: datetime
    participants: list[str]
    bank: int
    #: Coups played in the current (or last) bank.
    coup: int
    acts: int
    finished: bool
    saved: list[str]
    computers: Mapping[str, Temperament]
    problem: str | None = None
    #: Played at a hosted table (``banque host``): ``banque host --resume`` brings it back.
    hosted: bool = False

    @property
    def state(self) -> str:
        if self.problem:
            return "unreadable"
        return "finished" if self.finished else "unfinished"


def _journal_paths(where: Path) -> list[tuple[datetime, Path]]:
    """The journals in a folder with their times, the most recently played last."""
    try:
        paths = [p for p in where.iterdir() if p.suffix == SUFFIX and not p.is_symlink()]
    except OSError:
        return []
    out = []
    for p in paths:
        try:
            out.append((datetime.fromtimestamp(p.stat().st_mtime), p))
        except OSError:
            continue
    out.sort(key=lambda x: (x[0], x[1].name))
    return out


def _entry(p: Path, modified: datetime) -> GameEntry:
    from .record import replay

    try:
        info = read_journal(p)
    except RecordError as exc:
        return GameEntry(p.stem, p, modified, [], 0, 0, 0, False, [], {}, str(exc))
    game = replay(info.record, keep_log=False).game
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
    )


def _ended_quickly(p: Path) -> bool | None:
    """Whether a journal ends with its game's end, from its last lines (``None``: unreadable)."""
    try:
        fd = os.open(p, os.O_RDONLY | _NOFOLLOW | _CLOEXEC)
    except OSError:
        return None
    try:
        size = os.fstat(fd).st_size
        os.lseek(fd, max(0, size - 4096), os.SEEK_SET)
        tail = os.read(fd, 4096)
    except OSError:
        return None
    finally:
        os.close(fd)
    for line in reversed(tail.split(b"\n")):
        if b'"note": "end"' in line:
            return True
        if b'"note": "resumed"' in line or b'"act"' in line:
            return False
    return False


def list_games(folder: Path | None = None) -> list[GameEntry]:
    """Every journal, the most recently played last."""
    where = folder if folder is not None else games_dir()
    return [_entry(p, modified) for modified, p in _journal_paths(where)]


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
        from .messages import N_, Msg

        raise RecordError(Msg(N_("no game {id} (banque games lists them)"), id=repr(which)))
    entry = last_unfinished(folder)
    if entry is None:
        from .messages import N_, Msg

        raise RecordError(Msg(N_("no unfinished game to resume (banque games lists them)")))
    return entry.path


def last_unfinished(folder: Path | None = None, *, hosted: bool | None = None) -> GameEntry | None:
    """The most recent unfinished game, if any (only that one is read whole).

    ``hosted``: only a game played at a hosted table (``True``), or only one
    that was not (``False``); ``None``: any.
    """
    where = folder if folder is not None else games_dir()
    for modified, p in reversed(_journal_paths(where)):
        if _ended_quickly(p) is False:
            entry = _entry(p, modified)
            if entry.state == "unfinished" and (hosted is None or entry.hosted == hosted):
                return entry
    return None


# ------------------------------------------------------------------ hosted games


def hosted_of(path: str | Path) -> dict[str, Any] | None:
    """How a hosted game is hosted: its journal's last ``hosted`` note (``None``: not hosted).

    ``banque host`` writes the note when its table opens (and again when
    ``banque host --resume`` opens it again): the human seats, the pace, the
    takeover, the socket's group, the addresses listened on.  Readers that do
    not know the note skip it.
    """
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | _NOFOLLOW | _CLOEXEC)
    except OSError:
        return None
    found: dict[str, Any] | None = None
    marker = json.dumps({"note": HOSTED_NOTE})[:-1].encode()  # '{"note": "hosted"'
    try:
        with os.fdopen(fd, "rb") as fh:
            for raw in fh:
                if not raw.startswith(marker) or not raw.endswith(b"\n"):
                    continue
                try:
                    item = json.loads(raw)
                except ValueError:
                    continue
                if isinstance(item, dict) and item.get("note") == HOSTED_NOTE:
                    found = item
    except OSError:
        return None
    return found


def seats_path(journal_path: str | Path) -> Path:
    """The file of a hosted game's seats' credentials, beside its journal."""
    p = Path(journal_path)
    return p.with_name(p.name.removesuffix(SUFFIX) + SEATS_SUFFIX)


@dataclass
class SeatCredentials:
    """What opens a hosted game's seats: each human seat's token, and its account (uid)."""

    tokens: dict[str, str] = field(default_factory=dict)
    users: dict[str, int] = field(default_factory=dict)


def write_seats(journal_path: str | Path, credentials: SeatCredentials) -> Path:
    """Keep the seats' credentials beside the journal (mode 0600, whole or untouched,
    never through a symbolic link); an ``OSError`` if it cannot be written."""
    data = {
        "format": SEATS_FORMAT,
        "journal": Path(journal_path).name,
        "tokens": dict(credentials.tokens),
        "users": dict(credentials.users),
    }
    return atomic_write(
        seats_path(journal_path), json.dumps(data, ensure_ascii=False, indent=2) + "\n", 0o600
    )


def read_seats(journal_path: str | Path) -> SeatCredentials | None:
    """A hosted game's seats' credentials (``None``: the file is not there).

    A file that is a symbolic link, another account's, readable by others or
    not one of ours is refused (a :class:`RecordError` that says so): its
    tokens would open the seats to whoever put it there or read it.
    """
    from .messages import N_, Msg

    p = seats_path(journal_path)
    try:
        fd = os.open(p, os.O_RDONLY | _NOFOLLOW | _CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if p.is_symlink():
            raise RecordError(_symlink(p)) from None
        raise RecordError(_unreadable(p, exc)) from None
    try:
        with os.fdopen(fd, "rb") as fh:
            info = os.fstat(fh.fileno())
            if info.st_uid != os.getuid():
                raise RecordError(
                    Msg(N_("{path} is another account's: its tokens are not used"), path=str(p))
                )
            if info.st_mode & 0o077:
                raise RecordError(
                    Msg(
                        N_(
                            "{path} can be read by other accounts, so its tokens may be known: "
                            "chmod 600 it if nobody else could have read it"
                        ),
                        path=str(p),
                    )
                )
            raw = fh.read(1 << 20)
    except OSError as exc:
        raise RecordError(_unreadable(p, exc)) from None
    try:
        data = json.loads(raw)
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("format") != SEATS_FORMAT:
        raise RecordError(Msg(N_("{path}: not a file of seats' credentials"), path=str(p)))
    tokens = data.get("tokens")
    users = data.get("users")
    return SeatCredentials(
        {str(k): v for k, v in (tokens or {}).items() if isinstance(v, str) and v}
        if isinstance(tokens, dict)
        else {},
        {
            str(k): v
            for k, v in (users or {}).items()
            if isinstance(v, int) and not isinstance(v, bool) and v >= 0
        }
        if isinstance(users, dict)
        else {},
    )


def remove_seats(journal_path: str | Path) -> None:
    """The game is over: its seats' credentials go (nothing opens them any more)."""
    p = seats_path(journal_path)
    with contextlib.suppress(OSError):
        if p.is_symlink() or p.is_file():
            p.unlink()
            _fsync_dir(p.parent)
