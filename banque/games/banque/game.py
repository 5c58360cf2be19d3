"""The rules of Baccarat Banque à deux tableaux, under each house's profile.

The house's rules (:mod:`banque.games.banque.rules`: ``home``, ``classic``, ``hoyle``) are
read at the few points where the game branches; ``self.house`` holds them.

One :class:`Game` moves through named phases: ``auction`` (bids for the
bank), ``betting`` (wagers or banco for the next coup), ``right`` / ``left``
(a side at 5 chooses; with ``forced_moves="announced"`` every side states
its move, forced or not, so that nobody learns it holds 5), ``banker`` (the banker's free choice) and ``ended``
(the bank is over; a new bid opens a fresh bank).  Every action has a
``verify_…`` method that raises :class:`~banque.core.errors.IllegalAction` with a
message a player can act on, a ``can_…`` twin, and the action itself, which
returns the events it applied (forced steps included).  A refused action
leaves the game exactly as it was.  What the game stands at and what each seat
sees of it (``turn()``, ``acts_for()``, ``view()``, ``observe()``, ``report()``) is
:mod:`banque.games.banque.views`' half of the class, which only reads the state.

>>> g = Game(["Ana", "Bruno", "Chloé"], seed=7,
...          shoe=["9C", "7H", "2S", "4C", "6D", "3C", "4D", "2H"])
>>> _ = g.bid("Ana", 10); _ = g.pass_bid("Bruno"); _ = g.pass_bid("Chloé")
>>> g.banker, g.fund, g.sides
('Ana', 10, {'right': ['Bruno'], 'left': ['Chloé']})
>>> _ = g.wager("Bruno", 5); _ = g.wager("Chloé", 3); _ = g.deal()
>>> g.phase  # both sides held 3 and drew by force: the banker chooses
'banker'
>>> _ = g.stand("banker")
>>> g.coups[-1].results, g.fund
({'right': 'player', 'left': 'tie'}, 5)
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...constants import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from ...core.cards import PACKS, RANK_VALUE, card_value, hand_total
from ...core.errors import IllegalAction
from ...core.messages import N_, Msg, chips
from ...core.models import (
    Accept,
    Action,
    Banco,
    BankSummary,
    Bid,
    Burn,
    CoupSummary,
    Deal,
    Draw,
    Ending,
    ForcedMoves,
    Mover,
    Pass,
    Phase,
    Record,
    Replenish,
    Retire,
    Rules,
    Seat,
    Shuffle,
    Side,
    StakeLine,
    Stand,
    TableOptions,
    Take,
    Turn,
    Wager,
    build,
)
from ...core.naturals import settled_sides, side_result
from ...core.rng import Stream, derived, generator
from ...core.shoe import Shoe
from . import refusals
from .narration import TELLINGS
from .rules import PROFILE_NAMES, HouseRules, house_rules
from .views import MOVERS, SIDES, GameViews

START_CHIPS = 100
MIN_CARDS_FOR_COUP = 9
#: The profiles' names, a :class:`Word` in "Under the {rules} rules…" (and the
#: table's header): translated as the word that qualifies "rules" (French
#: "classiques", Spanish "clásicas"); the record keeps the English name.
PROFILE_WORDS = (N_("home"), N_("classic"), N_("hoyle"))


@dataclass(slots=True)
class Event:
    """Something that happened at the table, in words anyone may read.

    Event texts never name a concealed card: they are safe for every screen
    and log.
    """

    kind: str
    text: str
    bank: int
    coup: int
    #: A stable code for the event (``kind`` where it is unambiguous, ``kind.detail``
    #: otherwise) and its parameters, so that a client can tell it in its own words.
    #: Parameters name only what the text says (never a concealed card).
    code: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    #: The words as a message id with parameters (``text`` is its English form): a
    #: screen tells it in the player's language (:func:`banque.core.messages.tell_event`).
    msg: Msg | None = None


def _line(who: str, kind: str, right: int, left: int) -> StakeLine:
    """A stake taken on a coup, made once as the line its coup's summary lists."""
    return StakeLine(who, kind, right, left)  # type: ignore[arg-type]


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def _changes(verb: Callable[..., list[Event]]) -> Callable[..., list[Event]]:
    """An act that may change the state: what :meth:`Game.turn` says is worked out
    again after it (the state's version moves on as the act starts and as it ends)."""

    @functools.wraps(verb)
    def changing(self: Game, *args: Any, **kwargs: Any) -> list[Event]:
        self._version += 1
        try:
            return verb(self, *args, **kwargs)
        finally:
            self._version += 1

    return changing


#: A hand's total; a side's result against the banker (one definition each for every game).
_points = hand_total
_result = side_result


#: What a bettor does, in a refusal of a turn already had (marked once, not at every act).
_WAGERS, _CALLS, _TURNS = N_("wagers"), N_("calls"), N_("turns")

#: What a side's stakes gain per chip, by its result (a tie returns them).
_GAIN = {"player": 1, "banker": -1, "tie": 0}


def _validate_participants(participants: Sequence[str]) -> list[str]:
    if isinstance(participants, str) or not isinstance(participants, Sequence):
        raise refusals.participants_not_a_list()
    names = [p.strip() if isinstance(p, str) else p for p in participants]
    for name in names:
        if not isinstance(name, str) or not name:
            raise refusals.empty_name()
        if len(name) > MAX_NAME:
            raise refusals.name_too_long(name=name, most=MAX_NAME)
        if not name.isprintable():  # a line break would split messages and the table
            raise refusals.name_with_control_character(name=name)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise refusals.participant_count(least=MIN_PLAYERS, most=MAX_PLAYERS, n=len(names))
    seen: dict[str, str] = {}
    for name in names:
        key = name.casefold()
        if key in seen:
            raise refusals.duplicate_name(name=repr(name))
        seen[key] = name
    return names


