"""Punto banco's seats at a shared table (:class:`banque.games.gamedef.SeatRules`):
the seats bet at once, each at its own pace, and say ``deal`` when they are ready;
the coup is dealt (after the computers' bets) once every seat present is.  The
two-hand session asks these; no other module knows punto banco's acts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.messages import N_, Listed, Msg, Nn_
from ...core.models import Action, Deal, Retire
from ..chemin_de_fer.seats import CheminSeats
from ..two_hands import Event
from .game import SPOTS, PuntoGame
from .player_bank import PlayerBankGame

__all__ = ["PlayerBankSeats", "PuntoSeats", "seats_for"]


def seats_for(game: PuntoGame | PlayerBankGame) -> PuntoSeats | PlayerBankSeats:
    """The seats' rules of a punto banco game: the house's bank (seats bet at once) or
    the players' (in turn, as chemin de fer's)."""
    if isinstance(game, PlayerBankGame):
        return PlayerBankSeats(game)
    return PuntoSeats(game)


class PlayerBankSeats(CheminSeats):
    """A players' bank at the Las Vegas game: chemin de fer's seats, in turn; its own
    words and table options."""

    def table_words(self) -> Msg:
        g = self.game
        parts = [
            Msg(N_("punto banco")),
            Msg(N_("the bank held by the players")),
            Msg.plural(Nn_("{n} pack", "{n} packs"), g.packs),
        ]
        return Msg("{parts}", parts=Listed(parts))

    def table_options(self) -> dict[str, Any]:
        return {"bank": "players", "rotation": self.game.rotation}


class PuntoSeats:
    """Punto banco's part of a shared table's session: seats act at once."""

    concurrent = True

    def __init__(self, game: PuntoGame) -> None:
        self.game = game

    def actor(self) -> str | None:
        return None  # nobody in turn

    def seat_acts(self, seat: str, ready: set[str]) -> list[str]:
        g = self.game
        acts = ["bet"] if g.balances.get(seat, 0) > 0 else []
        if seat not in ready:
            acts.append("deal")
        if not g.staked():
            acts.append("retire")
        if g.can_ask_limit():
            acts.append("ask_limit")
        return acts

    def seat_options(self, seat: str, acts: list[str], ready: set[str]) -> dict[str, Any]:
        """The bets, and the deal once everyone is ready."""
        g = self.game
        return {
            "to_act": "deal" in acts,
            "limit": g.limit,
            "raise_limit": g.raise_limit,
            "ready": seat in ready,
            "most": {spot: g.max_bet(seat, spot) for spot in SPOTS},
        }

    def public_facts(self) -> dict[str, Any]:
        return {}

    def note_ready(self, seat: str, action: Action, ready: set[str]) -> bool:
        """``deal``: the seat is ready for the coup; ``retire``: the coup to come
        changes, every seat says ``deal`` again."""
        if isinstance(action, Deal):
            ready.add(seat)
            return True
        if isinstance(action, Retire):
            ready.clear()
        return False

    def go_on(self, computers: Mapping[str, Any]) -> list[Event]:
        """The computers bet, the coup is dealt."""
        events: list[Event] = []
        for player in computers.values():
            events += player.bet(self.game)
        events += self.game.deal()
        return events

    def table_words(self) -> Msg:
        g = self.game
        parts = [
            Msg(N_("punto banco")),
            Msg.plural(Nn_("{n} pack", "{n} packs"), g.packs),
            Msg(N_("house limit {limit} a bet"), limit=g.limit),
        ]
        if g.raise_limit is not None:
            parts.append(Msg(N_("raised on request up to {most}"), most=g.raise_limit))
        return Msg("{parts}", parts=Listed(parts))

    def table_options(self) -> dict[str, Any]:
        return {"limit": self.game.first_limit, "raise_limit": self.game.raise_limit}

    def computer_to_move(self, computers: Mapping[str, Any]) -> str | None:
        return None  # the computers bet at the deal (:meth:`go_on`)

    def play_computer(self, computers: Mapping[str, Any]) -> None:
        return None

    def stand_in(self, seat: str) -> Any:
        return None  # a gone seat simply does not bet (nobody is in turn)
