"""The app's screens, by area: setup, the table, private views, help, the end."""

from .curtain import CurtainScreen
from .dialogs import ConfirmScreen, SeatPickerScreen, TooSmallScreen
from .help import HelpScreen
from .history import HistoryScreen
from .private import PrivateScreen
from .setup import SetupScreen
from .standings import StandingsScreen
from .table import TableScreen

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
