"""A joined seat's chemin de fer or punto banco table: the local table, fed remotely.

``banque join`` to a table hosted with ``--game chemin-de-fer`` or ``--game
punto-banco`` shows the very screen of the local table
(:class:`~banque.table.chemin_app.CheminTable`, :class:`~banque.table.punto_app.PuntoTable`,
subclassed here): the same drawing and the same keys, run over a
:class:`RemoteChemin` or :class:`RemotePunto` — the game as this seat knows it,
read from the last view the host made for it (a concealed card is ``None`` there:
the host never sent it), whose acts are sent to the host instead of applied.
What the host refuses comes back as a line under the prompt.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, TypeAdapter
from textual.binding import BindingType

from ...core.errors import IllegalAction
from ...core.messages import N_, Msg
from ...games import definition
from ...games.chemin_de_fer.game import CheminView
from ...games.punto_banco.game import SPOT_NAMES, PuntoReport
from ...games.two_hands import Standing, TwoHandCoup, big_road
from ...i18n import _, retranslate
from ...net.protocol import msg_of, told
from ..chemin_app import CHEMIN_KEYS, CheminTable
from ..games_base import TwoHandTable, show_title, table_keys
from ..punto_app import PUNTO_KEYS, PuntoTable
from ..widgets.drawn import forget_drawn

#: A view's coups as the game's own records (plain dataclasses, read by pydantic).
_COUPS: TypeAdapter[list[TwoHandCoup]] = TypeAdapter(list[TwoHandCoup])

if TYPE_CHECKING:
    from ...net.client import SeatState

__all__ = [
    "CheminJoinedScreen",
    "PuntoJoinedScreen",
    "RemoteChemin",
    "RemotePunto",
    "RemoteSession",
]

#: How an act goes to the host: its name and fields (the connection adds id and turn).
Send = Callable[..., None]


class RemoteGame:
    """The game as a joined seat knows it: its last view, and acts sent to the host."""

    def __init__(self, state: SeatState, send: Send) -> None:
        self._state = state
        self._send = send
        self._coups: tuple[int, list[TwoHandCoup]] = (-1, [])

    @property
    def message(self) -> dict[str, Any]:
        return self._state.view or {}

    @property
    def v(self) -> dict[str, Any]:
        return dict(self.message.get("view") or {})

    @property
    def you(self) -> dict[str, Any]:
        return dict(self.message.get("you") or {})

    @property
    def participants(self) -> list[str]:
        return list(self._state.participants)

    @property
    def packs(self) -> int:
        return int(self._state.welcome.get("packs") or 6)

    @property
    def phase(self) -> str:
        return str(self.v.get("phase") or "")

    @property
    def balances(self) -> dict[str, int]:
        return dict(self.v.get("balances") or {})

    @property
    def cards_left(self) -> int:
        return int(self.v.get("cards_left") or 0)

    @property
    def coups(self) -> list[TwoHandCoup]:
        turn = self._state.turn
        if self._coups[0] != turn:  # read once a view
            coups = _COUPS.validate_python(self.v.get("coups") or [])
            self._coups = (turn, coups)
        return self._coups[1]

    @property
    def prompt_msg(self) -> Msg:
        return msg_of(self.message.get("prompt_msg")) or Msg(str(self.v.get("prompt") or ""))

    def standings(self) -> list[Standing]:
        return [Standing.model_validate(s) for s in self.message.get("standings") or []]


class RemoteSession:
    """The host's session as a joined seat reaches it, the port its table plays
    through as the local table plays through its own
    (:class:`~banque.session.port.TwoHandSession`): the game its views tell, and its
    acts — the game's ``SeatAct`` models — sent to the host (whose answer, a view or a
    refusal, comes later). The host plays the computers and keeps the journal."""

    def __init__(self, game: RemoteGame, send: Send) -> None:
        self.game = game
        self._send = send
        #: The computer seats' players: the host's, none here.
        self.computers: dict[str, Any] = {}

    def perform_for(self, seat: str, action: BaseModel) -> list[Any]:
        """The seat's act, sent: its name and fields (the host adds ``who``)."""
        fields = action.model_dump(mode="json", exclude={"act", "who"}, exclude_defaults=True)
        self._send(str(getattr(action, "act", "")), **fields)
        return []

    def end_game(self) -> list[Any]:
        """The seat says ``retire``: the host ends the game if the rules let it."""
        self._send("retire")
        return []

    def seat_view(self, seat: str | None) -> BaseModel:
        """The view the host made for this seat (the local table's is the session's)."""
        return self.game.view(seat)  # type: ignore[no-any-return]

    def computer_to_move(self) -> str | None:
        return None  # the host plays the computers

    def actor(self) -> str | None:
        actors = self.game.v.get("to_act") or []
        return str(actors[0]) if actors else None


