"""What a banque table shows: the board one seat (or the public) sees now, made from
the game's own view for that seat (:meth:`banque.games.banque.game.Game.view`) and
the session's seating, stakes and settled coup -- the models the widgets draw and
the network sends (a view the game made, never its state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel

from ..core.models import Mover, Result, Side
from ..games.banque.game import MOVERS, SIDES

if TYPE_CHECKING:
    from .session import Session

__all__ = ["Board", "HandBoard", "SeatBoard", "Stage", "banque_board"]

Stage = Literal[
    "auction",
    "seating",
    "shuffle",
    "betting",
    "dealing",
    "decision",
    "settlement",
    "ended",
    "offer",
]


#: Where a seat stands in the betting, as its row shows it.
SeatStatus = Literal["", "to_speak", "passed", "staked", "banco_call"]


class HandBoard(BaseModel):
    """One hand as a board shows it: ``None`` is a card face down."""

    mover: Mover
    cards: list[str | None]
    total: int | None
    move: str | None
    result: Result | None = None
    holder: str | None = None


class SeatBoard(BaseModel):
    """One seat on a side."""

    name: str
    key: str
    side: Side
    position: int
    balance: int
    stake_right: int = 0
    stake_left: int = 0
    kind: Literal["wager", "a_cheval", "banco"] | None = None
    active: bool = False
    deciding: bool = False
    status: SeatStatus = ""
    payout: int | None = None
    computer: bool = False

    @property
    def stake(self) -> int:
        return self.stake_right + self.stake_left


class Board(BaseModel):
    """The table as one seat (or the public, ``seat=None``) sees it now."""

    seat: str | None
    stage: Stage
    bank_number: int
    coup: int
    banker: str | None
    banker_key: str
    banker_balance: int
    fund: int
    fund_before: int | None = None
    cover_left: int
    cards_left: int
    hands: dict[Mover, HandBoard]
    seats: dict[Side, list[SeatBoard]]
    #: classic's spectators, hoyle's standing punters: each with the side it backs
    #: (``side``; an à cheval stake shows on the right), its stake and result.
    extra: list[SeatBoard] = []
    road: dict[Side, list[Result]]
    naturals: list[bool]
    actor: str | None
    prompt: str
    natural: bool = False
    settled_number: int | None = None


def banque_board(session: Session, seat: str | None = None) -> Board:
    """The board the widgets draw, from the engine's view for ``seat``."""
    g = session.game
    view = g.view(seat)
    stage = session.stage()
    settled = session.settled
    claims = list(g.claims) if g.phase == "betting" else []
    passed = set(g.passed) if g.phase == "betting" else set()
    to_speak = view.to_act[0] if stage == "betting" and view.to_act else None
    hands: dict[Mover, HandBoard] = {}
    payouts: dict[str, int] = {}
    lines: dict[str, tuple[int, int, str]] = {}
    if settled is not None:
        for m in MOVERS:
            hands[m] = HandBoard(
                mover=m,
                cards=list(settled.hands[m]),
                total=settled.totals[m],
                move=settled.moves[m],
                result=settled.results[m] if m != "banker" else None,  # type: ignore[index]
                holder=settled.deciders.get(m) if m != "banker" else g.banker,  # type: ignore[call-overload]
            )
        payouts = dict(settled.payouts)
        lines = {ln.who: (ln.right, ln.left, ln.kind) for ln in settled.lines}
    else:
        for m in MOVERS:
            h = view.hands[m]
            hands[m] = HandBoard(
                mover=m,
                cards=list(h.cards),
                total=h.total,
                move=view.moves.get(m),
                holder=g.banker if m == "banker" else view.deciders.get(m),  # type: ignore[call-overload]
            )

    def status_of(name: str, staked: bool) -> SeatStatus:
        """Where a seat stands in the betting (before the coup is settled)."""
        if name in claims:
            return "banco_call"
        if staked:
            return "staked"
        if name == to_speak:
            return "to_speak"
        return "passed" if name in passed else ""

    def seat_board(name: str, side: Side, position: int, **shown: Any) -> SeatBoard:
        return SeatBoard(
            name=name,
            key=session.seat_key(name),
            side=side,
            position=position,
            balance=g.balances[name],
            computer=name in session.computers,
            **shown,
        )

    seats: dict[Side, list[SeatBoard]] = {"right": [], "left": []}
    sides = session.draft() if stage == "seating" else view.sides
    by_name = {s.name: s for s in view.seats}
    for side in SIDES:
        for pos, name in enumerate(sides[side], start=1):
            sv = by_name.get(name)
            if settled is not None:
                r, lft, kind = lines.get(name, (0, 0, None))  # type: ignore[assignment]
                board_seat = seat_board(
                    name,
                    side,
                    pos,
                    stake_right=r,
                    stake_left=lft,
                    kind=kind,
                    active=bool(sv and sv.active),
                    deciding=settled.deciders.get(side) == name,
                    payout=payouts.get(name),
                )
            else:
                board_seat = seat_board(
                    name,
                    side,
                    pos,
                    stake_right=sv.stake_right if sv else 0,
                    stake_left=sv.stake_left if sv else 0,
                    kind=sv.kind if sv else None,
                    active=bool(sv and sv.active) and stage != "seating",
                    deciding=bool(sv and sv.deciding),
                    status=status_of(
                        name, sv is not None and bool(sv.stake_right or sv.stake_left)
                    ),
                )
            seats[side].append(board_seat)
    extra: list[SeatBoard] = []
    for name in session.draft_spectators() if stage == "seating" else g.spectators:
        if settled is not None:
            r, lft, kind = lines.get(name, (0, 0, None))  # type: ignore[assignment]
            status: SeatStatus = ""
        else:
            ln = next((x for x in g.lines if x.who == name), None)
            r, lft, kind = (ln.right, ln.left, ln.kind) if ln else (0, 0, None)
            status = status_of(name, bool(r or lft))
        backed: Side = (
            "left" if lft and not r else "right" if r else session.bet_side(name) or "right"
        )
        extra.append(
            seat_board(
                name,
                backed,
                0,
                stake_right=r,
                stake_left=lft,
                kind=kind,
                status=status,
                payout=payouts.get(name) if settled is not None else None,
            )
        )
    road: dict[Side, list[Result]] = {
        side: [c.results[side] for c in view.history] for side in SIDES
    }
    banker = view.banker
    coup = settled.number if settled is not None else view.coup
    cards_left = view.cards_left
    # A coup with a natural: all hands, or (classic) one side settled by its own.
    naturals = [c.natural or bool(c.natural_sides) for c in view.history]
    if session.fresh and g.phase == "ended":
        # A fresh bank's auction: the last bank's table is cleared away.
        banker = None
        seats = {"right": [], "left": []}
        extra = []
        road = {"right": [], "left": []}
        naturals = []
        coup = 1
        cards_left = 52 * g.packs
    return Board(
        seat=seat,
        stage=stage,
        bank_number=view.bank_number + (1 if session.fresh and g.phase == "ended" else 0),
        coup=coup,
        banker=banker,
        banker_key=session.seat_key(banker) if banker else "",
        banker_balance=g.balances.get(banker, 0) if banker else 0,
        # The settled coup's fund, even when the bank ended with it (the fund
        # has gone back to the banker by then).
        fund=settled.fund_after if settled is not None else view.fund,
        fund_before=settled.fund_before if settled is not None else None,
        # (classic, hoyle take stakes beyond the fund: the cover is then 0, never less)
        cover_left=max(0, view.fund - sum(view.stakes.values())),
        cards_left=cards_left,
        hands=hands,
        seats=seats,
        extra=extra,
        road=road,
        naturals=naturals,
        actor=session.actor(),
        prompt=session.prompt(),
        natural=bool(settled and settled.natural),
        settled_number=settled.number if settled is not None else None,
    )
