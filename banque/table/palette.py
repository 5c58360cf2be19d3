"""The command palette in the player's language: Textual's own commands and placeholder.

Textual writes its system commands (Theme, Quit, Screenshot…), the
palette's placeholder and a few toasts (ctrl+c's "how to quit", a screenshot
saved) in English; :class:`TranslatedApp` shows them translated, through the
App's public API (``get_system_commands``, ``CommandPalette``'s
``placeholder``, the ``help_quit`` action, the screenshot's delivery events,
whose default handling it prevents), and says itself when no command matches
what was typed (:class:`NothingMatches`: with a hit always there, Textual's
English "No matches found" never shows).  Its Keys command is left out: Textual's
key panel shows its widgets' editing keys in English only, and F1's help lists
every key in the player's language.  Every banque application derives from it.

Its palette is :class:`SteadyPalette`: a page key that comes with ctrl+p (one
read of the terminal) waits for the list it pages to be laid out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any, ClassVar

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandList, CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.screen import Screen
from textual.theme import ThemeProvider

from ..core.messages import os_reason, tell
from ..i18n import LANGUAGES, _, current_language, install, pgettext, retranslate
from ..text import markup_literal
from .keys import KeysInOrder
from .settings import kept_theme, save_settings
from .signals import SignalExitApp

#: A game's command in the palette: its title, its help line, what it does.
GameCommand = tuple[str, str, Callable[[], Any]]


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


def key_names() -> dict[str, str]:
    """The keys the key bar names with a word (Textual's names) -> the current language's."""
    return {
        "space": pgettext("key", "space"),
        "esc": pgettext("key", "esc"),
        "tab": pgettext("key", "tab"),
        "home": pgettext("key", "home"),
        "end": pgettext("key", "end"),
    }


class NothingMatches(Provider):
    """One line in the player's language when nothing in the palette matches the search.

    It matches the search against every title the palette offers (the app's
    :meth:`TranslatedApp.palette_titles`), with the matcher the other providers
    use; choosing the line only closes the palette."""

    def titles(self) -> list[str]:
        app = self.app
        return app.palette_titles(self.screen) if isinstance(app, TranslatedApp) else []

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        if any(matcher.match(title) > 0 for title in self.titles()):
            return
        said = _("No command matches “{search}”").format(search=query.strip())
        yield Hit(
            1.0,
            Content.styled(said, "italic"),
            _nothing,
            text=said,
            help=_("Escape closes the palette; Backspace changes the search."),
        )


class GameCommands(Provider):
    """The game's commands in the command palette (ctrl+p): those the app's
    :meth:`TranslatedApp.game_commands` gives now, at every table of the family."""

    def _commands(self) -> list[GameCommand]:
        app = self.app
        return app.game_commands(self.screen) if isinstance(app, TranslatedApp) else []

    # Commands hold participants' names: shown as text, never read as markup.
    async def discover(self) -> Hits:
        for name, help_text, callback in self._commands():
            yield DiscoveryHit(Content(name), callback, text=name, help=markup_literal(help_text))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                shown = matcher.highlight(name) if "[" not in name else Content(name)
                yield Hit(score, shown, callback, text=name, help=markup_literal(help_text))


class NoThemeMatches(NothingMatches):
    """:class:`NothingMatches` for the palette of themes."""

    def titles(self) -> list[str]:
        return list(self.app.available_themes)


def _nothing() -> None:
    """Choosing "no command matches" does nothing more than close the palette."""


class SteadyPalette(CommandPalette):
    """Textual's command palette, whose PageUp and PageDown do nothing until its list
    of commands has been laid out: arriving with ctrl+p, they would page a list that
    has no size yet, and Textual raises (the table would end)."""

    def _action_command_list(self, action: str) -> None:
        if action in ("page_up", "page_down"):
            commands = self.query(CommandList)
            if not commands or not commands.first().scrollable_content_region:
                return
        super()._action_command_list(action)


class TranslatedApp(KeysInOrder, SignalExitApp):
    """An App whose command palette speaks the chosen language (and which leaves the
    terminal as it found it on a signal: :class:`~banque.table.signals.SignalExitApp`).

    It keeps the theme chosen (the palette's *Theme*) for the next start
    (:mod:`banque.table.settings`): read as it is made, before the first screen,
    written on each change; a theme that cannot be kept is said in a notice.
    Its keys act one after the other, in the order typed
    (:class:`~banque.table.keys.KeysInOrder`)."""

    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {
        *App.COMMANDS,
        NothingMatches,
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The theme as the settings file has it (a change to another is written there).
        self._kept_theme = kept_theme()
        if self._kept_theme in self.available_themes:
            self.theme = self._kept_theme

    def watch_theme(self, theme: str) -> None:
        """A theme chosen: kept for next time (a failure said, the theme still changed)."""
        if theme == getattr(self, "_kept_theme", theme):
            return
        try:
            save_settings({"theme": theme})
        except OSError as exc:
            self.notify(
                _("The theme could not be kept for next time ({why}).").format(
                    why=tell(os_reason(exc))
                ),
                severity="warning",
                markup=False,
            )
            return
        self._kept_theme = theme

    def palette_titles(self, screen: Screen[Any]) -> list[str]:
        """Every title the command palette offers on ``screen`` (Textual's, and the
        game's: :meth:`game_commands`)."""
        return [command.title for command in self.get_system_commands(screen)] + [
            name for name, _help, _call in self.game_commands(screen)
        ]

    def game_commands(self, screen: Screen[Any]) -> list[GameCommand]:
        """The game's commands for the palette (:class:`GameCommands`), as they apply
        now on ``screen`` (an app without a game: none)."""
        return []

    def get_key_display(self, binding: Binding) -> str:
        """A key as the key bar shows it: ``espace`` for space in French (``^q`` as it is)."""
        shown = super().get_key_display(binding)
        if binding.key_display:
            return shown
        names = key_names()
        return "+".join(names.get(part, part) for part in shown.split("+"))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        words = textual_words()
        for command in super().get_system_commands(screen):
            if command.title == "Keys":
                # Textual's key panel lists its widgets' own keys in English words
                # only; F1's help lists every key in the player's language.
                continue
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
                SteadyPalette(id="--command-palette", placeholder=_("Search for commands…"))
            )

    def search_themes(self) -> None:
        self.push_screen(
            SteadyPalette(
                providers=[ThemeProvider, NoThemeMatches], placeholder=_("Search for themes…")
            )
        )

    def action_help_quit(self) -> None:
        """ctrl+c: say which key quits (Textual's own toast is English)."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(
                    _("Press {key} to quit.").format(key=key),
                    title=_("Do you want to quit?"),
                    markup=False,
                )
                return

    @on(events.DeliveryComplete)
    def _screenshot_saved(self, event: events.DeliveryComplete) -> None:
        if event.name == "screenshot":
            event.prevent_default()  # Textual's English toast
            if event.path is None:
                self.notify(_("Screenshot saved."), title=_("Screenshot"), markup=False)
            else:
                self.notify(
                    _("Screenshot saved to {path}.").format(path=event.path),
                    title=_("Screenshot"),
                    markup=False,
                )

    @on(events.DeliveryFailed)
    def _screenshot_failed(self, event: events.DeliveryFailed) -> None:
        if event.name == "screenshot":
            event.prevent_default()
            self.notify(_("The screenshot could not be saved."), severity="error", markup=False)
