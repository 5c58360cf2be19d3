"""A seat's ``banque join`` behind the web door, drawn in a browser.

textual-serve's app service runs ``python -m banque.net.web_seat join …`` with
Textual's web driver named in its environment (its screen and keys go through its
standard streams, to the door and the page); this sends its standard error to the
file the door names (``BANQUE_WEB_FAREWELL``, in the door's own folder: what it
says there — the last words of a table that ends, a seat taken over, a refusal —
the door shows in the page once it has ended; never on the host's own screen) and
becomes ``banque`` with the same arguments.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str]) -> None:
    farewell = os.environ.pop("BANQUE_WEB_FAREWELL", "")
    try:
        kept = os.open(farewell, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:
        kept = os.open(os.devnull, os.O_WRONLY)
    os.dup2(kept, 2)
    os.close(kept)
    os.execv(sys.executable, [sys.executable, "-m", "banque", *argv])


if __name__ == "__main__":
    main(sys.argv[1:])
