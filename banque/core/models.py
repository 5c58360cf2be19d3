"""Pydantic models: actions, records, coups, views and reports.

Actions are validated when they come in (from a record, the table or a
computer player); the engine then works on plain values, so that a coup
never costs a full validation of the whole state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypeVar, get_args, get_origin

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    StrictBool,
    StrictInt,
    StringConstraints,
    field_validator,
    model_validator,
)

from ..constants import ForcedMoves as ForcedMoves
from ..text import quoted
from .cards import RANK_VALUE, CardError, parse_card
from .messages import N_, Msg, reason
from .rng import Stream

Side = Literal["right", "left"]
Mover = Literal["right", "left", "banker"]
Phase = Literal["auction", "betting", "right", "left", "banker", "ended"]
Result = Literal["player", "banker", "tie"]
EndReason = Literal["retired", "bankrupt", "shoe"]
#: The house rules a game is played by (``home``: the rules card's profile; see
#: :mod:`banque.games.banque.rules` for how ``classic`` and ``hoyle`` differ).
Rules = Literal["home", "classic", "hoyle"]
#: How a side's forced move (draw at 0–4, stand at 6–7) is made: ``automatic``
#: (at once, by the engine: fast, but everyone sees that a side asked to
#: choose holds 5) or ``announced`` (the active player states every move, as
#: "carte" or "non", forced or not, so a forced move looks like a choice).
#: ``ForcedMoves`` lives in :mod:`banque.constants` (setup shows it, before pydantic).
#: A computer player's temperament.
Temperament = Literal["cautious", "bold", "expert"]
#: The game a record plays, by the name its definition gives it (absent: banque). The
#: core names no game: the registry (:mod:`banque.games`) says which names are games, and
#: refuses another in words as the record starts its game.
GameName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]{0,39}$")]
#: punto banco: the betting spots (natural 8 / natural 9: the banker's hand, paid 9 to 1).
Spot = Literal["player", "banker", "natural8", "natural9"]

RECORD_FORMAT: Literal["banque-record/1"] = "banque-record/1"

_M = TypeVar("_M", bound=BaseModel)


@dataclass(frozen=True)
class Words:
    """What a field of an act must be, in words: the answer to a message that sends it
    wrong (``wrong``; ``each``: one item of a list wrong), leaves it out (``missing``) or
    sends it with another act (``elsewhere``). Kept in the field's ``Annotated`` metadata,
    where the wire reads it (:func:`banque.net.protocol.read_act`); pydantic ignores it."""

    wrong: Msg | None = None
    missing: Msg | None = None
    elsewhere: Msg | None = None
    each: Msg | None = None


class _Act(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Bid(_Act):
    """Offer ``amount`` chips of one's own as the bank's fund."""

    act: Literal["bid"] = "bid"
    who: str
    amount: StrictInt  # records: 10, not "10", 10.0 or true


class Pass(_Act):
    """Decline: in the auction, no bid; at the betting, no wager this coup."""

    act: Literal["pass"] = "pass"
    who: str


class Seat(_Act):
    """Seat everyone but the banker; each side from the banker outward."""

    act: Literal["seat"] = "seat"
    right: list[str]
    left: list[str]
    #: classic: spectators; hoyle: standing punters (bet after the seats, on a side they name).
    spectators: list[str] = Field(default_factory=list)


class Shuffle(_Act):
    """Who shuffles (the banker always shuffles last) and who cuts."""

    act: Literal["shuffle"] = "shuffle"
    shufflers: list[str] = Field(default_factory=list)
    cut: str | None = None


class Banco(_Act):
    """Claim the whole bank (classic: ``right``/``left`` divide it between the hands)."""

    act: Literal["banco"] = "banco"
    who: str
    right: StrictInt | None = None
    left: StrictInt | None = None


class Wager(_Act):
    """Stake on one's own side, or split between the sides (à cheval)."""

    act: Literal["wager"] = "wager"
    who: str
    amount: StrictInt  # records: 10, not "10", 10.0 or true
    a_cheval: bool = False
    #: Let it ride: the last coup's stake and its winnings, staked again (optional in
    #: records; older records have no such field and replay as before).
    ride: bool = False
    #: The side a spectator (or standing punter) backs; seated players back their own.
    side: Side | None = None


class Burn(_Act):
    """classic: before a shoe's first deal the banker burns 1-6 cards, shown to all."""

    act: Literal["burn"] = "burn"
    count: StrictInt


