"""A seat's side of the table server: the connection, and what it knows.

:class:`SeatState` holds what a joined seat has been told (its welcome, the
latest snapshot, the log) and changes only by :meth:`SeatState.apply` — no
I/O, so a screen can be tested against messages alone.  :class:`TableClient`
is the asyncio connection that feeds it and sends acts; :class:`Rejoining`
wraps it for ``banque join``: a host that is lost (the connection ends with
no ``closing`` word — a crash, ``kill -9``) is tried again on its own, with
the same credentials, until it is back (``banque host --resume``) or a few
minutes have gone by.

Nothing here imports Textual.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import itertools
import json
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.messages import N_, os_reason
from ..games import DEFAULT_GAME
from ..text import plain, quoted
from . import auth as A
from . import protocol as P
from .server import TableError, join_socket
from .table import Joined, Table

#: Log lines a seat keeps.
LOG_KEEP = 2000
#: A lost host is tried again this often (seconds)…
REJOIN_EVERY = 1.0
#: …for this long (seconds), then the seat gives up and says how to join again.
REJOIN_FOR = 180.0
#: A host that accepts the connection must welcome the seat within this (seconds).
REJOIN_HELLO = 10.0
#: Seconds a joiner keeps trying a table whose queue of new connections is full.
CONNECT_PATIENCE = 5.0


@dataclass(frozen=True)
class Address:
    """Where a table listens: a Unix socket's path, or a loopback TCP port."""

    path: Path | None = None
    host: str = "127.0.0.1"
    port: int | None = None

    def __str__(self) -> str:
        return str(self.path) if self.path is not None else f"tcp:{self.host}:{self.port}"


def _say(template: str, **params: Any) -> str:
    """A line for the joining player, in its language (as the table's own errors are told)."""
    return P.tell(P.Msg(template, **params))


def parse_address(text: str | None) -> Address:
    """``PATH`` (a Unix socket), ``tcp:PORT`` or ``tcp:HOST:PORT``; none: the default socket
    (:func:`~banque.net.server.join_socket`). A bad address raises :class:`TableError`
    in one line, what was written quoted (control characters escaped)."""
    if text is None or not text.strip():
        return Address(join_socket())
    text = text.strip()
    if not text.isprintable():  # an escape sequence is no address: never shown raw
        raise TableError(
            _say(
                N_("{text} is not a table address: it holds control characters."),
                text=quoted(text),
            )
        )
    if text.startswith("tcp:"):
        host, _, port = text[4:].rpartition(":")
        if not port.isdigit():
            raise TableError(
                _say(
                    N_("{text} is not a table address: write tcp:PORT or tcp:HOST:PORT."),
                    text=quoted(text),
                )
            )
        if not 0 < int(port) < 65536:
            raise TableError(
                _say(
                    N_("{text} is not a table address: a port is a number from 1 to 65535."),
                    text=quoted(text),
                )
            )
        return Address(None, host or "127.0.0.1", int(port))
    return Address(Path(text).expanduser())


