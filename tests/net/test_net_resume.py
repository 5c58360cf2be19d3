"""`banque host --resume`: a hosted game that outlives its host, and seats that come back.

The real thing first: `banque host` in its own process, killed with SIGKILL right
after one act after another of a coup is acknowledged, brought back with
`banque host --resume`, and joined again by the very clients it had (their own
reconnect loop, the same tokens over TCP): every acknowledged act is in the
journal, the game goes on from there, and no view any seat or spectator receives
shows another seat's concealed card.  Then the parts alone: the hosted note and
the seats' file, `banque games`, the refusals, the client's reconnect loop, and
the joined screen while its host is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from banque import cli
from banque.core.errors import BanqueError, RecordError
from banque.core.journal import (
    SeatCredentials,
    hosted_of,
    read_journal,
    read_seats,
    seats_path,
    write_seats,
)
from banque.games.records import list_games
from banque.net.client import Address, Rejoining, TableClient
from banque.net.host import keep_hosting, prepare_hosting, resume_hosting
from banque.net.server import TableServer, close_journal

NAMES = "Ana,Bruno,Chloé"


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A short folder: a Unix socket's path is at most about 100 bytes."""
    folder = Path(tempfile.mkdtemp(prefix="bq", dir="/tmp"))
    os.chmod(folder, 0o700)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


async def until(check: Callable[[], bool], timeout: float = 20.0, what: str = "") -> None:
    """Wait for a condition (generously: the machine may be slow)."""
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.01)
    assert check(), what


# ------------------------------------------------------------------ real processes


class Host:
    """`banque host --log` in its own process; its printed lines."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.lines: list[str] = []
        self.err = bytearray()
        self._tasks = [asyncio.create_task(self._read()), asyncio.create_task(self._errors())]

    @classmethod
    async def start(cls, args: list[str], env: dict[str, str]) -> Host:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "banque",
            "host",
            "--log",
            *args,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
        )
        host = cls(proc)
        await until(lambda: len(host.join_lines()) >= 2 or proc.returncode is not None, 30)
        assert proc.returncode is None, (host.lines, host.err.decode())
        return host

    async def _read(self) -> None:  # the log keeps coming: the pipe is always read
        assert self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            self.lines.append(line.decode().rstrip("\n"))

    async def _errors(self) -> None:
        assert self.proc.stderr is not None
        while chunk := await self.proc.stderr.read(4096):
            self.err += chunk

    def join_lines(self) -> list[str]:
        return [line for line in self.lines if re.match(r"  \S+: ", line) and "banque join" in line]

    def tcp_port(self) -> int:
        found = next(re.search(r"tcp:(\d+)", line) for line in self.lines if "tcp:" in line)
        assert found is not None
        return int(found.group(1))

    async def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def stop(self) -> str:
        self.proc.send_signal(signal.SIGINT)
        async with asyncio.timeout(30):
            await self.proc.wait()
        for task in self._tasks:
            await task
        return "\n".join(self.lines)


def token_of(line: str) -> str:
    """A printed join line's token (``--token T`` or ``BANQUE_TOKEN=T``)."""
    found = re.search(r"(?:--token |BANQUE_TOKEN=)['\"]?([^\s'\"]+)", line)
    assert found is not None, line
    return found.group(1)


class Seat:
    """A joined client (its own reconnect loop), every message it received kept."""

    def __init__(self, name: str | None, conn: Rejoining) -> None:
        self.name = name
        self.conn = conn
        self.views: list[dict[str, Any]] = []
        self.replies: dict[str, dict[str, Any]] = {}
        self.rejoined = 0
        self.task: asyncio.Task[None] | None = None

    async def pump(self) -> None:
        while (message := await self.conn.receive()) is not None:
            kind = message.get("type")
            if kind == "view":
                self.views.append(message)
            elif kind in ("ack", "error") and message.get("id"):
                self.replies[str(message["id"])] = message
            elif kind == "rejoined":
                self.rejoined += 1

    @property
    def ready(self) -> bool:
        return self.conn.live and not self.conn.lost


def leaks(seat: str | None, view: dict[str, Any]) -> list[str]:
    """Another seat's face-down card in a view (or a card of its own missing); no seed or
    shoe anywhere in it."""
    out = []
    board = view["board"]
    if board["stage"] != "settlement":
        for mover, hand in (board.get("hands") or {}).items():
            mine = seat is not None and hand.get("holder") == seat
            for i, card in enumerate(hand.get("cards") or []):
                if i < 2 and not mine and card is not None:
                    out.append(f"{seat} sees {mover}'s face-down card {card}")
                if mine and card is None:
                    out.append(f"{seat} misses its own card on {mover}")
    text = json.dumps(view)
    for key in ('"seed"', '"shoe"', '"cut_at"'):
        if key in text:
            out.append(f"{seat}'s view holds {key}")
    return out


