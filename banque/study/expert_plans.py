"""The solutions an ``expert`` computer seat plays, filled from the study's solvers.

The games define each plan as plain numbers (:class:`~banque.games.chemin_de_fer.expert.CheminPlan`,
:class:`~banque.games.banque.expert.BanqueExpertPlan`); this module fills them, and the
session hands them to the expert seats it makes.  Each is cached: a shoe (and, at banque,
a stakes ratio) is solved once, not each coup; banque's ahead of its first coup, in a
thread the session starts (:mod:`banque.session.plans`).

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
from .dealt import FIVES as DEALT_FIVES
from .dealt_nash import dealt_equilibrium
from .edge import EdgeModel, strategy
from .one_chance import cooperative, nash_equal_stakes

__all__ = [
    "PLAN_RATIOS",
    "banque_plan",
    "chemin_expert_plan",
    "chemin_plan",
    "nearest_ratio",
    "scalar_plan",
]

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


#: The stakes ratios an expert's plan is solved at: a coup's ratio takes the nearest (by
#: the right side's share of the stakes): equal stakes, or one side's alone.  Each is
#: solved once (a few seconds): a table with an expert has them solved in a thread as
#: it opens (:class:`banque.session.plans.ExpertPlans`).
PLAN_RATIOS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0))


def nearest_ratio(stakes: tuple[int, int]) -> tuple[int, int]:
    """The solved ratio nearest ``stakes`` (right:left) by the right side's share.

    >>> nearest_ratio((10, 10)), nearest_ratio((30, 11)), nearest_ratio((5, 1))
    ((1, 1), (1, 1), (1, 0))
    """
    total = stakes[0] + stakes[1]
    share = Fraction(1, 2) if total == 0 else Fraction(stakes[0], total)
    return min(PLAN_RATIOS, key=lambda r: (abs(Fraction(r[0], r[0] + r[1]) - share), r))


@lru_cache(maxsize=8)
def _model(packs: int, naturals: NaturalRule) -> EdgeModel:
    return EdgeModel.for_packs(packs, naturals)


def banque_plan(packs: int, naturals: NaturalRule, stakes: tuple[int, int]) -> BanqueExpertPlan:
    """The plan for a fresh shoe of ``packs`` packs, a natural rule and a coup's stakes
    ratio (right:left): the game as dealt solved at the nearest of :data:`PLAN_RATIOS`."""
    return _dealt_plan(packs, naturals, nearest_ratio(stakes))


@lru_cache(maxsize=64)
def _dealt_plan(packs: int, naturals: NaturalRule, stakes: tuple[int, int]) -> BanqueExpertPlan:
    """The Nash equilibrium as dealt (:func:`~banque.study.dealt_nash.dealt_equilibrium`):
    each side's chance at 5 by its pair (the left's also by the right's move), the
    banker's at each of its points.  Per-side naturals: the banker's point does not
    tell which natural was shown; where that changes its chance, the likelier one's.
    Should the search find no equilibrium it can certify, the scalar solution
    (:func:`scalar_plan`), named as such."""
    e = dealt_equilibrium(packs, naturals, stakes)
    if e is None:
        return scalar_plan(packs, naturals, stakes)
    right = {(DEALT_FIVES[k - 1], shown): x for (k, shown), x in e.right.items()}
    left = {(DEALT_FIVES[k - 1], move): x for (k, move), x in e.left.items()}
    banker: dict[tuple[Pair, Move, Move], Fraction] = {}
    weight: dict[tuple[Pair, Move, Move], int] = {}
    for p, y in zip(e.model.points, e.banker, strict=True):
        key = (p.banker, p.right, p.left)
        z = sum(p.z)
        if key not in banker or z > weight[key]:
            banker[key], weight[key] = y, z
    return BanqueExpertPlan(
        right=right,
        left=left,
        banker=banker,
        stakes=stakes,
        name=f"Nash equilibrium as dealt, {packs} packs, {stakes[0]}:{stakes[1]}",
    )


@lru_cache(maxsize=64)
def scalar_plan(packs: int, naturals: NaturalRule, stakes: tuple[int, int]) -> BanqueExpertPlan:
    """A plan from the scalar solutions (every pair of a side the same chance at 5): at
    equal stakes the symmetric Nash equilibrium among such strategies
    (:func:`~banque.study.one_chance.nash_equal_stakes`), the banker mixing at its one
    indifferent point; else the sides' cooperative choice
    (:func:`~banque.study.one_chance.cooperative`) and the banker's best response to it.
    """
    model = _model(packs, naturals)
    mixing: dict[tuple[Pair, Move, Move], Fraction] = {}
    nash = nash_equal_stakes(model) if stakes[0] == stakes[1] else None
    if nash is not None:
        q_r = q_l = Fraction(nash.q).limit_denominator(10**12)
        chance = Fraction(nash.mixing).limit_denominator(10**12)
        mixing = {(p.banker, p.right, p.left): chance for p in nash.where}
        name = "symmetric Nash equilibrium among one-chance strategies"
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
