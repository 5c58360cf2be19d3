"""A slow stand-in for the expert's solver (banque.study.expert_plans.banque_plan): each
solve waits until the test opens its gate, then gives a plan of no numbers (the sides
draw at 5 half the time, the banker as the advisor says). Shared by the tests of the
plans prepared ahead (session, hosted table, the app)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from banque.core.naturals import NaturalRule
from banque.games.banque.expert import BanqueExpertPlan
from banque.study import expert_plans


class SlowSolver:
    """Counts its solves (the ratios asked, in order) and holds each until :attr:`gate`."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.calls: list[tuple[int, int]] = []
        self.threads: list[str] = []
        self.fail = False

    def __call__(
        self, packs: int, naturals: NaturalRule, stakes: tuple[int, int]
    ) -> BanqueExpertPlan:
        self.calls.append(stakes)
        self.threads.append(threading.current_thread().name)
        self.gate.wait(20)
        if self.fail:
            raise RuntimeError("the solver broke")
        return BanqueExpertPlan({}, {}, {}, stakes, "a stand-in")


def plan_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("banque-plans")]


def wait_for(done: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("it did not happen in time")
        time.sleep(0.005)


@contextmanager
def slow_solver(monkeypatch: pytest.MonkeyPatch) -> Iterator[SlowSolver]:
    """The solver stood in for; afterwards the gate opens and the threads end (before the
    real solver comes back)."""
    solver = SlowSolver()
    monkeypatch.setattr(expert_plans, "banque_plan", solver)
    try:
        yield solver
    finally:
        solver.gate.set()
        for thread in plan_threads():
            thread.join(5)
