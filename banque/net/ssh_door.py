"""The SSH door: ``banque host --ssh PORT`` lets a friend sit down with ``ssh``.

An SSH server inside the host (asyncssh).  Each seat is reached with
``ssh -t -p PORT SEAT@HOST``, admitted by a public key the host lists for that
seat (``--ssh-keys FILE``: lines ``SEAT ssh-ed25519 AAAA… comment``) or by the
seat's one-time invitation code, typed at the prompt; a key offered with a good
code is the seat's from then on, and the seat gets a fresh code.  Spectators
come in as ``watch`` with the spectators' code.  The door opens that seat's own
table and nothing else: the session runs ``banque join`` for the seat on a
pseudo-terminal of its own (the seat's token in its environment, never on a
command line), with the client's ``TERM``, window size (and its changes) and
language (``LANG``/``LC_*`` as the client sends them, or ``fr``, ``es`` or ``en``
as the only word after the address); no shell, no command, no subsystem, no
forwarding of any kind.  A refusal is said in words: an unknown seat, a wrong
code, a command, no terminal.

The host key is made once (Ed25519) and kept in banque's data folder, mode
0600; its fingerprint is printed so that friends can check it.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import hmac
import os
import secrets
import shlex
import signal
import struct
import subprocess
import sys
import termios
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from ..core.journal import atomic_write, data_dir
from ..core.messages import N_, Msg, os_reason
from ..core.messages import tell as say
from ..i18n import LANGUAGES, Nn_
from .bind import open_beyond

__all__ = [
    "DoorError",
    "SshDoor",
    "door_host_key",
    "read_seat_keys",
]

#: The user name spectators give (``ssh -t -p PORT watch@HOST``).
WATCH = "watch"
#: The host key's file in the data folder.
HOST_KEY = "ssh_host_ed25519_key"
#: An invitation code's letters: no 0/O, 1/I/L to misread.
_CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: Wrong codes a connection may type before it is hung up on.
CODE_TRIES = 3
#: Seconds a connection has to prove itself.
LOGIN_SECONDS = 60
#: Bytes of a seat's screen held for a client that reads slowly, before its table waits.
SCREEN_BUFFER = 256 * 1024
#: The environment a client may pass to its seat (its language).
_PASSED_ENV = ("LANGUAGE", "LANG", "LC_ALL", "LC_MESSAGES", "LC_CTYPE")


class DoorError(Exception):
    """The door cannot open (its port, its host key, the keys file): ``msg`` says why."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(str(msg))
        self.msg = msg


def new_code() -> str:
    """A one-time invitation code: eight letters and digits, ``K7QF-3MZP``."""
    letters = "".join(secrets.choice(_CODE_LETTERS) for _ in range(8))
    return f"{letters[:4]}-{letters[4:]}"


def _same_code(typed: str, code: str) -> bool:
    """A typed code against the seat's (case, spaces and dashes as they come)."""
    clean = "".join(c for c in typed.upper() if c.isalnum())
    return hmac.compare_digest(clean.encode(), code.replace("-", "").encode())


def door_host_key(folder: Path | None = None) -> asyncssh.SSHKey:
    """The door's host key: made once, kept in the data folder (0600), read after."""
    path = (folder or data_dir()) / HOST_KEY
    if path.exists():
        if path.is_symlink() or not path.is_file():
            raise DoorError(Msg(N_("{path} is not a regular file: remove it"), path=str(path)))
        info = path.stat()
        if info.st_uid != os.getuid() or info.st_mode & 0o077:
            raise DoorError(
                Msg(
                    N_("{path} may be read by others: chmod 600 it (or remove it for a new key)"),
                    path=str(path),
                )
            )
        try:
            return asyncssh.read_private_key(str(path))
        except (OSError, asyncssh.KeyImportError) as exc:
            raise DoorError(
                Msg(
                    N_("the door's host key {path} cannot be read ({why})"),
                    path=str(path),
                    why=os_reason(exc),
                )
            ) from None
    key = asyncssh.generate_private_key("ssh-ed25519", comment="banque SSH door")
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        atomic_write(path, key.export_private_key("openssh").decode("ascii"), mode=0o600)
    except OSError as exc:
        raise DoorError(
            Msg(
                N_("the door's host key cannot be kept in {path} ({why})"),
                path=str(path),
                why=os_reason(exc),
            )
        ) from None
    return key


