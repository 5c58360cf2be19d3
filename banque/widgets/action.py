"""The action panel: what happens now, the stake or bid being typed, refusals."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.validation import ValidationResult, Validator
from textual.widgets import Input, Label, Static


class EngineValidator(Validator):
    """Validates a typed amount with the engine's own words (as you type)."""

    def __init__(self, check: Callable[[str], tuple[bool, str]]) -> None:
        super().__init__()
        self.check = check

    def validate(self, value: str) -> ValidationResult:
        ok, message = self.check(value)
        return self.success() if ok else self.failure(message, value)


class AmountInput(Input):
    """Whole chips only: digits are typed; letters stay the table's keys."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isdigit()


class ActionPanel(Vertical):
    """Prompt, amount input, key hints and the last message, at the bottom."""

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
        self.query_one("#prompt", Static).update(Text(text))

    def set_hint(self, text: str) -> None:
        self.query_one("#hint", Static).update(Text(text, no_wrap=False))

    def set_message(self, text: str, level: str = "error") -> None:
        msg = self.query_one("#message", Static)
        msg.update(Text(text))
        msg.set_class(level == "error" and bool(text), "-error")
        msg.set_class(level == "warning" and bool(text), "-warning")
        msg.set_class(level == "info" and bool(text), "-info")

    def show_amount(self, visible: bool, label: str = "", limit: str = "") -> None:
        row = self.query_one("#amount-row")
        row.display = visible
        # Text, not markup: the label holds a participant's name.
        self.query_one("#amount-label", Label).update(Text(label))
        self.query_one("#amount-limit", Label).update(Text(limit))
