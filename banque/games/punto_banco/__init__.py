"""Punto banco, the Las Vegas game: the house banks and every draw is fixed."""

from __future__ import annotations

from ..gamedef import GameDefinition

DEFINITION = GameDefinition(
    name="punto-banco",
    title="Punto banco",
    seats=(1, 11),
    packs=8,
    hands=2,
    engine="banque.games.punto_banco.game",
    acts="banque.games.punto_banco.acts",
)
