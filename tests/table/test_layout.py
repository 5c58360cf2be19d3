"""The screen reads well everywhere: sizes, the log, toasts, large and plain terminals.

Pilot tests by keys and resizes (``pilot.resize_terminal``), as a player would
meet them at 80×24, 120×40 and 160×48.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.command import CommandPalette

from banque.table import testing
from banque.table.app import BanqueApp
from banque.table.screens import TableScreen, TooSmallScreen
from banque.table.testing import READY_10, THREE, WORKED, make_record, screen_text, table_app


async def past_the_standings(pilot: Any, app: BanqueApp) -> None:
    """Enter past the bank's standings (once they are up, however slow the machine):
    a fresh bank's table."""
    from banque.table.screens.standings import StandingsScreen

    await testing.until(pilot, lambda: isinstance(app.screen, StandingsScreen))
    await settle(pilot)  # the standings mounted and listening before the key
    await pilot.press("enter")
    await testing.until(pilot, lambda: isinstance(app.screen, TableScreen))
    await settle(pilot)


async def settle(pilot: Any) -> None:
    """Three pauses here (the shared helper's two, and one more)."""
    await testing.settle(pilot, pauses=3)


# ------------------------------------------------------------ too small


@pytest.mark.pilot
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


@pytest.mark.pilot
async def test_started_too_small_then_enlarged_the_table_shows() -> None:
    app = table_app(record=make_record(THREE, READY_10))
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)  # on top of the table, not under it
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)


# ------------------------------------------------------------ the log


def long_game_record() -> Any:
    """Several coups played, so that the log is longer than its box."""
    import json
    from pathlib import Path

    worked = json.loads(
        (Path(__file__).resolve().parents[2] / "examples" / "worked-example.json").read_text(
            encoding="utf-8"
        )
    )["actions"]
    return make_record(THREE, worked, seed=7, shoe=WORKED)


def log_lines(app: BanqueApp) -> list[str]:
    from banque.table.widgets import CoupLog

    log = app.screen.query_one(CoupLog)
    return [strip.text.rstrip() for strip in log.lines]


@pytest.mark.pilot
async def test_the_log_wraps_again_after_a_resize_and_stays_on_its_latest_line() -> None:
    from banque.table.widgets import CoupLog

    app = table_app(record=long_game_record())
    async with app.run_test(size=(120, 40)) as pilot:
        await past_the_standings(pilot, app)
        log = app.screen.query_one(CoupLog)
        wide = log_lines(app)
        assert max(len(line) for line in wide) > 50  # long lines, one row each at 120
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        width = log.scrollable_content_region.width
        narrow = log_lines(app)
        assert width < 50
        assert all(len(line) <= width for line in narrow)  # nothing cut off at the right
        assert len(narrow) > len(wide)  # wrapped again, not cropped
        assert log.max_scroll_x == 0  # no sideways scrolling
        assert log.scroll_y == log.max_scroll_y > 0  # the latest line is in view
        # Back to a large terminal: one row a line again, still at the end.
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert log_lines(app) == wide
        assert log.scroll_y == log.max_scroll_y


@pytest.mark.pilot
async def test_the_log_scrolls_by_page_while_an_amount_is_typed() -> None:
    from banque.table.widgets import CoupLog

    app = table_app(record=long_game_record())
    async with app.run_test(size=(80, 24)) as pilot:
        await past_the_standings(pilot, app)
        log = app.screen.query_one(CoupLog)
        end = log.max_scroll_y
        assert end > 0 and log.scroll_y == end
        await pilot.press("pageup")
        await settle(pilot)
        assert log.scroll_y < end
        await pilot.press("pagedown", "pagedown", "pagedown")
        await settle(pilot)
        assert log.scroll_y == end


@pytest.mark.pilot
async def test_l_opens_the_whole_log_and_escape_closes_it() -> None:
    from textual.widgets import Log

    from banque.table.screens import HistoryScreen

    app = table_app(record=long_game_record())
    async with app.run_test(size=(80, 24)) as pilot:
        await past_the_standings(pilot, app)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        log = app.screen.query_one(Log)
        text = " ".join(line.strip() for line in log.lines)
        assert app.session is not None
        for ev in app.session.messages:  # every event, from the first one
            assert " ".join(ev.text.split()) in text
        assert log.scroll_y == log.max_scroll_y  # opens on the latest line
        width = log.scrollable_content_region.width
        assert all(len(line) <= width for line in log.lines)
        await pilot.press("home")
        await settle(pilot)
        assert log.scroll_y == 0
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


