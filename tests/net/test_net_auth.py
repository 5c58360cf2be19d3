"""A seat's token stays secret: proved by a challenge over real sockets, never sent,
never on a command line; the host hears of wrong tokens and takeovers."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import pwd
import re
import shlex
import signal
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from banque.cli import build_parser, main
from banque.core.messages import Msg
from banque.net import auth as A
from banque.net import protocol as P
from banque.net.client import Address, TableClient, parse_address
from banque.net.server import TableError, TableServer, join_command, join_lines

from ..terminal_pty import Terminal, first_lines
from .test_net_socket import make_table, short_dir, until  # noqa: F401  (a fixture)

ME = pwd.getpwuid(os.getuid()).pw_name
#: A token as the host makes them, and one that starts with "-" (1 in 64 do).
DASH_TOKEN = "-q1w2e3r4t5y6u7i8o9p0AsD"


def secret_forms(token: str) -> list[bytes]:
    """The token as any side could write it: its text, its bytes decoded, their hex."""
    forms = [token.encode(), token.encode().hex().encode()]
    with contextlib.suppress(ValueError):
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        forms += [raw, raw.hex().encode(), base64.b64encode(raw)]
    return forms


class Squatter:
    """A program that took the table's TCP port: it records every byte a client sends
    and answers with ``script`` (the reply to each line, ``None``: say nothing more)."""

    def __init__(self, script: Callable[[dict[str, Any]], dict[str, Any] | None]) -> None:
        self.script = script
        self.received = bytearray()
        self.server: asyncio.Server | None = None
        self.port = 0

    async def __aenter__(self) -> Squatter:
        self.server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.server is not None
        self.server.close()
        await self.server.wait_closed()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError):
            while line := await reader.readline():
                self.received += line
                reply = self.script(json.loads(line))
                if reply is not None:
                    writer.write(P.encode(reply))
                    await writer.drain()
        writer.close()

    def lines(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.received.splitlines()]


def fake_challenge(message: dict[str, Any]) -> dict[str, Any] | None:
    """A squatter that plays the host: a challenge with a made-up proof, then a welcome."""
    if message["type"] == "hello":
        return {
            "type": "challenge",
            "auth": A.AUTH,
            "seat": message["seat"],
            "nonce": A.nonce(),
            "proof": os.urandom(32).hex(),
        }
    return {"type": "welcome", "seat": "Ana", "spectator": False, "participants": []}


@pytest.mark.subprocess
async def test_a_squatter_on_the_port_learns_nothing_and_the_client_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What the client sends a squatter does not depend on the token at all: with two
    tokens (and the same nonce) the bytes are the same; and the client says the table
    there is not the host's."""
    monkeypatch.setattr(A, "nonce", lambda: "ab" * A.NONCE_BYTES)
    sent: list[bytes] = []
    for token in ("8KP6xhb7dDHTnc_S-MC2e1BE", DASH_TOKEN):
        async with Squatter(fake_challenge) as squatter:
            client = await TableClient.open(parse_address(f"tcp:{squatter.port}"))
            with pytest.raises(TableError) as refused:
                await client.hello("Ana", token)
            await client.close()
            await until(lambda: squatter.received.count(b"\n") >= 2)
        said = str(refused.value)
        assert said == (
            f"The table at tcp:127.0.0.1:{squatter.port} is not the host's: it does not know "
            "your seat's token. Nothing more was sent to it."
        )
        for form in secret_forms(token):
            assert form not in squatter.received
        assert squatter.lines() == [
            {"v": 1, "type": "hello", "seat": "Ana", "auth": A.AUTH, "nonce": "ab" * 32},
            {"v": 1, "type": "proof", "mismatch": True},  # no proof: only "it did not match"
        ]
        sent.append(bytes(squatter.received))
    assert sent[0] == sent[1]  # nothing in it depends on the token


