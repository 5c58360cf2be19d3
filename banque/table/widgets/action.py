"""The action panel: what happens now, the stake or bid being typed, refusals."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import BindingsMap
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.validation import ValidationResult, Validator
from textual.widgets import Input, Label, Static

from .drawn import Remembers


class EngineValidator(Validator):
    """Validates a typed amount with the engine's own words (as you type)."""

    def __init__(self, check: Callable[[str], tuple[bool, str]]) -> None:
        super().__init__()
        self.check = check

    def validate(self, value: str) -> ValidationResult:
        ok, message = self.check(value)
        return self.success() if ok else self.failure(message, value)


class InOrderInput(Input):
    """An input that handles every key it receives itself, in the order typed.

    Keys come in bursts (typing fast, over SSH). Textual looks an ordinary
    binding up only once its key has bubbled up to the app, by then perhaps
    after later keys were typed into the field or the table has moved on; so
    the field runs its own editing bindings (backspace, ←/→, home…) at once.
    """

    EDITING: ClassVar[BindingsMap] = BindingsMap(Input.BINDINGS)

    async def on_key(self, event: events.Key) -> None:
        bindings = self.EDITING.key_to_bindings.get(event.key)
        if bindings and event.key != "enter":
            event.stop()
            event.prevent_default()
            await self.run_action(bindings[0].action)
        elif (
            event.key == "enter" or not self.check_consume_key(event.key, event.character)
        ) and await self.other_key(event):
            event.stop()
            event.prevent_default()

    async def other_key(self, event: events.Key) -> bool:
        """A key that is not typing (Enter included): ``True`` if handled here.

        By default none is: the key goes on as usual (Enter submits)."""
        return False


class AmountInput(InOrderInput):
    """Whole chips only: digits are typed; letters stay the table's keys.

    While the field has focus it takes the table's keys too (Enter, p, a, b…)
    and runs them itself, in the order typed: a burst such as ``4 0 Enter 3 0
    Enter`` bids 40 for one seat and 30 for the next, and never submits one
    seat's amount for the next seat.
    """

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        #: Enter: the screen's submission of the amount; ``True`` if it took it.
        self.submit_now: Callable[[str], bool] | None = None

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isdigit()

    async def other_key(self, event: events.Key) -> bool:
        if event.key == "enter" and self.submit_now is not None and self.submit_now(self.value):
            return True
        screen = self.screen
        for binding in _bindings_of(type(screen)).key_to_bindings.get(event.key, ()):
            _, name, params = parse_action(binding.action)
            if screen.check_action(name, params):
                await screen.run_action(binding.action)
                return True
        return event.key == "enter"  # never Input's own submit, a step behind


@cache
def _bindings_of(screen: type[Screen[Any]]) -> BindingsMap:
    return BindingsMap(screen.BINDINGS)


class ActionPanel(Remembers, Vertical):
    """Prompt, amount input, key hints and the last message, at the bottom (each line set
    only when its words changed: :class:`~banque.table.widgets.drawn.Remembers`)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="action-panel")

    def compose(self) -> ComposeResult:
        yield Static("", id="prompt")
        with Horizontal(id="amount-row"):
            yield Label("", id="amount-label")
            yield AmountInput(
                id="amount",
                restrict=r"[0-9]*",
                max_length=5,
                validate_on=["changed", "submitted"],
                compact=True,
            )
            yield Label("", id="amount-limit")
        yield Static("", id="hint")
        yield Static("", id="message")

    def set_prompt(self, text: str) -> None:
        if self.redraws("prompt", text):
            self.query_one("#prompt", Static).update(Text(text))

    def set_hint(self, text: str) -> None:
        if self.redraws("hint", text):
            self.query_one("#hint", Static).update(Text(text, no_wrap=False))

    def set_message(self, text: str, level: str = "error") -> None:
        msg = self.query_one("#message", Static)
        if self.redraws("message", text):
            msg.update(Text(text))
        msg.set_class(level == "error" and bool(text), "-error")
        msg.set_class(level == "warning" and bool(text), "-warning")
        msg.set_class(level == "info" and bool(text), "-info")

    def show_amount(self, visible: bool, label: str = "", limit: str = "") -> None:
        row = self.query_one("#amount-row")
        row.display = visible
        # Text, not markup: the label holds a participant's name.
        if self.redraws("amount-label", label):
            self.query_one("#amount-label", Label).update(Text(label))
        if self.redraws("amount-limit", limit):
            self.query_one("#amount-limit", Label).update(Text(limit))
