"""`banque host` in a terminal: the table served and shown by one process; --seat-user."""

from __future__ import annotations

import asyncio
import os
import pwd
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from banque.cli import main
from banque.net.client import Address, TableClient
from banque.net.host import seat_uids
from banque.net.server import TableServer
from banque.table.screens.dialogs import ConfirmScreen
from banque.table.screens.hosted import HostApp, JoinLinesScreen
from banque.table.screens.joined import JoinedScreen
from banque.table.widgets import ActionPanel

from ..terminal_pty import Terminal
from .test_net_socket import make_table, short_dir, until  # noqa: F401  (a fixture)

ME = pwd.getpwuid(os.getuid()).pw_name


def panel_text(app: HostApp) -> str:
    screen = next(s for s in app.screen_stack if isinstance(s, JoinedScreen))
    panel = screen.query_one(ActionPanel)
    return " ".join(
        str(panel.query_one(f"#{part}").render()) for part in ("prompt", "hint", "message")
    )


def dialog_text(app: HostApp) -> str:
    return " ".join(str(w.render()) for w in app.screen.query("Static"))


@pytest.fixture
async def server(short_dir: Path) -> AsyncIterator[TableServer]:  # noqa: F811
    served = TableServer(make_table(), short_dir / "t.sock")
    await served.start()
    yield served
    await served.close()


def host_app(server: TableServer, seat: str | None = None) -> HostApp:
    app = HostApp(server, seat, blink=False)
    app.animation_level = "none"
    return app


@pytest.mark.pilot
@pytest.mark.subprocess
async def test_the_host_shows_the_public_table_and_how_to_join(server: TableServer) -> None:
    app = host_app(server)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, JoinLinesScreen)  # first: how each seat joins
        text = dialog_text(app)
        assert f"Table open at {server.socket_path}" in text
        for name in ("Ana", "Bruno", "Chloé"):
            assert f"--seat {name} " in text and server.table.token(name) in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, JoinedScreen)
        assert "Hosting (public view)" in panel_text(app)
        # A seat joins through the real socket and bids: the host's screen shows it.
        ana = await TableClient.open(Address(server.socket_path))
        await ana.hello("Ana", server.table.token("Ana"))
        await ana.receive()
        await ana.act("bid", amount=15)
        await until(lambda: server.table.session.game.bids == {"Ana": 15})
        await pilot.pause()
        assert app.state.log[-1]["code"] == "bid"
        assert "Waiting for" not in panel_text(app)  # the public view asks nothing
        await pilot.press("d", "p", "enter")  # the host's keys send nothing: public view
        await pilot.pause()
        assert server.table.session.game.bids == {"Ana": 15}
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, JoinLinesScreen)
        await ana.close()


