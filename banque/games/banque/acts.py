"""Banque's acts as a seat says them: the acts a joined seat sends, as pydantic models.

A seat names what it chooses and nothing the table knows already: never ``who`` (the
table adds the seat's own name to the acts made in a name), a ``draw`` without its side
(the side deciding now), a ``wager`` that lets the last stake ``ride``, a ``seat`` or a
``shuffle`` as the banker arranged them.  :data:`SeatAct` is their union, one model an
act (``act`` tells which); each model but the table's own becomes the record's act
(:data:`banque.core.models.Action`, what records and journals keep: each
:class:`_RecordAct` says which, :meth:`~_RecordAct.action`) with
:meth:`~_SeatAct.play`, through what the table knows (:class:`SeatTable`: banque's
session), and the game's own ``apply`` then plays it as a record's replay does.
``arrange`` (the banker moving a name while seating), ``continue`` (a settlement read)
and ``fresh`` (a fresh bank asked for) are the table's acts, never a record's.

Each field carries its words (:class:`banque.core.models.Words`): a message that sends
one wrong is answered in those words.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, model_validator

from ...constants import MAX_NAME
from ...core.errors import IllegalAction
from ...core.messages import N_, Msg
from ...core.models import (
    Accept,
    Action,
    Banco,
    Bid,
    Burn,
    Deal,
    Draw,
    Mover,
    Pass,
    Replenish,
    Retire,
    Seat,
    Shuffle,
    Side,
    Stand,
    Take,
    Wager,
    Words,
)

if TYPE_CHECKING:
    from .game import Event

__all__ = ["ARRANGE_MOVES", "SeatAct", "SeatTable"]

#: How ``arrange`` changes the seating being arranged: ``player`` to a side, up or down
#: its side (toward the banker: up), out to watch (or stand) or back; ``reset``: the
#: engine's seating again.
ARRANGE_MOVES = ("left", "right", "up", "down", "watch", "reset")
ArrangeMove = Literal["left", "right", "up", "down", "watch", "reset"]

#: The most a wire number may be (chips or cards): a bigger one is no one's.
_MOST = 10**9

_CHIPS = Msg(N_('"amount" must be a whole number of chips.'))
_BACKS = Msg(N_('"side" is "right" or "left", the side a wager backs.'))
_MOVES = Msg(
    N_("{field} must be one of: {values}."), field='"move"', values=", ".join(ARRANGE_MOVES)
)


def _name(field: str) -> Msg:
    return Msg(N_("{field} must be a participant's name."), field=field)


def _names(field: str) -> Words:
    return Words(
        wrong=Msg(N_("{field} must be a list of names."), field=field),
        each=Msg(N_("Each name of {field} must be a participant's name."), field=field),
    )


def _flag(field: str) -> Words:
    return Words(wrong=Msg(N_("{field} must be true or false."), field=field))


Name = Annotated[str, Field(strict=True, min_length=1, max_length=MAX_NAME * 4)]
Chips = Annotated[StrictInt, Field(ge=0, le=_MOST)]
Names = Annotated[list[Name], Field(max_length=11)]


class Split(BaseModel):
    """classic: a banco on both hands divided between them."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    right: Chips
    left: Chips


class SeatTable(Protocol):
    """What a seat's act needs of the table to become the record's act (banque's
    :class:`~banque.session.session.Session` is one)."""

    game: Any

    def perform(self, action: Action) -> list[Event]: ...

    def decision_side(self) -> Mover | None: ...

    def ride(self, who: str) -> tuple[int, bool] | None: ...

    def side_backed(self, who: str) -> Side | None: ...

    def draft(self) -> dict[Side, list[str]]: ...

    def draft_spectators(self) -> list[str]: ...

    def shufflers(self, others: bool | None = None) -> list[str]: ...

    def cut_by(self) -> str: ...

    def arrange(self, move: str, player: str | None) -> None: ...

    def read(self, who: str, stage: str) -> None: ...


