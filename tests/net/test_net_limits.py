"""The table server's limits under abuse, over real sockets (PROTOCOL.md, "Limits").

Each limit is a named constant of :mod:`banque.net.server` (or of the table); the
tests make the deadlines and caps small so that they run in a few seconds.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from banque.net import protocol as P
from banque.net import server as S
from banque.net import table as T
from banque.net.client import Address, LocalConnection, TableClient
from banque.net.server import TableServer

from .test_net_socket import join, make_table, short_dir, until

__all__ = ["short_dir"]  # the fixture, used by name

HELLO = b'{"v":1,"type":"hello","spectator":true}\n'


@pytest.fixture
async def served(short_dir: Path) -> AsyncIterator[TableServer]:
    server = TableServer(make_table(), short_dir / "t.sock")
    await server.start()
    yield server
    await server.close()


class Raw:
    """A connection that sends and reads bytes as it is told (a bad client)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, server: TableServer) -> Raw:
        reader, writer = await asyncio.open_unix_connection(
            str(server.socket_path), limit=P.MAX_SERVER_LINE
        )
        return cls(reader, writer)

    async def send(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def message(self, timeout: float = 10.0) -> dict[str, Any] | None:
        """The next message (``None``: the table hung up)."""
        line = await asyncio.wait_for(self.reader.readline(), timeout)
        return json.loads(line) if line else None

    async def until_closed(self, timeout: float = 10.0) -> list[dict[str, Any]]:
        """Every message until the table hangs up."""
        out = []
        async with asyncio.timeout(timeout):
            while (message := await self.message(timeout)) is not None:
                out.append(message)
        return out

    def close(self) -> None:
        self.writer.close()


def errors(messages: list[dict[str, Any]]) -> list[str]:
    return [m["code"] for m in messages if m.get("type") == "error"]


# ------------------------------------------------------------------ deadlines


@pytest.mark.subprocess
async def test_no_hello_in_time_is_told_and_closed(
    short_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(S, "HELLO_DEADLINE", 1.0)
    async with TableServer(make_table(), short_dir / "t.sock") as server:
        silent = await Raw.open(server)
        trickler = await Raw.open(server)
        watcher = await Raw.open(server)
        await watcher.send(HELLO)
        assert (await watcher.message())["type"] == "welcome"
        started = time.monotonic()

        async def trickle() -> None:
            for byte in HELLO[:-1]:  # a byte at a time, the hello never whole in time
                try:
                    await trickler.send(bytes([byte]))
                except ConnectionError:
                    return
                await asyncio.sleep(0.05)

        dripping = asyncio.create_task(trickle())
        said = await silent.until_closed()
        assert errors(said) == ["timeout"] and '"hello"' in said[0]["message"]
        assert said[0]["msg"]["template"].startswith('No "hello" within')
        assert errors(await trickler.until_closed()) == ["timeout"]
        assert time.monotonic() - started < 8
        dripping.cancel()
        await until(lambda: len(server.table.links) == 1)
        # The spectator that said hello is never cut for being quiet.
        await asyncio.sleep(1.2)
        assert len(server.table.links) == 1 and server.table.links[0].spectator
        for raw in (silent, trickler, watcher):
            raw.close()


@pytest.mark.subprocess
async def test_a_line_that_never_ends_is_cut(
    short_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(S, "LINE_DEADLINE", 0.5)
    async with TableServer(make_table(), short_dir / "t.sock") as server:
        slow = await Raw.open(server)
        await slow.send(HELLO)
        assert (await slow.message())["type"] == "welcome"
        await slow.send(b'{"v":1,"type":"act",')  # and nothing more
        said = await slow.until_closed()
        assert errors(said) == ["timeout"] and "arrive whole" in said[-1]["message"]
        await until(lambda: not server.table.links)
        # A line over the size limit that never ends is cut the same way.
        long = await Raw.open(server)
        await long.send(HELLO)
        await long.send(b"x" * (P.MAX_LINE + 100))
        said = await long.until_closed()
        assert errors(said) == ["too_long", "timeout"]
        slow.close()
        long.close()
        # Whole lines, however slow between them, are not cut.
        ana = await join(server, "Ana")
        await asyncio.sleep(0.6)
        await ana.act("bid", amount=10)
        while (ack := await ana.receive()) is not None and ack["type"] != "ack":
            pass
        assert ack is not None and server.table.session.game.bids == {"Ana": 10}
        await ana.close()


# ------------------------------------------------------------------ caps


@pytest.mark.subprocess
async def test_a_seat_joins_when_idle_connections_fill_the_cap(
    short_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(S, "MAX_CONNECTIONS", 24)
    async with TableServer(make_table(), short_dir / "t.sock") as server:
        assert server.max_connections == 24
        room = server.table.spectator_room
        assert 0 < room < 24 - len(server.table.seats)
        watchers = []
        for _ in range(room):
            raw = await Raw.open(server)
            await raw.send(HELLO)
            assert (await raw.message())["type"] == "welcome"
            watchers.append(raw)
        # One spectator too many: told so in words, and closed.
        extra = await Raw.open(server)
        await extra.send(HELLO)
        said = await extra.until_closed()
        assert errors(said) == ["full"] and "spectators" in said[0]["message"]
        # Idle connections up to the cap, then more: the oldest silent ones make room.
        idle = [await Raw.open(server) for _ in range(24)]
        await until(lambda: len(server._conns) == 24)
        assert errors(await idle[0].until_closed()) == ["full"]
        # A real seat still joins (and the spectators are all still there).
        ana = await join(server, "Ana")
        assert server.table.connected("Ana")
        assert sum(1 for j in server.table.links if j.spectator) == room
        assert len(server._conns) <= 24
        await ana.close()
        for raw in [*watchers, extra, *idle]:
            raw.close()


@pytest.mark.subprocess
async def test_a_seat_joins_when_spectators_fill_the_cap(
    short_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(S, "MAX_CONNECTIONS", 10)
    async with TableServer(make_table(), short_dir / "t.sock") as server:
        server.table.spectator_room = 10  # as many spectators as connections (no one to evict)
        watchers = []
        for _ in range(10):
            raw = await Raw.open(server)
            await raw.send(HELLO)
            assert (await raw.message())["type"] == "welcome"
            watchers.append(raw)
        ana = await join(server, "Ana")  # the seats' own room, beyond the cap
        bruno = await join(server, "Bruno")
        assert server.table.connected("Ana") and server.table.connected("Bruno")
        extra = await Raw.open(server)
        await extra.send(HELLO)
        assert errors(await extra.until_closed()) == ["full"]
        for client in (ana, bruno):
            await client.close()
        for raw in [*watchers, extra]:
            raw.close()


async def test_the_cap_follows_a_low_descriptor_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    import resource

    monkeypatch.setattr(resource, "getrlimit", lambda _what: (100, 4096))
    assert S.connection_cap() == 100 - S.FD_RESERVE
    monkeypatch.setattr(resource, "getrlimit", lambda _what: (1024, 4096))
    assert S.connection_cap() == S.MAX_CONNECTIONS


# ------------------------------------------------------------------ readers


def _events(table: T.Table) -> list[Any]:
    """Some public events of the game (Ana's bid), to tell again and again."""
    from banque.core.models import Bid

    events = table.session.perform(Bid(who="Ana", amount=10))
    assert events
    return list(events)


def _slow_socket(server: TableServer, joined: T.Joined) -> S.StreamLink:
    """The server's side of a connection, with a small socket buffer (it fills soon)."""
    link = next(link for link, j in server._conns.items() if j is joined)
    sock = link.transport.get_extra_info("socket")
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    return link


@pytest.mark.subprocess
async def test_a_never_reading_client_is_aborted_and_dropped(
    short_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(S, "MAX_BACKLOG", 96 * 1024)
    monkeypatch.setattr(S, "BEHIND", 16 * 1024)
    async with TableServer(make_table(), short_dir / "t.sock") as server:
        table = server.table
        deaf = await Raw.open(server)
        await deaf.send(HELLO)
        reader = await Raw.open(server)
        await reader.send(HELLO)
        await until(lambda: len(table.links) == 2 and all(j.spectator for j in table.links))
        deaf_joined = table.links[0]
        link = _slow_socket(server, deaf_joined)
        events = _events(table) * 20
        sent = 0
        received: list[dict[str, Any]] = []

        async def read_all() -> None:
            while (message := await reader.message()) is not None:
                received.append(message)

        reading = asyncio.create_task(read_all())
        # Changes go on; the deaf spectator reads nothing.
        async with asyncio.timeout(20):
            while not link.aborted:
                table.broadcast(events)
                sent += 1
                await asyncio.sleep(0.002)  # the other spectator reads as it comes
        assert link.waiting() == 0 and link.closed  # its buffer is freed
        await until(lambda: deaf_joined not in table.links)  # and the table forgets it
        assert len(server._conns) == 1
        # The spectator that reads has every event, and the newest view at the end.
        table.broadcast(events)
        sent += 1
        await until(lambda: sum(m["type"] == "events" for m in received) == sent)
        await until(lambda: received[-1]["type"] == "view" and received[-1]["turn"] == table.turn)
        reading.cancel()
        deaf.close()
        reader.close()


@pytest.mark.subprocess
async def test_a_slow_reader_skips_stale_views_never_events(
    short_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(S, "BEHIND", 4 * 1024)
    async with TableServer(make_table(), short_dir / "t.sock") as server:
        table = server.table
        slow = await Raw.open(server)
        await slow.send(HELLO)
        await until(lambda: len(table.links) == 1 and table.links[0].spectator)
        link = _slow_socket(server, table.links[0])
        events = _events(table)
        for _ in range(60):  # the reader reads nothing meanwhile
            table.turn += 1
            table.broadcast(events)
        assert link.waiting() > S.BEHIND and not link.closed
        messages: list[dict[str, Any]] = []
        async with asyncio.timeout(20):
            while not (messages and messages[-1].get("turn") == table.turn and
                       messages[-1]["type"] == "view"):  # fmt: skip
                message = await slow.message()
                assert message is not None
                messages.append(message)
        kinds = [m["type"] for m in messages]
        turns = [m["turn"] for m in messages if m["type"] == "events"]
        assert turns == sorted(turns) and len(turns) == 60  # every event, in order
        assert kinds.count("view") < 60  # stale snapshots skipped
        slow.close()


@pytest.mark.subprocess
async def test_a_hung_up_client_is_aborted_at_once(served: TableServer) -> None:
    raw = await Raw.open(served)
    await raw.send(HELLO)
    await until(lambda: len(served.table.links) == 1)
    link = next(iter(served._conns))
    raw.writer.transport.abort()
    await until(lambda: not served.table.links and link.aborted)


# ------------------------------------------------------------------ bad lines


@pytest.mark.subprocess
async def test_deep_nesting_is_answered_in_words(served: TableServer) -> None:
    raw = await Raw.open(served)
    await raw.send(b"[" * 15_000 + b"\n")
    said = await raw.message()
    assert said is not None and said["code"] == "bad_json" and "deep" in said["message"]
    deep = b'{"v":1,"type":"act","id":"d","turn":1,"act":"bid","amount":' + b"[" * 40
    await raw.send(deep + b"]" * 40 + b"}\n")
    said = await raw.message()
    assert said is not None and said["code"] == "bad_json"
    # Brackets inside strings are words, not depth.
    await raw.send(b'{"v":1,"type":"hello","seat":"' + b"[" * 60 + b'"}\n')
    said = await raw.message()
    assert said is not None and said["code"] == "unknown_seat"
    await raw.send(HELLO)
    said = await raw.message()
    assert said is not None and said["type"] == "welcome"
    raw.close()


def test_too_deep_counts_brackets_outside_strings() -> None:
    assert not P.too_deep('{"a":[1,[2,{"b":3}]]}', 4)
    assert P.too_deep('{"a":[1,[2,{"b":3}]]}', 3)
    assert not P.too_deep('{"a":"[[[[[[\\"[[[["}', 1)
    assert P.too_deep("[" * 40, 32) and not P.too_deep("[" * 32 + "]" * 32, 32)
    with pytest.raises(P.ProtocolError) as caught:
        P.decode(b"[" * 100_000, limit=10**6)
    assert caught.value.code == "bad_json"


# ------------------------------------------------------------------ act ids


@pytest.mark.subprocess
async def test_an_id_used_for_another_act_is_refused(served: TableServer) -> None:
    table = served.table
    ana = await join(served, "Ana")
    turn = ana.state.turn
    await ana.send({"type": "act", "id": "a1", "turn": turn, "act": "bid", "amount": 10})
    while (ack := await ana.receive()) is not None and ack["type"] != "ack":
        pass
    assert ack is not None and ack["id"] == "a1"
    # A client that started its ids again: the old id, another act.
    await ana.send({"type": "act", "id": "a1", "turn": table.turn, "act": "pass"})
    while (said := await ana.receive()) is not None and said["type"] != "error":
        pass
    assert said is not None and said["code"] == "id_reused" and said["id"] == "a1"
    assert said["message"].startswith("This act id was already used for another act")
    assert table.session.game.bids == {"Ana": 10}
    # The same act again is still the same answer.
    await ana.send({"type": "act", "id": "a1", "turn": turn, "act": "bid", "amount": 10})
    while (again := await ana.receive()) is not None and again["type"] not in ("ack", "error"):
        pass
    assert again == ack
    await ana.close()


@pytest.mark.subprocess
async def test_client_ids_never_repeat_across_connections(served: TableServer) -> None:
    first = await TableClient.open(Address(served.socket_path))
    second = await TableClient.open(Address(served.socket_path))
    ids = {first.new_id() for _ in range(3)} | {second.new_id() for _ in range(3)}
    assert len(ids) == 6
    await first.close()
    await second.close()
    table = make_table()
    one, two = LocalConnection(table), LocalConnection(table)
    await one.hello("Ana")
    acts = [await one.act("bid", amount=10)]
    await one.close()
    await two.hello("Ana")
    acts.append(await two.act("pass"))
    assert acts[0] != acts[1]


# ------------------------------------------------------------------ descriptors


SERVE = """
import asyncio, os, resource, sys
from banque.games.banque.game import Game
from banque.session.session import Session
from banque.net import server as S
from banque.net.table import Table

S.MAX_CONNECTIONS, S.FD_RESERVE = 10_000, 0  # the cap above the limit: accept runs out
resource.setrlimit(resource.RLIMIT_NOFILE, ({limit}, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

async def main():
    session = Session(Game(["Ana", "Bruno", "Chloé"], 3, forced_moves="announced"))
    session.forced()
    server = S.TableServer(Table(session, pace=0, uid=os.getuid()), {path!r})
    await server.start()
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await server.close()

asyncio.run(main())
"""


def _connect_idle(path: Path, count: int) -> list[socket.socket]:
    out = []
    for _ in range(count):
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.setblocking(False)
            try:
                sock.connect(str(path))
            except BlockingIOError:
                sock.close()
                time.sleep(0.005)
                continue
            out.append(sock)
            break
    return out


@pytest.mark.subprocess
async def test_descriptors_running_out_on_accept(short_dir: Path) -> None:
    """Past the process's descriptor limit: one line on stderr, no traceback, a seat joins."""
    path = short_dir / "t.sock"
    script = SERVE.format(limit=48, path=str(path))
    proc = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "BANQUE_LANG": "en"},
    )
    idle: list[socket.socket] = []
    err = b""
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == b"ready"
        loop = asyncio.get_running_loop()
        idle = await loop.run_in_executor(None, _connect_idle, path, 120)
        assert len(idle) == 120  # queued or accepted: the host keeps answering
        await asyncio.sleep(0.5)
        started = time.monotonic()
        client = await TableClient.open(Address(path))
        async with asyncio.timeout(15):
            welcome = await client.hello("Ana")
        assert welcome["type"] == "welcome" and time.monotonic() - started < 15
        await client.close()
    finally:
        try:  # closed while the idle connections still wait: accepting has just run out
            _out, err = proc.communicate(b"", timeout=20)
        finally:
            for sock in idle:
                sock.close()
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    said = err.decode()
    lines = [line for line in said.splitlines() if line.strip()]
    assert "Traceback" not in said
    assert len(lines) == 1 and "no descriptor left for a new connection" in lines[0].lower(), said


CLOSE_SHORT = """
import asyncio, os, resource, socket, sys
from banque.games.banque.game import Game
from banque.session.session import Session
from banque.net import server as S
from banque.net.table import Table

S.MAX_CONNECTIONS, S.FD_RESERVE = 10_000, 0
resource.setrlimit(resource.RLIMIT_NOFILE, (48, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

def connect(path, count):
    out = []
    for _ in range(count):
        try:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        except OSError:
            break
        sock.setblocking(False)
        try:
            sock.connect(path)
            out.append(sock)
        except OSError:
            sock.close()
    return out

async def main():
    session = Session(Game(["Ana", "Bruno", "Chloé"], 3, forced_moves="announced"))
    session.forced()
    server = S.TableServer(Table(session, pace=0, uid=os.getuid()), {path!r})
    await server.start()
    loop = asyncio.get_running_loop()
    held = []
    for _ in range(3):
        held += await loop.run_in_executor(None, connect, {path!r}, 10)
        await asyncio.sleep(0.05)
    await server.close()
    print("closed", flush=True)
    await asyncio.sleep(1.5)  # asyncio's retry to accept would have fired by now

asyncio.run(main())
"""


@pytest.mark.subprocess
def test_closing_just_after_running_out(short_dir: Path) -> None:
    """The host closes less than a second after accepting ran out of descriptors:
    asyncio's pending retry on the closed socket prints no traceback."""
    script = CLOSE_SHORT.format(path=str(short_dir / "t.sock"))
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        timeout=60,
        env={**os.environ, "BANQUE_LANG": "en"},
    )
    said = done.stderr.decode()
    assert done.returncode == 0 and done.stdout.strip() == b"closed", said
    assert "Traceback" not in said
    assert "no descriptor left for a new connection" in said.lower()
