"""A tableau: one side's hand and its seats, from the banker outward."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ...core.models import Side
from ...i18n import _
from ...session.board import Board
from .cards import CardRow, CardSize, size_of
from .common import hand_status, result_text, stake_text
from .drawn import Remembers


@dataclass(frozen=True, slots=True)
class Bidder:
    """One participant during the auction: balance and what was said so far."""

    key: str
    name: str
    balance: int
    said: str  # "bid 20", "passed" or ""
    speaking: bool
    computer: bool


#: One row of a tableau's seats: mark, key, name, the name's style, balance, stake or bid.
Row = tuple[str, str, str, str, str, str]


def _grid(rows: tuple[Row, ...], *, dim_last: bool) -> Table:
    grid = Table.grid(expand=True, padding=(0, 1, 0, 0))
    grid.add_column(width=1, no_wrap=True)
    grid.add_column(width=3, no_wrap=True)
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(justify="right", no_wrap=True, min_width=4)
    for mark, key, name, style, balance, last in rows:
        grid.add_row(
            mark,
            Text(key, style="dim"),
            Text(name, style=style),
            balance,
            Text(last, style="dim") if dim_last else last,
        )
    return grid


class Tableau(Remembers, Vertical):
    """The right or the left side of the table.

    Each part (the cards, the hand's line, the titles, the seats) is set only when what
    it shows changed (:class:`~banque.table.widgets.drawn.Remembers`)."""

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
        bidders: list[Bidder] | None = None,
    ) -> None:
        """The side's hand and seats; during the auction (``bidders``: no sides yet) these
        participants' balances and bids instead."""
        hand = board.hands[self.side]
        dealt = bool(board.hands["banker"].cards)
        status = hand_status(hand, dealt=dealt)
        if bidders is not None:
            title, subtitle = _("Balances & bids"), ""
            rows, empty = self._bidder_rows(bidders, ascii_suits), ""
        else:
            side_name = _("Right") if self.side == "right" else _("Left")
            result = result_text(hand)
            stakes = sum(
                s.stake_right if self.side == "right" else s.stake_left
                for s in (*board.seats["right"], *board.seats["left"], *board.extra)
            )
            title = f"{side_name} · {result}" if result else side_name
            subtitle = _("stakes {n}").format(n=stakes) if stakes else ""
            rows = self._seat_rows(board, dealt, ascii_suits, selected)
            empty = "" if rows else _("(no seats yet)")
        key = (
            tuple(hand.cards),
            ascii_suits,
            size_of(big),
            status,
            hand.result,
            title,
            subtitle,
            bidders is not None,
            rows,
            empty,
        )
        if not self.redraws("all", key):
            return
        self.query_one(CardRow).set_cards(hand.cards, ascii_suits=ascii_suits, big=big)
        if self.redraws("status", status):
            self.query_one(".hand-status", Static).update(
                Text(status, no_wrap=True, overflow="ellipsis")
            )
        self.set_class(hand.result == "player", "-wins")
        self.set_class(hand.result == "banker", "-loses")
        self.set_class(hand.result == "tie", "-ties")
        self._show_hand(bidders is None)  # no hands in an auction: room for eleven names
        if self.redraws("titles", (title, subtitle)):
            self.border_title = title
            self.border_subtitle = subtitle
        if self.redraws("seats", (bidders is not None, rows, empty)):
            seats = self.query_one(".seats", Static)
            if empty:
                seats.update(Text(empty, style="dim"))
            else:
                seats.update(_grid(rows, dim_last=bidders is not None))

    def _seat_rows(
        self, board: Board, dealt: bool, ascii_suits: bool, selected: str | None
    ) -> tuple[Row, ...]:
        rows: list[Row] = []
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
            rows.append(
                (
                    mark,
                    f"[{seat.key}]",
                    seat.name + (" ⚙" if seat.computer else ""),
                    style,
                    str(seat.balance),
                    stake_text(seat, ascii_suits=ascii_suits),
                )
            )
        # Those beyond the seats (classic's spectators, hoyle's standing punters), under
        # the seats of the side they back: in italics, marked with a dot.
        for seat in board.extra:
            if seat.side != self.side:
                continue
            style = "italic"
            if seat.name == selected:
                style = "italic reverse"
            elif seat.status == "to_speak" or seat.name == board.actor:
                style = "italic bold underline"
            rows.append(
                (
                    "." if ascii_suits else "·",
                    f"[{seat.key}]",
                    seat.name + (" ⚙" if seat.computer else ""),
                    style,
                    str(seat.balance),
                    stake_text(seat, ascii_suits=ascii_suits),
                )
            )
        return tuple(rows)

    @staticmethod
    def _bidder_rows(bidders: list[Bidder], ascii_suits: bool) -> tuple[Row, ...]:
        return tuple(
            (
                (">" if ascii_suits else "▶") if b.speaking else " ",
                f"[{b.key}]",
                b.name + (" ⚙" if b.computer else ""),
                "bold underline" if b.speaking else "",
                str(b.balance),
                b.said,
            )
            for b in bidders
        )

    def _show_hand(self, shown: bool) -> None:
        self.query_one(CardRow).display = shown
        self.query_one(".hand-status", Static).display = shown


def show_tableaux(
    screen: Any,
    board: Board,
    *,
    ascii_suits: bool,
    big: bool | CardSize,
    selected: str | None,
    bidders: list[Bidder] | None,
) -> None:
    """Both tableaux of ``screen`` (its ``#left`` and ``#right``): each side's hand and
    seats; during the auction (``bidders``: no sides yet) everyone's balance and bid,
    the first half on the left (the local table and a joined seat draw them alike)."""
    half = (len(bidders) + 1) // 2 if bidders is not None else 0
    for side, who in (("left", slice(None, half)), ("right", slice(half, None))):
        screen.query_one(f"#{side}", Tableau).show(
            board,
            ascii_suits=ascii_suits,
            big=big,
            selected=selected,
            bidders=bidders[who] if bidders is not None else None,
        )
