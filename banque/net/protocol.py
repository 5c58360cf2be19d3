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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, ValidationError

from ..constants import MAX_NAME
from ..core.messages import ENGLISH, N_, Msg, reason, tell
from ..core.models import Words, act_models
from ..games import definition
from .auth import AUTH, MAC_RE, NONCE_RE

if TYPE_CHECKING:
    from ..games.banque.game import Event
    from ..session.port import TableSession

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


_HELLO_KEYS = {"v", "type", "seat", "token", "spectator", "client", "auth", "nonce"}
_PROOF_KEYS = {"v", "type", "mac", "mismatch"}


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


class ActMessage(BaseModel):
    """An ``act`` message as it comes: the act's ``id`` (idempotence), the ``turn`` it
    answers, and the act's own fields (``model_extra``), which the game's act models
    read (:class:`ActReader`)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    v: int
    type: Literal["act"]
    id: Annotated[
        str,
        Field(strict=True, min_length=1, max_length=64),
        Words(wrong=Msg(N_('An act needs an "id": a text of 1 to 64 characters.'))),
    ]
    turn: Annotated[
        StrictInt,
        Field(ge=0),
        Words(wrong=Msg(N_('An act needs the "turn" it answers (a whole number).'))),
    ]

    @property
    def fields(self) -> dict[str, Any]:
        """The act's own fields (``act`` among them)."""
        return dict(self.model_extra or {})


def parse_act_message(data: Mapping[str, Any]) -> ActMessage:
    """An ``act`` message's id and turn, checked (its act is read by :class:`ActReader`)."""
    try:
        return ActMessage.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else ""
        ident = data.get("id")
        ident = ident if field != "id" and isinstance(ident, str) else None
        words = _words(ActMessage, field)
        said = (
            words.wrong
            if words is not None and words.wrong is not None
            else _unread("act", field, first)
        )
        raise ProtocolError("bad_message", said, ident) from None


def _words(model: type[BaseModel], field: str) -> Words | None:
    info = model.model_fields.get(field)
    if info is None:
        return None
    return next((m for m in info.metadata if isinstance(m, Words)), None)


def _unread(act: str, field: str, error: Mapping[str, Any]) -> Msg:
    """A field no words were written for: pydantic's own, in one line."""
    return Msg(
        N_("This {act} does not read: {field}: {problem}."),
        act=act,
        field=field or '"act"',
        problem=str(error.get("msg", "")).rstrip("."),
    )


class ActReader:
    """A game's acts as a seat sends them, read by the game's models.

    ``union`` is the game's ``SeatAct`` (:meth:`banque.games.GameDefinition.seat_acts`),
    validated by one pydantic ``TypeAdapter``. The table adds ``who`` (the sending seat's
    name) to an act whose model has it; a ``who`` in the message is refused. A field sent
    ``null`` is absent, and a flag of another act at its default (``"a_cheval": false``)
    is no field at all, as version 1 always read them. Anything else a model refuses is a
    ``bad_message`` in the words of the field's :class:`~banque.core.models.Words`
    (else pydantic's, in one line).
    """

    def __init__(self, union: Any) -> None:
        self.adapter: TypeAdapter[Any] = TypeAdapter(union)
        #: Each act's model, by the act's name.
        self.models = act_models(union)
        self._defaults: dict[str, Any] = {}
        for model in self.models.values():
            for name, info in model.model_fields.items():
                if isinstance(info.default, bool):
                    self._defaults.setdefault(name, info.default)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.models)

    def read(self, message: ActMessage, seat: str) -> BaseModel:
        """``message``'s act as its model reads it, in ``seat``'s name."""
        fields = {k: v for k, v in message.fields.items() if v is not None}
        if "who" in fields:
            raise ProtocolError(
                "bad_message",
                Msg(N_('An act names no "who": it is always the seat that sends it.')),
                message.id,
            )
        model = self.models.get(fields.get("act"))  # type: ignore[arg-type]
        if model is not None:
            for key in [k for k in fields if k not in model.model_fields]:
                if key in self._defaults and fields[key] is self._defaults[key]:
                    del fields[key]  # another act's flag, at its default: nothing said
            if "who" in model.model_fields:
                fields["who"] = seat
        try:
            return self.adapter.validate_python(fields)  # type: ignore[no-any-return]
        except ValidationError as exc:
            raise ProtocolError(
                "bad_message", self._problem(exc, fields, model), message.id
            ) from None

    def _problem(
        self, exc: ValidationError, fields: Mapping[str, Any], model: type[BaseModel] | None
    ) -> Msg:
        """The first thing wrong, in words."""
        errors = exc.errors()
        act = str(fields.get("act"))
        if model is None:  # no such act in this game
            return Msg(
                N_("{field} must be one of: {values}."),
                field='"act"',
                values=", ".join(self.names),
            )
        extra = [str(e["loc"][1]) for e in errors if e["type"] == "extra_forbidden"]
        if extra:
            for other in self.models.values():
                words = _words(other, extra[0])
                if words is not None and words.elsewhere is not None:
                    return words.elsewhere
            shown = ", ".join(repr(k)[:40] for k in extra[:3])
            return Msg(N_("Unknown field(s): {fields}."), fields=shown)
        first = errors[0]
        loc = first["loc"][1:]  # after the act's name
        if not loc:  # the model's own check (its words raised as a ValueError)
            said = reason(first.get("ctx", {}).get("error") or ValueError(first["msg"]))
            return said if isinstance(said, Msg) else _unread(act, "", first)
        field = str(loc[0])
        words = _words(model, field)
        if words is not None:
            if first["type"] == "missing" and words.missing is not None:
                return words.missing
            if len(loc) > 1 and isinstance(loc[1], int) and words.each is not None:
                return words.each
            if words.wrong is not None:
                return words.wrong
        return _unread(act, field, first)


#: Each game's reader, made once.
_READERS: dict[str, ActReader] = {}


def act_reader(game: str) -> ActReader:
    """The reader of ``game``'s acts (its definition's ``SeatAct``)."""
    reader = _READERS.get(game)
    if reader is None:
        reader = _READERS[game] = ActReader(definition(game).seat_acts())
    return reader


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
    session: TableSession,
    seat: str | None,
    turn: int,
    *,
    seats: Mapping[str, Mapping[str, Any]] | None = None,
    waiting: Sequence[str] = (),
    log: Sequence[Event] | None = None,
) -> dict[str, Any]:
    """The full snapshot for ``seat`` (``None``: the public view of a spectator), at any
    game's table.

    Its game's part is the session's :meth:`~banque.session.port.SeatPort.seat_message`
    for that seat: the seat's view (banque's ``board``, :meth:`Session.board`; a two-hand
    game's ``view``, ``game.view(seat)``), what it may do (``you``) and the public facts
    beside them, exactly what the local table draws for that seat; ``seats`` who is
    human, computer, connected; ``waiting`` the seats still to read a settlement (or to
    ask for a fresh bank, or to say ``deal``); ``planning`` the expert seat whose move waits
    on its plan, being solved (``None``: none); ``log`` (the first view after a join) the
    log's last events.
    """
    prompt = session.prompt_msg()
    out: dict[str, Any] = {
        "type": "view",
        "turn": turn,
        "seat": seat,
        **session.seat_message(seat, waiting),
        "seats": dict(seats or {}),
        "waiting": list(waiting),
        # An expert whose move waits on its strategy, still being worked out (or null).
        "planning": session.plan_wait(),
        # The prompt as a message: a joiner tells it in its own language.
        "prompt_msg": prompt.to_data(),
    }
    if log is not None:
        out["log"] = [event_dict(ev) for ev in log]
    return out
