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
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import Any

from rich.console import RenderableType
from textual.app import App

__all__ = ["TERMINAL_SIGNALS", "SignalExitApp", "signal_status"]

#: The signals that end an App cleanly: a closed terminal (SIGHUP), ``kill``
#: (SIGTERM), ``kill -QUIT`` (SIGQUIT: ctrl+\\ is a key in raw mode, so it comes from
#: elsewhere), and SIGINT sent from elsewhere (ctrl+c is a key too).
TERMINAL_SIGNALS: tuple[str, ...] = ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGINT")


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
