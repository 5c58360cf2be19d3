"""``banque join``: one seat's own full-screen table, fed by the table server.

The screen draws the same widgets as the hot-seat table (tableaux, bank
band, log, road, action panel) from the :class:`~banque.session.board.Board` the
server made for this seat: the seat's own concealed cards are face up, the
others' face down until the reveal; there is no curtain and no hand-off.
Keys send acts; the server answers with the next snapshot (or says why it
refused, in the engine's words).  A seat's turn rings the terminal's bell.

The connection is anything with ``hello``, ``receive``, ``act`` and
``close`` (:class:`banque.net.client.Rejoining` over a socket,
:class:`banque.net.client.LocalConnection` in tests).  A host that is lost
(killed, crashed) is tried again by the connection on its own: meanwhile the
screen says so ("The host is gone — reconnecting… (attempt 3)"), takes no
act, and q leaves; once the host is back the seat is at the table again, at
the point the host's journal kept.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, ClassVar, Protocol, cast

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen

from ...games import GAMES
from ...games.banque.game import Event
from ...i18n import N_, _
from ...net.client import Rejoining, TableClient, parse_address
from ...net.protocol import msg_of, told
from ...net.server import TableError
from ...session.board import Board
from ..app import css_path
from ..games_base import TwoHandTable
from ..palette import GameCommand, GameCommands, TranslatedApp
from ..widgets import ActionPanel, BankBand, CoupLog, Scoreboard, Tableau
from ..widgets.action import AmountInput
from ..widgets.bars import KeyBar, TitleBar
from ..widgets.common import suits
from ..widgets.drawn import forget_drawn
from ..widgets.tableau import Bidder, show_tableaux
from .dialogs import BancoSplitScreen
from .hints import (
    burn_screen,
    croupier_hint,
    dealing_hint,
    offer_hint,
    replenish_hint,
    seating_bindings,
    seating_hint,
)
from .history import HistoryScreen

#: Which acts each of the screen's keys sends (when the seat may).
KEY_ACTS: dict[str, str] = {
    "deal": "deal",
    "retire": "retire",
    "pass": "pass",
    "banco": "banco",
    "ride": "wager",
    "draw": "draw",
    "stand": "stand",
    "seat": "seat",
    "shuffle": "shuffle",
    "next": "continue",
    "fresh": "fresh",
    "accept": "accept",
    "take": "take",
}
#: What Enter does, first found among the seat's acts.
MAIN_ACTS = ("deal", "seat", "shuffle", "continue", "fresh", "replenish", "take")


def _strategy_hint() -> str:
    """An expert's move waiting on its strategy (``{who}``), told in the language now."""
    return _("Waiting for {who}, working out its strategy (once per table)…")


class Connection(Protocol):
    state: Any

    async def hello(
        self, seat: str | None = None, token: str | None = None, spectator: bool = False
    ) -> dict[str, Any]: ...

    async def receive(self) -> dict[str, Any] | None: ...

    async def act(self, act: str, turn: int | None = None, **fields: Any) -> str: ...

    async def close(self) -> None: ...


