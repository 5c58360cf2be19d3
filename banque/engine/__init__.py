"""The game itself: cards, rules, models, records, journals, sessions, computer players.

No Textual here (tests/test_import_contract.py).  ``from banque.engine import
Game`` works for the names callers use most; each is imported on first use, so
that importing a light module of the engine (``banque.engine.errors``, which the
first screen needs) does not load the whole game and pydantic.  Inside banque,
import from the modules themselves (``banque.engine.game``, ``banque.engine.models``…).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .errors import BanqueError, IllegalAction, RecordError, ReplayError
    from .game import Event, Game
    from .models import Action, Record, TableOptions
    from .record import load_record, record_of, replay
    from .session import Session

#: Each name re-exported here, and the module that defines it.
_HOMES = {
    "Game": "game",
    "Event": "game",
    "BanqueError": "errors",
    "IllegalAction": "errors",
    "RecordError": "errors",
    "ReplayError": "errors",
    "Action": "models",
    "Record": "models",
    "TableOptions": "models",
    "load_record": "record",
    "record_of": "record",
    "replay": "record",
    "Session": "session",
}

__all__ = [
    "Action",
    "BanqueError",
    "Event",
    "Game",
    "IllegalAction",
    "Record",
    "RecordError",
    "ReplayError",
    "Session",
    "TableOptions",
    "load_record",
    "record_of",
    "replay",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
