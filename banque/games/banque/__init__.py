"""Baccarat Banque à deux tableaux: the banker's hand against independent right and
left hands, under three houses' rules (:mod:`.rules`), with its computer players
and the banker's exact advice."""

from __future__ import annotations

from ...constants import MAX_PLAYERS, MIN_PLAYERS, PACKS
from ..gamedef import GameDefinition

DEFINITION = GameDefinition(
    name="banque",
    title="Baccarat Banque",
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    packs=PACKS,
    hands=3,
    engine="banque.games.banque.game",
    acts="banque.games.banque.acts",
    entries={
        "odds": "banque.study.commands:banque_odds",
        "simulate": "banque.study.commands:banque_simulate",
        "advise": "banque.study.commands:banque_advise",
    },
)
