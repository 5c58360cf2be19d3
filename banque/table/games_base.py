"""What the two-hand tables (punto banco, chemin de fer) share: the language switch.

Their command palette offers each other language banque speaks ("Language:
Français"…); choosing one speaks it from then on and draws the table again in
it (the game goes on: its acts are not words).  A help screen open at the time
is closed, so that the next one is made in the new language.

A signal ends either table as ``q`` would, its journal up to date (``keep_game``;
the terminal restored: :class:`~banque.table.signals.SignalExitApp`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ..i18n import _, current_language, install, retranslate
from .palette import TranslatedApp

__all__ = ["TwoHandApp"]


class TwoHandApp(TranslatedApp):
    """A two-hand table's App: the palette's language commands; :meth:`refresh_table`
    draws the table (each table defines it)."""

    #: The keys both tables have (each adds its own game's keys to these).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", _("help"), show=False),
        Binding("e", "end_game", _("end the game"), show=False),
        Binding("q", "quit_table", _("quit"), show=False),
        Binding("ctrl+q", "quit_table", _("quit"), show=False, priority=True),
    ]
    #: The game's name in its help (the title of its section in ``games_help.md``).
    HELP_SECTION: ClassVar[str] = ""

    def refresh_table(self) -> None:  # pragma: no cover - each table draws its own
        raise NotImplementedError

    def save(self) -> None:  # pragma: no cover - each table writes its own journal
        raise NotImplementedError

    def keep_game(self) -> None:
        """A signal (SIGTERM, SIGHUP: a closed terminal…): the journal up to date first;
        the table's farewell is printed once the terminal is restored (``run_table``)."""
        self.save()

    def _keep_widgets(self) -> None:
        """Keep the table's widgets by id (at mount: :meth:`_w` finds them afterwards)."""
        self._widgets: dict[str, Any] = {
            str(w.id): w for w in self.screen.query("*") if w.id is not None
        }

    def _w(self, ident: str) -> Any:
        """A widget of the table (kept from the start: a help screen on top, or the app
        closing, never hides it from a late timer)."""
        return self._widgets[ident]

    def action_help(self) -> None:
        from .screens.games_help import GameHelpScreen

        self.push_screen(GameHelpScreen(self.HELP_SECTION))

    def action_quit_table(self) -> None:
        """Leave the table (the journal keeps an unfinished game for ``--resume``)."""
        self.exit(0)

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
