"""The end of a bank: final totals against the 100 each started with, the winners; and
the end of a two-hand game (chemin de fer, punto banco), over its table."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...games.banque.game import START_CHIPS
from ...i18n import _, ngettext
from ..app import WATCH_READING, BanqueApp
from ..widgets.bars import KeyBar, TitleBar
from ..widgets.common import signed

if TYPE_CHECKING:
    from ..games_base import TwoHandTable


class StandingsScreen(Screen[str]):
    """Standings of the bank just ended; Enter (or n) opens a fresh bank.

    Over a two-hand table (``two_hand``) whose game is over: its standings (the
    table's :attr:`~banque.table.games_base.TwoHandTable.standings`); ``q`` leaves."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n", "fresh", _("Fresh bank"), id="standings.fresh"),
        Binding("q", "leave", _("Quit"), show=False, id="standings.leave"),  # its text says it
    ]

    def __init__(self, two_hand: TwoHandTable | None = None) -> None:
        super().__init__(classes="standings-screen")
        self.two_hand = two_hand

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "fresh":
            return self.two_hand is None
        if action == "leave":
            return self.two_hand is not None
        return True

    async def action_leave(self) -> None:
        """A two-hand game's standings: ``q`` leaves as at its table."""
        if self.two_hand is not None:
            await self.app.run_action(self.two_hand.QUIT_ACTION, self.two_hand)

    @property
    def banque(self) -> BanqueApp:
        return cast("BanqueApp", self.app)

    def compose(self) -> ComposeResult:
        yield TitleBar(icon="♠")
        with VerticalScroll(id="standings-body"), Vertical(id="standings"):
            yield Static("", id="standings-title")
            yield Static("", id="standings-table")
            yield Static("", id="standings-hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_view()
        if self.two_hand is None:
            self._watch_timer()

    async def retranslate(self) -> None:
        """The language changed: the standings and the keys in it (a two-hand table
        makes its standings again in it)."""
        if self.two_hand is not None:
            self.two_hand.refresh_table()
        self.refresh_view()
        self.refresh_bindings()

    def _watch_timer(self, at_least: float = 0.001) -> None:
        """Watch mode (every seat a computer): a fresh bank opens by itself."""
        app = self.banque
        if app.watching():
            self.set_timer(max(app.pace * WATCH_READING, at_least), self._fresh_by_itself)

    def _fresh_by_itself(self) -> None:
        if self.banque.paused or not self.is_active:
            self._watch_timer(0.25)  # paused, or a question or the help is open: later
            return
        self.action_fresh()

    def _refresh_two_hand(self, table: TwoHandTable) -> None:
        self.title, self.sub_title = table.standings_title, ""
        self.query_one("#standings-title", Static).update(table.standings or "")
        for ident in ("#standings-table", "#standings-hint"):
            self.query_one(ident, Static).display = False

    def refresh_view(self) -> None:
        if self.two_hand is not None:
            self._refresh_two_hand(self.two_hand)
            return
        session = self.banque.session
        if session is None or session.game.ended is None:
            return
        game = session.game
        ended = session.game.ended
        self.sub_title = _("Bank {n}: standings").format(n=game.bank_number)
        bank = game.banks[-1] if game.banks else None
        why = {
            "retired": _("{banker} retired").format(banker=game.banker),
            "bankrupt": _("the bank was broken (fund 0)"),
            "shoe": _("fewer than 9 cards were left in the shoe"),
        }[ended.reason]
        coups = bank.coups if bank is not None else len(game.coups)
        title = Text()
        title.append(_("Bank {n} has ended: {why}.").format(n=game.bank_number, why=why), "bold")
        title.append("\n")
        title.append(
            ngettext("{n} coup was played.", "{n} coups were played.", coups).format(n=coups)
        )
        self.query_one("#standings-title", Static).update(title)
        table = Table(expand=False, box=None, padding=(0, 2, 0, 0), show_edge=False)
        table.add_column(_("Participant"))
        table.add_column(_("Total"), justify="right")
        table.add_column(_("vs {n}").format(n=START_CHIPS), justify="right")
        table.add_column("")
        order = sorted(game.participants, key=lambda p: -ended.totals[p])
        for who in order:
            total = ended.totals[who]
            mark = _("★ winner") if who in ended.winners else ""
            role = _(" (banker)") if who == game.banker else ""
            table.add_row(
                Text(who + role, style="bold" if who in ended.winners else ""),
                str(total),
                signed(total - START_CHIPS),
                Text(mark, style="bold"),
            )
        self.query_one("#standings-table", Static).update(table)
        winners = ended.winners
        hint = Text()
        hint.append(
            ngettext(
                "Winner: {names}. ", "Winners (they share the victory): {names}. ", len(winners)
            ).format(names=", ".join(winners)),
            "bold",
        )
        hint.append("\n")
        offer = game.offer
        hint.append(
            _(
                "Enter or n: the bank is offered at the same size, to {who} first · "
                "ctrl+s: save the record · ctrl+q: quit"
            ).format(who=offer[0])
            if offer  # classic: the retired banker's bank, before any auction
            else _(
                "Enter or n: continue with a fresh bank (new auction, new shuffle) · "
                "ctrl+s: save the record · ctrl+q: quit"
            )
        )
        if self.banque.watching():
            hint.append("\n")
            hint.append(_("Watching: a fresh bank opens by itself · space: pause"), "dim")
        self.query_one("#standings-hint", Static).update(hint)

    def action_fresh(self) -> None:
        self.dismiss("fresh")
