"""Every key acts, in the order typed, on every screen and dialog (issue 21).

Keys are posted all at once (``burst``), before the app handles the first, as a
terminal or an SSH session delivers a burst typed fast.
"""

from __future__ import annotations

import pytest
from textual import events
from textual.command import CommandPalette
from textual.widgets import Input

from banque.table.app import BanqueApp
from banque.table.screens import SetupScreen
from banque.table.screens.dialogs import BancoSplitScreen
from banque.table.testing import READY_10, THREE, make_record, table_app, wager_and_deal

pytestmark = pytest.mark.pilot

#: Right 9♠ K♥ is a natural 9; left 2♣ 4♣ = 6; bank 3♦ 2♥ = 5.
NATURAL = ["9S", "2C", "3D", "KH", "4C", "2H"]


def burst(app: BanqueApp, *keys: str) -> None:
    """Post key events all at once, as a terminal delivers a burst of keys."""
    for key in keys:
        char = key if len(key) == 1 else (" " if key == "space" else None)
        app.post_message(events.Key(key, char))


async def test_enter_a_stake_enter_at_the_settlement_stakes_it() -> None:
    """At "Enter: next coup", ``Enter 1 Enter`` typed at once: the next coup opens and
    its first player stakes 1 (not the offered stake, the 1 and the Enter dropped)."""
    app = table_app(record=make_record(THREE, READY_10, shoe=[*NATURAL, *NATURAL]))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        await wager_and_deal(pilot)
        assert session.stage() == "settlement"
        burst(app, "enter", "1", "enter")
        for _ in range(4):
            await pilot.pause()
        assert session.stage() == "betting"
        assert [(ln.who, ln.right, ln.left) for ln in game.lines] == [("Bruno", 1, 0)]
        assert session.actor() == "Chloé"


async def test_backspace_then_chips_in_the_banco_division_in_a_burst() -> None:
    """The division's field offers 20 (selected): ``Backspace 3 0 Enter`` at once puts
    30 on the right (not 3: the backspace acting after the digits)."""
    app = table_app(seed=1)
    chosen: list[tuple[int, int] | None] = []
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.push_screen(
            BancoSplitScreen("Ana", 40, lambda _right, _left: None, lambda: "even"),
            chosen.append,
        )
        await pilot.pause()
        assert app.screen.query_one("#banco-right", Input).value == "20"
        burst(app, "backspace", "3", "0", "enter")
        for _ in range(4):
            await pilot.pause()
        assert chosen == [(30, 10)]


async def test_the_palette_opened_and_searched_in_a_burst() -> None:
    """``ctrl+p t h e m e`` at once: the palette opens and its search says "theme"."""
    app = table_app(seed=1)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert isinstance(app.screen, SetupScreen)
        burst(app, "ctrl+p", "t", "h", "e", "m", "e", "backspace", "e")
        for _ in range(4):
            await pilot.pause()
        assert CommandPalette.is_open(app)
        assert app.screen.query_one(Input).value == "theme"
