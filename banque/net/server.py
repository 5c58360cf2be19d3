"""The table server: one process holds the table; seats join over a socket.

It listens on a Unix socket (by default ``table.sock`` in the user's
runtime folder, ``$XDG_RUNTIME_DIR/banque``, or without that variable
``/run/user/UID/banque`` or ``/tmp/banque-UID``: :func:`socket_folders`;
a folder of the owner's only, the socket itself mode 0600) and, as an option, on a
loopback TCP port.  Each connection is read line by line (a line longer
than :data:`banque.net.protocol.MAX_LINE` is refused and skipped, never
read whole); the lines go to the :class:`~banque.net.table.Table`, which
answers and tells everyone.  Computer moves are paced here, one every
``pace`` seconds after the last change.

Nothing here imports Textual.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shlex
import socket
import stat
import struct
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.messages import N_, os_reason
from ..text import plain
from . import protocol as P
from .table import Table

if TYPE_CHECKING:
    from ..engine.session import Session

#: A client that reads nothing while this much waits for it is hung up on.
MAX_BACKLOG = 8 * 1024 * 1024
SOCKET_NAME = "table.sock"


class TableError(Exception):
    """A table that cannot be opened or joined, in one line for a player."""


#: Where the socket's folder is looked for without ``$XDG_RUNTIME_DIR`` (an sshd without
#: PAM sets none): the per-user folder a desktop session's ``$XDG_RUNTIME_DIR`` names
#: (``/run/user/UID``, when it is the account's own), then a folder of banque's own in
#: ``/tmp`` (a fixed place, not ``$TMPDIR``: every session of the account meets there).
RUN_USER = Path("/run/user")
TEMP_ROOT = Path("/tmp")


def socket_folders() -> list[Path]:
    """The default socket's possible folders, first choice first: ``banque host`` opens it
    in the first, ``banque join`` looks for it in each (:func:`join_socket`).

    ``$BANQUE_RUNTIME_DIR`` alone when set; else ``$XDG_RUNTIME_DIR/banque``, then
    ``/run/user/UID/banque`` when that folder is the account's own, then ``/tmp/banque-UID``.
    """
    override = os.environ.get("BANQUE_RUNTIME_DIR")
    if override:
        return [Path(override).expanduser()]
    return _default_folders()


def _default_folders() -> list[Path]:
    uid = os.geteuid()
    folders: list[Path] = []
    xdg = os.environ.get("XDG_RUNTIME_DIR", "")
    if xdg and os.path.isabs(xdg):
        folders.append(Path(xdg) / "banque")
    run = RUN_USER / str(uid)
    if folder_problem(run) is None and run / "banque" not in folders:
        folders.append(run / "banque")
    folders.append(TEMP_ROOT / f"banque-{uid}")
    return folders


def runtime_dir() -> Path:
    """The folder of the table's socket (``$BANQUE_RUNTIME_DIR`` overrides it)."""
    return socket_folders()[0]


def default_socket() -> Path:
    """Where ``banque host`` opens the table's socket when not told (``--socket``)."""
    return runtime_dir() / SOCKET_NAME


def folder_problem(folder: Path) -> P.Msg | None:
    """What makes ``folder`` unsafe for the table's socket (``None``: it is a folder of
    this account's own that nobody else may write in). A missing folder is a problem too."""
    try:
        info = folder.lstat()  # a symbolic link is not followed: it is refused
    except OSError as exc:
        return P.Msg(N_("cannot be read ({why})"), why=os_reason(exc))
    if stat.S_ISLNK(info.st_mode):
        return P.Msg(N_("is a symbolic link"))
    if not stat.S_ISDIR(info.st_mode):
        return P.Msg(N_("is not a folder"))
    if info.st_uid != os.geteuid():
        return P.Msg(N_("belongs to another account (uid {uid})"), uid=info.st_uid)
    if info.st_mode & 0o022:
        return P.Msg(N_("may be written by others (mode {mode})"), mode=f"{info.st_mode & 0o777:o}")
    return None


def _unsafe_folder(folder: Path, problem: P.Msg) -> TableError:
    return TableError(
        P.Msg(
            N_(
                "The socket folder {folder} {problem}: banque neither opens nor looks for a "
                "table there (someone else could stand in for it). Set XDG_RUNTIME_DIR to a "
                "folder of your own, or name the socket on both sides: banque host --socket "
                "PATH and banque join --table PATH."
            ),
            folder=plain(str(folder), 200),
            problem=problem,
        )
    )


def _make_default_folder(folder: Path) -> None:
    """A default socket folder, made private (0700) if missing, and checked safe."""
    if not os.path.lexists(folder):
        try:
            folder.mkdir(mode=0o700)  # its parent is not made: an absent runtime dir is said
        except FileExistsError:  # made meanwhile: checked below
            pass
        except OSError as exc:
            raise TableError(
                P.Msg(
                    N_(
                        "Cannot make the socket folder {folder} ({why}). Set XDG_RUNTIME_DIR "
                        "to a folder of your own, or name the socket: banque host --socket PATH."
                    ),
                    folder=plain(str(folder), 200),
                    why=os_reason(exc),
                )
            ) from None
    problem = folder_problem(folder)
    if problem is not None:
        raise _unsafe_folder(folder, problem)


