"""The punto banco table: solo play against the house (and computer bettors).

``banque --game punto-banco`` opens it.  The house banks; every draw is
fixed, so the player's only decisions are the bets: choose a chip (``+`` /
``-``), put it on a spot (``p`` the player, ``b`` the banker, ``8`` / ``9`` the
banker's natural 8 / natural 9), then deal (Enter).  Bets wait on the
table until the deal (Backspace takes them back); at the deal they become
the record's ``bet`` acts, followed by ``deal``.  Where the house raises its
limit on request (``--raise-limit``), ``l`` asks it for twice the limit (up to
the most it grants).  The big road shows the
shoe's results as players of the game expect them.

The rules all live in :mod:`banque.games.punto_banco.game`; this screen only shows and asks.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from ..core.cards import RED_SUITS, pretty
from ..core.errors import IllegalAction
from ..core.journal import Journal
from ..core.messages import tell, tell_error
from ..core.models import AskLimit, Bet, Deal
from ..games.punto_banco.game import PuntoGame, PuntoReport, asked_limit
from ..games.punto_banco.game import new_game as new_punto_game
from ..games.punto_banco.player_bank import PlayerBankGame
from ..i18n import N_, _, ngettext, pgettext
from ..session.port import TwoHandSession
from ..session.two_hands import open_session, your_name
from ..text import plain
from .app import BanqueApp
from .chemin_app import CheminTable
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
from .screens.games_end import standings_text

CHIPS = (1, 5, 10, 25, 100)
SPOT_KEYS = {"p": "player", "b": "banker", "8": "natural8", "9": "natural9"}
SPOT_LABELS = {
    "player": N_("PLAYER  1:1"),
    "banker": N_("BANKER  1:1 −5%"),
    "natural8": N_("NATURAL 8  9:1"),
    "natural9": N_("NATURAL 9  9:1"),
}


def _hand_text(
    cards: list[str], total: int | None, label: str, wins: bool, show: Callable[[str], str] = pretty
) -> Text:
    text = Text()
    text.append(f"{label:<7}", style="bold")
    for card in cards:
        text.append(" ")
        style = "bold red" if card[1] in RED_SUITS else "bold"
        text.append(f"[{show(card):>3}]", style=style)
    if total is not None:
        text.append(f"  = {total}", style="bold")
    if wins:
        text.append("  " + _("wins"), style="bold green")
    return text


#: Punto banco's keys (the key bar shows one for the four spots, one for the chip).
PUNTO_KEYS: list[BindingType] = [
    Binding("p", "spot('player')", _("Bet"), key_display="p b 8 9", id="punto.player"),
    Binding("b", "spot('banker')", _("Bet"), show=False, id="punto.banker"),
    Binding("8", "spot('natural8')", _("Bet"), show=False, id="punto.natural8"),
    Binding("9", "spot('natural9')", _("Bet"), show=False, id="punto.natural9"),
    Binding("plus,equals_sign", "chip(1)", _("Chip"), key_display="+/-", id="punto.chip_up"),
    Binding("minus", "chip(-1)", _("Chip"), show=False, id="punto.chip_down"),
    Binding("backspace", "clear", _("Undo"), id="punto.clear"),
    Binding("r", "again", _("Again"), id="punto.again"),
    Binding("l", "ask_limit", _("Limit"), id="punto.limit"),
    Binding("enter,d", "deal", _("Deal"), id="punto.deal"),
    Binding("tab", "next_seat", _("Next seat"), key_display="⇥", id="punto.next"),
]
#: The palette's punto banco commands, offered when their key applies now.
PUNTO_PALETTE: list[tuple[str, str, str]] = [
    ("deal", N_("Deal the coup"), N_("The bets placed are played, then the coup is dealt")),
    ("again", N_("The same bets again"), N_("The seat's bets of the last coup (r)")),
    ("clear", N_("Take the bets back"), N_("The bets not yet dealt go back (⌫)")),
    (
        "ask_limit",
        N_("Ask for a higher limit"),
        N_("The house doubles its limit, up to its most (l)"),
    ),
    ("next_seat", N_("Next seat"), N_("The next player at the keyboard bets (⇥)")),
    ("end_game", N_("End the game"), N_("The standings; bets not yet dealt go back")),
]
#: The actions :meth:`PuntoTable.key_on` decides (any other is always on).
_PUNTO_ACTIONS = frozenset(
    ("spot", "chip", "clear", "again", "deal", "next_seat", "end_game", "ask_limit")
)


def punto_table() -> ComposeResult:
    """Punto banco's table, the local App's and a joined seat's alike."""
    return two_hand_table(
        [Static(id="th-hands"), Static(id="th-spots"), TwoHandLog(id="th-log")],
        [Static(id="th-road"), Static(id="th-players")],
    )


