"""The chemin de fer table: hot-seat humans and computer players, private hands.

``banque --game chemin-de-fer`` opens it.  The rules all live in
:mod:`banque.games.chemin_de_fer.game`; this screen shows and asks:

- the bank (its holder and fund), the punters in turn order with their
  stakes, the two hands, the last coups;
- the acts by keys: digits then Enter for a bank or a stake, ``b`` banco,
  ``x`` pass, ``g`` (the banker, between coups) passes the bank on, Enter
  deals, ``d`` / ``s`` draw or stand, ``a`` the banker's exact advice;
- hidden information: each hand's first two cards reach its holder alone.
  With one human at the table the screen is that human's view; with several,
  the screen is public and a private decision (the punter at 5, the banker)
  first shows banque's curtain (:class:`~banque.table.screens.curtain.CurtainScreen`):
  "Pass the keyboard to X — Enter to look"; the palette's "View seat: X" shows a
  seat its own cards the same way, until the next act;
- the road of the coups (banker, punter, tie), as punto banco's big road.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from ..core.cards import RED_SUITS, pretty
from ..core.errors import IllegalAction
from ..core.journal import Journal
from ..core.messages import tell, tell_error
from ..core.models import Banco, Bid, Deal, Draw, Pass, Retire, Stand, Wager
from ..games.chemin_de_fer.acts import SeatAct
from ..games.chemin_de_fer.game import CheminGame
from ..games.chemin_de_fer.game import new_game as new_chemin_game
from ..i18n import N_, _, ngettext
from ..session.port import TwoHandSession
from ..session.two_hands import open_session
from ..text import plain
from .app import BanqueApp
from .games_base import (
    Opening,
    TwoHandLog,
    TwoHandTable,
    open_table,
    opening_of,
    road_of,
    shoe_line,
    show_title,
    table_keys,
    two_hand_table,
)
from .screens.curtain import CurtainScreen
from .screens.games_end import standings_text


def _cards_text(
    cards: list[str | None], total: int | None, show: Callable[[str], str] = pretty
) -> Text:
    text = Text()
    for card in cards:
        text.append(" ")
        if card is None:
            text.append("▒▒▒", style="dim")
        else:
            text.append(f"{show(card):>3}", style="bold red" if card[1] in RED_SUITS else "bold")
    if total is not None:
        text.append(f"  = {total}", style="bold")
    return text


def coup_line(c: Any) -> tuple[str, str]:
    """A coup in the log, said in words: its whole sentence (who held what, who won,
    the bank before and after) and its short form for a narrow table."""
    words = {
        "n": c.number,
        "punter": plain(c.played_by, 12),
        "banker": plain(c.banker, 12),
        "pt": c.totals["player"],
        "bt": c.totals["banker"],
        "before": c.bank_before,
        "after": c.bank_after,
    }
    if c.result == "banker":
        whole = _(
            "Coup {n}: the banker {banker} ({bt}) beats {punter} ({pt}); the bank {before} → {after}."
        )
        short = _("{n:>3} banker wins {bt}-{pt} · bank {before}→{after}")
    elif c.result == "player":
        whole = _(
            "Coup {n}: {punter} ({pt}) beats the banker {banker} ({bt}); the bank {before} → {after}."
        )
        short = _("{n:>3} punter wins {pt}-{bt} · bank {before}→{after}")
    else:
        whole = _(
            "Coup {n}: a tie at {pt}, {punter} and the banker {banker}; the bank {before} → {after}."
        )
        short = _("{n:>3} a tie at {pt} · bank {before}→{after}")
    return whole.format(**words), short.format(**words)


#: Chemin de fer's keys: the key bar shows those the table answers now (``key_on``);
#: Enter says what it does (look, bid, bank, stake, open the betting, deal).
CHEMIN_KEYS: list[BindingType] = [
    *[
        Binding(
            str(d),
            f"digit('{d}')",
            _("Amount"),
            show=d == 0,
            key_display="0-9" if d == 0 else None,
            id=f"chemin.digit{d}",
        )
        for d in range(10)
    ],
    Binding("enter", "enter('look')", _("Look"), id="chemin.look"),
    Binding("enter", "enter('bid')", _("Bid"), id="chemin.bid"),
    Binding("enter", "enter('bank')", _("Set the bank"), id="chemin.bank"),
    Binding("enter", "enter('stake')", _("Stake"), id="chemin.stake"),
    Binding("enter", "enter('open')", _("Open the betting"), id="chemin.open"),
    Binding("enter", "enter('deal')", _("Deal"), id="chemin.deal"),
    Binding("backspace", "erase", _("Erase"), show=False, id="chemin.erase"),
    Binding("b", "banco", _("Banco"), id="chemin.banco"),
    Binding("x", "pass_turn", _("Pass"), id="chemin.pass"),
    Binding("g", "give_up", _("Pass the bank"), id="chemin.give_up"),
    Binding("d", "move(True)", _("Draw"), id="chemin.draw"),
    Binding("s", "move(False)", _("Stand"), id="chemin.stand"),
    Binding("a", "advice", _("Advice"), id="chemin.advice"),
]
#: The palette's chemin de fer commands, offered when their key applies now.
CHEMIN_PALETTE: list[tuple[str, str, str]] = [
    ("enter('deal')", N_("Deal the coup"), N_("The banker deals two cards to each hand")),
    ("enter('open')", N_("Open the betting"), N_("The banker lets the punters stake")),
    ("banco", N_("Banco"), N_("Claim the whole bank")),
    ("pass_turn", N_("Pass"), N_("No stake (or no bid) this time")),
    ("give_up", N_("Pass the bank"), N_("The banker hands the bank on")),
    ("move(True)", N_("Draw"), N_("A third card")),
    ("move(False)", N_("Stand"), N_("No third card")),
    ("advice", N_("Advice"), N_("The banker's exact expectation of each choice")),
    ("end_game", N_("End the game"), N_("The standings, between coups")),
]
#: The actions :meth:`CheminTable.key_on` decides (any other is always on).
_CHEMIN_ACTIONS = frozenset(
    ("enter", "digit", "erase", "banco", "pass_turn", "give_up", "move", "advice", "end_game")
)


def chemin_table() -> ComposeResult:
    """Chemin de fer's table, the local App's and a joined seat's alike."""
    return two_hand_table(
        [Static(id="th-hands"), Static(id="th-prompt"), TwoHandLog(id="th-log")],
        [Static(id="th-road"), Static(id="th-players")],
    )


