"""A seat's token proved without sending it, and the host's notices about seats.

The handshake (PROTOCOL.md, *hello*): the client's ``hello`` names the seat
and a fresh client nonce; the table answers a ``challenge`` with its own fresh
nonce and *its* proof that it knows the seat's token; the client checks that
proof before it sends anything that depends on the token, then sends its
``proof``.  Both proofs are HMAC-SHA256 keyed by the token over a
domain-separated transcript (:func:`transcript`), so a squatter on the port
gets nothing from the client but the seat's name and a random nonce, and a
proof seen once never opens the seat again (the nonces are fresh).

:class:`Notices` keeps the host's console readable under a burst: one line per
seat and kind of event per window, and a count of the others.

Nothing here imports Textual.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import pwd
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.messages import N_, Msg

#: The only proof this table speaks (the ``auth`` of a ``hello``).
AUTH = "hmac-sha256"
#: The transcript's protocol tag: a proof made for anything else never matches.
TAG = "banque-auth/1"
#: Random bytes of each side's nonce (256 bits, sent as 64 hex digits).
NONCE_BYTES = 32
#: A client's nonce is 32 to 128 hex digits (128 to 512 bits).
NONCE_RE = re.compile(r"[0-9a-f]{32,128}")
#: A proof: an HMAC-SHA256, 64 hex digits.
MAC_RE = re.compile(r"[0-9a-f]{64}")
#: One notice line per seat and kind in this many seconds; the others are counted.
NOTICE_WINDOW = 10.0
#: The window in whole seconds, as the notices say it.
NOTICE_SECONDS = round(NOTICE_WINDOW)


def nonce() -> str:
    """A fresh nonce from the operating system's secure generator."""
    return secrets.token_hex(NONCE_BYTES)


def transcript(role: str, seat: str, client_nonce: str, server_nonce: str) -> bytes:
    """What a proof is made over: the tag, who proves (``client`` or ``server``), the
    seat and both nonces, as a JSON array (an unambiguous encoding of any seat name)."""
    return json.dumps(
        [TAG, role, seat, client_nonce, server_nonce], ensure_ascii=False, separators=(",", ":")
    ).encode("utf-8")


def proof(token: str, role: str, seat: str, client_nonce: str, server_nonce: str) -> str:
    """``role``'s proof that it knows ``token`` (hex)."""
    data = transcript(role, seat, client_nonce, server_nonce)
    return hmac.new(token.encode("utf-8"), data, hashlib.sha256).hexdigest()


def check(
    mac: object, token: str, role: str, seat: str, client_nonce: str, server_nonce: str
) -> bool:
    """Is ``mac`` ``role``'s proof (compared in constant time)?"""
    if not isinstance(mac, str) or not MAC_RE.fullmatch(mac):
        return False
    expected = proof(token, role, seat, client_nonce, server_nonce)
    return hmac.compare_digest(mac.encode("ascii"), expected.encode("ascii"))


# ------------------------------------------------------------------ who is at the other end


@dataclass(frozen=True)
class Peer:
    """How a connection reached the table: ``unix`` (with the account's uid), ``tcp``
    (with the address it came from) or ``local`` (in the host's own process)."""

    kind: str = "local"
    address: str | None = None
    uid: int | None = None

    @property
    def private(self) -> bool:
        """A transport only the host's chosen accounts reach (a token in the clear may
        cross it): the Unix socket (0600, or 0660 for ``--group``) and the host's process."""
        return self.kind in ("unix", "local")

    def how(self) -> Msg:
        """The connection in words: ``over TCP from 127.0.0.1``."""
        if self.kind == "tcp":
            return Msg(N_("over TCP from {address}"), address=self.address or "?")
        if self.kind == "unix":
            user = _account(self.uid)
            if user is not None:
                return Msg(N_("by {user} on the Unix socket"), user=user)
            return Msg(N_("on the Unix socket"))
        return Msg(N_("on the host's own screen"))

    def kind_words(self) -> Msg:
        """The kind of connection alone: ``over TCP``."""
        if self.kind == "tcp":
            return Msg(N_("over TCP"))
        if self.kind == "unix":
            return Msg(N_("on the Unix socket"))
        return Msg(N_("on the host's own screen"))


def _account(uid: int | None) -> str | None:
    if uid is None:
        return None
    try:
        return pwd.getpwuid(uid).pw_name
    except (KeyError, OverflowError):
        return str(uid)


# ------------------------------------------------------------------ the host's notices


@dataclass
class _Window:
    opened: float
    summary: Callable[[int], Msg]
    count: int = 0


@dataclass
class Notices:
    """The host's notices, at most one line per key in :data:`NOTICE_WINDOW` seconds.

    The first of a kind is said at once; the ones that follow within the window
    are counted and said as one line when it ends (by a timer on the running
    event loop, or at the next notice or :meth:`flush` without one).
    """

    emit: Callable[[Msg], None]
    window: float = NOTICE_WINDOW
    clock: Callable[[], float] = time.monotonic
    _open: dict[tuple[str, ...], _Window] = field(default_factory=dict)
    _timer: Any = None

    def note(self, key: tuple[str, ...], first: Msg, summary: Callable[[int], Msg]) -> None:
        """An event: said now (``first``), or counted toward ``summary(count)``."""
        self.flush()
        now = self.clock()
        opened = self._open.get(key)
        if opened is not None:
            opened.count += 1
            opened.summary = summary
            return
        self._open[key] = _Window(now, summary)
        self.emit(first)
        self._schedule()

    def flush(self, *, final: bool = False) -> None:
        """Say the counts of every window that has ended (``final``: of every window)."""
        now = self.clock()
        for key, opened in list(self._open.items()):
            if now - opened.opened < self.window and not (final and opened.count):
                continue
            if opened.count:
                self.emit(opened.summary(opened.count))
                self._open[key] = _Window(now, opened.summary)  # a burst that goes on
            else:
                del self._open[key]
        if self._open:
            self._schedule()

    def _schedule(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test driving a table by hand): at the next note
            return
        if self._timer is not None:
            self._timer.cancel()
        first = min(w.opened for w in self._open.values())
        delay = max(0.05, first + self.window - self.clock())
        self._timer = loop.call_later(delay, self._tick)

    def _tick(self) -> None:
        self._timer = None
        self.flush()

    def close(self) -> None:
        """The counts not said yet, and no more timers (the table closes)."""
        self.flush(final=True)
        self._open.clear()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
