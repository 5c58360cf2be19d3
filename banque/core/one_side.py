"""The banker's exact choice when one side is already settled by a natural (classic).

Under the classic profile a side's natural settles that side alone: its two
cards are shown, its stakes are paid at once, and only the other side and the
banker play on.  The banker's choice then concerns that one side: this
module gives the banker's expected gain, in chips, for drawing and for
standing, over the cards the banker has not seen (the shoe less every card
shown in this shoe, the banker's pair, the settled side's pair and any third
card), with the same model as :mod:`banque.games.banque.advisor`: the side's concealed pair
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
    # Whole numbers throughout (weights times p5's denominator; the banker's draw
    # counted over the ``left`` cards once), one fraction at the end: the same
    # exact values as summing fractions, about ten times faster.
    u = list(unseen)
    p = Fraction(p5)
    num, den = p.numerator, p.denominator
    # the pair's weight by its total: drew at 0-4, and at 5 with probability p;
    # stood at 6-7, and at 5 with probability 1 - p
    drew = [den] * 5 + [num] + [0] * 4
    stood = [0] * 5 + [den - num, den, den] + [0] * 2
    weight_of = drew if third is not None else stood
    n = sum(u)
    left = n - 2
    # base[f]: the banker's draw against a final f, over every unseen card
    base = [
        sum(u[c] * _sign((banker_total + c) % 10 - f) for c in range(10) if u[c]) for f in range(10)
    ]
    total_w = stand_sum = draw_sum = 0
    for a in range(10):
        if not u[a]:
            continue
        for b in range(10):
            ways = u[a] * (u[b] - (a == b))
            if ways <= 0:
                continue
            t = (a + b) % 10
            w = weight_of[t]
            if not w:
                continue
            final = (t + third) % 10 if third is not None else t
            weight = ways * w
            total_w += weight
            stand_sum += weight * _sign(banker_total - final)
            if left > 0:  # the two cards of the pair are not among the banker's draws
                gain = (
                    base[final]
                    - _sign((banker_total + a) % 10 - final)
                    - _sign((banker_total + b) % 10 - final)
                )
                draw_sum += weight * gain
    if not total_w:
        raise ValueError("no concealed pair among the unseen cards fits what the side did")
    s = Fraction(stake)
    draw = s * Fraction(draw_sum, left * total_w) if left > 0 else Fraction(0)
    return draw, s * Fraction(stand_sum, total_w)
