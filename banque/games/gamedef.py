"""What a game of the family is to the rest of banque: its definition.

Each game is a folder of :mod:`banque.games` whose ``__init__`` gives a
:class:`GameDefinition`: its name (as records and ``--game`` say it), its
title, its seats, its shoe, and where its engine lives. The engine module
gives ``from_record(record, **options)``, the game a record starts
(:func:`banque.games.records.new_game` calls it), its ``acts`` module gives
``SeatAct``, the union of the acts a seat sends (pydantic models), and the engine's games give
``record_fields()``, what their record keeps beyond the
fields every record has. :mod:`banque.games` keeps the one registry.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

__all__ = ["GameDefinition"]


@dataclass(frozen=True)
class GameDefinition:
    """One game of the family (its words are message ids, told in each language)."""

    #: As records, journals and ``--game`` name it.
    name: str
    #: Its title: a proper name, the same in every language.
    title: str
    #: Participants: the fewest and the most.
    seats: tuple[int, int]
    #: Packs in a new shoe.
    packs: int
    #: Hands dealt a coup: banque's three (the banker's, the right and the left),
    #: or the two-hand games' two (the player's and the banker's).
    hands: int
    #: The module of its engine (imported on first use: the first screen needs none).
    engine: str
    #: The module of its acts as a seat sends them (``SeatAct``, a pydantic union).
    acts: str

    def module(self) -> Any:
        return import_module(self.engine)

    def seat_acts(self) -> Any:
        """The union of the acts a seat of this game sends (a joined seat's ``act``
        messages, validated by these models: :func:`banque.net.protocol.read_act`)."""
        return import_module(self.acts).SeatAct
