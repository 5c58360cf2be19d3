"""The SSH recipe of README, for real: OpenSSH's sshd forces `banque join` for one key.

A private ``sshd -D`` on a free 127.0.0.1 port (its own host key, config
and ``authorized_keys`` in a temporary folder), a ``banque host`` from flags,
and ``ssh -tt`` under a pseudo-terminal: the seat's screen arrives over SSH,
a bid typed there reaches the host.  Twice: with the socket named on both
sides, and as README writes it first — ``command="… banque join --seat Ana"``
with no ``--table``, where sshd (without PAM) gives the join no
``XDG_RUNTIME_DIR`` and it must find the host's default socket by itself.
Skipped when ``sshd``/``ssh`` are not installed or sshd cannot run here.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ..terminal_pty import Terminal

SSHD = shutil.which("sshd") or ("/usr/sbin/sshd" if os.path.exists("/usr/sbin/sshd") else None)
SSH = shutil.which("ssh")
KEYGEN = shutil.which("ssh-keygen")

pytestmark = [
    pytest.mark.skipif(
        not (SSHD and SSH and KEYGEN), reason="OpenSSH (sshd, ssh, ssh-keygen) is not installed"
    ),
    pytest.mark.subprocess,
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def kill(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def folder() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="bqssh", dir="/tmp"))
    path.chmod(0o700)  # sshd refuses keys in folders others may write
    yield path
    shutil.rmtree(path, ignore_errors=True)


#: The README's program: ``banque`` by its full path (the account's PATH may not have it).
BANQUE = str(Path(sys.executable).with_name("banque"))
if not os.access(BANQUE, os.X_OK):  # pragma: no cover - not installed as a script
    BANQUE = f"{sys.executable} -m banque"


@pytest.fixture
def _default_socket_lock() -> Iterator[None]:
    """The account's one default socket: one test at a time uses it (pytest-xdist's
    workers, or two test runs of the account at once, wait here for each other)."""
    with open(f"/tmp/banque-tests-{os.geteuid()}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@pytest.fixture
def sshd(folder: Path) -> Iterator[Callable[[str], tuple[int, Path]]]:
    """Start a private sshd that lets our key in with a forced ``command``; (port, key)."""
    assert SSHD and KEYGEN
    started: list[subprocess.Popen[bytes]] = []

    def start(command: str) -> tuple[int, Path]:
        for name in ("host_key", "user_key"):
            subprocess.run(
                [KEYGEN, "-q", "-t", "ed25519", "-N", "", "-f", str(folder / name)], check=True
            )
        me = pwd.getpwuid(os.getuid()).pw_name
        public = (folder / "user_key.pub").read_text().strip()
        keys = folder / "authorized_keys"
        keys.write_text(f'restrict,pty,command="{command}" {public}\n')
        keys.chmod(0o600)
        port = free_port()
        config = folder / "sshd_config"
        config.write_text(
            f"Port {port}\nListenAddress 127.0.0.1\nHostKey {folder / 'host_key'}\n"
            f"PidFile {folder / 'sshd.pid'}\nAuthorizedKeysFile {keys}\n"
            # /tmp itself is world-writable: the folder is ours (0700), but sshd checks up to /.
            "StrictModes no\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
            f"UsePAM no\nPermitRootLogin prohibit-password\nAllowUsers {me}\nLogLevel ERROR\n"
        )
        config.chmod(0o600)
        log = folder / "sshd.log"
        proc = subprocess.Popen(
            [SSHD, "-D", "-e", "-f", str(config)],
            stdout=subprocess.DEVNULL,
            stderr=log.open("wb"),
            start_new_session=True,
        )
        started.append(proc)
        deadline = time.monotonic() + 5
        while True:
            if proc.poll() is not None:
                pytest.skip(
                    "sshd cannot run as this user in this environment: "
                    + (log.read_text(errors="replace").strip().splitlines() or ["no reason"])[-1]
                )
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            if time.monotonic() > deadline:
                pytest.skip("sshd did not start listening within 5 s here")
            time.sleep(0.05)
        return port, folder / "user_key"

    try:
        yield start
    finally:
        for proc in started:
            kill(proc)


async def test_a_seat_over_real_ssh_with_the_forced_command(
    sshd: Callable[[str], tuple[int, Path]], folder: Path
) -> None:
    """The socket named on both sides (``--socket`` / ``--table``)."""
    sock = folder / "t.sock"
    port, key = sshd(f"ESCDELAY=250 {BANQUE} join --seat Ana --table {sock}")
    await a_bid_over_ssh(port, key, ["--socket", str(sock)], dict(os.environ), sock)


@pytest.mark.parametrize("desktop", [False, True], ids=["host-without-xdg", "host-with-xdg"])
async def test_the_readme_forced_command_without_xdg_runtime_dir(
    _default_socket_lock: None, sshd: Callable[[str], tuple[int, Path]], desktop: bool
) -> None:
    """README's line as written (no ``--table``); sshd without PAM sets no
    ``XDG_RUNTIME_DIR``. The host runs from a session without it too, or (``desktop``)
    from one whose ``XDG_RUNTIME_DIR`` is systemd's ``/run/user/UID``."""
    from banque.net.server import (
        RUN_USER,
        TableError,
        folder_problem,
        join_socket,
        socket_folders,
    )

    env = {
        k: v for k, v in os.environ.items() if k not in ("XDG_RUNTIME_DIR", "BANQUE_RUNTIME_DIR")
    }
    run = RUN_USER / str(os.geteuid())
    if desktop:
        if folder_problem(run) is not None:
            pytest.skip(f"no runtime folder {run} of this account's here (no desktop session)")
        env["XDG_RUNTIME_DIR"] = str(run)
    saved = {
        k: os.environ.pop(k) for k in ("XDG_RUNTIME_DIR", "BANQUE_RUNTIME_DIR") if k in os.environ
    }
    try:
        sock = socket_folders()[0] / "table.sock"  # where a session without XDG looks first
        busy = join_socket()
    except TableError as exc:  # this machine's own folder is not safe: said, and left alone
        pytest.skip(str(exc))
    finally:
        os.environ.update(saved)
    if busy.is_socket():
        with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX) as probe:
            probe.connect(str(busy))
            pytest.skip(f"a table is already open at {busy}: it is left alone")
    port, key = sshd(f"ESCDELAY=250 {BANQUE} join --seat Ana")
    await a_bid_over_ssh(port, key, [], env, sock)


