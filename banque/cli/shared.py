"""What the commands share: an error told on one line, a name or path shown plain, the
check that a full-screen command has a terminal, and a record read and replayed."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from ..constants import EXIT_USAGE
from ..core.errors import BanqueError, RecordError
from ..i18n import _
from ..text import plain

if TYPE_CHECKING:
    from ..games.records import Replay

#: Textual's web driver, as textual-serve names it for a seat behind the web door.
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"


def failed(exc: BaseException) -> int:
    """An error told on one line of stderr, in the player's language; the exit status 2."""
    # deferred: start-up (core.messages, ~1 ms: banque --help and the first screen refuse nothing)
    from ..core.messages import tell_error

    print(f"banque: {plain(tell_error(exc), 400)}", file=sys.stderr)
    return EXIT_USAGE


def plain_text(text: str) -> str:
    """A name or path as plain text on one line (control characters escaped)."""
    return plain(text, 400)


def need_terminal() -> None:
    """The table draws on a terminal: into a pipe or file it would write escape codes.

    Called before anything is drawn by every full-screen command (the tables, ``--resume``,
    ``join``, the host's screen). A seat behind the web door draws through Textual's web
    driver, its streams the door's pipes: it needs no terminal."""
    if os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER:
        return
    stdin = sys.stdin is None or not sys.stdin.isatty()
    stdout = sys.stdout is None or not sys.stdout.isatty()
    if stdin and stdout:
        said = _("the table needs a terminal, and standard input and standard output are not one")
    elif stdin:
        said = _("the table needs a terminal, and standard input is not one")
    elif stdout:
        said = _("the table needs a terminal, and standard output is not one")
    elif sys.__stderr__ is None or not sys.__stderr__.isatty():  # where Textual draws
        said = _("the table needs a terminal, and standard error (where it is drawn) is not one")
    else:
        return
    raise BanqueError(
        said + " " + _("(replay, advise, odds and simulate work in pipes: see banque --help)")
    )


def read_record(path: str) -> Replay:
    """A record (a file, or ``-``: standard input) read and replayed, its acts checked."""
    # deferred: start-up (pydantic, the records and the engines, ~+100 ms: a command's
    # --help and the first screen load none of them; see banque.table.app)
    from ..core.record import load_record
    from ..core.record import read_record as read_stream
    from ..games.records import replay

    if path == "-":
        # Standard input: the same size limit as a file, read as bytes (UTF-8 or not).
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise RecordError(_("standard input: cannot be read as a record"))
        record = read_stream(stream, _("standard input"))
    else:
        record = load_record(path)
    return replay(record)
