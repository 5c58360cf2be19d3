"""The table's wire protocol: versioned newline-delimited JSON (see PROTOCOL.md).

Every message is one JSON object on one line, UTF-8, ending with ``\\n``,
with ``"v": 1`` and a ``"type"``.  This module only reads and writes
messages and builds a seat's view; it knows nothing of sockets (that is
:mod:`banque.net.server`) and nothing of Textual.

A view is made *for one seat* from what the session already makes per
seat (:meth:`Session.board`, :meth:`Session.observation`): a concealed card
of another seat is never in it, not even as an id, and neither is the
shoe's order nor the seed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter, ValidationError

from ..constants import MAX_NAME
from ..core.messages import ENGLISH, N_, Msg, tell
from ..core.models import Action
from .auth import AUTH, MAC_RE, NONCE_RE

if TYPE_CHECKING:
    from ..games.banque.game import Event
    from ..session.session import Session

VERSION = 1
#: The longest line a client may send (bytes, newline included): acts are small.
MAX_LINE = 16 * 1024
#: The longest line a server may send (a first view carries the log's tail).
MAX_SERVER_LINE = 1024 * 1024
#: Events of the log sent with the first view after a join.
LOG_TAIL = 200
#: The deepest nesting of lists and objects a client line may have (an act needs 3):
#: checked before the line is parsed, so that no depth reaches the parser's recursion.
MAX_DEPTH = 32

#: The acts a client may send (``who`` is always the seat that sends it).
ACTS = (
    "bid",
    "pass",
    "wager",
    "banco",
    "deal",
    "retire",
    "draw",
    "stand",
    "seat",
    "shuffle",
    "continue",
    "fresh",
    # The rule profiles' own acts (classic, hoyle: banque.games.banque.rules); adding them kept
    # version 1: a client that does not know them is never offered them at a home table.
    "burn",
    "accept",
    "replenish",
    "take",
    # The banker arranging the seating before confirming it (as at one keyboard).
    "arrange",
)
#: How ``arrange`` changes the seating being arranged: ``player`` to a side, up or down
#: its side (toward the banker: up), out to watch (or stand) or back; ``reset``: the
#: engine's seating again.
ARRANGE_MOVES = ("left", "right", "up", "down", "watch", "reset")
#: Error codes (the message says it in words).
ERRORS = (
    "too_long",  # a line longer than MAX_LINE
    "bad_json",  # not a JSON object
    "version",  # an unknown protocol version
    "bad_message",  # a field missing, of the wrong type, or unknown
    "hello_first",  # an act before hello
    "bad_token",  # the token does not open that seat (a wrong proof, or no token)
    "clear_token",  # a token sent in the clear over TCP (an older client): refused
    "unknown_seat",  # no such participant
    "spectator",  # a spectator cannot act
    "stale",  # the act answers a turn that is over
    "not_your_turn",  # another seat speaks now
    "refused",  # the rules refuse the act (the engine's words)
    "replaced",  # the seat was joined again from elsewhere
    "internal",  # an unexpected error (a bug): the table goes on
    "closing",  # the table closes
    "id_reused",  # an act id already used for another act (nothing done)
    "full",  # no room for one more connection or spectator (then closed)
    "timeout",  # no hello in time, or a line that never ends (then closed)
)


class ProtocolError(Exception):
    """A message that cannot be read: ``code`` (one of :data:`ERRORS`) and words."""

    def __init__(self, code: str, message: str | Msg, id: str | None = None) -> None:
        super().__init__(str(message))
        self.code = code
        #: The English words; ``msg`` the message a joiner tells in its language.
        self.message = str(message)
        self.msg = message if isinstance(message, Msg) else None
        self.id = id


def msg_of(data: object) -> Msg | None:
    """A message sent as data (``msg``, ``prompt_msg``), read back; None if absent or unreadable.

    An old table sends none; a faulty one is not trusted (its English words are shown).
    """
    if not isinstance(data, Mapping):
        return None
    try:
        msg = Msg.from_data(data)
        msg.tell(ENGLISH)  # every part readable
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        return None
    return msg


def told(data: object, english: object) -> str:
    """A message sent as data told in this side's language (else the English words sent)."""
    msg = msg_of(data)
    if msg is None:
        return str(english or "")
    try:
        return tell(msg)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        return str(english or "")


