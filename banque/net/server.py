"""The table server: one process holds the table; seats join over a socket.

It listens on a Unix socket (by default ``table.sock`` in the user's
runtime directory, ``platformdirs.user_runtime_dir("banque")``, in a folder
of the owner's only, the socket itself mode 0600) and, as an option, on a
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
from . import protocol as P
from .auth import Peer
from .table import Table

if TYPE_CHECKING:
    from ..engine.session import Session

#: A client that reads nothing while this much waits for it is hung up on.
MAX_BACKLOG = 8 * 1024 * 1024
SOCKET_NAME = "table.sock"


class TableError(Exception):
    """A table that cannot be opened or joined, in one line for a player."""


def runtime_dir() -> Path:
    """The folder of the table's socket (``$BANQUE_RUNTIME_DIR`` overrides it)."""
    override = os.environ.get("BANQUE_RUNTIME_DIR")
    if override:
        return Path(override)
    import warnings

    import platformdirs

    with warnings.catch_warnings():  # no XDG_RUNTIME_DIR (some SSH logins): its fallback
        warnings.simplefilter("ignore")
        return Path(platformdirs.user_runtime_dir("banque", appauthor=False))


def default_socket() -> Path:
    return runtime_dir() / SOCKET_NAME


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


def peer_of(writer: asyncio.StreamWriter) -> Peer:
    """How a connection came: the Unix socket (and the peer's account) or TCP (its address)."""
    sock = writer.get_extra_info("socket")
    if sock is not None and sock.family == socket.AF_UNIX:
        return Peer("unix", uid=peer_uid(sock))
    name = writer.get_extra_info("peername")
    address = str(name[0]) if isinstance(name, tuple) and name else None
    return Peer("tcp", address=address)


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
    """The socket's folder (owner only when it is ours) and no stale socket in the way."""
    folder = path.parent
    if not folder.exists():
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = folder.stat()
    sticky = bool(info.st_mode & stat.S_ISVTX)
    if not sticky and (info.st_uid != os.getuid() or info.st_mode & 0o022):
        # Someone else could put their own socket in its place and collect tokens.
        raise TableError(
            P.Msg(
                N_(
                    "{folder} is writable by others: the table's socket is not opened there "
                    "(choose --socket in a folder of your own)."
                ),
                folder=str(folder),
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
        peer = peer_of(writer)
        joined = table.connect(link, peer)
        uid = peer.uid
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


def close_journal(session: Session, pace: float | None = None) -> str:
    """The host closes the table: between banks the game ends, otherwise it is kept
    (``banque host --resume`` hosts it again; the seats' credentials beside the journal
    go with a game that is over).

    Returns the line that says so, in the host's language (its console, its screen);
    a journal that cannot be brought up to date is never said to keep the game: the
    line says what is not kept, and where the whole record went if it could go anywhere.
    """
    journal = session.journal
    if journal is None:
        return ""
    kept = journal.sync(session.game.actions, session.computer_draws())
    if kept and session.bank_in_play():
        journal.close()
        return P.tell(
            P.Msg(
                N_("Game kept — `banque host --resume` hosts it again with its seats ({path})."),
                path=str(journal.path),
            )
        )
    if kept and journal.note("end"):
        journal.close()
        from ..engine.journal import remove_seats

        remove_seats(journal.path)
        return P.tell(
            P.Msg(
                N_("Game over; its record stays in {path} (banque games lists it)."),
                path=str(journal.path),
            )
        )
    from ..engine.journal import not_kept_msg, rescue_record

    rescued = rescue_record(session.record_text(pace), "banque", [Path.cwd()])
    journal.close()
    return P.tell(not_kept_msg(journal, rescued))


#: The environment variable a printed join line gives the token in.
TOKEN_VARIABLE = "BANQUE_TOKEN"


def shell_word(text: str) -> str:
    """A word for a shell command line (quoted only when it needs to be)."""
    return text if re.fullmatch(r"[\w.@%+=:,/-]+", text) else shlex.quote(text)


def _option(flag: str, value: str) -> str:
    """``--flag VALUE`` for the shell; ``--flag=VALUE`` when the value starts with ``-``
    (which the option parser would take for another option)."""
    if value.startswith("-"):
        return shell_word(f"{flag}={value}")
    return f"{flag} {shell_word(value)}"


def join_command(table: Table, name: str, address: str) -> str:
    """How ``name``'s seat joins, as one sh/bash line: the token in the environment of
    ``banque join`` alone (other local users read a command line, never another
    account's environment), never among its arguments."""
    return (
        f"{TOKEN_VARIABLE}={shell_word(table.token(name))} banque join "
        f"{_option('--seat', name)} {_option('--table', address)}"
    )


def join_lines(table: Table, address: str, names: Sequence[str] | None = None) -> list[str]:
    """How each human seat joins (its command, its token in the environment), for the
    host to hand out."""
    return [
        f"  {name}: {join_command(table, name, address)}"
        for name in (names if names is not None else table.humans())
    ]