class RemoteChemin(RemoteGame):
    """Chemin de fer as a joined seat knows it (what :class:`CheminApp` reads of a game)."""

    game = "chemin-de-fer"

    @property
    def title_words(self) -> str:
        """The game's name as the table's title says it (a message id)."""
        if self._state.welcome.get("bank") == "players":
            return N_("Punto banco, players' bank")
        return N_("Chemin de fer")

    @property
    def rotation(self) -> str:
        return str(self._state.welcome.get("rotation") or "left")

    @property
    def first_bank(self) -> str:
        return str(self._state.welcome.get("first_bank") or "lot")

    def __getattr__(self, name: str) -> Any:
        fields = {
            "banker": "banker",
            "fund": "fund",
            "order": "order",
            "stakes": "stakes",
            "hand_player": "hand_player",
            "banco_caller": "banco",
            "bids": "bids",
        }
        if name in fields:
            return self.v.get(fields[name])
        raise AttributeError(name)

    @property
    def spoken(self) -> list[str]:
        return list((self.message.get("auction") or {}).get("spoken") or [])

    @property
    def banks(self) -> list[None]:
        return [None] * int(self.message.get("banks") or 0)

    @property
    def remaining(self) -> int:
        if self.v.get("banco"):
            return 0
        return int(self.v.get("fund") or 0) - sum((self.v.get("stakes") or {}).values())

    @property
    def ended_msg(self) -> Msg | None:
        return msg_of(self.message.get("ended_msg"))

    @property
    def end_reason(self) -> str | None:
        ended = self.ended_msg
        return str(ended) if ended is not None else None

    def to_act(self) -> tuple[list[str], tuple[str, ...]]:
        return list(self.v.get("to_act") or []), tuple(self.v.get("acts") or ())

    def view(self, seat: str | None = None) -> CheminView:
        """The view the host made for this seat (whoever ``seat`` names: no other)."""
        return CheminView.model_validate(self.v)

    def advice(self, p5: float = 0.5) -> tuple[Fraction, Fraction]:
        advice = self.you.get("advice")
        if not isinstance(advice, dict):
            raise IllegalAction(Msg(N_("The banker is not choosing now. {prompt}")), "phase")
        return Fraction(advice["draw"]), Fraction(advice["stand"])


