"""Hidden information on the table: a concealed card reaches only its holder.

The test walks every phase of a bank by key presses, with a stacked shoe so
that the concealed cards are known, and after every key checks what the
terminal shows (every layer: the screen, the curtain, toasts) and the log:
until the reveal, no concealed card appears anywhere but in the private view
of the seat that holds it — with Unicode suits and with ASCII suits.
"""

from __future__ import annotations

from typing import Any

import pytest

from banque.table.app import BanqueApp
from banque.table.screens import CurtainScreen, PrivateScreen, StandingsScreen, TableScreen
from banque.table.testing import leaked, screen_text

pytestmark = pytest.mark.pilot

FOUR = ["Ana", "Bruno", "Chloé", "David"]
#: Coup 1: right 2♠ 3♥ = 5 (a choice), left A♥ 2♣ = 3 (draws 8♥), bank 3♦ K♠ = 3;
#: right draws 9♦, the bank draws 7♣.  Coup 2: right 4♦ 5♦ = 9, a natural.
SHOE = [
    *["2S", "AH", "3D", "3H", "2C", "KS", "9D", "8H", "7C"],
    *["4D", "5S", "6C", "5D", "TC", "QH"],
]
MOVERS = ("right", "left", "banker")


def concealed_now(app: BanqueApp) -> tuple[set[str], set[str]]:
    """(the concealed cards of the coup in play, those the screen's seat may see)."""
    session = app.session
    if session is None:
        return set(), set()
    game = session.game
    hidden = {c for m in MOVERS for c in game.hands[m][:2]}
    allowed: set[str] = set()
    screen = app.screen
    # a seat's own view; with one human against computers, the table is theirs too
    eyes = screen.who if isinstance(screen, PrivateScreen) else None
    if isinstance(screen, TableScreen):
        eyes = app.sole_human()
    if eyes is not None:
        for m in MOVERS:
            if game.holder(m) == eyes:
                allowed.update(game.hands[m][:2])
    return hidden, allowed


def check(app: BanqueApp, seen: list[str]) -> None:
    hidden, allowed = concealed_now(app)
    text = screen_text(app)
    bad = leaked(text, hidden - allowed)
    assert not bad, f"{type(app.screen).__name__} shows concealed {bad}:\n{text}"
    if allowed and isinstance(app.screen, PrivateScreen):
        assert leaked(text, allowed), "the holder's private view shows the holder's cards"
    session = app.session
    if session is not None:
        log = "\n".join(ev.text for ev in session.messages)
        assert not leaked(log, hidden), f"the log names a concealed card: {leaked(log, hidden)}"
    seen.append(type(app.screen).__name__ + ":" + (session.stage() if session else "setup"))


async def walk(pilot: Any, app: BanqueApp, keys: list[str], seen: list[str]) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
        check(app, seen)


