"""One human against computers: no curtain, their own cards face up, a move in one key
(issue 21); the curtain stays where two humans share the keyboard."""

from __future__ import annotations

from typing import Any

import pytest

from banque.table.app import BanqueApp
from banque.table.screens import CurtainScreen, PrivateScreen, TableScreen
from banque.table.testing import leaked, screen_text, settle, table_app, until

pytestmark = pytest.mark.pilot

#: Right 2♠ 3♥ = 5 (a choice), left A♥ 2♣ = 3, bank 3♦ K♠ = 3; then 9♦ 8♥ 7♣.
SIDE5 = ["2S", "AH", "3D", "3H", "2C", "KS", "9D", "8H", "7C"]
#: Right 2♠ A♥ = 3 (must draw), left 4♥ 2♣ = 6, bank 3♦ K♠ = 3; then 9♦ 8♥ 7♣.
FORCED = ["2S", "4H", "3D", "AH", "2C", "KS", "9D", "8H", "7C"]


async def ana_to_decide(app: BanqueApp, pilot: Any) -> None:
    """Ana (human, right side) against three computers, to her decision in coup 1."""
    await pilot.press("enter")  # setup: Ana against three computers
    session = app.session
    assert session is not None
    await pilot.press("enter")  # Ana bids the offered 20
    await until(pilot, lambda: session.stage() == "betting" and session.actor() == "Ana")
    assert session.game.sides["right"][0] == "Ana"
    await pilot.press("enter")  # Ana stakes the offered 5
    await until(pilot, lambda: session.stage() == "decision" and session.actor() == "Ana")


async def test_one_human_sees_their_cards_and_chooses_on_the_table() -> None:
    app = table_app(seed=11, shoe=SIDE5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await ana_to_decide(app, pilot)
        session = app.session
        assert session is not None
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert "2♠" in text and "3♥" in text  # her own cards, face up
        assert leaked(text, ["AH", "2C", "3D", "KS"]) == []  # never the computers'
        assert "Your side holds 5: you choose. d: carte (draw) · s: non (stand)." in text
        await pilot.press("d")  # one key: Ana says carte
        await settle(pilot)
        assert not isinstance(app.screen, CurtainScreen | PrivateScreen)
        coup = session.game.coups[-1] if session.game.coups else None
        assert coup is not None and coup.moves["right"] == "draw"
        log = "\n".join(ev.text for ev in session.messages)
        assert "The right side (Ana) says carte: draws 9♦ face up." in log


async def test_one_human_says_a_forced_move_with_one_enter() -> None:
    app = table_app(seed=11, shoe=FORCED)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await ana_to_decide(app, pilot)
        session = app.session
        assert session is not None
        text = screen_text(app)
        assert "2♠" in text and "A♥" in text
        assert "Your side holds 0–4: it must draw. Say carte: Enter (or d)." in text
        await pilot.press("enter")
        await until(pilot, lambda: session.stage() == "settlement")
        assert session.game.coups[-1].hands["right"] == ["2S", "AH", "9D"]
        assert not isinstance(app.screen, CurtainScreen | PrivateScreen)


async def test_one_humans_private_view_opens_without_a_curtain() -> None:
    """Enter at the banker's or a choice opens the view (the advisor) at once; the
    computers' views stay closed."""
    app = table_app(seed=11, shoe=SIDE5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await ana_to_decide(app, pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen)
        await pilot.press("s")  # Ana says non from her view
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


# Two humans sharing the keyboard keep the curtain: test_app.py's
# test_a_side_at_five_decides_in_its_private_view (the public table takes no move).