class RemotePunto(RemoteGame):
    """Punto banco as a joined seat knows it (what :class:`PuntoApp` reads of a game)."""

    game = "punto-banco"

    @property
    def limit(self) -> int:
        return int(self.v.get("limit") or self._state.welcome.get("limit") or 100)

    @property
    def house(self) -> int:
        return int(self.v.get("house") or 0)

    @property
    def due(self) -> dict[str, int]:
        return dict(self.v.get("commission_due") or {})

    def road(self) -> list[list[str]]:
        return big_road(c.result for c in self.coups)

    _seen: tuple[int, PuntoReport | None] = (-1, None)

    def view(self, seat: str | None = None) -> PuntoReport:
        """The view the host made for this seat (read once a view)."""
        turn = self._state.turn
        if not self.v:  # before the host's first view: the table as the welcome tells it
            return PuntoReport(
                participants=self.participants,
                packs=self.packs,
                limit=self.limit,
                phase="",
                balances={},
                bets={},
                house=0,
                commission_due={},
                cards_left=0,
                coups=[],
                road=[],
                prompt="",
            )
        if self._seen[0] != turn or self._seen[1] is None:
            self._seen = (turn, PuntoReport.model_validate(self.v))
        report = self._seen[1]
        assert report is not None
        return report

    def verify_bet(self, who: str, on: str, amount: int) -> None:
        """The house's limit as the host counts it (the bets already down on the spot)."""
        most = (self.you.get("most") or {}).get(on)
        if isinstance(most, int) and amount > most:
            raise IllegalAction(
                Msg(
                    N_("The house limit is {limit} a bet: at most {limit} may go on {spot}."),
                    limit=self.limit,
                    spot=Msg(SPOT_NAMES[on]),
                ),
                "limit",
            )


