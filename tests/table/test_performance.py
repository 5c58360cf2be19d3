"""Speed that a player feels: a quick start, and a long game as fast as a short one.

The work is counted (Python function calls), not timed, so that a busy
machine cannot make these tests fail or pass by chance.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from banque.core.models import Record
from banque.games.records import record_of
from banque.session.session import Session
from banque.table.app import BanqueApp
from banque.table.screens import TableScreen
from banque.table.testing import counted_calls, screen_text
from banque.table.widgets import CoupLog
from banque.table.widgets.field import TextField

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from long_record import long_session, new_session, play_on


def calls(work: Callable[[], Any]) -> int:
    """The Python function calls ``work`` makes."""
    with counted_calls() as count:
        work()
    return count[0]


def table_step(session: Session) -> None:
    """What the table does for one step: the act, then the board it draws."""
    stage = session.stage()
    if stage == "settlement":
        session.continue_after_settlement()
    elif stage == "ended":
        session.new_bank()
    else:
        session.play_computer()
    session.board()
    session.board(session.game.participants[0])


def work_of_steps(session: Session, steps: int = 200) -> int:
    return calls(lambda: [table_step(session) for _ in range(steps)])


class LongGame:
    """One long all-computer game, played once in a test process and only as far as asked.

    ``long_session(n)`` for several ``n`` would play the same game from its
    start each time (the 20,000-act game alone is seconds): this one plays on
    from where it is, and keeps where each target was reached, so that the
    record of ``long_session(n)`` is a prefix of its game's record.
    """

    def __init__(self) -> None:
        self.session = new_session()
        self.reached: dict[int, int] = {}  # a target: the acts when it was reached

    def played_to(self, acts: int) -> Session:
        """The session, played on to ``long_session(acts)`` (tests may play it on further)."""
        if acts not in self.reached:
            assert len(self.session.game.actions) < acts, "targets are asked in rising order"
            play_on(self.session, acts)
            self.reached[acts] = len(self.session.game.actions)
        return self.session

    def record_to(self, acts: int) -> Record:
        """The record ``long_session(acts)`` makes."""
        self.played_to(acts)
        record = record_of(self.session.game)
        return record.model_copy(update={"actions": record.actions[: self.reached[acts]]})


@pytest.fixture(scope="module")
def long_game() -> LongGame:
    """The module's one long game (shared by the tests that need 8,000 and 20,000 acts)."""
    return LongGame()


@pytest.fixture(scope="module")
def short_and_long(long_game: LongGame) -> tuple[Session, Session]:
    long_game.record_to(8_000)  # the opening test's record, kept on the way
    return long_session(1_000), long_game.played_to(20_000)


@pytest.mark.sweep
def test_one_act_costs_the_same_in_a_long_game(short_and_long: tuple[Session, Session]) -> None:
    short, long = short_and_long
    assert len(long.game.actions) >= 20 * len(short.game.actions) * 0.99
    at_short = work_of_steps(short)
    at_long = work_of_steps(long)
    # Before, a forced pass scanned the whole log: 20 times the game, 20 times the work.
    assert at_long < 1.5 * at_short, (at_short, at_long)


def test_the_long_record_is_deterministic() -> None:
    a = record_of(long_session(300).game)
    b = record_of(long_session(300).game)
    assert a.actions == b.actions
    assert len(a.actions) >= 300


