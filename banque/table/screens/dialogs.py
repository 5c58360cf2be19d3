"""Small screens: a yes/no question, a seat picker, and "the terminal is too small".

Their texts may be given as functions (:data:`Words`) that tell them in the
language spoken: after a language switch (the palette) each dialog open is
drawn again in the new language (its ``retranslate()``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from ...constants import SEAT_KEY_LABELS, SEAT_KEYS
from ...i18n import _, pgettext

#: A text for a dialog: as it is, or a function telling it in the language spoken now
#: (``lambda: _("Retire?")``), so that the dialog speaks a language chosen since.
Words = str | Callable[[], str]


def say(words: Words) -> str:
    """A dialog's text in the language spoken now."""
    return words() if callable(words) else words


class ConfirmScreen(ModalScreen[bool]):
    """Ask before something that cannot be undone. Escape means no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", _("Yes"), id="confirm.yes"),
        Binding("n,escape", "answer(False)", _("No"), id="confirm.no"),
    ]

    def __init__(self, question: Words, detail: Words = "") -> None:
        super().__init__(classes="dialog-screen")
        self.words = (question, detail)

    @property
    def question(self) -> str:
        return say(self.words[0])

    @property
    def detail(self) -> str:
        return say(self.words[1])

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question, style="bold"), classes="dialog-title")
            if self.detail:
                yield Static(Text(self.detail), classes="dialog-body")
            yield Static(Text(_("y: yes · n or Escape: no")), classes="dialog-keys")

    async def retranslate(self) -> None:
        """The language changed: the question, its detail and the keys in it."""
        await self.recompose()
        self.refresh_bindings()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    def on_key(self, event: events.Key) -> None:
        """The language's own letter for yes answers yes too (French *o* for *oui*,
        Spanish *s* for *sí*); ``y`` always does."""
        key = yes_key()
        if key != "y" and (event.character or "").lower() == key:
            event.stop()
            event.prevent_default()
            self.dismiss(True)


def yes_key() -> str:
    """The letter that answers yes in the language spoken (``y`` in English)."""
    return pgettext("the letter that answers yes to a question", "y")


class NumberScreen(ModalScreen[int | None]):
    """Choose a small number with a digit key (1 to ``most``). Escape: none."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "pick(0)", _("Back"), id="number.back"),
        *[Binding(str(n), f"pick({n})", show=False, id=f"number.{n}") for n in range(1, 10)],
    ]

    def __init__(self, question: Words, detail: Words, most: int) -> None:
        super().__init__(classes="dialog-screen")
        self.words = (question, detail)
        self.most = most

    def compose(self) -> ComposeResult:
        question, detail = map(say, self.words)
        with Vertical(classes="dialog"):
            yield Static(Text(question, style="bold"), classes="dialog-title")
            if detail:
                yield Static(Text(detail), classes="dialog-body")
            yield Static(
                Text(_("1-{n}: that many · Escape: none").format(n=self.most)),
                classes="dialog-keys",
            )

    async def retranslate(self) -> None:
        await self.recompose()
        self.refresh_bindings()

    def action_pick(self, n: int) -> None:
        if n == 0:
            self.dismiss(None)
        elif n <= self.most:
            self.dismiss(n)
        else:
            self.app.bell()


class BancoSplitScreen(ModalScreen[tuple[int, int] | None]):
    """classic: a banco on both hands, divided as the caller says. Escape: no banco."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", _("Back"), id="split.back"),
    ]

    def __init__(
        self, who: str, fund: int, check: Callable[[int, int], str | None], rule: Words
    ) -> None:
        super().__init__(classes="dialog-screen")
        self.who = who
        self.fund = fund
        self.check = check
        self.rule = rule

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                Text(
                    _("Banco: {who} stakes the whole fund of {fund} and plays both hands.").format(
                        who=self.who, fund=self.fund
                    ),
                    style="bold",
                ),
                classes="dialog-title",
            )
            yield Static(
                Text(
                    _("How much on the right? The rest goes on the left ({rule}).").format(
                        rule=say(self.rule)
                    )
                ),
                classes="dialog-body",
            )
            yield Input(
                value=str(self.fund - self.fund // 2),
                restrict=r"[0-9]*",
                max_length=12,
                id="banco-right",
                compact=True,
            )
            yield Static("", id="banco-error", classes="dialog-body")
            yield Static(Text(_("Enter: call banco · Escape: no banco")), classes="dialog-keys")

    def on_mount(self) -> None:
        field = self.query_one("#banco-right", Input)
        field.focus()
        field.select_all()

    async def retranslate(self) -> None:
        """The language changed: drawn again in it, the chips typed kept."""
        typed = self.query_one("#banco-right", Input).value
        await self.recompose()
        field = self.query_one("#banco-right", Input)
        field.value = typed
        field.focus()
        self.refresh_bindings()

    @on(Input.Submitted, "#banco-right")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        right = int(text) if text.isdigit() else -1
        left = self.fund - right
        problem = (
            _("Type the chips on the right: 0 to {fund}.").format(fund=self.fund)
            if not 0 <= right <= self.fund
            else self.check(right, left)
        )
        if problem:
            self.query_one("#banco-error", Static).update(Text(problem))
            self.app.bell()
            return
        self.dismiss((right, left))

    def action_back(self) -> None:
        self.dismiss(None)


class SeatPickerScreen(ModalScreen[str | None]):
    """Choose whose private view to open (while an amount is being typed)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "pick(-1)", _("Back"), id="picker.back"),
        *[
            Binding(key, f"pick({i})", show=False, id=f"picker.seat{i}")
            for i, key in enumerate(SEAT_KEYS)
        ],
    ]

    def __init__(self, participants: list[str]) -> None:
        super().__init__(classes="dialog-screen")
        self.participants = participants

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Whose view? Press the seat's key."), style="bold"))
            lines = Text()
            for i, name in enumerate(self.participants):
                lines.append(f"[{SEAT_KEY_LABELS[i]}] ", "bold")
                lines.append(name + "\n")
            yield Static(lines, classes="dialog-body")
            yield Static(Text(_("Escape: back to the table")), classes="dialog-keys")

    async def retranslate(self) -> None:
        await self.recompose()
        self.refresh_bindings()

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.participants):
            self.dismiss(self.participants[index])
        else:
            self.dismiss(None)


class TooSmallScreen(Screen[None]):
    """Shown while the terminal is below the minimum size; the game waits."""

    def __init__(self, min_width: int, min_height: int) -> None:
        super().__init__(classes="too-small-screen")
        self.min_width = min_width
        self.min_height = min_height

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small")

    def on_mount(self) -> None:
        self._update(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._update(event.size.width, event.size.height)

    async def retranslate(self) -> None:
        self._update(self.app.size.width, self.app.size.height)

    def _update(self, width: int, height: int) -> None:
        self.query_one("#too-small", Static).update(
            Text(
                _(
                    "The terminal is {w}×{h}: banque needs at least {mw}×{mh}.\n"
                    "Make the window larger (or the font smaller); the game waits."
                ).format(w=width, h=height, mw=self.min_width, mh=self.min_height),
                justify="center",
            )
        )