def choose(name: str, you: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Ana takes the bank with all she has, Bruno passes; then the first act offered."""
    acts = you["acts"]
    if "bid" in acts and (name != "Ana" or ("pass" in acts and not you.get("max_bid"))):
        return "pass", {}
    if "bid" in acts:
        return "bid", {"amount": int(you["max_bid"])}
    if "wager" in acts:
        return "wager", {"amount": int(you.get("default_stake") or 1)}
    for act in ("seat", "shuffle", "deal", "draw", "stand", "continue", "fresh"):
        if act in acts:
            return act, {}
    return acts[0], {}


#: The acts after whose acknowledgement the host is killed (the first of each kind).
KILL_AFTER = ("bid", "pass", "seat", "shuffle", "wager", "deal", "draw", "stand", "continue")


@pytest.mark.subprocess
async def test_a_host_killed_at_any_point_of_a_coup_comes_back_with_every_act(
    short_dir: Path,
) -> None:
    run = short_dir / "run"
    run.mkdir(mode=0o700)
    data = short_dir / "data"
    env = {
        **os.environ,
        "BANQUE_DATA_DIR": str(data),
        "BANQUE_RUNTIME_DIR": str(run),
        "BANQUE_LANG": "en",
    }
    args = ["--players", NAMES, "--computer", "Chloé", "--pace", "0", "--seed", "5"]
    host = await Host.start([*args, "--tcp", "0"], env)
    seats: dict[str | None, Seat] = {}
    try:
        printed = host.join_lines()
        assert [line.split(":")[0].strip() for line in printed] == ["Ana", "Bruno"]
        tokens = {line.split(":")[0].strip(): token_of(line) for line in printed}
        port = host.tcp_port()
        journal = next((data / "games").glob("*.jsonl"))
        creds = seats_path(journal)
        assert stat.S_IMODE(creds.stat().st_mode) == 0o600
        assert read_seats(journal) == SeatCredentials(tokens, {})
        for token in tokens.values():
            assert token not in journal.read_text()  # the journal never holds a token

        # The seats over TCP (where only the token opens a seat), a spectator on the socket.
        async def tcp() -> TableClient:
            return await TableClient.open(Address(None, "127.0.0.1", port))

        async def unix() -> TableClient:
            return await TableClient.open(Address(run / "table.sock"))

        for name in ("Ana", "Bruno", None):
            conn = Rejoining(tcp if name else unix, every=0.05, patience=120)
            await conn.hello(name, tokens.get(name or ""), spectator=name is None)
            seat = Seat(name, conn)
            seat.task = asyncio.create_task(seat.pump())
            seats[name] = seat
        await until(lambda: all(s.ready for s in seats.values()))

        kills: list[tuple[str, list[Any]]] = []  # (the act, the journal's acts at the kill)
        todo = list(KILL_AFTER)
        done: set[tuple[str, int]] = set()  # settlements a seat has read (seat, turn)
        acts = 0
        async with asyncio.timeout(150):
            while todo or acts < 30:
                # the seat to act: its latest view says so (nobody else moves meanwhile)
                def actor() -> Seat | None:
                    for s in (seats["Ana"], seats["Bruno"]):
                        state = s.conn.state
                        you = state.you
                        if not s.ready or not you.get("to_act") or not you.get("acts"):
                            continue
                        if "continue" in you["acts"] and (str(s.name), state.turn) in done:
                            continue
                        return s
                    return None

                await until(actor, 30, "nobody to act")
                seat = actor()
                assert seat is not None and seat.name is not None
                act, fields = choose(seat.name, seat.conn.state.you)
                if act == "continue":
                    done.add((seat.name, seat.conn.state.turn))
                before = len(read_journal(journal).record.actions)
                ident = await seat.conn.act(act, **fields)
                assert ident
                await until(lambda s=seat, i=ident: i in s.replies, 20, f"no answer to {act}")
                reply = seat.replies[ident]
                assert reply["type"] == "ack", reply
                acts += 1
                if act not in todo:
                    # the seat's next view before the next choice (an ack's turn is the new one)
                    await until(
                        lambda s=seat, r=reply: s.conn.state.turn >= int(r["turn"]) or s.conn.lost
                    )
                    continue
                todo.remove(act)
                # kill -9 the moment the act is acknowledged
                await host.kill()
                info = read_journal(journal)
                on_disk = list(info.record.actions)
                if act != "continue":  # reading a settlement is no act of the game
                    assert len(on_disk) > before, f"{act}: acknowledged, not on disk"
                    assert on_disk[before].act == act
                    who = getattr(on_disk[before], "who", seat.name)
                    assert who == seat.name
                kills.append((act, on_disk))
                await until(lambda: all(s.conn.lost for s in seats.values()), 20, "not lost")
                rejoined = {name: s.rejoined for name, s in seats.items()}
                host = await Host.start(["--resume"], env)
                assert host.lines[0].startswith(f"Game {journal.stem} resumed at bank 1, coup ")
                assert host.join_lines() == printed  # every printed line works again
                assert host.tcp_port() == port  # at the same address
                await _rejoined(seats, rejoined, host)
                done.clear()  # the table's turns count afresh
        assert not todo or set(todo) <= {"pass", "draw", "stand"}, todo
        assert len(kills) >= 6
        out = await host.stop()
        assert "resume" in out or "Game over" in out
    finally:
        for seat in seats.values():
            await seat.conn.close()
            if seat.task is not None:
                seat.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await seat.task
        if host.proc.returncode is None:
            host.proc.kill()
            await host.proc.wait()

    # Nothing lost: what was on disk at each kill is where the game went on from.
    final = list(read_journal(journal).record.actions)
    for act, on_disk in kills:
        assert final[: len(on_disk)] == on_disk, f"after {act}: the game did not go on from it"
    # Nothing leaked, before or after a resume, to a seat or the spectator.
    problems = [p for name, s in seats.items() for v in s.views for p in leaks(name, v)]
    assert problems == []
    # …and what a seat saw of its own cards was the game's (not an empty board).
    own = [
        c
        for v in seats["Ana"].views
        for h in v["board"]["hands"].values()
        if h.get("holder") == "Ana"
        for c in h["cards"]
    ]
    assert own and all(c is not None for c in own)
    assert all(s.rejoined == len(kills) for s in seats.values())


async def _rejoined(
    seats: dict[str | None, Seat], before: dict[str | None, int], host: Host
) -> None:
    try:
        await until(lambda: all(s.ready and s.rejoined > before[n] for n, s in seats.items()), 30)
    except TimeoutError:
        raise AssertionError(
            [
                (
                    n,
                    s.ready,
                    s.conn.live,
                    s.conn.lost,
                    s.conn.attempts,
                    s.rejoined,
                    before[n],
                    s.conn.state.closed,
                    s.conn.state.errors[-2:],
                )
                for n, s in seats.items()
            ]
            + [host.lines, host.err.decode()]
        ) from None


# ------------------------------------------------------------------ the parts alone


def hosted_table(short_dir: Path, **options: Any) -> Any:
    options.setdefault("tcp_port", None)
    options.setdefault("takeover", True)
    return prepare_hosting(
        ["Ana", "Bruno", "Chloé"],
        computers={"Chloé": "bold"},
        seed=9,
        pace=0.0,
        forced_moves="announced",
        journal=True,
        group=None,
        seat_users=None,
        rules="home",
        options=None,
        socket_path=str(short_dir / "t.sock"),
        **options,
    )


@pytest.mark.subprocess
async def test_the_journal_keeps_how_the_game_is_hosted_and_its_tokens_beside_it(
    short_dir: Path,
) -> None:
    hosting = hosted_table(short_dir)
    table = hosting.table
    async with TableServer(table, short_dir / "t.sock") as server:
        assert keep_hosting(hosting, server) is None
    journal = table.session.journal
    assert journal is not None
    note = hosted_of(journal.path)
    assert note is not None
    assert note["humans"] == ["Ana", "Bruno"] and note["computers"] == {"Chloé": "bold"}
    assert note["pace"] == 0.0 and note["takeover"] is True
    assert note["socket"] == str(short_dir / "t.sock") and note["tcp"] is None
    creds = seats_path(journal.path)
    assert creds.name == journal.path.name.replace(".jsonl", ".seats.json")
    assert stat.S_IMODE(creds.stat().st_mode) == 0o600
    assert read_seats(journal.path) == SeatCredentials(
        {"Ana": table.token("Ana"), "Bruno": table.token("Bruno")}, {}
    )
    text = journal.path.read_text()
    assert table.token("Ana") not in text and table.token("Bruno") not in text
    # A reader that knows no hosted note reads the journal as before.
    assert read_journal(journal.path).record.participants == ["Ana", "Bruno", "Chloé"]
    # The game ends between two banks: the tokens go with it.
    assert "Game over" in close_journal(table.session)
    assert not creds.exists()


def test_the_seats_file_is_never_written_or_read_through_a_link_nor_left_open(
    tmp_path: Path,
) -> None:
    journal = tmp_path / "g.jsonl"
    target = tmp_path / "elsewhere"
    target.write_text("")
    os.symlink(target, seats_path(journal))
    with pytest.raises(OSError, match="symbolic link"):
        write_seats(journal, SeatCredentials({"Ana": "t"}))
    assert target.read_text() == ""
    with pytest.raises(RecordError, match="symbolic link"):
        read_seats(journal)
    seats_path(journal).unlink()
    write_seats(journal, SeatCredentials({"Ana": "t"}, {"Ana": 1000}))
    assert read_seats(journal) == SeatCredentials({"Ana": "t"}, {"Ana": 1000})
    os.chmod(seats_path(journal), 0o644)
    with pytest.raises(RecordError, match="can be read by other accounts"):
        read_seats(journal)
    assert read_seats(tmp_path / "none.jsonl") is None


@pytest.mark.subprocess
async def test_resume_gives_back_the_same_seats_tokens_computers_and_acts(
    short_dir: Path,
) -> None:
    hosting = hosted_table(short_dir, tcp_port=0)
    table = hosting.table
    session = table.session
    async with TableServer(table, short_dir / "t.sock", tcp_port=0) as server:
        keep_hosting(hosting, server)
        port = server.tcp_port
        from banque.core.models import Bid, Pass

        session.perform(Bid(who="Ana", amount=30))
        session.perform(Pass(who="Bruno"))
        while session.computer_to_move() is not None and session.stage() == "auction":
            session.play_computer()
        draws = session.computer_draws()
        acts = list(session.game.actions)
        server.table.on_change = None
    # no close_journal: the host was killed
    again = resume_hosting(None)
    assert again.resumed is not None and "resumed at bank 1, coup 1" in str(again.resumed)
    t2 = again.table
    assert t2.token("Ana") == table.token("Ana") and t2.token("Bruno") == table.token("Bruno")
    assert t2.takeover is True and t2.pace == 0.0
    assert again.socket_path == str(short_dir / "t.sock") and again.tcp_port == port
    assert t2.session.game.actions[: len(acts)] == acts
    assert t2.session.computer_draws() == draws  # the computer's generator where it was
    assert t2.session.styles == {"Chloé": "bold"}
    # --socket and --tcp: another address, the same seats
    other = resume_hosting(None, socket_path=str(short_dir / "u.sock"), tcp_port=0)
    assert other.socket_path == str(short_dir / "u.sock") and other.tcp_port == 0
    assert t2.session.journal is not None and other.table.session.journal is not None
    t2.session.journal.close()
    other.table.session.journal.close()


def test_banque_games_says_which_games_were_hosted(
    short_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from banque.core.journal import Journal
    from banque.core.models import Record

    Journal.create(Record(participants=["Ana", "Bruno", "Chloé"], seed=1)).close()
    hosting = hosted_table(short_dir)
    journal = hosting.table.session.journal
    assert journal is not None
    journal.note("hosted", humans=["Ana", "Bruno"], socket=str(short_dir / "t.sock"))
    journal.close()
    entries = list_games()
    assert sorted(e.hosted for e in entries) == [False, True]
    assert cli.main(["games", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert {e["id"]: e["hosted"] for e in listed} == {e.id: e.hosted for e in entries}
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    hosted_id = next(e.id for e in entries if e.hosted)
    assert re.search(rf"^{hosted_id}  unfinished  hosted ", out, re.M)
    assert f"banque host --resume hosts {hosted_id} again with its seats" in out
    assert "banque --resume continues" in out  # the other one, at one keyboard


def test_the_refusals_are_one_line_each(
    short_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from banque.core.journal import Journal
    from banque.core.models import Record

    assert cli.main(["host", "--resume"]) == 2
    assert "no unfinished hosted game to resume" in capsys.readouterr().err
    plain = Journal.create(Record(participants=["Ana", "Bruno", "Chloé"], seed=1))
    plain.close()
    assert cli.main(["host", "--resume", plain.path.stem]) == 2
    err = capsys.readouterr().err
    assert f"banque --resume {plain.path.stem} continues it at one keyboard" in err
    assert err.count("\n") == 1
    hosting = hosted_table(short_dir)
    journal = hosting.table.session.journal
    assert journal is not None
    journal.note("hosted", humans=["Ana", "Bruno"])
    journal.close()
    for flags in (["--players", "A,B,C"], ["--rules", "classic"], ["--pace", "1"]):
        assert cli.main(["host", "--resume", *flags]) == 2
        err = capsys.readouterr().err
        assert err.startswith("banque: --resume hosts the game again as it was") and flags[0] in err
        assert err.count("\n") == 1
    # the one-keyboard resume names the way back to the seats
    stem = journal.path.stem
    assert cli.main(["--resume", stem]) == 2
    assert f"banque host --resume {stem} brings it back" in capsys.readouterr().err
    with pytest.raises(BanqueError, match="was played at a hosted table"):
        cli.play.resume(stem)


# ------------------------------------------------------------------ the reconnect loop


def crash(server: TableServer) -> None:
    """The host dies: its listeners and connections go, no word said (as kill -9)."""
    if server._pacer is not None:
        server._pacer.cancel()
    for listener in server.servers:
        listener.close()
    for joined in list(server.table.links):
        joined.link.writer.transport.abort()  # type: ignore[attr-defined]
    server.servers.clear()


@pytest.mark.subprocess
async def test_a_lost_host_is_rejoined_with_the_same_token_at_the_new_view(
    short_dir: Path,
) -> None:
    hosting = hosted_table(short_dir, tcp_port=0, takeover=False)
    table = hosting.table
    server = TableServer(table, short_dir / "t.sock", tcp_port=0)
    await server.start()
    keep_hosting(hosting, server)
    port = server.tcp_port
    assert port is not None

    async def opener() -> TableClient:
        return await TableClient.open(Address(None, "127.0.0.1", port))

    conn = Rejoining(opener, every=0.05, patience=60)
    await conn.hello("Ana", table.token("Ana"))
    first = await conn.receive()
    assert first is not None and first["type"] == "view" and conn.live
    assert conn.state.you["to_act"]  # Ana bids first
    ident = await conn.act("bid", amount=40)
    while (message := await conn.receive()) is not None and message.get("id") != ident:
        pass
    assert message is not None and message["type"] == "ack"
    crash(server)
    seen: list[dict[str, Any]] = []
    while not seen or seen[-1]["type"] not in ("rejoining",) or seen[-1]["attempt"] < 3:
        message = await conn.receive()
        assert message is not None
        seen.append(message)
    kinds = [m["type"] for m in seen]
    assert kinds.count("lost") == 1
    assert kinds[kinds.index("lost") :] == ["lost", "rejoining", "rejoining", "rejoining"]
    assert [m["attempt"] for m in seen[-3:]] == [1, 2, 3]
    assert not conn.live and await conn.act("pass") == ""  # nothing is sent meanwhile
    # the host comes back (banque host --resume) at the same port
    again = resume_hosting(None)
    back = TableServer(again.table, short_dir / "t.sock", tcp_port=again.tcp_port)
    await back.start()
    try:
        message = await conn.receive()
        while message is not None and message["type"] == "rejoining":
            message = await conn.receive()
        assert message is not None and message["type"] == "rejoined"
        view = await conn.receive()
        assert view is not None and view["type"] == "view" and conn.live
        assert conn.state.view is view and conn.state.seat == "Ana"
        assert view["board"]["stage"] == again.table.session.stage()
        from banque.core.models import Bid

        # the bid acknowledged is there
        assert Bid(who="Ana", amount=40) in again.table.session.game.actions
        assert again.table.connected("Ana")
    finally:
        await conn.close()
        await back.close()
        if again.table.session.journal is not None:
            again.table.session.journal.close()


@pytest.mark.subprocess
async def test_a_table_closed_on_purpose_is_not_rejoined_and_a_gone_host_is_given_up(
    short_dir: Path,
) -> None:
    hosting = hosted_table(short_dir)
    table = hosting.table
    server = TableServer(table, short_dir / "t.sock")
    await server.start()

    async def opener() -> TableClient:
        return await TableClient.open(Address(short_dir / "t.sock"))

    conn = Rejoining(opener, every=0.01, patience=60)
    await conn.hello("Bruno", table.token("Bruno"))
    await server.close("The host has closed the table.")
    kinds = []
    while (message := await conn.receive()) is not None:
        kinds.append(message["type"])
    assert "lost" not in kinds and conn.state.closed == "The host has closed the table."

    server = TableServer(table, short_dir / "t.sock")
    await server.start()
    ticks = iter(range(1000))
    conn = Rejoining(opener, every=0.01, patience=3, clock=lambda: float(next(ticks)))
    await conn.hello("Bruno", table.token("Bruno"))
    crash(server)
    kinds = []
    while (message := await conn.receive()) is not None:
        kinds.append(message["type"])
    assert kinds[-3:] == ["lost", "rejoining", "rejoining"] or "rejoining" in kinds
    assert conn.state.closed is not None and "did not come back" in conn.state.closed
    assert "banque host --resume" in conn.state.closed
    if table.session.journal is not None:
        table.session.journal.close()


@pytest.mark.pilot
async def test_the_joined_screen_says_the_host_is_gone_and_q_leaves() -> None:
    from banque.table.screens.joined import JoinApp, JoinedScreen
    from banque.table.widgets import ActionPanel

    from .test_net_join import table_at

    table = table_at()

    class Flaky:
        """A table that answers, then loses its host, then tries again (3 attempts)."""

        def __init__(self) -> None:
            from banque.net.client import LocalConnection

            self.inner = LocalConnection(table)
            self.state = self.inner.state
            self.script: list[dict[str, Any]] = []
            self.go = asyncio.Event()

        async def hello(self, *args: Any, **kw: Any) -> dict[str, Any]:
            return await self.inner.hello(*args, **kw)

        async def receive(self) -> dict[str, Any] | None:
            if self.script:
                return self.script.pop(0)
            if self.go.is_set():
                await asyncio.Event().wait()
            message = await self.inner.receive()
            return message

        async def act(self, *args: Any, **kw: Any) -> str:
            return await self.inner.act(*args, **kw)

        async def close(self) -> None:
            await self.inner.close()

    flaky = Flaky()

    async def connect() -> Flaky:
        return flaky

    app = JoinApp(connect, "Ana", blink=False)  # type: ignore[arg-type]
    app.animation_level = "none"
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, JoinedScreen)
        flaky.script = [{"type": "lost"}, {"type": "rejoining", "attempt": 3}]
        flaky.go.set()
        table.broadcast()  # wakes the reader: the script comes first
        await until(lambda: app.rejoining == 3)
        await pilot.pause()
        prompt = str(screen.query_one(ActionPanel).query_one("#prompt").render())
        assert "The host is gone — reconnecting… (attempt 3)" in prompt
        assert not screen.check_action("send", ("pass",))  # no act while it is gone
        await pilot.press("q")
        await pilot.pause()
    assert "your seat is kept" in app.farewell


@pytest.mark.subprocess
async def test_banque_host_resume_in_a_terminal_shows_which_game_and_keeps_the_tokens(
    short_dir: Path, _private_data_dir: Path
) -> None:
    """The full-screen host brought back: its join lines name the game resumed, and the
    seat's printed token opens the seat again."""
    from banque.core.models import Bid

    from ..terminal_pty import Terminal

    hosting = hosted_table(short_dir, takeover=False)
    table = hosting.table
    async with TableServer(table, short_dir / "t.sock") as server:
        keep_hosting(hosting, server)
        table.session.perform(Bid(who="Ana", amount=30))
    assert table.session.journal is not None
    table.session.journal.close()  # no word of the end: as if the host had been killed
    token = table.token("Bruno")
    term = Terminal.spawn(
        [sys.executable, "-m", "banque", "host", "--resume", "--play", "Ana"],
        env={"BANQUE_DATA_DIR": str(_private_data_dir), "BANQUE_LANG": "en"},
    )
    try:
        await term.read_until(b"resumed at bank 1, coup 1")
        await term.read_until(token[:12].encode())  # Bruno's line, the same token
        bruno = await TableClient.open(Address(short_dir / "t.sock"))
        await bruno.hello("Bruno", token)
        view = await bruno.receive()
        assert view is not None and view["type"] == "view"
        assert view["auction"]["bids"] == {"Ana": 30}  # the bid before the "crash"
        os.kill(term.pid, signal.SIGTERM)
        await term.read_until(b"Game kept")
        assert await term.wait() == 128 + signal.SIGTERM
        while await bruno.receive() is not None:
            pass
        assert bruno.state.closed is not None and "may resume it" in bruno.state.closed
        await bruno.close()
    finally:
        term.close()
