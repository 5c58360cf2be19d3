"""The natural rule: which hands a natural (a two-card 8 or 9) settles at once.

One implementation for the engine's rule profiles and the study tools.

- ``"all"`` (the home profile): a natural in any of the three hands is shown,
  nobody draws, and the banker is compared with each side as the cards lie.
- ``"per-side"`` (the classic profile, and Ethier & Lee's game): a natural
  settles only the hands it involves. A banker's natural settles both sides; a
  side's natural settles that side alone; a side that faces no natural (and a
  banker without one) plays on, draws and is settled as usual.

>>> settled_sides("all", banker=3, right=9, left=4)
('right', 'left')
>>> settled_sides("per-side", banker=3, right=9, left=4)
('right',)
>>> settled_sides("per-side", banker=8, right=2, left=4)
('right', 'left')
>>> banker_plays_on("per-side", banker=3, right=9, left=4)
True
>>> banker_plays_on("all", banker=3, right=9, left=4)
False
>>> side_result(9, 8)
'player'
"""

from __future__ import annotations

from typing import Literal

__all__ = [
    "NATURAL_RULES",
    "NaturalRule",
    "banker_plays_on",
    "is_natural",
    "settled_sides",
    "side_result",
]

NaturalRule = Literal["all", "per-side"]
NATURAL_RULES: tuple[NaturalRule, ...] = ("all", "per-side")

_SIDES: tuple[Literal["right"], Literal["left"]] = ("right", "left")


def is_natural(total: int) -> bool:
    """A two-card total of 8 or 9.

    >>> [t for t in range(10) if is_natural(t)]
    [8, 9]
    """
    return total >= 8


def settled_sides(
    rule: NaturalRule, *, banker: int, right: int, left: int
) -> tuple[Literal["right", "left"], ...]:
    """The sides a natural settles at once (two-card totals), in table order.

    >>> settled_sides("all", banker=1, right=2, left=3)
    ()
    >>> settled_sides("per-side", banker=1, right=2, left=8)
    ('left',)
    """
    if rule == "all":
        return _SIDES if max(banker, right, left) >= 8 else ()
    if banker >= 8:
        return _SIDES
    totals = {"right": right, "left": left}
    return tuple(side for side in _SIDES if totals[side] >= 8)


def banker_plays_on(rule: NaturalRule, *, banker: int, right: int, left: int) -> bool:
    """Whether the coup goes on to the draws (some side is not settled).

    >>> banker_plays_on("per-side", banker=9, right=1, left=1)
    False
    >>> banker_plays_on("per-side", banker=1, right=9, left=8)
    False
    """
    return len(settled_sides(rule, banker=banker, right=right, left=left)) < 2


def side_result(total: int, banker_total: int) -> Literal["player", "banker", "tie"]:
    """A side's result against the banker (a natural 9 beats a natural 8; equal totals tie).

    >>> side_result(8, 9), side_result(5, 5), side_result(7, 6)
    ('banker', 'tie', 'player')
    """
    if total > banker_total:
        return "player"
    return "banker" if banker_total > total else "tie"
