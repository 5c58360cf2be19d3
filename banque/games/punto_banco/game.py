"""Punto banco: the Las Vegas game of the Pocket Book text (003), the house banking.

- Six or eight packs (default eight); the house holds the bank, so one
  player alone may play against it.
- Bets on the player's hand or on the banker's hand, paid even money (a
  winning bet on the banker pays a 5 % commission); ties stand off.  The
  text's "natural 8 or 9 at 9-1" is read as the historical pair of bets: on
  the banker's hand being a **natural 8**, or a **natural 9**, each paid
  9 to 1.  Every bet is limited by the house limit (default 100 a spot).
  "The house betting limit will, however, sometimes be raised, when a player
  requests this": as a table option (``raise_limit``), a player may ask the
  house (act ``ask_limit``) for a higher limit, which it grants up to that
  option's amount, for the whole table from then on; without the option the
  house never raises it.
- Every draw is fixed (:func:`banque.games.two_hands.player_draws`,
  :func:`~banque.games.two_hands.banker_draws`): nobody chooses anything; the
  coup plays itself after the bets (act ``deal``).

The commission is kept exactly: each player's commission box holds what is
due in twentieths of a chip; every whole chip due is paid at once, the
fraction stays in the box (less than a chip, never lost or rounded).

>>> g = PuntoGame(["Ana"], shoe=["4C", "9D", "3H", "KS", "2C"])
>>> _ = g.bet("Ana", "banker", 20); _ = g.deal()
>>> c = g.coups[-1]
>>> c.hands.player, c.hands.banker, c.result
(['4C', '3H'], ['9D', 'KS'], 'banker')
>>> g.balances["Ana"], g.house
(119, -19)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from pydantic import BaseModel

from ...core.cards import RANK_VALUE
from ...core.errors import IllegalAction
from ...core.messages import N_, Cards, Clauses, Msg, Nn_, chips
from ...core.models import AskLimit, Bet, Deal, Record, Retire, Spot
from ...core.rng import Stream
from ...text import quoted
from ..banque.game import START_CHIPS
from ..two_hands import (
    Event,
    Hands,
    Standing,
    TwoHandCoup,
    TwoHandGame,
    banker_draws,
    big_road,
    game_over,
    player_draws,
    result_of,
    standings,
    validate_names,
)
from .packs import DEFAULT_PACKS, PACKS, check_packs
from .player_bank import PlayerBankGame

__all__ = [
    "DEFAULT_LIMIT",
    "DEFAULT_PACKS",
    "PACKS",
    "SPOTS",
    "PuntoGame",
    "PuntoReport",
    "asked_limit",
    "new_game",
]

DEFAULT_LIMIT = 100
MAX_PLAYERS = 11
SPOTS: tuple[Spot, ...] = ("player", "banker", "natural8", "natural9")
SPOT_NAMES: dict[str, str] = {
    "player": N_("the player"),
    "banker": N_("the banker"),
    "natural8": N_("a natural 8 (the banker's)"),
    "natural9": N_("a natural 9 (the banker's)"),
}


def _spot(on: str) -> Msg:
    """A spot's name as a message (told in the player's language)."""
    return Msg(SPOT_NAMES[on])


#: The commission on a winning banker bet, in twentieths of a chip per chip won (5 %).
COMMISSION_TWENTIETHS = 1


class PuntoReport(BaseModel):
    """The state reached, for ``banque replay --json``."""

    format: str = "banque-state/1"
    game: Literal["punto-banco"] = "punto-banco"
    participants: list[str]
    packs: int
    limit: int
    #: The most the house raises its limit to when a player asks (``None``: never).
    raise_limit: int | None = None
    phase: str
    balances: dict[str, int]
    #: The bets on the table now, by player and spot.
    bets: dict[str, dict[str, int]]
    #: The house's takings so far (negative: the house has lost).
    house: int
    #: Each player's commission box, in twentieths of a chip (less than one chip).
    commission_due: dict[str, int]
    cards_left: int
    coups: list[TwoHandCoup]
    road: list[list[str]]
    prompt: str


class PuntoGame(TwoHandGame):
    """A game of punto banco: coup after coup against the house, until ``retire``."""

    game = "punto-banco"
    fresh_shoe = Nn_(
        "A fresh shoe is shuffled: {cards} cards ({n} pack).",
        "A fresh shoe is shuffled: {cards} cards ({n} packs).",
    )

    def record_fields(self) -> dict[str, Any]:
        return {
            **super().record_fields(),
            "limit": self.first_limit,
            "raise_limit": self.raise_limit,
        }

    def __init__(
        self,
        participants: Sequence[str],
        seed: int = 0,
        shoe: Iterable[str] = (),
        *,
        packs: int = DEFAULT_PACKS,
        limit: int = DEFAULT_LIMIT,
        raise_limit: int | None = None,
        record: bool = True,
        keep_log: bool = True,
        stream: Stream | None = None,
    ) -> None:
        self.participants = validate_names(participants, 1, MAX_PLAYERS, "Punto banco")
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise IllegalAction(
                Msg(N_("The house limit is a whole number of chips, 1 or more.")), "limit"
            )
        self.limit = limit
        #: The limit the game began with (what its record says; :attr:`limit` may rise).
        self.first_limit = limit
        if raise_limit is not None and (
            isinstance(raise_limit, bool)
            or not isinstance(raise_limit, int)
            or raise_limit <= limit
        ):
            raise IllegalAction(
                Msg(
                    N_(
                        "The house raises its limit to a whole number of chips above its "
                        "limit ({limit})."
                    ),
                    limit=limit,
                ),
                "limit",
            )
        #: The most the house raises its limit to when a player asks (``None``: never).
        self.raise_limit = raise_limit
        check_packs(packs)
        self._start(seed, packs, shoe, record, keep_log, stream)
        self.bets: dict[str, dict[str, int]] = {}
        self.due: dict[str, int] = {p: 0 for p in self.participants}
        self.house = 0
        self.phase: Literal["betting", "ended"] = "betting"

    # ------------------------------------------------------------------ state

    def staked(self) -> int:
        return sum(sum(spots.values()) for spots in self.bets.values())

    def total_chips(self) -> int:
        """Balances + bets on the table + the house's takings: 100 a participant, always."""
        return sum(self.balances.values()) + self.staked() + self.house

    def _open(self) -> None:
        if self.phase == "ended":
            raise IllegalAction(Msg(N_("The game is over: nothing more can be done.")), "phase")

    # ------------------------------------------------------------------ acts

    def max_bet(self, who: str, on: str) -> int:
        """The most ``who`` may still put on ``on``: the house limit and the balance."""
        placed = self.bets.get(who, {}).get(on, 0)
        return max(0, min(self.limit - placed, self.balances.get(who, 0)))

    def verify_bet(self, who: str, on: str, amount: int) -> None:
        self._open()
        self._who(who)
        if on not in SPOTS:
            raise IllegalAction(
                Msg(
                    N_("{spot} is not a bet: bet on player, banker, natural8 or natural9."),
                    spot=quoted(on),
                ),
                "spot",
            )
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise IllegalAction(Msg(N_("A bet is a whole number of chips, 1 or more.")), "amount")
        placed = self.bets.get(who, {}).get(on, 0)
        if placed + amount > self.limit:
            room = self.limit - placed
            if not placed:
                said = Msg(
                    N_("The house limit is {limit} a bet: at most {limit} may go on {spot}."),
                    limit=self.limit,
                    spot=_spot(on),
                )
            elif room > 0:
                said = Msg(
                    N_(
                        "The house limit is {limit} a bet: {who} has {placed} on {spot}, "
                        "so at most {room} more may go there."
                    ),
                    limit=self.limit,
                    who=who,
                    placed=placed,
                    spot=_spot(on),
                    room=room,
                )
            else:
                said = Msg(
                    N_(
                        "The house limit is {limit} a bet: {who} has {placed} on {spot}, "
                        "so no more may go there."
                    ),
                    limit=self.limit,
                    who=who,
                    placed=placed,
                    spot=_spot(on),
                )
            raise IllegalAction(said, "limit")
        if amount > self.balances[who]:
            raise IllegalAction(
                Msg(
                    N_("{who} has {chips}: a bet of {amount} is beyond them."),
                    who=who,
                    chips=chips(self.balances[who]),
                    amount=amount,
                ),
                "balance",
            )

    def can_bet(self, who: str, on: str, amount: int) -> bool:
        try:
            self.verify_bet(who, on, amount)
        except IllegalAction:
            return False
        return True

    def bet(self, who: str, on: str, amount: int) -> list[Event]:
        self.verify_bet(who, on, amount)
        if self.recording:
            self.actions.append(Bet.model_construct(act="bet", who=who, on=on, amount=amount))  # type: ignore[arg-type]
        self.balances[who] -= amount
        spots = self.bets.get(who)
        if spots is None:
            spots = self.bets[who] = {}
        spots[on] = spots.get(on, 0) + amount
        out: list[Event] = []
        if self.keep_log:  # words only for someone who reads them
            self._event(
                "bet",
                Msg(N_("{who} bets {amount} on {spot}."), who=who, amount=amount, spot=_spot(on)),
                out,
            )
        return out

    def verify_ask_limit(self, who: str, amount: int) -> None:
        self._open()
        self._who(who)
        if self.raise_limit is None:
            raise IllegalAction(
                Msg(
                    N_("This house does not raise its limit: it stays {limit} a bet."),
                    limit=self.limit,
                ),
                "limit",
            )
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= self.limit:
            raise IllegalAction(
                Msg(N_("The limit is {limit} a bet already: ask for more."), limit=self.limit),
                "amount",
            )
        if amount > self.raise_limit:
            raise IllegalAction(
                Msg(
                    N_("The house raises its limit to {most} a bet at the most."),
                    most=self.raise_limit,
                ),
                "limit",
            )

    def can_ask_limit(self) -> bool:
        """Whether a player may still ask for a higher limit."""
        return (
            self.phase != "ended" and self.raise_limit is not None and self.limit < self.raise_limit
        )

    def ask_limit(self, who: str, amount: int) -> list[Event]:
        """``who`` asks for a higher limit: the house raises it, for the whole table."""
        self.verify_ask_limit(who, amount)
        self._remember(lambda: AskLimit.model_construct(act="ask_limit", who=who, amount=amount))
        before, self.limit = self.limit, amount
        out: list[Event] = []
        self._event(
            "limit",
            Msg(
                N_(
                    "{who} asks for a higher limit: the house raises it from {before} to {limit} a bet."
                ),
                who=who,
                before=before,
                limit=amount,
            ),
            out,
        )
        return out

    def verify_deal(self) -> None:
        self._open()

    def deal(self) -> list[Event]:
        """Deal a coup: the draws are fixed, the coup plays itself and the bets are settled."""
        self.verify_deal()
        if self.recording:
            self.actions.append(Deal.model_construct(act="deal"))
        out: list[Event] = []
        player, banker = self._deal_hands(out)
        shoe = self.shoe
        pop, seen, value = shoe.cards.pop, shoe.seen, RANK_VALUE
        # The totals counted as the cards come.
        (p1, p2), (b1, b2) = player, banker
        pt = (value[p1[0]] + value[p2[0]]) % 10
        bt = banker_two = (value[b1[0]] + value[b2[0]]) % 10
        natural = pt >= 8 or bt >= 8
        if natural:
            moves = {"player": "natural", "banker": "natural"}
        else:
            third: int | None = None
            if player_draws(pt):
                card = pop()
                seen.append(card)
                player.append(card)
                third = value[card[0]]
                pt = (pt + third) % 10
                player_move = "draw"
            else:
                player_move = "stand"
            if banker_draws(bt, third):
                card = pop()
                seen.append(card)
                banker.append(card)
                bt = (bt + value[card[0]]) % 10
                banker_move = "draw"
            else:
                banker_move = "stand"
            moves = {"player": player_move, "banker": banker_move}
        result = result_of(pt, bt)
        house_before = self.house
        lines = self._settle(result, banker_two)
        coup = TwoHandCoup(
            number=len(self.coups) + 1,
            hands=Hands(player, banker),
            totals={"player": pt, "banker": bt},
            natural=natural,
            played_by="the table",
            moves=moves,  # type: ignore[arg-type]
            result=result,  # type: ignore[arg-type]
            bets=lines,
            bank_before=house_before,
            bank_after=self.house,
            banker="house",
        )
        self.coups.append(coup)
        if self.keep_log:
            self._event("deal", _describe(coup), out)
        return out

    def _settle(self, result: str, banker_two: int) -> list[dict[str, object]]:
        lines: list[dict[str, object]] = []
        for who in self.participants:
            spots = self.bets.get(who)
            if not spots:
                continue
            for on in SPOTS:
                amount = spots.get(on, 0)
                if not amount:
                    continue
                commission = 0
                if on in ("player", "banker"):
                    if result == "tie":
                        outcome, won = "push", 0
                    elif result == on:
                        outcome, won = "win", amount
                    else:
                        outcome, won = "lose", -amount
                    if on == "banker" and outcome == "win":
                        self.due[who] += amount * COMMISSION_TWENTIETHS
                        commission, self.due[who] = divmod(self.due[who], 20)
                else:
                    wanted = 8 if on == "natural8" else 9
                    if banker_two == wanted:
                        outcome, won = "win", 9 * amount
                    else:
                        outcome, won = "lose", -amount
                self.balances[who] += amount + won - commission
                self.house += commission - won
                lines.append(
                    {
                        "who": who,
                        "on": on,
                        "amount": amount,
                        "result": outcome,
                        "won": won - commission,
                        "commission": commission,
                    }
                )
        self.bets = {}
        return lines

    def verify_retire(self) -> None:
        self._open()
        if self.staked():
            raise IllegalAction(
                Msg(N_("Bets are on the table: deal the coup before the game ends.")), "retire"
            )

    def retire(self) -> list[Event]:
        """End the game (nothing on the table)."""
        self.verify_retire()
        self._remember(lambda: Retire.model_construct(act="retire"))
        self.phase = "ended"
        out: list[Event] = []
        self._event("end", game_over(self.participants, self.balances, len(self.coups)), out)
        return out

    def standings(self) -> list[Standing]:
        """Each seat's chips and gain or loss on the 100 it started with, best first
        (the house's takings are :attr:`house`: the seats' losses less their gains)."""
        return standings(self.participants, self.balances, START_CHIPS)

    def apply(self, action: Any) -> list[Event]:
        """Apply one validated act of a record."""
        act = getattr(action, "act", None)
        if act == "bet":
            return self.bet(action.who, action.on, action.amount)
        if act == "deal":
            return self.deal()
        if act == "retire":
            return self.retire()
        if act == "ask_limit":
            return self.ask_limit(action.who, action.amount)
        raise IllegalAction(
            Msg(
                N_(
                    "Punto banco has no act {act}: its acts are bet, ask_limit, deal and retire "
                    "(every draw is fixed: nobody draws or stands by choice)."
                ),
                act=quoted(act),
            ),
            "act",
        )

    # ------------------------------------------------------------------ views

    @property
    def prompt(self) -> str:
        """What the table waits for, in English (:attr:`prompt_msg` is its message)."""
        return str(self.prompt_msg)

    @property
    def prompt_msg(self) -> Msg:
        """What the table waits for, as a message (told in the player's language)."""
        if self.phase == "ended":
            return Msg(N_("The game is over."))
        if self.staked():
            return Msg(N_("Place more bets, or deal the coup."))
        return Msg(N_("Place your bets (player, banker, natural 8, natural 9), then deal."))

    def road(self) -> list[list[str]]:
        return big_road(c.result for c in self.coups)

    def report(self) -> PuntoReport:
        return PuntoReport(
            participants=list(self.participants),
            packs=self.packs,
            limit=self.limit,
            raise_limit=self.raise_limit,
            phase=self.phase,
            balances=dict(self.balances),
            bets={w: dict(s) for w, s in self.bets.items()},
            house=self.house,
            commission_due=dict(self.due),
            cards_left=self.cards_left,
            coups=list(self.coups),
            road=self.road(),
            prompt=self.prompt,
        )

    def view(self, seat: str | None = None) -> PuntoReport:
        """Every card of punto banco is dealt face up: all seats see the same table."""
        if seat is not None:
            self._who(seat)
        return self.report()