class PuntoTable(TwoHandTable):
    """Punto banco's table: its drawing and keys (the local App's screen, and a joined
    seat's through :class:`~banque.table.screens.joined_two_hands.PuntoJoinedScreen`)."""

    SCREEN_CLASS = "two-hand-punto"
    HELP_SECTION = "Punto banco"
    BINDINGS: ClassVar[list[BindingType]] = [*PUNTO_KEYS, *table_keys()]
    PALETTE = PUNTO_PALETTE

    def __init__(self, session: TwoHandSession, humans: list[str]) -> None:
        game = session.game
        seated = [h for h in humans if h in game.participants]
        super().__init__(session, seated or [game.participants[0]], dict(session.styles))
        #: No human at the table: the coups deal themselves at the pace (watch mode;
        #: not ``watch``, which is Textual's).
        self.watching = not seated
        self.seat = self.humans[0]
        self.chip = 1
        self.pending: dict[str, dict[str, int]] = {}
        self.message = tell(game.prompt_msg)

    def compose(self) -> ComposeResult:
        yield from punto_table()

    def table_opened(self) -> None:
        self.refresh_table()
        if self.watching:
            pace = float(getattr(self.app, "pace", 0.6))
            self.set_interval(max(pace, 0.1), self._watch_deal)

    def _watch_deal(self) -> None:
        if self.journal_notice() is not None or self.paused:
            return  # the journal cannot be written (or space paused): the coups wait
        if self.game.phase != "ended" and not isinstance(self.app.screen, ModalScreen):
            self.action_deal()

    def computers_moving(self) -> bool:
        """Watch mode (no human): the coups deal themselves; space pauses them."""
        return self.watching and self.game.phase != "ended"

    def computer_step(self) -> None:
        """Paused in watch mode: ``.`` deals one coup."""
        if self.game.phase != "ended":
            self.action_deal()

    # ------------------------------------------------------------------ drawing

    @property
    def seen(self) -> PuntoReport:
        """The table as this screen's seat sees it (a spectator's: the public view),
        through its session's port: the local game's view, or the host's."""
        return self.session.seat_view(None if self.watching else self.seat)  # type: ignore[return-value]

    def refresh_table(self) -> None:
        g = self.seen
        self.show_journal()
        coup = g.coups[-1] if g.coups else None
        ended = g.phase == "ended"
        self.show_border("hands", _("The coup"))
        # Watching (a spectator, or a table of computers): the spots and what they pay.
        self.show_border("spots", _("The spots") if self.watching else _("Your bets"))
        self.show_border("road", _("Big road"))
        self.show_border("players", _("Players"))
        if ended:
            self._show_standings()
            return
        show_title(
            self._w("title"),
            _("Punto banco · {packs} packs · house limit {limit} a bet · coup {coup}").format(
                packs=g.packs, limit=g.limit, coup=len(g.coups) + 1
            ),
        )
        self.show_border("road", subtitle=shoe_line(g))
        hands = Text()
        if coup is None:
            hands.append(_("No coup yet: place your bets, then Enter deals."), style="dim")
        else:
            hands.append_text(
                _hand_text(
                    coup.hands.player,
                    coup.totals["player"],
                    _("PLAYER"),
                    coup.result == "player",
                    self.card,
                )
            )
            hands.append("\n")
            hands.append_text(
                _hand_text(
                    coup.hands.banker,
                    coup.totals["banker"],
                    _("BANKER"),
                    coup.result == "banker",
                    self.card,
                )
            )
            hands.append("\n")
            said = _("A tie: bets on the hands stand off.") if coup.result == "tie" else ""
            if coup.natural:
                said = (_("A natural.") + " " + said).strip()
            hands.append(
                (_("Coup {number}.").format(number=coup.number) + " " + said).strip(),
                style="italic",
            )
        self.show_text("hands", hands)
        spots = Text()
        mine = {} if self.watching else self.pending.get(self.seat, {})
        if self.watching:
            spots.append(_("Watching: no bets of yours.") + "\n", style="bold")
        else:
            spots.append(
                _("{who}: chip {chip}").format(who=plain(self.seat, 20), chip=self.chip) + "\n",
                style="bold",
            )
        for key, spot in (("p", "player"), ("b", "banker"), ("8", "natural8"), ("9", "natural9")):
            amount = mine.get(spot, 0)
            if self.watching:
                spots.append("   ")
            else:
                spots.append(f" {key} ", style="reverse")
            spots.append(f" {_(SPOT_LABELS[spot]):<17}")
            spots.append(
                f"{amount:>4}\n" if amount else "   ·\n", style="bold" if amount else "dim"
            )
        spots.append(self.message, style="italic")
        self.show_text("spots", spots)
        self.show_text("road", road_of(g.coups, self._w("road").size.width))
        players = Text()
        for name in g.participants:
            pending = sum(self.pending.get(name, {}).values())
            kind = " " + _("(computer)") if name in self.computers else ""
            mark = "▶ " if name == self.seat else "  "
            players.append(f"{mark}{plain(name, 20)}{kind}", style="bold" if mark.strip() else "")
            players.append(f"  {g.balances[name] - pending}")
            if pending:
                players.append("  " + _("({amount} bet)").format(amount=pending), style="dim")
            players.append("\n")
        players.append(_("House {amount}").format(amount=f"{g.house:+d}"), style="dim")
        self.show_text("players", players)
        rows = []
        for c in g.coups[-200:]:  # more than any terminal's height
            p = " ".join(self.card(x) for x in c.hands.player)
            b = " ".join(self.card(x) for x in c.hands.banker)
            won = {
                "player": pgettext("punto banco: the hand that won", "Player"),
                "banker": pgettext("punto banco: the hand that won", "Banker"),
                "tie": _("Tie"),
            }[c.result]
            natural = " " + _("nat.") if c.natural else ""
            pt, bt = c.totals["player"], c.totals["banker"]
            whole = (
                _("Coup {n}: a tie; player {p} = {pt}, banker {b} = {bt}")
                if c.result == "tie"
                else _("Coup {n}: {won} wins; player {p} = {pt}, banker {b} = {bt}")
            ).format(n=c.number, won=won, p=p, pt=pt, b=b, bt=bt)
            short = f"{c.number:>3} {won:<6} {p} ={pt} · {b} ={bt}"
            rows.append((whole + natural, short + natural))
        self._w("log").show(rows)
        self.refresh_bindings()

    # ------------------------------------------------------------------ acts

    def action_spot(self, spot: str) -> None:
        if self.game.phase == "ended":
            self.message = _("The game is over: q leaves.")
            return self.refresh_table()
        mine = self.pending.setdefault(self.seat, {})
        placed = sum(mine.values())
        total = mine.get(spot, 0) + self.chip
        limit = self.game.limit
        balance = self.game.balances[self.seat]
        if total > limit:
            self.message = _(
                "The house limit is {limit} a bet: no more than {limit} on one spot."
            ).format(limit=limit)
        elif placed + self.chip > balance:
            left = balance - placed
            self.message = ngettext(
                "{who} has {n} chip left to bet.", "{who} has {n} chips left to bet.", left
            ).format(who=self.seat, n=left)
        else:
            try:
                self.game.verify_bet(self.seat, spot, total)
            except IllegalAction as exc:
                self.message = tell_error(exc)
            else:
                mine[spot] = total
                self.message = _("Enter deals; ⌫ takes the bets back.")
        self.refresh_table()

    def key_on(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether the table answers this key now (the key bar shows it then)."""
        if action not in _PUNTO_ACTIONS:
            return True
        if self.game.phase == "ended":
            return False
        if action == "next_seat":
            return len(self.humans) > 1
        if action == "clear":  # bets placed, not yet dealt
            return bool(self.pending.get(self.seat))
        if action == "again":  # none placed yet (then ⌫ takes them back)
            return not self.pending.get(self.seat)
        if action == "ask_limit":  # the house raises its limit on request, and may still
            return not self.watching and self._asked_limit() is not None
        return True

    def _asked_limit(self) -> int | None:
        g = self.seen
        return asked_limit(g.limit, g.raise_limit)

    def action_ask_limit(self) -> None:
        """``l``: the seat asks the house for twice its limit (up to the most it grants)."""
        amount = self._asked_limit()
        if amount is None or self.game.phase == "ended" or self.journal_blocked():
            return
        try:
            events = self.session.perform_for(self.seat, AskLimit(who=self.seat, amount=amount))
        except IllegalAction as exc:
            self.message = tell_error(exc)
        else:
            self.message = (
                tell(events[-1].msg or events[-1].text)
                if events
                else _("{who} asks the house for a limit of {amount} a bet.").format(
                    who=self.seat, amount=amount
                )
            )
        self.save()
        self.refresh_table()

    def last_bets(self) -> dict[str, int]:
        """The seat's bets on the last coup, spot by spot (``{}``: none)."""
        coups = self.game.coups
        mine: dict[str, int] = {}
        for bet in coups[-1].bets if coups else []:
            if bet["who"] == self.seat:
                on = str(bet["on"])
                mine[on] = mine.get(on, 0) + int(str(bet["amount"]))
        return mine

    def action_again(self) -> None:
        """``r``: the seat's bets of the last coup placed again, if its chips and the
        house limit allow them all (else none, and why)."""
        g = self.game
        if g.phase == "ended" or self.pending.get(self.seat):
            return
        last = self.last_bets()
        total = sum(last.values())
        balance = g.balances[self.seat]
        if not last:
            self.message = _("{who} had no bets on the last coup: none to place again.").format(
                who=self.seat
            )
        elif total > balance:
            self.message = ngettext(
                "The last coup's bets come to {total}: {who} has only {n} chip.",
                "The last coup's bets come to {total}: {who} has only {n} chips.",
                balance,
            ).format(total=total, who=self.seat, n=balance)
        else:
            try:
                for spot, amount in last.items():
                    g.verify_bet(self.seat, spot, amount)
            except IllegalAction as exc:
                self.message = tell_error(exc)
            else:
                self.pending[self.seat] = dict(last)
                self.message = _("The last coup's bets again, {total} in all: Enter deals.").format(
                    total=total
                )
                return self.refresh_table()
        self.bell()
        self.refresh_table()

    def action_chip(self, step: int) -> None:
        i = CHIPS.index(self.chip)
        self.chip = CHIPS[max(0, min(len(CHIPS) - 1, i + step))]
        self.message = _("Chip {chip}.").format(chip=self.chip)
        self.refresh_table()

    def action_clear(self) -> None:
        self.pending.pop(self.seat, None)
        self.message = _("Bets taken back.")
        self.refresh_table()

    def action_next_seat(self) -> None:
        i = self.humans.index(self.seat)
        self.seat = self.humans[(i + 1) % len(self.humans)]
        self.message = _("{who} bets.").format(who=self.seat)
        self.refresh_table()

    def action_deal(self) -> None:
        """Enter: the bets placed go down and every player at the keyboard is ready:
        the computers bet and the coup is dealt (the session's ``deal``, as at a hosted
        table once every seat has said it)."""
        g = self.game
        if g.phase == "ended":
            self.message = _("The game is over: q leaves.")
            return self.refresh_table()
        if self.journal_blocked():
            return None  # the bets stay placed: Enter deals once the journal is written
        present = [] if self.watching else list(self.humans)
        acts: list[tuple[str, Any]] = [
            (name, Bet(who=name, on=spot, amount=amount))  # type: ignore[arg-type]
            for name in g.participants
            for spot, amount in self.pending.get(name, {}).items()
        ]
        acts += [(name, Deal()) for name in present]
        try:
            self.session.perform_together(acts, present)
        except IllegalAction as exc:  # cannot happen: bets were checked as placed
            self.message = tell_error(exc)
        else:
            coup = g.coups[-1]
            mine = [b for b in coup.bets if b["who"] == self.seat]
            net = sum(int(str(b["won"])) for b in mine)
            self.message = (
                _("{who}: {net} this coup.").format(who=self.seat, net=f"{net:+d}")
                if mine
                else _("No bets of yours.")
            )
            if all(g.balances[h] <= 0 for h in self.humans) and not self.watching:
                self.message += " " + _("No chips left to bet: e ends the game (the standings).")
        self.pending = {}
        self.save()
        self.refresh_table()

    def _show_standings(self) -> None:
        g = self.seen
        notes = [
            _("The house: {amount} (its takings: the seats' losses, less their gains).").format(
                amount=f"{g.house:+d}"
            )
        ]
        boxes = [
            _("{who} {fraction} of a chip").format(
                who=plain(p, 20), fraction=Fraction(g.commission_due[p], 20)
            )
            for p in g.participants
            if g.commission_due.get(p)
        ]
        if boxes:
            notes.append(
                _(
                    "Left in the commission boxes, less than a chip each, not collected: {boxes}."
                ).format(boxes=", ".join(boxes))
            )
        n = len(g.coups)
        over = _("Punto banco · {packs} packs · the game is over").format(packs=g.packs)
        show_title(self._w("title"), over)
        self.show_standings(
            standings_text(
                ngettext(
                    "The game is over after {n} coup.", "The game is over after {n} coups.", n
                ).format(n=n),
                None,
                self.game.standings(),
                notes,
                kept=self.standings_note(),
            ),
            over,
        )
        self.refresh_bindings()

    def action_end_game(self) -> None:
        """End the game: bets not yet dealt go back; the standings."""
        if self.game.phase == "ended" or self.journal_blocked():
            return
        self.pending = {}
        try:
            self.session.end_game()
        except IllegalAction as exc:  # cannot happen: bets become acts only at the deal
            self.message = tell_error(exc)
        self.save()
        self.refresh_table()


def punto_table_app(
    game: PuntoGame,
    humans: list[str],
    computers: dict[str, str] | None = None,
    journal: Journal | None = None,
    pace: float = 0.6,
) -> BanqueApp:
    """Banque's App on a punto banco table at this keyboard (its game in a session, its
    journal: none kept when ``None``)."""
    session = open_session(game, computers or {}, journal=journal)
    return BanqueApp(two_hand=Opening(PuntoTable(session, humans), pace))


def opening(
    record_path: str | None = None,
    *,
    names: list[str] | None = None,
    computers: dict[str, str] | None = None,
    seed: int | None = None,
    packs: int | None = None,
    limit: int | None = None,
    raise_limit: int | None = None,
    bank: str = "house",
    pace: float = 0.6,
    resume: str | Path | None = None,
    journal: bool = True,
    **_: Any,
) -> Opening:
    """The punto banco table: a new game, a record played on, or a journal resumed
    (another game's options are not punto banco's); ``journal=False``: none kept. A
    players' bank (``bank="players"``) is played on chemin de fer's table."""

    def new_game(chosen: int, stream: Any) -> PuntoGame | PlayerBankGame:
        return new_punto_game(
            names or [your_name()],
            chosen,
            stream=stream,
            packs=packs,
            limit=limit,
            raise_limit=raise_limit,
            bank=bank,
        )

    return opening_of(
        punto_screen,
        new_game,
        record_path,
        computers=computers,
        pace=pace,
        seed=seed,
        resume=resume,
        journal=journal,
    )


def punto_screen(session: TwoHandSession, humans: list[str]) -> TwoHandTable:
    """The table of a punto banco game: the house's bank, or a players' bank (played in
    turn, on chemin de fer's table)."""
    if isinstance(session.game, PlayerBankGame):
        return CheminTable(session, humans)
    return PuntoTable(session, humans)


def joined(state: Any, send: Any) -> TwoHandTable:
    """Punto banco at a joined seat, fed by the host (:mod:`.screens.joined_two_hands`);
    a players' bank on chemin de fer's screen."""
    # deferred: cycle with screens/joined_two_hands.py (its screen subclasses PuntoTable)
    from .screens.joined_two_hands import joined_chemin, joined_punto

    if state.welcome.get("bank") == "players":
        return joined_chemin(state, send)
    return joined_punto(state, send)


def run_punto(record_path: str | None = None, **options: Any) -> int:
    """Open the punto banco table in banque's App (:func:`opening`): the exit status."""

    return open_table("punto-banco", record_path, **options)