class CheminTable(TwoHandTable):
    """Chemin de fer's table: its drawing and keys (the local App's screen, and a
    joined seat's through :class:`~banque.table.screens.joined_two_hands.CheminJoinedScreen`)."""

    SCREEN_CLASS = "two-hand-chemin"
    HELP_SECTION = "Chemin de fer"
    BINDINGS: ClassVar[list[BindingType]] = [*CHEMIN_KEYS, *table_keys()]
    PALETTE = CHEMIN_PALETTE

    def __init__(self, session: TwoHandSession, humans: list[str] | None = None) -> None:
        game = session.game
        computers = dict(session.styles)
        super().__init__(session, [p for p in game.participants if p not in computers], computers)
        self.entry = ""
        #: Whose eyes the table is drawn for (``None``: the public).
        self.viewer: str | None = self.humans[0] if len(self.humans) == 1 else None
        self.curtain_for: str | None = None
        #: The betting round a human banker opened (see :meth:`_round`).
        self.opened: tuple[int, int] | None = None
        self._move_timer: Any = None

    def compose(self) -> ComposeResult:
        yield from chemin_table()

    def table_opened(self) -> None:
        self.after_act()

    # ------------------------------------------------------------------ who acts

    def actor(self) -> str | None:
        """The seat the table waits for now."""
        g = self.game
        actors, _acts = g.to_act()
        if not actors:
            return None
        if g.phase == "betting" and len(actors) > 1:
            banker = actors[1]
            if banker in self.humans and self.opened != self._round():
                return banker  # a human banker opens the betting (or passes the bank)
            return actors[0]
        return actors[0]

    def _round(self) -> tuple[int, int]:
        """This betting round: (coups played, banks held)."""
        return len(self.game.coups), len(self.game.banks)

    def after_act(self) -> None:
        """After every act: curtains, computer moves, saving, redrawing."""
        g = self.game
        mover = self.session.computer_to_move()
        if (  # a computer banker may pass its bank on before the punter in turn speaks
            mover is not None and mover != self.session.actor() and self.journal_notice() is None
        ):
            self.session.play_computer()
        who = self.actor()
        if (
            who in self.humans
            and len(self.humans) > 1
            and g.phase in ("punter", "banker")
            and self.viewer != who
            and self.curtain_for != who
        ):
            self.curtain_for = who
            self.open_curtain()
        self.save()
        self.refresh_table()
        self.computers_go_on()

    def computers_go_on(self) -> None:
        """A computer's turn: its move at the table's pace (not while paused, nor while
        the journal cannot be written)."""
        who = self.actor()
        if (
            who not in self.seats
            or self.game.phase == "ended"
            or self.journal_notice() is not None
            or self.paused
        ):
            return
        if self._move_timer is not None:
            self._move_timer.stop()
        pace = float(getattr(self.app, "pace", 0.0))
        if pace > 0:
            self._move_timer = self.set_timer(pace, self.computer_move)
        else:
            self._move_timer = None
            self.call_later(self.computer_move)

    def computers_moving(self) -> bool:
        return self.game.phase != "ended" and (self.paused or self.actor() in self.seats)

    def computer_step(self) -> None:
        self.computer_move(step=True)

    def computer_move(self, step: bool = False) -> None:
        self._move_timer = None
        who = self.actor()
        if who not in self.seats or (self.paused and not step) or self.journal_blocked():
            return  # (the journal written again, or the computers resumed: moved then)
        self.session.play_computer()
        self.after_act()

    # ------------------------------------------------------------------ curtains

    def open_curtain(self) -> None:
        """The hand-off curtain (banque's) before a private decision: Enter shows the
        seat its cards; Escape goes back to the public table (Enter there: the curtain
        again)."""
        who = self.curtain_for
        if who is None or isinstance(self.app.screen, CurtainScreen):
            return

        def looked(look: bool | None) -> None:
            if look and self.curtain_for == who:
                self.viewer, self.curtain_for = who, None
            self.refresh_table()

        self.app.clear_notifications()
        self.app.push_screen(CurtainScreen(plain(who, 20)), looked)

    def view_commands(self) -> list[tuple[str, str, Any]]:
        """Several humans at the table: each may look at their own cards, after the
        curtain (until the next act)."""
        if len(self.humans) < 2 or self.game.phase == "ended":
            return []
        return [
            (
                _("View seat: {who}").format(who=who),
                _("{who}'s private view, after a hand-off curtain").format(who=who),
                partial(self.view_seat, who),
            )
            for who in self.humans
        ]

    def view_seat(self, who: str) -> None:
        """The palette's "View seat": the curtain, then the table as ``who`` sees it."""

        def looked(look: bool | None) -> None:
            if look:
                self.viewer = who
                if self.curtain_for == who:
                    self.curtain_for = None
            self.refresh_table()

        self.app.clear_notifications()
        self.app.push_screen(CurtainScreen(plain(who, 20)), looked)

    def journal_written(self) -> None:
        """The journal is written again: a computer's move that waited is made."""
        self.after_act()

    def act(self, who: str | None, action: SeatAct) -> None:
        """A human's act, played through the session for the seat ``who`` (``None``:
        the players at the keyboard end the game); a refusal is said in one line."""
        if self.journal_blocked():
            return
        before = self.game.phase
        try:
            if who is None:
                self.session.end_game()
            else:
                self.session.perform_for(who, action)
        except IllegalAction as exc:
            self.message = tell_error(exc)
            self.refresh_table()
            return
        if before in ("bank", "auction") and self.game.phase == "betting":
            self.opened = self._round()  # a bank just announced: the betting is open
        self.message = ""
        self.entry = ""
        if len(self.humans) > 1:
            # a private look ends with the act: the screen is public again
            # (the next private decision opens with its own curtain)
            self.viewer = None
        self.after_act()

    # ------------------------------------------------------------------ keys

    def key_on(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether the table answers this key now (the key bar shows it then)."""
        if action not in _CHEMIN_ACTIONS:
            return True
        g = self.game
        if g.phase == "ended":
            return False
        if self.curtain_for:
            return action == "enter" and parameters == ("look",)
        if action == "end_game":  # any human, at any moment (refused in words in a coup)
            return bool(self.humans)
        who = self._human_turn()
        if who is None:
            return False
        phase = g.phase
        banker_turn = phase == "betting" and who == g.banker
        deal = banker_turn and "deal" in g.to_act()[1]
        # after a banco the others banco instead or pass: no stake is typed
        instead = phase == "betting" and not banker_turn and bool(g.banco_caller)
        typing = phase in ("auction", "bank") or (phase == "betting" and not banker_turn)
        if action == "enter":
            kinds = {"auction": "bid", "bank": "bank"}
            if instead:
                return False
            if phase == "betting":
                kind = "deal" if deal else "open" if banker_turn else "stake"
            else:
                kind = kinds.get(phase, "")
            return parameters == (kind,)
        if action in ("digit", "erase"):
            return typing and not instead
        if action == "pass_turn":
            return typing
        if action == "banco":
            return phase == "betting" and not banker_turn
        if action == "give_up":
            return banker_turn and not deal
        if action == "move":
            return phase in ("punter", "banker")
        return phase == "banker" and who == g.banker  # advice

    def action_digit(self, digit: str) -> None:
        if len(self.entry) < 6:
            self.entry += digit
        self.refresh_table()

    def action_erase(self) -> None:
        self.entry = self.entry[:-1]
        self.refresh_table()

    def _human_turn(self) -> str | None:
        who = self.actor()
        if who not in self.humans or self.curtain_for:
            return None
        return who

    def action_enter(self, kind: str = "") -> None:
        """Enter: what it does now (``kind``: the key bar's word for it)."""
        g = self.game
        if self.curtain_for:
            return self.open_curtain()
        who = self._human_turn()
        if who is None:
            return
        amount = int(self.entry) if self.entry else None
        if g.phase == "auction":
            if amount is None:
                self.message = _("Type your bid for the first bank (digits), then Enter; x passes.")
                return self.refresh_table()
            return self.act(who, Bid(who=who, amount=amount))
        if g.phase == "bank":
            if amount is None:
                self.message = _("Type the bank (digits), then Enter; x passes the bank on.")
                return self.refresh_table()
            return self.act(who, Bid(who=who, amount=amount))
        if g.phase == "betting":
            if who == g.banker and "deal" in g.to_act()[1]:
                return self.act(who, Deal())
            if who == g.banker:
                self.opened = self._round()
                self.message = _("The betting is open.")
                self.after_act()
                return None
            if amount is None and g.banco_caller:
                self.message = _("{caller} has called banco: b banco instead, x pass.").format(
                    caller=g.banco_caller
                )
                return self.refresh_table()
            if amount is None:
                self.message = _(
                    "Type a stake (up to {most}), then Enter; b banco, x pass."
                ).format(most=g.remaining)
                return self.refresh_table()
            return self.act(who, Wager(who=who, amount=amount))
        return None

    def action_banco(self) -> None:
        who = self._human_turn()
        if who is not None and self.game.phase == "betting" and who != self.game.banker:
            self.act(who, Banco(who=who))

    def action_pass_turn(self) -> None:
        g = self.game
        who = self._human_turn()
        if who is None or g.phase not in ("auction", "bank", "betting"):
            return
        if who == g.banker and g.phase == "betting":
            self.message = _("g passes the bank on; Enter opens the betting.")
            return self.refresh_table()
        self.act(who, Pass(who=who))

    def action_give_up(self) -> None:
        g = self.game
        who = self._human_turn()
        if who is not None and who == g.banker:
            self.act(who, Pass(who=who))

    def action_move(self, draw: bool) -> None:
        g = self.game
        who = self._human_turn()
        if who is None or g.phase not in ("punter", "banker"):
            return
        side = "punter" if g.phase == "punter" else "banker"
        self.act(who, Draw(side=side) if draw else Stand(side=side))

    def action_advice(self) -> None:
        g = self.game
        who = self._human_turn()
        if who is None or g.phase != "banker" or who != g.banker:
            return
        draw, stand = g.advice()
        best = _("draw") if draw > stand else _("stand")
        self.message = _("Expected gain: draw {draw}, stand {stand} chips — best: {best}.").format(
            draw=f"{float(draw):+.3f}", stand=f"{float(stand):+.3f}", best=best
        )
        self.refresh_table()

    def action_end_game(self) -> None:
        """End the game between coups (any human at the keyboard): the standings."""
        g = self.game
        if self.curtain_for or g.phase == "ended" or not self.humans:
            return
        self.act(None, Retire())

    # ------------------------------------------------------------------ drawing

    def refresh_table(self) -> None:
        g = self.game
        self.show_journal()
        self.show_border("hands", _("The coup"))
        self.show_border("prompt", _("Now"))
        self.show_border("road", _("Road"))
        self.show_border("players", _("The table"))
        title = (
            _("{game} · {packs} packs · the bank passes left · coup {coup}")
            if g.rotation == "left"
            else _("{game} · {packs} packs · the bank passes right · coup {coup}")
        )
        name = _(g.title_words)
        show_title(self._w("title"), title.format(game=name, packs=g.packs, coup=len(g.coups) + 1))
        self.show_border("road", subtitle=shoe_line(g))
        if g.phase == "ended":
            banks = len(g.banks)
            coups = ngettext("{n} coup", "{n} coups", len(g.coups)).format(n=len(g.coups))
            held = ngettext("{n} bank", "{n} banks", banks).format(n=banks)
            over = _("{game} · {packs} packs · the game is over").format(
                game=_(g.title_words), packs=g.packs
            )
            show_title(self._w("title"), over)
            self.show_standings(
                standings_text(
                    _("The game is over after {coups} and {banks}.").format(
                        coups=coups, banks=held
                    ),
                    tell(g.ended_msg) if g.ended_msg is not None else g.end_reason,
                    g.standings(),
                    kept=self.standings_note(),
                ),
                over,
            )
            self.refresh_bindings()
            return
        view = self.session.seat_view(self.viewer)  # what the viewer may see, no more
        hands = Text()
        live = g.phase in ("punter", "banker")
        punter_word, banker_word = _("Punter"), _("Banker")
        width = max(6, len(punter_word), len(banker_word))
        if live:
            hands.append(
                f"{punter_word:<{width}} {plain(g.hand_player or '', 10):<10}", style="bold"
            )
            hands.append_text(
                _cards_text(view.hands["player"].cards, view.hands["player"].total, self.card)
            )
            hands.append("\n")
            hands.append(f"{banker_word:<{width}} {plain(g.banker or '', 10):<10}", style="bold")
            hands.append_text(
                _cards_text(view.hands["banker"].cards, view.hands["banker"].total, self.card)
            )
        elif g.coups:
            c = g.coups[-1]
            won = {
                "player": _("{who} wins").format(who=c.played_by),
                "banker": _("{who} (banker) wins").format(who=c.banker),
                "tie": _("a tie"),
            }
            hands.append(f"{punter_word:<{width}} {plain(c.played_by, 10):<10}", style="bold")
            hands.append_text(_cards_text(list(c.hands.player), c.totals["player"], self.card))
            hands.append("\n")
            hands.append(f"{banker_word:<{width}} {plain(c.banker, 10):<10}", style="bold")
            hands.append_text(_cards_text(list(c.hands.banker), c.totals["banker"], self.card))
            hands.append("\n")
            hands.append(
                (
                    _("Coup {number}: {outcome} (a natural).")
                    if c.natural
                    else _("Coup {number}: {outcome}.")
                ).format(number=c.number, outcome=won[c.result]),
                style="italic",
            )
        else:
            hands.append(_("No coup yet."), style="dim")
            if g.spoken:  # the first bank's auction, as it went
                said = ", ".join(
                    f"{plain(p, 12)} {g.bids[p]}"
                    if p in g.bids
                    else _("{who} passes").format(who=plain(p, 12))
                    for p in g.spoken
                )
                hands.append("\n" + _("The auction: {said}.").format(said=said))
                if g.phase != "auction" and g.banker is not None and g.bids:
                    hands.append(
                        "\n" + _("{who} holds the first bank.").format(who=plain(g.banker, 20)),
                        style="italic",
                    )
        self.show_text("hands", hands)
        prompt = Text()
        who = self.actor()
        prompt.append(self._ask(who), style="bold")
        if self.entry:
            prompt.append(f"\n> {self.entry}", style="reverse")
        if self.message:
            prompt.append("\n" + self.message, style="italic")
        self.show_text("prompt", prompt)
        table = Text()
        if g.phase == "auction":
            table.append(_("The first bank: an auction") + "\n", style="bold")
        else:
            table.append(
                (
                    _("The bank: {fund} chips, held by {who}")
                    if g.banker is not None
                    else _("The bank: {fund} chips")
                ).format(who=plain(g.banker or "", 20), fund=g.fund)
                + "\n",
                style="bold",
            )
        for name in g.participants:
            mark = "▶ " if name == who else "  "
            banker, computer = name == g.banker, name in self.computers
            tags = {
                (True, True): _("(banker, computer)"),
                (True, False): _("(banker)"),
                (False, True): _("(computer)"),
            }
            tag = tags.get((banker, computer), "")
            table.append(
                f"{mark}{plain(name, 20)}{' ' + tag if tag else ''}",
                style="bold" if mark.strip() else "",
            )
            table.append(f"  {g.balances[name]}")
            if g.phase == "auction" and name in g.spoken:
                table.append(
                    "  " + _("bids {amount}").format(amount=g.bids[name])
                    if name in g.bids
                    else "  " + _("passes")
                )
            stake = g.stakes.get(name)
            if stake:
                table.append(
                    "  "
                    + (
                        _("banco {amount}") if name == g.banco_caller else _("stakes {amount}")
                    ).format(amount=stake)
                )
            table.append("\n")
        self.show_text("players", table)
        self.show_text("road", road_of(g.coups, self._w("road").size.width))
        rows = [coup_line(c) for c in g.coups[-200:]]  # more than any terminal's height
        self._w("log").show(rows)
        self.refresh_bindings()

    def _ask(self, who: str | None) -> str:
        g = self.game
        if g.phase == "ended":
            return _("The game is over: q leaves.")
        if self.curtain_for:
            return _("Pass the keyboard to {who} — Enter to look").format(
                who=plain(self.curtain_for, 20)
            )
        if who in self.seats:
            return _("{who} (computer) is thinking…").format(who=who)
        if g.phase == "betting" and who == g.banker and "deal" not in g.to_act()[1]:
            return _(
                "{who}: Enter opens the betting on your bank of {fund}; g passes the bank on."
            ).format(who=who, fund=g.fund)
        return tell(g.prompt_msg)


def chemin_table_app(
    game: CheminGame,
    humans: list[str],
    computers: dict[str, str] | None = None,
    *,
    pace: float = 0.6,
    journal: Journal | None = None,
) -> BanqueApp:
    """Banque's App on a chemin de fer table at this keyboard (its game in a session,
    its journal: none kept when ``None``)."""
    session = open_session(game, computers or {}, journal=journal)
    return BanqueApp(two_hand=Opening(CheminTable(session, humans), pace))


def opening(
    record_path: str | None = None,
    *,
    names: list[str],
    computers: dict[str, str],
    pace: float = 0.6,
    seed: int | None = None,
    forced_moves: str = "announced",
    resume: str | Path | None = None,
    first_bank: str = "lot",
    packs: int | None = None,
    journal: bool = True,
    **_: Any,
) -> Opening:
    """The chemin de fer table: a new game, a record played on, or a journal resumed
    (another game's options are not chemin de fer's); ``journal=False``: none kept.

    A new game's punter announces every move, forced or not (``forced_moves``), so
    that the table never shows who holds 5; a record keeps its own way.
    """

    def new_game(chosen: int, stream: Any) -> CheminGame:
        return new_chemin_game(
            names,
            chosen,
            stream=stream,
            packs=packs,
            forced_moves=forced_moves,
            first_bank=first_bank,
        )

    return opening_of(
        CheminTable,
        new_game,
        record_path,
        computers=computers,
        pace=pace,
        seed=seed,
        resume=resume,
        journal=journal,
    )


def joined(state: Any, send: Any) -> TwoHandTable:
    """Chemin de fer at a joined seat, fed by the host (:mod:`.screens.joined_two_hands`)."""
    # deferred: cycle with screens/joined_two_hands.py (its screen subclasses CheminTable)
    from .screens.joined_two_hands import joined_chemin

    return joined_chemin(state, send)


def run_chemin(record_path: str | None = None, **options: Any) -> int:
    """Open the chemin de fer table in banque's App (:func:`opening`): the exit status."""

    return open_table("chemin-de-fer", record_path, **options)
