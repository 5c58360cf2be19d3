"""Punto banco's acts as a seat sends them: the record's own acts (the table adds
``who``, always the sending seat's)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.models import AskLimit, Bet, Deal, Retire

__all__ = ["SeatAct"]

#: Every act a punto banco seat may send (``act`` tells which).
SeatAct = Annotated[Bet | AskLimit | Deal | Retire, Field(discriminator="act")]
