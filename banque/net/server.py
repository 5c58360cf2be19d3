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
import errno
import os
import re
import resource
import shlex
import socket
import stat
import struct
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.journal import Journal, not_kept_msg, remove_seats, rescue_record
from ..core.messages import N_, Msg, Nn_, os_reason
from ..games.records import record_of
from ..text import plain
from . import protocol as P
from .auth import Peer
from .table import Joined, Table

if TYPE_CHECKING:
    from ..session.session import Session

#: Bytes waiting for a client (beyond what its socket's own buffer took) over which
#: it is hung up on at once (``transport.abort()``: its buffer is freed): it reads
#: nothing.  Snapshots do not pile up in it (see :data:`BEHIND`), so this is about a
#: few hundred coups of events for a client that stopped reading.
MAX_BACKLOG = 256 * 1024
#: A client with this many bytes waiting is behind: its next snapshots wait, and only
#: the newest is sent once it has caught up.  Events and answers are never skipped.
BEHIND = 64 * 1024
#: Seconds a new connection has to say ``hello``; then it is told so and closed.
HELLO_DEADLINE = 10.0
#: Seconds a line may take from its first byte to its newline (a slow sender is cut).
LINE_DEADLINE = 10.0
#: Connections at once, joined or not (fewer when the descriptor limit is low:
#: :data:`FD_RESERVE` descriptors stay free for the journal and the rest).  At the cap
#: a new connection closes the oldest one that has not said ``hello`` yet.
MAX_CONNECTIONS = 200
FD_RESERVE = 64
#: Descriptors run out all the same (other files, other limits): the cap comes down to
#: the connections then open less this many, which are closed at once to make room.
FD_SLACK = 16
#: Seconds a connection the table hangs up on has to read its last words.
CLOSE_GRACE = 2.0
#: Seconds between two lines on the host's console about descriptors running out.
ACCEPT_LOG_EVERY = 60.0
#: Seconds asyncio waits, after running out of descriptors on accept, before it
#: accepts again (its retry fires even once the table is closed: see :meth:`TableServer.close`).
ACCEPT_RETRY = 1.0
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


def peer_of(writer: asyncio.StreamWriter) -> Peer:
    """How a connection came: the Unix socket (and the peer's account) or TCP (its address)."""
    sock = writer.get_extra_info("socket")
    if sock is not None and sock.family == socket.AF_UNIX:
        return Peer("unix", uid=peer_uid(sock))
    name = writer.get_extra_info("peername")
    address = str(name[0]) if isinstance(name, tuple) and name else None
    return Peer("tcp", address=address)


def connection_cap() -> int:
    """:data:`MAX_CONNECTIONS`, or fewer if this process may open few descriptors."""
    try:
        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):
        return MAX_CONNECTIONS
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, soft - FD_RESERVE))


