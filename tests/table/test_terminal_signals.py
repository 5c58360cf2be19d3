"""Every table gives the terminal back as it found it, whatever stops it.

Each full-screen program of banque (the banque table, chemin de fer, punto banco,
``banque join``, the host's own screen) runs in a real pseudo-terminal; a signal
arrives (``kill``, ``kill -HUP``, ``kill -QUIT``, ``kill -INT``) or the host dies
under a joined seat; afterwards the terminal must echo, edit lines and turn ctrl+c
into a signal again, the alternate screen must be left and mouse reporting off, the
exit status 128 + the signal's number, and no traceback shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from ..net.test_net_socket import short_dir  # noqa: F401  (a fixture)
from ..terminal_pty import Terminal

pytestmark = [
    pytest.mark.skipif(
        sys.platform == "win32" or not hasattr(os, "openpty"), reason="no pseudo-terminal here"
    ),
    pytest.mark.subprocess,
]

#: The mouse reporting modes Textual may turn on (each must be off again at the end).
MOUSE_MODES = (1000, 1002, 1003, 1006, 1015)

#: Each one-keyboard table, and words its first screen shows.
TABLES = {
    "banque": ([], b"A new game"),
    "chemin-de-fer": (["--game", "chemin-de-fer"], b"Chemin de fer"),
    "punto-banco": (["--game", "punto-banco"], b"Punto banco"),
}

#: A key that plays a two-hand table's first act (a game is on disk from it): chemin de
#: fer's x passes the bank if it is yours to take (else a computer takes its turn by
#: itself); punto banco's Enter deals the first coup (you alone at the table).
FIRST_ACT = {"chemin-de-fer": b"x", "punto-banco": b"\r"}


def env_for(data: Path) -> dict[str, str]:
    return {"BANQUE_DATA_DIR": str(data), "BANQUE_LANG": "en", "COLUMNS": "100", "LINES": "30"}


def banque(*args: str) -> list[str]:
    return [sys.executable, "-m", "banque", *args]


async def first_act(term: Terminal, table: str, data: Path, timeout: float = 30) -> Path:
    """Play a two-hand table's first act and wait for its journal (written with it)."""
    term.write(FIRST_ACT[table])
    pump = term.pump()
    try:
        async with asyncio.timeout(timeout):
            while not (found := list((data / "games").glob("*.jsonl"))):
                await asyncio.sleep(0.05)
    finally:
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await pump
    (journal,) = found
    return journal


@contextlib.contextmanager
def terminal(argv: list[str], env: dict[str, str]) -> Iterator[Terminal]:
    term = Terminal.spawn(argv, env=env)
    try:
        yield term
    finally:
        term.close()


async def ends(term: Terminal, timeout: float = 30) -> int:
    """The program's exit status once it has ended, the screen read to its last byte."""
    return await term.wait(timeout)


def assert_restored(term: Terminal) -> None:
    """The terminal as a shell needs it: line mode, echo, signal keys; the alternate
    screen left; mouse reporting off; no traceback on it."""
    assert term.modes() == {"echo": True, "icanon": True, "isig": True}, "left in raw mode"
    out = bytes(term.screen)
    assert b"\x1b[?1049h" in out, "the table was drawn in the alternate screen"
    assert out.rfind(b"\x1b[?1049l") > out.rfind(b"\x1b[?1049h"), "the alternate screen is left"
    for mode in MOUSE_MODES:
        on, off = f"\x1b[?{mode}h".encode(), f"\x1b[?{mode}l".encode()
        if on in out:
            assert out.rfind(off) > out.rfind(on), f"mouse reporting {mode} is left on"
    assert b"Traceback" not in out, out[-1500:]


def after_table(term: Terminal) -> str:
    """What the program printed after its screen went (the farewell)."""
    out = bytes(term.screen)
    return out[out.rfind(b"\x1b[?1049l") :].decode(errors="replace")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGINT])
@pytest.mark.parametrize("table", list(TABLES))
async def test_a_signal_gives_the_terminal_back_at_every_table(
    table: str, sig: signal.Signals, tmp_path: Path
) -> None:
    args, words = TABLES[table]
    with terminal(banque(*args), env_for(tmp_path)) as term:
        await term.read_until(words)
        if table != "banque":
            await first_act(term, table, tmp_path)
        os.kill(term.pid, sig)
        assert await ends(term) == 128 + sig
        assert_restored(term)
        if table != "banque":  # a game is on: its journal keeps it, and says so
            assert "banque --resume continues it" in after_table(term)
            assert len(list((tmp_path / "games").glob("*.jsonl"))) == 1


