"""Punto banco's ``expert`` bettor: every draw is fixed, so it always backs the banker
(the lower house edge), staking as a cautious bettor."""

from __future__ import annotations

from banque.games import definition
from banque.games.punto_banco.game import PuntoGame
from banque.games.punto_banco.players import PuntoComputer
from banque.session.port import TwoHandSession


def test_the_expert_always_bets_on_the_bank_as_much_as_a_cautious_bettor() -> None:
    game = PuntoGame(["Ana", "Bob"], seed=5)
    expert = PuntoComputer("Bob", game, "expert")
    cautious = PuntoComputer("Ana", game, "cautious")
    spots = set()
    for _ in range(30):
        expert.bet(game)
        cautious.bet(game)
        spots |= set(game.bets["Bob"])
        assert sum(game.bets["Ana"].values()) == game.bets["Bob"]["banker"]  # a tenth
        game.bets = {}
    assert spots == {"banker"}


def test_a_punto_table_seats_an_expert() -> None:
    game = PuntoGame(["Ana", "Bob"], seed=5)
    session = TwoHandSession(game, styles={"Bob": "expert"})
    seat = session.computers["Bob"]
    assert isinstance(seat, PuntoComputer) and seat.temperament == "expert"
    assert "expert_plan" not in definition("punto-banco").entries  # no card to decide
