"""Chemin de fer: the bank moves round the table, the punters' hand is played by the
highest stake, banco and banco suivi; the punter bound, the banker free."""

from __future__ import annotations

from ..gamedef import GameDefinition

DEFINITION = GameDefinition(
    name="chemin-de-fer",
    title="Chemin de fer",
    seats=(2, 11),
    packs=6,
    hands=2,
    engine="banque.games.chemin_de_fer.game",
    acts="banque.games.chemin_de_fer.acts",
)
