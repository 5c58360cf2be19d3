"""A seat's ``banque join`` behind the web door, drawn in a browser.

textual-serve's app service runs ``python -m banque.net.web_seat join …`` with
Textual's web driver named in its environment (its screen and keys go through its
standard streams, to the door and the page); this quiets its standard error (what
it would say there would reach the host's own screen, not the page: the page says
in words that the tab's table has ended) and becomes ``banque`` with the same
arguments.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str]) -> None:
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 2)
    os.close(quiet)
    os.execv(sys.executable, [sys.executable, "-m", "banque", *argv])


if __name__ == "__main__":
    main(sys.argv[1:])
