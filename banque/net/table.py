"""One table shared by joined seats: the session, its seats, and the protocol's rules.

:class:`Table` knows no socket: each joined client is a :class:`Link` (a
``send(bytes)`` and a ``close()``), and :meth:`Table.receive` takes the
lines it sent.  The asyncio server (:mod:`banque.net.server`) reads and
writes the sockets and paces the computer players with :meth:`Table.due`
and :meth:`Table.step`; tests drive a table directly, byte for byte.

After every change of the game, every link gets the events (codes, params
and texts: public words) and then a full snapshot made for its own seat
(:func:`banque.net.protocol.view_message`): joining again is just another
snapshot.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import secrets
import sys
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel

from ..core.errors import IllegalAction
from ..core.journal import stopped_msg
from ..core.messages import N_, Msg, Nn_
from ..session.port import family_of
from ..text import quoted
from . import auth as A
from . import protocol as P
from .auth import Peer

if TYPE_CHECKING:
    from ..games.banque.game import Event
    from ..session.port import TableSession

#: Ids of acts remembered per seat, for idempotence.
REMEMBERED_ACTS = 64
#: Protocol errors a link may cause before it is closed.
MAX_ERRORS = 50
#: Spectators at once; one more is refused (``full``) and closed. (Seats are never
#: refused for room: each human seat has at most one connection.)
MAX_SPECTATORS = 100
#: A settlement read by a table of computers only stays this many paces.
WATCH_READING = 3.0
#: Seconds between two tries of a journal that cannot be written (an act tries at once).
JOURNAL_RETRY = 1.5
#: Seconds between two looks at an expert's plan being solved (its move waits for it,
#: solved in a thread: the event loop goes on meanwhile).
PLAN_POLL = 0.1
#: Words other parts give :meth:`Table.close` (``TableServer.close``'s), marked here
#: for the catalogue: each joiner reads them in its own language.
CLOSING_WORDS = (N_("The host has closed the table."),)
#: The host's notices of a burst (the first of each is said on its own).
WRONG_AGAIN = Nn_(
    "{n} more wrong token for {seat}'s seat {how} in the last {seconds} s: refused.",
    "{n} more wrong tokens for {seat}'s seat {how} in the last {seconds} s: refused.",
)
CLEAR_AGAIN = Nn_(
    "{n} more token sent in the clear for {seat}'s seat {how} in the last {seconds} s: refused.",
    "{n} more tokens sent in the clear for {seat}'s seat {how} in the last {seconds} s: refused.",
)
OLD_AGAIN = Nn_(
    "{seat} joined {n} more time with an older banque join in the last {seconds} s.",
    "{seat} joined {n} more times with an older banque join in the last {seconds} s.",
)
REPLACED_AGAIN = Nn_(
    "{seat}'s seat was joined again {n} more time in the last {seconds} s.",
    "{seat}'s seat was joined again {n} more times in the last {seconds} s.",
)


def _wrong_token(seat: str) -> Msg:
    return Msg(
        N_("That token does not open {seat}'s seat: ask the host for the seat's token."),
        seat=seat,
    )


class Link(Protocol):
    """One joined client, as the table sees it."""

    def send(self, data: bytes) -> None: ...

    def close(self) -> None: ...


def send_view(link: Link, data: bytes) -> None:
    """A snapshot after a change: a link that is behind may keep only the newest
    (``send_view``, see :class:`banque.net.server.StreamLink`); others just send it."""
    sender = getattr(link, "send_view", None)
    if sender is not None:
        sender(data)
    else:
        link.send(data)


@dataclass
class Joined:
    """A link's state at the table."""

    link: Link
    seat: str | None = None
    spectator: bool = False
    errors: int = 0
    #: How it reached the table (the server says; in this process: ``local``).
    peer: Peer = field(default_factory=Peer)
    #: The challenge it was sent and has not answered yet.
    challenge: Challenge | None = None

    @property
    def hello(self) -> bool:
        return self.seat is not None or self.spectator


