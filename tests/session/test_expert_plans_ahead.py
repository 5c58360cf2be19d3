"""The expert seats' plans are worked out ahead, in a thread, from the moment the table
opens: an expert's move waits on its plan without holding the table (the local app's
keys, the hosted table's event loop), then plays exactly as if the plan had been there
all along. The solver is stood in for (tests/slow_plans.py): no real solve here."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import tempfile
import time

import pytest

from banque.core.record import dump_record, parse_record
from banque.games.banque.game import Game
from banque.games.records import record_of, replay
from banque.net import protocol as P
from banque.net.server import TableServer
from banque.net.table import PLAN_POLL, Table
from banque.session.plans import ExpertPlans
from banque.session.session import Session, computer_seats
from banque.study.expert_plans import PLAN_RATIOS
from banque.table.testing import make_record

from ..sessions import play_to
from ..slow_plans import plan_threads, slow_solver, wait_for

NAMES = ["Ana", "Bruno", "Chloé"]
EXPERTS = dict.fromkeys(NAMES, "expert")


def expert_table(seed: int = 12, styles: dict[str, str] = EXPERTS) -> Session:
    game = Game(NAMES, seed, packs=3)
    return Session(game, computers=computer_seats(game, styles), styles=styles)  # type: ignore[arg-type]


def to_the_wait(session: Session, most: int = 400) -> str:
    """The computers play on until an expert's move waits on its plan: who waits."""
    session.forced()
    while (who := session.plan_wait()) is None:
        assert len(session.game.actions) < most, "no expert decided"
        stage = session.stage()
        if stage == "settlement":
            session.continue_after_settlement()
        elif stage == "ended":
            session.new_bank()
        else:
            session.play_computer()
    return who


