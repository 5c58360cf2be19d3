"""One port for every game's table: what a table needs of a game's session.

The hosted table (:class:`banque.net.table.Table`) drives a game through
:class:`TableSession`, which banque's :class:`~banque.session.session.Session`
and the two-hand games' :class:`TwoHandSession` (chemin de fer, punto banco)
both implement, each the one session of :class:`~banque.session.base.GameSession`
with its game's part: who acts now, the computer seats' steps, the journal written
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
from ..core.journal import Journal
from ..core.messages import N_, Msg
from ..core.models import Action, Retire
from ..core.rng import seed_and_stream
from ..games import DEFAULT_GAME, definition
from .base import GameSession

if TYPE_CHECKING:
    from ..games.gamedef import SeatRules
    from ..games.two_hands import Event

__all__ = ["SeatPort", "TableSession", "TwoHandSession", "family_of"]

#: The computers' temperaments (another name read from a record: a cautious one).
_STYLES = ("cautious", "bold", "expert")


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
    #: The seats act at once (punto banco's bets): an act answers no particular turn.
    concurrent: bool

    def stage(self) -> str: ...

    def actor(self) -> str | None: ...

    def computer_to_move(self) -> str | None: ...

    def play_computer(self) -> list[Event]: ...

    def plan_wait(self) -> str | None: ...

    def stop_plans(self) -> None: ...

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


class TwoHandSession(GameSession):
    """A two-hand game (chemin de fer, punto banco…) at a table shared by seats.

    What is the same for every game is :class:`~banque.session.base.GameSession`'s (the
    journal written before a seat hears of an act, and no act taken while it cannot
    be; the log; the seats ready for what follows by itself; the computer seats'
    generators; the record); what every two-hand game adds is here (an ended game,
    the computer seats acting for nobody else, a seat's view and acts).  The rest is
    the game's own, asked of its seats' rules
    (:class:`banque.games.gamedef.SeatRules`, named by its definition's
    ``seat_rules``): whose turn it is, what a seat may do and is told, the public
    facts beside its view, the table's words and options, the computers' steps, a
    gone seat's stand-in, and, for a game whose seats act at once (punto banco's
    bets), the ``deal`` a seat says when it is ready: what follows is played once
    every seat present is (:meth:`go_on`).

    ``computers``: each computer seat's temperament (``cautious``, ``bold``, ``expert``:
    its game's solution at its card decisions, handed the plan its game's definition
    names, :meth:`~banque.games.gamedef.GameDefinition.computer`); each
    draws from its seat's counting generator (``chemin/NAME``, ``punto/NAME``), how
    far it has drawn kept with the journal's acts, so that a resumed game's
    computers go on where they were.
    """

    def __init__(
        self,
        game: Any,
        events: Sequence[Event] = (),
        *,
        styles: Mapping[str, str] | None = None,
    ) -> None:
        styles = {
            n: s for n, s in (styles or {}).items() if n in game.participants and s != "human"
        }
        self.family = str(game.game)
        game_def = definition(self.family)
        super().__init__(
            game,
            events,
            computers={  # each computer seat's player, drawing from its own seat generator
                name: game_def.computer(name, game, style if style in _STYLES else "cautious")
                for name, style in styles.items()
            },
            styles=styles,
        )
        #: The game's own part: its seats' rules (:class:`~banque.games.gamedef.SeatRules`).
        self.seat_rules: SeatRules = game_def.seat_rules_for(game)
        #: The seats act at once (punto banco's bets), not in turn (chemin de fer's, and a
        #: players' bank's): the seats' rules' word, for the table.
        self.concurrent = self.seat_rules.concurrent

    # ------------------------------------------------------------ the table's side

    def stage(self) -> str:
        """``play``, or ``over`` once the game has ended."""
        return "over" if self.game_over() else "play"

    def actor(self) -> str | None:
        """The seat the table waits for (``None``: nobody in turn, or the game is over)."""
        return None if self.game_over() else self.seat_rules.actor()

    def prompt_msg(self) -> Msg:
        return self.game.prompt_msg  # type: ignore[no-any-return]

    def bank_in_play(self) -> bool:
        """The game goes on (quitting keeps it to resume)."""
        return not self.game_over()

    # ------------------------------------------------------------ the journal

    def _done(self, events: list[Event]) -> list[Event]:
        """After acts: the journal written (before any seat hears of them), the log."""
        self.sync_journal()
        self.messages.extend(events)
        return events

    # ------------------------------------------------------------ a seat's side

    def seat_view(self, seat: str | None) -> BaseModel:
        """The table as ``seat`` may see it (``None``: a spectator), made by the game."""
        return self.game.view(seat)  # type: ignore[no-any-return]

    def seat_options(self, seat: str, waiting: Sequence[str] = ()) -> dict[str, Any]:
        """What ``seat`` may do now, with what its game tells beside (the amounts its
        acts may name…: :meth:`SeatRules.seat_options`)."""
        acts = self.seat_acts(seat)
        out: dict[str, Any] = {"to_act": bool(acts), "acts": acts}
        out.update(self.seat_rules.seat_options(seat, acts, self.ready))
        return out

    def seat_message(self, seat: str | None, waiting: Sequence[str] = ()) -> dict[str, Any]:
        """A seat's view as a joined seat is sent it (``None``: a spectator's): the
        game's own ``view`` for that seat (``game.view(seat)``: a concealed card is
        ``null``; the prompt in English), what it may do (``you``), and the public facts
        beside (the game's: chemin de fer's first auction and banks; the standings
        once over)."""
        g = self.game
        view = self.seat_view(seat).model_dump(mode="json")
        view["prompt"] = str(self.prompt_msg())  # English on the wire, as events' texts
        out: dict[str, Any] = {
            "game": self.family,
            "view": view,
            "you": self.seat_options(seat, waiting) if seat is not None else None,
        }
        out.update(self.seat_rules.public_facts())
        if self.game_over():
            out["standings"] = [s.model_dump(mode="json") for s in g.standings()]
            ended = getattr(g, "ended_msg", None)
            out["ended_msg"] = ended.to_data() if ended is not None else None
        return out

    def seat_acts(self, seat: str) -> list[str]:
        """What ``seat`` may do now (its own acts only; a computer seat's: none)."""
        if self.game_over() or seat in self.styles:
            return []
        return self.seat_rules.seat_acts(seat, self.ready)

    def perform_for(self, seat: str, action: Action) -> list[Event]:
        """Apply an act of ``seat`` (checked: its act now, made in its own name); an act
        that only says the seat is ready (punto banco's ``deal``) is noted."""
        self._check(seat, action)
        self._guard()
        return self._done(self._play_for(seat, action))

    def _check(self, seat: str, action: Action) -> None:
        """``action`` is ``seat``'s to make now, in its own name (else why not)."""
        name = action.act
        if name not in self.seat_acts(seat):
            raise IllegalAction(Msg(N_("{act} is not an act of this moment."), act=name), "phase")
        self._own_name(seat, action)

    def _play_for(self, seat: str, action: Action) -> list[Event]:
        """``action`` played for ``seat`` (checked already), or its readiness noted."""
        if self.seat_rules.note_ready(seat, action, self.ready):
            return []
        return list(self.game.apply(action))

    def perform_together(
        self, acts: Sequence[tuple[str, Action]], present: Sequence[str]
    ) -> list[Event]:
        """Acts of seats at one keyboard said with one key (the local table's: punto
        banco's Enter, every seat's bets and ``deal``), each checked as
        :meth:`perform_for` checks it, then what follows once every seat ``present`` is
        ready (:meth:`go_on`'s: with nobody ``present``, a table of computers watched,
        at once); the journal written once, after them all, before anything is shown.
        A refused act leaves those before it played (and written)."""
        self._guard()
        events: list[Event] = []
        try:
            for seat, action in acts:
                self._check(seat, action)
                events += self._play_for(seat, action)
            if not self.game_over() and all(seat in self.ready for seat in present):
                self.ready.clear()
                events += self.seat_rules.go_on(self.computers)
        finally:
            self._done(events)
        return events

    def end_game(self) -> list[Event]:
        """The players at one keyboard end the game (the local table's ``e``: any of
        them, whoever is in turn; the game says whether it may end now, and why not).
        Every seat says it is ready again afterwards (punto banco's ``deal``)."""
        self._guard()
        events = self.game.apply(Retire())
        self.ready.clear()
        return self._done(list(events))

    def table_words(self) -> Msg:
        """The game and its table options in words (never the seed)."""
        return self.seat_rules.table_words()

    def table_options(self, defaults: bool = True) -> dict[str, Any]:
        """The game's own table options, as a joining seat is told them (``defaults``:
        the same either way, a two-hand game's table options are always said)."""
        out: dict[str, Any] = {
            "options": {},
            "packs": self.game.packs,
            "computers": dict(self.styles),
        }
        out.update(self.seat_rules.table_options())
        return out

    def waiting(self, present: Sequence[str]) -> list[str]:
        """The seats ``present`` still to say they are ready once one has."""
        if not self.ready or self.game_over():
            return []
        return [s for s in present if s not in self.ready]

    def go_on(self, present: Sequence[str]) -> list[Event] | None:
        """What follows by itself once every seat ``present`` is ready (punto banco's
        computers' bets and deal: :meth:`SeatRules.go_on`), its events; ``None``: the
        table waits."""
        if self.game_over() or not self.ready:
            return None
        if any(seat not in self.ready for seat in present):
            return None
        self._guard()
        self.ready.clear()
        return self._done(list(self.seat_rules.go_on(self.computers)))

    # ------------------------------------------------------------ computers

    def computer_to_move(self) -> str | None:
        """The computer seat that acts now (``None``: none, as at punto banco, whose
        computers bet at the deal)."""
        return None if self.game_over() else self.seat_rules.computer_to_move(self.computers)

    def play_computer(self) -> list[Event]:
        """The computer seat whose turn it is acts once."""
        if self.computer_to_move() is None:
            return []
        self._guard()
        before = len(self.game.log)
        self.seat_rules.play_computer(self.computers)
        return self._done(list(self.game.log[before:]))

    def stand_in_seat(self) -> str | None:
        """The seat a stand-in may play now: the seat in turn (none at punto banco,
        where a gone seat simply does not bet)."""
        return self.actor()

    def stand_in_move(self, seat: str) -> list[Event]:
        """A gone seat's move in its turn, made by its game's stand-in (a cautious
        computer, until it joins again)."""
        g = self.game
        if self.actor() != seat:
            return []
        self._guard()
        player = self._stand_ins.get(seat)
        if player is None:
            player = self.seat_rules.stand_in(seat)
            if player is None:  # pragma: no cover - a game with no stand-in
                return []
            self._stand_ins[seat] = player
        action = player.choose(g)
        if getattr(action, "who", seat) != seat:  # pragma: no cover - defensive
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
        **game_options: Any,
    ) -> TwoHandSession:
        """A new game of ``family`` (the engine checks the names and options):
        ``game_options``, the game's own (:attr:`GameDefinition.options`: ``packs``,
        ``limit``, ``raise_limit``, ``first_bank``), each game taking its own."""

        chosen, stream = seed_and_stream(seed)
        game = definition(family).new_game(
            list(names),
            chosen,
            stream=stream,
            forced_moves=forced_moves,
            **game_options,
        )
        boot = list(getattr(game, "_boot", []))
        return cls(game, boot, styles=styles)
