"""An expert's first decision at the table waits on its plan, solved in a thread (stood
in for here by a solver held on a gate: tests/slow_plans.py): the table says so in a
player's words, its keys answer meanwhile, and the move comes by itself once the plan
is there."""

from __future__ import annotations

import pytest

from banque import i18n
from banque.games.records import replay
from banque.net.client import LocalConnection
from banque.net.table import Table
from banque.session.session import Session, computer_seats
from banque.table.screens import HelpScreen, TableScreen
from banque.table.screens.joined import JoinApp
from banque.table.testing import FOUR, make_record, screen_text, settle, table_app, until

from ..slow_plans import slow_solver

#: Bruno (right, 2♠ 3♥) is at 5 after the deal: his choice is the expert's.
SIDE5 = ["2S", "AH", "3D", "3H", "2C", "KS", "9D", "8H", "7C"]
ACTS = [
    {"act": "bid", "who": "Ana", "amount": 20},
    {"act": "pass", "who": "Bruno"},
    {"act": "pass", "who": "Chloé"},
    {"act": "pass", "who": "David"},
    {"act": "shuffle"},
    {"act": "wager", "who": "Bruno", "amount": 5},
    {"act": "pass", "who": "David"},
    {"act": "wager", "who": "Chloé", "amount": 3},
    {"act": "deal"},
]
COMPUTERS = {"Bruno": "expert", "Chloé": "cautious", "David": "bold"}


def join_app(table: Table, seat: str | None) -> JoinApp:
    async def connect() -> LocalConnection:
        return LocalConnection(table)

    app = JoinApp(connect, seat, blink=False)
    app.animation_level = "none"
    return app


@pytest.mark.pilot
async def test_the_table_says_the_expert_works_out_its_strategy_and_keys_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with slow_solver(monkeypatch) as solver:
        app = table_app(record=make_record(FOUR, ACTS, shoe=SIDE5), kinds=COMPUTERS)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            session = app.session
            assert session is not None
            game = session.game
            await until(pilot, lambda: solver.calls == [(1, 1)])  # begun as the table opened
            await settle(pilot)
            assert game.phase == "right" and session.plan_wait() == "Bruno"
            assert "Bruno is working out its strategy" in screen_text(app)
            await pilot.press("f1")  # the keys answer: help opens, and closes
            await settle(pilot)
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            await pilot.press("space")  # the computers pause and go on
            await settle(pilot)
            assert app.paused
            await pilot.press("space")
            await settle(pilot)
            assert not app.paused and game.phase == "right"  # Bruno still waits
            solver.gate.set()
            await until(pilot, lambda: game.phase != "right")  # then plays by itself
            assert game.moves["right"] in ("draw", "stand")
            assert "working out its strategy" not in screen_text(app)


@pytest.mark.pilot
async def test_the_strategy_notice_speaks_french(monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        i18n.install("fr")
        with slow_solver(monkeypatch):
            app = table_app(record=make_record(FOUR, ACTS, shoe=SIDE5), kinds=COMPUTERS)
            async with app.run_test(size=(100, 30)) as pilot:
                session = app.session
                assert session is not None
                await until(pilot, lambda: session.plan_wait() == "Bruno")
                await settle(pilot)
                assert "Bruno élabore sa stratégie" in screen_text(app)
    finally:
        i18n.install("en")


@pytest.mark.pilot
async def test_a_joined_seat_and_a_spectator_are_told_the_expert_works_out_its_strategy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with slow_solver(monkeypatch) as solver:
        result = replay(make_record(FOUR, ACTS, shoe=SIDE5))
        session = Session.from_replay(
            result, computers=computer_seats(result.game, COMPUTERS), styles=COMPUTERS
        )
        table = Table(session, pace=0)
        assert session.plan_wait() == "Bruno"
        for seat in ("Ana", None):
            app = join_app(table, seat)
            async with app.run_test(size=(100, 30)) as pilot:
                await settle(pilot)
                assert "Waiting for Bruno, working out its strategy" in screen_text(app)
        solver.gate.set()