@pytest.mark.parametrize("forced_moves", ["automatic", "announced"])
async def test_no_concealed_card_on_any_public_screen(forced_moves: str) -> None:
    app = BanqueApp(
        participants=FOUR,
        kinds=["human"] * 4,
        seed=7,
        shoe=SHOE,
        blink=False,
        toast_seconds=60.0,
        forced_moves=forced_moves,  # type: ignore[arg-type]
    )
    app.animation_level = "none"
    seen: list[str] = []
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        check(app, seen)
        await walk(pilot, app, ["enter"], seen)  # setup
        await walk(pilot, app, ["enter", "enter", "enter", "enter"], seen)  # auction
        await walk(pilot, app, ["enter"], seen)  # seating
        await walk(pilot, app, ["enter"], seen)  # shuffle and cut
        await walk(pilot, app, ["a", "end", "ctrl+u", "4", "enter"], seen)  # Bruno à cheval
        await walk(pilot, app, ["p", "enter"], seen)  # David passes, Chloé 5
        assert app.session is not None
        game = app.session.game
        await walk(pilot, app, ["enter"], seen)  # deal
        assert game.phase == "right"
        # Every seat's key: a curtain, then a view; nobody but the holder sees a pair.
        for key in ["1", "2", "3", "4"]:
            await walk(pilot, app, [key], seen)
            assert isinstance(app.screen, CurtainScreen)
            await walk(pilot, app, ["enter"], seen)
            assert isinstance(app.screen, PrivateScreen)
            await walk(pilot, app, ["escape"], seen)
            assert isinstance(app.screen, TableScreen)
        await walk(pilot, app, ["f2"], seen)  # ASCII suits
        await walk(pilot, app, ["2", "enter", "escape", "f2"], seen)
        await walk(pilot, app, ["enter", "enter", "d"], seen)  # Bruno draws at 5
        if forced_moves == "announced":  # the left side (3) says carte too, in private
            assert game.phase == "left"
            await walk(pilot, app, ["enter", "enter", "enter"], seen)
        assert game.phase == "banker"
        await walk(pilot, app, ["enter", "enter", "d"], seen)  # the banker draws
        assert game.coups[-1].totals == {"right": 4, "left": 1, "banker": 0}
        await walk(pilot, app, ["enter"], seen)  # coup 2
        await walk(pilot, app, ["enter", "enter", "enter", "enter"], seen)  # a natural
        assert game.coups[-1].natural
        await walk(pilot, app, ["enter", "x", "y"], seen)  # the banker retires
        assert isinstance(app.screen, StandingsScreen)
        await walk(pilot, app, ["enter", "enter"], seen)  # a fresh bank's auction
    stages = {s.split(":")[1] for s in seen}
    assert {
        "setup",
        "auction",
        "seating",
        "shuffle",
        "betting",
        "dealing",
        "decision",
        "settlement",
        "ended",
    } <= stages
    screens = {s.split(":")[0] for s in seen}
    assert {"CurtainScreen", "PrivateScreen", "TableScreen", "StandingsScreen"} <= screens


async def test_no_concealed_card_of_a_computer_on_any_public_screen() -> None:
    """The default table (Ana against three computers), one computer move at a time.

    The computers are paused (space) and moved one act at a time (``.``) so
    that every state of the table is checked, as is every key Ana may press:
    her table and her view (no curtain: nobody else reads the screen) show her
    cards only; a computer's key opens neither a curtain nor a view.
    """
    app = BanqueApp(seed=11, shoe=SHOE, blink=False, toast_seconds=60.0, pace=0.0)
    app.animation_level = "none"
    seen: list[str] = []
    computer_turns: set[str] = set()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await walk(pilot, app, ["enter"], seen)  # setup: the default table
        await walk(pilot, app, ["space"], seen)  # the computers wait for "."
        session = app.session
        assert session is not None and app.paused
        game = session.game
        for _step in range(200):
            if game.banks and len(game.coups) >= 2:
                break
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                assert screen.who == "Ana", "a curtain for a computer"
                await walk(pilot, app, ["enter"], seen)
            elif isinstance(screen, PrivateScreen):
                assert screen.who == "Ana"
                await walk(pilot, app, ["d" if screen.must_decide() else "escape"], seen)
            elif isinstance(screen, StandingsScreen):
                await walk(pilot, app, ["enter"], seen)
            elif (who := session.computer_to_move()) is not None:
                computer_turns.add(f"{session.stage()}:{who}")
                if game.phase in MOVERS:  # cards are out: every seat's key, then the move
                    for key in ["1", "2", "3", "4"]:
                        await walk(pilot, app, [key], seen)
                        if key == "1":
                            assert isinstance(app.screen, PrivateScreen)
                            await walk(pilot, app, ["escape"], seen)
                        assert isinstance(app.screen, TableScreen)
                await walk(pilot, app, ["full_stop"], seen)
            else:
                await walk(pilot, app, ["enter"], seen)
        assert len(game.coups) >= 2
        assert game.coups[0].moves == {"right": "draw", "left": "draw", "banker": "draw"}
        assert game.coups[1].natural
    assert "decision:Chloé" in computer_turns  # the computer banker chose unseen
    assert {"betting:Bruno", "betting:David", "dealing:Chloé"} <= computer_turns
    screens = {s.split(":")[0] for s in seen}
    assert {"PrivateScreen", "TableScreen"} <= screens
    assert "CurtainScreen" not in screens
