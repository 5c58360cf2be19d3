"""The banker's exact choice when one side is already settled by a natural (classic).

Under the classic profile a side's natural settles that side alone: its two
cards are shown, its stakes are paid at once, and only the other side and the
banker play on.  The banker's choice then concerns that one side: this
module gives the banker's expected gain, in chips, for drawing and for
standing, over the cards the banker has not seen (the shoe less every card
shown in this shoe, the banker's pair, the settled side's pair and any third
card), with the same model as :mod:`banque.advisor`: the side's concealed pair
is weighed by what it did (never a natural; stood -> 5-7; drew -> 0-5; at 5
it draws with probability ``p5``), and the banker's third card is uniform
among the cards left once that pair is taken.

>>> unseen = [46, 11, 12, 12, 12, 12, 12, 12, 12, 11]
>>> draw, stand = advise_one_side(unseen, banker_total=5, stake=4, third=0, p5=0.5)
>>> round(float(draw), 3), round(float(stand), 3)
(2.297, 3.664)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["advise_one_side"]


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def advise_one_side(
    unseen: Sequence[int],
    banker_total: int,
    stake: int | Fraction,
    third: int | None,
    p5: float | Fraction = 0.5,
) -> tuple[Fraction, Fraction]:
    """(draw, stand): the banker's exact expected gains against the one side still in play.

    ``unseen`` counts the unseen cards by value 0..9; ``third`` is the side's face-up
    third card's value, or ``None`` if it stood.  Raises :class:`ValueError` if no
    concealed pair fits what the side did.
    """
    u = list(unseen)
    p = Fraction(p5)
    drew = third is not None
    n = sum(u)
    total_w = Fraction(0)
    stand_sum = Fraction(0)
    draw_sum = Fraction(0)
    for a in range(10):
        for b in range(10):
            ways = u[a] * (u[b] - (a == b))
            if ways <= 0:
                continue
            t = (a + b) % 10
            if drew:
                w = Fraction(0) if t > 5 else (p if t == 5 else Fraction(1))
            else:
                w = Fraction(0) if not 5 <= t <= 7 else (1 - p if t == 5 else Fraction(1))
            if not w:
                continue
            final = (t + third) % 10 if third is not None else t
            weight = ways * w
            total_w += weight
            stand_sum += weight * _sign(banker_total - final)
            left = n - 2
            if left > 0:
                gain = 0
                for c in range(10):
                    count = u[c] - (c == a) - (c == b)
                    if count > 0:
                        gain += count * _sign((banker_total + c) % 10 - final)
                draw_sum += weight * Fraction(gain, left)
    if not total_w:
        raise ValueError("no concealed pair among the unseen cards fits what the side did")
    s = Fraction(stake)
    return s * draw_sum / total_w, s * stand_sum / total_w
