"""How fast the table's first full screen appears, beside a hello-world Textual app.

Run from the repository root (after ``pip install .``)::

    python benchmarks/bench_start.py [--runs N] [--size 100x30]

Both programs are measured the same way, in one run, alternately: each run
is a fresh process started under a pseudo-terminal (as a player's terminal
starts ``banque``), timed from the ``fork`` to the moment its first full
screen has been written to the terminal — for ``banque`` the setup screen
down to its footer (the last line drawn), for the hello-world app its one
line of text.  The process is then killed.  Each figure is the minimum and
the median of ``--runs`` runs; the target is ``banque`` at most 1.5 times
the hello-world app (by the medians).  Beside the wall-clock time, the CPU
time each process used until then (from ``wait4``) is shown: on a busy
machine it is the steadier figure.

Both programs start from compiled bytecode, as after ``pip install``: Textual
is installed compiled, and banque's package is compiled first (``compileall``)
in case it runs from a checkout with ``PYTHONDONTWRITEBYTECODE`` set — else
banque alone would compile its modules at every start (about 20 ms here).

``--help-screen`` adds a third figure: the time from pressing F1 on the
setup screen to the help screen being drawn, beside the time from Enter
to the table being drawn (another screen, for comparison).
"""

from __future__ import annotations

import argparse
import compileall
import contextlib
import importlib.util
import os
import platform
import pty
import re
import select
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

TARGET = 1.5

HELLO = """\
from textual.app import App, ComposeResult
from textual.widgets import Static


class Hello(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Hello, World!")


Hello().run()
"""

#: Escape sequences (cursor moves, colours) between the characters drawn.
ANSI = re.compile(
    rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78cDEHMNOZ])"
)


#: Extra environment for the programs: banque's own files in a fresh folder, so that
#: no unfinished game left by an earlier run (or by the player) is offered at start.
EXTRA_ENV: dict[str, str] = {}


class Timeout(Exception):
    pass


def _visible(data: bytes) -> bytes:
    return ANSI.sub(b"", data)