# ------------------------------------------------------------------ lines


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as one line of bytes (``"v"`` added)."""
    body = {"v": VERSION, **message}
    return (json.dumps(body, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def decode(line: bytes, limit: int = MAX_LINE) -> dict[str, Any]:
    """Read one line (with or without its newline) into a message, strictly.

    Raises :class:`ProtocolError` for an oversized line, bytes that are not
    UTF-8 JSON, a value that is not an object, a missing or unknown version
    or a missing type.
    """
    if len(line) > limit:
        raise ProtocolError(
            "too_long",
            Msg(N_("A message is at most {limit} bytes; this one is longer."), limit=limit),
        )
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    if text is not None and too_deep(text, MAX_DEPTH):
        raise ProtocolError(
            "bad_json",
            Msg(
                N_("A message nests lists and objects {most} deep at most; this one nests deeper."),
                most=MAX_DEPTH,
            ),
        )
    try:
        if text is None:
            raise ValueError
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(
            "bad_json", Msg(N_("A message is one JSON object on one line (UTF-8)."))
        ) from None
    if not isinstance(data, dict):
        raise ProtocolError(
            "bad_json", Msg(N_("A message is a JSON object, not a list or a value."))
        )
    ident = data.get("id")
    ident = ident if isinstance(ident, str) and len(ident) <= 64 else None
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise ProtocolError(
            "version",
            Msg(N_('This table speaks protocol version {v} ("v": {v}).'), v=VERSION),
            ident,
        )
    if not isinstance(data.get("type"), str):
        raise ProtocolError("bad_message", Msg(N_('A message needs a "type".')), ident)
    return data


def too_deep(text: str, most: int = MAX_DEPTH) -> bool:
    """Whether JSON ``text`` opens more than ``most`` lists and objects inside one another.

    Brackets inside strings do not count. A line with few brackets is answered
    at once (it cannot be deeper than it has brackets); only a line with many
    is walked, once, without recursion.
    """
    if text.count("[") + text.count("{") <= most:
        return False
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > most:
                return True
        elif char in "]}":
            depth -= 1
    return False


def error(code: str, message: str | Msg, id: str | None = None) -> dict[str, Any]:
    """An error: ``message`` its English words, ``msg`` (for a ``Msg``) the message as data."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": str(message)}
    if isinstance(message, Msg):
        out["msg"] = message.to_data()
    if id is not None:
        out["id"] = id
    return out


# ------------------------------------------------------------------ client messages


@dataclass(frozen=True)
class Hello:
    """A joiner: a seat asking for a challenge (``auth`` and the client's ``nonce``), a
    seat with no token (the peer's account proves it), or a spectator.  ``token``: an
    older client's token sent in the clear (taken on the Unix socket only)."""

    seat: str | None
    token: str | None
    spectator: bool
    auth: str | None = None
    nonce: str | None = None


@dataclass(frozen=True)
class Proof:
    """The client's answer to a ``challenge``: its HMAC (hex), or ``None`` when the
    table's own proof did not match the client's token (``"mismatch": true``)."""

    mac: str | None


