"""A tableau: one side's hand and its seats, from the banker outward."""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ...core.models import Side
from ...i18n import _
from ...session.session import Board
from .cards import CardRow, CardSize
from .common import hand_status, result_text, stake_text


@dataclass(frozen=True, slots=True)
class Bidder:
    """One participant during the auction: balance and what was said so far."""

    key: str
    name: str
    balance: int
    said: str  # "bid 20", "passed" or ""
    speaking: bool
    computer: bool


class Tableau(Vertical):
    """The right or the left side of the table."""

    def __init__(self, side: Side, *, id: str | None = None) -> None:
        super().__init__(id=id, classes=f"tableau tableau-{side}")
        self.side = side
        self.border_title = _("Right") if side == "right" else _("Left")

    def compose(self) -> ComposeResult:
        yield CardRow(classes="hand")
        yield Static("", classes="hand-status")
        yield Static("", classes="seats")

    def show(
        self,
        board: Board,
        *,
        ascii_suits: bool,
        big: bool | CardSize,
        selected: str | None = None,
    ) -> None:
        hand = board.hands[self.side]
        self._show_hand(True)
        self.query_one(CardRow).set_cards(hand.cards, ascii_suits=ascii_suits, big=big)
        dealt = bool(board.hands["banker"].cards)
        status = hand_status(hand, dealt=dealt)
        side_name = _("Right") if self.side == "right" else _("Left")
        result = result_text(hand)
        self.border_title = f"{side_name} · {result}" if result else side_name
        self.query_one(".hand-status", Static).update(
            Text(status, no_wrap=True, overflow="ellipsis")
        )
        stakes = sum(
            s.stake_right if self.side == "right" else s.stake_left
            for side in ("right", "left")
            for s in board.seats[side]  # type: ignore[index]
        )
        self.border_subtitle = _("stakes {n}").format(n=stakes) if stakes else ""
        self.set_class(hand.result == "player", "-wins")
        self.set_class(hand.result == "banker", "-loses")
        self.set_class(hand.result == "tie", "-ties")
        grid = Table.grid(expand=True, padding=(0, 1, 0, 0))
        grid.add_column(width=1, no_wrap=True)
        grid.add_column(width=3, no_wrap=True)
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        grid.add_column(justify="right", no_wrap=True)
        grid.add_column(justify="right", no_wrap=True, min_width=4)
        for seat in board.seats[self.side]:
            mark = "▶" if (seat.deciding or (seat.active and not dealt)) else " "
            if ascii_suits and mark == "▶":
                mark = ">"
            style = ""
            if seat.name == selected:
                style = "reverse"
            elif seat.status == "to_speak" or seat.name == board.actor:
                style = "bold underline"
            elif seat.active:
                style = "bold"
            name = seat.name + (" ⚙" if seat.computer else "")
            grid.add_row(
                mark,
                Text(f"[{seat.key}]", style="dim"),
                Text(name, style=style),
                str(seat.balance),
                stake_text(seat, ascii_suits=ascii_suits),
            )
        seats = self.query_one(".seats", Static)
        if board.seats[self.side]:
            seats.update(grid)
        else:
            seats.update(Text(_("(no seats yet)"), style="dim"))

    def _show_hand(self, shown: bool) -> None:
        self.query_one(CardRow).display = shown
        self.query_one(".hand-status", Static).display = shown

    def show_auction(self, bidders: list[Bidder], *, ascii_suits: bool) -> None:
        """During the auction (no sides yet): these participants' balances and bids."""
        self.border_title = _("Balances & bids")
        self.border_subtitle = ""
        self._show_hand(False)  # no hands in an auction: room for eleven names
        grid = Table.grid(expand=True, padding=(0, 1, 0, 0))
        grid.add_column(width=1, no_wrap=True)
        grid.add_column(width=3, no_wrap=True)
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        grid.add_column(justify="right", no_wrap=True)
        grid.add_column(justify="right", no_wrap=True, min_width=4)
        for b in bidders:
            mark = (">" if ascii_suits else "▶") if b.speaking else " "
            grid.add_row(
                mark,
                Text(f"[{b.key}]", style="dim"),
                Text(
                    b.name + (" ⚙" if b.computer else ""),
                    style="bold underline" if b.speaking else "",
                ),
                str(b.balance),
                Text(b.said, style="dim"),
            )
        self.query_one(".seats", Static).update(grid)
