"""A record or a name is text, never a command.

Names like ``[/]`` or ``[bold]x`` are shown as typed, on every screen, toast and
log; a record's strings never write to the reader's terminal; the command line
refuses what it cannot handle in one line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from banque.app import BanqueApp
from banque.record import record_of, replay
from banque.screens import (
    ConfirmScreen,
    CurtainScreen,
    PrivateScreen,
    SetupScreen,
    StandingsScreen,
    TableScreen,
)
from banque.testing import make_record, screen_text

#: Names that Rich or Textual markup would read as tags (or choke on).
MARKUP = ["[/]", "[bold]x", "[red]"]
MORE = ["\\[", "[link=http://x]y", "[$accent]", "[@click=app.quit]q"]
#: The rules card's worked example (section 08).
WORKED = ["9C", "7H", "2S", "4C", "6D", "3C", "4D", "2H"]


def table_app(**options: Any) -> BanqueApp:
    options.setdefault("blink", False)
    options.setdefault("pace", 0.0)
    options.setdefault("toast_seconds", 60.0)
    app = BanqueApp(**options)
    app.animation_level = "none"
    return app


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.pause()


async def typed(pilot: Any, text: str) -> None:
    await pilot.press("end", "ctrl+u", *text)


async def test_markup_names_are_shown_as_typed_through_a_whole_bank(tmp_path: Path) -> None:
    """The worked example, played by keys by ``[/]``, ``[bold]x`` and ``[red]``."""
    ana, bruno, chloe = MARKUP
    app = table_app(
        participants=MARKUP, kinds=["human"] * 3, seed=7, shoe=WORKED, save_dir=tmp_path
    )
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("enter")
        session = app.session
        assert session is not None
        game = session.game
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert f"{ana} bids" in text  # the amount's label
        await typed(pilot, "10")
        await pilot.press("enter", "enter", "p")
        assert (game.banker, game.fund) == (ana, 10)
        await pilot.press("enter", "enter")  # seating, shuffle
        text = screen_text(app)
        assert f"{ana} banker" in text
        for name in MARKUP:
            assert name in text
        await typed(pilot, "5")
        await pilot.press("enter")
        await typed(pilot, "3")
        await pilot.press("enter", "enter")  # stakes, deal
        assert game.phase == "banker"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert f"Pass the keyboard to {ana}" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen)
        assert f"Private view of {ana}" in screen_text(app)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert game.balances == {ana: 90, bruno: 105, chloe: 100}
        # A toast (the settlement) and the log name the seats as typed.
        text = screen_text(app)
        assert "Coup 1" in text
        await pilot.press("ctrl+s")  # the saved toast
        await settle(pilot)
        await pilot.press("enter", "x")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert ana in screen_text(app)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, StandingsScreen)
        text = screen_text(app)
        assert f"Bank 1 has ended: {ana} retired." in text
        assert f"Winner: {bruno}." in text
        again = replay(record_of(game)).game
        assert again.balances == game.balances


async def test_markup_names_typed_at_setup_start_the_table() -> None:
    app = table_app(participants=["Ana"])
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        for i, name in enumerate([*MARKUP, *MORE]):
            app.screen.query_one(f"#name-{i}").focus()
            await pilot.press("end", "ctrl+u", *name)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None
        assert app.session.game.participants == [*MARKUP, *MORE]
        game = app.session.game
        for i, name in enumerate([*MARKUP, *MORE]):  # each speaks in turn, named as typed
            assert f"{name} bids" in screen_text(app)
            if i == 0:
                await typed(pilot, "10")
                await pilot.press("enter")
            else:
                await pilot.press("p")
        assert game.banker == MARKUP[0]
        text = screen_text(app)
        for name in [*MARKUP, *MORE]:
            assert name in text  # the seating
        assert app.is_running  # [@click=app.quit] did not quit


async def test_markup_names_in_the_command_palette_and_private_views() -> None:
    names = [*MARKUP[:2], MORE[0], MORE[1]]
    actions = [
        {"act": "bid", "who": names[0], "amount": 10},
        *({"act": "pass", "who": n} for n in names[1:]),
        {"act": "shuffle"},
    ]
    app = table_app(record=make_record(names, actions))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        commands = [name for name, _h, _cb in app.game_commands(app.screen)]
        assert "View seat: [/]" in commands
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"View seat")
        await settle(pilot)
        text = screen_text(app)
        assert "View seat: [/]" in text and "View seat: [link=http://x]y" in text
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("v")
        await settle(pilot)
        text = screen_text(app)
        for name in names:
            assert name in text  # the seat chooser


async def test_a_record_with_markup_names_opens_at_the_table(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(
        '{"format": "banque-record/1", "participants": ["[red]", "[/]", "[bold]x"], '
        '"seed": 3, "actions": [{"act": "bid", "who": "[red]", "amount": 5}]}',
        encoding="utf-8",
    )
    app = table_app(record=path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert "[red]" in text and "[/] bids" in text


async def test_a_markup_notice_is_a_plain_toast() -> None:
    app = table_app(record=make_record(MARKUP, []))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        app.notify("[/] [bold]x [red]")
        await settle(pilot)
        assert "[/] [bold]x [red]" in screen_text(app)