async def test_a_signal_at_an_unplayed_table_leaves_no_game(tmp_path: Path) -> None:
    """Nothing played (you alone at punto banco, no key pressed): nothing kept, nothing
    said of a game (issue 21: no empty "unfinished" game left behind)."""
    with terminal(banque("--game", "punto-banco"), env_for(tmp_path)) as term:
        await term.read_until(b"Punto banco")
        os.kill(term.pid, signal.SIGTERM)
        assert await ends(term) == 128 + signal.SIGTERM
        assert_restored(term)
    assert "banque --resume" not in after_table(term)
    assert list((tmp_path / "games").glob("*.jsonl")) == []


async def test_a_closed_terminal_keeps_the_game_and_ends_as_a_hangup(tmp_path: Path) -> None:
    """The terminal itself goes (an SSH session dropped): SIGHUP, then writes that fail."""
    from banque.core.journal import read_journal

    with terminal(banque("--game", "punto-banco"), env_for(tmp_path)) as term:
        await term.read_until(b"Punto banco")
        await first_act(term, "punto-banco", tmp_path)
        os.close(term.fd)  # the terminal window is closed
        term.fd = os.open(os.devnull, os.O_RDONLY)  # (so that close() has one to close)
        async with asyncio.timeout(30):
            assert await term.wait() == 128 + signal.SIGHUP
    (journal,) = (tmp_path / "games").glob("*.jsonl")
    assert read_journal(journal).record.game == "punto-banco"


@pytest.fixture
async def hosted(short_dir: Path) -> AsyncIterator[tuple[Path, asyncio.subprocess.Process]]:  # noqa: F811
    """A table served by ``banque host --log`` (a script): its socket, its process."""
    path = short_dir / "t.sock"
    proc = await asyncio.create_subprocess_exec(
        *banque("host", "--players", "Ana,Bruno,Chloé", "--computer", "Bruno",
                "--computer", "Chloé", "--seed", "5", "--pace", "0", "--socket", str(path),
                "--log", "--no-journal"),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        async with asyncio.timeout(30):
            while b"Each player joins with" not in await proc.stdout.readline():
                pass
        yield path, proc
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT])
async def test_a_signal_gives_the_terminal_back_at_banque_join(
    hosted: tuple[Path, asyncio.subprocess.Process], sig: signal.Signals, tmp_path: Path
) -> None:
    path, _host = hosted
    with terminal(banque("join", "--seat", "Ana", "--table", str(path)), env_for(tmp_path)) as term:
        await term.read_until(b"Your turn")  # the host's account: no token needed
        os.kill(term.pid, sig)
        assert await ends(term) == 128 + sig
        assert_restored(term)
        assert "your seat is held" in after_table(term)


async def test_a_lost_host_gives_the_terminal_back_at_banque_join(
    hosted: tuple[Path, asyncio.subprocess.Process], tmp_path: Path
) -> None:
    """The host is killed (kill -9): the seat says so and keeps trying to reach it; the
    player, tired of waiting, closes it (SIGHUP): the terminal is the player's again."""
    path, host = hosted
    with terminal(banque("join", "--seat", "Ana", "--table", str(path)), env_for(tmp_path)) as term:
        await term.read_until(b"Your turn")
        host.kill()
        await host.wait()
        await term.read_until(b"reconnecting")
        assert term.modes()["echo"] is False  # still the table's own screen meanwhile
        os.kill(term.pid, signal.SIGHUP)
        assert await ends(term) == 128 + signal.SIGHUP
        assert_restored(term)