def _spawn(argv: Sequence[str], size: tuple[int, int]) -> tuple[int, int]:
    env = dict(os.environ)
    env.update(TERM="xterm-256color", COLORTERM="truecolor", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("TEXTUAL", None)
    env.pop("BANQUE_ASCII", None)
    env.update(EXTRA_ENV)
    pid, fd = pty.fork()
    if pid == 0:  # the child: the program, in its own terminal
        try:
            import fcntl
            import struct
            import termios

            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
            os.execve(argv[0], list(argv), env)
        finally:
            os._exit(127)
    return pid, fd


def _wait_for(fd: int, markers: Sequence[bytes], seen: bytearray, limit: float) -> float:
    """Read the terminal until every marker has been drawn; the time then."""
    deadline = time.perf_counter() + limit
    while True:
        visible = _visible(bytes(seen))
        if all(m in visible for m in markers):
            return time.perf_counter()
        left = deadline - time.perf_counter()
        if left <= 0:
            raise Timeout(f"not drawn in {limit:.0f} s: {markers!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                raise Timeout(f"the program ended before drawing {markers!r}")
            seen.extend(chunk)


def _stop(pid: int, fd: int) -> float:
    """Kill the program; the CPU seconds it used (user and system)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    _pid, _status, usage = os.wait4(pid, 0)
    os.close(fd)
    return usage.ru_utime + usage.ru_stime


def first_screen(
    argv: Sequence[str], markers: Sequence[bytes], size: tuple[int, int]
) -> tuple[float, float]:
    """Seconds from the fork to the first full screen, and the CPU seconds used until then.

    The program is killed as soon as its first screen is drawn, so its CPU
    time is the work of its start (a few milliseconds more at most): the
    figure least disturbed by a busy machine.
    """
    start = time.perf_counter()
    pid, fd = _spawn(argv, size)
    try:
        drawn = _wait_for(fd, markers, bytearray(), 60) - start
    finally:
        cpu = _stop(pid, fd)
    return drawn, cpu


def screen_after_key(
    argv: Sequence[str],
    ready: Sequence[bytes],
    key: bytes,
    markers: Sequence[bytes],
    size: tuple[int, int],
) -> float:
    """Seconds from a key to the screen it opens being drawn."""
    pid, fd = _spawn(argv, size)
    try:
        _wait_for(fd, ready, bytearray(), 60)
        time.sleep(0.5)  # let the first screen settle
        while select.select([fd], [], [], 0.05)[0]:
            os.read(fd, 65536)
        start = time.perf_counter()
        os.write(fd, key)
        return _wait_for(fd, markers, bytearray(), 60) - start
    finally:
        _stop(pid, fd)


def compile_banque() -> None:
    """banque's package as bytecode, as ``pip install`` leaves it (Textual's already is)."""
    spec = importlib.util.find_spec("banque")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("banque is not installed: pip install . first")
    for folder in spec.submodule_search_locations:
        compileall.compile_dir(folder, quiet=1)


def summary(times: list[float]) -> str:
    return f"min {min(times) * 1000:7.1f} ms   median {statistics.median(times) * 1000:7.1f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each program (default 15)")
    parser.add_argument("--size", default="100x30", help="terminal size, COLSxROWS")
    parser.add_argument(
        "--help-screen", action="store_true", help="also time opening the help screen"
    )
    args = parser.parse_args(argv)
    cols, rows = (int(n) for n in args.size.lower().split("x"))
    size = (cols, rows)

    with tempfile.TemporaryDirectory() as tmp:
        EXTRA_ENV["BANQUE_DATA_DIR"] = str(Path(tmp) / "data")
        hello_py = Path(tmp) / "hello.py"
        hello_py.write_text(HELLO, encoding="utf-8")
        hello_argv = [sys.executable, str(hello_py)]
        banque_argv = [sys.executable, "-m", "banque"]
        hello_marks = [b"Hello, World!"]
        # The setup screen's first line and its footer: drawn together, last of all.
        banque_marks = [b"A new game of Baccarat Banque", b"Default table", b"Help"]

        compile_banque()
        print(f"Python {platform.python_version()} on {platform.machine()}, {cols}x{rows}")
        print(f"First full screen, {args.runs} runs each, alternately (fresh processes, a pty):")
        hello: list[tuple[float, float]] = []
        banque: list[tuple[float, float]] = []
        # One unmeasured run of each warms the file system's caches.
        first_screen(hello_argv, hello_marks, size)
        first_screen(banque_argv, banque_marks, size)
        for _ in range(args.runs):
            hello.append(first_screen(hello_argv, hello_marks, size))
            banque.append(first_screen(banque_argv, banque_marks, size))
        ratios = {}
        for what, k in (("wall clock", 0), ("CPU time", 1)):
            h = [t[k] for t in hello]
            b = [t[k] for t in banque]
            print(f" {what}:")
            print(f"  hello-world Textual app (baseline)  {summary(h)}")
            print(f"  banque, the setup screen            {summary(b)}")
            ratios[what] = statistics.median(b) / statistics.median(h)
            print(
                f"  ratio: {ratios[what]:.2f}x by medians, {min(b) / min(h):.2f}x by minima "
                f"(target at most {TARGET}x)"
            )
        ratio = min(ratios.values())

        if args.help_screen:
            runs = max(3, args.runs // 3)
            help_t = [
                screen_after_key(
                    banque_argv, banque_marks, b"\x1bOP", [b"Escape, q, ? or F1 close"], size
                )
                for _ in range(runs)
            ]
            table_t = [
                screen_after_key(
                    banque_argv, banque_marks, b"\r", [b"Auction for bank 1", b"Save"], size
                )
                for _ in range(runs)
            ]
            print(f"Opening a screen from the setup screen, {runs} runs each:")
            print(f"  F1, the help screen                 {summary(help_t)}")
            print(f"  Enter, the table (for comparison)   {summary(table_t)}")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
