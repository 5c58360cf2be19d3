"""The solution an ``expert`` computer plays at chemin de fer, as plain numbers.

The games layer cannot ask the study for it (the study sits beside the games and
imports them), so the session computes a :class:`CheminPlan` from the study's
solver (:func:`banque.study.expert_plans.chemin_plan`) and hands it to the expert
seat when it makes it.  A plan is never kept in a record: a record holds the acts,
and the expert's mixed moves come from its seat's own generator, so a replay
re-applies the acts and a resumed game's expert draws on from where it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["CheminPlan", "Pair", "pair_of"]

#: Two card values 0-9 (tens and faces 0), the smaller first.
Pair = tuple[int, int]


def pair_of(values: tuple[int, int] | list[int]) -> Pair:
    """Two card values, the smaller first."""
    a, b = values
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class CheminPlan:
    """An equilibrium of chemin de fer for one shoe, as the expert seat reads it.

    ``punter``: the punter's chance of drawing at 5, by its two cards;
    ``banker``: the banker's chance of drawing, by its two cards and the punter's
    move (``None``: it stood; 0-9: the value of the third card it drew, face up);
    ``value``: the banker's expected gain per chip staked there; ``name``: which
    solution it is (told in the help).
    """

    punter: Mapping[Pair, Fraction]
    banker: Mapping[tuple[Pair, int | None], Fraction]
    value: Fraction
    name: str

    def punter_draws(self, pair: Pair) -> Fraction:
        """The punter's chance of drawing at 5 with ``pair`` (one not in the plan: 1/2)."""
        return self.punter.get(pair, Fraction(1, 2))

    def banker_draws(self, pair: Pair, third: int | None) -> Fraction | None:
        """The banker's chance of drawing (``None``: not in the plan)."""
        return self.banker.get((pair, third))
