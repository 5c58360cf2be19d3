"""Helpers for driving the table in tests (Textual's Pilot).

>>> rec = make_record(["Ana", "Bruno", "Chloé"], [{"act": "bid", "who": "Ana", "amount": 10}])
>>> rec.actions[0].amount
10
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Console
from textual.app import App

from .cards import SUIT_SYMBOL, pretty
from .models import Record
from .record import parse_record


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


__all__ = ["SUIT_SYMBOL", "card_spellings", "leaked", "make_record", "screen_text"]