class Game(GameViews):
    """A game of Baccarat Banque: one bank after another, same participants.

    All randomness (the lot between equal bids, the shuffles and the cut)
    comes from ``self.rng``, seeded by ``seed``.  ``shoe`` stacks the top of
    the first bank's shoe (top first); the rest follows in seeded order.
    ``stream`` names the generator (:mod:`banque.core.rng`): ``None``, the
    Mersenne Twister of a study's seed and of every older record; a new
    game's, ``"blake2b-ctr/1"`` keyed by a secure seed (``seed_and_stream``).
    """

    #: The game's name, as records say it.
    game = "banque"

    def record_fields(self) -> dict[str, Any]:
        """What this game's record keeps beyond the fields every record has."""
        return {"rules": self.rules, "options": self.options, "forced_moves": self.forced_moves}

    def __init__(
        self,
        participants: Sequence[str],
        seed: int = 0,
        shoe: Iterable[str] = (),
        *,
        packs: int = PACKS,
        record: bool = True,
        keep_log: bool = True,
        rules: Rules = "home",
        forced_moves: ForcedMoves = "automatic",
        options: TableOptions | None = None,
        stream: Stream | None = None,
    ) -> None:
        self.participants: list[str] = _validate_participants(participants)
        self.seed = seed
        self.stream: Stream | None = stream
        self.packs = packs
        try:
            self.house: HouseRules = house_rules(rules)
        except ValueError:
            raise refusals.unknown_rules(
                name=repr(rules), profiles=", ".join(PROFILE_NAMES)
            ) from None
        self.rules: Rules = rules
        #: The home profile: the hot paths (a simulation's every act) take its short way.
        self._home = rules == "home"
        self.options: TableOptions = options if options is not None else TableOptions()
        #: classic: who banco'd in the last coups, and how many coups in a row.
        self.banco_run: tuple[str, int] = ("", 0)
        #: classic: the retired bank offered at the same size, to these in turn.
        self.offer: list[str] = []
        self.offer_size = 0
        self._offer_banker = ""
        #: hoyle: the banker declared the stakes accepted (the bank is unlimited).
        self.unlimited = False
        self.forced_moves: ForcedMoves = forced_moves
        self.rng = generator(seed, stream)
        #: The shoe (:mod:`banque.core.shoe`), dealt from the game's own generator.
        self.shoe = Shoe(packs, self.rng, shoe)
        self.stacked: list[str] = list(self.shoe.stacked)
        self.recording = record
        self.keep_log = keep_log
        self.actions: list[Action] = []
        self.log: list[Event] = []
        #: The state's version: every act moves it on (:func:`_changes`); what
        #: :meth:`turn` said is kept for the version it was worked out at.
        self._version = 0
        self._turn_at: tuple[int, Turn] | None = None
        #: The hands' totals, worked out as their cards come (the deal, each third card):
        #: the coup's decisions and its settlement read them, never adding a hand up again.
        self._points_now: dict[Mover, int] = {"right": 0, "left": 0, "banker": 0}
        self.balances: dict[str, int] = {p: START_CHIPS for p in self.participants}
        self.banks: list[BankSummary] = []
        self._start_auction()

    def rng_for(self, purpose: str) -> random.Random:
        """A generator of the game's own, for one purpose (a computer seat, say).

        It is derived from the game's seed alone, so it neither disturbs the
        table's generator (shuffles, lots) nor depends on when it is asked
        for: a record of a game with computer players replays exactly.  In a
        game of a stream, it is the stream of that purpose (no output of one
        tells anything of another).
        """
        return derived(self.seed, self.stream, purpose)

    # ------------------------------------------------------------------ state

    def _start_auction(self) -> None:
        self.phase: Phase = "auction"
        self.bank_number = len(self.banks) + 1
        self.bids: dict[str, int] = {}
        self.spoken: list[str] = []
        self.banker: str | None = None
        self.fund = 0
        self.bank_bid = 0
        self.sides: dict[Side, list[str]] = {"right": [], "left": []}
        self.active_index: dict[Side, int] = {"right": 0, "left": 0}
        self.order: list[str] = []
        self._order_index: dict[str, int] = {}
        self._side_by_name: dict[str, Side] = {}
        # Each bank its own shoe: none until shuffled (its last card is the top).
        self.shoe.cards = []
        self.shoe_ready = False
        self.shoe_order: list[str] = []
        self.seating_open = False
        #: This bank's seating was given (a ``seat`` act): the table moves on to the shuffle.
        self.seated = False
        self.coups: list[CoupSummary] = []
        self.banco_suivi: list[str] = []
        self.seen: list[str] = []
        self._seen_tuple: tuple[str, ...] = ()
        self.ended: Ending | None = None
        #: Spectators (classic) or standing punters (hoyle): bet after the seats.
        self.spectators: list[str] = []
        #: Every other participant by precedence (classic's seating, offers and bancos).
        self.precedence: list[str] = []
        #: Deals from the current shoe, and whether its burn was made (classic).
        self.shoe_deals = 0
        self.burnt = False
        #: hoyle: the bank is broken; the banker replenishes it or retires.
        self.broken = False
        self.unlimited = False
        self._reset_coup()

    def _reset_coup(self) -> None:
        self.next_bettor = 0
        self.lines: list[StakeLine] = []
        self._exposure_right = 0
        self._exposure_left = 0
        self.claims: list[str] = []
        self.claim_split: dict[str, tuple[int, int]] = {}
        self.passed: list[str] = []
        self.hands: dict[Mover, list[str]] = {"right": [], "left": [], "banker": []}
        self.moves: dict[Mover, str | None] = {"right": None, "left": None, "banker": None}
        self.deciders: dict[Side, str | None] = {"right": None, "left": None}
        self.unconfirmed: set[Side] = set()
        #: Sides already settled by a natural (classic); their hands are shown.
        self.settled: tuple[Side, ...] = ()

    @property
    def coup_number(self) -> int:
        """The coup being played or about to be (1-based, within the bank)."""
        return len(self.coups) + 1

    @property
    def cards_left(self) -> int:
        return len(self.shoe) if self.shoe_ready else 52 * self.packs

    @property
    def active(self) -> dict[Side, str | None]:
        """The active player of each side (``None`` before seating)."""
        return {
            side: (self.sides[side][self.active_index[side]] if self.sides[side] else None)
            for side in SIDES
        }

    def side_of(self, who: str) -> Side | None:
        """The side ``who`` sits on (``None`` for the banker, or before seating)."""
        return self._side_by_name.get(who)

    @property
    def stakes(self) -> dict[Side, int]:
        """The banker's exposure on each side this coup (à cheval halves included)."""
        return {"right": self._exposure_right, "left": self._exposure_left}

    def staked(self) -> int:
        """All chips staked on this coup (both sides)."""
        return self._exposure_right + self._exposure_left

    def _take(self, line: StakeLine) -> None:
        """Accept a stake: the chips leave the wagerer's balance."""
        self.lines.append(line)
        self._exposure_right += line.right
        self._exposure_left += line.left
        self.balances[line.who] -= line.right + line.left

    def stake_of(self, who: str) -> int:
        return sum(line.right + line.left for line in self.lines if line.who == who)

    def cover_left(self) -> int:
        """Chips of the fund not yet covered by accepted stakes."""
        return self.fund - self.staked()

    # ------------------------------------------------------------- the log

    def _event(self, kind: str, msg: Msg, out: list[Event], code: str = "", **params: Any) -> None:
        """Log an event: its words are ``msg`` (a template and its parameters, told in each
        player's language); ``code`` and ``params`` are its stable form for clients."""
        if not self.keep_log:  # quiet mode (simulations): no events at all
            return
        ev = Event(kind, str(msg), self.bank_number, self.coup_number, code or kind, params, msg)
        out.append(ev)
        self.log.append(ev)

    def _tell(self, out: list[Event], what: str, /, **facts: Any) -> None:
        """Log what happened, stated as facts: :mod:`.narration` finds its words, its
        event's kind and code, and which facts go on the wire (the event's params).
        Called only when someone keeps a log: a simulation builds no words."""
        telling = TELLINGS[what]
        params = {name: facts[name] for name in telling.params}
        self._event(telling.kind, telling.words(**facts), out, telling.code, **params)

    def _remember(self, action: Action) -> None:
        if self.recording:
            self.actions.append(action)

    # ---------------------------------------------------------- checks

    def _check_participant(self, who: str) -> None:
        if who not in self.balances:
            raise refusals.not_a_participant(who=who, names=self.participants)

    def _phase_error(self, wanted: str) -> IllegalAction:
        """A readable refusal for an act that does not belong to this phase."""
        p = self.phase
        last = self.coups[-1] if p == "betting" and self.coups else None
        return refusals.wrong_phase(
            p,
            wanted,
            bank=self.bank_number,
            coup=self.coup_number,
            natural_coup=last.number if last is not None and last.natural else None,
            wagers_out=bool(self.lines),
            prompt=self.turn().prompt_msg if p in MOVERS else None,
        )

    # ============================================================ the auction

    def verify_bid(self, who: str, amount: int) -> None:
        self._check_participant(who)
        if self.offer and self.phase == "ended":
            raise refusals.bank_on_offer(who=self.offer[0])
        if self._list_first() and who != self.participants[0]:
            raise refusals.first_on_list_speaks_first(who=self.participants[0])
        if self.phase not in ("auction", "ended"):
            raise refusals.bids_closed(banker=self.banker, bank=self.bank_number)
        if self.phase == "auction" and who in self.spoken:
            raise refusals.already_offered(who=who, bid=self.bids.get(who))
        balance = self.balances[who]
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise refusals.bid_not_whole(amount=amount)
        if amount > balance:
            raise refusals.bid_over_balance(who=who, balance=balance)

    def _fresh_auction(self, out: list[Event]) -> None:
        """After a bank's end, the first bid or pass opens the next bank's auction."""
        self._start_auction()
        if self.keep_log:
            self._tell(out, "auction.fresh", bank=self.bank_number)

    def can_bid(self, who: str, amount: int) -> bool:
        return self._can(self.verify_bid, who, amount)

    @_changes
    def bid(self, who: str, amount: int) -> list[Event]:
        """Offer ``amount`` of one's own chips as the bank's fund."""
        self.verify_bid(who, amount)
        out: list[Event] = []
        if self.phase == "ended":
            self._fresh_auction(out)
        self.bids[who] = amount
        self.spoken.append(who)
        if self.recording:
            self._remember(Bid.model_construct(act="bid", who=who, amount=amount))
        if self.keep_log:
            self._tell(out, "bid", who=who, amount=amount)
        self._after_auction_speech(out)
        return out

    def verify_pass_bid(self, who: str) -> None:
        self._check_participant(who)
        if self.offer and self.phase == "ended":
            if who != self.offer[0]:
                self.verify_take(who)
            return
        if self._list_first() and who != self.participants[0]:
            raise refusals.first_on_list_speaks_first(who=self.participants[0])
        if self.phase not in ("auction", "ended"):
            raise refusals.no_auction_to_pass()
        if self.phase == "auction" and who in self.spoken:
            raise refusals.already_spoken(who=who)

    def can_pass_bid(self, who: str) -> bool:
        return self._can(self.verify_pass_bid, who)

    @_changes
    def pass_bid(self, who: str) -> list[Event]:
        """Decline to bid for the bank (after a bank's end: the fresh auction opens)."""
        self.verify_pass_bid(who)
        if self.offer and self.phase == "ended":
            return self._decline(who)
        out: list[Event] = []
        if self.phase == "ended":
            self._fresh_auction(out)
        self.spoken.append(who)
        if self.recording:
            self._remember(Pass.model_construct(act="pass", who=who))
        if self.keep_log:
            self._tell(out, "pass", who=who)
        self._after_auction_speech(out)
        return out

    def _after_auction_speech(self, out: list[Event]) -> None:
        if self.participants[0] in self.bids and self._list_table():  # the first name holds it
            self._close_auction(out)
            return
        if len(self.spoken) < len(self.participants):
            return
        if self.bids:
            self._close_auction(out)
        else:
            self.spoken = []
            if self.keep_log:
                self._tell(out, "auction.again")

    def _close_auction(self, out: list[Event]) -> None:
        top = max(self.bids.values())
        leaders = [p for p in self.participants if self.bids.get(p) == top]
        if len(leaders) > 1:
            banker = leaders[self.rng.randrange(len(leaders))]
            if self.keep_log:
                self._tell(out, "lot", leaders=list(leaders), amount=top, banker=banker)
        else:
            banker = leaders[0]
        self.banker = banker
        self.fund = top
        self.bank_bid = top
        self.balances[banker] -= top
        others = [p for p in self.participants if p != banker]
        if self.house.seating == "precedence":  # the other bidders first, highest bid first
            bidders = sorted((p for p in others if p in self.bids), key=lambda p: -self.bids[p])
            others = bidders + [p for p in others if p not in self.bids]
        self._seat_by_precedence(others)
        self.phase = "betting"
        self.seating_open = True
        if self.keep_log:
            self._tell(out, "banker", banker=banker, bank=self.bank_number, fund=top)

    def _seat_by_precedence(self, others: list[str]) -> None:
        """Seat ``others`` in order: first right, first left, second right… (a side's
        limit reached, the rest stand: hoyle's ten seated punters)."""
        limit = self.house.max_side
        seated = others if limit is None else others[: 2 * limit]
        self.precedence = list(others)
        self._set_sides(seated[0::2], seated[1::2], others[len(seated) :])

    def _set_sides(self, right: list[str], left: list[str], spectators: Sequence[str] = ()) -> None:
        self.sides = {"right": list(right), "left": list(left)}
        self.spectators = list(spectators)
        self.active_index = {"right": 0, "left": 0}
        # Anticlockwise from the banker's right: the right side outward, then
        # the left side from its far end back to the banker; spectators last.
        self.order = list(right) + list(reversed(left)) + self.spectators
        self._order_index = {name: i for i, name in enumerate(self.order)}
        by_name: dict[str, Side] = {name: "right" for name in right}
        by_name.update((name, "left") for name in left)
        self._side_by_name = by_name

    def _close_auction_if_open(self, out: list[Event]) -> dict[str, object] | None:
        """Close the auction implicitly (records); returns what undoes it."""
        if self.phase != "auction":
            return None
        if not self.bids:
            raise refusals.no_bid_yet(bank=self.bank_number)
        saved: dict[str, object] = {
            "rng": self.rng.getstate(),
            "balances": dict(self.balances),
            "spoken": list(self.spoken),
            "log": len(self.log),
        }
        self._close_auction(out)
        return saved

    def _undo_close(self, saved: dict[str, object]) -> None:
        self.rng.setstate(saved["rng"])  # type: ignore[arg-type]
        self.balances = saved["balances"]  # type: ignore[assignment]
        self.spoken = saved["spoken"]  # type: ignore[assignment]
        del self.log[int(saved["log"]) :]  # type: ignore[call-overload]
        self.phase = "auction"
        self.banker = None
        self.fund = 0
        self.bank_bid = 0
        self.sides = {"right": [], "left": []}
        self.spectators = []
        self.precedence = []
        self.order = []
        self._order_index = {}
        self._side_by_name = {}
        self.seating_open = False

    def _as_if_closed(self, check: object, *args: object) -> None:
        """Run a check as a record plays the act: after the auction's implicit close.

        The close is tried and undone (lot, balances, log), so ``can_…`` and
        ``verify_…`` agree with the act itself during an open auction.
        """
        saved = self._close_auction_if_open([])
        try:
            check(*args)  # type: ignore[operator]
        finally:
            if saved is not None:
                self._undo_close(saved)

    def _implicit(self, method: object, *args: object) -> list[Event]:
        """Run an act that may close the auction first; undo all on refusal."""
        if self.phase != "auction":
            return method(*args)  # type: ignore[operator,no-any-return]
        out: list[Event] = []
        saved = self._close_auction_if_open(out)
        try:
            out.extend(method(*args))  # type: ignore[operator]
        except IllegalAction:
            if saved is not None:
                self._undo_close(saved)
            raise
        return out

    # ============================================================ seating

    def verify_seat(
        self, right: Sequence[str], left: Sequence[str], spectators: Sequence[str] = ()
    ) -> None:
        if self.phase == "auction" and not self.bids:
            raise self._phase_error("seat")
        if self.phase == "auction":  # the lot, if any, decides who the banker is
            return self._as_if_closed(self.verify_seat, right, left, spectators)
        if self.phase == "ended":
            raise self._phase_error("seat")
        if self.phase not in ("auction", "betting") or (
            self.phase == "betting" and not self.seating_open
        ):
            raise refusals.seats_taken_after_auction()
        banker = self.banker if self.phase == "betting" else self._auction_leader()
        house = self.house
        if spectators and house.extra_bettors == "none":
            raise refusals.no_spectators(rules=house.name)
        limit = house.max_side
        if limit is not None and (len(right) > limit or len(left) > limit):
            raise refusals.too_many_seated(most=2 * limit, limit=limit)
        everyone = list(right) + list(left) + list(spectators)
        for who in everyone:
            self._check_participant(who)
        if banker in everyone and banker is not None:
            raise refusals.banker_seated(banker=banker)
        dup = [p for p, n in Counter(everyone).items() if n > 1]
        if dup:
            raise refusals.seated_twice(names=dup)
        missing = [p for p in self.participants if p != banker and p not in everyone]
        if missing and banker is not None:
            raise refusals.unseated(names=missing, extra_bettors=house.extra_bettors)
        if not right or not left:
            raise refusals.empty_side()
        if house.seating == "precedence":
            want = self.precedence_seats([*right, *left])
            if (list(right), list(left)) != want:
                raise refusals.seats_by_precedence(
                    first=next(p for p in self.precedence if p in everyone),
                    right=want[0],
                    left=want[1],
                )

    def precedence_seats(self, seated: Sequence[str]) -> tuple[list[str], list[str]]:
        """Those of ``seated`` in order of precedence: first seat right, first left, second
        right… (classic's seating; ``(right, left)``)."""
        chosen = set(seated)
        ranked = [p for p in self.precedence if p in chosen]
        return ranked[0::2], ranked[1::2]

    def _auction_leader(self) -> str | None:
        """The banker the auction would give, if no lot is needed."""
        if not self.bids:
            return None
        top = max(self.bids.values())
        leaders = [p for p in self.participants if self.bids.get(p) == top]
        return leaders[0] if len(leaders) == 1 else None

    def can_seat(
        self, right: Sequence[str], left: Sequence[str], spectators: Sequence[str] = ()
    ) -> bool:
        return self._can(self.verify_seat, right, left, spectators)

    @_changes
    def seat(
        self, right: Sequence[str], left: Sequence[str], spectators: Sequence[str] = ()
    ) -> list[Event]:
        """Seat the participants: each side listed from the banker outward (and, under
        classic or hoyle, the spectators or standing punters)."""
        return self._implicit(self._seat, list(right), list(left), list(spectators))

    def _seat(self, right: list[str], left: list[str], spectators: list[str]) -> list[Event]:
        self.verify_seat(right, left, spectators)
        out: list[Event] = []
        self._set_sides(right, left, spectators)
        self.seated = True
        if self.recording:
            self._remember(
                Seat.model_construct(
                    act="seat", right=list(right), left=list(left), spectators=list(spectators)
                )
            )
        if self.keep_log:
            self._tell(
                out,
                "seat",
                right=list(right),
                left=list(left),
                spectators=spectators,
                watching=self.house.extra_bettors == "spectators",
            )
        return out

    # ============================================================ shuffle

    def verify_shuffle(self, shufflers: Sequence[str], cut: str | None) -> None:
        if (self.phase == "auction" and not self.bids) or self.phase == "ended":
            raise self._phase_error("shuffle")
        if self.phase not in ("auction", "betting") or self.shoe_ready:
            raise refusals.already_shuffled(bank=self.bank_number)
        for who in shufflers:
            self._check_participant(who)
        if cut is not None:
            self._check_participant(cut)
        if self.house.croupier:  # hoyle: the croupier hands the cards to his neighbours
            if self.phase == "auction":  # (the seats are known once the auction closes)
                return self._as_if_closed(self.verify_shuffle, shufflers, cut)
            others = [p for p in shufflers if p != self.banker]
            neighbours = self.croupier_neighbours()
            if others and sorted(others) != sorted(neighbours):
                raise refusals.croupier_shufflers(neighbours)
        return None

    def croupier_neighbours(self) -> list[str]:
        """hoyle: the players at the croupier's right and left. The croupier faces the
        banker across the oval table, so they are the seats farthest from the banker
        round each side: the last seat of the right side and of the left."""
        return [p for p in (self.sides["right"][-1:] + self.sides["left"][-1:]) if p != self.banker]

    def can_shuffle(self, shufflers: Sequence[str] = (), cut: str | None = None) -> bool:
        return self._can(self.verify_shuffle, shufflers, cut)

    @_changes
    def shuffle(self, shufflers: Sequence[str] = (), cut: str | None = None) -> list[Event]:
        """Others shuffle, the banker shuffles last, ``cut`` cuts."""
        return self._implicit(self._shuffle, list(shufflers), cut)

    def _shuffle(self, shufflers: list[str], cut: str | None) -> list[Event]:
        self.verify_shuffle(shufflers, cut)
        out: list[Event] = []
        if self.recording:
            self._remember(
                Shuffle.model_construct(act="shuffle", shufflers=list(shufflers), cut=cut)
            )
        self._prepare_shoe([p for p in shufflers if p != self.banker], cut, out)
        return out

    def _prepare_shoe(self, shufflers: list[str], cut: str | None, out: list[Event]) -> None:
        assert self.banker is not None
        croupier = self.house.croupier
        if croupier and not shufflers:  # the players at the croupier's right and left
            shufflers = self.croupier_neighbours()
        hands = [*shufflers, self.banker]
        cutter = cut if cut is not None else self.sides["left"][0]
        # The croupier (the table) shuffles first, then each hand; the stacked top
        # stays on the first bank's shoe.
        order, cut_at = self.shoe.shuffle(
            len(hands) + (1 if croupier else 0), cut=True, stack=self.bank_number == 1
        )
        self.shoe_order = order
        self.shoe_ready = True
        self.seating_open = False
        self.banks.append(
            build(
                BankSummary,
                {
                    "number": self.bank_number,
                    "banker": self.banker,
                    "bid": self.fund,
                    "bids": dict(self.bids),
                    "right": list(self.sides["right"]),
                    "left": list(self.sides["left"]),
                    "shufflers": hands,
                    "cut_by": cutter,
                    "cut_at": cut_at,
                    "shoe": order,
                    "coups": 0,
                    "ended": None,
                    "burnt": [],
                    "reshuffles": [],
                    "spectators": list(self.spectators),
                },
            )
        )
        self.shoe_deals = 0
        self.burnt = False
        if self.keep_log:
            self._tell(
                out,
                "shuffle",
                shufflers=list(hands),
                cut=cutter,
                cards=len(self.shoe),
                croupier=croupier,
            )

    def _reshuffle(self, out: list[Event]) -> None:
        """classic: fewer than ``min_cards`` left: all the cards are shuffled again (the
        banker), cut as before, and the bank goes on with a fresh shoe."""
        order, _cut = self.shoe.shuffle(cut=True, stack=False)
        self.seen = []
        self._seen_tuple = ()
        self.shoe_deals = 0
        self.burnt = False
        if self.banks:
            self.banks[-1].reshuffles.append(order)
        if self.keep_log:
            self._tell(out, "reshuffle", min_cards=self.house.min_cards, cards=len(self.shoe))

    def _ensure_shoe(self, out: list[Event]) -> None:
        if not self.shoe_ready:
            self._prepare_shoe([], None, out)

    # ============================================================ betting

    def _bettor_check(self, who: str, what: str) -> int:
        if who not in self.balances:
            self._check_participant(who)  # raises
        if self.phase != "betting":
            raise self._phase_error("wager")
        if who == self.banker:
            raise refusals.banker_wagers(who=who)
        idx = self._order_index[who]
        if idx < self.next_bettor:
            did = (
                N_("passed")
                if who in self.passed
                else (N_("called banco") if who in self.claims else N_("wagered"))
            )
            raise refusals.turn_already_had(who=who, did=did, what=what)
        return idx

    def _cover_for(self, who: str) -> int | None:
        """The most the bank takes from ``who`` now (``None``: no limit but the balance).

        home: the fund's cover left. classic and hoyle: stakes beyond the fund are taken
        (the bank pays in order as far as it goes), but hoyle's standing punters stake only
        while the bank is uncovered; once the stakes are accepted (hoyle) the banker holds
        every stake, up to the chips they have.
        """
        if self.broken:
            return 0
        house = self.house
        if house.liability == "cover":
            return self.fund - self._exposure_right - self._exposure_left
        if self.unlimited:  # the banker holds every stake (or gives up the bank at the deal)
            return None
        if house.extra_bettors == "standing" and who in self.spectators:
            return self.fund - self._exposure_right - self._exposure_left
        return None

    def max_stake(self, who: str) -> int:
        """The largest ordinary wager ``who`` may place now (0 if none)."""
        if self.phase != "betting" or who == self.banker or who not in self.balances:
            return 0
        if self.claims:
            return 0
        cover = self._cover_for(who)
        balance = self.balances[who]
        return max(0, balance if cover is None else min(balance, cover))

    def max_a_cheval(self, who: str) -> int:
        """The largest à cheval wager ``who`` may place now (even; 0 if none)."""
        m = self.max_stake(who)
        return m - m % 2

    def ride_stake(self, who: str) -> tuple[int, bool] | None:
        """Let it ride: ``(amount, a_cheval)`` of ``who``'s last coup in this bank, stake
        plus winnings (``None`` if ``who`` did not wager then, lost, or called banco)."""
        if not self.coups:
            return None
        coup = self.coups[-1]
        line = next((ln for ln in coup.lines if ln.who == who), None)
        if line is None or line.kind == "banco":
            return None
        stake, net = line.right + line.left, coup.payouts.get(who, 0)
        if net < 0 or stake + net <= 0:
            return None
        return stake + net, line.kind == "a_cheval"

    def verify_wager(
        self,
        who: str,
        amount: int,
        a_cheval: bool = False,
        ride: bool = False,
        side: Side | None = None,
    ) -> None:
        if self.phase == "auction" and self.bids:
            return self._as_if_closed(self.verify_wager, who, amount, a_cheval, ride, side)
        self._check_wager(who, amount, a_cheval, ride, side)
        return None

    def _wager_side(self, who: str, a_cheval: bool, side: Side | None) -> Side:
        """The side a wager backs: a seat's own; a spectator's as named (or à cheval)."""
        own = self._side_by_name.get(who)
        if own is not None:
            if side is None or side == own:
                return own
            if self.house.seat_bets != "either":
                raise refusals.wrong_side(who=who, own=own, side=side)
            return side
        if side is None and not a_cheval:
            raise refusals.side_not_named(who=who)
        return side or "right"

    def _check_wager(
        self, who: str, amount: int, a_cheval: bool, ride: bool = False, side: Side | None = None
    ) -> tuple[int, int | None]:
        """The checks of :meth:`verify_wager`; returns the wagerer's place in table order
        and the most the bank takes from it (:meth:`_cover_for`: the wager reads both)."""
        idx = self._bettor_check(who, _WAGERS)
        if self.broken:
            raise refusals.bank_broken_before_wager(banker=self.banker)
        if side is not None or self.spectators:
            self._wager_side(who, a_cheval, side)
        if ride and self.ride_stake(who) != (amount, a_cheval):
            raise refusals.ride_not_possible(who=who, amount=amount)
        if self.claims:
            raise refusals.banco_excludes_wagers(names=self.claims)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise refusals.wager_not_whole(amount=amount)
        if a_cheval and amount % 2:
            raise refusals.a_cheval_odd(amount=amount, other=amount - 1 if amount > 1 else 2)
        balance = self.balances[who]
        if amount > balance:
            raise refusals.wager_over_balance(who=who, balance=balance)
        if self._home:  # the fund's cover left (cover_left())
            cover: int | None = self.fund - self._exposure_right - self._exposure_left
        else:
            cover = self._cover_for(who)
        if cover is None:
            return idx, cover
        if cover <= 0:
            raise refusals.bank_covered(
                staked=self.staked(), fund=self.fund, unlimited=self.unlimited, banker=self.banker
            )
        if a_cheval and cover < 2:
            raise refusals.a_cheval_one_chip_left()
        return idx, cover

    def can_wager(
        self, who: str, amount: int, a_cheval: bool = False, side: Side | None = None
    ) -> bool:
        return self._can(self.verify_wager, who, amount, a_cheval, False, side)

    @_changes
    def wager(
        self,
        who: str,
        amount: int,
        a_cheval: bool = False,
        ride: bool = False,
        side: Side | None = None,
    ) -> list[Event]:
        """Stake on one's own side (or à cheval, split between both sides); a spectator
        or standing punter names the side.

        A wager beyond the remaining cover is reduced to it; the event says so.
        """
        if self.phase != "auction":  # the usual case: no auction to close first
            return self._wager(who, amount, a_cheval, ride, side)
        return self._implicit(self._wager, who, amount, a_cheval, ride, side)

    def _wager(
        self, who: str, amount: int, a_cheval: bool, ride: bool = False, side: Side | None = None
    ) -> list[Event]:
        idx, cover = self._check_wager(who, amount, a_cheval, ride, side)
        out: list[Event] = []
        if not self.shoe_ready:
            self._ensure_shoe(out)
        self.seating_open = False
        accepted = amount
        if cover is not None:  # (a comparison, not min(): every wager comes here)
            room = cover - (cover % 2 if a_cheval else 0)
            if room < amount:
                accepted = room
        if idx > self.next_bettor:
            self.passed.extend(self.order[self.next_bettor : idx])
        self.next_bettor = idx + 1
        named = side
        own = self._side_by_name.get(who)
        side = own if own is not None and side is None else self._wager_side(who, a_cheval, side)
        # The stake taken (as _take does, here in line: every wager comes this way).
        if a_cheval:
            half = accepted // 2
            self.lines.append(StakeLine(who, "a_cheval", half, half))
            self._exposure_right += half
            self._exposure_left += half
            self.balances[who] -= half + half
        elif side == "right":
            self.lines.append(StakeLine(who, "wager", accepted, 0))
            self._exposure_right += accepted
            self.balances[who] -= accepted
        else:
            self.lines.append(StakeLine(who, "wager", 0, accepted))
            self._exposure_left += accepted
            self.balances[who] -= accepted
        if self.recording:
            self._remember(
                Wager.model_construct(
                    act="wager", who=who, amount=amount, a_cheval=a_cheval, ride=ride, side=named
                )
            )
        if self.keep_log:
            self._tell(
                out,
                "wager.ride" if ride else "wager",
                who=who,
                amount=accepted,
                asked=amount,
                side="both" if a_cheval else side,
                a_cheval=a_cheval,
                hand=side,
                ride=ride,
            )
        return out

    def verify_banco(self, who: str, right: int | None = None, left: int | None = None) -> None:
        if self.phase == "auction" and self.bids:
            return self._as_if_closed(self.verify_banco, who, right, left)
        self._bettor_check(who, _CALLS)
        if self.broken:
            raise refusals.bank_broken_replenish_first(banker=self.banker)
        if self.house.banco == "halves" and who not in self._side_by_name:
            raise refusals.banco_from_standing(who=who)
        limit = self.house.max_bancos_in_row
        if limit is not None and self.banco_run[0] == who and self.banco_run[1] >= limit:
            raise refusals.banco_run(who=who, limit=limit)
        if self.lines:
            raise refusals.banco_after_wagers(names=[line.who for line in self.lines])
        if self.balances[who] < self.fund:
            raise refusals.banco_over_balance(fund=self.fund, who=who, balance=self.balances[who])
        self._banco_split(who, right, left)

    def _banco_split(self, who: str, right: int | None, left: int | None) -> tuple[int, int]:
        """How a banco divides the fund between the hands (checks the house's option)."""
        fund = self.fund
        if self.house.banco != "both-hands":
            if right is not None or left is not None:
                raise refusals.banco_not_divided(rules=self.house.name)
            own = self._side_by_name.get(who, "right")
            return (fund, 0) if own == "right" else (0, fund)
        split = self.options.banco_split
        if right is None and left is None:
            if split != "free":
                raise refusals.banco_division_missing(rule=self._split_rule())
            own = self._side_by_name.get(who)
            if own is None:  # a spectator: half each
                return (fund + 1) // 2, fund // 2
            return (fund, 0) if own == "right" else (0, fund)
        r, lt = right or 0, left or 0
        if isinstance(r, bool) or isinstance(lt, bool) or r < 0 or lt < 0 or r + lt != fund:
            raise refusals.banco_division_wrong(balance=fund, fund=fund, right=r, left=lt)
        if split == "divided" and (r == 0 or lt == 0):
            bad = True
        elif split == "even":
            bad = abs(r - lt) > 1
        elif isinstance(split, int):
            bad = min(r, lt) < split
        else:
            bad = False
        if bad:
            raise refusals.banco_division_refused(
                banker=self.banker, rule=self._split_rule(), right=r, left=lt
            )
        return r, lt

    def banco_rule(self) -> str:
        """The house's rule for dividing a banco on both hands, in words (English)."""
        return str(self._split_rule())

    def banco_rule_msg(self) -> Msg:
        """:meth:`banco_rule` as a message, told in the player's language where shown."""
        return self._split_rule()

    def _split_rule(self) -> Msg:
        split = self.options.banco_split
        if split == "even":
            return Msg(N_("an even division, half on each side"))
        if isinstance(split, int):
            return Msg(N_("at least {chips} on each side"), chips=chips(split))
        if split == "divided":
            return Msg(N_("something on each side"))
        return Msg(N_("any division"))

    def can_banco(self, who: str, right: int | None = None, left: int | None = None) -> bool:
        return self._can(self.verify_banco, who, right, left)

    def may_banco(self, who: str) -> bool:
        """Whether ``who`` may call banco now in some way (classic: divided evenly, if the
        house requires a division)."""
        if self.can_banco(who):
            return True
        fund = self.fund
        return self.house.banco == "both-hands" and self.can_banco(who, fund - fund // 2, fund // 2)

    @_changes
    def banco(self, who: str, right: int | None = None, left: int | None = None) -> list[Event]:
        """Claim the whole bank (resolved by priority when the banker deals); classic:
        ``right``/``left`` divide the stake between the two hands the caller plays."""
        return self._implicit(self._banco, who, right, left)

    def _banco(self, who: str, right: int | None = None, left: int | None = None) -> list[Event]:
        self.verify_banco(who, right, left)
        self.claim_split[who] = self._banco_split(who, right, left)
        out: list[Event] = []
        self._ensure_shoe(out)
        self.seating_open = False
        idx = self.order.index(who)
        for skipped in self.order[self.next_bettor : idx]:
            self.passed.append(skipped)
        self.next_bettor = idx + 1
        self.claims.append(who)
        if self.recording:
            self._remember(Banco.model_construct(act="banco", who=who, right=right, left=left))
        if self.keep_log:
            self._tell(out, "banco.call", who=who, suivi=who in self.banco_suivi)
        return out

    def verify_pass_turn(self, who: str) -> None:
        if self.phase == "auction" and self.bids:
            return self._as_if_closed(self.verify_pass_turn, who)
        self._bettor_check(who, _TURNS)

    def can_pass_turn(self, who: str) -> bool:
        return self._can(self.verify_pass_turn, who)

    @_changes
    def pass_turn(self, who: str) -> list[Event]:
        """Place no wager this coup."""
        if self.phase != "auction":  # the usual case: no auction to close first
            return self._pass_turn(who)
        unspoken = [p for p in self.participants if p not in self.spoken]
        return self._implicit(self._pass_turn, who, unspoken)

    def _pass_turn(self, who: str, unspoken: Sequence[str] = ()) -> list[Event]:
        # verify_pass_turn's check: the auction is closed by now (see pass_turn).
        idx = self._bettor_check(who, _TURNS)
        out: list[Event] = []
        # This pass closed the auction implicitly: in a record a bare "pass" would
        # replay as an auction pass, so the auction's passes are recorded first.
        for p in unspoken:
            self._remember(Pass.model_construct(act="pass", who=p))
        if not self.shoe_ready:
            self._ensure_shoe(out)
        self.seating_open = False
        self.passed.extend(self.order[self.next_bettor : idx + 1])
        self.next_bettor = idx + 1
        if self.recording:
            self._remember(Pass.model_construct(act="pass", who=who))
        if self.keep_log:
            self._tell(out, "pass", who=who)
        return out

    @_changes
    def pass_(self, who: str) -> list[Event]:
        """Pass: in the auction (no bid; after a bank's end it opens a fresh one) or at the
        betting (no wager)."""
        if self.phase == "auction" or self.phase == "ended":
            return self.pass_bid(who)
        return self.pass_turn(who)

    # ============================================================ the coup

    def verify_deal(self) -> None:
        if self.phase == "auction" and self.bids:
            return
        if self.phase != "betting":
            raise self._phase_error("deal")
        if self.broken:
            raise refusals.bank_broken_before_deal(banker=self.banker)
        if self.unlimited and not self.can_hold():
            raise refusals.stakes_beyond_banker(
                banker=self.banker, staked=self.staked(), have=self.holding()
            )

    def holding(self) -> int:
        """hoyle: what the banker can hold: the fund and every chip the banker has."""
        return self.fund + self.balances.get(self.banker or "", 0)

    def can_hold(self) -> bool:
        """hoyle, the stakes accepted: whether the banker can hold this coup's stakes."""
        return self.staked() <= self.holding()

    def can_deal(self) -> bool:
        return self._can(self.verify_deal)

    @_changes
    def deal(self) -> list[Event]:
        """Deal the coup: right, left, banker, twice, face down."""
        if self.phase != "auction":  # the usual case: no auction to close first
            return self._deal()
        return self._implicit(self._deal)

    def _deal(self) -> list[Event]:
        self.verify_deal()
        out: list[Event] = []
        if not self.shoe_ready:
            self._ensure_shoe(out)
        self.seating_open = False
        self.passed += self.order[self.next_bettor :]
        self.next_bettor = len(self.order)
        if self.recording:
            self._remember(Deal.model_construct(act="deal"))
        if not self._home and self.unlimited and self.staked() > self.fund:  # hoyle
            put = self.staked() - self.fund
            self.balances[self.banker or ""] -= put
            self.fund += put
            if self.keep_log:
                self._tell(out, "hold", banker=self.banker, amount=put, fund=self.fund)
        sides = self.sides
        deciders = self.deciders
        deciders["right"] = sides["right"][self.active_index["right"]]
        deciders["left"] = sides["left"][self.active_index["left"]]
        if self.claims and self.house.banco == "both-hands":  # one caller plays both hands
            caller = self._resolve_banco_both(out)
            deciders["right"] = deciders["left"] = caller
        elif self.claims:  # each banco caller decides for its own side
            self._resolve_banco(out)
            for ln in self.lines:
                deciders["right" if ln.right else "left"] = ln.who
        shoe = self.shoe.cards
        hands = self.hands
        r = hands["right"]
        left = hands["left"]
        b = hands["banker"]
        r.append(shoe.pop())
        left.append(shoe.pop())
        b.append(shoe.pop())
        r.append(shoe.pop())
        left.append(shoe.pop())
        b.append(shoe.pop())
        v = RANK_VALUE
        points = self._points_now
        pr = points["right"] = (v[r[0][0]] + v[r[1][0]]) % 10
        pl = points["left"] = (v[left[0][0]] + v[left[1][0]]) % 10
        pb = points["banker"] = (v[b[0][0]] + v[b[1][0]]) % 10
        self.phase = "right"
        if self.keep_log:
            self._tell(out, "deal", coup=self.coup_number, banker=self.banker)
        self.shoe_deals += 1
        if not self._home and self.house.naturals == "per-side":
            self._per_side_naturals(out)
        elif pr >= 8 or pl >= 8 or pb >= 8:
            if self.keep_log:
                totals = {m: self._total(m) for m in MOVERS if _points(hands[m]) >= 8}
                self._tell(out, "natural", totals=totals)
            self._finish(True, out)
        else:
            self._advance(out)
        return out

    def _per_side_naturals(self, out: list[Event]) -> None:
        """classic: a natural settles only the hands it involves; the others play on."""
        hands = self.hands
        bank = _points(hands["banker"])
        right, left = _points(hands["right"]), _points(hands["left"])
        settled = settled_sides("per-side", banker=bank, right=right, left=left)
        if len(settled) == 2:
            if self.keep_log:
                totals = {m: self._total(m) for m in MOVERS if _points(hands[m]) >= 8}
                self._tell(out, "natural.shown", totals=totals)
            self._finish(True, out)
            return
        if settled:
            self.settled = settled
            for side in settled:
                self.moves[side] = "natural"
            if self.keep_log:
                side = settled[0]
                self._tell(
                    out, "natural.side", side=side, cards=hands[side], total=self._total(side)
                )
            if self.phase == "right" and "right" in settled:
                self.phase = "left"
        self._advance(out)

    def _resolve_banco(self, out: list[Event]) -> None:
        order = self.order
        priority = sorted(self.claims, key=lambda p: (p not in self.banco_suivi, order.index(p)))
        by_side: dict[Side, str] = {}
        for p in priority:
            side = self.side_of(p)
            assert side is not None
            by_side.setdefault(side, p)
        if len(by_side) == 2 and self.fund >= 2:
            first, second = sorted(by_side.values(), key=priority.index)
            hi, lo = (self.fund + 1) // 2, self.fund // 2
            takers = [(first, hi), (second, lo)]
        else:
            takers = [(priority[0], self.fund)]
        for who, amount in takers:
            side = self.side_of(who)
            self._take(
                _line(
                    who, "banco", amount if side == "right" else 0, amount if side == "left" else 0
                )
            )
        left_out = [p for p in self.claims if p not in dict(takers)]
        if self.keep_log:
            self._tell(
                out,
                "banco.covered",
                takers=[[w, a, self.side_of(w)] for w, a in takers],
                gave_way=list(left_out),
            )

    def seat_precedence(self) -> list[str]:
        """First seat right, first seat left, second right, second left… then those
        beyond the seats: classic's order of payment and of banco."""
        right, left = self.sides["right"], self.sides["left"]
        out: list[str] = []
        for i in range(max(len(right), len(left))):
            out += right[i : i + 1] + left[i : i + 1]
        return out + self.spectators

    def _resolve_banco_both(self, out: list[Event]) -> str:
        if self.house.banco_priority == "precedence":  # classic: precedence alone
            rank = {p: i for i, p in enumerate(self.precedence)}
            caller = min(self.claims, key=lambda p: rank.get(p, len(rank)))
        else:
            prec = self.seat_precedence()
            caller = min(self.claims, key=lambda p: (p not in self.banco_suivi, prec.index(p)))
        r, lt = self.claim_split[caller]
        self._take(_line(caller, "banco", r, lt))
        if self.keep_log:
            others = [p for p in self.claims if p != caller]
            self._tell(out, "banco.both", caller=caller, right=r, left=lt, others=others)
        return caller

    def _total(self, mover: Mover) -> int:
        return _points(self.hands[mover])

    def _advance(self, out: list[Event]) -> None:
        """Apply forced moves until a choice is pending.

        With ``forced_moves="announced"`` nothing is applied: every side's
        active player states its move (forced or not), so a side asked to
        speak tells nobody what it holds.
        """
        if self.settled and self.phase == "left" and "left" in self.settled:
            self.phase = "banker"
        if self.forced_moves == "announced":
            return
        while self.phase in ("right", "left"):
            side: Side = self.phase  # type: ignore[assignment]
            total = self._points_now[side]
            if total == 5:
                return
            if total <= 4:
                self._draw(side, out)
            else:
                self._moved(side, "stand", out)
            self.unconfirmed.add(side)

    def _draw(self, mover: Mover, out: list[Event]) -> None:
        card = self.shoe.cards.pop()
        self.hands[mover].append(card)
        points = self._points_now
        points[mover] = (points[mover] + RANK_VALUE[card[0]]) % 10
        self._moved(mover, "draw", out, card)

    def _moved(self, mover: Mover, move: str, out: list[Event], card: str | None = None) -> None:
        """Note a hand's move (its event in the log; a stand is only this), then pass to
        the next mover: the left after the right (unless settled), the banker, the end."""
        self.moves[mover] = move
        if self.keep_log:
            who = self.holder(mover)
            # Announced, a side's move reads the same whether forced or chosen.
            said = mover != "banker" and self.forced_moves == "announced"
            if card is None:
                self._tell(out, "stand.said" if said else "stand", side=mover, who=who)
            else:
                self._tell(out, "draw.said" if said else "draw", side=mover, who=who, card=card)
        if mover == "right":
            self.phase = "banker" if "left" in self.settled else "left"
        elif mover == "left":
            self.phase = "banker"
        else:
            self._finish(False, out)

    def side_acts(self, side: Side) -> tuple[str, ...]:
        """The moves a side may state now by its concealed total (for its holder only).

        At 0–4 only ``draw``, at 6–7 only ``stand``, at 5 both.  Never show
        this to anyone but the side's deciding seat: it tells the total.
        """
        total = _points(self.hands[side])
        if total <= 4:
            return ("draw",)
        if total >= 6:
            return ("stand",)
        return ("draw", "stand")

    def verify_move(self, side: Mover, draw: bool) -> None:
        if side not in MOVERS:
            raise refusals.not_a_hand(side=side)
        if self.phase == "auction" and self.bids:
            return self._as_if_closed(self.verify_move, side, draw)
        if self.phase not in MOVERS:
            raise self._phase_error("decision")
        if side in self.settled:
            raise refusals.side_settled(side=side, prompt=self.turn().prompt_msg)
        if (
            self.forced_moves == "announced"
            and side == self.phase
            and side != "banker"
            and self.moves[side] is None
        ):
            legal = self.side_acts(side)  # type: ignore[arg-type]
            if ("draw" if draw else "stand") not in legal:
                # Names a concealed total: the "forced" category is shown to its holder only.
                raise refusals.forced_move(side, self._total(side), draw)
            return
        if side in self.unconfirmed:
            done = self.moves[side]
            if (done == "draw") != draw:
                total = (
                    self._total(side)
                    if done == "stand"
                    else sum(card_value(c) for c in self.hands[side][:2]) % 10
                )
                raise refusals.forced_move(side, total, draw)
            return
        if self.moves[side] is not None:
            raise refusals.side_already_moved(
                side=side, drew=self.moves[side] == "draw", prompt=self.turn().prompt_msg
            )
        if side != self.phase:
            raise refusals.not_sides_turn(side=side, prompt=self.turn().prompt_msg)

    def can_draw(self, side: Mover) -> bool:
        return self._can(self.verify_move, side, True)

    def can_stand(self, side: Mover) -> bool:
        return self._can(self.verify_move, side, False)

    @_changes
    def draw(self, side: Mover) -> list[Event]:
        """The side at 5 (or the banker at 0–7) takes a third card, face up."""
        return self._move(side, True)

    @_changes
    def stand(self, side: Mover) -> list[Event]:
        """The side at 5 (or the banker at 0–7) keeps its two cards."""
        return self._move(side, False)

    def _move(self, side: Mover, draw: bool) -> list[Event]:
        self.verify_move(side, draw)
        out: list[Event] = []
        if side != "right":  # the right's turn to state its forced move has passed
            self.unconfirmed.discard("right")
        if side in self.unconfirmed:  # a forced move stated in a record: it agrees
            self.unconfirmed.discard(side)  # type: ignore[arg-type]
            return out
        if self.recording:
            self._remember(
                Draw.model_construct(act="draw", side=side)
                if draw
                else Stand.model_construct(act="stand", side=side)
            )
        if draw:
            self._draw(side, out)
        else:
            self._moved(side, "stand", out)
        if self.phase in ("right", "left"):
            self._advance(out)
        return out

    def _finish(self, natural: bool, out: list[Event]) -> None:
        """Reveal, settle both sides, and move on to the next coup or the end."""
        # The hands' lists are handed over to the summary: _reset_coup makes new ones.
        hands = self.hands
        points = self._points_now  # (the hands' totals, as their cards came)
        right, left, bank = points["right"], points["left"], points["banker"]
        totals = {"right": right, "left": left, "banker": bank}
        fund_before = self.fund
        stakes: dict[Side, int] = {"right": self._exposure_right, "left": self._exposure_left}
        results: dict[Side, str] = {"right": _result(right, bank), "left": _result(left, bank)}
        settled = self.settled
        if settled:  # classic: a side settled by its natural, against the banker's first two
            first_two = _points(hands["banker"][:2])
            for side in settled:
                results[side] = _result(_points(hands[side][:2]), first_two)
        # Each side's stakes: won (+1, paid even money), lost (-1) or tied (0, returned).
        gain_right, gain_left = _GAIN[results["right"]], _GAIN[results["left"]]
        payouts: dict[str, int] = {}
        unpaid: dict[str, int] = {}
        suivi: list[str] = []  # banco callers who lost: first priority next coup
        balances = self.balances
        fund = fund_before
        if not self._home and self.house.liability == "in-order":
            fund = self._settle_in_order(gain_right, gain_left, payouts, unpaid, suivi)
        else:
            for line in self.lines:
                who = line.who
                net = line.right * gain_right + line.left * gain_left
                balances[who] += line.right + line.left + net  # the stakes back, and the gain
                fund -= net
                payouts[who] = payouts.get(who, 0) + net
                if line.kind == "banco" and (gain_right if line.right else gain_left) < 0:
                    suivi.append(who)
        self.fund = fund
        moves: dict[Mover, str | None] = (
            {"right": "natural", "left": "natural", "banker": "natural"} if natural else self.moves
        )
        if not self._home and self.house.max_bancos_in_row is not None:
            banco_line = next((ln.who for ln in self.lines if ln.kind == "banco"), "")
            run = self.banco_run
            self.banco_run = (
                (banco_line, run[1] + 1 if run[0] == banco_line else 1) if banco_line else ("", 0)
            )
        # Positional (in field order): a coup's every end comes here.
        summary = CoupSummary(
            len(self.coups) + 1,  # number
            fund_before,
            stakes,
            self.lines,  # handed over too: _reset_coup makes a new list
            self.deciders,  # type: ignore[arg-type]
            hands,
            totals,
            natural,
            moves,  # type: ignore[arg-type]
            results,  # type: ignore[arg-type]
            payouts,
            fund,  # fund_after
            list(SIDES) if natural else list(settled),  # natural_sides
            unpaid,
        )
        if self.keep_log:
            self._tell(
                out, "reveal", hands={m: list(hands[m]) for m in MOVERS}, totals=dict(totals)
            )
            self._tell(
                out,
                "settle",
                coup=self.coup_number,
                results=dict(results),
                fund_before=fund_before,
                fund=fund,
                unpaid=unpaid,
            )
        self.coups.append(summary)
        seen = self.seen
        seen += hands["right"]
        seen += hands["left"]
        seen += hands["banker"]
        self._seen_tuple = tuple(seen)  # what observe() hands out until the next coup
        # Active players: kept after a win or a tie, next seat after a loss.
        active = self.active_index
        if gain_right < 0:
            active["right"] = (active["right"] + 1) % len(self.sides["right"])
        if gain_left < 0:
            active["left"] = (active["left"] + 1) % len(self.sides["left"])
        self.banco_suivi = suivi
        self.phase = "betting"
        self._reset_coup()
        house = self.house
        low = len(self.shoe) < house.min_cards
        if self.fund <= 0:
            if house.broken_bank == "replenish" and not low and self.balances[self.banker or ""]:
                self.broken = True
                if self.keep_log:
                    self._tell(out, "broken", banker=self.banker, minimum=self.bank_bid)
            else:
                self._end_bank("bankrupt", out)
        elif low and house.low_shoe == "reshuffle":
            self._reshuffle(out)
        elif low:
            self._end_bank("shoe", out)

    def _settle_in_order(
        self,
        gain_right: int,
        gain_left: int,
        payouts: dict[str, int],
        unpaid: dict[str, int],
        suivi: list[str],
    ) -> int:
        """classic, hoyle: the bank takes the stakes it won, then pays the winners in order
        (seats or rotation, those beyond the seats last) as far as the fund goes; a bet
        beyond that gets its stake back and nothing more."""
        balances = self.balances
        fund = self.fund
        winners: list[tuple[StakeLine, int]] = []
        for line in self.lines:
            net = line.right * gain_right + line.left * gain_left
            if line.kind == "banco" and net < 0:
                suivi.append(line.who)
            if net > 0:
                winners.append((line, net))
                continue
            balances[line.who] += line.right + line.left + net
            fund -= net
            payouts[line.who] = net
        order = self.seat_precedence() if self.house.pay_order == "seats" else self.order
        rank = {name: i for i, name in enumerate(order)}
        winners.sort(key=lambda w: rank.get(w[0].who, len(rank)))
        for line, net in winners:
            paid = min(net, max(fund, 0))
            balances[line.who] += line.right + line.left + paid
            fund -= paid
            payouts[line.who] = paid
            if paid < net:
                unpaid[line.who] = net - paid
        return fund

    # ============================================================ house acts

    def verify_burn(self, count: int) -> None:
        """classic: before a shoe's first deal the banker may burn 1 to ``max_burn`` cards."""
        most = self.house.max_burn
        if not most:
            raise refusals.no_burning(rules=self.house.name)
        if self.phase == "auction" and self.bids:
            return self._as_if_closed(self.verify_burn, count)
        if self.phase != "betting" or self.broken:
            raise self._phase_error("burn")
        if self.shoe_deals or self.burnt:
            raise refusals.burn_done(burnt=self.burnt)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= most:
            raise refusals.burn_count(most=most, count=count)
        return None

    def can_burn(self, count: int) -> bool:
        return self._can(self.verify_burn, count)

    @_changes
    def burn(self, count: int) -> list[Event]:
        """Burn ``count`` cards from the top of the shoe, shown to everyone (seen cards)."""
        return self._implicit(self._burn, count)

    def _burn(self, count: int) -> list[Event]:
        self.verify_burn(count)
        out: list[Event] = []
        self._ensure_shoe(out)
        cards = [self.shoe.cards.pop() for _ in range(count)]
        self.burnt = True
        self.seen += cards
        self._seen_tuple = tuple(self.seen)
        if self.banks:
            self.banks[-1].burnt.append(cards)
        if self.recording:
            self._remember(Burn.model_construct(act="burn", count=count))
        if self.keep_log:
            self._tell(out, "burn", banker=self.banker, count=count, cards=cards)
        return out

    def verify_accept(self) -> None:
        """hoyle: the banker may declare the stakes accepted when they exceed the fund."""
        if not self.house.stakes_accepted:
            raise refusals.no_accepting(rules=self.house.name)
        if self.phase != "betting":
            raise self._phase_error("accept")
        if self.unlimited:
            raise refusals.already_accepted(banker=self.banker)
        excess = self.staked() - self.fund
        if excess <= 0:
            raise refusals.nothing_to_accept(fund=self.fund)
        have = self.balances[self.banker or ""]
        if have < excess:
            raise refusals.accept_over_balance(banker=self.banker, balance=have, more=excess)

    def can_accept(self) -> bool:
        return self._can(self.verify_accept)

    @_changes
    def accept(self) -> list[Event]:
        """Declare the stakes accepted: put up the excess; the bank is unlimited from now on."""
        self.verify_accept()
        out: list[Event] = []
        excess = self.staked() - self.fund
        self.balances[self.banker or ""] -= excess
        self.fund += excess
        self.unlimited = True
        if self.recording:
            self._remember(Accept.model_construct(act="accept"))
        if self.keep_log:
            self._tell(out, "accept", banker=self.banker, amount=excess, fund=self.fund)
        return out

    def verify_replenish(self, amount: int) -> None:
        """hoyle: a broken bank is replenished from the banker's chips, up to the minimum."""
        if self.house.broken_bank != "replenish":
            raise refusals.no_replenishing(rules=self.house.name)
        if self.phase != "betting" or not self.broken:
            raise refusals.bank_not_broken()
        most = min(self.bank_bid, self.balances[self.banker or ""])
        if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= most:
            raise refusals.replenish_amount(
                banker=self.banker, most=most, minimum=self.bank_bid, amount=amount
            )

    def can_replenish(self, amount: int) -> bool:
        return self._can(self.verify_replenish, amount)

    @_changes
    def replenish(self, amount: int) -> list[Event]:
        self.verify_replenish(amount)
        out: list[Event] = []
        self.balances[self.banker or ""] -= amount
        self.fund += amount
        self.broken = False
        if self.recording:
            self._remember(Replenish.model_construct(act="replenish", amount=amount))
        if self.keep_log:
            self._tell(out, "replenish", banker=self.banker, amount=amount)
        return out

    def verify_take(self, who: str) -> None:
        """classic: the retired bank is offered at the same size, in precedence."""
        self._check_participant(who)
        if not self.offer:
            raise refusals.no_offer()
        if who != self.offer[0]:
            raise refusals.offered_to_another(size=self.offer_size, who=self.offer[0])

    def can_take(self, who: str) -> bool:
        return self._can(self.verify_take, who)

    @_changes
    def take(self, who: str) -> list[Event]:
        """Take the retired banker's bank at the same size: a new bank, seated by precedence."""
        self.verify_take(who)
        out: list[Event] = []
        size, old = self.offer_size, self._offer_banker
        precedence = [p for p in self.precedence if p != who] + [old]
        self._start_auction()
        self.offer = []
        if self.recording:
            self._remember(Take.model_construct(act="take", who=who))
        self.banker = who
        self.fund = self.bank_bid = size
        self.balances[who] -= size
        self._seat_by_precedence(precedence)
        self.phase = "betting"
        self.seating_open = True
        if self.keep_log:
            self._tell(out, "take", who=who, bank=self.bank_number, fund=size)
        return out

    def _decline(self, who: str) -> list[Event]:
        if who != self.offer[0]:
            self.verify_take(who)  # raises: the offer is someone else's
        out: list[Event] = []
        self.offer.pop(0)
        if self.recording:
            self._remember(Pass.model_construct(act="pass", who=who))
        if self.keep_log:
            self._tell(out, "decline", who=who, next=self.offer[0] if self.offer else "")
        if not self.offer:
            self._start_auction()
        return out

    def _list_table(self) -> bool:
        """hoyle's table option: the first name on the list may hold the first bank."""
        return (
            self.options.first_bank == "list"
            and self.house.first_bank_option
            and self.bank_number == 1
            and self.phase == "auction"
        )

    def first_on_list(self) -> bool:
        """hoyle's table option: the first name on the list is to hold the first bank or
        pass it to the auction now."""
        return self._list_first()

    def _list_first(self) -> bool:
        """The first name on the list is still to say whether they hold the first bank (a
        pass declines the right: the bank goes to auction among the others)."""
        return self._list_table() and self.participants[0] not in self.spoken

    # ============================================================ the end

    def verify_retire(self) -> None:
        if self.phase == "auction" and self.bids:
            return self._as_if_closed(self.verify_retire)
        if self.phase != "betting":
            if self.phase in ("right", "left", "banker"):
                raise refusals.retire_during_coup()
            raise self._phase_error("retire")
        if not self.coups and not (self.unlimited and not self.can_hold()):
            raise refusals.retire_before_coup(banker=self.banker)

    def can_retire(self) -> bool:
        return self._can(self.verify_retire)

    @_changes
    def retire(self) -> list[Event]:
        """The banker retires between coups: the bank ends."""
        self.verify_retire()
        out: list[Event] = []
        for line in self.lines:
            self.balances[line.who] += line.right + line.left
        if self.lines and self.keep_log:
            self._tell(out, "return")
        if self.recording:
            self._remember(Retire.model_construct(act="retire"))
        self._reset_coup()
        size = self.fund
        self._end_bank("retired", out)
        if self.house.after_retire == "offer":  # classic: the bank at the same size
            banker = self.banker or ""
            self.offer = [p for p in self.precedence if p != banker and self.balances[p] >= size]
            self.offer_size, self._offer_banker = size, banker
            if self.offer and self.keep_log:
                self._tell(out, "offer", size=size, who=self.offer[0])
        return out

    def _end_bank(self, reason: str, out: list[Event]) -> None:
        assert self.banker is not None
        self.balances[self.banker] += self.fund
        returned = self.fund
        self.fund = 0
        totals = dict(self.balances)
        best = max(totals.values())
        winners = [p for p in self.participants if totals[p] == best]
        self.ended = build(Ending, {"reason": reason, "totals": totals, "winners": winners})
        self.phase = "ended"
        if self.banks:
            bank = self.banks[-1]
            bank.coups = len(self.coups)  # type: ignore[misc]
            bank.ended = self.ended  # type: ignore[misc]
        if self.keep_log:
            self._tell(
                out,
                "end",
                bank=self.bank_number,
                reason=reason,
                banker=self.banker,
                returned=returned,
                winners=list(winners),
                best=best,
                least=MIN_CARDS_FOR_COUP,
                gain=best - START_CHIPS,
            )

    # ============================================================ dispatch

    @staticmethod
    def _can(check: object, *args: object) -> bool:
        try:
            check(*args)  # type: ignore[operator]
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action) -> list[Event]:
        """Apply one validated action (as found in a record)."""
        # An act (as _changes says), its version moved on here: a simulation's every act
        # comes this way, and a coup's acts go straight to their work, one call deep.
        self._version += 1
        try:
            try:
                act = action.act
            except AttributeError:  # not an act at all: refused below
                act = None
            phase = self.phase
            if phase == "betting":
                if act == "wager":  # as wager(), pass_() and deal() do once no auction is open
                    a: Wager = action  # type: ignore[assignment]
                    return self._wager(a.who, a.amount, a.a_cheval, a.ride, a.side)
                if act == "pass":
                    return self._pass_turn(action.who)  # type: ignore[union-attr]
                if act == "deal":
                    return self._deal()
            elif act == "draw" or act == "stand":  # as draw() and stand() do
                return self._move(action.side, act == "draw")  # type: ignore[union-attr]
            handler = _APPLY.get(act)  # type: ignore[arg-type]
            if handler is None:
                raise refusals.unknown_act(act=getattr(action, "act", action))
            return handler(self, action)
        finally:
            self._version += 1


