"""The app's screens, by area: setup, the table, private views, help, the end.

Each is imported on first use (``from banque.table.screens import TableScreen``
still works): the first screen is drawn without waiting for the others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .curtain import CurtainScreen
    from .dialogs import ConfirmScreen, SeatPickerScreen, TooSmallScreen
    from .help import HelpScreen
    from .history import HistoryScreen
    from .private import PrivateScreen
    from .setup import SetupScreen
    from .standings import StandingsScreen
    from .table import TableScreen

_WHERE = {
    "ConfirmScreen": "dialogs",
    "CurtainScreen": "curtain",
    "HelpScreen": "help",
    "HistoryScreen": "history",
    "PrivateScreen": "private",
    "SeatPickerScreen": "dialogs",
    "SetupScreen": "setup",
    "StandingsScreen": "standings",
    "TableScreen": "table",
    "TooSmallScreen": "dialogs",
}

__all__ = [
    "ConfirmScreen",
    "CurtainScreen",
    "HelpScreen",
    "HistoryScreen",
    "PrivateScreen",
    "SeatPickerScreen",
    "SetupScreen",
    "StandingsScreen",
    "TableScreen",
    "TooSmallScreen",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)