class Accept(_Act):
    """hoyle: the banker declares the stakes accepted (the bank becomes unlimited)."""

    act: Literal["accept"] = "accept"


class Replenish(_Act):
    """hoyle: the banker puts chips into a broken bank (up to the agreed minimum)."""

    act: Literal["replenish"] = "replenish"
    amount: StrictInt


class Take(_Act):
    """classic: take the retired banker's bank at the same size."""

    act: Literal["take"] = "take"
    who: str


class Bet(_Act):
    """punto banco: ``amount`` chips on a spot (the player's hand, the banker's, or the
    banker's natural 8 / natural 9)."""

    act: Literal["bet"] = "bet"
    who: str
    on: Spot
    amount: StrictInt


class AskLimit(_Act):
    """punto banco: ``who`` asks the house to raise its limit on a bet to ``amount``
    (granted up to the table's ``raise_limit``)."""

    act: Literal["ask_limit"] = "ask_limit"
    who: str
    amount: StrictInt


class Deal(_Act):
    act: Literal["deal"] = "deal"


class Draw(_Act):
    act: Literal["draw"] = "draw"
    #: chemin de fer: ``punter`` (the punters' hand) or ``banker``.
    side: Mover | Literal["punter"]


class Stand(_Act):
    act: Literal["stand"] = "stand"
    side: Mover | Literal["punter"]


class Retire(_Act):
    act: Literal["retire"] = "retire"


Action = Annotated[
    Bid
    | Pass
    | Seat
    | Shuffle
    | Banco
    | Wager
    | Deal
    | Draw
    | Stand
    | Retire
    | Burn
    | Accept
    | Replenish
    | Take
    | Bet
    | AskLimit,
    Field(discriminator="act"),
]


def act_models(union: Any) -> dict[str, type[BaseModel]]:
    """An act union's models (``Annotated[A | B | …, Field(discriminator="act")]``) by
    the name of their act, in the union's order."""
    members = get_args(get_args(union)[0] if get_origin(union) is Annotated else union)
    return {get_args(m.model_fields["act"].annotation)[0]: m for m in members}


class TableOptions(BaseModel):
    """A table's choices within its rules (each profile says which apply)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    #: classic: how a banco on both hands must be divided: ``free`` (as the caller sees fit),
    #: ``divided`` (something on each side), ``even`` (half each), or a minimum a side.
    banco_split: Literal["free", "divided", "even"] | Annotated[StrictInt, Field(ge=1)] = "free"
    #: hoyle: the first bank by ``auction``, or the first name on the ``list`` holds it.
    first_bank: Literal["auction", "list"] = "auction"

    def is_default(self) -> bool:
        return self.banco_split == "free" and self.first_bank == "auction"


class Record(BaseModel):
    """A game record: everything needed to replay a game exactly."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["banque-record/1"] = RECORD_FORMAT
    #: The game (absent: banque, so that every older record replays as before).
    game: GameName = "banque"
    participants: list[str]
    seed: StrictInt = 0
    #: The generator the seed keys (:mod:`banque.core.rng`): ``blake2b-ctr/1``, a new
    #: game's secure stream; absent, the Mersenne Twister of every older record and of
    #: an explicit ``--seed`` (they replay as before).
    stream: Stream | None = None
    shoe: list[str] = Field(default_factory=list)
    #: Optional (``banque-record/1`` readers before them ignore nothing: they
    #: are simply absent from older records, which replay as before).
    rules: Rules = "home"
    #: The table's options under its rules (see :class:`TableOptions`).
    options: TableOptions = Field(default_factory=lambda: TableOptions())
    forced_moves: ForcedMoves = "automatic"
    #: The seats played by computer players, and each one's temperament.
    computers: dict[str, Temperament] = Field(default_factory=dict)
    #: Seconds between two computer moves at the table.
    pace: float | None = Field(default=None, ge=0, le=10, allow_inf_nan=False)
    #: chemin de fer and punto banco: packs in the shoe (absent: the game's default).
    packs: Annotated[StrictInt, Field(ge=1, le=1000)] | None = None
    #: punto banco: the house limit on one bet (absent: 100).
    limit: Annotated[StrictInt, Field(ge=1)] | None = None
    #: punto banco: who holds the bank, ``house`` (the casino: the default) or
    #: ``players`` (the bank goes round the players, as at chemin de fer).
    bank: Literal["house", "players"] = "house"
    #: punto banco: the most the house raises its limit to when a player asks (absent:
    #: it never raises it).
    raise_limit: Annotated[StrictInt, Field(ge=1)] | None = None
    #: chemin de fer: where the bank passes, ``left`` (the default) or ``right`` (France).
    rotation: Literal["left", "right"] = "left"
    #: chemin de fer: the first banker by ``lot`` (the default) or by ``auction``.
    first_bank: Literal["lot", "auction"] = "lot"
    #: chemin de fer: after a banco, the players still to speak may banco instead (the
    #: Pocket Book's rule, every new game's); absent (``False``): the first banco
    #: stands, as in every older record, which replays as before.
    banco_instead: StrictBool = False
    actions: list[Action] = Field(default_factory=list)

    @model_validator(mode="after")
    def _options_fit_the_rules(self) -> Record:
        if self.options.banco_split != "free" and self.rules != "classic":
            raise ValueError(
                Msg(N_("options: banco_split is a classic house's option (rules: classic)"))
            )
        if self.options.first_bank != "auction" and self.rules != "hoyle":
            raise ValueError(
                Msg(N_("options: first_bank is a hoyle table's option (rules: hoyle)"))
            )
        return self

    @model_validator(mode="after")
    def _computers_sit(self) -> Record:
        strangers = [n for n in self.computers if n not in self.participants]
        if strangers:
            raise ValueError(
                Msg(
                    N_("computers: {names} is not a participant"),
                    names=", ".join(quoted(n) for n in strangers),
                )
            )
        return self

    @field_validator("shoe", mode="before")
    @classmethod
    def _cards(cls, value: object) -> object:
        if not isinstance(value, list):
            return value
        try:
            return [parse_card(c) if isinstance(c, str) else c for c in value]
        except CardError as exc:
            raise ValueError(reason(exc)) from None