class JoinedScreen(Screen[None]):
    """One seat's table (or a spectator's public one)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "main", _("Go"), id="join.main"),
        Binding("d", "send('draw')", _("Carte (draw)"), id="join.draw"),
        Binding("s", "send('stand')", _("Non (stand)"), id="join.stand"),
        Binding("p", "send('pass')", _("Pass"), id="join.pass"),
        Binding("a", "a_cheval", _("À cheval"), id="join.a_cheval"),
        Binding("b", "send('banco')", _("Banco"), id="join.banco"),
        Binding("r", "send('ride')", _("Ride"), id="join.ride"),
        Binding("x", "send('retire')", _("Retire"), id="join.retire"),
        Binding("o", "others", _("Others shuffle"), id="join.others"),
        # The houses' own acts: the hot-seat table's keys (and binding ids).
        Binding("u", "burn", _("Burn"), id="table.burn"),
        Binding("k", "send('accept')", _("Stakes accepted"), id="table.accept"),
        Binding("t", "send('take')", _("Take the bank"), show=False, id="table.take_t"),
        Binding("s", "switch_side", _("Other side"), id="table.switch_side"),
        Binding("c", "cutter", _("Cut by"), id="table.cutter"),
        # The banker arranging the seating (the hot-seat table's keys).
        *seating_bindings(
            side=lambda side: f"arrange('{side}')",
            order=lambda step: "arrange('up')" if step < 0 else "arrange('down')",
            reset="arrange('reset')",
        ),
        Binding("w", "arrange('watch')", _("Spectator"), id="table.spectator"),
        Binding("pageup", "log_page(-1)", show=False, priority=True, id="join.log_up"),
        Binding("pagedown", "log_page(1)", show=False, priority=True, id="join.log_down"),
        Binding("l", "history", _("Log"), show=False, id="join.history"),
    ]

    def __init__(self) -> None:
        super().__init__(classes="table-screen")
        self.a_cheval_mode = False
        self.others_shuffle = True
        #: hoyle: who the banker chooses to cut (``None``: the table's choice).
        self.cutter: str | None = None
        #: classic's spectators / hoyle's standing punters: the side a stake backs.
        self.backs: str | None = None
        #: The player chosen in the seating being arranged.
        self.selected: str | None = None
        self._action_context: tuple[object, ...] = ()
        self._events: list[Any] = []
        self._log_seen: tuple[int, int] = (0, 0)
        self._drawn = False

    @property
    def join_app(self) -> JoinApp:
        return cast("JoinApp", self.app)

    def compose(self) -> ComposeResult:
        yield TitleBar(icon="♠")
        with Horizontal(id="table"):
            yield Tableau("left", id="left")
            yield BankBand(id="bank")
            yield Tableau("right", id="right")
        with Horizontal(id="lower"):
            yield CoupLog(id="log")
            yield Scoreboard(id="road")
        yield ActionPanel(id="action")
        yield KeyBar(compact=True)

    def on_mount(self) -> None:
        amount = self.query_one("#amount", AmountInput)
        amount.submit_now = self._submit_amount
        amount.cursor_blink = self.join_app.blink
        self._drawn = True
        self.refresh_view()
        self.join_app.follow()

    def on_resize(self) -> None:
        if self._drawn:
            self.refresh_view()

    def on_screen_resume(self) -> None:
        if self._drawn:
            self.refresh_view()

    # ------------------------------------------------------------ what we know

    @property
    def view(self) -> dict[str, Any] | None:
        return self.join_app.state.view if self.join_app.state is not None else None

    @property
    def you(self) -> dict[str, Any]:
        view = self.view
        return (view or {}).get("you") or {"to_act": False, "acts": []}

    def _acts(self) -> list[str]:
        return list(self.you.get("acts") or [])

    # ------------------------------------------------------------ drawing

    def refresh_view(self) -> None:
        if not self._drawn:
            return
        app = self.join_app
        view = self.view
        panel = self.query_one(ActionPanel)
        if view is None:
            panel.set_prompt(app.status or _("Joining the table…"))
            panel.show_amount(False)
            panel.set_hint("")
            return
        board = Board.model_validate(view["board"])
        ascii_suits = app.ascii_suits
        big = app.card_size()
        self.set_class(big != "small", "-big")
        self.set_class(big == "huge", "-huge")
        selected = self._selected() if board.stage == "seating" else None
        # During the auction (no sides yet) the tableaux show everyone's balance.
        bidders = self._bidders(view, board.actor) if board.stage == "auction" else None
        show_tableaux(
            self, board, ascii_suits=ascii_suits, big=big, selected=selected, bidders=bidders
        )
        self.query_one("#bank", BankBand).show(board, ascii_suits=ascii_suits, big=big)
        log = app.state.log
        mark = (id(log), len(log))
        if mark != self._log_seen:
            self._events = [
                Event(
                    str(e.get("code", "")).split(".")[0],
                    str(e.get("text", "")),
                    int(e.get("bank", 0)),
                    int(e.get("coup", 0)),
                    str(e.get("code", "")),
                    dict(e.get("params") or {}),
                    msg_of(e.get("msg")),  # told in this seat's language
                )
                for e in log
            ]
            self._log_seen = mark
        self.query_one(CoupLog).show(self._events, ascii_suits=ascii_suits)
        self.query_one(Scoreboard).show(board)
        self._update_action(view, board)
        me = app.seat or _(app.watcher)
        rules = app.state.rules if app.state is not None else "home"
        tail = "" if rules == "home" else " · " + _("{rules} rules").format(rules=_(rules))
        if board.banker is None:
            self.sub_title = _("{me} · bank {n}: auction").format(me=me, n=board.bank_number) + tail
        else:
            self.sub_title = (
                _("{me} · bank {n} · coup {coup} · {banker} banks").format(
                    me=me, n=board.bank_number, coup=board.coup, banker=board.banker
                )
                + tail
            )
        self.refresh_bindings()

    def _bidders(self, view: dict[str, Any], actor: str | None) -> list[Bidder]:
        auction = view.get("auction") or {}
        bids = auction.get("bids") or {}
        spoken = set(auction.get("spoken") or [])
        seats = view.get("seats") or {}
        names = self.join_app.participants
        return [
            Bidder(
                key=str(i + 1) if i < 9 else "",
                name=name,
                balance=int((view.get("balances") or {}).get(name, 0)),
                said=_("bid {n}").format(n=bids[name])
                if name in bids
                else (_("passed") if name in spoken else ""),
                speaking=name == actor,
                computer=(seats.get(name) or {}).get("kind") == "computer",
            )
            for i, name in enumerate(names)
        ]

    def _update_action(self, view: dict[str, Any], board: Any) -> None:
        panel = self.query_one(ActionPanel)
        amount = self.query_one("#amount", AmountInput)
        you = self.you
        acts = self._acts()
        stage = board.stage
        context = (view["turn"], stage)
        fresh = context != self._action_context
        self._action_context = context
        app = self.join_app
        if fresh:
            panel.set_message("")
        if app.rejoining is not None:  # the host is lost: what is shown is not the table now
            panel.set_prompt(app.status)
            panel.show_amount(False)
            self.set_focus(None)
            panel.set_hint(_("q: quit (your seat is kept; banque join again joins it)"))
            return
        prompt = told(view.get("prompt_msg"), board.prompt)  # in this seat's language
        ended = view.get("ended")
        if stage == "ended" and ended:
            totals = ", ".join(
                f"{name} {total} ({total - 100:+d})" for name, total in ended["totals"].items()
            )
            prompt = _("{prompt} Totals: {totals}. Winner: {winners}.").format(
                prompt=prompt, totals=totals, winners=", ".join(ended["winners"])
            )
        if you.get("to_act") and stage not in ("settlement", "ended"):
            prompt = _("Your turn — {prompt}").format(prompt=prompt)
        panel.set_prompt(prompt)
        # An expert's move waiting on its strategy, still being worked out by the host.
        planning = view.get("planning")
        strategy = planning is not None and planning == board.actor
        if app.seat is None:
            panel.show_amount(False)
            self.set_focus(None)
            hint = _(app.watch_hint)
            if strategy:
                hint = _strategy_hint().format(who=planning) + " · " + hint
            panel.set_hint(hint)
            return
        if not you.get("to_act"):
            panel.show_amount(False)
            self.set_focus(None)
            waiting = view.get("waiting") or []
            if stage in ("settlement", "ended") and waiting:
                panel.set_hint(_("Waiting for {names}…").format(names=", ".join(waiting)))
            elif board.actor:
                seat = (view.get("seats") or {}).get(board.actor) or {}
                gone = seat.get("kind") == "human" and not seat.get("connected")
                if strategy:
                    hint = _strategy_hint()
                elif gone and seat.get("stand_in"):
                    hint = _("Waiting for {who} (gone: a computer plays the seat)…")
                elif gone:
                    hint = _("Waiting for {who} (gone: the seat is held)…")
                else:
                    hint = _("Waiting for {who}…")
                panel.set_hint(hint.format(who=board.actor))
            else:
                panel.set_hint("")
            return
        if stage == "auction":
            most = int(you.get("max_bid") or 0)
            label = _("The first bank's fund") if you.get("first_bank") else _("You bid")
            panel.show_amount(True, label, _("1–{n} chips").format(n=most))
            if fresh:
                default = you.get("default_bid")
                self._offer(amount, "" if default is None else str(default))
            if you.get("first_bank"):  # hoyle's option: the first on the list may hold it
                panel.set_hint(
                    _(
                        "Enter: the first bank's fund (you are first on the list) · p: pass "
                        "(the bank goes to auction)"
                    )
                )
            else:
                panel.set_hint(_("Enter: bid the amount typed (empty: pass) · p: pass"))
            if self.focused is not amount:  # focusing again would draw it again
                amount.focus()
        elif stage == "betting" and "wager" in acts:
            if fresh:
                self.a_cheval_mode = False
                default = you.get("default_stake") or 0
                self._offer(amount, str(default) if default else "")
            if fresh:
                self.backs = you.get("backs")
            most = int(you.get("max_a_cheval" if self.a_cheval_mode else "max_stake") or 0)
            label = _("You: à cheval") if self.a_cheval_mode else _("You stake")
            limit = (
                _("1–{n} chips on the {side}").format(n=most, side=_(self.backs))
                if self.backs and not self.a_cheval_mode
                else _("1–{n} chips").format(n=most)
            )
            panel.show_amount(True, label, limit)
            hints = [_("Enter: wager")]
            if you.get("a_cheval"):
                hints.append(_("a: à cheval off") if self.a_cheval_mode else _("a: à cheval"))
            if you.get("can_banco"):
                hints.append(_("b: banco ({n})").format(n=board.fund))
            if self.backs and not self.a_cheval_mode:
                hints.append(_("s: back the other side"))
            ride = you.get("ride")
            if ride:
                hints.append(_("r: let it ride ({n})").format(n=ride["amount"]))
            hints.append(_("p: pass"))
            panel.set_hint(" · ".join(hints))
            if self.focused is not amount:  # focusing again would draw it again
                amount.focus()
        else:
            panel.show_amount(False)
            self.set_focus(None)
            hints = []
            if stage == "betting":
                if "banco" in acts:
                    hints.append(_("b: banco ({n})").format(n=board.fund))
                hints.append(_("p: pass"))
            elif stage == "dealing" and "replenish" in acts:
                hints.append(replenish_hint(int((you.get("replenish") or {}).get("most") or 0)))
            elif stage == "dealing":
                hints.append(
                    dealing_hint(
                        burn=you.get("max_burn") if "burn" in acts else None,
                        accept=you.get("accept") if "accept" in acts else None,
                        retire="retire" in acts,
                        deal="deal" in acts,
                    )
                )
            elif stage == "offer":
                hints.append(offer_hint(app.seat or "", int(you.get("offer") or 0)))
            elif stage == "seating":
                chosen = self._selected()
                hints.append(
                    seating_hint(
                        str(you.get("extra_bettors") or "none"),
                        chosen,
                        chosen in (you.get("spectators") or []),
                        bool(you.get("precedence")),
                    )
                )
            elif stage == "shuffle" and you.get("croupier"):
                hints.append(croupier_hint(board.banker or "", self._cut_by()))
            elif stage == "shuffle":
                hints.append(
                    _("Enter: shuffle and cut · o: others shuffle ({yes})").format(
                        yes=_("yes") if self.others_shuffle else _("no")
                    )
                )
            elif stage == "decision":
                if "draw" in acts:
                    hints.append(_("d: carte (draw)"))
                if "stand" in acts:
                    hints.append(_("s: non (stand)"))
            elif stage == "settlement":
                hints.append(_("Enter: next coup"))
            elif stage == "ended" and you.get("offer"):
                hints.append(
                    _("Enter: on to the bank offered at its size ({n}) · ctrl+q: leave").format(
                        n=you["offer"]
                    )
                )
            elif stage == "ended":
                hints.append(_("Enter: a fresh bank · ctrl+q: leave"))
            panel.set_hint(" · ".join(hints))

    @staticmethod
    def _offer(amount: AmountInput, text: str) -> None:
        amount.value = text
        amount.select_all()

    # ------------------------------------------------------------ acting

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("log_page", "history"):
            return True
        if self.join_app.rejoining is not None:  # the host is lost: no act until it is back
            return False
        if self.join_app.seat is None or not self.you.get("to_act"):
            return False
        acts = self._acts()
        if action == "main":
            return any(a in acts for a in MAIN_ACTS)
        if action == "send":
            key = str(parameters[0]) if parameters else ""
            if key == "ride":
                return bool(self.you.get("ride"))
            return KEY_ACTS.get(key, key) in acts
        if action == "a_cheval":
            return bool(self.you.get("a_cheval"))
        if action == "others":
            return "shuffle" in acts and not self.you.get("croupier")
        if action == "burn":
            return "burn" in acts
        if action == "seat_cursor":
            return "arrange" in acts
        if action == "arrange":
            move = str(parameters[0]) if parameters else ""
            if move == "watch":
                return "arrange" in acts and bool(self.you.get("extra_bettors"))
            if move != "reset" and self.you.get("precedence"):  # classic: seats by precedence
                return False
            return "arrange" in acts
        if action == "cutter":
            return "shuffle" in acts and bool(self.you.get("croupier"))
        if action == "switch_side":
            return "wager" in acts and bool(self.backs) and not self.a_cheval_mode
        return True

    def action_main(self) -> None:
        acts = self._acts()
        for act in MAIN_ACTS:
            if act in acts:
                fields: dict[str, Any] = {}
                if act == "shuffle":
                    fields["others_shuffle"] = self.others_shuffle
                    if self.you.get("croupier"):
                        fields["cut"] = self._cut_by()
                self.join_app.send_act(act, **fields)
                return

    def action_send(self, key: str) -> None:
        if key == "ride":
            ride = self.you.get("ride")
            if ride:
                fields = {"side": self.backs} if self.backs and not ride["a_cheval"] else {}
                self.join_app.send_act("wager", ride=True, **fields)
            return
        if key == "banco" and self.you.get("banco_split"):
            self._banco_split()
            return
        self.join_app.send_act(KEY_ACTS.get(key, key))

    # ------------------------------------------------------------ the houses' own acts

    def _banco_split(self) -> None:
        """classic: the caller plays both hands and divides the fund between them."""
        split = self.you["banco_split"]
        fund = int(split["fund"])

        def check(right: int, left: int) -> str | None:
            if right < 0 or left < 0 or right + left != fund:
                return _(
                    "A banco stakes the whole fund of {n}: right and left must add up to {n}."
                ).format(n=fund)
            return None  # the house's division is the table's to check

        def chosen(answer: tuple[int, int] | None) -> None:
            if answer is not None:
                self.join_app.send_act("banco", split={"right": answer[0], "left": answer[1]})

        seat = self.join_app.seat or ""

        def rule() -> str:  # in this seat's language when the table sends it as a message
            return told(split.get("rule_msg"), split["rule"])

        self.app.push_screen(BancoSplitScreen(seat, fund, check, rule), chosen)

    def _draft_order(self) -> list[str]:
        """The seating being arranged, in the hot-seat table's order (left, right, out)."""
        draft = self.you.get("draft") or {}
        return [
            *(draft.get("left") or []),
            *(draft.get("right") or []),
            *(self.you.get("spectators") or []),
        ]

    def _selected(self) -> str | None:
        order = self._draft_order()
        if self.selected not in order:
            self.selected = order[0] if order else None
        return self.selected

    def action_seat_cursor(self, delta: int) -> None:
        order = self._draft_order()
        if not order:
            return
        current = self._selected()
        i = order.index(current) if current in order else 0
        self.selected = order[(i + delta) % len(order)]
        self.refresh_view()

    def action_arrange(self, move: str) -> None:
        """Move the chosen player (the table arranges; every screen shows it)."""
        if move == "reset":
            self.join_app.send_act("arrange", move="reset")
            return
        who = self._selected()
        if who is not None:
            self.join_app.send_act("arrange", player=who, move=move)

    def action_burn(self) -> None:
        """classic: the banker burns 1 to 6 cards (a digit), shown to all."""

        def chosen(count: int | None) -> None:
            if count:
                self.join_app.send_act("burn", count=count)

        most = int(self.you.get("max_burn") or 0)
        self.app.push_screen(burn_screen(self.join_app.seat or "", most), chosen)

    def _cut_by(self) -> str:
        cutters = list(self.you.get("cutters") or [])
        if self.cutter in cutters:
            return str(self.cutter)
        return str(self.you.get("cut") or (cutters[0] if cutters else ""))

    def action_cutter(self) -> None:
        """hoyle: the banker chooses who cuts (the next one, round the table)."""
        cutters = list(self.you.get("cutters") or [])
        if not cutters:
            return
        now = self._cut_by()
        i = cutters.index(now) if now in cutters else -1
        self.cutter = cutters[(i + 1) % len(cutters)]
        self.refresh_view()

    def action_switch_side(self) -> None:
        """A spectator's (or standing punter's) stake backs the other side."""
        self.backs = "left" if self.backs == "right" else "right"
        self.refresh_view()

    def action_a_cheval(self) -> None:
        self.a_cheval_mode = not self.a_cheval_mode
        view = self.view
        if view is not None:
            self._update_action(view, Board.model_validate(view["board"]))
        self.refresh_bindings()

    def action_others(self) -> None:
        self.others_shuffle = not self.others_shuffle
        self.refresh_view()

    def action_history(self) -> None:
        """The whole log (what this seat has been told) on its own screen."""
        self.app.push_screen(JoinedHistory())

    def action_log_page(self, direction: int) -> None:
        log = self.query_one(CoupLog)
        if direction < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def _submit_amount(self, text: str) -> bool:
        acts = self._acts()
        if not self.you.get("to_act"):
            return True
        text = text.strip()
        if "bid" in acts:
            if not text and self.you.get("first_bank"):  # hoyle: p passes, Enter holds it
                self.query_one(ActionPanel).set_message(
                    _("Type the first bank's fund in whole chips.")
                )
            elif not text:
                self.join_app.send_act("pass")
            elif text.isdigit():
                self.join_app.send_act("bid", amount=int(text))
            return True
        if "wager" in acts:
            if not text.isdigit():
                self.query_one(ActionPanel).set_message(
                    _("Type a stake in whole chips, or press p to pass.")
                )
                return True
            fields: dict[str, Any] = {}
            if self.backs and not self.a_cheval_mode:
                fields["side"] = self.backs
            self.join_app.send_act("wager", amount=int(text), a_cheval=self.a_cheval_mode, **fields)
            return True
        return False

    def show_error(self, message: str) -> None:
        self.query_one(ActionPanel).set_message(message, "error")

    async def retranslate(self) -> None:
        """The language changed (the palette): the log, the titles, the prompt and the
        keys told again in it (a refusal shown in the old language goes)."""
        forget_drawn(self)
        self.query_one(CoupLog).retell()
        self.query_one(Scoreboard).border_title = _("Road")
        self.query_one(ActionPanel).set_message("")
        self.refresh_view()
        self.refresh_bindings()