@pytest.mark.subprocess
async def test_a_squatter_that_skips_the_challenge_gets_the_hello_alone() -> None:
    def welcome(message: dict[str, Any]) -> dict[str, Any]:
        return {"type": "welcome", "seat": "Ana", "spectator": False, "participants": []}

    async with Squatter(welcome) as squatter:
        client = await TableClient.open(parse_address(f"tcp:{squatter.port}"))
        with pytest.raises(TableError, match="is not the host's"):
            await client.hello("Ana", "8KP6xhb7dDHTnc_S-MC2e1BE")
        await client.close()
        await until(lambda: b"\n" in squatter.received)
        await asyncio.sleep(0.05)
    assert [m["type"] for m in squatter.lines()] == ["hello"]


@pytest.mark.subprocess
async def test_an_older_host_is_named_and_gets_no_token() -> None:
    """An older table refuses the challenge's fields: the client says so, sends no token."""

    def older(message: dict[str, Any]) -> dict[str, Any]:
        said = Msg("Unknown field(s): {fields}.", fields="'auth', 'nonce'")
        return P.error("bad_message", said)

    async with Squatter(older) as squatter:
        client = await TableClient.open(parse_address(f"tcp:{squatter.port}"))
        with pytest.raises(TableError, match="older banque that wants the token in the clear"):
            await client.hello("Ana", "8KP6xhb7dDHTnc_S-MC2e1BE")
        await client.close()
    assert b"8KP6" not in squatter.received


class Tap:
    """A TCP relay between a client and the table that keeps what the client sent."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.sent = bytearray()
        self.server: asyncio.Server | None = None
        self.tasks: set[asyncio.Task[None]] = set()

    async def __aenter__(self) -> Tap:
        self.server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        return self

    @property
    def address(self) -> Address:
        assert self.server is not None
        return parse_address(f"tcp:{self.server.sockets[0].getsockname()[1]}")

    async def __aexit__(self, *exc: object) -> None:
        assert self.server is not None
        self.server.close()
        for task in self.tasks:
            task.cancel()
        await self.server.wait_closed()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)

        async def pipe(
            src: asyncio.StreamReader, dst: asyncio.StreamWriter, keep: bytearray | None
        ) -> None:
            with contextlib.suppress(ConnectionError, asyncio.CancelledError):
                while data := await src.read(65536):
                    if keep is not None:
                        keep += data
                    dst.write(data)
                    await dst.drain()
            dst.close()

        for task in (
            asyncio.create_task(pipe(reader, up_writer, self.sent)),
            asyncio.create_task(pipe(up_reader, writer, None)),
        ):
            self.tasks.add(task)


@pytest.fixture
async def tcp_table(short_dir: Path) -> AsyncIterator[tuple[TableServer, list[str]]]:  # noqa: F811
    """A table on a Unix socket and loopback TCP; the host's notices, in English."""
    notices: list[str] = []
    server = TableServer(make_table(), short_dir / "t.sock", tcp_port=0)
    server.table.on_notice = lambda msg: notices.append(str(msg))
    await server.start()
    yield server, notices
    await server.close()


def tcp(server: TableServer) -> Address:
    return parse_address(f"tcp:{server.tcp_port}")


@pytest.mark.subprocess
async def test_a_good_proof_joins_over_tcp_and_the_token_never_crosses(
    tcp_table: tuple[TableServer, list[str]],
) -> None:
    server, notices = tcp_table
    token = server.table.token("Ana")
    async with Tap(server.tcp_port or 0) as tap:
        client = await TableClient.open(tap.address)
        welcome = await client.hello("Ana", token)
        assert welcome["type"] == "welcome" and welcome["seat"] == "Ana"
        assert "token" not in welcome and token not in json.dumps(welcome)
        view = await client.receive()
        assert view is not None and view["you"]["to_act"]
        await until(lambda: server.table.connected("Ana"))
        await client.close()
    for form in secret_forms(token):
        assert form not in tap.sent
    kinds = [json.loads(line)["type"] for line in tap.sent.splitlines()]
    assert kinds == ["hello", "proof"]
    assert notices == []  # a good join is not news