def read_seat_keys(path: Path, seats: Sequence[str]) -> dict[str, list[asyncssh.SSHKey]]:
    """A keys file: ``SEAT KEY`` a line (``#`` comments), each key an OpenSSH public key."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DoorError(
            Msg(N_("--ssh-keys {path}: cannot be read ({why})"), path=str(path), why=os_reason(exc))
        ) from None
    keys: dict[str, list[asyncssh.SSHKey]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        seat, _, rest = line.partition(" ")
        if seat not in seats:
            raise DoorError(
                Msg(
                    N_("--ssh-keys {path}, line {line}: {seat} has no seat here (seats: {seats})"),
                    path=str(path),
                    line=number,
                    seat=seat,
                    seats=", ".join(seats),
                )
            )
        try:
            key = asyncssh.import_public_key(rest.strip())
        except (asyncssh.KeyImportError, ValueError):
            raise DoorError(
                Msg(
                    N_(
                        "--ssh-keys {path}, line {line}: not a public key (write SEAT then the "
                        "key as in a .pub file)"
                    ),
                    path=str(path),
                    line=number,
                )
            ) from None
        keys.setdefault(seat, []).append(key)
    return keys


@dataclass
class _Seat:
    """A seat behind the door: its token (for its ``banque join``), the keys that open
    it, and its one-time code (the spectators' is kept: they are many)."""

    token: str | None
    code: str
    keys: list[asyncssh.SSHKey] = field(default_factory=list)

    def admits(self, key: asyncssh.SSHKey) -> bool:
        data = key.public_data
        return any(k.public_data == data for k in self.keys)


class SshDoor:
    """The host's SSH server, one seat a connection.

    ``address``: the table's socket, which each seat's ``banque join`` connects to;
    ``tokens``: each human seat's token; ``keys``: the keys listed for a seat;
    ``notice``: what the host should hear (a seat admitted by its code, wrong codes).
    Each seat's table is ``banque join`` run by this interpreter.
    """

    def __init__(
        self,
        address: str,
        tokens: Mapping[str, str],
        *,
        port: int,
        bind: str = "127.0.0.1",
        keys: Mapping[str, Sequence[asyncssh.SSHKey]] | None = None,
        folder: Path | None = None,
        notice: Callable[[Msg], None] | None = None,
        on_keys: Callable[[dict[str, list[str]]], None] | None = None,
    ) -> None:
        self.address = address
        self.port = port
        self.bind = bind
        self.folder = folder
        self.notice = notice or (lambda msg: None)
        #: Told the keys let in by a code (OpenSSH's one-line form), to keep them.
        self.on_keys = on_keys or (lambda keys: None)
        #: The keys let in by a code so far, by seat.
        self.learned: dict[str, list[asyncssh.SSHKey]] = {}
        self.seats: dict[str, _Seat] = {
            name: _Seat(token, new_code(), list((keys or {}).get(name, ())))
            for name, token in tokens.items()
        }
        if WATCH not in self.seats:
            self.seats[WATCH] = _Seat(None, new_code())
        self._acceptor: Any = None
        self.host_key: asyncssh.SSHKey | None = None
        self.sessions: set[_SeatSession] = set()

    # ------------------------------------------------------------ what the host says

    @property
    def fingerprint(self) -> str:
        assert self.host_key is not None
        return str(self.host_key.get_fingerprint("sha256"))

    def code(self, seat: str) -> str:
        return self.seats[seat].code

    def open_to_others(self) -> bool:
        """Listening beyond this machine (a LAN, the internet)."""
        return open_beyond(self.bind)

    def command(self, seat: str, host: str | None = None) -> str:
        """The line a friend types for ``seat``."""
        where = host or (self.bind if self.bind not in ("0.0.0.0", "::", "") else "HOST")
        return f"ssh -t -p {self.port} {shlex.quote(seat)}@{where}"

    def lines(self, host: str | None = None) -> list[str]:
        """How each seat, and the spectators, come in through the door."""
        out = [
            say(
                Msg(
                    N_("SSH door on {bind}:{port} (host key {fingerprint}):"),
                    bind=self.bind,
                    port=self.port,
                    fingerprint=self.fingerprint,
                )
            )
        ]
        for name, seat in self.seats.items():
            if name == WATCH:
                continue
            how = (
                N_("{command}  (a listed key, or the one-time code {code})")
                if seat.keys
                else N_("{command}  (one-time code {code})")
            )
            out.append(
                f"  {name}: " + say(Msg(how, command=self.command(name, host), code=seat.code))
            )
        out.append(
            "  "
            + say(
                Msg(
                    N_("Spectators: {command}  (code {code})"),
                    command=self.command(WATCH, host),
                    code=self.seats[WATCH].code,
                )
            )
        )
        return out

    def learned_keys(self) -> dict[str, list[str]]:
        """The keys let in by a code, by seat, as OpenSSH writes a public key."""
        return {
            seat: [k.export_public_key("openssh").decode("ascii").strip() for k in keys]
            for seat, keys in self.learned.items()
        }

    def learn(self, keys: Mapping[str, Sequence[str]]) -> None:
        """Keys let in before (a game hosted again): they open their seats again."""
        for name, lines in keys.items():
            seat = self.seats.get(name)
            if seat is None or name == WATCH:
                continue
            for line in lines:
                try:
                    key = asyncssh.import_public_key(line)
                except (asyncssh.KeyImportError, ValueError):
                    continue
                if not seat.admits(key):
                    seat.keys.append(key)
                    self.learned.setdefault(name, []).append(key)

    # ------------------------------------------------------------ opening, closing

    async def start(self) -> None:
        self.host_key = door_host_key(self.folder)
        try:
            self._acceptor = await asyncssh.listen(
                self.bind,
                self.port,
                server_factory=lambda: _DoorServer(self),
                server_host_keys=[self.host_key],
                encoding=None,
                allow_pty=True,
                agent_forwarding=False,
                x11_forwarding=False,
                allow_scp=False,
                login_timeout=LOGIN_SECONDS,
                keepalive_interval=30,
            )
        except OSError as exc:
            raise DoorError(
                Msg(
                    N_("the SSH door cannot open on {bind}:{port} ({why})"),
                    bind=self.bind,
                    port=self.port,
                    why=os_reason(exc),
                )
            ) from None
        if self.port == 0:
            self.port = int(self._acceptor.get_port())

    async def close(self) -> None:
        for session in list(self.sessions):
            session.hang_up()
        if self._acceptor is not None:
            self._acceptor.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._acceptor.wait_closed(), 5)
            self._acceptor = None

    # ------------------------------------------------------------ admitting

    def admitted_by_code(self, name: str, key: asyncssh.SSHKey | None, peer: str) -> None:
        """A good code: the seat's next code is a new one; a key offered with it opens
        the seat from now on."""
        seat = self.seats[name]
        if name != WATCH:
            seat.code = new_code()
            if key is not None and not seat.admits(key):
                seat.keys.append(key)
                self.learned.setdefault(name, []).append(key)
                self.on_keys(self.learned_keys())
            if key is not None:
                said = N_(
                    "{seat} came in through the SSH door with the invitation code (from "
                    "{peer}); the key {key} now opens the seat; {seat}'s next code: {code}"
                )
            else:
                said = N_(
                    "{seat} came in through the SSH door with the invitation code (from "
                    "{peer}); {seat}'s next code: {code}"
                )
            fingerprint = str(key.get_fingerprint("sha256")) if key is not None else ""
            self.notice(Msg(said, seat=name, peer=peer, key=fingerprint, code=seat.code))


