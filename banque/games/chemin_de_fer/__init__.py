"""Chemin de fer: the bank moves round the table, the punters' hand is played by the
highest stake, banco and banco suivi; the punter bound, the banker free."""

from __future__ import annotations

from ...i18n import N_
from ..gamedef import GameDefinition

DEFINITION = GameDefinition(
    name="chemin-de-fer",
    title="Chemin de fer",
    seats=(2, 11),
    packs=6,
    hands=2,
    engine="banque.games.chemin_de_fer.game",
    acts="banque.games.chemin_de_fer.acts",
    table="banque.table.chemin_app",
    computer_player="banque.games.chemin_de_fer.players:CheminComputer",
    seat_rules="banque.games.chemin_de_fer.seats:CheminSeats",
    entries={
        "odds": "banque.study.commands:chemin_odds",
        "simulate": "banque.study.commands:chemin_simulate",
        "advise": "banque.study.commands:chemin_advise",
        "solved": "banque.study.commands:chemin_solved",
        "expert_plan": "banque.study.expert_plans:chemin_expert_plan",
    },
    options=frozenset({"packs", "first_bank", "forced_moves"}),
    record_fields=frozenset({"first_bank", "banco_instead", "rotation"}),
    first_banks=("lot", "auction"),
    refusals={
        "host:first_bank": N_(
            "--first-bank {how}: chemin de fer's first bank goes by lot or auction"
        ),
        "play:first_bank": N_(
            "chemin de fer's first bank goes by lot or auction (--first-bank lot|auction)"
        ),
    },
    host_names=("Ana", "Bruno", "Chloé"),
    # Ana at the keyboard (the first name free: session.two_hands.your_name), as setup.
    computers={"Bruno": "cautious", "Chloé": "bold", "David": "cautious"},
)