def asked_limit(limit: int, most: int | None) -> int | None:
    """The limit a player asks for at the table's one key: twice the limit, up to the
    most the house raises it to (``None``: nothing left to ask)."""
    if most is None or limit >= most:
        return None
    return min(most, 2 * limit)


def _describe(coup: TwoHandCoup) -> Msg:
    """A coup's account: both hands, who wins, each bet's result."""
    outcome = {
        "tie": Msg(N_("a tie")),
        "player": Msg(N_("the player wins")),
        "banker": Msg(N_("the banker wins")),
    }[coup.result]
    params: dict[str, object] = dict(
        number=coup.number,
        player=Cards(coup.hands.player),
        pt=coup.totals["player"],
        banker=Cards(coup.hands.banker),
        bt=coup.totals["banker"],
        outcome=outcome,
    )
    if coup.bets:
        params["paid"] = Clauses(
            Msg(PAID[str(line["on"])], who=line["who"], won=f"{int(str(line['won'])):+d}")
            for line in coup.bets
        )
    if coup.natural:
        template = (
            N_(
                "Coup {number}: player {player} = {pt}, banker {banker} = {bt} (a natural): {outcome}. {paid}."
            )
            if coup.bets
            else N_(
                "Coup {number}: player {player} = {pt}, banker {banker} = {bt} (a natural): {outcome}."
            )
        )
    else:
        template = (
            N_("Coup {number}: player {player} = {pt}, banker {banker} = {bt}: {outcome}. {paid}.")
            if coup.bets
            else N_("Coup {number}: player {player} = {pt}, banker {banker} = {bt}: {outcome}.")
        )
    return Msg(template, **params)


