"""One port for every game's table: what a table needs of a game's session.

The hosted table (:class:`banque.net.table.Table`) drives a game through
:class:`TableSession`, which banque's :class:`~banque.session.session.Session`
and the two-hand games' :class:`TwoHandSession` (chemin de fer, punto banco)
both implement: who acts now, the computer seats' steps, the journal written
before an act is acknowledged, the log.  A two-hand session adds the seat's
side of the port (:class:`SeatPort`): each seat's view, made by the game for
that seat (``game.view(seat)``: a hand's first two cards reach its holder
alone), what the seat may do now, and an act of that seat applied (a pydantic
act of :data:`banque.core.models.Action`, never fields read by hand).

No Textual here, and no socket.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from pydantic import BaseModel

from ..core.errors import IllegalAction
from ..core.journal import stopped_msg
from ..core.messages import N_, Listed, Msg, Nn_
from ..core.models import Action, Deal, Pass, Retire
from ..core.record import dump_record
from ..core.rng import seat_draws, seed_and_stream, skip_seats
from ..games import DEFAULT_GAME, definition
from ..games.chemin_de_fer.players import CheminComputer, banker_passes, play_step
from ..games.punto_banco.game import SPOTS
from ..games.records import record_of

if TYPE_CHECKING:
    from ..core.journal import Journal
    from ..games.two_hands import Event

__all__ = ["SeatPort", "TableSession", "TwoHandSession", "family_of"]


def family_of(session: Any) -> str:
    """The game a session plays (``banque``, ``chemin-de-fer``, ``punto-banco``)."""
    return str(getattr(session.game, "game", DEFAULT_GAME))


class TableSession(Protocol):
    """What every game's session gives a table (banque's and the two-hand games')."""

    game: Any
    computers: Mapping[str, Any]
    styles: Mapping[str, str]
    journal: Journal | None
    #: The public log: every event, in order.
    messages: list[Event]
    #: The seats ready for what follows by itself (a settlement read, a deal asked for).
    ready: set[str]

    def stage(self) -> str: ...

    def actor(self) -> str | None: ...

    def computer_to_move(self) -> str | None: ...

    def play_computer(self) -> list[Event]: ...

    def stand_in_seat(self) -> str | None: ...

    def stand_in_move(self, who: str) -> list[Event]: ...

    def all_computers(self) -> bool: ...

    def journal_problem(self) -> Msg | None: ...

    def prompt_msg(self) -> Msg: ...

    def computer_draws(self) -> dict[str, int]: ...

    def skip_draws(self, draws: Mapping[str, int]) -> None: ...

    def record_text(self, pace: float | None = None) -> str: ...

    def bank_in_play(self) -> bool: ...

    def waiting(self, present: Sequence[str]) -> list[str]: ...

    def go_on(self, present: Sequence[str]) -> list[Event] | None: ...

    def table_options(self, defaults: bool = True) -> dict[str, Any]: ...

    def table_words(self) -> Msg: ...


@runtime_checkable
class SeatPort(Protocol):
    """A seat's side of a session: its view (the game's, for that seat), its acts now,
    an act of its played (the journal written first): an act as the seat says it, one
    of its game's ``SeatAct`` models (:meth:`banque.games.GameDefinition.seat_acts`).
    Banque's ``Session`` and the :class:`TwoHandSession` both have it."""

    def seat_view(self, seat: str | None) -> BaseModel: ...

    def seat_acts(self, seat: str) -> list[str]: ...

    def seat_options(self, seat: str, waiting: Sequence[str] = ()) -> dict[str, Any]: ...

    def seat_message(self, seat: str | None, waiting: Sequence[str] = ()) -> dict[str, Any]: ...

    def perform_for(self, seat: str, act: Any) -> list[Event]: ...