_APPLY: dict[str, Callable[[Game, Any], list[Event]]] = {
    "bid": lambda g, a: g.bid(a.who, a.amount),
    "pass": lambda g, a: g.pass_(a.who),
    "seat": lambda g, a: g.seat(a.right, a.left, a.spectators),
    "shuffle": lambda g, a: g.shuffle(a.shufflers, a.cut),
    "banco": lambda g, a: g.banco(a.who, a.right, a.left),
    "wager": lambda g, a: g.wager(a.who, a.amount, a.a_cheval, a.ride, a.side),
    "deal": lambda g, a: g.deal(),
    "draw": lambda g, a: g.draw(a.side),
    "stand": lambda g, a: g.stand(a.side),
    "retire": lambda g, a: g.retire(),
    "burn": lambda g, a: g.burn(a.count),
    "accept": lambda g, a: g.accept(),
    "replenish": lambda g, a: g.replenish(a.amount),
    "take": lambda g, a: g.take(a.who),
}


def from_record(record: Record, **options: Any) -> Game:
    """The game a record of banque starts from (before any act); ``options`` override
    the record's (``keep_log``, ``record``…)."""
    options.setdefault("forced_moves", record.forced_moves)
    options.setdefault("rules", record.rules)
    options.setdefault("options", record.options)
    return Game(record.participants, record.seed, record.shoe, stream=record.stream, **options)
