"""Leaving the terminal as it was found, whatever signal stops a banque App.

Textual puts the terminal in raw mode (no echo, no line editing, ctrl+c and
ctrl+\\ as keys), in the alternate screen, with mouse reporting on; only its
driver's exit undoes that.  A signal's default action (SIGTERM, SIGHUP,
SIGQUIT, or SIGINT sent from elsewhere) kills the process before it can, and
leaves the player's shell unusable.  :class:`SignalExitApp` (the base of every
banque App, through :class:`~banque.table.palette.TranslatedApp`) catches
them while the App runs and leaves through Textual's own exit instead: the
game's journal is brought up to date first (:meth:`SignalExitApp.keep_game`),
the terminal is restored, what the App has to say is printed after it
(:meth:`SignalExitApp.signal_farewell`), and the process's status is
128 + the signal's number, as a shell reports a signal's end.

A crash (an unexpected error: a bug) ends every banque App the same way too
(:meth:`SignalExitApp._fatal_error`): one line after the terminal is restored,
saying where the game is kept (:meth:`SignalExitApp.crash_words`), never a
traceback (``BANQUE_DEBUG=1``, and the tests, show it).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.app import App

from ..i18n import _

__all__ = ["TERMINAL_SIGNALS", "SignalExitApp", "signal_status"]

#: The signals that end an App cleanly: a closed terminal (SIGHUP), ``kill``
#: (SIGTERM), ``kill -QUIT`` (SIGQUIT: ctrl+\\ is a key in raw mode, so it comes from
#: elsewhere), and SIGINT sent from elsewhere (ctrl+c is a key too).
TERMINAL_SIGNALS: tuple[str, ...] = ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGINT")


#: Seconds a signalled App has to leave on its own before the process ends regardless
#: (:meth:`SignalExitApp._leave_within`); leaving cleanly takes a fraction of one.
LEAVE_GRACE = 10.0


def signal_status(signum: int) -> int:
    """The exit status after signal ``signum``: 128 + its number, as a shell says it."""
    return 128 + signum


class SignalExitApp(App[int]):
    """An App that leaves cleanly on :data:`TERMINAL_SIGNALS` (the terminal restored).

    Each App says what it keeps (:meth:`keep_game`) and says (:meth:`signal_farewell`);
    the host's screen, which must tell every seat first, overrides
    :meth:`leave_on_signal` itself.
    """

    #: The signal that ended the App (``None``: it ended otherwise).
    signalled: int | None = None
    #: The App stopped on an unexpected error, said in one line (:meth:`_fatal_error`).
    crashed: bool = False

    async def run_async(self, **kwargs: Any) -> int | None:
        """Run the App, its signal handlers in place from before the terminal is taken
        until after it is given back."""
        installed = self._catch_signals()
        try:
            return await super().run_async(**kwargs)
        finally:
            self._release_signals(installed)

    def _catch_signals(self) -> list[int]:
        loop = asyncio.get_running_loop()
        installed: list[int] = []
        for name in TERMINAL_SIGNALS:
            sig = getattr(signal, name, None)
            if sig is None:  # pragma: no cover - not on this platform
                continue
            try:
                loop.add_signal_handler(sig, self._on_terminal_signal, int(sig))
            except (NotImplementedError, RuntimeError, ValueError):  # not the main thread
                continue
            installed.append(int(sig))
        return installed

    @staticmethod
    def _release_signals(installed: list[int]) -> None:
        loop = asyncio.get_running_loop()
        for sig in installed:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(sig)

    def _on_terminal_signal(self, signum: int) -> None:
        if self.signalled is not None:
            return  # already leaving: a second signal changes nothing
        self.signalled = signum
        self.leave_on_signal(signum)
        self._leave_within(LEAVE_GRACE, signal_status(signum))

    @staticmethod
    def _leave_within(seconds: float, status: int) -> None:
        """A process told to leave is gone ``seconds`` later whatever happens: when the
        terminal itself is gone (a window closed, an SSH session dropped), Textual's
        output thread can die on a write and its driver then wait for it forever, so a
        daemon timer ends the process with ``status``. The game is on disk already
        (:meth:`keep_game` ran, and every act is synced as it is played)."""
        timer = threading.Timer(seconds, os._exit, (status,))
        timer.daemon = True
        timer.start()

    def leave_on_signal(self, signum: int) -> None:
        """Bring the game up to date on disk, then leave (the driver restores the terminal)."""
        self.keep_game()
        status = signal_status(signum)
        self.exit(status, return_code=status, message=self.signal_farewell())

    def keep_game(self) -> None:
        """Write to the game's journal what it lacks (an App with a game defines it)."""

    def signal_farewell(self) -> RenderableType | None:
        """What to print once the terminal is restored (``None``: nothing)."""
        return None

    def shows_tracebacks(self) -> bool:
        """Whether a crash shows its traceback: under test (headless), so that bugs never
        hide, and with ``BANQUE_DEBUG`` set; a player sees one line."""
        return self.is_headless or bool(os.environ.get("BANQUE_DEBUG"))

    def crash_words(self) -> str:
        """After a crash: where the game is kept (a clause of the crash's line, its
        journal brought up to date first); ``""``: nothing to say."""
        return ""

    def _fatal_error(self) -> None:
        """A crash: a short line and the game kept, never a traceback; exit status 1."""
        if self.shows_tracebacks():
            super()._fatal_error()
            return
        self.crashed = True
        self._return_code = 1
        try:
            kept = self.crash_words()
        except Exception:  # keeping the game failed too: the line is said all the same
            kept = ""
        self.bell()
        self._exit_renderables.append(
            Text(
                _("banque stopped on an unexpected error.")
                + kept
                + _(" (Set BANQUE_DEBUG=1 to see the details.)")
            )
        )
        self._close_messages_no_wait()