async def a_bid_over_ssh(
    port: int, key: Path, where: list[str], env: dict[str, str], sock: Path
) -> None:
    """A host from flags (``where``: its socket option), Ana's seat over SSH: her bid
    reaches the host, and she leaves; then the host is stopped (``sock`` is gone)."""
    host = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "banque", "host", "--players", "Ana,Bruno,Chloé", "--seed", "11",
        "--pace", "0", *where, "--log", "--no-journal",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL, env=env,
    )  # fmt: skip
    assert host.stdout is not None
    said: list[str] = []
    term: Terminal | None = None

    async def heard(words: str, timeout: float) -> bool:
        """Read the host's public log until ``words`` (or the time is up), the seat's
        terminal read meanwhile (unread, it would stop the SSH connection)."""
        pump = term.pump() if term is not None else None
        try:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    while not any(words in line for line in said):
                        line = await host.stdout.readline()  # type: ignore[union-attr]
                        if not line:
                            break
                        said.append(line.decode())
        finally:
            if pump is not None:
                pump.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pump
        return any(words in line for line in said)

    async def host_says(words: str, timeout: float = 15) -> None:
        assert await heard(words, timeout), (said, term and bytes(term.screen[-600:]))

    try:
        await host_says("Each player joins with:")
        assert any(str(sock) in line for line in said), said  # the socket it opened
        me = pwd.getpwuid(os.getuid()).pw_name
        # the friend's terminal: ssh with their key
        term = Terminal.spawn(
            [SSH, "-tt", "-F", "/dev/null", "-i", str(key), "-p", str(port),  # type: ignore[list-item]
             "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
             "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR",
             f"{me}@127.0.0.1"],
        )  # fmt: skip
        await term.read_until(b"Your turn", timeout=20)  # Ana's own screen, over SSH
        term.write(b"\x15")  # ctrl+u: clear the offered amount
        term.write(b"25\r")
        await host_says("Ana bids 25")  # the move reached the table
        await term.read_until(b"Waiting for Bruno", timeout=20)  # and came back to Ana's screen
        term.write(b"\x11")  # ctrl+q: Ana leaves; her seat is held
        await term.read_until(b"seat is held", timeout=20)
        # (ssh itself does not always end at once after the remote join exits; it is
        # killed below rather than waited for.)
    finally:
        if term is not None:
            term.close()
        if host.returncode is None:
            host.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(host.wait(), 10)
            except TimeoutError:
                host.kill()
                await host.wait()
    assert host.returncode == 128 + signal.SIGTERM
    assert not sock.exists()
