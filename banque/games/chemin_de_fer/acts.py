"""Chemin de fer's acts as a seat sends them: the record's own acts (the table adds
``who``, always the sending seat's)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.models import Banco, Bid, Deal, Draw, Pass, Retire, Stand, Wager

__all__ = ["SeatAct"]

#: Every act a chemin de fer seat may send (``act`` tells which).
SeatAct = Annotated[
    Bid | Pass | Wager | Banco | Deal | Draw | Stand | Retire, Field(discriminator="act")
]
