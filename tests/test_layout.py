"""The screen reads well everywhere: sizes, the log, toasts, large and plain terminals.

Pilot tests by keys and resizes (``pilot.resize_terminal``), as a player would
meet them at 80×24, 120×40 and 160×48.
"""

from __future__ import annotations

from typing import Any

from textual.command import CommandPalette

from banque.app import BanqueApp
from banque.screens import TableScreen, TooSmallScreen
from banque.testing import make_record, screen_text

THREE = ["Ana", "Bruno", "Chloé"]
AUCTION_10 = [
    {"act": "bid", "who": "Ana", "amount": 10},
    {"act": "pass", "who": "Bruno"},
    {"act": "pass", "who": "Chloé"},
]
READY_10 = [*AUCTION_10, {"act": "shuffle"}]


def table_app(**options: Any) -> BanqueApp:
    options.setdefault("blink", False)
    options.setdefault("pace", 0.0)
    options.setdefault("toast_seconds", 60.0)
    app = BanqueApp(**options)
    app.animation_level = "none"
    return app


async def settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


# ------------------------------------------------------------ too small


async def test_too_small_goes_as_soon_as_the_size_is_fine_even_under_a_dialog() -> None:
    app = table_app(record=make_record(THREE, READY_10))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.resize_terminal(70, 20)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("ctrl+p")  # a dialog over the notice: the palette
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
        assert "needs at least" not in screen_text(app)
        assert app.return_code is None  # still playing
