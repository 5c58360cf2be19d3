"""Punto banco's computer bettors: the house banks and every draw is fixed, so a
computer seat only chooses its bets. Its randomness comes from a generator seeded
by the game's seed and its name (:func:`banque.core.rng.seat_generator`, as every
computer seat of the family), which tells how far it has drawn: the journal keeps
it, and a resumed game's bettors go on exactly where they were.
"""

from __future__ import annotations

from typing import Literal

from ...core.rng import CountingRandom, StreamRandom, seat_generator
from ..chemin_de_fer.players import CheminComputer
from ..two_hands import Event
from .game import PuntoGame
from .player_bank import PlayerBankGame

__all__ = ["PuntoComputer", "computer_for", "punto_bets"]

Temperament = Literal["cautious", "bold", "expert"]


class PuntoComputer:
    """A computer bettor at punto banco (``cautious``, ``bold`` or ``expert``): at each
    deal it bets a tenth (bold: a fifth) of its chips, within the house limit, on the
    banker 55 times in 100 and on the player otherwise; a bold one adds a chip on the
    banker's natural 9 one time in five.  An expert stakes as a cautious one, always on
    the banker: every draw is fixed, so its one choice is the bet, and the banker's bet
    has the lower house edge (the bank's commission taken)."""

    def __init__(self, name: str, game: PuntoGame, temperament: Temperament = "cautious") -> None:
        self.name = name
        self.temperament = temperament
        self.rng: CountingRandom | StreamRandom = seat_generator(
            game.seed, game.stream, f"punto/{name}"
        )
        self.bold = temperament == "bold"

    def bet(self, game: PuntoGame) -> list[Event]:
        """Place this seat's bets for the coup about to be dealt (none without chips);
        their events."""
        balance = game.balances[self.name]
        if balance <= 0:
            return []
        stake = min(game.limit, max(1, balance // (5 if self.bold else 10)))
        expert = self.temperament == "expert"
        spot = "banker" if expert or self.rng.random() < 0.55 else "player"
        events = list(game.bet(self.name, spot, stake))
        if self.bold and self.rng.random() < 0.2 and game.can_bet(self.name, "natural9", 1):
            events += game.bet(self.name, "natural9", 1)
        return events


def punto_bets(game: PuntoGame, seats: dict[str, PuntoComputer]) -> list[Event]:
    """Every computer bettor places its bets before the deal, in the order of the seats;
    their events."""
    return [event for seat in seats.values() for event in seat.bet(game)]


def computer_for(
    name: str,
    game: PuntoGame | PlayerBankGame,
    temperament: Temperament = "cautious",
) -> PuntoComputer | CheminComputer:
    """A computer seat of a punto banco game: a bettor against the house, or at a
    players' bank chemin de fer's computer player (which never meets a choice there:
    every draw is fixed)."""
    if isinstance(game, PlayerBankGame):
        return CheminComputer(name, game, temperament, purpose=f"punto-bank/{name}")
    return PuntoComputer(name, game, temperament)