class _SeatAct(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    #: A reading (``continue``, ``fresh``): the stage it answers; the turn stays (an
    #: act of the game moves it on).
    reads: ClassVar[str | None] = None

    @abstractmethod
    def play(self, table: SeatTable) -> list[Event]:
        """Play it at ``table`` (each act says how)."""


class _RecordAct(_SeatAct):
    """A seat's act that is one of the record's acts (each says which: :meth:`action`)."""

    @abstractmethod
    def action(self, table: SeatTable) -> Action:
        """The record's act this seat's act is, as the table is now."""

    def play(self, table: SeatTable) -> list[Event]:
        """Play it at ``table`` (the record's act through the game's ``apply``)."""
        return table.perform(self.action(table))


class SayBid(_RecordAct):
    act: Literal["bid"]
    who: str
    amount: Annotated[Chips, Words(wrong=_CHIPS, missing=Msg(N_('A bid needs an "amount".')))]

    def action(self, table: SeatTable) -> Action:
        return Bid(who=self.who, amount=self.amount)


class SayPass(_RecordAct):
    act: Literal["pass"]
    who: str

    def action(self, table: SeatTable) -> Action:
        return Pass(who=self.who)


class SayWager(_RecordAct):
    act: Literal["wager"]
    who: str
    amount: Annotated[Chips | None, Words(wrong=_CHIPS)] = None
    a_cheval: Annotated[StrictBool, _flag('"a_cheval"')] = False
    #: Let it ride: the last coup's stake and its winnings (``amount`` then not needed).
    ride: Annotated[StrictBool, _flag('"ride"')] = False
    #: classic's spectators, hoyle's standing punters: the side the wager backs.
    side: Annotated[
        Side | None,
        Words(wrong=_BACKS, elsewhere=_BACKS),
    ] = None

    @model_validator(mode="after")
    def _an_amount(self) -> SayWager:
        if self.amount is None and not self.ride:
            raise ValueError(Msg(N_('A wager needs an "amount" (or "ride": true).')))
        return self

    def action(self, table: SeatTable) -> Action:
        amount, a_cheval = self.amount or 0, self.a_cheval
        if self.ride:
            ride = table.ride(self.who)
            if ride is None:
                raise IllegalAction(
                    Msg(N_("There is no winning or tied stake to let ride.")), "ride"
                )
            amount, a_cheval = ride
        side = None if a_cheval else (self.side or table.side_backed(self.who))
        return Wager(who=self.who, amount=amount, a_cheval=a_cheval, ride=self.ride, side=side)


class SayBanco(_RecordAct):
    act: Literal["banco"]
    who: str
    #: classic: the stake divided between the hands (the rules check the sums).
    split: Annotated[
        Split | None,
        Words(
            wrong=Msg(
                N_('"split" is {form}: whole numbers for the two hands.'),
                form='{"right": chips, "left": chips}',
            ),
            elsewhere=Msg(N_('"split" divides a banco only.')),
        ),
    ] = None

    def action(self, table: SeatTable) -> Action:
        if self.split is None:
            return Banco(who=self.who)
        return Banco(who=self.who, right=self.split.right, left=self.split.left)


class SayDeal(_RecordAct):
    act: Literal["deal"]

    def action(self, table: SeatTable) -> Action:
        return Deal()


class SayRetire(_RecordAct):
    act: Literal["retire"]

    def action(self, table: SeatTable) -> Action:
        return Retire()


class _Move(_RecordAct):
    """A move of the side (or the banker's hand) deciding now."""

    def side(self, table: SeatTable) -> Mover:
        side = table.decision_side()
        if side is None:
            raise IllegalAction(Msg(N_("Nobody draws or stands now.")), "phase")
        return side


class SayDraw(_Move):
    act: Literal["draw"]

    def action(self, table: SeatTable) -> Action:
        return Draw(side=self.side(table))


class SayStand(_Move):
    act: Literal["stand"]

    def action(self, table: SeatTable) -> Action:
        return Stand(side=self.side(table))


class SaySeat(_RecordAct):
    """The seating: as given, or (without ``right`` and ``left``) as arranged."""

    act: Literal["seat"]
    right: Annotated[Names | None, _names('"right"')] = None
    left: Annotated[Names | None, _names('"left"')] = None
    spectators: Annotated[Names | None, _names('"spectators"')] = None

    @model_validator(mode="after")
    def _both_sides(self) -> SaySeat:
        if (self.right is None) != (self.left is None):
            raise ValueError(Msg(N_('A seating gives both "right" and "left".')))
        if self.spectators is not None and self.right is None:
            raise ValueError(Msg(N_('A seating with "spectators" gives "right" and "left" too.')))
        return self

    def action(self, table: SeatTable) -> Action:
        if self.right is None or self.left is None:
            draft = table.draft()
            return Seat(
                right=list(draft["right"]),
                left=list(draft["left"]),
                spectators=list(table.draft_spectators()),
            )
        return Seat(right=self.right, left=self.left, spectators=list(self.spectators or ()))


class SayShuffle(_RecordAct):
    act: Literal["shuffle"]
    others_shuffle: Annotated[StrictBool, _flag('"others_shuffle"')] = True
    cut: Annotated[Name | None, Words(wrong=_name('"cut"'))] = None

    def action(self, table: SeatTable) -> Action:
        return Shuffle(
            shufflers=table.shufflers(self.others_shuffle), cut=self.cut or table.cut_by()
        )


class SayBurn(_RecordAct):
    act: Literal["burn"]
    count: Annotated[
        Chips,
        Words(
            wrong=Msg(N_('"count" must be a whole number of cards.')),
            missing=Msg(N_('A burn needs a "count" (1 to 6 cards).')),
        ),
    ]

    def action(self, table: SeatTable) -> Action:
        return Burn(count=self.count)


class SayAccept(_RecordAct):
    act: Literal["accept"]

    def action(self, table: SeatTable) -> Action:
        return Accept()


class SayReplenish(_RecordAct):
    act: Literal["replenish"]
    #: Absent: the most the banker may put up (the agreed minimum, or its chips).
    amount: Annotated[Chips | None, Words(wrong=_CHIPS)] = None

    def action(self, table: SeatTable) -> Action:
        g = table.game
        most = min(g.bank_bid, g.balances.get(g.banker, 0))
        return Replenish(amount=most if self.amount is None else self.amount)


class SayTake(_RecordAct):
    act: Literal["take"]
    who: str

    def action(self, table: SeatTable) -> Action:
        return Take(who=self.who)


_ARRANGES = Msg(N_('"move" and "player" arrange the seating only.'))


class SayArrange(_SeatAct):
    """The banker moving a name in the seating being arranged (no record's act)."""

    act: Literal["arrange"]
    move: Annotated[
        ArrangeMove,
        Words(wrong=_MOVES, missing=_MOVES, elsewhere=_ARRANGES),
    ]
    player: Annotated[Name | None, Words(wrong=_name('"player"'), elsewhere=_ARRANGES)] = None

    @model_validator(mode="after")
    def _a_player(self) -> SayArrange:
        if self.move != "reset" and self.player is None:
            raise ValueError(_name('"player"'))
        return self

    def play(self, table: SeatTable) -> list[Event]:
        table.arrange(self.move, self.player)
        return []


class SayContinue(_SeatAct):
    """The settlement has been read (the table goes on once every seat has)."""

    act: Literal["continue"]
    who: str
    reads: ClassVar[str | None] = "settlement"

    def play(self, table: SeatTable) -> list[Event]:
        table.read(self.who, "settlement")
        return []


class SayFresh(_SeatAct):
    """A fresh bank, after a bank's end (opened once every seat has asked)."""

    act: Literal["fresh"]
    who: str
    reads: ClassVar[str | None] = "ended"

    def play(self, table: SeatTable) -> list[Event]:
        table.read(self.who, "ended")
        return []


#: Every act a banque seat may send (``act`` tells which), in the protocol's order.
SeatAct = Annotated[
    SayBid
    | SayPass
    | SayWager
    | SayBanco
    | SayDeal
    | SayRetire
    | SayDraw
    | SayStand
    | SaySeat
    | SayShuffle
    | SayContinue
    | SayFresh
    | SayBurn
    | SayAccept
    | SayReplenish
    | SayTake
    | SayArrange,
    Field(discriminator="act"),
]