@dataclass
class SeatState:
    """What a seat (or a spectator) knows of the table, from the server's messages."""

    seat: str | None = None
    #: The game at the table (``banque``, ``chemin-de-fer``, ``punto-banco``), and the
    #: welcome that said so (a two-hand game's table options: packs, limit, rotation…).
    game: str = DEFAULT_GAME
    welcome: dict[str, Any] = field(default_factory=dict)
    #: The token this side proved the seat with (the table never sends it back).
    token: str | None = None
    participants: list[str] = field(default_factory=list)
    forced_moves: str = "announced"
    #: The table's rules (``home``, ``classic``, ``hoyle``) and their options.
    rules: str = "home"
    options: dict[str, Any] = field(default_factory=dict)
    view: dict[str, Any] | None = None
    log: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    closed: str | None = None

    @property
    def turn(self) -> int:
        return int(self.view["turn"]) if self.view is not None else 0

    @property
    def you(self) -> dict[str, Any]:
        """What this seat may do now (``to_act``, ``acts`` and their limits)."""
        you = self.view.get("you") if self.view is not None else None
        return you or {"to_act": False, "acts": []}

    def my_turn(self) -> bool:
        return bool(self.you.get("to_act"))

    def apply(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self.game = str(message.get("game") or DEFAULT_GAME)  # an older host: banque's
            self.welcome = dict(message)
            self.seat = message.get("seat")
            self.participants = list(message.get("participants") or [])
            self.forced_moves = str(message.get("forced_moves") or "announced")
            self.rules = str(message.get("rules") or "home")
            options = message.get("options")
            self.options = dict(options) if isinstance(options, dict) else {}
        elif kind == "view":
            if "log" in message:
                self.log = list(message["log"])
            self.view = message
        elif kind == "events":
            self.log.extend(message.get("events") or [])
            del self.log[:-LOG_KEEP]
        elif kind == "error":
            self.errors.append(message)
            del self.errors[:-20]
            if message.get("code") in ("closing", "replaced", "full", "timeout"):
                self.closed = P.told(message.get("msg"), message.get("message"))


async def handshake(
    send: Callable[[dict[str, Any]], Awaitable[None]],
    receive: Callable[[], Awaitable[dict[str, Any] | None]],
    where: str,
    seat: str | None,
    token: str | None,
    spectator: bool,
) -> dict[str, Any]:
    """Join: the welcome (the first view follows), or a :class:`TableError` in words.

    With a token the table is challenged first and must prove it knows the token
    before anything that depends on it is sent; only then the seat's own proof
    goes.  Without one (the host's account on the Unix socket) the hello names the
    seat alone; a spectator names none.
    """
    message: dict[str, Any] = {"type": "hello"}
    client_nonce = A.nonce()
    if spectator:
        message["spectator"] = True
    else:
        message["seat"] = seat
        if token:
            message["auth"] = A.AUTH
            message["nonce"] = client_nonce
    await send(message)
    reply = await receive()
    if reply is None:
        raise TableError(_say(N_("The table hung up before welcoming us.")))
    if spectator or not token:
        if reply.get("type") == "error":
            raise TableError(_refusal(reply))
        return reply
    assert seat is not None
    kind = reply.get("type")
    if kind == "error":
        if _older_host(reply):
            raise TableError(
                _say(
                    N_(
                        "The table at {address} is an older banque that wants the token in "
                        "the clear: it was not sent. Ask the host to update banque."
                    ),
                    address=plain(where, 200),
                )
            )
        raise TableError(_refusal(reply))
    server_nonce = reply.get("nonce")
    if kind != "challenge" or reply.get("seat") != seat or not isinstance(server_nonce, str):
        raise TableError(_not_the_host(where))  # no challenge: nothing more is sent
    if A.NONCE_RE.fullmatch(server_nonce) and A.check(
        reply.get("proof"), token, "server", seat, client_nonce, server_nonce
    ):
        await send(
            {"type": "proof", "mac": A.proof(token, "client", seat, client_nonce, server_nonce)}
        )
        reply = await receive()
        if reply is None:
            raise TableError(_say(N_("The table hung up before welcoming us.")))
        if reply.get("type") == "error":
            raise TableError(_refusal(reply))
        if reply.get("type") != "welcome":
            raise TableError(_not_the_host(where))
        return reply
    # The table's proof does not match this token: a mistyped token (the host says so)
    # or a table that is not the host's. Either way nothing that depends on the token
    # goes; only that it did not match.
    await send({"type": "proof", "mismatch": True})
    reply = await receive()
    if reply is not None and reply.get("type") == "error" and reply.get("code") == "bad_token":
        raise TableError(_refusal(reply))
    raise TableError(_not_the_host(where))


def _refusal(reply: dict[str, Any]) -> str:
    """A table's refusal in this side's words, on one printable line (before the table
    has proved itself, whoever listens there wrote them)."""
    return plain(P.told(reply.get("msg"), reply.get("message")), 400)


def _not_the_host(where: str) -> str:
    return _say(
        N_(
            "The table at {address} is not the host's: it does not know your seat's token. "
            "Nothing more was sent to it."
        ),
        address=plain(where, 200),
    )


def _older_host(reply: dict[str, Any]) -> bool:
    """An older table's refusal of the challenge's fields (it knows no ``auth``)."""
    msg = P.msg_of(reply.get("msg"))
    return (
        reply.get("code") == "bad_message"
        and msg is not None
        and msg.template == "Unknown field(s): {fields}."
    )


async def _unix_socket(path: Path, patience: float = CONNECT_PATIENCE) -> socket.socket:
    """A socket connected to ``path``; a full queue of connections is tried again.

    (A Unix socket's full queue fails at once, and asyncio's own connect then
    mistakes the socket for connected.)"""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patience
    while True:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.connect(str(path))
        except BlockingIOError:
            sock.close()
            if loop.time() >= deadline:
                raise ConnectionRefusedError(errno.EAGAIN, os.strerror(errno.EAGAIN)) from None
            await asyncio.sleep(0.005)
            continue
        except BaseException:
            sock.close()
            raise
        return sock


class TableClient:
    """A connection to a table: ``hello`` first, then messages in and acts out."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        address: Address | None = None,
    ) -> None:
        self.reader = reader
        self.writer = writer
        #: Where it connected (named when the table there is not the host's).
        self.address = address
        self.state = SeatState()
        self._ids = itertools.count(1)
        #: Ids never repeat, across connections and restarts: a random prefix (64 bits).
        self._prefix = secrets.token_hex(8)

    @classmethod
    async def open(cls, address: Address) -> TableClient:
        try:
            if address.path is not None:
                reader, writer = await asyncio.open_unix_connection(
                    sock=await _unix_socket(address.path), limit=P.MAX_SERVER_LINE
                )
            else:
                reader, writer = await asyncio.open_connection(
                    address.host, address.port, limit=P.MAX_SERVER_LINE
                )
        except FileNotFoundError:
            raise TableError(
                _say(
                    N_("No table is open at {address} (the host starts one with banque host)."),
                    address=str(address),
                )
            ) from None
        except OSError as exc:
            raise TableError(
                _say(
                    N_("Cannot reach the table at {address}: {why}."),
                    address=str(address),
                    why=os_reason(exc),
                )
            ) from None
        return cls(reader, writer, address)

    async def send(self, message: dict[str, Any]) -> None:
        self.writer.write(P.encode(message))
        await self.writer.drain()

    async def receive(self) -> dict[str, Any] | None:
        """The next message (applied to :attr:`state`); ``None`` when the table hangs up."""
        try:
            line = await self.reader.readline()
        except (ConnectionError, asyncio.LimitOverrunError, ValueError):
            return None
        if not line:
            return None
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            return None
        if not isinstance(message, dict):
            return None
        self.state.apply(message)
        return message

    async def hello(
        self, seat: str | None = None, token: str | None = None, spectator: bool = False
    ) -> dict[str, Any]:
        """Join; the welcome (the first view follows). A refusal raises :class:`TableError`.

        With ``token`` the seat is proved by a challenge (:func:`handshake`): the token
        itself never crosses the wire."""
        where = str(self.address) if self.address is not None else _say(N_("that address"))
        welcome = await handshake(self.send, self.receive, where, seat, token, spectator)
        self.state.token = token if not spectator else None
        return welcome

    def new_id(self) -> str:
        return f"{self._prefix}-{next(self._ids)}"

    async def act(self, act: str, turn: int | None = None, **fields: Any) -> str:
        """Send an act for the current turn (or ``turn``); its id (the answer comes later)."""
        ident = self.new_id()
        message = {
            "type": "act",
            "id": ident,
            "turn": self.state.turn if turn is None else turn,
            "act": act,
            **fields,
        }
        await self.send(message)
        return ident

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()
            await self.writer.wait_closed()


def _refused_for_good(code: str) -> bool:
    """A hello's refusal that trying again cannot change (a wrong seat or token, another
    protocol, the table closing); other ones (a table busy, say) are tried again."""
    if not code:
        return False  # no answer at all: the host is not quite up
    return code in ("bad_token", "unknown_seat", "version", "replaced", "closing") or any(
        word in code for word in ("token", "proof")
    )


class Rejoining:
    """``banque join``'s connection: a :class:`TableClient` joined again when the host is lost.

    A table that ends the connection with a ``closing`` (the host closed it) or a
    ``replaced`` error (the seat joined from elsewhere) is gone for good.  Any other
    end — the host killed or crashed, the line dropped — is a *lost host*:
    :meth:`receive` then returns messages of this class's own (never sent on the wire)
    while it tries again every ``every`` seconds, with the same seat and token:

    - ``{"type": "lost"}`` at once, then ``{"type": "rejoining", "attempt": n}``
      after each attempt that finds no table;
    - ``{"type": "rejoined", "attempts": n}`` once the host welcomed the seat again
      (the welcome is applied to :attr:`state`; its fresh view follows as usual);
    - ``None`` when it gives up (after ``patience`` seconds, or a host that is back but
      refuses the seat): :attr:`SeatState.closed` says why and how to join again.

    Acts are not sent from the moment the host is lost until the first view after
    the seat is welcomed again (an act meant for the old view never reaches the new one).
    """

    def __init__(
        self,
        opener: Callable[[], Awaitable[TableClient]],
        *,
        every: float = REJOIN_EVERY,
        patience: float = REJOIN_FOR,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.opener = opener
        self.every = every
        self.patience = patience
        self.clock = clock
        self.state = SeatState()
        self.client: TableClient | None = None
        #: The host is lost and being tried again.
        self.lost = False
        #: Attempts made since the host was lost.
        self.attempts = 0
        #: Acts may be sent (a view of the current connection has come).
        self.live = False
        self._since = 0.0
        self._hello: tuple[str | None, str | None, bool] = (None, None, False)
        self._closed = False

    async def _open(self) -> TableClient:
        client = await self.opener()
        client.state = self.state  # one state, whatever the connection
        return client

    async def hello(
        self, seat: str | None = None, token: str | None = None, spectator: bool = False
    ) -> dict[str, Any]:
        """The first join: refused or unreachable is said at once (no retrying)."""
        self._hello = (seat, token, spectator)
        client = await self._open()
        try:
            welcome = await client.hello(seat, token, spectator=spectator)
        except BaseException:
            await client.close()
            raise
        self.client = client
        return welcome

    async def receive(self) -> dict[str, Any] | None:
        if self._closed:
            return None
        if self.lost:
            return await self._rejoin()
        client = self.client
        if client is None:
            return None
        message = await client.receive()
        if message is not None:
            if message.get("type") == "view":
                self.live = True
            return message
        await client.close()
        self.client = None
        self.live = False
        if self.state.closed is not None:  # closed on purpose, or the seat taken elsewhere
            return None
        self.lost = True
        self.attempts = 0
        self._since = self.clock()
        return {"type": "lost"}

    async def _rejoin(self) -> dict[str, Any] | None:
        if self.attempts:
            await asyncio.sleep(self.every)
        self.attempts += 1
        seat, token, spectator = self._hello
        client: TableClient | None = None
        errors = self.state.errors
        before = errors[-1] if errors else None
        try:
            client = await self._open()
            await asyncio.wait_for(
                client.hello(seat, token, spectator=spectator), timeout=REJOIN_HELLO
            )
        except TableError as exc:
            if client is not None:
                await client.close()
                last = errors[-1] if errors else None
                code = (
                    str(last.get("code") or "") if last is not None and last is not before else ""
                )
                if _refused_for_good(code):  # the host is back, and refuses the seat
                    self.lost = False
                    self._closed = True
                    self.state.closed = _say(
                        N_("The host is back but refuses this seat: {why}"), why=str(exc)
                    )
                    return None
        except (TimeoutError, OSError, asyncio.IncompleteReadError):
            if client is not None:
                await client.close()
        else:
            assert client is not None
            self.client = client
            self.lost = False
            return {"type": "rejoined", "attempts": self.attempts}
        if self.clock() - self._since >= self.patience:
            self.lost = False
            self._closed = True
            self.state.closed = _say(
                N_(
                    "The host did not come back within {minutes} minutes. The seat is kept "
                    "in the host's journal: once the host brings the game back (banque host "
                    "--resume), the same banque join line joins again."
                ),
                minutes=max(1, round(self.patience / 60)),
            )
            return None
        return {"type": "rejoining", "attempt": self.attempts}

    async def act(self, act: str, turn: int | None = None, **fields: Any) -> str:
        """Send an act (its id); nothing is sent while the host is lost (``""``)."""
        client = self.client
        if client is None or not self.live or self.lost:
            return ""
        try:
            return await client.act(act, turn, **fields)
        except (ConnectionError, OSError):
            return ""  # the host is gone: receive() says so and tries again

    async def close(self) -> None:
        self._closed = True
        if self.client is not None:
            await self.client.close()
            self.client = None


class LocalConnection:
    """A seat's connection to a :class:`~banque.net.table.Table` in this very process.

    The same calls as :class:`TableClient` (``hello``, ``receive``, ``act``,
    ``close``) and the same bytes, without a socket: for tests of a joined
    seat's screen, and for a table that shows a seat itself.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self.state = SeatState()
        self._queue: asyncio.Queue[bytes] = asyncio.Queue()
        self._ids = itertools.count(1)
        self._prefix = secrets.token_hex(8)  # as TableClient's: ids never repeat
        self._joined: Joined | None = None
        self.sent: list[dict[str, Any]] = []

    # The table's side of the pipe (a Link).
    def send(self, data: bytes) -> None:
        self._queue.put_nowait(data)

    def hang_up(self) -> None:
        self._queue.put_nowait(b"")

    async def _say(self, message: dict[str, Any]) -> None:
        if self._joined is None:
            self._joined = self.table.connect(_Pipe(self))
        self.sent.append(message)
        self.table.receive(self._joined, P.encode(message), uid=None)

    async def receive(self) -> dict[str, Any] | None:
        data = await self._queue.get()
        if not data:
            return None
        message = json.loads(data)
        self.state.apply(message)
        return message

    async def hello(
        self, seat: str | None = None, token: str | None = None, spectator: bool = False
    ) -> dict[str, Any]:
        """Join as :class:`TableClient` does, by the same challenge (the seat's own token
        from the table when none is given: this process is the host's)."""
        if not spectator and not token and seat in self.table.seats:
            token = self.table.token(seat)
        where = _say(N_("the host's own table"))
        welcome = await handshake(self._say, self.receive, where, seat, token, spectator)
        self.state.token = token if not spectator else None
        return welcome

    async def act(self, act: str, turn: int | None = None, **fields: Any) -> str:
        ident = f"local-{self._prefix}-{next(self._ids)}"
        await self._say(
            {
                "type": "act",
                "id": ident,
                "turn": self.state.turn if turn is None else turn,
                "act": act,
                **fields,
            }
        )
        return ident

    async def close(self) -> None:
        if self._joined is not None:
            self.table.disconnect(self._joined)
            self._joined = None


class _Pipe:
    def __init__(self, conn: LocalConnection) -> None:
        self.conn = conn

    def send(self, data: bytes) -> None:
        self.conn.send(data)

    def close(self) -> None:
        self.conn.hang_up()
