"""Computer players: every decision a participant makes, from its own view.

A :class:`ComputerPlayer` sees the table only as the engine shows it to its
seat (:meth:`banque.games.banque.game.Game.observe`, the same visibility as the seat's
view); it never touches the game itself, so it cannot look at a concealed card it
does not hold.  Its randomness comes from a generator the game derives from
its seed (:meth:`~banque.games.banque.game.Game.rng_for`), so a seeded game with computer
players replays exactly.

>>> from banque.games.banque.game import Game
>>> game = Game(["Ana", "Bruno", "Chloé"], seed=3)
>>> bots = computer_table(game, game.participants)
>>> while len(game.banks) < 2:
...     who = game.next_actor()
...     _ = game.apply(bots[who].decide(game.observe(who)))
>>> game.banks[0].ended.reason in ("retired", "bankrupt", "shoe")
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from ...core.cards import card_value
from ...core.models import (
    Action,
    Banco,
    Bid,
    Deal,
    Draw,
    Observation,
    Pass,
    Replenish,
    Retire,
    Side,
    Stand,
    Take,
    Wager,
    build,
)
from ...core.naturals import side_result
from .advisor import ExactAdvice, SideInfo, advise_exact, unseen_values
from .expert import NATURAL_SHOWN, Move, PlanFor, pair_of
from .game import Game
from .rules import house_rules

BankerMode = Literal["advisor", "table"]

#: The banker's result against a side, by the side's result.
_BANKER_RESULT = {"player": -1, "banker": 1, "tie": 0}


@dataclass(frozen=True)
class Style:
    """A temperament: how a computer player bids, stakes and decides."""

    name: str
    #: Chance of bidding for the bank, and the share of the balance offered.
    bid_chance: float
    bid_share: tuple[float, float]
    #: Chance of staking at all in a coup, and the share of the limit staked.
    wager_chance: float
    wager_share: tuple[float, float]
    #: Chance that a stake is placed à cheval, and of calling banco when able.
    a_cheval_chance: float
    banco_chance: float
    #: Chance of letting last coup's stake and winnings ride.
    ride_chance: float
    #: Chance of drawing at 5.
    draw_at_5: float
    #: The banker retires once the fund reaches this multiple of its bid...
    retire_gain: float
    #: ...or falls to this fraction of it.
    retire_loss: float


CAUTIOUS = Style(
    name="cautious",
    bid_chance=0.5,
    bid_share=(0.20, 0.40),
    wager_chance=0.75,
    wager_share=(0.03, 0.08),
    a_cheval_chance=0.15,
    banco_chance=0.02,
    ride_chance=0.05,
    draw_at_5=0.5,
    retire_gain=2.0,
    retire_loss=0.4,
)
BOLD = Style(
    name="bold",
    bid_chance=0.9,
    bid_share=(0.40, 0.80),
    wager_chance=0.95,
    wager_share=(0.08, 0.25),
    a_cheval_chance=0.10,
    banco_chance=0.15,
    ride_chance=0.30,
    draw_at_5=0.5,
    retire_gain=3.0,
    retire_loss=0.15,
)
#: The expert bids, stakes and calls banco as the cautious one; its card decisions are
#: the game's solution (a plan the session hands it: :class:`ComputerPlayer`'s ``plan_for``).
EXPERT = replace(CAUTIOUS, name="expert")
STYLES: dict[str, Style] = {"cautious": CAUTIOUS, "bold": BOLD, "expert": EXPERT}


def banker_advice(obs: Observation, p5: float = 0.5) -> tuple[float, float]:
    """The advisor's expected gains (draw, stand) from the banker's own observation
    (:func:`banker_advice_exact`, as floats)."""
    advice = banker_advice_exact(obs, p5).to_float()
    return advice.draw, advice.stand


def banker_advice_exact(obs: Observation, p5: float | Fraction = 0.5) -> ExactAdvice:
    """The advisor's exact expected gains from the banker's own observation.

    The unseen cards are the shoe less every card shown in this shoe (earlier
    coups, burnt cards), the banker's own pair, a pair shown by its natural
    (per-side naturals) and the third cards on the table.  Each outcome is
    worth what the house's settlement gives the banker's fund
    (:meth:`~banque.games.banque.rules.HouseRules.bank_gain`): where a losing
    bank pays in order only as far as its fund goes, it loses at most the fund.
    """
    banker = [c for c in obs.hands["banker"] if c is not None]
    if len(banker) != 2:
        raise ValueError("The advisor needs the banker's own two cards (the banker's view).")
    thirds = {
        side: (obs.hands[side][2] if len(obs.hands[side]) > 2 else None)
        for side in ("right", "left")
    }
    removed: list[str] = [*obs.seen, *banker, *(c for c in thirds.values() if c)]
    first_two = sum(card_value(c) for c in banker) % 10
    results: dict[Side, int | None] = {"right": None, "left": None}
    for done in obs.settled:  # per-side naturals: that side's pair is shown, its result known
        pair = [c for c in obs.hands[done] if c is not None]
        removed += pair
        results[done] = _BANKER_RESULT[
            side_result(sum(card_value(c) for c in pair) % 10, first_two)
        ]
    house = house_rules(obs.rules)
    fund = obs.fund if house.liability == "in-order" else None
    return advise_exact(
        unseen_values(obs.packs, removed),
        banker,
        SideInfo(obs.stakes["right"], thirds["right"], results["right"]),
        SideInfo(obs.stakes["left"], thirds["left"], results["left"]),
        p5,
        fund,
    )


def fund_limit(obs: Observation) -> int | None:
    """The fund, when it limits what a losing bank pays this coup (a house that pays in
    order as far as the fund goes, and stakes beyond it); else ``None``."""
    if house_rules(obs.rules).liability != "in-order":
        return None
    return obs.fund if obs.stakes["right"] + obs.stakes["left"] > obs.fund else None


# Acts that depend on no choice of amount are made once: actions are frozen
# models, so one instance serves every coup (and building them is most of what
# a quick decision would otherwise cost).
_DEAL = build(Deal, {"act": "deal"})
_RETIRE = build(Retire, {"act": "retire"})
_DRAW = {m: build(Draw, {"act": "draw", "side": m}) for m in ("right", "left", "banker")}
_STAND = {m: build(Stand, {"act": "stand", "side": m}) for m in ("right", "left", "banker")}


def table_draws(total: int) -> bool:
    """The fixed banker's table used by ``--banker table``: draw at 0–5."""
    return total <= 5


