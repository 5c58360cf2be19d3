"""A light one-line text field for forms: one widget, every key acted on in order.

Textual's :class:`~textual.widgets.Input` is a scrolling view with a blink
timer, validators, suggestions and a cursor reactive per keystroke; setup has
thirteen of them, and building them was most of the first screen's time.
A form field needs much less: a value, a cursor, a selection, a placeholder,
an allowed-characters pattern and a length limit. This widget is that, drawn
from one :class:`~rich.text.Text`; its keys are handled as they arrive (a
burst typed over SSH lands in the order typed).

Its value is selected when it gets the focus, so typing replaces it.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

#: How the parts of a field are drawn, over the field's own colours: the cursor and
#: the selection in reverse video (as a terminal's), the placeholder dim. (Fixed
#: styles, not component classes: those are styled again for every field on
#: every restyle, and the first screen has thirteen fields.)
_CURSOR = Style(reverse=True)
_SELECTION = Style(reverse=True, underline=True)
_PLACEHOLDER = Style(dim=True)

#: A word, for ctrl+w / ctrl+left / ctrl+right.
_WORD = re.compile(r"\w+")


class TextField(Widget, can_focus=True):
    """One line of text to type (a name, a number)."""

    class Changed(Message):
        """The field's value changed (by a key, a paste, or the program)."""

        def __init__(self, field: TextField, value: str) -> None:
            super().__init__()
            self.field = field
            self.value = value

        @property
        def control(self) -> TextField:
            return self.field

    def __init__(
        self,
        value: str = "",
        *,
        placeholder: str = "",
        max_length: int = 0,
        restrict: str | None = None,
        refuse: str = "",
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """``restrict``: a pattern the whole value must match; ``refuse``: characters
        never typed here (they go on to the screen's bindings, like ``?`` for help)."""
        super().__init__(id=id, classes=classes)
        self.placeholder = placeholder
        self.max_length = max_length
        self._restrict = re.compile(restrict) if restrict else None
        self.refuse = refuse
        self._value = value
        self.cursor = len(value)
        #: The other end of the selection (``None``: nothing selected).
        self.anchor: int | None = None
        #: The first character shown (a value wider than the field scrolls).
        self._first = 0

    # ------------------------------------------------------------ the value

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, value: str) -> None:
        """Set from the program: the cursor goes to the end, nothing selected."""
        self.cursor = len(value)
        self.anchor = None
        self._set(value)

    def _set(self, value: str) -> None:
        changed = value != self._value
        self._value = value
        self.refresh()
        if changed:
            self.post_message(self.Changed(self, value))

    def _allowed(self, value: str) -> bool:
        if self.max_length and len(value) > self.max_length:
            return False
        return self._restrict is None or self._restrict.fullmatch(value) is not None

    @property
    def selection(self) -> tuple[int, int]:
        """The selected characters as ``(start, end)`` (empty: ``start == end``)."""
        if self.anchor is None:
            return self.cursor, self.cursor
        return min(self.anchor, self.cursor), max(self.anchor, self.cursor)

    def select_all(self) -> None:
        self.anchor = 0
        self.cursor = len(self._value)
        self.refresh()

    # ------------------------------------------------------------ editing

    def insert(self, text: str) -> bool:
        """Type ``text`` at the cursor (over the selection); ``False`` if not allowed."""
        start, end = self.selection
        value = self._value[:start] + text + self._value[end:]
        if not self._allowed(value):
            return False
        self.cursor = start + len(text)
        self.anchor = None
        self._set(value)
        return True

    def _delete(self, start: int, end: int) -> None:
        self.cursor = start
        self.anchor = None
        self._set(self._value[:start] + self._value[end:])

    def _delete_or_selection(self, start: int, end: int) -> None:
        sel = self.selection
        if sel[0] != sel[1]:
            self._delete(*sel)
        elif start != end:
            self._delete(max(0, start), min(len(self._value), end))

    def _move(self, to: int, select: bool = False) -> None:
        to = max(0, min(len(self._value), to))
        if select:
            if self.anchor is None:
                self.anchor = self.cursor
        else:
            self.anchor = None
        self.cursor = to
        self.refresh()

    def _word_left(self) -> int:
        starts = [m.start() for m in _WORD.finditer(self._value) if m.start() < self.cursor]
        return starts[-1] if starts else 0

    def _word_right(self) -> int:
        ends = [m.end() for m in _WORD.finditer(self._value) if m.end() > self.cursor]
        return ends[0] if ends else len(self._value)

    def edit(self, key: str) -> bool:
        """An editing key (``backspace``, ``left``, ``ctrl+u``…); ``False`` if not one."""
        cursor = self.cursor
        start, end = self.selection
        if key == "backspace":
            self._delete_or_selection(cursor - 1, cursor)
        elif key in ("delete", "ctrl+d"):
            self._delete_or_selection(cursor, cursor + 1)
        elif key in ("ctrl+w", "ctrl+backspace", "alt+backspace"):
            self._delete_or_selection(self._word_left(), cursor)
        elif key == "ctrl+f":
            self._delete_or_selection(cursor, self._word_right())
        elif key == "ctrl+u":
            self._delete(0, cursor)
        elif key == "ctrl+k":
            self._delete(cursor, len(self._value))
        elif key == "left":
            self._move(start - 1 if start == end else start)
        elif key == "right":
            self._move(end + 1 if start == end else end)
        elif key in ("home", "ctrl+a"):
            self._move(0)
        elif key in ("end", "ctrl+e"):
            self._move(len(self._value))
        elif key == "ctrl+left":
            self._move(self._word_left())
        elif key == "ctrl+right":
            self._move(self._word_right())
        elif key == "shift+left":
            self._move(cursor - 1, select=True)
        elif key == "shift+right":
            self._move(cursor + 1, select=True)
        elif key == "shift+home":
            self._move(0, select=True)
        elif key == "shift+end":
            self._move(len(self._value), select=True)
        elif key == "ctrl+shift+a":
            self.select_all()
        else:
            return False
        return True

    # ------------------------------------------------------------ events

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Printable characters are typed here, before the app's priority keys."""
        return character is not None and character.isprintable() and character not in self.refuse

    def on_key(self, event: events.Key) -> None:
        if self.edit(event.key):
            event.stop()
            event.prevent_default()
            return
        char = event.character
        if event.is_printable and char and char not in self.refuse:
            event.stop()
            event.prevent_default()
            if not self.insert(char):
                self.app.bell()

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        lines = event.text.splitlines()
        if lines and not self.insert(lines[0]):
            self.app.bell()

    def on_focus(self) -> None:
        self.select_all()

    def on_blur(self) -> None:
        self.anchor = None
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        x = event.x + self._first
        index = 0
        width = 0
        for index, char in enumerate(self._value):  # noqa: B007 (the index is wanted)
            width += cell_len(char)
            if width > x:
                break
        else:
            index = len(self._value)
        self._move(index)

    # ------------------------------------------------------------ drawing

    def render(self) -> Text:
        width = max(1, self.content_size.width)
        focused = self.has_focus
        if not self._value:
            text = Text(self.placeholder or " ", no_wrap=True, end="")
            text.stylize(_PLACEHOLDER)
            if focused:
                text.stylize(_CURSOR, 0, 1)
            return text
        text = Text(self._value, no_wrap=True, end="")
        if focused:
            start, end = self.selection
            if start != end:
                text.stylize(_SELECTION, start, end)
            if self.cursor == len(self._value):
                text.append(" ")
            text.stylize(_CURSOR, self.cursor, self.cursor + 1)
        # Keep the cursor in view when the value is wider than the field.
        if self.cursor < self._first:
            self._first = self.cursor
        elif cell_len(self._value[self._first : self.cursor + 1]) > width:
            while cell_len(self._value[self._first : self.cursor + 1]) > width:
                self._first += 1
        return text[self._first :] if self._first else text
