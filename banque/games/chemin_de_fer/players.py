"""Computer players for chemin de fer (punto banco's bettors: :mod:`banque.games.punto_banco.players`).

A computer seat sees only what its seat may see: the table's public state,
its own hand when it plays the punters' hand, and as banker the exact
advice (:meth:`banque.games.chemin_de_fer.game.CheminGame.advice`, built on the cards
the banker has seen).  Its randomness comes from a generator seeded by the
game's seed and its name (:func:`banque.core.rng.seat_generator`, as banque's
computer seats have): a record of its play replays exactly, and the generator
tells how far it has drawn, which the game's journal keeps, so that a resumed
game's computers go on exactly where they were.  At the
first bank's auction it bids about the bank it would announce (cautious:
15 % of its chips, and it passes three times in ten; bold: 30 %), give or
take a quarter.  After another's banco it calls banco instead as often as it
would have called it first, and otherwise passes.  A banker passes the bank on between coups once it has
grown to three times (bold: six times) the bank announced.

An ``expert`` seat bids, stakes, calls banco and passes the bank on as a cautious one;
its card decisions are the game's solution (a :class:`~.expert.CheminPlan` the session
hands it: Ethier & Gámez's equilibrium for the shoe's packs): holding the punters'
hand at 5 it draws with the plan's chance for its two cards, and as banker it draws
with the plan's chance for its two cards and the punter's move, each mixed move drawn
from the seat's own generator.  Without a plan it plays as a cautious seat.
"""

from __future__ import annotations

from typing import Literal

from ...core.cards import RANK_VALUE
from ...core.models import Action, Banco, Bid, Deal, Draw, Pass, Stand, Wager
from ...core.rng import CountingRandom, StreamRandom, seat_generator
from ..two_hands import points
from .expert import CheminPlan, pair_of
from .game import CheminGame

__all__ = ["CheminComputer", "banker_passes", "play_step"]

Temperament = Literal["cautious", "bold", "expert"]


class CheminComputer:
    """A computer seat at chemin de fer (``cautious``, ``bold`` or ``expert``)."""

    def __init__(
        self,
        name: str,
        game: CheminGame,
        temperament: Temperament = "cautious",
        *,
        purpose: str | None = None,
        plan: CheminPlan | None = None,
    ) -> None:
        """``purpose`` names the seat's generator (``chemin/NAME`` by default; a
        stand-in for a gone seat, ``stand-in:NAME``); ``plan``, an expert's solution
        (never another temperament's)."""
        self.name = name
        self.temperament = temperament
        #: The solution an expert plays at its card decisions (``None``: none).
        self.plan = plan if temperament == "expert" else None
        self.rng: CountingRandom | StreamRandom = seat_generator(
            game.seed, game.stream, purpose or f"chemin/{name}"
        )
        self.bold = temperament == "bold"

    def choose(self, game: CheminGame) -> Action:
        """This seat's act now (it must be among those it may make)."""
        name, rng = self.name, self.rng
        phase = game.phase
        balance = game.balances[name]
        if phase == "auction":  # the first bank: about the bank it would announce
            if balance < 1 or (not self.bold and rng.random() < 0.3):
                return Pass.model_construct(act="pass", who=name)
            share = (0.3 if self.bold else 0.15) * rng.uniform(0.75, 1.25)
            amount = min(balance, max(1, round(balance * share)))
            return Bid.model_construct(act="bid", who=name, amount=amount)
        if phase == "bank":
            share = 0.3 if self.bold else 0.15
            return Bid.model_construct(act="bid", who=name, amount=max(1, int(balance * share)))
        if phase == "betting":
            if name == game.banker:  # the betting is closed: deal
                return Deal.model_construct(act="deal")
            if game.balances[name] >= game.fund and rng.random() < (0.35 if self.bold else 0.15):
                return Banco.model_construct(act="banco", who=name)
            if game.banco_caller:  # the whole bank is taken: banco instead, or pass
                return Pass.model_construct(act="pass", who=name)
            if rng.random() < 0.15:
                return Pass.model_construct(act="pass", who=name)
            share = 0.2 if self.bold else 0.1
            amount = max(1, min(game.remaining, balance, int(balance * share) or 1))
            return Wager.model_construct(act="wager", who=name, amount=amount)
        if phase == "punter":  # it holds the hand: bound at 0-4 and 6-7, a choice at 5
            hand = game.hands["player"]
            total = points(hand)
            chance = 0.5
            if self.plan is not None and total == 5:
                chance = self.plan.punter_draws(_pair(hand))  # type: ignore[assignment]
            draw = total <= 4 or (total == 5 and rng.random() < chance)
            cls = Draw if draw else Stand
            return cls.model_construct(act="draw" if draw else "stand", side="punter")
        if self.plan is not None:
            played = self._planned_banker(game)
            if played is not None:
                return played
        draw_gain, stand_gain = game.advice()
        if draw_gain > stand_gain:
            return Draw.model_construct(act="draw", side="banker")
        return Stand.model_construct(act="stand", side="banker")

    def _planned_banker(self, game: CheminGame) -> Action | None:
        """The expert banker's move by its plan (``None``: its key is not in the plan):
        drawn from the seat's generator only where the plan mixes."""
        assert self.plan is not None
        punter = game.hands["player"]
        third = RANK_VALUE[punter[2][0]] if len(punter) > 2 else None
        chance = self.plan.banker_draws(_pair(game.hands["banker"]), third)
        if chance is None:
            return None
        draw = chance == 1 or (chance > 0 and self.rng.random() < chance)
        if draw:
            return Draw.model_construct(act="draw", side="banker")
        return Stand.model_construct(act="stand", side="banker")


def _pair(hand: list[str]) -> tuple[int, int]:
    """A hand's first two cards as values, the smaller first."""
    return pair_of([RANK_VALUE[hand[0][0]], RANK_VALUE[hand[1][0]]])


def banker_passes(game: CheminGame, seat: CheminComputer) -> bool:
    """Whether a computer banker passes its bank on now, between coups: once the bank
    has grown to three times (bold: six times) the bank it announced."""
    bank = int(game.banks[-1]["bank"]) if game.banks else game.fund  # type: ignore[call-overload]
    return game.fund >= (6 if seat.bold else 3) * bank


def play_step(game: CheminGame, players: dict[str, CheminComputer]) -> bool:
    """Let the computer seat whose turn it is act once; whether one did.

    Between coups the banker (who may pass the bank on) speaks before the
    first punter.
    """
    actors, _ = game.to_act()
    if not actors:
        return False
    who = actors[0]
    if len(actors) > 1 and actors[1] in players and banker_passes(game, players[actors[1]]):
        game.apply(Pass.model_construct(act="pass", who=actors[1]))
        return True
    player = players.get(who)
    if player is None:
        return False
    game.apply(player.choose(game))
    return True