@dataclass(frozen=True)
class Act:
    """An act of the seat that sends it, answering turn ``turn``; ``id`` makes it idempotent."""

    id: str
    turn: int
    act: str
    amount: int | None = None
    a_cheval: bool = False
    ride: bool = False
    right: tuple[str, ...] | None = None
    left: tuple[str, ...] | None = None
    others_shuffle: bool = True
    cut: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: classic: the cards a banker burns (1 to the house's most).
    count: int | None = None
    #: classic: a banco on both hands divided between them, ``(right, left)``.
    split: tuple[int, int] | None = None
    #: classic's spectators / hoyle's standing punters: the side a wager backs.
    side: str | None = None
    #: classic's spectators / hoyle's standing punters of a seating (with right and left).
    spectators: tuple[str, ...] | None = None
    #: ``arrange``: who moves, and how (:data:`ARRANGE_MOVES`).
    player: str | None = None
    move: str | None = None


_HELLO_KEYS = {"v", "type", "seat", "token", "spectator", "client", "auth", "nonce"}
_PROOF_KEYS = {"v", "type", "mac", "mismatch"}
_ACT_KEYS = {
    "v",
    "type",
    "id",
    "turn",
    "act",
    "amount",
    "a_cheval",
    "ride",
    "right",
    "left",
    "others_shuffle",
    "cut",
    "count",
    "split",
    "side",
    "spectators",
    "player",
    "move",
}


def _name(value: object, what: str, ident: str | None = None) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_NAME * 4:
        if what.startswith("Each name of "):
            said = Msg(
                N_("Each name of {field} must be a participant's name."),
                field=what.removeprefix("Each name of "),
            )
        else:
            said = Msg(N_("{field} must be a participant's name."), field=what)
        raise ProtocolError("bad_message", said, ident)
    return value


def _flag(data: Mapping[str, Any], key: str, default: bool, ident: str | None) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise ProtocolError(
            "bad_message", Msg(N_("{field} must be true or false."), field=f'"{key}"'), ident
        )
    return value


def _unknown(data: Mapping[str, Any], allowed: set[str], ident: str | None) -> None:
    extra = sorted(k for k in data if k not in allowed)
    if extra:
        shown = ", ".join(repr(k)[:40] for k in extra[:3])
        raise ProtocolError(
            "bad_message", Msg(N_("Unknown field(s): {fields}."), fields=shown), ident
        )


def parse_hello(data: Mapping[str, Any]) -> Hello:
    _unknown(data, _HELLO_KEYS, None)
    spectator = _flag(data, "spectator", False, None)
    seat = data.get("seat")
    token = data.get("token")
    auth = data.get("auth")
    nonce = data.get("nonce")
    if spectator:
        if seat is not None or token is not None or auth is not None or nonce is not None:
            raise ProtocolError(
                "bad_message", Msg(N_("A spectator names no seat and gives no token."))
            )
        return Hello(None, None, True)
    seat = _name(seat, '"seat"')
    if token is not None and (not isinstance(token, str) or not 0 < len(token) <= 200):
        raise ProtocolError("bad_message", Msg(N_('"token" must be the text the host gave you.')))
    if auth is None and nonce is None:
        return Hello(seat, token, False)
    if auth != AUTH:
        raise ProtocolError(
            "bad_message", Msg(N_('"auth" must be "{auth}" (with a "nonce").'), auth=AUTH)
        )
    if token is not None:
        raise ProtocolError(
            "bad_message",
            Msg(N_('A hello that asks for a challenge ("auth") gives no "token".')),
        )
    if not isinstance(nonce, str) or not NONCE_RE.fullmatch(nonce):
        raise ProtocolError(
            "bad_message",
            Msg(N_('"nonce" must be 32 to 128 hexadecimal digits, fresh for each hello.')),
        )
    return Hello(seat, None, False, auth, nonce)


def parse_proof(data: Mapping[str, Any]) -> Proof:
    """A ``proof``: ``mac``, 64 hexadecimal digits; or ``"mismatch": true`` alone."""
    _unknown(data, _PROOF_KEYS, None)
    mac = data.get("mac")
    if data.get("mismatch") is True and mac is None:
        return Proof(None)
    if not isinstance(mac, str) or not MAC_RE.fullmatch(mac) or "mismatch" in data:
        raise ProtocolError(
            "bad_message",
            Msg(
                N_(
                    '"mac" must be 64 hexadecimal digits (an HMAC-SHA256), or "mismatch": '
                    "true alone."
                )
            ),
        )
    return Proof(mac)


def parse_act(data: Mapping[str, Any]) -> Act:
    """An act message, checked field by field (the rules are checked by the engine)."""
    ident = data.get("id")
    if not isinstance(ident, str) or not 0 < len(ident) <= 64:
        raise ProtocolError(
            "bad_message", Msg(N_('An act needs an "id": a text of 1 to 64 characters.'))
        )
    _unknown(data, _ACT_KEYS, ident)
    turn = data.get("turn")
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
        raise ProtocolError(
            "bad_message", Msg(N_('An act needs the "turn" it answers (a whole number).')), ident
        )
    act = data.get("act")
    if act not in ACTS:
        raise ProtocolError(
            "bad_message",
            Msg(N_("{field} must be one of: {values}."), field='"act"', values=", ".join(ACTS)),
            ident,
        )
    amount = data.get("amount")
    if amount is not None and (
        not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= 10**9
    ):
        raise ProtocolError(
            "bad_message", Msg(N_('"amount" must be a whole number of chips.')), ident
        )
    if act == "bid" and amount is None:
        raise ProtocolError("bad_message", Msg(N_('A bid needs an "amount".')), ident)
    ride = _flag(data, "ride", False, ident)
    if act == "wager" and amount is None and not ride:
        raise ProtocolError(
            "bad_message", Msg(N_('A wager needs an "amount" (or "ride": true).')), ident
        )
    sides: dict[str, tuple[str, ...] | None] = {}
    for key in ("right", "left"):
        value = data.get(key)
        if value is None:
            sides[key] = None
            continue
        if not isinstance(value, list) or len(value) > 11:
            raise ProtocolError(
                "bad_message", Msg(N_("{field} must be a list of names."), field=f'"{key}"'), ident
            )
        sides[key] = tuple(_name(v, f'Each name of "{key}"', ident) for v in value)
    if (sides["right"] is None) != (sides["left"] is None):
        raise ProtocolError(
            "bad_message", Msg(N_('A seating gives both "right" and "left".')), ident
        )
    cut = data.get("cut")
    if cut is not None:
        cut = _name(cut, '"cut"', ident)
    count = data.get("count")
    if count is not None and not _whole(count):
        raise ProtocolError(
            "bad_message", Msg(N_('"count" must be a whole number of cards.')), ident
        )
    if act == "burn" and count is None:
        raise ProtocolError("bad_message", Msg(N_('A burn needs a "count" (1 to 6 cards).')), ident)
    split = _split(data.get("split"), ident)
    if split is not None and act != "banco":
        raise ProtocolError("bad_message", Msg(N_('"split" divides a banco only.')), ident)
    side = data.get("side")
    if side is not None and (side not in ("right", "left") or act != "wager"):
        raise ProtocolError(
            "bad_message", Msg(N_('"side" is "right" or "left", the side a wager backs.')), ident
        )
    spectators = data.get("spectators")
    if spectators is not None:
        if not isinstance(spectators, list) or len(spectators) > 11:
            raise ProtocolError(
                "bad_message", Msg(N_('"spectators" must be a list of names.')), ident
            )
        if sides["right"] is None:
            raise ProtocolError(
                "bad_message",
                Msg(N_('A seating with "spectators" gives "right" and "left" too.')),
                ident,
            )
        spectators = tuple(_name(v, 'Each name of "spectators"', ident) for v in spectators)
    move = data.get("move")
    player = data.get("player")
    if (move is not None or player is not None) and act != "arrange":
        raise ProtocolError(
            "bad_message", Msg(N_('"move" and "player" arrange the seating only.')), ident
        )
    if act == "arrange":
        if move not in ARRANGE_MOVES:
            raise ProtocolError(
                "bad_message",
                Msg(
                    N_("{field} must be one of: {values}."),
                    field='"move"',
                    values=", ".join(ARRANGE_MOVES),
                ),
                ident,
            )
        if move != "reset":
            player = _name(player, '"player"', ident)
    return Act(
        id=ident,
        turn=turn,
        act=act,
        amount=amount,
        a_cheval=_flag(data, "a_cheval", False, ident),
        ride=ride,
        right=sides["right"],
        left=sides["left"],
        others_shuffle=_flag(data, "others_shuffle", True, ident),
        cut=cut,
        count=count,
        split=split,
        side=side,
        spectators=spectators,
        player=player,
        move=move,
    )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**9


def _split(value: object, ident: str) -> tuple[int, int] | None:
    """``{"right": R, "left": L}``: a banco's division (the engine checks the sums)."""
    if value is None:
        return None
    if (
        not isinstance(value, dict)
        or set(value) != {"right", "left"}
        or not _whole(value["right"])
        or not _whole(value["left"])
    ):
        raise ProtocolError(
            "bad_message",
            Msg(
                N_('"split" is {form}: whole numbers for the two hands.'),
                form='{"right": chips, "left": chips}',
            ),
            ident,
        )
    return int(value["right"]), int(value["left"])


# ------------------------------------------------------------------ server messages


def event_dict(ev: Event) -> dict[str, Any]:
    """An event as sent: its code and parameters, the English text, and its message."""
    out = {
        "code": ev.code or ev.kind,
        "params": ev.params,
        "text": ev.text,
        "bank": ev.bank,
        "coup": ev.coup,
    }
    if ev.msg is not None:
        out["msg"] = ev.msg.to_data()
    return out


def events_message(events: Sequence[Event], turn: int) -> dict[str, Any]:
    return {"type": "events", "turn": turn, "events": [event_dict(ev) for ev in events]}


def seat_options(session: Session, seat: str, waiting: Sequence[str] = ()) -> dict[str, Any]:
    """What ``seat`` may do now (its own eyes only: a side's legal moves tell its total)."""
    stage = session.stage()
    out: dict[str, Any] = {"to_act": False, "acts": []}
    if stage in ("settlement", "ended"):
        if seat in waiting:
            out["to_act"] = True
            out["acts"] = ["continue"] if stage == "settlement" else ["fresh"]
            if stage == "ended" and session.game.offer:  # classic: the bank offered next
                out["offer"] = session.game.offer_size
        return out
    if session.actor() != seat:
        return out
    out["to_act"] = True
    g = session.game
    house = g.house
    if stage == "seating":
        out["acts"] = session.seat_acts(seat)
        out["draft"] = {s: list(v) for s, v in session.draft().items()}
        if house.extra_bettors != "none":  # classic's spectators, hoyle's standing punters
            out["extra_bettors"] = house.extra_bettors
            out["spectators"] = list(session.draft_spectators())
        return out
    if stage == "shuffle":
        out["acts"] = session.seat_acts(seat)
        out["cut"] = session.cut_by()
        out["others_shuffle"] = session.others_shuffle
        out["cutters"] = [p for p in g.participants if p != g.banker] or list(g.participants)
        if house.croupier:  # hoyle: the croupier shuffles first; the banker chooses the cut
            out["croupier"] = True
        return out
    obs = session.observation(seat)
    acts = session.seat_acts(seat)
    out["acts"] = acts
    if stage == "auction":
        out["max_bid"] = obs.max_stake
        out["default_bid"] = session.default_bid(seat)
        if "pass" not in acts:  # hoyle's option: the first on the list holds the first bank
            out["first_bank"] = True
    elif stage == "dealing":
        if "burn" in acts:
            out["max_burn"] = house.max_burn
        if "accept" in acts:
            out["accept"] = g.staked() - g.fund
        if "replenish" in acts:
            out["replenish"] = {
                "most": min(g.bank_bid, g.balances.get(seat, 0)),
                "minimum": g.bank_bid,
            }
    elif stage == "offer":
        out["offer"] = g.offer_size
    elif stage == "betting":
        out["max_stake"] = obs.max_stake
        out["max_a_cheval"] = obs.max_a_cheval
        out["a_cheval"] = "a_cheval" in obs.acts
        out["can_banco"] = obs.can_banco
        out["default_stake"] = session.default_stake(seat) if obs.max_stake else 0
        ride = session.ride(seat) if obs.max_stake else None
        out["ride"] = {"amount": ride[0], "a_cheval": ride[1]} if ride else None
        backs = session.side_backed(seat)
        if backs is not None:  # a spectator or standing punter: the side it backs
            out["backs"] = backs
        if obs.can_banco and house.banco == "both-hands":
            half = g.fund // 2
            out["banco_split"] = {
                "rule": g.banco_rule(),
                "rule_msg": g.banco_rule_msg().to_data(),
                "fund": g.fund,
                "right": g.fund - half,
                "left": half,
            }
    elif stage == "decision":
        out["side"] = session.decision_side()
    return out


def journal_notice(view: dict[str, Any], why: Msg) -> None:
    """A view while the table's journal cannot be written: ``journal`` says why (and
    the prompt says it too, for a client that does not know the field); no seat may act."""
    view["journal"] = {"message": str(why), "msg": why.to_data()}
    view["board" if "board" in view else "view"]["prompt"] = str(why)
    view["prompt_msg"] = why.to_data()
    you = view.get("you")
    if you is not None:
        view["you"] = {"to_act": False, "acts": []}


def view_message(
    session: Session,
    seat: str | None,
    turn: int,
    *,
    seats: Mapping[str, Mapping[str, Any]] | None = None,
    waiting: Sequence[str] = (),
    log: Sequence[Event] | None = None,
) -> dict[str, Any]:
    """The full snapshot for ``seat`` (``None``: the public view of a spectator).

    ``board`` is :meth:`Session.board` for that seat; ``you`` what the seat
    may do; ``seats`` who is human, computer, connected; ``waiting`` the
    seats still to read a settlement (or to ask for a fresh bank); ``log``
    (the first view after a join) the log's last events.
    """
    board = session.seat_view(seat).model_dump(mode="json")
    prompt = session.prompt_msg()
    board["prompt"] = str(prompt)  # English on the wire, as events' texts (whatever the host's)
    g = session.game
    ended = g.ended
    open_auction = g.phase == "auction"
    out: dict[str, Any] = {
        "type": "view",
        "turn": turn,
        "seat": seat,
        "board": board,
        "ended": ended.model_dump(mode="json")
        if ended is not None and session.stage() == "ended"
        else None,
        "balances": dict(g.balances),
        # The auction under way: who bid what, who passed (public words).
        "auction": {
            "bids": dict(g.bids) if open_auction else {},
            "spoken": list(g.spoken) if open_auction else [],
        },
        "seats": dict(seats or {}),
        "waiting": list(waiting),
        "you": seat_options(session, seat, waiting) if seat is not None else None,
        # The board's prompt as a message: a joiner tells it in its own language.
        "prompt_msg": prompt.to_data(),
    }
    if log is not None:
        out["log"] = [event_dict(ev) for ev in log]
    return out


# ------------------------------------------------------------------ the two-hand games

#: The acts that are made in a seat's name (the table adds ``who``: the seat's own).
_IN_A_NAME = frozenset({"bid", "pass", "banco", "wager", "take", "bet"})
#: Every act as the game's pydantic models check it (:data:`banque.core.models.Action`).
_ACTION: TypeAdapter[Action] = TypeAdapter(Action)


@dataclass(frozen=True)
class GameAct:
    """An act of a chemin de fer or punto banco seat: its id, the turn it answers, and
    its own fields as sent (read by the game's act models, :func:`game_action`)."""

    id: str
    turn: int
    act: str
    fields: dict[str, Any] = field(default_factory=dict)


def parse_game_act(data: Mapping[str, Any], game: str) -> GameAct:
    """A two-hand game's act message: its id, turn and act name checked here; the rest
    is the act's own fields, which the act models check (:func:`game_action`)."""
    from ..session.port import TWO_HAND_ACTS

    ident = data.get("id")
    if not isinstance(ident, str) or not 0 < len(ident) <= 64:
        raise ProtocolError(
            "bad_message", Msg(N_('An act needs an "id": a text of 1 to 64 characters.'))
        )
    turn = data.get("turn")
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
        raise ProtocolError(
            "bad_message", Msg(N_('An act needs the "turn" it answers (a whole number).')), ident
        )
    acts = TWO_HAND_ACTS.get(game, ())
    act = data.get("act")
    if act not in acts:
        raise ProtocolError(
            "bad_message",
            Msg(N_("{field} must be one of: {values}."), field='"act"', values=", ".join(acts)),
            ident,
        )
    fields = {k: v for k, v in data.items() if k not in ("v", "type", "id", "turn")}
    if "who" in fields:
        raise ProtocolError(
            "bad_message",
            Msg(N_('An act names no "who": it is always the seat that sends it.')),
            ident,
        )
    return GameAct(ident, turn, str(act), fields)


def game_action(act: GameAct, seat: str) -> Action:
    """The act as the game's model reads it, in ``seat``'s name; a field the model
    refuses is a ``bad_message`` in one line (the field and what it must be)."""
    body = dict(act.fields)
    if act.act in _IN_A_NAME:
        body["who"] = seat
    try:
        return _ACTION.validate_python(body)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()) if p != act.act) or '"act"'
        raise ProtocolError(
            "bad_message",
            Msg(
                N_("This {act} does not read: {field}: {problem}."),
                act=act.act,
                field=where,
                problem=str(first.get("msg", "")).rstrip("."),
            ),
            act.id,
        ) from None


