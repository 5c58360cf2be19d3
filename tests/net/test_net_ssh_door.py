"""The SSH door for real: the host's own SSH server, and OpenSSH's ``ssh`` client.

A table served on a Unix socket in a temporary folder, its door on a free
127.0.0.1 port (its host key made in a temporary data folder), and ``ssh -t``
under a pseudo-terminal: the seat's own table arrives over SSH and a bid typed
there reaches the host; a key listed for the seat opens it without a code, and a
key offered with a good code opens it from then on; an unknown seat, a wrong
code, a command, a missing terminal and a subsystem are refused in words; the
host key is the one a friend checks by its fingerprint.  Skipped when OpenSSH's
client is not installed.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncssh
import pytest

from banque.core.journal import read_seats
from banque.core.messages import tell
from banque.net.host import Hosting, SshOptions, keep_door_keys, open_door, start_server
from banque.net.server import TableServer
from banque.net.ssh_door import SshDoor, new_code, read_seat_keys

from ..terminal_pty import Terminal, first_lines
from .door_leaks import chemin_table_of_computers, no_face_down_card_is_received
from .test_net_socket import make_table, until

SSH = shutil.which("ssh")
KEYGEN = shutil.which("ssh-keygen")

pytestmark = [
    pytest.mark.skipif(not (SSH and KEYGEN), reason="OpenSSH's client (ssh) is not installed"),
    pytest.mark.subprocess,
]


@pytest.fixture
def folder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="bqdoor", dir="/tmp"))
    path.chmod(0o700)
    monkeypatch.setenv("BANQUE_DATA_DIR", str(path / "data"))  # the door's host key
    yield path
    shutil.rmtree(path, ignore_errors=True)


def keypair(folder: Path, name: str) -> Path:
    assert KEYGEN
    key = folder / name
    subprocess.run([KEYGEN, "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    return key


class Door:
    """A served table with its door, and what the host was told."""

    def __init__(self, server: TableServer, door: SshDoor, hosting: Hosting) -> None:
        self.server, self.door, self.hosting = server, door, hosting
        self.notices: list[str] = []

    def known_hosts(self, folder: Path) -> Path:
        """A known_hosts file with the door's key: the client checks it strictly."""
        assert self.door.host_key is not None
        public = self.door.host_key.export_public_key("openssh").decode().split()[:2]
        path = folder / "known_hosts"
        path.write_text(f"[127.0.0.1]:{self.door.port} {' '.join(public)}\n")
        return path

    def ssh(
        self,
        folder: Path,
        seat: str,
        *command: str,
        key: Path | None = None,
        tty: bool = True,
        options: tuple[str, ...] = (),
    ) -> list[str]:
        assert SSH
        argv = [
            SSH,
            "-F", "/dev/null",
            "-o", f"UserKnownHostsFile={self.known_hosts(folder)}",
            "-o", "StrictHostKeyChecking=yes",
            "-p", str(self.door.port),
        ]  # fmt: skip
        argv += ["-o", "IdentitiesOnly=yes"]
        argv += ["-i", str(key)] if key is not None else ["-o", "PubkeyAuthentication=no"]
        argv += ["-tt"] if tty else ["-T"]
        return [*argv, *options, f"{seat}@127.0.0.1", *command]


@pytest.fixture
async def door(folder: Path) -> AsyncIterator[Door]:
    table = make_table()
    hosting = Hosting(table, None, None, str(folder / "t.sock"), None, False)
    hosting.ssh = SshOptions(0)
    server = await start_server(table, hosting.socket_path, None, None)
    said: list[str] = []
    opened = await open_door(hosting, server, lambda m: said.append(tell(m)))
    assert opened is not None
    door = Door(server, opened, hosting)
    door.notices = said
    yield door
    await opened.close()
    await server.close()


def run(argv: list[str], timeout: float = 20) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        argv, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL
    )


async def off_loop(argv: list[str]) -> subprocess.CompletedProcess[str]:
    """``ssh`` run to its end while the host's loop serves it."""
    return await asyncio.to_thread(run, argv)