@pytest.mark.subprocess
async def test_a_replayed_proof_opens_nothing(tcp_table: tuple[TableServer, list[str]]) -> None:
    """A proof seen on the wire, sent again on a new connection: the table's nonce is
    fresh, so it is refused (and the host hears of it)."""
    server, notices = tcp_table
    async with Tap(server.tcp_port or 0) as tap:
        client = await TableClient.open(tap.address)
        await client.hello("Ana", server.table.token("Ana"))
        await client.close()
    hello, proof = tap.sent.splitlines()
    await until(lambda: not server.table.connected("Ana"))
    reader, writer = await asyncio.open_connection("127.0.0.1", server.tcp_port)
    try:
        writer.write(hello + b"\n")
        challenge = json.loads(await asyncio.wait_for(reader.readline(), 10))
        assert challenge["type"] == "challenge" and challenge["nonce"] != json.loads(hello)["nonce"]
        writer.write(proof + b"\n")
        refused = json.loads(await asyncio.wait_for(reader.readline(), 10))
        assert refused["code"] == "bad_token" and "does not open Ana's seat" in refused["message"]
        # The same proof once more, without a new challenge: nothing to answer.
        writer.write(proof + b"\n")
        again = json.loads(await asyncio.wait_for(reader.readline(), 10))
        assert again["code"] == "bad_message" and "answers a" in again["message"]
    finally:
        writer.close()
    assert not server.table.connected("Ana")
    assert notices == ["A wrong token for Ana's seat over TCP from 127.0.0.1: refused."]


@pytest.mark.subprocess
async def test_wrong_tokens_are_refused_and_told_to_the_host_once_per_window(
    tcp_table: tuple[TableServer, list[str]],
) -> None:
    server, notices = tcp_table
    now = [1000.0]
    server.table.notices.clock = lambda: now[0]
    for guess in ("not-the-token", "another-guess", "a-third", "a-fourth"):
        client = await TableClient.open(tcp(server))
        with pytest.raises(TableError, match="That token does not open Ana's seat"):
            await client.hello("Ana", guess)
        await client.close()
    assert not server.table.connected("Ana")
    assert notices == ["A wrong token for Ana's seat over TCP from 127.0.0.1: refused."]
    now[0] += A.NOTICE_WINDOW  # the window ends: the others, counted, in one line
    server.table.notices.flush()
    assert notices[1:] == ["3 more wrong tokens for Ana's seat over TCP in the last 10 s: refused."]
    now[0] += A.NOTICE_WINDOW  # a quiet window: nothing more
    server.table.notices.flush()
    assert len(notices) == 2
    client = await TableClient.open(tcp(server))  # a new burst: said at once again
    with pytest.raises(TableError):
        await client.hello("Ana", "x")
    await client.close()
    assert notices[2:] == ["A wrong token for Ana's seat over TCP from 127.0.0.1: refused."]
    # The right token still opens the seat.
    client = await TableClient.open(tcp(server))
    await client.hello("Ana", server.table.token("Ana"))
    await client.close()


@pytest.mark.subprocess
async def test_the_window_ends_by_itself_on_a_running_table(
    tcp_table: tuple[TableServer, list[str]],
) -> None:
    server, notices = tcp_table
    server.table.notices.window = 0.2
    for _ in range(3):
        client = await TableClient.open(tcp(server))
        with pytest.raises(TableError):
            await client.hello("Bruno", "wrong")
        await client.close()
    await until(lambda: len(notices) == 2)
    assert notices[1].startswith("2 more wrong tokens for Bruno's seat over TCP")


@pytest.mark.subprocess
async def test_a_token_in_the_clear_is_refused_over_tcp_and_taken_on_the_unix_socket(
    tcp_table: tuple[TableServer, list[str]],
) -> None:
    """An older client's hello: over TCP refused in words (update), on the 0600 Unix
    socket still taken, with a note to the host."""
    server, notices = tcp_table
    token = server.table.token("Ana")
    hello = P.encode({"type": "hello", "seat": "Ana", "token": token})
    reader, writer = await asyncio.open_connection("127.0.0.1", server.tcp_port)
    writer.write(hello)
    refused = json.loads(await asyncio.wait_for(reader.readline(), 10))
    writer.close()
    assert refused["code"] == "clear_token"
    assert "update banque on your side" in refused["message"]
    assert P.told(refused["msg"], "") == refused["message"]  # told in the joiner's language
    assert not server.table.connected("Ana")
    reader, writer = await asyncio.open_unix_connection(str(server.socket_path))
    writer.write(hello)
    welcome = json.loads(await asyncio.wait_for(reader.readline(), 10))
    assert welcome["type"] == "welcome" and "token" not in welcome
    await until(lambda: server.table.connected("Ana"))
    writer.close()
    assert notices == [
        "An older banque join sent Ana's token in the clear over TCP from 127.0.0.1: refused "
        "(it must be updated).",
        f"Ana joined by {ME} on the Unix socket with an older banque join (its token sent in "
        "the clear): still taken on the Unix socket, but update it.",
    ]