def test_a_table_with_an_expert_starts_solving_its_plans_as_it_opens(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with slow_solver(monkeypatch) as solver:
        session = expert_table(styles={"Ana": "human", "Bruno": "expert", "Chloé": "bold"})
        # nothing played yet: the first plan (equal stakes) is being solved, in a thread
        wait_for(lambda: solver.calls == [(1, 1)])
        assert session.game.actions == []
        assert solver.threads[0].startswith("banque-plans")
        solver.gate.set()
        wait_for(lambda: len(solver.calls) == len(PLAN_RATIOS) and not plan_threads())
        assert sorted(solver.calls) == sorted(PLAN_RATIOS)  # each ratio once


def test_a_resumed_game_with_an_expert_prepares_its_plans_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with slow_solver(monkeypatch) as solver:
        game = Game(NAMES, 4, packs=3)
        game.bid("Ana", 30)
        result = replay(parse_record(json.loads(dump_record(record_of(game)))))
        Session.from_replay(result, computers=computer_seats(result.game, EXPERTS))
        wait_for(lambda: solver.calls == [(1, 1)])


def test_a_table_without_an_expert_solves_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    with slow_solver(monkeypatch) as solver:
        session = expert_table(styles={"Ana": "cautious", "Bruno": "bold", "Chloé": "cautious"})
        play_to(session, 60)
        assert session.plan_makers() == [] and solver.calls == []


def test_an_experts_move_waits_for_its_plan_then_plays_as_if_it_had_been_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with slow_solver(monkeypatch) as solver:
        solver.gate.set()
        at_once = expert_table()
        wait_for(lambda: not at_once.plan_makers()[0].solving())
        play_to(at_once, 120)
    with slow_solver(monkeypatch) as solver:
        late = expert_table()
        who = to_the_wait(late)
        acts = len(late.game.actions)
        assert late.stage() == "decision" and late.actor() == who
        time.sleep(0.05)
        assert late.plan_wait() == who and len(late.game.actions) == acts  # still waiting
        solver.gate.set()
        wait_for(lambda: late.plan_wait() is None)
        play_to(late, 120)
    assert late.game.actions[:120] == at_once.game.actions[:120]


def test_the_ratio_a_coup_asks_for_is_solved_next(monkeypatch: pytest.MonkeyPatch) -> None:
    with slow_solver(monkeypatch) as solver:
        plans = ExpertPlans(3, "all")
        plans.prepare()
        wait_for(lambda: solver.calls == [(1, 1)])
        assert not plans.ready((0, 7))  # the left's stakes alone: (0, 1) next
        assert not plans.ready((5, 0))  # then the right's alone: (1, 0) before it
        solver.gate.set()
        assert plans((5, 0)).stakes == (1, 0)
        wait_for(lambda: not plans.solving())
        assert solver.calls == [(1, 1), (1, 0), (0, 1)]
        assert plans.ready((3, 2)) and plans((3, 2)) is plans((1, 1))


def test_a_solver_that_breaks_is_told_where_the_plan_is_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with slow_solver(monkeypatch) as solver:
        solver.fail = True
        solver.gate.set()
        plans = ExpertPlans(3, "all")
        plans.prepare()
        wait_for(lambda: not plans.solving())
        assert plans.ready((1, 1))  # (the move is tried: the error is told there)
        with pytest.raises(RuntimeError, match="the solver broke"):
            plans((1, 1))


def test_a_hosted_table_looks_again_and_tells_the_seats_while_the_plan_is_solved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with slow_solver(monkeypatch) as solver:
        session = expert_table()
        table = Table(session, pace=0.25, uid=os.getuid())
        who = to_the_wait(session)
        acts = len(session.game.actions)
        assert table.due() == PLAN_POLL
        assert table.step() is False and len(session.game.actions) == acts
        assert P.view_message(session, None, table.turn)["planning"] == who
        solver.gate.set()
        wait_for(lambda: session.plan_wait() is None)
        assert table.due() == 0.25  # the pace again
        assert P.view_message(session, None, table.turn)["planning"] is None
        assert table.step() is True and len(session.game.actions) == acts + 1


def test_a_table_that_closes_drops_the_plans_not_started(monkeypatch: pytest.MonkeyPatch) -> None:
    with slow_solver(monkeypatch) as solver:
        session = expert_table()
        wait_for(lambda: solver.calls == [(1, 1)])
        Table(session, uid=os.getuid()).close()
        solver.gate.set()
        wait_for(lambda: not plan_threads())
        assert solver.calls == [(1, 1)]  # the one under way finished; no other started


@pytest.mark.subprocess
async def test_the_hosts_event_loop_stays_live_while_an_expert_works_out_its_strategy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tempfile.mkdtemp(prefix="bq", dir="/tmp")
    try:
        with slow_solver(monkeypatch) as solver:
            session = expert_table()
            server = TableServer(Table(session, pace=0, uid=os.getuid()), f"{folder}/t.sock")
            await server.start()
            try:
                for _ in range(400):  # the computers play on, by the server's pacer
                    if session.plan_wait() is not None:
                        break
                    await asyncio.sleep(0.005)
                assert session.plan_wait() is not None
                acts = len(session.game.actions)
                start = time.monotonic()
                for _ in range(10):  # the loop answers at once, ten times over
                    await asyncio.sleep(0.01)
                assert time.monotonic() - start < 1.0
                assert len(session.game.actions) == acts
                solver.gate.set()
                for _ in range(400):
                    if len(session.game.actions) > acts:
                        break
                    await asyncio.sleep(0.01)
                assert len(session.game.actions) > acts  # the move, once the plan is there
            finally:
                await server.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_forced_move_stated_aloud_does_not_wait_for_the_plan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Right 9♣ 4♣ = 3 must draw (forced moves announced): the expert says it at once,
    its plan still being solved."""
    acts = [
        {"act": "bid", "who": "Ana", "amount": 10},
        {"act": "pass", "who": "Bruno"},
        {"act": "pass", "who": "Chloé"},
        {"act": "shuffle"},
        {"act": "wager", "who": "Bruno", "amount": 5},
        {"act": "wager", "who": "Chloé", "amount": 3},
        {"act": "deal"},
    ]
    record = make_record(NAMES, acts, shoe=["9C", "7H", "2S", "4C", "6D", "3C", "4D", "2H"])
    with slow_solver(monkeypatch) as solver:
        result = replay(record.model_copy(update={"forced_moves": "announced"}))
        session = Session.from_replay(result, computers=computer_seats(result.game, EXPERTS))
        assert session.game.phase == "right" and session.computer_to_move() == "Bruno"
        assert session.plan_wait() is None
        session.play_computer()
        assert session.game.moves["right"] == "draw" and not solver.gate.is_set()