# A coup's stakes and its summary are the engine's own records, made once a
# wager and once a coup (a simulation makes millions): plain dataclasses,
# cheap to make.  The models that carry them (views, reports) validate and
# serialise them as pydantic models' fields, the same JSON as ever.


@dataclass(slots=True)
class StakeLine:
    """One accepted stake of a coup."""

    who: str
    kind: Literal["wager", "a_cheval", "banco"]
    right: int = 0
    left: int = 0


@dataclass(slots=True)
class CoupSummary:
    """A completed coup, as everyone sees it after the reveal."""

    number: int
    fund_before: int
    stakes: dict[Side, int]
    lines: list[StakeLine]
    deciders: dict[Side, str]
    hands: dict[Mover, list[str]]
    totals: dict[Mover, int]
    natural: bool
    moves: dict[Mover, Literal["draw", "stand", "natural"]]
    results: dict[Side, Result]
    payouts: dict[str, int]
    fund_after: int
    #: The sides a natural settled at once (classic: a side may be settled alone).
    natural_sides: list[Side] = field(default_factory=list)
    #: Winnings a bettor was not paid because the fund ran out (classic, hoyle).
    unpaid: dict[str, int] = field(default_factory=dict)


class Ending(BaseModel):
    """How a bank ended and who won."""

    reason: EndReason
    totals: dict[str, int]
    winners: list[str]


class BankSummary(BaseModel):
    """One bank (one session) of a game."""

    number: int
    banker: str
    bid: int
    bids: dict[str, int]
    right: list[str]
    left: list[str]
    shufflers: list[str]
    cut_by: str
    cut_at: int
    #: The shoe's order after the shuffle and the cut, top card first.
    shoe: list[str] = Field(default_factory=list)
    coups: int
    ended: Ending | None = None
    #: The cards burnt before each shoe's first deal (classic), one list a shoe.
    burnt: list[list[str]] = Field(default_factory=list)
    #: Later shoes of this bank (classic's reshuffle), each top card first.
    reshuffles: list[list[str]] = Field(default_factory=list)
    #: Spectators (classic) or standing punters (hoyle).
    spectators: list[str] = Field(default_factory=list)


class HandView(BaseModel):
    """A hand as one seat sees it: ``None`` is a face-down card."""

    cards: list[str | None]
    total: int | None
    concealed: int


class SeatView(BaseModel):
    name: str
    side: Side
    position: int
    balance: int
    stake_right: int
    stake_left: int
    kind: Literal["wager", "a_cheval", "banco"] | None
    active: bool
    deciding: bool