async def test_a_seat_comes_in_with_its_code_and_plays(door: Door, folder: Path) -> None:
    """Ana types her invitation code at the prompt: her own table opens over SSH, a bid
    typed there reaches the host; the code is used up (the host hears Ana's next one)."""
    code = door.door.code("Ana")
    lines = door.door.lines()
    assert f"ssh -t -p {door.door.port} Ana@127.0.0.1  (one-time code {code})" in lines[1]
    term = Terminal.spawn(door.ssh(folder, "Ana"), env={"LANG": "C.UTF-8"})
    try:
        await term.read_until(b"Invitation code for Ana:")
        term.write(code.lower().replace("-", " ").encode() + b"\r")  # as a friend types it
        await term.read_until(b"Your turn")
        async with term.reading():
            await until(lambda: door.server.table.connected("Ana"))
        # ctrl+u clears the offered amount, then 25; Enter once the amount shows it (a key
        # typed before the table listens is the newcomer issue's, not the door's). Textual
        # draws only the cells that change: the amount comes alone, after the keys.
        await term.read_text("You bid")
        for attempt in range(3):
            typed = len(term.screen)
            term.write(b"\x1525")
            try:
                await term.read_text("25", timeout=10, since=typed)
                break
            except AssertionError:
                if attempt == 2:
                    raise
        term.write(b"\r")
        async with term.reading():  # the table's redraws read meanwhile
            await until(lambda: door.server.table.session.game.bids == {"Ana": 25}, 30)
        await term.read_until(b"Waiting for Bruno")
        assert door.door.code("Ana") != code
        assert any("Ana came in through the SSH door" in n for n in door.notices)
        term.write(b"\x11")  # ctrl+q: the seat is left (and held)
        await term.read_until(b"seat is held")
        assert await term.wait() == 0
    finally:
        term.close()
    await until(lambda: not door.server.table.connected("Ana"))


async def test_a_listed_key_opens_its_seat_and_a_code_keeps_a_key(door: Door, folder: Path) -> None:
    """A key listed for Bruno opens Bruno's seat (and no other); Chloé's key, offered
    with her code, opens her seat from then on without one, and is kept to be kept."""
    bruno, chloe = keypair(folder, "bruno"), keypair(folder, "chloe")
    keys = folder / "keys"
    keys.write_text(f"# the seats' keys\nBruno {(bruno.with_suffix('.pub')).read_text()}")
    door.door.learn({})  # (nothing learned yet)
    for seat, listed in read_seat_keys(keys, ["Ana", "Bruno", "Chloé"]).items():
        door.door.seats[seat].keys.extend(listed)
    # Bruno's key, not a terminal: the door opens, then says it needs one
    out = await off_loop(door.ssh(folder, "Bruno", key=bruno, tty=False))
    assert "The table needs a terminal" in out.stdout + out.stderr, out
    out = await off_loop(
        door.ssh(folder, "Ana", options=("-o", "BatchMode=yes"), key=bruno, tty=False)
    )
    assert "Permission denied" in out.stderr and "Ana@" in out.stderr
    # Chloé: her key and her code, then her key alone
    code = door.door.code("Chloé")
    term = Terminal.spawn(door.ssh(folder, "Chloé", key=chloe))
    try:
        await term.read_until("Invitation code for Chloé:".encode())
        term.write(code.encode() + b"\r")
        await term.read_until(b"Chlo")
        async with term.reading():
            await until(lambda: door.server.table.connected("Chloé"))
    finally:
        term.close()
    await until(lambda: not door.server.table.connected("Chloé"))
    kept = door.hosting.door_keys["Chloé"]
    assert kept == [" ".join(chloe.with_suffix(".pub").read_text().split()[:2])]
    term = Terminal.spawn(door.ssh(folder, "Chloé", options=("-o", "BatchMode=yes"), key=chloe))
    try:
        async with term.reading():
            await until(lambda: door.server.table.connected("Chloé"), timeout=20)
    finally:
        term.close()


async def test_refusals_are_said_in_words(door: Door, folder: Path) -> None:
    """An unknown seat, a command, a subsystem, three wrong codes: refused, in words."""
    out = await off_loop(door.ssh(folder, "Zed", options=("-o", "BatchMode=yes"), tty=False))
    assert "There is no seat called Zed at this table. Seats: Ana, Bruno, Chloé" in out.stderr
    assert out.returncode != 0
    key = keypair(folder, "ana")
    door.door.seats["Ana"].keys.append(
        asyncssh.import_public_key(key.with_suffix(".pub").read_text())
    )
    out = await off_loop(door.ssh(folder, "Ana", "cat", "/etc/passwd", key=key, tty=False))
    assert "runs nothing else; only a language may follow the address" in out.stdout
    assert "root:" not in out.stdout and out.returncode == 2
    out = await off_loop(door.ssh(folder, "Ana", "sftp", key=key, tty=False, options=("-s",)))
    assert "subsystem request failed" in out.stderr and out.returncode != 0
    # three wrong codes: the door says so each time, and the host hears of each
    term = Terminal.spawn(door.ssh(folder, "Bruno"))
    try:
        prompt = b"Invitation code for Bruno:"
        for tries, left in enumerate((b"(2 tries left)", b"(1 try left)"), 1):
            await term.read_until(prompt, count=tries)
            term.write(b"WRONG-CODE\r")
            await term.read_until(left)
        await term.read_until(prompt, count=3)
        term.write(b"WRONG-CODE\r")
        await term.read_until(b"Permission denied")
        assert await term.wait() != 0
    finally:
        term.close()
    assert sum("A wrong invitation code for Bruno" in n for n in door.notices) == 3
    assert not door.server.table.connected("Bruno")