class ComputerPlayer:
    """A computer participant of one temperament.

    ``plan_for`` (an expert's): the solution for a coup's stakes ratio
    (:class:`~.expert.BanqueExpertPlan`, made by the session from the study).  A side at
    5 then draws with the plan's chance for its pair and what it saw, and the banker
    with the plan's chance for its pair and the sides' moves (a key the plan lacks:
    the advisor's best response), each mixed move drawn from the seat's generator.
    """

    def __init__(
        self,
        name: str,
        style: str | Style = "cautious",
        rng: random.Random | None = None,
        *,
        banker_mode: BankerMode = "advisor",
        p5: float = 0.5,
        draw_at_5: float | None = None,
        plan_for: PlanFor | None = None,
    ) -> None:
        self.name = name
        #: The expert's solution by stakes ratio (``None``: no plan; the temperament's way).
        self.plan_for = plan_for
        self.style = STYLES[style] if isinstance(style, str) else style
        # Only a doctest or a test leaves this out; the table always passes
        # the game's own generator for the seat.
        self.rng = rng if rng is not None else random.Random(name)
        self.banker_mode = banker_mode
        self.p5 = p5
        #: How often this seat draws at 5 as a side (None: its temperament's).
        self.draw_at_5 = self.style.draw_at_5 if draw_at_5 is None else draw_at_5
        self._pass = build(Pass, {"act": "pass", "who": name})
        self._banco = build(Banco, {"act": "banco", "who": name, "right": None, "left": None})
        self._wagers: dict[tuple[int, bool], Wager] = {}
        self._unseated = False

    def __repr__(self) -> str:
        return f"ComputerPlayer({self.name!r}, {self.style.name!r})"

    def _share(self, bounds: tuple[float, float]) -> float:
        lo, hi = bounds
        return lo + (hi - lo) * self.rng.random()

    def decide(self, obs: Observation) -> Action:
        """The action this seat takes now, from what it may know."""
        if not obs.to_act:
            raise ValueError(f"It is not {self.name}'s turn to act.")
        phase = obs.phase
        if phase == "betting":
            if self.name == obs.banker:
                return self._banker_between_coups(obs)
            return self._stake(obs)
        if phase == "auction" or phase == "ended":
            return self._bid(obs)
        if phase == "right" or phase == "left":
            acts = obs.acts
            if len(acts) == 1:  # a forced move stated aloud (forced_moves="announced")
                return _DRAW[phase] if acts[0] == "draw" else _STAND[phase]
            chance = self.draw_at_5 if self.plan_for is None else self._side_chance(obs, phase)
            draw = self.rng.random() < chance
            return _DRAW[phase] if draw else _STAND[phase]
        return self._banker_choice(obs)

    # -- the auction

    def _bid(self, obs: Observation) -> Action:
        balance = obs.balance
        if obs.acts == ("take", "pass"):  # classic: the retired bank offered at its size
            if self.rng.random() < self.style.bid_chance / 2:
                return build(Take, {"act": "take", "who": self.name})
            return self._pass
        if obs.acts == ("bid",) and obs.phase == "auction":  # hoyle: first on the list
            share = self._share(self.style.bid_share)
            return self._bid_of(max(1, min(balance, round(balance * share))))
        if balance < 1 or self.rng.random() >= self.style.bid_chance:
            if obs.phase == "ended":
                # Someone must open the next bank: offer a little.
                return self._bid_of(max(1, balance // 10))
            return self._pass
        amount = max(1, min(balance, round(balance * self._share(self.style.bid_share))))
        return self._bid_of(amount)

    def _bid_of(self, amount: int) -> Bid:
        return build(Bid, {"act": "bid", "who": self.name, "amount": amount})

    # -- the betting

    def _stake(self, obs: Observation) -> Action:
        st = self.style
        # A spectator (classic) or standing punter (hoyle) names a side for each wager.
        self._unseated = obs.side is None
        limit = obs.max_stake
        rnd = self.rng.random
        if obs.can_banco and rnd() < st.banco_chance:
            if obs.rules == "classic":  # both hands: half on each (any house accepts it)
                fund = obs.fund
                half = {"right": (fund + 1) // 2, "left": fund // 2}
                return build(Banco, {"act": "banco", "who": self.name, **half})
            return self._banco
        if limit < 1 or rnd() >= st.wager_chance:
            return self._pass
        ride = self._ride(obs)
        # Comparisons rather than min() and max(): every stake of a simulation comes here.
        if ride and rnd() < st.ride_chance:
            return self._wager(ride if ride < limit else limit, False)
        lo, hi = st.wager_share  # the share of the balance staked (as _share)
        amount = round(obs.balances[obs.seat] * (lo + (hi - lo) * rnd()))
        if amount > limit:
            amount = limit
        if amount < 1:
            amount = 1
        most = obs.max_a_cheval
        if amount >= 2 and most >= 2 and rnd() < st.a_cheval_chance:
            even = amount - amount % 2
            return self._wager(even if even < most else most, True)
        return self._wager(amount, False)

    def _wager(self, amount: int, a_cheval: bool) -> Wager:
        if self._unseated and not a_cheval:  # a side chosen each time: not kept
            side = self.rng.choice(("right", "left"))
            return build(
                Wager,
                {
                    "act": "wager",
                    "who": self.name,
                    "amount": amount,
                    "a_cheval": False,
                    "ride": False,
                    "side": side,
                },
            )
        # Frozen too: one instance per (amount, à cheval) serves every coup.
        key = (amount, a_cheval)
        wager = self._wagers.get(key)
        if wager is None:
            wager = self._wagers[key] = build(
                Wager,
                {
                    "act": "wager",
                    "who": self.name,
                    "amount": amount,
                    "a_cheval": a_cheval,
                    "ride": False,
                    "side": None,
                },
            )
        return wager

    def _ride(self, obs: Observation) -> int:
        """Last coup's stake plus its winnings, if this seat won then."""
        last = obs.last
        if last is None:
            return 0
        name = self.name
        won = last.payouts.get(name, 0)
        if won <= 0:
            return 0
        for ln in last.lines:
            if ln.who == name:
                won += ln.right + ln.left
        return won

    def _banker_between_coups(self, obs: Observation) -> Action:
        bid = obs.bank_bid
        if "retire" in obs.acts and obs.coup > 1 and not obs.seen and obs.rules == "classic":
            # classic reshuffles instead of ending the bank: a computer banker gives the
            # bank up at the end of a shoe, as a home bank would end there.
            return _RETIRE
        if "replenish" in obs.acts:  # hoyle: a broken bank, replenished or given up
            if self.rng.random() < self.style.bid_chance:
                amount = min(bid, obs.balance)
                return build(Replenish, {"act": "replenish", "amount": amount})
            return _RETIRE
        if "deal" not in obs.acts:  # hoyle: stakes beyond what the banker can hold
            return _RETIRE
        if "retire" in obs.acts and (
            obs.fund >= bid * self.style.retire_gain or obs.fund <= bid * self.style.retire_loss
        ):
            return _RETIRE
        return _DEAL

    # -- the banker's choice

    # -- the expert's plan

    def _side_chance(self, obs: Observation, side: Side) -> float | Fraction:
        """An expert side's chance of drawing at 5, by its plan."""
        assert self.plan_for is not None
        plan = self.plan_for(stakes_ratio(obs))
        pair = _pair(obs.hands[side])
        if pair is None:
            return self.draw_at_5
        if side == "right":
            return plan.right_draws(pair, "left" in obs.settled)
        return plan.left_draws(pair, side_move(obs, "right"))

    def _planned_banker(self, obs: Observation) -> Action | None:
        """The expert banker's move by its plan (``None``: its key is not in the plan);
        drawn from the seat's generator only where the plan mixes."""
        assert self.plan_for is not None
        pair = _pair(obs.hands["banker"])
        if pair is None:
            return None
        plan = self.plan_for(stakes_ratio(obs))
        chance = plan.banker_draws(pair, side_move(obs, "right"), side_move(obs, "left"))
        if chance is None:
            return None
        draw = chance == 1 or (chance > 0 and self.rng.random() < chance)
        return _DRAW["banker"] if draw else _STAND["banker"]

    # -- the banker's choice

    def _banker_choice(self, obs: Observation) -> Action:
        if self.plan_for is not None:
            planned = self._planned_banker(obs)
            if planned is not None:
                return planned
        if self.banker_mode == "table":
            total = obs.total("banker")
            if total is None:
                raise ValueError("The banker's observation must show its own cards.")
            draw = table_draws(total)
        else:
            gain_draw, gain_stand = banker_advice(obs, self.p5)
            if gain_draw == gain_stand:  # nothing at stake: play the usual table
                total = obs.total("banker")
                draw = total is not None and table_draws(total)
            else:
                draw = gain_draw > gain_stand
        return _DRAW["banker"] if draw else _STAND["banker"]


def stakes_ratio(obs: Observation) -> tuple[int, int]:
    """The coup's stakes on the right and the left, in lowest terms (none: 1:1)."""
    right, left = obs.stakes["right"], obs.stakes["left"]
    if right <= 0 and left <= 0:
        return (1, 1)
    g = math.gcd(right, left)
    return (right // g, left // g)


def side_move(obs: Observation, side: Side) -> Move:
    """What a side did as everyone sees it: showed a natural, drew (its third card's
    value) or stood (``None``; also before it moves)."""
    if side in obs.settled:
        return NATURAL_SHOWN
    cards = obs.hands[side]
    if len(cards) > 2 and cards[2] is not None:
        return card_value(cards[2])
    return None


def _pair(cards: tuple[str | None, ...]) -> tuple[int, int] | None:
    """A hand's first two cards as values, the smaller first (``None``: not seen)."""
    if len(cards) < 2 or cards[0] is None or cards[1] is None:
        return None
    return pair_of(card_value(cards[0]), card_value(cards[1]))


def computer_table(
    game: Game,
    names: Iterable[str],
    styles: Iterable[str] = ("cautious", "bold"),
    **options: object,
) -> dict[str, ComputerPlayer]:
    """Computer players for ``names``, temperaments in turn, each with its rng."""
    style_list = list(styles)
    return {
        name: ComputerPlayer(
            name,
            style_list[i % len(style_list)],
            game.rng_for(f"seat:{name}"),
            **options,  # type: ignore[arg-type]
        )
        for i, name in enumerate(names)
    }


def play_step(game: Game, players: dict[str, ComputerPlayer]) -> bool:
    """Let the computer whose turn it is act once; False when a human must act."""
    who = game.next_actor()
    player = players.get(who)
    if player is None:
        return False
    game.apply(player.decide(game.observe(who)))
    return True
