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
line appended to the file.  A write is whole lines or nothing: a write that
fails (a full disk, an I/O error) is cut back to the last whole line, its
reason kept in :attr:`Journal.failure`, and the same acts are written again
at the next try; a file removed under the table (its folder with it) is made
again with everything it held.  On reading, a damaged tail (a torn last
line, garbage, acts that do not replay) never makes the good part
unreadable: the longest good prefix is kept and :attr:`JournalInfo.damage`
says what was dropped.  Files are created readable by
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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs
from pydantic import ValidationError

from ..text import plain
from .errors import RecordError
from .messages import N_, Msg, Nn_, joined, os_reason, reason, tell
from .models import Action, Record, Temperament
from .record import _act_json, _acts_adapter, loads_json, parse_record, read_limited, record_head

if TYPE_CHECKING:
    from .messages import Msg

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

    return Path(platformdirs.user_data_dir("banque", appauthor=False))


def games_dir(create: bool = False) -> Path:
    """Where the journals are; created (owner only) when ``create``."""
    path = data_dir() / "games"
    if create:
        _private_dir(path.parent)
        _private_dir(path)
    return path


def _symlink(path: Path) -> Any:
    return Msg(N_("{path} is a symbolic link: banque does not write through it"), path=str(path))


def _unreadable(p: Path, exc: OSError) -> Any:
    return Msg(N_("{name}: cannot be read ({why})"), name=str(p), why=os_reason(exc))


