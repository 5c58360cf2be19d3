"""A seat's ``banque join`` behind the SSH door, on its own pseudo-terminal.

The door starts ``python -m banque.net.ssh_seat join …`` in a new session with
the terminal as its standard streams; this makes that terminal the session's
controlling terminal (so the table hears of a window's new size, SIGWINCH, and of
a hang-up, SIGHUP) and becomes ``banque`` with the same arguments.
"""

from __future__ import annotations

import fcntl
import os
import sys
import termios


def main(argv: list[str]) -> None:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    os.execv(sys.executable, [sys.executable, "-m", "banque", *argv])


if __name__ == "__main__":
    main(sys.argv[1:])
