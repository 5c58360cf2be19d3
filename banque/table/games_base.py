"""What the two-hand tables (punto banco, chemin de fer) share: the language switch.

Their command palette offers each other language banque speaks ("Language:
Français"…); choosing one speaks it from then on and draws the table again in
it (the game goes on: its acts are not words).  A help screen open at the time
is closed, so that the next one is made in the new language.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from ..i18n import current_language, install, retranslate
from .palette import TranslatedApp

__all__ = ["TwoHandApp"]


class TwoHandApp(TranslatedApp):
    """A two-hand table's App: the palette's language commands; :meth:`refresh_table`
    draws the table (each table defines it)."""

    def refresh_table(self) -> None:  # pragma: no cover - each table draws its own
        raise NotImplementedError

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield from self.language_commands()

    async def switch_language(self, language: str) -> None:
        """Speak ``language`` from now on: the table is drawn again in it."""
        if language == current_language():
            return
        install(language)
        from .screens.games_help import GameHelpScreen

        while isinstance(self.screen, GameHelpScreen):  # a help made in the old language
            self.pop_screen()
        message = getattr(self, "message", None)
        if isinstance(message, str):  # a line made by _() follows the language
            self.message = retranslate(message)
        self.screen.refresh_bindings()
        self.refresh_table()
