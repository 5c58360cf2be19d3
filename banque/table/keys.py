"""Every key acts, in the order typed, on every screen and dialog.

Textual hands each key to the widget focused *when the app reads the key*, and
looks an ordinary binding up only once the key has bubbled back to the app. In
a burst (typing fast, a paste of keys over SSH) the app reads the next keys
before the first has acted: at the table's "Enter: next coup", ``Enter 9
Enter`` sent the ``9`` and the second Enter to the table before Enter had opened
the next coup and its stake field, and they were lost; in a dialog's field,
``Backspace 3 0`` typed ``3 0`` before the backspace's binding ran, and erased
the ``0``.

:class:`KeysInOrder` makes the app read one key at a time: a key is handed on
as Textual does (priority bindings, else the focused widget), and the next key
waits until that one has been handled by the widget and each of its parents
up to the app (where its binding runs), the screen now on top has read what
it was sent (a screen the key opened has taken its focus) and the focus it
moved has moved.
Nothing is timed: each step waits for the queue before it. A watchdog lets
the keys go on should a step never come (a widget removed with its queue).
"""

from __future__ import annotations

from collections import deque
from time import monotonic
from typing import Any

from textual import events
from textual.app import App
from textual.message_pump import MessagePump
from textual.timer import Timer

#: Seconds a key may keep the next ones waiting before the watchdog lets them go.
KEY_STUCK = 1.0


class KeysInOrder(App[int]):
    """An App that acts on the keys it reads one after the other (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Keys read while another was being acted on, in the order typed.
        self._keys_waiting: deque[events.Key] = deque()
        #: A key is being acted on (since :attr:`_key_since`, by the monotonic clock).
        self._key_busy = False
        self._key_since = 0.0
        self._key_watchdog: Timer | None = None

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            if self._key_busy:
                self._keys_waiting.append(event)
                self._watch_keys()
                return
            await self._send_key(event)
            return
        await super().on_event(event)

    async def _send_key(self, event: events.Key) -> None:
        """Hand ``event`` on as Textual does; the next key waits for it."""
        self._key_busy = True
        self._key_since = monotonic()
        target: MessagePump = self.focused or self.screen
        await super().on_event(event)
        if target is self or not target.call_later(self._key_passed, target):
            self._key_at_app()

    def _key_passed(self, node: MessagePump) -> None:
        """``node`` has handled the key (and sent it on to its parent, if it bubbles):
        the parent's turn, up to the app."""
        parent = node._parent
        at_app = not isinstance(parent, MessagePump) or parent is self
        if at_app or not parent.call_later(self._key_passed, parent):
            self._key_at_app()

    def _key_at_app(self) -> None:
        """After the app's own turn (the key's binding runs there)."""
        if not self.call_later(self._key_bound):
            self._key_done()

    def _key_bound(self) -> None:
        """The binding has run: once the screen now on top has read what it was sent
        (a screen just opened has mounted and taken its focus), and the focus asked
        for has moved."""
        try:
            screen = self.screen
        except Exception:  # no screen (the app is closing)
            self._key_done()
            return
        if not screen.call_later(self.call_later, self._key_done):
            self._key_done()

    def _key_done(self) -> None:
        """The key has acted: the next one, if any is waiting."""
        if not self._key_busy:
            return
        self._key_busy = False
        if self._keys_waiting:
            self.call_later(self._send_waiting)

    async def _send_waiting(self) -> None:
        if not self._key_busy and self._keys_waiting:
            await self._send_key(self._keys_waiting.popleft())

    def _watch_keys(self) -> None:
        if self._key_watchdog is None:
            self._key_watchdog = self.set_timer(KEY_STUCK, self._check_keys)

    def _check_keys(self) -> None:
        """A key that never finished (its widget went with its queue): the keys go on."""
        self._key_watchdog = None
        if self._key_busy and monotonic() - self._key_since >= KEY_STUCK:
            self._key_done()
        if self._keys_waiting:
            self._watch_keys()
