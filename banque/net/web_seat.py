"""A seat's ``banque join`` behind the web door, drawn in a browser.

textual-serve's app service runs ``python -m banque.net.web_seat OPTIONS -- join …``
with Textual's web driver named in its environment (its screen and keys go through
its standard streams, to the door and the page).  Before it becomes ``banque`` with
the arguments after ``--``, this:

- reads the seat's token from the one-time file the door names (``--key``, 0600 in
  the door's own private folder), deletes it at once, and puts the token in the
  environment ``banque join`` gets (``BANQUE_TOKEN``): the token is never on a
  command line, and no file keeps it;
- leaves out what it must not inherit from the host (the host's own token, its
  terminal's sizes, Textual's debugging), and gives the page's size
  (``--columns``, ``--rows``);
- sends its standard error to the file the door names (``--words``: what it says
  there — the last words of a table that ends, a seat taken over, a refusal — the
  door shows in the page once it has ended; never on the host's own screen);
- calls the door at its socket (``--door``), says which tab it is (``--tab``) and
  its process id, waits for the door's ``ok``, and keeps that line open through
  ``exec``: the door sees the line close when the seat's table has ended, and
  knows which process to end if it must.  A door that does not answer (closed
  meanwhile, the tab gone) ends it at once: no table runs that the door does not
  know of.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import sys

#: The environment a seat's table does not inherit from the host.
NOT_INHERITED = ("BANQUE_TOKEN", "COLUMNS", "LINES", "ROWS", "TEXTUAL", "TEXTUAL_LOG")
#: The most a token file is read of.
KEY_MOST = 4096
#: Seconds to reach the door's socket.
CALL_SECONDS = 10


def _options(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """This module's options, and ``banque``'s arguments (after ``--``)."""
    split = argv.index("--") if "--" in argv else len(argv)
    parser = argparse.ArgumentParser(prog="banque.net.web_seat", add_help=False)
    parser.add_argument("--door", required=True)
    parser.add_argument("--tab", required=True)
    parser.add_argument("--words", required=True)
    parser.add_argument("--key")
    parser.add_argument("--columns", type=int, default=80)
    parser.add_argument("--rows", type=int, default=24)
    return parser.parse_args(argv[:split]), argv[split + 1 :]


def take_key(path: str) -> str | None:
    """The token in the door's one-time file, the file deleted at once (read or not)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    with contextlib.suppress(OSError):
        os.unlink(path)
    with os.fdopen(fd, "rb") as kept:
        token = kept.read(KEY_MOST).decode("utf-8", "replace").strip()
    return token or None


def _call_door(door: str, tab: str) -> int:
    """The line to the door (its descriptor, kept through ``exec``)."""
    line = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        line.settimeout(CALL_SECONDS)
        line.connect(door)
        line.sendall(f"{tab} {os.getpid()}\n".encode("ascii"))
        heard = b""
        while not heard.endswith(b"\n") and len(heard) < 8:
            got = line.recv(8 - len(heard))
            if not got:
                break
            heard += got
        if heard != b"ok\n":
            raise ConnectionRefusedError("the door does not know this tab")
        line.settimeout(None)
    except BaseException:
        line.close()
        raise
    fd = line.detach()
    os.set_inheritable(fd, True)
    return fd


def main(argv: list[str]) -> None:
    options, banque = _options(argv)
    environment = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    if options.key:
        token = take_key(options.key)
        if token is not None:
            environment["BANQUE_TOKEN"] = token
    environment["COLUMNS"], environment["ROWS"] = str(options.columns), str(options.rows)
    try:
        kept = os.open(options.words, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:
        kept = os.open(os.devnull, os.O_WRONLY)
    os.dup2(kept, 2)
    os.close(kept)
    try:
        _call_door(options.door, options.tab)
    except OSError:
        sys.exit(1)  # the door has closed: no table to run (its page says it has ended)
    os.execve(sys.executable, [sys.executable, "-m", "banque", *banque], environment)


if __name__ == "__main__":
    main(sys.argv[1:])