#: A bet's result in the coup's account, for each spot.
PAID: dict[str, str] = {
    "player": N_("{who} {won} on player"),
    "banker": N_("{who} {won} on banker"),
    "natural8": N_("{who} {won} on natural8"),
    "natural9": N_("{who} {won} on natural9"),
}


def from_record(record: Record, **options: Any) -> PuntoGame | PlayerBankGame:
    """The game a record of punto banco starts from (before any act): the house's bank,
    or with ``"bank": "players"`` the players' (:mod:`.player_bank`)."""
    options.pop("forced_moves", None)  # every draw is fixed
    if record.bank == "players":
        if record.limit is not None or record.raise_limit is not None:
            raise IllegalAction(
                Msg(N_("A players' bank has no house limit: the bank itself is the limit.")),
                "limit",
            )
        return PlayerBankGame(
            record.participants,
            record.seed,
            record.shoe,
            packs=record.packs or DEFAULT_PACKS,
            rotation=record.rotation,
            banco_instead=record.banco_instead,
            stream=record.stream,
            **options,
        )
    if record.banco_instead or record.rotation != "left":
        raise IllegalAction(
            Msg(
                N_(
                    'banco_instead and rotation are a players\' bank\'s ("bank": "players"): '
                    "the house holds this one."
                )
            ),
            "bank",
        )
    return PuntoGame(
        record.participants,
        record.seed,
        record.shoe,
        packs=record.packs or DEFAULT_PACKS,
        limit=record.limit or DEFAULT_LIMIT,
        raise_limit=record.raise_limit,
        stream=record.stream,
        **options,
    )


def new_game(
    names: Sequence[str],
    seed: int,
    *,
    stream: Stream | None = None,
    packs: int | None = None,
    limit: int | None = None,
    raise_limit: int | None = None,
    bank: str = "house",
    **_: Any,
) -> PuntoGame | PlayerBankGame:
    """A new game of punto banco (another game's options are not its own): the house's
    bank, or (``bank="players"``) the players' — then no house limit."""
    if bank == "players":
        if limit is not None or raise_limit is not None:
            raise IllegalAction(
                Msg(N_("A players' bank has no house limit: the bank itself is the limit.")),
                "limit",
            )
        return PlayerBankGame(list(names), seed, packs=packs or DEFAULT_PACKS, stream=stream)
    return PuntoGame(
        list(names),
        seed,
        packs=packs or DEFAULT_PACKS,
        limit=limit or DEFAULT_LIMIT,
        raise_limit=raise_limit,
        stream=stream,
    )