def join_socket() -> Path:
    """The default socket as ``banque join`` finds it: in the first of
    :func:`socket_folders` that holds one (else where ``banque host`` would open it).

    A default folder that exists but is not safe (another account's, a symbolic link,
    writable by others) is refused with :class:`TableError`, before anything is sent.
    """
    folders = socket_folders()
    strict = not _overridden()
    for folder in folders:
        if strict and os.path.lexists(folder):
            problem = folder_problem(folder)
            if problem is not None:
                raise _unsafe_folder(folder, problem)
        path = folder / SOCKET_NAME
        if os.path.lexists(path):
            return path
    return folders[0] / SOCKET_NAME


def _overridden() -> bool:
    return bool(os.environ.get("BANQUE_RUNTIME_DIR"))


def peer_uid(sock: socket.socket | None) -> int | None:
    """The account of the process at the other end of a Unix socket (Linux), or ``None``."""
    if sock is None or sock.family != socket.AF_UNIX or not hasattr(socket, "SO_PEERCRED"):
        return None
    try:
        creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    except OSError:
        return None
    _pid, uid, _gid = struct.unpack("3i", creds)
    return uid


class StreamLink:
    """A joined client's socket, as the table's :class:`~banque.net.table.Link`."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.closed = False

    def send(self, data: bytes) -> None:
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() > MAX_BACKLOG:
            self.close()  # it reads nothing: hang up rather than hold the table's memory
            return
        self.writer.write(data)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(Exception):
                self.writer.close()


def _prepare_socket_path(path: Path) -> None:
    """The socket's folder (owner only when it is ours) and no stale socket in the way.

    A default folder (:func:`socket_folders`) is made 0700 and must be this account's
    own, not a symbolic link, written by nobody else; a folder named by ``--socket`` or
    ``$BANQUE_RUNTIME_DIR`` is made if missing and must not be writable by others
    (unless sticky, as ``/tmp`` is)."""
    folder = path.parent
    if not _overridden() and folder in _default_folders():
        _make_default_folder(folder)
    else:
        try:
            if not folder.exists():
                folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            info = folder.stat()
        except OSError as exc:
            raise TableError(
                P.Msg(
                    N_("Cannot open a table at {path}: {why}."),
                    path=plain(str(path), 200),
                    why=os_reason(exc),
                )
            ) from None
        sticky = bool(info.st_mode & stat.S_ISVTX)
        if not sticky and (info.st_uid != os.getuid() or info.st_mode & 0o022):
            # Someone else could put their own socket in its place and collect tokens.
            raise TableError(
                P.Msg(
                    N_(
                        "{folder} is writable by others: the table's socket is not opened there "
                        "(choose --socket in a folder of your own)."
                    ),
                    folder=plain(str(folder), 200),
                )
            )
    if path.is_symlink():
        raise TableError(
            P.Msg(N_("{path} is a symbolic link: the table does not open there."), path=str(path))
        )
    if path.exists():
        if not stat.S_ISSOCK(path.lstat().st_mode):
            raise TableError(
                P.Msg(
                    N_("{path} exists and is not a socket: choose another --socket."),
                    path=str(path),
                )
            )
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(str(path))
        except OSError:
            path.unlink()  # a table that stopped without cleaning up
        else:
            raise TableError(
                P.Msg(
                    N_("A table is already open at {path} (banque join joins it)."), path=str(path)
                )
            )
        finally:
            probe.close()


class TableServer:
    """Serve one :class:`Table` on a Unix socket (and optionally loopback TCP)."""

    def __init__(
        self,
        table: Table,
        socket_path: Path | str | None = None,
        *,
        tcp_port: int | None = None,
        group: int | None = None,
    ) -> None:
        self.table = table
        #: A group whose members may open the socket too (mode 0660); ``None``: 0600.
        self.group = group
        self.socket_path = Path(socket_path) if socket_path is not None else default_socket()
        self.tcp_port = tcp_port
        self.servers: list[asyncio.Server] = []
        self._changed = asyncio.Event()
        self._pacer: asyncio.Task[None] | None = None
        self._clients: set[asyncio.Task[None]] = set()
        table.on_change = self._changed.set

    # ------------------------------------------------------------ life

    async def start(self) -> None:
        path = self.socket_path
        _prepare_socket_path(path)
        old = os.umask(0o177)  # the socket is born 0600: nobody else ever sees it open
        try:
            server = await asyncio.start_unix_server(
                self._client, path=str(path), limit=P.MAX_LINE * 2
            )
        except OSError as exc:
            raise TableError(
                P.Msg(
                    N_("Cannot open a table at {path}: {why}."),
                    path=str(path),
                    why=os_reason(exc),
                )
            ) from None
        finally:
            os.umask(old)
        if self.group is not None:
            try:
                os.chown(path, -1, self.group)
                os.chmod(path, 0o660)
            except OSError as exc:
                server.close()
                with contextlib.suppress(OSError):
                    path.unlink()
                raise TableError(
                    P.Msg(
                        N_("Cannot give the socket to that group: {why}."),
                        why=os_reason(exc),
                    )
                ) from None
        else:
            os.chmod(path, 0o600)
        self.servers.append(server)
        if self.tcp_port is not None:
            try:
                tcp = await asyncio.start_server(
                    self._client, host="127.0.0.1", port=self.tcp_port, limit=P.MAX_LINE * 2
                )
            except OSError as exc:
                await self.close()
                raise TableError(
                    P.Msg(
                        N_("Cannot listen on 127.0.0.1:{port}: {why}."),
                        port=self.tcp_port,
                        why=os_reason(exc),
                    )
                ) from None
            self.servers.append(tcp)
            if self.tcp_port == 0:
                self.tcp_port = tcp.sockets[0].getsockname()[1]
        self._pacer = asyncio.create_task(self._pace())
        self._changed.set()

    async def close(self, message: str = "The host has closed the table.") -> None:
        if self._pacer is not None:
            self._pacer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pacer
            self._pacer = None
        for server in self.servers:
            server.close()
        self.table.close(message)
        for task in list(self._clients):
            task.cancel()
        for server in self.servers:
            with contextlib.suppress(Exception):
                await server.wait_closed()
        self.servers.clear()
        with contextlib.suppress(OSError):
            if self.socket_path.is_socket():
                self.socket_path.unlink()

    async def __aenter__(self) -> TableServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------ pacing

    async def _pace(self) -> None:
        """One automatic move ``pace`` seconds after the last change, while there is one."""
        table = self.table
        while True:
            self._changed.clear()
            delay = table.due()
            if delay is None:
                await self._changed.wait()
                continue
            turn = table.turn
            await asyncio.sleep(delay)
            if table.turn != turn:
                continue  # the table moved meanwhile: a full pace from now
            try:
                table.step()
            except Exception as exc:  # a bug: told to the host; the humans can go on
                table.report(exc)
                await self._changed.wait()

    # ------------------------------------------------------------ clients

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._clients.add(task)
        link = StreamLink(writer)
        table = self.table
        joined = table.connect(link)
        uid = peer_uid(writer.get_extra_info("socket"))
        buffer = bytearray()
        skipping = False  # inside a line over the limit: dropped up to its newline
        try:
            while not link.closed:
                chunk = await reader.read(64 * 1024)
                if not chunk:
                    break
                buffer += chunk
                while not link.closed:
                    end = buffer.find(b"\n")
                    if end < 0:
                        if len(buffer) > P.MAX_LINE:
                            if not skipping:
                                table.too_long(joined)
                            skipping = True
                            buffer.clear()
                        break
                    line = bytes(buffer[:end])
                    del buffer[: end + 1]
                    if skipping:
                        skipping = False
                        continue
                    if len(line) > P.MAX_LINE:
                        table.too_long(joined)
                    elif line.strip():
                        table.receive(joined, line, uid)
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            pass
        finally:
            table.disconnect(joined)
            link.close()
            if task is not None:
                self._clients.discard(task)


def open_journal(session: Session, pace: float) -> str | None:
    """The host's journal, written as the game goes (as at a hot-seat table).

    Returns a one-line warning if it cannot be written (the game goes on).
    """
    from ..engine.journal import Journal
    from ..engine.record import record_of

    try:
        session.journal = Journal.create(
            record_of(session.game, computers=session.styles, pace=pace)
        )
    except OSError as exc:
        return P.tell(
            P.Msg(N_("The game's journal cannot be written ({why})."), why=os_reason(exc))
        )
    return None


def close_journal(session: Session) -> str:
    """The host closes the table: between banks the game ends, otherwise it is kept.

    Returns the line that says so, in the host's language (its console, its screen)."""
    journal = session.journal
    if journal is None:
        return ""
    journal.sync(session.game.actions, session.computer_draws())
    if session.bank_in_play():
        journal.close()
        return P.tell(
            P.Msg(
                N_("Game kept — `banque --resume` continues it ({path})."), path=str(journal.path)
            )
        )
    journal.note("end")
    journal.close()
    return P.tell(
        P.Msg(
            N_("Game over; its record stays in {path} (banque games lists it)."),
            path=str(journal.path),
        )
    )


def _shell(text: str) -> str:
    """A word for a shell command line (quoted only when it needs to be)."""
    return text if re.fullmatch(r"[\w.@%+=:,/-]+", text) else shlex.quote(text)


def join_lines(table: Table, address: str, names: Sequence[str] | None = None) -> list[str]:
    """How each human seat joins (its command and token), for the host to hand out."""
    out = []
    for name in names if names is not None else table.humans():
        out.append(
            f"  {name}: banque join --seat {_shell(name)} --table {_shell(address)}"
            f" --token {table.token(name)}"
        )
    return out