class TwoHandSession:
    """A chemin de fer or punto banco game at a table shared by seats.

    ``computers``: each computer seat's temperament (``cautious``, ``bold``); each
    draws from its seat's counting generator (``chemin/NAME``, ``punto/NAME``), how
    far it has drawn kept with the journal's acts, so that a resumed game's
    computers go on where they were.

    Chemin de fer's acts go in turn (:meth:`CheminGame.to_act`); between coups the
    banker may pass the bank on while the first punter thinks.  Punto banco's seats
    bet at once, each at its own pace, and say ``deal`` when they are ready: the coup
    is dealt (after the computers' bets) once every seat present is
    (:meth:`deal_if_ready`).
    """

    def __init__(
        self,
        game: Any,
        events: Sequence[Event] = (),
        *,
        styles: Mapping[str, str] | None = None,
    ) -> None:
        self.game = game
        self.family = str(game.game)
        #: The seats act at once (punto banco's bets), not in turn (chemin de fer's).
        self.concurrent = definition(self.family).concurrent
        self.styles: dict[str, str] = {
            n: s for n, s in (styles or {}).items() if n in game.participants and s != "human"
        }
        self.messages: list[Event] = list(events)
        self.journal: Journal | None = None
        #: punto banco: the seats that said ``deal`` for the coup to come.
        self.ready: set[str] = set()
        self.notice: Msg | None = None
        #: Each computer seat's player, drawing from its own seat generator.
        self.computers: dict[str, Any] = {
            name: definition(self.family).computer(
                name, game, "bold" if style == "bold" else "cautious"
            )
            for name, style in self.styles.items()
        }
        self._stand_ins: dict[str, Any] = {}

    # ------------------------------------------------------------ the table's side

    def stage(self) -> str:
        """``play``, or ``over`` once the game has ended."""
        return "over" if self.game.phase == "ended" else "play"

    def actor(self) -> str | None:
        """The seat the table waits for (chemin de fer); punto banco: nobody in turn."""
        if self.concurrent or self.game.phase == "ended":
            return None
        actors, _acts = self.game.to_act()
        return actors[0] if actors else None

    def all_computers(self) -> bool:
        return all(p in self.styles for p in self.game.participants)

    def prompt_msg(self) -> Msg:
        return self.game.prompt_msg  # type: ignore[no-any-return]

    def bank_in_play(self) -> bool:
        """The game goes on (quitting keeps it to resume)."""
        return bool(self.game.phase != "ended")

    # ------------------------------------------------------------ the journal

    def computer_draws(self) -> dict[str, int]:
        return seat_draws({name: p.rng for name, p in self.computers.items()})

    def skip_draws(self, draws: Mapping[str, int]) -> None:
        """A resumed game: each computer seat's generator where it was."""
        skip_seats({name: p.rng for name, p in self.computers.items()}, draws)

    def journal_problem(self) -> Msg | None:
        """Why no act is taken now (the journal tried again first); ``None``: it is."""
        journal = self.journal
        if journal is None or journal.failure_msg is None:
            return None
        if journal.sync(self.game.actions, self.computer_draws()):
            return None

        return stopped_msg(journal.failure_msg)

    def _guard(self) -> None:
        problem = self.journal_problem()
        if problem is not None:
            raise IllegalAction(problem, "journal")

    def _done(self, events: list[Event]) -> list[Event]:
        """After acts: the journal written (before any seat hears of them), the log."""
        if self.journal is not None:  # (the end is noted as the host closes the table)
            self.journal.sync(self.game.actions, self.computer_draws())
        self.messages.extend(events)
        return events

    def record_text(self, pace: float | None = None) -> str:

        return dump_record(record_of(self.game, computers=self.styles, pace=pace))  # type: ignore[arg-type]

    # ------------------------------------------------------------ a seat's side

    def seat_view(self, seat: str | None) -> BaseModel:
        """The table as ``seat`` may see it (``None``: a spectator), made by the game."""
        return self.game.view(seat)  # type: ignore[no-any-return]

    def seat_options(self, seat: str, waiting: Sequence[str] = ()) -> dict[str, Any]:
        """What ``seat`` may do now, with the amounts its acts may name."""
        g = self.game
        acts = self.seat_acts(seat)
        out: dict[str, Any] = {"to_act": bool(acts), "acts": acts}
        if self.concurrent:  # punto banco: the bets, and the deal once everyone is ready
            out["to_act"] = "deal" in acts
            out["limit"] = g.limit
            out["ready"] = seat in self.ready
            out["most"] = {spot: g.max_bet(seat, spot) for spot in SPOTS}
            return out
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

    def seat_message(self, seat: str | None, waiting: Sequence[str] = ()) -> dict[str, Any]:
        """A seat's view as a joined seat is sent it (``None``: a spectator's): the
        game's own ``view`` for that seat (``game.view(seat)``: a concealed card is
        ``null``; the prompt in English), what it may do (``you``), and the public facts
        beside (chemin de fer's first auction and banks, the standings once over)."""
        g = self.game
        view = self.seat_view(seat).model_dump(mode="json")
        view["prompt"] = str(self.prompt_msg())  # English on the wire, as events' texts
        out: dict[str, Any] = {
            "game": self.family,
            "view": view,
            "you": self.seat_options(seat, waiting) if seat is not None else None,
        }
        if not self.concurrent:  # chemin de fer: the first bank's auction as it went; the banks
            out["auction"] = {"spoken": list(g.spoken)}
            out["banks"] = len(g.banks)
        if g.phase == "ended":
            out["standings"] = [s.model_dump(mode="json") for s in g.standings()]
            ended = getattr(g, "ended_msg", None)
            out["ended_msg"] = ended.to_data() if ended is not None else None
        return out

    def seat_acts(self, seat: str) -> list[str]:
        """What ``seat`` may do now (its own acts only)."""
        g = self.game
        if g.phase == "ended" or seat in self.styles:
            return []
        if self.concurrent:
            acts = ["bet"] if g.balances.get(seat, 0) > 0 else []
            if seat not in self.ready:
                acts.append("deal")
            if not g.staked():
                acts.append("retire")
            return acts
        actors, acts = g.to_act()
        if actors and seat == actors[0]:
            return list(acts)
        if seat in actors[1:]:  # the banker, before the first punter speaks
            return [a for a in acts if a in ("pass", "retire")]
        return []

    def perform_for(self, seat: str, action: Action) -> list[Event]:
        """Apply an act of ``seat`` (checked: its act now, made in its own name)."""
        name = action.act
        if name not in self.seat_acts(seat):
            raise IllegalAction(Msg(N_("{act} is not an act of this moment."), act=name), "phase")
        if getattr(action, "who", seat) != seat:
            raise IllegalAction(Msg(N_("An act is made in your own name only.")), "who")
        self._guard()
        if self.concurrent and isinstance(action, Deal):
            self.ready.add(seat)
            return []
        if self.concurrent and isinstance(action, Retire):
            self.ready.clear()
        return self._done(self.game.apply(action))

    def table_words(self) -> Msg:
        """The game and its table options in words (never the seed)."""
        g = self.game
        packs = Msg.plural(Nn_("{n} pack", "{n} packs"), g.packs)
        if self.concurrent:
            parts = [
                Msg(N_("punto banco")),
                packs,
                Msg(N_("house limit {limit} a bet"), limit=g.limit),
            ]
        else:
            parts = [
                Msg(N_("chemin de fer")),
                packs,
                Msg(N_("the first bank by lot"))
                if g.first_bank == "lot"
                else Msg(N_("the first bank by auction")),
            ]
        return Msg("{parts}", parts=Listed(parts))

    def table_options(self, defaults: bool = True) -> dict[str, Any]:
        """The game's own table options, as a joining seat is told them (``defaults``:
        the same either way, a two-hand game's table options are always said)."""
        g = self.game
        out: dict[str, Any] = {"options": {}, "packs": g.packs, "computers": dict(self.styles)}
        if self.concurrent:
            out["limit"] = g.limit
        else:
            out["rotation"] = g.rotation
            out["first_bank"] = g.first_bank
        return out

    def waiting(self, present: Sequence[str]) -> list[str]:
        """punto banco: the seats ``present`` still to say ``deal`` once one has."""
        if not self.concurrent or not self.ready or self.game.phase == "ended":
            return []
        return [s for s in present if s not in self.ready]

    def go_on(self, present: Sequence[str]) -> list[Event] | None:
        """What follows by itself once every seat ``present`` is ready: punto banco's
        deal (:meth:`deal_if_ready`); ``None``: the table waits."""
        return self.deal_if_ready(present)

    def deal_if_ready(self, present: Sequence[str]) -> list[Event] | None:
        """punto banco: every seat ``present`` said ``deal``: the computers bet, the coup
        is dealt (its events); ``None``: the table waits."""
        if not self.concurrent or self.game.phase == "ended" or not self.ready:
            return None
        if any(seat not in self.ready for seat in present):
            return None
        self._guard()
        self.ready.clear()
        events: list[Event] = []
        for player in self.computers.values():
            events += player.bet(self.game)  # type: ignore[union-attr]
        events += self.game.deal()
        return self._done(events)

    # ------------------------------------------------------------ computers

    def computer_to_move(self) -> str | None:
        """The computer seat that acts now (chemin de fer; punto banco's bet at the deal)."""
        g = self.game
        if self.concurrent or g.phase == "ended":
            return None
        actors, _acts = g.to_act()
        if not actors:
            return None
        banker = actors[1] if len(actors) > 1 else None
        if banker in self.computers and banker_passes(g, self.computers[banker]):
            return banker
        return actors[0] if actors[0] in self.computers else None

    def play_computer(self) -> list[Event]:
        """The computer seat whose turn it is acts once."""
        if self.computer_to_move() is None:
            return []
        self._guard()
        before = len(self.game.log)
        play_step(self.game, self.computers)
        return self._done(list(self.game.log[before:]))

    def stand_in_seat(self) -> str | None:
        """The seat a stand-in may play now: chemin de fer's in turn (punto banco: none,
        a gone seat simply does not bet)."""
        return self.actor()

    def stand_in_move(self, seat: str) -> list[Event]:
        """A gone seat's move, made by a cautious computer (until it joins again)."""
        g = self.game
        if self.concurrent or self.actor() != seat:
            return []
        self._guard()
        player = self._stand_ins.get(seat)
        if player is None:
            player = CheminComputer(seat, g, "cautious", purpose=f"stand-in:{seat}")
            self._stand_ins[seat] = player
        action = player.choose(g)
        if isinstance(action, Pass) and action.who != seat:  # pragma: no cover - defensive
            return []
        return self._done(g.apply(action))

    # ------------------------------------------------------------ making one

    @classmethod
    def new(
        cls,
        family: str,
        names: Sequence[str],
        *,
        styles: Mapping[str, str],
        seed: int | None,
        forced_moves: str = "announced",
        first_bank: str = "lot",
        packs: int | None = None,
        limit: int | None = None,
    ) -> TwoHandSession:
        """A new game of ``family`` (the engine checks the names and options)."""

        chosen, stream = seed_and_stream(seed)
        game = definition(family).new_game(
            list(names),
            chosen,
            stream=stream,
            packs=packs,
            limit=limit,
            forced_moves=forced_moves,
            first_bank=first_bank,
        )
        boot = list(getattr(game, "_boot", []))
        return cls(game, boot, styles=styles)