@dataclass(frozen=True)
class Challenge:
    """A challenge sent for ``seat``: the two nonces its proof is made over."""

    seat: str
    client_nonce: str
    server_nonce: str


@dataclass
class HeldSeat:
    token: str
    uid: int | None = None
    link: Joined | None = None
    #: The last acts' answers by id: the act's fingerprint (:func:`act_print`) and the
    #: messages that answered it.
    replies: OrderedDict[str, tuple[str, list[dict[str, Any]]]] = field(default_factory=OrderedDict)


def act_print(turn: int, act: BaseModel) -> str:
    """What an act asks, as a short digest (its id aside): the same act, the same print."""
    fields = {"turn": turn, **act.model_dump(mode="json")}
    text = json.dumps(fields, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Table:
    """A session shared by joined seats (each human seat proves itself with its token).

    Any game's session (:class:`banque.session.port.TableSession`): banque's, or a
    two-hand game's. A seat's act is read by its game's act models
    (:class:`~banque.net.protocol.ActReader`, the definition's ``SeatAct``) and played
    by the session for that seat (``perform_for``); whatever follows by itself (a
    settlement read by every seat, punto banco's deal) the session says (``go_on``).

    ``pace`` is the seconds between two automatic moves (computer seats, and
    stand-ins for gone seats when ``takeover``); ``uid`` the account whose
    processes may join a seat without its token (through the socket's peer
    credentials: the host's own account by default); ``tokens`` fixed tokens
    (tests, a resumed game), otherwise each human seat gets a ``secrets`` token.
    ``on_notice`` hears what the host should know about its seats (wrong tokens,
    a seat taken over from elsewhere), at most one line per seat and kind every
    :data:`~banque.net.auth.NOTICE_WINDOW` seconds.
    """

    def __init__(
        self,
        session: TableSession | Any,
        *,
        pace: float = 0.6,
        takeover: bool = False,
        uid: int | None = None,
        tokens: Mapping[str, str] | None = None,
        users: Mapping[str, int] | None = None,
        on_change: Callable[[], None] | None = None,
        on_notice: Callable[[Msg], None] | None = None,
    ) -> None:
        self.session = session
        #: The game played (``banque``, ``chemin-de-fer``, ``punto-banco``).
        self.family = family_of(session)
        #: Its acts as a seat sends them, read by its models.
        self.acts = P.act_reader(self.family)
        self.on_notice = on_notice
        self.notices = A.Notices(self._notice)
        self.pace = max(0.0, pace)
        self.takeover = takeover
        self.uid = uid
        self.turn = 1
        self.links: list[Joined] = []
        self.seats: dict[str, HeldSeat] = {}
        self.on_change = on_change
        tokens = dict(tokens or {})
        for name in session.game.participants:
            if name in session.computers:
                continue
            state = HeldSeat(tokens.get(name) or secrets.token_urlsafe(18))
            state.uid = (users or {}).get(name)
            self.seats[name] = state
        #: Spectators the server has room for (at most :data:`MAX_SPECTATORS`; lowered by
        #: the server when few descriptors are left to it).
        self.spectator_room = MAX_SPECTATORS
        #: Why the journal cannot be written, as every seat was told (``None``: it can).
        self.journal_failing: Msg | None = None
        #: Told when the journal stops being written (the reason) and when it is again
        #: (``None``): the host's console says so.
        self.on_journal: Callable[[Msg | None], None] | None = None

    # ------------------------------------------------------------ seats

    def token(self, seat: str) -> str:
        return self.seats[seat].token

    def humans(self) -> list[str]:
        return list(self.seats)

    def connected(self, seat: str) -> bool:
        state = self.seats.get(seat)
        return state is not None and state.link is not None

    def seat_table(self) -> dict[str, dict[str, Any]]:
        """Who sits where: human or computer, joined or gone, played by a stand-in."""
        out: dict[str, dict[str, Any]] = {}
        for name in self.session.game.participants:
            if name in self.session.computers:
                out[name] = {"kind": "computer", "connected": True, "stand_in": False}
            else:
                out[name] = {
                    "kind": "human",
                    "connected": self.connected(name),
                    "stand_in": self.takeover and not self.connected(name),
                }
        return out

    def present(self) -> list[str]:
        """The human seats joined now."""
        return [s for s in self.seats if self.connected(s)]

    def waiting(self) -> list[str]:
        """The joined human seats still to read a settlement (or to ask for a fresh bank);
        punto banco: still to say ``deal`` once a seat has."""
        return list(self.session.waiting(self.present()))

    # ------------------------------------------------------------ sending

    def _send(self, joined: Joined, message: Mapping[str, Any]) -> None:
        joined.link.send(P.encode(message))

    def _view(self, joined: Joined, log: Sequence[Event] | None = None) -> dict[str, Any]:
        view = P.view_message(
            self.session,
            joined.seat,
            self.turn,
            seats=self.seat_table(),
            waiting=self.waiting(),
            log=log,
        )
        if self.journal_failing is not None:
            P.journal_notice(view, self.journal_failing)
        return view

    # ------------------------------------------------------------ the journal

    def _journal_check(self) -> None:
        """Has the journal stopped (or started again) being written? Every seat is told
        (an ``error`` of code ``journal``; the views then carry it), and the host."""
        journal = self.session.journal
        why = journal.failure_msg if journal is not None else None
        changed = (why is None) != (self.journal_failing is None)
        self.journal_failing = None if why is None else stopped_msg(why)  # its reason may change
        if not changed:
            return
        if self.journal_failing is not None:
            notice = P.error("journal", self.journal_failing)
            for joined in list(self.links):
                if joined.hello:
                    self._send(joined, notice)
        if self.on_journal is not None:
            self.on_journal(self.journal_failing)

    def journal_problem(self) -> Msg | None:
        """Why no act is taken now (the journal tried again first); ``None``: it is."""
        return self.session.journal_problem()

    def broadcast(self, events: Sequence[Event] = (), skip: Joined | None = None) -> None:
        """The events, then each link's own snapshot (``skip``: one that has it already)."""
        self._journal_check()
        events_msg = P.encode(P.events_message(events, self.turn)) if events else b""
        public: bytes | None = None
        for joined in list(self.links):
            if not joined.hello or joined is skip:
                continue
            if events_msg:
                joined.link.send(events_msg)
            if joined.seat is None:  # spectators share the one public view
                if public is None:
                    public = P.encode(self._view(joined))
                send_view(joined.link, public)
            else:
                send_view(joined.link, P.encode(self._view(joined)))
        if self.on_change is not None:
            self.on_change()

    def _changed(self, events: Sequence[Event]) -> None:
        self.turn += 1
        self.broadcast(events)

    def _notice(self, message: Msg) -> None:
        if self.on_notice is not None:
            with contextlib.suppress(OSError, ValueError):  # a console gone (SIGHUP)
                self.on_notice(message)

    def report(self, error: BaseException) -> None:
        """An unexpected error: one line on the host's standard error."""
        print(f"banque: unexpected error at the table: {error!r}", file=sys.stderr)

    # ------------------------------------------------------------ links

    def connect(self, link: Link, peer: Peer | None = None) -> Joined:
        """A new link; ``peer``: how it came (the host's notices name it; a token sent
        in the clear is taken only on a private one)."""
        joined = Joined(link, peer=peer or Peer())
        self.links.append(joined)
        return joined

    def disconnect(self, joined: Joined) -> None:
        """A link is gone: its seat is held (and its token still opens it)."""
        if joined in self.links:
            self.links.remove(joined)
        seat = joined.seat
        if seat is not None and self.seats[seat].link is joined:
            self.seats[seat].link = None
            self.session.ready.discard(seat)
            self.broadcast()  # the others see the seat gone (and maybe a settlement read)
            self._maybe_go_on()

    def close(self, message: str | Msg | None = None) -> None:
        """Tell every link the table closes (in each joiner's language), and hang up.

        A plain ``str`` is sent as a message whose template it is: a joiner tells
        it in its language when the catalogue has it (the server's own words are
        marked in :data:`CLOSING_WORDS`), else as it is.
        """
        if message is None:
            message = Msg(N_("The table closes."))
        elif isinstance(message, str):
            message = Msg(message)
        for joined in list(self.links):
            self._send(joined, P.error("closing", message))
            joined.link.close()
        self.links.clear()
        self.notices.close()
        self.session.stop_plans()  # the experts' plans not started yet: never solved

    def receive(self, joined: Joined, line: bytes, uid: int | None = None) -> None:
        """One line a link sent: answered, and the game changed if it was a good act."""
        try:
            data = P.decode(line)
            kind = data["type"]
            if kind == "hello":
                if data.get("spectator") is True and not self._room_to_watch(joined):
                    return
                self._hello(joined, P.parse_hello(data), uid)
            elif kind == "proof":
                self._proof(joined, P.parse_proof(data))
            elif kind == "act":
                self._act(joined, P.parse_act_message(data))
            else:
                raise P.ProtocolError(
                    "bad_message",
                    Msg(N_('The "type" of a message is "hello", "proof" or "act".')),
                    data.get("id"),
                )
        except P.ProtocolError as exc:
            self._refuse(joined, P.error(exc.code, exc.msg or exc.message, exc.id))

    def _room_to_watch(self, joined: Joined) -> bool:
        """Room for one more spectator; otherwise it is told so (``full``) and closed."""
        if joined.hello:
            return True  # already joined: refused as such by the hello
        most = min(MAX_SPECTATORS, self.spectator_room)
        if sum(1 for j in self.links if j.spectator) < most:
            return True
        self._send(
            joined,
            P.error(
                "full",
                Msg(
                    N_("The table has all the spectators it takes ({most}): try again later."),
                    most=most,
                ),
            ),
        )
        joined.link.close()
        self.disconnect(joined)
        return False

    def too_long(self, joined: Joined) -> None:
        """A line over the limit (the server drops it without reading it)."""
        self._refuse(
            joined,
            P.error(
                "too_long",
                Msg(N_("A message is at most {most} bytes; this one is longer."), most=P.MAX_LINE),
            ),
        )

    def _refuse(self, joined: Joined, message: dict[str, Any]) -> None:
        joined.errors += 1
        self._send(joined, message)
        if joined.errors >= MAX_ERRORS:
            self._send(
                joined, P.error("closing", Msg(N_("Too many bad messages: the table hangs up.")))
            )
            joined.link.close()
            self.disconnect(joined)

    def _hello(self, joined: Joined, hello: P.Hello, uid: int | None) -> None:
        if joined.hello:
            raise P.ProtocolError("bad_message", Msg(N_("This connection has already joined.")))
        joined.challenge = None  # a new hello forgets an unanswered challenge
        if hello.spectator:
            joined.spectator = True
            self._send(joined, self._welcome(None))
            self._send(joined, self._view(joined, self.session.messages[-P.LOG_TAIL :]))
            return
        seat = hello.seat
        assert seat is not None
        if seat not in self.session.game.participants:
            raise P.ProtocolError(
                "unknown_seat",
                Msg(N_("Nobody called {seat} sits at this table."), seat=quoted(seat, 40)),
            )
        state = self.seats.get(seat)
        if state is None:
            raise P.ProtocolError(
                "unknown_seat",
                Msg(N_("{seat} is a computer seat: it cannot be joined."), seat=seat),
            )
        if hello.auth is not None:  # the challenge, with the table's own proof
            assert hello.nonce is not None
            challenge = Challenge(seat, hello.nonce, A.nonce())
            joined.challenge = challenge
            self._send(
                joined,
                {
                    "type": "challenge",
                    "auth": A.AUTH,
                    "seat": seat,
                    "nonce": challenge.server_nonce,
                    "proof": A.proof(
                        state.token, "server", seat, hello.nonce, challenge.server_nonce
                    ),
                },
            )
            return
        if hello.token is not None:  # an older client: its token in the clear
            self._clear_token(joined, seat, state, hello.token)
        elif not (uid is not None and (uid == self.uid or uid == state.uid)):
            raise P.ProtocolError(
                "bad_token",
                Msg(N_("{seat}'s seat needs its token (the host printed it)."), seat=seat),
            )
        self._seat(joined, seat, state)

    def _clear_token(self, joined: Joined, seat: str, state: HeldSeat, token: str) -> None:
        """An older client's token in the clear: refused over TCP (it may have reached a
        squatter), taken on a private transport with a note to the host."""
        peer = joined.peer
        key = (seat, peer.kind)
        if not peer.private:
            self.notices.note(
                ("clear", *key),
                Msg(
                    N_(
                        "An older banque join sent {seat}'s token in the clear {how}: refused "
                        "(it must be updated)."
                    ),
                    seat=seat,
                    how=peer.how(),
                ),
                lambda n: Msg.plural(
                    CLEAR_AGAIN, n, seat=seat, how=peer.kind_words(), seconds=A.NOTICE_SECONDS
                ),
            )
            raise P.ProtocolError(
                "clear_token",
                Msg(
                    N_(
                        "This table does not take a token sent in the clear over TCP: update "
                        "banque on your side (its banque join proves the token without "
                        "sending it)."
                    )
                ),
            )
        if not hmac.compare_digest(token.encode(), state.token.encode()):
            self._wrong(joined, seat)
            raise P.ProtocolError("bad_token", _wrong_token(seat))
        self.notices.note(
            ("old", *key),
            Msg(
                N_(
                    "{seat} joined {how} with an older banque join (its token sent in the "
                    "clear): still taken on the Unix socket, but update it."
                ),
                seat=seat,
                how=peer.how(),
            ),
            lambda n: Msg.plural(OLD_AGAIN, n, seat=seat, seconds=A.NOTICE_SECONDS),
        )

    def _proof(self, joined: Joined, proof: P.Proof) -> None:
        """The answer to a challenge: the seat, or a refusal (and a note to the host).

        A ``mismatch`` (the client found that the table's proof does not match its
        token) is a wrong token too: told to the client and the host alike."""
        challenge, joined.challenge = joined.challenge, None  # a proof is good once
        if joined.hello:
            raise P.ProtocolError("bad_message", Msg(N_("This connection has already joined.")))
        if challenge is None:
            raise P.ProtocolError(
                "bad_message",
                Msg(N_('A "proof" answers a "challenge": send "hello" with "auth" first.')),
            )
        seat = challenge.seat
        state = self.seats[seat]
        if proof.mac is None or not A.check(
            proof.mac,
            state.token,
            "client",
            seat,
            challenge.client_nonce,
            challenge.server_nonce,
        ):
            self._wrong(joined, seat)
            raise P.ProtocolError("bad_token", _wrong_token(seat))
        self._seat(joined, seat, state)

    def _wrong(self, joined: Joined, seat: str) -> None:
        """A wrong token for ``seat``: the host hears of it (a burst as one line)."""
        peer = joined.peer
        self.notices.note(
            ("wrong", seat, peer.kind),
            Msg(N_("A wrong token for {seat}'s seat {how}: refused."), seat=seat, how=peer.how()),
            lambda n: Msg.plural(
                WRONG_AGAIN, n, seat=seat, how=peer.kind_words(), seconds=A.NOTICE_SECONDS
            ),
        )

    def _seat(self, joined: Joined, seat: str, state: HeldSeat) -> None:
        """``joined`` holds ``seat`` now (an older connection of it is told who, and closed)."""
        old = state.link
        if old is not None and old is not joined:
            how = joined.peer.how()
            self._send(
                old,
                P.error(
                    "replaced",
                    Msg(N_("Your seat was joined again from elsewhere ({how})."), how=how),
                ),
            )
            old.link.close()
            if old in self.links:
                self.links.remove(old)
            self.notices.note(
                ("replaced", seat),
                Msg(
                    N_(
                        "{seat}'s seat was joined again {how}; the older connection ({old}) "
                        "was closed."
                    ),
                    seat=seat,
                    how=how,
                    old=old.peer.how(),
                ),
                lambda n: Msg.plural(REPLACED_AGAIN, n, seat=seat, seconds=A.NOTICE_SECONDS),
            )
        state.link = joined
        joined.seat = seat
        self._send(joined, self._welcome(seat))
        self._send(joined, self._view(joined, self.session.messages[-P.LOG_TAIL :]))
        if old is None:
            self.broadcast(skip=joined)  # the others see the seat joined

    def _welcome(self, seat: str | None) -> dict[str, Any]:
        g = self.session.game
        welcome = {
            "type": "welcome",
            "game": self.family,
            "seat": seat,
            "spectator": seat is None,
            "participants": list(g.participants),
            "forced_moves": getattr(g, "forced_moves", "automatic"),
            "rules": getattr(g, "rules", None),
            "options": {},
            "pace": self.pace,
        }
        welcome.update(self.session.table_options())  # the game's own table options
        return welcome

    # ------------------------------------------------------------ acts

    def _act(self, joined: Joined, message: P.ActMessage) -> None:
        if not joined.hello:
            raise P.ProtocolError(
                "hello_first", Msg(N_('Say "hello" (your seat and token) first.')), message.id
            )
        if joined.seat is None:
            raise P.ProtocolError(
                "spectator", Msg(N_("A spectator watches: it cannot act.")), message.id
            )
        act = self.acts.read(message, joined.seat)
        state = self.seats[joined.seat]
        fingerprint = act_print(message.turn, act)
        seen = state.replies.get(message.id)
        if seen is not None:
            if seen[0] != fingerprint:  # a client that started its ids again: never another's
                raise P.ProtocolError(
                    "id_reused",
                    Msg(
                        N_(
                            "This act id was already used for another act: nothing was done "
                            "(each act needs an id of its own; look again and choose)."
                        )
                    ),
                    message.id,
                )
            for said in seen[1]:  # the same act again (a resend): the same answer
                self._send(joined, said)
            return
        events: list[Event] = []
        try:
            reply, events = self._apply(joined.seat, message, act)
        except P.ProtocolError as exc:
            reply = P.error(exc.code, exc.msg or exc.message, message.id)
        except Exception as exc:  # a bug: said to the seat and the host, never a stop
            self.report(exc)
            reply = P.error(
                "internal",
                Msg(
                    N_(
                        "An unexpected error stopped that act (a bug, reported to the host); "
                        "the table goes on."
                    )
                ),
                message.id,
            )
            self._changed([])  # everyone gets a fresh snapshot of whatever the state is
        if reply.get("code") != "journal":  # a refusal for now only: not remembered
            state.replies[message.id] = (fingerprint, [reply])
        while len(state.replies) > REMEMBERED_ACTS:
            state.replies.popitem(last=False)
        if reply["type"] == "error":
            joined.errors += 1
        self._send(joined, reply)
        if reply["type"] == "ack":
            self._after(events, moved=reply["turn"] != self.turn)

    def _apply(
        self, seat: str, message: P.ActMessage, act: Any
    ) -> tuple[dict[str, Any], list[Event]]:
        """Play ``seat``'s act (read by its game's models); an ``ack`` (with the events),
        or a ProtocolError."""
        ident = message.id
        problem = self.journal_problem()
        if problem is not None:  # every act made now would be lost: none is taken
            if self.journal_failing is None:
                self._changed([])  # everyone is told (a failure met by a retry)
            raise P.ProtocolError("journal", problem, ident)
        session = self.session
        concurrent = session.concurrent  # seats acting at once: no particular turn
        if message.turn != self.turn and not concurrent:
            raise P.ProtocolError(
                "stale",
                Msg(
                    N_(
                        "The table has moved on (this act answers turn {act}; it is now turn "
                        "{now}): look again and choose."
                    ),
                    act=message.turn,
                    now=self.turn,
                ),
                ident,
            )
        #: A reading (a settlement read, a fresh bank asked for) is no one's turn, and the
        #: turn stays: only the game's acts move it on.
        reads = getattr(act, "reads", None) is not None
        if not reads:
            who = session.actor()
            if act.act not in session.seat_acts(seat) and who != seat:
                raise P.ProtocolError(
                    "not_your_turn",
                    Msg(N_("It is {who}'s turn, not yours."), who=who)
                    if who
                    else Msg(N_("{act} is not an act of this moment."), act=act.act)
                    if concurrent
                    else Msg(N_("Nobody is to act now.")),
                    ident,
                )
        try:
            events = session.perform_for(seat, act)
        except IllegalAction as exc:
            raise P.ProtocolError("refused", exc.msg, ident) from None
        except ValueError as exc:  # a model refusing a value (pydantic)
            raise P.ProtocolError("refused", str(exc).splitlines()[0][:200], ident) from None
        return {"type": "ack", "id": ident, "turn": self.turn + (0 if reads else 1)}, events

    def _after(self, events: list[Event], moved: bool) -> None:
        """A change was made: tell everyone (a new turn if the game ``moved``, or only
        who is ready changed); then what follows by itself."""
        if events or moved:
            self._changed(events)
        else:
            self.broadcast()  # only who has read the settlement changed
        self._maybe_go_on()

    def _maybe_go_on(self) -> None:
        """Everyone joined is ready (has read the settlement, asked for a fresh bank,
        said ``deal`` at punto banco): the session goes on."""
        present = self.present()
        if not present or self.journal_failing is not None:
            return  # (the journal written again, the table goes on then)
        events = self.session.go_on(present)
        if events is not None:
            self._changed(events)

    # ------------------------------------------------------------ automatic moves

    def mover(self) -> str | None:
        """The seat whose move the table makes by itself now (a computer, or a stand-in)."""
        session = self.session
        who = session.computer_to_move()
        if who is not None:
            return who
        if not self.takeover:
            return None
        who = session.stand_in_seat()
        return who if who in self.seats and not self.connected(who) else None

    def due(self) -> float | None:
        """Seconds until the table moves by itself (``None``: it waits for a human);
        while the journal cannot be written, until it is tried again."""
        session = self.session
        if self.journal_failing is not None:
            return JOURNAL_RETRY
        if self.mover() is not None:
            return PLAN_POLL if session.plan_wait() is not None else self.pace
        nobody = not any(self.connected(s) for s in self.seats)
        if (
            session.stage() == "settlement"
            and nobody
            and (session.all_computers() or self.takeover)
        ):
            return self.pace * WATCH_READING
        return None

    def step(self) -> bool:
        """Make the move :meth:`due` announced; ``False`` if there is none any more.

        While the journal cannot be written this tries it again; once it is, every
        seat gets a fresh view and the table goes on (``True``)."""
        session = self.session
        if self.journal_failing is not None:
            if self.journal_problem() is not None:
                self._journal_check()  # the reason may have changed
                return False
            self._changed([])
            self._maybe_go_on()
            return True
        if self.mover() is None:
            if self.due() is None:
                return False
            session.ready.clear()
            self._changed(session.continue_after_settlement())
            return True
        who = self.mover()
        assert who is not None
        if session.plan_wait() is not None:
            return False  # its plan is being solved (the views say so): looked at again
        # a computer seat, or a gone seat's stand-in (the session keeps it, its generator too)
        events = session.play_computer() if who in session.computers else session.stand_in_move(who)
        self._changed(events)
        return True