# ------------------------------------------------------------ toasts


def worked_acts() -> list[dict[str, Any]]:
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / "worked-example.json"
    return json.loads(path.read_text(encoding="utf-8"))["actions"]


def prompt(app: BanqueApp) -> str:
    from textual.widgets import Static

    return str(app.screen.query_one("#prompt", Static).render())


@pytest.mark.pilot
async def test_a_settlement_is_told_by_the_status_line_not_by_a_toast() -> None:
    # The banker's choice of the worked example: Ana stands in her private view.
    record = make_record(THREE, worked_acts()[:7], seed=7, shoe=WORKED)
    app = table_app(record=record)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter", "enter", "s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None and app.session.stage() == "settlement"
        assert "right wins, left ties" in prompt(app)
        assert not list(app._notifications)  # said once, on the status line


@pytest.mark.pilot
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 48)])
async def test_a_toast_is_whole_and_covers_neither_log_road_nor_prompt(
    size: tuple[int, int],
) -> None:
    from textual.widgets._toast import Toast

    record = make_record(THREE, worked_acts()[:8], seed=7, shoe=WORKED)
    app = table_app(record=record, kinds={"Bruno": "cautious"}, save_dir="/nonexistent")
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.press("2")  # Bruno's view: a computer's cards stay concealed
        await pilot.press("ctrl+s")  # a save that fails, with a long message
        await settle(pilot)
        toasts = list(app.screen.query(Toast))
        assert len(toasts) == 2
        rows = screen_text(app).splitlines()
        shown = [
            "".join(
                row[t.region.x : t.region.right] for row in rows[t.region.y : t.region.bottom]
            ).replace("▌", " ")
            for t in toasts
        ]
        # Whole: each toast's words to the last, none cut off at its bottom.
        said = " ".join(" ".join(part.split()) for part in shown).replace("- ", "-")
        assert "Bruno is a computer player: its cards stay concealed until the reveal." in said
        assert "could not be saved to" in said
        screen = app.screen
        kept = [screen.query_one(q).region for q in ("#log", "#road", "#action")]
        for toast in toasts:
            for region in kept:
                assert not toast.region.overlaps(region), (toast.region, region)


@pytest.mark.pilot
async def test_pausing_the_computers_at_the_table_is_said_once() -> None:
    kinds = {"Ana": "bold", "Bruno": "cautious", "Chloé": "bold"}
    app = table_app(record=make_record(THREE, READY_10), kinds=kinds, pace=5.0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("space")
        await settle(pilot)
        assert app.paused
        assert "Computer players paused" in screen_text(app)  # the action panel says it
        assert not list(app._notifications)  # and no toast says it again


# ------------------------------------------------------------ large terminals


def card_sizes(app: BanqueApp) -> set[str]:
    from banque.table.widgets.cards import CardRow

    return {row.card_size for row in app.screen.query(CardRow)}


@pytest.mark.pilot
async def test_a_large_terminal_has_huge_cards_and_a_fuller_road() -> None:
    from banque.table.widgets import Scoreboard

    record = make_record(THREE, worked_acts()[:8], seed=7, shoe=WORKED)
    app = table_app(record=record)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert card_sizes(app) == {"big"}
        road_before = app.screen.query_one(Scoreboard).content_size.width
        await pilot.resize_terminal(160, 48)
        await settle(pilot)
        assert card_sizes(app) == {"huge"}
        text = screen_text(app)
        assert "│9♣     │" in text and "│     9♣│" in text
        road = app.screen.query_one(Scoreboard)
        assert road.content_size.width > road_before + 20
        assert "Left  W 0 · L 0 · T 1" in text  # the road counts each side's results
        assert "Right W 1 · L 0 · T 0" in text
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert card_sizes(app) == {"small"}
        assert "Left  W 0" not in screen_text(app)


@pytest.mark.pilot
async def test_a_private_view_follows_a_resize() -> None:
    from banque.table.screens import PrivateScreen

    record = make_record(THREE, worked_acts()[:8], seed=7, shoe=WORKED)
    app = table_app(record=record)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("3", "enter")  # Chloé's view, past the curtain
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen)
        assert card_sizes(app) == {"huge"}
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert card_sizes(app) == {"small"}
        assert app.screen.query_one("#table").region.height == 11
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert card_sizes(app) == {"big"}


