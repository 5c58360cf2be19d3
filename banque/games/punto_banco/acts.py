"""Punto banco's acts as a seat sends them: the record's own acts (the table adds
``who``, always the sending seat's)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.models import AskLimit, Banco, Bet, Bid, Deal, Pass, Retire, Wager

__all__ = ["SeatAct"]

#: Every act a punto banco seat may send (``act`` tells which).
#: A players' bank (``bank="players"``) takes chemin de fer's acts but the draws
#: (every draw is fixed); the game refuses in words an act its bank does not take.
SeatAct = Annotated[
    Bet | AskLimit | Deal | Retire | Bid | Pass | Wager | Banco, Field(discriminator="act")
]
