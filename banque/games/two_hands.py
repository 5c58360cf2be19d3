"""What the two-hand games share: the shoe, totals, naturals, the fixed tableau, models.

Chemin de fer and punto banco deal two hands, the punter's (the *player*)
and the banker's, in the order player, banker, player, banker; a two-card 8
or 9 (a natural) ends the coup at once; otherwise the player's hand may take
a third card face up, then the banker's.

Punto banco fixes every draw (the "tableau", :func:`player_draws` and
:func:`banker_draws`); chemin de fer binds the punter to the same rule but at
5 (a choice) and leaves the banker free.

>>> player_draws(5), player_draws(6)
(True, False)
>>> banker_draws(3, 9), banker_draws(3, 8), banker_draws(5, 4), banker_draws(5, None)
(True, False, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from ..constants import MAX_NAME
from ..core.cards import hand_total
from ..core.errors import IllegalAction
from ..core.messages import N_, Msg, Nn_
from ..core.models import Action, TableOptions
from ..core.naturals import side_result
from ..core.rng import Stream, derived, generator
from ..core.shoe import MIN_CARDS, Shoe
from ..text import quoted
from .banque.game import START_CHIPS, Event

__all__ = [
    "MIN_CARDS",
    "Event",
    "Hands",
    "Shoe",
    "TwoHandCoup",
    "banker_draws",
    "big_road",
    "player_draws",
    "points",
    "result_of",
    "standings",
    "validate_names",
]

Hand = Literal["player", "banker"]
Outcome = Literal["player", "banker", "tie"]


#: A hand's total: the last digit of the sum of its cards' points.
points = hand_total
#: Which hand wins, the player's total first (equal totals: a tie, the bets on the
#: hands stand off).
result_of = side_result


def player_draws(total: int) -> bool:
    """The fixed rule of the player's hand: draw at 0-5, stand at 6-7."""
    return total <= 5


#: The banker's fixed rule when the player drew: for each banker total 0-6, the values
#: of the player's third card on which the banker draws (7 stands).  The seed text
#: gives 3-against-9 and 5-against-4 as draws; the rest is the standard table.
_BANKER_DRAWS_ON: dict[int, frozenset[int]] = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset({0, 1, 2, 3, 4, 5, 6, 7, 9}),
    4: frozenset({2, 3, 4, 5, 6, 7}),
    5: frozenset({4, 5, 6, 7}),
    6: frozenset({6, 7}),
    7: frozenset(),
}


def banker_draws(total: int, third: int | None) -> bool:
    """The fixed rule of the banker's hand (punto banco).

    ``third`` is the value of the player's third card, or ``None`` if the
    player stood: then the banker draws at 0-5 and stands at 6-7.
    """
    if third is None:
        return total <= 5
    return third in _BANKER_DRAWS_ON.get(total, frozenset())


def validate_names(participants: Sequence[str], low: int, high: int, game: str) -> list[str]:
    """The participants' names, checked as banque checks them (``low``..``high`` of them)."""
    if isinstance(participants, str) or not isinstance(participants, Sequence):
        raise IllegalAction(Msg(N_("Participants must be a list of names.")), "participants")
    names = [p.strip() if isinstance(p, str) else p for p in participants]
    seen: set[str] = set()
    for name in names:
        if not isinstance(name, str) or not name:
            raise IllegalAction(
                Msg(N_("Every participant needs a name (not empty).")), "participants"
            )
        if len(name) > MAX_NAME:
            raise IllegalAction(
                Msg(
                    N_("The name {name} is too long: at most {most} characters."),
                    name=quoted(name),
                    most=MAX_NAME,
                ),
                "participants",
            )
        if not name.isprintable():
            raise IllegalAction(
                Msg(
                    N_(
                        "The name {name} holds a control character: use letters, digits and spaces."
                    ),
                    name=quoted(name),
                ),
                "participants",
            )
        if name.casefold() in seen:
            raise IllegalAction(
                Msg(
                    N_("Two participants are called {name}: every name must be different."),
                    name=quoted(name),
                ),
                "participants",
            )
        seen.add(name.casefold())
    if not low <= len(names) <= high:
        raise IllegalAction(
            Msg(
                N_("{game} is played by {least} to {most} participants; {n} were given."),
                game=game,
                least=low,
                most=high,
                n=len(names),
            ),
            "participants",
        )
    return names


