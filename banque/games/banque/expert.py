"""The solution an ``expert`` computer plays at banque, as plain numbers.

The games layer cannot ask the study for it (the study sits beside the games and
imports them), so the session fills a :class:`BanqueExpertPlan` from the study
(:func:`banque.study.expert_plans.banque_plan`) for the coup's stakes ratio and the
expert seat reads it.  The game is taken *as dealt*: each side decides at 5 by its
two cards, the left also by the right's visible move, the banker by its pair and
what it saw.  A plan is never kept in a record: a record holds the acts, and the
expert's mixed moves come from its seat's own generator, so a replay re-applies the
acts and a resumed game's expert draws on from where it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["NATURAL_SHOWN", "BanqueExpertPlan", "Move", "Pair", "PlanFor", "pair_of"]

#: Two card values 0-9 (tens and faces 0), the smaller first.
Pair = tuple[int, int]
#: A side's move as the others see it: ``None`` it stood; 0-9 the value of the third
#: card it drew face up; :data:`NATURAL_SHOWN` it showed a natural (per-side naturals).
Move = int | None
NATURAL_SHOWN = -1
HALF = Fraction(1, 2)


def pair_of(a: int, b: int) -> Pair:
    """Two card values, the smaller first."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class BanqueExpertPlan:
    """A solution of banque for one shoe, natural rule and stakes ratio.

    ``right``: the right's chance of drawing at 5, by its pair and whether the left
    showed a natural; ``left``: the left's, by its pair and the right's move;
    ``banker``: the banker's chance of drawing, by its pair and the right's and the
    left's moves; ``stakes``: the ratio right:left it solves (lowest terms);
    ``name``: which solution it is (told in the help).
    """

    right: Mapping[tuple[Pair, bool], Fraction]
    left: Mapping[tuple[Pair, Move], Fraction]
    banker: Mapping[tuple[Pair, Move, Move], Fraction]
    stakes: tuple[int, int]
    name: str

    def right_draws(self, pair: Pair, left_natural: bool) -> Fraction:
        """The right's chance of drawing at 5 (a key not in the plan: 1/2)."""
        return self.right.get((pair, left_natural), HALF)

    def left_draws(self, pair: Pair, right: Move) -> Fraction:
        """The left's chance of drawing at 5 (a key not in the plan: 1/2)."""
        return self.left.get((pair, right), HALF)

    def banker_draws(self, pair: Pair, right: Move, left: Move) -> Fraction | None:
        """The banker's chance of drawing (``None``: not in the plan)."""
        return self.banker.get((pair, right, left))


#: What the session hands an expert: the plan for a stakes ratio (right:left, lowest
#: terms) at this table's shoe and natural rule.
PlanFor = Callable[[tuple[int, int]], BanqueExpertPlan]