def game_seat_options(session: Any, seat: str) -> dict[str, Any]:
    """What a two-hand seat may do now, with the amounts its acts may name."""
    g = session.game
    acts = session.seat_acts(seat)
    out: dict[str, Any] = {"to_act": bool(acts), "acts": acts}
    if session.concurrent:  # punto banco: the bets, and the deal once everyone is ready
        out["to_act"] = "deal" in acts
        out["limit"] = g.limit
        out["ready"] = seat in session.ready
        out["most"] = {spot: g.max_bet(seat, spot) for spot in SPOTS}
        return out
    if "bid" in acts:
        out["most"] = g.balances.get(seat, 0)
    elif "wager" in acts:
        out["most"] = g.remaining
    if "draw" in acts:
        out["side"] = "punter" if g.phase == "punter" else "banker"
    if "draw" in acts and g.phase == "banker":  # the banker's exact choice: its eyes only
        draw, stand = g.advice()
        out["advice"] = {"draw": float(draw), "stand": float(stand)}
    return out


#: punto banco's spots (as its game names them).
SPOTS = ("player", "banker", "natural8", "natural9")


def game_view_message(
    session: Any,
    seat: str | None,
    turn: int,
    *,
    seats: Mapping[str, Mapping[str, Any]] | None = None,
    waiting: Sequence[str] = (),
    log: Sequence[Event] | None = None,
) -> dict[str, Any]:
    """A two-hand game's snapshot for ``seat`` (``None``: a spectator's): ``view`` is
    the game's own view for that seat (``game.view(seat)``: a concealed card is
    ``null``), never the state."""
    g = session.game
    prompt = session.prompt_msg()
    view = session.seat_view(seat).model_dump(mode="json")
    view["prompt"] = str(prompt)  # English on the wire, as events' texts
    out: dict[str, Any] = {
        "type": "view",
        "turn": turn,
        "seat": seat,
        "game": str(g.game),
        "view": view,
        "seats": dict(seats or {}),
        "waiting": list(waiting),
        "you": game_seat_options(session, seat) if seat is not None else None,
        "prompt_msg": prompt.to_data(),
    }
    if str(g.game) == "chemin-de-fer":  # the first bank's auction as it went; the banks
        out["auction"] = {"spoken": list(g.spoken)}
        out["banks"] = len(g.banks)
    if g.phase == "ended":
        out["standings"] = [s.model_dump(mode="json") for s in g.standings()]
        ended = getattr(g, "ended_msg", None)
        out["ended_msg"] = ended.to_data() if ended is not None else None
    if log is not None:
        out["log"] = [event_dict(ev) for ev in log]
    return out
