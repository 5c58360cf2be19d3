"""The bank band: the banker, the fund, the banker's hand, the coup, the shoe."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ...i18n import _
from ...session.board import Board
from .cards import CardRow, CardSize, size_of
from .common import hand_status, signed
from .drawn import Remembers, text_key


class BankBand(Remembers, Vertical):
    """The middle of the table, between the two tableaux (each line set only when what
    it shows changed: :class:`~banque.table.widgets.drawn.Remembers`)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="bank-band")
        self.border_title = _("Bank")

    def compose(self) -> ComposeResult:
        yield Static("", classes="banker")
        yield Static("", classes="fund")
        yield CardRow(classes="hand")
        yield Static("", classes="hand-status")
        yield Static("", classes="shoe")

    def show(self, board: Board, *, ascii_suits: bool, big: bool | CardSize) -> None:
        title = _("Bank {n}").format(n=board.bank_number)
        if board.banker:
            banker = Text.assemble(
                (f"[{board.banker_key}] ", "dim"),
                (board.banker, "bold"),
                (" " + _("banker"), ""),
            )
        else:
            banker = Text(_("no banker yet"), style="dim")
        banker.no_wrap = True
        banker.overflow = "ellipsis"
        if board.fund_before is not None:
            moved = board.fund - board.fund_before
            fund = _("Fund {before} → {after} ({moved})").format(
                before=board.fund_before, after=board.fund, moved=signed(moved)
            )
        elif board.banker:
            fund = _("Fund {fund} · cover {cover}").format(fund=board.fund, cover=board.cover_left)
        else:
            fund = ""
        hand = board.hands["banker"]
        dealt = bool(hand.cards)
        status = hand_status(hand, dealt=dealt) if dealt else ""
        shoe = _("Coup {coup} · shoe {cards}").format(coup=board.coup, cards=board.cards_left)
        lines = {"banker": text_key(banker), "fund": fund, "hand-status": status, "shoe": shoe}
        key = (title, tuple(lines.values()), tuple(hand.cards), ascii_suits, size_of(big))
        if not self.redraws("all", key):
            return
        if self.redraws("title", title):
            self.border_title = title
        if self.redraws("banker", lines["banker"]):
            self.query_one(".banker", Static).update(banker)
        if self.redraws("fund", fund):
            self.query_one(".fund", Static).update(Text(fund, no_wrap=True, overflow="ellipsis"))
        self.query_one(CardRow).set_cards(hand.cards, ascii_suits=ascii_suits, big=big)
        if self.redraws("hand-status", status):
            self.query_one(".hand-status", Static).update(
                Text(status, no_wrap=True, overflow="ellipsis")
            )
        if self.redraws("shoe", shoe):
            self.query_one(".shoe", Static).update(Text(shoe, no_wrap=True, overflow="ellipsis"))
