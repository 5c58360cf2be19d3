"""``banque ARGS`` run in the test's own process, as a finished process would tell it.

A command that prints (``replay``, ``odds``, ``strategy``…) needs no process of its own:
a fresh ``python -m banque`` costs half a second to a second of start-up (Python, pydantic,
the engine) for every call, where the test's process has them imported already. The tests
of the process itself (encodings, signals, a terminal, no terminal) keep a real one.

:func:`run_cli` gives what :func:`subprocess.run` with ``capture_output=True, text=True``
gives: the exit status (``sys.exit``'s and argparse's too), stdout and stderr as text.
Standard input, output and error are byte streams behind text ones, as in a process
whose streams are pipes (``sys.stdin.buffer`` reads bytes, nothing is a terminal); the
width is the 80 columns a process writing into a pipe finds. A Python error that would
end the process is printed into stderr as the interpreter would (``Traceback …``) with
status 1, so that a test that finds no traceback means it.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path

from banque.cli import main


@contextlib.contextmanager
def _columns() -> Iterator[None]:
    """80 by 24, what a process without a terminal finds (whatever runs the tests)."""
    saved = {key: os.environ.get(key) for key in ("COLUMNS", "LINES")}
    os.environ["COLUMNS"], os.environ["LINES"] = "80", "24"
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _pipe(data: bytes = b"") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", newline=None)


def run_cli(
    *args: str,
    stdin: str | bytes | None = None,
    cwd: str | Path | None = None,
    universal_newlines: bool = True,
) -> subprocess.CompletedProcess[str]:
    """``banque ARGS`` (stdin given as text or bytes, in ``cwd``): status, stdout, stderr.

    The output is read as ``text=True`` reads it (``\\r`` and ``\\r\\n`` become ``\\n``), or with
    ``universal_newlines=False`` as its bytes decoded (UTF-8, undecodable bytes replaced).
    """
    data = stdin.encode("utf-8") if isinstance(stdin, str) else (stdin or b"")
    streams = _pipe(data), _pipe(), _pipe()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = streams
    status: int
    try:
        with _columns(), contextlib.chdir(cwd) if cwd is not None else contextlib.nullcontext():
            try:
                status = main(list(args))
            except SystemExit as exc:  # argparse, --help, sys.exit()
                code = exc.code
                if code is None or isinstance(code, int):
                    status = code or 0
                else:
                    print(code, file=sys.stderr)
                    status = 1
            except Exception:  # what would end the process with a traceback
                traceback.print_exc()
                status = 1
        out, err = (_read(stream, universal_newlines) for stream in (sys.stdout, sys.stderr))
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return subprocess.CompletedProcess(["banque", *args], status, out, err)


def _read(stream: object, universal_newlines: bool) -> str:
    """What was written to ``stream`` (the command may have put another in its place)."""
    if isinstance(stream, io.TextIOWrapper) and isinstance(stream.buffer, io.BytesIO):
        stream.flush()
        data = stream.buffer.getvalue()
        if not universal_newlines:
            return data.decode("utf-8", "replace")
        return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="replace").read()
    return ""