@pytest.mark.subprocess
async def test_the_displaced_player_is_told_who_took_the_seat(
    tcp_table: tuple[TableServer, list[str]],
) -> None:
    server, notices = tcp_table
    first = await TableClient.open(Address(server.socket_path))
    await first.hello("Bruno")  # the host's account: no token
    await first.receive()
    second = await TableClient.open(tcp(server))
    await second.hello("Bruno", server.table.token("Bruno"))
    while (message := await asyncio.wait_for(first.receive(), 10)) is not None:
        last = message
    assert last["code"] == "replaced"
    assert first.state.closed == (
        "Your seat was joined again from elsewhere (over TCP from 127.0.0.1)."
    )
    assert notices == [
        "Bruno's seat was joined again over TCP from 127.0.0.1; the older connection "
        f"(by {ME} on the Unix socket) was closed."
    ]
    await first.close()
    await second.close()


@pytest.mark.subprocess
async def test_peer_credentials_still_join_without_a_token(
    tcp_table: tuple[TableServer, list[str]],
) -> None:
    """The SSH recipe's forced command: the host's account, the Unix socket, no token."""
    server, _notices = tcp_table
    client = await TableClient.open(Address(server.socket_path))
    welcome = await client.hello("Chloé")
    assert welcome["seat"] == "Chloé"
    await client.close()
    over_tcp = await TableClient.open(tcp(server))
    with pytest.raises(TableError, match="needs its token"):
        await over_tcp.hello("Chloé")
    await over_tcp.close()


# ------------------------------------------------------------------ the printed lines


@pytest.mark.parametrize(
    ("name", "token", "address"),
    [
        ("Ana", "8KP6xhb7dDHTnc_S-MC2e1BE", "/run/user/1000/banque/table.sock"),
        ("Bruno", DASH_TOKEN, "/tmp/b q/t.sock"),
        ("Chloé", "--seat=Bruno", "tcp:7000"),
        ("-Zoé", "it's $HOME `x`", "-odd.sock"),
    ],
)
def test_a_printed_line_means_what_it_says_to_the_shell(
    name: str, token: str, address: str
) -> None:
    """The shell's words of a join line: the token in the environment only, the rest
    the options ``banque join`` reads back as printed."""
    names = ["Ana", "Bruno", "Chloé"] if name != "-Zoé" else ["-Zoé", "Ana", "Bruno"]
    table = make_table(names, tokens={name: token})
    line = join_command(table, name, address)
    words = shlex.split(line)
    assignment, program, *argv = words
    assert assignment == f"BANQUE_TOKEN={token}" and program == "banque"
    assert token not in argv
    args = build_parser().parse_args(argv)
    assert (args.seat, args.table, args.token, args.token_file) == (name, address, None, None)
    assert join_lines(table, address, [name]) == [f"  {name}: {line}"]


