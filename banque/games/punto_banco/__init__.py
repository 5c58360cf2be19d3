"""Punto banco, the Las Vegas game: the house banks and every draw is fixed."""

from __future__ import annotations

from ...i18n import N_
from ..gamedef import GameDefinition

DEFINITION = GameDefinition(
    name="punto-banco",
    title="Punto banco",
    seats=(1, 11),
    packs=8,
    hands=2,
    engine="banque.games.punto_banco.game",
    acts="banque.games.punto_banco.acts",
    table="banque.table.punto_app",
    computer_player="banque.games.punto_banco.players:computer_for",
    seat_rules="banque.games.punto_banco.seats:seats_for",
    entries={
        "odds": "banque.study.commands:punto_odds",
        "simulate": "banque.study.commands:punto_simulate",
    },
    options=frozenset({"packs", "limit", "raise_limit", "bank"}),
    record_fields=frozenset({"limit", "raise_limit", "bank", "banco_instead", "rotation"}),
    refusals={
        "host:first_bank": N_("--first-bank is not punto banco's: the house holds the bank"),
        "host:forced_moves": N_("--forced-moves is chemin de fer's: punto banco's draws are fixed"),
        "play:first_bank": N_("punto banco has no first bank to choose: the house holds the bank"),
        "advise": N_("punto banco has no choice to advise: every draw is fixed"),
    },
    host_names=("Ana", "Bruno"),
)
