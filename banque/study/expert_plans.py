"""The solutions an ``expert`` computer seat plays, filled from the study's solvers.

The games define each plan as plain numbers (:class:`~banque.games.chemin_de_fer.expert.CheminPlan`,
:class:`~banque.games.banque.expert.BanqueExpertPlan`); this module fills them, and the
session hands them to the expert seats it makes.  Each is cached: a table solves a shoe
(and, at banque, a stakes ratio) once, not each coup.

>>> plan = chemin_plan(6)
>>> plan.punter[(0, 5)], plan.punter[(1, 4)] < 1
(Fraction(1, 1), True)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core.naturals import NaturalRule
from ..games.banque.expert import NATURAL_SHOWN, BanqueExpertPlan, Move, Pair
from ..games.chemin_de_fer.expert import CheminPlan
from .chemin_solver import FIVES, Model, solve
from .edge import EdgeModel, strategy
from .solver import cooperative, nash_equal_stakes

__all__ = ["banque_plan", "chemin_expert_plan", "chemin_plan"]

#: A side's pairs at 5 (values, the smaller first).
_FIVES: tuple[Pair, ...] = FIVES
#: What a side may have done, as the others see it.
_MOVES: tuple[Move, ...] = (None, NATURAL_SHOWN, *range(10))


@lru_cache(maxsize=8)
def chemin_plan(packs: int) -> CheminPlan:
    """Ethier & Gámez's Model B3 equilibrium for a fresh shoe of ``packs`` packs (about
    0.06 s to solve, kept once solved)."""
    e = solve(Model.ethier_gamez(packs))
    banker = {
        (j.hand, j.third): y
        for j, y in zip(e.tables.infosets, e.banker_draw, strict=True)
        if isinstance(j.hand, tuple)
    }
    return CheminPlan(
        punter=dict(zip(FIVES, e.punter_draw, strict=True)),
        banker=banker,
        value=e.banker_value,
        name=f"Ethier & Gámez (2013), Model B3, {packs} packs",
    )


def chemin_expert_plan(game: Any) -> CheminPlan:
    """The plan of a chemin de fer game's expert seats: its shoe's packs'."""
    return chemin_plan(int(game.packs))


@lru_cache(maxsize=8)
def _model(packs: int, naturals: NaturalRule) -> EdgeModel:
    return EdgeModel.for_packs(packs, naturals)


@lru_cache(maxsize=64)
def banque_plan(packs: int, naturals: NaturalRule, stakes: tuple[int, int]) -> BanqueExpertPlan:
    """The plan for a fresh shoe of ``packs`` packs, a natural rule and a stakes ratio
    (right:left, lowest terms).

    For now the scalar solutions (every pair of a side the same chance at 5): at equal
    stakes the symmetric Nash equilibrium (:func:`~banque.study.solver.nash_equal_stakes`),
    the banker mixing at its one indifferent point; else the sides' cooperative choice
    (:func:`~banque.study.solver.cooperative`) and the banker's best response to it.
    """
    model = _model(packs, naturals)
    mixing: dict[tuple[Pair, Move, Move], Fraction] = {}
    nash = nash_equal_stakes(model) if stakes[0] == stakes[1] else None
    if nash is not None:
        q_r = q_l = Fraction(nash.q).limit_denominator(10**12)
        chance = Fraction(nash.mixing).limit_denominator(10**12)
        mixing = {(p.banker, p.right, p.left): chance for p in nash.where}
        name = "symmetric Nash equilibrium"
    else:
        (q_r, q_l), _edge, _rounds = cooperative(model, stakes)
        name = "cooperative solution"
    theta = Fraction(stakes[0], stakes[0] + stakes[1])
    banker = {
        (cell.banker, cell.right, cell.left): Fraction(int(cell.draws(theta)))
        for cell in strategy(model, (q_r, q_l))
    }
    banker.update(mixing)
    right = {(pair, shown): q_r for pair in _FIVES for shown in (False, True)}
    left = {(pair, move): q_l for pair in _FIVES for move in _MOVES}
    return BanqueExpertPlan(
        right=right,
        left=left,
        banker=banker,
        stakes=stakes,
        name=f"{name}, {packs} packs, {stakes[0]}:{stakes[1]}",
    )
