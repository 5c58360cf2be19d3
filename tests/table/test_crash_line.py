"""ctrl+p and PageDown arriving together (one read of the terminal) open the command
palette at every table, which goes on; and a crash, should one come, ends every table
the same way: one line saying where the game is kept, never a traceback."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.command import CommandPalette

from banque.games.chemin_de_fer.game import CheminGame
from banque.games.punto_banco.game import PuntoGame
from banque.session.two_hands import new_journal, open_session
from banque.table.chemin_app import chemin_table_app
from banque.table.punto_app import punto_table_app
from banque.table.signals import SignalExitApp

pytestmark = [pytest.mark.pilot]

THREE = ["Ana", "Bruno", "Chloé"]
START = "banque stopped on an unexpected error."
END = " (Set BANQUE_DEBUG=1 to see the details.)"


def chemin(folder: Path) -> tuple[SignalExitApp, Any]:
    game = CheminGame(THREE, seed=1)
    seats = {"Bruno": "cautious", "Chloé": "cautious"}
    journal = new_journal(game, seats, 0.0, folder)
    return chemin_table_app(game, ["Ana"], seats, pace=0, journal=journal), journal


def punto(folder: Path) -> tuple[SignalExitApp, Any]:
    game = PuntoGame(["Ana", "Bob"], seed=1)
    journal = new_journal(game, {"Bob": "bold"}, 0.0, folder)
    return punto_table_app(game, ["Ana"], {"Bob": "bold"}, journal=journal), journal


def banque(folder: Path) -> tuple[SignalExitApp, Any]:
    from banque.table.testing import make_record, table_app

    app = table_app(record=make_record(THREE, [{"act": "bid", "who": "Ana", "amount": 10}]))
    return app, None


def joined(folder: Path) -> tuple[SignalExitApp, Any]:
    from banque.games.records import replay
    from banque.net.client import LocalConnection
    from banque.net.table import Table
    from banque.session.session import Session
    from banque.table.screens.joined import JoinApp
    from banque.table.testing import make_record

    table = Table(Session.from_replay(replay(make_record(THREE, [], seed=7))), pace=0)

    async def connect() -> LocalConnection:
        return LocalConnection(table)

    return JoinApp(connect, "Ana", blink=False), None


TABLES = [
    pytest.param(chemin, id="chemin-de-fer"),
    pytest.param(punto, id="punto-banco"),
    pytest.param(banque, id="banque"),
    pytest.param(joined, id="joined"),
]


@pytest.mark.parametrize("table", TABLES)
async def test_ctrl_p_and_page_down_together_open_the_palette(
    tmp_path: Path, table: Callable[[Path], tuple[SignalExitApp, Any]]
) -> None:
    app, journal = table(tmp_path)
    async with app.run_test() as pilot:
        await pilot.pause()
        for _ in range(3):  # both keys at once, as a terminal may send them
            app.post_message(events.Key("ctrl+p", None))
            app.post_message(events.Key("pagedown", None))
            for _ in range(5):
                await pilot.pause()
            assert app.is_running and isinstance(app.screen, CommandPalette)
            await pilot.press("pagedown", "pageup")  # the palette pages its list
            await pilot.press("escape")
            assert app.is_running and not isinstance(app.screen, CommandPalette)
    assert not app.crashed and app.return_code in (None, 0)
    if journal is not None:
        journal.close()


async def crash(app: Any, capsys: pytest.CaptureFixture[str], pauses: int = 1) -> None:
    """A bug raised in the running ``app`` (after ``pauses`` pauses, what it printed
    before left out): the player's way asked for (no traceback), the App ended by it,
    and the test harness raising the error once it has."""

    def bug() -> None:
        raise RuntimeError("a bug")

    app.shows_tracebacks = lambda: False
    with pytest.raises(RuntimeError, match="a bug"):
        async with app.run_test() as pilot:
            for _ in range(pauses):
                await pilot.pause()
            capsys.readouterr()
            app.call_later(bug)
            for _ in range(100):
                if not app.is_running:
                    break
                await pilot.pause(0.02)
    assert app.crashed and app.return_code == 1


@pytest.mark.parametrize("table", TABLES)
async def test_a_crash_is_said_in_one_line_with_the_game_kept(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    table: Callable[[Path], tuple[SignalExitApp, Any]],
) -> None:
    """Under test a crash shows its traceback (bugs never hide): here the player's way
    is asked for; the test harness still raises the error once the App has ended."""

    app, journal = table(tmp_path)
    await crash(app, capsys)
    printed = capsys.readouterr()
    assert printed.out == "" and "Traceback" not in printed.err
    text = "".join(printed.err.splitlines())  # one line (the console wraps it at 80)
    assert text.startswith(START) and text.endswith(END)
    if journal is not None:
        journal.close()
        assert f"The game is kept in {journal.path}: `banque --resume` continues it." in text
    elif table is banque:
        assert "The game is kept in" in text or "The game's record was saved to" in text
    else:  # a joined seat: the host keeps the game
        assert text == START + END


def test_after_a_crash_the_two_hand_table_says_nothing_more(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The crash's line said where the game is kept: no farewell repeats it."""
    from banque.session.two_hands import run_table

    class Crashed:
        crashed = True

        def run(self) -> Any:
            return 1

    game = PuntoGame(["Ana"], seed=1)
    journal = new_journal(game, {}, 0.0, tmp_path)
    assert run_table(Crashed(), open_session(game, {}, journal=journal)) == 1
    assert capsys.readouterr().out == ""
