"""Setup's Game row: banque's three houses, then chemin de fer and punto banco."""

from __future__ import annotations

import pytest

from banque.engine.errors import IllegalAction
from banque.games.tables import check_seats
from banque.table.screens.setup import SetupScreen
from banque.table.testing import screen_text, settle, table_app


async def test_setup_offers_the_other_games_and_hands_over_to_their_table() -> None:
    app = table_app(journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        app.screen.focus_cell("rules")
        await pilot.press("left")  # cycling back from home: punto banco
        assert "punto banco: the house banks" in screen_text(app)
        await pilot.press("left")
        assert "chemin de fer: two hands" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
    assert app.next_game == {
        "game": "chemin-de-fer",
        "names": ["Ana", "Bruno", "Chloé", "David"],
        "computers": {"Bruno": "cautious", "Chloé": "bold", "David": "cautious"},
        "seed": None,
        "pace": 0.0,  # the test table's pace
        "forced_moves": "announced",
    }
    assert app.session is None  # no banque game was started


def test_the_seats_are_checked_under_the_games_rules() -> None:
    assert check_seats("punto-banco", ["Ana"]) == ["Ana"]  # solo against the house
    with pytest.raises(IllegalAction, match="2 to 11"):
        check_seats("chemin-de-fer", ["Ana"])
    with pytest.raises(IllegalAction, match="every name must be different"):
        check_seats("punto-banco", ["Ana", "ana"])
