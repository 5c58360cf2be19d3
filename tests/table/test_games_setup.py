"""Setup's Game row: banque's three houses, then chemin de fer and punto banco; and the
option row after it, each game's table option (--banco-split, --first-bank)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from banque import i18n
from banque.constants import RULES_NAMES
from banque.core.errors import IllegalAction
from banque.games import TWO_HAND_GAMES
from banque.session.two_hands import check_seats
from banque.table.app import BanqueApp
from banque.table.chemin_app import CheminTable
from banque.table.punto_app import PuntoTable
from banque.table.screens import TableScreen
from banque.table.screens.setup import (
    OPTION_CELLS,
    ChoiceColumn,
    SetupScreen,
    rules_label,
    table_option_label,
    table_option_name,
)
from banque.table.testing import screen_text, settle, table_app


@pytest.mark.pilot
async def test_setup_offers_the_other_games_and_opens_their_table_in_the_same_app() -> None:
    app = table_app(journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        app.screen.focus_cell("rules")
        await pilot.press("left")  # cycling back from home: punto banco
        assert "punto banco: the house banks" in screen_text(app)
        await pilot.press("left")
        assert "chemin de fer: the bank goes round" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        # the same App hosts chemin de fer's table: no exit, no second App
        assert app.is_running and isinstance(app.screen, CheminTable)
        table = app.table
        assert table is not None and app.screen is table
        assert table.game.participants == ["Ana", "Bruno", "Chloé", "David"]
        assert table.computers == {"Bruno": "cautious", "Chloé": "bold", "David": "cautious"}
        assert table.humans == ["Ana"]
        assert app.pace == 0.0  # the test table's pace
        assert table.game.forced_moves == "announced"
        assert table.game.first_bank == "lot"  # the option row's default (--first-bank lot)
        assert app.table.session.journal is None  # journal=False: none kept
        assert app.session is None  # no banque game was started
        assert "Chemin de fer" in screen_text(app)


def test_the_seats_are_checked_under_the_games_rules() -> None:
    assert check_seats("punto-banco", ["Ana"]) == ["Ana"]  # solo against the house
    with pytest.raises(IllegalAction, match="2 to 11"):
        check_seats("chemin-de-fer", ["Ana"])
    with pytest.raises(IllegalAction, match="every name must be different"):
        check_seats("punto-banco", ["Ana", "ana"])


# ------------------------------------------------------------------ the table option row


def _option_row(app: BanqueApp) -> tuple[str, tuple[str, ...], str]:
    """The option row as shown: its label, its choices and the one chosen."""
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    labels = str(screen.query_one("#setup-option-labels", Static).render())
    column = screen.query_one("#options", ChoiceColumn)
    row = OPTION_CELLS.index("table_option")
    return labels.splitlines()[-1], column.choices[row], column.values[row]


@pytest.mark.pilot
async def test_setup_chooses_classics_banco_split_and_the_game_has_it() -> None:
    app = table_app(journal=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("up")  # from the first name up to the last row: the table option
        assert app.screen.focused_cell() == "table_option"
        assert _option_row(app) == ("Option", ("",), "")  # home: none
        assert "— no option for this game" in screen_text(app)
        await pilot.press("up", "space")  # the game: classic
        assert _option_row(app) == ("Split", ("free", "divided", "even"), "free")
        assert "free: any division the caller chooses" in screen_text(app)
        await pilot.press("down", "space", "space")  # free -> divided -> even
        assert "even: half on each side" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None
        game = app.session.game
        assert game.rules == "classic" and game.options.banco_split == "even"
        assert app.rules_options() == {"banco_split": "even"}


@pytest.mark.pilot
async def test_setup_chooses_hoyles_first_bank_by_the_list() -> None:
    app = table_app(participants=["Ana", "Bruno", "Chloé"], kinds=["human"] * 3, journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        app.screen.focus_cell("rules")
        await pilot.press("right", "right")  # home -> classic -> hoyle
        assert _option_row(app) == ("1st bank", ("auction", "list"), "auction")
        await pilot.press("tab", "right")
        assert "list: the first name on the list holds it" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.session is not None
        assert app.session.game.options.first_bank == "list"
        assert "Ana, first on the list, may hold the first bank" in screen_text(app)
        await pilot.press("p")  # Ana declines her right: the bank goes to auction
        await settle(pilot)
        assert app.session.game.phase == "auction" and "Ana" in app.session.game.spoken
        assert "Bruno bids for the bank" in screen_text(app)


@pytest.mark.pilot
async def test_setup_chooses_chemin_de_fers_first_bank_by_auction() -> None:
    app = table_app(journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        app.screen.focus_cell("rules")
        await pilot.press("left", "left")  # home -> punto banco -> chemin de fer
        assert _option_row(app) == ("1st bank", ("lot", "auction"), "lot")
        await pilot.press("down", "left")  # lot -> auction
        assert "auction: one bid each, the highest holds it" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CheminTable)
        assert app.screen.game.first_bank == "auction"


@pytest.mark.pilot
async def test_punto_banco_hands_on_no_first_bank() -> None:
    app = table_app(journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        app.screen.focus_cell("rules")
        await pilot.press("left")  # home -> punto banco
        assert _option_row(app) == ("Option", ("",), "")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PuntoTable) and app.screen.game.game == "punto-banco"


@pytest.mark.pilot
async def test_the_option_row_follows_the_game_row() -> None:
    app = table_app(journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.focus_cell("rules")
        seen = []
        for _ in range(5):
            seen.append(_option_row(app)[:2])
            await pilot.press("space")
        assert seen == [
            ("Option", ("",)),  # home
            ("Split", ("free", "divided", "even")),  # classic
            ("1st bank", ("auction", "list")),  # hoyle
            ("1st bank", ("lot", "auction")),  # chemin de fer
            ("Option", ("",)),  # punto banco
        ]
        assert screen.option("rules") == "home"  # round again
        # a choice made goes back to the game's default when the game changes
        await pilot.press("space", "down", "space")  # classic: divided
        assert screen.option("table_option") == "divided"
        await pilot.press("up", "space", "left")  # hoyle, back to classic
        assert _option_row(app)[2] == "free"
        # keys on a game without an option change nothing
        await pilot.press("left", "down")  # home
        assert screen.focused_cell() == "table_option"
        await pilot.press("space", "left", "right")
        assert _option_row(app) == ("Option", ("",), "")
        await pilot.press("enter")
        await settle(pilot)
        assert app.session is not None and app.session.game.rules == "home"
        assert app.session.game.options.is_default()


@pytest.mark.pilot
async def test_the_command_lines_options_start_selected() -> None:
    app = table_app(journal=False, rules="classic", options={"banco_split": "even"})
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        assert _option_row(app) == ("Split", ("free", "divided", "even"), "even")
        app.screen.focus_cell("rules")
        await pilot.press("space", "left")  # hoyle, back to classic: the command line's again
        assert _option_row(app)[2] == "even"
    # --banco-split N (a minimum a side) is offered as a choice of its own
    app = table_app(journal=False, rules="classic", options={"banco_split": 3})
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        assert _option_row(app) == ("Split", ("free", "divided", "even", "3"), "3")
        assert "3: at least 3 chips on each side" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.session is not None and app.session.game.options.banco_split == 3
    app = table_app(journal=False, rules="hoyle", options={"first_bank": "list"})
    async with app.run_test(size=(100, 30)) as pilot:
        assert _option_row(app) == ("1st bank", ("auction", "list"), "list")


@pytest.mark.pilot
async def test_a_language_switch_keeps_the_option_chosen() -> None:
    app = table_app(journal=False)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            screen.focus_cell("rules")
            await pilot.press("space", "space", "down", "space")  # hoyle: list
            screen.focus_cell("language")
            await pilot.press("space")  # English -> Français
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            assert screen.option("rules") == "hoyle"
            assert _option_row(app) == ("Banquier", ("auction", "list"), "list")
            assert "liste : le premier nom de la liste" in screen_text(app)
            await pilot.press("space")  # Français -> Español
            await pilot.pause()
            assert _option_row(app) == ("Banquero", ("auction", "list"), "list")
            await pilot.press("enter")
            await settle(pilot)
            assert app.session is not None
            assert app.session.game.options.first_bank == "list"
    finally:
        i18n.install("en")


@pytest.mark.pilot
async def test_the_hosts_setup_hands_the_option_to_the_hosted_table() -> None:
    from banque.table.screens.hostsetup import HostSetupApp

    app = HostSetupApp(journal=False, blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.focus_cell("rules")
        await pilot.press("space", "down", "space", "space")  # classic: even
        await pilot.press("enter")
        await pilot.pause()
    assert app.chosen is not None
    assert (app.chosen.rules, app.chosen.options) == ("classic", {"banco_split": "even"})


@pytest.mark.pilot
@pytest.mark.parametrize("lang", ["en", "fr", "es"])
async def test_every_table_option_fits_whole_at_80x24(lang: str) -> None:
    """Each game's row and each of its choices is shown whole (no ellipsis) on the
    smallest screen, its label beside it, in every language."""
    i18n.install(lang)
    try:
        app = table_app(journal=False, rules="classic", options={"banco_split": 3})
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            for game in RULES_NAMES + TWO_HAND_GAMES:
                screen.focus_cell("rules")
                while screen.option("rules") != game:
                    await pilot.press("space")
                await pilot.pause()
                assert f"◂ {rules_label(game)} ▸" in screen_text(app), game  # the Game row too
                await pilot.press("down")
                choices = _option_row(app)[1]
                seen = []
                for _ in choices:
                    value = screen.option("table_option")
                    seen.append(value)
                    line = f"{table_option_name(game):<9}"
                    if len(choices) > 1:
                        line += f"◂ {table_option_label(game, value)} ▸"
                    else:
                        line += table_option_label(game, value)
                    assert line in screen_text(app), line
                    await pilot.press("space")
                assert sorted(seen) == sorted(choices)
    finally:
        i18n.install("en")


@pytest.mark.pilot
async def test_setup_offers_the_expert_and_seats_it_at_the_table() -> None:
    app = table_app(journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.focus_cell("kind-1")  # Bruno: cautious, then bold, then expert
        await pilot.press("right", "right")
        await settle(pilot)
        assert screen.kind_of(1) == "expert"
        assert "computer · expert" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        session = app.session
        assert session is not None and session.styles["Bruno"] == "expert"
        assert session.describe("Bruno") == "Bruno (computer, expert)"
