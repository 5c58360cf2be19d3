"""The table's session: one game, its seats (human or computer), what shows now.

The app never decides a rule: it turns key presses into the engine's
actions (:mod:`banque.core.models`) and shows what the engine answers.  This
module holds what the table adds around the engine, without Textual:

* the *stage* the table is in (setup steps, betting, decisions, the
  settlement being shown, the end of a bank);
* the seating draft and the shuffle plan before they are given to the engine;
* the forced steps (a participant without chips passes, a seat that cannot
  stake passes) applied by themselves and logged;
* the public :class:`Board` (a pydantic model built from ``Game.view()``) that
  the widgets draw — concealed cards are ``None`` in it unless the board is a
  seat's private one and that seat holds the hand;
* the seam for computer players: a seat is human or computer, and for a
  computer seat the session asks a :data:`ComputerPlayer` callable, which
  sees only that seat's view (:func:`computer_seats` makes them from
  :class:`banque.games.banque.players.ComputerPlayer`, each with its seat's generator, so
  a seeded game with computers replays exactly).  A computer banker also
  seats the players as the engine proposes and shuffles by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

from ..constants import SEAT_CHOICES as SEAT_CHOICES
from ..constants import SEAT_KEY_LABELS, SeatChoice
from ..constants import SEAT_KEYS as SEAT_KEYS
from ..core.errors import IllegalAction
from ..core.messages import N_, Listed, Msg, Word, joined, tell
from ..core.models import (
    Action,
    Banco,
    Bid,
    CoupSummary,
    Mover,
    Observation,
    Pass,
    Seat,
    Shuffle,
    Side,
    Wager,
)
from ..core.rng import CountingRandom as CountingRandom
from ..core.rng import StreamRandom, seat_generator
from ..games.banque.acts import SeatAct as SayAct
from ..games.banque.expert import PlanFor
from ..games.banque.game import SIDES, Event, Game
from ..games.banque.players import ComputerPlayer as Robot
from ..games.banque.players import banker_advice, fund_limit, stakes_ratio
from ..games.records import Replay
from .base import GameSession
from .board import Board, Stage, banque_board

if TYPE_CHECKING:
    pass

#: A computer player: given what its seat may know (``Game.observe(seat)``,
#: the same visibility as the seat's view), it returns the act it chooses —
#: for instance ``banque.games.banque.players.ComputerPlayer.decide``.
ComputerPlayer = Callable[[Observation], Action]
SeatKind = Literal["human", "computer"]
#: A computer's temperament (:data:`banque.games.banque.players.STYLES`).
Temperament = Literal["cautious", "bold", "expert"]


DEFAULT_STAKE = 5
DEFAULT_BID = 20

MOVERS: tuple[Mover, Mover, Mover] = ("right", "left", "banker")
#: The stages in which a computer seat may be the one to act.
COMPUTER_STAGES = ("auction", "seating", "shuffle", "betting", "dealing", "decision", "offer")


def computer_seats(
    game: Game, choices: Mapping[str, SeatChoice], p5: float = 0.5
) -> dict[str, ComputerPlayer]:
    """A computer player for each seat chosen as one, with the seat's own generator.

    Each draws its randomness from a generator seeded like
    ``game.rng_for(f"seat:{name}")``, derived from the game's seed alone: the
    same seeded game with the same seats plays the same way, and its record
    replays it exactly (:func:`banque.core.rng.seat_generator`).
    """

    seated = {n: c for n, c in choices.items() if c != "human" and n in game.participants}
    # One plan maker for the table's experts: each ratio solved once, in its thread.
    plans = expert_plan_for(game) if "expert" in seated.values() else None
    return {
        name: Robot(
            name,
            choice,
            seat_rng(game, f"seat:{name}"),
            p5=p5,
            plan_for=plans if choice == "expert" else None,
        ).decide
        for name, choice in seated.items()
    }


def expert_plan_for(game: Game) -> PlanFor:
    """What an expert seat of ``game`` plays: the study's solution for its shoe's packs
    and natural rule, by the coup's stakes ratio (solved once a ratio, then kept), made
    ahead in a thread once the session starts it (:class:`~.plans.ExpertPlans`)."""
    # deferred: start-up (the study's solvers, ~35 ms: only a table with an expert needs them)
    from .plans import ExpertPlans

    return ExpertPlans(game.packs, game.house.naturals)


def seat_rng(game: Game, purpose: str) -> CountingRandom | StreamRandom:
    """A computer seat's generator (``purpose``: ``seat:NAME``, ``stand-in:NAME``), which
    tells how far it has drawn: the journal keeps it, a resumed game goes on from there."""
    return seat_generator(game.seed, game.stream, purpose)


def _seat_rng(player: ComputerPlayer) -> CountingRandom | StreamRandom | None:
    rng = getattr(getattr(player, "__self__", None), "rng", None)
    return rng if isinstance(rng, (CountingRandom, StreamRandom)) else None


class Session(GameSession):
    """A game of banque at the table and what the table adds around it: the one
    session's machinery (:class:`~banque.session.base.GameSession`) with banque's
    stages (the seating, the shuffle, the settlement read, a fresh bank)."""

    def __init__(
        self,
        game: Game,
        events: Sequence[Event] = (),
        *,
        computers: Mapping[str, ComputerPlayer] | None = None,
        styles: Mapping[str, Temperament] | None = None,
    ) -> None:
        computers = dict(computers or {})
        super().__init__(
            game,
            events,
            computers=computers,
            # the temperament of each computer seat, where it is known (for display)
            styles={k: v for k, v in (styles or {}).items() if k in computers},
        )
        self.settled: CoupSummary | None = None
        self.seated_bank = 0
        self.fresh = False
        self._draft: dict[Side, list[str]] | None = None
        self._draft_bank = 0
        #: classic's spectators / hoyle's standing punters in the seating being arranged.
        self._watchers: list[str] = []
        #: The side each spectator (or standing punter) backs with a stake (right by default).
        self.backs: dict[str, Side] = {}
        self.cutter: str | None = None
        self.others_shuffle = True
        # ``ready``: the seats (at a hosted table) that have read the settlement, or
        # asked for a fresh bank after a bank's end.
        # A record that stops right after a coup is settled shows the settlement.
        kinds = [ev.kind for ev in self.messages[-2:]]
        last_act = game.actions[-1].act if game.actions else None
        if (
            game.coups
            and last_act in ("deal", "draw", "stand")
            and (kinds[-1:] == ["settle"] or kinds == ["settle", "end"])
        ):
            self.settled = game.coups[-1]

    # ------------------------------------------------------------ creation

    @classmethod
    def from_replay(
        cls,
        result: Replay,
        *,
        computers: Mapping[str, ComputerPlayer] | None = None,
        styles: Mapping[str, Temperament] | None = None,
    ) -> Session:
        session = cls(result.game, result.events, computers=computers, styles=styles)
        session.notice = result.stop_notice()
        return session

    # ------------------------------------------------------------ seats

    def seat_generators(self) -> dict[str, CountingRandom | StreamRandom | None]:
        """Each computer seat's generator (its player is the ``decide`` of a
        :class:`~banque.games.banque.players.ComputerPlayer`)."""
        return {name: _seat_rng(p) for name, p in self.computers.items()}

    def game_over(self) -> bool:
        """Banque goes on bank after bank: a bank's end is not the game's."""
        return False

    def kind(self, who: str) -> SeatKind:
        return "computer" if who in self.computers else "human"

    def describe(self, who: str) -> str:
        """``Bruno (computer, bold)``: a name and, for a computer, what it is (told now)."""
        return tell(self.describe_msg(who))

    def describe_msg(self, who: str) -> Msg:
        """:meth:`describe` as a message, told where it is shown."""
        if who not in self.computers:
            return joined(who)
        style = self.styles.get(who)
        if style == "cautious":
            return Msg(N_("{who} (computer, cautious)"), who=who)
        if style == "bold":
            return Msg(N_("{who} (computer, bold)"), who=who)
        if style == "expert":
            return Msg(N_("{who} (computer, expert)"), who=who)
        return Msg(N_("{who} (computer)"), who=who)

    def seat_key(self, who: str) -> str:
        """The key of ``who``'s private view (as shown beside the name)."""
        try:
            return SEAT_KEY_LABELS[self.game.participants.index(who)]
        except (ValueError, IndexError):
            return "?"

    def seat_for_key(self, index: int) -> str | None:
        parts = self.game.participants
        return parts[index] if 0 <= index < len(parts) else None

    # ------------------------------------------------------------ stage

    def stage(self) -> Stage:
        g = self.game
        if self.settled is not None:
            return "settlement"
        if g.phase == "ended":
            if self.fresh and g.offer:  # classic: the retired bank offered at its size
                return "offer"
            return "auction" if self.fresh else "ended"
        if g.phase == "auction":
            return "auction"
        if g.phase == "betting":
            if not g.shoe_ready:
                # Seated by an act (also one replayed from a record or journal).
                seated = g.seated or self.seated_bank == g.bank_number
                return "shuffle" if seated else "seating"
            return "betting" if g.turn().max_stake is not None else "dealing"
        return "decision"

    def actor(self) -> str | None:
        """Who speaks now (the banker for seating, shuffle and the deal)."""
        g = self.game
        st = self.stage()
        if st == "auction":
            if g.phase == "auction":
                return g.turn().actors[0]
            return g.participants[0] if g.participants else None
        if st in ("seating", "shuffle", "dealing"):
            return g.banker
        if st in ("betting", "decision", "offer"):
            return g.turn().actors[0]
        return None

    def decision_side(self) -> Mover | None:
        phase = self.game.phase
        return phase if phase in MOVERS else None  # type: ignore[return-value]

    def prompt(self) -> str:
        """The engine's words for what happens now (the app's for its own steps)."""
        return tell(self.prompt_msg())

    def prompt_msg(self) -> Msg:
        """What happens now as a message (:meth:`prompt` tells it in the player's language)."""
        g = self.game
        st = self.stage()
        if st == "settlement" and self.settled is not None:
            return self.settlement_msg(self.settled)
        if st == "auction" and g.phase == "ended":
            who = self.actor()
            return Msg(
                N_(
                    "Auction for bank {bank}: {who} bids for the bank (1 to {most} chips) "
                    "or passes."
                ),
                bank=g.bank_number + 1,
                who=who,
                most=g.balances.get(who or "", 0),
            )
        if st == "seating":
            text = Msg(
                N_(
                    "{banker} holds bank {bank} with a fund of {fund}. Seat the players: each "
                    "side from the banker outward, at least one on each."
                ),
                banker=g.banker,
                bank=g.bank_number,
                fund=g.fund,
            )
            watchers = self.draft_spectators()
            if watchers:
                aside = (
                    Msg(N_("Spectators: {names}."), names=Listed(watchers))
                    if g.house.extra_bettors == "spectators"
                    else Msg(N_("Standing: {names}."), names=Listed(watchers))
                )
                return joined(text, " ", aside)
            return text
        if st == "shuffle":
            return Msg(
                N_(
                    "Shuffle and cut: the others may shuffle, {banker} shuffles last, "
                    "then a participant cuts."
                ),
                banker=g.banker,
            )
        return g.turn().prompt_msg

    def settlement_text(self, coup: CoupSummary) -> str:
        """A settled coup in words (the player's language)."""
        return tell(self.settlement_msg(coup))

    def settlement_msg(self, coup: CoupSummary) -> Msg:
        """A settled coup as a message: each side's verdict, the fund, who went unpaid."""
        verdict = {"player": N_("wins"), "banker": N_("loses"), "tie": N_("ties")}
        moved = coup.fund_after - coup.fund_before
        if moved > 0:
            fund = Msg(N_("the fund rises by {n} to {fund}"), n=moved, fund=coup.fund_after)
        elif moved < 0:
            fund = Msg(N_("the fund falls by {n} to {fund}"), n=-moved, fund=coup.fund_after)
        else:
            fund = Msg(N_("the fund stays at {fund}"), fund=coup.fund_after)
        parts: list[Msg | str] = []
        if coup.natural:
            parts.append(Msg(N_("Natural! ")))
        elif coup.natural_sides:  # classic: one side settled at once
            parts.append(Msg(N_("Natural on the {side}! "), side=Word(coup.natural_sides[0])))
        parts.append(
            Msg(
                N_("Coup {n}: right {right}, left {left}; {fund}."),
                n=coup.number,
                right=Word(verdict[coup.results["right"]]),
                left=Word(verdict[coup.results["left"]]),
                fund=fund,
            )
        )
        if coup.unpaid:  # classic, hoyle: the fund ran out before every winner was paid
            parts.append(" ")
            parts.append(
                Msg(
                    N_("Unpaid (stakes returned): {who}."),
                    who=Listed(f"{w} {n}" for w, n in coup.unpaid.items()),
                )
            )
        return joined(*parts)

    # ------------------------------------------------------------ acting

    def _event(self, kind: str, msg: Msg, code: str = "", **params: object) -> Event:
        """An event of the session's own (its words a message id, as the engine's)."""
        g = self.game
        return Event(kind, str(msg), g.bank_number, g.coup_number, code or kind, dict(params), msg)

    def perform(self, action: Action) -> list[Event]:
        """Apply one act through the engine; refusals raise ``IllegalAction``.

        A refused act leaves the game exactly as it was.  Forced steps that
        follow (passes of seats that cannot act) are applied and returned too.
        While the journal cannot be written no act is taken (the rule
        ``journal``: :meth:`journal_problem` says why).
        """
        self._guard()
        events = self.perform_raw(action)
        if self.settled is None:
            events = events + self.forced()
        return events

    def forced(self) -> list[Event]:
        """Apply the steps that leave no choice (shown in the log)."""
        out: list[Event] = []
        g = self.game
        for _step in range(4 * len(g.participants) + 4):
            st = self.stage()
            who = self.actor()
            if who is None:
                break
            if st == "auction" and g.balances.get(who, 0) == 0:
                ev = self._event(
                    "forced",
                    Msg(N_("{who} has no chips and cannot bid."), who=who),
                    "forced.no_bid",
                    who=who,
                )
                self.messages.append(ev)
                out.append(ev)
                out.extend(self._forced_pass(who))
                continue
            if st == "betting":
                turn = g.turn()
                if not turn.max_stake and not turn.can_banco:
                    why = (
                        Msg(N_("{who} has no chips left"), who=who)
                        if g.balances.get(who, 0) == 0
                        else Msg(N_("the bank is covered"))
                        if g.cover_left() <= 0
                        else Msg(N_("banco was called"))
                    )
                    ev = self._event(
                        "forced",
                        Msg(N_("{who} cannot stake ({why}) and passes."), who=who, why=why),
                        "forced.pass",
                        who=who,
                        why="no_chips"
                        if g.balances.get(who, 0) == 0
                        else "covered"
                        if g.cover_left() <= 0
                        else "banco",
                    )
                    self.messages.append(ev)
                    out.append(ev)
                    out.extend(self._forced_pass(who))
                    continue
            break
        return out

    def _forced_pass(self, who: str) -> list[Event]:
        """Pass for a seat that has no other act; the line before says why."""
        events = self.perform_raw(Pass(who=who))
        said = [ev for ev in events if ev.kind == "pass"]
        # "X cannot stake (…) and passes." / "X has no chips and cannot bid."
        # already tell it: no second "X passes." in the log.
        # They are among the last messages (just added): only the tail is looked at,
        # so that the cost does not grow with the game's length.
        if said:
            tail = len(events)
            kept = [m for m in self.messages[-tail:] if not any(m is ev for ev in said)]
            del self.messages[-tail:]
            self.messages.extend(kept)
        return [ev for ev in events if ev.kind != "pass"]

    def perform_raw(self, action: Action) -> list[Event]:
        g = self.game
        fresh = g.phase == "ended" and self.fresh and isinstance(action, Pass | Bid) and not g.offer
        events = g.apply(action)
        if g.phase != "ended":  # the offer taken, or declined by all: the fresh bank is open
            self.fresh = False
        if fresh:
            # The first word of a fresh bank's auction: the engine opens it (and
            # records the act in the order the table shows); new_bank has
            # already told the table, so its line is not said twice.
            self.fresh = False
            if events and events[0].kind == "auction":
                events = events[1:]
        if isinstance(action, Seat):  # seated by an act: the shuffle is next
            self.seated_bank = g.bank_number
            self.cutter = None
        self.sync_journal()
        if any(ev.kind == "settle" for ev in events) and g.coups:
            self.settled = g.coups[-1]
        self.messages.extend(events)
        return events

    def continue_after_settlement(self) -> list[Event]:
        """The players have seen the settlement: on to the next coup (or the end)."""
        self._guard()
        self.settled = None
        return self.forced()

    def new_bank(self) -> list[Event]:
        """After a bank's end: open the auction of a fresh bank."""
        if self.game.phase != "ended":
            raise IllegalAction(Msg(N_("The bank has not ended yet.")), "phase")
        self._guard()
        self.settled = None
        self.fresh = True
        g = self.game
        if g.offer:
            ev = self._event(
                "offer",
                Msg(
                    N_(
                        "The bank of {size} is offered at the same size in order of precedence: "
                        "first to {who}."
                    ),
                    size=g.offer_size,
                    who=g.offer[0],
                ),
            )
            self.messages.append(ev)
            return [ev]
        ev = self._event(
            "auction",
            Msg(
                N_("A fresh bank: the auction for bank {bank} opens."),
                bank=self.game.bank_number + 1,
            ),
            "auction.fresh",
            bank=self.game.bank_number + 1,
        )
        self.messages.append(ev)
        return [ev, *self.forced()]

    # ------------------------------------------------------------ seating

    def draft(self) -> dict[Side, list[str]]:
        """The seating being arranged (the engine's default to start with)."""
        g = self.game
        if self._draft is None or self._draft_bank != g.bank_number:
            self._draft = {s: list(g.sides[s]) for s in SIDES}
            self._watchers = list(g.spectators)
            self._draft_bank = g.bank_number
        return self._draft

    def draft_spectators(self) -> list[str]:
        """Those beyond the seats in the seating being arranged (classic, hoyle)."""
        self.draft()
        return self._watchers

    def draft_order(self) -> list[str]:
        d = self.draft()
        return d["left"] + d["right"] + self._watchers

    def toggle_spectator(self, who: str) -> None:
        """classic's spectator or hoyle's standing punter, or back to the shorter side."""
        d = self.draft()
        if who in self._watchers:
            self._watchers.remove(who)
            d["right" if len(d["right"]) <= len(d["left"]) else "left"].append(who)
            self._by_precedence()
            return
        for s in SIDES:
            if who in d[s]:
                # (classic: those left seated move up by precedence; two keep a seat)
                seated = len(d["right"]) + len(d["left"])
                if seated <= 2 if self.game.house.seating == "precedence" else len(d[s]) <= 1:
                    raise IllegalAction(
                        Msg(N_("Each side keeps at least one seat: {who} stays seated."), who=who),
                        "seating",
                    )
                d[s].remove(who)
                self._watchers.append(who)
                break
        self._by_precedence()

    def _by_precedence(self) -> None:
        """classic: those seated take their seats in order of precedence."""
        g = self.game
        if g.house.seating == "precedence" and self._draft is not None:
            d = self._draft
            d["right"], d["left"] = g.precedence_seats([*d["right"], *d["left"]])

    def _seats_fixed(self) -> None:
        """classic: the seats go by precedence; the banker only chooses who watches."""
        if self.game.house.seating == "precedence":
            raise IllegalAction(
                Msg(
                    N_(
                        "Under the {rules} rules the seats go by precedence: the banker "
                        "only chooses who watches (w)."
                    ),
                    rules=self.game.rules,
                ),
                "seating",
            )

    def side_backed(self, who: str) -> Side | None:
        """The side a stake of ``who`` backs if it names one (``None``: a seat's own)."""
        g = self.game
        if g.side_of(who) is not None:
            return self.backs.get(who) if g.house.seat_bets == "either" else None
        return self.backs.get(who, "right")

    def may_switch(self, who: str) -> bool:
        """Whether ``who``'s bet may back the other hand (``s``): a spectator's or a
        standing punter's, or, where the house lets seats bet on either hand, a seat's."""
        g = self.game
        return g.side_of(who) is None or g.house.seat_bets == "either"

    def bet_side(self, who: str) -> Side | None:
        """The hand a stake of ``who`` backs now (a seat's own unless switched)."""
        return self.side_backed(who) or self.game.side_of(who)

    def switch_back(self, who: str) -> None:
        other: Side = "left" if self.bet_side(who) == "right" else "right"
        if other == self.game.side_of(who):
            self.backs.pop(who, None)  # back to the seat's own hand
        else:
            self.backs[who] = other

    def move_to(self, who: str, side: Side) -> None:
        self._seats_fixed()
        d = self.draft()
        if who in self._watchers:
            self._watchers.remove(who)
        for s in SIDES:
            if who in d[s]:
                if s == side:
                    return
                d[s].remove(who)
        d[side].append(who)

    def reorder(self, who: str, delta: int) -> None:
        self._seats_fixed()
        d = self.draft()
        for s in SIDES:
            if who in d[s]:
                i = d[s].index(who)
                j = max(0, min(len(d[s]) - 1, i + delta))
                d[s].insert(j, d[s].pop(i))

    def reset_draft(self) -> None:
        self._draft = None
        self._watchers = []

    def confirm_seating(self) -> list[Event]:
        g = self.game
        self._guard()
        d = self.draft()
        watchers = list(self._watchers)
        g.verify_seat(d["right"], d["left"], watchers)
        # Accepted as proposed or changed, the seating is an act: logged and recorded alike.
        return self.perform(Seat(right=list(d["right"]), left=list(d["left"]), spectators=watchers))

    # ------------------------------------------------------------ shuffle

    def cut_by(self) -> str:
        g = self.game
        if self.cutter is None or self.cutter not in g.participants:
            return g.sides["left"][0] if g.sides["left"] else g.participants[0]
        return self.cutter

    def next_cutter(self) -> str:
        g = self.game
        choices = [p for p in g.participants if p != g.banker] or list(g.participants)
        now = self.cut_by()
        i = choices.index(now) if now in choices else -1
        self.cutter = choices[(i + 1) % len(choices)]
        return self.cutter

    def shufflers(self, others: bool | None = None) -> list[str]:
        """Who shuffles before the banker: the others (``others``, else as the table
        chose), or nobody; hoyle: the croupier alone."""
        g = self.game
        if g.house.croupier:  # hoyle: the croupier, then the players at his right and left
            return []
        others = self.others_shuffle if others is None else others
        return [p for p in g.order if p != g.banker] if others else []

    def shuffle(self) -> list[Event]:
        return self.perform(Shuffle(shufflers=self.shufflers(), cut=self.cut_by()))

    # ------------------------------------------------------------ stakes

    def last_line(self, who: str) -> tuple[int, int, str] | None:
        """``(stake, net, kind)`` of ``who`` in the last coup of this bank."""
        g = self.game
        if not g.coups:
            return None
        coup = g.coups[-1]
        for line in coup.lines:
            if line.who == who:
                return line.right + line.left, coup.payouts.get(who, 0), line.kind
        return None

    def ride(self, who: str) -> tuple[int, bool] | None:
        """Let it ride: the last coup's stake plus its winnings (à cheval kept) — offered
        only when the game would take it now (the cover and the seat's chips allow it)."""
        ride = self.game.ride_stake(who)
        if ride is None or ride[0] > self.game.max_stake(who):
            return None  # (a wager beyond the cover would be cut down to it: no ride then)
        try:
            self.game.verify_wager(who, ride[0], ride[1], ride=True)
        except IllegalAction:
            return None
        return ride

    def default_stake(self, who: str) -> int:
        """The stake offered: the seat's last ordinary stake (on one side: never a
        banco, never an à cheval total, never a ride's winnings), or 5 at first — no
        more than the seat may stake now."""
        g = self.game
        most = g.max_stake(who)
        if most <= 0:
            return 0
        stake = next(
            (
                a.amount
                for a in reversed(g.actions)
                if isinstance(a, Wager) and a.who == who and not a.a_cheval and not a.ride
            ),
            DEFAULT_STAKE,
        )
        return max(1, min(stake, most))

    def default_bid(self, who: str) -> int | None:
        """Until someone bids, the speaker is offered a bid; then passing is the default."""
        g = self.game
        if g.phase == "auction" and g.bids:
            return None
        bal = g.balances.get(who, 0)
        return min(DEFAULT_BID, bal) if bal else None

    def check_stake(self, who: str, text: str, a_cheval: bool) -> tuple[bool, str]:
        """Validate a typed stake: ``(ok, message)``; the message is the engine's, told now."""
        ok, note = self.stake_note(who, text, a_cheval)
        return ok, "" if note is None else tell(note)

    def stake_note(self, who: str, text: str, a_cheval: bool) -> tuple[bool, Msg | None]:
        """:meth:`check_stake` with its words as a message (told where it is shown)."""
        g = self.game
        text = text.strip()
        if not text:
            return False, Msg(N_("Type a stake in whole chips, or press p to pass."))
        if not text.isdigit():
            return False, Msg(N_("A stake is a whole number of chips (digits only)."))
        amount = int(text)
        try:
            g.verify_wager(who, amount, a_cheval, side=self.side_backed(who))
        except IllegalAction as exc:
            return False, exc.msg
        most = g.max_a_cheval(who) if a_cheval else g.max_stake(who)
        if amount > most:
            return True, Msg(
                N_("Only {most} can be covered: the bank will accept {most} of the {amount}."),
                most=most,
                amount=amount,
            )
        return True, None

    def wager(self, who: str, amount: int, a_cheval: bool) -> list[Event]:
        side = None if a_cheval else self.side_backed(who)
        return self.perform(Wager(who=who, amount=amount, a_cheval=a_cheval, side=side))

    def banco(self, who: str) -> list[Event]:
        """Banco; under classic the caller plays both hands, half of the fund on each."""
        g = self.game
        if g.house.banco == "both-hands":
            half = g.fund // 2
            return self.perform(Banco(who=who, right=g.fund - half, left=half))
        return self.perform(Banco(who=who))

    # ------------------------------------------------------------ computers

    def computer_to_move(self) -> str | None:
        """The computer seat that acts now, if any (a computer banker seats and shuffles)."""
        if self.stage() not in COMPUTER_STAGES:
            return None
        who = self.actor()
        return who if who in self.computers else None

    def plan_wait(self) -> str | None:
        """The expert whose move now waits on its plan, still being solved in its thread
        (the coup's stakes ratio's first then): ``None`` when the move may be played."""
        who = self.computer_to_move()
        if who is None or self.stage() != "decision":
            return None
        maker = getattr(getattr(self.computers[who], "__self__", None), "plan_for", None)
        ready = getattr(maker, "ready", None)
        obs = self.game.observe(who)
        if obs.phase in ("right", "left") and len(obs.acts) == 1:
            return None  # a forced move stated aloud: the expert plays it without its plan
        return None if ready is None or ready(stakes_ratio(obs)) else who

    def stand_in_seat(self) -> str | None:
        """The seat whose move a stand-in could make now (the one to act, in a stage a
        computer plays: a gone seat's, at a hosted table with ``--takeover``)."""
        return self.actor() if self.stage() in COMPUTER_STAGES else None

    def stand_in_move(self, who: str) -> list[Event]:
        """A gone seat's move, made by a cautious computer with its own generator (until
        the seat joins again): the seating and the shuffle as the engine has them."""
        stage = self.stage()
        if stage == "seating":
            return self.confirm_seating()
        if stage == "shuffle":
            return self.shuffle()
        player = self._stand_ins.get(who)
        if player is None:
            player = Robot(who, "cautious", seat_rng(self.game, f"stand-in:{who}")).decide
            self._stand_ins[who] = player
        return self.perform(player(self.observation(who)))

    def observation(self, who: str) -> Observation:
        """What ``who`` may know now, as its computer player is shown it.

        In a fresh bank's auction the app lets participants pass before the
        first bid (the engine only knows the bid that opens the next bank):
        the seat the app asks is then the one to act.
        """
        g = self.game
        obs = g.observe(who)
        if self.fresh and g.phase == "ended" and not obs.to_act:
            bal = obs.balance
            obs = replace(
                obs, to_act=True, acts=("bid",), max_stake=bal, max_a_cheval=bal - bal % 2
            )
        return obs

    def play_computer(self) -> list[Event]:
        """Ask the computer seat that acts now for its act, and apply it."""
        who = self.computer_to_move()
        if who is None:
            return []
        self._guard()  # before the computer draws: its numbers stay in step
        stage = self.stage()
        if stage == "seating":  # a computer banker takes the engine's seating
            return self.confirm_seating()
        if stage == "shuffle":
            return self.shuffle()
        return self.perform(self.computers[who](self.observation(who)))

    def banker_advice(self, who: str, p5: float = 0.5) -> tuple[float, float] | None:
        """The exact advisor at the banker's choice, for the banker's eyes only.

        ``(draw, stand)``: the banker's expected gain in chips for each move,
        from the banker's own observation (its concealed pair included); ``None``
        unless ``who`` is the banker and the banker is choosing now.
        """
        g = self.game
        if g.phase != "banker" or who != g.banker:
            return None

        return banker_advice(g.observe(who), p5)

    def banker_fund_limit(self, who: str) -> int | None:
        """The fund, when it limits what the losing bank pays this coup (the advisor
        counts each outcome so); ``None`` otherwise or for anyone but the banker."""
        g = self.game
        if g.phase != "banker" or who != g.banker:
            return None
        return fund_limit(g.observe(who))

    # ------------------------------------------------------------ a seat's side (the port)

    def seat_view(self, seat: str | None) -> Board:
        """The table as ``seat`` may see it (``None``: a spectator): its board."""
        return self.board(seat)

    def seat_options(self, seat: str, waiting: Sequence[str] = ()) -> dict[str, Any]:
        """What ``seat`` may do now, with the limits of its acts (its own eyes only: a
        side's legal moves tell its total). ``waiting``: the seats still to read the
        settlement (or to ask for a fresh bank) at a hosted table."""
        stage = self.stage()
        out: dict[str, Any] = {"to_act": False, "acts": []}
        if stage in ("settlement", "ended"):
            if seat in waiting:
                out["to_act"] = True
                out["acts"] = ["continue"] if stage == "settlement" else ["fresh"]
                if stage == "ended" and self.game.offer:  # classic: the bank offered next
                    out["offer"] = self.game.offer_size
            return out
        if self.actor() != seat:
            return out
        out["to_act"] = True
        g = self.game
        house = g.house
        if stage == "seating":
            out["acts"] = self.seat_acts(seat)
            out["draft"] = {s: list(v) for s, v in self.draft().items()}
            if house.extra_bettors != "none":  # classic's spectators, hoyle's standing punters
                out["extra_bettors"] = house.extra_bettors
                out["spectators"] = list(self.draft_spectators())
            if house.seating == "precedence":  # classic: only who watches is chosen
                out["precedence"] = True
            return out
        if stage == "shuffle":
            out["acts"] = self.seat_acts(seat)
            out["cut"] = self.cut_by()
            out["others_shuffle"] = self.others_shuffle
            out["cutters"] = [p for p in g.participants if p != g.banker] or list(g.participants)
            if house.croupier:  # hoyle: the croupier shuffles first; the banker chooses the cut
                out["croupier"] = True
            return out
        obs = self.observation(seat)
        acts = self.seat_acts(seat)
        out["acts"] = acts
        if stage == "auction":
            out["max_bid"] = obs.max_stake
            out["default_bid"] = self.default_bid(seat)
            if self.game.first_on_list():  # hoyle's option: the first on the list may hold it
                out["first_bank"] = True
        elif stage == "dealing":
            if "burn" in acts:
                out["max_burn"] = house.max_burn
            if "accept" in acts:
                out["accept"] = g.staked() - g.fund
            if "replenish" in acts:
                out["replenish"] = {
                    "most": min(g.bank_bid, g.balances.get(seat, 0)),
                    "minimum": g.bank_bid,
                }
        elif stage == "offer":
            out["offer"] = g.offer_size
        elif stage == "betting":
            out["max_stake"] = obs.max_stake
            out["max_a_cheval"] = obs.max_a_cheval
            out["a_cheval"] = "a_cheval" in obs.acts
            out["can_banco"] = obs.can_banco
            out["default_stake"] = self.default_stake(seat) if obs.max_stake else 0
            ride = self.ride(seat) if obs.max_stake else None
            out["ride"] = {"amount": ride[0], "a_cheval": ride[1]} if ride else None
            if self.may_switch(seat):  # a spectator, a standing punter, a classic seat
                out["backs"] = self.bet_side(seat)
            if obs.can_banco and house.banco == "both-hands":
                half = g.fund // 2
                out["banco_split"] = {
                    "rule": g.banco_rule(),
                    "rule_msg": g.banco_rule_msg().to_data(),
                    "fund": g.fund,
                    "right": g.fund - half,
                    "left": half,
                }
        elif stage == "decision":
            out["side"] = self.decision_side()
        return out

    def seat_message(self, seat: str | None, waiting: Sequence[str] = ()) -> dict[str, Any]:
        """A seat's view as a joined seat is sent it (``None``: a spectator's): its
        ``board`` (:meth:`board`, the prompt in English: the table's words are each
        joiner's), what it may do (``you``: :meth:`seat_options`), and the public facts
        beside (the bank's end, the balances, the auction under way)."""
        board = self.seat_view(seat).model_dump(mode="json")
        board["prompt"] = str(self.prompt_msg())  # English on the wire, as events' texts
        g = self.game
        ended = g.ended
        open_auction = g.phase == "auction"
        return {
            "board": board,
            "ended": ended.model_dump(mode="json")
            if ended is not None and self.stage() == "ended"
            else None,
            "balances": dict(g.balances),
            # The auction under way: who bid what, who passed (public words).
            "auction": {
                "bids": dict(g.bids) if open_auction else {},
                "spoken": list(g.spoken) if open_auction else [],
            },
            "you": self.seat_options(seat, waiting) if seat is not None else None,
        }

    def seat_acts(self, seat: str) -> list[str]:
        """What ``seat`` may do now in the game (reading a settlement, or asking for a
        fresh bank, is the table's: who has read it is the hosted table's to count)."""
        stage = self.stage()
        if stage in ("settlement", "ended") or self.actor() != seat:
            return []
        if stage == "seating":
            return ["seat", "arrange"]
        if stage == "shuffle":
            return ["shuffle"]
        acts = [a for a in self.observation(seat).acts if a != "a_cheval"]
        if stage == "auction" and "pass" not in acts and self.game.phase != "auction":
            acts.append("pass")  # a fresh bank's auction: passing before the first bid
        return acts

    def perform_for(self, seat: str, act: SayAct) -> list[Event]:
        """Play an act of ``seat`` as a seat says it (:data:`banque.games.banque.acts.SeatAct`:
        its turn, made in its own name): the record's act it is, through the game's
        ``apply``, or the table's own (the seating arranged, a settlement read)."""
        if act.reads is None and self.actor() != seat:
            raise IllegalAction(
                Msg(N_("It is {who}'s turn, not yours."), who=self.actor() or "?"), "turn"
            )
        self._own_name(seat, act)
        return act.play(self)

    def arrange(self, move: str, player: str | None) -> None:
        """The banker arranges the seating: ``player`` to a side (``left``, ``right``),
        ``up`` or ``down`` its side, out to watch or back (``watch``); ``reset``: the
        engine's seating again."""
        if move == "reset":
            self.reset_draft()
            return
        who = player or ""
        if who not in self.draft_order():
            raise IllegalAction(
                Msg(N_("{who} is not among the players being seated."), who=who[:40]), "seating"
            )
        if move == "left" or move == "right":
            self.move_to(who, move)
        elif move in ("up", "down"):
            self.reorder(who, -1 if move == "up" else 1)
        elif self.game.house.extra_bettors == "none":
            raise IllegalAction(
                Msg(
                    N_("Under the {rules} rules every player sits on a side."),
                    rules=self.game.rules,
                ),
                "seating",
            )
        else:
            self.toggle_spectator(who)

    def table_options(self, defaults: bool = True) -> dict[str, Any]:
        """The table's options under its rules, as a joining seat is told them (without
        ``defaults``: only those chosen, as the journal's ``hosted`` note keeps them)."""
        return {"options": self.game.options.model_dump(mode="json", exclude_defaults=not defaults)}

    def table_words(self) -> Msg:
        """The rules and their options in words: ``classic rules, banco divided: even``
        (never the seed: it would tell every card to come)."""
        game = self.game
        parts = [Msg(N_("{rules} rules"), rules=Word(game.rules))]
        if game.rules != "home":
            chosen = game.options
            if game.rules == "classic" and chosen.banco_split != "free":
                parts.append(Msg(N_("banco divided: {how}"), how=chosen.banco_split))
            if game.rules == "hoyle" and chosen.first_bank != "auction":
                parts.append(Msg(N_("the first bank to the first on the list")))
        # The parts told one by one, joined with commas (no words of its own to translate).
        return Msg("{parts}", parts=Listed(parts))

    # ------------------------------------------------------------ reading (a hosted table)

    def read(self, who: str, stage: str) -> None:
        """``who`` has read the settlement (``stage`` ``settlement``) or asks for a fresh
        bank (``ended``); the table goes on once every seat present has (:meth:`go_on`)."""
        if self.stage() != stage:
            raise IllegalAction(
                Msg(N_("There is no settlement to read now."))
                if stage == "settlement"
                else Msg(N_("A fresh bank opens only once a bank has ended.")),
                "phase",
            )
        self.ready.add(who)

    def waiting(self, present: Sequence[str]) -> list[str]:
        """The seats ``present`` still to read the settlement (or to ask for a fresh bank)."""
        if self.stage() not in ("settlement", "ended"):
            return []
        return [s for s in present if s not in self.ready]

    def go_on(self, present: Sequence[str]) -> list[Event] | None:
        """Every seat ``present`` has read the settlement (or asked for a fresh bank): on
        to the next coup (or the fresh bank), its events; ``None``: the table waits."""
        if self.stage() not in ("settlement", "ended") or not self.ready:
            return None
        if self.waiting(present):
            return None
        self.ready.clear()
        if self.stage() == "settlement":
            return self.continue_after_settlement()
        return self.new_bank()

    # ------------------------------------------------------------ the board

    def board(self, seat: str | None = None) -> Board:
        """The board the widgets draw, from the engine's view for ``seat``."""
        return banque_board(self, seat)

    # ------------------------------------------------------------ record

    def bank_in_play(self) -> bool:
        """A bank is under way (quitting would abandon it)."""
        g = self.game
        return g.phase != "ended" and (g.phase != "auction" or bool(g.spoken))