async def test_the_language_passes_through(door: Door, folder: Path) -> None:
    """The client's LANG reaches the seat's table (ssh sends it with SendEnv), and a
    language typed after the address is taken instead."""
    key = keypair(folder, "ana")
    door.door.seats["Ana"].keys.append(
        asyncssh.import_public_key(key.with_suffix(".pub").read_text())
    )
    term = Terminal.spawn(door.ssh(folder, "Ana", "es", key=key))
    try:
        await term.read_until(b"Su turno")
    finally:
        term.close()
    await until(lambda: not door.server.table.connected("Ana"))
    term = Terminal.spawn(
        door.ssh(folder, "Ana", key=key, options=("-o", "SendEnv=LANG")),
        env={"LANG": "fr_FR.UTF-8"},
    )
    try:
        await term.read_until("À vous".encode())
    finally:
        term.close()


async def test_the_host_key_is_made_once_and_kept(folder: Path) -> None:
    """The door's host key is made once in the data folder (0600) and read after: the
    fingerprint printed is the key's, the same at the next table."""
    assert KEYGEN
    table = make_table()
    server = await start_server(table, str(folder / "t.sock"), None, None)
    try:
        hosting = Hosting(table, None, None, str(folder / "t.sock"), None, False)
        hosting.ssh = SshOptions(0)
        first = await open_door(hosting, server, lambda m: None)
        assert first is not None
        fingerprint = first.fingerprint
        await first.close()
        key = folder / "data" / "ssh_host_ed25519_key"
        assert key.stat().st_mode & 0o777 == 0o600
        out = run([KEYGEN, "-lf", str(key)])
        assert fingerprint in out.stdout
        again = await open_door(hosting, server, lambda m: None)
        assert again is not None and again.fingerprint == fingerprint
        assert again.lines()[0].endswith(f"(host key {fingerprint}):")
        await again.close()
    finally:
        await server.close()


def test_keys_let_in_are_kept_with_the_seats_tokens(folder: Path) -> None:
    """What the door let in with a code is written beside the journal with the tokens
    (0600) and read back by ``banque host --resume``."""
    from banque.net.server import open_journal

    table = make_table()
    hosting = Hosting(table, None, None, str(folder / "t.sock"), None, True)
    assert open_journal(table.session, table.pace) is None
    journal = table.session.journal
    assert journal is not None
    try:
        line = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGJ0ZXN0a2V5Zm9yYmFucXVlZG9vcnRlc3RzMDAwMDA"
        assert keep_door_keys(hosting, {"Bruno": [line]}) is None
        kept = read_seats(journal.path)
        assert kept is not None and kept.keys == {"Bruno": [line]}
        assert kept.tokens["Bruno"] == table.token("Bruno")
    finally:
        journal.close()


def test_a_keys_file_is_read_or_refused_in_words(folder: Path) -> None:
    key = keypair(folder, "k")
    public = key.with_suffix(".pub").read_text()
    good = folder / "keys"
    good.write_text(f"\n# Bruno's laptop\nBruno {public}")
    assert list(read_seat_keys(good, ["Ana", "Bruno"])) == ["Bruno"]
    from banque.net.ssh_door import DoorError

    for text, words in (
        (f"Zed {public}", "line 1: Zed has no seat here (seats: Ana, Bruno)"),
        ("Bruno not-a-key", "line 1: not a public key"),
    ):
        bad = folder / "bad"
        bad.write_text(text)
        with pytest.raises(DoorError) as caught:
            read_seat_keys(bad, ["Ana", "Bruno"])
        assert words in tell(caught.value.msg)


def test_invitation_codes_are_random_and_readable() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == 9 and c[4] == "-" and not set(c) & set("0O1IL") for c in codes)


async def _host(folder: Path, *args: str) -> asyncio.subprocess.Process:
    env = {**os.environ, "BANQUE_DATA_DIR": str(folder / "data")}
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "banque", "host", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )  # fmt: skip