@pytest.mark.pilot
async def test_a_long_game_opens_with_the_latest_log_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, long_game: LongGame
) -> None:
    from banque.core.record import dump_record

    record = long_game.record_to(8_000)  # the record long_session(8_000) makes
    assert len(record.actions) >= 8_000
    path = tmp_path / "long.json"
    path.write_text(dump_record(record), encoding="utf-8")
    import banque.table.widgets.log as log_module

    written: list[str] = []  # each event the log writes goes through suits() once
    suits = log_module.suits

    def counted(text: str, ascii_suits: bool) -> str:
        written.append(text)
        return suits(text, ascii_suits)

    monkeypatch.setattr(log_module, "suits", counted)
    app = BanqueApp(path, pace=0.0, blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None
        assert len(app.session.messages) > 10_000
        # The latest events are written (the log ends with the last one)…
        assert written[-1] == app.session.messages[-1].text
        # …but not the whole game (12,000 events): opening does not grow with it.
        assert len(written) <= 1000
        log = app.screen.query_one(CoupLog)
        assert len(log.lines) <= 4_000


@pytest.mark.subprocess
def test_plain_banque_draws_its_first_screen_before_the_game_is_imported() -> None:
    """The setup screen needs neither the engine nor pydantic (imported after it)."""
    code = (
        "import sys, banque.cli, banque.table.app\n"
        "heavy = [m for m in ('pydantic', 'banque.games.banque.game', 'banque.core.models', 'banque.session.session',"
        " 'banque.core.record', 'banque.table.screens.table', 'banque.table.screens.help', 'markdown_it')"
        " if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == ""


@pytest.mark.subprocess
def test_the_game_is_imported_in_the_background_once_setup_is_up() -> None:
    """After the first screen, the rest comes in the background: Enter opens the table at once."""
    code = (
        "import sys, threading\n"
        "from banque.table.app import BanqueApp\n"
        "class App(BanqueApp):\n"
        "    def on_ready(self):\n"
        "        super().on_ready()\n"
        "        self.set_timer(0.5, self.finish)\n"
        "    def finish(self):\n"
        "        for t in threading.enumerate():\n"
        "            if t.name == 'banque-preload':\n"
        "                t.join(30)\n"
        "        self.exit()\n"
        "App(blink=False).run(headless=True, size=(100, 30))\n"
        "print(','.join(m for m in ('banque.session.session', 'banque.table.screens.table',"
        " 'banque.table.screens.help') if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip().splitlines()[-1] == (
        "banque.session.session,banque.table.screens.table,banque.table.screens.help"
    )


@pytest.mark.pilot
async def test_help_is_built_once_and_opens_again_at_the_top() -> None:
    from banque.table.screens import HelpScreen, SetupScreen

    app = BanqueApp(pace=0.0, blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        first = app.screen
        assert isinstance(first, HelpScreen)
        await pilot.press("end")
        await pilot.pause()
        scroll = first.query_one("#help-scroll")
        assert scroll.scroll_y > 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is first  # not built again
        assert scroll.scroll_y == 0
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


@pytest.mark.pilot
async def test_setup_in_columns_keeps_the_row_by_row_order_of_tab() -> None:
    """The seats are laid out in columns (fewer widgets): Tab still goes name, player, name…"""
    from banque.table.screens import SetupScreen

    app = BanqueApp(pace=0.0, blink=False, journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)

        def focused() -> str | None:
            return screen.focused_cell()

        assert focused() == "name-0"
        seen = []
        for _ in range(4):
            await pilot.press("tab")
            seen.append(focused())
        assert seen == ["kind-0", "name-1", "kind-1", "name-2"]
        await pilot.press("shift+tab", "shift+tab")
        assert focused() == "name-1"
        screen.focus_cell("forced")
        await pilot.press("tab")
        assert focused() == "rules"  # the game (the house's rules)
        await pilot.press("tab")
        assert focused() == "table_option"  # that game's table option: the last row
        await pilot.press("tab")
        assert focused() == "name-0"
        await pilot.press("shift+tab")
        assert focused() == "table_option"
        # The first name is focused from the start, its text selected: typing replaces it.
        await pilot.press("tab", *"Zoé")
        assert screen.query_one("#name-0", TextField).value == "Zoé"


async def _calls_until_drawn(pilot: Any, key: str) -> int:
    """The Python function calls the app makes from ``key`` until its screen is drawn."""
    with counted_calls() as count:
        await pilot.press(key)
        await pilot.pause()
        await pilot.pause()
    return count[0]


@pytest.mark.pilot
async def test_help_opens_with_no_more_work_than_the_table() -> None:
    """The help's first opening costs less than opening the table (it cost more before)."""
    from banque.table.screens.help import help_markdown

    help_markdown()  # parsed before, as the preload does
    from banque.table.screens import HelpScreen

    app = BanqueApp(pace=0.0, blink=False, journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        help_work = await _calls_until_drawn(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        shown = screen_text(app)
        assert "Baccarat Banque: two tableaux" in shown and "Packs and banker" in shown
        await pilot.press("escape")
        await pilot.pause()
        table_work = await _calls_until_drawn(pilot, "enter")
        assert isinstance(app.screen, TableScreen)
    # Textual's Markdown widget (one widget a block) made the help 1.5× the table's
    # work and 5× its time. Now the help is one Rich text, parsed in the background and
    # drawn once per width: Rich's rendering makes many small calls, so the count may
    # pass the table's while the time does not (benchmarks/bench_start.py
    # --help-screen: F1 about 65 ms, Enter to the table about 75 ms).
    assert help_work < 1.3 * table_work, (help_work, table_work)


def _log_census() -> dict[str, int]:
    """The live objects a log's lines are made of (its strips, their caches, their segments)."""
    import gc

    from rich.segment import Segment
    from textual.cache import FIFOCache
    from textual.strip import Strip

    gc.collect()
    kinds = {"Strip": Strip, "FIFOCache": FIFOCache, "Segment": Segment}
    count = dict.fromkeys(kinds, 0)
    for obj in gc.get_objects():
        for name, kind in kinds.items():
            if type(obj) is kind:
                count[name] += 1
    return count


@pytest.mark.pilot
@pytest.mark.sweep
async def test_the_log_of_the_coups_stays_the_same_size_over_a_long_session() -> None:
    """Once full, the table's log holds as much after 100 more coups as before them.

    A long game's events are shown coup after coup (as the table shows them, each
    drawn): the log's lines, its cache of drawn lines and the strips they are made
    of are counted after the log and Textual's cache of its drawn lines have filled
    (100 coups) and 100 coups later.
    """
    from textual.app import App, ComposeResult

    from banque.table.widgets.log import DRAWN, SHOWN

    events = long_session(2_000).messages
    ends = [i + 1 for i, ev in enumerate(events) if ev.kind == "settle"]
    assert len(ends) >= 200

    class LogApp(App[None]):
        def compose(self) -> ComposeResult:
            yield CoupLog()

    app = LogApp()
    async with app.run_test(size=(100, 30)) as pilot:
        log = app.query_one(CoupLog)
        sizes: list[tuple[int, int]] = []
        census: list[dict[str, int]] = []
        for coup, end in enumerate(ends[:200], start=1):
            log.show(events[:end], ascii_suits=False)
            await pilot.pause()
            if coup >= 100:
                sizes.append((len(log.lines), len(log._line_cache)))
            if coup in (100, 200):
                census.append(_log_census())
        assert log.lines and max(n for n, _ in sizes) <= 4 * SHOWN
        full, later = census
        # The lines and the drawn lines stay within the log's bounds (RichLog's own
        # cache of drawn lines: 1,024)…
        assert max(c for _, c in sizes) <= DRAWN, sizes[-1]
        # …and the objects they are made of do not grow with the game (a few may come
        # and go with the lines being drawn: 2 % of them).
        for kind in full:
            assert later[kind] <= full[kind] * 1.02 + 50, (kind, full[kind], later[kind])