@pytest.mark.subprocess
@pytest.mark.parametrize("shell", ["/bin/sh", "/bin/bash"])
def test_the_shells_hand_banque_join_what_the_line_says(shell: str, tmp_path: Path) -> None:
    """Each tricky line run by sh and bash: a stand-in ``banque`` on the PATH reports the
    token it finds in its environment and its arguments."""
    import subprocess

    if not Path(shell).exists():
        pytest.skip(f"no {shell}")
    stand_in = tmp_path / "banque"
    stand_in.write_text(
        f"#!{sys.executable}\n"
        "import json, os, sys\n"
        "print(json.dumps([os.environ.get('BANQUE_TOKEN'), sys.argv[1:]]))\n"
    )
    stand_in.chmod(0o700)
    cases = [
        ("Ana", DASH_TOKEN, "/tmp/b q/t.sock"),
        ("Chloé", "it's $HOME `x`", "-odd.sock"),
        ("-Zoé", "--seat=Bruno", "tcp:7000"),
    ]
    for name, token, address in cases:
        names = ["Ana", "Bruno", "Chloé"] if name != "-Zoé" else ["-Zoé", "Ana", "Bruno"]
        line = join_command(make_table(names, tokens={name: token}), name, address)
        env = {**os.environ, "PATH": f"{tmp_path}:{os.environ.get('PATH', '')}"}
        env.pop("BANQUE_TOKEN", None)
        done = subprocess.run(
            [shell, "-c", line], env=env, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
        got_token, argv = json.loads(done.stdout)
        assert got_token == token
        args = build_parser().parse_args(argv)
        assert (args.seat, args.table, args.token) == (name, address, None)


def banque_bin() -> str:
    """The installed ``banque`` command, as the host's printed line calls it."""
    return str(Path(sys.executable).parent)


def process_tree(pid: int) -> list[int]:
    """``pid`` and its descendants (a shell that forks before it runs the command)."""
    out = [pid]
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            stat = (entry / "stat").read_text()
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if ppid in out:
                out.append(int(entry.name))
    return out


@pytest.mark.subprocess
async def test_a_printed_line_joins_as_printed_in_bash_and_hides_the_token(
    short_dir: Path,  # noqa: F811
) -> None:
    """The host's printed line, typed into bash at a terminal, with a token that starts
    with "-" and an account the table does not know (the token is needed): it joins,
    and no command line on the machine shows the token."""
    table = make_table(tokens={"Ana": DASH_TOKEN})
    table.uid = -1  # peer credentials open nothing: only the token does
    async with TableServer(table, short_dir / "t.sock") as server:
        (line,) = join_lines(table, str(server.socket_path), ["Ana"])
        command = line.strip().removeprefix("Ana: ")
        assert command.startswith(f"BANQUE_TOKEN={DASH_TOKEN} banque join --seat Ana ")
        path = f"{banque_bin()}:{os.environ.get('PATH', '')}"
        term = Terminal.spawn(
            ["/bin/bash", "--norc", "--noprofile", "-i"],
            env={"PATH": path, "HISTFILE": "/dev/null", "PS1": "$ "},
        )
        term.write(command.encode() + b"\n")  # pasted at the prompt, as printed
        pump = term.pump()
        try:
            await until(lambda: server.table.connected("Ana"), timeout=60)
            seen: dict[int, bytes] = {}
            for pid in process_tree(term.pid):
                with contextlib.suppress(OSError):
                    seen[pid] = Path(f"/proc/{pid}/cmdline").read_bytes()
            joins = [pid for pid, argv in seen.items() if b"join" in argv]
            assert joins, seen
            for argv in seen.values():
                assert DASH_TOKEN.encode() not in argv and b"--token" not in argv
            term.write(b"\x11")  # ctrl+q
            await until(lambda: not server.table.connected("Ana"), timeout=30)
            await until(lambda: not Path(f"/proc/{joins[0]}").exists(), timeout=30)
            term.write(b"exit $?\n")  # the shell ends with banque join's status
            assert await asyncio.wait_for(term.wait(), 30) == 0
        finally:
            pump.cancel()
            term.close()


@pytest.mark.subprocess
async def test_banque_host_tells_its_console_of_a_wrong_token(short_dir: Path) -> None:  # noqa: F811
    """`banque host --log --tcp 0`: a wrong token over TCP, then a takeover, on its console."""
    path = short_dir / "h.sock"
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "banque", "host", "--players", "Ana,Bruno,Chloé",
        "--no-journal", "--pace", "0", "--socket", str(path), "--tcp", "0", "--log",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        lines = await first_lines(proc, 7)
        port = int(re.search(r"tcp:(\d+)", lines[1]).group(1))  # type: ignore[union-attr]
        assert all("--token" not in line for line in lines)
        tokens = dict(
            re.match(r"\s+(\S+): BANQUE_TOKEN=(\S+) banque join ", line).groups()  # type: ignore[union-attr]
            for line in lines[3:6]
        )
        assert "BANQUE_TOKEN=… may be left out" in lines[6]
        client = await TableClient.open(parse_address(f"tcp:{port}"))
        with pytest.raises(TableError, match="does not open Bruno's seat"):
            await client.hello("Bruno", "a-wrong-guess")
        await client.close()
        assert proc.stdout is not None
        said = await asyncio.wait_for(proc.stdout.readline(), 20)
        assert said.decode() == "A wrong token for Bruno's seat over TCP from 127.0.0.1: refused.\n"
        first = await TableClient.open(Address(path))
        await first.hello("Bruno", tokens["Bruno"])
        second = await TableClient.open(parse_address(f"tcp:{port}"))
        await second.hello("Bruno", tokens["Bruno"])
        async with asyncio.timeout(20):
            while b"joined again" not in (said := await proc.stdout.readline()):
                pass
        assert said.decode().startswith(
            "Bruno's seat was joined again over TCP from 127.0.0.1; the older connection (by "
        )
        await first.close()
        await second.close()
        proc.send_signal(signal.SIGTERM)
        _out, err = await asyncio.wait_for(proc.communicate(), 20)
        assert b"Traceback" not in err
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


@pytest.mark.pilot
@pytest.mark.subprocess
async def test_the_hosts_screen_shows_the_notices(short_dir: Path) -> None:  # noqa: F811
    from banque.table.screens.hosted import HostApp

    async with TableServer(make_table(), short_dir / "t.sock", tcp_port=0) as server:
        app = HostApp(server, blink=False)
        app.animation_level = "none"
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            client = await TableClient.open(tcp(server))
            with pytest.raises(TableError):
                await client.hello("Chloé", "a-wrong-guess")
            await client.close()
            await pilot.pause()
            shown = [n.message for n in app._notifications]
            assert shown == ["A wrong token for Chloé's seat over TCP from 127.0.0.1: refused."]


# ------------------------------------------------------------------ banque join's token


def run_join(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["join", *argv])
    return code, capsys.readouterr().err


def test_a_token_file_open_to_others_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "token"
    path.write_text(DASH_TOKEN + "\n")
    path.chmod(0o644)
    code, err = run_join(["--seat", "Ana", "--token-file", str(path)], capsys)
    assert code == 2
    assert err == (
        f"banque: {path} can be read or changed by other users (mode 0644): make it yours "
        f"alone (chmod 600 {path}) and join again\n"
    )


def test_a_private_token_file_gives_the_token(tmp_path: Path) -> None:
    from banque.cli.join import read_token_file

    path = tmp_path / "token"
    path.write_text(DASH_TOKEN + "\n")
    path.chmod(0o600)
    assert read_token_file(str(path)) == DASH_TOKEN
    path.write_text("two words")
    with pytest.raises(Exception, match="does not hold a token"):
        read_token_file(str(path))
    with pytest.raises(Exception, match="cannot read the token file"):
        read_token_file(str(tmp_path / "none"))


def test_a_token_on_the_command_line_is_taken_with_a_warning(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str | None] = []
    monkeypatch.setattr("banque.cli.join.need_terminal", lambda: None)
    monkeypatch.setattr(
        "banque.table.screens.joined.run_join", lambda address, seat, token: seen.append(token) or 0
    )
    code, err = run_join(["--seat", "Ana", "--token", "abc"], capsys)
    assert code == 0 and seen == ["abc"]
    assert err.startswith("banque: warning: a token on the command line can be read by the other")
    assert err.count("\n") == 1
    monkeypatch.setenv("BANQUE_TOKEN", DASH_TOKEN)
    code, err = run_join(["--seat", "Ana"], capsys)
    assert code == 0 and seen[-1] == DASH_TOKEN and err == ""
    assert "BANQUE_TOKEN" not in os.environ  # not handed on to anything it starts


def test_the_counts_not_said_yet_are_said_when_the_table_closes() -> None:
    said: list[str] = []
    notices = A.Notices(lambda msg: said.append(str(msg)), clock=lambda: 5.0)
    for _ in range(3):
        notices.note(("wrong", "Ana"), Msg("first"), lambda n: Msg("{n} more", n=n))
    assert said == ["first"]
    notices.close()
    assert said == ["first", "2 more"]
    notices.close()  # once
    assert said == ["first", "2 more"]