async def test_banque_host_opens_the_door_and_resume_opens_it_again(folder: Path) -> None:
    """``banque host --ssh`` prints the door's lines after the join lines; Ana comes in
    with her key and her code; SIGTERM keeps the game, and ``banque host --resume``
    opens the door again at the same port with the same host key, where Ana's key
    alone opens her seat."""
    assert SSH
    key = keypair(folder, "ana")
    sock = folder / "t.sock"
    proc = await _host(
        folder, "--players", "Ana,Bruno,Chloé", "--computer", "Chloé", "--pace", "0",
        "--socket", str(sock), "--ssh", "0", "--log",
    )  # fmt: skip
    try:
        lines = await first_lines(proc, 9)
        door = lines[5]
        assert door.startswith("SSH door on 127.0.0.1:") and "(host key SHA256:" in door
        port = int(door.split(":")[1].split(" ")[0])
        fingerprint = door.rsplit("host key ", 1)[1].removesuffix("):\n")
        code = lines[6].rsplit("one-time code ", 1)[1].removesuffix(")\n")
        assert lines[6].startswith(f"  Ana: ssh -t -p {port} Ana@127.0.0.1  (one-time code ")
        assert lines[8].startswith(f"  Spectators: ssh -t -p {port} watch@127.0.0.1  (code ")
        argv = [
            SSH, "-F", "/dev/null", "-o", "StrictHostKeyChecking=no",
            "-o", f"UserKnownHostsFile={folder / 'known'}", "-o", "IdentitiesOnly=yes",
            "-i", str(key), "-tt", "-p", str(port), "Ana@127.0.0.1",
        ]  # fmt: skip
        bruno_code = lines[7].rsplit("one-time code ", 1)[1].removesuffix(")\n")
        bruno = [*argv[:-4], "-o", "PubkeyAuthentication=no", "-tt", "-p", str(port)]
        term = Terminal.spawn(argv)
        other = Terminal.spawn([*bruno, "Bruno@127.0.0.1"])
        pumps: list[asyncio.Task[None]] = []
        try:
            await term.read_until(b"Invitation code for Ana:")
            term.write(code.encode() + b"\r")
            await term.read_text("banque — Ana")  # her table
            await other.read_until(b"Invitation code for Bruno:")
            other.write(bruno_code.encode() + b"\r")
            await other.read_text("banque — Bruno")  # his table
            # Both screens read from now on, as a person's terminal always is: a screen
            # nobody reads fills up, and its table (over SSH) stops taking keys.
            pumps = [t.pump() for t in (term, other)]
            await term.read_text("Your turn")
            term.write(b"\x1510\r")  # Ana bids, then Bruno, then Chloé: a bank is held
            await other.read_text("Your turn")
            other.write(b"\x155\r")
            assert proc.stdout is not None
            async with asyncio.timeout(45):  # the whole suite at once: a busy machine
                while b"holds bank 1" not in await proc.stdout.readline():
                    pass
        finally:
            for pump in pumps:
                pump.cancel()
            term.close()
            other.close()
        proc.send_signal(signal.SIGTERM)  # in the middle of a bank: kept to host again
        await asyncio.wait_for(proc.communicate(), 20)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    again = await _host(folder, "--resume", "--log")
    try:
        lines = await first_lines(again, 10)
        assert lines[0].startswith("Game ") and " resumed at bank 1" in lines[0]
        assert lines[6] == f"SSH door on 127.0.0.1:{port} (host key {fingerprint}):\n"
        assert "(a listed key, or the one-time code " in lines[7]  # Ana's kept key
        term = Terminal.spawn([*argv[:-3], "-o", "BatchMode=yes", *argv[-3:]])
        try:
            await term.read_text("banque — Ana")  # her table: her key alone
        finally:
            term.close()
        again.send_signal(signal.SIGTERM)
        await asyncio.wait_for(again.communicate(), 20)
    finally:
        if again.returncode is None:
            again.kill()
            await again.wait()


async def test_no_concealed_card_reaches_an_ssh_client_of_another_seat(folder: Path) -> None:
    """The leak test through the door (tests/net/door_leaks.py), watched by a spectator
    over SSH: no face-down card in what the spectator's SSH client received."""
    hosting = chemin_table_of_computers(folder, ssh=SshOptions(0))
    server = await start_server(hosting.table, hosting.socket_path, None, None)
    door = await open_door(hosting, server, lambda m: None)
    assert door is not None
    watcher = Door(server, door, hosting)
    term = Terminal.spawn(watcher.ssh(folder, "watch"))
    try:
        await term.read_until(b"Invitation code for watch:")
        term.write(door.code("watch").encode() + b"\r")
        await term.read_text("Chemin de fer")
        pump = term.pump()
        await no_face_down_card_is_received(hosting.table.session.game, term.text, term.read_text)
        pump.cancel()
    finally:
        term.close()
        await door.close()
        await server.close()


def test_a_door_open_beyond_this_machine_is_said_in_words() -> None:
    from banque.net.host import door_warning

    for bind, warned in (("127.0.0.1", False), ("::1", False), ("localhost", False),
                         ("127.0.0.2", False), ("0.0.0.0", True), ("192.168.1.5", True)):  # fmt: skip
        door = SshDoor("/tmp/t.sock", {"Ana": "token"}, port=2222, bind=bind)
        said = door_warning(door)
        assert (said is not None) == warned, bind
        if said is not None:
            assert f"The SSH door listens on {bind}: anyone who can reach" in tell(said)
    assert door_warning(None) is None
