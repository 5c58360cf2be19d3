"""The table's widgets: cards, the two tableaux, the bank band, log and road.

Each is imported on first use (``from banque.table.widgets import CoupLog`` still
works): the setup screen is drawn without waiting for them and the game.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .action import ActionPanel
    from .bank import BankBand
    from .cards import CardRow, card_lines
    from .log import CoupLog
    from .scoreboard import Scoreboard
    from .tableau import Tableau

_WHERE = {
    "ActionPanel": "action",
    "BankBand": "bank",
    "CardRow": "cards",
    "CoupLog": "log",
    "Scoreboard": "scoreboard",
    "Tableau": "tableau",
    "card_lines": "cards",
}

__all__ = ["ActionPanel", "BankBand", "CardRow", "CoupLog", "Scoreboard", "Tableau", "card_lines"]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)
