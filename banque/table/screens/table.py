"""The table: two tableaux and the bank band, the log, the road, the action panel."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Static

from ...core.errors import IllegalAction
from ...core.messages import tell, tell_error
from ...core.models import (
    Accept,
    Banco,
    Bid,
    Burn,
    Deal,
    Draw,
    Pass,
    Replenish,
    Retire,
    Stand,
    Take,
    Wager,
)
from ...games.banque.game import SIDES, Event
from ...i18n import _
from ...session.session import COMPUTER_STAGES, SEAT_KEYS, Board, Session, Stage
from ..widgets import ActionPanel, BankBand, CoupLog, Scoreboard, Tableau
from ..widgets.action import AmountInput, EngineValidator
from ..widgets.bars import KeyBar, TitleBar
from ..widgets.drawn import Remembers, forget_drawn
from ..widgets.tableau import Bidder, show_tableaux
from .dialogs import BancoSplitScreen, ConfirmScreen, SeatPickerScreen
from .hints import (
    burn_screen,
    croupier_hint,
    dealing_hint,
    decision_hint,
    offer_hint,
    replenish_hint,
    seating_bindings,
    seating_hint,
)
from .history import HistoryScreen

if TYPE_CHECKING:
    from ..app import BanqueApp

#: Which stages each of the table's actions belongs to.
ACTION_STAGES: dict[str, set[Stage]] = {
    "deal": {"dealing"},
    "call_decider": {"decision"},
    "say": {"decision"},
    "look": {"decision"},
    "decide": {"decision"},
    "next_coup": {"settlement"},
    "seat_confirm": {"seating"},
    "shuffle": {"shuffle"},
    "retire": {"dealing"},
    "retire_settled": {"settlement"},
    "retire_early": {"betting"},
    "pass": {"auction", "betting"},
    "a_cheval": {"betting"},
    "banco": {"betting"},
    "ride": {"betting"},
    "pick_seat": {"auction", "betting"},
    "seat_cursor": {"seating"},
    "seat_side": {"seating"},
    "seat_order": {"seating"},
    "seat_reset": {"seating"},
    "cutter": {"shuffle"},
    "others": {"shuffle"},
    "view_seat": {"seating", "shuffle", "dealing", "decision", "settlement", "offer"},
    "spectator": {"seating"},
    "switch_side": {"betting"},
    "burn": {"dealing"},
    "accept": {"dealing"},
    "replenish": {"dealing"},
    "take": {"offer"},
    "decline": {"offer"},
}
#: Actions any participant may take whoever the actor is.
FREE_ACTIONS = {"pick_seat", "view_seat", "next_coup"}


class TableScreen(Remembers, Screen[None]):
    """The table: never a concealed card on it but the one human's own.

    With one human against computers the screen is that human's alone: it is drawn
    for those eyes (their own concealed cards face up, the computers' never), and
    they decide here (Enter says a forced move, d or s a choice), with no curtain;
    with several humans it is the public table, and a decision opens a curtain.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "deal", _("Deal"), id="table.deal"),
        Binding("enter", "call_decider", _("Hand over"), id="table.call"),
        # The one human against computers decides here, on a screen nobody else reads.
        Binding("enter", "say", _("Say it"), id="table.say"),
        Binding("enter", "look", _("Your view"), id="table.look"),
        Binding("d", "decide(True)", _("Draw"), id="table.draw"),
        Binding("s", "decide(False)", _("Stand"), id="table.stand"),
        Binding("enter", "next_coup", _("Next"), id="table.next"),
        Binding("enter", "seat_confirm", _("Seat them"), id="table.seat"),
        Binding("enter", "shuffle", _("Shuffle & cut"), id="table.shuffle"),
        Binding("enter", "replenish", _("Replenish"), id="table.replenish"),
        Binding("enter", "take", _("Take the bank"), id="table.take"),
        Binding("t", "take", _("Take the bank"), show=False, id="table.take_t"),
        Binding("p", "decline", _("Pass"), id="table.decline"),
        Binding("u", "burn", _("Burn"), id="table.burn"),
        Binding("k", "accept", _("Stakes accepted"), id="table.accept"),
        Binding("w", "spectator", _("Spectator"), id="table.spectator"),
        Binding("s", "switch_side", _("Other side"), id="table.switch_side"),
        Binding("d", "deal", _("Deal"), show=False, id="table.deal_d"),
        Binding("x", "retire", _("Retire"), id="table.retire"),
        Binding("x", "retire_early", _("Retire"), show=False, id="table.retire2"),
        # (at the settlement too: not in the key bar, where Enter goes on; F1 says it)
        Binding("x", "retire_settled", _("Retire"), show=False, id="table.retire3"),
        Binding("p", "pass", _("Pass"), id="table.pass"),
        Binding("a", "a_cheval", _("À cheval"), id="table.a_cheval"),
        Binding("b", "banco", _("Banco"), id="table.banco"),
        Binding("r", "ride", _("Ride"), id="table.ride"),
        Binding("v", "pick_seat", _("Views"), id="table.views"),
        *seating_bindings(
            side=lambda side: f"seat_side('{side}')",
            order=lambda step: f"seat_order({step})",
            reset="seat_reset",
        ),
        # The log: the latest events by page, the whole of it on its own screen.
        Binding("pageup", "log_page(-1)", show=False, priority=True, id="table.log_up"),
        Binding("pagedown", "log_page(1)", show=False, priority=True, id="table.log_down"),
        Binding("l", "history", _("Log"), show=False, priority=True, id="table.history"),
        Binding("c", "cutter", _("Cut by"), id="table.cutter"),
        Binding("o", "others", _("Others shuffle"), id="table.others"),
        *[
            Binding(
                key,
                f"view_seat({i})",
                _("Seat views"),
                show=i == 0,
                key_display="1-9" if i == 0 else None,
                id=f"table.seat{i}",
            )
            for i, key in enumerate(SEAT_KEYS)
        ],
    ]

    def __init__(self) -> None:
        super().__init__(classes="table-screen")
        self.selected: str | None = None
        self.a_cheval_mode = False
        self._action_context: tuple[object, ...] = ()

    @property
    def banque(self) -> BanqueApp:
        return cast("BanqueApp", self.app)

    @property
    def session(self) -> Session:
        session = self.banque.session
        assert session is not None
        return session

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield TitleBar(icon="♠")
        # While the journal cannot be written: why, until it can be (not a toast).
        yield Static("", id="journal-banner", classes="journal-banner")
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
        amount.validators = [EngineValidator(self._check_amount)]
        amount.submit_now = self._submit_amount
        amount.cursor_blink = self.banque.blink
        self.refresh_table()
        if self.session.notice:
            self.banque.notify(tell(self.session.notice), severity="warning", timeout=20)
            self.session.notice = None

    def on_screen_resume(self) -> None:
        self.refresh_table()

    def on_resize(self) -> None:
        if self.banque.session is not None:
            self.refresh_table()

    # ------------------------------------------------------------ drawing

    async def retranslate(self) -> None:
        """The language changed (the palette): draw everything again in it."""
        forget_drawn(self)
        self.query_one(CoupLog).retell()
        self.query_one(Scoreboard).border_title = _("Road")
        self.query_one(ActionPanel).set_message("")  # a refusal told in the old language goes
        self.refresh_table()
        amount = self.query_one("#amount", AmountInput)
        if self.query_one("#amount-row").display and amount.value:
            self._show_check(amount.value)  # the typed stake's note, told again

    def refresh_table(self) -> None:
        app = self.banque
        session = app.session
        if session is None:
            return
        notice = app.journal_notice()
        banner = self.query_one("#journal-banner", Static)
        banner.display = notice is not None
        if notice is not None and self.redraws("journal", notice):
            banner.update(Text(notice))
        board = self.board()
        stage = board.stage
        big = app.card_size()
        self.set_class(big != "small", "-big")
        self.set_class(big == "huge", "-huge")
        ascii_suits = app.ascii_suits
        selected = self._selected() if stage == "seating" else None
        # During the auction (no sides yet) the tableaux show everyone's balance.
        bidders = self._bidders() if stage == "auction" else None
        show_tableaux(
            self, board, ascii_suits=ascii_suits, big=big, selected=selected, bidders=bidders
        )
        self.query_one("#bank", BankBand).show(board, ascii_suits=ascii_suits, big=big)
        self.query_one(CoupLog).show(session.messages, ascii_suits=ascii_suits)
        self.query_one(Scoreboard).show(board)
        self._update_action(board)
        self.sub_title = self._sub_title(board)
        self.refresh_bindings()
        self.call_after_refresh(app.after_refresh, stage)

    def _bidders(self) -> list[Bidder]:
        """Every participant's balance and bid (or pass) in the auction under way."""
        session = self.session
        game = session.game
        open_auction = game.phase == "auction"
        bids = game.bids if open_auction else {}
        # A fresh bank's passes before its first bid: kept by the session (if it
        # keeps them; an engine that opens the auction on a pass has them in spoken).
        early = getattr(session, "fresh_passes", ())
        spoken = set(game.spoken if open_auction else early)
        who = session.actor()
        return [
            Bidder(
                key=session.seat_key(name),
                name=name,
                balance=game.balances.get(name, 0),
                said=_("bid {n}").format(n=bids[name])
                if name in bids
                else (_("passed") if name in spoken else ""),
                speaking=name == who,
                computer=name in session.computers,
            )
            for name in game.participants
        ]

    def _sub_title(self, board: Board) -> str:
        rules = self.session.game.rules
        tail = "" if rules == "home" else " · " + _("{rules} rules").format(rules=_(rules))
        if board.banker is None:
            return _("Bank {n}: auction").format(n=board.bank_number) + tail
        return (
            _("Bank {n} · coup {coup} · {banker} banks").format(
                n=board.bank_number, coup=board.coup, banker=board.banker
            )
            + tail
        )

    def _selected(self) -> str | None:
        order = self.session.draft_order()
        if self.selected not in order:
            self.selected = order[0] if order else None
        return self.selected

    def board(self) -> Board:
        """The table as this screen's eyes may see it: the one human's against
        computers, else the public's."""
        return self.session.board(self.banque.sole_human())

    def _own_decision(self) -> tuple[str, ...] | None:
        """The one human's decision now: the moves its cards allow (``None``: not theirs)."""
        session = self.banque.session
        if session is None or session.stage() != "decision":
            return None
        who = session.actor()
        if who is None or who != self.banque.sole_human():
            return None
        return tuple(session.observation(who).acts)

    def _update_action(self, board: Board) -> None:
        session = self.session
        panel = self.query_one(ActionPanel)
        stage = board.stage
        who = board.actor
        game = session.game
        context = (stage, who, game.bank_number, board.coup, len(game.actions))
        fresh_context = context != self._action_context
        self._action_context = context
        amount = self.query_one("#amount", AmountInput)
        computer = who is not None and session.kind(who) == "computer"
        panel.set_prompt(board.prompt)
        if fresh_context:
            panel.set_message("")
        if computer and stage in COMPUTER_STAGES:
            assert who is not None
            panel.show_amount(False)
            self.set_focus(None)
            if app_paused := self.banque.paused:
                hint = _("Computer players paused · space: resume · .: one move")
            elif session.plan_wait() == who:
                hint = _("{who} is working out its strategy (once per table)…").format(who=who)
            else:
                hint = _("{who} is thinking…").format(who=session.describe(who))
            if session.all_computers():
                hint += " · " + _("watching: every seat is a computer · ctrl+q: quit")
            elif not app_paused:
                hint += " · " + _("space: pause")
            panel.set_hint(hint)
            return
        if stage == "auction":
            assert who is not None
            most = game.balances.get(who, 0)
            panel.show_amount(
                True, _("{who} bids").format(who=who), _("1–{n} chips").format(n=most)
            )
            if fresh_context:
                default = session.default_bid(who)
                self._offer(amount, "" if default is None else str(default))
            panel.set_hint(_("Enter: bid the amount typed (empty: pass) · p: pass"))
            if self.focused is not amount:  # focusing again would draw it again
                amount.focus()
        elif stage == "betting" and not game.max_stake(who or ""):
            # After a banco call (or with the cover gone), only banco or pass remain:
            # no amount field and no wager or ride hint that would then be refused.
            assert who is not None
            panel.show_amount(False)
            self.set_focus(None)
            hints = []
            if game.may_banco(who):
                hints.append(_("b: banco ({n})").format(n=game.fund))
            hints += [_("p: pass"), _("v: a seat's view")]
            panel.set_hint(" · ".join(hints))
        elif stage == "betting":
            assert who is not None
            if fresh_context:
                self.a_cheval_mode = False
                default = session.default_stake(who)
                self._offer(amount, str(default) if default else "")
            most = game.max_a_cheval(who) if self.a_cheval_mode else game.max_stake(who)
            label = (
                _("{who}: à cheval").format(who=who)
                if self.a_cheval_mode
                else _("{who} stakes").format(who=who)
            )
            backed = session.bet_side(who)
            limit = (
                _("even, 2–{n} · half on each side").format(n=most)
                if self.a_cheval_mode
                else _("1–{n} chips on the {side}").format(n=most, side=_(backed) if backed else "")
            )
            panel.show_amount(True, label, limit)
            hints = [_("Enter: wager")]
            if game.max_a_cheval(who):
                hints.append(_("a: à cheval off") if self.a_cheval_mode else _("a: à cheval"))
            if game.may_banco(who):
                hints.append(_("b: banco ({n})").format(n=game.fund))
            if session.may_switch(who) and not self.a_cheval_mode:
                hints.append(_("s: back the other side"))
            ride = session.ride(who)
            if ride is not None:
                hints.append(_("r: let it ride ({n})").format(n=ride[0]))
            hints.append(_("p: pass"))
            hints.append(_("v: a seat's view"))
            panel.set_hint(" · ".join(hints))
            if self.focused is not amount:  # focusing again would draw it again
                amount.focus()
            if fresh_context and amount.value:
                amount.validate(amount.value)
                self._show_check(amount.value)
        else:
            panel.show_amount(False)
            self.set_focus(None)
            if stage == "seating":
                chosen = self._selected()
                panel.set_hint(
                    seating_hint(
                        game.house.extra_bettors,
                        chosen,
                        chosen in session.draft_spectators(),
                        game.house.seating == "precedence",
                    )
                )
            elif stage == "shuffle" and game.house.croupier:
                panel.set_hint(croupier_hint(game.banker or "", session.cut_by()))
            elif stage == "shuffle":
                shufflers = session.shufflers()
                first = (
                    _("{names}, then {banker} last").format(
                        names=", ".join(shufflers), banker=game.banker
                    )
                    if shufflers
                    else _("{banker} alone").format(banker=game.banker)
                )
                panel.set_hint(
                    _(
                        "Shuffled by {first}; cut by {cut}. c: change who cuts · o: others "
                        "shuffle or not · Enter: shuffle and cut"
                    ).format(first=first, cut=session.cut_by())
                )
            elif stage == "dealing" and game.broken:
                panel.set_hint(
                    replenish_hint(min(game.bank_bid, game.balances.get(game.banker or "", 0)))
                )
            elif stage == "dealing":
                panel.set_hint(
                    dealing_hint(
                        burn=game.house.max_burn if game.can_burn(1) else None,
                        accept=game.staked() - game.fund if game.can_accept() else None,
                        retire=game.can_retire(),
                        deal=game.can_deal(),
                    )
                )
            elif stage == "offer":
                panel.set_hint(offer_hint(who or "", game.offer_size))
            elif stage == "decision" and (legal := self._own_decision()) is not None:
                panel.set_hint(decision_hint(legal, banker=session.decision_side() == "banker"))
            elif stage == "decision":
                panel.set_hint(
                    _(
                        "{who} decides on concealed cards: Enter passes the keyboard to {who} "
                        "for a private look."
                    ).format(who=who)
                )
            elif stage == "settlement":
                if session.all_computers():
                    panel.set_hint(
                        _("Computer players paused · space: resume · Enter or .: go on")
                        if self.banque.paused
                        else _(
                            "Watching: the table goes on by itself · Enter: go on now · "
                            "space: pause · ctrl+q: quit"
                        )
                    )
                elif game.phase == "ended":
                    panel.set_hint(_("Enter: the bank's standings"))
                else:
                    panel.set_hint(_("Enter: next coup · 1-9: a seat's view"))
            else:
                panel.set_hint("")

    @staticmethod
    def _offer(amount: AmountInput, text: str) -> None:
        """Offer a default amount, all of it selected: the first key typed replaces it.

        Needed also when the field keeps focus from one seat's turn to the next
        (no focus event then selects it), and when the new default equals the last.
        """
        amount.value = text
        amount.select_all()

    # ------------------------------------------------------------ acting

    def act(self, step: Callable[[], list[Event]]) -> bool:
        """Run one act; a refusal shows the engine's words and changes nothing."""
        try:
            events = step()
        except IllegalAction as exc:
            message = tell_error(exc)
            if exc.rule == "forced" and self._own_decision() is None:
                # it names a concealed total: for its holder only (the one human's
                # own screen may say it)
                message = _(
                    "That move is not allowed for this hand: its holder's private view says why."
                )
            self.query_one(ActionPanel).set_message(message, "error")
            self.app.bell()
            if exc.rule == "journal":
                self.banque.watch_journal()
            return False
        except Exception as exc:  # a bug: the players never see a traceback
            self.banque.report_bug(exc)
            self.refresh_table()
            return False
        self.banque.announce(events)
        self.refresh_table()
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        stages = ACTION_STAGES.get(action)
        if stages is None:
            return True
        session = self.banque.session
        if session is None:
            return False
        stage = session.stage()
        if stage not in stages:
            return False
        who = session.actor()
        if action not in FREE_ACTIONS and who is not None and session.kind(who) == "computer":
            return False
        game = session.game
        if action == "call_decider":
            return who != self.banque.sole_human()
        if action in ("say", "look", "decide"):
            legal = self._own_decision()
            if legal is None:
                return False
            return len(legal) == 1 if action == "say" else action == "decide" or len(legal) > 1
        if action == "deal":  # (hoyle: not when the banker cannot hold the stakes)
            return game.can_deal()
        if action == "replenish":
            return game.broken
        if action == "burn":
            return game.can_burn(1)
        if action == "accept":
            return game.can_accept()
        if action == "spectator":
            return game.house.extra_bettors != "none"
        if action in ("seat_side", "seat_order"):  # classic: the seats go by precedence
            return game.house.seating != "precedence"
        if action == "others":  # hoyle: the croupier hands the cards on
            return not game.house.croupier
        if action == "switch_side":
            return bool(who and session.may_switch(who) and game.max_stake(who))
        if action == "retire_settled":  # a human banker, as the coup's settlement shows
            banker = game.banker
            return banker is not None and session.kind(banker) == "human" and game.can_retire()
        if action in ("retire", "retire_early"):
            return game.can_retire()
        if action == "a_cheval":
            return bool(who and game.max_a_cheval(who))
        if action == "banco":
            return bool(who and game.may_banco(who))
        if action == "ride":
            return bool(who and game.max_stake(who) and session.ride(who) is not None)
        if action == "view_seat":
            index = cast(int, parameters[0]) if parameters else 0
            return index < len(game.participants)
        return True

    def _check_amount(self, text: str) -> tuple[bool, str]:
        session = self.banque.session
        if session is None:
            return True, ""
        stage = session.stage()
        who = session.actor()
        if who is None:
            return True, ""
        if stage == "betting":
            return session.check_stake(who, text, self.a_cheval_mode)
        if stage == "auction":
            text = text.strip()
            if not text:
                return True, ""
            try:
                session.game.verify_bid(who, int(text))
            except IllegalAction as exc:
                return False, tell_error(exc)
        return True, ""

    @on(Input.Changed, "#amount")
    def _amount_changed(self, event: Input.Changed) -> None:
        result = event.validation_result
        if result is not None and not result.is_valid:
            self.query_one(ActionPanel).set_message(" ".join(result.failure_descriptions), "error")
            return
        self._show_check(event.value)

    def _show_check(self, value: str) -> None:
        """Validate as you type: the engine's refusal, or a note on the cover."""
        ok, note = self._check_amount(value)
        self.query_one(ActionPanel).set_message(note, "warning" if ok else "error")

    @on(Input.Submitted, "#amount")
    def _amount_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit_amount(event.value)

    def _submit_amount(self, value: str) -> bool:
        """Enter in the amount field: bid or stake what is typed (``False``: no amount now).

        Called by the field itself, in the order the keys were typed.
        """
        session = self.session
        stage = session.stage()
        who = session.actor()
        if who is None or session.kind(who) == "computer":
            return False
        if not self.query_one("#amount-row").display or stage not in ("auction", "betting"):
            return False
        text = value.strip()
        if stage == "auction":
            if not text:
                self.act(lambda: session.perform(Pass(who=who)))
            else:
                self.act(lambda: session.perform(Bid(who=who, amount=int(text))))
        else:
            if not text:
                self.query_one(ActionPanel).set_message(
                    _("Type a stake in whole chips, or press p to pass."), "error"
                )
                return True
            mode = self.a_cheval_mode
            self.act(lambda: session.wager(who, int(text), mode))
        return True

    def _actor(self) -> str:
        who = self.session.actor()
        assert who is not None
        return who

    def action_pass(self) -> None:
        who = self._actor()
        self.act(lambda: self.session.perform(Pass(who=who)))

    def action_a_cheval(self) -> None:
        self.a_cheval_mode = not self.a_cheval_mode
        amount = self.query_one("#amount", AmountInput)
        offered = bool(amount.value) and amount.selected_text == amount.value
        if self.a_cheval_mode and offered and amount.value.isdigit() and int(amount.value) % 2:
            # Only the table's own offer (nothing typed yet) becomes even; an amount
            # the player typed stays as typed, and the engine's refusal says why.
            self._offer(amount, str(max(2, int(amount.value) - 1)))
        self._update_action(self.board())
        amount.validate(amount.value)
        self._show_check(amount.value)
        self.refresh_bindings()

    def action_banco(self) -> None:
        who = self._actor()
        game = self.session.game
        if game.house.banco != "both-hands":
            self.act(lambda: self.session.banco(who))
            return

        def check(right: int, left: int) -> str | None:
            try:
                game.verify_banco(who, right, left)
            except IllegalAction as exc:
                return tell_error(exc)
            return None

        def chosen(split: tuple[int, int] | None) -> None:
            if split is not None:
                right, left = split
                self.act(lambda: self.session.perform(Banco(who=who, right=right, left=left)))

        rule = game.banco_rule_msg()
        self.app.push_screen(BancoSplitScreen(who, game.fund, check, lambda: tell(rule)), chosen)

    # ------------------------------------------------------------ the houses' own acts

    def action_burn(self) -> None:
        """classic: the banker burns 1 to 6 cards (a digit), shown to all."""
        most = self.session.game.house.max_burn

        def chosen(count: int | None) -> None:
            if count:
                self.act(lambda: self.session.perform(Burn(count=count)))

        self.app.push_screen(burn_screen(self.session.game.banker or "", most), chosen)

    def action_accept(self) -> None:
        self.act(lambda: self.session.perform(Accept()))

    def action_replenish(self) -> None:
        game = self.session.game
        amount = min(game.bank_bid, game.balances.get(game.banker or "", 0))
        self.act(lambda: self.session.perform(Replenish(amount=amount)))

    def action_spectator(self) -> None:
        """classic, hoyle: the chosen player watches (or stands) and bets from there, or
        sits again."""
        who = self._selected()
        if who is None:
            return
        try:
            self.session.toggle_spectator(who)
        except IllegalAction as exc:
            self.query_one(ActionPanel).set_message(tell_error(exc), "error")
            self.app.bell()
            return
        self.refresh_table()

    def action_switch_side(self) -> None:
        self.session.switch_back(self._actor())
        self._update_action(self.board())
        amount = self.query_one("#amount", AmountInput)
        self._show_check(amount.value)

    def action_take(self) -> None:
        who = self._actor()
        self.act(lambda: self.session.perform(Take(who=who)))

    def action_decline(self) -> None:
        who = self._actor()
        self.act(lambda: self.session.perform(Pass(who=who)))

    def action_ride(self) -> None:
        who = self._actor()
        ride = self.session.ride(who)
        if ride is None:
            return
        amount, a_cheval = ride
        self.act(
            lambda: self.session.perform(
                Wager(who=who, amount=amount, a_cheval=a_cheval, ride=True)
            )
        )

    def action_deal(self) -> None:
        self.act(lambda: self.session.perform(Deal()))

    def action_retire(self) -> None:
        game = self.session.game

        def retire() -> list[Event]:
            session = self.session
            if session.stage() == "settlement":  # the settlement read, then the bank ends
                return [*session.continue_after_settlement(), *session.perform(Retire())]
            return session.perform(Retire())

        def answer(yes: bool | None) -> None:
            if yes:
                self.act(retire)

        self.app.push_screen(
            ConfirmScreen(
                lambda: _("{banker} retires: bank {n} ends now?").format(
                    banker=game.banker, n=game.bank_number
                ),
                lambda: _(
                    "The fund returns to {banker}; stakes already placed are returned."
                ).format(banker=game.banker),
            ),
            answer,
        )

    def action_retire_settled(self) -> None:
        """The banker retires as the settlement shows (asked first)."""
        self.action_retire()

    def action_retire_early(self) -> None:
        """The banker retires before every seat has spoken (stakes are returned)."""
        self.action_retire()

    def action_call_decider(self) -> None:
        who = self._actor()
        side = self.session.decision_side()

        def reason() -> str:  # told again after a language switch
            if side == "banker":
                return _("{who} holds the bank and chooses: draw or stand.").format(who=who)
            return _("{who} decides for the {side} side.").format(
                who=who, side=_(side) if side else ""
            )

        self.banque.open_private(who, reason)

    def action_say(self) -> None:
        """Enter at the one human's forced move: said at once."""
        legal = self._own_decision()
        if legal is not None and len(legal) == 1:
            self.action_decide(legal[0] == "draw")

    def action_look(self) -> None:
        """Enter at the one human's choice: their private view (the advisor), no curtain."""
        self.banque.open_private(self._actor())

    def action_decide(self, draw: bool) -> None:
        """d or s: the one human's move (one the cards forbid: the engine's words)."""
        side = self.session.decision_side()
        if side is None or self._own_decision() is None:
            return
        self.act(lambda: self.session.perform(Draw(side=side) if draw else Stand(side=side)))

    def action_next_coup(self) -> None:
        self.act(self.session.continue_after_settlement)

    def action_view_seat(self, index: int) -> None:
        who = self.session.seat_for_key(index)
        if who is not None:
            self.banque.open_private(who)

    def action_pick_seat(self) -> None:
        def picked(who: str | None) -> None:
            if who:
                self.banque.open_private(who)

        self.app.push_screen(SeatPickerScreen(list(self.session.game.participants)), picked)

    # ------------------------------------------------------------ the log

    def action_log_page(self, direction: int) -> None:
        """PageUp / PageDown: scroll the log (its latest line comes back with the next act)."""
        log = self.query_one(CoupLog)
        if direction < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def action_history(self) -> None:
        """``l``: the whole log on its own screen."""
        self.app.push_screen(HistoryScreen())

    # ------------------------------------------------------------ seating

    def action_seat_cursor(self, delta: int) -> None:
        order = self.session.draft_order()
        if not order:
            return
        current = self._selected()
        i = order.index(current) if current in order else 0
        self.selected = order[(i + delta) % len(order)]
        self.refresh_table()

    def action_seat_side(self, side: str) -> None:
        who = self._selected()
        if who is not None and side in SIDES:
            self._arrange(lambda: self.session.move_to(who, side))  # type: ignore[arg-type]

    def action_seat_order(self, delta: int) -> None:
        who = self._selected()
        if who is not None:
            self._arrange(lambda: self.session.reorder(who, delta))

    def _arrange(self, move: Callable[[], None]) -> None:
        """A change of the seating being arranged; a refusal is said, never raised."""
        try:
            move()
        except IllegalAction as exc:
            self.query_one(ActionPanel).set_message(tell_error(exc), "error")
            self.app.bell()
            return
        self.refresh_table()

    def action_seat_reset(self) -> None:
        self.session.reset_draft()
        self.refresh_table()

    def action_seat_confirm(self) -> None:
        self.act(self.session.confirm_seating)

    # ------------------------------------------------------------ shuffle

    def action_cutter(self) -> None:
        self.session.next_cutter()
        self.refresh_table()

    def action_others(self) -> None:
        self.session.others_shuffle = not self.session.others_shuffle
        self.refresh_table()

    def action_shuffle(self) -> None:
        self.act(self.session.shuffle)