def _private_dir(path: Path) -> None:
    if path.is_symlink():
        raise OSError(_symlink(path))
    if not path.is_dir():
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        with contextlib.suppress(OSError):
            os.chmod(path, 0o700)


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` (a short write goes on), then sync it to disk."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
    os.fsync(fd)


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
        raise OSError(Msg(N_("{path} is not a regular file"), path=str(p)))
    folder = p.parent if str(p.parent) else Path(".")
    tmp = folder / f".{p.name}.{secrets.token_hex(4)}.tmp"
    data = text.encode("utf-8")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, mode)
    try:
        try:
            _write_all(fd, data)
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
    return _act_json(action) + "\n"


def _head(record: Record, started: datetime) -> dict[str, Any]:
    head = record_head(record, JOURNAL_FORMAT)
    head["started"] = started.isoformat(timespec="seconds")
    return head


class Journal:
    """An open journal: acts are appended as they are applied.

    :meth:`sync` writes the acts of a game that are not written yet (one
    line each, then one ``fsync``).  A write is whole lines or nothing: on a
    failure the file is cut back to its last whole line (:attr:`size`), the
    reason kept in :attr:`failure` (:attr:`failure_msg`), and the same acts
    (and notes) are tried again at the next :meth:`sync`, so an act is never
    skipped and never written twice.
    """

    def __init__(self, path: Path, fd: int, written: int, size: int | None = None) -> None:
        self.path = path
        self._fd = fd
        self.written = written
        #: The bytes of the file written whole (an append that fails is cut back to it).
        self.size = os.fstat(fd).st_size if size is None else size
        #: Why the last write failed (a message, told where it is shown); ``None``: it worked.
        self.failure_msg: Msg | str | None = None
        #: The computer seats' draws last written.
        self.draws: dict[str, int] = {}
        #: The game's acts as last given to :meth:`sync` (the table's own list).
        self._actions: Sequence[Action] = ()
        #: Notes not written yet: (how many acts come before it, its line).
        self._notes: list[tuple[int, str]] = []
        #: A journal not created yet (:meth:`later`): the game's record, made when it can be.
        self._make: Callable[[], Record] | None = None
        self._folder: Path | None = None
        self._clock: datetime | None = None

    @property
    def failure(self) -> str | None:
        """Why the last write failed, in the player's language (``None``: it worked)."""
        if self.failure_msg is None:
            return None
        return tell(self.failure_msg)

    @property
    def kept(self) -> bool:
        """Everything given to the journal is on disk (the last write worked)."""
        return self.failure_msg is None and not self._notes and self.written >= len(self._actions)

    @property
    def unwritten(self) -> int:
        """How many of the game's acts are not on disk yet."""
        return max(0, len(self._actions) - self.written)

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
        flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_APPEND | _NOFOLLOW | _CLOEXEC
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
        journal = cls(path, fd, 0, 0)
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
        journal._actions = list(record.actions)
        _fsync_dir(where)
        return journal

    @classmethod
    def later(
        cls,
        make: Callable[[], Record],
        why: OSError,
        *,
        folder: Path | None = None,
        clock: datetime | None = None,
    ) -> Journal:
        """A journal that could not be created (``why``: a full disk, a folder that
        cannot be made): it fails like a journal that cannot be written — the table
        takes no act and says why — and every :meth:`sync` tries to create it again,
        with the whole record ``make()`` gives then, so nothing played is lost."""
        started = clock or datetime.now()
        where = folder if folder is not None else games_dir()
        journal = cls(where / f"{started.strftime('%Y%m%d-%H%M%S')}{SUFFIX}", -1, 0, 0)
        journal._make, journal._folder, journal._clock = make, folder, started
        journal.failure_msg = os_reason(why)
        return journal

    @classmethod
    def pending(
        cls,
        make: Callable[[], Record],
        *,
        folder: Path | None = None,
        clock: datetime | None = None,
    ) -> Journal:
        """A journal for a game with no act yet: nothing on disk until its first act
        (a table opened and closed unplayed leaves no empty "unfinished" game behind);
        the :meth:`sync` of the first act creates it, with the whole record ``make()``
        gives then, before that act is told, as any act's."""
        started = clock or datetime.now()
        where = folder if folder is not None else games_dir()
        journal = cls(where / f"{started.strftime('%Y%m%d-%H%M%S')}{SUFFIX}", -1, 0, 0)
        journal._make, journal._folder, journal._clock = make, folder, started
        return journal

    def _born(self, draws: Mapping[str, int] | None) -> bool:
        """Create a journal made :meth:`later` (``False``: still cannot; ``failure`` says why)."""
        assert self._make is not None
        try:
            made = Journal.create(self._make(), folder=self._folder, clock=self._clock)
        except OSError as exc:
            self.failure_msg = os_reason(exc)
            return False
        self.path, self._fd, self.size = made.path, made._fd, made.size
        self.written, self._actions = made.written, made._actions
        made._fd = -1
        self._make = None
        self.failure_msg = None
        if draws:
            line = json.dumps({"note": "draws", "draws": dict(draws)}, ensure_ascii=False)
            try:
                self._write(line + "\n")
            except OSError as exc:
                self.failure_msg = os_reason(exc)
                return False
            self.draws = dict(draws)
        return True

    @property
    def unborn(self) -> bool:
        """Not created yet (:meth:`later`, :meth:`pending`): nothing of the game is on disk."""
        return self._make is not None

    @classmethod
    def reopen(cls, path: str | Path, info: JournalInfo) -> tuple[Journal, JournalInfo]:
        """Open an existing journal to go on appending, ``info`` its good prefix (read,
        then replayed: :func:`banque.games.records.reopen_journal` does both).

        A damaged tail is cut, its bytes first copied beside the journal
        (``ID.dropped``) when they can be, and ``info.damage`` says so.
        """
        p = Path(path)
        fd = os.open(p, os.O_RDWR | _NOFOLLOW | _CLOEXEC)
        try:
            size = os.fstat(fd).st_size
            if info.good_bytes < size:
                kept = _keep_dropped(p, fd, info.good_bytes, size) if info.dropped else None
                if kept is not None and info.damage is not None:
                    info.damage = joined(
                        info.damage,
                        Msg(N_(" The dropped lines are kept in {path}."), path=str(kept)),
                    )
                os.ftruncate(fd, info.good_bytes)
                os.fsync(fd)
        except OSError:
            os.close(fd)
            raise
        os.close(fd)
        fd = os.open(p, os.O_RDWR | os.O_APPEND | _NOFOLLOW | _CLOEXEC)
        journal = cls(p, fd, len(info.record.actions), info.good_bytes)
        journal._actions = list(info.record.actions)
        journal.draws = dict(info.draws)
        return journal, info

    # -------------------------------------------------------------- writing

    def _write(self, text: str) -> None:
        """Append ``text`` (whole lines) and sync it, or leave the file as it was."""
        data = text.encode("utf-8")
        fd = self._fd
        st = os.fstat(fd)
        if st.st_nlink == 0:  # removed under the table (its folder too, perhaps)
            self._recreate()
            fd = self._fd
        elif st.st_size != self.size:  # an earlier failure could not cut its part line
            os.ftruncate(fd, self.size)
        try:
            _write_all(fd, data)
        except OSError:
            # Whole lines or nothing: cut back to the last whole line (tried again
            # before the next write if even this fails).
            with contextlib.suppress(OSError):
                os.ftruncate(fd, self.size)
            raise
        self.size += len(data)

    def _recreate(self) -> None:
        """The file was removed: a new one at its place, with every byte it held."""
        old = self._fd
        chunks = []
        done = 0
        while done < self.size:
            chunk = os.pread(old, min(1 << 20, self.size - done), done)
            if not chunk:
                break
            chunks.append(chunk)
            done += len(chunk)
        data = b"".join(chunks)
        folder = self.path.parent
        _private_dir(folder.parent)
        _private_dir(folder)
        flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_APPEND | _NOFOLLOW | _CLOEXEC
        fd = os.open(self.path, flags, 0o600)
        try:
            _write_all(fd, data)
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(self.path)
            raise
        _fsync_dir(folder)
        os.close(old)
        self._fd = fd
        self.size = len(data)

    def _pending(self, actions: Sequence[Action]) -> str:
        """The lines not written yet: the acts, with the notes made between them."""
        lines: list[str] = []
        i = self.written
        for before, line in self._notes:
            while i < min(before, len(actions)):
                lines.append(_act_line(actions[i]))
                i += 1
            lines.append(line)
        lines.extend(_act_line(a) for a in actions[i:])
        return "".join(lines)

    def sync(self, actions: Sequence[Action], draws: Mapping[str, int] | None = None) -> bool:
        """Append the acts not written yet; ``False`` (and :attr:`failure`) if it failed.

        ``draws`` (how many numbers each computer seat has drawn) follows the
        acts when it changed, in the same write.  After a failure the same
        acts are tried again (also with no new act: a retry).
        """
        self._actions = actions
        if self._make is not None and not actions and self.failure_msg is None:
            return True  # pending: nothing played, nothing to keep yet
        if self._make is not None and not self._born(draws):
            return False
        if self._fd < 0:
            return self.kept
        if len(actions) <= self.written and not self._notes:
            if self.failure_msg is None:
                return True
            text = ""
        else:
            text = self._pending(actions)
        if text and draws and dict(draws) != self.draws:
            text += json.dumps({"note": "draws", "draws": dict(draws)}, ensure_ascii=False) + "\n"
        try:
            if text:
                self._write(text)
            else:  # nothing waits: is the file writable again (a part line cut)?
                self._check()
        except OSError as exc:
            self.failure_msg = os_reason(exc)
            return False
        self.written = max(self.written, len(actions))
        self._notes.clear()
        if text and draws:
            self.draws = dict(draws)
        self.failure_msg = None
        return True

    def _check(self) -> None:
        st = os.fstat(self._fd)
        if st.st_nlink == 0:
            self._recreate()
        elif st.st_size != self.size:
            os.ftruncate(self._fd, self.size)
            os.fsync(self._fd)

    def note(self, kind: str, **data: Any) -> bool:
        """A line that is not an act (where the game was saved, that it ended), after
        every act the table has; ``False`` if it could not be written yet (it is
        written with the next acts, in its place)."""
        if self._fd < 0 and self._make is None:
            return False
        line = {"note": kind, **data, "at": datetime.now().isoformat(timespec="seconds")}
        self._notes.append((len(self._actions), json.dumps(line, ensure_ascii=False) + "\n"))
        return self.sync(self._actions)

    def close(self) -> None:
        self._make = None
        if self._fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = -1

    @property
    def closed(self) -> bool:
        return self._fd < 0


def _keep_dropped(path: Path, fd: int, start: int, end: int) -> Path | None:
    """A damaged tail's bytes, copied beside the journal before it is cut (``None``:
    they could not be)."""
    try:
        data = os.pread(fd, min(end - start, 64 * 1024 * 1024), start)
        if b"\n" not in data:  # only a line torn by a stop in the middle of a write
            return None
        target = path.with_suffix(".dropped")
        n = 2
        while target.exists():
            target = path.with_name(f"{path.stem}-{n}.dropped")
            n += 1
        return atomic_write(target, data.decode("utf-8", "replace"))
    except OSError:
        return None


def stopped_msg(why: Msg | str) -> Msg:
    """What every table says while its journal cannot be written (it takes no act)."""
    return Msg(
        N_(
            "The game's journal cannot be written ({why}): no act is taken until it can be. "
            "The table tries again by itself; nothing is lost."
        ),
        why=why,
    )


def rescue_record(text: str, name: str, folders: Sequence[Path] = ()) -> Path | None:
    """Write a record where one can be (the data folder's ``rescue``, then ``folders``):
    its path, or ``None`` if none could be written."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for folder in [data_dir() / "rescue", *folders]:
        try:
            _private_dir(folder)
            path = folder / f"{name}-{stamp}.json"
            n = 2
            while path.exists():
                path = folder / f"{name}-{stamp}-{n}.json"
                n += 1
            return atomic_write(path, text)
        except OSError:
            continue
    return None


def not_kept_msg(journal: Journal, rescued: Path | None) -> Msg:
    """The close's line when the journal is not up to date: what is not kept, and where
    the whole record went (if it could go anywhere)."""
    missing = (
        Msg.plural(
            Nn_(
                "The game's journal could not be created ({why}): its act is not kept.",
                "The game's journal could not be created ({why}): none of its {n} acts is kept.",
            ),
            max(1, journal.unwritten),
            why=journal.failure_msg or "?",
        )
        if journal.unborn
        else Msg.plural(
            Nn_(
                "The game's journal could not be written ({why}): its last act is not kept in {path}.",
                "The game's journal could not be written ({why}): its last {n} acts are not kept "
                "in {path}.",
            ),
            max(1, journal.unwritten),
            why=journal.failure_msg or "?",
            path=str(journal.path),
        )
    )
    if rescued is not None:
        return joined(
            missing,
            " ",
            Msg(
                N_("The whole record was written to {path} (banque --record {path} plays it on)."),
                path=str(rescued),
            ),
        )
    return joined(
        missing,
        " ",
        Msg(N_("No record could be written anywhere either: those acts are lost.")),
    )


# ------------------------------------------------------------------ reading


@dataclass
class JournalInfo:
    """What a journal holds: the record so far (its good prefix), and its notes."""

    record: Record
    started: str = ""
    ended: bool = False
    saved: list[str] = field(default_factory=list)
    torn: bool = False
    #: How many numbers each computer seat had drawn (see ``Session.skip_draws``).
    draws: dict[str, int] = field(default_factory=dict)
    #: The bytes of the good prefix (the file is cut there before appending).
    good_bytes: int = 0
    #: Lines after the good prefix, dropped (a torn last line counts as one).
    dropped: int = 0
    #: What was dropped, in words (after :func:`check_replay`); ``None``: nothing.
    damage: Msg | None = None
    #: The game replayed from the good prefix (set by :meth:`Journal.reopen`).
    replay: Any = None
    #: Where each act's line starts (bytes), and how many lines come before it.
    _starts: list[tuple[int, int]] = field(default_factory=list, repr=False)
    #: The notes: how many acts come before each, and the note.
    _notes: list[tuple[int, dict[str, Any]]] = field(default_factory=list, repr=False)
    _kept: int = 0


def is_journal(text: str) -> bool:
    """Does this text start like a journal (its head's format)?"""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    return JOURNAL_FORMAT in first and first.lstrip().startswith("{")


def _summarize(info: JournalInfo, acts: int) -> None:
    """The notes up to ``acts`` acts: ended, saved, the computers' draws."""
    info.ended, info.saved, info.draws = False, [], {}
    for before, item in info._notes:
        if before > acts:
            break
        if item["note"] == "end":
            info.ended = True
        elif item["note"] == "resumed":
            info.ended = False
        elif item["note"] == "saved" and isinstance(item.get("path"), str):
            info.saved.append(item["path"])
        elif item["note"] == "draws" and isinstance(item.get("draws"), dict):
            info.draws = {
                str(k): v
                for k, v in item["draws"].items()
                if isinstance(v, int) and not isinstance(v, bool) and v >= 0
            }


def trim_to(info: JournalInfo, acts: int) -> None:
    """Keep only the first ``acts`` acts (and the notes before the next one)."""
    if acts >= len(info.record.actions):
        return
    start, lines = info._starts[acts]
    info.good_bytes = start
    info.dropped += info._kept - lines
    info._kept = lines
    del info._starts[acts:]
    info._notes = [n for n in info._notes if n[0] <= acts]
    info.record = info.record.model_copy(update={"actions": info.record.actions[:acts]})
    _summarize(info, acts)


#: A game record given where a journal is read (``banque --resume FILE``).
_RECORD_NOT_JOURNAL = Msg(
    N_(
        "a game record, not a journal of an unfinished game: banque --record FILE plays it "
        "on at the table, banque replay FILE tells it"
    )
)


def _is_record(text: str) -> bool:
    """The whole text is a game record (``banque-record/1``), not a journal."""
    try:
        data = loads_json(text)
    except RecordError:
        return False
    return isinstance(data, dict) and data.get("format") == "banque-record/1"


def parse_journal(text: str) -> JournalInfo:
    """A journal's text as a record: its longest good prefix.

    A line that is not JSON, or not an act nor a note, ends the good part:
    it and every line after it are dropped (``dropped`` counts them), so a
    damaged tail never makes the good part unreadable.  Only a journal
    whose first line is damaged is a :class:`RecordError`.
    """
    offset = len("\ufeff".encode()) if text.startswith("\ufeff") else 0
    text = text.removeprefix("\ufeff")
    lines = text.split("\n")
    # Everything before the last newline was written whole; after it, a torn line.
    torn = lines[-1] != ""
    complete = lines[:-1]
    if not complete:
        raise RecordError(Msg(N_("an empty journal (not even its first line)")))
    try:
        head = loads_json(complete[0])
    except RecordError:
        if _is_record(text):
            raise RecordError(_RECORD_NOT_JOURNAL) from None
        raise
    if isinstance(head, dict) and head.get("format") == "banque-record/1":
        raise RecordError(_RECORD_NOT_JOURNAL)
    if not isinstance(head, dict) or head.get("format") != JOURNAL_FORMAT:
        raise RecordError(
            Msg(N_('a journal starts with a line of format "{format}"'), format=JOURNAL_FORMAT)
        )
    started = str(head.pop("started", ""))
    head["format"] = "banque-record/1"
    at = offset + len(complete[0].encode("utf-8")) + 1
    good = at
    acts: list[Any] = []
    starts: list[tuple[int, int]] = []
    notes: list[tuple[int, dict[str, Any]]] = []
    total = sum(1 for line in complete[1:] if line.strip()) + (1 if lines[-1].strip() else 0)
    kept = 0
    for line in complete[1:]:
        size = len(line.encode("utf-8")) + 1
        if line.strip():
            try:
                item = loads_json(line)
            except RecordError:
                break
            if isinstance(item, dict) and isinstance(item.get("note"), str) and "act" not in item:
                notes.append((len(acts), item))
            elif isinstance(item, dict) and "act" in item:
                acts.append(item)
                starts.append((at, kept))
            else:
                break
            kept += 1
        at += size
        good = at
    info = JournalInfo(
        Record.model_construct(),
        started,
        torn=torn,
        good_bytes=good,
        dropped=total - kept,
        _starts=starts,
        _notes=notes,
        _kept=kept,
    )
    try:
        info.record = parse_record({**head, "actions": acts})
    except RecordError:
        record = parse_record({**head, "actions": []})  # a damaged head: unreadable
        adapter = _acts_adapter()
        valid = 0
        for item in acts:
            try:
                adapter.validate_python([item])
            except ValidationError:
                break
            valid += 1
        info.record = record.model_copy(update={"actions": adapter.validate_python(acts[:valid])})
        if valid < len(acts):  # the first line that is not an act ends the good part
            start, before = starts[valid]
            info.good_bytes = start
            info.dropped += kept - before
            info._kept = before
            del info._starts[valid:]
            info._notes = [n for n in notes if n[0] <= valid]
    _summarize(info, len(info.record.actions))
    return info


def read_journal(path: str | Path) -> JournalInfo:
    """Read a journal file (never through a symbolic link): its good prefix."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | _NOFOLLOW | _CLOEXEC)
    except FileNotFoundError:
        raise RecordError(Msg(N_("{name}: no such file"), name=str(p))) from None
    except OSError as exc:
        raise RecordError(_unreadable(p, exc)) from None
    try:
        with os.fdopen(fd, "rb") as fh:
            raw = read_limited(fh)  # the records' size limit (and a regular file only)
    except RecordError as exc:
        raise RecordError(Msg("{name}: {error}", name=plain(p, 120), error=reason(exc))) from None
    except OSError as exc:
        raise RecordError(_unreadable(p, exc)) from None
    # Everything up to the last newline was written whole; the rest is torn.
    cut = raw.rfind(b"\n") + 1
    tail = raw[cut:]
    try:
        text = raw[:cut].decode("utf-8")
    except UnicodeDecodeError as exc:
        # Bytes that are not text (a damaged disk): the good part ends at their line.
        cut = raw.rfind(b"\n", 0, exc.start) + 1
        tail = raw[cut:]
        text = raw[:cut].decode("utf-8", "replace")
        if not text:
            raise RecordError(
                Msg(N_("{name}: not a journal (not UTF-8 text)"), name=str(p))
            ) from None
    try:
        info = parse_journal(text)
    except RecordError as exc:
        raise RecordError(Msg("{name}: {error}", name=str(p), error=reason(exc))) from None
    if tail.strip():
        info.dropped += sum(1 for x in tail.split(b"\n") if x.strip())
        info.torn = True
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
    #: The game (``banque``, ``chemin-de-fer``, ``punto-banco``) and its house's rules.
    game: str = "banque"
    rules: str = "home"

    @property
    def state(self) -> str:
        if self.problem:
            return "unreadable"
        return "finished" if self.finished else "unfinished"


def journal_paths(where: Path) -> list[tuple[datetime, Path]]:
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


def ended_quickly(p: Path) -> bool | None:
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
    """What opens a hosted game's seats: each human seat's token, its account (uid), and
    the public keys its SSH door let in with an invitation code (OpenSSH's one-line form)."""

    tokens: dict[str, str] = field(default_factory=dict)
    users: dict[str, int] = field(default_factory=dict)
    keys: dict[str, list[str]] = field(default_factory=dict)


def write_seats(journal_path: str | Path, credentials: SeatCredentials) -> Path:
    """Keep the seats' credentials beside the journal (mode 0600, whole or untouched,
    never through a symbolic link); an ``OSError`` if it cannot be written."""
    data = {
        "format": SEATS_FORMAT,
        "journal": Path(journal_path).name,
        "tokens": dict(credentials.tokens),
        "users": dict(credentials.users),
    }
    if credentials.keys:  # (absent from older files: no key was let in)
        data["keys"] = {seat: list(keys) for seat, keys in credentials.keys.items()}
    return atomic_write(
        seats_path(journal_path), json.dumps(data, ensure_ascii=False, indent=2) + "\n", 0o600
    )


def read_seats(journal_path: str | Path) -> SeatCredentials | None:
    """A hosted game's seats' credentials (``None``: the file is not there).

    A file that is a symbolic link, another account's, readable by others or
    not one of ours is refused (a :class:`RecordError` that says so): its
    tokens would open the seats to whoever put it there or read it.
    """
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
    keys = data.get("keys")
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
        {
            str(k): [key for key in v if isinstance(key, str)]
            for k, v in (keys or {}).items()
            if isinstance(v, list)
        }
        if isinstance(keys, dict)
        else {},
    )


def remove_seats(journal_path: str | Path) -> None:
    """The game is over: its seats' credentials go (nothing opens them any more)."""
    p = seats_path(journal_path)
    with contextlib.suppress(OSError):
        if p.is_symlink() or p.is_file():
            p.unlink()
            _fsync_dir(p.parent)
