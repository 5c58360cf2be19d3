"""Help: the rules of the home profile and the keys, rendered from Markdown.

The text is one widget (Rich's Markdown renderable in a Static), not Textual's
Markdown widget, which builds a widget for every heading, paragraph, list item
and table: the help opens as fast as the other screens.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.markdown import CodeBlock
from rich.markdown import Markdown as RichMarkdown
from rich.padding import Padding
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from ...games.banque.rules import LABELS, differences, house_rules
from ...i18n import N_, _, current_language

#: The folder of the help's Markdown files: ``help.md`` (English), ``help.fr.md``…
HELP_DIR = Path(__file__).resolve().parent.parent
HELP_FILE = HELP_DIR / "help.md"


def localized_file(folder: Path, stem: str, language: str) -> Path:
    """``{stem}.{language}.md`` in ``folder`` if it exists, else the English ``{stem}.md``."""
    if language != "en":
        chosen = folder / f"{stem}.{language}.md"
        if chosen.is_file():
            return chosen
    return folder / f"{stem}.md"


def help_markdown() -> RichMarkdown:
    """The help in the language spoken now, parsed once per language (the app does it
    in the background after the first screen)."""
    return _help_markdown(current_language())


class PlainBlock(CodeBlock):
    """A code block drawn as it is written (the help's grids and command lines): no
    syntax highlighting, which costs more than the rest of the help together."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        code = Text(str(self.text).rstrip(), style=self.style_name, no_wrap=True)
        yield Padding(code, (1, 1), style=self.style_name, expand=True)


class HelpMarkdown(RichMarkdown):
    """Rich's Markdown with plain code blocks."""

    elements: ClassVar[dict[str, type]] = {
        **RichMarkdown.elements,
        "fence": PlainBlock,
        "code_block": PlainBlock,
    }


@cache
def _help_markdown(language: str) -> RichMarkdown:
    return HelpMarkdown(_read_help(language), hyperlinks=False)


def help_text() -> str:
    """The help's Markdown in the language spoken now (English where it has no file)."""
    return _read_help(current_language())


def _read_help(language: str) -> str:
    try:
        return localized_file(HELP_DIR, "help", language).read_text(encoding="utf-8")
    except OSError:
        return _("# Help\n\nThe help file could not be read.")


class RenderedText(Widget):
    """A Rich renderable drawn once per width, its lines kept (Textual's Line API).

    A Static renders its content twice when it is laid out — once to measure its
    height, once to draw — and the help's Markdown is long: here both use the
    same lines, made once for the width (and the colours) the help has.
    """

    def __init__(self, renderable: RenderableType, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.renderable = renderable
        self._cache: tuple[int, Style, list[Strip]] | None = None

    def _lines(self, width: int) -> list[Strip]:
        style = self.rich_style
        cache = self._cache
        if cache is not None and cache[0] == width and cache[1] == style:
            return cache[2]
        console = self.app.console
        options = self.app.console_options.update(width=width, height=None)
        rendered = console.render_lines(self.renderable, options, style=style, pad=True)
        strips = [Strip(line, width) for line in rendered]
        self._cache = (width, style, strips)
        return strips

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        lines = self._lines(width)
        return lines[y] if y < len(lines) else Strip.blank(width, self.rich_style)


def profile_help(rules: str) -> str:
    """The chosen profile's differences from home, as the help's first section."""
    house = house_rules(rules)
    lines = [
        "# " + _("This table plays by the {title} rules").format(title=_(house.title)),
        "",
        _(
            "Where this profile differs from the home rules below (the home rule is kept "
            "wherever the book is silent; `banque rules {name}` prints them side by side):"
        ).format(name=rules),
        "",
    ]
    lines += [
        "- " + _("{label}:").format(label=f"**{_(LABELS[field])}**") + f" {_(words)}"
        for field, _home, words in differences(rules)
    ]
    lines += ["", _("Keys of this profile: {keys}").format(keys=_(_PROFILE_KEYS.get(rules, "")))]
    return "\n".join(lines)


_PROFILE_KEYS = {
    "classic": N_(
        "u: the banker burns 1-6 cards before a shoe's first deal (then a digit) · "
        "w (seating): the chosen player watches and bets from there · s: a spectator backs the "
        "other side · b: banco on both hands (then the chips on the right; the rest goes "
        "on the left) · t or Enter: take the offered bank, p: pass"
    ),
    "hoyle": N_(
        "k: the banker declares the stakes accepted (at the deal, stakes above the fund) · "
        "Enter on a broken bank: replenish it to the agreed minimum, x: give it up · "
        "w (seating): the chosen player stands · s: a standing punter backs the other side"
    ),
}


class HelpScreen(ModalScreen[None]):
    """The rules and the keys. Escape, q, ? or F1 closes it.

    The app builds it once and shows the same screen again (``install_screen``).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "close", _("Close"), id="help.close"),
        Binding("home", "top", show=False),
        Binding("end", "bottom", show=False),
    ]

    def __init__(self, rules: str = "home") -> None:
        super().__init__(classes="help-screen")
        #: The table's rules: under classic or hoyle the help opens with their differences.
        self.rules = rules

    def compose(self) -> ComposeResult:
        with Vertical(id="help-dialog"):
            with VerticalScroll(id="help-scroll"):
                if self.rules == "home":
                    shown = help_markdown()  # parsed in the background after the first screen
                else:
                    text = profile_help(self.rules) + "\n\n" + help_text()
                    shown = HelpMarkdown(text, hyperlinks=False)
                yield RenderedText(shown, id="help-text")
            yield Static(_("↑↓ PgUp PgDn scroll · Escape, q, ? or F1 close"), id="help-keys")

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    async def retranslate(self) -> None:
        """The language changed while the help is open: its text and keys in it."""
        await self.recompose()
        self.query_one("#help-scroll").focus()
        self.refresh_bindings()

    def on_screen_resume(self) -> None:
        # The app keeps this screen (built once): each opening starts at the top.
        self.action_top()
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_top(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)

    def action_bottom(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_end(animate=False)