@pytest.mark.pilot
@pytest.mark.subprocess
async def test_the_host_plays_its_own_seat(server: TableServer) -> None:
    app = host_app(server, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = dialog_text(app)
        assert "--seat Bruno " in text and "--seat Ana " not in text  # the host sits already
        await pilot.press("enter")
        await pilot.pause()
        assert server.table.connected("Ana")
        assert "Your turn" in panel_text(app)
        await pilot.press("ctrl+u", "2", "5", "enter")
        await pilot.pause()
        assert server.table.session.game.bids == {"Ana": 25}
        # Bruno, joined over the socket, sees the bid and answers; the host sees his pass.
        bruno = await TableClient.open(Address(server.socket_path))
        await bruno.hello("Bruno", server.table.token("Bruno"))
        await bruno.receive()
        assert bruno.state.view["auction"]["bids"] == {"Ana": 25}
        await bruno.act("pass")
        await until(lambda: "Bruno" in server.table.session.game.spoken)
        await pilot.pause()
        assert "Waiting for Chloé" in panel_text(app)
        await bruno.close()


@pytest.mark.pilot
@pytest.mark.subprocess
async def test_ctrl_q_asks_then_closes_the_table_and_tells_every_seat(
    server: TableServer,
) -> None:
    bruno = await TableClient.open(Address(server.socket_path))
    await bruno.hello("Bruno", server.table.token("Bruno"))
    app = host_app(server)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Every joined seat is told" in dialog_text(app)
        await pilot.press("n")  # no: the table goes on
        await pilot.pause()
        assert isinstance(app.screen, JoinedScreen) and app.return_code is None
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
        await pilot.pause()
    assert app.return_code == 0
    assert not server.socket_path.exists()
    while await bruno.receive() is not None:
        pass
    assert bruno.state.closed == "The host has closed the table."
    await bruno.close()


@pytest.mark.subprocess
async def test_banque_host_in_a_terminal_shows_the_table_and_sigterm_keeps_the_game(
    short_dir: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    """The real command under a pseudo-terminal: full-screen, a seat joins, SIGTERM closes."""
    path = short_dir / "h.sock"
    term = Terminal.spawn(
        [sys.executable, "-m", "banque", "host", "--players", "Ana,Bruno,Chloé",
         "--seed", "4", "--pace", "0", "--socket", str(path), "--play", "Chloé"],
        env={"BANQUE_DATA_DIR": str(tmp_path)},
    )  # fmt: skip
    try:
        await term.read_until(b"Each player joins with")
        term.write(b"\r")
        await term.read_until(b"Waiting for Ana")
        ana = await TableClient.open(Address(path))  # the host's account: no token
        await ana.hello("Ana")
        await ana.receive()
        await ana.act("bid", amount=30)
        await term.read_until(b"Ana bids 30")
        os.kill(term.pid, signal.SIGTERM)
        await term.read_until(b"Game kept")
        assert await term.wait() == 128 + signal.SIGTERM
        assert b"The table is closed." in term.screen
        while await ana.receive() is not None:
            pass
        # in the middle of a bank: the seat is told the game may come back
        assert ana.state.closed is not None
        assert ana.state.closed.startswith("The host has closed the table in the middle")
        assert "the host may resume it (banque host --resume)" in ana.state.closed
        await ana.close()
    finally:
        term.close()
    assert not path.exists()
    assert len(list((tmp_path / "games").glob("*.jsonl"))) == 1


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--play", "Zoé"], "banque: --play Zoé: not a participant (the participants: "
         "Ana, Bruno, Chloé)\n"),
        (["--computer", "Bruno", "--play", "Bruno"],
         "banque: --play Bruno: that seat is a computer's (--computer Bruno)\n"),
        (["--play", "Ana", "--log"], "banque: --play shows your seat full-screen: not with --log\n"),
        (["--seat-user", "Zoé=" + ME],
         f"banque: --seat-user Zoé={ME}: Zoé is not a participant (the participants: "
         "Ana, Bruno, Chloé)\n"),
        (["--seat-user", "Bruno=no-such-account-here"],
         "banque: --seat-user Bruno=no-such-account-here: no such account on this machine\n"),
    ],
)  # fmt: skip
def test_bad_host_options_are_said_in_one_line(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert main(["host", "--players", "Ana,Bruno,Chloé", "--no-journal", *args]) == 2
    assert capsys.readouterr().err == said


def test_seat_user_is_written_name_equals_account(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["host", "--seat-user", "Bruno"])
    assert "write the seat's name, =, then the account (Bruno=bruno)" in capsys.readouterr().err


def test_another_account_needs_the_group() -> None:
    other = next((p for p in pwd.getpwall() if p.pw_uid != os.getuid()), None)
    if other is None:
        pytest.skip("no other account on this machine")
    with pytest.raises(Exception, match="cannot open the table's socket"):
        seat_uids({"Bruno": other.pw_name}, ["Ana", "Bruno", "Chloé"], {}, None)
    assert seat_uids({"Bruno": ME}, ["Ana", "Bruno", "Chloé"], {}, None) == {"Bruno": os.getuid()}


@pytest.mark.subprocess
async def test_seat_user_opens_that_seat_only_over_the_real_socket(
    short_dir: Path,  # noqa: F811
) -> None:
    """The table trusts the account mapped to Bruno (not the host's: ``uid`` is another)."""
    users = seat_uids({"Bruno": ME}, ["Ana", "Bruno", "Chloé"], {}, os.getgid())
    table = make_table(uid=None, users=users)
    async with TableServer(table, short_dir / "t.sock", group=os.getgid()) as server:
        bruno = await TableClient.open(Address(server.socket_path))
        welcome = await bruno.hello("Bruno")  # no token: the peer credentials say who
        assert welcome["seat"] == "Bruno"
        await until(lambda: table.connected("Bruno"))
        ana = await TableClient.open(Address(server.socket_path))
        with pytest.raises(Exception, match="Ana's seat needs its token"):
            await ana.hello("Ana")
        assert not table.connected("Ana")
        await ana.close()
        await bruno.close()


@pytest.mark.subprocess
async def test_banque_host_log_with_seat_user(short_dir: Path, tmp_path: Path) -> None:  # noqa: F811
    """`--log` keeps the text log for scripts; --seat-user for the host's own account is fine."""
    path = short_dir / "l.sock"
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "banque", "host", "--players", "Ana,Bruno,Chloé", "--seed", "2",
        "--socket", str(path), "--seat-user", f"Bruno={ME}", "--log", "--no-journal",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        async with asyncio.timeout(20):
            first = (await proc.stdout.readline()).decode()
        assert first.startswith(f"Table open at {path}")
        proc.send_signal(signal.SIGHUP)
        out, err = await asyncio.wait_for(proc.communicate(), 20)
        assert proc.returncode == 128 + signal.SIGHUP, err
        assert "Each player joins with:" in out.decode()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
