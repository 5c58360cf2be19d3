"""The command palette in the player's language: Textual's own commands and placeholder.

Textual writes its system commands (Theme, Quit, Keys, Screenshot…) and the
palette's placeholder in English; :class:`TranslatedApp` shows them translated,
through the App's public API (``get_system_commands``, ``CommandPalette``'s
``placeholder``).  Every banque application derives from it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any

from textual.app import App, SystemCommand
from textual.command import CommandPalette
from textual.screen import Screen

from ..i18n import LANGUAGES, _, current_language, install, retranslate


def textual_words() -> dict[str, str]:
    """Textual's English texts of the palette -> the current language's."""
    return {
        "Theme": _("Theme"),
        "Change the current theme": _("Change the current theme"),
        "Quit": _("Quit"),
        "Quit the application as soon as possible": _("Quit the application as soon as possible"),
        "Keys": _("Keys"),
        "Hide the keys and widget help panel": _("Hide the keys and widget help panel"),
        "Show help for the focused widget and a summary of available keys": _(
            "Show help for the focused widget and a summary of available keys"
        ),
        "Minimize": _("Minimize"),
        "Minimize the widget and restore to normal size": _(
            "Minimize the widget and restore to normal size"
        ),
        "Maximize": _("Maximize"),
        "Maximize the focused widget": _("Maximize the focused widget"),
        "Screenshot": _("Screenshot"),
        "Save an SVG 'screenshot' of the current screen": _(
            "Save an SVG 'screenshot' of the current screen"
        ),
    }


class TranslatedApp(App[int]):
    """An App whose command palette speaks the chosen language."""

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        words = textual_words()
        for command in super().get_system_commands(screen):
            yield command._replace(
                title=words.get(command.title, command.title),
                help=words.get(command.help, command.help),
            )

    def language_commands(self) -> list[SystemCommand]:
        """The palette's commands that switch the language (each language but the one spoken)."""
        return [
            SystemCommand(
                _("Language: {language}").format(language=language),
                _("Speak {language} from now on (the game goes on)").format(language=language),
                partial(self.switch_language, code),
            )
            for code, language in LANGUAGES.items()
            if code != current_language()
        ]

    async def switch_language(self, language: str) -> None:
        """Speak ``language`` from now on: every screen open is drawn again in it."""
        if language == current_language():
            return
        install(language)
        self.sub_title = retranslate(self.sub_title)
        await self.redraw_screens()

    async def redraw_screens(self) -> None:
        """The language changed: each screen of the stack (those under the top one too)
        tells its words again (its ``retranslate()``); a screen without one has its key
        bar, whose words follow the language, drawn again."""
        for screen in list(self.screen_stack):
            redraw = getattr(screen, "retranslate", None)
            if redraw is not None:
                await redraw()
            else:
                screen.refresh_bindings()
                screen.refresh(layout=True)

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(
                CommandPalette(id="--command-palette", placeholder=_("Search for commands…"))
            )

    def search_themes(self) -> None:
        from textual.theme import ThemeProvider

        self.push_screen(
            CommandPalette(providers=[ThemeProvider], placeholder=_("Search for themes…"))
        )
