"""Helpers for driving the table in tests (Textual's Pilot).

>>> rec = make_record(["Ana", "Bruno", "Chloé"], [{"act": "bid", "who": "Ana", "amount": 10}])
>>> rec.actions[0].amount
10
"""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from textual.app import App

from ..core.cards import SUIT_SYMBOL, pretty
from ..core.models import Record
from ..core.record import parse_record
from .app import BanqueApp

THREE = ["Ana", "Bruno", "Chloé"]
FOUR = ["Ana", "Bruno", "Chloé", "David"]
#: The rules card's worked example (section 08).
WORKED = ["9C", "7H", "2S", "4C", "6D", "3C", "4D", "2H"]
#: Ana bids 10 for bank 1, Bruno and Chloé pass.
AUCTION_10 = [
    {"act": "bid", "who": "Ana", "amount": 10},
    {"act": "pass", "who": "Bruno"},
    {"act": "pass", "who": "Chloé"},
]
#: The auction of ``AUCTION_10``, then the shuffle: bank 1 is ready to deal.
READY_10 = [*AUCTION_10, {"act": "shuffle"}]


def table_app(**options: Any) -> BanqueApp:
    """The app for a Pilot test: no blinking, no pace, toasts that stay, no animation."""
    options.setdefault("blink", False)
    options.setdefault("pace", 0.0)
    options.setdefault("toast_seconds", 60.0)
    app = BanqueApp(**options)
    app.animation_level = "none"
    return app


async def settle(pilot: Any, pauses: int = 2) -> None:
    """Let the screens pushed or popped by the last key settle."""
    for _ in range(pauses):
        await pilot.pause()


async def until(pilot: Any, done: Callable[[], bool], seconds: float = 30.0) -> None:
    """Let the computers play (at once: pace 0) until ``done()``, for up to ``seconds``
    of the clock (a busy machine, the whole suite at once, may need them all)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return
        await pilot.pause(0.005)
    if done():
        return
    raise AssertionError("the table did not get there")


async def typed(pilot: Any, text: str) -> None:
    """Replace the amount being typed."""
    await pilot.press("end", "ctrl+u", *text)


async def wager_and_deal(pilot: Any, right: str = "5", left: str = "3") -> None:
    """The two sides' wagers typed and accepted, then Enter deals."""
    await typed(pilot, right)
    await pilot.press("enter")
    await typed(pilot, left)
    await pilot.press("enter", "enter")


def screen_text(app: App[Any]) -> str:
    """Everything on the terminal now (every layer, toasts included), as text."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    screen = app.screen
    console.print(screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def make_record(
    participants: Sequence[str],
    actions: Iterable[dict[str, Any]] = (),
    *,
    seed: int = 7,
    shoe: Sequence[str] = (),
) -> Record:
    """A validated record from plain dicts."""
    return parse_record(
        {
            "format": "banque-record/1",
            "participants": list(participants),
            "seed": seed,
            "shoe": list(shoe),
            "actions": list(actions),
        }
    )


def card_spellings(card: str) -> list[str]:
    """Every way the table may print a card: ``9♣`` and ``9C`` (``10♥``, ``10H``)."""
    return [pretty(card), pretty(card, ascii_suits=True)]


def leaked(text: str, concealed: Iterable[str]) -> list[str]:
    """The concealed cards that appear in ``text`` (in any spelling)."""
    found = []
    for card in concealed:
        if any(s in text for s in card_spellings(card)):
            found.append(card)
    return found


__all__ = [
    "AUCTION_10",
    "FOUR",
    "READY_10",
    "SUIT_SYMBOL",
    "THREE",
    "WORKED",
    "card_spellings",
    "leaked",
    "make_record",
    "screen_text",
    "settle",
    "table_app",
    "typed",
    "until",
]


@contextmanager
def counted_calls() -> Iterator[list[int]]:
    """Count the Python function calls made inside the block (``count[0]``, after it).

    Work counted, not timed: steady on a busy machine.

    >>> with counted_calls() as count:
    ...     _ = sorted([3, 1, 2], key=abs)
    >>> count[0] >= 0
    True
    """
    count = [0]

    def profile(_frame: object, event: str, _arg: object) -> None:
        if event == "call":
            count[0] += 1

    sys.setprofile(profile)
    try:
        yield count
    finally:
        sys.setprofile(None)
