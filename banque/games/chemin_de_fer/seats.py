"""Chemin de fer's seats at a shared table (:class:`banque.games.gamedef.SeatRules`):
its acts go in turn (:meth:`CheminGame.to_act`); between coups the banker may pass
the bank on while the first punter thinks.  The two-hand session asks these; no
other module knows chemin de fer's acts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.messages import N_, Listed, Msg, Nn_
from ...core.models import Action
from .game import CheminGame
from .players import CheminComputer, banker_passes, play_step

__all__ = ["CheminSeats"]


class CheminSeats:
    """Chemin de fer's part of a shared table's session: seats act in turn."""

    concurrent = False

    def __init__(self, game: CheminGame) -> None:
        self.game = game

    def actor(self) -> str | None:
        actors, _acts = self.game.to_act()
        return actors[0] if actors else None

    def seat_acts(self, seat: str, ready: set[str]) -> list[str]:
        actors, acts = self.game.to_act()
        if actors and seat == actors[0]:
            return list(acts)
        if seat in actors[1:]:  # the banker, before the first punter speaks
            return [a for a in acts if a in ("pass", "retire")]
        return []

    def seat_options(self, seat: str, acts: list[str], ready: set[str]) -> dict[str, Any]:
        g = self.game
        out: dict[str, Any] = {}
        if "bid" in acts:
            out["most"] = g.balances.get(seat, 0)
        elif "wager" in acts:
            out["most"] = g.remaining
        if "draw" in acts:
            out["side"] = "punter" if g.phase == "punter" else "banker"
        if "draw" in acts and g.phase == "banker":  # the banker's exact choice: its eyes only
            draw, stand = g.advice()
            out["advice"] = {"draw": float(draw), "stand": float(stand)}
        return out

    def public_facts(self) -> dict[str, Any]:
        """The first bank's auction as it went; the banks."""
        return {"auction": {"spoken": list(self.game.spoken)}, "banks": len(self.game.banks)}

    def note_ready(self, seat: str, action: Action, ready: set[str]) -> bool:
        return False  # every act goes to the game, in turn

    def go_on(self, computers: Mapping[str, Any]) -> list[Any]:
        return []  # nothing follows by itself: the seats act in turn

    def table_words(self) -> Msg:
        g = self.game
        parts = [
            Msg(N_("chemin de fer")),
            Msg.plural(Nn_("{n} pack", "{n} packs"), g.packs),
            Msg(N_("the first bank by lot"))
            if g.first_bank == "lot"
            else Msg(N_("the first bank by auction")),
        ]
        return Msg("{parts}", parts=Listed(parts))

    def table_options(self) -> dict[str, Any]:
        return {"rotation": self.game.rotation, "first_bank": self.game.first_bank}

    def computer_to_move(self, computers: Mapping[str, Any]) -> str | None:
        """The computer seat in turn; between coups, a computer banker passing the bank on."""
        actors, _acts = self.game.to_act()
        if not actors:
            return None
        banker = actors[1] if len(actors) > 1 else None
        if banker in computers and banker_passes(self.game, computers[banker]):
            return banker
        return actors[0] if actors[0] in computers else None

    def play_computer(self, computers: Mapping[str, Any]) -> None:
        play_step(self.game, dict(computers))

    def stand_in(self, seat: str) -> CheminComputer:
        """A cautious computer with its own generator (``stand-in:NAME``)."""
        return CheminComputer(seat, self.game, "cautious", purpose=f"stand-in:{seat}")
