"""A chemin de fer or punto banco table opened and quit unplayed leaves no game behind
(``banque games`` lists nothing); one act, and the game is kept to resume (issue 21)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from banque.cli import main
from banque.core.journal import games_dir
from banque.session.two_hands import close_table, resume
from banque.table.app import BanqueApp
from banque.table.games_base import open_game

from .test_crash_line import crash

pytestmark = pytest.mark.pilot

#: Each table: its opening (seed 1: Ana holds chemin de fer's first bank by lot) and the
#: keys of a first act (a bank of 15; a coup dealt, the computer's bet with it).
TABLES = {
    "chemin-de-fer": (
        {"names": ["Ana", "Bruno", "Chloé"], "computers": {"Bruno": "cautious", "Chloé": "bold"}},
        ("1", "5", "enter"),
    ),
    "punto-banco": (
        {"names": ["Ana", "Bob"], "computers": {"Bob": "cautious"}},
        ("enter",),
    ),
}


def journals() -> list[Path]:
    return sorted(games_dir().glob("*.jsonl"))


async def settle(pilot: Any, times: int = 6) -> None:
    for _ in range(times):
        await pilot.pause()


async def play(game: str, keys: tuple[str, ...]) -> tuple[Any, BanqueApp]:
    """Open ``game``'s table as ``banque --game`` does, press ``keys``, then ctrl+q; the
    table closed as :func:`~banque.session.two_hands.run_table` closes it."""
    options, _keys = TABLES[game]
    opening = open_game(game, seed=1, pace=0.0, **options)  # type: ignore[arg-type]
    app = BanqueApp(two_hand=opening, pace=opening.pace)
    async with app.run_test() as pilot:
        await settle(pilot)
        assert journals() == []  # open: nothing on disk yet
        if keys:
            await pilot.press(*keys)
            await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
    session = opening.table.session
    close_table(app, session, pace=opening.pace)
    return session, app


@pytest.mark.parametrize("game", list(TABLES))
async def test_a_table_quit_unplayed_leaves_no_game(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    session, _app = await play(game, ())
    assert session.game.actions == [] and journals() == []
    assert capsys.readouterr().out == ""  # no "kept as" for a game that is not
    assert main(["games"]) == 0
    assert "unfinished" not in capsys.readouterr().out


@pytest.mark.parametrize("game", list(TABLES))
async def test_one_act_and_the_game_is_kept_to_resume(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    session, _app = await play(game, TABLES[game][1])
    assert session.game.actions != []
    (path,) = journals()
    assert "banque --resume continues it" in capsys.readouterr().out
    assert main(["games"]) == 0
    assert "unfinished" in capsys.readouterr().out
    again, pace = resume(path)
    assert again.journal is not None
    again.journal.close()
    assert again.game.actions == session.game.actions and pace == 0.0
    assert again.styles == TABLES[game][0]["computers"]


@pytest.mark.parametrize("game", list(TABLES))
async def test_a_crash_at_an_unplayed_table_says_no_game_is_kept(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The crash's one line names no journal when there is none, and nothing is left."""

    opening = open_game(game, seed=1, pace=0.0, **TABLES[game][0])  # type: ignore[arg-type]
    app = BanqueApp(two_hand=opening, pace=opening.pace)
    await crash(app, capsys, pauses=6)
    close_table(app, opening.table.session, 1, pace=opening.pace)
    printed = capsys.readouterr()
    text = "".join(printed.err.splitlines())
    assert text == (
        "banque stopped on an unexpected error. (Set BANQUE_DEBUG=1 to see the details.)"
    )
    assert printed.out == "" and journals() == []