class StreamLink:
    """A joined client's socket, as the table's :class:`~banque.net.table.Link`.

    What it cannot take at once waits in the transport's buffer, up to
    :data:`MAX_BACKLOG`: beyond, the connection is aborted (never closed
    politely: a close waits for a client that never reads, and keeps the
    buffer).  A client :data:`BEHIND` gets the newest snapshot only, once it
    has read the rest (:meth:`send_view`).
    """

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.transport = writer.transport
        self.closed = False
        #: Hung up on because it read nothing (aborted), rather than closed.
        self.aborted = False
        #: It has sent something (a connection saying nothing is the first to go).
        self.heard = False
        #: The newest snapshot, waiting for the client to catch up.
        self._held: bytes | None = None
        self._flusher: asyncio.Task[None] | None = None
        with contextlib.suppress(Exception):
            self.transport.set_write_buffer_limits(high=BEHIND)

    def waiting(self) -> int:
        """Bytes waiting for the client (beyond its socket's own buffer)."""
        try:
            size = self.transport.get_write_buffer_size()
        except Exception:  # a transport already gone
            size = 0
        return size + len(self._held or b"")

    def _usable(self) -> bool:
        if self.closed:
            return False
        if self.transport.is_closing():
            self.abort()
            return False
        if self.waiting() > MAX_BACKLOG:
            self.abort()  # it reads nothing: hang up rather than hold the table's memory
            return False
        return True

    def send(self, data: bytes) -> None:
        if self._usable():
            self.transport.write(data)

    def send_view(self, data: bytes) -> None:
        """A snapshot: sent now, or (the client is behind) kept until it has caught up,
        in place of any older one still waiting."""
        if not self._usable():
            return
        if self._held is None and self.transport.get_write_buffer_size() <= BEHIND:
            self.transport.write(data)
            return
        self._held = data
        if self._flusher is None:
            self._flusher = asyncio.ensure_future(self._flush())

    async def _flush(self) -> None:
        try:
            while self._held is not None and not self.closed:
                await self.writer.drain()  # back under the mark (or the connection lost)
                if self.closed or self._held is None:
                    break
                if self.transport.get_write_buffer_size() > BEHIND:
                    await asyncio.sleep(0.05)
                    continue
                data, self._held = self._held, None
                self.transport.write(data)
        except Exception:  # the connection is gone: nothing to send it
            self.abort()
        finally:
            self._flusher = None

    def _forget(self) -> None:
        self.closed = True
        self._held = None
        flusher, self._flusher = self._flusher, None
        if flusher is not None and flusher is not asyncio.current_task():
            flusher.cancel()

    def abort(self) -> None:
        """Hang up at once, dropping whatever waits (its memory freed)."""
        if not self.aborted:
            self.aborted = True
            self._forget()
            with contextlib.suppress(Exception):
                self.transport.abort()

    def close(self, *, still_sending: bool = False) -> None:
        """Hang up after the last words, if the client reads them within :data:`CLOSE_GRACE`
        (``still_sending``: a client cut off mid-message, whose last words must not be lost)."""
        if self.closed:
            return
        self._forget()
        with contextlib.suppress(Exception):
            if still_sending and self.transport.can_write_eof():
                # Half-closed: the last words, then the end, reach a client still
                # sending (a socket closed with its bytes unread would reset the
                # connection, the words lost); hung up for good after the grace.
                self.transport.write_eof()
            elif self.transport.get_write_buffer_size() == 0:
                self.transport.close()
                return
            else:
                self.transport.close()
            asyncio.get_running_loop().call_later(CLOSE_GRACE, self.abort)


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
        #: Every open connection, oldest first (the ones that have not said hello are
        #: closed first when there is no room).
        self._conns: dict[StreamLink, Joined] = {}
        #: Connections at once (:func:`connection_cap`, fixed when the table opens).
        self.max_connections = MAX_CONNECTIONS
        self._handler: Any = None
        self._handled = False
        self._short_said = 0.0
        self._short_since = 0
        #: When accepting last ran out of descriptors (0: never).
        self._short_last = 0.0
        self._closing = False
        self._said: dict[str, float] = {}
        table.on_change = self._changed.set

    # ------------------------------------------------------------ life

    async def start(self) -> None:
        self.max_connections = connection_cap()
        self._fit_spectators()
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
        loop = asyncio.get_running_loop()
        self._handler = loop.get_exception_handler()
        self._handled = True
        loop.set_exception_handler(self._loop_error)
        self._pacer = asyncio.create_task(self._pace())
        self._changed.set()

    async def close(self, message: str = "The host has closed the table.") -> None:
        self._closing = True
        if self._pacer is not None:
            self._pacer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pacer
            self._pacer = None
        for server in self.servers:
            server.close()
        links = list(self._conns)
        self.table.close(message)
        if self._clients:  # a moment for the joiners to read the closing words
            await asyncio.wait(list(self._clients), timeout=min(CLOSE_GRACE, 0.5))
        for task in list(self._clients):
            task.cancel()
        for server in self.servers:
            with contextlib.suppress(Exception):
                await server.wait_closed()
        self.servers.clear()
        with contextlib.suppress(OSError):
            if self.socket_path.is_socket():
                self.socket_path.unlink()
        for link in links:
            link.abort()  # whoever has not read the closing words by now never will
        self._conns.clear()
        if self._handled:
            # asyncio's retry to accept, set when descriptors ran out, still fires on the
            # closed listening socket: it is let fire while this handler hears it.
            wait = self._short_last + ACCEPT_RETRY + 0.1 - time.monotonic()
            if self._short_last and wait > 0:
                await asyncio.sleep(wait)
            self._handled = False
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().set_exception_handler(self._handler)

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

    def _seat_room(self) -> int:
        """Connections beyond which even a seat's cannot be taken: when the cap is all
        joined connections (spectators), the human seats may still come in."""
        return self.max_connections + len(self.table.seats)

    def _fit_spectators(self) -> None:
        """Room for every human seat and a few connections saying hello, whatever the
        spectators: fewer spectators than :data:`~banque.net.table.MAX_SPECTATORS` when the
        cap on connections is low."""
        room = self.max_connections - len(self.table.seats) - FD_SLACK // 2
        self.table.spectator_room = max(0, room)

    # ------------------------------------------------------------ the event loop's errors

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The loop's errors: running out of descriptors on accept is one line a minute
        (asyncio pauses accepting for a second by itself); a connection's own error is
        one line; anything else goes to the handler there was before."""
        exc = context.get("exception")
        message = str(context.get("message", ""))
        if (
            isinstance(exc, OSError)
            and exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
            and "accept" in message
        ):
            self._out_of_descriptors(exc)
            return
        if self._closing and isinstance(exc, ValueError) and "_start_serving" in message:
            return  # the retry to accept on a listening socket closed meanwhile: nothing to do
        if "transport" in context or "protocol" in context:
            # A client's connection failing (a write to a vanished peer…): its task ends it.
            why = os_reason(exc) if isinstance(exc, OSError) else (repr(exc) if exc else message)
            said = Msg(N_("A connection to the table failed ({why}); the table goes on."), why=why)
            self._say_once("connection", f"banque: {P.tell(said)}")
            return
        if self._handler is not None:
            self._handler(loop, context)
        else:
            loop.default_exception_handler(context)

    def _say_once(self, what: str, line: str) -> None:
        """A line on the host's standard error, at most one a minute of each kind."""
        now = time.monotonic()
        said = self._said.get(what)
        if said is None or now - said >= ACCEPT_LOG_EVERY:
            self._said[what] = now
            print(line, file=sys.stderr, flush=True)

    def _out_of_descriptors(self, exc: OSError) -> None:
        """No descriptor for a new connection: the cap comes down to what the process can
        hold (each new connection then closes the oldest not joined), and a few of those
        make room at once for when accepting starts again (asyncio waits a second)."""
        self.max_connections = max(8, len(self._conns) - FD_SLACK)
        self._fit_spectators()
        while len(self._conns) > self.max_connections and self._evict():
            pass
        self._short_since += 1
        now = time.monotonic()
        self._short_last = now
        if self._short_said and now - self._short_said < ACCEPT_LOG_EVERY:
            return
        again = self._short_since - 1
        self._short_said, self._short_since = now, 0
        said = Msg(
            N_(
                "No descriptor left for a new connection ({why}): accepting waits a moment, "
                "and connections that have not said hello are closed first (at most {most} "
                "connections from now on)."
            ),
            why=os_reason(exc),
            most=self.max_connections,
        )
        if again > 0:
            said = Msg.plural(
                Nn_(
                    "{said} (It happened once more in the last minute.)",
                    "{said} (It happened {n} more times in the last minute.)",
                ),
                again,
                said=said,
            )
        print(f"banque: {P.tell(said)}", file=sys.stderr, flush=True)

    # ------------------------------------------------------------ clients

    def _evict(self) -> bool:
        """Close the oldest connection that has not said hello (to make room); found one?

        One that has sent nothing at all goes first: a joiner sends its hello at once."""
        pending = [ln for ln, j in self._conns.items() if not j.hello and not ln.closed]
        silent = [ln for ln in pending if not ln.heard]
        chosen = silent or pending
        if not chosen:
            return False
        link = chosen[0]
        del self._conns[link]
        said = Msg(
            N_(
                "The table is full: the oldest connection that had not said hello "
                "is closed to make room."
            )
        )
        link.send(P.encode(P.error("full", said)))
        link.close()
        return True

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        link = StreamLink(writer)
        full = len(self._conns) >= self.max_connections
        if full and not self._evict() and len(self._conns) >= self._seat_room():
            link.send(
                P.encode(
                    P.error(
                        "full",
                        Msg(N_("The table has too many connections: try again in a moment.")),
                    )
                )
            )
            link.close()
            return
        if task is not None:
            self._clients.add(task)
        table = self.table
        peer = peer_of(writer)
        joined = table.connect(link, peer)
        self._conns[link] = joined
        uid = peer.uid
        loop = asyncio.get_running_loop()
        hello_by = loop.time() + HELLO_DEADLINE
        line_by: float | None = None  # a line has begun: its newline is due by then
        buffer = bytearray()
        skipping = False  # inside a line over the limit: dropped up to its newline
        try:
            while not link.closed:
                due = line_by
                if not joined.hello:
                    due = hello_by if due is None else min(due, hello_by)
                try:
                    async with asyncio.timeout_at(due):
                        chunk = await reader.read(64 * 1024)
                except TimeoutError:
                    self._too_slow(joined, hello=not joined.hello and loop.time() >= hello_by)
                    break
                if not chunk:
                    link.abort()  # hung up: nothing waiting for it is worth keeping
                    break
                link.heard = True
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
                    line_by = None
                    if skipping:
                        skipping = False
                        continue
                    if len(line) > P.MAX_LINE:
                        table.too_long(joined)
                    elif line.strip():
                        table.receive(joined, line, uid)
                if (buffer or skipping) and line_by is None:
                    line_by = loop.time() + LINE_DEADLINE
        except (ConnectionError, asyncio.IncompleteReadError):
            link.abort()  # gone: nothing waiting for it is worth keeping
        except asyncio.CancelledError:
            pass
        finally:
            self._conns.pop(link, None)
            table.disconnect(joined)
            link.close()  # (nothing if it is closed already)
            del buffer
            if task is not None:
                self._clients.discard(task)

    def _too_slow(self, joined: Joined, *, hello: bool) -> None:
        """No hello within the deadline, or a line that never ends: told, and closed."""
        if hello:
            said = Msg(
                N_('No "hello" within {seconds} seconds: the table hangs up.'),
                seconds=int(HELLO_DEADLINE),
            )
        else:
            said = Msg(
                N_(
                    "A message took more than {seconds} seconds to arrive whole: "
                    "the table hangs up."
                ),
                seconds=int(LINE_DEADLINE),
            )
        joined.link.send(P.encode(P.error("timeout", said)))
        joined.link.close(still_sending=True)


def open_journal(session: Session, pace: float) -> str | None:
    """The host's journal, written as the game goes (as at a hot-seat table).

    Returns the one line that says why it cannot be created (then the table does not
    open: a hosted game is always on disk, or its host chose ``--no-journal``).
    """
    try:
        session.journal = Journal.create(
            record_of(session.game, computers=session.styles, pace=pace)
        )
    except OSError as exc:
        return P.tell(
            P.Msg(
                N_(
                    "The game's journal cannot be created ({why}): the table does not open "
                    "(free some space in banque's data folder, or host with --no-journal to "
                    "play without one)."
                ),
                why=os_reason(exc),
            )
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
        remove_seats(journal.path)
        return P.tell(
            P.Msg(
                N_("Game over; its record stays in {path} (banque games lists it)."),
                path=str(journal.path),
            )
        )
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
