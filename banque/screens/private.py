"""A seat's private view: the table as that seat may see it.

At the banker's choice a human banker may ask here for the exact advisor
(the expected gain of drawing and of standing): it depends on the banker's
concealed cards, so it is shown nowhere else — not on the public table, not
in the log, not in a toast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Static

from ..cards import pretty
from ..errors import IllegalAction
from ..i18n import _, chips
from ..models import Draw, Stand
from ..session import Board
from ..widgets import BankBand, Tableau

if TYPE_CHECKING:
    from ..app import BanqueApp


def gain(value: float) -> str:
    """An expected gain in chips: ``+0.25``, ``−1.31``."""
    text = f"{value:+.2f}"
    return text.replace("-", "−")


class PrivateScreen(Screen[None]):
    """One seat's view from the engine: its concealed cards, balance and stake."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", _("Close"), id="private.close"),
        Binding("d", "decide(True)", _("Draw"), id="private.draw"),
        Binding("s", "decide(False)", _("Stand"), id="private.stand"),
        Binding("a", "advice", _("Advice"), id="private.advice"),
    ]

    def __init__(self, who: str) -> None:
        super().__init__(classes="private-screen")
        self.who = who
        self.advice: tuple[float, float] | None = None

    @property
    def banque(self) -> BanqueApp:
        return cast("BanqueApp", self.app)

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        yield Static("", id="private-title")
        with Horizontal(id="table"):
            yield Tableau("left", id="left")
            yield BankBand(id="bank")
            yield Tableau("right", id="right")
        yield Static("", id="private-info")
        with Horizontal(id="decide"):
            yield Button(_("Draw (d)"), id="draw", compact=True)
            yield Button(_("Stand (s)"), id="stand", compact=True)
            yield Button(_("Advice (a)"), id="advice", compact=True)
        yield Static("", id="private-advice")
        yield Static("", id="private-message")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.refresh_view()
        if self.must_decide():
            self.query_one(f"#{self.default_choice()}", Button).focus()

    def must_decide(self) -> bool:
        session = self.banque.session
        if session is None:
            return False
        return (
            session.stage() == "decision"
            and session.actor() == self.who
            and session.kind(self.who) == "human"
        )

    def may_ask_advice(self) -> bool:
        """The banker is choosing, and this is the banker's (a human's) own view."""
        session = self.banque.session
        return (
            session is not None
            and self.must_decide()
            and session.decision_side() == "banker"
            and session.game.banker == self.who
        )

    def held(self, board: Board) -> list[tuple[str, list[str], int | None]]:
        out: list[tuple[str, list[str], int | None]] = []
        for mover, hand in board.hands.items():
            if hand.holder == self.who and hand.cards and all(c is not None for c in hand.cards):
                out.append((mover, [c for c in hand.cards if c], hand.total))
        return out

    def default_choice(self) -> str:
        session = self.banque.session
        assert session is not None
        board = session.board(self.who)
        side = session.decision_side()
        total = board.hands[side].total if side else None
        if side == "banker":
            return "draw" if total is not None and total <= 5 else "stand"
        return "draw"

    def refresh_view(self) -> None:
        app = self.banque
        session = app.session
        if session is None:
            return
        board = session.board(self.who)
        big = app.big_cards()
        self.set_class(big, "-big")
        ascii_suits = app.ascii_suits
        self.query_one("#left", Tableau).show(board, ascii_suits=ascii_suits, big=big)
        self.query_one("#right", Tableau).show(board, ascii_suits=ascii_suits, big=big)
        self.query_one("#bank", BankBand).show(board, ascii_suits=ascii_suits, big=big)
        game = session.game
        self.sub_title = _("Private view of {who}").format(who=self.who)
        title = Text()
        title.append(_("Private view of {who}").format(who=self.who), "bold")
        title.append("  ")
        title.append(_("(only {who} should be looking)").format(who=self.who), "dim")
        self.query_one("#private-title", Static).update(title)
        info = Text()
        if self.who == board.banker:
            info.append(
                _("You hold the bank: fund {fund}, cover left {cover}.").format(
                    fund=board.fund, cover=board.cover_left
                )
            )
        else:
            seat = next(
                (s for side in board.seats.values() for s in side if s.name == self.who), None
            )
            if seat is not None:
                side_name = _("right") if seat.side == "right" else _("left")
                # "seat 2" would clash with the seat keys ([2]): say the place in words.
                place = (
                    _("next to the banker")
                    if seat.position == 1
                    else _("place {pos} from the banker").format(pos=seat.position)
                )
                info.append(
                    _("You sit on the {side} side, {place}.").format(side=side_name, place=place)
                )
                if seat.stake:
                    info.append(" ")
                    info.append(_("Your stake: {stake}.").format(stake=chips(seat.stake)))
            else:
                info.append(_("You are not seated in this bank."))
        info.append(" ")
        info.append(_("Balance: {n}.").format(n=chips(game.balances[self.who])))
        info.append("\n")
        held = self.held(board)
        if held:
            for mover, cards, total in held:
                hand_name = {"right": _("right"), "left": _("left"), "banker": _("banker's")}[mover]
                shown = " ".join(pretty(c, app.ascii_suits) for c in cards)
                info.append(
                    _("Your hand ({hand}): {cards} = {total}").format(
                        hand=hand_name, cards=shown, total=total
                    ),
                    "bold",
                )
                info.append("\n")
        else:
            info.append(_("You hold no concealed cards now."), "dim")
            info.append("\n")
        deciding = self.must_decide()
        if deciding:
            side = session.decision_side()
            if side == "banker":
                info.append(_("You choose freely: draw a third card or stand."))
            else:
                info.append(_("Your side holds 5: you choose to draw or to stand."))
        else:
            info.append(_("Escape closes this view."), "dim")
        self.query_one("#private-info", Static).update(info)
        self.query_one("#decide").display = deciding
        self.query_one("#advice", Button).display = self.may_ask_advice()
        self.query_one("#private-advice", Static).update(self.advice_text())
        self.refresh_bindings()

    def advice_text(self) -> Text:
        """The advisor's figures, once asked for (only in the banker's own view)."""
        if self.advice is None or not self.may_ask_advice():
            return Text()
        draw, stand = self.advice
        text = Text()
        text.append(_("Advisor") + ": ", "bold")
        text.append(
            _("drawing gains {draw} chips on average, standing {stand}.").format(
                draw=gain(draw), stand=gain(stand)
            )
        )
        text.append(" ")
        if draw > stand:
            better = _("Better: draw (by {edge} chips).").format(edge=f"{draw - stand:.2f}")
        elif stand > draw:
            better = _("Better: stand (by {edge} chips).").format(edge=f"{stand - draw:.2f}")
        else:
            better = _("Both are worth the same; standing spends no card.")
        text.append(better, "bold")
        text.append("\n")
        text.append(
            _(
                "Exact, from what you may know: your cards, the third cards, the cards "
                "seen in this shoe; a side at 5 draws with chance {p5}."
            ).format(p5=f"{self.banque.p5:g}"),
            "dim",
        )
        return text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "decide":
            return self.must_decide()
        if action == "advice":
            return self.may_ask_advice()
        return True

    def action_advice(self) -> None:
        session = self.banque.session
        if session is None or not self.may_ask_advice():
            return
        try:
            self.advice = session.banker_advice(self.who, self.banque.p5)
        except ValueError as exc:  # a situation the advisor's model cannot weigh
            self.query_one("#private-message", Static).update(
                Text(_("The advisor cannot answer here: {why}.").format(why=exc))
            )
            return
        self.query_one("#private-advice", Static).update(self.advice_text())

    @on(Button.Pressed, "#advice")
    def _advice(self) -> None:
        self.action_advice()

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#draw")
    def _draw(self) -> None:
        self.action_decide(True)

    @on(Button.Pressed, "#stand")
    def _stand(self) -> None:
        self.action_decide(False)

    def action_decide(self, draw: bool) -> None:
        session = self.banque.session
        if session is None or not self.must_decide():
            return
        side = session.decision_side()
        assert side is not None
        try:
            events = session.perform(Draw(side=side) if draw else Stand(side=side))
        except IllegalAction as exc:
            self.query_one("#private-message", Static).update(Text(exc.message))
            return
        self.banque.announce(events)
        self.dismiss(None)
