"""The table server over real sockets (a Unix socket in a temp folder, loopback TCP)."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import stat
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from banque.games.banque.game import Game
from banque.net import protocol as P
from banque.net.client import Address, TableClient, parse_address
from banque.net.server import TableError, TableServer, close_journal, open_journal
from banque.net.table import Table
from banque.session.session import Session, computer_seats

from ..terminal_pty import first_lines

NAMES = ["Ana", "Bruno", "Chloé"]


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A short folder: a Unix socket's path is at most about 100 bytes."""
    folder = Path(tempfile.mkdtemp(prefix="bq", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def make_table(names: list[str] = NAMES, seed: int = 3, **options: Any) -> Table:
    computers = options.pop("computers", {})
    game = Game(names, seed, forced_moves="announced")
    session = Session(game, computers=computer_seats(game, computers), styles=dict(computers))
    session.forced()
    options.setdefault("pace", 0)
    options.setdefault("uid", os.getuid())
    return Table(session, **options)


@pytest.fixture
async def served(short_dir: Path) -> AsyncIterator[TableServer]:
    server = TableServer(make_table(), short_dir / "t.sock")
    await server.start()
    yield server
    await server.close()


async def join(server: TableServer, seat: str, token: str | None = "") -> TableClient:
    client = await TableClient.open(Address(server.socket_path))
    await client.hello(seat, server.table.token(seat) if token == "" else token)
    first = await client.receive()
    assert first is not None and first["type"] == "view"
    return client


def choose(you: dict[str, Any], view: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A plain player: bids 20 first, stakes its default, deals, says the first move."""
    acts = you["acts"]
    if "continue" in acts or "fresh" in acts or "seat" in acts or "shuffle" in acts:
        return acts[0], {}
    if "bid" in acts:
        if you.get("default_bid"):
            return "bid", {"amount": you["default_bid"]}
        return "pass", {}
    if "deal" in acts:
        coup = view["board"]["coup"]
        return ("retire", {}) if "retire" in acts and coup > 3 else ("deal", {})
    if "wager" in acts:
        return "wager", {"amount": you["default_stake"]}
    return acts[0], {}


async def play_seat(
    client: TableClient, done: asyncio.Event, hold: asyncio.Event | None = None
) -> int:
    """Answer every turn of this seat until ``done``; the number of acts made.

    With ``hold``, the seat says nothing at a decision until ``hold`` is set.
    """
    acted = 0
    answered = 0
    while not done.is_set():
        view = client.state.view
        held = hold is not None and not hold.is_set() and view is not None
        if held and view["board"]["stage"] == "decision":  # type: ignore[index]
            view = None
        if view is not None and view["you"]["to_act"] and view["turn"] > answered:
            answered = view["turn"]
            act, fields = choose(view["you"], view)
            await client.act(act, **fields)
            acted += 1
        try:
            message = await asyncio.wait_for(client.receive(), 0.2)
        except TimeoutError:
            continue
        if message is None:
            return acted
        if message["type"] == "error":
            raise AssertionError(message)
    return acted


async def until(predicate: Any, timeout: float = 10.0) -> None:
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.01)


@pytest.mark.subprocess
async def test_three_joined_seats_play_a_whole_bank(served: TableServer) -> None:
    table = served.table
    clients = [await join(served, name) for name in NAMES]
    done = asyncio.Event()
    tasks = [asyncio.create_task(play_seat(c, done)) for c in clients]
    await until(lambda: table.session.game.bank_number >= 2 and table.session.stage() == "auction")
    done.set()
    acts = await asyncio.gather(*tasks)
    assert all(n > 0 for n in acts)
    game = table.session.game
    assert game.banks[0].ended is not None and game.banks[0].coups >= 1
    # Every seat saw the same public log, and its own view.
    for client in clients:
        assert any(e["code"] == "end" for e in client.state.log)
        assert client.state.view is not None and client.state.view["seat"] == client.state.seat
        await client.close()


@pytest.mark.subprocess
async def test_a_killed_seat_rejoins_where_it_was(served: TableServer) -> None:
    table = served.table
    clients = {name: await join(served, name) for name in NAMES}
    done = asyncio.Event()
    hold = asyncio.Event()
    tasks = {n: asyncio.create_task(play_seat(c, done, hold)) for n, c in clients.items()}
    # Play to the first decision, then kill the seat that decides.
    await until(lambda: table.session.stage() == "decision")
    who = table.session.actor()
    assert who is not None
    tasks[who].cancel()
    transport = clients[who].writer.transport
    transport.abort()  # like kill -9: no goodbye
    await until(lambda: not table.connected(who))
    assert table.session.actor() == who  # the seat is held: nothing moved without it
    turn = table.turn
    # Rejoin with the token: exactly where it was.
    again = await join(served, who)
    view = again.state.view
    assert view is not None and view["turn"] == turn and view["you"]["to_act"]
    mine = view["board"]["hands"][table.session.decision_side()]["cards"]
    assert mine[:2] == table.session.game.hands[table.session.decision_side()][:2]
    assert any(e["code"] == "deal" for e in again.state.log)  # the log came with it
    tasks[who] = asyncio.create_task(play_seat(again, done))
    clients[who] = again
    hold.set()
    await until(lambda: len(table.session.game.coups) >= 2 or table.session.game.bank_number > 1)
    done.set()
    await asyncio.gather(*tasks.values())
    for client in clients.values():
        await client.close()


@pytest.mark.subprocess
async def test_bad_token_unknown_seat_and_spectator(served: TableServer) -> None:
    client = await TableClient.open(Address(served.socket_path))
    with pytest.raises(TableError, match="token does not open Ana"):
        await client.hello("Ana", "not-the-token")
    with pytest.raises(TableError, match="Nobody called 'Zoé'"):
        await client.hello("Zoé", "x")
    # The same connection may still join properly.
    await client.hello("Ana", served.table.token("Ana"))
    await client.close()
    watcher = await TableClient.open(Address(served.socket_path))
    welcome = await watcher.hello(spectator=True)
    assert welcome["spectator"] is True and "token" not in welcome
    view = await watcher.receive()
    assert view is not None and view["you"] is None
    await watcher.act("pass", turn=view["turn"])
    refusal = await watcher.receive()
    assert refusal is not None and refusal["code"] == "spectator"
    await watcher.close()


@pytest.mark.subprocess
async def test_the_hosts_account_joins_without_a_token(served: TableServer) -> None:
    """Peer credentials: a process of the host's own account proves the seat."""
    client = await TableClient.open(Address(served.socket_path))
    welcome = await client.hello("Bruno")
    assert welcome["seat"] == "Bruno" and "token" not in welcome  # never sent back
    await client.close()
    served.table.uid = -1  # another account: the token is needed
    other = await TableClient.open(Address(served.socket_path))
    with pytest.raises(TableError, match="needs its token"):
        await other.hello("Bruno")
    await other.close()


@pytest.mark.subprocess
async def test_stale_act_and_idempotent_resend(served: TableServer) -> None:
    table = served.table
    ana = await join(served, "Ana")
    assert ana.state.you["to_act"] and "bid" in ana.state.you["acts"]
    turn = ana.state.turn
    await ana.send({"type": "act", "id": "a1", "turn": turn, "act": "bid", "amount": 10})
    ack = await ana.receive()
    assert ack == {"v": 1, "type": "ack", "id": "a1", "turn": turn + 1}
    # The same act again (a resend after a doubt): the same answer, nothing done twice.
    await ana.send({"type": "act", "id": "a1", "turn": turn, "act": "bid", "amount": 10})
    while (again := await ana.receive()) is not None and again["type"] != "ack":
        pass
    assert again == ack and table.session.game.bids == {"Ana": 10}
    # An act of a turn that is over: refused with the reason.
    await ana.send({"type": "act", "id": "a2", "turn": turn, "act": "pass"})
    while (stale := await ana.receive()) is not None and stale["type"] != "error":
        pass
    assert stale is not None and stale["code"] == "stale" and "moved on" in stale["message"]
    # Bruno speaks now, not Ana.
    await ana.send({"type": "act", "id": "a3", "turn": table.turn, "act": "pass"})
    while (wrong := await ana.receive()) is not None and wrong["type"] != "error":
        pass
    assert wrong is not None and wrong["code"] == "not_your_turn" and "Bruno" in wrong["message"]
    await ana.close()


@pytest.mark.subprocess
async def test_garbage_and_oversized_lines_never_break_the_table(served: TableServer) -> None:
    path = str(served.socket_path)
    reader, writer = await asyncio.open_unix_connection(path, limit=P.MAX_SERVER_LINE)
    bad = [
        b"hello\n",
        b"\xff\xfe\n",
        b"[1,2]\n",
        b'{"v":1}\n',
        b'{"v":9,"type":"hello"}\n',
        b'{"v":1,"type":"act","id":"x","turn":1,"act":"pass"}\n',
        b'{"v":1,"type":"hello","seat":"Ana","token":"t","extra":1}\n',
        b"x" * (P.MAX_LINE + 10) + b"\n",
        b"y" * (3 * P.MAX_LINE),  # no newline yet: refused once, then skipped
        b"yyy\n",
    ]
    codes = []
    for chunk in bad:
        writer.write(chunk)
        await writer.drain()
    for _ in range(9):
        line = await asyncio.wait_for(reader.readline(), 5)
        codes.append(json.loads(line)["code"])
    assert codes == [
        "bad_json",
        "bad_json",
        "bad_json",
        "bad_message",
        "version",
        "hello_first",
        "bad_message",
        "too_long",
        "too_long",
    ]
    # The connection still joins, and the table still plays.
    writer.write(P.encode({"type": "hello", "seat": "Ana"}))  # the host's account
    await writer.drain()
    welcome = json.loads(await asyncio.wait_for(reader.readline(), 5))
    assert welcome["type"] == "welcome"
    writer.close()
    bruno = await join(served, "Bruno")
    assert bruno.state.view is not None
    await bruno.close()


@pytest.mark.subprocess
async def test_socket_is_private_and_a_second_table_is_refused(served: TableServer) -> None:
    mode = served.socket_path.stat().st_mode
    assert stat.S_ISSOCK(mode) and stat.S_IMODE(mode) == 0o600
    other = TableServer(make_table(), served.socket_path)
    with pytest.raises(TableError, match="already open"):
        await other.start()


@pytest.mark.subprocess
async def test_a_stale_socket_file_is_replaced(short_dir: Path) -> None:
    path = short_dir / "t.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(path))
    sock.close()  # a socket file nobody listens on (a killed host)
    async with TableServer(make_table(), path) as server:
        client = await join(server, "Chloé")
        await client.close()


@pytest.mark.subprocess
async def test_loopback_tcp_needs_the_token(short_dir: Path) -> None:
    async with TableServer(make_table(), short_dir / "t.sock", tcp_port=0) as server:
        address = parse_address(f"tcp:{server.tcp_port}")
        client = await TableClient.open(address)
        with pytest.raises(TableError, match="needs its token"):
            await client.hello("Ana")
        await client.hello("Ana", server.table.token("Ana"))
        await client.close()


@pytest.mark.subprocess
async def test_computers_are_paced_and_the_journal_replays(short_dir: Path) -> None:
    """A human and two computers; the host's journal replays the game exactly."""
    from banque.core.journal import read_journal
    from banque.games.records import replay

    table = make_table(computers={"Bruno": "bold", "Chloé": "cautious"}, pace=0.01)
    assert open_journal(table.session, 0.01) is None
    async with TableServer(table, short_dir / "t.sock") as server:
        ana = await join(server, "Ana")
        done = asyncio.Event()
        task = asyncio.create_task(play_seat(ana, done))
        await until(
            lambda: len(table.session.game.coups) >= 3 or table.session.game.bank_number > 1
        )
        done.set()
        await task
        await ana.close()
    journal = table.session.journal
    assert journal is not None
    text = close_journal(table.session)
    assert "banque host --resume" in text or "Game over" in text
    info = read_journal(journal.path)
    again = replay(info.record)
    assert again.game.actions == table.session.game.actions
    assert again.game.balances == table.session.game.balances


def test_addresses() -> None:
    assert parse_address("tcp:7000") == Address(None, "127.0.0.1", 7000)
    assert parse_address("/tmp/x.sock").path == Path("/tmp/x.sock")
    with pytest.raises(TableError, match="not a table address"):
        parse_address("tcp:seven")


@pytest.mark.subprocess
async def test_banque_host_from_flags_prints_tokens_and_keeps_the_game(
    short_dir: Path, tmp_path: Path
) -> None:
    """`banque host` as a script runs it: flags alone, tokens printed, SIGTERM keeps the game."""
    import signal
    import sys

    path = short_dir / "h.sock"
    env = {**os.environ, "BANQUE_DATA_DIR": str(tmp_path)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "banque",
        "host",
        "--players",
        "Ana,Bruno,Chloé,David",
        "--computer",
        "David:bold",
        "--seed",
        "11",
        "--pace",
        "0",
        "--socket",
        str(path),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    try:
        lines = await first_lines(proc, 5)
        assert lines[0] == f"Table open at {path} (home rules).\n"  # never the seed
        tokens = {}
        for line in lines[2:5]:
            name, _, command = line.strip().partition(": ")
            token, _, rest = command.partition(" ")
            assert token.startswith("BANQUE_TOKEN=") and "--token" not in rest
            assert rest == f"banque join --seat {name} --table {path}"
            tokens[name] = token.removeprefix("BANQUE_TOKEN=")
        assert sorted(tokens) == ["Ana", "Bruno", "Chloé"]  # David is a computer
        client = await TableClient.open(Address(path))
        await client.hello("Chloé", tokens["Chloé"])
        await client.receive()
        assert client.state.view is not None and not client.state.you["to_act"]  # Ana bids first
        await client.close()
        proc.send_signal(signal.SIGTERM)
        out, err = await asyncio.wait_for(proc.communicate(), 20)
        assert proc.returncode == 128 + signal.SIGTERM, err
        assert "banque host --resume" in out.decode() or "Game over" in out.decode()
        assert not path.exists()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    journals = list((tmp_path / "games").glob("*.jsonl"))
    assert len(journals) == 1


@pytest.mark.subprocess
async def test_banque_join_in_a_terminal_as_over_ssh(short_dir: Path) -> None:
    """The forced command of the SSH recipe, in a pseudo-terminal: no token (same account)."""
    import sys

    from ..terminal_pty import Terminal

    async with TableServer(make_table(), short_dir / "t.sock") as server:
        # what sshd runs for Ana's key
        term = Terminal.spawn(
            [sys.executable, "-m", "banque", "join", "--seat", "Ana",
             "--table", str(server.socket_path)],
            env={"ESCDELAY": "250", "COLUMNS": "100"},
        )  # fmt: skip
        try:
            await term.read_until(b"Your turn")
            await until(lambda: server.table.connected("Ana"))
            term.write(b"\x15")  # ctrl+u: clear the offered amount
            term.write(b"25\r")
            await until(lambda: server.table.session.game.bids == {"Ana": 25})
            await term.read_until(b"Waiting for Bruno")
            term.write(b"\x11")  # ctrl+q
            await term.read_until(b"seat is held")
            assert await term.wait() == 0
        finally:
            term.close()
        await until(lambda: not server.table.connected("Ana"))


@pytest.mark.subprocess
async def test_closing_the_table_tells_every_seat(short_dir: Path) -> None:
    server = TableServer(make_table(), short_dir / "t.sock")
    await server.start()
    ana = await join(server, "Ana")
    await server.close()
    while (message := await ana.receive()) is not None:
        last = message
    assert last["code"] == "closing" and ana.state.closed == "The host has closed the table."
    assert not server.socket_path.exists()
    await ana.close()


@pytest.mark.subprocess
async def test_a_group_socket_is_0660(short_dir: Path) -> None:
    async with TableServer(make_table(), short_dir / "t.sock", group=os.getgid()) as server:
        info = server.socket_path.stat()
        assert stat.S_IMODE(info.st_mode) == 0o660 and info.st_gid == os.getgid()


def test_host_refuses_an_unknown_group_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from banque.cli import main

    assert main(["host", "--group", "no-such-group-here", "--no-journal"]) == 2
    assert (
        capsys.readouterr().err
        == "banque: --group no-such-group-here: no such group on this machine\n"
    )
