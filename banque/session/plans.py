"""An expert table's plans, worked out ahead in a thread of their own.

Banque's ``expert`` seats play the game solved (:func:`banque.study.expert_plans.banque_plan`:
a pure function of the shoe's packs, the natural rule and a stakes ratio), and a solve
can take seconds (under one at three packs and equal stakes, about fifteen at eight
packs with per-side naturals).  A table with an expert seat starts solving every ratio of
:data:`~banque.study.expert_plans.PLAN_RATIOS` as it opens (:meth:`ExpertPlans.prepare`),
one after the other in a daemon thread, the ratio a coup asks for first; the table asks
:meth:`ExpertPlans.ready` before an expert's move and, while its plan is not ready, says
so and keeps its keys (or its event loop) live, then plays the move once it is.

The plan does not depend on when or where it was solved: a record replays exactly and a
resumed game goes on exactly (the expert's mixed moves are drawn from its seat's own
generator, at the move).  Called for a plan not solved yet, :class:`ExpertPlans` waits
for it (solved in the thread, once).

No Textual here, and no socket.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from ..core.naturals import NaturalRule
from ..study import expert_plans

__all__ = ["ExpertPlans", "Ratio"]

#: A stakes ratio right:left (one of :data:`~banque.study.expert_plans.PLAN_RATIOS`).
Ratio = tuple[int, int]

#: A game's plan (banque's :class:`~banque.games.banque.expert.BanqueExpertPlan`): the
#: session that makes the table names the game's solver, so no game's module is imported here.
P = TypeVar("P")

#: The ratio solved first: a coup with both sides staked (the most usual) takes it.
FIRST: Ratio = (1, 1)


class ExpertPlans(Generic[P]):
    """The plans of a table's expert seats (the game's :data:`~banque.games.banque.expert.PlanFor`):
    called with a coup's stakes, the solved plan of the nearest ratio, for a shoe of
    ``packs`` packs and a natural rule.  One a table, shared by its expert seats.

    ``solve(packs, naturals, ratio)`` is the game's solver (banque's
    :func:`~banque.study.expert_plans.banque_plan` unless told)."""

    def __init__(
        self,
        packs: int,
        naturals: NaturalRule,
        solve: Callable[[int, NaturalRule, Ratio], P] | None = None,
    ) -> None:
        self.packs = packs
        self.naturals: NaturalRule = naturals
        self._solve = solve
        self._lock = threading.Condition()
        self._plans: dict[Ratio, P] = {}
        self._failed: dict[Ratio, BaseException] = {}
        #: The ratios still to solve, the next first.
        self._queue: list[Ratio] = []
        self._solving: Ratio | None = None
        self._worker: threading.Thread | None = None

    def __repr__(self) -> str:
        return f"ExpertPlans({self.packs}, {self.naturals!r}, solved={sorted(self._plans)})"

    # ------------------------------------------------------------ asked by the table

    def prepare(self) -> None:
        """Start solving every ratio not solved yet (equal stakes first), in the thread."""
        ratios = sorted(expert_plans.PLAN_RATIOS, key=lambda r: r != FIRST)
        with self._lock:
            for ratio in ratios:
                if ratio not in self._plans and ratio != self._solving and ratio not in self._queue:
                    self._queue.append(ratio)
            self._start()

    def ready(self, stakes: tuple[int, int]) -> bool:
        """Is the plan for ``stakes`` (its nearest ratio) solved?  If not, it is the
        next one solved (its solve started if it was not under way)."""
        ratio = expert_plans.nearest_ratio(stakes)
        with self._lock:
            if ratio in self._plans or ratio in self._failed:
                return True
            self._want(ratio)
            return False

    def solving(self) -> bool:
        """Is a plan being solved now (or waiting to be)?"""
        with self._lock:
            return self._solving is not None or bool(self._queue)

    def stop(self) -> None:
        """The table closes: the ratios not started are dropped (the one being solved
        finishes; asked for again, a dropped ratio is solved then)."""
        with self._lock:
            self._queue.clear()

    def __call__(self, stakes: tuple[int, int]) -> P:
        """The plan for a coup's ``stakes`` (right:left): solved already, or waited for
        (its solve first in the thread)."""
        ratio = expert_plans.nearest_ratio(stakes)
        with self._lock:
            while ratio not in self._plans:
                failed = self._failed.pop(ratio, None)
                if failed is not None:
                    raise failed
                self._want(ratio)
                self._lock.wait()
            return self._plans[ratio]

    # ------------------------------------------------------------ the thread

    def _want(self, ratio: Ratio) -> None:
        """(Under the lock.) ``ratio`` next, unless it is being solved."""
        if ratio != self._solving:
            if ratio in self._queue:
                self._queue.remove(ratio)
            self._queue.insert(0, ratio)
        self._start()

    def _start(self) -> None:
        """(Under the lock.) The thread, if there is work and none runs."""
        if self._worker is None and self._queue:
            self._worker = threading.Thread(
                target=self._work, name=f"banque-plans-{self.packs}", daemon=True
            )
            self._worker.start()

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._worker = None
                    return
                ratio = self._solving = self._queue.pop(0)
            plan: P | None = None
            error: BaseException | None = None
            # looked up at the solve (a test may stand a slow solver in for the study's)
            solve = self._solve or expert_plans.banque_plan
            try:
                plan = solve(self.packs, self.naturals, ratio)  # type: ignore[assignment]
            except BaseException as exc:  # told where the plan is asked for
                error = exc
            with self._lock:
                self._solving = None
                if plan is not None:
                    self._plans[ratio] = plan
                else:
                    assert error is not None
                    self._failed[ratio] = error
                self._lock.notify_all()