class JoinedHistory(HistoryScreen):
    """The whole log, as this seat was told it."""

    def _lines(self) -> list[str]:
        app = cast("JoinApp", self.app)
        log = app.state.log if app.state is not None else []
        return [suits(told(e.get("msg"), e.get("text", "")), app.ascii_suits) for e in log]


class JoinApp(TranslatedApp):
    """The ``banque join`` app: one seat at a hosted table."""

    CSS_PATH = css_path()
    TITLE = "banque"
    COMMANDS: ClassVar[set[Any]] = {*TranslatedApp.COMMANDS, GameCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "ascii", _("ASCII suits"), show=False, id="join.ascii"),
        Binding("f1,question_mark", "help", _("Help"), key_display="F1", id="join.help"),
        Binding("q", "leave_lost", _("Quit"), id="join.quit_lost"),
    ]

    def __init__(
        self,
        connect: Callable[[], Awaitable[Connection]],
        seat: str | None,
        token: str | None = None,
        *,
        blink: bool = True,
        ascii_suits: bool = False,
    ) -> None:
        super().__init__()
        self.connect = connect
        self.seat = seat
        self.token = token
        self.blink = blink
        self.plain_output = False
        self.ascii_suits = ascii_suits or bool(os.environ.get("BANQUE_ASCII"))
        self.connection: Connection | None = None
        self.state: Any = None
        self.status = ""
        self.participants: list[str] = []
        self._rang: int = 0
        self._following = False
        self._leaving = False
        self.farewell = ""
        #: The host is lost and being tried again: the attempts so far (``None``: not lost).
        self.rejoining: int | None = None
        #: A spectator's name in the title, and its hint (the host's own screen says more):
        #: message ids, told where shown (in the language chosen since, too).
        self.watcher = N_("spectator")
        self.watch_hint = N_("Watching (public view) · ctrl+q: leave")

    def card_size(self) -> str:
        if self.size.width >= 160 and self.size.height >= 48:
            return "huge"
        return "big" if self.size.width >= 110 and self.size.height >= 36 else "small"

    def on_mount(self) -> None:
        self.push_screen(JoinedScreen())

    def follow(self) -> None:
        """The screen is up: connect, join, and follow the table (once)."""
        if not self._following:
            self._following = True
            self.run_worker(self._follow_table(), exclusive=True, group="connection")

    async def _follow_table(self) -> None:
        try:
            conn = await self.connect()
            self.connection = conn
            self.state = conn.state
            await conn.hello(self.seat, self.token, spectator=self.seat is None)
        except TableError as exc:
            self._leave(1, f"banque: {exc}")
            return
        self.participants = list(self.state.participants)
        game = GAMES.get(self.state.game)
        if game is not None and game.two_hands:  # its own table, fed remotely
            # deferred: start-up cost: a seat at a banque table loads no two-hand table
            # (~15-55 ms, python -X importtime)
            from .joined_two_hands import joined_table

            await self.switch_screen(joined_table(self.state, self.send_act))
            self.table_shown()
        while True:
            message = await conn.receive()
            if message is None:
                self._leave(
                    1, self.state.closed or _("The table has closed (or the line dropped).")
                )
                return
            kind = message.get("type")
            if kind in ("lost", "rejoining", "rejoined"):
                self._host_lost(message)
                continue
            if kind == "view":
                self._ring()
            screen: Any = self.screen
            if not hasattr(screen, "show_error"):
                continue  # the help is open: the table is drawn again when it closes
            if kind == "view":
                screen.refresh_view()
            elif kind == "error":
                words = told(message.get("msg"), message.get("message"))  # this seat's language
                if message.get("code") in ("closing", "replaced"):
                    self._leave(0, words)
                    return
                screen.show_error(words)
                self.bell()

    def table_shown(self) -> None:
        """A two-hand game's table is up (its welcome named the game)."""

    def _host_lost(self, message: dict[str, Any]) -> None:
        """The connection lost the host, tries again, or is back (its own messages)."""
        kind = message.get("type")
        if kind == "rejoined":
            self.rejoining = None
            self.status = ""
            self.notify(_("The host is back: you are at the table again."), timeout=4)
        else:
            attempt = int(message.get("attempt") or 0)
            self.rejoining = attempt
            self.status = (
                _("The host is gone — reconnecting… (attempt {n})").format(n=attempt)
                if attempt
                else _("The host is gone — reconnecting…")
            )
        self.refresh_bindings()
        screen: Any = self.screen
        if hasattr(screen, "show_error"):
            screen.refresh_view()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave_lost":
            return self.rejoining is not None
        return super().check_action(action, parameters)

    async def action_leave_lost(self) -> None:
        """q while the host is lost: leave (the seat is kept in the host's journal)."""
        if self.rejoining is not None:
            await self.action_quit()

    def _ring(self) -> None:
        """A bell once when it becomes this seat's turn."""
        state = self.state
        if state is None or not state.my_turn():
            return
        if state.turn != self._rang:
            self._rang = state.turn
            self.bell()

    def send_act(self, act: str, **fields: Any) -> None:
        conn = self.connection
        if conn is None:
            return
        self.run_worker(conn.act(act, **fields), group="acts")

    def send_acts(self, acts: list[tuple[str, dict[str, Any]]]) -> None:
        """Several acts, sent in their order (punto banco's bets, then its deal)."""
        conn = self.connection
        if conn is None:
            return

        async def send() -> None:
            for act, fields in acts:
                await conn.act(act, **fields)

        self.run_worker(send(), group="acts")

    def _leave(self, code: int, message: str) -> None:
        if self._leaving:
            return
        self._leaving = True
        self.farewell = message
        self.exit(code, message=Text(message) if message else None)

    async def action_quit(self) -> None:
        """ctrl+q: leave the table (the seat is held; joining again picks it up)."""
        if self._leaving:
            return
        self._leaving = True
        self.workers.cancel_group(self, "connection")
        if self.connection is not None:
            await self.connection.close()
        if self.rejoining is not None:
            self.farewell = _(
                "You left while the host was gone; your seat is kept: once the host is "
                "back, banque join again picks it up."
            )
        else:
            self.farewell = _(
                "You left the table; your seat is held: banque join again picks it up."
            )
        self.exit(0, message=Text(self.farewell))

    def signal_farewell(self) -> Text | None:
        """A signal (SIGTERM, SIGHUP: a closed terminal…) leaves as ctrl+q does: the seat
        is held (the terminal restored: :class:`~banque.table.signals.SignalExitApp`)."""
        self._leaving = True
        self.farewell = _("You left the table; your seat is held: banque join again picks it up.")
        return Text(self.farewell)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield from self.language_commands()  # a switch draws the table again in the language

    def game_commands(self, screen: Screen[Any]) -> list[GameCommand]:
        """At a chemin de fer or punto banco seat: the game's commands, as at the local
        table (the screen is the same)."""
        return screen.palette_commands() if isinstance(screen, TwoHandTable) else []

    def action_help(self) -> None:
        # deferred: start-up cost: a seat's first screen does without the help's Markdown
        # parser (~45-160 ms, python -X importtime), loaded on the first F1
        from .help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            # The table's rules: under classic or hoyle the help opens with their differences.
            rules = self.state.rules if self.state is not None else "home"
            self.push_screen(HelpScreen(rules))

    def action_ascii(self) -> None:
        self.ascii_suits = not self.ascii_suits
        screen = self.screen
        if isinstance(screen, JoinedScreen):
            screen.refresh_view()


def run_join(address: str | None, seat: str | None, token: str | None) -> int:
    """``banque join``: connect, then the full-screen table until the seat leaves."""
    where = parse_address(address)

    async def connect() -> Connection:
        # The first connection is made at once (an unreachable table is said in one
        # line); a host lost later is tried again by the connection itself.
        return Rejoining(lambda: TableClient.open(where))

    app = JoinApp(connect, seat, token)
    code = app.run()
    return int(code or 0)
