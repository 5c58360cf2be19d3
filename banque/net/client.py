"""A seat's side of the table server: the connection, and what it knows.

:class:`SeatState` holds what a joined seat has been told (its welcome, the
latest snapshot, the log) and changes only by :meth:`SeatState.apply` — no
I/O, so a screen can be tested against messages alone.  :class:`TableClient`
is the asyncio connection that feeds it and sends acts.

Nothing here imports Textual.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.messages import N_, os_reason
from ..text import quoted
from . import protocol as P
from .server import TableError, join_socket
from .table import Joined, Table

#: Log lines a seat keeps.
LOG_KEEP = 2000


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
            self.seat = message.get("seat")
            self.token = message.get("token")
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
            if message.get("code") in ("closing", "replaced"):
                self.closed = P.told(message.get("msg"), message.get("message"))


class TableClient:
    """A connection to a table: ``hello`` first, then messages in and acts out."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.state = SeatState()
        self._ids = itertools.count(1)
        self._prefix = secrets.token_hex(4)

    @classmethod
    async def open(cls, address: Address) -> TableClient:
        try:
            if address.path is not None:
                reader, writer = await asyncio.open_unix_connection(
                    str(address.path), limit=P.MAX_SERVER_LINE
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
        return cls(reader, writer)

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
        except ValueError:
            return None
        if not isinstance(message, dict):
            return None
        self.state.apply(message)
        return message

    async def hello(
        self, seat: str | None = None, token: str | None = None, spectator: bool = False
    ) -> dict[str, Any]:
        """Join; the welcome (the first view follows). A refusal raises :class:`TableError`."""
        message: dict[str, Any] = {"type": "hello"}
        if spectator:
            message["spectator"] = True
        else:
            message["seat"] = seat
            if token:
                message["token"] = token
        await self.send(message)
        reply = await self.receive()
        if reply is None:
            raise TableError(_say(N_("The table hung up before welcoming us.")))
        if reply.get("type") == "error":
            raise TableError(P.told(reply.get("msg"), reply.get("message")))
        return reply

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
        message: dict[str, Any] = {"type": "hello"}
        if spectator:
            message["spectator"] = True
        else:
            message["seat"] = seat
            token = token or (self.table.token(seat) if seat in self.table.seats else None)
            if token:
                message["token"] = token
        await self._say(message)
        reply = await self.receive()
        if reply is None or reply.get("type") == "error":
            if reply is None:
                raise TableError(_say(N_("The table hung up.")))
            raise TableError(P.told(reply.get("msg"), reply.get("message")))
        return reply

    async def act(self, act: str, turn: int | None = None, **fields: Any) -> str:
        ident = f"local-{next(self._ids)}"
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