class _DoorServer(asyncssh.SSHServer):
    """One connection: who it says it is, and whether it may be."""

    def __init__(self, door: SshDoor) -> None:
        self.door = door
        self.conn: Any = None
        self.user = ""
        self.offered: asyncssh.SSHKey | None = None
        self.tries = 0

    def connection_made(self, conn: Any) -> None:
        self.conn = conn

    def _peer(self) -> str:
        peer = self.conn.get_extra_info("peername") if self.conn is not None else None
        return str(peer[0]) if peer else "?"

    def begin_auth(self, username: str) -> bool:
        self.user = username
        if username not in self.door.seats:
            seats = [n for n in self.door.seats if n != WATCH]
            self.conn.send_auth_banner(
                say(
                    Msg(
                        N_(
                            "There is no seat called {name} at this table. Seats: {seats}; "
                            "spectators: {watch}.\n"
                        ),
                        name=username,
                        seats=", ".join(seats),
                        watch=WATCH,
                    )
                )
            )
        return True  # every user proves itself (an unknown one cannot)

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        seat = self.door.seats.get(username)
        if seat is None:
            return False
        if seat.admits(key):
            return True
        self.offered = key  # kept if the code comes next
        return False

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return self.user in self.door.seats

    def _challenge(self, why: str) -> tuple[str, str, str, list[tuple[str, bool]]]:
        prompt = say(Msg(N_("Invitation code for {seat}: "), seat=self.user))
        return ("", why, "en-US", [(prompt, True)])

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        if username not in self.door.seats or self.tries >= CODE_TRIES:
            return False  # (three wrong codes: no more on this connection)
        return self._challenge(
            say(
                Msg(
                    N_(
                        "{seat}'s seat at banque: the code the host gave you (no key of yours is listed for it)."
                    ),
                    seat=username,
                )
            )
            + "\n"
        )

    def validate_kbdint_response(self, username: str, responses: Sequence[str]) -> Any:
        seat = self.door.seats.get(username)
        if seat is None or len(responses) != 1:
            return False
        if _same_code(responses[0], seat.code):
            self.door.admitted_by_code(username, self.offered, self._peer())
            return True
        self.tries += 1
        self.door.notice(
            Msg(
                N_(
                    "A wrong invitation code for {seat} through the SSH door (from {peer}): refused."
                ),
                seat=username,
                peer=self._peer(),
            )
        )
        if self.tries >= CODE_TRIES:
            return False
        return self._challenge(
            say(
                Msg.plural(
                    Nn_(
                        "That code does not open {seat}'s seat ({n} try left).",
                        "That code does not open {seat}'s seat ({n} tries left).",
                    ),
                    CODE_TRIES - self.tries,
                    seat=username,
                )
            )
            + "\n"
        )

    def session_requested(self) -> Any:
        return _SeatSession(self.door, self.user)

    # No forwarding of any kind (asyncssh refuses by default; said here for the reader).
    def connection_requested(self, *args: Any) -> bool:
        return False

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


