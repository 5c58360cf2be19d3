"""Ctrl+S at every table of the family: the game's record written to a file, whole or
not at all (the engine's format, ``banque-record/1``).

The first save goes to a new file in the save folder (``banque-STAMP.json``, or
``chemin-de-fer-STAMP.json``…); later ones (and every one after ``--record FILE``)
update the same file.  The file is replaced atomically: a failure (a full disk)
leaves the previous one intact and is said in a toast.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from ..core.journal import atomic_write
from ..core.messages import os_reason, tell
from ..i18n import _

__all__ = ["new_save_path", "save_record"]


def new_save_path(folder: Path, stem: str, clock: Callable[[], datetime]) -> Path:
    """A file of ``folder`` no save has used yet: ``{stem}-STAMP.json`` (``-2``… after)."""
    stamp = clock().strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stem}-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{stamp}-{n}.json"
        n += 1
    return path


def save_record(
    app: Any, text: str, path: Path, *, updating: bool, journal: Any = None, toast: float = 4.0
) -> bool:
    """Write ``text`` (a record) to ``path`` and say so in a toast; ``False`` (said, and
    nothing changed) when it cannot be written. The journal notes where it went."""
    try:
        atomic_write(path, text)
    except OSError as exc:
        app.notify(
            _("The record could not be saved to {path}: {why}. Nothing was changed.").format(
                path=path, why=tell(os_reason(exc))
            ),
            severity="error",
            timeout=max(toast, 10.0),
        )
        return False
    if journal is not None:
        journal.note("saved", path=str(path.resolve()))
    app.notify(
        (_("Record updated: {path}") if updating else _("Record saved to {path}")).format(
            path=path
        ),
        title=_("Saved"),
        timeout=max(toast, 6.0),
    )
    return True
