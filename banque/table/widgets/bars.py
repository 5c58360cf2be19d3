"""The title bar and the key bar: Textual's Header and Footer, each drawn as one widget.

Textual's :class:`~textual.widgets.Header` is four widgets and its
:class:`~textual.widgets.Footer` a container that builds a widget per key,
empty at first and rebuilt after every change of the keys (a new focus, a
pause). Every screen has both, so each screen paid for a dozen widgets and an
extra layout before its first full frame. These bars look the same (the same
theme variables, spacing and order) and are drawn from one text each: a
change of the keys only draws the bar again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.content import Content
from textual.widget import Widget

from ...i18n import N_, retranslate
from .drawn import Remembers

if TYPE_CHECKING:
    from textual.binding import Binding

#: The title bar's icon cell (as Header's: eight cells, padded) and clock space.
ICON_WIDTH = 8
CLOCK_WIDTH = 10
#: Textual's own key description of the command palette's key (translated where shown).
PALETTE_DESCRIPTION = N_("palette")
#: The keys a key bar too narrow for every key keeps first: help and quit.
ALWAYS_SHOWN = frozenset({"help", "quit"})


class TitleBar(Widget):
    """The screen's title and subtitle, centred, with an icon that opens the palette."""

    def __init__(self, icon: str = "⭘", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.icon = icon

    def on_mount(self) -> None:
        for node, name in (
            (self.app, "title"),
            (self.app, "sub_title"),
            (self.screen, "title"),
            (self.screen, "sub_title"),
        ):
            self.watch(node, name, self._title_changed, init=False)

    def _title_changed(self) -> None:
        self.refresh()

    def render(self) -> Content:
        screen = self.screen
        title = screen.title if screen.title is not None else self.app.title
        sub_title = screen.sub_title if screen.sub_title is not None else self.app.sub_title
        width = self.content_size.width
        middle = max(0, width - ICON_WIDTH - CLOCK_WIDTH)
        shown = self.app.format_title(title, sub_title).truncate(middle, ellipsis=True)
        return Content.assemble(
            f" {self.icon}".ljust(ICON_WIDTH),
            shown.center(middle),
            " " * CLOCK_WIDTH,
        )

    def on_click(self, event: events.Click) -> None:
        if event.x < ICON_WIDTH and self.app.ENABLE_COMMAND_PALETTE:
            event.stop()
            self.app.action_command_palette()


class KeyBar(Remembers, Widget):
    """The keys the screen answers now, as Textual's Footer shows them (``compact`` too)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"key-bar--key", "key-bar--description"}

    def __init__(
        self, *, compact: bool = False, hide: frozenset[str] = frozenset(), id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.compact = compact
        #: Actions whose keys are not shown (the help lists them).
        self.hide = hide
        #: Where each key was drawn: (first cell, past the last cell, key, enabled).
        self._spans: list[tuple[int, int, str, bool]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: object) -> None:
        # The screen's keys are updated after every act, mostly to the same keys: the
        # bar is drawn again only when the keys it shows (or their words) changed.
        if self.redraws("keys", self._shown_key()):
            self.refresh()

    def _shown_key(self) -> tuple[object, ...]:
        """What the bar shows, as one comparable value: each key as displayed, its words
        in the language now, whether it answers now; the palette's key."""
        keys, palette = self._shown()
        shown = [(binding, enabled, False) for binding, enabled in keys]
        if palette is not None:
            shown.append((*palette, True))
        return tuple(
            (
                binding.key,
                self.app.get_key_display(binding),
                retranslate(binding.description),
                enabled,
                is_palette,
            )
            for binding, enabled, is_palette in shown
        )

    def _shown(self) -> tuple[list[tuple[Binding, bool]], tuple[Binding, bool] | None]:
        """The keys to show, one per action in the screen's order, and the palette's."""
        active = self.screen.active_bindings
        by_action: dict[str, tuple[Binding, bool]] = {}
        for _node, binding, enabled, _tooltip in active.values():
            if binding.show and binding.action not in by_action and binding.action not in self.hide:
                by_action[binding.action] = (binding, enabled)
        palette = None
        if self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                palette = (found[1], found[2])
        return list(by_action.values()), palette

    def _key(self, binding: Binding, enabled: bool, compact: bool) -> Text:
        key_style = self.get_component_rich_style("key-bar--key")
        description_style = self.get_component_rich_style("key-bar--description")
        shown = self.app.get_key_display(binding)
        # Translated here, not only where the binding is made: a binding is a class
        # attribute made at import, perhaps before the language was chosen.
        description = retranslate(binding.description)
        text = Text(end="")
        if compact:
            text.append(shown, key_style)
            if description:
                text.append(f" {description}", description_style)
        else:
            text.append(f" {shown} ", key_style)
            if description:
                text.append(f"{description} ", description_style)
        if not enabled:
            text.stylize(Style(dim=True))
        return text

    def _fitting(
        self, keys: list[tuple[Binding, bool]], room: int
    ) -> list[tuple[Binding, bool, Text]]:
        """The keys drawn in ``room`` cells, each whole, in the screen's order: when they
        do not all fit, the help and quit keys first (F1's help lists every key), then
        each other key from the left that still fits; never a key cut mid-word."""
        gap = 1 if self.compact else 0
        parts = [
            (binding, enabled, self._key(binding, enabled, self.compact))
            for binding, enabled in keys
        ]
        if sum(part.cell_len + gap for _b, _e, part in parts) <= room:
            return parts
        kept = [binding.action in ALWAYS_SHOWN for binding, _e, _p in parts]
        left = room - sum(parts[i][2].cell_len + gap for i in range(len(parts)) if kept[i])
        for i, (_binding, _enabled, part) in enumerate(parts):
            if not kept[i] and part.cell_len + gap <= left:
                kept[i] = True
                left -= part.cell_len + gap
        return [parts[i] for i in range(len(parts)) if kept[i]]

    def render(self) -> Text:
        width = self.content_size.width
        keys, palette = self._shown()
        line = Text(no_wrap=True, end="")
        spans: list[tuple[int, int, str, bool]] = []
        right = self._palette_part(palette)
        for binding, enabled, part in self._fitting(keys, max(0, width - right.cell_len)):
            start = line.cell_len
            line.append_text(part)
            spans.append((start, line.cell_len, binding.key.split(",")[0], enabled))
            if self.compact:
                line.append(" ")
        room = max(0, width - right.cell_len)
        line.truncate(room, pad=True)
        if palette is not None:
            spans.append((room + 1, width - 1, palette[0].key.split(",")[0], palette[1]))
        line.append_text(right)
        self._spans = spans
        return line

    def _palette_part(self, palette: tuple[Binding, bool] | None) -> Text:
        """The palette's key, at the bar's right end."""
        right = Text(end="")
        if palette is not None:
            binding, enabled = palette
            styles = self.styles
            rule = styles.background.blend(styles.color, 0.2)  # as Footer's: $foreground 20%
            right.append("▏", Style(color=rule.rich_color))
            right.append_text(self._key(binding, enabled, True))
            right.append(" ")
        return right

    def on_click(self, event: events.Click) -> None:
        for start, end, key, enabled in self._spans:
            if start <= event.x < end:
                event.stop()
                if enabled:
                    self.app.simulate_key(key)
                else:
                    self.app.bell()
                return
