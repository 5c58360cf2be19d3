"""What every game's session is, whatever the game: the one machinery a table plays
through (:class:`GameSession`).

A session holds one game at a table: its seats (human, or computer players
drawing from their seats' generators), the public log, the journal written
before any seat hears of an act (and no act taken while it cannot be), the
seats ready for what follows by itself, the stand-ins for gone seats, the
record.  Banque's :class:`~banque.session.session.Session` and the two-hand
games' :class:`~banque.session.port.TwoHandSession` are this session with
their game's part: banque's stages (the seating, the shuffle, the settlement
read), or a two-hand game's seat rules.  The tables (local or hosted) drive
either through the same port (:class:`~banque.session.port.TableSession`).

No Textual here, and no socket.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.errors import IllegalAction
from ..core.journal import stopped_msg
from ..core.messages import N_, Msg
from ..core.record import dump_record
from ..core.rng import CountingRandom, StreamRandom, seat_draws, skip_seats
from ..games.records import record_of

if TYPE_CHECKING:
    from ..core.journal import Journal
    from ..games.two_hands import Event

__all__ = ["GameSession"]


class GameSession:
    """A game at a table and what every table adds around it.

    ``computers``: each computer seat's player (a game's own kind: banque's decide
    from an observation, the two-hand games' choose from the game); ``styles``: each
    computer seat's temperament.  A subclass says where its computer seats'
    generators are (:meth:`seat_generators`) and when its game is over
    (:meth:`game_over`).
    """

    #: The seats act at once (punto banco's bets against the house), not in turn.
    concurrent = False

    def __init__(
        self,
        game: Any,
        events: Any = (),
        *,
        computers: Mapping[str, Any] | None = None,
        styles: Mapping[str, str] | None = None,
    ) -> None:
        self.game = game
        #: Each computer seat's player.
        self.computers: dict[str, Any] = dict(computers or {})
        #: Each computer seat's temperament (``cautious``, ``bold``, ``expert``).
        self.styles: dict[str, Any] = dict(styles or {})
        #: The public log: every event, in order.
        self.messages: list[Event] = list(events)
        #: Where the acts are written as they are applied (the game's journal).
        self.journal: Journal | None = None
        #: The seats ready for what follows by itself (a settlement read, a deal asked
        #: for): the table goes on once every seat present is.
        self.ready: set[str] = set()
        #: A word for the table when it opens (a resumed record that stops early).
        self.notice: Msg | None = None
        #: The cautious computers that play gone seats' moves at a hosted table.
        self._stand_ins: dict[str, Any] = {}
        #: The journal notes the game's end as soon as it ends (the local table's; the
        #: hosted table notes it as it closes, :func:`banque.net.server.close_journal`).
        self.note_end = False
        #: The game's end is in the journal already (a journal resumed after it).
        self.end_noted = False
        self.prepare_plans()

    # ------------------------------------------------------------ the game's part

    def seat_generators(self) -> dict[str, CountingRandom | StreamRandom | None]:
        """Each computer seat's generator (how far it has drawn goes in the journal)."""
        return {name: getattr(p, "rng", None) for name, p in self.computers.items()}

    def game_over(self) -> bool:
        """The game has ended (nothing more will be played in it)."""
        return bool(self.game.phase == "ended")

    # ------------------------------------------------------------ the experts' plans

    def plan_makers(self) -> list[Any]:
        """The makers of the computer seats' solved plans that are worked out ahead
        (banque's experts share one, :class:`~banque.session.plans.ExpertPlans`)."""
        makers: list[Any] = []
        for player in self.computers.values():
            maker = getattr(getattr(player, "__self__", None), "plan_for", None)
            if callable(getattr(maker, "prepare", None)) and maker not in makers:
                makers.append(maker)
        return makers

    def prepare_plans(self) -> None:
        """The table opens: its expert seats' plans start being solved, in a thread of
        their own, before the first move that needs one."""
        for maker in self.plan_makers():
            maker.prepare()

    def stop_plans(self) -> None:
        """The table closes: the plans not started are not solved."""
        for maker in self.plan_makers():
            maker.stop()

    def plan_wait(self) -> str | None:
        """The computer seat whose move waits now on its plan, still being solved
        (``None``: none waits; the table plays the move when there is none)."""
        return None

    # ------------------------------------------------------------ seats

    def all_computers(self) -> bool:
        """Every seat is a computer: the table plays on by itself (watch mode)."""
        return all(p in self.computers for p in self.game.participants)

    def _own_name(self, seat: str, act: Any) -> None:
        """An act is made in the name of the seat that says it, or refused."""
        if getattr(act, "who", seat) != seat:
            raise IllegalAction(Msg(N_("An act is made in your own name only.")), "who")

    # ------------------------------------------------------------ the journal

    def computer_draws(self) -> dict[str, int]:
        """How far each computer seat has drawn (kept in the journal): numbers drawn from
        the Mersenne Twister, bytes read of a stream (:class:`~banque.core.rng.StreamRandom`)."""
        return seat_draws(self.seat_generators())

    def skip_draws(self, draws: Mapping[str, int]) -> None:
        """A resumed game: each computer seat's generator where it was."""
        skip_seats(self.seat_generators(), draws)

    def sync_journal(self) -> bool:
        """Write the acts not written yet, with how far each computer seat has drawn
        (and, with :attr:`note_end`, the game's end, once). ``False``: the journal
        could not be written (its ``failure`` says why); ``True`` with no journal."""
        journal = self.journal
        if journal is None:
            return True
        if not journal.sync(self.game.actions, self.computer_draws()):
            return False
        if self.note_end and self.game_over() and not self.end_noted:
            self.end_noted = True
            return bool(journal.note("end"))  # written with the next try if not now
        return True

    def journal_problem(self) -> Msg | None:
        """Why no act is taken now: the game's journal cannot be written (tried again
        first, so that the table goes on by itself once it can); ``None``: it can."""
        journal = self.journal
        if journal is None or journal.failure_msg is None:
            return None
        if self.sync_journal():
            return None
        assert journal.failure_msg is not None
        return stopped_msg(journal.failure_msg)

    def _guard(self) -> None:
        """No act while the journal cannot be written: every act made would be lost."""
        problem = self.journal_problem()
        if problem is not None:
            raise IllegalAction(problem, "journal")

    # ------------------------------------------------------------ record

    def record_text(self, pace: float | None = None) -> str:
        """The game's record (with its computer seats and, if given, the pace)."""
        return dump_record(record_of(self.game, computers=self.styles, pace=pace))