#: ``banque`` whose joined seat gives up on a lost host after 2 s (not 3 minutes).
IMPATIENT = (
    "import sys\n"
    "from banque.net.client import Rejoining\n"
    "Rejoining.__init__.__kwdefaults__['patience'] = 2.0\n"
    "from banque.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


async def test_a_seat_that_gives_up_on_its_host_gives_the_terminal_back(
    hosted: tuple[Path, asyncio.subprocess.Process], tmp_path: Path
) -> None:
    path, host = hosted
    argv = [sys.executable, "-c", IMPATIENT, "join", "--seat", "Ana", "--table", str(path)]
    with terminal(argv, env_for(tmp_path)) as term:
        await term.read_until(b"Your turn")
        host.kill()
        await host.wait()
        assert await ends(term) == 1  # it said so, and stopped trying
        assert_restored(term)


@pytest.mark.parametrize("sig", [signal.SIGQUIT, signal.SIGHUP])
async def test_a_signal_gives_the_terminal_back_at_the_hosts_screen(
    short_dir: Path,  # noqa: F811
    sig: signal.Signals,
    tmp_path: Path,
) -> None:
    path = short_dir / "h.sock"
    argv = banque("host", "--players", "Ana,Bruno,Chloé", "--seed", "4", "--pace", "0",
                  "--socket", str(path), "--no-journal")  # fmt: skip
    with terminal(argv, env_for(tmp_path)) as term:
        await term.read_until(b"Each player joins with")
        os.kill(term.pid, sig)
        assert await ends(term) == 128 + sig
        assert_restored(term)
        assert "The table is closed." in after_table(term)
    assert not path.exists()


def test_no_terminal_is_refused_before_any_escape_code(tmp_path: Path) -> None:
    """``banque --resume </dev/null >out``: one line on stderr, nothing in the file."""
    env = {**os.environ, **env_for(tmp_path)}
    # An unfinished game to resume: the real table opened, then stopped by a signal.
    with terminal(banque("--game", "chemin-de-fer"), env_for(tmp_path)) as term:
        asyncio.run(_wait_then_stop(term, tmp_path))
    out = tmp_path / "out"
    every = (
        ["--resume"],
        [],
        ["--game", "punto-banco"],
        ["--game", "chemin-de-fer"],
        ["join", "--seat", "Ana", "--table", str(tmp_path / "t.sock")],
        ["join", "--watch", "--table", "tcp:4000"],
    )
    for args in every:
        with out.open("wb") as stdout:
            done = subprocess.run(
                banque(*args), stdin=subprocess.DEVNULL, stdout=stdout,
                stderr=subprocess.PIPE, env=env, timeout=60,
            )  # fmt: skip
        assert done.returncode == 2, (args, done.stderr)
        err = done.stderr.decode()
        assert err.count("\n") == 1 and err.startswith("banque: the table needs a terminal"), err
        assert out.read_bytes() == b"", args


async def _wait_then_stop(term: Terminal, data: Path) -> None:
    await term.read_until(b"Chemin de fer")
    await first_act(term, "chemin-de-fer", data)
    os.kill(term.pid, signal.SIGTERM)
    assert await ends(term) == 128 + signal.SIGTERM


async def test_a_signal_at_the_hosts_setup_gives_the_terminal_back(tmp_path: Path) -> None:
    with terminal(banque("host", "--no-journal"), env_for(tmp_path)) as term:
        await term.read_until(b"A new game")
        os.kill(term.pid, signal.SIGTERM)
        assert await ends(term) == 128 + signal.SIGTERM
        assert_restored(term)
        assert "Table open" not in after_table(term)  # no table was opened


async def test_sigquit_closes_a_hosted_table_as_sigterm_does(
    hosted: tuple[Path, asyncio.subprocess.Process],
) -> None:
    """``banque host --log`` (no screen of its own): every seat is told, the socket goes."""
    from banque.net.client import Address, TableClient

    path, host = hosted
    ana = await TableClient.open(Address(path))
    await ana.hello("Ana")
    host.send_signal(signal.SIGQUIT)
    async with asyncio.timeout(30):
        while await ana.receive() is not None:
            pass
        assert await host.wait() == 128 + signal.SIGQUIT
    assert ana.state.closed == "The host has closed the table."
    await ana.close()
    assert not path.exists()


async def test_a_table_whose_standard_error_is_a_file_refuses(tmp_path: Path) -> None:
    """Textual draws on standard error: ``banque 2>log`` would draw the table into the
    file, the terminal blank; it refuses in that one line instead."""
    log = tmp_path / "log"
    script = f'exec "$0" -m banque --game punto-banco 2>{log}'
    with terminal(["/bin/sh", "-c", script, sys.executable], env_for(tmp_path)) as term:
        assert await ends(term) == 2
        assert b"\x1b[?1049h" not in term.screen  # nothing drawn on the terminal either
    said = log.read_text()
    assert said == (
        "banque: the table needs a terminal, and standard error (where it is drawn) is not one "
        "(replay, advise, odds and simulate work in pipes: see banque --help)\n"
    )


@pytest.mark.subprocess
def test_a_signalled_app_that_cannot_leave_is_ended_after_its_grace() -> None:
    """A closed terminal can leave Textual's output thread dead and its driver waiting on
    it for ever: a signalled App's process is ended regardless once its grace is over,
    with the signal's status (the game was kept before)."""
    import time

    code = (
        "import time\n"
        "from banque.table.signals import SignalExitApp\n"
        "SignalExitApp._leave_within(0.3, 129)\n"
        "time.sleep(30)\n"  # a process stuck for good
    )
    start = time.monotonic()
    run = subprocess.run([sys.executable, "-c", code], timeout=20, check=False)
    assert run.returncode == 129
    assert time.monotonic() - start < 15
