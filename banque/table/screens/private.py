"""A seat's private view: the table as that seat may see it.

At the banker's choice a human banker may ask here for the exact advisor
(the expected gain of drawing and of standing): it depends on the banker's
concealed cards, so it is shown nowhere else — not on the public table, not
in the log, not in a toast.

A side's active player states every move here (with forced moves
"announced"): at a forced total only the legal key is offered and Enter
takes it; at 5, d or s (Enter only reminds, here).  A refusal that names
the concealed total is shown here and nowhere else.

Escape pressed and followed at once by another key (over SSH, say) reaches
Textual as one ``alt+…`` key (or a terminal's option character): the view
closes as for Escape and the key goes on to the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, Static

from ...core.cards import pretty
from ...core.errors import IllegalAction
from ...core.messages import tell_error
from ...core.models import Draw, Stand
from ...i18n import _, chips
from ...session.board import Board
from ..widgets import BankBand, Tableau
from ..widgets.bars import KeyBar, TitleBar
from ..widgets.drawn import Remembers, forget_drawn, text_key

if TYPE_CHECKING:
    from ..app import BanqueApp


def gain(value: float) -> str:
    """An expected gain in chips: ``+0.25``, ``−1.31``."""
    text = f"{value:+.2f}"
    return text.replace("-", "−")


#: What Escape followed at once by a key becomes when the terminal sends
#: ``ESC <key>`` in one go: ``alt+<key>``, or for a digit or the minus the
#: character a Mac's Option key gives (Textual reads ``ESC 2`` as ``™``).
OPTION_KEYS: dict[str, str] = {
    "inverted_exclamation_mark": "1",  # ¡
    "trade_mark_sign": "2",  # ™
    "pound_sign": "3",  # £
    "cent_sign": "4",  # ¢
    "infinity": "5",  # ∞
    "section_sign": "6",  # §
    "pilcrow_sign": "7",  # ¶
    "bullet": "8",  # •
    "feminine_ordinal_indicator": "9",  # ª
    "masculine_ordinal_indicator": "0",  # º
    "º": "0",
    "ª": "9",
    "en_dash": "minus",  # –
}
_CHARACTERS = {"minus": "-", "space": " "}


def escape_burst(event: events.Key) -> str | None:
    """The key that followed an Escape, if ``event`` is an Escape and a key in one."""
    key = event.key
    if key.startswith("alt+"):
        rest = key[len("alt+") :]
        return rest.removeprefix("shift+").upper() if rest.startswith("shift+") else rest
    return OPTION_KEYS.get(key)


def close_on_escape_burst(
    screen: Screen[Any], event: events.Key, close: Callable[[], None]
) -> None:
    """Escape and a key at once (``alt+…``): ``close`` the screen, the key then acts on the table."""
    key = escape_burst(event)
    if key is None:
        return
    event.stop()
    event.prevent_default()
    close()
    replay_key(screen, key)


def replay_key(screen: Screen[object], key: str) -> None:
    """Send on to the app the key that followed an Escape (after the screen closes)."""
    character = key if len(key) == 1 else _CHARACTERS.get(key)
    screen.app.post_message(events.Key(key.lower() if len(key) > 1 else key, character))


class PrivateScreen(Remembers, Screen[None]):
    """One seat's view from the engine: its concealed cards, balance and stake."""

    # No button takes Enter by itself: at a side's move Enter is the view's own.
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", _("Close"), id="private.close"),
        Binding("enter", "say", _("Say it"), id="private.say"),
        Binding("enter", "remind", show=False, id="private.remind"),
        Binding("d", "decide(True)", _("Draw"), id="private.draw"),
        Binding("s", "decide(False)", _("Stand"), id="private.stand"),
        # The move the cards do not allow: refused here, in this view only.
        Binding("d", "refuse(True)", show=False, id="private.draw_refused"),
        Binding("s", "refuse(False)", show=False, id="private.stand_refused"),
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
        yield TitleBar(icon="♠")
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
        yield KeyBar(compact=True)

    def on_mount(self) -> None:
        self.refresh_view()
        session = self.banque.session
        if session is not None and self.must_decide() and session.decision_side() == "banker":
            self.query_one(f"#{self.default_choice()}", Button).focus()

    def on_resize(self) -> None:
        """The view follows the terminal's size (cards as large as the table's)."""
        self.refresh_view()

    def on_key(self, event: events.Key) -> None:
        """Escape and a key at once (``alt+…``): close, and let the key act on the table."""
        close_on_escape_burst(self, event, self.action_close)

    def legal_moves(self) -> tuple[str, ...]:
        """The moves this seat may make now (its own observation: it may know its total)."""
        session = self.banque.session
        if session is None or not self.must_decide():
            return ()
        return session.observation(self.who).acts

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

    async def retranslate(self) -> None:
        """The language changed (the palette): the buttons and the view in it."""
        forget_drawn(self)
        for ident, label in (
            ("draw", _("Draw (d)")),
            ("stand", _("Stand (s)")),
            ("advice", _("Advice (a)")),
        ):
            self.query_one(f"#{ident}", Button).label = label
        self.refresh_view()

    def refresh_view(self) -> None:
        app = self.banque
        session = app.session
        if session is None:
            return
        board = session.board(self.who)
        big = app.card_size()
        self.set_class(big != "small", "-big")
        self.set_class(big == "huge", "-huge")
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
        self._show("#private-title", title)
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
        legal = self.legal_moves()
        if deciding:
            side = session.decision_side()
            if side == "banker":
                info.append(_("You choose freely: draw a third card or stand."))
            elif legal == ("draw",):
                info.append(
                    _("Your side holds 0–4: it must draw. Say carte: Enter (or d)."), "bold"
                )
            elif legal == ("stand",):
                info.append(
                    _("Your side holds 6 or 7: it must stand. Say non: Enter (or s)."), "bold"
                )
            else:
                info.append(
                    _("Your side holds 5: you choose. d: carte (draw) · s: non (stand)."), "bold"
                )
        else:
            info.append(_("Escape closes this view."), "dim")
        self._show("#private-info", info)
        self.query_one("#decide").display = deciding
        self.query_one("#draw", Button).display = "draw" in legal
        self.query_one("#stand", Button).display = "stand" in legal
        self.query_one("#advice", Button).display = self.may_ask_advice()
        self._show("#private-advice", self.advice_text())
        self.refresh_bindings()

    def _show(self, selector: str, text: Text) -> None:
        """A line of the view set, only when it changed (setting it draws it again)."""
        if self.redraws(selector, text_key(text)):
            self.query_one(selector, Static).update(text)

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
        session = self.banque.session
        limit = None if session is None else session.banker_fund_limit(self.who)
        if limit is not None:
            text.append(" ")
            text.append(
                _(
                    "A losing bank pays in order only as far as its fund: at most {fund} "
                    "chips lost, and each outcome is counted so."
                ).format(fund=limit),
                "dim",
            )
        return text

    def _side_moving(self) -> bool:
        session = self.banque.session
        return (
            session is not None
            and self.must_decide()
            and session.decision_side() in ("right", "left")
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("decide", "refuse"):
            move = "draw" if (parameters[0] if parameters else True) else "stand"
            legal = move in self.legal_moves()
            return legal if action == "decide" else self.must_decide() and not legal
        if action in ("say", "remind"):  # Enter: the forced move; at 5 a reminder
            return self._side_moving() and len(self.legal_moves()) == (1 if action == "say" else 2)
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
        self._show("#private-advice", self.advice_text())

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

    def action_say(self) -> None:
        """Enter at a side's forced move: say it."""
        legal = self.legal_moves()
        if len(legal) == 1:
            self.action_decide(legal[0] == "draw")

    def action_remind(self) -> None:
        """Enter at 5 takes no move: the player says d or s (reminded here only)."""
        if len(self.legal_moves()) == 2:
            self.query_one("#private-message", Static).update(
                Text(_("At 5 you choose: d says carte (draw), s says non (stand)."))
            )

    def action_refuse(self, draw: bool) -> None:
        """A move the cards do not allow: the engine's words, in this view only."""
        self.action_decide(draw)

    def action_decide(self, draw: bool) -> None:
        session = self.banque.session
        if session is None or not self.must_decide():
            return
        side = session.decision_side()
        assert side is not None
        try:
            events = session.perform(Draw(side=side) if draw else Stand(side=side))
        except IllegalAction as exc:
            self.query_one("#private-message", Static).update(Text(tell_error(exc)))
            return
        self.banque.announce(events)
        self.dismiss(None)