class TwoHandGame:
    """What the engines of punto banco and chemin de fer share: one seeded generator
    and its shoe, the record of acts, the log of events, the seats' chips and coups.

    A game's ``__init__`` checks its own options, then calls :meth:`_start`.
    """

    game: str
    participants: list[str]
    coups: list[TwoHandCoup]
    #: The words of a fresh shoe (``Nn_``: one pack, packs), each game its own.
    fresh_shoe: tuple[str, str]

    def _start(
        self,
        seed: int,
        packs: int,
        shoe: Iterable[str],
        record: bool,
        keep_log: bool,
        stream: Stream | None = None,
    ) -> None:
        self.seed = seed
        #: The generator (:mod:`banque.core.rng`): ``None``, the Mersenne Twister of
        #: a study's seed and older records; a new game's, a secure stream.
        self.stream: Stream | None = stream
        self.packs = packs
        self.rng = generator(seed, stream)
        self.shoe = Shoe(packs, self.rng, shoe)
        self.stacked = list(self.shoe.stacked)
        self.recording = record
        self.keep_log = keep_log
        self.actions: list[Action] = []
        self.log: list[Event] = []
        self.balances: dict[str, int] = {p: START_CHIPS for p in self.participants}
        self.coups = []

    def record_fields(self) -> dict[str, Any]:
        """What this game's record keeps beyond the fields every record has (a game
        adds its own: punto banco its limit, chemin de fer its rotation…)."""
        return {
            "game": self.game,
            "rules": "home",
            "options": TableOptions(),
            "forced_moves": "automatic",
            "packs": self.packs,
        }

    def rng_for(self, purpose: str) -> random.Random:
        """A generator of the game's own for one purpose (a computer seat, the table's
        helper), from its seed alone: it never disturbs the shoe's generator."""
        return derived(self.seed, self.stream, purpose)

    @property
    def cards_left(self) -> int:
        return len(self.shoe)

    @property
    def bank_number(self) -> int:
        """The bank the events belong to (the house's one bank in punto banco)."""
        return 1

    def _deal_hands(self, out: list[Event]) -> tuple[list[str], list[str]]:
        """The start of every coup: a fresh shoe if fewer than :data:`MIN_CARDS` are
        left (told as :attr:`fresh_shoe`), then two cards to each hand, dealt player,
        banker, player, banker.  Called once the deal is allowed: a refused act never
        touches the shoe."""
        shoe = self.shoe
        if shoe.fill() and self.keep_log:
            self._event("shuffle", Msg.plural(self.fresh_shoe, self.packs, cards=len(shoe)), out)
        pop = shoe.cards.pop
        p1, b1, p2, b2 = pop(), pop(), pop(), pop()
        shoe.seen += (p1, b1, p2, b2)
        return [p1, p2], [b1, b2]

    def _event(self, kind: str, msg: Msg, out: list[Event]) -> None:
        """An event: its words are ``msg`` (told in each player's language).

        A game that keeps no log (a simulation) tells nothing: no event is made
        and no words rendered, as in banque's quiet mode.  Callers that build a
        costly message check :attr:`keep_log` first.
        """
        if not self.keep_log:
            return
        ev = Event(kind, str(msg), self.bank_number, len(self.coups) + 1, kind, {}, msg)
        out.append(ev)
        self.log.append(ev)

    def _remember(self, make: Callable[[], Action]) -> None:
        """Record an act (made only when the game keeps its record: simulations do not)."""
        if self.recording:
            self.actions.append(make())

    def _who(self, who: str) -> None:
        if who not in self.balances:
            raise IllegalAction(
                Msg(
                    N_("{who} is not at this table (the players are {names})."),
                    who=quoted(who),
                    names=", ".join(self.participants),
                ),
                "participant",
            )


# A coup's record is the game's own, made once a coup (a simulation makes
# millions): plain dataclasses, cheap to make; the reports that carry them
# (pydantic models) serialise them as the fields they always had.


@dataclass(slots=True)
class Hands:
    """The two hands of a coup."""

    player: list[str]
    banker: list[str]


@dataclass(slots=True)
class TwoHandCoup:
    """A coup of chemin de fer or punto banco, as everyone sees it after the reveal."""

    number: int
    hands: Hands
    totals: dict[Hand, int]
    #: A two-card 8 or 9 in either hand ended the coup at once.
    natural: bool
    #: Who played the punters' hand (chemin de fer; punto banco: the fixed table).
    played_by: str
    #: Each hand's move: ``natural``, ``draw`` or ``stand``.
    moves: dict[Hand, str]
    result: Outcome
    #: Each bet: who, on what (chemin de fer: ``player``), how much, its result and
    #: the chips it won or lost (after any commission), and the commission.
    bets: list[dict[str, object]]
    #: chemin de fer: the bank before and after; punto banco: the house's takings after.
    bank_before: int
    bank_after: int
    banker: str = "house"


class Standing(BaseModel):
    """A seat at the game's end (or now): its chips and its gain or loss on the start."""

    name: str
    chips: int
    gain: int


def game_over(participants: Sequence[str], balances: dict[str, int], coups: int) -> Msg:
    """The last event's words: how many coups were played and where everyone stands."""
    standing = ", ".join(f"{p} {balances[p]}" for p in participants)
    return Msg.plural(
        Nn_(
            "The game ends after {n} coup: {standing}.",
            "The game ends after {n} coups: {standing}.",
        ),
        coups,
        standing=standing,
    )


def standings(participants: Sequence[str], balances: dict[str, int], start: int) -> list[Standing]:
    """Each seat's chips and gain (``chips - start``), best first (seat order among equals).

    >>> [(s.name, s.gain) for s in standings(["Ana", "Bo"], {"Ana": 90, "Bo": 110}, 100)]
    [('Bo', 10), ('Ana', -10)]
    """
    rows = [Standing(name=p, chips=balances[p], gain=balances[p] - start) for p in participants]
    return sorted(rows, key=lambda s: -s.gain)


def big_road(results: Iterable[str]) -> list[list[str]]:
    """The big road: a column for each run of banker (``B``) or player (``P``) wins.

    A tie adds a mark (``T``) to the cell before it (a tie before any win
    opens the road with a lone ``T`` cell).

    >>> big_road(["banker", "banker", "tie", "player", "banker"])
    [['B', 'BT'], ['P'], ['B']]
    """
    road: list[list[str]] = []
    for result in results:
        if result == "tie":
            if road:
                road[-1][-1] += "T"
            else:
                road.append(["T"])
            continue
        mark = "B" if result == "banker" else "P"
        if road and road[-1][0][0] == mark:
            road[-1].append(mark)
        else:
            road.append([mark])
    return road
