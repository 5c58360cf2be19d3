"""The Las Vegas game with a players' bank (punto banco's table option ``bank="players"``).

The Pocket Book's Las Vegas game: "the role of banker is usually held
permanently by the casino, although it may rotate slowly among the players
… When the role of banker rotates among the players, the rules for the bank
are the same as for normal Baccarat", and "The Play is as in Chemin-de-Fer,
except that all player's and banker's options are removed, to become draw
plays".

*Reading:* with the bank held by the players, the bank is chemin de fer's
(:class:`~banque.games.chemin_de_fer.game.CheminGame`): the first banker by
lot, a bank announced, the punters in turn taking any part of it or calling
banco (and banco instead), the bank passing on when its banker loses or
passes it — the limit on the bets is the bank, not a house limit, and
precedence in betting holds again. What stays the Las Vegas game's: six or
eight packs, and every draw fixed by punto banco's table (the punter draws
at 0–5 and stands at 6–7, the banker by the standard table), so nobody is
asked to draw or stand. The casino's own bets (on the bank's side, on its
naturals) and its commission belong to a house bank: a player's bank takes
stakes against it alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from ...core.cards import RANK_VALUE
from ...core.messages import N_, Nn_
from ...core.rng import Stream
from ..chemin_de_fer.game import CheminGame
from ..two_hands import Event, banker_draws, player_draws, points
from .packs import DEFAULT_PACKS, check_packs

__all__ = ["PlayerBankGame"]


class PlayerBankGame(CheminGame):
    """Punto banco with the bank held by the players, in turn (chemin de fer's bank,
    every draw fixed)."""

    game = "punto-banco"
    title = "Punto banco"
    title_words = N_("Punto banco, players' bank")
    fresh_shoe = Nn_(
        "A fresh shoe is shuffled: {cards} cards ({n} pack).",
        "A fresh shoe is shuffled: {cards} cards ({n} packs).",
    )
    #: Who holds the bank (a house-banked game has none of these games).
    bank = "players"

    def __init__(
        self,
        participants: Sequence[str],
        seed: int = 0,
        shoe: Iterable[str] = (),
        *,
        packs: int = DEFAULT_PACKS,
        banco_instead: bool = True,
        rotation: Literal["left", "right"] = "left",
        record: bool = True,
        keep_log: bool = True,
        stream: Stream | None = None,
    ) -> None:
        check_packs(packs)
        super().__init__(
            participants,
            seed,
            shoe,
            packs=packs,
            rotation=rotation,
            forced_moves="automatic",
            banco_instead=banco_instead,
            record=record,
            keep_log=keep_log,
            stream=stream,
        )

    def record_fields(self) -> dict[str, Any]:
        fields = super().record_fields()
        fields["bank"] = self.bank
        fields["forced_moves"] = "automatic"
        return fields

    def _punter_forced(self, out: list[Event]) -> None:
        """Every draw is fixed: the punter's by the total, the banker's by the table."""
        third: int | None = None
        if player_draws(points(self.hands["player"])):
            self._draw("player", out)
            third = RANK_VALUE[self.hands["player"][-1][0]]
        else:
            self._stand("player", out)
        if banker_draws(points(self.hands["banker"]), third):
            self._draw("banker", out)
        else:
            self._stand("banker", out)
