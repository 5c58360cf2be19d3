"""What a game of banque stands at, and what each seat sees of it.

:class:`GameViews` is :class:`~banque.games.banque.game.Game`'s half that only reads
the state: what happens now and who may act (:meth:`~GameViews.turn`,
:meth:`~GameViews.acts_for`), and the views made for each seat (a function of the
state and the seat: :meth:`~GameViews.seen_hands`, :meth:`~GameViews.observe`,
:meth:`~GameViews.view`) and for the record (:meth:`~GameViews.report`).  A concealed
card reaches only the seat that holds it, until the reveal.  The acts and the rules
they follow are :mod:`banque.games.banque.game`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import card_value
from ...core.messages import N_, Msg, Word, chips
from ...core.models import (
    HandView,
    Mover,
    Observation,
    SeatView,
    Side,
    StakeLine,
    StateReport,
    TableView,
    Turn,
)

if TYPE_CHECKING:
    from .game import Game

__all__ = ["MOVERS", "SIDES", "GameViews"]

SIDES: tuple[Side, Side] = ("right", "left")
MOVERS: tuple[Mover, Mover, Mover] = ("right", "left", "banker")
_NO_HANDS: dict[Mover, tuple[str | None, ...]] = {"right": (), "left": (), "banker": ()}

#: A bettor's acts, by (may wager, may call banco).
_BETTOR_ACTS: dict[tuple[bool, bool], tuple[str, ...]] = {
    (True, True): ("wager", "a_cheval", "banco", "pass"),
    (True, False): ("wager", "a_cheval", "pass"),
    (False, True): ("banco", "pass"),
    (False, False): ("pass",),
}


def _turn(
    prompt: Msg,
    *,
    phase: str,
    actors: list[str],
    acts: list[str],
    side: str | None = None,
    max_stake: int | None = None,
    max_a_cheval: int | None = None,
    can_banco: bool = False,
) -> Turn:
    """What happens now, its prompt a message (``Turn.prompt`` its English words)."""
    turn = Turn.model_construct(
        phase=phase,
        actors=actors,
        acts=acts,
        side=side,
        max_stake=max_stake,
        max_a_cheval=max_a_cheval,
        can_banco=can_banco,
        prompt=str(prompt),
    )
    turn._prompt_msg = prompt
    return turn


def _as_seen(cards: list[str], mine: bool) -> tuple[str | None, ...]:
    """A hand as a seat sees it: the first two cards face down unless it holds them."""
    if mine or not cards:
        return tuple(cards)
    return (None, None, *cards[2:])


class GameViews:
    """The reading half of :class:`~banque.games.banque.game.Game` (its state is the
    game's own: every method here takes a ``Game``)."""

    # ============================================================ what now

    def turn(self: Game) -> Turn:
        """What happens now: phase, who may act, which acts, their limits, in public
        words. The acts and limits are the actors' own (:meth:`acts_for`); a side's
        decision is public here (``draw`` and ``stand``, whatever the side holds).

        Worked out once for each state (a seat's view, its prompt and its acts all ask
        it): the same object until the next act, not to be changed by its reader."""
        kept = self._turn_at
        if kept is not None and kept[0] == self._version:
            return kept[1]
        now = self._turn_now()
        self._turn_at = (self._version, now)
        return now

    def _turn_now(self: Game) -> Turn:
        """:meth:`turn`, worked out."""
        p = self.phase
        if p == "auction" and self._list_first():
            first = self.participants[0]
            _, acts, most, _ = self.acts_for(first)
            return _turn(
                Msg(
                    N_(
                        "{first}, first on the list, may hold the first bank: state its "
                        "fund (1 to {most} chips), or pass and the bank goes to auction."
                    ),
                    first=first,
                    most=self.balances[first],
                ),
                phase=p,
                actors=[first],
                acts=list(acts),
                max_stake=most,
            )
        if p == "ended" and self.offer:
            first = self.offer[0]
            return _turn(
                Msg(
                    N_("The bank of {size} is offered to {first}: take it or pass."),
                    size=chips(self.offer_size),
                    first=first,
                ),
                phase=p,
                actors=[first],
                acts=list(self.acts_for(first)[1]),
            )
        if p == "auction":
            waiting = [x for x in self.participants if x not in self.spoken]
            first = waiting[0]
            _, acts, most, _ = self.acts_for(first)
            return _turn(
                Msg(
                    N_(
                        "Auction for bank {bank}: {who} bids for the bank (1 to {most} chips) "
                        "or passes."
                    ),
                    bank=self.bank_number,
                    who=first,
                    most=self.balances[first],
                )
                if self.balances[first]
                else Msg(
                    N_("Auction for bank {bank}: {first} has no chips and passes."),
                    bank=self.bank_number,
                    first=first,
                ),
                phase=p,
                actors=waiting,
                acts=list(acts),
                max_stake=most,
            )
        if p == "betting":
            banker = self.banker or ""
            acts_banker = list(self._banker_acts())  # (the banker may deal at any time)
            if self.broken:
                return _turn(
                    Msg(
                        N_(
                            "The bank is broken: {banker} replenishes it (up to {most}) or gives it up."
                        ),
                        banker=banker,
                        most=min(self.bank_bid, self.balances[banker]),
                    ),
                    phase=p,
                    actors=[banker],
                    acts=list(self.acts_for(banker)[1]),
                )
            if self.next_bettor < len(self.order):
                who = self.order[self.next_bettor]
                _, bettor, max_s, banco = self.acts_for(who)
                if max_s and banco:
                    prompt = Msg(
                        N_(
                            "Coup {coup}, fund {fund}: {who} to wager up to {most}, "
                            "call banco ({fund}) or pass."
                        ),
                        most=max_s,
                        coup=self.coup_number,
                        fund=self.fund,
                        who=who,
                    )
                elif max_s:
                    prompt = Msg(
                        N_("Coup {coup}, fund {fund}: {who} to wager up to {most} or pass."),
                        most=max_s,
                        coup=self.coup_number,
                        fund=self.fund,
                        who=who,
                    )
                elif banco:
                    prompt = Msg(
                        N_("Coup {coup}, fund {fund}: {who} to call banco ({fund}) or pass."),
                        coup=self.coup_number,
                        fund=self.fund,
                        who=who,
                    )
                else:  # nothing to stake: say why, not "to  or pass"
                    why = (
                        Msg(N_("{who} has no chips left"), who=who)
                        if not self.balances[who]
                        else Msg(N_("the bank is covered"))
                        if self.cover_left() <= 0
                        else Msg(N_("banco was called"))
                    )
                    prompt = Msg(
                        N_("Coup {coup}, fund {fund}: {who} can only pass: {why}."),
                        why=why,
                        coup=self.coup_number,
                        fund=self.fund,
                        who=who,
                    )
                return _turn(
                    prompt,
                    phase=p,
                    actors=[who, banker],
                    acts=[*bettor, *acts_banker],
                    max_stake=max_s,
                    max_a_cheval=max_s - max_s % 2,
                    can_banco=banco,
                )
            if self.unlimited and not self.can_hold():  # hoyle: hold every stake or give up
                return _turn(
                    Msg(
                        N_(
                            "Coup {coup}: the stakes of {staked} are beyond what {banker} can "
                            "hold ({have}): {banker} gives up the bank."
                        ),
                        coup=self.coup_number,
                        banker=banker,
                        staked=chips(self.staked()),
                        have=chips(self.holding()),
                    ),
                    phase=p,
                    actors=[banker],
                    acts=list(self.acts_for(banker)[1]),
                )
            return _turn(
                Msg(
                    N_("Coup {coup}: every seat has spoken; {banker} deals or retires.")
                    if self.coups
                    else N_("Coup {coup}: every seat has spoken; {banker} deals."),
                    coup=self.coup_number,
                    banker=banker,
                ),
                phase=p,
                actors=[banker],
                acts=list(self.acts_for(banker)[1]),
            )
        if p in ("right", "left"):
            who = self.deciders[p] or ""  # type: ignore[index]
            # Public: the same acts and words whatever the side holds.
            return _turn(
                Msg(
                    N_(
                        "The {side} side ({who}) looks at its cards and says carte (draw) or non (stand)."
                    )
                    if self.forced_moves == "announced"
                    else N_("The {side} side ({who}) chooses: draw or stand."),
                    side=Word(p),
                    who=who,
                ),
                phase=p,
                actors=[who],
                acts=["draw", "stand"],
                side=p,
            )
        if p == "banker":
            return _turn(
                Msg(N_("{banker}, the banker, chooses freely: draw or stand."), banker=self.banker),
                phase=p,
                actors=[self.banker or ""],
                acts=["draw", "stand"],
                side="banker",
            )
        able = [x for x in self.participants if self.balances[x] > 0]
        return _turn(
            Msg(N_("Bank {bank} has ended. A new bid opens a fresh bank."), bank=self.bank_number),
            phase=p,
            actors=able,
            acts=["bid"],
        )

    def _banker_acts(self: Game) -> tuple[str, ...]:
        """The banker's acts between coups, under this house's rules."""
        if self.broken:
            return ("replenish", "retire")
        if self.unlimited and not self.can_hold():  # hoyle: hold every stake or give up
            return ("retire",)
        acts: tuple[str, ...] = ("deal", "retire") if self.coups else ("deal",)
        house = self.house
        if house.max_burn and not self.shoe_deals and not self.burnt:
            acts += ("burn",)
        if house.stakes_accepted and self.staked() > self.fund and self.can_accept():
            acts += ("accept",)
        return acts

    # ============================================================ views

    def next_actor(self: Game) -> str:
        """Who acts next (cheap): the first of ``turn().actors``."""
        p = self.phase
        if p == "betting":
            if self.broken:
                return self.banker or ""
            if self.next_bettor < len(self.order):
                return self.order[self.next_bettor]
            return self.banker or ""
        if p == "right" or p == "left":
            return self.deciders[p] or ""
        if p == "banker":
            return self.banker or ""
        if p == "auction":
            spoken = self.spoken
            return next(x for x in self.participants if x not in spoken)
        if self.offer:
            return self.offer[0]
        return next((x for x in self.participants if self.balances[x] > 0), "")

    def acts_for(self: Game, seat: str) -> tuple[bool, tuple[str, ...], int, bool]:
        """What ``seat`` may do now: ``(to act, its acts, the most it may stake or bid,
        whether it may call banco)`` -- the one answer to who may do what, which
        :meth:`observe` (a seat's view), :meth:`turn` (what happens now, in public words)
        and the tables read.

        A deciding side's acts are its legal moves (its own eyes only: they tell its
        total). It runs before every act of a simulation, so it reads the state
        directly (the same answers as :meth:`next_actor` and :meth:`max_stake`).
        """
        balances = self.balances
        p = self.phase
        banker = self.banker
        acts: tuple[str, ...] = ()
        max_s = 0
        banco = False
        home = self._home
        if p == "betting":
            i = self.next_bettor
            order = self.order
            if seat == banker:
                to_act = i >= len(order) or self.broken
                if to_act:
                    if home:
                        acts = ("deal", "retire") if self.coups else ("deal",)
                    else:
                        acts = self._banker_acts()
            else:
                to_act = i < len(order) and order[i] == seat and not self.broken
                if to_act:
                    if home:
                        if not self.claims:  # banco excludes ordinary wagers
                            cover = self.fund - self._exposure_right - self._exposure_left
                            # (comparisons, not min/max: this runs before every wager)
                            balance = balances[seat]
                            max_s = balance if balance < cover else cover
                            if max_s < 0:
                                max_s = 0
                        banco = not self.lines and balances[seat] >= self.fund
                    else:
                        max_s = self.max_stake(seat)
                        banco = self.may_banco(seat)
                    acts = _BETTOR_ACTS[max_s > 0, banco]
        elif p == "right" or p == "left":
            to_act = self.deciders[p] == seat
            if to_act:  # the deciding seat's own: its legal moves only
                acts = self.side_acts(p) if self.forced_moves == "announced" else ("draw", "stand")
        elif p == "banker":
            to_act = seat == banker
            if to_act:
                acts = ("draw", "stand")
        elif p == "auction":
            to_act = seat not in self.spoken
            if to_act and not home and self._list_first():
                to_act = seat == self.participants[0]
                acts = ("bid", "pass") if to_act else ()
                max_s = balances[seat]
            elif to_act:
                acts = ("bid", "pass")
                max_s = balances[seat]
        else:  # ended: the first seat with chips opens the next bank
            to_act = self.next_actor() == seat
            if to_act:
                acts = ("take", "pass") if self.offer else ("bid",)
                max_s = balances[seat]
        return to_act, acts, max_s, banco

    def seen_hands(self: Game, seat: str | None) -> dict[Mover, tuple[str | None, ...]]:
        """The hands as ``seat`` sees them (``None``: the public): a concealed pair only
        to the seat holding its hand (a side's decider, the banker), a side settled by a
        natural (classic) to everyone; third cards face up -- the one rule of
        concealment, for :meth:`observe` and :meth:`view` alike."""
        hands = self.hands
        if not hands["right"]:  # no cards out
            return _NO_HANDS
        deciders = self.deciders
        shown = self.settled  # classic: a side's natural is shown to everyone
        mine = seat is not None
        return {
            "right": _as_seen(
                hands["right"], (mine and seat == deciders["right"]) or "right" in shown
            ),
            "left": _as_seen(hands["left"], (mine and seat == deciders["left"]) or "left" in shown),
            "banker": _as_seen(hands["banker"], mine and seat == self.banker),
        }

    def observe(self: Game, seat: str) -> Observation:
        """What ``seat`` may know now, as a light :class:`Observation`: a seat's view.

        Its acts are :meth:`acts_for`'s and its hands :meth:`seen_hands`' (the same
        visibility as :meth:`view`), built cheaply for computer players: it runs before
        every act of a simulation.
        """
        balances = self.balances
        if seat not in balances:
            self._check_participant(seat)  # raises the usual refusal
        to_act, acts, max_s, banco = self.acts_for(seat)
        coups = self.coups
        # Positional (in field order): a third of the cost of keywords, and
        # this runs before every act of a simulation.
        obs = Observation(
            seat,
            self.phase,
            self.banker,
            self.fund,
            self.packs,
            len(coups) + 1,  # coup
            balances.copy(),  # a copy: the table's stays the table's
            to_act,
            acts,
            max_s,  # max_stake
            max_s - max_s % 2,  # max_a_cheval
            banco,  # can_banco
            self.seen_hands(seat) if self.hands["right"] else _NO_HANDS,  # hands
            {"right": self._exposure_right, "left": self._exposure_left},  # stakes
            self._seen_tuple,  # seen (kept current by _finish)
            coups[-1] if coups else None,  # last
            self.bank_bid,
            self._side_by_name.get(seat),  # side
        )
        if not self._home:  # the defaults say home's: no side settled by a natural
            obs.settled = self.settled
            obs.rules = self.rules
        return obs

    def seen_cards(self: Game) -> tuple[str, ...]:
        """Every card shown in the settled coups of this shoe, in order."""
        if len(self._seen_tuple) != len(self.seen):
            self._seen_tuple = tuple(self.seen)
        return self._seen_tuple

    def holder(self: Game, mover: Mover) -> str | None:
        """Who holds a hand's concealed pair: the banker, or the side's decider."""
        if mover == "banker":
            return self.banker
        return self.deciders[mover]

    def view(self: Game, seat: str | None = None) -> TableView:
        """The table as ``seat`` may see it (``None``: the public view).

        A face-down card is shown only to the seat that holds its hand; third
        cards are face up; a coup's hands are all shown once it is settled
        (they move to ``history``).
        """
        if seat is not None:
            self._check_participant(seat)
        hands: dict[Mover, HandView] = {}
        for m, seen in self.seen_hands(seat).items():
            shown = list(seen)
            hidden = shown.count(None)
            hands[m] = HandView.model_construct(
                cards=shown,
                total=(sum(card_value(c) for c in shown if c) % 10)
                if shown and not hidden
                else None,
                concealed=hidden,
            )
        stakes_by: dict[str, StakeLine] = {}
        for line in self.lines:
            stakes_by[line.who] = line
        active = self.active
        seats: list[SeatView] = []
        for side in SIDES:
            for pos, name in enumerate(self.sides[side]):
                ln = stakes_by.get(name)
                seats.append(
                    SeatView.model_construct(
                        name=name,
                        side=side,
                        position=pos + 1,
                        balance=self.balances[name],
                        stake_right=ln.right if ln else 0,
                        stake_left=ln.left if ln else 0,
                        kind=ln.kind if ln else None,
                        active=active[side] == name,
                        deciding=self.deciders[side] == name,
                    )
                )
        turn = self.turn()
        return TableView.model_construct(
            seat=seat,
            phase=self.phase,
            bank_number=self.bank_number,
            banker=self.banker,
            fund=self.fund,
            coup=self.coup_number,
            cards_left=self.cards_left,
            packs=self.packs,
            seen=list(self.seen),
            balances=dict(self.balances),
            sides={s: list(self.sides[s]) for s in SIDES},
            seats=seats,
            active=active,
            deciders=dict(self.deciders),
            stakes=self.stakes,
            hands=hands,
            moves=dict(self.moves),
            history=list(self.coups),
            ended=self.ended,
            to_act=turn.actors,
            prompt=turn.prompt,
        )

    # ============================================================ reports

    def report(self: Game) -> StateReport:
        """The full state reached (every card of the current coup included)."""
        current: dict[str, object] | None = None
        if self.phase in MOVERS or self.lines or self.claims:
            current = {
                "number": self.coup_number,
                "stakes": self.stakes,
                "claims": list(self.claims),
                "hands": {m: list(self.hands[m]) for m in MOVERS},
                "moves": dict(self.moves),
            }
        return StateReport.model_construct(
            format="banque-state/1",
            participants=list(self.participants),
            bank_number=self.bank_number,
            banker=self.banker,
            fund=self.fund,
            balances=dict(self.balances),
            sides={s: list(self.sides[s]) for s in SIDES},
            active=self.active,
            coups=list(self.coups),
            cards_left=self.cards_left,
            phase=self.phase,
            turn=self.turn(),
            ended=self.ended,
            banks=list(self.banks),
            current=current,
            rules=self.rules,
            spectators=list(self.spectators),
            unlimited=self.unlimited,
            broken=self.broken,
            offer=list(self.offer),
            offer_size=self.offer_size,
        )

    def total_chips(self: Game) -> int:
        """Balances + fund + stakes on the table: always 100 per participant."""
        return sum(self.balances.values()) + self.fund + self.staked()
