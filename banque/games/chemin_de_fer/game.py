"""Chemin de fer (the Pocket Book text, 003): the bank moves round the table.

- Six packs by default; two hands, the punters' and the banker's, dealt
  player, banker, player, banker.  A natural (a two-card 8 or 9) in either
  hand ends the coup at once.
- The first banker is drawn by lot (the game's seeded generator), or, as a
  table option (``first_bank="auction"``), by auction: each player in turn
  (the participants' order) bids a bank (act ``bid``) or passes, once; the
  highest bid holds the bank with that fund (equal bids: the first in turn);
  if nobody bids, the lot decides.  The banker announces any bank (act
  ``bid``) or passes it on (``pass``).
  Whenever the banker loses a coup the bank passes to the next player (to
  the left, the next name in the participants' order, by default; to the
  right, the previous name, as in France: ``rotation``), and what is left of
  the fund goes back to the banker.  A winning bank holds its winnings; the
  banker may pass the bank between coups (``pass`` before anyone bets).
- The cards are not reshuffled when the bank changes hands, only when fewer
  than six are left.
- Betting in rotation from the banker's left: each in turn takes any part
  of what remains of the bank (``wager``), or calls ``banco`` (the whole
  bank: any parts taken before are handed back), or passes.  After a banco
  "the players in turn have the right then to banco instead": each player
  still to speak, in turn, may call banco in the caller's place (the caller's
  stake handed back) or pass; the last banco stands (``banco_instead``, every
  new game's rule; a record without it, made before, lets the first banco
  stand and end the betting, and replays as it did).  Banco suivi: a
  banco caller who lost has the first turn at the next coup.  If nobody
  takes any part, the bank passes on.
- The punter who made the largest bet (the first in turn order among equal
  bets) plays the hand and is bound: draw at 0-4, stand at 6-7, choose at 5
  (acts ``draw`` / ``stand`` with side ``punter``).  The banker chooses
  freely (side ``banker``); :meth:`CheminGame.advice` gives the exact
  expected gain of each choice, as in banque.
- Settlement: the banker pays each punter's stake even money from the bank
  and collects the losers'; a tie stands off.

Hidden information: each hand's first two cards are seen by its holder
alone (the punters' hand by the punter who plays it) until the coup ends.

>>> g = CheminGame(["Ana", "Bruno", "Chloé"], seed=1, shoe=["9C", "7H", "KS", "KD"])
>>> g.banker, g.order  # by lot
('Ana', [])
>>> _ = g.bid("Ana", 20); g.order  # betting from the banker's left
['Bruno', 'Chloé']
>>> _ = g.wager("Bruno", 5); _ = g.banco("Chloé"); g.stakes  # Bruno's part handed back
{'Chloé': 20}
>>> _ = g.deal()  # punter 9+K, a natural: Chloé wins, the bank passes to the left
>>> g.coups[-1].result, g.balances["Chloé"], g.banker, g.phase
('player', 120, 'Bruno', 'bank')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any, Literal

from pydantic import BaseModel

from ...core.cards import RANK_VALUE
from ...core.errors import IllegalAction
from ...core.messages import N_, Card, Cards, Msg, Nn_, chips
from ...core.models import Banco, Bid, Deal, Draw, Pass, Record, Retire, Stand, Wager
from ...core.one_side import advise_one_side
from ...core.rng import Stream
from ...text import quoted
from ..banque.game import START_CHIPS
from ..two_hands import (
    Event,
    Hands,
    Standing,
    TwoHandCoup,
    TwoHandGame,
    game_over,
    points,
    result_of,
    standings,
    validate_names,
)
from .drawing import punter_bound

__all__ = ["DEFAULT_PACKS", "CheminGame", "CheminReport", "CheminView", "new_game"]

DEFAULT_PACKS = 6
MIN_PLAYERS = 2
MAX_PLAYERS = 11
Phase = Literal["auction", "bank", "betting", "punter", "banker", "ended"]
FirstBank = Literal["lot", "auction"]


class CheminHand(BaseModel):
    """A hand as one seat sees it: ``None`` is a face-down card."""

    cards: list[str | None]
    total: int | None


class CheminView(BaseModel):
    """The table as one seat (or the public, ``seat=None``) may see it."""

    format: str = "banque-view/1"
    #: Chemin de fer, or the Las Vegas game with a players' bank (punto banco's option).
    game: Literal["chemin-de-fer", "punto-banco"] = "chemin-de-fer"
    seat: str | None
    phase: str
    banker: str | None
    fund: int
    balances: dict[str, int]
    #: The turn order of this coup's betting (from the banker's left, banco suivi first).
    order: list[str]
    stakes: dict[str, int]
    banco: str | None
    hand_player: str | None
    hands: dict[str, CheminHand]
    cards_left: int
    coups: list[TwoHandCoup]
    to_act: list[str]
    acts: list[str]
    prompt: str
    #: How the first banker was chosen, and the auction's bids so far (said aloud).
    first_bank: str = "lot"
    bids: dict[str, int] = {}


class CheminReport(BaseModel):
    """The state reached, with every card (``banque replay --json``)."""

    format: str = "banque-state/1"
    game: Literal["chemin-de-fer", "punto-banco"] = "chemin-de-fer"
    participants: list[str]
    packs: int
    rotation: str
    phase: str
    banker: str | None
    fund: int
    balances: dict[str, int]
    stakes: dict[str, int]
    banco: str | None
    hand_player: str | None
    hands: Hands
    cards_left: int
    coups: list[TwoHandCoup]
    #: Each bank: who held it, the bank announced, coups played, how it ended.
    banks: list[dict[str, object]]
    to_act: list[str]
    acts: list[str]
    prompt: str
    first_bank: str = "lot"
    bids: dict[str, int] = {}


class CheminGame(TwoHandGame):
    """A game of chemin de fer: coup after coup, the bank going round, until ``retire``."""

    game = "chemin-de-fer"
    #: The game's name in words (a proper name, the same in every language).
    title = "Chemin de fer"
    #: The game's name as its table's title says it (a message id).
    title_words = N_("Chemin de fer")
    fresh_shoe = Nn_(
        "A fresh shoe: {cards} cards ({n} pack).", "A fresh shoe: {cards} cards ({n} packs)."
    )

    def record_fields(self) -> dict[str, Any]:
        return {
            **super().record_fields(),
            "forced_moves": self.forced_moves,
            "rotation": self.rotation,
            "first_bank": self.first_bank,
            "banco_instead": self.banco_instead,
        }

    def __init__(
        self,
        participants: Sequence[str],
        seed: int = 0,
        shoe: Iterable[str] = (),
        *,
        packs: int = DEFAULT_PACKS,
        rotation: Literal["left", "right"] = "left",
        forced_moves: Literal["automatic", "announced"] = "automatic",
        first_bank: FirstBank = "lot",
        banco_instead: bool = False,
        record: bool = True,
        keep_log: bool = True,
        stream: Stream | None = None,
    ) -> None:
        self.participants = validate_names(participants, MIN_PLAYERS, MAX_PLAYERS, self.title)
        if rotation not in ("left", "right"):
            raise IllegalAction(Msg(N_("The bank passes to the left or to the right.")), "rotation")
        self.rotation = rotation
        if forced_moves not in ("automatic", "announced"):
            raise IllegalAction(Msg(N_("Forced moves are automatic or announced.")), "forced_moves")
        #: ``automatic``: the punter's forced moves at once (everyone sees who holds 5);
        #: ``announced``: the punter states every move, forced or not (nothing shows).
        self.forced_moves = forced_moves
        #: After a banco, the players still to speak may banco instead (the Pocket
        #: Book); ``False``: the first banco stands (records made before).
        self.banco_instead = bool(banco_instead)
        self._start(seed, packs, shoe, record, keep_log, stream)
        self.banks: list[dict[str, object]] = []
        self.fund = 0
        self.stakes: dict[str, int] = {}
        self.banco_caller: str | None = None
        self.suivi: str | None = None  # banco suivi: first to speak next coup
        self.order: list[str] = []
        self.next_bettor = 0
        self.hand_player: str | None = None
        self.hands: dict[str, list[str]] = {"player": [], "banker": []}
        self.moves: dict[str, str] = {}
        self.declined: list[str] = []
        if first_bank not in ("lot", "auction"):
            raise IllegalAction(Msg(N_("The first bank goes by lot or by auction.")), "first_bank")
        self.first_bank: FirstBank = first_bank
        #: The first bank's auction: each bid, and who has spoken (in turn).
        self.bids: dict[str, int] = {}
        self.spoken: list[str] = []
        self._boot: list[Event] = []
        self.banker: str | None = None
        self.phase: Phase = "auction"
        self.ended_by = ""
        #: Why the game ended, as a message (``ended_by`` is its English text).
        self.ended_msg: Msg | None = None
        if first_bank == "auction":
            self._event(
                "auction",
                Msg(
                    N_("The first bank goes to auction: each player in turn bids a bank or passes.")
                ),
                self._boot,
            )
        else:
            self.banker = self.rng.choice(self.participants)
            self.phase = "bank"
            self._event("lot", Msg(N_("{who} draws the bank by lot."), who=self.banker), self._boot)

    # ------------------------------------------------------------------ state

    def staked(self) -> int:
        return sum(self.stakes.values())

    def total_chips(self) -> int:
        """Balances + the fund + the stakes: 100 a participant, always."""
        return sum(self.balances.values()) + self.fund + self.staked()

    @property
    def bank_number(self) -> int:
        """The banks held so far (the one being announced counts from its announcement)."""
        return max(1, len(self.banks))

    def neighbour(self, who: str, step: int = 1) -> str:
        """The player ``step`` places round the table in the bank's rotation."""
        i = self.participants.index(who)
        d = 1 if self.rotation == "left" else -1
        return self.participants[(i + d * step) % len(self.participants)]

    def _turn_order(self) -> list[str]:
        assert self.banker is not None
        n = len(self.participants)
        order = [self.neighbour(self.banker, k) for k in range(1, n)]
        order = [p for p in order if self.balances[p] > 0]
        if self.suivi in order:
            order.remove(self.suivi)
            order.insert(0, self.suivi)
        return order

    @property
    def remaining(self) -> int:
        """What is left of the bank for the next bettor."""
        return 0 if self.banco_caller else self.fund - self.staked()

    def _betting_closed(self) -> bool:
        if self.banco_caller is not None and not self.banco_instead:
            return True
        return (self.banco_caller is None and self.remaining <= 0) or self.next_bettor >= len(
            self.order
        )

    def _skip_to_banco_takers(self) -> None:
        """After a banco, only a player who can take the whole bank may still speak:
        the turn moves past those who cannot."""
        while self.next_bettor < len(self.order) and (
            self.balances[self.order[self.next_bettor]] < self.fund
        ):
            self.next_bettor += 1

    def to_act(self) -> tuple[list[str], tuple[str, ...]]:
        """Who may act now, and which acts."""
        p = self.phase
        banker = self.banker
        if p == "auction":
            return [self.participants[len(self.spoken)]], ("bid", "pass")
        if p == "bank":
            assert banker is not None
            return [banker], ("bid", "pass")
        if p == "betting":
            assert banker is not None
            if not self._betting_closed():
                who = self.order[self.next_bettor]
                acts = [] if self.banco_caller else ["wager"]
                if self.balances[who] >= self.fund:
                    acts.append("banco")
                acts.append("pass")
                if self.next_bettor == 0 and not self.stakes:
                    return [who, banker], (*acts, "retire")
                return [who], tuple(acts)
            if self.stakes:
                return [banker], ("deal",)
            return [banker], ("pass",)
        if p == "punter":
            assert self.hand_player is not None
            return [self.hand_player], ("draw", "stand")
        if p == "banker":
            assert banker is not None
            return [banker], ("draw", "stand")
        return [], ()

    @property
    def prompt(self) -> str:
        """What the table waits for, in English (:attr:`prompt_msg` is its message)."""
        return str(self.prompt_msg)

    @property
    def prompt_msg(self) -> Msg:
        """What the table waits for, as a message (told in the player's language)."""
        p = self.phase
        if p == "ended":
            return Msg(N_("The game is over."))
        if p == "auction":
            who = self.participants[len(self.spoken)]
            top = max(self.bids.values(), default=0)
            if top:
                return Msg(
                    N_(
                        "{who}: bid a bank for the first bank (up to {most}; the highest bid "
                        "is {top}) or pass."
                    ),
                    who=who,
                    most=self.balances[who],
                    top=top,
                )
            return Msg(
                N_("{who}: bid a bank for the first bank (up to {most}) or pass."),
                who=who,
                most=self.balances[who],
            )
        if p == "bank":
            return Msg(
                N_("{who}: announce a bank (up to {most}) or pass it on."),
                who=self.banker,
                most=self.balances[self.banker or ""],
            )
        if p == "betting":
            if not self._betting_closed():
                who = self.order[self.next_bettor]
                if self.banco_caller:
                    return Msg(
                        N_("{caller} has called banco: {who} may banco instead ({fund}) or pass."),
                        caller=self.banco_caller,
                        who=who,
                        fund=self.fund,
                    )
                return Msg(
                    N_(
                        "{who}: take any part of the {left} left in the bank, banco ({fund}) or pass."
                    ),
                    who=who,
                    left=self.remaining,
                    fund=self.fund,
                )
            if self.stakes:
                return Msg(N_("{who}: deal the coup."), who=self.banker)
            return Msg(N_("Nobody bets."))
        if p == "punter":
            if self.forced_moves == "announced":
                return Msg(N_("{who} (the punters' hand): draw or stand."), who=self.hand_player)
            return Msg(N_("{who} holds 5: draw or stand."), who=self.hand_player)
        return Msg(N_("{who} (banker): draw or stand."), who=self.banker)

    # ------------------------------------------------------------------ the bank

    def verify_bid(self, who: str, amount: int) -> None:
        self._who(who)
        if self.phase == "auction":
            self._check_bidder(who)
        elif self.phase != "bank":
            raise IllegalAction(
                Msg(N_("No bank is being announced now. {prompt}"), prompt=self.prompt_msg),
                "phase",
            )
        elif who != self.banker:
            raise IllegalAction(
                Msg(N_("It is {who}'s turn to hold the bank."), who=self.banker), "turn"
            )
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise IllegalAction(Msg(N_("A bank is a whole number of chips, 1 or more.")), "amount")
        if amount > self.balances[who]:
            raise IllegalAction(
                Msg(
                    N_("{who} has {chips}: a bank of {amount} is beyond them."),
                    who=who,
                    chips=chips(self.balances[who]),
                    amount=amount,
                ),
                "balance",
            )

    def _check_bidder(self, who: str) -> None:
        """The auction's turn: each player speaks once, in the participants' order."""
        turn = self.participants[len(self.spoken)]
        if who != turn:
            if who in self.spoken:
                raise IllegalAction(
                    Msg(
                        N_("{who} has already bid {amount} in this auction: one offer each."),
                        who=who,
                        amount=self.bids[who],
                    )
                    if who in self.bids
                    else Msg(
                        N_("{who} has already passed in this auction: one offer each."), who=who
                    ),
                    "auction",
                )
            raise IllegalAction(
                Msg(N_("The auction goes in turn: it is {who}'s turn."), who=turn), "turn"
            )

    def bid(self, who: str, amount: int) -> list[Event]:
        """The banker announces a bank of ``amount`` chips (the auction: a player bids it)."""
        self.verify_bid(who, amount)
        self._remember(lambda: Bid.model_construct(act="bid", who=who, amount=amount))
        if self.phase == "auction":
            self.bids[who] = amount
            self.spoken.append(who)
            out: list[Event] = []
            self._event(
                "bid", Msg(N_("{who} bids a bank of {amount}."), who=who, amount=amount), out
            )
            self._after_auction_speech(out)
            return out
        return self._hold_bank(who, amount)

    def _after_auction_speech(self, out: list[Event]) -> None:
        """Everyone has spoken: the highest bid holds the bank (the first in turn among
        equal bids); if nobody bid, the lot chooses the banker, who announces a bank."""
        if len(self.spoken) < len(self.participants):
            return
        if self.bids:
            top = max(self.bids.values())
            winner = next(p for p in self.participants if self.bids.get(p) == top)
            self.banker = winner
            self._event(
                "auction",
                Msg(
                    N_("{who} bids highest ({amount}) and holds the bank."), who=winner, amount=top
                ),
                out,
            )
            out.extend(self._hold_bank(winner, top))
            return
        self.banker = self.rng.choice(self.participants)
        self.phase = "bank"
        self._event(
            "lot", Msg(N_("Nobody bids: {who} draws the bank by lot."), who=self.banker), out
        )

    def _hold_bank(self, who: str, amount: int) -> list[Event]:
        self.balances[who] -= amount
        self.fund = amount
        self.declined = []
        self.banks.append(
            {"number": len(self.banks) + 1, "banker": who, "bank": amount, "coups": 0}
        )
        out: list[Event] = []
        self._event(
            "bank",
            Msg(N_("{who} holds the bank: {chips}."), who=who, chips=chips(amount)),
            out,
        )
        self._open_betting()
        return out

    def _open_betting(self) -> None:
        self.phase = "betting"
        self.stakes = {}
        self.banco_caller = None
        self.order = self._turn_order()
        self.next_bettor = 0

    def _pass_bank(self, out: list[Event], why: str) -> None:
        """The bank goes to the next player with chips; the fund back to its banker."""
        assert self.banker is not None
        old = self.banker
        self.balances[old] += self.fund
        if self.fund and self.banks:
            self.banks[-1]["ended"] = why
        self.fund = 0
        self.stakes = {}
        self.phase = "bank"
        if sum(1 for b in self.balances.values() if b > 0) < 2:
            self.banker = None
            self.phase = "ended"
            self._end(Msg(N_("Fewer than two players have chips left: the game ends.")), out)
            return
        for k in range(1, len(self.participants) + 1):
            nxt = self.neighbour(old, k)
            if self.balances[nxt] > 0 and nxt not in self.declined:
                self.banker = nxt
                self._event("bank", Msg(N_("The bank passes to {who}."), who=nxt), out)
                return
        self.banker = None
        self.phase = "ended"
        self._end(Msg(N_("Nobody takes the bank: the game ends.")), out)

    def _end(self, why: Msg, out: list[Event]) -> None:
        self.ended_msg = why
        self.ended_by = str(why)
        self._event("end", why, out)

    def _banker_may_pass(self, who: str) -> bool:
        """The banker passes the bank on: when announcing it, or between coups."""
        if who != self.banker:
            return False
        return self.phase == "bank" or (
            self.phase == "betting" and self.next_bettor == 0 and not self.stakes
        )

    def verify_pass(self, who: str) -> None:
        self._who(who)
        if self.phase == "auction":
            return self._check_bidder(who)
        if self._banker_may_pass(who):
            return
        if self.phase == "betting" and who == self.banker:
            raise IllegalAction(
                Msg(N_("The betting has begun: the banker may pass the bank after the coup.")),
                "turn",
            )
        self._check_bettor(who)

    def pass_(self, who: str) -> list[Event]:
        """Pass: the banker passes the bank on; a punter in turn bets nothing."""
        self.verify_pass(who)
        self._remember(lambda: Pass.model_construct(act="pass", who=who))
        out: list[Event] = []
        if self.phase == "auction":
            self.spoken.append(who)
            self._event("pass", Msg(N_("{who} passes."), who=who), out)
            self._after_auction_speech(out)
            return out
        if who == self.banker:
            if self.phase == "bank":
                self.declined.append(who)
            self._event("pass", Msg(N_("{who} passes the bank."), who=who), out)
            self._pass_bank(out, "passed")
            return out
        self.next_bettor += 1
        if self.banco_caller:
            self._skip_to_banco_takers()
        self._event("pass", Msg(N_("{who} passes."), who=who), out)
        self._after_bet(out)
        return out

    def _after_bet(self, out: list[Event]) -> None:
        if self._betting_closed() and not self.stakes:
            self._event("pass", Msg(N_("Nobody takes any part of the bank.")), out)
            self._pass_bank(out, "nobody bet")

    # ------------------------------------------------------------------ betting

    def _check_bettor(self, who: str) -> None:
        self._who(who)
        if self.phase != "betting" or self._betting_closed():
            raise IllegalAction(
                Msg(N_("No bets are taken now. {prompt}"), prompt=self.prompt_msg), "phase"
            )
        if who == self.banker:
            raise IllegalAction(
                Msg(N_("{who} holds the bank: the banker does not bet against it."), who=who),
                "turn",
            )
        if self.order[self.next_bettor] != who:
            raise IllegalAction(
                Msg(
                    N_("Betting goes in rotation: it is {who}'s turn."),
                    who=self.order[self.next_bettor],
                ),
                "turn",
            )

    def verify_wager(self, who: str, amount: int) -> None:
        self._check_bettor(who)
        if self.banco_caller:
            raise IllegalAction(
                Msg(
                    N_(
                        "{caller} has called banco: the whole bank is taken; {who} may banco "
                        "instead or pass."
                    ),
                    caller=self.banco_caller,
                    who=who,
                ),
                "cover",
            )
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise IllegalAction(Msg(N_("A stake is a whole number of chips, 1 or more.")), "amount")
        if amount > self.remaining:
            raise IllegalAction(
                Msg(
                    N_("Only {left} of the bank remains: {who} may take up to that."),
                    left=self.remaining,
                    who=who,
                ),
                "cover",
            )
        if amount > self.balances[who]:
            raise IllegalAction(
                Msg(
                    N_("{who} has {chips}: a stake of {amount} is beyond them."),
                    who=who,
                    chips=chips(self.balances[who]),
                    amount=amount,
                ),
                "balance",
            )

    def wager(self, who: str, amount: int, *extra: object) -> list[Event]:
        """Take ``amount`` of what remains of the bank."""
        if any(extra):
            raise IllegalAction(
                Msg(N_("Chemin de fer has one punters' hand: no à cheval, riding or side.")), "act"
            )
        self.verify_wager(who, amount)
        self._remember(lambda: Wager.model_construct(act="wager", who=who, amount=amount))
        self.balances[who] -= amount
        self.stakes[who] = amount
        self.next_bettor += 1
        out: list[Event] = []
        self._event(
            "wager", Msg(N_("{who} takes {amount} of the bank."), who=who, amount=amount), out
        )
        self._after_bet(out)
        return out

    def verify_banco(self, who: str) -> None:
        self._check_bettor(who)
        if self.balances[who] < self.fund:
            raise IllegalAction(
                Msg(
                    N_("Banco takes the whole bank ({fund}): {who} has {balance}."),
                    fund=self.fund,
                    who=who,
                    balance=self.balances[who],
                ),
                "balance",
            )

    def banco(self, who: str, *extra: object) -> list[Event]:
        """Take the whole bank; parts taken before are handed back; the betting ends."""
        if any(e is not None for e in extra):
            raise IllegalAction(
                Msg(N_("Chemin de fer's banco takes the whole bank, on one hand.")), "act"
            )
        self.verify_banco(who)
        self._remember(lambda: Banco.model_construct(act="banco", who=who))
        for other, amount in self.stakes.items():
            self.balances[other] += amount
        self.balances[who] -= self.fund
        self.stakes = {who: self.fund}
        instead = self.banco_caller
        self.banco_caller = who
        out: list[Event] = []
        if instead:
            self._event(
                "banco",
                Msg(
                    N_("{who}: banco instead of {other}! ({chips}, the whole bank)"),
                    who=who,
                    other=instead,
                    chips=chips(self.fund),
                ),
                out,
            )
        else:
            self._event(
                "banco",
                Msg(N_("{who}: banco! ({chips}, the whole bank)"), who=who, chips=chips(self.fund)),
                out,
            )
        if self.banco_instead:
            self.next_bettor += 1
            self._skip_to_banco_takers()
        return out

    # ------------------------------------------------------------------ the coup

    def verify_deal(self) -> None:
        if self.phase != "betting" or not self._betting_closed() or not self.stakes:
            raise IllegalAction(
                Msg(N_("The coup cannot be dealt now. {prompt}"), prompt=self.prompt_msg), "phase"
            )

    def deal(self) -> list[Event]:
        self.verify_deal()
        self._remember(lambda: Deal.model_construct(act="deal"))
        out: list[Event] = []
        player, banker = self._deal_hands(out)
        self.hands = {"player": player, "banker": banker}
        best = max(self.stakes.values())
        self.hand_player = next(p for p in self.order if self.stakes.get(p) == best)
        self.moves = {}
        self._event(
            "deal",
            Msg(
                N_("Coup {coup}: {who} plays the hand against {banker}'s bank ({staked} staked)."),
                coup=len(self.coups) + 1,
                who=self.hand_player,
                banker=self.banker,
                staked=self.staked(),
            ),
            out,
        )
        if points(player) >= 8 or points(banker) >= 8:
            self.moves = {
                h: ("natural" if points(self.hands[h]) >= 8 else "stand")
                for h in ("player", "banker")
            }
            self._settle(out, natural=True)
            return out
        self.phase = "punter"
        self._punter_forced(out)
        return out

    def _punter_forced(self, out: list[Event]) -> None:
        if self.forced_moves == "announced":
            return  # the punter states the move, forced or not
        bound = punter_bound(points(self.hands["player"]))
        if bound is True:
            self._draw("player", out)
        elif bound is False:
            self._stand("player", out)

    def _draw(self, hand: str, out: list[Event]) -> None:
        card = self.shoe.draw()
        self.hands[hand].append(card)
        self.moves[hand] = "draw"
        who = self.hand_player if hand == "player" else self.banker
        self._event("draw", Msg(N_("{who} draws: {card}."), who=who, card=Card(card)), out)
        self._next(hand, out)

    def _stand(self, hand: str, out: list[Event]) -> None:
        self.moves[hand] = "stand"
        who = self.hand_player if hand == "player" else self.banker
        self._event("stand", Msg(N_("{who} stands."), who=who), out)
        self._next(hand, out)

    def _next(self, hand: str, out: list[Event]) -> None:
        if hand == "player":
            self.phase = "banker"
        else:
            self._settle(out, natural=False)

    def verify_move(self, side: str, draw: bool) -> None:
        if side not in ("punter", "banker"):
            raise IllegalAction(
                Msg(
                    N_("{side} is not a hand of chemin de fer: say punter or banker."),
                    side=quoted(side),
                ),
                "side",
            )
        if self.phase not in ("punter", "banker"):
            raise IllegalAction(
                Msg(N_("Nobody draws now. {prompt}"), prompt=self.prompt_msg), "phase"
            )
        if side != self.phase:
            raise IllegalAction(
                Msg(
                    N_("It is {who}'s move (punter's hand). {prompt}"),
                    who=self.hand_player,
                    prompt=self.prompt_msg,
                )
                if self.phase == "punter"
                else Msg(
                    N_("It is {who}'s move (banker's hand). {prompt}"),
                    who=self.banker,
                    prompt=self.prompt_msg,
                ),
                "turn",
            )
        if side == "punter":  # announced moves: the punter is bound but at 5
            t = points(self.hands["player"])
            if t <= 4 and not draw:
                raise IllegalAction(
                    Msg(
                        N_("{who} holds {total}: the punter is bound to draw at 0-4."),
                        who=self.hand_player,
                        total=t,
                    ),
                    "forced",
                )
            if t >= 6 and draw:
                raise IllegalAction(
                    Msg(
                        N_("{who} holds {total}: the punter is bound to stand at 6-7."),
                        who=self.hand_player,
                        total=t,
                    ),
                    "forced",
                )

    def draw(self, side: str) -> list[Event]:
        self.verify_move(side, True)
        self._remember(lambda: Draw.model_construct(act="draw", side=side))
        out: list[Event] = []
        self._draw("player" if side == "punter" else "banker", out)
        return out

    def stand(self, side: str) -> list[Event]:
        self.verify_move(side, False)
        self._remember(lambda: Stand.model_construct(act="stand", side=side))
        out: list[Event] = []
        self._stand("player" if side == "punter" else "banker", out)
        return out

    def _settle(self, out: list[Event], natural: bool) -> None:
        assert self.banker is not None and self.hand_player is not None
        pt, bt = points(self.hands["player"]), points(self.hands["banker"])
        result = result_of(pt, bt)
        before = self.fund
        lines: list[dict[str, object]] = []
        for who in self.order:
            amount = self.stakes.get(who)
            if not amount:
                continue
            if result == "player":
                won, outcome = amount, "win"
                self.fund -= amount
                self.balances[who] += 2 * amount
            elif result == "banker":
                won, outcome = -amount, "lose"
                self.fund += amount
            else:
                won, outcome = 0, "push"
                self.balances[who] += amount
            kind = "banco" if who == self.banco_caller else "wager"
            lines.append(
                {
                    "who": who,
                    "on": "player",
                    "kind": kind,
                    "amount": amount,
                    "result": outcome,
                    "won": won,
                }
            )
        self.stakes = {}
        coup = TwoHandCoup(
            number=len(self.coups) + 1,
            hands=Hands(list(self.hands["player"]), list(self.hands["banker"])),
            totals={"player": pt, "banker": bt},
            natural=natural,
            played_by=self.hand_player,
            moves=dict(self.moves),  # type: ignore[arg-type]
            result=result,  # type: ignore[arg-type]
            bets=lines,
            bank_before=before,
            bank_after=self.fund,
            banker=self.banker,
        )
        self.coups.append(coup)
        if self.banks:
            self.banks[-1]["coups"] = int(self.banks[-1]["coups"]) + 1  # type: ignore[call-overload]
        outcome = {
            "player": Msg(N_("{who} wins"), who=self.hand_player),
            "banker": Msg(N_("{who} (banker) wins"), who=self.banker),
            "tie": Msg(N_("a tie")),
        }[result]
        self._event(
            "reveal",
            Msg(
                N_(
                    "Punter {punter} = {pt}, banker {banker} = {bt} (a natural): {outcome}. "
                    "Bank {before} → {after}."
                )
                if natural
                else N_(
                    "Punter {punter} = {pt}, banker {banker} = {bt}: {outcome}. "
                    "Bank {before} → {after}."
                ),
                punter=Cards(self.hands["player"]),
                pt=pt,
                banker=Cards(self.hands["banker"]),
                bt=bt,
                outcome=outcome,
                before=before,
                after=self.fund,
            ),
            out,
        )
        # banco suivi: a losing banco caller speaks first next coup
        self.suivi = self.banco_caller if (self.banco_caller and result == "banker") else None
        self.banco_caller = None
        self.hand_player = None
        self.moves = {}
        if result == "player":
            self._pass_bank(out, "lost a coup")
        else:
            self._open_betting()
            if not self.order:
                self._pass_bank(out, "no punter left")

    # ------------------------------------------------------------------ the end

    def verify_retire(self) -> None:
        if self.phase == "ended":
            raise IllegalAction(Msg(N_("The game is over.")), "phase")
        if self.phase in ("punter", "banker") or self.stakes:
            raise IllegalAction(
                Msg(N_("A coup is under way: finish it before the game ends.")), "retire"
            )

    def retire(self) -> list[Event]:
        """End the game between coups; a fund goes back to its banker."""
        self.verify_retire()
        self._remember(lambda: Retire.model_construct(act="retire"))
        if self.banker is not None:
            self.balances[self.banker] += self.fund
        self.fund = 0
        self.phase = "ended"
        self.ended_msg = Msg(N_("The players end the game between coups."))
        self.ended_by = str(self.ended_msg)
        out: list[Event] = []
        self._event("end", game_over(self.participants, self.balances, len(self.coups)), out)
        return out

    def standings(self) -> list[Standing]:
        """Each seat's chips and gain or loss on the 100 it started with (a fund in play
        counts for its banker), best first."""
        chips = dict(self.balances)
        if self.banker is not None:
            chips[self.banker] += self.fund
        return standings(self.participants, chips, START_CHIPS)

    @property
    def end_reason(self) -> str | None:
        """Why the game ended (``None`` while it goes on)."""
        return self.ended_by if self.phase == "ended" else None

    def apply(self, action: Any) -> list[Event]:
        """Apply one validated act of a record."""
        act = getattr(action, "act", None)
        if act == "bid":
            return self.bid(action.who, action.amount)
        if act == "pass":
            return self.pass_(action.who)
        if act == "wager":
            return self.wager(action.who, action.amount, action.a_cheval, action.ride, action.side)
        if act == "banco":
            return self.banco(action.who, action.right, action.left)
        if act == "deal":
            return self.deal()
        if act in ("draw", "stand"):
            return (self.draw if act == "draw" else self.stand)(action.side)
        if act == "retire":
            return self.retire()
        raise IllegalAction(
            Msg(
                N_(
                    "Chemin de fer has no act {act}: its acts are bid, pass, wager, banco, "
                    "deal, draw, stand and retire."
                ),
                act=quoted(act),
            ),
            "act",
        )

    # ------------------------------------------------------------------ advice and views

    def banker_seen(self) -> list[str]:
        """The cards the banker has seen in this shoe (the punters' pair not yet)."""
        seen = list(self.shoe.seen)
        if self.phase in ("punter", "banker"):
            for card in self.hands["player"][:2]:
                seen.remove(card)
        return seen

    def _unseen_values(self) -> list[int]:
        """The banker's unseen cards counted by value 0..9 (what
        :func:`banque.games.banque.advisor.unseen_values` gives, counted from the shoe's values)."""
        counts = [16 * self.packs] + [4 * self.packs] * 9
        for card in self.banker_seen():
            counts[RANK_VALUE[card[0]]] -= 1
        return counts

    def advice(self, p5: float = 0.5) -> tuple[Fraction, Fraction]:
        """At the banker's choice: its exact expected gains (draw, stand) in chips.

        The punters' concealed pair is weighed by what its holder did (bound
        at 0-4 and 6-7; at 5 drawing with probability ``p5``), over the cards
        the banker has not seen, as banque's advisor does for one side.
        """
        if self.phase != "banker":
            raise IllegalAction(
                Msg(N_("The banker is not choosing now. {prompt}"), prompt=self.prompt_msg),
                "phase",
            )
        unseen = self._unseen_values()
        third = points(self.hands["player"][2:]) if len(self.hands["player"]) > 2 else None
        return advise_one_side(
            unseen, points(self.hands["banker"]), self.staked(), third, Fraction(p5)
        )

    def _hand_for(self, hand: str, seat: str | None) -> CheminHand:
        cards = self.hands[hand]
        holder = self.hand_player if hand == "player" else self.banker
        live = self.phase in ("punter", "banker")
        if live and seat != holder:
            shown: list[str | None] = [None, None, *cards[2:]]
            return CheminHand(cards=shown, total=None)
        if not live:
            return CheminHand(cards=[], total=None)
        return CheminHand(cards=list(cards), total=points(cards))

    def view(self, seat: str | None = None) -> CheminView:
        """The table as ``seat`` sees it: a hand's first two cards to its holder alone."""
        if seat is not None:
            self._who(seat)
        actors, acts = self.to_act()
        return CheminView(
            game=self.game,
            seat=seat,
            phase=self.phase,
            banker=self.banker,
            fund=self.fund,
            balances=dict(self.balances),
            order=list(self.order),
            stakes=dict(self.stakes),
            banco=self.banco_caller,
            hand_player=self.hand_player,
            hands={h: self._hand_for(h, seat) for h in ("player", "banker")},
            cards_left=self.cards_left,
            coups=list(self.coups),
            to_act=actors,
            acts=list(acts),
            prompt=self.prompt,
            first_bank=self.first_bank,
            bids=dict(self.bids),
        )

    def report(self) -> CheminReport:
        actors, acts = self.to_act()
        live = self.phase in ("punter", "banker")
        return CheminReport(
            game=self.game,
            participants=list(self.participants),
            packs=self.packs,
            rotation=self.rotation,
            phase=self.phase,
            banker=self.banker,
            fund=self.fund,
            balances=dict(self.balances),
            stakes=dict(self.stakes),
            banco=self.banco_caller,
            hand_player=self.hand_player,
            hands=Hands(
                player=list(self.hands["player"]) if live else [],
                banker=list(self.hands["banker"]) if live else [],
            ),
            cards_left=self.cards_left,
            coups=list(self.coups),
            banks=[dict(b) for b in self.banks],
            to_act=actors,
            acts=list(acts),
            prompt=self.prompt,
            first_bank=self.first_bank,
            bids=dict(self.bids),
        )


def from_record(record: Record, **options: Any) -> CheminGame:
    """The game a record of chemin de fer starts from (before any act)."""
    forced = options.pop("forced_moves", record.forced_moves)
    return CheminGame(
        record.participants,
        record.seed,
        record.shoe,
        packs=record.packs or DEFAULT_PACKS,
        rotation=record.rotation,
        first_bank=record.first_bank,
        banco_instead=record.banco_instead,
        forced_moves=forced,
        stream=record.stream,
        **options,
    )


def new_game(
    names: Sequence[str],
    seed: int,
    *,
    stream: Stream | None = None,
    packs: int | None = None,
    forced_moves: str = "announced",
    first_bank: str = "lot",
    **_: Any,
) -> CheminGame:
    """A new game of chemin de fer (another game's options are not its own)."""
    return CheminGame(
        list(names),
        seed,
        packs=packs or DEFAULT_PACKS,
        forced_moves="automatic" if forced_moves == "automatic" else "announced",
        first_bank="auction" if first_bank == "auction" else "lot",
        banco_instead=True,
        stream=stream,
    )