class TableView(BaseModel):
    """The table as one seat (or the public, ``seat=None``) may see it."""

    seat: str | None
    phase: Phase
    bank_number: int
    banker: str | None
    fund: int
    coup: int
    cards_left: int
    packs: int
    seen: list[str]
    balances: dict[str, int]
    sides: dict[Side, list[str]]
    seats: list[SeatView]
    active: dict[Side, str | None]
    deciders: dict[Side, str | None]
    stakes: dict[Side, int]
    hands: dict[Mover, HandView]
    moves: dict[Mover, str | None]
    history: list[CoupSummary]
    ended: Ending | None
    to_act: list[str]
    prompt: str


class Turn(BaseModel):
    """What happens now: the phase, who may act, what they may do."""

    phase: Phase
    actors: list[str]
    acts: list[str]
    side: Mover | None = None
    max_stake: int | None = None
    max_a_cheval: int | None = None
    can_banco: bool = False
    prompt: str
    #: The prompt as a message (:class:`banque.core.messages.Msg`), told in the
    #: player's language; ``prompt`` stays its English words (records, CLI, JSON).
    _prompt_msg: Any = PrivateAttr(default=None)

    @property
    def prompt_msg(self) -> Any:
        """The prompt as a ``Msg`` (its English ``prompt`` when none was given)."""
        return self._prompt_msg if self._prompt_msg is not None else self.prompt


class StateReport(BaseModel):
    """The state reached, for ``banque replay --json`` (full information)."""

    format: str = "banque-state/1"
    participants: list[str]
    bank_number: int
    banker: str | None
    fund: int
    balances: dict[str, int]
    sides: dict[Side, list[str]]
    active: dict[Side, str | None]
    coups: list[CoupSummary]
    cards_left: int
    phase: Phase
    turn: Turn
    ended: Ending | None
    banks: list[BankSummary]
    current: dict[str, object] | None = None
    #: The house's rules, and where their own acts stand (classic, hoyle).
    rules: str = "home"
    spectators: list[str] = Field(default_factory=list)
    #: hoyle: the stakes were accepted (an unlimited bank); the bank is broken.
    unlimited: bool = False
    broken: bool = False
    #: classic: the retired bank on offer at its size, to these in order.
    offer: list[str] = Field(default_factory=list)
    offer_size: int = 0


_new = object.__new__
_set = object.__setattr__


def build(cls: type[_M], data: dict[str, Any]) -> _M:
    """Make a model from data the engine produced itself, without validation.

    The same as ``cls.model_construct(**data)`` for complete data, at a third
    of the cost: used on the hot path of a coup (``tests/core/test_models.py``
    checks it against validation).  ``object.__new__`` and ``__setattr__``
    are module globals: found faster than through the class.
    """
    model = _new(cls)
    _set(model, "__dict__", data)
    _set(model, "__pydantic_fields_set__", set(data))
    _set(model, "__pydantic_extra__", None)
    _set(model, "__pydantic_private__", None)
    return model


@dataclass(slots=True)
class Observation:
    """What one seat may know now, cheap to build (for computer players).

    The same visibility as :class:`TableView`: a concealed card appears only
    in the hand its seat holds; everything else here is public.  It is a
    copy: changing it changes nothing at the table.
    """

    seat: str
    phase: Phase
    banker: str | None
    fund: int
    packs: int
    coup: int
    balances: dict[str, int]
    to_act: bool
    acts: tuple[str, ...]
    max_stake: int
    max_a_cheval: int
    can_banco: bool
    hands: dict[Mover, tuple[str | None, ...]]
    stakes: dict[Side, int]
    seen: tuple[str, ...]
    last: CoupSummary | None
    bank_bid: int
    side: Side | None
    #: Sides already settled by a natural this coup (classic).
    settled: tuple[Side, ...] = ()
    #: The house's rules (``banque.games.banque.rules``).
    rules: str = "home"

    @property
    def balance(self) -> int:
        return self.balances[self.seat]

    def total(self, mover: Mover) -> int | None:
        """A hand's total if this seat sees all of its cards, else ``None``."""
        cards = self.hands[mover]
        if not cards or None in cards:
            return None
        total = 0
        for card in cards:
            total += RANK_VALUE[card[0]]  # type: ignore[index]  # no None: checked above
        return total % 10