def _set_size(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(rows, 1), max(cols, 1), 0, 0))


class _SeatSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """A session: the seat's ``banque join`` on a pseudo-terminal, bytes both ways."""

    def __init__(self, door: SshDoor, seat: str) -> None:
        self.door = door
        self.seat = seat
        self.chan: Any = None
        self.term: str | None = None
        self.size = (80, 24)
        self.command: str | None = None
        self.proc: subprocess.Popen[bytes] | None = None
        self.master: int | None = None
        self.pending = bytearray()
        self.reading = False
        self.done = False

    # -------------------------------------------------------------- what is asked

    def connection_made(self, chan: Any) -> None:
        self.chan = chan
        self.door.sessions.add(self)

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any
    ) -> bool:
        self.term = term_type or "xterm"
        if term_size[0] and term_size[1]:
            self.size = (int(term_size[0]), int(term_size[1]))
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command
        return True  # refused in words once started (or taken: --lang xx)

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def _refuse(self, msg: Msg) -> None:
        self.chan.write((say(msg) + "\r\n").encode("utf-8"))
        self.chan.exit(2)

    def session_started(self) -> None:
        lang: str | None = None
        if self.command is not None:
            words = self.command.replace("=", " ").split()
            if words[:1] in (["--lang"], ["lang"]):
                words = words[1:]
            if len(words) == 1 and words[0] in LANGUAGES:
                lang = words[0]
            else:
                return self._refuse(
                    Msg(
                        N_(
                            "This door opens {seat}'s seat at the table and runs nothing else; "
                            "only a language may follow the address: {languages}."
                        ),
                        seat=self.seat,
                        languages=", ".join(LANGUAGES),
                    )
                )
        if self.term is None:
            return self._refuse(
                Msg(
                    N_("The table needs a terminal: ssh -t -p {port} {seat}@… asks for one."),
                    port=self.door.port,
                    seat=self.seat,
                )
            )
        try:
            self._spawn(lang)
        except OSError as exc:
            self._refuse(Msg(N_("The seat's table cannot start ({why})."), why=os_reason(exc)))

    def _spawn(self, lang: str | None) -> None:
        seat = self.door.seats[self.seat]
        argv = ["join"]
        argv += ["--watch"] if self.seat == WATCH else ["--seat", self.seat]
        argv += ["--table", self.door.address]
        if lang:
            argv += ["--lang", lang]
        env = dict(os.environ)
        for name in ("BANQUE_TOKEN", "COLUMNS", "LINES"):
            env.pop(name, None)
        sent = {
            name: value
            for name, value in self.chan.get_environment().items()
            if name in _PASSED_ENV
            and isinstance(value, str)
            and len(value) < 64
            and value.isprintable()
        }
        if sent:  # the client's language, not the host's (nor the host's BANQUE_LANG)
            for name in (*_PASSED_ENV, "BANQUE_LANG"):
                env.pop(name, None)
            env.update(sent)
        env["TERM"] = self.term or "xterm"
        env.setdefault("ESCDELAY", "250")  # an arrow key over a slow line is not Escape
        if seat.token is not None:
            env["BANQUE_TOKEN"] = seat.token  # its environment: no other user reads it
        master, slave = os.openpty()
        try:
            _set_size(master, *self.size)
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "banque.net.ssh_seat", *argv],
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                start_new_session=True,  # its own session, the terminal its own
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self._read_screen(True)

    # -------------------------------------------------------------- the bytes

    def _read_screen(self, on: bool) -> None:
        loop = asyncio.get_running_loop()
        if self.master is None or on == self.reading:
            return
        if on:
            loop.add_reader(self.master, self._screen)
        else:
            loop.remove_reader(self.master)
        self.reading = on

    def _screen(self) -> None:
        assert self.master is not None
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError as exc:  # EIO: the seat's table has ended
            if exc.errno != errno.EIO:
                raise
            data = b""
        if not data:
            self._ended()
            return
        self.chan.write(data)
        if self.chan.get_write_buffer_size() > SCREEN_BUFFER:
            self._read_screen(False)  # the client is behind: its table waits for it

    def pause_writing(self) -> None:
        self._read_screen(False)

    def resume_writing(self) -> None:
        if not self.done:
            self._read_screen(True)

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.master is None:
            return
        self.pending.extend(data)
        self._flush_keys()

    def _flush_keys(self) -> None:
        loop = asyncio.get_running_loop()
        assert self.master is not None
        while self.pending:
            try:
                n = os.write(self.master, self.pending)
            except BlockingIOError:
                break
            except OSError:
                self.pending.clear()
                return
            del self.pending[:n]
        if self.pending:
            self.chan.pause_reading()  # keys wait in the client until the table reads
            loop.add_writer(self.master, self._keys_writable)

    def _keys_writable(self) -> None:
        loop = asyncio.get_running_loop()
        if self.master is not None:
            loop.remove_writer(self.master)
            self._flush_keys()
            if not self.pending:
                self.chan.resume_reading()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width, height)
        if self.master is not None and width and height:
            _set_size(self.master, width, height)  # the table hears SIGWINCH

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        pass  # the seat's table is not the client's to signal

    def eof_received(self) -> bool:
        self.hang_up()
        return False

    # -------------------------------------------------------------- the end

    def _ended(self, tries: int = 0) -> None:
        """The seat's table closed its terminal: its exit status goes to the client once
        it has exited (looked at every 0.1 s, never waited for in the host's loop)."""
        self._close_master()
        self.done = True
        status = self.proc.poll() if self.proc is not None else 0
        if status is None and tries < 50:
            asyncio.get_running_loop().call_later(0.1, self._ended, tries + 1)
            return
        with contextlib.suppress(Exception):
            self.chan.exit(max(status or 0, 0))

    def _close_master(self) -> None:
        if self.master is not None:
            self._read_screen(False)
            loop = asyncio.get_running_loop()
            loop.remove_writer(self.master)
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None

    def hang_up(self) -> None:
        """The client is gone (or the door closes): the seat's table is hung up on, as
        a closed terminal is; the seat is held at the table."""
        proc = self.proc
        if proc is not None and proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGHUP)
            asyncio.get_running_loop().call_later(5, self._kill, proc)
        self._close_master()
        self.door.sessions.discard(self)

    @staticmethod
    def _kill(proc: subprocess.Popen[bytes]) -> None:
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            asyncio.get_running_loop().call_later(1, proc.poll)  # reaped, not waited for

    def connection_lost(self, exc: Exception | None) -> None:
        self.hang_up()
