"""A real command in a pseudo-terminal, for the tests that try banque as a person would.

``Terminal.spawn([...])`` forks the command under a pty of the given size;
``await term.read_until(b"words")`` reads the screen's bytes until the words
come (or fails showing the screen's tail), without a blocked thread if they
never come; ``term.write(b"…")`` types; ``term.pump()`` is a task that keeps reading the screen while
a test waits for something else, and ``async with term.reading():`` pumps for
the block's length; ``await term.wait()`` is the exit code (the screen read
meanwhile, within a timeout);
``term.modes()`` is the terminal's line discipline now (echo, line editing,
signal keys: what raw mode turns off); ``term.close()`` kills what is left
and closes the terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import re
import signal
import struct
import termios
from collections.abc import AsyncIterator, Mapping, Sequence

#: A terminal's escape sequences: CSI (colours, cursor moves, modes) and OSC (titles).
_ESCAPES = re.compile(
    r"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[=>()][0-9A-Za-z]?"
)


class Terminal:
    """One pseudo-terminal with one program running in it."""

    def __init__(self, pid: int, fd: int) -> None:
        self.pid = pid
        self.fd = fd
        self.screen = bytearray()
        #: Readers of the terminal at work (:meth:`pump`): :meth:`wait` adds none then.
        self.pumping = 0

    @classmethod
    def spawn(
        cls,
        argv: Sequence[str],
        env: Mapping[str, str] | None = None,
        rows: int = 30,
        cols: int = 100,
    ) -> Terminal:
        """Run ``argv`` (``argv[0]`` a path) at a ``cols`` x ``rows`` terminal."""
        pid, fd = pty.fork()
        if pid == 0:  # the child: the program at its terminal
            os.environ.update({"TERM": "xterm-256color", **(env or {})})
            try:
                os.execv(argv[0], list(argv))
            finally:
                os._exit(127)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        return cls(pid, fd)

    async def _chunk(self) -> bytes:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        try:
            loop.add_reader(self.fd, lambda: ready.done() or ready.set_result(None))
        except OSError:  # the terminal is closed (a file in its place): nothing to read
            return b""
        try:
            await ready
        finally:
            loop.remove_reader(self.fd)
        try:
            return os.read(self.fd, 65536)
        except OSError:  # the program has ended
            return b""

    async def read_until(self, word: bytes, timeout: float = 30, count: int = 1) -> None:
        """Read the terminal until ``word`` has been shown (``count`` times in all)."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while self.screen.count(word) < count:
                    if self.pumping:  # another task reads the terminal: wait for it
                        await asyncio.sleep(0.05)
                        continue
                    chunk = await self._chunk()
                    if not chunk:
                        break
                    self.screen.extend(chunk)
        assert self.screen.count(word) >= count, bytes(self.screen[-600:])

    def text(self, since: int = 0) -> str:
        """What the screen wrote (from its byte ``since`` on), its escape sequences
        (colours, moves) taken out."""
        return _ESCAPES.sub("", self.screen[since:].decode("utf-8", "replace"))

    async def read_text(self, words: str, timeout: float = 30, since: int = 0) -> None:
        """Read the terminal until ``words`` have been written (after its byte ``since``:
        ``len(term.screen)`` when a key was typed), whatever styles or cursor moves came
        between their letters (a title, a key bar)."""
        squeezed = words.replace(" ", "")
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while squeezed not in self.text(since).replace(" ", ""):
                    if self.pumping:  # another task reads the terminal: wait for it
                        await asyncio.sleep(0.05)
                        continue
                    chunk = await self._chunk()
                    if not chunk:
                        break
                    self.screen.extend(chunk)
        assert squeezed in self.text(since).replace(" ", ""), self.text()[-600:]

    def pump(self) -> asyncio.Task[None]:
        """A task that keeps reading what the program shows, until cancelled or the
        program ends: a terminal nobody reads fills up, and the program (over SSH: the
        whole connection) blocks on it, input included.

        Counted as a reader at once (:meth:`read_text` then leaves the reading to it): a
        reader that began before the task ran would wait on a callback the task's
        replaced (one reader a terminal), until its timeout."""
        self.pumping += 1
        task = asyncio.create_task(self._pump())
        task.add_done_callback(self._pumped)  # (cancelled before it ran, too)
        return task

    @contextlib.asynccontextmanager
    async def reading(self) -> AsyncIterator[None]:
        """The screen read while the block waits on something else (the host's state): the
        program never blocks on a full terminal meanwhile (over SSH, a client blocked
        writing the screen reads no more keys)."""
        pump = self.pump()
        try:
            yield
        finally:
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pump

    def _pumped(self, _task: asyncio.Task[None]) -> None:
        self.pumping -= 1

    async def _pump(self) -> None:
        while chunk := await self._chunk():
            self.screen.extend(chunk)

    def modes(self) -> dict[str, bool]:
        """Whether the terminal echoes, edits lines and turns ctrl+c into a signal (a
        shell's terminal does all three; a full-screen program turns them off while it runs).
        Read through the pty's master side, which shows the terminal's own settings."""
        lflag = termios.tcgetattr(self.fd)[3]
        return {
            "echo": bool(lflag & termios.ECHO),
            "icanon": bool(lflag & termios.ICANON),
            "isig": bool(lflag & termios.ISIG),
        }

    def write(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    async def wait(self, timeout: float = 30) -> int:
        """The program's exit code once it has ended (within ``timeout`` seconds), what it
        shows meanwhile read to its last byte: a terminal nobody reads fills up, and the
        program blocks writing to it, never to end. No thread waits for the program (one
        left waiting would hold the test's event loop at its close)."""
        pump = self.pump() if not self.pumping else None
        try:
            async with asyncio.timeout(timeout):
                while not (ended := os.waitpid(self.pid, os.WNOHANG))[0]:
                    await asyncio.sleep(0.02)
                if pump is not None:
                    await pump  # the rest of the screen (the terminal's end comes at once)
        finally:
            if pump is not None:
                pump.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pump
        return os.waitstatus_to_exitcode(ended[1])

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        with contextlib.suppress(OSError):
            os.close(self.fd)


async def first_lines(proc: asyncio.subprocess.Process, n: int, timeout: float = 20) -> list[str]:
    """The first ``n`` lines a program (started with ``stdout=PIPE``) prints."""
    assert proc.stdout is not None
    lines: list[str] = []
    async with asyncio.timeout(timeout):
        while len(lines) < n:
            lines.append((await proc.stdout.readline()).decode())
    return lines
