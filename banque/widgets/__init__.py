"""The table's widgets: cards, the two tableaux, the bank band, log and road."""

from .action import ActionPanel
from .bank import BankBand
from .cards import CardRow, card_lines
from .log import CoupLog
from .scoreboard import Scoreboard
from .tableau import Tableau

__all__ = ["ActionPanel", "BankBand", "CardRow", "CoupLog", "Scoreboard", "Tableau", "card_lines"]
