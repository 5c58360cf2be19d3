"""The SSH recipe of README, for real: OpenSSH's sshd forces `banque join` for one key.

A private ``sshd -D`` on a free 127.0.0.1 port (its own host key, config
and ``authorized_keys`` in a temporary folder), a ``banque host`` from flags,
and ``ssh -tt`` under a pseudo-terminal: the seat's screen arrives over SSH,
a bid typed there reaches the host.  Skipped when ``sshd``/``ssh`` are not
installed or sshd cannot run here.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .terminal_pty import Terminal

SSHD = shutil.which("sshd") or ("/usr/sbin/sshd" if os.path.exists("/usr/sbin/sshd") else None)
SSH = shutil.which("ssh")
KEYGEN = shutil.which("ssh-keygen")

pytestmark = pytest.mark.skipif(
    not (SSHD and SSH and KEYGEN), reason="OpenSSH (sshd, ssh, ssh-keygen) is not installed"
)


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


@pytest.fixture
def sshd(folder: Path) -> Iterator[tuple[int, Path]]:
    """A private sshd that lets our key in with the README's forced command; (port, key)."""
    assert SSHD and KEYGEN
    for name in ("host_key", "user_key"):
        subprocess.run(
            [KEYGEN, "-q", "-t", "ed25519", "-N", "", "-f", str(folder / name)], check=True
        )
    me = pwd.getpwuid(os.getuid()).pw_name
    command = f"ESCDELAY=250 {sys.executable} -m banque join --seat Ana --table {folder / 't.sock'}"
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
    try:
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
        yield port, folder / "user_key"
    finally:
        kill(proc)


async def test_a_seat_over_real_ssh_with_the_forced_command(
    sshd: tuple[int, Path], folder: Path
) -> None:
    port, key = sshd
    sock = folder / "t.sock"
    host = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "banque", "host", "--players", "Ana,Bruno,Chloé", "--seed", "11",
        "--pace", "0", "--socket", str(sock), "--log", "--no-journal",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    assert host.stdout is not None
    said: list[str] = []
    term: Terminal | None = None

    async def heard(words: str, timeout: float) -> bool:
        """Read the host's public log until ``words`` (or the time is up), the seat's
        terminal read meanwhile (unread, it would stop the SSH connection)."""
        pump = asyncio.create_task(term.pump()) if term is not None else None
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