# ------------------------------------------------------------ plain and 16-colour terminals


def test_a_terminal_without_utf8_gets_plain_output(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from banque.table.terminal import plain_output_wanted

    ascii_err = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "__stderr__", ascii_err)
    assert plain_output_wanted()
    app = BanqueApp()
    assert app.plain_output and app.ascii_suits and app.has_class("-plain")
    # The driver writes only what the terminal's encoding can say, column for column.
    written: list[str] = []

    class Base:
        def __init__(self) -> None:
            pass

        def write(self, data: str) -> None:
            written.append(data)

    from banque.table.terminal import plain_driver

    driver = plain_driver(Base, "ascii")()  # type: ignore[arg-type,call-arg]
    driver.write("\x1b[1m╭─ Left · 10♥ ─╮\x1b[0m Chloé ▶ ⚙ ±0 …")
    assert written == ["\x1b[1m+- Left . 10H -+\x1b[0m Chloe > * +0 ."]
    # A UTF-8 terminal keeps its glyphs.
    monkeypatch.setattr(sys, "__stderr__", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert not plain_output_wanted()
    assert not BanqueApp().plain_output


@pytest.mark.pilot
async def test_plain_output_draws_the_table_in_ascii() -> None:
    from banque.table.terminal import plain_text

    record = make_record(THREE, worked_acts()[:8], seed=7, shoe=WORKED)
    app = table_app(record=record, plain_output=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "|9C |" in text and "+---+" in text  # ASCII cards and suits
        assert "+- Log" in text  # ASCII borders
        # What the driver then writes is plain ASCII, as wide as drawn.
        plain = plain_text(text, "ascii")
        assert plain.isascii()
        assert [len(line) for line in plain.splitlines()] == [
            len(line) for line in text.splitlines()
        ]


@pytest.mark.pilot
async def test_red_suits_stay_red_on_16_colours() -> None:
    from rich.color import ColorSystem

    from banque.table.widgets.cards import CardRow

    record = make_record(THREE, worked_acts()[:8], seed=7, shoe=WORKED)
    app = table_app(record=record)
    async with app.run_test(size=(80, 24)) as pilot:
        app.add_class("-16-colours")  # what on_mount sets on a 16-colour terminal
        await settle(pilot)
        row = app.screen.query(CardRow).first()
        red = row.get_component_rich_style("card--red").color
        assert red is not None
        assert red.downgrade(ColorSystem.STANDARD).number in (1, 9)  # red or bright red


@pytest.mark.pilot
async def test_red_suits_are_marked_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    from banque.table.widgets.cards import CardRow

    monkeypatch.setenv("NO_COLOR", "1")
    record = make_record(THREE, worked_acts()[:8], seed=7, shoe=WORKED)
    app = table_app(record=record)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        row = app.screen.query(CardRow).first()
        assert row.get_component_rich_style("card--red").underline
        assert not row.get_component_rich_style("card--black").underline


@pytest.mark.pilot
@pytest.mark.parametrize("lang", ["en", "fr", "es"])
async def test_the_whole_setup_fits_a_24_line_terminal_in_each_language(lang: str) -> None:
    """At 80x24 the title's blank line goes: every row, the option row after Game and the
    two lines of the hint show at once, with nothing to scroll (taller, the blank line is
    back)."""
    from banque import i18n
    from banque.table.screens.setup import SetupScreen

    i18n.install(lang)
    for size, blank in (((80, 24), False), ((100, 30), True)):
        app = table_app(seed=3)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            body: Any = screen.query_one("#setup-body")
            assert body.max_scroll_y == 0, (lang, size)
            title: Any = screen.query_one("#setup-title")
            assert title.styles.margin.bottom == (1 if blank else 0)
            text = screen_text(app)
            assert {"en": "F1: help", "fr": "F1 : aide", "es": "F1: ayuda"}[lang] in text