class _JoinedTable:
    """What both joined two-hand tables add to the game's own table (the local App's
    screen, :class:`~banque.table.games_base.TwoHandTable`): the game is the host's
    views, the journal the host's, the computers the host's (a mixin before the game's
    table class)."""

    game: Any
    message: Any
    _widgets: dict[str, Any]
    app: Any
    refresh_table: Callable[[], None]  # the game's table's

    def journal_notice(self) -> str | None:
        """The host's journal cannot be written: why (the host's view says so)."""
        journal = self.game.message.get("journal")
        if not isinstance(journal, dict):
            return None
        return told(journal.get("msg"), journal.get("message"))

    def journal_blocked(self) -> bool:
        notice = self.journal_notice()
        if notice is None:
            return False
        self.message = notice
        self.app.bell()
        self.refresh_table()
        return True

    def save(self) -> None:
        """The host keeps the journal."""

    def standings_note(self) -> str | None:
        return None

    def watch_journal(self) -> None:
        """The host tries its journal again (its views say when it is written)."""

    def computers_go_on(self) -> None:
        """The host plays the computers."""

    def open_curtain(self) -> None:
        """A joined seat's screen is its own: no curtain."""

    def table_opened(self) -> None:
        self.refresh_view()

    def redraw(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        """A new view from the host (or the host lost, or back): the table drawn again."""
        if not self._widgets or self.game.message == {}:
            return
        self.refresh_table()
        status = getattr(self.app, "status", "")
        if status:
            show_title(self._w("title"), status)  # type: ignore[attr-defined]

    async def retranslate(self) -> None:
        """The language changed (the palette): the table drawn again in it."""
        forget_drawn(self)  # type: ignore[arg-type]
        self.message = retranslate(self.message)
        self.refresh_bindings()  # type: ignore[attr-defined]
        self.refresh_view()

    def show_error(self, words: str) -> None:
        """The host refused an act: its words under the prompt."""
        self.message = words
        self.refresh_table()


class CheminJoinedScreen(_JoinedTable, CheminTable):
    """A joined seat at chemin de fer: the local table's screen, :class:`CheminTable`."""

    BINDINGS: ClassVar[list[BindingType]] = [*CHEMIN_KEYS, *table_keys("app.quit")]
    QUIT_ACTION = "app.quit"

    def __init__(self, remote: RemoteGame, seat: str | None, computers: dict[str, str]) -> None:
        session = RemoteSession(remote, remote._send)
        TwoHandTable.__init__(self, session, [seat] if seat is not None else [], computers)
        self.entry = ""
        self.viewer = seat
        self.curtain_for: str | None = None
        self.opened: tuple[int, int] | None = None
        self._move_timer = None

    def _ask(self, who: str | None) -> str:
        """At a hosted table the punters may stake as soon as the bank is announced: the
        banker is told so (and that g still passes the bank on until one does)."""
        g = self.game
        actors, acts = g.to_act()
        if (
            g.phase == "betting"
            and who == g.banker
            and who == self.viewer
            and len(actors) > 1
            and "deal" not in acts
        ):
            return _(
                "{who}: {punter} may stake against your bank of {fund} now; g passes the "
                "bank on before a punter speaks."
            ).format(who=who, punter=actors[0], fund=g.fund)
        return super()._ask(who)


class PuntoJoinedScreen(_JoinedTable, PuntoTable):
    """A joined seat at punto banco: the local table's screen, :class:`PuntoTable`; its
    bets go to the host at the deal, and the coup is dealt once every seat present has
    dealt."""

    BINDINGS: ClassVar[list[BindingType]] = [*PUNTO_KEYS, *table_keys("app.quit")]
    QUIT_ACTION = "app.quit"

    def __init__(self, remote: RemoteGame, seat: str | None, computers: dict[str, str]) -> None:
        session = RemoteSession(remote, remote._send)
        TwoHandTable.__init__(self, session, [seat] if seat is not None else [], computers)
        self.seat = seat or (remote.participants[0] if remote.participants else "")
        self.chip = 1
        self.pending: dict[str, dict[str, int]] = {}
        self.watching = seat is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # a spectator watches: no bet, no deal
        if self.watching and action in (
            "spot",
            "chip",
            "clear",
            "again",
            "deal",
            "end_game",
            "ask_limit",
        ):
            return False
        return self.key_on(action, parameters)

    _coups_seen = -1

    def refresh_view(self) -> None:
        coups = self.game.coups if self.game.message else []
        if self._coups_seen >= 0 and len(coups) > self._coups_seen and not self.watching:
            mine = [b for b in coups[-1].bets if b["who"] == self.seat]  # as the local table
            net = sum(int(str(b["won"])) for b in mine)
            self.message = (
                _("{who}: {net} this coup.").format(who=self.seat, net=f"{net:+d}")
                if mine
                else _("No bets of yours.")
            )
        if self.game.message:
            self._coups_seen = len(coups)
        if self._widgets and self.game.message and not self.message:
            waiting = [w for w in self.game.message.get("waiting") or [] if w != self.seat]
            if waiting and self.game.you.get("ready"):
                self.message = _("Waiting for {names} to deal.").format(names=", ".join(waiting))
        super().refresh_view()

    def action_deal(self) -> None:
        """Enter: the bets placed go to the host, then this seat's ``deal``."""
        g = self.game
        if g.phase == "ended":
            self.message = _("The game is over: q leaves.")
            return self.refresh_table()
        if self.journal_blocked():
            return None
        acts: list[tuple[str, dict[str, Any]]] = [
            ("bet", {"on": spot, "amount": amount})
            for spot, amount in self.pending.get(self.seat, {}).items()
        ]
        acts.append(("deal", {}))
        send_acts = getattr(self.app, "send_acts", None)
        if send_acts is not None:
            send_acts(acts)
        self.pending = {}
        self.message = ""
        self.refresh_table()
        return None

    def action_end_game(self) -> None:
        if self.game.phase == "ended" or self.journal_blocked():
            return
        self.pending = {}
        self.session.end_game()
        self.refresh_table()


def joined_table(state: SeatState, send: Send) -> TwoHandTable:
    """The joined screen of the game ``state``'s welcome named: its table module's
    ``joined`` (:attr:`~banque.games.gamedef.GameDefinition.table`)."""
    table = importlib.import_module(definition(state.game).table)
    screen: TwoHandTable = table.joined(state, send)
    return screen


def joined_chemin(state: SeatState, send: Send) -> TwoHandTable:
    """Chemin de fer at a joined seat (:func:`banque.table.chemin_app.joined`)."""
    computers = dict(state.welcome.get("computers") or {})
    return CheminJoinedScreen(RemoteChemin(state, send), state.seat, computers)


def joined_punto(state: SeatState, send: Send) -> TwoHandTable:
    """Punto banco at a joined seat (:func:`banque.table.punto_app.joined`)."""
    computers = dict(state.welcome.get("computers") or {})
    return PuntoJoinedScreen(RemotePunto(state, send), state.seat, computers)
